"""Start-up runs without cyclic collections: ``app.main`` pauses the collector while Qt's
and our modules load and the window is built (~100 collections rescanned what lives as
long as the program: ~25 ms of a ~150 ms start, issue 22), then freezes what was built
and turns collection back on after the first analysis."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
from pathlib import Path

from tests.first_paint import WATCH
from uriinspector.gui.workload import GC_PAUSE

ROOT = Path(__file__).resolve().parents[2]

_PROBE = r"""
import gc, json, sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget
app = QApplication([sys.argv[0]])
collections = []
def counted(phase, info):
    if phase == "start":
        collections.append(info["generation"])
def at_paint():
    return {"collections": len(collections), "enabled": gc.isenabled()}
""" + WATCH + r"""from uriinspector.gui import app as gui_app
gc.callbacks.append(counted)  # from the entry point on
gui_app.main([])
app.exec()  # until the first paint
rounds = 0
while not gc.isenabled() and rounds < 1000:  # the first analysis, queued at the paint
    app.processEvents()
    rounds += 1
main_window = [w for w in QApplication.topLevelWidgets() if hasattr(w, "analysis")][0]
print(json.dumps({"at_paint": seen, "enabled": gc.isenabled(),
                  "frozen": gc.get_freeze_count(), "analysed": main_window.analysis is not None}))
"""


def test_the_start_collects_nothing_until_the_first_analysis(tmp_path: Path) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT),
               URIINSPECTOR_CONFIG_DIR=str(tmp_path))
    proc = subprocess.run(
        [sys.executable, "-c", _PROBE], env=env, cwd=ROOT, capture_output=True, text=True,
        timeout=120, check=False,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["at_paint"] == {"collections": 0, "enabled": False}
    assert out["enabled"] and out["analysed"]
    assert out["frozen"] > 10_000  # what the start built is out of every later collection


def test_a_pause_ends_once_for_each_begin() -> None:
    was = gc.isenabled()
    frozen = gc.get_freeze_count()
    try:
        gc.enable()
        GC_PAUSE.begin()
        with GC_PAUSE:  # a worker's pause inside the start's
            assert not gc.isenabled()
        assert not gc.isenabled()
        GC_PAUSE.end()
        assert gc.isenabled()
        assert gc.get_freeze_count() >= frozen
    finally:
        gc.unfreeze()
        if not was:
            gc.disable()
