"""Internationalized host names: punycode, mixed scripts and Latin look-alikes.

IDNA conversions use the ``idna`` package (IDNA 2008 with UTS #46 mapping, RFC 5891),
never a hand-written punycode. Scripts come from Unicode's Scripts.txt and look-alikes
from UTS #39 ``confusables.txt``, both from the ``confusable_homoglyphs`` data files
through ``confusable_tables`` (tables generated from them); they are loaded lazily, only
when a host is not plain ASCII.

Legitimate single-script names (``münchen.de``, ``例え.jp``, ``яндекс.рф``) raise no
danger: only mixing scripts in one label, or a label made entirely of look-alikes
of Latin letters ("аррӏе.com reads as apple.com"), does.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import TYPE_CHECKING, TypeVar

from uriinspector.core.domains import HOST_CACHE_SIZE
from uriinspector.core.findings.base import (
    CONFUSABLE_HOST,
    MIXED_SCRIPT_HOST,
    PUNYCODE_HOST,
    Finding,
    FindingSeverity,
    ForeignLetter,
    pct_decode,
    show,
)
from uriinspector.core.findings.confusable_tables import latin_table, script_alias
from uriinspector.core.findings.spoof import LabelRisk, label_risk
from uriinspector.core.grammar import LazyPattern
from uriinspector.core.spans import Span
from uriinspector.core.split import SplitReference
from uriinspector.core.whatwg import WhatwgReading

if TYPE_CHECKING:
    from functools import _lru_cache_wrapper

T = TypeVar("T")

# UTS #46 treats these as label separators too (full stops of other scripts).
_DOTS = LazyPattern("[.\u3002\uff0e\uff61]")
_NEUTRAL = frozenset({"COMMON", "INHERITED", "Unknown"})
# UTS #39 §5.1 "Highly Restrictive": Latin may mix with these East Asian sets only.
_ALLOWED_MIXES: tuple[frozenset[str], ...] = (
    frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"LATIN", "HAN", "BOPOMOFO"}),
    frozenset({"LATIN", "HAN", "HANGUL"}),
)
# Top-level domains in Cyrillic script or of Cyrillic-writing countries: a
# whole-script Cyrillic name under them is ordinary (as Chromium's IDN policy treats it).
CYRILLIC_TLDS = frozenset(
    {"ru", "su", "ua", "by", "kz", "bg", "mk", "rs", "mn", "kg", "tj", "uz", "рф", "бел",
     "срб", "укр", "мкд", "қаз", "мон", "бг", "рус", "сайт", "онлайн", "дети", "орг", "ком"}
)
GREEK_TLDS = frozenset({"gr", "cy", "ελ", "ευ"})


@lru_cache(maxsize=4096)
def _script(ch: str) -> str:
    """The script alias of one character (cached: a look-alike host repeats its letters,
    and the window re-analyses the same host on every keystroke)."""
    return script_alias(ch)


# confusables.txt maps the palochka (U+04CF) to "i", yet it has no dot: people read
# it as "l" ("аррӏе" is read "apple"). Dotless vertical strokes read as "l".
_READS_AS = {"\u04cf": "l", "\u04c0": "l", "\u01c0": "l", "\u2170": "i", "\u217c": "l"}


@lru_cache(maxsize=1)
def latin_lookalikes() -> dict[str, str]:
    """Map each non-ASCII character that UTS #39 lists as a look-alike of one ASCII
    letter or digit to that character (``"а" -> "a"``, ``"ı" -> "i"``).

    Letters with a visible diacritic (``é``, ``ü``) are not look-alikes and are not in
    the data; they stay distinct. The table is ``confusable_tables.latin_table`` (read
    from its generated module) with the dotless strokes above.
    """
    out = dict(latin_table())
    out.update(_READS_AS)
    return out


@lru_cache(maxsize=4096)
def to_unicode(label: str) -> str | None:
    """The Unicode form of an ``xn--`` label via ``idna`` (None if it does not decode).

    Cached: the window re-analyses the same host on every keystroke, and ``idna``'s
    pure-Python punycode costs about 0.3 ms per label.
    """
    import idna

    try:
        return str(idna.decode(label))
    except (idna.IDNAError, UnicodeError, ValueError, IndexError):
        try:
            return label[4:].encode("ascii").decode("punycode")  # idna's own codec path
        except (UnicodeError, ValueError):
            return None


@lru_cache(maxsize=4096)
def to_ascii(name: str) -> str | None:
    """The ASCII (``xn--``) form of a Unicode name via ``idna`` with UTS #46 mapping."""
    import idna

    try:
        return str(idna.encode(name, uts46=True).decode("ascii"))
    except (idna.IDNAError, UnicodeError, ValueError, IndexError):
        return None


