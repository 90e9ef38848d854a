"""Scheme facts: default ports and scheme-specific normalization rules.

Scheme-based normalization (RFC 3986 §6.2.3, draft-2003 §6.2.3) needs to know, per
scheme, which port is the default and whether an empty path means "/". Those are facts
of each scheme's own specification, so they live here as a table (no logic), each row
with the document that states it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SchemeFacts:
    """What scheme-based normalization may assume about one scheme.

    ``default_port`` is the port an absent port stands for; ``elide_default_port`` says
    whether the scheme's own comparison rules let ``:<default>`` (and an empty port) be
    removed; ``empty_path_is_root`` says an authority with an empty path equals ``/``.
    ``source`` names the specification section the facts come from.
    """

    name: str
    default_port: int | None
    source: str
    elide_default_port: bool = True
    empty_path_is_root: bool = False


def _facts(*rows: SchemeFacts) -> dict[str, SchemeFacts]:
    return {row.name: row for row in rows}


#: Scheme name (lower case) -> facts. Ports from the scheme specifications; the IANA
#: "Uniform Resource Identifier (URI) Schemes" registry points at each of them.
SCHEMES: dict[str, SchemeFacts] = _facts(
    # RFC 9110 §4.2.1-4.2.2 (RFC 7230 §2.7.1-2.7.3): default 80/443, and an empty
    # path is equivalent to "/" (RFC 9110 §4.2.3, RFC 3986 §6.2.3 example).
    SchemeFacts("http", 80, "RFC 9110 §4.2.1, §4.2.3", empty_path_is_root=True),
    SchemeFacts("https", 443, "RFC 9110 §4.2.2, §4.2.3", empty_path_is_root=True),
    # RFC 6455 §3: ws/wss default 80/443; an empty path is sent as "/".
    SchemeFacts("ws", 80, "RFC 6455 §3", empty_path_is_root=True),
    SchemeFacts("wss", 443, "RFC 6455 §3", empty_path_is_root=True),
    SchemeFacts("ftp", 21, "RFC 1738 §3.2"),
    SchemeFacts("gopher", 70, "RFC 4266 §2.1 (RFC 1738 §3.4)"),
    SchemeFacts("telnet", 23, "RFC 4248 §2 (RFC 1738 §3.8)"),
    SchemeFacts("nntp", 119, "RFC 5538 §2.2 (RFC 1738 §3.7)"),
    SchemeFacts("news", 119, "RFC 5538 §2.1"),
    SchemeFacts("snews", 563, "RFC 5538 §2.1 (historic, IANA registry)"),
    SchemeFacts("ldap", 389, "RFC 4516 §2"),
    SchemeFacts("rtsp", 554, "RFC 7826 §4.2 (RFC 2326 §3.2)"),
    SchemeFacts("rtsps", 322, "RFC 7826 §4.2"),
    # RFC 3261 §19.1.4: "a URI omitting the optional port component will not match a
    # URI explicitly declaring port 5060" -- SIP forbids eliding the default port.
    SchemeFacts("sip", 5060, "RFC 3261 §19.1.2, §19.1.4", elide_default_port=False),
    SchemeFacts("sips", 5061, "RFC 3261 §19.1.2, §19.1.4", elide_default_port=False),
    SchemeFacts("prospero", 1525, "RFC 4157 §2 (RFC 1738 §3.11)"),
    SchemeFacts("wais", 210, "RFC 4156 §2 (RFC 1738 §3.9)"),
    SchemeFacts("imap", 143, "RFC 5092 §3"),
    SchemeFacts("pop", 110, "RFC 2384 §3"),
    SchemeFacts("ssh", 22, "IANA provisional, draft-ietf-secsh-scp-sftp-ssh-uri §3.2"),
    SchemeFacts("sftp", 22, "IANA provisional, draft-ietf-secsh-scp-sftp-ssh-uri §4.2"),
    SchemeFacts("redis", 6379, "IANA provisional registration (redis scheme)"),
    SchemeFacts("rsync", 873, "RFC 5781 §2"),
    SchemeFacts("coap", 5683, "RFC 7252 §6.1, §6.3", empty_path_is_root=True),
    SchemeFacts("coaps", 5684, "RFC 7252 §6.2, §6.3", empty_path_is_root=True),
    SchemeFacts("ipp", 631, "RFC 8010 §4.1"),
    SchemeFacts("ipps", 631, "RFC 7472 §4"),
)

#: Schemes recognized as bare URIs in running text (draft-2003 App. E); other schemes
#: are only taken when delimited by ``<...>`` or quotes, so "Note:" is not a URI.
TEXT_SCHEMES: tuple[str, ...] = (
    "https",
    "http",
    "ftps",
    "ftp",
    "mailto",
    "urn",
    "file",
    "news",
    "nntp",
    "data",
    "tel",
    "telnet",
    "gopher",
    "wais",
    "ldap",
    "ssh",
    "sftp",
    "wss",
    "ws",
    "sips",
    "sip",
    "xmpp",
    "irc",
    "git",
    "svn",
    "rsync",
    "magnet",
    "javascript",
    "vbscript",
)


def scheme_facts(scheme: str) -> SchemeFacts | None:
    """Return the facts for ``scheme`` (compared case-insensitively, RFC 3986 §3.1)."""
    return SCHEMES.get(ascii_lower(scheme))


def ascii_lower(text: str) -> str:
    """Lower-case ASCII letters only (never changes the length, unlike ``str.lower``).

    Case-insensitivity in URIs is defined for ASCII (RFC 3986 §6.2.2.1).
    """
    return text.translate(_LOWER)


_LOWER = {c: c + 32 for c in range(ord("A"), ord("Z") + 1)}


#: Any port above this is out of range (RFC 3986 §3.2.3 leaves the range to the scheme;
#: TCP and UDP stop at 65535). Larger digit strings are capped to it.
PORT_OUT_OF_RANGE = 65536


def port_number(text: str) -> int | None:
    """The port's value, capped at ``PORT_OUT_OF_RANGE``; ``None`` unless ASCII digits.

    ``int()`` refuses decimal strings over 4,300 digits, and a hostile link may carry
    one, so leading zeros are dropped and anything longer than five digits is capped.
    """
    if not text or not text.isascii() or not text.isdigit():
        return None
    digits = text.lstrip("0") or "0"
    if len(digits) > 5:
        return PORT_OUT_OF_RANGE
    return min(int(digits), PORT_OUT_OF_RANGE)
