"""The panes' 32-pixel badges: a white glyph on a round or square disc of one hue.

Findings, Explain and Editions each painted the same badge; the shape says as much as the
colour (round: a finding or a valid reading; square: a grammar error), for colour-blind readers.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPixmap

SIZE = 32


def badge_icon(
    base_font: QFont, hue: str, glyph: str, *, round_: bool, pixel_size: int = 18
) -> QIcon:
    """Paint ``glyph`` in bold white on a ``hue`` disc (round) or rounded square."""
    pix = QPixmap(SIZE, SIZE)
    pix.fill(QColor(0, 0, 0, 0))
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(hue))
    rect = QRectF(2, 2, SIZE - 4, SIZE - 4)
    if round_:
        p.drawEllipse(rect)
    else:
        p.drawRoundedRect(rect, 5, 5)
    p.setPen(QColor("#ffffff"))
    font = QFont(base_font)
    font.setPixelSize(pixel_size)
    font.setBold(True)
    p.setFont(font)
    p.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), glyph)
    p.end()
    return QIcon(pix)
