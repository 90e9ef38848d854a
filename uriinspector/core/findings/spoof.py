"""A browser's display rules for one host label: when it shows the label as punycode.

Chromium's IDN spoof checker (components/url_formatter/spoof_checks, BSD-3-Clause; rules
learnt from its unit-test table and described here in our own words) keeps a label in
``xn--`` form when it could pass for another name. The rules, each a plain-language
reason:

* characters outside the identifier set (UTS #39 §5 "Identifier_Status=Allowed", UAX #31
  Tables 4 and 7): symbols and punctuation, modifier letters that read as quotes or
  dashes, scripts that are limited-use or historic, extremely rare Latin, Greek and
  Cyrillic blocks, conjoining Hangul jamo;
* dash look-alikes (U+02D7, U+2010-U+2015, U+2043, U+2212, U+2796, ...) and CJK
  ideographs made of one or two strokes (U+4E00, U+3127, U+4E28, ...) next to non-CJK
  text, where they read as a hyphen, a slash or a Latin letter;
* the Japanese context rules: the prolonged sound mark U+30FC after a kana only, the
  iteration marks U+30FD/U+30FE after Katakana only, the middle dot U+30FB never
  beside a Latin letter, combining voiced sound marks never, Katakana ノ ソ ゾ ン read
  as slashes beside non-Japanese text, Hiragana へ べ ぺ among Katakana (and the reverse);
* marks: a combining accent on a letter of a script other than Latin, Greek or
  Cyrillic, the same mark twice, a dot above on i, j, l or a mark on dotless ı;
  invisible joiners (U+200C, U+200D);
* scripts resolved through Script_Extensions (UAX #24): an Arabic vowel sign on a Latin
  or Hangul word mixes scripts; non-ASCII Latin mixed with any other script; digits of
  two numbering systems;
* labels made only of digits and digit look-alikes (``1շ34567890``, ``16კ``);
* whole-script look-alikes outside the script's own country code (``ոսւօ.com`` is
  Armenian reading "nuuo"; fine under ``.am``);
* letters tied to one language's top-level domain: þ and ð (.is, .fo), ə (.az), and the
  Catalan middle dot only between two l's under .cat.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from uriinspector.core.findings.base import CONFUSABLE_HOST, MIXED_SCRIPT_HOST
from uriinspector.core.findings.confusable_tables import script_alias
from uriinspector.core.findings.scripts import script_set
from uriinspector.core.hidden import hidden_name, is_hidden, marker


@dataclass(frozen=True, slots=True)
class LabelRisk:
    """Why a browser would not show this label in Unicode: the finding code and why."""

    code: str
    reason: str
    latin_lookalike: bool  # the label is made to read as Latin text or digits


# UAX #31 Table 5 (recommended scripts) plus Common and Inherited: any other script is
# limited-use (Table 7: Canadian Syllabics, Tifinagh, Yi, Mongolian, Miao, Vai,
# Cherokee, ...) or excluded (Table 4: Coptic, Old Italic, Runic, ...).
_RECOMMENDED = frozenset({
    "COMMON", "INHERITED", "LATIN", "GREEK", "CYRILLIC", "ARMENIAN", "HEBREW", "ARABIC",
    "THAANA", "DEVANAGARI", "BENGALI", "GURMUKHI", "GUJARATI", "ORIYA", "TAMIL",
    "TELUGU", "KANNADA", "MALAYALAM", "SINHALA", "THAI", "LAO", "TIBETAN", "MYANMAR",
    "GEORGIAN", "HANGUL", "ETHIOPIC", "KHMER", "HIRAGANA", "KATAKANA", "BOPOMOFO", "HAN",
})

#: Blocks with letters no living orthography uses in names (Chromium drops them from
#: its allowed set, as Mozilla's IDN blacklist does): (first, last, what they are).
_RARE_BLOCKS: tuple[tuple[int, int, str], ...] = (
    (0x0138, 0x0138, "the historic letter kra"),
    (0x01C0, 0x01C3, "the click letters, which read as | and !"),
    (0x01CD, 0x01DC, "Latin letters with Pinyin tone marks"),
    (0x0338, 0x0338, "a combining long solidus overlay, which reads as a slash"),
    (0x0591, 0x05C7, "the Hebrew vowel points and cantillation marks"),
    (0x1100, 0x11FF, "conjoining Hangul jamo"),
    (0x1C80, 0x1C8F, "Cyrillic Extended-C letters"),
    (0x1D00, 0x1DBF, "phonetic small capitals and modifier letters"),
    (0x1E00, 0x1E9B, "rare letters of Latin Extended Additional"),
    (0x1F00, 0x1FFF, "polytonic Greek"),
    (0x2C60, 0x2C7F, "Latin Extended-C letters"),
    (0x31F0, 0x31FF, "small Katakana extensions"),
    (0xA640, 0xA69F, "Cyrillic Extended-B letters"),
    (0xA720, 0xA7FF, "Latin Extended-D letters"),
    (0xA960, 0xA97F, "conjoining Hangul jamo"),
    (0xAB30, 0xAB6F, "Latin Extended-E letters"),
    (0xD7B0, 0xD7FF, "conjoining Hangul jamo"),
)
# IPA letters that West African and other orthographies do use (ɓ ɔ ɖ ɗ ɛ ɣ ɨ ɩ ɲ ʉ ʋ ʒ);
# the rest of the IPA block (0250-02AF, ɡ, ɑ, ʟ, ...) reads as plain Latin letters.
_IPA_IN_USE = frozenset("\u0253\u0254\u0256\u0257\u025b\u0263\u0268\u0269\u0272\u0289\u028b\u0292")
# Modifier letters that belong to a writing system (Japanese and Thai/Lao iteration and
# length marks, the Arabic tatweel, Armenian ՙ); the rest (ʻ ʼ ˬ ˗ ...) read as quotes,
# dashes or accents.
_MODIFIERS_IN_USE = frozenset(
    "\u3005\u3031\u3032\u3033\u3034\u3035\u303b\u309d\u309e\u30fc\u30fd\u30fe\uff70"
    "\u0e46\u0ec6\u0640\u06e5\u06e6\u0559"
)

#: Dash look-alikes a label may not hold (Unicode's Dash property, the minus signs and
#: UTS #39 confusables of HYPHEN-MINUS); U+30FC is judged by the kana rules instead.
_DASHES = frozenset(
    "\u00ad\u02d7\u058a\u05be\u1400\u1806\u2010\u2011\u2012\u2013\u2014\u2015"
    "\u2043\u2053\u207b\u208b\u2212\u2796\u2cba\u2cbb\u2e17\u2e1a\u2e3a\u2e3b\u2e40\u2e5d"
    "\u301c\u3030\u30a0\ufe31\ufe32\ufe58\ufe63\uff0d\U00010ead"
)

#: CJK ideographs and Bopomofo of one or two strokes: beside Latin letters or digits
#: they read as a hyphen, a slash or a letter (一 as "-", 丨 as "l", 七 as "t", 丫 as
#: "y", 乂 as "x", 丩 as "4", 〇 as "o", 工 as "I").
_STROKE_IDEOGRAPHS = frozenset(
    "\u4e00\u3127\u4e28\u4e5b\u4e03\u4e05\u4e06\u5341\u3007\u3112\u311a\u311f\u3128"
    "\u3129\u3108\u31ba\u31b3\u31b2\u5de5\u8ba0\u4e01\u4e29\u4e2b\u4e42\u3110"
    "\u4e36\u4e40\u4e41\u4e3f"
)
# Katakana read as a slash beside non-Japanese text: ノ ソ ゾ ン.
_SLASH_KANA = frozenset("\u30ce\u30bd\u30be\u30f3")
_JAPANESE = frozenset({"HIRAGANA", "KATAKANA", "HAN", "JPAN"})
_KANA = frozenset({"HIRAGANA", "KATAKANA"})
_CJK = frozenset({"HIRAGANA", "KATAKANA", "HAN", "BOPOMOFO", "JPAN", "HANB"})

#: Digits' look-alikes among letters: with ASCII digits they make a label read as a
#: number (շ as 2, з as 3, θ as 0, ვ as 3, კ as 3, ੜ as 3, б as 6, ...).
_DIGIT_LOOKALIKES = frozenset(
    "θ२২੨૨೩೭շзҙӡउওਤ੩૩౩ဒვპੜ੫丩ㄐճ৪੪୫૭୨౨კбȣ"
)

#: Whole-script look-alikes: the letters of each script that read as Latin ones, and
#: the country codes where a name in that script is ordinary. A label whose letters of
#: the script are all look-alikes reads as a Latin name (Chromium's per-script lists).
_WHOLE_SCRIPT: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "ARMENIAN": (frozenset("ագզէլհյոսւօՙ"), frozenset({"am", "հայ"})),
    "CYRILLIC": (
        frozenset("аысԁеԍһіюјӏорԗԛѕԝхуъьҽпгѵѡ"),
        frozenset({"bg", "by", "kz", "ru", "su", "ua", "uz", "mk", "rs", "kg", "tj", "mn",
                   "рф", "бел", "срб", "укр", "мкд", "қаз", "мон", "бг", "рус"}),
    ),
    "ETHIOPIC": (frozenset("ሀሠሰስበነተከዐዕዘጠፐꬅ"), frozenset({"er", "et"})),
    "GEORGIAN": (frozenset("იოყძხჽჿ"), frozenset({"ge", "გე"})),
    "GREEK": (frozenset("αικνρυωηοτ"), frozenset({"gr", "cy", "ελ", "ευ"})),
    "HEBREW": (frozenset("דוחיןסװײ׳ﬦ"), frozenset({"il", "ישראל"})),
    "BENGALI": (frozenset("০৭"), frozenset()),
    "DEVANAGARI": (frozenset("ऽ०ॱ"), frozenset()),
    "GUJARATI": (frozenset("ડટ૦૧"), frozenset()),
    "GURMUKHI": (frozenset("੦੧"), frozenset()),
    "KANNADA": (frozenset("ಽ೦೧"), frozenset()),
    "MALAYALAM": (frozenset("ടഠധനറ൦"), frozenset()),
    "ORIYA": (frozenset("ଠ୦୮"), frozenset()),
    "TAMIL": (frozenset("டப௦"), frozenset()),
    "TELUGU": (frozenset("౦౧"), frozenset()),
    "MYANMAR": (
        frozenset("ခဂငထပဝ၀၂ၔၜ\u1090\u1091\u1095\u1096\u1097"), frozenset({"mm"})
    ),
    # the larger of Chromium's two Thai sets (some fonts draw more of them like Latin)
    "THAI": (frozenset("ทนบพรหเแ๐ดลปฟม"), frozenset({"th"})),
    "LAO": (frozenset("ພຟຣຮບ໐ດ"), frozenset({"la"})),
}


def _script_of(ch: str) -> str:
    return script_alias(ch)


def _in(ch: str, scripts: frozenset[str]) -> bool:
    """``ch`` is used with one of ``scripts`` (Script_Extensions, UAX #24)."""
    found = script_set(ch)
    return found is not None and not found.isdisjoint(scripts)


def _rare(ch: str, tld: str) -> str | None:
    cp = ord(ch)
    for first, last, what in _RARE_BLOCKS:
        if first <= cp <= last:
            return what
    if 0x0250 <= cp <= 0x02AF and ch not in _IPA_IN_USE and not (ch == "ə" and tld == "az"):
        return "a phonetic (IPA) letter"
    return None


def _shown(ch: str) -> str:
    """A character named in a message: itself, or its stand-in when it cannot be seen."""
    if is_hidden(ch):
        return f"{marker(ch)} ({hidden_name(ch)})"
    return f"'{ch}' (U+{ord(ch):04X} {unicodedata.name(ch, 'unnamed')})"


def _character_rule(label: str, tld: str) -> LabelRisk | None:
    """Characters a name may not hold, or only under one country's domain."""
    for i, ch in enumerate(label):
        if ch.isascii():
            if not (ch.isalnum() or ch == "-"):
                return LabelRisk(CONFUSABLE_HOST, f"'{ch}' is not a character of a host "
                                 "name", True)
            continue
        shown = _shown(ch)
        if ch in _DASHES:
            return LabelRisk(CONFUSABLE_HOST, f"{shown} reads as a hyphen", True)
        if ch in "\u200c\u200d":
            return LabelRisk(CONFUSABLE_HOST, f"{shown} is invisible", True)
        cat = unicodedata.category(ch)
        if ch == "\u00b7":
            ok = tld == "cat" and 0 < i < len(label) - 1 and label[i - 1] == label[i + 1] == "l"
            if not ok:
                return LabelRisk(CONFUSABLE_HOST, f"{shown} belongs only between two l's "
                                 "in a Catalan (.cat) name", True)
            continue
        if ch == "\u30fb":
            near = label[i - 1 : i] + label[i + 1 : i + 2]
            if any(c.isascii() and c.isalpha() for c in near):
                return LabelRisk(CONFUSABLE_HOST, f"{shown} beside a Latin letter reads "
                                 "as a dot", True)
            continue
        if ch == "\u05f4" and all(_script_of(c) in ("HEBREW", "COMMON") for c in label):
            continue  # gershayim: Hebrew only
        if ch in "þð" and tld not in ("is", "fo") and len(label) > 1:
            return LabelRisk(CONFUSABLE_HOST, f"{shown} is Icelandic and Faroese only (.is, "
                             ".fo); elsewhere it stands for b, p or o", True)
        if ch == "ə" and tld != "az" and len(label) > 1:
            return LabelRisk(CONFUSABLE_HOST, f"{shown} is Azerbaijani only (.az); elsewhere "
                             "it stands for e or a", True)
        if cat[0] in "SPZC" and ch != "\u0f0b":
            return LabelRisk(CONFUSABLE_HOST, f"{shown} is a symbol or punctuation mark, "
                             "not a letter of a name", True)
        if cat == "Lm" and ch not in _MODIFIERS_IN_USE:
            return LabelRisk(CONFUSABLE_HOST, f"{shown} is a modifier letter that reads as "
                             "a quote, dash or accent", True)
        rare = _rare(ch, tld)
        if rare is not None:
            return LabelRisk(CONFUSABLE_HOST, f"{shown} is one of {rare}, which no name "
                             "needs", True)
        script = _script_of(ch)
        if script not in _RECOMMENDED:
            return LabelRisk(CONFUSABLE_HOST, f"{shown} is {script.title()} script, "
                             "which UAX #31 does not recommend for identifiers", False)
    return None


def _context_rule(label: str) -> LabelRisk | None:
    """Characters that are safe only beside the right neighbours (Japanese, CJK, marks)."""
    n = len(label)
    # letters of a script other than Chinese and Japanese ones (digits go with any)
    foreign = any(c.isalpha() and not _in(c, _CJK) for c in label)
    for i, ch in enumerate(label):
        if ch.isascii():
            continue
        before = label[i - 1] if i else ""
        after = label[i + 1] if i + 1 < n else ""
        shown = f"'{ch}' (U+{ord(ch):04X})"
        if ch in "\u30fc\uff70" and not (before and _in(before, _KANA)):
            return LabelRisk(CONFUSABLE_HOST, f"{shown}, the prolonged sound mark, follows "
                             "no kana and reads as a dash", True)
        if ch in "\u30fd\u30fe" and not (before and _in(before, frozenset({"KATAKANA"}))):
            return LabelRisk(CONFUSABLE_HOST, f"{shown}, a Katakana iteration mark, follows "
                             "no Katakana", True)
        if ch in "\u3099\u309a" and not (before and _in(before, _KANA)):
            return LabelRisk(CONFUSABLE_HOST, f"{shown}, a combining voiced sound mark, "
                             "sits on no kana", True)
        if ch in _SLASH_KANA and before and not _in(before, _JAPANESE):
            return LabelRisk(CONFUSABLE_HOST, f"{shown} beside non-Japanese text reads as "
                             "a slash", True)
        if ch in _STROKE_IDEOGRAPHS and foreign and any(
            c and not _in(c, _CJK) for c in (before, after)
        ):
            return LabelRisk(CONFUSABLE_HOST, f"{shown}, an ideograph of one or two "
                             "strokes, reads as a dash, a slash or a Latin letter beside "
                             "non-CJK text", True)
        if unicodedata.combining(ch) and before:
            if 0x0300 <= ord(ch) <= 0x036F and not _in(
                before, frozenset({"LATIN", "GREEK", "CYRILLIC"})
            ) and not unicodedata.combining(before):
                return LabelRisk(MIXED_SCRIPT_HOST, f"{shown}, a Latin accent, sits on "
                                 f"'{before}', a letter of another script", False)
            if before in "ıȷ" or (ch == "\u0307" and before in "ijl"):
                return LabelRisk(CONFUSABLE_HOST, f"{shown} on '{before}' reads as a "
                                 "plain dotted letter", True)
    for kana, other in (("KATAKANA", "\u3078\u3079\u307a"), ("HIRAGANA", "\u30d8\u30d9\u30da")):
        odd = [c for c in label if c in other]
        if odd and all(c in other or _in(c, frozenset({kana})) for c in label):
            return LabelRisk(CONFUSABLE_HOST, f"'{odd[0]}' is written the same in "
                             "Hiragana and Katakana and hides among the other", True)
    decomposed = unicodedata.normalize("NFD", label)
    for a, b in pairwise(decomposed):
        if a == b and unicodedata.combining(a):
            return LabelRisk(CONFUSABLE_HOST, f"the mark U+{ord(a):04X} is repeated: the "
                             "second one is invisible", True)
    return None


def _zero(ch: str) -> int | None:
    """The code point of the zero of ``ch``'s numbering system, if it is a digit."""
    if unicodedata.category(ch) != "Nd":
        return None
    return ord(ch) - unicodedata.digit(ch, 0)


def _script_rule(label: str) -> LabelRisk | None:
    """Script mixing that Scripts.txt alone does not show (Script_Extensions, digits)."""
    zeros = {z for z in map(_zero, label) if z is not None}
    if len(zeros) > 1:
        return LabelRisk(MIXED_SCRIPT_HOST, "it mixes digits of two numbering systems", True)
    scripts: set[str] = set()
    extended: list[tuple[str, frozenset[str]]] = []
    for ch in label:
        if ch.isascii():
            if ch.isalpha():
                scripts.add("LATIN")
            continue
        found = script_set(ch)
        if found is None:
            continue
        base = _script_of(ch)
        if base in ("COMMON", "INHERITED"):
            extended.append((ch, found))
        else:
            scripts.add(base)
    for ch, found in extended:
        if scripts and scripts.isdisjoint(found):
            names = ", ".join(sorted(s.title() for s in found if s.isalpha() and len(s) > 4))
            return LabelRisk(MIXED_SCRIPT_HOST, f"'{ch}' (U+{ord(ch):04X}) belongs to "
                             f"{names or 'another script'} (Script_Extensions), not to the "
                             "letters it sits among", False)
    if len(scripts) > 1 and "LATIN" in scripts and any(
        not c.isascii() and _script_of(c) == "LATIN" for c in label
    ):
        return LabelRisk(MIXED_SCRIPT_HOST, "a non-ASCII Latin letter is mixed with another "
                         "script (only plain a-z may go with Chinese, Japanese or Korean)",
                         False)
    return None


def _home(ch: str, tld: str) -> bool:
    """``tld`` is a domain of the country or script ``ch`` is written in."""
    script = _script_of(ch)
    home = _WHOLE_SCRIPT.get(script)
    return (home is not None and tld in home[1]) or any(_script_of(c) == script for c in tld)


def _digits_rule(label: str, tld: str) -> LabelRisk | None:
    """A label of digits and digit look-alikes reads as a number it is not (a label of
    one script's own digits is ordinary under that script's domain)."""
    if any(not c.isascii() and _home(c, tld) for c in label):
        return None
    lookalike = ascii_digits = False
    for ch in label:
        if ch.isascii() and (ch.isdigit() or ch == "-"):
            ascii_digits = ascii_digits or ch.isdigit()
            continue
        if ch in _DIGIT_LOOKALIKES:
            lookalike = True
            continue
        if unicodedata.category(ch) == "Nd":
            continue  # a script's own digits pose as ASCII ones only beside them
        return None
    if lookalike or (ascii_digits and not label.isascii()):
        return LabelRisk(CONFUSABLE_HOST, "it is made of digits and characters that look "
                         "like digits, so it reads as another number", True)
    return None


def _whole_script_rule(label: str, tld: str) -> LabelRisk | None:
    """A label whose letters of one script all read as Latin ones, outside that script's
    own country codes."""
    for script, (lookalikes, home) in _WHOLE_SCRIPT.items():
        letters = {c for c in label if not c.isascii() and _script_of(c) == script}
        if not letters or not letters <= lookalikes:
            continue
        if tld in home or any(_script_of(c) == script for c in tld):
            return None
        return LabelRisk(CONFUSABLE_HOST, f"every {script.title()} letter in it "
                         f"({''.join(sorted(letters))}) reads as a Latin letter or digit, "
                         f"and .{tld} is not a {script.title()}-speaking domain", True)
    return None


@lru_cache(maxsize=4096)
def _risk(label: str, tld: str) -> LabelRisk | None:
    return (
        _character_rule(label, tld)
        or _context_rule(label)
        or _script_rule(label)
        or _digits_rule(label, tld)
        or _whole_script_rule(label, tld)
    )


def label_risk(label: str, tld: str) -> LabelRisk | None:
    """The first reason a browser would keep ``label`` (lowercase Unicode, under the
    top-level domain ``tld``) in punycode, or None when it may be shown as Unicode."""
    if label.isascii():
        return None
    if len(label) > 255:  # far past DNS size: judged, not cached
        return _risk.__wrapped__(label, tld)
    return _risk(label, tld)
