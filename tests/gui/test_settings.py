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

from tests.memory import traced_peak
from uriinspector.gui.settings import (
    FILE_NAME,
    FORMAT_VERSION,
    MAX_FILE_BYTES,
    MAX_HISTORY,
    HistoryEntry,
    Settings,
)
from uriinspector.gui.settings_file import atomic_write_json

#: A history ``time`` of 400 digits: ``float()`` of it raised OverflowError (issue 13).
HUGE_INT = 10**400


def test_round_trip(tmp_path: Path) -> None:
    s = Settings.load(tmp_path)
    assert s.first_run and s.problem is None
    s.add_recent("http://a/")
    s.add_recent("http://b/")
    s.add_recent("http://a/")
    s.edition = "rfc2396"
    s.window_state = b"\x00\x01state"
    s.zoom = 175
    s.first_run = False
    assert s.save() is None
    t = Settings.load(tmp_path)
    assert t.zoom == 175
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
        b"",
        b'{"history": []' + b"\xc3\x28" + b"}",  # invalid UTF-8 inside
        b"[" * 100_000 + b"]" * 100_000,  # nested too deeply for the reader
        b'{"history": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
        b"NaN",
        b"\xef\xbb\xbf\xef\xbb\xbf{}",  # two BOMs: the second is not JSON
    ],
    ids=[
        "truncated",
        "not-utf8",
        "not-object",
        "empty",
        "bad-utf8-inside",
        "deeply-nested",
        "deeply-nested-history",
        "nan-top-level",
        "double-bom",
    ],
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
from uriinspector.gui.settings_file import atomic_write_json
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
        {"time": 1.0},
        {"uri": "x" * 10_000, "time": 1.0},
        {"uri": "   ", "time": 1.0},
        None,
    ],
    ids=["string", "uri-int", "no-uri", "too-long", "blank-uri", "null"],
)
def test_an_entry_without_a_usable_uri_is_dropped_and_reported(tmp_path: Path, bad: object) -> None:
    good = {"uri": "http://good/", "time": 2.0, "pinned": True}
    doc = {"version": 2, "history": [bad, good], "edition": "draft-2003"}
    raw = json.dumps(doc).encode()
    (tmp_path / FILE_NAME).write_bytes(raw)
    s = Settings.load(tmp_path)
    assert s.problem is None  # not fatal: the rest of the file is kept
    assert s.notice is not None and "1 unreadable history entry was dropped" in s.notice
    assert s.history == [HistoryEntry("http://good/", 2.0, True)]
    assert s.edition == "draft-2003"
    assert not list(tmp_path.glob(f"{FILE_NAME}.corrupt-*"))
    # The file as it was is kept before the repaired one is saved over it.
    (copy,) = tmp_path.glob(f"{FILE_NAME}.repaired-*")
    assert copy.read_bytes() == raw and str(copy) in s.notice


@pytest.mark.parametrize(
    ("bad", "kept"),
    [
        (
            {"uri": "http://x/", "time": "yesterday", "pinned": True},
            HistoryEntry("http://x/", 0.0, True),
        ),
        ({"uri": "http://x/", "time": 1.0, "pinned": "yes"}, HistoryEntry("http://x/", 1.0, False)),
        (
            {"uri": "http://x/", "time": HUGE_INT, "pinned": True},
            HistoryEntry("http://x/", 0.0, True),
        ),
        ({"uri": "http://x/", "time": -1.0, "pinned": True}, HistoryEntry("http://x/", 0.0, True)),
        ({"uri": "http://x/", "time": 1e300, "pinned": True}, HistoryEntry("http://x/", 0.0, True)),
        ({"uri": "http://x/", "time": True, "pinned": True}, HistoryEntry("http://x/", 0.0, True)),
    ],
    ids=["time-str", "pinned-str", "time-400-digits", "time-negative", "time-1e300", "time-bool"],
)
def test_an_entry_with_a_bad_time_or_pin_keeps_its_uri(
    tmp_path: Path, bad: dict[str, object], kept: HistoryEntry
) -> None:
    """The URI (and its pin, when the pin is readable) survives a broken time."""
    (tmp_path / FILE_NAME).write_text(json.dumps({"version": 2, "history": [bad]}))
    s = Settings.load(tmp_path)
    assert s.problem is None
    assert s.notice is not None and "1 history entry had a bad time or pin" in s.notice
    assert s.history == [kept]
    assert s.save() is None
    t = Settings.load(tmp_path)
    assert t.history == [kept] and t.notice is None and t.problem is None


