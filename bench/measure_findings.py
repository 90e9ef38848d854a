"""Measure the suspicious-link findings against the labelled corpus (issue 4).

Prints a table: recall per finding code, the false-danger rate on benign rows, the
accuracy of ``effective_host`` and the median time of ``analyze`` on a 2 KB URI.
``tests/core/test_analysis.py`` asserts the same thresholds through :func:`measure`.

    python bench/measure_findings.py
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from uriinspector.core.analysis import analyze  # noqa: E402
from uriinspector.core.findings import CODES  # noqa: E402

CORPUS = ROOT / "tests" / "data" / "attack_corpus.jsonl"

RECALL_MIN = 0.95
FALSE_DANGER_MAX = 0.02
HOST_ACCURACY_MIN = 0.98
MEDIAN_MS_MAX = 1.0


@dataclass(frozen=True, slots=True)
class Figures:
    """What the corpus run measured."""

    rows: int
    attacks: int
    benign: int
    recall: tuple[tuple[str, int, int], ...]  # (code, found, expected)
    false_danger: tuple[str, ...]  # benign URIs that got a danger finding
    host_misses: tuple[tuple[str, str | None, str | None], ...]  # (uri, expected, got)
    missed: tuple[tuple[str, str], ...]  # (uri, code) expected but not found
    median_ms: float

    @property
    def false_danger_rate(self) -> float:
        return len(self.false_danger) / self.benign if self.benign else 0.0

    @property
    def host_accuracy(self) -> float:
        return 1 - len(self.host_misses) / self.rows if self.rows else 0.0


def load_corpus(path: Path = CORPUS) -> list[dict[str, object]]:
    """The labelled rows, one JSON object per line."""
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def two_kb_uri() -> str:
    """A 2 KB link that wakes every detector up (userinfo, IDN, escapes, nested URL...)."""
    head = (
        "https://www.paypal.com:80@xn--80ak6aa92e.com:8080/a/%252e%252e/%0D%0A/\u202efdp"
        "/%E2%80%8B/redirect/https://evil.example/?next=https%3A%2F%2Fevil.example%2F&"
    )
    filler = "&".join(f"utm_p{i}=value_{i:04d}" for i in range(200))
    return (head + filler)[:2048]


def median_ms(text: str, runs: int = 300) -> float:
    """Median wall time of ``analyze(text)`` in milliseconds (after a warm-up)."""
    for _ in range(20):
        analyze(text)
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        analyze(text)
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def measure(rows: list[dict[str, object]] | None = None, *, timing: bool = True) -> Figures:
    """Run ``analyze`` over the corpus and compute the figures."""
    rows = load_corpus() if rows is None else rows
    expected: dict[str, int] = dict.fromkeys(CODES, 0)
    found: dict[str, int] = dict.fromkeys(CODES, 0)
    false_danger: list[str] = []
    host_misses: list[tuple[str, str | None, str | None]] = []
    missed: list[tuple[str, str]] = []
    attacks = benign = 0
    for row in rows:
        uri = str(row["uri"])
        a = analyze(uri)
        codes = {f.code for f in a.findings}
        if row["label"] == "attack":
            attacks += 1
        else:
            benign += 1
            if any(f.severity == "danger" for f in a.findings):
                false_danger.append(uri)
        for code in row["codes"]:  # type: ignore[attr-defined]
            expected[code] += 1
            if code in codes:
                found[code] += 1
            else:
                missed.append((uri, code))
        if a.effective_host != row["effective_host"]:
            host_misses.append((uri, row["effective_host"], a.effective_host))  # type: ignore[arg-type]
    recall = tuple((c, found[c], expected[c]) for c in CODES)
    return Figures(
        rows=len(rows),
        attacks=attacks,
        benign=benign,
        recall=recall,
        false_danger=tuple(false_danger),
        host_misses=tuple(host_misses),
        missed=tuple(missed),
        median_ms=median_ms(two_kb_uri()) if timing else 0.0,
    )


def main() -> int:
    """Print the figures table; exit 1 if a threshold is missed."""
    fig = measure()
    ok = True
    print(f"corpus: {fig.rows} rows ({fig.attacks} attack, {fig.benign} benign)\n")
    print(f"{'code':<26}{'found':>7}{'expected':>10}{'recall':>9}")
    for code, hit, exp in fig.recall:
        r = hit / exp if exp else 1.0
        ok &= r >= RECALL_MIN
        print(f"{code:<26}{hit:>7}{exp:>10}{r:>9.1%}")
    print()
    rows = [
        ("benign false-danger rate", f"{fig.false_danger_rate:.1%}", f"<= {FALSE_DANGER_MAX:.0%}",
         fig.false_danger_rate <= FALSE_DANGER_MAX),
        ("effective_host accuracy", f"{fig.host_accuracy:.1%}", f">= {HOST_ACCURACY_MIN:.0%}",
         fig.host_accuracy >= HOST_ACCURACY_MIN),
        ("analyze 2 KB median", f"{fig.median_ms:.3f} ms", f"< {MEDIAN_MS_MAX} ms",
         fig.median_ms < MEDIAN_MS_MAX),
    ]
    for name, value, limit, good in rows:
        ok &= good
        print(f"{name:<26}{value:>12}  ({limit}) {'ok' if good else 'MISSED'}")
    for uri, code in fig.missed:
        print(f"  missed {code}: {uri!r}")
    for uri in fig.false_danger:
        print(f"  false danger: {uri!r}")
    for uri, exp_host, got in fig.host_misses:
        print(f"  host: {uri!r} expected {exp_host!r} got {got!r}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
