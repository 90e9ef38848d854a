"""``uriinspector report URI… --format html|md|json [-o PATH]``: reports without Qt
(``uriinspector.report``), for URIs given, found in a text file, or read from stdin."""

from __future__ import annotations

import argparse

from uriinspector.batch import protocol
from uriinspector.cli.env import PROG, Environment, ExitStatus


def report_uris(env: Environment, ns: argparse.Namespace) -> list[str] | ExitStatus:
    """The URIs ``report`` covers: arguments, an extraction, else stdin lines."""
    uris: list[str] = list(ns.uris)
    if ns.extract is not None:
        from uriinspector.core.extract import extract

        try:
            if ns.extract == "-":
                data = env.stdin.read()
            else:
                from uriinspector.sources.documents import MAX_FILE_BYTES
                from uriinspector.sources.files import read_regular

                got = read_regular(ns.extract, MAX_FILE_BYTES)  # never a FIFO or device
                if not isinstance(got, bytes):
                    env.error(f"{PROG} report: {ns.extract}: {got.message}")
                    return ExitStatus.ERROR
                data = got
        except OSError as exc:
            env.error(f"{PROG} report: cannot read {ns.extract}: {exc}")
            return ExitStatus.ERROR
        uris += [e.target for e in extract(data.decode("utf-8", "replace"))]
    elif not uris:
        try:
            data = env.stdin.read()
        except OSError as exc:
            env.error(f"{PROG} report: cannot read stdin: {exc}")
            return ExitStatus.ERROR
        uris = [line for line in data.decode("utf-8", "replace").splitlines() if line.strip()]
    return uris


def run(env: Environment, ns: argparse.Namespace) -> ExitStatus:
    """``report URI… --format html|md|json [-o PATH]``: Qt-free reports (``report``)."""
    from pathlib import Path

    from uriinspector import report
    from uriinspector.core.analysis import analyze

    uris = report_uris(env, ns)
    if isinstance(uris, ExitStatus):
        return uris
    if not uris:
        env.error(f"{PROG} report: no URI to report on")
        return ExitStatus.USAGE
    fmt: str = ns.format
    live: bool = ns.live_link
    several = len(uris) > 1 or ns.extract is not None
    if ns.output is not None and several:
        written = report.write_batch(uris, Path(ns.output), fmt, ns.base, live_link=live)
        for path in written:
            env.error(f"wrote {path}")
        return ExitStatus.SUCCESS
    if ns.output is not None:
        Path(ns.output).write_text(
            report.render(analyze(uris[0]), fmt, ns.base, live_link=live), "utf-8"
        )
        return ExitStatus.SUCCESS
    if fmt == "html" and several:
        env.error(f"{PROG} report: several HTML reports need -o DIR")
        return ExitStatus.USAGE
    for i, uri in enumerate(uris):
        a = analyze(uri)
        if fmt == "json" and several:
            env.write(protocol.encode_answer(a.to_json()) + "\n")
        else:
            env.write(
                ("\n---\n\n" if i else "") + report.render(a, fmt, ns.base, live_link=live)
            )
    return ExitStatus.SUCCESS
