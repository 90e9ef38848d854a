"""Peak and retained memory of ``normalize`` per input shape: the table of
docs/performance.md, ``### Normalize memory``.

With ``--resolve`` the same shapes are the reference of an RFC 3986 ``resolve`` against
``http://a/b/c/d;p?q`` instead (its §5.2.4 ``remove_dot_segments`` shares the ladder's).

Each input is built before tracing starts (so it is not counted), then ``tracemalloc``
reports the peak during ``normalize`` and what is still traced while the ``Ladder`` is
alive (retained). Deterministic: the figures do not depend on the machine's load.

    .venv/bin/python bench/measure_normalize_memory.py [--sizes 1,5] [--resolve]
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uriinspector.core.normalize import normalize
from uriinspector.core.resolve import resolve

MB = 1_000_000

#: name -> (head, unit): the input is ``head`` then ``unit`` repeated, cut to the size.
SHAPES: dict[str, tuple[str, str]] = {
    "%7e": ("", "%7e"),
    "%7E": ("", "%7E"),
    "/./": ("", "/./"),
    "/../": ("", "/../"),
    "/.": ("", "/."),
    "a/../": ("http://example.com/", "a/../"),
    "a/./b/../c": ("http://example.com/", "a/./b/../c"),
    "A": ("", "A"),
}


def build(name: str, size: int) -> str:
    """The ``name`` shape at exactly ``size`` code points (ASCII: one byte each)."""
    head, unit = SHAPES[name]
    body = size - len(head)
    return head + (unit * (body // len(unit) + 1))[:body]


def measure(text: str, op: str = "normalize") -> tuple[int, int]:
    """Peak and retained traced bytes of ``normalize(text)`` (or of resolving ``text``)."""
    gc.collect()
    tracemalloc.start()
    try:
        result = normalize(text) if op == "normalize" else resolve("http://a/b/c/d;p?q", text)
        retained, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    del result
    return peak, retained


def main(argv: list[str] | None = None) -> int:
    """Print one table row per shape and size."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--sizes", default="1,5", help="sizes in MB, comma-separated")
    ap.add_argument("--shapes", default=",".join(SHAPES), help="shape names, comma-separated")
    ap.add_argument("--resolve", action="store_true", help="resolve the shapes as references")
    ns = ap.parse_args(argv)
    op = "resolve" if ns.resolve else "normalize"
    print(f"{op}; load average: {os.getloadavg()[0]:.2f}")
    print("| input | peak | retained | peak / input |")
    print("| --- | --- | --- | --- |")
    for size in (int(s) for s in ns.sizes.split(",")):
        for name in ns.shapes.split(","):
            text = build(name, size * MB)
            peak, retained = measure(text, op)
            print(
                f"| {size} MB `{name}` | {peak / 1e6:.1f} MB | {retained / 1e6:.1f} MB "
                f"| {peak / len(text):.1f}x |"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
