"""Where a link hands the visitor on to: wrapped, redirected and encoded destinations.

Mail gateways (Microsoft Safe Links, Proofpoint URL Defense, Mimecast, Barracuda,
Cisco), search and social redirects (Google, Bing, Facebook, LinkedIn, Slack,
YouTube) and open redirects (``next=``, ``url=``, a URL in the path or fragment, a
base64 value) carry the real destination inside the link. This package decodes them
offline, by their form, never by visiting them.

- :func:`destinations` walks the chain, outermost first (``Destinations``, whose
  ``to_json()`` is the batch contract's ``destinations`` list, protocol 1.1).
- :func:`scan_link` lists every URL one link carries; the ``embedded-url`` finding
  reads it, so the finding and the chain always agree.

The plain carriers are data (``resources/carriers.json``, :mod:`.table`); formats that
need code have a module each (:mod:`.proofpoint`, :mod:`.bing`).
"""

from __future__ import annotations

from uriinspector.core.destinations.chain import (
    MAX_DEPTH,
    MAX_URL_CHARS,
    MAX_WORK_CHARS,
    follow,
)
from uriinspector.core.destinations.model import (
    Carried,
    Destination,
    Destinations,
    Scan,
    Unknowable,
)
from uriinspector.core.destinations.scan import MAX_CARRIED, scan_link

__all__ = [
    "MAX_CARRIED",
    "MAX_DEPTH",
    "MAX_URL_CHARS",
    "MAX_WORK_CHARS",
    "Carried",
    "Destination",
    "Destinations",
    "Scan",
    "Unknowable",
    "destinations",
    "scan_link",
]


def destinations(text: str) -> Destinations:
    """The chain of destinations ``text`` carries, outermost first. Never raises."""
    return follow(text)
