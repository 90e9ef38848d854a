"""``uriinspector analyze URI…``: findings about suspicious links, defanged input read
as the window reads it; ``--defang`` adds the form safe to share."""

from __future__ import annotations

import argparse
import importlib

from uriinspector.batch import protocol
from uriinspector.batch.protocol import Answer
from uriinspector.cli.env import Environment, ExitStatus, Style, show, use_colour
from uriinspector.cli.render import Renderer, emit


def _refang(text: str) -> tuple[str, bool]:
    """``defang.refang`` when that core module is present; else the text unchanged."""
    try:
        mod = importlib.import_module("uriinspector.core.defang")
    except ImportError:
        return text, False
    result = mod.refang(text)
    return str(result[0]), bool(result[1])


def run(env: Environment, ns: argparse.Namespace) -> ExitStatus:
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
        return emit(env, ns, answers, lambda a: [])
    renderer = Renderer(style)
    pending = iter(notes)
    return emit(
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
