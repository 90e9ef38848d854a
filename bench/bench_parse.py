"""The parse group of ``bench/run.py`` alone, optionally against an earlier commit.

Runs urlsplit (uncached), the RFC 3986 regex floor and the validated parse four ways
(``parse(u)``; its component spans read, ``parse(u).spans``; its split read,
``parse(u).split``; everything read: split, host and diagnostics) over the seeded
corpus, rounds interleaved (A B C, then C B A), and prints the median ratio to
``urlsplit`` of the same round. ``--compare REF`` also loads the package as it was at
git ``REF`` (``git archive`` into a temporary directory, imported first and kept by
reference) and interleaves its four parse rows with ours, for a before/after measured
under the same load; ``--core DIR`` does the same with the package in ``DIR`` (a build
of it, e.g. ``make compiled``'s mypyc build in ``build/mypyc/src``).

    python bench/bench_parse.py [--rounds 7] [--compare REF | --core DIR] [--quick] [--cpu]
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import importlib.util
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(HERE), str(ROOT)]

import corpus as corpus_mod  # noqa: E402
import run as run_mod  # noqa: E402

Fn = Callable[[str], object]


def rows(parse: Callable[[str], object]) -> tuple[Fn, Fn, Fn, Fn]:
    """``parse(u)``; its component spans read (``.spans``, or ``.split.component_spans()``
    where there is no ``.spans``: the same tuple); its split read (``.split``: every part,
    span and delimiter); split, host and diagnostics read."""

    # asked of the class, once: hasattr on the instance would read the property, and
    # each read builds the spans (an earlier version of this row built them twice)
    # (a property, or a compiled class's attribute descriptor)
    has_spans = hasattr(type(parse("a:b")), "spans")

    def cspans(u: str) -> object:
        p = parse(u)
        if has_spans:
            return p.spans  # type: ignore[attr-defined]
        return p.split.component_spans()  # type: ignore[attr-defined]

    def spans(u: str) -> object:
        return parse(u).split  # type: ignore[attr-defined]

    def everything(u: str) -> object:
        p = parse(u)
        p.split  # type: ignore[attr-defined]  # noqa: B018
        p.host_info  # type: ignore[attr-defined]  # noqa: B018
        return p.diagnostics  # type: ignore[attr-defined]

    return parse, cspans, spans, everything


def load_old(ref: str | None, into: Path, module: str = "uriinspector.core.parse",
             name: str = "parse") -> Callable[..., object]:
    """``module.name`` of the package at git ``ref`` (or, with no ``ref``, the package
    already in ``into``), imported from ``into`` and then dropped from ``sys.modules``
    (its functions keep their own module globals)."""
    if ref is not None:
        archive = into / "old.tar"
        subprocess.run(["git", "-C", str(ROOT), "archive", "-o", str(archive), ref,
                        "uriinspector"], check=True)
        with tarfile.open(archive) as tar:
            tar.extractall(into, filter="data")
    sys.path.append(str(into))  # a compiled build's shared runtime module sits there
    saved = {k: v for k, v in sys.modules.items() if k.split(".")[0] == "uriinspector"}
    for k in saved:
        del sys.modules[k]
    spec = importlib.util.spec_from_file_location(
        "uriinspector", into / "uriinspector" / "__init__.py",
        submodule_search_locations=[str(into / "uriinspector")],
    )
    assert spec is not None and spec.loader is not None
    pkg = importlib.util.module_from_spec(spec)
    sys.modules["uriinspector"] = pkg
    spec.loader.exec_module(pkg)
    old = importlib.import_module(module)
    assert str(into) in str(old.__file__), old.__file__
    fn: Callable[..., object] = getattr(old, name)
    for k in [k for k in sys.modules if k.split(".")[0] == "uriinspector"]:
        del sys.modules[k]
    sys.modules.update(saved)
    return fn


def time_pass(fn: Fn, inputs: list[str], urllib_row: bool, cpu: bool) -> float:
    """``run.time_pass`` (wall-clock), or the same pass timed in CPU seconds."""
    if not cpu:
        return run_mod.time_pass(fn, inputs, urllib_row)
    gc.collect()
    with run_mod.urllib_uncached() if urllib_row else contextlib.nullcontext():
        t0 = time.process_time()
        for u in inputs:
            fn(u)
        return time.process_time() - t0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--compare", metavar="REF", help="git ref of the 'before' package")
    ap.add_argument("--core", type=Path, metavar="DIR",
                    help="a folder holding a uriinspector package (a build) for the 'before' rows")
    ap.add_argument("--quick", action="store_true", help="a 2,000-URI sample")
    ap.add_argument("--cpu", action="store_true",
                    help="time each pass in CPU seconds (process_time), not wall-clock: "
                         "on a loaded machine, waiting for a core is not the code's cost")
    ns = ap.parse_args(argv)
    started = time.perf_counter()
    load_start = os.getloadavg()
    inputs = corpus_mod.load_corpus(corpus_mod.DEFAULT_SEED)
    if ns.quick:
        inputs = random.Random(1).sample(inputs, 2_000)
    comps: dict[str, Fn] = {}
    with tempfile.TemporaryDirectory() as tmp:
        if ns.compare or ns.core:
            where = ns.core.resolve() if ns.core else Path(tmp)
            b_parse, b_cspans, b_spans, b_all = rows(load_old(ns.compare, where))
            comps |= {"before: parse(u)": b_parse, "before: component spans read": b_cspans,
                      "before: parse(u).split": b_spans, "before: everything read": b_all}
        from uriinspector.core.editions import Edition
        from uriinspector.core.parse import _fullmatch, parse

        a_parse, a_cspans, a_spans, a_all = rows(parse)
        comps = {
            "urlsplit (uncached)": run_mod.urlsplit_uncached,
            "floor: RFC 3986 regex fullmatch": _fullmatch(Edition.RFC3986),
            "parse(u)": a_parse,
            "parse(u).spans (component spans read)": a_cspans,
            "parse(u).split (spans read)": a_spans,
            "parse(u), everything read": a_all,
        } | comps
        names = list(comps)
        for name in names:  # warm-up: lazy compiles, caches
            for u in inputs[:300]:
                comps[name](u)
        times: dict[str, list[float]] = {n: [] for n in names}
        for r in range(ns.rounds):
            order = names if r % 2 == 0 else names[::-1]
            for name in order:
                urllib_row = name.startswith("urlsplit")
                times[name].append(time_pass(comps[name], inputs, urllib_row, ns.cpu))
    base = times["urlsplit (uncached)"]
    print(f"{len(inputs):,} URIs, {ns.rounds} rounds interleaved, "
          f"{'CPU' if ns.cpu else 'wall-clock'} time; load at start "
          f"{load_start[0]:.2f}, at end {os.getloadavg()[0]:.2f}; "
          f"{time.perf_counter() - started:.0f} s")
    print("| row | µs/URI (median) | × urlsplit (median of rounds) |")
    print("| --- | ---: | ---: |")
    for name in names:
        ratio = statistics.median(b / t for b, t in zip(base, times[name], strict=True))
        us = statistics.median(times[name]) / len(inputs) * 1e6
        print(f"| {name} | {us:.2f} | {ratio:.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
