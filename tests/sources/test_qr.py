"""Barcodes read offline from image bytes: every enabled format, QR first, bad images
answered with a value."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from tests.sources.builders import barcode_image, encode, qr_png, side_by_side
from uriinspector.sources.qr import MAX_PIXELS, Code, QrError, image_format, read_codes

URL = "https://evil.example/login?session=42"


@pytest.mark.parametrize("fmt", ["PNG", "JPEG", "GIF", "BMP", "WEBP"])
def test_each_image_format(fmt: str) -> None:
    data = qr_png(URL, fmt)
    assert image_format(data) == fmt
    assert read_codes(data) == (Code(URL, "QRCode"),)


def test_qr_codes_come_first() -> None:
    picture = side_by_side(barcode_image("CODE128-TEXT", "Code128", 3), barcode_image(URL))
    codes = read_codes(encode(picture))
    assert isinstance(codes, tuple)
    assert [c.format for c in codes] == ["QRCode", "Code128"]
    assert codes[0].text == URL


def test_binary_content_is_marked() -> None:
    blob = bytes(range(256)) * 11  # 2,816 bytes: near a QR code's byte-mode maximum
    (code,) = read_codes(qr_png(blob))  # type: ignore[misc]
    assert code.binary is True and len(code.text) == len(blob)


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"not an image",
        b"\x89PNG\r\n\x1a\n" + b"\x00" * 40,
        b"GIF89a\xff\xff",
        b"BM" + b"\x00" * 10,
        b"RIFF\x00\x00\x00\x00WEBPVP8 ",
    ],
)
def test_not_an_image_is_a_value(data: bytes) -> None:
    result = read_codes(data)
    assert isinstance(result, QrError) and result.code == "not-an-image"
    assert result.message


def test_image_without_code_has_no_codes() -> None:
    assert read_codes(encode(Image.new("L", (60, 60), 255))) == ()


def test_decompression_bomb_is_refused_before_decoding() -> None:
    side = int(MAX_PIXELS**0.5) + 10
    buf = io.BytesIO()
    Image.new("1", (side, side), 1).save(buf, "PNG")  # tiny file, huge canvas
    result = read_codes(buf.getvalue())
    assert isinstance(result, QrError) and result.code == "too-large"
