"""The text and ``HYPERLINK`` fields of an RTF body, read in one bounded, linear pass.

An Outlook message whose only body is RTF listed "0 links" (issue 20). This reads just
enough of RTF 1.9.1 to find links: groups, control words and symbols, ``\\'hh`` bytes in
the document's ``\\ansicpg`` code page, ``\\uN`` characters (skipping ``\\ucN``
fallbacks), ``\\bin`` data skipped, destinations that hold no text (font and colour
tables, pictures, objects, anything under ``\\*``) skipped, and each field's instruction
(``\\fldinst``) read apart from its result (``\\fldrslt``): ``HYPERLINK "url"`` becomes a
:class:`Hyperlink` with the result as its visible text, which is kept out of the text
searched for plain links. An RTF body that encapsulates HTML ([MS-OXRTFEX]: ``\\fromhtml1``,
the HTML's tags in ``\\*\\htmltag`` destinations, RTF-only runs between ``\\htmlrtf`` and
``\\htmlrtf0``) also gives that HTML back, so its anchors are read as a page's are.
There is no recursion: a stack of group states, cut at
``MAX_GROUPS`` deep, and every token is matched once from where the last one ended.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

from uriinspector.sources import charsets

#: RTF read from one body (bytes); the rest is cut, with ``RtfText.cut`` set.
MAX_RTF_BYTES: Final = 8 * 1024 * 1024
#: Group nesting followed; deeper groups share the state of the deepest one followed.
MAX_GROUPS: Final = 256
#: Hyperlink fields kept from one body.
MAX_FIELDS: Final = 10_000

# RTF 1.9.1 "Conventions of an RTF reader": a control word is a backslash, 1-32 ASCII
# letters, an optional signed number and one optional space that belongs to it.
_TOKEN: Final = re.compile(
    r"\\([a-zA-Z]{1,32})(-?[0-9]{1,10})? ?|\\'([0-9a-fA-F]{2})|\\(.)|([{}])|[\r\n]+"
    r"|([^\\{}\r\n]+)",
    re.DOTALL,
)
# Destinations whose content is no text a reader sees.
_SKIPPED: Final = frozenset(
    {
        "fonttbl", "colortbl", "stylesheet", "info", "pict", "object", "objdata",
        "listtable", "listoverridetable", "revtbl", "rsidtbl", "filetbl", "xmlnstbl",
        "themedata", "colorschememapping", "latentstyles", "datastore", "generator",
        "pgdsctbl", "nonshppict", "shppict", "fldtype", "datafield",
    }
)
_BREAKS: Final = {"par": "\n", "line": "\n", "sect": "\n", "page": "\n", "row": "\n",
                  "cell": " ", "tab": "\t", "emspace": " ", "enspace": " "}
_SYMBOLS: Final = {"~": "\u00a0", "_": "\u2011", "\n": "\n", "\r": "\n", "\\": "\\",
                   "{": "{", "}": "}"}
# Word's field syntax: HYPERLINK "target" [switches]; \l "bookmark" (a place in the
# document), \o "tooltip" and \t "frame" take an argument of their own.
_ARGUMENT: Final = re.compile(r'"([^"]*)"?|(\S+)')
_TAKES_ARGUMENT: Final = frozenset({"\\l", "\\o", "\\t"})
_MAX_INSTRUCTION: Final = 8_192  # characters of one field instruction read


@dataclass(frozen=True, slots=True)
class Hyperlink:
    """One ``HYPERLINK`` field: its target as written and the text it shows."""

    url: str
    shown: str


@dataclass(frozen=True, slots=True)
class RtfText:
    """What an RTF body shows: its text (field results apart) and its hyperlinks."""

    text: str
    links: tuple[Hyperlink, ...]
    cut: bool = False
    html: str | None = None  # the encapsulated HTML, when the body says it holds one


@dataclass(slots=True)
class _Group:
    skip: bool = False
    rtf_only: bool = False  # inside \htmlrtf … \htmlrtf0: not part of encapsulated HTML
    uc: int = 1
    into: str = "text"  # "text", "inst" (a field instruction), "result" or "html" (a tag)


@dataclass(slots=True)
class _Field:
    inst: list[str] = field(default_factory=list)
    result: list[str] = field(default_factory=list)


class _Reader:
    """One pass over the RTF text; ``out`` collects the visible text."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.links: list[Hyperlink] = []
        self.stack: list[_Group] = [_Group()]
        self.overflow = 0  # groups opened past MAX_GROUPS, not pushed
        self.fields: list[tuple[int, _Field]] = []  # open fields, with their group depth
        self.codec = "cp1252"
        self.skip_chars = 0  # fallback characters still to drop after a \uN
        self.hex = bytearray()
        self.destination_next = False  # a "\*" was just read
        self.html: list[str] | None = None  # set by \fromhtml: the encapsulated HTML

    @property
    def group(self) -> _Group:
        return self.stack[-1]

    def emit(self, text: str) -> None:
        if self.skip_chars:
            dropped = min(self.skip_chars, len(text))
            self.skip_chars -= dropped
            text = text[dropped:]
        if not text or self.group.skip:
            return
        where = self.group.into
        if self.html is not None and (where == "html" or not self.group.rtf_only):
            self.html.append(text)
            if where == "html":
                return
        if where == "text" or not self.fields:
            self.out.append(text)
        elif where == "inst":
            self.fields[-1][1].inst.append(text)
        else:
            self.fields[-1][1].result.append(text)

    def flush_hex(self) -> None:
        if self.hex:
            data = bytes(self.hex)
            self.hex.clear()
            try:
                text = data.decode(self.codec, "replace")
            except Exception:
                text = charsets.fallback(data)
            self.emit(text)

    def open_group(self) -> None:
        if len(self.stack) >= MAX_GROUPS:
            self.overflow += 1
            return
        top = self.group
        self.stack.append(_Group(top.skip, top.rtf_only, top.uc, top.into))

    def close_group(self) -> None:
        if self.overflow:
            self.overflow -= 1
            return
        if len(self.stack) > 1:
            self.stack.pop()
        while self.fields and self.fields[-1][0] > len(self.stack):
            self.finish_field(self.fields.pop()[1])

    def finish_field(self, fld: _Field) -> None:
        """A closed field: a hyperlink is kept apart, any other field's result is text."""
        shown = " ".join("".join(fld.result).split())
        target = _hyperlink_target("".join(fld.inst)[:_MAX_INSTRUCTION])
        if target is not None:
            if len(self.links) < MAX_FIELDS:
                self.links.append(Hyperlink(target, shown))
        elif shown:
            self.emit(" " + shown + " ")

    def word(self, name: str, arg: str | None) -> None:
        group = self.group
        destination, self.destination_next = self.destination_next, False
        if name == "field":
            self.fields.append((len(self.stack), _Field()))
        elif name == "fldinst":
            group.into = "inst"
        elif name == "fldrslt":
            group.into = "result"
        elif name == "fromhtml":
            self.html = self.html if self.html is not None else []
        elif name == "htmltag" and destination:
            group.into = "html"
        elif name == "htmlrtf":
            group.rtf_only = arg != "0"
        elif name in _SKIPPED or destination:
            group.skip = True
        elif name == "u" and arg is not None:
            code = int(arg)
            code = code + 65536 if code < 0 else code
            self.emit(chr(code) if 0 < code < 0x110000 and not 0xD800 <= code < 0xE000
                      else "\ufffd")
            self.skip_chars = group.uc
        elif name == "uc" and arg is not None:
            group.uc = max(0, min(int(arg), 10))
        elif name == "ansicpg" and arg is not None:
            self.codec = charsets.codec_of(f"cp{int(arg)}") or "cp1252"
        elif name == "bin":
            pass  # handled by the caller: the data that follows is skipped
        elif name in _BREAKS:
            self.emit(_BREAKS[name])


