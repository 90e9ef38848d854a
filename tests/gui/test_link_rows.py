"""The document view's rows (``gui/panes/link_rows.py``), built without Qt from real
documents (an HTML page, a mail, a zip of pages, free text with defanged indicators):
cells, the verdict word and icon key, colour keys, tooltips, the parts tree, the mail
strip, the problems line and the status line."""

from __future__ import annotations

import io
import zipfile

from tests.qt_free import HOSTILE, run_without_pyside6
from uriinspector.core.verdict import verdict_word
from uriinspector.gui.panes.link_rows import (
    BROWSER_WORDS,
    CELL_LIMIT,
    COL_LINK,
    COL_NOTE,
    COL_SHOWN,
    COL_VERDICT,
    COL_WHERE,
    DEFANGED_WORDS,
    MISMATCH_WORDS,
    PENDING_WORD,
    Judged,
    busy_text,
    cell_text,
    foreground_key,
    icon_key,
    link_cells,
    mail_text,
    part_nodes,
    problems_text,
    summary_text,
    tooltip_text,
)
from uriinspector.sources import Document, Link, Problem, extract_text, link_verdict, read_bytes
from uriinspector.sources.reader_process import summarize

BASE = "https://docs.example.org/guide/page.html"
PAGE = f"""<base href="https://docs.example.org/guide/">
<a href="http://www.example.com&amp;story=x@10.0.0.1/">www.example.com</a>
<a href="{HOSTILE['lookalike']}">apple.com</a>
<a href="{HOSTILE['emoji']}">&lt;b&gt;x&lt;/b&gt;</a>
<a href="https:setup">setup</a>
<a href="">empty</a>
<img src="<b>x</b>.png">"""

MAIL = b"""From: "PayPal <b>x</b>" <service@xn--pple-43d.com>
Reply-To: other@evil.example
Return-Path: <bounce@evil.example>
Authentication-Results: mx.example.org; spf=fail smtp.mailfrom=evil.example; dkim=none; dmarc=fail
Subject: hi
Content-Type: text/html; charset=utf-8

<a href="http://www.example.com&amp;story=x@10.0.0.1/">www.paypal.com</a>
"""


def _page() -> Document:
    return read_bytes(PAGE.encode(), "page.html", base=BASE)


def _link(doc: Document, raw: str) -> Link:
    return next(link for link in doc.links if link.raw == raw)


def test_a_mismatch_row_is_danger_throughout_and_says_so_in_words() -> None:
    link = _link(_page(), "http://www.example.com&story=x@10.0.0.1/")
    assert link.mismatch
    cells = link_cells(link, None)
    assert cells[COL_VERDICT] == PENDING_WORD and icon_key(link, None) == "danger"
    assert cells[COL_SHOWN] == "www.example.com" and cells[COL_WHERE] == "href"
    assert cells[COL_NOTE] == (f"{MISMATCH_WORDS} example.com, goes to "
                               "http://www.example.com&story=x@10.0.0.1/")
    assert {foreground_key(link, None, c) for c in range(5)} == {"danger"}
    level = link_verdict(link).level
    assert level == "danger" and cell_text(link, level, COL_VERDICT) == verdict_word(level)
    tip = tooltip_text(link, level)
    assert tip.startswith("<p style='white-space:pre-wrap'>Danger: ")
    assert "www.example.com&amp;story=x@10.0.0.1/" in tip
    assert tip.endswith("double-click a page&#x27;s link for its resolution.</p>")
    assert "<p" not in tooltip_text(link, None)[3:]  # one paragraph, the rest escaped


def test_a_look_alike_and_an_emoji_host_show_as_written() -> None:
    doc = _page()
    lookalike = _link(doc, HOSTILE["lookalike"])
    assert lookalike.mismatch and lookalike.target_domain == "xn--pple-43d.com"
    assert cell_text(lookalike, None, COL_LINK) == HOSTILE["lookalike"]
    assert cell_text(lookalike, None, COL_NOTE).endswith("goes to xn--pple-43d.com")
    emoji = _link(doc, HOSTILE["emoji"])
    assert cell_text(emoji, "danger", COL_LINK) == "http://\U0001f600example.com/"
    assert cell_text(emoji, "danger", COL_SHOWN) == "<b>x</b>"  # plain text in the cell
    assert "shown as: &lt;b&gt;x&lt;/b&gt;" in tooltip_text(emoji, "danger")
    assert icon_key(emoji, "danger") == "danger"
    assert foreground_key(emoji, "danger", COL_VERDICT) == "danger"
    assert foreground_key(emoji, "danger", COL_LINK) is None


def test_a_browser_difference_is_a_warning_on_the_link_and_the_note() -> None:
    link = _link(_page(), "https:setup")
    assert link.browser_uri == "https://docs.example.org/guide/setup"
    assert cell_text(link, None, COL_NOTE) == f"{BROWSER_WORDS} {link.browser_uri}"
    assert [foreground_key(link, None, c) for c in range(5)] == [
        None, "warning", None, None, "warning"]
    assert foreground_key(link, "caution", COL_VERDICT) == "warning"
    assert icon_key(link, "caution") == "warning" and icon_key(link, None) is None
    assert icon_key(link, "nothing-notable") == "info"


