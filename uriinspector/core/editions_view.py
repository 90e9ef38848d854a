"""One URI under every edition side by side: a history lesson on the standard.

For draft-1993, draft-1997, RFC 2396, draft-2003, RFC 3986 and the WHATWG URL
Standard: valid or not, why not (the diagnostics, or the browser's failure), which
characters change class from one edition to another, and what a browser makes of
the string (its serialization, from ``whatwg.read_whatwg`` through ada-url).
RFC 1738 and RFC 1808 are compared by their character classes only (no parser reads
them here): their rows say which characters they would not allow unescaped.
Frozen results; never raises for any string.
"""

from __future__ import annotations

from dataclasses import dataclass

from uriinspector.core.charsets import char_class
from uriinspector.core.diagnostics import Diagnostic
from uriinspector.core.editions import EDITION_TITLES, Edition
from uriinspector.core.grammar import LazyPattern
from uriinspector.core.hidden import is_hidden, marker
from uriinspector.core.parse import parse
from uriinspector.core.spans import Span
from uriinspector.core.whatwg import WhatwgReading, read_whatwg

_ESCAPE = LazyPattern("%[0-9A-Fa-f]{2}")

__all__ = [
    "CLASSES_ONLY",
    "SIDE_BY_SIDE",
    "CharDifference",
    "EditionReading",
    "broad_class",
    "class_differences",
    "editions_side_by_side",
]

#: The rows of the view, oldest edition first, the browser last.
SIDE_BY_SIDE: tuple[str, ...] = (
    "draft-1993",
    "rfc1738",
    "rfc1808",
    "draft-1997",
    "rfc2396",
    "draft-2003",
    "rfc3986",
    "whatwg",
)
#: Editions compared by their character classes only (RFC 1738 §5, RFC 1808 §2.2).
CLASSES_ONLY: tuple[str, ...] = ("rfc1738", "rfc1808")
#: Every edition with character classes, oldest first.
_CLASSED: tuple[str, ...] = SIDE_BY_SIDE[:-1]

#: class name (charsets.char_class, any edition) -> what it means for data
_BROAD: dict[str, str] = {
    "unreserved": "unreserved",
    "mark": "unreserved",
    "alphanum": "unreserved",
    "safe": "unreserved",  # draft-1993 xalpha: plain data there
    "extra": "unreserved",
    "gen-delim": "reserved",
    "sub-delim": "reserved",
    "reserved": "reserved",
    "escape": "escape",
}


def broad_class(name: str) -> str:
    """Fold an edition's class name into unreserved / reserved / escape / excluded /
    non-ascii, so that classes can be compared across editions that name them apart."""
    if name in ("non-ascii", "surrogate"):
        return name
    return _BROAD.get(name, "excluded")


@dataclass(frozen=True, slots=True)
class CharDifference:
    """A run of identical characters whose class is not the same in every edition.

    ``classes`` pairs each edition with character classes (oldest first) with its
    class name there.
    """

    span: Span
    char: str
    classes: tuple[tuple[str, str], ...]

    def class_in(self, edition: str) -> str | None:
        """This character's class under ``edition`` (None for WHATWG)."""
        for ed, name in self.classes:
            if ed == edition:
                return name
        return None


@dataclass(frozen=True, slots=True)
class EditionReading:
    """The input under one edition: verdict, reasons, differing classes, serialization.

    ``reasons`` are the error diagnostics' distinct sentences (or the browser's failure);
    ``differences`` are the characters whose class changes across editions, each with
    this edition's class (empty for WHATWG, which has no character classes).
    ``serialization`` is the browser's ``href`` on the WHATWG row, else None.
    ``grammar`` is False for an edition compared by character classes only
    (:data:`CLASSES_ONLY`): ``valid`` then says every character may stand unescaped.
    """

    edition: str
    label: str
    valid: bool
    reasons: tuple[str, ...]
    diagnostics: tuple[Diagnostic, ...]
    differences: tuple[tuple[Span, str], ...]
    serialization: str | None
    grammar: bool = True


