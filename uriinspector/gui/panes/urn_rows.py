"""The URN pane's rows: what each tree row shows, built from one ``Analysis``'s ``UrnParse``.

NID, NSS, r/q/f-components (URN draft §2, RFC 8141 ``?+``/``?=``), query directives,
the lexical form (URN draft §5) and the diagnostics. Qt-free: the pane (``urn.py``)
only turns rows into tree items, fonts and colours.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from uriinspector.gui.panes.cells import EMPTY_TEXT, UNDEFINED_TEXT, span_tuple
from uriinspector.gui.plain import esc, plain_tooltip, visible_text
from uriinspector.palette_data import SEVERITY_GLYPHS

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis
    from uriinspector.core.spans import Span
    from uriinspector.core.urn import UrnParse

NOT_URN_CODE = "urn-not-urn"

#: (label, UrnParse field, span name, citation) for the scalar rows, in order.
FIELDS: tuple[tuple[str, str, str, str], ...] = (
    ("NID", "nid", "nid", "Namespace identifier (URN draft §2.1)"),
    ("NSS", "nss", "nss", "Namespace-specific string (URN draft §2.2)"),
    ("r-component", "r_component", "r_component", "Resolution parameters, ?+ (RFC 8141 §2.3.1)"),
    ("q-component", "q_component", "q_component", "Query for the resource, ?= (RFC 8141 §2.3.2)"),
    ("f-component", "f_component", "f_component", "Fragment, # (URN draft §2.4)"),
)
COL_NAME, COL_VALUE, COL_SPAN = range(3)
HEADERS = ("Part", "Value", "Span")


@dataclass(frozen=True, slots=True)
class UrnRow:
    """One tree row: its three cells, tooltips, span and how its value is set."""

    label: str
    value: str | None  # the exact value (None: undefined)
    span: tuple[int, int] | None  # code points, end exclusive
    name_tip: str  # rich text, escaped
    value_font: str  # "italic" (undefined), "plain", "mono", "mono-bold", "view"
    severity: str | None = None  # a diagnostic's: the colour of its name
    code: str | None = None  # a diagnostic's stable code
    children: tuple[UrnRow, ...] = ()

    @property
    def shown(self) -> str:
        """The value cell: undefined and empty differ (RFC 3986 §5.3), hidden ones shown."""
        if self.value is None:
            return UNDEFINED_TEXT
        return EMPTY_TEXT if self.value == "" else visible_text(self.value)

    @property
    def span_text(self) -> str:
        """The span cell, ``start–end`` in code points; blank when there is none."""
        return "" if self.span is None else f"{self.span[0]}–{self.span[1]}"

    @property
    def value_tip(self) -> str | None:
        """The value cell's tooltip: the whole value, escaped; None when it is empty."""
        return f"<p><code>{esc(self.value)}</code></p>" if self.value else None

    @property
    def dim(self) -> bool:
        """An undefined value is dimmed (and italic): colour is never the only cue."""
        return self.value is None


def is_urn(a: Analysis) -> bool:
    """Whether the core read the input as a URN (it gives no ``UrnParse`` otherwise)."""
    urn = getattr(a, "urn", None)
    if urn is None:
        return False
    return not any(d.code == NOT_URN_CODE for d in urn.diagnostics)


def not_urn_text(a: Analysis) -> str:
    """The one line shown for any other input: what its scheme is, what the pane is for."""
    scheme = a.parsed.split.scheme
    what = ("it has no scheme" if scheme is None
            else f"its scheme is “{visible_text(scheme.text, 40)}”")
    return (
        f"Not a URN: {what}. This pane shows the NID, NSS, query directives, "
        "r/q/f-components and the lexical-equivalence form of urn: references."
    )


def validity(urn: UrnParse) -> tuple[str, str]:
    """The severity key (its colour) and the plain words of the line over the tree."""
    severity = "info" if urn.valid else "error"
    glyph = "✓" if urn.valid else SEVERITY_GLYPHS["error"]
    return severity, f"{glyph} URN, {'valid' if urn.valid else 'not valid'}"


def validity_html(urn: UrnParse, colour: str) -> str:
    """The line over the tree as rich text, its words in ``colour`` (a ``#rrggbb``)."""
    _severity, words = validity(urn)
    return f"<b style='color:{colour}'>{esc(words)}</b> (URN draft, RFC 8141 as tie-breaker)"


def _row(label: str, value: str | None, span: Span | None, tip: str,
         children: tuple[UrnRow, ...] = ()) -> UrnRow:
    """A row whose value is set mono when it has one, italic when undefined."""
    font = "italic" if value is None else "plain" if value == "" else "mono"
    return UrnRow(label, value, span_tuple(span), plain_tooltip(tip), font, children=children)


def urn_rows(urn: UrnParse) -> tuple[UrnRow, ...]:
    """The rows in order: the five parts, the query directives, the lexical form, then
    the diagnostics (children under their summary rows)."""
    rows = [_row(label, getattr(urn, field), urn.span_of(span_name), tip)
            for label, field, span_name, tip in FIELDS]
    directives = urn.query_directives
    if directives is None:
        rows.append(_row("query directives", None, urn.span_of("query"),
                         "keywd=value pairs joined by & (URN draft §2.3)"))
    else:
        n = len(directives)
        pairs = tuple(_row(d.keyword, d.value, None, "Query directive (URN draft §2.3)")
                      for d in directives)
        rows.append(_row("query directives", f"{n} directive" + ("s" if n != 1 else ""),
                         urn.span_of("query"), "keywd=value pairs (URN draft §2.3)",
                         children=pairs))
    lexical = _row("lexical form", urn.lexical_form, None,
                   "The form two URNs are compared in (URN draft §5 steps 1–4, 5a)")
    rows.append(replace(lexical, value_font="mono-bold"))
    if urn.diagnostics:
        children: list[UrnRow] = []
        for d in urn.diagnostics:
            word = {"error": "error", "warning": "warning"}.get(d.severity, "note")
            plain = _row(f"{SEVERITY_GLYPHS.get(d.severity, '')} {word}", d.message, d.span,
                         d.code)
            children.append(replace(plain, value_font="view", severity=d.severity, code=d.code))
        rows.append(_row("diagnostics", f"{len(urn.diagnostics)}", None,
                         "What is wrong with this URN", children=tuple(children)))
    return tuple(rows)
