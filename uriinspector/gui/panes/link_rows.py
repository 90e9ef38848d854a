"""The document view's rows, Qt-free: each link's cells, verdict word and icon key,
colours (severity keys), tooltip, and the parts tree, mail strip and status line.

Columns: the verdict (an icon and one word, ``core.verdict.verdict_word``; the sentence
and its reason in the tooltip), the link, the visible text of its anchor (``display``),
the MIME part (or the attribute) it came from, and a note. A row whose visible text
shows another site (``mismatch``) is drawn in the danger colour AND says so in words; a
row where browsers (WHATWG URL Standard) resolve the reference elsewhere than RFC 3986
§5.2 says so in the warning colour. ``links_model.LinksModel`` (Qt) answers each role
from these functions, a screen of rows at a time; ``document_view`` shows the rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from uriinspector.core.verdict import VERDICT_WORD, verdict_word, verdict_words
from uriinspector.gui.plain import plain_tooltip, visible_text

if TYPE_CHECKING:
    from uriinspector.sources.model import Document, Link
    from uriinspector.sources.reader_process import Summary

COL_VERDICT, COL_LINK, COL_SHOWN, COL_WHERE, COL_NOTE = range(5)
HEADERS = ("Verdict", "Link", "Shown as", "Part", "Note")
#: Characters a cell shows (Qt's elision of long cells is slow; tooltips have more).
CELL_LIMIT = 300

#: A verdict level's icon (``gui/resources``), the cue beside the word.
LEVEL_ICONS = {"danger": "danger", "caution": "warning", "nothing-notable": "info"}
#: The verdict cell of a row still being judged.
PENDING_WORD = "Pending"
#: Every word the verdict column can show: its width is measured on these.
VERDICT_COLUMN_WORDS = (*VERDICT_WORD.values(), PENDING_WORD)
MISMATCH_WORDS = "⚠ shows"
BROWSER_WORDS = "≠ browsers go to"
DEFANGED_WORDS = "defanged: refanged is"
CLICK_HINT = "Click to inspect it; double-click a page's link for its resolution."

#: Most nodes of the parts tree (a 10,000-link archive of archives stays a small tree).
MAX_PART_NODES = 2_000
#: Problems the problems line lists before "… and N more problems".
SHOWN_PROBLEMS = 4
#: A document kind in the status line.
KIND_WORDS = {"eml": "mail", "msg": "Outlook message", "html": "page", "image": "image",
              "text": "text"}


def note_of(link: Link) -> str:
    """The Note cell: what a reader must notice about this row, in words."""
    notes: list[str] = []
    if link.mismatch:
        shown = link.shown_domain or (link.display or "")
        goes = link.target_domain or link.uri
        notes.append(f"{MISMATCH_WORDS} {shown}, goes to {goes}")
    if link.browser_uri is not None:
        notes.append(f"{BROWSER_WORDS} {link.browser_uri}")
    if link.kind == "text" and link.target != link.uri:
        from uriinspector.core.defang import refang

        if refang(link.uri)[1]:  # a defanged indicator: what it stands for
            notes.append(f"{DEFANGED_WORDS} {link.target}")
        else:  # draft-2003 App. F: an abbreviated reference, completed
            notes.append(f"probably {link.target} (guess)")
    if link.kind == "qr":
        notes.append("read from a QR code")
    elif link.kind == "base":
        notes.append("the page's <base href>")
    return " · ".join(notes)


def verdict_line(link: Link) -> str:
    """The row's verdict and its first reason (``sources.link_verdict``: the words the
    banner, the CLI and the reports give for this link in this document)."""
    from uriinspector.sources import link_verdict

    verdict = link_verdict(link)
    reason = verdict.reasons[0] if verdict.reasons else ""
    return f"{verdict_words(verdict.level)}: {reason}" if reason else verdict_words(verdict.level)


def cell_text(link: Link, level: str | None, column: int) -> str:
    """The text of one cell (as a person reads it); ``level`` None: not judged yet."""
    if column == COL_VERDICT:  # one word; the sentence and reason in the tooltip
        return verdict_word(level) if level else PENDING_WORD
    if column == COL_LINK:
        return visible_text(link.uri, CELL_LIMIT)
    if column == COL_SHOWN:
        return "" if link.display is None else visible_text(link.display, CELL_LIMIT)
    if column == COL_WHERE:
        return visible_text(link.part or link.kind, CELL_LIMIT)
    return visible_text(note_of(link), CELL_LIMIT)


def link_cells(link: Link, level: str | None) -> tuple[str, ...]:
    """Every cell of a link's row, in column order."""
    return tuple(cell_text(link, level, c) for c in range(len(HEADERS)))


def foreground_key(link: Link, level: str | None, column: int) -> str | None:
    """A cell's text colour as a severity key (``palette.severity_color``); None: the
    view's own. A mismatch row is danger throughout; a browser difference is a warning
    on the link and the note; the verdict cell follows its level."""
    if link.mismatch:
        return "danger"
    if link.browser_uri is not None and column in (COL_LINK, COL_NOTE):
        return "warning"
    if column == COL_VERDICT and level in ("danger", "caution"):
        return "danger" if level == "danger" else "warning"
    return None


