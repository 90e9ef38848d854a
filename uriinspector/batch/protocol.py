"""Batch protocol v1: one JSON request object in, one JSON answer object out.

This module is the pure half of ``uriinspector batch`` (shared/contract/batch-protocol.md):
it turns a line (``str`` or ``bytes``) or an already-decoded request into an answer
``dict``, and never raises. Reading stdin and writing stdout belong to ``cli.py``.

The core modules are imported lazily inside each operation, so a module that is
missing or broken turns into an ``internal-error`` answer for the lines that need
it, while every other operation keeps working.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, Final

try:  # a C encoder, 5-10x the standard one on analyze answers; optional at run time
    import orjson
except ImportError:  # pragma: no cover - a dependency; the standard encoder serves alone
    orjson = None  # type: ignore[assignment]

from uriinspector.core.editions import PARSE_EDITIONS, RULE_SETS

__all__ = [
    "ERROR_CODES",
    "EXTRACT_FORMATS",
    "OPS",
    "PARSE_EDITIONS",
    "PROTOCOL_VERSION",
    "RULE_SETS",
    "URN_OBJECTIVES",
    "JsonNumber",
    "answer_line",
    "answer_parse",
    "answer_resolve",
    "decode_line",
    "encode_answer",
    "encode_answer_line",
    "error_answer",
    "handle_line",
    "handle_request",
    "is_error_answer",
    "register_handler",
]

#: Version of the batch interface (the contract's ``"v"``).
PROTOCOL_VERSION: Final = 1

# ---- error codes (stable; used unchanged in JSON, docs and tests) --------------------
INVALID_JSON: Final = "invalid-json"
INVALID_UTF8: Final = "invalid-utf8"
NOT_AN_OBJECT: Final = "not-an-object"
UNKNOWN_OP: Final = "unknown-op"
MISSING_FIELD: Final = "missing-field"
WRONG_TYPE: Final = "wrong-type"
UNKNOWN_EDITION: Final = "unknown-edition"
INVALID_VALUE: Final = "invalid-value"
INTERNAL_ERROR: Final = "internal-error"

ERROR_CODES: Final = (
    INVALID_JSON,
    INVALID_UTF8,
    NOT_AN_OBJECT,
    UNKNOWN_OP,
    MISSING_FIELD,
    WRONG_TYPE,
    UNKNOWN_EDITION,
    INVALID_VALUE,
    INTERNAL_ERROR,
)

#: Diagnostic code of a ``whatwg`` parse the URL Standard's parser rejects.
WHATWG_FAILURE: Final = "whatwg-failure"

#: Every operation the protocol answers, in the contract's order.
OPS: Final = (
    "parse",
    "analyze",
    "resolve",
    "normalize",
    "compare",
    "urn",
    "urn-equivalent",
    "extract",
    "qr",
)

#: ``format`` values of ``extract`` (protocol 1.1); all but ``text`` are answered by a
#: handler a higher layer registers (``uriinspector.sources.batch.register``).
EXTRACT_FORMATS: Final = ("text", "html", "eml")

#: Names accepted for ``edition`` (parse) and ``rules`` (resolve) come from core.editions.
URN_OBJECTIVES: Final = ("resource", "resolution")

_MESSAGE_LIMIT: Final = 500  # characters of an exception text quoted in internal-error
_JSON_WHITESPACE: Final = " \t\r\n"

Answer = dict[str, object]


class RequestError(Exception):
    """A request the protocol refuses: carries the stable ``code`` and a sentence."""

    def __init__(self, code: str, message: str) -> None:
        """Refuse with ``code`` and ``message``."""
        super().__init__(message)
        self.code = code
        self.message = message


# ---- framing ---------------------------------------------------------------------------


def error_answer(
    code: str, message: str, op: object = None, ident: object = None, *, has_id: bool = False
) -> Answer:
    """The contract's error object, tagged with ``op`` (or null) and the echoed ``id``."""
    answer: Answer = {}
    if has_id:
        answer["id"] = ident
    answer["op"] = op if isinstance(op, str) else None
    answer["error"] = {"code": code, "message": message}
    return answer


