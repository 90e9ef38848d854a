"""The comparison ladder: a URI normalized rung by rung, every change an edit.

RFC 3986 §6.2 (draft-2003 §6.2) describes equivalence as a ladder, from cheap string
comparison to scheme- and protocol-based rules. Each rung here takes the previous
rung's value *alone* and returns its new value with the edits that made it, so the
window can show what changed and why, and so that ``compare`` is monotone: equal
values at one rung stay equal at every later rung.

    simple-string     the value as given (§6.2.1)
    case              scheme, host, NID lower case; %-hex upper case (§6.2.2.1)
    percent-encoding  %-triplets of unreserved characters decoded (§6.2.2.2)
    path-segment      "." and ".." segments removed (§6.2.2.3, §5.2.4)
    scheme-based      default port, empty path, URN rules (§6.2.3)
    protocol-based    never performed: it needs the network (§6.2.4)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from uriinspector.core.characters import MAX_PER_CODE
from uriinspector.core.charsets import RFC3986_UNRESERVED
from uriinspector.core.grammar import LazyPattern
from uriinspector.core.legacy._trace import remove_dot_segments_from
from uriinspector.core.schemes import ascii_lower, port_number, scheme_facts
from uriinspector.core.spans import Span, gc_paused, trusted_span
from uriinspector.core.split import Part, split_authority
from uriinspector.core.urn import parse_urn

RUNG_NAMES: tuple[str, ...] = (
    "simple-string",
    "case",
    "percent-encoding",
    "path-segment",
    "scheme-based",
    "protocol-based",
)

_TRIPLET = LazyPattern(r"%[0-9A-Fa-f]{2}", reach=3)
_HEX = frozenset("0123456789ABCDEFabcdef")

#: Edits a rung keeps; past this it only counts them (``Rung.more_edits``) and notes the
#: stretch they cover. Each kept edit costs ~200 bytes (an Edit, its Span and its
#: replacement), so 10,000 is ~2 MB whatever the input: 1 MB of ``%7e`` made 330,000
#: edits per rung. No reader lists more: the batch answer 50 (``listed_edits``), the
#: pane's tooltip 25, the reports 5; a value short enough to show diffed inline (2,000
#: characters) has at most 667 triplets, so its edits are always all kept.
MAX_EDITS = 10_000

PROTOCOL_NOTE = (
    "not performed: it would need the network (e.g. following redirects), and URI "
    "Inspector never touches the network (RFC 3986 §6.2.4)"
)


@dataclass(frozen=True, slots=True)
class Edit:
    """One change a rung made: ``span`` of the previous value becomes ``replacement``."""

    span: Span
    replacement: str
    reason: str

    def to_json(self) -> dict[str, object]:
        """The contract's edit object."""
        return {
            "start": self.span.start,
            "end": self.span.end,
            "replacement": self.replacement,
            "reason": self.reason,
        }


@dataclass(frozen=True, slots=True)
class Rung:
    """One rung of the ladder: its value, and the edits from the previous rung's value.

    ``performed`` is false for a rung the inspector never carries out (protocol-based);
    ``note`` says why a rung did nothing where that is worth saying. ``edits`` holds at
    most :data:`MAX_EDITS` edits, in order; ``more_edits`` counts the ones after them,
    ``more_span`` is the stretch of the previous value those cover (first start to last
    end) and ``more_growth`` how much longer they make the value, so memory stays bounded
    while ``value`` is the whole result.
    """

    name: str
    value: str
    changed: bool
    edits: tuple[Edit, ...]
    performed: bool
    note: str
    more_edits: int = 0
    more_span: Span | None = None
    more_growth: int = 0

    @property
    def edit_count(self) -> int:
        """How many edits the rung made, kept or only counted."""
        return len(self.edits) + self.more_edits

    def to_json(self) -> dict[str, object]:
        """The contract's rung object (``performed`` and ``note`` are window-only).

        Edits are listed as :func:`listed_edits` bounds them, so an answer stays a bounded
        multiple of its request (1 MB of ``%7e`` was 330,000 edits, a 95 MB answer); the
        edits the rung only counted are in its summary edit, byte for byte as before.
        """
        return {
            "name": self.name,
            "value": self.value,
            "changed": self.changed,
            "edits": [e.to_json() for e in _listed_rung_edits(self)],
        }


