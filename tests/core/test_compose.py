"""core.compose: an edited component is escaped exactly as that component needs.

The rule is the 2003 draft §2.4.2 / RFC 3986 §2.4: escape when composing, only the
characters the component does not allow, and never twice. Round trips are checked
with the standard library's decoder, not ours.
"""

from __future__ import annotations

from urllib.parse import unquote, unquote_plus

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.core.analysis import analyze
from uriinspector.core.compose import (
    COMPONENTS,
    Component,
    escape,
    replace_component,
)
from uriinspector.core.split import split

BASE = "https://user@example.com:8042/over/there?utm_source=x&name=ferret#nose"


def test_compose_2_4_2_space_and_hash_in_a_path_segment() -> None:
    out = replace_component(BASE, "segment", "a b#c", index=0, literal=True)
    assert out.ok and out.value == "a%20b%23c"
    assert out.uri == "https://user@example.com:8042/a%20b%23c/there?utm_source=x&name=ferret#nose"
    assert unquote(split(out.uri).segments[0].text) == "a b#c"


def test_compose_query_value_escapes_amp_and_equals_but_not_question_mark() -> None:
    # RFC 3986 §3.4: "?" is allowed in a query; "&" and "=" would split the pair.
    out = replace_component(BASE, "query-value", "a&b=c?d", index=1, literal=True)
    assert out.value == "a%26b%3Dc?d"
    assert out.uri.endswith("?utm_source=x&name=a%26b%3Dc?d#nose")
    params = split(out.uri).query_params
    assert len(params) == 2
    assert params[1].value is not None and unquote_plus(params[1].value.text) == "a&b=c?d"


def test_compose_query_key_and_plus_as_data() -> None:
    out = replace_component(BASE, "query-key", "a+b c", index=0, literal=True)
    assert out.value == "a%2Bb%20c"  # "+" means a space in form data, so a plus is %2B
    assert unquote_plus(split(out.uri).query_params[0].key.text) == "a+b c"


def test_compose_3_2_1_at_and_colon_in_user() -> None:
    out = replace_component(BASE, "user", "me@x:y", literal=True)
    assert out.uri.startswith("https://me%40x%3Ay@example.com:8042/")
    ui = split(out.uri).userinfo
    assert ui is not None and unquote(ui.text) == "me@x:y"
    # the password may hold ":" raw: only the first colon separates (§3.2.1)
    pw = replace_component(BASE, "password", "p:w@", literal=True)
    assert pw.uri.startswith("https://user:p:w%40@example.com")


def test_compose_never_escapes_twice_in_raw_mode() -> None:
    # draft-2003 §2.4.2: an existing valid %XX is kept; a stray "%" becomes %25.
    out = replace_component(BASE, "fragment", "a%20b%zz c", literal=False)
    assert out.value == "a%20b%25zz%20c"
    # the decoded column takes text as data: every "%" is data
    lit = replace_component(BASE, "fragment", "a%20b", literal=True)
    assert lit.value == "a%2520b"
    assert escape("%41%4", frozenset("A4"), keep_escapes=True) == "%41%254"


def test_compose_creates_undefined_components_with_their_delimiters() -> None:
    assert replace_component("http://h/p", "port", "81").uri == "http://h:81/p"
    assert replace_component("http://h/p", "fragment", "f").uri == "http://h/p#f"
    assert replace_component("http://h/p#f", "query", "q=1").uri == "http://h/p?q=1#f"
    assert replace_component("http://h/p", "password", "s").uri == "http://:s@h/p"
    assert replace_component("http://u@h/p", "password", "s").uri == "http://u:s@h/p"
    assert replace_component("http://h/p?k&x", "query-value", "v", index=0).uri == (
        "http://h/p?k=v&x"
    )
    # a new authority needs "//", and a rootless path then gains its "/" (RFC 3986 §3.3)
    assert replace_component("foo:bar", "host", "h").uri == "foo://h/bar"


def test_compose_refuses_what_a_component_cannot_hold() -> None:
    for comp, value in (("port", "80a"), ("scheme", "ht tp"), ("scheme", "1x"),
                        ("host", "[not ipv6]")):
        out = replace_component(BASE, comp, value)  # type: ignore[arg-type]
        assert not out.ok and out.uri == BASE, (comp, value)
    # emptying the first segment of "/a/b" would make "//b" an authority (RFC 3986 §3.3)
    assert not replace_component("/a/b", "segment", "", index=0).ok
    assert not replace_component(BASE, "segment", "x", index=9).ok


