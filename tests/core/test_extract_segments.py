"""core.extract finds matches window by window (issue 13: no regex call scans a whole
megabyte while holding the GIL); it must find exactly what one ``finditer`` finds."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.core import extract as ex

# Characters that make every kind of match and its delimiters (draft-2003 App. E/F,
# defanged forms), so window edges land inside, before and after references.
ALPHABET = st.sampled_from([
    *'<>"<< ht:p/wxf.[]()ω\ud800\nsURL:ww.eaxm_-{}0189', "http://", "mailto:",
    "hxxp[:]//", "hXXps[://]", "www.", "ftp.", "[.]", "(dot)", "{.}", "<URL:", "example",
    " ", "<", ">", "a" * 70, ":8080", "é"])
TEXTS = st.lists(ALPHABET, max_size=80).map("".join)

# The defanged-indicator pattern before its runs and labels were made possessive
# (issue 13): the same language, matched one alternation per character.
_OLD_RUN = r"""(?:\{\.\}|\{dot\}|[^\s<>"{}|\\^`])"""
_OLD_LABEL = r"[^\W_](?:[\w\-]*[^\W_])?"
OLD_DEFANGED = re.compile(
    r"(?P<url>(?<![A-Za-z0-9+.\-])"
    r"(?:h[x*]{2}ps?|f[x*]ps?|w[x*]ss?|https?|ftps?|wss?)(?:\[:\]|\[://\]|:)"
    + _OLD_RUN + r"+)"
    r"|(?P<domain>(?<![\w.\-\[({/:%])" + _OLD_LABEL + r"(?:(?:\.|" + ex._DOT_TOKEN + r")"
    + _OLD_LABEL + r")+(?::[0-9]+)?(?:/" + _OLD_RUN + r"*)?)",
    re.IGNORECASE,
)


def _one_scan(pattern: re.Pattern[str], _starts: re.Pattern[str], _reach: int, text: str,
              pos: int, endpos: int) -> Iterator[re.Match[str]]:
    """The reference: one finditer over the whole range."""
    yield from pattern.finditer(text, pos, endpos)


def _extract_with(text: str, *, window: int | None = None,
                  one_scan: bool = False) -> tuple[tuple[ex.Extracted, ...], ...]:
    mp = pytest.MonkeyPatch()
    if window is not None:
        mp.setattr(ex, "WINDOW", window)
    if one_scan:
        mp.setattr(ex, "_finditer", _one_scan)
    try:
        return (ex.extract(text), ex.extract(text, defanged=True))
    finally:
        mp.undo()


@settings(max_examples=500, deadline=None)
@given(TEXTS, st.integers(min_value=1, max_value=140))
def test_windows_find_what_one_scan_finds(text: str, window: int) -> None:
    # issue 13 / draft-2003 App. E: the same references, spans and guesses in order,
    # whatever the window (it never drops below twice a candidate's reach)
    assert _extract_with(text, window=window) == _extract_with(text, one_scan=True)


@settings(max_examples=500, deadline=None)
@given(TEXTS, st.integers(min_value=0, max_value=10))
def test_possessive_indicators_match_as_before(text: str, pos: int) -> None:
    # the possessive runs and labels give the same matches as the backtracking ones
    pos = min(pos, len(text))
    new = [(m.span(), m.lastgroup) for m in ex._DEFANGED.finditer(text, pos)]
    assert new == [(m.span(), m.lastgroup) for m in OLD_DEFANGED.finditer(text, pos)]


@pytest.mark.parametrize("pattern, starts, reach", [
    (ex._TOKEN, ex._TOKEN_START, ex._TOKEN_REACH),
    (ex._DEFANGED, ex._DEFANGED_START, ex._DEFANGED_REACH),
])
@settings(max_examples=300, deadline=None)
@given(text=TEXTS)
def test_every_match_begins_with_a_candidate(pattern: re.Pattern[str],
                                             starts: re.Pattern[str], reach: int,
                                             text: str) -> None:
    # _finditer's premise: where a match begins, a candidate of at most `reach` begins
    for i in range(len(text)):
        if pattern.match(text, i):
            hit = starts.match(text, i)
            assert hit is not None and hit.end() - i <= reach, (text, i)


class _Recording:
    """A pattern that records the range every search and match scanned."""

    def __init__(self, pattern: re.Pattern[str], calls: list[tuple[str, int, int]]) -> None:
        self._pattern, self._calls = pattern, calls

    def search(self, text: str, pos: int, endpos: int) -> re.Match[str] | None:
        found = self._pattern.search(text, pos, endpos)
        # the characters it scanned: to the candidate found, or the whole range
        self._calls.append(("search", pos, endpos if found is None else found.end()))
        return found

    def match(self, text: str, pos: int, endpos: int) -> re.Match[str] | None:
        found = self._pattern.match(text, pos, endpos)
        self._calls.append(("match", pos, pos if found is None else found.end()))
        return found


@pytest.mark.parametrize("text", [
    "The quick brown fox jumps over the lazy dog. " * 24_000,  # prose, no "<"
    "a" * (1 << 20),
    "hxxp[:]//a[.]" * 80_000,
    "ab.cd " * 170_000,
])
def test_no_search_covers_more_than_a_window(monkeypatch: pytest.MonkeyPatch,
                                             text: str) -> None:
    # the megabyte shapes that held the GIL 100-530 ms in one call (issue 13): every
    # candidate search covers at most a window; a match covers one reference
    calls: list[tuple[str, int, int]] = []
    for name in ("_TOKEN_START", "_DEFANGED_START", "_TOKEN", "_DEFANGED"):
        monkeypatch.setattr(ex, name, _Recording(getattr(ex, name), calls))
    found = ex.extract(text, defanged=True)
    searches = [end - pos for kind, pos, end in calls if kind == "search"]
    assert searches and max(searches) <= ex.WINDOW
    assert sum(searches) <= 3 * len(text)  # two scans, each char about once: linear
    longest = max(e.span.end - e.span.start for e in found) if found else 0
    assert all(end - pos <= max(longest, 4 * ex._DEFANGED_REACH)
               for kind, pos, end in calls if kind == "match")
