"""news: and nntp: — a newsgroup, all groups, or an article's message-id.

1993 draft (News section and BNF ``newsaddress = news:groupart``, ``groupart = * |
group | article``, ``article = xalphas @ host``): a message identifier is told from
a group name by the "@". RFC 1738 §3.6-3.7 kept that, and added ``nntp://host:port/
group/article-number``; RFC 5538 §2.1 allows ``news://server/...`` too. Port 119 is
NNTP's default.
"""

from __future__ import annotations

import re

from uriinspector.core.decoders import DecodedField, SchemeDecoding
from uriinspector.core.decoders.hostport import authority_fields
from uriinspector.core.decoders.percent import decoded_field, percent_decode
from uriinspector.core.spans import Span
from uriinspector.core.split import split

# 1993 draft: group = ialpha [ . group ]; RFC 5536 §3.1.4 newsgroup components are
# letters, digits, "+", "-" and "_"; "*" and "?" are wildmat patterns (RFC 5538 §2.1).
_GROUP = re.compile(r"[A-Za-z0-9+_-]+(?:\.[A-Za-z0-9+_-]+)*")
_WILDMAT = re.compile(r"[A-Za-z0-9+_*?-]+(?:\.[A-Za-z0-9+_*?-]+)*")
_ARTICLE_NUMBER = re.compile(r"[0-9]+")


def _group_field(raw: str, span: Span) -> DecodedField:
    """A newsgroup name, checked against the 1993 draft's group rule."""
    name = percent_decode(raw).text
    if name == "*":
        return DecodedField("All groups", "*", span,
                            '"*" means every group the server carries (1993 draft: groupart = '
                            "* | group | article).")
    if _GROUP.fullmatch(name):
        return DecodedField("Newsgroup", name, span,
                            "A group name: dot-separated components (1993 draft, group = "
                            "ialpha [ . group ]).")
    if _WILDMAT.fullmatch(name):
        return DecodedField("Newsgroups (pattern)", name, span,
                            '"*" and "?" match several groups (wildmat, RFC 5538 §2.1).')
    return DecodedField("Newsgroup", name or "(empty)", span,
                        "Not a valid group name: components of letters, digits, \"+\", "
                        "\"-\" and \"_\" joined by dots (RFC 5536 §3.1.4).", "invalid")


def _article_field(raw: str, span: Span) -> DecodedField:
    """A message-id (1993 draft: article = xalphas @ host)."""
    mid = percent_decode(raw).text
    note = ('Has "@": a message identifier, not a group (1993 draft, News; RFC 1738 §3.6). '
            "It names one article wherever it is stored.")
    flag = None
    if mid.startswith("<") and mid.endswith(">"):
        note += " RFC 1738 and RFC 5538 §2.1 write it without the angle brackets."
        flag = "warning"
    f = decoded_field("Message-ID", raw, span, note=note, flag=flag)
    return DecodedField(f.label, f"<{mid.strip('<>')}>", f.span, f.note, f.flag)


def decode_news(text: str) -> SchemeDecoding:
    """Decode a news: URI into a group, all groups, or a message-id."""
    sp = split(text)
    fields = authority_fields(sp, 119, "RFC 5538 §2.1")
    path = sp.path
    p = path.text
    start = path.span.start
    if sp.authority is not None and p.startswith("/"):
        p = p[1:]
        start += 1
    span = Span(start, path.span.end)
    if not p:
        fields.append(DecodedField("Newsgroup", "(empty)", span,
                                   "news: needs a group, \"*\" or a message-id (1993 draft).",
                                   "invalid"))
    elif "@" in percent_decode(p).text:
        fields.append(_article_field(p, span))
    else:
        fields.append(_group_field(p, span))
    if sp.query is not None:
        fields.append(DecodedField("Query", sp.query.text, sp.query.span,
                                   "news: URLs have no query (RFC 5538 §2.1).", "warning"))
    return SchemeDecoding("news", "news: group or article", tuple(fields))


def decode_nntp(text: str) -> SchemeDecoding:
    """Decode an nntp: URI into host, port, group and article number (RFC 1738 §3.7)."""
    sp = split(text)
    fields = authority_fields(
        sp, 119, "RFC 1738 §3.7, RFC 5538 §2.2",
        empty_host_note="An nntp URL names its server (RFC 5538 §2.2).",
    )
    if sp.authority is None:
        fields.append(DecodedField("Host", "(none)", None,
                                   "An nntp URL is nntp://host[:port]/group/number "
                                   "(RFC 1738 §3.7).", "invalid"))
    segs = sp.segments
    if not segs or not segs[0].text:
        fields.append(DecodedField("Newsgroup", "(missing)", sp.path.span,
                                   "nntp URLs name a group (RFC 1738 §3.7).", "invalid"))
    else:
        fields.append(_group_field(segs[0].text, segs[0].span))
        if len(segs) >= 2:
            num = segs[1]
            if _ARTICLE_NUMBER.fullmatch(num.text):
                fields.append(DecodedField(
                    "Article number", num.text.lstrip("0") or "0", num.span,
                    "The article's number on this server only (RFC 1738 §3.7); unlike a "
                    "message-id it differs between servers."))
            else:
                fields.append(DecodedField(
                    "Article number", num.text or "(empty)", num.span,
                    "An article number is decimal digits (RFC 1738 §3.7).", "invalid"))
        if len(segs) > 2:
            extra = Span(segs[2].span.start, sp.path.span.end)
            fields.append(DecodedField("Extra path", extra.of(text), extra,
                                       "nntp URLs end after the article number.", "warning"))
    return SchemeDecoding("nntp", "nntp: server, group and article", tuple(fields))
