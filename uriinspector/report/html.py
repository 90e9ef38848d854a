"""The self-contained HTML report: one file, inline CSS, no script, no external asset.

The URI is painted with the window's component colours (``palette_data``, made
readable on a white page by the same WCAG walk as the window's ``readable``),
delimiters dimmed, finding spans tinted and the misleading userinfo struck through,
as in the URI field, and defanged unless the report is asked live (then the link is
an ``<a href>`` only for a web link a browser accepts). Only the sections that apply
are written (``report.sections``). Every string from the input is HTML-escaped (quotes too);
hidden characters become ``⟨U+XXXX⟩`` chips and URI text is laid out with
``unicode-bidi: bidi-override`` in left-to-right order, so the page never reorders
or hides part of the URI. A Content-Security-Policy forbids scripts and fetches, so
even a mistake in escaping could not run or load anything.
"""

from __future__ import annotations

import html
import itertools
import re
from functools import cache

from uriinspector import palette_data as pd
from uriinspector.core.analysis import Analysis
from uriinspector.report import ReportInput, sections
from uriinspector.report._common import (
    URI_LIMIT,
    VERDICT_LABELS,
    Defanger,
    FactRow,
    char_name,
    chip,
    component_rows,
    detail_rows,
    document_rows,
    evidence,
    head_rows,
    ladder_rows,
    resolution_rows,
    runs,
    urn_rows,
)

__all__ = ["colours", "painted_uri", "to_html"]

#: At most this many finding spans are painted in the URI (as in the window's field).
MAX_PAINTED_FINDINGS = 400

_CSS_UNDERLINE = {
    "none": "none",
    "solid": "solid",
    "dash": "dashed",
    "dot": "dotted",
    "dashdot": "dashed",
    "wave": "wavy",
    "double": "double",
}
_COMPONENTS = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")


def colours(base: str = pd.LIGHT_BASE, text: str = "#000000") -> dict[str, str]:
    """The window's colours resolved for a page of background ``base`` (the light
    theme by default): the same formulas as ``gui/theme.py`` and ``gui/panes/palette.py``."""
    out = {
        f"c-{name}": pd.readable_hex(style.hue, base)
        for name, style in pd.COMPONENT_STYLES.items()
    }
    danger_bg = pd.tint_hex(pd.VERMILLION, base, 0.25)
    chip_bg = pd.tint_hex(pd.REDDISH_PURPLE, base, 0.2)
    out.update(
        {
            "base": base,
            "text": text,
            "dim": pd.readable_hex(pd.tint_hex(text, base, 0.6), base, 3.0),
            "danger": pd.readable_hex(pd.VERMILLION, danger_bg, 4.5),
            "danger-bg": danger_bg,
            "caution": pd.readable_hex(pd.ORANGE, base, 3.0),
            "caution-bg": pd.tint_hex(pd.ORANGE, base, 0.18),
            "info": pd.readable_hex(pd.BLUE, base),
            "finding-bg": pd.tint_hex(pd.ORANGE, base, 0.3),
            "chip": pd.readable_hex(pd.REDDISH_PURPLE, chip_bg),
            "chip-bg": chip_bg,
            "frame": pd.tint_hex(text, base, 0.35),
            "rule": pd.tint_hex(text, base, 0.12),
        }
    )
    for sev, hue in pd.SEVERITY_HUES.items():
        out[f"sev-{sev}"] = pd.readable_hex(hue, base)
    return out


