"""Invitations (.ics) and shortcuts (.url, .webloc) as analysts receive them (issue 24 item 5).

Inputs are written by real writers: ``icalendar`` for invitations, ``plistlib`` for
``.webloc`` (XML and binary), an INI text as Windows writes ``.url`` files.
"""

from __future__ import annotations

import plistlib
from datetime import UTC, datetime

import icalendar
import pytest

from uriinspector.sources.calendar import MAX_ICS_BYTES, looks_like_calendar, read_ics
from uriinspector.sources.model import HOW
from uriinspector.sources.shortcut import looks_like_url_file, read_url_file, read_webloc

JOIN = "https://teams-meet.evil.example/j/19%3ameeting"


def _invitation() -> bytes:
    cal = icalendar.Calendar()
    cal.add("prodid", "-//Lure//EN")
    cal.add("version", "2.0")
    event = icalendar.Event()
    event.add("uid", "1@lure.example")
    event.add("dtstart", datetime(2026, 12, 1, 10, tzinfo=UTC))
    event.add("summary", "Payroll update: action required")
    event.add("location", f"Microsoft Teams Meeting: {JOIN}")
    event.add("description", "Review the new policy at https://hr-portal.evil.example/"
              "policy before joining.\nIt is not a link: mailto:hr@corp.example")
    event.add("url", "https://calendar.evil.example/e/1")
    event.add("x-microsoft-skypeteamsmeetingurl", "https://teams.microsoft.com.evil.example/l")
    event.add("organizer", "mailto:ceo@corp.example")
    event.add("attendee", "mailto:jane@corp.example")
    alarm = icalendar.Alarm()
    alarm.add("action", "DISPLAY")
    alarm.add("description", "Reminder: https://reminder.evil.example/")
    alarm.add("trigger", datetime(2026, 12, 1, 9, 45, tzinfo=UTC))
    event.add_component(alarm)
    cal.add_component(event)
    return bytes(cal.to_ical())


def test_every_join_link_of_an_invitation_is_listed_with_its_part() -> None:
    data = _invitation()
    assert looks_like_calendar(data)
    doc = read_ics(data, "meeting.ics")
    got = {(link.uri, link.part) for link in doc.links}
    assert got == {
        ("https://calendar.evil.example/e/1", "meeting.ics › VEVENT 1 › URL"),
        ("https://teams.microsoft.com.evil.example/l",
         "meeting.ics › VEVENT 1 › X-MICROSOFT-SKYPETEAMSMEETINGURL"),
        (JOIN, "meeting.ics › VEVENT 1 › LOCATION"),
        ("https://hr-portal.evil.example/policy", "meeting.ics › VEVENT 1 › DESCRIPTION"),
        ("mailto:hr@corp.example", "meeting.ics › VEVENT 1 › DESCRIPTION"),
        ("https://reminder.evil.example/", "meeting.ics › VALARM 1 › DESCRIPTION"),
    }
    assert {HOW[link.kind] for link in doc.links} == {"calendar"}
    assert not any("ceo@" in link.uri or "jane@" in link.uri for link in doc.links)
    assert doc.problems == () and doc.kind == "calendar"


@pytest.mark.parametrize("data", [b"BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nbroken", b"\xff" * 50])
def test_a_damaged_invitation_is_a_problem(data: bytes) -> None:
    doc = read_ics(data, "bad.ics")
    assert doc.links == () and doc.problems[0].code == "unreadable"


def test_an_oversized_invitation_is_not_read() -> None:
    doc = read_ics(b"BEGIN:VCALENDAR\r\n" + b"X" * MAX_ICS_BYTES, "big.ics")
    assert doc.problems[0].code == "too-large"


def test_a_windows_url_shortcut_gives_its_target_and_icon() -> None:
    data = (b"[{000214A0-0000-0000-C000-000000000046}]\r\nProp3=19,11\r\n"
            b"[InternetShortcut]\r\nIDList=\r\nURL=https://invoice.evil.example/view?id=7\r\n"
            b"IconFile=https://cdn.evil.example/pdf.ico\r\nIconIndex=0\r\n")
    assert looks_like_url_file(b"[InternetShortcut]\r\nURL=x") and not looks_like_url_file(b"x")
    doc = read_url_file(data, "Invoice.url")
    assert [(link.uri, link.part, HOW[link.kind]) for link in doc.links] == [
        ("https://invoice.evil.example/view?id=7", "Invoice.url › URL", "shortcut"),
        ("https://cdn.evil.example/pdf.ico", "Invoice.url › IconFile", "shortcut"),
    ]
    utf16 = "[InternetShortcut]\r\nURL=file://evil.example/share/x.exe\r\n".encode("utf-16")
    assert read_url_file(utf16).links[0].uri == "file://evil.example/share/x.exe"


def test_a_url_file_without_a_url_says_so() -> None:
    doc = read_url_file(b"[Other]\r\nURL=https://not-in-section.example/\r\n", "x.url")
    assert doc.links == () and doc.problems[0].code == "wrong-format"


@pytest.mark.parametrize("fmt", [plistlib.FMT_XML, plistlib.FMT_BINARY])
def test_a_webloc_gives_its_target(fmt: plistlib.PlistFormat) -> None:
    data = plistlib.dumps({"URL": "https://docs.evil.example/share"}, fmt=fmt)
    doc = read_webloc(data, "Shared document.webloc")
    assert [(link.uri, link.part) for link in doc.links] == [
        ("https://docs.evil.example/share", "Shared document.webloc › URL")]


def test_a_webloc_with_entities_or_no_url_is_refused() -> None:
    bomb = (b'<?xml version="1.0"?><!DOCTYPE plist [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;">]>'
            b"<plist><dict><key>URL</key><string>&b;</string></dict></plist>")
    assert read_webloc(bomb).problems[0].code == "unreadable"
    assert read_webloc(plistlib.dumps({"Other": 1})).problems[0].code == "wrong-format"
    assert read_webloc(b"not a plist").problems[0].code == "wrong-format"
