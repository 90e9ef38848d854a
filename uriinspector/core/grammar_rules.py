"""Each edition's grammar rules as text: production name, rule text, and section.

Data only, for teaching (hover, Explain): the text is the edition's own, whitespace
collapsed to single spaces. tests/core/test_grammar_rules.py finds every draft row in its
draft and every RFC row in the draft that became the RFC (shared/specs holds no RFC);
RFC rows the RFC changed are listed there and checked against charsets/grammar/parse.
Rows follow RFC 3986 Appendix A (ABNF), RFC 2396 Appendix A (BNF) and §2.4.3, the 2003
draft's sections (its Appendix A was "to be filled-in later"), the 1997 draft's Appendix
A and §2.4.3, and the 1993 draft's "BNF syntax" section (``name text``, without ``=``).
The regexes that *validate* live in ``grammar.py``; these strings never drive parsing.
"""

from __future__ import annotations

Row = tuple[str, str, str]  # (name, text, section)

RFC3986_RULES: tuple[Row, ...] = (
    ("URI", 'scheme ":" hier-part [ "?" query ] [ "#" fragment ]', "RFC 3986 §3"),
    (
        "hier-part",
        '"//" authority path-abempty / path-absolute / path-rootless / path-empty',
        "RFC 3986 §3",
    ),
    ("URI-reference", "URI / relative-ref", "RFC 3986 §4.1"),
    ("absolute-URI", 'scheme ":" hier-part [ "?" query ]', "RFC 3986 §4.3"),
    ("relative-ref", 'relative-part [ "?" query ] [ "#" fragment ]', "RFC 3986 §4.2"),
    (
        "relative-part",
        '"//" authority path-abempty / path-absolute / path-noscheme / path-empty',
        "RFC 3986 §4.2",
    ),
    ("scheme", 'ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )', "RFC 3986 §3.1"),
    ("authority", '[ userinfo "@" ] host [ ":" port ]', "RFC 3986 §3.2"),
    ("userinfo", '*( unreserved / pct-encoded / sub-delims / ":" )', "RFC 3986 §3.2.1"),
    ("host", "IP-literal / IPv4address / reg-name", "RFC 3986 §3.2.2"),
    ("port", "*DIGIT", "RFC 3986 §3.2.3"),
    ("IP-literal", '"[" ( IPv6address / IPvFuture ) "]"', "RFC 3986 §3.2.2"),
    ("IPvFuture", '"v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )', "RFC 3986 §3.2.2"),
    (
        "IPv6address",
        '6( h16 ":" ) ls32 / "::" 5( h16 ":" ) ls32 / [ h16 ] "::" 4( h16 ":" ) ls32'
        ' / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32 / [ *2( h16 ":" ) h16 ] "::"'
        ' 2( h16 ":" ) ls32 / [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32'
        ' / [ *4( h16 ":" ) h16 ] "::" ls32 / [ *5( h16 ":" ) h16 ] "::" h16'
        ' / [ *6( h16 ":" ) h16 ] "::"',
        "RFC 3986 §3.2.2",
    ),
    ("h16", "1*4HEXDIG", "RFC 3986 §3.2.2"),
    ("ls32", '( h16 ":" h16 ) / IPv4address', "RFC 3986 §3.2.2"),
    (
        "IPv4address",
        'dec-octet "." dec-octet "." dec-octet "." dec-octet',
        "RFC 3986 §3.2.2",
    ),
    (
        "dec-octet",
        'DIGIT ; 0-9 / %x31-39 DIGIT ; 10-99 / "1" 2DIGIT ; 100-199'
        ' / "2" %x30-34 DIGIT ; 200-249 / "25" %x30-35 ; 250-255',
        "RFC 3986 §3.2.2",
    ),
    ("reg-name", "*( unreserved / pct-encoded / sub-delims )", "RFC 3986 §3.2.2"),
    (
        "path",
        'path-abempty ; begins with "/" or is empty / path-absolute ; begins with "/" but not'
        ' "//" / path-noscheme ; begins with a non-colon segment / path-rootless ; begins'
        " with a segment / path-empty ; zero characters",
        "RFC 3986 §3.3",
    ),
    ("path-abempty", '*( "/" segment )', "RFC 3986 §3.3"),
    ("path-absolute", '"/" [ segment-nz *( "/" segment ) ]', "RFC 3986 §3.3"),
    ("path-noscheme", 'segment-nz-nc *( "/" segment )', "RFC 3986 §3.3"),
    ("path-rootless", 'segment-nz *( "/" segment )', "RFC 3986 §3.3"),
    ("path-empty", "0<pchar>", "RFC 3986 §3.3"),
    ("segment", "*pchar", "RFC 3986 §3.3"),
    ("segment-nz", "1*pchar", "RFC 3986 §3.3"),
    (
        "segment-nz-nc",
        '1*( unreserved / pct-encoded / sub-delims / "@" )',
        "RFC 3986 §3.3",
    ),
    ("pchar", 'unreserved / pct-encoded / sub-delims / ":" / "@"', "RFC 3986 §3.3"),
    ("query", '*( pchar / "/" / "?" )', "RFC 3986 §3.4"),
    ("fragment", '*( pchar / "/" / "?" )', "RFC 3986 §3.5"),
    ("pct-encoded", '"%" HEXDIG HEXDIG', "RFC 3986 §2.1"),
    ("unreserved", 'ALPHA / DIGIT / "-" / "." / "_" / "~"', "RFC 3986 §2.3"),
    ("reserved", "gen-delims / sub-delims", "RFC 3986 §2.2"),
    ("gen-delims", '":" / "/" / "?" / "#" / "[" / "]" / "@"', "RFC 3986 §2.2"),
    (
        "sub-delims",
        '"!" / "$" / "&" / "\'" / "(" / ")" / "*" / "+" / "," / ";" / "="',
        "RFC 3986 §2.2",
    ),
)

