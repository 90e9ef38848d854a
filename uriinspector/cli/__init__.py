"""The command line: ``uriinspector batch`` (JSON Lines) and readable subcommands.

Never imports Qt: ``open`` hands over to the window through a lazy ``importlib``
import, everything else talks to the pure core through ``core.protocol``, so the
terminal output and ``--json`` always render the very same answer.

All I/O goes through an :class:`Environment`, whose attributes tests overwrite to
simulate pipes, terminals and ``NO_COLOR`` (httpie's ``Environment`` idea).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import os
import sys
from collections.abc import Callable, Mapping, Sequence

from uriinspector import __version__
from uriinspector.batch import protocol
from uriinspector.cli.env import (
    COMPONENT_MARK,
    COMPONENT_SGR,
    PROG,
    SEVERITY_SGR,
    VERDICT_SGR,
    ClosedStream,
    Environment,
    ExitStatus,
    Style,
    cells,
    marked,
    show,
    use_colour,
)
from uriinspector.core.verdict import verdict_words

Answer = dict[str, object]

#: First arguments that select the CLI (``__main__`` opens the window for anything else).
COMMANDS: tuple[str, ...] = (
    "batch",
    "parse",
    "analyze",
    "resolve",
    "normalize",
    "compare",
    "urn",
    "extract",
    "report",
    "site",
    "open",
)


def _str(d: Mapping[str, object], key: str) -> str | None:
    value = d.get(key)
    return value if isinstance(value, str) else None


def _int(d: Mapping[str, object], key: str) -> int:
    value = d.get(key)
    return value if isinstance(value, int) else 0


def _objs(d: Mapping[str, object], key: str) -> list[dict[str, object]]:
    value = d.get(key)
    if not isinstance(value, list):
        return []
    return [item for item in value if isinstance(item, dict)]


def _obj(d: Mapping[str, object], key: str) -> dict[str, object]:
    value = d.get(key)
    return value if isinstance(value, dict) else {}


def _value(text: str | None, style: Style) -> str:
    if text is None:
        return style.dim("(undefined)")
    if text == "":
        return style.dim("(empty)")
    return show(text, style)


def _yes(flag: object, style: Style) -> str:
    return style("yes", "32") if flag is True else style("no", "31")


# ---- renderers ----------------------------------------------------------------------------


class Renderer:
    """Turns protocol answers into readable terminal text."""

    def __init__(self, style: Style) -> None:
        """Render with ``style``."""
        self.s = style

    def failure(self, answer: Mapping[str, object]) -> list[str]:
        """A protocol error answer."""
        err = _obj(answer, "error")
        code = _str(err, "code") or "error"
        return [self.s(f"error: {code}", "1;31") + ": " + show(_str(err, "message") or "", self.s)]

    def coloured_uri(self, text: str, spans: list[dict[str, object]]) -> list[str]:
        """The input with each component coloured and a legend, or a letter ruler."""
        cs = cells(text)
        owner: list[str | None] = [None] * len(cs)
        for span in spans:
            name = _str(span, "component") or ""
            for i in range(_int(span, "start"), min(_int(span, "end"), len(cs))):
                owner[i] = name
        present = [n for n in COMPONENT_SGR if n in owner]
        if self.s.enabled:
            runs: list[tuple[str, str | None]] = []
            for i, (shown, _, esc) in enumerate(cs):
                sgr = COMPONENT_SGR.get(owner[i] or "")
                sgr = f"{sgr};7" if esc and sgr else ("7" if esc else sgr)
                if runs and runs[-1][1] == sgr:
                    runs[-1] = (runs[-1][0] + shown, sgr)
                else:
                    runs.append((shown, sgr))
            line = "".join(self.s(t, sgr) for t, sgr in runs)
            legend = "legend: " + " ".join(self.s(n, COMPONENT_SGR[n]) for n in present)
            return [line, legend]
        line = "".join(s for s, _, _ in cs)
        ruler = "".join(
            (COMPONENT_MARK.get(owner[i] or "", " ")) * w for i, (_, w, _) in enumerate(cs)
        ).rstrip()
        legend = "legend: " + "  ".join(f"{COMPONENT_MARK[n]} {n}" for n in present)
        return [line, ruler, legend]

    def problems(
        self, text: str, title: str, items: list[dict[str, object]], empty: str
    ) -> list[str]:
        """Diagnostics or findings, each with its span marked under the input."""
        if not items:
            return [f"{title}: {self.s.dim(empty)}"]
        out = [f"{title} ({len(items)}):"]
        for item in items:
            sev = _str(item, "severity") or ""
            start, end = _int(item, "start"), _int(item, "end")
            out.append(
                f"  {self.s(f'{sev:<8}', SEVERITY_SGR.get(sev))} "
                f"{self.s.bold(_str(item, 'code') or '')} [{start}, {end}) "
                f"{show(_str(item, 'message') or '', self.s)}"
            )
            out.extend(
                "    " + line for line in marked(text, start, end, self.s, SEVERITY_SGR.get(sev))
            )
        return out

    def parse(self, a: Mapping[str, object]) -> list[str]:
        """The ``parse`` answer: coloured URI, component table, diagnostics."""
        text = _str(a, "input") or ""
        spans = _objs(a, "spans")
        out = self.coloured_uri(text, spans)
        edition = _str(a, "edition") or ""
        from uriinspector.core.editions import EDITION_TITLES

        where = {_str(s, "component"): (_int(s, "start"), _int(s, "end")) for s in spans}
        out.append(f"  {'edition':<10} {edition}  {self.s.dim(EDITION_TITLES.get(edition, ''))}")
        out.append(f"  {'kind':<10} {_str(a, 'kind')}")
        out.append(f"  {'valid':<10} {_yes(a.get('valid'), self.s)}")
        comps = _obj(a, "components")
        names = ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment")
        shown = {}
        for name in names:
            value = comps.get(name)
            shown[name] = _value(value if isinstance(value, str) else None, Style(False))
        column = min(40, max(len(v) for v in shown.values()))
        for name in names:
            value = comps.get(name)
            cell = _value(value if isinstance(value, str) else None, self.s)
            line = f"  {self.s(f'{name:<10}', COMPONENT_SGR.get(name))} {cell}"
            extra = []
            if name in where:
                extra.append(self.s.dim(f"[{where[name][0]}, {where[name][1]})"))
            if name == "host" and edition != "whatwg" and a.get("host_kind"):
                extra.append(_str(a, "host_kind") or "")
            if extra:
                line += " " * max(1, column - len(shown[name]) + 2) + "  ".join(extra)
            out.append(line.rstrip())
        if edition == "whatwg":
            out.append(f"  {'href':<10} {_value(_str(a, 'href'), self.s)}")
            if a.get("host_kind"):
                out.append(f"  {'host kind':<10} {_str(a, 'host_kind')}")
            for key, value in _obj(a, "whatwg").items():
                out.append(
                    f"    {key:<10} {_value(value if isinstance(value, str) else None, self.s)}"
                )
        out.extend(self.problems(text, "diagnostics", _objs(a, "diagnostics"), "none"))
        return out

    def analyze(self, a: Mapping[str, object], story: Sequence[str] = ()) -> list[str]:
        """The ``analyze`` answer: the parse view, the destination chain and findings.

        ``story`` holds the chain in plain words and its notes (an unknowable target, a
        bound reached): core sentences that are not part of the JSON answer.
        """
        text = _str(a, "input") or ""
        out = self.parse(a)
        at = next(i for i, line in enumerate(out) if line.startswith("diagnostics"))
        out[at:at] = [
            f"  {'effective host':<19} {_value(_str(a, 'effective_host'), self.s)}",
            f"  {'registrable domain':<19} {_value(_str(a, 'registrable_domain'), self.s)}",
            *self.destinations(a, story),
        ]
        findings = _objs(a, "findings")
        out.extend(self.problems(text, "findings", findings, "nothing notable"))
        counts = {sev: 0 for sev in ("danger", "warning", "info")}
        for f in findings:
            sev = _str(f, "severity") or ""
            counts[sev] = counts.get(sev, 0) + 1
        summary = ", ".join(
            self.s(f"{n} {sev}", SEVERITY_SGR.get(sev)) for sev, n in counts.items() if n
        )
        level = _str(_obj(a, "verdict"), "level")
        if level:
            out.append(
                f"verdict: {self.s(verdict_words(level), VERDICT_SGR.get(level))}"
                + (f" ({summary})" if summary else "")
            )
        else:
            out.append("findings: " + (summary or "nothing notable"))
        return out

    def destinations(self, a: Mapping[str, object], story: Sequence[str]) -> list[str]:
        """The chain of destinations, outermost first: carrier, span, decoded URL."""
        hops = _objs(a, "destinations")
        if not hops and not story:
            return [f"destinations: {self.s.dim('none (the link carries no other URL)')}"]
        out = [f"destinations ({len(hops)}):"]
        named = _objs(a, "carrier_fields")
        for n, hop in enumerate(hops, 1):
            start, end = hop.get("start"), hop.get("end")
            where = f"[{start}, {end})" if isinstance(start, int) else "(substituted)"
            out.append(
                f"  {n}. {self.s.bold(_str(hop, 'via') or '')} {self.s.dim(where)} "
                f"{show(_str(hop, 'url') or '', self.s)}"
            )
            for f in named:
                name = _str(f, "name") or ""
                if f.get("hop") == n - 1 and name in ("recipient", "tenant", "time"):
                    value = show(_str(f, "value") or "", self.s)
                    out.append(f"     {self.s.dim(f'{name:<10}')} {value}")
        out.extend("  " + show(line, self.s) for line in story)
        return out

    def resolve(self, a: Mapping[str, object], strict: bool) -> list[str]:
        """The ``resolve`` answer: inputs, the numbered trace, the target."""
        from uriinspector.core.editions import EDITION_TITLES

        rules = _str(a, "rules") or ""
        out = [
            f"{'base':<7} {show(_str(a, 'base') or '', self.s)}",
            f"{'ref':<7} {show(_str(a, 'ref') or '', self.s)}",
            f"{'rules':<7} {rules}  {self.s.dim(EDITION_TITLES.get(rules, ''))}"
            + ("" if strict else "  (non-strict)"),
        ]
        steps = _objs(a, "steps")
        for i, step in enumerate(steps, 1):
            out.append(
                f"{i:>3}. {self.s.bold(_str(step, 'rule') or '')}: "
                f"{show(_str(step, 'detail') or '', self.s)}"
            )
            out.append(f"     → {_value(_str(step, 'value'), self.s)}")
        err = a.get("error")
        if isinstance(err, dict):
            out.append(
                self.s(f"error: {_str(err, 'code')}", "1;31")
                + f": {show(_str(err, 'message') or '', self.s)}"
            )
        target = _str(a, "target")
        out.append(f"{'target':<7} {self.s.bold(_value(target, self.s))}")
        if target is not None:
            out.append(f"same document: {_yes(a.get('same_document'), self.s)}")
        return out

    def resolve_table(self, answers: list[Answer]) -> list[str]:
        """Every rule set's target side by side; ``*`` marks a target unlike RFC 3986's."""
        first = answers[0] if answers else {}
        out = [
            f"base  {show(_str(first, 'base') or '', self.s)}",
            f"ref   {show(_str(first, 'ref') or '', self.s)}",
            f"  {'rules':<15} target",
        ]
        reference = _str(first, "target")
        for a in answers:
            if protocol.is_error_answer(a):
                out.append(f"  {_str(a, 'rules') or '?':<15} " + self.failure(a)[0])
                continue
            target = _str(a, "target")
            err = _obj(a, "error")
            cell = (
                _value(target, self.s)
                if target is not None
                else self.s(f"(error: {_str(err, 'code')})", "31")
            )
            mark = "*" if target != reference else " "
            out.append(f"{mark} {_str(a, 'rules') or '':<15} {cell}")
        return out

    def normalize(self, a: Mapping[str, object]) -> list[str]:
        """The ladder as a table, with each rung's edits under it."""
        out = [
            f"input       {show(_str(a, 'input') or '', self.s)}",
            "   rung              changed  value",
        ]
        for i, rung in enumerate(_objs(a, "rungs"), 1):
            name = _str(rung, "name") or ""
            if name == "protocol-based":
                changed = self.s.dim("n/a    ")
            else:
                changed = f"{'yes' if rung.get('changed') is True else 'no':<7}"
                if rung.get("changed") is True:
                    changed = self.s(changed, "33")
            out.append(f"{i:>2} {name:<17} {changed}  {show(_str(rung, 'value') or '', self.s)}")
            for edit in _objs(rung, "edits"):
                out.append(
                    "        "
                    + self.s.dim(f"[{_int(edit, 'start')}, {_int(edit, 'end')})")
                    + f" → {show(repr(_str(edit, 'replacement') or ''), self.s)}"
                    + f"  {show(_str(edit, 'reason') or '', self.s)}"
                )
        out.append(f"normalized  {self.s.bold(show(_str(a, 'normalized') or '', self.s))}")
        return out

    def compare(self, a: Mapping[str, object], ladders: tuple[Answer, Answer]) -> list[str]:
        """The verdict and, rung by rung, both values and whether they are equal."""
        out = [f"a  {show(_str(a, 'a') or '', self.s)}", f"b  {show(_str(a, 'b') or '', self.s)}"]
        rung = _str(a, "rung")
        if a.get("equivalent") is True:
            out.append(f"equivalent: {self.s('yes', '32')}, from rung {rung}")
        else:
            out.append(f"equivalent: {self.s('no', '31')} (at no rung of the ladder)")
        rungs_a, rungs_b = _objs(ladders[0], "rungs"), _objs(ladders[1], "rungs")
        out.append(f"   {'rung':<17} equal  values")
        for ra, rb in zip(rungs_a, rungs_b, strict=False):
            va, vb = _str(ra, "value") or "", _str(rb, "value") or ""
            out.append(
                f"   {_str(ra, 'name') or '':<17} {_yes(va == vb, self.s):<5}  a {show(va, self.s)}"
            )
            out.append(f"   {'':<17} {'':<5}  b {show(vb, self.s)}")
        return out

    def urn(self, a: Mapping[str, object]) -> list[str]:
        """The URN's parts, lexical form and diagnostics."""
        text = _str(a, "input") or ""
        out = [show(text, self.s), f"  {'valid':<13} {_yes(a.get('valid'), self.s)}"]
        for key in ("nid", "nss", "r_component", "q_component", "f_component", "lexical_form"):
            out.append(f"  {key:<13} {_value(_str(a, key), self.s)}")
        directives = a.get("query_directives")
        if isinstance(directives, list):
            out.append(f"  {'directives':<13} {len(directives)}")
            for d in _objs(a, "query_directives"):
                out.append(
                    f"    {show(_str(d, 'keyword') or '', self.s)} = "
                    f"{show(_str(d, 'value') or '', self.s)}"
                )
        out.extend(self.problems(text, "diagnostics", _objs(a, "diagnostics"), "none"))
        return out

    def urn_equivalent(self, a: Mapping[str, object], objective: str) -> list[str]:
        """Whether two URNs are lexically equivalent."""
        return [
            f"a  {show(_str(a, 'a') or '', self.s)}",
            f"b  {show(_str(a, 'b') or '', self.s)}",
            f"equivalent ({objective}): {_yes(a.get('equivalent'), self.s)}",
        ]

    def extract(self, a: Mapping[str, object], text: str) -> list[str]:
        """The URI references found in the text, with their offsets."""
        uris = _objs(a, "uris")
        out = [f"{len(uris)} URI reference{'s' if len(uris) != 1 else ''} found"]
        for u in uris:
            out.append(
                self.s.dim(f"  [{_int(u, 'start')}, {_int(u, 'end')})")
                + f"  {self.s.bold(show(_str(u, 'uri') or '', self.s))}"
            )
        return out


