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


class LazyPattern:
    """A regular expression compiled on first use, then kept (compiling every pattern of
    every edition at import took ~90 ms of the window's start-up).

    Offers the ``re.Pattern`` methods the core uses; :meth:`get` gives the compiled
    pattern itself for hot loops. Immutable from the outside; a race at most compiles twice.
    """

    __slots__ = ("_compiled", "_flags", "_source")

    def __init__(self, source: str, flags: int = 0) -> None:
        """Remember ``source`` and ``flags``; nothing is compiled yet."""
        self._source = source
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None

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
        """``re.Pattern.search``."""
        return self.get().search(s, pos, endpos)

    def finditer(self, s: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match[str]]:
        """``re.Pattern.finditer``."""
        return self.get().finditer(s, pos, endpos)

    def findall(self, s: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        """``re.Pattern.findall``."""
        return self.get().findall(s, pos, endpos)

    def sub(self, repl: str | Callable[[re.Match[str]], str], s: str, count: int = 0) -> str:
        """``re.Pattern.sub``."""
        return self.get().sub(repl, s, count)

    def split(self, s: str, maxsplit: int = 0) -> list[str | Any]:
        """``re.Pattern.split``."""
        return self.get().split(s, maxsplit)


def chars(allowed: frozenset[str]) -> str:
    """A regex character-class body (no brackets) matching exactly ``allowed``."""
    return "".join(re.escape(c) for c in sorted(allowed))


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
IPV6ADDRZ = f"{IPV6ADDRESS}%25(?:[{chars(cs.RFC3986_UNRESERVED)}]|{PCT_ENCODED})+"

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
