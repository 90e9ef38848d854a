"""The validated parse's fast path answers exactly what the diagnostic parser answers.

``parse`` first tries one whole-reference pattern per edition (``grammar.REFERENCE_*``,
RFC 3986 §4.1 URI-reference and its predecessors) and builds the answer lazily from the
match; anything the pattern rejects goes to ``parse_slow``, the diagnostic parser. Each
test here compares the two byte for byte: the batch answer (``to_json``), the split, the
host and the diagnostics, in every edition, over the test corpora, the benchmark corpus
and random input.
"""

from __future__ import annotations

import json
import pickle
import re
import sys
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests import strategies as strat
from uriinspector.batch.protocol import encode_answer, handle_request
from uriinspector.core.editions import Edition
from uriinspector.core.parse import NEVER_RFC3986, ParsedReference, parse, parse_slow
from uriinspector.core.split import split

ROOT = Path(__file__).resolve().parents[2]
EDITIONS = tuple(Edition)


def _same(text: str, edition: Edition) -> ParsedReference:
    """Assert the fast and the slow answer agree in everything a caller can read."""
    fast, slow = parse(text, edition), parse_slow(text, edition)
    assert json.dumps(fast.to_json()) == json.dumps(slow.to_json())
    assert fast.split == slow.split == split(text, segment_params=edition.has_segment_params)
    assert fast.split.delimiters == slow.split.delimiters
    # the answer again, now that the split is built (as an analysis builds it)
    assert json.dumps(fast.to_json()) == json.dumps(slow.to_json())
    assert parse(text, edition).spans == slow.spans == slow.split.component_spans()
    assert fast.host_kind == slow.host_kind
    assert fast.host_info == slow.host_info
    assert fast.diagnostics == slow.diagnostics
    assert fast.valid == slow.valid
    assert fast.text == slow.text == text
    assert fast == slow and hash(fast) == hash(slow)
    return fast


