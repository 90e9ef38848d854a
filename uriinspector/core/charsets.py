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
