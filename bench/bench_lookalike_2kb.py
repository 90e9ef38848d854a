"""``analyze`` on 2 KB links with every detector on, warm and first-seen (issue 21).

Three links of 2,048 characters: ``bench/measure_findings.py``'s link that wakes every
detector, the same filler behind a two-tricks look-alike host
(``secure-paypa1-account-help.com``), and behind a host with a dash look-alike in an IDN
label (``abc\u02d7def.com``, Chromium's table). Each is timed warm (per-host caches hit,
as in a batch or the window's re-analysis) and first-seen (every per-key ``lru_cache``
of the core emptied before each run, tables kept: the cost of a host never met).
Medians in milliseconds.

    python bench/bench_lookalike_2kb.py [TREE]   # TREE: another checkout to time instead
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

TREE = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TREE))

from uriinspector.core.analysis import analyze  # noqa: E402

FILLER = "&".join(f"utm_p{i}=value_{i:04d}" for i in range(200))
LINKS = {
    "every-detector": (
        "https://www.paypal.com:80@xn--80ak6aa92e.com:8080/a/%252e%252e/%0D%0A/\u202efdp"
        "/%E2%80%8B/redirect/https://evil.example/?next=https%3A%2F%2Fevil.example%2F&"
    ),
    "typo+words": "https://secure-paypa1-account-help.com/login?",
    "idn-dash": "https://xn--abcdef-5od.com/login?",
}


def _clear() -> None:
    """Empty every per-key cache of the core; tables loaded once (``maxsize=1``: the
    confusables map, Script_Extensions) and the look-alike index stay."""
    for name, module in list(sys.modules.items()):
        if name.startswith("uriinspector.core"):
            for value in list(vars(module).values()):
                info = getattr(value, "cache_info", None)
                if callable(info) and info().maxsize != 1:
                    value.cache_clear()


def median_ms(text: str, runs: int, cold: bool) -> float:
    """Median wall time of ``analyze(text)``; ``cold`` empties the caches before each."""
    for _ in range(10):
        analyze(text)
    times = []
    for _ in range(runs):
        if cold:
            _clear()
            analyze("https://xn--80ak6aa92e.com/")  # what a host never met costs
        t = time.perf_counter()
        analyze(text)
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def main() -> int:
    for name, head in LINKS.items():
        text = (head + FILLER)[:2048]
        warm = median_ms(text, 300, cold=False)
        cold = median_ms(text, 60, cold=True)
        print(f"{name:16} warm {warm:6.3f} ms   first-seen {cold:6.3f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