@dataclass(frozen=True, slots=True)
class Ladder:
    """The whole ladder for one input; ``normalized`` is the scheme-based value."""

    input: str
    rungs: tuple[Rung, ...]
    normalized: str

    def rung(self, name: str) -> Rung:
        """Return the rung called ``name``; raise ``KeyError`` for an unknown name."""
        for r in self.rungs:
            if r.name == name:
                return r
        raise KeyError(name)

    def to_json(self) -> dict[str, object]:
        """The contract's ``normalize`` answer."""
        return {
            "op": "normalize",
            "input": self.input,
            "rungs": [r.to_json() for r in self.rungs],
            "normalized": self.normalized,
        }


def apply_edits(text: str, edits: tuple[Edit, ...]) -> str:
    """Apply non-overlapping edits (in any order) to ``text``; the inverse of a rung."""
    out: list[str] = []
    pos = 0
    for e in sorted(edits, key=lambda e: (e.span.start, e.span.end)):
        out.append(text[pos : e.span.start])
        out.append(e.replacement)
        pos = e.span.end
    out.append(text[pos:])
    return "".join(out)


def listed_edits(edits: tuple[Edit, ...], value: str, cap: int = MAX_PER_CODE) -> tuple[Edit, ...]:
    """At most ``cap`` edits in order, then one edit standing for all the rest.

    The parser's "and N more" (:class:`~uriinspector.core.characters.DiagnosticBudget`,
    same cap) for edits: the rest become one edit from the first left-out edit's start to
    the last one's end, replaced by that stretch of ``value`` (the rung's new value), so
    the listed edits applied to the previous value still give ``value`` exactly.
    """
    if len(edits) <= cap + 1:
        return edits
    ordered = sorted(edits, key=lambda e: (e.span.start, e.span.end))
    kept, rest = ordered[:cap], ordered[cap:]
    start, end = rest[0].span.start, rest[-1].span.end
    shift = sum(len(e.replacement) - (e.span.end - e.span.start) for e in kept)
    grown = shift + sum(len(e.replacement) - (e.span.end - e.span.start) for e in rest)
    reasons = list(dict.fromkeys(e.reason for e in rest[:cap]))
    summary = Edit(
        Span(start, end),
        value[start + shift : end + grown],
        f"and {len(rest)} more edits, listed as one: " + "; ".join(reasons[:3]),
    )
    return (*kept, summary)


def _listed_rung_edits(rung: Rung, cap: int = MAX_PER_CODE) -> tuple[Edit, ...]:
    """:func:`listed_edits` of all the rung's edits, the counted ones included.

    The summary edit needs only the first left-out edit's start (kept, or ``more_span``),
    the last one's end (``more_span``), the growth of everything before the summary
    (kept edits) and of everything (the rung's value minus its previous value: the
    edits applied give it), and reasons from the first ``cap`` left out (kept, as
    :data:`MAX_EDITS` >= 2 * ``cap``): the answer is the one the full list gave.
    """
    if rung.more_edits == 0 or rung.more_span is None:
        return listed_edits(rung.edits, rung.value, cap)
    kept, rest = rung.edits[:cap], rung.edits[cap:]
    start = rest[0].span.start if rest else rung.more_span.start
    end = rung.more_span.end
    shift = sum(len(e.replacement) - (e.span.end - e.span.start) for e in kept)
    grown = shift + sum(len(e.replacement) - (e.span.end - e.span.start) for e in rest)
    grown += rung.more_growth
    reasons = list(dict.fromkeys(e.reason for e in rest[:cap]))
    summary = Edit(
        Span(start, end),
        rung.value[start + shift : end + grown],
        f"and {len(rest) + rung.more_edits} more edits, listed as one: "
        + "; ".join(reasons[:3]),
    )
    return (*kept, summary)


@dataclass(slots=True)
class _Edits:
    """A rung's edits as it makes them, in order: the first ``cap`` kept, the rest counted.

    Past the cap no Edit is built at all, so peak memory stays bounded too.
    """

    cap: int
    kept: list[Edit]
    more: int = 0
    more_start: int = 0
    more_end: int = 0
    more_growth: int = 0

    def full(self) -> bool:
        """Whether the next edit is only counted."""
        return len(self.kept) >= self.cap

    def count(self, start: int, end: int, growth: int) -> None:
        """Count an edit of ``start:end`` past the cap that grows the value by ``growth``."""
        if self.more == 0:
            self.more_start = start
        self.more += 1
        self.more_end = end
        self.more_growth += growth

    def add(self, edit: Edit) -> None:
        """Keep ``edit``, or count it past the cap."""
        if self.full():
            span = edit.span
            self.count(span.start, span.end, len(edit.replacement) - (span.end - span.start))
        else:
            self.kept.append(edit)


