"""The spec texts rule and note tests check against, whitespace-normalised.

Only the team's spec files are read (shared/specs/README.md), found by tests/specs.py:
a test whose spec file is absent is skipped.
RFC 3986 rows and quotes are checked against the 2003 draft that became RFC 3986, and
RFC 2396 ones against the 1997 draft that became RFC 2396: the published RFCs are not
in the project, so where an RFC changed the draft's text the difference is listed by
the test that needs it (tests/core/test_grammar_rules.py, ``PUBLISHED_ONLY``).
"""

from __future__ import annotations

import re
from functools import cache

from tests.specs import read_spec

DRAFT_2003 = "draft-fielding-uri-rfc2396bis-01-2003.txt"
DRAFT_1997 = "draft-fielding-url-syntax-05-1997.txt"

#: The spec file (a name in the spec set) that checks each edition.
SOURCES: dict[str, str] = {
    "rfc3986": DRAFT_2003,  # draft-fielding-uri-rfc2396bis-01 became RFC 3986
    "rfc2396": DRAFT_1997,  # draft-fielding-url-syntax-05 became RFC 2396
    "draft-2003": DRAFT_2003,
    "draft-1997": DRAFT_1997,
    "draft-1993": "berners-lee-url-draft-1993.txt",
}


def flat(text: str) -> str:
    """Collapse whitespace; a word broken at a line end ("URI-\\nreference") is rejoined."""
    text = re.sub(r"(?<=[A-Za-z])-\n\s*(?=[A-Za-z])", "-", text)
    return re.sub(r"\s+", " ", text)


@cache
def spec_text(edition: str) -> str:
    """The text of the spec file that checks ``edition``, flattened."""
    return flat(read_spec(SOURCES[edition]))
