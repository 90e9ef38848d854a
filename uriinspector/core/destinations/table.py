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
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files

from uriinspector.core.domains import HOST_CACHE_SIZE

#: The resource file, relative to the ``uriinspector.resources`` package.
CARRIERS_FILE = "carriers.json"


@dataclass(frozen=True, slots=True)
class Carrier:
    """One row of the table: a host/path form that carries its target."""

    via: str
    title: str
    hosts: re.Pattern[str]
    paths: re.Pattern[str]
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
    hosts: re.Pattern[str]
    paths: re.Pattern[str]
    hint_param: str | None
    reason: str
    source: str


@dataclass(frozen=True, slots=True)
class Mention:
    """A host whose URL-valued parameters or path are not forwarded to (share dialogs,
    archives, validators): the URL is still reported, but not as a destination."""

    title: str
    hosts: re.Pattern[str]
    paths: re.Pattern[str]
    reason: str


@dataclass(frozen=True, slots=True)
class Table:
    """The whole file, compiled."""

    carriers: tuple[Carrier, ...]
    opaque: tuple[Opaque, ...]
    mentions: tuple[Mention, ...]
    redirect_parameters: frozenset[str]
    date: str


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


def _compile_hosts(patterns: object) -> re.Pattern[str]:
    items = [str(p) for p in patterns] if isinstance(patterns, list) else []
    return re.compile("|".join(f"(?:{_host_regex(p)})" for p in items) or "(?!)")


def _compile_paths(patterns: object) -> re.Pattern[str]:
    items = [str(p) for p in patterns] if isinstance(patterns, list) else ["*"]
    return re.compile("|".join(f"(?:{_path_regex(p)})" for p in items) or "(?!)", re.I)


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
    return Table(tuple(carriers), opaque, mentions, names, _str(doc, "date"))


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


@lru_cache(maxsize=HOST_CACHE_SIZE)
def _host_rows(host: str) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    t = table()
    return (
        tuple(i for i, c in enumerate(t.carriers) if c.hosts.fullmatch(host)),
        tuple(i for i, o in enumerate(t.opaque) if o.hosts.fullmatch(host)),
        tuple(i for i, m in enumerate(t.mentions) if m.hosts.fullmatch(host)),
    )


def rows_for_host(host: str) -> tuple[tuple[Carrier, ...], tuple[Opaque, ...], tuple[Mention, ...]]:
    """The carriers, opaque forms and mention hosts whose host pattern matches ``host``
    (lower-case, no trailing dot). Cached per host: links repeat their hosts."""
    if not host or len(host) > 253:
        return (), (), ()
    t = table()
    ci, oi, mi = _host_rows(host)
    if not (ci or oi or mi):  # most hosts: no generator built per line
        return (), (), ()
    return (
        tuple(t.carriers[i] for i in ci),
        tuple(t.opaque[i] for i in oi),
        tuple(t.mentions[i] for i in mi),
    )
