"""The generated look-alike index (``findings/wellknown_index.py``) is the built one
(issue 22: the index read at the first analysis instead of built, ~20 ms of every start)."""

from __future__ import annotations

import pytest

from uriinspector.core.findings import lookalike


def test_generated_index_equals_the_built_one_in_order() -> None:
    generated = lookalike.generated_index()
    built = lookalike.build_index()
    assert generated is not None, "stale: run python -m uriinspector.core.datagen"
    assert generated == built
    # the order of every table whose order is read (iteration, first match)
    for field in ("tlds", "cc_brands", "names", "skeletons", "owned_by"):
        assert list(getattr(generated, field).items()) == list(getattr(built, field).items()), field
    assert generated.hyphenated == built.hyphenated
    assert all(type(n) is lookalike._Name for n in generated.names.values())


def test_lists_changed_since_generation_are_built_instead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stamp = lookalike.lists_stamp()
    changed = ((stamp[0][0] + 1, stamp[0][1]), *stamp[1:])
    monkeypatch.setattr(lookalike, "lists_stamp", lambda: changed)
    assert lookalike.generated_index() is None
    monkeypatch.setattr(lookalike, "_index", None)
    assert lookalike.index() == lookalike.build_index()


def test_stamp_follows_the_lists_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    read = lookalike.list_bytes
    before = lookalike.lists_stamp()
    monkeypatch.setattr(
        lookalike, "list_bytes", lambda name: read(name).replace(b"paypal", b"paypai")
    )
    after = lookalike.lists_stamp()
    assert [size for size, _ in after] == [size for size, _ in before]  # same sizes ...
    assert after != before  # ... yet the CRC tells the edit
