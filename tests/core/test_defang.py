"""defang/refang: the quick "no marks, nothing to do" exit never skips a real refang."""

from __future__ import annotations

import itertools
import re

from hypothesis import given
from hypothesis import strategies as st

from uriinspector.core.defang import defang, refang

# Every spelling the refang patterns accept, in every letter case.
SCHEMES = ["hxxp", "hxxps", "h**p", "hx*ps", "fxp", "f*p", "wxs", "w*ss", "fxps"]
TOKENS = ["[.]", "(.)", "{.}", "[dot]", "(dot)", "{dot}", "[:]", "[://]", "[/]", "[@]",
          "[at]", "(at)"]


def _cases(word: str) -> set[str]:
    return {"".join(c) for c in itertools.product(*((ch.lower(), ch.upper()) for ch in word))}


def test_every_case_of_every_defanged_scheme_is_refanged() -> None:
    for scheme in SCHEMES:
        for spelled in _cases(scheme):
            restored, changed = refang(f"{spelled}://a.example/")
            assert changed, spelled
            assert "x" not in restored.split(":")[0].lower() and "*" not in restored


def test_every_token_is_refanged() -> None:
    for token in TOKENS:
        for spelled in _cases(token):
            assert refang(f"a{spelled}b")[1], spelled


@given(st.text(alphabet=st.sampled_from("hxpfws*[](){}.:/@adotHXPFWS t"), max_size=30))
def test_quick_exit_agrees_with_the_full_rewrite(text: str) -> None:
    # Whenever a refang pattern matches, the quick exit must not have skipped the text.
    from uriinspector.core import defang as module

    restored, changed = refang(text)
    assert changed == (restored != text)
    if module._REFANG_SCHEME.search(text) or module._REFANG_TOKENS.search(text):
        assert changed


def test_defang_then_refang_round_trip() -> None:
    for uri in ("https://www.example.com/x?y=1", "ftp://files.example.org/a.txt",
                "mailto:user@example.com"):
        assert refang(defang(uri)) == (uri, True)


def test_a_megabyte_without_marks_is_returned_unchanged() -> None:
    text = "http://a/" + "b" * 1_000_000
    assert refang(text) == (text, False)


# ---- refang(defang(x)) == x (issue 13) --------------------------------------------------


#: A link a reader would click: a web or FTP scheme and its colon, in any case.
_CLICKABLE = re.compile(r"(?i)(https?|ftps?|wss?):")


def _any_case(word: str) -> st.SearchStrategy[str]:
    return st.tuples(*(st.sampled_from((c.lower(), c.upper())) for c in word)).map("".join)


_SCHEME = st.sampled_from(["http", "https", "ftp", "ftps", "ws", "wss", "mailto", "news", "x-y"])
_LABEL = st.text(alphabet="abcXYZ019-_~%", min_size=0, max_size=6)
_URIS = st.builds(
    lambda scheme, slashes, user, labels, port, path, query: (
        scheme + ":" + ("//" if slashes else "") + user + ".".join(labels) + port + path + query
    ),
    _SCHEME.flatmap(_any_case),
    st.booleans(),
    st.sampled_from(["", "u@", "u:p@", "a.b@", "x@y@", ":@", "evil.example@"]),
    st.lists(_LABEL, min_size=0, max_size=5),
    st.sampled_from(["", ":", ":80", ":8080:1"]),
    st.lists(st.sampled_from(["/", ".", "..", "@", ":", "a", "b.c", "%2e"]), max_size=6).map(
        "".join
    ),
    st.sampled_from(["", "?", "?a=b.c@d:e", "#f.g"]),
)


def test_mixed_case_schemes_come_back_as_they_were() -> None:
    """The issue's case: ``hTTps`` was refanged to ``https``."""
    for uri in ("hTTps://evil.example/", "HTTP://A.B/", "Http://x.y", "fTP://f.example",
                "FtPs://f.example", "wS://w.example", "WsS://w.example", "HtTp://h.example"):
        defanged = defang(uri)
        assert "." not in defanged.split("//", 1)[1].split("/", 1)[0].replace("[.]", "")
        assert not _CLICKABLE.match(defanged), defanged
        assert refang(defanged) == (uri, True)


def test_the_common_hxxp_spelling_still_means_http() -> None:
    """``hXXp`` (upper-case X's) is how reports spell ``http``; so ``hTTp``, which would
    defang to it, is defanged at its colon instead."""
    assert refang("hXXps://a[.]b") == ("https://a.b", True)
    assert refang("fXp://a") == ("ftp://a", True)
    assert defang("hTTps://a.b/") == "hTTps[:]//a[.]b/"
    assert refang(defang("hTTps://a.b/")) == ("hTTps://a.b/", True)
    assert defang("HtTps://a.b/") == "HxXps://a[.]b/"


@given(_URIS)
def test_refang_undoes_defang_for_uris(uri: str) -> None:
    """Mixed-case web and FTP schemes, dots, ``@`` and ``:`` anywhere: refang(defang(x))
    is x, letter for letter."""
    assert refang(uri) == (uri, False)  # the strategy makes no defang notation itself
    restored, _changed = refang(defang(uri))
    assert restored == uri


@given(st.text(alphabet=st.sampled_from("hHtTpPsSfFwWxX:/.@[](){}*a-éd\ud800 "), max_size=40))
def test_refang_undoes_defang_for_any_text_without_notation(text: str) -> None:
    """Any text (not only URIs) that holds no defang notation of its own comes back."""
    if refang(text)[1]:
        return  # text that already says "hxxp" or "[.]" is ambiguous by construction
    assert refang(defang(text))[0] == text


@given(_URIS)
def test_defang_of_refang_gives_back_the_defanged_form(uri: str) -> None:
    """The other way round stays sensible: a defanged link refanged and defanged again is
    the same defanged text, and it has no clickable scheme left."""
    defanged = defang(uri)
    assert defang(refang(defanged)[0]) == defanged
    assert not _CLICKABLE.match(defanged)