def _label_spans(host_text: str, start: int) -> list[tuple[str, Span]]:
    out: list[tuple[str, Span]] = []
    pos = 0
    for m in _DOTS.finditer(host_text):
        out.append((host_text[pos : m.start()], Span(start + pos, start + m.start())))
        pos = m.end()
    out.append((host_text[pos:], Span(start + pos, start + len(host_text))))
    return out


def foreign_letters(label: str, span: Span, literal: bool) -> list[ForeignLetter]:
    """The letters of ``label`` that read as a Latin letter or digit (UTS #39).

    ``literal``: ``label`` is the input's own text at ``span`` (each letter gets its own
    one-code-point span); otherwise it is decoded (punycode, ``%XX``) and every letter
    points at ``span``, the text that encodes it.
    """
    out: list[ForeignLetter] = []
    for j, c, name, reading, reading_name in _cached_if_short(_label_letters, label):
        where = Span(span.start + j, span.start + j + 1) if literal else span
        out.append(ForeignLetter(c, where, name, reading, reading_name, literal))
    return out


#: Longest label whose letters are cached (DNS allows 63; a pasted megabyte-long label
#: would keep ~100 MB of tuples in the cache until 4,096 others pushed it out).
_CACHED_LABEL = 255


@lru_cache(maxsize=4096)
def _label_letters(label: str) -> tuple[tuple[int, str, str, str, str], ...]:
    """``(offset, letter, its name, what it reads as, that name)`` per foreign letter of
    ``label`` (cached: the window re-analyses the same host on every keystroke)."""
    lookalike = latin_lookalikes()
    out: list[tuple[int, str, str, str, str]] = []
    for j, c in enumerate(label):
        if c.isascii():
            continue
        folded = unicodedata.normalize("NFKC", c).casefold()
        reading = lookalike.get(folded) if len(folded) == 1 else None
        if reading is None:
            continue
        if c != c.lower() and reading.isalpha():
            reading = reading.upper()  # a capital looks like a capital
        out.append((
            j, c, unicodedata.name(c, f"U+{ord(c):04X}"), reading,
            unicodedata.name(reading, reading),
        ))
    return tuple(out)


#: Places named per foreign letter in a finding's message.
_SPOTS = 8


def _cached_if_short(cached: _lru_cache_wrapper[T], key: str | tuple[ForeignLetter, ...]) -> T:
    """``cached(key)``, through its cache only for a key of DNS size (at most
    :data:`_CACHED_LABEL` long): a megabyte-long label's answer would stay in it."""
    return cached(key) if len(key) <= _CACHED_LABEL else cached.__wrapped__(key)


