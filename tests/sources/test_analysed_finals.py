"""Where a link ends, read from its analysis's own chain, is the walk made afresh.

A mailbox's readers analyse every link, so ``sources.mismatch.carried_final`` takes the
chain ``Analysis.destinations`` holds (walked from the analysis's split) instead of a
second ``destinations(target)``; a mail read that way is the mail read without it.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.bench_mailbox import _message
from tests.strategies import anything, uri_shaped
from uriinspector.core.analysis import analyze
from uriinspector.core.destinations import destinations
from uriinspector.sources.documents import message_document, target_analysis
from uriinspector.sources.link_lines import clear_caches, document_lines
from uriinspector.sources.mail import extract_eml
from uriinspector.sources.mismatch import carried_final, clear_finals

ROOT = Path(__file__).resolve().parents[2]
MAILS = sorted([*ROOT.glob("tests/**/*.eml"), *ROOT.glob("bench/fuzz_corpus/**/*.eml")])

_WRAPPED = st.sampled_from([
    "https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fevil.example%2F&data=1",
    "https://nam10.safelinks.protection.outlook.com/?url=https%3A%2F%2Fnam10.safelinks."
    "protection.outlook.com%2F%3Furl%3Dhttps%253A%252F%252Fa.example%252F&reserved=0",
    "https://urldefense.proofpoint.com/v2/url?u=https-3A__evil.example_x&d=DwMF",
    "https://www.google.com/url?q=https://evil.example/&sa=D",
    "https://click.example/r?u=https%3A%2F%2Fpaypal.com%2F", "https://a.example/#https://b.c/",
    "https://a.example/aHR0cHM6Ly9ldmlsLmV4YW1wbGUv", "https://t.co/abc", "mailto:a@b.example",
    "javascript:alert(1)", "", "relative/path", "http://[::1]/?next=//evil.example",
    "HTTPS://EUR01.SAFELINKS.PROTECTION.OUTLOOK.COM/?URL=https%3A%2F%2Fx.example",
])


@settings(max_examples=300, deadline=None)
@given(_WRAPPED | uri_shaped() | anything()
       | st.builds(lambda a, b: a + "?url=" + b, _WRAPPED | uri_shaped(), _WRAPPED))
def test_the_analysis_chain_is_the_chain_walked_afresh(target: str) -> None:
    chain = destinations(target)
    assert analyze(target).destinations == chain
    clear_finals()
    assert carried_final(target, analyze) == chain.final
    clear_finals()
    assert carried_final(target) == chain.final


def _bench_mails(count: int) -> list[bytes]:
    rng = random.Random(22)
    return [bytes(_message(i, rng)) for i in range(count)]


def _fresh() -> None:
    clear_finals()
    clear_caches()
    target_analysis.cache_clear()


@pytest.mark.parametrize("data", [p.read_bytes() for p in MAILS] + _bench_mails(12),
                         ids=[p.name for p in MAILS] + [f"bench{i}" for i in range(12)])
def test_a_mail_read_with_its_analyses_is_the_mail_read_without(data: bytes) -> None:
    _fresh()
    walked = extract_eml(data)
    walked_lines = document_lines(walked)
    _fresh()
    analysed = extract_eml(data, analyse=target_analysis)
    assert analysed == walked
    assert [link.final for link in analysed.links] == [
        destinations(link.target).final for link in walked.links]
    _fresh()
    assert document_lines(analysed) == walked_lines
    _fresh()
    assert message_document("box", 1, data) == replace(analysed, source="box", index=1)
