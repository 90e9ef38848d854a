"""escaped-control (draft-2003 §7.2) and double-encoding."""

from __future__ import annotations

import pytest

from uriinspector.core.findings import detect_text


def hits(uri: str, code: str) -> list[tuple[str, str]]:
    return [(f.severity, f.span.of(uri)) for f in detect_text(uri) if f.code == code]


def test_crlf_is_one_danger_finding() -> None:
    uri = "https://example.com/r?to=/%0D%0ASet-Cookie:x"
    assert hits(uri, "escaped-control") == [("danger", "%0D%0A")]
    [f] = [f for f in detect_text(uri) if f.code == "escaped-control"]
    assert "CR LF" in f.message and "§7.2" in f.message


def test_nul() -> None:
    assert hits("https://example.com/a.php%00.jpg", "escaped-control") == [("danger", "%00")]


def test_other_controls_are_warnings() -> None:
    assert hits("https://example.com/?q=%1b[31m", "escaped-control") == [("warning", "%1b")]


def test_mailto_body_line_breaks_are_info() -> None:
    assert hits("mailto:a@b.c?body=1%0D%0A2", "escaped-control") == [("info", "%0D%0A")]


@pytest.mark.parametrize(
    ("uri", "evidence"),
    [
        ("https://example.com/%252e%252e/x", "%252e"),
        ("https://example.com/%%32%65%%32%65/x", "%%32%65"),
        ("https://example.com/%25%32%65%25%32%65/x", "%25%32%65"),
    ],
)
def test_double_encoded_dot_dot_is_danger(uri: str, evidence: str) -> None:
    found = hits(uri, "double-encoding")
    assert found[0] == ("danger", evidence)
    [f, *_] = [f for f in detect_text(uri) if f.code == "double-encoding"]
    assert "%2E" in f.message and "'.'" in f.message


def test_double_encoded_query_values_are_warnings() -> None:
    found = hits("https://example.com/?u=https%253A%252F%252Fa.example", "double-encoding")
    assert found and {s for s, _ in found} == {"warning"}


def test_single_encoding_is_quiet() -> None:
    for uri in ("https://example.com/100%25", "https://example.com/%41%42%2e%2E",
                "https://example.com/?q=100%25+cotton"):
        assert hits(uri, "double-encoding") == []
