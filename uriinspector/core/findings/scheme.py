"""Schemes that run code or read local files: javascript:, vbscript:, data:, file:.

A ``javascript:`` or ``vbscript:`` link runs script in the page that opens it; a
``data:`` link carries a whole document (phishing pages delivered inline); ``file:``
opens a local or SMB path, unexpected in mail. Browsers strip leading spaces and
controls and every tab or newline before reading the scheme (URL Standard), so
``java<TAB>script:`` is still ``javascript:``; the browser's reading decides.
"""

from __future__ import annotations

from uriinspector.core.findings.base import DANGEROUS_SCHEME, Finding, FindingSeverity, show
from uriinspector.core.spans import Span
from uriinspector.core.split import SplitReference
from uriinspector.core.whatwg import WhatwgReading

_WHY: dict[str, tuple[FindingSeverity, str]] = {
    "javascript": ("danger", "runs script in the page that opens it"),
    "vbscript": ("danger", "runs VBScript in older Internet Explorer"),
    "data": ("danger", "carries a whole document inline; phishing pages hide in it"),
    "file": ("warning", "opens a file on this computer or a network share (SMB), "
                        "which can leak Windows credentials; unexpected in mail or chat"),
}
_DATA_BENIGN = ("data:image/png", "data:image/jpeg", "data:image/gif", "data:image/webp")


def detect_scheme(ref: SplitReference, web: WhatwgReading) -> list[Finding]:
    """dangerous-scheme for javascript:, vbscript:, data: (danger) and file: (warning)."""
    name: str | None = None
    span: Span | None = None
    if ref.scheme is not None:
        name = ref.scheme.text.lower()
        span = ref.scheme.span
    browser = (web.get("protocol") or "").rstrip(":").lower() if web.valid else ""
    hidden = False
    if browser in _WHY and browser != name:
        name, hidden = browser, True
        colon = ref.text.find(":")
        span = Span(0, colon if colon > 0 else len(ref.text))
    if name is None or name not in _WHY or span is None:
        return []
    severity, why = _WHY[name]
    if name == "data" and ref.text.lower().lstrip().startswith(_DATA_BENIGN):
        severity = "warning"
    note = (
        f" The scheme is disguised as '{show(ref.text[span.start:span.end])}'; a browser "
        "removes the tabs, newlines and leading spaces and reads it as "
        f"{name}: (URL Standard, basic URL parser)."
        if hidden
        else ""
    )
    return [
        Finding(
            DANGEROUS_SCHEME,
            severity,
            span,
            f"A {name}: link {why} (RFC 3986 §3.1 names the scheme; §7 security).{note}",
        )
    ]