def is_error_answer(answer: Mapping[str, object]) -> bool:
    """Whether ``answer`` is a protocol error object (not a resolve answer's ``error``)."""
    return isinstance(answer.get("error"), dict) and set(answer) <= {"id", "op", "error"}


def _reject_constant(name: str) -> object:
    """``json.loads`` hook: NaN and Infinity are not JSON (RFC 8259 §6)."""
    raise ValueError(f"{name} is not a JSON number")


class JsonNumber(float):
    """A JSON number as read, kept with its exact text, so an ``id`` echoes byte for byte.

    ``1e400`` is a valid JSON number (RFC 8259 §6 sets no range) that a float makes
    infinite, and an integer over 4,300 digits is past what ``int()`` reads; both were
    lost (``internal-error``, ``invalid-json``). The value is ``float(token)``: any
    arithmetic or type check sees a number; :func:`encode_answer` writes ``token``.
    """

    __slots__ = ("token",)
    token: str

    def __new__(cls, token: str) -> JsonNumber:
        """The number spelled ``token`` (a JSON number token)."""
        self = super().__new__(cls, float(token))
        self.token = str(token)
        return self

    def __getnewargs__(self) -> tuple[str]:  # type: ignore[override]
        """Pickle by the token (float's own would pass the rounded value)."""
        return (self.token,)


def _read_int(token: str) -> object:
    """``json.loads`` hook: an ``int``, or a :class:`JsonNumber` when ``int()`` cannot
    hold the token exactly (over the digit limit, or ``-0``)."""
    if token == "-0":
        return JsonNumber(token)
    try:
        return int(token)
    except ValueError:  # Exceeds the limit (4300 digits) for integer string conversion
        return JsonNumber(token)


def _read_float(token: str) -> float:
    """``json.loads`` hook: a plain ``float`` when it writes back as ``token`` (``1.5``),
    else a :class:`JsonNumber` (``1e400``, ``1.50``, ``1E5``) that keeps the token."""
    value = float(token)
    return value if repr(value) == token else JsonNumber(token)


#: One decoder for every line: ``json.loads`` with hooks builds a new decoder (and its
#: scanner) per call, which cost a batch line more than decoding it (~12 us of ~16).
_DECODER: Final = json.JSONDecoder(
    parse_float=_read_float, parse_int=_read_int, parse_constant=_reject_constant
)


def decode_line(text: str) -> object:
    """One request line as JSON: numbers echo as written, huge integers are numbers,
    NaN/Infinity are refused (``ValueError``); deep nesting raises ``RecursionError``.
    Exactly ``json.loads`` with those hooks, its decoder built once."""
    if text.startswith("\ufeff"):  # as json.loads refuses it
        raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
    return _DECODER.decode(text)


def _blank(line: str) -> bool:
    return line.strip(_JSON_WHITESPACE) == ""


def handle_line(line: str | bytes) -> Answer | None:
    """Answer one line of JSON Lines input; None for a blank line. Never raises.

    ``bytes`` are decoded as strict UTF-8 (a line that is not UTF-8 gets an
    ``invalid-utf8`` answer); a leading byte order mark is ignored.
    """
    try:
        if isinstance(line, bytes | bytearray):
            raw = bytes(line)
            if not raw.strip(b" \t\r\n"):
                return None
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                return error_answer(
                    INVALID_UTF8,
                    f"line is not UTF-8: byte 0x{raw[exc.start]:02x} at offset {exc.start}"
                    f" ({exc.reason})",
                )
        else:
            text = line
        if text.startswith("\ufeff"):
            text = text[1:]
        if _blank(text):
            return None
        try:
            obj = decode_line(text)
        except RecursionError:
            return error_answer(INVALID_JSON, "line is not JSON: nested too deeply")
        except ValueError as exc:  # JSONDecodeError, NaN/Infinity, int too long
            return error_answer(INVALID_JSON, f"line is not JSON: {_clip(str(exc))}")
        return handle_request(obj)
    except Exception as exc:  # never abort the stream: any surprise is an answer
        return error_answer(INTERNAL_ERROR, _describe(exc))


