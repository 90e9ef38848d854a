"""Zoom: one level (50–300 %) for the text of the whole window, kept in the settings.

The level sets the font size of the docks, menus and status bar through the window's
own stylesheet; the URI field and the banner, which draw larger than the rest, scale
by the same factor (``set_font_scale``).
Monospace cells use :func:`mono_font`, a font with no size of its own, so they follow
the view they are drawn in. Presentation mode (``gui/presentation.py``) asks for an
extra ``emphasis`` on the field, the banner and one dock; this module applies it, so
one place decides every font size and leaving presentation mode restores them exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtGui import QAction, QFont, QFontDatabase
from PySide6.QtWidgets import QApplication, QDockWidget, QLabel, QMenu, QWidget

if TYPE_CHECKING:  # imported where used: their enum types need not come before the paint
    from PySide6.QtWidgets import QTableView, QTreeView

#: The levels Zoom In and Zoom Out step through (percent), as browsers do.
LEVELS: tuple[int, ...] = (50, 67, 75, 80, 90, 100, 110, 125, 150, 175, 200, 250, 300)
MIN_LEVEL, MAX_LEVEL, DEFAULT_LEVEL = LEVELS[0], LEVELS[-1], 100

#: Zoom In answers Ctrl+= (no Shift on US and many other layouts), Ctrl++ (keypad, or
#: layouts where + is unshifted) and Ctrl+Shift+= (the + key of a US layout).
ZOOM_IN_KEYS = ("Ctrl+=", "Ctrl++", "Ctrl+Shift+=")
ZOOM_OUT_KEYS = ("Ctrl+-", "Ctrl+_")
RESET_KEYS = ("Ctrl+0",)


def clamp_level(level: int) -> int:
    """``level`` within [MIN_LEVEL, MAX_LEVEL]."""
    return max(MIN_LEVEL, min(MAX_LEVEL, int(level)))


def next_level(level: int, step: int) -> int:
    """The level after ``level`` in ``LEVELS`` going up (``step`` > 0) or down."""
    if step > 0:
        return next((x for x in LEVELS if x > level), MAX_LEVEL)
    return next((x for x in reversed(LEVELS) if x < level), MIN_LEVEL)


#: What the zoom's stylesheet sizes: everything in the window but the top area (the
#: field and the banner size their own text), i.e. the docks and the tab bars that
#: switch them, the edition selector, the menus, the status bar and dialogs.
_SCALED = (
    "QDockWidget, QDockWidget QWidget, QTabBar, QComboBox#editionSelector, QMenuBar, "
    "QMenu, QStatusBar, QStatusBar QWidget, QDialog, QDialog QWidget"
)


def font_size(factor: float) -> str:
    """The application font's size times ``factor``, as a stylesheet ``font-size``."""
    base = QApplication.font()
    if base.pointSizeF() > 0:
        return f"{base.pointSizeF() * factor:.2f}pt"
    return f"{max(1, round(base.pixelSize() * factor))}px"


def mono_font() -> QFont:
    """The system's monospace family with no size set: a cell or widget given it takes
    its size from its view or parent, so zoom and presentation mode scale it."""
    system = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
    font = QFont()
    font.setFamilies(system.families())
    font.setStyleHint(QFont.StyleHint.Monospace)
    return font


_REFIT = (QEvent.Type.FontChange, QEvent.Type.StyleChange, QEvent.Type.Polish)


class _FollowsFont(QObject):
    """Calls ``fit()`` after a change of a view's font or style (zoom, presentation
    mode): deferred to the event loop, once the style sheet's change is over (it sets
    the font more than once), so a burst of such events gives one refit.
    """

    def __init__(self, view: QWidget) -> None:
        super().__init__(view)
        self._pending = False
        view.installEventFilter(self)

    def fit(self) -> None:
        """Fit the view to its current font."""
        raise NotImplementedError

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in _REFIT and not self._pending:
            self._pending = True
            QTimer.singleShot(0, self, self._refit)
        return False

    def _refit(self) -> None:
        self._pending = False
        self.fit()


class _RowsFollowFont(_FollowsFont):
    """Keeps a table's fixed row height one text line (plus ``pad``) of its font."""

    def __init__(self, view: QTableView, pad: int) -> None:
        super().__init__(view)
        self._view, self._pad = view, pad
        self.fit()

    def fit(self) -> None:
        self._view.verticalHeader().setDefaultSectionSize(
            self._view.fontMetrics().height() + self._pad
        )


