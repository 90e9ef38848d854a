"""RFC 2396 (1998): the edition's grammar, one test per numbered requirement it states.

Each test cites the requirement of shared/specs/requirements-uri-2396.txt it checks.
"""

from __future__ import annotations

import pytest

from uriinspector.core.characters import classify_characters
from uriinspector.core.charsets import char_class
from uriinspector.core.host import is_hostname
from uriinspector.core.parse import ParsedReference, parse

ED = "rfc2396"


def p(text: str) -> ParsedReference:
    return parse(text, ED)


def codes(text: str, edition: str = ED) -> list[str]:
    return [d.code for d in parse(text, edition).diagnostics]


def errors(text: str, edition: str = ED) -> list[tuple[str, int, int]]:
    return [
        (d.code, d.span.start, d.span.end)
        for d in parse(text, edition).diagnostics
        if d.severity == "error"
    ]


EXAMPLES_1 = (
    "ftp://ftp.is.co.za/rfc/rfc1808.txt",
    "gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
    "http://www.math.uio.no/faq/compression-faq/part1.html",
    "telnet://melvyl.ucop.edu/",
)
EXAMPLES_2 = ("mailto:mduerst@ifi.unizh.ch", "news:comp.infosystems.www.servers.unix")
ALL_EDITIONS = ("rfc3986", "draft-2003", "rfc2396", "draft-1997", "draft-1993")


@pytest.mark.req("1.3-1")
@pytest.mark.parametrize("edition", ALL_EDITIONS)
@pytest.mark.parametrize("uri", EXAMPLES_1)
def test_1_3_example_uris_with_authority_valid_in_every_edition(uri: str, edition: str) -> None:
    r = parse(uri, edition)
    assert r.valid, r.diagnostics
    assert r.diagnostics == ()
    assert r.host_kind == "reg-name"
    assert r.split.scheme is not None and r.split.authority is not None


@pytest.mark.req("1.3-2")
@pytest.mark.parametrize("edition", ALL_EDITIONS)
@pytest.mark.parametrize("uri", EXAMPLES_2)
def test_1_3_example_uris_without_authority_valid_in_every_edition(uri: str, edition: str) -> None:
    r = parse(uri, edition)
    assert r.valid and r.diagnostics == ()
    assert r.split.authority is None and r.host_kind is None


@pytest.mark.req("2.2-1")
def test_2_2_reserved_set_is_exactly_the_ten_characters() -> None:
    reserved = {chr(c) for c in range(128) if char_class(chr(c), ED) == "reserved"}
    assert reserved == set(";/?:@&=+$,")


@pytest.mark.req("2.2-2")
def test_2_2_reserved_allowed_in_uri_but_not_in_every_component() -> None:
    assert p("http://host/a$b,c;d").valid  # "$" "," ";" are fine in a path
    # ... but not in a port (*digit): "host:8$0" is then no server, only a reg_name
    assert codes("http://host:8$0/") == ["not-a-server"]
    assert errors("http://host:8$0/", "draft-1997") == [("invalid-port", 13, 14)]
    # ... and "?" delimits the query inside a path-bearing URI rather than being data
    assert p("http://host/a?b").split.path.text == "/a"


@pytest.mark.req("2.2-3")
def test_2_2_reserved_only_where_escaping_changes_meaning() -> None:
    plain, escaped = p("/a/b"), p("/a%2Fb")
    assert [s.text for s in plain.split.segments] == ["a", "b"]
    assert [s.text for s in escaped.split.segments] == ["a%2Fb"]
    # "=" is reserved in RFC 2396, yet in a segment's data it is allowed as is
    assert p("/k=v").valid and p("/k%3Dv").valid


@pytest.mark.req("2.3-1")
def test_2_3_unreserved_is_alphanum_and_mark() -> None:
    assert {c for c in map(chr, range(128)) if char_class(c, ED) == "mark"} == set("-_.!~*'()")
    assert all(char_class(c, ED) == "unreserved" for c in "azAZ09")
    assert p("http://h/-_.!~*'()azAZ09?-_.!~*'()#-_.!~*'()").diagnostics == ()


@pytest.mark.req("2.4-1")
def test_2_4_non_printable_and_non_ascii_data_must_be_escaped() -> None:
    assert errors("http://h/caf\u00e9") == [("non-ascii", 12, 13)]
    assert errors("http://h/a\tb") == [("control-character", 10, 11)]
    assert p("http://h/caf%C3%A9").valid and p("http://h/a%09b").valid