RFC2396_RULES: tuple[Row, ...] = (
    ("URI-reference", '[ absoluteURI | relativeURI ] [ "#" fragment ]', "RFC 2396 §4"),
    ("absoluteURI", 'scheme ":" ( hier_part | opaque_part )', "RFC 2396 §3"),
    ("relativeURI", '( net_path | abs_path | rel_path ) [ "?" query ]', "RFC 2396 §5"),
    ("hier_part", '( net_path | abs_path ) [ "?" query ]', "RFC 2396 §3"),
    ("opaque_part", "uric_no_slash *uric", "RFC 2396 §3"),
    (
        "uric_no_slash",
        'unreserved | escaped | ";" | "?" | ":" | "@" | "&" | "=" | "+" | "$" | ","',
        "RFC 2396 §3",
    ),
    ("net_path", '"//" authority [ abs_path ]', "RFC 2396 §3"),
    ("abs_path", '"/" path_segments', "RFC 2396 §3"),
    ("rel_path", "rel_segment [ abs_path ]", "RFC 2396 §5"),
    (
        "rel_segment",
        '1*( unreserved | escaped | ";" | "@" | "&" | "=" | "+" | "$" | "," )',
        "RFC 2396 §5",
    ),
    ("scheme", 'alpha *( alpha | digit | "+" | "-" | "." )', "RFC 2396 §3.1"),
    ("authority", "server | reg_name", "RFC 2396 §3.2"),
    (
        "reg_name",
        '1*( unreserved | escaped | "$" | "," | ";" | ":" | "@" | "&" | "=" | "+" )',
        "RFC 2396 §3.2.1",
    ),
    ("server", '[ [ userinfo "@" ] hostport ]', "RFC 2396 §3.2.2"),
    (
        "userinfo",
        '*( unreserved | escaped | ";" | ":" | "&" | "=" | "+" | "$" | "," )',
        "RFC 2396 §3.2.2",
    ),
    ("hostport", 'host [ ":" port ]', "RFC 2396 §3.2.2"),
    ("host", "hostname | IPv4address", "RFC 2396 §3.2.2"),
    ("hostname", '*( domainlabel "." ) toplabel [ "." ]', "RFC 2396 §3.2.2"),
    ("domainlabel", 'alphanum | alphanum *( alphanum | "-" ) alphanum', "RFC 2396 §3.2.2"),
    ("toplabel", 'alpha | alpha *( alphanum | "-" ) alphanum', "RFC 2396 §3.2.2"),
    ("IPv4address", '1*digit "." 1*digit "." 1*digit "." 1*digit', "RFC 2396 §3.2.2"),
    ("port", "*digit", "RFC 2396 §3.2.2"),
    ("path", "[ abs_path | opaque_part ]", "RFC 2396 §3.3"),
    ("path_segments", 'segment *( "/" segment )', "RFC 2396 §3.3"),
    ("segment", '*pchar *( ";" param )', "RFC 2396 §3.3"),
    ("param", "*pchar", "RFC 2396 §3.3"),
    (
        "pchar",
        'unreserved | escaped | ":" | "@" | "&" | "=" | "+" | "$" | ","',
        "RFC 2396 §3.3",
    ),
    ("query", "*uric", "RFC 2396 §3.4"),
    ("fragment", "*uric", "RFC 2396 §4.1"),
    ("uric", "reserved | unreserved | escaped", "RFC 2396 §2"),
    (
        "reserved",
        '";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" | "$" | ","',
        "RFC 2396 §2.2",
    ),
    ("unreserved", "alphanum | mark", "RFC 2396 §2.3"),
    ("mark", '"-" | "_" | "." | "!" | "~" | "*" | "\'" | "(" | ")"', "RFC 2396 §2.3"),
    ("escaped", '"%" hex hex', "RFC 2396 §2.4.1"),
    ("alphanum", "alpha | digit", "RFC 2396 §1.6"),
    ("control", "<US-ASCII coded characters 00-1F and 7F hexadecimal>", "RFC 2396 §2.4.3"),
    ("space", "<US-ASCII coded character 20 hexadecimal>", "RFC 2396 §2.4.3"),
    ("delims", '"<" | ">" | "#" | "%" | <">', "RFC 2396 §2.4.3"),
    ("unwise", '"{" | "}" | "|" | "\\" | "^" | "[" | "]" | "`"', "RFC 2396 §2.4.3"),
)

