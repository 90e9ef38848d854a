"""The window's colours as plain data, shared by the Qt palette and the Qt-free reports.

The hues are the Okabe–Ito colour-blind-safe palette (Okabe & Ito, "Color Universal
Design", 2008). ``gui/panes/palette.py`` reads every value from here, so a report
written without Qt (``uriinspector.report``) paints a URI in exactly the window's
colours. :func:`readable_hex` and :func:`tint_hex` are the pure-Python twins of the
palette's ``readable`` and ``tint`` (same WCAG maths, same HSL walk).
"""

from __future__ import annotations

import colorsys
from functools import lru_cache
from typing import Literal, NamedTuple

# ---- Okabe–Ito hues ----------------------------------------------------------------
ORANGE = "#E69F00"
SKY_BLUE = "#56B4E9"
BLUISH_GREEN = "#009E73"
YELLOW = "#F0E442"
BLUE = "#0072B2"
VERMILLION = "#D55E00"
REDDISH_PURPLE = "#CC79A7"
BLACK = "#000000"

UnderlineStyle = Literal["none", "solid", "dash", "dot", "dashdot", "wave", "double"]


class ComponentStyle(NamedTuple):
    """How one component is drawn: a hue, an underline style and a weight (immutable; a
    ``NamedTuple``: no ``dataclasses`` before the window's first paint, issue 22)."""

    hue: str
    underline: UnderlineStyle
    bold: bool


#: One style per component (the split's component names); delimiters are dimmed.
COMPONENT_STYLES: dict[str, ComponentStyle] = {
    "scheme": ComponentStyle(BLUE, "none", True),
    "authority": ComponentStyle(VERMILLION, "none", False),
    "userinfo": ComponentStyle(REDDISH_PURPLE, "dash", False),
    "host": ComponentStyle(VERMILLION, "solid", True),
    "port": ComponentStyle(ORANGE, "dot", False),
    "path": ComponentStyle(BLUISH_GREEN, "none", False),
    "query": ComponentStyle(SKY_BLUE, "dashdot", False),
    "fragment": ComponentStyle(YELLOW, "wave", False),
}

#: Hues for finding severities (danger/warning/info) and diagnostic severities.
SEVERITY_HUES: dict[str, str] = {
    "danger": VERMILLION,
    "error": VERMILLION,
    "warning": ORANGE,
    "caution": ORANGE,
    "info": BLUE,
}

#: Glyphs that carry a grammar diagnostic's severity without colour. Danger has none:
#: its sign is the ``danger`` icon of ``resources/icons`` (U+26D4 is in no font a
#: fresh Debian has).
SEVERITY_GLYPHS: dict[str, str] = {
    "error": "✖",
    "warning": "⚠",
    "caution": "⚠",
    "info": "ℹ",
}

#: Diff hues: removed text is struck through, inserted text underlined.
REMOVED_HUE = VERMILLION
INSERTED_HUE = BLUISH_GREEN
#: Background tint for "differs from RFC 3986" rows and the "first agree" rung.
DIFFERS_HUE = ORANGE
AGREES_HUE = BLUISH_GREEN

#: The light theme's text background (the window's Base colour in a light theme).
LIGHT_BASE = "#ffffff"


def _rgb(hex_colour: str) -> tuple[float, float, float]:
    h = hex_colour.lstrip("#")
    return int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255


def _hex(r: float, g: float, b: float) -> str:
    return "#" + "".join(f"{round(max(0.0, min(1.0, v)) * 255):02x}" for v in (r, g, b))


def luminance(hex_colour: str) -> float:
    """WCAG 2 relative luminance of an opaque ``#rrggbb`` colour."""

    def channel(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = _rgb(hex_colour)
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast_hex(a: str, b: str) -> float:
    """WCAG 2 contrast ratio between two ``#rrggbb`` colours (1 to 21)."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


@lru_cache(maxsize=256)
def readable_hex(hue: str, background: str = LIGHT_BASE, minimum: float = 4.5) -> str:
    """``hue`` with its HSL lightness walked in 0.02 steps until it reaches ``minimum``
    contrast on ``background`` (darker on light backgrounds, lighter on dark ones)."""
    colour = _hex(*_rgb(hue))
    if contrast_hex(colour, background) >= minimum:
        return colour
    h, lightness, s = colorsys.rgb_to_hls(*_rgb(colour))
    step = -0.02 if luminance(background) >= 0.2 else 0.02
    candidate = colour
    while 0.0 < lightness < 1.0:
        lightness = min(1.0, max(0.0, lightness + step))
        candidate = _hex(*colorsys.hls_to_rgb(h, lightness, s))
        if contrast_hex(candidate, background) >= minimum:
            break
    return candidate


def tint_hex(hue: str, background: str = LIGHT_BASE, amount: float = 0.22) -> str:
    """``amount`` of ``hue`` blended over ``background`` (a background tint)."""
    a = max(0.0, min(1.0, amount))
    c, bg = _rgb(hue), _rgb(background)
    return _hex(*(bg[i] * (1 - a) + c[i] * a for i in range(3)))
