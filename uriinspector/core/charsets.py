"""Character sets of each edition, each under the ABNF line it encodes.

Tables only, no logic (python-hyper/rfc3986 keeps its grammar apart the same way).
"""

from __future__ import annotations

ALPHA = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
DIGIT = frozenset("0123456789")
# HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"   (case-insensitive, RFC 3986 §2.1)
HEXDIG = DIGIT | frozenset("ABCDEFabcdef")

# ---- RFC 3986 (2005) -------------------------------------------------------------
# RFC 3986 §2.3   unreserved  = ALPHA / DIGIT / "-" / "." / "_" / "~"
RFC3986_UNRESERVED = ALPHA | DIGIT | frozenset("-._~")
# RFC 3986 §2.2   gen-delims  = ":" / "/" / "?" / "#" / "[" / "]" / "@"
RFC3986_GEN_DELIMS = frozenset(":/?#[]@")
# RFC 3986 §2.2   sub-delims  = "!" / "$" / "&" / "'" / "(" / ")"
#                             / "*" / "+" / "," / ";" / "="
RFC3986_SUB_DELIMS = frozenset("!$&'()*+,;=")
# RFC 3986 §2.2   reserved    = gen-delims / sub-delims
RFC3986_RESERVED = RFC3986_GEN_DELIMS | RFC3986_SUB_DELIMS
# RFC 3986 §3.3   pchar       = unreserved / pct-encoded / sub-delims / ":" / "@"
RFC3986_PCHAR = RFC3986_UNRESERVED | RFC3986_SUB_DELIMS | frozenset(":@")
# RFC 3986 §3.4   query       = *( pchar / "/" / "?" )     (fragment: the same, §3.5)
RFC3986_QUERY = RFC3986_PCHAR | frozenset("/?")
# RFC 3986 §3.2.1 userinfo    = *( unreserved / pct-encoded / sub-delims / ":" )
RFC3986_USERINFO = RFC3986_UNRESERVED | RFC3986_SUB_DELIMS | frozenset(":")
# RFC 3986 §3.2.2 reg-name    = *( unreserved / pct-encoded / sub-delims )
RFC3986_REG_NAME = RFC3986_UNRESERVED | RFC3986_SUB_DELIMS
# RFC 3986 §3.1   scheme      = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
SCHEME_CHARS = ALPHA | DIGIT | frozenset("+-.")
# RFC 3986 §3.3   segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
#                 (the first segment of a relative-path reference: no ":", §4.2)
RFC3986_SEGMENT_NZ_NC = RFC3986_UNRESERVED | RFC3986_SUB_DELIMS | frozenset("@")
# RFC 3986 §3.2.2 IPvFuture   = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
RFC3986_IPVFUTURE_TAIL = RFC3986_UNRESERVED | RFC3986_SUB_DELIMS | frozenset(":")

# ---- Shared by RFC 2396 (1998), draft-1997 and draft-2003 ----------------------------
# RFC 2396 §2.4.3 control = <US-ASCII coded characters 00-1F and 7F hexadecimal>
CONTROL = frozenset(chr(c) for c in range(0x20)) | frozenset("\x7f")
# RFC 2396 §2.4.3 space   = <US-ASCII coded character 20 hexadecimal>
SPACE = frozenset(" ")
# RFC 2396 §2.4.3 delims  = "<" | ">" | "#" | "%" | <">
DELIMS = frozenset('<>#%"')
# RFC 2396 §2.4.3 unwise  = "{" | "}" | "|" | "\" | "^" | "[" | "]" | "`"
UNWISE = frozenset("{}|\\^[]`")
# RFC 2396 §1.6   alphanum = alpha | digit
ALPHANUM = ALPHA | DIGIT