@lru_cache(maxsize=1024)
def name_letters(letters: tuple[ForeignLetter, ...]) -> str:
    """Each foreign letter once, with where it stands: ``the `о` at code points 9, 10 is
    CYRILLIC SMALL LETTER O, looks like LATIN SMALL LETTER O``."""
    spots: dict[str, list[Span]] = {}
    first: dict[str, ForeignLetter] = {}
    for letter in letters:
        first.setdefault(letter.char, letter)
        seen = spots.setdefault(letter.char, [])
        # only the first _SPOTS places are named: a longer list made this quadratic
        # (a 64 K host of look-alikes took 7 s, one membership test per letter)
        if len(seen) < _SPOTS and letter.span not in seen:
            seen.append(letter.span)
    parts = []
    for char, letter in list(first.items())[:6]:
        at = spots[char]
        if letter.literal:
            where = f"at code point{'s' if len(at) > 1 else ''} " + ", ".join(
                str(sp.start) for sp in at
            )
        else:
            where = "encoded at code points " + ", ".join(f"{sp.start}–{sp.end}" for sp in at)
        parts.append(
            f"the `{show(char)}` {where} is {letter.name}, looks like {letter.looks_like_name}"
        )
    if len(first) > 6:
        parts.append(f"and {len(first) - 6} more")
    return "; ".join(parts)


def _top_label(labels: list[tuple[str, Span]]) -> str:
    """The top-level label, lowercase Unicode (``xn--p1ai`` → ``рф``): the display rules
    depend on it (a Cyrillic name is ordinary under .ru, þ under .is)."""
    last = next((lab for lab, _ in reversed(labels) if lab), "")
    if not last:
        return ""
    top = unicodedata.normalize("NFKC", last).casefold()
    return (to_unicode(top) or top) if top.startswith("xn--") else top


def _risk_findings(
    risks: list[tuple[str, Span, LabelRisk]], found: list[Finding]
) -> list[Finding]:
    """One finding per label a browser would keep in punycode (spoof.py's rules), unless
    the label already has a finding of that code."""
    out: list[Finding] = []
    confusable = any(f.code == CONFUSABLE_HOST for f in found)
    mixed = {f.span for f in found if f.code == MIXED_SCRIPT_HOST}
    for uni, span, risk in risks:
        if risk.code == CONFUSABLE_HOST:
            if confusable:
                continue
            confusable = True
        elif span in mixed:
            continue
        latin = risk.latin_lookalike or any(c.isascii() and c.isalpha() for c in uni)
        severity: FindingSeverity = "danger" if latin else "warning"
        out.append(Finding(
            risk.code, severity, span,
            f"The host label '{show(uni)}' is one a browser keeps in punycode: "
            f"{risk.reason} (IDN display rules, UTS #39 §5).",
        ))
    return out


def detect_idn(ref: SplitReference, web: WhatwgReading) -> list[Finding]:
    """punycode-host, mixed-script-host and confusable-host for the host's labels."""
    host = ref.host
    if host is None or not host.text or host.text.startswith("["):
        return []
    raw = host.text
    if raw.isascii() and "xn--" not in raw.lower() and "%" not in raw:
        return []
    # the findings read only the host, its place and the browser's host name: kept per
    # host as placed (a mailbox or batch repeats its few IDN hosts; ~20-40 µs each)
    key = (raw, host.span, web.hostname)
    return list(_host_findings(*key) if len(raw) <= _CACHED_LABEL else _judge_host(*key))


