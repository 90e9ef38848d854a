"""The labelled mail corpus (tests/data/mail/): links found and mismatch flags per
category. The figures are in docs/performance.md, ## Findings, ### Mail and HTML."""

from __future__ import annotations

import json
from collections import defaultdict
from email.message import EmailMessage
from pathlib import Path

from tests.sources.builders import qr_png
from uriinspector.sources import read_bytes, read_path
from uriinspector.sources.model import Document

CORPUS = Path(__file__).resolve().parents[1] / "data" / "mail"
LABELS = [json.loads(line) for line in (CORPUS / "labels.jsonl").read_text().splitlines()
          if line.strip()]

QR_LURES = {
    "parking": "https://pay-parking.evil.example/lot/7",
    "mfa": "https://m365-mfa.evil.example/setup?u=analyst",
    "parcel": "https://dhl-redelivery.evil.example/fee",
}


def _qr_mails() -> list[tuple[dict[str, object], Document]]:
    """QR lures built here (images are generated, not shipped): a category of their own."""
    out = []
    for name, url in QR_LURES.items():
        msg = EmailMessage()
        msg["Subject"] = f"Scan to continue ({name})"
        msg.set_content("Scan the code with your phone.")
        msg.add_attachment(qr_png(url, "JPEG" if name == "mfa" else "PNG"),
                           maintype="image", subtype="jpeg" if name == "mfa" else "png")
        label = {"file": f"qr-{name}", "category": "qr",
                 "links": [["2 image/" + ("jpeg" if name == "mfa" else "png") + " (QR)", url]],
                 "mismatch": []}
        out.append((label, read_bytes(bytes(msg))))
    return out


def _score() -> dict[str, dict[str, float]]:
    per: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    pairs = [(label, next(iter(read_path(str(CORPUS / label["file"]))))) for label in LABELS]
    for label, doc in [*pairs, *_qr_mails()]:
        found = {(link.part, link.uri) for link in doc.links}
        flagged = {(link.part, link.uri) for link in doc.links if link.mismatch}
        expected = {tuple(x) for x in label["links"]}
        expected_flags = {tuple(x) for x in label["mismatch"]}
        s = per[str(label["category"])]
        s["mails"] += 1
        s["links"] += len(expected)
        s["links_found"] += len(expected & found)
        s["extra_links"] += len(found - expected)
        s["mismatches"] += len(expected_flags)
        s["mismatches_flagged"] += len(expected_flags & flagged)
        s["false_flags"] += len(flagged - expected_flags)
        s["problems"] += len(doc.problems)
        s["expected_problems"] += len(label.get("problems", []))
        s["problems_seen"] += len(set(label.get("problems", [])) & {p.code for p in doc.problems})
    return per


def test_corpus_has_phishing_and_benign_mails() -> None:
    categories = [label["category"] for label in LABELS]
    assert len(LABELS) >= 10
    assert {"phishing", "benign", "malformed"} <= set(categories)


def test_recall_per_category() -> None:
    per = _score()
    for category, s in per.items():
        assert s["links_found"] == s["links"], category  # every labelled link found
        assert s["extra_links"] == 0, category  # and nothing else
        assert s["mismatches_flagged"] == s["mismatches"], category  # recall 100%
        assert s["false_flags"] == 0, category  # no benign anchor flagged
        assert s["problems_seen"] == s["expected_problems"], category
    assert per["phishing"]["mismatches"] >= 8
    assert per["qr"]["links"] == len(QR_LURES)
