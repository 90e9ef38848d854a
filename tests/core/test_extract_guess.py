"""Abbreviated URIs offered as guesses (draft-2003 Appendix F) next to the Appendix E
delimiting rules, and the sample mail the Extract tab ships with."""

from __future__ import annotations

from pathlib import Path

import pytest

from uriinspector.core.extract import extract

SAMPLE_MAIL = Path(__file__).resolve().parents[2] / "resources" / "samples" / "sample_mail.txt"

# (uri, abbreviated, target, label) for resources/samples/sample_mail.txt.
SAMPLE_EXPECTED = [
    (
        # App. E: "URL:" prefix, wrapped after a hyphen inside <...>
        "http://www.example.com/reports/2003/annual-summary/index.html",
        False,
        "http://www.example.com/reports/2003/annual-summary/index.html",
        "http://www.example.com/reports/2003/annual-summary/index.html",
    ),
    (
        "ftp://ftp.example.com/pub/old/summary.txt",  # App. E: "URL: " with a space, wrapped
        False,
        "ftp://ftp.example.com/pub/old/summary.txt",
        "ftp://ftp.example.com/pub/old/summary.txt",
    ),
    (
        "http://www.w3.org/Addressing/",  # App. E: double quotes
        False,
        "http://www.w3.org/Addressing/",
        "http://www.w3.org/Addressing/",
    ),
    (
        "ftp.example.org/pub/uri/",  # App. F: "ftp." suggests ftp
        True,
        "ftp://ftp.example.org/pub/uri/",
        "probably ftp://ftp.example.org/pub/uri/ (guess)",
    ),
    (
        "www.w3.org/Addressing/",  # App. F's own example
        True,
        "http://www.w3.org/Addressing/",
        "probably http://www.w3.org/Addressing/ (guess)",
    ),
    (
        "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm",  # §7.5; "." cut
        False,
        "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm",
        "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm",
    ),
    (
        "www.example.com",  # App. F: "or simply the DNS hostname on its own"
        True,
        "http://www.example.com",
        "probably http://www.example.com (guess)",
    ),
    ("urn:isbn:0-395-36341-1", False, "urn:isbn:0-395-36341-1", "urn:isbn:0-395-36341-1"),
    ("mailto:ann@example.org", False, "mailto:ann@example.org", "mailto:ann@example.org"),
]


def test_sample_mail_exact_list() -> None:
    text = SAMPLE_MAIL.read_text("utf-8")
    found = extract(text)
    assert [(e.uri, e.abbreviated, e.target, e.label) for e in found] == SAMPLE_EXPECTED
    for e in found:
        assert text[e.span.start : e.span.end] == e.raw


GUESSES = [
    # (text, [(uri, guess)]) — draft-2003 App. F heuristics: www. -> http, ftp. -> ftp
    ("see www.w3.org/Addressing/.", [("www.w3.org/Addressing/", "http://www.w3.org/Addressing/")]),
    ("FTP.Example.ORG/x", [("FTP.Example.ORG/x", "ftp://FTP.Example.ORG/x")]),
    ("<www.example.com/a b>", [("www.example.com/ab", "http://www.example.com/ab")]),
    ('"www.example.com/?q=1#f"', [("www.example.com/?q=1#f", "http://www.example.com/?q=1#f")]),
    ("<URL:www.example.com/x>", [("www.example.com/x", "http://www.example.com/x")]),
    ("(www.example.com/a_(b)), then", [("www.example.com/a_(b)", "http://www.example.com/a_(b)")]),
    ("www.example.com:8080/p!", [("www.example.com:8080/p", "http://www.example.com:8080/p")]),
    (
        "<www.example.com/reports/annual-\n  summary>",
        [("www.example.com/reports/annual-summary", "http://www.example.com/reports/annual-summary")],
    ),
]


@pytest.mark.parametrize(("text", "expected"), GUESSES, ids=[g[0] for g in GUESSES])
def test_abbreviated_guesses(text: str, expected: list[tuple[str, str]]) -> None:
    found = extract(text)
    assert [(e.uri, e.guess) for e in found] == expected
    assert all(e.abbreviated and e.label == f"probably {e.guess} (guess)" for e in found)


@pytest.mark.parametrize(
    "text",
    ["www.example", "mail.example.com/x", "user@www.example.com", "http://www.example.com/",
     "a/www.example.com/b", "www._x.example"],
)  # fmt: skip
def test_not_guessed(text: str) -> None:
    assert not any(e.abbreviated for e in extract(text))


def test_full_uri_is_no_guess() -> None:
    (e,) = extract("http://www.w3.org/Addressing/")
    assert not e.abbreviated and e.guess is None
    assert e.target == e.uri == e.label
