"""The Public Suffix List built at start-up (``domains.bundled_list``: the generated rule
set of ``psl_rules.py``; ``domains.parsed_list``: the file parsed, IDNA forms made only for
non-ASCII rules) holds the same rules as the package's ``PublicSuffixList()`` and answers
the same (issue 22)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from publicsuffixlist import PublicSuffixList

from uriinspector.core import domains, psl_rules
from uriinspector.core.domains import bundled_list, parsed_list, psl_rules_current

_THEIRS = PublicSuffixList()
_OURS = bundled_list()
_PARSED = parsed_list()


def test_generated_rules_are_current() -> None:
    # the shipped psl_rules.py was made from the installed package's list; the package
    # ships new lists often, and a machine with another release parses its own list
    if not psl_rules_current():
        pytest.skip("psl_rules.py: the installed publicsuffixlist is another release")
    assert bundled_list() is not _PARSED


@pytest.mark.parametrize("ours", [_OURS, _PARSED], ids=["generated", "parsed"])
def test_same_rules_and_depth(ours: PublicSuffixList) -> None:
    # the whole state a look-up reads: the rule set and the longest rule's labels
    assert vars(ours).keys() == vars(_THEIRS).keys()
    assert ours._publicsuffix == _THEIRS._publicsuffix
    assert ours._maxlabel == _THEIRS._maxlabel
    assert ours.accept_unknown == _THEIRS.accept_unknown
    assert len(ours._publicsuffix) > 10_000


def test_another_list_is_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    # a package holding another list than the generated one: its own file is read
    monkeypatch.setattr(psl_rules, "FILE_SIZE", psl_rules.FILE_SIZE + 1)
    assert not psl_rules_current()
    monkeypatch.setattr(domains, "parsed_list", lambda: "parsed")
    assert bundled_list() == "parsed"


_LABEL = st.sampled_from(
    ["com", "co", "uk", "jp", "例え", "xn--r8jz45g", "公司", "xn--55qx5d", "ck", "www", "kawasaki",
     "city", "blogspot", "github", "io", "s3", "amazonaws", "рф", "xn--p1ai", "a", "ü", "de"]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(_LABEL, min_size=1, max_size=5).map(".".join))
def test_same_answers(name: str) -> None:
    for ours in (_OURS, _PARSED):
        for accept_unknown in (True, False):
            assert ours.privatesuffix(name, accept_unknown=accept_unknown) == (
                _THEIRS.privatesuffix(name, accept_unknown=accept_unknown)
            ), name
            assert ours.publicsuffix(name, accept_unknown=accept_unknown) == (
                _THEIRS.publicsuffix(name, accept_unknown=accept_unknown)
            ), name
