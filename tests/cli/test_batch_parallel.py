"""``uriinspector batch --jobs N``: the same bytes as ``--jobs 1``, streamed, bounded, quiet.

The batch contract (shared/contract/batch-protocol.md, "Output") wants one answer per
non-blank line, in order, flushed per line; the parallel path must give exactly the
serial path's bytes, including for lines that are not UTF-8 or not JSON, and must end
without a traceback or a left-over process on EOF, a closed reader, and Ctrl-C.
"""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.cli.helpers import ROOT, cli, run_module, subprocess_env
from uriinspector.batch import forked
from uriinspector.batch import parallel as batch_parallel
from uriinspector.batch.progress import Progress
from uriinspector.cli import Environment, ExitStatus, main


def mixed_requests(n: int) -> bytes:
    """``n`` mixed requests, with blank, non-JSON, non-UTF-8 and surrogate lines."""
    ops = ["parse", "analyze", "normalize", "resolve", "urn"]
    out: list[bytes] = []
    for i in range(n):
        op = ops[i % len(ops)]
        uri = f"http://h{i % 37}.example/p/{i}?q={i}#f" if i % 4 else f"a{i}:b/../c%zz"
        req: dict[str, object] = {"op": op, "input": uri, "id": i}
        if op == "resolve":
            req = {"op": op, "base": "http://a/b/c/d;p?q", "ref": f"../g{i}", "id": i}
        if op == "urn":
            req = {"op": op, "input": f"urn:x:{i}", "id": i}
        out.append(json.dumps(req).encode())
        if i % 29 == 0:
            out.append(b"not json")
        if i % 31 == 0:
            out.append(b'{"op": "parse", "input": "caf\xe9"}')
        if i % 37 == 0:
            out.append(b"   ")
        if i % 43 == 0:  # protocol 1.1's document ops, answered by sources/ in every process
            out.append(b'{"op": "extract", "format": "html", "text": "<a href=x>paypal.com</a>"}')
            out.append(b'{"op": "qr", "image": "bm90IGFuIGltYWdl"}')
        if i % 41 == 0:
            out.append(b'{"op": "parse", "input": "http://a/\\ud800", "id": 1e999}')
    return b"\n".join(out)  # the last line has no newline


@pytest.fixture(scope="module")
def request_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("batch") / "requests.jsonl"
    path.write_bytes(mixed_requests(900))  # well past the in-process warm-up
    return path


def _run(path: Path, *args: str, as_file: bool = False) -> subprocess.CompletedProcess[bytes]:
    """The batch on ``path``'s lines, sent through a pipe unless ``as_file``: a file this
    short is answered in one process (``POOL_MIN_SECONDS``), and these tests are about
    workers."""
    with path.open("rb") as stdin:
        return subprocess.run(
            [sys.executable, "-m", "uriinspector", "batch", *args],
            stdin=stdin if as_file else None,
            input=None if as_file else path.read_bytes(),
            capture_output=True,
            timeout=300,
            cwd=ROOT,
            env=subprocess_env(),
            check=False,
        )


def test_jobs_give_the_serial_bytes(request_file: Path) -> None:
    serial = _run(request_file, "--jobs", "1")
    assert serial.returncode == 0 and serial.stderr == b""
    assert serial.stdout.count(b"\n") > 900
    assert b"internal-error" not in serial.stdout  # the document ops were registered
    for jobs in ("2", "4"):
        parallel = _run(request_file, "--jobs", jobs)
        assert parallel.returncode == 0, parallel.stderr
        assert parallel.stderr == b""
        assert parallel.stdout == serial.stdout


@pytest.mark.parametrize("fork", [True, False], ids=["forked", "pool"])
def test_in_process_parallel_path_gives_the_serial_bytes(
    monkeypatch: pytest.MonkeyPatch, request_file: Path, fork: bool
) -> None:
    # no warm-up: every line goes through the worker processes (forked from this one,
    # or the pool every platform without a safe fork uses)
    data = request_file.read_bytes()[:60_000]
    serial = cli("batch", "--jobs", "1", stdin=data)
    monkeypatch.setattr(batch_parallel, "FORK_WORKERS", fork)
    monkeypatch.setattr(batch_parallel, "WARMUP_LINES", 0)
    monkeypatch.setattr(batch_parallel, "SERIAL_WHILE_STARTING", False)
    parallel = cli("batch", "--jobs", "2", stdin=data)
    assert parallel.exit_status == serial.exit_status == ExitStatus.SUCCESS
    assert parallel.stderr == ""
    assert str(parallel) == str(serial)


