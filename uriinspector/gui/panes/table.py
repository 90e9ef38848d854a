"""The one table of panes the window is built from: names, modules, keys, wiring.

What a pane takes from the window besides ``show_analysis`` (``needs``) and which of
its signals the window listens to (``offers``: signal name -> the window's intent) is
declared here in ``PANES``, so the window wires every pane the same way instead of by
name (shared/style.md §5.3, §6). Qt-free: importing it imports no pane and no Qt
(``panes/__init__`` re-exports the pane classes lazily from this table).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

#: What the window can be asked for by a pane's signal (``PaneSpec.offers`` values).
INTENTS = (
    "highlight-span",  # (start, end) code points: select them in the field
    "inspect",  # a URL (exact str): inspect it and record it in the history
    "inspect-link",  # a document's Link: inspect it in its document context
    "set-uri",  # a recomposed reference (exact str): load it, no history entry
    "resolution-inputs",  # (base, reference) typed in the Resolution pane
    "load-examples",  # the RFC 3986 §5.4 examples
    "compare-text",  # the ladder's second URI
    "pin",  # (uri, pinned)
    "forget",  # uri
    "clear-history",
    "copy-summary",  # a plain-text summary of the analysis for a ticket
    "show-resolution",  # (base, reference): put them in the Resolution pane and raise it
)

#: What a pane can take besides ``show_analysis`` (``PaneSpec.needs`` values).
NEEDS = (
    "resolutions",  # base/reference fields, show_resolutions(...)
    "comparison",  # compareField, show_comparison(other, comparison)
    "history",  # show_history(entries, keep)
    "undo",  # undo_stack: the Edit menu's Undo/Redo
    "late-parts",  # re-shown when a long input's explanation and editions are ready
    "cursor",  # select_at(code point): follows the field's cursor
    "lesson-progress",  # attach_progress(LessonProgress): the lessons' done steps
)


class PaneSpec(NamedTuple):
    """One row of the pane table: how the window builds, places, reaches and wires it."""

    name: str  # the window's key: docks[name], pane(name); the dock is "<name>Dock"
    module: str  # under uriinspector.gui.panes
    cls: str
    title: str  # the dock's title and the View menu entry
    key: str  # the View menu's "go to" shortcut (Ctrl+digit), "" for none
    group: str  # the default layout's tab group: "left" or "right"
    focus: str  # object name of the widget that takes the keyboard ("" = the pane)
    offers: Mapping[str, str] = {}  # pane signal -> intent (INTENTS)
    needs: tuple[str, ...] = ()  # NEEDS


#: Every pane, in the View menu's and the default tab order.
PANES: tuple[PaneSpec, ...] = (
    PaneSpec("components", "components", "ComponentsPane", "Components", "Ctrl+1", "left",
             "componentsView",
             {"spanRequested": "highlight-span", "uriEdited": "set-uri",
              "inspectRequested": "inspect"},
             ("undo", "cursor")),
    PaneSpec("characters", "characters", "CharactersPane", "Characters", "Ctrl+2", "left",
             "charactersView", {"spanRequested": "highlight-span"}),
    PaneSpec("resolution", "resolution", "ResolutionPane", "Resolution", "Ctrl+3", "left",
             "referenceField",
             {"inputsChanged": "resolution-inputs", "examplesRequested": "load-examples"},
             ("resolutions",)),
    PaneSpec("ladder", "ladder", "LadderPane", "Normalization ladder", "Ctrl+4", "left",
             "ladderView", {"spanRequested": "highlight-span", "compareChanged": "compare-text"},
             ("comparison",)),
    PaneSpec("findings", "findings", "FindingsPane", "Findings", "Ctrl+5", "right",
             "findingsView",
             {"spanRequested": "highlight-span", "inspectRequested": "inspect",
              "copySummaryRequested": "copy-summary"}),
    PaneSpec("urn", "urn", "UrnPane", "URN", "Ctrl+6", "right", "urnView",
             {"spanRequested": "highlight-span"}),
    # History is reached by Ctrl+H (File ▸ Show History), so Editions has Ctrl+7.
    PaneSpec("history", "history", "HistoryPane", "History", "", "right",
             "historySearch",
             {"inspectRequested": "inspect", "pinRequested": "pin",
              "removeRequested": "forget", "clearRequested": "clear-history"},
             ("history",)),
    PaneSpec("extract", "extract", "ExtractPane", "Extract", "Ctrl+8", "right", "extractText",
             {"uriRequested": "inspect", "linkRequested": "inspect-link"}),
    PaneSpec("explain", "explain", "ExplainPane", "Explain", "Ctrl+9", "left", "explainView",
             {"spanRequested": "highlight-span"}, ("late-parts",)),
    PaneSpec("editions", "editions", "EditionsPane", "Editions", "Ctrl+7", "left",
             "editionsView",
             {"spanRequested": "highlight-span"}, ("late-parts",)),
    PaneSpec("site", "site", "SitePane", "Site", "", "right", "sitePages",
             {"resolutionRequested": "show-resolution"}),
    PaneSpec("lessons", "lessons", "LessonsPane", "Lessons", "", "left", "lessonAnswer",
             {"uriRequested": "set-uri", "spanRequested": "highlight-span"},
             ("cursor", "lesson-progress")),
)

#: Pane name -> its row of ``PANES``.
SPECS: dict[str, PaneSpec] = {spec.name: spec for spec in PANES}