def handle_request(obj: object) -> Answer:
    """Answer one decoded request (normally a ``dict``). Never raises."""
    if not isinstance(obj, dict):
        return error_answer(NOT_AN_OBJECT, f"a request must be a JSON object, not {_kind(obj)}")
    has_id = "id" in obj
    ident = obj.get("id")
    op = obj.get("op")
    try:
        if "op" not in obj:
            raise RequestError(MISSING_FIELD, 'missing field "op" (one of: ' + ", ".join(OPS) + ")")
        if not isinstance(op, str):
            raise RequestError(WRONG_TYPE, f'field "op" must be a string, not {_kind(op)}')
        handler = _HANDLERS.get(op)
        if handler is None:
            raise RequestError(
                UNKNOWN_OP, f"unknown op {_clip(op)!r} (known: " + ", ".join(OPS) + ")"
            )
        body = handler(obj)
    except RequestError as exc:
        return error_answer(exc.code, exc.message, op, ident, has_id=has_id)
    except Exception as exc:  # a core bug answers this line only
        return error_answer(INTERNAL_ERROR, _describe(exc), op, ident, has_id=has_id)
    # "id" (if sent) and "op" first, then the body's keys in order, the body's own "op"
    # and "id" never taking their place (a key assigned again keeps its position)
    answer: Answer = {"id": ident, "op": op} if has_id else {"op": op}
    answer.update(body)
    answer["op"] = op
    if has_id:
        answer["id"] = ident
    elif "id" in body:
        del answer["id"]
    return answer


def encode_answer(answer: Mapping[str, object]) -> str:
    r"""One answer as one line of ASCII JSON (lone surrogates go out as ``\udxxx``).

    An ``id`` holding a :class:`JsonNumber` is written with the request's own number
    text. Falls back to an ``internal-error`` object if the answer cannot be serialised.
    """
    try:
        return _dumps(answer)
    except (TypeError, ValueError, RecursionError) as exc:
        fallback = error_answer(INTERNAL_ERROR, "answer not serialisable: " + _describe(exc))
        if "id" in answer:
            try:
                return _dumps({"id": answer["id"], **fallback})
            except (TypeError, ValueError, RecursionError):
                pass
        return json.dumps(fallback, ensure_ascii=True)


def answer_line(line: str | bytes) -> bytes | None:
    """The whole batch step for one input line: its answer as UTF-8 JSON plus ``\n``,
    or ``None`` for a blank line. Never raises; shared by every loop that reads lines."""
    answer = handle_line(line)
    if answer is None:
        return None
    return encode_answer_line(answer)


def encode_answer_line(answer: Mapping[str, object]) -> bytes:
    r"""One batch answer as one line of UTF-8 JSON plus ``\n``.

    Protocol 1.2 frees an answer's bytes (key order, spacing, escaping), so ``orjson``
    writes it; what it refuses goes to :func:`encode_answer`, the standard encoder:
    lone surrogates (written as ``\udxxx`` escapes), integers over 64 bits, nesting
    over 254 levels, and an ``id`` kept as its request's number text.
    """
    if orjson is not None and not ("id" in answer and _holds_token(answer["id"])):
        try:
            return orjson.dumps(answer, option=orjson.OPT_APPEND_NEWLINE)
        except TypeError:  # orjson.JSONEncodeError: what the standard encoder handles
            pass
    return (encode_answer(answer) + "\n").encode("ascii")


#: ``json.dumps(..., ensure_ascii=True, allow_nan=False)`` without building an encoder
#: per answer (it keeps no state between calls: same text).
_ENCODER: Final = json.JSONEncoder(ensure_ascii=True, allow_nan=False)


