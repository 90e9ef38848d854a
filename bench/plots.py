"""Plots of ``bench/out/results.json`` as PNG (matplotlib, Agg backend).

``python bench/plots.py`` redraws from the last results; ``bench/run.py`` calls
:func:`draw` at the end of a run. A full run writes ``docs/bench_throughput.png`` (URIs/s
by library, log scale) and ``docs/bench_scaling.png`` (time against input length,
log-log, with a slope-1 guide for linear cost); a ``--quick`` run writes them under
``bench/out/`` so a smoke run never replaces the published figures.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

HERE = Path(__file__).resolve().parent
DOCS = HERE.parent / "docs"
OUT = HERE / "out"

OURS = "#1f6feb"
OTHERS = "#8b949e"
BASELINE = "#d29922"


def _colour(name: str) -> str:
    if name.startswith("ours."):
        return OURS
    if name in ("urlsplit", "urljoin"):
        return BASELINE
    return OTHERS


def throughput(res: dict[str, Any], path: Path) -> Path:
    groups = res["groups"]
    heights = [len(g["rows"]) for g in groups]
    fig, axes = plt.subplots(
        len(groups),
        1,
        figsize=(9, 1.0 + 0.42 * sum(heights)),
        gridspec_kw={"height_ratios": heights},
        sharex=True,
    )
    for ax, g in zip(axes, groups, strict=True):
        rows = sorted(g["rows"], key=lambda r: r["uris_per_s"])
        labels = [r["label"] for r in rows]
        values = [r["uris_per_s"] for r in rows]
        bars = ax.barh(labels, values, color=[_colour(r["name"]) for r in rows])
        for bar, r in zip(bars, rows, strict=True):
            ax.text(
                bar.get_width() * 1.08,
                bar.get_y() + bar.get_height() / 2,
                f"{r['uris_per_s']:,.0f}/s  ({r['ratio_to_urlsplit']:.2f}× urlsplit)",
                va="center",
                fontsize=7,
            )
        ax.set_xscale("log")
        ax.set_title(f"{g['name']} ({g['rounds']} rounds, median)", fontsize=9, loc="left")
        ax.tick_params(axis="y", labelsize=7)
        ax.grid(axis="x", which="both", alpha=0.25)
    axes[-1].set_xlabel(f"URIs per second (log scale; corpus of {res['n_inputs']:,} URIs)")
    axes[-1].set_xlim(right=max(r["uris_per_s"] for g in groups for r in g["rows"]) * 30)
    m = res["machine"]
    fig.suptitle(
        f"Throughput by library — {m['nproc']} cores, {m['cpu']}, Python {m['python']}", fontsize=9
    )
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def scaling(res: dict[str, Any], path: Path) -> Path:
    sizes_label = res["scaling_sizes"]
    size_of = {"1KB": 1e3, "10KB": 1e4, "100KB": 1e5, "1MB": 1e6}
    sc = res["scaling"]
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.6), sharey=True)
    # left: our analyze in every shape
    for shape, series in sc.get("ours.analyze", {}).items():
        xs = [size_of[s] for s in sizes_label if s in series]
        left.plot(xs, [series[s] for s in sizes_label if s in series], marker="o", label=shape)
    left.set_title("ours: analyze, by input shape", fontsize=9)
    # right: every function on its worst shape at the largest size measured
    styles = {
        "ours.parse": "-",
        "ours.analyze": "-",
        "ours.full": "-",
        "ours.normalize": "-",
        "ours.resolve": "-",
        "urlsplit": "--",
        "rfc3986.ref": "--",
        "ada.parse": "--",
    }
    for fname, shapes in sc.items():

        def last(series: dict[str, float]) -> float:
            return series[[s for s in sizes_label if s in series][-1]]

        shape, series = max(shapes.items(), key=lambda kv: last(kv[1]))
        xs = [size_of[s] for s in sizes_label if s in series]
        right.plot(
            xs,
            [series[s] for s in sizes_label if s in series],
            linestyle=styles.get(fname, ":"),
            marker=".",
            label=f"{fname} ({shape})",
        )
    right.set_title("every function, on its slowest shape", fontsize=9)
    for ax in (left, right):
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("input length (code points)")
        ax.grid(which="both", alpha=0.25)
        # slope-1 guide (linear cost) and the 1 s budget for 1 MB
        ax.plot([1e3, 1e6], [1e-4, 1e-1], color="black", linewidth=0.6, alpha=0.4)
        ax.axhline(1.0, color="red", linewidth=0.6, alpha=0.5)
        ax.legend(fontsize=7)
    left.set_ylabel("seconds per call (median)")
    fig.suptitle(
        "Time against input length (log-log; grey: slope 1 = linear; red: 1 s)", fontsize=9
    )
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def draw(res: dict[str, Any], *, quick: bool = False) -> list[Path]:
    target = OUT if quick else DOCS
    target.mkdir(parents=True, exist_ok=True)
    return [
        throughput(res, target / "bench_throughput.png"),
        scaling(res, target / "bench_scaling.png"),
    ]


def main() -> int:
    res = json.loads((OUT / "results.json").read_text(encoding="utf-8"))
    for p in draw(res, quick=bool(res.get("quick")) or "--quick" in sys.argv):
        print(f"wrote {p}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
