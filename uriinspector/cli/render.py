"""Protocol answers as readable terminal text: every human command's rendering.

The commands ask the batch protocol for the very answer ``--json`` prints and hand it
here, so the terminal and the JSON always say the same. Hostile text is drawn visibly
(``cli.env.show``/``marked``); colour follows ``Style``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence

from uriinspector.batch import protocol
from uriinspector.batch.protocol import Answer
from uriinspector.cli.env import (
    COMPONENT_MARK,
    COMPONENT_SGR,
    SEVERITY_SGR,
    VERDICT_SGR,
    Environment,
    ExitStatus,
    Style,
    cells,
    marked,
    show,
    use_colour,
)
from uriinspector.core.verdict import verdict_words


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


def emit(
    env: Environment,
    ns: argparse.Namespace,
    answers: list[Answer],
    render: Callable[[Answer], list[str]],
) -> ExitStatus:
    """Print answers as JSON Lines (``--json``) or rendered, blocks apart; 1 if any is
    an error answer."""
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
