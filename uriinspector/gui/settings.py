"""Settings and history in one JSON file, written atomically, never fatal when broken.

History (format version 2): ``history`` is a list of ``{"uri", "time", "pinned"}``,
most recent first. At most ``MAX_HISTORY`` unpinned entries are kept; pinned ones are
never evicted. Inputs longer than ``MAX_RECENT_LENGTH`` are never recorded. With
``keep_history`` off nothing is recorded and no URI the user entered is written (no
history, no last URI, no compare text, default base and reference). A version-1 file's
``recent`` list becomes the history on load.

Any content is read or set aside, never fatal (issue 13):

- a field of the wrong type (a huge or non-finite number, a string where a list
  belongs, bad base64) gets its default; a history entry with a bad ``time`` or
  ``pinned`` keeps its URI (time 0, not pinned); an entry with no usable URI is
  dropped. Then the file as it was is copied to ``settings.json.repaired-<timestamp>``
  and ``notice`` says what was reset;
- a file that is not settings at all (not UTF-8, not JSON, nested too deeply, over
  ``MAX_FILE_BYTES``) is moved aside to ``settings.json.corrupt-<timestamp>`` and
  ``problem`` says so; the window starts with defaults;
- a file that exists but cannot be read (permissions, a directory, a device) is never
  overwritten: ``read_only`` is set, ``save`` writes nothing, ``problem`` says so once.

Any Python ``str`` is stored losslessly, lone surrogates included: the file is ASCII
JSON (``\udcff`` escapes), which ``json.loads`` turns back into the same ``str``. A high
surrogate followed by a low one would come back as the one character they pair into, so
such a ``str`` is stored as ``{"code_points": [...]}`` instead.

The file is replaced in one step (temporary file in the same directory, ``fsync``,
``os.replace``), so a crash mid-write leaves the previous file intact.

This module imports Qt only to find the platform's config directory, and only when
``URIINSPECTOR_CONFIG_DIR`` is not set.
"""

from __future__ import annotations

import math
import os
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from uriinspector.gui.settings_file import (
    MAX_FILE_BYTES,
    atomic_write_text,
    dump_json,
    read_capped,
    read_json,
)

ENV_CONFIG_DIR = "URIINSPECTOR_CONFIG_DIR"
FILE_NAME = "settings.json"
FORMAT_VERSION = 2
#: How many URIs the File ▸ Open Recent menu lists.
MAX_RECENT = 15
#: How many unpinned history entries are kept (pinned ones are never evicted).
MAX_HISTORY = 200
DEFAULT_BASE = "http://a/b/c/d;p?q"
DEFAULT_REFERENCE = "../g;x=1/./y?q#s"
#: Recent URIs longer than this are not kept (a pasted megabyte is not history).
MAX_RECENT_LENGTH = 4096
#: History times must lie in [0, MAX_TIME] (the last second of the year 9999), the range
#: ``time.localtime`` can show; any other number is not a time.
MAX_TIME = 253_402_300_799.0


def config_dir() -> Path:
    """Where the settings live: ``$URIINSPECTOR_CONFIG_DIR`` or the platform's config dir."""
    env = os.environ.get(ENV_CONFIG_DIR)
    if env:
        return Path(env)
    from PySide6.QtCore import QStandardPaths

    location = QStandardPaths.writableLocation(
        QStandardPaths.StandardLocation.GenericConfigLocation
    )
    if not location:
        location = str(Path.home() / ".config")
    return Path(location) / "uriinspector"


#: The zoom levels a file may hold (percent, inclusive): gui/zoom.py's 50 % to 300 %.
ZOOM_RANGE = (50, 300)


def _is_zoom(value: object) -> bool:
    return type(value) is int and ZOOM_RANGE[0] <= value <= ZOOM_RANGE[1]


def _is_progress(value: object) -> bool:
    """A lesson-progress table: lesson ids mapped to lists of step indexes (small ints)."""
    return isinstance(value, dict) and len(value) <= 1000 and all(
        isinstance(k, str) and len(k) <= 100 and isinstance(v, list) and len(v) <= 1000
        and all(type(i) is int and 0 <= i < 10_000 for i in v)
        for k, v in value.items()
    )


