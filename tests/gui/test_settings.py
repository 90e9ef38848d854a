"""Settings: atomic writes that survive a crash, a corrupt file set aside, never fatal."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from uriinspector.gui.settings import FILE_NAME, Settings, atomic_write_json


def test_round_trip(tmp_path: Path) -> None:
    s = Settings.load(tmp_path)
    assert s.first_run and s.problem is None
    s.add_recent("http://a/")
    s.add_recent("http://b/")
    s.add_recent("http://a/")
    s.edition = "rfc2396"
    s.window_state = b"\x00\x01state"
    s.first_run = False
    assert s.save() is None
    t = Settings.load(tmp_path)
    assert t.recent == ["http://a/", "http://b/"]
    assert t.edition == "rfc2396"
    assert t.window_state == b"\x00\x01state"
    assert not t.first_run


def test_recent_skips_huge_and_blank_inputs(tmp_path: Path) -> None:
    s = Settings.load(tmp_path)
    s.add_recent("   ")
    s.add_recent("x" * 1_000_000)
    assert s.recent == []


@pytest.mark.parametrize(
    "content",
    [
        b'{"recent": ["http://a/"], "edition": "rfc39',  # truncated mid-write
        b"\xff\xfe not utf-8",
        b"[1, 2, 3]",
        b'{"recent": "not a list"}',
        b'{"window_state": "***not base64***"}',
        b"",
    ],
    ids=["truncated", "not-utf8", "not-object", "wrong-type", "bad-base64", "empty"],
)
def test_corrupt_file_is_set_aside_and_reported(tmp_path: Path, content: bytes) -> None:
    (tmp_path / FILE_NAME).write_bytes(content)
    s = Settings.load(tmp_path)
    assert s.problem is not None and "defaults" in s.problem
    assert s.recent == [] and s.edition == "rfc3986"
    aside = list(tmp_path.glob(f"{FILE_NAME}.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == content
    assert not (tmp_path / FILE_NAME).exists()
    assert s.save() is None  # and the next save starts a good file
    assert Settings.load(tmp_path).problem is None


def test_window_survives_a_corrupt_file(qtbot: QtBot, _config_dir: Path) -> None:
    from uriinspector.gui import MainWindow

    _config_dir.mkdir(parents=True)
    (_config_dir / FILE_NAME).write_text('{"recent": [', encoding="utf-8")
    window = MainWindow()
    qtbot.addWidget(window)
    assert "unreadable" in window.statusBar().currentMessage()
    assert list(_config_dir.glob(f"{FILE_NAME}.corrupt-*"))


_WRITER = """
import sys
from pathlib import Path
from uriinspector.gui.settings import atomic_write_json
path = Path(sys.argv[1])
payload = "x" * 2_000_000
i = 0
print("ready", flush=True)
while True:
    i += 1
    atomic_write_json(path, {"generation": i, "payload": payload})
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_during_writes_leaves_a_whole_file(tmp_path: Path) -> None:
    """A writer killed mid-write never leaves a torn settings file behind."""
    path = tmp_path / FILE_NAME
    atomic_write_json(path, {"generation": 0, "payload": ""})
    env = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}
    proc = subprocess.Popen(
        [sys.executable, "-c", _WRITER, str(path)],
        stdout=subprocess.PIPE,
        env=env,
        cwd=Path(__file__).resolve().parents[2],
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == b"ready"
        deadline = time.monotonic() + 10
        # Let it complete a few writes, then kill it at an arbitrary moment.
        while time.monotonic() < deadline:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data["generation"] >= 3:
                break
            time.sleep(0.01)
        time.sleep(0.013)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        if proc.stdout is not None:
            proc.stdout.close()
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["generation"] >= 3
    assert data["payload"] == "x" * 2_000_000