@pytest.mark.req("2.4.1-1")
@pytest.mark.parametrize(
    ("text", "valid"),
    [
        pytest.param("/%20", True, id="space-escaped"),
        pytest.param("/%7e%7E", True, id="hex-either-case"),
        pytest.param("/%2", False, id="one-hex-digit"),
        pytest.param("/%G1", False, id="not-hex"),
        pytest.param("/%", False, id="bare-percent"),
    ],
)
def test_2_4_1_escaped_is_percent_hex_hex(text: str, valid: bool) -> None:
    r = p(text)
    assert r.valid is valid
    if not valid:
        (d,) = r.diagnostics
        assert d.code == "malformed-percent" and d.span.start == 1
        assert "RFC 2396" in d.message


@pytest.mark.req("2.4.2-1")
def test_2_4_2_components_are_split_before_any_decoding() -> None:
    r = p("http://h/a%3Fb%23c?q%26r")
    assert r.split.path.text == "/a%3Fb%23c"  # the escaped "?" and "#" stay data
    assert r.split.query is not None and r.split.query.text == "q%26r"
    assert r.split.fragment is None and r.valid


@pytest.mark.req("2.4.2-2")
def test_2_4_2_escaped_unreserved_is_the_same_character() -> None:
    r = p("http://h/%7euser")
    assert r.valid and p("http://h/~user").valid
    infos = classify_characters(r)
    assert {i.decoded for i in infos[9:12]} == {"~"}
    assert {i.escape_octet for i in infos[9:12]} == {0x7E}


@pytest.mark.req("2.4.2-3")
def test_2_4_2_percent_as_data_must_be_escaped_and_decodes_once() -> None:
    assert errors("http://h/100%") == [("malformed-percent", 12, 13)]
    r = p("http://h/100%25")
    assert r.valid
    # "%2541" is "%41" as data: one decoding gives "%", never "A"
    infos = classify_characters(p("/%2541"))
    assert infos[1].decoded == "%" and infos[4].escape_octet is None


@pytest.mark.req("2.4.3-1")
def test_2_4_3_space_is_excluded() -> None:
    assert char_class(" ", ED) == "excluded-space"
    assert errors("http://h/a b") == [("invalid-character", 10, 11)]


@pytest.mark.req("2.4.3-2")
@pytest.mark.parametrize("ch", ["<", ">", '"'])
def test_2_4_3_delims_are_excluded(ch: str) -> None:
    assert char_class(ch, ED) == "excluded-delims"
    assert errors(f"http://h/a{ch}b") == [("invalid-character", 10, 11)]
    assert char_class("#", ED) == char_class("%", "rfc2396").replace("escape", "excluded-delims")
    assert errors("http://h/a#b#c") == [("invalid-character", 12, 13)]


@pytest.mark.req("2.4.3-3")
@pytest.mark.parametrize("ch", list("{}|\\^[]`"))
def test_2_4_3_unwise_are_excluded_unless_escaped(ch: str) -> None:
    assert char_class(ch, ED) == "excluded-unwise"
    r = p(f"http://h/a{ch}b")
    assert [(d.code, d.span.start) for d in r.diagnostics] == [("invalid-character", 10)]
    assert "excluded-unwise" in r.diagnostics[0].message
    assert p(f"http://h/a%{ord(ch):02X}b").valid


@pytest.mark.req("3-1")
def test_3_generic_components_each_may_be_absent_but_scheme() -> None:
    r = p("foo://example.com:8042/over/there?name=ferret#nose")
    assert r.to_json()["components"] == {
        "scheme": "foo",
        "authority": "example.com:8042",
        "userinfo": None,
        "host": "example.com",
        "port": "8042",
        "path": "/over/there",
        "query": "name=ferret",
        "fragment": "nose",
    }
    bare = p("foo:/over")
    assert bare.valid and bare.split.authority is None and bare.split.query is None


@pytest.mark.req("3-2")
def test_3_absolute_uri_is_scheme_then_hier_or_opaque_part() -> None:
    assert p("http://a/b").valid  # net_path
    assert p("http:/b").valid  # abs_path
    assert p("http:b").valid  # opaque_part
    assert errors("http:") == [("missing-hier-part", 4, 5)]
    assert errors("http:#f") == [("missing-hier-part", 4, 5)]


