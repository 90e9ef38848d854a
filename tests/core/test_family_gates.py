"""Each detector family's gate is sound: when it says "silent", the family finds nothing.

``findings.FAMILIES`` pairs some families with a gate (a cheap test read off the
family's code) so that a plain link skips them. A gate may say "cannot tell" as often
as it likes; it must never say "silent" for a link the family has a finding for. Here
every gate is checked against its family on generated links rich in the characters the
families look for, on the bench corpus, and whole analyses are compared with the gates
taken out.
"""

from __future__ import annotations

import binascii
from base64 import b64decode, b64encode
from collections.abc import Callable

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import uriinspector.core.findings as findings
from bench import corpus
from tests.strategies import anything, uri_shaped
from uriinspector.core.analysis import analyze
from uriinspector.core.destinations import scan
from uriinspector.core.destinations.scan import may_carry
from uriinspector.core.findings import FAMILIES, Family
from uriinspector.core.findings.recipient import first_address, may_hold_address
from uriinspector.core.parse import parse
from uriinspector.core.whatwg import read_whatwg

GATED = [f for f in FAMILIES if f.silent is not None]
IDS = [f.detect.__name__ for f in GATED]

# Pieces of links, each rich in what some family looks for: "@" and ":" (userinfo,
# credentials), "%" escapes (encoding, double encoding, dot segments), "\" and tabs
# (differentials), IPv4 in odd notations, IDN and confusables, bidi and zero-width
# characters, full-width delimiters, ports, base64 of "//" (Ly, 8v, vL) and of URLs.
SCHEMES = ["http", "https", "HTTP", "hTtPs", "ftp", "file", "ws", "data", "javascript",
           "mailto", "urn", "foo", ""]
SEPARATORS = ["://", ":", ":/", ":///", ":\\\\", "://\\", "//", ":\t//", " ://"]
HOSTS = [
    "example.com", "www.example.com", "a-b.example.org", "xn--80ak6aa92e.com",
    "xn--pple-43d.com", "EXAMPLE.com", "Example.COM", "exa%6Dple.com", "ex%41mple.com",
    "1.2.3.4", "0x7f.1", "017700000001", "2130706433", "127.1", "1.2.3.04",
    "[::1]", "[::ffff:1.2.3.4]", "[v1.x]", "аpple.com", "раураl.com", "ｅxample.com",
    "exam\u200bple.com", "exa\u202emple.com", "paypal.com", "paypa1.com",
    "login.paypal.com.evil.net", "localhost", "a", "a.b.", "host-", "-host.com",
    "com.", "x.123", "goo gle.com", "",
]
USERINFOS = ["", "user@", "user:pass@", "www.paypal.com@", "a%40b@", ":@", "@",
             "paypal.com:443@"]
PORTS = ["", ":", ":80", ":443", ":8080", ":25", ":99999", ":0x50", ":８０"]
PIECES = [
    "/", "/a", "/index.html", "/%2e%2e/", "/%2E./", "/..", "/./", "\\", "\t", "\n",
    "\r", " ", "%", "%25", "%252e", "%%32%65", "%0d%0a", "%00", "%c2%85", "%40", "%2540",
    "@", "jane.doe@corp.example", "amFuZS5kb2VAY29ycC5leGFtcGxl", "aHR0cHM6Ly9ldmlsLmV4YW1wbGUv",
    "Ly9ldmls", "8vZXZpbA", "vLy9", "?", "?u=", "&x=", "#", "#state=", "=", ";",
    "https://evil.example/", "https%3A%2F%2Fevil.example%2F", "//evil.example",
    "paypal.com", "www.google.com", "\u200b", "\u202e", "\u2066", "\ufeff", "\x00",
    "\x7f", "／", "＠", "＃", "：", "é", "а", "xn--", "[", "]", ":",
    # a URL in base64 at each of the three alignments ("//" reads Ly, 8v or vL), as a
    # query or fragment value and as a data: payload
    *(f"{lead}s={b64encode((pad + body).encode()).decode()}"
      for pad in ("", "a", "ab") for lead in ("?", "&", "#")
      for body in ("https://evil.example/x", '{"redirect":"https://evil.example/x"}')),
    *(f";base64,{b64encode((pad + '<a href=https://evil.example/>').encode()).decode()}"
      for pad in ("", "a", "ab")),
]


PLAIN_HOSTS = ["example.com", "www.example.com", "a-b.example.org", "news.example.co.uk",
               "paypal.com", "login.example.net", "x1.example.dev"]
