"""Defanged indicators in opened text files and mails (issue 15 item 6), window only.

``read_bytes(..., defanged=True)`` (what the window's document reader asks for) lists
``hxxps://evil[.]example/x`` and ``evil[.]example`` from a text file or a mail's text
part as written, with the refanged form as ``target`` (what a row inspects); without
the flag (the CLI and the batch contract's ``eml`` answer) nothing changes.
"""

from __future__ import annotations

from email.message import EmailMessage

from uriinspector.sources import read_bytes

IOCS = "Indicators:\nhxxps://evil[.]example/payload\nevil[.]example\nhttps://ok.example/\n"


def test_text_file_lists_defanged_indicators_when_asked() -> None:
    doc = read_bytes(IOCS.encode(), "iocs.txt", defanged=True)
    rows = [(link.uri, link.target) for link in doc.links]
    assert rows == [
        ("hxxps://evil[.]example/payload", "https://evil.example/payload"),
        ("evil[.]example", "http://evil.example"),
        ("https://ok.example/", "https://ok.example/"),
    ]
    for link in doc.links:
        assert link.span is not None and IOCS[link.span.start : link.span.end] == link.uri
    plain = read_bytes(IOCS.encode(), "iocs.txt")
    assert [link.uri for link in plain.links] == ["https://ok.example/"]


def test_mail_text_part_lists_defanged_indicators_when_asked() -> None:
    msg = EmailMessage()
    msg["From"] = "soc@example.com"
    msg["To"] = "team@example.com"
    msg["Subject"] = "IOCs"
    msg.set_content(IOCS)
    data = bytes(msg)
    doc = read_bytes(data, "iocs.eml", defanged=True)
    assert ("hxxps://evil[.]example/payload", "https://evil.example/payload") in [
        (link.uri, link.target) for link in doc.links
    ]
    assert [link.uri for link in read_bytes(data, "iocs.eml").links] == ["https://ok.example/"]