# ---- RFC 2396 (1998) -----------------------------------------------------------------
# RFC 2396 §2.2   reserved    = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" |
#                               "$" | ","
RFC2396_RESERVED = frozenset(";/?:@&=+$,")
# RFC 2396 §2.3   mark        = "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" | ")"
RFC2396_MARK = frozenset("-_.!~*'()")
# RFC 2396 §2.3   unreserved  = alphanum | mark
RFC2396_UNRESERVED = ALPHANUM | RFC2396_MARK
# RFC 2396 §2.1   uric        = reserved | unreserved | escaped
RFC2396_URIC = RFC2396_RESERVED | RFC2396_UNRESERVED
# RFC 2396 §3.2.1 reg_name    = 1*( unreserved | escaped | "$" | "," |
#                                   ";" | ":" | "@" | "&" | "=" | "+" )
RFC2396_REG_NAME = RFC2396_UNRESERVED | frozenset("$,;:@&=+")
# RFC 2396 §3.2.2 userinfo    = *( unreserved | escaped |
#                                  ";" | ":" | "&" | "=" | "+" | "$" | "," )
RFC2396_USERINFO = RFC2396_UNRESERVED | frozenset(";:&=+$,")
# RFC 2396 §3.3   pchar       = unreserved | escaped |
#                               ":" | "@" | "&" | "=" | "+" | "$" | ","
RFC2396_PCHAR = RFC2396_UNRESERVED | frozenset(":@&=+$,")
# RFC 2396 §3.3   segment     = *pchar *( ";" param )   path_segments = segment *( "/" segment )
RFC2396_PATH = RFC2396_PCHAR | frozenset(";/")
# RFC 2396 §5     rel_segment = 1*( unreserved | escaped |
#                                   ";" | "@" | "&" | "=" | "+" | "$" | "," )
RFC2396_REL_SEGMENT = RFC2396_UNRESERVED | frozenset(";@&=+$,")
# RFC 2396 §3.2.2 hostname    = *( domainlabel "." ) toplabel [ "." ]   (alphanum, "-", ".")
HOSTNAME_CHARS = ALPHANUM | frozenset("-.")

# ---- draft-2003 (draft-fielding-uri-rfc2396bis-01) ------------------------------------
# draft-2003 §2.2 reserved = "[" / "]" / ";" / "/" / "?" / ":" / "@" / "&" / "=" / "+"
#                            / "$" / ","
DRAFT2003_RESERVED = frozenset("[];/?:@&=+$,")
# draft-2003 §2.3 unreserved = ALPHA / DIGIT / mark
#                 mark = "-" / "_" / "." / "!" / "~" / "*" / "'" / "(" / ")"
DRAFT2003_MARK = RFC2396_MARK
DRAFT2003_UNRESERVED = ALPHANUM | DRAFT2003_MARK
# draft-2003 §2.4.3 unwise = "{" / "}" / "|" / "\" / "^" / "`"   ("[" "]" became reserved)
DRAFT2003_UNWISE = frozenset("{}|\\^`")
# draft-2003 §2      uric = reserved / unreserved / escaped
DRAFT2003_URIC = DRAFT2003_RESERVED | DRAFT2003_UNRESERVED
# draft-2003 §3.2.1 reg-name = 1*( unreserved / escaped / ";" / ":" / "@" / "&" / "=" / "+"
#                                 / "$" / "," )
DRAFT2003_REG_NAME = DRAFT2003_UNRESERVED | frozenset(";:@&=+$,")
# draft-2003 §3.2.2 userinfo = *( unreserved / escaped / ";" / ":" / "&" / "=" / "+" / "$"
#                                 / "," )
DRAFT2003_USERINFO = DRAFT2003_UNRESERVED | frozenset(";:&=+$,")
# draft-2003 §3.3   pchar = unreserved / escaped / ";" / ":" / "@" / "&" / "=" / "+" / "$" / ","
DRAFT2003_PCHAR = DRAFT2003_UNRESERVED | frozenset(";:@&=+$,")
DRAFT2003_PATH = DRAFT2003_PCHAR | frozenset("/")
# draft-2003 §3.4   query = *( pchar / "/" / "?" )      (§4.1 fragment: the same)
DRAFT2003_QUERY = DRAFT2003_PCHAR | frozenset("/?")
# draft-2003 §5     rel-segment = 1*( unreserved / escaped / ";" / "@" / "&" / "=" / "+"
#                                    / "$" / "," )
DRAFT2003_REL_SEGMENT = DRAFT2003_UNRESERVED | frozenset(";@&=+$,")

