"""Hostile inputs for the panes' Qt-free row builders, and a run with PySide6 blocked.

The row tests build rows from real results in the test process (no ``QApplication``
is made) and once more in a child process where importing PySide6 fails, so a row
module that reached for Qt at run time (not only at import) would fail there.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: A user name that looks like a site, a Cyrillic look-alike host, an astral emoji
#: before the host, a lone surrogate, HTML-looking text, and nothing.
HOSTILE = {
    "userinfo": "http://www.example.com&story=x@10.0.0.1/",
    "lookalike": "http://\u0430pple.com/",
    "emoji": "http://\U0001f600example.com/",
    "surrogate": "http://exa\ud800mple.com/",
    "html": "http://example.com/<b>x</b>",
    "empty": "",
}


def run_without_pyside6(code: str) -> str:
    """Run ``code`` in a child Python where PySide6 cannot be imported; its stdout."""
    prelude = "import sys\nsys.modules['PySide6'] = sys.modules['shiboken6'] = None\n"
    done = subprocess.run([sys.executable, "-c", prelude + code], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout
