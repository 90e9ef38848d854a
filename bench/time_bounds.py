"""The time figures the tests asserted until issue 22, measured here instead.

Tests hold these inputs to linear growth or bounded work (``tests/growth.py``); a time
depends on the machine and its load, so it is printed here beside the bound the old
test used, and recorded in docs/performance.md. Each figure is the best of ``--repeats``
wall-clock runs in this process after a warm-up.

    python bench/time_bounds.py [--repeats 3]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.measure_findings import median_ms, two_kb_uri  # noqa: E402
from tests.sources.builders import nested_mail  # noqa: E402
from uriinspector.core.decoders import decode  # noqa: E402
from uriinspector.core.destinations import destinations  # noqa: E402
from uriinspector.core.extract import extract  # noqa: E402
from uriinspector.core.normalize import normalize  # noqa: E402
from uriinspector.core.parse import parse  # noqa: E402
from uriinspector.core.resolve import resolve  # noqa: E402
from uriinspector.core.split import split  # noqa: E402
from uriinspector.core.urn import parse_urn  # noqa: E402
from uriinspector.sources.mail import extract_eml  # noqa: E402


def best(run: Callable[[], object], repeats: int) -> float:
    """The least wall time of ``repeats`` calls of ``run`` (seconds), after one more."""
    run()
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return min(times)


def _bulk_mail() -> bytes:
    line = "Lorem ipsum dolor sit amet https://bulk.example/{} consectetur adipiscing.\n"
    msg = EmailMessage()
    msg.set_content("".join(line.format(i) for i in range(20 * 1024 * 1024 // 75)))
    return bytes(msg)


def cases() -> list[tuple[str, str, Callable[[], object]]]:
    """(what, the old test's bound, the call) for every figure."""
    kb8 = "http://example.com/" + "abcdefg%41" * 820
    query = "http://example.com/search?q=" + "abc%41&" * 1170
    garbage = ("<\u00e9\x00%\ud800 a{" * 125_000)[:1_000_000]
    seg = "x" * 500 + "/"
    ref = (seg + "./" + seg + "../") * (1_000_000 // (2 * len(seg) + 5)) + "g"
    unit = "HTTP://User@Example.COM:80/a/./b/../%7e%41%2F/"
    nested, bulk = nested_mail(100), _bulk_mail()
    out: list[tuple[str, str, Callable[[], object]]] = [
        ("parse 8 KB of triplets", "< 2 ms", lambda: parse(kb8, "rfc3986")),
        ("split 1,170 query parameters", "", lambda: split(query)),
        ("parse 1,170 query parameters", "split + 2 ms", lambda: parse(query, "rfc3986")),
    ]
    for edition in ("rfc3986", "rfc2396", "draft-1993"):
        out.append((f"parse 1 MB garbage ({edition})", "< 1 s",
                    lambda e=edition: parse(garbage, e)))
    out += [
        ("resolve 2,000 '../'", "< 2 s", lambda: resolve("http://a/b/c/d;p?q", "../" * 2000)),
        ("resolve 1 MB of segments", "< 2 s", lambda: resolve("http://a/b/c/d;p?q", ref)),
        ("normalize 1 MB", "< 10 s",
         lambda: normalize(("x" + unit * (1_048_576 // len(unit) + 1))[:1_048_576])),
        ("destinations, 120,000 parameters", "< 3 s", lambda: destinations(
            "https://example.com/?" + "&".join(f"k{i}=v{i}" for i in range(120_000)))),
        ("decode a 1 MB data: URI (percent)", "< 2 s",
         lambda: decode("data:text/plain," + "%41b" * (1 << 18))),
        ("parse_urn 1 MB", "< 10 s",
         lambda: parse_urn("urn:foo:" + "a%2c b/" * 150_000 + "?s=x&" * 1000 + "#f")),
        ("extract 1 MB of '\"a'", "< 10 s", lambda: extract('"a' * 524_288)),
        ("extract 1 MB of '<'", "< 10 s", lambda: extract("<" * 1_048_576)),
        ("mail nested 100 deep", "< 30 s", lambda: extract_eml(nested)),
        ("mail of 20 MB", "< 120 s", lambda: extract_eml(bulk)),
    ]
    return out


def main() -> int:
    """Print each figure with the bound its test once asserted."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}")
    text = two_kb_uri()
    print(f"{'analyze 2 KB link (median of 300)':40} {median_ms(text):9.3f} ms  (< 1 ms)")
    for what, bound, run in cases():
        ms = best(run, args.repeats) * 1000
        print(f"{what:40} {ms:9.3f} ms  {f'({bound})' if bound else ''}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
