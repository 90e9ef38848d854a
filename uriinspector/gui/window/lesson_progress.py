"""Which lesson steps the learner has answered right, kept in the settings file.

The Lessons pane asks this part (its ``lesson-progress`` need) instead of the settings:
it records a step as done and saves the file atomically (``gui/settings.py``); a save
that fails is said in the status bar, never raised.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from uriinspector.gui.settings import Settings


class LessonProgress:
    """Done steps per lesson id, read from and written to ``settings``."""

    def __init__(self, settings: Settings, status: Callable[[str], None]) -> None:
        self._settings = settings
        self._status = status

    def done(self, lesson: str) -> frozenset[int]:
        """The 0-based indexes of the steps of ``lesson`` answered right so far."""
        return frozenset(self._settings.lessons.get(lesson, ()))

    def mark_done(self, lesson: str, step: int) -> None:
        """Record step ``step`` of ``lesson`` as answered right, and save."""
        steps = set(self._settings.lessons.get(lesson, ()))
        if step in steps:
            return
        steps.add(step)
        self._settings.lessons[lesson] = sorted(steps)
        problem = self._settings.save()
        if problem:
            self._status(problem)

    def reset(self, lesson: str) -> None:
        """Forget the progress of ``lesson``, and save."""
        if self._settings.lessons.pop(lesson, None) is not None:
            problem = self._settings.save()
            if problem:
                self._status(problem)
