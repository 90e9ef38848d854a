"""GUI test setup: the one ``window`` fixture, a private config directory, no leaked threads.

Qt's offscreen platform is set in ``tests/conftest.py``, the one place, before anything
imports Qt. ``window`` is a real ``MainWindow`` sized (and shown) as the test's
``window`` marker says: ``@pytest.mark.window(size=(1280, 800), shown=True)``, on a
test or as a module's ``pytestmark``; by default 1024×640, not shown. Every test gets its own
``URIINSPECTOR_CONFIG_DIR`` (so no test reads or writes the user's settings), and a
test that leaves a ``QThread`` running or the global ``QThreadPool`` busy fails
(napari's ``_dangling_qthreads``).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

    from uriinspector.gui import MainWindow

_HERE = Path(__file__).parent

#: The offscreen platform plugin warns on every top-level QMainWindow it shows; this is
#: a limitation of the plugin, not of the window, so GUI tests ignore that one message.
OFFSCREEN_NOISE = r"This plugin does not support propagateSizeHints\(\)"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark this directory's tests ``gui`` and ignore the offscreen plugin's one warning."""
    for item in items:
        if _HERE in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.gui)
            item.add_marker(pytest.mark.qt_log_ignore(OFFSCREEN_NOISE, extend=True))


@pytest.fixture(autouse=True)
def _config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets an empty settings directory of its own."""
    path = tmp_path / "config"
    monkeypatch.setenv("URIINSPECTOR_CONFIG_DIR", str(path))
    return path


@pytest.fixture(autouse=True)
def _no_dangling_threads() -> Iterator[None]:
    """Fail a test that leaves a Qt worker or a Python thread running."""
    before = {t.ident for t in threading.enumerate()}
    yield
    from PySide6.QtCore import QThreadPool

    pool = QThreadPool.globalInstance()
    busy = pool.activeThreadCount()
    if busy:
        pool.waitForDone(10_000)  # don't let the leak poison the next test
        pytest.fail(f"test left {busy} QThreadPool worker(s) running")
    leaked = [
        t
        for t in threading.enumerate()
        if t.ident not in before and t.is_alive() and not t.daemon
    ]
    if leaked:
        pytest.fail(f"test left threads running: {leaked}")


#: The window tests' default size: the small screen the window must stay usable on.
SMALL = (1024, 640)


def _make_window(qtbot: QtBot, size: tuple[int, int], shown: bool) -> MainWindow:
    from uriinspector.gui import MainWindow

    w = MainWindow()
    qtbot.addWidget(w)
    w.resize(*size)
    if shown:
        w.show()
        qtbot.waitExposed(w)
    return w


@pytest.fixture
def window(request: pytest.FixtureRequest, qtbot: QtBot) -> Iterator[MainWindow]:
    """A real main window, ``size`` and ``shown`` from the test's ``window`` marker (by
    default 1024×640, not shown); its document reader is shut down afterwards (a test
    may have left a mail being read)."""
    marker = request.node.get_closest_marker("window")
    options = dict(marker.kwargs) if marker is not None else {}
    w = _make_window(qtbot, tuple(options.get("size", SMALL)), bool(options.get("shown")))
    yield w
    w.documents.shutdown()


@pytest.fixture
def shown_window(qtbot: QtBot) -> Iterator[MainWindow]:
    """A real main window at the small 1024×640 size, shown and exposed (``window``
    marked ``shown=True``, for tests that want both a shown and another window)."""
    w = _make_window(qtbot, SMALL, True)
    yield w
    w.documents.shutdown()
