"""The command line's first words: the entry point reads them before it decides between
the CLI and the window, so opening the window never imports the CLI (~97 M
instructions, ~18 ms, of every launch)."""

from __future__ import annotations

#: First arguments that select the CLI (``__main__`` opens the window for anything else).
COMMANDS: tuple[str, ...] = (
    "batch",
    "parse",
    "analyze",
    "resolve",
    "normalize",
    "compare",
    "urn",
    "extract",
    "report",
    "site",
    "open",
)
