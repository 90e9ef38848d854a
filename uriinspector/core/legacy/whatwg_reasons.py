"""Why a browser resolved a reference as it did: the URL Standard's branches, in words.

The target itself always comes from ``ada-url`` (``legacy/whatwg.py``); this module
only retraces, for the trace pane, which branch of the WHATWG basic URL parser
(URL Standard §4.4) a reference against a base takes and what each path segment
does, with the reason for each step ("special scheme: backslash treated as slash",
"path: '..' pops 'c'"). Its own reading of the path is compared with ada-url's in
``legacy/whatwg.py``; where they part, the trace says the reasons are incomplete
rather than pretending. Linear in the input; loop steps are capped by ``Trace``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from uriinspector.core.legacy._trace import Trace, q, shown

CITE: Final = "WHATWG URL §4.4"

#: URL Standard §4.1: special schemes (and their default ports).
SPECIAL_PORTS: Final[dict[str, str | None]] = {
    "ftp": "21", "file": None, "http": "80", "https": "443", "ws": "80", "wss": "443",
}
# §4.4 basic URL parser, preprocessing: "C0 control or space" is U+0000..U+0020.
_C0_SPACE: Final = "".join(chr(c) for c in range(0x21))
_TAB_NEWLINE: Final = re.compile("[\t\n\r]")
_SCHEME: Final = re.compile(r"[A-Za-z][A-Za-z0-9+\-.]*:")
# §4.4 "single-dot URL path segment" / "double-dot URL path segment" (ASCII case-insensitive).
_SINGLE_DOT: Final = frozenset({".", "%2e"})
_DOUBLE_DOT: Final = frozenset({"..", ".%2e", "%2e.", "%2e%2e"})


@dataclass(frozen=True, slots=True)
class BaseParts:
    """The base as ada-url parsed it: the parts the relative states copy from."""

    scheme: str
    host: str | None
    pathname: str
    search: str
    opaque: bool

    @property
    def segments(self) -> list[str]:
        """The base's path as the URL Standard's list of segments."""
        if self.opaque or not self.pathname.startswith("/"):
            return []
        return self.pathname[1:].split("/")


@dataclass(frozen=True, slots=True)
class Retrace:
    """What the reasons predict: the path (None when not predicted, e.g. ``file:``)."""

    path: str | None
    opaque: bool = False
    #: the host as written in the reference (None when it came from the base)
    host: str | None = None
    #: the port as written in the reference ("" when none)
    port: str = ""


def _path_state(
    rest: str, special: bool, segments: list[str], trace: Trace, *, noted_backslash: bool
) -> list[str]:
    """URL Standard path state over ``rest`` (no query or fragment): one step per segment."""
    seps = "/\\" if special else "/"
    i = 0
    n = len(rest)
    if n and rest[0] in seps:
        i = 1  # path start state: the leading separator itself is not a segment
    while True:
        j = i
        while j < n and rest[j] not in seps:
            j += 1
        seg = rest[i:j]
        last = j >= n
        low = seg.lower()
        if trace.wants():
            if special and not last and rest[j] == "\\" and not noted_backslash:
                noted_backslash = True
                note = "special scheme: backslash treated as slash; "
            else:
                note = ""
            if low in _DOUBLE_DOT:
                gone = segments[-1] if segments else None
                how = "" if seg == ".." else f" ({q(seg)} is a '..' to the URL Standard)"
                what = (f"path: '..' pops {q(gone)}" if gone is not None
                        else "path: '..' at the root pops nothing")
                end = " and leaves an empty last segment" if last else ""
                detail = f"{note}{what}{how}{end}."
            elif low in _SINGLE_DOT:
                how = "" if seg == "." else f" ({q(seg)} is a '.' to the URL Standard)"
                end = "; an empty last segment stays" if last else ""
                detail = f"{note}path: '.' is dropped{how}{end}."
            else:
                detail = f"{note}path: segment {q(seg)} appended."
        else:
            detail = ""
        if low in _DOUBLE_DOT:
            if segments:
                segments.pop()
            if last:
                segments.append("")
        elif low in _SINGLE_DOT:
            if last:
                segments.append("")
        else:
            segments.append(seg)
        if detail:
            trace.loop(f"{CITE} path state", detail, "/" + "/".join(segments))
        if last:
            break
        i = j + 1
    trace.end_loop(f"{CITE} path state", lambda: "/" + "/".join(segments))
    return segments


def _split_tail(rest: str) -> tuple[str, str | None, str | None]:
    """``rest`` cut at the first ``?`` (query) and ``#`` (fragment), the parser's order."""
    fragment = None
    h = rest.find("#")
    if h != -1:
        rest, fragment = rest[:h], rest[h + 1 :]
    query = None
    k = rest.find("?")
    if k != -1:
        rest, query = rest[:k], rest[k + 1 :]
    return rest, query, fragment


