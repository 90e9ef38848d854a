"""Chromium's IDN spoof-checker table as facts: each host and whether a browser shows it.

The rows of ``tests/data/chromium_idn_spoof.jsonl`` are the hosts (and their expected
result) of ``kIdnCases`` in Chromium's
``components/url_formatter/spoof_checks/idn_spoof_checker_unittest.cc`` (BSD-3-Clause,
read 2026-11-28; rows only, no code). "unsafe" means the browser keeps the host in
punycode: here it must get ``mixed-script-host`` or ``confusable-host`` (warning or
danger). "safe" means it is shown as Unicode: here it must get no danger at all.

Rows marked ``out_of_scope`` say why they are not asserted (Chromium reaches them through
its test-only top-domain list, or a later per-script list). The ``kInvalid`` rows are
about IDNA decoding, not spoofing, and are left out.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from uriinspector.core.analysis import analyze

ROWS = [
    json.loads(line)
    for line in (Path(__file__).parents[1] / "data" / "chromium_idn_spoof.jsonl")
    .read_text("utf-8")
    .splitlines()
    if line.strip()
]
IN_SCOPE = [r for r in ROWS if "out_of_scope" not in r]
CODES = ("mixed-script-host", "confusable-host")


def test_the_table_is_large_and_mostly_in_scope() -> None:
    unsafe = [r for r in ROWS if r["expected"] == "unsafe"]
    assert len(unsafe) >= 300 and len(ROWS) - len(unsafe) >= 90
    assert len(IN_SCOPE) / len(ROWS) >= 0.85
    assert len({r["host"] for r in ROWS}) == len(ROWS)


@pytest.mark.parametrize(
    "row", [r for r in IN_SCOPE if r["expected"] == "unsafe"], ids=lambda r: r["host"]
)
def test_unsafe_rows_get_a_spoof_finding(row: dict[str, str]) -> None:
    found = [f for f in analyze(f"https://{row['host']}/").findings if f.code in CODES]
    assert any(f.severity in ("warning", "danger") for f in found), row


@pytest.mark.parametrize(
    "row", [r for r in IN_SCOPE if r["expected"] == "safe"], ids=lambda r: r["host"]
)
def test_safe_rows_get_no_danger(row: dict[str, str]) -> None:
    found = analyze(f"https://{row['host']}/").findings
    assert not [f for f in found if f.severity == "danger"], row


@pytest.mark.parametrize(
    ("host", "word"),
    [
        ("abc\u02d7def.com", "hyphen"),  # the xn--abcdef-5od.com, typed as Unicode
        ("abc\u2010def.com", "hyphen"),
        ("paypal\u2013login.com", "hyphen"),
        ("google\u4e00com.com", "stroke"),
        ("abc\u30fcdef.jp", "prolonged"),
    ],
)
def test_dash_lookalikes_typed_as_unicode_are_danger(host: str, word: str) -> None:
    found = [f for f in analyze(f"https://{host}/").findings if f.code in CODES]
    assert any(f.severity == "danger" for f in found)
    assert any(word in f.message for f in found), [f.message for f in found]
