"""The optional mypyc build (make compiled) never replaces the pure-Python package unasked.

No compiler is needed here: these check the fallback, not the build.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
HOOK = ROOT / "packaging" / "uriinspector_compiled.py"


def load_hook(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The start-up hook as a module, loaded with the switch off (so loading does nothing)."""
    monkeypatch.delenv("URIINSPECTOR_COMPILED", raising=False)
    spec = importlib.util.spec_from_file_location("hook_under_test", HOOK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_without_the_switch_the_core_is_the_pure_python_source() -> None:
    env = {k: v for k, v in os.environ.items() if k != "URIINSPECTOR_COMPILED"}
    code = (
        "import uriinspector.core.analysis as a, uriinspector.core.spans as s, "
        "uriinspector.core.findings.spoof as f, uriinspector.core.destinations.table as t; "
        "print('|'.join(m.__file__ for m in (a, s, f, t)))"
    )
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout.strip()
    files = out.split("|")
    assert all(f.endswith(".py") for f in files), files
    assert all(Path(f).is_relative_to(ROOT / "uriinspector") for f in files), files


def test_the_switch_without_a_build_keeps_the_pure_python_package(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    hook = load_hook(monkeypatch)
    finders = list(sys.meta_path)
    why = hook.activate(tmp_path / "none")
    assert "no compiled build" in why
    assert sys.meta_path == finders


def test_a_build_older_than_the_source_is_not_used(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    hook = load_hook(monkeypatch)
    source = tmp_path / "tree"
    (source / "uriinspector").mkdir(parents=True)
    (source / "resources").mkdir()
    (source / "uriinspector" / "a.py").write_text("X = 1\n")
    build = tmp_path / "build"
    (build / "uriinspector").mkdir(parents=True)
    (build / "uriinspector" / "__init__.py").write_text("")
    meta = {"source": str(source), "digest": hook.source_digest(source)}
    (build / "build.json").write_text(json.dumps(meta))
    (source / "uriinspector" / "a.py").write_text("X = 2\n")  # edited after the build
    finders = list(sys.meta_path)
    assert "older than the source" in hook.activate(build)
    assert sys.meta_path == finders


def test_the_digest_follows_the_source_bytes(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    hook = load_hook(monkeypatch)
    (tmp_path / "uriinspector").mkdir()
    (tmp_path / "resources").mkdir()
    (tmp_path / "uriinspector" / "a.py").write_text("X = 1\n")
    first = hook.source_digest(tmp_path)
    (tmp_path / "uriinspector" / "__pycache__").mkdir()
    (tmp_path / "uriinspector" / "__pycache__" / "a.pyc").write_bytes(b"\0")
    assert hook.source_digest(tmp_path) == first  # bytecode is not source
    (tmp_path / "resources" / "b.json").write_text("{}")
    assert hook.source_digest(tmp_path) != first


def test_every_module_the_build_compiles_exists() -> None:
    tree = ast.parse((ROOT / "packaging" / "compile_core.py").read_text(encoding="utf-8"))
    modules = next(
        ast.literal_eval(node.value) for node in tree.body
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "MODULES"
    )
    assert modules
    for path in modules:
        assert (ROOT / path).exists(), path
        assert path.startswith("uriinspector/core/"), path  # the core only: never Qt
