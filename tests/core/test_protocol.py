"""Batch protocol v1 (batch/protocol.py, its op table batch/ops.py): framing, error
objects, every op's answer shape.

The contract is shared/contract/batch-protocol.md. Ops whose core module has not
landed are skipped (importorskip), never silently passed.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.batch import protocol
from uriinspector.batch.ops import OP_TABLE
from uriinspector.batch.protocol import encode_answer, handle_line, handle_request

PARSE_KEYS = {
    "op", "input", "edition", "valid", "kind", "components", "host_kind", "spans", "diagnostics",
}  # fmt: skip
COMPONENT_KEYS = {"scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"}
DIAGNOSTIC_KEYS = {"code", "severity", "start", "end", "message"}
RUNGS = (
    "simple-string", "case", "percent-encoding", "path-segment", "scheme-based", "protocol-based",
)  # fmt: skip


def core(name: str) -> ModuleType:
    """The core module ``name``, or skip the test while it has not landed."""
    return pytest.importorskip(f"uriinspector.core.{name}")


def error_code(answer: dict[str, object] | None) -> str:
    """The ``error.code`` of a protocol error answer (fails on anything else)."""
    assert answer is not None
    assert protocol.is_error_answer(answer), answer
    err = answer["error"]
    assert isinstance(err, dict)
    assert set(err) == {"code", "message"}
    assert isinstance(err["message"], str) and err["message"]
    assert err["code"] in protocol.ERROR_CODES
    return str(err["code"])


def roundtrip(answer: dict[str, object]) -> dict[str, object]:
    """Serialise as batch does (both encoders agree on the value) and read back."""
    line = encode_answer(answer)
    assert line.isascii() and "\n" not in line
    back = json.loads(line)
    assert isinstance(back, dict)
    fast = protocol.encode_answer_line(answer)
    assert fast.endswith(b"\n") and fast.count(b"\n") == 1
    assert json.loads(fast) == back
    return back


# ---- the answer encoder (protocol 1.2: the bytes are free, every value survives) ---------


@settings(max_examples=60, deadline=None)
@given(st.text(), st.one_of(st.none(), st.integers(), st.text(),
                            st.lists(st.integers(min_value=-(2**70), max_value=2**70))))
def test_an_answer_line_keeps_every_value(text: str, ident: object) -> None:
    # lone surrogates and integers over 64 bits go to the standard encoder, escaped
    line = protocol.answer_line(json.dumps({"op": "parse", "input": text, "id": ident}))
    assert line is not None and line.endswith(b"\n") and line.count(b"\n") == 1
    answer = json.loads(line)
    assert answer["input"] == text and answer["id"] == ident
    assert answer == json.loads(encode_answer(handle_line(json.dumps(
        {"op": "parse", "input": text, "id": ident})) or {}))


def test_the_fast_encoder_writes_utf8_and_the_fallback_escapes_surrogates() -> None:
    fast = protocol.encode_answer_line({"op": "x", "input": "caf\u00e9"})
    assert b"caf\xc3\xa9" in fast  # orjson: UTF-8 as it is
    slow = protocol.encode_answer_line({"op": "x", "input": "a\ud800b"})
    assert slow == b'{"op": "x", "input": "a\\ud800b"}\n'
    assert json.loads(slow)["input"] == "a\ud800b"


# ---- framing -----------------------------------------------------------------------------


@pytest.mark.parametrize("line", ["", "   ", "\t\r\n", b"", b"  \r\n", "\ufeff"])
def test_blank_lines_get_no_answer(line: str | bytes) -> None:
    assert handle_line(line) is None


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("not json", "invalid-json"),
        ("{", "invalid-json"),
        ('{"op": "parse", "input": NaN}', "invalid-json"),
        ("[" * 100_000, "invalid-json"),
        ("[1, 2]", "not-an-object"),
        ('"parse"', "not-an-object"),
        ("42", "not-an-object"),
        ("null", "not-an-object"),
        ("{}", "missing-field"),
        ('{"op": 7}', "wrong-type"),
        ('{"op": "explode"}', "unknown-op"),
        ('{"op": "PARSE", "input": "a"}', "unknown-op"),
        ('{"op": "parse"}', "missing-field"),
        ('{"op": "parse", "input": 5}', "wrong-type"),
        ('{"op": "parse", "input": null}', "wrong-type"),
        ('{"op": "parse", "input": ["a"]}', "wrong-type"),
        ('{"op": "parse", "input": "a", "edition": "rfc9999"}', "unknown-edition"),
        ('{"op": "parse", "input": "a", "edition": "rfc1808"}', "unknown-edition"),
        ('{"op": "parse", "input": "a", "edition": 3986}', "wrong-type"),
        ('{"op": "parse", "input": "a", "base": 1}', "wrong-type"),
        ('{"op": "resolve", "base": "http://a/"}', "missing-field"),
        ('{"op": "resolve", "base": "http://a/", "ref": "g", "rules": "x"}', "unknown-edition"),
        ('{"op": "compare", "a": "x"}', "missing-field"),
        ('{"op": "compare", "a": "x", "b": false}', "wrong-type"),
        ('{"op": "urn-equivalent", "a": "x", "b": "y", "objective": "z"}', "invalid-value"),
        ('{"op": "extract", "input": "wrong field name"}', "missing-field"),
        ('{"op": "normalize", "input": {}}', "wrong-type"),
        ('{"op": "urn", "input": 1.5}', "wrong-type"),
        ('{"op": "analyze", "input": true}', "wrong-type"),
    ],
)
def test_error_codes(line: str, code: str) -> None:
    answer = handle_line(line)
    assert error_code(answer) == code
    assert answer is not None
    roundtrip(answer)


def test_error_answer_names_the_op_and_echoes_the_id() -> None:
    answer = handle_line('{"id": "r1", "op": "parse", "input": 5}')
    assert answer == {
        "id": "r1",
        "op": "parse",
        "error": {"code": "wrong-type", "message": 'field "input" must be a string, not a number'},
    }


def test_error_answer_without_a_readable_op_has_op_null() -> None:
    assert handle_line("oops") == {
        "op": None,
        "error": {
            "code": "invalid-json",
            "message": "line is not JSON: Expecting value: line 1 column 1 (char 0)",
        },
    }
    assert handle_line('{"op": 1, "id": 3}') == {
        "id": 3,
        "op": None,
        "error": {"code": "wrong-type", "message": 'field "op" must be a string, not a number'},
    }


@pytest.mark.parametrize("ident", [0, "x", None, [1, {"a": 2}], {"k": "v"}, 1.5, True])
def test_any_json_id_is_echoed(ident: object) -> None:
    answer = handle_request({"op": "nope", "id": ident})
    assert answer["id"] == ident
    assert roundtrip(answer)["id"] == ident


def test_no_id_no_echo() -> None:
    assert "id" not in handle_request({"op": "nope"})


def test_invalid_utf8_bytes_get_an_answer() -> None:
    answer = handle_line(b'{"op": "parse", "input": "http://\xff/"}')
    assert error_code(answer) == "invalid-utf8"
    assert answer is not None
    assert "0xff" in str(answer["error"])
    assert error_code(handle_line(b"\xc3")) == "invalid-utf8"  # truncated sequence
    assert error_code(handle_line(b"\xed\xa0\x80")) == "invalid-utf8"  # encoded surrogate


def test_a_byte_order_mark_is_ignored() -> None:
    answer = handle_line("\ufeff" + '{"op": "nope"}')
    assert error_code(answer) == "unknown-op"
    answer = handle_line(b'\xef\xbb\xbf{"op": "nope"}\r\n')
    assert error_code(answer) == "unknown-op"


def test_unknown_keys_are_ignored() -> None:
    core("urn")
    plain = handle_request({"op": "urn", "input": "urn:example:a"})
    extra = handle_request({"op": "urn", "input": "urn:example:a", "colour": "blue", "v": 99})
    assert plain == extra


def test_optional_fields_may_be_null() -> None:
    core("urn")
    a = handle_request({"op": "urn-equivalent", "a": "urn:x:a", "b": "urn:x:a", "objective": None})
    assert a["equivalent"] is True


def test_a_broken_core_module_is_an_internal_error_for_that_op_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    core("urn")
    urn = importlib.import_module("uriinspector.core.urn")

    def boom(a: str, b: str, objective: str = "resource") -> bool:
        raise RuntimeError("core bug " + "x" * 2000)

    monkeypatch.setattr(urn, "urn_equivalent", boom)
    answer = handle_request({"id": 9, "op": "urn-equivalent", "a": "urn:a:b", "b": "urn:a:b"})
    assert error_code(answer) == "internal-error"
    assert answer["id"] == 9 and answer["op"] == "urn-equivalent"
    assert "RuntimeError: core bug" in str(answer["error"])
    assert len(str(answer["error"])) < 700  # the message is clipped
    other = handle_request({"op": "urn", "input": "urn:a:b"})
    assert other["nss"] == "b"


def test_a_core_result_without_to_json_is_an_internal_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    core("urn")
    urn = importlib.import_module("uriinspector.core.urn")
    monkeypatch.setattr(urn, "parse_urn", lambda text: object())
    assert error_code(handle_request({"op": "urn", "input": "x"})) == "internal-error"


def test_lone_surrogates_in_and_out() -> None:
    core("urn")
    answer = handle_line('{"op": "urn", "input": "urn:a:\\ud800", "id": "\\udfff"}')
    assert answer is not None and answer["input"] == "urn:a:\ud800"
    line = encode_answer(answer)
    assert "\\ud800" in line and "\\udfff" in line
    assert json.loads(line)["input"] == "urn:a:\ud800"


def test_unserialisable_answer_falls_back_to_internal_error() -> None:
    line = encode_answer({"id": 1, "op": "parse", "x": object()})
    back = json.loads(line)
    assert back["id"] == 1 and back["error"]["code"] == "internal-error"
    back = json.loads(encode_answer({"op": "parse", "x": float("nan")}))
    assert back["error"]["code"] == "internal-error"


def test_huge_line_is_answered() -> None:
    big = "x" * 5_000_000
    assert error_code(handle_line('{"op": "parse", "input": ' + big)) == "invalid-json"
    core("urn")
    answer = handle_line(json.dumps({"op": "urn", "input": "urn:" + big}))
    assert answer is not None and answer["op"] == "urn"


# ---- answer shapes, op by op ---------------------------------------------------------------


def check_parse_shape(a: dict[str, object], text: str) -> None:
    assert set(a) >= PARSE_KEYS
    assert a["input"] == text
    assert isinstance(a["valid"], bool)
    assert a["kind"] in ("uri", "relative-ref")
    comps = a["components"]
    assert isinstance(comps, dict) and set(comps) == COMPONENT_KEYS
    assert isinstance(comps["path"], str)
    for name, value in comps.items():
        assert value is None or (isinstance(value, str) and value in text), name
    assert a["host_kind"] in ("reg-name", "ipv4", "ipv6", "ipvfuture", None)
    spans = a["spans"]
    assert isinstance(spans, list)
    for span in spans:
        assert set(span) == {"component", "start", "end"}
        assert comps[span["component"]] == text[span["start"] : span["end"]]
    assert [s["start"] for s in spans] == sorted(s["start"] for s in spans)
    diags = a["diagnostics"]
    assert isinstance(diags, list)
    for d in diags:
        assert set(d) == DIAGNOSTIC_KEYS
        assert d["severity"] in ("error", "warning", "info")
        assert 0 <= d["start"] <= d["end"] <= len(text)


@pytest.mark.parametrize("edition", protocol.PARSE_EDITIONS[:-1])
def test_parse_answer(edition: str) -> None:
    core("parse")
    text = "http://user@[::1]:8080/a/b?q=1#f"
    a = handle_request({"op": "parse", "input": text, "edition": edition, "id": 1})
    assert a["op"] == "parse" and a["id"] == 1 and a["edition"] == edition
    check_parse_shape(a, text)
    roundtrip(a)


def test_parse_defaults_to_rfc3986() -> None:
    core("parse")
    a = handle_request({"op": "parse", "input": "mailto:a@b"})
    assert a["edition"] == "rfc3986"
    assert a["kind"] == "uri" and a["valid"] is True
    assert a["components"] == {
        "scheme": "mailto", "authority": None, "userinfo": None, "host": None, "port": None,
        "path": "a@b", "query": None, "fragment": None,
    }  # fmt: skip
    assert a["spans"] == [
        {"component": "scheme", "start": 0, "end": 6},
        {"component": "path", "start": 7, "end": 10},
    ]


def test_parse_whatwg_adds_href_and_browser_components() -> None:
    core("parse")
    core("whatwg")
    text = "HTTP://EXAMPLE.com:80/a/../b"
    a = handle_request({"op": "parse", "input": text, "edition": "whatwg"})
    check_parse_shape(a, text)
    assert a["edition"] == "whatwg" and a["valid"] is True
    assert a["href"] == "http://example.com/b"
    browser = a["whatwg"]
    assert isinstance(browser, dict)
    assert browser["hostname"] == "example.com" and browser["pathname"] == "/b"
    assert a["host_kind"] == "reg-name"
    assert a["diagnostics"] == []


def test_parse_whatwg_with_base() -> None:
    core("parse")
    core("whatwg")
    a = handle_request(
        {"op": "parse", "input": "../c?x", "edition": "whatwg", "base": "https://h/a/b/"}
    )
    assert a["kind"] == "relative-ref"
    assert a["valid"] is True and a["href"] == "https://h/a/c?x"


def test_parse_whatwg_failure() -> None:
    core("parse")
    core("whatwg")
    a = handle_request({"op": "parse", "input": "http://[::1/", "edition": "whatwg"})
    check_parse_shape(a, "http://[::1/")
    assert a["valid"] is False and a["href"] is None and a["whatwg"] is None
    diags = a["diagnostics"]
    assert isinstance(diags, list) and diags[0]["code"] == protocol.WHATWG_FAILURE
    b = handle_request({"op": "parse", "input": "\ud800", "edition": "whatwg"})
    assert b["valid"] is False
    roundtrip(b)


def test_analyze_answer() -> None:
    core("analysis")
    text = "http://paypal.com@evil.example.co.uk/login"
    a = handle_request({"op": "analyze", "input": text})
    assert a["op"] == "analyze"
    check_parse_shape(a, text)
    assert {"findings", "effective_host", "registrable_domain"} <= set(a)
    findings = a["findings"]
    assert isinstance(findings, list)
    for f in findings:
        # protocol 1.1 (additive): a brand look-alike finding names the imitated domain
        if f["code"] in ("lookalike-domain", "brand-in-subdomain"):
            assert set(f) == DIAGNOSTIC_KEYS | {"imitates"} and f["imitates"]
        else:
            assert set(f) == DIAGNOSTIC_KEYS
        assert f["severity"] in ("danger", "warning", "info")
    assert "misleading-userinfo" in {f["code"] for f in findings}
    assert {"code": "brand-in-subdomain", "imitates": "paypal.com"}.items() <= next(
        f for f in findings if f["code"] == "brand-in-subdomain"
    ).items()
    assert a["effective_host"] == "evil.example.co.uk"
    assert a["registrable_domain"] == "example.co.uk"
    roundtrip(a)


def test_resolve_answer() -> None:
    core("resolve")
    a = handle_request({"op": "resolve", "base": "http://a/b/c/d;p?q", "ref": "../g#s"})
    assert set(a) == {
        "op", "base", "ref", "rules", "target", "same_document", "steps", "error",
    }  # fmt: skip
    assert a["rules"] == "rfc3986" and a["target"] == "http://a/b/g#s"
    assert a["error"] is None and a["same_document"] is False
    steps = a["steps"]
    assert isinstance(steps, list) and steps
    for step in steps:
        assert set(step) == {"rule", "detail", "value"}
    assert not protocol.is_error_answer(a)


@pytest.mark.parametrize("rules", protocol.RULE_SETS)
def test_resolve_every_rule_set(rules: str) -> None:
    core("resolve")
    a = handle_request({"op": "resolve", "base": "http://a/b/c/d;p?q", "ref": "g", "rules": rules})
    assert a["rules"] == rules
    assert a["target"] == "http://a/b/c/g"
    roundtrip(a)


def test_resolve_against_a_relative_base_is_an_answer_not_a_protocol_error() -> None:
    core("resolve")
    a = handle_request({"op": "resolve", "base": "a/b", "ref": "c"})
    assert a["target"] is None
    err = a["error"]
    assert isinstance(err, dict) and {"code", "message"} <= set(err)
    assert not protocol.is_error_answer(a)


def test_normalize_answer() -> None:
    core("normalize")
    a = handle_request({"op": "normalize", "input": "HTTP://Example.COM:80/%7euser/./a"})
    assert set(a) == {"op", "input", "rungs", "normalized"}
    rungs = a["rungs"]
    assert isinstance(rungs, list)
    assert tuple(r["name"] for r in rungs) == RUNGS
    for r in rungs:
        assert set(r) >= {"name", "value", "changed", "edits"}
        for e in r["edits"]:
            assert set(e) == {"start", "end", "replacement", "reason"}
    assert a["normalized"] == rungs[4]["value"] == "http://example.com/~user/a"
    assert rungs[5]["changed"] is False and rungs[5]["value"] == rungs[4]["value"]


def test_compare_answer() -> None:
    core("compare")
    a = handle_request({"op": "compare", "a": "HTTP://a/%7e", "b": "http://a/~"})
    assert a == {
        "op": "compare",
        "a": "HTTP://a/%7e",
        "b": "http://a/~",
        "equivalent": True,
        "rung": "percent-encoding",
    }
    b = handle_request({"op": "compare", "a": "http://a/", "b": "http://b/"})
    assert b["equivalent"] is False and b["rung"] is None


def test_urn_answer() -> None:
    core("urn")
    a = handle_request({"op": "urn", "input": "URN:ISBN:0451450523?+r?=a=1&b=2#f"})
    assert set(a) == {
        "op", "input", "valid", "nid", "nss", "r_component", "q_component", "f_component",
        "query_directives", "lexical_form", "diagnostics",
    }  # fmt: skip
    assert a["nid"] == "ISBN" and a["nss"] == "0451450523"
    assert a["r_component"] == "r" and a["f_component"] == "f"
    roundtrip(a)


def test_urn_equivalent_answer() -> None:
    core("urn")
    a = handle_request({"op": "urn-equivalent", "a": "urn:isbn:1", "b": "URN:ISBN:1", "id": 2})
    assert a == {"id": 2, "op": "urn-equivalent", "a": "urn:isbn:1", "b": "URN:ISBN:1",
                 "equivalent": True}  # fmt: skip
    for objective in protocol.URN_OBJECTIVES:
        b = handle_request(
            {"op": "urn-equivalent", "a": "urn:x:1?=a", "b": "urn:x:1?=b", "objective": objective}
        )
        assert b["equivalent"] is (objective == "resource")


def test_extract_answer() -> None:
    core("extract")
    text = 'See <URL:http://example.com/a> and "https://b.example/x" today.'
    a = handle_request({"op": "extract", "text": text})
    assert set(a) == {"op", "uris"}
    uris = a["uris"]
    assert isinstance(uris, list)
    assert [u["uri"] for u in uris] == ["http://example.com/a", "https://b.example/x"]
    for u in uris:
        assert set(u) == {"uri", "start", "end"}
        assert 0 <= u["start"] < u["end"] <= len(text)
        assert u["uri"] in text[u["start"] : u["end"]]


# ---- never raises ---------------------------------------------------------------------------

URI_CHARS = st.sampled_from([*":/?#[]@!$&'()*+,;=%.-_~ \t\"{}\\", "\ud800", "\udfff", "\x00"])
TEXT = st.text(st.characters() | URI_CHARS, max_size=60)
JSON_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | TEXT
)
JSON = st.recursive(
    JSON_SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=8,
)
REQUEST = st.fixed_dictionaries(
    {"op": st.sampled_from([*protocol.OPS, "nope"])},
    optional={
        key: (TEXT | JSON)
        if key != "edition" and key != "rules"
        else st.sampled_from([*protocol.RULE_SETS, "x"])
        for key in ("input", "a", "b", "base", "ref", "text", "edition", "rules", "id")
    },
)


def check_answer(answer: dict[str, object] | None) -> None:
    if answer is None:
        return
    assert isinstance(answer, dict) and "op" in answer
    back = json.loads(encode_answer(answer))
    assert isinstance(back, dict)


@settings(max_examples=200, deadline=None)
@given(st.text(st.characters() | URI_CHARS, max_size=200))
def test_handle_line_never_raises_on_text(line: str) -> None:
    check_answer(handle_line(line))


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200))
def test_handle_line_never_raises_on_bytes(line: bytes) -> None:
    check_answer(handle_line(line))


@settings(max_examples=200, deadline=None)
@given(REQUEST)
def test_handle_request_never_raises(request: dict[str, object]) -> None:
    answer = handle_request(request)
    check_answer(answer)
    assert answer["op"] == request["op"] or answer["op"] is None
    if "id" in request:
        assert answer["id"] == request["id"]


# ---- numbers the JSON reader cannot hold (issue 13) ----------------------------------------

#: Valid JSON numbers (RFC 8259 §6 sets no range or precision) that a float makes
#: infinite or rounds, or that ``int()`` refuses (over 4,300 digits), or that lose their
#: sign (``-0``): each must echo exactly as the request wrote it.
EXACT_IDS = [
    "1e400",
    "-1e400",
    "1E-400",
    "9" * 5000,
    "-" + "9" * 5000,
    "4" * 400,
    "1.50",
    "-0",
    "0.1e1",
    '[1e400, {"k": -2E+999}, 7]',
    '{"deep": [[1e999]]}',
]


@pytest.mark.parametrize("token", EXACT_IDS, ids=lambda t: t[:12])
def test_an_id_the_reader_cannot_hold_echoes_byte_for_byte(token: str) -> None:
    """``{"id": 1e400, ...}`` lost its id and op (internal-error): now the answer starts
    with the request's own text for the id, and the op is answered."""
    line = '{"id": ' + token + ', "op": "parse", "input": "http://a/b"}'
    out = protocol.answer_line(line)
    assert out is not None and out.endswith(b"\n") and out.count(b"\n") == 1
    assert out.startswith(b'{"id": ' + token.encode() + b', "op": "parse", "input": "http://a/b"')
    answer = handle_line(line)
    assert answer is not None and not protocol.is_error_answer(answer)
    assert answer["valid"] is True


