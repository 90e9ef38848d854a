"""The effective-host banner: under the field, in large type, where the link really goes.

It only words what the core computed (``Analysis.effective_host``,
``registrable_domain``, ``findings``, ``verdict``). It never says "safe": the best it
says is that nothing notable was found. Every piece of the input it quotes is
HTML-escaped and has its hidden characters written as ``⟨U+XXXX⟩``.

When the link carries another one (a mail gateway's wrapper, a redirect), the banner
tells the chain in plain words from ``gui/chain.py``: every host the link forwards to is
an anchor the banner handles itself (``linkActivated`` → ``inspectRequested``: inspect
that hop; never a browser), the last one in bold; a shortener's unknowable target is
said so; a brand look-alike's ``imitates`` is named. The label word-wraps: never clipped.

The level is drawn as an icon from ``resources/icons`` (``danger``, ``warning``,
``info``), never as a glyph: U+26D4 is in no font a fresh Debian has, and the most
important message was an empty box (issue 13 item 10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QSize, Signal
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QSizePolicy, QWidget

from uriinspector.core.verdict import NOTHING_PROVES, VERDICT_WORDS
from uriinspector.gui import chain, resources
from uriinspector.gui.plain import plain_tooltip
from uriinspector.gui.uri_field import visible_text

if TYPE_CHECKING:
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QResizeEvent, QTextDocument
    from PySide6.QtWidgets import QMenu

    from uriinspector.core.analysis import Analysis

#: The verdict's words: the core's one wording (reports, summary and CLI use it too).
_LEVEL_WORDS = VERDICT_WORDS
#: The icon (``resources/icons``) drawn before the banner's words, per level.
LEVEL_ICONS = {"danger": "danger", "caution": "warning", "nothing-notable": "info"}


def _q(text: str, limit: int = 120) -> str:
    """Quote a piece of the input for rich text: visible, escaped, bounded."""
    import html  # on first use: with html.entities ~3 ms before the first paint

    return html.escape(visible_text(text, limit))


def banner_html(analysis: Analysis) -> tuple[str, str]:
    """The banner's rich text and its level (``danger``, ``caution``, ``nothing-notable``)."""
    text, level, _hops = banner_story(analysis)
    return text, level


def banner_story(analysis: Analysis) -> tuple[str, str, tuple[str, ...]]:
    """The banner's rich text, its level, and the URL each ``hop:N`` anchor inspects."""
    level = analysis.verdict.level
    told = chain.story(analysis) if analysis.effective_host else None
    hops: tuple[str, ...] = () if told is None else told.hops
    host = analysis.effective_host
    parts: list[str] = []
    split_host = analysis.parsed.split.host
    if host is None:
        if not analysis.text.strip():
            return ("Type or paste a link to see where it really goes.", "nothing-notable", ())
        if split_host is not None and split_host.text:
            parts.append(
                f"Browsers refuse this link. Its host part reads <b>{_q(split_host.text)}</b>."
            )
        else:
            parts.append(
                "This reference names <b>no host</b>: it does not point at a server by itself."
            )
    elif host == "":
        parts.append("This link has an <b>empty host</b>.")
    elif told is not None:
        parts.append(told.html)
    else:
        parts.append(f"This link goes to <b style='font-size:140%'>{_q(host)}</b>.")
        domain = analysis.registrable_domain
        if domain and domain != host:
            parts.append(f"Registrable domain: <b>{_q(domain)}</b>.")
    imitated = chain.imitation(analysis)
    if imitated is not None and (told is None or told.imitates != imitated[1]):
        parts.append(chain.imitates_html(*imitated))
    hidden: set[str] = set()
    for finding in analysis.findings:
        if finding.code == "misleading-userinfo":
            user = finding.span.of(analysis.text)
            parts.append(f"<br>'{_q(user)}' is only a user name.")
            hidden.add(finding.message)
            break
    verdict = _LEVEL_WORDS.get(level, level)
    if level == "nothing-notable":
        parts.append(
            f"<br><small>{verdict}. {NOTHING_PROVES}</small>"
        )
    else:
        reasons = [r for r in analysis.verdict.reasons if r not in hidden]
        # One short reason: the banner must never clip; the Findings pane has them all.
        shown = _q(reasons[0], 90) if reasons else ""
        n = len(analysis.findings)
        count = f"{n} finding{'s' if n != 1 else ''} in the Findings pane"
        parts.append(f"<br><small>{verdict}{': ' + shown if shown else ''} — {count}.</small>")
    return " ".join(parts), level, hops


