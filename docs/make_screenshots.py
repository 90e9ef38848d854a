"""Render the real window and each pane to docs/screenshots/*.png (offscreen).

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/make_screenshots.py

Uses a throw-away settings directory, so the user's settings are never touched.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["URIINSPECTOR_CONFIG_DIR"] = tempfile.mkdtemp(prefix="uri-shots-")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
OUT = ROOT / "docs" / "screenshots"

from PySide6.QtWidgets import QApplication  # noqa: E402

# draft-2003 §7.5, with a query and fragment: shows off every pane at once.
MISLEADING = "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm?lang=en#comments"
BIDI = "https://example.com/invoice\u202efdp.exe?id=7"
LADDER = "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"
URN = "urn:ISBN:0-395-36341-1?+resolve?=x#frag"


def settle(app: QApplication, rounds: int = 30) -> None:
    """Let layouts and deferred updates run."""
    for _ in range(rounds):
        app.processEvents()


def main() -> int:
    """Write the window and per-pane screenshots; print their paths."""
    from uriinspector.gui import MainWindow, resources
    from uriinspector.gui.theme import current_theme

    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    app.setStyleSheet(resources.stylesheet(current_theme()))
    OUT.mkdir(parents=True, exist_ok=True)
    window = MainWindow()
    window.resize(1024, 640)
    window.show()
    window.set_uri(MISLEADING)
    settle(app)
    written: list[Path] = []

    def save(widget: object, name: str) -> None:
        path = OUT / f"{name}.png"
        widget.grab().save(str(path))  # type: ignore[attr-defined]
        written.append(path)

    save(window, "window")
    save(window.centralWidget(), "uri-field-and-banner")
    for name in ("components", "characters", "findings", "resolution", "ladder", "urn"):
        dock = window.docks[name]
        if name == "ladder":
            window.set_uri(LADDER)
        elif name == "urn":
            window.set_uri(URN)
        elif name == "resolution":
            window.controller.load_examples()
        else:
            window.set_uri(MISLEADING)
        dock.raise_()
        window.flush_panes()
        settle(app)
        save(dock, f"pane-{name}")
    window.set_uri(BIDI)
    settle(app)
    save(window.centralWidget(), "bidi-chips")
    window.close()
    for path in written:
        print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
