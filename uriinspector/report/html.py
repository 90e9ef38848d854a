"""The self-contained HTML report: one file, inline CSS, no script, no external asset.

The URI is painted with the window's component colours (``palette_data``, made
readable on a white page by the same WCAG walk as the window's ``readable``),
delimiters dimmed, finding spans tinted and the misleading userinfo struck through,
as in the URI field. Every string from the input is HTML-escaped (quotes too);
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
from uriinspector.report import ReportInput
from uriinspector.report._common import (
    URI_LIMIT,
    VERDICT_LABELS,
    char_name,
    chip,
    component_rows,
    excerpt,
    runs,
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


def painted_uri(a: Analysis, limit: int = URI_LIMIT) -> str:
    """The URI as the field paints it: components, dimmed delimiters, finding spans."""
    text = a.text[:limit]
    n = len(text)
    split = a.parsed.split
    layers: list[tuple[int, int, str]] = []
    for name, span in split.component_spans():
        layers.append((span.start, span.end, f"c-{name}"))
    for d in split.delimiters:
        layers.append((d.span.start, d.span.end, "delim"))
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
        piece = _esc(text[lo:hi])
        if classes:
            out.append(f'<span class="{" ".join(dict.fromkeys(classes))}">{piece}</span>')
        else:
            out.append(piece)
    if len(a.text) > limit:
        out.append(f'<span class="note">… ({len(a.text) - limit:,} more characters)</span>')
    return "".join(out)


def _findings(a: Analysis) -> list[str]:
    if not a.findings:
        return ["<p>No finding. That proves nothing about the site itself.</p>"]
    out = ["<table><tr><th>Severity</th><th>Finding</th><th>Span</th><th>Evidence</th></tr>"]
    for f in a.findings:
        sign = icon_svg(f.severity)
        before, inside, after, cut_b, cut_a = excerpt(a.text, f.span.start, f.span.end)
        mark = "m-danger" if f.severity == "danger" else "m-finding"
        evidence = (
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
            f"<td><code>{html.escape(f.code)}</code><br>{_esc(f.message)}</td>"
            f'<td class="num">{f.span.start}–{f.span.end}</td><td>{evidence}</td></tr>'
        )
    out.append("</table>")
    return out


def _components(a: Analysis) -> list[str]:
    out = ["<table><tr><th>Component</th><th>Value</th><th>Span</th></tr>"]
    for row in component_rows(a):
        cls = f"c-{row.name}"
        if row.value is None:
            value = '<span class="undefined">undefined</span>'
            span = ""
        else:
            value = f'<span class="{cls}">{_u(row.value)}</span>'
            span = f"{row.start}–{row.end}"
        out.append(
            f'<tr><td><span class="{cls}">{row.name}</span></td><td>{value}</td>'
            f'<td class="num">{span}</td></tr>'
        )
    out.append("</table>")
    return out


def _resolution(r: ReportInput) -> list[str]:
    out = [
        f"<p>The URI as a reference against the base {_u(r.base)}, under every rule set.</p>",
        "<table><tr><th>Rules</th><th>Target</th><th>Note</th></tr>",
    ]
    for res in r.resolutions:
        target = _u(res.target) if res.target is not None else '<span class="undefined">none</span>'
        if res.error is not None:
            note = _esc(res.error.message)
        else:
            note = "same document" if res.same_document else ""
        out.append(
            f"<tr><td>{html.escape(res.rules)}</td><td>{target}</td>"
            f'<td class="note">{note}</td></tr>'
        )
    out.append("</table>")
    return out


def _ladder(a: Analysis) -> list[str]:
    ladder = a.ladder
    out = ["<table><tr><th>Rung</th><th>Value</th><th>Changed</th><th>Note</th></tr>"]
    for rung in ladder.rungs:
        changed = "not performed" if not rung.performed else ("yes" if rung.changed else "no")
        notes = [e.reason for e in rung.edits[:5]]
        if len(rung.edits) > 5:
            notes.append(f"and {len(rung.edits) - 5} more edits")
        if rung.note:
            notes.append(rung.note)
        out.append(
            f"<tr><td>{html.escape(rung.name)}</td><td>{_u(rung.value)}</td>"
            f'<td class="num">{changed}</td><td class="note">{_esc("; ".join(notes))}</td></tr>'
        )
    out.append("</table>")
    out.append(f"<p>Normalized: {_u(ladder.normalized)}</p>")
    return out


def to_html(r: ReportInput) -> str:
    """The whole report for ``r`` as one self-contained HTML document."""
    a = r.analysis
    c = colours()
    level = a.verdict.level
    reasons = "".join(f"<li>{_esc(reason)}</li>" for reason in a.verdict.reasons)
    host = _u(a.effective_host) if a.effective_host else (
        '<span class="undefined">none (a browser contacts no host)</span>'
    )
    domain = _u(a.registrable_domain) if a.registrable_domain else (
        '<span class="undefined">none</span>'
    )
    title = _esc(a.text[:80] + ("…" if len(a.text) > 80 else ""))
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
        "style-src 'unsafe-inline'\">",
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>URI Inspector report: {title}</title>",
        f"<style>\n{_css(c)}\n</style></head><body>",
        "<h1>URI Inspector report</h1>",
        f'<div class="uri u" dir="ltr">{painted_uri(a)}</div>',
        f'<div class="verdict v-{level}"><span class="level">{icon_svg(level)}'
        f"{VERDICT_LABELS[level]}</span>"
        f"<ul>{reasons}</ul></div>",
        '<table class="kv">',
        f"<tr><th>Effective host</th><td>{host}</td></tr>",
        f"<tr><th>Registrable domain</th><td>{domain}</td></tr>",
        f"<tr><th>Edition</th><td>{html.escape(a.edition)} "
        f"({'valid' if a.parsed.valid else 'not valid'})</td></tr>",
        "</table>",
        "<h2>Findings</h2>",
        *_findings(a),
        "<h2>Components</h2>",
        *_components(a),
        "<h2>Resolution</h2>",
        *_resolution(r),
        "<h2>Normalization ladder</h2>",
        *_ladder(a),
        '<p class="note">Written by URI Inspector, which never resolves names or fetches '
        "anything. Hidden characters are shown as ⟨U+XXXX⟩ chips; URI text is shown in "
        "its stored order, left to right.</p>",
        "</body></html>",
        "",
    ]
    return "\n".join(parts)
