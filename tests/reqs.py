"""Requirement traceability: the numbered requirements of RFC 2396 and who cites them.

The 47 IDs are data of the project (``tests/data/requirements-2396-ids.json``: each ID
with a short title of ours), so the trace works in any clone. They were taken from
``requirements-uri-2396.txt`` ("## 3.2.2-2" headers) in the spec set, and
``tests/core/test_requirements.py`` checks they still match it wherever the spec texts
are present (tests/specs.py). Tests cite them with ``@pytest.mark.req("3.2.2-2")``,
found here by an AST scan.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

#: The IDs and titles, shipped with the tests.
REQUIREMENTS_DATA = Path(__file__).resolve().parent / "data" / "requirements-2396-ids.json"
#: The spec file the IDs come from (in the spec set, see tests/specs.py).
REQUIREMENTS_SPEC = "requirements-uri-2396.txt"

_HEADER = re.compile(r"^##\s+(\S+)\s*$", re.MULTILINE)


def requirements() -> list[tuple[str, str]]:
    """``(ID, short title)`` in the spec's order, from the project's data file."""
    data = json.loads(REQUIREMENTS_DATA.read_text(encoding="utf-8"))
    return [(str(r["id"]), str(r["title"])) for r in data["requirements"]]


def load_requirement_ids() -> list[str]:
    """The requirement IDs in order, e.g. ``["1.3-1", ..., "6-3"]`` (no spec text needed)."""
    return [req_id for req_id, _title in requirements()]


def spec_requirement_ids(text: str) -> list[str]:
    """The IDs of a requirements spec file's text, in file order."""
    return _HEADER.findall(text)


def _req_ids(decorator: ast.expr) -> list[str]:
    """The string arguments of a ``pytest.mark.req(...)`` decorator, else []."""
    if not isinstance(decorator, ast.Call):
        return []
    func = decorator.func
    if not (isinstance(func, ast.Attribute) and func.attr == "req"):
        return []
    mark = func.value
    if not (isinstance(mark, ast.Attribute) and mark.attr == "mark"):
        return []
    return [
        a.value for a in decorator.args if isinstance(a, ast.Constant) and isinstance(a.value, str)
    ]


def collect_citations(tests_root: Path) -> dict[str, list[str]]:
    """Map each cited requirement ID to the test functions citing it (``file::name``).

    Scans every ``test_*.py`` under ``tests_root`` for ``@pytest.mark.req("ID")`` on
    test functions (also methods of test classes).
    """
    citations: dict[str, list[str]] = {}
    for path in sorted(tests_root.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
                "test"
            ):
                for dec in node.decorator_list:
                    for req_id in _req_ids(dec):
                        name = f"{path.relative_to(tests_root).as_posix()}::{node.name}"
                        citations.setdefault(req_id, []).append(name)
    return citations
