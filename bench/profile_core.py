"""Profile the core's hot paths (parse, analyze, full analysis, 1 MB inputs) with cProfile.

``python bench/profile_core.py [parse|analyze|full|long] [-n N]`` prints the top
functions by self time, so a change aims at a measured hot spot, not a guess.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

import corpus as corpus_mod  # noqa: E402

BASE = "http://a/b/c/d;p?q"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("what", choices=["parse", "analyze", "full", "long", "longfull", "chars"])
    ap.add_argument("-n", type=int, default=3000)
    ap.add_argument("--shape", default="dots")
    ap.add_argument("--top", type=int, default=25)
    args = ap.parse_args()

    from uriinspector.core.analysis import analyze
    from uriinspector.core.parse import parse
    from uriinspector.core.resolve import resolve_all

    def full(u: str) -> object:
        a = analyze(u)
        a.ladder  # noqa: B018
        return resolve_all(BASE, u)

    def chars(u: str) -> object:
        return analyze(u).characters

    if args.what in ("long", "longfull", "chars"):
        inputs = [corpus_mod.long_input(args.shape, 1_000_000)]
        fn = {"long": analyze, "longfull": full, "chars": chars}[args.what]
    else:
        inputs = corpus_mod.load_corpus()[: args.n]
        fn = {"parse": parse, "analyze": analyze, "full": full}[args.what]
    for u in inputs[:200]:  # warm-up: lazy imports, caches
        fn(u)
    prof = cProfile.Profile()
    prof.enable()
    for u in inputs:
        fn(u)
    prof.disable()
    pstats.Stats(prof).sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
