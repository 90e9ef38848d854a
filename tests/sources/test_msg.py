"""Outlook .msg files through the real extract-msg. extract-msg cannot write .msg files
and no small public sample could be fetched offline, so the tests write real ones
(``msgfile.py`` over a minimal [MS-CFB] writer, ``cfb.py``); the mapping is also driven
on objects with extract-msg's interface for the cases a file cannot easily show."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from tests.sources.builders import PHISH_QR_URL, qr_png
from tests.sources.msgfile import write_msg
from uriinspector.sources.msg import MAX_DEPTH, extract_message, extract_msg_bytes


@dataclass
class FakeAttachment:
    data: object
    mimetype: str | None = None


@dataclass
class FakeMessage:
    body: str | None
    htmlBody: bytes | None
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
        def htmlBody(self) -> bytes:
            raise ValueError("stream missing")

        attachments: tuple[object, ...] = ()

    doc = extract_message(Broken())
    assert [link.uri for link in doc.links] == ["https://ok.example/"]
    assert [p.code for p in doc.problems] == ["unreadable"]


def test_real_library_on_bytes_that_are_no_message() -> None:
    doc = extract_msg_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 600)
    assert doc.links == () and doc.problems[0].code == "unreadable"
    doc = extract_msg_bytes(b"plain text")  # no OLE header: named, never handed on
    assert doc.links == () and doc.problems[0].code == "wrong-format"


def test_bytes_go_through_extract_msg_and_the_message_is_closed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The glue around the library: openMsg gets the bytes, the message is closed after."""
    import extract_msg

    seen: list[object] = []

    class Opened(FakeMessage):
        def close(self) -> None:
            seen.append("closed")

    def open_msg(data: object, **kwargs: object) -> Opened:
        seen.append(data)
        return Opened("see https://opened.example/", None)

    monkeypatch.setattr(extract_msg, "openMsg", open_msg)
    doc = extract_msg_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1 fake")
    assert [link.uri for link in doc.links] == ["https://opened.example/"]
    assert seen == [b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1 fake", "closed"]


def test_a_real_msg_file_read_by_extract_msg() -> None:
    data = write_msg(
        "Invoice overdue",
        "Pay now: https://evil.example/pay",
        b'<p><a href="https://evil.example/pay">https://www.paypal.com/</a></p>',
        [("pay.png", "image/png", qr_png(PHISH_QR_URL)), ("terms.pdf", "application/pdf",
                                                           b"%PDF-1.4 not really")],
        embedded=("Earlier", "see https://inner.example/thread", None),
    )
    doc = extract_msg_bytes(data)
    assert doc.problems == ()
    assert doc.subject == "Invoice overdue"
    assert [(link.part, link.uri, link.mismatch) for link in doc.links] == [
        ("1 text/plain", "https://evil.example/pay", False),
        ("2 text/html", "https://evil.example/pay", True),
        ("3 image/png (QR)", PHISH_QR_URL, False),
        ("5 message/rfc822 › 1 text/plain", "https://inner.example/thread", False),
    ]


def test_a_msg_whose_image_is_not_an_image() -> None:
    doc = extract_msg_bytes(write_msg("x", "ok https://ok.example/", None,
                                      [("a.png", "image/png", b"no png here")]))
    assert [link.uri for link in doc.links] == ["https://ok.example/"]
    assert [(p.code, p.part) for p in doc.problems] == [("not-an-image", "3 image/png")]
