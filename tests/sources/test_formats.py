"""One registry reads every attachment format, nested (issue 24 items 1, 4 and 6)."""

from __future__ import annotations

import plistlib

import pytest

from tests.sources.attachment_corpus import zip_of
from tests.sources.offices import word_document
from tests.sources.pdfs import page_pdf
from uriinspector.sources.documents import read_document
from uriinspector.sources.formats import FORMATS, MAX_NESTING, detect
from uriinspector.sources.model import HOW

QR_URL = "https://login.evil.example/office365"




SVG_REDIRECT = (b'<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" '
                b'xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="https://svg-link.'
                b'evil.example/"><text>Open</text></a><script>window.location.href = atob('
                b'"aHR0cHM6Ly9zdmctc2NyaXB0LmV2aWwuZXhhbXBsZS8=") + location.hash;</script></svg>')
HTML_REDIRECT = (b"<!doctype html><html><body onload=\"location.replace('https://onload.evil."
                 b"example/')\"><script>var t = 'elpmaxe.live.tnemetats//:sptth';"
                 b"document.location = t.split('').reverse().join('');</script>"
                 b"<a href=\"javascript:window.open('https://jsurl.evil.example/')\">x</a>"
                 b"</body></html>")


@pytest.mark.parametrize(
    ("data", "fmt"),
    [
        (page_pdf(text="x"), "pdf"),
        (word_document(), "docx"),
        (zip_of({"a.txt": b"hello"}), "zip"),
        (b"BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", "ics"),
        (b"[InternetShortcut]\r\nURL=https://a.example/\r\n", "url"),
        (plistlib.dumps({"URL": "https://a.example/"}), "webloc"),
        (plistlib.dumps({"URL": "x"}, fmt=plistlib.FMT_BINARY), "webloc"),
        (SVG_REDIRECT, "svg"),
        (HTML_REDIRECT, "html"),
        (b"Subject: hi\r\nFrom: a@b.example\r\nTo: c@d.example\r\n\r\nbody\r\n", "eml"),
        (b"just some words, see https://a.example/", "text"),
    ],
)
def test_the_format_is_decided_from_the_bytes(data: bytes, fmt: str) -> None:
    assert detect(data, "misleading-name.txt") == fmt
    assert fmt in FORMATS


def test_an_encrypted_zip_holding_a_quishing_pdf_names_every_level() -> None:
    data = zip_of({"invoice.pdf": page_pdf(qr=QR_URL)}, password="4821")
    locked = read_document(data, "docs.zip")
    assert locked.links == () and locked.problems[0].code == "encrypted"
    doc = read_document(data, "docs.zip", passwords=("1234", "4821"))
    assert [(x.uri, x.part, HOW[x.kind]) for x in doc.links] == [
        (QR_URL, "docs.zip › invoice.pdf › page 1 › QR", "qr")]


def test_nesting_stops_at_the_depth_bound() -> None:
    data = b"see https://deepest.example/"
    for level in range(MAX_NESTING + 2):
        data = zip_of({f"level{level}.zip" if level else "note.txt": data})
    doc = read_document(data, "nest.zip")
    assert any(p.code == "too-deep" for p in doc.problems)
    assert doc.links == ()
    shallow = read_document(zip_of({"inner.zip": zip_of({"note.txt": b"https://a.example/"})}),
                            "ok.zip")
    assert [(x.uri, x.part) for x in shallow.links] == [
        ("https://a.example/", "ok.zip › inner.zip › note.txt")]


def test_a_nested_zip_bomb_is_a_problem_and_the_honest_member_is_listed() -> None:
    bomb = zip_of({"zeros.bin": b"\0" * (8 * 1024 * 1024)})
    layer = zip_of({f"b{i}.zip": bomb for i in range(4)})
    data = zip_of({"readme.txt": b"Pay at https://honest-looking.evil.example/pay",
                 "layer.zip": layer})
    doc = read_document(data, "bomb.zip")
    assert ("https://honest-looking.evil.example/pay", "bomb.zip › readme.txt") in {
        (x.uri, x.part) for x in doc.links}


def test_script_redirects_in_svg_and_html_are_decoded() -> None:
    svg = read_document(SVG_REDIRECT, "scan.svg")
    rows = {(x.uri, HOW[x.kind]) for x in svg.links}
    assert ("https://svg-link.evil.example/", "link") in rows
    assert ("https://svg-script.evil.example/", "script") in rows
    page = read_document(HTML_REDIRECT, "statement.html")
    scripts = {(x.uri, x.part) for x in page.links if HOW[x.kind] == "script"}
    assert scripts == {
        ("https://statement.evil.example", "statement.html › script"),
        ("https://onload.evil.example/", "statement.html › event handler"),
        ("https://jsurl.evil.example/", "statement.html › javascript: URL"),
    }


def test_member_names_with_dot_dot_are_labels_only(tmp_path: object) -> None:
    doc = read_document(zip_of({"../../etc/evil.txt": b"https://a.example/"}), "trav.zip")
    assert [x.part for x in doc.links] == ["trav.zip › ../../etc/evil.txt"]


@pytest.mark.parametrize("junk", [b"PK\x03\x04" + b"\x00" * 100, b"\x00" * 64, b""])
def test_junk_is_answered(junk: bytes) -> None:
    doc = read_document(junk, "junk.bin")
    assert doc.links == ()


