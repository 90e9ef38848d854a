"""``core.verdict.decide``: the one function that decides a link's verdict in context."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.core.analysis import analyze
from uriinspector.core.verdict import MISMATCH_CODE, LinkContext, decide, in_context

SHOWN = LinkContext("paypal.com", True, "paypal.com", "evil.example", "1 text/html")


def test_no_context_is_the_analysis_verdict() -> None:
    a = analyze("https://evil.example/")
    assert decide(a) is a.verdict
    assert decide(a, LinkContext("evil.example")) is a.verdict
    assert in_context(a, None) is a


def test_a_mismatch_is_danger_and_its_sentence_comes_first() -> None:
    a = analyze("https://evil.example/")
    v = decide(a, SHOWN)
    assert v.level == "danger"
    assert v.reasons == ("The visible text shows paypal.com but the link goes to evil.example.",)
    b = in_context(a, SHOWN)
    assert b.findings[0].code == MISMATCH_CODE and b.verdict == v
    assert b.findings[0].span.start == 0 and b.findings[0].span.end == len(a.text)
    assert b.text == a.text and b.effective_host == a.effective_host


def test_a_mismatch_to_no_site_says_so() -> None:
    a = analyze("javascript:alert(1)")
    ctx = LinkContext("paypal.com", True, "paypal.com", None)
    assert decide(a, ctx).reasons[0].endswith("the link goes to no site.")


def test_the_analysis_own_reasons_follow() -> None:
    a = analyze("http://paypal.com@evil.example/")
    assert a.verdict.level == "danger"
    v = decide(a, SHOWN)
    assert v.reasons[0].startswith("The visible text") and v.reasons[1:] == a.verdict.reasons[
        : len(v.reasons) - 1]


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=60), st.booleans())
def test_decide_never_raises_and_only_raises_the_level(text: str, mismatch: bool) -> None:
    a = analyze(text)
    v = decide(a, LinkContext("x", mismatch, "x.example", None))
    rank = {"nothing-notable": 0, "caution": 1, "danger": 2}
    assert rank[v.level] >= rank[a.verdict.level]
    assert (v.level == "danger") if mismatch else (v == a.verdict)


def test_the_one_word_of_each_level_is_one_word_and_never_safe() -> None:
    from uriinspector.core.verdict import VERDICT_WORDS, verdict_word

    for level in VERDICT_WORDS:
        word = verdict_word(level)
        assert word and " " not in word and "safe" not in word.lower()
    assert verdict_word("danger") == "Danger" and verdict_word("caution") == "Caution"
    assert verdict_word("odd-level") == "Odd-level"  # shown as itself, never raises
    assert verdict_word("") == ""
