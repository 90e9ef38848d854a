"""Scripts of host-name characters, resolved through Script_Extensions (UAX #24, UTS #39).

``confusable_homoglyphs`` ships Scripts.txt only (its ``categories.alias``): a character
used by several scripts (the prolonged sound mark ー, Arabic-Indic digits, the Cyrillic
titlo) is just Common or Inherited there. Script_Extensions narrows those to the scripts
that really use them. ``resolved_scripts`` is UTS #39 §5.1's resolved script set: the
intersection of every character's set, Common and Inherited characters without an
extension counting as every script. An empty result means the label mixes scripts.

The table below holds the Script_Extensions entries of the Unicode Character Database
(ScriptExtensions-12.0.0.txt, © Unicode, Inc., Unicode terms of use) for characters a
host label can hold: letters, marks and digits (punctuation and symbols are left out,
IDNA does not allow them in a label).
"""

from __future__ import annotations

from functools import lru_cache

from uriinspector.core.findings.confusable_tables import script_alias

_CODES = {
    "Adlm": "ADLAM", "Arab": "ARABIC", "Beng": "BENGALI", "Bopo": "BOPOMOFO",
    "Bugi": "BUGINESE", "Cakm": "CHAKMA", "Copt": "COPTIC", "Cyrl": "CYRILLIC",
    "Deva": "DEVANAGARI", "Dogr": "DOGRA", "Glag": "GLAGOLITIC", "Gran": "GRANTHA",
    "Grek": "GREEK", "Gujr": "GUJARATI", "Guru": "GURMUKHI", "Hani": "HAN",
    "Hira": "HIRAGANA", "Java": "JAVANESE", "Kana": "KATAKANA", "Khoj": "KHOJKI",
    "Knda": "KANNADA", "Kthi": "KAITHI", "Latn": "LATIN", "Mahj": "MAHAJANI",
    "Mand": "MANDAIC", "Mani": "MANICHAEAN", "Mlym": "MALAYALAM", "Mult": "MULTANI",
    "Mymr": "MYANMAR", "Nand": "NANDINAGARI", "Orya": "ORIYA", "Perm": "OLD_PERMIC",
    "Phlp": "PSALTER_PAHLAVI", "Rohg": "HANIFI_ROHINGYA", "Shrd": "SHARADA",
    "Sogd": "SOGDIAN", "Syrc": "SYRIAC", "Sylo": "SYLOTI_NAGRI", "Tale": "TAI_LE",
    "Taml": "TAMIL", "Telu": "TELUGU", "Thaa": "THAANA", "Tirh": "TIRHUTA",
}

