"""Every rule text in core/grammar_rules.py is found, word for word, in its spec.

Whitespace is collapsed on both sides (the 1997 and 2003 drafts were re-wrapped, see
shared/specs/README.md); any other typo in a transcribed rule fails here.
"""

from __future__ import annotations

import pytest

from tests.spec_text import SOURCES, flat, spec_text
from uriinspector.core.grammar_rules import RULE_TABLES

CASES = [
    (edition, name, text) for edition, rows in RULE_TABLES.items() for name, text, _s in rows
]


@pytest.mark.parametrize(("edition", "name", "text"), CASES)
def test_rule_text_is_in_the_spec(edition: str, name: str, text: str) -> None:
    """The rule, as ``name = text`` (1993: ``name text``), occurs in the spec text."""
    sep = " " if edition == "draft-1993" else " = "
    needle = flat(f"{name}{sep}{text}")
    assert needle in spec_text(edition), f"{edition}: {needle!r} not in {SOURCES[edition]}"


def test_a_typo_would_fail() -> None:
    """The check is not vacuous: a one-character change is not found."""
    assert flat("host = IP-literal / IPv4address / reg-name") in spec_text("rfc3986")
    assert flat("host = IP-literal / IPv4Address / reg-name") not in spec_text("rfc3986")
    assert flat("host = hostname | IPv4address") in spec_text("rfc2396")
    assert flat("host = hostname | IPv4adress") not in spec_text("rfc2396")


def test_sections_name_their_edition() -> None:
    """Each row's section names the edition it belongs to (no copy-paste slip)."""
    prefix = {
        "rfc3986": "RFC 3986 ",
        "rfc2396": "RFC 2396 ",
        "draft-2003": "draft-2003 ",
        "draft-1997": "draft-1997 ",
        "draft-1993": "draft-1993 ",
    }
    for edition, rows in RULE_TABLES.items():
        for name, _text, section in rows:
            assert section.startswith(prefix[edition]), (edition, name, section)


def test_no_duplicate_names() -> None:
    """One rule per name per edition, so a lookup is unambiguous."""
    for edition, rows in RULE_TABLES.items():
        names = [r[0] for r in rows]
        assert len(names) == len(set(names)), edition
