"""The panes under the URI field: each takes core results and renders them, nothing more.

Every pane has ``show_analysis(a)`` and a ``spanRequested(start, end)`` signal in code
points; panes never call the core and never read each other (docs/architecture.md).

Importing this package imports no pane: ``from uriinspector.gui.panes import X`` loads
X's module on first use (PEP 562), found in the pane table (``panes/table.PANES``), so
``theme`` (which needs ``panes.palette``) and the window's start-up no longer pay for
every pane module and the core modules they import.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from uriinspector.gui.panes.table import PANES

if TYPE_CHECKING:
    from uriinspector.gui.panes.characters import CharactersPane
    from uriinspector.gui.panes.components import ComponentsPane
    from uriinspector.gui.panes.findings import FindingsPane
    from uriinspector.gui.panes.ladder import LadderPane
    from uriinspector.gui.panes.resolution import ResolutionPane
    from uriinspector.gui.panes.urn import UrnPane

__all__ = [
    "CharactersPane",
    "ComponentsPane",
    "FindingsPane",
    "LadderPane",
    "ResolutionPane",
    "UrnPane",
]


def __getattr__(name: str) -> object:
    spec = next((spec for spec in PANES if spec.cls == name), None)
    if spec is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{spec.module}"), name)
    globals()[name] = value  # later look-ups skip this function
    return value
