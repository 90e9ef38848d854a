"""The browser's reading cut from ada's href at its offsets (``whatwg._sliced``)."""

from __future__ import annotations

from uriinspector.core.whatwg import _OMITTED, _sliced, read_whatwg


def _offsets(href: bytes) -> tuple[int, ...]:
    """ada's offsets for ``http://u:p@HOST/PATH?Q#F`` written by hand (bytes)."""
    at = href.index(b"@")
    path = href.index(b"/", at)
    return (5, href.index(b":", 5), at, path, _OMITTED, path, href.index(b"?"),
            href.index(b"#"))


def test_a_non_ascii_href_is_cut_at_byte_offsets() -> None:
    href = "http://u:p@hé/pé?qé#fé".encode()
    assert _sliced(href, *_offsets(href)) == (
        "http:", "u", "p", "hé", "", "/pé", "?qé", "#fé", "http://u:p@hé/pé?qé#fé"
    )


def test_an_ascii_href_is_cut_the_same_way() -> None:
    href = b"http://u:p@h/p?q#f"
    assert _sliced(href, *_offsets(href)) == (
        "http:", "u", "p", "h", "", "/p", "?q", "#f", "http://u:p@h/p?q#f"
    )


def test_empty_query_and_fragment_read_as_ada_reads_them() -> None:
    r = read_whatwg("http://:@h:8080/?#")
    assert r.valid
    assert dict(r.components) == {
        "protocol": "http:", "username": "", "password": "", "hostname": "h",
        "port": "8080", "pathname": "/", "search": "", "hash": "",
    }
    assert r.href == "http://h:8080/?#"
