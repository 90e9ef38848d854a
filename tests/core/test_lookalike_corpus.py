"""The labelled look-alike corpus (issue 12): recall per category, false alarms on benign
rows at most 1%, the brands' real login hosts among them (batch contract 1.1)."""

from __future__ import annotations

from collections import Counter

from bench.measure_lookalike import (
    FALSE_ALARM_MAX,
    load_corpus,
    measure_corpus,
    measure_holdout,
    measure_owned,
    measure_popular,
)

CATEGORIES = {
    "homoglyph", "skeleton-dash", "typo", "digit", "rn-m", "combo", "wrong-suffix",
    "brand-in-subdomain", "brand-in-path",
    # issue 21: two tricks at once, glued words, brand.tld-word.tld, free hosts, and the
    # brands added then (tax authorities, carriers, game stores, banks)
    "typo-combo", "glued", "tld-continued", "free-hosting", "new-brands",
}
#: Every category measured 100% (docs/performance.md, Look-alikes); each is held at 95%,
#: the margin for one miss in twenty, which is a regression worth a look.
RECALL_MIN = 0.95
#: Benign categories issue 21 added: the false alarms a hidden set found (a brand's own
#: media host, a carrier's regional parcel domain, a brand's research site) and names
#: that contain a brand or a phishing word.
BENIGN_CATEGORIES = {
    "media-host", "carrier-regional", "research-site", "tax-authority", "ordinary-name",
}


def test_corpus_is_labelled_and_large_enough() -> None:
    rows = load_corpus()
    assert len(rows) >= 150
    benign = [r for r in rows if r["label"] == "benign"]
    attacks = [r for r in rows if r["label"] == "attack"]
    assert len(benign) >= 100
    assert {r["category"] for r in attacks} == CATEGORIES
    assert min(Counter(r["category"] for r in attacks).values()) >= 10
    assert sum(r["category"] == "login-host" for r in benign) >= 50
    for category in BENIGN_CATEGORIES:
        assert sum(r["category"] == category for r in benign) >= 10, category
    for r in attacks:
        assert r["code"] in ("lookalike-domain", "brand-in-subdomain") and r["imitates"]
        assert r["note"]
    assert len({r["uri"] for r in rows}) == len(rows)


def test_recall_per_category_and_false_alarms() -> None:
    fig = measure_corpus()
    for category, found, expected in fig.recall:
        assert found / expected >= RECALL_MIN, (category, fig.missed)
    assert fig.false_alarm_rate <= FALSE_ALARM_MAX, fig.false_alarms


def test_false_alarms_on_held_out_popular_sites() -> None:
    # a quarter of Chromium's list below the top bucket, left out of the index: real sites
    fig = measure_holdout()
    assert fig.held_out > 1000
    assert fig.rate <= FALSE_ALARM_MAX, fig.flagged


def test_false_alarms_on_every_unlisted_popular_site() -> None:
    # all ~4,700 Chromium-list domains no brand owns, left out of the index at once
    fig = measure_popular()
    assert fig.held_out > 4000
    assert fig.rate <= FALSE_ALARM_MAX, fig.flagged


def test_brand_owned_hosts_never_get_a_finding() -> None:
    fig = measure_owned()
    assert fig.held_out > 2000
    assert fig.flagged == ()
