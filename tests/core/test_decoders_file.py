"""file decoder (RFC 8089): localhost, drive letters, legacy "|", UNC network paths.

Examples are RFC 8089 §2 and Appendix E's.
"""

from __future__ import annotations

import pytest

from uriinspector.core.decoders import DecodedField, SchemeDecoding, decode


def get(d: SchemeDecoding | None, label: str) -> DecodedField:
    assert d is not None
    return next(f for f in d.fields if f.label == label)


def has(d: SchemeDecoding | None, label: str) -> bool:
    assert d is not None
    return any(f.label == label for f in d.fields)


@pytest.mark.parametrize(
    ("text", "host"),
    [
        ("file:///path/to/file", "localhost (empty host)"),  # RFC 8089 §2
        ("file:/path/to/file", "localhost (no authority)"),  # RFC 8089 §2
        ("file://localhost/path/to/file", "localhost"),
        ("file://LOCALHOST/etc/hosts", "localhost"),
    ],
)
def test_local_forms_rfc8089_2(text: str, host: str) -> None:
    d = decode(text)
    h = get(d, "Host")
    assert h.value == host and h.flag is None
    assert "RFC 8089 §2" in (h.note or "")
    assert get(d, "Path").value in ("/path/to/file", "/etc/hosts")
    assert not has(d, "Drive")


def test_remote_host_is_a_network_location() -> None:
    text = "file://host.example.com/path/to/file"  # RFC 8089 §2 example
    h = get(decode(text), "Host")
    assert h.value == "host.example.com"
    assert h.flag == "warning"
    assert "\\\\host.example.com\\path\\to\\file" in (h.note or "")
    assert h.span is not None and h.span.of(text) == "host.example.com"


@pytest.mark.parametrize(
    "text",
    ["file:////host.example.com/path/to/file", "file://///host.example.com/path/to/file"],
)
def test_unc_in_path_rfc8089_e_3_2(text: str) -> None:
    d = decode(text)
    s = get(d, "Server")
    assert s.value == "host.example.com" and s.flag == "warning"
    assert s.span is not None and s.span.of(text) == "host.example.com"
    assert "E.3.2" in (s.note or "")
    assert "not this machine" in (get(d, "Host").note or "")


@pytest.mark.parametrize(
    ("text", "windows"),
    [
        ("file:///c:/path/to/file", "C:\\path\\to\\file"),  # RFC 8089 E.2
        ("file:c:/path/to/file", "C:\\path\\to\\file"),  # E.2, no authority
        ("file:///C:/x", "C:\\x"),
        ("file:///D:", "D:\\"),
        ("file:///C:/Program%20Files/app.exe", "C:\\Program Files\\app.exe"),
    ],
)
def test_drive_letters_rfc8089_e_2(text: str, windows: str) -> None:
    d = decode(text)
    drive = get(d, "Drive")
    assert drive.value == windows[:2]
    assert drive.flag is None
    assert drive.span is not None and drive.span.of(text).upper() == windows[:2]
    assert get(d, "Windows path").value == windows


def test_legacy_bar_drive_rfc8089_e_2_2() -> None:
    text = "file:///c|/path/to/file"
    d = decode(text)
    drive = get(d, "Drive")
    assert drive.value == "C:"
    assert drive.flag == "warning" and "E.2.2" in (drive.note or "")
    assert drive.span is not None and drive.span.of(text) == "c|"
    assert get(d, "Windows path").value == "C:\\path\\to\\file"


@pytest.mark.parametrize("text", ["file:///cd/x", "file:///c:x", "file:///1:/x"])
def test_not_drive_letters(text: str) -> None:
    assert not has(decode(text), "Drive")


def test_userinfo_port_and_query_are_flagged() -> None:
    d = decode("file://u@h:21/x?y")
    assert get(d, "User").flag == "invalid"
    assert get(d, "Port").flag == "invalid"
    assert get(d, "Query").flag == "warning"


def test_spans_after_astral_characters() -> None:
    text = "file://😀😀/C:/𝔡𝔦𝔯/x"
    d = decode(text)
    assert get(d, "Host").span.of(text) == "😀😀"  # type: ignore[union-attr]
    assert get(d, "Path").span.of(text) == "/C:/𝔡𝔦𝔯/x"  # type: ignore[union-attr]
    local = "file:///𝔡:/x"  # not an ASCII letter: no drive
    assert not has(decode(local), "Drive")
    text2 = "file:///C:/😀/x?𝔮"
    d2 = decode(text2)
    assert get(d2, "Drive").span.of(text2) == "C:"  # type: ignore[union-attr]
    assert get(d2, "Query").span.of(text2) == "𝔮"  # type: ignore[union-attr]
