"""No network, proven for the real window: a child process under an audit hook.

Issue 5: "A subprocess test runs the window offscreen, analyses hostile links and
exits, under the same hook." The child installs a PEP 578 audit hook for the same
events as ``tests/conftest.py`` *before* importing anything of ours or Qt's, proves
the hook works (a deliberate ``getaddrinfo`` must be refused), opens the real
``MainWindow``, loads each hostile link with ``set_uri``, raises every dock so every
pane renders it, resolves it and compares it, exports it, grabs the window, closes
it and exits 0. Any network attempt is printed as ``AUDIT-VIOLATION`` and makes the
child exit 3.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: Links that try to trick a reader or a careless tool into going somewhere.
HOSTILE_LINKS: tuple[str, ...] = (
    # draft-2003 §7.5: the userinfo trick (the host is 10.0.0.1).
    "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm",
    # IDN look-alike (Cyrillic "аррӏе") and its punycode form.
    "https://аррӏе.com/login?next=%2F%2Fevil.example",
    "https://xn--80ak6aa92e.com/",
    # Bidi override (RLO) reversing the visible end of the path, and one in the host.
    "https://example.com/invoice\u202eexe.pdf",
    "http://evil\u202e.example/",
    # Script schemes.
    "javascript:alert(document.cookie)",
    "JaVaScRiPt:%61lert(1)//http://safe.example/",
    # Nested redirect, twice encoded.
    "https://t.example/r?url=https%3A%2F%2Fwww.paypal.com.evil.example%2F%3Fnext%3D"
    "https%253A%252F%252Fbank.example%252F&utm_source=x",
    # Octal, hexadecimal and short-form IPv4.
    "http://0177.0.0.01/",
    "http://0x7f.1:8080/",
    "http://2130706433/",
    # file:// to a UNC share.
    "file://attacker.example/share/payload.exe",
    "file:////attacker.example/share/payload.exe",
    # IPv6 with a zone, and a data: URL.
    "http://[fe80::1%25eth0]:8080/a/./b/../c?x=%zz#frag",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
)

CHILD = r'''
import sys

EVENTS = frozenset(__EVENTS__)
violations = []
selftest = []


def hook(event, args):
    if event not in EVENTS:
        return
    # AF_UNIX connects are local IPC (a display server), not network: as tests/conftest.py.
    if event == "socket.connect" and args and getattr(args[0], "family", None) == 1:
        return
    if selftest and selftest[-1] == "armed":
        selftest.append(event)
        raise PermissionError("self-test: " + event)
    violations.append(f"{event}{args!r}")
    print(f"AUDIT-VIOLATION: {event} {args!r}", file=sys.stderr, flush=True)
    raise PermissionError(f"network access attempted: {event}")


sys.addaudithook(hook)

import json
import socket
import tempfile
from pathlib import Path

selftest.append("armed")
try:
    socket.getaddrinfo("example.invalid", 80)
except PermissionError:
    pass
if selftest[-1] != "socket.getaddrinfo":
    print("AUDIT-HOOK-INACTIVE", file=sys.stderr, flush=True)
    sys.exit(4)
selftest.append("done")

from PySide6.QtWidgets import QApplication

app = QApplication([sys.argv[0], "-platform", "offscreen"])

from uriinspector.gui import MainWindow

links = json.loads(sys.argv[1])
window = MainWindow()
window.resize(1024, 640)
window.show()
app.processEvents()
out = Path(tempfile.mkdtemp(prefix="no-net-")) / "analysis.json"
report = []
for link in links:
    window.set_uri(link)
    for dock in window.docks.values():
        dock.raise_()
        app.processEvents()
    window.flush_panes()
    window.controller.set_resolution_inputs("http://a/b/c/d;p?q", link)
    window.controller.set_compare_text(link)
    app.processEvents()
    window.controller.wait_for_workers()
    app.processEvents()
    window.exports.export_json(out)
    window.grab()
    a = window.analysis
    report.append({
        "link": link,
        "analysed": a is not None and a.text == link,
        "host": None if a is None else a.effective_host,
        "findings": [] if a is None else [f.code for f in a.findings],
        "rules": len(window.controller.resolutions),
    })
window.close()
app.processEvents()
print("REPORT " + json.dumps(report), flush=True)
sys.exit(3 if violations else 0)
'''


def _network_events() -> list[str]:
    """The audit events tests/conftest.py refuses, read from its source (one list)."""
    tree = ast.parse((ROOT / "tests" / "conftest.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "NETWORK_EVENTS" for t in node.targets)
            and isinstance(node.value, ast.Call)
        ):
            return sorted(ast.literal_eval(node.value.args[0]))
    raise AssertionError("NETWORK_EVENTS not found in tests/conftest.py")


@pytest.mark.timeout(300)
def test_window_analyses_hostile_links_without_network(tmp_path: Path) -> None:
    events = _network_events()
    required = {"socket.connect", "socket.getaddrinfo", "socket.gethostbyname", "urllib.Request"}
    assert required <= set(events)
    code = CHILD.replace("__EVENTS__", repr(events))
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        URIINSPECTOR_CONFIG_DIR=str(tmp_path / "config"),
        PYTHONPATH=str(ROOT),
    )
    proc = subprocess.run(
        [sys.executable, "-c", code, json.dumps(HOSTILE_LINKS)],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    output = proc.stdout + proc.stderr
    assert "AUDIT-VIOLATION" not in output, output[-4000:]
    assert "AUDIT-HOOK-INACTIVE" not in output, "the child's audit hook did not fire"
    assert "Traceback" not in proc.stderr, proc.stderr[-4000:]
    assert proc.returncode == 0, output[-4000:]
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("REPORT ")]
    assert lines, output[-4000:]
    report = json.loads(lines[-1][len("REPORT ") :])
    assert [r["link"] for r in report] == list(HOSTILE_LINKS)
    assert all(r["analysed"] for r in report)
    assert all(r["rules"] >= 3 for r in report)  # every link was also resolved
    by_link = {r["link"]: r for r in report}
    userinfo = by_link[HOSTILE_LINKS[0]]
    assert userinfo["host"] == "10.0.0.1"  # draft-2003 §7.5: where it really goes
    assert "misleading-userinfo" in userinfo["findings"]
    assert by_link["http://0177.0.0.01/"]["host"] == "127.0.0.1"  # WHATWG IPv4 parser
