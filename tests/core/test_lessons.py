"""Lessons: every step answered right and wrong, and every answer checked by the core.

A lesson may never teach what the core disagrees with: the spec's answer stored in the
data must equal what the core computes (split, resolve, the character tables, compare,
analyze, parse, normalize) for every step of every shipped lesson.
"""

from __future__ import annotations

import re

import pytest

from uriinspector.lessons import (
    LessonError,
    component_span,
    expected,
    judge,
    lessons,
    parse_lesson,
    worksheet_html,
    worksheet_markdown,
)
from uriinspector.lessons.model import QUESTION_KINDS, Step

STEPS = [(lesson, n, step) for lesson in lessons() for n, step in enumerate(lesson.steps, 1)]
IDS = [f"{lesson.id}-{n}" for lesson, n, _ in STEPS]


def test_the_six_lessons_ship_in_order() -> None:
    assert [lesson.id for lesson in lessons()] == [
        "components", "characters", "resolution", "normalization", "editions", "phishing"]
    assert all(len(lesson.steps) >= 5 for lesson in lessons())


def test_every_question_kind_is_used() -> None:
    assert {step.question.kind for _, _, step in STEPS} == set(QUESTION_KINDS)


@pytest.mark.parametrize(("lesson", "n", "step"), STEPS, ids=IDS)
def test_the_spec_answer_is_the_core_answer(lesson: object, n: int, step: Step) -> None:
    assert expected(step) == step.question.answer, f"{step.section}: {step.title}"
    assert re.match(r"(RFC \d+|draft-\d{4}|UTS)", step.section), step.section


@pytest.mark.parametrize(("lesson", "n", "step"), STEPS, ids=IDS)
def test_each_step_judged_right_and_wrong(lesson: object, n: int, step: Step) -> None:
    q = step.question
    if q.kind == "component":
        span = component_span(step.uri, q.component or "")
        assert span is not None and span.end > span.start
        assert judge(step, span.start).correct and judge(step, span.end - 1).correct
        outside = span.start - 1 if span.start > 0 else span.end
        assert not judge(step, outside).correct
        assert judge(step, step.uri[span.start:span.end]).correct  # typed instead of clicked
    else:
        assert judge(step, f"  {q.answer} ").correct
        right = judge(step, q.answer)
        assert right.message.startswith("Right") and step.section in right.message
    wrong = judge(step, "definitely-not-the-answer")
    assert not wrong.correct and q.hint in wrong.message and wrong.expected == expected(step)
    if q.choices:
        assert q.answer in q.choices
        others = [c for c in q.choices if c != q.answer]
        assert others and not judge(step, others[0]).correct


@pytest.mark.parametrize(("lesson", "n", "step"), STEPS, ids=IDS)
def test_a_character_named_in_the_prompt_is_the_one_asked_about(
    lesson: object, n: int, step: Step
) -> None:
    q = step.question
    if q.kind == "char-class":
        assert q.index is not None
        named = re.search(r"'(.)'", q.prompt) or re.search(r"the (space)", q.prompt)
        assert named is not None
        char = " " if named.group(1) == "space" else named.group(1)
        assert step.uri[q.index] == char


def test_host_answers_ignore_case_and_a_final_dot() -> None:
    step = next(s for _, _, s in STEPS if s.question.kind == "host")
    assert judge(step, step.question.answer.upper() + ".").correct


def test_worksheet_keeps_questions_and_answers_apart() -> None:
    for lesson in lessons():
        sheet = worksheet_markdown(lesson)
        key = worksheet_markdown(lesson, answers=True)
        assert sheet.startswith(f"# {lesson.title}\n") and "Answer:" not in sheet
        assert key.count("Answer: ") == len(lesson.steps)
        for step in lesson.steps:
            assert step.question.prompt in sheet
        html_sheet = worksheet_html(lesson)
        assert "<script" not in html_sheet.lower() and "Answer:" not in html_sheet
        assert worksheet_html(lesson, answers=True).count("Answer: ") == len(lesson.steps)


def test_worksheet_shows_hidden_characters_and_escapes_html() -> None:
    phishing = next(lesson for lesson in lessons() if lesson.id == "phishing")
    assert "\u202e" not in worksheet_markdown(phishing)
    assert "⟨U+202E⟩" in worksheet_markdown(phishing)
    evil = parse_lesson('{"id": "x", "title": "<b>t</b>", "summary": "<i>s</i>", "steps": ['
                        '{"title": "<img src=x onerror=alert(1)>", "section": "RFC 3986 §3",'
                        ' "text": "t", "uri": "http://a/<script>", "question": {"kind": "host",'
                        ' "prompt": "p", "answer": "a", "hint": "h"}}]}')
    page = worksheet_html(evil)
    assert "<script>" not in page and "<img" not in page and "&lt;img" in page


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[]",
        '{"id": "x", "title": "t", "summary": "s", "steps": []}',
        '{"id": "x", "title": "t", "summary": "s", "steps": [{"title": "a"}]}',
        '{"id": "x", "title": "t", "summary": "s", "steps": [{"title": "a", "section": "b",'
        ' "text": "c", "uri": "d", "question": {"kind": "guess", "prompt": "p",'
        ' "answer": "a", "hint": "h"}}]}',
    ],
)
def test_a_malformed_lesson_is_refused_with_a_reason(text: str) -> None:
    with pytest.raises(LessonError):
        parse_lesson(text, "bad.json")
