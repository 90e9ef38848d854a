"""An item delegate that draws a cell's rich text (``HTML_ROLE``) instead of its text.

The model keeps the plain value at ``DisplayRole`` (screen readers, tests, copy);
the delegate only changes what is painted. All text in the HTML must already be
escaped by whoever built it.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRectF, QSize
from PySide6.QtGui import QAbstractTextDocumentLayout, QPainter, QPalette, QTextDocument
from PySide6.QtWidgets import QApplication, QStyle, QStyledItemDelegate, QStyleOptionViewItem

from uriinspector.gui.panes._common import HTML_ROLE

_Index = QModelIndex | QPersistentModelIndex


class HtmlDelegate(QStyledItemDelegate):
    """Paints ``HTML_ROLE`` rich text on one line, clipped to the cell."""

    def _document(self, option: QStyleOptionViewItem, html: str) -> QTextDocument:
        doc = QTextDocument()
        doc.setDocumentMargin(1)
        doc.setDefaultFont(option.font)
        doc.setHtml(html)
        return doc

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
        doc = self._document(opt, str(html))
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
        doc = self._document(option, str(html))
        size = doc.size()
        width = max(base.width(), int(size.width()) + 8)
        return QSize(width, max(base.height(), int(size.height())))
