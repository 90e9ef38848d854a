"""Resolution as browsers do it: the WHATWG URL Standard, through ``ada-url``.

Never hand-written: ``ada_url`` is a conforming implementation of the URL Standard's
basic URL parser, and the target is always its answer. Between the parsed base and
that answer the trace gives the reason for each step (``whatwg_reasons``: the branch
taken, each path segment, where the query and fragment came from); when that retrace
arrives at another path than ada-url, a last step says the reasons are incomplete.
Ada needs UTF-8, so a string with lone surrogates is reported as a failure (a
browser's input is always well-formed Unicode).
"""

from __future__ import annotations

from types import ModuleType
from urllib.parse import unquote

from uriinspector.core.legacy._trace import Outcome, ResolveError, Trace, q, shown
from uriinspector.core.legacy.whatwg_reasons import (
    SPECIAL_PORTS,
    BaseParts,
    host_reason,
    port_reason,
    retrace,
)

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


_BASE_ATTRIBUTES = ("href", "protocol", "pathname", "search")


def _href(attrs: object) -> str:
    href = attrs.get("href", "") if isinstance(attrs, dict) else ""
    return str(href)


def _attr(attrs: object, name: str) -> str:
    value = attrs.get(name, "") if isinstance(attrs, dict) else ""
    return str(value)


def _base_parts(attrs: object) -> BaseParts:
    """The parts of the parsed base the relative states read (URL Standard §4.4)."""
    scheme = _attr(attrs, "protocol")[:-1]
    href = _attr(attrs, "href")
    pathname = _attr(attrs, "pathname")
    has_host = href[len(scheme) + 1 :].startswith("//")
    opaque = scheme not in SPECIAL_PORTS and not has_host and not pathname.startswith("/")
    return BaseParts(scheme, None, pathname, _attr(attrs, "search"), opaque)


def resolve(base: str, ref: str, strict: bool = True) -> Outcome:
    """Resolve with the URL Standard's parser (``url`` = ref, ``base`` = base)."""
    del strict  # browsers have one behaviour (a same-scheme special URL is relative)
    trace = Trace()
    try:
        base_attrs = _ada().parse_url(base, _BASE_ATTRIBUTES)
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
    predicted = retrace(_base_parts(base_attrs), ref, trace)
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
    try:
        parts = _ada().parse_url(target, ("pathname", "hostname", "port", "protocol",
                                          "host_type"))
    except (ValueError, UnicodeError, TypeError):
        parts = {}
    if predicted.host is not None:
        kind = parts.get("host_type") if isinstance(parts, dict) else None
        why = host_reason(predicted.host, _attr(parts, "hostname"),
                          "ipv4" if kind == 1 else None)
        if why is not None:
            trace.add(f"{CITE} host parsing", why, shown(_attr(parts, "hostname")))
        why = port_reason(_attr(parts, "protocol")[:-1], predicted.port, _attr(parts, "port"))
        if why is not None:
            trace.add(f"{CITE} port state", why, _attr(parts, "port"))
    if predicted.path is not None:
        pathname = _attr(parts, "pathname") if parts else predicted.path
        if unquote(pathname, errors="replace") != unquote(predicted.path, errors="replace"):
            trace.add(
                f"{CITE} note",
                f"the reasons above arrive at the path {q(predicted.path)} but ada-url's "
                f"is {q(pathname)}: they are incomplete here; the target is ada-url's.",
                shown(pathname),
            )
    trace.add(
        f"{CITE} parse reference with base",
        "ada-url ran the basic URL parser on the reference with the base; the "
        "serialized result (href), host lower-cased or IDNA-encoded, default port "
        "dropped, characters percent-encoded where the URL Standard's sets say, is:",
        target,
    )
    return Outcome(target, trace.done(), None, base_href)
