"""``uriinspector site`` on a generated site: whole-process time and peak memory (issue 23).

Generates a site of ``--pages`` pages (default 5,000) in 50 nested folders, each page with
about 24 references of every kind (relative up and down, directory indexes, fragments
found and missing, extension-less paths, ``srcset`` candidates, images, external links,
a few broken ones), then runs ``python -m uriinspector site DIR --json`` and the table
form ``--runs`` times each as child processes and reports the median wall time, the
median per page and the largest peak RSS (``getrusage`` of the children). Nothing is
fetched: every external reference is only listed.

    python bench/bench_site.py [--pages 5000] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def page(folder: int, n: int, folders: int, per: int) -> str:
    """One page of folder ``folder``: ~24 references, a few of them broken."""
    nxt = (n + 1) % per
    other = (folder + 1) % folders
    refs = [
        f'<a href="p{nxt}.html#s{nxt % 7}">next</a>',
        f'<a href="../f{other}/p{n}.html">sibling folder</a>',
        f'<a href="../f{other}/">its index</a>',
        f'<a href="../f{other}/p{n}">extension-less</a>',
        '<a href="../index.html#top">home</a>',
        f'<a href="#s{n % 7}">here</a>',
        f'<a href="p{nxt}.html#missing">missing fragment</a>' if n % 10 == 0 else
        f'<a href="p{nxt}.html">next again</a>',
        f'<a href="gone{n}.html">gone</a>' if n % 25 == 0 else '<a href="./">folder</a>',
        '<a href="https://example.com/x">external</a>',
        '<a href="mailto:team@example.com">mail</a>',
        '<img src="../img/logo.png" srcset="../img/logo.png 1x, ../img/logo@2x.png 2x">',
        '<link rel="stylesheet" href="/style.css">',
        '<script src="/app.js"></script>',
        f'<a href="P{nxt}.html">case</a>' if n % 50 == 0 else '<a href="p0.html">first</a>',
    ]
    refs += [f'<a href="p{(n + k) % per}.html#s{k}">more {k}</a>' for k in range(1, 9)]
    sections = "".join(f'<h2 id="s{k}">Section {k}</h2><p>Text of section {k}.</p>'
                       for k in range(7))
    return ("<!doctype html><html><head><meta charset=utf-8><title>Page</title></head>"
            f"<body><nav>{''.join(refs)}</nav><main>{sections}</main></body></html>\n")


def generate(root: Path, pages: int) -> None:
    """Write the site: ``index.html``, ``img/``, ``style.css`` and 50 folders of pages."""
    folders = 50
    per = max(1, pages // folders)
    (root / "img").mkdir()
    (root / "img" / "logo.png").write_bytes(b"")
    (root / "style.css").write_text("body{}\n")
    (root / "app.js").write_text("\n")
    (root / "index.html").write_text('<h1 id="top">Home</h1><a href="f0/">start</a>\n')
    for f in range(folders):
        d = root / f"f{f}"
        d.mkdir()
        (d / "index.html").write_text(f'<a href="p0.html">first of {f}</a>\n')
        for n in range(per):
            (d / f"p{n}.html").write_text(page(f, n, folders, per))


def run(cmd: list[str]) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds (user + system) and the child's peak RSS in KiB."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False,
                   env={**os.environ, "PYTHONPATH": str(ROOT)})
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, after.ru_maxrss


def main() -> None:
    """Generate, run, print the figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--pages", type=int, default=5000)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        generate(root, args.pages)
        n_pages = sum(1 for _ in root.rglob("*.html"))
        out = subprocess.run([sys.executable, "-m", "uriinspector", "site", tmp, "--json"],
                             capture_output=True, check=False, env={**os.environ,
                                                                    "PYTHONPATH": str(ROOT)})
        refs = out.stdout.count(b"\n")
        print(f"site of {n_pages:,} pages, {refs:,} references; load {os.getloadavg()[0]:.2f}")
        for label, extra in (("--json", ["--json"]), ("table", ["--color", "never"])):
            walls, cpus, peak = [], [], 0
            for _ in range(args.runs):
                wall, cpu, rss = run([sys.executable, "-m", "uriinspector", "site", tmp,
                                      *extra])
                walls.append(wall)
                cpus.append(cpu)
                peak = max(peak, rss)
            med, cpu = statistics.median(walls), statistics.median(cpus)
            print(f"{label:7s} wall median {med:6.2f} s (min {min(walls):.2f}, max "
                  f"{max(walls):.2f}); CPU median {cpu:6.2f} s = {1e3 * cpu / n_pages:.2f} "
                  f"ms/page, {1e6 * cpu / max(1, refs):.0f} us/reference; peak RSS "
                  f"{peak / 1024:.0f} MB")


if __name__ == "__main__":
    main()
