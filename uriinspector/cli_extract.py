"""``uriinspector extract FILE…``: the links in mails, mailboxes, HTML pages and images.

The readable side of :mod:`uriinspector.sources` for the terminal: a table per document
(verdict, link, visible text, part; a row whose visible text shows another site than
its target is marked ``!``), or JSON Lines with ``--json`` (one object per link: the
contract's ``extract`` entry keys plus ``file``, ``message`` and ``verdict``). A mailbox
shows a progress bar on stderr when stderr is a terminal; a message that cannot be read
is reported on stderr and skipped, never ending the run. Never imports Qt.
"""

from __future__ import annotations

import argparse
import os
import re
import time
from collections.abc import Sequence
from typing import Final

from uriinspector.cli import PROG, Environment, ExitStatus, Style, cells, show, use_colour
from uriinspector.core import protocol
from uriinspector.sources.documents import open_path, with_verdicts
from uriinspector.sources.model import Document, Link

#: File name endings that make an argument a file even before it is found on disk.
DOCUMENT_EXTENSIONS: Final = (
    ".eml", ".msg", ".html", ".htm", ".txt", ".mbox", ".png", ".jpg", ".jpeg", ".gif",
    ".bmp", ".webp",
)
_SCHEME: Final = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")
_VERDICT_SGR: Final = {"danger": "1;31", "caution": "33", "nothing-notable": "32"}
_URI_CELLS: Final = 64
_TEXT_CELLS: Final = 32
_PROGRESS_EVERY: Final = 0.1  # seconds between progress bar redraws


def names_files(args: Sequence[str]) -> bool:
    """Whether ``extract``'s arguments name files (else they are text, as before 1.1).

    Every argument must be an existing path, or a name ending in a document extension
    that is not a URI (``http://a/x.html`` stays text).
    """
    if not args:
        return False
    for arg in args:
        if os.path.exists(arg):
            continue
        if _SCHEME.match(arg) and not os.path.splitdrive(arg)[0]:
            return False
        if not arg.lower().endswith(DOCUMENT_EXTENSIONS) or any(c.isspace() for c in arg):
            return False
    return True


def _clip(text: str, limit: int, style: Style) -> str:
    """``text`` made terminal-safe and cut to ``limit`` display cells."""
    out: list[str] = []
    width = 0
    for shown, w, esc in cells(text):
        if width + w > limit - 1:
            out.append("…")
            width += 1
            break
        out.append(style(shown, "7") if esc else shown)
        width += w
    return "".join(out) + " " * max(0, limit - width)


def _header(doc: Document, style: Style) -> str:
    where = doc.source or "-"
    if doc.index is not None:
        where += f" message {doc.index}"
    if doc.subject:
        where += f": {doc.subject}"
    n = len(doc.links)
    return style.bold(show(where, style)) + f"  ({n} link{'s' if n != 1 else ''}, {doc.kind})"


def render_table(doc: Document, style: Style) -> list[str]:
    """One document as a table: mark, verdict, link, visible text, part."""
    out = [_header(doc, style)]
    if doc.links:
        out.append(
            style.dim(
                f"    {'verdict':<15} {'link':<{_URI_CELLS}} "
                f"{'visible text':<{_TEXT_CELLS}} part"
            )
        )
    for link in doc.links:
        verdict = link.verdict or ""
        mark = style("!", "1;31") if link.mismatch else " "
        display = link.display if link.display is not None else ""
        line = (
            f"  {mark} {style(f'{verdict:<15}', _VERDICT_SGR.get(verdict))} "
            f"{_clip(link.uri, _URI_CELLS, style)} {_clip(display, _TEXT_CELLS, style)} "
            f"{show(link.part or '', style)}"
        )
        out.append(line.rstrip())
        if link.mismatch:
            out.append(
                "      "
                + style(
                    f"the visible text shows {link.shown_domain} but the link goes to "
                    f"{link.target_domain or 'no site'}",
                    "1;31",
                )
            )
        if link.browser_uri is not None:
            out.append("      " + style.dim("a browser resolves it to ") + show(
                link.browser_uri, style))
    for p in doc.problems:
        where = f" ({show(p.part, style)})" if p.part else ""
        out.append(f"  {style('problem', '33')} {p.code}{where}: {show(p.message, style)}")
    return out


def link_json(link: Link, doc: Document) -> dict[str, object]:
    """One ``--json`` line: the contract's entry keys plus file, message and verdict."""
    data = link.to_json()
    data["file"] = doc.source
    data["message"] = doc.index
    data["verdict"] = link.verdict
    return data


class _Progress:
    """A one-line progress bar on stderr (only when stderr is a terminal)."""

    def __init__(self, env: Environment, name: str, total: int | None) -> None:
        isatty = getattr(env.stderr, "isatty", None)
        self.on = bool(callable(isatty) and isatty()) and bool(total)
        self.env = env
        self.name = name if len(name) <= 30 else "…" + name[-29:]
        self.total = total or 0
        self.last = 0.0

    def show(self, done: int) -> None:
        if not self.on:
            return
        now = time.monotonic()
        if now - self.last < _PROGRESS_EVERY and done < self.total:
            return
        self.last = now
        width = 30
        filled = min(width, width * done // max(1, self.total))
        self.env.stderr.write(
            f"\r{self.name} [{'#' * filled}{'.' * (width - filled)}] {done}/{self.total}"
        )
        self.env.stderr.flush()

    def clear(self) -> None:
        if self.on:
            self.env.stderr.write("\r\x1b[K")
            self.env.stderr.flush()


def run(env: Environment, ns: argparse.Namespace, paths: Sequence[str]) -> ExitStatus:
    """Read every path and print its links; a bad file or message never ends the run."""
    style = Style(use_colour(ns.color, env))
    base: str | None = getattr(ns, "base", None)
    status = ExitStatus.SUCCESS
    first = True
    for path in paths:
        source = open_path(path, base=base)
        progress = _Progress(env, path, source.total if source.kind in (
            "mbox", "maildir") else None)
        done = 0
        for doc in source.documents():
            done += 1
            progress.show(done)
            skipped = [p for p in doc.problems if p.code == "unreadable" and not doc.links]
            if skipped or (doc.kind == "unknown" and not doc.links):
                progress.clear()
                where = path + (f": message {doc.index}" if doc.index is not None else "")
                for p in doc.problems:
                    env.error(f"{PROG} extract: {where}: skipped: {p.message}")
                status = ExitStatus.ERROR
                continue
            doc = with_verdicts(doc)
            if ns.json:
                for link in doc.links:
                    env.write(protocol.encode_answer(link_json(link, doc)) + "\n")
                if doc.problems:
                    progress.clear()
                where = path + (f": message {doc.index}" if doc.index is not None else "")
                for p in doc.problems:
                    part = f" ({p.part})" if p.part else ""
                    env.error(f"{PROG} extract: {where}{part}: {p.code}: {p.message}")
                continue
            progress.clear()
            env.write(("" if first else "\n") + "\n".join(render_table(doc, style)) + "\n")
            first = False
        progress.clear()
    return status
