"""``batch --jobs N`` on Linux: N-1 workers forked from this warm process, and this one.

Once the warm-up has loaded what the lines need (the Public Suffix List, ada-url, the
patterns, the per-host caches), :func:`run_forked` forks ``jobs - 1`` workers straight
from this process (copy-on-write: milliseconds, no interpreter to start) and answers a
share of the lines itself, so no core idles. One thread and one ``selectors`` loop do
everything: stdin is read in chunks, each line routed by its request's host
(:func:`route`: a host's first-time work and its repeated inputs stay in one process),
lines go to each worker in length-prefixed frames, each frame's answers come back as
one blob with their lengths, and answers are written strictly in input order, flushed
as soon as an answer and every one before it are ready (a co-process's request is
answered within milliseconds). At most :data:`WINDOW_PER_JOB` x N lines are read and
not yet written: stdin is not read while the window is full, so memory stays flat.

Every line is answered by ``protocol.answer_line``, as the serial loop does; routing
moves work, never a byte. A worker ignores Ctrl-C (this process stops it), writes
nothing to stdout (its fds 0 and 1 are /dev/null), ends on its pipe's end of file and
never returns into the caller's code (``os._exit``).
"""

from __future__ import annotations

import contextlib
import gc
import os
import re
import selectors
import signal
import stat
import struct
import threading
import zlib
from array import array
from collections import deque
from collections.abc import Callable
from typing import BinaryIO, Final, Protocol, TextIO

from uriinspector.batch import protocol

#: Lines read and not yet written, per job (the parent counts as one): the window.
WINDOW_PER_JOB: Final = 256
#: Most lines in one frame sent to a worker.
CHUNK_LINES: Final = 32
#: A partly filled frame is sent at once while its worker has fewer frames than this
#: in flight (it would idle otherwise); else it waits to fill up.
EAGER_FRAMES: Final = 2
#: Lines of its own share this process answers between two looks at its pipes.
OWN_STEP: Final = 4
#: This process's share of the hosts, in 1/64ths, out of ``64 * jobs / jobs``: slightly
#: under an equal share, since it also reads, routes, sends and writes every line.
PARENT_WEIGHT: Final = 57
#: Bytes read from a pipe at once.
READ_SIZE: Final = 1 << 16

_HEAD = struct.Struct("<I")
_ANSWER_HEAD = struct.Struct("<II")
#: The authority of a request's ``"input"``: what follows ``//`` up to the path.
_HOST = re.compile(rb'"input"\s*:\s*"[^"/]{0,32}//([^/?#"\\]*)')


class LineSource(Protocol):
    """stdin as ``stdin_lines.StdinLines`` holds it: a file descriptor (None: a stream read by
    ``readline``), the bytes read past the last line handed out, and the end flag."""

    fd: int | None
    buf: bytearray
    eof: bool

    def readline(self) -> bytes:
        """The next line with its newline; b"" at the end."""


class Out(Protocol):
    """What this module uses of the command's environment."""

    stdout: BinaryIO
    stderr: TextIO

    def error(self, text: str) -> None:
        """Write one line to stderr."""


class WorkerDied(Exception):
    """A worker's pipe ended (or refused a write) while it had lines to answer."""


def usable() -> bool:
    """Whether workers may be forked from this process: Linux (``os.fork`` exists and no
    system framework forbids it) and no thread but this one (a fork copies only the
    calling thread; a lock another thread holds would stay locked in the child)."""
    import sys

    return (
        sys.platform.startswith("linux")
        and hasattr(os, "fork")
        and threading.active_count() == 1
    )


def route(raw: bytes, jobs: int, weights: tuple[int, ...]) -> int | None:
    """The process (0: this one) for a line by its request's ``"input"`` host, or None
    when the line names no host (the caller sends it where the fewest lines wait). ``weights``:
    the cumulative share of each process, out of ``weights[-1]``."""
    m = _HOST.search(raw)
    if m is None:
        return None
    bucket = zlib.crc32(m.group(1).lower()) % weights[-1]
    for index, limit in enumerate(weights):
        if bucket < limit:
            return index
    return jobs - 1  # not reached: the last limit is the total


def shares(jobs: int) -> tuple[int, ...]:
    """Cumulative bucket limits: :data:`PARENT_WEIGHT` for this process, 64 per worker."""
    limits = [PARENT_WEIGHT]
    for _ in range(jobs - 1):
        limits.append(limits[-1] + 64)
    return tuple(limits)


def split_frame(payload: bytes) -> list[bytes]:
    """The lines a frame holds, each as read (its newline kept; the input's last line
    may have none)."""
    parts = payload.split(b"\n")
    last = parts.pop()
    lines = [part + b"\n" for part in parts]
    if last:
        lines.append(last)
    return lines


