"""The HTML report in a real headless browser: Debian Chromium renders it, and the
screenshot carries the window's own component colours (issue 6, "What it must show").

Chromium runs as a subprocess with every background service off (no sync, no
component update, no QUIC, no first-run, no background networking) and only a
``file://`` page whose CSP forbids any load, so it opens no connection. Set
``URIINSPECTOR_SCREENSHOT_DIR`` to keep the screenshot (docs/screenshots/ holds one).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage, QPalette
from pytestqt.qtbot import QtBot

from uriinspector.core.analysis import analyze
from uriinspector.gui.panes import palette
from uriinspector.gui.theme import theme_for
from uriinspector.report import render
from uriinspector.report.html import colours

CHROMIUM = "/usr/bin/chromium"
INSTALL = "apt-get install -y chromium  (as root; or: sudo apt-get install -y chromium)"
# draft-2003 §7.5's misleading link.
MISLEADING = "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm"

needs_chromium = pytest.mark.skipif(
    not os.access(CHROMIUM, os.X_OK),
    reason=f"Debian Chromium is not installed at {CHROMIUM}; install it with: {INSTALL}",
)


def _light_palette() -> QPalette:
    p = QPalette()
    p.setColor(QPalette.ColorRole.Base, QColor("#ffffff"))
    p.setColor(QPalette.ColorRole.Text, QColor("#000000"))
    return p


def _count(image: QImage, colour: QColor, tolerance: int = 2) -> int:
    """Pixels of ``image`` within ``tolerance`` per channel of ``colour``."""
    img = image.convertToFormat(QImage.Format.Format_RGB32)
    want = (colour.red(), colour.green(), colour.blue())
    data = bytes(img.constBits())  # BGRA rows
    stride = img.bytesPerLine()
    n = 0
    for y in range(img.height()):
        row = data[y * stride : y * stride + img.width() * 4]
        for x in range(0, len(row), 4):
            if (
                abs(row[x + 2] - want[0]) <= tolerance
                and abs(row[x + 1] - want[1]) <= tolerance
                and abs(row[x] - want[2]) <= tolerance
            ):
                n += 1
    return n


def _screenshot(html_path: Path, png: Path, profile: Path) -> None:
    cmd = [
        CHROMIUM,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={profile}",
        f"--screenshot={png}",
        "--window-size=1200,900",
        html_path.as_uri(),
    ]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0 and png.exists(), done.stderr[-2000:]


def test_report_colours_are_the_window_colours() -> None:
    """Qt-free report colours = the palette's readable() and the theme, on a white base."""
    light = _light_palette()
    theme = theme_for(light)
    c = colours()
    for name in palette.COMPONENT_STYLES:
        assert c[f"c-{name}"] == palette.component_color(name, light).name(), name
    assert c["dim"] == theme.dim.name()
    assert c["danger"] == theme.danger.name()
    for key, qt in (("danger-bg", theme.danger_bg), ("finding-bg", theme.finding_bg),
                    ("chip-bg", theme.chip_bg)):  # fmt: skip
        ours = QColor(c[key])
        # tint(): Qt rounds its 16-bit channels, we round once: at most 1 apart
        assert max(abs(ours.red() - qt.red()), abs(ours.green() - qt.green()),
                   abs(ours.blue() - qt.blue())) <= 1, key  # fmt: skip


@needs_chromium
def test_html_report_in_headless_chromium(qtbot: QtBot, tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    page.write_text(render(analyze(MISLEADING), "html"), "utf-8")
    png = tmp_path / "report.png"
    _screenshot(page, png, tmp_path / "profile")
    shot = QImage(str(png))
    assert not shot.isNull() and shot.width() == 1200 and shot.height() == 900

    light = _light_palette()
    theme = theme_for(light)
    host = palette.component_color("host", light)  # the host's colour in the window
    scheme = palette.component_color("scheme", light)
    path = palette.component_color("path", light)
    # solid runs: the host's underline, the misleading userinfo's red background
    assert _count(shot, host) >= 60, host.name()
    assert _count(shot, theme.danger_bg) >= 2000, theme.danger_bg.name()
    assert _count(shot, scheme) >= 10, scheme.name()
    assert _count(shot, path) >= 10, path.name()
    # the dark theme's host colour is not on the (light) page: the check discriminates
    dark_host = palette.readable(palette.COMPONENT_STYLES["host"].hue, QColor("#1e1e1e"))
    assert dark_host != host and _count(shot, dark_host) == 0
    # and the window's own field paints the same host colour for the same URI
    from uriinspector.gui.field.widget import UriField

    field = UriField()
    qtbot.addWidget(field)
    field.setPalette(light)
    field.resize(900, 60)
    field.set_uri(MISLEADING)
    field.show_analysis(analyze(MISLEADING))
    grabbed = field.grab().toImage()
    assert _count(grabbed, host, tolerance=2) >= 20

    keep = os.environ.get("URIINSPECTOR_SCREENSHOT_DIR")
    if keep:
        shutil.copy(png, Path(keep) / "report_chromium.png")
