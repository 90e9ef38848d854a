"""The browser's reading of a URL: the WHATWG URL Standard, through ``ada-url``.

Analysts need to know where a *browser* would go, not only what RFC 3986 says, so the
findings compare both readings. The WHATWG parsing itself is never hand-written here:
``ada_url`` is a conforming implementation of the URL Standard.
"""

from __future__ import annotations

import importlib
import struct
from collections.abc import Callable
from dataclasses import dataclass, fields
from types import ModuleType
from typing import cast

_ADA: ModuleType | None = None


def _ada() -> ModuleType:
    """``ada_url``, imported on first use: the C extension is not needed to paint the
    window, only to read the first URL."""
    global _ADA
    if _ADA is None:
        import ada_url

        _ADA = ada_url
    return _ADA


#: The WHATWG components we keep, in the URL Standard's order of the URL class.
COMPONENT_NAMES: tuple[str, ...] = (
    "protocol",
    "username",
    "password",
    "hostname",
    "port",
    "pathname",
    "search",
    "hash",
)
_ATTRIBUTES = (*COMPONENT_NAMES, "href", "host_type")
#: Each component's place in :data:`COMPONENT_NAMES` (``WhatwgReading.get``'s first look).
_POSITION: dict[str, int] = {name: at for at, name in enumerate(COMPONENT_NAMES)}

_HOST_TYPES = {0: "domain", 1: "ipv4", 2: "ipv6"}


@dataclass(frozen=True, slots=True)
class WhatwgReading:
    """What a browser makes of a string: its ``href`` and URL-class components.

    ``valid`` is false (and ``href`` None, ``components`` empty) when the URL Standard's
    parser returns failure; ``error`` then says why. ``host_type`` is ``"domain"``,
    ``"ipv4"`` or ``"ipv6"`` (from ada's ``HostType``), or None when invalid.
    """

    valid: bool
    href: str | None
    components: tuple[tuple[str, str], ...]
    host_type: str | None
    error: str | None

    def get(self, name: str) -> str | None:
        """The named component (``hostname``, ``pathname``...), None if absent.

        A reading of :func:`read_whatwg` holds the components in :data:`COMPONENT_NAMES`
        order, each name once: the name's place there is looked at first (the findings
        read ~7 components a link; the scan through the pairs was most of each read).
        """
        comps = self.components
        at = _POSITION.get(name, 8)
        if at < len(comps):
            key, value = comps[at]
            if key == name:
                return value
        for key, value in comps:
            if key == name:
                return value
        return None

    @property
    def hostname(self) -> str:
        """The browser's host name ("" when there is none or the URL is invalid)."""
        comps = self.components
        if len(comps) > 3:  # in COMPONENT_NAMES order: the fourth (see get)
            key, value = comps[3]
            if key == "hostname":
                return value or ""
        return self.get("hostname") or ""

    def to_json(self) -> dict[str, object]:
        """``{"valid", "href", "components": {...}, "host_type", "error"}``."""
        return {
            "valid": self.valid,
            "href": self.href,
            "components": dict(self.components),
            "host_type": self.host_type,
            "error": self.error,
        }


def _failure(message: str) -> WhatwgReading:
    return WhatwgReading(False, None, (), None, message)


_Reader = Callable[[str], tuple[tuple[str, ...], int]]
_READER: _Reader | None = None


#: ada's ``url_components::omitted``: the component is absent.
_OMITTED = 0xFFFFFFFF
#: ada's ``ada_url_components`` (ada_c.h): eight ``uint32_t`` offsets, in the order
#: protocol_end, username_end, host_start, host_end, port, pathname_start, search_start,
#: hash_start.
_COMPONENTS = struct.Struct("=8I")


def _sliced(
    href: bytes, protocol_end: int, username_end: int, host_start: int, host_end: int,
    port: int, pathname_start: int, search_start: int, hash_start: int,
) -> tuple[str, ...]:
    """The URL-class components and href cut from ada's href at its component offsets
    (bytes), as ada's own getters cut them (``url_aggregator::get_username`` and the
    rest): one copy of the href instead of nine getter calls (~40% of a reading)."""
    # ada's href is ASCII (the URL Standard's serializer percent-encodes the rest, hosts
    # are punycode), so the byte offsets are character offsets of its one decoding
    buf: str | bytes = href.decode() if href.isascii() else href
    n = len(buf)
    at = "@" if isinstance(buf, str) else b"@"
    start = host_start + 1 if host_end > host_start and buf[host_start : host_start + 1] == at \
        else host_start
    path_end = search_start if search_start != _OMITTED else (
        hash_start if hash_start != _OMITTED else n
    )
    search_end = hash_start if hash_start != _OMITTED else n
    empty = buf[:0]
    parts = (
        buf[:protocol_end],
        buf[protocol_end + 2 : username_end] if protocol_end + 2 < username_end else empty,
        buf[username_end + 1 : host_start] if host_start > username_end else empty,
        buf[start:host_end],
        empty if port == _OMITTED else buf[host_end + 1 : pathname_start],
        buf[pathname_start:path_end],
        empty if search_start == _OMITTED or search_end - search_start <= 1
        else buf[search_start:search_end],
        empty if hash_start == _OMITTED or n - hash_start <= 1 else buf[hash_start:],
        buf,
    )
    if isinstance(buf, str):
        return cast("tuple[str, ...]", parts)
    return tuple(cast("bytes", p).decode() for p in parts)