def _dumps(answer: Mapping[str, object]) -> str:
    """``json.dumps`` of the answer, its ``id`` written exactly when it holds a number
    kept as text; raises as ``json.dumps`` does."""
    if "id" not in answer or not _holds_token(answer["id"]):
        return _ENCODER.encode(answer)
    rest = _ENCODER.encode({k: v for k, v in answer.items() if k != "id"})
    head = '{"id": ' + _dump_exact(answer["id"])
    return head + ("}" if rest == "{}" else ", " + rest[1:])


def _holds_token(value: object) -> bool:
    if isinstance(value, JsonNumber):
        return True
    if isinstance(value, dict):
        return any(_holds_token(v) for v in value.values())
    if isinstance(value, list | tuple):
        return any(_holds_token(v) for v in value)
    return False


def _dump_exact(value: object) -> str:
    """JSON for a decoded request value, numbers read as :class:`JsonNumber` as written."""
    if isinstance(value, JsonNumber):
        return value.token
    if isinstance(value, dict):
        if not all(isinstance(k, str) for k in value):
            raise TypeError("keys must be str")
        items = (json.dumps(k, ensure_ascii=True) + ": " + _dump_exact(v) for k, v in value.items())
        return "{" + ", ".join(items) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_dump_exact(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=True, allow_nan=False)


# ---- field access ----------------------------------------------------------------------


def _kind(value: object) -> str:
    """The JSON type name of a decoded value, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _clip(text: str) -> str:
    return text if len(text) <= _MESSAGE_LIMIT else text[:_MESSAGE_LIMIT] + "…"


def _describe(exc: BaseException) -> str:
    return _clip(f"{type(exc).__name__}: {exc}")


def _required_str(req: Mapping[str, object], name: str) -> str:
    if name not in req:
        raise RequestError(MISSING_FIELD, f'missing field "{name}"')
    value = req[name]
    if not isinstance(value, str):
        raise RequestError(WRONG_TYPE, f'field "{name}" must be a string, not {_kind(value)}')
    return value


def _optional_str(req: Mapping[str, object], name: str) -> str | None:
    value = req.get(name)
    if value is None:
        return None
    if not isinstance(value, str):
        raise RequestError(
            WRONG_TYPE, f'field "{name}" must be a string or null, not {_kind(value)}'
        )
    return value


def _choice(
    req: Mapping[str, object], name: str, known: tuple[str, ...], default: str, code: str
) -> str:
    value = _optional_str(req, name)
    if value is None:
        return default
    if value not in known:
        raise RequestError(
            code, f"unknown {name} {_clip(value)!r} (known: " + ", ".join(known) + ")"
        )
    return value


def _json_of(result: object) -> dict[str, Any]:
    """A core result's ``to_json()``, checked to be a JSON object."""
    to_json = getattr(result, "to_json", None)
    if to_json is None:
        raise TypeError(f"{type(result).__name__} has no to_json()")
    data = to_json()
    if not isinstance(data, dict):
        raise TypeError(f"{type(result).__name__}.to_json() returned {type(data).__name__}")
    return data


# ---- operations ------------------------------------------------------------------------


def answer_parse(text: str, edition: str = "rfc3986", base: str | None = None) -> Answer:
    """The ``parse`` answer for ``text`` under ``edition`` (``base``: whatwg only)."""
    from uriinspector.core import parse as parse_mod

    if edition != "whatwg":
        data = _json_of(parse_mod.parse(text, edition))
        data["edition"] = edition
        return data
    from uriinspector.core import whatwg as whatwg_mod

    data = _json_of(parse_mod.parse(text, "rfc3986"))
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


_WHATWG_HOST_KINDS: Final = {"domain": "reg-name", "ipv4": "ipv4", "ipv6": "ipv6"}


