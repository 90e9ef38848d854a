"""The per-character view: class per edition, component or delimiter, escapes decoded."""

from __future__ import annotations

import pytest

from uriinspector.core.characters import classify_characters
from uriinspector.core.charsets import CHAR_CLASSES, char_class
from uriinspector.core.grammar import chars
from uriinspector.core.parse import parse


def test_one_info_per_code_point_with_components_and_delimiters() -> None:
    infos = classify_characters(parse("http://u@h:1/p?q#f"))
    assert [i.index for i in infos] == list(range(18))
    assert [i.component for i in infos] == [
        *["scheme"] * 4,
        "delimiter:scheme-colon",
        *["delimiter:authority-slashes"] * 2,
        "userinfo",
        "delimiter:userinfo-at",
        "host",
        "delimiter:port-colon",
        "port",
        *["path"] * 2,
        "delimiter:query-mark",
        "query",
        "delimiter:fragment-hash",
        "fragment",
    ]


def test_utf8_run_of_triplets_decodes_on_every_character() -> None:
    infos = classify_characters(parse("/%C3%A9"))
    assert [i.escape_octet for i in infos[1:]] == [0xC3] * 3 + [0xA9] * 3
    assert {i.decoded for i in infos[1:]} == {"\u00e9"}
    assert {i.char_class for i in infos[1:]} == {"escape"}


def test_invalid_utf8_keeps_the_octet_without_a_character() -> None:
    infos = classify_characters(parse("/%FF%C3"))
    assert [i.escape_octet for i in infos[1:]] == [0xFF] * 3 + [0xC3] * 3
    assert all(i.decoded is None for i in infos)


def test_ascii_triplet_decodes_to_its_character() -> None:
    infos = classify_characters(parse("/%41%2F%F0%9F%98%80"))
    assert infos[1].decoded == "A" and infos[4].decoded == "/"
    assert {i.decoded for i in infos[7:]} == {"\U0001f600"}


def test_malformed_triplet_is_not_an_escape() -> None:
    infos = classify_characters(parse("/%G1"))
    assert infos[1].escape_octet is None and infos[1].char_class == "escape"
    assert infos[2].char_class == "unreserved"


@pytest.mark.parametrize(
    ("ch", "name"),
    [
        ("\u00e9", "LATIN SMALL LETTER E WITH ACUTE"),
        ("\ud800", "<surrogate U+D800>"),
        ("\U000e0080", "<unnamed U+E0080>"),
        ("a", None),
    ],
)
def test_unicode_names(ch: str, name: str | None) -> None:
    (info,) = classify_characters(parse(ch))
    assert info.unicode_name == name


def test_classes_follow_the_edition() -> None:
    text = "a!~[#"
    assert [i.char_class for i in classify_characters(parse(text, "rfc3986"))] == [
        "unreserved",
        "sub-delim",
        "unreserved",
        "gen-delim",
        "gen-delim",
    ]
    assert [i.char_class for i in classify_characters(parse(text, "rfc2396"))] == [
        "unreserved",
        "mark",
        "mark",
        "excluded-unwise",
        "excluded-delims",
    ]
    assert [i.char_class for i in classify_characters(parse(text, "draft-1993"))] == [
        "alphanum",
        "extra",
        "variant",
        "variant",
        "reserved",
    ]


@pytest.mark.parametrize("edition", sorted(CHAR_CLASSES))
def test_every_ascii_character_has_a_class(edition: str) -> None:
    assert set(CHAR_CLASSES[edition]) == {chr(c) for c in range(128)}
    assert char_class("\u00e9", edition) == "non-ascii"
    assert char_class("\udc00", edition) == "surrogate"


def test_rfc3986_tables_match_the_abnf() -> None:
    # RFC 3986 §2.2/§2.3; python-hyper/rfc3986 once put "!" in unreserved: guard against drift
    unreserved = {c for c in map(chr, range(128)) if char_class(c, "rfc3986") == "unreserved"}
    assert "".join(sorted(unreserved)) == "".join(
        sorted("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    )
    assert {c for c in map(chr, range(128)) if char_class(c, "rfc3986") == "sub-delim"} == set(
        "!$&'()*+,;="
    )
    assert chars(frozenset("-]^")) == "\\-\\]\\^"
