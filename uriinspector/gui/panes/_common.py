"""Small display helpers the panes share: names, roles, visible characters, spans.

Nothing here knows URI grammar; it only turns core values into text a person reads.
"""

from __future__ import annotations

import html
import unicodedata
from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

#: The finding or diagnostic code of a row (the contract's stable id).
CODE_ROLE = Qt.ItemDataRole.UserRole
#: A row's ``(start, end)`` code-point span, or ``None`` when it has none.
SPAN_ROLE = Qt.ItemDataRole.UserRole + 1
#: Rich text (HTML) a delegate draws instead of the plain display text.
HTML_ROLE = Qt.ItemDataRole.UserRole + 2

UNDEFINED_TEXT = "— undefined"
EMPTY_TEXT = '"" (empty)'


class SpanLike(Protocol):
    """Anything with code-point ``start`` and ``end`` (the core's ``Span``)."""

    @property
    def start(self) -> int: ...

    @property
    def end(self) -> int: ...


def name_widget(widget: QWidget, name: str, accessible: str | None = None) -> None:
    """Set ``objectName`` and the screen-reader name together."""
    widget.setObjectName(name)
    widget.setAccessibleName(accessible or name)


def visible_char(ch: str) -> str:
    """One character as a person can see it: controls and invisibles as ``U+XXXX``.

    ``str.isprintable`` is false exactly for the categories that render as nothing
    or move text (Cc, Cf, Cs, Co, Cn, Zl, Zp and every space but U+0020).
    """
    if not ch:
        return ""
    if not ch.isprintable():
        return f"U+{ord(ch):04X}"
    if ch == " ":
        return "␠ (space)"
    if unicodedata.category(ch).startswith("M"):
        return f"\u25cc{ch}"  # a combining mark drawn on a dotted circle
    return ch


def visible_text(text: str, limit: int = 2000) -> str:
    """A string with controls and invisibles shown as ``⟨U+XXXX⟩`` chips, never hidden."""
    head = text[:limit]
    if head.isprintable():
        s = head
    else:
        s = "".join(ch if ch.isprintable() else f"⟨U+{ord(ch):04X}⟩" for ch in head)
    return s + "…" if len(text) > limit else s


def span_label(span: SpanLike | None) -> str:
    """A span as ``start–end`` (code points, end exclusive); blank when unknown."""
    if span is None:
        return ""
    return f"{span.start}–{span.end}"


def span_tuple(span: SpanLike | None) -> tuple[int, int] | None:
    """A span as a plain tuple, for storing in an item role."""
    if span is None:
        return None
    return (int(span.start), int(span.end))


def esc(text: str) -> str:
    """HTML-escape URI text for rich-text labels and tooltips (quotes too)."""
    return html.escape(visible_text(text), quote=True)


def plain_tooltip(text: str) -> str:
    """A tooltip that Qt will never read as markup: escaped and wrapped in ``<p>``."""
    return "<p style='white-space:pre-wrap'>" + esc(text) + "</p>"
