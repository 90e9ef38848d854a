"""Outlook .msg mapping. extract-msg cannot write .msg files and no small public sample
was reachable offline, so the mapping is tested on objects with extract-msg's interface
(``body``, ``htmlBody`` bytes, ``attachments`` with ``data``/``mimetype``, an embedded
message as ``data``), and the real library is driven on bytes that are not a message."""

from __future__ import annotations

from dataclasses import dataclass, field

from tests.sources.builders import PHISH_QR_URL, qr_png
from uriinspector.sources.msg import MAX_DEPTH, extract_message, extract_msg_bytes


@dataclass
class FakeAttachment:
    data: object
    mimetype: str | None = None


@dataclass
class FakeMessage:
    body: str | None
    htmlBody: bytes | None  # noqa: N815 (extract-msg's attribute name)
    attachments: list[FakeAttachment] = field(default_factory=list)
    subject: str | None = "Invoice"


def test_message_parts_map_to_mime_like_rows() -> None:
    inner = FakeMessage("inner https://inner.example/", None, subject="inner")
    msg = FakeMessage(
        "Pay here https://evil.example/pay",
        b'<a href="https://evil.example/pay">https://www.paypal.com/</a>',
        [FakeAttachment(qr_png(PHISH_QR_URL), "image/png"), FakeAttachment(b"%PDF-1.4", None),
         FakeAttachment(inner)],
    )
    doc = extract_message(msg)
    assert doc.kind == "msg" and doc.subject == "Invoice"
    assert [(link.part, link.uri, link.mismatch) for link in doc.links] == [
        ("1 text/plain", "https://evil.example/pay", False),
        ("2 text/html", "https://evil.example/pay", True),
        ("3 image/png (QR)", PHISH_QR_URL, False),
        ("5 message/rfc822 › 1 text/plain", "https://inner.example/", False),
    ]


def test_embedded_messages_are_bounded() -> None:
    msg = FakeMessage("deepest https://deep.example/", None)
    for _ in range(MAX_DEPTH + 5):
        msg = FakeMessage(None, None, [FakeAttachment(msg)])
    doc = extract_message(msg)
    assert doc.links == ()
    assert [p.code for p in doc.problems] == ["too-deep"]


def test_a_property_that_raises_is_a_problem() -> None:
    class Broken:
        body = "ok https://ok.example/"

        @property
        def htmlBody(self) -> bytes:  # noqa: N802
            raise ValueError("stream missing")

        attachments: list[object] = []

    doc = extract_message(Broken())
    assert [link.uri for link in doc.links] == ["https://ok.example/"]
    assert [p.code for p in doc.problems] == ["unreadable"]


def test_real_library_on_bytes_that_are_no_message() -> None:
    for data in (b"plain text", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 600):
        doc = extract_msg_bytes(data)
        assert doc.links == () and doc.problems[0].code == "unreadable"
