"""``uriinspector normalize URI…``: the normalization ladder of each URI."""

from __future__ import annotations

import argparse

from uriinspector.batch import protocol
from uriinspector.cli.env import Environment, ExitStatus, Style, use_colour
from uriinspector.cli.render import Renderer, emit


def run(env: Environment, ns: argparse.Namespace) -> ExitStatus:
    """The ``normalize`` answer of every URI, rendered or as JSON Lines."""
    renderer = Renderer(Style(use_colour(ns.color, env)))
    answers = [protocol.handle_request({"op": "normalize", "input": u}) for u in ns.uris]
    return emit(env, ns, answers, renderer.normalize)
