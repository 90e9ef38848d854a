"""Meeting invitations (``.ics``, RFC 5545): the join links a calendar shows, read offline.

A fake meeting invitation carries its lure in the event: the ``URL`` property, the
``LOCATION`` ("Join: https://…"), the ``DESCRIPTION`` text, conferencing properties
(``CONFERENCE``, RFC 7986; Microsoft's ``X-MICROSOFT-SKYPETEAMSMEETINGURL``, Google's
``X-GOOGLE-CONFERENCE``), attachments by URI (``ATTACH``) and the organizer's and
attendees' ``mailto:`` addresses are not links out and are left. Parsed with
``icalendar``; each link has ``how: calendar`` and a part such as
``invite.ics › VEVENT 1 › LOCATION``.
"""

from __future__ import annotations

from typing import Final

from uriinspector.core.extract import extract
from uriinspector.sources.model import Document, Link, Problem

#: Largest invitation read (bytes).
MAX_ICS_BYTES: Final = 8 * 1024 * 1024
#: Most components (events, to-dos, alarms) read in one calendar.
MAX_COMPONENTS: Final = 10_000
#: Most links listed from one calendar.
MAX_CALENDAR_LINKS: Final = 10_000
#: Properties whose value is one URL.
_URL_PROPS: Final = ("URL", "CONFERENCE", "ATTACH", "X-MICROSOFT-SKYPETEAMSMEETINGURL",
                     "X-GOOGLE-CONFERENCE", "X-ALT-DESC-URL", "TZURL")
#: Properties of free text that may hold URLs.
_TEXT_PROPS: Final = ("LOCATION", "DESCRIPTION", "SUMMARY", "COMMENT", "X-ALT-DESC")


def looks_like_calendar(data: bytes) -> bool:
    """Whether ``data`` starts like an iCalendar object."""
    return data.lstrip(b"\xef\xbb\xbf \t\r\n")[:15].upper().startswith(b"BEGIN:VCALENDAR")


def _values(value: object) -> list[str]:
    items = value if isinstance(value, list) else [value]
    out: list[str] = []
    for item in items:
        text = item.to_ical() if hasattr(item, "to_ical") else item
        if isinstance(text, bytes):
            text = text.decode("utf-8", "replace")
        if isinstance(text, str):
            out.append(text)
    return out


def read_ics(data: bytes, name: str = "invite.ics") -> Document:
    """Every link of every event of an ``.ics`` file; damaged ones are problems."""
    if len(data) > MAX_ICS_BYTES:
        return Document("unknown", (), (Problem(
            "too-large", f"An invitation of {len(data):,} bytes is not read (the limit is "
            f"{MAX_ICS_BYTES // (1024 * 1024)} MB).", name),), source=name)
    import icalendar  # on first use: ~40 ms

    try:
        cal = icalendar.Calendar.from_ical(data)
    except Exception as exc:  # icalendar raises ValueError and others on damaged input
        return Document("unknown", (), (Problem(
            "unreadable", f"The invitation could not be read: {type(exc).__name__}: "
            f"{str(exc)[:200]}", name),), source=name)
    links: list[Link] = []
    problems: list[Problem] = []
    counts: dict[str, int] = {}
    for n, component in enumerate(cal.walk()):
        if n >= MAX_COMPONENTS:
            problems.append(Problem("too-many-parts", f"Only the first {MAX_COMPONENTS:,} "
                                    "calendar components were read.", name))
            break
        kind = str(component.name or "")
        if kind == "VCALENDAR":
            continue
        counts[kind] = counts.get(kind, 0) + 1
        where = f"{name} › {kind} {counts[kind]}"
        for prop in (*_URL_PROPS, *_TEXT_PROPS):
            if prop not in component:
                continue
            for value in _values(component.get(prop)):
                if prop in _URL_PROPS and value.strip() and ":" in value:
                    url = value.strip()
                    links.append(Link(uri=url, raw=url, target=url, kind="calendar",
                                      part=f"{where} › {prop}"))
                else:
                    links += [Link(uri=e.uri, raw=e.raw, target=e.target, kind="calendar",
                                   part=f"{where} › {prop}") for e in extract(value)]
        if len(links) >= MAX_CALENDAR_LINKS:
            problems.append(Problem("too-many-links", f"Only the first {MAX_CALENDAR_LINKS:,}"
                                    " links were listed.", name))
            links = links[:MAX_CALENDAR_LINKS]
            break
    return Document("calendar", tuple(links), tuple(problems), source=name)


__all__ = ["MAX_ICS_BYTES", "looks_like_calendar", "read_ics"]
