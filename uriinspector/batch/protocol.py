"""Batch protocol v1: one JSON request object in, one JSON answer object out.

This module is the pure half of ``uriinspector batch`` (docs/contract/batch-protocol.md):
it turns a line (``str`` or ``bytes``) or an already-decoded request into an answer
``dict`` and the answer into its line, and never raises. Which handler answers an op
is :data:`uriinspector.batch.ops.OP_TABLE`; reading stdin and writing stdout belong
to the ``batch`` command (``cli/batch.py``) and ``batch/parallel.py``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Final

try:  # a C encoder, 5-10x the standard one on analyze answers; optional at run time
    import orjson
except ImportError:  # pragma: no cover - a dependency; the standard encoder serves alone
    orjson = None  # type: ignore[assignment]

from uriinspector.batch.documents import EXTRACT_FORMATS
from uriinspector.batch.fields import (
    ERROR_CODES,
    INTERNAL_ERROR,
    INVALID_JSON,
    INVALID_UTF8,
    INVALID_VALUE,
    MISSING_FIELD,
    NOT_AN_OBJECT,
    UNKNOWN_EDITION,
    UNKNOWN_OP,
    WRONG_TYPE,
    Answer,
    Handler,
    RequestError,
    clip,
    describe,
    kind_of,
)
from uriinspector.batch.ops import OP_TABLE, OPS
from uriinspector.batch.repeats import COMPACT_HEAD, AnswerStore
from uriinspector.batch.uri_ops import (
    URN_OBJECTIVES,
    WHATWG_FAILURE,
    analyze_json,
    op_analyze,
)
from uriinspector.core.editions import PARSE_EDITIONS, RULE_SETS

__all__ = [
    "ERROR_CODES",
    "EXTRACT_FORMATS",
    "INTERNAL_ERROR",
    "INVALID_JSON",
    "INVALID_UTF8",
    "INVALID_VALUE",
    "MISSING_FIELD",
    "NOT_AN_OBJECT",
    "OPS",
    "PARSE_EDITIONS",
    "PROTOCOL_VERSION",
    "RULE_SETS",
    "UNKNOWN_EDITION",
    "UNKNOWN_OP",
    "URN_OBJECTIVES",
    "WHATWG_FAILURE",
    "WRONG_TYPE",
    "Answer",
    "Handler",
    "JsonNumber",
    "RequestError",
    "answer_line",
    "decode_line",
    "encode_answer",
    "encode_answer_line",
    "error_answer",
    "handle_line",
    "handle_request",
    "is_error_answer",
]

#: Version of the batch interface (the contract's ``"v"``).
PROTOCOL_VERSION: Final = 1

_JSON_WHITESPACE: Final = " \t\r\n"


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
    Exactly ``json.loads`` with those hooks, its decoder built once; a flat object of
    strings, booleans, nulls and integers (the usual request) is read by ``orjson``
    (~1 us instead of ~2.5), which gives the same dict for those."""
    if text.startswith("\ufeff"):  # as json.loads refuses it
        raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
    if orjson is not None:
        try:
            obj = orjson.loads(text)
        except orjson.JSONDecodeError:
            pass  # the standard decoder says what is wrong, in its words
        else:
            if type(obj) is dict and _plain(obj):
                return obj
    return _DECODER.decode(text)


def _plain(obj: dict[str, object]) -> bool:
    """Whether ``orjson`` reads each value of this request as the hooked decoder does: a
    string, true/false/null, or a non-zero integer (``orjson`` reads ``-0`` as ``0``,
    integers over 64 bits as floats, and floats without their text; containers are not
    looked into). Anything else is decoded again by the standard decoder. One loop, no
    call per value: every line of a batch passes here."""
    for value in obj.values():
        kind = type(value)
        if not (kind is str or value is None or kind is bool or (kind is int and value != 0)):
            return False
    return True


def _blank(line: str) -> bool:
    return line.strip(_JSON_WHITESPACE) == ""


class _Refused:
    """What :func:`_read` gives for a line that is no request: its answer (None: blank)."""

    __slots__ = ("answer",)

    def __init__(self, answer: Answer | None) -> None:
        """The line's answer (None for a blank line)."""
        self.answer = answer


_BLANK_LINE: Final = _Refused(None)


def _read(line: str | bytes) -> object:
    """One line's decoded request, or a :class:`_Refused` (blank, not UTF-8, not JSON)."""
    if isinstance(line, bytes | bytearray):
        raw = bytes(line)
        if not raw.strip(b" \t\r\n"):
            return _BLANK_LINE
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            return _Refused(
                error_answer(
                    INVALID_UTF8,
                    f"line is not UTF-8: byte 0x{raw[exc.start]:02x} at offset {exc.start}"
                    f" ({exc.reason})",
                )
            )
    else:
        text = line
    if text.startswith("\ufeff"):
        text = text[1:]
    if _blank(text):
        return _BLANK_LINE
    try:
        return decode_line(text)
    except RecursionError:
        return _Refused(error_answer(INVALID_JSON, "line is not JSON: nested too deeply"))
    except ValueError as exc:  # JSONDecodeError, NaN/Infinity, int too long
        return _Refused(error_answer(INVALID_JSON, f"line is not JSON: {clip(str(exc))}"))


def handle_line(line: str | bytes) -> Answer | None:
    """Answer one line of JSON Lines input; None for a blank line. Never raises.

    ``bytes`` are decoded as strict UTF-8 (a line that is not UTF-8 gets an
    ``invalid-utf8`` answer); a leading byte order mark is ignored.
    """
    try:
        obj = _read(line)
        if type(obj) is _Refused:
            return obj.answer
        return handle_request(obj)
    except Exception as exc:  # never abort the stream: any surprise is an answer
        return error_answer(INTERNAL_ERROR, describe(exc))


