"""The lessons' shape: a lesson is steps, a step shows a URI and asks one question.

Lessons are data (``resources/lessons/*.json``) built from the specifications' own
examples, each step citing its section. A question never stores the only copy of its
answer: :mod:`uriinspector.lessons.checks` asks the core for it, and the data's
``answer`` (the spec's answer) is checked against the core by the tests, so a lesson can
never teach what the core disagrees with. Qt-free: the window, the worksheet export and
the tests share it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

#: What a question asks for, and so how it is answered and judged.
QuestionKind = Literal[
    "component",  # click (or name) the component the prompt asks for
    "resolve",  # type the target of base + reference (RFC 3986 §5.2 or a named rule set)
    "char-class",  # pick the class of one character under an edition
    "rung",  # pick the lowest ladder rung at which two URIs are equal (RFC 3986 §6.2)
    "host",  # type the host a browser would really contact
    "valid",  # say whether the URI is valid under an edition
    "normalized",  # type the scheme-based normal form (RFC 3986 §6.2.3)
    "finding",  # pick the trick the link uses (a finding code)
]
QUESTION_KINDS: tuple[QuestionKind, ...] = (
    "component", "resolve", "char-class", "rung", "host", "valid", "normalized", "finding",
)


@dataclass(frozen=True, slots=True)
class Question:
    """One question of a step: what it asks, its choices, a hint, and the spec's answer."""

    kind: QuestionKind
    prompt: str
    answer: str
    hint: str
    choices: tuple[str, ...] = ()
    component: str | None = None
    index: int | None = None
    edition: str = "rfc3986"
    base: str | None = None
    reference: str | None = None
    rules: str = "rfc3986"
    other: str | None = None


@dataclass(frozen=True, slots=True)
class Step:
    """One step: the URI loaded into the window, what to read, the part to highlight."""

    title: str
    section: str
    text: str
    uri: str
    question: Question
    highlight: str | None = None
    edition: str = "rfc3986"


@dataclass(frozen=True, slots=True)
class Lesson:
    """A short lesson: an id (for remembered progress), a title, a summary and its steps."""

    id: str
    title: str
    summary: str
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class Judgement:
    """The core's verdict on an answer: right or not, the expected answer, a sentence."""

    correct: bool
    expected: str
    message: str
