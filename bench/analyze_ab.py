"""Before/after of ``analyze`` per line: another revision's core against this tree's.

``python bench/analyze_ab.py --before REV [--size 2000] [--rounds 15]`` extracts REV's
``uriinspector`` package (``git archive``) into a temporary folder and starts two child
processes, one per tree, on the first ``--size`` URIs of the seeded corpus
(``bench/corpus.py``). Each child makes one untimed pass of whole batch lines
(``protocol.answer_line`` of an ``analyze`` request: every per-host cache filled, the
answers' SHA-256 kept), then, on request, times (``time.process_time``) one pass of a
stage: ``parse(u)``, ``read_whatwg(u)``, ``detect`` (the findings, on a parse and a
reading made beforehand), ``analyze(u)``, ``analyze(u).to_json()`` (the destination
chain is built there) or the whole batch line. The parent asks the two children in turn,
stage by stage (the order alternating each round), so each pair of passes sees the same
moment of a shared machine's load; it prints CPU µs per line (least of rounds) and the
after ÷ before ratio (median of the rounds' pairs), and whether the two trees' answers
are byte for byte the same (they must be: a speed change never changes an answer).
``--before-dir DIR`` takes the "before" package from ``DIR`` instead (a build of this
tree, e.g. the mypyc one ``make compiled`` leaves in ``build/mypyc/src``).
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
from uriinspector.core.findings import detect
from uriinspector.core.parse import parse
from uriinspector.core.whatwg import read_whatwg
uris = json.load(open(sys.argv[1], encoding="utf-8", errors="surrogatepass"))
lines = [json.dumps({"op": "analyze", "input": u, "id": i}).encode("utf-8", "surrogatepass")
         for i, u in enumerate(uris)]
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
print(json.dumps({"sha256": digest.hexdigest(), "stages": list(stages)}), flush=True)
for command in sys.stdin:
    run = stages[command.strip()]
    t0 = time.process_time()
    run()
    print((time.process_time() - t0) / len(uris) * 1e6, flush=True)
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


class Child:
    """A child process holding one tree's core, warm, timing one stage per request."""

    def __init__(self, tree: Path, uris_file: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(tree))
        self.proc = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(uris_file)], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, text=True, env=env, cwd=tempfile.gettempdir(),
        )
        head = json.loads(self._read())
        self.sha256: str = head["sha256"]
        self.stages: list[str] = head["stages"]

    def _read(self) -> str:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("analyze_ab: a child died")
        return line

    def time(self, stage: str) -> float:
        """CPU µs per line of one pass of ``stage``."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(stage + "\n")
        self.proc.stdin.flush()
        return float(self._read())

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    which = ap.add_mutually_exclusive_group(required=True)
    which.add_argument("--before", help="a git revision (the branch point)")
    which.add_argument("--before-dir", type=Path, help="a folder holding a uriinspector package")
    ap.add_argument("--size", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=15)
    args = ap.parse_args(argv)
    uris = corpus_mod.load_corpus()[: args.size]
    with tempfile.TemporaryDirectory() as tmp:
        before = (args.before_dir.resolve() if args.before_dir
                  else extract(args.before, Path(tmp) / "before"))
        uris_file = Path(tmp) / "uris.json"
        uris_file.write_text(json.dumps(uris), encoding="utf-8", errors="surrogatepass")
        children = {"before": Child(before, uris_file), "after": Child(ROOT, uris_file)}
        stages = children["after"].stages
        times: dict[str, dict[str, list[float]]] = {
            name: {stage: [] for stage in stages} for name in children
        }
        load = [os.getloadavg()[0]]
        try:
            for r in range(args.rounds):
                for stage in stages:  # the two trees back to back, the order alternating
                    for name in ("before", "after") if r % 2 == 0 else ("after", "before"):
                        times[name][stage].append(children[name].time(stage))
        finally:
            for child in children.values():
                child.close()
        load.append(os.getloadavg()[0])
    print(f"{len(uris)} URIs, {args.rounds} rounds, load average {load[0]:.2f} → {load[1]:.2f}")
    print(f"| stage (CPU µs per line) | before, min | after, min | after ÷ before "
          f"(median of {args.rounds} rounds) |")
    print("| --- | ---: | ---: | ---: |")
    for stage in stages:
        before_xs, after_xs = times["before"][stage], times["after"][stage]
        ratios = [a / b for a, b in zip(after_xs, before_xs, strict=True)]
        print(f"| {stage} | {min(before_xs):.1f} | {min(after_xs):.1f} | "
              f"{statistics.median(ratios):.2f} |")
    same = children["before"].sha256 == children["after"].sha256
    print("answers byte for byte the same:", "yes" if same else "NO")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
