"""The batch ops on URIs: ``parse``, ``analyze``, ``resolve``, ``normalize``, ``compare``,
``urn``, ``urn-equivalent`` and ``extract`` of plain text (docs/contract/batch-protocol.md).

Each handler reads its fields and answers from the pure core. The core modules are
imported inside each op, so a module that is missing or broken turns into an
``internal-error`` answer for the lines that need it while every other op keeps
working, and a batch of ``parse`` lines never loads the analysis.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Final

from uriinspector.batch.fields import (
    INVALID_VALUE,
    UNKNOWN_EDITION,
    Answer,
    choice,
    json_of,
    optional_str,
    required_str,
)
from uriinspector.core.editions import PARSE_EDITIONS, RULE_SETS

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis
    from uriinspector.core.editions import Edition
    from uriinspector.core.parse import ParsedReference

#: Diagnostic code of a ``whatwg`` parse the URL Standard's parser rejects.
WHATWG_FAILURE: Final = "whatwg-failure"

#: Names accepted for ``edition`` (parse) and ``rules`` (resolve) come from core.editions.
URN_OBJECTIVES: Final = ("resource", "resolution")

_WHATWG_HOST_KINDS: Final = {"domain": "reg-name", "ipv4": "ipv4", "ipv6": "ipv6"}


#: The core's ``parse`` and the editions by name, loaded on the first parse request
#: (an import statement and ``Edition(name)`` per line were ~1.5 us of a ~30 us line).
_PARSE: list[tuple[Callable[[str, Edition], ParsedReference], dict[str, Edition]]] = []


def _core_parse() -> tuple[Callable[[str, Edition], ParsedReference], dict[str, Edition]]:
    """The core's ``parse`` and ``{name: Edition}``, imported on first use."""
    if not _PARSE:
        from uriinspector.core.editions import Edition
        from uriinspector.core.parse import parse

        _PARSE.append((parse, {e.value: e for e in Edition}))
    return _PARSE[0]


def answer_parse(text: str, edition: str = "rfc3986", base: str | None = None) -> Answer:
    """The ``parse`` answer for ``text`` under ``edition`` (``base``: whatwg only)."""
    parse, editions = _PARSE[0] if _PARSE else _core_parse()
    if edition != "whatwg":
        data = parse(text, editions.get(edition) or edition).to_json()  # type: ignore[arg-type]
        data["edition"] = edition
        return data
    from uriinspector.core import parse as parse_mod
    from uriinspector.core import whatwg as whatwg_mod

    data = json_of(parse_mod.parse(text, "rfc3986"))
    reading = whatwg_mod.read_whatwg(text, base)
    data["edition"] = "whatwg"
    data["valid"] = reading.valid
    data["host_kind"] = (
        _WHATWG_HOST_KINDS.get(reading.host_type or "")
        if reading.valid and reading.hostname
        else None
    )
    data["diagnostics"] = (
        []
        if reading.valid
        else [
            {
                "code": WHATWG_FAILURE,
                "severity": "error",
                "start": 0,
                "end": len(text),
                "message": "WHATWG URL Standard §4.4 (basic URL parser) returns failure"
                + (f": {reading.error}" if reading.error else ""),
            }
        ]
    )
    data["href"] = reading.href
    data["whatwg"] = dict(reading.components) if reading.valid else None
    return data


def answer_resolve(base: str, ref: str, rules: str = "rfc3986", *, strict: bool = True) -> Answer:
    """The ``resolve`` answer; ``strict=False`` is RFC 3986 §5.2.2's non-strict parser."""
    from uriinspector.core import resolve as resolve_mod

    data = json_of(resolve_mod.resolve(base, ref, rules, strict=strict))
    data["rules"] = rules
    return data


def op_parse(req: Mapping[str, object]) -> Answer:
    """``{"op": "parse", "input", "edition"?, "base"?}``."""
    text = req.get("input")
    if type(text) is str and "edition" not in req and "base" not in req:
        return answer_parse(text)  # the usual request: nothing else to check
    text = required_str(req, "input")
    edition = choice(req, "edition", PARSE_EDITIONS, "rfc3986", UNKNOWN_EDITION)
    base = optional_str(req, "base")
    return answer_parse(text, edition, base)


#: The core's ``analyze``, loaded on the first analyze request (an import statement per
#: line was ~1 us of work for nothing).
_ANALYZE: list[Callable[[str], Analysis]] = []


def _core_analyze() -> Callable[[str], Analysis]:
    """The core's ``analyze``, imported on first use."""
    if not _ANALYZE:
        from uriinspector.core.analysis import analyze

        _ANALYZE.append(analyze)
    return _ANALYZE[0]


def analyze_json(text: str) -> Answer:
    """The ``analyze`` answer's body for ``text``: the analysis's ``to_json()``."""
    analyze = _ANALYZE[0] if _ANALYZE else _core_analyze()
    return analyze(text).to_json()


def op_analyze(req: Mapping[str, object]) -> Answer:
    """``{"op": "analyze", "input"}``: findings, destinations, the verdict."""
    text = required_str(req, "input")
    analyze = _ANALYZE[0] if _ANALYZE else _core_analyze()
    return json_of(analyze(text))


def op_resolve(req: Mapping[str, object]) -> Answer:
    """``{"op": "resolve", "base", "ref", "rules"?}``: the target and its trace."""
    base = required_str(req, "base")
    ref = required_str(req, "ref")
    rules = choice(req, "rules", RULE_SETS, "rfc3986", UNKNOWN_EDITION)
    return answer_resolve(base, ref, rules)


def op_normalize(req: Mapping[str, object]) -> Answer:
    """``{"op": "normalize", "input"}``: the normalization ladder."""
    text = required_str(req, "input")
    from uriinspector.core import normalize

    return json_of(normalize.normalize(text))


def op_compare(req: Mapping[str, object]) -> Answer:
    """``{"op": "compare", "a", "b"}``: equivalent or not, from which rung."""
    a = required_str(req, "a")
    b = required_str(req, "b")
    from uriinspector.core import compare

    return json_of(compare.compare(a, b))


def op_urn(req: Mapping[str, object]) -> Answer:
    """``{"op": "urn", "input"}``: a URN's parts."""
    text = required_str(req, "input")
    from uriinspector.core import urn

    return json_of(urn.parse_urn(text))


def op_urn_equivalent(req: Mapping[str, object]) -> Answer:
    """``{"op": "urn-equivalent", "a", "b", "objective"?}`` (URN draft §5)."""
    a = required_str(req, "a")
    b = required_str(req, "b")
    objective = choice(req, "objective", URN_OBJECTIVES, "resource", INVALID_VALUE)
    from uriinspector.core import urn

    equivalent = urn.urn_equivalent(a, b, "resolution" if objective == "resolution" else "resource")
    return {"a": a, "b": b, "equivalent": bool(equivalent)}


def answer_extract_text(text: str) -> Answer:
    """``{"op": "extract", "text"}`` in the default ``text`` format: references found
    in free text by the core, with their offsets."""
    from uriinspector.core import extract

    found = extract.extract(text)
    return {"uris": [{"uri": e.uri, "start": e.span.start, "end": e.span.end} for e in found]}
