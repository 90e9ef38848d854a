"""data: decoder (RFC 2397): media type, parameters, base64 or percent, size, preview.

Examples are RFC 2397 §4's. The preview is bytes only: image/* gets "image" only when
the magic number matches, text gets "text", and nothing else gets a preview.
"""

from __future__ import annotations

import base64

import pytest

from tests.growth import assert_linear
from uriinspector.core.decoders import DecodedField, SchemeDecoding, decode, decoders
from uriinspector.core.decoders.data_uri import PREVIEW_LIMIT, sniff_image

# RFC 2397 §4: "A small GIF image" (GIF87a, 48x48), as printed in the RFC.
RFC2397_GIF = (
    "data:image/gif;base64,R0lGODdhMAAwAPAAAAAAAP///ywAAAAAMAAw"
    "AAAC8IyPqcvt3wCcDkiLc7C0qwyGHhSWpjQu5yqmCYsapyuvUUlvONmOZtfzgFz"
    "ByTB10QgxOR0TqBQejhRNzOfkVJ+5YiUqrXF5Y5lKh/DeuNcP5yLWGsEbtLiOSp"
    "a/TPg7JpJHxyendzWTBfX0cxOnKPjgBzi4diinWGdkF8kjdfnycQZXZeYGejmJl"
    "ZeGl9i2icVqaNVailT6F5iJ90m6mvuTS4OK05M0vDk0Q4XUtwvKOzrcd3iq9uis"
    "F81M1OIcR7lEewwcLp7tuNNkM3uNna3F2JQFo97Vriy/Xl4/f1cf5VWzXyym7PH"
    "hhx4dbgYKAAA7"
)

PNG_1x1 = base64.b64encode(
    bytes.fromhex(
        "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
        "1f15c4890000000d49444154789c6360000002000105fe02fea70000000049454e44ae426082"
    )
).decode()


def get(d: SchemeDecoding | None, label: str) -> DecodedField:
    assert d is not None
    return next(f for f in d.fields if f.label == label)


def test_rfc2397_brief_note_defaults_to_us_ascii_text() -> None:
    text = "data:,A%20brief%20note"
    d = decode(text)
    assert d is not None
    mt = get(d, "Media type")
    assert mt.value == "text/plain;charset=US-ASCII"
    assert "RFC 2397 §2" in (mt.note or "")
    assert get(d, "Encoding").value == "percent-encoding"
    size = get(d, "Decoded size")
    assert size.value == "12 bytes"
    assert size.span is not None and size.span.of(text) == "A%20brief%20note"
    assert d.preview == b"A brief note"
    assert d.preview_kind == "text"
    assert get(d, "Text").value == "A brief note"


def test_rfc2397_gif_example() -> None:
    d = decode(RFC2397_GIF)
    assert d is not None
    assert get(d, "Media type").value == "image/gif"
    assert get(d, "Encoding").value == "base64"
    assert d.preview is not None and d.preview.startswith(b"GIF87a")
    assert d.preview[6:10] == b"0\x000\x00"  # logical screen 48 x 48, little-endian
    assert d.preview.endswith(b";")  # GIF trailer
    assert d.preview_kind == "image"
    assert d.preview_media_type == "image/gif"
    assert get(d, "Decoded size").value == f"{len(d.preview):,} bytes"
    assert get(d, "Decoded size").flag is None
    assert get(d, "Image").flag is None


def test_rfc2397_greek_charset_example_with_its_broken_triplet() -> None:
    # RFC 2397 §4 prints "%be%fg%be": "%fg" is not a triplet (RFC 3986 §2.1).
    d = decode("data:text/plain;charset=iso-8859-7,%be%fg%be")
    assert d is not None
    (charset,) = get(d, "Parameters").children
    assert (charset.label, charset.value) == ("charset", "iso-8859-7")
    assert d.preview == b"\xbe%fg\xbe"
    assert get(d, "Text").value == "Ύ%fgΎ"  # ISO 8859-7 0xBE is GREEK CAPITAL UPSILON WITH TONOS
    size = get(d, "Decoded size")
    assert size.flag == "invalid" and "RFC 3986 §2.1" in (size.note or "")


def test_rfc2397_application_example() -> None:
    d = decode("data:application/vnd-xxx-query,select_vcount,fcol_from_fieldtable/local")
    assert d is not None
    assert get(d, "Media type").value == "application/vnd-xxx-query"
    assert d.preview == b"select_vcount,fcol_from_fieldtable/local"  # only the first "," splits
    assert d.preview_kind is None


def test_charset_alone_keeps_text_plain() -> None:
    d = decode("data:;charset=utf-8,caf%C3%A9")
    assert d is not None
    assert get(d, "Media type").value == "text/plain;charset=utf-8"
    assert get(d, "Text").value == "café"


def test_png_magic_matches() -> None:
    d = decode("data:image/png;base64," + PNG_1x1)
    assert d is not None and d.preview_kind == "image"
    assert sniff_image(d.preview or b"") == "image/png"


@pytest.mark.parametrize(
    ("declared", "payload", "actual"),
    [
        ("image/png", b"GIF89a\x01\x00", "image/gif"),
        ("image/jpeg", b"\x89PNG\r\n\x1a\n....", "image/png"),
        ("image/gif", b"<svg onload=alert(1)>", None),
        ("image/webp", b"RIFF\x00\x00\x00\x00WAVE", None),
    ],
)
def test_magic_number_mismatch_is_invalid_and_not_previewed(
    declared: str, payload: bytes, actual: str | None
) -> None:
    d = decode(f"data:{declared};base64," + base64.b64encode(payload).decode())
    assert d is not None
    img = get(d, "Image")
    assert img.flag == "invalid"
    assert (actual or "not a known image format") in img.value
    assert d.preview_kind is None


