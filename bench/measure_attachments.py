"""Recall per category on the attachment corpus: the inspector beside an afternoon script.

    python bench/measure_attachments.py

Prints a Markdown table (docs/performance.md ## Attachments): links found of links
expected per category, and links out found on the benign documents (false links).
"""

from __future__ import annotations

import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.sources.attachment_corpus import afternoon_script, cases
from uriinspector.sources.documents import read_document


def main() -> None:
    """Read every case both ways and print the table."""
    ours: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    theirs: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    spent = 0.0
    for case in cases():
        t = time.perf_counter()
        got = {x.uri for x in read_document(case.data, case.name,
                                             passwords=case.passwords).links
               if not x.uri.startswith("#")}
        spent += time.perf_counter() - t
        quick = afternoon_script(case)
        for table, found in ((ours, got), (theirs, quick)):
            row = table[case.category]
            row[0] += len(case.expected & found)
            row[1] += len(case.expected)
            row[2] += len(found - case.expected) if case.category == "benign" else 0
    print("| category | inspector | afternoon script |")
    print("| --- | ---: | ---: |")
    for cat in ours:
        if cat == "benign":
            continue
        a, b = ours[cat], theirs[cat]
        print(f"| {cat} | {a[0]}/{a[1]} | {b[0]}/{b[1]} |")
    a = [sum(v[0] for k, v in ours.items() if k != "benign"),
         sum(v[1] for k, v in ours.items() if k != "benign")]
    b = [sum(v[0] for k, v in theirs.items() if k != "benign"),
         sum(v[1] for k, v in theirs.items() if k != "benign")]
    print(f"| **all** | **{a[0]}/{a[1]} ({100 * a[0] / a[1]:.0f}%)** | "
          f"**{b[0]}/{b[1]} ({100 * b[0] / b[1]:.0f}%)** |")
    print(f"| false links on benign documents | {ours['benign'][2]} | {theirs['benign'][2]} |")
    print(f"\nread in {spent:.2f} s (all {sum(1 for _ in cases())} documents)")


if __name__ == "__main__":
    main()
