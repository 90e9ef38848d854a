"""Opt-in switch to the mypyc build of the core (``make compiled``), checked against the source.

``make compiled`` copies this file into the venv's site-packages with a ``.pth`` line
that imports it at start-up. Only when ``URIINSPECTOR_COMPILED=1`` is set, and only when
the build's recorded digest of the source tree still matches the tree, does it put the
build's ``uriinspector`` package first; otherwise (no build, a stale one, the variable
unset) nothing changes and the pure-Python package in the source tree is imported.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

ENV = "URIINSPECTOR_COMPILED"
#: Where ``make compiled`` puts the build, under the venv.
BUILD_DIR = "uriinspector-compiled"
#: The source folders a build is made from (``resources`` ships as ``uriinspector.resources``).
SOURCES = ("uriinspector", "resources")


def source_digest(root: Path) -> str:
    """SHA-256 over the names and bytes of the source files a build copies."""
    digest = hashlib.sha256()
    for folder in SOURCES:
        for path in sorted((root / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".so":
                digest.update(path.relative_to(root).as_posix().encode() + b"\0")
                digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


class CompiledFirst:
    """A meta-path finder that finds the top-level ``uriinspector`` package in the build
    (its submodules then come from the build's folder, compiled or not)."""

    def __init__(self, build: Path) -> None:
        self.build = str(build)

    def find_spec(
        self, name: str, path: Sequence[str] | None = None, target: object = None
    ) -> importlib.machinery.ModuleSpec | None:
        """The build's spec for ``uriinspector``; None for every other name."""
        if name != "uriinspector":
            return None
        return importlib.machinery.PathFinder.find_spec(name, [self.build])


def activate(build: Path) -> str:
    """Put ``build`` first if it is complete and made from the current source; say why not."""
    try:
        meta = json.loads((build / "build.json").read_text(encoding="utf-8"))
        source = Path(meta["source"])
        recorded = str(meta["digest"])
    except (OSError, ValueError, KeyError, TypeError):
        return f"no compiled build in {build} (run make compiled); using the pure-Python package"
    if not (build / "uriinspector" / "__init__.py").is_file():
        return f"the compiled build in {build} is incomplete; using the pure-Python package"
    if source_digest(source) != recorded:
        return ("the compiled build is older than the source (run make compiled again); "
                "using the pure-Python package")
    sys.meta_path.insert(0, CompiledFirst(build))
    sys.path.append(str(build))  # the build's shared mypyc runtime module sits there
    return ""


if os.environ.get(ENV) == "1":
    _why = activate(Path(sys.prefix) / BUILD_DIR)
    if _why:
        print(f"{ENV}=1: {_why}", file=sys.stderr)
