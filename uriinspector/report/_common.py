"""What the Markdown and HTML reports share: visible text, labels and table rows.

Hidden characters (controls, bidi controls, zero-width and other invisibles) are never
written into a report as themselves: they become ``⟨U+202E⟩`` chips, as in the window,
so no report can reorder or hide part of the URI it describes.

Every piece of the link a report quotes goes through a :class:`Defanger` first, so
the link is never clickable in a shared report unless the user asked for it live.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from uriinspector.core import hidden
from uriinspector.core.analysis import Analysis
from uriinspector.core.defang import (
    Edit,
    apply_edits,
    defang_all,
    defang_edits,
    defang_mentions,
    mention_edits,
)
from uriinspector.core.split import Part
from uriinspector.core.verdict import VERDICT_WORDS

if TYPE_CHECKING:
    from uriinspector.report import DocumentContext, ResolutionTable

#: Longest value written into a table cell; the rest is counted, not shown.
CELL_LIMIT = 2000
#: Longest URI painted in full at the top of a report.
URI_LIMIT = 100_000

#: The verdict in words: the core's one wording, as the banner says it. No sign glyph:
#: U+26D4 is in no font a fresh Debian has (the HTML report draws the icons of
#: ``resources/icons`` inline; Markdown has the word).
VERDICT_LABELS: dict[str, str] = VERDICT_WORDS

COMPONENT_NAMES: tuple[str, ...] = (
    "scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"
)


def is_hidden(ch: str) -> bool:
    """Whether ``ch`` is shown as a chip rather than written as itself (``core/hidden.py``:
    the one table every output uses)."""
    return hidden.is_hidden(ch)


def chip(ch: str) -> str:
    """The visible stand-in of a hidden character: ``⟨U+202E⟩`` (``core/hidden.py``)."""
    return hidden.marker(ch)


def char_name(ch: str) -> str:
    """The name of ``ch``, or what it is when it has none (``core/hidden.py``)."""
    return hidden.hidden_name(ch)


def runs(text: str) -> Iterator[tuple[bool, str]]:
    """``text`` as ``(hidden, run)`` pieces: plain runs, and single hidden characters."""
    return hidden.hidden_runs(text)


def visible(text: str, limit: int = CELL_LIMIT) -> str:
    """``text`` with hidden characters as chips, cut at ``limit`` code points."""
    head = text[:limit]
    shown = "".join(chip(r) if hidden else r for hidden, r in runs(head))
    if len(text) > limit:
        shown += f"… ({len(text) - limit:,} more characters)"
    return shown


@dataclass(frozen=True, slots=True)
class ComponentRow:
    """One row of the components table: ``value`` is None when undefined."""

    name: str
    value: str | None
    start: int | None
    end: int | None


def component_rows(a: Analysis) -> list[ComponentRow]:
    """Every component of the generic split (RFC 3986 §3), defined or not, in order."""
    split = a.parsed.split
    rows: list[ComponentRow] = []
    for name in COMPONENT_NAMES:
        part: Part | None = getattr(split, name)
        if part is None:
            rows.append(ComponentRow(name, None, None, None))
        else:
            rows.append(ComponentRow(name, part.text, part.span.start, part.span.end))
    return rows


def excerpt(text: str, start: int, end: int, context: int = 40) -> tuple[str, str, str, bool, bool]:
    """``(before, inside, after, cut_before, cut_after)`` around ``text[start:end]``."""
    lo = max(0, start - context)
    hi = min(len(text), end + context)
    inside = text[start:end]
    if len(inside) > 2 * context:
        inside = inside[:context] + "…" + inside[-context:]
    return text[lo:start], inside, text[end:hi], lo > 0, hi < len(text)


#: A scheme and its colon (RFC 3986 §3.1).
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")
#: A dotted name (``www.example.com``) inside an authority, e.g. in a misleading user name.
_DOMAIN_LIKE = re.compile(r"[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+")


def _hosts_named(a: Analysis) -> tuple[str, ...]:
    """The host names a report's prose may quote: the link's, the browser's, its
    registrable domain and every host it carries (each defanged wherever it stands)."""
    from uriinspector.core.split import split

    hosts = [a.effective_host or "", a.registrable_domain or "", a.whatwg.hostname or ""]
    host = a.parsed.split.host
    if host is not None:
        hosts.append(host.text)
    authority = a.parsed.split.authority
    if authority is not None:  # a user name dressed as a site: www.example.com@...
        hosts += _DOMAIN_LIKE.findall(authority.text[:4096])[:20]
    for f in a.findings[:50]:
        if f.imitates:  # "spells out paypal.com": the brand's own name, named bare
            hosts.append(f.imitates)
        if f.nested_url:
            nested = split(f.nested_url[:4096]).host
            if nested is not None:
                hosts.append(nested.text)
    with contextlib.suppress(Exception):  # a destinations bug must not stop a report
        hosts += [hop.host or "" for hop in a.destinations.hops]
    return tuple(dict.fromkeys(h for h in hosts if h and "." in h))


@dataclass(frozen=True, slots=True)
class Defanger:
    """Defangs what a report quotes of one link (or leaves it live when asked).

    ``piece`` takes a slice of the link by its code-point span, so spans found in the
    link (components, findings) still paint the right characters.
    """

    text: str
    edits: tuple[Edit, ...]
    hosts: tuple[str, ...]
    live: bool

    @classmethod
    def of(cls, a: Analysis, live: bool = False) -> Defanger:
        """The defanger of ``a``'s link (no work at all when ``live``)."""
        if live:
            return cls(a.text, (), (), True)
        hosts = _hosts_named(a)
        # the link's own edits, and its hosts wherever they stand in it (a wrapped,
        # percent-encoded "https%3A%2F%2Fbit.ly" is bracketed too)
        edits = set(defang_edits(a.text)) | set(mention_edits(a.text, hosts))
        return cls(a.text, tuple(sorted(edits, key=lambda e: (e[0], e[1]))), hosts, False)

    def piece(self, lo: int, hi: int) -> str:
        """``text[lo:hi]`` defanged."""
        return self.text[lo:hi] if self.live else apply_edits(self.text, self.edits, lo, hi)

    def whole(self) -> str:
        """The whole link, defanged."""
        return self.piece(0, len(self.text))

    def uri(self, other: str) -> str:
        """Another URI derived from the link (normalized, a target, a hop), defanged."""
        if self.live:
            return other
        if other == self.text:
            return self.whole()
        if _SCHEME.match(other) is None and not other.startswith(("//", "\\")):
            # a relative path ("../g"): no host to bracket, only the hosts it names
            return defang_mentions(other, self.hosts)
        return defang_mentions(defang_all(other), self.hosts)

    def shown(self, text: str) -> str:
        """Text a document shows for the link (a mail's anchor text, often a domain):
        every dot bracketed, so a claimed address is not clickable either."""
        return text if self.live else defang_mentions(defang_all(text), self.hosts)

    def prose(self, text: str) -> str:
        """A sentence that may quote the link's hosts or URLs, defanged."""
        return text if self.live else defang_mentions(text, self.hosts)


