"""The banner never clips its line (issue 15 item 3).

At 1024×640 a 300-character host used to widen the window past the screen (the label
asked for the width of the unbreakable host) and was cut at its END, hiding the
registrable domain. Now the host's middle is elided to what fits, the registrable domain
is kept whole, and the full host is in the tooltip and behind "Copy host".
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtGui import QGuiApplication, QTextDocument
from pytestqt.qtbot import QtBot

from uriinspector.gui import MainWindow
from uriinspector.gui.elide import ELISION, elide_middle, host_text

_LABELS = ".".join("x" * 55 + str(i) for i in range(5))
HOST = (_LABELS + ".secure-login-accounts.evil-example.com")[-300:]
URIS = {
    "plain": f"https://{HOST}/path",
    "userinfo": f"https://user@{HOST}:8080/p?q=1",
    "brand-in-front": f"https://paypal.com.{HOST[11:]}/",
}


def _fits(window: MainWindow) -> None:
    label = window.banner.label
    width = label.width()
    assert width > 0
    # the height the wrapped words need at this width is the height they have
    assert label.heightForWidth(width) <= label.height()
    # no line is wider than the label: an unbreakable run would overflow (be clipped)
    doc = QTextDocument()
    doc.setDefaultFont(label.font())
    doc.setDocumentMargin(0)
    doc.setHtml(label.text())
    doc.setTextWidth(width)
    assert doc.idealWidth() <= width, (doc.idealWidth(), width)
    assert label.minimumSizeHint().width() <= width
    assert window.banner.geometry().right() <= window.width()


def test_elide_middle_keeps_the_tail() -> None:
    assert elide_middle("abcdef", 10) == "abcdef"
    text = "a" * 100 + ".evil.example"
    out = elide_middle(text, 40, keep_tail=len(".evil.example"))
    assert len(out) == 40 and ELISION in out and out.endswith(".evil.example")
    # the registrable domain is kept even when it alone is past the budget
    long_domain = "y" * 63 + ".com"
    assert host_text("a" * 80 + "." + long_domain, long_domain, 30).endswith(long_domain)


@given(
    st.text(alphabet="ab.-\u3164\u200b\U0001f600", max_size=300),
    st.from_regex(r"[a-z]{1,20}\.(com|co\.uk|example)", fullmatch=True),
    st.integers(min_value=24, max_value=120),
)
def test_host_text_keeps_the_domain_and_whole_markers(
    sub: str, domain: str, budget: int
) -> None:
    host = f"{sub}.{domain}"
    shown = host_text(host, domain, budget)
    assert shown.endswith(domain)  # the registrable domain is never elided
    assert shown.count("⟨") == shown.count("⟩")  # no marker cut in two
    assert "\u3164" not in shown and "\u200b" not in shown
    if ELISION not in shown:
        assert shown.replace("⟨U+3164⟩", "\u3164").replace("⟨U+200B⟩", "\u200b") == host


@pytest.mark.parametrize("case", list(URIS))
def test_banner_fits_at_1024_by_640(
    shown_window: MainWindow, qtbot: QtBot, case: str, tmp_path: Path
) -> None:
    window = shown_window
    assert len(HOST) == 300
    window.set_uri(URIS[case])
    qtbot.waitUntil(lambda: "evil-example.com" in window.banner.plain_text())
    qtbot.wait(50)  # the layout settles
    assert window.width() == 1024  # the words never widen the window
    _fits(window)
    said = window.banner.plain_text()
    assert ELISION in said
    assert "evil-example.com." in said.replace("-\n", "-")  # the part that matters, whole
    host = URIS[case].split("/")[2].rpartition("@")[2].partition(":")[0]
    assert host in window.banner.toolTip()  # the whole host is there
    window.banner.copy_host()
    assert QGuiApplication.clipboard().text() == host
    out = Path(os.environ.get("URIINSPECTOR_SHOTS", tmp_path))
    window.grab().save(str(out / f"banner-1024x640-{case}.png"))


def test_banner_refits_when_the_window_grows(shown_window: MainWindow, qtbot: QtBot) -> None:
    window = shown_window
    window.set_uri(URIS["plain"])
    qtbot.waitUntil(lambda: "evil-example.com" in window.banner.plain_text())
    narrow = window.banner.plain_text()
    window.resize(1600, 900)
    qtbot.waitUntil(lambda: window.banner.plain_text() != narrow)
    _fits(window)
    assert len(window.banner.plain_text()) > len(narrow)  # more of the host is shown