def test_batch_extract_reads_documents_as_bytes() -> None:
    import base64

    from uriinspector.batch.protocol import handle_request

    data = zip_of({"invoice.pdf": page_pdf(qr=QR_URL)}, password="4821")
    answer = handle_request({"op": "extract", "data": base64.b64encode(data).decode(),
                             "name": "docs.zip", "passwords": ["4821"], "id": 7})
    assert answer["id"] == 7 and answer["format"] == "zip"
    (entry,) = answer["uris"]  # type: ignore[misc]
    assert entry["uri"] == QR_URL and entry["how"] == "qr" and entry["final"] == QR_URL
    assert entry["part"] == "docs.zip › invoice.pdf › page 1 › QR"
    bad = handle_request({"op": "extract", "data": "not base64!"})
    assert bad["error"]["code"] == "invalid-value"  # type: ignore[index]
    fmt = handle_request({"op": "extract", "data": "aGk=", "format": "doc"})
    assert fmt["error"]["code"] == "invalid-value"  # type: ignore[index]


def test_a_mail_reads_its_attachments_with_the_password_its_text_gives() -> None:
    from email.message import EmailMessage

    from uriinspector.sources.documents import read_bytes

    msg = EmailMessage()
    msg["From"] = "Accounts <accounts@vendor.example>"
    msg["To"] = "jane@corp.example"
    msg["Subject"] = "Invoice"
    msg.set_content("Your invoice is attached.\nPassword: 4821\n")
    msg.add_attachment(zip_of({"invoice.pdf": page_pdf(qr=QR_URL)}, password="4821"),
                       maintype="application", subtype="zip", filename="docs.zip")
    msg.add_attachment(b"[InternetShortcut]\r\nURL=https://shortcut.evil.example/\r\n",
                       maintype="application", subtype="octet-stream", filename="Open.url")
    doc = read_bytes(bytes(msg), "invoice.eml")
    rows = {(x.uri, x.part) for x in doc.links}
    assert (QR_URL, "2 application/zip › docs.zip › invoice.pdf › page 1 › QR") in rows
    assert ("https://shortcut.evil.example/",
            "3 application/octet-stream › Open.url › URL") in rows


def test_the_cli_and_the_window_reader_take_every_format(tmp_path: object) -> None:
    from pathlib import Path

    from tests.cli.helpers import cli

    assert isinstance(tmp_path, Path)
    pdf = tmp_path / "scan.pdf"
    pdf.write_bytes(page_pdf(qr=QR_URL))
    r = cli("extract", "--json", str(pdf))
    assert [(row["uri"], row["part"]) for row in r.json] == [
        (QR_URL, "scan.pdf › page 1 › QR")]
    from uriinspector.sources.documents import read_path

    (doc,) = list(read_path(str(pdf)))
    assert doc.format == "pdf" and [x.uri for x in doc.links] == [QR_URL]


def test_a_legacy_office_file_is_named_not_read_as_a_mail() -> None:
    from tests.sources.cfb import Node, write_cfb
    from uriinspector.sources.documents import read_bytes

    doc = read_bytes(write_cfb([Node("WordDocument", data=b"x" * 5000)]), "old.doc")
    assert [(p.code, p.message) for p in doc.problems] == [(
        "not-supported", "A Word 97-2003 document: not supported (save it as .docx, .xlsx or "
        ".pptx to read it).")]
    assert doc.not_read()


def test_an_opened_page_lists_where_its_scripts_send_the_browser(tmp_path: object) -> None:
    from pathlib import Path

    from uriinspector.sources.documents import read_path

    assert isinstance(tmp_path, Path)
    page = tmp_path / "statement.html"
    page.write_bytes(HTML_REDIRECT)
    (doc,) = list(read_path(str(page)))
    assert {(x.uri, x.part) for x in doc.links if x.kind == "script"} == {
        ("https://statement.evil.example", "script"),
        ("https://onload.evil.example/", "event handler"),
        ("https://jsurl.evil.example/", "javascript: URL"),
    }


def test_a_mailbox_message_reads_its_attachments_too(tmp_path: object) -> None:
    import mailbox
    from email.message import EmailMessage
    from pathlib import Path

    from uriinspector.sources.documents import read_path

    assert isinstance(tmp_path, Path)
    msg = EmailMessage()
    msg["From"] = "a@b.example"
    msg["Subject"] = "Meeting"
    msg.set_content("See the invitation.")
    msg.add_attachment(b"[InternetShortcut]\r\nURL=https://in-mbox.evil.example/\r\n",
                       maintype="application", subtype="octet-stream", filename="Join.url")
    box = mailbox.mbox(str(tmp_path / "box.mbox"))
    box.add(msg)
    box.flush()
    (doc,) = list(read_path(str(tmp_path / "box.mbox")))
    assert ("https://in-mbox.evil.example/", "2 application/octet-stream › Join.url › URL") \
        in {(x.uri, x.part) for x in doc.links}


def test_an_svg_of_a_million_nested_groups_is_answered_with_the_link_after_it() -> None:
    svg = (b'<svg xmlns="http://www.w3.org/2000/svg">' + b"<g>" * 1_000_000
           + b'<a href="https://after.evil.example/">x</a>' + b"</g>" * 1_000_000 + b"</svg>")
    doc = read_document(svg, "deep.svg")
    assert "https://after.evil.example/" in {x.uri for x in doc.links}
