"""``uriinspector batch --jobs N``: the batch answers computed on N worker processes.

Every line goes through the very handler the serial loop (``cli/batch.run_batch``) uses,
``protocol.answer_line`` (``handle_line`` then ``encode_answer_line``), so the bytes are the
same; only where they are computed changes. Answers are written in input order, each
flushed as soon as it and every answer before it are ready (the contract's co-process
use keeps working), and at most a bounded window of lines is in flight: the reader
stops reading while the window is full.

Small inputs never start a process: the first :data:`WARMUP_LINES` lines (or
:data:`WARMUP_SECONDS`) are answered in this process, exactly as the serial loop does;
the workers start only when more input follows, and only when those lines were not so
cheap (median under :data:`PARALLEL_MIN_LINE_RATIO` times this machine's cost of
answering an empty request, measured then) that workers could not win, and, when
stdin is a file, only when what is left of it is worth the pool's start
(:data:`POOL_MIN_SECONDS`).
On Linux, with no other thread, the workers are forked from this warm process and it
answers a share of the lines itself (``batch/forked.py``). Elsewhere they come from a
``forkserver`` (a fresh interpreter that imports the core and nothing else: never Qt).
Workers ignore Ctrl-C (the parent stops them) and exit with the
parent. No Qt import here either, and nothing of the CLI: the command hands over its
streams (:class:`Streams`, which ``cli.env.Environment`` is) and turns the status
returned into its exit status.
"""

from __future__ import annotations

import os
import queue
import signal
import stat
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, BinaryIO, Protocol, TextIO

from uriinspector.batch import protocol
from uriinspector.batch.collector import BATCH
from uriinspector.batch.progress import Progress
from uriinspector.batch.stdin_lines import StdinLines

if TYPE_CHECKING:  # the pool's modules (multiprocessing: ~15 ms) load only with a pool
    from concurrent.futures import Future, ProcessPoolExecutor


class Streams(Protocol):
    """What the runner uses of the command's environment (``cli.env.Environment``)."""

    stdin: BinaryIO
    stdout: BinaryIO
    stderr: TextIO
    is_system: bool

    def error(self, text: str) -> None:
        """Write one line to stderr."""

#: Lines answered in this process before any worker starts (a short input, a test, an
#: interactive session's first requests: no process start-up cost at all). Their median
#: decides whether workers pay; 64 tell parse from analyze lines as 200 did, and the
#: other core idles for 136 fewer lines (~14 ms of analyze lines; issue 22, round 8).
WARMUP_LINES = 64
#: ... or this long, whichever comes first (a few very long lines).
WARMUP_SECONDS = 0.25
#: Lines whose median CPU time in the warm-up is under this many times the cost of
#: answering a request that asks for nothing (:func:`framing_seconds`: this machine's
#: per-line cost of decoding, encoding and writing, measured at the end of the
#: warm-up) stay in this process: a worker would save less than the parent spends
#: sending and collecting them. Parse lines cost 2-4 times that (21 against 5 us quiet)
#: and gain nothing on 2 workers; analyze lines 12-20 times (96 against 5 us).
PARALLEL_MIN_LINE_RATIO = 8.0
#: When stdin is a file, workers start only if the lines left after the warm-up hold
#: at least this much serial work (their count estimated from the bytes left, each at
#: the warm-up's median CPU time): the pool takes ~0.5 s to start. On 2 cores, analyze
#: 3,000 lines ran no faster with 2 jobs than with 1; 6,000 lines did (issue 22).
POOL_MIN_SECONDS = 1.0
#: ... or this much when the workers are forked from this process (a few ms): 1,500
#: analyze lines took 19 % fewer instructions on the busier of 2 processes than on 1.
FORK_MIN_SECONDS = 0.1
#: What :func:`framing_seconds` answers: a request for an op that does no work.
_EMPTY_REQUEST = b'{"op": "-", "id": 1}\n'

