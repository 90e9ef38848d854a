"""defang/refang: the quick "no marks, nothing to do" exit never skips a real refang."""

from __future__ import annotations

import itertools

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
