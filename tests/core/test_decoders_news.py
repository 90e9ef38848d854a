"""news and nntp decoders: a group, "*", or a message-id when there is an "@".

1993 draft, News section and BNF (groupart = * | group | article); RFC 1738 §3.6-3.7
and RFC 5538 §2 for nntp and the news://server form.
"""

from __future__ import annotations

import pytest

from uriinspector.core.decoders import DecodedField, SchemeDecoding, decode


def get(d: SchemeDecoding | None, label: str) -> DecodedField:
    assert d is not None
    return next(f for f in d.fields if f.label == label)


@pytest.mark.req("1.3-2")
def test_spec_example_newsgroup() -> None:
    text = "news:comp.infosystems.www.servers.unix"
    d = decode(text)
    assert d is not None and d.scheme == "news"
    g = get(d, "Newsgroup")
    assert g.value == "comp.infosystems.www.servers.unix" and g.flag is None
    assert g.span is not None and g.span.of(text) == g.value


def test_all_groups() -> None:
    assert get(decode("news:*"), "All groups").value == "*"


@pytest.mark.parametrize(
    ("text", "mid"),
    [
        ("news:p0624081dc30b8699bf9b@[10.10.0.2]", "<p0624081dc30b8699bf9b@[10.10.0.2]>"),
        ("news:12345@host.example", "<12345@host.example>"),
        ("news:%3Cabc@example.net%3E", "<abc@example.net>"),
    ],
)
def test_message_id_when_there_is_an_at(text: str, mid: str) -> None:
    m = get(decode(text), "Message-ID")
    assert m.value == mid
    assert '"@"' in (m.note or "") and "1993 draft" in (m.note or "")


def test_angle_brackets_are_a_warning() -> None:
    assert get(decode("news:<abc@example.net>"), "Message-ID").flag == "warning"


def test_wildmat_and_invalid_group() -> None:
    assert get(decode("news:comp.lang.*"), "Newsgroups (pattern)").value == "comp.lang.*"
    assert get(decode("news:comp..lang"), "Newsgroup").flag == "invalid"
    assert get(decode("news:"), "Newsgroup").flag == "invalid"


def test_news_with_server_rfc5538_2_1() -> None:
    text = "news://news.server.example/example.group.this"
    d = decode(text)
    assert get(d, "Host").value == "news.server.example"
    assert get(d, "Port").value == "119 (default)"
    g = get(d, "Newsgroup")
    assert g.value == "example.group.this"
    assert g.span is not None and g.span.of(text) == "example.group.this"


def test_nntp_group_and_article_rfc1738_3_7() -> None:
    text = "nntp://news.example.com:1119/comp.lang.python/12345"
    d = decode(text)
    assert d is not None and d.scheme == "nntp"
    assert get(d, "Host").value == "news.example.com"
    assert get(d, "Port").value == "1119"
    assert get(d, "Newsgroup").value == "comp.lang.python"
    a = get(d, "Article number")
    assert a.value == "12345" and a.flag is None
    assert a.span is not None and a.span.of(text) == "12345"


def test_nntp_defaults_and_errors() -> None:
    assert get(decode("nntp://h/g"), "Port").value == "119 (default)"
    assert get(decode("nntp://h/g/12x"), "Article number").flag == "invalid"
    assert get(decode("nntp://h/"), "Newsgroup").flag == "invalid"
    assert get(decode("nntp:g/1"), "Host").flag == "invalid"
    assert get(decode("nntp://h/g/1/extra"), "Extra path").flag == "warning"


def test_spans_after_astral_characters() -> None:
    text = "nntp://😀.example/alt.test/42"
    d = decode(text)
    assert get(d, "Newsgroup").span.of(text) == "alt.test"  # type: ignore[union-attr]
    assert get(d, "Article number").span.of(text) == "42"  # type: ignore[union-attr]
    t2 = "news://𝔰𝔢𝔯𝔳𝔢𝔯/𝔞@𝔟"
    assert get(decode(t2), "Message-ID").span.of(t2) == "𝔞@𝔟"  # type: ignore[union-attr]
