"""URI references found in free text: delimited, bare, and abbreviated.

draft-2003 Appendix E (RFC 3986 Appendix C) says how URIs are delimited in running
text: double quotes, angle brackets (recommended, and the way to carry a URI that
line-wrapping broke), the old ``URL:`` prefix, or just whitespace; the delimiters
are not part of the URI, and whitespace inserted by line-wrapping is ignored.
Appendix F adds abbreviated references such as ``www.w3.org/Addressing/``.

Rules this module follows, each with its source:

- ``<...>`` and ``"..."`` delimit a reference when their content (after an optional
  ``URL:`` prefix, any case, with or without a space, App. E) starts with
  ``scheme:`` and a non-space character, or is an abbreviated reference (App. F).
  Inside ``<...>`` all whitespace is removed from ``uri`` (App. E: "The whitespace
  should be ignored when extracting the URI"); quotes never hold whitespace.
- A hyphen at the end of a wrapped line is kept and the line break around it is
  dropped: App. E says writers must not break after a hyphen and that the hyphen
  "may or may not actually be part of the URI"; keeping it never invents a
  character, and the window shows ``raw`` so the reader can judge.
- A bare reference starts with a scheme from ``schemes.TEXT_SCHEMES`` (so "Note:"
  is no URI) and runs to whitespace or a character never allowed in a URI
  (``< > " { } | \\ ^ `` and backquote, RFC 3986 §2, App. E); trailing ``. , ; : ! ? '``
  and non-ASCII punctuation, and a ``)`` or ``]`` without its opening partner, are
  sentence punctuation, not part of it (App. E: "punctuation marks that might be
  mistaken for part of the URI").
- ``span`` is the raw extent of the reference in the text: delimiters and the
  ``URL:`` prefix excluded, wrapped whitespace included; ``raw`` is that text and
  ``uri`` the cleaned reference.

With ``defanged=True`` (the window's Extract tab; issue 15) defanged indicators are
found too, as analysts write them in reports: ``hxxps://evil[.]example/payload``,
``hXXp[:]//x(.)y``, ``fxp://``, ``[://]``, and bare domains such as
``evil[.]example`` (at least one bracketed dot: ``[.]``, ``(.)``, ``{.}``, ``[dot]``).
Each keeps ``uri``/``raw``/``span`` as written (exact code-point span in the text) and
carries ``refanged`` (``core.defang.refang``); a bare domain also gets ``guess``
(``http://`` + the domain, as App. F's heuristic). Where a plain reference of the
first scan overlaps a defanged indicator, the indicator wins. The batch ``extract`` op
keeps ``defanged=False``: the contract defines no place for a refanged form.

Everything is left-to-right regular-expression scans, linear in the text, and no
regex call covers more than a window of it or one reference (:func:`_finditer`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass

from uriinspector.core.defang import read_defanged, refang
from uriinspector.core.schemes import TEXT_SCHEMES
from uriinspector.core.slots import field_setters
from uriinspector.core.spans import Span, trusted_span

# Characters never part of a URI in text: whitespace and RFC 3986 §2's excluded
# delimiters (the 2003 draft's "delims" and "unwise" sets, App. E).
_URI_RUN = r"""[^\s<>"{}|\\^`]"""
_TOKEN = re.compile(
    r"(?P<angle><(?P<abody>[^<>]*)>)"
    r'|(?P<quote>"(?P<qbody>[^"<>\s]+)")'
    r"|(?P<bare>(?<![A-Za-z0-9+.\-])(?:" + "|".join(TEXT_SCHEMES) + r"):" + _URI_RUN + r"+)"
    r"|(?P<abbr>(?<![A-Za-z0-9_.@/:\-%])(?:www|ftp)\." + _URI_RUN + r"+)",
    re.IGNORECASE,
)
# RFC 3986 §3.1 scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), then ":" and
# something that is not whitespace.
_SCHEME_START = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:[^\s]")
# draft-2003 App. F: "www." or "ftp." and at least one more dot-separated label.
_ABBR_HOST = re.compile(r"(?:www|ftp)(?:\.[^\W_](?:[\w\-]*[^\W_])?){2,}(?::[0-9]*)?\Z",
                        re.IGNORECASE)
# Defanged indicators: a defanged (or plain) web/FTP scheme with "[:]", "[://]" or ":",
# then a run that may hold "{.}" (braces are otherwise excluded, RFC 3986 §2); or a
# bare name whose labels are joined by dots at least one of which is defanged.
# Runs and labels are possessive (never given back: nothing after them could match
# what they gave back), so a megabyte-long indicator is matched in a few C steps per
# run instead of one alternation per character (issue 13: 0.1-0.3 s in one call).
_DOT_TOKEN = r"(?:\[\.\]|\(\.\)|\{\.\}|\[dot\]|\(dot\)|\{dot\})"
_DEFANGED_RUN = r"""(?:[^\s<>"{}|\\^`]++|\{\.\}|\{dot\})"""
# a DNS-style label: letters or digits at both ends, "-" or "_" runs only inside
_LABEL = r"[^\W_]++(?:[_\-]++[^\W_]++)*+"
_DEFANGED_SCHEME = r"(?<![A-Za-z0-9+.\-])(?:h[x*]{2}ps?|f[x*]ps?|w[x*]ss?|https?|ftps?|wss?)"
_DEFANGED = re.compile(
    r"(?P<url>" + _DEFANGED_SCHEME + r"(?:\[:\]|\[://\]|:)" + _DEFANGED_RUN + r"+)"
    r"|(?P<domain>(?<![\w.\-\[({/:%])" + _LABEL + r"(?:(?:\.|" + _DOT_TOKEN + r")" + _LABEL
    + r")++(?::[0-9]+)?(?:/" + _DEFANGED_RUN + r"*)?)",
    re.IGNORECASE,
)
# Where a match of _TOKEN or _DEFANGED may begin: each alternative's first few
# characters, at most _*_REACH long (see _finditer). A first label longer than 63
# characters (RFC 1035's limit) is a candidate whatever follows it.
_TOKEN_REACH = max(len(s) for s in TEXT_SCHEMES) + 1
_TOKEN_START = re.compile(
    r'<|"|(?<![A-Za-z0-9+.\-])(?:' + "|".join(TEXT_SCHEMES) + r"):"
    r"|(?<![A-Za-z0-9_.@/:\-%])(?:www|ftp)\.",
    re.IGNORECASE,
)
_DEFANGED_REACH = 64
_DEFANGED_START = re.compile(
    _DEFANGED_SCHEME + r"[\[:]"
    r"|(?<![\w.\-\[({/:%])[^\W_](?:[\w\-]{0,62}+[.\[({]|[\w\-]{63})",
    re.IGNORECASE,
)
_HAS_DOT_TOKEN = re.compile(_DOT_TOKEN, re.IGNORECASE)
_URL_PREFIX = "url:"
_TRAILING = frozenset(".,;:!?'")
_CLOSERS = {")": "(", "]": "["}


@dataclass(frozen=True, slots=True)
class Extracted:
    """One URI reference found in text.

    ``span`` is the raw extent in the text (wrapped whitespace included, delimiters
    and ``URL:`` excluded), ``raw`` its text, ``uri`` the cleaned reference.
    ``abbreviated`` marks draft-2003 App. F forms, with ``guess`` the completed URI.
    """

    uri: str
    span: Span
    raw: str
    abbreviated: bool
    guess: str | None
    refanged: str | None = None

    @property
    def defanged(self) -> bool:
        """Whether this is a defanged indicator (``refanged`` is what it stands for)."""
        return self.refanged is not None

    @property
    def target(self) -> str:
        """What to inspect: the completed guess, else the refanged form, else ``uri``."""
        if self.guess is not None:
            return self.guess
        return self.refanged if self.refanged is not None else self.uri

    @property
    def label(self) -> str:
        """How a list shows it: ``probably http://www.w3.org/ (guess)`` for App. F forms,
        ``hxxps://evil[.]example → https://evil.example (defanged)`` for indicators."""
        if self.refanged is not None:
            also = f"; probably {self.guess}" if self.guess is not None else ""
            return f"{self.uri} → {self.refanged} (defanged{also})"
        if self.guess is not None:
            return f"probably {self.guess} (guess)"
        return self.uri

    def to_json(self) -> dict[str, object]:
        """The contract's ``{uri, start, end}`` item."""
        return {"uri": self.uri, "start": self.span.start, "end": self.span.end}


_EXTRACTED_SETTERS = field_setters(Extracted)
_new_extracted = Extracted.__new__


def _found(uri: str, start: int, end: int, raw: str, abbreviated: bool, guess: str | None,
           refanged: str | None = None) -> Extracted:
    """``Extracted(uri, Span(start, end), …)`` built through its slot setters (a frozen
    dataclass's ``__init__`` costs ~1.3 µs, a checked span ~0.7 µs: a mail's text part
    holds dozens of links); ``0 <= start <= end`` are match offsets."""
    found = _new_extracted(Extracted)
    s_uri, s_span, s_raw, s_abbreviated, s_guess, s_refanged = _EXTRACTED_SETTERS
    s_uri(found, uri)
    s_span(found, trusted_span(start, end))
    s_raw(found, raw)
    s_abbreviated(found, abbreviated)
    s_guess(found, guess)
    s_refanged(found, refanged)
    return found


def extraction_to_json(found: tuple[Extracted, ...]) -> dict[str, object]:
    """The contract's ``extract`` answer for a result of :func:`extract`."""
    return {"op": "extract", "uris": [e.to_json() for e in found]}


def _abbreviated_guess(uri: str) -> str | None:
    """Complete an App. F abbreviated reference, or ``None`` if it is not one.

    The heuristic App. F mentions: "www." suggests http, "ftp." suggests ftp.
    """
    cut = len(uri)
    for delim in "/?#":
        at = uri.find(delim)
        if at != -1:
            cut = min(cut, at)
    if not _ABBR_HOST.match(uri[:cut]):
        return None
    return ("ftp://" if uri[:4].lower() == "ftp." else "http://") + uri


def _trim(text: str, start: int, end: int) -> int:
    """Where a bare reference ``text[start:end]`` really ends (App. E punctuation).
    The brackets of ``text[start:end]`` are counted only once one ends it (most
    references end in a letter, a digit or ``/``)."""
    whole = end
    opens: dict[str, int] | None = None
    closes: dict[str, int] = {}
    while end > start:
        c = text[end - 1]
        if c in _TRAILING or (
            not c.isascii() and unicodedata.category(c).startswith("P")
        ):
            end -= 1
        elif c in _CLOSERS:
            if opens is None:
                opens = {k: text.count(o, start, whole) for k, o in _CLOSERS.items()}
                closes = {k: text.count(k, start, whole) for k in _CLOSERS}
            if closes[c] > opens[c]:
                closes[c] -= 1
                end -= 1
            else:
                break
        else:
            break
    return end


def _delimited(text: str, start: int, end: int) -> Extracted | None:
    """Read the content ``text[start:end]`` of ``<...>`` or ``"..."`` (App. E)."""
    i, j = start, end
    while i < j and text[i].isspace():
        i += 1
    if text[i : i + 4].lower() == _URL_PREFIX:
        i += 4
        while i < j and text[i].isspace():
            i += 1
    while j > i and text[j - 1].isspace():
        j -= 1
    if i == j:
        return None
    raw = text[i:j]
    uri = "".join(raw.split()) if any(c.isspace() for c in raw) else raw
    # "www.w3.org:8080/x" also matches scheme ":" (a scheme may hold dots, RFC 3986
    # §3.1); App. F's reading wins for names starting "www." or "ftp.".
    guess = _abbreviated_guess(uri)
    if guess is not None:
        return _found(uri, i, j, raw, True, guess)
    if _SCHEME_START.match(raw):
        return _found(uri, i, j, raw, False, None)
    return None


def _scan(text: str, pos: int, endpos: int, out: list[Extracted]) -> None:
    for m in _finditer(_TOKEN, _TOKEN_START, _TOKEN_REACH, text, pos, endpos):
        kind = m.lastgroup
        if kind in ("angle", "quote"):
            body = "abody" if kind == "angle" else "qbody"
            found = _delimited(text, m.start(body), m.end(body))
            if found is not None:
                out.append(found)
            else:
                # Not a URI between the delimiters: look inside for bare ones. The
                # inside holds no "<" or ">" (nor '"'), so this never recurses further.
                _scan(text, m.start(body), m.end(body), out)
            continue
        start = m.start()
        end = _trim(text, start, m.end())
        uri = text[start:end]
        if kind == "bare":
            if end <= text.find(":", start) + 1:
                continue  # nothing after "scheme:" once punctuation is gone
            out.append(_found(uri, start, end, uri, False, None))
        else:
            guess = _abbreviated_guess(uri)
            if guess is not None:
                out.append(_found(uri, start, end, uri, True, guess))


def _defanged(text: str) -> list[Extracted]:
    """Defanged indicators in ``text``, in order (see the module docstring)."""
    out: list[Extracted] = []
    for m in _finditer(_DEFANGED, _DEFANGED_START, _DEFANGED_REACH, text, 0, len(text)):
        start = m.start()
        end = _trim(text, start, m.end())
        raw = text[start:end]
        restored, changed = refang(raw)
        if not changed:
            continue  # a plain reference: the first scan's
        if m.lastgroup == "domain":
            name_end = len(raw)
            for stop in "/:":
                at = raw.find(stop)
                if at != -1:
                    name_end = min(name_end, at)
            if not _HAS_DOT_TOKEN.search(raw, 0, name_end):
                continue  # "a.b/x[.]y": the notation is not in the name
            out.append(_found(raw, start, end, raw, False, "http://" + restored, restored))
        elif read_defanged(raw) is not None:
            # the notation is in the scheme or the host, not only in a path
            # ("https://example.com/list[.]txt" stays the plain scan's reference)
            out.append(_found(raw, start, end, raw, False, None, restored))
    return out


def _merge(plain: list[Extracted], defanged: list[Extracted]) -> list[Extracted]:
    """Both lists in text order; a plain reference overlapping an indicator is dropped."""
    out: list[Extracted] = []
    j = 0
    for e in plain:
        while j < len(defanged) and defanged[j].span.end <= e.span.start:
            out.append(defanged[j])
            j += 1
        if j < len(defanged) and defanged[j].span.start < e.span.end:
            continue  # overlaps the next indicator, which is listed instead
        out.append(e)
    out.extend(defanged[j:])
    return out


def extract(text: str, *, defanged: bool = False) -> tuple[Extracted, ...]:
    """Find the URI references in free text, in order (draft-2003 App. E and F).

    ``defanged=True`` also finds defanged indicators (``hxxps://evil[.]example``,
    ``evil[.]example``) with their refanged form. Never raises; linear in the length
    of ``text``.
    """
    out: list[Extracted] = []
    _scan(text, 0, len(text), out)
    if defanged:
        return tuple(_merge(out, _defanged(text)))
    return tuple(out)


#: Characters one candidate search covers in one C call at most (see _finditer).
WINDOW = 32 * 1024


def _finditer(pattern: re.Pattern[str], starts: re.Pattern[str], reach: int, text: str,
              pos: int, endpos: int) -> Iterator[re.Match[str]]:
    """The matches of ``pattern.finditer(text, pos, endpos)``, found without any regex
    call that scans the whole text (issue 13: one ``finditer`` over a megabyte held the
    GIL, so the window's event loop, for up to 0.5 s).

    ``starts`` matches where a match of ``pattern`` may begin, in at most ``reach``
    characters (every match of ``pattern`` at ``i`` implies one of ``starts`` at ``i``).
    Candidates are searched :data:`WINDOW` characters per call, re-searching the last
    ``reach`` characters of a window (a candidate cut by the window's end); at each,
    ``pattern.match`` tries the real thing, whose own runs are character-class runs.
    Exact: finditer also takes the first position where ``pattern`` matches, and its
    matches here are never empty; lookbehinds see the text before ``pos`` either way.
    """
    step = max(WINDOW, 2 * reach)
    while pos < endpos:
        hi = pos + step
        if hi >= endpos:
            hit = starts.search(text, pos, endpos)
        else:
            hit = starts.search(text, pos, hi)
            if hit is None or hit.start() + reach > hi:
                pos = hi - reach  # nothing sure in this window: the next one overlaps it
                continue
        if hit is None:
            return
        m = pattern.match(text, hit.start(), endpos)
        if m is None:
            pos = hit.start() + 1
            continue
        yield m
        pos = max(m.end(), hit.start() + 1)
