"""Every URL one link carries: the carrier table first, then the generic places.

:func:`scan_link` reads one split link. A carrier of the table (Safe Links, Proofpoint,
Google's ``/url``...) matched by host and path gives its target first. Then the generic
places follow in text order: a URL in the path, in a query parameter (a redirect-named
one such as ``next=`` forwards; any other only mentions it), a base64 value, and the
fragment. The ``embedded-url`` finding reports all of them; the destination chain
follows the first that forwards. One scanner serves both, so they never disagree.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from urllib.parse import unquote

from uriinspector.core.destinations import bing, proofpoint, safelinks
from uriinspector.core.destinations.model import Carried, CarrierField, Scan, Unknowable
from uriinspector.core.destinations.table import Carrier, Mention, Opaque, rows_for_host, table
from uriinspector.core.destinations.values import (
    decode_param,
    decode_relative,
    decode_value,
    percent_layers,
    unescape_entities,
)
from uriinspector.core.grammar import LazyPattern
from uriinspector.core.spans import Span
from uriinspector.core.split import SplitReference

#: URLs reported per link (bounds work on a link made of thousands of parameters).
MAX_CARRIED = 8

_SLASHES = r"(?://|%2[Ff]%2[Ff]|%252[Ff]%252[Ff]|\\\\|%5[Cc]%5[Cc])"
_COLON = r"(?::|%3[Aa]|%253[Aa])"
#: Where a nested URL starts: a web scheme with its slashes, or a script/data scheme,
#: plain or percent-encoded once or twice.
NESTED = LazyPattern(
    rf"(?i)(?<![a-z0-9+.-])(?:(?:https?|ftps?|wss?){_COLON}{_SLASHES}"
    rf"|(?:javascript|vbscript|data){_COLON})"
)
#: A value that is a protocol-relative reference to another host.
PROTOCOL_RELATIVE = LazyPattern(r"^(?:%2[Ff]%2[Ff]|//|/\\|\\\\|%5[Cc]%5[Cc])[^/\\]")
#: base64 of "http" (and ftp:/javascript/"//"): a value may hide a URL this way.
_BASE64_HINTS = ("aHR0c", "ZnRwOi", "amF2YXNjcmlwd", "Ly9")
_BASE64_SEGMENT = LazyPattern(r"/((?:aHR0c|ZnRwOi)[A-Za-z0-9+_-]{8,}(?:%3[Dd]|=){0,2})")
#: The text before a fragment URL that still reads as "go there" (``#``, ``#!/``, ``#u=``).
_FRAGMENT_LEAD = LazyPattern(r"[!/]*(?:[A-Za-z0-9_.-]+=)?")


def show(text: str, limit: int = 80) -> str:
    """Evidence quoted for a message, invisible characters made visible (the findings'
    own quoting, imported on use: the findings package imports this module)."""
    from uriinspector.core.findings.base import show as quote

    return quote(text, limit)


def may_nest(text: str) -> bool:
    """Cheap necessary condition for a :data:`NESTED` match: each of its colon forms
    (``:``, ``%3A``, ``%253A``, any case) contains ``:`` or ``3a``/``3A``. ``str`` search
    runs at memory speed; the case-insensitive regex costs ~70 ns a character on 1 MB."""
    return ":" in text or "3a" in text or "3A" in text


def _has_base64_hint(text: str) -> bool:
    return any(h in text for h in _BASE64_HINTS)


def query_slices(ref: SplitReference) -> Iterator[tuple[str, str, int, bool]]:
    """(key, value, value start, has "=") of each ``&``-separated query piece, as plain
    slices: the same pieces as ``ref.query_params`` (key up to the first ``=``), without
    building a Part and a Span per parameter (that cost more than every detector
    together on a 2 KB tracking URL)."""
    query = ref.query
    if query is None or not query.text:
        return
    pos = query.span.start
    for piece in query.text.split("&"):
        start, pos = pos, pos + len(piece) + 1
        eq = piece.find("=")
        if eq == -1:
            yield piece, piece, start, False
        else:
            yield piece[:eq], piece[eq + 1 :], start + eq + 1, True


#: Text whose presence in a query piece makes it worth reading: a colon, a ``%`` (an
#: encoded colon or slash), a slash or backslash (a ``//host`` value), or the base64 of
#: a URL's start. Single characters are found with ``memchr``, at memory speed.
_MARKS = (":", "%", "/", "\\", *_BASE64_HINTS)
#: Query pieces read at most per link (their URLs are capped at MAX_CARRIED anyway).
MAX_CANDIDATE_PIECES = 256


def _has_mark(text: str) -> bool:
    """Whether ``text`` holds one of :data:`_MARKS` (``any`` over them, written out:
    a generator cost more than the searches on most queries)."""
    return (
        ":" in text
        or "%" in text
        or "/" in text
        or "\\" in text
        or "aHR0c" in text
        or "ZnRwOi" in text
        or "amF2YXNjcmlwd" in text
        or "Ly9" in text
    )


def candidate_params(query: str) -> list[tuple[str, str, int, bool]]:
    """The query pieces that may carry a URL, as :func:`query_slices` gives them
    (offsets relative to ``query``), in text order.

    Found by ``str.find`` of :data:`_MARKS`, so a 2 KB tracking query with two
    hundred plain parameters costs a few microseconds instead of a Python loop over
    every piece.
    """
    starts: set[int] = set()
    for mark in _MARKS:
        i = query.find(mark)
        while i != -1 and len(starts) < MAX_CANDIDATE_PIECES:
            starts.add(query.rfind("&", 0, i) + 1)
            nxt = query.find("&", i)
            if nxt == -1:
                break
            i = query.find(mark, nxt)
    out = []
    for start in sorted(starts):
        stop = query.find("&", start)
        piece = query[start:] if stop == -1 else query[start:stop]
        eq = piece.find("=")
        if eq == -1:
            out.append((piece, piece, start, False))
        else:
            out.append((piece[:eq], piece[eq + 1 :], start + eq + 1, True))
    return out


def host_of(ref: SplitReference) -> str:
    """The host of a split link, lower-cased without its trailing dot; "" when it has
    none, or when a backslash in the authority makes browsers read another host than
    RFC 3986 does (``https://evil.example\\@wrapper.example/``: a browser goes to
    evil.example), so no carrier is trusted by its host there."""
    host = ref.host
    if host is None or not host.text:
        return ""
    authority = ref.authority
    if authority is not None and "\\" in authority.text:
        return ""
    return host.text.lower().rstrip(".")


def _scheme_of(ref: SplitReference) -> str:
    scheme = ref.scheme
    return scheme.text.lower() if scheme is not None and scheme.text else "https"


def _overlaps(span: Span, claimed: list[Span]) -> bool:
    return any(span.start < c.end and c.start < span.end for c in claimed)


class _Reader:
    """One scan's state: the link, its parameters (read once, on demand), the results."""

    def __init__(self, ref: SplitReference, host: str | None = None) -> None:
        self.ref = ref
        self.host = host_of(ref) if host is None else host  # the scan passes it read
        self.carried: list[Carried] = []
        self.claimed: list[Span] = []
        self.notes: list[str] = []
        self.unknowable: Unknowable | None = None
        self._params: dict[str, tuple[str, int]] | None = None

    def param(self, name: str) -> tuple[str, int] | None:
        """The first parameter called ``name`` (any case): (value, value start)."""
        if self._params is None:
            self._params = {}
            for key, value, vstart, has_eq in query_slices(self.ref):
                if has_eq:
                    self._params.setdefault(key.lower(), (value, vstart))
        return self._params.get(name)

    def add(self, item: Carried) -> None:
        self.carried.append(item)
        self.claimed.append(item.region)

    # ---- the table's carriers --------------------------------------------------------

    def carrier(self, c: Carrier) -> bool:
        """Apply one matched carrier; True when it settled the link (found or not)."""
        if c.code == "proofpoint-v3":
            return self._proofpoint_v3(c)
        if c.code == "translate-goog":
            return self._translate_goog(c)
        if c.path_after is not None:
            return self._path_carrier(c)
        if c.path_marker is not None:
            return self._path_marker_carrier(c, c.path_marker)
        if c.whole_query:
            return self._query_carrier(c)
        for name in c.params:
            found = self.param(name)
            if found is None or not found[0]:  # absent or empty (Google sends q= empty)
                continue
            value, vstart = found
            decoded = self._decode(c, value)
            region = Span(vstart, vstart + len(value))
            if decoded is None:
                self.notes.append(
                    f"This {c.title} link's {name}= value does not decode to a URL "
                    f"({show(value, 60)}): its destination cannot be read from the link."
                )
                self.claimed.append(region)
                return True
            url, steps = decoded
            self.add(Carried(url, c.via, c.title, f"{c.title} link's '{name}' parameter",
                             region, region, steps, True, self._fields(c)))
            return True
        if c.missing is not None:
            self.unknowable = Unknowable(self.host, c.via, c.title, c.missing)
            return True
        return False

    def _fields(self, c: Carrier) -> tuple[CarrierField, ...]:
        """The named fields of the carrier's ``fields_param`` (Safe Links' ``data=``)."""
        if c.fields_param is None:
            return ()
        found = self.param(c.fields_param)
        return safelinks.read_data(*found) if found is not None else ()

    def _decode(self, c: Carrier, value: str) -> tuple[str, tuple[str, ...]] | None:
        if c.code == "bing-a1":
            return bing.decode_u(value)
        if c.encoding == "proofpoint-v2":
            url = proofpoint.decode_v2(value)
            return (url, ("proofpoint-v2",)) if decode_value(url) is not None else None
        decoded = decode_param(value)
        if decoded is None and c.encoding == "https-host-path":
            plain = unquote(value, errors="replace") if "%" in value else value
            found = _host_path(plain)
            if found is not None and plain != value:
                return found[0], ("percent", *found[1])
            return found
        if decoded is None or c.encoding != "percent-html":
            return decoded
        url, steps = decoded
        plain = unescape_entities(url)
        return (plain, (*steps, "html-entities")) if plain != url else decoded

    def _path_carrier(self, c: Carrier) -> bool:
        path = self.ref.path
        pos = 0
        for _ in range((c.path_after or 0) + 1):
            pos = path.text.find("/", pos)
            if pos == -1:
                return False
            pos += 1
        value = path.text[pos:]
        if not value:
            return False
        region = Span(path.span.start + pos, path.span.end)
        steps: tuple[str, ...]
        if c.encoding in ("https-host-path", "http-host-path"):
            decoded = decode_value(value)
            if decoded is None:
                scheme = "https://" if c.encoding == "https-host-path" else "http://"
                url, steps = scheme + value, ("scheme-added",)
            else:
                url, steps = decoded
        else:
            found = decode_value(value)
            if found is None:
                return False
            url, steps = found
        query = self.ref.query
        if c.with_query and query is not None and "percent" not in steps:
            # a target written raw in the path takes the link's query along
            # (google.com/amp/s/host/page?x=1 serves https://host/page?x=1)
            url += "?" + query.text
            region = Span(region.start, query.span.end)
        self.add(Carried(url, c.via, c.title, f"{c.title} link's path", region, region,
                         steps, True))
        return True

    def _translate_goog(self, c: Carrier) -> bool:
        """Google Translate's proxy host: ``evil--site-example.translate.goog/p?x=1&_x_tr_sl=auto``
        serves ``https://evil-site.example/p?x=1`` (in the first label, ``-`` is a dot and
        ``--`` a hyphen; the ``_x_tr_*`` parameters are the proxy's own)."""
        host = self.host
        label = host[: -len(".translate.goog")] if host.endswith(".translate.goog") else ""
        if not label or "." in label:
            return False
        target = label.replace("--", "\0").replace("-", ".").replace("\0", "-")
        if "." not in target.strip("."):
            return False
        query = self.ref.query
        kept = [] if query is None else [
            piece for piece in query.text.split("&") if piece and not piece.startswith("_x_tr_")
        ]
        url = f"https://{target}{self.ref.path.text}" + (f"?{'&'.join(kept)}" if kept else "")
        authority = self.ref.authority
        region = authority.span if authority is not None else Span(0, len(self.ref.text))
        self.add(Carried(url, c.via, c.title, f"{c.title} host name", None, region,
                         ("translate-host",), True))
        return True

    def _path_marker_carrier(self, c: Carrier, marker: str) -> bool:
        """A target written in the path after ``marker`` (Yahoo: ``/RU=<URL>/RK=2/RS=…``):
        the value ends before the first ``path_marker_end``, else at the path's end. A
        raw target's own ``?query`` lies in the link's query, so the end marker is looked
        for there too (Avanan: ``/v2/___https://host/p?x=1___.<signature>``)."""
        path = self.ref.path
        at = path.text.find(marker)
        if at == -1:
            return False
        text = self.ref.text
        begin = path.span.start + at + len(marker)
        query = self.ref.query
        limit = query.span.end if query is not None else path.span.end
        ends = [e for e in (text.find(m, begin, limit) for m in c.path_marker_end) if e != -1]
        stop = min(ends) if ends else path.span.end
        value = text[begin:stop]
        region = Span(begin, stop)
        key = marker.strip("/")
        decoded = decode_param(value) if value else None
        if decoded is None:
            self.notes.append(
                f"This {c.title} link's {key} value does not decode to a URL "
                f"({show(value, 60)}): its destination cannot be read from the link."
            )
            self.claimed.append(region)
            return True
        url, steps = decoded
        self.add(Carried(url, c.via, c.title, f"{c.title} link's '{key}' path part", region,
                         region, steps, True))
        return True

    def _query_carrier(self, c: Carrier) -> bool:
        """A target that is the whole query (``?https://landing.example/page?x=1``)."""
        query = self.ref.query
        if query is None or not query.text:
            return False
        decoded = decode_value(query.text)
        if decoded is None:
            return False
        url, steps = decoded
        self.add(Carried(url, c.via, c.title, f"{c.title} link's query", query.span,
                         query.span, steps, True))
        return True

    def _proofpoint_v3(self, c: Carrier) -> bool:
        path = self.ref.path
        base = path.span.start + 4  # after "/v3/"
        v3 = proofpoint.decode_v3(self.ref.text[base:])
        if v3 is None:
            return False
        region = Span(base + v3.start, base + v3.end)
        if v3.problem:
            self.notes.append(v3.problem)
        if decode_value(v3.url) is None and not v3.url.startswith("//"):
            self.notes.append(
                f"This {c.title} link's wrapped text does not decode to a URL "
                f"({show(v3.url, 60)}): its destination cannot be read from the link."
            )
            self.claimed.append(region)
            return True
        steps = ("percent",) * v3.percent + ("proofpoint-v3",) * v3.substituted
        span = None if v3.substituted else region
        self.add(Carried(v3.url, c.via, c.title, f"{c.title} link", span, region, steps, True))
        return True

    def opaque(self, o: Opaque) -> None:
        reason = o.reason.replace("{host}", self.host)
        if o.hint_param:
            hint = self.param(o.hint_param)
            if hint is not None and hint[0]:
                named, _ = percent_layers(hint[0])
                reason += f" The link names the domain {show(named, 80)}, not the full address."
        self.unknowable = Unknowable(self.host, o.via, o.title, reason)

    # ---- the generic places ----------------------------------------------------------

    def generic(self, mentioned: bool) -> None:
        ref = self.ref
        forwards = not mentioned
        scheme = _scheme_of(ref)
        path = ref.path
        if path.text and may_nest(path.text):
            hit = NESTED.search(path.text)
            if hit is not None:
                start = path.span.start + hit.start()
                self._nested(ref.text[start : path.span.end], start, "path", "path",
                             forwards)
        if path.text and ("aHR0c" in path.text or "ZnRwOi" in path.text):
            for m in _BASE64_SEGMENT.finditer(path.text):
                start = path.span.start + m.start(1)
                self._base64(m.group(1), start, "path segment", forwards, "base64")
                break
        query = ref.query
        if query is not None and query.text:
            names = table().redirect_parameters
            base = query.span.start
            for key, value, vstart, has_eq in candidate_params(query.text):
                if len(self.carried) >= MAX_CARRIED:
                    break
                vstart += base
                redirect = key.lower() in names
                hit = NESTED.search(value) if may_nest(value) else None
                if hit is not None:
                    at = vstart + hit.start()
                    self._nested(value[hit.start() :], at, "query-parameter", _where(key),
                                 forwards and redirect and hit.start() == 0)
                elif has_eq and PROTOCOL_RELATIVE.match(value):
                    self._relative(value, vstart, scheme, _where(key), forwards and redirect)
                elif has_eq and value.startswith(_BASE64_HINTS):
                    via = "query-parameter" if redirect else "base64"
                    self._base64(value, vstart, _where(key), forwards, via)
        frag = ref.fragment
        if frag is not None and frag.text and may_nest(frag.text):
            hit = NESTED.search(frag.text)
            if hit is not None:
                lead = _FRAGMENT_LEAD.fullmatch(frag.text, 0, hit.start()) is not None
                start = frag.span.start + hit.start()
                self._nested(ref.text[start : frag.span.end], start, "fragment", "fragment",
                             forwards and lead)

    def _nested(self, raw: str, start: int, via: str, where: str, forwards: bool) -> None:
        region = Span(start, start + len(raw))
        if len(self.carried) >= MAX_CARRIED or _overlaps(region, self.claimed):
            return
        decoded = decode_param(raw) if via == "query-parameter" else decode_value(raw)
        if decoded is None:  # a nested scheme that does not decode to a URL: mention only
            text, layers = percent_layers(raw)
            decoded, forwards = (text, ("percent",) * layers), False
        url, steps = decoded
        self.add(Carried(url, via, _TITLES[via], where, region, region, steps, forwards))

    def _relative(self, raw: str, start: int, scheme: str, where: str, forwards: bool) -> None:
        region = Span(start, start + len(raw))
        if _overlaps(region, self.claimed):
            return
        found = decode_relative(raw)
        if found is None:
            return
        ref_text, steps = found
        url = f"{scheme}:{ref_text}"
        self.add(Carried(url, "query-parameter", _TITLES["query-parameter"], where, region,
                         region, (*steps, "scheme-added"), forwards))

    def _base64(self, raw: str, start: int, where: str, forwards: bool, via: str) -> None:
        region = Span(start, start + len(raw))
        if len(self.carried) >= MAX_CARRIED or _overlaps(region, self.claimed):
            return
        found = decode_param(raw)
        if found is None or "base64" not in found[1]:
            return
        url, steps = found
        self.add(Carried(url, via, _TITLES[via], f"{where} (base64)", region, region, steps,
                         forwards))