@cache
def _corpus_inputs() -> tuple[str, ...]:
    """Every string of tests/data/*.jsonl, and the benchmark corpus's first 4,000 URIs."""
    found: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    for path in sorted((ROOT / "tests" / "data").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                walk(json.loads(line))
            except ValueError:
                continue
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import corpus  # bench/corpus.py: seeded, no file needed

        found += corpus.Gen(corpus.DEFAULT_SEED).corpus()[:4000]
    finally:
        sys.path.remove(str(ROOT / "bench"))
    return tuple(dict.fromkeys(found))


@pytest.mark.parametrize("edition", EDITIONS, ids=lambda e: e.value)
def test_corpus_fast_equals_slow(edition: Edition) -> None:
    inputs = _corpus_inputs()
    assert len(inputs) > 500
    fast = sum(parse(t, edition)._match is not None for t in inputs)
    for text in inputs:
        _same(text, edition)
    assert fast > len(inputs) // 4  # the fast path is really taken


@given(st.one_of(strat.uri_references(), strat.uri_references(valid=False), strat.uri_shaped(),
                 strat.special_uris(), strat.anything()),
       st.sampled_from(EDITIONS))
@settings(max_examples=800, deadline=None)
def test_random_fast_equals_slow(text: str, edition: Edition) -> None:
    _same(text, edition)


# a small alphabet of every delimiter and edge character, so random strings hit the
# grammar's corners (empty vs undefined components, ports, brackets, '@', '%')
_EDGE = st.lists(
    st.sampled_from([*"ab1:/?#[]@%.vV-+!;=&$, ~0F", "%41", "%zz", "::", "//", "1.2.3.4"]),
    max_size=16,
).map("".join)


@given(_EDGE, st.sampled_from(EDITIONS))
@settings(max_examples=1500, deadline=None)
def test_edge_alphabet_fast_equals_slow(text: str, edition: Edition) -> None:
    _same(text, edition)


@pytest.mark.parametrize("edition", EDITIONS, ids=lambda e: e.value)
@pytest.mark.parametrize(
    "text",
    [
        # RFC 3986 §3.2.2 host kinds and the warnings a valid reference may carry
        "http://1.2.3.4/", "http://1.2.3.400/", "http://01.2.3.4:80/", "http://[::1]:8/",
        "http://[v1.x]/", "http://[V7.a:b]/", "http://[fe80::1%25eth0]/", "http://[::1/",
        "http://a:b@h/", "http://a@b@h/", "http://@h/", "http://:80/", "http://h:/",
        "http://h:8a/", "//", "///", "file:///x", "file://", "a:", "a:?q", "a:#f", ":a",
        "a:b:c", "./a:b", "?", "#", "", "http://exa mple/", "http://h/ a", "mailto:a@b",
        "urn:isbn:0451450523", "HTTP://H/%7e", "http://h/%zz", "http://h?x#y#z",
        "s://u@:1", "s://u@", "s://:", "s://a.b.", "s://a-.b", "s://1a.b", "s://a.1",
        "s://999.1.1.1", "s://a_b/", "s://%41/", "s:/a;p/b;q=1", "a/b;c", "1a:b",
    ],
)
def test_named_cases(text: str, edition: Edition) -> None:
    _same(text, edition)


def test_batch_answers_identical() -> None:
    # the batch contract's parse answers, byte for byte, for every edition
    from uriinspector.core import parse as parse_mod

    for text in _corpus_inputs()[:1500]:
        for edition in EDITIONS:
            req = {"op": "parse", "input": text, "edition": edition.value}
            fast = encode_answer(handle_request(req))
            original = parse_mod.parse
            parse_mod.parse = parse_slow  # type: ignore[assignment]
            try:
                slow = encode_answer(handle_request(req))
            finally:
                parse_mod.parse = original
            assert fast == slow


def test_fast_result_pickles_and_reads_lazily() -> None:
    ref = parse("http://user@[::1]:8080/a?b#c")
    assert ref._match is not None and ref._split is None  # nothing built yet
    assert ref.host_kind == "ipv6" and ref._split is None
    assert ref.host_info is not None and ref.host_info.address == "::1"
    again = pickle.loads(pickle.dumps(ref))
    assert again == ref and again._match is None


# characters NEVER_RFC3986 finds (outside RFC 3986's repertoire, a broken "%") mixed
# with the delimiters and valid triplets around which they may hide
_NEVER_EDGE = st.lists(
    st.sampled_from([*"ab1:/?#[]@.-%", "%41", "%25", "%4", "%g1", "é", " ", "\\", "\x00",
                     "\ud800", "^", "{", "\u202e", "1.2.3.4", "[::1]", "[v1.x]", "//",
                     "[fe80::1", "%25eth0]", "[v1.%41]"]),
    max_size=14,
).map("".join)


@given(st.one_of(_NEVER_EDGE, strat.uri_references(valid=False), strat.anything()))
@settings(max_examples=1500, deadline=None)
def test_known_invalid_shortcut_agrees_with_the_diagnostic_parser(text: str) -> None:
    """What NEVER_RFC3986 finds is invalid for the diagnostic parser too, and the lazy
    answer (validity at once, the rest on first read) equals its answer in everything."""
    ref = parse(text)
    if re.search(NEVER_RFC3986, text) is None:
        return
    assert ref.valid is False  # answered before any diagnostic is built
    assert not parse_slow(text).valid
    assert ref.split == split(text)  # the spans, read before the diagnostics
    _same(text, Edition.RFC3986)


@pytest.mark.parametrize("text", [
    "http://[fe80::1%25eth0]/", "http://[fe80::1%eth0]:80/a", "//[v1.a%41]", "http://h/[%41",
    "http://h/?q=[%25]", "[%", "http://[[[%]/",
])  # fmt: skip
def test_percent_after_a_bracket_is_known_invalid(text: str) -> None:
    """A "%" after a "[" with no bracket between (an IPv6 zone ID, a misplaced bracket)
    is answered invalid without the diagnostic parser, and agrees with it in everything."""
    assert re.search(NEVER_RFC3986, text) is not None
    ref = parse(text)
    assert not ref.valid and ref._match is None and ref._split is None
    _same(text, Edition.RFC3986)


@pytest.mark.parametrize("text", ["http://[::1]/%41", "http://[v1.x]/a%25?b=[", "%41[]"])
def test_percent_outside_brackets_is_not_caught(text: str) -> None:
    """A "%" before the "[" or after the "]" is not what the bracket rule finds."""
    assert re.search(NEVER_RFC3986[NEVER_RFC3986.rindex("|") + 1 :], text) is None


def test_known_invalid_builds_on_first_read() -> None:
    ref = parse("https://bücher.de/%zz")
    assert not ref.valid and ref._split is None and ref._match is None
    slow = parse_slow("https://bücher.de/%zz")
    assert ref.diagnostics == slow.diagnostics and ref.host_info == slow.host_info
    assert ref.split == slow.split and ref == slow
    assert pickle.loads(pickle.dumps(ref)) == slow
    assert parse("http://h/%zz", Edition.RFC2396)._split is not None  # RFC 3986 only
