"""Opening a path to read a document: only a regular file is ever opened.

A FIFO blocks ``open()`` until something writes to it (forever, for a FIFO left in a
Maildir's ``cur/``), a character device never ends (``/dev/zero``) and opening some
devices has effects of its own. So every path a reader takes (a file given to the CLI,
File ▸ Open…, a dropped file, an ``.mbox``, each Maildir entry) passes
:func:`read_regular` or :func:`open_regular`: the path is ``stat``-ed first and anything
but a regular file is refused by name, without opening it; a regular file is then
opened ``O_NONBLOCK`` and checked again with ``fstat`` on the open descriptor, so a file
swapped for a FIFO between the two calls is still refused and the open never waits.
"""

from __future__ import annotations

import os
import stat
from typing import BinaryIO, Final

from uriinspector.sources.model import Problem

__all__ = ["file_kind", "open_regular", "read_regular"]

_CHUNK: Final = 1 << 20
_KINDS: Final = (
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISDIR, "a folder"),
)


def file_kind(mode: int) -> str | None:
    """What a ``st_mode`` is in words when it is not a regular file, else ``None``."""
    if stat.S_ISREG(mode):
        return None
    return next((words for test, words in _KINDS if test(mode)), "not a regular file")


def _refused(path: str, kind: str) -> Problem:
    return Problem("unreadable", f"{path} is {kind}, not a regular file: it is not opened.")


def _cannot(exc: OSError) -> Problem:
    return Problem("unreadable", f"cannot read: {exc.strerror or exc}")


def open_regular(path: str) -> BinaryIO | Problem:
    """``path`` opened for reading when it is a regular file, else why not; never
    blocks (a FIFO, socket or device is refused before and after ``open``)."""
    try:
        kind = file_kind(os.stat(path).st_mode)
    except OSError as exc:
        return _cannot(exc)
    if kind is not None:
        return _refused(path, kind)
    flags = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
             | getattr(os, "O_BINARY", 0))
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        return _cannot(exc)
    try:
        kind = file_kind(os.fstat(fd).st_mode)
    except OSError as exc:
        os.close(fd)
        return _cannot(exc)
    if kind is not None:  # swapped between stat and open
        os.close(fd)
        return _refused(path, kind)
    return open(fd, "rb")


def read_regular(path: str, limit: int) -> bytes | Problem:
    """At most ``limit`` bytes of the regular file at ``path``, else a problem saying
    why it was not read (:func:`open_regular`); never raises, never blocks."""
    fh = open_regular(path)
    if isinstance(fh, Problem):
        return fh
    chunks: list[bytes] = []
    left = limit
    try:
        with fh:
            while left > 0 and (chunk := fh.read(min(left, _CHUNK))):
                chunks.append(chunk)
                left -= len(chunk)
    except OSError as exc:
        return _cannot(exc)
    return b"".join(chunks)
