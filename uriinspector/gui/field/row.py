"""The field's row: the URI field and the edition selector, the field keeping the width.

Side by side the selector takes its own width from the row (192 px at 100 %, 512 px
at 300 %: half of a 1024-px window, the field left with 490 px). When the selector
would take more than ``SELECTOR_SHARE`` of the row (a large zoom, a narrow window) it
moves out of the row and the field gets the full row: into the menu bar's right corner
when the row is given one (the menu bar's row has room: its five menus take half of
it at 300 %, and a second row under the field would make the window 64 px taller at
300 %, past a 640-px screen), else onto a row of its own under the field.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QGridLayout, QSizePolicy, QWidget

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMenuBar

#: The largest part of the row the selector takes beside the field (measured: 19 % at
#: 100 % in a 1024-px window, 27 % at 150 %, 35 % at 200 %, 51 % at 300 %).
SELECTOR_SHARE = 0.3


class FieldRow(QWidget):
    """Lays out ``field`` and ``selector``: on one row, or the selector out of the row
    (``stacked``: in ``menu_bar``'s corner, or under the field) when it would take more
    than ``SELECTOR_SHARE`` of the width."""

    def __init__(self, field: QWidget, selector: QWidget, parent: QWidget | None = None,
                 *, menu_bar: QMenuBar | None = None) -> None:
        super().__init__(parent)
        self._menu_bar = menu_bar
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
        bar = self._menu_bar
        if bar is not None and bar.cornerWidget() is self._selector:
            # back from the corner (reparented below); None clears it (the stubs say no)
            bar.setCornerWidget(None)  # type: ignore[arg-type]
        if not self.stacked:
            grid.addWidget(self._field, 0, 0)
            grid.addWidget(self._selector, 0, 1)
        elif bar is not None:
            grid.addWidget(self._field, 0, 0, 1, 2)
            bar.setCornerWidget(self._selector)  # the top right corner
            self._selector.show()
        else:
            grid.addWidget(self._field, 0, 0, 1, 2)
            grid.addWidget(self._selector, 1, 1)

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
