"""PySide6's source scan: the answers ``gui.source_scan`` records are PySide's own, and
the first frame makes PySide read (almost) no module's source (issue 22, start-up)."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from tests.first_paint import WATCH
from uriinspector.gui import source_scan

ROOT = Path(__file__).resolve().parents[2]
#: What the first frame may still have read: the modules imported before ``spare()``
#: can run (``uriinspector.gui`` and its ``__future__`` import).
MAX_READ_BEFORE_PAINT = 2
#: Read for the probe's own imports, not the window's.
PROBE_OWN = {"PySide6.QtCore", "PySide6.QtWidgets", "io", "sys", "json"}


def _pyside_reader() -> Callable[[ModuleType], bool]:
    import PySide6.QtCore  # noqa: F401  (loads PySide's feature hook)

    feature = sys.modules.get("shibokensupport.feature")
    reader = getattr(feature, "_mod_uses_pyside", None)
    if reader is None:
        pytest.skip("this PySide6 has no per-module source scan to spare")
    return reader  # type: ignore[no-any-return]


@pytest.mark.parametrize("name", [*source_scan.USES_PYSIDE, *source_scan.IGNORED])
def test_each_recorded_answer_is_pysides_own(name: str) -> None:
    reads_as_pyside = _pyside_reader()(importlib.import_module(name))
    assert reads_as_pyside == (name in source_scan.USES_PYSIDE), name


def test_no_module_is_listed_twice() -> None:
    names = [*source_scan.USES_PYSIDE, *source_scan.IGNORED]
    assert len(names) == len(set(names))


_PROBE = r"""
import json, sys
QT_FIRST = sys.argv[1] == "qt-first"
if QT_FIRST:  # as bench/startup.py and the tests do
    import PySide6.QtWidgets
else:  # as the ``uriinspector`` command does: the package first, Qt inside app.main
    from uriinspector.gui import app as gui_app
    import PySide6.QtWidgets
import shibokensupport.feature as feature
read = []
_reader = feature._mod_uses_pyside
def _recording(module):
    read.append(module.__name__)
    return _reader(module)
feature._mod_uses_pyside = _recording
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget
app = QApplication([sys.argv[0]])
def at_paint():
    return {"read": list(read)}
""" + WATCH + r"""if QT_FIRST:
    from uriinspector.gui import app as gui_app
gui_app.main([])
app.exec()
print(json.dumps(seen))
"""


@pytest.mark.parametrize("order", ["qt-first", "package-first"])
def test_the_first_frame_reads_almost_no_source(order: str, tmp_path: Path) -> None:
    """``app.main`` in a fresh process up to its first paint: PySide read the source of
    at most a few modules (it read ~55, ~5 ms, before ``spare``). A module new to the
    first frame shows up here: add it to ``source_scan``'s lists."""
    _pyside_reader()
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT),
               URIINSPECTOR_CONFIG_DIR=str(tmp_path))
    proc = subprocess.run(
        [sys.executable, "-c", _PROBE, order], env=env, cwd=ROOT, capture_output=True,
        text=True, timeout=120, check=False,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    read = [n for n in json.loads(proc.stdout.strip().splitlines()[-1])["read"]
            if n not in PROBE_OWN]
    assert len(read) <= MAX_READ_BEFORE_PAINT, f"PySide read these sources: {read}"
