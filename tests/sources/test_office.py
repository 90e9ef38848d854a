"""Office Open XML attachments (issue 24 item 3): every place a link hides in a package."""

from __future__ import annotations

import io
import zipfile

from tests.sources.builders import qr_png
from tests.sources.offices import (
    presentation,
    replace_part,
    with_remote_template,
    word_document,
    workbook,
)
from uriinspector.sources.model import HOW
from uriinspector.sources.office import looks_like_office, read_office
from uriinspector.sources.qr import read_codes
from uriinspector.sources.zipped import MAX_RATIO


def _rows(data: bytes, name: str) -> set[tuple[str, str, str, str | None]]:
    doc = read_office(data, name)
    assert doc.problems == (), doc.problems
    return {(x.uri, HOW[x.kind], (x.part or "").split(" › ", 1)[1], x.display)
            for x in doc.links}


def test_word_hyperlinks_fields_and_every_story() -> None:
    rows = _rows(word_document(), "payment.docx")
    assert ("https://sharepoint.evil.example/x", "link", "word/document.xml › hyperlink",
            "https://corp.sharepoint.com/doc") in rows
    assert ("https://field.evil.example/pay", "link", "word/document.xml › field HYPERLINK",
            None) in rows
    assert ("http://track.evil.example/p.png", "template",
            "word/document.xml › field INCLUDEPICTURE", None) in rows
    texts = {u for u, how, _, _ in rows if how == "text"}
    assert {"https://body.evil.example/login", "https://header.evil.example/",
            "https://footer.evil.example/"} <= texts
    assert not any(u.startswith("#") or "_Toc1" in u for u, *_ in rows)  # internal: no link


def test_a_remote_template_is_named_for_what_it_is() -> None:
    data = with_remote_template(word_document(), "http://192.0.2.7/t.dotm")
    rows = _rows(data, "payment.docx")
    assert ("http://192.0.2.7/t.dotm", "template", "word/settings.xml › remote template",
            None) in rows


def test_sheet_hyperlinks_and_formulas() -> None:
    rows = _rows(workbook(), "invoice.xlsx")
    hrefs = {(u, d) for u, how, _, d in rows if how == "link"}
    assert ("https://cell.evil.example/invoice", None) in hrefs
    assert ("https://formula.evil.example/pay", "Pay now") in hrefs
    assert not any("Sheet!B1" in u for u, *_ in rows)
    assert "https://text.evil.example/portal" in {u for u, how, _, _ in rows if how == "text"}


def test_slides_and_notes() -> None:
    rows = _rows(presentation(), "deck.pptx")
    assert ("https://deck.evil.example/open", "link") in {(u, h) for u, h, _, _ in rows}
    assert "https://notes.evil.example/" in {u for u, h, _, _ in rows if h == "text"}


def test_images_are_read_for_qr_codes() -> None:
    source = zipfile.ZipFile(io.BytesIO(word_document()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for info in source.infolist():
            z.writestr(info, source.read(info))
        z.writestr("word/media/image1.png", qr_png("https://qr-in-docx.evil.example/"))

    def qr_texts(blob: bytes, _part: str) -> tuple[str, ...]:
        codes = read_codes(blob)
        return tuple(c.text for c in codes) if isinstance(codes, tuple) else ()

    doc = read_office(out.getvalue(), "scan.docx", read_image=qr_texts)
    assert ("https://qr-in-docx.evil.example/", "scan.docx › word/media/image1.png › QR") in {
        (x.uri, x.part) for x in doc.links}


def test_entity_expansion_is_refused_and_the_rest_still_read() -> None:
    bomb = (b'<?xml version="1.0"?><!DOCTYPE w [<!ENTITY a "aaaaaaaaaa">'
            b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><w:document xmlns:w="http://'
            b'schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>'
            b"&b;</w:t></w:r></w:p></w:body></w:document>")
    doc = read_office(replace_part(word_document(), "word/document.xml", bomb), "xxe.docx")
    assert any("entities" in p.message for p in doc.problems)
    assert "https://header.evil.example/" in {x.uri for x in doc.links}


def test_a_zip_bomb_member_is_stopped_by_ratio() -> None:
    out = io.BytesIO()
    book = zipfile.ZipFile(io.BytesIO(workbook()))
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for info in book.infolist():
            z.writestr(info, book.read(info))
        z.writestr("xl/bomb.xml", b"\0" * (20 * 1024 * 1024))
    info = zipfile.ZipFile(io.BytesIO(out.getvalue())).getinfo("xl/bomb.xml")
    assert info.file_size / info.compress_size > MAX_RATIO
    doc = read_office(out.getvalue(), "bomb.xlsx")
    assert any(p.code == "too-large" and "zip bomb" in p.message for p in doc.problems)
    assert "https://cell.evil.example/invoice" in {x.uri for x in doc.links}


def test_not_a_package() -> None:
    assert looks_like_office(["[Content_Types].xml", "word/document.xml"]) == "docx"
    assert looks_like_office(["a.txt"]) is None
    doc = read_office(b"PK\x03\x04garbage", "broken.docx")
    assert doc.links == () and doc.problems[0].code == "unreadable"
