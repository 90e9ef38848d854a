"""``uriinspector site DIR``: a site folder checked offline, for people or for CI.

The terminal side of :mod:`uriinspector.sources.site` (contract:
``docs/contract/site-check.md``). Without ``--json``: the broken references first, page
by page, then (unless ``--only-problems``) every other reference, then one summary line;
rows fit 100 columns, long references are elided in the middle, and anything a terminal
would hide or obey is shown as ``⟨U+XXXX⟩``. With ``--json``: one contract object per
reference, in document order. Exit status 0 when nothing is broken, 1 when something is,
2 when the folder cannot be read. Never imports Qt, never touches the network.
"""

from __future__ import annotations

import argparse
import shutil
import textwrap
import time
from collections import Counter
from pathlib import Path
from typing import Final

from uriinspector.batch import protocol
from uriinspector.cli.env import PROG, Environment, ExitStatus, Style, cells, use_colour
from uriinspector.sources.site import (
    BROKEN,
    SiteError,
    SitePage,
    SiteReference,
    check_site,
)

#: Exit status when the folder itself cannot be read (site-check contract: 2): a DIR
#: argument that cannot be read is a bad command line, as argparse's own status 2.
UNREADABLE: Final = ExitStatus.USAGE
_WIDTH: Final = 100
_STATUS_CELLS: Final = 16
_ATTR_CELLS: Final = 11
_SGR: Final = {
    "missing-file": "1;31", "missing-fragment": "1;31", "outside": "1;31",
    "case-mismatch": "33", "external": "2", "ok": "32",
}
_PROGRESS_EVERY: Final = 0.1


def _fit(text: str, limit: int, style: Style) -> tuple[str, int]:
    """``text`` terminal-safe in at most ``limit`` cells, elided in the middle; its width."""
    cs = cells(text)
    total = sum(w for _, w, _ in cs)
    if total <= limit:
        return "".join(style(s, "7") if esc else s for s, _, esc in cs), total
    keep = max(1, limit - 1)
    head_cells = keep * 2 // 3
    head: list[str] = []
    used = 0
    for s, w, esc in cs:
        if used + w > head_cells:
            break
        head.append(style(s, "7") if esc else s)
        used += w
    tail: list[str] = []
    tail_used = 0
    for s, w, esc in reversed(cs):
        if used + tail_used + w > keep:
            break
        tail.append(style(s, "7") if esc else s)
        tail_used += w
    return "".join(head) + "…" + "".join(reversed(tail)), used + tail_used + 1


def _pad(text: str, limit: int, style: Style) -> str:
    shown, width = _fit(text, limit, style)
    return shown + " " * max(0, limit - width)


