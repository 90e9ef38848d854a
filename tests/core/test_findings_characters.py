"""bidi-control and invisible-character, literal and percent-encoded."""

from __future__ import annotations

import pytest

from uriinspector.core.findings import detect_text


def found(uri: str, code: str) -> list[tuple[str, str]]:
    return [(f.severity, f.span.of(uri)) for f in detect_text(uri) if f.code == code]


@pytest.mark.parametrize(
    ("uri", "evidence"),
    [
        ("https://example.com/\u202efdp.exe", "\u202e"),
        ("https://example.com/%E2%80%AEfdp.exe", "%E2%80%AE"),
        ("https://example.com/%e2%80%ae", "%e2%80%ae"),
        ("https://example.com/a\u2067b\u2069", "\u2067"),
        ("https://example.com/\u200fx", "\u200f"),
        ("https://example.com/\u061cx", "\u061c"),
    ],
)
def test_bidi(uri: str, evidence: str) -> None:
    hits = found(uri, "bidi-control")
    assert hits and hits[0] == ("danger", evidence)


@pytest.mark.parametrize(
    "uri",
    ["https://exa\u200bmple.com/", "https://pay\u00adpal.com/", "https://goo\u200dgle.com/",
     "https://bank\u2060.example/", "https://\ufeffexample.com/",
     "https://exa%E2%80%8Bmple.com/", "https://face\u200cbook.com/"],
)
def test_invisible_in_host_is_danger(uri: str) -> None:
    hits = found(uri, "invisible-character")
    assert hits and hits[0][0] == "danger"


def test_invisible_in_path_is_warning() -> None:
    assert found("https://example.com/log\u200bin", "invisible-character") == [
        ("warning", "\u200b")
    ]


def test_message_names_the_character() -> None:
    [f] = [f for f in detect_text("https://exa\u200bmple.com/") if f.code == "invisible-character"]
    assert "⟨U+200B⟩ ZERO WIDTH SPACE" in f.message  # the one marker (core/hidden.py)


def test_ordinary_unicode_is_quiet() -> None:
    assert found("https://ja.wikipedia.org/wiki/日本", "invisible-character") == []
    assert found("https://example.com/%E2%82%AC", "bidi-control") == []
