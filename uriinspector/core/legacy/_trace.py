"""The trace every resolution rule set records, and helpers the editions share.

Each rule set (RFC 3986 in ``resolve.py``, the older documents here) walks its own
algorithm and records one :class:`Step` per branch taken and per buffer rewrite, so the
window's resolution pane can show *why* a target came out as it did. The trace must
stay bounded for hostile input (a 1 MB path, thousands of ``..``): loop steps are
capped and long buffers are shown abbreviated, while the target itself stays exact.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from uriinspector.core.charsets import ALPHA, SCHEME_CHARS
from uriinspector.core.grammar import LazyPattern
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


def shown_joined(prefix: str, stack: list[str], rest: list[str], start: int, length: int) -> str:
    """``shown(prefix + "/".join([*stack, *rest[start:]]))``, that string being ``length``
    long, in time bounded by :data:`MAX_SHOWN` (the string is never built when long).

    The pre-2005 buffer loops record the buffer after each removal; joining it whole
    made them quadratic in the removals recorded (issue 22: 125 ms at 1,000 of them).
    """
    if length <= MAX_SHOWN:  # at most MAX_SHOWN + 1 segments: each but one has a "/"
        return prefix + "/".join([*stack, *rest[start:]])
    head: list[str] = []
    got = len(prefix)
    for s in _forward(stack, rest, start):
        head.append(s)
        got += len(s) + 1
        if got > _HALF:
            break
    tail: list[str] = []
    got = 0
    for s in _backward(stack, rest, start):
        tail.append(s)
        got += len(s) + 1
        if got > _HALF:
            break
    tail.reverse()
    return (
        f"{(prefix + '/'.join(head))[:_HALF]}…[{length - 2 * _HALF} more]…"
        f"{'/'.join(tail)[-_HALF:]}"
    )


def _forward(stack: list[str], rest: list[str], start: int) -> Iterator[str]:
    """``stack`` then ``rest[start:]``, element by element (no copy)."""
    yield from stack
    for j in range(start, len(rest)):
        yield rest[j]


def _backward(stack: list[str], rest: list[str], start: int) -> Iterator[str]:
    """``rest[start:]`` then ``stack``, both from their end (no copy)."""
    for j in range(len(rest) - 1, start - 1, -1):
        yield rest[j]
    for j in range(len(stack) - 1, -1, -1):
        yield stack[j]


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

    def loop_shown(self, rule: str, detail: str, value: str) -> None:
        """:meth:`loop` for a value already abbreviated (:func:`shown_joined`)."""
        self._loop_recorded += 1
        self.steps.append(Step(rule, detail, value))

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


#: Characters of the path split into segments at a time, and output segments held as
#: strings before they are packed into bytes. Both bound memory: a 1 MB path of "/./"
#: has 666,667 segments, and two lists with a slot for each made ``normalize`` peak at
#: 19.5 MB; now it holds one chunk's segments and at most ``PACK_SEGMENTS`` output
#: strings besides the packed bytes (one byte per ASCII character).
SPLIT_CHARS = 1 << 14
PACK_SEGMENTS = 1 << 12

# RFC 3986 §5.2.4 rule 2A's prefixes, a run of them at once
_DOT_PREFIXES = LazyPattern(r"(?:\.\.?/)*")


def remove_dot_segments_from(path: str, i: int, out: list[str]) -> int:
    """Run the RFC 3986 §5.2.4 loop on ``path`` from index ``i`` (a segment's first
    character or the ``/`` before it), untraced, appending to the output buffer ``out``;
    return how many loop iterations that was.

    ``out`` holds the output so far, one segment per element, each with its leading
    ``/`` but the first (the traced loop in ``resolve.py`` hands over its own); rule 2C
    may pop them. What this run moves arrives as a few long strings, so ``"".join(out)``
    is the result. The same algorithm as the traced buffer loop, in linear time and
    memory a small multiple of ``path``: after the prefix rules (2A, 2D) every element
    follows a ``/``, and the path is split :data:`SPLIT_CHARS` characters at a time:
    "." is rule 2B, ".." rule 2C (pop), anything else rule 2E; a final "." or ".." leaves
    "/" (2B/2C, then 2E moves it). Past :data:`PACK_SEGMENTS` output segments they are
    packed into one ``bytearray`` (UTF-8, lone surrogates passed through: "/" is one byte
    that never occurs inside another character's encoding), where a 2C pop is a cut at
    its last "/". The segments after the last dot segment are all rule 2E: moved in one
    piece.
    """
    n = len(path)
    if i >= n:
        return 0
    count = 0
    if path[i] != "/":
        j = _after_dot_prefixes(path, i)
        count = path.count("/", i, j)  # 2A: drop each "./" or "../"
        i = j
        if i == n:
            return count
        if path[i] != "/":
            k = path.find("/", i)
            end = n if k == -1 else k
            if end - i <= 2 and path[i:end] in (".", ".."):  # 2D: only "." or ".." left
                return count + 1
            out.append(path[i:end])  # 2E: the first segment, without a "/"
            count += 1
            i = end
            if i == n:
                return count
    tail = _tail_start(path, i)
    packed = bytearray()
    append = out.append
    pop = out.pop
    a = i + 1  # each chunk is path[a:b], a just after a "/", b at one (or at tail)
    while a <= tail:
        b = path.find("/", min(a + SPLIT_CHARS, tail), tail)
        if b == -1:
            b = tail
        for s in path[a:b].split("/"):
            if s == ".":  # 2B: "/./" -> "/"
                pass
            elif s == "..":  # 2C: "/../" -> "/", and drop the last output segment
                if out:
                    pop()
                elif packed:
                    del packed[max(packed.rfind(b"/"), 0) :]
            else:  # 2E
                append("/" + s)
        count += path.count("/", a, b) + 1
        a = b + 1
        if len(out) > PACK_SEGMENTS:
            packed += "".join(out).encode("utf-8", "surrogatepass")
            out.clear()
    if tail == n and tail > i:  # a final "/." or "/.." leaves "/", which 2E then moves
        append("/")
        count += 1
    elif tail < n:  # after the last dot segment: all rule 2E, moved in one piece
        append(path[tail:])
        count += path.count("/", tail)
    if packed:
        out.insert(0, packed.decode("utf-8", "surrogatepass"))
    return count


def _after_dot_prefixes(path: str, i: int) -> int:
    """Where ``path`` stops beginning with "./" or "../" (RFC 3986 §5.2.4 rule 2A) from ``i``.

    Matched :data:`SPLIT_CHARS` characters at a time: one match over a megabyte of
    "../" holds the GIL ~30 ms.
    """
    while True:
        m = _DOT_PREFIXES.match(path, i, i + max(SPLIT_CHARS, 3))
        assert m is not None  # the pattern matches the empty string
        if m.end() == i:
            return i
        i = m.end()


def _tail_start(path: str, i: int) -> int:
    """Where the segments after the last dot segment of ``path[i:]`` begin.

    ``path[i]`` is "/": the answer is the "/" after that dot segment, ``len(path)`` if
    it is the last segment, ``i`` if there is none (RFC 3986 §5.2.4: such segments only
    ever move, rule 2E).
    """
    if path.endswith(("/.", "/..")):
        return len(path)
    last = max(path.rfind("/./", i), path.rfind("/../", i))
    return i if last == -1 else path.find("/", last + 1)


def without_fragment(text: str) -> str:
    """``text`` up to its first ``#`` (RFC 3986 §4.4 compares URIs without fragments)."""
    h = text.find("#")
    return text if h == -1 else text[:h]


# ---- the string-buffer merge of RFC 1808 §4 step 6, RFC 2396 §5.2 step 6 ------------
# and the two drafts: remove "./", a final ".", then "<segment>/../" leftmost first,
# then a final "<segment>/..". Done on a list of segments, which gives the same result
# and the same order of removals as the literal string rewriting (a removed pair never
# creates a match to its left), in linear time.


_NONE: list[str] = []  # no segments (shown_joined's rest, when the buffer is one list)


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
    # the buffer's length, kept up to date, so each step shows it abbreviated without
    # joining a long one (issue 22: six whole copies per run)
    length = len(buffer) - 2 * removed
    trace.add(
        f"{cite} step {letters[0]}",
        f'Removed {removed} occurrence{"s" if removed != 1 else ""} of "./" '
        'where "." is a complete path segment.',
        shown_joined(prefix, segs, _NONE, 0, length),
    )

    # if the buffer ends with "." as a complete path segment, remove that "."
    if segs and segs[-1] == ".":
        segs[-1] = ""
        length -= 1
        if len(segs) == 1 and not prefix:
            segs = []
        trace.add(
            f"{cite} step {letters[1]}",
            'The buffer ended with "." as a complete segment: removed it.',
            shown_joined(prefix, segs, _NONE, 0, length),
        )
    else:
        trace.add(
            f"{cite} step {letters[1]}",
            'The buffer does not end with a complete "." segment: nothing to do.',
            shown_joined(prefix, segs, _NONE, 0, length),
        )

    # remove "<segment>/../" (segment not "..") iteratively, leftmost first; the buffer
    # after a removal is stack + segs[i + 1:], of length "length" (kept up to date)
    stack: list[str] = []
    last = len(segs) - 1
    pairs = 0
    for i, s in enumerate(segs):
        if s == ".." and i < last and stack and stack[-1] != "..":
            gone = stack.pop()
            pairs += 1
            length -= len(gone) + 4  # "<gone>/../" became ""
            if trace.wants():
                trace.loop_shown(
                    f"{cite} step {letters[2]}",
                    f'Removed the leftmost "<segment>/../" (segment {q(gone)}).',
                    shown_joined(prefix, stack, segs, i + 1, length),
                )
        else:
            stack.append(s)
    segs = stack
    trace.end_loop(f"{cite} step {letters[2]}", lambda: _join(prefix, stack))
    if pairs == 0:
        trace.add(
            f"{cite} step {letters[2]}",
            'No "<segment>/../" (segment not "..") remains.',
            shown_joined(prefix, segs, _NONE, 0, length),
        )

    # if the buffer ends with "<segment>/.." (segment not ".."), remove it
    if len(segs) >= 2 and segs[-1] == ".." and segs[-2] != "..":
        gone = segs[-2]
        segs[-2:] = [""]
        length -= len(gone) + 3  # "<gone>/.." became ""
        trace.add(
            f"{cite} step {letters[3]}",
            f'The buffer ended with "<segment>/.." (segment {q(gone)}): removed it.',
            shown_joined(prefix, segs, _NONE, 0, length),
        )
    else:
        trace.add(
            f"{cite} step {letters[3]}",
            'The buffer does not end with "<segment>/..": nothing to do.',
            shown_joined(prefix, segs, _NONE, 0, length),
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
