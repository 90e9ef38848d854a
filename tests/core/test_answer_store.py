"""The batch's store of repeated ``analyze`` answers (``batch/repeats.py``): a line
answered from it is byte for byte the line the full path writes, and the store stays
within its bounds."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.batch import protocol
from uriinspector.batch.ops import OP_TABLE
from uriinspector.batch.repeats import COMPACT_HEAD, MAX_INPUT, AnswerStore

URIS = st.one_of(
    st.sampled_from(
        [
            "https://embed.fr/",
            "http://www.example.com&story=x@10.0.0.1/",
            "https://xn--r8jz45g.jp/feed",
            "http://0x7f.1/%zz",
            "mailto:a@b.c",
            "",
        ]
    ),
    st.text(max_size=40),  # lone surrogates included: the standard encoder's answers
)
IDS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(1 << 70), max_value=1 << 70),
    st.text(max_size=8),
    st.floats(allow_nan=False, allow_infinity=False),
    st.lists(st.integers(), max_size=2),
)


def full_line(raw: bytes) -> bytes | None:
    """The line the full path writes (no store): ``handle_line`` then the encoder."""
    answer = protocol.handle_line(raw)
    return None if answer is None else protocol.encode_answer_line(answer)


def request(text: str, ident: object, with_id: bool) -> bytes:
    """An ``analyze`` request line as a client writes it (escapes keep lone surrogates)."""
    req: dict[str, object] = {"op": "analyze", "input": text}
    if with_id:
        req["id"] = ident
    return json.dumps(req).encode("ascii")


@settings(max_examples=150, deadline=None)
@given(text=URIS, ident=IDS, with_id=st.booleans(), first_id=IDS)
def test_a_repeated_line_is_the_full_paths_line(
    text: str, ident: object, with_id: bool, first_id: object
) -> None:
    # the first request fills the store (under another id), the second is answered from it
    protocol.answer_line(request(text, first_id, True))
    raw = request(text, ident, with_id)
    assert protocol.answer_line(raw) == full_line(raw)


@pytest.mark.parametrize(
    "raw",
    [
        b'{"op": "analyze", "input": "https://embed.fr/", "id": -0}',
        b'{"op": "analyze", "input": "https://embed.fr/", "id": 1.50}',
        b'{"op": "analyze", "input": "https://embed.fr/", "id": 1e400}',
        b'{"op": "analyze", "input": "https://embed.fr/", "id": 123456789012345678901234567890}',
        b'{"op": "analyze", "input": "https://embed.fr/", "id": {"n": 1}}',
        b'{"op": "analyze", "input": "https://embed.fr/", "edition": "rfc2396"}',
        b'{"op": "analyze", "input": "https://embed.fr/", "extra": true, "id": 3}',
        b'{"op": "analyze", "input": 7, "id": 3}',
        b'{"id": "x", "input": "https://embed.fr/", "op": "analyze"}',
        b'\xef\xbb\xbf{"op": "analyze", "input": "https://embed.fr/", "id": 4}',
    ],
)
def test_requests_beside_the_plain_shape_answer_as_before(raw: bytes) -> None:
    protocol.answer_line(b'{"op": "analyze", "input": "https://embed.fr/"}')
    assert protocol.answer_line(raw) == full_line(raw)


def test_an_id_kept_as_its_number_text_is_written_as_sent() -> None:
    raw = b'{"op": "analyze", "input": "https://embed.fr/", "id": 1e400}'
    protocol.answer_line(raw)
    line = protocol.answer_line(raw)
    assert line is not None and line.startswith(b'{"id": 1e400, ')
    assert isinstance(json.loads(line)["id"], float)


def test_a_repeat_is_not_analysed_again(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    analyze = OP_TABLE["analyze"]

    def counted(req: object) -> dict[str, object]:
        calls.append(req["input"])  # type: ignore[index]
        return analyze(req)  # type: ignore[arg-type]

    monkeypatch.setitem(OP_TABLE, "analyze", counted)
    protocol.REPEATS.clear()
    first = protocol.answer_line(b'{"op": "analyze", "input": "https://a.example/", "id": 1}')
    again = protocol.answer_line(b'{"op": "analyze", "input": "https://a.example/", "id": 2}')
    assert calls == ["https://a.example/"]
    assert first is not None and again is not None
    assert first.replace(b'{"id":1,', b'{"id":2,', 1) == again


def test_an_error_answer_is_never_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(req: object) -> dict[str, object]:
        raise RuntimeError("core bug")

    monkeypatch.setitem(OP_TABLE, "analyze", broken)
    protocol.REPEATS.clear()
    raw = b'{"op": "analyze", "input": "https://b.example/", "id": 9}'
    line = protocol.answer_line(raw)
    assert line is not None and json.loads(line)["error"]["code"] == "internal-error"
    assert json.loads(line)["id"] == 9
    assert "https://b.example/" not in protocol.REPEATS.lines
    monkeypatch.undo()
    healthy = protocol.answer_line(raw)
    assert healthy is not None and "error" not in json.loads(healthy)


def test_the_store_keeps_its_bounds_least_recently_asked_out() -> None:
    store = AnswerStore(max_entries=3, max_bytes=1 << 20)
    made: list[str] = []

    def answer(text: str) -> bytes:
        made.append(text)
        return COMPACT_HEAD + json.dumps(text).encode() + b"}\n"

    for name in ("a", "b", "c"):
        store.line(name, answer)
    store.line("a", answer)  # asked again: "b" is now the oldest
    store.line("d", answer)
    assert list(store.lines) == ["c", "a", "d"]
    assert made == ["a", "b", "c", "d"]
    assert store.size == sum(map(len, store.lines.values()))


def test_the_store_keeps_its_byte_bound_and_skips_long_inputs() -> None:
    line = COMPACT_HEAD + b'"x"}\n'
    store = AnswerStore(max_entries=1000, max_bytes=5 * len(line))
    for i in range(50):
        store.line(str(i), lambda _t: line)
    assert len(store.lines) == 5 and store.size == 5 * len(line)
    store.line("u" * (MAX_INPUT + 1), lambda _t: line)
    assert "u" * (MAX_INPUT + 1) not in store.lines


def test_lines_of_the_standard_encoder_are_not_kept() -> None:
    store = AnswerStore()
    standard = b'{"op": "analyze", "input": "\\ud800"}\n'
    assert store.line("\ud800", lambda _t: standard) == standard
    assert not store.lines
