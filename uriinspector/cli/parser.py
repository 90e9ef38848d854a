"""The command line's argparse tree: one function per command's arguments.

The parser is built before any command runs, so it imports no command module (those
that read documents pull in ``uriinspector.sources``); its usage text is pinned by a
test.
"""

from __future__ import annotations

import argparse
import contextlib
import io
from collections.abc import Callable

from uriinspector import __version__
from uriinspector.batch.uri_ops import URN_OBJECTIVES
from uriinspector.cli.env import PROG, Environment, ExitStatus
from uriinspector.core.editions import PARSE_EDITIONS, RULE_SETS

#: argparse's type of ``add_subparsers()`` (it names no public one).
Subparsers = argparse._SubParsersAction


class Formatter(argparse.HelpFormatter):
    """argparse's formatter with a help column wide enough for every command name."""

    def __init__(self, prog: str) -> None:
        """A formatter for ``prog``."""
        super().__init__(prog, max_help_position=30)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argparse tree of every command (usage text is pinned by a test); with
    ``command``, the tree with that command alone, which parses its arguments the same
    way: a run builds the one it runs, not eleven (each argument asks argparse for a
    formatter and gettext for a translation, ~5 ms of every start)."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--json", action="store_true", help="print the batch contract's answer, one per line"
    )
    common.add_argument(
        "--color",
        "--colour",
        dest="color",
        choices=("auto", "always", "never"),
        default="auto",
        metavar="WHEN",
        help="colour: auto (default: only on a terminal, and not when NO_COLOR is set), "
        "always or never",
    )
    parser = argparse.ArgumentParser(
        prog=PROG,
        formatter_class=Formatter,
        description="Take URIs apart with spans, in every edition of the standard. "
        "With no command (or a URI), opens the window.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    commands: dict[str, Callable[[], None]] = {
        "batch": lambda: _batch_arguments(sub),
        "parse": lambda: _parse_arguments(sub, common),
        "analyze": lambda: _analyze_arguments(sub, common),
        "resolve": lambda: _resolve_arguments(sub, common),
        "normalize": lambda: _normalize_arguments(sub, common),
        "compare": lambda: _compare_arguments(sub, common),
        "urn": lambda: _urn_arguments(sub, common),
        "extract": lambda: _extract_arguments(sub, common),
        "report": lambda: _report_arguments(sub),
        "site": lambda: _site_arguments(sub, common),
        "open": lambda: _open_arguments(sub),
    }
    if command in commands:
        commands[command]()
    else:
        for add in commands.values():
            add()
    return parser


def _batch_arguments(sub: Subparsers[argparse.ArgumentParser]) -> None:
    """``batch``: JSON Lines in, answers out; ``--jobs``, ``--progress``."""
    b = sub.add_parser(
        "batch",
        formatter_class=Formatter,
        help="JSON Lines requests on stdin, one answer per line on stdout",
        description="Read JSON Lines requests on stdin; write one answer per non-blank "
        "line, in order, flushed per line (protocol v1, see the README).",
    )
    b.add_argument(
        "--jobs",
        type=positive_int,
        default=None,
        metavar="N",
        help="worker processes (default: this machine's CPUs); 1 answers in this process",
    )
    b.add_argument(
        "--progress",
        action="store_true",
        help="a progress line on stderr (default: when stderr is a terminal and stdin a file)",
    )


