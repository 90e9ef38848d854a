"""Defanged links in the window: pasted ones are refanged with a notice, copies defang.

Analysts exchange links defanged (``hxxps://evil[.]example``) so nobody clicks them;
the inspector takes them back as real links, says so, and can undo it.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QMimeData, Qt
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from uriinspector.gui import MainWindow

DEFANGED = "hxxps://login[.]evil-bank[.]example/verify?u=a[@]b"
REFANGED = "https://login.evil-bank.example/verify?u=a@b"


pytestmark = pytest.mark.window(size=(1180, 760))


def _clipboard(text: str) -> None:
    data = QMimeData()
    data.setText(text)
    QGuiApplication.clipboard().setMimeData(data)


def test_paste_and_inspect_refangs_with_a_notice_and_can_undo(window: MainWindow) -> None:
    _clipboard(DEFANGED)
    window.paste_and_inspect()
    assert window.uri() == REFANGED
    assert window.analysis is not None and window.analysis.effective_host == (
        "login.evil-bank.example"
    )
    notice = window.statusBar().currentMessage()
    assert "defanged" in notice and "Inspect as Pasted" in notice
    assert window.menus.inspectAsPastedAction.isEnabled()
    window.menus.inspectAsPastedAction.trigger()
    assert window.uri() == DEFANGED  # nothing the user pasted is lost
    assert not window.menus.inspectAsPastedAction.isEnabled()


def test_ctrl_v_into_the_field_refangs_too(window: MainWindow, qtbot: QtBot) -> None:
    window.set_uri("")
    _clipboard(DEFANGED)
    with qtbot.waitSignal(window.uriField.refanged) as blocker:
        qtbot.keyClick(window.uriField, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert blocker.args == [DEFANGED, REFANGED]
    assert window.uri() == REFANGED
    assert "defanged" in window.statusBar().currentMessage()


def test_ordinary_paste_gives_no_notice(window: MainWindow) -> None:
    _clipboard("https://example.com/plain")
    window.statusBar().clearMessage()
    window.paste_and_inspect()
    assert window.uri() == "https://example.com/plain"
    assert window.statusBar().currentMessage() == ""


def test_copy_as_defanged(window: MainWindow) -> None:
    window.set_uri(REFANGED)
    window.menus.copyDefangedAction.trigger()
    copied = QGuiApplication.clipboard().text()
    assert copied.startswith("hxxps://login[.]evil-bank[.]example/")
    assert "." not in copied.split("/")[2].replace("[.]", "")
    assert window.uri() == REFANGED  # copying never changes what is inspected


def test_a_huge_paste_is_taken_as_pasted(window: MainWindow) -> None:
    from uriinspector.gui.intake.intake import REFANG_LIMIT

    huge = "hxxps://evil[.]example/" + "a" * REFANG_LIMIT
    _clipboard(huge)
    window.statusBar().clearMessage()
    window.paste_and_inspect()
    window.controller.wait_for_workers()
    assert window.uri() == huge
    assert "defanged" not in window.statusBar().currentMessage()