def _is_time(value: object) -> bool:
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and 0 <= value <= MAX_TIME
    )


#: A lone high surrogate followed by a lone low one: JSON writes the two exactly as it
#: writes the one character they would pair into, so ``\ud800\udc00`` reads back as U+10000.
_SURROGATE_PAIR = re.compile("[\ud800-\udbff][\udc00-\udfff]")


def store_text(text: str) -> object:
    r"""``text`` as stored: itself, unless it holds a high surrogate then a low one (which
    JSON would read back as one astral character): then ``{"code_points": [...]}``."""
    if _SURROGATE_PAIR.search(text) is None:
        return text
    return {"code_points": [ord(c) for c in text]}


def read_text(value: object) -> str | None:
    """The ``str`` that :func:`store_text` stored, or ``None`` when ``value`` is not one."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and set(value) == {"code_points"}:
        points = value["code_points"]
        if isinstance(points, list) and all(type(c) is int and 0 <= c <= 0x10FFFF for c in points):
            return "".join(map(chr, points))
    return None


class HistoryEntry(NamedTuple):
    """One recorded inspection: the exact text, when (Unix time), and whether pinned.

    Immutable; a ``NamedTuple``, not a frozen dataclass: ``dataclasses`` and the code it
    generates would cost ~1 ms before the window's first paint (issue 22).
    """

    uri: str
    time: float
    pinned: bool = False

    def to_json(self) -> dict[str, object]:
        """The entry as stored in the file (a time that is not a time is stored as 0)."""
        when = float(self.time) if _is_time(self.time) else 0.0
        return {"uri": store_text(self.uri), "time": when, "pinned": self.pinned is True}


def _history_entry(obj: object) -> tuple[HistoryEntry, bool] | None:
    """Read one stored entry and whether it needed repair; ``None`` when it has no URI.

    A bad ``time`` becomes 0 and a bad ``pinned`` false: the URI is what matters.
    """
    if not isinstance(obj, dict):
        return None
    uri = read_text(obj.get("uri"))
    if uri is None or not uri.strip() or len(uri) > MAX_RECENT_LENGTH:
        return None
    when, pinned = obj.get("time", 0.0), obj.get("pinned", False)
    repaired = False
    if not _is_time(when):
        when, repaired = 0.0, True
    if not isinstance(pinned, bool):
        pinned, repaired = False, True
    return HistoryEntry(uri, float(when), pinned), repaired


def matches(entry: HistoryEntry, query: str) -> bool:
    """The history search: a case-insensitive substring of the URI (blank matches all)."""
    q = query.strip().casefold()
    return not q or q in entry.uri.casefold()


def _aside_path(path: Path, label: str) -> Path:
    """A free name beside ``path``: ``settings.json.<label>-<timestamp>[~n]``."""
    aside = path.with_name(f"{path.name}.{label}-{time.strftime('%Y%m%d-%H%M%S')}")
    base, n = aside.name, 1
    while aside.exists() or aside.is_symlink():
        aside = aside.with_name(f"{base}~{n}")
        n += 1
    return aside


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _b64(value: str, key: str, reset: list[str]) -> bytes:
    """Decode a stored byte field; bad base64 resets it (reported under ``key``)."""
    import base64
    import binascii

    try:
        return base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        reset.append(key)
        return b""


class Settings:
    """The window's remembered state.

    ``problem`` says what went wrong when loading (the file was set aside, or could not
    be read at all); ``notice`` reports a lesser repair (fields reset, entries dropped).
    ``read_only`` is set when an existing file could not be read or set aside: ``save``
    then never writes, so nothing in that file is lost.

    A plain class, not a dataclass: ``dataclasses`` (with ``copy`` and PySide's reading
    of ``inspect``) and the methods it generates cost ~2-3 ms before the window's first
    paint (issue 22); ``__eq__`` and ``__repr__`` compare and show every field.
    """

    def __init__(
        self,
        path: Path,
        history: list[HistoryEntry] | None = None,
        keep_history: bool = True,
        edition: str = "rfc3986",
        base: str = DEFAULT_BASE,
        reference: str = DEFAULT_REFERENCE,
        compare: str = "",
        last_uri: str | None = None,
        first_run: bool = True,
        geometry: bytes = b"",
        window_state: bytes = b"",
        zoom: int = 100,
        lessons: dict[str, list[int]] | None = None,
        problem: str | None = None,
        notice: str | None = None,
        read_only: bool = False,
    ) -> None:
        self.path = path
        self.history: list[HistoryEntry] = [] if history is None else history
        self.keep_history = keep_history
        self.edition = edition
        self.base = base
        self.reference = reference
        self.compare = compare
        self.last_uri = last_uri
        self.first_run = first_run
        self.geometry = geometry
        self.window_state = window_state
        #: Text size in percent (View ▸ Zoom, ``gui/zoom.py``), ``ZOOM_RANGE`` inclusive.
        self.zoom = zoom
        #: Lesson id -> the 0-based steps answered right (the Lessons pane's progress).
        self.lessons: dict[str, list[int]] = {} if lessons is None else lessons
        self.problem = problem
        self.notice = notice
        self.read_only = read_only

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Settings):
            return NotImplemented
        return vars(self) == vars(other)

    __hash__ = None  # type: ignore[assignment]  # mutable, as a dataclass's

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in vars(self).items())
        return f"Settings({fields})"

    @classmethod
    def load(cls, directory: Path | None = None) -> Settings:
        """Read the settings; a missing file gives defaults, a corrupt one is set aside,
        one that cannot be read is left alone (and never overwritten)."""
        path = (directory or config_dir()) / FILE_NAME
        settings = cls(path=path)
        try:
            raw = read_capped(path)
        except FileNotFoundError:
            return settings
        except OSError as exc:
            settings.read_only = True
            settings.problem = (
                f"Could not read the settings file {path} ({exc}). Defaults are used, and the "
                "file will not be overwritten, so nothing in it is lost."
            )
            return settings
        try:
            if len(raw) > MAX_FILE_BYTES:
                raise ValueError(f"it is larger than {MAX_FILE_BYTES // 2**20} MiB")
            data = read_json(raw)
            if not isinstance(data, dict):
                raise ValueError("the top level is not an object")
        except (ValueError, RecursionError) as exc:
            return cls._set_aside(path, exc)
        repairs = settings._apply(data)
        if repairs:
            history = data.get("history", data.get("recent", []))  # v2, else v1
            settings._keep_original(raw, repairs, serious=not isinstance(history, list))
        return settings

    @classmethod
    def _set_aside(cls, path: Path, exc: BaseException) -> Settings:
        """Move a file that is not settings out of the way (never delete it)."""
        fresh = cls(path=path)
        reason = str(exc) if not isinstance(exc, RecursionError) else "nested too deeply"
        aside = _aside_path(path, "corrupt")
        try:
            os.replace(path, aside)
            where = f"It was moved to {aside}."
        except OSError as move_exc:
            fresh.read_only = True
            where = f"It could not be moved aside ({move_exc}) and will not be overwritten."
        fresh.problem = (
            f"The settings file was unreadable ({reason[:200]}); defaults are used. {where}"
        )
        return fresh

    def _keep_original(self, raw: bytes, repairs: list[str], *, serious: bool) -> None:
        """Copy the file as it was before the repairs are saved over it; a lost history is
        a ``problem`` (the window warns), anything less a ``notice``."""
        aside = _aside_path(self.path, "repaired")
        try:
            with open(aside, "xb") as fh:
                fh.write(raw)
            where = f"The file as it was is kept at {aside}."
        except OSError as exc:
            self.read_only = True
            where = f"It could not be copied ({exc}), so it will not be overwritten."
        what = "; ".join(repairs)
        message = f"Some settings in {self.path} could not be read: {what}. {where}"
        if serious:
            self.problem = message
        else:
            self.notice = message

    def _apply(self, data: dict[str, Any]) -> list[str]:
        """Take every readable field of ``data``; return what had to be reset or dropped."""
        repairs: list[str] = []
        reset: list[str] = []

        def take(key: str, default: Any, ok: Callable[[object], bool]) -> Any:
            value = data.get(key, default)
            if ok(value):
                return value
            reset.append(key)
            return default

        def text(key: str, default: str | None) -> str | None:
            value = data.get(key, default)
            if value is None and default is None:
                return None
            got = read_text(value)
            if got is None:
                reset.append(key)
                return default
            return got

        def is_str(v: object) -> bool:
            return isinstance(v, str)

        if "history" in data:
            repairs += self._apply_history(data["history"])
        else:  # version 1: a plain list of recent URIs, most recent first
            recent = data.get("recent", [])
            if not isinstance(recent, list):
                recent = []
                reset.append("recent")
            kept = [r for r in recent if isinstance(r, str) and r.strip()]
            if bad := sum(not isinstance(r, str) for r in recent):
                repairs.append(
                    _plural(bad, "unreadable entry", "unreadable entries") + " of 'recent' dropped"
                )
            kept = [r for r in kept if len(r) <= MAX_RECENT_LENGTH]
            try:
                mtime = self.path.stat().st_mtime
            except OSError:
                mtime = time.time()
            mtime = mtime if _is_time(mtime) else time.time()
            # The v1 file has no times: keep its order, a second apart, ending at its mtime.
            self.history = [
                HistoryEntry(r, max(0.0, mtime - i)) for i, r in enumerate(dict.fromkeys(kept))
            ]
            self._evict()
        self.keep_history = take("keep_history", True, lambda v: isinstance(v, bool))
        self.edition = take("edition", self.edition, is_str)
        self.base = text("base", self.base) or ""
        self.reference = text("reference", self.reference) or ""
        self.compare = text("compare", self.compare) or ""
        self.last_uri = text("last_uri", None)
        self.first_run = take("first_run", False, lambda v: isinstance(v, bool))
        self.geometry = _b64(take("geometry", "", is_str), "geometry", reset)
        self.window_state = _b64(take("window_state", "", is_str), "window_state", reset)
        self.zoom = take("zoom", 100, _is_zoom)
        self.lessons = {k: sorted(set(v)) for k, v in take("lessons", {}, _is_progress).items()}
        if reset:
            repairs.insert(0, "reset to defaults: " + ", ".join(dict.fromkeys(reset)))
        return repairs

    def _apply_history(self, raw: object) -> list[str]:
        """Read the history list; return what had to be dropped or repaired."""
        if not isinstance(raw, list):
            self.history = []
            return ["the history is not a list and was not read"]
        found: dict[str, HistoryEntry] = {}
        dropped = repaired = 0
        for obj in raw:
            read = _history_entry(obj)
            if read is None:
                dropped += 1
                continue
            entry, fixed = read
            repaired += fixed
            old = found.get(entry.uri)
            if old is not None:  # a duplicate keeps the newer time and any pin
                entry = HistoryEntry(
                    entry.uri, max(old.time, entry.time), old.pinned or entry.pinned
                )
            found[entry.uri] = entry
        self.history = sorted(found.values(), key=lambda e: e.time, reverse=True)
        self._evict()
        out: list[str] = []
        if dropped:
            out.append(
                _plural(dropped, "unreadable history entry was", "unreadable history entries were")
                + " dropped"
            )
        if repaired:
            out.append(
                _plural(repaired, "history entry", "history entries")
                + " had a bad time or pin (kept, with time 0 or unpinned)"
            )
        return out

    def to_json(self) -> dict[str, object]:
        """The file's content; with history off, no URI the user entered is in it.

        Never fails on a bad value: an entry whose URI is not a string is left out, any
        other field of the wrong type is written as its default.
        """
        import base64

        keep = self.keep_history is True

        def text(value: object, default: str) -> object:
            return store_text(value) if isinstance(value, str) else default

        history = [
            e.to_json()
            for e in (self.history if keep else [])
            if isinstance(e, HistoryEntry) and isinstance(e.uri, str)
        ]
        last = self.last_uri if isinstance(self.last_uri, str) else None
        return {
            "version": FORMAT_VERSION,
            "history": history,
            "keep_history": keep,
            "edition": text(self.edition, "rfc3986"),
            "base": text(self.base, DEFAULT_BASE) if keep else DEFAULT_BASE,
            "reference": text(self.reference, DEFAULT_REFERENCE) if keep else DEFAULT_REFERENCE,
            "compare": text(self.compare, "") if keep else "",
            "last_uri": store_text(last) if keep and last is not None else None,
            "first_run": self.first_run is True,
            "geometry": base64.b64encode(bytes(self.geometry)).decode("ascii"),
            "window_state": base64.b64encode(bytes(self.window_state)).decode("ascii"),
            "zoom": self.zoom if _is_zoom(self.zoom) else 100,
            "lessons": self.lessons if _is_progress(self.lessons) else {},
        }

    def save(self) -> str | None:
        """Write the file atomically; return an error message instead of raising.

        With ``read_only`` (an existing file could not be read) nothing is written and
        nothing is reported again: ``problem`` said it once at load.
        """
        if self.read_only:
            return None
        try:
            atomic_write_text(self.path, dump_json(self.to_json()))
        except OSError as exc:
            return f"Could not save the settings to {self.path}: {exc}"
        except (ValueError, TypeError, RecursionError) as exc:  # a value JSON cannot hold
            return f"Could not save the settings to {self.path}: {type(exc).__name__}: {exc}"
        return None

    # ---- history ------------------------------------------------------------------
    @property
    def recent(self) -> list[str]:
        """The most recent URIs (pinned or not), newest first, for File ▸ Open Recent."""
        return [e.uri for e in self.history[:MAX_RECENT]]

    def record(self, uri: str, when: float | None = None) -> bool:
        """Record an inspection of ``uri`` (newest first, deduplicated, pin kept).

        Nothing is recorded when history is off, or for blank or over-long input.
        Returns whether the history changed.
        """
        if not self.keep_history or not uri.strip() or len(uri) > MAX_RECENT_LENGTH:
            return False
        old = self.entry(uri)
        entry = HistoryEntry(uri, time.time() if when is None else when, bool(old and old.pinned))
        self.history = [entry, *(e for e in self.history if e.uri != uri)]
        self._evict()
        return True

    def add_recent(self, uri: str) -> None:
        """The version-1 name of ``record``."""
        self.record(uri)

    def entry(self, uri: str) -> HistoryEntry | None:
        """The history entry for exactly ``uri``, if any."""
        return next((e for e in self.history if e.uri == uri), None)

    def search(self, query: str) -> list[HistoryEntry]:
        """Entries whose URI contains ``query`` (case-insensitive), pinned first, newest first."""
        found = [e for e in self.history if matches(e, query)]
        return sorted(found, key=lambda e: not e.pinned)  # stable: keeps newest-first order

    def set_pinned(self, uri: str, pinned: bool) -> None:
        """Pin or unpin ``uri``'s entry (a pinned entry is never evicted)."""
        self.history = [
            HistoryEntry(e.uri, e.time, pinned) if e.uri == uri else e for e in self.history
        ]
        self._evict()

    def remove(self, uri: str) -> None:
        """Forget ``uri``, pinned or not."""
        self.history = [e for e in self.history if e.uri != uri]

    def clear_history(self, *, include_pinned: bool = False) -> int:
        """Forget the unpinned entries (all entries with ``include_pinned``); return how many."""
        before = len(self.history)
        self.history = [] if include_pinned else [e for e in self.history if e.pinned]
        return before - len(self.history)

    def set_keep_history(self, keep: bool) -> None:
        """Turn history on or off; turning it off forgets everything, pins included."""
        self.keep_history = keep
        if not keep:
            self.clear_history(include_pinned=True)
            self.last_uri = None
            self.compare = ""

    def _evict(self) -> None:
        unpinned = 0
        kept: list[HistoryEntry] = []
        for e in self.history:  # newest first: the oldest unpinned go
            if not e.pinned:
                unpinned += 1
                if unpinned > MAX_HISTORY:
                    continue
            kept.append(e)
        self.history = kept
