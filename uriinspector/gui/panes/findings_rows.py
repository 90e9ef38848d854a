"""The Findings pane's rows: what each list row and the summary say, built from one ``Analysis``.

Rows come from ``Analysis.findings`` (danger/warning/info, e.g. draft-2003 §7.5's
misleading userinfo) followed by ``Analysis.parsed.diagnostics`` (error/warning/info
under the chosen edition). Qt-free: the pane (``findings.py``) only turns rows into
list items, icons and colours.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from uriinspector.core.verdict import verdict_words
from uriinspector.gui.panes.cells import span_tuple
from uriinspector.gui.plain import esc, visible_text

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis
    from uriinspector.core.diagnostics import Diagnostic
    from uriinspector.core.findings.base import Finding

EMBEDDED_URL = "embedded-url"
#: Findings (and diagnostics) listed at most; the rest is counted in one row.
MAX_ROWS = 200
#: Characters of a message shown in a row or tooltip (messages may quote the input).
MESSAGE_LIMIT = 600
#: Characters of an imitated brand's name shown in a row.
BRAND_LIMIT = 120

FINDING_WORDS = {"danger": "Danger", "warning": "Warning", "info": "Info"}
DIAGNOSTIC_WORDS = {"error": "Grammar error", "warning": "Grammar warning", "info": "Grammar note"}


class FindingRow(NamedTuple):
    """What one list row shows; equal rows need no rebuild."""

    kind: str  # "finding", "diagnostic" or "more" (counts the findings not listed)
    severity: str
    text: str
    code: str
    span: tuple[int, int] | None  # code points, end exclusive
    tooltip: str  # rich text, every input-derived piece escaped
    nested: str | None  # the exact URL an embedded-url finding carries

    @property
    def bold(self) -> bool:
        """A danger finding is set in bold (colour is never the only cue)."""
        return self.kind == "finding" and self.severity == "danger"

    @property
    def round_icon(self) -> bool:
        """Findings get a round badge, grammar diagnostics (and the count) a square one."""
        return self.kind == "finding"


class Summary(NamedTuple):
    """The line over the list: the verdict's words and severity key, and the counts."""

    counts: str
    level: str | None  # the verdict's level, None when the analysis has none
    severity: str | None  # "danger", "warning" or "info": the icon and the colour
    label: str | None  # the verdict in words (core.verdict, the one wording)


def nested_url(finding: Finding, text: str) -> str:
    """The URL an ``embedded-url`` finding points at.

    Uses a field the core provides for it when there is one; otherwise the exact
    text of the finding's span (never decoded here: decoding is the core's call).
    """
    for field in ("nested_url", "nested", "url", "target"):
        value = getattr(finding, field, None)
        if isinstance(value, str) and value:
            return value
    return text[finding.span.start : finding.span.end]


def finding_row(f: Finding, source: str) -> FindingRow:
    """One finding's row: severity word, the brand imitated, the message; its tooltip."""
    word = FINDING_WORDS.get(f.severity, f.severity)
    tip = (
        f"<p><b>{esc(f.code)}</b> ({esc(f.severity)})</p>"
        f"<p>{esc(visible_text(f.message, MESSAGE_LIMIT))}</p>"
    )
    nested: str | None = None
    if f.code == EMBEDDED_URL:
        nested = nested_url(f, source)
        tip += f"<p>Nested URL: <code>{esc(visible_text(nested, MESSAGE_LIMIT))}</code></p>"
    # Look-alike findings name the brand imitated (batch protocol 1.1 "imitates").
    brand = getattr(f, "imitates", None)
    imitates = f"imitates {visible_text(brand, BRAND_LIMIT)} · " if brand else ""
    if brand:
        tip += f"<p>Imitates <b>{esc(brand)}</b></p>"
    return FindingRow(
        "finding", f.severity,
        f"{word} · {imitates}{visible_text(f.message, MESSAGE_LIMIT)}", f.code,
        span_tuple(f.span), tip, nested,
    )


def diagnostic_row(d: Diagnostic) -> FindingRow:
    """One grammar diagnostic's row and tooltip (the message cut at ``MESSAGE_LIMIT``)."""
    word = DIAGNOSTIC_WORDS.get(d.severity, d.severity)
    # A message can quote the input (a megabyte of '['): rows and tooltips show at
    # most MESSAGE_LIMIT characters, or laying out the row freezes the window.
    tip = (
        f"<p><b>{esc(d.code)}</b> ({esc(d.severity)}, grammar diagnostic)</p>"
        f"<p>{esc(visible_text(d.message, MESSAGE_LIMIT))}</p>"
    )
    return FindingRow(
        "diagnostic", d.severity, f"{word} · {visible_text(d.message, MESSAGE_LIMIT)}",
        d.code, span_tuple(d.span), tip, None,
    )


def finding_rows(a: Analysis) -> tuple[FindingRow, ...]:
    """The findings (at most ``MAX_ROWS``, then one row counting the rest), then the
    grammar diagnostics (at most ``MAX_ROWS``), in the core's order."""
    # A megabyte of bidi controls has a finding per character (26,000 rows at 128 K
    # took seconds on the GUI thread; issue 13). The summary counts them all.
    shown = a.findings[:MAX_ROWS]
    rows = tuple(finding_row(f, a.text) for f in shown)
    if len(a.findings) > len(shown):
        rest = len(a.findings) - len(shown)
        rows += (
            FindingRow("more", "info", f"… and {rest:,} more findings not listed", "",
                       None, "", None),
        )
    return rows + tuple(diagnostic_row(d) for d in tuple(a.parsed.diagnostics)[:MAX_ROWS])


def summary(a: Analysis) -> Summary:
    """The counts of findings and diagnostics, and the verdict's words and severity."""
    n = len(a.findings)
    n_diag = len(a.parsed.diagnostics)
    counts = f"{n} finding{'s' if n != 1 else ''}, {n_diag} grammar diagnostic" + (
        "s" if n_diag != 1 else ""
    )
    level = getattr(getattr(a, "verdict", None), "level", None)
    if level is None:
        return Summary(counts, None, None, None)
    severity = "danger" if level == "danger" else "warning" if level == "caution" else "info"
    return Summary(counts, level, severity, verdict_words(level))