def _css(c: dict[str, str]) -> str:
    rules = [
        f"body{{font:15px/1.45 system-ui,sans-serif;color:{c['text']};background:{c['base']};"
        "margin:24px auto;max-width:1100px;padding:0 16px}",
        "h1{font-size:22px;margin:0 0 12px}h2{font-size:18px;margin:28px 0 8px}",
        f".uri{{font:20px/1.6 monospace;padding:10px 12px;border:1px solid {c['frame']};"
        "border-radius:6px;overflow-wrap:anywhere;white-space:pre-wrap}",
        ".u{direction:ltr;unicode-bidi:isolate-override;font-family:monospace;"
        "white-space:pre-wrap;overflow-wrap:anywhere}",
        "div.u{unicode-bidi:bidi-override}",
        f".delim{{color:{c['dim']}}}",
        f".finding{{background:{c['finding-bg']}}}",
        f".chip{{color:{c['chip']};background:{c['chip-bg']};border-radius:4px;"
        "padding:0 2px;font-size:80%;unicode-bidi:isolate;direction:ltr}",
        ".verdict{padding:8px 12px;border-radius:6px;margin:12px 0;"
        f"border:1px solid {c['frame']}}}",
        f".v-danger{{background:{c['danger-bg']};border-color:{c['danger']}}}",
        f".v-danger .level{{color:{c['danger']}}}",
        f".v-caution{{background:{c['caution-bg']};border-color:{c['caution']}}}",
        f".v-nothing-notable .level{{color:{c['info']}}}",
        ".level{font-weight:bold}",
        ".icon{width:1.15em;height:1.15em;vertical-align:-0.2em;margin-right:0.25em}",
        "table{border-collapse:collapse;width:100%}",
        f"th,td{{text-align:left;vertical-align:top;padding:4px 8px;"
        f"border-bottom:1px solid {c['rule']}}}",
        "td.num{white-space:nowrap}.kv th{width:12em}",
        f"mark{{background:{c['finding-bg']};color:inherit}}",
        f"mark.m-danger{{background:{c['danger-bg']}}}",
        f".undefined{{color:{c['dim']};font-style:italic}}",
        f".note{{color:{c['dim']}}}",
    ]
    for name, style in pd.COMPONENT_STYLES.items():
        colour = c[f"c-{name}"]
        decl = [f"color:{colour}"]
        if style.bold:
            decl.append("font-weight:bold")
        if style.underline != "none":
            decl.append(
                f"text-decoration:underline {_CSS_UNDERLINE[style.underline]} {colour}"
            )
        if name == "fragment":
            decl.append("font-style:italic")
        rules.append(f".c-{name}{{{';'.join(decl)}}}")
    # After the components: the misleading userinfo's format wins where they overlap.
    rules.append(
        f".danger{{background:{c['danger-bg']};color:{c['danger']};"
        f"text-decoration:underline line-through wavy {c['danger']}}}"
    )
    for sev in ("danger", "error", "warning", "info"):
        rules.append(f".sev-{sev}{{color:{c[f'sev-{sev}']};font-weight:bold}}")
    return "\n".join(rules)


#: The icon of ``resources/icons`` for each verdict level and finding severity.
_ICONS = {"danger": "danger", "caution": "warning", "warning": "warning",
          "nothing-notable": "info", "info": "info"}


@cache
def icon_svg(level: str) -> str:
    """The level's icon as inline SVG (the report loads nothing): never a font glyph."""
    from importlib.resources import files

    name = _ICONS.get(level, "info")
    svg = files("uriinspector.resources").joinpath("icons", f"{name}.svg").read_text("utf-8")
    svg = svg[svg.index("<svg") :]
    svg = re.sub(r"<title>.*?</title>", "", svg)
    svg = svg.replace(' xmlns="http://www.w3.org/2000/svg"', "")
    return re.sub(
        r'\swidth="\d+" height="\d+"', ' class="icon" aria-hidden="true" focusable="false"',
        svg, count=1,
    )


def _esc(text: str) -> str:
    """Escape ``text`` for HTML, hidden characters as chips titled with their name."""
    out: list[str] = []
    for hidden, run in runs(text):
        if hidden:
            out.append(
                f'<span class="chip" title="{html.escape(char_name(run), quote=True)}">'
                f"{html.escape(chip(run))}</span>"
            )
        else:
            out.append(html.escape(run, quote=True))
    return "".join(out)


def _u(text: str, limit: int = 2000) -> str:
    """URI text in a table: escaped, chips, left to right, cut at ``limit``."""
    more = len(text) - limit
    body = _esc(text[:limit]) + (
        f'<span class="note">… ({more:,} more characters)</span>' if more > 0 else ""
    )
    return f'<code class="u">{body}</code>' if text else '<span class="undefined">"" (empty)</span>'


def _facts(rows: list[FactRow]) -> list[str]:
    """A two-column table of ``rows``: quoted text as URI text, missing values dimmed."""
    out = ['<table class="kv">']
    for row in rows:
        cell = [_u(row.quoted)] if row.quoted is not None else []
        if row.words is not None:
            words = _esc(row.words)
            cell.append(f'<span class="undefined">{words}</span>' if row.missing else words)
        if row.note is not None:
            cell.append(f"({_esc(row.note)})")
        out.append(f"<tr><th>{_esc(row.label)}</th><td>{' '.join(cell)}</td></tr>")
    out.append("</table>")
    return out