def class_differences(text: str, *, limit: int = 200) -> tuple[CharDifference, ...]:
    """The characters of ``text`` whose broad class differs between the editions with
    character classes, as runs of the same character; at most ``limit`` runs (linear
    time)."""
    out: list[CharDifference] = []
    cache: dict[str, tuple[tuple[str, str], ...] | None] = {}
    i = 0
    n = len(text)
    while i < n and len(out) < limit:
        ch = text[i]
        if ch not in cache:
            classes = tuple((ed, char_class(ch, ed)) for ed in _CLASSED)
            differs = len({broad_class(c) for _e, c in classes}) > 1
            cache[ch] = classes if differs else None
        classes_or_none = cache[ch]
        j = i + 1
        while j < n and text[j] == ch:
            j += 1
        if classes_or_none is not None:
            out.append(CharDifference(Span(i, j), ch, classes_or_none))
        i = j
    return tuple(out)


def _whatwg_row(reading: WhatwgReading) -> EditionReading:
    reasons = () if reading.valid else (
        "The WHATWG URL parser returns failure"
        + (f": {reading.error}" if reading.error else "")
        + " — a browser would not open it.",
    )
    return EditionReading(
        "whatwg",
        EDITION_TITLES["whatwg"],
        reading.valid,
        reasons,
        (),
        (),
        reading.href,
    )


#: RFC 1738 §5: what may stand unescaped, by class (a "%" starts an escape; RFC 1808
#: §2.4.1 lets one "#" end the URL and start the fragment).
_ALLOWED_1738 = frozenset({"alphanum", "safe", "extra", "reserved"})


def _classes_row(text: str, edition: str, diffs: tuple[CharDifference, ...]) -> EditionReading:
    """An edition compared by its character classes only: which characters of ``text``
    it would not allow unescaped (RFC 1738 §2.2 and §5; RFC 1808 §2.2)."""
    bad: dict[str, str] = {}
    fragment = text.find("#")
    for i, ch in enumerate(text[:4096]):
        cls = char_class(ch, edition)
        if cls in _ALLOWED_1738 or i == fragment:
            continue
        if cls == "escape" and _ESCAPE.fullmatch(text, i, i + 3) is not None:
            continue
        if ch not in bad:
            bad[ch] = cls
        if len(bad) >= 8:
            break
    reasons = tuple(
        f"{EDITION_TITLES[edition].split(',')[0]} would not allow {_quote(ch)} ({cls}) "
        "unescaped."
        for ch, cls in bad.items()
    )
    return EditionReading(
        edition,
        EDITION_TITLES[edition],
        not bad,
        reasons,
        (),
        tuple((d.span, d.class_in(edition) or "") for d in diffs),
        None,
        grammar=False,
    )


def _quote(ch: str) -> str:
    if is_hidden(ch):
        return marker(ch)  # the one marker every output uses (core/hidden.py)
    return f"'{ch}'" if ch.isascii() else f"'{ch}' U+{ord(ch):04X}"


def editions_side_by_side(
    text: str, *, whatwg: WhatwgReading | None = None
) -> tuple[EditionReading, ...]:
    """``text`` under each edition of :data:`SIDE_BY_SIDE`, oldest first, WHATWG last.

    Pass ``whatwg`` (an analysis' existing reading) to avoid reading it twice.
    """
    diffs = class_differences(text)
    rows: list[EditionReading] = []
    for ed in _CLASSED:
        if ed in CLASSES_ONLY:
            rows.append(_classes_row(text, ed, diffs))
            continue
        parsed = parse(text, Edition(ed))
        errors = tuple(d for d in parsed.diagnostics if d.severity == "error")
        rows.append(
            EditionReading(
                ed,
                EDITION_TITLES[ed],
                parsed.valid,
                tuple(dict.fromkeys(d.message for d in errors)),  # each reason once
                parsed.diagnostics,
                tuple((d.span, d.class_in(ed) or "") for d in diffs),
                None,
            )
        )
    rows.append(_whatwg_row(whatwg if whatwg is not None else read_whatwg(text)))
    return tuple(rows)
