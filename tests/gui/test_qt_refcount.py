"""Guard for the PySide6 6.12.0 / CPython 3.11 ``None`` refcount bug (issue 2).

With that combination every *void* Qt call drops one reference to ``None``; after about
5,000 calls the process aborts with ``Fatal Python error: none_dealloc``.
``pyproject.toml`` pins ``PySide6-Essentials<6.12`` for Python < 3.12. This test makes
20,000 void calls and checks that ``sys.getrefcount(None)`` did not fall, so a bad
combination fails here (or dies here) instead of in a user's window.

(On 3.12+ ``None`` is immortal and its refcount is a constant; the test still holds.)
"""

from __future__ import annotations

import sys

import pytest
from PySide6.QtCore import QObject
from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot

CALLS = 20_000
#: A fall of a few references can be noise (a cache freed a tuple holding None); the
#: bug costs one reference per call, i.e. thousands here.
NOISE = 100


def test_void_qt_calls_keep_none_alive(qtbot: QtBot) -> None:
    widget = QWidget()
    qtbot.addWidget(widget)
    label = QLabel(widget)
    obj = QObject()
    texts = [f"label {i}" for i in range(16)]
    for _ in range(200):  # warm-up: method caches, interned strings
        widget.setEnabled(True)
    before = sys.getrefcount(None)
    for i in range(CALLS // 4):
        widget.setEnabled(bool(i & 1))  # void: returns None
        label.setText(texts[i & 15])  # void
        obj.setObjectName(texts[i & 15])  # void
        widget.setToolTip(texts[i & 15])  # void
    after = sys.getrefcount(None)
    fall = before - after
    assert fall < NOISE, (
        f"sys.getrefcount(None) fell by {fall} over {CALLS} void Qt calls: this is the "
        f"PySide6 6.12.0 / CPython {sys.version_info[0]}.{sys.version_info[1]} bug; keep "
        "PySide6-Essentials<6.12 on Python < 3.12 (pyproject.toml)"
    )


def test_installed_combination_is_the_pinned_one() -> None:
    """The environment honours the pin: 6.12+ only with Python 3.12+."""
    import PySide6

    major, minor = (int(x) for x in PySide6.__version__.split(".")[:2])
    if sys.version_info < (3, 12) and (major, minor) >= (6, 12):
        pytest.fail(f"PySide6 {PySide6.__version__} on Python {sys.version.split()[0]}")
