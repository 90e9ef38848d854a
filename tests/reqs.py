"""Requirement traceability: the numbered requirements of RFC 2396 and who cites them.

The IDs come from shared/specs/requirements-uri-2396.txt ("## 3.2.2-2" headers);
tests cite them with ``@pytest.mark.req("3.2.2-2")``, found here by an AST scan.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

#: The repository is cloned beside ``shared/``: <root>/main/tests/reqs.py -> <root>/shared.
SPECS = Path(__file__).resolve().parents[1].parent / "shared" / "specs"
REQUIREMENTS_FILE = SPECS / "requirements-uri-2396.txt"

_HEADER = re.compile(r"^##\s+(\S+)\s*$", re.MULTILINE)


def load_requirement_ids(path: Path = REQUIREMENTS_FILE) -> list[str]:
    """The requirement IDs in file order, e.g. ``["1.3-1", ..., "6-3"]``."""
    return _HEADER.findall(path.read_text(encoding="utf-8"))


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
