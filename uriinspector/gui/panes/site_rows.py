"""The Site pane's rows, Qt-free: the pages list, the selected page's references, the
summary line and the page source, built from ``sources.site``'s results.

Pages with broken references come first (``page_insert_at``), each group in path order
(the check yields pages in path order); a page's references list its problems first,
each group in page order (``reference_rows``). Each cell is cut at ``CELL_LIMIT`` with
hidden characters made visible; tooltips are made plain (``plain_tooltip``) and carry
the whole value. The pane (``site.py``) only turns rows into tree items.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from uriinspector.gui.plain import plain_tooltip, visible_text

if TYPE_CHECKING:
    from uriinspector.sources.site import SitePage, SiteReference

PAGE_HEADERS = ("Broken", "Page", "References")
PAGE_BROKEN, PAGE_NAME, PAGE_REFS = range(3)
REF_HEADERS = ("Status", "Where", "Written", "Browsers load", "RFC 3986", "Why")
COL_STATUS, COL_WHERE, COL_WRITTEN, COL_BROWSER, COL_RFC, COL_WHY = range(6)
#: Characters a cell shows (the tooltip has the whole value, up to 2,000).
CELL_LIMIT = 300
#: Characters a line of the page source shows (a minified page is one long line).
SOURCE_LINE_LIMIT = 100_000
#: A reference status's severity key (``palette.severity_color``) for its Status cell.
STATUS_SEVERITY = {
    "missing-file": "danger", "missing-fragment": "danger", "outside": "danger",
    "case-mismatch": "warning", "external": "info", "ok": "info",
}
NO_FILE = "(browsers reject it)"
NO_TARGET = "(no target)"
#: After the RFC 3986 target where browsers load something else.
DIFFERS_MARK = "  ≠"


class PageRow(NamedTuple):
    """One page in the pages list (``position``: its place in the check's pages)."""

    position: int
    broken: int
    cells: tuple[str, str, str]
    tooltip: str  # the Page cell's, already made plain
    #: the Broken cell's severity key, None for a page with nothing broken
    severity: str | None


class ReferenceRow(NamedTuple):
    """One reference of the selected page (``position``: its place in ``page.references``)."""

    position: int
    cells: tuple[str, str, str, str, str, str]
    severity: str  # the Status cell's severity key
    tooltips: tuple[tuple[int, str], ...]  # (column, plain tooltip)


def page_row(page: SitePage, index: int) -> PageRow:
    """The row of ``page``: broken count, path, reference count; the URL and problems
    in the tooltip."""
    broken = page.broken
    tip = page.url + ("\n" + "\n".join(page.problems) if page.problems else "")
    return PageRow(index, broken,
                   (str(broken), visible_text(page.path, CELL_LIMIT), str(len(page.references))),
                   plain_tooltip(tip), "danger" if broken else None)


def page_insert_at(shown: Sequence[int], broken: int) -> int:
    """Where a page with ``broken`` references goes among rows whose broken counts are
    ``shown`` (top to bottom): a broken page after the broken ones, others at the end."""
    if not broken:
        return len(shown)
    return next((i for i, n in enumerate(shown) if n == 0), len(shown))


def where_text(ref: SiteReference) -> str:
    """The Where cell: the attribute, and the line when it is known."""
    return ref.attr + (f" · line {ref.line}" if ref.line is not None else "")


def reference_row(ref: SiteReference, index: int) -> ReferenceRow:
    """The row of one reference: status, where, as written, both targets, why."""
    cells = (ref.status, where_text(ref), visible_text(ref.ref, CELL_LIMIT),
             visible_text(ref.file or ref.browser_target or NO_FILE, CELL_LIMIT),
             visible_text(ref.target or NO_TARGET, CELL_LIMIT)
             + (DIFFERS_MARK if ref.differs else ""),
             visible_text(ref.note or "", CELL_LIMIT))
    tips = tuple((col, plain_tooltip(text)) for col, text in (
        (COL_WRITTEN, ref.ref), (COL_BROWSER, ref.browser_target or ""),
        (COL_RFC, ref.target or ""), (COL_WHY, ref.note or "")))
    return ReferenceRow(index, cells, STATUS_SEVERITY.get(ref.status, "info"), tips)


def reference_rows(page: SitePage, only_problems: bool = False) -> tuple[ReferenceRow, ...]:
    """The rows of ``page``'s references: broken ones first, each group in page order;
    only the broken ones when ``only_problems``."""
    rows = [reference_row(r, i) for i, r in enumerate(page.references)
            if r.broken or not only_problems]
    rows.sort(key=lambda row: not page.references[row.position].broken)  # stable
    return tuple(rows)


def summary_text(pages: Sequence[SitePage], *, running: bool) -> str:
    """The line above the lists: pages, references, broken, external, differences."""
    refs = [r for p in pages for r in p.references]
    broken = sum(1 for r in refs if r.broken)
    external = sum(1 for r in refs if r.status == "external")
    differs = sum(1 for r in refs if r.differs)
    words = (f"{len(pages):,} pages, {len(refs):,} references: {broken:,} broken, "
             f"{external:,} external (never fetched), {differs:,} where browsers and "
             "RFC 3986 differ")
    return ("Checking… " if running else "") + words


def error_text(error: str) -> str:
    """Why a check stopped, as the summary line shows it."""
    return visible_text(error, 500)


def folder_text(root: str) -> str:
    """The folder's name beside *Choose Folder…* (its tooltip: ``plain_tooltip(root)``)."""
    return visible_text(root, 200)


def source_text(text: str) -> str:
    """A page's source as shown: hidden characters as markers, line by line (the line
    breaks stay breaks, so a reference's line number finds its line)."""
    return "\n".join(visible_text(line, SOURCE_LINE_LIMIT) for line in text.split("\n"))
