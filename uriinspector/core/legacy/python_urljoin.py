"""What Python's ``urllib.parse.urljoin`` returns: a popular de-facto behaviour.

Pure string work (no network). ``urljoin`` follows RFC 3986 §5.2 for schemes listed in
``urllib.parse.uses_relative`` and returns the reference unchanged for other schemes;
for schemes in ``uses_netloc`` it keeps "//" when recombining. It does not split
``\\`` like a browser, and treats a reference with the base's scheme as relative
(the non-strict reading). ``urlsplit`` may raise ``ValueError`` (a bad bracketed host):
that becomes an error.
"""

from __future__ import annotations

from urllib.parse import urljoin, urlsplit, uses_relative

from uriinspector.core.legacy._trace import (
    Outcome,
    ResolveError,
    Trace,
    base_not_absolute,
    q,
    shown,
)

CITE = "urllib.parse.urljoin"


def resolve(base: str, ref: str, strict: bool = True) -> Outcome:
    """Resolve with ``urllib.parse.urljoin(base, ref)`` and describe what it did."""
    del strict  # urljoin has allow_fragments only; it always reads "http:g" as relative
    trace = Trace()
    try:
        parts = urlsplit(base)
    except ValueError as exc:
        return Outcome(
            None,
            (),
            ResolveError("base-unparsable", f"{CITE}: urlsplit rejects the base ({exc})."),
            None,
        )
    if not parts.scheme:
        return base_not_absolute(
            f"{CITE}: the base has no scheme (urljoin would still return a string, but "
            "it cannot serve as a base)."
        )
    relative = parts.scheme in uses_relative
    trace.add(
        f"{CITE} urlsplit(base)",
        f"urlsplit gives scheme {q(parts.scheme)}, netloc {q(parts.netloc)}, path "
        f"{q(parts.path)}, query {q(parts.query)}; "
        + (
            "the scheme is in uses_relative, so RFC 3986 §5.2 applies."
            if relative
            else "the scheme is not in uses_relative, so a relative reference is not "
            "resolved against it."
        ),
        shown(base),
    )
    try:
        target = urljoin(base, ref)
    except ValueError as exc:
        return Outcome(
            None,
            trace.done(),
            ResolveError(
                "reference-unparsable", f"{CITE}: urlsplit rejects the reference ({exc})."
            ),
            base,
        )
    trace.add(f"{CITE} result", "urljoin(base, ref) returned:", target)
    return Outcome(target, trace.done(), None, base)
