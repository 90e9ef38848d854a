"""embedded-url: URLs inside a URL (open redirects), with bounded recursion."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.core.destinations.scan import query_slices
from uriinspector.core.findings import detect_text
from uriinspector.core.split import split


def embedded(uri: str) -> list[tuple[str, str, str]]:
    return [(f.severity, f.span.of(uri), f.message) for f in detect_text(uri)
            if f.code == "embedded-url"]


def test_plain_redirect_parameter() -> None:
    uri = "https://www.google.com/url?q=https://evil.example/login&sa=D"
    [(severity, evidence, message)] = embedded(uri)
    assert severity == "warning" and evidence == "https://evil.example/login"
    assert "https://evil.example/login" in message and "evil.example" in message


def test_percent_encoded_nested_url_is_decoded_in_the_message() -> None:
    [(_, _, message)] = embedded("https://t.co/r?url=https%3A%2F%2Fevil.example%2Fsignin")
    assert "https://evil.example/signin" in message


def test_protocol_relative_and_path_embedded() -> None:
    assert embedded("https://example.com/login?next=//evil.example")
    assert embedded("https://example.com/redirect/https://evil.example/")
    assert embedded("https://example.com/#https://evil.example/")


def test_nested_danger_raises_the_severity() -> None:
    uri = "https://example.com/?r=https%3A%2F%2Fwww.paypal.com%40203.0.113.9%2F"
    [(severity, _, message)] = embedded(uri)
    assert severity == "danger" and "misleading-userinfo" in message


def test_recursion_is_bounded() -> None:
    uri = "https://a.example/?u=" + "https://b.example/?u=" * 200 + "x"
    assert len(embedded(uri)) == 1


def test_local_paths_are_quiet() -> None:
    assert embedded("https://example.com/login?next=/account") == []
    assert embedded("https://medium.com/@user") == []


def test_nested_url_is_carried_decoded_for_inspect_this_url() -> None:
    # The window's "Inspect this URL" opens the decoded nested link, not the %-encoded span.
    uri = "https://t.co/r?url=https%3A%2F%2Fevil.example%2Fsignin"
    [finding] = [f for f in detect_text(uri) if f.code == "embedded-url"]
    assert finding.nested_url == "https://evil.example/signin"
    assert finding.span.of(uri) == "https%3A%2F%2Fevil.example%2Fsignin"
    assert "nested_url" not in finding.to_json()  # not part of the batch contract



@given(
    st.lists(
        st.sampled_from(
            ["a=b", "u=https://e.example/x", "=", "", "r=//e.example/", "k",
             "next=http%3A%2F%2Fe.example", "x=y=z", "q=ftp://h/", "\U0001f600=1"]
        ),
        max_size=8,
    )
)
@settings(max_examples=150, deadline=None)
def test_query_slices_match_query_params(pieces: list[str]) -> None:
    # The scanner reads parameters as plain slices; they must be exactly query_params'.
    text = "https://t.example/r?" + "&".join(pieces)
    ref = split(text)
    got = [(key, value, vstart) for key, value, vstart, _eq in query_slices(ref)]
    want = [
        (qp.key.text, (qp.value or qp.key).text, (qp.value or qp.key).span.start)
        for qp in ref.query_params
    ]
    assert got == want


def test_wrapped_destination_is_the_finding_and_inspect_target() -> None:
    # One mechanism: the embedded-url finding carries the destination chain's first hop.
    from uriinspector.core.destinations import destinations

    uri = "https://urldefense.com/v3/__https://evil.example/login__;!!ABC!def$"
    [finding] = [f for f in detect_text(uri) if f.code == "embedded-url"]
    assert finding.nested_url == "https://evil.example/login"
    assert finding.nested_url == destinations(uri).hops[0].url
    assert finding.span.of(uri) == "https://evil.example/login"


def test_a_nested_url_seen_again_gives_the_same_findings_as_read_afresh() -> None:
    """The cache of nested URLs (a mailbox's wrappers repeat their targets) answers
    exactly what inspecting them anew does, at both depths; long ones are not kept."""
    from uriinspector.core import findings as findings_module
    from uriinspector.core.findings import detect_text

    inner = "https://evil.example/login?next=https%3A%2F%2Fpaypa1.com%2F"
    links = [
        "https://eur01.safelinks.protection.outlook.com/?url=" + quote(inner, safe="")
        + "&data=05%7C02&reserved=0",
        "https://www.google.com/url?q=" + quote(inner, safe=""),
        "https://a.example/r?u=https://a.example/r?u=" + quote(inner, safe=""),
        "https://a.example/r?u=https://x.example/" + "a" * 3000,
    ]
    findings_module._inspect_cached.cache_clear()
    first = [detect_text(link) for link in links[:3]]
    kept = findings_module._inspect_cached.cache_info().currsize
    first.append(detect_text(links[3]))
    assert findings_module._inspect_cached.cache_info().currsize == kept > 0
    again = [detect_text(link) for link in links]
    findings_module._inspect_cached.cache_clear()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(findings_module, "_inspect_cached", findings_module._inspect)
        fresh = [detect_text(link) for link in links]
    assert first == again == fresh
    assert any(f.code == "embedded-url" for f in first[0])