def _authority(rest: str, special: bool, trace: Trace, why: str) -> tuple[str, str, str]:
    """Skip the authority (the host is ada-url's to parse): what follows it, the host
    and the port as written."""
    seps = "/?#\\" if special else "/?#"
    end = len(rest)
    for k, c in enumerate(rest):
        if c in seps:
            end = k
            break
    authority = rest[:end]
    at = authority.rfind("@")
    host = authority[at + 1 :]
    extra = f"; credentials {q(authority[:at])} before '@'" if at != -1 else ""
    trace.add(f"{CITE} authority state", f"{why}: host {q(host)}{extra}.", shown(authority))
    port = ""
    colon = host.rfind(":")
    if colon != -1 and "]" not in host[colon:]:
        host, port = host[:colon], host[colon + 1 :]
    return rest[end:], host, port


def _tail_steps(query: str | None, fragment: str | None, trace: Trace,
                base_search: str | None = None, *, from_base_path: bool = False) -> None:
    """The query and fragment steps, with where each came from.

    ``from_base_path``: the path was the base's (a ``?`` reference), so say what
    became of the base's query (``base_search``, with its ``?``; "" when it has none).
    """
    if query is not None:
        if not from_base_path:
            why = "query taken from reference."
        elif base_search:
            why = f"query taken from reference; the base's {q(base_search)} is dropped."
        else:
            why = "base has no query: query taken from reference."
        trace.add(f"{CITE} query state", why, shown("?" + query))
    if fragment is not None:
        trace.add(f"{CITE} fragment state", "fragment taken from reference.",
                  shown("#" + fragment))


def retrace(base: BaseParts, ref: str, trace: Trace) -> Retrace:
    """Record the branches the URL Standard takes for ``ref`` against ``base``.

    Returns the path the steps arrive at, for ``legacy/whatwg.py`` to check against
    ada-url's. Never raises.
    """
    text = ref.strip(_C0_SPACE)
    if len(text) != len(ref):
        trace.add(f"{CITE} preprocessing",
                  f"leading/trailing C0 control or space removed ({len(ref) - len(text)} "
                  "characters).", shown(text))
    cleaned = _TAB_NEWLINE.sub("", text)
    if len(cleaned) != len(text):
        trace.add(f"{CITE} preprocessing",
                  f"ASCII tab or newline removed ({len(text) - len(cleaned)} characters) "
                  "anywhere in the reference.", shown(cleaned))
    text = cleaned
    m = _SCHEME.match(text)
    scheme = m.group()[:-1].lower() if m else None
    base_special = base.scheme in SPECIAL_PORTS
    if scheme is not None:
        special = scheme in SPECIAL_PORTS
        rest = text[m.end() :] if m else text
        if scheme == "file" or (base.scheme == "file" and scheme == base.scheme):
            trace.add(f"{CITE} file state",
                      "file scheme: the URL Standard's own file state (drive letters, "
                      "'localhost') applies; only ada-url's result is shown.", shown(text))
            return Retrace(None)
        if special and scheme == base.scheme:
            trace.add(
                f"{CITE} special relative or authority state",
                f"reference's scheme {q(scheme)} is special and the same as the base's: "
                "read as relative to the base (RFC 3986 in strict mode takes it as "
                "absolute).", shown(rest))
            return _relative(base, rest, special, trace)
        if special:
            trace.add(f"{CITE} special authority slashes state",
                      f"special scheme {q(scheme)} differs from the base's: an absolute URL; "
                      "slashes and backslashes before the host are skipped.", shown(text))
            after, host, port = _authority(rest.lstrip("/\\"), True, trace,
                                           "authority from reference")
            path, query, fragment = _split_tail(after)
            segments = _path_state(path, True, [], trace, noted_backslash=False)
            _tail_steps(query, fragment, trace)
            return Retrace("/" + "/".join(segments), host=host, port=port)
        if rest.startswith("/"):
            trace.add(f"{CITE} path or authority state",
                      f"non-special scheme {q(scheme)}: an absolute URL, the base is not "
                      "used.", shown(text))
            written_host: str | None = None
            written_port = ""
            if rest.startswith("//"):
                after, written_host, written_port = _authority(
                    rest[2:], False, trace, "authority from reference")
            else:
                after = rest
            path, query, fragment = _split_tail(after)
            segments = _path_state(path, False, [], trace, noted_backslash=False) \
                if path else []
            _tail_steps(query, fragment, trace)
            return Retrace("/" + "/".join(segments) if path else "", host=written_host,
                           port=written_port)
        trace.add(f"{CITE} opaque path state",
                  f"non-special scheme {q(scheme)} without '/': an opaque path, kept as "
                  "written (no dot segments removed).", shown(text))
        return Retrace(None, opaque=True)
    if base.opaque:
        if text.startswith("#"):
            trace.add(f"{CITE} no scheme state",
                      "base has an opaque path: only a fragment can be added to it.",
                      shown(text))
            return Retrace(None, opaque=True)
        trace.add(f"{CITE} no scheme state",
                  "base has an opaque path (such as mailto:): a relative reference "
                  "against it is a failure.", shown(text))
        return Retrace(None, opaque=True)
    if base.scheme == "file":
        trace.add(f"{CITE} file state",
                  "base is a file URL: the URL Standard's own file state (drive letters, "
                  "'localhost') applies; only ada-url's result is shown.", shown(text))
        return Retrace(None)
    trace.add(f"{CITE} no scheme state",
              "reference has no scheme: relative state, scheme from the base.", shown(text))
    return _relative(base, text, base_special, trace)


