"""The carrier table's host index: a host is tried only against the rows of its labels,
and gets exactly the rows the full loop over every host pattern gives."""

from __future__ import annotations

import json
import random
import re
from importlib.resources import files

from uriinspector.core.destinations.table import (
    CARRIERS_FILE,
    Table,
    _anchor_label,
    parse_table,
    rows_for_host,
    table,
)


def _every_row(t: Table, host: str) -> tuple[tuple[object, ...], ...]:
    """The rows whose host pattern matches, by the full loop (the behaviour to keep)."""
    return (
        tuple(c for c in t.carriers if c.hosts.fullmatch(host)),
        tuple(o for o in t.opaque if o.hosts.fullmatch(host)),
        tuple(m for m in t.mentions if m.hosts.fullmatch(host)),
    )


def _patterns() -> list[str]:
    doc = json.loads(files("uriinspector.resources").joinpath(CARRIERS_FILE).read_text("utf-8"))
    return [
        str(h) for k in ("carriers", "unknowable", "mentions") for e in doc.get(k, [])
        for h in e.get("hosts", [])
    ]  # fmt: skip


def test_anchor_label_is_a_whole_literal_label() -> None:
    assert _anchor_label("www.google.*") == "google"
    assert _anchor_label("protect-*.mimecast.com") == "mimecast"
    assert _anchor_label("*.safelinks.protection.outlook.com") == "protection"
    assert _anchor_label("*") is None
    assert _anchor_label("a*.b*") is None


def test_index_gives_the_rows_of_the_full_loop() -> None:
    t = table()
    rnd = random.Random(22)
    fills = ["a", "x-y", "www", "b.c", "google", "co.uk", "com", "de", "com.au", "evil.example"]
    hosts = {"example.com", "google.evil.example", "mimecast.com.evil", "t.co", "a.b"}
    for p in _patterns():
        for _ in range(8):
            h = p
            while "*" in h:
                h = h.replace("*", rnd.choice(fills), 1)
            hosts.add(h.strip(".").lower())
    matched = 0
    for host in sorted(hosts):
        want = _every_row(t, host)
        assert rows_for_host(host) == want, host
        matched += bool(want[0] or want[1])
    assert matched > len(hosts) // 2  # the generated hosts do reach carriers


def test_a_row_without_a_literal_label_is_tried_for_every_host() -> None:
    doc = {"carriers": [{"hosts": ["*"], "params": ["u"]}, {"hosts": ["go.example"]}]}
    t = parse_table(json.dumps(doc))
    assert t.host_always == (0,)
    assert t.host_labels == {"example": (1,)}


def test_row_regexes_compile_on_first_use_and_answer_as_compiled_ones() -> None:
    # each row's regex is compiled when a host or path first reaches it (compiling all
    # ~170 rows' hosts and paths was ~100 M instructions of a process's first analysis)
    t = parse_table(files("uriinspector.resources").joinpath(CARRIERS_FILE).read_text("utf-8"))
    rows = [*t.carriers, *t.opaque, *t.mentions]
    assert not any(r.hosts.is_compiled or r.paths.is_compiled for r in rows)
    samples = ["example.com", "urldefense.proofpoint.com", "nam02.safelinks.protection.outlook.com",
               "www.google.com", "l.facebook.com", "t.co", "/v2/url", "/url", "/redirect", "/"]
    for r in rows:
        for pat in (r.hosts, r.paths):
            eager = re.compile(pat.pattern, pat.get().flags)
            assert pat.get().pattern == pat.pattern
            for s in samples:
                assert bool(pat.fullmatch(s)) == bool(eager.fullmatch(s)), (pat.pattern, s)
    # rows compare as before: equal sources and flags are equal patterns
    again = parse_table(files("uriinspector.resources").joinpath(CARRIERS_FILE).read_text("utf-8"))
    assert again == t and hash(again.carriers) == hash(t.carriers)
