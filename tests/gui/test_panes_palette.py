"""Shared palette and names: readable in light and dark themes, named for screen readers."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from uriinspector.core.analysis import analyze
from uriinspector.core.compare import compare
from uriinspector.core.normalize import normalize
from uriinspector.core.resolve import resolve_all
from uriinspector.gui.panes import (
    CharactersPane,
    ComponentsPane,
    FindingsPane,
    LadderPane,
    ResolutionPane,
    UrnPane,
    palette,
)
from uriinspector.gui.panes.components import COL_NAME

LIGHT = QColor("#ffffff")
DARK = QColor("#1e1e1e")

NAMED = {
    ComponentsPane: ["componentsView"],
    CharactersPane: ["charactersView"],
    FindingsPane: ["findingsView"],
    ResolutionPane: ["baseField", "referenceField", "targetField", "rulesTable", "traceView"],
    LadderPane: ["ladderView", "compareField"],
}


@pytest.mark.parametrize("background", [LIGHT, DARK], ids=["light", "dark"])
@pytest.mark.parametrize("name", sorted(palette.COMPONENT_STYLES))
def test_palette_component_colours_readable(name: str, background: QColor) -> None:
    colour = palette.readable(palette.COMPONENT_STYLES[name].hue, background)
    assert palette.contrast(colour, background) >= 4.5


@pytest.mark.parametrize("background", [LIGHT, DARK], ids=["light", "dark"])
def test_palette_severity_and_diff_colours_readable(background: QColor) -> None:
    for hue in [*palette.SEVERITY_HUES.values(), palette.REMOVED_HUE, palette.INSERTED_HUE]:
        assert palette.contrast(palette.readable(hue, background), background) >= 4.5


def test_palette_component_styles_differ_beyond_colour() -> None:
    leaves = ["scheme", "userinfo", "host", "port", "path", "query", "fragment"]
    cues = {(s.underline, s.bold) for n, s in palette.COMPONENT_STYLES.items() if n in leaves}
    assert len(cues) == len(leaves)


@pytest.mark.parametrize(("cls", "names"), list(NAMED.items()), ids=[c.__name__ for c in NAMED])
def test_panes_object_and_accessible_names(
    qtbot: QtBot, cls: type[QWidget], names: list[str]
) -> None:
    pane = cls()
    qtbot.addWidget(pane)
    for name in names:
        child = pane.findChild(QWidget, name)
        assert child is not None, name
        assert child.accessibleName(), name


def _dark(widget: QWidget) -> None:
    pal = QPalette()
    for role, colour in (
        (QPalette.ColorRole.Window, "#2b2b2b"), (QPalette.ColorRole.Base, "#1e1e1e"),
        (QPalette.ColorRole.AlternateBase, "#262626"), (QPalette.ColorRole.Text, "#e6e6e6"),
        (QPalette.ColorRole.WindowText, "#e6e6e6"), (QPalette.ColorRole.Button, "#333333"),
        (QPalette.ColorRole.ButtonText, "#e6e6e6"), (QPalette.ColorRole.Highlight, "#2a6fb0"),
        (QPalette.ColorRole.HighlightedText, "#ffffff"),
    ):
        pal.setColor(role, QColor(colour))
    widget.setPalette(pal)


def test_panes_dark_theme_uses_palette(qtbot: QtBot, tmp_path: Path) -> None:
    a = analyze("eXAMPLE://u:p@a/./b/../b/%63/%7bfoo%7d?x=1#f")
    panes: list[QWidget] = []
    for cls in (ComponentsPane, CharactersPane, FindingsPane, LadderPane, UrnPane):
        pane = cls()
        qtbot.addWidget(pane)
        _dark(pane)
        pane.show_analysis(a)  # type: ignore[attr-defined]
        pane.resize(800, 360)
        panes.append(pane)
    comps = panes[0]
    assert isinstance(comps, ComponentsPane)
    scheme = comps.view.topLevelItem(0)
    fg = scheme.foreground(COL_NAME).color()
    assert palette.contrast(fg, QColor("#1e1e1e")) >= 4.5
    ladder = panes[3]
    assert isinstance(ladder, LadderPane)
    ladder.show_comparison(normalize("example://u:p@a/b/c"), compare(a.text, "example://u:p@a/b/c"))
    res = ResolutionPane()
    qtbot.addWidget(res)
    _dark(res)
    res.show_resolutions(resolve_all(res.base(), "../../../g"))
    res.resize(900, 600)
    panes.append(res)
    for n, pane in enumerate(panes):
        assert pane.grab().save(str(tmp_path / f"dark_{n}.png"))