#: A scheme-less target that starts with a host name (``www.shop.example/p``).
_LABEL = r"[a-z0-9](?:[a-z0-9-]*[a-z0-9])?"
_HOST_START = LazyPattern(
    rf"(?i){_LABEL}(?:\.{_LABEL})*\.[a-z]{{2,63}}(?::[0-9]{{1,5}})?(?:[/?#]|$)"
)


def _host_path(value: str) -> tuple[str, tuple[str, ...]] | None:
    """A scheme-less ``host/path`` value as an https URL (ShareASale's ``urllink=``), or
    None when it does not start with a host name."""
    if _HOST_START.match(value) is None:
        return None
    return "https://" + value, ("scheme-added",)


def _where(key: str) -> str:
    return f"query parameter '{show(key, 30)}'"


_TITLES = {
    "path": "a URL in the path",
    "query-parameter": "a redirect parameter",
    "fragment": "a URL in the fragment",
    "base64": "a base64-encoded URL",
}


def _mentioned(mentions: tuple[Mention, ...], path: str) -> bool:
    return any(m.paths.fullmatch(path) for m in mentions)


#: Recent scans by link text: an analysis scans its input and its first hop for the
#: embedded-url finding, then again for the destination chain; the second scan of each
#: costs a dictionary look-up. A scan depends on the text alone. The cache holds at
#: most :data:`_CACHE_SIZE` links and :data:`_CACHE_MAX_CHARS` characters in all (a
#: 1 MB link is kept only until the next ones push it out).
_CACHE_SIZE = 16
_CACHE_MAX_CHARS = 4_000_000
_recent: dict[str, Scan] = {}
_cache_lock = threading.Lock()


