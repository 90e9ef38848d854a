"""PDF attachments (issue 24 item 2): quishing, lying link text, scripts, hostile files."""

from __future__ import annotations

import pytest

from tests.sources.pdfs import (
    encrypted,
    launch_annotation,
    page_pdf,
    page_tree_loop,
    vector_qr_pdf,
    with_attachment,
    with_javascript,
)
from uriinspector.sources.model import HOW, Document
from uriinspector.sources.pdf import MAX_PAGES, looks_like_pdf, read_pdf

LOGIN = "https://login.microsoftonline.com.evil.example/common/oauth2"


def _by_how(doc: Document) -> dict[str, list[tuple[str, str | None]]]:
    out: dict[str, list[tuple[str, str | None]]] = {}
    for link in doc.links:
        out.setdefault(HOW[link.kind], []).append((link.uri, link.part))
    return out


def test_quishing_pdf_gives_the_qr_link_with_its_page() -> None:
    data = page_pdf(text="Your mailbox is full.\nScan the code to keep your messages.", qr=LOGIN)
    assert looks_like_pdf(data)
    doc = read_pdf(data, "invoice.pdf")
    assert _by_how(doc)["qr"] == [(LOGIN, "invoice.pdf › page 1 › QR")]
    assert doc.problems == ()


@pytest.mark.parametrize(("rotate", "invert"), [(90, False), (30, False), (0, True)])
def test_rotated_and_inverted_codes_are_read(rotate: int, invert: bool) -> None:
    doc = read_pdf(page_pdf(qr=LOGIN, rotate=rotate, invert=invert), "scan.pdf")
    assert [u for u, _ in _by_how(doc).get("qr", [])] == [LOGIN]


def test_a_qr_code_drawn_as_vectors_in_a_form_xobject_is_read() -> None:
    doc = read_pdf(vector_qr_pdf(LOGIN), "vector.pdf")
    assert [u for u, _ in _by_how(doc).get("qr", [])] == [LOGIN]


def test_a_link_annotation_keeps_the_text_it_covers() -> None:
    doc = read_pdf(page_pdf(link=("www.docusign.com", "https://docusign.evil.example/s")),
                   "contract.pdf")
    (link,) = [x for x in doc.links if HOW[x.kind] == "link"]
    assert link.uri == "https://docusign.evil.example/s"
    assert link.display == "www.docusign.com" and link.part == "contract.pdf › page 1"
    # the visible text is itself a URL written on the page
    assert ("http://www.docusign.com" in {x.uri for x in doc.links}
            or "www.docusign.com" in {x.raw for x in doc.links})


def test_urls_in_page_text_also_across_a_line_break() -> None:
    text = "Pay here: https://pay.evil.example/invoice/\n2026-11-28/confirm today."
    doc = read_pdf(page_pdf(text=text), "pay.pdf")
    urls = {u for u, _ in _by_how(doc)["text"]}
    assert "https://pay.evil.example/invoice/2026-11-28/confirm" in urls


def test_javascript_open_action_and_field_action_are_decoded() -> None:
    base = page_pdf(text="Loading…")
    doc = read_pdf(with_javascript(base, 'app.launchURL("https://js.evil.example/a", true);'))
    assert ("https://js.evil.example/a", "document.pdf › open action › JavaScript") in \
        _by_how(doc)["script"]
    field = read_pdf(with_javascript(base, 'this.getURL("https://field.evil.example/")',
                                     field=True))
    assert [u for u, _ in _by_how(field)["script"]] == ["https://field.evil.example/"]


def test_a_launch_action_is_listed() -> None:
    doc = read_pdf(launch_annotation(page_pdf(), "\\\\evil.example\\share\\run.exe"))
    assert [(x.uri, x.part) for x in doc.links] == [
        ("\\\\evil.example\\share\\run.exe", "document.pdf › page 1 › Launch")]


def test_an_encrypted_pdf_opens_with_a_given_password() -> None:
    data = encrypted(page_pdf(qr=LOGIN), "4821")
    locked = read_pdf(data, "secure.pdf")
    assert locked.links == () and locked.problems[0].code == "encrypted"
    wrong = read_pdf(data, "secure.pdf", passwords=("0000",))
    assert wrong.problems[0].code == "encrypted"
    opened = read_pdf(data, "secure.pdf", passwords=("0000", "4821"))
    assert [u for u, _ in _by_how(opened)["qr"]] == [LOGIN]


def test_embedded_files_are_handed_to_the_caller() -> None:
    inner = page_pdf(qr="https://inner.evil.example/")
    data = with_attachment(page_pdf(text="See attached."), "inner.pdf", inner)
    doc = read_pdf(data, "outer.pdf",
                   read_nested=lambda b, part: read_pdf(b, part))
    assert ("https://inner.evil.example/", "outer.pdf › inner.pdf › page 1 › QR") in \
        _by_how(doc)["qr"]
    alone = read_pdf(data, "outer.pdf")
    assert any(p.code == "not-supported" for p in alone.problems)


def test_hostile_pdfs_are_answered_not_raised() -> None:
    loop = read_pdf(page_tree_loop(), "loop.pdf")
    assert isinstance(loop, Document)
    for junk in (b"%PDF-1.7\n" + b"\x00" * 200, b"%PDF-1.4\n1 0 obj <<", b"not a pdf"):
        doc = read_pdf(junk, "junk.pdf")
        assert doc.links == () and doc.problems
    truncated = page_pdf(qr=LOGIN)
    doc = read_pdf(truncated[: len(truncated) // 2], "cut.pdf")
    assert isinstance(doc, Document)


def test_only_the_first_pages_are_read() -> None:
    doc = read_pdf(page_pdf(text="https://a.example/", pages=MAX_PAGES + 5), "long.pdf",
                   scan_qr=False)
    assert any(p.code == "too-many-parts" for p in doc.problems)
    assert {x.part for x in doc.links} == {f"long.pdf › page {n}" for n in
                                          range(1, MAX_PAGES + 1)}
