"""The plain web link: a test that lets it skip the families that cannot fire on it.

Most links in a mailbox or a batch are ``http(s)://name.example/path?query`` written
in ASCII: no escape, user name, port, IP address, punycode or parser trick. For those,
eight of the twelve families (scheme, userinfo, IP host, port, IDN, characters,
encoding, differential) say nothing, each after its own first test; :func:`plain_link`
asks all of those questions at once, so ``findings._run`` calls only the families that
can still speak (look-alike, payload, recipient, embedded URLs).
``tests/core/test_plain_link.py`` proves each skipped family silent whenever it holds,
and whole answers equal with and without it.
"""

from __future__ import annotations

from uriinspector.core.findings.differential import silent as differential_silent
from uriinspector.core.split import SplitReference
from uriinspector.core.whatwg import WhatwgReading

#: The browser's protocols of a plain link (``scheme.py`` names neither).
_WEB = frozenset({"http:", "https:"})


def plain_link(ref: SplitReference, web: WhatwgReading) -> bool:
    """True only when the scheme, userinfo, IP-host, port, IDN, characters, encoding
    and differential families all find nothing: an ASCII link without ``%`` (the
    characters, encoding and IDN families read only escapes and non-ASCII), no user
    name or port, an http(s) scheme the browser reads as http(s), a host the browser
    reads as a domain that starts with no digit or ``[`` (the IP-host family reads only
    those) and has no ``xn--`` label, and the differential family's own gate."""
    text = ref.text
    if not text.isascii() or "%" in text:
        return False
    scheme, host = ref.scheme, ref.host
    if (
        scheme is None or host is None or ref.userinfo is not None or ref.port is not None
        or not web.valid or web.host_type != "domain"
    ):
        return False
    name = host.text
    if not name or name[0] in "0123456789[" or "xn--" in name.lower():
        return False
    if scheme.text.lower() not in ("http", "https") or web.get("protocol") not in _WEB:
        return False
    return differential_silent(ref, web)
