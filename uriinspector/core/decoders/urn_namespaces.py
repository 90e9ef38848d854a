"""urn: known namespaces checked: isbn, uuid, ietf and oid.

``core.urn`` takes the URN apart (URN draft §2); this module reads the NSS of four
namespaces whose syntax is simple and checkable offline: ISBN (RFC 3187, RFC 8254;
the check digit of ISO 2108), UUID (RFC 4122 §3: version and variant), IETF
documents (RFC 2648: rfc, bcp, std, fyi numbers) and OIDs (RFC 3061: dotted
numeric arcs, X.660 limits on the first two).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from uriinspector.core.decoders import DecodedField, SchemeDecoding
from uriinspector.core.decoders.percent import percent_decode
from uriinspector.core.spans import Span
from uriinspector.core.urn import parse_urn

NamespaceCheck = Callable[[str, Span], list[DecodedField]]


# ---- ISBN (RFC 3187 §3, RFC 8254 §4; check digits of ISO 2108) ------------------------
def isbn10_ok(digits: str) -> bool:
    """ISBN-10: sum of digit x weight (10..1) is 0 mod 11; "X" is 10, last place only."""
    total = 0
    for i, ch in enumerate(digits):
        value = 10 if ch in "Xx" else int(ch)
        total += value * (10 - i)
    return total % 11 == 0


def isbn13_ok(digits: str) -> bool:
    """ISBN-13 (EAN-13): weights 1, 3, 1, 3...; the sum is 0 mod 10."""
    return sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(digits)) % 10 == 0


def isbn10_to_13(digits: str) -> str:
    """The ISBN-13 of an ISBN-10: prefix 978, new check digit."""
    body = "978" + digits[:9]
    check = (10 - sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(body)) % 10) % 10
    return body + str(check)


_ISBN10 = re.compile(r"[0-9]{9}[0-9Xx]")
_ISBN13 = re.compile(r"97[89][0-9]{10}")


def check_isbn(nss: str, span: Span) -> list[DecodedField]:
    """Check an ISBN-10 or ISBN-13, hyphens and spaces ignored (RFC 3187 §3)."""
    compact = re.sub(r"[\s-]", "", percent_decode(nss).text)
    if _ISBN10.fullmatch(compact):
        ok = isbn10_ok(compact)
        out = [DecodedField(
            "ISBN-10", compact.upper(), span,
            "The check digit is right: the weighted sum is a multiple of 11 (ISO 2108)."
            if ok else "The check digit is wrong: the weighted sum (10..1) is not a multiple "
            "of 11 (ISO 2108). A typo or a made-up number.",
            "checksum-ok" if ok else "checksum-bad")]
        if ok:
            out.append(DecodedField("As ISBN-13", isbn10_to_13(compact), None,
                                    "The same book with prefix 978 (ISO 2108)."))
        return out
    if _ISBN13.fullmatch(compact):
        ok = isbn13_ok(compact)
        return [DecodedField(
            "ISBN-13", compact, span,
            "The check digit is right: weights 1 and 3, the sum is a multiple of 10 (ISO 2108)."
            if ok else "The check digit is wrong: with weights 1 and 3 the sum is not a "
            "multiple of 10 (ISO 2108).",
            "checksum-ok" if ok else "checksum-bad")]
    return [DecodedField(
        "ISBN", compact or "(empty)", span,
        "An ISBN is 10 characters (digits, last may be X) or 13 digits starting 978 or "
        "979 (RFC 3187 §3, RFC 8254).", "invalid")]


# ---- UUID (RFC 4122 §3, §4.1.1-4.1.3; RFC 9562 for versions 6-8) ---------------------
_UUID = re.compile(r"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}")
UUID_VERSIONS: dict[int, str] = {
    1: "time-based (with the node's MAC address)",
    2: "DCE Security (POSIX UID/GID)",
    3: "name-based, MD5",
    4: "random",
    5: "name-based, SHA-1",
    6: "reordered time-based (RFC 9562)",
    7: "Unix-time-based, sortable (RFC 9562)",
    8: "custom (RFC 9562)",
}
_GREGORIAN = datetime(1582, 10, 15, tzinfo=UTC)
_MAX_UNIX_MS = int((datetime(9999, 12, 31, tzinfo=UTC) - datetime(1970, 1, 1, tzinfo=UTC))
                   / timedelta(milliseconds=1))


def check_uuid(nss: str, span: Span) -> list[DecodedField]:
    """Check the RFC 4122 §3 form and name the version and variant."""
    value = percent_decode(nss).text
    if not _UUID.fullmatch(value):
        return [DecodedField(
            "UUID", value or "(empty)", span,
            "A UUID is 32 hex digits grouped 8-4-4-4-12 (RFC 4122 §3).", "invalid")]
    hexd = value.replace("-", "").lower()
    out = [DecodedField(
        "UUID", value.lower(), span,
        "Hex digits are case-insensitive on input and written in lower case (RFC 4122 §3)."
        if value != value.lower() else "Form 8-4-4-4-12 (RFC 4122 §3).")]
    if hexd == "0" * 32:
        out.append(DecodedField("Kind", "nil UUID", None, "All bits zero (RFC 4122 §4.1.7)."))
        return out
    if hexd == "f" * 32:
        out.append(DecodedField("Kind", "max UUID", None, "All bits one (RFC 9562 §5.10)."))
        return out
    variant_bits = int(hexd[16], 16)
    if variant_bits < 8:
        variant = "NCS (reserved, backward compatibility)"
    elif variant_bits < 12:
        variant = "RFC 4122"
    elif variant_bits < 14:
        variant = "Microsoft (reserved, backward compatibility)"
    else:
        variant = "reserved for future definition"
    vspan = Span(span.start + 19, span.start + 20) if len(nss) == 36 else None
    out.append(DecodedField("Variant", variant, vspan,
                            "The top bits of clock_seq_hi_and_reserved (RFC 4122 §4.1.1).",
                            None if variant == "RFC 4122" else "warning"))
    if variant != "RFC 4122":
        return out
    version = int(hexd[12], 16)
    name = UUID_VERSIONS.get(version)
    tspan = Span(span.start + 14, span.start + 15) if len(nss) == 36 else None
    out.append(DecodedField(
        "Version", f"{version} — {name}" if name else str(version), tspan,
        "The top four bits of time_hi_and_version (RFC 4122 §4.1.3).",
        None if name else "invalid"))
    when: datetime | None = None
    if version == 1:
        ticks = int(hexd[13:16] + hexd[8:12] + hexd[0:8], 16)  # 100 ns since 1582-10-15
        when = _GREGORIAN + timedelta(microseconds=ticks // 10)
    elif version == 7:
        millis = int(hexd[:12], 16)  # 48 bits reach the year 10889, past datetime's 9999
        if millis < _MAX_UNIX_MS:
            when = datetime(1970, 1, 1, tzinfo=UTC) + timedelta(milliseconds=millis)
        else:
            out.append(DecodedField("Created", "after the year 9999", None,
                                    "The 48-bit Unix-time field (RFC 9562 §5.7) is past 9999.",
                                    "warning"))
    if when is not None:
        out.append(DecodedField("Created", when.isoformat(timespec="seconds"), None,
                                "The timestamp inside the UUID (RFC 4122 §4.1.4, RFC 9562 "
                                "§5.7): it tells when, and v1 also where, it was made."))
    return out


# ---- IETF documents (RFC 2648 §2-3) -------------------------------------------------
IETF_SERIES: dict[str, str] = {
    "rfc": "RFC",
    "std": "STD",
    "bcp": "BCP",
    "fyi": "FYI",
}
_IETF_OTHER: dict[str, str] = {
    "id": "an Internet-Draft (RFC 2648 §2)",
    "mtg": "an IETF meeting document (RFC 2648 §2)",
    "params": "a registered protocol parameter (RFC 3553)",
}


def check_ietf(nss: str, span: Span) -> list[DecodedField]:
    """Check ``rfc:N``, ``std:N``, ``bcp:N`` or ``fyi:N`` (RFC 2648 §2)."""
    value = percent_decode(nss).text
    series, _, rest = value.partition(":")
    key = series.lower()
    if key in IETF_SERIES:
        if rest.isascii() and rest.isdigit() and (rest == "0" or not rest.startswith("0")):
            return [DecodedField(
                "Document", f"{IETF_SERIES[key]} {rest}", span,
                f"urn:ietf:{key}:<number> names {IETF_SERIES[key]} {rest} (RFC 2648 §2).")]
        return [DecodedField(
            "Document", value, span,
            f"After {key}: comes a document number without leading zeros (RFC 2648 §2).",
            "invalid")]
    if key in _IETF_OTHER:
        return [DecodedField("Document", rest or "(empty)", span,
                             f"Names {_IETF_OTHER[key]}.", None if rest else "invalid")]
    return [DecodedField(
        "Document", value or "(empty)", span,
        "RFC 2648 §2 defines rfc, fyi, std, bcp, id and mtg (and RFC 3553 params).",
        "warning")]


# ---- OID (RFC 3061 §2; X.660 §A.2-A.3) ----------------------------------------------
_OID = re.compile(r"(?:0|[1-9][0-9]*)(?:\.(?:0|[1-9][0-9]*))*")
OID_ROOTS: dict[str, str] = {"0": "itu-t", "1": "iso", "2": "joint-iso-itu-t"}
OID_PREFIXES: dict[str, str] = {
    "1.3.6.1": "internet (IANA)",
    "1.3.6.1.2.1": "SNMP MIB-2",
    "1.3.6.1.4.1": "private enterprise numbers (IANA)",
    "1.2.840.113549": "RSA Data Security",
    "2.5": "X.500 directory services",
    "2.16.840.1": "US organizations",
}


def check_oid(nss: str, span: Span) -> list[DecodedField]:
    """Check dotted numeric arcs (RFC 3061 §2) and the X.660 limits of arcs 1-2."""
    value = percent_decode(nss).text
    if not _OID.fullmatch(value):
        return [DecodedField(
            "OID", value or "(empty)", span,
            "An OID is decimal numbers joined by dots, without leading zeros (RFC 3061 §2).",
            "invalid")]
    arcs = value.split(".")
    exact = value == nss  # no percent-encoding: arc offsets map straight onto the text
    spans: list[Span | None] = []
    pos = span.start
    for a in arcs:
        spans.append(Span(pos, pos + len(a)) if exact else None)
        pos += len(a) + 1
    children = tuple(
        DecodedField(f"Arc {i + 1}", a, spans[i]) for i, a in enumerate(arcs[:64])
    )
    out = [DecodedField("OID", value, span, f"{len(arcs)} arcs (RFC 3061 §2).", None, children)]
    root = OID_ROOTS.get(arcs[0])
    if root is None:
        out.append(DecodedField("Root arc", arcs[0], None,
                                "The first arc is 0, 1 or 2 (ITU-T X.660 §A.2).", "invalid"))
        return out
    out.append(DecodedField("Root arc", f"{arcs[0]} — {root}", None))
    if arcs[0] in ("0", "1") and len(arcs) > 1 and (len(arcs[1]) > 2 or int(arcs[1]) > 39):
        out.append(DecodedField("Second arc", arcs[1], None,
                                "Under roots 0 and 1 the second arc is 0 to 39 (X.660 §A.3).",
                                "invalid"))
    best = max((p for p in OID_PREFIXES if value == p or value.startswith(p + ".")),
               key=len, default=None)
    if best is not None:
        out.append(DecodedField("Under", f"{best} — {OID_PREFIXES[best]}", None))
    return out


#: NID (lower case) -> its check.
NAMESPACES: dict[str, NamespaceCheck] = {
    "isbn": check_isbn,
    "uuid": check_uuid,
    "ietf": check_ietf,
    "oid": check_oid,
}


def decode_urn(text: str) -> SchemeDecoding:
    """Decode a URN's NID and, for isbn, uuid, ietf and oid, check its NSS."""
    p = parse_urn(text)
    fields: list[DecodedField] = []
    nid_span = p.span_of("nid")
    nss_span = p.span_of("nss")
    if p.nid is not None:
        fields.append(DecodedField("Namespace (NID)", p.nid, nid_span,
                                   "Case-insensitive (URN draft §2.1)."))
    if p.nss is None or nss_span is None:
        fields.append(DecodedField("NSS", "(missing)", None,
                                   'A URN is "urn:" NID ":" NSS (URN draft §2).', "invalid"))
        return SchemeDecoding("urn", "urn: namespace", tuple(fields))
    check = NAMESPACES.get((p.nid or "").lower())
    if check is None:
        fields.append(DecodedField("NSS", percent_decode(p.nss).text, nss_span,
                                   f"No namespace-specific check for {p.nid!r}."))
    else:
        fields += check(p.nss, nss_span)
    return SchemeDecoding("urn", f"urn:{(p.nid or '').lower()}: namespace check", tuple(fields))
