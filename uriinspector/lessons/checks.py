"""Every lesson question answered by the core, and a learner's answer judged against it.

``expected(step)`` asks the core model (split, resolve, the character tables, compare,
analyze, parse, normalize) for the answer; ``judge(step, given)`` compares what the
learner typed, picked or clicked with it. The data's own ``answer`` is never trusted
here: the tests check that it equals ``expected`` for every step.
"""

from __future__ import annotations

from uriinspector.core.analysis import analyze
from uriinspector.core.charsets import char_class
from uriinspector.core.compare import compare
from uriinspector.core.normalize import normalize
from uriinspector.core.parse import parse
from uriinspector.core.resolve import resolve
from uriinspector.core.spans import Span
from uriinspector.core.split import split
from uriinspector.lessons.model import Judgement, Step

__all__ = ["component_span", "expected", "judge"]

_YES_NO = {True: "yes", False: "no"}


def component_span(uri: str, component: str) -> Span | None:
    """Where ``component`` (scheme, userinfo, host, port, path, query, fragment) is in
    ``uri`` by the generic split (RFC 3986 App. B); None when undefined."""
    return next((span for name, span in split(uri).component_spans() if name == component),
                None)


def expected(step: Step) -> str:
    """The core's answer to ``step``'s question, as the learner would give it."""
    q = step.question
    uri = step.uri
    if q.kind == "component":
        span = component_span(uri, q.component or "")
        return "" if span is None else uri[span.start:span.end]
    if q.kind == "resolve":
        target = resolve(q.base or "", q.reference or "", q.rules).target
        return "" if target is None else target
    if q.kind == "char-class":
        index = q.index if q.index is not None else -1
        return char_class(uri[index], q.edition) if 0 <= index < len(uri) else ""
    if q.kind == "rung":
        rung = compare(uri, q.other or "").rung
        return "none" if rung is None else rung
    if q.kind == "host":
        return analyze(uri).effective_host or ""
    if q.kind == "valid":
        return _YES_NO[parse(uri, q.edition).valid]
    if q.kind == "normalized":
        return normalize(uri).normalized
    # "finding": the first of the choices that the core reports for the link
    codes = {f.code for f in analyze(uri).findings}
    return next((c for c in q.choices if c in codes), "")


def judge(step: Step, given: str | int) -> Judgement:
    """Whether ``given`` answers ``step``: a clicked code-point index for a ``component``
    question, else the typed or picked text (outer white space ignored)."""
    q = step.question
    want = expected(step)
    if q.kind == "component" and isinstance(given, int):
        span = component_span(step.uri, q.component or "")
        right = span is not None and span.start <= given < max(span.end, span.start + 1)
    else:
        text = str(given).strip()
        if q.kind == "host":
            right = text.lower().rstrip(".") == want.lower()
        elif q.kind == "finding":
            codes = {f.code for f in analyze(step.uri).findings}
            right = text in codes and text in q.choices
        else:
            right = text == want
    if right:
        return Judgement(True, want, f"Right: {want or '(empty)'} ({step.section}).")
    return Judgement(False, want, f"Not quite. Hint: {q.hint}")
