"""Seconds to read each HTML flood page (``bench/html_floods.py``), by this reading and
by the standard tokenizer it replaced (issue 20).

``python bench/measure_html_floods.py [SIZE ...]`` (default 100000 200000 1000000):
for each shape and size, the CPU time of the scanner alone (the links are then resolved
the same way by both), each in a child process stopped after ``--timeout`` seconds
(default 60: the standard tokenizer needs minutes on some). Prints a Markdown table.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent)]

from bench.html_floods import (  # noqa: E402 - after the path set-up
    FLOODS,
    UNCLOSED_THEN_LINK,
    StandardScanner,
    flood_page,
    scan,
    unclosed_page,
)
from uriinspector.sources.html import LinkScanner  # noqa: E402


def _one(kind: str, name: str, size: int, standard: bool) -> None:
    text = flood_page(name, size) if kind == "flood" else unclosed_page(name, size)
    started = time.process_time()
    _, links = scan(StandardScanner if standard else LinkScanner, text)
    seconds = time.process_time() - started
    raws = [link[0] for link in links]  # type: ignore[union-attr]
    print(json.dumps({"s": seconds, "before": "https://before.example/" in raws,
                      "after": "https://after.example/" in raws}))


def _measure(kind: str, name: str, size: int, standard: bool, timeout: float) -> str:
    args = [sys.executable, __file__, "--one", kind, name, str(size), str(int(standard))]
    try:
        out = subprocess.run(args, capture_output=True, text=True, timeout=timeout, check=True)
    except subprocess.TimeoutExpired:
        return f"> {timeout:.0f} s"
    except subprocess.CalledProcessError as exc:
        return f"error: {exc.stderr.strip().splitlines()[-1][:60]}"
    r = json.loads(out.stdout)
    links = ("" if r["before"] else " no before") + ("" if r["after"] else " no after")
    return f"{r['s']:.3f} s{links}"


def main() -> int:
    args = sys.argv[1:]
    if args[:1] == ["--one"]:
        _one(args[1], args[2], int(args[3]), args[4] == "1")
        return 0
    timeout = 60.0
    if "--timeout" in args:
        at = args.index("--timeout")
        timeout = float(args[at + 1])
        del args[at : at + 2]
    sizes = [int(a) for a in args] or [100_000, 200_000, 1_000_000]
    cases = [("flood", n) for n in FLOODS] + [("unclosed", n) for n in UNCLOSED_THEN_LINK]
    print("| shape | " + " | ".join(f"{s:,}: before | {s:,}: after" for s in sizes) + " |")
    print("|---|" + "---|---|" * len(sizes))
    for kind, name in cases:
        cells = []
        for size in sizes:
            cells.append(_measure(kind, name, size, True, timeout))
            cells.append(_measure(kind, name, size, False, timeout))
        label = name if kind == "flood" else f"{name}, unclosed, then a link"
        print(f"| `{label}` | " + " | ".join(cells) + " |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
