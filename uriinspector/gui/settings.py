"""Settings and history in one JSON file, written atomically, never fatal when broken.

History (format version 2): ``history`` is a list of ``{"uri", "time", "pinned"}``,
most recent first. At most ``MAX_HISTORY`` unpinned entries are kept; pinned ones are
never evicted. Inputs longer than ``MAX_RECENT_LENGTH`` are never recorded. With
``keep_history`` off nothing is recorded and no URI the user entered is written (no
history, no last URI, no compare text, default base and reference). A version-1 file's
``recent`` list becomes the history on load. A history entry of the wrong type is
dropped and reported in ``notice`` (not fatal); a file that is not settings at all is
set aside as below.

The file is replaced in one step (temporary file in the same directory, ``fsync``,
``os.replace``), so a crash mid-write leaves the previous file intact. A file that
cannot be read as settings is moved aside to ``settings.json.corrupt-<timestamp>``
and the problem is reported to the user; the window starts with defaults.

This module imports Qt only to find the platform's config directory, and only when
``URIINSPECTOR_CONFIG_DIR`` is not set.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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


def atomic_write_text(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` in one step; the old file survives any crash."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    # Make the rename itself durable where the platform allows it.
    with contextlib.suppress(OSError):
        dfd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)


def atomic_write_json(path: Path, obj: object) -> None:
    """Write ``obj`` as JSON to ``path`` atomically."""
    atomic_write_text(path, json.dumps(obj, ensure_ascii=False, indent=1) + "\n")


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One recorded inspection: the exact text, when (Unix time), and whether pinned."""

    uri: str
    time: float
    pinned: bool = False

    def to_json(self) -> dict[str, object]:
        """The entry as stored in the file."""
        return {"uri": self.uri, "time": self.time, "pinned": self.pinned}


def _history_entry(obj: object) -> HistoryEntry | None:
    """Read one stored entry; ``None`` when it is not a well-typed entry."""
    if not isinstance(obj, dict):
        return None
    uri, when, pinned = obj.get("uri"), obj.get("time"), obj.get("pinned", False)
    if not isinstance(uri, str) or not uri.strip() or len(uri) > MAX_RECENT_LENGTH:
        return None
    if isinstance(when, bool) or not isinstance(when, int | float) or when != when:
        return None
    if not isinstance(pinned, bool):
        return None
    return HistoryEntry(uri, float(when), pinned)


def matches(entry: HistoryEntry, query: str) -> bool:
    """The history search: a case-insensitive substring of the URI (blank matches all)."""
    q = query.strip().casefold()
    return not q or q in entry.uri.casefold()


@dataclass
class Settings:
    """The window's remembered state. ``problem`` says what went wrong when loading
    (the file was set aside); ``notice`` reports a lesser repair (entries dropped)."""

    path: Path
    history: list[HistoryEntry] = field(default_factory=list)
    keep_history: bool = True
    edition: str = "rfc3986"
    base: str = DEFAULT_BASE
    reference: str = DEFAULT_REFERENCE
    compare: str = ""
    last_uri: str | None = None
    first_run: bool = True
    geometry: bytes = b""
    window_state: bytes = b""
    problem: str | None = None
    notice: str | None = None

    @classmethod
    def load(cls, directory: Path | None = None) -> Settings:
        """Read the settings; a missing file gives defaults, a corrupt one is set aside."""
        path = (directory or config_dir()) / FILE_NAME
        settings = cls(path=path)
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return settings
        except OSError as exc:
            settings.problem = f"Could not read the settings file {path}: {exc}"
            return settings
        try:
            data = json.loads(raw.decode("utf-8"))
            if not isinstance(data, dict):
                raise ValueError("the top level is not an object")
            settings._apply(data)
        except (ValueError, TypeError, KeyError, UnicodeDecodeError, RecursionError) as exc:
            aside = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
            n = 1
            while aside.exists():
                aside = aside.with_name(f"{aside.name.split('~')[0]}~{n}")
                n += 1
            try:
                os.replace(path, aside)
                where = f"It was moved to {aside}."
            except OSError as move_exc:
                where = f"It could not be moved aside ({move_exc})."
            fresh = cls(path=path)
            fresh.problem = f"The settings file was unreadable ({exc}); defaults are used. {where}"
            return fresh
        return settings

    def _apply(self, data: dict[str, Any]) -> None:
        def text(key: str, default: str) -> str:
            value = data.get(key, default)
            if not isinstance(value, str):
                raise TypeError(f"{key!r} is not a string")
            return value

        if "history" in data:
            self._apply_history(data["history"])
        else:  # version 1: a plain list of recent URIs, most recent first
            recent = data.get("recent", [])
            if not isinstance(recent, list) or not all(isinstance(r, str) for r in recent):
                raise TypeError("'recent' is not a list of strings")
            try:
                mtime = self.path.stat().st_mtime
            except OSError:
                mtime = time.time()
            kept = [r for r in recent if r.strip() and len(r) <= MAX_RECENT_LENGTH]
            # The v1 file has no times: keep its order, a second apart, ending at its mtime.
            self.history = [HistoryEntry(r, mtime - i) for i, r in enumerate(dict.fromkeys(kept))]
        keep = data.get("keep_history", True)
        if not isinstance(keep, bool):
            raise TypeError("'keep_history' is not true or false")
        self.keep_history = keep
        self.edition = text("edition", self.edition)
        self.base = text("base", self.base)
        self.reference = text("reference", self.reference)
        self.compare = text("compare", self.compare)
        last = data.get("last_uri")
        if last is not None and not isinstance(last, str):
            raise TypeError("'last_uri' is not a string")
        self.last_uri = last
        self.first_run = bool(data.get("first_run", False))
        self.geometry = base64.b64decode(text("geometry", ""), validate=True)
        self.window_state = base64.b64decode(text("window_state", ""), validate=True)

    def _apply_history(self, raw: object) -> None:
        if not isinstance(raw, list):
            raise TypeError("'history' is not a list")
        entries: list[HistoryEntry] = []
        seen: set[str] = set()
        dropped = 0
        for obj in raw:
            entry = _history_entry(obj)
            if entry is None:
                dropped += 1
            elif entry.uri not in seen:
                seen.add(entry.uri)
                entries.append(entry)
        entries.sort(key=lambda e: e.time, reverse=True)
        self.history = entries
        self._evict()
        if dropped:
            self.notice = (
                f"{dropped} unreadable history entr{'y was' if dropped == 1 else 'ies were'} "
                f"dropped from {self.path}."
            )

    def to_json(self) -> dict[str, object]:
        """The file's content; with history off, no URI the user entered is in it."""
        keep = self.keep_history
        return {
            "version": FORMAT_VERSION,
            "history": [e.to_json() for e in self.history] if keep else [],
            "keep_history": keep,
            "edition": self.edition,
            "base": self.base if keep else DEFAULT_BASE,
            "reference": self.reference if keep else DEFAULT_REFERENCE,
            "compare": self.compare if keep else "",
            "last_uri": self.last_uri if keep else None,
            "first_run": self.first_run,
            "geometry": base64.b64encode(self.geometry).decode("ascii"),
            "window_state": base64.b64encode(self.window_state).decode("ascii"),
        }

    def save(self) -> str | None:
        """Write the file atomically; return an error message instead of raising."""
        try:
            atomic_write_json(self.path, self.to_json())
        except OSError as exc:
            return f"Could not save the settings to {self.path}: {exc}"
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
