"""The trace every resolution rule set records, and helpers the editions share.

Each rule set (RFC 3986 in ``resolve.py``, the older documents here) walks its own
algorithm and records one :class:`Step` per branch taken and per buffer rewrite, so the
window's resolution pane can show *why* a target came out as it did. The trace must
stay bounded for hostile input (a 1 MB path, thousands of ``..``): loop steps are
capped and long buffers are shown abbreviated, while the target itself stays exact.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from uriinspector.core.charsets import ALPHA, SCHEME_CHARS
from uriinspector.core.split import SplitReference, split

#: Loop iterations recorded per algorithm run; later ones are summarised in one step.
MAX_LOOP_STEPS = 500
#: Buffers longer than this are shown as head … tail in a step (the target stays exact).
MAX_SHOWN = 1024
_HALF = MAX_SHOWN // 2


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a resolution: the rule applied, a plain sentence, the buffer after it.

    ``rule`` is a short stable name ("5.2.2 R.scheme defined", "5.2.4 C (rule 2C)"),
    ``detail`` says what happened, ``value`` is the buffer or target so far.
    """

    rule: str
    detail: str
    value: str

    def to_json(self) -> dict[str, str]:
        """The contract's step object."""
        return {"rule": self.rule, "detail": self.detail, "value": self.value}


@dataclass(frozen=True, slots=True)
class ResolveError:
    """Why a resolution gave no target: a stable kebab-case code and a sentence."""

    code: str
    message: str

    def to_json(self) -> dict[str, str]:
        """The contract's error object."""
        return {"code": self.code, "message": self.message}


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one rule set computed, before ``resolve.py`` wraps it in a ``Resolution``.

    ``base_form`` is the base as this rule set reads it (for the §4.4 same-document
    test); ``None`` when the base was rejected.
    """

    target: str | None
    steps: tuple[Step, ...]
    error: ResolveError | None
    base_form: str | None


def base_not_absolute(message: str) -> Outcome:
    """The answer of every rule set to a base without a scheme: no target, one error."""
    return Outcome(None, (), ResolveError("base-not-absolute", message), None)


def shown(text: str) -> str:
    """``text`` if short, else its head and tail around an ellipsis (trace display only)."""
    if len(text) <= MAX_SHOWN:
        return text
    return f"{text[:_HALF]}…[{len(text) - 2 * _HALF} more]…{text[-_HALF:]}"


def shown_tail(text: str, start: int) -> str:
    """``shown(text[start:])`` without copying a long tail first."""
    if len(text) - start <= MAX_SHOWN:
        return text[start:]
    return f"{text[start : start + _HALF]}…[{len(text) - start - 2 * _HALF} more]…{text[-_HALF:]}"


Lazy = str | Callable[[], str]


def _force(x: Lazy) -> str:
    return x if isinstance(x, str) else x()


class Trace:
    """Collects the steps of one run; loop steps beyond :data:`MAX_LOOP_STEPS` are counted.

    A loop asks :meth:`wants` before building an iteration's sentence and buffer, so
    skipped iterations cost nothing (this keeps a 1 MB, 2,000-segment path linear).
    """

    __slots__ = ("_loop_recorded", "_skipped", "steps")

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self._loop_recorded = 0
        self._skipped = 0

    def add(self, rule: str, detail: str, value: str) -> None:
        """Record a branch step (always kept)."""
        self.steps.append(Step(rule, detail, value))

    def wants(self) -> bool:
        """Whether the next loop iteration is recorded; if not, it is counted as skipped."""
        if self._loop_recorded >= MAX_LOOP_STEPS:
            self._skipped += 1
            return False
        return True

    def saturated(self) -> bool:
        """Whether loop iterations are no longer recorded (only counted)."""
        return self._loop_recorded >= MAX_LOOP_STEPS

    def skip(self, n: int) -> None:
        """Count ``n`` loop iterations done in bulk, unrecorded (as :meth:`wants` would)."""
        self._skipped += n

    def loop(self, rule: str, detail: str, value: str) -> None:
        """Record one loop iteration (call only after :meth:`wants` said yes)."""
        self._loop_recorded += 1
        self.steps.append(Step(rule, detail, shown(value)))

    def end_loop(self, rule: str, value: Lazy) -> None:
        """Close a loop: one summary step "… N more iterations" if any were skipped."""
        if self._skipped:
            n = self._skipped
            self.steps.append(
                Step(
                    rule,
                    f"… {n} more iteration{'s' if n != 1 else ''} not shown "
                    f"(the trace keeps the first {MAX_LOOP_STEPS}); the buffer after them:",
                    shown(_force(value)),
                )
            )
        self._skipped = 0
        self._loop_recorded = 0

    def done(self) -> tuple[Step, ...]:
        """The recorded steps, frozen."""
        return tuple(self.steps)


@lru_cache(maxsize=2)
def split_cached(text: str) -> SplitReference:
    """``split(text)``, shared by the rule sets of one ``resolve_all`` (base and ref).

    Splitting builds one object per path segment, the dominant cost for a 1 MB path of
    tiny segments; the eight rule sets need it only once.
    """
    return split(text)


def q(text: str) -> str:
    """Quote a (possibly long) string for a step's sentence."""
    return "'" + shown(text) + "'"


