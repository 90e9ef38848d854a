"""The effective-host banner: under the field, in large type, where the link really goes.

It only words what the core computed (``Analysis.effective_host``,
``registrable_domain``, ``findings``, ``verdict``). It never says "safe": the best it
says is that nothing notable was found. Every piece of the input it quotes is
HTML-escaped and has its hidden characters written as ``⟨U+XXXX⟩``.

When the link carries another one (a mail gateway's wrapper, a redirect), the banner
tells the chain in plain words from ``gui/banner/chain.py``: every host the link forwards to is
an anchor the banner handles itself (``linkActivated`` → ``inspectRequested``: inspect
that hop; never a browser), the last one in bold; a shortener's unknowable target is
said so; a brand look-alike's ``imitates`` is named. The label word-wraps and is never
clipped: a host too long for the line (a host cannot wrap: no break inside a name) has
its middle elided to fit the banner's width, ``start…tail``, always keeping the
registrable domain and what stands just before it; the full host is in the tooltip and
in the "Copy host" action (issue 15 item 3).

The level is drawn as an icon from ``resources/icons`` (``danger``, ``warning``,
``info``), never as a glyph: U+26D4 is in no font a fresh Debian has, and the most
important message was an empty box (issue 13 item 10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QSize, Signal
from PySide6.QtGui import QAction, QFont, QFontMetrics
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QSizePolicy, QWidget

from uriinspector.gui import resources
from uriinspector.gui.field.chips import visible_text
from uriinspector.gui.plain import plain_tooltip

if TYPE_CHECKING:
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QResizeEvent, QTextDocument
    from PySide6.QtWidgets import QMenu

    from uriinspector.core.analysis import Analysis

#: The icon (``resources/icons``) drawn before the banner's words, per level.
LEVEL_ICONS = {"danger": "danger", "caution": "warning", "nothing-notable": "info"}


#: The shortest host budget, in characters, whatever the width.
MIN_HOST_CHARS = 24
#: The default budget (a banner not laid out yet): what fits at 1024 pixels.
DEFAULT_HOST_CHARS = 60


def _q(text: str, limit: int = 120, word: int = 0) -> str:
    """Quote a piece of the input for rich text: visible, escaped, bounded; with
    ``word``, any unbroken run longer than that has its middle elided (no line can
    break inside it)."""
    import html  # on first use: with html.entities ~3 ms before the first paint

    from uriinspector.gui.elide import elide_middle

    shown = visible_text(text, limit)
    if word:
        shown = " ".join(elide_middle(w, word) for w in shown.split(" "))
    return html.escape(shown)


def _host(host: str, domain: str | None, budget: int) -> str:
    import html

    from uriinspector.gui.elide import host_text

    return html.escape(host_text(host, domain, budget))


def banner_html(analysis: Analysis, host_chars: int = DEFAULT_HOST_CHARS) -> tuple[str, str]:
    """The banner's rich text and its level (``danger``, ``caution``, ``nothing-notable``)."""
    text, level, _hops = banner_story(analysis, host_chars)
    return text, level