def scan_link(ref: SplitReference) -> Scan:
    """Every URL ``ref`` carries (table carriers first, then path, query, fragment), and
    whether its own target is unknowable offline. Never raises; bounded by
    :data:`MAX_CARRIED` URLs."""
    text = ref.text
    cached = _recent.get(text)
    if cached is not None:
        return cached
    result = _scan(ref)
    if len(text) <= _CACHE_MAX_CHARS:
        with _cache_lock:
            _recent[text] = result
            total = sum(map(len, _recent))  # C-level: a generator cost ~1 µs a line
            while len(_recent) > _CACHE_SIZE or total > _CACHE_MAX_CHARS:
                oldest = next(iter(_recent))
                total -= len(oldest)
                del _recent[oldest]
    return result


def may_carry(ref: SplitReference) -> bool:
    """False only when no generic place of ``ref`` can carry a URL, so
    ``_Reader.generic`` adds nothing: its own first tests, on the whole path, query and
    fragment (a nested scheme's colon, the base64 of "http" or "ftp:", a query piece
    with one of :data:`_MARKS`). ``tests/core/test_family_gates.py`` proves it."""
    path = ref.path.text
    if may_nest(path) or "aHR0c" in path or "ZnRwOi" in path:
        return True
    query = ref.query
    if query is not None and _has_mark(query.text):
        return True
    frag = ref.fragment
    return frag is not None and may_nest(frag.text)


