"""The Extract tab's list rows, Qt-free: what each found URI's row says before and after
its verdict, its icon and colour keys, its tooltip, and the status line.

Built from ``core.extract``'s ``Extracted`` (draft-2003 App. E and F; defanged
indicators refanged) and ``core.analysis``' ``Verdict``. ``extract.ExtractPane`` only
turns rows into list items as the verdicts arrive.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from uriinspector.core.verdict import verdict_words
from uriinspector.gui.plain import plain_tooltip, visible_text

if TYPE_CHECKING:
    from uriinspector.core.analysis import Verdict
    from uriinspector.core.extract import Extracted

#: A verdict level's icon (``gui/resources``).
VERDICT_ICONS: dict[str, str] = {
    "danger": "danger",
    "caution": "warning",
    "nothing-notable": "info",
}
#: A verdict level's text colour as a severity key; None: the list's own text colour.
SEVERITY_OF_LEVEL: dict[str, str | None] = {
    "danger": "danger", "caution": "warning", "nothing-notable": None,
}
#: The verdict words of a row not judged yet.
PENDING_WORDS = "… analysing"
#: Characters of a URI a row (and its tooltip's first line) shows.
ROW_LIMIT = 300


def row_text(e: Extracted, verdict: Verdict | None) -> str:
    """A row of the list: the verdict word, then the URI (or the guess, labelled)."""
    word = verdict_words(verdict.level) if verdict is not None else PENDING_WORDS
    return f"{word} — {visible_text(e.label, ROW_LIMIT)}"


class ExtractRow(NamedTuple):
    """One row: its text, icon key (None while pending), colour key (None: the list's
    text colour) and tooltip (made plain)."""

    text: str
    icon: str | None
    severity: str | None
    tooltip: str


def pending_row(e: Extracted) -> ExtractRow:
    """The row of a URI not judged yet: the target whole in the tooltip."""
    return ExtractRow(row_text(e, None), None, None, plain_tooltip(e.target))


def judged_row(e: Extracted, verdict: Verdict) -> ExtractRow:
    """The row of a judged URI: the verdict's word, icon and colour; the target, how it
    was written when defanged, and the verdict's reasons in the tooltip."""
    reasons = "\n".join(verdict.reasons)
    written = f"written defanged as {visible_text(e.uri, ROW_LIMIT)}\n" if e.defanged else ""
    tip = plain_tooltip(f"{visible_text(e.target, ROW_LIMIT)}\n{written}\n{reasons}")
    return ExtractRow(row_text(e, verdict), VERDICT_ICONS[verdict.level],
                      SEVERITY_OF_LEVEL[verdict.level], tip)


def status_text(found: Sequence[Extracted], verdicts: Sequence[Verdict | None],
                analysed: int, has_text: bool) -> str:
    """The status line: found, guessed and defanged, danger and caution so far, and how
    far the analysis is (``analysed`` of them); "No URI found." for a text without any."""
    n = len(found)
    if n == 0:
        return "No URI found." if has_text else ""
    guesses = sum(1 for e in found if e.abbreviated)
    defanged = sum(1 for e in found if e.defanged)
    danger = sum(1 for v in verdicts if v is not None and v.level == "danger")
    caution = sum(1 for v in verdicts if v is not None and v.level == "caution")
    notes = [f"{guesses} guessed"] if guesses else []
    if defanged:
        notes.append(f"{defanged} defanged")
    text = f"{n} found" + (f" ({', '.join(notes)})" if notes else "")
    text += f" · {danger} danger · {caution} caution"
    if analysed < n:
        text += f" · analysing {analysed}/{n}…"
    return text
