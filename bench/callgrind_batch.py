"""Instructions of one whole ``uriinspector batch`` process, counted by callgrind.

``python bench/callgrind_batch.py [--core DIR] [--lines N] [--jobs 1]`` feeds the first
``N`` lines of ``bench/out/batch-analyze.jsonl`` (``bench/bench_batch.py`` writes it) to
``python -m uriinspector batch --jobs J`` under ``valgrind --tool=callgrind``,
``PYTHONHASHSEED=0``, output discarded, and prints the main process's instruction count
(start-up included; a worker's are not counted). ``--core`` counts another tree's
package (``git archive REV uriinspector | tar -x -C DIR``; compile its bytecode first,
``python -m compileall -q DIR``, as this tree's is).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def count(core: Path, lines: int, jobs: str) -> int:
    """Instructions of the batch process's main thread and its own threads."""
    requests = (HERE / "out" / "batch-analyze.jsonl").read_bytes().splitlines(keepends=True)
    with tempfile.TemporaryDirectory() as tmp:
        feed = Path(tmp) / "in.jsonl"
        feed.write_bytes(b"".join(requests[:lines]))
        out = Path(tmp) / "callgrind.out"
        env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=str(core))
        with feed.open("rb") as src:
            subprocess.run(
                ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                 sys.executable, "-m", "uriinspector", "batch", "--jobs", jobs],
                stdin=src, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                env=env, cwd=core, check=True,
            )  # fmt: skip
        text = out.read_text(errors="replace")
    found = re.search(r"^summary:\s*(\d+)", text, re.M) or re.search(
        r"^totals:\s*(\d+)", text, re.M
    )
    if found is None:
        raise RuntimeError("no instruction total in callgrind's output")
    return int(found.group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--core", type=Path, default=ROOT, help="folder holding uriinspector/")
    ap.add_argument("--lines", type=int, default=4000)
    ap.add_argument("--jobs", default="1")
    ns = ap.parse_args()
    n = count(ns.core.resolve(), ns.lines, ns.jobs)
    print(f"{ns.core}: {ns.lines} lines, --jobs {ns.jobs}: {n:,} instructions ({n / 1e9:.3f} G)")


if __name__ == "__main__":
    main()