@pytest.mark.parametrize(
    ("media", "magic"),
    [
        ("image/gif", b"GIF87a"),
        ("image/jpeg", b"\xff\xd8\xff\xe0"),
        ("image/jpg", b"\xff\xd8\xff\xdb"),
        ("image/webp", b"RIFF\x10\x00\x00\x00WEBPVP8 "),
        ("image/bmp", b"BM\x36\x00"),
    ],
)
def test_each_raster_type_is_recognised(media: str, magic: bytes) -> None:
    d = decode(f"data:{media};base64," + base64.b64encode(magic + b"\x00" * 16).decode())
    assert d is not None and d.preview_kind == "image", get(d, "Image")


@pytest.mark.parametrize("media", ["text/html", "image/svg+xml"])
def test_active_content_is_text_only(media: str) -> None:
    payload = base64.b64encode(b"<script>alert(document.cookie)</script>").decode()
    d = decode(f"data:{media};base64,{payload}")
    assert d is not None
    assert d.preview_kind == "text"
    t = get(d, "Text")
    assert t.value.startswith("<script>")  # escaping is the renderer's job; never rendered
    assert t.flag == "warning" and "never" in (t.note or "")


def test_binary_with_unknown_type_has_no_preview_kind() -> None:
    d = decode("data:application/octet-stream;base64,AAEC")
    assert d is not None and d.preview == b"\x00\x01\x02" and d.preview_kind is None


@pytest.mark.parametrize(
    ("payload", "flag", "words"),
    [
        ("SGVsbG8=", None, None),
        ("SGVsbG8", "warning", "padding"),
        ("SGVs bG8=", None, None),  # whitespace is ignored (RFC 2045 §6.8)
        ("SGVsbG8*", "invalid", "alphabet"),
        ("SGVsb-8_", "invalid", "URL-safe"),
        ("SGVsbG8=A", "invalid", "alphabet"),
        ("SGVsb", "invalid", "length"),
    ],
)
def test_base64_checks_rfc2045_6_8(payload: str, flag: str | None, words: str | None) -> None:
    d = decode(f"data:text/plain;base64,{payload}")
    size = get(d, "Decoded size")
    assert size.flag == flag
    if words:
        assert words.lower() in (size.note or "").lower()


def test_percent_encoded_base64() -> None:
    d = decode("data:text/plain;base64,SGVsbG8%3D")
    assert d is not None and d.preview == b"Hello"
    assert get(d, "Decoded size").flag is None


def test_missing_comma_is_invalid() -> None:
    d = decode("data:text/plain;base64")
    assert d is not None
    assert get(d, "Data").flag == "invalid"
    assert d.preview is None


def test_bad_media_type_and_parameter() -> None:
    d = decode("data:textplain;foo,x")
    assert get(d, "Media type").flag == "invalid"
    (p,) = get(d, "Parameters").children
    assert p.flag == "invalid"


def test_bytes_codec_charset_is_refused() -> None:
    d = decode("data:text/plain;charset=zlib,x%9C")
    (p,) = get(d, "Parameters").children
    assert p.flag == "warning"
    assert get(d, "Text").value  # decoded as UTF-8 with replacement, nothing decompressed


@pytest.mark.parametrize(
    "charset", ["idna", "punycode", "unicode_escape", "undefined", "hex", "rot13", "%00", "\ud800"]
)
def test_python_only_or_bytes_codecs_are_not_charsets(charset: str) -> None:
    # "\N{...}" would be expanded by Python's unicode_escape; idna/punycode raise.
    d = decoders()["data"](f"data:text/plain;charset={charset},%5CN%7BBLACK%20STAR%7D%FF")
    (p,) = get(d, "Parameters").children
    assert p.flag == "warning"
    assert get(d, "Text").value == "\\N{BLACK STAR}\ufffd"


def test_fragment_is_not_data() -> None:
    d = decode("data:,abc#frag")
    assert d is not None and d.preview == b"abc"
    assert get(d, "Fragment").value == "frag"


def test_spans_after_astral_characters() -> None:
    text = "data:text/plain;charset=utf-8;𝔵=𝔶,😀%F0%9F%98%80"
    d = decode(text)
    assert d is not None
    assert get(d, "Media type").span.of(text) == "text/plain"  # type: ignore[union-attr]
    kids = get(d, "Parameters").children
    assert [k.span.of(text) for k in kids if k.span] == ["charset=utf-8", "𝔵=𝔶"]
    assert get(d, "Decoded size").span.of(text) == "😀%F0%9F%98%80"  # type: ignore[union-attr]
    assert get(d, "Text").value == "😀😀"


def test_preview_is_capped() -> None:
    raw = b"\x89PNG\r\n\x1a\n" + b"\x00" * (PREVIEW_LIMIT + 1000)
    d = decode("data:image/png;base64," + base64.b64encode(raw).decode())
    assert d is not None
    assert d.preview is not None and len(d.preview) == PREVIEW_LIMIT
    assert get(d, "Decoded size").value == f"{len(raw):,} bytes"


@pytest.mark.parametrize("encoding", ["base64", "percent"])
def test_one_megabyte_is_linear(encoding: str) -> None:
    def make(n: int) -> str:
        if encoding == "base64":
            return "data:image/png;base64," + base64.b64encode(
                b"\x89PNG\r\n\x1a\n" + b"\x07" * n
            ).decode()
        return "data:text/plain," + "%41b" * (n // 4)

    # 4x the input; quadratic string building would be ~16x.
    assert_linear(make, decode, 1 << 18, factor=4, what=encoding)
