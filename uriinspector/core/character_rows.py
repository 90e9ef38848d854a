"""Some rows of the per-character view, without building the whole table.

``classify_characters`` makes one ``CharInfo`` per code point: ~7 ms at 8 KB and ~1 s
at 1 MB. A table on screen shows ~30 rows, so the Characters pane asks for the rows it
paints: ``classify_range(parsed, start, stop)`` equals
``classify_characters(parsed)[start:stop]`` and costs what those rows cost (plus up to
four ``%XX`` triplets before and after, to decode UTF-8 as the whole run would).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from uriinspector.core.characters import TRIPLETS, CharInfo, decode_run, unicode_name_of
from uriinspector.core.charsets import char_class

if TYPE_CHECKING:
    from uriinspector.core.parse import ParsedReference

#: Characters past ``stop`` that a UTF-8 sequence starting before ``stop`` may need:
#: three more triplets after its own (RFC 3629 §3: at most four octets).
_TAIL = 12


def _is_triplet(text: str, k: int) -> bool:
    """True when ``text[k:k+3]`` is a ``%XX`` triplet (RFC 3986 §2.1)."""
    return TRIPLETS.fullmatch(text, k, k + 3) is not None if k >= 0 else False


def _is_lead(octet: int) -> bool:
    """True for an octet that starts a multi-octet UTF-8 sequence (RFC 3629 §3)."""
    return 0xC2 <= octet <= 0xF4


def _octets_and_decoded(
    text: str, start: int, stop: int
) -> tuple[dict[int, int], dict[int, str | None]]:
    """Octet value and decoded character of every triplet character in ``[start, stop)``.

    Triplets never overlap (a triplet's 2nd and 3rd characters are hex digits, never
    ``%``), so a scan that starts anywhere finds the same triplets as one from 0, and
    a run of them is the same chain. ``decode_run`` reads a run greedily from its
    first octet; it passes through any octet that no valid sequence starting before it
    can cover: a lead octet, or one with no lead among the three before it. So
    decoding can start at such an octet no more than three triplets back.
    """
    octet: dict[int, int] = {}
    decoded: dict[int, str | None] = {}
    n = len(text)
    begin = max(0, start - 2)  # a triplet holding ``start`` begins at most 2 before it
    chains: list[list[int]] = []  # positions of adjacent triplets
    for m in TRIPLETS.finditer(text, begin, min(n, stop + _TAIL)):
        positions = list(range(m.start(), m.end(), 3))
        if chains and chains[-1][-1] + 3 == positions[0]:
            chains[-1].extend(positions)
        else:
            chains.append(positions)
    for chain in chains:
        before: list[int] = []
        k = chain[0] - 3
        while len(before) < 3 and _is_triplet(text, k):
            before.append(k)
            k -= 3
        positions = before[::-1] + chain
        values = [int(text[p + 1 : p + 3], 16) for p in positions]
        first = len(before)  # the first triplet the caller may need
        resync = first
        if resync > 0 and not _is_lead(values[resync]):
            leads = [j for j in range(max(0, resync - 3), resync) if _is_lead(values[j])]
            if leads:
                resync = leads[-1]
        chars_of = [None] * resync + decode_run(values[resync:])
        for p, value, ch in zip(positions[first:], values[first:], chars_of[first:], strict=True):
            for q in range(p, p + 3):
                if start <= q < stop:
                    octet[q] = value
                    decoded[q] = ch
    return octet, decoded


def classify_range(parsed: ParsedReference, start: int, stop: int) -> tuple[CharInfo, ...]:
    """``classify_characters(parsed)[start:stop]``, computing only those rows."""
    sp = parsed.split
    text = sp.text
    start, stop = max(0, start), min(len(text), stop)
    if start >= stop:
        return ()
    edition = parsed.edition.value
    component = [""] * (stop - start)

    def paint(span_start: int, span_end: int, name: str) -> None:
        lo, hi = max(span_start, start), min(span_end, stop)
        if lo < hi:
            component[lo - start : hi - start] = [name] * (hi - lo)

    for name, span in sp.component_spans():
        paint(span.start, span.end, name)
    for d in sp.delimiters:
        paint(d.span.start, d.span.end, f"delimiter:{d.role}")
    octet, decoded = _octets_and_decoded(text, start, stop)
    out: list[CharInfo] = []
    for i in range(start, stop):
        ch = text[i]
        escape_octet = octet.get(i)
        out.append(
            CharInfo(
                index=i,
                char=ch,
                char_class="escape" if escape_octet is not None else char_class(ch, edition),
                component=component[i - start],
                escape_octet=escape_octet,
                decoded=decoded.get(i),
                unicode_name=unicode_name_of(ch),
            )
        )
    return tuple(out)
