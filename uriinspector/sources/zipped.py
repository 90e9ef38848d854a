"""Zip containers opened with bounds: Office files, archives, anything in a ZIP envelope.

A zip's central directory states each member's sizes, and a bomb lies or compresses a
gigabyte of zeros into a kilobyte. Every member is read through :func:`read_member`,
which never trusts the stated size: it reads at most :data:`MAX_MEMBER_BYTES` and stops a
member whose output exceeds :data:`MAX_RATIO` times its compressed size. Archives with
passwords (ZipCrypto and WinZip AES) are opened with ``pyzipper``.
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass
from typing import Any, Final

#: Most members listed in one zip.
MAX_MEMBERS: Final = 10_000
#: Largest member read (bytes, after decompression).
MAX_MEMBER_BYTES: Final = 64 * 1024 * 1024
#: Bytes decompressed from one zip, all members together.
MAX_TOTAL_BYTES: Final = 256 * 1024 * 1024
#: Largest decompression ratio accepted (output / compressed input) for one member.
MAX_RATIO: Final = 1_000


class ZipLimit(Exception):
    """A bound was crossed; the message says which, in words."""


@dataclass(slots=True)
class Budget:
    """Bytes still allowed out of one zip."""

    left: int = MAX_TOTAL_BYTES


def is_zip(data: bytes) -> bool:
    """Whether ``data`` starts like a zip (a local header, or an empty archive's end)."""
    return data.startswith((b"PK\x03\x04", b"PK\x05\x06", b"PK\x07\x08"))


def open_zip(data: bytes, *, aes: bool = False) -> Any:
    """A read-only zip over ``data`` (``pyzipper``'s when ``aes``); raises BadZipFile,
    or :class:`ZipLimit` for too many members."""
    if aes:
        import pyzipper

        archive: Any = pyzipper.AESZipFile(io.BytesIO(data))
    else:
        archive = zipfile.ZipFile(io.BytesIO(data))
    if len(archive.infolist()) > MAX_MEMBERS:
        raise ZipLimit(f"the zip lists more than {MAX_MEMBERS:,} members")
    return archive


def read_member(archive: Any, info: zipfile.ZipInfo, budget: Budget,
                password: bytes | None = None) -> bytes:
    """The bytes of one member, read in chunks under every bound (stated sizes are not
    trusted); raises :class:`ZipLimit`, or the zip module's errors for a damaged member
    or a wrong password."""
    limit = min(MAX_MEMBER_BYTES, budget.left)
    ratio_cap = max(1, info.compress_size) * MAX_RATIO
    out = bytearray()
    with archive.open(info, pwd=password) as stream:
        while chunk := stream.read(1 << 16):
            out += chunk
            if len(out) > limit:
                raise ZipLimit(f"{info.filename} decompresses past "
                               f"{limit // (1024 * 1024)} MB")
            if len(out) > ratio_cap and len(out) > 1 << 20:
                raise ZipLimit(f"{info.filename} decompresses more than {MAX_RATIO:,} times "
                               "its size (a zip bomb)")
    budget.left -= len(out)
    return bytes(out)


__all__ = [
    "MAX_MEMBERS", "MAX_MEMBER_BYTES", "MAX_RATIO", "MAX_TOTAL_BYTES", "Budget", "ZipLimit",
    "is_zip", "open_zip", "read_member",
]