def test_default_jobs_is_the_cpus_this_process_may_use() -> None:
    expected = (
        os.process_cpu_count()  # type: ignore[attr-defined]
        if hasattr(os, "process_cpu_count")
        else len(os.sched_getaffinity(0))
    )
    assert batch_parallel.default_jobs() == max(1, expected or 1)


@pytest.mark.parametrize("bad", ["0", "-2", "two"])
def test_jobs_must_be_a_positive_number(bad: str) -> None:
    r = cli("batch", "--jobs", bad)
    assert r.exit_status == ExitStatus.USAGE
    assert "--jobs" in r.stderr


def test_progress_line_on_stderr_when_asked(request_file: Path) -> None:
    proc = _run(request_file, "--jobs", "2", "--progress", as_file=True)
    assert proc.returncode == 0
    err = proc.stderr.decode()
    assert "lines answered" in err and "100.0%" in err and err.endswith("\n")
    assert proc.stdout == _run(request_file, "--jobs", "1").stdout


def test_no_progress_line_when_stderr_is_no_terminal(request_file: Path) -> None:
    assert _run(request_file, "--jobs", "2").stderr == b""


def test_workers_never_import_qt() -> None:
    # the fork server imports PRELOAD, the workers what their tasks need: never Qt
    code = (
        "import sys, uriinspector.batch.protocol as p\n"
        f"for m in {list(batch_parallel.PRELOAD)!r}: __import__(m)\n"
        "p.handle_line(b'{\"op\": \"analyze\", \"input\": \"http://a/\"}')\n"
        "bad = [m for m in sys.modules if m.startswith(('PySide6', 'shiboken'))]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, env=subprocess_env())


def process_tree(pid: int) -> set[int]:
    """``pid`` and every process below it (Linux /proc)."""
    found = {pid}
    todo = [pid]
    while todo:
        p = todo.pop()
        for task in Path(f"/proc/{p}/task").glob("*"):
            try:
                kids = (task / "children").read_text().split()
            except OSError:
                continue
            for k in map(int, kids):
                if k not in found:
                    found.add(k)
                    todo.append(k)
    return found


def _alive(pids: set[int]) -> set[int]:
    out = set()
    for p in pids:
        try:
            state = Path(f"/proc/{p}/stat").read_text().split(") ")[1][0]
        except (OSError, IndexError):
            continue
        if state != "Z":
            out.add(p)
    return out


def wait_gone(pids: set[int], seconds: float = 20) -> set[int]:
    end = time.monotonic() + seconds
    while _alive(pids) and time.monotonic() < end:
        time.sleep(0.05)
    return _alive(pids)


def parallel_now(*, fork: bool = True) -> list[str]:
    """``uriinspector batch --jobs 2`` with no in-process warm-up: workers start at once
    (forked from the process, or, ``fork=False``, the pool of other platforms)."""
    return [
        sys.executable, "-c",
        "import sys, uriinspector.batch.parallel as b\n"
        f"b.WARMUP_LINES = 0; b.SERIAL_WHILE_STARTING = False; b.FORK_WORKERS = {fork}\n"
        "from uriinspector.cli import main\n"
        "sys.exit(main(['batch', '--jobs', '2']))",
    ]  # fmt: skip


PARALLEL_NOW = parallel_now()

needs_proc = pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="Linux /proc")


def _started(
    proc: subprocess.Popen[bytes], line: bytes, n: int, processes: int = 2
) -> set[int]:
    """Feed ``n`` lines, read one answer, wait until the worker processes exist (forked:
    this process and one worker; the pool: this process, the fork server, workers)."""
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(line * n)
    proc.stdin.flush()
    proc.stdout.readline()
    end = time.monotonic() + 60
    while len(process_tree(proc.pid)) < processes and time.monotonic() < end:
        time.sleep(0.05)
    tree = process_tree(proc.pid)
    assert len(tree) >= processes
    return tree


@needs_proc
@pytest.mark.parametrize("fork", [True, False], ids=["forked", "pool"])
def test_ctrl_c_stops_everything_without_traceback(fork: bool) -> None:
    line = b'{"op": "analyze", "input": "http://a.example/x?y=1"}\n'
    with subprocess.Popen(
        parallel_now(fork=fork),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=subprocess_env(),
        start_new_session=True,  # its own process group, as a terminal's job would be
    ) as proc:
        tree = _started(proc, line, 600, 2 if fork else 3)
        os.killpg(proc.pid, signal.SIGINT)  # what a terminal's ^C does
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.read()
        assert proc.wait(timeout=60) == ExitStatus.ERROR_CTRL_C
        assert b"Traceback" not in proc.stderr.read()
        assert not wait_gone(tree)


