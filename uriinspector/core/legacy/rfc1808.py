"""Resolution as RFC 1808 (1995) §4 describes it, with RFC 1808's own parser (§2.4).

RFC 1808 treats ``;params`` as a component of their own (§2.4.5: everything after the
first ";" of the path), so ``;x`` against ``http://a/b/c/d;p?q`` keeps the base path
and replaces its params: ``http://a/b/c/d;x`` (§5.1). An empty reference inherits the
*entire* base URL, fragment included (§4 step 2a, §5.2: ``<>`` =
``http://a/b/c/d;p?q#f``). The parse order (fragment, scheme, net_loc, query, params,
§2.4.1–2.4.5) is kept literally: the net_loc runs to the next "/", so ``//g?y`` has the
net_loc ``g?y``. There is no same-scheme loophole (§5.2: ``http:g`` = ``http:g``), so
``strict`` is ignored.
"""

from __future__ import annotations

from dataclasses import dataclass

from uriinspector.core.charsets import ALPHA, DIGIT
from uriinspector.core.legacy._trace import (
    Outcome,
    Trace,
    base_not_absolute,
    leading_dotdot_note,
    opt,
    q,
    shown,
    string_buffer_dots,
)

CITE = "RFC 1808"

# RFC 1808 §2.2   scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]  (§2.4.2 accepts
# upper case too: "any not an alphanumeric, plus "+", period ".", or hyphen "-"")
_SCHEME_CHARS = ALPHA | DIGIT | frozenset("+.-")


@dataclass(frozen=True, slots=True)
class Url1808:
    """A URL parsed by RFC 1808 §2.4: ``None`` means the delimiter was absent."""

    scheme: str | None
    net_loc: str | None
    path: str  # with its leading "/" if any
    params: str | None
    query: str | None
    fragment: str | None

    def unparse(self) -> str:
        """Recombine (§4 step 7), in the order of §2.2's generic-RL."""
        pieces: list[str] = []
        if self.scheme is not None:
            pieces += [self.scheme, ":"]
        if self.net_loc is not None:
            pieces += ["//", self.net_loc]
        pieces.append(self.path)
        if self.params is not None:
            pieces += [";", self.params]
        if self.query is not None:
            pieces += ["?", self.query]
        if self.fragment is not None:
            pieces += ["#", self.fragment]
        return "".join(pieces)

    def describe(self) -> str:
        """One sentence naming the components."""
        return (
            f"scheme {opt(self.scheme)}, net_loc {opt(self.net_loc)}, path {q(self.path)}, "
            f"params {opt(self.params)}, query {opt(self.query)}, "
            f"fragment {opt(self.fragment)}"
        )


def parse(text: str) -> Url1808:
    """Parse ``text`` in the order of RFC 1808 §2.4.1–2.4.6."""
    s = text
    # §2.4.1 "If the parse string contains a crosshatch "#" character, then the substring
    # after the first (left-most) crosshatch ... is the <fragment>"
    fragment = None
    h = s.find("#")
    if h != -1:
        s, fragment = s[:h], s[h + 1 :]
    # §2.4.2 "If the parse string contains a colon ":" after the first character and
    # before any characters not allowed as part of a scheme name"
    scheme = None
    c = s.find(":")
    if c > 0 and all(ch in _SCHEME_CHARS for ch in s[:c]):
        scheme, s = s[:c], s[c + 1 :]
    # §2.4.3 "If the parse string begins with a double-slash "//", then the substring of
    # characters after the double-slash and up to, but not including, the next slash"
    net_loc = None
    if s.startswith("//"):
        sl = s.find("/", 2)
        if sl == -1:
            net_loc, s = s[2:], ""
        else:
            net_loc, s = s[2:sl], s[sl:]
    # §2.4.4 "If the parse string contains a question mark "?" character, then the
    # substring after the first (left-most) question mark ... is the <query>"
    query = None
    m = s.find("?")
    if m != -1:
        s, query = s[:m], s[m + 1 :]
    # §2.4.5 "If the parse string contains a semicolon ";" character, then the substring
    # after the first (left-most) semicolon ... is the parameter information <params>"
    params = None
    p = s.find(";")
    if p != -1:
        s, params = s[:p], s[p + 1 :]
    # §2.4.6 "all that is left of the parse string is the URL <path> and the slash "/"
    # that may precede it"
    return Url1808(scheme, net_loc, s, params, query, fragment)


