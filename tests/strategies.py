"""Hypothesis strategies for URI references and their parts (hyperlink.hypothesis style).

Two families:

* **valid** strategies draw only from the RFC 3986 grammar (§3, §4.1), so anything they
  produce must parse as ``valid`` under the ``rfc3986`` edition;
* **URI-shaped** strategies add what real links carry and the grammar forbids: IPv4 in
  every notation browsers accept (octal, hex, dword, short), IPv6 zone IDs (RFC 6874),
  Unicode IDN hosts, broken percent runs, spaces, bad ports.

``raw_text`` is anything at all: lone surrogates, NUL, C0/C1 controls, bidi controls.
Each strategy is a plain function returning a ``SearchStrategy`` so tests can compose
them; the ``@st.composite`` ones take ``draw`` first, as Hypothesis requires.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from functools import cache

from hypothesis import strategies as st

# ---- RFC 3986 §2 character classes ----------------------------------------------------
ALPHA = string.ascii_letters
DIGIT = string.digits
HEXDIG = "0123456789ABCDEFabcdef"
UNRESERVED = ALPHA + DIGIT + "-._~"  # §2.3
SUB_DELIMS = "!$&'()*+,;="  # §2.2
GEN_DELIMS = ":/?#[]@"  # §2.2
PCHAR_PLAIN = UNRESERVED + SUB_DELIMS + ":@"  # §3.3 pchar without pct-encoded

#: Schemes people paste, plus the ones findings care about.
COMMON_SCHEMES = (
    "http",
    "https",
    "ftp",
    "file",
    "mailto",
    "urn",
    "data",
    "ws",
    "wss",
    "gopher",
    "telnet",
    "news",
    "ldap",
    "tel",
    "javascript",
    "vbscript",
    "about",
    "blob",
    "ssh",
    "git+ssh",
    "coap+tcp",
    "view-source",
    "x-test.v2",
)

#: IDN labels in several scripts (and look-alikes) with their punycode (RFC 3492).
IDN_LABELS = (
    "bücher",
    "münchen",
    "пример",
    "例え",
    "δοκιμή",
    "मराठी",
    "ไทย",
    "עברית",
    "مثال",
    "аррӏе",
    "раураl",
    "ｅｘａｍｐｌｅ",
    "straße",
    "☃",
    "😀",
)

Strategy = st.SearchStrategy
_TRIPLET = re.compile("%[0-9A-Fa-f]{2}")


@cache
def _chars(alphabet: str, min_size: int = 0, max_size: int = 12) -> Strategy[str]:
    return st.text(alphabet=st.sampled_from(alphabet), min_size=min_size, max_size=max_size)


# ---- percent-encoding -----------------------------------------------------------------


@cache
def pct_encoded() -> Strategy[str]:
    """A well-formed ``%XX`` triplet, upper or lower hex (RFC 3986 §2.1)."""
    hexdig = st.sampled_from(HEXDIG)
    return st.builds(lambda a, b: f"%{a}{b}", hexdig, hexdig)


@cache
def broken_percent() -> Strategy[str]:
    """A ``%`` that does not start a triplet: ``%``, ``%4``, ``%zz``, ``%%``, ``%u00e9``."""
    return st.sampled_from(["%", "%4", "%zz", "%G1", "%%", "%u00e9", "%%41", "%-1", "% 1"])


@cache
def percent_runs(*, valid: bool = True) -> Strategy[str]:
    """A run of triplets: UTF-8 of a real character, random octets, or (``valid=False``)
    with broken triplets mixed in."""
    utf8 = st.characters(exclude_categories=("Cs",)).map(
        lambda c: "".join(f"%{b:02X}" for b in c.encode("utf-8"))
    )
    parts = (
        st.one_of(pct_encoded(), utf8)
        if valid
        else st.one_of(pct_encoded(), utf8, broken_percent())
    )
    return st.lists(parts, min_size=1, max_size=6).map("".join)


# ---- scheme, userinfo, port -----------------------------------------------------------


@cache
def schemes() -> Strategy[str]:
    """``ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`` (§3.1), often a well-known one."""
    generated = st.builds(
        lambda first, rest: first + rest,
        st.sampled_from(ALPHA),
        _chars(ALPHA + DIGIT + "+-.", max_size=10),
    )
    return st.one_of(st.sampled_from(COMMON_SCHEMES), generated)


@cache
def userinfos(*, valid: bool = True) -> Strategy[str]:
    """``*( unreserved / pct-encoded / sub-delims / ":" )`` (§3.2.1)."""
    piece = st.one_of(_chars(UNRESERVED + SUB_DELIMS + ":", min_size=1), pct_encoded())
    good = st.lists(piece, max_size=4).map("".join)
    if valid:
        return good
    return st.one_of(good, st.sampled_from(["a@b", "user name", "u:p@ss", "é:ß", "%zz"]))


@cache
def ports(*, valid: bool = True) -> Strategy[str]:
    """``*DIGIT`` (§3.2.3): empty, a real port, or a long digit run; invalid adds junk."""
    good = st.one_of(
        st.just(""),
        st.integers(0, 65535).map(str),
        st.sampled_from(["80", "443", "8080", "0080", "65536", "99999999999999999999"]),
    )
    if valid:
        return good
    return st.one_of(good, st.sampled_from(["-1", "8o", "http", "+80", "٣٣", " 80", "0x50"]))


# ---- hosts ----------------------------------------------------------------------------


@cache
def dec_octets() -> Strategy[str]:
    return st.integers(0, 255).map(str)


@cache
def ipv4_dotted() -> Strategy[str]:
    """``dec-octet "." dec-octet "." dec-octet "." dec-octet`` (§3.2.2)."""
    return st.lists(dec_octets(), min_size=4, max_size=4).map(".".join)


@cache
@st.composite
def ipv4_any_notation(draw: Callable[..., object]) -> str:
    """IPv4 as inet_aton and the WHATWG host parser read it: decimal, octal (``0177``),
    hex (``0x7f``), dword (``2130706433``) and short forms (``127.1``, ``10.0.1``)."""
    addr = draw(st.integers(0, 2**32 - 1))
    assert isinstance(addr, int)
    octets = [(addr >> s) & 0xFF for s in (24, 16, 8, 0)]

    def fmt(n: int) -> str:
        style = draw(st.sampled_from(["dec", "oct", "hex", "HEX", "pad"]))
        if style == "oct":
            return "0" + format(n, "o")
        if style == "hex":
            return "0x" + format(n, "x")
        if style == "HEX":
            return "0X" + format(n, "X")
        if style == "pad":
            return "00" + str(n)
        return str(n)

    shape = draw(st.sampled_from(["dotted", "dword", "short2", "short3"]))
    if shape == "dword":
        return fmt(addr)
    if shape == "short2":  # a.b  -> b fills 24 bits
        return f"{fmt(octets[0])}.{fmt(addr & 0xFFFFFF)}"
    if shape == "short3":  # a.b.c -> c fills 16 bits
        return f"{fmt(octets[0])}.{fmt(octets[1])}.{fmt(addr & 0xFFFF)}"
    return ".".join(fmt(o) for o in octets)


@cache
def h16() -> Strategy[str]:
    return _chars(HEXDIG, min_size=1, max_size=4)


@cache
@st.composite
def ipv6_addresses(draw: Callable[..., object]) -> str:
    """Any of the nine ``IPv6address`` forms of §3.2.2, with or without an embedded IPv4
    ``ls32``; ``::`` stands for one or more zero groups."""
    embedded = draw(st.booleans())
    n_h16 = 6 if embedded else 8
    groups = draw(st.lists(h16(), min_size=n_h16, max_size=n_h16))
    assert isinstance(groups, list)
    tail = [draw(ipv4_dotted())] if embedded else []
    if draw(st.booleans()):  # compress groups[i:i+length] to "::"
        i = draw(st.integers(0, n_h16 - 1))
        assert isinstance(i, int)
        length = draw(st.integers(1, n_h16 - i))
        assert isinstance(length, int)
        left = ":".join(groups[:i])
        right = ":".join(groups[i + length :] + tail)
        return f"{left}::{right}"
    return ":".join(groups + tail)


@cache
def ipvfuture() -> Strategy[str]:
    """``"v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`` (§3.2.2)."""
    return st.builds(
        lambda v, rest: f"v{v}.{rest}",
        _chars(HEXDIG, min_size=1, max_size=2),
        _chars(UNRESERVED + SUB_DELIMS + ":", min_size=1, max_size=10),
    )


