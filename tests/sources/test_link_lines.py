"""``extract --json`` lines written from cached parts are the bytes of encoding each
line's object whole (``protocol.encode_answer(link_json(link, doc))``)."""

from __future__ import annotations

import json
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.sources.builders import phishing_mail
from uriinspector.batch import protocol
from uriinspector.core.spans import Span
from uriinspector.sources import link_lines, read_bytes
from uriinspector.sources.documents import link_analysis
from uriinspector.sources.link_lines import document_lines, goes_to, link_json
from uriinspector.sources.model import Document, Link


def _whole(doc: Document) -> str:
    return "".join(protocol.encode_answer(link_json(link, doc)) + "\n" for link in doc.links)


PAGE = (b'<html><a href="https://evil.example/">https://paypal.com/</a>'
        b'<a href="https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2F'
        b'bank.example%2Flogin&amp;data=05">Log in \xc3\xa9</a>'
        b'<a href="javascript:alert(1)">x</a><img src="data:,x"></html>')


def test_a_mail_with_a_mismatch_and_its_context() -> None:
    doc = replace(read_bytes(bytes(phishing_mail())), source="box.mbox", index=3)
    assert doc.mail is not None and any(link.mismatch for link in doc.links)
    assert document_lines(doc) == _whole(doc)


def test_a_page_with_offsets_and_wrapped_links() -> None:
    doc = read_bytes(PAGE, "page.html")
    assert any(link.span is not None for link in doc.links)
    assert document_lines(doc) == _whole(doc)
    assert document_lines(Document("html", ())) == ""


_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12) | st.just("\ud800")


@settings(max_examples=60, deadline=None)
@given(uri=_TEXT, display=st.none() | _TEXT, part=st.none() | _TEXT, subject=st.none() | _TEXT,
       index=st.none() | st.integers(0, 10**6), span=st.booleans(), mismatch=st.booleans(),
       same=st.booleans())
def test_any_values_give_the_same_bytes(
    uri: str, display: str | None, part: str | None, subject: str | None, index: int | None,
    span: bool, mismatch: bool, same: bool,
) -> None:
    target = uri if same else "https://x.example/" + uri
    link = Link(uri=uri, raw=uri, target=target, kind="href",
                span=Span(2, 2 + len(uri)) if span else None, display=display, part=part,
                mismatch=mismatch, shown_domain="paypal.com" if mismatch else None)
    doc = Document("eml", (link, link), source="a\u00e9.mbox", index=index, subject=subject)
    assert document_lines(doc) == _whole(doc)


_TARGETS = st.sampled_from([
    "https://www.paypal.com/signin", "HTTPS://WWW.Example.CO.UK./a", "http://[::1]/",
    "http://192.168.0.1/", "http://localhost/", "mailto:a@b.example", "MAILTO:x@evil.example",
    "mailto:", "javascript:alert(1)", "https://b\u00fccher.example/", "http://a b/",
    "https://nam10.safelinks.protection.outlook.com/?url=https%3A%2F%2Fevil.example%2F&data=1",
    "https://click.example/r?u=https%3A%2F%2Fpaypal.com%2F", "ftp://files.example/x", "",
    "relative/path", "https://xn--80ak6aa92e.com/", "http://example.com:99999/",
])


@settings(max_examples=80, deadline=None)
@given(_TARGETS | st.builds(lambda h, p: f"https://{h}/{p}", _TEXT, _TEXT))
def test_where_a_link_goes_is_read_from_its_analysis_as_afresh(target: str) -> None:
    """``final_domain`` taken from the link's analysis is :func:`goes_to`'s answer."""
    link = Link(uri=target, raw=target, target=target, kind="href")
    assert link_lines._goes_to(link, link_analysis(link), link.final) == goes_to(link)


@settings(max_examples=300, deadline=None)
@given(st.none() | st.booleans() | st.integers() | _TEXT | st.lists(_TEXT, max_size=3))
def test_a_value_is_encoded_as_the_encoder_encodes_it(value: object) -> None:
    assert link_lines._encoded(value) == json.dumps(value, ensure_ascii=True, allow_nan=False)
