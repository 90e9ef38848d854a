"""The spec texts rule and note tests check against, whitespace-normalised.

The 1997 and 2003 drafts and the 1993 draft are in shared/specs; RFC 3986 and RFC 2396
(the published RFCs those drafts became) are excerpted under tests/data/specs.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

SPECS = Path(__file__).resolve().parents[1].parent / "shared" / "specs"
LOCAL = Path(__file__).resolve().parent / "data" / "specs"

SOURCES: dict[str, Path] = {
    "rfc3986": LOCAL / "rfc3986-appendix-a.txt",
    "rfc2396": LOCAL / "rfc2396-appendix-a.txt",
    "draft-2003": SPECS / "draft-fielding-uri-rfc2396bis-01-2003.txt",
    "draft-1997": SPECS / "draft-fielding-url-syntax-05-1997.txt",
    "draft-1993": SPECS / "berners-lee-url-draft-1993.txt",
}


def flat(text: str) -> str:
    """Collapse whitespace; a word broken at a line end ("URI-\\nreference") is rejoined."""
    text = re.sub(r"(?<=[A-Za-z])-\n\s*(?=[A-Za-z])", "-", text)
    return re.sub(r"\s+", " ", text)


@cache
def spec_text(edition: str) -> str:
    """The named edition's spec text, flattened."""
    return flat(SOURCES[edition].read_text(encoding="utf-8"))
