"""``uriinspector extract --jobs N`` on a mailbox: messages read and judged on N workers.

This process reads the mailbox one message at a time (``sources.documents.
mailbox_messages``) and hands tasks of up to :data:`TASK_MESSAGES` messages to a pool of
worker processes (forked from this process once it has read one small mail, or from a
fork server: :func:`_context`); each worker parses its messages (``message_document``)
and renders them with the caller's ``render`` function, which travels by name (``--json``:
the links judged and written by ``sources.link_lines``, with the worker's own bounded
caches). Outputs come back in input order,
so what is printed is byte for byte what one process prints. At most
``jobs * WINDOW_PER_JOB`` tasks are in flight: the reading waits while the window is
full, so memory does not grow with the mailbox. Never imports Qt.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Final, TypeVar

from uriinspector.batch.parallel import default_jobs
from uriinspector.sources.documents import (
    Source,
    mailbox_messages,
    message_document,
    warm_up,
)
from uriinspector.sources.model import Document

T = TypeVar("T")

#: Most messages per task: enough that sending and collecting cost little beside parsing.
TASK_MESSAGES: Final = 32
#: A task is sent once its messages hold this many bytes, so that what is in flight stays
#: bounded by bytes too (a box of large mails).
TASK_BYTES: Final = 256 * 1024
#: Tasks in flight per worker: each worker has its next task while this one is read.
WINDOW_PER_JOB: Final = 4
#: A mailbox smaller than this stays in this process: starting the workers (~0.3 s, the
#: core and the mail readers imported once) costs more than they save.
MIN_MESSAGES: Final = 48
#: Modules the fork server imports once, so every worker starts with them loaded.
_PRELOAD: Final = ["uriinspector.sources.documents", "uriinspector.cli.extract"]

#: A renderer: the document, its mailbox's path, then the caller's arguments.
Render = Callable[..., T]
Item = tuple[int, bytes] | Document


def jobs_for(jobs: int | None) -> int:
    """Worker processes for ``--jobs`` (``None``: the CPUs this process may run on)."""
    return default_jobs() if jobs is None else max(1, jobs)


def worth_workers(source: Source, jobs: int | None) -> bool:
    """Whether ``source`` (a mailbox) is read on workers: two or more jobs, and a box
    of :data:`MIN_MESSAGES` or more (or of unknown size)."""
    return jobs_for(jobs) > 1 and (source.total is None or source.total >= MIN_MESSAGES)


def _task(render: Render[T], path: str, items: list[Item], args: tuple[object, ...]) -> list[T]:
    """In a worker: each item read (a message's bytes) or as it is, then rendered."""
    return [render(item if isinstance(item, Document) else message_document(path, *item),
                   path, *args) for item in items]


def _tasks(source: Source) -> Iterator[list[Item]]:
    """The mailbox's messages, :data:`TASK_MESSAGES` (or :data:`TASK_BYTES`) at a time,
    read as they are needed."""
    batch: list[Item] = []
    size = 0
    for item in mailbox_messages(source.path, source.kind):
        batch.append(item)
        size += 0 if isinstance(item, Document) else len(item[1])
        if len(batch) == TASK_MESSAGES or size >= TASK_BYTES:
            yield batch
            batch = []
            size = 0
    if batch:
        yield batch


def _context() -> multiprocessing.context.BaseContext:
    """On Linux, with no thread but this one: fork (the workers start as this process
    is, its modules imported and its tables built: no interpreter to start). Else a
    fork server where there is one (a clean, preloaded parent for every worker; no fork
    of this process and its threads), else spawn."""
    methods = multiprocessing.get_all_start_methods()
    if sys.platform.startswith("linux") and "fork" in methods and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(_PRELOAD)
        return ctx
    return multiprocessing.get_context("spawn")


def outputs(source: Source, render: Render[T], args: tuple[object, ...],
            jobs: int | None) -> Iterator[T]:
    """``render(document, source.path, *args)`` of every message of ``source``, in order,
    computed on ``jobs`` worker processes. A task whose worker died is rendered here."""
    workers = jobs_for(jobs)
    window = workers * WINDOW_PER_JOB
    pending: deque[tuple[list[Item], Future[list[T]] | None]] = deque()
    context = _context()
    if context.get_start_method() == "fork":
        warm_up(lambda doc: render(doc, source.path, *args))
        for stream in (sys.stdout, sys.stderr):  # a worker flushes its copy as it exits
            if stream is not None:
                with contextlib.suppress(OSError, ValueError):  # closed: nothing to copy
                    stream.flush()
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        broken = False
        try:
            for items in _tasks(source):
                future = None
                if not broken:
                    try:
                        future = pool.submit(_task, render, source.path, items, args)
                    except BrokenProcessPool:
                        broken = True
                pending.append((items, future))
                while len(pending) >= window:
                    yield from _result(pending.popleft(), render, source.path, args)
            while pending:
                yield from _result(pending.popleft(), render, source.path, args)
        finally:
            for _items, future in pending:
                if future is not None:
                    future.cancel()


def _result(entry: tuple[list[Item], Future[list[T]] | None], render: Render[T], path: str,
            args: tuple[object, ...]) -> list[T]:
    """A task's outputs: its worker's, or made here when the pool could not give them."""
    items, future = entry
    if future is not None:
        try:
            return future.result()
        except BrokenProcessPool:
            pass
    return _task(render, path, items, args)