# ---- the argument parser -------------------------------------------------------------------


class _Formatter(argparse.HelpFormatter):
    """argparse's formatter with a help column wide enough for every command name."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, max_help_position=30)


def build_parser() -> argparse.ArgumentParser:
    """The argparse tree of every command (usage text is pinned by a test)."""
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
        formatter_class=_Formatter,
        description="Take URIs apart with spans, in every edition of the standard. "
        "With no command (or a URI), opens the window.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    b = sub.add_parser(
        "batch",
        formatter_class=_Formatter,
        help="JSON Lines requests on stdin, one answer per line on stdout",
        description="Read JSON Lines requests on stdin; write one answer per non-blank "
        "line, in order, flushed per line (protocol v1, see the README).",
    )
    b.add_argument(
        "--jobs",
        type=_positive_int,
        default=None,
        metavar="N",
        help="worker processes (default: this machine's CPUs); 1 answers in this process",
    )
    b.add_argument(
        "--progress",
        action="store_true",
        help="a progress line on stderr (default: when stderr is a terminal and stdin a file)",
    )
    p = sub.add_parser(
        "parse", parents=[common], formatter_class=_Formatter, help="split URIs into components"
    )
    p.add_argument("uris", nargs="+", metavar="URI")
    p.add_argument(
        "--edition",
        choices=protocol.PARSE_EDITIONS,
        default="rfc3986",
        metavar="EDITION",
        help="grammar edition: " + ", ".join(protocol.PARSE_EDITIONS) + " (default rfc3986)",
    )
    p.add_argument("--base", help="base URL for relative input (whatwg edition only)")

    p = sub.add_parser(
        "analyze",
        parents=[common],
        formatter_class=_Formatter,
        help="findings about suspicious links",
    )
    p.add_argument("uris", nargs="+", metavar="URI")
    p.add_argument(
        "--defang", action="store_true", help="also print the defanged form, safe to share"
    )

    p = sub.add_parser(
        "resolve",
        parents=[common],
        formatter_class=_Formatter,
        help="resolve a reference against a base",
    )
    p.add_argument("base", metavar="BASE")
    p.add_argument("ref", metavar="REF")
    p.add_argument(
        "--rules",
        choices=(*protocol.RULE_SETS, "all"),
        default="rfc3986",
        metavar="RULES",
        help="rule set: " + ", ".join(protocol.RULE_SETS) + " (default rfc3986), "
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

    p = sub.add_parser(
        "normalize",
        parents=[common],
        formatter_class=_Formatter,
        help="climb the normalization ladder",
    )
    p.add_argument("uris", nargs="+", metavar="URI")

    p = sub.add_parser(
        "compare",
        parents=[common],
        formatter_class=_Formatter,
        help="are two URIs equivalent, from which rung",
    )
    p.add_argument("a", metavar="A")
    p.add_argument("b", metavar="B")

    p = sub.add_parser(
        "urn", parents=[common], formatter_class=_Formatter, help="take URNs apart; compare two"
    )
    p.add_argument("urns", nargs="+", metavar="URN")
    p.add_argument(
        "--equivalent", action="store_true", help="compare exactly two URNs (URN draft §5)"
    )
    p.add_argument(
        "--objective",
        choices=protocol.URN_OBJECTIVES,
        default="resource",
        help="resource (URN draft §5 step 5a, default) or resolution (step 5b)",
    )

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
        type=_positive_int,
        default=None,
        metavar="N",
        help="worker processes for a mailbox (default: this machine's CPUs); the output is "
        "the same, in the same order",
    )

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

    p = sub.add_parser("open", help="open a URI in the window")
    p.add_argument("uri", nargs="?", metavar="URI")
    return parser


def _positive_int(text: str) -> int:
    """argparse type: an integer >= 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {value}")
    return value