def _scan(ref: SplitReference) -> Scan:
    text = ref.text
    if "//" not in text and "%" not in text and ":" not in text and not _has_base64_hint(text):
        return _EMPTY
    host = host_of(ref)
    carry = may_carry(ref)
    if host:
        carriers, opaque, mentions = rows_for_host(host)
        if not carry and not carriers and not opaque:
            return _EMPTY  # most links: no row of the table and no generic place
    elif not carry:
        return _EMPTY
    reader = _Reader(ref, host)
    mentioned = False
    if host:
        path = ref.path.text
        settled = False
        for c in carriers:
            if c.paths.fullmatch(path) and reader.carrier(c):
                settled = True
                break
        if not settled and reader.unknowable is None:
            for o in opaque:
                if o.paths.fullmatch(path):
                    reader.opaque(o)
                    break
        # "mentioned" only tells whether a generic place's URL forwards: not read when
        # no generic place can carry one (most links)
        mentioned = carry and _mentioned(mentions, path)
    if carry:
        reader.generic(mentioned)
    if not reader.carried and reader.unknowable is None and not reader.notes:
        return _EMPTY  # most links: the one empty scan, not a new equal one
    return Scan(tuple(reader.carried), reader.unknowable, tuple(reader.notes))


_EMPTY = Scan((), None, ())
