"""What the field's tooltip says about one character: its component, the grammar rule
under the edition shown, the hidden character's name, findings, foreign letters.

Plain text; the field hands it to ``gui/plain.plain_tooltip``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from uriinspector.gui.field.chips import char_name, chip_label, is_chip_char, visible_text
from uriinspector.gui.field.highlight import MAX_PAINTED_FINDINGS
from uriinspector.gui.theme import COMPONENT_LABELS

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis


def describe(analysis: Analysis, index: int) -> str:
    """What lies at code point ``index`` of ``analysis.text``: the component's name,
    delimiters, grammar, the character, findings ("" past the end)."""
    text = analysis.text
    if index >= len(text):
        return ""
    lines: list[str] = []
    lines.extend(foreign_lines(analysis, index))
    for name, span in analysis.parsed.split.component_spans():
        if span.start <= index < span.end:
            value = visible_text(span.of(text), 80)
            lines.append(f"{COMPONENT_LABELS.get(name, name)}: {value}")
    for delim in analysis.parsed.split.delimiters:
        if delim.span.start <= index < delim.span.end:
            lines.append(f"delimiter ({delim.role})")
    from uriinspector.core.explain import rules_in  # on hover only: not at start-up

    rules = rules_in(analysis.parsed, index)  # issue 6: grammar on hover, innermost first
    if rules:
        lines.append(f"Grammar under {analysis.edition.label}:")
        lines.extend(f"  {r.describe()}" for r in rules)
    ch = text[index]
    if is_chip_char(ch):
        lines.append(f"{chip_label(ord(ch))} {char_name(ord(ch))}")
    for finding in analysis.findings[:MAX_PAINTED_FINDINGS]:
        if finding.span.start <= index < finding.span.end:
            lines.append(f"{finding.severity}: {finding.message} [{finding.code}]")
    return "\n".join(lines)


def foreign_lines(analysis: Analysis, index: int) -> list[str]:
    """The foreign letters at ``index`` named for the tooltip (``Finding.letters``)."""
    out: list[str] = []
    for finding in analysis.findings[:MAX_PAINTED_FINDINGS]:
        for letter in finding.letters:
            if letter.span.start <= index < letter.span.end:
                line = (
                    f"Foreign letter: '{letter.char}' is {letter.name} "
                    f"(U+{ord(letter.char):04X}), looks like {letter.looks_like_name}"
                )
                if line not in out:
                    out.append(line)
    return out
