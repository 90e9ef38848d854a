"""The sample gallery: every quotation is in its spec, every entry teaches what it says.

The gallery (``resources/samples/gallery.json``) cites the specs under shared/specs;
these tests read the spec files themselves (found by tests/specs.py, skipped without
them), so a typo in a quoted URI or a resolution example fails here rather than
teaching the wrong thing. The gallery itself never reads a spec file.
"""

from __future__ import annotations

import base64
import re
import struct
import zlib
from functools import cache
from importlib.resources import files

import pytest

from tests.specs import read_spec
from uriinspector.core.analysis import analyze
from uriinspector.core.resolve import resolve
from uriinspector.samples import GalleryError, Sample, gallery, parse_gallery

ALL: tuple[Sample, ...] = tuple(s for g in gallery() for s in g.samples)
URIS = tuple(s for s in ALL if not s.is_resolution)
RESOLUTIONS = tuple(s for s in ALL if s.is_resolution)


def _id(s: Sample) -> str:
    return f"{s.source}:{s.title}"


@cache
def _spec_text(name: str) -> str:
    """The spec file with every run of whitespace made one space (the drafts are re-wrapped)."""
    return re.sub(r"\s+", " ", read_spec(name))


def test_the_gallery_has_what_issue_6_lists() -> None:
    titles = [g.title for g in gallery()]
    assert any("RFC 3986 §1.1.2" in t for t in titles)
    assert any("2003 draft §1.3" in t for t in titles)
    assert any("1997 draft §1.3" in t for t in titles)
    schemes = {s.uri.split(":", 1)[0] for s in URIS if s.source == "RFC 3986 §1.1.2" and s.uri}
    assert schemes == {"ftp", "http", "ldap", "mailto", "news", "tel", "telnet", "urn"}
    uris = [s.uri or "" for s in URIS]
    assert "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm" in uris
    assert any("\u202e" in u for u in uris), "a bidi trick"
    assert any(u.startswith("data:image/png;base64,") for u in uris)
    assert any(u.startswith("urn:") and "?" in u for u in uris), "a URN with directives"
    # Both Appendix C tables: as many C.1 rows as the spec's "ref = target" pairs.
    for rules, name in (
        ("draft-2003", "draft-fielding-uri-rfc2396bis-01-2003.txt"),
        ("draft-1997", "draft-fielding-url-syntax-05-1997.txt"),
    ):
        text = _spec_text(name)
        c1 = text[text.index("Normal Examples g:h") : text.index("Abnormal Examples Although")]
        rows = [s for s in RESOLUTIONS if s.rules == rules]
        assert sum("C.1" in s.source for s in rows) == c1.count(" = ") == 22
        assert sum("C.2" in s.source for s in rows) >= 18


@pytest.mark.parametrize("sample", [s for s in ALL if s.spec_file], ids=_id)
def test_every_quotation_occurs_in_its_spec_file(sample: Sample) -> None:
    assert sample.spec_file and sample.quote
    text = _spec_text(sample.spec_file)
    assert re.sub(r"\s+", " ", sample.quote) in text, f"not in {sample.spec_file}"
    if sample.uri is not None and sample.source.startswith(("draft-2003 §1.3", "draft-1997 §1.3")):
        assert sample.quote == sample.uri  # a §1.3 example quotes the URI itself


def test_spec_examples_quote_the_uri_itself() -> None:
    """An entry whose URI appears in its spec file quotes exactly that URI."""
    for s in URIS:
        if s.spec_file and s.uri and s.uri in _spec_text(s.spec_file):
            assert s.quote == s.uri, _id(s)


@pytest.mark.parametrize("sample", URIS, ids=_id)
def test_every_uri_analyses_and_teaches_its_finding(sample: Sample) -> None:
    assert sample.uri is not None
    a = analyze(sample.uri, sample.edition or "rfc3986")
    codes = {f.code for f in a.findings}
    assert set(sample.findings) <= codes, f"{sample.title}: got {sorted(codes)}"
    if sample.verdict is not None:
        assert a.verdict.level == sample.verdict
    assert sample.note and sample.source


def test_the_75_link_is_a_misleading_userinfo_danger() -> None:
    """draft-2003 §7.5: the authority is 10.0.0.1, not www.example.com."""
    (s,) = [s for s in URIS if s.source == "draft-2003 §7.5"]
    a = analyze(s.uri or "")
    assert a.verdict.level == "danger"
    assert "misleading-userinfo" in {f.code for f in a.findings}
    assert a.effective_host == "10.0.0.1"


@pytest.mark.parametrize("sample", RESOLUTIONS, ids=lambda s: f"{s.rules}:{s.reference!r}")
def test_every_resolution_example_gives_its_target(sample: Sample) -> None:
    assert sample.base is not None and sample.reference is not None and sample.rules
    r = resolve(sample.base, sample.reference, sample.rules)
    assert r.error is None
    assert r.target == sample.target


def test_the_data_image_is_a_real_png() -> None:
    (s,) = [s for s in URIS if (s.uri or "").startswith("data:image/png;base64,")]
    raw = base64.b64decode((s.uri or "").split(",", 1)[1], validate=True)
    assert raw[:8] == b"\x89PNG\r\n\x1a\n"
    pos, kinds = 8, []
    while pos < len(raw):
        (length,) = struct.unpack(">I", raw[pos : pos + 4])
        kind, data = raw[pos + 4 : pos + 8], raw[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", raw[pos + 8 + length : pos + 12 + length])
        assert zlib.crc32(kind + data) == crc, kind
        kinds.append(kind)
        pos += 12 + length
    assert kinds[0] == b"IHDR" and kinds[-1] == b"IEND" and b"IDAT" in kinds
    width, height = struct.unpack(">II", raw[16:24])
    assert (width, height) == (8, 8)


def test_the_urn_entry_carries_query_directives() -> None:
    """URN draft §2.3: ``s`` selects the service, ``c`` the component."""
    (s,) = [s for s in URIS if (s.uri or "").startswith("urn:isbn:")]
    a = analyze(s.uri or "")
    assert a.urn is not None and a.urn.query_directives is not None
    assert [(d.keyword, d.value) for d in a.urn.query_directives] == [("s", "I2L"), ("c", "ToC")]


def test_the_gallery_ships_in_the_package_data() -> None:
    """pyproject's package-data for uriinspector.resources covers samples/*."""
    import tomllib
    from pathlib import Path

    pyproject = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())
    patterns = pyproject["tool"]["setuptools"]["package-data"]["uriinspector.resources"]
    assert "samples/*" in patterns or "samples/*.json" in patterns
    assert files("uriinspector.resources").joinpath("samples", "gallery.json").is_file()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not JSON"),
        ('{"groups": 3}', "groups"),
        ('{"groups": [{"title": "g", "entries": []}]}', "non-empty"),
        ('{"groups": [{"title": "g", "entries": [{"title": "t", "note": "n", "source": "s"}]}]}',
         "either 'uri'"),
        ('{"groups": [{"title": "g", "entries": [{"title": "t", "note": "n", "source": "s",'
         ' "uri": "x:", "spec_file": "f"}]}]}', "go together"),
        ('{"groups": [{"title": "g", "entries": [{"title": "t", "note": 1, "source": "s",'
         ' "uri": "x:"}]}]}', "'note' is not a string"),
    ],
)
def test_a_malformed_gallery_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(GalleryError, match=message):
        parse_gallery(text)