PLAIN_PIECES = ["/", "/a", "/news", "/index.html", "/2025", "?q=1", "&utm_source=mail",
                "&id=42", "#top", "-", "_", ".", "~", "x", "Z", "9"]


@st.composite
def plain_links(draw: Callable[..., str]) -> str:
    """A plain web link: what the gates are for."""
    scheme = draw(st.sampled_from(["http", "https"]))
    host = draw(st.sampled_from(PLAIN_HOSTS))
    tail = "".join(draw(st.lists(st.sampled_from(PLAIN_PIECES), max_size=8)))
    return f"{scheme}://{host}{tail}"


@st.composite
def trapped_links(draw: Callable[..., str]) -> str:
    """A plain link with one to three tricky pieces put anywhere in it."""
    text = draw(plain_links())
    for piece in draw(st.lists(st.sampled_from(PIECES + HOSTS + PORTS), min_size=1,
                               max_size=3)):
        at = draw(st.integers(0, len(text)))
        text = text[:at] + piece + text[at:]
    return text


@st.composite
def assembled_links(draw: Callable[..., str]) -> str:
    """A link assembled from tricky pieces, component by component."""
    def part(plain: list[str], tricky: list[str]) -> str:
        return draw(st.one_of(st.sampled_from(plain), st.sampled_from(tricky)))

    scheme = part(["http", "https"], SCHEMES)
    sep = part(["://"], SEPARATORS)
    userinfo = part([""], USERINFOS)
    host = part(PLAIN_HOSTS, HOSTS)
    port = part([""], PORTS)
    tail = "".join(draw(st.lists(st.sampled_from(PLAIN_PIECES + PIECES), max_size=8)))
    return f"{scheme}{sep}{userinfo}{host}{port}{tail}"


def links() -> st.SearchStrategy[str]:
    """Plain links, plain links with traps, and links assembled from traps."""
    return st.one_of(plain_links(), trapped_links(), trapped_links(), assembled_links())


def _check(text: str, family: Family) -> None:
    """If the family's gate says silent for ``text``, the family finds nothing."""
    ref = parse(text).split
    web = read_whatwg(text)
    assert family.silent is not None
    if family.silent(ref, web):
        assert family.detect(ref, web) == [], (family.detect.__name__, text)


@pytest.mark.parametrize("family", GATED, ids=IDS)
@given(text=links())
@settings(max_examples=1500, deadline=None)
@example(text="https://www.example.com/index.html?q=1#top")
@example(text="https://example.com/redirect?state=aHR0cHM6Ly9ldmlsLmV4YW1wbGUv")
@example(text="http://www.example.com\\@evil.example/")
@example(text="https://example.com/%2e%2e/admin")
def test_gate_silent_means_no_finding(family: Family, text: str) -> None:
    _check(text, family)


@pytest.mark.parametrize("family", GATED, ids=IDS)
@given(text=st.one_of(uri_shaped(), anything()))
@settings(max_examples=300, deadline=None)
def test_gate_silent_means_no_finding_on_any_text(family: Family, text: str) -> None:
    _check(text, family)


#: Links where a gate's rarer clauses matter (a rejected special link with no host and
#: an encoded dot segment; empty credentials; a host the browser rewrites).
HARD_CASES = [
    "http:/[/%2e%2e", "http:[::1/%2e%2e/", "http:/exa%00mple/%2e%2e/x", "http:%/%2e%2e",
    "https:///[/%2e%2e/", "http:/a b/%2e%2e/", "https:/%2e%2e/x", "http:///%2e%2e/",
    "http://:@example.com/", "http://@example.com/", "http://example.com:/",
    "http://example.com:80/", "http://EXAMPLE.com/", "http://example.com./",
    "http://0x7f.1/", "http://example.1/", "http://xn--nxasmq6b.com/", "ws://a.com\\b",
    "ftp://u@a.com/", "file://a.com/%2e%2e/", "foo://a.com/\t", "x:\\evil.example",
    "https://a.com/?s=" + b64encode(b'{"u":"https://evil.example/"}').decode(),
    "data:text/html;base64," + b64encode(b"<a href=https://evil.example/>x</a>").decode(),
]


@pytest.mark.parametrize("family", GATED, ids=IDS)
@pytest.mark.parametrize("text", HARD_CASES)
def test_gate_silent_means_no_finding_hard_cases(family: Family, text: str) -> None:
    _check(text, family)