def opt(text: str | None) -> str:
    """A component for a sentence: quoted, or 'undefined'."""
    return "undefined" if text is None else q(text)


def is_scheme(text: str) -> bool:
    """Whether ``text`` matches ``scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )``.

    RFC 3986 §3.1 (the same rule as RFC 2396 §3.1 and the 1997 draft).
    """
    return bool(text) and text[0] in ALPHA and all(c in SCHEME_CHARS for c in text)


def describe(s: SplitReference) -> str:
    """One sentence naming the five components of a split reference."""
    return (
        f"scheme {opt(text_of(s.scheme))}, "
        f"authority {opt(text_of(s.authority))}, path {q(s.path.text)}, "
        f"query {opt(text_of(s.query))}, "
        f"fragment {opt(text_of(s.fragment))}"
    )


def text_of(part: object) -> str | None:
    """The ``text`` of a split ``Part`` or ``None`` (keeps undefined apart from empty)."""
    t = getattr(part, "text", None)
    return t if isinstance(t, str) else None


def recompose(
    scheme: str | None,
    authority: str | None,
    path: str,
    query: str | None,
    fragment: str | None,
) -> str:
    """Recompose components (RFC 3986 §5.3; the same in RFC 2396 §5.2 step 7)."""
    pieces: list[str] = []
    if scheme is not None:
        pieces += [scheme, ":"]
    if authority is not None:
        pieces += ["//", authority]
    pieces.append(path)
    if query is not None:
        pieces += ["?", query]
    if fragment is not None:
        pieces += ["#", fragment]
    return "".join(pieces)


def remove_dot_segments_from(path: str, i: int, out: list[str]) -> int:
    """Run the RFC 3986 §5.2.4 loop on ``path`` from index ``i`` (a segment's first
    character or the ``/`` before it), untraced, appending to the output buffer ``out``
    (segments with their leading ``/``); return how many loop iterations that was.

    The same algorithm as the traced buffer loop in ``resolve.py``, one ``split`` and a
    pass over the segments instead of an index walk: after the prefix rules (2A, 2D)
    every element follows a ``/``: "." is rule 2B, ".." rule 2C (pop), anything else
    rule 2E; a final "." or ".." leaves "/" (2B/2C, then 2E moves it).
    """
    if i >= len(path):
        return 0
    count = 0
    if path[i] != "/":
        segs = path[i:].split("/")
        last = len(segs) - 1
        k = 0
        while k < last and segs[k] in (".", ".."):  # 2A: drop "./" or "../"
            k += 1
            count += 1
        if segs[k] in (".", "..") and k == last:  # 2D: the input is only "." or ".."
            return count + 1
        if segs[k] != "":  # 2E: the first segment, without a "/"
            out.append(segs[k])
            count += 1
        rest = segs[k + 1 :]
    else:
        rest = path[i + 1 :].split("/")
    if not rest:
        return count
    # The segments after the last dot segment are all rule 2E: moved in one piece.
    last = last_dot_segment(path)
    if last == -1:
        n_tail = len(rest)
    else:
        after = path.find("/", last)
        n_tail = 0 if after == -1 else min(path.count("/", after), len(rest))
    head = rest[: len(rest) - n_tail]
    append = out.append
    pop = out.pop
    if head:
        for s in head[:-1]:
            if s == ".":  # 2B: "/./" -> "/"
                pass
            elif s == "..":  # 2C: "/../" -> "/", and drop the last output segment
                if out:
                    pop()
            else:  # 2E
                append("/" + s)
        count += len(head) - 1
        s = head[-1]
        final = n_tail == 0
        if s == ".":  # 2B; a final "/." leaves "/", which 2E then moves
            if final:
                append("/")
            count += 2 if final else 1
        elif s == "..":  # 2C; likewise a final "/.."
            if out:
                pop()
            if final:
                append("/")
            count += 2 if final else 1
        else:
            append("/" + s)
            count += 1
    if n_tail:
        append("/" + "/".join(rest[len(rest) - n_tail :]))
        count += n_tail
    return count


