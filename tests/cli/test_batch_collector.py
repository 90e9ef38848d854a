"""A batch process runs its start-up without cyclic collections and freezes that heap
after the first answer (``batch/collector.py``); the collector is left as it was."""

from __future__ import annotations

import gc
import json
import subprocess
import sys

import pytest

from tests.cli.helpers import ROOT, cli, subprocess_env
from uriinspector.batch.collector import STREAM_THRESHOLD, StartupCollector

_PROBE = r"""
import gc, sys
from uriinspector.batch import protocol
starts = []
seen = []
answer_line = protocol.answer_line
def watched(line):
    out = answer_line(line)
    seen.append([len(starts), gc.isenabled(), gc.get_freeze_count() > 0, gc.get_threshold()[0]])
    return out
protocol.answer_line = watched
from uriinspector.cli import main
gc.callbacks.append(lambda phase, info: phase == "start" and starts.append(info["generation"]))
status = main(["batch", *sys.argv[1:]])  # counted from the command on
sys.stderr.write("SEEN " + repr(seen[:2]) + "\n")
sys.exit(status)
"""


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_no_collection_until_the_first_answer_then_the_heap_frozen(jobs: str) -> None:
    lines = b"".join(
        json.dumps({"op": "analyze", "input": f"http://h{i}.example/", "id": i}).encode() + b"\n"
        for i in range(3)
    )
    proc = subprocess.run(
        [sys.executable, "-c", _PROBE, "--jobs", jobs], input=lines, capture_output=True,
        env=subprocess_env(), cwd=ROOT, timeout=120, check=False,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert len(proc.stdout.splitlines()) == 3
    seen = proc.stderr.decode().split("SEEN ")[1].strip()
    first, second = json.loads(seen.replace("True", "true").replace("False", "false"))
    assert first == [0, False, False, 700]  # start-up and the first line: no collection
    assert second[1:] == [True, True, STREAM_THRESHOLD]


def test_the_collector_is_left_as_it_was() -> None:
    before = (gc.isenabled(), gc.get_threshold(), gc.get_freeze_count())
    out = cli("batch", "--jobs", "1", stdin=b'{"op": "parse", "input": "http://a/"}\n')
    assert out.exit_status == 0
    assert (gc.isenabled(), gc.get_threshold(), gc.get_freeze_count()) == before


def test_each_step_is_harmless_repeated_or_out_of_turn() -> None:
    was = gc.isenabled()
    threshold = gc.get_threshold()
    try:
        gc.enable()
        gc.unfreeze()
        c = StartupCollector()
        c.settle()  # before pause: nothing
        assert gc.isenabled() and gc.get_threshold() == threshold
        c.pause()
        c.pause()
        assert not gc.isenabled()
        c.settle()
        c.settle()
        assert gc.isenabled() and gc.get_threshold()[0] == STREAM_THRESHOLD
        assert gc.get_freeze_count() > 0
        c.restore()
        c.restore()
        assert gc.isenabled() and gc.get_threshold() == threshold
        assert gc.get_freeze_count() == 0
        gc.disable()
        d = StartupCollector()
        d.pause()  # already off (a caller's own pause): left alone
        d.settle()
        assert not gc.isenabled() and gc.get_freeze_count() == 0
        d.restore()
        assert not gc.isenabled()
    finally:
        gc.set_threshold(*threshold)
        if was:
            gc.enable()
        else:
            gc.disable()


def test_a_collector_that_ends_with_the_process_is_not_restored() -> None:
    # the batch process's own collector: frozen heap and threshold kept to the exit
    before = (gc.isenabled(), gc.get_threshold(), gc.get_freeze_count())
    collector = StartupCollector()
    collector.ends_process = True
    try:
        collector.pause()
        collector.settle()
        collector.restore()
        assert gc.isenabled() and gc.get_threshold()[0] == STREAM_THRESHOLD
        assert gc.get_freeze_count() > 0
    finally:
        collector.ends_process = False
        collector.restore()
    assert (gc.isenabled(), gc.get_threshold(), gc.get_freeze_count()) == before


_EXIT_PROBE = r"""
import sys
import uriinspector.__main__ as entry
from uriinspector.batch.collector import BATCH
def report(status):
    sys.stderr.write(f"ENDS {BATCH.ends_process} {BATCH._state}\n")
    raise SystemExit(status)
entry.exit_now = report
sys.argv[1:] = ["batch", "--jobs", "1"]
entry.main()
"""


def test_the_batch_command_run_as_a_process_keeps_its_collector_to_the_exit() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", _EXIT_PROBE], input=b'{"op": "parse", "input": "http://a/"}\n',
        capture_output=True, env=subprocess_env(), cwd=ROOT, timeout=120, check=False,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert b"ENDS True settled" in proc.stderr