def handle_request(obj: object) -> Answer:
    """Answer one decoded request (normally a ``dict``). Never raises."""
    if not isinstance(obj, dict):
        return error_answer(NOT_AN_OBJECT, f"a request must be a JSON object, not {kind_of(obj)}")
    has_id = "id" in obj
    ident = obj.get("id")
    op = obj.get("op")
    try:
        if "op" not in obj:
            raise RequestError(MISSING_FIELD, 'missing field "op" (one of: ' + ", ".join(OPS) + ")")
        if not isinstance(op, str):
            raise RequestError(WRONG_TYPE, f'field "op" must be a string, not {kind_of(op)}')
        handler = OP_TABLE.get(op)
        if handler is None:
            raise RequestError(
                UNKNOWN_OP, f"unknown op {clip(op)!r} (known: " + ", ".join(OPS) + ")"
            )
        body = handler(obj)
    except RequestError as exc:
        return error_answer(exc.code, exc.message, op, ident, has_id=has_id)
    except Exception as exc:  # a core bug answers this line only
        return error_answer(INTERNAL_ERROR, describe(exc), op, ident, has_id=has_id)
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
        fallback = error_answer(INTERNAL_ERROR, "answer not serialisable: " + describe(exc))
        if "id" in answer:
            try:
                return _dumps({"id": answer["id"], **fallback})
            except (TypeError, ValueError, RecursionError):
                pass
        return json.dumps(fallback, ensure_ascii=True)


def answer_line(line: str | bytes) -> bytes | None:
    """The whole batch step for one input line: its answer as UTF-8 JSON plus ``\n``,
    or ``None`` for a blank line. Never raises; shared by every loop that reads lines.
    A plain ``analyze`` request whose input came before is answered from
    :data:`REPEATS` (the same bytes)."""
    try:
        obj: object = _read_plain(line) if type(line) is bytes and orjson is not None else None
        if obj is None:
            obj = _read(line)
            if type(obj) is _Refused:
                return None if obj.answer is None else encode_answer_line(obj.answer)
        if type(obj) is dict and obj.get("op") == "analyze" and orjson is not None:
            repeated = _repeated_analyze(obj)
            if repeated is not None:
                return repeated
        answer = handle_request(obj)
    except Exception as exc:  # never abort the stream: any surprise is an answer
        answer = error_answer(INTERNAL_ERROR, describe(exc))
    return encode_answer_line(answer)


def _read_plain(line: bytes) -> dict[str, object] | None:
    """The request of a line read straight from its bytes when it is a flat object of
    :func:`_plain` values (the usual request), else None (:func:`_read` reads it).
    ``orjson`` refuses what is not UTF-8, a byte order mark and a blank line, so such
    a line is one :func:`_read` decodes to the very same dict (``decode_line`` takes
    ``orjson``'s reading of these too), without the line decoded and stripped first."""
    try:
        obj = orjson.loads(line)
    except orjson.JSONDecodeError:
        return None
    return obj if type(obj) is dict and _plain(obj) else None


#: Encoded ``analyze`` answers by input, for the inputs a batch repeats (per process).
REPEATS: Final = AnswerStore()
#: ``id`` values written by ``orjson`` exactly as the standard path writes them.
_PLAIN_IDS: Final = (str, int, bool, type(None))


def _analyze_without_id(text: str) -> bytes:
    """The ``analyze`` answer line of ``text`` for a request without ``id``. While the
    op table holds :func:`op_analyze`, the analysis's own ``to_json()`` is encoded
    directly (its first key is ``op``: the very dict :func:`handle_request` makes);
    the full path answers when that raises or the compact encoder refuses it (an
    internal error, a lone surrogate), or when the table holds another handler."""
    if OP_TABLE.get("analyze") is op_analyze:
        try:
            return orjson.dumps(analyze_json(text), option=orjson.OPT_APPEND_NEWLINE)
        except Exception:  # the full path answers it, error or not
            pass
    return encode_answer_line(handle_request({"op": "analyze", "input": text}))


def _repeated_analyze(obj: dict[str, object]) -> bytes | None:
    """The line for a plain ``analyze`` request through :data:`REPEATS`, or None when the
    request is not plain (other keys, an ``input`` that is no string, an ``id`` that is
    not a string, integer, boolean or null) or its line cannot be spliced."""
    text = obj.get("input")
    has_id = "id" in obj
    # the keys are op, input and maybe id: counted, not compared as sets
    if type(text) is not str or len(obj) != 2 + has_id or "op" not in obj:
        return None
    if not has_id:
        return REPEATS.line(text, _analyze_without_id)
    ident = obj["id"]
    if type(ident) not in _PLAIN_IDS or (type(ident) is int and not _INT_LOW <= ident <= _INT_HIGH):
        return None
    body = REPEATS.line(text, _analyze_without_id)
    if not body.startswith(COMPACT_HEAD):
        return None  # written by the standard encoder: answered in full
    try:
        head = orjson.dumps(ident)
    except TypeError:  # a lone surrogate in the id: the standard encoder writes the answer
        return None
    return b'{"id":' + head + b"," + body[1:]


#: The integers ``orjson`` writes (64-bit signed and unsigned).
_INT_LOW: Final = -(1 << 63)
_INT_HIGH: Final = (1 << 64) - 1


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
