"""Defang and refang links, as analysts exchange them in reports and chat.

``defang`` makes a link unclickable but readable (``hxxps://example[.]com``), the
common convention of threat-intelligence reports; ``refang`` restores pasted
defanged text (``hxxp``, ``[.]``, ``(.)``, ``[dot]``, ``[:]``, ``[at]``...) and says
whether it changed anything, so the window can show a notice.

``refang(defang(x))`` gives back ``x`` exactly, letter case of the scheme included
(``HtTps`` -> ``HxXps`` -> ``HtTps``: each ``x`` keeps the case of the ``t`` it stands
for; ``hTTps``, whose ``hXXps`` everyone reads as ``https``, becomes ``hTTps[:]//``),
for every ``x`` that holds no defang notation of its own (text that ``refang`` leaves
alone); ``tests/core/test_defang.py`` checks it with Hypothesis.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass

from uriinspector.core.spans import Span
from uriinspector.core.split import split

#: RFC 3986 §3.1 scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
_SCHEME_NAME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*")
#: Longest text :func:`defanged_reading` reads (a defanged link is a short thing; the
#: window asks on every edit, so a pasted megabyte must not be scanned for it).
READ_LIMIT = 65_536
#: Marks listed per defanged reading (the refanged text itself is always whole).
MAX_MARKS = 100

#: Scheme names defanged, and the 0-based letters that become ``x`` (``ws`` gets one
#: inserted after the ``w`` instead: it has no letter to spare).
_DEFANG_LETTERS = {"http": (1, 2), "https": (1, 2), "ftp": (1,), "ftps": (1,)}
_DEFANG_INSERT = frozenset({"ws", "wss"})


def _x_like(letter: str) -> str:
    """``x`` in the letter case of ``letter`` (so refang can give the case back)."""
    return "X" if letter.isupper() else "x"


def _defang_scheme(name: str) -> str | None:
    """``hTTps`` -> ``hXXps``, ``FTP`` -> ``FXP``, ``Ws`` -> ``WXs``; None if not defanged."""
    low = name.lower()
    if low in _DEFANG_INSERT:
        return name[0] + _x_like(name[0]) + name[1:]
    letters = _DEFANG_LETTERS.get(low)
    if letters is None:
        return None
    return "".join(_x_like(c) if i in letters else c for i, c in enumerate(name))

_REFANG_SCHEME = re.compile(r"(?i)\b(h[x*]{2}p|f[x*]p|w[x*]s)(s?)(?=(?:\[:\]|:|\[://\]))")
_REFANG_TOKENS = re.compile(
    r"(?i)\[\.\]|\(\.\)|\{\.\}|\[dot\]|\(dot\)|\{dot\}|\[:\]|\[://\]|\[/\]|\[@\]|\[at\]|\(at\)"
)
_TOKEN_VALUE = {
    "[.]": ".", "(.)": ".", "{.}": ".", "[dot]": ".", "(dot)": ".", "{dot}": ".",
    "[:]": ":", "[://]": "://", "[/]": "/", "[@]": "@", "[at]": "@", "(at)": "@",
}


#: One replacement of :func:`defang_edits`: ``(start, end, new)`` in code points of the
#: text; each covers at most one character (``start == end`` inserts ``new``), so a
#: painter that splits the text at its own boundaries can apply each where it falls.
Edit = tuple[int, int, str]

#: A URL carried plainly inside text (``?u=https://evil.example/``, a message quoting it):
#: a web or FTP scheme, ``://`` and its authority, which autolinkers make clickable.
_CARRIED_URL = re.compile(
    r"(?i)(?<![A-Za-z0-9+.-])(https?|ftps?|wss?)(:)(//)([^/?#&\s\\\"'<>`]*)"
)


def _scheme_edits(name: str, start: int) -> list[Edit]:
    """The edits that defang the scheme ``name`` at ``start`` (its colon follows it)."""
    new = _defang_scheme(name)
    if new is None:
        return []
    if _REFANG_SCHEME.sub(_refang_scheme, new + ":") != name + ":":
        # hTTp would be hXXp, which everyone reads as "http": keep the scheme as it is
        # and break the link at its colon instead ("hTTp[:]//").
        return [(start + len(name), start + len(name) + 1, "[:]")]
    if len(new) > len(name):  # ws -> wxs: the x inserted after the w
        return [(start + 1, start + 1, new[1])]
    return [(start + i, start + i + 1, c) for i, c in enumerate(new) if c != name[i]]


def _dot_edits(text: str, start: int, also_at: bool = False) -> list[Edit]:
    """``.`` -> ``[.]`` (and ``@`` -> ``[@]``) for each in ``text``, which starts at ``start``."""
    out: list[Edit] = []
    for i, ch in enumerate(text):
        if ch == "." or (also_at and ch == "@"):
            out.append((start + i, start + i + 1, f"[{ch}]"))
    return out


def defang_edits(uri: str, *, nested: bool = True) -> tuple[Edit, ...]:
    """The replacements that defang ``uri``, sorted, never overlapping; never raises.

    The scheme is defanged for web and FTP schemes, and every dot of the host (of the
    path for links without an authority, such as ``mailto:``) is bracketed. With
    ``nested``, every URL the link carries plainly (``?next=https://evil.example/``)
    is defanged too, so no part of a shared report is clickable.
    """
    ref = split(uri)
    edits: list[Edit] = []
    if ref.scheme is not None:
        edits += _scheme_edits(ref.scheme.text, ref.scheme.span.start)
    target = ref.authority if ref.authority is not None else ref.path
    edits += _dot_edits(
        target.text, target.span.start, also_at=target is ref.path and ref.scheme is not None
    )
    if nested and "//" in uri:
        after = ref.scheme.span.end if ref.scheme is not None else 0
        for m in _CARRIED_URL.finditer(uri, after):
            edits += _scheme_edits(m.group(1), m.start(1))
            edits += _dot_edits(m.group(4), m.start(4))
        edits = list(set(edits))  # a carried URL's dots may be the authority's own
    edits.sort(key=lambda e: (e[0], e[1]))
    return tuple(edits)


def apply_edits(text: str, edits: tuple[Edit, ...], lo: int = 0, hi: int | None = None) -> str:
    """``text[lo:hi]`` with the ``edits`` that start inside it applied (an insertion at
    ``hi`` belongs to the next piece)."""
    hi = len(text) if hi is None else hi
    out: list[str] = []
    pos = lo
    for i in range(bisect_left(edits, lo, key=lambda e: e[0]), len(edits)):
        start, end, new = edits[i]
        if start >= hi:
            break
        if start < pos:
            continue
        out.append(text[pos:start])
        out.append(new)
        pos = min(max(end, start), hi)
    out.append(text[pos:hi])
    return "".join(out)


def defang(uri: str) -> str:
    """``https://www.example.com/x`` -> ``hxxps://www[.]example[.]com/x``; never raises.

    The link's own scheme and host only (:func:`defang_edits` without ``nested``), so
    that ``refang`` gives the text back; :func:`defang_all` also defangs carried URLs.
    """
    return apply_edits(uri, defang_edits(uri, nested=False))


def defang_all(text: str) -> str:
    """``text`` with the link and every URL it carries plainly defanged (for sharing)."""
    return apply_edits(text, defang_edits(text))


_ESCAPE = re.compile(r"%[0-9A-Fa-f]{2}")


def mention_edits(text: str, hosts: tuple[str, ...] = ()) -> list[Edit]:
    """The edits that bracket the dots of each of ``hosts`` wherever it stands alone in
    ``text`` (a subdomain's dot may precede it; a longer label, ``notevil.example``,
    may not), and defang every ``scheme://authority`` in it."""
    edits: list[Edit] = []
    if "//" in text:
        for m in _CARRIED_URL.finditer(text):
            edits += _scheme_edits(m.group(1), m.start(1))
            edits += _dot_edits(m.group(4), m.start(4))
    lowered = text.lower()
    for host in {h.lower() for h in hosts if h and "." in h}:
        at = lowered.find(host)
        while at != -1:
            end = at + len(host)
            before = lowered[at - 1] if at else ""
            after = lowered[end] if end < len(lowered) else ""
            escaped = at >= 3 and _ESCAPE.fullmatch(text, at - 3, at) is not None  # %2Fhost
            if (escaped or not (before.isalnum() or before == "-")) and not (
                after.isalnum() or after == "-"
            ):
                edits += _dot_edits(text[at:end], at)
            at = lowered.find(host, end)
    return edits


def defang_mentions(text: str, hosts: tuple[str, ...] = ()) -> str:
    """Prose that quotes links (a finding's message): every ``scheme://authority`` in it
    defanged, and each of ``hosts`` (a host name the prose names) wherever it stands
    alone. Never raises."""
    unique = sorted(set(mention_edits(text, hosts)), key=lambda e: (e[0], e[1]))
    return apply_edits(text, tuple(unique))


#: Every refang rewrite contains one of these; text without any is returned as is after
#: a few substring scans (a pasted megabyte: ~8 ms instead of 12-38 ms).
_MARKS = (
    "[", "(", "{", "*",
    "xx", "XX", "xX", "Xx", "xp", "XP", "xP", "Xp", "xs", "XS", "xS", "Xs",
)


def _refang_scheme(m: re.Match[str]) -> str:
    """``hXXps`` -> ``https``, ``HXXP`` -> ``HTTP``, ``hTTps``'s ``hXXps``... letter by letter.

    Each ``x`` gives back a ``t`` of its own case, except in the common convention of
    upper-case X's in an otherwise lower-case word (``hXXp``), which means ``http``
    (defang never writes that form for ``hTTp``: see :func:`defang`). A ``*`` has no
    case, so it follows the whole word's.
    """
    word, suffix = m.group(1), m.group(2)
    upper = m.group(0).isupper()
    marks = [c for c in word if c in "xX"]
    letters = [c for c in word + suffix if c not in "xX*"]
    convention = bool(marks) and all(c == "X" for c in marks) and all(c.islower() for c in letters)

    def t(mark: str) -> str:
        if mark == "*":
            return "T" if upper else "t"
        return "T" if mark == "X" and not convention else "t"

    first = word[0].lower()
    if first == "h":
        core = word[0] + t(word[1]) + t(word[2]) + word[3]
    elif first == "f":
        core = word[0] + t(word[1]) + word[2]
    else:  # w[x*]s: the x was inserted
        core = word[0] + word[2]
    return core + suffix


def refang(text: str) -> tuple[str, bool]:
    """Restore a defanged link; returns ``(restored, changed)``. Never raises."""
    if not any(mark in text for mark in _MARKS):
        return text, False
    restored = _REFANG_SCHEME.sub(_refang_scheme, text)
    restored = _REFANG_TOKENS.sub(lambda m: _TOKEN_VALUE[m.group(0).lower()], restored)
    return restored, restored != text


@dataclass(frozen=True, slots=True)
class DefangMark:
    """One piece of defang notation: where it is in the text, as written, what it means."""

    span: Span
    written: str
    means: str


@dataclass(frozen=True, slots=True)
class DefangedReading:
    """A typed or extracted text that is a defanged link or domain, and its refanged form.

    ``written`` is the text exactly as given, ``refanged`` what it stands for, ``marks``
    the defang notation found in ``written`` (at most :data:`MAX_MARKS`).
    """

    written: str
    refanged: str
    marks: tuple[DefangMark, ...]


def defang_marks(text: str) -> tuple[DefangMark, ...]:
    """The defang notation in ``text`` (scheme forms and bracketed tokens), in order."""
    marks: list[DefangMark] = []
    for m in _REFANG_SCHEME.finditer(text):
        if len(marks) >= MAX_MARKS:
            break
        if any(c in "xX*" for c in m.group(1)):
            marks.append(DefangMark(Span(m.start(), m.end()), m.group(0),
                                    _refang_scheme(m)))
    for m in _REFANG_TOKENS.finditer(text):
        if len(marks) >= MAX_MARKS:
            break
        marks.append(DefangMark(Span(m.start(), m.end()), m.group(0),
                                _TOKEN_VALUE[m.group(0).lower()]))
    marks.sort(key=lambda mark: mark.span.start)
    return tuple(marks)


def defanged_reading(text: str) -> DefangedReading | None:
    """``text`` read as a defanged link or domain, or None when it is not one.

    It is one when refanging changes it and the notation is where a defanger puts it:
    in the scheme (``hxxps``, ``[:]``, ``[://]``) or in the host (``evil[.]example``),
    not merely in a path or query (``/a[.]b`` is a path). Texts longer than
    :data:`READ_LIMIT` are not read (None). Linear; never raises.
    """
    if len(text) > READ_LIMIT:
        return None
    return read_defanged(text)


def read_defanged(text: str) -> DefangedReading | None:
    """:func:`defanged_reading` without its length limit (``core.extract`` reads each
    indicator it found, whatever its length); linear, never raises."""
    if not any(mark in text for mark in _MARKS):
        return None
    restored, changed = refang(text)
    if not changed:
        return None
    marks = defang_marks(text)
    if any(m.means.isalpha() or m.means in (":", "://") for m in marks):
        return DefangedReading(text, restored, marks)  # the scheme or its colon
    written = split(text)
    scheme = written.scheme
    if scheme is not None and _SCHEME_NAME.fullmatch(scheme.text):
        # a real scheme: the notation must be where defang() puts it, in the authority
        # (the host), or in the path of a link without one (mailto:bob[@]x[.]example)
        region = written.authority if written.authority is not None else written.path
        start, end = region.span.start, region.span.end
    else:
        # no scheme (or "evil[.]example:8080", which Appendix B splits at the colon):
        # a bare name runs to the first "/", "?" or "#"
        start, end = 0, len(text)
        for stop in "/?#":
            at = text.find(stop)
            if at != -1:
                end = min(end, at)
        if written.authority is not None and scheme is None:
            start, end = written.authority.span.start, written.authority.span.end
    if any(start <= m.span.start < end for m in marks):
        return DefangedReading(text, restored, marks)
    return None