# ---- draft-1997 (draft-fielding-url-syntax-05) ----------------------------------------
# draft-1997 §2.2 reserved = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+"
DRAFT1997_RESERVED = frozenset(";/?:@&=+")
# draft-1997 §2.3 mark = "$" | "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" | ")" | ","
DRAFT1997_MARK = frozenset("$-_.!~*'(),")
# draft-1997 §2.3 unreserved = alphanum | mark
DRAFT1997_UNRESERVED = ALPHANUM | DRAFT1997_MARK
# draft-1997 App. A urlc = reserved | unreserved | escaped
DRAFT1997_URLC = DRAFT1997_RESERVED | DRAFT1997_UNRESERVED
# draft-1997 §4.3.1 user = *( unreserved | escaped | ";" | "&" | "=" | "+" )  (password: same)
DRAFT1997_USER = DRAFT1997_UNRESERVED | frozenset(";&=+")
# draft-1997 §4.3.2 pchar = unreserved | escaped | ":" | "@" | "&" | "=" | "+"
DRAFT1997_PCHAR = DRAFT1997_UNRESERVED | frozenset(":@&=+")
# draft-1997 §4.3.2 segment = *pchar *( ";" param )
DRAFT1997_PATH = DRAFT1997_PCHAR | frozenset(";/")
# draft-1997 §4.4 a relative path's first segment cannot contain ":" ("this:that")
DRAFT1997_REL_SEGMENT = DRAFT1997_PATH - frozenset(":/")

# ---- draft-1993 (Berners-Lee, Uniform Resource Locators) ------------------------------
# draft-1993 BNF  safe        $ | - | _ | @ | . | &
DRAFT1993_SAFE = frozenset("$-_@.&")
# draft-1993 BNF  extra       ! | * | " |  ' | ( | ) | : | ; | , | space
DRAFT1993_EXTRA = frozenset("!*\"'():;, ")
# draft-1993 BNF  variant     { | } | | | [ | ] | \ | ^ | ~      (defined, used by no rule)
DRAFT1993_VARIANT = frozenset("{}|[]\\^~")
# draft-1993 BNF  punctuation < | >                              (defined, used by no rule)
DRAFT1993_PUNCTUATION = frozenset("<>")
# draft-1993 BNF  xalpha      alpha | digit | safe | extra | escape
DRAFT1993_XALPHA = ALPHANUM | DRAFT1993_SAFE | DRAFT1993_EXTRA
# draft-1993 BNF  xpalpha     xalpha | +        path  void | xpalphas [ / path ]
DRAFT1993_PATH = DRAFT1993_XALPHA | frozenset("+/")
# draft-1993 BNF  search      xalphas [ + search ]
DRAFT1993_SEARCH = DRAFT1993_XALPHA | frozenset("+")
# draft-1993 "Partial form": "/" (and "..", ".") reserved for hierarchy; "?" search, "#"
# fragment, "+" search separator: the structural characters of the BNF.
DRAFT1993_STRUCTURAL = frozenset("/?#+")

# ---- RFC 1738 (1994) and RFC 1808 (1995): one set of character classes -----------------
# The two share their BNF character rules (RFC 1738 §5, RFC 1808 §2.2); no parser here
# reads them, they are compared class by class in the Editions view.
# RFC 1738 §5 / RFC 1808 §2.2  safe        = "$" | "-" | "_" | "." | "+"
RFC1738_SAFE = frozenset("$-_.+")
# RFC 1738 §5 / RFC 1808 §2.2  extra       = "!" | "*" | "'" | "(" | ")" | ","
RFC1738_EXTRA = frozenset("!*'(),")
# RFC 1738 §5 / RFC 1808 §2.2  national    = "{" | "}" | "|" | "\" | "^" | "~" |
#                                            "[" | "]" | "`"
RFC1738_NATIONAL = frozenset("{}|\\^~[]`")
# RFC 1738 §5 / RFC 1808 §2.2  punctuation = "<" | ">" | "#" | "%" | <">
RFC1738_PUNCTUATION = frozenset('<>#%"')
# RFC 1738 §5 / RFC 1808 §2.2  reserved    = ";" | "/" | "?" | ":" | "@" | "&" | "="
RFC1738_RESERVED = frozenset(";/?:@&=")
# RFC 1738 §5 / RFC 1808 §2.2  unreserved  = alpha | digit | safe | extra
RFC1738_UNRESERVED = ALPHANUM | RFC1738_SAFE | RFC1738_EXTRA
# RFC 1738 §5  xchar = unreserved | reserved | escape  (what may stand unescaped)
RFC1738_XCHAR = RFC1738_UNRESERVED | RFC1738_RESERVED

