"""Instructions per warm ``analyze`` of one URI, counted by callgrind (not timed).

``python bench/callgrind_analyze.py [--core DIR] [--size 2000] [--mode json]`` runs a
child under ``valgrind --tool=callgrind`` twice, ``PYTHONHASHSEED=0``: both make one
untimed pass over the first ``--size`` URIs of the seeded corpus (``bench/corpus.py``:
every per-host cache filled), the second then makes two more passes of ``--mode``
(``json``: ``analyze(u).to_json()``, the batch answer's dict; ``analyze``: ``analyze(u)``;
``detect``: the findings of a parse and reading made beforehand). The difference of the
two counts over the passes is the warm cost of one URI, in instructions, which a shared
machine's load does not move (wall and CPU times move by ±10-30 % there). ``--core``
counts another tree's ``uriinspector`` (e.g. ``git archive main uriinspector | tar -x -C
DIR``); compile its bytecode first (``python -m compileall -q DIR``), as this tree's is.
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

CHILD = r"""
import sys
core, here, size, passes, mode = sys.argv[1:6]
size, passes = int(size), int(passes)
sys.path[:0] = [core, here]
import corpus
from uriinspector.core.analysis import analyze
from uriinspector.core.findings import detect
from uriinspector.core.parse import parse
from uriinspector.core.whatwg import read_whatwg
uris = corpus.load_corpus()[:size]
for u in uris:
    analyze(u).to_json()
pairs = [(parse(u).split, read_whatwg(u)) for u in uris] if mode == "detect" else []
for _ in range(passes):
    if mode == "json":
        for u in uris:
            analyze(u).to_json()
    elif mode == "analyze":
        for u in uris:
            analyze(u)
    else:
        for s, r in pairs:
            detect(s, r)
"""

PASSES = 2


def count(core: Path, size: int, passes: int, mode: str) -> int:
    """Instructions of one child run under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        proc = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
             "-c", CHILD, str(core), str(HERE), str(size), str(passes), mode],
            capture_output=True, text=True, check=True, cwd=tmp,
            env={**os.environ, "PYTHONHASHSEED": "0"},
        )
    m = re.search(r"Collected : (\d+)", proc.stderr)
    if m is None:
        raise RuntimeError(proc.stderr[-2000:])
    return int(m.group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--core", type=Path, default=ROOT, help="folder holding uriinspector/")
    ap.add_argument("--size", type=int, default=2000)
    ap.add_argument("--mode", choices=["json", "analyze", "detect"], default="json")
    args = ap.parse_args()
    base = count(args.core, args.size, 0, args.mode)
    more = count(args.core, args.size, PASSES, args.mode)
    per = (more - base) / (PASSES * args.size)
    print(f"{args.core} {args.mode}: {base:,} / {more:,} instructions; "
          f"{per:,.0f} per URI and pass")


if __name__ == "__main__":
    main()
