"""Recompose a reference after one component was edited, escaping only what must be.

The 2003 draft §2.4.2 (and RFC 3986 §2.4) say escaping is done *when a URI is
composed from its parts*, per component, and never twice. So an edited value is
spliced back into its component with exactly the characters that component does not
allow percent-encoded (UTF-8, RFC 3986 §2.5): a space or ``#`` in a path segment
becomes ``%20``/``%23``, ``&`` and ``=`` in a query value become ``%26``/``%3D``, a
``?`` stays raw in a query. Two ways to read the edited text:

* ``literal=False`` (the raw column): the text is URI text already; a valid ``%XX``
  triplet is kept as is, a stray ``%`` becomes ``%25``;
* ``literal=True`` (the decoded column): the text is data; every ``%`` becomes ``%25``,
  so decoding the component gives the text back exactly.

Pure and total: every string goes in, a :class:`Composed` comes out, never an exception.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from uriinspector.core.charsets import (
    ALPHA,
    HEXDIG,
    RFC3986_IPVFUTURE_TAIL,
    RFC3986_PCHAR,
    RFC3986_QUERY,
    RFC3986_REG_NAME,
    RFC3986_SEGMENT_NZ_NC,
    RFC3986_USERINFO,
    SCHEME_CHARS,
)
from uriinspector.core.split import Part, Segment, SplitReference, split

Component = Literal[
    "scheme",
    "authority",
    "userinfo",
    "user",
    "password",
    "host",
    "port",
    "path",
    "segment",
    "query",
    "query-key",
    "query-value",
    "fragment",
]

#: Components an edit can target (``index`` counts segments / query parameters from 0).
COMPONENTS: tuple[Component, ...] = (
    "scheme", "authority", "userinfo", "user", "password", "host", "port", "path", "segment",
    "query", "query-key", "query-value", "fragment",
)

# What each component allows raw (RFC 3986 §3.2.1, §3.2.2, §3.3, §3.4, §3.5).
# The ":" of userinfo separates user from password (§3.2.1), so a user escapes it.
_USER = RFC3986_USERINFO - frozenset(":")
_PATH = RFC3986_PCHAR | frozenset("/")
# HTML form convention on top of §3.4: "&" separates pairs, the first "=" splits a pair.
_QUERY_KEY = RFC3986_QUERY - frozenset("&=")
_QUERY_VALUE = RFC3986_QUERY - frozenset("&=")
#: ``+`` means a space in form-encoded data; a literal plus is written ``%2B``.
_FORM_PLUS = frozenset("+")
_IPV6_CHARS = HEXDIG | frozenset(":.")
# authority = [ userinfo "@" ] host [ ":" port ] (RFC 3986 §3.2): the delimiters "@" and
# ":" and an IP literal's brackets stay raw; anything else is escaped as in a reg-name.
_AUTHORITY = RFC3986_USERINFO | RFC3986_REG_NAME | frozenset("@:[]")


@dataclass(frozen=True, slots=True)
class Composed:
    """The new reference (``uri``), the escaped text that went into the component
    (``value``), or why the edit was refused (``error``, ``uri`` then unchanged)."""

    uri: str
    value: str
    error: str | None = None

    @property
    def ok(self) -> bool:
        """True when the edit was applied."""
        return self.error is None


def escape(value: str, allowed: frozenset[str], *, keep_escapes: bool = True) -> str:
    """Percent-encode (UTF-8, upper-case hex) every character of ``value`` not in
    ``allowed``; a valid ``%XX`` is kept when ``keep_escapes`` (never escape twice)."""
    out: list[str] = []
    i = 0
    n = len(value)
    while i < n:
        ch = value[i]
        if ch in allowed:
            out.append(ch)
        elif ch == "%" and keep_escapes and i + 2 < n and (
            value[i + 1] in HEXDIG and value[i + 2] in HEXDIG
        ):
            out.append(value[i : i + 3])
            i += 3
            continue
        else:
            data = ch.encode("utf-8", "surrogatepass")
            out.append("".join(f"%{b:02X}" for b in data))
        i += 1
    return "".join(out)


def allowed_in(component: Component, *, literal: bool = False) -> frozenset[str]:
    """The characters ``component`` takes raw (RFC 3986 §3), as composing sees them."""
    table: dict[str, frozenset[str]] = {
        "authority": _AUTHORITY,
        "userinfo": RFC3986_USERINFO,
        "user": _USER,
        "password": RFC3986_USERINFO,
        "host": RFC3986_REG_NAME,
        "path": _PATH,
        "segment": RFC3986_PCHAR,
        "query": RFC3986_QUERY,
        "query-key": _QUERY_KEY - _FORM_PLUS if literal else _QUERY_KEY,
        "query-value": _QUERY_VALUE - _FORM_PLUS if literal else _QUERY_VALUE,
        "fragment": RFC3986_QUERY,
    }
    return table.get(component, frozenset())


def replace_component(
    text: str,
    component: Component,
    value: str,
    *,
    index: int = 0,
    literal: bool = False,
) -> Composed:
    """Put ``value`` into ``component`` of ``text`` (escaped for it) and return the result.

    An undefined component is created with its delimiter (``:port``, ``?query``,
    ``#fragment``, ``user@``, ``//`` for a new authority). ``index`` picks the segment
    or query parameter. The edit is refused (``error``) when the value cannot be
    expressed in that component (a scheme with a space, a port with letters) or when
    it would change the reference's structure.
    """
    try:
        return _replace(text, component, value, index, literal)
    except (ValueError, IndexError) as exc:  # defensive: the core never raises
        return Composed(text, value, f"cannot compose: {exc}")


def _splice(text: str, start: int, end: int, new: str) -> str:
    return text[:start] + new + text[end:]


def _refuse(text: str, value: str, why: str) -> Composed:
    return Composed(text, value, why)


def _replace(
    text: str, component: Component, value: str, index: int, literal: bool
) -> Composed:
    sp = split(text)
    keep = not literal
    if component == "scheme":
        return _scheme(text, sp, value)
    if component == "port":
        return _port(text, sp, value)
    if component == "host":
        return _host(text, sp, value, keep)
    if component in ("userinfo", "user", "password"):
        return _userinfo(text, sp, component, value, keep)
    if component == "authority":
        new = escape(value, _AUTHORITY, keep_escapes=keep)
        if sp.authority is None:
            return _checked(text, sp, component, index, (_with_authority(text, sp, new), new))
        return _checked(
            text, sp, component, index,
            (_splice(text, sp.authority.span.start, sp.authority.span.end, new), new),
        )
    if component == "path":
        return _checked(text, sp, component, index, _path(text, sp, value, keep))
    if component == "segment":
        return _segment(text, sp, value, index, keep)
    if component == "query":
        new = escape(value, RFC3986_QUERY, keep_escapes=keep)
        if sp.query is None:
            at = sp.fragment.span.start - 1 if sp.fragment is not None else len(text)
            return _checked(text, sp, component, index, (_splice(text, at, at, "?" + new), new))
        return _checked(
            text, sp, component, index,
            (_splice(text, sp.query.span.start, sp.query.span.end, new), new),
        )
    if component in ("query-key", "query-value"):
        return _query_param(text, sp, component, value, index, literal)
    if component == "fragment":
        new = escape(value, RFC3986_QUERY, keep_escapes=keep)
        if sp.fragment is None:
            return _checked(text, sp, component, index, (text + "#" + new, new))
        return _checked(
            text, sp, component, index,
            (_splice(text, sp.fragment.span.start, sp.fragment.span.end, new), new),
        )
    return _refuse(text, value, f"unknown component {component!r}")


def _part_of(sp: SplitReference, component: Component, index: int) -> Part | Segment | None:
    """The part an edit targets, read back from a split (for the structure check)."""
    if component == "segment":
        return sp.segments[index] if 0 <= index < len(sp.segments) else None
    if component in ("query-key", "query-value"):
        if not 0 <= index < len(sp.query_params):
            return None
        qp = sp.query_params[index]
        return qp.key if component == "query-key" else qp.value
    if component == "user" or component == "password":
        ui = sp.userinfo
        if ui is None:
            return None
        colon = ui.text.find(":")
        if component == "user":
            end = len(ui.text) if colon == -1 else colon
            return Part(ui.text[:end], ui.span)
        return None if colon == -1 else Part(ui.text[colon + 1 :], ui.span)
    part: Part | None = getattr(sp, component.replace("-", "_"), None)
    return part


def _checked(
    text: str, sp: SplitReference, component: Component, index: int, result: tuple[str, str]
) -> Composed:
    """Accept ``result`` only if the new reference reads back the same way: the edited
    component holds the new text and no other component moved into or out of it."""
    new_text, new_value = result
    after = split(new_text)
    part = _part_of(after, component, index)
    if part is None or part.text != new_value:
        return _refuse(text, new_value, f"this {component} would change the reference's structure")
    if component not in ("scheme",) and (after.scheme is None) != (sp.scheme is None):
        return _refuse(text, new_value, f"this {component} would change the scheme")
    if component not in _AUTHORITY_PARTS and (after.authority is None) != (sp.authority is None):
        return _refuse(text, new_value, f"this {component} would change the authority")
    return Composed(new_text, new_value)


_AUTHORITY_PARTS = frozenset({"authority", "userinfo", "user", "password", "host", "port"})


def _scheme(text: str, sp: SplitReference, value: str) -> Composed:
    # RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ); nothing escapes.
    if not value or value[0] not in ALPHA or any(c not in SCHEME_CHARS for c in value):
        return _refuse(
            text, value,
            "a scheme is a letter then letters, digits, '+', '-' or '.' (RFC 3986 §3.1); "
            "it cannot be percent-encoded",
        )
    if sp.scheme is None:
        return _checked(text, sp, "scheme", 0, (value + ":" + text, value))
    new_text = _splice(text, sp.scheme.span.start, sp.scheme.span.end, value)
    return _checked(text, sp, "scheme", 0, (new_text, value))


def _with_authority(text: str, sp: SplitReference, authority: str) -> str:
    """Insert ``//authority`` where an authority goes; a rootless path gains its "/"."""
    at = sp.scheme.span.end + 1 if sp.scheme is not None else 0
    path = sp.path.text
    lead = "/" if path and not path.startswith("/") else ""
    return text[:at] + "//" + authority + lead + text[at:]


def _port(text: str, sp: SplitReference, value: str) -> Composed:
    # RFC 3986 §3.2.3: port = *DIGIT; there is no escaping in a port.
    if any(c not in "0123456789" for c in value):
        return _refuse(text, value, "a port is digits only (RFC 3986 §3.2.3)")
    if sp.authority is None:
        return _checked(text, sp, "port", 0, (_with_authority(text, sp, ":" + value), value))
    if sp.port is None:
        assert sp.host is not None
        at = sp.host.span.end
        return _checked(text, sp, "port", 0, (_splice(text, at, at, ":" + value), value))
    return _checked(
        text, sp, "port", 0, (_splice(text, sp.port.span.start, sp.port.span.end, value), value)
    )


def _host(text: str, sp: SplitReference, value: str, keep: bool) -> Composed:
    if value.startswith("[") and value.endswith("]") and len(value) >= 2:
        # RFC 3986 §3.2.2: IP-literal = "[" ( IPv6address / IPvFuture ) "]", never escaped.
        inner = value[1:-1]
        if not (all(c in _IPV6_CHARS for c in inner) or (
            inner[:1] in ("v", "V") and all(c in RFC3986_IPVFUTURE_TAIL for c in inner)
        )):
            return _refuse(text, value, "an IP literal holds only an IPv6 address or "
                           "IPvFuture (RFC 3986 §3.2.2)")
        new = value
    else:
        new = escape(value, RFC3986_REG_NAME, keep_escapes=keep)
    if sp.authority is None:
        return _checked(text, sp, "host", 0, (_with_authority(text, sp, new), new))
    assert sp.host is not None
    return _checked(
        text, sp, "host", 0, (_splice(text, sp.host.span.start, sp.host.span.end, new), new)
    )


def _userinfo(
    text: str, sp: SplitReference, component: Component, value: str, keep: bool
) -> Composed:
    new = escape(value, allowed_in(component), keep_escapes=keep)
    ui = sp.userinfo
    if component == "password":
        if ui is None:
            piece, replace_from, replace_to = ":" + new + "@", None, None
        else:
            colon = ui.text.find(":")
            if colon == -1:
                piece, replace_from, replace_to = ":" + new, ui.span.end, ui.span.end
            else:
                piece = new
                replace_from, replace_to = ui.span.start + colon + 1, ui.span.end
    elif component == "user":
        if ui is None:
            piece, replace_from, replace_to = new + "@", None, None
        else:
            colon = ui.text.find(":")
            end = ui.span.end if colon == -1 else ui.span.start + colon
            piece, replace_from, replace_to = new, ui.span.start, end
    else:
        if ui is None:
            piece, replace_from, replace_to = new + "@", None, None
        else:
            piece, replace_from, replace_to = new, ui.span.start, ui.span.end
    if replace_from is None or replace_to is None:
        if sp.authority is None:
            return _checked(text, sp, component, 0, (_with_authority(text, sp, piece), new))
        assert sp.host is not None
        at = sp.host.span.start
        return _checked(text, sp, component, 0, (_splice(text, at, at, piece), new))
    return _checked(text, sp, component, 0, (_splice(text, replace_from, replace_to, piece), new))


def _path(text: str, sp: SplitReference, value: str, keep: bool) -> tuple[str, str]:
    new = escape(value, _PATH, keep_escapes=keep)
    if sp.authority is not None and new and not new.startswith("/"):
        new = "/" + new  # RFC 3986 §3.3: with an authority, a path is empty or starts with "/"
    if sp.scheme is None and sp.authority is None:
        first = new.split("/", 1)
        if ":" in first[0]:
            # RFC 3986 §4.2: a relative-path reference's first segment has no ":"
            first[0] = first[0].replace(":", "%3A")
            new = "/".join(first)
    return _splice(text, sp.path.span.start, sp.path.span.end, new), new


def _segment(text: str, sp: SplitReference, value: str, index: int, keep: bool) -> Composed:
    if not 0 <= index < len(sp.segments):
        return _refuse(text, value, f"there is no segment {index + 1}")
    seg = sp.segments[index]
    allowed = RFC3986_PCHAR
    first_rootless = index == 0 and not sp.path.text.startswith("/")
    if first_rootless and sp.scheme is None and sp.authority is None:
        allowed = RFC3986_SEGMENT_NZ_NC  # RFC 3986 §4.2: no ":" in the first segment
    new = escape(value, allowed, keep_escapes=keep)
    return _checked(
        text, sp, "segment", index, (_splice(text, seg.span.start, seg.span.end, new), new)
    )


def _query_param(
    text: str, sp: SplitReference, component: Component, value: str, index: int, literal: bool
) -> Composed:
    if not 0 <= index < len(sp.query_params):
        return _refuse(text, value, f"there is no query parameter {index + 1}")
    qp = sp.query_params[index]
    new = escape(value, allowed_in(component, literal=literal), keep_escapes=not literal)
    if component == "query-key":
        key = qp.key
        return _checked(
            text, sp, component, index, (_splice(text, key.span.start, key.span.end, new), new)
        )
    if qp.value is None:
        at = qp.key.span.end
        return _checked(text, sp, component, index, (_splice(text, at, at, "=" + new), new))
    return _checked(
        text, sp, component, index,
        (_splice(text, qp.value.span.start, qp.value.span.end, new), new),
    )
