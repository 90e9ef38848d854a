"""Render the real window and each pane to docs/screenshots/*.png (offscreen).

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/make_screenshots.py

Uses a throw-away settings directory, so the user's settings are never touched.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["URIINSPECTOR_CONFIG_DIR"] = tempfile.mkdtemp(prefix="uri-shots-")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
OUT = ROOT / "docs" / "screenshots"

from PySide6.QtWidgets import QApplication  # noqa: E402

# draft-2003 §7.5, with a query and fragment: shows off every pane at once.
MISLEADING = "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm?lang=en#comments"
BIDI = "https://example.com/invoice\u202efdp.exe?id=7"
LADDER = "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"
URN = "urn:ISBN:0-395-36341-1?+resolve?=x#frag"


def settle(app: QApplication, rounds: int = 30) -> None:
    """Let layouts and deferred updates run."""
    for _ in range(rounds):
        app.processEvents()


def main() -> int:
    """Write the window and per-pane screenshots; print their paths."""
    from uriinspector.gui import MainWindow, resources
    from uriinspector.gui.theme import current_theme

    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    app.setStyleSheet(resources.stylesheet(current_theme()))
    OUT.mkdir(parents=True, exist_ok=True)
    window = MainWindow()
    window.resize(1024, 640)
    window.show()
    window.set_uri(MISLEADING)
    settle(app)
    written: list[Path] = []

    def save(widget: object, name: str) -> None:
        path = OUT / f"{name}.png"
        widget.grab().save(str(path))  # type: ignore[attr-defined]
        written.append(path)

    save(window, "window")
    save(window.centralWidget(), "uri-field-and-banner")
    for name in ("components", "characters", "findings", "resolution", "ladder", "urn"):
        dock = window.docks[name]
        if name == "ladder":
            window.set_uri(LADDER)
        elif name == "urn":
            window.set_uri(URN)
        elif name == "resolution":
            window.controller.load_examples()
        else:
            window.set_uri(MISLEADING)
        dock.raise_()
        window.flush_panes()
        settle(app)
        save(dock, f"pane-{name}")
    window.set_uri(BIDI)
    settle(app)
    save(window.centralWidget(), "bidi-chips")
    history_and_samples(app, window, save)
    extract_tab(app, window, save)
    explain_and_editions(app, window, save)
    components_pane(app, window, save)
    window.close()
    # A fresh window at the README's width for issue 12's shots (the Editions shot
    # above leaves docks wider than 1024 px).
    fresh = MainWindow()
    fresh.resize(1024, 640)
    fresh.show()
    settle(app)
    wrapped_links(app, fresh, save)
    documents(app, fresh, save)
    mail_verdict(app, fresh, save)
    page_links(app, fresh, save)
    fresh.close()
    site_and_lessons(app, save)
    attachments(app, save)
    for dark in (False, True):
        small_and_presentation(app, save, dark=dark)
    mail_on_screens(app, save)
    for path in written:
        print(path.relative_to(ROOT))
    return 0


def _dark_palette() -> Any:
    """A dark palette (the colours a dark desktop theme gives Qt)."""
    from PySide6.QtGui import QColor, QPalette

    pal = QPalette()
    for role, colour in (
        (QPalette.ColorRole.Window, "#2b2b2b"), (QPalette.ColorRole.Base, "#1e1e1e"),
        (QPalette.ColorRole.AlternateBase, "#262626"), (QPalette.ColorRole.Text, "#e6e6e6"),
        (QPalette.ColorRole.WindowText, "#e6e6e6"), (QPalette.ColorRole.Button, "#333333"),
        (QPalette.ColorRole.ButtonText, "#e6e6e6"), (QPalette.ColorRole.Highlight, "#2a6fb0"),
        (QPalette.ColorRole.HighlightedText, "#ffffff"),
        (QPalette.ColorRole.ToolTipBase, "#333333"), (QPalette.ColorRole.ToolTipText, "#e6e6e6"),
        (QPalette.ColorRole.PlaceholderText, "#9a9a9a"),
    ):
        pal.setColor(role, QColor(colour))
    return pal


def small_and_presentation(app: QApplication, save: Any, *, dark: bool) -> None:
    """Issue 15: the window at 1024×640 with the spec's examples loaded
    (window-1024x640[-dark].png), then in presentation mode with the Resolution pane
    focused (presentation[-dark].png)."""
    from uriinspector.gui import MainWindow, resources
    from uriinspector.gui.settings import Settings
    from uriinspector.gui.theme import current_theme

    light = app.palette()
    if dark:
        app.setPalette(_dark_palette())
    app.setStyleSheet(resources.stylesheet(current_theme()))
    suffix = "-dark" if dark else ""
    # Settings of its own: the default layout, not the one the shots above left behind.
    w: Any = MainWindow(Settings.load(Path(tempfile.mkdtemp(prefix="uri-shots-small-"))))
    w.resize(1024, 640)
    w.show()
    w.set_uri(MISLEADING)
    settle(app)
    w.controller.load_examples()
    settle(app)
    save(w, f"window-1024x640{suffix}")
    table = w.panes["resolution"].examplesTable
    table.setFocus()
    settle(app)
    w.presentation.set_active(True)
    settle(app)
    save(w, f"presentation{suffix}")
    w.presentation.set_active(False)
    w.close()
    if dark:
        app.setPalette(light)
        app.setStyleSheet(resources.stylesheet(current_theme()))


#: Links of every verdict, a long tracking link and a lying anchor (issue 25 item 5).
SCREEN_LINKS = ("https://bit.ly/3xYzAbC", "http://192.168.10.5/login",
                "https://www.example.com/news", "https://xn--pypal-4ve.com/",
                "https://u.example.com/track/" + "Z7d2rWQx" * 12 + "$",
                "https://docs.example.org/a/b/c?d=e#f")


def mail_on_screens(app: QApplication, save: Any) -> None:
    """Issue 25 item 5: a mail open in a window filling a 1280×800 screen at 100 %
    (mail-1280x800.png: the empty Findings dock gives way, verdicts whole, the long
    link elided at its end) and a 1024×640 screen at 300 % (zoom300-1024x640.png: the
    window within the screen, the docks down to their tabs)."""
    from email.message import EmailMessage

    from PySide6.QtCore import QRect

    from uriinspector.gui import MainWindow
    from uriinspector.gui.settings import Settings

    folder = Path(tempfile.mkdtemp(prefix="uri-shots-screens-"))
    msg = EmailMessage()
    msg["From"] = "News <news@example.com>"
    msg["Subject"] = "Links"
    msg.set_content("Plain: https://www.example.com/plain\n")
    html = "".join(f'<p><a href="{u}">link {i}</a></p>' for i, u in enumerate(SCREEN_LINKS))
    html += '<p><a href="https://evil.example/pay">https://www.paypal.com/</a></p>'
    msg.add_alternative(html, subtype="html")
    mail = folder / "links.eml"
    mail.write_bytes(bytes(msg))
    for (width, height), level, name in (((1280, 800), 100, "mail-1280x800"),
                                         ((1024, 640), 300, "zoom300-1024x640")):
        w: Any = MainWindow(Settings.load(folder / name))
        area = QRect(0, 0, width, height)
        w.screen_fit.area = area  # the offscreen platform's one screen is 800×800
        w.resize(width, height)
        w.show()
        settle(app)
        w.screen_fit.keep_inside(area)
        w.zoom.set_level(level)
        settle(app)
        _read(app, w, mail)
        view = w.panes["extract"].documentView
        while view.model.judged < view.model.rowCount():
            app.processEvents()
        settle(app)
        save(w, name)
        w.zoom.set_level(100)
        w.documents.shutdown()
        w.close()


def history_and_samples(app: QApplication, window: object, save: object) -> None:
    """The History pane with a few entries (two pinned), and the Samples menu open."""
    import time

    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtGui import QPainter

    w: Any = window
    now = time.time()
    uris = [
        "https://docs.python.org/3/library/urllib.parse.html#url-parsing",
        "mailto:John.Doe@example.com",
        "http://0x7f.0x0.0x0.0x1/",
        "https://\u0430\u0440\u0440\u04cf\u0435.com/",
        "ldap://[2001:db8::7]/c=GB?objectClass?one",
        BIDI,
        URN,
        MISLEADING,
    ]
    for i, uri in enumerate(uris):
        w.settings.record(uri, when=now - 86400 * (len(uris) - i))
    w.settings.set_pinned(MISLEADING, True)
    w.settings.set_pinned(URN, True)
    w.history.show()
    w.set_uri(MISLEADING)
    w.docks["history"].raise_()
    d = w.docks
    w.resizeDocks([d["components"], d["history"]], [400, 620], Qt.Orientation.Horizontal)
    settle(app)
    save(w, "history")  # type: ignore[operator]
    # The Samples menu with its security submenu open, drawn onto the window. The
    # offscreen screen is 800 px wide and clamps the submenu, so it is drawn where a
    # real screen puts it: at the parent menu's right edge.
    menu, bar = w.menus.samplesMenu, w.menuBar()
    menu.popup(bar.mapToGlobal(bar.actionGeometry(menu.menuAction()).bottomLeft()))
    settle(app)
    entry = next(a for a in menu.actions() if a.text().startswith("Security"))
    menu.setActiveAction(entry)
    sub = entry.menu()
    sub.popup(menu.mapToGlobal(menu.actionGeometry(entry).topRight()))
    settle(app)
    shot = w.grab()
    painter = QPainter(shot)
    at = w.mapFromGlobal(menu.mapToGlobal(QPoint(0, 0)))
    painter.drawPixmap(at, menu.grab())
    painter.drawPixmap(
        at + QPoint(menu.width() - 2, menu.actionGeometry(entry).top() - 4), sub.grab()
    )
    painter.end()
    sub.hide()
    menu.hide()
    path = OUT / "samples-menu.png"
    shot.save(str(path))
    print(path.relative_to(ROOT))


def extract_tab(app: QApplication, window: object, save: object) -> None:
    """The Extract tab after extracting from resources/samples/sample_mail.txt."""
    from PySide6.QtCore import Qt

    w: Any = window
    pane = w.panes["extract"]
    pane.set_text((ROOT / "resources" / "samples" / "sample_mail.txt").read_text("utf-8"))
    pane.run_extraction()
    while pane.is_busy():
        app.processEvents()
    w.resize(1024, 760)
    w.docks["extract"].raise_()
    d = w.docks
    w.resizeDocks([d["components"], d["extract"]], [340, 680], Qt.Orientation.Horizontal)
    w.resizeDocks([d["extract"]], [600], Qt.Orientation.Vertical)
    settle(app)
    save(d["extract"], "extract")  # type: ignore[operator]


#: A history lesson in one link: an IPv6 literal (2003 on), '~' (a 1993 variant), '('
#: (a mark until RFC 3986), ';' params (before 2003) and '{' (unwise everywhere).
EDITIONS_URI = "http://[2001:db8::7]/~alice/a(1);v=2?q={x}"


def components_pane(app: QApplication, window: object, save: object) -> None:
    """The Components tree with its https details (a tracking parameter flagged) and a
    data: PNG rendered from its bytes (components.png, components-data.png)."""
    import base64

    from PySide6.QtCore import QBuffer, Qt
    from PySide6.QtGui import QColor, QImage, QPainter

    w: Any = window
    d = w.docks
    w.set_uri("https://user@example.com:8042/over/there?utm_source=x&name=ferret#nose")
    d["components"].raise_()
    w.flush_panes()
    w.resizeDocks([d["components"], d["findings"]], [760, 260], Qt.Orientation.Horizontal)
    pane = w.panes["components"]
    pane.select_at(16)  # the host row, as if the cursor were in the host
    settle(app)
    save(d["components"], "components")  # type: ignore[operator]
    # A 12x12 PNG drawn with the Okabe-Ito hues: the tree's thumbnail comes from its bytes.
    image = QImage(12, 12, QImage.Format.Format_RGB32)
    image.fill(QColor("#F0E442"))
    painter = QPainter(image)
    painter.fillRect(0, 0, 6, 6, QColor("#0072B2"))
    painter.fillRect(6, 6, 6, 6, QColor("#D55E00"))
    painter.end()
    buffer = QBuffer()
    buffer.open(QBuffer.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    payload = base64.b64encode(bytes(buffer.data().data())).decode("ascii")
    w.set_uri("data:image/png;base64," + payload)
    w.flush_panes()
    settle(app)
    save(d["components"], "components-data")  # type: ignore[operator]


def explain_and_editions(app: QApplication, window: object, save: object) -> None:
    """The Explain pane on the §7.5 link and the Editions pane on EDITIONS_URI."""
    from PySide6.QtCore import Qt

    w: Any = window
    d = w.docks
    w.resize(1100, 760)
    w.set_uri(MISLEADING)
    d["explain"].raise_()
    w.resizeDocks([d["components"], d["findings"]], [760, 340], Qt.Orientation.Horizontal)
    w.resizeDocks([d["explain"]], [560], Qt.Orientation.Vertical)
    w.flush_panes()
    settle(app)
    save(d["explain"], "explain")  # type: ignore[operator]
    w.set_uri(EDITIONS_URI)
    d["editions"].raise_()
    w.resize(1400, 980)
    w.resizeDocks([d["components"], d["findings"]], [1300, 100], Qt.Orientation.Horizontal)
    w.resizeDocks([d["editions"]], [600], Qt.Orientation.Vertical)
    w.flush_panes()
    settle(app)
    save(d["editions"], "editions")  # type: ignore[operator]


# Microsoft Safe Links around Proofpoint URL Defense v2 around the real destination.
SAFELINKS = (
    "https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Furldefense.proofpoint"
    ".com%2Fv2%2Furl%3Fu%3Dhttps-3A__evil.example_login%26d%3DDwMFaQ%26c%3DeuGZstcaTDllvimEN"
    "8b7jXrwqOf-v5A_CdpgnVfiiMM&data=05%7C01%7Canalyst%40corp.example&reserved=0"
)
LOOKALIKE = "https://paypa1.com/signin?session=8f2e"

PHISHING_HTML = (
    "<html><body><p>Dear customer, your account is limited.</p>"
    '<p>Restore it at <a href="https://evil.example/login">https://paypal.com/</a>.</p>'
    '<p><a href="https://www.paypal.com/myaccount/summary">paypal.com</a> · '
    '<a href="https://bit.ly/3xYzAbC">Help</a></p>'
    '<img src="http://tracker.evil.example/open.gif" width="1"></body></html>'
)
SAVED_PAGE = """<!doctype html><html><head>
<base href="https://docs.example.com/guide/intro/"><title>Guide</title>
<link rel="stylesheet" href="../css/site.css"></head><body>
<a href="../api/index.html">API</a> <a href="https:setup">Setup</a>
<a href="./../../">Home</a> <img src="img/logo.png"> <a href="?page=2#top">Next</a>
<a href="//cdn.example.net/lib.js">lib</a> <a href="\\\\evil.example/x">x</a>
</body></html>
"""


def wrapped_links(app: QApplication, window: object, save: object) -> None:
    """The banner telling a wrapped chain (banner-chain.png) and a look-alike
    (banner-lookalike.png), with the Components tree's Destinations branch."""
    from PySide6.QtCore import Qt

    w: Any = window
    w.resize(1024, 640)
    w.set_uri(SAFELINKS)
    settle(app)
    save(w.centralWidget(), "banner-chain")  # type: ignore[operator]
    d = w.docks
    d["components"].raise_()
    w.resizeDocks([d["components"], d["findings"]], [760, 260], Qt.Orientation.Horizontal)
    w.flush_panes()
    pane = w.panes["components"]
    pane.view.scrollToBottom()
    settle(app)
    save(w, "destinations")  # type: ignore[operator]
    w.set_uri(LOOKALIKE)
    d["findings"].raise_()
    w.flush_panes()
    settle(app)
    save(w.centralWidget(), "banner-lookalike")  # type: ignore[operator]
    # A Cyrillic letter in a Latin host: marked in the field, named in the finding.
    w.set_uri("https://www.\u0430pple.com/account/verify")
    w.flush_panes()
    settle(app)
    save(w.centralWidget(), "foreign-letters")  # type: ignore[operator]
    save(d["findings"], "foreign-letters-finding")  # type: ignore[operator]


