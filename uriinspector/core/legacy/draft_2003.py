"""Resolution as draft-fielding-uri-rfc2396bis-01 (March 2003) §5.2 writes it.

The draft's pseudocode is RFC 3986's transform without ``remove_dot_segments``: only a
relative-path reference is merged, through the draft's 8-step string buffer, which
keeps ``..`` segments it cannot remove (App. C: ``../../../g`` = ``http://a/../g``)
and leaves absolute paths alone (``/./g`` = ``http://a/./g``). An empty path without a
query is "the current document" (App. C: ``#s`` = "(current document)#s"); we give it
as the base without its fragment plus the reference's fragment.
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

CITE = "draft-2003 §5.2"


def resolve(base: str, ref: str, strict: bool = True) -> Outcome:
    """Resolve ``ref`` against ``base`` by the 2003 draft's §5.2 pseudocode and merge."""
    trace = Trace()
    b = split_cached(base)
    # §5.2: "only the scheme component is required to be present in the base URI"
    if b.scheme is None:
        return base_not_absolute(
            f"{CITE}: the base URI has no scheme, the one component it requires."
        )
    base_form = recompose(b.scheme.text, text_of(b.authority), b.path.text, text_of(b.query), None)
    trace.add(f"{CITE} parse(Base)", "Base components: " + describe(b) + ".", shown(base_form))
    r = split_cached(ref)
    trace.add(f"{CITE} parse(R)", "Reference components: " + describe(r) + ".", shown(ref))
    r_scheme = text_of(r.scheme)
    r_authority = text_of(r.authority)
    r_query = text_of(r.query)
    fragment = text_of(r.fragment)
    base_authority = text_of(b.authority)

    # "if ((not validating) and (R.scheme == Base.scheme)) then undefine(R.scheme)"
    if not strict and r_scheme is not None and r_scheme.lower() == b.scheme.text.lower():
        trace.add(
            f"{CITE} not validating: R.scheme ignored",
            f"A non-validating parser ignores the scheme {q(r_scheme)}, identical to the "
            "base's (App. C: http:g = http://a/b/c/g for backwards compatibility).",
            shown(ref[len(r_scheme) + 1 :]),
        )
        r_scheme = None

    if r_scheme is not None:
        # "if defined(R.scheme) then T.scheme = R.scheme; T.authority = R.authority;
        # T.path = R.path; T.query = R.query"
        target = recompose(r_scheme, r_authority, r.path.text, r_query, fragment)
        trace.add(
            f"{CITE} defined(R.scheme)",
            "The reference has a scheme: it is the target as it stands (no dot removal).",
            target,
        )
        return Outcome(target, trace.done(), None, base_form)
    if r_authority is not None:
        # "else if defined(R.authority) then T.authority = R.authority; T.path = R.path;
        # T.query = R.query" ... "T.scheme = Base.scheme"
        target = recompose(b.scheme.text, r_authority, r.path.text, r_query, fragment)
        trace.add(
            f"{CITE} defined(R.authority)",
            "Network-path reference: scheme from the base, the rest from the reference.",
            target,
        )
        return Outcome(target, trace.done(), None, base_form)
    if r.path.text == "":
        if r_query is not None:
            # "if defined(R.query) then T.path = Base.path; T.query = R.query"
            target = recompose(b.scheme.text, base_authority, b.path.text, r_query, fragment)
            trace.add(
                f'{CITE} R.path == "", defined(R.query)',
                "Empty path with a query: the base's path is kept, the query replaced.",
                target,
            )
            return Outcome(target, trace.done(), None, base_form)
        # "else -- An empty reference refers to the current document
        # return (current-document, fragment)"
        target = recompose(b.scheme.text, base_authority, b.path.text, text_of(b.query), fragment)
        trace.add(
            f"{CITE} current document",
            "Empty path and no query: the reference is the current document"
            + ("" if fragment is None else f" with fragment {q(fragment)}")
            + " (App. C: #s = (current document)#s); shown as the base.",
            target,
        )
        return Outcome(target, trace.done(), None, base_form)
    if r.path.text.startswith("/"):
        # "else if (R.path starts-with "/") then T.path = R.path"
        target = recompose(b.scheme.text, base_authority, r.path.text, r_query, fragment)
        trace.add(
            f'{CITE} R.path starts-with "/"',
            "Absolute-path reference: the path is taken as it stands (App. C: /./g = "
            "http://a/./g).",
            target,
        )
        return Outcome(target, trace.done(), None, base_form)
    # "else T.path = merge(Base.path, R.path)" — the 8-step buffer method.
    trace.add(
        f"{CITE} merge(Base.path, R.path)", "Relative-path reference: merge.", shown(r.path.text)
    )
    bp = b.path.text
    if bp == "":
        # step 1: "If the base URI's path component is the empty string, then a single
        # slash character ("/") is copied to the buffer."
        buffer = "/"
        how = 'The base path is empty: "/" is copied to the buffer.'
    else:
        # step 1: "All but the last segment of the base URI's path component is copied"
        buffer = bp[: bp.rfind("/") + 1]
        how = "All but the last segment of the base path is copied to the buffer."
    trace.add(f"{CITE} merge step 1", how, shown(buffer))
    # step 2: "The reference's path component is appended to the buffer string."
    buffer += r.path.text
    trace.add(f"{CITE} merge step 2", "The reference's path is appended.", shown(buffer))
    # steps 3-6: "./", a final ".", "<segment>/../" leftmost first, a final "<segment>/.."
    buffer = string_buffer_dots(buffer, trace, f"{CITE} merge", ("3", "4", "5", "6"))
    # step 7: leading ".." segments: an error the implementation may handle by keeping them
    leading_dotdot_note(buffer, trace, f"{CITE} merge step 7")
    # step 8: "The remaining buffer string is the target URI's path component."
    target = recompose(b.scheme.text, base_authority, buffer, r_query, fragment)
    trace.add(
        f"{CITE} merge step 8 + recombine",
        "The buffer is the target's path; components and fragment are recombined.",
        target,
    )
    return Outcome(target, trace.done(), None, base_form)