def banner_story(
    analysis: Analysis, host_chars: int = DEFAULT_HOST_CHARS
) -> tuple[str, str, tuple[str, ...]]:
    """The banner's rich text, its level, and the URL each ``hop:N`` anchor inspects.

    ``host_chars``: how many characters of a host fit on one line of the banner.
    """
    # Imported on the first analysis shown, not before the window's first paint. The
    # verdict's words are the core's one wording (reports, summary and CLI use it too).
    from uriinspector.core.verdict import NOTHING_PROVES, VERDICT_WORDS
    from uriinspector.gui.banner import chain

    level = analysis.verdict.level
    told = chain.story(analysis, host_chars) if analysis.effective_host else None
    hops: tuple[str, ...] = () if told is None else told.hops
    host = analysis.effective_host
    parts: list[str] = []
    split_host = analysis.parsed.split.host
    if host is None:
        if not analysis.text.strip():
            return ("Type or paste a link to see where it really goes.", "nothing-notable", ())
        if split_host is not None and split_host.text:
            parts.append(
                "Browsers refuse this link. Its host part reads "
                f"<b>{_host(split_host.text, None, host_chars)}</b>."
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
        domain = analysis.registrable_domain
        parts.append(
            f"This link goes to <b style='font-size:140%'>{_host(host, domain, host_chars)}</b>."
        )
        if domain and domain != host:
            parts.append(f"Registrable domain: <b>{_host(domain, domain, host_chars)}</b>.")
    imitated = chain.imitation(analysis)
    if imitated is not None and (told is None or told.imitates != imitated[1]):
        parts.append(chain.imitates_html(*imitated, host_chars=host_chars))
    hidden: set[str] = set()
    for finding in analysis.findings:
        if finding.code == "misleading-userinfo":
            user = finding.span.of(analysis.text)
            parts.append(f"<br>'{_q(user, 120, host_chars)}' is only a user name.")
            hidden.add(finding.message)
            break
    verdict = VERDICT_WORDS.get(level, level)
    if level == "nothing-notable":
        parts.append(
            f"<br><small>{verdict}. {NOTHING_PROVES}</small>"
        )
    else:
        reasons = [r for r in analysis.verdict.reasons if r not in hidden]
        # One short reason: the banner must never clip; the Findings pane has them all.
        shown = _q(reasons[0], 90, host_chars) if reasons else ""
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
        # Ignored across: the words never widen the window (a long host is elided to the
        # width the banner is given instead, see ``host_chars``).
        self.label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Maximum)
        self._analysis: Analysis | None = None
        self._host_chars = DEFAULT_HOST_CHARS
        self.copy_host_action = QAction("Copy host", self)
        self.copy_host_action.setObjectName("bannerCopyHost")
        self.copy_host_action.triggered.connect(self.copy_host)
        self.label.addAction(self.copy_host_action)
        self.copy_words_action = QAction("Copy these words", self)
        self.copy_words_action.setObjectName("bannerCopyWords")
        self.copy_words_action.triggered.connect(self.copy_words)
        self.label.addAction(self.copy_words_action)
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
        self._held = held
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

        if self._held:
            self._held = False
            self._name_icon(self._icon_level)
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
        """Copy (the selection, else the words), Copy Summary, Copy host."""
        from PySide6.QtWidgets import QMenu

        menu = QMenu(self)
        copy = menu.addAction("Copy")
        copy.triggered.connect(self._copy_text)
        summary = menu.addAction("Copy Summary")
        summary.setObjectName("copySummaryMenuAction")
        summary.triggered.connect(self.copySummaryRequested.emit)
        menu.addAction(self.copy_host_action)  # the words may elide the host
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
        if not self._held:  # a held banner names its icon in finish_setup
            self._name_icon(level)

    def _name_icon(self, level: str) -> None:
        """The icon's accessible name: the verdict's words (``core.verdict``, imported
        here: a held banner's first frame needs neither the module nor the name)."""
        from uriinspector.core.verdict import VERDICT_WORDS

        self.icon.setAccessibleName(VERDICT_WORDS.get(level, level))

    def host_chars(self) -> int:
        """How many characters of a host fit on one line of the label at its width (in
        the large bold type a host is shown in)."""
        width = self.label.width()
        if width <= 0 or not self.isVisible():
            return DEFAULT_HOST_CHARS
        font = QFont(self.label.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.4)
        sample = "abcdefghijklmnopqrstuvwxyz0123456789-.⟨⟩"
        per_char = QFontMetrics(font).horizontalAdvance(sample) / len(sample)
        return max(MIN_HOST_CHARS, int(width / (per_char * 1.15)) - 2)

    def show_analysis(self, analysis: Analysis) -> None:
        """Say where ``analysis``'s link goes (nothing is re-laid out when unchanged)."""
        self._analysis = analysis
        self._host_chars = self.host_chars()
        text, level, self.hops = banner_story(analysis, self._host_chars)
        if text != self.label.text():
            self.label.setText(text)
            self.setAccessibleDescription(self.plain_text())
            self._fit_height()
        lines = [visible_text(r, 400) for r in analysis.verdict.reasons]
        host = analysis.effective_host
        if host:  # the whole host: the words may show it elided
            lines.insert(0, f"Host: {visible_text(host, 1000)}")
        self.copy_host_action.setEnabled(bool(host))
        tip = plain_tooltip("\n".join(lines))
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
        """Re-fit the words to the new width: a long host is elided to what fits, and
        the height follows the wrapping."""
        super().resizeEvent(event)
        if self._analysis is not None and self.host_chars() != self._host_chars:
            self.show_analysis(self._analysis)
        self._fit_height()

    def copy_words(self) -> None:
        """Put the banner's words, as plain text, on the clipboard."""
        from PySide6.QtGui import QGuiApplication

        QGuiApplication.clipboard().setText(self.plain_text())

    def copy_host(self) -> None:
        """Put the whole effective host on the clipboard (the words may elide it)."""
        host = self._analysis.effective_host if self._analysis is not None else None
        if host:
            from PySide6.QtGui import QGuiApplication

            QGuiApplication.clipboard().setText(host)

    def inspect_hop_link(self, link: str) -> None:
        """A ``hop:N`` anchor was activated: ask the window to inspect hop N."""
        from uriinspector.gui.banner import chain

        n = chain.hop_index(link)
        if n is not None and 1 <= n <= len(self.hops):
            self.inspectRequested.emit(self.hops[n - 1])

    def inspect_hop(self, n: int) -> None:
        """Inspect hop ``n`` (1-based), as clicking its host does."""
        from uriinspector.gui.banner import chain

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