PAGE_URL = "https://example.com/blog/post.html"
PAGE = """<!doctype html><html><head>
<base href="https://cdn.example/assets/v2/">
<link rel="stylesheet" href="../css/site.css"></head><body>
<a href="#top">top</a> <a href="?q=1">query</a>
<a href="..\\up\\file.html">backslashes</a> <a href="//host.example/x">elsewhere</a>
<a href="../../../a/./b">dots</a> <img src="img/a.png" srcset="img/a-2x.png 2x">
<form action="submit"><button formaction="http:g">go</button></form>
</body></html>
"""


RECEIPT_HTML = """<p>Your receipt is ready. Sign in at
<a href="https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fwww.paypal.com%2Fsignin&amp;data=05%7C02%7Cjane.doe%40corp.example&amp;reserved=0">www.paypal.com</a>.</p>
<p>Not you? <a href="https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fpaypa1-account-help.com%2F&amp;data=05%7C02&amp;reserved=0">www.paypal.com</a></p>
"""


def mail_verdict(app: QApplication, window: object, save: object) -> None:
    """One verdict everywhere (issue 21): a Safe Links-wrapped receipt; the row whose
    visible text shows paypal.com while the wrapper ends at a look-alike is selected,
    and the banner gives the row's verdict and reason (extract-mail-verdict.png)."""
    from email.message import EmailMessage

    w: Any = window
    folder = Path(tempfile.mkdtemp(prefix="uri-shots-verdict-"))
    msg = EmailMessage()
    msg["From"] = "PayPal <service@paypal-receipts.example>"
    msg["Subject"] = "Your receipt"
    msg["Date"] = "Fri, 27 Nov 2026 10:00:00 +0000"
    msg.set_content(RECEIPT_HTML, subtype="html")
    mail = folder / "receipt.eml"
    mail.write_bytes(bytes(msg))
    from PySide6.QtCore import Qt

    w.resize(1280, 700)
    d = w.docks
    w.resizeDocks([d["components"], d["findings"]], [380, 890], Qt.Orientation.Horizontal)
    _read(app, w, mail)
    view = w.panes["extract"].documentView
    while view.model.judged < view.model.rowCount():
        app.processEvents()
    row = next(i for i in range(view.model.rowCount()) if view.link_at(i).mismatch)
    view.select_row(row)
    w.docks["extract"].raise_()
    w.flush_panes()
    settle(app)
    save(w, "extract-mail-verdict")  # type: ignore[operator]


