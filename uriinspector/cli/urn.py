"""``uriinspector urn URN…``: URNs taken apart; ``--equivalent A B`` compares two."""

from __future__ import annotations

import argparse

from uriinspector.batch import protocol
from uriinspector.cli.env import PROG, Environment, ExitStatus, Style, use_colour
from uriinspector.cli.render import Renderer, emit


def run(env: Environment, ns: argparse.Namespace) -> ExitStatus:
    """``urn URN…``; ``--equivalent A B`` compares two (URN draft §5)."""
    renderer = Renderer(Style(use_colour(ns.color, env)))
    if ns.equivalent:
        if len(ns.urns) != 2:
            env.error(f"{PROG} urn: --equivalent takes exactly two URNs")
            return ExitStatus.USAGE
        answer = protocol.handle_request(
            {"op": "urn-equivalent", "a": ns.urns[0], "b": ns.urns[1], "objective": ns.objective}
        )
        return emit(env, ns, [answer], lambda a: renderer.urn_equivalent(a, ns.objective))
    answers = [protocol.handle_request({"op": "urn", "input": u}) for u in ns.urns]
    return emit(env, ns, answers, renderer.urn)