# ---- one lookup for the window: character -> class name, per edition ------------------
# Later rows win, so specific classes are listed after general ones.
_CLASS_ROWS_RFC3986: tuple[tuple[frozenset[str], str], ...] = (
    (CONTROL, "excluded-control"),
    (SPACE, "excluded-space"),
    (frozenset('<>"'), "excluded-delims"),
    (frozenset("{}|\\^`"), "excluded-unwise"),
    (RFC3986_UNRESERVED, "unreserved"),
    (RFC3986_GEN_DELIMS, "gen-delim"),
    (RFC3986_SUB_DELIMS, "sub-delim"),
    (frozenset("%"), "escape"),
)
_CLASS_ROWS_DRAFT2003: tuple[tuple[frozenset[str], str], ...] = (
    (CONTROL, "excluded-control"),
    (SPACE, "excluded-space"),
    (DELIMS, "excluded-delims"),
    (DRAFT2003_UNWISE, "excluded-unwise"),
    (ALPHANUM, "unreserved"),
    (DRAFT2003_MARK, "mark"),
    (DRAFT2003_RESERVED, "reserved"),
    (frozenset("%"), "escape"),
)
_CLASS_ROWS_RFC2396: tuple[tuple[frozenset[str], str], ...] = (
    (CONTROL, "excluded-control"),
    (SPACE, "excluded-space"),
    (DELIMS, "excluded-delims"),
    (UNWISE, "excluded-unwise"),
    (ALPHANUM, "unreserved"),
    (RFC2396_MARK, "mark"),
    (RFC2396_RESERVED, "reserved"),
    (frozenset("%"), "escape"),
)
_CLASS_ROWS_DRAFT1997: tuple[tuple[frozenset[str], str], ...] = (
    (CONTROL, "excluded-control"),
    (SPACE, "excluded-space"),
    (DELIMS, "excluded-delims"),
    (UNWISE, "excluded-unwise"),
    (ALPHANUM, "unreserved"),
    (DRAFT1997_MARK, "mark"),
    (DRAFT1997_RESERVED, "reserved"),
    (frozenset("%"), "escape"),
)
_CLASS_ROWS_DRAFT1993: tuple[tuple[frozenset[str], str], ...] = (
    (CONTROL, "excluded-control"),
    (frozenset("=`"), "unlisted"),
    (ALPHANUM, "alphanum"),
    (DRAFT1993_SAFE, "safe"),
    (DRAFT1993_EXTRA, "extra"),
    (DRAFT1993_VARIANT, "variant"),
    (DRAFT1993_PUNCTUATION, "punctuation"),
    (DRAFT1993_STRUCTURAL, "reserved"),
    (frozenset("%"), "escape"),
)


_CLASS_ROWS_RFC1738: tuple[tuple[frozenset[str], str], ...] = (
    (CONTROL, "excluded-control"),
    (SPACE, "excluded-space"),
    (RFC1738_NATIONAL, "national"),
    (RFC1738_PUNCTUATION, "punctuation"),
    (ALPHANUM, "alphanum"),
    (RFC1738_SAFE, "safe"),
    (RFC1738_EXTRA, "extra"),
    (RFC1738_RESERVED, "reserved"),
    (frozenset("%"), "escape"),
)


def _table(rows: tuple[tuple[frozenset[str], str], ...]) -> dict[str, str]:
    return {ch: name for chars, name in rows for ch in chars}


#: edition name -> ASCII character -> class name; every ASCII character is listed.
CHAR_CLASSES: dict[str, dict[str, str]] = {
    "rfc3986": _table(_CLASS_ROWS_RFC3986),
    "draft-2003": _table(_CLASS_ROWS_DRAFT2003),
    "rfc2396": _table(_CLASS_ROWS_RFC2396),
    "draft-1997": _table(_CLASS_ROWS_DRAFT1997),
    "draft-1993": _table(_CLASS_ROWS_DRAFT1993),
    "rfc1738": _table(_CLASS_ROWS_RFC1738),
    "rfc1808": _table(_CLASS_ROWS_RFC1738),  # RFC 1808 §2.2 repeats RFC 1738's rules
}


def char_class(ch: str, edition: str) -> str:
    """Name the class of character ``ch`` under ``edition`` (a lookup in CHAR_CLASSES).

    Beyond ASCII every edition says the same: ``non-ascii``, or ``surrogate`` for a
    lone UTF-16 surrogate code point (not a character at all).
    """
    found = CHAR_CLASSES[str(edition)].get(ch)
    if found is not None:
        return found
    return "surrogate" if "\ud800" <= ch <= "\udfff" else "non-ascii"