#: Keep answering in this process while the workers start (tests turn it off to send
#: every line after the warm-up through the workers).
SERIAL_WHILE_STARTING = True
#: Lines per task sent to a worker, at most (fewer when no more input is waiting).
CHUNK_LINES = 32
#: Tasks in flight per worker; the lines in flight are bounded by this x CHUNK_LINES x N.
TASKS_PER_WORKER = 4
#: How long a partly filled task waits for more input before it is sent anyway.
IDLE_SECONDS = 0.002
#: Modules the fork server imports once, so that no worker imports them again;
#: ``batch/warm.py`` also answers a few requests there (lists, data, patterns loaded once).
PRELOAD = (
    "uriinspector.batch.parallel",
    "uriinspector.core.analysis",
    "uriinspector.core.normalize",
    "uriinspector.core.resolve",
    "uriinspector.batch.warm",
)
#: Fork the workers from this process where ``forked.usable()`` (tests: False, the pool).
FORK_WORKERS = True


def _frozen() -> bool:
    """A PyInstaller bundle: its executable is the app itself, which cannot serve as a
    fork server (``python -c ...``), so the bundle answers in one process."""
    return bool(getattr(sys, "frozen", False))


def default_jobs() -> int:
    """The CPUs this process may run on (``os.process_cpu_count`` from Python 3.13);
    1 in a frozen bundle (see :func:`_frozen`)."""
    if _frozen():
        return 1
    count = getattr(os, "process_cpu_count", None)
    if count is not None:
        n = count()
    else:
        try:
            n = len(os.sched_getaffinity(0))
        except (AttributeError, OSError):
            n = os.cpu_count()
    return max(1, n or 1)


def answer_bytes(raw: bytes) -> bytes | None:
    """One input line's output line, exactly as the serial loop writes it (None: blank)."""
    return protocol.answer_line(raw)


def framing_seconds(rounds: int = 7, calls: int = 20) -> float:
    """CPU seconds this thread takes to answer a request that does no work (the median
    of ``rounds`` runs of ``calls``): what any line costs the process that frames it."""
    runs = []
    for _ in range(rounds):
        started = time.thread_time()
        for _ in range(calls):
            answer_bytes(_EMPTY_REQUEST)
        runs.append((time.thread_time() - started) / calls)
    return _median(runs)


def _median(values: Sequence[float]) -> float:
    """``statistics.median`` without importing it (~5 ms of a short batch's start-up)."""
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def answer_chunk(lines: Sequence[bytes]) -> tuple[bytes, int]:
    """A worker's task: the output of the lines (each :func:`answer_bytes`, in order,
    blank lines giving nothing) in one piece, and how many lines it answers."""
    return b"".join(filter(None, map(answer_bytes, lines))), len(lines)


