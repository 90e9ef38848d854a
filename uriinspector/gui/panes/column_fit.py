"""Table columns sized to what they hold: verdicts whole, short columns to content,
the links taking the rest (issue 25 item 5).

A verdict column is an icon and one word; its width is measured from the style for
the widest word of a known set (:func:`word_width`), so it never elides, at any zoom,
whichever rows have arrived. Short columns (a part, a kind, a note) get their
contents' width, read from a bounded sample of rows (``PRECISION``: a 100,000-link
page is not read whole), shrunk widest first when the link columns would keep less
than ``keep`` of the width. The link columns stretch over what is left and elide at
their end, the whole value being in the row's tooltip. :class:`ColumnFit` applies
this now and again after every resize and font change (zoom, presentation mode).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QHeaderView, QStyle, QStyleOptionViewItem, QTableView

#: Rows a content-sized column reads (visible ones first): ``QHeaderView``'s precision.
PRECISION = 200
#: The share of the width the link columns keep when short columns are wide.
KEEP = 0.4
#: Events after which the columns are fitted again (deferred, once per burst).
_REFIT = (QEvent.Type.Resize, QEvent.Type.FontChange, QEvent.Type.StyleChange,
          QEvent.Type.Polish, QEvent.Type.Show)


def word_width(view: QTableView, words: Iterable[str], icon: QIcon | None) -> int:
    """The width a cell of ``view`` needs for the widest of ``words`` beside ``icon``,
    as the style lays an item out (``CT_ItemViewItem``, what the delegate asks)."""
    style = view.style()
    widest = 0
    for word in words:
        option = QStyleOptionViewItem()
        option.initFrom(view)
        option.font = view.font()
        option.fontMetrics = view.fontMetrics()
        option.text = word
        option.features = QStyleOptionViewItem.ViewItemFeature.HasDisplay
        option.displayAlignment = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        if icon is not None:
            option.icon = icon
            small = style.pixelMetric(QStyle.PixelMetric.PM_SmallIconSize, None, view)
            option.decorationSize = (view.iconSize() if view.iconSize().isValid()
                                     else QSize(small, small))
            option.features |= QStyleOptionViewItem.ViewItemFeature.HasDecoration
        size = style.sizeFromContents(QStyle.ContentsType.CT_ItemViewItem, option, QSize(), view)
        widest = max(widest, size.width())
    return widest


def shrink_to(widths: dict[int, int], budget: int, floor: int) -> dict[int, int]:
    """``widths`` with the widest cut first until their sum is at most ``budget``
    (none cut below ``floor``): water-filling, so narrow columns stay whole."""
    if sum(widths.values()) <= budget or not widths:
        return dict(widths)
    ordered = sorted(widths.values())
    cap, left, n = 0, budget, len(ordered)
    for i, w in enumerate(ordered):  # the largest cap the remaining columns share
        share = left // (n - i)
        if w <= share:
            left -= w
            continue
        cap = share
        break
    else:
        return dict(widths)
    return {c: w if w <= cap else max(floor, cap) for c, w in widths.items()}


class ColumnFit(QObject):
    """Keeps ``view``'s columns fitted: ``fixed`` columns at ``fixed()``'s widths
    (a verdict), ``fitted`` ones at their contents' width, ``stretch`` ones sharing
    the rest; refitted after resizes and font changes. ``fixed()`` is asked at each
    fit (a width measured in the current font)."""

    def __init__(self, view: QTableView, *, fixed: Callable[[], dict[int, int]],
                 fitted: Sequence[int], stretch: Sequence[int], keep: float = KEEP) -> None:
        super().__init__(view)
        self._view = view
        self._fixed = fixed
        self._fitted = tuple(fitted)
        self._stretch = tuple(stretch)
        self._keep = keep
        self._pending = False
        header = view.horizontalHeader()
        header.setStretchLastSection(False)
        header.setResizeContentsPrecision(PRECISION)
        mode = QHeaderView.ResizeMode
        for column in range(header.count()):
            header.setSectionResizeMode(
                column, mode.Stretch if column in self._stretch else mode.Interactive)
        view.setTextElideMode(Qt.TextElideMode.ElideRight)
        view.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Refit once after a burst of resizes or font changes."""
        if event.type() in _REFIT and not self._pending:
            self._pending = True
            QTimer.singleShot(0, self, self._refit)
        return False

    def _refit(self) -> None:
        self._pending = False
        self.fit()

    def content_width(self, column: int) -> int:
        """What ``column``'s header and its sampled cells ask for."""
        view = self._view
        return max(view.horizontalHeader().sectionSizeHint(column),
                   view.sizeHintForColumn(column))

    def fit(self) -> None:
        """Size the columns to the view's width and font now."""
        view = self._view
        width = view.viewport().width()
        if width <= 0:
            return
        # the verdict icons follow the text's size (zoom), from the style's 16 px up
        side = max(16, round(view.fontMetrics().height() * 0.8))
        if view.iconSize() != QSize(side, side):
            view.setIconSize(QSize(side, side))
        fixed = self._fixed()
        for column, w in fixed.items():
            view.setColumnWidth(column, w)
        em = view.fontMetrics().horizontalAdvance("M")
        wanted = {c: self.content_width(c) + em // 2 for c in self._fitted}  # a gap after
        # the links keep their share, or less when they are all shorter than it
        links = sum(self.content_width(c) + em // 2 for c in self._stretch)
        budget = width - min(int(width * self._keep), links) - sum(fixed.values())
        floor = em * 2  # a short column keeps two letters and its ellipsis
        for column, w in shrink_to(wanted, max(budget, floor * len(wanted)), floor).items():
            view.setColumnWidth(column, w)
