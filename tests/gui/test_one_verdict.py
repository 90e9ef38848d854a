"""Issue 21 item 3: one mail, one verdict and reason per link, on every surface.

The mail is written here: a Safe Links wrapper around a brand's real page shown as that
page (no mismatch: judged against the final destination, contract 1.2), the same
wrapper around a look-alike (a mismatch), and a plain anchor showing another site. For
each of its links the Extract row, the banner, the Findings pane, the CLI table and
JSON, and the Markdown report must give the verdict ``sources.link_verdict`` (that is
``core.verdict.decide``) gives, with the same first reason.
"""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.cli.helpers import cli
from uriinspector.core.verdict import MISMATCH_CODE, verdict_word, verdict_words
from uriinspector.gui import MainWindow
from uriinspector.gui.panes.document_view import COL_VERDICT, DocumentView
from uriinspector.sources import link_verdict

WRAP = "https://eur01.safelinks.protection.outlook.com/?url={}&data=05%7C02&reserved=0"


def receipt_mail() -> bytes:
    msg = EmailMessage()
    msg["From"] = "PayPal <service@paypal-receipts.example>"
    msg["To"] = "jane.doe@corp.example"
    msg["Subject"] = "Your receipt"
    msg["Date"] = "Fri, 27 Nov 2026 10:00:00 +0000"
    msg.set_content("See the HTML part.\n")
    msg.add_alternative(
        f'<p><a href="{WRAP.format("https%3A%2F%2Fwww.paypal.com%2Fsignin")}">'
        "www.paypal.com</a></p>"
        f'<p><a href="{WRAP.format("https%3A%2F%2Fpaypa1-account-help.com%2F")}">'
        "www.paypal.com</a></p>"
        '<p><a href="https://evil.example/login">https://paypal.com/</a></p>',
        subtype="html",
    )
    return bytes(msg)


pytestmark = pytest.mark.window(shown=True)


def test_the_mismatch_is_judged_against_the_final_destination() -> None:
    from uriinspector.sources import extract_eml

    doc = extract_eml(receipt_mail())
    html = [link for link in doc.links if link.part and "html" in link.part]
    assert [link.mismatch for link in html] == [False, True, True]
    assert [link.final for link in html] == [
        "https://www.paypal.com/signin", "https://paypa1-account-help.com/", None]
    assert html[1].target_domain == "paypa1-account-help.com"  # never outlook.com
    assert doc.sender == "PayPal <service@paypal-receipts.example>"
    assert doc.date == "Fri, 27 Nov 2026 10:00:00 +0000"


def test_one_mail_gives_one_verdict_and_reason_everywhere(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "receipt.eml"
    path.write_bytes(receipt_mail())
    window.documents.open_path(str(path))
    view: DocumentView = window.pane("extract").documentView  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: not window.documents.reader.busy, timeout=30_000)
    qtbot.waitUntil(lambda: view.model.judged == view.model.rowCount() > 0, timeout=30_000)
    table = cli("extract", "--live", str(path), "--color", "never")  # words compared as is
    rows_json = cli("extract", "--json", str(path)).json
    findings = window.pane("findings")
    checked = 0
    for r in range(view.model.rowCount()):
        link = view.link_at(r)
        assert link is not None
        if link.kind != "href":
            continue
        expected = link_verdict(link)
        word, reason = verdict_words(expected.level), expected.reasons[0]
        # the Extract row: its verdict cell and its tooltip's first line
        assert view.row_text(r)[COL_VERDICT] == verdict_word(expected.level)
        tip = view.model.data(view.model.index(r, COL_VERDICT), Qt.ItemDataRole.ToolTipRole)
        assert f"{word}: {reason}" in str(tip)
        # selecting the row: the banner and the Findings pane, read in the mail's context
        view.select_row(r)
        qtbot.waitUntil(lambda t=link.target: window.controller.analysis is not None
                        and window.controller.analysis.text == t
                        and not window.controller.busy, timeout=10_000)
        a = window.controller.analysis
        assert a is not None and a.verdict == expected
        window.flush_panes()
        banner = window.banner.plain_text()
        assert word in banner and reason[:60] in banner
        if expected.level != "nothing-notable":
            messages = [findings.view.item(i).text()  # type: ignore[attr-defined]
                        for i in range(findings.view.count())]  # type: ignore[attr-defined]
            assert any(reason in m for m in messages), messages
        # the CLI: the JSON line and the table's reason line
        row = next(x for x in rows_json if x["uri"] == link.uri and x["display"] == link.display)
        assert (row["verdict"], row["reason"]) == (expected.level, reason)
        assert (MISMATCH_CODE in row["codes"]) is link.mismatch
        if expected.level != "nothing-notable":
            assert reason in table
        # the Markdown report of the selected link (live, to compare the words exactly)
        window.menus.liveLinkAction.setChecked(True)
        md = window.exports.render("md")
        window.menus.liveLinkAction.setChecked(False)
        assert f"{word}**" in md and reason in md
        checked += 1
    assert checked == 3
    levels = [link_verdict(view.link_at(r)).level  # type: ignore[arg-type]
              for r in range(view.model.rowCount()) if view.link_at(r).kind == "href"]  # type: ignore[union-attr]
    assert levels[1:] == ["danger", "danger"] and levels[0] != "danger"