def page_links(app: QApplication, window: object, save: object) -> None:
    """A page's references resolved by RFC 3986 and by browsers (page-links.png)."""
    w: Any = window
    dock = w.docks["extract"]
    dock.raise_()
    w.flush_panes()
    pane = w.panes["extract"]
    pane.show_page_links(PAGE, PAGE_URL)
    view = pane.pageLinks
    dock.setFloating(True)  # the whole table at a readable width
    dock.resize(1100, 640)
    view.select_row(4)
    settle(app)
    save(dock, "page-links")  # type: ignore[operator]
    dock.setFloating(False)


def _read(app: QApplication, window: Any, path: Path) -> None:
    window.documents.open_path(str(path))
    while window.documents.reader.busy:
        app.processEvents()
    settle(app)


def documents(app: QApplication, window: object, save: object) -> None:
    """The Extract tab with a phishing mail (extract-mail.png: the lying anchor marked)
    and with a saved page resolved against its <base href> (extract-page.png)."""
    from email.message import EmailMessage

    from PySide6.QtCore import Qt

    w: Any = window
    folder = Path(tempfile.mkdtemp(prefix="uri-shots-docs-"))
    msg = EmailMessage()
    msg["From"] = "PayPal <service@paypal-notice.example>"
    msg["Subject"] = "Your account is limited"
    msg.set_content("Restore your access: https://evil.example/login\n")
    msg.add_alternative(PHISHING_HTML, subtype="html")
    try:
        from tests.sources.builders import qr_png

        msg.add_attachment(qr_png("https://qr-pay.evil.example/parking"), maintype="image",
                           subtype="png", filename="pay.png")
    except ImportError:  # zxing-cpp missing: the mail without its QR code
        pass
    mail = folder / "account-limited.eml"
    mail.write_bytes(bytes(msg))
    w.resize(1280, 700)
    d = w.docks
    w.resizeDocks([d["components"], d["findings"]], [300, 970], Qt.Orientation.Horizontal)
    _read(app, w, mail)
    view = w.panes["extract"].documentView
    row = next(i for i in range(view.model.rowCount()) if view.link_at(i).mismatch)
    view.select_row(row)
    settle(app)
    save(d["extract"], "extract-mail")  # type: ignore[operator]
    page = folder / "guide.html"
    page.write_text(SAVED_PAGE, "utf-8")
    _read(app, w, page)
    row = next(i for i in range(view.model.rowCount()) if view.link_at(i).browser_uri)
    view.select_row(row)
    settle(app)
    save(d["extract"], "extract-page")  # type: ignore[operator]
    view.open_in_resolution(row)
    w.resizeDocks([d["components"], d["findings"]], [620, 400], Qt.Orientation.Horizontal)
    settle(app)
    save(d["resolution"], "extract-page-resolution")  # type: ignore[operator]
    w.documents.shutdown()


