"""Issue 21 items 5 and 6: ``extract`` output ready for a ticket, and indicators out.

The mail is written here: a Safe Links wrapper around a brand's real page shown as that
page, the same wrapper around a look-alike, and a plain anchor showing another site.
"""

from __future__ import annotations

import csv
import io
import json
import mailbox
from email.message import EmailMessage
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.cli.helpers import cli, mock_env
from uriinspector.cli import ExitStatus, main
from uriinspector.cli.env import Style
from uriinspector.cli.extract import _elide

WRAP = "https://eur01.safelinks.protection.outlook.com/?url={}&data=05%7C02&reserved=0"
LONG = "https://evil.example/" + "a" * 150 + "/end-of-path"


def receipt() -> bytes:
    msg = EmailMessage()
    msg["From"] = "=?utf-8?q?P=C3=A4yPal?= <service@paypal-receipts.example>"
    msg["Subject"] = "Your receipt"
    msg["Date"] = "Fri, 27 Nov 2026 10:00:00 +0000"
    msg.set_content("See the HTML part.\n")
    msg.add_alternative(
        f'<a href="{WRAP.format("https%3A%2F%2Fwww.paypal.com%2Fsignin")}">www.paypal.com</a>'
        f'<a href="{WRAP.format("https%3A%2F%2Fpaypa1-account-help.com%2F")}">www.paypal.com</a>'
        f'<a href="{LONG}">Read more</a>',
        subtype="html",
    )
    return bytes(msg)


@pytest.fixture
def mail(tmp_path: Path) -> Path:
    path = tmp_path / "receipt.eml"
    path.write_bytes(receipt())
    return path


def test_table_is_defanged_and_says_where_each_link_goes(mail: Path) -> None:
    r = cli("extract", str(mail), "--color", "never", environ={"COLUMNS": "120"})
    assert r.exit_status == ExitStatus.SUCCESS, r.stderr
    lines = r.splitlines()
    assert "From: PäyPal <service@paypal-receipts.example>" in [x.strip() for x in lines]
    assert "Date: Fri, 27 Nov 2026 10:00:00 +0000" in [x.strip() for x in lines]
    assert "https://" not in r and "hxxps://eur01[.]safelink" in r
    rows = [x for x in lines if x.startswith(("  ! ", "    caution", "    danger", "    nothing"))]
    assert len(rows) == 3
    # where each really goes: the final registrable domain, not the gateway
    assert "paypal[.]com" in rows[0] and "paypa1-account-help[.]com" in rows[1]
    assert rows[1].startswith("  ! danger") and not rows[0].startswith("  !")
    assert ("The visible text shows paypal[.]com but the link goes to "
            "paypa1-account-help[.]com.") in r
    # every line fits the width; a long link keeps both ends, its middle elided
    assert max(len(x) for x in rows) <= 120
    assert "…" in rows[2] and "/end-of-path" in rows[2] and "hxxps://evil[.]example/" in rows[2]


def test_live_shows_links_as_they_are(mail: Path) -> None:
    r = cli("extract", "--live", str(mail), "--color", "never")
    assert "https://eur01.safelinks.protection.outlook.com/" in r and "hxxps" not in r
    assert "the link goes to paypa1-account-help.com." in r


def test_json_adds_final_hosts_verdict_and_codes(mail: Path) -> None:
    rows = cli("extract", "--json", str(mail)).json
    assert [row["final"] for row in rows] == [
        "https://www.paypal.com/signin", "https://paypa1-account-help.com/", LONG]
    assert [row["final_domain"] for row in rows] == [
        "paypal.com", "paypa1-account-help.com", "evil.example"]
    assert rows[0]["effective_host"] == "eur01.safelinks.protection.outlook.com"
    assert rows[0]["registrable_domain"] == "outlook.com"
    assert [row["mismatch"] for row in rows] == [False, True, False]
    assert rows[1]["verdict"] == "danger" and rows[1]["codes"][0] == "text-mismatch"
    assert "embedded-url" in rows[0]["codes"]
    assert rows[2]["uri"] == LONG  # the full value, never elided
    assert rows[0]["from"].startswith("PäyPal") and rows[0]["subject"] == "Your receipt"


