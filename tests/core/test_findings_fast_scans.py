"""The findings' fast scans answer as their full forms do (issue 22, round 8).

Three scans of a whole link or of its path and query were rewritten so the regex
engine skips to a literal "%" in C instead of trying a pattern at every position, or
gated by a cheaper test: ``encoding._CONTROL_RUN`` and ``encoding._DOUBLE`` (the "%"
taken out in front of every branch), ``characters._ASCII_CANDIDATE`` (``_CANDIDATE``
on an ASCII text), ``lookalike.may_mention`` (before the spelled-out-domain regex),
``differential.encoded_dot_segment`` (no segments built for a path without "%2e") and
``recipient._candidates`` (the same values listed with fewer calls).
Each is compared with the full form on generated text rich in what it looks for, and
on the bench corpus.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bench import corpus
from tests.strategies import anything
from uriinspector.core.findings import characters, encoding, recipient
from uriinspector.core.findings import lookalike as la
from uriinspector.core.findings.differential import encoded_dot_segment
from uriinspector.core.parse import parse
from uriinspector.core.split import Segment, SplitReference

# The patterns as they were written before the rewrite (the full forms).
_HEX = r"(?:[0-9A-Fa-f]|%3[0-9]|%4[1-6]|%6[1-6])"
_ENC_HEX = r"(?:%3[0-9]|%4[1-6]|%6[1-6])"
FULL_CONTROL_RUN = re.compile(r"(?:%[01][0-9A-Fa-f]|%7[Ff]|%[Cc]2%[89][0-9A-Fa-f])+")
FULL_DOUBLE = re.compile(rf"%25{_HEX}{_HEX}|%(?:{_ENC_HEX}{_HEX}|[0-9A-Fa-f]{_ENC_HEX})")

#: Pieces of percent-encoded text: escapes of controls, of hex digits, of "%" itself,
#: broken escapes, the UTF-8 lead octets of bidi and invisible characters.
PCT_PIECES = ["%", "%%", "25", "%25", "0", "1", "7", "8", "9", "2", "3", "4", "5", "6",
              "a", "A", "c", "C", "d", "D", "e", "E", "f", "F", "x", "%0", "%1", "%7F",
              "%7f", "%C2", "%c2", "%85", "%9F", "%E2%80%AE", "%e2%80%8b", "%EF%BB%BF",
              "%CD%8F", "%D8%9C", "%F3%A0%80%81", "%32", "%65", "%2e", "%252e", "%%32%65",
              "%0D%0A", "%00", "/", "?", "=", "&", ".", "é", "\u202e", "\u200b", "K"]

#: Pieces of paths and queries that may spell out a brand's domain.
MENTION_PIECES = ["paypal", "PayPal", "PAYPAL", "google", "apple", "amazon", "chase",
                  "microsoft", "com", "co", "uk", "net", "www", ".", "..", "-", "_", "/",
                  "?", "=", "&", "%2E", "%2e", " ", "0", "9", "x", "é", "\u212a", "\u017f",
                  "\u0130", "login", "paypal.com", "accounts.google.com", "apple.com.evil"]


def _spans(matches: object) -> list[tuple[int, int]]:
    return [m.span() for m in matches]  # type: ignore[attr-defined]


def _joined(pieces: list[str]) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(pieces), max_size=24).map("".join)


def _corpus_links() -> list[str]:
    return corpus.load_corpus()[:3000]


@settings(max_examples=500, deadline=None)
@given(st.one_of(_joined(PCT_PIECES), anything()))
@example("%0D%0A%00%7F%C2%85%c2%9f%25%32%65%%32%65%2%65")
def test_encoding_scans_match_their_full_forms(text: str) -> None:
    assert _spans(encoding._CONTROL_RUN.finditer(text)) == _spans(FULL_CONTROL_RUN.finditer(text))
    assert _spans(encoding._DOUBLE.finditer(text)) == _spans(FULL_DOUBLE.finditer(text))


@settings(max_examples=500, deadline=None)
@given(st.one_of(_joined(PCT_PIECES), anything()))
@example("%E2%80%AE%e2%80%8b%EF%BB%BF%CD%8F%D8%9C%F3%A0%80%81%C2%AD%E3%85%A4%e1%85%9f")
def test_ascii_candidates_match_the_full_scan(text: str) -> None:
    if not text.isascii():
        text = text.encode("ascii", "backslashreplace").decode("ascii")
    full = _spans(characters._CANDIDATE.finditer(text))
    assert _spans(characters._ASCII_CANDIDATE.finditer(text)) == full


def _check_mention(text: str) -> None:
    idx = la.index()
    full = la._spelled_domain(text, idx) if "." in text else None
    if not la.may_mention(text):
        assert full is None, text
    assert la._mentions(text, idx) == full


@settings(max_examples=500, deadline=None)
@given(st.one_of(_joined(MENTION_PIECES), anything()))
@example("/go?to=www.PayPal.com/signin")
@example("-paypal.com")
@example("x=paypal..com&y=paypal.com")
def test_may_mention_never_hides_a_spelled_out_domain(text: str) -> None:
    _check_mention(text)


def test_may_mention_lets_a_spelled_out_domain_through() -> None:
    assert la.may_mention("/login/www.PayPal.com/x")
    assert la._mentions("/login/www.PayPal.com/x", la.index()) is not None
    assert not la.may_mention("/index.html?utm_source=mail&v=1.2")


#: Pieces of paths with encoded and literal dot segments.
DOT_PIECES = ["/", ".", "..", "%2e", "%2E", "%2e%2e", ".%2E", "%2", "%25", "%", "e", "E",
              "a", ";", ";x", "?", "#", "%2f", "\\"]


def _full_dot_segment(ref: SplitReference) -> Segment | None:
    """The loop of step 6 as it was, over every segment of a path with a "%"."""
    if "%" not in ref.path.text:
        return None
    for seg in ref.segments:
        if "%" in seg.text and re.match(r"(?i)^(?:\.|%2e){1,2}$", seg.text):
            return seg
    return None


@settings(max_examples=500, deadline=None)
@given(st.one_of(_joined(DOT_PIECES).map(lambda p: "https://example.com/" + p), anything()))
@example("https://example.com/a/%2E%2e/b")
@example("https://example.com/.%2e;x/b")
def test_encoded_dot_segment_matches_the_full_loop(text: str) -> None:
    ref = parse(text).split
    assert encoded_dot_segment(ref) == _full_dot_segment(ref)


@pytest.mark.parametrize("part", ["userinfo", "path", "query"])
def test_fast_scans_on_the_corpus(part: str) -> None:
    for link in _corpus_links():
        ref = parse(link).split
        comp = getattr(ref, part)
        if comp is not None:
            _check_mention(comp.text[:4096])
        if part == "path":  # the whole link, once
            assert encoded_dot_segment(ref) == _full_dot_segment(ref), link
            test_encoding_scans_match_their_full_forms.hypothesis.inner_test(link)  # type: ignore[attr-defined]
            ascii_text = link.encode("ascii", "backslashreplace").decode("ascii")
            assert _spans(characters._ASCII_CANDIDATE.finditer(ascii_text)) == _spans(
                characters._CANDIDATE.finditer(ascii_text)
            )


def _full_candidates(ref: SplitReference) -> list[tuple[str, str, int]]:
    """``recipient._candidates`` as it was written before round 8 (the full form)."""
    found: dict[int, tuple[str, str, int]] = {}
    query = ref.query
    if query is not None and query.text:
        q, base = query.text, query.span.start
        skip = recipient._Skip(ref)
        for mark in recipient._AT_MARKS:
            i = q.find(mark)
            while i != -1 and len(found) < recipient.MAX_VALUES:
                lo = q.rfind("&", 0, i) + 1
                hi = q.find("&", i)
                hi = len(q) if hi == -1 else hi
                piece = q[lo:hi]
                eq = piece.find("=")
                key, value = ("?", piece) if eq == -1 else (piece[:eq], piece[eq + 1 :])
                if len(value) <= recipient.MAX_VALUE_CHARS and not skip(key):
                    found.setdefault(lo, (key, value, base + hi - len(value)))
                i = q.find(mark, hi)
        for n, m in enumerate(recipient._B64_VALUE.finditer(q)):
            if n >= recipient.MAX_BASE64:
                break
            lo = q.rfind("&", 0, m.start()) + 1
            key = q[lo : m.start()]
            if "=" in key:
                continue
            if len(m.group(1)) <= recipient.MAX_VALUE_CHARS and not skip(key):
                found.setdefault(lo, (key, m.group(1), base + m.start(1)))
    out = [found[k] for k in sorted(found)]
    path = ref.path
    if len(path.text) >= 6:
        pos = path.span.start
        for segment in path.text.split("/")[: recipient.MAX_VALUES]:
            if 6 <= len(segment) <= recipient.MAX_VALUE_CHARS and (
                len(segment) >= 12 or "@" in segment or "%40" in segment or "%2540" in segment
            ):
                out.append(("", segment, pos))
            pos += len(segment) + 1
    return out


#: Pieces of queries and paths: keys (a gateway's own "data" among them), base64-looking
#: values, marks of an address, separators.
QUERY_PIECES = ["&", "=", "?", "/", "data", "DATA", "url", "u", "amFuZS5kb2VAY29ycC5leGFtcGxl",
                "data=amFuZS5kb2VAY29ycC5leGFtcGxl", "Data=QUJDREVGR0hJSktMTU5PUA",
                "QUJDREVGR0hJSktMTU5PUA", "%3D", "%3d", "==", "@", "%40", "%2540", "jane",
                "corp.example", "x" * 13, "Ab" * 7, "-_+/", "1024"]
HOSTS_FOR_CANDIDATES = ["https://example.com/", "https://eur01.safelinks.protection.outlook.com/"]


@settings(max_examples=500, deadline=None)
@given(
    st.sampled_from(HOSTS_FOR_CANDIDATES),
    _joined(QUERY_PIECES),
    st.lists(st.sampled_from(QUERY_PIECES), max_size=60).map("&".join),
)
@example("https://example.com/", "a/b", "data=amFuZS5kb2VAY29ycC5leGFtcGxl&u=x")
@example("https://eur01.safelinks.protection.outlook.com/", "",
         "url=x&data=amFuZS5kb2VAY29ycC5leGFtcGxl&u=QUJDREVGR0hJSktMTU5PUA")
@example("https://example.com/", "", "&".join(f"k{i}=QUJDREVGR0hJSktMTU5PUA" for i in range(40)))
def test_recipient_candidates_match_their_full_form(link: str, path: str, query: str) -> None:
    ref = parse(f"{link}{path}?{query}").split
    assert recipient._candidates(ref) == _full_candidates(ref)


def test_recipient_candidates_on_the_corpus() -> None:
    for link in _corpus_links():
        ref = parse(link).split
        assert recipient._candidates(ref) == _full_candidates(ref), link
