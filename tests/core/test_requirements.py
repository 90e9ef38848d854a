"""Every numbered requirement of RFC 2396 is cited by a test, and no test cites a stray ID."""

from __future__ import annotations

from pathlib import Path

from tests.reqs import collect_citations, load_requirement_ids

TESTS_ROOT = Path(__file__).resolve().parents[1]


def test_requirement_file_has_47_ids() -> None:
    ids = load_requirement_ids()
    assert len(ids) == 47
    assert ids[0] == "1.3-1" and ids[-1] == "6-3"
    assert len(set(ids)) == len(ids)


def test_every_requirement_is_cited() -> None:
    cited = collect_citations(TESTS_ROOT)
    uncited = [r for r in load_requirement_ids() if r not in cited]
    assert not uncited, f"requirements cited by no test: {', '.join(uncited)}"


def test_no_test_cites_an_unknown_requirement() -> None:
    known = set(load_requirement_ids())
    stray = {r: tests for r, tests in collect_citations(TESTS_ROOT).items() if r not in known}
    assert not stray, f"tests cite unknown requirement IDs: {stray}"
