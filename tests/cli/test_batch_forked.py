"""``batch --jobs N`` with workers forked from the process (``batch/forked.py``).

Routing by host only moves work: the bytes are the serial loop's, in input order, for
any mix of ops and odd lines; the window of lines read and not yet written is bounded
by a count; a co-process gets each answer before it sends the next request; a worker
that dies is one line on stderr and status 1; no file descriptor is left behind.
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

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.cli.helpers import ROOT, cli, subprocess_env
from tests.cli.test_batch_parallel import (
    PARALLEL_NOW,
    mixed_requests,
    needs_proc,
    process_tree,
    wait_gone,
)
from uriinspector.batch import forked
from uriinspector.batch import parallel as batch_parallel
from uriinspector.cli import Environment, ExitStatus, main

pytestmark = pytest.mark.skipif(not forked.usable(), reason="workers are forked on Linux only")


class _Stdin:
    """A stream without a file descriptor that counts the lines read from it and may
    fail after ``fail_after`` lines."""

    def __init__(self, data: bytes, fail_after: int | None = None) -> None:
        self.inner = io.BytesIO(data)
        self.read = 0
        self.fail_after = fail_after

    def readline(self) -> bytes:
        """The next line, counted."""
        if self.fail_after is not None and self.read >= self.fail_after:
            raise OSError(5, "Input/output error")
        line = self.inner.readline()
        self.read += bool(line)
        return line


class _Stdout(io.BytesIO):
    """stdout that records, at every write, how many lines were read and not written."""

    def __init__(self, stdin: _Stdin) -> None:
        super().__init__()
        self.stdin = stdin
        self.written = 0
        self.ahead: list[int] = []

    def count(self, lines: int, _nbytes: int) -> None:
        """The runner's progress callback: lines written."""
        self.written += lines
        self.ahead.append(self.stdin.read - self.written)


class _Env:
    def __init__(self, stdin: _Stdin) -> None:
        self.stdout = _Stdout(stdin)
        self.stderr = io.StringIO()

    def error(self, text: str) -> None:
        self.stderr.write(text + "\n")


class _Lines:
    """``stdin_lines.StdinLines`` of a stream without a file descriptor."""

    def __init__(self, stream: _Stdin) -> None:
        self.stream = stream
        self.fd: int | None = None
        self.buf = bytearray()
        self.eof = False

    def readline(self) -> bytes:
        return self.stream.readline()


def _forked(
    data: bytes, jobs: int = 2, fail_after: int | None = None
) -> tuple[int, _Env, dict[str, int]]:
    stdin = _Stdin(data, fail_after)
    env = _Env(stdin)
    stats: dict[str, int] = {}
    status = forked.run_forked(env, _Lines(stdin), jobs, env.stdout.count, "uriinspector",
                               stats=stats)  # fmt: skip
    return status, env, stats


def _serial(data: bytes) -> str:
    """The serial loop's output (plain streams: the helpers' stdout keeps a copy per flush)."""
    env = Environment(io.BytesIO(data), io.BytesIO(), io.StringIO())
    assert main(["batch", "--jobs", "1"], env) == ExitStatus.SUCCESS
    assert isinstance(env.stdout, io.BytesIO)
    return env.stdout.getvalue().decode()


def _analyze(hosts: list[str]) -> bytes:
    return b"".join(
        json.dumps({"op": "analyze", "input": f"https://{h}/p?{i}", "id": i}).encode() + b"\n"
        for i, h in enumerate(hosts)
    )


def test_forked_workers_give_the_serial_bytes_on_mixed_ops() -> None:
    data = mixed_requests(700)
    for jobs in (2, 3):
        status, env, stats = _forked(data, jobs)
        assert status == 0 and env.stderr.getvalue() == ""
        assert env.stdout.getvalue().decode() == _serial(data)
        assert len(stats) == jobs and all(stats.values())  # every process answered lines
        assert sum(stats.values()) == data.count(b"\n") + 1


def test_no_descriptor_is_left_open() -> None:
    before = set(os.listdir("/proc/self/fd"))
    _forked(_analyze(["a.example", "b.example"] * 50))
    assert set(os.listdir("/proc/self/fd")) <= before


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.one_of(
            st.sampled_from(["a.example", "B.example", "b.example", "xn--80ak6aa92e.com",
                             "user@c.example:8080", "[::1]", ""]).map(
                lambda h: json.dumps({"op": "analyze", "input": f"http://{h}/x"}).encode()),
            st.sampled_from([b"", b"   ", b"not json", b'{"op": "parse", "input": "caf\xe9"}',
                             b'{"op": "urn", "input": "urn:x:1"}', b'{"input": "//"}']),
        ),
        max_size=60,
    ),
    st.booleans(),
)  # fmt: skip
def test_routing_moves_work_never_a_byte(lines: list[bytes], last_newline: bool) -> None:
    data = b"\n".join(lines) + (b"\n" if last_newline else b"")
    status, env, _stats = _forked(data)
    assert status == 0
    assert env.stdout.getvalue().decode() == _serial(data)