@pytest.mark.req("3-3")
def test_3_opaque_part_is_uric_no_slash_then_uric() -> None:
    assert p("mailto:a@b?subject=hi/there").valid
    assert p("foo:?x").valid  # "?" is a uric_no_slash
    assert errors("urn:a{b") == [("invalid-character", 5, 6)]


@pytest.mark.req("3.1-1")
@pytest.mark.parametrize(
    ("text", "valid"),
    [
        pytest.param("http:/x", True, id="lower"),
        pytest.param("HTTP:/x", True, id="upper-for-resiliency"),
        pytest.param("a+b-c.d:/x", True, id="plus-hyphen-period"),
        pytest.param("1http:/x", False, id="starts-with-digit"),
        pytest.param("a_b:/x", False, id="underscore"),
    ],
)
def test_3_1_scheme_grammar(text: str, valid: bool) -> None:
    r = p(text)
    assert r.valid is valid
    if not valid:
        assert "invalid-scheme" in [d.code for d in r.diagnostics]


@pytest.mark.req("3.1-2")
@pytest.mark.parametrize("text", ["g", "./g", "/g", "//g", "?y", "#s", ""])
def test_3_1_relative_references_have_no_scheme(text: str) -> None:
    r = p(text)
    assert r.split.kind == "relative-ref" and r.split.scheme is None and r.valid


@pytest.mark.req("3.2-1")
def test_3_2_authority_ends_at_slash_question_mark_or_end() -> None:
    assert p("http://a/b").split.authority.text == "a"  # type: ignore[union-attr]
    assert p("http://a?b").split.authority.text == "a"  # type: ignore[union-attr]
    assert p("http://a").split.authority.text == "a"  # type: ignore[union-attr]
    r = p("http://u;x@a:1?q")
    assert (r.split.userinfo.text, r.split.host.text, r.split.port.text) == ("u;x", "a", "1")  # type: ignore[union-attr]


@pytest.mark.req("3.2-2")
def test_3_2_authority_not_required() -> None:
    r = p("foo:/a/b")
    assert r.valid and r.split.authority is None and r.host_kind is None


@pytest.mark.req("3.2.1-1")
def test_3_2_1_registry_based_authority() -> None:
    r = p("http://a_b!c$d/")
    assert r.valid and r.host_kind == "reg-name"
    assert codes("http://a_b!c$d/") == ["not-a-server"]
    assert errors("http://a<b/") == [("invalid-character", 8, 9)]


@pytest.mark.req("3.2.2-1")
def test_3_2_2_server_userinfo_grammar() -> None:
    r = p("ftp://user;type=a&b=c+$,@host/")
    assert r.valid and r.diagnostics == ()
    assert r.split.userinfo is not None and r.split.userinfo.text == "user;type=a&b=c+$,"
    assert errors("ftp://us{er@host/") == [("invalid-character", 8, 9)]


@pytest.mark.req("3.2.2-2")
def test_3_2_2_user_password_not_recommended() -> None:
    r = p("ftp://user:secret@host/")
    assert r.valid
    (d,) = r.diagnostics
    assert d.code == "userinfo-password" and d.severity == "warning"
    assert (d.span.start, d.span.end) == (10, 17) and "NOT RECOMMENDED" in d.message


@pytest.mark.req("3.2.2-3")
@pytest.mark.parametrize(
    ("host", "kind", "valid"),
    [
        pytest.param("www.example.com", "reg-name", True, id="hostname"),
        pytest.param("192.0.2.1", "ipv4", True, id="ipv4"),
        pytest.param("999.0.0.1", "ipv4", True, id="ipv4-1*digit-not-dec-octet"),
        pytest.param("[::1]", "ipv6", False, id="no-ipv6-literals"),
    ],
)
def test_3_2_2_host_is_hostname_or_ipv4(host: str, kind: str, valid: bool) -> None:
    r = p(f"http://{host}:/")
    assert r.host_kind == kind and r.valid is valid
    if not valid:
        assert {d.code for d in r.diagnostics} == {"ipv6-not-in-edition"}
        assert "RFC 2396 §2.4.3" in r.diagnostics[0].message


@pytest.mark.req("3.2.2-4")
def test_3_2_2_toplabel_never_starts_with_digit() -> None:
    assert is_hostname("example.com", ED) and not is_hostname("example.1com", ED)
    assert not is_hostname("1.2.3", ED)
    r = p("http://example.1com/")
    assert r.valid and codes("http://example.1com/") == ["not-a-server"]
    assert p("http://1.2.3.4/").host_kind == "ipv4"


