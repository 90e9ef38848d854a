"""The Lessons pane's content, Qt-free: the lesson picker's rows, and what one step shows
(its number and section, text, URI, question, answer widgets, what to highlight).

Built from ``uriinspector.lessons`` (the lessons, and the core's judgement of each
answer) and the set of steps answered right; ``lessons.LessonsPane`` only puts these
texts into its labels and boxes. A URI and a given base or reference are input: their
hidden characters are made visible.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, NamedTuple

from uriinspector.gui.plain import visible_text
from uriinspector.lessons import component_span

if TYPE_CHECKING:
    from uriinspector.lessons import Judgement, Lesson, Question, Step

#: Characters of a step's URI, or of a judgement, shown.
TEXT_LIMIT = 2000
ANSWERED_MARK = "  ✓ answered"
PICK_PLACEHOLDER = "Click the part in the URI field, or type it"
TYPE_PLACEHOLDER = "Type your answer"


def lesson_choice(lesson: Lesson, done: int) -> str:
    """A lesson's row in the picker: its title and how many steps are answered."""
    return f"{lesson.title}  ({done}/{len(lesson.steps)} done)"


def lesson_choices(lessons: Sequence[Lesson], done: Callable[[str], int]) -> list[str]:
    """The picker's rows; ``done(lesson_id)`` counts a lesson's answered steps."""
    return [lesson_choice(lesson, done(lesson.id)) for lesson in lessons]


def step_label(lesson: Lesson, index: int, done: Collection[int]) -> str:
    """``Step i of n · section``, marked when step ``index`` was answered right."""
    mark = ANSWERED_MARK if index in done else ""
    return f"Step {index + 1} of {len(lesson.steps)} · {lesson.steps[index].section}{mark}"


def given_text(q: Question) -> str:
    """What the question gives besides the step's URI (a base and reference, or the
    other URI of a ladder question), a line each after the prompt."""
    if q.kind == "resolve":
        rules = f"\nRules: {q.rules}" if q.rules != "rfc3986" else ""
        return (f"\nBase: {visible_text(q.base or '')}\nReference: "
                f"{visible_text(q.reference or '')}{rules}")
    if q.kind == "rung":
        return f"\nThe other URI: {visible_text(q.other or '')}"
    return ""


class StepView(NamedTuple):
    """What the pane shows for one step."""

    label: str
    title: str
    text: str
    uri: str
    prompt: str
    choices: tuple[str, ...]  # a choice box when any, else a typed answer
    placeholder: str
    pick: bool  # the *Click in the URI Field* button
    has_previous: bool
    has_next: bool


def step_view(lesson: Lesson, index: int, done: Collection[int]) -> StepView:
    """Step ``index`` of ``lesson`` as shown (``done``: the steps answered right)."""
    step = lesson.steps[index]
    q = step.question
    return StepView(
        step_label(lesson, index, done), step.title, step.text,
        "URI: " + visible_text(step.uri, TEXT_LIMIT), q.prompt + given_text(q),
        tuple(q.choices), PICK_PLACEHOLDER if q.kind == "component" else TYPE_PLACEHOLDER,
        q.kind == "component", index > 0, index < len(lesson.steps) - 1)


def highlight_span(step: Step) -> tuple[int, int] | None:
    """The code points to mark in the URI field: the character a class question asks
    about, else the step's highlight (never a component question's answer)."""
    q = step.question
    if q.kind == "char-class" and q.index is not None:
        return (q.index, q.index + 1)
    if step.highlight is not None and q.kind != "component":
        span = component_span(step.uri, step.highlight)
        if span is not None:
            return (span.start, span.end)
    return None


def judgement_text(verdict: Judgement) -> str:
    """What the pane says about an answer (its colour follows ``verdict.correct``)."""
    return visible_text(verdict.message, TEXT_LIMIT)


def hint_text(step: Step) -> str:
    """The step's hint."""
    return "Hint: " + step.question.hint


def answer_text(step: Step, answer: str) -> str:
    """The spec's answer (``lessons.expected``) and the section it comes from."""
    return f"The answer: {visible_text(answer) or '(empty)'} ({step.section})."
