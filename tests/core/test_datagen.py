"""The generated data modules (``uriinspector.core.datagen``) equal a fresh generation
from the installed packages (issue 22: tables derived once, not at every start-up).

A machine whose ``publicsuffixlist`` or ``confusable_homoglyphs`` is another release
than the one a module was generated from (the requirements set minimum versions, and
the list's package ships new data often) uses the package's own data instead: there the
comparison skips, naming both releases, and the other tests cover the fallback."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from uriinspector.core import datagen, domains
from uriinspector.core.findings import confusable_tables

#: Each generated module, and whether the installed package is the one it came from.
CURRENT: dict[str, Callable[[], bool]] = {
    "psl_rules.py": domains.psl_rules_current,
    "confusable_data.py": confusable_tables.generated_current,
    # made from the project's own lists: never another release, so always compared
    # (an edited list without a regenerated module fails here)
    "findings/wellknown_index.py": lambda: True,
}


def test_every_generated_module_has_its_guard() -> None:
    assert set(CURRENT) == set(datagen.MODULES)


def _skip_unless_current(name: str) -> None:
    if not CURRENT[name]():
        pytest.skip(f"{name}: the installed package is another release (its own data is used)")


@pytest.mark.parametrize("name", sorted(datagen.MODULES))
def test_shipped_module_equals_fresh_generation(name: str) -> None:
    _skip_unless_current(name)
    shipped = (datagen.HERE / name).read_text(encoding="utf-8")
    assert shipped == datagen.MODULES[name](), (
        f"{name} is stale: run python -m uriinspector.core.datagen"
    )


def test_check_mode_reports_nothing_stale(capsys: pytest.CaptureFixture[str]) -> None:
    for name in CURRENT:
        _skip_unless_current(name)
    assert datagen.main(["--check"]) == 0
    assert capsys.readouterr().out == ""