def render_row(ref: SiteReference, style: Style, width: int = _WIDTH) -> list[str]:
    """One reference as one line (plus an indented note line when it has a note)."""
    status = style(_pad(ref.status, _STATUS_CELLS, style), _SGR.get(ref.status))
    attr = _pad(ref.attr, _ATTR_CELLS, style)
    rest = max(20, width - 2 - _STATUS_CELLS - 1 - _ATTR_CELLS - 1)
    where = ref.file if ref.file is not None else (ref.browser_target or "(browsers reject it)")
    ref_cells = max(12, (rest - 3) // 2)
    left = _pad(ref.ref, ref_cells, style)
    right, _ = _fit(where, rest - ref_cells - 3, style)
    line = f"  {status} {attr} {left} → {right}"
    out = [line.rstrip()]
    if (ref.note and ref.status != "ok") or ref.differs:
        line_no = f"line {ref.line}: " if ref.line is not None else ""
        for piece in textwrap.wrap(line_no + (ref.note or ""), width - 6,
                                   break_on_hyphens=False) or [""]:
            out.append("      " + style(_fit(piece, width - 6, style)[0], "2"))
    return out


def _page_header(page: SitePage, style: Style, broken: int, listed: int) -> str:
    counts = f"{broken} broken" if broken else f"{listed} more reference{'s' * (listed != 1)}"
    name, _ = _fit(page.path, _WIDTH - 20, style)
    return style(name, "1") + "  " + style(counts, "1;31" if broken else "2")


class _Progress:
    """A one-line progress bar on stderr, only when stderr is a terminal."""

    def __init__(self, env: Environment) -> None:
        isatty = getattr(env.stderr, "isatty", None)
        self.on = bool(callable(isatty) and isatty())
        self.env = env
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        if not self.on:
            return
        now = time.monotonic()
        if now - self.last < _PROGRESS_EVERY and done < total:
            return
        self.last = now
        filled = 30 * done // max(1, total)
        self.env.stderr.write(f"\rchecking pages [{'#' * filled}{'.' * (30 - filled)}] "
                              f"{done}/{total}")
        self.env.stderr.flush()

    def clear(self) -> None:
        if self.on:
            self.env.stderr.write("\r\x1b[K")
            self.env.stderr.flush()


def summary(pages: int, counts: Counter[str], differs: int) -> str:
    """The closing line: pages, references, broken by status, external, differences."""
    total = sum(counts.values())
    broken = sum(n for s, n in counts.items() if s in BROKEN)
    parts = [f"{pages:,} page{'s' if pages != 1 else ''}",
             f"{total:,} reference{'s' if total != 1 else ''}"]
    detail = ", ".join(f"{counts[s]:,} {s}" for s in sorted(BROKEN) if counts[s])
    parts.append(f"{broken:,} broken" + (f" ({detail})" if detail else ""))
    parts.append(f"{counts['external']:,} external (not fetched)")
    if differs:
        parts.append(f"{differs:,} where browsers and RFC 3986 differ")
    return "; ".join(parts)


def run(env: Environment, ns: argparse.Namespace) -> ExitStatus:
    """Check the folder ``ns.dir`` and print the table or JSON Lines; the exit status."""
    style = Style(use_colour(ns.color, env))
    progress = _Progress(env)
    counts: Counter[str] = Counter()
    differs = 0
    pages = 0
    held: list[str] = []  # the other references, rendered (their traces are not kept)
    width = min(_WIDTH, shutil.get_terminal_size((_WIDTH, 24)).columns) if env.stdout_isatty \
        else _WIDTH
    first_problem = True
    try:
        for page in check_site(Path(ns.dir), ns.url, on_page=progress):
            pages += 1
            counts.update(r.status for r in page.references)
            differs += sum(1 for r in page.references if r.differs)
            for text in page.problems:
                progress.clear()
                env.error(f"{PROG} site: {page.path}: {text}")
            if ns.json:
                for ref in page.references:
                    if not ns.only_problems or ref.broken:
                        env.write(protocol.encode_answer(ref.to_json()) + "\n")
                continue
            broken = [r for r in page.references if r.broken]
            if broken:
                progress.clear()
                if first_problem:
                    env.write(style("Broken references", "1") + "\n")
                    first_problem = False
                lines = [_page_header(page, style, len(broken), len(broken))]
                for ref in broken:
                    lines += render_row(ref, style, width)
                env.write("\n".join(lines) + "\n")
            if not ns.only_problems:
                rest = [r for r in page.references if not r.broken]
                if rest:
                    held.append(_page_header(page, style, 0, len(rest)))
                    for ref in rest:
                        held += render_row(ref, style, width)
    except SiteError as exc:
        progress.clear()
        env.error(f"{PROG} site: {exc}")
        return UNREADABLE
    progress.clear()
    if not ns.json:
        if held:
            title = ("" if first_problem else "\n") + style("Other references", "1")
            env.write("\n".join([title, *held]) + "\n")
        closing = textwrap.wrap(summary(pages, counts, differs), width,
                                subsequent_indent="  ", break_on_hyphens=False)
        env.write(("\n" if held or not first_problem else "") + "\n".join(closing) + "\n")
    return ExitStatus.ERROR if any(counts[s] for s in BROKEN) else ExitStatus.SUCCESS

