"""mailto decoder: recipients, to= merged, cc, bcc, subject, body, other hfields.

Examples are RFC 6068 §6.1-6.2's and the 1997/2003 drafts' §1.3 examples.
"""

from __future__ import annotations

import pytest

from uriinspector.core.decoders import DecodedField, SchemeDecoding, decode


def get(d: SchemeDecoding | None, label: str) -> DecodedField:
    assert d is not None
    return next(f for f in d.fields if f.label == label)


def has(d: SchemeDecoding | None, label: str) -> bool:
    assert d is not None
    return any(f.label == label for f in d.fields)


def recipients(text: str) -> list[str]:
    return [c.value for c in get(decode(text), "Recipients").children]


@pytest.mark.req("1.3-2")
@pytest.mark.parametrize(
    "text", ["mailto:mduerst@ifi.unizh.ch", "mailto:John.Doe@example.com"]
)
def test_spec_examples_1_3(text: str) -> None:
    d = decode(text)
    assert d is not None and d.title == "mailto: recipients and headers"
    (addr,) = get(d, "Recipients").children
    assert addr.value == text[len("mailto:"):]
    assert addr.span is not None and addr.span.of(text) == addr.value
    assert addr.flag is None


def test_rfc6068_subject() -> None:
    text = "mailto:infobot@example.com?subject=current-issue"
    d = decode(text)
    assert recipients(text) == ["infobot@example.com"]
    subject = get(d, "Subject")
    assert subject.value == "current-issue"
    assert subject.span is not None and subject.span.of(text) == "subject=current-issue"


def test_rfc6068_body_with_line_break() -> None:
    text = "mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index"
    body = get(decode(text), "Body")
    assert body.value == "send current-issue\r\nsend index"
    assert "RFC 6068 §2" in (body.note or "")


def test_rfc6068_cc_and_body() -> None:
    d = decode("mailto:joe@example.com?cc=bob@example.com&body=hello")
    assert get(d, "Cc").value == "bob@example.com"
    assert get(d, "Body").value == "hello"
    assert not has(d, "Bcc")


def test_rfc6068_to_header_merged_with_path() -> None:
    assert recipients("mailto:addr1@an.example?to=addr2@an.example") == [
        "addr1@an.example", "addr2@an.example"
    ]
    text = "mailto:?to=addr1@an.example,addr2@an.example"
    kids = get(decode(text), "Recipients").children
    assert [k.value for k in kids] == ["addr1@an.example", "addr2@an.example"]
    assert [k.span.of(text) for k in kids if k.span] == ["addr1@an.example", "addr2@an.example"]
    assert all("to= header" in (k.note or "") for k in kids)


def test_rfc6068_percent_encoded_addresses() -> None:
    assert recipients("mailto:gorby%25kremvax@example.com") == ["gorby%kremvax@example.com"]
    assert recipients("mailto:Mike%26family@example.org") == ["Mike&family@example.org"]
    assert recipients("mailto:%22not%40me%22@example.org") == ['"not@me"@example.org']


def test_rfc6068_unknown_header_flagged_section_3() -> None:
    d = decode("mailto:unlikely%3Faddress@example.com?blat=foop")
    assert recipients("mailto:unlikely%3Faddress@example.com?blat=foop") == [
        "unlikely?address@example.com"
    ]
    blat = get(d, "blat")
    assert blat.value == "foop" and blat.flag == "warning"
    assert "RFC 6068 §3" in (blat.note or "")


def test_rfc6068_in_reply_to_is_known() -> None:
    d = decode("mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E")
    irt = get(d, "In-Reply-To")
    assert irt.value == "<3469A91.D10AF4C@example.com>"
    assert irt.flag is None


def test_rfc6068_utf8_subject_and_idn_domain() -> None:
    text = "mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO"
    assert recipients(text) == ["user@納豆.example.org"]
    assert get(decode("mailto:user@example.org?subject=caf%C3%A9"), "Subject").value == "café"


def test_plus_is_not_a_space_rfc6068_5() -> None:
    assert get(decode("mailto:a@b.example?subject=1+1"), "Subject").value == "1+1"


def test_bcc_and_header_names_case_insensitive() -> None:
    d = decode("mailto:a@x.example?BCC=hidden@x.example&Subject=Hi")
    assert get(d, "Bcc").value == "hidden@x.example"
    assert get(d, "Subject").value == "Hi"


def test_address_without_at_is_invalid() -> None:
    (a,) = get(decode("mailto:not-an-address"), "Recipients").children
    assert a.flag == "invalid"


def test_hfield_without_equals_is_invalid() -> None:
    d = decode("mailto:a@b.example?subject")
    assert get(d, "Subject").flag == "invalid"


def test_empty_mailto() -> None:
    d = decode("mailto:")
    assert get(d, "Recipients").value == "(none)"


def test_spans_after_astral_characters() -> None:
    text = "mailto:😀@𝔢𝔵.example?subject=𝔥𝔦&cc=𝔠@x.example"
    d = decode(text)
    (a,) = get(d, "Recipients").children
    assert a.span is not None and a.span.of(text) == "😀@𝔢𝔵.example"
    s = get(d, "Subject")
    assert s.span is not None and s.span.of(text) == "subject=𝔥𝔦"
    (c,) = get(d, "Cc").children
    assert c.span is not None and c.span.of(text) == "𝔠@x.example"


def test_broken_percent_in_subject() -> None:
    s = get(decode("mailto:a@b.example?subject=50%"), "Subject")
    assert s.value == "50%" and s.flag == "invalid"


def test_fragment_is_flagged() -> None:
    f = get(decode("mailto:a@b.example#x"), "Fragment")
    assert f.flag == "warning"


def test_thousands_of_header_fields_are_capped() -> None:
    from uriinspector.core.decoders.mailto import MAX_HEADERS

    text = "mailto:a@b.example?" + "&".join(f"x{i}=1" for i in range(MAX_HEADERS + 100))
    d = decode(text)
    assert d is not None
    more = d.fields[-1]
    assert more.label == "…" and more.flag == "warning"
    assert more.span is not None and more.span.of(text).startswith(f"x{MAX_HEADERS}=1&")
    assert sum(1 for f in d.fields if f.label.startswith("x")) == MAX_HEADERS


def test_a_megabyte_of_addresses_is_capped() -> None:
    from uriinspector.core.decoders.mailto import MAX_ADDRESSES

    n = 70_000
    text = "mailto:" + ",".join(f"u{i}@x.example" for i in range(n))
    kids = get(decode(text), "Recipients").children
    assert len(kids) == MAX_ADDRESSES + 1
    more = kids[-1]
    assert more.value == f"{n - MAX_ADDRESSES:,} more addresses not listed"
    assert more.span is not None and more.span.of(text).startswith(f"u{MAX_ADDRESSES}@")
    assert more.span.end == len(text)