@given(text=st.one_of(links(), uri_shaped()))
@settings(max_examples=1500, deadline=None)
@example(text="https://a.example/o/amFuZS5kb2VAY29ycC5leGFtcGxl.gif")
@example(text="https://a.example/p?u=jane.doe%40corp.example")
@example(text="https://a.example/p?u=jane.doe%2540corp.example")
def test_recipient_gate_means_no_address(text: str) -> None:
    # identifies-recipient reads the link's own values only when they may hold one
    ref = parse(text).split
    if not may_hold_address(ref):
        assert first_address(ref) is None, text


def _generic_finds_nothing(text: str) -> bool:
    """Whether the destinations scanner's generic places carry nothing in ``text``."""
    ref = parse(text).split
    for mentioned in (False, True):
        reader = scan._Reader(ref)
        reader.generic(mentioned)
        if reader.carried or reader.notes:
            return False
    return True


@given(text=st.one_of(links(), uri_shaped()))
@settings(max_examples=1500, deadline=None)
@example(text="https://a.example/r?u=https%3A%2F%2Fevil.example%2F")
@example(text="https://a.example/r?u=//evil.example/")
@example(text="https://a.example/aHR0cHM6Ly9ldmlsLmV4YW1wbGUv")
@example(text="https://a.example/#https://evil.example/")
def test_scan_gate_means_nothing_carried(text: str) -> None:
    # the scanner skips its generic places (and the mention rows) when none can carry
    if not may_carry(parse(text).split):
        assert _generic_finds_nothing(text), text


def test_gates_say_silent_for_plain_links() -> None:
    # the point of a gate: a plain web link skips the family
    text = "https://www.example.com/news/2025/index.html?utm_source=mail&id=42#top"
    ref, web = parse(text).split, read_whatwg(text)
    for family in GATED:
        assert family.silent is not None and family.silent(ref, web), family.detect.__name__


def _corpus() -> list[str]:
    return list(corpus.load_corpus())


@pytest.fixture(scope="module")
def corpus_uris() -> list[str]:
    """The bench corpus: 20,000 seeded URIs of every shape (bench/corpus.py)."""
    return _corpus()


def test_gates_on_the_corpus(corpus_uris: list[str]) -> None:
    skipped = dict.fromkeys([*IDS, "first_address", "scan"], 0)
    for text in corpus_uris:
        ref, web = parse(text).split, read_whatwg(text)
        if not may_hold_address(ref):
            skipped["first_address"] += 1
            assert first_address(ref) is None, text
        if not may_carry(ref):
            skipped["scan"] += 1
            assert _generic_finds_nothing(text), text
        for family in GATED:
            assert family.silent is not None
            if family.silent(ref, web):
                skipped[family.detect.__name__] += 1
                assert family.detect(ref, web) == [], (family.detect.__name__, text)
    # each gate skips its family for a good share of the corpus (else it is dead weight)
    assert all(n > len(corpus_uris) // 5 for n in skipped.values()), skipped


def _ungated() -> tuple[Family, ...]:
    return tuple(Family(f.detect) for f in FAMILIES)


def _clear_caches() -> None:
    """Forget the nested URLs' findings and the recent scans, so a pass computes all."""
    findings._inspect_cached.cache_clear()
    scan._recent.clear()


def test_whole_answers_same_without_gates(
    corpus_uris: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # every corpus URI's whole analyze answer, gates on against gates off
    _clear_caches()
    gated = [analyze(u).to_json() for u in corpus_uris]
    monkeypatch.setattr(findings, "FAMILIES", _ungated())
    _clear_caches()
    full = [analyze(u).to_json() for u in corpus_uris]
    _clear_caches()
    for u, a, b in zip(corpus_uris, gated, full, strict=True):
        assert a == b, u


@given(body=st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_",
                    max_size=40))
@settings(max_examples=500, deadline=None)
def test_strict_a2b_base64_is_b64decode_validate(body: str) -> None:
    # recipient.py decodes with binascii.a2b_base64(strict_mode=True) directly, which
    # is what base64.b64decode(validate=True) does after encoding its str to ASCII
    def outcome(decode: Callable[[str], bytes]) -> bytes | str:
        try:
            return decode(body)
        except (binascii.Error, ValueError) as exc:
            return type(exc).__name__

    assert outcome(lambda s: binascii.a2b_base64(s, strict_mode=True)) == outcome(
        lambda s: b64decode(s, validate=True)
    )
