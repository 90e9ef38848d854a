"""The grammar of each edition as regular-expression *strings*, each under its ABNF.

No logic lives here (python-hyper/rfc3986 keeps ``abnf_regexp.py`` the same way):
``parse.py`` and ``host.py`` compile these, through :class:`LazyPattern` so that importing
the core compiles nothing (the window must paint first). Character classes come from
``charsets`` so the two can never drift apart.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from typing import Any

from uriinspector.core import charsets as cs

#: Characters one C-level regex call scans at most when a pattern declares its ``reach``
#: (about 1-5 ms each, so another thread gets the GIL between two calls).
CHUNK = 1 << 16


class LazyPattern:
    """A regular expression compiled on first use, then kept (compiling every pattern of
    every edition at import took ~90 ms of the window's start-up).

    Offers the ``re.Pattern`` methods the core uses; :meth:`get` gives the compiled
    pattern itself for hot loops. Immutable from the outside; a race at most compiles twice.
    """

    __slots__ = ("_compiled", "_flags", "_reach", "_source")

    def __init__(self, source: str, flags: int = 0, *, reach: int | None = None) -> None:
        """Remember ``source`` and ``flags``; nothing is compiled yet.

        ``reach`` (optional) promises that the pattern never matches the empty string,
        has no ``$``/``\\b``/``\\Z`` at the end of the range, and that each attempt at
        a position reads at most ``reach`` characters past that position or past the
        end of the match it finds (a ``[...]+`` run: 1; ``%(?![0-9A-Fa-f]{2})``: 3).
        Then :meth:`finditer`, :meth:`search` and :meth:`count` scan a long range
        :data:`CHUNK` characters at a time with the same matches: one C call over a
        megabyte holds the GIL for 50-130 ms, and the window's event loop waits.
        """
        self._source = source
        self._flags = flags
        self._reach = reach
        self._compiled: re.Pattern[str] | None = None

    def __eq__(self, other: object) -> bool:
        """Equal to a lazy pattern of the same source, flags and reach (as a compiled
        ``re.Pattern`` equals one of the same source and flags)."""
        if not isinstance(other, LazyPattern):
            return NotImplemented
        return (self._source, self._flags, self._reach) == (
            other._source, other._flags, other._reach
        )

    def __hash__(self) -> int:
        """Hash of the source, flags and reach (see :meth:`__eq__`)."""
        return hash((self._source, self._flags, self._reach))

    def get(self) -> re.Pattern[str]:
        """The compiled pattern (compiled now if this is the first use)."""
        p = self._compiled
        if p is None:
            p = self._compiled = re.compile(self._source, self._flags)
        return p

    @property
    def is_compiled(self) -> bool:
        """Whether the pattern has been compiled yet (it is on first use)."""
        return self._compiled is not None

    @property
    def reach(self) -> int | None:
        """The promise that lets a long range be scanned in chunks (see ``__init__``)."""
        return self._reach

    @property
    def pattern(self) -> str:
        """The source of the regular expression."""
        return self._source

    def match(self, s: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        """``re.Pattern.match``."""
        return self.get().match(s, pos, endpos)

    def fullmatch(self, s: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        """``re.Pattern.fullmatch``."""
        return self.get().fullmatch(s, pos, endpos)

    def search(self, s: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        """``re.Pattern.search`` (in chunks over a long range, see ``reach``)."""
        if self._reach is None or min(endpos, len(s)) - pos <= CHUNK:
            return self.get().search(s, pos, endpos)
        return next(self._chunked(s, pos, min(endpos, len(s)), self._reach), None)

    def finditer(self, s: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match[str]]:
        """``re.Pattern.finditer`` (in chunks over a long range, see ``reach``)."""
        if self._reach is None or min(endpos, len(s)) - pos <= CHUNK:
            return self.get().finditer(s, pos, endpos)
        return self._chunked(s, pos, min(endpos, len(s)), self._reach)

    def count(self, s: str, pos: int = 0, endpos: int = sys.maxsize) -> int:
        """How many matches :meth:`finditer` yields (``len(findall(...))`` without the
        list, and in chunks over a long range)."""
        n = 0
        for _ in self.finditer(s, pos, endpos):
            n += 1
        return n

    def _chunked(self, s: str, pos: int, end: int, reach: int) -> Iterator[re.Match[str]]:
        """``finditer`` over ``s[pos:end]`` as a series of calls over CHUNK characters.

        A match is kept only if it and the ``reach`` characters after it lie inside
        its chunk; the next chunk starts at the first match that did not (it may go
        on, or its lookahead was cut), else ``reach`` before the chunk's end (an
        attempt there may have failed only for want of text). A run longer than a
        chunk is matched by one call over the rest (one run is a quick C loop).
        """
        p = self.get()
        while True:
            stop = pos + CHUNK
            if stop + reach >= end:
                yield from p.finditer(s, pos, end)
                return
            resume = stop - reach
            for m in p.finditer(s, pos, stop):
                if m.end() + reach > stop:
                    resume = m.start()
                    break
                yield m
            if resume <= pos:  # a match from the chunk's start to (near) its end
                long_run = p.search(s, pos, end)
                if long_run is None:  # cannot happen for a pattern keeping the promise
                    return
                yield long_run
                resume = max(long_run.end(), pos + 1)
            pos = resume

    def findall(self, s: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        """``re.Pattern.findall``."""
        return self.get().findall(s, pos, endpos)

    def sub(self, repl: str | Callable[[re.Match[str]], str], s: str, count: int = 0) -> str:
        """``re.Pattern.sub``."""
        return self.get().sub(repl, s, count)

    def split(self, s: str, maxsplit: int = 0) -> list[str | Any]:
        """``re.Pattern.split``."""
        return self.get().split(s, maxsplit)


#: ``re.escape`` of each ASCII character it changes (it leaves every other character as
#: it is), as a ``str.translate`` table: one call per class instead of one per character
#: (~5,000 at import).
_ESCAPED = {i: re.escape(chr(i)) for i in range(128) if re.escape(chr(i)) != chr(i)}


def chars(allowed: frozenset[str]) -> str:
    """A regex character-class body (no brackets) matching exactly ``allowed``: each
    character ``re.escape``d, in code point order."""
    return "".join(sorted(allowed)).translate(_ESCAPED)


# ---- common terminals ----------------------------------------------------------------
# RFC 3986 §2.1   pct-encoded = "%" HEXDIG HEXDIG
#                 (RFC 2396 §2.4.1 escaped = "%" hex hex; draft-1993 escape % hex hex)
PCT_ENCODED = "%[0-9A-Fa-f]{2}"
# RFC 3986 §2.1   a "%" that does not start a pct-encoded triplet
MALFORMED_PERCENT = "%(?![0-9A-Fa-f]{2})"
# RFC 3986 §3.2.3 port = *DIGIT              (RFC 2396 §3.2.2, draft-1997 §4.3.1: the same)
PORT = "[0-9]*"
# draft-1993 BNF  port digits                (one or more)
PORT_1993 = "[0-9]+"

# ---- scheme --------------------------------------------------------------------------
# RFC 3986 §3.1   scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
#                 (RFC 2396 §3.1 and draft-2003 §3.1 say the same)
SCHEME = "[A-Za-z][A-Za-z0-9+.-]*"
# draft-1997 §4.1 scheme = 1*( alpha | digit | "+" | "-" | "." )
SCHEME_1997 = "[A-Za-z0-9+.-]+"
# draft-1993 BNF  scheme ialpha;  ialpha alpha [ xalphas ];  xalpha alpha|digit|safe|extra|escape
#                 (":" is in extra, but the scheme ends at the first ":")
XALPHA_1993 = f"(?:[{chars(cs.DRAFT1993_XALPHA - frozenset(':'))}]|{PCT_ENCODED})"
SCHEME_1993 = f"[A-Za-z]{XALPHA_1993}*"

# ---- IPv4 ----------------------------------------------------------------------------
# RFC 3986 §3.2.2 dec-octet = DIGIT                 ; 0-9
#                           / %x31-39 DIGIT         ; 10-99
#                           / "1" 2DIGIT            ; 100-199
#                           / "2" %x30-34 DIGIT     ; 200-249
#                           / "25" %x30-35          ; 250-255
DEC_OCTET = "(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])"
# RFC 3986 §3.2.2 IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
#                 (draft-2003 §3.2.2: the same)
IPV4ADDRESS = rf"{DEC_OCTET}\.{DEC_OCTET}\.{DEC_OCTET}\.{DEC_OCTET}"
# RFC 2396 §3.2.2 IPv4address = 1*digit "." 1*digit "." 1*digit "." 1*digit
#                 (draft-1997 §4.3.1 hostnumber: the same)
IPV4ADDRESS_2396 = r"[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+"
# draft-1993 BNF  hostnumber digits . digits . digits . digits
IPV4ADDRESS_1993 = IPV4ADDRESS_2396

# ---- IPv6 (RFC 3986 §3.2.2; draft-2003 §3.2.2 names h16 "h4") ------------------------
# RFC 3986 §3.2.2 h16  = 1*4HEXDIG
H16 = "[0-9A-Fa-f]{1,4}"
# RFC 3986 §3.2.2 ls32 = ( h16 ":" h16 ) / IPv4address
LS32 = f"(?:{H16}:{H16}|{IPV4ADDRESS})"
IPV6_FORMS: tuple[str, ...] = (
    #                            6( h16 ":" ) ls32
    f"(?:{H16}:){{6}}{LS32}",
    #                       "::" 5( h16 ":" ) ls32
    f"::(?:{H16}:){{5}}{LS32}",
    # [               h16 ] "::" 4( h16 ":" ) ls32
    f"(?:{H16})?::(?:{H16}:){{4}}{LS32}",
    # [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
    f"(?:(?:{H16}:){{0,1}}{H16})?::(?:{H16}:){{3}}{LS32}",
    # [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
    f"(?:(?:{H16}:){{0,2}}{H16})?::(?:{H16}:){{2}}{LS32}",
    # [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
    f"(?:(?:{H16}:){{0,3}}{H16})?::{H16}:{LS32}",
    # [ *4( h16 ":" ) h16 ] "::"              ls32
    f"(?:(?:{H16}:){{0,4}}{H16})?::{LS32}",
    # [ *5( h16 ":" ) h16 ] "::"              h16
    f"(?:(?:{H16}:){{0,5}}{H16})?::{H16}",
    # [ *6( h16 ":" ) h16 ] "::"
    f"(?:(?:{H16}:){{0,6}}{H16})?::",
)
# RFC 3986 §3.2.2 IPv6address = the nine forms above, as alternatives
IPV6ADDRESS = "(?:" + "|".join(IPV6_FORMS) + ")"
# RFC 3986 §3.2.2 IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
#                 (the "v" is case-insensitive: RFC 3986 §2.1 ABNF strings)
IPVFUTURE = f"[vV][0-9A-Fa-f]+\\.[{chars(cs.RFC3986_IPVFUTURE_TAIL)}]+"
# RFC 3986 §3.2.2 IP-literal = "[" ( IPv6address / IPvFuture  ) "]"
IP_LITERAL = rf"\[(?:{IPV6ADDRESS}|{IPVFUTURE})\]"
# RFC 6874 §2     ZoneID = 1*( unreserved / pct-encoded );  IPv6addrz = IPv6address "%25" ZoneID
#                 (not part of any edition here; used only to explain the error)
ZONEID = f"(?:[{chars(cs.RFC3986_UNRESERVED)}]|{PCT_ENCODED})+"
IPV6ADDRZ = f"{IPV6ADDRESS}%25{ZONEID}"

# ---- registered names and hostnames --------------------------------------------------
# RFC 3986 §3.2.2 reg-name = *( unreserved / pct-encoded / sub-delims )
REG_NAME = f"(?:[{chars(cs.RFC3986_REG_NAME)}]|{PCT_ENCODED})*"
# RFC 2396 §3.2.1 reg_name = 1*( unreserved | escaped | "$" | "," |
#                                ";" | ":" | "@" | "&" | "=" | "+" )
REG_NAME_2396 = f"(?:[{chars(cs.RFC2396_REG_NAME)}]|{PCT_ENCODED})+"
# draft-2003 §3.2.1 reg-name = 1*( unreserved / escaped / ";" / ":" / "@" / "&" / "=" / "+"
#                                  / "$" / "," )
REG_NAME_2003 = f"(?:[{chars(cs.DRAFT2003_REG_NAME)}]|{PCT_ENCODED})+"
# RFC 2396 §3.2.2 domainlabel = alphanum | alphanum *( alphanum | "-" ) alphanum
DOMAINLABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
# RFC 2396 §3.2.2 toplabel    = alpha | alpha *( alphanum | "-" ) alphanum
TOPLABEL = "[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
# RFC 2396 §3.2.2 hostname    = *( domainlabel "." ) toplabel [ "." ]
HOSTNAME = rf"(?:{DOMAINLABEL}\.)*{TOPLABEL}\.?"
# draft-1997 §4.3.1 hostname  = *( domainlabel "." ) toplabel      (no trailing ".")
HOSTNAME_1997 = rf"(?:{DOMAINLABEL}\.)*{TOPLABEL}"
# draft-2003 §3.2.2 hostname  = domainlabel qualified
#                   qualified = *( "." domainlabel ) [ "." toplabel "." ]
#                   domainlabel = alphanum [ 0*61( alphanum | "-" ) alphanum ]
#                   toplabel    = alpha [ 0*61( alphanum | "-" ) alphanum ]
DOMAINLABEL_2003 = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
TOPLABEL_2003 = "[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
HOSTNAME_2003 = rf"{DOMAINLABEL_2003}(?:\.{DOMAINLABEL_2003})*(?:\.{TOPLABEL_2003}\.)?"
# draft-1993 BNF  hostname ialpha [ . hostname ];  ialpha alpha [ xalphas ]
#                 ("." is itself a safe xalpha, so this is: a letter, then xalphas)
HOSTNAME_1993 = f"[A-Za-z]{XALPHA_1993}*"


# ---- whole references in one pattern (the validated parse's fast path) ----------------
# Each pattern below accepts exactly the references its edition's grammar accepts *and*
# that the diagnostic parser (``parse.py``) reports nothing but known warnings for; one
# ``fullmatch`` validates and gives every component's span. ``fast_parse.py`` compiles
# them; anything they reject goes to the diagnostic parser. The named groups mirror the
# Appendix B split: scheme, authority, userinfo, host (v4: an IPv4 host), port, path,
# query, fragment. Repetitions of "chars or pct-encoded" are written unrolled,
# ``[c]*(?:%HH[c]*)*``, one class run per stretch instead of an alternation per character.


def run_of(allowed: frozenset[str], *, pct: bool = True) -> str:
    """``*( allowed / pct-encoded )`` (or ``*allowed``) as a linear, unrolled pattern."""
    body = f"[{chars(allowed)}]*"
    return f"{body}(?:{PCT_ENCODED}{body})*" if pct else body


def reference_pattern(
    *,
    scheme: str,
    userinfo: str,
    host: str,
    port: str,
    path_abempty: str,
    path_noauth_uri: str,
    path_noauth_rel: str,
    query: str,
    fragment: str,
    hier_required: bool = False,
) -> str:
    """One edition's reference grammar assembled from its pieces (all regex strings).

    ``path_abempty`` follows an authority; ``path_noauth_uri`` follows ``scheme ':'``
    with no authority, ``path_noauth_rel`` starts a relative reference. None of the
    three may start with ``//`` (the Appendix B split would read an authority there).
    ``hier_required``: a URI needs something after ``scheme ':'`` (RFC 2396 §3).
    """
    after_scheme = f"(?!//){path_noauth_uri}"
    if hier_required:
        after_scheme = "(?=[^#])" + after_scheme  # not "scheme:" or "scheme:#f"
    return (
        f"(?:(?P<scheme>{scheme}):)?"
        f"(?://(?P<authority>(?:(?P<userinfo>{userinfo})@)?(?P<host>{host})"
        f"(?::(?P<port>{port}))?))?"
        f"(?P<path>(?(authority){path_abempty}|(?(scheme){after_scheme}|(?!//){path_noauth_rel})))"
        f"(?:\\?(?P<query>{query}))?"
        f"(?:#(?P<fragment>{fragment}))?"
    )


def _ipv4_host(v4: str) -> str:
    """An IPv4 host as its own group, only when it is the whole host."""
    return f"(?P<v4>{v4})(?![^:/?#])"


#: RFC 3986 §3.2.2: a reg-name of four digit groups that is no IPv4address warns, so the
#: fast pattern leaves it to the diagnostic parser.
_NOT_IPV4_LIKE = f"(?!{IPV4ADDRESS_2396}(?![^:/?#]))"
#: RFC 2396 §3.2.2 (and the drafts): hostport = host [ ":" port ] needs a host when a
#: userinfo or a port is there; an empty host is fine only alone ("file:///x").
_EMPTY_HOST_ALONE = "(?<!@)(?!:)"


_P3986 = run_of(cs.RFC3986_PCHAR | frozenset("/"))
#: RFC 3986 §4.1 URI-reference = URI / relative-ref  (§3 URI, §4.2 relative-ref):
#:   hier-part / relative-part = "//" authority path-abempty / path-absolute
#:                               / path-rootless (URI) / path-noscheme (relative) / path-empty
#:   authority = [ userinfo "@" ] host [ ":" port ];  host = IP-literal / IPv4address / reg-name
#: (a userinfo with ":" matches; ``parse`` adds §3.2.1's warning, its one diagnostic)
REFERENCE_RFC3986 = reference_pattern(
    scheme=SCHEME,
    userinfo=run_of(cs.RFC3986_USERINFO),
    host=f"{_ipv4_host(IPV4ADDRESS)}|{IP_LITERAL}|{_NOT_IPV4_LIKE}{run_of(cs.RFC3986_REG_NAME)}",
    port=PORT,
    path_abempty=f"(?:/{_P3986})?",
    path_noauth_uri=_P3986,
    path_noauth_rel=f"{run_of(cs.RFC3986_SEGMENT_NZ_NC)}(?:/{_P3986})?",
    query=run_of(cs.RFC3986_QUERY),
    fragment=run_of(cs.RFC3986_QUERY),
)


def _older_reference(
    *,
    scheme: str,
    userinfo: frozenset[str],
    host: str,
    port: str,
    path: frozenset[str],
    opaque: frozenset[str],
    query: frozenset[str],
    fragment: frozenset[str],
    hier_required: bool = False,
) -> str:
    """An edition before RFC 3986: ``server`` authorities only (a ``reg_name`` authority
    warns), a path that is ``opaque_part`` when it follows ``scheme ':'`` without "/", and
    a relative reference whose first segment has no ":" (else the split reads a scheme)."""
    p = run_of(path - frozenset("?#"))
    first = run_of(path - frozenset(":/?#"))
    return reference_pattern(
        scheme=scheme,
        userinfo=run_of(userinfo - frozenset(":@")),
        host=host,
        port=port,
        path_abempty=f"(?:/{p})?",
        path_noauth_uri=f"(?:/{p}|(?!/){run_of(opaque - frozenset('?#'))})",
        path_noauth_rel=f"{first}(?:/{p})?",
        query=run_of(query - frozenset("#")),
        fragment=run_of(fragment - frozenset("#")),
        hier_required=hier_required,
    )


#: draft-2003 §3 URI-reference (server authority, IPv6reference, no IPvFuture); the query
#: of an opaque URI is checked against the narrower query rule (§3.4), a subset of uric.
REFERENCE_DRAFT_2003 = _older_reference(
    scheme=SCHEME,
    userinfo=cs.DRAFT2003_USERINFO,
    host=f"{_ipv4_host(IPV4ADDRESS)}|\\[{IPV6ADDRESS}\\]|{HOSTNAME_2003}|{_EMPTY_HOST_ALONE}",
    port=PORT,
    path=cs.DRAFT2003_PATH,
    opaque=cs.DRAFT2003_URIC,
    query=cs.DRAFT2003_QUERY,
    fragment=cs.DRAFT2003_QUERY,
)
#: RFC 2396 §3 URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]; §3.2.2
#: server = [ [ userinfo "@" ] hostport ], host = hostname | IPv4address.
REFERENCE_RFC2396 = _older_reference(
    scheme=SCHEME,
    userinfo=cs.RFC2396_USERINFO,
    host=f"{_ipv4_host(IPV4ADDRESS_2396)}|{HOSTNAME}|{_EMPTY_HOST_ALONE}",
    port=PORT,
    path=cs.RFC2396_PATH,
    opaque=cs.RFC2396_URIC,
    query=cs.RFC2396_URIC,
    fragment=cs.RFC2396_URIC,
    hier_required=True,
)
#: draft-1997 §4 URL-reference; §4.3.1 login = [ user [ ":" password ] "@" ] hostport.
REFERENCE_DRAFT_1997 = _older_reference(
    scheme=SCHEME_1997,
    userinfo=cs.DRAFT1997_USER,
    host=f"{_ipv4_host(IPV4ADDRESS_2396)}|{HOSTNAME_1997}|{_EMPTY_HOST_ALONE}",
    port=PORT,
    path=cs.DRAFT1997_PATH,
    opaque=cs.DRAFT1997_URLC,
    query=cs.DRAFT1997_URLC,
    fragment=cs.DRAFT1997_URLC,
)
# draft-1993 BNF: space is an ``extra`` character, but its prose says spaces are not legal
# (a warning), so the fast pattern leaves every space to the diagnostic parser.
_X1993 = cs.DRAFT1993_XALPHA - frozenset(" ")
#: draft-1993 BNF url; hostport host [ : port ] with a host required and port digits.
REFERENCE_DRAFT_1993 = _older_reference(
    scheme=f"[A-Za-z]{run_of(_X1993 - frozenset(':'))}",
    userinfo=_X1993,
    host=f"{_ipv4_host(IPV4ADDRESS_1993)}|[A-Za-z]{run_of(_X1993 - frozenset(':@'))}",
    port=PORT_1993,
    path=cs.DRAFT1993_PATH - frozenset(" "),
    opaque=cs.DRAFT1993_PATH - frozenset(" "),
    query=cs.DRAFT1993_SEARCH - frozenset(" "),
    fragment=_X1993,
)