@cache
def zone_ids() -> Strategy[str]:
    """RFC 6874 zone IDs as written in a URI (``%25`` + name) and as pasted (bare ``%``)."""
    name = st.one_of(st.sampled_from(["eth0", "en1", "lo", "1", "wlan0"]), _chars(UNRESERVED, 1, 6))
    return st.builds(lambda sep, n: sep + n, st.sampled_from(["%25", "%"]), name)


@cache
def hostname_labels() -> Strategy[str]:
    """An LDH label of 1-63 characters (RFC 1123 §2.1)."""
    inner = _chars(ALPHA + DIGIT + "-", max_size=10)
    return st.builds(
        lambda a, mid, z: a + mid.strip("-") + z,
        st.sampled_from(ALPHA + DIGIT),
        inner,
        st.sampled_from(ALPHA + DIGIT),
    ) | st.sampled_from(ALPHA)


@cache
def hostnames() -> Strategy[str]:
    """Dotted LDH names, sometimes with a trailing dot."""
    return st.builds(
        lambda labels, dot: ".".join(labels) + dot,
        st.lists(hostname_labels(), min_size=1, max_size=4),
        st.sampled_from(["", "", "", "."]),
    )


@cache
def reg_names() -> Strategy[str]:
    """``*( unreserved / pct-encoded / sub-delims )`` (§3.2.2), empty included."""
    piece = st.one_of(_chars(UNRESERVED + SUB_DELIMS, min_size=1), pct_encoded())
    return st.one_of(hostnames(), st.lists(piece, max_size=4).map("".join))


