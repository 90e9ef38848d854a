"""Before/after of ``analyze`` per line: another revision's core against this tree's.

``python bench/analyze_ab.py --before REV [--size 20000] [--rounds 4]`` extracts REV's
``uriinspector`` package (``git archive``) into a temporary folder and runs the seeded
corpus (``bench/corpus.py``) through both trees in child processes, alternately (the
order reversed each round). Each child makes one untimed pass of whole batch lines
(``protocol.answer_line`` of an ``analyze`` request, every per-host cache filled, the
answers' SHA-256 kept), then times (``time.process_time``) one pass of
``analyze(u)`` and one of ``answer_line``. The parent prints CPU µs per line (least
and median of rounds), the after ÷ before ratio per round, and whether the two trees'
answers are byte for byte the same (they must be: a speed change never changes an
answer).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(HERE)]

import corpus as corpus_mod  # noqa: E402

CHILD = r"""
import hashlib, json, sys, time, warnings
warnings.simplefilter("ignore", DeprecationWarning)
try:
    from uriinspector.core import protocol
except ImportError:  # the batch modules moved to their own package
    from uriinspector.batch import protocol
from uriinspector.core.analysis import analyze
uris = json.load(open(sys.argv[1], encoding="utf-8", errors="surrogatepass"))
lines = [json.dumps({"op": "analyze", "input": u, "id": i}).encode("utf-8", "surrogatepass")
         for i, u in enumerate(uris)]
digest = hashlib.sha256()
for line in lines:
    digest.update(protocol.answer_line(line) or b"")
t0 = time.process_time()
for u in uris:
    analyze(u)
t1 = time.process_time()
for line in lines:
    protocol.answer_line(line)
t2 = time.process_time()
n = len(uris)
print(json.dumps({"analyze": (t1 - t0) / n * 1e6, "line": (t2 - t1) / n * 1e6,
                  "sha256": digest.hexdigest()}))
"""


def extract(rev: str, dest: Path) -> Path:
    """``rev``'s ``uriinspector`` package under ``dest`` (the folder to put on the path)."""
    data = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", rev, "uriinspector"],
        check=True, capture_output=True,
    ).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(dest, filter="data")
    return dest


def run_child(tree: Path, uris_file: Path) -> dict[str, object]:
    """One child's figures (see ``CHILD``) with ``tree`` first on the import path."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(uris_file)],
        check=True, capture_output=True, text=True, env=env, cwd=tempfile.gettempdir(),
    ).stdout
    result: dict[str, object] = json.loads(out.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--before", required=True, help="a git revision (the branch point)")
    ap.add_argument("--size", type=int, default=corpus_mod.CORPUS_SIZE)
    ap.add_argument("--rounds", type=int, default=4)
    args = ap.parse_args(argv)
    uris = corpus_mod.load_corpus()[: args.size]
    with tempfile.TemporaryDirectory() as tmp:
        before = extract(args.before, Path(tmp) / "before")
        uris_file = Path(tmp) / "uris.json"
        uris_file.write_text(json.dumps(uris), encoding="utf-8", errors="surrogatepass")
        trees = {"before": before, "after": ROOT}
        res: dict[str, list[dict[str, object]]] = {"before": [], "after": []}
        load = [os.getloadavg()[0]]
        for r in range(args.rounds):
            for name in ("before", "after") if r % 2 == 0 else ("after", "before"):
                res[name].append(run_child(trees[name], uris_file))
        load.append(os.getloadavg()[0])
    print(f"{len(uris)} URIs, {args.rounds} rounds, load average {load[0]:.2f} → {load[1]:.2f}")
    for key in ("analyze", "line"):
        for name in ("before", "after"):
            xs = [float(str(x[key])) for x in res[name]]
            print(f"{key:8} {name:7} min {min(xs):7.1f} µs  median {statistics.median(xs):7.1f} µs")
        ratios = [float(str(a[key])) / float(str(b[key]))
                  for a, b in zip(res["after"], res["before"], strict=True)]
        print(f"{key:8} after ÷ before, median of rounds: {statistics.median(ratios):.3f}")
    digests = {str(x["sha256"]) for xs in res.values() for x in xs}
    same = len(digests) == 1
    print("answers byte for byte the same:", "yes" if same else f"NO ({len(digests)} digests)")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