class EffectiveHostBanner(QFrame):
    """Large plain words under the field: the real host, and why to be careful.

    A frame holding the level's icon (``bannerIcon``, a pixmap) and the words
    (``bannerText``, rich text whose input-derived pieces are escaped).

    Signal ``inspectRequested(str)``: the user clicked hop N of the chain (its URL).
    """

    inspectRequested = Signal(object)  # exact str (a str signal would go through QString)
    #: "Copy Summary" in the banner's context menu (the window puts it on the clipboard)
    copySummaryRequested = Signal()

    def __init__(self, parent: QWidget | None = None, *, held: bool = False) -> None:
        """``held``: the caller runs ``finish_setup()`` after the first paint (app start)."""
        super().__init__(parent)
        self.setObjectName("effectiveHostBanner")
        self.setAccessibleName("effectiveHostBanner")
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.icon = QLabel(self)
        self.icon.setObjectName("bannerIcon")
        self.label = QLabel(self)
        self.label.setObjectName("bannerText")
        self.label.setWordWrap(True)
        # Links are the chain's hops, handled here (never opened: openExternalLinks off);
        # their interaction flags need the Qt namespace, so they are set in finish_setup.
        self.label.setOpenExternalLinks(False)
        self.label.linkActivated.connect(self.inspect_hop_link)
        #: the URL each ``hop:N`` anchor of the shown text inspects
        self.hops: tuple[str, ...] = ()
        self.label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Maximum)
        self._font_scale = 1.0  # zoom × presentation emphasis (gui/zoom.py)
        self._base_point_size = self.label.font().pointSizeF()
        self._apply_font()
        self._layout = layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(8)
        layout.addWidget(self.icon, 0)
        layout.addWidget(self.label, 1)
        self.setProperty("level", "nothing-notable")
        self.label.setText("Type or paste a link to see where it really goes.")
        self.level = "nothing-notable"
        self._icon_level = ""
        self._show_icon("nothing-notable")
        self._doc: QTextDocument | None = None
        if not held:
            self.finish_setup()

    def finish_setup(self) -> None:
        """The settings that need the ``Qt`` namespace (rich text, alignment, selection).

        PySide6 creates the ~95 enum types of ``Qt`` on its first use, so a held banner
        (app start, blank until the first analysis) gets them just after the first paint.
        Harmless twice.
        """
        from PySide6.QtCore import Qt

        self.icon.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.LinksAccessibleByMouse
            | Qt.TextInteractionFlag.LinksAccessibleByKeyboard
        )
        self._layout.setAlignment(self.icon, Qt.AlignmentFlag.AlignTop)
        for widget in (self, self.label):
            widget.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
            widget.customContextMenuRequested.connect(self._on_context_menu)

    def context_menu(self) -> QMenu:
        """"Copy" (the selection, else the banner's words) and "Copy Summary"."""
        from PySide6.QtWidgets import QMenu

        menu = QMenu(self)
        copy = menu.addAction("Copy")
        copy.triggered.connect(self._copy_text)
        summary = menu.addAction("Copy Summary")
        summary.setObjectName("copySummaryMenuAction")
        summary.triggered.connect(self.copySummaryRequested.emit)
        return menu

    def _copy_text(self) -> None:
        from PySide6.QtGui import QGuiApplication

        QGuiApplication.clipboard().setText(self.label.selectedText() or self.plain_text())

    def _on_context_menu(self, pos: QPoint) -> None:
        menu = self.context_menu()
        widget = self.sender()
        origin = widget if isinstance(widget, QWidget) else self
        menu.exec(origin.mapToGlobal(pos))
        menu.deleteLater()

    def _apply_font(self) -> None:
        font = self.label.font()
        font.setPointSizeF(self._base_point_size * 1.3 * self._font_scale)
        self.label.setFont(font)

    def set_font_scale(self, scale: float) -> None:
        """Draw the words (and the level's icon) ``scale`` times their usual size."""
        if scale == self._font_scale:
            return
        self._font_scale = scale
        self._apply_font()
        level, self._icon_level = self._icon_level, ""
        self._show_icon(level)  # the icon is as tall as a line of the words
        self._fit_height()

    def font_scale(self) -> float:
        """The factor ``set_font_scale`` set (1.0 by default)."""
        return self._font_scale

    def text(self) -> str:
        """The banner's rich text (its input-derived pieces escaped)."""
        return self.label.text()

    def textFormat(self) -> Qt.TextFormat:
        """Always rich text: the words are markup, the input in them is escaped."""
        return self.label.textFormat()

    def _show_icon(self, level: str) -> None:
        if level == self._icon_level:
            return
        self._icon_level = level
        side = max(16, int(QFontMetrics(self.label.font()).height() * 1.25))
        ratio = self.devicePixelRatioF()
        pixmap = resources.icon(LEVEL_ICONS.get(level, "info")).pixmap(QSize(side, side), ratio)
        self.icon.setPixmap(pixmap)
        self.icon.setFixedWidth(side)
        self.icon.setAccessibleName(_LEVEL_WORDS.get(level, level))

    def show_analysis(self, analysis: Analysis) -> None:
        """Say where ``analysis``'s link goes (nothing is re-laid out when unchanged)."""
        text, level, self.hops = banner_story(analysis)
        if text != self.label.text():
            self.label.setText(text)
            self.setAccessibleDescription(self.plain_text())
            self._fit_height()
        tip = plain_tooltip("\n".join(visible_text(r, 400) for r in analysis.verdict.reasons))
        if tip != self.toolTip():
            self.setToolTip(tip)
        self._show_icon(level)
        self.icon.show()
        if level != self.level:
            self.level = level
            self.setProperty("level", level)
            self.style().unpolish(self)
            self.style().polish(self)
            # The level's border is wider: a StyleChange makes the frame measure it again
            # (polish alone left the words laid out for the thinner border, 1 px under it).
            QCoreApplication.sendEvent(self, QEvent(QEvent.Type.StyleChange))

    def _fit_height(self) -> None:
        """Ask for the height the wrapped words need at the label's width: the main
        window's layout does not ask a central widget for height-for-width, so a
        chain of three hosts was cut off at the second line."""
        width = self.label.width()
        if width <= 0:
            return
        had = self.label.minimumHeight()
        self.label.setMinimumHeight(0)  # heightForWidth never answers below the minimum
        need = self.label.heightForWidth(width)
        self.label.setMinimumHeight(need if need > 0 else had)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Re-fit the height to the new width (the words wrap differently)."""
        super().resizeEvent(event)
        self._fit_height()

    def inspect_hop_link(self, link: str) -> None:
        """A ``hop:N`` anchor was activated: ask the window to inspect hop N."""
        n = chain.hop_index(link)
        if n is not None and 1 <= n <= len(self.hops):
            self.inspectRequested.emit(self.hops[n - 1])

    def inspect_hop(self, n: int) -> None:
        """Inspect hop ``n`` (1-based), as clicking its host does."""
        self.inspect_hop_link(f"{chain.HOP_SCHEME}{n}")

    def show_pending(self) -> None:
        """Blank until the first analysis arrives (start-up: never a wrong sentence)."""
        self.label.setText("")
        self.icon.hide()

    def plain_text(self) -> str:
        """The banner as a screen reader or a test reads it."""
        if self._doc is None:
            from PySide6.QtGui import QTextDocument

            # One document, reused: a QTextDocument made in Python per call leaks
            # references to None on PySide6 6.11 / CPython 3.11.
            self._doc = QTextDocument(self)
        self._doc.setHtml(self.label.text())
        return self._doc.toPlainText()
