"""Where a batch line's time goes, in process: the floor under ``bench_batch.py``'s ratios.

``python bench/batch_floor.py`` times, per line of the seeded corpus (20,000 URIs,
``bench/corpus.py``), CPU time (``time.process_time``, least of ``--rounds`` passes,
each stage over the whole corpus after one warm pass, so per-host caches hold what a
long batch holds):

* the framing every line pays: ``decode_line`` of the request, ``encode_answer`` of
  the answer, and a whole ``answer_line`` of a request the protocol refuses at once
  (an unknown op: JSON in, dispatch, a three-key answer out, nothing computed);
* ``parse``: the core call, its ``to_json``, and the whole ``answer_line``;
* ``analyze``: the same three;
* the reference: rfc3986's ``uri_reference(u)``, ``is_valid()``, ``normalize()`` (the
  work of ``bench_batch.py``'s script, without its start-up and file reading).

Results go to ``bench/out/batch_floor.json``; ``bench_batch.py`` quotes them in the
``## Batch`` section of ``docs/performance.md`` when the file is there.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

import corpus as corpus_mod  # noqa: E402

from uriinspector.batch import protocol  # noqa: E402
from uriinspector.core import analysis  # noqa: E402
from uriinspector.core.parse import parse  # noqa: E402

OUT = HERE / "out" / "batch_floor.json"


def _per_item(fn: Callable[[object], object], items: Sequence[object], rounds: int) -> float:
    """Least CPU microseconds per item of ``fn`` over ``items`` (after one warm pass)."""
    for x in items:
        fn(x)
    best = float("inf")
    for _ in range(rounds):
        t0 = time.process_time()
        for x in items:
            fn(x)
        best = min(best, time.process_time() - t0)
    return best / len(items) * 1e6


def _rfc3986(u: object) -> None:
    import rfc3986

    try:
        ref = rfc3986.uri_reference(u)
        ref.is_valid()
        ref.normalize()
    except Exception:  # as the script does: its parser raises on some inputs
        pass


def measure(uris: list[str], rounds: int) -> dict[str, float]:
    """Microseconds per line of each stage (see the module docstring)."""
    warnings.simplefilter("ignore", DeprecationWarning)
    out: dict[str, float] = {}
    refused = [json.dumps({"op": "no-such-op", "id": i}).encode() for i in range(len(uris))]
    out["framing: answer_line of an unknown op"] = _per_item(
        protocol.answer_line,  # type: ignore[arg-type]
        refused,
        rounds,
    )
    for op in ("parse", "analyze"):
        lines = [json.dumps({"op": op, "input": u, "id": i}) for i, u in enumerate(uris)]
        raw = [x.encode("utf-8", "surrogatepass") for x in lines]
        out[f"{op}: decode_line (request JSON in)"] = _per_item(
            protocol.decode_line,  # type: ignore[arg-type]
            lines,
            rounds,
        )
        answers = [protocol.handle_line(x) for x in raw]
        out[f"{op}: encode_answer (answer JSON out, standard encoder)"] = _per_item(
            protocol.encode_answer,  # type: ignore[arg-type]
            answers,
            rounds,
        )
        out[f"{op}: encode_answer_line (answer JSON out, orjson)"] = _per_item(
            protocol.encode_answer_line,  # type: ignore[arg-type]
            answers,
            rounds,
        )
        if op == "parse":
            out["parse: parse(u)"] = _per_item(parse, uris, rounds)  # type: ignore[arg-type]
            results = [parse(u) for u in uris]
        else:
            out["analyze: analyze(u)"] = _per_item(
                analysis.analyze,  # type: ignore[arg-type]
                uris,
                rounds,
            )
            results = [analysis.analyze(u) for u in uris]  # type: ignore[misc]
        out[f"{op}: to_json (answer dict)"] = _per_item(
            lambda r: r.to_json(),  # type: ignore[attr-defined]
            results,
            rounds,
        )
        out[f"{op}: answer_line (the whole line)"] = _per_item(
            protocol.answer_line,  # type: ignore[arg-type]
            raw,
            rounds,
        )
    out["rfc3986: uri_reference + is_valid + normalize"] = _per_item(_rfc3986, uris, rounds)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--size", type=int, default=corpus_mod.CORPUS_SIZE, help="URIs")
    ns = ap.parse_args(argv)
    uris = corpus_mod.load_corpus()[: ns.size]
    result = measure(uris, ns.rounds)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"uris": len(uris), "rounds": ns.rounds, "us": result}, indent=2))
    for name, us in result.items():
        print(f"{name:55s} {us:8.1f} us/line")
    return 0


if __name__ == "__main__":
    sys.exit(main())
