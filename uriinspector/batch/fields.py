"""What every batch op shares: the stable error codes, ``RequestError``, and the typed
reading of a request's fields (docs/contract/batch-protocol.md, "Errors").

The op handlers (``uri_ops``, ``documents``) and the framing (``protocol``) import it;
it imports nothing of theirs, so the op table and the framing never form a circle.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

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

MESSAGE_LIMIT: Final = 500  # characters of an exception text quoted in internal-error

Answer = dict[str, object]
#: An op's handler: the request object in, the answer's body out. It raises
#: ``RequestError`` for a field error and may raise anything else (internal-error).
Handler = Callable[[Mapping[str, object]], Answer]


class RequestError(Exception):
    """A request the protocol refuses: carries the stable ``code`` and a sentence."""

    def __init__(self, code: str, message: str) -> None:
        """Refuse with ``code`` and ``message``."""
        super().__init__(message)
        self.code = code
        self.message = message


def kind_of(value: object) -> str:
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


def clip(text: str) -> str:
    """``text`` cut to :data:`MESSAGE_LIMIT` characters (an ellipsis marks the cut)."""
    return text if len(text) <= MESSAGE_LIMIT else text[:MESSAGE_LIMIT] + "…"


def describe(exc: BaseException) -> str:
    """An exception as an ``internal-error`` message: its type and text, clipped."""
    return clip(f"{type(exc).__name__}: {exc}")


def required_str(req: Mapping[str, object], name: str) -> str:
    """The string field ``name``: missing-field or wrong-type otherwise."""
    if name not in req:
        raise RequestError(MISSING_FIELD, f'missing field "{name}"')
    value = req[name]
    if not isinstance(value, str):
        raise RequestError(WRONG_TYPE, f'field "{name}" must be a string, not {kind_of(value)}')
    return value


def optional_str(req: Mapping[str, object], name: str) -> str | None:
    """The string field ``name``, None when absent or null; wrong-type otherwise."""
    value = req.get(name)
    if value is None:
        return None
    if not isinstance(value, str):
        raise RequestError(
            WRONG_TYPE, f'field "{name}" must be a string or null, not {kind_of(value)}'
        )
    return value


def choice(
    req: Mapping[str, object], name: str, known: tuple[str, ...], default: str, code: str
) -> str:
    """The field ``name``, one of ``known`` (``default`` when absent); ``code`` otherwise."""
    value = optional_str(req, name)
    if value is None:
        return default
    if value not in known:
        raise RequestError(
            code, f"unknown {name} {clip(value)!r} (known: " + ", ".join(known) + ")"
        )
    return value


def json_of(result: object) -> dict[str, Any]:
    """A core result's ``to_json()``, checked to be a JSON object."""
    to_json = getattr(result, "to_json", None)
    if to_json is None:
        raise TypeError(f"{type(result).__name__} has no to_json()")
    data = to_json()
    if not isinstance(data, dict):
        raise TypeError(f"{type(result).__name__}.to_json() returned {type(data).__name__}")
    return data
