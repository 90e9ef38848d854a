"""Test inputs made in the test: QR images (zxing-cpp writes them, Pillow encodes them)
and mails (``email.message.EmailMessage``), so no binary fixture is shipped."""

from __future__ import annotations

import io
from email.message import EmailMessage

import zxingcpp
from PIL import Image

PHISH_QR_URL = "https://qr-pay.evil.example/parking?plate=B-XY-123"


def barcode_image(content: str | bytes, fmt: str = "QRCode", scale: int = 4) -> Image.Image:
    """A Pillow image of one barcode of zxing-cpp format ``fmt`` holding ``content``."""
    barcode = zxingcpp.create_barcode(content, getattr(zxingcpp.BarcodeFormat, fmt))
    view = memoryview(barcode.to_image(scale=scale))
    height, width = view.shape[0], view.shape[1]
    return Image.frombuffer("L", (width, height), bytes(view), "raw", "L", 0, 1)


def encode(img: Image.Image, fmt: str = "PNG") -> bytes:
    """``img`` as the bytes of an image file of Pillow format ``fmt``."""
    buf = io.BytesIO()
    img.convert("RGB" if fmt == "JPEG" else "L").save(buf, fmt)
    return buf.getvalue()


def qr_png(content: str | bytes, fmt: str = "PNG") -> bytes:
    """A QR code holding ``content`` as an image file."""
    return encode(barcode_image(content), fmt)


def side_by_side(*images: Image.Image) -> Image.Image:
    """The images next to each other on a white canvas (several codes in one picture)."""
    width = sum(i.width for i in images) + 40 * len(images)
    height = max(i.height for i in images) + 40
    canvas = Image.new("L", (width, height), 255)
    x = 20
    for img in images:
        canvas.paste(img, (x, 20))
        x += img.width + 40
    return canvas


def phishing_mail() -> EmailMessage:
    """multipart/mixed: alternative (QP plain, base64 HTML with a lying anchor), a QR
    image, an attached mail (message/rfc822) with its own links."""
    inner = EmailMessage()
    inner["Subject"] = "Original message"
    inner.set_content("Earlier: https://inner.example.org/thread\n")
    inner.add_alternative(
        '<p><a href="https://inner.example.org/thread">inner.example.org</a></p>', subtype="html"
    )
    msg = EmailMessage()
    msg["From"] = "PayPal <service@paypal-notice.example>"
    msg["To"] = "analyst@corp.example"
    msg["Subject"] = "Your account is limited"
    msg.set_content(
        "Dear customer, restore your access: https://evil.example/login\n"
        "Questions: <https://help.example.com/\n faq>\n",
        cte="quoted-printable",
    )
    msg.add_alternative(
        "<html><body><p>Restore your access at "
        '<a href="https://evil.example/login">https://paypal.com/</a>.</p>'
        '<p><a href="https://www.paypal.com/signin">paypal.com</a> '
        '<img src="http://tracker.evil.example/open.gif" width="1"></p></body></html>',
        subtype="html",
        cte="base64",
    )
    msg.add_attachment(qr_png(PHISH_QR_URL), maintype="image", subtype="png", filename="pay.png")
    msg.add_attachment(inner)
    return msg


def nested_mail(depth: int) -> bytes:
    """A mail holding a mail holding a mail… ``depth`` levels, a link at every level."""
    msg = EmailMessage()
    msg.set_content("innermost https://deep.example/0")
    for level in range(1, depth + 1):
        outer = EmailMessage()
        outer.set_content(f"level {level} https://level.example/{level}")
        outer.add_attachment(msg)
        msg = outer
    return bytes(msg)
