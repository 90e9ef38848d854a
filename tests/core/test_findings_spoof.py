"""findings.spoof: a browser's display rules for one host label (Chromium's IDN checker)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from uriinspector.core.findings.spoof import label_risk


@pytest.mark.parametrize(
    ("label", "tld", "word"),
    [
        ("abc\u2013def", "com", "hyphen"),  # en dash
        ("abc\u2043def", "com", "hyphen"),  # hyphen bullet
        ("ip\u4e00address", "com", "stroke"),
        ("abc\u30fcdef", "jp", "prolonged"),
        ("\u304b\u30fd", "jp", "iteration"),
        ("a\u30fbb", "jp", "dot"),
        ("google\u3099", "com", "voiced"),
        ("foog\u0650", "com", "Script_Extensions"),
        ("\ud55c\u0307\uae00", "com", "accent"),
        ("pi\u0307xel", "com", "dot"),
        ("asc1deva\u0967", "in", "numbering"),
        ("1\u057734567890", "com", "digits"),
        ("\u0578\u057d\u0582\u0585", "com", "Armenian"),
        ("a\u00fecdef", "com", "Icelandic"),
        ("\u0259xample", "com", "Azerbaijani"),
        ("l\u00b7l", "com", "Catalan"),
        ("\ua188\ua320", "cn", "Yi"),
        ("hard\u1d21are", "com", "phonetic"),
        ("ab\u2665", "com", "symbol"),
        ("a\u02bcb", "com", "modifier"),
        ("caf\u00e9\uce74\ud398", "kr", "non-ASCII Latin"),
    ],
)
def test_each_rule_names_its_reason(label: str, tld: str, word: str) -> None:
    risk = label_risk(label, tld)
    assert risk is not None and word in risk.reason, (label, risk)


@pytest.mark.parametrize(
    ("label", "tld"),
    [
        ("b\u00fccher", "de"), ("\u30b3\u30de\u30fc\u30b9", "jp"), ("\u30c8\u309a", "jp"),
        ("\ud55c\uae00han", "kr"), ("\u4e00\u751fgamer", "com"), ("\u0578\u057d\u0582\u0585", "am"),
        ("l\u00b7l", "cat"), ("a\u00fecdef", "is"), ("\u0259xample", "az"),
        ("\u0442\u043e\u0440\u0442\u044b-123", "ru"), ("\u30d3\u30bf\u30df\u30f3b1", "com"),
        ("\u05e9\u05d1\u05f4\u05e6", "il"), ("\u1090\u1091\u1095\u1096\u1097", "mm"),
        ("plain-ascii", "com"),
    ],
)
def test_ordinary_labels_are_shown(label: str, tld: str) -> None:
    assert label_risk(label, tld) is None


@given(st.text(max_size=40), st.text(max_size=8))
def test_any_label_gets_an_answer_and_the_same_one_twice(label: str, tld: str) -> None:
    first = label_risk(label, tld)
    assert first == label_risk(label, tld)
    if label.isascii() or first is None:
        return
    assert first.code in ("mixed-script-host", "confusable-host") and first.reason


def test_a_long_label_is_judged_without_the_cache() -> None:
    from uriinspector.core.findings import spoof

    before = spoof._risk.cache_info().currsize
    assert label_risk("\u2013" + "a" * 100_000, "com") is not None
    assert spoof._risk.cache_info().currsize == before


def test_a_character_that_cannot_be_seen_is_named_by_its_stand_in() -> None:
    """A lone surrogate or a joiner in a label is shown as ⟨U+XXXX⟩ with its name, never
    raw (the message is displayed; a raw U+200D would vanish, a lone surrogate has no name)."""
    from uriinspector.core.analysis import analyze

    for uri, shown in (("http://ex\ud800ample.com/", "⟨U+D800⟩ (lone surrogate)"),
                       ("http://pay\u200dpal.com/", "⟨U+200D⟩ (ZERO WIDTH JOINER)")):
        messages = [f.message for f in analyze(uri).findings if "host label" in f.message]
        assert messages and all(shown in m for m in messages), messages
        assert not any("?)" in m or "\u200d" in m or "\ud800" in m for m in messages)