def test_compose_4_2_first_segment_of_a_relative_path_has_no_colon() -> None:
    out = replace_component("a/b", "segment", "x:y", index=0, literal=True)
    assert out.uri == "x%3Ay/b"
    assert split(out.uri).scheme is None


def test_compose_ip_literal_kept_and_reg_name_escaped() -> None:
    assert replace_component(BASE, "host", "[::1]").uri.startswith("https://user@[::1]:8042/")
    out = replace_component(BASE, "host", "ex ample.com", literal=True)
    assert out.value == "ex%20ample.com"


def test_compose_result_is_valid_rfc3986() -> None:
    edits: list[tuple[Component, str, int]] = [
        ("segment", "a b#c?d", 1), ("query-value", "x&y=z", 0), ("query-key", "k k", 1),
        ("user", "a@b", 0), ("password", "p w", 0), ("fragment", "# f", 0),
        ("host", "h st", 0), ("path", "/x y/z", 0), ("query", "a b#", 0),
    ]
    for comp, value, index in edits:
        out = replace_component(BASE, comp, value, index=index, literal=True)
        assert out.ok, (comp, out.error)
        assert analyze(out.uri).parsed.valid, (comp, out.uri)


def _decoded(uri: str, component: Component, index: int) -> str | None:
    sp = split(uri)
    if component == "segment":
        return unquote(sp.segments[index].text, errors="surrogatepass")
    if component in ("query-key", "query-value"):
        qp = sp.query_params[index]
        part = qp.key if component == "query-key" else qp.value
        return None if part is None else unquote_plus(part.text, errors="surrogatepass")
    if component in ("user", "password"):
        assert sp.userinfo is not None
        user, _, pw = sp.userinfo.text.partition(":")
        return unquote(user if component == "user" else pw, errors="surrogatepass")
    part2 = getattr(sp, component)
    return None if part2 is None else unquote(part2.text, errors="surrogatepass")


ROUND_TRIP: tuple[tuple[Component, int], ...] = (
    ("segment", 0), ("segment", 1), ("query-key", 0), ("query-value", 1), ("user", 0),
    ("password", 0), ("fragment", 0), ("query", 0), ("host", 0),
)


@settings(max_examples=300, deadline=None)
@given(value=st.text(), target=st.sampled_from(ROUND_TRIP))
def test_compose_round_trip_property(value: str, target: tuple[Component, int]) -> None:
    """Any text composed into a component, split again and decoded, is that text."""
    component, index = target
    if component == "host" and value.startswith("[") and value.endswith("]"):
        return  # an IP literal is not data
    out = replace_component(BASE, component, value, index=index, literal=True)
    assert out.ok, out.error
    assert _decoded(out.uri, component, index) == value
    # the other components did not move
    before, after = split(BASE), split(out.uri)
    if component != "fragment":
        assert after.fragment is not None and after.fragment.text == "nose"
    if component not in ("segment", "path"):
        assert [s.text for s in after.segments] == [s.text for s in before.segments]


@settings(max_examples=200, deadline=None)
@given(text=st.text(), value=st.text(), comp=st.sampled_from(COMPONENTS),
       index=st.integers(0, 3), literal=st.booleans())
def test_compose_never_raises(
    text: str, value: str, comp: Component, index: int, literal: bool
) -> None:
    out = replace_component(text, comp, value, index=index, literal=literal)
    assert isinstance(out.uri, str)
    assert out.ok or out.uri == text


@pytest.mark.parametrize("value", ["\x00", "\u202e", "\ud800", "é", "😀"])
def test_compose_controls_and_non_ascii_are_utf8_escaped(value: str) -> None:
    out = replace_component(BASE, "fragment", value, literal=True)
    assert out.ok
    assert all(ord(c) < 128 and c.isprintable() for c in out.value)
    assert unquote(out.value, errors="surrogatepass") == value


def test_authority_is_composed_with_its_delimiters_raw() -> None:
    # RFC 3986 §3.2: "@" and ":" delimit inside the authority; "/" would end it.
    from uriinspector.core.compose import replace_component

    done = replace_component("http://a.example/x", "authority", "u v@[::1]:80")
    assert done.ok and done.uri == "http://u%20v@[::1]:80/x"
    ended = replace_component("http://a.example/x", "authority", "h/evil")
    assert ended.ok and ended.uri == "http://h%2Fevil/x"
    added = replace_component("mailto:x", "authority", "h")
    assert added.ok and added.uri == "mailto://h/x"  # a rootless path gains its "/"
