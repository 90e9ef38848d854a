"""``extract --json``: one JSON line per link, the same bytes as encoding its object whole.

:func:`link_json` is the line's object (the contract's ``extract`` entry keys, ``final``
included, plus file, message, the mail's headers, where the link goes, the verdict, its
reason and finding codes). :func:`document_lines` writes a document's lines without
building those objects: what the document says (file, message, headers, the mail's
context) is encoded once per document, what the target says (hosts, verdict, codes) once
per distinct target (and context, for a link whose text shows another site; both caches
bounded), and only the link's own fields per link. The text is byte for byte
``json.dumps(link_json(link, doc), ensure_ascii=True)`` (tested), which is what
``batch.protocol.encode_answer`` writes for it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Final

from uriinspector.core.analysis import Analysis, effective_host_of
from uriinspector.core.verdict import LinkContext
from uriinspector.core.whatwg import read_whatwg
from uriinspector.sources.documents import link_analysis, link_verdict, target_analysis
from uriinspector.sources.mismatch import carried_final, domain_of_url
from uriinspector.sources.model import Document, Link

#: ``batch.protocol.encode_answer``'s encoder for an answer without ``id``: ASCII, default
#: separators (``", "`` and ``": "``), no NaN.
_ENCODER: Final = json.JSONEncoder(ensure_ascii=True, allow_nan=False)
_STRING: Final = json.encoder.encode_basestring_ascii
#: Distinct targets whose encoded hosts, verdict and codes are kept (~300 bytes each).
TARGET_CACHE: Final = 8192


def host_of(url: str) -> str | None:
    """The host a browser contacts for ``url``, None when it contacts none."""
    return effective_host_of(read_whatwg(url))


def goes_to(link: Link) -> str:
    """Where the link really goes: the registrable domain of its end (or its host)."""
    return _domain_of_end(link.final or link.target)


def _domain_of_end(end: str) -> str:
    """The registrable domain of a link's end, else its host, else ``-``."""
    return domain_of_url(end) or host_of(end) or "-"


def _goes_to(link: Link, a: Analysis, final: str | None) -> str:
    """:func:`goes_to` for ``link`` analysed as ``a``, ``final`` its last destination
    (``link.final``): a link that carries no other end goes to its target, whose
    registrable domain and host ``a`` already holds (the same reading:
    :func:`~uriinspector.sources.mismatch.domain_of_url`'s, mailto: aside)."""
    if final is None and link.target[:7].lower() != "mailto:":
        return a.registrable_domain or a.effective_host or "-"
    return _domain_of_end(final or link.target)


def link_json(link: Link, doc: Document) -> dict[str, object]:
    """One ``--json`` line's object for ``link`` of ``doc`` (its verdict and reason read
    in the document, as :func:`~uriinspector.sources.documents.with_verdicts` fills them)."""
    said = _target_values(link)
    data = link.to_json()
    data["target"] = link.target
    data["file"] = doc.source
    data["message"] = doc.index
    data["subject"] = doc.subject
    data["from"] = doc.sender
    data["date"] = doc.date
    data.update(said)
    data["mail"] = doc.mail.to_json() if doc.mail is not None else None
    return data


def _target_values(link: Link) -> dict[str, object]:
    """The fields of ``link``'s line that its target and what the document showed say
    (``_TARGET_KEYS``, in order): all a line's cache of a target needs built."""
    verdict = link_verdict(link)
    a = link_analysis(link)
    # ``link.final``, read from the target's analysis's own chain (the same end)
    where = _goes_to(link, a, carried_final(link.target, target_analysis))
    return {
        "effective_host": a.effective_host,
        "registrable_domain": a.registrable_domain,
        "final_domain": where if where != "-" else None,
        "verdict": verdict.level,
        "reason": verdict.reasons[0] if verdict.reasons else None,
        "codes": [f.code for f in a.findings],
    }


def _value(value: str | int | bool | None) -> str:
    """One scalar as the encoder writes it."""
    if isinstance(value, str):
        return _STRING(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    return int.__repr__(value)


def _encoded(value: object) -> str:
    """``value`` as the encoder writes it (a scalar by :func:`_value`, without the
    encoder's general path: a document's index, a missing header or reason)."""
    if value is None or isinstance(value, (str, int)):
        return _value(value)
    return _ENCODER.encode(value)


def _fields(data: Mapping[str, object], keys: tuple[str, ...]) -> str:
    """``"key": value, …`` of ``keys`` of ``data``, as inside the encoded object."""
    return ", ".join(f'"{key}": {_encoded(data[key])}' for key in keys)


_DOC_KEYS: Final = ("file", "message", "subject", "from", "date")
_TARGET_KEYS: Final = ("effective_host", "registrable_domain", "final_domain", "verdict",
                       "reason", "codes")


@lru_cache(maxsize=TARGET_CACHE)
def _target_fields(target: str) -> str:
    """The encoded fields a link without a mismatch takes from its target alone."""
    bare = Link(uri=target, raw=target, target=target, kind="href")
    return _fields(_target_values(bare), _TARGET_KEYS)


#: The same fields of links with a mismatch, by target and what the document showed
#: (the verdict's first reason names the shown domain); emptied when full.
_judged: dict[tuple[str, LinkContext], str] = {}


def _judged_fields(link: Link) -> str:
    """The encoded fields a link with a mismatch takes from its target and context."""
    key = (link.target, link.context())
    found = _judged.get(key)
    if found is None:
        if len(_judged) >= TARGET_CACHE:
            _judged.clear()
        found = _judged[key] = _fields(_target_values(link), _TARGET_KEYS)
    return found


def clear_caches() -> None:
    """Forget every target's encoded fields (a test counting analyses starts afresh)."""
    _target_fields.cache_clear()
    _judged.clear()


def document_lines(doc: Document) -> str:
    """Every link of ``doc`` as its ``--json`` line (each ending in a newline)."""
    if not doc.links:
        return ""
    head = {"file": doc.source, "message": doc.index, "subject": doc.subject,
            "from": doc.sender, "date": doc.date}
    middle = ", " + _fields(head, _DOC_KEYS) + ", "
    mail = _ENCODER.encode(doc.mail.to_json() if doc.mail is not None else None)
    out: list[str] = []
    for link in doc.links:
        span = link.span
        target = link.target
        judged = _judged_fields(link) if link.mismatch else _target_fields(target)
        uri = _STRING(link.uri)
        final = carried_final(target, target_analysis)
        display = link.display
        out.append(
            f'{{"uri": {uri}, '
            + ('"start": null, "end": null, ' if span is None else
               f'"start": {_value(span.start)}, "end": {_value(span.end)}, ')
            + f'"part": {_STRING(link.part or "")}, '
            f'"display": {"null" if display is None else _STRING(display)}, '
            f'"mismatch": {"true" if link.mismatch else "false"}, '
            f'"final": {uri if final is None else _STRING(final)}, '
            f'"target": {uri if target == link.uri else _STRING(target)}{middle}{judged}, '
            f'"mail": {mail}}}\n'
        )
    return "".join(out)


__all__ = ["TARGET_CACHE", "clear_caches", "document_lines", "goes_to", "host_of", "link_json"]