@cache
def idn_unicode_hosts() -> Strategy[str]:
    """IDN host names in Unicode (an IRI's ``ireg-name``, RFC 3987; not RFC 3986)."""
    return st.builds(
        lambda a, b, tld: f"{a}.{b}.{tld}" if b else f"{a}.{tld}",
        st.sampled_from(IDN_LABELS),
        st.one_of(st.just(""), hostname_labels()),
        st.sampled_from(["com", "de", "рф", "中国", "example"]),
    )


def _to_punycode(label: str) -> str:
    try:
        return "xn--" + label.encode("punycode").decode("ascii")
    except UnicodeError:  # pragma: no cover - punycode encodes every str
        return label


@cache
def idn_punycode_hosts() -> Strategy[str]:
    """IDN host names in their ACE form (``xn--…``), which is a plain reg-name."""
    return st.builds(
        lambda label, tld: f"{_to_punycode(label)}.{tld}",
        st.sampled_from(IDN_LABELS),
        st.sampled_from(["com", "de", "xn--p1ai", "example"]),
    )


@cache
def hosts(*, valid: bool = True) -> Strategy[str]:
    """``host = IP-literal / IPv4address / reg-name`` (§3.2.2); invalid adds the rest."""
    good = st.one_of(
        reg_names(),
        ipv4_dotted(),
        ipv4_any_notation(),  # only digits, letters and dots: always a valid reg-name
        ipv6_addresses().map(lambda a: f"[{a}]"),
        ipvfuture().map(lambda a: f"[{a}]"),
        idn_punycode_hosts(),
    )
    if valid:
        return good
    return st.one_of(
        good,
        idn_unicode_hosts(),
        st.builds(lambda a, z: f"[{a}{z}]", ipv6_addresses(), zone_ids()),
        st.sampled_from(["[::1", "::1]", "[]", "[v.x]", "[1:2:3:4:5:6:7:8:9]", "a b", "h%zz"]),
    )


@cache
def authorities(*, valid: bool = True) -> Strategy[str]:
    """``[ userinfo "@" ] host [ ":" port ]`` (§3.2)."""
    return st.builds(
        lambda ui, host, port: (
            (f"{ui}@" if ui is not None else "") + host + (f":{port}" if port is not None else "")
        ),
        st.none() | userinfos(valid=valid),
        hosts(valid=valid),
        st.none() | ports(valid=valid),
    )


# ---- path, query, fragment ------------------------------------------------------------


@cache
def segments(*, valid: bool = True, allow_colon: bool = True) -> Strategy[str]:
    """A path segment: ``*pchar`` (§3.3), often a dot segment."""
    plain = PCHAR_PLAIN if allow_colon else PCHAR_PLAIN.replace(":", "")
    pieces: list[Strategy[str]] = [_chars(plain, min_size=1, max_size=8), pct_encoded()]
    if not valid:
        pieces += [broken_percent(), st.sampled_from([" ", "é", "<", "\\", "|", "^", "`"])]
    word = st.lists(st.one_of(*pieces), max_size=3).map("".join)
    return st.one_of(word, st.sampled_from([".", "..", "", ".", ".."]))


