"""file: URIs (RFC 8089): local or network, POSIX or Windows path.

RFC 8089 §2: ``file://host/path``, ``file:///path`` and ``file:/path``; an empty host
and ``localhost`` both mean "this machine" (§2, §3). Appendix E describes the forms
people write on Windows: a drive letter (``file:///C:/x``, E.2), the legacy ``|``
in its place (``file:///c|/x``, E.2.2), and UNC paths for a server share
(``file://server/share``, E.3.1, or ``file:////server/share``, E.3.2). A UNC link
makes Windows contact the server (SMB), which can leak credentials, so it is flagged.
"""

from __future__ import annotations

import re

from uriinspector.core.decoders import DecodedField, SchemeDecoding
from uriinspector.core.decoders.percent import decoded_field, percent_decode
from uriinspector.core.schemes import ascii_lower
from uriinspector.core.spans import Span
from uriinspector.core.split import split

# RFC 8089 Appendix E.2   drive-letter = ALPHA ":" ; E.2.2 also ALPHA "|"
_DRIVE = re.compile(r"/?([A-Za-z])([:|])(?=/|\Z)")

_NETWORK_NOTE = (
    "A network location: on Windows this is the UNC path {unc} (RFC 8089 Appendix E.3), "
    "and opening it contacts that server (SMB), which may send your Windows credentials."
)


def decode_file(text: str) -> SchemeDecoding:
    """Decode a file: URI into host (or localhost), drive letter and path."""
    sp = split(text)
    fields: list[DecodedField] = []
    path = sp.path
    host = sp.host
    network: str | None = None
    if sp.authority is None:
        fields.append(DecodedField(
            "Host", "localhost (no authority)", None,
            'Without "//" the file is on this machine (RFC 8089 §2, file:/path form).'))
    elif host is not None and not host.text:
        fields.append(DecodedField(
            "Host", "localhost (empty host)", host.span,
            'An empty host means "this machine", as localhost does (RFC 8089 §2).'))
    elif host is not None and ascii_lower(host.text) == "localhost":
        fields.append(DecodedField(
            "Host", "localhost", host.span, "This machine (RFC 8089 §2)."))
    elif host is not None:
        h = percent_decode(host.text).text
        rest = percent_decode(path.text).text.replace("/", "\\")
        network = f"\\\\{h}{rest}"
        fields.append(DecodedField(
            "Host", h, host.span, _NETWORK_NOTE.format(unc=network), "warning"))
    if sp.userinfo is not None:
        fields.append(DecodedField(
            "User", sp.userinfo.text, sp.userinfo.span,
            "RFC 8089 §2 file URIs have no userinfo.", "invalid"))
    if sp.port is not None:
        fields.append(DecodedField(
            "Port", sp.port.text, sp.port.span, "RFC 8089 §2 file URIs have no port.",
            "invalid"))
    ptext = path.text
    if network is None and ptext.startswith("//"):
        # file:////server/share (RFC 8089 Appendix E.3.2): UNC inside the path.
        # file://///server/share (five slashes) is the same (RFC 8089 Appendix E.3.2).
        rest = ptext.lstrip("/")
        at = path.span.start + len(ptext) - len(rest)
        slash = rest.find("/")
        server = rest if slash == -1 else rest[:slash]
        if server:
            unc = "\\\\" + percent_decode(rest).text.replace("/", "\\")
            fields.append(DecodedField(
                "Server", percent_decode(server).text, Span(at, at + len(server)),
                _NETWORK_NOTE.format(unc=unc) + " (UNC path written in the path: RFC 8089 "
                "Appendix E.3.2.)",
                "warning"))
            network = unc
            if fields and fields[0].label == "Host" and host is not None and not host.text:
                fields[0] = DecodedField(
                    "Host", "(empty: the server is named in the path)", host.span,
                    "The authority is empty but the path starts with \"//\" and a server "
                    "name: a UNC path, not this machine (RFC 8089 Appendix E.3.2).")
    m = _DRIVE.match(ptext) if network is None else None
    if m is not None:
        drive_span = Span(path.span.start + m.start(1), path.span.start + m.end(2))
        legacy = m.group(2) == "|"
        fields.append(DecodedField(
            "Drive", m.group(1).upper() + ":", drive_span,
            ('"|" in place of ":" is the legacy form (RFC 8089 Appendix E.2.2); it means '
             f"drive {m.group(1).upper()}:.") if legacy else
            "A Windows drive letter (RFC 8089 Appendix E.2).",
            "warning" if legacy else None))
        rest = percent_decode(ptext[m.end() :]).text
        fields.append(DecodedField(
            "Windows path", m.group(1).upper() + ":" + (rest.replace("/", "\\") or "\\"),
            path.span, "How Windows would write the path."))
    if ptext:
        fields.append(decoded_field("Path", ptext, path.span))
    elif sp.authority is not None:
        fields.append(DecodedField("Path", "(empty)", path.span,
                                   'A file URI names a path; "/" at least (RFC 8089 §2).',
                                   "warning"))
    if sp.query is not None:
        fields.append(DecodedField("Query", sp.query.text, sp.query.span,
                                   "RFC 8089 gives a query no meaning in a file URI.",
                                   "warning"))
    return SchemeDecoding("file", "file: host and path", tuple(fields))
