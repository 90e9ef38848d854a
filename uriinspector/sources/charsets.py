"""Bytes to text under the charset a mail declares, never failing (issue 20, item 2).

A declared charset is only a claim. One that Python does not know, or one that is a
Python codec but no mail charset (``punycode``, ``idna``, ``unicode_escape``: their
decoders either fail on any ordinary text or are quadratic), is reported and the text is
read as the undeclared fallback: UTF-8 when the bytes are valid UTF-8, else cp1252 with
replacement (the WHATWG Encoding Standard's reading of "latin1", §4.2). No codec failure
ever reaches the caller.
"""

from __future__ import annotations

import codecs
from typing import Final

#: Python codecs that are no charset a mail or page can declare (RFC 2978 registers
#: charsets; these transform text, encode host names or escape sequences).
_NOT_CHARSETS: Final = frozenset(
    {"punycode", "idna", "unicode-escape", "raw-unicode-escape", "undefined", "mbcs",
     "oem", "utf-8-sig"}
)
_SHOWN: Final = 40  # characters of a bad charset name quoted in a message


def fallback(data: bytes) -> str:
    """``data`` as UTF-8 when it is valid UTF-8, else as cp1252 (bytes it lacks: U+FFFD)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", "replace")


def codec_of(charset: str) -> str | None:
    """Python's codec name for the mail charset ``charset``, or None when it is none."""
    try:
        info = codecs.lookup(charset)
    except (LookupError, ValueError, TypeError):
        return None
    name = info.name
    if name.replace("_", "-") in _NOT_CHARSETS or not getattr(info, "_is_text_encoding", True):
        return None
    return name


def quoted(charset: str) -> str:
    """A charset name fit for a message: cut to a few dozen characters."""
    return repr(charset if len(charset) <= _SHOWN else charset[:_SHOWN] + "…")


def decode(data: bytes, charset: str | None) -> tuple[str, tuple[str, str] | None]:
    """``data`` as text under ``charset``, and ``(code, message)`` when the charset failed.

    The codes are the mail reader's: ``unknown-charset`` (not a charset: read as the
    fallback) and ``bad-charset`` (bytes invalid in it: shown as U+FFFD).
    """
    if not charset:
        return fallback(data), None
    codec = codec_of(charset)
    if codec is None:
        return fallback(data), (
            "unknown-charset",
            f"The charset {quoted(charset)} is unknown; the text was read as UTF-8 "
            "(or cp1252 where it is not UTF-8).",
        )
    try:
        return data.decode(codec), None
    except UnicodeDecodeError:
        pass
    except Exception:  # a codec that fails otherwise: the fallback reads the part
        return fallback(data), (
            "unknown-charset",
            f"The charset {quoted(charset)} could not decode the text; it was read as UTF-8 "
            "(or cp1252 where it is not UTF-8).",
        )
    if codec in ("ascii", "utf-8"):
        return fallback(data), None
    try:
        text = data.decode(codec, "replace")
    except Exception:
        text = fallback(data)
    return text, (
        "bad-charset",
        f"The text is not valid {codec}; undecodable bytes are shown as �.",
    )


__all__ = ["codec_of", "decode", "fallback", "quoted"]