def test_empty_and_html_looking_references() -> None:
    doc = _page()
    empty = _link(doc, "")
    assert link_cells(empty, "nothing-notable") == (
        verdict_word("nothing-notable"), "https://docs.example.org/guide/", "empty", "href", "")
    assert "written in the page as: \n" in tooltip_text(empty, None).replace("</p>", "\n")
    img = _link(doc, "<b>x</b>.png")
    assert cell_text(img, None, COL_LINK) == "https://docs.example.org/guide/<b>x</b>.png"
    assert cell_text(img, None, COL_SHOWN) == "" and cell_text(img, None, COL_WHERE) == "src"
    base = next(link for link in doc.links if link.kind == "base")
    assert cell_text(base, None, COL_NOTE) == "the page's <base href>"


def test_free_text_defanged_guessed_and_surrogate_links() -> None:
    doc = extract_text("hxxps://evil[.]example/x www.w3.org/Addressing/ "
                       + HOSTILE["surrogate"], defanged=True)
    defanged, guessed, surrogate = doc.links
    assert cell_text(defanged, None, COL_NOTE) == f"{DEFANGED_WORDS} https://evil.example/x"
    assert cell_text(guessed, None, COL_NOTE) == "probably http://www.w3.org/Addressing/ (guess)"
    assert cell_text(surrogate, None, COL_LINK) == "http://exa⟨U+D800⟩mple.com/"
    assert "\ud800" not in tooltip_text(surrogate, "caution")
    long = Link("http://e.com/" + "a" * 5000, "x", "x", "text")
    assert len(cell_text(long, None, COL_LINK)) == CELL_LIMIT + 1


def test_the_mail_strip_and_the_status_line_of_a_mail() -> None:
    doc = read_bytes(MAIL, "m.eml")
    lines = mail_text(doc).split("\n")
    assert lines[:4] == ["From: PayPal <b>x</b> — service@xn--pple-43d.com",
                         "Reply-To: other@evil.example", "Return-Path: bounce@evil.example",
                         "The receiving server wrote: spf=fail dkim=none dmarc=fail"]
    assert lines[4].startswith("⚠ Replies go to evil.example")
    assert mail_text(_page()) == ""
    summary = summarize(doc, None)
    assert summary_text("m\u202e.eml", doc, summary, Judged(0, 0, 1), None) == (
        "m⟨U+202E⟩.eml (mail): 1 link in 1 part · 1 shown as another site (mismatch) · 0 danger"
        " · judging 0/1…")
    assert summary_text("m.eml", doc, summary, Judged(1, 1, 1), None).endswith(" · 1 danger")


def test_the_status_line_of_a_page_and_of_an_image_that_is_not_one() -> None:
    doc = _page()
    counts = summarize(doc, BASE)
    assert counts.base == "https://docs.example.org/guide/"  # the <base href> wins
    text = summary_text("page.html", doc, counts, Judged(6, 3, 7), counts.base)
    assert text.startswith("page.html (page): 6 links · 2 shown as another site (mismatch)"
                           " · 1 resolved differently by browsers · 3 danger · judging 6/7…")
    assert text.endswith(" · base https://docs.example.org/guide/")
    image = read_bytes(b"\x89PNG\r\n\x1a\nnot really", "x.png")
    assert summary_text("x.png", image, summarize(image, None), Judged(0, 0, 0), None) == (
        "x.png: " + image.problems[0].message)
    assert busy_text("<b>x</b>\u200b.eml") == "Reading <b>x</b>⟨U+200B⟩.eml…"


def test_the_problems_line_lists_four_then_counts_the_rest() -> None:
    problems = tuple(Problem("bad-base64", f"part {i} <b>x</b>", f"{i} text/plain")
                     for i in range(6))
    text, tip = problems_text(Document("eml", (), problems))
    assert text.split("\n") == [
        *(f"⚠ part {i} <b>x</b> (part {i} text/plain)" for i in range(4)),
        "… and 2 more problems"]
    assert "part 5 &lt;b&gt;x&lt;/b&gt;" in tip
    assert problems_text(Document("eml", ())) == ("", "")


def _bundle() -> bytes:
    inner = io.BytesIO()
    with zipfile.ZipFile(inner, "w") as z:
        z.writestr("deep.html", '<a href="http://deep.example/">d</a>')
    outer = io.BytesIO()
    with zipfile.ZipFile(outer, "w") as z:
        z.writestr("page.html", '<a href="http://one.example/">1</a>'
                                '<a href="http://two.example/">2</a>')
        z.writestr("inner.zip", inner.getvalue())
    return outer.getvalue()


def test_the_parts_tree_of_a_zip_of_pages_parents_first() -> None:
    doc = read_bytes(_bundle(), "bundle.zip")
    nodes = part_nodes(doc.links)
    assert [(n.key, n.links, n.first) for n in nodes] == [
        (("bundle.zip",), 3, 0),
        (("bundle.zip", "page.html"), 2, 0),
        (("bundle.zip", "inner.zip"), 1, 2),
        (("bundle.zip", "inner.zip", "deep.html"), 1, 2),
    ]
    assert nodes[3].label == "deep.html" and nodes[3].parent == ("bundle.zip", "inner.zip")
    assert "bundle.zip › inner.zip › deep.html" in nodes[3].tooltip
    assert part_nodes(_page().links) == ()  # one document: no tree


def test_rows_are_built_with_pyside6_unimportable() -> None:
    out = run_without_pyside6(
        "from uriinspector.gui.panes.link_rows import link_cells, tooltip_text\n"
        "from uriinspector.sources import read_bytes\n"
        f"doc = read_bytes({PAGE.encode()!r}, 'page.html', base={BASE!r})\n"
        "link = doc.links[1]\n"
        "print(link_cells(link, 'danger')[0], tooltip_text(link, 'danger')[:40])\n")
    assert out.strip() == "Danger <p style='white-space:pre-wrap'>Danger:"
