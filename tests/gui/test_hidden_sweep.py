"""One marker for a hidden character in every output (issue 15 item 10).

U+3164 HANGUL FILLER was ``⟨U+3164⟩`` in the field and the HTML report, ``<U+3164>`` in
findings, and invisible in pane cells and the terminal. Each representative hidden
character goes through the URI field, the findings text, every cell of the panes, the
HTML and Markdown reports and the terminal output of the CLI, and comes out as the same
``⟨U+XXXX⟩`` everywhere, never as itself.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtWidgets import QAbstractItemView, QLabel, QWidget
from pytestqt.qtbot import QtBot

from tests.cli.helpers import cli
from uriinspector.core.analysis import analyze
from uriinspector.core.hidden import has_hidden, hidden_name, marker
from uriinspector.gui.field.chips import CHIP_CODE_POINT, CHIP_TYPE, ChipObject
from uriinspector.gui.field.widget import UriField
from uriinspector.gui.panes import CharactersPane, ComponentsPane, FindingsPane, LadderPane
from uriinspector.gui.panes._common import HTML_ROLE
from uriinspector.gui.panes.editions import EditionsPane
from uriinspector.gui.panes.explain import ExplainPane
from uriinspector.report import render

#: One of each family: controls, bidi, zero width, unusual spaces, fillers, variation
#: selector, tag, private use, blank (a lone surrogate has its own exact-text tests:
#: tests/gui/test_exact_text.py).
SWEEP = (
    "\x1b", "\n", "\x85", "\u202e", "\u2066", "\u200b", "\ufeff", "\u00ad", "\u00a0",
    "\u3000", "\u3164", "\u115f", "\u1160", "\uffa0", "\ufe0f", "\U000e0041", "\ue000",
    "\u2800",
)


def _uri(ch: str) -> str:
    return f"http://www.example.com{ch}x@10.0.0.1/p{ch}q?k{ch}=v"


def _model_texts(
    model: QAbstractItemModel, parent: QModelIndex | None = None, depth: int = 0
) -> list[str]:
    """Every string a view's model shows or tips, rows and children included."""
    parent = parent or QModelIndex()
    out: list[str] = []
    if model.canFetchMore(parent):
        model.fetchMore(parent)
    try:
        columns = model.columnCount(parent)
    except TypeError:  # a list model keeps columnCount private in PySide6: one column
        columns = 1
    for row in range(min(model.rowCount(parent), 400)):
        for column in range(columns):
            index = model.index(row, column, parent)
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, HTML_ROLE):
                value = model.data(index, role)
                if isinstance(value, str):
                    out.append(value)
            if column == 0 and depth < 4 and model.rowCount(index) > 0:
                out.extend(_model_texts(model, index, depth + 1))
    return out


def _pane_texts(pane: QWidget) -> list[str]:
    texts: list[str] = []
    for view in pane.findChildren(QAbstractItemView):
        model = view.model()
        if model is not None:
            texts.extend(_model_texts(model))
    texts.extend(label.text() for label in pane.findChildren(QLabel))
    return texts


@pytest.mark.parametrize("ch", SWEEP, ids=lambda c: f"U+{ord(c):04X}")
def test_the_same_marker_everywhere(qtbot: QtBot, ch: str) -> None:
    mark = marker(ch)
    uri = _uri(ch)
    analysis = analyze(uri)

    # the URI field: each hidden character is a chip drawn with the marker
    field = UriField()
    qtbot.addWidget(field)
    field.set_uri(uri)
    field.show_analysis(analysis)
    assert field.uri() == uri
    chips: list[int] = []
    block = field.document().begin()
    for rng in block.textFormats():
        if rng.format.objectType() == CHIP_TYPE:
            chips.extend([int(rng.format.property(CHIP_CODE_POINT))] * rng.length)
    assert chips == [ord(ch)] * 3
    drawn = ChipObject(field, lambda: field.theme)._label(ord(ch))  # the text drawObject paints
    assert drawn == mark
    index = uri.index(ch)
    assert f"{mark} {hidden_name(ch)}" in field.describe(index)

    # the findings text (core) and the Findings pane
    assert analysis.findings
    assert all(not has_hidden(f.message) for f in analysis.findings)
    assert any(mark in f.message for f in analysis.findings)

    # every cell of the panes: the marker, never the character
    for cls in (ComponentsPane, CharactersPane, FindingsPane, ExplainPane, EditionsPane,
                LadderPane):
        pane = cls()
        qtbot.addWidget(pane)
        pane.show_analysis(analysis)
        texts = _pane_texts(pane)
        assert texts, cls.__name__
        # a cell's own line breaks (reasons listed one a line) are layout, not input
        hidden = [t for t in texts if has_hidden(t.replace("\n", ""))]
        assert not hidden, (cls.__name__, hidden[:3])
        assert any(mark in t for t in texts), cls.__name__

    # the reports and the terminal (their own line breaks are real: U+000A is only
    # checked to be marked)
    outputs = {
        "md": render(analysis, "md"),
        "html": render(analysis, "html"),
        "parse": str(cli("parse", uri)),
        "analyze": str(cli("analyze", uri)),
    }
    for name, out in outputs.items():
        assert mark in out, name
        assert ch == "\n" or ch not in out, name


def test_components_tooltip_shows_a_line_feed_as_its_marker(qtbot: QtBot) -> None:
    """Issue 15 item 9: a value's line feed in a Components tooltip is its marker
    ``⟨U+000A⟩`` (it broke the tooltip's line and read as nothing)."""
    from PySide6.QtWidgets import QTreeWidgetItemIterator

    pane = ComponentsPane()
    qtbot.addWidget(pane)
    pane.show_analysis(analyze("http://a/b\nc?q=1%0A2"))
    tips: dict[str, list[str]] = {}
    it = QTreeWidgetItemIterator(pane.view)
    while it.value():
        item = it.value()
        tips[item.text(0)] = [pane.tooltip_text(item, c) for c in (1, 2)]
        it += 1
    raw, _decoded = tips["path"]
    assert raw.splitlines()[0] == "/b⟨U+000A⟩c"
    raw, decoded = tips["query"]
    assert raw.splitlines()[0] == "q=1%0A2"
    assert decoded.splitlines()[0] == "q=1⟨U+000A⟩2"  # the decoded %0A
