"""Reports (JSON, Markdown, self-contained HTML) of one analysis; no Qt involved."""

from __future__ import annotations

import html.parser
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from uriinspector import palette_data as pd
from uriinspector.batch import protocol
from uriinspector.core.analysis import analyze
from uriinspector.core.defang import defang_all
from uriinspector.report import (
    DEFAULT_BASE,
    batch_filename,
    prepare,
    render,
    to_json_text,
    write_batch,
)
from uriinspector.report._common import Defanger
from uriinspector.report.html import colours, painted_uri

# draft-2003 §7.5's misleading link.
MISLEADING = "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm"
HOSTILE = 'http://a"b<script>alert(1)</script>@evil.example/x?y="z"&w=<img src=x>#f'
BIDI = "https://example.com/invoice\u202efdp.exe?id=7\u200b"
DEFANGED_MISLEADING = "hxxp://www[.]example[.]com&story=breaking_news@10[.]0[.]0[.]1/top_story.htm"


def test_json_is_the_contract_analyze_answer() -> None:
    for uri in (MISLEADING, HOSTILE, "urn:isbn:0-395-36341-1", ""):
        answer = protocol.handle_request({"op": "analyze", "input": uri})
        assert json.loads(render(analyze(uri), "json")) == answer


def test_json_with_lone_surrogate_is_valid_utf8_json() -> None:
    text = to_json_text(analyze("http://a/\ud800"))
    text.encode("utf-8")  # would raise on a raw lone surrogate
    assert json.loads(text)["input"] == "http://a/\ud800"


def test_unknown_format_raises() -> None:
    with pytest.raises(ValueError, match="unknown report format"):
        render(analyze("http://a/"), "pdf")


# ---- Markdown ------------------------------------------------------------------------


def test_markdown_sections_and_values() -> None:
    md = render(analyze(MISLEADING), "md")
    # the link defanged (issue 15 item 7): the scheme and every dot of the authority
    assert md.startswith("# URI Inspector report\n\n`" + DEFANGED_MISLEADING + "`\n")
    assert "**Verdict: Danger**" in md
    assert "| Effective host | `10[.]0[.]0[.]1` |" in md
    assert "| Registrable domain | none |" in md
    assert "| danger | `misleading-userinfo` | 7–42 |" in md
    assert "**`www[.]example[.]com&story=breaking_news`**" in md
    assert "| userinfo | `www[.]example[.]com&story=breaking_news` | 7–42 |" in md
    assert "| port | undefined | |" in md
    assert "## Findings" in md and "## Components" in md
    # nobody resolved anything and normalization changes nothing: no such sections
    assert "## Resolution" not in md and "http://a/b/c/d;p?q" not in md
    assert "## Normalization ladder" not in md


def test_markdown_resolution_of_a_relative_reference() -> None:
    md = render(analyze("../g"), "md", DEFAULT_BASE)
    assert "| rfc3986 | `hxxp://a/b/g` |" in md  # RFC 3986 §5.4.1 / draft-2003 App. C
    for rules in protocol.RULE_SETS:
        assert f"\n| {rules} | " in md


def test_markdown_escapes_pipes_and_backticks_and_hides_nothing() -> None:
    md = render(analyze("http://a/`x|y`" + "\u202e"), "md")
    assert "\u202e" not in md and "⟨U+202E⟩" in md
    # a table cell: pipes escaped, fence longer than the backtick run inside
    row = next(line for line in md.splitlines() if line.startswith("| path |"))
    assert "`` /`x\\|y`" in row
    assert row.count("|") - row.count("\\|") == 4  # exactly three cells


def test_markdown_prose_cannot_inject_html() -> None:
    md = render(analyze(HOSTILE), "md")
    outside_code = re.sub(r"(`+).*?\1", "", md)
    assert "<script>" not in outside_code and "<img" not in outside_code


# ---- HTML ------------------------------------------------------------------------------


