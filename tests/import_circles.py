"""Measure the package's structure: import circles, and file and function sizes.

``python tests/import_circles.py`` prints every import circle between modules of
``uriinspector`` (one per line; nothing when there is none) and exits 1 if there is
one. Every import counts as an edge: deferred (inside a function) and
``TYPE_CHECKING`` ones too, since a seam drawn wrong is wrong whenever it is crossed.
``--sizes DIR`` prints the files over 600 lines and the functions over 80 lines under
``DIR`` instead. ``tests/test_structure.py`` asserts both.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_FILE_LINES = 600
MAX_FUNCTION_LINES = 80


def _modules(package: Path) -> dict[str, Path]:
    """Dotted module name -> file, for every module under ``package``."""
    mods: dict[str, Path] = {}
    for f in package.rglob("*.py"):
        parts = list(f.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        mods[".".join(parts)] = f
    return mods


def import_graph(package: Path) -> dict[str, set[str]]:
    """Module -> the package's modules it imports (a parent package is no edge)."""
    mods = _modules(package)

    def owner(name: str) -> str:
        while name and name not in mods:
            name = name.rpartition(".")[0]
        return name

    graph: dict[str, set[str]] = {m: set() for m in mods}
    for m, f in mods.items():
        is_pkg = f.name == "__init__.py"
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    here = m.split(".") if is_pkg else m.split(".")[:-1]
                    kept = here[: len(here) - node.level + 1]
                    base = ".".join(kept + ([base] if base else []))
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base
                           for a in node.names]
            for t in targets:
                r = owner(t)
                if r and r != m and not m.startswith(r + "."):
                    graph[m].add(r)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp: list[str] = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def oversized(directory: Path) -> list[str]:
    """Files over ``MAX_FILE_LINES`` lines and functions over ``MAX_FUNCTION_LINES``."""
    out: list[str] = []
    for f in sorted(directory.rglob("*.py")):
        shown = f.relative_to(ROOT) if f.is_relative_to(ROOT) else f
        text = f.read_text(encoding="utf-8")
        lines = text.count("\n")
        if lines > MAX_FILE_LINES:
            out.append(f"{shown}: {lines} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                if size > MAX_FUNCTION_LINES:
                    out.append(f"{shown}:{node.lineno} {node.name}: {size} lines")
    return out


def main(argv: list[str]) -> int:
    """Print the circles (or, with ``--sizes DIR``, what is too long); 1 if any."""
    if argv[:1] == ["--sizes"]:
        problems = [p for d in argv[1:] or ["uriinspector/gui"] for p in oversized(ROOT / d)]
    else:
        problems = [" <-> ".join(c) for c in circles(import_graph(ROOT / "uriinspector"))]
    for line in problems:
        print(line)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
