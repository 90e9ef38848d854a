"""A mail's structure parsed within bounds: header fields cut before anything parses
them, multipart nesting that costs the parser no more than ``MAX_OPEN_BOUNDARIES``
checks a line (issue 20).

A 960 KB Subject of RFC 2047 encoded words took ``policy.default``'s header parser a
minute and 5.8 GB; a Content-Type of 60,000 parameters kept ``get_param`` busy for
minutes (it re-slices the value once per parameter). Mails are therefore parsed with
:class:`BoundedPolicy`, ``compat32`` with one change: every header field, at any depth,
is cut to ``max_header_chars`` as the parser collects it, and the cut value is a
:class:`CutHeader` that remembers how long the field was. Only the fields a reader is
shown are decoded, by :func:`decode_words`, a linear RFC 2047 decoder whose charset
failures fall back as the body's do (:mod:`uriinspector.sources.charsets`).

The standard parser also checks every line against the boundary of every multipart it is
inside: 800 nested multiparts and 40,000 lines took 5.7 s, growing with their product.
:func:`parse_message` gives it a line reader that keeps at most ``MAX_OPEN_BOUNDARIES``
of them; deeper boundaries are not watched for, so parts past that depth may run into
one another, and the mail reader does not read them (it stops at 32 levels).

The standard parser also compiles a new regular expression for every multipart's
boundary (~0.3 ms: a mailbox's every message has its own). The parser here is a private
copy of ``email.feedparser`` whose ``re.compile`` answers that one pattern with
:class:`BoundaryMatcher`: the boundary as a literal prefix, then one shared pattern for
what may follow it; the same matches (tested), nothing compiled per mail.
"""

from __future__ import annotations

import base64
import binascii
import importlib.util
import re
from collections.abc import Iterator
from email.message import Message
from email.policy import Compat32
from types import ModuleType
from typing import Any, Final

from uriinspector.sources import charsets
from uriinspector.sources.budget import MAX_HEADER_CHARS, MAX_SUBJECT_CHARS
from uriinspector.sources.mime_fast import read_simple

#: Multipart boundaries the parser checks each line against (the outermost ones).
MAX_OPEN_BOUNDARIES: Final = 40
_MAX_NAME: Final = 256  # characters kept of a field name (RFC 5322 §3.6.8: any length)

# RFC 2047 §2: =?charset?encoding?encoded-text?= (the RFC 2231 §5 "*language" suffix
# of the charset is dropped below).
_WORD: Final = re.compile(r"=\?([^?\s]{1,75})\?([bBqQ])\?([^?\s]*)\?=")
_Q_BYTE: Final = re.compile(rb"=([0-9A-Fa-f]{2})")


class CutHeader(str):
    """A header value cut short; ``original`` is how many characters the field held."""

    original: int


class BoundedPolicy(Compat32):
    """``compat32`` that cuts every header field to ``max_header_chars`` as it is read."""

    max_header_chars: int = MAX_HEADER_CHARS

    def __init__(self, max_header_chars: int = MAX_HEADER_CHARS, **kw: Any) -> None:
        super().__init__(**kw)
        object.__setattr__(self, "max_header_chars", max_header_chars)  # policies are frozen

    def header_source_parse(self, sourcelines: list[str]) -> tuple[str, str]:
        """The field's name and value (``Compat32``'s reading), the value cut to the limit."""
        name, value = sourcelines[0].split(":", 1)
        value = (value.lstrip(" \t") + "".join(sourcelines[1:])).rstrip("\r\n")
        name = name[:_MAX_NAME]
        if len(value) <= self.max_header_chars:
            return name, value
        cut = CutHeader(value[: self.max_header_chars])
        cut.original = len(value)
        return name, cut


