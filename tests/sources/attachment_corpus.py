"""A labelled corpus of attachments as phishing mails carry them, written by real writers.

Each case is ``(category, name, data, expected links, passwords)``; benign cases expect
no link out. ``afternoon_script`` is what an analyst could write in an afternoon with
the same libraries (pypdf's ``/URI`` annotations and page text, a zip's external
relationships, a URL regular expression over the bytes): the inspector must beat it.
"""

from __future__ import annotations

import io
import plistlib
import re
import zipfile
from collections.abc import Iterator
from typing import NamedTuple

import pyzipper

from tests.sources.offices import presentation, with_remote_template, word_document, workbook
from tests.sources.pdfs import (
    encrypted,
    page_pdf,
    vector_qr_pdf,
    with_attachment,
    with_javascript,
)


class Case(NamedTuple):
    category: str
    name: str
    data: bytes
    expected: frozenset[str]
    passwords: tuple[str, ...] = ()


def zip_of(members: dict[str, bytes], password: str | None = None) -> bytes:
    """A zip of ``members`` (name -> bytes), AES-encrypted with ``password`` when given."""
    out = io.BytesIO()
    if password is None:
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
            for n, b in members.items():
                z.writestr(n, b)
    else:
        with pyzipper.AESZipFile(out, "w", compression=pyzipper.ZIP_DEFLATED,
                                 encryption=pyzipper.WZ_AES) as z:
            z.setpassword(password.encode())
            for n, b in members.items():
                z.writestr(n, b)
    return out.getvalue()


def _ics(location: str, description: str = "", url: str | None = None) -> bytes:
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//corpus//EN", "BEGIN:VEVENT",
             "UID:1@corpus", "DTSTART:20261201T100000Z", "SUMMARY:Review",
             f"LOCATION:{location}", f"DESCRIPTION:{description}",
             "ORGANIZER:mailto:boss@corp.example", "ATTENDEE:mailto:jane@corp.example"]
    if url:
        lines.append(f"URL:{url}")
    lines += ["END:VEVENT", "END:VCALENDAR", ""]
    return "\r\n".join(lines).encode()


def _html(script: str) -> bytes:
    page = f"<!doctype html><html><body><p>Loading…</p><script>{script}</script></body></html>"
    return page.encode()


