"""``uriinspector compare A B``: equivalent or not, and the two ladders rung by rung."""

from __future__ import annotations

import argparse

from uriinspector.batch import protocol
from uriinspector.cli.env import Environment, ExitStatus, Style, use_colour
from uriinspector.cli.render import Renderer, emit


def run(env: Environment, ns: argparse.Namespace) -> ExitStatus:
    """The ``compare`` answer; rendered with both normalization ladders."""
    answer = protocol.handle_request({"op": "compare", "a": ns.a, "b": ns.b})
    if ns.json:
        return emit(env, ns, [answer], lambda a: [])
    ladders = (
        protocol.handle_request({"op": "normalize", "input": ns.a}),
        protocol.handle_request({"op": "normalize", "input": ns.b}),
    )
    renderer = Renderer(Style(use_colour(ns.color, env)))
    return emit(env, ns, [answer], lambda a: renderer.compare(a, ladders))