def site_and_lessons(app: QApplication, save: Any) -> None:
    """The Site pane on the test corpus (a reference above the root, its trace and line),
    and a lesson step answered wrong then right, in a 1280x800 window."""
    from uriinspector.gui import MainWindow

    w: Any = MainWindow()
    w.resize(1280, 800)
    w.show()
    settle(app)
    site = w.pane("site")
    w.menus.checkSiteAction  # noqa: B018  (the menu entry exists)
    w.dock("site").show()
    w.dock("site").raise_()
    os.chdir(ROOT)  # the folder is shown as given: relative, no machine's path in the shot
    site.check(Path("tests") / "data" / "site")
    site.wait()
    settle(app, 60)
    index = next(it for i in range(site.pagesView.topLevelItemCount())
                 if (it := site.pagesView.topLevelItem(i)).text(1) == "index.html")
    site.pagesView.setCurrentItem(index)
    settle(app)
    missing = next(r for r in site.reference_items() if r.text(2) == "docs/guide/#uninstall")
    site.referencesView.setCurrentItem(missing)
    settle(app)
    save(w, "site-pane")
    w.menus.lessonsAction.trigger()
    lessons = w.pane("lessons")
    lessons.lessonBox.setCurrentIndex(2)
    lessons.go_to_step(1)
    settle(app)
    lessons.answerField.setText("http://a/b/c/g")
    lessons.checkButton.click()
    settle(app)
    save(w, "lessons")
    w.documents.shutdown()
    w.close()


