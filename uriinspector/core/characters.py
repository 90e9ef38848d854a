"""Characters one by one: their class under the edition, their component, their escapes.

Also the linear character scanner the validators share: each component is scanned with
compiled ``[^allowed]+`` patterns (no per-character Python loop on the hot path), and
every bad run becomes a :class:`Diagnostic`, capped per code so 1 MB of garbage stays fast.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Final, Protocol

from uriinspector.core.charsets import char_class
from uriinspector.core.diagnostics import Diagnostic, Severity
from uriinspector.core.grammar import MALFORMED_PERCENT, LazyPattern, chars
from uriinspector.core.hidden import quote
from uriinspector.core.slots import slot_setters
from uriinspector.core.spans import Span, gc_paused

if TYPE_CHECKING:
    from uriinspector.core.editions import Edition
    from uriinspector.core.split import SplitReference

# ---- diagnostic codes owned here (character level) ------------------------------------
INVALID_CHARACTER = "invalid-character"
MALFORMED_PERCENT_CODE = "malformed-percent"
NON_ASCII = "non-ascii"
CONTROL_CHARACTER = "control-character"
LONE_SURROGATE = "lone-surrogate"

#: At most this many diagnostics per code; the rest are summed up in one "and N more".
MAX_PER_CODE = 50

_SURROGATES = LazyPattern("[\ud800-\udfff]+", reach=1)
_CONTROLS = LazyPattern("[\x00-\x1f\x7f]+", reach=1)
_NON_ASCII = LazyPattern("[^\x00-\x7f\ud800-\udfff]+", reach=1)
_MALFORMED = LazyPattern(MALFORMED_PERCENT, reach=3)
_PERCENT = LazyPattern("%", reach=1)
_SHOW = 24  # characters of a bad run quoted in a message


#: Printable ASCII, where a component's bad characters are looked for (controls,
#: ``%``, non-ASCII and surrogates have scans of their own).
_PRINTABLE: Final = frozenset(map(chr, range(0x20, 0x7F)))


def bad_chars_source(allowed: frozenset[str]) -> str:
    """``[^allowed]+`` over printable ASCII, ``%`` aside, spelled as the positive class of
    the printable characters outside ``allowed``: ``[^…%\\x00-\\x1f\\x7f-\\U0010ffff]``
    matches the same characters, but ``re`` walks its range to U+10FFFF when compiling
    (6-7 ms a pattern, five before a first parse; the positive class: 0.1 ms)."""
    bad = _PRINTABLE - allowed - {"%"}
    return f"[{chars(bad)}]+" if bad else "(?!)"


class BadCharsPattern(LazyPattern):
    """``[^allowed]+`` over printable ASCII (see :func:`bad_ascii_pattern`), compiled on
    first use, with ``any_bad``: one pattern matching *any* character the four scans of
    :func:`scan_component` would report, so a clean component costs one pass, not four.
    """

    __slots__ = ("any_bad",)

    def __init__(self, allowed: frozenset[str]) -> None:
        """Both patterns for the component alphabet ``allowed``; neither compiled yet."""
        super().__init__(bad_chars_source(allowed), reach=1)
        printable = frozenset(c for c in allowed if " " <= c <= "~")
        self.any_bad = LazyPattern(f"[^{chars(printable)}%]", reach=1)


@cache
def bad_ascii_pattern(allowed: frozenset[str]) -> BadCharsPattern:
    """``[^allowed]+`` over printable ASCII only (``%`` is checked apart), compiled on first
    use and shared per alphabet."""
    return BadCharsPattern(allowed)


class DiagnosticBudget:
    """Collects diagnostics, at most :data:`MAX_PER_CODE` per code, counting the rest.

    Mutable on purpose: it lives for one validation call and is never returned.
    """

    def __init__(self, cap: int = MAX_PER_CODE) -> None:
        """Start empty; ``cap`` bounds the diagnostics kept per code."""
        self.cap = cap
        self.items: list[Diagnostic] = []
        self.counts: dict[str, int] = {}
        self.omitted: dict[str, tuple[int, Severity, Span, str]] = {}

    def full(self, code: str) -> bool:
        """Whether ``code`` has used up its share."""
        return self.counts.get(code, 0) >= self.cap

    def add(self, diag: Diagnostic) -> None:
        """Keep ``diag``, or count it as omitted when its code is full."""
        if self.full(diag.code):
            self.omit(diag.code, diag.severity, diag.span, 1, diag.message.split(":")[0])
            return
        self.counts[diag.code] = self.counts.get(diag.code, 0) + 1
        self.items.append(diag)

    def omit(self, code: str, severity: Severity, span: Span, n: int, cite: str) -> None:
        """Count ``n`` more diagnostics of ``code``, the first of them at ``span``."""
        if n <= 0:
            return
        before = self.omitted.get(code)
        if before is None:
            self.omitted[code] = (n, severity, span, cite)
        else:
            self.omitted[code] = (before[0] + n, before[1], before[2], before[3])

    def extend(self, diags: tuple[Diagnostic, ...]) -> None:
        """Add several diagnostics in order."""
        for d in diags:
            self.add(d)

    def result(self) -> tuple[Diagnostic, ...]:
        """All kept diagnostics, then one "and N more" diagnostic per overflowing code."""
        more = [
            Diagnostic(code, sev, span, f"{cite}: and {n} more '{code}' diagnostics not listed")
            for code, (n, sev, span, cite) in self.omitted.items()
        ]
        return (*self.items, *more)


def _shown(run: str) -> str:
    return quote(run if len(run) <= _SHOW else run[:_SHOW] + "…")


def _classes(run: str, edition: str) -> str:
    seen: list[str] = []
    for ch in run[:_SHOW]:
        name = char_class(ch, edition)
        if name not in seen:
            seen.append(name)
    return ", ".join(seen)


def _scan(
    text: str,
    start: int,
    end: int,
    pattern: re.Pattern[str] | LazyPattern,
    code: str,
    budget: DiagnosticBudget,
    cite: str,
    message: str,
    edition: str,
) -> None:
    """Report every match of ``pattern`` in ``text[start:end]`` under ``code``."""
    for m in pattern.finditer(text, start, end):
        if budget.full(code):
            rest = (
                pattern.count(text, m.start(), end)
                if isinstance(pattern, LazyPattern)
                else len(pattern.findall(text, m.start(), end))
            )
            budget.omit(code, "error", Span(m.start(), m.end()), rest, cite)
            return
        run = m.group()
        msg = message.format(cite=cite, run=_shown(run), classes=_classes(run, edition))
        budget.add(Diagnostic(code, "error", Span(m.start(), m.end()), msg))


def scan_component(
    text: str,
    span: Span,
    bad: re.Pattern[str] | LazyPattern,
    *,
    what: str,
    cite: str,
    edition: str,
    budget: DiagnosticBudget,
    bad_code: str = INVALID_CHARACTER,
    percent_ok: bool = True,
) -> None:
    """Report every character of ``text[span]`` the component's grammar does not allow.

    ``bad`` comes from :func:`bad_ascii_pattern`; surrogates, controls, non-ASCII and
    malformed ``%`` triplets get their own codes (RFC 3986 §2.1, RFC 2396 §2.4.3).
    ``percent_ok=False`` makes every ``%`` an error (e.g. in a port or a scheme).
    """
    start, end = span.start, span.end
    if start >= end:
        return
    if isinstance(bad, BadCharsPattern) and bad.any_bad.get().search(text, start, end) is None:
        # one pass: nothing any of the four scans below would report; only "%" remains
        if text.find("%", start, end) == -1:
            return
        if percent_ok:
            _scan_percent(text, start, end, budget, cite)
            return
    _scan(
        text,
        start,
        end,
        _SURROGATES,
        LONE_SURROGATE,
        budget,
        cite,
        "{cite}: {run} is a lone surrogate, not a character; it cannot be in a URI",
        edition,
    )
    _scan(
        text,
        start,
        end,
        _CONTROLS,
        CONTROL_CHARACTER,
        budget,
        cite,
        "{cite}: control character {run} is excluded; percent-encode it",
        edition,
    )
    _scan(
        text,
        start,
        end,
        _NON_ASCII,
        NON_ASCII,
        budget,
        cite,
        "{cite}: non-ASCII {run} is not allowed in "
        + what
        + "; percent-encode its UTF-8 octets (RFC 3987 IRIs allow it)",
        edition,
    )
    _scan(
        text,
        start,
        end,
        bad,
        bad_code,
        budget,
        cite,
        "{cite}: {run} ({classes}) is not allowed in " + what,
        edition,
    )
    if text.find("%", start, end) == -1:
        return
    if not percent_ok:
        _scan(
            text,
            start,
            end,
            _PERCENT,
            bad_code,
            budget,
            cite,
            "{cite}: '%' is not allowed in " + what,
            edition,
        )
        return
    _scan_percent(text, start, end, budget, cite)


def _scan_percent(text: str, start: int, end: int, budget: DiagnosticBudget, cite: str) -> None:
    """Report every ``%`` of ``text[start:end]`` not followed by two hex digits."""
    for m in _MALFORMED.finditer(text, start, end):
        if budget.full(MALFORMED_PERCENT_CODE):
            rest = _MALFORMED.count(text, m.start(), end)
            budget.omit(MALFORMED_PERCENT_CODE, "error", Span(m.start(), m.end() + 1), rest, cite)
            return
        stop = m.start() + 1
        while stop < end and stop < m.start() + 3 and text[stop].isascii() and text[stop].isalnum():
            stop += 1
        shown = text[m.start() : stop]
        budget.add(
            Diagnostic(
                MALFORMED_PERCENT_CODE,
                "error",
                Span(m.start(), stop),
                f"{cite}: {shown!r} is not a percent-encoded octet ('%' + 2 hex digits);"
                " a literal '%' is written '%25'",
            )
        )


# ---- the per-character view ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CharInfo:
    """One code point of the input: its class, its component, and what its escape means.

    ``escape_octet`` is set on all three characters of a ``%XX`` triplet (whose class is
    then ``escape``); ``decoded``
    is the UTF-8 character a run of triplets spells (RFC 3986 §2.5), on each of its
    characters, or ``None`` when the octets are not UTF-8.
    """

    index: int
    char: str
    char_class: str
    component: str
    escape_octet: int | None
    decoded: str | None
    unicode_name: str | None


TRIPLETS = LazyPattern("(?:%[0-9A-Fa-f]{2})+", reach=3)


def unicode_name_of(ch: str) -> str | None:
    if ch.isascii():
        return None
    if "\ud800" <= ch <= "\udfff":
        return f"<surrogate U+{ord(ch):04X}>"
    name = unicodedata.name(ch, None)
    return name if name is not None else f"<unnamed U+{ord(ch):04X}>"


def _utf8_sequence_length(first: int) -> int:
    """Octets a UTF-8 sequence starting with ``first`` takes (RFC 3629 §3); 0 if invalid."""
    if first < 0x80:
        return 1
    if 0xC2 <= first <= 0xDF:
        return 2
    if 0xE0 <= first <= 0xEF:
        return 3
    if 0xF0 <= first <= 0xF4:
        return 4
    return 0


def decode_run(octets: list[int]) -> list[str | None]:
    """For each octet of a run, the character its UTF-8 sequence decodes to, or None."""
    out: list[str | None] = [None] * len(octets)
    i = 0
    while i < len(octets):
        n = _utf8_sequence_length(octets[i])
        chunk = bytes(octets[i : i + n]) if n else b""
        try:
            ch = chunk.decode("utf-8") if n and len(chunk) == n else None
        except UnicodeDecodeError:
            ch = None
        if ch is None:
            i += 1
            continue
        for k in range(i, i + n):
            out[k] = ch
        i += n
    return out


_new = object.__new__
_SLICE = 1 << 16
_CHARINFO_SETTERS = slot_setters(
    CharInfo,
    ("index", "char", "char_class", "component", "escape_octet", "decoded", "unicode_name"),
)


class Parsed(Protocol):
    """What the per-character view reads of a parse (``core.parse.ParsedReference`` is
    one): named here because parsing uses this module's scanners, not the reverse."""

    @property
    def split(self) -> SplitReference:
        """The reference's components (RFC 3986 Appendix B)."""

    @property
    def edition(self) -> Edition:
        """The edition whose character classes apply."""


