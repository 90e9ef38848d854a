"""gopher: the item-type character, the selector and the search string.

1993 draft (Gopher section and BNF ``gopheraddress = gopher://hostport [/ gtype
[selector]] [? search]``): the first character of the path after the initial "/"
is the Gopher item type; the rest is the selector, "with disallowed characters
encoded"; a selector may begin with a copy of the type character, so it can appear
twice (``/00/Weather...``); without type and selector the type is "1". RFC 1738
§3.4 (and RFC 4266) later put a search string after ``%09`` (a TAB) and a Gopher+
string after a second ``%09``; port 70 is the default.
"""

from __future__ import annotations

from uriinspector.core.decoders import DecodedField, SchemeDecoding
from uriinspector.core.decoders.hostport import authority_fields
from uriinspector.core.decoders.percent import decoded_field
from uriinspector.core.spans import Span
from uriinspector.core.split import split

#: Gopher item types: RFC 1436 §3.8 (the canonical set), then common extensions.
ITEM_TYPES: dict[str, str] = {
    "0": "text file",
    "1": "directory (menu)",
    "2": "CSO phone-book server",
    "3": "error",
    "4": "BinHex Macintosh file",
    "5": "DOS binary archive",
    "6": "UNIX uuencoded file",
    "7": "index-search server",
    "8": "telnet session",
    "9": "binary file",
    "+": "redundant (mirror) server",
    "T": "tn3270 session",
    "g": "GIF image",
    "I": "image (other than GIF)",
}
#: Widely used item types not in RFC 1436.
EXTENDED_TYPES: dict[str, str] = {
    "h": "HTML document",
    "i": "informational message (menu text)",
    "s": "sound",
    "d": "document (e.g. PDF)",
    ":": "bitmap image (Gopher+)",
    ";": "movie (Gopher+)",
    "<": "sound (Gopher+)",
}

_TAB = ("%09", "\t")


def _find_tab(text: str, start: int, end: int) -> tuple[int, int]:
    """Index and length of the first ``%09`` (or raw TAB) in ``text[start:end]``."""
    best = (-1, 0)
    for tab in _TAB:
        i = text.find(tab, start, end)
        if i != -1 and (best[0] == -1 or i < best[0]):
            best = (i, len(tab))
    return best


def decode_gopher(text: str) -> SchemeDecoding:
    """Decode a gopher: URI (1993 draft, RFC 1738 §3.4, RFC 1436 item types)."""
    sp = split(text)
    fields = authority_fields(
        sp, 70, "RFC 1738 §3.4",
        empty_host_note="A gopher URL names a host (1993 draft: gopher://hostport).",
    )
    path = sp.path
    p = path.text
    base = path.span.start
    if len(p) < 2:
        fields.append(DecodedField(
            "Item type", "1 — directory (menu), by default", Span(base, path.span.end),
            'No type character and selector: the type defaults to "1" (1993 draft, Gopher).'))
        fields.append(DecodedField("Selector", "(empty: the server's top menu)", None))
    else:
        gtype = p[1]
        tspan = Span(base + 1, base + 2)
        if gtype in ITEM_TYPES:
            fields.append(DecodedField(
                "Item type", f"{gtype} — {ITEM_TYPES[gtype]}", tspan,
                "The first character after the initial slash is the Gopher type (1993 "
                "draft, Gopher; RFC 1436 §3.8)."))
        elif gtype in EXTENDED_TYPES:
            fields.append(DecodedField(
                "Item type", f"{gtype} — {EXTENDED_TYPES[gtype]}", tspan,
                "A widely used item type that RFC 1436 does not define."))
        else:
            fields.append(DecodedField(
                "Item type", gtype, tspan,
                "Not an item type of RFC 1436 §3.8 or a common extension.", "warning"))
        sel_start = base + 2
        tab, tlen = _find_tab(text, sel_start, path.span.end)
        sel_end = path.span.end if tab == -1 else tab
        selector = text[sel_start:sel_end]
        note = None
        if selector.startswith(gtype):
            note = (f'Starts with a copy of the type character "{gtype}", as some selectors '
                    "do, so it appears twice in the URL (1993 draft, Gopher).")
        f = decoded_field("Selector", selector, Span(sel_start, sel_end), note=note)
        if not selector:
            f = DecodedField("Selector", "(empty)", f.span, f.note, f.flag)
        fields.append(f)
        if tab != -1:
            s_start = tab + tlen
            tab2, tlen2 = _find_tab(text, s_start, path.span.end)
            s_end = path.span.end if tab2 == -1 else tab2
            fields.append(decoded_field(
                "Search", text[s_start:s_end], Span(s_start, s_end),
                note="After %09 (a TAB): the search string sent to an index-search server "
                "(RFC 1738 §3.4)."))
            if tab2 != -1:
                fields.append(decoded_field(
                    "Gopher+ string", text[tab2 + tlen2 : path.span.end],
                    Span(tab2 + tlen2, path.span.end),
                    note="After a second %09: the Gopher+ string (RFC 1738 §3.4)."))
    if sp.query is not None:
        fields.append(decoded_field(
            "Search", sp.query.text, sp.query.span,
            note='The 1993 draft writes the search after "?" (gopheraddress ... [? search]); '
            "RFC 1738 §3.4 uses %09 instead."))
    return SchemeDecoding("gopher", "gopher: item type and selector", tuple(fields))
