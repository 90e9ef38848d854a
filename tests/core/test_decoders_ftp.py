"""ftp decoder: user, password, host, port, CWD segments and the ;type= typecode.

The typecode is RFC 1738 §3.2.2's; the drafts in shared/specs leave scheme syntax to
RFC 1738 (1997 draft, introduction) and the 1993 draft says the mode is deduced from the name.
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


@pytest.mark.req("1.3-1")
def test_spec_example_1_3() -> None:
    text = "ftp://ftp.is.co.za/rfc/rfc1808.txt"
    d = decode(text)
    assert d is not None and d.scheme == "ftp"
    user = get(d, "User")
    assert user.value == "(none)" and "anonymous" in (user.note or "")
    assert "1993 draft" in (user.note or "")
    assert get(d, "Host").value == "ftp.is.co.za"
    assert get(d, "Port").value == "21 (default)"
    dirs = get(d, "Directories")
    assert [c.value for c in dirs.children] == ["rfc"]
    assert dirs.children[0].span.of(text) == "rfc"  # type: ignore[union-attr]
    assert get(d, "File").value == "rfc1808.txt"
    assert not has(d, "Typecode")


@pytest.mark.parametrize(
    ("code", "words"),
    [("a", "ASCII"), ("i", "binary"), ("d", "directory"), ("A", "ASCII"), ("I", "binary")],
)
def test_typecodes_rfc1738_3_2_2(code: str, words: str) -> None:
    text = f"ftp://ftp.example.org/pub/file.tar;type={code}"
    t = get(decode(text), "Typecode")
    assert t.value == code and t.flag is None
    assert words in (t.note or "") and "RFC 1738 §3.2.2" in (t.note or "")
    assert t.span is not None and t.span.of(text) == code
    assert get(decode(text), "File").value == "file.tar"


@pytest.mark.parametrize("code", ["x", "", "ai", "b"])
def test_invalid_typecode(code: str) -> None:
    t = get(decode(f"ftp://h/f;type={code}"), "Typecode")
    assert t.flag == "invalid"


def test_other_parameter_is_a_warning() -> None:
    p = get(decode("ftp://h/f;mode=bin"), "Parameter")
    assert p.flag == "warning" and p.value == "mode=bin"


def test_directory_listing_without_file() -> None:
    d = decode("ftp://h/pub/linux/;type=d")
    assert [c.value for c in get(d, "Directories").children] == ["pub", "linux"]
    assert not has(d, "File")


def test_user_password_and_port() -> None:
    text = "ftp://myname:pa%40ss@host.dom:2121/etc/motd"
    d = decode(text)
    assert get(d, "User").value == "myname"
    pw = get(d, "Password")
    assert pw.value == "pa@ss" and pw.flag == "warning"
    assert pw.span is not None and pw.span.of(text) == "pa%40ss"
    assert get(d, "Port").value == "2121"


def test_empty_user_and_empty_password_1997_draft_4_3_1() -> None:
    assert get(decode("ftp://@host.com/"), "User").value == "(empty)"
    assert not has(decode("ftp://@host.com/"), "Password")
    d = decode("ftp://foo:@host.com/")
    assert get(d, "User").value == "foo"
    assert get(d, "Password").value == "(empty)"
    assert "§4.3.1" in (get(d, "Password").note or "")


def test_encoded_slash_is_a_character_of_a_name() -> None:
    d = decode("ftp://h/a%2Fb/c")
    assert [c.value for c in get(d, "Directories").children] == ["a/b"]


def test_spans_after_astral_characters() -> None:
    text = "ftp://😀:𝔭@𝔥𝔬𝔰𝔱/𝔡/f.txt;type=i"
    d = decode(text)
    assert get(d, "User").span.of(text) == "😀"  # type: ignore[union-attr]
    assert get(d, "Password").span.of(text) == "𝔭"  # type: ignore[union-attr]
    assert get(d, "Host").span.of(text) == "𝔥𝔬𝔰𝔱"  # type: ignore[union-attr]
    assert get(d, "File").span.of(text) == "f.txt"  # type: ignore[union-attr]
    assert get(d, "Typecode").span.of(text) == "i"  # type: ignore[union-attr]
