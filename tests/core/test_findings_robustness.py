"""Every detector accepts any string: lone surrogates, NUL, controls, 1 MB, in linear time."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.growth import assert_linear
from uriinspector.core.findings import CODES, Finding, detect_text

_ALPHABET = st.characters(codec=None) | st.sampled_from(
    list(":/?#[]@!$&'()*+,;=%.\\\t\n\r\x00 \u202e\u200b\uff03\uff0f\u0430\u0440xn--0x7f")
)


def _check(text: str, found: tuple[Finding, ...]) -> None:
    for f in found:
        assert f.code in CODES
        assert f.severity in ("danger", "warning", "info")
        assert 0 <= f.span.start <= f.span.end <= len(text)
        assert f.message
    starts = [f.span.start for f in found]
    assert starts == sorted(starts)


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=_ALPHABET, max_size=80))
def test_never_raises(text: str) -> None:
    _check(text, detect_text(text))


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=_ALPHABET, max_size=40))
def test_never_raises_as_url_parts(text: str) -> None:
    for uri in (f"http://{text}/", f"https://{text}@x.example/", f"http://x.example/?u={text}"):
        _check(uri, detect_text(uri))


def test_lone_surrogates_and_nul() -> None:
    for uri in ("http://\ud800/", "http://a\x00b/", "\udfff", "%ED%A0%80", "http://[\ud800]/"):
        _check(uri, detect_text(uri))


def test_one_megabyte_is_linear() -> None:
    unit = "https://a.example/%252e%E2%80%AE\u200b?u=https%3A%2F%2Fb.example&"
    big = unit * 16000  # ~1 MB
    _check(big, detect_text(big))
    assert_linear(lambda n: unit * n, detect_text, 4000, repeats=2, what="detect_text")
