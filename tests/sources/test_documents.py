"""The single entry: sniffing a document's kind, mailboxes read message by message,
verdicts from the core, and no network on any path (mail, HTML, QR)."""

from __future__ import annotations

import mailbox
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.sources.builders import PHISH_QR_URL, phishing_mail, qr_png
from uriinspector.sources import open_path, read_bytes, read_path, sniff, with_verdicts

HTML = b'<!DOCTYPE html><html><a href="https://evil.example/">https://paypal.com/</a></html>'


@pytest.mark.parametrize(
    ("data", "name", "kind"),
    [
        (bytes(phishing_mail()), None, "eml"),
        (bytes(phishing_mail()), "mail.txt", "eml"),  # content wins over the extension
        (HTML, None, "html"),
        (b"see http://a.example/", "notes.html", "html"),
        (b"see http://a.example/", None, "text"),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 8, "x.eml", "msg"),
        (b"\x89PNG\r\n\x1a\n....", "x.html", "image"),
        (b"From MAILER-DAEMON Thu Jan  1 00:00:00 1970\nSubject: x\n\nbody\n", None, "mbox"),
        (b"Hello: world\nthis is not a mail", None, "text"),
    ],
)
def test_sniff(data: bytes, name: str | None, kind: str) -> None:
    assert sniff(data, name) == kind


def test_read_bytes_of_each_kind() -> None:
    assert read_bytes(qr_png(PHISH_QR_URL)).links[0].uri == PHISH_QR_URL
    assert read_bytes(qr_png(PHISH_QR_URL)).links[0].part == "1 QRCode (QR)"
    html = read_bytes(HTML, "page.html")
    assert html.kind == "html" and html.source == "page.html" and html.links[0].mismatch
    text = read_bytes("café <http://a.example/x>".encode("cp1252"))
    span = text.links[0].span
    assert text.links[0].uri == "http://a.example/x" and span is not None
    assert text.text is not None and text.text[span.start : span.end] == "http://a.example/x"
    assert html.text is not None and html.links[0].span is not None
    assert read_bytes(b"\x89PNG\r\n\x1a\nnope").problems[0].code == "not-an-image"


def test_with_verdicts_asks_the_core_and_flags_mismatch_rows() -> None:
    doc = with_verdicts(read_bytes(bytes(phishing_mail())))
    verdicts = {(link.uri, link.display): link.verdict for link in doc.links}
    assert verdicts[("https://evil.example/login", "https://paypal.com/")] == "danger"
    assert all(v in ("danger", "caution", "nothing-notable") for v in verdicts.values())


def _mails(n: int) -> list[bytes]:
    out = []
    for i in range(n):
        msg = phishing_mail()
        msg.replace_header("Subject", f"mail {i}")
        out.append(bytes(msg))
    return out


def test_mbox_is_read_message_by_message(tmp_path: Path) -> None:
    path = tmp_path / "box.mbox"
    box = mailbox.mbox(str(path))
    for data in _mails(3):
        box.add(data)
    box.close()
    source = open_path(str(path))
    assert (source.kind, source.total) == ("mbox", 3)
    docs = list(source.documents())
    assert [(d.index, d.subject) for d in docs] == [(1, "mail 0"), (2, "mail 1"), (3, "mail 2")]
    assert all(sum(link.mismatch for link in d.links) == 1 for d in docs)


def test_maildir_with_a_bad_message_goes_on(tmp_path: Path) -> None:
    box = mailbox.Maildir(str(tmp_path / "Mail"), create=True)
    for data in _mails(2):
        box.add(data)
    # A message that vanished (a dangling link: another client moved it away).
    (tmp_path / "Mail" / "cur" / "9999999999.broken.host:2,S").symlink_to(tmp_path / "gone")
    source = open_path(str(tmp_path / "Mail"))
    assert source.kind == "maildir" and source.total == 3
    docs = list(source.documents())
    assert len(docs) == 3
    bad = [d for d in docs if d.problems and d.problems[0].code == "unreadable"]
    assert len(bad) == 1 and bad[0].links == ()
    assert sum(len(d.links) for d in docs if d not in bad) == 16


def test_a_folder_that_is_not_a_maildir(tmp_path: Path) -> None:
    (doc,) = read_path(str(tmp_path))
    assert doc.problems[0].code == "unreadable"


def test_a_missing_file(tmp_path: Path) -> None:
    (doc,) = read_path(str(tmp_path / "nope.eml"))
    assert doc.links == () and "cannot read" in doc.problems[0].message


_events: list[str] = []
_recording = False


def _audit(event: str, args: tuple[object, ...]) -> None:
    if _recording and event.startswith(("socket.", "urllib.")):
        _events.append(event)


sys.addaudithook(_audit)


def test_mail_html_and_qr_paths_open_no_socket() -> None:
    """Remote images, tracking pixels, a QR code: all listed, nothing contacted."""
    global _recording
    msg = phishing_mail()
    msg.add_attachment(
        '<img src="http://remote.example/a.png"><iframe src="https://frame.example/">'
        '<form action="https://post.example/"><meta http-equiv=refresh content="0;url=http://r.example/">',
        subtype="html",
    )
    _events.clear()
    _recording = True
    try:
        doc = with_verdicts(read_bytes(bytes(msg)))
        image = with_verdicts(read_bytes(qr_png("https://qr.example/x")))
        page = with_verdicts(read_bytes(HTML, base="https://base.example/"))
    finally:
        _recording = False
    assert "http://remote.example/a.png" in [link.uri for link in doc.links]
    assert image.links and page.links
    assert _events == []


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=300), st.sampled_from([None, "x.eml", "x.html", "x.png", "x.msg"]))
def test_read_bytes_never_raises(data: bytes, name: str | None) -> None:
    doc = read_bytes(data, name)
    assert doc.source == name
