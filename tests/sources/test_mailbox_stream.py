"""An mbox is read as a stream (issue 22): split exactly as ``mailbox.mbox`` splits it,
and what reading it holds does not grow with the box."""

from __future__ import annotations

import io
import mailbox
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.memory import traced_peak
from uriinspector.sources import documents
from uriinspector.sources.documents import mailbox_messages, message_document
from uriinspector.sources.link_lines import document_lines

_LINES = st.sampled_from([b"From x\n", b"From a b\n", b"\n", b"\r\n", b"body\n", b">From q\n",
                          b"From ", b"tail", b"Subject: s\n"])


@settings(max_examples=150, deadline=None)
@given(st.lists(_LINES, max_size=14))
def test_split_as_mailbox_mbox_splits(tmp_path_factory: pytest.TempPathFactory,
                                      pieces: list[bytes]) -> None:
    path = Path(tmp_path_factory.mktemp("box")) / "a.mbox"
    path.write_bytes(b"".join(pieces))
    box = mailbox.mbox(str(path), factory=None, create=False)
    want = [(i, box.get_bytes(key)) for i, key in enumerate(box.keys(), 1)]
    box.close()
    assert list(mailbox_messages(str(path), "mbox")) == want


def _mbox(path: Path, messages: int) -> str:
    """``messages`` mails with the same links (the caches stay as they are), ~1 KB each."""
    body = "".join(f'<a href="https://site{j}.example/p">site{j}.example</a>\n' for j in range(8))
    with open(path, "wb") as fh:
        for i in range(messages):
            fh.write(b"From a@example.com Sat Nov 28 00:00:00 2026\n")
            fh.write(f"Subject: digest {i}\nContent-Type: text/html\n\n{body}\n".encode())
    return str(path)


def _read_all(path: str) -> int:
    lines = 0
    for item in mailbox_messages(path, "mbox"):
        assert isinstance(item, tuple)
        lines += document_lines(message_document(path, *item)).count("\n")
    return lines


def test_memory_flat_over_the_box(tmp_path: Path) -> None:
    small, large = _mbox(tmp_path / "s.mbox", 40), _mbox(tmp_path / "l.mbox", 160)
    _read_all(large)  # fill the caches first (links, and small bounded ones keyed by text)
    (n_small, peak_small), (n_large, peak_large) = (traced_peak(lambda: _read_all(small)),
                                                    traced_peak(lambda: _read_all(large)))
    assert (n_small, n_large) == (320, 1280)
    assert peak_large < 1.25 * peak_small  # a table of the box, or lines kept, would grow 4x


def _lines_counted(data: bytes) -> int:
    """The count as it was: one line at a time."""
    return sum(line.startswith(b"From ") for line in io.BytesIO(data))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([b"From ", b"\n", b"x", b"\r\n", b">From ", b"From", b" ",
                                 b"\nFrom a@b Sat\n", b"F"]), max_size=30).map(b"".join),
       st.integers(1, 9))
def test_the_count_in_chunks_is_the_count_by_lines(tmp_path_factory: pytest.TempPathFactory,
                                                    data: bytes, chunk: int) -> None:
    path = tmp_path_factory.mktemp("count") / "box.mbox"
    path.write_bytes(data)
    assert documents._count_mbox(str(path), chunk) == _lines_counted(data)
    assert documents._count_mbox(str(path)) == _lines_counted(data)
