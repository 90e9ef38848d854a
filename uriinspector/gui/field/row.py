"""The field's row: the URI field and the edition selector, the field keeping the width.

Side by side the selector takes its own width from the row (192 px at 100 %, 512 px
at 300 %: half of a 1024-px window, the field left with 490 px). When the selector
would take more than ``SELECTOR_SHARE`` of the row (a large zoom, a narrow window) it
moves under the field, at the row's right end, and the field gets the full row.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QGridLayout, QSizePolicy, QWidget

#: The largest part of the row the selector takes beside the field (measured: 19 % at
#: 100 % in a 1024-px window, 27 % at 150 %, 35 % at 200 %, 51 % at 300 %).
SELECTOR_SHARE = 0.3


class FieldRow(QWidget):
    """Lays out ``field`` and ``selector``: on one row, or the selector under the field
    when it would take more than ``SELECTOR_SHARE`` of the width (``stacked``)."""

    def __init__(self, field: QWidget, selector: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("fieldRow")
        # as tall as its rows: the top area's spare height is not the field's
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        field.setParent(self)
        selector.setParent(self)
        self._field = field
        self._selector = selector
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setColumnStretch(0, 1)
        self.stacked = False
        self._place()

    def _place(self) -> None:
        """Put the two widgets where ``stacked`` says (a field spanning both columns)."""
        grid = self._grid
        grid.removeWidget(self._field)
        grid.removeWidget(self._selector)
        if self.stacked:
            grid.addWidget(self._field, 0, 0, 1, 2)
            grid.addWidget(self._selector, 1, 1)
        else:
            grid.addWidget(self._field, 0, 0)
            grid.addWidget(self._selector, 0, 1)

    def should_stack(self, width: int) -> bool:
        """Whether a row ``width`` pixels wide leaves the field too little beside the
        selector."""
        return width > 0 and self._selector.sizeHint().width() > SELECTOR_SHARE * width

    def arrange(self) -> None:
        """Stack or unstack for the current width and the selector's current size."""
        stacked = self.should_stack(self.width())
        if stacked != self.stacked:
            self.stacked = stacked
            self._place()

    def event(self, event: QEvent) -> bool:
        """Re-arrange when the row is resized or a child's size hint changed (zoom)."""
        if event.type() in (QEvent.Type.Resize, QEvent.Type.LayoutRequest):
            self.arrange()
        return super().event(event)