def rows_follow_font(view: QTableView, pad: int = 6) -> None:
    """Give ``view``'s rows the height of a line of its font now and after every font
    change (zoom): a header's default row height is the style's, whatever the font."""
    _RowsFollowFont(view, pad)


class _ColumnsFollowFont(_FollowsFont):
    """Scales a view's hand-sized columns with its font's width (an em).

    Widths are kept in ems (floats) so zooming in and back gives the same pixels; a
    width the user dragged becomes the new width in ems.
    """

    def __init__(self, view: QTableView | QTreeView) -> None:
        super().__init__(view)
        self._view = view
        self._em = float(view.fontMetrics().horizontalAdvance("M"))
        self._ems: dict[int, float] = {}  # column -> width in ems
        self._set: dict[int, int] = {}  # column -> the pixels last set here

    def fit(self) -> None:
        em = float(self._view.fontMetrics().horizontalAdvance("M"))
        if em == self._em or em <= 0 or self._em <= 0:
            return
        view = self._view
        from PySide6.QtWidgets import QHeaderView, QTreeView

        header = view.header() if isinstance(view, QTreeView) else view.horizontalHeader()
        hand_sized = (QHeaderView.ResizeMode.Interactive, QHeaderView.ResizeMode.Fixed)
        last = header.count() - 1 if header.stretchLastSection() else -1
        for column in range(header.count()):
            if column == last or header.sectionResizeMode(column) not in hand_sized:
                continue
            size = header.sectionSize(column)
            if self._set.get(column) != size:  # first time, or the user dragged it
                self._ems[column] = size / self._em
            self._set[column] = round(self._ems[column] * em)
            header.resizeSection(column, self._set[column])
        self._em = em


def columns_follow_font(view: QTableView | QTreeView) -> None:
    """Scale ``view``'s columns sized by hand (interactive or fixed) with its font after
    every font change (zoom); columns sized to contents or stretched need nothing."""
    _ColumnsFollowFont(view)


