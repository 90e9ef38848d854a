"""The mail parser's boundary matcher (``sources.headers``): the same matches as the
pattern ``email.feedparser`` compiles for a boundary, and the same trees as the
standard parser on generated multiparts with lines that nearly close them."""

from __future__ import annotations

import email
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.sources import headers
from uriinspector.sources.headers import BoundaryMatcher, BoundedPolicy

_BOUNDARIES = st.one_of(
    st.sampled_from(["b", "===============6245957061303433945==", "a.b(c)*+?[x]{1}",
                     "back\\slash", "sp ace", "$^|", "--", "-"]),
    st.text(st.characters(codec="ascii", exclude_characters="\r\n"), min_size=1,
            max_size=12),
)
_TAILS = st.sampled_from(["", "--", " ", "\t ", "-- ", "x", "--x", " x", "\n", "\r\n",
                          "\r", "--\n", "--\r\n", " \r\n", "\n\n", "---", "\t--"])


def _standard(separator: str) -> re.Pattern[str]:
    """The pattern ``email.feedparser`` compiles for ``separator``."""
    return re.compile("(?P<sep>" + re.escape(separator)
                      + r")(?P<end>--)?(?P<ws>[ \t]*)(?P<linesep>\r\n|\r|\n)?$")


@settings(max_examples=400, deadline=None)
@given(_BOUNDARIES, st.sampled_from(["", "x", "-", "--"]), _TAILS)
def test_a_boundary_line_matches_as_the_compiled_pattern(
    boundary: str, before: str, tail: str,
) -> None:
    separator = "--" + boundary
    line = before + separator + tail
    want = _standard(separator).match(line)
    got = BoundaryMatcher(separator).match(line)
    assert (want is None) == (got is None)
    if want is not None and got is not None:
        for group in ("end", "ws", "linesep"):
            assert want.group(group) == got.group(group)


def test_only_the_boundary_pattern_is_answered_by_the_matcher() -> None:
    shim = headers._ReForParser()
    pattern = _standard("--a.b(c)").pattern
    assert isinstance(shim.compile(pattern), BoundaryMatcher)
    assert isinstance(shim.compile(r"(\r\n|\r|\n)\Z"), re.Pattern)
    assert shim.escape("a.b") == re.escape("a.b")
    assert email.feedparser.re is re  # the process's parser is left as it is


_BODY_LINES = st.lists(st.sampled_from(
    ["text", "", "--", "-- sig", "From me", "--{b}x", "--{b}--x", "--{b} x", "x--{b}",
     "--{b}-", "Content-Type: text/plain"]), max_size=4)


@st.composite
def _mail(draw: st.DrawFn) -> str:
    boundary = draw(st.sampled_from(["b", "a.b(c)*", "==x==", "sp ace"]))
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    lines = ["From: a@example.com", f'Content-Type: multipart/mixed; boundary="{boundary}"',
             "", "preamble"]
    for _ in range(draw(st.integers(0, 3))):
        sep_tail = draw(st.sampled_from(["", " ", "\t"]))
        lines += [f"--{boundary}{sep_tail}", "Content-Type: text/plain", ""]
        lines += [x.format(b=boundary) for x in draw(_BODY_LINES)]
    if draw(st.booleans()):
        lines.append(f"--{boundary}--{draw(st.sampled_from(['', ' ', 'x']))}")
        lines += draw(st.sampled_from([[], ["epilogue"], [""]]))
    return newline.join(lines) + draw(st.sampled_from(["", newline]))


def _tree(msg: email.message.Message) -> list[object]:
    return [(part.get_content_type(), part.items(), part.preamble, part.epilogue,
             None if part.is_multipart() else part.get_payload(),
             [type(d).__name__ for d in part.defects]) for part in msg.walk()]


@settings(max_examples=300, deadline=None)
@given(_mail())
def test_trees_are_the_standard_parsers(text: str) -> None:
    ours, too_deep = headers.parse_message(text)
    assert not too_deep
    assert _tree(ours) == _tree(email.message_from_string(text, policy=BoundedPolicy()))
