"""The danger sign is an icon, never U+26D4 (issue 13 item 10).

No font that ``make run`` installs draws U+26D4 reliably: the banner, the Findings
header and the reports showed an empty box exactly on the most important message.
The window draws ``resources/icons`` pixmaps; the HTML report inlines the same SVG;
Markdown says the word.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QAbstractItemView, QLabel, QWidget

from uriinspector.core.analysis import analyze
from uriinspector.gui import MainWindow, resources
from uriinspector.report import render

ROOT = Path(__file__).resolve().parents[2]
NO_ENTRY = "\u26d4"
# draft-fielding-uri-rfc2396bis-01 (2003) §7.5, the misleading-authority example.
MISLEADING = "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm"


pytestmark = pytest.mark.window(size=(1180, 760))


def _same_image(a: object, b: object) -> bool:
    return a.toImage().convertToFormat(b.toImage().format()) == b.toImage()  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("uri", "level", "icon"),
    [(MISLEADING, "danger", "danger"), ("http://example.com:99999/", "caution", "warning"),
     ("https://example.com/", "nothing-notable", "info")],
)
def test_banner_and_findings_header_draw_the_icon(
    window: MainWindow, uri: str, level: str, icon: str
) -> None:
    window.set_uri(uri)
    banner = window.banner
    assert banner.level == level
    pixmap = banner.icon.pixmap()
    assert not pixmap.isNull() and pixmap.width() >= 16
    side = pixmap.width()
    expected = resources.icon(icon).pixmap(QSize(side, side), pixmap.devicePixelRatio())
    assert _same_image(pixmap, expected)
    findings = window.pane("findings")
    window.flush_panes()
    assert not findings.summaryIcon.pixmap().isNull()
    assert NO_ENTRY not in banner.plain_text() and NO_ENTRY not in findings.summary.text()


def test_no_rendered_text_in_the_window_holds_the_glyph(window: MainWindow) -> None:
    window.set_uri(MISLEADING)
    window.build_all_panes()
    window.flush_panes()
    texts: list[str] = [window.windowTitle(), window.statusBar().currentMessage()]
    for widget in window.findChildren(QWidget):
        texts += [widget.toolTip(), widget.accessibleName(), widget.accessibleDescription()]
        if isinstance(widget, QLabel):
            texts.append(widget.text())
        if isinstance(widget, QAbstractItemView) and widget.model() is not None:
            model = widget.model()
            for row in range(min(model.rowCount(), 200)):
                index = model.index(row, 0)
                for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                    value = index.data(role)
                    if isinstance(value, str):
                        texts.append(value)
    assert any("Danger" in t for t in texts)
    assert not [t for t in texts if NO_ENTRY in t]


def test_reports_say_danger_without_the_glyph() -> None:
    a = analyze(MISLEADING)
    md = render(a, "md")
    assert "**Verdict: Danger**" in md and NO_ENTRY not in md
    doc = render(a, "html")
    assert NO_ENTRY not in doc
    verdict = doc[doc.index('<div class="verdict v-danger">') :]
    assert verdict.index("<svg") < verdict.index("Danger")  # the icon, then the word
    assert "<polygon" in verdict[: verdict.index("Danger")]


def test_the_glyph_is_nowhere_in_the_shipped_tree() -> None:
    for top in ("uriinspector", "resources"):
        for path in (ROOT / top).rglob("*"):
            if path.is_file() and path.suffix in (".py", ".qss", ".json", ".txt", ".svg", ".md"):
                assert NO_ENTRY not in path.read_text("utf-8", "replace"), path
