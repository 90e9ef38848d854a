"""``make compiled``: the core's hot modules compiled with mypyc into the venv, opt-in.

Copies the package to ``build/mypyc/src``, compiles :data:`MODULES` there with mypyc
(shipped with mypy), and installs the result as ``<venv>/uriinspector-compiled`` with a
``.pth`` start-up hook (``uriinspector_compiled.py``). The source tree is not touched:
the build is used only when ``URIINSPECTOR_COMPILED=1`` is set and the source has not
changed since the build; otherwise the pure-Python package runs, as without a compiler.

    .venv/bin/python packaging/compile_core.py        (what make compiled runs)
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import uriinspector_compiled as hook  # noqa: E402

#: What is compiled (paths under the package; a folder means its every module). These
#: are the profiles' hot modules that compile unchanged; core/parse.py and
#: core/characters.py do not (docs/performance.md, "Issue 22: compiling the core").
MODULES = (
    "uriinspector/core/spans.py",
    "uriinspector/core/split.py",
    "uriinspector/core/analysis.py",
    "uriinspector/core/domains.py",
    "uriinspector/core/findings",
    "uriinspector/core/destinations",
)
WORK = ROOT / "build" / "mypyc"


def missing() -> list[str]:
    """What the build needs and this machine lacks (empty when it can build)."""
    lacks = []
    if importlib.util.find_spec("mypyc") is None:
        lacks.append("mypyc (pip install mypy)")
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if not any(shutil.which(c) for c in (cc, "cc", "gcc")):
        lacks.append("a C compiler (gcc)")
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        lacks.append(f"the Python {sys.version_info[0]}.{sys.version_info[1]} headers (Python.h)")
    return lacks


def copy_sources(dest: Path) -> None:
    """The package, with ``resources`` as ``uriinspector/resources``, as the wheel has it."""
    ignore = shutil.ignore_patterns("__pycache__", "*.so")
    shutil.copytree(ROOT / "uriinspector", dest / "uriinspector", ignore=ignore)
    shutil.copytree(ROOT / "resources", dest / "uriinspector" / "resources", ignore=ignore)


def main() -> int:
    lacks = missing()
    if lacks:
        print(f"make compiled needs {' and '.join(lacks)} (Debian: sudo apt-get install -y gcc "
              "python3-dev); without them the pure-Python package runs as before.")
        return 1
    started = time.perf_counter()
    digest = hook.source_digest(ROOT)
    src = WORK / "src"
    shutil.rmtree(src, ignore_errors=True)
    src.mkdir(parents=True)
    copy_sources(src)
    log = WORK / "mypyc.log"
    print(f"Compiling {len(MODULES)} core paths with mypyc (a few minutes; log: {log})")
    with log.open("w", encoding="utf-8") as out:
        done = subprocess.run([sys.executable, "-m", "mypyc", *MODULES], cwd=src,
                              stdout=out, stderr=subprocess.STDOUT, check=False)
    if done.returncode != 0:
        print("".join(log.read_text(encoding="utf-8").splitlines(keepends=True)[-20:]))
        print(f"mypyc failed (exit {done.returncode}); the pure-Python package is unchanged.")
        return 1
    dest = Path(sys.prefix) / hook.BUILD_DIR
    shutil.rmtree(dest, ignore_errors=True)
    shutil.copytree(src / "uriinspector", dest / "uriinspector",
                    ignore=shutil.ignore_patterns("__pycache__"))
    for runtime in src.glob("*__mypyc*.so"):  # mypyc's shared runtime module
        shutil.copy2(runtime, dest)
    (dest / "build.json").write_text(
        json.dumps({"source": str(ROOT), "digest": digest, "modules": list(MODULES)}),
        encoding="utf-8")
    site = Path(sysconfig.get_paths()["purelib"])
    shutil.copy2(HERE / "uriinspector_compiled.py", site / "uriinspector_compiled.py")
    (site / "uriinspector_compiled.pth").write_text("import uriinspector_compiled\n",
                                                   encoding="utf-8")
    compiled = sorted((dest / "uriinspector").rglob("*.so"))
    print(f"Built {len(compiled)} compiled modules in {time.perf_counter() - started:.0f} s "
          f"into {dest}.")
    print(f"Use them with {hook.ENV}=1 (e.g. {hook.ENV}=1 make run); unset, or after a "
          "source change until make compiled runs again, the pure-Python package runs.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
