"""telnet: user, password, host and port (1993 draft BNF, RFC 1738 §3.8, RFC 4248).

1993 draft: ``telnetaddress = telnet://[user@]hostport``; RFC 1738 §3.8 adds an
optional password and a final "/"; port 23 is the default. The URL only designates
an interactive session: a client may offer the user name, never log in by itself.
"""

from __future__ import annotations

from uriinspector.core.decoders import DecodedField, SchemeDecoding
from uriinspector.core.decoders.hostport import authority_fields
from uriinspector.core.split import split


def decode_telnet(text: str) -> SchemeDecoding:
    """Decode a telnet: URI into user, password, host and port."""
    sp = split(text)
    if sp.authority is None:
        fields = [DecodedField(
            "Host", "(none)", None,
            'A telnet URL is telnet://[user@]hostport (1993 draft BNF; RFC 1738 §3.8).',
            "invalid")]
    else:
        fields = authority_fields(
            sp, 23, "RFC 1738 §3.8, RFC 4248 §2",
            no_user_note="No user name: the client asks for one when the session opens.",
            empty_host_note="A telnet URL names a host (1993 draft BNF).",
        )
    if sp.path.text not in ("", "/"):
        fields.append(DecodedField(
            "Path", sp.path.text, sp.path.span,
            'A telnet URL has no path, only an optional final "/" (RFC 1738 §3.8).',
            "warning"))
    if sp.query is not None:
        fields.append(DecodedField(
            "Query", sp.query.text, sp.query.span,
            "A telnet URL has no query (RFC 1738 §3.8).", "warning"))
    return SchemeDecoding("telnet", "telnet: login and host", tuple(fields))
