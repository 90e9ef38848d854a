"""The normalization ladder's rows: each rung's value, its inline edits and the comparison.

Built from ``Analysis.ladder`` (RFC 3986 §6.2) and, with a second URI, ``compare``'s
``Comparison``: removed text struck through, inserted text underlined on a tint, the
reason in the tooltip; the protocol-based rung "not performed" with the core's note.
Qt-free: the pane (``ladder.py``) passes the theme's colours as ``#rrggbb`` strings and
only turns rows into tree items, fonts and tints.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, NamedTuple

from uriinspector.gui.plain import esc, visible_text

if TYPE_CHECKING:
    from uriinspector.core.compare import Comparison
    from uriinspector.core.normalize import Ladder, Rung

#: Values longer than this are shown plainly (the inline diff would be unreadable).
MAX_DIFF_CHARS = 2000
#: At most this many characters of a value are handed to Qt in a cell or the label: a
#: 1 MB input's rungs were laid out (shaped, wrapped, elided) whole on every size hint
#: and paint, and an emoji no font has costs a font-fallback search per character:
#: 100-350 ms per update at 1 MB. The whole value stays one copy away (Copy Normalized).
MAX_SHOWN_CHARS = 200
#: Edits listed in a rung's tooltip before "… and N more".
MAX_TOOLTIP_EDITS = 25

RUNG_LABELS: dict[str, str] = {
    "simple-string": "Simple string · §6.2.1",
    "case": "Case · §6.2.2.1",
    "percent-encoding": "Percent-encoding · §6.2.2.2",
    "path-segment": "Path segments · §6.2.2.3",
    "scheme-based": "Scheme-based · §6.2.3",
    "protocol-based": "Protocol-based · §6.2.4",
}

COL_RUNG, COL_VALUE, COL_CHANGE, COL_COMPARE = range(4)
HEADERS = ("Rung", "Value", "Change", "Compared")
#: The column headers stay short (the dock is often narrow); their meaning is here.
HEADER_TIPS = (
    "The rung of the RFC 3986 §6.2 ladder",
    "The URI after this rung: what the rung removed is struck through, what it "
    "inserted is marked",
    "Whether this rung changed anything, and why (hover a row)",
    "Whether the second URI is equal to this one yet, at this rung",
)
FIRST_AGREE = "★ first agree"
EQUAL = "= equal"
NOT_YET = "≠ not yet"


class Colours(NamedTuple):
    """The theme's colours the rich text uses, as ``#rrggbb`` (read from Qt by the pane)."""

    removed: str
    inserted: str
    inserted_bg: str
    dim: str


@dataclass(frozen=True, slots=True)
class RungRow:
    """One rung's row: its cells, the rich value, the tooltips and how it is marked."""

    name: str  # the core's rung name (kept at UserRole)
    label: str
    value: str  # the value cell's plain text (the note when not performed)
    value_html: str | None  # drawn instead of ``value`` when set (HtmlDelegate)
    change: str
    tooltip: str  # every cell's (rich text, escaped)
    performed: bool  # False: value and change italic and dim
    change_dim: bool  # "no change" is dim
    compare: str = ""  # the Compared cell ("" when this rung is not compared)
    first_agree: bool = False  # bold, and the row tinted
    compare_tip: str | None = None  # the other URI's value here


def diff_html(previous: str, rung: Rung, removed: str, inserted: str, inserted_bg: str) -> str:
    """The previous value with the rung's edits shown inline, every piece HTML-escaped.

    Removed text is struck through in ``removed``; inserted text is underlined in
    ``inserted`` on ``inserted_bg`` (so colour is never the only cue).
    """
    out: list[str] = []
    pos = 0
    for e in sorted(rung.edits, key=lambda e: (e.span.start, e.span.end)):
        out.append(esc(previous[pos : e.span.start]))
        gone = previous[e.span.start : e.span.end]
        if gone:
            out.append(f"<s style='color:{removed}'>{esc(gone)}</s>")
        if e.replacement:
            out.append(
                f"<u style='color:{inserted};background-color:{inserted_bg}'>"
                f"{esc(e.replacement)}</u>"
            )
        pos = max(pos, e.span.end)
    out.append(esc(previous[pos:]))
    return "<span style='white-space:pre-wrap'>" + "".join(out) + "</span>"


