"""Partial forms as Berners-Lee's URL Internet-Draft (March 1993) describes them.

The draft's section "Partial form" gives these rules, which we follow literally:

- "a full form must have a colon and that colon must occur before any slash
  characters" — such a reference is taken as it stands;
- otherwise the scheme is omitted; if the host part is given (``//``), "the host, port
  name and all the rest of the locator must be given";
- "If a leading slash is present, the path is absolute";
- otherwise "The last part of the path of the context locator (anything following the
  rightmost slash) is removed, and the given partial URL appended in its place", and
  "Within the result, all occurrences of "/xxx/.." or "/." are recursively removed,
  where xxx, ".." and "." are complete path elements".

Gaps the draft leaves, and what we do (each also said in the trace):

- The colon test ignores ``?`` and ``#``; we read the scheme with the Appendix-B split
  (text before the first ":" with no "/", "?" or "#"), which is the same test otherwise.
- The context's ``?search`` and ``#fragment`` (BNF: ``fragmentaddress = url [ #
  fragmentid ]``, ``generic = scheme : path [ ? search ]``) are not part of its path, so
  they are dropped; the partial URL's search and fragment are kept.
- A reference with only a fragment (or nothing) is not covered; we read it as the same
  object ("A void fragment-id ... refers to the whole object"): the context plus the
  fragment. A search-only partial (``?y``) is appended like any relative form.
- An empty context path with a host: we start from "/", else ``http://a`` + ``g``
  would glue the path to the host.
- The removal rule has no trailing slash, so ``..`` gives ``http://a/b`` (not
  ``http://a/b/``) and ``.`` gives ``http://a/b/c``. "xxx" is read as any complete
  element other than "." and ".." (the draft does not say); "." is removed first.
- Dot removal applies to the path only, never to the search part.
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
    shown_joined,
    split_cached,
    text_of,
)

CITE = "draft-1993 Partial form"


def _slashed(segs: list[str]) -> str:
    """Each element with its leading "/" ("" for none)."""
    return "/" + "/".join(segs) if segs else ""


def _slashed_shown(stack: list[str], segs: list[str], start: int, length: int) -> str:
    """``shown(_slashed([*stack, *segs[start:]]))``, that string ``length`` long."""
    if not stack and start >= len(segs):
        return ""
    return shown_joined("/", stack, segs, start, length)


def _remove_1993(path: str, trace: Trace) -> str:
    """Remove "/xxx/.." and "/." (complete elements) leftmost first, recursively.

    A segment list with a stack gives the same result as the string rewriting, and
    one trace step per removal, in linear time.
    """
    if not path.startswith("/"):
        # every element the rule names is preceded by "/": a path without one (a base
        # with no hierarchy) gets none removed from its first element
        first, sep, rest = path.partition("/")
        if not sep:
            return path
        return first + _remove_1993("/" + rest, trace)
    segs = path[1:].split("/")
    stack: list[str] = []
    # the path after a removal is _slashed(stack + segs[i + 1:]), "length" long; each
    # removal takes its elements with their "/" (built only abbreviated: issue 22)
    length = len(path)
    for i, s in enumerate(segs):
        if s == ".":
            length -= 2
            if trace.wants():
                trace.loop_shown(
                    f"{CITE} (remove /.)",
                    'Removed "/." where "." is a complete element.',
                    _slashed_shown(stack, segs, i + 1, length),
                )
        elif s == ".." and stack and stack[-1] != "..":
            gone = stack.pop()
            length -= len(gone) + 4
            if trace.wants():
                trace.loop_shown(
                    f"{CITE} (remove /xxx/..)",
                    f'Removed "/xxx/.." with xxx = {q(gone)}.',
                    _slashed_shown(stack, segs, i + 1, length),
                )
        else:
            stack.append(s)
    result = _slashed(stack)
    trace.end_loop(f"{CITE} (removal)", lambda: result)
    return result


def resolve(base: str, ref: str, strict: bool = True) -> Outcome:
    """Resolve a partial form ``ref`` within the context locator ``base`` (1993 draft)."""
    del strict  # the draft has no such distinction
    trace = Trace()
    b = split_cached(base)
    if b.scheme is None:
        return base_not_absolute(
            f"{CITE}: the context locator is not a full form (no colon before any slash)."
        )
    base_form = recompose(b.scheme.text, text_of(b.authority), b.path.text, text_of(b.query), None)
    trace.add(f"{CITE} context", "Context locator: " + describe(b) + ".", shown(base_form))
    r = split_cached(ref)
    trace.add(f"{CITE} reference", "Reference: " + describe(r) + ".", shown(ref))
    r_search = text_of(r.query)
    fragment = text_of(r.fragment)
    if r.scheme is not None:
        # "a full form must have a colon and that colon must occur before any slash"
        trace.add(f"{CITE} full form", "A colon before any slash: a full form, taken whole.", ref)
        return Outcome(ref, trace.done(), None, base_form)
    if r.authority is not None:
        # "If the host and/or port parts are the different, the host, port name and all
        # the rest of the locator must be given."
        target = recompose(b.scheme.text, r.authority.text, r.path.text, r_search, fragment)
        trace.add(
            f"{CITE} host given",
            "The scheme is omitted and the host part given: the rest is the reference's.",
            target,
        )
        return Outcome(target, trace.done(), None, base_form)
    base_host = text_of(b.authority)
    if r.path.text == "" and r_search is None:
        # gap: a fragment-only (or empty) partial form is not covered by the draft
        target = recompose(b.scheme.text, base_host, b.path.text, text_of(b.query), fragment)
        trace.add(
            f"{CITE} (gap) same object",
            "No path or search: the draft has no rule; read as the context object itself"
            + ("" if fragment is None else f" with fragment-id {q(fragment)}")
            + " (its Fragment-id section).",
            target,
        )
        return Outcome(target, trace.done(), None, base_form)
    if r.path.text.startswith("/"):
        # "If a leading slash is present, the path is absolute."
        path = r.path.text
        trace.add(f"{CITE} absolute path", "A leading slash: the path is absolute.", shown(path))
    else:
        # "The last part of the path of the context locator (anything following the
        # rightmost slash) is removed, and the given partial URL appended in its place."
        bp = b.path.text
        if bp == "" and base_host is not None:
            bp = "/"  # gap: see the module docstring
        path = bp[: bp.rfind("/") + 1] + r.path.text
        trace.add(
            f"{CITE} relative path",
            "The last part of the context's path is removed and the partial URL appended "
            "in its place (its search and fragment-id stay apart).",
            shown(path),
        )
    # "Within the result, all occurrences of "/xxx/.." or "/." are recursively removed"
    path = _remove_1993(path, trace)
    target = recompose(b.scheme.text, base_host, path, r_search, fragment)
    trace.add(f"{CITE} result", "The scheme and host of the context, then the path.", target)
    return Outcome(target, trace.done(), None, base_form)
