"""``uriinspector batch``: JSON Lines requests on stdin, one answer per line on stdout.

The serial loop answers each line with ``batch.protocol.answer_line`` (the op table,
``batch.ops.OP_TABLE``, decides who answers an op); ``--jobs N`` hands the very same
per-line step to ``batch.parallel``, so the bytes are the same either way.
"""

from __future__ import annotations

import argparse

from uriinspector.batch import protocol
from uriinspector.batch.collector import BATCH, StartupCollector
from uriinspector.cli.env import PROG, ClosedStream, Environment, ExitStatus


def refused(env: Environment) -> bool:
    """True, said in one line on stderr, when stdout is closed: found before any input
    is read, by ``--jobs`` runs too."""
    if isinstance(env.stdout, ClosedStream):
        env.error(f"{PROG} batch: cannot write answers: standard output is closed")
        return True
    return False


def run_batch(env: Environment) -> ExitStatus:
    """Answer every non-blank stdin line, in order, flushing each answer.

    A stdout that is closed or fails (not a broken pipe: that is 141) is one line on
    stderr and status 1.
    """
    if refused(env):
        return ExitStatus.ERROR
    collector = BATCH  # off until the first answer (if not already), then the heap frozen
    collector.pause()
    try:
        return _answer_lines(env, collector)
    finally:
        collector.restore()


def _answer_lines(env: Environment, collector: StartupCollector) -> ExitStatus:
    """The serial loop of :func:`run_batch`."""
    while True:
        try:
            raw = env.stdin.readline()
        except OSError as exc:
            env.error(f"{PROG} batch: cannot read stdin: {exc}")
            return ExitStatus.ERROR
        if not raw:
            return ExitStatus.SUCCESS
        out = protocol.answer_line(raw)
        collector.settle()
        if out is None:
            continue
        try:
            env.stdout.write(out)
            env.stdout.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            env.error(f"{PROG} batch: cannot write answers: {exc}")
            return ExitStatus.ERROR


def run(env: Environment, ns: argparse.Namespace) -> ExitStatus:
    """``batch [--jobs N] [--progress]``: the serial loop, or the lines on N workers."""
    if ns.jobs == 1 and not ns.progress:
        return run_batch(env)  # without the pool's modules (multiprocessing: ~80 ms)
    from uriinspector.batch import parallel

    jobs: int = ns.jobs or parallel.default_jobs()
    if jobs == 1 and not ns.progress:
        return run_batch(env)
    if refused(env):
        return ExitStatus.ERROR
    return ExitStatus(parallel.run_parallel(env, jobs, progress=ns.progress or None, prog=PROG))
