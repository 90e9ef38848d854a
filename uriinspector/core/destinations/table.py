"""The declarative carrier table (``resources/carriers.json``), read once, lazily.

Each plain carrier is data: host patterns, path patterns, the parameter or path
position holding the target, and how it is encoded (unfurl's ``site_defs`` layout).
Formats that need code name their module in ``code``. The file ships as package data
(``uriinspector.resources``) and is read through :mod:`importlib.resources`, so it
works from a wheel, a zip or a frozen build; it is never fetched.
"""

from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass, field
from functools import lru_cache
from importlib.resources import files

from uriinspector.core.domains import HOST_CACHE_SIZE
from uriinspector.core.grammar import LazyPattern

#: The resource file, relative to the ``uriinspector.resources`` package.
CARRIERS_FILE = "carriers.json"


@dataclass(frozen=True, slots=True)
class Carrier:
    """One row of the table: a host/path form that carries its target."""

    via: str
    title: str
    hosts: LazyPattern
    paths: LazyPattern
    params: tuple[str, ...]
    path_after: int | None
    code: str | None
    encoding: str
    missing: str | None
    source: str
    #: The target is the path text after ``path_marker`` (Yahoo's ``/RU=``, Partnerize's
    #: ``/destination:``), up to the first of ``path_marker_end`` (``/RK=``) or the end
    #: of the path.
    path_marker: str | None = None
    path_marker_end: tuple[str, ...] = ()
    #: The whole query is the target (DoubleClick's ``/ddm/clk/...?https://...``).
    whole_query: bool = False
    #: A parameter holding named fields besides the target, read by ``fields_code``
    #: (Safe Links' ``data=``, :mod:`.safelinks`).
    fields_param: str | None = None
    #: A target written raw in the path takes the link's query along (AMP, CJ).
    with_query: bool = False


@dataclass(frozen=True, slots=True)
class Opaque:
    """A link form whose target is not in the link (``unknowable`` in the file)."""

    via: str
    title: str
    hosts: LazyPattern
    paths: LazyPattern
    hint_param: str | None
    reason: str
    source: str


@dataclass(frozen=True, slots=True)
class Mention:
    """A host whose URL-valued parameters or path are not forwarded to (share dialogs,
    archives, validators): the URL is still reported, but not as a destination."""

    title: str
    hosts: LazyPattern
    paths: LazyPattern
    reason: str


@dataclass(frozen=True, slots=True)
class Table:
    """The whole file, compiled."""

    carriers: tuple[Carrier, ...]
    opaque: tuple[Opaque, ...]
    mentions: tuple[Mention, ...]
    redirect_parameters: frozenset[str]
    date: str
    #: A literal label of each host pattern → the rows (numbered across carriers, opaque
    #: forms, mentions) with that pattern: a host holding none of these labels can only
    #: match the rows of :attr:`host_always` (patterns with no literal label, ``*``).
    host_labels: dict[str, tuple[int, ...]] = field(default_factory=dict, compare=False)
    host_always: tuple[int, ...] = ()


#: What a trailing ``.*`` stands for: a generic TLD or a country's own suffix
#: (``google.com``, ``google.de``, ``google.co.uk``, ``google.com.au``), never a
#: registrable domain of someone else (``google.evil.example`` does not match).
_ANY_SUFFIX = r"\.(?:com|net|org|[a-z]{2}|(?:co|com|ac|ne|or|gov|edu)\.[a-z]{2})"


def _host_regex(pattern: str) -> str:
    """A host pattern as a regex: ``*`` alone any host, ``*.`` any subdomains, ``.*`` a
    public suffix of the brand's own (:data:`_ANY_SUFFIX`), ``*`` inside a label any
    text of that label."""
    if pattern == "*":
        return ".*"
    lead = trail = ""
    body = pattern.lower()
    if body.startswith("*."):
        lead, body = r"(?:[^.]+\.)+", body[2:]
    if body.endswith(".*"):
        trail, body = _ANY_SUFFIX, body[:-2]
    middle = r"[^.]*".join(re.escape(piece) for piece in body.split("*"))
    return lead + middle + trail


def _path_regex(pattern: str) -> str:
    """A path glob as a regex: ``*`` any text, ``?`` one character."""
    out = []
    for ch in pattern:
        out.append(".*" if ch == "*" else "." if ch == "?" else re.escape(ch))
    return "".join(out)


def _compile_hosts(patterns: object) -> LazyPattern:
    """A row's host patterns as one regex, compiled when a host first reaches the row
    (the host index lets only a few of the ~170 rows' regexes be used per host; compiling
    them all was ~100 M instructions of each process's first analysis)."""
    items = [str(p) for p in patterns] if isinstance(patterns, list) else []
    return LazyPattern("|".join(f"(?:{_host_regex(p)})" for p in items) or "(?!)")


def _anchor_label(pattern: str) -> str | None:
    """The longest label of a host pattern written without ``*``: every host the pattern
    matches holds it as a whole label (``None`` when the pattern has no such label)."""
    body = pattern.lower()
    if body.startswith("*."):
        body = body[2:]
    if body.endswith(".*"):
        body = body[:-2]
    literal = [label for label in body.split(".") if label and "*" not in label]
    return max(literal, key=len) if literal else None


