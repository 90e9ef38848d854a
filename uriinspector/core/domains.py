"""Registrable domain ("site") of a host, from the Public Suffix List.

The list comes from the ``publicsuffixlist`` package, which ships a copy of it: it is
read offline, never fetched (the inspector never touches the network). The list is
loaded once, lazily, on first use, from the rule set generated from that copy
(``psl_rules.py``, made by ``python -m uriinspector.core.datagen``).
"""

from __future__ import annotations

import os
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
                _psl = bundled_list()
    return _psl


def bundled_list() -> Any:
    """The ``PublicSuffixList`` of the list bundled with the package.

    Its rules come from :mod:`uriinspector.core.psl_rules`, generated from that list
    (loading them costs ~1 ms; parsing the file and encoding the IDNA forms of its
    non-ASCII rules ~30 ms of each process's start-up), unless the installed package
    holds another list: then the file is parsed (:func:`parsed_list`).
    ``tests/core/test_psl_start.py`` compares both with the package's own list.
    """
    import publicsuffixlist

    from uriinspector.core import psl_rules

    if not psl_rules_current():
        return parsed_list()
    psl = publicsuffixlist.PublicSuffixList([], accept_encoded_idn=False)
    # the whole state a look-up reads (test_psl_start.py checks the package keeps no other)
    psl._publicsuffix = frozenset(psl_rules.RULES.split())
    psl._maxlabel = psl_rules.MAX_LABELS
    return psl


def psl_rules_current() -> bool:
    """Whether :mod:`uriinspector.core.psl_rules` was generated from the installed
    package's list (same package version, same file size)."""
    import publicsuffixlist

    from uriinspector.core import psl_rules

    return bool(
        publicsuffixlist.__version__ == psl_rules.PACKAGE_VERSION
        and os.path.getsize(publicsuffixlist.PSLFILE) == psl_rules.FILE_SIZE
    )


def parsed_list() -> Any:
    """The ``PublicSuffixList`` parsed from the package's file, each rule also in its
    IDNA form as the package's own ``PublicSuffixList()`` makes it, but encoding only
    the non-ASCII rules (459 of 10,397): the codec returns an ASCII rule unchanged, and
    calling it on the other 9,938 was ~30 M instructions of each process's start-up."""
    from publicsuffixlist import PSLFILE, PublicSuffixList, encode_idn

    with open(PSLFILE, "rb") as source:
        lines = list(source)
    extra: list[bytes] = []
    for line in lines:
        # the package's own reading of a line (PublicSuffixList._parse)
        rule = line.decode("utf8", "surrogateescape").lower().split(" ")[0].rstrip()
        if rule and not rule.startswith("//") and not rule.isascii():
            encoded = encode_idn(rule.lstrip("!"))
            extra.append(("!" + encoded if rule[0] == "!" else encoded).encode("ascii"))
    return PublicSuffixList(lines + extra, accept_encoded_idn=False)


def private_suffix(domain: str, accept_unknown: bool = True) -> str | None:
    """``privatesuffix(domain, accept_unknown)`` of the shared ``PublicSuffixList`` for
    a ``str``: the package's own walk over its rule set, from the longest suffix to the
    shortest (exception, then wildcard, then exact rule), with each suffix sliced from
    the name rather than joined from its labels and no layers of method calls (~30 %
    fewer instructions a new host; ``tests/core/test_domains_fast.py`` compares the two)."""
    psl = _list()
    rules = getattr(psl, "_publicsuffix", None)
    maxlabel = getattr(psl, "_maxlabel", None)
    if not isinstance(rules, frozenset | set) or type(maxlabel) is not int:
        # a release of the package that keeps its rules elsewhere (the requirements set
        # only a minimum version): its own walk, not every host read as "no domain"
        found = psl.privatesuffix(domain, accept_unknown=accept_unknown)
        return found if isinstance(found, str) and found else None
    if domain.endswith("."):
        domain = domain[:-1]
    low = domain.lower()
    labels = low.split(".")
    if "" in labels:
        return None
    count = len(labels)
    public = 1 if accept_unknown else 0
    if count > 1 or not accept_unknown:
        start = count - maxlabel - 1
        if start > 0:
            at = len(".".join(labels[:start])) + 1
        else:
            start, at = 0, 0
        for i in range(start, count):
            suffix = low[at:]  # ".".join(labels[i:])
            if "!" + suffix in rules:
                public = count - i - 1
                break
            if "*." + suffix in rules:
                public = count - i + 1 if i > 0 else count - i
                break
            if suffix in rules:
                public = count - i
                break
            at += len(labels[i]) + 1
    if not public or count < public + 1:
        return None
    return ".".join(labels[-(public + 1) :])


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
        return private_suffix(name.lower()) or None
    except Exception:  # bad input is simply "no domain"
        return None


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
        return bool(private_suffix(name.lower().rstrip("."), accept_unknown=False))
    except Exception:
        return False


_known_suffix_cached = lru_cache(maxsize=4096)(_is_known_suffix)
