"""The Markdown report: verdict, where the link goes, findings, components, the
resolution table and the ladder (GitHub-flavoured tables).

Every piece of the URI goes into a code span (backticks longer than any run inside,
``|`` escaped for tables), with hidden characters as ``⟨U+XXXX⟩`` chips, so nothing
in the URI is read as Markdown or HTML.
"""

from __future__ import annotations

import re

from uriinspector.report import ReportInput
from uriinspector.report._common import VERDICT_LABELS, component_rows, excerpt, visible

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


def to_markdown(r: ReportInput) -> str:
    """The whole Markdown report for ``r``."""
    a = r.analysis
    lines: list[str] = ["# URI Inspector report", ""]
    lines += [code(a.text, 100_000, table=False), ""]
    lines += [f"**Verdict: {VERDICT_LABELS[a.verdict.level]}**", ""]
    lines += [f"- {_cell(reason)}" for reason in a.verdict.reasons]
    lines.append("")
    lines += ["| | |", "|---|---|"]
    lines.append(
        "| Effective host | "
        + (code(a.effective_host) if a.effective_host else "none (a browser contacts no host)")
        + " |"
    )
    lines.append(
        "| Registrable domain | "
        + (code(a.registrable_domain) if a.registrable_domain else "none")
        + " |"
    )
    lines.append(f"| Edition | {a.edition} ({'valid' if a.parsed.valid else 'not valid'}) |")
    lines.append("")

    lines += ["## Findings", ""]
    if not a.findings:
        lines += ["No finding. That proves nothing about the site itself.", ""]
    else:
        lines += ["| Severity | Code | Span | Evidence | Message |", "|---|---|---|---|---|"]
        for f in a.findings:
            before, inside, after, cut_b, cut_a = excerpt(a.text, f.span.start, f.span.end)
            pieces = ["…" if cut_b else "", code(before) if before else ""]
            pieces += [f"**{code(inside)}**", code(after) if after else "", "…" if cut_a else ""]
            evidence = " ".join(p for p in pieces if p) if inside else "—"
            lines.append(
                f"| {f.severity} | `{f.code}` | {f.span.start}–{f.span.end} | "
                f"{evidence} | {_cell(f.message)} |"
            )
        lines.append("")

    lines += ["## Components", "", "| Component | Value | Span |", "|---|---|---|"]
    for row in component_rows(a):
        if row.value is None:
            lines.append(f"| {row.name} | undefined | |")
        else:
            lines.append(f"| {row.name} | {code(row.value)} | {row.start}–{row.end} |")
    lines.append("")

    lines += [
        "## Resolution",
        "",
        f"The URI as a reference against the base {code(r.base, table=False)}, "
        "under every rule set.",
        "",
        "| Rules | Target | Note |",
        "|---|---|---|",
    ]
    for res in r.resolutions:
        target = code(res.target) if res.target is not None else "none"
        note = _cell(res.error.message) if res.error is not None else (
            "same document" if res.same_document else ""
        )
        lines.append(f"| {res.rules} | {target} | {note} |")
    lines.append("")

    ladder = a.ladder
    lines += [
        "## Normalization ladder",
        "",
        "| Rung | Value | Changed | Note |",
        "|---|---|---|---|",
    ]
    for rung in ladder.rungs:
        changed = "not performed" if not rung.performed else ("yes" if rung.changed else "no")
        notes = [e.reason for e in rung.edits[:5]]
        if len(rung.edits) > 5:
            notes.append(f"and {len(rung.edits) - 5} more edits")
        if rung.note:
            notes.append(rung.note)
        lines.append(
            f"| {rung.name} | {code(rung.value)} | {changed} | {_cell('; '.join(notes))} |"
        )
    lines += ["", f"Normalized: {code(ladder.normalized, table=False)}", ""]
    return "\n".join(lines)
