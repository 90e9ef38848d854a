"""The sample gallery: curated URIs and resolution examples, read from ``gallery.json``.

Qt-free, so the CLI, the tests and the window share one reader. The data lives in
``resources/samples/gallery.json`` (shipped as ``uriinspector.resources``); each
entry is either a URI to inspect or a base and reference for the Resolution pane,
with a one-line note on what it teaches and the spec section it comes from.
Entries that quote a spec name the file under ``shared/specs`` (``spec_file``) and
the text they quote (``quote``), so a test can check every quotation.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

__all__ = ["GALLERY_FILE", "GalleryError", "Sample", "SampleGroup", "gallery", "parse_gallery"]

GALLERY_FILE = "gallery.json"


class GalleryError(ValueError):
    """The gallery file is malformed (a packaging or editing mistake, found by tests)."""


@dataclass(frozen=True, slots=True)
class Sample:
    """One gallery entry: a URI (``uri``) or a resolution example (``base``/``reference``).

    ``verdict`` and ``findings`` say what the entry is meant to teach (checked by tests);
    ``target`` and ``rules`` give a resolution example's expected answer.
    """

    title: str
    note: str
    source: str
    uri: str | None = None
    base: str | None = None
    reference: str | None = None
    target: str | None = None
    rules: str | None = None
    edition: str | None = None
    spec_file: str | None = None
    quote: str | None = None
    verdict: str | None = None
    findings: tuple[str, ...] = ()

    @property
    def is_resolution(self) -> bool:
        """True for a base + reference example (loaded into the Resolution pane)."""
        return self.uri is None

    def status_text(self) -> str:
        """The line shown in the status bar when the entry is loaded."""
        return f"{self.title} — {self.note} ({self.source})"


@dataclass(frozen=True, slots=True)
class SampleGroup:
    """A titled group of entries (one submenu of the Samples menu)."""

    title: str
    samples: tuple[Sample, ...]


def _text(obj: dict[str, Any], key: str, where: str, *, required: bool) -> str | None:
    value = obj.get(key)
    if value is None:
        if required:
            raise GalleryError(f"{where}: {key!r} is missing")
        return None
    if not isinstance(value, str):
        raise GalleryError(f"{where}: {key!r} is not a string")
    return value


def _sample(obj: object, where: str) -> Sample:
    if not isinstance(obj, dict):
        raise GalleryError(f"{where}: an entry is not an object")
    title = _text(obj, "title", where, required=True) or ""
    where = f"{where} / {title}"
    uri = _text(obj, "uri", where, required=False)
    base = _text(obj, "base", where, required=False)
    reference = _text(obj, "reference", where, required=False)
    if (uri is None) == (base is None or reference is None):
        raise GalleryError(f"{where}: needs either 'uri' or both 'base' and 'reference'")
    findings = obj.get("findings", [])
    if not isinstance(findings, list) or not all(isinstance(f, str) for f in findings):
        raise GalleryError(f"{where}: 'findings' is not a list of strings")
    spec_file = _text(obj, "spec_file", where, required=False)
    quote = _text(obj, "quote", where, required=False)
    if (spec_file is None) != (quote is None):
        raise GalleryError(f"{where}: 'spec_file' and 'quote' go together")
    return Sample(
        title=title,
        note=_text(obj, "note", where, required=True) or "",
        source=_text(obj, "source", where, required=True) or "",
        uri=uri,
        base=base,
        reference=reference,
        target=_text(obj, "target", where, required=False),
        rules=_text(obj, "rules", where, required=False),
        edition=_text(obj, "edition", where, required=False),
        spec_file=spec_file,
        quote=quote,
        verdict=_text(obj, "verdict", where, required=False),
        findings=tuple(findings),
    )


def parse_gallery(text: str) -> tuple[SampleGroup, ...]:
    """Read gallery JSON text; ``GalleryError`` says what is wrong and where."""
    try:
        doc = json.loads(text)
    except ValueError as exc:
        raise GalleryError(f"not JSON: {exc}") from exc
    if not isinstance(doc, dict) or not isinstance(doc.get("groups"), list):
        raise GalleryError("the top level needs a 'groups' list")
    groups: list[SampleGroup] = []
    for g in doc["groups"]:
        if not isinstance(g, dict) or not isinstance(g.get("title"), str):
            raise GalleryError("a group needs a 'title'")
        entries = g.get("entries")
        if not isinstance(entries, list) or not entries:
            raise GalleryError(f"{g['title']}: 'entries' is not a non-empty list")
        groups.append(
            SampleGroup(g["title"], tuple(_sample(e, g["title"]) for e in entries))
        )
    return tuple(groups)


@cache
def gallery() -> tuple[SampleGroup, ...]:
    """The shipped gallery, read once."""
    path = files("uriinspector.resources").joinpath("samples", GALLERY_FILE)
    return parse_gallery(path.read_text(encoding="utf-8"))
