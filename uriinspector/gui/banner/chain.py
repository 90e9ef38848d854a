"""The banner's story of a link: the hosts it hands the visitor on to, and the brand it imitates.

It words what the core computed: ``Analysis.destinations`` (``core/destinations``: each
hop's host and carrier, a target that cannot be known offline, notes) and the
``imitates`` of the ``lookalike-domain`` / ``brand-in-subdomain`` findings. Every piece
taken from the input goes through :func:`uriinspector.gui.plain.esc` (hidden characters
visible, HTML-escaped); the only markup is ours. Each host the link forwards to is an
anchor ``hop:N`` that the banner handles itself (``linkActivated``: inspect hop N); no
anchor ever holds input text in its address, and nothing here opens a browser.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from uriinspector.gui.elide import host_text
from uriinspector.gui.plain import esc, visible_text

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis
    from uriinspector.core.destinations.model import Destinations

#: Anchor addresses in the banner: ``hop:1`` … ``hop:N`` (never input text).
HOP_SCHEME = "hop:"
#: The imitated brand of a hop is looked up only for hops up to this long (a look-up
#: is one more analysis on the GUI thread).
IMITATION_LOOKUP_LIMIT = 4096
#: Codes whose findings carry ``imitates`` (batch protocol 1.1).
IMITATION_CODES = ("lookalike-domain", "brand-in-subdomain")
_BIG = "font-size:140%"


@dataclass(frozen=True, slots=True)
class Story:
    """What the banner says about where a link leads.

    ``html`` is the chain sentence (rich text, escaped), ``hops`` the URL each
    ``hop:N`` anchor inspects (``hops[N - 1]``), ``imitates`` the brand domain the
    link's end imitates (or None).
    """

    html: str
    hops: tuple[str, ...]
    imitates: str | None


def _destinations(analysis: Analysis) -> Destinations | None:
    try:
        return analysis.destinations
    except Exception:  # a decoder bug must not take the banner down
        return None


def imitation(analysis: Analysis) -> tuple[str, str] | None:
    """``(what, brand)``: the first finding's ``imitates`` and the text it is about."""
    for finding in analysis.findings:
        brand = getattr(finding, "imitates", None)
        if brand and finding.code in IMITATION_CODES:
            what = (analysis.effective_host if finding.code == "brand-in-subdomain"
                    else analysis.registrable_domain) or analysis.effective_host or ""
            return what, brand
    return None


def _hop_imitation(url: str) -> tuple[str, str] | None:
    if len(url) > IMITATION_LOOKUP_LIMIT:
        return None
    from uriinspector.core.analysis import analyze

    try:
        return imitation(analyze(url))
    except Exception:
        return None


def _host(name: str, host_chars: int) -> str:
    """A host for the banner: middle elided to ``host_chars`` (the registrable domain at
    its end kept), escaped; see ``banner.host_text``."""
    import html

    domain = name.rsplit(".", 2)
    tail = ".".join(domain[-2:]) if len(domain) >= 2 else None
    if tail is None:
        return html.escape(visible_text(name, host_chars))
    return html.escape(host_text(name, tail, host_chars))


def imitates_html(what: str, brand: str, host_chars: int = 60) -> str:
    """``paypa1.com imitates paypal.com`` in words, the brand in bold."""
    subject = f"<b>{_host(what, host_chars)}</b> " if what else "It "
    return f"{subject}imitates <b style='{_BIG}'>{_host(brand, host_chars)}</b>."


def story(analysis: Analysis, host_chars: int = 60) -> Story | None:
    """The chain sentence when the link carries another one (or its target cannot be
    known offline); None when it carries nothing."""
    d = _destinations(analysis)
    if d is None or (not d.hops and d.unknowable is None):
        return None
    hops = d.hops
    first = d.input_host or analysis.effective_host or ""
    pieces: list[str] = []
    if not hops:
        pieces.append(f"This link goes to <b style='{_BIG}'>{_host(first, host_chars)}</b>.")
    else:
        pieces.append(
            f"This link goes to <b>{_host(first, host_chars)}</b> ({esc(hops[0].title, 60)})"
        )
        for n, hop in enumerate(hops, start=1):
            name = hop.host or hop.url
            last = n == len(hops)
            shown = _host(name, host_chars) if hop.host else esc(name, 60)
            if last:
                shown = f"<b style='{_BIG}'>{shown}</b>"
            anchor = f"<a href='{HOP_SCHEME}{n}'>{shown}</a>"
            carrier = "" if last else f" ({esc(hops[n].title, 60)})"
            pieces.append(f", which forwards to {anchor}{carrier}")
        pieces.append(".")
    text = "".join(pieces)
    brand: str | None = None
    if hops:
        found = _hop_imitation(hops[-1].url)
        if found is not None:
            brand = found[1]
            text += " " + imitates_html(hops[-1].host or found[0], brand, host_chars)
    if d.unknowable is not None:
        text += f" {esc(d.unknowable.reason, 300)}"
    for note in d.notes[:2]:
        text += f" <small>{esc(note, 200)}</small>"
    return Story(text, tuple(hop.url for hop in hops), brand)


def hop_index(link: str) -> int | None:
    """The hop number of a banner anchor ``hop:N`` (1-based), else None."""
    if not link.startswith(HOP_SCHEME):
        return None
    digits = link[len(HOP_SCHEME):]
    return int(digits) if digits.isdigit() and len(digits) < 6 else None