#: What one rung function returns: its edits, its value, and a note for the window.
_Step = tuple[_Edits, str, str]

# RFC 3986 Appendix B, as in ``split.py``; the ladder needs only the component
# boundaries, not ``split``'s segments and query parameters (a 1 MB path has 10^5).
_APPENDIX_B = LazyPattern(r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?", re.DOTALL)


@dataclass(frozen=True, slots=True)
class _Parts:
    """The components of a reference that the ladder looks at (RFC 3986 Appendix B)."""

    scheme: Part | None
    authority: Part | None
    host: Part | None
    port: Part | None
    path: Part


def _parts(text: str) -> _Parts:
    m = _APPENDIX_B.match(text)
    assert m is not None  # every group is optional: the pattern matches any string
    scheme = None if m.group(2) is None else Part(m.group(2), Span(m.start(2), m.end(2)))
    authority = host = port = None
    if m.group(4) is not None:
        authority = Part(m.group(4), Span(m.start(4), m.end(4)))
        _, host, port, _ = split_authority(text, m.start(4), m.end(4))
    path = Part(m.group(5), Span(m.start(5), m.end(5)))
    return _Parts(scheme, authority, host, port, path)


def _is_urn(ref: _Parts) -> bool:
    return ref.scheme is not None and ascii_lower(ref.scheme.text) == "urn"


def _case_region(text: str, lower: bool) -> str:
    """Upper-case %-hex digits; with ``lower``, lower-case every other ASCII letter."""
    out: list[str] = []
    pos = 0
    for m in _TRIPLET.finditer(text):
        chunk = text[pos : m.start()]
        out.append(ascii_lower(chunk) if lower else chunk)
        out.append(m.group(0).upper())
        pos = m.end()
    rest = text[pos:]
    out.append(ascii_lower(rest) if lower else rest)
    return "".join(out)


def _case(text: str, cap: int) -> _Step:
    """Case normalization (RFC 3986 §6.2.2.1; URN draft §5 steps 1-3).

    Scheme and host are case-insensitive and become lower case (ASCII only: the
    rule is defined for ASCII, and IP-literal hex digits are case-insensitive too);
    the hex digits of every percent-encoded triplet become upper case. Userinfo,
    path, query and fragment keep their case. For a URN the NID is case-insensitive
    (URN draft §2.1, §5 step 2).
    """
    ref = _parts(text)
    edits = _Edits(cap, [])
    lowered: list[tuple[Span, str]] = []
    if ref.scheme is not None:
        lowered.append((ref.scheme.span, "RFC 3986 §6.2.2.1: the scheme is case-insensitive"))
    if ref.host is not None:
        lowered.append((ref.host.span, "RFC 3986 §6.2.2.1: the host is case-insensitive"))
    if _is_urn(ref):
        nid = parse_urn(text).span_of("nid")
        if nid is not None and (ref.host is None or not nid.overlaps(ref.host.span)):
            lowered.append((nid, "URN draft §5 step 2: the NID is case-insensitive (§2.1)"))
    lowered.sort(key=lambda item: item[0].start)
    hex_reason = "RFC 3986 §6.2.2.1: percent-encoding hex digits are upper-cased"
    uppers: dict[str, str] = {}
    out: list[str] = []
    pos = 0
    # one Edit and one Span per kept lower-case triplet: see spans.gc_paused
    with gc_paused(2 * min(text.count("%"), cap)):
        for span, reason in [*lowered, (Span(len(text), len(text)), "")]:
            # triplets between the lower-cased regions: upper-case their hex digits
            for m in _TRIPLET.finditer(text, pos, span.start):
                old = m.group(0)
                up = uppers.get(old)
                if up is None:  # one string per distinct triplet, not one per triplet
                    up = uppers[old] = old.upper()
                if up != old:
                    start = m.start()
                    if edits.full():
                        edits.count(start, start + 3, 0)
                    else:
                        edits.kept.append(Edit(trusted_span(start, start + 3), up, hex_reason))
                    out.append(text[pos:start])
                    out.append(up)
                    pos = start + 3
            out.append(text[pos : span.start])
            pos = max(pos, span.start)
            if span.end > span.start:
                old = span.of(text)
                new = _case_region(old, lower=True)
                if new != old:
                    edits.add(Edit(span, new, reason))
                out.append(new)
                pos = span.end
    return edits, "".join(out), ""


def _percent(text: str, cap: int) -> _Step:
    """Decode percent-encoded unreserved characters (RFC 3986 §2.3, §6.2.2.2).

    Only triplets of unreserved characters are decoded, nothing else (§2.4: decoding
    anything else may change the meaning). A decoded character never forms a new
    triplet with a stray ``%`` before it, which would be decoding twice (§2.4:
    "must not ... unescape the same string more than once"), so ``%%341`` stays.
    In the scheme and host the decoded letter is written in lower case, which §6.2.2.1
    licenses and which keeps the ladder idempotent.
    """
    ref = _parts(text)
    if _is_urn(ref):
        return _Edits(cap, []), text, "URN: percent-encoding MUST NOT be removed (URN draft §5)"
    # In the scheme and host a decoded letter is written in lower case.
    folded = [(p.span.start, p.span.end) for p in (ref.scheme, ref.host) if p is not None]
    edits = _Edits(cap, [])
    out: list[str] = []
    reasons: dict[str, str] = {}
    out_tail = ""  # the last two characters of the output so far
    pos = 0
    # two objects per kept decoded triplet: pause the GC's rescans of them (spans.gc_paused)
    with gc_paused(2 * min(text.count("%"), cap)):
        for m in _TRIPLET.finditer(text):
            start = m.start()
            triplet = m.group(0)
            out_tail = (out_tail + text[pos:start])[-2:]
            out.append(text[pos:start])
            pos = start + 3
            char = chr(int(triplet[1:], 16))
            stray = out_tail.endswith("%") or (
                len(out_tail) == 2 and out_tail[0] == "%" and out_tail[1] in _HEX
            )
            if char not in RFC3986_UNRESERVED or (stray and char in _HEX):
                out_tail = triplet[1:]
                out.append(triplet)
                continue
            if any(a <= start < b for a, b in folded):
                char = ascii_lower(char)
            if edits.full():
                edits.count(start, pos, -2)  # three characters become one
            else:
                reason = reasons.get(triplet + char)
                if reason is None:
                    reason = f"RFC 3986 §6.2.2.2: {triplet} encodes the unreserved {char!r} (§2.3)"
                    reasons[triplet + char] = reason
                edits.kept.append(Edit(trusted_span(start, pos), char, reason))
            out.append(char)
            out_tail = (out_tail + char)[-2:]
    out.append(text[pos:])
    return edits, "".join(out), ""


def remove_dot_segments(path: str) -> str:
    """RFC 3986 §5.2.4 ``remove_dot_segments``, in linear time and bounded memory.

    The §5.2.4 buffer loop as ``remove_dot_segments_from`` runs it: the path split a
    chunk at a time and the output packed into bytes as it grows, so a 1 MB path costs
    one pass and a few times its size, however many segments it has.
    """
    out: list[str] = []
    remove_dot_segments_from(path, 0, out)
    return "".join(out)


def _capped(edits: list[Edit], cap: int) -> _Edits:
    """``edits`` (in order) kept up to ``cap``, the rest counted."""
    out = _Edits(cap, [])
    for e in edits:
        out.add(e)
    return out


def _path(text: str, cap: int) -> _Step:
    """Remove dot segments (RFC 3986 §6.2.2.3, §5.2.4) where that keeps the meaning.

    Applied to URIs (a scheme present), network-path and absolute-path references:
    resolving those against any base removes their dot segments anyway (§5.2.2).
    Not applied to relative-path references ("../a" means something only against a
    base) nor to URNs (their NSS is opaque, URN draft §2.2). Without an authority a
    result starting "//" keeps a "/." in front, or the path would turn into an
    authority (§3.3: such a path cannot begin with "//").
    """
    ref = _parts(text)
    if _is_urn(ref):
        return _Edits(cap, []), text, "URN: the NSS is opaque, no path segments (URN draft §2.2)"
    path = ref.path
    if ref.scheme is None and ref.authority is None and not path.text.startswith("/"):
        note = "relative-path reference: dot segments mean something against a base"
        return _Edits(cap, []), text, note
    new = remove_dot_segments(path.text)
    if ref.authority is None and new.startswith("//"):
        new = "/." + new
    if new == path.text:
        return _Edits(cap, []), text, ""
    edit = Edit(path.span, new, "RFC 3986 §6.2.2.3: dot-segments removed (§5.2.4)")
    return _capped([edit], cap), apply_edits(text, (edit,)), ""


def _scheme_based(text: str, cap: int) -> _Step:
    """Scheme-based normalization (RFC 3986 §6.2.3), from the table in ``schemes``.

    A port equal to the scheme's default, or empty, is removed with its ":"; an
    empty path under an authority becomes "/" where the scheme says so. For URNs the
    URN draft §5 rules finish the lexical form: the fragment (step 4) and the query
    (step 5a; RFC 8141 §3 likewise ignores r-, q- and f-components) are removed.
    """
    ref = _parts(text)
    notes: list[str] = []
    edits: list[Edit] = []
    if _is_urn(ref):
        p = parse_urn(text)
        if p.lexical_form is None:
            note = "not a URN of the form urn:NID:NSS; nothing to normalize"
            return _Edits(cap, []), text, note
        cut = p.span_of("nss")
        if cut is not None and cut.end < len(text):
            edits.append(
                Edit(
                    Span(cut.end, len(text)),
                    "",
                    "URN draft §5 steps 4 and 5a: the fragment and query are not part "
                    "of the name (RFC 8141 §3)",
                )
            )
        return _capped(edits, cap), apply_edits(text, tuple(edits)), ""
    facts = scheme_facts(ref.scheme.text) if ref.scheme is not None else None
    if facts is None:
        note = "no scheme-specific rules known for this scheme"
        note = note if ref.scheme is not None else "no scheme: no scheme rules"
        return _Edits(cap, []), text, note
    port = ref.port
    if port is not None and facts.default_port is not None:
        if not facts.elide_default_port:
            notes.append(
                f"{ref.scheme.text if ref.scheme else ''}: the default port is "
                f"significant in comparison ({facts.source})"
            )
        elif port.text == "" or (port_number(port.text) == facts.default_port):
            what = "an empty port" if port.text == "" else f"port {port.text}"
            edits.append(
                Edit(
                    Span(port.span.start - 1, port.span.end),
                    "",
                    f"RFC 3986 §6.2.3: {what} is the default port {facts.default_port} "
                    f"({facts.source})",
                )
            )
    if ref.authority is not None and ref.path.text == "" and facts.empty_path_is_root:
        edits.append(
            Edit(
                ref.path.span,
                "/",
                f'RFC 3986 §6.2.3: an empty path is equivalent to "/" ({facts.source})',
            )
        )
    if ref.host is not None and ref.host.text.endswith("."):
        notes.append(
            'the host ends with ".": a fully qualified name, left as is '
            "(RFC 3986 §3.2.2 does not equate it with the name without the dot)"
        )
    return _capped(edits, cap), apply_edits(text, tuple(edits)), "; ".join(notes)


#: The performed rungs after simple-string, in ladder order (RFC 3986 §6.2.2-6.2.3).
_RUNGS: tuple[tuple[str, Callable[[str, int], _Step]], ...] = (
    ("case", _case),
    ("percent-encoding", _percent),
    ("path-segment", _path),
    ("scheme-based", _scheme_based),
)


def normalize(text: str, *, max_edits: int = MAX_EDITS) -> Ladder:
    """Climb the comparison ladder (RFC 3986 §6.2) for ``text``; never raises.

    Each rung's value is the previous rung's value with the rung's edits applied,
    and each rung function looks at nothing but that previous value. A rung keeps its
    first ``max_edits`` edits and counts the rest (:class:`Rung`), so memory stays a
    bounded multiple of the input.
    """
    rungs: list[Rung] = [Rung("simple-string", text, False, (), True, "")]
    value = text
    for name, fn in _RUNGS:
        edits, new, note = fn(value, max_edits)
        more_span = Span(edits.more_start, edits.more_end) if edits.more else None
        rungs.append(
            Rung(
                name, new, new != value, tuple(edits.kept), True, note,
                edits.more, more_span, edits.more_growth,
            )
        )
        value = new
    rungs.append(Rung("protocol-based", value, False, (), False, PROTOCOL_NOTE))
    return Ladder(text, tuple(rungs), value)
