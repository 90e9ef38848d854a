"""Lessons built from the specifications' own examples, each answer checked by the core."""

from uriinspector.lessons.checks import component_span, expected, judge
from uriinspector.lessons.load import LessonError, lessons, parse_lesson
from uriinspector.lessons.model import Judgement, Lesson, Question, Step
from uriinspector.lessons.worksheet import worksheet_html, worksheet_markdown

__all__ = [
    "Judgement", "Lesson", "LessonError", "Question", "Step", "component_span", "expected",
    "judge", "lessons", "parse_lesson", "worksheet_html", "worksheet_markdown",
]