@needs_proc
def test_closed_reader_stops_everything_quietly() -> None:
    line = b'{"op": "parse", "input": "http://a.example/x?y=1"}\n'
    with subprocess.Popen(
        PARALLEL_NOW,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=subprocess_env(),
    ) as proc:
        tree = _started(proc, line, 400)
        assert proc.stdout is not None and proc.stdin is not None and proc.stderr is not None
        proc.stdout.close()  # the reader goes away while input keeps coming
        try:
            proc.stdin.write(line * 20_000)
            proc.stdin.close()
        except BrokenPipeError:
            pass
        assert proc.wait(timeout=120) == ExitStatus.BROKEN_PIPE
        assert proc.stderr.read() == b""
        assert not wait_gone(tree)


@needs_proc
def test_eof_ends_every_process(request_file: Path) -> None:
    with request_file.open("rb") as stdin, subprocess.Popen(
        [sys.executable, "-m", "uriinspector", "batch", "--jobs", "2"],
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=subprocess_env(),
    ) as proc:
        assert proc.stdout is not None
        proc.stdout.readline()
        tree = process_tree(proc.pid)
        proc.stdout.read()
        assert proc.wait(timeout=120) == 0
        assert not wait_gone(tree)


def test_co_process_still_answers_each_line_in_the_parallel_phase() -> None:
    env = subprocess_env()
    with subprocess.Popen(
        PARALLEL_NOW, stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=ROOT, env=env
    ) as proc:
        assert proc.stdin is not None and proc.stdout is not None
        for i in range(5):
            proc.stdin.write(json.dumps({"op": "urn", "input": f"urn:x:{i}", "id": i}).encode())
            proc.stdin.write(b"\n")
            proc.stdin.flush()
            answer = json.loads(proc.stdout.readline())  # would hang if held back
            assert answer["id"] == i
        proc.stdin.close()
        assert proc.stdout.read() == b""
        assert proc.wait(timeout=60) == 0


def test_empty_input_answers_nothing() -> None:
    proc = run_module("batch", "--jobs", "2", stdin=b"")
    assert proc.returncode == 0 and proc.stdout == b"" and proc.stderr == b""


def test_a_frozen_bundle_answers_in_one_process(monkeypatch: pytest.MonkeyPatch) -> None:
    # a PyInstaller executable cannot be a fork server: same bytes, no worker started
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(batch_parallel, "WARMUP_LINES", 0)
    assert batch_parallel.default_jobs() == 1
    data = mixed_requests(40)
    parallel = cli("batch", "--jobs", "4", stdin=data)
    assert str(parallel) == str(cli("batch", "--jobs", "1", stdin=data))


def _parse_lines(n: int) -> bytes:
    return b"\n".join(
        json.dumps({"op": "parse", "input": f"http://h{i}.example/p?q={i}", "id": i}).encode()
        for i in range(n)
    )


def _record_pool_starts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """From now on, each start of workers (a pool, or workers forked from this process)
    appends its job count to the list returned."""
    started: list[int] = []

    class Recording(batch_parallel._PoolStarter):
        def __init__(self, jobs: int) -> None:
            started.append(jobs)
            super().__init__(jobs)

    def run_forked(env: Any, lines: Any, jobs: int, *args: Any, **kwargs: Any) -> int:
        started.append(jobs)
        return real_run_forked(env, lines, jobs, *args, **kwargs)

    real_run_forked = forked.run_forked
    monkeypatch.setattr(batch_parallel, "_PoolStarter", Recording)
    monkeypatch.setattr(forked, "run_forked", run_forked)
    return started


@pytest.mark.parametrize("ratio", [1e9, 0.0])
def test_workers_start_only_for_lines_worth_it(
    monkeypatch: pytest.MonkeyPatch, ratio: float
) -> None:
    """Lines whose warm-up median is under PARALLEL_MIN_LINE_RATIO times the framing cost
    stay in this process (batch parse gains nothing on 2 workers); dearer ones go to the
    workers. The bytes are the serial loop's either way."""
    data = _parse_lines(600)
    serial = cli("batch", "--jobs", "1", stdin=data)
    started = _record_pool_starts(monkeypatch)
    monkeypatch.setattr(batch_parallel, "PARALLEL_MIN_LINE_RATIO", ratio)
    monkeypatch.setattr(batch_parallel, "SERIAL_WHILE_STARTING", False)
    parallel = cli("batch", "--jobs", "2", stdin=data)
    assert str(parallel) == str(serial) and parallel.exit_status == ExitStatus.SUCCESS
    assert started == ([] if ratio else [2])


