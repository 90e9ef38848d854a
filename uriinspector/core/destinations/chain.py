"""Following a link's chain of destinations, outermost first, offline and bounded.

Each step scans the current link (:func:`scan_link`) and follows the first URL it
forwards to. The walk stops at the end of the chain, at a link whose target is not in
the link (a shortener: :class:`Unknowable`), or at a bound: :data:`MAX_DEPTH` hops,
:data:`MAX_URL_CHARS` per URL, :data:`MAX_WORK_CHARS` of text read in all,
:data:`MAX_OUTPUT_FACTOR` times the link's length in the hops' URLs together. A bound
reached is said in plain words in ``notes``; nothing raises.
"""

from __future__ import annotations

from uriinspector.core.destinations.model import Destination, Destinations
from uriinspector.core.destinations.scan import host_of as scan_host
from uriinspector.core.destinations.scan import scan_link
from uriinspector.core.split import SplitReference, split

#: Hops followed at most (a real wrapper chain is two or three deep).
MAX_DEPTH = 10
#: Longest URL followed as a hop (a longer one is reported as too long, not read).
MAX_URL_CHARS = 65_536
#: Characters read over the whole walk (the input counts once).
MAX_WORK_CHARS = 4_000_000
#: The hops' URLs together hold at most this many times the link's length (plus one
#: URL's worth): a decoded hop is never longer than the text carrying it, so a real
#: chain stays far below it, while a link that merely repeats URLs cannot make the
#: answer grow faster than its request (batch answers are bounded, docs/robustness.md).
MAX_OUTPUT_FACTOR = 3


def host_of(ref: SplitReference) -> str | None:
    """The host of a split link as :func:`scan.host_of` reads it; None if none."""
    return scan_host(ref) or None


def without_hops(ref: SplitReference) -> bool:
    """Whether :func:`follow` of ``ref`` has no hop, told by its first scan alone (a
    link that carries no URL): a batch answer's empty lists need no chain built."""
    return not scan_link(ref).carried


def follow(text: str, ref: SplitReference | None = None) -> Destinations:
    """The chain of destinations ``text`` hands the visitor on to (``ref``, when given,
    must be ``split(text)``: the analysis has it already). Never raises."""
    current = ref if ref is not None and ref.text == text else split(text)
    input_host = host_of(current)
    first = scan_link(current)
    if not first.carried and not first.notes:  # most links: no hop, the walk ends here
        return Destinations(text, input_host, (), first.unknowable, (), False)
    hops: list[Destination] = []
    notes: list[str] = []
    seen = {text}
    work = len(text)
    shown = 0
    shown_budget = MAX_OUTPUT_FACTOR * len(text) + MAX_URL_CHARS
    truncated = False
    unknowable = None
    scan = first
    while True:
        if not scan.carried and not scan.notes:  # most links: nothing carried, no note
            unknowable = scan.unknowable
            break
        notes.extend(n for n in scan.notes if n not in notes)
        nxt = next((c for c in scan.carried if c.forwards), None)
        if nxt is None:
            unknowable = scan.unknowable
            break
        if len(hops) >= MAX_DEPTH:
            notes.append(
                f"The link nests more than {MAX_DEPTH} wrappers deep; the chain is followed "
                f"{MAX_DEPTH} hops and stops there, so where it finally goes is not shown."
            )
            truncated = True
            break
        if len(nxt.url) > MAX_URL_CHARS:
            notes.append(
                f"The next destination is {len(nxt.url):,} characters long, longer than the "
                f"{MAX_URL_CHARS:,} the inspector follows; the chain stops there."
            )
            truncated = True
            break
        if nxt.url in seen:
            notes.append("The chain comes back to a URL it already passed through: it loops.")
            truncated = True
            break
        work += len(nxt.url)
        if work > MAX_WORK_CHARS:
            notes.append(
                "The chain is too large to follow offline within the inspector's bounds; "
                "it stops here."
            )
            truncated = True
            break
        shown += len(nxt.url)
        if shown > shown_budget:
            notes.append(
                f"The chain's URLs together grow past {MAX_OUTPUT_FACTOR} times the link's "
                "own length (each hop repeats the whole link); the chain stops here."
            )
            truncated = True
            break
        seen.add(nxt.url)
        current = split(nxt.url)
        hops.append(
            Destination(nxt.url, nxt.via, nxt.span, host_of(current), nxt.title, nxt.decoding,
                        nxt.fields)
        )
        scan = scan_link(current)
    return Destinations(text, input_host, tuple(hops), unknowable, tuple(notes), truncated)
