"""CPU per URL: barb-phish's analysis against ours, on the same URLs, in one process.

``python bench/bench_barb.py [--size 3000] [--rounds 5]`` takes the first ``--size``
URIs of the seeded bench corpus (``bench/corpus.py``) and times, with
``time.process_time`` after one warm pass of each (lazy imports, data files and
per-host caches loaded), interleaved rounds (the order alternates each round):

* barb-phish (``barb.main._analyze_single(url, AppConfig())``, OSINT off, no
  explanation: what ``barb analyze URL`` computes before printing): ``urllib.parse``'s
  split, twelve heuristic analyzers (entropy, homoglyph, TLD, subdomain, brand,
  shortener, encoding, IP host, keyword, lexical, typosquat, file extension), its
  allowlist, a weighted score and a verdict, built as a pydantic ``AnalysisResult``;
  then ``model_dump(mode="json")``, the dict its JSON export writes;
* ours: ``analysis.analyze(url).to_json()``, the dict the batch ``analyze`` answer
  writes (the RFC 3986 parse with spans, the browser's reading via ada-url, eleven
  detector families plus embedded URLs, the Public Suffix List, the destination chain,
  a verdict), and ``analyze(url)`` alone (the chain is built only by ``to_json``).

barb-phish refuses a URL it cannot split into a host (relative references, ``mailto:``,
``urn:``, ``data:``, over 2,048 characters: ``ValueError``); those URLs are timed
apart ("refused"), and the ratio that counts is on the URLs both analyse. Each
ratio is ours ÷ barb-phish's per round; the table gives the median over rounds.
No network: an audit hook stops any socket use (barb's OSINT enrichers stay off).
Results go to ``bench/out/barb.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

import corpus as corpus_mod  # noqa: E402

OUT = HERE / "out" / "barb.json"


def _no_network(event: str, _args: tuple[object, ...]) -> None:
    if event.startswith("socket.") and event != "socket.__new__":
        raise RuntimeError(f"bench_barb: network use ({event})")


def _pass(fn: Callable[[str], object], urls: list[str]) -> float:
    """CPU seconds of ``fn`` over ``urls``."""
    t0 = time.process_time()
    for u in urls:
        fn(u)
    return time.process_time() - t0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", type=int, default=3000, help="URIs (from the corpus start)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--core", type=Path, default=None,
                    help="a folder holding another revision's uriinspector package "
                         "(git archive REV uriinspector | tar -x -C DIR) to time instead")
    args = ap.parse_args(argv)
    if args.core is not None:
        sys.path.insert(0, str(args.core.resolve()))
    sys.addaudithook(_no_network)
    warnings.simplefilter("ignore", DeprecationWarning)

    from barb.config import AppConfig
    from barb.main import _analyze_single

    from uriinspector.core.analysis import analyze

    print("our core:", Path(sys.modules["uriinspector"].__file__ or "").parent)

    config = AppConfig()

    def barb(u: str) -> object:
        return _analyze_single(u, config).model_dump(mode="json")

    def barb_model(u: str) -> object:
        return _analyze_single(u, config)

    def ours(u: str) -> object:
        return analyze(u).to_json()

    urls = corpus_mod.load_corpus()[: args.size]
    both: list[str] = []
    refused: list[str] = []
    for u in urls:
        try:
            _analyze_single(u, config)
        except ValueError:
            refused.append(u)
        else:
            both.append(u)
    fns: dict[str, Callable[[str], object]] = {
        "barb-phish: _analyze_single + model_dump": barb,
        "barb-phish: _analyze_single": barb_model,
        "ours: analyze(u).to_json()": ours,
        "ours: analyze(u)": analyze,
    }

    def refused_barb(u: str) -> object:
        try:
            return barb(u)
        except ValueError:
            return None

    for fn in fns.values():  # warm pass
        _pass(fn, both)
    _pass(ours, refused)
    _pass(refused_barb, refused)

    times: dict[str, list[float]] = {name: [] for name in fns}
    times["barb-phish: refused URLs"] = []
    times["ours: the refused URLs"] = []
    load = [os.getloadavg()[0]]
    order = list(fns.items())
    for r in range(args.rounds):
        for name, fn in order if r % 2 == 0 else reversed(order):
            times[name].append(_pass(fn, both) / len(both) * 1e6)
        if refused:
            times["barb-phish: refused URLs"].append(
                _pass(refused_barb, refused) / len(refused) * 1e6
            )
            times["ours: the refused URLs"].append(_pass(ours, refused) / len(refused) * 1e6)
    load.append(os.getloadavg()[0])

    def ratio(a: str, b: str) -> float:
        return statistics.median(x / y for x, y in zip(times[a], times[b], strict=True))

    ratios = {
        "analyze(u).to_json() ÷ _analyze_single + model_dump": ratio(
            "ours: analyze(u).to_json()", "barb-phish: _analyze_single + model_dump"
        ),
        "analyze(u) ÷ _analyze_single": ratio("ours: analyze(u)", "barb-phish: _analyze_single"),
    }
    print(f"{len(both)} URLs both analyse, {len(refused)} barb-phish refuses; "
          f"{args.rounds} rounds; load average {load[0]:.2f} → {load[1]:.2f}")
    print(f"{'':45} {'min µs':>8} {'median µs':>10}")
    for name, xs in times.items():
        if xs:
            print(f"{name:45} {min(xs):8.1f} {statistics.median(xs):10.1f}")
    for name, x in ratios.items():
        print(f"ratio {name}: {x:.2f}× (median of rounds)")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({
        "urls": len(both), "refused": len(refused), "rounds": args.rounds, "load": load,
        "us_per_url": times, "ratios": ratios,
    }, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
