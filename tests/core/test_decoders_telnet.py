"""telnet decoder: user, password, host, port 23 (1993 draft BNF; RFC 1738 §3.8)."""

from __future__ import annotations

import pytest

from uriinspector.core.decoders import DecodedField, SchemeDecoding, decode


def get(d: SchemeDecoding | None, label: str) -> DecodedField:
    assert d is not None
    return next(f for f in d.fields if f.label == label)


@pytest.mark.req("1.3-1")
def test_spec_example() -> None:
    text = "telnet://melvyl.ucop.edu/"
    d = decode(text)
    assert d is not None and d.title == "telnet: login and host"
    h = get(d, "Host")
    assert h.value == "melvyl.ucop.edu" and h.span is not None and h.span.of(text) == h.value
    assert get(d, "Port").value == "23 (default)"
    assert get(d, "User").value == "(none)"
    assert all(f.flag is None for f in d.fields)


def test_user_password_port_rfc1738_3_8() -> None:
    text = "telnet://guest:guest@bbs.example.org:2323/"
    d = decode(text)
    assert get(d, "User").value == "guest"
    assert get(d, "Password").flag == "warning"
    p = get(d, "Port")
    assert p.value == "2323" and p.span is not None and p.span.of(text) == "2323"


@pytest.mark.parametrize(("port", "flag"), [("99999", "invalid"), ("2x", "invalid"), ("", None)])
def test_bad_ports(port: str, flag: str | None) -> None:
    assert get(decode(f"telnet://h:{port}/"), "Port").flag == flag


def test_path_and_query_are_warnings() -> None:
    d = decode("telnet://h/login?x")
    assert get(d, "Path").flag == "warning"
    assert get(d, "Query").flag == "warning"


def test_no_authority_is_invalid() -> None:
    assert get(decode("telnet:host"), "Host").flag == "invalid"


def test_spans_after_astral_characters() -> None:
    text = "telnet://😀@𝔥:23"
    d = decode(text)
    assert get(d, "User").span.of(text) == "😀"  # type: ignore[union-attr]
    assert get(d, "Host").span.of(text) == "𝔥"  # type: ignore[union-attr]
    assert get(d, "Port").note == "23 is the scheme's default port."