def _relative(base: BaseParts, rest: str, special: bool, trace: Trace) -> Retrace:
    """URL Standard relative state and relative slash state."""
    first = rest[:1]
    seps = ("/", "\\") if special else ("/",)
    if first in seps and rest[:1] != "":
        second = rest[1:2]
        back = "\\" in rest[:2]
        note = "special scheme: backslash treated as slash; " if back and special else ""
        if second in seps and second != "":
            if special:
                why = (f"{note}reference starts with two slashes: authority from reference "
                       "(special scheme: any further slashes or backslashes are skipped)")
                after, host, port = _authority(rest.lstrip("/\\"), True, trace, why)
            else:
                why = "reference starts with '//': authority from reference"
                after, host, port = _authority(rest[2:], False, trace, why)
            path, query, fragment = _split_tail(after)
            segments = _path_state(path, special, [], trace, noted_backslash=back) \
                if path or special else []
            _tail_steps(query, fragment, trace)
            return Retrace("/" + "/".join(segments) if segments or special else "",
                           host=host, port=port)
        trace.add(f"{CITE} relative slash state",
                  f"{note}reference starts with a slash: host from the base, path from the "
                  "reference.", shown(rest))
        path, query, fragment = _split_tail(rest)
        segments = _path_state(path, special, [], trace, noted_backslash=back)
        _tail_steps(query, fragment, trace)
        return Retrace("/" + "/".join(segments))
    path, query, fragment = _split_tail(rest)
    if rest == "":
        trace.add(f"{CITE} relative state",
                  "empty reference: the base without its fragment.", base.pathname)
        return Retrace(base.pathname)
    if path == "" and query is not None:
        trace.add(f"{CITE} relative state",
                  "reference starts with '?': path from the base.", base.pathname)
        _tail_steps(query, fragment, trace, base.search, from_base_path=True)
        return Retrace(base.pathname)
    if path == "":
        kept = (f"the base's query {q(base.search)} is kept" if base.search
                else "base has no query")
        trace.add(f"{CITE} relative state",
                  f"reference is a fragment only: path from the base and {kept}.",
                  base.pathname + base.search)
        _tail_steps(None, fragment, trace)
        return Retrace(base.pathname)
    segments = base.segments
    gone = segments.pop() if segments else None
    trace.add(f"{CITE} relative state",
              "relative path: base path shortened"
              + (f", its last segment {q(gone)} dropped" if gone is not None else "")
              + "; the base's query is not used.",
              "/" + "/".join(segments) + ("/" if segments else ""))
    segments = _path_state(path, special, segments, trace, noted_backslash=False)
    _tail_steps(query, fragment, trace)
    return Retrace("/" + "/".join(segments))


def host_reason(written: str, parsed: str, host_type: str | None) -> str | None:
    """Why the browser's host differs from the host as written (URL Standard §3.5 host
    parsing), or None when it does not."""
    if written == parsed:
        return None
    if host_type == "ipv4":
        return (f"host: {q(written)} is read as an IPv4 address (URL Standard §3.5: "
                f"decimal, hex, octal and short forms are numbers): {q(parsed)}.")
    if written.lower() == parsed:
        return f"host: {q(written)} lower-cased to {q(parsed)}."
    if "xn--" in parsed and "xn--" not in written.lower():
        return f"host: {q(written)} converted to ASCII by IDNA (punycode): {q(parsed)}."
    if "%" in written:
        return f"host: {q(written)} percent-decoded, then domain-to-ASCII: {q(parsed)}."
    return f"host: {q(written)} became {q(parsed)} (URL Standard §3.5 host parsing)."


def port_reason(scheme: str, written: str, parsed: str) -> str | None:
    """Why the browser's port differs from the port as written, or None."""
    if written == parsed:
        return None
    if parsed == "" and written == "":
        return None
    default = SPECIAL_PORTS.get(scheme)
    if parsed == "" and default is not None and written.lstrip("0") == default:
        return f"port: {q(written)} is {scheme}'s default port: dropped."
    if parsed == "" and written == "":
        return None
    if parsed == "":
        return f"port: empty port {q(written)} dropped."
    return f"port: {q(written)} read as the number {parsed}."
