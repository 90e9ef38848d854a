"""Measure batch answers against their requests: answer bytes / request bytes, peak RSS.

Every op of the batch protocol gets adversarial inputs of a given size (1 MB, 5 MB)
in every field; each case runs in a fresh interpreter so its peak RSS is its own.
Prints one row per case, worst ratio first, and writes bench/out/batch_bounds.json.

    python bench/batch_bounds.py --size 1000000 [--ops normalize,urn] [--shapes pct,trip]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

#: Adversarial texts of about ``n`` code points, by name.
SHAPES: dict[str, Callable[[int], str]] = {
    "pct": lambda n: "%" * n,
    "triplets": lambda n: "%41" * (n // 3),
    "triplets-lower": lambda n: "%7e" * (n // 3),
    "triplets-bad": lambda n: "%zz" * (n // 3),
    "triplets-nul": lambda n: "%00" * (n // 3),
    "upper": lambda n: "A" * n,
    "alt-case": lambda n: "Ab" * (n // 2),
    "dotdot": lambda n: "/.." * (n // 3),
    "dot": lambda n: "/." * (n // 2),
    "segments": lambda n: "a/" * (n // 2),
    "up-then-segments": lambda n: "a/" * (n // 4) + "../" * (n // 6),
    "brackets": lambda n: "[" * n,
    "at": lambda n: "@" * n,
    "colon": lambda n: ":" * n,
    "surrogates": lambda n: "\ud800" * n,
    "nul": lambda n: "\x00" * n,
    "non-ascii": lambda n: "é" * n,
    "bidi": lambda n: "\u202e" * n,
    "space": lambda n: " " * n,
    "http-host-dots": lambda n: "http://" + "a." * (n // 2),
    "http-path-triplets": lambda n: "http://X/" + "%41b" * (n // 4),
    "http-upper-host": lambda n: "HTTP://" + "A" * n,
    "urn-triplets": lambda n: "urn:ex:" + "%4a" * (n // 3),
    "urn-pct": lambda n: "urn:ex:" + "%" * n,
    "urn-directives": lambda n: "urn:ex:a?=" + "k=v&" * (n // 4),
    "urn-bad-nid": lambda n: "urn:" + "-" * n + ":x",
    "text-uris": lambda n: "a:b " * (n // 4),
    "text-http": lambda n: "http://a " * (n // 9),
}

#: Requests per op: each field that takes text gets the shape.
REQUESTS: dict[str, Callable[[str], dict[str, object]]] = {
    "parse": lambda s: {"op": "parse", "input": s},
    "parse-2396": lambda s: {"op": "parse", "input": s, "edition": "rfc2396"},
    "parse-1993": lambda s: {"op": "parse", "input": s, "edition": "draft-1993"},
    "parse-whatwg": lambda s: {"op": "parse", "input": s, "edition": "whatwg"},
    "analyze": lambda s: {"op": "analyze", "input": s},
    "resolve-ref": lambda s: {"op": "resolve", "base": "http://a/b/c/d;p?q", "ref": s},
    "resolve-base": lambda s: {"op": "resolve", "base": "http://a/" + s, "ref": "g/../h"},
    "resolve-1808": lambda s: {"op": "resolve", "base": "http://a/b", "ref": s, "rules": "rfc1808"},
    "normalize": lambda s: {"op": "normalize", "input": s},
    "compare": lambda s: {"op": "compare", "a": s, "b": s.lower()},
    "urn": lambda s: {"op": "urn", "input": s},
    "urn-equivalent": lambda s: {"op": "urn-equivalent", "a": s, "b": s},
    "extract": lambda s: {"op": "extract", "text": s},
}


def one(op: str, shape: str, size: int) -> dict[str, object]:
    """Run one case in this process; the numbers for its row."""
    from uriinspector.batch import protocol

    line = json.dumps({"id": 1, **REQUESTS[op](SHAPES[shape](size))}).encode("ascii")
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t0 = time.perf_counter()
    answer = protocol.handle_line(line)
    text = protocol.encode_answer(answer or {})
    seconds = time.perf_counter() - t0
    rss1 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "op": op,
        "shape": shape,
        "request": len(line),
        "answer": len(text),
        "ratio": round(len(text) / len(line), 2),
        "seconds": round(seconds, 2),
        "peak_mb": round(rss1 / 1024, 1),
        "growth_mb": round((rss1 - rss0) / 1024, 1),
        "error": (answer or {}).get("error", {}).get("code")  # type: ignore[union-attr]
        if isinstance((answer or {}).get("error"), dict)
        else None,
    }


def main() -> int:
    """Run the selected cases, each in a child interpreter; print and save the table."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--size", type=int, default=1_000_000)
    ap.add_argument("--ops", default=",".join(REQUESTS))
    ap.add_argument("--shapes", default=",".join(SHAPES))
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--out", default=str(ROOT / "bench" / "out" / "batch_bounds.json"))
    ap.add_argument("--one", nargs=2, metavar=("OP", "SHAPE"), help=argparse.SUPPRESS)
    ns = ap.parse_args()
    if ns.one:
        print(json.dumps(one(ns.one[0], ns.one[1], ns.size)))
        return 0
    rows: list[dict[str, object]] = []
    for op in ns.ops.split(","):
        for shape in ns.shapes.split(","):
            cmd = [sys.executable, __file__, "--size", str(ns.size), "--one", op, shape]
            try:
                done = subprocess.run(
                    cmd, capture_output=True, text=True, timeout=ns.timeout, check=False
                )
                row = json.loads(done.stdout) if done.returncode == 0 else {
                    "op": op, "shape": shape, "error": done.stderr.strip()[-300:]
                }
            except subprocess.TimeoutExpired:
                row = {"op": op, "shape": shape, "error": f"timeout {ns.timeout}s"}
            rows.append(row)
            print(json.dumps(row), flush=True)
    rows.sort(key=lambda r: -float(r.get("ratio", 1e9)))  # type: ignore[arg-type]
    out = Path(ns.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"size": ns.size, "rows": rows}, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
