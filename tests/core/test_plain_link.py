"""The fast paths of ``findings._run`` answer as the full path does (issue 22, round 8).

``findings.plain_link`` lets a plain web link skip eight families, and a link without
an authority skips the five that read only the authority (``HOSTLESS_FAMILIES``). Both
are proved two ways, on generated links rich in what the families look for (the
gates' own strategies) and on the bench corpus: whenever a path is taken, each family
it skips finds nothing; and whole ``analyze`` answers are the same with both taken out.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import uriinspector.core.findings as findings
from bench import corpus
from tests.core.test_family_gates import (
    PIECES,
    assembled_links,
    plain_links,
    trapped_links,
)
from tests.strategies import anything, uri_shaped
from uriinspector.core.analysis import analyze
from uriinspector.core.destinations import scan
from uriinspector.core.findings import FAMILIES, HOSTLESS_FAMILIES, PLAIN_FAMILIES
from uriinspector.core.findings.plain import plain_link
from uriinspector.core.parse import parse
from uriinspector.core.whatwg import read_whatwg

SKIPPED = [f for f in FAMILIES if f not in PLAIN_FAMILIES]
HOSTLESS_SKIPPED = [f for f in FAMILIES if f not in HOSTLESS_FAMILIES]
#: A plain link with a tricky piece in its path, query or fragment.
TAILED = st.builds(
    lambda link, where, piece: f"{link}{where}{piece}",
    plain_links(), st.sampled_from(["/", "?", "?q=", "#", "&x="]), st.sampled_from(PIECES),
)
LINKS = st.one_of(plain_links(), TAILED, trapped_links(), assembled_links(), uri_shaped(),
                  anything())


def _skipped_find_nothing(text: str) -> bool:
    """Whether the fast path holds for ``text``; when it does, every family it skips
    is checked to find nothing."""
    ref, web = parse(text).split, read_whatwg(text)
    if ref.authority is None:
        for family in HOSTLESS_SKIPPED:
            assert family.detect(ref, web) == [], (family.detect.__name__, text)
    if not plain_link(ref, web):
        return False
    for family in SKIPPED:
        assert family.detect(ref, web) == [], (family.detect.__name__, text)
    return True


def test_eight_families_are_skipped() -> None:
    names = {f.detect.__name__ for f in SKIPPED}
    assert names == {"detect_scheme", "detect_userinfo", "detect_ip_host", "detect_port",
                     "detect_idn", "detect_characters", "detect_encoding",
                     "detect_differential"}
    assert [f for f in FAMILIES if f in PLAIN_FAMILIES] == list(PLAIN_FAMILIES)
    assert {f.detect.__name__ for f in HOSTLESS_SKIPPED} == {
        "detect_userinfo", "detect_ip_host", "detect_port", "detect_idn", "detect_lookalike"
    }
    assert [f for f in FAMILIES if f in HOSTLESS_FAMILIES] == list(HOSTLESS_FAMILIES)


@settings(max_examples=800, deadline=None)
@given(LINKS)
@example("https://www.example.com/news/2025/index.html?utm_source=mail&id=42#top")
@example("https://EXAMPLE.com/")
@example("https://1example.com/")
@example("https://xn--pple-43d.com/")
@example("https://example.com:443/")
@example("javascript://example.com/")
@example("https://user@example.com/")
@example("https://example.com/a%2e%2e/")
@example("https://example.com/\\x")
@example("https://example.com/?q=%252e")
@example("https://example.com/?q=%0d%0a")
@example("https://example.com/#%E2%80%AE")
@example("https://example.com/?q=\u202e")
@example("https://127.0.0.1/")
@example("https://0x7f.1/")
@example("https://[::1]/")
@example("data://example.com/")
@example("file://example.com/")
@example("https://example.com\t/")
@example("mailto:jane@paypal.com")
@example("http:paypa1.com/")
@example("urn:isbn:0451450523")
@example("/a@b/c")
@example("data:text/html;base64,PHNjcmlwdD4=")
def test_fast_paths_mean_the_skipped_families_find_nothing(text: str) -> None:
    _skipped_find_nothing(text)


def test_plain_links_take_the_fast_path() -> None:
    text = "https://www.example.com/news/2025/index.html?utm_source=mail&id=42#top"
    assert plain_link(parse(text).split, read_whatwg(text))


def _answers(texts: list[str]) -> list[dict[str, object]]:
    findings._inspect_cached.cache_clear()
    scan._recent.clear()
    return [analyze(u).to_json() for u in texts]


def _same_without_fast_path(texts: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    fast = _answers(texts)
    with monkeypatch.context() as patch:
        patch.setattr(findings, "plain_link", lambda ref, web: False)
        patch.setattr(findings, "HOSTLESS_FAMILIES", FAMILIES)
        full = _answers(texts)
    _answers([])
    for text, a, b in zip(texts, fast, full, strict=True):
        assert a == b, text


def test_corpus_answers_same_without_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = corpus.load_corpus()
    plain = sum(_skipped_find_nothing(t) for t in texts[:5000])
    assert plain > 500  # the fast path is taken for a good share of links
    _same_without_fast_path(texts, monkeypatch)


@settings(max_examples=100, deadline=None)
@given(st.lists(LINKS, min_size=1, max_size=20))
def test_generated_answers_same_without_fast_path(texts: list[str]) -> None:
    with pytest.MonkeyPatch.context() as patch:
        _same_without_fast_path(texts, patch)
