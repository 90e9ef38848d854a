"""Entry point: a CLI command name runs the CLI; anything else opens the window."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Dispatch to the CLI (no Qt import) or to the window (lazy Qt import)."""
    args = sys.argv[1:] if argv is None else argv
    if args == ["--document-reader"]:  # the window's reader child in a frozen bundle
        from uriinspector.sources.reader_process import main as reader_main

        return reader_main()
    from uriinspector.cli import COMMANDS
    from uriinspector.cli import main as cli_main

    if args and (args[0] in COMMANDS or args[0] in ("-h", "--help", "--version")):
        return cli_main(args)
    from uriinspector.gui.app import main as gui_main

    return gui_main(args)


if __name__ == "__main__":
    sys.exit(main())