def test_history_that_is_not_a_list_is_reported_and_the_file_kept(tmp_path: Path) -> None:
    raw = b'{"version": 2, "history": {"a": 1}, "edition": "rfc2396"}'
    (tmp_path / FILE_NAME).write_bytes(raw)
    s = Settings.load(tmp_path)
    # A lost history is a problem (the window warns), not a mere notice.
    assert s.problem is not None and "the history is not a list" in s.problem
    assert s.history == [] and s.edition == "rfc2396"
    (copy,) = tmp_path.glob(f"{FILE_NAME}.repaired-*")
    assert copy.read_bytes() == raw


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


# ---- any content is read or set aside (issue 13) ----------------------------------------

_PINNED = {"uri": "http://pinned.example/", "time": 1700000000.0, "pinned": True}


def _doc_with(key: str, token: str) -> bytes:
    """A good v2 file with a pinned entry, whose ``key`` holds the raw JSON ``token``."""
    fields = {
        "version": "2",
        "history": json.dumps([_PINNED]),
        "keep_history": "true",
        "edition": '"rfc2396"',
        "base": '"http://b/"',
        "reference": '"r"',
        "compare": '"c"',
        "last_uri": '"http://last/"',
        "first_run": "false",
        "geometry": '"AAE="',
        "window_state": '"AAI="',
        "zoom": "125",
    }
    fields[key] = token
    return ("{" + ", ".join(f'"{k}": {v}' for k, v in fields.items()) + "}").encode()


#: Raw JSON values that no field accepts: numbers Python cannot hold as a float, an int
#: past ``int()``'s 4,300-digit limit, the non-JSON constants, and the wrong JSON types.
_ANY_BAD = ["NaN", "Infinity", "-Infinity", "1e400", "4" * 400, "9" * 5000, "-" + "9" * 5000]
_BAD_FOR = {
    "text": [*_ANY_BAD, "[]", "{}", "true", "12", "null", "[[[[[[[[[[]]]]]]]]]]"],
    "bool": [*_ANY_BAD, '"yes"', "1", "null", "[]", "{}"],
    "base64": [*_ANY_BAD, '"***not base64***"', "[]", "null", "true"],
    # gui/zoom.py: whole percent from 50 to 300; a bool is not a number here.
    "zoom": [*_ANY_BAD, "49", "301", "-100", "125.0", '"125"', "true", "null", "[]"],
}
_FIELD_KIND = {
    "keep_history": "bool",
    "first_run": "bool",
    "edition": "text",
    "base": "text",
    "reference": "text",
    "compare": "text",
    "geometry": "base64",
    "window_state": "base64",
    "zoom": "zoom",
}


@pytest.mark.parametrize("key", sorted(_FIELD_KIND))
def test_a_field_of_any_wrong_value_is_reset_and_the_pins_kept(tmp_path: Path, key: str) -> None:
    """Huge numbers, NaN/Infinity and wrong types in any field: that field alone is reset,
    reported once in ``notice``, the original kept; the pinned entry survives."""
    for token in _BAD_FOR[_FIELD_KIND[key]]:
        for old in tmp_path.iterdir():
            old.unlink()
        raw = _doc_with(key, token)
        (tmp_path / FILE_NAME).write_bytes(raw)
        s = Settings.load(tmp_path)
        assert s.problem is None, token
        assert s.notice is not None and f"reset to defaults: {key}" in s.notice, token
        assert s.history == [HistoryEntry(**_PINNED)], token  # type: ignore[arg-type]
        default = Settings(path=s.path, first_run=False)  # a file exists: not the first run
        assert getattr(s, key) == getattr(default, key), token
        if key != "edition":
            assert s.edition == "rfc2396"
        (copy,) = tmp_path.glob(f"{FILE_NAME}.repaired-*")
        assert copy.read_bytes() == raw
        assert s.save() is None
        again = Settings.load(tmp_path)
        assert again.notice is None and again.problem is None
        assert again.history == s.history