@cache
def paths(*, valid: bool = True, absolute: bool | None = None) -> Strategy[str]:
    """Paths built of segments, with dot segments (§3.3, §5.2.4).

    ``absolute=True`` gives ``path-abempty`` shapes starting with ``/``; ``False`` gives a
    ``path-noscheme`` (no ``:`` in the first segment); ``None`` either.
    """

    def build(segs: list[str], lead: bool) -> str:
        text = "/".join(segs)
        if lead:
            text = "/" + text
        if text.startswith("//"):  # would read as an authority
            text = "/." + text
        return text

    segs = st.lists(segments(valid=valid), max_size=8)
    if absolute is True:
        return st.builds(build, segs, st.just(True))
    if absolute is False:
        first = segments(valid=valid, allow_colon=False)
        return st.builds(lambda f, rest: build([f, *rest], False), first, segs)
    return st.one_of(paths(valid=valid, absolute=True), paths(valid=valid, absolute=False))


@cache
def queries(*, valid: bool = True) -> Strategy[str]:
    """``*( pchar / "/" / "?" )`` (§3.4), usually as ``key=value&…`` pairs."""
    alphabet = UNRESERVED + "!$'()*+,;:@/?"
    atom = st.one_of(_chars(alphabet, min_size=1, max_size=8), pct_encoded())
    if not valid:
        atom = st.one_of(atom, broken_percent(), st.sampled_from([" ", "é", "{", "}", "|"]))
    word = st.lists(atom, max_size=3).map("".join)
    pair = st.builds(lambda k, v: f"{k}={v}" if v is not None else k, word, st.none() | word)
    return st.lists(pair, max_size=6).map("&".join)


@cache
def fragments(*, valid: bool = True) -> Strategy[str]:
    """``*( pchar / "/" / "?" )`` (§3.5)."""
    atom = st.one_of(_chars(PCHAR_PLAIN + "/?", min_size=1, max_size=10), pct_encoded())
    if not valid:
        atom = st.one_of(atom, broken_percent(), st.sampled_from(["#", " ", "é"]))
    return st.lists(atom, max_size=3).map("".join)


# ---- whole references -----------------------------------------------------------------


@cache
@st.composite
def absolute_uris(draw: Callable[..., object], *, valid: bool = True) -> str:
    """``absolute-URI = scheme ":" hier-part [ "?" query ]`` (§4.3), with an authority
    most of the time."""
    scheme = draw(schemes())
    query = draw(st.none() | queries(valid=valid))
    q = "" if query is None else f"?{query}"
    if draw(st.integers(0, 3)):
        authority = draw(authorities(valid=valid))
        return f"{scheme}://{authority}{draw(paths(valid=valid, absolute=True))}{q}"
    # path-absolute / path-rootless / path-empty
    path = draw(paths(valid=valid, absolute=None))
    assert isinstance(path, str)
    if path.startswith("//"):
        path = "/." + path
    return f"{scheme}:{path}{q}"


@cache
@st.composite
def uris(draw: Callable[..., object], *, valid: bool = True) -> str:
    """``URI = absolute-URI [ "#" fragment ]`` (§3)."""
    frag = draw(st.none() | fragments(valid=valid))
    return str(draw(absolute_uris(valid=valid))) + ("" if frag is None else f"#{frag}")


@cache
@st.composite
def relative_refs(draw: Callable[..., object], *, valid: bool = True) -> str:
    """``relative-ref = relative-part [ "?" query ] [ "#" fragment ]`` (§4.2)."""
    shape = draw(st.sampled_from(["network", "absolute", "noscheme", "empty"]))
    if shape == "network":
        head = f"//{draw(authorities(valid=valid))}{draw(paths(valid=valid, absolute=True))}"
    elif shape == "absolute":
        head = str(draw(paths(valid=valid, absolute=True)))
        if head == "":
            head = "/"
    elif shape == "noscheme":
        head = str(draw(paths(valid=valid, absolute=False)))
    else:
        head = ""
    query = draw(st.none() | queries(valid=valid))
    frag = draw(st.none() | fragments(valid=valid))
    return head + ("" if query is None else f"?{query}") + ("" if frag is None else f"#{frag}")


@cache
def uri_references(*, valid: bool = True) -> Strategy[str]:
    """``URI-reference = URI / relative-ref`` (§4.1)."""
    return st.one_of(uris(valid=valid), relative_refs(valid=valid))