DRAFT2003_RULES: tuple[Row, ...] = (
    ("uric", "reserved / unreserved / escaped", "draft-2003 §2"),
    (
        "reserved",
        '"[" / "]" / ";" / "/" / "?" / ":" / "@" / "&" / "=" / "+" / "$" / ","',
        "draft-2003 §2.2",
    ),
    ("unreserved", "ALPHA / DIGIT / mark", "draft-2003 §2.3"),
    ("mark", '"-" / "_" / "." / "!" / "~" / "*" / "\'" / "(" / ")"', "draft-2003 §2.3"),
    ("escaped", '"%" HEXDIG HEXDIG', "draft-2003 §2.4.1"),
    ("delims", '"<" / ">" / "#" / "%" / DQUOTE', "draft-2003 §2.4.3"),
    ("unwise", '"{" / "}" / "|" / "\\" / "^" / "`"', "draft-2003 §2.4.3"),
    ("absolute-URI", 'scheme ":" ( hier-part / opaque-part )', "draft-2003 §3"),
    ("hier-part", '[ net-path / abs-path ] [ "?" query ]', "draft-2003 §3"),
    ("net-path", '"//" authority [ abs-path ]', "draft-2003 §3"),
    ("abs-path", '"/" path-segments', "draft-2003 §3"),
    ("opaque-part", "uric-no-slash *uric", "draft-2003 §3"),
    (
        "uric-no-slash",
        'unreserved / escaped / "[" / "]" / ";" / "?" / ":" / "@" / "&" / "=" / "+" / "$"'
        ' / ","',
        "draft-2003 §3",
    ),
    ("scheme", 'ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )', "draft-2003 §3.1"),
    ("authority", "server / reg-name", "draft-2003 §3.2"),
    (
        "reg-name",
        '1*( unreserved / escaped / ";" / ":" / "@" / "&" / "=" / "+" / "$" / "," )',
        "draft-2003 §3.2.1",
    ),
    ("server", '[ [ userinfo "@" ] hostport ]', "draft-2003 §3.2.2"),
    (
        "userinfo",
        '*( unreserved / escaped / ";" / ":" / "&" / "=" / "+" / "$" / "," )',
        "draft-2003 §3.2.2",
    ),
    ("hostport", 'host [ ":" port ]', "draft-2003 §3.2.2"),
    ("host", "IPv6reference / IPv4address / hostname", "draft-2003 §3.2.2"),
    ("port", "*DIGIT", "draft-2003 §3.2.2"),
    ("hostname", "domainlabel qualified", "draft-2003 §3.2.2"),
    ("qualified", '*( "." domainlabel ) [ "." toplabel "." ]', "draft-2003 §3.2.2"),
    ("domainlabel", 'alphanum [ 0*61( alphanum | "-" ) alphanum ]', "draft-2003 §3.2.2"),
    ("toplabel", 'alpha [ 0*61( alphanum | "-" ) alphanum ]', "draft-2003 §3.2.2"),
    ("alphanum", "ALPHA / DIGIT", "draft-2003 §3.2.2"),
    (
        "IPv4address",
        'dec-octet "." dec-octet "." dec-octet "." dec-octet',
        "draft-2003 §3.2.2",
    ),
    ("IPv6reference", '"[" IPv6address "]"', "draft-2003 §3.2.2"),
    (
        "IPv6address",
        '( 6( h4 ":" ) ls32 ) / ( "::" 5( h4 ":" ) ls32 ) / ( [ h4 ] "::" 4( h4 ":" ) ls32 )'
        ' / ( [ *1( h4 ":" ) h4 ] "::" 3( h4 ":" ) ls32 ) / ( [ *2( h4 ":" ) h4 ] "::" 2('
        ' h4 ":" ) ls32 ) / ( [ *3( h4 ":" ) h4 ] "::" h4 ":" ls32 ) / ( [ *4( h4 ":" ) h4 ]'
        ' "::" ls32 ) / ( [ *5( h4 ":" ) h4 ] "::" h4 ) / ( [ *6( h4 ":" ) h4 ] "::" )',
        "draft-2003 §3.2.2",
    ),
    ("ls32", '( h4 ":" h4 ) / IPv4address', "draft-2003 §3.2.2"),
    ("h4", "1*4HEXDIG", "draft-2003 §3.2.2"),
    ("path", "[ abs-path / opaque-part ]", "draft-2003 §3.3"),
    ("path-segments", 'segment *( "/" segment )', "draft-2003 §3.3"),
    ("segment", "*pchar", "draft-2003 §3.3"),
    (
        "pchar",
        'unreserved / escaped / ";" / ":" / "@" / "&" / "=" / "+" / "$" / ","',
        "draft-2003 §3.3",
    ),
    ("query", '*( pchar / "/" / "?" )', "draft-2003 §3.4"),
    ("URI-reference", '[ absolute-URI / relative-URI ] [ "#" fragment ]', "draft-2003 §4"),
    ("fragment", '*( pchar / "/" / "?" )', "draft-2003 §4.1"),
    ("relative-URI", '[ net-path / abs-path / rel-path ] [ "?" query ]', "draft-2003 §5"),
    ("rel-path", "rel-segment [ abs-path ]", "draft-2003 §5"),
    (
        "rel-segment",
        '1*( unreserved / escaped / ";" / "@" / "&" / "=" / "+" / "$" / "," )',
        "draft-2003 §5",
    ),
)

