"""An item delegate that draws a cell's rich text (``HTML_ROLE``) instead of its text.

The model keeps the plain value at ``DisplayRole`` (screen readers, tests, copy);
the delegate only changes what is painted. All text in the HTML must already be
escaped by whoever built it.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, QRect, QRectF, QSize
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QPainter,
    QPalette,
    QTextDocument,
    QTextOption,
)
from PySide6.QtWidgets import QApplication, QStyle, QStyledItemDelegate, QStyleOptionViewItem

from uriinspector.gui.panes._common import HTML_ROLE

_Index = QModelIndex | QPersistentModelIndex


class HtmlDelegate(QStyledItemDelegate):
    """Paints ``HTML_ROLE`` rich text, wrapped anywhere (URIs have no spaces) to the cell.

    The view must lay its rows out again when a column is resized
    (``header.sectionResized`` → ``view.doItemsLayout``), since heights follow widths.

    One ``QTextDocument`` is reused for every cell: building one per ``paint`` and
    ``sizeHint`` call was slow, and on PySide6 6.11 / CPython 3.11 each document made
    in Python and destroyed leaked three references to ``None``.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._doc = QTextDocument(self)
        self._doc.setDocumentMargin(1)
        text_option = QTextOption()
        text_option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        self._doc.setDefaultTextOption(text_option)
        self._key: tuple[str, str, float] | None = None
        #: Heights already measured, by (font, html, width): views ask again and again.
        self._heights: dict[tuple[str, str, float], int] = {}

    def _document(self, option: QStyleOptionViewItem, html: str, width: float) -> QTextDocument:
        doc = self._doc
        key = (option.font.key(), html, width)
        if key != self._key:  # the same cell is often measured and painted in a row
            self._key = key
            doc.setDefaultFont(option.font)
            doc.setTextWidth(-1)
            doc.setHtml(html)
            if width > 0:
                doc.setTextWidth(width)
        return doc

    @staticmethod
    def _column_width(option: QStyleOptionViewItem, index: _Index) -> float:
        """The width ``paint`` will have: the column's text rectangle, as the style says."""
        widget = option.widget
        column_width = getattr(widget, "columnWidth", None)
        if column_width is None:
            return float(option.rect.width())
        opt = QStyleOptionViewItem(option)
        opt.rect = QRect(0, 0, int(column_width(index.column())), 1000)
        style = widget.style() if widget is not None else QApplication.style()
        text = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, opt, widget)
        return float(text.width())

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: _Index) -> None:
        html = index.data(HTML_ROLE)
        if not html:
            super().paint(painter, option, index)
            return
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        widget = opt.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        rect = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, opt, widget)
        doc = self._document(opt, str(html), rect.width())
        ctx = QAbstractTextDocumentLayout.PaintContext()
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        pal: QPalette = opt.palette
        role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        ctx.palette.setColor(QPalette.ColorRole.Text, pal.color(role))
        painter.save()
        top = rect.top() + max(0.0, (rect.height() - doc.size().height()) / 2)
        painter.translate(rect.left(), top)
        clip = QRectF(0, 0, rect.width(), rect.height())
        painter.setClipRect(clip)
        ctx.clip = clip
        doc.documentLayout().draw(painter, ctx)
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: _Index) -> QSize:
        html = index.data(HTML_ROLE)
        base = super().sizeHint(option, index)
        if not html:
            return base
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        width = self._column_width(opt, index)
        key = (opt.font.key(), str(html), width)
        height = self._heights.get(key)
        if height is None:
            if len(self._heights) > 512:
                self._heights.clear()
            height = int(self._document(opt, key[1], width).size().height()) + 2
            self._heights[key] = height
        return QSize(base.width(), max(base.height(), height))
