"""What the Components pane says about a row, Qt-free: its hover text, its grammar rule,
and which row a cursor position selects.

The pane asks these of the ``Row``s ``component_rows.RowBuilder`` made; nothing here
needs Qt, so it is tested and reused without a window.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, TypeVar

from uriinspector.gui.panes.component_rows import COL_DECODED, COL_NAME, COL_RAW, FLAGS, Row
from uriinspector.gui.plain import visible_text

if TYPE_CHECKING:
    from uriinspector.core.editions import Edition

T = TypeVar("T")

#: How a component row says it can be edited (draft-2003 §2.4.2: only what the
#: component does not allow is percent-encoded).
EDIT_HINT = (
    "Double-click or F2 to edit: the raw cell keeps existing %XX escapes, the "
    "decoded cell takes text as data; only what this component does not allow "
    "is percent-encoded (draft-2003 §2.4.2)."
)


def tooltip_text(row: Row, column: int, edition: Edition | str) -> str:
    """The hover text of ``row``'s ``column``: the cell, the grammar rule it matched
    under ``edition`` (issue 6), notes, and how to edit it."""
    lines: list[str] = []
    if column == COL_RAW and row.kind == "part":
        if row.raw is None:
            lines.append(f"{row.label} is undefined: its delimiter is absent")
        elif row.raw == "":
            lines.append(f"{row.label} is present but empty")
        else:
            lines.append(visible_text(row.raw, 2000))
    elif column == COL_RAW and row.raw:
        lines.append(visible_text(row.raw, 2000))
    elif column == COL_DECODED and row.decoded:
        # a value's own line break is its marker, not a break of the tooltip
        lines.append(visible_text(row.decoded, 2000))
    elif column == COL_NAME and row.flag in FLAGS:
        glyph, words, _hue = FLAGS[row.flag]
        lines.append(f"{glyph} {words}")
    rule = rule_text(row, edition)
    if rule:
        lines.append(rule)
    if row.note:
        lines.append(row.note)
    if row.edit is not None:
        lines.append(EDIT_HINT)
    return "\n".join(lines)


def rule_text(row: Row, edition: Edition | str) -> str | None:
    """``rule_for_component(...).describe()`` for ``row`` under ``edition``."""
    if row.rule is None:
        return None
    try:
        from uriinspector.core.explain import rule_for_component
    except ImportError:
        return None
    component, detail = row.rule
    try:
        rule = rule_for_component(component, edition, detail=detail)
    except Exception:  # explanations are a bonus; never break hovering
        return None
    return None if rule is None else str(rule.describe())


def row_at_cursor(rows: Iterable[tuple[T, Row]], index: int) -> T | None:
    """Of ``(key, row)`` pairs, the key of the innermost row whose span contains code
    point ``index``; else of the row ending at ``index`` (a cursor just after it).

    Component rows win over the scheme details' rows, then the shortest span.
    """
    best: T | None = None
    best_rank = (True, -1)
    touching: T | None = None
    touching_rank = (True, -1)
    for key, row in rows:
        span = row.span
        if span is None or row.kind == "section":
            continue
        start, end = span
        rank = (row.kind != "part", end - start)
        if start <= index < end and (best is None or rank < best_rank):
            best, best_rank = key, rank
        elif end == index and (touching is None or rank < touching_rank):
            touching, touching_rank = key, rank
    return best if best is not None else touching
