"""The look-alike judgement's per-label caches (issue 22): a host judged through them
(``judge_host``) gets the same verdicts as one judged afresh against a newly built index
(``judge_with``, which no cache serves), whatever other hosts shared its label before."""

from __future__ import annotations

import functools

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bench import corpus
from bench.measure_lookalike import load_corpus
from uriinspector.core.findings import lookalike as la
from uriinspector.core.parse import parse

_FRESH = functools.cache(la.build_index)


@pytest.fixture(scope="module")
def fresh() -> object:
    """An index equal to the shared one but not it: the uncached path."""
    return _FRESH()


def _same(host: str, fresh: object) -> None:
    assert isinstance(fresh, type(la.index())) and fresh is not la.index()
    assert la.judge_host(host) == la.judge_with(host, fresh), host


def _bench_hosts() -> list[str]:
    hosts: dict[str, None] = {}
    for uri in corpus.load_corpus():
        host = parse(uri).split.host
        if host is not None and host.text and not host.text.startswith("[") and len(
            host.text
        ) <= 253:
            hosts[la.host_text(host.text)] = None
    return list(hosts)


def test_bench_corpus_hosts_cached_equal_afresh(fresh: object) -> None:
    hosts = _bench_hosts()
    assert len(hosts) > 5_000
    for host in hosts:
        _same(host, fresh)
    # the caches served repeated labels (the point of them)
    assert la._ascii_label_match.cache_info().hits > 1_000
    assert la._combo_cached.cache_info().hits > 1_000


def test_lookalike_corpus_hosts_cached_equal_afresh(fresh: object) -> None:
    for row in load_corpus():
        host = parse(row["uri"]).split.host
        if host is not None and host.text and not host.text.startswith("["):
            text = la.host_text(host.text)
            _same(text, fresh)
            # the same label again under other suffixes and subdomains: the cached label
            # verdict must fit each of them
            labels = text.rstrip(".").split(".")
            for tail in ("com", "co.uk", "ru", "weebly.com", "com.evil", "xn--p1ai"):
                _same(f"{labels[0]}.{tail}", fresh)
                _same(f"www.{labels[0]}.{tail}", fresh)


_PIECES = st.sampled_from(
    ["paypal", "paypa1", "amazon", "arnazon", "apple", "аррӏе", "pаypal", "chase", "login",
     "secure", "account", "-", "˗", "1", "0", "rn", "vv", "cl", "i", "l", "dhl", "fedx",
     "wellsfargo", "com", "co", "net", "microsoft", "micros0ft", "xn--80ak6aa92e", "ü", "gov",
     "icloud", "idoud", "bank", "deutsche-bank", "web", "2fa", "video", "42", "ー"]
)
_LABELS = st.lists(_PIECES, min_size=1, max_size=4).map("".join)
_SUFFIXES = st.sampled_from(
    ["com", "net", "co.uk", "ru", "рф", "gr", "de", "top", "github.io", "weebly.com",
     "com.evil", "co.evil", "apple", "com.au", "io"]
)


@settings(max_examples=400, deadline=None)
@given(st.lists(_LABELS, min_size=0, max_size=2), _LABELS, st.lists(_SUFFIXES, min_size=1,
                                                                   max_size=3))
@example([], "paypa1", ["com", "ru"])
@example(["www"], "аррӏе", ["ru", "com"])
@example(["login"], "pаypal-login", ["рф", "com"])
def test_one_label_under_many_suffixes_cached_equal_afresh(
    sub: list[str], label: str, suffixes: list[str]
) -> None:
    idx = _FRESH()
    for suffix in suffixes:
        host = ".".join([*sub, label, suffix])
        assert la.judge_host(host) == la.judge_with(host, idx), host


_GLUE = st.lists(
    st.sampled_from(["paypal", "paypa1", "fedx", "dhl", "apple", "linkedin", "login", "secure",
                     "job", "alert", "express", "id", "my", "us", "2fa", "x", "qq", "a", "-",
                     "bank", "ing", "amazon", "prime", "renewal", "zz", "7", "web"]),
    min_size=1, max_size=6,
).map("".join)


@settings(max_examples=600, deadline=None)
@given(_GLUE)
@example("linkedinjobalert")
@example("securepaypa1login")
@example("dhlexpress")
@example("xpaypalx")
def test_glued_without_a_keyword_edge_finds_nothing(label: str) -> None:
    # the gate in front of the glued search: no word at either end, no glued name
    text = label.replace("-", "")
    if not la.keyword_edge(text):
        assert la._glued_search(text, la.index()) is None, label


def test_glued_gate_on_the_bench_corpus_labels() -> None:
    gated = 0
    for host in _bench_hosts():
        for label in host.split("."):
            text = label.replace("-", "")
            if 6 <= len(text) <= 63 and text.isascii() and not la.keyword_edge(text):
                gated += 1
                assert la._glued_search(text, la.index()) is None, label
    assert gated > 1_000  # the gate skips the search for most labels