def cases() -> Iterator[Case]:
    """Every shape of issue 24, and benign documents that hold no link out."""
    q = "https://login.microsoftonline.com.evil.example/"
    yield Case("pdf-qr", "invoice.pdf", page_pdf(text="Scan to pay", qr=q), frozenset({q}))
    yield Case("pdf-qr", "rotated.pdf", page_pdf(qr=q + "r", rotate=90), frozenset({q + "r"}))
    yield Case("pdf-qr", "inverted.pdf", page_pdf(qr=q + "i", invert=True), frozenset({q + "i"}))
    yield Case("pdf-qr", "vector.pdf", vector_qr_pdf(q + "v"), frozenset({q + "v"}))
    yield Case("pdf-link", "contract.pdf", page_pdf(link=("Review in DocuSign",
               "https://docusign.evil.example/s")), frozenset({"https://docusign.evil.example/s"}))
    yield Case("pdf-script", "loading.pdf", with_javascript(
        page_pdf(text="Loading"), 'app.launchURL("https://pdf-js.evil.example/", true);'),
        frozenset({"https://pdf-js.evil.example/"}))
    yield Case("pdf-script", "form.pdf", with_javascript(
        page_pdf(text="Open"), 'this.getURL("https://pdf-field.evil.example/")', field=True),
        frozenset({"https://pdf-field.evil.example/"}))
    yield Case("pdf-text", "broken-line.pdf", page_pdf(
        text="Pay: https://pay.evil.example/invoice/\n2026-11-28/confirm now"),
        frozenset({"https://pay.evil.example/invoice/2026-11-28/confirm"}))
    yield Case("pdf-encrypted", "secure.pdf", encrypted(page_pdf(qr=q + "e"), "4821"),
               frozenset({q + "e"}), ("4821",))
    yield Case("pdf-embedded", "outer.pdf", with_attachment(
        page_pdf(text="See attached"), "inner.pdf", page_pdf(qr=q + "n")),
        frozenset({q + "n"}))
    doc = word_document()
    yield Case("docx", "payment.docx", doc, frozenset({
        "https://sharepoint.evil.example/x", "https://field.evil.example/pay",
        "http://track.evil.example/p.png", "https://body.evil.example/login",
        "https://header.evil.example/", "https://footer.evil.example/"}))
    yield Case("docx-template", "template.docx", with_remote_template(
        doc, "http://198.51.100.9/t.dotm"), frozenset({
            "http://198.51.100.9/t.dotm", "https://sharepoint.evil.example/x",
            "https://field.evil.example/pay", "http://track.evil.example/p.png",
            "https://body.evil.example/login", "https://header.evil.example/",
            "https://footer.evil.example/"}))
    yield Case("xlsx", "invoice.xlsx", workbook(), frozenset({
        "https://cell.evil.example/invoice", "https://formula.evil.example/pay",
        "https://text.evil.example/portal"}))
    yield Case("pptx", "deck.pptx", presentation(), frozenset({
        "https://deck.evil.example/open", "https://notes.evil.example/"}))
    yield Case("script", "statement.html", _html(
        'window.location = atob("aHR0cHM6Ly9hdG9iLmV2aWwuZXhhbXBsZS8=");'),
        frozenset({"https://atob.evil.example/"}))
    yield Case("script", "reverse.html", _html(
        'var t="/esrever.live//:sptth"; location.replace(t.split("").reverse().join(""));'),
        frozenset({"https://evil.reverse/"}))
    yield Case("script", "codes.html", _html(
        "location.href=String.fromCharCode(104,116,116,112,115,58,47,47,99,46,101,120,47);"),
        frozenset({"https://c.ex/"}))
    yield Case("script", "escaped.svg", (
        b'<svg xmlns="http://www.w3.org/2000/svg"><script>top.location.href = '
        b'"\\x68\\x74\\x74\\x70\\x73\\x3a//svg.evil.example/" + location.hash;</script></svg>'),
        frozenset({"https://svg.evil.example/"}))
    yield Case("calendar", "meeting.ics", _ics(
        "Join: https://teams-meet.evil.example/j/1", "Agenda at https://agenda.evil.example/",
        "https://event.evil.example/"), frozenset({
            "https://teams-meet.evil.example/j/1", "https://agenda.evil.example/",
            "https://event.evil.example/"}))
    yield Case("shortcut", "Invoice.url",
               b"[InternetShortcut]\r\nURL=https://url-file.evil.example/view\r\n",
               frozenset({"https://url-file.evil.example/view"}))
    yield Case("shortcut", "Document.webloc",
               plistlib.dumps({"URL": "https://webloc.evil.example/"}, fmt=plistlib.FMT_BINARY),
               frozenset({"https://webloc.evil.example/"}))
    yield Case("archive", "docs.zip", zip_of({"invoice.pdf": page_pdf(qr=q + "z")}, "4821"),
               frozenset({q + "z"}), ("4821",))
    yield Case("archive", "nested.zip", zip_of({"inner.zip": zip_of({
        "meeting.ics": _ics("https://nested-ics.evil.example/")})}),
        frozenset({"https://nested-ics.evil.example/"}))
    # benign: nothing here is a link out
    yield Case("benign", "report.pdf", page_pdf(text="Quarterly report\nNo links here."),
               frozenset())
    yield Case("benign", "notes.html", _html('console.log("https://logged.example/");'
                                             'var s = "not a target";'), frozenset())
    yield Case("benign", "meeting.ics", _ics("Room 4.12"), frozenset())
    yield Case("benign", "icons.svg", b'<svg xmlns="http://www.w3.org/2000/svg"><use '
               b'href="#icon"/><a href="#top"/></svg>', frozenset())


_URL = re.compile(rb"https?://[^\s\"'<>)\\]+")


def afternoon_script(case: Case) -> set[str]:
    """The links a quick script with the same libraries finds."""
    found: set[str] = set()
    data = case.data
    if data.startswith(b"%PDF"):
        import pypdf

        try:
            reader = pypdf.PdfReader(io.BytesIO(data))
            if reader.is_encrypted:
                for p in case.passwords:
                    reader.decrypt(p)
            for page in reader.pages:
                for a in page.get("/Annots") or []:
                    action = a.get_object().get("/A")
                    if action is not None and action.get("/URI"):
                        found.add(str(action["/URI"]))
                found |= {m.decode() for m in _URL.findall(page.extract_text().encode())}
        except Exception:
            pass
        return found
    if data.startswith(b"PK"):
        try:
            with zipfile.ZipFile(io.BytesIO(data)) as z:
                for n in z.namelist():
                    body = z.read(n)
                    if n.endswith(".rels"):
                        found |= {m.decode() for m in re.findall(
                            rb'Target="([^"]+)"[^>]*TargetMode="External"', body)}
                    elif n.endswith(".xml"):
                        found |= {m.decode() for m in _URL.findall(body)
                                  if b"schemas" not in m and b"purl.org" not in m
                                  and b"w3.org" not in m}
        except Exception:
            pass
        return found
    return {m.decode("latin-1") for m in _URL.findall(data) if b"w3.org" not in m}
