"""The resolution pane's rows: targets by rule set, the chosen one's trace, the spec's examples.

Built from the ``Resolution`` objects ``resolve_all`` returns (RFC 3986 §5.2, the
historical editions, WHATWG and Python's ``urljoin``): a target that differs from
RFC 3986's is marked "≠" (and tinted by the pane). Qt-free: the pane
(``resolution.py``) only turns rows into table and tree items, fonts and tints.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from uriinspector.core.editions import EDITION_TITLES
from uriinspector.gui.panes.cells import EMPTY_TEXT
from uriinspector.gui.plain import esc, plain_tooltip, visible_text

if TYPE_CHECKING:
    from uriinspector.core.resolve import Resolution

DEFAULT_BASE = "http://a/b/c/d;p?q"
REFERENCE_RULES = "rfc3986"
#: Rule sets always shown; the others are the historical editions (expandable).
CURRENT_RULES = ("rfc3986", "whatwg", "python-urljoin")

SHORT_LABELS: dict[str, str] = {
    "rfc3986": "RFC 3986",
    "whatwg": "WHATWG / browsers",
    "python-urljoin": "Python urljoin",
    "draft-2003": "Draft 2003",
    "rfc2396": "RFC 2396",
    "draft-1997": "Draft 1997",
    "rfc1808": "RFC 1808",
    "draft-1993": "Draft 1993",
}

COL_RULES, COL_MARK, COL_TARGET = range(3)
RULE_HEADERS = ("Rule set", "vs RFC 3986", "Target")
TRACE_HEADERS = ("#", "Step", "Detail", "Buffer")
SAME_MARK = "="
DIFFERS_MARK = "≠"


def rules_label(rules: str) -> str:
    """A short name for a rule set (falls back to the name itself)."""
    return SHORT_LABELS.get(rules, rules)


def target_text(r: Resolution) -> str:
    """The target, or in words why there is none."""
    if r.target is not None:
        return r.target
    if r.error is not None:
        return f"No target: {r.error.message} ({r.error.code})"
    return "No target"


def differs(r: Resolution, reference: Resolution | None) -> bool:
    """Whether ``r``'s target differs from the reference rule set's (RFC 3986's)."""
    return reference is not None and r.rules != reference.rules and r.target != reference.target


def reference_of(resolutions: Sequence[Resolution]) -> Resolution | None:
    """The RFC 3986 resolution among ``resolutions``, the one the others are held to."""
    return next((r for r in resolutions if r.rules == REFERENCE_RULES), None)


@dataclass(frozen=True, slots=True)
class RuleRow:
    """One row of the targets table: a rule set, how it compares, its target."""

    rules: str  # the rule set's id (kept at the label's CODE_ROLE)
    label: str
    label_tip: str  # the edition's title (plain words of ours, no input)
    mark: str  # "reference", "≠ differs" or "= same"
    target: str  # the target cell (hidden characters visible)
    target_tip: str  # the whole target, escaped
    no_target: bool  # italic: there is no target, only why
    differs: bool  # bold mark and the row tinted
    historical: bool  # hidden unless the historical editions are shown


@dataclass(frozen=True, slots=True)
class TraceRow:
    """One step of the chosen rule set's trace (or the error that ended it)."""

    cells: tuple[str, str, str, str]  # number, step, detail, buffer
    buffer: str | None  # the exact buffer after the step (None on the error row)
    tips: tuple[str, str, str]  # step, detail, buffer tooltips ("" on the error row)
    error: bool = False  # the detail in italic


@dataclass(frozen=True, slots=True)
class ExampleCell:
    """One target of one reference under one rule set in the examples table."""

    rules: str
    text: str  # shown (and drawn wrapped: escaped for the delegate in ``html``)
    html: str
    no_target: bool
    differs: bool
    tooltip: str | None  # what RFC 3986 gives instead, when it differs


@dataclass(frozen=True, slots=True)
class ExamplesTable:
    """The spec's examples: header labels and tips, rows of reference and cells, a note."""

    rules: tuple[str, ...]
    headers: tuple[str, ...]
    header_tips: tuple[str, ...]  # one per rule set column
    references: tuple[str, ...]  # the reference cells' texts
    cells: tuple[tuple[ExampleCell, ...], ...]
    note: str


def rule_rows(resolutions: Sequence[Resolution]) -> tuple[RuleRow, ...]:
    """One row per rule set, in the order given, each held to RFC 3986's target."""
    reference = reference_of(resolutions)
    rows = []
    for r in resolutions:
        odd = differs(r, reference)
        if r.rules == REFERENCE_RULES:
            mark = "reference"
        elif odd:
            mark = f"{DIFFERS_MARK} differs"
        else:
            mark = f"{SAME_MARK} same"
        text = target_text(r)
        rows.append(RuleRow(
            r.rules, rules_label(r.rules), EDITION_TITLES.get(r.rules, r.rules), mark,
            visible_text(text), f"<p><code>{esc(text)}</code></p>", r.target is None, odd,
            r.rules not in CURRENT_RULES,
        ))
    return tuple(rows)


def trace_title(r: Resolution) -> str:
    """The line over the trace: the rule set, its number of steps, same-document."""
    # RFC 3986 §4.4 compares with the base; a page's document is its own URL (HTML),
    # which the Extract tab's Page links view decides (sources/page_links.py).
    same = " · same document as the base (RFC 3986 §4.4)" if r.same_document else ""
    n = len(r.steps)
    title = EDITION_TITLES.get(r.rules, r.rules)
    return f"Trace under {title}: {n} step{'s' if n != 1 else ''}{same}"


def trace_rows(r: Resolution) -> tuple[TraceRow, ...]:
    """The steps in order, numbered from 1, then the error that ended it, if any."""
    rows = [
        TraceRow(
            (str(n), step.rule, visible_text(step.detail), visible_text(step.value)),
            step.value,
            (plain_tooltip(step.rule), f"<p>{esc(step.detail)}</p>",
             f"<p><code>{esc(step.value)}</code></p>"),
        )
        for n, step in enumerate(r.steps, start=1)
    ]
    if r.error is not None:
        rows.append(TraceRow(("", "error", f"{r.error.message} ({r.error.code})", ""), None,
                             ("", "", ""), error=True))
    return tuple(rows)


def examples_table(rows: Sequence[tuple[str, Sequence[Resolution]]]) -> ExamplesTable:
    """One row per reference, one column per rule set (the first row's), cells that
    differ from RFC 3986 marked "≠"; the note counts them."""
    rows = tuple(rows)
    rules = tuple(r.rules for r in rows[0][1]) if rows else ()
    # Two-line labels: the columns share the width, a one-line label would be cut.
    headers = ("Reference", *(rules_label(x).replace(" ", "\n", 1) for x in rules))
    references = tuple(visible_text(ref) if ref else EMPTY_TEXT for ref, _ in rows)
    table: list[tuple[ExampleCell, ...]] = []
    n_diff = 0
    for _ref, resolutions in rows:
        reference = reference_of(resolutions)
        cells = []
        for r in resolutions:
            text = target_text(r)
            odd = differs(r, reference)
            shown = (f"{DIFFERS_MARK} " if odd else "") + visible_text(text)
            tip = None
            if odd:
                n_diff += 1
                tip = (
                    f"<p>{esc(rules_label(r.rules))} gives <code>{esc(text)}</code>; "
                    f"RFC 3986 gives <code>{esc(target_text(reference))}</code></p>"
                    if reference is not None
                    else plain_tooltip(text)
                )
            cells.append(ExampleCell(r.rules, shown, esc(shown), r.target is None, odd, tip))
        table.append(tuple(cells))
    note = (
        f"{len(rows)} references of RFC 3986 §5.4 resolved against "
        f"{rows[0][1][0].base if rows and rows[0][1] else 'the base'} under "
        f"{len(rules)} rule sets; {n_diff} targets differ from RFC 3986 (marked “≠”)."
    )
    return ExamplesTable(rules, headers, tuple(EDITION_TITLES.get(x, x) for x in rules),
                         references, tuple(table), note)