def classify_characters(parsed: Parsed) -> tuple[CharInfo, ...]:
    """One :class:`CharInfo` per code point of the parsed input, in order.

    The component is the leaf component holding the character, or
    ``delimiter:<role>`` for ``:``, ``//``, ``@``, ``?``, ``#`` (RFC 3986 §3).
    A 1 MB input makes 10^6 of them: the columns are filled by slices, the class and
    name looked up once per distinct character, and each object is built by its slot
    setters (no frozen-dataclass ``__init__``), about 3× faster than the plain loop.
    """
    sp = parsed.split
    text = sp.text
    edition = parsed.edition.value
    n = len(text)
    component = [""] * n
    for name, span in sp.component_spans():
        # a slice at a time: one assignment over a megabyte holds the GIL ~40 ms
        for a in range(span.start, span.end, _SLICE):
            b = min(a + _SLICE, span.end)
            component[a:b] = [name] * (b - a)
    for d in sp.delimiters:
        component[d.span.start : d.span.end] = [f"delimiter:{d.role}"] * len(d.span)
    octet: list[int | None] = [None] * n
    decoded: list[str | None] = [None] * n
    for m in TRIPLETS.finditer(text):
        start = m.start()
        values = [int(text[k + 1 : k + 3], 16) for k in range(start, m.end(), 3)]
        chars_of = decode_run(values)
        end = m.end()
        octet[start:end] = [v for v in values for _ in "123"]  # each value on its 3 chars
        decoded[start:end] = [c for c in chars_of for _ in "123"]
    out: list[CharInfo] = []
    append = out.append
    with gc_paused(n):
        _fill(text, edition, component, octet, decoded, append)
    return tuple(out)


def _fill(
    text: str,
    edition: str,
    component: list[str],
    octet: list[int | None],
    decoded: list[str | None],
    append: Callable[[CharInfo], None],
) -> None:
    """The per-character loop of :func:`classify_characters`."""
    facts: dict[str, tuple[str, str | None]] = {}
    s_index, s_char, s_class, s_component, s_octet, s_decoded, s_name = _CHARINFO_SETTERS
    new = _new
    for i, ch in enumerate(text):
        known = facts.get(ch)
        if known is None:
            known = facts[ch] = (char_class(ch, edition), unicode_name_of(ch))
        info: CharInfo = new(CharInfo)
        s_index(info, i)
        s_char(info, ch)
        escape_octet = octet[i]
        s_class(info, known[0] if escape_octet is None else "escape")
        s_component(info, component[i])
        s_octet(info, escape_octet)
        s_decoded(info, decoded[i])
        s_name(info, known[1])
        append(info)
