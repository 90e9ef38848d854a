"""``uriinspector open [URI]``: hand over to the window.

The CLI never imports Qt: the window's module is imported here by name, only when this
command runs (``tests/core/test_boundary.py`` allows exactly this hand-over).
"""

from __future__ import annotations

import argparse
import importlib

from uriinspector.cli.env import PROG, Environment, ExitStatus


def run(env: Environment, ns: argparse.Namespace) -> ExitStatus | int:
    """Open the window on ``URI`` (or empty); its exit status, or 1 without a window."""
    try:
        app = importlib.import_module("uriinspector.gui.app")
    except ImportError as exc:
        env.error(f"{PROG} open: the window is not available: {exc}")
        return ExitStatus.ERROR
    status = app.main([ns.uri] if ns.uri is not None else [])
    return int(status) if isinstance(status, int) else ExitStatus.SUCCESS
