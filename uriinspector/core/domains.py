"""Registrable domain ("site") of a host, from the Public Suffix List.

The list comes from the ``publicsuffixlist`` package, which ships a copy of it: it is
read offline, never fetched (the inspector never touches the network). The list is
parsed once, lazily, on first use.
"""

from __future__ import annotations

import threading
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

                _psl = PublicSuffixList()  # no source: the list bundled with the package
    return _psl


def _is_ip(host: str) -> bool:
    if host.startswith("["):
        return True
    parts = host.rstrip(".").split(".")
    return len(parts) == 4 and all(p.isascii() and p.isdigit() for p in parts)


def registrable_domain(host: str | None) -> str | None:
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


def is_known_suffix(name: str) -> bool:
    """Whether ``name`` ends in a suffix the Public Suffix List really lists.

    ``john.doe`` is not (``doe`` is not a TLD); ``example.com`` is. Used to tell a
    user name that *looks like* a domain from one that merely has a dot.
    """
    try:
        result = _list().privatesuffix(name.lower().rstrip("."), accept_unknown=False)
    except Exception:
        return False
    return isinstance(result, str) and bool(result)
