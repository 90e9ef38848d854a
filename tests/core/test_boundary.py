"""The core and the CLI stay pure: no Qt, no GUI package, no network library.

Checked twice (style.md §5.6): statically, by walking every module's AST for imports
(including imports inside functions and ``TYPE_CHECKING`` blocks), and dynamically, by
importing every core module and the CLI in a fresh interpreter and looking at
``sys.modules`` (which also catches transitive imports).
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "uriinspector"
CORE = PACKAGE / "core"

#: Import roots the core and CLI must never use: Qt bindings, the window, and anything
#: that opens a socket or fetches a URL.
FORBIDDEN = (
    "PySide6",
    "PySide2",
    "shiboken6",
    "shiboken2",
    "PyQt4",
    "PyQt5",
    "PyQt6",
    "uriinspector.gui",
    "socket",
    "ssl",
    "requests",
    "httpx",
    "urllib3",
    "aiohttp",
    "urllib.request",
    "http.client",
    "ftplib",
    "smtplib",
)


SOURCES = PACKAGE / "sources"
CLI = PACKAGE / "cli"
BATCH = PACKAGE / "batch"


def _checked_files() -> list[Path]:
    # sources/ (mail, HTML, QR, .msg) sits on core and beside it, batch/ on both, the
    # CLI (cli/) on all three: no Qt, no network either.
    return [
        *sorted(CORE.rglob("*.py")),
        *sorted(CLI.rglob("*.py")),
        *sorted(BATCH.rglob("*.py")),
        *sorted(SOURCES.rglob("*.py")),
    ]


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve_relative(module: str, node: ast.ImportFrom, is_package: bool) -> str:
    base = module.split(".") if is_package else module.split(".")[:-1]
    if node.level > 1:
        base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def imported_names(path: Path) -> list[tuple[int, str]]:
    """Every module name imported anywhere in ``path`` (absolute form), with its line.

    ``from x import y`` yields both ``x`` and ``x.y`` so ``from urllib import request``
    and ``from uriinspector import gui`` are caught.
    """
    return imports_in(
        path.read_text(encoding="utf-8"), _module_name(path), path.name == "__init__.py"
    )


#: Prefix marking a name imported by ``importlib.import_module``/``__import__``.
DYNAMIC = "dynamic:"


def imports_in(source: str, module: str, is_package: bool = False) -> list[tuple[int, str]]:
    """``imported_names`` for a source text that stands as module ``module``."""
    tree = ast.parse(source)
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            name = (
                _resolve_relative(module, node, is_package) if node.level else (node.module or "")
            )
            out.append((node.lineno, name))
            out += [(node.lineno, f"{name}.{alias.name}") for alias in node.names]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute | ast.Name)
            and (getattr(node.func, "attr", None) or getattr(node.func, "id", None))
            in ("import_module", "__import__")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            out.append((node.lineno, DYNAMIC + node.args[0].value))
    return out


#: Lazy hand-overs allowed as ``importlib.import_module("...")`` inside a function, never
#: as an import statement: ``uriinspector open`` launches the window (cli/open.py). The
#: subprocess test below proves they are not imported when the CLI is.
LAZY_HANDOVERS = {("uriinspector/cli/open.py", "uriinspector.gui.app")}


def _is_forbidden(name: str) -> str | None:
    for root in FORBIDDEN:
        if name == root or name.startswith(root + "."):
            return root
    return None


def test_the_checked_tree_is_there() -> None:
    files = _checked_files()
    assert (CORE / "split.py") in files and (CLI / "__init__.py") in files
    assert (BATCH / "protocol.py") in files
    assert len(files) >= 10


@pytest.mark.parametrize("path", _checked_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_forbidden_import(path: Path) -> None:
    rel = str(path.relative_to(ROOT))
    bad = []
    for line, entry in imported_names(path):
        name = entry.removeprefix(DYNAMIC)
        root = _is_forbidden(name)
        if root and not (entry.startswith(DYNAMIC) and (rel, name) in LAZY_HANDOVERS):
            bad.append(f"{rel}:{line}: imports {name} ({root})")
    assert not bad, "\n".join(bad)


#: The packages that sit on the core: it imports none of them.
ABOVE_CORE = ("uriinspector.sources", "uriinspector.cli", "uriinspector.batch")


@pytest.mark.parametrize("path", sorted(CORE.rglob("*.py")), ids=lambda p: p.name)
def test_core_never_imports_sources(path: Path) -> None:
    """Layers point down: sources/ and batch/ use core, core never reaches up (style §6)."""
    bad = [
        f"{path.relative_to(ROOT)}:{line}: imports {name}"
        for line, name in imported_names(path)
        if name.removeprefix(DYNAMIC).startswith(ABOVE_CORE)
    ]
    assert not bad, "\n".join(bad)


def test_the_walker_catches_every_import_form() -> None:
    """The static check itself: absolute, from, relative, nested and dynamic imports."""
    source = (
        "import PySide6.QtCore\n"
        "from shiboken6 import Shiboken\n"
        "from ..gui import window\n"
        "from urllib import request\n"
        "def f():\n    import http.client\n"
        "import importlib\nimportlib.import_module('socket')\n"
        "from . import split\n"
    )
    names = [n.removeprefix(DYNAMIC) for _, n in imports_in(source, "uriinspector.core.probe")]
    roots = {_is_forbidden(n) for n in names} - {None}
    assert roots == {
        "PySide6",
        "shiboken6",
        "uriinspector.gui",
        "urllib.request",
        "http.client",
        "socket",
    }
    assert "uriinspector.core.split" in names


_PROBE = r"""
import importlib, json, pkgutil, sys
import uriinspector.core as core
names = []
for info in pkgutil.walk_packages(core.__path__, core.__name__ + "."):
    importlib.import_module(info.name)
    names.append(info.name)
import uriinspector.cli
names.append("uriinspector.cli")
import uriinspector.sources as sources
for info in pkgutil.walk_packages(sources.__path__, sources.__name__ + "."):
    importlib.import_module(info.name)
    names.append(info.name)
import uriinspector.cli as cli
import uriinspector.batch as batch
for package in (cli, batch):
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        importlib.import_module(info.name)
        names.append(info.name)
# The lazy libraries of sources/ too: reading an image and a .msg must not pull in Qt.
sources.read_codes(b"\x89PNG\r\n\x1a\n")
sources.extract_msg_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(600))
bad = sorted(m for m in sys.modules
             if m.split(".")[0].startswith(("PySide", "shiboken", "PyQt"))
             or m.startswith("uriinspector.gui"))
print(json.dumps({"imported": names, "bad": bad}))
"""


def test_core_and_cli_import_without_qt() -> None:
    """A fresh interpreter imports every core and sources module and the CLI, and reads an
    image and a .msg (zxing-cpp, Pillow, extract-msg): no Qt module loads."""
    proc = subprocess.run(
        [sys.executable, "-c", _PROBE],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert "uriinspector.core.split" in result["imported"]
    assert "uriinspector.cli" in result["imported"]
    assert "uriinspector.sources.mail" in result["imported"]
    assert result["bad"] == [], result["bad"]
