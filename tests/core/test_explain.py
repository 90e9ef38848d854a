"""Grammar on hover (rule_for_component, rule_at) and the Explain walk (issue 6, item 1)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.spec_text import flat, spec_text
from uriinspector.core.analysis import Analysis, analyze
from uriinspector.core.editions import Edition
from uriinspector.core.explain import (
    COMPONENTS,
    NOTES,
    Explanation,
    GrammarRule,
    rule_at,
    rule_for_component,
)
from uriinspector.core.explain import explain as walk

EDITIONS = [e.value for e in Edition]


def explain(text: str | Analysis, edition: str = "rfc3986") -> Explanation:
    """The walk of ``text`` analysed under ``edition`` (or of an analysis as it is)."""
    return walk(analyze(text, edition) if isinstance(text, str) else text)
SEC75 = "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm"


def names(rules: tuple[GrammarRule, ...]) -> list[str]:
    return [r.name for r in rules]


# ---- rule_for_component ---------------------------------------------------------------


def test_host_rule_per_edition() -> None:
    """RFC 3986 §3.2.2 vs RFC 2396 §3.2.2 vs the 1993 BNF: each edition's own host rule."""
    assert rule_for_component("host").describe() == (  # type: ignore[union-attr]
        "host = IP-literal / IPv4address / reg-name — RFC 3986 §3.2.2"
    )
    r2396 = rule_for_component("host", "rfc2396")
    assert r2396 is not None
    assert r2396.describe() == "host = hostname | IPv4address — RFC 2396 §3.2.2"
    r1993 = rule_for_component("host", Edition.DRAFT_1993)
    assert r1993 is not None and r1993.text == "hostname | hostnumber"


def test_host_details() -> None:
    """Host kinds give their production; IP literals do not exist before 2003."""
    got = {
        ed: {
            kind: (r.name if (r := rule_for_component("host", ed, detail=kind)) else None)
            for kind in ("ipv4", "ipv6", "ipvfuture", "reg-name", "hostname")
        }
        for ed in EDITIONS
    }
    assert got["rfc3986"] == {
        "ipv4": "IPv4address", "ipv6": "IPv6address", "ipvfuture": "IPvFuture",
        "reg-name": "reg-name", "hostname": "reg-name",
    }
    assert got["draft-2003"]["ipv6"] == "IPv6address"
    assert got["draft-2003"]["ipvfuture"] is None
    for old in ("rfc2396", "draft-1997", "draft-1993"):
        assert got[old]["ipv6"] is None and got[old]["ipvfuture"] is None
    assert got["rfc2396"]["reg-name"] == "reg_name"
    assert got["draft-1997"]["ipv4"] == "hostnumber"


def test_component_rules() -> None:
    """Every listed component resolves (or is None) in every edition without error."""
    for ed in EDITIONS:
        for comp in COMPONENTS:
            r = rule_for_component(comp, ed)
            assert r is None or r.section.split()[0] in ("RFC", ed)
    assert rule_for_component("param", "rfc3986") is None
    assert rule_for_component("param", "rfc2396").text == "*pchar"  # type: ignore[union-attr]
    assert rule_for_component("password", "draft-1993") is None
    assert rule_for_component("password", "draft-1997").name == "password"  # type: ignore[union-attr]
    assert rule_for_component("port", "rfc3986").section == "RFC 3986 §3.2.3"  # type: ignore[union-attr]
    assert rule_for_component("no-such-part") is None
    with pytest.raises(ValueError):
        rule_for_component("host", "rfc9999")


# ---- rule_at ---------------------------------------------------------------------------


def test_rule_at_percent_triplet() -> None:
    """Each of the three characters of %7B: pct-encoded, then pchar, segment, path."""
    text = "http://example.com/a%7Bb"
    for i in range(20, 23):
        got = names(rule_at(text, i))
        assert got == ["pct-encoded", "pchar", "segment", "path-abempty"]
    assert names(rule_at(text, 20, "rfc2396"))[0] == "escaped"
    assert names(rule_at(text, 20, "draft-1993"))[0] == "escape"


def test_rule_at_host_letter_and_delimiters() -> None:
    """A host letter: unreserved, reg-name, host; delimiters: their reserved class first."""
    text = "http://example.com:8080/p?q#f"
    assert names(rule_at(text, 7)) == ["unreserved", "reg-name", "host"]
    assert names(rule_at(text, 4)) == ["gen-delims", "reserved", "URI"]
    assert names(rule_at(text, 18))[:2] == ["gen-delims", "reserved"]
    assert names(rule_at(text, 19))[-1] == "port"
    assert names(rule_at(text, 7, "rfc2396")) == ["alphanum", "unreserved", "hostname", "host"]


def test_rule_at_ip_hosts() -> None:
    """IPv4 digits are dec-octets in RFC 3986; a bracket is unwise in RFC 2396."""
    assert names(rule_at("http://10.0.0.1/", 7)) == [
        "unreserved", "dec-octet", "IPv4address", "host",
    ]
    assert names(rule_at("http://[::1]/", 9)) == [
        "gen-delims", "reserved", "IPv6address", "IP-literal", "host",
    ]
    assert names(rule_at("http://[::1]/", 7, "rfc2396")) == ["unwise", "host"]
    assert names(rule_at("http://[::1]/", 7, "draft-2003")) == [
        "reserved", "IPv6reference", "host",
    ]


def test_rule_at_params_and_query() -> None:
    """A ;param under RFC 2396 §3.3; query characters are uric there, pchar in RFC 3986."""
    text = "http://a/b;p?x"
    assert names(rule_at(text, 11, "rfc2396"))[-3:] == ["param", "segment", "abs_path"]
    assert "param" not in names(rule_at(text, 11))
    assert names(rule_at(text, 13, "rfc2396"))[-2:] == ["uric", "query"]
    assert names(rule_at(text, 13))[-2:] == ["pchar", "query"]


