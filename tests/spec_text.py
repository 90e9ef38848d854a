"""The spec texts rule and note tests check against, whitespace-normalised.

Only the project's own spec files in shared/specs are read (shared/specs/README.md).
RFC 3986 rows and quotes are checked against the 2003 draft that became RFC 3986, and
RFC 2396 ones against the 1997 draft that became RFC 2396: the published RFCs are not
in the project, so where an RFC changed the draft's text the difference is listed by
the test that needs it (tests/core/test_grammar_rules.py, ``PUBLISHED_ONLY``).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

SPECS = Path(__file__).resolve().parents[1].parent / "shared" / "specs"

DRAFT_2003 = SPECS / "draft-fielding-uri-rfc2396bis-01-2003.txt"
DRAFT_1997 = SPECS / "draft-fielding-url-syntax-05-1997.txt"

SOURCES: dict[str, Path] = {
    "rfc3986": DRAFT_2003,  # draft-fielding-uri-rfc2396bis-01 became RFC 3986
    "rfc2396": DRAFT_1997,  # draft-fielding-url-syntax-05 became RFC 2396
    "draft-2003": DRAFT_2003,
    "draft-1997": DRAFT_1997,
    "draft-1993": SPECS / "berners-lee-url-draft-1993.txt",
}


def flat(text: str) -> str:
    """Collapse whitespace; a word broken at a line end ("URI-\\nreference") is rejoined."""
    text = re.sub(r"(?<=[A-Za-z])-\n\s*(?=[A-Za-z])", "-", text)
    return re.sub(r"\s+", " ", text)


@cache
def spec_text(edition: str) -> str:
    """The text of the spec file that checks ``edition``, flattened."""
    return flat(SOURCES[edition].read_text(encoding="utf-8"))
