"""Where the spec texts are, for the tests that check the project against them.

The spec texts are not part of the project (a clone does not have them): they are looked
for in ``$URIINSPECTOR_SPECS``, then in ``../shared/specs`` beside the repository (where
CI and the team's worktrees have them). Every test that reads one goes through
:func:`spec_file`, which skips the test with one line saying where it looked when the
texts are absent. Nothing under ``uriinspector/`` reads them.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

import pytest

ENV = "URIINSPECTOR_SPECS"
#: The repository's root (``tests/`` is directly under it).
ROOT = Path(__file__).resolve().parents[1]
#: Beside the repository: <parent>/uriinspector (this tree) and <parent>/shared/specs.
BESIDE = ROOT.parent / "shared" / "specs"
#: A file every copy of the spec set holds: a directory without it is not the set.
MARKER = "requirements-uri-2396.txt"


@cache
def specs_dir() -> Path | None:
    """The spec directory: ``$URIINSPECTOR_SPECS`` if set, else ``../shared/specs``;
    ``None`` when that directory does not hold the spec set."""
    env = os.environ.get(ENV)
    candidate = Path(env) if env else BESIDE
    return candidate if (candidate / MARKER).is_file() else None


def missing_reason() -> str:
    """The one-line skip reason: where the spec texts were looked for."""
    env = os.environ.get(ENV)
    where = f"${ENV}={env}" if env else f"{BESIDE} (set ${ENV} to a copy)"
    return f"spec texts not found: {where}"


def spec_file(name: str) -> Path:
    """The path of spec file ``name``; skips the calling test when the texts are absent."""
    directory = specs_dir()
    if directory is None:
        pytest.skip(missing_reason())
    return directory / name


def read_spec(name: str) -> str:
    """The text of spec file ``name`` (UTF-8); skips the calling test when absent."""
    return spec_file(name).read_text(encoding="utf-8")
