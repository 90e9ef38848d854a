"""The first things an analyst checks in a mail: who it claims to be from, and who vouched.

From a message's headers (parsed with ``compat32``; only these fields are decoded, each
cut to :data:`MAX_FIELD` characters first): the From display name and address, Reply-To
and Return-Path when they point elsewhere than From, Subject, Date, and the receiving
server's ``Authentication-Results`` (RFC 8601) as written: ``spf=``, ``dkim=``,
``dmarc=`` results and the domains they name. ``notes`` are the plain sentences worth a
ticket ("Replies go to evil.example, not to the sender's domain"). The headers come from
the sender, except the receiving server's own result: the module says what is written,
and never checks a signature or asks DNS.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass
from email.header import decode_header, make_header
from email.message import Message
from email.utils import getaddresses, parseaddr
from functools import lru_cache
from typing import Final

from uriinspector.sources.mismatch import domain_of_host, shown_domains

#: Longest header value decoded (characters); a longer one is cut first.
MAX_FIELD: Final = 4_096
#: Results of an SPF, DKIM or DMARC check that vouch for nothing (RFC 8601 §2.7).
FAILED: Final = frozenset({"fail", "softfail", "none", "permerror", "temperror", "neutral"})
#: Most Authentication-Results headers read (each server on the way may add one).
MAX_RESULTS: Final = 8
_METHOD: Final = re.compile(r"\b(spf|dkim|dmarc|arc|auth|iprev|bimi)\s*=\s*([A-Za-z]+)"
                            r"((?:\s+[A-Za-z.]+=[^\s;]+){0,6})", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class AuthResult:
    """One ``method=result`` of an Authentication-Results header and its properties."""

    method: str
    result: str
    details: str

    def to_json(self) -> dict[str, str]:
        """``{"method", "result", "details"}``."""
        return {"method": self.method, "result": self.result, "details": self.details}


@dataclass(frozen=True, slots=True)
class MailContext:
    """Sender, replies, subject, date and the receiving server's verdicts, as written."""

    from_name: str | None
    from_address: str | None
    reply_to: tuple[str, ...]
    return_path: str | None
    subject: str | None
    date: str | None
    authentication: tuple[AuthResult, ...]
    notes: tuple[str, ...]

    @classmethod
    def from_json(cls, obj: object) -> MailContext | None:
        """Back from :meth:`to_json` (the reader child's answer: every type checked, as
        the window trusts nothing the child says); None when ``obj`` is not one."""
        if not isinstance(obj, dict):
            return None

        def text(key: str) -> str | None:
            value = obj.get(key)
            return value[:MAX_FIELD] if isinstance(value, str) else None

        def texts(key: str) -> tuple[str, ...]:
            value = obj.get(key)
            items = value if isinstance(value, list) else []
            return tuple(v[:MAX_FIELD] for v in items[:64] if isinstance(v, str))

        results = obj.get("authentication")
        auth = tuple(
            AuthResult(str(r["method"])[:20], str(r["result"])[:20], str(r["details"])[:500])
            for r in (results if isinstance(results, list) else [])[:64]
            if isinstance(r, dict) and all(isinstance(r.get(k), str)
                                           for k in ("method", "result", "details"))
        )
        return cls(text("from_name"), text("from_address"), texts("reply_to"),
                   text("return_path"), text("subject"), text("date"), auth, texts("notes"))

    def checks_shown(self) -> str:
        """The SPF, DKIM and DMARC results as one line (``spf=pass dkim=fail``), "" if none:
        what the window's and the terminal's mail headers say the receiving server found."""
        return " ".join(f"{a.method}={a.result}" for a in self.authentication
                        if a.method in ("spf", "dkim", "dmarc"))

    def to_json(self) -> dict[str, object]:
        """The ``mail`` object of ``extract --json`` (additive keys)."""
        return {
            "from_name": self.from_name, "from_address": self.from_address,
            "reply_to": list(self.reply_to), "return_path": self.return_path,
            "subject": self.subject, "date": self.date,
            "authentication": [a.to_json() for a in self.authentication],
            "notes": list(self.notes),
        }


def _raw(message: Message, name: str) -> str | None:
    """Header ``name`` as written, cut to MAX_FIELD; None if absent."""
    raw = message.get(name)
    return None if raw is None else str(raw)[:MAX_FIELD]


def _decoded(value: str) -> str:
    """RFC 2047 encoded words decoded, on one line (a bad charset: kept as written)."""
    with contextlib.suppress(Exception):
        value = str(make_header(decode_header(value)))
    return " ".join(value.split())


def _text(message: Message, name: str) -> str | None:
    """Header ``name`` decoded (RFC 2047) after cutting it to MAX_FIELD; None if absent."""
    raw = _raw(message, name)
    return None if raw is None else _decoded(raw)


def _domain(address: str | None) -> str | None:
    if not address or "@" not in address:
        return None
    return domain_of_host(address.rsplit("@", 1)[1].strip(" >").lower())


@lru_cache(maxsize=1024)
def _sender(raw: str) -> tuple[str | None, str | None]:
    """The From field's display name (decoded) and address, or None each; cached (a
    mailbox repeats its senders; fields are at most ``MAX_FIELD`` characters)."""
    parsed_name, parsed_address = parseaddr(raw)
    return _decoded(parsed_name) or None, parsed_address or None


def mail_context(message: Message) -> MailContext:
    """What the headers of ``message`` say; never raises."""
    # RFC 5322 first, RFC 2047 after: addresses are parsed from the field as written and
    # only the display name is decoded (a decoded name may hold '<', '@' or quotes)
    name, address = _sender(_raw(message, "From") or "")
    replies = tuple(a for _, a in getaddresses([_raw(message, "Reply-To") or ""]) if a)
    return_path = parseaddr(_raw(message, "Return-Path") or "")[1] or None
    results: list[AuthResult] = []
    for header in (message.get_all("Authentication-Results") or [])[:MAX_RESULTS]:
        for m in _METHOD.finditer(str(header)[:MAX_FIELD]):
            results.append(AuthResult(m.group(1).lower(), m.group(2).lower(),
                                      " ".join(m.group(3).split())))
    return MailContext(name, address, replies, return_path, _text(message, "Subject"),
                       _text(message, "Date"), tuple(results),
                       _notes(name, address, replies, return_path, results))


def _notes(name: str | None, address: str | None, replies: tuple[str, ...],
           return_path: str | None, results: list[AuthResult]) -> tuple[str, ...]:
    notes: list[str] = []
    sender = _domain(address)
    if name:
        for shown in shown_domains(name):
            if sender is not None and shown != sender:
                notes.append(f"The sender's name shows {shown}, but the mail is from "
                             f"{sender}.")
                break
    for reply in replies:
        domain = _domain(reply)
        if domain is not None and sender is not None and domain != sender:
            notes.append(f"Replies go to {domain}, not to the sender's domain {sender}.")
    bounce = _domain(return_path)
    if bounce is not None and sender is not None and bounce != sender:
        notes.append(f"Bounces go to {bounce} (Return-Path), not to {sender}.")
    failed = [f"{r.method}={r.result}" for r in results
              if r.method in ("spf", "dkim", "dmarc") and r.result in FAILED]
    if failed:
        notes.append("The receiving server's checks did not pass: " + ", ".join(failed) + ".")
    return tuple(dict.fromkeys(notes))


__all__ = ["AuthResult", "MailContext", "mail_context"]
