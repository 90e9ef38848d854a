"""Diagnostics: what is wrong with a reference under an edition, with where and why.

Codes are the stable kebab-case strings the batch contract and the window share;
they are declared once here and used unchanged everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from uriinspector.core.spans import Span

Severity = Literal["error", "warning", "info"]


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem found by validation: a stable code, a severity, a span, a sentence.

    The message cites the spec section it enforces (e.g. "RFC 3986 §3.2.2").
    """

    code: str
    severity: Severity
    span: Span
    message: str

    def to_json(self) -> dict[str, object]:
        """The contract's diagnostic object."""
        return {
            "code": self.code,
            "severity": self.severity,
            "start": self.span.start,
            "end": self.span.end,
            "message": self.message,
        }
