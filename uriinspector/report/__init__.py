"""Reports of one analysis: JSON, Markdown and a self-contained HTML file (no Qt).

The JSON report is the batch contract's ``analyze`` answer (``Analysis.to_json``, the
same serializer the protocol uses). Markdown and HTML add what the window shows, but
only the sections that apply to this link (:func:`sections`): findings when there are
any, the scheme's own details when it has a decoder, the destinations it carries, the
URN reading of a ``urn:``, the resolution the user asked for (never a table against
the spec's example base nobody chose), the normalization ladder when it changes
something, and the document the link came from. The link is defanged everywhere by
default (``hxxps://evil[.]example``, no live ``href``), so a report can be pasted into
a ticket or mail; ``live_link`` keeps it clickable. The HTML file has inline CSS only
(no script, no external asset) and paints the URI with the window's own colours
(``uriinspector.palette_data``).

``render`` is what the CLI (``uriinspector report``) and the window's export actions
call; ``write_batch`` writes one report per URI of an extraction; ``summary`` is the
plain text of "Copy summary".
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from uriinspector import __version__
from uriinspector.core.analysis import Analysis, analyze
from uriinspector.core.resolve import Resolution, resolve_all

__all__ = [
    "DEFAULT_BASE",
    "FORMATS",
    "SECTIONS",
    "SUFFIXES",
    "DocumentContext",
    "Format",
    "ReportInput",
    "ResolutionTable",
    "batch_filename",
    "now_utc",
    "prepare",
    "render",
    "sections",
    "to_json_text",
    "write_batch",
]

Format = Literal["html", "md", "json"]
#: Report formats, in the CLI's order.
FORMATS: tuple[Format, ...] = ("html", "md", "json")
#: File name suffix of each format.
SUFFIXES: dict[str, str] = {"html": ".html", "md": ".md", "json": ".json"}

#: The example base of draft-2003 Appendix C and RFC 3986 §5.4, "http://a/b/c/d;p?q":
#: what the Resolution pane starts with. A report never resolves against it unless
#: the user chose a reference or gave this base on purpose (``--base``).
DEFAULT_BASE = "http://a/b/c/d;p?q"

#: Every optional section, in the order a report shows them (see :func:`sections`).
SECTIONS: tuple[str, ...] = (
    "document", "findings", "destinations", "components", "details", "urn",
    "resolution", "ladder",
)


@dataclass(frozen=True, slots=True)
class ResolutionTable:
    """A reference resolved against a base under every rule set (RFC 3986 §5.2 and the
    other editions), as the user asked for it."""

    base: str
    reference: str
    resolutions: tuple[Resolution, ...]


@dataclass(frozen=True, slots=True)
class DocumentContext:
    """The document the link was read from (a mail, page or image open in the window)."""

    name: str
    kind: str
    links: int
    #: the text the document shows for this link (a mail's anchor text), if any
    display: str | None = None
    #: the shown text names another domain than the link goes to
    mismatch: bool = False
    #: where in the document the link was found (a MIME part: ``1.2 text/html``)
    part: str | None = None


@dataclass(frozen=True, slots=True)
class ReportInput:
    """What a report shows: the analysis and the context it was made in."""

    analysis: Analysis
    resolution: ResolutionTable | None = None
    document: DocumentContext | None = None
    #: keep the link clickable (off by default: a shared report must not be)
    live_link: bool = False
    #: when the analysis was made, ISO 8601 in UTC
    analysed_at: str = ""
    version: str = __version__


def now_utc(seconds: float | None = None) -> str:
    """The time ``seconds`` since the epoch (default: now) as ``2026-11-25T13:40:05Z``
    (the reports' "analysed at")."""
    moment = datetime.now(UTC) if seconds is None else datetime.fromtimestamp(seconds, UTC)
    return moment.replace(microsecond=0).isoformat().replace("+00:00", "Z")


def prepare(
    analysis: Analysis,
    base: str | None = None,
    *,
    reference: str | None = None,
    document: DocumentContext | None = None,
    live_link: bool = False,
    analysed_at: str | None = None,
) -> ReportInput:
    """Bundle ``analysis`` with its context.

    A resolution table is made only when asked for: ``reference`` resolved against
    ``base`` (or the spec's example base); ``base`` alone resolves the inspected link
    itself against it, as ``uriinspector report --base`` does.
    """
    table: ResolutionTable | None = None
    if base is not None or reference:
        used = DEFAULT_BASE if base is None else base
        ref = reference if reference else analysis.text
        table = ResolutionTable(used, ref, resolve_all(used, ref))
    return ReportInput(
        analysis, table, document, live_link,
        now_utc() if analysed_at is None else analysed_at,
    )


def _ladder_changes(a: Analysis) -> bool:
    try:
        return any(rung.performed and rung.changed for rung in a.ladder.rungs)
    except Exception:  # a ladder bug must not take the report down
        return False


def _has_destinations(a: Analysis) -> bool:
    try:
        d = a.destinations
    except Exception:
        return False
    return bool(d.hops) or d.unknowable is not None


def _has_details(a: Analysis) -> bool:
    try:
        d = a.decoding
    except Exception:
        return False
    if d is None or not d.fields:
        return False
    # http(s) repeats the components unless it has query parameters or a flagged field
    return d.scheme not in ("http", "https") or any(f.children or f.flag for f in d.fields)


def sections(r: ReportInput) -> tuple[str, ...]:
    """The optional sections that apply to ``r``, in order (:data:`SECTIONS`).

    The link, its verdict and where it goes always lead a report; the rest only when
    there is something to say: ``document`` when the link came from a loaded document,
    ``findings`` when there are any (the verdict already says when there are none),
    ``destinations`` when the link carries or hides another URL, ``components``
    always (every reference splits, RFC 3986 §3), ``details`` when its scheme has a
    decoder with more to say than the components (an http(s) link: its query
    parameters or a flagged field), ``urn`` for a ``urn:``, ``resolution`` when the
    user asked for one, and ``ladder`` when normalization changes the text.
    """
    a = r.analysis
    present = {
        "document": r.document is not None,
        "findings": bool(a.findings),
        "destinations": _has_destinations(a),
        "components": True,
        "details": _has_details(a),
        "urn": a.urn is not None,
        "resolution": r.resolution is not None,
        "ladder": _ladder_changes(a),
    }
    return tuple(name for name in SECTIONS if present[name])


def to_json_text(analysis: Analysis) -> str:
    r"""The contract's ``analyze`` answer, indented; lone surrogates as ``\udxxx`` escapes.

    ``ensure_ascii=False`` keeps IDN hosts readable; a lone surrogate (only possible
    inside a JSON string) becomes its JSON escape, so the text always encodes as UTF-8.
    """
    text = json.dumps(analysis.to_json(), ensure_ascii=False, indent=2) + "\n"
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def render(
    analysis: Analysis,
    fmt: str,
    base: str | None = None,
    *,
    reference: str | None = None,
    document: DocumentContext | None = None,
    live_link: bool = False,
    analysed_at: str | None = None,
) -> str:
    """The report of ``analysis`` in ``fmt`` (``html``, ``md`` or ``json``); the
    keywords are :func:`prepare`'s (the JSON answer is the contract's, without them).

    Raises ``ValueError`` for an unknown format.
    """
    if fmt == "json":
        return to_json_text(analysis)
    if fmt not in FORMATS:
        raise ValueError(f"unknown report format {fmt!r} (known: {', '.join(FORMATS)})")
    r = prepare(
        analysis, base, reference=reference, document=document, live_link=live_link,
        analysed_at=analysed_at,
    )
    if fmt == "md":
        from uriinspector.report.markdown import to_markdown

        return to_markdown(r)
    from uriinspector.report.html import to_html

    return to_html(r)


_UNSAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")


def batch_filename(index: int, analysis: Analysis, fmt: str) -> str:
    """A safe, ordered file name for one report of a batch: ``003-www.example.com.html``.

    Only ASCII letters, digits, ``.``, ``_`` and ``-`` survive, so a hostile URI can
    never name a path outside the chosen folder.
    """
    hint = analysis.effective_host or (
        analysis.parsed.split.scheme.text if analysis.parsed.split.scheme else "reference"
    )
    safe = _UNSAFE_NAME.sub("_", hint)[:60].strip("._") or "uri"
    return f"{index:03d}-{safe}{SUFFIXES.get(fmt, '.txt')}"


def write_batch(
    uris: Iterable[str], folder: Path, fmt: str, base: str | None = None,
    *, live_link: bool = False,
) -> list[Path]:
    """Write one ``fmt`` report per URI into ``folder`` (created); return the paths."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown report format {fmt!r} (known: {', '.join(FORMATS)})")
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for i, uri in enumerate(uris, start=1):
        a = analyze(uri)
        path = folder / batch_filename(i, a, fmt)
        path.write_text(render(a, fmt, base, live_link=live_link), encoding="utf-8")
        written.append(path)
    return written
