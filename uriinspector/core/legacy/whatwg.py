"""Resolution as browsers do it: the WHATWG URL Standard, through ``ada-url``.

Never hand-written: ``ada_url`` is a conforming implementation of the URL Standard's
basic URL parser. The trace can only describe what the library reported — the base
as parsed, then the result — since the parser's state machine runs inside it. Ada
needs UTF-8, so a string with lone surrogates is reported as a failure (a browser's
input is always well-formed Unicode).
"""

from __future__ import annotations

from types import ModuleType

from uriinspector.core.legacy._trace import Outcome, ResolveError, Trace, q, shown

_ADA: ModuleType | None = None


def _ada() -> ModuleType:
    """``ada_url``, imported on first use: the C extension is not needed to paint the
    window, only to read the first URL."""
    global _ADA
    if _ADA is None:
        import ada_url

        _ADA = ada_url
    return _ADA


CITE = "WHATWG URL §4.4"


def _href(attrs: object) -> str:
    href = attrs.get("href", "") if isinstance(attrs, dict) else ""
    return str(href)


def resolve(base: str, ref: str, strict: bool = True) -> Outcome:
    """Resolve with the URL Standard's parser (``url`` = ref, ``base`` = base)."""
    del strict  # browsers have one behaviour (a same-scheme special URL is relative)
    trace = Trace()
    try:
        base_attrs = _ada().parse_url(base, ("href",))  # only the href is used
    except (ValueError, UnicodeError, TypeError) as exc:
        return Outcome(
            None,
            (),
            ResolveError(
                "base-unparsable",
                f"{CITE}: the base URL fails the basic URL parser (ada-url: {exc}).",
            ),
            None,
        )
    base_href = _href(base_attrs)
    trace.add(
        f"{CITE} parse base",
        f"ada-url parsed the base; its serialization is {q(base_href)}.",
        shown(base_href),
    )
    try:
        target = _ada().join_url(base, ref)
    except (ValueError, UnicodeError, TypeError) as exc:
        return Outcome(
            None,
            tuple(trace.done()),
            ResolveError(
                "reference-unparsable",
                f"{CITE}: parsing the reference against the base returns failure (ada-url: {exc}).",
            ),
            base_href,
        )
    trace.add(
        f"{CITE} parse reference with base",
        "ada-url ran the basic URL parser on the reference with the base; the "
        "serialized result (href) is:",
        target,
    )
    return Outcome(target, trace.done(), None, base_href)
