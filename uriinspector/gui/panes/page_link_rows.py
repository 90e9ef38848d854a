"""The page-links view's rows, Qt-free: each reference's cells, whether it is marked as a
difference, its tooltip, both traces, and the base and status lines.

Built from ``sources.page_links.PageLinks`` (every reference resolved by RFC 3986 §5.2
and as browsers do, WHATWG URL): a row where they differ says so in a word
("Differs", with the warning icon) and in colour (``DIFFERS_ICON``, ``WARN_COLUMNS``,
a tinted row). ``page_links.PageLinksView`` only turns rows into table and tree items.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from uriinspector.gui.plain import plain_tooltip, visible_text

if TYPE_CHECKING:
    from uriinspector.core.resolve import Resolution
    from uriinspector.sources.page_links import PageLinks, PageReference

COL_WHERE, COL_WRITTEN, COL_RFC, COL_BROWSER, COL_DIFF, COL_GOES = range(6)
HEADERS = ("Where", "Written", "RFC 3986", "Browsers (WHATWG)", "Differs", "Goes to")
#: The Differs column: one word, the warning icon beside "Differs" (colour and words
#: both say it; the tooltip says where each goes).
DIFFERS_WORDS = "Differs"
SAME_WORDS = "Same"
#: The icon (``gui/resources``) of a differing row's Differs cell.
DIFFERS_ICON = "warning"
#: The cells of a differing row drawn in the warning colour (all of it is tinted).
WARN_COLUMNS = (COL_BROWSER, COL_DIFF)
CELL_LIMIT = 300
#: Characters of the page URL and base the base line quotes.
BASE_LIMIT = 120
TRACE_HEADERS = ("#", "Rule", "Why", "Buffer")
TRACE_TITLES = ("RFC 3986 §5.2", "Browsers (WHATWG URL, reasons per step)")


def target_cell(r: Resolution) -> str:
    """A resolution's target, or why there is none."""
    if r.target is not None:
        return r.target
    return f"no target: {r.error.code}" if r.error is not None else "no target"


def row_cells(ref: PageReference) -> tuple[str, ...]:
    """The text of one row, whole (the table shows each cut at ``CELL_LIMIT``)."""
    return (
        ref.where,
        ref.raw,
        target_cell(ref.rfc3986),
        target_cell(ref.browser),
        DIFFERS_WORDS if ref.differs else SAME_WORDS,
        ref.destination(),
    )


def tooltip_text(ref: PageReference) -> str:
    """A row's tooltip as plain text: both targets, where it goes, what a click does."""
    lines = [f"{ref.where}: {ref.raw}",
             f"RFC 3986: {target_cell(ref.rfc3986)}",
             f"Browsers: {target_cell(ref.browser)}"]
    if ref.differs:
        lines.append("Browsers go elsewhere than RFC 3986: select the row for the reasons.")
    lines.append(f"Goes to: {ref.destination()}")
    if ref.fragment_only and not ref.same_document and ref.browser.target is not None:
        lines.append("HTML: a fragment link stays in the page only when the base is the "
                     "page's own URL; here it loads "
                     f"{ref.browser.target.split('#')[0]}.")
    lines.append("Double-click to open it in the Resolution pane.")
    return "\n".join(lines)


class PageLinkRow(NamedTuple):
    """One table row: its cells as shown, the tooltip (made plain) every cell carries,
    and whether browsers go elsewhere (tinted, ``WARN_COLUMNS`` warned, the icon)."""

    position: int
    cells: tuple[str, ...]
    tooltip: str
    differs: bool


def page_link_row(ref: PageReference, index: int) -> PageLinkRow:
    """The row of ``ref``, ``index`` its place in ``PageLinks.references``."""
    return PageLinkRow(index, tuple(visible_text(t, CELL_LIMIT) for t in row_cells(ref)),
                       plain_tooltip(tooltip_text(ref)), ref.differs)


def base_text(links: PageLinks) -> str:
    """The line above the table: the page, its ``<base href>`` and the base each rule
    set resolves against, and the page's problems."""
    parts: list[str] = []
    page = links.page_url.strip()
    parts.append(f"Page: {visible_text(page, BASE_LIMIT)}" if page else "Page URL not set")
    if links.base_href is not None:
        parts.append(f'<base href="{visible_text(links.base_href, BASE_LIMIT)}">')
        if links.base_rfc3986 == links.base_browser:
            parts.append(f"base: {visible_text(links.base_rfc3986 or '(none)', BASE_LIMIT)}")
        else:
            rfc = visible_text(links.base_rfc3986 or "(none)", BASE_LIMIT)
            browsers = visible_text(links.base_browser or "(none)", BASE_LIMIT)
            parts.append(f"base by RFC 3986: {rfc} · by browsers: {browsers}")
        if links.document_url and links.base_browser and (
            links.base_browser.split("#")[0] != links.document_url
        ):
            parts.append("the base is not the page: '#…' links leave the page")
    else:
        parts.append("no <base href>: references resolve against the page URL")
    for problem in links.problems:
        parts.append(f"⚠ {problem}")
    return " · ".join(parts)


def status_text(links: PageLinks | None, only_differences: bool) -> str:
    """The status line: references, how many differ, the filter, what was left out."""
    if links is None:
        return ""
    n = len(links.references)
    text = f"{n} reference{'s' if n != 1 else ''} · {links.differences} differ"
    if only_differences:
        text += " (only these shown)"
    if links.left_out:
        text += f" · {links.left_out} more not resolved (limit)"
    return text


def hidden_rows(links: PageLinks | None, only_differences: bool) -> tuple[bool, ...]:
    """Whether each row is hidden by *Only differences*."""
    refs = links.references if links is not None else ()
    return tuple(only_differences and not ref.differs for ref in refs)


class TraceStep(NamedTuple):
    """One step of a trace: its four cells and the Why cell's plain tooltip ("" none)."""

    cells: tuple[str, str, str, str]
    tooltip: str


class TraceSection(NamedTuple):
    """One resolution's trace: the heading row (spanned), its tooltip, its steps."""

    cells: tuple[str, str, str, str]
    tooltip: str
    steps: tuple[TraceStep, ...]


def trace_section(title: str, r: Resolution) -> TraceSection:
    """A resolution's heading and steps, each with its rule and reason; an error last."""
    steps = [TraceStep((str(n), step.rule, visible_text(step.detail), visible_text(step.value)),
                       plain_tooltip(step.detail))
             for n, step in enumerate(r.steps, 1)]
    if r.error is not None:
        steps.append(TraceStep(("", "error", visible_text(r.error.message), ""), ""))
    head = (title, "", f"base {visible_text(r.base, CELL_LIMIT)}" if r.base else "no base",
            visible_text(target_cell(r), CELL_LIMIT))
    return TraceSection(head, plain_tooltip(f"base {r.base}\ntarget {target_cell(r)}"),
                        tuple(steps))


def trace_sections(ref: PageReference) -> tuple[TraceSection, TraceSection]:
    """Both resolutions of ``ref``: RFC 3986's, then the browsers'."""
    return (trace_section(TRACE_TITLES[0], ref.rfc3986),
            trace_section(TRACE_TITLES[1], ref.browser))


def read_error_text(path: str, why: str) -> str:
    """Why a page file could not be read, as the status line says it."""
    why = why.removeprefix("cannot read: ")
    return visible_text(why if why.startswith(path) else f"Cannot read {path}: {why}", 300)
