"""A page or an SVG read for its links and for where its scripts send the browser.

The links are ``sources.html``'s (every URL attribute, ``<base href>`` applied); an SVG
adds its ``href``/``xlink:href`` targets. Scripts are found with linear scans (script
elements, ``on…=`` event handlers, ``javascript:`` URLs) and decoded statically by
``sources.script``: the script is never run. A target whose tail is computed at run time
keeps its literal prefix, and its part says so.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Final

from uriinspector.sources.html import extract_html
from uriinspector.sources.model import Document, Link, Problem

_SVG_HREF: Final = re.compile(r"""\s(?:xlink:)?href\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_HANDLER: Final = re.compile(r"""\son[a-z]{3,20}\s*=\s*(?:"([^"]*)"|'([^']*)')""", re.IGNORECASE)
_JS_URL: Final = re.compile(r"""\s(?:href|src|action)\s*=\s*(?:"\s*javascript:([^"]*)"|"""
                            r"""'\s*javascript:([^']*)')""", re.IGNORECASE)


def read_markup(text: str, *, svg: bool = False, base: str | None = None) -> Document:
    """The links of a page (``svg``: an SVG image) and its scripts' targets; never raises."""
    doc = extract_html(text, base=base)
    links = list(doc.links)
    if svg:
        known = {x.uri for x in links}
        for m in _SVG_HREF.finditer(text):
            url = html.unescape(m.group(1) if m.group(1) is not None else m.group(2)).strip()
            if url and not url.startswith("#") and url not in known:
                known.add(url)
                links.append(Link(uri=url, raw=url, target=url, kind="href", part=None))
    problems = list(doc.problems)
    for source, where in scripts(text):
        _script_links(source, where, links, problems)
    return replace(doc, kind="html", links=tuple(links), problems=tuple(problems), text=text)


def scripts(text: str) -> Iterator[tuple[str, str]]:
    """Script bodies (a linear scan), event handlers and ``javascript:`` URLs, named."""
    low = text.lower()
    at = 0
    while (start := low.find("<script", at)) != -1:
        open_end = low.find(">", start)
        if open_end == -1:
            break
        close = low.find("</script", open_end)
        yield text[open_end + 1: close if close != -1 else len(text)], "script"
        if close == -1:
            break
        at = close + 8
    for m in _HANDLER.finditer(text):
        yield (html.unescape(m.group(1) if m.group(1) is not None else m.group(2)),
               "event handler")
    for m in _JS_URL.finditer(text):
        yield (html.unescape(m.group(1) if m.group(1) is not None else m.group(2)),
               "javascript: URL")


def _script_links(source: str, where: str, links: list[Link], problems: list[Problem]) -> None:
    from uriinspector.sources.script import read_script

    if not source.strip():
        return
    reading = read_script(source)
    for t in reading.targets:
        part = where if not t.partial else f"{where} (partial: {t.note})"
        links.append(Link(uri=t.url, raw=t.url, target=t.url, kind="script", part=part))
    problems += [Problem("unreadable", f"A script was not read: {p}", where)
                 for p in reading.problems]


__all__ = ["read_markup", "scripts"]