DRAFT1997_RULES: tuple[Row, ...] = (
    ("URL-reference", '[ absoluteURL | relativeURL ] [ "#" fragment ]', "draft-1997 §3"),
    ("absoluteURL", "generic-URL | opaque-URL", "draft-1997 §4.2"),
    ("opaque-URL", 'scheme ":" *urlc', "draft-1997 §4.2"),
    ("generic-URL", 'scheme ":" relativeURL', "draft-1997 §4.2"),
    ("relativeURL", "net_path | abs_path | rel_path", "draft-1997 §5"),
    ("net_path", '"//" site [ abs_path ]', "draft-1997 §5"),
    ("abs_path", '"/" rel_path', "draft-1997 §5"),
    ("rel_path", '[ path_segments ] [ "?" query ]', "draft-1997 §5"),
    ("scheme", '1*( alpha | digit | "+" | "-" | "." )', "draft-1997 §4.1"),
    ("site", '[ [ user [ ":" password ] "@" ] hostport ]', "draft-1997 §4.3.1"),
    ("user", '*( unreserved | escaped | ";" | "&" | "=" | "+" )', "draft-1997 §4.3.1"),
    ("password", '*( unreserved | escaped | ";" | "&" | "=" | "+" )', "draft-1997 §4.3.1"),
    ("hostport", 'host [ ":" port ]', "draft-1997 §4.3.1"),
    ("host", "hostname | hostnumber", "draft-1997 §4.3.1"),
    ("hostname", '*( domainlabel "." ) toplabel', "draft-1997 §4.3.1"),
    ("domainlabel", 'alphanum | alphanum *( alphanum | "-" ) alphanum', "draft-1997 §4.3.1"),
    ("toplabel", 'alpha | alpha *( alphanum | "-" ) alphanum', "draft-1997 §4.3.1"),
    ("hostnumber", '1*digit "." 1*digit "." 1*digit "." 1*digit', "draft-1997 §4.3.1"),
    ("port", "*digit", "draft-1997 §4.3.1"),
    ("path", '[ "/" ] path_segments', "draft-1997 §4.3.2"),
    ("path_segments", 'segment *( "/" segment )', "draft-1997 §4.3.2"),
    ("segment", '*pchar *( ";" param )', "draft-1997 §4.3.2"),
    ("param", "*pchar", "draft-1997 §4.3.2"),
    ("pchar", 'unreserved | escaped | ":" | "@" | "&" | "=" | "+"', "draft-1997 §4.3.2"),
    ("query", "*urlc", "draft-1997 §4.3.3"),
    ("fragment", "*urlc", "draft-1997 §3"),
    ("urlc", "reserved | unreserved | escaped", "draft-1997 Appendix A"),
    ("reserved", '";" | "/" | "?" | ":" | "@" | "&" | "=" | "+"', "draft-1997 §2.2"),
    ("unreserved", "alphanum | mark", "draft-1997 §2.3"),
    (
        "mark",
        '"$" | "-" | "_" | "." | "!" | "~" | "*" | "\'" | "(" | ")" | ","',
        "draft-1997 §2.3",
    ),
    ("escaped", '"%" hex hex', "draft-1997 §2.4.1"),
    ("control", "<US-ASCII coded characters 00-1F and 7F hexadecimal>", "draft-1997 §2.4.3"),
    ("space", "<US-ASCII coded character 20 hexadecimal>", "draft-1997 §2.4.3"),
    ("delims", '"<" | ">" | "#" | "%" | <">', "draft-1997 §2.4.3"),
    ("unwise", '"{" | "}" | "|" | "\\" | "^" | "[" | "]" | "`"', "draft-1997 §2.4.3"),
    ("alphanum", "alpha | digit", "draft-1997 Appendix A"),
)

