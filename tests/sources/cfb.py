"""A minimal writer of Compound File Binary files ([MS-CFB] version 3), for tests.

extract-msg reads Outlook ``.msg`` files but cannot write them, and no small public
sample could be fetched offline, so the tests build real ``.msg`` files: an [MS-OXMSG]
message is a compound file whose streams hold the properties. Every stream here is
under the 4,096-byte cutoff, so all of them live in the mini stream ([MS-CFB] §2.6.3).
Siblings are chained through right-sibling links (a valid, if unbalanced, tree).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

SECTOR = 512
MINI = 64
FREESECT = 0xFFFFFFFF
ENDOFCHAIN = 0xFFFFFFFE
FATSECT = 0xFFFFFFFD
NOSTREAM = 0xFFFFFFFF


@dataclass
class Node:
    """A storage (``children``) or a stream (``data``) of the compound file."""

    name: str
    data: bytes | None = None
    children: list[Node] = field(default_factory=list)


def _entry(name: str, kind: int, child: int, right: int, start: int, size: int) -> bytes:
    raw = name.encode("utf-16-le") + b"\x00\x00"
    assert len(raw) <= 64
    return (
        raw.ljust(64, b"\x00")
        + struct.pack("<HBB", len(raw), kind, 1)  # black
        + struct.pack("<III", NOSTREAM, right, child)
        + b"\x00" * 16  # CLSID
        + struct.pack("<I", 0)  # state bits
        + b"\x00" * 16  # creation and modification times
        + struct.pack("<IQ", start, size)
    )


def write_cfb(root_children: list[Node]) -> bytes:
    """The bytes of a compound file holding ``root_children`` under the root storage."""
    order: list[tuple[Node, int]] = []  # (node, type)
    links: dict[int, tuple[int, int]] = {}  # index -> (child, right)

    def place(nodes: list[Node]) -> int:
        indices = []
        for node in nodes:
            order.append((node, 2 if node.data is not None else 1))
            indices.append(len(order) - 1)
        for i, index in enumerate(indices):
            node = order[index][0]
            child = place(node.children) if node.children else NOSTREAM
            right = indices[i + 1] if i + 1 < len(indices) else NOSTREAM
            links[index] = (child, right)
        return indices[0] if indices else NOSTREAM

    order.append((Node("Root Entry"), 5))
    links[0] = (place(root_children), NOSTREAM)

    mini_stream = bytearray()
    mini_fat: list[int] = []
    starts: dict[int, tuple[int, int]] = {}
    for index, (node, kind) in enumerate(order):
        if kind != 2:
            continue
        data = node.data or b""
        if not data:
            starts[index] = (ENDOFCHAIN, 0)
            continue
        first = len(mini_fat)
        count = -(-len(data) // MINI)
        mini_fat.extend(range(first + 1, first + count))
        mini_fat.append(ENDOFCHAIN)
        mini_stream += data.ljust(count * MINI, b"\x00")
        starts[index] = (first, len(data))

    def sectors_of(blob: bytes) -> list[bytes]:
        padded = blob.ljust(-(-len(blob) // SECTOR) * SECTOR, b"\x00") if blob else b""
        return [padded[i : i + SECTOR] for i in range(0, len(padded), SECTOR)]

    mini_fat_bytes = b"".join(struct.pack("<I", x) for x in mini_fat)
    mini_fat_bytes = mini_fat_bytes.ljust(-(-len(mini_fat_bytes) // SECTOR) * SECTOR,
                                          b"\xff")
    chunks: list[tuple[str, list[bytes]]] = [
        ("minifat", sectors_of(mini_fat_bytes)),
        ("ministream", sectors_of(bytes(mini_stream))),
    ]
    next_sector = sum(len(c) for _, c in chunks)
    mini_fat_start = 0 if chunks[0][1] else ENDOFCHAIN
    mini_stream_start = len(chunks[0][1]) if chunks[1][1] else ENDOFCHAIN
    directory = b""
    for index, (node, kind) in enumerate(order):
        child, right = links[index]
        if kind == 5:
            start, size = mini_stream_start, len(mini_stream)
        elif kind == 2:
            start, size = starts[index]
        else:
            start, size = 0, 0
        directory += _entry(node.name, kind, child, right, start, size)
    while len(directory) % SECTOR:
        directory += _entry("", 0, NOSTREAM, NOSTREAM, 0, 0)
    chunks.append(("directory", sectors_of(directory)))
    directory_start = next_sector
    data_sectors = next_sector + len(chunks[-1][1])
    fat_count = 1
    while (data_sectors + fat_count) * 4 > fat_count * SECTOR:
        fat_count += 1
    fat = [FREESECT] * (fat_count * SECTOR // 4)
    position = 0
    for _, sectors in chunks:
        for i in range(len(sectors)):
            fat[position + i] = position + i + 1 if i + 1 < len(sectors) else ENDOFCHAIN
        position += len(sectors)
    for i in range(fat_count):
        fat[data_sectors + i] = FATSECT
    assert fat_count <= 109
    difat = [data_sectors + i for i in range(fat_count)] + [FREESECT] * (109 - fat_count)
    header = (
        b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
        + b"\x00" * 16
        + struct.pack("<HHHHH", 0x003E, 0x0003, 0xFFFE, 9, 6)
        + b"\x00" * 6
        + struct.pack("<IIIIIIIII", 0, fat_count, directory_start, 0, 4096, mini_fat_start,
                      len(chunks[0][1]), ENDOFCHAIN, 0)
        + b"".join(struct.pack("<I", x) for x in difat)
    )
    assert len(header) == SECTOR
    body = b"".join(b"".join(sectors) for _, sectors in chunks)
    fat_bytes = b"".join(struct.pack("<I", x) for x in fat)
    return header + body + fat_bytes
