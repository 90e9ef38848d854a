"""PySide6's per-module source scan, answered up front for the modules of the first frame.

PySide6 replaces ``__import__``. The first time a module is imported after Qt, its
feature hook reads the module's whole source (``inspect.getsource``) to learn whether it
names PySide6, and records 0 ("uses PySide, no feature selected") or -1 ("ignore") in
``shibokensupport.feature.pyside_feature_dict``. Before the window's first paint that is
~55 modules and ~5 ms (``typing`` alone ~0.5 ms). ``spare()`` records the same answers
for those modules first, so the hook finds them and reads nothing. No answer changes:
``tests/gui/test_source_scan.py`` checks each one against PySide's own reading, and that
the first paint reads (almost) no source. This module never imports Qt.
"""

import sys  # nothing else: every import before spare() runs is read by the hook

#: Modules imported before the first paint that name PySide6 (PySide records 0).
USES_PYSIDE = (
    "uriinspector.gui.app",
    "uriinspector.gui.banner.banner",
    "uriinspector.gui.banner.defang_notice",
    "uriinspector.gui.controller",
    "uriinspector.gui.field.chips",
    "uriinspector.gui.field.highlight",
    "uriinspector.gui.field.row",
    "uriinspector.gui.field.text",
    "uriinspector.gui.field.widget",
    "uriinspector.gui.main_window",
    "uriinspector.gui.panes.base",
    "uriinspector.gui.plain",
    "uriinspector.gui.presentation",
    "uriinspector.gui.resources",
    "uriinspector.gui.settings",
    "uriinspector.gui.source_scan",
    "uriinspector.gui.theme",
    "uriinspector.gui.window.docks",
    "uriinspector.gui.window.fit",
    "uriinspector.gui.window.focus",
    "uriinspector.gui.window.history",
    "uriinspector.gui.window.menus",
    "uriinspector.gui.window.pane_host",
    "uriinspector.gui.zoom",
)

#: Modules imported before the first paint that do not (PySide records -1): ours that
#: hold no Qt, the standard library's, and PySide6's compiled modules (no source).
IGNORED = (
    "uriinspector",
    "uriinspector.core.hidden",
    "uriinspector.gui",
    "uriinspector.gui.field.hover",
    "uriinspector.gui.offsets",
    "uriinspector.gui.panes",
    "uriinspector.gui.panes.table",
    "uriinspector.gui.settings_file",
    "uriinspector.gui.window.lesson_progress",
    "uriinspector.gui.workload",
    "uriinspector.palette_data",
    "PySide6.QtCore",
    "PySide6.QtGui",
    "PySide6.QtWidgets",
    "__future__",
    "bisect",
    "collections.abc",
    "colorsys",
    "functools",
    "gc",
    "importlib",
    "io",
    "itertools",
    "math",
    "os",
    "pathlib",
    "re",
    "stat",
    "sys",
    "threading",
    "time",
    "typing",
    "unicodedata",
)


def spare() -> None:
    """Record the known answers in PySide's table, if Qt is loaded (else do nothing).

    An answer PySide already holds is kept; without the table (another PySide6), the
    hook simply reads the sources as before.
    """
    feature = sys.modules.get("shibokensupport.feature")
    table = getattr(feature, "pyside_feature_dict", None)
    if not isinstance(table, dict):
        return
    for name in USES_PYSIDE:
        table.setdefault(name, 0)
    for name in IGNORED:
        table.setdefault(name, -1)
