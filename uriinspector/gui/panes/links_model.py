"""The rows of an opened document's links table: one per link, its verdict arriving.

Columns: the verdict (an icon and one word, ``core.verdict.verdict_word``; the
sentence and its reason in the tooltip), the link, the visible text of its anchor
(``display``), the MIME part (or the attribute) it came from, and a note. A row whose
visible text shows another site (``mismatch``) is drawn in the danger colour AND says
so in words; a row where browsers (WHATWG URL Standard) resolve the reference
elsewhere than RFC 3986 §5.2 says so in the warning colour. A model, not items: a
100,000-link page is listed at once and painted a screen at a time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor, QIcon
from PySide6.QtWidgets import QWidget

from uriinspector.core.verdict import VERDICT_WORD, verdict_word, verdict_words
from uriinspector.gui import resources
from uriinspector.gui.panes import palette
from uriinspector.gui.plain import plain_tooltip, visible_text

if TYPE_CHECKING:
    from uriinspector.sources.model import Link

COL_VERDICT, COL_LINK, COL_SHOWN, COL_WHERE, COL_NOTE = range(5)
HEADERS = ("Verdict", "Link", "Shown as", "Part", "Note")
#: Characters a cell shows (Qt's elision of long cells is slow; tooltips have more).
CELL_LIMIT = 300

#: A verdict level's icon (``gui/resources``), the cue beside the word.
LEVEL_ICONS = {"danger": "danger", "caution": "warning", "nothing-notable": "info"}
#: The verdict cell of a row still being judged.
PENDING_WORD = "Pending"
#: Every word the verdict column can show: its width is measured on these.
VERDICT_COLUMN_WORDS = (*VERDICT_WORD.values(), PENDING_WORD)
MISMATCH_WORDS = "⚠ shows"
BROWSER_WORDS = "≠ browsers go to"
DEFANGED_WORDS = "defanged: refanged is"

_Index = QModelIndex | QPersistentModelIndex


def note_of(link: Link) -> str:
    """The Note cell: what a reader must notice about this row, in words."""
    notes: list[str] = []
    if link.mismatch:
        shown = link.shown_domain or (link.display or "")
        goes = link.target_domain or link.uri
        notes.append(f"{MISMATCH_WORDS} {shown}, goes to {goes}")
    if link.browser_uri is not None:
        notes.append(f"{BROWSER_WORDS} {link.browser_uri}")
    if link.kind == "text" and link.target != link.uri:
        from uriinspector.core.defang import refang

        if refang(link.uri)[1]:  # a defanged indicator: what it stands for
            notes.append(f"{DEFANGED_WORDS} {link.target}")
        else:  # draft-2003 App. F: an abbreviated reference, completed
            notes.append(f"probably {link.target} (guess)")
    if link.kind == "qr":
        notes.append("read from a QR code")
    elif link.kind == "base":
        notes.append("the page's <base href>")
    return " · ".join(notes)


def verdict_line(link: Link) -> str:
    """The row's verdict and its first reason (``sources.link_verdict``: the words the
    banner, the CLI and the reports give for this link in this document)."""
    from uriinspector.sources import link_verdict

    verdict = link_verdict(link)
    reason = verdict.reasons[0] if verdict.reasons else ""
    return f"{verdict_words(verdict.level)}: {reason}" if reason else verdict_words(verdict.level)


class LinksModel(QAbstractTableModel):
    """The rows of one document (and their verdicts as they arrive)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.links: tuple[Link, ...] = ()
        self.levels: list[str | None] = []
        #: how many rows have a verdict, and how many of them are danger
        self.judged = 0
        self.danger = 0
        self._colours: dict[str, QColor] = {}
        self._icons: dict[str, QIcon] = {}
        self._palette_of: QWidget | None = parent

    def set_links(self, links: tuple[Link, ...]) -> None:
        """Show ``links`` (verdicts unknown until :meth:`set_levels`)."""
        self.beginResetModel()
        self.links = links
        self.levels = [None] * len(links)
        self.judged = 0
        self.danger = 0
        self.endResetModel()

    def set_levels(self, start: int, levels: tuple[str, ...]) -> None:
        """Verdict levels of the rows from ``start`` on."""
        if not levels or start >= len(self.links):
            return
        old = self.levels[start : start + len(levels)]
        self.judged += sum(1 for v in levels if v) - sum(1 for v in old if v)
        self.danger += levels.count("danger") - old.count("danger")
        self.levels[start : start + len(levels)] = levels
        last = min(start + len(levels), len(self.links)) - 1
        # Only the verdict cells change (a mismatch row's colour never depends on it).
        self.dataChanged.emit(self.index(start, COL_VERDICT), self.index(last, COL_VERDICT))

    def reset_colours(self) -> None:
        """Forget cached colours (the palette changed)."""
        self._colours.clear()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        """One row per link."""
        return 0 if parent.isValid() else len(self.links)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        """Verdict, link, shown as, part, note."""
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        """Column titles."""
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return HEADERS[section]
        return None

    def _colour(self, severity: str) -> QColor:
        colour = self._colours.get(severity)
        if colour is None:
            widget = self._palette_of
            pal = widget.palette() if widget is not None else None
            if pal is None:
                from PySide6.QtGui import QGuiApplication

                pal = QGuiApplication.palette()
            colour = palette.severity_color(severity, pal)
            self._colours[severity] = colour
        return colour

    def _icon(self, name: str) -> QIcon:
        icon = self._icons.get(name)
        if icon is None:
            icon = resources.icon(name)
            self._icons[name] = icon
        return icon

    def cell(self, row: int, column: int) -> str:
        """The text of one cell (as a person reads it)."""
        link = self.links[row]
        if column == COL_VERDICT:  # one word; the sentence and reason in the tooltip
            level = self.levels[row]
            return verdict_word(level) if level else PENDING_WORD
        if column == COL_LINK:
            return visible_text(link.uri, CELL_LIMIT)
        if column == COL_SHOWN:
            return "" if link.display is None else visible_text(link.display, CELL_LIMIT)
        if column == COL_WHERE:
            return visible_text(link.part or link.kind, CELL_LIMIT)
        return visible_text(note_of(link), CELL_LIMIT)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        """Text, colour, icon and a plain tooltip per cell."""
        if not index.isValid() or index.row() >= len(self.links):
            return None
        row, column = index.row(), index.column()
        link = self.links[row]
        if role == Qt.ItemDataRole.DisplayRole:
            return self.cell(row, column)
        if role == Qt.ItemDataRole.ForegroundRole:
            if link.mismatch:
                return self._colour("danger")
            if link.browser_uri is not None and column in (COL_LINK, COL_NOTE):
                return self._colour("warning")
            level = self.levels[row]
            if column == COL_VERDICT and level in ("danger", "caution"):
                return self._colour("danger" if level == "danger" else "warning")
            return None
        if role == Qt.ItemDataRole.DecorationRole and column == COL_VERDICT:
            level = "danger" if link.mismatch else self.levels[row]
            return self._icon(LEVEL_ICONS[level]) if level in LEVEL_ICONS else None
        if role == Qt.ItemDataRole.ToolTipRole:
            lines = [link.uri]
            if self.levels[row]:  # the verdict's first reason, as the banner words it
                lines.insert(0, verdict_line(link))
            if link.raw != link.uri:
                lines.append(f"written in the page as: {link.raw}")
            if link.display:
                lines.append(f"shown as: {link.display}")
            if link.part:
                lines.append(f"part: {link.part}")
            note = note_of(link)
            if note:
                lines.append(note)
            lines.append("Click to inspect it; double-click a page's link for its resolution.")
            return plain_tooltip("\n".join(lines))
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return self.cell(row, column)
        return None
