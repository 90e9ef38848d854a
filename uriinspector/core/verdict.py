"""The verdict in words: one wording for the banner, the reports, the summary and the CLI.

The core judges a link ``danger``, ``caution`` or ``nothing-notable``
(``core.analysis.judge``); every place that shows the verdict to a person takes its
words from here, so a ticket pasted from "Copy summary" says what the banner said. The
wording never says "safe": the most it says is that nothing notable was found.
"""

from __future__ import annotations

__all__ = ["NOTHING_PROVES", "VERDICT_WORDS", "verdict_words"]

#: The verdict level (``Verdict.level``) in words, capitalised as a heading.
VERDICT_WORDS: dict[str, str] = {
    "danger": "Danger",
    "caution": "Caution",
    "nothing-notable": "Nothing notable found",
}

#: What follows "Nothing notable found" wherever the verdict is explained.
NOTHING_PROVES = "That proves nothing about the site itself."


def verdict_words(level: str) -> str:
    """The words for ``level``; an unknown level is shown as itself (never raises)."""
    return VERDICT_WORDS.get(level, level)
