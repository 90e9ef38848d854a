"""The panes under the URI field: each takes core results and renders them, nothing more.

Every pane has ``show_analysis(a)`` and a ``spanRequested(start, end)`` signal in code
points; panes never call the core and never read each other (docs/architecture.md).

Importing this package imports no pane: ``from uriinspector.gui.panes import X`` loads
X's module on first use (PEP 562), so ``theme`` (which needs ``panes.palette``) and the
window's start-up no longer pay for every pane module and the core modules they import.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from uriinspector.gui.panes.characters import CharactersPane
    from uriinspector.gui.panes.components import ComponentsPane
    from uriinspector.gui.panes.findings import FindingsPane
    from uriinspector.gui.panes.ladder import LadderPane
    from uriinspector.gui.panes.resolution import ResolutionPane
    from uriinspector.gui.panes.urn import UrnPane

#: Class name -> module under ``gui/panes`` (the lazily re-exported panes).
_MODULES: dict[str, str] = {
    "CharactersPane": "characters",
    "ComponentsPane": "components",
    "FindingsPane": "findings",
    "LadderPane": "ladder",
    "ResolutionPane": "resolution",
    "UrnPane": "urn",
}

__all__ = [
    "CharactersPane",
    "ComponentsPane",
    "FindingsPane",
    "LadderPane",
    "ResolutionPane",
    "UrnPane",
]


def __getattr__(name: str) -> object:
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # later look-ups skip this function
    return value
