"""Entry point: a CLI command name runs the CLI; anything else opens the window."""

from __future__ import annotations

import sys

#: Commands run as a whole process (``uriinspector batch``, ``extract``) end without the
#: interpreter's teardown, once their answers are out: freeing the tables, caches and
#: modules they loaded object by object took ~70 M instructions after a 4,000-line batch
#: (2 %, more after a long run), and nothing of it reaches the user.
QUICK_EXIT_COMMANDS = frozenset({"batch", "extract"})


def main(argv: list[str] | None = None) -> int:
    """Dispatch to the CLI (no Qt import) or to the window (lazy Qt import)."""
    args = sys.argv[1:] if argv is None else argv
    if args == ["--document-reader"]:  # the window's reader child in a frozen bundle
        from uriinspector.sources.reader_process import main as reader_main

        return reader_main()
    if argv is None and args[:1] == ["batch"]:
        from uriinspector.batch.collector import BATCH

        BATCH.pause()  # before the CLI's imports: no collection until the first answer
        BATCH.ends_process = True  # nothing to restore for: the process ends (exit_now)
    from uriinspector.commands import COMMANDS  # not the CLI: the window may not need it

    if args and (args[0] in COMMANDS or args[0] in ("-h", "--help", "--version")):
        from uriinspector.cli import main as cli_main

        status = cli_main(args)
        if argv is None and args[0] in QUICK_EXIT_COMMANDS:  # the process's own command
            exit_now(status)
        return status
    from uriinspector.gui.app import main as gui_main

    return gui_main(args)


def exit_now(status: int) -> int:
    """End this process with ``status`` as a normal exit would, less the teardown: the
    exit handlers run and the standard streams are flushed (a failed flush gives 120, as
    the interpreter's own exit does), then ``os._exit``. With other threads alive it
    returns ``status`` instead: the normal exit waits for them; so it does under a
    profiler or tracer (``python -m cProfile``, coverage), which write at teardown."""
    import atexit
    import os

    threading = sys.modules.get("threading")
    if threading is not None and threading.active_count() > 1:
        return status
    if sys.getprofile() is not None or sys.gettrace() is not None:
        return status
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            status = status or 120
    os._exit(status)


if __name__ == "__main__":
    sys.exit(main())
