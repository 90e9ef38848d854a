"""http and https: the query as a browser's form decoder reads it.

RFC 3986 §3.4 gives the query no inner structure; the ``key=value&key=value`` form,
with ``+`` as a space, is HTML's application/x-www-form-urlencoded (WHATWG URL
Standard §5.1, the form parser). Repeated keys are grouped, because servers differ
in which value they keep, and known tracking parameters are marked.
"""

from __future__ import annotations

from uriinspector.core.decoders import DecodedField, SchemeDecoding
from uriinspector.core.decoders.hostport import authority_fields
from uriinspector.core.decoders.percent import (
    damage_note,
    decoded_field,
    percent_decode,
    shorten,
)
from uriinspector.core.decoders.tracking import tracking_source
from uriinspector.core.destinations.safelinks import read_data
from uriinspector.core.destinations.scan import host_of, query_slices
from uriinspector.core.destinations.table import rows_for_host
from uriinspector.core.spans import Span
from uriinspector.core.split import SplitReference, split

#: More parameters than this are counted, not decoded here: the details are rebuilt on
#: every keystroke, and the Components tree's query branch already lists every
#: parameter on demand (an 8 KB query has ~600: 4.2 ms decoded in full, 1.1 ms capped).
MAX_PARAMS = 100

_FORM_NOTE = (
    "Form-decoded (application/x-www-form-urlencoded, WHATWG URL Standard §5.1): "
    '"+" is a space and %XX octets are UTF-8. RFC 3986 §3.4 itself gives the query no '
    "key=value structure."
)


def _param_field(
    key_raw: str, value_raw: str | None, span: Span
) -> tuple[str, DecodedField]:
    """One ``key=value`` piece as a field; returns the decoded key with it."""
    key = percent_decode(key_raw, plus_as_space=True)
    source = tracking_source(key.text)
    note = f"Tracking parameter: {source}." if source else None
    flag = "tracking" if source else None
    if value_raw is None:
        extra = "No '=': a key without a value."
        note = f"{note} {extra}" if note else extra
        f = decoded_field(key.text or "(empty key)", "", span, note=note, flag=flag)
        return key.text, DecodedField(f.label, "(no value)", f.span, f.note, f.flag)
    f = decoded_field(
        key.text or "(empty key)", value_raw, span, plus_as_space=True, note=note, flag=flag
    )
    notes = [f.note] if f.note else []
    flag = f.flag
    if key.text != key_raw:
        notes.append(f"Key written as {shorten(key_raw, 120)!r}.")
    if key.damaged:
        damage = damage_note(key) or ""
        notes.append(f"In the key, {damage[:1].lower()}{damage[1:]}")
        flag = flag or ("invalid" if key.broken_percent else "warning")
    if notes != ([f.note] if f.note else []) or flag != f.flag:
        f = DecodedField(f.label, f.value, f.span, " ".join(notes), flag)
    return key.text, f