def _judge_host(raw: str, host_span: Span, browser_host: str) -> tuple[Finding, ...]:
    """:func:`detect_idn`'s findings for the host ``raw`` at ``host_span`` that a
    browser reads as ``browser_host``."""
    pct = "%" in raw
    text = pct_decode(raw) if pct else raw
    if text.isascii() and "xn--" not in text.lower():
        return ()
    labels = _label_spans(text, host_span.start)
    if pct:  # offsets no longer line up with the input: point at the whole host
        labels = [(lab, host_span) for lab, _ in labels]
    lookalike = latin_lookalikes() if not text.isascii() or "xn--" in text.lower() else {}
    out: list[Finding] = []
    unicode_labels: list[str] = []
    skeletons: list[str] = []
    confusable_chars: list[str] = []
    letter_sources: list[tuple[str, Span, bool]] = []  # named only if the finding is made
    scripts_seen: set[str] = set()
    puny_spans: list[tuple[str, str, Span]] = []
    tld = ""
    risks: list[tuple[str, Span, LabelRisk]] = []
    top = _top_label(labels)
    for i, (label, span) in enumerate(labels):
        folded = unicodedata.normalize("NFKC", label).casefold()
        uni = folded
        if folded.startswith("xn--"):
            decoded = to_unicode(folded)
            if decoded is not None:
                uni = decoded
                puny_spans.append((label, decoded, span))
        unicode_labels.append(uni)
        if i == len(labels) - 1 or (i == len(labels) - 2 and labels[-1][0] == ""):
            tld = uni or tld
        if uni.isascii():
            skeletons.append(uni)
            continue
        risk = label_risk(uni, top)
        if risk is not None:
            risks.append((uni, span, risk))
        literal = not pct and uni is folded
        letter_sources.append((label if literal else uni, span, literal))
        scripts = {_script(c) for c in uni} - _NEUTRAL
        scripts_seen |= scripts
        mixed = len(scripts) > 1 and not any(scripts <= mix for mix in _ALLOWED_MIXES)
        if mixed:
            severity: FindingSeverity = "danger" if "LATIN" in scripts else "warning"
            per_char = ", ".join(
                f"{c} {_script(c).title()}"
                for c in dict.fromkeys(uni)
                if _script(c) not in _NEUTRAL
            )
            out.append(
                Finding(
                    MIXED_SCRIPT_HOST,
                    severity,
                    span,
                    f"The host label '{show(uni)}' mixes the scripts "
                    f"{', '.join(sorted(s.title() for s in scripts))} ({per_char}): "
                    "one word in two alphabets is how look-alike names are built "
                    "(UTS #39 §5.1).",
                )
            )
        skel_chars: list[str] = []
        ok = True
        for c in uni:
            if c.isascii():
                skel_chars.append(c)
            elif c in lookalike:
                skel_chars.append(lookalike[c])
                confusable_chars.append(c)
            else:
                ok = False
                break
        skeletons.append("".join(skel_chars) if ok else uni)
        if ok:
            continue
    unicode_host = ".".join(unicode_labels)
    skeleton_host = ".".join(skeletons)
    if confusable_chars and skeleton_host != unicode_host and skeleton_host.isascii():
        non_latin = sorted({_script(c).title() for c in confusable_chars} - {"Latin"})
        kinds = (" and ".join(non_latin) + " look-alikes") if non_latin else "look-alikes"
        severity2: FindingSeverity = "danger"
        whole_scripts = scripts_seen - {"LATIN"}
        if (
            len(whole_scripts) == 1
            and "LATIN" not in scripts_seen
            and (
                ("CYRILLIC" in whole_scripts and tld in CYRILLIC_TLDS)
                or ("GREEK" in whole_scripts and tld in GREEK_TLDS)
            )
        ):
            severity2 = "warning"
        letters = [
            letter
            for text_, span_, literal_ in letter_sources
            for letter in foreign_letters(text_, span_, literal_)
        ]
        out.append(
            Finding(
                CONFUSABLE_HOST,
                severity2,
                host_span,
                f"{show(unicode_host)} reads as {skeleton_host}, but it is not: "
                f"{_cached_if_short(name_letters, tuple(letters))} "
                f"({kinds} of Latin letters, UTS #39 confusables). "
                f"The browser contacts "
                f"{show(browser_host or to_ascii(unicode_host) or raw)}, not {skeleton_host}.",
                letters=tuple(letters),
            )
        )
    out.extend(_risk_findings(risks, out))
    confusing = any(f.severity == "danger" for f in out)
    for label, decoded, span in puny_spans:
        sev: FindingSeverity = "warning" if confusing else "info"
        out.append(
            Finding(
                PUNYCODE_HOST,
                sev,
                span,
                f"The label {show(label)} is punycode for '{show(decoded)}' "
                f"(IDNA, RFC 5891): the host {show(raw)} displays as {show(unicode_host)}.",
            )
        )
    return tuple(out)


_host_findings = lru_cache(maxsize=HOST_CACHE_SIZE)(_judge_host)
