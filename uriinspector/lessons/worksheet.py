"""A lesson as a worksheet for a class without the program: Markdown or HTML.

The questions and the answers are written separately (``answers=True`` gives the
teacher's sheet), each step with its section, its URI shown with hidden characters as
visible markers (``core.hidden``), and the choices where the question has them. The HTML
is one self-contained file: escaped text, no scripts, no external files.
"""

from __future__ import annotations

import html

from uriinspector.core.hidden import reveal
from uriinspector.lessons.checks import expected
from uriinspector.lessons.model import Lesson, Step

__all__ = ["worksheet_html", "worksheet_markdown"]


def _code(text: str) -> str:
    shown = reveal(text).replace("`", "\u02cb")
    return f"`{shown}`" if shown else "(empty)"


def _given(step: Step) -> list[str]:
    q = step.question
    lines: list[str] = []
    if q.kind == "resolve":
        lines.append(f"Base {_code(q.base or '')}, reference {_code(q.reference or '')}"
                     + (f" (rules: {q.rules})" if q.rules != "rfc3986" else ""))
    if q.kind == "rung":
        lines.append(f"Compare with {_code(q.other or '')}")
    if q.kind == "char-class" and q.index is not None and q.index < len(step.uri):
        lines.append(f"The character {_code(step.uri[q.index])} at position {q.index + 1} "
                     f"(edition {q.edition})")
    if q.choices:
        lines.append("Choices: " + ", ".join(_code(c) for c in q.choices))
    return lines


def worksheet_markdown(lesson: Lesson, *, answers: bool = False) -> str:
    """The lesson's questions (or, with ``answers``, its answers) as Markdown."""
    out = [f"# {lesson.title}" + (" — answers" if answers else ""), "", lesson.summary, ""]
    for n, step in enumerate(lesson.steps, 1):
        out += [f"## {n}. {step.title} ({step.section})", "", _code(step.uri), ""]
        if not answers:
            out += [step.text, ""]
        out += [f"**{step.question.prompt}**", ""]
        out += [f"- {line}" for line in _given(step)]
        if answers:
            out += ["", f"Answer: {_code(expected(step))}"]
        else:
            out += ["", "Your answer: ______________________________"]
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def worksheet_html(lesson: Lesson, *, answers: bool = False) -> str:
    """The same sheet as one self-contained HTML file (escaped, no scripts)."""
    def esc(text: str) -> str:
        return html.escape(reveal(text), quote=True)

    parts = [
        "<!doctype html>", '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{esc(lesson.title)}{' — answers' if answers else ''}</title>",
        "<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48em;margin:2em auto;"
        "padding:0 1em}code{font:15px ui-monospace,monospace;background:#f2f2f2;"
        "padding:0 .2em;overflow-wrap:anywhere}.blank{border-bottom:1px solid #888;"
        "display:inline-block;min-width:20em}</style></head><body>",
        f"<h1>{esc(lesson.title)}{' — answers' if answers else ''}</h1>",
        f"<p>{esc(lesson.summary)}</p>",
    ]
    for n, step in enumerate(lesson.steps, 1):
        parts.append(f"<h2>{n}. {esc(step.title)} <small>({esc(step.section)})</small></h2>")
        parts.append(f"<p><code>{esc(step.uri)}</code></p>")
        if not answers:
            parts.append(f"<p>{esc(step.text)}</p>")
        parts.append(f"<p><strong>{esc(step.question.prompt)}</strong></p>")
        given = _given(step)
        if given:
            parts.append("<ul>" + "".join(f"<li>{esc(g.replace('`', ''))}</li>" for g in given)
                         + "</ul>")
        if answers:
            parts.append(f"<p>Answer: <code>{esc(expected(step))}</code></p>")
        else:
            parts.append('<p>Your answer: <span class="blank">&nbsp;</span></p>')
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