def _hyperlink_target(instruction: str) -> str | None:
    """The target of a ``HYPERLINK`` field instruction, None for any other field (or a
    link to a bookmark of the document itself)."""
    words = instruction.split(None, 1)
    if not words or words[0].upper() != "HYPERLINK" or len(words) < 2:
        return None
    expect_argument = False
    for m in _ARGUMENT.finditer(words[1]):
        token = m.group(1) if m.group(1) is not None else m.group(2)
        if expect_argument:
            expect_argument = False
        elif m.group(2) is not None and token.startswith("\\"):
            expect_argument = token.lower() in _TAKES_ARGUMENT
        else:
            return token.strip() or None
    return None


def read_rtf(data: bytes) -> RtfText:
    """The text and hyperlinks of the RTF document ``data``; linear, never raises."""
    cut = len(data) > MAX_RTF_BYTES
    text = data[:MAX_RTF_BYTES].decode("latin-1")  # RTF is 7-bit; \'hh carries the rest
    reader = _Reader()
    pos = 0
    end = len(text)
    while pos < end:
        m = _TOKEN.match(text, pos)
        if m is None:  # a lone backslash at the very end
            break
        pos = m.end()
        word, arg, hexpair, symbol, brace, plain = m.groups()
        if hexpair is not None:
            if reader.skip_chars:
                reader.skip_chars -= 1
            else:
                reader.hex.append(int(hexpair, 16))
            continue
        reader.flush_hex()
        if word is not None:
            if word == "bin" and arg is not None:
                pos += max(0, int(arg))
            reader.word(word, arg)
        elif symbol is not None:
            if symbol == "*":
                reader.destination_next = True
            elif symbol in _SYMBOLS:
                reader.emit(_SYMBOLS[symbol])
        elif brace == "{":
            reader.open_group()
        elif brace == "}":
            reader.close_group()
        elif plain is not None:
            reader.emit(plain)
    reader.flush_hex()
    while reader.fields:
        reader.finish_field(reader.fields.pop()[1])
    html = "".join(reader.html) if reader.html is not None else None
    return RtfText("".join(reader.out), tuple(reader.links), cut, html)


__all__ = ["MAX_RTF_BYTES", "Hyperlink", "RtfText", "read_rtf"]
