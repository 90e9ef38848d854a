"""Defanged indicators in free text (issue 15 item 6): found, refanged, exact spans.

``extract(text, defanged=True)`` finds ``hxxps://evil[.]example/payload``, bare
``evil[.]example`` and the other spellings ``core.defang.refang`` restores, each with
its exact code-point span in the text and its refanged target; the batch ``extract``
op (shared/contract/batch-protocol.md: ``{uri, start, end}`` of App. E references) is
unchanged.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.strategies import anything, hostname_labels
from uriinspector.batch.protocol import handle_request
from uriinspector.core.defang import defang, defanged_reading
from uriinspector.core.extract import extract

# (text, written, refanged) — the notations analysts use (core.defang's table).
FORMS = [
    ("get hxxps://evil[.]example/payload now", "hxxps://evil[.]example/payload",
     "https://evil.example/payload"),
    ("hxxp://a(.)b/c", "hxxp://a(.)b/c", "http://a.b/c"),
    ("HXXPS://A{.}B/", "HXXPS://A{.}B/", "HTTPS://A.B/"),
    ("fxp://files[dot]example/x.", "fxp://files[dot]example/x", "ftp://files.example/x"),
    ("http[:]//x[.]y", "http[:]//x[.]y", "http://x.y"),
    ("hxxps[://]evil[.]example/p", "hxxps[://]evil[.]example/p", "https://evil.example/p"),
    ("(see https://evil{.}example/p)", "https://evil{.}example/p", "https://evil.example/p"),
    ("domain evil[.]example, blocked", "evil[.]example", "evil.example"),
    ("ip 10[.]0[.]0[.]1!", "10[.]0[.]0[.]1", "10.0.0.1"),
    ("mail bob@corp[.]example.", "corp[.]example", "corp.example"),
    ("path evil(dot)example/x/y?", "evil(dot)example/x/y", "evil.example/x/y"),
]


@pytest.mark.parametrize(("text", "written", "refanged"), FORMS, ids=[f[1] for f in FORMS])
def test_defanged_forms_are_found(text: str, written: str, refanged: str) -> None:
    found = [e for e in extract(text, defanged=True) if e.defanged]
    assert len(found) == 1
    e = found[0]
    assert (e.uri, e.raw, e.refanged) == (written, written, refanged)
    assert text[e.span.start : e.span.end] == written
    assert e.target in (refanged, "http://" + refanged)


def test_plain_text_is_unchanged_without_the_flag() -> None:
    text = "hxxps://evil[.]example/payload and evil[.]example and https://ok.example/"
    assert [e.uri for e in extract(text)] == ["https://ok.example/"]
    both = extract(text, defanged=True)
    assert [e.uri for e in both] == ["hxxps://evil[.]example/payload", "evil[.]example",
                                     "https://ok.example/"]


def test_version_numbers_and_plain_domains_are_not_indicators() -> None:
    text = "e.g. v1.2.3 or example.com or a.b/x[.]y or [.] alone"
    assert [e for e in extract(text, defanged=True) if e.defanged] == []


def test_batch_extract_keeps_the_contract() -> None:
    # batch-protocol.md §extract: {uri, start, end} only; defanged forms are not App. E
    # references and the contract has no field for a refanged form.
    answer = handle_request({"op": "extract", "text": "hxxps://evil[.]example/x https://a.b/"})
    assert answer == {"op": "extract", "uris": [{"uri": "https://a.b/", "start": 25, "end": 37}]}


@st.composite
def web_links(draw: st.DrawFn) -> str:
    scheme = draw(st.sampled_from(["http", "https", "ftp", "HTTPS", "Http"]))
    host = ".".join(draw(st.lists(hostname_labels(), min_size=2, max_size=4)))
    path = "".join("/" + s for s in draw(st.lists(
        st.text(alphabet="abcxyz019-_~", min_size=1, max_size=6), max_size=3)))
    return f"{scheme}://{host}{path}"


@settings(max_examples=300, deadline=None)
@given(web_links(), st.sampled_from(["", "see ", "IOC: ", "x\n", "(", "\u00e9 "]),
       st.sampled_from(["", " ", ".", ", and more", ")", "\n"]))
def test_refang_of_defang_is_found(link: str, before: str, after: str) -> None:
    # refang(defang(x)) finds x: the defanged link in running text is found where it
    # was written (exact code-point span) and refangs to the original link.
    written = defang(link)
    text = before + written + after
    found = [e for e in extract(text, defanged=True) if e.defanged]
    assert len(found) == 1, (text, found)
    e = found[0]
    assert (e.span.start, e.span.end) == (len(before), len(before) + len(written))
    assert e.refanged == link
    reading = defanged_reading(written)
    assert reading is not None and reading.refanged == link


@settings(max_examples=300, deadline=None)
@given(anything())
def test_spans_are_exact_and_ordered(text: str) -> None:
    # Offsets are code points into the text (docs/architecture.md); never raises.
    found = extract(text, defanged=True)
    end = 0
    for e in found:
        assert text[e.span.start : e.span.end] == e.raw
        assert e.span.start >= end
        end = e.span.end
    reading = defanged_reading(text)
    assert reading is None or reading.written == text


@pytest.mark.parametrize(("text", "refanged"), [
    ("hxxps://evil[.]example/payload", "https://evil.example/payload"),
    ("evil[.]example", "evil.example"),
    ("hXXp[:]//x(.)y", "http://x.y"),
])
def test_a_defanged_link_is_read_as_one(text: str, refanged: str) -> None:
    reading = defanged_reading(text)
    assert reading is not None and reading.refanged == refanged
    assert all(text[m.span.start : m.span.end] == m.written for m in reading.marks)


@pytest.mark.parametrize("text", ["https://example.com/list[.]txt", "http://a/b",
                                  "https://ok.example/?q=(.)", ""])
def test_brackets_outside_the_host_are_not_defanging(text: str) -> None:
    assert defanged_reading(text) is None


def test_a_long_text_is_not_read_as_a_defanged_link() -> None:
    # The window asks on every edit: a pasted megabyte is not scanned (READ_LIMIT).
    from uriinspector.core.defang import READ_LIMIT

    assert defanged_reading("hxxps://a[.]b/" + "x" * (READ_LIMIT - 14)) is not None
    assert defanged_reading("hxxps://a[.]b/" + "x" * (READ_LIMIT - 13)) is None


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["mailto:", "news:", "https://", "ftp://", "//"]),
       st.lists(hostname_labels(), min_size=2, max_size=3).map(".".join),
       st.sampled_from(["", "/p", "/a.b?q=1"]))
def test_whatever_defang_writes_reads_as_defanged(prefix: str, host: str, tail: str) -> None:
    # defanged_reading mirrors defang(): the notation defang() writes is always where
    # defanged_reading looks (scheme, authority, or the path of an authority-less link).
    link = prefix + ("bob@" if prefix in ("mailto:", "news:") else "") + host + tail
    reading = defanged_reading(defang(link))
    assert reading is not None and reading.refanged == link