#: What ``email.feedparser`` compiles for a multipart's boundary, around the escaped
#: boundary, and the pattern for what follows the boundary (its groups ``end``, ``ws``
#: and ``linesep`` are the parser's, ``sep`` being matched as a prefix).
_SEP_OPEN: Final = "(?P<sep>"
_SEP_TAIL: Final = r")(?P<end>--)?(?P<ws>[ \t]*)(?P<linesep>\r\n|\r|\n)?$"
_AFTER_SEP: Final = re.compile(r"(?P<end>--)?(?P<ws>[ \t]*)(?P<linesep>\r\n|\r|\n)?$")
_ESCAPED: Final = re.compile(r"\\(.)", re.DOTALL)


class BoundaryMatcher:
    """``re.compile('(?P<sep>' + re.escape(sep) + tail)`` without compiling: ``match``
    finds ``sep`` as a literal prefix, then the shared tail pattern after it."""

    def __init__(self, separator: str) -> None:
        self.separator = separator

    def match(self, line: str) -> re.Match[str] | None:
        """The tail's match after the separator (its ``end`` and ``linesep`` groups
        are those of the standard pattern), None where that one does not match."""
        if not line.startswith(self.separator):
            return None
        return _AFTER_SEP.match(line, len(self.separator))


class _ReForParser:
    """The ``re`` module as the private parser sees it: a boundary's pattern becomes a
    :class:`BoundaryMatcher`; everything else is ``re``'s."""

    def __getattr__(self, name: str) -> Any:
        return getattr(re, name)

    @staticmethod
    def compile(pattern: Any, flags: int = 0) -> Any:
        """``re.compile``, or a :class:`BoundaryMatcher` for the boundary's pattern."""
        if (flags == 0 and isinstance(pattern, str) and pattern.startswith(_SEP_OPEN)
                and pattern.endswith(_SEP_TAIL)):
            escaped = pattern[len(_SEP_OPEN) : len(pattern) - len(_SEP_TAIL)]
            separator = _ESCAPED.sub(r"\1", escaped)
            if re.escape(separator) == escaped:
                return BoundaryMatcher(separator)
        return re.compile(pattern, flags)


def _private_feedparser() -> ModuleType:
    """A copy of ``email.feedparser`` of its own (the process's is left as it is),
    reading ``re`` through :class:`_ReForParser`."""
    spec = importlib.util.find_spec("email.feedparser")
    if spec is None or spec.loader is None:  # pragma: no cover - the standard library's
        raise ImportError("email.feedparser")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.re = _ReForParser()  # type: ignore[attr-defined]
    return module


_feedparser: Any = _private_feedparser()
# The parser's line reader: public in the module, absent from the type stubs.
_LineReader: Any = _feedparser.BufferedSubFile


class _BoundedLines(_LineReader):  # type: ignore[misc]
    """The parser's line reader, watching for at most ``MAX_OPEN_BOUNDARIES`` ends."""

    def __init__(self) -> None:
        super().__init__()
        self._unwatched = 0  # matchers pushed past the limit, popped first (a stack)

    def push_eof_matcher(self, pred: Any) -> None:
        """Watch for ``pred`` too, unless the outermost ones already fill the stack."""
        if len(self._eofstack) >= MAX_OPEN_BOUNDARIES:
            self._unwatched += 1
            return
        super().push_eof_matcher(pred)

    def pop_eof_matcher(self) -> Any:
        """Stop watching the innermost end (one that was never watched: nothing)."""
        if self._unwatched:
            self._unwatched -= 1
            return None
        return super().pop_eof_matcher()


def parse_message(
    data: bytes | str, header_chars: int = MAX_HEADER_CHARS
) -> tuple[Message, bool]:
    """The mail's structure as ``compat32`` reads it (bytes as ASCII, surrogate-escaped,
    as ``email.message_from_bytes`` does), header fields cut to ``header_chars`` and
    boundaries watched ``MAX_OPEN_BOUNDARIES`` deep, and whether the parser gave up on a
    nesting too deep for it (its generators recurse once per level): then the tree built
    so far is returned, so the parts before the flood are still read.

    A simple mail is read by :func:`~uriinspector.sources.mime_fast.read_simple` (the
    same tree, without reading line by line); any other by :func:`parse_full`."""
    text = data.decode("ascii", "surrogateescape") if isinstance(data, bytes) else data
    simple = read_simple(text, BoundedPolicy(header_chars))
    if simple is not None:
        return simple, False
    return parse_full(text, header_chars)


