"""Theme colours for the shell: the URI field's component formats, chips, the banner.

Hues come from the shared Okabe–Ito palette (``gui/panes/palette.py``), made readable
against the current palette's base colour, so one mapping serves light and dark themes.
Colour is never the only cue: every component also has an underline style or weight.
"""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtGui import QColor, QFont, QPalette, QTextCharFormat
from PySide6.QtWidgets import QApplication

from uriinspector.gui.panes import palette as pal

_UNDERLINES: dict[str, QTextCharFormat.UnderlineStyle] = {
    "none": QTextCharFormat.UnderlineStyle.NoUnderline,
    "solid": QTextCharFormat.UnderlineStyle.SingleUnderline,
    "dash": QTextCharFormat.UnderlineStyle.DashUnderline,
    "dot": QTextCharFormat.UnderlineStyle.DotLine,
    "dashdot": QTextCharFormat.UnderlineStyle.DashDotLine,
    "wave": QTextCharFormat.UnderlineStyle.WaveUnderline,
    "double": QTextCharFormat.UnderlineStyle.SingleUnderline,
}

#: Human names for the components, used in tooltips.
COMPONENT_LABELS: dict[str, str] = {
    "scheme": "scheme",
    "userinfo": "userinfo (user name and password)",
    "host": "host: where the link really goes",
    "port": "port",
    "path": "path",
    "query": "query",
    "fragment": "fragment (never sent to the server)",
}


#: Character formats made by a ``Theme``, by (what, base, text, dim colours).
_FORMATS: dict[tuple[str, int, int, int], QTextCharFormat] = {}


