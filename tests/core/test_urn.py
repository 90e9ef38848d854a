"""URN syntax and lexical equivalence (URN draft §2, §5; RFC 8141 as tie-breaker)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.growth import assert_linear
from uriinspector.core.normalize import normalize
from uriinspector.core.urn import QueryDirective, parse_urn, upper_hex, urn_equivalent

DATA = Path(__file__).resolve().parent.parent / "data"


def _rows(name: str) -> list[dict[str, Any]]:
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


EQUIV = _rows("urn_lexical_equivalence.jsonl")
PARSE = _rows("urn_parse.jsonl")


@pytest.mark.parametrize(
    ("a", "b"),
    list(itertools.product(EQUIV, EQUIV)),
    ids=[f"{a['n']}-{b['n']}" for a, b in itertools.product(EQUIV, EQUIV)],
)
def test_urn_draft_5_1_examples(a: dict[str, Any], b: dict[str, Any]) -> None:
    assert urn_equivalent(a["urn"], b["urn"]) == (a["resource"] == b["resource"])
    assert urn_equivalent(a["urn"], b["urn"], "resource") == (a["resource"] == b["resource"])
    assert urn_equivalent(a["urn"], b["urn"], "resolution") == (
        a["resolution"] == b["resolution"]
    )


@pytest.mark.parametrize("row", PARSE, ids=[r["input"] or "empty" for r in PARSE])
def test_parse_urn_table(row: dict[str, Any]) -> None:
    p = parse_urn(row["input"])
    assert p.valid == row["valid"]
    assert p.nid == row["nid"] and p.nss == row["nss"]
    assert p.lexical_form == row["lexical_form"]
    assert [d.code for d in p.diagnostics] == row["codes"]
    assert all("§" in d.message for d in p.diagnostics)


def test_query_directives_and_components() -> None:
    p = parse_urn("urn:isbn:0-395-36341-1?s=I2L&c=ToC#p1")
    assert p.query_directives == (QueryDirective("s", "I2L"), QueryDirective("c", "ToC"))
    assert p.f_component == "p1" and p.r_component is None and p.q_component is None
    p = parse_urn("urn:foo:a?s=I2L&s=I2R&c=ToC")
    assert p.query_directives == (QueryDirective("c", "ToC"),)  # §2.3: all "s" ignored
    p = parse_urn("urn:example:a?+r1/x?=q1?y#f")
    assert (p.r_component, p.q_component, p.f_component) == ("r1/x", "q1?y", "f")
    assert p.query_directives is None
    p = parse_urn("urn:example:a?=only")
    assert (p.r_component, p.q_component) == (None, "only")
    assert parse_urn("urn:foo:a").query_directives is None


def test_spans_point_at_the_parts() -> None:
    text = "URN:Foo:a%2c?s=x#f"
    p = parse_urn(text)
    got = {name: span.of(text) for name, span in p.spans}
    assert got == {"scheme": "URN", "nid": "Foo", "nss": "a%2c", "query": "s=x", "f_component": "f"}


def test_to_json_contract_shape() -> None:
    j = parse_urn("urn:foo:a?s=x").to_json()
    assert list(j) == [
        "op", "input", "valid", "nid", "nss", "r_component", "q_component", "f_component",
        "query_directives", "lexical_form", "diagnostics",
    ]
    assert j["query_directives"] == [{"keyword": "s", "value": "x"}]
    assert parse_urn("urn:foo:a").to_json()["query_directives"] is None
    d = parse_urn("urn:urn:a").to_json()["diagnostics"]
    assert isinstance(d, list)
    assert set(d[0]) == {"code", "severity", "start", "end", "message"}


def test_resolution_orders_directives() -> None:
    # URN draft §5 step 5b: directives brought into a preferred keyword order.
    assert urn_equivalent("urn:foo:a?s=I2L&c=ToC", "urn:foo:a?c=ToC&s=I2L", "resolution")
    assert not urn_equivalent("urn:foo:a?s=I2L", "urn:foo:a?s=I2R", "resolution")
    assert urn_equivalent("urn:foo:a?s=%2f", "URN:FOO:a?s=%2F#x", "resolution")
    assert urn_equivalent("urn:foo:a?s=I2L", "urn:foo:a?s=I2R", "resource")


def test_not_urns_are_never_equivalent() -> None:
    assert not urn_equivalent("http://a/", "http://a/")
    assert not urn_equivalent("urn:foo", "urn:foo")


def test_upper_hex_never_decodes() -> None:
    assert upper_hex("a%2c%7e%zz%") == "a%2C%7E%zz%"


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="urnURN:abAB%2cC?#+=&/ -", max_size=30))
def test_lexical_form_is_the_ladders_normal_form(text: str) -> None:
    p = parse_urn(text)
    if p.lexical_form is not None:
        assert normalize(text).normalized == p.lexical_form
        assert parse_urn(p.lexical_form).lexical_form == p.lexical_form


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40))
def test_never_raises(text: str) -> None:
    p = parse_urn("urn:" + text)
    assert p.valid == (not any(d.severity == "error" for d in p.diagnostics))
    for _, span in p.spans:
        assert span.end <= len(p.input)
    urn_equivalent(text, "urn:" + text, "resolution")


def test_one_megabyte() -> None:
    def make(n: int) -> str:
        return "urn:foo:" + "a%2c b/" * n + "?s=x&" * 1000 + "#f"

    p = parse_urn(make(150_000))
    assert not p.valid
    assert_linear(make, parse_urn, 75_000, repeats=2, what="parse_urn")


# ---- diagnostics capped per code, the rest counted (issue 13) -------------------------------

def _unreserved(triplet: str) -> bool:
    """RFC 3986 §2.3: ALPHA / DIGIT / "-" / "." / "_" / "~"."""
    c = chr(int(triplet[1:], 16))
    return c.isascii() and (c.isalnum() or c in "-._~")


def _totals(text: str) -> dict[str, int]:
    """Diagnostics per code, a summary counting for the ones it stands for."""
    import re

    totals: dict[str, int] = {}
    for d in parse_urn(text).diagnostics:
        m = re.search(r"and (\d+) more '([^']+)' diagnostics not listed", d.message)
        totals[d.code] = totals.get(d.code, 0) + (int(m.group(1)) if m else 1)
    return totals


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.sampled_from(["%", "%4a", "%4A", "%00", "%zz", "<", "a", "%7e", "%2F", "%0", "%%41"]),
        max_size=300,
    )
)
def test_urn_diagnostics_are_capped_and_counted(parts: list[str]) -> None:
    """At most 50 per code plus one "and N more"; the counts are the true counts, found
    here independently from the NSS text (URN draft §2.5.2, §2.5.3)."""
    import re

    nss = "".join(parts)
    totals = _totals("urn:ex:" + nss)
    expected = {
        "urn-bad-percent-encoding": len(re.findall(r"%(?![0-9A-Fa-f]{2})", nss)),
        "urn-nul-octet": len(re.findall(r"%00", nss)),
        "urn-needless-percent-encoding": len(
            [t for t in re.findall(r"%[0-9A-Fa-f]{2}", nss) if _unreserved(t)]
        ),
    }
    for code, n in expected.items():
        assert totals.get(code, 0) == n, (code, totals)
    result = parse_urn("urn:ex:" + nss)
    for code in {d.code for d in result.diagnostics}:
        assert sum(d.code == code for d in result.diagnostics) <= 51


def test_a_megabyte_of_percent_is_51_diagnostics() -> None:
    """1 MB of ``%`` was a million diagnostics: a 172 MB batch answer and 59 s."""
    result = parse_urn("urn:ex:" + "%" * 1_000_000)
    assert len(result.diagnostics) == 51 and not result.valid
    assert "and 999950 more 'urn-bad-percent-encoding'" in result.diagnostics[-1].message
