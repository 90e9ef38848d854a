"""Every numbered requirement of RFC 2396 is cited by a test, and no test cites a stray ID.

The IDs are the project's own data (tests/data/requirements-2396-ids.json), so these
checks run in any clone; where the spec texts are present, the data is checked against
the spec file it was taken from.
"""

from __future__ import annotations

from pathlib import Path

from tests.reqs import (
    REQUIREMENTS_SPEC,
    collect_citations,
    load_requirement_ids,
    requirements,
    spec_requirement_ids,
)
from tests.specs import read_spec

TESTS_ROOT = Path(__file__).resolve().parents[1]


def test_requirement_data_has_47_ids_with_titles() -> None:
    ids = load_requirement_ids()
    assert len(ids) == 47
    assert ids[0] == "1.3-1" and ids[-1] == "6-3"
    assert len(set(ids)) == len(ids)
    for req_id, title in requirements():
        assert title.strip() and len(title) <= 80 and "\n" not in title, req_id


def test_requirement_data_matches_the_spec_file() -> None:
    """The shipped IDs are exactly the spec file's, in its order (skipped without it)."""
    assert load_requirement_ids() == spec_requirement_ids(read_spec(REQUIREMENTS_SPEC))


def test_every_requirement_is_cited() -> None:
    cited = collect_citations(TESTS_ROOT)
    uncited = [r for r in load_requirement_ids() if r not in cited]
    assert not uncited, f"requirements cited by no test: {', '.join(uncited)}"


def test_no_test_cites_an_unknown_requirement() -> None:
    known = set(load_requirement_ids())
    stray = {r: tests for r, tests in collect_citations(TESTS_ROOT).items() if r not in known}
    assert not stray, f"tests cite unknown requirement IDs: {stray}"