def query_fields(sp: SplitReference) -> list[DecodedField]:
    """The query parameters of a split reference, form-decoded and grouped by key."""
    q = sp.query
    if q is None:
        return []
    if not q.text:
        return [DecodedField("Query", "(empty)", q.span, "A \"?\" with nothing after it.")]
    # WHATWG URL Standard §5.1: split on "&", skip empty pieces, split each at its
    # first "=". Only the first MAX_PARAMS are decoded; the rest are counted.
    pieces = q.text.split("&")
    total = sum(1 for piece in pieces if piece)
    groups: dict[str, list[DecodedField]] = {}
    pos = q.span.start
    shown = 0
    more_at: int | None = None
    for piece in pieces:
        start, pos = pos, pos + len(piece) + 1
        if not piece:
            continue
        if shown == MAX_PARAMS:
            more_at = start
            break
        shown += 1
        eq = piece.find("=")
        key_raw = piece if eq == -1 else piece[:eq]
        value_raw = None if eq == -1 else piece[eq + 1 :]
        key, f = _param_field(key_raw, value_raw, Span(start, start + len(piece)))
        groups.setdefault(key, []).append(f)
    children: list[DecodedField] = []
    for key, items in groups.items():
        if len(items) == 1:
            children.append(items[0])
            continue
        values = ", ".join(shorten(f.value, 40) for f in items[:10])
        flags = {f.flag for f in items}
        children.append(
            DecodedField(
                key or "(empty key)",
                f"{len(items)} values: {values}" + (", …" if len(items) > 10 else ""),
                None,
                "Repeated key: servers differ in which value they keep (the first, the "
                "last, or all of them), so the same link can mean different things.",
                "tracking" if "tracking" in flags else "warning",
                tuple(items),
            )
        )
    if more_at is not None:
        children.append(
            DecodedField(
                "…",
                f"{total - MAX_PARAMS:,} more parameters not decoded here",
                Span(more_at, q.span.end),
                "Only the first parameters are form-decoded and checked here; the query "
                "branch of the tree lists every one of them.",
                flag="warning",
            )
        )
    n_track = sum(1 for c in children for f in (c.children or (c,)) if f.flag == "tracking")
    summary = f"{total:,} parameter" + ("" if total == 1 else "s")
    if n_track:
        summary += f", {n_track} tracking"
    return [DecodedField("Query parameters", summary, q.span, _FORM_NOTE, None, tuple(children))]


def carrier_fields(sp: SplitReference) -> list[DecodedField]:
    """What a mail gateway's rewritten link names besides its target (Microsoft Safe
    Links' ``data=``: recipient, tenant, rewrite time), as one branch; [] otherwise."""
    host = host_of(sp)
    if not host or sp.query is None:
        return []
    rows = [c for c in rows_for_host(host)[0] if c.fields_param is not None
            and c.paths.fullmatch(sp.path.text)]
    for c in rows:
        found = next(
            ((v, at) for k, v, at, eq in query_slices(sp) if eq and k.lower() == c.fields_param),
            None,
        )
        fields = read_data(*found) if found is not None else ()
        if not fields:
            continue
        children = tuple(DecodedField(f.label, f.value, f.span) for f in fields)
        named = [f.value for f in fields if f.name in ("recipient", "time")]
        return [
            DecodedField(
                f"{c.title}: {c.fields_param}=",
                ", ".join(named) or f"{len(fields)} fields",
                Span(found[1], found[1] + len(found[0])) if found else None,
                f"Written by {c.title} when it rewrote the link: the address the mail was "
                "delivered to, the receiving organisation's tenant id and the time of the "
                "rewrite (.NET ticks, shown in UTC). Not documented by Microsoft; read as "
                "public analyses of delivered links read it.",
                "tracking",
                children,
            )
        ]
    return []


def decode_http(text: str) -> SchemeDecoding:
    """Decode an http(s) URI: host, port, path, form-decoded query, fragment."""
    sp = split(text)
    scheme = (sp.scheme.text if sp.scheme else "http").lower()
    default = 443 if scheme == "https" else 80
    source = "RFC 9110 §4.2.2" if scheme == "https" else "RFC 9110 §4.2.1"
    fields = authority_fields(
        sp,
        default,
        source,
        empty_host_note="http(s) URIs must have a host (RFC 9110 §4.2.1).",
    )
    if sp.authority is None:
        fields.append(
            DecodedField(
                "Host",
                "(none)",
                None,
                'http(s) URIs need "//" and a host (RFC 9110 §4.2.1).',
                "invalid",
            )
        )
    if sp.path.text:
        fields.append(decoded_field("Path", sp.path.text, sp.path.span))
    fields += query_fields(sp)
    fields += carrier_fields(sp)
    if sp.fragment is not None:
        fields.append(
            decoded_field(
                "Fragment",
                sp.fragment.text,
                sp.fragment.span,
                note="Never sent to the server (RFC 3986 §3.5).",
            )
        )
    return SchemeDecoding(scheme, f"{scheme}: query parameters", tuple(fields))
