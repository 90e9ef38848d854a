"""Resolution as RFC 2396 (1998) §5.2 describes it, steps 1–7.

Differences from RFC 3986 that the window shows: ``?y`` merges the paths
(App. C.1: ``?y`` = ``http://a/b/c/?y``); an empty reference, or one with only a
fragment, is "the current document" (step 2); dot segments are removed only while
merging a relative path (step 6), by string rewriting that keeps ``..`` it cannot remove
(App. C.2: ``../../../g`` = ``http://a/../g``). Step 6a copies nothing for a base with
an empty path (``http://a`` + ``g`` = ``http://ag``) — the flaw the 2003 draft lists
as fixed; we keep it, so the history stays visible.
"""

from __future__ import annotations

from uriinspector.core.legacy._trace import (
    Outcome,
    Trace,
    base_not_absolute,
    describe,
    leading_dotdot_note,
    q,
    recompose,
    shown,
    split_cached,
    string_buffer_dots,
    text_of,
)

CITE = "RFC 2396 §5.2"


def resolve(base: str, ref: str, strict: bool = True) -> Outcome:
    """Resolve ``ref`` against ``base`` by RFC 2396 §5.2 steps 1–7."""
    trace = Trace()
    b = split_cached(base)
    # §5.2: "only the scheme component is required to be present in the base URI"
    if b.scheme is None:
        return base_not_absolute(f"{CITE}: the base URI has no scheme.")
    base_form = recompose(b.scheme.text, text_of(b.authority), b.path.text, text_of(b.query), None)
    trace.add(f"{CITE} base", "Base components: " + describe(b) + ".", shown(base_form))
    # step 1: "The URI reference is parsed into the potential four components and
    # fragment identifier"
    r = split_cached(ref)
    trace.add(f"{CITE} step 1", "Reference components: " + describe(r) + ".", shown(ref))
    r_scheme = text_of(r.scheme)
    r_authority = text_of(r.authority)
    r_query = text_of(r.query)
    fragment = text_of(r.fragment)
    base_authority = text_of(b.authority)

    # step 2: "If the path component is empty and the scheme, authority, and query
    # components are undefined, then it is a reference to the current document"
    if r.path.text == "" and r_scheme is None and r_authority is None and r_query is None:
        target = recompose(b.scheme.text, base_authority, b.path.text, text_of(b.query), fragment)
        trace.add(
            f"{CITE} step 2",
            "Empty path, no scheme, authority or query: a reference to the current "
            "document (App. C: #s = (current document)#s); shown as the base.",
            target,
        )
        return Outcome(target, trace.done(), None, base_form)

    # step 3: scheme defined -> absolute URI. For backwards compatibility an
    # implementation may remove a scheme that matches the base's (the RFC 1630
    # loophole); we do that only when not strict.
    if not strict and r_scheme is not None and r_scheme.lower() == b.scheme.text.lower():
        trace.add(
            f"{CITE} step 3 (backwards compatibility)",
            f"The scheme {q(r_scheme)} matches the base's and is removed (App. C: http:g "
            "= http://a/b/c/g for backwards compatibility).",
            shown(ref[len(r_scheme) + 1 :]),
        )
        r_scheme = None
    if r_scheme is not None:
        target = recompose(r_scheme, r_authority, r.path.text, r_query, fragment)
        trace.add(
            f"{CITE} step 3",
            "The reference starts with a scheme name: an absolute URI, done.",
            target,
        )
        return Outcome(target, trace.done(), None, base_form)
    trace.add(
        f"{CITE} step 3", f"The scheme {q(b.scheme.text)} is inherited.", shown(b.scheme.text)
    )

    # step 4: authority defined -> network-path, skip to step 7
    if r_authority is not None:
        target = recompose(b.scheme.text, r_authority, r.path.text, r_query, fragment)
        trace.add(f"{CITE} step 4", "The authority is defined: a network-path; step 7.", target)
        return Outcome(target, trace.done(), None, base_form)
    trace.add(
        f"{CITE} step 4",
        "The authority is inherited from the base.",
        shown(base_authority or ""),
    )

    # step 5: path begins with "/" -> abs_path, skip to step 7
    if r.path.text.startswith("/"):
        target = recompose(b.scheme.text, base_authority, r.path.text, r_query, fragment)
        trace.add(
            f"{CITE} step 5",
            'The path begins with "/": an absolute path, kept as it stands (App. C: '
            "/./g = http://a/./g); step 7.",
            target,
        )
        return Outcome(target, trace.done(), None, base_form)

    # step 6: merge a relative-path reference with the base path using a buffer
    bp = b.path.text
    # 6a: "All but the last segment of the base URI's path component is copied to the
    # buffer." (nothing for an empty base path: the flaw the 2003 draft fixed)
    buffer = bp[: bp.rfind("/") + 1]
    trace.add(
        f"{CITE} step 6a",
        "All but the last segment of the base path is copied to the buffer"
        + (
            " (the base path is empty: RFC 2396 has no rule for this, nothing is copied)."
            if bp == ""
            else "."
        ),
        shown(buffer),
    )
    # 6b: "The reference's path component is appended to the buffer string."
    buffer += r.path.text
    trace.add(f"{CITE} step 6b", "The reference's path is appended.", shown(buffer))
    # 6c-6f: "./", a final ".", "<segment>/../" leftmost first, a final "<segment>/.."
    buffer = string_buffer_dots(buffer, trace, CITE, ("6c", "6d", "6e", "6f"))
    # 6g: leading ".." is an error implementations may handle by keeping the segments
    leading_dotdot_note(buffer, trace, f"{CITE} step 6g")
    # 6h: "The remaining buffer string is the reference URI's new path component."
    # step 7: recombine
    target = recompose(b.scheme.text, base_authority, buffer, r_query, fragment)
    trace.add(
        f"{CITE} steps 6h + 7",
        "The buffer is the new path; the components are recombined.",
        target,
    )
    return Outcome(target, trace.done(), None, base_form)
