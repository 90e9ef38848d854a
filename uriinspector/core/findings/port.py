"""Ports other than the scheme's default (draft-2003 §7.2 "Malicious Construction").

A URI can make a client speak its protocol to a server running another one (the
gopher-to-SMTP example of §7.2); a port reserved for mail, remote shells or file
sharing on a web link is the strong form of that warning.
"""

from __future__ import annotations

from uriinspector.core.findings.base import NON_DEFAULT_PORT, Finding, FindingSeverity, show
from uriinspector.core.schemes import port_number
from uriinspector.core.split import SplitReference
from uriinspector.core.whatwg import WhatwgReading

DEFAULT_PORTS: dict[str, int] = {
    "http": 80,
    "https": 443,
    "ws": 80,
    "wss": 443,
    "ftp": 21,
    "gopher": 70,
    "ssh": 22,
    "sftp": 22,
    "telnet": 23,
    "smtp": 25,
    "pop": 110,
    "imap": 143,
    "ldap": 389,
    "ldaps": 636,
    "nntp": 119,
    "news": 119,
    "rtsp": 554,
    "sip": 5060,
    "git": 9418,
}

#: Ports of other well-known services: a web link pointing there is cross-protocol.
OTHER_PROTOCOL_PORTS: dict[int, str] = {
    7: "echo",
    19: "chargen",
    21: "FTP",
    22: "SSH",
    23: "Telnet",
    25: "SMTP mail",
    53: "DNS",
    69: "TFTP",
    110: "POP3 mail",
    111: "RPC portmapper",
    119: "NNTP news",
    135: "Windows RPC",
    137: "NetBIOS",
    139: "NetBIOS session",
    143: "IMAP mail",
    389: "LDAP",
    445: "SMB file sharing",
    465: "SMTPS mail",
    514: "syslog/rsh",
    587: "SMTP mail submission",
    993: "IMAPS mail",
    995: "POP3S mail",
    1433: "Microsoft SQL Server",
    2375: "Docker API",
    3306: "MySQL",
    3389: "Remote Desktop (RDP)",
    5432: "PostgreSQL",
    5900: "VNC",
    6379: "Redis",
    6667: "IRC",
    9200: "Elasticsearch",
    11211: "memcached",
    27017: "MongoDB",
}

_WEB = frozenset({"http", "https", "ws", "wss"})


def detect_port(ref: SplitReference, web: WhatwgReading) -> list[Finding]:
    """non-default-port: danger for another protocol's port, else warning or info."""
    port = ref.port
    if port is None or not port.text or ref.scheme is None:
        return []
    scheme = ref.scheme.text.lower()
    default = DEFAULT_PORTS.get(scheme)
    if not port.text.isascii() or not port.text.isdigit():
        return [
            Finding(
                NON_DEFAULT_PORT,
                "warning",
                port.span,
                f"The port '{show(port.text)}' is not a number (RFC 3986 §3.2.3 port = *DIGIT).",
            )
        ]
    number = port_number(port.text)
    if number is None:  # pragma: no cover - guarded by the digit check above
        return []
    if default is None or number == default:
        return []
    service = OTHER_PROTOCOL_PORTS.get(number)
    if service is not None and scheme in _WEB | {"ftp", "gopher"}:
        return [
            Finding(
                NON_DEFAULT_PORT,
                "danger",
                port.span,
                f"Port {number} is {service}, not {scheme} (default {default}): the link "
                f"makes the client speak {scheme} to another protocol's server "
                "(draft-2003 §7.2 malicious construction).",
            )
        ]
    if number > 65535:
        return [
            Finding(
                NON_DEFAULT_PORT,
                "warning",
                port.span,
                f"Port {show(port.text)} is out of range (0-65535); browsers reject it "
                "(RFC 3986 §3.2.3).",
            )
        ]
    severity: FindingSeverity = "warning" if number < 1024 else "info"
    return [
        Finding(
            NON_DEFAULT_PORT,
            severity,
            port.span,
            f"The link uses port {number} instead of {scheme}'s default {default} "
            "(draft-2003 §7.2: be cautious with ports other than the protocol's default).",
        )
    ]
