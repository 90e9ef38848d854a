"""``uriinspector resolve BASE REF``: the resolution trace, or a table of rule sets."""

from __future__ import annotations

import argparse

from uriinspector.batch import protocol
from uriinspector.batch.protocol import Answer
from uriinspector.batch.uri_ops import answer_resolve
from uriinspector.cli.env import Environment, ExitStatus, Style, use_colour
from uriinspector.cli.render import Renderer, emit
from uriinspector.core.editions import RULE_SETS


def run(env: Environment, ns: argparse.Namespace) -> ExitStatus:
    """``resolve BASE REF``: the trace, or with ``--rules all`` a table of rule sets."""
    rules = RULE_SETS if ns.rules == "all" else (ns.rules,)
    answers = [resolve_answer(ns.base, ns.ref, r, ns.strict) for r in rules]
    renderer = Renderer(Style(use_colour(ns.color, env)))
    if ns.rules == "all" and not ns.json:
        env.write("\n".join(renderer.resolve_table(answers)) + "\n")
        return ExitStatus.SUCCESS
    return emit(env, ns, answers, lambda a: renderer.resolve(a, ns.strict))


def resolve_answer(base: str, ref: str, rules: str, strict: bool) -> Answer:
    """A resolve answer through the protocol (``strict=False`` needs the direct helper)."""
    if strict:
        return protocol.handle_request({"op": "resolve", "base": base, "ref": ref, "rules": rules})
    try:
        return {"op": "resolve", **answer_resolve(base, ref, rules, strict=False)}
    except Exception as exc:
        return protocol.error_answer(
            protocol.INTERNAL_ERROR, f"{type(exc).__name__}: {exc}", "resolve"
        )
