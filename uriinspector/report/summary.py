"""The plain-text summary of one analysis for a ticket ("Copy summary"; no Qt).

A few lines an analyst pastes into a ticket or a chat: the verdict in the banner's
words (``core.verdict``), the link defanged, where it really goes (host and
registrable domain, defanged too, and the hosts it forwards to), each finding on a
line, when it was analysed and by which version. Hidden characters are written as
``⟨U+XXXX⟩`` (``report._common``), so the pasted text can neither hide nor reorder
anything.
"""

from __future__ import annotations

from uriinspector import __version__
from uriinspector.core.analysis import Analysis
from uriinspector.core.verdict import NOTHING_PROVES, verdict_words
from uriinspector.report._common import Defanger, visible

__all__ = ["LINK_LIMIT", "MAX_FINDINGS", "summary"]

#: The link is cut at this many characters in a summary (the report has it all).
LINK_LIMIT = 2000
#: Findings listed at most; the rest are counted.
MAX_FINDINGS = 30


def _one_line(text: str, limit: int) -> str:
    """``text`` on one line: hidden characters (line breaks too) as chips, bounded."""
    return visible(text, limit)


def _forwards(a: Analysis, d: Defanger) -> str:
    """Where the link hands the visitor on to (the banner's chain), hop by hop."""
    try:
        dest = a.destinations
    except Exception:  # a destinations bug must not stop a summary
        return ""
    hops = [
        f"{_one_line(d.uri(h.host or h.url), 300)} ({h.title})" for h in dest.hops[:6]
    ]
    if dest.unknowable is not None:
        hops.append(f"unknown offline ({dest.unknowable.title})")
    return " → ".join(hops)


def summary(
    a: Analysis, analysed_at: str, *, version: str = __version__, live_link: bool = False
) -> str:
    """The summary of ``a`` as plain text, one fact a line, ending with a newline."""
    d = Defanger.of(a, live_link)
    level = a.verdict.level
    verdict = verdict_words(level)
    if level == "nothing-notable":
        verdict += f". {NOTHING_PROVES}"
    lines = [
        f"Verdict: {verdict}",
        f"Link ({'as written' if live_link else 'defanged'}): "
        f"{_one_line(d.whole(), LINK_LIMIT)}",
    ]
    if a.effective_host:
        lines.append(f"Goes to host: {_one_line(d.uri(a.effective_host), 300)}")
    else:
        lines.append("Goes to host: none (a browser contacts no host)")
    domain = _one_line(d.uri(a.registrable_domain), 300) if a.registrable_domain else "none"
    lines.append(f"Registrable domain: {domain}")
    forwards = _forwards(a, d)
    if forwards:
        lines.append(f"Forwards to: {forwards}")
    if a.findings:
        lines.append(f"Findings ({len(a.findings)}):")
        for f in a.findings[:MAX_FINDINGS]:
            lines.append(
                f"- {f.severity} {f.code} [{f.span.start}-{f.span.end}]: "
                f"{_one_line(d.prose(f.message), 400)}"
            )
        if len(a.findings) > MAX_FINDINGS:
            lines.append(f"- and {len(a.findings) - MAX_FINDINGS} more (see the full report)")
    else:
        lines.append("Findings: none")
    lines.append(f"Analysed at: {analysed_at}")
    lines.append(f"Tool: URI Inspector {version} (offline: nothing was fetched or resolved)")
    return "\n".join(lines) + "\n"
