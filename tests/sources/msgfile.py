"""Outlook ``.msg`` files built in the test ([MS-OXMSG] over [MS-CFB], see ``cfb.py``).

Only what a mail needs: message class, subject, plain, HTML and RTF bodies (the RTF
compressed as [MS-OXRTFCP] §2.1.3.1 says, by the ``compressed_rtf`` package extract-msg
reads it with), attachments by
value (``PidTagAttachDataBinary``, MIME tag, file name) and embedded messages
(``PidTagAttachDataObject``, attach method 5). Property streams follow [MS-OXMSG]
§2.4: a header, then 16-byte entries (tag, flags, value or size).
"""

from __future__ import annotations

import struct

from tests.sources.cfb import Node, write_cfb

PT_LONG = 0x0003
PT_UNICODE = 0x001F
PT_BINARY = 0x0102
PT_OBJECT = 0x000D
FLAGS = 0x00000006  # readable, writable


def _string(tag: int, text: str) -> tuple[Node, bytes]:
    data = text.encode("utf-16-le")
    entry = struct.pack("<III", (tag << 16) | PT_UNICODE, FLAGS, len(data) + 2) + b"\x00" * 4
    return Node(f"__substg1.0_{tag:04X}{PT_UNICODE:04X}", data), entry


def _binary(tag: int, data: bytes) -> tuple[Node, bytes]:
    entry = struct.pack("<III", (tag << 16) | PT_BINARY, FLAGS, len(data)) + b"\x00" * 4
    return Node(f"__substg1.0_{tag:04X}{PT_BINARY:04X}", data), entry


def _long(tag: int, value: int) -> bytes:
    return struct.pack("<IIi", (tag << 16) | PT_LONG, FLAGS, value) + b"\x00" * 4


def _message_nodes(
    subject: str,
    body: str | None,
    html: bytes | None,
    attachments: list[tuple[str, str, bytes] | list[Node]],
    *,
    top: bool,
    rtf: bytes | None = None,
) -> list[Node]:
    nodes: list[Node] = []
    entries: list[bytes] = []
    for made in (_string(0x001A, "IPM.Note"), _string(0x0037, subject)):
        nodes.append(made[0])
        entries.append(made[1])
    if body is not None:
        node, entry = _string(0x1000, body)
        nodes.append(node)
        entries.append(entry)
    if html is not None:
        node, entry = _binary(0x1013, html)
        nodes.append(node)
        entries.append(entry)
    if rtf is not None:
        import compressed_rtf

        node, entry = _binary(0x1009, compressed_rtf.compress(rtf, compressed=True))
        nodes.append(node)
        entries.append(entry)
    for i, att in enumerate(attachments):
        children: list[Node] = []
        att_entries: list[bytes] = [_long(0x0E21, i)]  # PidTagAttachNumber
        if isinstance(att, tuple):
            name, mime, data = att
            for made in (_binary(0x3701, data), _string(0x370E, mime), _string(0x3707, name)):
                children.append(made[0])
                att_entries.append(made[1])
            att_entries.append(_long(0x3705, 1))  # PidTagAttachMethod: afByValue
        else:
            obj = Node(f"__substg1.0_3701{PT_OBJECT:04X}", children=att)
            children.append(obj)
            att_entries.append(struct.pack("<III", (0x3701 << 16) | PT_OBJECT, FLAGS,
                                           0xFFFFFFFF) + b"\x00" * 4)
            att_entries.append(_long(0x3705, 5))  # afEmbeddedMessage
        children.append(Node("__properties_version1.0", b"\x00" * 8 + b"".join(att_entries)))
        nodes.append(Node(f"__attach_version1.0_#{i:08X}", children=children))
    count = len(attachments)
    if top:
        header = struct.pack("<8xIIII8x", 0, count, 0, count)
        nodes.append(Node("__nameid_version1.0", children=[
            Node("__substg1.0_00020102", b""), Node("__substg1.0_00030102", b""),
            Node("__substg1.0_00040102", b"")]))
    else:
        header = struct.pack("<8xIIII", 0, count, 0, count)
    nodes.append(Node("__properties_version1.0", header + b"".join(entries)))
    return nodes


def write_msg(
    subject: str,
    body: str | None = None,
    html: bytes | None = None,
    attachments: list[tuple[str, str, bytes]] | None = None,
    embedded: tuple[str, str | None, bytes | None] | None = None,
    rtf: bytes | None = None,
) -> bytes:
    """A ``.msg`` file: ``attachments`` are ``(file name, MIME type, bytes)``;
    ``embedded`` is an attached message ``(subject, body, html)``; ``rtf`` an RTF body."""
    atts: list[tuple[str, str, bytes] | list[Node]] = list(attachments or [])
    if embedded is not None:
        atts.append(_message_nodes(embedded[0], embedded[1], embedded[2], [], top=False))
    return write_cfb(_message_nodes(subject, body, html, atts, top=True, rtf=rtf))
