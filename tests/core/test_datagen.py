"""The generated data modules (``uriinspector.core.datagen``) equal a fresh generation
from the installed packages (issue 22: tables derived once, not at every start-up)."""

from __future__ import annotations

import pytest

from uriinspector.core import datagen


@pytest.mark.parametrize("name", sorted(datagen.MODULES))
def test_shipped_module_equals_fresh_generation(name: str) -> None:
    shipped = (datagen.HERE / name).read_text(encoding="utf-8")
    assert shipped == datagen.MODULES[name](), (
        f"{name} is stale: run python -m uriinspector.core.datagen"
    )


def test_check_mode_reports_nothing_stale(capsys: pytest.CaptureFixture[str]) -> None:
    assert datagen.main(["--check"]) == 0
    assert capsys.readouterr().out == ""
