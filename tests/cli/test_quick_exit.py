"""``batch`` and ``extract`` run as a process end without the interpreter's teardown
(``__main__.exit_now``): every answer still reaches stdout, exit handlers still run, the
status is the command's."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from uriinspector.__main__ import QUICK_EXIT_COMMANDS

ROOT = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, PYTHONPATH=str(ROOT))

#: The entry point as the console script runs it, with an exit handler of its own.
_ENTRY = (
    "import atexit, sys\n"
    "atexit.register(lambda: sys.stderr.write('handler ran\\n'))\n"
    "class Teardown:\n"
    "    def __del__(self): sys.stderr.write('torn down\\n')\n"
    "kept = Teardown()  # freed only by the interpreter's teardown\n"
    "from uriinspector.__main__ import main\n"
    "sys.argv = ['uriinspector', *sys.argv[1:]]\n"
    "sys.exit(main())\n"
)


def run(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-c", _ENTRY, *args], input=stdin, capture_output=True, env=ENV,
        cwd=ROOT, timeout=120, check=False,
    )


def test_the_quick_commands_are_the_streaming_ones() -> None:
    assert frozenset({"batch", "extract"}) == QUICK_EXIT_COMMANDS


def test_every_answer_is_written_and_handlers_run() -> None:
    lines = b"".join(
        json.dumps({"op": "analyze", "input": f"http://h{i}.example/{'x' * i}", "id": i}).encode()
        + b"\n"
        for i in range(300)
    )
    proc = run("batch", "--jobs", "1", stdin=lines)
    assert proc.returncode == 0, proc.stderr[-2000:]
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [a["id"] for a in answers] == list(range(300))
    assert proc.stderr.endswith(b"handler ran\n")
    assert b"torn down" not in proc.stderr  # no teardown: the quick exit was taken


def test_other_commands_exit_as_usual() -> None:
    proc = run("parse", "http://a/")
    assert proc.returncode == 0
    assert b"torn down" in proc.stderr


def test_the_commands_status_is_the_process_status(tmp_path: Path) -> None:
    missing = tmp_path / "no-such.mbox"
    proc = run("extract", "--json", str(missing))
    assert proc.returncode != 0
    assert b"handler ran" in proc.stderr
    ok = tmp_path / "page.html"
    ok.write_text('<a href="http://example.com/">x</a>', encoding="utf-8")
    done = run("extract", "--json", str(ok))
    assert done.returncode == 0, done.stderr[-2000:]
    assert b"http://example.com/" in done.stdout


def test_with_another_thread_alive_it_leaves_the_exit_to_the_interpreter() -> None:
    code = (
        "import threading, time, sys\n"
        "from uriinspector.__main__ import exit_now\n"
        "t = threading.Thread(target=time.sleep, args=(0.2,)); t.start()\n"
        "print('returned', exit_now(3)); sys.exit(4)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, env=ENV,
                          cwd=ROOT, timeout=60, check=False)
    assert proc.stdout == b"returned 3\n" and proc.returncode == 4