def test_defanged_indicators_in_text_are_found_as_in_the_window() -> None:
    r = cli("extract", "see hxxps://evil[.]example/x", "--color", "never")
    assert r.splitlines()[0] == "1 URI reference found"
    assert "hxxps://evil[.]example/x" in r and "refanged: https://evil.example/x" in r
    r = cli("extract", "see http://paypal.com@evil.example/", "--color", "never")
    assert "danger" in r and "evil.example" not in r and "evil[.]example" in r  # reason too
    r = cli("extract", "--ioc", "csv", "see hxxps://evil[.]example/x")
    (row,) = csv.DictReader(io.StringIO(str(r)))
    assert row["link"] == "hxxps://evil[.]example/x" and row["final_domain"] == "evil[.]example"


def test_progress_never_exceeds_its_total(tmp_path: Path) -> None:
    path = tmp_path / "box.mbox"
    box = mailbox.mbox(str(path))
    body = receipt()
    # a body line starting "From " right after a non-blank line: mailbox.mbox splits
    # there too, so the count made ahead must agree with it
    box.add(body.replace(b"See the HTML part.\n", b"See the HTML part.\nFrom here on\n"))
    box.add(body)
    box.close()
    env = mock_env(environ={"COLUMNS": "100"})

    class _TTY(io.StringIO):
        def isatty(self) -> bool:
            return True

    env.stderr = _TTY()
    assert main(["extract", "--json", str(path)], env) == ExitStatus.SUCCESS
    shown = [part.split("] ")[1].split("\x1b")[0] for part in env.stderr.getvalue().split("\r")
             if "] " in part]
    assert shown, env.stderr.getvalue()
    for count in shown:
        done, total = (int(x) for x in count.split("/"))
        assert done <= total


def test_elide_keeps_both_ends_within_the_width() -> None:
    plain = Style(False)
    out = _elide("x" * 40 + "界" * 10 + "tail", 30, plain)
    assert out.endswith("tail") and "…" in out and len(out) <= 30
    assert _elide("short", 10, plain) == "short     "


def _validate_stix(text: str) -> None:
    from stix2validator import ValidationOptions, validate_string

    result = validate_string(text, ValidationOptions(version="2.1", strict=True))
    assert result.is_valid, [str(e) for e in result.errors]


def test_ioc_stix_is_a_valid_stix_2_1_bundle(mail: Path) -> None:
    r = cli("extract", "--ioc", "stix", str(mail))
    assert r.exit_status == ExitStatus.SUCCESS, r.stderr
    _validate_stix(str(r))
    bundle = json.loads(str(r))
    by_type: dict[str, list[dict[str, object]]] = {}
    for obj in bundle["objects"]:
        by_type.setdefault(obj["type"], []).append(obj)
    urls = {o["value"] for o in by_type["url"]}
    assert {"https://www.paypal.com/signin", "https://paypa1-account-help.com/", LONG} <= urls
    assert {o["value"] for o in by_type["domain-name"]} == {
        "paypal.com", "paypa1-account-help.com", "evil.example"}
    # only the danger link is an indicator; the brand's real page is an observable only
    patterns = [o["pattern"] for o in by_type["indicator"]]
    assert patterns == ["[url:value = 'https://paypa1-account-help.com/']"]


def test_stix_pattern_escapes_quotes() -> None:
    from uriinspector.report.indicators import Indicator, to_stix

    odd = "https://evil.example/it's"
    text = to_stix([Indicator(odd, odd, "evil.example", "danger", "reason")])
    _validate_stix(text)
    assert "it\\\\'s" in text  # JSON of the pattern literal it\'s (STIX 2.1 §9.2)


