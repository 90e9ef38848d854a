"""Resolving a reference against a base, with a trace of every rule applied.

RFC 3986 §5.2 is implemented here as the literal algorithm: the §5.2.2 transform (strict
and non-strict), the §5.2.3 merge and §5.2.4 ``remove_dot_segments`` as the input/output
buffer loop with rules A–E, one :class:`Step` per iteration, so the window can show the
two buffers move. The older documents and the two library behaviours (WHATWG through
``ada-url``, Python's ``urljoin``) live in ``legacy/``; :func:`resolve` dispatches by name.

Every function accepts any ``str`` and never raises: a base that cannot serve as a base
gives ``target=None`` and an ``error``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from uriinspector.core.editions import RULE_SETS
from uriinspector.core.legacy import (
    draft_1993,
    draft_1997,
    draft_2003,
    python_urljoin,
    rfc1808,
    rfc2396,
    whatwg,
)
from uriinspector.core.legacy._trace import (
    Outcome,
    ResolveError,
    Step,
    Trace,
    base_not_absolute,
    describe,
    is_scheme,
    opt,
    q,
    recompose,
    remove_dot_segments_from,
    shown,
    shown_tail,
    split_cached,
    text_of,
    without_fragment,
)

__all__ = [
    "Resolution",
    "ResolveError",
    "Step",
    "remove_dot_segments",
    "resolve",
    "resolve_all",
    "trace_remove_dot_segments",
]


@dataclass(frozen=True, slots=True)
class Resolution:
    """The result of resolving ``ref`` against ``base`` under one rule set.

    ``target`` is the recombined result (fragment included), ``None`` when ``error``
    says why there is none. ``same_document`` follows RFC 3986 §4.4: the target equals
    the base once both lose their fragments. ``steps`` is the trace.
    """

    base: str
    ref: str
    rules: str
    target: str | None
    same_document: bool
    steps: tuple[Step, ...]
    error: ResolveError | None

    def to_json(self) -> dict[str, object]:
        """The batch contract's ``resolve`` answer."""
        return {
            "op": "resolve",
            "base": self.base,
            "ref": self.ref,
            "rules": self.rules,
            "target": self.target,
            "same_document": self.same_document,
            "steps": [s.to_json() for s in self.steps],
            "error": None if self.error is None else self.error.to_json(),
        }


# ---- RFC 3986 §5.2.4 Remove Dot Segments ---------------------------------------------


def _remove_dot_segments(path: str, trace: Trace | None) -> str:
    """The §5.2.4 loop over an input buffer (string + index) and an output list.

    The output buffer is a list of segments, each with its leading "/" if any, so
    "remove the last segment and its preceding '/'" is one ``pop``; the input is never
    re-sliced, so the loop is linear in the path length. Each iteration records one
    step (rule, what moved, the input left) whose value is the output buffer; sentences
    are built only for recorded iterations. Once no step is being recorded (no trace, or
    :data:`MAX_LOOP_STEPS` reached) the rest runs untraced in ``remove_dot_segments_from``
    and is counted as skipped iterations, so the trace is the same.
    """
    inp = path  # 1. The input buffer is initialized with the path; output is empty.
    i = 0
    out: list[str] = []
    # 2. While the input buffer is not empty, loop as follows:
    while i < len(inp):
        if inp is path and (trace is None or trace.saturated()):
            # nothing more is recorded: finish untraced (counted as skipped iterations)
            moved = remove_dot_segments_from(inp, i, out)
            if trace is not None:
                trace.skip(moved)
            break
        record = trace is not None and trace.wants()
        rule: str
        what = ""
        n = len(inp)
        # the segment at i: from inp[i] (a "/" or its first character) to the next "/"
        j = inp.find("/", i + 1) if inp[i] == "/" else inp.find("/", i)
        end = n if j == -1 else j
        size = end - i
        if inp[i] != "/" and (
            (size == 1 and inp[i] == ".") or (size == 2 and inp.startswith("..", i))
        ):
            if j != -1:
                # 2A. If the input buffer begins with a prefix of "../" or "./", then
                # remove that prefix from the input buffer.
                pre = inp[i : j + 1]
                i = j + 1
                rule, what = "5.2.4 A (rule 2A)", f'Removed the prefix "{pre}"'
            else:
                # 2D. If the input buffer consists only of "." or "..", then remove that
                # from the input buffer.
                what = f'The input was only "{inp[i:]}": removed it'
                i = n
                rule = "5.2.4 D (rule 2D)"
        elif inp[i] == "/" and size == 2 and inp[i + 1] == ".":
            # 2B. If the input buffer begins with a prefix of "/./" or "/.", where "." is
            # a complete path segment, then replace that prefix with "/".
            if j == -1:
                inp, i = "/", 0
                what = 'Replaced the final "/." with "/"'
            else:
                i += 2
                what = 'Replaced the prefix "/./" with "/"'
            rule = "5.2.4 B (rule 2B)"
        elif inp[i] == "/" and size == 3 and inp.startswith("..", i + 1):
            # 2C. If the input buffer begins with a prefix of "/../" or "/..", where ".."
            # is a complete path segment, then replace that prefix with "/" and remove
            # the last segment and its preceding "/" (if any) from the output buffer.
            gone = out.pop() if out else ""
            if j == -1:
                inp, i = "/", 0
                pre = "/.."
            else:
                i += 3
                pre = "/../"
            rule = "5.2.4 C (rule 2C)"
            if record:
                what = (
                    f'Replaced the prefix "{pre}" with "/" and removed the last segment '
                    f"{q(gone)} from the output"
                )
        else:
            # 2E. Move the first path segment in the input buffer to the end of the output
            # buffer, including the initial "/" (if any) and any subsequent characters up
            # to, but not including, the next "/".
            seg = inp[i:end]
            i = end
            out.append(seg)
            rule = "5.2.4 E (rule 2E)"
            if record:
                what = f"Moved the segment {q(seg)} to the output"
        if record:
            assert trace is not None
            trace.loop(rule, f"{what}; input now '{shown_tail(inp, i)}'.", "".join(out))
    # 3. Finally, the output buffer is returned as the result of remove_dot_segments.
    result = "".join(out)
    if trace is not None:
        trace.end_loop("5.2.4 (loop)", result)
    return result


