"""The Lessons pane's content (``gui/panes/lesson_rows.py``), built without Qt from the
shipped lessons and a lesson file with hostile URIs: the picker's rows, a step's texts
and answer widgets, what is highlighted, and the answers' words."""

from __future__ import annotations

import json
from dataclasses import replace

from tests.qt_free import HOSTILE, run_without_pyside6
from uriinspector.gui.panes.lesson_rows import (
    ANSWERED_MARK,
    PICK_PLACEHOLDER,
    TEXT_LIMIT,
    TYPE_PLACEHOLDER,
    answer_text,
    given_text,
    highlight_span,
    hint_text,
    judgement_text,
    lesson_choices,
    step_view,
)
from uriinspector.lessons import Lesson, expected, judge, lessons, parse_lesson


def _lesson(lesson_id: str) -> Lesson:
    return next(lesson for lesson in lessons() if lesson.id == lesson_id)


def _hostile() -> Lesson:
    """A lesson file as a teacher might write one, with hostile URIs in it."""
    def step(uri: str, question: dict[str, object], highlight: str | None = None
             ) -> dict[str, object]:
        out: dict[str, object] = {"title": "<b>Read</b> it", "section": "RFC 3986 §3",
                                  "text": "What is <i>this</i>?", "uri": uri,
                                  "question": question}
        if highlight is not None:
            out["highlight"] = highlight
        return out
    q = {"prompt": "Which host?", "answer": "x", "hint": "After '@'."}
    lesson = parse_lesson(json.dumps({"id": "hostile", "title": "Hostile <b>links</b>",
                                      "summary": "Read them.", "steps": [
        step(HOSTILE["userinfo"], {**q, "kind": "host"}, highlight="userinfo"),
        step(HOSTILE["lookalike"], {**q, "kind": "component", "component": "host"},
             highlight="host"),
        step(HOSTILE["emoji"], {**q, "kind": "resolve", "base": HOSTILE["surrogate"],
                                "reference": "<b>x</b>", "rules": "rfc2396"}),
        step(HOSTILE["surrogate"], {**q, "kind": "rung", "other": HOSTILE["emoji"],
                                    "choices": ["case", "none"]}),
        step("x", {**q, "kind": "char-class", "index": 0, "choices": ["unreserved"]}),
    ]}, ensure_ascii=True))
    # a file cannot give an empty URI; the pane must still show one
    last = replace(lesson.steps[-1], uri=HOSTILE["empty"])
    return replace(lesson, steps=(*lesson.steps[:-1], last))


def test_the_picker_rows_count_the_steps_answered() -> None:
    shipped = lessons()
    done = {"components": 2, "phishing": 6}
    rows = lesson_choices(shipped, lambda lesson_id: done.get(lesson_id, 0))
    assert rows[0] == "The parts of a URI  (2/6 done)"
    assert rows[[lesson.id for lesson in shipped].index("phishing")].endswith("(6/6 done)")
    assert lesson_choices([_hostile()], lambda _id: 0) == ["Hostile <b>links</b>  (0/5 done)"]


def test_a_component_step_asks_for_a_click_and_highlights_nothing() -> None:
    lesson = _lesson("components")
    view = step_view(lesson, 0, {0})
    assert view.label == f"Step 1 of 6 · {lesson.steps[0].section}{ANSWERED_MARK}"
    assert view.uri == "URI: foo://example.com:8042/over/there?name=ferret#nose"
    assert view.choices == () and view.pick and view.placeholder == PICK_PLACEHOLDER
    assert not view.has_previous and view.has_next
    assert highlight_span(lesson.steps[0]) is None  # never the answer of a click question
    last = step_view(lesson, 5, frozenset())
    assert last.has_previous and not last.has_next and ANSWERED_MARK not in last.label


def test_a_character_step_marks_its_character_and_offers_choices() -> None:
    lesson = _lesson("characters")
    step = lesson.steps[0]
    view = step_view(lesson, 0, ())
    assert view.choices and not view.pick and view.placeholder == TYPE_PLACEHOLDER
    assert highlight_span(step) == (19, 20) and step.uri[19] == "~"


def test_a_resolve_step_gives_the_base_and_reference_and_the_rules() -> None:
    lesson = _lesson("resolution")
    assert step_view(lesson, 0, ()).prompt.endswith(
        f"\nBase: {lesson.steps[0].question.base}\nReference: "
        f"{lesson.steps[0].question.reference}")
    assert "\nRules: rfc2396" in step_view(lesson, 5, ()).prompt
    assert answer_text(lesson.steps[0], expected(lesson.steps[0])) == (
        f"The answer: http://a/b/c/g ({lesson.steps[0].section}).")


def test_hostile_uris_are_shown_with_hidden_characters_visible() -> None:
    lesson = _hostile()
    host = step_view(lesson, 0, ())
    assert host.uri == f"URI: {HOSTILE['userinfo']}"
    assert host.title == "<b>Read</b> it"  # labels are plain text: shown as written
    assert highlight_span(lesson.steps[0]) == (7, 30)  # the userinfo, by the split
    assert highlight_span(lesson.steps[1]) is None  # a component question's host
    resolve = step_view(lesson, 2, ())
    assert resolve.uri == "URI: http://\U0001f600example.com/"
    assert resolve.prompt == ("Which host?\nBase: http://exa⟨U+D800⟩mple.com/\n"
                              "Reference: <b>x</b>\nRules: rfc2396")
    rung = step_view(lesson, 3, ())
    assert rung.uri == "URI: http://exa⟨U+D800⟩mple.com/"
    assert rung.prompt == "Which host?\nThe other URI: http://\U0001f600example.com/"
    assert rung.choices == ("case", "none")
    empty = step_view(lesson, 4, ())
    assert empty.uri == "URI: " and highlight_span(lesson.steps[4]) == (0, 1)
    assert given_text(lesson.steps[4].question) == ""


def test_the_words_of_a_judgement_a_hint_and_an_answer() -> None:
    lesson = _lesson("phishing")
    step = lesson.steps[0]
    right = judge(step, "10.0.0.1")
    assert right.correct and judgement_text(right) == right.message
    wrong = judge(step, "www.example.com\u202e")
    assert not wrong.correct and "\u202e" not in judgement_text(wrong)
    assert hint_text(step) == "Hint: " + step.question.hint
    assert answer_text(step, "") == f"The answer: (empty) ({step.section})."
    assert answer_text(step, "a\ud800") == f"The answer: a⟨U+D800⟩ ({step.section})."
    long = judgement_text(judge(step, "x" * 5000))
    assert len(long) <= TEXT_LIMIT + 1


def test_rows_are_built_with_pyside6_unimportable() -> None:
    out = run_without_pyside6(
        "from uriinspector.gui.panes.lesson_rows import highlight_span, step_view\n"
        "from uriinspector.lessons import lessons\n"
        "lesson = next(x for x in lessons() if x.id == 'characters')\n"
        "print(step_view(lesson, 0, {0}).label.endswith('answered'),"
        " highlight_span(lesson.steps[0]))\n")
    assert out.strip() == "True (19, 20)"