def answer_resolve(base: str, ref: str, rules: str = "rfc3986", *, strict: bool = True) -> Answer:
    """The ``resolve`` answer; ``strict=False`` is RFC 3986 §5.2.2's non-strict parser."""
    from uriinspector.core import resolve as resolve_mod

    data = _json_of(resolve_mod.resolve(base, ref, rules, strict=strict))
    data["rules"] = rules
    return data


def _op_parse(req: Mapping[str, object]) -> Answer:
    text = _required_str(req, "input")
    edition = _choice(req, "edition", PARSE_EDITIONS, "rfc3986", UNKNOWN_EDITION)
    base = _optional_str(req, "base")
    return answer_parse(text, edition, base)


def _op_analyze(req: Mapping[str, object]) -> Answer:
    text = _required_str(req, "input")
    from uriinspector.core import analysis

    return _json_of(analysis.analyze(text))


def _op_resolve(req: Mapping[str, object]) -> Answer:
    base = _required_str(req, "base")
    ref = _required_str(req, "ref")
    rules = _choice(req, "rules", RULE_SETS, "rfc3986", UNKNOWN_EDITION)
    return answer_resolve(base, ref, rules)


def _op_normalize(req: Mapping[str, object]) -> Answer:
    text = _required_str(req, "input")
    from uriinspector.core import normalize

    return _json_of(normalize.normalize(text))


def _op_compare(req: Mapping[str, object]) -> Answer:
    a = _required_str(req, "a")
    b = _required_str(req, "b")
    from uriinspector.core import compare

    return _json_of(compare.compare(a, b))


def _op_urn(req: Mapping[str, object]) -> Answer:
    text = _required_str(req, "input")
    from uriinspector.core import urn

    return _json_of(urn.parse_urn(text))


def _op_urn_equivalent(req: Mapping[str, object]) -> Answer:
    a = _required_str(req, "a")
    b = _required_str(req, "b")
    objective = _choice(req, "objective", URN_OBJECTIVES, "resource", INVALID_VALUE)
    from uriinspector.core import urn

    equivalent = urn.urn_equivalent(a, b, "resolution" if objective == "resolution" else "resource")
    return {"a": a, "b": b, "equivalent": bool(equivalent)}


def _op_extract(req: Mapping[str, object]) -> Answer:
    if "data" in req and "text" not in req:  # protocol 1.2: a document's bytes
        return _registered("extract:data")(req)
    text = _required_str(req, "text")
    fmt = _choice(req, "format", EXTRACT_FORMATS, "text", INVALID_VALUE)
    if fmt != "text":
        return _registered("extract:" + fmt)(req)
    from uriinspector.core import extract

    found = extract.extract(text)
    return {"uris": [{"uri": e.uri, "start": e.span.start, "end": e.span.end} for e in found]}


def _op_qr(req: Mapping[str, object]) -> Answer:
    return _registered("qr")(req)


Handler = Callable[[Mapping[str, object]], Answer]

#: Handlers of the 1.1 document operations, registered from above (the core cannot
#: import ``uriinspector.sources``): keys ``qr``, ``extract:html``, ``extract:eml``.
_REGISTERED: dict[str, Handler] = {}


def register_handler(name: str, handler: Handler) -> None:
    """Answer ``name`` (``qr``, ``extract:html``, ``extract:eml``) with ``handler``.

    A handler gets the request object and returns the answer's body; it raises
    ``RequestError`` for a field error and may raise anything else (internal-error).
    """
    _REGISTERED[name] = handler


def _registered(name: str) -> Handler:
    handler = _REGISTERED.get(name)
    if handler is None:
        raise RequestError(
            INTERNAL_ERROR,
            f"{name} needs the document readers (uriinspector.sources), which are not loaded",
        )
    return handler


_HANDLERS: Final[dict[str, Handler]] = {
    "parse": _op_parse,
    "analyze": _op_analyze,
    "resolve": _op_resolve,
    "normalize": _op_normalize,
    "compare": _op_compare,
    "urn": _op_urn,
    "urn-equivalent": _op_urn_equivalent,
    "extract": _op_extract,
    "qr": _op_qr,
}
