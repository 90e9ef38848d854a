"""The batch ops on documents: ``extract`` (plain text, ``html``, ``eml``, and any
document's bytes in ``data``, protocol 1.2) and ``qr``.

The readers of :mod:`uriinspector.sources` are imported inside each op, on first use:
the package pulls in the mail and HTML readers (~0.4 s), which a batch of ``parse``
lines never needs. Field errors use the protocol's own ``RequestError``.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping
from typing import Final

from uriinspector.batch.fields import (
    INVALID_VALUE,
    MISSING_FIELD,
    WRONG_TYPE,
    Answer,
    RequestError,
    choice,
    required_str,
)
from uriinspector.batch.uri_ops import answer_extract_text

#: ``format`` values of ``extract`` given ``text`` (protocol 1.1).
EXTRACT_FORMATS: Final = ("text", "html", "eml")


def op_extract(req: Mapping[str, object]) -> Answer:
    """``{"op": "extract", ...}``: a document's bytes (``data``, protocol 1.2), else
    ``text`` read as plain text (the core) or as ``html``/``eml`` (protocol 1.1)."""
    if "data" in req and "text" not in req:
        return answer_extract_data(req)
    text = required_str(req, "text")
    fmt = choice(req, "format", EXTRACT_FORMATS, "text", INVALID_VALUE)
    if fmt == "html":
        return answer_extract_html(req)
    if fmt == "eml":
        return answer_extract_eml(req)
    return answer_extract_text(text)


def _document_answer(req: Mapping[str, object], fmt: str) -> Answer:
    text = req.get("text")
    if not isinstance(text, str):  # checked by the protocol already; kept for direct calls
        raise RequestError(WRONG_TYPE, 'field "text" must be a string')
    if fmt == "html":
        from uriinspector.sources.html import extract_html

        doc = extract_html(text)
        uris = [link.to_json(with_part=False) for link in doc.links]
    else:
        from uriinspector.sources.mail import extract_eml

        doc = extract_eml(text)
        uris = [link.to_json() for link in doc.links]
    answer: Answer = {"uris": uris}
    if doc.problems:
        answer["problems"] = [p.to_json() for p in doc.problems]
    return answer


def answer_extract_html(req: Mapping[str, object]) -> Answer:
    """``{"op": "extract", "format": "html"}``: link targets with offsets into ``T``."""
    return _document_answer(req, "html")


def answer_extract_eml(req: Mapping[str, object]) -> Answer:
    """``{"op": "extract", "format": "eml"}``: links per MIME part, offsets null."""
    return _document_answer(req, "eml")


#: Largest document accepted in one request (decoded bytes); the batch reads one line at
#: a time, so a line is at most this much base64 and a little more.
MAX_DATA_BYTES = 64 * 1024 * 1024


def answer_extract_data(req: Mapping[str, object]) -> Answer:
    """``{"op": "extract", "data": B64, "format"?, "name"?, "passwords"?}`` (protocol 1.2):
    a document of any format, read from its bytes, nested documents included."""
    raw = req.get("data")
    if not isinstance(raw, str):
        raise RequestError(WRONG_TYPE, 'field "data" must be a base64 string')
    if len(raw) > MAX_DATA_BYTES * 4 // 3 + 4096:
        raise RequestError(INVALID_VALUE, f'field "data" holds more than {MAX_DATA_BYTES:,} '
                           "bytes")
    try:
        data = base64.b64decode("".join(raw.split()), validate=True)
    except (binascii.Error, ValueError) as exc:
        raise RequestError(INVALID_VALUE, f'field "data" is not base64: {exc}') from None
    from uriinspector.sources.documents import read_document
    from uriinspector.sources.formats import FORMATS

    fmt = req.get("format", "auto")
    if not isinstance(fmt, str) or (fmt != "auto" and fmt not in FORMATS):
        raise RequestError(INVALID_VALUE, 'field "format" must be "auto" or one of: '
                           + ", ".join(FORMATS))
    name = req.get("name", "document")
    if not isinstance(name, str):
        raise RequestError(WRONG_TYPE, 'field "name" must be a string')
    passwords = req.get("passwords", [])
    if not isinstance(passwords, list) or not all(isinstance(p, str) for p in passwords):
        raise RequestError(WRONG_TYPE, 'field "passwords" must be a list of strings')
    doc = read_document(data, name or "document", fmt=fmt, passwords=tuple(passwords))
    answer: Answer = {"format": doc.format or "unknown",
                      "uris": [link.to_json(with_how=True) for link in doc.links]}
    if doc.problems:
        answer["problems"] = [p.to_json() for p in doc.problems]
    return answer


def answer_qr(req: Mapping[str, object]) -> Answer:
    """``{"op": "qr", "image": B64}``: every barcode, QR first; a bad image is an error."""
    image = req.get("image")
    if "image" not in req:
        raise RequestError(MISSING_FIELD, 'missing field "image"')
    if not isinstance(image, str):
        raise RequestError(WRONG_TYPE, 'field "image" must be a base64 string')
    try:
        data = base64.b64decode("".join(image.split()), validate=True)
    except (binascii.Error, ValueError) as exc:
        raise RequestError(INVALID_VALUE, f'field "image" is not base64: {exc}') from None
    from uriinspector.sources.qr import QrError, read_codes

    result = read_codes(data)
    if isinstance(result, QrError):
        raise RequestError(INVALID_VALUE, f'field "image": {result.message}')
    return {"codes": [code.to_json() for code in result]}
