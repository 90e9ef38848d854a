"""The batch protocol's 1.1 document operations: ``extract`` of ``html``/``eml``, and ``qr``.

``core.protocol`` stays pure and cannot import this package (layers point down), so it
keeps a small registry; :func:`register` puts these handlers in it. ``cli.py`` calls it
before it answers batch lines. Field errors use the protocol's own ``RequestError``.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping

from uriinspector.batch import protocol
from uriinspector.batch.protocol import INVALID_VALUE, Answer, RequestError


def _document_answer(req: Mapping[str, object], fmt: str) -> Answer:
    text = req.get("text")
    if not isinstance(text, str):  # checked by the protocol already; kept for direct calls
        raise RequestError(protocol.WRONG_TYPE, 'field "text" must be a string')
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
        raise RequestError(protocol.WRONG_TYPE, 'field "data" must be a base64 string')
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
        raise RequestError(protocol.WRONG_TYPE, 'field "name" must be a string')
    passwords = req.get("passwords", [])
    if not isinstance(passwords, list) or not all(isinstance(p, str) for p in passwords):
        raise RequestError(protocol.WRONG_TYPE, 'field "passwords" must be a list of strings')
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
        raise RequestError(protocol.MISSING_FIELD, 'missing field "image"')
    if not isinstance(image, str):
        raise RequestError(protocol.WRONG_TYPE, 'field "image" must be a base64 string')
    try:
        data = base64.b64decode("".join(image.split()), validate=True)
    except (binascii.Error, ValueError) as exc:
        raise RequestError(INVALID_VALUE, f'field "image" is not base64: {exc}') from None
    from uriinspector.sources.qr import QrError, read_codes

    result = read_codes(data)
    if isinstance(result, QrError):
        raise RequestError(INVALID_VALUE, f'field "image": {result.message}')
    return {"codes": [code.to_json() for code in result]}


def register() -> None:
    """Let ``core.protocol`` answer the 1.1 document operations (idempotent)."""
    protocol.register_handler("extract:html", answer_extract_html)
    protocol.register_handler("extract:eml", answer_extract_eml)
    protocol.register_handler("qr", answer_qr)
    protocol.register_handler("extract:data", answer_extract_data)