def _parse_arguments(
    sub: Subparsers[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    """``parse``'s arguments."""
    p = sub.add_parser(
        "parse", parents=[common], formatter_class=Formatter, help="split URIs into components"
    )
    p.add_argument("uris", nargs="+", metavar="URI")
    p.add_argument(
        "--edition",
        choices=PARSE_EDITIONS,
        default="rfc3986",
        metavar="EDITION",
        help="grammar edition: " + ", ".join(PARSE_EDITIONS) + " (default rfc3986)",
    )
    p.add_argument("--base", help="base URL for relative input (whatwg edition only)")


def _analyze_arguments(
    sub: Subparsers[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    """``analyze``'s arguments."""
    p = sub.add_parser(
        "analyze",
        parents=[common],
        formatter_class=Formatter,
        help="findings about suspicious links",
    )
    p.add_argument("uris", nargs="+", metavar="URI")
    p.add_argument(
        "--defang", action="store_true", help="also print the defanged form, safe to share"
    )


def _resolve_arguments(
    sub: Subparsers[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    """``resolve``'s arguments."""
    p = sub.add_parser(
        "resolve",
        parents=[common],
        formatter_class=Formatter,
        help="resolve a reference against a base",
    )
    p.add_argument("base", metavar="BASE")
    p.add_argument("ref", metavar="REF")
    p.add_argument(
        "--rules",
        choices=(*RULE_SETS, "all"),
        default="rfc3986",
        metavar="RULES",
        help="rule set: " + ", ".join(RULE_SETS) + " (default rfc3986), "
        "or 'all' for a table of every rule set",
    )
    strictness = p.add_mutually_exclusive_group()
    strictness.add_argument(
        "--strict",
        dest="strict",
        action="store_true",
        default=True,
        help="RFC 3986 §5.2.2 strict parser (default)",
    )
    strictness.add_argument(
        "--non-strict",
        dest="strict",
        action="store_false",
        help="ignore a scheme equal to the base's (RFC 3986 §5.2.2, backward compatibility)",
    )


def _normalize_arguments(
    sub: Subparsers[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    """``normalize``'s arguments."""
    p = sub.add_parser(
        "normalize",
        parents=[common],
        formatter_class=Formatter,
        help="climb the normalization ladder",
    )
    p.add_argument("uris", nargs="+", metavar="URI")


def _compare_arguments(
    sub: Subparsers[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    """``compare``'s arguments."""
    p = sub.add_parser(
        "compare",
        parents=[common],
        formatter_class=Formatter,
        help="are two URIs equivalent, from which rung",
    )
    p.add_argument("a", metavar="A")
    p.add_argument("b", metavar="B")


def _urn_arguments(
    sub: Subparsers[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    """``urn``'s arguments."""
    p = sub.add_parser(
        "urn", parents=[common], formatter_class=Formatter, help="take URNs apart; compare two"
    )
    p.add_argument("urns", nargs="+", metavar="URN")
    p.add_argument(
        "--equivalent", action="store_true", help="compare exactly two URNs (URN draft §5)"
    )
    p.add_argument(
        "--objective",
        choices=URN_OBJECTIVES,
        default="resource",
        help="resource (URN draft §5 step 5a, default) or resolution (step 5b)",
    )


def _extract_arguments(
    sub: Subparsers[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    """``extract``'s arguments."""
    p = sub.add_parser(
        "extract",
        parents=[common],
        help="find URI references in free text (stdin if no TEXT) or in files: .eml, .msg, "
        ".html, .txt, images, .mbox, Maildir",
    )
    p.add_argument("text", nargs="*", metavar="TEXT|FILE")
    p.add_argument(
        "--text", dest="as_text", action="store_true", help="read the arguments as text, "
        "even when they name files"
    )
    p.add_argument("--base", metavar="URL", help="base URL of HTML files' relative links")
    p.add_argument(
        "--live", action="store_true",
        help="print links live in the table (default: defanged, hxxps://evil[.]example)",
    )
    p.add_argument(
        "--ioc", choices=("stix", "misp", "csv"), metavar="FORMAT",
        help="print the links and where they end as indicators instead: a STIX 2.1 "
        "bundle (stix), a MISP event (misp) or a defanged CSV for tickets (csv)",
    )
    p.add_argument(
        "--jobs",
        type=positive_int,
        default=None,
        metavar="N",
        help="worker processes for a mailbox (default: this machine's CPUs); the output is "
        "the same, in the same order",
    )


def _report_arguments(sub: Subparsers[argparse.ArgumentParser]) -> None:
    """``report``'s arguments."""
    p = sub.add_parser(
        "report",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        help="write a report (HTML, Markdown or JSON) for URIs",
        description="Write a report of each URI: the verdict, where the link goes, and the "
        "sections\nthat apply: findings, destinations, components, the scheme's details, the "
        "URN\nreading, the resolution table (with --base) and the normalization ladder (when "
        "it\nchanges the link). The link is defanged (hxxps://evil[.]example) unless "
        "--live-link.\nNothing is fetched or resolved.\n\n"
        "  html  one self-contained file: inline CSS, no script, no external asset; the URI\n"
        "        coloured as in the window, hidden characters shown as ⟨U+XXXX⟩ chips\n"
        "  md    Markdown (GitHub tables)\n"
        "  json  the batch contract's analyze answer (docs/batch.md)\n\n"
        "One URI goes to stdout, or to FILE with -o. Several URIs (arguments, --extract, or\n"
        "one per line on stdin when no URI is given): with -o DIR one file per URI is "
        "written\ninto DIR (001-host.html, ...); without -o, md reports are printed one after "
        "another\nand json as JSON Lines (html needs -o DIR).\n\n"
        "examples:\n"
        "  uriinspector report 'http://www.example.com&story=x@10.0.0.1/' -f html -o r.html\n"
        "  uriinspector report --extract mail.txt -f md -o reports/",
    )
    p.add_argument("uris", nargs="*", metavar="URI")
    p.add_argument(
        "-f", "--format", choices=("html", "md", "json"), default="html",
        help="html (default), md or json",
    )
    p.add_argument("-o", "--output", metavar="PATH", help="FILE for one URI, DIR for several")
    p.add_argument(
        "--base",
        metavar="BASE",
        help="resolve each URI against BASE under every rule set (a Resolution section)",
    )
    p.add_argument(
        "--live-link", action="store_true",
        help="keep the link clickable (by default it is defanged: hxxps://evil[.]example)",
    )
    p.add_argument(
        "--extract",
        metavar="TEXTFILE",
        help="report every URI found in this text file ('-' for stdin), App. F guesses "
        "completed",
    )


def _site_arguments(
    sub: Subparsers[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    """``site``'s arguments."""
    p = sub.add_parser(
        "site",
        parents=[common],
        help="check every reference of a folder of HTML pages offline (exit 1 if broken)",
        description="Check a saved or built site offline: every reference of every page "
        "is resolved as browsers do (RFC 3986 beside it) and looked up in the folder. "
        "Nothing is fetched. Exit status: 0 nothing broken, 1 something broken, 2 the "
        "folder cannot be read.",
    )
    p.add_argument("dir", metavar="DIR", help="the site's root folder")
    p.add_argument(
        "--url",
        default="https://site.invalid/",
        help="the URL the root is served at (default https://site.invalid/)",
    )
    p.add_argument(
        "--only-problems", action="store_true", help="list only the broken references"
    )


def _open_arguments(sub: Subparsers[argparse.ArgumentParser]) -> None:
    """``open``'s arguments."""
    p = sub.add_parser("open", help="open a URI in the window")
    p.add_argument("uri", nargs="?", metavar="URI")


def positive_int(text: str) -> int:
    """argparse type: an integer >= 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {value}")
    return value


def parse_args(
    parser: argparse.ArgumentParser, argv: list[str], env: Environment
) -> argparse.Namespace | ExitStatus:
    """Run argparse with its printing routed to ``env``; an exit becomes a status."""
    out, err = io.StringIO(), io.StringIO()
    result: argparse.Namespace | ExitStatus
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            result = parser.parse_args(argv)
        except SystemExit as exc:
            result = ExitStatus.SUCCESS if exc.code in (0, None) else ExitStatus.USAGE
    if out.getvalue():
        env.write(out.getvalue())
    if err.getvalue():
        env.stderr.write(err.getvalue())
        env.stderr.flush()
    return result
