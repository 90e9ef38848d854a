"""The panes under the URI field: each takes core results and renders them, nothing more.

Every pane has ``show_analysis(a)`` and a ``spanRequested(start, end)`` signal in code
points; panes never call the core and never read each other (docs/architecture.md).
"""

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
