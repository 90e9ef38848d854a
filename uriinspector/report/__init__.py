"""Reports of one analysis: JSON, Markdown and a self-contained HTML file (no Qt).

The JSON report is the batch contract's ``analyze`` answer (``Analysis.to_json``, the
same serializer the protocol uses). Markdown and HTML add what the window shows: the
verdict, where the link goes, findings with their spans, the components, the
resolution table under every rule set and the normalization ladder. The HTML file has
inline CSS only (no script, no external asset) and paints the URI with the window's
own colours (``uriinspector.palette_data``).

``render`` is what the CLI (``uriinspector report``) and the window's export actions
call; ``write_batch`` writes one report per URI of an extraction.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from uriinspector.core.analysis import Analysis, analyze
from uriinspector.core.resolve import Resolution, resolve_all

__all__ = [
    "DEFAULT_BASE",
    "FORMATS",
    "SUFFIXES",
    "Format",
    "ReportInput",
    "batch_filename",
    "prepare",
    "render",
    "to_json_text",
    "write_batch",
]

Format = Literal["html", "md", "json"]
#: Report formats, in the CLI's order.
FORMATS: tuple[Format, ...] = ("html", "md", "json")
#: File name suffix of each format.
SUFFIXES: dict[str, str] = {"html": ".html", "md": ".md", "json": ".json"}

#: The base the resolution table uses when none is given: the example base of
#: draft-2003 Appendix C and §5.4 (RFC 3986 §5.4), "http://a/b/c/d;p?q".
DEFAULT_BASE = "http://a/b/c/d;p?q"


@dataclass(frozen=True, slots=True)
class ReportInput:
    """What a report shows: the analysis and the URI resolved against ``base``."""

    analysis: Analysis
    base: str
    resolutions: tuple[Resolution, ...]


def prepare(analysis: Analysis, base: str | None = None) -> ReportInput:
    """Bundle ``analysis`` with its resolution table against ``base`` (every rule set)."""
    used = DEFAULT_BASE if base is None else base
    return ReportInput(analysis, used, resolve_all(used, analysis.text))


def to_json_text(analysis: Analysis) -> str:
    r"""The contract's ``analyze`` answer, indented; lone surrogates as ``\udxxx`` escapes.

    ``ensure_ascii=False`` keeps IDN hosts readable; a lone surrogate (only possible
    inside a JSON string) becomes its JSON escape, so the text always encodes as UTF-8.
    """
    text = json.dumps(analysis.to_json(), ensure_ascii=False, indent=2) + "\n"
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def render(analysis: Analysis, fmt: str, base: str | None = None) -> str:
    """The report of ``analysis`` in ``fmt`` (``html``, ``md`` or ``json``).

    Raises ``ValueError`` for an unknown format.
    """
    if fmt == "json":
        return to_json_text(analysis)
    if fmt == "md":
        from uriinspector.report.markdown import to_markdown

        return to_markdown(prepare(analysis, base))
    if fmt == "html":
        from uriinspector.report.html import to_html

        return to_html(prepare(analysis, base))
    raise ValueError(f"unknown report format {fmt!r} (known: {', '.join(FORMATS)})")


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
    uris: Iterable[str], folder: Path, fmt: str, base: str | None = None
) -> list[Path]:
    """Write one ``fmt`` report per URI into ``folder`` (created); return the paths."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown report format {fmt!r} (known: {', '.join(FORMATS)})")
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for i, uri in enumerate(uris, start=1):
        a = analyze(uri)
        path = folder / batch_filename(i, a, fmt)
        path.write_text(render(a, fmt, base), encoding="utf-8")
        written.append(path)
    return written