_S1993 = "draft-1993 BNF syntax"
DRAFT1993_RULES: tuple[Row, ...] = (
    ("fragmentaddress", "url [ # fragmentid ]", _S1993),
    ("generic", "scheme : path [ ? search ]", _S1993),
    ("scheme", "ialpha", _S1993),
    ("httpaddress", "h t t p : / / hostport [ / path ] [ ? search ]", _S1993),
    ("telnetaddress", "t e l n e t : / / [ user @ ] hostport", _S1993),
    ("hostport", "host [ : port ]", _S1993),
    ("host", "hostname | hostnumber", _S1993),
    ("hostname", "ialpha [ . hostname ]", _S1993),
    ("hostnumber", "digits . digits . digits . digits", _S1993),
    ("port", "digits", _S1993),
    ("path", "void | xpalphas [ / path ]", _S1993),
    ("search", "xalphas [ + search ]", _S1993),
    ("user", "xalphas", _S1993),
    ("fragmentid", "xalphas", _S1993),
    ("xalpha", "alpha | digit | safe | extra | escape", _S1993),
    ("xalphas", "xalpha [ xalphas ]", _S1993),
    ("xpalpha", "xalpha | +", _S1993),
    ("xpalphas", "xpalpha [ xpalpha ]", _S1993),
    ("ialpha", "alpha [ xalphas ]", _S1993),
    ("safe", "$ | - | _ | @ | . | &", _S1993),
    ("extra", "! | * | \" | ' | ( | ) | : | ; | , | space", _S1993),
    ("escape", "% hex hex", _S1993),
    ("punctuation", "< | >", _S1993),
    ("digits", "digit [ digits ]", _S1993),
    ("alphanum", "alpha | digit", _S1993),
)

#: edition name -> its rows, in the order the spec gives them.
RULE_TABLES: dict[str, tuple[Row, ...]] = {
    "rfc3986": RFC3986_RULES,
    "draft-2003": DRAFT2003_RULES,
    "rfc2396": RFC2396_RULES,
    "draft-1997": DRAFT1997_RULES,
    "draft-1993": DRAFT1993_RULES,
}

#: edition name -> the spec text the rows come from (for the transcription test).
RULE_SOURCES: dict[str, str] = {
    "rfc3986": "RFC 3986 Appendix A (ABNF)",
    "draft-2003": "draft-fielding-uri-rfc2396bis-01 §2-§5 (ABNF)",
    "rfc2396": "RFC 2396 Appendix A (BNF) and §2.4.3",
    "draft-1997": "draft-fielding-url-syntax-05 Appendix A (BNF) and §2.4.3",
    "draft-1993": "Berners-Lee URL draft, BNF syntax",
}
