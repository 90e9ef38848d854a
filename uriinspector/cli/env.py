"""What every command of the command line shares: its streams, exit status and style.

``Environment`` holds the I/O (tests overwrite its attributes to simulate pipes,
terminals and ``NO_COLOR``, httpie's ``Environment`` idea); ``ExitStatus`` the
program's exit codes; ``Style`` the terminal colours; ``cells``/``show``/``marked``
draw hostile text visibly. Every command module of ``cli/`` imports them from here,
so none of them needs another's module.
"""

from __future__ import annotations

import errno
import io
import os
import sys
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import IntEnum, unique
from typing import BinaryIO, TextIO, cast

from uriinspector.core.hidden import is_hidden, marker

PROG = "uriinspector"


@unique
class ExitStatus(IntEnum):
    """Program exit status code constants."""

    SUCCESS = 0
    ERROR = 1  # an answer could not be computed, or a stream failed
    USAGE = 2  # bad command line (argparse's own status)
    ERROR_CTRL_C = 130  # 128 + SIGINT
    BROKEN_PIPE = 141  # 128 + SIGPIPE: the reader went away; we stop quietly


@dataclass
class Environment:
    """Every stream and setting the CLI touches; tests overwrite any of them.

    ``stdin`` and ``stdout`` are binary: batch reads bytes per line (bad UTF-8 is an
    answer, not a crash) and writes ASCII JSON; text is written as UTF-8 with
    backslash escapes for lone surrogates.
    """

    stdin: BinaryIO
    stdout: BinaryIO
    stderr: TextIO
    stdout_isatty: bool = False
    environ: Mapping[str, str] = field(default_factory=dict)
    is_system: bool = False

    @classmethod
    def from_system(cls) -> Environment:
        """The real process streams and environment.

        A stream the shell closed (``>&-``: Python then has ``None`` for it) becomes one
        that fails with EBADF when used, so the command reports it instead of crashing.
        """
        return cls(
            stdin=sys.stdin.buffer if sys.stdin is not None else cast(BinaryIO, ClosedStream()),
            stdout=sys.stdout.buffer if sys.stdout is not None else cast(BinaryIO, ClosedStream()),
            stderr=sys.stderr if sys.stderr is not None else io.StringIO(),
            stdout_isatty=sys.stdout is not None and sys.stdout.isatty(),
            environ=os.environ,
            is_system=True,
        )

    def write(self, text: str) -> None:
        r"""Write text to stdout (UTF-8, lone surrogates as ``\udxxx``) and flush."""
        self.stdout.write(text.encode("utf-8", "backslashreplace"))
        self.stdout.flush()

    def error(self, text: str) -> None:
        """Write one line to stderr."""
        self.stderr.write(text.encode("utf-8", "backslashreplace").decode("utf-8") + "\n")
        self.stderr.flush()


class ClosedStream(io.RawIOBase):
    """Stands for a standard stream the process was started without (``>&-``)."""

    def _fail(self) -> OSError:
        return OSError(errno.EBADF, "the stream was closed before the program started")

    def readinto(self, buffer: object) -> int:
        """Always EBADF."""
        raise self._fail()

    def write(self, data: object) -> int:
        """Always EBADF."""
        raise self._fail()

    def readable(self) -> bool:
        """Reads fail, but they are attempted (and reported)."""
        return True

    def writable(self) -> bool:
        """Writes fail, but they are attempted (and reported)."""
        return True


# ---- colour ----------------------------------------------------------------------------

#: SGR codes of each component (the window's palette, in 16 terminal colours).
COMPONENT_SGR: dict[str, str] = {
    "scheme": "35",
    "userinfo": "1;31",
    "host": "1;32",
    "port": "33",
    "path": "34",
    "query": "36",
    "fragment": "90",
}
#: Letters of the no-colour ruler under the URI.
COMPONENT_MARK: dict[str, str] = {
    "scheme": "S",
    "userinfo": "U",
    "host": "H",
    "port": "P",
    "path": "/",
    "query": "?",
    "fragment": "#",
}
SEVERITY_SGR: dict[str, str] = {
    "danger": "1;31",
    "error": "1;31",
    "warning": "33",
    "info": "36",
}

VERDICT_SGR: dict[str, str] = {"danger": "1;31", "caution": "33", "nothing-notable": "32"}


class Style:
    """ANSI styling that is a no-op when colour is off."""

    def __init__(self, enabled: bool) -> None:
        """Style with colour ``enabled`` or not."""
        self.enabled = enabled

    def __call__(self, text: str, sgr: str | None) -> str:
        """``text`` wrapped in the SGR sequence ``sgr`` (unchanged when off)."""
        if not self.enabled or not sgr or not text:
            return text
        return f"\x1b[{sgr}m{text}\x1b[0m"

    def bold(self, text: str) -> str:
        """Bold text."""
        return self(text, "1")

    def dim(self, text: str) -> str:
        """Faint text."""
        return self(text, "2")


def use_colour(choice: str, env: Environment) -> bool:
    """``--color``: ``always``, ``never``, or ``auto`` (a tty and no ``NO_COLOR``)."""
    if choice == "always":
        return True
    if choice == "never":
        return False
    return env.stdout_isatty and not env.environ.get("NO_COLOR")


# ---- safe display of hostile text --------------------------------------------------------

_WINDOW = 100  # display cells shown around a marked span in long inputs


def escape_char(ch: str) -> str | None:
    """The visible marker for a character a terminal would hide or obey, else None.

    Controls (ESC would drive the terminal), bidi and other format characters, fillers
    (U+3164), surrogates and non-ASCII spaces are shown as ``⟨U+XXXX⟩``: the one
    table and marker of ``core/hidden.py``, as in the window and the reports.
    """
    return marker(ch) if is_hidden(ch) else None


def cells(text: str) -> list[tuple[str, int, bool]]:
    """Per code point: its display string, its width in columns, whether escaped."""
    out: list[tuple[str, int, bool]] = []
    for ch in text:
        esc = escape_char(ch)
        if esc is not None:
            out.append((esc, len(esc), True))
        elif unicodedata.combining(ch):
            out.append((ch, 0, False))
        elif unicodedata.east_asian_width(ch) in ("W", "F"):
            out.append((ch, 2, False))
        else:
            out.append((ch, 1, False))
    return out


def show(text: str, style: Style) -> str:
    """``text`` made safe for a terminal (escapes in reverse video when coloured)."""
    return "".join(style(s, "7") if esc else s for s, _, esc in cells(text))


def marked(text: str, start: int, end: int, style: Style, sgr: str | None = None) -> list[str]:
    """Two lines: ``text`` (windowed when long) and ``^^^`` under ``[start, end)``."""
    cs = cells(text)
    start = max(0, min(start, len(cs)))
    end = max(start, min(end, len(cs)))
    lo, hi = 0, len(cs)
    if sum(w for _, w, _ in cs) > 2 * _WINDOW:
        lo, hi = max(0, start - _WINDOW // 2), min(len(cs), end + _WINDOW // 2)
        if hi - lo > 2 * _WINDOW:
            hi = lo + 2 * _WINDOW
    line = "".join(style(s, "7") if esc else s for s, _, esc in cs[lo:hi])
    pad = sum(w for _, w, _ in cs[lo:start])
    width = max(1, sum(w for _, w, _ in cs[start : min(end, hi)]))
    prefix = "…" if lo > 0 else ""
    suffix = "…" if hi < len(cs) else ""
    marker = " " * (pad + len(prefix)) + style("^" * width, sgr)
    return [prefix + line + suffix, marker]


# ---- answer accessors (answers are plain JSON dicts) -------------------------------------