def _worker_init() -> None:
    """Workers ignore Ctrl-C (the terminal sends it to the whole process group): the
    parent stops them, so no worker prints a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _input_file_size(stdin: object) -> int | None:
    """The size of stdin when it is a regular file (a redirect, not a pipe or terminal)."""
    try:
        st = os.fstat(stdin.fileno())  # type: ignore[attr-defined]
    except (AttributeError, OSError, ValueError):
        return None
    return st.st_size if stat.S_ISREG(st.st_mode) else None


def _isatty(stream: object) -> bool:
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, OSError, ValueError):
        return False


def run_parallel(
    env: Streams, jobs: int, *, progress: bool | None = None, prog: str = "uriinspector"
) -> int:
    """Answer every non-blank stdin line on ``jobs`` processes, in order, streamed; the
    status is 0, or 1 when a stream failed or no worker could start (said on stderr,
    each line starting ``{prog} batch:``).

    ``progress``: True forces the progress line, None shows it when stderr is a
    terminal and stdin a file, False never. ``jobs=1`` answers in this process.
    """
    size = _input_file_size(env.stdin)
    show = progress if progress is not None else (size is not None and _isatty(env.stderr))
    meter = Progress(env.stderr if show else None, size)
    lines = StdinLines(env.stdin, env.is_system)
    starter: _PoolStarter | None = None
    collector = BATCH  # off until the first answer (if not already), then the heap frozen
    collector.pause()
    try:
        parallel = jobs > 1 and not _frozen()
        warmup = _Warmup() if parallel else None
        status, fork = _serial(env, lines, meter, prog, warmup, collector.settle), False
        if status is None and warmup is not None and not warmup.cheap():
            from uriinspector.batch import forked  # only once lines are worth workers

            fork = FORK_WORKERS and forked.usable()
        if status is None and warmup is not None and (
            warmup.cheap() or warmup.little_left(meter, fork)
        ):
            # measured on this input: lines this cheap (e.g. parse), or too few of them
            # left in the file, go no faster on workers: they stay here, unchanged bytes
            status = _serial(env, lines, meter, prog, None, collector.settle)
        if status is None and fork:
            # Linux, one thread: workers forked from this warm process in milliseconds
            status = forked.run_forked(env, lines, jobs, meter.count, prog)
        if status is None:
            # the workers start in the background (a fork server, the core imported and
            # warmed there: about half a second); meanwhile this process keeps answering
            starter = _PoolStarter(jobs)
            if not SERIAL_WHILE_STARTING:
                starter.ready.wait()
            status = _serial(env, lines, meter, prog, starter.ready.is_set, collector.settle)
        if status is None:
            assert starter is not None
            pool = starter.take()
            if pool is None:
                env.error(f"{prog} batch: cannot start worker processes: {starter.error}")
                return 1
            status = _Parallel(env, lines, jobs, meter, prog).run(pool)
    finally:
        if starter is not None:
            starter.close()
        meter.done()
        collector.restore()
    return status


class _Warmup:
    """The warm-up's stop test (called before each line is read): true once
    :data:`WARMUP_LINES` lines were answered or :data:`WARMUP_SECONDS` passed. It keeps
    each line's time, so :meth:`cheap` can tell lines too cheap to be worth a worker."""

    def __init__(self) -> None:
        self.start = time.monotonic()
        self.last = time.thread_time()
        self.times: list[float] = []

    def __call__(self) -> bool:
        # a line's cost is this thread's CPU time, not wall time: time spent waiting
        # for a slow co-process's next line, or for a core on a loaded machine, is no
        # work a worker could take over, and must not send cheap lines to workers
        now = time.monotonic()
        cpu = time.thread_time()
        if len(self.times) < WARMUP_LINES and now != self.start:
            self.times.append(cpu - self.last)
        self.last = cpu
        asked_out = len(self.times) >= WARMUP_LINES or now - self.start >= WARMUP_SECONDS
        return asked_out or WARMUP_LINES <= 0

    def cheap(self) -> bool:
        """Whether the warm-up's lines took a median under :data:`PARALLEL_MIN_LINE_RATIO`
        times :func:`framing_seconds` (a first, cold line does not count): then sending
        lines to a worker and reading the answers back costs the parent about as much as
        answering them itself. Both are this machine's CPU times, measured now: the
        ratio holds whether the machine is quiet or loaded."""
        if WARMUP_LINES <= 0 or len(self.times) < WARMUP_LINES:
            return False
        return _median(self.times) < PARALLEL_MIN_LINE_RATIO * framing_seconds()

    def little_left(self, meter: Progress, fork: bool = False) -> bool:
        """Whether stdin is a file whose lines left (estimated from the bytes left and the
        bytes per line so far) hold under :data:`POOL_MIN_SECONDS` (``fork``:
        :data:`FORK_MIN_SECONDS`) of serial work at the warm-up's median."""
        if meter.total is None or not self.times or meter.lines <= 0 or meter.bytes <= 0:
            return False
        lines_left = max(meter.total - meter.bytes, 0) * meter.lines / meter.bytes
        least = FORK_MIN_SECONDS if fork else POOL_MIN_SECONDS
        return lines_left * _median(self.times) < least


