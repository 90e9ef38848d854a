"""``cli.extract_gc.few_collections``: a mailbox read in this process freezes the start-up
heap and collects young objects less often, restores the collector after, and still
frees a cycle left behind by each message (memory stays bounded)."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from pathlib import Path

from tests.cli.helpers import cli
from tests.sources.builders import phishing_mail
from uriinspector.cli.extract_gc import STREAM_THRESHOLD, few_collections


def _states(items: list[int]) -> Iterator[tuple[int, tuple[int, int, int], int]]:
    for item in few_collections(items):
        yield item, gc.get_threshold(), gc.get_freeze_count()


def test_the_collector_is_set_from_the_second_item_and_restored() -> None:
    before = gc.get_threshold()
    seen = list(_states([1, 2, 3]))
    assert [item for item, _, _ in seen] == [1, 2, 3]
    assert seen[0][1] == before and seen[0][2] == 0  # the first item builds the tables
    assert seen[1][1] == (STREAM_THRESHOLD, *before[1:]) and seen[1][2] > 0
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_restored_when_the_reader_stops_early() -> None:
    before = gc.get_threshold()
    it = few_collections(iter(range(10)))
    assert next(it) == 0 and next(it) == 1 and gc.get_freeze_count() > 0
    it.close()
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_left_alone_when_disabled() -> None:
    before = gc.get_threshold()
    gc.disable()
    try:
        assert [t for _, t, _ in _states([1, 2])] == [before, before]
        assert gc.get_freeze_count() == 0
    finally:
        gc.enable()


class _Node:
    def __init__(self) -> None:
        self.other: object = self  # a cycle: only the collector frees it


def test_a_cycle_left_by_each_message_is_still_freed() -> None:
    """Every item leaves a cycle behind; the collector runs within STREAM_THRESHOLD new
    objects, so at most that many are ever waiting (bounded, not growing with the box)."""
    refs: list[weakref.ref[_Node]] = []

    def items() -> Iterator[int]:
        for i in range(3 * STREAM_THRESHOLD):
            node = _Node()
            refs.append(weakref.ref(node))
            yield i

    alive_max = 0
    for i in few_collections(items()):
        if i % 1000 == 999:
            alive_max = max(alive_max, sum(r() is not None for r in refs[-2 * STREAM_THRESHOLD:]))
    assert alive_max <= STREAM_THRESHOLD + 1000
    # those made before the freeze (the first two items) wait until it is undone; the
    # one a collection finds still held moves to an older generation, collected later
    assert sum(r() is not None for r in refs[2:STREAM_THRESHOLD]) <= 3


def test_a_mailbox_read_in_process_restores_the_collector(tmp_path: Path) -> None:
    box = tmp_path / "box.mbox"
    mail = bytes(phishing_mail()).replace(b"\nFrom ", b"\n>From ")
    box.write_bytes(b"".join(b"From a@example.com Sat Nov 28 00:00:00 2026\n" + mail + b"\n"
                             for _ in range(4)))
    before = gc.get_threshold()
    r = cli("extract", "--json", "--jobs", "1", str(box))
    assert len(r.json) >= 4
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