@pytest.mark.req("3.2.2-5")
def test_3_2_2_hostname_may_end_with_one_dot() -> None:
    assert p("http://www.example.com./").diagnostics == ()
    assert codes("http://www.example.com../") == ["not-a-server"]
    # draft-1997, the draft before, had no trailing dot and no reg_name to fall back on
    assert errors("http://www.example.com./", "draft-1997") == [("invalid-host", 7, 23)]


@pytest.mark.req("3.2.2-6")
@pytest.mark.parametrize("host", ["localhost", "intranet", "a"])
def test_3_2_2_local_domain_literal_is_a_hostname(host: str) -> None:
    r = p(f"http://{host}/")
    assert r.diagnostics == () and r.host_kind == "reg-name"


@pytest.mark.req("3.2.2-7")
@pytest.mark.parametrize(
    ("port", "valid"),
    [
        pytest.param("8080", True, id="decimal"),
        pytest.param("", True, id="empty-means-default"),
        pytest.param("80a", False, id="letter"),
        pytest.param("-1", False, id="sign"),
        pytest.param("0x50", False, id="hex"),
    ],
)
def test_3_2_2_port_is_decimal_digits(port: str, valid: bool) -> None:
    r = p(f"http://h:{port}/")
    assert r.split.port is not None and r.split.port.text == port and r.valid
    if valid:
        assert r.diagnostics == ()
    else:
        # not a server (port = *digit), but still a registry-based authority (§3.2.1)
        assert codes(f"http://h:{port}/") == ["not-a-server"]
        strict = parse(f"http://h:{port}/", "draft-1997")  # same port rule, no reg_name
        assert {d.code for d in strict.diagnostics if d.severity == "error"} == {"invalid-port"}


@pytest.mark.req("3.3-1")
def test_3_3_path_is_pchars() -> None:
    assert p("http://h/a:b@c&d=e+f$g,h").diagnostics == ()
    assert p("mailto:x").valid  # opaque_part is a path too
    assert errors("http://h/a{b") == [("invalid-character", 10, 11)]


@pytest.mark.req("3.3-2")
def test_3_3_segments_separated_by_single_slash() -> None:
    assert [s.text for s in p("http://h/a/b/c").split.segments] == ["a", "b", "c"]
    assert [s.text for s in p("http://h/a//c").split.segments] == ["a", "", "c"]


@pytest.mark.req("3.3-3")
def test_3_3_slash_semicolon_equals_question_reserved_in_segment() -> None:
    r = p("http://h/a;p=v/b?c")
    assert [s.name.text for s in r.split.segments] == ["a", "b"]
    assert [pp.text for pp in r.split.segments[0].params] == ["p=v"]
    assert r.split.query is not None and r.split.query.text == "c"
    escaped = p("http://h/a%3Bp%3Dv%2Fb%3Fc")
    assert [s.name.text for s in escaped.split.segments] == ["a%3Bp%3Dv%2Fb%3Fc"]


@pytest.mark.req("3.3-4")
def test_3_3_segment_parameters() -> None:
    (seg,) = p("/b;p=1;q").split.segments
    assert seg.name.text == "b" and [x.text for x in seg.params] == ["p=1", "q"]
    assert [(x.span.start, x.span.end) for x in seg.params] == [(3, 6), (7, 8)]


@pytest.mark.req("3.3-5")
def test_3_3_parameters_do_not_change_reference_parsing() -> None:
    r = p("g;x=1/../y")
    assert r.valid and r.split.kind == "relative-ref"
    assert r.split.path.text == "g;x=1/../y" and r.split.query is None
    assert [s.text for s in r.split.segments] == ["g;x=1", "..", "y"]


@pytest.mark.req("3.4-1")
def test_3_4_query_is_urics() -> None:
    assert p("http://h/?a=b/c?d").valid
    assert errors("http://h/?a b") == [("invalid-character", 11, 12)]


@pytest.mark.req("3.4-2")
def test_3_4_reserved_characters_allowed_in_query() -> None:
    r = p("http://h/?;/?:@&=+,$")
    assert r.diagnostics == () and r.split.query is not None
    assert r.split.query.text == ";/?:@&=+,$"