def evidence(
    d: Defanger, start: int, end: int, context: int = 40
) -> tuple[str, str, str, bool, bool]:
    """:func:`excerpt` of ``d``'s link, each piece defanged."""
    n = len(d.text)
    lo = max(0, start - context)
    hi = min(n, end + context)
    if end - start > 2 * context:
        inside = d.piece(start, start + context) + "…" + d.piece(end - context, end)
    else:
        inside = d.piece(start, end)
    return d.piece(lo, start), inside, d.piece(end, hi), lo > 0, hi < n


#: Rows of the scheme-details table at most (a decoder may list thousands of fields).
MAX_DETAIL_ROWS = 200


@dataclass(frozen=True, slots=True)
class DetailRow:
    """One decoded field of the scheme's own decoder, flattened: ``depth`` 0 or 1."""

    depth: int
    label: str
    value: str
    note: str
    flag: str | None

    @property
    def shown_label(self) -> str:
        """The label as a report shows it: a child's after ``↳ ``."""
        return ("↳ " if self.depth else "") + self.label


def detail_rows(a: Analysis) -> tuple[str, list[DetailRow]]:
    """The scheme decoder's title and its fields, children one level deep, bounded."""
    d = a.decoding
    if d is None:
        return "", []
    rows: list[DetailRow] = []
    for f in d.fields:
        rows.append(DetailRow(0, f.label, f.value, f.note or "", f.flag))
        for c in f.children:
            rows.append(DetailRow(1, c.label, c.value, c.note or "", c.flag))
        if len(rows) >= MAX_DETAIL_ROWS:
            break
    return d.title, rows[:MAX_DETAIL_ROWS]


