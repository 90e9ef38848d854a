"""Before/after of ``analyze`` per line: another revision's core against this tree's.

``python bench/analyze_ab.py --before REV [--size 20000] [--rounds 4]`` extracts REV's
``uriinspector`` package (``git archive``) into a temporary folder and runs the seeded
corpus (``bench/corpus.py``) through both trees in child processes, alternately (the
order reversed each round). Each child makes one untimed pass of whole batch lines
(``protocol.answer_line`` of an ``analyze`` request, every per-host cache filled, the
answers' SHA-256 kept), then times (``time.process_time``) one pass of each stage:
``parse(u)``, ``read_whatwg(u)``, ``detect`` (the findings, on the parse and the reading
made beforehand), ``analyze(u)``, ``analyze(u).to_json()`` (the destination chain is
built there) and the whole batch line. The parent prints a table of CPU µs per line
(least of rounds) and the after ÷ before ratio (median of rounds), and whether the
two trees' answers are byte for byte the same (they must be: a speed change never
changes an answer).
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
from uriinspector.core.findings import detect
from uriinspector.core.parse import parse
from uriinspector.core.whatwg import read_whatwg
digest = hashlib.sha256()
for line in lines:
    digest.update(protocol.answer_line(line) or b"")
pairs = [(parse(u).split, read_whatwg(u)) for u in uris]
stages = {
    "parse(u)": lambda: [parse(u) for u in uris],
    "read_whatwg(u)": lambda: [read_whatwg(u) for u in uris],
    "detect (findings)": lambda: [detect(s, r) for s, r in pairs],
    "analyze(u)": lambda: [analyze(u) for u in uris],
    "analyze(u).to_json()": lambda: [analyze(u).to_json() for u in uris],
    "answer_line (the whole line)": lambda: [protocol.answer_line(x) for x in lines],
}
out = {}
for name, run in stages.items():
    t0 = time.process_time()
    run()
    out[name] = (time.process_time() - t0) / len(uris) * 1e6
out["sha256"] = digest.hexdigest()
print(json.dumps(out))
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
    print(f"| stage (CPU µs per line) | before, min | after, min | after ÷ before "
          f"(median of {args.rounds} rounds) |")
    print("| --- | ---: | ---: | ---: |")
    for key in res["after"][0]:
        if key == "sha256":
            continue
        before_xs = [float(str(x[key])) for x in res["before"]]
        after_xs = [float(str(x[key])) for x in res["after"]]
        ratios = [a / b for a, b in zip(after_xs, before_xs, strict=True)]
        print(f"| {key} | {min(before_xs):.1f} | {min(after_xs):.1f} | "
              f"{statistics.median(ratios):.2f} |")
    digests = {str(x["sha256"]) for xs in res.values() for x in xs}
    same = len(digests) == 1
    print("answers byte for byte the same:", "yes" if same else f"NO ({len(digests)} digests)")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