def remove_dot_segments(path: str) -> str:
    """RFC 3986 §5.2.4 ``remove_dot_segments`` (no trace); linear in ``len(path)``."""
    return _remove_dot_segments(path, None)


def trace_remove_dot_segments(path: str) -> tuple[str, tuple[Step, ...]]:
    """RFC 3986 §5.2.4 with its trace: the result and one step per loop iteration."""
    trace = Trace()
    result = _remove_dot_segments(path, trace)
    return result, trace.done()


# ---- RFC 3986 §5.2.2 Transform References ---------------------------------------------


def _merge(base_authority: str | None, base_path: str, ref_path: str) -> str:
    """RFC 3986 §5.2.3 Merge Paths."""
    if base_authority is not None and base_path == "":
        # "If the base URI has a defined authority component and an empty path, then
        # return a string consisting of "/" concatenated with the reference's path"
        return "/" + ref_path
    # "otherwise, ... the reference's path appended to all but the last segment of the
    # base URI's path (i.e., excluding any characters after the right-most "/" ...)"
    return base_path[: base_path.rfind("/") + 1] + ref_path


def _resolve_rfc3986(base: str, ref: str, strict: bool) -> Outcome:
    """RFC 3986 §5.2: pre-parse, transform, merge, remove dot segments, recompose."""
    trace = Trace()
    # §5.2.1 Pre-parse the Base URI: "the base URI (Base) is established according to
    # the procedure of Section 5.1 and parsed into the five main components".
    b = split_cached(base)
    if b.scheme is None:
        return base_not_absolute(
            "RFC 3986 §5.1: the base URI must be an absolute URI (it has no scheme)."
        )
    if not is_scheme(b.scheme.text):
        return Outcome(
            None,
            (),
            ResolveError(
                "base-invalid-scheme",
                f"RFC 3986 §3.1: the base's scheme {q(b.scheme.text)} is not "
                'ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).',
            ),
            None,
        )
    base_form = recompose(b.scheme.text, text_of(b.authority), b.path.text, text_of(b.query), None)
    trace.add("5.2.1 pre-parse base", "Base components: " + describe(b) + ".", shown(base_form))
    if b.fragment is not None:
        # §5.1: a base obtained from a reference is "stripped of any fragment component
        # prior to its use as a base URI".
        trace.add(
            "5.1 base fragment removed",
            "A base URI has no fragment (RFC 3986 §5.1): it was stripped.",
            shown(base_form),
        )
    r = split_cached(ref)
    trace.add("5.2.1 parse reference", "Reference components: " + describe(r) + ".", shown(ref))

    r_scheme = text_of(r.scheme)
    r_authority = text_of(r.authority)
    r_path = r.path.text
    r_query = text_of(r.query)
    fragment = text_of(r.fragment)
    base_scheme = b.scheme.text
    base_authority = text_of(b.authority)

    # §5.2.2: "if ((not strict) and (R.scheme == Base.scheme)) then undefine(R.scheme)"
    if not strict and r_scheme is not None and r_scheme.lower() == base_scheme.lower():
        trace.add(
            "5.2.2 non-strict: R.scheme ignored",
            f"Non-strict parser: the reference's scheme {q(r_scheme)} equals the base's "
            "(compared case-insensitively, §3.1), so it is undefined and the reference "
            "is treated as relative.",
            shown(ref[len(r_scheme) + 1 :]),
        )
        r_scheme = None

    t_scheme: str
    t_authority: str | None
    t_query: str | None
    if r_scheme is not None:
        # §5.2.2: if defined(R.scheme): T.scheme = R.scheme; T.authority = R.authority;
        # T.path = remove_dot_segments(R.path); T.query = R.query
        trace.add(
            "5.2.2 R.scheme defined",
            "The reference has a scheme: it is taken whole, only its dot segments are removed.",
            shown(r_path),
        )
        t_scheme, t_authority, t_query = r_scheme, r_authority, r_query
        t_path = _remove_dot_segments(r_path, trace)
    elif r_authority is not None:
        # else: if defined(R.authority): T.authority = R.authority;
        # T.path = remove_dot_segments(R.path); T.query = R.query
        trace.add(
            "5.2.2 R.authority defined",
            f"Network-path reference: authority {q(r_authority)} from the reference, "
            "scheme from the base.",
            shown(r_path),
        )
        t_scheme, t_authority, t_query = base_scheme, r_authority, r_query
        t_path = _remove_dot_segments(r_path, trace)
    elif r_path == "":
        # if (R.path == ""): T.path = Base.path; T.query = R.query if defined else
        # Base.query
        t_scheme, t_authority, t_path = base_scheme, base_authority, b.path.text
        if r_query is not None:
            t_query = r_query
            why = f"the reference's query {q(r_query)} replaces the base's"
        else:
            t_query = text_of(b.query)
            why = f"the base's query ({opt(t_query)}) is kept"
        trace.add(
            "5.2.2 R.path empty",
            f"Empty path: the base's path {q(t_path)} is kept and {why}.",
            shown(t_path),
        )
    elif r_path.startswith("/"):
        # if (R.path starts-with "/"): T.path = remove_dot_segments(R.path)
        trace.add(
            "5.2.2 R.path absolute",
            "Absolute-path reference: the path replaces the base's; authority from the base.",
            shown(r_path),
        )
        t_scheme, t_authority, t_query = base_scheme, base_authority, r_query
        t_path = _remove_dot_segments(r_path, trace)
    else:
        # else: T.path = merge(Base.path, R.path); T.path = remove_dot_segments(T.path)
        merged = _merge(base_authority, b.path.text, r_path)
        if base_authority is not None and b.path.text == "":
            how = 'the base has an authority and an empty path, so "/" + the reference path'
        else:
            how = "all but the last segment of the base path, then the reference path"
        trace.add("5.2.2 R.path relative", "Relative-path reference: merge it.", shown(r_path))
        trace.add("5.2.3 merge", f"Merged path: {how}.", shown(merged))
        t_scheme, t_authority, t_query = base_scheme, base_authority, r_query
        t_path = _remove_dot_segments(merged, trace)

    # §5.3 Component Recomposition (T.fragment = R.fragment in every branch)
    if t_authority is None and t_path.startswith("//"):
        # Not in the RFC: §5.2 can yield such a path (base "a:b", ref "g/..//x"), and
        # §5.3 then writes "a://x", which parses back with an authority "x". We keep
        # the RFC's answer and say so (the URL Standard prefixes "/." instead).
        trace.add(
            "5.3 note: path starts with //",
            'The path begins with "//" but there is no authority: the recomposed '
            "string will parse back with an authority (a gap in RFC 3986 §5.2–5.3; "
            'browsers write "/." before such a path).',
            shown(t_path),
        )
    target = recompose(t_scheme, t_authority, t_path, t_query, fragment)
    trace.add(
        "5.3 recomposition",
        "Scheme, authority, path, query and the reference's fragment recombined.",
        target,
    )
    return Outcome(target, trace.done(), None, base_form)


