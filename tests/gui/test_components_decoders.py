"""The Components tree's "<scheme> details" branch, rendered from real decoder output.

Each scheme decoder of issue 6 is shown on a real example and read back as a person
sees it: labels, values, flag words (never colour alone), spans that select text, and
``data:`` previews (text escaped, images through Qt's image reader). The last test
checks that 20,000 updates leave ``sys.getrefcount(None)`` flat (the PySide6 6.11 /
CPython 3.11 ``QTreeWidgetItem.setText`` leak, tests/gui/test_soak.py).
"""

from __future__ import annotations

import base64
import gc
import sys

import pytest
from PySide6.QtCore import QBuffer, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QTreeWidgetItem
from pytestqt.qtbot import QtBot

from uriinspector.core.analysis import Analysis, analyze
from uriinspector.gui.panes.components import (
    COL_DECODED,
    COL_NAME,
    COL_RAW,
    COL_SPAN,
    ComponentsPane,
)


def _pane(qtbot: QtBot, text: str) -> ComponentsPane:
    pane = ComponentsPane()
    qtbot.addWidget(pane)
    pane.show_analysis(analyze(text))
    return pane


def _details(pane: ComponentsPane) -> dict[str, QTreeWidgetItem]:
    """The details branch's rows by label path ('Query parameters/utm_source')."""
    view = pane.view
    top = [view.topLevelItem(i) for i in range(view.topLevelItemCount())]
    section = next(it for it in top if it.text(COL_NAME).endswith(" details"))
    out: dict[str, QTreeWidgetItem] = {"": section}

    def walk(item: QTreeWidgetItem, prefix: str) -> None:
        for i in range(item.childCount()):
            child = item.child(i)
            label = child.text(COL_NAME).split("  ")[0]  # without the flag words
            out[prefix + label] = child
            walk(child, prefix + label + "/")

    walk(section, "")
    return out


def test_http_tracking_parameters_are_marked_with_words_and_icon(qtbot: QtBot) -> None:
    pane = _pane(qtbot, "https://user@example.com:8042/over/there?utm_source=x&name=ferret#nose")
    rows = _details(pane)
    assert rows[""].text(COL_NAME) == "https details"
    utm = rows["Query parameters/utm_source"]
    name = rows["Query parameters/name"]
    assert utm.text(COL_NAME) == "utm_source  ⚑ tracking"  # words, not colour alone
    assert utm.text(COL_DECODED) == "x"
    assert utm.data(COL_NAME, Qt.ItemDataRole.DecorationRole) is not None
    assert name.text(COL_NAME) == "name" and name.text(COL_DECODED) == "ferret"
    assert utm.foreground(COL_NAME).color() != name.foreground(COL_NAME).color()
    assert "Tracking parameter" in pane.tooltip_text(utm, COL_NAME)


def test_mailto_recipients_and_headers(qtbot: QtBot) -> None:
    text = "mailto:a@example.com?subject=Hello%20there&cc=b@example.com&body=Line%201%0D%0ALine%202"
    pane = _pane(qtbot, text)
    rows = _details(pane)
    assert rows["Recipients/Address"].text(COL_DECODED) == "a@example.com"
    assert rows["Cc/Address"].text(COL_DECODED) == "b@example.com"
    assert rows["Subject"].text(COL_DECODED) == "Hello there"
    assert rows["Subject"].text(COL_RAW) == "subject=Hello%20there"
    # the CR LF of the body is shown as chips, never as a line break (RFC 6068 §2)
    assert rows["Body"].text(COL_DECODED) == "Line 1⟨U+000D⟩⟨U+000A⟩Line 2"


def _png(width: int, height: int, colour: QColor) -> bytes:
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(colour)
    buffer = QBuffer()
    buffer.open(QBuffer.OpenModeFlag.WriteOnly)
    assert image.save(buffer, "PNG")
    return bytes(buffer.data().data())


def test_data_base64_png_is_rendered_from_its_bytes(qtbot: QtBot) -> None:
    red = QColor(200, 30, 40)
    uri = "data:image/png;base64," + base64.b64encode(_png(3, 2, red)).decode("ascii")
    pane = _pane(qtbot, uri)
    rows = _details(pane)
    preview = rows["image preview"]
    assert preview.text(COL_DECODED).startswith("PNG image, 3×2 px")
    assert preview.data(COL_DECODED, Qt.ItemDataRole.DecorationRole) is not None
    assert not pane.preview.isHidden()
    shown = pane.preview.pixmap().toImage()
    assert shown.width() >= 3 and shown.width() / shown.height() == pytest.approx(1.5)
    assert shown.pixelColor(0, 0) == red
    assert shown.pixelColor(shown.width() - 1, shown.height() - 1) == red


def test_data_undecodable_image_says_so(qtbot: QtBot) -> None:
    junk = b"\x89PNG\r\n\x1a\n" + b"\x00" * 30  # a PNG signature and nothing valid after
    pane = _pane(qtbot, "data:image/png;base64," + base64.b64encode(junk).decode("ascii"))
    preview = _details(pane)["image preview"]
    assert preview.text(COL_NAME) == "image preview  ✖ invalid"
    assert preview.text(COL_DECODED).startswith("the image could not be decoded")
    assert pane.preview.isHidden()


def test_data_text_preview_is_escaped_plain_text(qtbot: QtBot) -> None:
    uri = "data:text/html,%3Cscript%3Ealert(1)%3C/script%3E%0A%3Cb%3Ex"
    pane = _pane(qtbot, uri)
    preview = _details(pane)["text preview"]
    # shown as the characters, controls as chips: never rendered as HTML
    assert preview.text(COL_DECODED) == "<script>alert(1)</script>⟨U+000A⟩<b>x"
    assert pane.preview.isHidden()
    long_uri = "data:text/plain," + "y" * 5000
    long_pane = _pane(qtbot, long_uri)
    preview = _details(long_pane)["text preview"]
    assert preview.text(COL_DECODED) == "y" * 200 + "…"


