"""Hostile long-input shapes for the freeze harness and the linearity tests (issue 13, item 5).

``shape(name, size)`` returns one input of exactly ``size`` code points built by repeating
one hostile unit (a ``%XX`` triplet, a bidi control, a ``[``...) after a short head, so a
per-character or per-run algorithm that is not linear shows up as a time ratio above ~2
per doubling. ``SHAPES`` names them all; ``bench/bench_freezes.py`` loads each at 1 MB into
every pane, ``tests/core/test_linear.py`` doubles them from 16 K code points.
Deterministic: no randomness.
"""

from __future__ import annotations

from collections.abc import Callable

ONE_MB = 1_048_576


def _repeat(head: str, unit: str, tail: str = "") -> Callable[[int], str]:
    def make(size: int) -> str:
        body = max(0, size - len(head) - len(tail))
        return (head + unit * (body // len(unit) + 1))[: size - len(tail)] + tail

    return make


def _cycle(head: str, units: tuple[str, ...]) -> Callable[[int], str]:
    return _repeat(head, "".join(units))


#: name → maker(size) -> str of exactly ``size`` code points (the head counts).
_MAKERS: dict[str, Callable[[int], str]] = {
    # every pair of hex digits encoded: a run of %XX triplets
    "pct-triplets": _repeat("http://example.com/", "%41%E2%82%AC"),
    # a lone % each time: malformed escapes
    "pct-alone": _repeat("http://example.com/", "%"),
    "bracket-run": _repeat("http://", "["),
    "at-run": _repeat("http://", "@"),
    "colon-run": _repeat("http://example.com", ":"),
    "slash-run": _repeat("http:", "/"),
    "dot-segments": _repeat("http://example.com/", "./"),
    "dotdot-segments": _repeat("http://example.com/", "../"),
    "query-params": _repeat("http://example.com/?", "a=b&"),
    "amp-eq-run": _repeat("http://example.com/?", "&=&"),
    "bidi": _cycle("http://example.com/", ("\u202e", "a", "\u2066", "\u200f", "\u202c")),
    "bidi-only": _repeat("http://", "\u202e"),
    "zero-width": _cycle("http://example.com/", ("\u200b", "\u200c", "\u200d", "\ufeff", "x")),
    "emoji": _repeat("http://example.com/", "\U0001f600\U0001f469\u200d\U0001f4bb"),
    "combining": _repeat("http://example.com/a", "\u0301\u0308\u0327"),
    "lone-surrogates": _cycle("http://example.com/", ("\ud800", "a", "\udfff", "\udc00\ud800")),
    "host": _repeat("http://", "a", "/"),
    "port": _repeat("http://example.com:", "8", "/"),
    "idn-labels": _repeat("http://", "bücher.пример.例え."),
    "mixed-scripts": _repeat("http://", "аpple-раураl-ｇｏｏｇｌｅ-"),
    "ipv6-groups": _repeat("http://[", "1:"),
    "userinfo": _repeat("http://", "user:pass%40evil.example@"),
    "data-uri": _repeat("data:text/html;base64,", "PHNjcmlwdD4="),
    "urn-nss": _repeat("urn:example:", "a%2Fb?+r="),
    "fragment-hash": _repeat("http://example.com/#", "#"),
    # issue 21: the new carrier forms and the recipient rule
    "yahoo-ru": _repeat(
        "https://r.search.yahoo.com/_ylt=A/RU=https%3a%2f%2fevil.example%2f", "a%2f"
    ),
    "safelinks-data": _repeat(
        "https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fa.example&data=",
        "05%7Cjane%40corp.example%7C",
    ),
    "recipient-query": _repeat("https://track.example/o.gif?", "u=a%40b&e=YWJjZGVmZ2hpams&"),
    "translate-goog": _repeat("https://evil--site-example.translate.goog/p?", "_x_tr_sl=a&"),
}

SHAPES: tuple[str, ...] = tuple(_MAKERS)


def shape(name: str, size: int) -> str:
    """The ``name`` shape at exactly ``size`` code points."""
    text = _MAKERS[name](size)
    assert len(text) == size, (name, size, len(text))
    return text


def one_mb(name: str) -> str:
    """The ``name`` shape at 1 MB (1,048,576 code points)."""
    return shape(name, ONE_MB)
