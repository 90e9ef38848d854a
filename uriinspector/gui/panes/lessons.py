"""The Lessons pane: short lessons built from the specs' own examples, one question a step.

For teachers and students (*Help ▸ Lessons*). Each step loads its URI into the window,
highlights the part in question (never the answer of a "click the part" question),
explains it with its section, and asks one question: type a target or a host, pick a
character class or a ladder rung, say whether the URI is valid, or click a component in
the URI field. ``uriinspector.lessons`` holds the lessons (data) and judges every answer
with the core; the Qt-free ``lesson_rows`` turns them into the texts shown; this pane
only shows them. Progress is remembered (the settings file,
through the ``lesson-progress`` need); *Export Worksheet…* writes the lesson's questions
and, in a second file, its answers, for a class without the program.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from uriinspector.gui.panes import palette
from uriinspector.gui.panes._common import name_widget
from uriinspector.gui.panes.lesson_rows import (
    answer_text,
    highlight_span,
    hint_text,
    judgement_text,
    lesson_choices,
    step_label,
    step_view,
)
from uriinspector.gui.plain import plain_label
from uriinspector.lessons import judge, lessons

if TYPE_CHECKING:
    from uriinspector.gui.window.lesson_progress import LessonProgress
    from uriinspector.lessons import Lesson, Step

#: No step answered yet (no progress record attached).
_NONE_DONE: frozenset[int] = frozenset()


class LessonsPane(QWidget):
    """Lesson picker, the step's text and question, the answer box, check, hint, export.

    Signals:
        uriRequested(object): load a step's URI into the field (exact str).
        spanRequested(int, int): highlight code points in the field.
    """

    uriRequested = Signal(object)
    spanRequested = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.lessons: tuple[Lesson, ...] = lessons()
        self.lesson_index = 0
        self.step_index = 0
        self.progress: LessonProgress | None = None
        self.armed = False  # the next click in the URI field answers the question

        outer = QVBoxLayout(self)
        outer.addLayout(self._build_picker())
        body = QWidget(self)
        layout = QVBoxLayout(body)
        self._build_step_text(body, layout)
        layout.addLayout(self._build_answer_row(body))
        layout.addLayout(self._build_help_row(body))
        self.resultLabel = plain_label(QLabel("", body))
        name_widget(self.resultLabel, "lessonResult")
        self.resultLabel.setWordWrap(True)
        layout.addWidget(self.resultLabel)
        layout.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        outer.addWidget(scroll, 1)
        self._fill_lessons()
        self._show_step(load=False)

    def _build_picker(self) -> QHBoxLayout:
        """The lesson chooser and the previous and next step buttons."""
        top = QHBoxLayout()
        self.lessonBox = QComboBox(self)
        name_widget(self.lessonBox, "lessonChoice", "Lesson")
        self.lessonBox.currentIndexChanged.connect(self._on_lesson_chosen)
        top.addWidget(self.lessonBox, 1)
        self.previousButton = QPushButton("◀ &Previous", self)
        name_widget(self.previousButton, "lessonPrevious")
        self.previousButton.clicked.connect(lambda: self.go_to_step(self.step_index - 1))
        top.addWidget(self.previousButton)
        self.nextButton = QPushButton("&Next ▶", self)
        name_widget(self.nextButton, "lessonNext")
        self.nextButton.clicked.connect(lambda: self.go_to_step(self.step_index + 1))
        top.addWidget(self.nextButton)
        return top

    def _build_step_text(self, body: QWidget, layout: QVBoxLayout) -> None:
        """The step's number, title, text, URI and question, as plain text."""
        self.stepLabel = plain_label(QLabel("", body))
        name_widget(self.stepLabel, "lessonStep")
        layout.addWidget(self.stepLabel)
        self.titleLabel = plain_label(QLabel("", body))
        name_widget(self.titleLabel, "lessonTitle")
        bold = QFont(self.titleLabel.font())
        bold.setBold(True)
        bold.setPointSizeF(bold.pointSizeF() * 1.15)
        self.titleLabel.setFont(bold)
        self.titleLabel.setWordWrap(True)
        layout.addWidget(self.titleLabel)
        self.textLabel = plain_label(QLabel("", body))
        name_widget(self.textLabel, "lessonText")
        self.textLabel.setWordWrap(True)
        layout.addWidget(self.textLabel)
        self.uriLabel = plain_label(QLabel("", body))
        name_widget(self.uriLabel, "lessonUri")
        self.uriLabel.setWordWrap(True)
        layout.addWidget(self.uriLabel)
        self.promptLabel = plain_label(QLabel("", body))
        name_widget(self.promptLabel, "lessonPrompt")
        prompt_font = QFont(self.promptLabel.font())
        prompt_font.setBold(True)
        self.promptLabel.setFont(prompt_font)
        self.promptLabel.setWordWrap(True)
        layout.addWidget(self.promptLabel)

    def _build_answer_row(self, body: QWidget) -> QHBoxLayout:
        """The answer's choices or field, the pick-in-the-field button, Check."""
        answer_row = QHBoxLayout()
        self.choiceBox = QComboBox(body)
        name_widget(self.choiceBox, "lessonChoices", "Your answer")
        answer_row.addWidget(self.choiceBox, 1)
        self.answerField = QLineEdit(body)
        name_widget(self.answerField, "lessonAnswer", "Your answer")
        self.answerField.returnPressed.connect(self.check_answer)
        answer_row.addWidget(self.answerField, 1)
        self.pickButton = QPushButton("Click in the &URI Field", body)
        name_widget(self.pickButton, "lessonPick")
        self.pickButton.setCheckable(True)
        self.pickButton.toggled.connect(self._arm)
        answer_row.addWidget(self.pickButton)
        self.checkButton = QPushButton("&Check", body)
        name_widget(self.checkButton, "lessonCheck")
        self.checkButton.clicked.connect(self.check_answer)
        answer_row.addWidget(self.checkButton)
        return answer_row

    def _build_help_row(self, body: QWidget) -> QHBoxLayout:
        """Hint, the spec's answer, and the worksheet export."""
        help_row = QHBoxLayout()
        self.hintButton = QPushButton("&Hint", body)
        name_widget(self.hintButton, "lessonHint")
        self.hintButton.clicked.connect(self.show_hint)
        help_row.addWidget(self.hintButton)
        self.answerButton = QPushButton("Show the Spec's &Answer", body)
        name_widget(self.answerButton, "lessonShowAnswer")
        self.answerButton.clicked.connect(self.show_answer)
        help_row.addWidget(self.answerButton)
        help_row.addStretch(1)
        self.exportButton = QPushButton("&Export Worksheet…", body)
        name_widget(self.exportButton, "lessonExport")
        self.exportButton.clicked.connect(self.export_dialog)
        help_row.addWidget(self.exportButton)
        return help_row

    # -- needs ----------------------------------------------------------------------------
    def show_analysis(self, a: object) -> None:
        """The analysis does not change the lesson."""

    def attach_progress(self, progress: LessonProgress) -> None:
        """The window's record of done steps (the ``lesson-progress`` need)."""
        self.progress = progress
        self._fill_lessons()
        self._show_step(load=False)

    def select_at(self, index: int) -> None:
        """The URI field's cursor moved to ``index``: an armed pick answers with it."""
        if self.armed:
            self.pickButton.setChecked(False)
            self._judge(index)

    # -- navigation -----------------------------------------------------------------------
    @property
    def lesson(self) -> Lesson:
        """The lesson shown."""
        return self.lessons[self.lesson_index]

    @property
    def step(self) -> Step:
        """The step shown."""
        return self.lesson.steps[self.step_index]

    def _fill_lessons(self) -> None:
        keep = self.lesson_index
        self.lessonBox.blockSignals(True)
        self.lessonBox.clear()
        progress = self.progress

        def done(lesson_id: str) -> int:
            return 0 if progress is None else len(progress.done(lesson_id))

        self.lessonBox.addItems(lesson_choices(self.lessons, done))
        self.lessonBox.setCurrentIndex(keep)
        self.lessonBox.blockSignals(False)

    def _on_lesson_chosen(self, index: int) -> None:
        if 0 <= index < len(self.lessons):
            self.start_lesson(index)

    def start_lesson(self, index: int) -> None:
        """Open lesson ``index`` at its first step not yet answered right."""
        self.lesson_index = index
        if self.lessonBox.currentIndex() != index:
            self.lessonBox.setCurrentIndex(index)
        done = self.progress.done(self.lesson.id) if self.progress is not None else frozenset()
        self.step_index = next((i for i in range(len(self.lesson.steps)) if i not in done), 0)
        self._show_step(load=True)

    def go_to_step(self, index: int) -> None:
        """Show step ``index`` of the lesson (clamped) and load its URI."""
        self.step_index = max(0, min(index, len(self.lesson.steps) - 1))
        self._show_step(load=True)

    def _done(self) -> frozenset[int]:
        """The steps of the lesson shown that were answered right."""
        return self.progress.done(self.lesson.id) if self.progress is not None else _NONE_DONE

    def _show_step(self, *, load: bool) -> None:
        view = step_view(self.lesson, self.step_index, self._done())
        self.stepLabel.setText(view.label)
        self.titleLabel.setText(view.title)
        self.textLabel.setText(view.text)
        self.uriLabel.setText(view.uri)
        self.promptLabel.setText(view.prompt)
        self.choiceBox.clear()
        self.choiceBox.addItems(list(view.choices))
        self.choiceBox.setVisible(bool(view.choices))
        self.answerField.clear()
        self.answerField.setVisible(not view.choices)
        self.answerField.setPlaceholderText(view.placeholder)
        self.pickButton.setChecked(False)
        self.pickButton.setVisible(view.pick)
        self.resultLabel.clear()
        self.previousButton.setEnabled(view.has_previous)
        self.nextButton.setEnabled(view.has_next)
        if load:
            self.uriRequested.emit(self.step.uri)
            QTimer.singleShot(0, self._highlight)

    def _show_step_label(self) -> None:
        self.stepLabel.setText(step_label(self.lesson, self.step_index, self._done()))

    def _highlight(self) -> None:
        """Mark the part the step is about: its highlight, or the character asked about
        (a component question's answer is never marked)."""
        span = highlight_span(self.step)
        if span is not None:
            self.spanRequested.emit(*span)

    # -- answering ------------------------------------------------------------------------
    def _arm(self, on: bool) -> None:
        self.armed = on
        if on:
            self.resultLabel.setText("Click the part in the URI field above.")

    def check_answer(self) -> None:
        """Judge what was typed or picked."""
        q = self.step.question
        self._judge(self.choiceBox.currentText() if q.choices else self.answerField.text())

    def _judge(self, given: str | int) -> None:
        verdict = judge(self.step, given)
        self.resultLabel.setText(judgement_text(verdict))
        colour = (palette.readable(palette.AGREES_HUE, self.palette().color(
            self.backgroundRole())) if verdict.correct
            else palette.severity_color("danger", self.palette()))
        self.resultLabel.setStyleSheet(f"color: {colour.name()};")
        if verdict.correct and self.progress is not None:
            self.progress.mark_done(self.lesson.id, self.step_index)
            self._fill_lessons()
            self._show_step_label()

    def show_hint(self) -> None:
        """Say the step's hint."""
        self.resultLabel.setStyleSheet("")
        self.resultLabel.setText(hint_text(self.step))

    def show_answer(self) -> None:
        """Say the spec's answer (as the core computes it) and the section."""
        from uriinspector.lessons import expected

        self.resultLabel.setStyleSheet("")
        self.resultLabel.setText(answer_text(self.step, expected(self.step)))

    def export_dialog(self) -> None:
        """Ask where to save the worksheet; writes it and its answers beside it."""
        name, chosen = QFileDialog.getSaveFileName(
            self, "Export Worksheet", f"{self.lesson.id}-worksheet.md",
            "Markdown (*.md);;HTML (*.html)")
        if not name:
            return
        fmt = "html" if name.lower().endswith((".html", ".htm")) or "HTML" in chosen else "md"
        try:
            paths = self.export(Path(name), fmt)
        except OSError as exc:
            self.resultLabel.setText(f"The worksheet could not be written: {exc}")
            return
        self.resultLabel.setStyleSheet("")
        self.resultLabel.setText("Written: " + ", ".join(str(p) for p in paths))

    def export(self, path: Path, fmt: str = "md") -> tuple[Path, Path]:
        """Write the lesson's questions to ``path`` and its answers beside it
        (``name-answers.ext``); returns both paths."""
        from uriinspector.lessons import worksheet_html, worksheet_markdown

        suffix = ".html" if fmt == "html" else ".md"
        path = path if path.suffix else path.with_suffix(suffix)
        answers = path.with_name(path.stem + "-answers" + path.suffix)
        render = worksheet_html if fmt == "html" else worksheet_markdown
        path.write_text(render(self.lesson), encoding="utf-8")
        answers.write_text(render(self.lesson, answers=True), encoding="utf-8")
        return path, answers