def test_typing_another_link_drops_the_document_context(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "receipt.eml"
    path.write_bytes(receipt_mail())
    window.documents.open_path(str(path))
    view: DocumentView = window.pane("extract").documentView  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: not window.documents.reader.busy, timeout=30_000)
    row = next(r for r in range(view.model.rowCount())
               if view.link_at(r).uri == "https://evil.example/login")  # type: ignore[union-attr]
    view.select_row(row)
    qtbot.waitUntil(lambda: window.controller.analysis is not None
                    and window.controller.analysis.text == "https://evil.example/login",
                    timeout=10_000)
    assert window.controller.analysis.verdict.level == "danger"  # type: ignore[union-attr]
    window.set_uri("https://evil.example/other")
    qtbot.waitUntil(lambda: window.controller.analysis.text  # type: ignore[union-attr]
                    == "https://evil.example/other", timeout=10_000)
    window.set_uri("https://evil.example/login")  # typed: no document said anything
    qtbot.waitUntil(lambda: window.controller.analysis.text  # type: ignore[union-attr]
                    == "https://evil.example/login", timeout=10_000)
    codes = [f.code for f in window.controller.analysis.findings]  # type: ignore[union-attr]
    assert MISMATCH_CODE not in codes


def test_export_indicators_from_the_extract_tab(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import csv
    import json

    from PySide6.QtWidgets import QFileDialog

    path = tmp_path / "receipt.eml"
    path.write_bytes(receipt_mail())
    window.documents.open_path(str(path))
    pane = window.pane("extract")
    qtbot.waitUntil(lambda: not window.documents.reader.busy, timeout=30_000)
    view: DocumentView = pane.documentView  # type: ignore[attr-defined]
    assert view.indicatorsButton.isVisible()
    out = tmp_path / "out.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    menu = view.indicatorsButton.menu()
    assert [a.text() for a in menu.actions()] == [
        "STIX 2.1 bundle…", "MISP event…", "Defanged CSV for a ticket…"]
    menu.actions()[0].trigger()  # STIX, through the dialog
    bundle = json.loads(out.read_text("utf-8"))
    from stix2validator import ValidationOptions, validate_string

    assert validate_string(out.read_text("utf-8"), ValidationOptions(version="2.1")).is_valid
    patterns = sorted(o["pattern"] for o in bundle["objects"] if o["type"] == "indicator")
    assert patterns == ["[url:value = 'https://evil.example/login']",
                        "[url:value = 'https://paypa1-account-help.com/']"]
    assert "Wrote" in view.status.text()
    n = pane.export_indicators(tmp_path / "t.csv", "csv")  # type: ignore[attr-defined]
    rows = list(csv.DictReader((tmp_path / "t.csv").open(encoding="utf-8")))
    assert len(rows) == n and rows[0]["file"] == "receipt.eml"
    assert all("https://" not in row["link"] for row in rows)
    misp = pane.export_indicators(tmp_path / "m.json", "misp")  # type: ignore[attr-defined]
    assert misp == n and json.loads((tmp_path / "m.json").read_text("utf-8"))["Object"]


def test_export_indicators_of_pasted_text(window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    import csv

    pane = window.pane("extract")
    pane.textBox.setPlainText("IOC: hxxps://evil[.]example/x and https://example.org/")  # type: ignore[attr-defined]
    pane.run_extraction()  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: len(pane.results()) == 2, timeout=10_000)  # type: ignore[attr-defined]
    assert pane.export_indicators(tmp_path / "t.csv", "csv") == 2  # type: ignore[attr-defined]
    rows = list(csv.DictReader((tmp_path / "t.csv").open(encoding="utf-8")))
    assert [row["link"] for row in rows] == ["hxxps://evil[.]example/x",
                                             "hxxps://example[.]org/"]


def test_two_rows_of_one_link_keep_their_own_context(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    msg = EmailMessage()
    msg["Subject"] = "Two anchors, one target"
    msg.set_content(
        '<a href="https://evil.example/">paypal.com</a> <a href="https://evil.example/">'
        "evil.example</a>", subtype="html")
    path = tmp_path / "two.eml"
    path.write_bytes(bytes(msg))
    window.documents.open_path(str(path))
    view: DocumentView = window.pane("extract").documentView  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: not window.documents.reader.busy, timeout=30_000)
    assert view.model.rowCount() == 2
    for row, level in ((0, "danger"), (1, "nothing-notable"), (0, "danger")):
        view.select_row(row)
        qtbot.waitUntil(lambda lv=level: window.controller.analysis is not None
                        and window.controller.analysis.verdict.level == lv, timeout=10_000)
        window.menus.liveLinkAction.setChecked(True)
        md = window.exports.render("md")
        shown = view.link_at(row).display  # type: ignore[union-attr]
        assert f"`{shown}`" in md, md
        assert "Found in | 1 text/html" in md
        assert ("names another domain" in md) is (level == "danger")