def answer_frame(payload: bytes) -> bytes:
    """A worker's reply to one frame: the count, the blob's size, each answer's length
    (0: a blank line) and the answers in one blob."""
    outs = [protocol.answer_line(line) or b"" for line in split_frame(payload)]
    blob = b"".join(outs)
    return _ANSWER_HEAD.pack(len(outs), len(blob)) + array("I", map(len, outs)).tobytes() + blob


def _read_exact(fd: int, n: int) -> bytes | None:
    """``n`` bytes from ``fd`` (blocking), None at end of file."""
    data = os.read(fd, n)
    if len(data) == n or not data:
        return data or (b"" if n == 0 else None)
    buf = bytearray(data)
    while len(buf) < n:
        more = os.read(fd, n - len(buf))
        if not more:
            return None
        buf += more
    return bytes(buf)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _serve(rfd: int, wfd: int) -> int:
    """A worker's life: answer frames until the pipe ends."""
    while True:
        head = _read_exact(rfd, _HEAD.size)
        if head is None:
            return 0
        payload = _read_exact(rfd, _HEAD.unpack(head)[0])
        if payload is None:
            return 0
        _write_all(wfd, answer_frame(payload))


class _Worker:
    """A forked worker as this process sees it: its pid, pipes and frames in flight."""

    def __init__(self, pid: int, to_fd: int, from_fd: int) -> None:
        self.pid = pid
        self.to_fd = to_fd
        self.from_fd = from_fd
        self.outbuf = bytearray()
        self.inbuf = bytearray()
        self.frames: deque[list[int]] = deque()  # each frame's line numbers, in order
        self.lines: list[bytes] = []  # routed here, not yet sent
        self.seqs: list[int] = []
        self.answered = 0
        self.queued = 0  # lines routed here and not yet answered


def _fork_workers(count: int) -> list[_Worker]:
    """``count`` workers, each with a pipe in and a pipe out."""
    workers: list[_Worker] = []
    try:
        for _ in range(count):
            down_r, down_w = os.pipe()
            up_r, up_w = os.pipe()
            pid = os.fork()
            if pid == 0:  # the worker: never returns
                code = 1
                try:
                    signal.signal(signal.SIGINT, signal.SIG_IGN)
                    gc.freeze()  # the parent's objects: never scanned, so never copied
                    null = os.open(os.devnull, os.O_RDWR)
                    os.dup2(null, 0)
                    os.dup2(null, 1)
                    for fd in (down_w, up_r, null):
                        os.close(fd)
                    for other in workers:
                        os.close(other.to_fd)
                        os.close(other.from_fd)
                    code = _serve(down_r, up_w)
                finally:
                    os._exit(code)
            os.close(down_r)
            os.close(up_w)
            os.set_blocking(down_w, False)
            os.set_blocking(up_r, False)
            workers.append(_Worker(pid, down_w, up_r))
    except BaseException:
        _stop(workers, kill=True)
        raise
    return workers


def _stop(workers: list[_Worker], *, kill: bool) -> None:
    """Close every pipe (a worker ends at its end of file), stop the workers when
    ``kill``, and reap them."""
    for w in workers:
        for fd in (w.to_fd, w.from_fd):
            with contextlib.suppress(OSError):
                os.close(fd)
        if kill:
            with contextlib.suppress(OSError):
                os.kill(w.pid, signal.SIGKILL)
    for w in workers:
        with contextlib.suppress(OSError):
            os.waitpid(w.pid, 0)


def run_forked(
    env: Out,
    lines: LineSource,
    jobs: int,
    count: Callable[[int, int], None],
    prog: str,
    *,
    stats: dict[str, int] | None = None,
) -> int:
    """Answer the rest of stdin on ``jobs - 1`` forked workers and this process; the
    exit status (1, said on stderr, when stdin failed or a worker died). ``count(n,
    nbytes)`` is told of every run of answers written; ``stats``, when given, gets how
    many lines each process answered (``"parent"``, ``"worker 1"``, ...)."""
    for stream in (env.stdout, env.stderr):  # a child must not hold a copy of them
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    try:
        workers = _fork_workers(jobs - 1)
    except OSError as exc:  # EAGAIN, ENOMEM: no process to be had
        env.error(f"{prog} batch: cannot start worker processes: {exc}")
        return 1
    loop = _Loop(env, lines, jobs, count, workers)
    clean = False
    try:
        loop.run()
        clean = True
    except WorkerDied as exc:
        env.error(f"{prog} batch: a worker process died: {exc}")
        return 1
    finally:
        if stats is not None:
            stats["parent"] = loop.own
            stats.update({f"worker {i + 1}": w.answered for i, w in enumerate(workers)})
        _stop(workers, kill=not clean)
    if loop.read_error is not None:
        env.error(f"{prog} batch: cannot read stdin: {loop.read_error}")
        return 1
    return 0


