"""Reports hold only the sections that apply, with the link defanged (issue 15 item 7),
and every place that words the verdict uses the core's one wording."""

from __future__ import annotations

import html.parser
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.cli.helpers import cli
from tests.strategies import uri_references
from uriinspector.core.analysis import analyze
from uriinspector.core.defang import defang_all, defang_edits, defang_mentions, refang
from uriinspector.core.verdict import NOTHING_PROVES, VERDICT_WORDS, verdict_words
from uriinspector.report import (
    DEFAULT_BASE,
    SECTIONS,
    DocumentContext,
    prepare,
    render,
    sections,
)
from uriinspector.report.summary import summary

MISLEADING = "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm"
PLAIN = "https://example.com/"
WRAPPED = "https://www.example.org/out?next=https://evil.example/steal"
DOC = DocumentContext("mail.eml", "mail", 3, "www.bank.example", True)

#: A web or FTP link a reader (or an autolinker) would follow.
_LIVE = re.compile(r"(?i)(?<![a-z0-9+.-])(?:https?|ftps?|wss?)://")

HEADINGS = {
    "document": "Document",
    "findings": "Findings",
    "destinations": "Destinations",
    "components": "Components",
    "details": "Scheme details",
    "urn": "URN",
    "resolution": "Resolution",
    "ladder": "Normalization ladder",
}


def _md_headings(md: str) -> list[str]:
    return re.findall(r"^## (.*)$", md, re.M)


def _html_headings(doc: str) -> list[str]:
    return re.findall(r"<h2>(.*?)</h2>", doc)


# ---- each section, present and absent ---------------------------------------------------

CASES = [
    # (section, URI and prepare() keywords where it applies, where it does not)
    ("document", (PLAIN, {"document": DOC}), (PLAIN, {})),
    ("findings", (MISLEADING, {}), (PLAIN, {})),
    ("destinations", (WRAPPED, {}), (PLAIN, {})),
    ("details", ("mailto:a@b.example?subject=hi", {}), (PLAIN, {})),
    ("details", ("https://example.com/?a=b", {}), ("https://example.com/a/b", {})),
    ("urn", ("urn:isbn:0-395-36341-1", {}), ("isbn:0-395-36341-1", {})),
    ("resolution", ("../g", {"base": DEFAULT_BASE}), ("../g", {})),
    ("resolution", (PLAIN, {"reference": "../g"}), (PLAIN, {"reference": ""})),
    ("ladder", ("HTTP://Example.COM/%7euser", {}), ("http://example.com/~user", {})),
]


