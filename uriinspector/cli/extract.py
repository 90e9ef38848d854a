"""``uriinspector extract FILE…``: the links in mails, mailboxes, HTML pages and images.

The readable side of :mod:`uriinspector.sources` for the terminal, ready for a ticket: a
table per document (the mail's Subject, From and Date; per link the verdict, the link
defanged unless ``--live``, where it really goes — the registrable domain of its last
destination —, the visible text and the part, the verdict's reason under a danger or
caution row; a row whose visible text shows another site is marked ``!``), fitted to
the terminal with long values elided in the middle. ``--json`` prints one object per
link (the contract's ``extract`` entry keys, ``final`` included, plus file, message,
the mail's headers, hosts, verdict, reason and finding codes, nothing elided);
``--ioc stix|misp|csv`` prints indicators (``report.indicators``). Free text is read as
the window reads it, defanged indicators included (:func:`show_text`). Verdicts come
from ``sources.link_verdict`` (``core.verdict.decide``), as in the window. A mailbox
shows a progress bar on stderr when stderr is a terminal; a message that cannot be read
is reported on stderr and skipped, never ending the run. Never imports Qt.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from typing import Final

from uriinspector.cli.env import PROG, Environment, ExitStatus, Style, cells, show, use_colour
from uriinspector.cli.extract_gc import few_collections
from uriinspector.core.defang import defang, defang_mentions, refang
from uriinspector.report.indicators import Indicator, indicators_of
from uriinspector.report.indicators import render as render_indicators
from uriinspector.sources.documents import extract_text, open_path, with_verdicts
from uriinspector.sources.formats import DOCUMENT_ENDINGS
from uriinspector.sources.link_lines import document_lines, goes_to, host_of
from uriinspector.sources.model import Document, Link

#: File name endings that make an argument a file even before it is found on disk.
DOCUMENT_EXTENSIONS: Final = DOCUMENT_ENDINGS
_SCHEME: Final = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")
_VERDICT_SGR: Final = {"danger": "1;31", "caution": "33", "nothing-notable": "32"}
_MIN_URI_CELLS: Final = 24
_GOES_CELLS: Final = 30
_TEXT_CELLS: Final = 24
_PART_CELLS: Final = 20
_MIN_CELLS: Final = 8  # the narrowest a goes-to, visible-text or part column gets
_MIN_WIDTH: Final = 72  # every column at its narrowest: a narrower terminal wraps
_DEFAULT_WIDTH: Final = 160  # table width when stdout is no terminal and COLUMNS unset
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


def _elide(text: str, limit: int, style: Style) -> str:
    """``text`` made terminal-safe in at most ``limit`` display cells, its middle elided
    (``start…end``: a link's host and its last path segment both stay), padded."""
    cs = cells(text)
    total = sum(w for _, w, _ in cs)
    if total > limit:
        head_cells = (limit - 1) * 3 // 5
        tail_cells = limit - 1 - head_cells
        head: list[tuple[str, int, bool]] = []
        width = 0
        for c in cs:
            if width + c[1] > head_cells:
                break
            head.append(c)
            width += c[1]
        tail: list[tuple[str, int, bool]] = []
        width = 0
        for c in reversed(cs[len(head):]):
            if width + c[1] > tail_cells:
                break
            tail.append(c)
            width += c[1]
        tail.reverse()
        cs = [*head, ("…", 1, False), *tail]
        total = sum(w for _, w, _ in cs)
    out = "".join(style(shown, "7") if esc else shown for shown, _, esc in cs)
    return out + " " * max(0, limit - total)


def _width(env: Environment) -> int:
    """Columns the table may use: ``COLUMNS``, else the terminal's, else 160 (a file)."""
    try:
        return max(_MIN_WIDTH, int(env.environ.get("COLUMNS", "")))
    except ValueError:
        pass
    if env.is_system and env.stdout_isatty:
        return max(_MIN_WIDTH, shutil.get_terminal_size((160, 24)).columns)
    return _DEFAULT_WIDTH


def _header(doc: Document, style: Style) -> list[str]:
    where = doc.source or "-"
    if doc.index is not None:
        where += f" message {doc.index}"
    if doc.subject:
        where += f": {doc.subject}"
    n = len(doc.links)
    out = [style.bold(show(where, style)) + f"  ({n} link{'s' if n != 1 else ''}, {doc.kind})"]
    for name, value in (("From", doc.sender), ("Date", doc.date)):
        if value:
            out.append(f"  {style.dim(name + ':')} {show(value, style)}")
    mail = doc.mail
    if mail is not None:
        if mail.reply_to:
            out.append(f"  {style.dim('Reply-To:')} {show(', '.join(mail.reply_to), style)}")
        auth = mail.checks_shown()
        if auth:
            out.append(f"  {style.dim('Authentication:')} {show(auth, style)}")
        out += [f"  {style('!', '1;31')} {show(note, style)}" for note in mail.notes]
    return out


def shown_link(link: Link, live: bool) -> str:
    """The link as the table prints it: defanged (``hxxps://evil[.]example``) unless
    ``live``; a defanged indicator found in text stays as written."""
    if live or (link.target != link.uri and refang(link.uri)[1]):
        return link.uri
    return defang(link.uri)


def _safe(text: str, link: Link, where: str, live: bool) -> str:
    """Prose or a name from a row (a reason, visible text, a domain) with every link and
    each host the row names defanged, unless ``live``."""
    if live or not text:
        return text
    hosts = tuple(h for h in (where, link.shown_domain, host_of(link.target)) if h)
    return defang_mentions(text, hosts)


def _narrowed(width: int, columns: list[int]) -> tuple[int, int, int]:
    """The widths of the goes-to, visible-text and part columns, the widest narrowed
    first (to ``_MIN_CELLS`` at least) until the link keeps ``_MIN_URI_CELLS``."""
    goes, text, part = columns
    over = (4 + 16 + goes + 1 + text + 1 + part + 1 + _MIN_URI_CELLS) - width
    while over > 0:
        widest = max(goes, text, part)
        if widest <= _MIN_CELLS:
            break
        cut = min(over, widest - max(_MIN_CELLS, sorted((goes, text, part))[1]) or 1)
        if goes == widest:
            goes -= cut
        elif text == widest:
            text -= cut
        else:
            part -= cut
        over -= cut
    return goes, text, part


def render_table(
    doc: Document, style: Style, *, width: int = _DEFAULT_WIDTH, live: bool = False
) -> list[str]:
    """One document as a table: mark, verdict, link, where it goes, visible text, part."""
    out = _header(doc, style)
    links = doc.links
    goes = [goes_to(link) for link in links]
    goes_w = min(_GOES_CELLS, max([len("goes to"), *(len(g) + 4 for g in goes)]))
    text_w = min(_TEXT_CELLS, max([len("visible text"),
                                   *(len(x.display or "") + 4 for x in links)]))
    part_w = min(_PART_CELLS, max([4, *(len(x.part or "") for x in links)]))
    goes_w, text_w, part_w = _narrowed(width, [goes_w, text_w, part_w])
    uri_w = max(_MIN_URI_CELLS, width - (4 + 16 + goes_w + 1 + text_w + 1 + part_w + 1))
    if links:
        out.append(
            style.dim(
                f"    {'verdict':<15} {'link':<{uri_w}} {'goes to':<{goes_w}} "
                f"{'visible text':<{text_w}} part"
            )
        )
    for link, where in zip(links, goes, strict=True):
        verdict = link.verdict or ""
        mark = style("!", "1;31") if link.mismatch else " "
        display = link.display if link.display is not None else ""
        line = (
            f"  {mark} {style(f'{verdict:<15}', _VERDICT_SGR.get(verdict))} "
            f"{_elide(shown_link(link, live), uri_w, style)} "
            f"{_elide(_safe(where, link, where, live), goes_w, style)} "
            f"{_elide(_safe(display, link, where, live), text_w, style)} "
            f"{_elide(link.part or '', part_w, style)}"
        )
        out.append(line.rstrip())
        if link.target != link.uri and refang(link.uri)[1]:
            out.append("      " + style.dim("defanged; refanged: ") + show(
                link.target if live else defang(link.target), style))
        if link.reason and verdict in ("danger", "caution"):
            reason = _safe(link.reason, link, where, live)
            out.append("      " + style(show(reason, style), _VERDICT_SGR.get(verdict)))
        if link.browser_uri is not None:
            out.append("      " + style.dim("a browser resolves it to ") + show(
                link.browser_uri, style))
    for p in doc.problems:
        where = f" ({show(p.part, style)})" if p.part else ""
        out.append(f"  {style('problem', '33')} {p.code}{where}: {show(p.message, style)}")
    return out


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
        self.total = max(self.total, done)  # a count made ahead is a guess; never exceed it
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


#: A document as read, or (issue 22) judged on a worker with its ``--json`` lines.
Shown = Document | tuple[Document, str]


def run(env: Environment, ns: argparse.Namespace, paths: Sequence[str]) -> ExitStatus:
    """Read every path and print its links; a bad file or message never ends the run.

    With ``--json`` a mailbox's messages are read, judged and written as JSON on
    ``--jobs`` worker processes (default: the CPUs), printed in input order, byte for
    byte as with ``--jobs 1``."""
    on_workers = bool(ns.json) and getattr(ns, "ioc", None) is None
    return show_documents(env, ns, _path_documents(
        env, paths, getattr(ns, "base", None), getattr(ns, "jobs", None) if on_workers else 1))


def judged_json(doc: Document, _path: str) -> tuple[Document, str]:
    """In a worker: ``doc``'s ``--json`` lines (``sources.link_lines``), and ``doc`` with
    its first link only and no mail context: what ``show_documents`` reads of it besides
    the lines is whether it has links and its problems (sending every link back cost
    more than judging it)."""
    return replace(doc, links=doc.links[:1], mail=None, text=None), document_lines(doc)


def _path_documents(
    env: Environment, paths: Sequence[str], base: str | None, jobs: int | None = 1
) -> Iterator[tuple[str, _Progress | None, Shown]]:
    """``(path, progress, document)`` for every document of every path, lazily."""
    from uriinspector.cli import extract_parallel

    for path in paths:
        source = open_path(path, base=base)
        progress = _Progress(env, path, source.total if source.kind in (
            "mbox", "maildir") else None)
        shown: Iterable[Shown] = source.documents()
        if source.kind in ("mbox", "maildir"):
            shown = (extract_parallel.outputs(source, judged_json, (), jobs)
                     if extract_parallel.worth_workers(source, jobs)
                     else few_collections(shown))
        for done, doc in enumerate(shown, 1):
            progress.show(done)
            yield path, progress, doc
        progress.clear()


def text_documents(text: str) -> Iterator[tuple[str, _Progress | None, Document]]:
    """Free text as one document, defanged indicators included (as the window's Extract
    tab reads it: ``core.extract.extract(text, defanged=True)``)."""
    yield "-", None, extract_text(text, defanged=True)


def show_documents(
    env: Environment, ns: argparse.Namespace,
    documents: Iterable[tuple[str, _Progress | None, Shown]],
) -> ExitStatus:
    """Print each document's links (a table, ``--json`` lines, or ``--ioc`` at the end)."""
    style = Style(use_colour(ns.color, env))
    live = bool(getattr(ns, "live", False))
    ioc: str | None = getattr(ns, "ioc", None)
    width = _width(env)
    status = ExitStatus.SUCCESS
    first = True
    found: list[Indicator] = []
    for path, progress, shown in documents:
        doc, lines_json = shown if isinstance(shown, tuple) else (shown, None)
        skipped = doc.not_read()  # nothing read: say so and exit 1, never "0 links"
        where = path + (f": message {doc.index}" if doc.index is not None else "")
        if skipped or (doc.kind == "unknown" and not doc.links):
            if progress is not None:
                progress.clear()
            for p in doc.problems:
                env.error(f"{PROG} extract: {where}: skipped: {p.message}")
            status = ExitStatus.ERROR
            continue
        if ioc is not None or ns.json:
            if ioc is not None:
                found.extend(indicators_of(with_verdicts(doc)))
            else:
                env.write(lines_json if lines_json is not None else document_lines(doc))
            if doc.problems and progress is not None:
                progress.clear()
            for p in doc.problems:
                part = f" ({p.part})" if p.part else ""
                env.error(f"{PROG} extract: {where}{part}: {p.code}: {p.message}")
            continue
        if progress is not None:
            progress.clear()
        doc = with_verdicts(doc)
        lines = render_table(doc, style, width=width, live=live)
        env.write(("" if first else "\n") + "\n".join(lines) + "\n")
        first = False
    if ioc is not None:
        env.write(render_indicators(found, ioc).rstrip("\n") + "\n")
    return status


def show_text(env: Environment, ns: argparse.Namespace, text: str) -> ExitStatus:
    """Free text: its references (App. E) and defanged indicators, each with offsets,
    verdict and, for an indicator, its refanged target; ``--ioc`` exports them."""
    doc = with_verdicts(extract_text(text, defanged=True))
    if getattr(ns, "ioc", None) is not None:
        return show_documents(env, ns, [("-", None, doc)])
    style = Style(use_colour(ns.color, env))
    live = bool(getattr(ns, "live", False))
    n = len(doc.links)
    out = [f"{n} URI reference{'s' if n != 1 else ''} found"]
    for link in doc.links:
        verdict = link.verdict or ""
        span = link.span
        where = style.dim(f"  [{span.start}, {span.end})") if span is not None else " "
        out.append(
            f"{where}  {style(f'{verdict:<15}', _VERDICT_SGR.get(verdict))} "
            + style.bold(show(shown_link(link, live), style))
        )
        if link.target != link.uri and refang(link.uri)[1]:
            out.append("      " + style.dim("defanged; refanged: ") + show(link.target, style))
        if link.reason and verdict in ("danger", "caution"):
            reason = _safe(link.reason, link, goes_to(link), live)
            out.append("      " + style(show(reason, style), _VERDICT_SGR.get(verdict)))
    env.write("\n".join(out) + "\n")
    return ExitStatus.SUCCESS