def test_a_host_goes_to_one_process() -> None:
    weights = forked.shares(3)
    seen = {}
    for i in range(200):
        host = f"h{i % 23}.example"
        for raw in (
            json.dumps({"op": "analyze", "input": f"https://{host}/a/{i}?q"}).encode(),
            json.dumps({"id": i, "op": "parse", "input": f"http://{host.upper()}#f"}).encode(),
            json.dumps({"op": "normalize", "input": f"ftp://{host}"}).encode(),
        ):
            where = forked.route(raw, 3, weights)
            assert where is not None
            assert seen.setdefault(host, where) == where
    assert set(seen.values()) == {0, 1, 2}  # the hosts spread over the processes
    assert forked.route(b'{"op": "analyze", "input": "mailto:a@b"}', 3, weights) is None
    assert forked.route(b"not json", 3, weights) is None


def test_the_window_is_bounded_by_a_count() -> None:
    """However long the input, lines read and not yet written never pass the window:
    stdin waits while it is full (memory stays flat)."""
    data = b"\n".join(
        json.dumps({"op": "parse", "input": f"http://h{i % 97}.example/{i}"}).encode()
        for i in range(6000)
    )
    status, env, _stats = _forked(data)
    assert status == 0
    window = forked.WINDOW_PER_JOB * 2
    assert env.stdout.ahead and max(env.stdout.ahead) <= window
    assert max(env.stdout.ahead) >= window // 2  # it did read ahead, up to the window
    assert env.stdout.getvalue().decode() == _serial(data)


def test_a_read_error_answers_what_was_read_then_says_so() -> None:
    data = _analyze([f"h{i}.example" for i in range(300)])
    status, env, _stats = _forked(data, fail_after=250)
    assert status == 1
    assert env.stderr.getvalue().startswith("uriinspector batch: cannot read stdin:")
    assert env.stdout.getvalue().decode() == _serial(b"".join(data.splitlines(True)[:250]))