def painted_uri(a: Analysis, limit: int = URI_LIMIT, d: Defanger | None = None) -> str:
    """The URI as the field paints it: components, dimmed delimiters, finding spans;
    its text defanged by ``d`` (by default defanged: a report is shared)."""
    d = Defanger.of(a) if d is None else d
    text = a.text[:limit]
    n = len(text)
    split = a.parsed.split
    layers: list[tuple[int, int, str]] = []
    for name, span in split.component_spans():
        layers.append((span.start, span.end, f"c-{name}"))
    for dl in split.delimiters:
        layers.append((dl.span.start, dl.span.end, "delim"))
    for f in a.findings[:MAX_PAINTED_FINDINGS]:
        if f.span.end > f.span.start:
            cls = "danger" if f.code == "misleading-userinfo" else "finding"
            layers.append((f.span.start, f.span.end, cls))
    bounds = sorted({0, n, *(min(max(s, 0), n) for s, _, _ in layers),
                     *(min(max(e, 0), n) for _, e, _ in layers)})
    out: list[str] = []
    for lo, hi in itertools.pairwise(bounds):
        if hi <= lo:
            continue
        classes = [cls for s, e, cls in layers if s <= lo and hi <= e]
        piece = _esc(d.piece(lo, hi))
        if classes:
            out.append(f'<span class="{" ".join(dict.fromkeys(classes))}">{piece}</span>')
        else:
            out.append(piece)
    if len(a.text) > limit:
        out.append(f'<span class="note">… ({len(a.text) - limit:,} more characters)</span>')
    return "".join(out)


def _findings(r: ReportInput, d: Defanger) -> list[str]:
    a = r.analysis
    out = ["<h2>Findings</h2>",
           "<table><tr><th>Severity</th><th>Finding</th><th>Span</th><th>Evidence</th></tr>"]
    for f in a.findings:
        sign = icon_svg(f.severity)
        before, inside, after, cut_b, cut_a = evidence(d, f.span.start, f.span.end)
        mark = "m-danger" if f.severity == "danger" else "m-finding"
        shown = (
            '<code class="u">'
            + ("…" if cut_b else "")
            + _esc(before)
            + f'<mark class="{mark}">{_esc(inside)}</mark>'
            + _esc(after)
            + ("…" if cut_a else "")
            + "</code>"
        ) if inside else '<span class="note">—</span>'
        out.append(
            f'<tr><td class="num"><span class="sev-{html.escape(f.severity)}">'
            f"{sign}{html.escape(f.severity)}</span></td>"
            f"<td><code>{html.escape(f.code)}</code><br>{_esc(d.prose(f.message))}</td>"
            f'<td class="num">{f.span.start}–{f.span.end}</td><td>{shown}</td></tr>'
        )
    out.append("</table>")
    return out


def _document(r: ReportInput, d: Defanger) -> list[str]:
    doc = r.document
    if doc is None:
        return []
    return ["<h2>Document</h2>", *_facts(document_rows(doc, d))]


def _destinations(r: ReportInput, d: Defanger) -> list[str]:
    dest = r.analysis.destinations
    out = ["<h2>Destinations</h2>",
           "<p>Where the link hands the visitor on to, outermost first.</p>"]
    if dest.hops:
        out.append("<table><tr><th>#</th><th>Carrier</th><th>URL</th><th>Host</th></tr>")
        for n, hop in enumerate(dest.hops, start=1):
            host = _u(d.uri(hop.host)) if hop.host else '<span class="undefined">none</span>'
            out.append(f'<tr><td class="num">{n}</td><td>{_esc(hop.title)}</td>'
                       f"<td>{_u(d.uri(hop.url))}</td><td>{host}</td></tr>")
        out.append("</table>")
    if dest.unknowable is not None:
        out.append(f"<p>Unknowable offline: {_esc(d.prose(dest.unknowable.reason))}</p>")
    return out


def _components(r: ReportInput, d: Defanger) -> list[str]:
    out = ["<h2>Components</h2>",
           "<table><tr><th>Component</th><th>Value</th><th>Span</th></tr>"]
    for row in component_rows(r.analysis):
        cls = f"c-{row.name}"
        if row.value is None or row.start is None or row.end is None:
            value = '<span class="undefined">undefined</span>'
            span = ""
        else:
            value = f'<span class="{cls}">{_u(d.piece(row.start, row.end))}</span>'
            span = f"{row.start}–{row.end}"
        out.append(
            f'<tr><td><span class="{cls}">{row.name}</span></td><td>{value}</td>'
            f'<td class="num">{span}</td></tr>'
        )
    out.append("</table>")
    return out


def _details(r: ReportInput, d: Defanger) -> list[str]:
    title, rows = detail_rows(r.analysis)
    out = ["<h2>Scheme details</h2>", f"<p>{_esc(d.prose(title))}</p>",
           "<table><tr><th>Field</th><th>Value</th><th>Note</th></tr>"]
    for row in rows:
        flag = f' <span class="sev-warning">({_esc(row.flag)})</span>' if row.flag else ""
        out.append(f"<tr><td>{_esc(row.shown_label)}</td><td>{_u(d.prose(row.value))}</td>"
                   f'<td class="note">{_esc(d.prose(row.note))}{flag}</td></tr>')
    out.append("</table>")
    return out


