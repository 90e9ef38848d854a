"""embedded-url: URLs inside a URL (open redirects), with bounded recursion."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.core.findings import detect_text
from uriinspector.core.findings import embedded as _embedded
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



def _reference_query_candidates(text: str) -> list[tuple[str, int, int]]:
    """The query candidates as read through SplitReference.query_params (the slow way)."""
    ref = split(text)
    out = []
    for qp in ref.query_params:
        part = qp.value if qp.value is not None else qp.key
        if not part.text:
            continue
        hit = _embedded._NESTED.search(part.text) if _embedded._may_nest(part.text) else None
        if hit is not None:
            out.append((qp.key.text, part.span.start + hit.start(), part.span.end))
        elif qp.value is not None and _embedded._PROTOCOL_RELATIVE.match(part.text):
            out.append((qp.key.text, part.span.start, part.span.end))
    return out


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
def test_query_scan_matches_query_params(pieces: list[str]) -> None:
    # The detector reads parameters as slices; they must be exactly query_params'.
    text = "https://t.example/r?" + "&".join(pieces)
    ref = split(text)
    got = [
        (start, end)
        for where, start, end in _embedded._candidates(ref)
        if where.startswith("query")
    ]
    want = _reference_query_candidates(text)
    if ref.query is not None and not (
        (_embedded._may_nest(ref.query.text) and _embedded._NESTED.search(ref.query.text))
        or _embedded._RELATIVE_HINT.search(ref.query.text)
    ):
        want = []
    assert got == [(s, e) for _k, s, e in want]
