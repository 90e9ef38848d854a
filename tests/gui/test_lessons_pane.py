"""The Lessons pane: every step loads its URI, answers are judged, progress is kept."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from uriinspector.gui import MainWindow
from uriinspector.gui.panes.lessons import LessonsPane
from uriinspector.gui.settings import Settings
from uriinspector.lessons import component_span, expected, lessons

pytestmark = pytest.mark.window(size=(1280, 800), shown=True)


def _pane(window: MainWindow) -> LessonsPane:
    window.menus.lessonsAction.trigger()
    pane = window.pane("lessons")
    assert isinstance(pane, LessonsPane) and window.dock("lessons").isVisible()
    return pane


def test_every_step_loads_its_uri_and_takes_the_right_answer(
    window: MainWindow, qtbot: QtBot
) -> None:
    pane = _pane(window)
    for li, lesson in enumerate(lessons()):
        pane.lessonBox.setCurrentIndex(li)
        for si, step in enumerate(lesson.steps):
            pane.go_to_step(si)
            assert window.uri() == step.uri
            q = step.question
            if q.choices:
                pane.choiceBox.setCurrentText(expected(step))
            else:
                pane.answerField.setText(expected(step))
            pane.checkButton.click()
            assert pane.resultLabel.text().startswith("Right"), (lesson.id, si)
    done = [len(Settings.load().lessons.get(lesson.id, [])) for lesson in lessons()]
    assert done == [len(lesson.steps) for lesson in lessons()]


def test_a_wrong_answer_gets_the_hint(window: MainWindow) -> None:
    pane = _pane(window)
    pane.lessonBox.setCurrentIndex(2)  # resolution: typed answers
    pane.answerField.setText("http://wrong/")
    pane.checkButton.click()
    assert pane.resultLabel.text() == "Not quite. Hint: " + pane.step.question.hint
    assert Settings.load().lessons == {}


def test_clicking_the_part_in_the_field_answers_a_component_question(
    window: MainWindow, qtbot: QtBot
) -> None:
    pane = _pane(window)
    pane.lessonBox.setCurrentIndex(0)
    pane.go_to_step(0)  # click the host
    span = component_span(pane.step.uri, "host")
    assert span is not None
    pane.pickButton.click()
    window.uriField.setFocus()
    cursor = window.uriField.textCursor()
    cursor.setPosition(span.start + 2)
    window.uriField.setTextCursor(cursor)
    qtbot.waitUntil(lambda: pane.resultLabel.text().startswith("Right"), timeout=5000)
    assert not pane.pickButton.isChecked()


def test_the_question_is_not_answered_by_loading_the_step(window: MainWindow) -> None:
    pane = _pane(window)
    pane.lessonBox.setCurrentIndex(0)
    pane.go_to_step(1)
    assert pane.resultLabel.text() == "" and Settings.load().lessons == {}


def test_progress_is_remembered_across_windows(window: MainWindow, qtbot: QtBot) -> None:
    pane = _pane(window)
    pane.lessonBox.setCurrentIndex(3)
    pane.go_to_step(0)
    pane.choiceBox.setCurrentText(expected(pane.step))
    pane.checkButton.click()
    other = MainWindow()
    qtbot.addWidget(other)
    again = other.pane("lessons")
    assert isinstance(again, LessonsPane)
    assert "(1/5 done)" in again.lessonBox.itemText(3)
    again.lessonBox.setCurrentIndex(3)
    assert again.step_index == 1  # opens at the first step not yet answered
    other.documents.shutdown()


def test_worksheet_export_writes_questions_and_answers(
    window: MainWindow, tmp_path: Path
) -> None:
    pane = _pane(window)
    sheet, key = pane.export(tmp_path / "lesson.md")
    assert key.name == "lesson-answers.md"
    assert "Answer:" not in sheet.read_text(encoding="utf-8")
    assert "Answer:" in key.read_text(encoding="utf-8")
    page, _ = pane.export(tmp_path / "lesson.html", "html")
    assert page.read_text(encoding="utf-8").startswith("<!doctype html>")


def test_a_corrupt_progress_table_is_reset_not_fatal(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(
        '{"version": 2, "history": [], "lessons": {"phishing": ["x"]}}', encoding="utf-8")
    settings = Settings.load(tmp_path)
    assert settings.lessons == {} and "lessons" in (settings.notice or "")
    settings.lessons["phishing"] = [0, 2]
    assert settings.save() is None
    assert Settings.load(tmp_path).lessons == {"phishing": [0, 2]}
