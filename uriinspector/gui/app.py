"""Start the window: ``uriinspector [URI]`` or ``uriinspector open URI``.

Sets the application's identity (one reverse-DNS app ID everywhere), the stylesheet
from ``resources/styles`` and the icon, then opens the main window with the URI given
on the command line, the demonstration URI on first run, or the last one inspected.
The window is shown before the first analysis runs (see ``after_first_paint``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

USAGE = """usage: uriinspector [URI]
       uriinspector open URI

Opens the URI Inspector window with URI loaded (the demonstration URI on first run).
Without a display, run it under a virtual screen:  xvfb-run -a uriinspector
or use the command line:  uriinspector parse URI
"""


def parse_args(argv: list[str]) -> tuple[str | None, list[str]]:
    """Split ``argv`` (without the program name) into the URI and Qt's own options."""
    qt_args = [a for a in argv if a.startswith("-") and a not in ("-h", "--help")]
    rest = [a for a in argv if a not in qt_args]
    if rest[:1] == ["open"]:
        rest = rest[1:]
        if not rest:
            raise SystemExit("uriinspector open: a URI is required\n\n" + USAGE)
    if len(rest) > 1:
        raise SystemExit(f"too many arguments: {rest!r}\n\n" + USAGE)
    return (rest[0] if rest else None), qt_args


def main(argv: list[str] | None = None) -> int:
    """Open the window; return the exit status."""
    args = sys.argv[1:] if argv is None else list(argv)
    if "-h" in args or "--help" in args:
        print(USAGE)
        return 0
    try:
        uri, qt_args = parse_args(args)
    except SystemExit as exc:
        print(exc, file=sys.stderr)
        return 2

    return _start(uri, qt_args)


def _start(uri: str | None, qt_args: list[str]) -> int:
    """Load Qt, then build and show the window with cyclic collection paused."""
    from PySide6.QtGui import QGuiApplication  # noqa: F401 - Qt loaded before spare()
    from PySide6.QtWidgets import QApplication  # noqa: F401

    from uriinspector.gui import source_scan

    source_scan.spare()  # Qt is loaded now: spare its source scan of the next imports
    from uriinspector.gui.workload import GC_PAUSE

    # No cyclic collection while our modules load and the window is built: what they
    # make lives as long as the program, yet collections kept rescanning it; frozen,
    # and collection back on, after the first analysis (``settle``), or on the way out
    # of a start that fails.
    ended = [False]

    def end_pause() -> None:
        if not ended[0]:
            ended[0] = True
            GC_PAUSE.end()

    GC_PAUSE.begin()
    try:
        return _show(uri, qt_args, end_pause)
    except BaseException:
        end_pause()
        raise


def _show(uri: str | None, qt_args: list[str], settled: Callable[[], None]) -> int:
    """Build and show the window; ``settled`` (harmless twice) is called after the first
    analysis, which ends the start-up's collection pause, or before an early return."""
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    from uriinspector import APP_ID, __version__
    from uriinspector.gui import resources
    from uriinspector.gui.main_window import MainWindow
    from uriinspector.gui.theme import current_theme

    app = QApplication.instance()
    owns_app = app is None
    if not isinstance(app, QApplication):
        if not QGuiApplication.platformName() and not _has_display():
            print(
                "There is no display (neither DISPLAY nor WAYLAND_DISPLAY is set).\n"
                "Run it on a virtual screen:  xvfb-run -a uriinspector\n"
                "or use the command line:    uriinspector parse URI",
                file=sys.stderr,
            )
            settled()
            return 2
        app = QApplication([sys.argv[0] if sys.argv else "uriinspector", *qt_args])
    QApplication.setApplicationName("URI Inspector")
    QApplication.setApplicationVersion(__version__)
    QApplication.setOrganizationDomain("uriinspector.github.io")
    QGuiApplication.setDesktopFileName(APP_ID)
    app.setWindowIcon(resources.icon("app"))
    app.setStyleSheet(resources.stylesheet(current_theme()))

    # Show first, analyse right after the first paint: the field already holds the
    # text (uncoloured for one frame), the core's imports and the first analysis
    # (~100 ms) no longer delay the window's appearance.
    window = MainWindow(defer_first_analysis=True)
    window.load_initial(uri)
    if window.uri():
        window.banner.show_pending()
    window.show()
    def settle() -> None:
        """The deferred first analysis, then the end of the start-up's pause."""
        window.release()
        settled()

    after_first_paint(window, settle)
    if not owns_app:
        return 0
    return int(app.exec())


def after_first_paint(widget: QWidget, callback: Callable[[], None]) -> None:
    """Call ``callback`` once, just after ``widget``'s first paint (or after 0.5 s).

    The fallback covers a window that is never painted (minimised, no compositor):
    the work must still happen. Calling ``callback`` twice must be harmless.
    """
    from PySide6.QtCore import QEvent, QObject, QTimer

    class _FirstPaint(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                widget.removeEventFilter(self)
                # After the whole first frame is drawn; never once the widget is gone.
                QTimer.singleShot(0, widget, callback)
            return False

    spy = _FirstPaint(widget)
    widget.installEventFilter(spy)
    # A timer owned by ``widget`` (gone with it), not ``singleShot(500, widget, ...)``:
    # that overload's check makes QMetaMethod's enum types before the first paint.
    fallback = QTimer(widget)
    fallback.setSingleShot(True)
    fallback.timeout.connect(callback)
    fallback.start(500)


def _has_display() -> bool:
    import os

    if os.environ.get("QT_QPA_PLATFORM"):
        return True
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


if __name__ == "__main__":
    sys.exit(main())