def _serial(
    env: Streams,
    lines: StdinLines,
    meter: Progress,
    prog: str,
    stop: Callable[[], bool] | None,
    answered: Callable[[], None],
) -> int | None:
    """The serial loop (same reads, same writes) until ``stop()`` says so (never when
    None), ``answered()`` after each answer; an exit status at the end of input, None
    to go parallel."""
    if stop is None and meter.stream is None:
        # the rest of the input, no progress line to draw: read by StdinLines.rest (each
        # read's lines cut from one bytes), nothing counted (-3 % of a parse run)
        read: Callable[[], bytes] = partial(next, lines.rest(), b"")  # a line is never b""
        count: Callable[[int, int], None] = _uncounted
    else:
        read, count = lines.readline, meter.count
    while stop is None or not stop():
        try:
            raw = read()
        except OSError as exc:
            env.error(f"{prog} batch: cannot read stdin: {exc}")
            return 1
        if not raw:
            return 0
        out = answer_bytes(raw)
        if out is not None:
            env.stdout.write(out)
            env.stdout.flush()
        answered()
        count(1, len(raw))
    return None


def _uncounted(lines: int, nbytes: int) -> None:
    """No progress to count: the serial rest of an input with no progress line."""


def _noop() -> None:
    """A first task: answered once a worker is up."""


