"""Settings and history in one JSON file, written atomically, never fatal when broken.

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
FORMAT_VERSION = 1
MAX_RECENT = 15
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


@dataclass
class Settings:
    """The window's remembered state. ``problem`` says what went wrong when loading."""

    path: Path
    recent: list[str] = field(default_factory=list)
    edition: str = "rfc3986"
    base: str = "http://a/b/c/d;p?q"
    reference: str = "../g;x=1/./y?q#s"
    compare: str = ""
    last_uri: str | None = None
    first_run: bool = True
    geometry: bytes = b""
    window_state: bytes = b""
    problem: str | None = None

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

        recent = data.get("recent", [])
        if not isinstance(recent, list) or not all(isinstance(r, str) for r in recent):
            raise TypeError("'recent' is not a list of strings")
        self.recent = recent[:MAX_RECENT]
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

    def to_json(self) -> dict[str, object]:
        """The file's content."""
        return {
            "version": FORMAT_VERSION,
            "recent": self.recent,
            "edition": self.edition,
            "base": self.base,
            "reference": self.reference,
            "compare": self.compare,
            "last_uri": self.last_uri,
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

    def add_recent(self, uri: str) -> None:
        """Put ``uri`` first in the recent list (deduplicated, bounded)."""
        if not uri.strip() or len(uri) > MAX_RECENT_LENGTH:
            return
        self.recent = [uri, *(r for r in self.recent if r != uri)][:MAX_RECENT]
