"""Internet shortcuts: a Windows ``.url`` file and a macOS ``.webloc`` file, read offline.

A shortcut is a one-link document: double-clicking it opens its target, so phishing
mails attach them in place of a link. ``.url`` is an INI file whose
``[InternetShortcut]`` section names ``URL=`` (and sometimes ``IconFile=``, another URL
the shell fetches to draw the icon); ``.webloc`` is a property list (XML or binary) with
a ``URL`` key. The target is reported with ``how: shortcut``; nothing is opened.
"""

from __future__ import annotations

import plistlib
import re
from typing import Final

from uriinspector.sources.model import Document, Link, Problem

#: Largest shortcut read (bytes): real ones are a few hundred bytes.
MAX_SHORTCUT_BYTES: Final = 256 * 1024
_SECTION: Final = re.compile(r"^\s*\[([^\]\r\n]*)\]\s*$")
_KEY: Final = re.compile(r"^\s*([A-Za-z][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$")
#: Keys of an ``[InternetShortcut]`` section that hold a URL (the shell fetches IconFile).
_URL_KEYS: Final = {"url": "URL", "iconfile": "IconFile"}


def _text(data: bytes) -> str:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", "replace")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", "replace")


def looks_like_url_file(data: bytes) -> bool:
    """Whether ``data`` starts like a Windows Internet Shortcut."""
    head = _text(data[:512]).lstrip().lower()
    return head.startswith("[internetshortcut]") or head.startswith("[default]")


def read_url_file(data: bytes, name: str = "shortcut.url") -> Document:
    """The targets of a Windows ``.url`` file (``URL=`` first, then ``IconFile=``)."""
    if len(data) > MAX_SHORTCUT_BYTES:
        return Document("unknown", (), (Problem(
            "too-large", f"A shortcut of {len(data):,} bytes is not read (the limit is "
            f"{MAX_SHORTCUT_BYTES:,}).", name),), source=name)
    section = ""
    links: list[Link] = []
    for line in _text(data).splitlines():
        m = _SECTION.match(line)
        if m is not None:
            section = m.group(1).strip().lower()
            continue
        k = _KEY.match(line)
        if k is None or section != "internetshortcut":
            continue
        key = _URL_KEYS.get(k.group(1).lower())
        if key is not None and k.group(2):
            url = k.group(2)
            links.append(Link(uri=url, raw=url, target=url, kind="shortcut",
                              part=f"{name} › {key}"))
    if not links:
        return Document("unknown", (), (Problem(
            "wrong-format", "Not an Internet Shortcut: no [InternetShortcut] URL= line.",
            name),), source=name)
    return Document("shortcut", tuple(links), source=name)


def read_webloc(data: bytes, name: str = "shortcut.webloc") -> Document:
    """The target of a macOS ``.webloc`` (an XML or binary property list with ``URL``)."""
    if len(data) > MAX_SHORTCUT_BYTES:
        return Document("unknown", (), (Problem(
            "too-large", f"A shortcut of {len(data):,} bytes is not read (the limit is "
            f"{MAX_SHORTCUT_BYTES:,}).", name),), source=name)
    if b"<!ENTITY" in data[:4096].upper():
        return Document("unknown", (), (Problem(
            "unreadable", "The property list declares XML entities; it is not read "
            "(entity expansion).", name),), source=name)
    try:
        plist = plistlib.loads(data)
    except Exception as exc:  # plistlib raises several types on damaged input
        return Document("unknown", (), (Problem(
            "wrong-format", f"Not a property list ({type(exc).__name__}).", name),),
            source=name)
    url = plist.get("URL") if isinstance(plist, dict) else None
    if not isinstance(url, str) or not url:
        return Document("unknown", (), (Problem(
            "wrong-format", "The property list has no URL key.", name),), source=name)
    return Document("shortcut", (Link(uri=url, raw=url, target=url, kind="shortcut",
                                      part=f"{name} › URL"),), source=name)


__all__ = ["MAX_SHORTCUT_BYTES", "looks_like_url_file", "read_url_file", "read_webloc"]