def attachments(app: QApplication, save: Any) -> None:
    """Issue 24's shots: a quishing PDF, a docx's remote template, a script redirect in an
    HTML attachment, and a mail › zip › pdf › QR nest with the mail's context strip."""
    import base64

    from tests.gui.test_document_parts import _lure
    from tests.sources.offices import with_remote_template, word_document
    from tests.sources.pdfs import page_pdf
    from uriinspector.gui import MainWindow

    folder = Path(tempfile.mkdtemp(prefix="uri-shots-attach-"))
    w: Any = MainWindow()
    w.resize(1280, 800)
    w.show()
    settle(app)
    w.dock("extract").show()
    w.dock("extract").raise_()
    script = ("window.location = atob('"
              + base64.b64encode(b"https://statement.evil.example/login?case=").decode()
              + "') + location.hash.slice(1);")
    shots = (
        ("invoice.pdf", page_pdf(text="Your mailbox is almost full.\nScan the code with your "
                                 "phone to keep your messages.",
                                 qr="https://login.microsoftonline.com.evil.example/common"),
         "attach-quishing-pdf"),
        ("payment.docx", with_remote_template(word_document(), "http://198.51.100.9/t.dotm"),
         "attach-docx-template"),
        ("statement.html", ("<!doctype html><html><body><p>Loading your statement…</p>"
                            f"<script>{script}</script></body></html>").encode(),
         "attach-script-redirect"),
        ("invoice.eml", _lure(), "attach-nested-zip"),
    )
    for name, data, shot in shots:
        path = folder / name
        path.write_bytes(data)
        _read(app, w, path)
        view = w.pane("extract").documentView
        if view.model.rowCount():
            view.select_row(0)
        settle(app)
        save(w, shot)
    w.documents.shutdown()
    w.close()


if __name__ == "__main__":
    sys.exit(main())
