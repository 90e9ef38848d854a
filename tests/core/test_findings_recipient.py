"""identifies-recipient (issue 21): a link or pixel carrying the reader's mail address.

Positive shapes (plain, percent-encoded once and twice, base64 and base64url, in a query
value or a path segment, nested in a wrapper) and the false positives the rule must
avoid (mailto:, userinfo, retina image names, handles, package versions, Safe Links'
own data= field), plus every benign row of the project's corpora.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from urllib.parse import quote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.core.analysis import analyze
from uriinspector.core.findings import CODES, detect_text
from uriinspector.core.findings.base import IDENTIFIES_RECIPIENT

DATA = Path(__file__).resolve().parent.parent / "data"


def b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


def b64url(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def recipient(uri: str) -> list[tuple[str, int, int, str]]:
    return [
        (f.severity, f.span.start, f.span.end, f.message)
        for f in detect_text(uri)
        if f.code == IDENTIFIES_RECIPIENT
    ]


def test_the_issue_example_is_info_with_the_value_span() -> None:
    uri = "https://track.example/open.gif?u=jane.doe%40corp.example"
    (found,) = recipient(uri)
    severity, start, end, message = found
    assert severity == "info" and uri[start:end] == "jane.doe%40corp.example"
    assert "identifies the recipient" in message and "jane.doe@corp.example" in message
    assert IDENTIFIES_RECIPIENT in CODES
    # info only: the verdict stays as it was
    assert analyze(uri).verdict.level == "nothing-notable"


@pytest.mark.parametrize(
    ("uri", "raw"),
    [
        ("https://t.example/p?email=jane.doe%2540corp.example", "jane.doe%2540corp.example"),
        ("https://mail.example/view/jane.doe@corp.example/x", "jane.doe@corp.example"),
        ("https://go.example/r/jane.doe%40corp.example/offer", "jane.doe%40corp.example"),
        (f"https://news.example/unsub/{b64url('jane.doe@corp.example')}",
         b64url("jane.doe@corp.example")),
        (f"https://c.example/c?e={quote(b64('bob.smith+news@example.org'), safe='')}&id=4",
         quote(b64("bob.smith+news@example.org"), safe="")),
        (f"https://pixel.example/o/{b64url('m.mueller@firma.de')}.gif",
         f"{b64url('m.mueller@firma.de')}.gif"),
        ("https://x.us1.list-manage.com/track/open.php?u=abc&id=def&e=jane%40gmail.com",
         "jane%40gmail.com"),
        ("https://shop.example/c?to=ana.silva%40empresa.com.br&utm_source=mail",
         "ana.silva%40empresa.com.br"),
    ],
)
def test_every_shape_is_found(uri: str, raw: str) -> None:
    (found,) = recipient(uri)
    assert uri[found[1] : found[2]] == raw


def test_a_wrapped_pixel_is_found_in_the_wrapper_too() -> None:
    # Safe Links around a pixel: the address in the wrapped URL is reported, the one in
    # Safe Links' own data= field is not (the chain names it as the recipient).
    uri = (
        "https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Ftrack.example"
        "%2Fo.gif%3Fu%3Dann%2540corp.example&data=05%7C02%7Cjane.doe%40corp.example%7C0"
        "&sdata=x&reserved=0"
    )
    (found,) = recipient(uri)
    assert "ann@corp.example" in found[3] and "'url'" in found[3]


def test_an_address_hidden_by_a_gateway_encoding_is_found_in_the_wrapped_url() -> None:
    # Proofpoint v2 writes "%40" as "-2540": only the decoded wrapped URL shows it.
    inner = "https://track.example/o.gif?u=jane%40corp.example"
    v2 = "https://urldefense.proofpoint.com/v2/url?u=" + "".join(
        "_" if ch == "/" else ch if ch.isalnum() or ch in ".~" else f"-{ord(ch):02X}"
        for ch in inner
    ) + "&d=DwMFaQ"
    (found,) = recipient(v2)
    assert "wraps" in found[3] and "jane@corp.example" in found[3]
    assert v2[found[1] : found[2]].startswith("https-3A__track.example")
    # a wrapped mailto: is not a tracking link
    wrapped_mailto = "https://www.google.com/url?q=mailto%3Ajane%40corp.example"
    assert recipient(wrapped_mailto) == []


@pytest.mark.parametrize(
    "uri",
    [
        "mailto:jane.doe@corp.example",
        "mailto:?to=jane.doe%40corp.example",
        "https://jane.doe@corp.example/",
        "https://cdn.example/img/logo@2x.png",
        "https://mastodon.social/@Gargron@mastodon.social",
        "https://mastodon.social/@Gargron",
        "https://www.npmjs.com/package/@babel/core",
        "https://cdn.jsdelivr.net/npm/bootstrap@5.3.0/dist/css/bootstrap.min.css",
        "https://www.google.com/maps/place/X/@51.5,-0.1,17z",
        "https://example.com/?q=foo@bar",
        "https://example.com/a?token=eyJhbGciOiJIUzI1NiJ9&v=value_0001",
        "https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fa.example%2F"
        "&data=05%7C02%7Cjane.doe%40corp.example%7C0%7C0&sdata=x",
    ],
)
def test_false_positives_are_avoided(uri: str) -> None:
    assert recipient(uri) == []


def test_no_benign_corpus_row_gets_it() -> None:
    # every benign row of the three labelled corpora, and their wrapped destinations
    rows: list[str] = []
    for name in ("attack_corpus.jsonl", "destinations_corpus.jsonl", "lookalike_corpus.jsonl"):
        for line in (DATA / name).read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if row.get("label") == "benign":
                rows.append(str(row["uri"]))
    assert len(rows) >= 250
    hits = [u for u in rows if recipient(u)]
    # the one benign row that really carries an address in a query value ("encoded @ in
    # query", benign because nothing in it is dangerous): info is the right answer there
    assert hits == ["https://example.com/?email=alice%40example.com"]


@given(st.text(max_size=200))
@settings(max_examples=300, deadline=None)
def test_any_text_is_answered_within_its_bounds(text: str) -> None:
    uri = "https://x.example/" + text
    for _, start, end, _ in recipient(uri):
        assert 0 <= start <= end <= len(uri)


def test_a_short_path_segment_is_read_only_for_an_address_mark() -> None:
    """A segment of 6-11 characters can hold an address only written out (base64 of
    the shortest address is 12 characters): a plain word is not a candidate, a short
    address is, and so is a long base64-looking one."""
    from uriinspector.core.findings.recipient import _candidates
    from uriinspector.core.split import split

    b64 = base64.b64encode(b"jo@corp.example").decode()
    ref = split(f"https://t.example/catalog/jo@x.io/jo%40x.io/{b64}/")
    assert [raw for _, raw, _ in _candidates(ref)] == ["jo@x.io", "jo%40x.io", b64]
    for path in ("jo@x.io", "jo%40x.io", b64):
        found = detect_text(f"https://t.example/p/{path}/")
        found = [f for f in found if f.code == IDENTIFIES_RECIPIENT]
        assert len(found) == 1, path
