"""Safe Links' ``data=`` value named: recipient, tenant and rewrite time (issue 21).

The fields reach the ``analyze`` answer as the additive ``carrier_fields`` key (the
``destinations`` entries keep exactly the contract's keys), the Components pane's
scheme details (``Analysis.decoding``) and the CLI's chain.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from urllib.parse import quote

from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.core.analysis import analyze
from uriinspector.core.destinations import destinations
from uriinspector.core.destinations.safelinks import read_data, ticks_to_iso

DATA = (
    "05|02|jane.doe@corp.example|2f5b3b7e0a2b4b0a08dc1234567890ab|"
    "72f988bf86f141af91ab2d7cd011db47|0|0|638403423578665559|Unknown|"
    "TWFpbGZsb3d8eyJWIjoiMC4wLjAwMDAiLCJQIjoiV2luMzIiLCJBTiI6Ik1haWwiLCJXVCI6Mn0=|0|||"
)


def wrap(target: str, data: str = DATA, host: str = "nam12") -> str:
    return (
        f"https://{host}.safelinks.protection.outlook.com/?url={quote(target, safe='')}"
        f"&data={quote(data, safe='')}&sdata=bMPrbif%2B96QoKY5WarbxCTonEn6%3D&reserved=0"
    )


def named(uri: str) -> dict[str, str]:
    return {str(f["name"]): str(f["value"]) for f in analyze(uri).to_json()["carrier_fields"]}  # type: ignore[union-attr]


def test_ticks_are_dotnet_hundred_nanoseconds_since_year_one() -> None:
    # .NET DateTime.Ticks: 100 ns intervals since 0001-01-01T00:00:00 (UTC here).
    ticks = 638403423578665559
    expected = datetime(1, 1, 1, tzinfo=UTC) + timedelta(microseconds=ticks // 10)
    assert ticks_to_iso(ticks) == expected.strftime("%Y-%m-%dT%H:%M:%SZ") == "2024-01-08T20:25:57Z"
    assert ticks_to_iso(621355968000000000) is None  # 1970: not a rewrite time
    assert ticks_to_iso(10**18) is None


def test_recipient_tenant_and_time_are_named() -> None:
    uri = wrap("https://evil.example/login")
    got = named(uri)
    assert got["recipient"] == "jane.doe@corp.example"
    assert got["tenant"] == "72f988bf-86f1-41af-91ab-2d7cd011db47"
    assert got["time"] == "2024-01-08T20:25:57Z"
    assert got["message"] == "2f5b3b7e0a2b4b0a08dc1234567890ab"
    assert got["client"].startswith("Mailflow|")
    # each field's offsets locate its raw text in the link
    for f in analyze(uri).to_json()["carrier_fields"]:  # type: ignore[union-attr]
        assert f["hop"] == 0 and f["via"] == "safelinks"
        raw = uri[f["start"] : f["end"]]
        assert raw and ("%7C" not in raw or f["name"] == "format")
    recipient = next(f for f in analyze(uri).to_json()["carrier_fields"]  # type: ignore[union-attr]
                     if f["name"] == "recipient")
    assert uri[recipient["start"] : recipient["end"]] == "jane.doe%40corp.example"


def test_contract_entries_keep_their_keys() -> None:
    answer = analyze(wrap("https://evil.example/")).to_json()
    assert answer["destinations"] == [
        {"url": "https://evil.example/", "via": "safelinks", "start": 52, "end": 81}
    ]
    assert set(answer["destinations"][0]) == {"url", "via", "start", "end"}  # type: ignore[index]
    assert analyze("https://example.com/").to_json()["carrier_fields"] == []


def test_components_pane_scheme_details_show_them() -> None:
    fields = analyze(wrap("https://evil.example/")).decoding.fields  # type: ignore[union-attr]
    branch = next(f for f in fields if f.label == "Microsoft Safe Links: data=")
    values = {c.label: c.value for c in branch.children}
    assert values["Recipient"] == "jane.doe@corp.example"
    assert values["Tenant id"] == "72f988bf-86f1-41af-91ab-2d7cd011db47"
    assert values["Time (UTC)"] == "2024-01-08T20:25:57Z"
    # a Safe Links link without data= and an ordinary link have no such branch
    bare = analyze("https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fa.example")
    assert all("Safe Links" not in f.label for f in bare.decoding.fields)  # type: ignore[union-attr]
    plain = analyze("https://example.com/?data=05%7C02%7Cjane%40corp.example")
    assert all("Safe Links" not in f.label for f in plain.decoding.fields)  # type: ignore[union-attr]


def test_nested_safe_links_fields_name_their_hop() -> None:
    # Proofpoint v2 around Safe Links: the fields belong to hop 1's carrier link and
    # their offsets index hop 0's URL.
    inner = wrap("https://evil.example/")
    v2 = "https://urldefense.proofpoint.com/v2/url?u=" + "".join(
        "_" if ch == "/" else ch if ch.isalnum() or ch in ".~" else f"-{ord(ch):02X}"
        for ch in inner
    ) + "&d=DwMFaQ"
    d = destinations(v2)
    assert [h.via for h in d.hops] == ["proofpoint-v2", "safelinks"]
    fields = d.fields_json()
    assert {f["hop"] for f in fields} == {1}
    rec = next(f for f in fields if f["name"] == "recipient")
    assert d.hops[0].url[rec["start"] : rec["end"]] == "jane.doe%40corp.example"


def test_older_and_partial_data_values() -> None:
    # an older 02|01 value: the address and ticks are still found by their shape
    old = f"02|01|bob@example.org|{'a' * 32}|{'b' * 32}|1|0|636912345678901234"
    got = named(wrap("https://x.example/", old))
    assert got["recipient"] == "bob@example.org" and got["time"].startswith("2019-")
    # a value that names nothing gives no fields (the corpus's "data=05" rows)
    assert named(wrap("https://x.example/", "05")) == {}
    assert named(wrap("https://x.example/", "05|02|not-an-address|zz|0|0|12")) == {}


@given(st.text(max_size=300))
@settings(max_examples=300, deadline=None)
def test_any_data_value_never_raises(value: str) -> None:
    for f in read_data(value, 10):
        assert 10 <= f.span.start <= f.span.end <= 10 + len(value)
