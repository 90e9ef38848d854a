"""The Markdown report: verdict, where the link goes, then the sections that apply
(``report.sections``) as GitHub-flavoured tables.

Every piece of the URI goes into a code span (backticks longer than any run inside,
``|`` escaped for tables), with hidden characters as ``⟨U+XXXX⟩`` chips, so nothing
in the URI is read as Markdown or HTML.
"""

from __future__ import annotations

import re

from uriinspector.report import ReportInput, sections
from uriinspector.report._common import (
    VERDICT_LABELS,
    Defanger,
    FactRow,
    component_rows,
    detail_rows,
    document_rows,
    evidence,
    head_rows,
    ladder_rows,
    resolution_rows,
    urn_rows,
    visible,
)

__all__ = ["code", "to_markdown"]

_BACKTICKS = re.compile(r"`+")


def code(text: str, limit: int = 2000, *, table: bool = True) -> str:
    """``text`` as an inline code span; in a table cell ``|`` is escaped (GFM)."""
    shown = visible(text, limit)
    if shown == "":
        return '`""` (empty)'
    longest = max((len(m) for m in _BACKTICKS.findall(shown)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if shown.startswith("`") or shown.endswith("`") or longest else ""
    body = shown.replace("|", "\\|") if table else shown
    return f"{fence}{pad}{body}{pad}{fence}"


_MARKUP = re.compile(r"([\\`*_\[\]<>|~&!#])")


def _cell(text: str) -> str:
    """Prose (which may quote the URI) as inert Markdown: one line, every character
    CommonMark could read as markup backslash-escaped (CommonMark §2.4)."""
    return _MARKUP.sub(r"\\\1", visible(text, 2000))


def _facts(rows: list[FactRow]) -> list[str]:
    """A two-column table of ``rows``: quoted text as code, words as inert prose."""
    lines = ["| | |", "|---|---|"]
    for row in rows:
        cell = [code(row.quoted)] if row.quoted is not None else []
        if row.words is not None:
            cell.append(_cell(row.words))
        if row.note is not None:
            cell.append(f"({_cell(row.note)})")
        lines.append(f"| {row.label} | {' '.join(cell)} |")
    return lines


def _head(r: ReportInput, d: Defanger) -> list[str]:
    a = r.analysis
    lines: list[str] = ["# URI Inspector report", ""]
    lines += [code(d.whole(), 100_000, table=False), ""]
    if r.live_link:
        lines += ["The link is shown live, as written (not defanged).", ""]
    elif d.whole() != a.text:
        lines += ["The link is defanged (`hxxp`, `[.]`) so that it cannot be clicked.", ""]
    lines += [f"**Verdict: {VERDICT_LABELS[a.verdict.level]}**", ""]
    lines += [f"- {_cell(d.prose(reason))}" for reason in a.verdict.reasons]
    lines.append("")
    return [*lines, *_facts(head_rows(a, d)), ""]


def _document(r: ReportInput, d: Defanger) -> list[str]:
    doc = r.document
    if doc is None:
        return []
    return ["## Document", "", *_facts(document_rows(doc, d)), ""]


def _findings(r: ReportInput, d: Defanger) -> list[str]:
    a = r.analysis
    lines = ["## Findings", ""]
    lines += ["| Severity | Code | Span | Evidence | Message |", "|---|---|---|---|---|"]
    for f in a.findings:
        before, inside, after, cut_b, cut_a = evidence(d, f.span.start, f.span.end)
        pieces = ["…" if cut_b else "", code(before) if before else ""]
        pieces += [f"**{code(inside)}**", code(after) if after else "", "…" if cut_a else ""]
        evid = " ".join(p for p in pieces if p) if inside else "—"
        lines.append(
            f"| {f.severity} | `{f.code}` | {f.span.start}–{f.span.end} | "
            f"{evid} | {_cell(d.prose(f.message))} |"
        )
    return [*lines, ""]


def _destinations(r: ReportInput, d: Defanger) -> list[str]:
    dest = r.analysis.destinations
    lines = ["## Destinations", "", "Where the link hands the visitor on to, outermost first.", ""]
    if dest.hops:
        lines += ["| # | Carrier | URL | Host |", "|---|---|---|---|"]
        for n, hop in enumerate(dest.hops, start=1):
            host = code(d.uri(hop.host)) if hop.host else "none"
            lines.append(f"| {n} | {_cell(hop.title)} | {code(d.uri(hop.url))} | {host} |")
        lines.append("")
    if dest.unknowable is not None:
        lines += [f"Unknowable offline: {_cell(d.prose(dest.unknowable.reason))}", ""]
    return lines


def _components(r: ReportInput, d: Defanger) -> list[str]:
    lines = ["## Components", "", "| Component | Value | Span |", "|---|---|---|"]
    for row in component_rows(r.analysis):
        if row.value is None or row.start is None or row.end is None:
            lines.append(f"| {row.name} | undefined | |")
        else:
            value = code(d.piece(row.start, row.end))
            lines.append(f"| {row.name} | {value} | {row.start}–{row.end} |")
    return [*lines, ""]


def _details(r: ReportInput, d: Defanger) -> list[str]:
    title, rows = detail_rows(r.analysis)
    lines = ["## Scheme details", "", _cell(d.prose(title)), "", "| Field | Value | Note |",
             "|---|---|---|"]
    for row in rows:
        flag = f" ({row.flag})" if row.flag else ""
        lines.append(
            f"| {_cell(row.shown_label)} | {code(d.prose(row.value))} | "
            f"{_cell(d.prose(row.note))}{flag} |"
        )
    return [*lines, ""]


def _urn(r: ReportInput, d: Defanger) -> list[str]:
    lines = ["## URN", "", "| Part | Value |", "|---|---|"]
    for name, value in urn_rows(r.analysis):
        shown = "absent" if value is None else (
            _cell(value) if name in ("Valid", "Diagnostic") else code(d.prose(value))
        )
        lines.append(f"| {name} | {shown} |")
    return [*lines, ""]


def _resolution(r: ReportInput, d: Defanger) -> list[str]:
    table = r.resolution
    if table is None:
        return []
    lines = [
        "## Resolution",
        "",
        f"The reference {code(d.uri(table.reference), table=False)} against the base "
        f"{code(d.uri(table.base), table=False)}, under every rule set.",
        "",
        "| Rules | Target | Note |",
        "|---|---|---|",
    ]
    for row in resolution_rows(table):
        target = code(d.uri(row.target)) if row.target is not None else "none"
        lines.append(f"| {row.rules} | {target} | {_cell(row.note)} |")
    return [*lines, ""]


def _ladder(r: ReportInput, d: Defanger) -> list[str]:
    ladder = r.analysis.ladder
    lines = [
        "## Normalization ladder",
        "",
        "| Rung | Value | Changed | Note |",
        "|---|---|---|---|",
    ]
    for row in ladder_rows(r.analysis):
        lines.append(
            f"| {row.name} | {code(d.uri(row.value))} | {row.changed} | "
            f"{_cell(d.prose(row.note))} |"
        )
    return [*lines, "", f"Normalized: {code(d.uri(ladder.normalized), table=False)}", ""]


_SECTIONS = {
    "document": _document,
    "findings": _findings,
    "destinations": _destinations,
    "components": _components,
    "details": _details,
    "urn": _urn,
    "resolution": _resolution,
    "ladder": _ladder,
}


def to_markdown(r: ReportInput) -> str:
    """The whole Markdown report for ``r``: the head, then each section that applies."""
    d = Defanger.of(r.analysis, r.live_link)
    lines = _head(r, d)
    for name in sections(r):
        lines += _SECTIONS[name](r, d)
    lines += [f"Analysed at {r.analysed_at or 'an unknown time'} by URI Inspector {r.version}, "
              "which never resolves names or fetches anything.", ""]
    return "\n".join(lines)
