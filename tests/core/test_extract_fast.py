"""``core.extract``'s cheap steps give what the plain ones give.

Issue 22: a reference found in text is built through ``Extracted``'s slot setters with a
trusted span, and a bare reference's brackets are counted only once a bracket ends it.
Here both are replaced by the plain forms (``Extracted(...)`` with a checked ``Span``,
the brackets counted first) and every answer compared.
"""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.strategies import anything, uri_shaped
from uriinspector.core import extract as ex
from uriinspector.core.extract import Extracted, extract
from uriinspector.core.spans import Span

_CLOSERS = {")": "(", "]": "["}


def _plain_trim(text: str, start: int, end: int) -> int:
    """``_trim`` as it was: both bracket counts made first."""
    opens = {c: text.count(o, start, end) for c, o in _CLOSERS.items()}
    closes = {c: text.count(c, start, end) for c in _CLOSERS}
    while end > start:
        c = text[end - 1]
        if c in ".,;:!?'" or (not c.isascii() and unicodedata.category(c).startswith("P")):
            end -= 1
        elif c in _CLOSERS and closes[c] > opens[c]:
            closes[c] -= 1
            end -= 1
        else:
            break
    return end


def _plain_found(uri: str, start: int, end: int, raw: str, abbreviated: bool,
                 guess: str | None, refanged: str | None = None) -> Extracted:
    return Extracted(uri, Span(start, end), raw, abbreviated, guess, refanged)


_PIECES = st.sampled_from([
    "https://a.example/x", "(see https://a.example/(b))", "[https://a.example/]]", "www.w3.org",
    "hxxps://evil[.]example/p", "evil[.]example", "<URL: http://a/b >", '"http://q/"', ")", "]",
    "(", "[", ".", ",", "!?", "'", "\u3002", "\u00bb", " ", "\n", "ftp.example.org/x)", "x",
    "mailto:a@b.example.", "http://a/\u2014", "<not a uri>", "http:", "https://a/b)).",
])
_TEXTS = st.lists(_PIECES, max_size=12).map("".join) | uri_shaped() | anything()


@settings(max_examples=400, deadline=None)
@given(_TEXTS, st.booleans())
def test_the_fast_steps_find_what_the_plain_steps_find(
    text: str, defanged: bool
) -> None:
    fast = extract(text, defanged=defanged)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(ex, "_trim", _plain_trim)
        mp.setattr(ex, "_found", _plain_found)
        plain = extract(text, defanged=defanged)
    assert fast == plain
    assert [repr(e) for e in fast] == [repr(e) for e in plain]


@settings(max_examples=400, deadline=None)
@given(_TEXTS, st.data())
def test_trim_is_the_plain_trim(text: str, data: st.DataObject) -> None:
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    assert ex._trim(text, start, end) == _plain_trim(text, start, end)
