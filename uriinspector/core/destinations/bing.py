"""Bing's click redirect: ``bing.com/ck/a?...&u=a1<base64url>``.

The ``u`` value is a two-character prefix (``a1``: base64url follows) and the target
URL in base64url without padding (RFC 4648 §5). Other prefixes are not documented,
so they are not guessed at.
"""

from __future__ import annotations

from uriinspector.core.destinations.values import base64_url, percent_layers


def decode_u(value: str) -> tuple[str, tuple[str, ...]] | None:
    """The URL an ``u=`` value holds and the decoding steps, or None."""
    text, layers = percent_layers(value)
    if not text.startswith("a1"):
        return None
    url = base64_url(text[2:])
    if url is None:
        return None
    return url, (*("percent",) * layers, "bing-a1")
