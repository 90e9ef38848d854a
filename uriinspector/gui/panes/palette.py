"""Shared colours for the window: components, severities and diffs, in light and dark.

The hues are the Okabe–Ito colour-blind-safe palette (Okabe & Ito, "Color Universal
Design", 2008). A hue is never used as-is for text: :func:`readable` moves its
lightness until it reaches a WCAG contrast ratio against the widget's own base
colour, so the same mapping works in light and dark themes. Colour is never the only
cue: every component also has an underline style and a weight (:data:`COMPONENT_STYLES`),
and every severity a glyph and a word.

This module holds no URI logic; the shell's highlighter may import it too.
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtGui import QColor, QPalette

# The values live in a Qt-free module so reports (uriinspector.report) use the same.
from uriinspector.palette_data import (
    AGREES_HUE,
    BLACK,
    BLUE,
    BLUISH_GREEN,
    COMPONENT_STYLES,
    DIFFERS_HUE,
    INSERTED_HUE,
    ORANGE,
    REDDISH_PURPLE,
    REMOVED_HUE,
    SEVERITY_GLYPHS,
    SEVERITY_HUES,
    SKY_BLUE,
    VERMILLION,
    YELLOW,
    ComponentStyle,
    UnderlineStyle,
)

__all__ = [
    "AGREES_HUE",
    "BLACK",
    "BLUE",
    "BLUISH_GREEN",
    "COMPONENT_STYLES",
    "DIFFERS_HUE",
    "INSERTED_HUE",
    "ORANGE",
    "REDDISH_PURPLE",
    "REMOVED_HUE",
    "SEVERITY_GLYPHS",
    "SEVERITY_HUES",
    "SKY_BLUE",
    "VERMILLION",
    "YELLOW",
    "ComponentStyle",
    "UnderlineStyle",
    "component_color",
    "contrast",
    "dim_color",
    "is_dark",
    "readable",
    "severity_color",
    "tint",
]


def _luminance(c: QColor) -> float:
    """WCAG 2 relative luminance of an opaque colour."""

    def channel(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF())


def contrast(a: QColor, b: QColor) -> float:
    """WCAG 2 contrast ratio between two colours (1 to 21)."""
    la, lb = _luminance(a), _luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


def is_dark(palette: QPalette) -> bool:
    """Whether the palette's base (text background) is dark."""
    return _luminance(palette.color(QPalette.ColorRole.Base)) < 0.2


def _color(value: str | QColor) -> QColor:
    """``value`` as a colour, read-only (no copy of a ``QColor``).

    Never the ``QColor(...)`` constructor: PySide6 6.11 resolves its overloads through
    ``Qt.GlobalColor``, which creates the ``Qt`` namespace's ~95 enum types (15-35 ms)
    on the first call, and the theme is resolved before the window's first paint.
    """
    return value if isinstance(value, QColor) else QColor.fromString(value)


def readable(hue: str | QColor, background: QColor, minimum: float = 4.5) -> QColor:
    """Return ``hue`` with its lightness moved until it reads on ``background``.

    Keeps the hue and saturation (so the colour stays recognisably the same
    Okabe–Ito colour) and darkens on light backgrounds, lightens on dark ones.
    """
    return QColor.fromString(_readable(_color(hue).name(), background.name(), minimum))


@lru_cache(maxsize=256)
def _readable(hue: str, background_name: str, minimum: float) -> str:
    colour = QColor.fromString(hue)
    background = QColor.fromString(background_name)
    if contrast(colour, background) >= minimum:
        return colour.name()
    h, s, lightness = colour.hslHueF(), colour.hslSaturationF(), colour.lightnessF()
    step = -0.02 if _luminance(background) >= 0.2 else 0.02
    candidate = colour
    while 0.0 < lightness < 1.0:
        lightness = min(1.0, max(0.0, lightness + step))
        candidate = QColor.fromHslF(max(h, 0.0), s, lightness)
        if contrast(candidate, background) >= minimum:
            break
    return candidate.name()


def tint(hue: str | QColor, background: QColor, amount: float = 0.22) -> QColor:
    """A background tint: ``amount`` of ``hue`` blended over ``background``.

    Text in the palette's own text colour stays readable on it in both themes.
    """
    c = _color(hue)
    a = max(0.0, min(1.0, amount))
    return QColor.fromRgbF(
        background.redF() * (1 - a) + c.redF() * a,
        background.greenF() * (1 - a) + c.greenF() * a,
        background.blueF() * (1 - a) + c.blueF() * a,
    )


def component_color(name: str, palette: QPalette) -> QColor:
    """The text colour for component ``name`` on ``palette``'s base colour."""
    style = COMPONENT_STYLES.get(name)
    if style is None:
        return palette.color(QPalette.ColorRole.Text)
    return readable(style.hue, palette.color(QPalette.ColorRole.Base))


def severity_color(severity: str, palette: QPalette) -> QColor:
    """The text colour for a severity word on ``palette``'s base colour."""
    hue = SEVERITY_HUES.get(severity, BLUE)
    return readable(hue, palette.color(QPalette.ColorRole.Base))


def dim_color(palette: QPalette) -> QColor:
    """A dimmed text colour (delimiters, "undefined"), readable but quieter."""
    base = palette.color(QPalette.ColorRole.Base)
    return readable(tint(palette.color(QPalette.ColorRole.Text), base, 0.6), base, 3.0)
