"""http(s) decoder: form-decoded query parameters, repeated keys, tracking parameters.

The form decoding is application/x-www-form-urlencoded (WHATWG URL Standard §5.1):
``+`` is a space, ``%XX`` octets are UTF-8, bad bytes become U+FFFD; RFC 3986 §3.4
itself gives the query no structure.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from uriinspector.core.decoders import DecodedField, SchemeDecoding, decode
from uriinspector.core.decoders.tracking import TRACKING_KEYS, tracking_source
from uriinspector.core.decoders.web import MAX_PARAMS


def walk(fields: tuple[DecodedField, ...]) -> Iterator[DecodedField]:
    for f in fields:
        yield f
        yield from walk(f.children)


def get(d: SchemeDecoding | None, label: str) -> DecodedField:
    assert d is not None
    return next(f for f in d.fields if f.label == label)


def params(text: str) -> tuple[DecodedField, ...]:
    return get(decode(text), "Query parameters").children


def test_spec_example_rfc2396_1_3_without_query() -> None:
    d = decode("http://www.math.uio.no/faq/compression-faq/part1.html")
    assert d is not None and d.scheme == "http"
    assert get(d, "Host").value == "www.math.uio.no"
    assert get(d, "Port").value == "80 (default)"
    assert get(d, "Path").value == "/faq/compression-faq/part1.html"
    assert not any(f.label == "Query parameters" for f in d.fields)


def test_https_default_port_and_explicit_port() -> None:
    assert get(decode("https://example.com/"), "Port").value == "443 (default)"
    port = get(decode("https://example.com:8443/"), "Port")
    assert port.value == "8443" and port.span is not None
    assert get(decode("http://example.com:80/"), "Port").note == "80 is the scheme's default port."
    assert get(decode("http://example.com:http/"), "Port").flag == "invalid"


def test_plus_is_space_and_percent_is_utf8() -> None:
    text = "https://www.google.com/search?q=caf%C3%A9+au+lait&hl=fr"
    q, hl = params(text)
    assert (q.label, q.value) == ("q", "café au lait")
    assert q.span is not None and q.span.of(text) == "q=caf%C3%A9+au+lait"
    assert "Written as 'caf%C3%A9+au+lait'" in (q.note or "")
    assert (hl.label, hl.value) == ("hl", "fr")


def test_encoded_key_and_encoded_plus() -> None:
    (p,) = params("http://x/?a%2Bb=1%2B1")
    assert (p.label, p.value) == ("a+b", "1+1")


def test_repeated_keys_are_grouped_in_order() -> None:
    text = "http://shop.example/list?color=red&size=m&color=blue&color=green"
    kids = params(text)
    assert [k.label for k in kids] == ["color", "size"]
    color = kids[0]
    assert color.value == "3 values: red, blue, green"
    assert color.flag == "warning" and "Repeated key" in (color.note or "")
    assert [c.value for c in color.children] == ["red", "blue", "green"]
    assert [c.span.of(text) for c in color.children if c.span] == [
        "color=red", "color=blue", "color=green"
    ]


def test_key_without_value_and_empty_pieces() -> None:
    kids = params("http://x/?&flag&&a=&b=2&")
    assert [(k.label, k.value) for k in kids] == [("flag", "(no value)"), ("a", ""), ("b", "2")]
    assert get(decode("http://x/?&&"), "Query parameters").value == "0 parameters"


def test_empty_query() -> None:
    q = get(decode("http://x/?"), "Query")
    assert q.value == "(empty)"


@pytest.mark.parametrize(
    ("key", "who"),
    [
        ("utm_source", "Urchin"),
        ("UTM_Campaign", "Urchin"),
        ("utm_id", "Urchin"),
        ("fbclid", "Facebook"),
        ("gclid", "Google Ads"),
        ("dclid", "DoubleClick"),
        ("msclkid", "Microsoft"),
        ("mc_eid", "Mailchimp"),
        ("igshid", "Instagram"),
        ("yclid", "Yandex"),
        ("_hsenc", "HubSpot"),
        ("mkt_tok", "Marketo"),
    ],
)
def test_tracking_parameters_are_flagged(key: str, who: str) -> None:
    (p,) = params(f"https://example.com/a?{key}=abc123")
    assert p.flag == "tracking"
    assert who in (p.note or "")


def test_ordinary_parameters_are_not_tracking() -> None:
    for key in ("q", "id", "page", "utm", "source", "gclidx", "ref"):
        assert tracking_source(key) is None, key


def test_tracking_table_is_lower_case_and_documented() -> None:
    for key, source in TRACKING_KEYS.items():
        assert key == key.lower()
        assert len(source) > 10


def test_summary_counts_tracking_including_repeated() -> None:
    text = "https://example.com/?utm_source=a&utm_source=b&fbclid=x&id=1"
    q = get(decode(text), "Query parameters")
    assert q.value == "4 parameters, 3 tracking"
    group = q.children[0]
    assert group.flag == "tracking"


def test_broken_percent_is_invalid_and_kept_rfc3986_2_1() -> None:
    (p,) = params("http://x/?c=100%")
    assert p.value == "100%"
    assert p.flag == "invalid"
    assert "RFC 3986 §2.1" in (p.note or "")
    (k,) = params("http://x/?%zz=1")
    assert k.label == "%zz" and k.flag == "invalid"
    assert "In the key" in (k.note or "")


def test_non_utf8_bytes_show_replacement_character() -> None:
    (p,) = params("http://x/?name=Andr%E9")  # Latin-1 é, not UTF-8
    assert p.value == "Andr\ufffd"
    assert p.flag == "warning"
    assert "U+FFFD" in (p.note or "")


def test_tracking_flag_wins_over_damage_flag() -> None:
    (p,) = params("http://x/?utm_term=%FF")
    assert p.flag == "tracking"
    assert "U+FFFD" in (p.note or "")


def test_spans_count_code_points_after_astral_characters() -> None:
    text = "https://😀😀.example/𝔭𝔞𝔱𝔥?utm_source=𝔘&q=%F0%9F%98%80#𝔣"
    d = decode(text)
    assert d is not None
    assert get(d, "Host").span.of(text) == "😀😀.example"  # type: ignore[union-attr]
    utm, q = params(text)
    assert utm.span is not None and utm.span.of(text) == "utm_source=𝔘"
    assert q.span is not None and q.span.of(text) == "q=%F0%9F%98%80"
    assert q.value == "😀"
    assert get(d, "Fragment").span.of(text) == "𝔣"  # type: ignore[union-attr]


def test_userinfo_password_flagged() -> None:
    d = decode("https://alice:s3cret@example.com/")
    assert get(d, "User").value == "alice"
    pw = get(d, "Password")
    assert pw.flag == "warning" and "RFC 3986 §3.2.1" in (pw.note or "")


def test_http_without_authority_is_invalid() -> None:
    assert get(decode("http:/path?a=1"), "Host").flag == "invalid"


def test_many_parameters_are_counted_not_listed() -> None:
    n = MAX_PARAMS + 500
    text = "http://x/?" + "&".join(f"k{i}=v" for i in range(n))
    q = get(decode(text), "Query parameters")
    assert q.value == f"{n:,} parameters"
    assert len(q.children) == MAX_PARAMS + 1
    more = q.children[-1]
    assert more.value == "500 more parameters not decoded here"
    assert more.note is not None and "lists every one" in more.note
    assert more.span is not None and more.span.of(text).startswith(f"k{MAX_PARAMS}=v&")
    assert more.span.end == len(text)
