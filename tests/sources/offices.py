"""Office files written for the tests by real writers (python-docx, openpyxl, python-pptx),
then edited at the package level where attackers edit them (relationships, fields)."""

from __future__ import annotations

import io
import zipfile

import docx
import openpyxl
import pptx
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.oxml import OxmlElement
from docx.oxml.ns import qn


def _hyperlink(paragraph: object, url: str, text: str) -> None:
    part = paragraph.part  # type: ignore[attr-defined]
    rid = part.relate_to(url, RT.HYPERLINK, is_external=True)
    link = OxmlElement("w:hyperlink")
    link.set(qn("r:id"), rid)
    run = OxmlElement("w:r")
    t = OxmlElement("w:t")
    t.text = text
    run.append(t)
    link.append(run)
    paragraph._p.append(link)  # type: ignore[attr-defined]


def _field(paragraph: object, instruction: str, pieces: int = 3) -> None:
    """A complex field whose instruction is split over ``pieces`` runs (as Word saves it)."""
    p = paragraph._p  # type: ignore[attr-defined]

    def char(kind: str) -> None:
        r = OxmlElement("w:r")
        f = OxmlElement("w:fldChar")
        f.set(qn("w:fldCharType"), kind)
        r.append(f)
        p.append(r)

    char("begin")
    size = max(1, len(instruction) // pieces)
    for i in range(0, len(instruction), size):
        r = OxmlElement("w:r")
        it = OxmlElement("w:instrText")
        it.text = instruction[i:i + size]
        r.append(it)
        p.append(r)
    char("separate")
    r = OxmlElement("w:r")
    t = OxmlElement("w:t")
    t.text = "Click here"
    r.append(t)
    p.append(r)
    char("end")


def word_document() -> bytes:
    """A docx: a lying hyperlink, an internal bookmark link, a split HYPERLINK field, an
    INCLUDEPICTURE field, a URL in a header, a footer and a comment-free body text."""
    d = docx.Document()
    p = d.add_paragraph("Please review: ")
    _hyperlink(p, "https://sharepoint.evil.example/x", "https://corp.sharepoint.com/doc")
    internal = OxmlElement("w:hyperlink")
    internal.set(qn("w:anchor"), "_Toc1")
    p._p.append(internal)
    _field(d.add_paragraph(), ' HYPERLINK "https://field.evil.example/pay" \\o "tip" ')
    _field(d.add_paragraph(), ' INCLUDEPICTURE "http://track.evil.example/p.png" \\d ', 2)
    d.add_paragraph("Or type https://body.evil.example/login in your browser.")
    d.sections[0].header.paragraphs[0].text = "Header: https://header.evil.example/"
    d.sections[0].footer.paragraphs[0].text = "Footer: https://footer.evil.example/"
    out = io.BytesIO()
    d.save(out)
    return out.getvalue()


def with_remote_template(data: bytes, url: str) -> bytes:
    """``data`` (a docx) with an attachedTemplate relationship to ``url`` (template injection)."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for info in src.infolist():
            body = src.read(info)
            if info.filename == "word/settings.xml":
                body = body.replace(b"<w:zoom", b'<w:attachedTemplate r:id="rIdTpl"/><w:zoom', 1)
                if b'xmlns:r="' not in body[:2000]:
                    ns = (b'<w:settings xmlns:r="http://schemas.openxmlformats.org/'
                          b'officeDocument/2006/relationships" ')
                    body = body.replace(b"<w:settings ", ns, 1)
            z.writestr(info, body)
        z.writestr("word/_rels/settings.xml.rels", (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            '<Relationship Id="rIdTpl" Type="http://schemas.openxmlformats.org/officeDocument/'
            f'2006/relationships/attachedTemplate" Target="{url}" TargetMode="External"/>'
            "</Relationships>"))
    return out.getvalue()


def replace_part(data: bytes, name: str, body: bytes) -> bytes:
    """``data`` (a zip) with member ``name`` replaced."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for info in src.infolist():
            z.writestr(info, body if info.filename == name else src.read(info))
    return out.getvalue()


def workbook() -> bytes:
    """An xlsx: a cell hyperlink, a HYPERLINK formula, an internal link, a text URL."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws["A1"] = "Invoice"
    ws["A1"].hyperlink = "https://cell.evil.example/invoice"
    ws["A2"] = '=HYPERLINK("https://formula.evil.example/pay","Pay now")'
    ws["A3"] = "Internal"
    ws["A3"].hyperlink = "#Sheet!B1"
    ws["A4"] = "Portal: https://text.evil.example/portal"
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def presentation() -> bytes:
    """A pptx: a run with a hyperlink and a text URL in a notes page."""
    prs = pptx.Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[5])
    box = slide.shapes.add_textbox(0, 0, 3_000_000, 1_000_000)
    run = box.text_frame.paragraphs[0].add_run()
    run.text = "Open the shared deck"
    run.hyperlink.address = "https://deck.evil.example/open"
    slide.notes_slide.notes_text_frame.text = "Speaker: https://notes.evil.example/"
    out = io.BytesIO()
    prs.save(out)
    return out.getvalue()
