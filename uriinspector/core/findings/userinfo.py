"""Userinfo tricks: a trusted name written before ``@`` (draft-2003 §7.5) and passwords.

``http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm`` reaches
10.0.0.1; everything before the ``@`` is only a user name. A ``user:password`` pair
(RFC 3986 §3.2.1, draft-2003 §7.4) also makes ``http://google.com:80@evil.com/``
read as if ``:80`` were a port.
"""

from __future__ import annotations

import re

from uriinspector.core.domains import is_known_suffix
from uriinspector.core.findings.base import (
    CREDENTIALS_IN_USERINFO,
    MISLEADING_USERINFO,
    Finding,
    FindingSeverity,
    pct_decode,
    show,
)
from uriinspector.core.grammar import LazyPattern
from uriinspector.core.spans import Span
from uriinspector.core.split import SplitReference
from uriinspector.core.whatwg import WhatwgReading

_URL_LIKE = LazyPattern(r"(?i)(?:^|[^a-z0-9+.-])(?:[a-z][a-z0-9+.-]*:(?://|\\\\)|www\d*\.)")
# A dotted name ending in letters: "www.example.com", "paypal.com", "例え.jp".
_DOMAIN_LIKE = LazyPattern(r"(?:[^\W_](?:[\w-]{0,62}[^\W_])?\.)+[^\W\d_]{2,63}\.?")
_PADDING_RUN = LazyPattern(r"(.)\1{7,}|(?:%20|%09|%C2%A0|\s){3,}", re.IGNORECASE)
_IP_DOTTED = LazyPattern(r"^\d{1,3}(?:\.\d{1,3}){3}$")
_LONG = 40


def _host_like(decoded: str) -> str | None:
    """The first dotted name in ``decoded`` whose suffix is a real public suffix."""
    for m in _DOMAIN_LIKE.finditer(decoded):
        if is_known_suffix(m.group(0)):
            return m.group(0)
    m2 = _IP_DOTTED.search(decoded)
    return m2.group(0) if m2 else None


def effective_target(ref: SplitReference, web: WhatwgReading) -> str:
    """The host the link reaches: the browser's, else the RFC 3986 host text."""
    if web.valid and web.hostname:
        return web.hostname
    return ref.host.text if ref.host is not None else ""


def detect_userinfo(ref: SplitReference, web: WhatwgReading) -> list[Finding]:
    """misleading-userinfo and credentials-in-userinfo for the authority's userinfo."""
    ui = ref.userinfo
    if ui is None:
        return []
    out: list[Finding] = []
    raw = ui.text
    decoded = pct_decode(raw)
    target = effective_target(ref, web)
    colon = raw.find(":")
    user_raw = raw if colon == -1 else raw[:colon]
    ip_host = web.host_type in ("ipv4", "ipv6") or bool(
        ref.host is not None and ref.host.text.startswith("[")
    )

    severity: FindingSeverity | None = None
    why = ""
    if _URL_LIKE.search(decoded):
        severity, why = "danger", "it looks like a web address"
    else:
        # Only the user name is read as a site: an anonymous-FTP password such as
        # "anon%40example.com" (RFC 1738 §3.2.2 convention) is not a disguise.
        user = pct_decode(user_raw)
        name = _host_like(user)
        if name is not None:
            severity, why = "danger", f"it names the host {show(name)}"
        elif "." in user:
            severity, why = "warning", "it contains dots, like a host name"
        elif len(raw) >= _LONG or _PADDING_RUN.search(raw):
            severity, why = "warning", "it is long padding that pushes the real host out of view"
    if severity is not None:
        if ip_host and severity == "warning" and "." in user:
            severity = "danger"
        goes = f"This link goes to {show(target)}." if target else "This link has no host."
        out.append(
            Finding(
                MISLEADING_USERINFO,
                severity,
                ui.span,
                f"{goes} '{show(decoded)}' is only a user name before '@', yet {why}: "
                "a reader takes it for the site (draft-2003 §7.5 semantic attack).",
            )
        )
    if colon != -1:
        password = raw[colon + 1 :]
        pw_span = Span(ui.span.start + colon, ui.span.end)
        if password.isdigit():
            detail = (
                f"':{password}' is a password, not a port: the user name is "
                f"'{show(pct_decode(user_raw))}' and the port belongs to the real host"
            )
        elif password:
            detail = f"the user name '{show(pct_decode(user_raw))}' carries a password"
        else:
            detail = f"the user name '{show(pct_decode(user_raw))}' carries an empty password"
        out.append(
            Finding(
                CREDENTIALS_IN_USERINFO,
                "warning",
                pw_span,
                f"Credentials in the link: {detail}. Passwords in URIs are exposed to "
                "anyone who sees the link (RFC 3986 §3.2.1, draft-2003 §7.4).",
            )
        )
    return out
