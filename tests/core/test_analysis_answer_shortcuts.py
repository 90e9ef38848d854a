"""The ``analyze`` answer's short ways (``Analysis.to_json`` skipping the chain of a link
that carries no URL; ``destinations.scan`` leaving a link with no row of the carrier
table and no generic place unread): the answer is the one built the full way, key for
key and in order, and the chain is the one ``follow`` builds."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench import measure_destinations
from tests import strategies as uri_st
from uriinspector.core.analysis import analyze
from uriinspector.core.destinations import destinations, scan
from uriinspector.core.destinations.chain import follow, without_hops
from uriinspector.core.split import split

CORPUS = [str(row["uri"]) for row in measure_destinations.load_corpus()]
LINKS = st.one_of(
    st.sampled_from(CORPUS),
    uri_st.uri_shaped(),
    uri_st.special_uris(),
    uri_st.anything(),
)


def full_answer(text: str) -> list[tuple[str, object]]:
    """The answer with the chain built first (``destinations`` read before ``to_json``)."""
    a = analyze(text)
    a.destinations  # noqa: B018 - built the full way, before the answer reads it
    return list(a.to_json().items())


@pytest.mark.parametrize("text", CORPUS[:400])
def test_the_answer_of_each_corpus_link_is_the_full_answer(text: str) -> None:
    assert list(analyze(text).to_json().items()) == full_answer(text)


@settings(max_examples=300, deadline=None)
@given(text=LINKS)
def test_the_answer_is_the_full_answer(text: str) -> None:
    assert list(analyze(text).to_json().items()) == full_answer(text)


@settings(max_examples=300, deadline=None)
@given(text=LINKS)
def test_a_link_without_hops_by_its_first_scan_has_none_followed(text: str) -> None:
    ref = split(text)
    if without_hops(ref):
        chain = follow(text, ref)
        assert chain.hops == () and chain.to_json() == [] and chain.fields_json() == []
    assert follow(text, ref) == destinations(text)


def test_the_corpus_keeps_its_hops() -> None:
    # the wrapped links of the corpus are followed (the short way never hides a hop)
    wrapped = [t for t in CORPUS if follow(t).hops]
    assert len(wrapped) >= 150
    assert not any(without_hops(split(t)) for t in wrapped)


@settings(max_examples=300, deadline=None)
@given(
    text=st.lists(
        st.sampled_from([*scan._MARKS, "a", "=", "&", "aHR0", "3A", "L", "y"]), max_size=8
    ).map("".join)
)
def test_the_written_out_mark_search_is_any_mark(text: str) -> None:
    assert scan._has_mark(text) == any(mark in text for mark in scan._MARKS)
