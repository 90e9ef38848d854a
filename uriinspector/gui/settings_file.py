"""The settings file on disk: atomic writes, capped reads, and JSON that keeps any ``str``.

Split from ``gui/settings.py`` (what the settings hold and how a damaged file is
repaired); nothing here knows the settings' fields.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

#: A settings file larger than this is not read but set aside: a full history of 200
#: entries of 4,096 escaped non-ASCII characters is about 5 MB.
MAX_FILE_BYTES = 16 * 1024 * 1024
#: Integers with more digits than this are not read as numbers (no field needs them,
#: and ``int()`` refuses over 4,300 digits; a float overflows far sooner).
_MAX_INT_DIGITS = 20


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` in one step; the old file survives any crash."""
    import contextlib
    import tempfile  # on the first save: not before the window's first paint

    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
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


def atomic_write_text(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) atomically."""
    atomic_write_bytes(path, text.encode("utf-8"))


def dump_json(obj: object) -> str:
    r"""``obj`` as ASCII JSON: any ``str`` survives (lone surrogates as ``\udcff``)."""
    import json  # on first use: a first run reads no file before the window's first paint

    return json.dumps(obj, ensure_ascii=True, allow_nan=False, indent=1) + "\n"


def atomic_write_json(path: Path, obj: object) -> None:
    """Write ``obj`` as ASCII JSON to ``path`` atomically."""
    atomic_write_text(path, dump_json(obj))


class _Unreadable:
    """What the JSON reader gives for a number no field can hold (NaN, a 400-digit int):
    a value of no JSON type, so every field's type check refuses it."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<unreadable number>"


_UNREADABLE = _Unreadable()


def _parse_int(token: str) -> object:
    return int(token) if len(token.lstrip("-")) <= _MAX_INT_DIGITS else _UNREADABLE


def _parse_constant(_token: str) -> object:
    return _UNREADABLE  # NaN, Infinity, -Infinity: not JSON numbers (RFC 8259 §6)


def read_json(raw: bytes) -> object:
    """Decode a settings file: UTF-8 with or without a BOM, huge numbers kept harmless.

    Raises ``ValueError`` (``UnicodeDecodeError``, ``JSONDecodeError``) or
    ``RecursionError`` for a file that is not JSON.
    """
    import json

    return json.loads(raw.decode("utf-8-sig"), parse_int=_parse_int, parse_constant=_parse_constant)


def read_capped(path: Path) -> bytes:
    """The file's bytes, at most ``MAX_FILE_BYTES + 1`` of them (more means too large).

    Only a regular file is read: a FIFO would block the window's start, a device never end.
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with open(fd, "rb", buffering=0) as fh:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{path} is not a regular file")
        chunks: list[bytes] = []
        left = MAX_FILE_BYTES + 1
        while left > 0 and (chunk := fh.read(min(left, 1 << 20))):
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