def _parse_args(
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


# ---- commands ------------------------------------------------------------------------------


#: Protocol 1.1's document operations: the registry key and ``sources.batch``'s handler.
_DOCUMENT_OPS = (
    ("extract:html", "answer_extract_html"),
    ("extract:eml", "answer_extract_eml"),
    ("qr", "answer_qr"),
)


def _document_op(key: str, name: str) -> protocol.Handler:
    """A handler that imports ``uriinspector.sources`` on its first call: the package
    pulls in the whole core and the mail and HTML readers (~0.4 s), which a batch of
    ``parse`` lines never needs. Same answers as registering the handler itself."""

    def handler(req: Mapping[str, object]) -> protocol.Answer:
        try:
            from uriinspector.batch import documents as batch
        except ImportError:  # answered as if it had never been registered
            raise protocol.RequestError(
                protocol.INTERNAL_ERROR,
                f"{key} needs the document readers (uriinspector.sources), which are not loaded",
            ) from None
        real: protocol.Handler = getattr(batch, name)
        protocol.register_handler(key, real)  # later lines call it directly
        return real(req)

    return handler


def _register_document_ops() -> None:
    """Protocol 1.1's ``qr`` and ``extract`` of html/eml live above the core (sources/),
    registered here and imported on first use."""
    for key, name in _DOCUMENT_OPS:
        protocol.register_handler(key, _document_op(key, name))


def _batch_refused(env: Environment) -> bool:
    """Ready the batch (1.1 document ops registered); True, said in one line on stderr,
    when stdout is closed: found before any input is read, by ``--jobs`` runs too."""
    if isinstance(env.stdout, ClosedStream):
        env.error(f"{PROG} batch: cannot write answers: standard output is closed")
        return True
    _register_document_ops()
    return False


def run_batch(env: Environment) -> ExitStatus:
    """Answer every non-blank stdin line, in order, flushing each answer.

    A stdout that is closed or fails (not a broken pipe: that is 141) is one line on
    stderr and status 1.
    """
    if _batch_refused(env):
        return ExitStatus.ERROR
    while True:
        try:
            raw = env.stdin.readline()
        except OSError as exc:
            env.error(f"{PROG} batch: cannot read stdin: {exc}")
            return ExitStatus.ERROR
        if not raw:
            return ExitStatus.SUCCESS
        out = protocol.answer_line(raw)
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


def _emit(
    env: Environment,
    ns: argparse.Namespace,
    answers: list[Answer],
    render: Callable[[Answer], list[str]],
) -> ExitStatus:
    """Print answers as JSON Lines (``--json``) or rendered, blocks apart."""
    status = ExitStatus.SUCCESS
    for i, answer in enumerate(answers):
        is_error = protocol.is_error_answer(answer)
        if is_error:
            status = ExitStatus.ERROR
        if ns.json:
            env.write(protocol.encode_answer(answer) + "\n")
            continue
        style = Style(use_colour(ns.color, env))
        lines = Renderer(style).failure(answer) if is_error else render(answer)
        env.write(("\n" if i else "") + "\n".join(lines) + "\n")
    return status


def _refang(text: str) -> tuple[str, bool]:
    """``defang.refang`` when that core module is present; else the text unchanged."""
    try:
        mod = importlib.import_module("uriinspector.core.defang")
    except ImportError:
        return text, False
    result = mod.refang(text)
    return str(result[0]), bool(result[1])


def cmd_analyze(env: Environment, ns: argparse.Namespace) -> ExitStatus:
    """``analyze URI…``: findings, accepting defanged input; ``--defang`` adds the safe form."""
    style = Style(use_colour(ns.color, env))
    answers: list[Answer] = []
    notes: list[list[str]] = []
    for uri in ns.uris:
        note: list[str] = []
        try:
            text, changed = _refang(uri)
        except Exception as exc:
            text, changed = uri, False
            note.append(f"note: could not refang: {exc}")
        if changed:
            note.append(f"note: defanged input read as {show(text, style)}")
        answer = protocol.handle_request({"op": "analyze", "input": text})
        if ns.defang and "error" not in answer:
            try:
                mod = importlib.import_module("uriinspector.core.defang")
                answer["defanged"] = str(mod.defang(text))
            except Exception as exc:
                note.append(f"note: defanging is unavailable: {type(exc).__name__}: {exc}")
            else:
                note.append(f"defanged: {show(str(answer['defanged']), style)}")
        answers.append(answer)
        notes.append(note)
    if ns.json:
        return _emit(env, ns, answers, lambda a: [])
    renderer = Renderer(style)
    pending = iter(notes)
    return _emit(
        env, ns, answers, lambda a: [*next(pending), *renderer.analyze(a, _story(a))]
    )


def _story(answer: Answer) -> list[str]:
    """The destination chain in plain words, with its notes (an unknowable target such
    as a shortener, a bound reached): what the JSON answer has no key for."""
    text = answer.get("input")
    if not isinstance(text, str):
        return []
    try:
        from uriinspector.core.destinations import destinations

        chain = destinations(text)
    except Exception as exc:  # the core never raises; a broken install still prints
        return [f"note: the destination chain is unavailable: {type(exc).__name__}: {exc}"]
    lines = []
    if chain.hops:
        lines.append(chain.sentence() or "")
    elif chain.note:
        lines.append(chain.note)
    return lines


def cmd_resolve(env: Environment, ns: argparse.Namespace) -> ExitStatus:
    """``resolve BASE REF``: the trace, or with ``--rules all`` a table of rule sets."""
    rules = protocol.RULE_SETS if ns.rules == "all" else (ns.rules,)
    answers = [_resolve_answer(ns.base, ns.ref, r, ns.strict) for r in rules]
    renderer = Renderer(Style(use_colour(ns.color, env)))
    if ns.rules == "all" and not ns.json:
        env.write("\n".join(renderer.resolve_table(answers)) + "\n")
        return ExitStatus.SUCCESS
    return _emit(env, ns, answers, lambda a: renderer.resolve(a, ns.strict))


def _resolve_answer(base: str, ref: str, rules: str, strict: bool) -> Answer:
    """A resolve answer through the protocol (``strict=False`` needs the direct helper)."""
    if strict:
        return protocol.handle_request({"op": "resolve", "base": base, "ref": ref, "rules": rules})
    try:
        return {"op": "resolve", **protocol.answer_resolve(base, ref, rules, strict=False)}
    except Exception as exc:
        return protocol.error_answer(
            protocol.INTERNAL_ERROR, f"{type(exc).__name__}: {exc}", "resolve"
        )


def cmd_compare(env: Environment, ns: argparse.Namespace) -> ExitStatus:
    """``compare A B``: equivalent or not, and the two ladders rung by rung."""
    answer = protocol.handle_request({"op": "compare", "a": ns.a, "b": ns.b})
    if ns.json:
        return _emit(env, ns, [answer], lambda a: [])
    ladders = (
        protocol.handle_request({"op": "normalize", "input": ns.a}),
        protocol.handle_request({"op": "normalize", "input": ns.b}),
    )
    renderer = Renderer(Style(use_colour(ns.color, env)))
    return _emit(env, ns, [answer], lambda a: renderer.compare(a, ladders))


def cmd_urn(env: Environment, ns: argparse.Namespace) -> ExitStatus:
    """``urn URN…``; ``--equivalent A B`` compares two (URN draft §5)."""
    renderer = Renderer(Style(use_colour(ns.color, env)))
    if ns.equivalent:
        if len(ns.urns) != 2:
            env.error(f"{PROG} urn: --equivalent takes exactly two URNs")
            return ExitStatus.USAGE
        answer = protocol.handle_request(
            {"op": "urn-equivalent", "a": ns.urns[0], "b": ns.urns[1], "objective": ns.objective}
        )
        return _emit(env, ns, [answer], lambda a: renderer.urn_equivalent(a, ns.objective))
    answers = [protocol.handle_request({"op": "urn", "input": u}) for u in ns.urns]
    return _emit(env, ns, answers, renderer.urn)


def cmd_extract(env: Environment, ns: argparse.Namespace) -> ExitStatus:
    """``extract [TEXT…]``: URI references in the text (stdin when no TEXT is given),
    defanged indicators included as in the window; ``extract FILE…`` reads documents
    (``cli_extract``, protocol 1.1). ``--json`` on text prints the contract's answer."""
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
    return _emit(env, ns, [answer], lambda a: renderer.extract(a, text))


def _report_uris(env: Environment, ns: argparse.Namespace) -> list[str] | ExitStatus:
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


def cmd_report(env: Environment, ns: argparse.Namespace) -> ExitStatus:
    """``report URI… --format html|md|json [-o PATH]``: Qt-free reports (``report``)."""
    from pathlib import Path

    from uriinspector import report
    from uriinspector.core.analysis import analyze

    uris = _report_uris(env, ns)
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


def cmd_open(env: Environment, ns: argparse.Namespace) -> ExitStatus | int:
    """``open [URI]``: hand over to the window (imported lazily: the CLI has no Qt)."""
    try:
        app = importlib.import_module("uriinspector.gui.app")
    except ImportError as exc:
        env.error(f"{PROG} open: the window is not available: {exc}")
        return ExitStatus.ERROR
    status = app.main([ns.uri] if ns.uri is not None else [])
    return int(status) if isinstance(status, int) else ExitStatus.SUCCESS


def _dispatch(env: Environment, ns: argparse.Namespace) -> ExitStatus | int:
    command: str = ns.command
    if command == "batch":
        if ns.jobs == 1 and not ns.progress:
            return run_batch(env)  # without the pool's modules (multiprocessing: ~80 ms)
        from uriinspector.batch import parallel as batch_parallel

        jobs: int = ns.jobs or batch_parallel.default_jobs()
        if jobs == 1 and not ns.progress:
            return run_batch(env)
        if _batch_refused(env):
            return ExitStatus.ERROR
        return batch_parallel.run_parallel(env, jobs, progress=ns.progress or None)
    if command == "open":
        return cmd_open(env, ns)
    if command == "analyze":
        return cmd_analyze(env, ns)
    if command == "resolve":
        return cmd_resolve(env, ns)
    if command == "compare":
        return cmd_compare(env, ns)
    if command == "urn":
        return cmd_urn(env, ns)
    if command == "extract":
        return cmd_extract(env, ns)
    if command == "report":
        return cmd_report(env, ns)
    if command == "site":
        from uriinspector.cli import site as cli_site

        return cli_site.run(env, ns)
    renderer = Renderer(Style(use_colour(ns.color, env)))
    if command == "parse":
        answers = [
            protocol.handle_request(
                {"op": "parse", "input": u, "edition": ns.edition, "base": ns.base}
            )
            for u in ns.uris
        ]
        return _emit(env, ns, answers, renderer.parse)
    answers = [protocol.handle_request({"op": "normalize", "input": u}) for u in ns.uris]
    return _emit(env, ns, answers, renderer.normalize)


def _silence_stdout(env: Environment) -> None:
    """After EPIPE, point fd 1 at /dev/null so the interpreter's final flush is quiet."""
    if not env.is_system:
        return
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def main(argv: Sequence[str] | None = None, env: Environment | None = None) -> int:
    """Run the CLI on ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    env = Environment.from_system() if env is None else env
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        parsed = _parse_args(build_parser(), args, env)
        if isinstance(parsed, ExitStatus):
            return parsed
        return _dispatch(env, parsed)
    except KeyboardInterrupt:
        return ExitStatus.ERROR_CTRL_C
    except BrokenPipeError:
        _silence_stdout(env)
        return ExitStatus.BROKEN_PIPE
    except OSError as exc:
        with contextlib.suppress(OSError, ValueError):
            env.error(f"{PROG}: {exc}")
        return ExitStatus.ERROR
