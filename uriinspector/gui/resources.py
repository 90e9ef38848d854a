"""Access to the files under ``resources/`` (shipped as ``uriinspector.resources``).

Icons are indexed by file stem and an unknown name raises ``ValueError`` (napari's
``get_icon_path``), so a typo fails in a test instead of drawing nothing. The
stylesheet is the sorted ``NN_name.qss`` fragments with ``{{ name }}`` placeholders
filled from the theme.
"""

from __future__ import annotations

import importlib
import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtGui import QIcon

from uriinspector.gui.theme import Theme

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

_PACKAGE = "uriinspector.resources"
_PLACEHOLDER = re.compile(r"\{\{\s*([a-z_]+)\s*\}\}")


@cache
def _root() -> Traversable:
    """The resources' directory. Installed as files (the usual case) that is the
    package's own directory, found without ``importlib.resources`` (~6 ms to import
    before the window's first paint); anything else (a zip) goes through it."""
    origin = getattr(importlib.import_module(_PACKAGE), "__file__", None)
    if origin and (here := Path(origin).parent).is_dir():
        return here
    from importlib.resources import files

    return files(_PACKAGE)


@cache
def icon_names() -> tuple[str, ...]:
    """Every icon name (the stems of ``resources/icons/*.svg``), sorted (listed once:
    the window asks for a dozen icons while it is built, before its first paint)."""
    return tuple(
        sorted(p.name[:-4] for p in _root().joinpath("icons").iterdir() if p.name.endswith(".svg"))
    )


@cache
def icon_path(name: str) -> Path:
    """The file of icon ``name``; ``ValueError`` if there is no such icon."""
    if name not in icon_names():
        raise ValueError(f"unrecognized icon name: {name!r} (known: {', '.join(icon_names())})")
    target = _root().joinpath("icons", f"{name}.svg")
    if isinstance(target, Path):
        return target
    from importlib.resources import as_file

    with as_file(target) as path:
        return Path(path)


def icon(name: str) -> QIcon:
    """The icon called ``name``; ``ValueError`` if there is no such icon."""
    return QIcon(str(icon_path(name)))


def stylesheet(theme: Theme) -> str:
    """The application stylesheet: sorted ``NN_*.qss`` fragments, placeholders filled."""
    values = theme.placeholders()
    styles = _root().joinpath("styles")
    parts = sorted(
        (p for p in styles.iterdir() if re.fullmatch(r"\d\d_[a-z0-9_]+\.qss", p.name)),
        key=lambda p: p.name,
    )

    def fill(m: re.Match[str]) -> str:
        key = m.group(1)
        if key not in values:
            raise ValueError(f"unknown stylesheet placeholder {key!r}")
        return values[key]

    return "\n".join(_PLACEHOLDER.sub(fill, p.read_text(encoding="utf-8")) for p in parts)


def sample_text(name: str) -> str:
    """The text of ``resources/samples/<name>``."""
    return _root().joinpath("samples", name).read_text(encoding="utf-8")


def spec_examples() -> tuple[str, tuple[str, ...]]:
    """RFC 3986 §5.4: the base URI and every example reference, in the spec's order."""
    import json  # on first use: not before the window's first paint

    doc = json.loads(sample_text("rfc3986_5_4.json"))
    return str(doc["base"]), tuple(str(row["ref"]) for row in doc["examples"])


def demo_uri() -> str:
    """The first-run demonstration URI (draft-2003 §7.5, with a query and fragment)."""
    return sample_text("demo.txt").strip()