def urn_rows(a: Analysis) -> list[tuple[str, str | None]]:
    """The URN reading (RFC 8141 / the URN drafts): its parts, lexical form, problems."""
    u = a.urn
    if u is None:
        return []
    rows: list[tuple[str, str | None]] = [
        ("Namespace (NID)", u.nid),
        ("Namespace-specific string (NSS)", u.nss),
        ("r-component", u.r_component),
        ("q-component", u.q_component),
        ("f-component", u.f_component),
        ("Lexical form", u.lexical_form),
        ("Valid", "yes" if u.valid else "no"),
    ]
    rows += [("Diagnostic", d.message) for d in u.diagnostics[:20]]
    return rows


@dataclass(frozen=True, slots=True)
class FactRow:
    """One row of a two-column table (under the verdict, the document): its cell is
    ``quoted`` as code, then ``words``, then ``(note)``, each only when not None.

    ``quoted`` is text of the link or the document, already defanged as the row
    needs; ``missing`` says ``words`` stand for a value that is not there (the HTML
    report dims them).
    """

    label: str
    quoted: str | None = None
    words: str | None = None
    note: str | None = None
    missing: bool = False


def head_rows(a: Analysis, d: Defanger) -> list[FactRow]:
    """Where the link goes, under the verdict: the effective host and its registrable
    domain (defanged by ``d``), and the edition with the link's validity under it."""
    host = (FactRow("Effective host", d.uri(a.effective_host)) if a.effective_host
            else FactRow("Effective host", words="none (a browser contacts no host)",
                         missing=True))
    domain = (FactRow("Registrable domain", d.uri(a.registrable_domain))
              if a.registrable_domain
              else FactRow("Registrable domain", words="none", missing=True))
    edition = FactRow("Edition", words=str(a.edition),
                      note="valid" if a.parsed.valid else "not valid")
    return [host, domain, edition]


def document_rows(doc: DocumentContext, d: Defanger) -> list[FactRow]:
    """The document the link came from: its name and kind, how many links it holds,
    the text it shows for this link (defanged by ``d``) and whether that text names
    another domain."""
    rows = [
        FactRow("Read from", doc.name, note=doc.kind),
        FactRow("Links in it", words=f"{doc.links:,}"),
    ]
    if doc.part:
        rows.append(FactRow("Found in", words=doc.part))
    if doc.display is not None:
        rows.append(FactRow("Shown as", d.shown(doc.display)))
    if doc.mismatch:
        rows.append(
            FactRow("Note", words="the text shown names another domain than the link goes to")
        )
    return rows


@dataclass(frozen=True, slots=True)
class TargetRow:
    """One rule set's resolution: ``target`` is None when it gives none; ``note`` is
    its error, ``same document``, or empty."""

    rules: str
    target: str | None
    note: str


def resolution_rows(table: ResolutionTable) -> list[TargetRow]:
    """The reference resolved against the base under every rule set (RFC 3986 §5.2 and
    the other editions), one row each."""
    rows: list[TargetRow] = []
    for res in table.resolutions:
        if res.error is not None:
            note = res.error.message
        else:
            note = "same document" if res.same_document else ""
        rows.append(TargetRow(res.rules, res.target, note))
    return rows


@dataclass(frozen=True, slots=True)
class RungRow:
    """One rung of the normalization ladder: ``changed`` is ``yes``, ``no`` or ``not
    performed``; ``note`` joins the first edits' reasons and the rung's note."""

    name: str
    value: str
    changed: str
    note: str


def ladder_rows(a: Analysis) -> list[RungRow]:
    """The normalization ladder (RFC 3986 §6.2), rung by rung, each with what changed."""
    rows: list[RungRow] = []
    for rung in a.ladder.rungs:
        changed = "not performed" if not rung.performed else ("yes" if rung.changed else "no")
        notes = [e.reason for e in rung.edits[:5]]
        if rung.edit_count > 5:  # the core keeps the first edits and counts them all
            notes.append(f"and {rung.edit_count - 5} more edits")
        if rung.note:
            notes.append(rung.note)
        rows.append(RungRow(rung.name, rung.value, changed, "; ".join(notes)))
    return rows
