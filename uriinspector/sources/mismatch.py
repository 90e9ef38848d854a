"""Does an anchor's visible text show another site than the one it links to?

The classic lure is ``<a href="https://evil.example/">https://paypal.com/</a>``: the text
a reader sees names one site, the link goes to another. The visible text is searched for
URLs (draft-2003 App. E/F, through ``core.extract``) and for bare domain names whose
suffix the Public Suffix List knows; each is reduced to its registrable domain
(``core.domains``) and compared with that of where the link finally goes: the last
destination a mail gateway's wrapper or a redirect carries (``core.destinations``,
contract 1.2 ``final``), never the gateway's own host. Hosts are read as a browser
reads them (``core.whatwg``: case folded, IDN to punycode, trailing dot kept off).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Final

from uriinspector.core.analysis import Analysis, effective_host_of
from uriinspector.core.destinations import destinations
from uriinspector.core.domains import is_known_suffix, registrable_domain
from uriinspector.core.extract import extract
from uriinspector.core.whatwg import read_whatwg

# A bare domain name in running text: two or more dot-separated labels of letters,
# digits and hyphens (any script: IDN display forms), not glued to a word or a path.
# Label separators: "." and the ideographic and fullwidth full stops browsers map to it
# (UTS #46 §2.3, through the URL Standard's host parser).
_DOT: Final = "[.\u3002\uff0e\uff61]"
_DOMAIN: Final = re.compile(
    r"(?<![\w.@/\-])((?:[^\W_](?:[\w\-]{0,61}[^\W_])?" + _DOT + r")+[^\W\d_]{2,63})"
    r"(?![\w\-]|" + _DOT + r"\w)"
)
_EMAIL_DOMAIN: Final = re.compile(r"[\w.+\-]+@((?:[^\W_](?:[\w\-]{0,61}[^\W_])?\.)+[^\W\d_]{2,63})")

#: Two-label names whose "suffix" is far more often a file extension in anchor text
#: (``setup.py``, ``README.md``, ``build.sh``, ``main.rs``) than a country's domain.
_FILE_LIKE: Final = frozenset({"py", "md", "sh", "rs"})

_MAX_SHOWN: Final = 20  # names read from one anchor's text

#: How a reader that analyses every link anyway gets a target's analysis (cached).
Analyse = Callable[[str], Analysis]
#: Targets whose last destination is kept (emptied when full; ~100 bytes each).
FINAL_CACHE: Final = 8192
_finals: dict[str, str | None] = {}


def carried_final(target: str, analyse: Analyse | None = None) -> str | None:
    """The last destination ``target`` carries (decoded offline), None when it carries
    none: a Safe Links wrapper's ``url=``, a redirect's target, a Proofpoint link's.

    Cached per target. ``analyse``, given by a reader that analyses each link anyway
    (a mailbox's messages, ``extract --json``), returns ``analyze(target)``: the chain
    is then that analysis's own (``Analysis.destinations``: the same walk, from the
    split the analysis holds and with the link's first scan the one its findings just
    made), not a second walk from the text."""
    try:
        return _finals[target]
    except KeyError:
        pass
    chain = destinations(target) if analyse is None else analyse(target).destinations
    if len(_finals) >= FINAL_CACHE:
        _finals.clear()
    final = _finals[target] = chain.final
    return final


def clear_finals() -> None:
    """Forget every cached last destination (a test comparing the two walks)."""
    _finals.clear()


@lru_cache(maxsize=8192)
def domain_of_url(url: str) -> str | None:
    """The registrable domain a browser would contact for ``url`` (mailto: its address's)."""
    if url[:7].lower() == "mailto:":
        at = url.rfind("@")
        if at == -1:
            return None
        host = url[at + 1 :].split("?", 1)[0]
        return domain_of_host(host)
    effective = effective_host_of(read_whatwg(url))
    return registrable_domain(effective) if effective else None


@lru_cache(maxsize=8192)
def domain_of_host(name: str) -> str | None:
    """The registrable domain of a host name written in text (IDN allowed), or None."""
    reading = read_whatwg("http://" + name + "/")
    host = reading.hostname if reading.valid else ""
    return registrable_domain(host) if host else None


@lru_cache(maxsize=8192)
def shown_domains(display: str) -> tuple[str, ...]:
    """The registrable domains the visible text shows, in order, without repeats (cached:
    a mailbox repeats its anchors' texts, "www.example.com" in every footer)."""
    if not any(dot in display for dot in ".\u3002\uff0e\uff61"):
        return ()  # no dotted name, no URL with a host: most anchor texts ("Read more")
    found: list[str] = []
    covered: list[tuple[int, int]] = []
    for e in extract(display)[:_MAX_SHOWN]:
        covered.append((e.span.start, e.span.end))
        d = domain_of_url(e.target)
        if d is not None and d not in found:
            found.append(d)
    for m in _EMAIL_DOMAIN.finditer(display):
        covered.append(m.span())
        d = domain_of_host(m.group(1))
        if d is not None and d not in found:
            found.append(d)
    for m in _DOMAIN.finditer(display):
        if len(found) >= _MAX_SHOWN:
            break
        if any(s <= m.start() < e for s, e in covered):
            continue
        name = re.sub(_DOT, ".", m.group(1))
        labels = name.split(".")
        if len(labels) == 2 and labels[1].lower() in _FILE_LIKE:
            continue
        if not is_known_suffix(name):
            continue
        d = domain_of_host(name)
        if d is not None and d not in found:
            found.append(d)
    return tuple(found)


def judge_mismatch(
    display: str | None, target: str, analyse: Analyse | None = None
) -> tuple[bool, str | None, str | None]:
    """``(mismatch, shown_domain, target_domain)`` for a link showing ``display``
    (``analyse``: as :func:`carried_final` takes it).

    ``target_domain`` is that of where the link finally goes (:func:`carried_final`,
    asked only when the text shows a domain: most anchors show none), never a mail
    gateway's own host. A mismatch is a shown registrable domain that differs from it
    (a target without a host, such as ``javascript:``, differs from any shown domain).
    A relative
    target that could not be resolved is never judged: its site is unknown.
    """
    if not display:
        return False, None, None
    shown = shown_domains(display)
    if not shown:
        return False, None, None
    if ":" not in target.split("/", 1)[0]:
        return False, shown[0], None  # relative and unresolved: the site is unknown
    actual = domain_of_url(carried_final(target, analyse) or target)
    for d in shown:
        if d != actual:
            return True, d, actual
    return False, shown[0], actual