def _direct_reader() -> _Reader:
    """``ada_url.parse_url(text, _ATTRIBUTES)`` as (the components and href in
    :data:`COMPONENT_NAMES` order + href, the host type as an int), read through
    ada-url's own bindings with the getters looked up once: the same calls, strings
    and errors as ``parse_url`` (``ValueError('Invalid URL')``), at half its cost
    (it looks each getter up by name and builds a dict and an enum per URL). Falls
    back to ``parse_url`` when the bindings are not where ada-url 1.x keeps them."""
    global _READER
    if _READER is not None:
        return _READER
    ada = _ada()
    try:
        adapter = importlib.import_module("ada_url.ada_adapter")
        ffi, lib = adapter.ffi, adapter.lib
        parse, free, is_valid = lib.ada_parse, lib.ada_free, lib.ada_is_valid
        get_href, get_components = lib.ada_get_href, lib.ada_get_components
        host_type, unpack, buffer = lib.ada_get_host_type, ffi.unpack, ffi.buffer
        if ffi.sizeof("ada_url_components") != _COMPONENTS.size:
            raise AttributeError("ada_url_components is not eight uint32_t")
    except (ImportError, AttributeError):

        def reader(text: str) -> tuple[tuple[str, ...], int]:
            attrs = ada.parse_url(text, _ATTRIBUTES)
            values = tuple(str(attrs.get(name, "")) for name in (*COMPONENT_NAMES, "href"))
            return values, int(attrs.get("host_type", 0))

    else:

        def reader(text: str) -> tuple[tuple[str, ...], int]:
            try:
                raw = text.encode()
            except Exception:
                raise ValueError("Invalid URL") from None
            # freed here rather than by ffi.gc (a finalizer registered per URL: ~0.5 µs)
            url = parse(raw, len(raw))
            try:
                if not is_valid(url):
                    raise ValueError("Invalid URL")
                h = get_href(url)
                href = unpack(h.data, h.length)  # a copy: the URL is freed below
                # the eight offsets in one read of the struct (it points into the URL:
                # read before the free), not eight field reads through cffi
                offsets = _COMPONENTS.unpack(buffer(get_components(url)))
                kind = host_type(url)  # an int (cffi reads the uint8_t)
            finally:
                free(url)
            return _sliced(href, *offsets), kind

    _READER = reader
    return reader


def read_whatwg(text: str, base: str | None = None) -> WhatwgReading:
    """Parse ``text`` (against ``base`` if given) as a browser does; never raises.

    Lone surrogates cannot be encoded to UTF-8 for the C++ parser: a browser's input
    is always well-formed Unicode, so such input is reported as a failure.
    """
    try:
        if base is not None:
            text = _ada().join_url(base, text)
        values, raw_type = (_READER or _direct_reader())(text)
    except (ValueError, UnicodeError, TypeError) as exc:
        return _failure(str(exc) or type(exc).__name__)
    # the eight components paired with their names (COMPONENT_NAMES' order), and the
    # reading's slots filled on a settable twin, then made a WhatwgReading (a frozen
    # dataclass's __init__ goes through object.__setattr__ five times on every reading;
    # five slot-setter calls and the pairs' zip were a third of a reading)
    protocol, username, password, hostname, port, pathname, search, hash_, href = values
    reading = _UnfrozenReading()
    reading.valid = True
    reading.href = href
    reading.components = (
        ("protocol", protocol), ("username", username), ("password", password),
        ("hostname", hostname), ("port", port), ("pathname", pathname), ("search", search),
        ("hash", hash_),
    )  # fmt: skip
    reading.host_type = _HOST_TYPES.get(raw_type, "domain")
    reading.error = None
    reading.__class__ = WhatwgReading  # type: ignore[assignment]  # frozen from here on
    return reading  # type: ignore[return-value]  # a WhatwgReading now (cast is a call)


class _UnfrozenReading:
    """:class:`WhatwgReading`'s slots, settable: ``read_whatwg`` fills one, then makes
    it a ``WhatwgReading`` (``__class__``; the layouts are the same)."""

    __slots__ = WhatwgReading.__slots__
    valid: bool
    href: str | None
    components: tuple[tuple[str, str], ...]
    host_type: str | None
    error: str | None


assert tuple(f.name for f in fields(WhatwgReading)) == (
    "valid", "href", "components", "host_type", "error"
) and COMPONENT_NAMES == (
    "protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"
), "read_whatwg fills these fields and pairs these names in this order"