class Theme(NamedTuple):
    """The colours the shell paints with, resolved for one palette (immutable; a
    ``NamedTuple``: no ``dataclasses`` before the window's first paint, issue 22)."""

    dark: bool
    text: QColor
    base: QColor
    dim: QColor
    frame: QColor
    focus: QColor
    danger: QColor
    danger_bg: QColor
    caution: QColor
    caution_bg: QColor
    chip_fg: QColor
    chip_bg: QColor
    finding_bg: QColor
    selection_bg: QColor

    def placeholders(self) -> dict[str, str]:
        """Values for the ``{{ name }}`` placeholders of the QSS fragments."""
        return {
            "text": self.text.name(),
            "base": self.base.name(),
            "dim": self.dim.name(),
            "frame": self.frame.name(),
            "focus": self.focus.name(),
            "danger": self.danger.name(),
            "danger_bg": self.danger_bg.name(),
            "caution": self.caution.name(),
            "caution_bg": self.caution_bg.name(),
        }

    def _key(self, what: str) -> tuple[str, int, int, int]:
        return (what, self.base.rgba(), self.text.rgba(), self.dim.rgba())

    def component_format(self, name: str) -> QTextCharFormat:
        """The character format of component ``name``: hue, underline style, weight.

        Formats are made once per theme and shared (the field asks on every keystroke;
        callers merge them into new formats and never modify them).
        """
        key = self._key("component:" + name)
        fmt = _FORMATS.get(key)
        if fmt is None:
            fmt = _FORMATS[key] = self._component_format(name)
        return fmt

    def _component_format(self, name: str) -> QTextCharFormat:
        fmt = QTextCharFormat()
        style = pal.COMPONENT_STYLES.get(name)
        if style is None:
            return fmt
        colour = pal.readable(style.hue, self.base)
        fmt.setForeground(colour)
        if style.bold:
            fmt.setFontWeight(QFont.Weight.Bold)
        if style.underline != "none":
            fmt.setUnderlineStyle(_UNDERLINES[style.underline])
            fmt.setUnderlineColor(colour)
        if name == "fragment":
            fmt.setFontItalic(True)
        return fmt

    def delimiter_format(self) -> QTextCharFormat:
        """Delimiters (``:``, ``//``, ``@``, ``?``, ``#``) are dimmed."""
        key = self._key("delimiter_format")
        cached = _FORMATS.get(key)
        if cached is not None:
            return cached
        _FORMATS[key] = fmt = self._delimiter_format()
        return fmt

    def _delimiter_format(self) -> QTextCharFormat:
        fmt = QTextCharFormat()
        fmt.setForeground(self.dim)
        return fmt

    def danger_format(self) -> QTextCharFormat:
        """Misleading userinfo: red background, strike-through, dark red text."""
        key = self._key("danger_format")
        cached = _FORMATS.get(key)
        if cached is not None:
            return cached
        _FORMATS[key] = fmt = self._danger_format()
        return fmt

    def _danger_format(self) -> QTextCharFormat:
        fmt = QTextCharFormat()
        fmt.setBackground(self.danger_bg)
        fmt.setForeground(self.danger)
        fmt.setFontStrikeOut(True)
        fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
        fmt.setUnderlineColor(self.danger)
        return fmt

    def foreign_format(self) -> QTextCharFormat:
        """A foreign letter that reads as a Latin one (``Finding.letters``): the letter
        inverted on the danger colour, bold, with a wavy underline, so it stands out of
        a finding's tinted span in light and dark palettes alike (and not by hue alone)."""
        key = self._key("foreign_format")
        cached = _FORMATS.get(key)
        if cached is not None:
            return cached
        _FORMATS[key] = fmt = self._foreign_format()
        return fmt

    def _foreign_format(self) -> QTextCharFormat:
        fmt = QTextCharFormat()
        fmt.setBackground(self.danger)
        fmt.setForeground(self.base)
        fmt.setFontWeight(QFont.Weight.Bold)
        fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
        fmt.setUnderlineColor(self.text)
        return fmt

    def finding_format(self) -> QTextCharFormat:
        """The evidence span of any other finding: a tinted background."""
        key = self._key("finding_format")
        cached = _FORMATS.get(key)
        if cached is not None:
            return cached
        _FORMATS[key] = fmt = self._finding_format()
        return fmt

    def _finding_format(self) -> QTextCharFormat:
        fmt = QTextCharFormat()
        fmt.setBackground(self.finding_bg)
        return fmt

    def selection_format(self) -> QTextCharFormat:
        """The span a pane asked to highlight."""
        key = self._key("selection_format")
        cached = _FORMATS.get(key)
        if cached is not None:
            return cached
        _FORMATS[key] = fmt = self._selection_format()
        return fmt

    def _selection_format(self) -> QTextCharFormat:
        fmt = QTextCharFormat()
        fmt.setBackground(self.selection_bg)
        return fmt


def theme_for(palette: QPalette) -> Theme:
    """Resolve the shell's colours against ``palette`` (light or dark)."""
    base = palette.color(QPalette.ColorRole.Base)
    text = palette.color(QPalette.ColorRole.Text)
    dark = pal.is_dark(palette)
    return Theme(
        dark=dark,
        text=text,
        base=base,
        dim=pal.dim_color(palette),
        frame=pal.tint(text, base, 0.35),
        focus=pal.readable(pal.BLUE, base, 3.0),
        danger=pal.readable(pal.VERMILLION, pal.tint(pal.VERMILLION, base, 0.25), 4.5),
        danger_bg=pal.tint(pal.VERMILLION, base, 0.25),
        caution=pal.readable(pal.ORANGE, base, 3.0),
        caution_bg=pal.tint(pal.ORANGE, base, 0.18),
        chip_fg=pal.readable(pal.REDDISH_PURPLE, pal.tint(pal.REDDISH_PURPLE, base, 0.2)),
        chip_bg=pal.tint(pal.REDDISH_PURPLE, base, 0.2),
        finding_bg=pal.tint(pal.ORANGE, base, 0.3),
        selection_bg=pal.tint(pal.SKY_BLUE, base, 0.45),
    )


def current_theme() -> Theme:
    """The theme for the running application's palette."""
    app = QApplication.instance()
    palette = app.palette() if isinstance(app, QApplication) else QPalette()
    return theme_for(palette)