class Zoom(QObject):
    """The window's zoom level and the View ▸ Zoom actions; ``levelChanged(int)``."""

    levelChanged = Signal(int)

    def __init__(self, window: QWidget, level: int = DEFAULT_LEVEL) -> None:
        super().__init__(window)
        self.window = window
        self.level = clamp_level(level)
        #: Presentation mode's extra factor for the field, the banner and ``emphasized``.
        self.emphasis = 1.0
        self.emphasized: QDockWidget | None = None
        self._shortcuts: list[tuple[QAction, Sequence[str]]] = []
        self._bound = False
        self.menu: QMenu | None = None
        self.label: QLabel | None = None
        self.zoomInAction = self._make("Zoom &In", self.zoom_in, ZOOM_IN_KEYS)
        self.zoomOutAction = self._make("Zoom &Out", self.zoom_out, ZOOM_OUT_KEYS)
        self.resetAction = self._make("&Actual Size", self.reset, RESET_KEYS)

    # ---- actions --------------------------------------------------------------------
    def _make(self, text: str, slot: Callable[[], None], keys: Sequence[str]) -> QAction:
        action = QAction(text, self.window)
        action.triggered.connect(slot)
        self.window.addAction(action)  # its shortcut works with the menu bar hidden
        self.add_shortcuts(action, keys)
        return action

    def add_shortcuts(self, action: QAction, keys: Sequence[str]) -> None:
        """Give ``action`` its shortcuts now, or at ``frame_built`` for a held window
        (``setShortcuts`` creates the ``Qt`` namespace, which waits for the first paint:
        the window calls ``frame_built``)."""
        if self._bound:
            from PySide6.QtGui import QKeySequence  # its enum types: after the first paint

            action.setShortcuts([QKeySequence(k) for k in keys])
        else:
            self._shortcuts.append((action, tuple(keys)))

    def frame_built(self) -> None:
        """The window's docks exist and its shortcuts may be set now: set those held
        back so far (harmless twice; docks built later take the window's stylesheet)."""
        from PySide6.QtGui import QKeySequence

        self._bound = True
        for action, keys in self._shortcuts:
            action.setShortcuts([QKeySequence(k) for k in keys])
        self._shortcuts.clear()

    def add_to(self, menu: QMenu) -> None:
        """Put View ▸ Zoom (In, Out, Actual Size) in ``menu``; its title shows the level."""
        self.menu = menu.addMenu("&Zoom")
        self.menu.setObjectName("zoomMenu")
        self.menu.addActions([self.zoomInAction, self.zoomOutAction, self.resetAction])
        self._show_level()

    # ---- the level ------------------------------------------------------------------
    @property
    def factor(self) -> float:
        """The level as a factor (1.0 at 100 %)."""
        return self.level / 100.0

    def set_level(self, level: int) -> None:
        """Zoom to ``level`` percent (clamped to 50–300), remembered in the settings."""
        level = clamp_level(level)
        settings = getattr(self.window, "settings", None)
        if settings is not None:
            settings.zoom = level
        if level == self.level:
            return
        self.level = level
        self.apply()
        status = getattr(self.window, "statusBar", None)
        if status is not None and level == DEFAULT_LEVEL:  # else the level stays shown
            status().showMessage(f"Zoom {level} %", 2000)
        self.levelChanged.emit(level)

    def zoom_in(self) -> None:
        """One step larger (at most 300 %)."""
        self.set_level(next_level(self.level, +1))

    def zoom_out(self) -> None:
        """One step smaller (at least 50 %)."""
        self.set_level(next_level(self.level, -1))

    def reset(self) -> None:
        """Back to 100 %."""
        self.set_level(DEFAULT_LEVEL)

    # ---- applying it ----------------------------------------------------------------
    def apply(self) -> None:
        """Set every font size from the level and the emphasis (the one place that does)."""
        window = self.window
        window.setStyleSheet(self.stylesheet())
        for name in ("uriField", "banner"):
            widget = getattr(window, name, None)
            if widget is not None and hasattr(widget, "set_font_scale"):
                widget.set_font_scale(self.factor * self.emphasis)
        self._show_level()

    def stylesheet(self) -> str:
        """The window's own stylesheet: font sizes only ("" at 100 % with no emphasis).

        A stylesheet, not ``setFont``: under the application's stylesheet a font set on
        a widget does not reach its children (Qt's style-sheet font propagation), so
        panes would stay small. The field and the banner are not matched: they size
        their text themselves (``set_font_scale``).
        """
        rules: list[str] = []
        if self.level != DEFAULT_LEVEL:
            rules.append(f"{_SCALED} {{ font-size: {font_size(self.factor)}; }}")
        dock = self.emphasized
        if dock is not None and self.emphasis != 1.0 and dock.objectName():
            name = dock.objectName()
            if name.isidentifier():  # object names are ours, never derived from input
                rules.append(
                    f"QDockWidget#{name}, QDockWidget#{name} QWidget "
                    f"{{ font-size: {font_size(self.factor * self.emphasis)}; }}"
                )
        return "\n".join(rules)

    def _show_level(self) -> None:
        text = f"Zoom {self.level} %"
        if self.menu is not None:
            self.menu.setTitle(f"&Zoom ({self.level} %)")
        self.resetAction.setText(f"&Actual Size (now {self.level} %)")
        if self.label is not None:
            self.label.setText(text)
            self.label.setVisible(self.level != DEFAULT_LEVEL)


def install(window: QWidget, *, menu: QMenu | None = None, held: bool = False) -> Zoom:
    """Give ``window`` View ▸ Zoom (in ``menu``) and a status-bar level, at its saved level.

    ``held``: the window builds its docks and sets its shortcuts after the first paint;
    it then calls ``zoom.frame_built()``.
    """
    settings = getattr(window, "settings", None)
    zoom = Zoom(window, getattr(settings, "zoom", DEFAULT_LEVEL))
    if menu is not None:
        menu.addSeparator()
        zoom.add_to(menu)
    status = getattr(window, "statusBar", None)
    if status is not None:
        zoom.label = QLabel(window)
        zoom.label.setObjectName("zoomLevel")
        zoom.label.setAccessibleName("Zoom level")
        status().addPermanentWidget(zoom.label)
    if zoom.level != DEFAULT_LEVEL:
        zoom.apply()
    else:
        zoom._show_level()
    if not held:
        zoom.frame_built()
    return zoom
