"""Reading the lessons from ``resources/lessons/*.json`` (shipped in the wheel).

Each file is one lesson; files are read in name order (``01-components.json`` first).
A malformed file is a :class:`LessonError` naming the file and the field: a packaging or
editing mistake that the tests catch, never something a user's input can cause.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from typing import Any, cast

from uriinspector.lessons.model import QUESTION_KINDS, Lesson, Question, QuestionKind, Step

__all__ = ["LessonError", "lessons", "parse_lesson"]


class LessonError(ValueError):
    """A lesson file is malformed."""


def _str(obj: dict[str, Any], key: str, where: str, default: str | None = None) -> str:
    value = obj.get(key, default)
    if not isinstance(value, str) or (default is None and not value and key != "uri"):
        raise LessonError(f"{where}: {key!r} must be a non-empty string")
    return value


def _opt(obj: dict[str, Any], key: str, where: str) -> str | None:
    value = obj.get(key)
    if value is not None and not isinstance(value, str):
        raise LessonError(f"{where}: {key!r} must be a string")
    return value


def _question(obj: object, where: str) -> Question:
    if not isinstance(obj, dict):
        raise LessonError(f"{where}: the question must be an object")
    kind = obj.get("kind")
    if kind not in QUESTION_KINDS:
        raise LessonError(f"{where}: unknown question kind {kind!r}")
    choices = obj.get("choices", [])
    if not isinstance(choices, list) or not all(isinstance(c, str) for c in choices):
        raise LessonError(f"{where}: 'choices' must be a list of strings")
    index = obj.get("index")
    if index is not None and (not isinstance(index, int) or index < 0):
        raise LessonError(f"{where}: 'index' must be a code-point index")
    return Question(
        kind=cast(QuestionKind, kind),
        prompt=_str(obj, "prompt", where),
        answer=_str(obj, "answer", where),
        hint=_str(obj, "hint", where),
        choices=tuple(choices),
        component=_opt(obj, "component", where),
        index=index,
        edition=_str(obj, "edition", where, "rfc3986"),
        base=_opt(obj, "base", where),
        reference=_opt(obj, "reference", where),
        rules=_str(obj, "rules", where, "rfc3986"),
        other=_opt(obj, "other", where),
    )


def parse_lesson(text: str, where: str = "lesson") -> Lesson:
    """One lesson from its JSON text; raises :class:`LessonError` when malformed."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise LessonError(f"{where}: not JSON ({exc})") from exc
    if not isinstance(data, dict) or not isinstance(data.get("steps"), list):
        raise LessonError(f"{where}: a lesson is an object with a list of 'steps'")
    steps = []
    for i, step in enumerate(data["steps"], 1):
        at = f"{where} step {i}"
        if not isinstance(step, dict):
            raise LessonError(f"{at}: a step must be an object")
        steps.append(Step(
            title=_str(step, "title", at),
            section=_str(step, "section", at),
            text=_str(step, "text", at),
            uri=_str(step, "uri", at),
            question=_question(step.get("question"), at),
            highlight=_opt(step, "highlight", at),
            edition=_str(step, "edition", at, "rfc3986"),
        ))
    if not steps:
        raise LessonError(f"{where}: a lesson needs at least one step")
    return Lesson(_str(data, "id", where), _str(data, "title", where),
                  _str(data, "summary", where), tuple(steps))


@cache
def lessons() -> tuple[Lesson, ...]:
    """Every shipped lesson, in file-name order."""
    folder = files("uriinspector.resources").joinpath("lessons")
    found = sorted((p for p in folder.iterdir() if p.name.endswith(".json")),
                   key=lambda p: p.name)
    return tuple(parse_lesson(p.read_text(encoding="utf-8"), p.name) for p in found)
