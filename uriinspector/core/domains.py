"""Registrable domain ("site") of a host, from the Public Suffix List.

The list comes from the ``publicsuffixlist`` package, which ships a copy of it: it is
read offline, never fetched (the inspector never touches the network). The list is
parsed once, lazily, on first use.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from typing import Any

_lock = threading.Lock()
_psl: Any = None


def _list() -> Any:
    """The shared ``PublicSuffixList``, built on first use from the packaged file."""
    global _psl
    if _psl is None:
        with _lock:
            if _psl is None:
                from publicsuffixlist import PublicSuffixList

                # The list bundled with the package, its IDN rules' punycode forms added
                # here: the same rules as PublicSuffixList() builds, ~45 ms sooner.
                _psl = PublicSuffixList(packaged_rules(), accept_encoded_idn=False)
    return _psl


def packaged_rules() -> list[str]:
    """The package's list, line by line, with each non-ASCII rule's punycode form added.

    ``PublicSuffixList()`` runs the IDNA codec on every one of its ~10,000 rules to add
    the punycode forms (~45 ms a process: every batch, extract and first analysis); an
    ASCII rule is its own form, so only the ~500 others need it. Read the same way as
    the package reads each line (lower-cased, the first word; comments skipped).
    """
    from publicsuffixlist import ENCODING, ERRORMODE, PSLFILE, encode_idn

    with open(PSLFILE, encoding=ENCODING, errors=ERRORMODE) as fh:
        lines = fh.read().splitlines()
    added: list[str] = []
    for line in lines:
        if line.isascii():
            continue
        rule = line.lower().split(" ")[0].rstrip()
        if not rule or rule.startswith("//"):
            continue
        encoded = encode_idn(rule.lstrip("!"))
        added.append("!" + encoded if rule[0] == "!" else encoded)
    return lines + added


def _is_ip(host: str) -> bool:
    if host.startswith("["):
        return True
    parts = host.rstrip(".").split(".")
    return len(parts) == 4 and all(p.isascii() and p.isdigit() for p in parts)


#: Hosts longer than this are not cached (a DNS name is at most 253 characters; a
#: 1 MB "host" must not be kept 16,384 times).
CACHE_MAX_LEN = 255

#: Hosts kept by every per-host cache of the analysis (this one, the look-alike
#: verdicts, the carrier table's rows, the browser's form of a host): a batch of
#: 20,000 links holds ~8,600 hosts, and at 2,048 a host was evicted before it came
#: back (judge_host: 10,266 misses for 15,319 look-ups). A few MB at most.
HOST_CACHE_SIZE = 16_384


def registrable_domain(host: str | None) -> str | None:
    """:func:`_registrable_domain`, cached per host (bounded: :data:`HOST_CACHE_SIZE`
    hosts of at most :data:`CACHE_MAX_LEN` characters): a batch or the window asks for
    the same hosts."""
    if host is not None and len(host) <= CACHE_MAX_LEN:
        return _registrable_cached(host)
    return _registrable_domain(host)


def _registrable_domain(host: str | None) -> str | None:
    """The registrable domain (public suffix plus one label) of ``host``, or None.

    None for IP addresses, single labels such as ``localhost``, public suffixes
    themselves (``co.uk``) and anything the list cannot place. Never raises.
    """
    if not host or _is_ip(host):
        return None
    name = host[:-1] if host.endswith(".") else host
    if not name or "." not in name:
        return None
    try:
        result = _list().privatesuffix(name.lower())
    except Exception:  # the package validates labels; bad input is simply "no domain"
        return None
    return result if isinstance(result, str) and result else None


_registrable_cached = lru_cache(maxsize=HOST_CACHE_SIZE)(_registrable_domain)


def is_known_suffix(name: str) -> bool:
    """:func:`_is_known_suffix`, cached per name like :func:`registrable_domain`."""
    if len(name) <= CACHE_MAX_LEN:
        return _known_suffix_cached(name)
    return _is_known_suffix(name)


def _is_known_suffix(name: str) -> bool:
    """Whether ``name`` ends in a suffix the Public Suffix List really lists.

    ``john.doe`` is not (``doe`` is not a TLD); ``example.com`` is. Used to tell a
    user name that *looks like* a domain from one that merely has a dot.
    """
    try:
        result = _list().privatesuffix(name.lower().rstrip("."), accept_unknown=False)
    except Exception:
        return False
    return isinstance(result, str) and bool(result)


_known_suffix_cached = lru_cache(maxsize=4096)(_is_known_suffix)