@pytest.mark.parametrize("token", ["1e400", "9" * 5000, "-0"])
def test_an_id_the_reader_cannot_hold_echoes_on_errors_too(token: str) -> None:
    out = protocol.answer_line('{"id": ' + token + ', "op": "explode"}')
    assert out is not None and out.startswith(b'{"id": ' + token.encode() + b', "op": "explode"')
    assert b'"unknown-op"' in out


@pytest.mark.parametrize("field", ["input", "edition", "base"])
@pytest.mark.parametrize("token", ["1e400", "9" * 5000])
def test_a_huge_number_in_a_field_is_refused_with_the_op(field: str, token: str) -> None:
    """Refused as a wrong type, with the request's op and id (not invalid-json)."""
    fields = {"input": '"a"', field: token}
    body = ", ".join(f'"{k}": {v}' for k, v in fields.items())
    answer = handle_line('{"id": "r", "op": "parse", ' + body + "}")
    assert error_code(answer) == "wrong-type"
    assert answer is not None and answer["op"] == "parse" and answer["id"] == "r"


def test_nan_and_infinity_are_still_not_json() -> None:
    """NaN/Infinity are not JSON numbers (RFC 8259 §6): refused as before."""
    for token in ("NaN", "Infinity", "-Infinity"):
        assert error_code(handle_line('{"id": ' + token + ', "op": "parse"}')) == "invalid-json"


