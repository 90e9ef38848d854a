"""The contracts ship with the project (docs/contract/), identical to the shared originals.

A user's clone has no ``../shared``; the README and docs point at ``docs/contract/``. Where
the shared originals are beside the repository (CI, the team's worktrees), the shipped copies
must not drift from them; elsewhere the comparison is skipped with one line saying why.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.specs import ROOT, specs_dir

SHIPPED = ROOT / "docs" / "contract"
NAMES = ("batch-protocol.md", "site-check.md")


@pytest.mark.parametrize("name", NAMES)
def test_contract_ships_in_docs(name: str) -> None:
    text = (SHIPPED / name).read_text(encoding="utf-8")
    assert text.startswith("# `uriinspector "), f"docs/contract/{name} is not the contract"


@pytest.mark.parametrize("name", NAMES)
def test_shipped_contract_matches_the_shared_original(name: str) -> None:
    specs = specs_dir()
    original = specs.parent / "contract" / name if specs is not None else None
    if original is None or not original.is_file():
        pytest.skip(f"shared contract not found beside the repository ({name})")
    shipped = (SHIPPED / name).read_bytes()
    assert shipped == original.read_bytes(), f"docs/contract/{name} drifted from {original}"


def test_readme_points_inside_the_repository() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/contract/batch-protocol.md" in readme
    assert "docs/contract/site-check.md" in readme
    assert "shared/contract" not in readme, "a user's clone has no shared/"
    assert Path(SHIPPED / "batch-protocol.md").is_file()
