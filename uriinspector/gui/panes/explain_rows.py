"""The Explain pane's rows, Qt-free: what each list row shows, built from an ``Explanation``.

``rows_of`` turns ``Analysis.explanation`` (``core.explain``) into ``ExplainRow``s: each
sentence with its span and the grammar rule it matched (the tooltip), then a header and
what other editions of the standard say differently. The pane (``explain.py``) only
turns rows into list items and paints each tone's badge from ``badge_of``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from uriinspector.gui.panes.cells import span_tuple
from uriinspector.gui.plain import esc, visible_text
from uriinspector.palette_data import BLUE, SEVERITY_HUES, SKY_BLUE

if TYPE_CHECKING:
    from uriinspector.core.explain import Explanation

#: Rows longer than this are cut (a 1 MB path must not make a 1 MB list row).
ROW_LIMIT = 400
HEADER = "Under other editions"
#: The badge of a tone: its glyph (the hue is ``badge_of``'s); "!" for a warning too.
BADGE_GLYPHS = {"danger": "!", "warning": "!", "history": "⟲"}


class ExplainRow(NamedTuple):
    """What one row shows; equal rows need no rebuild."""

    kind: str  # "sentence", "header" or "note"
    tone: str
    text: str
    code: str
    span: tuple[int, int] | None
    tooltip: str  # rich text whose every input-derived piece is escaped (``esc``)

    @property
    def bold(self) -> bool:
        """The header and a danger sentence are bold."""
        return self.kind == "header" or self.tone == "danger"

    @property
    def selectable(self) -> bool:
        """A header is only a title: it cannot be selected."""
        return self.kind != "header"

    @property
    def has_badge(self) -> bool:
        """Every row but the header has its tone's badge."""
        return self.kind != "header"


class Badge(NamedTuple):
    """A round badge: its fill colour (``#rrggbb``) and its white glyph."""

    hue: str
    glyph: str


def badge_of(tone: str) -> Badge:
    """A tone's badge: i (info), ! (warning, danger), or a clock for edition notes."""
    hue = SKY_BLUE if tone == "history" else SEVERITY_HUES.get(tone, BLUE)
    return Badge(hue, BADGE_GLYPHS.get(tone, "i"))


def rows_of(e: Explanation) -> tuple[ExplainRow, ...]:
    """The rows the pane shows for an explanation (sentences, a header, the notes)."""
    rows: list[ExplainRow] = []
    for s in e.sentences:
        tip = f"<p>{esc(visible_text(s.text, 4 * ROW_LIMIT))}</p>"
        if s.rule is not None:
            tip += f"<p><code>{esc(s.rule.describe())}</code></p>"
        rows.append(ExplainRow("sentence", s.tone, visible_text(s.text, ROW_LIMIT),
                               s.component, span_tuple(s.span), tip))
    if e.notes:
        rows.append(ExplainRow("header", "info", HEADER, "", None, ""))
        for n in e.notes:
            quotes = "".join(f"<p><i>{esc(ed)}</i>: “{esc(q)}”</p>" for ed, q in n.quotes)
            rows.append(ExplainRow("note", "history", n.text, n.key, span_tuple(n.span),
                                   f"<p>{esc(n.text)}</p>{quotes}"))
    return tuple(rows)


def summary_text(rows: tuple[ExplainRow, ...], edition_label: str) -> str:
    """The line above the list: how many sentences, under which edition, what to do."""
    n = sum(1 for r in rows if r.kind == "sentence")
    return (f"{n} sentence{'s' if n != 1 else ''} under {edition_label}; hover a row"
            " for the grammar rule, click it to select its part of the URI.")


def pending_text(length: int) -> str:
    """The line above the list while a long input's explanation is being built."""
    return f"Explaining {length:,} characters…"