def test_json_number_is_a_number_and_pickles() -> None:
    """Kept numbers behave as floats (type checks, arithmetic) and survive pickling
    (a worker process may carry answers)."""
    import pickle

    n = protocol.JsonNumber("1.50")
    assert isinstance(n, float) and n == 1.5 and n.token == "1.50"
    big = pickle.loads(pickle.dumps(protocol.JsonNumber("1e400")))
    assert big.token == "1e400" and big == float("inf")
    answer = handle_line('{"id": 1.50, "op": "parse", "input": "a"}')
    assert answer is not None and answer["id"] == 1.5
    assert json.loads(encode_answer(answer))["id"] == 1.5


# ---- every answer is a bounded multiple of its request (issue 13) -------------------------

#: Every answer grows at most this many times as fast as its request. ``normalize`` is
#: the largest by design: the input, six rung values and the normalized value are each
#: about the input's size (8x). Fixed-size parts (a resolution trace keeps at most 500
#: steps of at most 1,000 characters) are constants, so the test measures the growth
#: between two sizes: a list with one item per character or triplet grows 20-170x.
ANSWER_BOUND = 10
_SIZES = (15_000, 30_000)  # both well past every cap (50 per code); quick in make test

#: Inputs that made long lists: one diagnostic, finding or edit per character or triplet.
BOUND_SHAPES: dict[str, Callable[[int], str]] = {
    "pct": lambda n: "%" * n,
    "triplets": lambda n: "%41" * (n // 3),
    "triplets-lower": lambda n: "%7e" * (n // 3),
    "triplets-nul": lambda n: "%00" * (n // 3),
    "triplets-bad": lambda n: "%zz" * (n // 3),
    "alt-case": lambda n: "Ab" * (n // 2),
    "dotdot": lambda n: "/.." * (n // 3),
    "segments": lambda n: ("x" * 40 + "/./") * (n // 43),
    "brackets": lambda n: "[" * n,
    "surrogates": lambda n: "\ud800" * n,
    "bidi": lambda n: "\u202e" * n,
    "http-path-triplets": lambda n: "http://X/" + "%41b" * (n // 4),
    "http-host-dots": lambda n: "http://" + "a." * (n // 2),
    "urn-pct": lambda n: "urn:ex:" + "%" * n,
    "urn-triplets": lambda n: "urn:ex:" + "%4a" * (n // 3),
    "urn-nul": lambda n: "urn:ex:" + "%00" * (n // 3),
    "urn-excluded": lambda n: "urn:ex:" + "<a" * (n // 2),
    "urn-nid": lambda n: "urn:" + "-" * n + ":x",
    "text-http": lambda n: "http://a " * (n // 9),
}
BOUND_REQUESTS = {
    "parse": lambda s: {"op": "parse", "input": s},
    "parse-2396": lambda s: {"op": "parse", "input": s, "edition": "rfc2396"},
    "parse-whatwg": lambda s: {"op": "parse", "input": s, "edition": "whatwg"},
    "analyze": lambda s: {"op": "analyze", "input": s},
    "resolve": lambda s: {"op": "resolve", "base": "http://a/b/c/d;p?q", "ref": s},
    "resolve-base": lambda s: {"op": "resolve", "base": "http://a/" + s, "ref": "g/../h"},
    "normalize": lambda s: {"op": "normalize", "input": s},
    "compare": lambda s: {"op": "compare", "a": s, "b": s.lower()},
    "urn": lambda s: {"op": "urn", "input": s},
    "urn-equivalent": lambda s: {"op": "urn-equivalent", "a": s, "b": s},
    "extract": lambda s: {"op": "extract", "text": s},
}


def _lists(value: object, key: str = "") -> list[tuple[str, list[object]]]:
    """Every list inside an answer, with the key it is under."""
    found: list[tuple[str, list[object]]] = []
    if isinstance(value, dict):
        for k, v in value.items():
            found += _lists(v, k)
    elif isinstance(value, list):
        found.append((key, value))
        for v in value:
            found += _lists(v, key)
    return found


@pytest.mark.parametrize("op", sorted(BOUND_REQUESTS))
def test_every_answer_is_a_bounded_multiple_of_its_request(op: str) -> None:
    """``urn`` on 1 MB was a 52 MB answer (one diagnostic per character) and ``normalize``
    on 1 MB of %7e a 95 MB one (one edit per triplet): every list is now capped, with a
    count of the rest, so no shape makes an answer more than ANSWER_BOUND times its line."""
    for shape, make in BOUND_SHAPES.items():
        sizes: list[tuple[int, int]] = []
        for n in _SIZES:
            line = json.dumps({"id": 1, **BOUND_REQUESTS[op](make(n))})
            out = protocol.answer_line(line)
            assert out is not None
            sizes.append((len(line), len(out)))
        (req1, ans1), (req2, ans2) = sizes
        growth = (ans2 - ans1) / (req2 - req1)
        assert growth <= ANSWER_BOUND, (shape, growth)
        answer = json.loads(out)
        assert not protocol.is_error_answer(answer), (shape, answer)
        for key, items in _lists(answer):
            if key in ("diagnostics", "findings", "edits"):
                per_code: dict[object, int] = {}
                for item in items:
                    assert isinstance(item, dict)
                    code = item.get("code", "edit")
                    per_code[code] = per_code.get(code, 0) + 1
                assert max(per_code.values(), default=0) <= 51, (shape, key, per_code)


def test_capped_lists_say_how_many_were_left_out() -> None:
    """The rest is counted, as ``parse`` does: one "and N more" item per full code."""
    urn = handle_request({"op": "urn", "input": "urn:ex:" + "%" * 10_000})
    diags = urn["diagnostics"]
    assert isinstance(diags, list) and len(diags) == 51
    assert "and 9950 more 'urn-bad-percent-encoding' diagnostics not listed" in diags[-1]["message"]
    ladder = handle_request({"op": "normalize", "input": "%7e" * 1000})
    rungs = ladder["rungs"]
    assert isinstance(rungs, list)
    percent = next(r for r in rungs if r["name"] == "percent-encoding")
    assert len(percent["edits"]) == 51
    assert percent["edits"][-1]["reason"].startswith("and 950 more edits")
    assert percent["value"] == "~" * 1000


@pytest.mark.parametrize("has_id", [True, False])
@pytest.mark.parametrize(
    "body",
    [
        {"x": 1, "y": 2},
        {"op": "other", "x": 1},
        {"x": 1, "id": "body's", "y": 2},
        {"id": 9, "op": "other", "x": 1, "y": [2]},
        {},
    ],
)
def test_answer_keys_id_op_then_the_body_in_order(
    monkeypatch: pytest.MonkeyPatch, body: dict[str, object], has_id: bool
) -> None:
    # batch-protocol.md: the answer echoes "id" and names its "op"; the handler's own
    # "op"/"id" never replace them, the other keys keep the handler's order
    monkeypatch.setitem(OP_TABLE, "parse", lambda req: dict(body))
    request: dict[str, object] = {"op": "parse", "id": 7} if has_id else {"op": "parse"}
    expected: dict[str, object] = {"id": 7} if has_id else {}
    expected["op"] = "parse"
    expected.update((k, v) for k, v in body.items() if k not in ("op", "id"))
    answer = handle_request(request)
    assert list(answer.items()) == list(expected.items())
