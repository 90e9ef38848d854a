"""The labelled destinations corpus: recall per category and benign rows left alone.

``tests/data/destinations_corpus.jsonl``: wrapped links built by each format's own
encoding from a known target (Safe Links, Proofpoint v1/v2/v3, Mimecast, Barracuda,
Cisco, Trend Micro, Symantec, Sophos, Google, Bing, Yahoo, DoubleClick, AMP, Facebook,
Instagram, LinkedIn, Slack, YouTube, VK, Steam, Reddit, Tumblr, Pinterest, Medium, the
affiliate networks Awin, Rakuten, CJ, Impact, ShareASale and Skimlinks, generic
redirects, nesting such as Safe Links > DoubleClick > Yahoo),
links whose target cannot be known offline, and benign links with URL-like parameters
(share dialogs, archives, search boxes, local redirects) that must not be reported.
Issue 12 "What it must show" and issue 21 (every redirector, recall per carrier); the
figures are in docs/performance.md ## Findings.
"""

from __future__ import annotations

from bench import measure_destinations as bench


def test_corpus_is_large_enough_and_labelled() -> None:
    rows = bench.load_corpus()
    assert len(rows) >= 230
    categories = {r["category"] for r in rows}
    assert {"safelinks", "proofpoint", "gateways", "redirects", "search-social", "affiliate",
            "generic", "nesting", "unknowable", "benign"} <= categories
    for r in rows:
        assert r["label"] in {"wrapped", "unknowable", "benign"}
        assert isinstance(r["chain"], list) and r["note"] is not None


def test_recall_per_category_and_benign_rows() -> None:
    fig = bench.measure()
    for category, right, n in fig.per_category:
        assert right / n >= bench.RECALL_MIN, (category, right, n, fig.misses)
    assert fig.benign_wrong_rate <= bench.BENIGN_WRONG_MAX, fig.benign_wrong


def test_every_carrier_of_the_table_is_in_the_corpus_with_its_recall() -> None:
    # Issue 21: each carrier (every via of the table and of its unknowable forms) has
    # rows, several shapes for the new ones, and its own recall.
    from uriinspector.core.destinations.table import table

    fig = bench.measure()
    per = {via: (right, n) for via, right, n in fig.per_carrier}
    vias = {c.via for c in table().carriers} | {o.via for o in table().opaque}
    assert vias <= set(per), vias - set(per)
    for via in ("yahoo-redirect", "doubleclick", "amp-cache", "vk-redirect", "steam-redirect",
                "reddit-redirect", "tumblr-redirect", "awin", "rakuten-linksynergy",
                "cj-affiliate", "impact", "shareasale", "skimlinks", "click-tracker"):
        assert per[via][1] >= 3, (via, per[via])
    for via, (right, n) in per.items():
        assert right / n >= bench.RECALL_MIN, (via, right, n, fig.misses)
