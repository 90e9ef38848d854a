"""Mail extraction (RFC 5322 / MIME through ``email``): parts named, encodings undone,
attached mails followed, image parts read for QR codes, bad input listed not raised."""

from __future__ import annotations

import base64
from email.message import EmailMessage

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.sources.builders import (
    PHISH_QR_URL,
    barcode_image,
    encode,
    nested_mail,
    phishing_mail,
    qr_png,
)
from uriinspector.sources.mail import MAX_DEPTH, MAX_LINKS, MAX_PART_CHARS, extract_eml


def _rows(data: bytes | str) -> list[tuple[str | None, str, bool]]:
    return [(link.part, link.uri, link.mismatch) for link in extract_eml(data).links]


def test_every_part_is_named_and_decoded() -> None:
    # RFC 2045 §6.7 (QP soft breaks) and §6.8 (base64) undone by email.policy.default;
    # App. E: whitespace inside <...> dropped; RFC 2046 §5.2.1 message/rfc822 followed.
    doc = extract_eml(bytes(phishing_mail()))
    assert doc.subject == "Your account is limited"
    assert [(r.part, r.uri) for r in doc.links] == [
        ("1.1 text/plain", "https://evil.example/login"),
        ("1.1 text/plain", "https://help.example.com/faq"),
        ("1.2 text/html", "https://evil.example/login"),
        ("1.2 text/html", "https://www.paypal.com/signin"),
        ("1.2 text/html", "http://tracker.evil.example/open.gif"),
        ("2 image/png (QR)", PHISH_QR_URL),
        ("3 message/rfc822 › 1 text/plain", "https://inner.example.org/thread"),
        ("3 message/rfc822 › 2 text/html", "https://inner.example.org/thread"),
    ]
    assert doc.problems == ()
    assert all(link.span is None for link in doc.links)  # contract: eml offsets are null


def test_exactly_the_lying_anchor_is_a_mismatch() -> None:
    doc = extract_eml(bytes(phishing_mail()))
    flagged = [link for link in doc.links if link.mismatch]
    assert [(f.uri, f.display, f.shown_domain, f.target_domain) for f in flagged] == [
        ("https://evil.example/login", "https://paypal.com/", "paypal.com", "evil.example")
    ]
    same_site = next(link for link in doc.links if link.display == "paypal.com")
    assert same_site.mismatch is False  # www.paypal.com is paypal.com's own subdomain


def test_a_str_message_reads_as_the_bytes_do() -> None:
    msg = phishing_mail()
    assert _rows(msg.as_string()) == _rows(bytes(msg))


def test_single_part_message_is_part_one() -> None:
    msg = EmailMessage()
    msg.set_content("see http://a.example/x")
    assert _rows(bytes(msg)) == [("1 text/plain", "http://a.example/x", False)]


def _with_parts(*parts: tuple[bytes | str, str, str, dict[str, str]]) -> bytes:
    msg = EmailMessage()
    msg.set_content("before https://before.example/ok")
    for body, maintype, subtype, extra in parts:
        if isinstance(body, str):
            msg.add_attachment(body, subtype=subtype, **extra)
        else:
            msg.add_attachment(body, maintype=maintype, subtype=subtype, **extra)
    return bytes(msg)


def test_truncated_message_is_listed_with_a_problem() -> None:
    data = bytes(phishing_mail())
    cut = data[: data.index(b"Content-Type: image/png")]
    doc = extract_eml(cut)
    assert "https://evil.example/login" in [link.uri for link in doc.links]
    assert "truncated-multipart" in [p.code for p in doc.problems]


def test_image_that_is_not_an_image() -> None:
    doc = extract_eml(_with_parts((b"this is no PNG", "image", "png", {"filename": "x.png"})))
    assert [link.uri for link in doc.links] == ["https://before.example/ok"]
    assert [(p.code, p.part) for p in doc.problems] == [("not-an-image", "2 image/png")]


def test_binary_qr_code_is_described_not_listed() -> None:
    # A QR code holds at most 2,953 bytes in byte mode (ISO/IEC 18004 version 40-L), so
    # "4 KB of binary" is two codes of 2 KB side by side in one image.
    blob = bytes(range(256)) * 8
    image = encode(side_by_side_codes(blob[:2048], blob[:2000]))
    doc = extract_eml(_with_parts((image, "image", "png", {"filename": "b.png"})))
    assert [link.uri for link in doc.links] == ["https://before.example/ok"]
    codes = [p for p in doc.problems if p.code == "qr-binary"]
    assert codes and all(p.part == "2 image/png (QR)" for p in codes)


