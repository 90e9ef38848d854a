"""The one table of hidden characters and its marker (``core/hidden.py``, issue 15 item 10).

The sweep of the same characters through every output (field, findings, panes, reports,
terminal) is ``tests/gui/test_hidden_sweep.py``; here the table itself and the core's
own text: finding messages.
"""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from uriinspector.core.analysis import analyze
from uriinspector.core.findings.characters import BIDI_CHARS, INVISIBLE_CHARS
from uriinspector.core.hidden import (
    DEFAULT_IGNORABLE,
    has_hidden,
    hidden_name,
    hidden_positions,
    hidden_runs,
    is_hidden,
    marker,
    reveal,
)

#: One of each family the issue names (issue 15 item 10): controls, bidi controls,
#: format characters, unusual spaces, fillers, variation selectors, tags, a lone
#: surrogate, private use, a blank.
REPRESENTATIVE = (
    "\x00", "\t", "\n", "\x1b", "\x7f", "\x85",  # C0, DEL, C1
    "\u202e", "\u2066", "\u200f", "\u061c",  # bidi controls
    "\u200b", "\u200d", "\u2060", "\ufeff", "\u00ad",  # format, zero width
    "\u00a0", "\u2007", "\u3000", "\u2028",  # unusual spaces, line separator
    "\u3164", "\u115f", "\u1160", "\uffa0",  # Hangul fillers (printable to Python)
    "\ufe0f", "\U000e0101",  # variation selectors
    "\U000e0041", "\U000e0001",  # tag characters
    "\ud800", "\udfff",  # lone surrogates
    "\ue000",  # private use
    "\u2800",  # braille pattern blank
)

VISIBLE = ("a", "Z", "0", "-", ".", "%", " ", "é", "а", "漢", "😀", "\u0301", "⟨", "\ufffd")

_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def _default_ignorable(ch: str) -> bool:
    return any(first <= ord(ch) <= last for first, last in DEFAULT_IGNORABLE)


@pytest.mark.parametrize("ch", REPRESENTATIVE, ids=lambda c: f"U+{ord(c):04X}")
def test_representative_hidden_characters_are_hidden(ch: str) -> None:
    assert is_hidden(ch)
    assert marker(ch) == f"⟨U+{ord(ch):04X}⟩"
    assert reveal(f"a{ch}b") == f"a⟨U+{ord(ch):04X}⟩b"
    assert hidden_name(ch)  # every one has a name to show beside it


@pytest.mark.parametrize("ch", VISIBLE, ids=lambda c: f"U+{ord(c):04X}")
def test_visible_characters_are_themselves(ch: str) -> None:
    assert not is_hidden(ch)
    assert reveal(ch) == ch


def test_names() -> None:
    assert hidden_name("\u3164") == "HANGUL FILLER"
    assert hidden_name("\u202e") == "RIGHT-TO-LEFT OVERRIDE"
    assert hidden_name("\x00") == "NULL"
    assert hidden_name("\n") == "LINE FEED"
    assert hidden_name("\x7f") == "DELETE"
    assert hidden_name("\ud800") == "lone surrogate"
    assert hidden_name("\U000e0fff").startswith("unassigned code point")


@given(st.characters(codec=None))
def test_rule_is_categories_and_default_ignorable(ch: str) -> None:
    """Unicode: Cc/Cf/Cs/Co/Cn/Zl/Zp, every space but U+0020 (Zs), and the
    Default_Ignorable_Code_Point characters (UAX #44) are hidden; nothing else
    but the listed blanks."""
    category = unicodedata.category(ch)
    expected = (
        category in _HIDDEN_CATEGORIES
        or (category == "Zs" and ch != " ")
        or _default_ignorable(ch)
        or ch in ("\u2800", "\ufffc")
    )
    assert is_hidden(ch) == expected


@given(st.text(max_size=60))
def test_reveal_leaves_nothing_hidden_and_is_reversible(text: str) -> None:
    shown = reveal(text)
    assert not has_hidden(shown)
    assert has_hidden(text) == (shown != text)
    assert "".join(run for _, run in hidden_runs(text)) == text
    assert [i for i, c in enumerate(text) if is_hidden(c)] == list(hidden_positions(text))


def test_hidden_positions_bounds() -> None:
    text = "a\u200bb\u3164c\u202e"
    assert list(hidden_positions(text)) == [1, 3, 5]
    assert list(hidden_positions(text, 2, 5)) == [3]
    assert list(hidden_positions(text, 0, 99)) == [1, 3, 5]


def test_every_character_the_detectors_flag_is_in_the_table() -> None:
    """The bidi-control and invisible-character detectors flag a subset of the table:
    nothing a finding calls invisible is shown as itself anywhere."""
    for ch in (*BIDI_CHARS, *INVISIBLE_CHARS):
        assert is_hidden(ch), f"U+{ord(ch):04X}"


@pytest.mark.parametrize("ch", REPRESENTATIVE, ids=lambda c: f"U+{ord(c):04X}")
def test_finding_messages_show_the_marker(ch: str) -> None:
    """Findings quote evidence with the same marker: never the character itself."""
    text = f"http://www.example.com{ch}x@10.0.0.1/p{ch}q?{ch}=1"
    findings = analyze(text).findings
    assert findings
    for f in findings:
        assert not has_hidden(f.message), (f.code, f.message)
    assert any(marker(ch) in f.message for f in findings), [f.message for f in findings]


def test_hangul_filler_in_findings_text() -> None:
    """U+3164 was ``<U+3164>`` in findings, ``⟨U+3164⟩`` in the field (issue 15 item 10)."""
    messages = [f.message for f in analyze("http://pay\u3164pal.example/").findings]
    assert any("⟨U+3164⟩ HANGUL FILLER" in m for m in messages)
    assert not any("<U+3164>" in m for m in messages)
