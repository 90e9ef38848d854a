"""Long hosts shortened for one line: the middle elided, the part that says who owns them kept.

A host name cannot wrap (no line break falls inside a name), so a 300-character host
would overflow any line. The banner shows ``start…tail`` instead, keeping the
registrable domain (and the label before it when it fits) whole: eliding the end would
hide exactly who the link reaches. The full host stays in the tooltip and "Copy host".
"""

from __future__ import annotations

from uriinspector.gui.plain import visible_text

#: The visible marker of an elided middle.
ELISION = "…"


def elide_middle(text: str, budget: int, keep_tail: int = 0) -> str:
    """``text`` cut to ``budget`` characters by eliding its middle (``start…tail``).

    The last ``keep_tail`` characters are always kept (the registrable domain: the part
    that says who owns the host), even past the budget; the start gets what is left.
    """
    if len(text) <= budget:
        return text
    tail = max(keep_tail, (budget - 1) * 2 // 3)
    head = max(4, budget - 1 - tail)
    if head + 1 + tail >= len(text):
        return text
    return text[:head] + ELISION + text[len(text) - tail :]


def host_text(host: str, domain: str | None, budget: int) -> str:
    """The host as the banner shows it: middle elided to about ``budget`` characters,
    the registrable domain and the label before it kept whole, hidden characters as
    ``⟨U+XXXX⟩`` (elided on the real characters, so a marker is never cut in two)."""
    keep = 0
    if domain and host.endswith(domain):
        before = host[: len(host) - len(domain)].rstrip(".").rpartition(".")[2]
        keep = len(domain) + 1
        if keep + len(before) + 1 <= budget:  # the label in front of it too, if it fits
            keep += len(before)
    shown = visible_text(host, 4096)
    if len(shown) <= budget:
        return shown
    tail = max(keep, (budget - 1) * 2 // 3)
    head = max(4, budget - 1 - tail)
    if head + 1 + tail >= len(host):
        return shown
    return visible_text(host[:head], head) + ELISION + visible_text(host[-tail:], tail)
