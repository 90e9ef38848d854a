"""Barcodes in an image, decoded offline: QR codes are today's commonest mail lure.

Pillow decodes the image bytes (PNG, JPEG, GIF, BMP, WebP: only these formats are
enabled, so a hostile file cannot reach a rarely used decoder) and ``zxing-cpp`` finds
and decodes every barcode in it. Both are imported on first use: the core, the batch
start-up and the CLI do not pay for them. Nothing here raises on bad input: an image
that is not an image, or is too large, is a :class:`QrError` value.
"""

from __future__ import annotations

import base64
import binascii
import io
import re
import warnings
from dataclasses import dataclass
from typing import Any, Final

#: Image formats read (Pillow's names); everything else is "not an image" here.
FORMATS: Final = ("PNG", "JPEG", "GIF", "BMP", "WEBP")
#: Largest encoded image read (bytes) and largest decoded one (pixels).
MAX_IMAGE_BYTES: Final = 25 * 1024 * 1024
MAX_PIXELS: Final = 40_000_000
#: Longest text kept of one code (a QR code holds at most 7,089 digits).
MAX_TEXT: Final = 8_192

_MAGIC: Final = (
    (b"\x89PNG\r\n\x1a\n", "PNG"),
    (b"\xff\xd8\xff", "JPEG"),
    (b"GIF87a", "GIF"),
    (b"GIF89a", "GIF"),
    (b"BM", "BMP"),
)


@dataclass(frozen=True, slots=True)
class Code:
    """One barcode: its text, zxing-cpp's format name (``QRCode``...), binary or not."""

    text: str
    format: str
    binary: bool = False

    def to_json(self) -> dict[str, object]:
        """The contract's ``{"text", "format"}`` (protocol 1.1 ``qr``)."""
        return {"text": self.text, "format": self.format}


@dataclass(frozen=True, slots=True)
class QrError:
    """Why an image could not be read: ``not-an-image``, ``too-large``, ``unavailable``."""

    code: str
    message: str


def image_format(data: bytes) -> str | None:
    """The image format the bytes start with (PNG, JPEG, GIF, BMP, WEBP), or None."""
    for magic, name in _MAGIC:
        if data.startswith(magic):
            return name
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "WEBP"
    return None


def _too_many_pixels(what: str) -> QrError:
    return QrError(
        "too-large",
        f"The image is {what}; images over {MAX_PIXELS // 1_000_000} megapixels are not read.",
    )


def image_pixels(data: bytes) -> int | None:
    """How many pixels the image ``data`` decodes to, read from its header alone
    (nothing is decoded), or None when that cannot be told; never raises."""
    kind = image_format(data)
    if kind is None or len(data) > MAX_IMAGE_BYTES:
        return None
    try:
        from PIL import Image
    except ImportError:
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=[kind]) as img:
                width, height = img.size
    except Image.DecompressionBombError:  # past 179 MP: surely over any budget
        return 2 * int(Image.MAX_IMAGE_PIXELS or MAX_PIXELS) + 1
    except Exception:  # damaged: read_codes will say so
        return None
    return int(width) * int(height)


def _libraries() -> tuple[Any, Any]:
    import zxingcpp
    from PIL import Image

    return Image, zxingcpp


def read_codes(data: bytes) -> tuple[Code, ...] | QrError:
    """Every barcode in the image ``data``, QR codes first; never raises."""
    if len(data) > MAX_IMAGE_BYTES:
        return QrError(
            "too-large",
            f"The image is {len(data) / 1e6:.1f} MB; images over "
            f"{MAX_IMAGE_BYTES // (1024 * 1024)} MB are not read.",
        )
    kind = image_format(data)
    if kind is None:
        return QrError(
            "not-an-image", "The data is not a PNG, JPEG, GIF, BMP or WebP image."
        )
    try:
        image_mod, zxingcpp = _libraries()
    except ImportError as exc:
        return QrError("unavailable", f"Images cannot be read here: {exc}.")
    bomb = (image_mod.DecompressionBombError, image_mod.DecompressionBombWarning)
    try:
        with warnings.catch_warnings():
            # Pillow warns past 89 MP and raises past 179 MP: both are "too large" here.
            warnings.simplefilter("error", image_mod.DecompressionBombWarning)
            with image_mod.open(io.BytesIO(data), formats=[kind]) as img:
                width, height = img.size
                if width * height > MAX_PIXELS:
                    return _too_many_pixels(f"{width}×{height} pixels")
                img.load()
                frame = img.convert("L")
        found = zxingcpp.read_barcodes(frame, text_mode=zxingcpp.TextMode.Plain)
    except bomb as exc:  # a decompression bomb: its header promises a huge image
        return _too_many_pixels(f"a decompression bomb ({exc})")
    except Exception as exc:  # Pillow raises many kinds on a damaged or hostile file
        return QrError(
            "not-an-image",
            f"The {kind} image could not be decoded ({type(exc).__name__}: {exc}).",
        )
    codes: list[Code] = []
    for barcode in found:
        name = getattr(barcode.format, "name", None) or str(barcode.format)
        text = str(barcode.text)
        if len(text) > MAX_TEXT:
            text = text[:MAX_TEXT]
        binary = getattr(barcode.content_type, "name", "") == "Binary"
        codes.append(Code(text, str(name), binary))
    codes.sort(key=lambda c: not c.format.startswith(("QRCode", "MicroQRCode", "RMQRCode")))
    return tuple(codes)


_DATA_IMAGE: Final = re.compile(r"data:image/[A-Za-z0-9.+\-]+(?:;[^,;]*)*;base64,", re.IGNORECASE)


def data_uri_image(uri: str) -> bytes | None:
    """The image bytes of a ``data:image/...;base64,`` URI (RFC 2397), else None.

    Mails carry QR lures inline as ``<img src="data:image/png;base64,...">``.
    """
    m = _DATA_IMAGE.match(uri)
    if m is None or len(uri) > MAX_IMAGE_BYTES * 2:
        return None
    body = re.sub(r"\s+|%0[aAdD]|%20", "", uri[m.end() :])
    try:
        return base64.b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        return None