def test_last_uri_of_the_wrong_type_is_reset(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_bytes(_doc_with("last_uri", "1e400"))
    s = Settings.load(tmp_path)
    assert s.last_uri is None and s.notice is not None and "last_uri" in s.notice
    assert s.history == [HistoryEntry(**_PINNED)]  # type: ignore[arg-type]


def test_huge_numbers_where_nothing_reads_them_are_harmless(tmp_path: Path) -> None:
    """A 5,000-digit int (over Python's conversion limit) in the version or an unknown key
    is neither fatal nor a repair: nothing reads those."""
    raw = _doc_with("version", "9" * 5000)[:-1] + b', "future": [1e400, ' + b"7" * 5000 + b"]}"
    (tmp_path / FILE_NAME).write_bytes(raw)
    s = Settings.load(tmp_path)
    assert s.problem is None and s.notice is None
    assert s.history == [HistoryEntry(**_PINNED)]  # type: ignore[arg-type]
    assert s.edition == "rfc2396" and s.geometry == b"\x00\x01"


def test_a_utf8_bom_is_read_not_reset(tmp_path: Path) -> None:
    """Editors on Windows save a BOM; the file is still settings (it used to reset)."""
    (tmp_path / FILE_NAME).write_bytes(b"\xef\xbb\xbf" + _doc_with("edition", '"draft-1997"'))
    s = Settings.load(tmp_path)
    assert s.problem is None and s.notice is None
    assert s.edition == "draft-1997"
    assert s.history == [HistoryEntry(**_PINNED)]  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == [tmp_path / FILE_NAME]


def test_a_file_over_the_size_limit_is_set_aside_unread(tmp_path: Path) -> None:
    """50 MB of history: set aside whole (pins and all, byte for byte), never parsed."""
    path = tmp_path / FILE_NAME
    entry = json.dumps({"uri": "http://h.example/" + "x" * 4000, "time": 1.0}).encode()
    count = 50_000_000 // (len(entry) + 2) + 1
    with open(path, "wb") as fh:
        fh.write(b'{"version": 2, "history": [' + json.dumps(_PINNED).encode())
        for _ in range(count):
            fh.write(b", " + entry)
        fh.write(b"]}")
    size = path.stat().st_size
    assert size > 50_000_000 > MAX_FILE_BYTES
    # read up to the limit and never parsed: the bytes read and their join, no more
    s, peak = traced_peak(lambda: Settings.load(tmp_path))
    assert peak < 2.5 * MAX_FILE_BYTES, f"{peak:,} bytes held to set aside {size:,}"
    assert s.problem is not None and "larger than" in s.problem and not s.read_only
    (aside,) = tmp_path.glob(f"{FILE_NAME}.corrupt-*")
    assert aside.stat().st_size == size
    with open(aside, "rb") as fh:
        assert json.dumps(_PINNED).encode() in fh.read(1000)
    assert s.save() is None


def test_lone_surrogates_round_trip_and_never_stop_a_save(tmp_path: Path) -> None:
    r"""What ``open "$(printf 'http://bank.example/\xff')"`` inspects survives the file;
    saving it used to raise UnicodeEncodeError at every close."""
    odd = "http://bank.example/\udcff"
    s = Settings.load(tmp_path)
    assert s.record(odd, when=5.0)
    s.set_pinned(odd, True)
    assert s.record("http://\udfff.example/\ud800\udc00", when=6.0)  # two lone halves
    s.last_uri, s.compare, s.base, s.reference = odd, "\ud800", "http://a/\udbff", "\udc00"
    assert s.save() is None
    raw = (tmp_path / FILE_NAME).read_bytes()
    assert raw.isascii() and b"\\udcff" in raw
    t = Settings.load(tmp_path)
    assert t.problem is None and t.notice is None
    assert t.history == s.history
    assert t.entry(odd) == HistoryEntry(odd, 5.0, True)
    assert (t.last_uri, t.compare, t.base, t.reference) == (
        odd,
        "\ud800",
        "http://a/\udbff",
        "\udc00",
    )
    # The lone pair is not read back as U+10000, nor U+10000 as a lone pair.
    assert "http://\udfff.example/\ud800\udc00" in t.recent
    t.record("http://astral.example/\U00010000", when=6.5)
    assert t.save() is None
    assert Settings.load(tmp_path).recent[0] == "http://astral.example/\U00010000"
    # Non-ASCII survives too, escaped.
    t.record("http://ex.example/é中😀", when=7.0)
    assert t.save() is None
    assert Settings.load(tmp_path).recent[0] == "http://ex.example/é中😀"


def test_a_bad_value_in_memory_never_stops_a_save(tmp_path: Path) -> None:
    """Entries and fields the code should never hold are left out or defaulted; the rest
    (the pins) are written."""
    s = Settings.load(tmp_path)
    s.history = [
        HistoryEntry("http://pinned/", float("inf"), True),
        HistoryEntry("http://nan/", float("nan")),
        HistoryEntry(123, 1.0),  # type: ignore[arg-type]
        HistoryEntry("http://ok/\udcff", 2.0, True),
    ]
    s.edition = None  # type: ignore[assignment]
    s.geometry = bytearray(b"\x01")  # type: ignore[assignment]
    assert s.save() is None
    t = Settings.load(tmp_path)
    assert t.problem is None and t.notice is None
    assert [(e.uri, e.time, e.pinned) for e in t.history] == [
        ("http://ok/\udcff", 2.0, True),
        ("http://pinned/", 0.0, True),
        ("http://nan/", 0.0, False),
    ]
    assert t.edition == "rfc3986" and t.geometry == b"\x01"


def _pinned_file(tmp_path: Path) -> bytes:
    raw = _doc_with("edition", '"rfc2396"')
    (tmp_path / FILE_NAME).write_bytes(raw)
    return raw


def _use_the_session(s: Settings) -> None:
    """What a session does before closing: record, pin, unpin, save."""
    s.record("http://new.example/", when=9.0)
    s.set_pinned("http://new.example/", True)
    s.set_pinned("http://pinned.example/", False)
    assert s.save() is None  # reported once, at load; not again at every save
    assert s.save() is None


def test_an_unreadable_file_is_never_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Simulated: opening the file raises PermissionError (as for mode 000 owned by another
    user). Defaults are used, the problem is reported once, and no save replaces it."""
    raw = _pinned_file(tmp_path)
    real_open = os.open
    target = str(tmp_path / FILE_NAME)

    def refuse(path: object, *args: object, **kw: object) -> int:
        if os.fspath(path) == target:  # type: ignore[call-overload]
            raise PermissionError(13, "Permission denied", target)
        return real_open(path, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", refuse)
    s = Settings.load(tmp_path)
    assert s.read_only and s.history == []
    assert s.problem is not None and "will not be overwritten" in s.problem
    _use_the_session(s)
    monkeypatch.undo()
    assert (tmp_path / FILE_NAME).read_bytes() == raw
    assert sorted(p.name for p in tmp_path.iterdir()) == [FILE_NAME]  # no temp file left


def test_a_directory_in_place_of_the_file_is_left_alone(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).mkdir()
    (tmp_path / FILE_NAME / "keep").write_text("x")
    s = Settings.load(tmp_path)
    assert s.read_only and s.problem is not None
    _use_the_session(s)
    assert (tmp_path / FILE_NAME / "keep").read_text() == "x"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
@pytest.mark.timeout(30)  # a hang guard: opening a FIFO to read would wait for a writer
def test_a_fifo_in_place_of_the_file_does_not_block_the_start(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / FILE_NAME)
    s = Settings.load(tmp_path)
    assert s.read_only and s.problem is not None and "not a regular file" in s.problem
    _use_the_session(s)
    assert (tmp_path / FILE_NAME).is_fifo()


_AS_NOBODY = """
import os, sys
from pathlib import Path
from uriinspector.gui.settings import Settings  # imported as root: the venv may be private
os.setgid(65534)
os.setuid(65534)
directory = Path(sys.argv[1])
assert os.access(directory, os.W_OK)  # it COULD replace the file it cannot read
s = Settings.load(directory)
assert s.read_only and s.problem and "Permission denied" in s.problem, s.problem
s.record("http://new.example/", when=9.0)
s.set_pinned("http://new.example/", True)
assert s.save() is None
print("ok")
"""


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to become nobody"
)
def test_a_mode_000_file_of_another_user_is_never_overwritten() -> None:
    """Real, not simulated: a child that drops to ``nobody`` meets a mode-000 file owned
    by root in a directory it may write; it must not replace the file."""
    import shutil
    import tempfile

    root = Path(__file__).resolve().parents[2]
    directory = Path(tempfile.mkdtemp(prefix="uriinspector-000-"))
    try:
        directory.chmod(0o777)
        raw = _doc_with("edition", '"rfc2396"')
        path = directory / FILE_NAME
        path.write_bytes(raw)
        path.chmod(0)
        env = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}
        env["PYTHONPATH"] = str(root)
        done = subprocess.run(
            [sys.executable, "-c", _AS_NOBODY, str(directory)],
            capture_output=True,
            text=True,
            env=env,
            cwd="/",
            timeout=60,
            check=False,
        )
        assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr
        assert path.read_bytes() == raw
        assert sorted(p.name for p in directory.iterdir()) == [FILE_NAME]
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def test_window_starts_with_a_400_digit_time(qtbot: QtBot, _config_dir: Path) -> None:
    """Issue 13: this file used to stop the window with OverflowError."""
    from uriinspector.gui import MainWindow

    _config_dir.mkdir(parents=True)
    doc = '{"version": 2, "history": [{"uri": "http://a/", "time": %s, "pinned": true}]}'
    (_config_dir / FILE_NAME).write_text(doc % ("1" + "0" * 399), encoding="utf-8")
    window = MainWindow()
    qtbot.addWidget(window)
    assert "bad time or pin" in window.statusBar().currentMessage()
    window.focus.show_history()
    assert window.settings.history == [HistoryEntry("http://a/", 0.0, True)]
    window.close()
    data = json.loads((_config_dir / FILE_NAME).read_text(encoding="utf-8"))
    assert data["history"][-1] == {"uri": "http://a/", "time": 0.0, "pinned": True}


def test_window_never_overwrites_an_unreadable_file(
    qtbot: QtBot, _config_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Simulated with PermissionError as above; closing the window saves nothing over it."""
    from uriinspector.gui import MainWindow

    _config_dir.mkdir(parents=True)
    raw = _pinned_file(_config_dir)
    real_open = os.open
    target = str(_config_dir / FILE_NAME)

    def refuse(path: object, *args: object, **kw: object) -> int:
        if os.fspath(path) == target:  # type: ignore[call-overload]
            raise PermissionError(13, "Permission denied", target)
        return real_open(path, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", refuse)
    window = MainWindow()
    qtbot.addWidget(window)
    assert "will not be overwritten" in window.statusBar().currentMessage()
    window.set_uri("http://typed.example/")
    window.close()
    monkeypatch.undo()
    assert (_config_dir / FILE_NAME).read_bytes() == raw


def test_a_version_1_entry_that_is_not_text_is_dropped_and_reported(tmp_path: Path) -> None:
    raw = json.dumps({"version": 1, "recent": ["http://a/", 5, None, "  ", "http://b/"]})
    (tmp_path / FILE_NAME).write_text(raw)
    s = Settings.load(tmp_path)
    assert s.recent == ["http://a/", "http://b/"]
    assert s.notice is not None and "2 unreadable entries of 'recent' dropped" in s.notice
    (copy,) = tmp_path.glob(f"{FILE_NAME}.repaired-*")
    assert copy.read_text() == raw