def _host_index(rows: list[object]) -> tuple[dict[str, tuple[int, ...]], tuple[int, ...]]:
    """Each row's host patterns' anchor labels → the row's number, and the rows that
    any host may match (a pattern without a literal label)."""
    labels: dict[str, list[int]] = {}
    always: list[int] = []
    for i, patterns in enumerate(rows):
        items = [str(p) for p in patterns] if isinstance(patterns, list) else []
        anchors = [_anchor_label(p) for p in items]
        if None in anchors:
            always.append(i)
            continue
        for anchor in dict.fromkeys(a for a in anchors if a is not None):
            labels.setdefault(anchor, []).append(i)
    return {k: tuple(v) for k, v in labels.items()}, tuple(always)


def _compile_paths(patterns: object) -> LazyPattern:
    """A row's path globs as one regex, compiled on first use (as :func:`_compile_hosts`)."""
    items = [str(p) for p in patterns] if isinstance(patterns, list) else ["*"]
    return LazyPattern("|".join(f"(?:{_path_regex(p)})" for p in items) or "(?!)", re.I)


def _str(entry: dict[str, object], key: str, default: str = "") -> str:
    value = entry.get(key, default)
    return value if isinstance(value, str) else default


def parse_table(text: str) -> Table:
    """Compile the JSON text of a carrier table (raises ``ValueError`` when malformed)."""
    doc = json.loads(text)
    if not isinstance(doc, dict):
        raise ValueError("the carrier table must be a JSON object")
    carriers = []
    for e in doc.get("carriers", []):
        params = e.get("params", [])
        after = e.get("path_after")
        carriers.append(
            Carrier(
                via=_str(e, "via"),
                title=_str(e, "title"),
                hosts=_compile_hosts(e.get("hosts")),
                paths=_compile_paths(e.get("paths")),
                params=tuple(str(p).lower() for p in params),
                path_after=after if isinstance(after, int) else None,
                code=e.get("code") if isinstance(e.get("code"), str) else None,
                encoding=_str(e, "encoding", "percent"),
                missing=e.get("missing") if isinstance(e.get("missing"), str) else None,
                source=_str(e, "source"),
                path_marker=(
                    e.get("path_marker") if isinstance(e.get("path_marker"), str) else None
                ),
                path_marker_end=tuple(str(x) for x in e.get("path_marker_end", [])),
                whole_query=e.get("whole_query") is True,
                with_query=e.get("with_query") is True,
                fields_param=(
                    e.get("fields_param") if isinstance(e.get("fields_param"), str) else None
                ),
            )
        )
    opaque = tuple(
        Opaque(
            via=_str(e, "via"),
            title=_str(e, "title"),
            hosts=_compile_hosts(e.get("hosts")),
            paths=_compile_paths(e.get("paths")),
            hint_param=e.get("hint_param") if isinstance(e.get("hint_param"), str) else None,
            reason=_str(e, "reason"),
            source=_str(e, "source"),
        )
        for e in doc.get("unknowable", [])
    )
    mentions = tuple(
        Mention(
            title=_str(e, "title"),
            hosts=_compile_hosts(e.get("hosts")),
            paths=_compile_paths(e.get("paths")),
            reason=_str(e, "reason"),
        )
        for e in doc.get("mentions", [])
    )
    names = frozenset(str(n).lower() for n in doc.get("redirect_parameters", []))
    entries = [*doc.get("carriers", []), *doc.get("unknowable", []), *doc.get("mentions", [])]
    labels, always = _host_index([e.get("hosts") for e in entries])
    return Table(tuple(carriers), opaque, mentions, names, _str(doc, "date"), labels, always)


_lock = threading.Lock()
_table: Table | None = None


def table() -> Table:
    """The shipped table, read and compiled on first use (thread-safe)."""
    global _table
    if _table is None:
        with _lock:
            if _table is None:
                text = files("uriinspector.resources").joinpath(CARRIERS_FILE).read_text("utf-8")
                _table = parse_table(text)
    return _table


_Rows = tuple[tuple[Carrier, ...], tuple[Opaque, ...], tuple[Mention, ...]]


@lru_cache(maxsize=HOST_CACHE_SIZE)
def _host_rows(host: str) -> _Rows:
    """The rows matching ``host``, cached as the tuples handed out (no copy per link)."""
    t = table()
    index = t.host_labels
    # only rows with an anchor label of the host can match (most hosts hold none)
    found = [index[label] for label in host.split(".") if label in index]
    rows = sorted(set(t.host_always).union(*found) if found else t.host_always)
    n_carriers = len(t.carriers)
    n_opaque = n_carriers + len(t.opaque)
    carriers: list[Carrier] = []
    opaque: list[Opaque] = []
    mentions: list[Mention] = []
    for i in rows:
        if i < n_carriers:
            if t.carriers[i].hosts.fullmatch(host):
                carriers.append(t.carriers[i])
        elif i < n_opaque:
            if t.opaque[i - n_carriers].hosts.fullmatch(host):
                opaque.append(t.opaque[i - n_carriers])
        elif t.mentions[i - n_opaque].hosts.fullmatch(host):
            mentions.append(t.mentions[i - n_opaque])
    return tuple(carriers), tuple(opaque), tuple(mentions)


def rows_for_host(host: str) -> _Rows:
    """The carriers, opaque forms and mention hosts whose host pattern matches ``host``
    (lower-case, no trailing dot). Cached per host: links repeat their hosts."""
    if not host or len(host) > 253:
        return (), (), ()
    return _host_rows(host)
