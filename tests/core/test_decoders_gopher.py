"""gopher decoder: item type, selector, search string (1993 draft; RFC 1738 §3.4).

The 1997 and 2003 drafts' §1.3 examples both have a selector that starts with a
copy of the type character, which the 1993 draft's Gopher section explains.
"""

from __future__ import annotations

import pytest

from uriinspector.core.decoders import DecodedField, SchemeDecoding, decode
from uriinspector.core.decoders.gopher import EXTENDED_TYPES, ITEM_TYPES


def get(d: SchemeDecoding | None, label: str) -> DecodedField:
    assert d is not None
    return next(f for f in d.fields if f.label == label)


def all_of(d: SchemeDecoding | None, label: str) -> list[DecodedField]:
    assert d is not None
    return [f for f in d.fields if f.label == label]


@pytest.mark.req("1.3-1")
def test_rfc2396_example_doubled_type_character() -> None:
    text = "gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles"
    d = decode(text)
    t = get(d, "Item type")
    assert t.value == "0 — text file"
    assert t.span is not None and t.span.of(text) == "0"
    assert t.span.start == text.index("/00/") + 1
    s = get(d, "Selector")
    assert s.value == "0/Weather/California/Los Angeles"
    assert s.span is not None and s.span.of(text) == "0/Weather/California/Los%20Angeles"
    assert "twice" in (s.note or "") and "1993 draft" in (s.note or "")
    assert get(d, "Port").value == "70 (default)"


def test_draft2003_example_directory_with_port() -> None:
    text = "gopher://gopher.tc.umn.edu:70/11/Mailing%20Lists/"
    d = decode(text)
    assert get(d, "Item type").value == "1 — directory (menu)"
    assert get(d, "Selector").value == "1/Mailing Lists/"
    assert get(d, "Port").value == "70"


@pytest.mark.parametrize("text", ["gopher://gopher.example", "gopher://gopher.example/"])
def test_default_type_is_1(text: str) -> None:
    t = get(decode(text), "Item type")
    assert t.value.startswith("1 — directory")
    assert "defaults" in (t.note or "")


def test_search_and_gopher_plus_strings_rfc1738_3_4() -> None:
    text = "gopher://search.example/7/veronica%09gopher%20history%09%2B"
    d = decode(text)
    assert get(d, "Item type").value == "7 — index-search server"
    assert get(d, "Selector").value == "/veronica"
    search = get(d, "Search")
    assert search.value == "gopher history"
    assert search.span is not None and search.span.of(text) == "gopher%20history"
    plus = get(d, "Gopher+ string")
    assert plus.value == "+"


def test_1993_draft_question_mark_search() -> None:
    d = decode("gopher://h/7index?cats+dogs")
    (search,) = all_of(d, "Search")
    assert search.value == "cats+dogs"
    assert "1993 draft" in (search.note or "")


@pytest.mark.parametrize(
    ("gtype", "words", "flag"),
    [
        ("9", "binary", None),
        ("g", "GIF", None),
        ("I", "image", None),
        ("h", "HTML", None),
        ("i", "informational", None),
        ("Z", "Z", "warning"),
        ("%", "%", "warning"),
    ],
)
def test_item_types(gtype: str, words: str, flag: str | None) -> None:
    t = get(decode(f"gopher://h/{gtype}sel"), "Item type")
    assert words in t.value and t.flag == flag


def test_type_tables_do_not_overlap() -> None:
    assert not set(ITEM_TYPES) & set(EXTENDED_TYPES)
    assert set("0123456789+Tg I".replace(" ", "")) <= set(ITEM_TYPES)


def test_spans_after_astral_characters() -> None:
    text = "gopher://😀.example/0𝔰𝔢𝔩%09𝔮"
    d = decode(text)
    assert get(d, "Item type").span.of(text) == "0"  # type: ignore[union-attr]
    assert get(d, "Selector").span.of(text) == "𝔰𝔢𝔩"  # type: ignore[union-attr]
    assert get(d, "Search").span.of(text) == "𝔮"  # type: ignore[union-attr]