def test_the_limit_is_relative_to_this_machines_framing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The same lines are dear on a machine where answering nothing is cheap and cheap
    where it is dear: the limit follows the machine (an absolute 150 us kept analyze,
    ~96 us a line on a quiet machine, out of the workers, though they ran it 1.5x as
    fast)."""
    framing = batch_parallel.framing_seconds()  # measured here, once
    assert framing > 0  # a cost exists; never compared with a bound
    warmup = batch_parallel._Warmup()
    warmup.times = [200e-6] * batch_parallel.WARMUP_LINES
    monkeypatch.setattr(batch_parallel, "framing_seconds", lambda: 5e-6)
    assert not warmup.cheap()  # 40 times the framing: worth a worker
    monkeypatch.setattr(batch_parallel, "framing_seconds", lambda: 50e-6)
    assert warmup.cheap()  # 4 times: not worth one


class _SlowStdin(io.BytesIO):
    """A co-process's stdin: each line arrives 3 ms after the previous one."""

    def readline(self, size: int | None = -1) -> bytes:
        """The next line, after a wait (no CPU spent)."""
        time.sleep(0.003)
        return super().readline(size)


def test_waiting_for_input_is_not_a_lines_cost(monkeypatch: pytest.MonkeyPatch) -> None:
    """The warm-up measures a line's CPU time: cheap lines that arrive slowly (a
    co-process, or a loaded machine) stay in this process; wall time would have called
    them dear (over the limit) and started workers for nothing."""
    data = _parse_lines(300)
    serial = cli("batch", "--jobs", "1", stdin=data)
    started = _record_pool_starts(monkeypatch)
    monkeypatch.setattr(batch_parallel, "WARMUP_SECONDS", 30.0)
    # A line that waits 3 ms for its input is dear by wall time (> 1 ms) and cheap by
    # CPU time (a parse line is ~50 us; 1 ms leaves room for a loaded machine).
    monkeypatch.setattr(batch_parallel, "framing_seconds", lambda: 5e-6)
    monkeypatch.setattr(batch_parallel, "PARALLEL_MIN_LINE_RATIO", 200.0)  # 1 ms
    env = Environment(_SlowStdin(data), io.BytesIO(), io.StringIO())
    assert main(["batch", "--jobs", "2"], env) == ExitStatus.SUCCESS
    assert isinstance(env.stdout, io.BytesIO)
    assert env.stdout.getvalue().decode() == str(serial)
    assert started == []


def test_a_short_file_is_answered_in_one_process(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """stdin a file whose lines left after the warm-up hold under POOL_MIN_SECONDS of
    work at the warm-up's median: no pool (it takes longer to start than it could
    save); the same lines as a pipe, of unknown length, still go to the workers."""
    data = _parse_lines(600)
    path = tmp_path / "lines.jsonl"
    path.write_bytes(data)
    serial = cli("batch", "--jobs", "1", stdin=data)
    started = _record_pool_starts(monkeypatch)
    monkeypatch.setattr(batch_parallel, "PARALLEL_MIN_LINE_RATIO", 0.0)  # every line dear
    monkeypatch.setattr(batch_parallel, "SERIAL_WHILE_STARTING", False)
    with path.open("rb") as stdin:
        env = Environment(stdin, io.BytesIO(), io.StringIO())
        assert main(["batch", "--jobs", "2"], env) == ExitStatus.SUCCESS
    assert isinstance(env.stdout, io.BytesIO)
    assert env.stdout.getvalue().decode() == str(serial)
    assert started == []
    monkeypatch.setattr(batch_parallel, "POOL_MIN_SECONDS", 0.0)  # any work left is enough
    monkeypatch.setattr(batch_parallel, "FORK_MIN_SECONDS", 0.0)
    with path.open("rb") as stdin:
        env = Environment(stdin, io.BytesIO(), io.StringIO())
        assert main(["batch", "--jobs", "2"], env) == ExitStatus.SUCCESS
    assert isinstance(env.stdout, io.BytesIO)
    assert env.stdout.getvalue().decode() == str(serial)
    assert started == [2]


def test_little_left_estimates_the_lines_from_the_bytes() -> None:
    """200 lines of 100 bytes read from a 1 MB file: ~9,800 lines left; at 200 us
    each that is ~2 s of work (worth a pool), at 50 us ~0.5 s (not)."""
    meter = Progress(None, 1_000_000)
    meter.count(200, 20_000)
    warmup = batch_parallel._Warmup()
    warmup.times = [200e-6] * 200
    assert not warmup.little_left(meter)
    warmup.times = [50e-6] * 200
    assert warmup.little_left(meter)
    # workers forked from this process start in ms: ~0.5 s of work is worth them, 0.05 s not
    assert not warmup.little_left(meter, fork=True)
    warmup.times = [5e-6] * 200
    assert warmup.little_left(meter, fork=True)
    assert not warmup.little_left(Progress(None, None))  # a pipe: unknown
