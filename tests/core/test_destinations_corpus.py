"""The labelled destinations corpus: recall per category and benign rows left alone.

``tests/data/destinations_corpus.jsonl``: wrapped links built by each format's own
encoding from a known target (Safe Links, Proofpoint v1/v2/v3, Mimecast, Barracuda,
Cisco, Google, Bing, Facebook, LinkedIn, Slack, YouTube, generic redirects, nesting),
links whose target cannot be known offline, and benign links with URL-like parameters
(share dialogs, archives, search boxes, local redirects) that must not be reported.
Issue 12 "What it must show"; the figures are in docs/performance.md ## Findings.
"""

from __future__ import annotations

from bench import measure_destinations as bench


def test_corpus_is_large_enough_and_labelled() -> None:
    rows = bench.load_corpus()
    assert len(rows) >= 80
    categories = {r["category"] for r in rows}
    assert {"safelinks", "proofpoint", "gateways", "redirects", "generic", "nesting",
            "unknowable", "benign"} <= categories
    for r in rows:
        assert r["label"] in {"wrapped", "unknowable", "benign"}
        assert isinstance(r["chain"], list) and r["note"] is not None


def test_recall_per_category_and_benign_rows() -> None:
    fig = bench.measure()
    for category, right, n in fig.per_category:
        assert right / n >= bench.RECALL_MIN, (category, right, n, fig.misses)
    assert fig.benign_wrong_rate <= bench.BENIGN_WRONG_MAX, fig.benign_wrong
