"""``uriinspector extract [TEXT|FILE…]``: the command's entry. Arguments that name files
go to :mod:`uriinspector.cli.extract` (documents, tables, ``--ioc``); free text (the
arguments, or stdin) is shown as the window reads it, or with ``--json`` as the
contract's ``extract`` answer."""

from __future__ import annotations

import argparse

from uriinspector.batch import protocol
from uriinspector.cli.env import PROG, Environment, ExitStatus, Style, use_colour
from uriinspector.cli.render import Renderer, emit


def run(env: Environment, ns: argparse.Namespace) -> ExitStatus:
    """``extract [TEXT…]``: URI references in the text (stdin when no TEXT is given),
    defanged indicators included as in the window; ``extract FILE…`` reads documents
    (``cli/extract.py``, protocol 1.1). ``--json`` on text prints the contract's answer."""
    from uriinspector.cli import extract as cli_extract

    if ns.text and not ns.as_text and cli_extract.names_files(ns.text):
        return cli_extract.run(env, ns, ns.text)
    if ns.text:
        text = " ".join(ns.text)
    else:
        try:
            text = env.stdin.read().decode("utf-8", "replace")
        except OSError as exc:
            env.error(f"{PROG} extract: cannot read stdin: {exc}")
            return ExitStatus.ERROR
    if not ns.json or ns.ioc is not None:
        return cli_extract.show_text(env, ns, text)
    answer = protocol.handle_request({"op": "extract", "text": text})
    renderer = Renderer(Style(use_colour(ns.color, env)))
    return emit(env, ns, [answer], lambda a: renderer.extract(a, text))