def side_by_side_codes(a: bytes, b: bytes) -> object:
    from tests.sources.builders import side_by_side

    return side_by_side(barcode_image(a, scale=2), barcode_image(b, scale=2))


def test_image_attachment_with_a_generic_type_is_still_read_for_codes() -> None:
    doc = extract_eml(
        _with_parts((qr_png("https://octet.evil.example/"), "application", "octet-stream",
                     {"filename": "scan"}))
    )
    assert ("2 application/octet-stream (QR)", "https://octet.evil.example/") in [
        (link.part, link.uri) for link in doc.links
    ]


def test_hundred_deep_nesting_is_bounded() -> None:
    doc = extract_eml(nested_mail(100))
    uris = [link.uri for link in doc.links]
    assert uris[0] == "https://level.example/100"
    assert len(uris) == MAX_DEPTH + 1  # the outer mail and MAX_DEPTH attached levels
    assert [p.code for p in doc.problems] == ["too-deep"]


def test_malformed_charset_and_bad_base64() -> None:
    raw = (
        "Subject: odd\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=z\n\n"
        "--z\nContent-Type: text/plain; charset=\"utf-8\\x00'; DROP\"\n\nhttps://one.example/\n"
        "--z\nContent-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: base64\n\n"
        + base64.b64encode(b'<a href="https://two.example/">two</a>').decode()[:-3]
        + "@@\n--z\nContent-Type: text/plain; charset=iso-8859-1\n\ncaf\xe9 https://three.example/\n"
        "--z--\n"
    )
    doc = extract_eml(raw.encode("latin-1"))
    assert [link.uri for link in doc.links] == [
        "https://one.example/", "https://two.example/", "https://three.example/"
    ]
    codes = {p.code for p in doc.problems}
    assert {"unknown-charset", "bad-base64"} <= codes


def test_twenty_megabyte_mail_is_bounded() -> None:
    line = "Lorem ipsum dolor sit amet https://bulk.example/{} consectetur adipiscing.\n"
    text = "".join(line.format(i) for i in range(20 * 1024 * 1024 // 75))
    msg = EmailMessage()
    msg.set_content(text)
    data = bytes(msg)
    assert len(data) > 20_000_000
    doc = extract_eml(data)
    assert len(doc.links) == MAX_LINKS or len(doc.links) < MAX_PART_CHARS
    assert "too-large" in [p.code for p in doc.problems]


def test_oversized_mail_is_refused_with_a_message() -> None:
    from uriinspector.sources import mail

    doc = extract_eml(b"x" * (mail.MAX_MESSAGE_BYTES + 1))
    assert doc.links == () and doc.problems[0].code == "too-large"


def test_garbage_never_raises() -> None:
    for data in (b"", b"\x00\xff" * 100, "\udc80 lone surrogate http://a.example/",
                 b"Content-Type: multipart/mixed; boundary=\n\n--\n--\n",
                 b"Content-Type: message/rfc822\n\n"):
        doc = extract_eml(data)
        assert doc.kind == "eml"


def test_inline_data_image_is_read_for_codes() -> None:
    # RFC 2397 data: URI holding a PNG: the inline way QR lures travel in HTML mail.
    import base64 as b64

    png = b64.b64encode(qr_png(PHISH_QR_URL)).decode()
    msg = EmailMessage()
    msg.set_content("scan the code")
    msg.add_alternative(f'<p>Scan: <img src="data:image/png;base64,{png}"></p>', subtype="html")
    rows = _rows(bytes(msg))
    assert ("2 text/html data:image (QR)", PHISH_QR_URL, False) in rows


_PIECES = st.sampled_from(
    [
        "Content-Type: multipart/mixed; boundary=b\n",
        "Content-Type: message/rfc822\n",
        "Content-Type: text/html; charset=bogus\n",
        "Content-Type: image/png\n",
        "Content-Transfer-Encoding: base64\n",
        "Content-Transfer-Encoding: quoted-printable\n",
        "\n",
        "--b\n",
        "--b--\n",
        '<a href="http://x.example/">paypal.com</a>\n',
        "=E9=\n",
        "iVBORw0KGgo=\n",
        "http://y.example/ \udc80\n",
    ]
)


@settings(max_examples=120, deadline=None)
@given(st.lists(_PIECES, max_size=30))
def test_never_raises_on_shuffled_mime(pieces: list[str]) -> None:
    doc = extract_eml("".join(pieces))
    assert all(link.part for link in doc.links)


@settings(max_examples=80, deadline=None)
@given(st.binary(max_size=400))
def test_never_raises_on_bytes(data: bytes) -> None:
    extract_eml(data)