_STDIN: Final = -1


def _regular(fd: int) -> bool:
    try:
        return stat.S_ISREG(os.fstat(fd).st_mode)
    except OSError:
        return False


class _Loop:
    """The one loop of the parallel phase: read, route, send, answer, collect, write."""

    def __init__(
        self,
        env: Out,
        lines: LineSource,
        jobs: int,
        count: Callable[[int, int], None],
        workers: list[_Worker],
    ) -> None:
        self.env = env
        self.lines = lines
        self.jobs = jobs
        self.count = count
        self.workers = workers
        self.weights = shares(jobs)
        self.window = WINDOW_PER_JOB * jobs
        self.read_seq = 0  # line numbers handed out
        self.next_seq = 0  # the first line not yet written
        self.ready: dict[int, bytes] = {}
        self.sizes: dict[int, int] = {}
        self.mine: deque[tuple[int, bytes]] = deque()
        self.own = 0
        self.read_error: OSError | None = None
        self.sel = selectors.DefaultSelector()
        self.reading = False
        # a regular file is always readable and epoll refuses it: read when there is room
        self.file = lines.fd is not None and _regular(lines.fd)
        self.held = False  # whole lines left in the buffer while the window was full

    def run(self) -> None:
        """Until every line read was written (a read error ends the input)."""
        sel = self.sel
        for i, w in enumerate(self.workers):
            sel.register(w.from_fd, selectors.EVENT_READ, i)
        self._take_buffered()  # lines the warm-up read past
        try:
            while True:
                self._write_ready()
                if self.held and self._room() > 0:
                    self._take_buffered()
                if self.lines.eof and not self.lines.buf and self.next_seq == self.read_seq:
                    return
                self._watch_stdin()
                self._dispatch()  # before a wait: lines read here must not sit unsent
                # wait only for something that will come: stdin (a pipe or terminal) or
                # a worker's answers; own lines, or a file or stream to read, go on now
                direct = (self.lines.fd is None or self.file) and self._wants_input()
                block = not self.mine and not direct and (
                    self.reading or any(w.frames for w in self.workers)
                )
                events = sel.select(None if block else 0)
                for key, _mask in events:
                    index = key.data
                    if index == _STDIN:
                        self._read_fd()
                    elif key.fd == self.workers[index].from_fd:
                        self._collect(self.workers[index])
                    else:
                        self._send(self.workers[index])
                self._dispatch()
                self._answer_own()
        finally:
            sel.close()

    # -- input

    def _room(self) -> int:
        return self.window - (self.read_seq - self.next_seq)

    def _wants_input(self) -> bool:
        """Room in the window, and no whole line left in the buffer (else reading more
        would only grow it)."""
        return not self.lines.eof and not self.held and self._room() > 0

    def _watch_stdin(self) -> None:
        """Watch stdin while the window has room; a stream without a file descriptor (an
        in-memory one, which never blocks) is read here instead."""
        want = self._wants_input()
        fd = self.lines.fd
        if fd is None:
            if want:
                self._read_stream()
        elif self.file:
            if want:
                self._read_fd()
        elif want != self.reading:
            if want:
                self.sel.register(fd, selectors.EVENT_READ, _STDIN)
            else:
                self.sel.unregister(fd)
            self.reading = want

    def _read_fd(self) -> None:
        assert self.lines.fd is not None
        try:
            data = os.read(self.lines.fd, READ_SIZE)
        except BlockingIOError:  # a descriptor someone made non-blocking: nothing yet
            return
        except OSError as exc:
            self._fail_read(exc)
            return
        if data:
            self.lines.buf += data
        else:
            self.lines.eof = True
        self._take_buffered()

    def _read_stream(self) -> None:
        """Whole lines by the stream's own ``readline``, up to the window's room."""
        for _ in range(min(self._room(), CHUNK_LINES)):
            try:
                raw = self.lines.readline()
            except OSError as exc:
                self._fail_read(exc)
                return
            if not raw:
                self.lines.eof = True
                return
            self._add(raw)

    def _fail_read(self, exc: OSError) -> None:
        """A read error: what was read is still answered, then the error is said."""
        self.read_error = exc
        self.lines.eof = True
        self.lines.buf.clear()

    def _take_buffered(self) -> None:
        """Hand out the whole lines in the buffer, up to the window's room (the last line
        without a newline once the input ended)."""
        buf = self.lines.buf
        room = self._room()
        start = 0
        add = self._add
        while room > 0:
            nl = buf.find(b"\n", start)
            if nl == -1:
                if self.lines.eof and start < len(buf):
                    add(bytes(buf[start:]))
                    start = len(buf)
                break
            add(bytes(buf[start : nl + 1]))
            start = nl + 1
            room -= 1
        self.held = room <= 0
        del buf[:start]

    def _add(self, raw: bytes) -> None:
        seq = self.read_seq
        self.read_seq = seq + 1
        self.sizes[seq] = len(raw)
        where = route(raw, self.jobs, self.weights)
        if where is None:  # no host to keep together: the process with the least queued
            where = 0
            least = len(self.mine)
            for i, other in enumerate(self.workers, 1):
                if other.queued < least:
                    where, least = i, other.queued
        if where == 0:
            self.mine.append((seq, raw))
        else:
            w = self.workers[where - 1]
            w.lines.append(raw)
            w.seqs.append(seq)
            w.queued += 1

    # -- workers

    def _dispatch(self) -> None:
        """Frames to the workers: full ones always, a partial one to a worker that would
        otherwise idle."""
        for w in self.workers:
            sent = False
            while len(w.lines) >= CHUNK_LINES or (w.lines and len(w.frames) < EAGER_FRAMES):
                chunk, w.lines = w.lines[:CHUNK_LINES], w.lines[CHUNK_LINES:]
                seqs, w.seqs = w.seqs[:CHUNK_LINES], w.seqs[CHUNK_LINES:]
                payload = b"".join(chunk)
                w.outbuf += _HEAD.pack(len(payload))
                w.outbuf += payload
                w.frames.append(seqs)
                sent = True
            if sent:
                self._send(w)

    def _send(self, w: _Worker) -> None:
        """Write what the worker's pipe takes now; watch it for room while more waits."""
        waiting = w.to_fd in self.sel.get_map()
        if w.outbuf:
            try:
                n = os.write(w.to_fd, w.outbuf)
            except BlockingIOError:
                n = 0
            except OSError as exc:  # EPIPE: the worker is gone
                raise WorkerDied(f"its pipe refused a write ({exc.strerror})") from None
            del w.outbuf[:n]
        if w.outbuf and not waiting:
            self.sel.register(w.to_fd, selectors.EVENT_WRITE, self.workers.index(w))
        elif waiting and not w.outbuf:
            self.sel.unregister(w.to_fd)

    def _collect(self, w: _Worker) -> None:
        """Read a worker's replies; every whole one fills its lines' answers."""
        try:
            data = os.read(w.from_fd, READ_SIZE)
        except BlockingIOError:
            return
        except OSError as exc:
            raise WorkerDied(exc.strerror or str(exc)) from None
        if not data:
            raise WorkerDied("its pipe ended")
        buf = w.inbuf
        buf += data
        ready = self.ready
        head = _ANSWER_HEAD.size
        while len(buf) >= head:
            n, size = _ANSWER_HEAD.unpack_from(buf)
            total = head + 4 * n + size
            if len(buf) < total:
                return
            lengths = array("I")
            lengths.frombytes(bytes(buf[head : head + 4 * n]))
            pos = head + 4 * n
            seqs = w.frames.popleft()
            if len(seqs) != n:
                raise WorkerDied(f"it answered {n} lines of {len(seqs)}")
            blob = bytes(buf[pos:total])
            pos = 0
            for seq, length in zip(seqs, lengths, strict=True):
                ready[seq] = blob[pos : pos + length]
                pos += length
            w.answered += n
            w.queued -= n
            del buf[:total]

    # -- this process's share, and the output

    def _answer_own(self) -> None:
        mine = self.mine
        ready = self.ready
        answer = protocol.answer_line
        for _ in range(min(OWN_STEP, len(mine))):
            seq, raw = mine.popleft()
            ready[seq] = answer(raw) or b""
            self.own += 1

    def _write_ready(self) -> None:
        """Write, in one piece, every answer from the first unwritten line on that is
        ready, and flush."""
        ready = self.ready
        seq = self.next_seq
        if seq not in ready:
            return
        parts: list[bytes] = []
        nbytes = 0
        sizes = self.sizes
        while seq in ready:
            parts.append(ready.pop(seq))
            nbytes += sizes.pop(seq)
            seq += 1
        count = seq - self.next_seq
        self.next_seq = seq
        data = b"".join(parts)
        if data:
            self.env.stdout.write(data)
            self.env.stdout.flush()
        self.count(count, nbytes)