# ---- dispatch ---------------------------------------------------------------------------

_Resolver = Callable[[str, str, bool], Outcome]

_RESOLVERS: dict[str, _Resolver] = {
    "rfc3986": _resolve_rfc3986,
    "whatwg": whatwg.resolve,
    "python-urljoin": python_urljoin.resolve,
    "draft-2003": draft_2003.resolve,
    "rfc2396": rfc2396.resolve,
    "draft-1997": draft_1997.resolve,
    "rfc1808": rfc1808.resolve,
    "draft-1993": draft_1993.resolve,
}


def resolve(base: str, ref: str, rules: str = "rfc3986", *, strict: bool = True) -> Resolution:
    """Resolve ``ref`` against ``base`` under the rule set ``rules``, with a trace.

    ``strict=False`` lets a reference with the base's scheme count as relative where the
    document allows it (RFC 3986 §5.2.2, draft-2003 §5.2, RFC 2396 §5.2 step 3).
    Never raises: unknown rules or an unusable base give ``target=None`` and an error.
    """
    resolver = _RESOLVERS.get(rules)
    if resolver is None:
        err = ResolveError(
            "unknown-rules",
            f"Unknown rule set {rules!r}; known: {', '.join(RULE_SETS)}.",
        )
        return Resolution(base, ref, rules, None, False, (), err)
    try:
        out = resolver(base, ref, strict)
    except Exception as exc:  # a bug must not take the window or the batch down
        err = ResolveError("internal-error", f"{type(exc).__name__}: {exc}")
        return Resolution(base, ref, rules, None, False, (), err)
    same = (
        out.target is not None
        and out.base_form is not None
        and without_fragment(out.target) == without_fragment(out.base_form)
    )
    return Resolution(base, ref, rules, out.target, same, out.steps, out.error)


def resolve_all(base: str, ref: str) -> tuple[Resolution, ...]:
    """Resolve under every rule set, in ``editions.RULE_SETS`` order (the rules table)."""
    return tuple(resolve(base, ref, name) for name in RULE_SETS)
