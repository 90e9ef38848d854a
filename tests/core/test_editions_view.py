"""Editions side by side (issue 6, item 2): verdicts, reasons, class changes, browser."""

from __future__ import annotations

import pytest

from uriinspector.core.charsets import char_class
from uriinspector.core.editions_view import (
    CLASSES_ONLY,
    SIDE_BY_SIDE,
    broad_class,
    class_differences,
    editions_side_by_side,
)
from uriinspector.core.whatwg import read_whatwg


def test_rows_in_history_order() -> None:
    """Oldest first, the browser last, each with its title."""
    rows = editions_side_by_side("http://example.com/")
    assert tuple(r.edition for r in rows) == SIDE_BY_SIDE
    assert rows[0].label.startswith("Berners-Lee")
    assert all(r.valid for r in rows)
    assert rows[-1].serialization == "http://example.com/"
    assert all(r.serialization is None for r in rows[:-1])


def test_ipv6_literal_is_invalid_before_2003() -> None:
    """draft-2003 §3.2.2 brought IPv6reference; RFC 2396 §2.4.3 made '[' unwise."""
    rows = editions_side_by_side("http://[::1]/")
    verdict = {r.edition: r.valid for r in rows}
    assert verdict == {
        "draft-1993": False, "rfc1738": False, "rfc1808": False, "draft-1997": False,
        "rfc2396": False, "draft-2003": True, "rfc3986": True, "whatwg": True,
    }
    for r in rows:
        if not r.valid:
            assert r.reasons and all(isinstance(x, str) and x for x in r.reasons)
            assert any("[" in x or "IPv6" in x for x in r.reasons)
        else:
            assert r.reasons == ()
    rfc2396 = next(r for r in rows if r.edition == "rfc2396")
    brackets = [c for span, c in rfc2396.differences if span.of("http://[::1]/") in "[]"]
    assert brackets == ["excluded-unwise", "excluded-unwise"]
    rfc3986 = next(r for r in rows if r.edition == "rfc3986")
    assert [c for span, c in rfc3986.differences if span.of("http://[::1]/") in "[]"] == [
        "gen-delim", "gen-delim",
    ]


def test_tilde_and_brace() -> None:
    """'~' was a 1993 variant, unreserved since 1997; '{' is excluded everywhere, and the
    browser percent-encodes it."""
    text = "http://example.com/~user/{x}"
    diffs = class_differences(text)
    tilde = [d for d in diffs if d.char == "~"]
    assert len(tilde) == 1 and tilde[0].span.start == text.index("~")
    assert tilde[0].class_in("draft-1993") == "variant"
    assert tilde[0].class_in("rfc2396") == "mark"
    assert tilde[0].class_in("rfc3986") == "unreserved"
    assert not [d for d in diffs if d.char == "{"]  # excluded in every edition alike
    rows = editions_side_by_side(text)
    assert [r.valid for r in rows] == [False] * 7 + [True]
    assert any("'{'" in x for x in rows[6].reasons)
    assert rows[-1].serialization == "http://example.com/~user/%7Bx%7D"


def test_marks_moved_to_reserved() -> None:
    """'(' is an unreserved mark in RFC 2396 §2.3, a sub-delim in RFC 3986 §2.2."""
    d = next(d for d in class_differences("http://a/b(c") if d.char == "(")
    assert d.class_in("rfc2396") == "mark" and d.class_in("rfc3986") == "sub-delim"


def test_letters_never_differ() -> None:
    """Class names differ by edition (alphanum vs unreserved) but not what they mean."""
    assert broad_class("alphanum") == broad_class("unreserved") == "unreserved"
    assert class_differences("abcXYZ019") == ()


def test_runs_and_limit() -> None:
    """A run of one character is one difference; the list is capped (linear)."""
    text = "http://a/" + "~" * 1000
    diffs = class_differences(text)
    assert [len(d.span) for d in diffs if d.char == "~"] == [1000]
    many = "(a" * 1000
    assert len(class_differences(many, limit=50)) == 50


