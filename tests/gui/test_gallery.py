"""The Samples menu, driven through MainWindow: entries load into the field or the
Resolution pane, with their note in the status bar."""

from __future__ import annotations

import base64

from PySide6.QtGui import QAction, QImage
from PySide6.QtWidgets import QLineEdit, QMenu
from pytestqt.qtbot import QtBot

from uriinspector.gui import MainWindow
from uriinspector.gui.gallery import find_sample_action
from uriinspector.samples import gallery


def _field(window: MainWindow, name: str) -> QLineEdit:
    edit = window.findChild(QLineEdit, name)
    assert edit is not None, name
    return edit


def test_the_menu_has_one_submenu_per_group_and_every_entry(window: MainWindow) -> None:
    menu = window.findChild(QMenu, "samplesMenu")
    assert menu is not None and menu is window.menus.samplesMenu
    assert window.menuBar().actions()[2].menu() is menu  # File, Edit, Samples, View, Help
    assert menu.actions() == []  # filled when first opened, not before the first paint
    menu.aboutToShow.emit()  # what Qt emits as the menu opens
    subs = [a.menu() for a in menu.actions()]
    assert [a.text() for a in menu.actions()] == [g.title for g in gallery()]
    for sub, group in zip(subs, gallery(), strict=True):
        assert isinstance(sub, QMenu)
        assert [a.statusTip() for a in sub.actions()] == [s.note for s in group.samples]


def test_choosing_the_75_link_loads_it_with_its_note(window: MainWindow) -> None:
    """draft-2003 §7.5: the entry loads into the field and teaches misleading-userinfo."""
    action = find_sample_action(
        window.menus.samplesMenu, "Security considerations (2003 draft §7)", "§7.5 misleading"
    )
    assert isinstance(action, QAction)
    action.trigger()
    assert window.uri() == "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm"
    assert window.analysis is not None and window.analysis.verdict.level == "danger"
    assert "misleading-userinfo" in {f.code for f in window.analysis.findings}
    message = window.statusBar().currentMessage()
    assert "Everything before '@' is userinfo" in message and "draft-2003 §7.5" in message
    assert window.settings.recent[0] == window.uri()  # a gallery choice is an inspection


def test_an_entry_with_an_edition_switches_the_selector(window: MainWindow) -> None:
    action = find_sample_action(window.menus.samplesMenu, "1997 draft §1.3 examples", "gopher")
    assert isinstance(action, QAction)
    action.trigger()
    assert window.uri().startswith("gopher://spinaltap.micro.umn.edu/00/")
    assert window.editionSelector.currentData() == "draft-1997"
    assert window.controller.edition == "draft-1997"


def test_an_appendix_c_entry_fills_the_resolution_pane(window: MainWindow, qtbot: QtBot) -> None:
    """draft-1997 Appendix C.2: g?y/../x resolves to http://a/b/c/x under 1997's rules."""
    window.show()
    qtbot.waitExposed(window)
    window.docks["components"].raise_()
    before = window.uri()
    action = find_sample_action(
        window.menus.samplesMenu, "Resolution: 1997 draft Appendix C", "g?y/../x"
    )
    assert isinstance(action, QAction)
    action.trigger()
    assert _field(window, "baseField").text() == "http://a/b/c/d;p?q"
    assert _field(window, "referenceField").text() == "g?y/../x"
    targets = {r.rules: r.target for r in window.controller.resolutions}
    assert targets["draft-1997"] == "http://a/b/c/x"
    assert targets["rfc3986"] == "http://a/b/c/g?y/../x"
    assert not window.docks["resolution"].visibleRegion().isEmpty()  # raised
    assert window.uri() == before  # the URI field is left alone
    assert "1997's mistake" in window.statusBar().currentMessage()


def test_every_uri_entry_loads_without_a_pane_failing(window: MainWindow) -> None:
    for group in gallery():
        for sample in group.samples:
            window.load_sample(sample)
            window.flush_panes()
            if sample.is_resolution:
                assert window.controller.reference == sample.reference
            else:
                assert window.uri() == sample.uri
                assert window.analysis is not None and window.analysis.text == sample.uri
            assert "pane failed" not in window.statusBar().currentMessage()


def test_the_data_image_decodes_through_qt() -> None:
    (s,) = [
        s for g in gallery() for s in g.samples if (s.uri or "").startswith("data:image/png")
    ]
    image = QImage.fromData(base64.b64decode((s.uri or "").split(",", 1)[1]), "PNG")
    assert not image.isNull() and (image.width(), image.height()) == (8, 8)