class _Collector(html.parser.HTMLParser):
    """Every tag and attribute of a document, and its text."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _parse(doc: str) -> _Collector:
    c = _Collector()
    c.feed(doc)
    c.close()
    return c


def test_html_escapes_every_input_string() -> None:
    doc = render(analyze(HOSTILE), "html")
    parsed = _parse(doc)
    tags = {t for t, _ in parsed.tags}
    assert "script" not in tags and "img" not in tags
    assert "<script>" not in doc and "<img" not in doc
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in doc
    assert "&quot;z&quot;" in doc
    # the text a reader sees still holds the whole URI (defanged), unescaped by the parser
    assert defang_all(HOSTILE) in "".join(parsed.text).replace("\n", "")


def test_html_is_self_contained() -> None:
    doc = render(analyze(MISLEADING), "html")
    parsed = _parse(doc)
    for tag, attrs in parsed.tags:
        assert tag not in ("script", "link", "img", "iframe", "object", "embed"), tag
        for name, value in attrs.items():
            assert not name.startswith("on"), name
            assert name not in ("src", "href"), (tag, name, value)
    assert "url(" not in doc and "@import" not in doc
    assert "default-src 'none'" in doc  # CSP: nothing may load or run


def test_html_shows_hidden_characters_as_chips_in_order() -> None:
    doc = render(analyze(BIDI), "html")
    assert "\u202e" not in doc and "\u200b" not in doc
    assert 'title="RIGHT-TO-LEFT OVERRIDE">⟨U+202E⟩</span>' in doc
    assert "⟨U+200B⟩" in doc
    assert "unicode-bidi:bidi-override" in doc and "unicode-bidi:isolate" in doc
    # the chip sits where the character is: between "invoice" and "fdp"
    uri_div = re.search(r'<div class="uri u" dir="ltr">(.*?)</div>', doc)
    assert uri_div is not None
    shown = re.sub(r"<[^>]+>", "", uri_div.group(1))
    assert shown == "hxxps://example[.]com/invoice⟨U+202E⟩fdp.exe?id=7⟨U+200B⟩"


def test_html_paints_components_like_the_window() -> None:
    a = analyze(MISLEADING)
    painted = painted_uri(a, d=Defanger.of(a, live=True))
    assert '<span class="c-scheme">http</span><span class="delim">:</span>' in painted
    userinfo = "www.example.com&amp;story=breaking_news"
    assert f'<span class="c-userinfo danger">{userinfo}</span>' in painted
    assert '<span class="c-host finding">10.0.0.1</span>' in painted
    # defanged by default, each piece where it was
    painted = painted_uri(a)
    assert '<span class="c-scheme">hxxp</span><span class="delim">:</span>' in painted
    assert '<span class="c-host finding">10[.]0[.]0[.]1</span>' in painted
    doc = render(a, "html")
    c = colours()
    # the window's readable hues on a white base (the palette's WCAG walk)
    assert c["c-host"] == "#c15500" and c["c-scheme"] == "#0072b2"
    assert f".c-host{{color:{c['c-host']};font-weight:bold;" in doc
    assert f".danger{{background:{c['danger-bg']};color:{c['danger']};" in doc
    for name, style in pd.COMPONENT_STYLES.items():
        assert pd.contrast_hex(c[f"c-{name}"], pd.LIGHT_BASE) >= 4.5, (name, style)


def test_html_sections() -> None:
    doc = render(analyze(MISLEADING), "html")
    assert re.findall(r"<h2>(.*?)</h2>", doc) == ["Findings", "Components"]
    assert '<mark class="m-danger">www[.]example[.]com&amp;story=breaking_news</mark>' in doc
    doc = render(analyze(MISLEADING), "html", DEFAULT_BASE)
    assert re.findall(r"<h2>(.*?)</h2>", doc) == ["Findings", "Components", "Resolution"]
    for rules in protocol.RULE_SETS:
        assert f"<tr><td>{rules}</td>" in doc


def test_prepare_uses_the_given_base() -> None:
    r = prepare(analyze("g?y"), "http://a/b/c/d;p?q")
    assert r.resolution is not None and r.resolution.reference == "g?y"
    targets = {res.rules: res.target for res in r.resolution.resolutions}
    assert targets["rfc3986"] == "http://a/b/c/g?y"  # RFC 3986 §5.4.1
    assert len(r.resolution.resolutions) == len(protocol.RULE_SETS)
    assert prepare(analyze("g?y")).resolution is None


@pytest.mark.parametrize(
    "text",
    ["", "\x00\ud800\udfff", "%", "http://[", "a" * 1_000_000, "http://x/" + "\u202e" * 50_000],
    ids=["empty", "nul-surrogates", "percent", "bracket", "1MB", "many-chips"],
)
def test_never_raises_and_stays_bounded(text: str) -> None:
    a = analyze(text)
    for fmt in ("html", "md", "json"):
        out = render(a, fmt)
        out.encode("utf-8", "backslashreplace")
        if fmt != "json":
            assert "\u202e" not in out
    # the painted URI is capped (URI_LIMIT), the tables cut at CELL_LIMIT
    assert len(render(analyze("a" * 1_000_000), "html")) < 400_000


def test_batch_filenames_are_safe(tmp_path: Path) -> None:
    assert batch_filename(3, analyze(MISLEADING), "html") == "003-10.0.0.1.html"
    name = batch_filename(1, analyze("http://../../etc/passwd/"), "md")
    assert "/" not in name and not name.startswith(".")
    written = write_batch([MISLEADING, "mailto:a@b.example", HOSTILE], tmp_path / "out", "json")
    assert [p.name for p in written] == [
        "001-10.0.0.1.json", "002-mailto.json", "003-http.json"  # browsers reject HOSTILE
    ]
    assert all(p.parent == tmp_path / "out" for p in written)
    assert json.loads(written[2].read_text("utf-8"))["input"] == HOSTILE


def test_report_package_never_imports_qt() -> None:
    code = (
        "import sys\n"
        "import uriinspector.report, uriinspector.report.html, uriinspector.report.markdown\n"
        "from uriinspector.core.analysis import analyze\n"
        "uriinspector.report.render(analyze('http://a/'), 'html')\n"
        "sys.exit(1 if any(m.startswith('PySide6') for m in sys.modules) else 0)\n"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_reports_count_every_edit_of_a_capped_rung() -> None:
    """RFC 3986 §6.2.2.2: past the core's cap the reports still say how many edits there were."""
    from uriinspector.core.normalize import MAX_EDITS

    n = MAX_EDITS + 7
    a = analyze("http://h/" + "%7e" * n)
    assert a.ladder.rung("percent-encoding").edit_count == n
    assert f"and {n - 5} more edits" in render(a, "md")
    assert f"and {n - 5} more edits" in render(a, "html")
