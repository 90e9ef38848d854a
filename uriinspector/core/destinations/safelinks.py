"""Microsoft Safe Links' ``data=`` value: who the mail went to, which tenant, and when.

Safe Links rewrites each link of a delivered mail as
``<region>.safelinks.protection.outlook.com/?url=<target>&data=<fields>&sdata=…``.
``data`` is ``|``-separated (``%7C`` in the link), e.g. ``05|02|jane.doe@corp.example|
<message id>|<tenant id>|0|0|638403423578665559|Unknown|<base64 client info>|0|||``:
a format version, the recipient's address, a message id, the recipient organisation's
Microsoft Entra tenant id, the time of the rewrite as .NET ticks (100 ns units since
0001-01-01 UTC), and the client that rendered it. Microsoft does not document the
fields; their reading follows public analyses of delivered links (unfurl reads the same
value), checked against links whose recipient and delivery time are known. Own code.
"""

from __future__ import annotations

import binascii
from base64 import b64decode
from datetime import UTC, datetime, timedelta
from urllib.parse import unquote

from uriinspector.core.destinations.model import CarrierField
from uriinspector.core.grammar import LazyPattern
from uriinspector.core.spans import Span

#: Longest ``data=`` value read (a real one is ~200-300 characters) and the fields
#: looked at (a real one has 13-16): a 2 KB ``data=05|02|05|02|…`` costs no more.
MAX_DATA_CHARS = 4_096
MAX_PIECES = 16

#: .NET ``DateTime`` ticks at 1970-01-01T00:00:00Z and the plausible range of a
#: rewrite time (2001-2100): outside it a number is not read as a time.
_TICKS_PER_SECOND = 10_000_000
_TICKS_2001 = 631_139_040_000_000_000
_TICKS_2100 = 662_380_416_000_000_000

_ADDRESS = LazyPattern(r"[^\s@|]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,63}")
_GUID = LazyPattern(r"[0-9a-fA-F]{32}|[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}")
_SEPARATOR = LazyPattern(r"\||%7[Cc]")


def ticks_to_iso(ticks: int) -> str | None:
    """.NET ticks (100 ns since 0001-01-01 UTC) as ISO 8601 UTC to the second, or None
    outside 2001-2100 (not a rewrite time)."""
    if not _TICKS_2001 <= ticks < _TICKS_2100:
        return None
    moment = datetime(1, 1, 1, tzinfo=UTC) + timedelta(seconds=ticks // _TICKS_PER_SECOND)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def _pieces(value: str, start: int) -> list[tuple[str, int]]:
    """The first :data:`MAX_PIECES` ``|``/``%7C``-separated pieces of ``value`` with
    their start offsets."""
    out: list[tuple[str, int]] = []
    pos = 0
    for sep in _SEPARATOR.finditer(value):
        out.append((value[pos : sep.start()], start + pos))
        pos = sep.end()
        if len(out) == MAX_PIECES:
            return out
    out.append((value[pos:], start + pos))
    return out


def _client(raw: str) -> str | None:
    """The base64 client note (``Mailflow|{"V":…,"P":"Win32","AN":"Mail"}``), decoded."""
    text = raw.replace("%3D", "=").replace("%3d", "=").replace("%2B", "+").replace("%2F", "/")
    if len(text) < 8 or len(text) > 1_024:
        return None
    try:
        decoded = b64decode(text + "=" * (-len(text) % 4), validate=True).decode("utf-8")
    except (binascii.Error, ValueError):
        return None
    return decoded if decoded.isprintable() else None


def read_data(value: str, start: int) -> tuple[CarrierField, ...]:
    """The named fields of a Safe Links ``data=`` value that starts at ``start`` in the
    link; () when it has none of them. Never raises."""
    if not value or len(value) > MAX_DATA_CHARS:
        return ()
    pieces = _pieces(value, start)
    fields: list[CarrierField] = []
    if len(pieces) >= 2 and pieces[0][0].isdigit() and pieces[1][0].isdigit():
        raw = f"{pieces[0][0]}|{pieces[1][0]}"
        span = Span(pieces[0][1], pieces[1][1] + len(pieces[1][0]))
        fields.append(CarrierField("format", "Format", raw, raw, span))
    have: set[str] = set()
    for i, (raw, at) in enumerate(pieces):
        if i < 2 or not raw:
            continue
        text = unquote(raw, errors="replace") if "%" in raw else raw
        found: tuple[str, str, str] | None = None
        if "@" in text:
            if "recipient" not in have and _ADDRESS.fullmatch(text):
                found = ("recipient", "Recipient", text)
        elif i in (3, 4) and len(text) >= 32 and _GUID.fullmatch(text):
            # 05|02|<address>|<message id>|<tenant id>|…: the two ids by their place
            found = (
                ("message", "Message id", text.lower()) if i == 3
                else ("tenant", "Tenant id", _dashed(text))
            )
        elif len(text) == 18 and text.isdigit() and "time" not in have:
            iso = ticks_to_iso(int(text))
            if iso is not None:
                found = ("time", "Time (UTC)", iso)
        elif text.startswith(("TWFpbGZsb3", "eyJ")):
            client = _client(raw)
            if client is not None:
                found = ("client", "Client", client)
        if found is not None:
            have.add(found[0])
            fields.append(CarrierField(*found, raw, Span(at, at + len(raw))))
    if len(fields) == 1 and fields[0].name == "format":
        return ()
    return tuple(fields)


def _dashed(guid: str) -> str:
    """A 32-hex-digit GUID in its usual 8-4-4-4-12 form, lower-case."""
    g = guid.replace("-", "").lower()
    return f"{g[:8]}-{g[8:12]}-{g[12:16]}-{g[16:20]}-{g[20:]}"
