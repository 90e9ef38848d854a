"""Measure destination decoding against its labelled corpus (issue 12).

Prints recall per category (a row counts when its whole chain, URL and ``via`` of every
hop, and its unknowable verdict are exactly as labelled) and the rate of benign rows
reported wrongly. ``tests/core/test_destinations_corpus.py`` asserts the same
thresholds through :func:`measure`.

    python bench/measure_destinations.py
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from uriinspector.core.analysis import analyze  # noqa: E402
from uriinspector.core.destinations import destinations  # noqa: E402

CORPUS = ROOT / "tests" / "data" / "destinations_corpus.jsonl"

RECALL_MIN = 0.95
BENIGN_WRONG_MAX = 0.01
MEDIAN_MS_MAX = 1.0


@dataclass(frozen=True, slots=True)
class Figures:
    """What the corpus run measured."""

    rows: int
    per_category: tuple[tuple[str, int, int], ...]  # (category, right, rows)
    #: (carrier via, right, rows): a wrapped row counts for every carrier of its
    #: expected chain, an unknowable row for its unknowable via
    per_carrier: tuple[tuple[str, int, int], ...]
    benign_wrong: tuple[str, ...]
    benign: int
    misses: tuple[tuple[str, object, object], ...]  # (uri, expected, got)

    @property
    def benign_wrong_rate(self) -> float:
        return len(self.benign_wrong) / self.benign if self.benign else 0.0


def load_corpus(path: Path = CORPUS) -> list[dict[str, object]]:
    """The labelled rows, one JSON object per line."""
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def measure(rows: list[dict[str, object]] | None = None) -> Figures:
    """Run ``destinations`` over the corpus and count exact chains per category."""
    rows = load_corpus() if rows is None else rows
    right: dict[str, int] = {}
    total: dict[str, int] = {}
    c_right: dict[str, int] = {}
    c_total: dict[str, int] = {}
    misses: list[tuple[str, object, object]] = []
    benign_wrong: list[str] = []
    benign = 0
    for row in rows:
        uri, category = str(row["uri"]), str(row["category"])
        d = destinations(uri)
        got = ([[h.url, h.via] for h in d.hops], d.unknowable.via if d.unknowable else None)
        want = (row["chain"], row["unknowable"])
        ok = got == want
        total[category] = total.get(category, 0) + 1
        right[category] = right.get(category, 0) + ok
        if not ok:
            misses.append((uri, want, got))
        chain = row["chain"] if isinstance(row["chain"], list) else []
        carriers = {str(hop[1]) for hop in chain}
        if row["unknowable"]:
            carriers.add(str(row["unknowable"]))
        for via in carriers:
            c_total[via] = c_total.get(via, 0) + 1
            c_right[via] = c_right.get(via, 0) + ok
        if row["label"] == "benign":
            benign += 1
            if not ok:
                benign_wrong.append(uri)
    per = tuple((c, right[c], total[c]) for c in total)
    per_carrier = tuple((c, c_right[c], c_total[c]) for c in sorted(c_total))
    return Figures(len(rows), per, per_carrier, tuple(benign_wrong), benign, tuple(misses))


def wrapped_two_kb_uri() -> str:
    """A 2 KB Safe Links link wrapping Proofpoint v2 wrapping a Google redirect, with
    the tracking parameters a mail gateway adds: a three-hop chain to decode."""
    google = "https://www.google.com/url?q=https%3A%2F%2Fevil.example%2Flogin&sa=D"
    v2 = "https://urldefense.proofpoint.com/v2/url?u=" + "".join(
        "_" if ch == "/" else ch if ch.isalnum() or ch in ".~" else f"-{ord(ch):02X}"
        for ch in google
    ) + "&d=DwMFaQ&c=euGZ&r=kY7&m=Zx1&s=Qw2&e="
    from urllib.parse import quote

    head = f"https://nam12.safelinks.protection.outlook.com/?url={quote(v2, safe='')}&data="
    return (head + "05%7C02%7C" * 400)[:2048]


def interleaved_ms(fns: list[Callable[[], object]], runs: int = 400) -> list[float]:
    """Median wall time of each function in milliseconds, run in turn so that a busy
    machine slows all of them alike (after a warm-up)."""
    for fn in fns:
        for _ in range(20):
            fn()
    times: list[list[float]] = [[] for _ in fns]
    for _ in range(runs):
        for fn, bucket in zip(fns, times, strict=True):
            t = time.perf_counter()
            fn()
            bucket.append(time.perf_counter() - t)
    return [statistics.median(b) * 1000 for b in times]


def _cold(text: str) -> object:
    """The chain with the scan cache emptied first (what a new link costs)."""
    from uriinspector.core.destinations import scan

    scan._recent.clear()
    return destinations(text)


def timings() -> list[tuple[str, float]]:
    """Median times, interleaved: the findings bench's 2 KB link (every detector) and a
    2 KB three-hop wrapper, each analysed without and with its destination chain, and
    the chain alone on a new link."""
    from bench.measure_findings import two_kb_uri

    detectors, wrapped = two_kb_uri(), wrapped_two_kb_uri()
    names = [
        "analyze, 2 KB (every detector)",
        "analyze + destinations, 2 KB (every detector)",
        "analyze, 2 KB (3-hop wrapper)",
        "analyze + destinations, 2 KB (3-hop wrapper)",
        "destinations alone, 2 KB (3-hop wrapper, cold)",
    ]
    figures = interleaved_ms([
        lambda: analyze(detectors),
        lambda: analyze(detectors).destinations,
        lambda: analyze(wrapped),
        lambda: analyze(wrapped).destinations,
        lambda: _cold(wrapped),
    ])
    return list(zip(names, figures, strict=True))


def main() -> int:
    """Print the figures table; exit 1 if a threshold is missed."""
    fig = measure()
    ok = True
    print(f"corpus: {fig.rows} rows\n")
    print(f"{'category':<14}{'right':>7}{'rows':>7}{'recall':>9}")
    for category, hit, n in fig.per_category:
        r = hit / n if n else 1.0
        ok &= r >= RECALL_MIN
        print(f"{category:<14}{hit:>7}{n:>7}{r:>9.1%}")
    print(f"\n{'carrier':<22}{'right':>7}{'rows':>7}{'recall':>9}")
    for via, hit, n in fig.per_carrier:
        r = hit / n if n else 1.0
        ok &= r >= RECALL_MIN
        print(f"{via:<22}{hit:>7}{n:>7}{r:>9.1%}")
    good = fig.benign_wrong_rate <= BENIGN_WRONG_MAX
    ok &= good
    print(
        f"\nbenign reported wrongly {fig.benign_wrong_rate:>7.1%}  "
        f"(<= {BENIGN_WRONG_MAX:.0%}) {'ok' if good else 'MISSED'}"
    )
    for uri, want, got in fig.misses:
        print(f"  miss: {uri!r}\n    expected {want!r}\n    got      {got!r}")
    print()
    for name, ms in timings():
        good = ms < MEDIAN_MS_MAX
        ok &= good
        print(f"{name:<48}{ms:>8.3f} ms  (< {MEDIAN_MS_MAX} ms) {'ok' if good else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
