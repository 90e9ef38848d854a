"""The Public Suffix List built at start-up (``domains.bundled_list``, IDNA forms made
only for non-ASCII rules) holds the same rules as the package's ``PublicSuffixList()``
and answers the same (issue 22)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from publicsuffixlist import PublicSuffixList

from uriinspector.core.domains import bundled_list

_THEIRS = PublicSuffixList()
_OURS = bundled_list()


def test_same_rules_and_depth() -> None:
    # the whole state a look-up reads: the rule set and the longest rule's labels
    assert _OURS._publicsuffix == _THEIRS._publicsuffix
    assert _OURS._maxlabel == _THEIRS._maxlabel
    assert _OURS.accept_unknown == _THEIRS.accept_unknown
    assert len(_OURS._publicsuffix) > 10_000


_LABEL = st.sampled_from(
    ["com", "co", "uk", "jp", "例え", "xn--r8jz45g", "公司", "xn--55qx5d", "ck", "www", "kawasaki",
     "city", "blogspot", "github", "io", "s3", "amazonaws", "рф", "xn--p1ai", "a", "ü", "de"]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(_LABEL, min_size=1, max_size=5).map(".".join))
def test_same_answers(name: str) -> None:
    for accept_unknown in (True, False):
        assert _OURS.privatesuffix(name, accept_unknown=accept_unknown) == (
            _THEIRS.privatesuffix(name, accept_unknown=accept_unknown)
        ), name
        assert _OURS.publicsuffix(name, accept_unknown=accept_unknown) == (
            _THEIRS.publicsuffix(name, accept_unknown=accept_unknown)
        ), name