def test_the_cli_forks_when_it_may(monkeypatch: pytest.MonkeyPatch) -> None:
    data = mixed_requests(300)
    calls: list[int] = []
    real = forked.run_forked

    def spy(env: object, lines: object, jobs: int, *args: object, **kw: object) -> int:
        calls.append(jobs)
        return real(env, lines, jobs, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(forked, "run_forked", spy)
    monkeypatch.setattr(batch_parallel, "WARMUP_LINES", 0)
    env = Environment(io.BytesIO(data), io.BytesIO(), io.StringIO())
    assert main(["batch", "--jobs", "2"], env) == ExitStatus.SUCCESS
    assert calls == [2]
    assert isinstance(env.stdout, io.BytesIO)
    assert env.stdout.getvalue().decode() == _serial(data)


def test_a_co_process_gets_each_answer_before_its_next_request() -> None:
    """Requests for hosts answered by this process and by the worker, one at a time:
    each answer comes back while stdin stays open."""
    hosts = [f"h{i}.example" for i in range(40)]
    weights = forked.shares(2)
    where = [forked.route(_analyze([h]), 2, weights) for h in hosts]
    assert 0 in where and 1 in where
    with subprocess.Popen(
        PARALLEL_NOW, stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=ROOT,
        env=subprocess_env(),
    ) as proc:  # fmt: skip
        assert proc.stdin is not None and proc.stdout is not None
        for i, host in enumerate(hosts[:12]):
            proc.stdin.write(json.dumps({"op": "analyze", "input": f"http://{host}/", "id": i})
                             .encode() + b"\n")  # fmt: skip
            proc.stdin.flush()
            assert json.loads(proc.stdout.readline())["id"] == i  # would hang if held back
        proc.stdin.close()
        assert proc.stdout.read() == b""
        assert proc.wait(timeout=60) == 0


def _forked_co_process(line: bytes) -> subprocess.Popen[bytes]:
    """A batch co-process past its warm-up: 50 requests (``line % i``) sent, the first
    answer read, and its worker forked (waited for, at most 60 s)."""
    proc = subprocess.Popen(
        PARALLEL_NOW, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        cwd=ROOT, env=subprocess_env(),
    )  # fmt: skip
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(b"".join(line % i for i in range(50)))
    proc.stdin.flush()
    proc.stdout.readline()
    end = time.monotonic() + 60
    while len(process_tree(proc.pid)) < 2 and time.monotonic() < end:
        time.sleep(0.05)
    return proc


@needs_proc
def test_a_worker_that_dies_is_one_line_and_status_1() -> None:
    line = b'{"op": "analyze", "input": "http://%d.example/x"}\n'
    with _forked_co_process(line) as proc:
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        tree = process_tree(proc.pid)
        workers = tree - {proc.pid}
        assert len(workers) == 1
        os.kill(workers.pop(), signal.SIGKILL)
        try:
            proc.stdin.write(b"".join(line % i for i in range(5000)))
            proc.stdin.close()
        except BrokenPipeError:
            pass
        proc.stdout.read()
        assert proc.wait(timeout=60) == ExitStatus.ERROR
        err = proc.stderr.read().decode()
        assert err.startswith("uriinspector batch: a worker process died") and err.count("\n") == 1
        assert "Traceback" not in err
        assert not wait_gone(tree)


@needs_proc
def test_a_file_is_read_without_a_selector(tmp_path: Path) -> None:
    """stdin a regular file (epoll refuses one): read whenever the window has room."""
    path = tmp_path / "requests.jsonl"
    path.write_bytes(mixed_requests(900))
    code = (
        "import sys, uriinspector.batch.parallel as b\n"
        "b.WARMUP_LINES = 0; b.POOL_MIN_SECONDS = 0.0; b.PARALLEL_MIN_LINE_RATIO = 0.0\n"
        "from uriinspector.cli import main\n"
        "sys.exit(main(['batch', '--jobs', '2']))"
    )
    with path.open("rb") as stdin:
        proc = subprocess.run([sys.executable, "-c", code], stdin=stdin, capture_output=True,
                              cwd=ROOT, env=subprocess_env(), timeout=300, check=False)  # fmt: skip
    assert proc.returncode == 0 and proc.stderr == b""
    assert proc.stdout.decode() == _serial(path.read_bytes())


@needs_proc
def test_a_worker_ends_with_its_parent() -> None:
    """The parent killed outright (no clean-up runs): its worker sees its pipe end and
    exits, holding neither stdout nor the pipes open."""
    with _forked_co_process(b'{"op": "analyze", "input": "http://%d.example/x"}\n') as proc:
        assert proc.stdin is not None and proc.stdout is not None
        workers = process_tree(proc.pid) - {proc.pid}
        assert workers
        proc.kill()
        proc.wait(timeout=60)
        proc.stdout.read()  # the end of file: no worker holds stdout
        assert not wait_gone(workers)


def test_progress_counts_every_line_on_the_forked_path(monkeypatch: pytest.MonkeyPatch) -> None:
    data = mixed_requests(400)
    monkeypatch.setattr(batch_parallel, "WARMUP_LINES", 0)
    r = cli("batch", "--jobs", "2", "--progress", stdin=data)
    assert r.exit_status == ExitStatus.SUCCESS and str(r) == _serial(data)
    last = r.stderr.rstrip("\n").rsplit("\r", 1)[-1]
    total = len(data.split(b"\n"))
    assert last.startswith(f"{total:,} lines answered")


def test_a_file_read_ahead_is_bounded_too(tmp_path: Path) -> None:
    """stdin a regular file (read whenever the window has room, no selector): what is
    buffered past the lines handed out stays under one read, and the lines in flight
    under the window."""
    # hosts this process answers: it is the slow side, so the window stays full
    raws = (
        json.dumps({"op": "parse", "input": f"http://h{i}.example/{i}"}).encode() + b"\n"
        for i in range(16000)
    )
    data = b"".join(r for r in raws if forked.route(r, 2, forked.shares(2)) == 0)
    path = tmp_path / "lines.jsonl"
    path.write_bytes(data)
    buffered: list[int] = []
    with path.open("rb") as f:
        lines = _Lines(_Stdin(b""))
        lines.fd = f.fileno()
        env = _Env(_Stdin(b""))

        def count(n: int, _nbytes: int) -> None:
            buffered.append(len(lines.buf))

        assert forked.run_forked(env, lines, 2, count, "uriinspector") == 0
    assert env.stdout.getvalue().decode() == _serial(data)
    longest = max(map(len, data.splitlines(True)))
    assert buffered and max(buffered) <= forked.READ_SIZE + longest