def test_rule_at_outside_text() -> None:
    """Out of range indexes give no rules rather than raising."""
    assert rule_at("http://a/", -1) == ()
    assert rule_at("http://a/", 9) == ()
    assert rule_at("", 0) == ()


NASTY = ["", "\x00", "\ud800x", "%", "%%zz", "[", "http://[", "://", "a" * 5000, "#?;@:"]


@pytest.mark.parametrize("text", NASTY)
def test_rule_at_and_explain_never_raise(text: str) -> None:
    """Every index of hostile input, every edition: a tuple of rules, an explanation."""
    for ed in EDITIONS:
        for i in range(min(len(text), 50)):
            assert isinstance(rule_at(text, i, ed), tuple)
        e = explain(text, ed)
        assert e.sentences and e.text == text


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=40), st.sampled_from(EDITIONS))
def test_rule_at_any_string(text: str, ed: str) -> None:
    """Any string: rules come from the edition's own grammar (section names it)."""
    for i in range(len(text)):
        for r in rule_at(text, i, ed):
            assert r.section.startswith(("RFC 3986", "RFC 2396", ed))


# ---- explain ---------------------------------------------------------------------------


def test_explain_section_7_5_example() -> None:
    """The draft-2003 §7.5 link: scheme, userinfo, IPv4 host and the danger, each spanned."""
    e = explain(SEC75)
    by = {s.component: s for s in e.sentences}
    assert by["scheme"].text.startswith("The scheme is ftp")
    assert by["host"].text.startswith("The host 10.0.0.1 is an IPv4 address")
    assert by["host"].rule is not None and by["host"].rule.name == "IPv4address"
    assert "user name" in by["userinfo"].text
    for s in e.sentences:
        if s.component in ("scheme", "userinfo", "host", "path"):
            assert s.span is not None
            part = getattr(analyze(SEC75).parsed.split, s.component)
            assert s.span == part.span
    dangers = [s for s in e.sentences if s.tone == "danger"]
    assert dangers and "10.0.0.1" in dangers[0].text
    assert dangers[0].span is not None and dangers[0].span.of(SEC75).startswith("cnn.")


def test_explain_accepts_an_analysis() -> None:
    """An Analysis is explained under its own edition."""
    a = analyze("http://[::1]/", "rfc2396")
    e = explain(a)
    assert e.edition is Edition.RFC2396
    assert "not valid" in e.sentences[0].text
    assert "has no IPv6 literals" in next(s.text for s in e.sentences if s.component == "host")


def test_explain_notes() -> None:
    """Notes appear only when the URI has what they are about."""
    keys = lambda t, ed="rfc3986": {n.key for n in explain(t, ed).notes}  # noqa: E731
    assert "brackets" in keys("http://[::1]/")
    assert "brackets" not in keys("http://example.com/")
    assert "params" in keys("http://a/b;type=a", "rfc2396")
    assert {"tilde", "unwise"} <= keys("http://a/~u/{x}")
    assert "password" in keys("ftp://u:p@h/")
    assert "empty-port" in keys("http://h:/")
    assert "scheme-digit" in keys("1ab:x")
    assert keys("http://example.com/") == set()


@pytest.mark.parametrize("key", sorted(NOTES))
def test_every_note_is_backed_by_its_specs(key: str) -> None:
    """Each note's quotes are found verbatim (whitespace aside) in the spec they cite.

    Only shared/specs is read: a quote attributed to RFC 3986 must be in the 2003 draft
    that became it, one attributed to RFC 2396 in the 1997 draft (tests/spec_text.py).
    """
    _text, quotes = NOTES[key]
    assert quotes
    for edition, quote in quotes:
        assert flat(quote) in spec_text(edition), (key, edition, quote)


def test_analysis_lazy_properties() -> None:
    """Analysis.explanation / .editions are built once and match the functions."""
    a = analyze(SEC75)
    assert a.explanation is a.explanation
    assert a.explanation == explain(SEC75)
    assert a.editions is a.editions
    assert a.editions[-1].serialization == a.whatwg.href


def test_param_and_percent_sentences() -> None:
    """RFC 2396 §3.3 params: one sentence, spanning the first param; percent octets
    anywhere (here only in the query) decode in one sentence (RFC 3986 §2.1)."""
    text = "http://a/b;p/c;q;r"
    params = [s for s in explain(text, "rfc2396").sentences if s.component == "param"]
    assert len(params) == 1 and params[0].span is not None
    assert params[0].span.of(text) == "p" and "3 ';' parameters" in params[0].text
    assert not [s for s in explain(text).sentences if s.component == "param"]
    many = "http://e/" + "a;b/" * 2000
    assert len([s for s in explain(many, "rfc2396").sentences if s.component == "param"]) == 1
    q = "http://a?q=%20%E2%82%AC"
    pct = next(s for s in explain(q).sentences if s.component == "percent")
    assert "'€'" in pct.text and pct.span is not None and pct.span.of(q) == "%20"
    assert "not UTF-8" in next(
        s.text for s in explain("http://a/%FF").sentences if s.component == "percent"
    )


def test_query_sentence_counts_form_parameters() -> None:
    """The query sentence names the form keys (a convention, not RFC 3986 §3.4)."""
    q = next(s for s in explain("http://a/?x=1&y&z=3").sentences if s.component == "query")
    assert "3 parameters: 'x', 'y', 'z'" in q.text
    empty = next(s for s in explain("http://a/?").sentences if s.component == "query")
    assert "parameter" not in empty.text
