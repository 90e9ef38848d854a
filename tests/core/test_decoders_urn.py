"""urn decoder: namespace checks for isbn, uuid, ietf and oid.

Examples: RFC 3187 §3 (URN:ISBN:0-395-36341-1), RFC 4122 §3
(urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6), RFC 2648 (urn:ietf:rfc:2648),
RFC 3061 (urn:oid:1.3.6.1). The UUID's timestamp is checked against the standard
library's ``uuid`` module, an independent reading of RFC 4122 §4.1.4.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest

from uriinspector.core.decoders import DecodedField, SchemeDecoding, decode, decoders
from uriinspector.core.decoders.urn_namespaces import isbn10_to_13


def get(d: SchemeDecoding | None, label: str) -> DecodedField:
    assert d is not None
    return next(f for f in d.fields if f.label == label)


def has(d: SchemeDecoding | None, label: str) -> bool:
    assert d is not None
    return any(f.label == label for f in d.fields)


# ---- isbn ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "label", "value"),
    [
        ("URN:ISBN:0-395-36341-1", "ISBN-10", "0395363411"),  # RFC 3187 §3
        ("urn:isbn:0-306-40615-2", "ISBN-10", "0306406152"),
        ("urn:isbn:0-8044-2957-X", "ISBN-10", "080442957X"),  # check digit X = 10
        ("urn:isbn:0-8044-2957-x", "ISBN-10", "080442957X"),
        ("urn:isbn:978-0-306-40615-7", "ISBN-13", "9780306406157"),
        ("urn:isbn:9783161484100", "ISBN-13", "9783161484100"),
    ],
)
def test_isbn_checksum_ok(text: str, label: str, value: str) -> None:
    d = decode(text)
    assert d is not None and d.title == "urn:isbn: namespace check"
    f = get(d, label)
    assert f.value == value and f.flag == "checksum-ok"
    assert f.span is not None and f.span.of(text) == text.split(":", 2)[2]


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("urn:isbn:0-395-36341-2", "ISBN-10"),
        ("urn:isbn:0-306-40615-3", "ISBN-10"),
        ("urn:isbn:978-0-306-40615-8", "ISBN-13"),
        ("urn:isbn:9783161484101", "ISBN-13"),
    ],
)
def test_isbn_checksum_bad(text: str, label: str) -> None:
    f = get(decode(text), label)
    assert f.flag == "checksum-bad"
    assert "wrong" in (f.note or "")


@pytest.mark.parametrize(
    "nss", ["12345", "X-306-40615-2", "977-0-306-40615-7", "03064061521", "", "0-306-X0615-2"]
)
def test_isbn_malformed(nss: str) -> None:
    d = decode(f"urn:isbn:{nss}")
    assert d is not None
    flags = {f.flag for f in d.fields}
    assert "checksum-ok" not in flags and "checksum-bad" not in flags
    assert "invalid" in flags


def test_isbn10_to_13_matches_the_published_pair() -> None:
    assert isbn10_to_13("0306406152") == "9780306406157"
    assert get(decode("urn:isbn:0-306-40615-2"), "As ISBN-13").value == "9780306406157"


# ---- uuid ---------------------------------------------------------------------------
def test_rfc4122_example_uuid() -> None:
    text = "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6"
    d = decode(text)
    u = get(d, "UUID")
    assert u.value == "f81d4fae-7dec-11d0-a765-00a0c91e6bf6" and u.flag is None
    assert u.span is not None and u.span.of(text) == u.value
    assert get(d, "Variant").value == "RFC 4122"
    v = get(d, "Version")
    assert v.value.startswith("1 — time-based")
    assert v.span is not None and v.span.of(text) == "1"
    ref = uuid.UUID(u.value)
    expected = datetime(1582, 10, 15, tzinfo=UTC) + timedelta(microseconds=ref.time // 10)
    stamp = expected.isoformat(timespec="seconds")
    assert get(d, "Created").value == stamp
    assert get(d, "Created").value.startswith("1997-02-03")


@pytest.mark.parametrize("version", [3, 4, 5, 7])
def test_uuid_versions_match_stdlib(version: int) -> None:
    u = {
        3: uuid.uuid3(uuid.NAMESPACE_DNS, "example.org"),
        4: uuid.UUID("2f1e4b8c-9d3a-4c1e-8f7a-6b5d4c3b2a19"),
        5: uuid.uuid5(uuid.NAMESPACE_URL, "http://example.org/"),
        7: uuid.UUID("018f2f3e-8c4b-7cc2-9d3e-123456789abc"),
    }[version]
    d = decode(f"urn:uuid:{u}")
    assert get(d, "Version").value.startswith(f"{u.version} — ")
    assert has(d, "Created") == (u.version == 7)


def test_uuid_upper_case_variants_and_specials() -> None:
    up = get(decode("urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6"), "UUID")
    assert up.value == "f81d4fae-7dec-11d0-a765-00a0c91e6bf6"
    assert "lower case" in (up.note or "")
    assert get(decode("urn:uuid:00000000-0000-0000-0000-000000000000"), "Kind").value == "nil UUID"
    assert get(decode("urn:uuid:ffffffff-ffff-ffff-ffff-ffffffffffff"), "Kind").value == "max UUID"
    microsoft = get(decode("urn:uuid:f81d4fae-7dec-11d0-c765-00a0c91e6bf6"), "Variant")
    assert microsoft.value.startswith("Microsoft") and microsoft.flag == "warning"
    ncs = get(decode("urn:uuid:f81d4fae-7dec-11d0-0765-00a0c91e6bf6"), "Variant")
    assert ncs.value.startswith("NCS")
    v0 = get(decode("urn:uuid:f81d4fae-7dec-01d0-a765-00a0c91e6bf6"), "Version")
    assert v0.flag == "invalid"


@pytest.mark.parametrize(
    ("nss", "created"),
    [
        ("ffffffff-ffff-7fff-bfff-ffffffffffff", "after the year 9999"),  # v7, 48-bit max
        ("ffffffff-ffff-1fff-bfff-ffffffffffff", "5236-03-31T21:21:00"),  # v1, 60-bit max
        ("00000000-0000-7000-8000-000000000000", "1970-01-01T00:00:00+00:00"),
    ],
)
def test_uuid_timestamps_at_the_limits(nss: str, created: str) -> None:
    d = decoders()["urn"](f"urn:uuid:{nss}")
    assert get(d, "Created").value.startswith(created)


@pytest.mark.parametrize(
    "nss", ["f81d4fae7dec11d0a76500a0c91e6bf6", "f81d4fae-7dec-11d0-a765-00a0c91e6bf", "{x}", ""]
)
def test_uuid_malformed(nss: str) -> None:
    assert get(decode(f"urn:uuid:{nss}"), "UUID").flag == "invalid"


# ---- ietf ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("nss", "doc"),
    [("rfc:2648", "RFC 2648"), ("bcp:14", "BCP 14"), ("std:1", "STD 1"), ("fyi:36", "FYI 36"),
     ("RFC:3986", "RFC 3986")],
)
def test_ietf_documents_rfc2648(nss: str, doc: str) -> None:
    f = get(decode(f"urn:ietf:{nss}"), "Document")
    assert f.value == doc and f.flag is None


@pytest.mark.parametrize("nss", ["rfc:", "rfc:01", "rfc:two", "bcp:1.4"])
def test_ietf_bad_numbers(nss: str) -> None:
    assert get(decode(f"urn:ietf:{nss}"), "Document").flag == "invalid"


def test_ietf_other_series() -> None:
    assert get(decode("urn:ietf:id:ietf-urn-ietf-06"), "Document").flag is None
    assert get(decode("urn:ietf:params:xml:ns:netconf"), "Document").flag is None
    assert get(decode("urn:ietf:wg:x"), "Document").flag == "warning"


# ---- oid ----------------------------------------------------------------------------
def test_oid_rfc3061() -> None:
    text = "urn:oid:1.3.6.1.4.1.343"
    d = decode(text)
    oid = get(d, "OID")
    assert oid.value == "1.3.6.1.4.1.343" and oid.flag is None
    assert [a.value for a in oid.children] == ["1", "3", "6", "1", "4", "1", "343"]
    assert oid.children[-1].span.of(text) == "343"  # type: ignore[union-attr]
    assert get(d, "Root arc").value == "1 — iso"
    assert "private enterprise" in get(d, "Under").value


@pytest.mark.parametrize(
    ("nss", "label"),
    [("1.45.01", "OID"), ("1..3", "OID"), ("1.3.", "OID"), ("", "OID"), ("3.1", "Root arc"),
     ("1.40", "Second arc"), ("0.999", "Second arc")],
)
def test_oid_invalid(nss: str, label: str) -> None:
    assert get(decode(f"urn:oid:{nss}"), label).flag == "invalid"


def test_joint_root_allows_big_second_arc() -> None:
    d = decode("urn:oid:2.999.1")
    assert not any(f.flag == "invalid" for f in d.fields)  # type: ignore[union-attr]


# ---- other namespaces and astral spans ----------------------------------------------
def test_unknown_namespace_is_shown_without_a_check() -> None:
    d = decode("urn:example:a123,z456")
    assert get(d, "Namespace (NID)").value == "example"
    assert get(d, "NSS").value == "a123,z456"


def test_missing_nss() -> None:
    assert get(decode("urn:isbn"), "NSS").flag == "invalid"


def test_spans_after_astral_characters() -> None:
    # URN draft §2 has no room for astral characters before the NSS, so put them in the
    # r/q/f-components after it and check the NSS span, then an astral NSS for "example".
    text = "urn:isbn:0-306-40615-2#😀😀"
    assert get(decode(text), "ISBN-10").span.of(text) == "0-306-40615-2"  # type: ignore[union-attr]
    t2 = "urn:example:😀𝔞"
    assert get(decode(t2), "NSS").span.of(t2) == "😀𝔞"  # type: ignore[union-attr]
