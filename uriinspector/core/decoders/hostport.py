"""The ``//user:password@host:port`` fields shared by ftp, telnet, gopher, nntp, http.

RFC 3986 §3.2 splits the authority; each scheme's own document says what an absent
user or port means (the 1993 draft's ftp "anonymous" convention, telnet port 23...).
"""

from __future__ import annotations

from uriinspector.core.decoders import DecodedField
from uriinspector.core.decoders.percent import decoded_field
from uriinspector.core.schemes import PORT_OUT_OF_RANGE, port_number
from uriinspector.core.spans import Span
from uriinspector.core.split import SplitReference

PASSWORD_NOTE = (
    "A password in a URI is readable by anyone who sees the link; RFC 3986 §3.2.1 "
    'deprecates the "user:password" form.'
)

_EMPTY_USER = (
    "An empty user name is not the same as no user name (1997 draft §4.3.1: "
    "<ftp://@host.com/> has an empty user name and no password)."
)
_EMPTY_PASSWORD = (
    "An empty password, not an absent one (1997 draft §4.3.1: <ftp://foo:@host.com/> has "
    'user "foo" and an empty password).'
)


def user_fields(sp: SplitReference, *, no_user_note: str | None = None) -> list[DecodedField]:
    """User and password fields from the userinfo (split at its first ``:``)."""
    out: list[DecodedField] = []
    ui = sp.userinfo
    if ui is None:
        if no_user_note:
            out.append(DecodedField("User", "(none)", None, no_user_note))
        return out
    colon = ui.text.find(":")
    start = ui.span.start
    user = ui.text if colon == -1 else ui.text[:colon]
    user_span = Span(start, start + len(user))
    if user:
        out.append(decoded_field("User", user, user_span))
    else:
        out.append(DecodedField("User", "(empty)", user_span, _EMPTY_USER))
    if colon == -1:
        return out
    password = ui.text[colon + 1 :]
    pspan = Span(start + colon + 1, ui.span.end)
    if password:
        out.append(decoded_field("Password", password, pspan, note=PASSWORD_NOTE, flag="warning"))
    else:
        out.append(DecodedField("Password", "(empty)", pspan, _EMPTY_PASSWORD))
    return out


def host_field(sp: SplitReference, *, empty_note: str | None = None) -> DecodedField | None:
    """The host, percent-decoded (RFC 3986 §3.2.2 allows %XX in a reg-name)."""
    host = sp.host
    if host is None:
        return None
    if not host.text:
        return DecodedField("Host", "(empty)", host.span, empty_note, "warning")
    return decoded_field("Host", host.text, host.span)


def port_field(sp: SplitReference, default: int, source: str) -> DecodedField:
    """The port, or the scheme's default when it is absent or empty (RFC 3986 §3.2.3)."""
    port = sp.port
    if port is None or not port.text:
        why = "no port" if port is None else 'an empty port after ":"'
        return DecodedField(
            "Port",
            f"{default} (default)",
            port.span if port is not None else None,
            f"With {why} the scheme's default port {default} is used ({source}; "
            "RFC 3986 §3.2.3).",
        )
    number = port_number(port.text)
    if number is None:
        return DecodedField(
            "Port", port.text, port.span, "A port is decimal digits (RFC 3986 §3.2.3).", "invalid"
        )
    if number >= PORT_OUT_OF_RANGE:
        return DecodedField(
            "Port", "out of range", port.span, "TCP ports stop at 65535.", "invalid"
        )
    note = "the scheme's default port" if number == default else None
    return DecodedField("Port", str(number), port.span, note and f"{number} is {note}.")


def authority_fields(
    sp: SplitReference,
    default_port: int,
    source: str,
    *,
    no_user_note: str | None = None,
    empty_host_note: str | None = None,
) -> list[DecodedField]:
    """User, password, host and port fields; empty when there is no authority."""
    if sp.authority is None:
        return []
    out = user_fields(sp, no_user_note=no_user_note)
    host = host_field(sp, empty_note=empty_host_note)
    if host is not None:
        out.append(host)
    out.append(port_field(sp, default_port, source))
    return out
