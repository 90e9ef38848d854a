"""Simple mails read without the feed parser: the same ``Message`` tree, one find per line
that could be a boundary.

``email.feedparser`` reads a mail one line at a time: each line is pushed through a
buffer, checked against every open multipart's boundary and appended to a list, in
Python (issue 22: ~8 % of a mailbox's ``extract``). Most mails have a simple structure:
header fields, a blank line, and either one body or a multipart whose parts are found by
their boundary lines. :func:`read_simple` builds for such a mail the very tree the feed
parser builds (the same :class:`~email.message.Message` objects, header fields read by
the same policy, payloads, preambles and epilogues cut the same way) by finding the
boundary lines with ``str.find`` and slicing between them.

It reads only what the feed parser reads without a defect or a special case, and gives
up (returns None, having built nothing the caller sees) on anything else, which the feed
parser then reads: a lone CR, a header line that is not a field, a continuation first,
an envelope ``From`` line, a field with no name, no blank line after the header fields,
``message/*`` and ``multipart/digest`` parts, a multipart without a boundary or with a
transfer encoding, a multipart that never opens or never closes, two boundary lines in a
row, nesting deeper than :data:`MAX_NESTING`. Tested against the feed parser on
generated mails (``tests/sources/test_mime_fast.py``).
"""

from __future__ import annotations

import re
from email.message import Message
from email.policy import Compat32
from itertools import pairwise
from typing import Final

#: Multiparts nested inside one another that are read here (deeper: the feed parser).
MAX_NESTING: Final = 8

# The feed parser's header-line pattern (``email.feedparser.headerRE``).
_HEADER_LINE: Final = re.compile(r"From |[\041-\071\073-\176]*:|[\t ]")
# What may follow a boundary on its line (``email.feedparser``'s pattern, after ``sep``).
_AFTER_SEP: Final = re.compile(r"(?P<end>--)?(?P<ws>[ \t]*)(?P<linesep>\r\n|\r|\n)?$")


class _Unusual(Exception):
    """The mail is not simple: the feed parser reads it."""


def _strip_eol(text: str) -> str:
    """``text`` without one final line break (RFC 2046: it belongs to the boundary)."""
    if text.endswith("\r\n"):
        return text[:-2]
    if text.endswith("\n"):
        return text[:-1]
    return text


def _headers(text: str, start: int, end: int, msg: Message, policy: Compat32) -> int:
    """Read the header fields of ``text[start:end]`` into ``msg``; where the body starts."""
    if text.startswith("\n", start, end):
        return start + 1
    if text.startswith("\r\n", start, end):
        return start + 2
    lf = text.find("\n\n", start, end)
    crlf = text.find("\n\r\n", start, end)
    if lf == -1 and crlf == -1:
        raise _Unusual  # no blank line: the feed parser's special cases
    if crlf == -1 or (lf != -1 and lf < crlf):
        block_end, body = lf + 1, lf + 2
    else:
        block_end, body = crlf + 1, crlf + 3
    field: list[str] = []
    for line in text[start : block_end - 1].split("\n"):
        line += "\n"
        if not _HEADER_LINE.match(line):
            raise _Unusual  # a line that is not a field: MissingHeaderBodySeparatorDefect
        if line[0] in " \t":
            if not field:
                raise _Unusual  # FirstHeaderLineIsContinuationDefect
            field.append(line)
            continue
        if field:
            msg.set_raw(*policy.header_source_parse(field))
        if line.startswith("From ") or line[0] == ":":
            raise _Unusual  # an envelope line, a field without a name
        field = [line]
    if field:
        msg.set_raw(*policy.header_source_parse(field))
    return body


def _boundary_lines(
    text: str, separator: str, start: int, end: int
) -> list[tuple[int, int, bool]]:
    """``(start, end, closes)`` of each line of ``text[start:end]`` the feed parser reads
    as a boundary of ``separator``, up to and including the first closing one."""
    found: list[tuple[int, int, bool]] = []
    at = start
    while True:
        p = text.find(separator, at, end)
        if p == -1:
            return found
        at = p + 1
        if p != start and text[p - 1] != "\n":
            continue
        newline = text.find("\n", p, end)
        stop = end if newline == -1 else newline + 1
        m = _AFTER_SEP.match(text, p + len(separator), stop)
        if m is None:
            continue
        closes = m.group("end") is not None
        found.append((p, stop, closes))
        if closes:
            return found
        at = stop


def _part(text: str, start: int, end: int, policy: Compat32, depth: int, inner: bool) -> Message:
    """The message in ``text[start:end]``; ``inner``: a multipart's part, whose last line
    break belongs to the boundary after it."""
    msg = Message(policy=policy)
    body = _headers(text, start, end, msg, policy)
    ctype = msg.get_content_type()  # what get_content_maintype() splits, asked once
    maintype = ctype.split("/")[0]
    if maintype == "message" or ctype == "multipart/digest":
        raise _Unusual
    if maintype != "multipart":
        payload = text[body:end]
        msg.set_payload(_strip_eol(payload) if inner else payload)
        return msg
    boundary = msg.get_boundary()
    if boundary is None or "\n" in boundary or "\r" in boundary or depth >= MAX_NESTING:
        raise _Unusual
    if str(msg.get("content-transfer-encoding", "8bit")).lower() not in (
        "7bit", "8bit", "binary"
    ):
        raise _Unusual
    lines = _boundary_lines(text, "--" + boundary, body, end)
    if len(lines) < 2 or lines[0][2] or not lines[-1][2]:
        raise _Unusual  # never opened, never closed, or closed at once
    if lines[0][0] > body:
        msg.preamble = _strip_eol(text[body : lines[0][0]])
    for (_, stop, _), (next_start, _, _) in pairwise(lines):
        if next_start == stop:
            raise _Unusual  # two boundary lines in a row
        msg.attach(_part(text, stop, next_start, policy, depth + 1, True))
    epilogue = text[lines[-1][1] : end]
    if inner:  # the parser's clean-up of a nested multipart's last line break
        msg.epilogue = None if epilogue == "" else _strip_eol(epilogue)
    else:
        msg.epilogue = epilogue
    return msg


def read_simple(text: str, policy: Compat32) -> Message | None:
    """The tree ``email.feedparser`` builds from ``text`` with ``policy``, or None when
    ``text`` is not a simple mail (then nothing was built that the caller sees)."""
    if "\r" in text and text.count("\r") != text.count("\r\n"):
        return None  # a lone CR ends a line for the feed parser
    try:
        return _part(text, 0, len(text), policy, 0, False)
    except Exception:  # _Unusual, or a field the accessors choke on: the parser decides
        return None


__all__ = ["MAX_NESTING", "read_simple"]
