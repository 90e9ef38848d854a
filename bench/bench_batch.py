"""Whole-process batch timing: ``uriinspector batch --jobs N`` against an rfc3986 script.

``python bench/bench_batch.py`` writes two request files for the seeded corpus (20,000
URIs, ``bench/corpus.py``): one ``analyze`` request per URI and one ``parse`` request
per URI, then times, as whole processes (spawn to exit, output to /dev/null):

* ``uriinspector batch --jobs N`` on each file, N = 1, 2, 4;
* the reference: a Python script that reads the same URIs and runs rfc3986's
  ``uri_reference(u)``, ``is_valid()`` and ``normalize()`` on each (what the
  benchmark's ``rfc3986.target`` competitor does in-process).

The runs interleave (every command once per round, the order reversed each round) and
the table shows the minimum over rounds (on a shared machine the least disturbed run is
the one that measures the program) and each command's ratio to the reference of the
same round (median). Results go to ``bench/out/batch.json``; ``--doc`` also rewrites the
``## Batch`` section of ``docs/performance.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(HERE)]

import corpus as corpus_mod  # noqa: E402
from run import machine, update_doc_section  # noqa: E402

OUT = HERE / "out"
DOC = ROOT / "docs" / "performance.md"

RFC3986_SCRIPT = """
import sys, warnings
import rfc3986
warnings.simplefilter("ignore", DeprecationWarning)
text = open(sys.argv[1], encoding="utf-8", errors="surrogatepass").read()
for u in text.split("\\n")[:-1]:
    try:
        ref = rfc3986.uri_reference(u)
        ref.is_valid()
        ref.normalize()
    except Exception:
        pass
"""


def write_requests(uris: list[str]) -> dict[str, Path]:
    """One request file per op, one request per URI (bytes: lone surrogates kept)."""
    OUT.mkdir(parents=True, exist_ok=True)
    files: dict[str, Path] = {}
    for op in ("analyze", "parse"):
        path = OUT / f"batch-{op}.jsonl"
        with path.open("wb") as f:
            for i, u in enumerate(uris):
                line = json.dumps({"op": op, "input": u, "id": i})
                f.write(line.encode("utf-8", "surrogatepass") + b"\n")
        files[op] = path
    return files


def precompile() -> None:
    """Write the package's bytecode (``__pycache__``, gitignored), as installing a wheel
    does: rfc3986 runs from compiled site-packages, and a tree without bytecode (an
    editable install under ``PYTHONDONTWRITEBYTECODE=1``) recompiles every module it
    imports in every process, ~0.1-0.2 s of each batch run's start-up."""
    import compileall

    compileall.compile_dir(ROOT / "uriinspector", quiet=1)


