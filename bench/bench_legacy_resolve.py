"""Growth of the traced rule sets' ``resolve`` with removed dot segments (issue 22).

References of ``n`` units ``x{500}/./x{500}/../`` (about 1 KB each, two dot segments)
plus ``g``, against RFC 3986's example base, at ``n`` = 125, 250, 500 and 1,000; each
time the least of ``--repeats`` CPU-time runs, the sizes taken in turn. ``--compare REF``
also runs ``resolve`` as it was at git ``REF``, interleaved with ours.

    python bench/bench_legacy_resolve.py [--repeats 5] [--compare REF]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from bench_parse import load_old  # noqa: E402

BASE = "http://a/b/c/d;p?q"
SIZES = (125, 250, 500, 1000)
RULES = ("rfc3986", "draft-2003", "rfc2396", "draft-1997", "rfc1808", "draft-1993")


def reference(n: int) -> str:
    """``n`` units of about 1 KB, each with a "." and a ".." segment, then "g"."""
    seg = "x" * 500 + "/"
    return (seg + "./" + seg + "../") * n + "g"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--compare", metavar="REF", help="git ref of the 'before' resolve")
    ns = ap.parse_args(argv)
    started = time.perf_counter()
    load = os.getloadavg()[0]
    versions: dict[str, Callable[..., object]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        if ns.compare:
            versions["before"] = load_old(ns.compare, Path(tmp), "uriinspector.core.resolve",
                                          "resolve")
        from uriinspector.core.legacy._trace import split_cached
        from uriinspector.core.resolve import resolve

        versions = {"after": resolve} | versions
        refs = {n: reference(n) for n in SIZES}
        best = {(v, r, n): float("inf") for v in versions for r in RULES for n in SIZES}
        for _ in range(ns.repeats):
            for rules in RULES:
                for n in SIZES:
                    for v, fn in versions.items():
                        split_cached.cache_clear()  # ours; the old one is its own
                        t = time.process_time()
                        fn(BASE, refs[n], rules)
                        took = time.process_time() - t
                        best[v, rules, n] = min(best[v, rules, n], took)
    print(f"load at start {load:.2f}, at end {os.getloadavg()[0]:.2f}; "
          f"{time.perf_counter() - started:.0f} s")
    print("| rule set | version | " + " | ".join(f"{n} units" for n in SIZES)
          + " | 1,000 / 125 |")
    print("| --- | --- | " + " | ".join("---:" for _ in SIZES) + " | ---: |")
    for rules in RULES:
        for v in versions:
            row = [best[v, rules, n] * 1e3 for n in SIZES]
            print(f"| {rules} | {v} | " + " | ".join(f"{x:.1f} ms" for x in row)
                  + f" | {row[-1] / row[0]:.1f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
