"""Hostile text stays text: the one way input-derived text reaches a Qt text sink.

Qt guesses whether a tooltip, a ``QLabel`` (``Qt.AutoText``) or a message box holds
rich text (``Qt.mightBeRichText``: a known tag on the first line, or ``&lt;``), and
then lays it out as HTML: ``<img src=...>`` opens a file (a UNC path on Windows is an
SMB connection), ``<a>`` makes a link, entities are decoded. A link under inspection
is exactly such text. So every piece of it goes through one of these helpers:

* :func:`plain_tooltip` for tooltips (``setToolTip``, ``QToolTip.showText``, the
  ``ToolTipRole`` of items and headers): escaped and wrapped, so Qt always reads it as
  rich text whose only content is the literal characters;
* :func:`plain_label` for labels that show input: ``Qt.PlainText``, never guessed;
* :func:`esc` for the pieces of deliberate rich text (a bold host in the banner):
  hidden characters made visible, then HTML-escaped, quotes included.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from uriinspector.core.hidden import reveal

if TYPE_CHECKING:  # Qt-free at import: the Components pane's rows are built without Qt
    from PySide6.QtWidgets import QLabel

__all__ = [
    "esc", "plain_action_text", "plain_label", "plain_message", "plain_tooltip", "visible_text"
]

#: Longest text a tooltip quotes; the rest is cut with an ellipsis.
TOOLTIP_LIMIT = 2000


def visible_text(text: str, limit: int = TOOLTIP_LIMIT) -> str:
    """``text`` with hidden characters as ``⟨U+XXXX⟩``, cut at ``limit``.

    Which characters are hidden, and their marker, is decided in one place for every
    output: ``core/hidden.py`` (controls, format and bidi characters, fillers such as
    U+3164, lone surrogates; a lone surrogate could not even cross into Qt).
    """
    s = reveal(text[:limit])
    return s + "…" if len(text) > limit else s


def esc(text: str, limit: int = TOOLTIP_LIMIT) -> str:
    """``text`` for a piece of rich text: hidden characters visible, then HTML-escaped."""
    import html  # on first use: with html.entities ~3 ms before the first paint

    return html.escape(visible_text(text, limit), quote=True)


def plain_tooltip(text: str, limit: int = TOOLTIP_LIMIT) -> str:
    """A tooltip Qt will never read as markup: escaped, wrapped in a ``<p>`` keeping
    line breaks (always rich, so Qt's guess never matters); ``""`` stays no tooltip."""
    if not text:
        return ""
    # Line by line: the tooltip's own line breaks stay breaks (any other control is a chip).
    body = "\n".join(esc(line, limit) for line in text[:limit].split("\n"))
    return "<p style='white-space:pre-wrap'>" + body + ("…" if len(text) > limit else "") + "</p>"


def plain_label(label: QLabel) -> QLabel:
    """Make ``label`` show its text literally (``Qt.PlainText``); returns it."""
    from PySide6.QtCore import Qt  # not at import: its enums cost ~15-35 ms at start-up

    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


def plain_message(text: str) -> str:
    """Text for a message box (``QMessageBox`` guesses like a tooltip): shown literally."""
    return plain_tooltip(text, limit=4000)


def plain_action_text(text: str) -> str:
    """Text for a menu entry: ``&`` marks a shortcut there, so it is doubled."""
    return visible_text(text, 80).replace("&", "&&")
