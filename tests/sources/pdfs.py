"""PDFs written for the tests by real writers (reportlab draws, pypdf edits the tree)."""

from __future__ import annotations

import io

from PIL import Image, ImageOps
from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    DictionaryObject,
    FloatObject,
    NameObject,
    TextStringObject,
)
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen import canvas

from tests.sources.builders import barcode_image


def page_pdf(*, text: str = "", qr: str | None = None, rotate: int = 0, invert: bool = False,
             link: tuple[str, str] | None = None, pages: int = 1) -> bytes:
    """A PDF drawn by reportlab: text lines, a QR image, a link annotation over a text."""
    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=(595, 842))
    for n in range(pages):
        y = 800
        for line in text.splitlines():
            c.drawString(40, y, line)
            y -= 16
        if qr is not None and n == 0:
            img = barcode_image(qr, scale=6).convert("L")
            if invert:
                img = ImageOps.invert(img)
            if rotate:
                img = img.rotate(rotate, expand=True, fillcolor=0 if invert else 255)
            c.drawImage(ImageReader(img), 150, 300, width=260, height=260)
        if link is not None and n == 0:
            shown, url = link
            c.drawString(40, 200, shown)
            c.linkURL(url, (38, 195, 40 + c.stringWidth(shown) + 2, 212), relative=0)
        c.showPage()
    c.save()
    return out.getvalue()


def vector_qr_pdf(content: str) -> bytes:
    """A QR code drawn as vector rectangles inside a form XObject (no image at all)."""
    img: Image.Image = barcode_image(content, scale=1).convert("1")
    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=(595, 842))
    c.beginForm("qr")
    size = 6
    for y in range(img.height):
        for x in range(img.width):
            if not img.getpixel((x, y)):
                c.rect(100 + x * size, 700 - y * size, size, size, stroke=0, fill=1)
    c.endForm()
    c.doForm("qr")
    c.showPage()
    c.save()
    return out.getvalue()


def with_javascript(data: bytes, script: str, *, field: bool = False) -> bytes:
    """``data`` with an open action (or a form field's action) running ``script``."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    action = DictionaryObject({NameObject("/S"): NameObject("/JavaScript"),
                               NameObject("/JS"): TextStringObject(script)})
    if field:
        widget = DictionaryObject({
            NameObject("/Type"): NameObject("/Annot"), NameObject("/Subtype"): NameObject(
                "/Widget"), NameObject("/FT"): NameObject("/Btn"),
            NameObject("/T"): TextStringObject("Open invoice"),
            NameObject("/Rect"): ArrayObject([FloatObject(v) for v in (40, 40, 200, 80)]),
            NameObject("/A"): action})
        ref = writer._add_object(widget)
        writer.pages[0][NameObject("/Annots")] = ArrayObject([ref])
        writer._root_object[NameObject("/AcroForm")] = DictionaryObject(
            {NameObject("/Fields"): ArrayObject([ref])})
    else:
        writer._root_object[NameObject("/OpenAction")] = writer._add_object(action)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def launch_annotation(data: bytes, target: str) -> bytes:
    """``data`` with a link annotation whose action launches ``target``."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    annot = DictionaryObject({
        NameObject("/Type"): NameObject("/Annot"), NameObject("/Subtype"): NameObject("/Link"),
        NameObject("/Rect"): ArrayObject([FloatObject(v) for v in (0, 0, 100, 100)]),
        NameObject("/A"): DictionaryObject({NameObject("/S"): NameObject("/Launch"),
                                            NameObject("/F"): TextStringObject(target)})})
    writer.pages[0][NameObject("/Annots")] = ArrayObject([writer._add_object(annot)])
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def encrypted(data: bytes, password: str) -> bytes:
    """``data`` encrypted with AES-256 and ``password``."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    writer.encrypt(password, algorithm="AES-256")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def with_attachment(data: bytes, name: str, content: bytes) -> bytes:
    """``data`` with an embedded file ``name``."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    writer.add_attachment(name, content)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def page_tree_loop() -> bytes:
    """A hand-written PDF whose page tree contains itself (a loop)."""
    objs = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
    ]
    out = io.BytesIO()
    out.write(b"%PDF-1.7\n")
    offsets = []
    for i, body in enumerate(objs, 1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % i + body + b"\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1))
    for off in offsets:
        out.write(b"%010d 00000 n \n" % off)
    out.write(b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n"
              % (len(objs) + 1, xref))
    return out.getvalue()