@pytest.mark.parametrize(("section", "present", "absent"), CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_a_section_is_there_only_when_it_applies(
    section: str, present: tuple[str, dict[str, object]], absent: tuple[str, dict[str, object]]
) -> None:
    for (uri, kw), expected in ((present, True), (absent, False)):
        a = analyze(uri)
        got = sections(prepare(a, **kw))  # type: ignore[arg-type]
        assert (section in got) is expected, (uri, kw, got)
        md = render(a, "md", **kw)  # type: ignore[arg-type]
        doc = render(a, "html", **kw)  # type: ignore[arg-type]
        heads = [HEADINGS[s] for s in got]
        assert _md_headings(md) == heads, uri
        assert _html_headings(doc) == heads, uri


def test_components_always_apply_and_the_order_is_fixed() -> None:
    assert sections(prepare(analyze(""))) == ("components",)
    got = sections(prepare(analyze(WRAPPED), "http://x/", document=DOC))
    assert got == tuple(s for s in SECTIONS if s in got)
    assert got == ("document", "findings", "destinations", "components", "details", "resolution")


def test_no_report_resolves_against_the_example_base_unasked() -> None:
    """The old reports carried a table against http://a/b/c/d;p?q for every link."""
    for uri in (MISLEADING, PLAIN, "../g", "urn:isbn:0-395-36341-1"):
        a = analyze(uri)
        for fmt in ("md", "html"):
            out = render(a, fmt)
            assert "http://a/b/c/d;p?q" not in out and "a/b/c/d;p?q" not in out
            assert "Resolution" not in out


def test_resolution_shows_the_reference_the_user_set() -> None:
    md = render(analyze(PLAIN), "md", "http://x/y/z", reference="../g?q")
    assert "The reference `../g?q` against the base `hxxp://x/y/z`" in md
    assert "| rfc3986 | `hxxp://x/g?q` |" in md  # RFC 3986 §5.2.2


def test_document_section_says_where_the_link_came_from() -> None:
    md = render(analyze(PLAIN), "md", document=DOC)
    assert "| Read from | `mail.eml` (mail) |" in md
    assert "| Shown as | `www[.]bank[.]example` |" in md  # a claimed address: not live
    assert "another domain" in md


# ---- defanged everywhere, no live href -----------------------------------------------


class _Tags(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.attrs: list[tuple[str, str, str | None]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.attrs += [(tag, k, v) for k, v in attrs]

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _tags(doc: str) -> _Tags:
    t = _Tags()
    t.feed(doc)
    t.close()
    return t


@pytest.mark.parametrize("uri", [MISLEADING, PLAIN, WRAPPED, "ftp://files.example.net/a.b",
                                 "HTTPS://Mixed.Example.COM/?u=http://two.example/"])
def test_the_link_is_defanged_everywhere_by_default(uri: str) -> None:
    a = analyze(uri)
    outputs = {
        "md": render(a, "md", "https://base.example/dir/"),
        "html": render(a, "html", "https://base.example/dir/"),
        "summary": summary(a, "2026-01-01T00:00:00Z"),
    }
    doc = _tags(outputs["html"])
    assert not [x for x in doc.attrs if x[1] in ("href", "src", "action")]
    outputs["html text"] = "".join(doc.text)
    host = a.effective_host or ""
    for name, out in outputs.items():
        assert not _LIVE.search(out), (name, _LIVE.search(out))
        if "." in host:
            # the real host never appears clickable: only with its dots bracketed
            assert re.search(rf"(?i)(?<![\w.-]){re.escape(host)}(?![\w-])", out) is None, name
            assert host.replace(".", "[.]") in out.lower(), name


def test_live_link_is_an_option_and_only_web_links_get_an_href() -> None:
    a = analyze(PLAIN)
    doc = render(a, "html", live_link=True)
    assert [x for x in _tags(doc).attrs if x[1] == "href"] == [("a", "href", PLAIN)]
    assert "`https://example.com/`" in render(a, "md", live_link=True)
    script = render(analyze("javascript:alert(1)"), "html", live_link=True)
    assert not [x for x in _tags(script).attrs if x[1] == "href"]


URLS = st.builds(
    lambda scheme, labels, path, nested: f"{scheme}://{'.'.join(labels)}{path}{nested}",
    st.sampled_from(["http", "https", "HTTP", "Https", "ftp", "wss"]),
    st.lists(st.text("abcxyz019-", min_size=1, max_size=6), min_size=2, max_size=4),
    st.sampled_from(["", "/", "/a.b", "/x?y=z"]),
    st.sampled_from(["", "?u=https://e.vil.example/p", "#http://f.example", "&r=ftp://g.h"]),
)


@given(URLS)
@settings(max_examples=60, deadline=None)
def test_defang_all_leaves_nothing_clickable_and_refangs_back(uri: str) -> None:
    """RFC 3986 §3: whatever the case of the scheme, no ``scheme://`` survives, and the
    edits are undone by refang (they only bracket dots and swap letters)."""
    out = defang_all(uri)
    assert not _LIVE.search(out), out
    if refang(uri) == (uri, False):
        assert refang(out)[0] == uri
    edits = defang_edits(uri)
    assert all(e - s <= 1 for s, e, _ in edits)  # one character each (painters split text)
    assert list(edits) == sorted(edits)


def test_defang_mentions_brackets_named_hosts_only_where_they_stand_alone() -> None:
    text = "It leads to evil.example. Also sub.evil.example, notevil.example and https://x.y/"
    assert defang_mentions(text, ("evil.example",)) == (
        "It leads to evil[.]example. Also sub.evil[.]example, notevil.example and "
        "hxxps://x[.]y/"
    )


# ---- one verdict wording ---------------------------------------------------------------

LEVELS = {
    "danger": MISLEADING,
    "caution": "http://192.168.0.1/",
    "nothing-notable": PLAIN,
}


@pytest.mark.parametrize("level", list(LEVELS))
def test_reports_summary_and_cli_say_the_verdict_in_the_core_words(level: str) -> None:
    a = analyze(LEVELS[level])
    assert a.verdict.level == level
    words = VERDICT_WORDS[level]
    assert verdict_words(level) == words
    assert f"**Verdict: {words}**" in render(a, "md")
    assert f"{words}</span><ul>" in render(a, "html")
    first = summary(a, "t").splitlines()[0]
    assert first.startswith(f"Verdict: {words}")
    if level == "nothing-notable":
        assert first == f"Verdict: {words}. {NOTHING_PROVES}"
    last = cli("analyze", LEVELS[level]).splitlines()[-1]
    assert last.startswith(f"verdict: {words}")


def test_the_verdict_never_says_safe() -> None:
    assert not any("safe" in w.lower() for w in VERDICT_WORDS.values())


# ---- the summary --------------------------------------------------------------------


def test_summary_is_a_ticket_in_plain_lines() -> None:
    a = analyze(WRAPPED)
    text = summary(a, "2026-11-25T13:40:00Z", version="9.9")
    lines = text.splitlines()
    assert lines[0] == "Verdict: Caution"
    assert lines[1] == "Link (defanged): hxxps://www[.]example[.]org/out?next=hxxps://evil[.]example/steal"
    assert lines[2] == "Goes to host: www[.]example[.]org"
    assert lines[3] == "Registrable domain: example[.]org"
    assert lines[4] == "Forwards to: evil[.]example (a redirect parameter)"
    assert lines[5] == f"Findings ({len(a.findings)}):"
    findings = [line for line in lines if line.startswith("- ")]
    assert len(findings) == len(a.findings)
    assert findings[0].startswith("- warning embedded-url [")
    assert "hxxps://evil[.]example/steal" in findings[0]
    assert lines[-2:] == ["Analysed at: 2026-11-25T13:40:00Z",
                          "Tool: URI Inspector 9.9 (offline: nothing was fetched or resolved)"]


def test_summary_keeps_hidden_characters_visible_and_one_fact_a_line() -> None:
    text = summary(analyze("https://ex\u202eample.com/a\nb\u200b"), "t")
    assert "\u202e" not in text and "\u200b" not in text and "⟨U+202E⟩" in text
    assert all(line.startswith(("Verdict", "Link", "Goes", "Registrable", "Forwards",
                                "Findings", "- ",
                                "Analysed", "Tool")) for line in text.splitlines())


@given(st.text(max_size=200))
@settings(max_examples=50, deadline=None)
def test_summary_never_raises(text: str) -> None:
    out = summary(analyze(text), "t")
    assert out.endswith("\n") and out.startswith("Verdict: ")


@given(uri_references(valid=False))
@settings(max_examples=60, deadline=None)
def test_no_report_of_any_link_holds_a_clickable_url(uri: str) -> None:
    """Whatever the link (RFC 3986 §4.1 references and what real links carry), neither
    report nor the summary writes a ``scheme://`` an autolinker would follow."""
    a = analyze(uri)
    for out in (render(a, "md"), render(a, "html"), summary(a, "t")):
        assert not _LIVE.search(out), (uri, _LIVE.search(out))


def test_a_wrapped_percent_encoded_link_is_bracketed_in_the_link_too() -> None:
    """A Safe Links wrapper's target (percent-encoded, RFC 3986 §2.1) names bit.ly:
    the report brackets it inside the link as well as in the messages."""
    uri = "https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fbit.ly%2Fabc&d=x"
    a = analyze(uri)
    text = summary(a, "t")
    assert "https%3A%2F%2Fbit[.]ly%2Fabc" in text and "bit.ly" not in text
    assert "bit.ly" not in render(a, "md") and "bit.ly" not in render(a, "html")
