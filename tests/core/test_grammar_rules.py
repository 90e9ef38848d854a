"""Every rule text in core/grammar_rules.py is found, word for word, in its spec.

Whitespace is collapsed on both sides (the 1997 and 2003 drafts were re-wrapped, see
shared/specs/README.md); any other typo in a transcribed rule fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from uriinspector.core.grammar_rules import RULE_TABLES

SPECS = Path("/work/shared/specs")
LOCAL = Path(__file__).resolve().parent.parent / "data" / "specs"

SOURCES: dict[str, Path] = {
    "rfc3986": LOCAL / "rfc3986-appendix-a.txt",
    "rfc2396": LOCAL / "rfc2396-appendix-a.txt",
    "draft-2003": SPECS / "draft-fielding-uri-rfc2396bis-01-2003.txt",
    "draft-1997": SPECS / "draft-fielding-url-syntax-05-1997.txt",
    "draft-1993": SPECS / "berners-lee-url-draft-1993.txt",
}


def _flat(text: str) -> str:
    # a word broken at a line end ("URI-\nreference") is one word again
    text = re.sub(r"(?<=[A-Za-z])-\n\s*(?=[A-Za-z])", "-", text)
    return re.sub(r"\s+", " ", text)


_CACHE: dict[str, str] = {}


def _spec(edition: str) -> str:
    if edition not in _CACHE:
        _CACHE[edition] = _flat(SOURCES[edition].read_text(encoding="utf-8"))
    return _CACHE[edition]


CASES = [
    (edition, name, text) for edition, rows in RULE_TABLES.items() for name, text, _s in rows
]


@pytest.mark.parametrize(("edition", "name", "text"), CASES)
def test_rule_text_is_in_the_spec(edition: str, name: str, text: str) -> None:
    """The rule, as ``name = text`` (1993: ``name text``), occurs in the spec text."""
    sep = " " if edition == "draft-1993" else " = "
    needle = _flat(f"{name}{sep}{text}")
    if SOURCES[edition].parent == SPECS and not SOURCES[edition].exists():
        pytest.skip("shared specs not available")
    assert needle in _spec(edition), f"{edition}: {needle!r} not found in {SOURCES[edition]}"


def test_a_typo_would_fail() -> None:
    """The check is not vacuous: a one-character change is not found."""
    assert _flat('host = IP-literal / IPv4address / reg-name') in _spec("rfc3986")
    assert _flat('host = IP-literal / IPv4Address / reg-name') not in _spec("rfc3986")


def test_no_duplicate_names() -> None:
    """One rule per name per edition, so a lookup is unambiguous."""
    for edition, rows in RULE_TABLES.items():
        names = [r[0] for r in rows]
        assert len(names) == len(set(names)), edition
