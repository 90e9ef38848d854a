"""mailto: recipients and header fields (RFC 6068).

RFC 6068 §2: ``mailto:`` to-addresses (comma-separated) ``?`` hfields joined by
``&``, each ``hfname=hfvalue``, percent-encoded UTF-8. ``+`` is a plus sign, not a
space (RFC 6068 §5). A ``to=`` header adds recipients to those of the path (§2), and
``body`` is the message text (§2). §3 says only a few header fields, such as Subject,
Keywords and body, are believed both safe and useful; others may be ignored or
refused by a mail client, so they are flagged.
"""

from __future__ import annotations

from uriinspector.core.decoders import DecodedField, SchemeDecoding
from uriinspector.core.decoders.percent import decoded_field, percent_decode
from uriinspector.core.spans import Span

#: Header names (lower case) RFC 6068 discusses as expected in mailto URIs.
KNOWN_HEADERS: dict[str, str] = {
    "to": "Recipients",
    "cc": "Cc",
    "bcc": "Bcc",
    "subject": "Subject",
    "body": "Body",
    "keywords": "Keywords",
    "in-reply-to": "In-Reply-To",
}
_ADDRESS_HEADERS = frozenset({"to", "cc", "bcc"})
MAX_HEADERS = 500
MAX_ADDRESSES = 1000


def _addresses(raw: str, start: int, origin: str) -> list[DecodedField]:
    """Split an address list at ``,`` (RFC 6068 §2 ``to = addr-spec *("," addr-spec)``)."""
    out: list[DecodedField] = []
    pos = 0
    for piece in raw.split(","):
        span = Span(start + pos, start + pos + len(piece))
        if len(out) == MAX_ADDRESSES:
            rest = raw[pos:].count(",") + 1
            out.append(DecodedField(
                "…", f"{rest:,} more addresses not listed", Span(start + pos, start + len(raw)),
                flag="warning"))
            break
        pos += len(piece) + 1
        if not piece:
            continue
        f = decoded_field("Address", piece, span, note=origin)
        decoded = f.value.strip()
        if "@" not in decoded:
            f = DecodedField(
                f.label,
                f.value,
                f.span,
                (f.note or "") + ' An address is local-part "@" domain (RFC 6068 §2, '
                "RFC 5322 addr-spec).",
                f.flag or "invalid",
            )
        out.append(f)
    return out


def decode_mailto(text: str) -> SchemeDecoding:
    """Decode a mailto: URI into recipients, Cc, Bcc, Subject, Body and other headers."""
    start = text.find(":") + 1
    hash_at = text.find("#", start)
    end = len(text) if hash_at == -1 else hash_at
    q = text.find("?", start, end)
    path_end = end if q == -1 else q
    recipients = _addresses(
        text[start:path_end], start, "From the address part (RFC 6068 §2)."
    )
    headers: list[DecodedField] = []
    cc: list[DecodedField] = []
    bcc: list[DecodedField] = []
    if q != -1:
        pos = q + 1
        count = 0
        while pos <= end and count < MAX_HEADERS:
            amp = text.find("&", pos, end)
            stop = end if amp == -1 else amp
            piece = text[pos:stop]
            count += 1
            eq = piece.find("=")
            if piece:
                raw_name = piece if eq == -1 else piece[:eq]
                raw_value = "" if eq == -1 else piece[eq + 1 :]
                vstart = pos + (len(piece) if eq == -1 else eq + 1)
                name = percent_decode(raw_name).text.lower()
                if name in _ADDRESS_HEADERS:
                    where = f"From the {name}= header field (RFC 6068 §2)."
                    found = _addresses(raw_value, vstart, where)
                    {"to": recipients, "cc": cc, "bcc": bcc}[name].extend(found)
                else:
                    label = KNOWN_HEADERS.get(name, name or "(empty name)")
                    note: str | None = None
                    flag: str | None = None
                    if name == "body":
                        note = (
                            "The first text/plain body of the message (RFC 6068 §2); line "
                            "breaks are written %0D%0A."
                        )
                    elif name not in KNOWN_HEADERS:
                        note = (
                            f'"{label}" is not one of the header fields RFC 6068 §3 calls '
                            "safe (Subject, Keywords, body); a mail client may ignore it or "
                            "refuse the link."
                        )
                        flag = "warning"
                    if eq == -1:
                        note = ((note or "") + ' No "=": an hfield is hfname "=" hfvalue '
                                "(RFC 6068 §2).").strip()
                        flag = "invalid"
                    headers.append(
                        decoded_field(
                            label, raw_value, Span(pos, stop), note=note, flag=flag
                        )
                    )
            if amp == -1:
                break
            pos = amp + 1
        else:
            if pos < end:
                headers.append(DecodedField(
                    "…", f"more header fields after the first {MAX_HEADERS} not listed",
                    Span(pos, end), flag="warning"))
    fields: list[DecodedField] = []
    groups = (("Recipients", recipients), ("Cc", cc), ("Bcc", bcc))
    for label, items in groups:
        if not items and label != "Recipients":
            continue
        value = ", ".join(f.value for f in items[:20]) or "(none)"
        note = None
        if label == "Recipients":
            note = (
                "The addresses before \"?\" and those of any to= header, merged "
                "(RFC 6068 §2)."
            )
        if label == "Bcc":
            note = "Blind copies: the other recipients do not see these addresses."
        fields.append(DecodedField(label, value, None, note, None, tuple(items)))
    fields += headers
    if hash_at != -1:
        fields.append(
            DecodedField(
                "Fragment",
                text[hash_at + 1 :],
                Span(hash_at + 1, len(text)),
                "RFC 6068 gives a fragment no meaning in a mailto: URI.",
                "warning",
            )
        )
    return SchemeDecoding("mailto", "mailto: recipients and headers", tuple(fields))