def timed(cmd: list[str], stdin: Path | None) -> tuple[float, float]:
    """Seconds from spawn to exit and the process's CPU seconds (user + system; not
    its worker processes', which it does not reap), output discarded; must succeed."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with open(os.devnull, "wb") as devnull:
        src = stdin.open("rb") if stdin is not None else subprocess.DEVNULL
        try:
            t0 = time.perf_counter()
            proc = subprocess.Popen(cmd, stdin=src, stdout=devnull, stderr=subprocess.DEVNULL,
                                    env=env, cwd=ROOT)  # fmt: skip
            _, status, usage = os.wait4(proc.pid, 0)
            elapsed = time.perf_counter() - t0
            proc.returncode = os.waitstatus_to_exitcode(status)
        finally:
            if stdin is not None:
                src.close()  # type: ignore[union-attr]
    if proc.returncode != 0:
        raise RuntimeError(f"{cmd} failed with status {proc.returncode}")
    return elapsed, usage.ru_utime + usage.ru_stime


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--jobs", default="1,2,4", help="comma-separated --jobs values")
    ap.add_argument("--size", type=int, default=corpus_mod.CORPUS_SIZE, help="URIs")
    ap.add_argument("--doc", action="store_true", help="rewrite docs/performance.md ## Batch")
    ap.add_argument("--docs-only", action="store_true",
                    help="rewrite ## Batch from bench/out/batch.json")  # fmt: skip
    ns = ap.parse_args(argv)
    if ns.docs_only:
        update_doc_section(DOC, "## Batch", doc_table(json.loads((OUT / "batch.json").read_text())))
        return 0
    uris = corpus_mod.load_corpus()[: ns.size]
    files = write_requests(uris)
    precompile()
    corpus_file = OUT / "batch-uris.txt"
    corpus_file.write_text("\n".join(uris) + "\n", encoding="utf-8", errors="surrogatepass")
    py = sys.executable
    commands: dict[str, tuple[list[str], Path | None]] = {
        "rfc3986 script": ([py, "-c", RFC3986_SCRIPT, str(corpus_file)], None)
    }
    for op in ("analyze", "parse"):
        for j in ns.jobs.split(","):
            commands[f"batch {op} --jobs {j}"] = (
                [py, "-m", "uriinspector", "batch", "--jobs", j], files[op]
            )
    names = list(commands)
    times: dict[str, list[float]] = {n: [] for n in names}
    cpu: dict[str, list[float]] = {n: [] for n in names}
    ratios: dict[str, list[float]] = {n: [] for n in names}
    start = machine()
    for r in range(ns.rounds):
        order = names if r % 2 == 0 else names[::-1]
        this: dict[str, float] = {}
        for name in order:
            cmd, stdin = commands[name]
            this[name], used = timed(cmd, stdin)
            cpu[name].append(used)
            print(f"round {r + 1}: {name}: {this[name]:.2f} s (cpu {used:.2f} s)", flush=True)
        for name in names:
            times[name].append(this[name])
            ratios[name].append(this[name] / this["rfc3986 script"])
    end = machine()
    rows = [
        {
            "command": name,
            "min_s": min(times[name]),
            "median_s": statistics.median(times[name]),
            "ratio_median": statistics.median(ratios[name]),
            "cpu_min_s": min(cpu[name]),
        }
        for name in names
    ]
    result = {"uris": len(uris), "rounds": ns.rounds, "machine_start": start,
              "machine_end": end, "rows": rows}  # fmt: skip
    (OUT / "batch.json").write_text(json.dumps(result, indent=2))
    table = doc_table(result)
    print(table)
    if ns.doc:
        update_doc_section(DOC, "## Batch", table)
    return 0


def _load(m: dict[str, object]) -> str:
    load = m.get("loadavg_at_start")
    return f"{load[0]:.2f}" if isinstance(load, list | tuple) else "?"


def doc_table(res: dict[str, object]) -> str:
    """The ``## Batch`` section's body (measured figures and the targets)."""
    rows = res["rows"]
    assert isinstance(rows, list)
    m0, m1 = res["machine_start"], res["machine_end"]
    assert isinstance(m0, dict) and isinstance(m1, dict)
    lines = [
        f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} with "
        f"`python bench/bench_batch.py` ({res['uris']:,} URIs, {res['rounds']} interleaved "
        f"rounds, whole processes, output to /dev/null), {m0.get('nproc')} CPUs, load average "
        f"{_load(m0)} at start, {_load(m1)} at end. The machine is shared with "
        "other engineers' runs: the lead re-measures on a quiet machine.",
        "",
        "| command | min s | median s | × rfc3986 script (median of rounds) |"
        " main process CPU s (min) |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for row in rows:
        lines.append(
            f"| {row['command']} | {row['min_s']:.2f} | {row['median_s']:.2f} |"
            f" {row['ratio_median']:.2f} | {row['cpu_min_s']:.2f} |"
        )
    by = {row["command"]: row for row in rows}
    notes = ["", "**Scaling** (min time of `--jobs 1` / min time of `--jobs N`):", ""]
    for op in ("analyze", "parse"):
        one = by.get(f"batch {op} --jobs 1")
        if one is None:
            continue
        parts = [
            f"--jobs {row['command'].rsplit(' ', 1)[1]}: {one['min_s'] / row['min_s']:.2f}×"
            for row in rows
            if row["command"].startswith(f"batch {op} --jobs ")
        ]
        notes.append(f"- {op}: " + ", ".join(parts))
    notes += [
        "",
        "Targets (issue 14): batch analyze ≤ 0.5× and batch parse ≤ 0.25× of the rfc3986 "
        "script's time: **both missed**. The main process's CPU column does not include "
        "the workers' (they are the fork server's children); for `--jobs 1` it is the "
        "whole cost, and it says why the targets cannot be met on 2 cores: the CPU time "
        "of `batch analyze --jobs 1` (JSON in, analyze, JSON out) is about 2.2× the "
        "script's, so 0.5× needs a 4.4× parallel speed-up; `batch parse --jobs 1` is "
        "about 0.7× the script's CPU, so 0.25× needs 2.8×. Two cores give at most 2×, "
        "less the parent's share (reading, sending, writing: ~0.7-1 s of CPU here).",
        "",
        "**How `--jobs N` works** (`uriinspector/batch_parallel.py`). The first 200 "
        "lines (or 0.25 s) are answered in the process itself, with the serial loop's "
        "handler, so short inputs and the first requests of a co-process never wait for a "
        "worker. Then a fork server starts on a thread (a fresh interpreter that imports "
        "the core and answers a few requests, `batch_warm.py`, so every worker forked "
        "from it starts with the Public Suffix List, ada-url and the patterns loaded) "
        "while this process keeps answering; once a worker is up, a reader thread reads "
        "stdin in batches (at most N × 4 × 32 lines ahead), tasks of up to 32 lines go to "
        "the workers (a partial task leaves after 2 ms without new input), and each "
        "task's answers come back as one piece, written in input order with one write "
        "and flush. On this loaded machine the parallel runs are at best 1.3-1.8× "
        "(analyze, 4 jobs) and about even for parse, whose per-line work is too small "
        "for the parent's per-line cost; the lead should re-measure on a quiet machine.",
    ]
    return "\n".join(lines + notes) + "\n"


if __name__ == "__main__":
    sys.exit(main())
