"""URLs carried inside a URL: wrappers, redirect parameters, path-embedded and encoded links.

``https://trusted.example/redirect?url=https%3A%2F%2Fevil.example%2F`` is opened at
the trusted site but sends the visitor on (an open redirect); a mail gateway's wrapper
(Safe Links, Proofpoint) does the same on purpose. Every URL the link carries comes
from :func:`uriinspector.core.destinations.scan_link`, the same scanner the destination
chain follows, so the finding, "Inspect this URL" and the chain name one decoded URL.
Each nested URL is inspected in turn; the recursion stops at :data:`MAX_DEPTH` so a
hostile chain cannot make the analysis loop or blow up.
"""

from __future__ import annotations

from collections.abc import Callable

from uriinspector.core.destinations.scan import scan_link
from uriinspector.core.findings.base import (
    EMBEDDED_URL,
    Finding,
    FindingSeverity,
    show,
)
from uriinspector.core.split import SplitReference
from uriinspector.core.whatwg import WhatwgReading

MAX_DEPTH = 2
MAX_NESTED = 8  # nested URLs inspected per level (bounds work on hostile input)

Detector = Callable[[str, int], tuple[WhatwgReading, tuple[Finding, ...]]]

_WRAPPERS = frozenset({"path", "query-parameter", "fragment", "base64"})


def detect_embedded(
    ref: SplitReference, web: WhatwgReading, depth: int, inspect: Detector
) -> list[Finding]:
    """embedded-url: each nested URL, with the nested link's own danger findings."""
    if depth >= MAX_DEPTH:
        return []
    out: list[Finding] = []
    for carried in scan_link(ref).carried[:MAX_NESTED]:
        nested = carried.url
        relative = nested.startswith(("//", "/\\", "\\\\"))
        nested_abs = "https:" + nested if relative else nested
        reading, inner = inspect(nested_abs, depth + 1)
        bad = sorted({f.code for f in inner if f.severity == "danger"})
        scheme_bad = nested_abs.lower().lstrip().startswith(("javascript", "vbscript", "data"))
        severity: FindingSeverity = "danger" if bad or scheme_bad else "warning"
        goes = (
            f" It leads to {show(reading.hostname)}." if reading.valid and reading.hostname else ""
        )
        extra = f" The nested link itself has: {', '.join(bad)}." if bad else ""
        steps = [s for s in carried.decoding if s != "scheme-added"]
        encoded = f" ({', '.join(dict.fromkeys(steps))}-encoded)" if steps else ""
        if carried.via in _WRAPPERS:
            message = (
                f"The {carried.where} is itself a URL{encoded}: {show(nested, 200)}.{goes} "
                f"A redirect at this site can send the visitor there (open redirect).{extra}"
            )
        else:
            message = (
                f"This is a {carried.title} link; it forwards to {show(nested, 200)}"
                f"{encoded}.{goes} The wrapper hides the real destination.{extra}"
            )
        out.append(
            Finding(EMBEDDED_URL, severity, carried.region, message, nested_url=nested)
        )
    return out
