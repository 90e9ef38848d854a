"""The field's colours: components, delimiters, findings and the selected span.

The field only renders what the core computed (an ``Analysis``): component spans,
delimiters and findings become character formats painted by a ``QSyntaxHighlighter``.
A letter of another script that reads as a Latin one (``Finding.letters``: the ``а`` of
``аpple.com``) is marked with a wavy underline on a red tint.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtGui import QSyntaxHighlighter, QTextCharFormat, QTextDocument

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis
    from uriinspector.core.split import Delimiter
    from uriinspector.gui.offsets import OffsetTable
    from uriinspector.gui.theme import Theme

#: At most this many finding spans are painted (a megabyte can hold thousands).
MAX_PAINTED_FINDINGS = 400

Range = tuple[int, int, QTextCharFormat]


class UriHighlighter(QSyntaxHighlighter):
    """Paints precomputed ``(position, length, format)`` ranges (document positions)."""

    def __init__(self, document: QTextDocument) -> None:
        super().__init__(document)
        self.ranges: list[tuple[int, int, QTextCharFormat]] = []

    def highlightBlock(self, text: str) -> None:
        """Apply the ranges that fall in the current block."""
        block = self.currentBlock()
        start = block.position()
        end = start + len(text) + 1
        for pos, length, fmt in self.ranges:
            if pos + length <= start or pos >= end:
                continue
            self.setFormat(pos - start, length, fmt)


Layer = Sequence[tuple[int, int, QTextCharFormat]]


def flatten_layers(layers: Iterable[Layer]) -> list[tuple[int, int, QTextCharFormat]]:
    """Merge layered ``(start, end, format)`` ranges into disjoint ranges.

    Later layers are merged over earlier ones (a finding's background over a
    component's colour), so no cue is lost where they overlap.
    """
    events: list[tuple[int, int, int, QTextCharFormat]] = []  # (pos, order, kind, fmt)
    order = 0
    for layer in layers:
        for start, end, fmt in layer:
            if end > start:
                events.append((start, order, 1, fmt))
                events.append((end, order, 0, fmt))
                order += 1
    if not events:
        return []
    bounds = sorted({e[0] for e in events})
    starts: dict[int, list[tuple[int, QTextCharFormat]]] = {}
    ends: dict[int, list[int]] = {}
    for pos, o, kind, fmt in events:
        if kind:
            starts.setdefault(pos, []).append((o, fmt))
        else:
            ends.setdefault(pos, []).append(o)
    active: dict[int, QTextCharFormat] = {}
    out: list[tuple[int, int, QTextCharFormat]] = []
    for i, pos in enumerate(bounds):
        for o in ends.get(pos, ()):
            active.pop(o, None)
        for o, fmt in starts.get(pos, ()):
            active[o] = fmt
        if not active or i + 1 == len(bounds):
            continue
        nxt = bounds[i + 1]
        if len(active) == 1:
            merged = next(iter(active.values()))
        else:
            merged = QTextCharFormat()
            for o in sorted(active):
                merged.merge(active[o])
        out.append((pos, nxt, merged))
    return out


def _delimiter_start(delimiter: Delimiter) -> int:
    return delimiter.span.start


def analysis_ranges(
    analysis: Analysis,
    table: OffsetTable,
    theme: Theme,
    shown: int,
    selection: tuple[int, int] | None,
) -> list[tuple[int, int, QTextCharFormat]]:
    """The ``(position, length, format)`` ranges that paint ``analysis`` on the shown
    text (its first ``shown`` code points), the selected span on top."""
    split = analysis.parsed.split

    def conv(start: int, end: int) -> tuple[int, int]:
        return table.to_utf16(min(start, shown)), table.to_utf16(min(end, shown))

    components: list[Range] = []
    for name, span in split.component_spans():
        components.append((*conv(span.start, span.end), theme.component_format(name)))
    dim = theme.delimiter_format()
    delimiters = split.delimiters
    if shown < len(analysis.text):  # in text order: the first ones up to the shown end
        delimiters = delimiters[: bisect_left(delimiters, shown, key=_delimiter_start)]
    for delim in delimiters:
        components.append((*conv(delim.span.start, delim.span.end), dim))
    findings: list[Range] = []
    foreign: list[Range] = []
    danger: list[Range] = []
    finding_fmt = theme.finding_format()
    foreign_fmt = theme.foreign_format()
    danger_fmt = theme.danger_format()
    for finding in analysis.findings[:MAX_PAINTED_FINDINGS]:
        if finding.span.start >= shown:
            continue
        rng = (*conv(finding.span.start, finding.span.end), finding_fmt)
        if finding.code == "misleading-userinfo":
            danger.append((rng[0], rng[1], danger_fmt))
        elif finding.span.end > finding.span.start:
            findings.append(rng)
        # each foreign letter that reads as a Latin one (issue 15 item 3)
        foreign.extend(
            (*conv(letter.span.start, letter.span.end), foreign_fmt)
            for letter in finding.letters
            if letter.span.start < shown
        )
    selected: list[Range] = []
    if selection is not None:
        selected.append((*conv(*selection), theme.selection_format()))
    flat = flatten_layers((components, findings, foreign, danger, selected))
    return [(s, e - s, f) for s, e, f in flat]