def icon_key(link: Link, level: str | None) -> str | None:
    """The verdict cell's icon (``gui/resources``): danger for a mismatch, else the
    level's; None while not judged."""
    shown = "danger" if link.mismatch else level
    return LEVEL_ICONS.get(shown) if shown is not None else None


def tooltip_text(link: Link, level: str | None) -> str:
    """A row's tooltip, made plain: the verdict's first reason once judged, the link,
    how the page wrote it, its visible text, its part, the note and what a click does."""
    lines = [link.uri]
    if level:  # the verdict's first reason, as the banner words it
        lines.insert(0, verdict_line(link))
    if link.raw != link.uri:
        lines.append(f"written in the page as: {link.raw}")
    if link.display:
        lines.append(f"shown as: {link.display}")
    if link.part:
        lines.append(f"part: {link.part}")
    note = note_of(link)
    if note:
        lines.append(note)
    lines.append(CLICK_HINT)
    return plain_tooltip("\n".join(lines))


class PartNode(NamedTuple):
    """One node of the parts tree (``key``: the path of part names down to it)."""

    key: tuple[str, ...]
    label: str
    tooltip: str  # already made plain
    links: int  # links in it and below
    first: int  # the row of its first link

    @property
    def parent(self) -> tuple[str, ...]:
        """The key of the node above (``()`` for a top-level node)."""
        return self.key[:-1]


def part_nodes(links: tuple[Link, ...]) -> tuple[PartNode, ...]:
    """The tree of parts (``a › b › c``), parents before children, at most
    ``MAX_PART_NODES``; empty unless some link sits in a document inside another (an
    archive, a PDF, an attachment)."""
    nested = [link.part.split(" › ") if link.part else [] for link in links]
    if not any(len(path) > 1 for path in nested):
        return ()
    order: list[tuple[str, ...]] = []
    counts: dict[tuple[str, ...], int] = {}
    first: dict[tuple[str, ...], int] = {}
    for row, path in enumerate(nested):
        for depth in range(1, len(path) + 1):
            key = tuple(path[:depth])
            if key not in counts and len(order) < MAX_PART_NODES:
                order.append(key)
            counts[key] = counts.get(key, 0) + 1
            first.setdefault(key, row)
    return tuple(PartNode(key, visible_text(key[-1], 120), plain_tooltip(" › ".join(key)),
                          counts[key], first[key]) for key in order)


def mail_text(doc: Document) -> str:
    """The mail strip: From (name and address), Reply-To, Return-Path, the receiving
    server's SPF/DKIM/DMARC and the notes, a line each; "" for no mail."""
    mail = doc.mail
    if mail is None:
        return ""
    lines = []
    sender = " — ".join(x for x in (mail.from_name, mail.from_address) if x)
    if sender:
        lines.append(f"From: {sender}")
    if mail.reply_to:
        lines.append("Reply-To: " + ", ".join(mail.reply_to))
    if mail.return_path:
        lines.append(f"Return-Path: {mail.return_path}")
    checks = mail.checks_shown()
    if checks:
        lines.append(f"The receiving server wrote: {checks}")
    lines += [f"⚠ {note}" for note in mail.notes]
    return "\n".join(visible_text(line, 300) for line in lines)


def problems_text(doc: Document) -> tuple[str, str]:
    """The problems line and its tooltip (plain): the first few, then how many more."""
    if not doc.problems:
        return "", ""
    lines = [f"⚠ {p.message}" + (f" (part {p.part})" if p.part else "")
             for p in doc.problems[:SHOWN_PROBLEMS]]
    if len(doc.problems) > SHOWN_PROBLEMS:
        lines.append(f"… and {len(doc.problems) - SHOWN_PROBLEMS} more problems")
    return ("\n".join(visible_text(line, 300) for line in lines),
            plain_tooltip("\n".join(p.message for p in doc.problems)))


def busy_text(name: str) -> str:
    """The status line while a document is being read."""
    return f"Reading {visible_text(name, 80)}…"


class Judged(NamedTuple):
    """How far the verdicts have come: rows judged, of them danger, and all rows."""

    judged: int
    danger: int
    total: int


def summary_text(name: str, doc: Document, counts: Summary | None, judged: Judged,
                 base: str | None) -> str:
    """One line: what was read and what stands out."""
    what = KIND_WORDS.get(doc.kind, "document")
    n, parts, mismatches, differ = (
        (0, 0, 0, 0) if counts is None
        else (counts.links, counts.parts, counts.mismatches, counts.differ))
    shown = visible_text(name, 60)
    if doc.kind == "image" and n == 0:
        if doc.problems:  # not an image, too large, a code holding no link…
            return f"{shown}: {doc.problems[0].message}"
        return f"{shown}: no QR code or barcode with a link was found in the image."
    if n == 0 and doc.problems:
        return f"{shown} ({what}): no link could be read. {doc.problems[0].message}"
    text = f"{shown} ({what}): {n} link{'s' if n != 1 else ''}"
    if parts:
        text += f" in {parts} part{'s' if parts != 1 else ''}"
    if mismatches:
        text += f" · {mismatches} shown as another site (mismatch)"
    if differ:
        text += f" · {differ} resolved differently by browsers"
    text += f" · {judged.danger} danger"
    if judged.judged < judged.total:
        text += f" · judging {judged.judged}/{judged.total}…"
    if base and doc.kind == "html":
        text += f" · base {visible_text(base, 80)}"
    return text