def last_dot_segment(path: str) -> int:
    """Index of the first character of the last "." or ".." segment of ``path``, or -1."""
    last = -1
    if path in (".", "..") or path.startswith(("./", "../")):
        last = 0
    for probe in ("/./", "/../"):
        k = path.rfind(probe)
        if k != -1:
            last = max(last, k + 1)
    if path.endswith("/."):
        last = max(last, len(path) - 1)
    elif path.endswith("/.."):
        last = max(last, len(path) - 2)
    return last


def without_fragment(text: str) -> str:
    """``text`` up to its first ``#`` (RFC 3986 §4.4 compares URIs without fragments)."""
    h = text.find("#")
    return text if h == -1 else text[:h]


# ---- the string-buffer merge of RFC 1808 §4 step 6, RFC 2396 §5.2 step 6 ------------
# and the two drafts: remove "./", a final ".", then "<segment>/../" leftmost first,
# then a final "<segment>/..". Done on a list of segments, which gives the same result
# and the same order of removals as the literal string rewriting (a removed pair never
# creates a match to its left), in linear time.


def _join(prefix: str, segs: list[str]) -> str:
    return prefix + "/".join(segs)


def string_buffer_dots(
    buffer: str,
    trace: Trace,
    cite: str,
    letters: tuple[str, str, str, str],
) -> str:
    """Apply the four string-rewriting rules of the pre-2005 merge to ``buffer``.

    ``letters`` names the sub-steps in the document's own numbering (e.g. RFC 2396's
    ``("6c", "6d", "6e", "6f")``), ``cite`` the document ("RFC 2396 §5.2"). Leading
    ``..`` segments that cannot be removed are kept (the documents' Appendix C).
    """
    prefix = "/" if buffer.startswith("/") else ""
    segs = buffer[len(prefix) :].split("/") if buffer != prefix else []

    # remove every "./" where "." is a complete path segment
    n = len(segs)
    kept = [s for i, s in enumerate(segs) if not (s == "." and i < n - 1)]
    removed = n - len(kept)
    segs = kept
    trace.add(
        f"{cite} step {letters[0]}",
        f'Removed {removed} occurrence{"s" if removed != 1 else ""} of "./" '
        'where "." is a complete path segment.',
        shown(_join(prefix, segs)),
    )

    # if the buffer ends with "." as a complete path segment, remove that "."
    if segs and segs[-1] == ".":
        segs[-1] = ""
        if len(segs) == 1 and not prefix:
            segs = []
        trace.add(
            f"{cite} step {letters[1]}",
            'The buffer ended with "." as a complete segment: removed it.',
            shown(_join(prefix, segs)),
        )
    else:
        trace.add(
            f"{cite} step {letters[1]}",
            'The buffer does not end with a complete "." segment: nothing to do.',
            shown(_join(prefix, segs)),
        )

    # remove "<segment>/../" (segment not "..") iteratively, leftmost first
    stack: list[str] = []
    last = len(segs) - 1
    pairs = 0
    for i, s in enumerate(segs):
        if s == ".." and i < last and stack and stack[-1] != "..":
            gone = stack.pop()
            pairs += 1
            if trace.wants():
                trace.loop(
                    f"{cite} step {letters[2]}",
                    f'Removed the leftmost "<segment>/../" (segment {q(gone)}).',
                    _join(prefix, [*stack, *segs[i + 1 :]]),
                )
        else:
            stack.append(s)
    segs = stack
    trace.end_loop(f"{cite} step {letters[2]}", lambda: _join(prefix, stack))
    if pairs == 0:
        trace.add(
            f"{cite} step {letters[2]}",
            'No "<segment>/../" (segment not "..") remains.',
            shown(_join(prefix, segs)),
        )

    # if the buffer ends with "<segment>/.." (segment not ".."), remove it
    if len(segs) >= 2 and segs[-1] == ".." and segs[-2] != "..":
        gone = segs[-2]
        segs[-2:] = [""]
        trace.add(
            f"{cite} step {letters[3]}",
            f'The buffer ended with "<segment>/.." (segment {q(gone)}): removed it.',
            shown(_join(prefix, segs)),
        )
    else:
        trace.add(
            f"{cite} step {letters[3]}",
            'The buffer does not end with "<segment>/..": nothing to do.',
            shown(_join(prefix, segs)),
        )
    return _join(prefix, segs)


def leading_dotdot_note(buffer: str, trace: Trace, rule: str) -> None:
    """Record the documents' 'error' case: ``..`` segments left at the start are kept."""
    body = buffer[1:] if buffer.startswith("/") else buffer
    if body == ".." or body.startswith("../"):
        trace.add(
            rule,
            'The buffer still begins with ".." segments: the document calls this an '
            "error that implementations may handle by keeping them, as its Appendix C "
            "does; they are kept.",
            shown(buffer),
        )
