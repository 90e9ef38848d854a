"""The bad-character patterns of ``core/characters.py`` are spelled as positive classes
(fast to compile); they must match exactly what the negated spelling
``[^allowed%\\x00-\\x1f\\x7f-\\U0010ffff]+`` matched (RFC 3986 §2: a component's
characters outside its alphabet)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.core import charsets
from uriinspector.core.characters import bad_ascii_pattern, bad_chars_source
from uriinspector.core.grammar import chars

ALPHABETS = [v for v in vars(charsets).values() if isinstance(v, frozenset) and v]
PRINTABLE = "".join(map(chr, range(0x20, 0x7F)))
#: Every printable ASCII character, the controls, DEL, Latin-1, a surrogate, an emoji.
PROBES = PRINTABLE + "\x00\x1f\x7f\x80\xa0\xe9\u0430\ufeff\ud800\udfff\U0001f600\U0010ffff"


def negated(allowed: frozenset[str]) -> re.Pattern[str]:
    """The former spelling of the same pattern."""
    return re.compile(f"[^{chars(allowed)}%\\x00-\\x1f\\x7f-\\U0010ffff]+")


def test_the_project_alphabets_are_many() -> None:
    assert len(ALPHABETS) >= 10


def test_every_project_alphabet_matches_the_same_characters() -> None:
    for allowed in ALPHABETS:
        old = negated(allowed)
        new = bad_ascii_pattern(allowed).get()
        for c in PROBES:
            assert (old.fullmatch(c) is None) == (new.fullmatch(c) is None), (sorted(allowed), c)


@settings(max_examples=200, deadline=None)
@given(
    allowed=st.frozensets(st.sampled_from(PRINTABLE + "\x00\x7f\xe9")),
    text=st.text(alphabet=st.sampled_from(PROBES), max_size=30),
)
def test_any_alphabet_finds_the_same_runs(allowed: frozenset[str], text: str) -> None:
    old = [m.span() for m in negated(allowed).finditer(text)]
    new = [m.span() for m in re.compile(bad_chars_source(allowed)).finditer(text)]
    assert old == new


def test_an_alphabet_holding_all_printable_ascii_finds_nothing() -> None:
    source = bad_chars_source(frozenset(PRINTABLE))
    assert re.compile(source).search(PROBES) is None
