"""Suspicious-link findings: every trick that hides where a link really goes.

``detect(ref, whatwg)`` runs each detector family on the RFC 3986 split of the input
and the browser's (WHATWG) reading of it, and returns the findings sorted by span.
Codes are the batch contract's (shared/contract/batch-protocol.md, ``analyze``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Final, NamedTuple, Protocol

from uriinspector.core.findings.base import (
    CODES,
    SEVERITY_RANK,
    Finding,
    FindingSeverity,
)
from uriinspector.core.findings.characters import detect_characters
from uriinspector.core.findings.differential import detect_differential
from uriinspector.core.findings.differential import silent as differential_silent
from uriinspector.core.findings.embedded import detect_embedded
from uriinspector.core.findings.encoding import detect_encoding
from uriinspector.core.findings.idn import detect_idn
from uriinspector.core.findings.ipv4 import detect_ip_host
from uriinspector.core.findings.lookalike import detect_lookalike
from uriinspector.core.findings.payload import detect_payload
from uriinspector.core.findings.payload import silent as payload_silent
from uriinspector.core.findings.plain import plain_link
from uriinspector.core.findings.port import detect_port
from uriinspector.core.findings.recipient import detect_recipient
from uriinspector.core.findings.scheme import detect_scheme
from uriinspector.core.findings.userinfo import detect_userinfo
from uriinspector.core.split import SplitReference, split
from uriinspector.core.whatwg import WhatwgReading, read_whatwg

__all__ = [
    "CODES",
    "FAMILIES",
    "SEVERITY_RANK",
    "Family",
    "Finding",
    "FindingSeverity",
    "detect",
    "detect_text",
]


class _HasSplit(Protocol):
    @property
    def split(self) -> SplitReference: ...


Detector = Callable[[SplitReference, WhatwgReading], list[Finding]]
Gate = Callable[[SplitReference, WhatwgReading], bool]


class Family(NamedTuple):
    """One detector family, and its gate: a cheap test that is true only when the
    family would find nothing (kept next to the family's code, which it reads), so a
    plain link skips the family; None when the family's own first test is as cheap."""

    detect: Detector
    silent: Gate | None = None


#: The families in the order their findings are made (``detect_embedded`` runs last).
#: ``tests/core/test_family_gates.py`` proves each gate: whenever it says silent, the
#: family finds nothing, and whole answers are the same with the gates removed.
FAMILIES: tuple[Family, ...] = (
    Family(detect_scheme),
    Family(detect_userinfo),
    Family(detect_ip_host),
    Family(detect_port),
    Family(detect_idn),
    Family(detect_characters),
    Family(detect_encoding),
    Family(detect_differential, differential_silent),
    Family(detect_lookalike),
    Family(detect_payload, payload_silent),
    Family(detect_recipient),
)


#: The families that can still find something in a plain link (:func:`plain_link`:
#: the other eight are silent there), in the order of :data:`FAMILIES`.
PLAIN_FAMILIES: tuple[Family, ...] = tuple(
    f for f in FAMILIES if f.detect in (detect_lookalike, detect_payload, detect_recipient)
)


#: The families that can find something in a link without an authority (``mailto:``,
#: ``urn:``, ``data:``, a relative path): the user-name, IP-host, port, IDN and
#: look-alike families read only the authority, and say nothing at their first test.
HOSTLESS_FAMILIES: tuple[Family, ...] = tuple(
    f for f in FAMILIES
    if f.detect not in (detect_userinfo, detect_ip_host, detect_port, detect_idn, detect_lookalike)
)


def _order(f: Finding) -> tuple[int, int, int, str]:
    """Findings in span order, the most severe first at the same span."""
    return (f.span.start, f.span.end, -SEVERITY_RANK[f.severity], f.code)


def _run(ref: SplitReference, web: WhatwgReading, depth: int) -> tuple[Finding, ...]:
    found: list[Finding] = []
    # the families that may speak on this link (the others find nothing there)
    if ref.authority is None:
        families = HOSTLESS_FAMILIES
    else:
        families = PLAIN_FAMILIES if plain_link(ref, web) else FAMILIES
    for family, silent in families:
        if silent is None or not silent(ref, web):
            found.extend(family(ref, web))
    found.extend(detect_embedded(ref, web, depth, _inspect_nested))
    if len(found) > 1:  # most links have none or one
        found.sort(key=_order)
    return tuple(found)


#: Nested URLs whose reading and findings are kept (a mailbox's wrappers carry the same
#: footer links in every message), and the longest one kept (code points).
NESTED_CACHE: Final = 512
NESTED_CACHE_CHARS: Final = 2048


def _inspect_nested(text: str, depth: int) -> tuple[WhatwgReading, tuple[Finding, ...]]:
    """A nested URL read and inspected (immutable results, cached when short)."""
    if len(text) > NESTED_CACHE_CHARS:
        return _inspect(text, depth)
    return _inspect_cached(text, depth)


def _inspect(text: str, depth: int) -> tuple[WhatwgReading, tuple[Finding, ...]]:
    reading = read_whatwg(text)
    return reading, _run(split(text), reading, depth)


_inspect_cached = lru_cache(maxsize=NESTED_CACHE)(_inspect)


def detect(ref: SplitReference | _HasSplit, whatwg: WhatwgReading) -> tuple[Finding, ...]:
    """All findings for a split reference (or a ``ParsedReference``), sorted by span."""
    split_ref = ref if isinstance(ref, SplitReference) else ref.split
    return _run(split_ref, whatwg, 0)


def detect_text(text: str) -> tuple[Finding, ...]:
    """Convenience: split ``text``, read it as a browser does, and detect."""
    return _run(split(text), read_whatwg(text), 0)
