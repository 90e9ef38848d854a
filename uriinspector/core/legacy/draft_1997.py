"""Resolution as draft-fielding-url-syntax-05 (May 1997) §5.2 describes it.

Its step 6 appends the reference's query to the buffer *before* removing dot segments
(6c), then splits the query off again at the first "?" (6h, 6i) — the draft says most
clients did this. So ``g?y/../x`` = ``http://a/b/c/x`` and ``g?y/./x`` =
``http://a/b/c/g?y/x`` (App. C.2), where RFC 2396 leaves the query alone. The draft
offers no same-scheme loophole ("Its use should be avoided": ``http:g`` = ``http:g``),
so ``strict`` is ignored.

App. C.2 ends with "Some parsers inappropriately strip a lead relative symbolic path
element ... http://a/../b/c = http://a/b/c"; the recovered text cannot tell which side
is the draft's answer. By step 3 the reference is absolute and is taken as it stands,
so we give ``http://a/../b/c`` (RFC 2396 dropped the row).
"""

from __future__ import annotations

from uriinspector.core.legacy._trace import (
    Outcome,
    Trace,
    base_not_absolute,
    describe,
    q,
    recompose,
    shown,
    split_cached,
    string_buffer_dots,
    text_of,
)

CITE = "draft-1997 §5.2"


def resolve(base: str, ref: str, strict: bool = True) -> Outcome:
    """Resolve ``ref`` against ``base`` by the 1997 draft's §5.2 steps 1–7."""
    del strict  # the draft has no non-validating variant
    trace = Trace()
    b = split_cached(base)
    # §5.2: "only the scheme component is required to be present in the base URL"
    if b.scheme is None:
        return base_not_absolute(f"{CITE}: the base URL has no scheme.")
    # "The base URL's query component is not used by the resolution algorithm"
    base_form = recompose(b.scheme.text, text_of(b.authority), b.path.text, text_of(b.query), None)
    trace.add(f"{CITE} base", "Base components: " + describe(b) + ".", shown(base_form))
    # 1) "The URL reference is parsed into the potential four components and fragment"
    r = split_cached(ref)
    trace.add(f"{CITE} step 1", "Reference components: " + describe(r) + ".", shown(ref))
    r_scheme = text_of(r.scheme)
    r_site = text_of(r.authority)
    r_query = text_of(r.query)
    fragment = text_of(r.fragment)
    base_site = text_of(b.authority)

    # 2) "If the path component is empty and the scheme, site, and query components are
    # undefined, then it is a reference to the current document and we are done."
    if r.path.text == "" and r_scheme is None and r_site is None and r_query is None:
        target = recompose(b.scheme.text, base_site, b.path.text, text_of(b.query), fragment)
        trace.add(
            f"{CITE} step 2",
            "A reference to the current document (App. C: #s = (current document)#s); "
            "shown as the base.",
            target,
        )
        return Outcome(target, trace.done(), None, base_form)
    # 3) "If the scheme component is defined ... interpreted as an absolute URL"
    if r_scheme is not None:
        target = recompose(r_scheme, r_site, r.path.text, r_query, fragment)
        trace.add(f"{CITE} step 3", "The reference has a scheme: an absolute URL, done.", target)
        return Outcome(target, trace.done(), None, base_form)
    trace.add(
        f"{CITE} step 3", f"The scheme {q(b.scheme.text)} is inherited.", shown(b.scheme.text)
    )
    # 4) "If the site component is defined, then the reference is a network-path"
    if r_site is not None:
        target = recompose(b.scheme.text, r_site, r.path.text, r_query, fragment)
        trace.add(f"{CITE} step 4", "The site is defined: a network-path; step 7.", target)
        return Outcome(target, trace.done(), None, base_form)
    trace.add(f"{CITE} step 4", "The site is inherited from the base.", shown(base_site or ""))
    # 5) "If the path component begins with a slash character ("/") ... absolute-path"
    if r.path.text.startswith("/"):
        target = recompose(b.scheme.text, base_site, r.path.text, r_query, fragment)
        trace.add(
            f"{CITE} step 5",
            'The path begins with "/": an absolute path, kept as it stands; step 7.',
            target,
        )
        return Outcome(target, trace.done(), None, base_form)
    # 6) merge the relative path with the base URL's path in a string buffer
    bp = b.path.text
    # a) "All but the last segment of the base URL's path component is copied"
    buffer = bp[: bp.rfind("/") + 1]
    trace.add(
        f"{CITE} step 6a",
        "All but the last segment of the base path is copied to the buffer"
        + (" (the base path is empty: nothing is copied)." if bp == "" else "."),
        shown(buffer),
    )
    # b) "The reference's path component is appended to the buffer string."
    buffer += r.path.text
    trace.add(f"{CITE} step 6b", "The reference's path is appended.", shown(buffer))
    # c) "If the reference's query component is defined, then a "?" character is appended
    # to the buffer string, followed by the query component."
    if r_query is not None:
        buffer += "?" + r_query
        trace.add(
            f"{CITE} step 6c",
            'The reference\'s query is appended with its "?": it takes part in the '
            "dot-segment removal below.",
            shown(buffer),
        )
    else:
        trace.add(f"{CITE} step 6c", "The reference has no query.", shown(buffer))
    # d)-g): "./", a final ".", "<segment>/../" leftmost first, a final "<segment>/.."
    buffer = string_buffer_dots(buffer, trace, CITE, ("6d", "6e", "6f", "6g"))
    # h) the query is the substring after the first "?"; i) the path is what precedes it
    mark = buffer.find("?")
    if mark == -1:
        path, query = buffer, None
        trace.add(f"{CITE} steps 6h-6i", 'No "?" in the buffer: no query.', shown(path))
    else:
        path, query = buffer[:mark], buffer[mark + 1 :]
        trace.add(
            f"{CITE} steps 6h-6i",
            f'The query is {q(query)}, after the first "?"; the path is what precedes it.',
            shown(path),
        )
    # 7) recombine
    target = recompose(b.scheme.text, base_site, path, query, fragment)
    trace.add(f"{CITE} step 7", "The components are recombined.", target)
    return Outcome(target, trace.done(), None, base_form)