def resolve(base: str, ref: str, strict: bool = True) -> Outcome:
    """Resolve ``ref`` against ``base`` by RFC 1808 §4 steps 1–7."""
    del strict  # §5.2: "http:g = <URL:http:g>"; no backwards-compatible variant
    trace = Trace()
    bu = parse(base)
    if bu.scheme is None:
        return base_not_absolute(
            f"{CITE} §4 step 1: the base URL has no scheme, so it cannot serve as a base."
        )
    base_form = bu.unparse()
    trace.add(
        f"{CITE} §2.4 parse base", "Base components: " + bu.describe() + ".", shown(base_form)
    )
    r = parse(ref)
    trace.add(f"{CITE} §4 step 2", "Reference components: " + r.describe() + ".", shown(ref))

    # step 2a: "If the embedded URL is entirely empty, it inherits the entire base URL"
    if ref == "":
        trace.add(
            f"{CITE} §4 step 2a",
            "The embedded URL is entirely empty: it inherits the entire base URL "
            "(§5.2: <> = http://a/b/c/d;p?q#f).",
            base_form,
        )
        return Outcome(base_form, trace.done(), None, base_form)
    # step 2b: "If the embedded URL starts with a scheme name, it is interpreted as an
    # absolute URL and we are done."
    if r.scheme is not None:
        target = r.unparse()
        trace.add(f"{CITE} §4 step 2b", "It starts with a scheme name: absolute, done.", target)
        return Outcome(target, trace.done(), None, base_form)
    # step 2c: "Otherwise, the embedded URL inherits the scheme of the base URL."
    scheme = bu.scheme
    trace.add(f"{CITE} §4 step 2c", f"The scheme {q(scheme)} is inherited.", shown(scheme))
    # step 3: "If the embedded URL's <net_loc> is non-empty, we skip to Step 7.
    # Otherwise, the embedded URL inherits the <net_loc> (if any) of the base URL."
    if r.net_loc:
        target = Url1808(scheme, r.net_loc, r.path, r.params, r.query, r.fragment).unparse()
        trace.add(f"{CITE} §4 step 3", "The net_loc is non-empty: step 7.", target)
        return Outcome(target, trace.done(), None, base_form)
    net_loc = bu.net_loc
    trace.add(
        f"{CITE} §4 step 3", f"The net_loc {opt(net_loc)} is inherited.", shown(net_loc or "")
    )
    # step 4: "If the embedded URL path is preceded by a slash "/", the path is not
    # relative and we skip to Step 7."
    if r.path.startswith("/"):
        target = Url1808(scheme, net_loc, r.path, r.params, r.query, r.fragment).unparse()
        trace.add(f"{CITE} §4 step 4", 'The path begins with "/": not relative; step 7.', target)
        return Outcome(target, trace.done(), None, base_form)
    # step 5: "If the embedded URL path is empty (and not preceded by a slash), then the
    # embedded URL inherits the base URL path, and
    #   a) if the embedded URL's <params> is non-empty, we skip to step 7; otherwise, it
    #      inherits the <params> of the base URL (if any) and
    #   b) if the embedded URL's <query> is non-empty, we skip to step 7; otherwise, it
    #      inherits the <query> of the base URL (if any) and we skip to step 7."
    if r.path == "":
        path = bu.path
        trace.add(
            f"{CITE} §4 step 5", f"Empty path: the base path {q(path)} is inherited.", shown(path)
        )
        if r.params:
            target = Url1808(scheme, net_loc, path, r.params, r.query, r.fragment).unparse()
            trace.add(
                f"{CITE} §4 step 5a", f"The params {q(r.params)} are non-empty: step 7.", target
            )
            return Outcome(target, trace.done(), None, base_form)
        params = bu.params
        trace.add(
            f"{CITE} §4 step 5a", f"The base's params {opt(params)} are inherited.", shown(path)
        )
        if r.query:
            query: str | None = r.query
            why = f"The query {q(r.query)} is non-empty: step 7."
        else:
            query = bu.query
            why = f"The base's query {opt(query)} is inherited; step 7."
        target = Url1808(scheme, net_loc, path, params, query, r.fragment).unparse()
        trace.add(f"{CITE} §4 step 5b", why, target)
        return Outcome(target, trace.done(), None, base_form)
    # step 6: "The last segment of the base URL's path (anything following the rightmost
    # slash "/", or the entire path if no slash is present) is removed and the embedded
    # URL's path is appended in its place."
    bp = bu.path
    if net_loc is not None and bp == "":
        # §2.2: net_path = "//" net_loc [ abs_path ]: a path after a net_loc always has its
        # "/" (RFC 1808's <path> excludes that slash), so we start from "/".
        buffer = "/"
        how = 'The base has a net_loc and no path: the path starts at "/" (§2.2 abs_path).'
    else:
        buffer = bp[: bp.rfind("/") + 1]
        how = "The last segment of the base path is removed."
    trace.add(f"{CITE} §4 step 6", how, shown(buffer))
    buffer += r.path
    trace.add(
        f"{CITE} §4 step 6", "The embedded URL's path is appended in its place.", shown(buffer)
    )
    # 6a-6d: "./", a final ".", "<segment>/../" leftmost first, a final "<segment>/.."
    buffer = string_buffer_dots(buffer, trace, f"{CITE} §4", ("6a", "6b", "6c", "6d"))
    leading_dotdot_note(buffer, trace, f"{CITE} §4 step 6")
    # step 7: "The resulting URL components, including any inherited from the base URL,
    # are recombined"
    target = Url1808(scheme, net_loc, buffer, r.params, r.query, r.fragment).unparse()
    trace.add(f"{CITE} §4 step 7", "The components are recombined.", target)
    return Outcome(target, trace.done(), None, base_form)
