"""The batch's short ways (``protocol.answer_line`` reading a flat request straight from
the line's bytes with ``orjson``, and encoding a plain ``analyze`` request's
``to_json()`` directly): every line is byte for byte the line the full path writes
(``handle_line``, the op table, ``json_of``, ``encode_answer_line``), whether a short
way answers it or declines it."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.batch import protocol
from uriinspector.batch.ops import OPS
from uriinspector.batch.uri_ops import analyze_json

URIS = st.one_of(
    st.sampled_from(
        [
            "https://embed.fr/",
            "https://xn--r8jz45g.jp/feed",
            "http://0x7f.1/%zz",
            "https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fevil.example%2F"
            "&data=05%7C01%7Cbob%40corp.example%7C",
            "https://www.google.com/url?q=https://evil.example/x",
            "https://t.co/abc",
            "http://a\\@b.example/",
            "urn:isbn:0451450523",
            "javascript:alert(1)",
            "",
        ]
    ),
    st.text(max_size=40),
    # lone surrogates: the standard encoder's answers
    st.text(st.one_of(st.characters(), st.sampled_from(["\ud800", "\udc80"])), max_size=12),
)
IDS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(1 << 70), max_value=1 << 70),
    st.text(max_size=8),
    # a lone surrogate in the id: orjson refuses it, the standard encoder writes the answer
    st.text(st.one_of(st.characters(), st.sampled_from(["\ud800", "\udfff"])), max_size=4),
    st.floats(allow_nan=False, allow_infinity=False),
)


def full_line(raw: bytes) -> bytes | None:
    """The line the full path writes (no store): ``handle_line`` then the encoder."""
    answer = protocol.handle_line(raw)
    return None if answer is None else protocol.encode_answer_line(answer)


@settings(max_examples=200, deadline=None)
@given(
    text=URIS,
    ident=IDS,
    with_id=st.booleans(),
    id_first=st.booleans(),
    ascii_only=st.booleans(),
    spaced=st.booleans(),
)
def test_a_plain_analyze_line_is_the_full_paths_line(
    text: str, ident: object, with_id: bool, id_first: bool, ascii_only: bool, spaced: bool
) -> None:
    req: dict[str, object] = {"id": ident} if with_id and id_first else {}
    req.update({"op": "analyze", "input": text})
    if with_id and not id_first:
        req["id"] = ident
    raw = json.dumps(req, ensure_ascii=ascii_only, separators=None if spaced else (",", ":"))
    line = raw.encode("utf-8", "surrogatepass")
    protocol.REPEATS.clear()  # answered by the short way, not from the store
    assert protocol.answer_line(line) == full_line(line)


@settings(max_examples=200, deadline=None)
@given(junk=st.binary(max_size=24), tail=st.sampled_from([b"", b"\n", b"\r\n", b" \t"]))
def test_any_bytes_in_the_input_answer_as_the_full_path(junk: bytes, tail: bytes) -> None:
    # not UTF-8, escapes cut short, quotes and controls: the short way declines or agrees
    line = b'{"op":"analyze","input":"http://a.example/' + junk + b'","id":7}' + tail
    protocol.REPEATS.clear()
    assert protocol.answer_line(line) == full_line(line)


@pytest.mark.parametrize(
    "line",
    [
        b"",
        b"   \r\n",
        b'\xef\xbb\xbf{"op":"analyze","input":"https://embed.fr/","id":1}',
        b'{"op":"analyze","input":"https://embed.fr/","id":-0}',
        b'{"op":"analyze","input":"https://embed.fr/","id":0}',
        b'{"op":"analyze","input":"https://embed.fr/","id":1.50}',
        b'{"op":"analyze","input":"https://embed.fr/","id":1e400}',
        b'{"op":"analyze","input":"https://embed.fr/","id":123456789012345678901234567890}',
        b'{"op":"analyze","input":"https://embed.fr/","id":[1]}',
        b'{"op":"analyze","input":"\\ud800x","id":2}',
        b'{"op":"analyze","input":"https://embed.fr/","edition":"whatwg"}',
        b'{"op":"analyze","op":"parse","input":"https://embed.fr/"}',
        b'{"op":"parse","op":"analyze","input":"https://embed.fr/"}',
        b'{"op":"analyze","input":"a","input":"https://embed.fr/"}',
        b'{"op":"analyze","input":5,"id":2}',
        b'{"op":"analyze"}',
        b'{"op":"analyze","input":"\xff\xfe","id":1}',
        b'{"op":"analyze","input":"\xed\xa0\x80","id":1}',
        b'[{"op":"analyze","input":"https://embed.fr/"}]',
        b'{"op":"analyze","input":"https://embed.fr/"}\x0c',
        b'{"op":"parse","input":"https://embed.fr/","id":3}',
        b'{"op":"parse","input":"https://embed.fr/","id":-0}',
        b'{"op":"resolve","base":"http://a/b/c/d;p?q","ref":"../g","id":"r"}',
        b'{"op":"compare","a":"http://a/%7e","b":"HTTP://A/~"}',
        b'{"op":"normalize","input":"HTTP://A/./b/../c","id":null}',
        b'{"op":"parse","input":"https://embed.fr/","id":1.5}',
        b"null",
    ],
)
def test_lines_beside_the_plain_shape_answer_as_before(line: bytes) -> None:
    protocol.REPEATS.clear()
    assert protocol.answer_line(line) == full_line(line)


@settings(max_examples=150, deadline=None)
@given(text=URIS)
def test_the_analysis_body_is_the_handlers_answer_in_order(text: str) -> None:
    body = analyze_json(text)
    answer = protocol.handle_request({"op": "analyze", "input": text})
    assert list(body.items()) == list(answer.items())


FIELDS = st.sampled_from(
    ["input", "base", "ref", "a", "b", "edition", "rules", "objective", "id", "text"]
)
VALUES = st.one_of(
    st.sampled_from(["http://a/b/c/d;p?q", "../g", "rfc3986", "whatwg", "urn:isbn:1", "x"]),
    st.text(max_size=20),
    st.integers(min_value=-3, max_value=3),
    st.booleans(),
    st.none(),
    st.lists(st.integers(), max_size=2),
)


@settings(max_examples=200, deadline=None)
@given(
    op=st.sampled_from([op for op in OPS if op != "qr"] + ["nope"]),
    fields=st.dictionaries(FIELDS, VALUES, max_size=4),
)
def test_any_flat_request_is_the_full_paths_line(op: str, fields: dict[str, object]) -> None:
    line = json.dumps({"op": op, **fields}, separators=(",", ":")).encode()
    protocol.REPEATS.clear()
    assert protocol.answer_line(line) == full_line(line)


@pytest.mark.parametrize("stored", [False, True], ids=["first", "repeated"])
def test_an_id_holding_a_lone_surrogate_is_answered_not_an_internal_error(stored: bool) -> None:
    # the id is echoed as given (contract: any JSON value); orjson cannot write it
    line = b'{"op":"analyze","input":"https://embed.fr/","id":"\\ud800x"}'
    protocol.REPEATS.clear()
    if stored:
        protocol.answer_line(b'{"op":"analyze","input":"https://embed.fr/"}')
    out = protocol.answer_line(line)
    assert out == full_line(line)
    assert out is not None and out.startswith(b'{"id": "\\ud800x", "op": "analyze"')