def test_browser_failure_is_a_reason() -> None:
    """When the URL Standard fails, the WHATWG row says so and has no serialization."""
    row = editions_side_by_side("http://exa mple.com/")[-1]
    assert not row.valid and row.serialization is None and row.reasons


def test_reuses_a_given_reading() -> None:
    """An analysis' existing WHATWG reading is used as is."""
    reading = read_whatwg("HTTP://EXAMPLE.com:80/a/./b")
    row = editions_side_by_side("HTTP://EXAMPLE.com:80/a/./b", whatwg=reading)[-1]
    assert row.serialization == reading.href == "http://example.com/a/b"


@pytest.mark.parametrize("text", ["", "\ud800", "\x00[", "%" * 3000, "a" * 100_000])
def test_never_raises(text: str) -> None:
    """Hostile input still gives a row per edition."""
    assert len(editions_side_by_side(text)) == len(SIDE_BY_SIDE) == 8


# ---- RFC 1738 and RFC 1808: compared by character classes (issue 15 item 9) ----------


def test_rfc1738_and_rfc1808_rows_sit_in_history_order() -> None:
    """RFC 1738 (December 1994) and RFC 1808 (June 1995) stand between the 1993 draft
    and the 1997 draft that replaced them (draft-1997 abstract)."""
    assert SIDE_BY_SIDE.index("draft-1993") < SIDE_BY_SIDE.index("rfc1738")
    assert SIDE_BY_SIDE.index("rfc1738") < SIDE_BY_SIDE.index("rfc1808")
    assert SIDE_BY_SIDE.index("rfc1808") < SIDE_BY_SIDE.index("draft-1997")
    rows = {r.edition: r for r in editions_side_by_side("http://example.com/")}
    for ed in CLASSES_ONLY:
        assert not rows[ed].grammar and rows[ed].label.startswith(ed.replace("rfc", "RFC "))
        assert rows[ed].valid and rows[ed].reasons == ()
    assert all(r.grammar for e, r in rows.items() if e not in CLASSES_ONLY)


@pytest.mark.parametrize("edition", ["rfc1738", "rfc1808"])
def test_plus_and_tilde_moved_in_1997(edition: str) -> None:
    """draft-1997 App. F.2: "+" was added to the reserved set and "~" to the unreserved
    set; in RFC 1738 §5 / RFC 1808 §2.2 "+" is safe and "~" national."""
    text = "http://a/~u/a+b"
    diffs = {d.char: d for d in class_differences(text)}
    assert diffs["+"].class_in(edition) == "safe"
    assert diffs["+"].class_in("draft-1997") == "reserved"
    assert diffs["~"].class_in(edition) == "national"
    assert diffs["~"].class_in("draft-1997") == "mark"
    assert broad_class("safe") == "unreserved" and broad_class("national") == "excluded"
    row = next(r for r in editions_side_by_side(text) if r.edition == edition)
    assert not row.valid and row.reasons == (
        f"{row.label.split(',')[0]} would not allow '~' (national) unescaped.",
    )


def test_rfc1738_classes() -> None:
    """RFC 1738 §5: reserved = ; / ? : @ & = ; punctuation < > # % "; escapes and one
    fragment "#" (RFC 1808 §2.4.1) stand unescaped."""
    for ch in ";/?:@&=":
        assert char_class(ch, "rfc1738") == "reserved"
    for ch in '<>#"':
        assert char_class(ch, "rfc1738") == "punctuation"
    assert char_class("%", "rfc1738") == "escape"
    ok = next(r for r in editions_side_by_side("http://a/b%7Ec?d=e#f") if r.edition == "rfc1738")
    assert ok.valid
    bad = next(r for r in editions_side_by_side("http://a/b%zzé") if r.edition == "rfc1808")
    assert not bad.valid
    assert any("'%' (escape)" in x for x in bad.reasons)
    assert any("'é' U+00E9 (non-ascii)" in x for x in bad.reasons)
    lf = next(r for r in editions_side_by_side("http://a/b\nc") if r.edition == "rfc1738")
    assert lf.reasons == ("RFC 1738 (1994) would not allow ⟨U+000A⟩ (excluded-control) unescaped.",)