def normalized_html(normalized: str) -> str:
    """The label over the rungs: the normalized URI, at most ``MAX_SHOWN_CHARS`` of it
    (a longer one says how long it is and how to copy it whole), escaped."""
    shown = f"<code>{esc(normalized, MAX_SHOWN_CHARS)}</code>"
    if len(normalized) > MAX_SHOWN_CHARS:
        shown += (
            f" ({len(normalized):,} characters; Edit ▸ Copy Normalized copies all of them)"
        )
    return f"Normalized (scheme-based, RFC 3986 §6.2.3): {shown}"


def edits_tooltip(previous: str, rung: Rung) -> str:
    """One line per edit: what became what, and the core's reason."""
    lines = []
    for e in rung.edits[:MAX_TOOLTIP_EDITS]:
        gone = previous[e.span.start : e.span.end]
        lines.append(
            f"<li><code>{esc(gone[:80]) or '∅'}</code> → "
            f"<code>{esc(e.replacement[:80]) or '∅'}</code>: {esc(e.reason)}</li>"
        )
    if rung.edit_count > MAX_TOOLTIP_EDITS:  # the core keeps the first edits, counts all
        lines.append(f"<li>… and {rung.edit_count - MAX_TOOLTIP_EDITS:,} more edits</li>")
    body = "<ul style='margin:0'>" + "".join(lines) + "</ul>" if lines else ""
    note = f"<p>{esc(rung.note)}</p>" if rung.note else ""
    return f"<p><b>{esc(RUNG_LABELS.get(rung.name, rung.name))}</b></p>{body}{note}"


def rung_row(previous: str, rung: Rung, colours: Colours) -> RungRow:
    """One rung's row (without the comparison): value, inline diff, change, tooltip."""
    label = RUNG_LABELS.get(rung.name, rung.name)
    tip = edits_tooltip(previous, rung)
    value = visible_text(rung.value, MAX_SHOWN_CHARS)
    if not rung.performed:
        note = rung.note or "not performed"
        if not note.lower().startswith("not performed"):
            note = f"not performed — {note}"
        return RungRow(rung.name, label, note, f"<i style='color:{colours.dim}'>{esc(note)}</i>",
                       "not performed", tip, performed=False, change_dim=False)
    if rung.edits:
        n = rung.edit_count
        html = None
        if len(previous) <= MAX_DIFF_CHARS and len(rung.value) <= MAX_DIFF_CHARS:
            html = diff_html(previous, rung, colours.removed, colours.inserted,
                             colours.inserted_bg)
        return RungRow(rung.name, label, value, html, f"{n:,} edit{'s' if n != 1 else ''}",
                       tip, performed=True, change_dim=False)
    html = None
    if len(rung.value) <= MAX_DIFF_CHARS:
        html = f"<span style='white-space:pre-wrap'>{esc(rung.value)}</span>"
    change = "no change ⓘ" if rung.note else "no change"
    return RungRow(rung.name, label, value, html, change, tip, performed=True, change_dim=True)


def ladder_rows(ladder: Ladder, colours: Colours, comparison: Comparison | None = None,
                other: Ladder | None = None) -> tuple[RungRow, ...]:
    """Every rung's row in the ladder's order; with a comparison, each compared rung
    says whether the two are equal yet and the first where they agree is marked."""
    equal_at = dict(comparison.per_rung) if comparison is not None else {}
    first = comparison.rung if comparison is not None else None
    other_values = {r.name: r.value for r in other.rungs} if other is not None else {}
    rows: list[RungRow] = []
    previous = ladder.input
    for rung in ladder.rungs:
        row = rung_row(previous, rung, colours)
        if rung.name in equal_at:
            other_value = other_values.get(rung.name)
            row = replace(
                row,
                compare=(FIRST_AGREE if rung.name == first
                         else EQUAL if equal_at[rung.name] else NOT_YET),
                first_agree=rung.name == first,
                compare_tip=(None if other_value is None
                             else f"<p>The other URI here: <code>{esc(other_value)}</code></p>"),
            )
        rows.append(row)
        previous = rung.value
    return tuple(rows)


def compare_summary(comparison: Comparison | None) -> str:
    """The line under the field: where the two URIs first agree, or that they never do."""
    if comparison is None:
        return ""
    if comparison.rung is not None:
        label = RUNG_LABELS.get(comparison.rung, comparison.rung)
        return (
            f"<b>Equivalent</b>: the two agree from the <b>{esc(label)}</b> rung on "
            f"(marked {esc(FIRST_AGREE)})."
        )
    return "<b>Not equivalent</b> at any rung the inspector performs."
