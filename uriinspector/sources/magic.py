"""What a file is by its first bytes, for the formats ``read_bytes`` does not read
(issue 20).

A TIFF or a ZIP read as text listed "0 links", which reads as "clean". Their magic
numbers name them instead, so the reader can say "a TIFF image: not supported". PDF is
left out: read as text, its uncompressed link annotations are still found. (The format
registry, :mod:`uriinspector.sources.formats`, reads archives and PDFs for the batch's
documents as bytes.)
"""

from __future__ import annotations

from typing import Final

#: The OLE compound file signature ([MS-CFB] §2.2): every Outlook ``.msg`` starts so.
OLE: Final = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"

# (offset, magic, what it is). Sources: each format's specification (TIFF 6.0 §2,
# APPNOTE.TXT 4.3.7, RFC 1952 §2.3.1, 7z/RAR/xz format documents, the ELF gABI,
# ISO/IEC 14496-12 §4.3 for the HEIF brands).
_MAGIC: Final[tuple[tuple[int, bytes, str], ...]] = (
    (0, b"II*\x00", "a TIFF image"),
    (0, b"MM\x00*", "a TIFF image"),
    (0, b"\x1f\x8b", "a gzip-compressed file"),
    (0, b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    (0, b"Rar!\x1a\x07", "a RAR archive"),
    (0, b"\xfd7zXZ\x00", "an xz-compressed file"),
    (0, b"\x7fELF", "an ELF executable"),
    (4, b"ftypheic", "a HEIC image"),
    (4, b"ftypmif1", "a HEIF image"),
    (4, b"ftypavif", "an AVIF image"),
)


def describe(data: bytes) -> str | None:
    """``"a TIFF image"``... when ``data`` starts as a format no reader here reads."""
    for offset, magic, what in _MAGIC:
        if data[offset : offset + len(magic)] == magic:
            return what
    return None


__all__ = ["OLE", "describe"]
