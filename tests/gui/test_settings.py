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

from uriinspector.gui.settings import (
    FILE_NAME,
    FORMAT_VERSION,
    MAX_HISTORY,
    HistoryEntry,
    Settings,
    atomic_write_json,
)


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


# ---- history (format version 2) -------------------------------------------------------


def test_a_version_1_file_migrates_into_the_history(tmp_path: Path) -> None:
    """A v1 ``recent`` list becomes the history, order kept; the next save is v2."""
    v1 = {"version": 1, "recent": ["http://b/", "http://a/", "http://b/"], "edition": "rfc2396"}
    (tmp_path / FILE_NAME).write_text(json.dumps(v1), encoding="utf-8")
    s = Settings.load(tmp_path)
    assert s.problem is None and s.notice is None
    assert [e.uri for e in s.history] == ["http://b/", "http://a/"]
    assert not any(e.pinned for e in s.history)
    assert s.history[0].time > s.history[1].time
    assert s.edition == "rfc2396"
    assert s.save() is None
    data = json.loads((tmp_path / FILE_NAME).read_text(encoding="utf-8"))
    assert data["version"] == FORMAT_VERSION == 2 and "recent" not in data
    assert [h["uri"] for h in data["history"]] == ["http://b/", "http://a/"]


@pytest.mark.parametrize(
    "bad",
    [
        "http://just-a-string/",
        {"uri": 5, "time": 1.0},
        {"uri": "http://x/", "time": "yesterday"},
        {"uri": "http://x/", "time": 1.0, "pinned": "yes"},
        {"time": 1.0},
        {"uri": "x" * 10_000, "time": 1.0},
    ],
    ids=["string", "uri-int", "time-str", "pinned-str", "no-uri", "too-long"],
)
def test_a_wrong_typed_history_entry_is_dropped_and_reported(tmp_path: Path, bad: object) -> None:
    good = {"uri": "http://good/", "time": 2.0, "pinned": True}
    doc = {"version": 2, "history": [bad, good], "edition": "draft-2003"}
    (tmp_path / FILE_NAME).write_text(json.dumps(doc), encoding="utf-8")
    s = Settings.load(tmp_path)
    assert s.problem is None  # not fatal: the rest of the file is kept
    assert s.notice is not None and "1 unreadable history entry was dropped" in s.notice
    assert s.history == [HistoryEntry("http://good/", 2.0, True)]
    assert s.edition == "draft-2003"
    assert not list(tmp_path.glob(f"{FILE_NAME}.corrupt-*"))


def test_history_that_is_not_a_list_sets_the_file_aside(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_text('{"version": 2, "history": {"a": 1}}', encoding="utf-8")
    s = Settings.load(tmp_path)
    assert s.problem is not None and "defaults" in s.problem
    assert list(tmp_path.glob(f"{FILE_NAME}.corrupt-*"))


def test_record_search_pin_remove_round_trip(tmp_path: Path) -> None:
    s = Settings.load(tmp_path)
    for i, uri in enumerate(["http://Example.com/a", "mailto:x@y", "http://other/EXAMPLE"]):
        assert s.record(uri, when=100.0 + i)
    assert s.recent == ["http://other/EXAMPLE", "mailto:x@y", "http://Example.com/a"]
    assert [e.uri for e in s.search("exAMple")] == ["http://other/EXAMPLE", "http://Example.com/a"]
    assert [e.uri for e in s.search("  ")] == s.recent
    s.set_pinned("http://Example.com/a", True)
    assert s.search("example")[0].uri == "http://Example.com/a"  # pinned first
    assert s.record("http://Example.com/a", when=200.0)  # re-recording keeps the pin
    assert s.history[0] == HistoryEntry("http://Example.com/a", 200.0, True)
    s.remove("mailto:x@y")
    assert s.save() is None
    t = Settings.load(tmp_path)
    assert t.history == s.history
    assert [e.pinned for e in t.history] == [True, False]


def test_pinned_entries_are_never_evicted(tmp_path: Path) -> None:
    s = Settings.load(tmp_path)
    s.record("http://pinned/", when=0.0)
    s.set_pinned("http://pinned/", True)
    for i in range(MAX_HISTORY + 50):
        s.record(f"http://h/{i}", when=1.0 + i)
    unpinned = [e for e in s.history if not e.pinned]
    assert len(unpinned) == MAX_HISTORY
    assert unpinned[-1].uri == "http://h/50"  # the oldest 50 went
    assert s.entry("http://pinned/") is not None and s.history[-1].uri == "http://pinned/"


def test_clear_history_keeps_pins_unless_asked(tmp_path: Path) -> None:
    s = Settings.load(tmp_path)
    s.record("http://a/", when=1.0)
    s.record("http://b/", when=2.0)
    s.set_pinned("http://a/", True)
    assert s.clear_history() == 1
    assert [e.uri for e in s.history] == ["http://a/"]
    assert s.clear_history(include_pinned=True) == 1
    assert s.history == []


def test_history_off_records_nothing_and_writes_no_uri(tmp_path: Path) -> None:
    s = Settings.load(tmp_path)
    s.record("http://secret.example/one")
    s.set_pinned("http://secret.example/one", True)
    s.last_uri = "http://secret.example/last"
    s.set_keep_history(False)
    assert s.history == [] and s.last_uri is None
    assert not s.record("http://secret.example/two")
    s.last_uri = "http://secret.example/three"
    s.base, s.reference, s.compare = "http://secret.example/b", "r", "http://secret.example/c"
    assert s.save() is None
    text = (tmp_path / FILE_NAME).read_text(encoding="utf-8")
    assert "secret" not in text
    t = Settings.load(tmp_path)
    assert not t.keep_history and t.history == [] and t.last_uri is None
    t.set_keep_history(True)
    assert t.record("http://again/")
