"""The verdict: one function decides it, one wording shows it, everywhere.

The core judges a link ``danger``, ``caution`` or ``nothing-notable``. A link read
from a document (a mail, a page) also carries what the document showed for it: its
visible text, and whether that text names another site than the one the link finally
reaches (``LinkContext``). :func:`decide` takes the analysis and that context and is
the only place the verdict of a link in its document is made, so the Extract row, the
banner, the Findings pane, the CLI and the reports say the same thing for the same
reason; :func:`in_context` is the analysis with the context's finding added, for the
panes and reports that read ``Analysis.findings``.

Every place that shows the verdict to a person takes its words from here, so a
ticket pasted from "Copy summary" says what the banner said. The wording never says
"safe": the most it says is that nothing notable was found.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:  # imported on use: the CLI and batch read the words at start-up
    from uriinspector.core.analysis import Analysis, Verdict
    from uriinspector.core.findings import Finding

__all__ = [
    "MISMATCH_CODE",
    "NOTHING_PROVES",
    "VERDICT_WORD",
    "VERDICT_WORDS",
    "LinkContext",
    "context_findings",
    "decide",
    "in_context",
    "mismatch_sentence",
    "verdict_word",
    "verdict_words",
]

#: The verdict level (``Verdict.level``) in words, capitalised as a heading.
VERDICT_WORDS: dict[str, str] = {
    "danger": "Danger",
    "caution": "Caution",
    "nothing-notable": "Nothing notable found",
}

#: The level in one word, for a table's verdict column (its icon beside it; the
#: sentence of :data:`VERDICT_WORDS` and the reason go in the cell's tooltip). Still
#: never "safe": nothing flagged is all the word claims.
VERDICT_WORD: dict[str, str] = {
    "danger": "Danger",
    "caution": "Caution",
    "nothing-notable": "Unflagged",
}

#: What follows "Nothing notable found" wherever the verdict is explained.
NOTHING_PROVES = "That proves nothing about the site itself."

#: The finding a document adds when a link's visible text names another site.
MISMATCH_CODE: Final = "text-mismatch"


def verdict_words(level: str) -> str:
    """The words for ``level``; an unknown level is shown as itself (never raises)."""
    return VERDICT_WORDS.get(level, level)


def verdict_word(level: str) -> str:
    """``level`` in one word (:data:`VERDICT_WORD`); an unknown level is shown as
    itself, capitalised (never raises)."""
    return VERDICT_WORD.get(level, level[:1].upper() + level[1:])


@dataclass(frozen=True, slots=True)
class LinkContext:
    """What a document showed for one link: where the analysis alone cannot see.

    ``display`` is the anchor's visible text; ``mismatch`` says it names the site
    ``shown_domain`` while the link finally reaches ``final_domain`` (the registrable
    domain of the last destination, contract 1.2 ``final``; None: no site, as for
    ``javascript:``); ``part`` is where in the document it was found.
    """

    display: str | None = None
    mismatch: bool = False
    shown_domain: str | None = None
    final_domain: str | None = None
    part: str | None = None


def mismatch_sentence(shown: str | None, final: str | None) -> str:
    """The reason a mismatch is danger, in one sentence."""
    return (
        f"The visible text shows {shown or 'another site'} but the link goes to "
        f"{final or 'no site'}."
    )


def context_findings(text: str, context: LinkContext | None) -> tuple[Finding, ...]:
    """The findings a document context adds to the link ``text`` (a mismatch, danger)."""
    if context is None or not context.mismatch:
        return ()
    from uriinspector.core.findings import Finding
    from uriinspector.core.spans import Span

    return (
        Finding(
            MISMATCH_CODE, "danger", Span(0, len(text)),
            mismatch_sentence(context.shown_domain, context.final_domain),
        ),
    )


def decide(analysis: Analysis, context: LinkContext | None = None) -> Verdict:
    """The verdict of ``analysis`` read in ``context``: the one place it is decided.

    Without a context (or with one that adds nothing) it is the analysis's own verdict;
    a mismatch is a danger finding put first, so its sentence is the first reason.
    """
    extra = context_findings(analysis.text, context)
    if not extra:
        return analysis.verdict
    from uriinspector.core.analysis import judge

    return judge(
        extra + analysis.findings, analysis.whatwg, analysis.effective_host,
        analysis.parsed.split.authority is not None,
    )


def in_context(analysis: Analysis, context: LinkContext | None) -> Analysis:
    """``analysis`` with the context's findings first and the verdict :func:`decide`
    makes (the same object when the context adds nothing); lazy parts are shared."""
    extra = context_findings(analysis.text, context)
    if not extra:
        return analysis
    return replace(
        analysis, findings=extra + analysis.findings, verdict=decide(analysis, context)
    )