def test_file_drive_letter(qtbot: QtBot) -> None:
    pane = _pane(qtbot, "file:///C:/Windows/win.ini")
    rows = _details(pane)
    assert rows["Drive"].text(COL_DECODED) == "C:"
    assert rows["Drive"].text(COL_RAW) == "C:"
    assert rows["Host"].text(COL_DECODED).startswith("localhost")


def test_ftp_typecode_and_its_span_is_selectable(qtbot: QtBot) -> None:
    pane = _pane(qtbot, "ftp://ftp.example.com/pub/file.txt;type=a")
    typecode = _details(pane)["Typecode"]
    assert typecode.text(COL_DECODED) == "a" and typecode.text(COL_SPAN) == "40–41"
    with qtbot.waitSignal(pane.spanRequested) as blocker:
        pane.view.setCurrentItem(typecode)
    assert blocker.args == [40, 41]


def test_gopher_item_type(qtbot: QtBot) -> None:
    pane = _pane(qtbot, "gopher://gopher.example.org/1/world")
    rows = _details(pane)
    assert rows["Item type"].text(COL_DECODED) == "1 — directory (menu)"
    assert rows["Selector"].text(COL_DECODED) == "/world"


def test_news_group_versus_message_id(qtbot: QtBot) -> None:
    group_pane = _pane(qtbot, "news:comp.infosystems.www")
    article_pane = _pane(qtbot, "news:1234@example.com")  # both panes stay alive
    group, article = _details(group_pane), _details(article_pane)
    assert group["Newsgroup"].text(COL_DECODED) == "comp.infosystems.www"
    assert "Message-ID" not in group
    assert article["Message-ID"].text(COL_DECODED) == "<1234@example.com>"
    assert "Newsgroup" not in article


def test_telnet_user_host_port(qtbot: QtBot) -> None:
    pane = _pane(qtbot, "telnet://joe:pw@host.example.com:2323/")
    rows = _details(pane)
    assert rows["User"].text(COL_DECODED) == "joe"
    assert rows["Host"].text(COL_DECODED) == "host.example.com"
    assert rows["Port"].text(COL_DECODED) == "2323"
    assert rows["Password"].text(COL_NAME) == "Password  ⚠ warning"


def test_urn_isbn_checksum_good_and_bad(qtbot: QtBot) -> None:
    good_pane = _pane(qtbot, "urn:isbn:0-395-36341-1")
    bad_pane = _pane(qtbot, "urn:isbn:0-395-36341-2")
    good, bad = _details(good_pane)["ISBN-10"], _details(bad_pane)["ISBN-10"]
    assert good.text(COL_NAME) == "ISBN-10  ✔ checksum ok"
    assert bad.text(COL_NAME) == "ISBN-10  ✖ checksum wrong"


def test_details_rows_are_not_editable_but_components_are(qtbot: QtBot) -> None:
    pane = _pane(qtbot, "urn:isbn:0-395-36341-1")
    isbn = _details(pane)["ISBN-10"]
    assert not isbn.flags() & Qt.ItemFlag.ItemIsEditable
    scheme = pane.view.topLevelItem(0)
    assert scheme.text(COL_NAME) == "scheme" and scheme.flags() & Qt.ItemFlag.ItemIsEditable


ROTATION = (
    "https://user@example.com:8042/over/there?utm_source=x&name=ferret#nose",
    "https://user@example.com:8042/over/there?utm_source=x&name=ferret#no",
    "https://user@example.com/over?utm_source=x",
    "mailto:a@example.com?subject=Hi&cc=b@example.com",
    "urn:isbn:0-395-36341-1",
    "urn:isbn:0-395-36341-2",
    "http://a/?" + "&".join(f"k{i}=v" for i in range(100)),
    "foo:bar",
    "",
    "//[::1]:80/a;p/b",
    "file:///C:/x",
)


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_none_refcount_flat_over_5000_updates(qtbot: QtBot) -> None:
    """PySide6 6.11 / CPython 3.11 keeps a None reference per destroyed item that was
    constructed from Python and painted (or had setText/text called); the pane's items
    are C++ clones, so showing, painting, hovering and selecting leave None flat."""
    png = base64.b64encode(_png(4, 4, QColor(0, 0, 255))).decode("ascii")
    analyses: list[Analysis] = [analyze(t) for t in ROTATION]
    analyses.append(analyze("data:image/png;base64," + png))
    analyses.append(analyze("data:text/plain,hello%0Aworld"))
    pane = ComponentsPane()
    qtbot.addWidget(pane)
    pane.resize(800, 500)
    pane.show()
    qtbot.waitExposed(pane)

    def run(n: int) -> None:
        for i in range(n):
            pane.show_analysis(analyses[i % len(analyses)])
            if i % 10 == 0:
                pane.view.viewport().repaint()  # painting calls every item's data()
            if i % 50 == 0:  # hover and cursor sync use the same items
                item = pane.view.topLevelItem(0)
                pane.tooltip_text(item, COL_NAME)
                pane.select_at(i % 20)

    run(2 * len(analyses))  # warm up the core's and Qt's caches
    gc.collect()
    before = sys.getrefcount(None)
    run(5_000)  # a leak adds one per destroyed item: thousands here, against 20 allowed
    gc.collect()
    rise = sys.getrefcount(None) - before
    assert rise < 20, f"sys.getrefcount(None) rose by {rise} over 5,000 updates"
