"""The Qt window over the core model; ``MainWindow`` is imported lazily.

``import uriinspector.gui`` does not import Qt; ``from uriinspector.gui import
MainWindow`` does.
"""

from __future__ import annotations

from uriinspector.gui import source_scan

# First: when Qt is already loaded (tests, benchmarks), PySide reads no source for the
# modules below and the first frame's.
source_scan.spare()

from typing import TYPE_CHECKING  # noqa: E402

if TYPE_CHECKING:
    from uriinspector.gui.main_window import MainWindow

__all__ = ["MainWindow"]


def __getattr__(name: str) -> object:
    if name == "MainWindow":
        from uriinspector.gui.main_window import MainWindow

        return MainWindow
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