def test_ioc_misp_is_an_offline_event(mail: Path) -> None:
    r = cli("extract", "--ioc", "misp", str(mail))
    assert r.exit_status == ExitStatus.SUCCESS, r.stderr
    event = json.loads(str(r))
    objects = event["Object"]
    assert {o["name"] for o in objects} == {"url"}
    values = [[(a["object_relation"], a["value"]) for a in o["Attribute"]] for o in objects]
    assert [("url", "https://paypa1-account-help.com/"),
            ("domain", "paypa1-account-help.com")] in values
    wrapped = next(o for o in objects
                   if o["Attribute"][0]["value"].startswith(WRAP.split("?")[0])
                   and "paypa1" in o["Attribute"][0]["value"])
    assert wrapped["ObjectReference"][0]["relationship_type"] == "redirects-to"
    to_ids = {a["value"]: a["to_ids"] for o in objects for a in o["Attribute"]
              if a["object_relation"] == "url"}
    assert to_ids["https://paypa1-account-help.com/"] is True
    assert to_ids["https://www.paypal.com/signin"] is False


def test_ioc_csv_is_defanged_for_tickets(mail: Path, tmp_path: Path) -> None:
    r = cli("extract", "--ioc", "csv", str(mail))
    rows = list(csv.DictReader(io.StringIO(str(r))))
    assert [row["verdict"] for row in rows] == ["caution", "danger", "nothing-notable"]
    assert rows[1]["final"] == "hxxps://paypa1-account-help[.]com/"
    assert rows[1]["final_domain"] == "paypa1-account-help[.]com"
    assert "paypa1-account-help[.]com" in rows[1]["reason"]
    assert "https://" not in str(r).replace("https%3A", "")
    assert rows[1]["codes"].split()[0] == "text-mismatch"
    from uriinspector.report.indicators import Indicator, to_csv

    formula = to_csv([Indicator("x", "x", None, "danger", shown_as="=HYPERLINK(1)")])
    assert "'=HYPERLINK(1)" in formula  # a spreadsheet never runs a cell


@pytest.mark.parametrize(
    ("link", "value"),
    [
        ("https://exämple.com/ä", "https://xn--exmple-cua.com/%C3%A4"),
        ("https://a.example/a b", "https://a.example/a%20b"),
        ("javascript:alert(1)", "javascript:alert(1)"),
        ("https://a.example/%zz", None),  # no URI a browser and RFC 3986 agree on
    ],
)
def test_stix_url_values_are_uris(link: str, value: str | None) -> None:
    from uriinspector.report.indicators import Indicator, stix_url, to_stix

    assert stix_url(link) == value
    text = to_stix([Indicator(link, link, "a.example", "danger", "r")])
    _validate_stix(text)
    patterns = [o["pattern"] for o in json.loads(text)["objects"] if o["type"] == "indicator"]
    assert patterns == ([f"[url:value = '{value}']"] if value else [])


@settings(max_examples=40, deadline=None)
@given(
    width=st.integers(min_value=72, max_value=220),  # 71: every column at its narrowest
    tail=st.text(st.characters(codec="utf-8"), max_size=200),
    display=st.text(max_size=80),
    part=st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=60),
)
def test_rows_fit_any_width_and_escape_what_they_show(
    width: int, tail: str, display: str, part: str
) -> None:
    from uriinspector.cli.env import cells
    from uriinspector.cli.extract import render_table
    from uriinspector.sources.model import Document, Link

    link = Link(uri="https://evil.example/" + tail, raw="", target="https://evil.example/x",
                kind="href", display=display, part=part, verdict="danger", reason="r")
    lines = render_table(Document("html", (link,)), Style(False), width=width)
    row = lines[2]
    assert sum(w for _, w, _ in cells(row)) <= width
    assert not any(esc for _, _, esc in cells(row))  # controls were escaped already