# (first, last, scripts): ScriptExtensions-12.0.0.txt, letters, marks and digits only.
_SCX: tuple[tuple[int, int, str], ...] = (
    (0x1CF7, 0x1CF7, "Beng"),
    (0x1CD1, 0x1CD1, "Deva"), (0x1CD4, 0x1CD4, "Deva"), (0x1CDB, 0x1CDB, "Deva"),
    (0x1CDE, 0x1CDF, "Deva"), (0x1CE2, 0x1CE8, "Deva"), (0x1CEB, 0x1CEC, "Deva"),
    (0x1CEE, 0x1CF1, "Deva"),
    (0x0342, 0x0342, "Grek"), (0x0345, 0x0345, "Grek"), (0x1DC0, 0x1DC1, "Grek"),
    (0x3006, 0x3006, "Hani"),
    (0x0363, 0x036F, "Latn"),
    (0x1CFA, 0x1CFA, "Nand"),
    (0x102E0, 0x102E0, "Arab Copt"),
    (0x064B, 0x0655, "Arab Syrc"), (0x0670, 0x0670, "Arab Syrc"),
    (0x0660, 0x0669, "Arab Thaa"), (0xFDF2, 0xFDF2, "Arab Thaa"),
    (0x1CD5, 0x1CD6, "Beng Deva"), (0x1CD8, 0x1CD8, "Beng Deva"), (0x1CE1, 0x1CE1, "Beng Deva"),
    (0x1CEA, 0x1CEA, "Beng Deva"), (0x1CED, 0x1CED, "Beng Deva"), (0x1CF5, 0x1CF6, "Beng Deva"),
    (0xA8F1, 0xA8F1, "Beng Deva"),
    (0x302A, 0x302D, "Bopo Hani"),
    (0xA9CF, 0xA9CF, "Bugi Java"),
    (0x0484, 0x0484, "Cyrl Glag"), (0x0487, 0x0487, "Cyrl Glag"), (0xA66F, 0xA66F, "Cyrl Glag"),
    (0x0485, 0x0486, "Cyrl Latn"),
    (0x0483, 0x0483, "Cyrl Perm"),
    (0x1CF3, 0x1CF3, "Deva Gran"), (0x1CF8, 0x1CF9, "Deva Gran"),
    (0x1CE9, 0x1CE9, "Deva Nand"),
    (0x1CD7, 0x1CD7, "Deva Shrd"), (0x1CD9, 0x1CD9, "Deva Shrd"), (0x1CDC, 0x1CDD, "Deva Shrd"),
    (0x1CE0, 0x1CE0, "Deva Shrd"),
    (0xA8F3, 0xA8F3, "Deva Taml"),
    (0x0BE6, 0x0BEF, "Gran Taml"), (0x11301, 0x11301, "Gran Taml"),
    (0x11303, 0x11303, "Gran Taml"), (0x1133B, 0x1133C, "Gran Taml"),
    (0x0AE6, 0x0AEF, "Gujr Khoj"),
    (0x0A66, 0x0A6F, "Guru Mult"),
    (0x3031, 0x3035, "Hira Kana"), (0x3099, 0x309A, "Hira Kana"), (0x30A0, 0x30A0, "Hira Kana"),
    (0x30FC, 0x30FC, "Hira Kana"), (0xFF70, 0xFF70, "Hira Kana"), (0xFF9E, 0xFF9F, "Hira Kana"),
    (0x0CE6, 0x0CEF, "Knda Nand"),
    (0x09E6, 0x09EF, "Beng Cakm Sylo"),
    (0x1040, 0x1049, "Cakm Mymr Tale"),
    (0x1CF4, 0x1CF4, "Deva Gran Knda"),
    (0x20F0, 0x20F0, "Deva Gran Latn"),
    (0x303C, 0x303C, "Hani Hira Kana"),
    (0x1CD0, 0x1CD0, "Beng Deva Gran Knda"), (0x1CD2, 0x1CD2, "Beng Deva Gran Knda"),
    (0x0966, 0x096F, "Deva Dogr Kthi Mahj"),
    (0x1CDA, 0x1CDA, "Deva Knda Mlym Orya Taml Telu"),
    (0x1CF2, 0x1CF2, "Beng Deva Gran Knda Nand Telu Tirh"),
    (0x0640, 0x0640, "Adlm Arab Mand Mani Phlp Rohg Sogd Syrc"),
    (0x0952, 0x0952, "Beng Deva Gran Gujr Guru Knda Latn Mlym Orya Taml Telu Tirh"),
    (0x0951, 0x0951, "Beng Deva Gran Gujr Guru Knda Latn Mlym Orya Shrd Taml Telu Tirh"),
)

_NEUTRAL = frozenset({"COMMON", "INHERITED", "Unknown"})

# UTS #39 §5.1 augmented script sets: Han goes with Japanese, Korean and Bopomofo writing.
_AUGMENT = {
    "HAN": frozenset({"JPAN", "KORE", "HANB"}),
    "HIRAGANA": frozenset({"JPAN"}),
    "KATAKANA": frozenset({"JPAN"}),
    "HANGUL": frozenset({"KORE"}),
    "BOPOMOFO": frozenset({"HANB"}),
}


def _augmented(scripts: frozenset[str]) -> frozenset[str]:
    extra = [_AUGMENT[s] for s in scripts if s in _AUGMENT]
    return scripts.union(*extra) if extra else scripts


@lru_cache(maxsize=1)
def _table() -> dict[int, frozenset[str]]:
    out: dict[int, frozenset[str]] = {}
    for first, last, codes in _SCX:
        names = frozenset(_CODES[c] for c in codes.split())
        for cp in range(first, last + 1):
            out[cp] = names
    return out


@lru_cache(maxsize=4096)
def script_set(ch: str) -> frozenset[str] | None:
    """The scripts ``ch`` is used with (Script_Extensions, else its Script, augmented as
    UTS #39 §5.1 says); None for a Common or Inherited character without extensions (it
    goes with every script)."""
    ext = _table().get(ord(ch))
    if ext is not None:
        return _augmented(ext)
    script = script_alias(ch)
    return None if script in _NEUTRAL else _augmented(frozenset({script}))


def resolved_scripts(text: str) -> frozenset[str] | None:
    """UTS #39 §5.1 resolved script set of ``text``: None when every character goes with
    every script (digits, hyphens), empty when no one script covers all characters."""
    resolved: frozenset[str] | None = None
    for ch in text:
        if ch.isascii() and not ch.isalpha():
            continue
        scripts = script_set(ch)
        if scripts is None:
            continue
        resolved = scripts if resolved is None else resolved & scripts
        if not resolved:
            return resolved
    return resolved