def _urn(r: ReportInput, d: Defanger) -> list[str]:
    out = ["<h2>URN</h2>", '<table class="kv">']
    for name, value in urn_rows(r.analysis):
        if value is None:
            shown = '<span class="undefined">absent</span>'
        elif name in ("Valid", "Diagnostic"):
            shown = _esc(value)
        else:
            shown = _u(d.prose(value))
        out.append(f"<tr><th>{_esc(name)}</th><td>{shown}</td></tr>")
    out.append("</table>")
    return out


def _resolution(r: ReportInput, d: Defanger) -> list[str]:
    table = r.resolution
    if table is None:
        return []
    out = [
        "<h2>Resolution</h2>",
        f"<p>The reference {_u(d.uri(table.reference))} against the base "
        f"{_u(d.uri(table.base))}, under every rule set.</p>",
        "<table><tr><th>Rules</th><th>Target</th><th>Note</th></tr>",
    ]
    for row in resolution_rows(table):
        target = (_u(d.uri(row.target)) if row.target is not None
                  else '<span class="undefined">none</span>')
        out.append(
            f"<tr><td>{html.escape(row.rules)}</td><td>{target}</td>"
            f'<td class="note">{_esc(row.note)}</td></tr>'
        )
    out.append("</table>")
    return out


def _ladder(r: ReportInput, d: Defanger) -> list[str]:
    ladder = r.analysis.ladder
    out = ["<h2>Normalization ladder</h2>",
           "<table><tr><th>Rung</th><th>Value</th><th>Changed</th><th>Note</th></tr>"]
    for row in ladder_rows(r.analysis):
        out.append(
            f"<tr><td>{html.escape(row.name)}</td><td>{_u(d.uri(row.value))}</td>"
            f'<td class="num">{row.changed}</td>'
            f'<td class="note">{_esc(d.prose(row.note))}</td></tr>'
        )
    out.append("</table>")
    out.append(f"<p>Normalized: {_u(d.uri(ladder.normalized))}</p>")
    return out


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

#: Schemes a live report may link to (never javascript:, data: or file:).
_LINKABLE = ("http://", "https://", "ftp://")


def _headline(r: ReportInput, d: Defanger) -> str:
    """The painted link; a real ``<a href>`` only when asked live and a web link."""
    a = r.analysis
    painted = painted_uri(a, d=d)
    target = a.whatwg.href or ""
    if r.live_link and a.whatwg.valid and target.lower().startswith(_LINKABLE):
        href = html.escape(target, quote=True)
        painted = f'<a href="{href}" rel="noreferrer noopener">{painted}</a>'
    return f'<div class="uri u" dir="ltr">{painted}</div>'


def to_html(r: ReportInput) -> str:
    """The whole report for ``r`` as one self-contained HTML document."""
    a = r.analysis
    d = Defanger.of(a, r.live_link)
    c = colours()
    level = a.verdict.level
    reasons = "".join(f"<li>{_esc(d.prose(reason))}</li>" for reason in a.verdict.reasons)
    whole = d.piece(0, min(len(a.text), 200))
    title = _esc(whole[:80] + ("…" if len(a.text) > 80 else ""))
    how = ("The link is shown live, as written (not defanged)." if r.live_link else
           "The link is defanged (hxxp, [.]) so that it cannot be clicked."
           if d.piece(0, len(a.text)) != a.text else "")
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
        "style-src 'unsafe-inline'\">",
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>URI Inspector report: {title}</title>",
        f"<style>\n{_css(c)}\n</style></head><body>",
        "<h1>URI Inspector report</h1>",
        _headline(r, d),
        f'<p class="note">{how}</p>' if how else "",
        f'<div class="verdict v-{level}"><span class="level">{icon_svg(level)}'
        f"{VERDICT_LABELS[level]}</span>"
        f"<ul>{reasons}</ul></div>",
        *_facts(head_rows(a, d)),
    ]
    for name in sections(r):
        parts += _SECTIONS[name](r, d)
    parts += [
        f'<p class="note">Analysed at {_esc(r.analysed_at or "an unknown time")} by URI '
        f"Inspector {_esc(r.version)}, which never resolves names or fetches anything. "
        "Hidden characters are shown as ⟨U+XXXX⟩ chips; URI text is shown in its stored "
        "order, left to right.</p>",
        "</body></html>",
        "",
    ]
    return "\n".join(parts)