class _PoolStarter:
    """Makes the worker pool on a thread; ``ready`` is set once a worker answered."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self.ready = threading.Event()
        self.pool: ProcessPoolExecutor | None = None
        self.error: BaseException | None = None
        self.taken = False
        self.thread = threading.Thread(target=self._start, name="batch-pool", daemon=True)
        self.thread.start()

    def _start(self) -> None:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        try:
            methods = multiprocessing.get_all_start_methods()
            method = "forkserver" if "forkserver" in methods else "spawn"
            ctx = multiprocessing.get_context(method)
            if method == "forkserver":
                ctx.set_forkserver_preload(list(PRELOAD))
            self.pool = ProcessPoolExecutor(self.jobs, mp_context=ctx, initializer=_worker_init)
            self.pool.submit(_noop).result()
        except Exception as exc:  # no processes here (a sandbox): reported, not a traceback
            self.error = exc
        finally:
            self.ready.set()

    def take(self) -> ProcessPoolExecutor | None:
        """The pool, now owned by the caller (None if it could not start)."""
        self.thread.join()
        self.taken = self.pool is not None and self.error is None
        return self.pool if self.taken else None

    def close(self) -> None:
        """Shut the pool down unless it was taken (end of input before it was ready)."""
        if self.taken:
            return
        self.thread.join()
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)


_EOF = object()


class _Parallel:
    """The parallel phase: a reader thread, a pool, and the writer (this thread)."""

    def __init__(
        self, env: Streams, lines: StdinLines, jobs: int, meter: Progress, prog: str
    ) -> None:
        self.env = env
        self.lines = lines
        self.jobs = jobs
        self.meter = meter
        self.prog = prog
        # one queue for everything the writer waits for: input lines (lists), the end
        # of input (_EOF), a read error (OSError), and wake-ups from finished tasks
        self.events: queue.SimpleQueue[object] = queue.SimpleQueue()
        # lines read and not yet answered; the reader waits while it is at the limit
        self.limit = jobs * TASKS_PER_WORKER * CHUNK_LINES
        self.in_flight = 0
        self.room = threading.Condition()
        self.stop = threading.Event()

    def _read(self) -> None:
        """Reader thread: lines in batches, never more than the window ahead."""
        source = self.lines
        while True:
            with self.room:
                while self.in_flight >= self.limit and not self.stop.is_set():
                    self.room.wait()
                if self.stop.is_set():
                    return
                most = self.limit - self.in_flight
            try:
                batch = source.readlines(most)
            except OSError as exc:
                self.events.put(exc)
                return
            except ValueError:  # stdin closed under us while stopping
                self.events.put(_EOF)
                return
            if batch[-1] == b"":
                batch.pop()
                if batch:
                    self._took(len(batch))
                    self.events.put(batch)
                self.events.put(_EOF)
                return
            self._took(len(batch))
            self.events.put(batch)

    def _took(self, n: int) -> None:
        with self.room:
            self.in_flight += n

    def _answered(self, n: int) -> None:
        with self.room:
            self.in_flight -= n
            self.room.notify()

    def run(self, pool: ProcessPoolExecutor) -> int:
        """Read, send, write until the end of input; the pool is shut down at the end."""
        from concurrent.futures.process import BrokenProcessPool  # loaded with the pool

        reader = threading.Thread(target=self._read, name="batch-reader", daemon=True)
        reader.start()

        def wake(_done: Future[tuple[bytes, int]]) -> None:
            self.events.put(None)  # a task finished: the writer looks at the queue head

        def submit(lines: list[bytes]) -> None:
            fut = pool.submit(answer_chunk, lines)
            pending.append((fut, sum(len(r) for r in lines)))
            fut.add_done_callback(wake)

        pending: deque[tuple[Future[tuple[bytes, int]], int]] = deque()
        max_tasks = self.jobs * TASKS_PER_WORKER
        chunk: list[bytes] = []
        status: int | None = None
        clean = False
        try:
            while True:
                self._write_ready(pending)
                if status is not None and not pending and not chunk:
                    clean = True
                    return status
                full = len(pending) >= max_tasks
                if chunk and not full and (status is not None or len(chunk) >= CHUNK_LINES):
                    submit(chunk)
                    chunk = []
                    continue
                if status is not None or full:
                    # nothing more to read, or the window is full: wait for the oldest task
                    pending[0][0].result()
                    continue
                try:
                    # with lines waiting to be sent, wait briefly for more: a co-process
                    # sending one request at a time still gets its answer in ~ms
                    event = self.events.get(timeout=IDLE_SECONDS if chunk else None)
                except queue.Empty:
                    submit(chunk)
                    chunk = []
                    continue
                if event is None:  # a task finished
                    continue
                if event is _EOF:
                    status = 0
                elif isinstance(event, OSError):
                    self._flush_all(pending, chunk, pool)
                    chunk = []
                    self.env.error(f"{self.prog} batch: cannot read stdin: {event}")
                    status = 1
                else:
                    assert isinstance(event, list)
                    chunk.extend(event)
                    while len(chunk) > CHUNK_LINES and len(pending) < max_tasks:
                        submit(chunk[:CHUNK_LINES])
                        del chunk[:CHUNK_LINES]
        except BrokenProcessPool as exc:
            self.env.error(f"{self.prog} batch: a worker process died: {exc}")
            return 1
        finally:
            self.stop.set()
            with self.room:
                self.room.notify()  # a reader waiting for room sees the stop
            for fut, _ in pending:
                fut.cancel()
            pool.shutdown(wait=True, cancel_futures=True)
            if clean:
                reader.join()
            # else: the daemon reader may still wait in os.read; it ends with the process

    def _flush_all(
        self,
        pending: deque[tuple[Future[tuple[bytes, int]], int]],
        chunk: list[bytes],
        pool: ProcessPoolExecutor,
    ) -> None:
        """Answer everything read before a read error, as the serial loop would have."""
        if chunk:
            fut = pool.submit(answer_chunk, list(chunk))
            pending.append((fut, sum(len(r) for r in chunk)))
        while pending:
            pending[0][0].result()
            self._write_ready(pending)

    def _write_ready(self, pending: deque[tuple[Future[tuple[bytes, int]], int]]) -> None:
        """Write the answers of the finished tasks at the head of the queue, in order."""
        out = self.env.stdout
        while pending and pending[0][0].done():
            fut, nbytes = pending.popleft()
            data, count = fut.result()
            if data:
                # every answer of the task is ready now: written and flushed together,
                # none held back (one system call instead of one per line)
                out.write(data)
                out.flush()
            self.meter.count(count, nbytes)
            self._answered(count)
