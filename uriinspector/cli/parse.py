"""``uriinspector parse URI…``: each URI split into components, in one edition."""

from __future__ import annotations

import argparse

from uriinspector.batch import protocol
from uriinspector.cli.env import Environment, ExitStatus, Style, use_colour
from uriinspector.cli.render import Renderer, emit


def run(env: Environment, ns: argparse.Namespace) -> ExitStatus:
    """The ``parse`` answer of every URI, rendered or as JSON Lines."""
    renderer = Renderer(Style(use_colour(ns.color, env)))
    answers = [
        protocol.handle_request({"op": "parse", "input": u, "edition": ns.edition, "base": ns.base})
        for u in ns.uris
    ]
    return emit(env, ns, answers, renderer.parse)
