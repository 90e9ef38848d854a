"""The desktop entry declares every format the readers take (no second list to drift)."""

from __future__ import annotations

from pathlib import Path

from uriinspector.sources.formats import FORMATS

ENTRY = Path(__file__).resolve().parents[2] / "packaging" / \
    "io.github.uriinspector.UriInspector.desktop"


def _field(name: str) -> str:
    for line in ENTRY.read_text(encoding="utf-8").splitlines():
        if line.startswith(name + "="):
            return line.split("=", 1)[1]
    raise AssertionError(f"{name}= missing from {ENTRY.name}")


def test_mime_types_are_the_formats_media_types() -> None:
    declared = [m for m in _field("MimeType").split(";") if m]
    wanted = {m for f in FORMATS.values() for m in f.media_types}
    assert set(declared) == wanted and len(declared) == len(set(declared))


def test_files_are_handed_to_the_window_as_paths() -> None:
    # %F: local paths, never file:// URLs, which the window would inspect as URIs
    assert _field("Exec").endswith("%F")