@cache
def special_uris() -> Strategy[str]:
    """mailto, urn, data and file URIs, shaped as people write them."""
    return st.one_of(
        st.builds(
            lambda u, h, q: f"mailto:{u}@{h}{q}",
            _chars(UNRESERVED, 1, 8),
            hostnames(),
            st.sampled_from(["", "?subject=hi%20there", "?body=a%0D%0Ab&cc=x@y.z"]),
        ),
        st.builds(
            lambda nid, nss, tail: f"urn:{nid}:{nss}{tail}",
            st.sampled_from(["isbn", "ietf", "uuid", "example", "URN", "x", "urn-7", "a-"]),
            _chars(UNRESERVED + SUB_DELIMS + ":@/%", 0, 16),
            st.sampled_from(["", "?+r=1", "?=q=2", "#frag", "?+a?=b#c", "?s=1&c=2"]),
        ),
        st.builds(
            lambda mt, b64, data: f"data:{mt}{b64},{data}",
            st.sampled_from(["", "text/plain", "text/html;charset=utf-8", "image/png"]),
            st.sampled_from(["", ";base64"]),
            _chars(ALPHA + DIGIT + "+/=%<>", 0, 20),
        ),
        st.builds(
            lambda host, path: f"file://{host}{path}",
            st.sampled_from(["", "localhost", "server"]),
            paths(absolute=True),
        ),
        st.sampled_from(["file:///C:/Windows/x.txt", "file:/etc/passwd", "file:c:/x", "file:"]),
    )


@cache
def uri_shaped() -> Strategy[str]:
    """Everything URI-like: valid references, invalid ones, and the special schemes."""
    return st.one_of(
        uri_references(valid=True),
        uri_references(valid=False),
        special_uris(),
    )


# ---- raw text -------------------------------------------------------------------------

#: Characters that trouble parsers: NUL, controls, C1, bidi and zero-width controls,
#: lone surrogates, BOM, noncharacters, full-width delimiters.
NASTY_CHARS = (
    "\x00",
    "\t",
    "\n",
    "\r",
    "\x0b",
    "\x0c",
    "\x1b",
    "\x7f",
    "\x85",
    "\xa0",
    "\u200b",
    "\u200d",
    "\u202e",
    "\u2066",
    "\ufeff",
    "\ufffe",
    "\uffff",
    "\ud800",
    "\udfff",
    "\udc80",
    "\U0010ffff",
    "／",
    "：",
    "＠",
    "。",
    "\u2044",
    "\u2215",
)


@cache
def raw_text(max_size: int = 80) -> Strategy[str]:
    """Any text: every code point including lone surrogates (category Cs), weighted
    towards URI delimiters and the nasty characters above."""
    alphabet = st.one_of(
        st.characters(exclude_categories=()),  # surrogates included
        st.sampled_from(GEN_DELIMS + SUB_DELIMS + "%.-_~ \\"),
        st.sampled_from(NASTY_CHARS),
    )
    return st.text(alphabet=alphabet, max_size=max_size)


@cache
def anything() -> Strategy[str]:
    """URI-shaped or raw: the input of every never-raises test."""
    return st.one_of(uri_shaped(), raw_text(), st.builds(str.__add__, uri_shaped(), raw_text(8)))


@cache
@st.composite
def equivalent_variants(draw: Callable[..., object]) -> tuple[str, str]:
    """A URI and a variant that differs only in what the ladder normalizes: case of
    scheme/host/hex, unreserved characters percent-encoded, dot segments, default port.
    Useful for ladder properties, since random pairs are almost never equal."""
    scheme = draw(st.sampled_from(["http", "https", "ftp", "urn", "foo"]))
    host = str(draw(hostnames()))
    path = str(draw(paths(absolute=True)))
    query = draw(st.none() | queries())
    base = f"{scheme}://{host}{path}" + ("" if query is None else f"?{query}")
    variant = base
    for change in draw(
        st.lists(st.sampled_from(["case", "pct", "dot", "port", "hex"]), max_size=4, unique=True)
    ):
        if change == "case":
            variant = variant.replace(scheme, scheme.upper(), 1).replace(host, host.upper(), 1)
        elif change == "pct":
            variant = variant.replace("a", "%61", 1).replace("~", "%7E", 1)
        elif change == "dot" and "/" in variant[len(scheme) + 3 :]:
            i = variant.index("/", len(scheme) + 3)
            variant = variant[:i] + "/./x/.." + variant[i:]
        elif change == "port":
            port = {"http": ":80", "https": ":443", "ftp": ":21"}.get(scheme, ":1")
            i = len(scheme) + 3 + len(host)
            variant = variant[:i] + port + variant[i:]
        elif change == "hex":
            variant = _TRIPLET.sub(lambda m: m.group(0).swapcase(), variant)
    return base, variant
