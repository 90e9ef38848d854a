"""gui/offsets.py: code points ↔ UTF-16, the only converter (emoji, astral, chips)."""

from __future__ import annotations

import pytest

from uriinspector.gui.offsets import OffsetTable, utf16_length

CASES = {
    "ascii": "http://example.com/a?b#c",
    "emoji-before-host": "http://\U0001f600\U0001f600.example/x",
    "emoji-in-userinfo": "http://us\U0001f600er:p\U0001f511w@10.0.0.1/p",
    "emoji-in-path": "http://h/p\U0001f600th/\U0001f4a9?q=\U0001f600#\U0001f600",
    "tag-characters": "http://h/\U000e0041\U000e0042x",
    "mixed-bmp": "http://ex\u00e4mple\u202e.com/\u4e2d\u6587",
    "astral-first": "\U00010348://x",
    "empty": "",
}


def _units(text: str, index: int) -> int:
    return len(text[:index].encode("utf-16-le")) // 2


@pytest.mark.parametrize("text", CASES.values(), ids=CASES.keys())
def test_to_utf16_matches_utf16_encoding(text: str) -> None:
    table = OffsetTable(text)
    for i in range(len(text) + 1):
        assert table.to_utf16(i) == _units(text, i)
    assert table.utf16_length == utf16_length(text) == _units(text, len(text))


@pytest.mark.parametrize("text", CASES.values(), ids=CASES.keys())
def test_to_code_point_inverts_to_utf16(text: str) -> None:
    table = OffsetTable(text)
    for i in range(len(text) + 1):
        assert table.to_code_point(table.to_utf16(i)) == i


def test_low_surrogate_position_maps_to_its_character() -> None:
    text = "a\U0001f600b"
    table = OffsetTable(text)
    assert [table.to_code_point(u) for u in range(5)] == [0, 1, 1, 2, 3]


def test_span_to_utf16_after_astral_userinfo() -> None:
    text = "http://\U0001f600@host/"
    table = OffsetTable(text)
    host = text.index("host")
    assert table.span_to_utf16(host, host + 4) == (host + 1, 4)


def test_out_of_range_is_clamped() -> None:
    table = OffsetTable("a\U0001f600")
    assert table.to_utf16(-5) == 0
    assert table.to_utf16(99) == 3
    assert table.to_code_point(99) == 2


def test_single_unit_predicate_makes_chips_one_unit() -> None:
    text = "a\U000e0041b\U0001f600c"
    table = OffsetTable(text, single_unit=lambda ch: 0xE0000 <= ord(ch) <= 0xE007F)
    # the tag character is one unit (a chip), the emoji two
    assert [table.to_utf16(i) for i in range(6)] == [0, 1, 2, 3, 5, 6]
    assert table.utf16_length == 6


# Lone surrogates (issue 13 item 2): a Python str may hold them; each is one code
# point and one unit (in the field, one chip), and an astral character before them
# still counts two units. ``surrogatepass`` encodes them as the QString would hold them.
LONE = {
    "lone-high-at-end": "http://a/\ud800",
    "two-lone-halves": "\ud800\udc00",
    "lone-low-in-host": "http://\udfff.example/",
    "emoji-before-host-then-lone": "http://\U0001f600\U0001f600.\ud800x.example/\udcff",
    "emoji-in-userinfo-lone-after": "http://u\U0001f511@h\udc80st/\U0001f600\ud83d",
}


def _units_pass(text: str, index: int) -> int:
    return len(text[:index].encode("utf-16-le", "surrogatepass")) // 2


@pytest.mark.parametrize("text", LONE.values(), ids=LONE.keys())
def test_lone_surrogates_are_one_unit_each(text: str) -> None:
    table = OffsetTable(text)
    for i in range(len(text) + 1):
        assert table.to_utf16(i) == _units_pass(text, i)
        assert table.to_code_point(table.to_utf16(i)) == i
    assert table.utf16_length == _units_pass(text, len(text))


def test_field_chips_after_emoji_before_the_host() -> None:
    from uriinspector.gui.field.chips import is_chip_char

    text = LONE["emoji-before-host-then-lone"]
    table = OffsetTable(text, single_unit=is_chip_char)
    host = text.index("\ud800")
    # two emoji before it: two extra units; the lone surrogate itself is one chip
    assert table.to_utf16(host) == host + 2
    assert table.span_to_utf16(host, host + 2) == (host + 2, 2)
    assert table.to_code_point(table.to_utf16(len(text))) == len(text)