@pytest.mark.req("4-1")
def test_4_fragment_is_not_part_of_the_uri() -> None:
    r = p("http://a/b#f")
    assert r.split.kind == "uri" and r.split.fragment is not None
    assert r.split.fragment.text == "f" and r.split.path.text == "/b"
    assert r.split.fragment.span.start == r.split.path.span.end + 1


@pytest.mark.req("4-2")
@pytest.mark.parametrize("text", ["", "#f", "a#f", "http://a/#", "../x"])
def test_4_uri_reference_grammar(text: str) -> None:
    assert p(text).valid


@pytest.mark.req("4.1-1")
def test_4_1_fragment_is_urics() -> None:
    assert p("#a/b?c;d:e@f&g=h+i$j,k").diagnostics == ()
    assert errors("#a#b") == [("invalid-character", 2, 3)]


@pytest.mark.req("4.1-2")
@pytest.mark.parametrize(
    ("text", "code"),
    [
        pytest.param("#a b", "invalid-character", id="space"),
        pytest.param("#%zz", "malformed-percent", id="bad-escape"),
        pytest.param("#a{b}", "invalid-character", id="unwise"),
        pytest.param("#caf\u00e9", "non-ascii", id="non-ascii"),
    ],
)
def test_4_1_fragment_character_restrictions(text: str, code: str) -> None:
    r = p(text)
    assert not r.valid and r.diagnostics[0].code == code
    assert "RFC 2396 §4.1" in r.diagnostics[0].message


@pytest.mark.req("4.1-3")
@pytest.mark.parametrize("frag", ["xpointer(id('a'))", "page=3", "t=10,20", "section-2.1"])
def test_4_1_fragment_structure_is_left_to_media_types(frag: str) -> None:
    r = p(f"http://h/doc#{frag}")
    assert r.valid and r.split.fragment is not None and r.split.fragment.text == frag


@pytest.mark.req("4.1-4")
def test_4_1_fragment_only_reference_is_same_document() -> None:
    r = p("#section")
    assert r.valid and r.split.kind == "relative-ref"
    assert r.split.path.text == "" and r.split.authority is None and r.split.query is None


@pytest.mark.req("4.3-1")
def test_4_3_components_then_subparts_are_parsed_and_verified() -> None:
    r = p("http://us{er@ho_st:8x/p a?q#f")
    j = r.to_json()
    comps = j["components"]
    assert isinstance(comps, dict) and comps["host"] == "ho_st" and comps["port"] == "8x"
    assert {d.code for d in r.diagnostics} >= {"invalid-character", "invalid-port"}
    starts = [d.span.start for d in r.diagnostics]
    assert starts == sorted(starts)


@pytest.mark.req("4.3-2")
@pytest.mark.parametrize(
    ("text", "authority", "path"),
    [
        pytest.param("//a/b", "a", "/b", id="net-path"),
        pytest.param("http:////x", "", "//x", id="empty-authority"),
        pytest.param("///x", "", "/x", id="relative-empty-authority"),
    ],
)
def test_4_3_authority_wins_greedily(text: str, authority: str, path: str) -> None:
    r = p(text)
    assert r.split.authority is not None and r.split.authority.text == authority
    assert r.split.path.text == path


@pytest.mark.req("6-1")
def test_6_host_names_compare_case_insensitively() -> None:
    a, b = p("http://www.XEROX.com"), p("http://www.xerox.com")
    assert a.valid and b.valid and a.host_kind == b.host_kind == "reg-name"
    assert a.split.host is not None and b.split.host is not None
    assert a.split.host.text != b.split.host.text
    assert a.split.host.text.lower() == b.split.host.text.lower()


@pytest.mark.req("6-2")
def test_6_generic_parse_applies_no_scheme_specific_equivalence() -> None:
    # the default port is scheme knowledge: the generic parse keeps ":80" for every scheme
    for uri in ("http://a:80/", "ftp://a:80/", "foo://a:80/"):
        r = p(uri)
        assert r.valid and r.split.port is not None and r.split.port.text == "80"


@pytest.mark.req("6-3")
def test_6_scheme_and_host_case_do_not_change_validity_or_structure() -> None:
    upper, lower = p("HTTP://WWW.EXAMPLE.COM:80/a"), p("http://www.example.com:80/a")
    assert upper.valid and lower.valid
    assert upper.to_json()["spans"] == lower.to_json()["spans"]
    assert upper.split.scheme is not None and lower.split.scheme is not None
    assert upper.split.scheme.text.lower() == lower.split.scheme.text