def parse_full(
    data: bytes | str, header_chars: int = MAX_HEADER_CHARS
) -> tuple[Message, bool]:
    """:func:`parse_message` by the (private, bounded) feed parser alone, whatever the mail."""
    text = data.decode("ascii", "surrogateescape") if isinstance(data, bytes) else data
    parser = _feedparser.FeedParser(policy=BoundedPolicy(header_chars))
    parser._input = _BoundedLines()  # the reader it reads
    try:
        parser.feed(text)
        return parser.close(), False
    except RecursionError:
        built = getattr(parser, "_msgstack", None) or [Message()]
        return built[0], True


def cut_fields(part: Message) -> Iterator[tuple[str, int]]:
    """Each header field of ``part`` (not of its sub-parts) that was cut, with its length."""
    for name, value in part.raw_items():
        if isinstance(value, CutHeader):
            yield name, value.original


def raw_field(part: Message, name: str) -> str | None:
    """The first ``name`` field of ``part`` as written (cut), or None; never raises."""
    wanted = name.lower()
    for field, value in part.raw_items():
        if field.lower() == wanted:
            return value if isinstance(value, str) else str(value)
    return None


def _bytes_of(text: str) -> bytes:
    """Header text back to its bytes (the parser read them as ASCII, surrogate-escaped)."""
    return text.encode("utf-8", "surrogateescape")


def _word_bytes(encoding: str, payload: str) -> bytes:
    raw = payload.encode("ascii", "ignore")
    if encoding in "bB":
        raw = re.sub(rb"[^A-Za-z0-9+/]", b"", raw)
        raw = raw[: len(raw) // 4 * 4 + (len(raw) % 4 if len(raw) % 4 > 1 else 0)]
        try:
            return base64.b64decode(raw + b"=" * (-len(raw) % 4))
        except (binascii.Error, ValueError):
            return b""
    return _Q_BYTE.sub(lambda m: bytes([int(m.group(1), 16)]), raw.replace(b"_", b" "))


def decode_words(raw: str, limit: int = MAX_SUBJECT_CHARS) -> str:
    """An unstructured header (RFC 2047 encoded words decoded) on one line, at most
    ``limit`` characters; linear in ``raw`` and never raises.

    Adjacent encoded words in one charset are joined before decoding (a character may
    be split across them); white space between encoded words is dropped (§6.2).
    """
    out: list[str] = []
    size = 0
    pending: list[bytes] = []
    pending_charset = ""
    pos = 0

    def flush() -> None:
        nonlocal pending, size
        if pending:
            text, _ = charsets.decode(b"".join(pending), pending_charset)
            out.append(text)
            size += len(text)
            pending = []

    for m in _WORD.finditer(raw):
        gap = raw[pos : m.start()]
        if gap and not (pending and gap.isspace()):
            flush()
            out.append(charsets.fallback(_bytes_of(gap)))
            size += len(gap)
        charset = m.group(1).split("*", 1)[0].lower()
        if pending and charset != pending_charset:
            flush()
        pending_charset = charset
        pending.append(_word_bytes(m.group(2), m.group(3)))
        pos = m.end()
        if size > limit:
            break
    else:
        flush()
        out.append(charsets.fallback(_bytes_of(raw[pos:])))
    flush()
    return " ".join("".join(out).split())[:limit]


__all__ = [
    "MAX_OPEN_BOUNDARIES", "BoundaryMatcher", "BoundedPolicy", "CutHeader", "cut_fields",
    "decode_words", "parse_full", "parse_message", "raw_field",
]
