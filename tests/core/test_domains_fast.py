"""``domains.private_suffix`` answers as the package's ``privatesuffix`` does (issue 22,
round 8): on names built from the list's own rules (exact, wildcard and exception ones,
with labels in front, case and trailing dots varied), on generated host names and raw
text, and on the hosts of the bench corpus, with unknown top-level names accepted and not.
"""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bench import corpus
from tests.strategies import anything, hostnames
from uriinspector.core import domains
from uriinspector.core.split import split


@cache
def _rule_names() -> list[str]:
    """The wildcard and exception rules as names, and every 40th exact one."""
    rules = sorted(domains._list()._publicsuffix)
    odd = [r.lstrip("!").removeprefix("*.") for r in rules if r[:1] in "!*"]
    return odd + rules[::40]


def _package(name: str, accept_unknown: bool) -> str | None:
    result = domains._list().privatesuffix(name, accept_unknown=accept_unknown)
    return result if isinstance(result, str) else None


def _same(name: str) -> None:
    for accept in (True, False):
        assert domains.private_suffix(name, accept) == _package(name, accept), (name, accept)


@st.composite
def _rule_based(draw: st.DrawFn) -> str:
    front = draw(st.lists(st.sampled_from(["www", "city", "a", "x-1", "KOBE", "é", ""]),
                          max_size=7))
    name = ".".join([*front, draw(st.sampled_from(_rule_names()))])
    if draw(st.booleans()):
        name = name.upper()
    return name + draw(st.sampled_from(["", ".", ".."]))


@settings(max_examples=600, deadline=None)
@given(st.one_of(_rule_based(), hostnames(), anything()))
@example("city.kobe.jp")
@example("www.ck")
@example("a.www.ck")
@example("b.c.ck")
@example("kobe.jp")
@example("ck")
@example("com")
@example("a..com")
@example("\u0130.com")
@example("example.com.")
@example("a.b.c.d.e.f.g.h.i.j.example.co.uk")
def test_private_suffix_matches_the_package(name: str) -> None:
    _same(name)


@pytest.mark.parametrize("rule", ["*.ck", "!www.ck", "!city.kobe.jp", "*.kobe.jp", "co.uk"])
def test_each_kind_of_rule(rule: str) -> None:
    base = rule.lstrip("!").removeprefix("*.")
    for name in (base, f"a.{base}", f"a.b.{base}", f"www.{base}", f"city.{base}"):
        _same(name)


def test_private_suffix_on_the_corpus_hosts() -> None:
    for link in corpus.load_corpus()[:5000]:
        host = split(link).host
        if host is not None and host.text:
            _same(host.text)


class _OtherRelease:
    """The package's list as a release that keeps its rules under other names would be."""

    def __init__(self, inner: object) -> None:
        self.inner = inner

    def privatesuffix(self, name: str, accept_unknown: bool = True) -> object:
        return self.inner.privatesuffix(name, accept_unknown=accept_unknown)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ["www.example.co.uk", "a.b.city.kobe.jp", "x.ck", "com", "a..b"])
def test_a_package_keeping_its_rules_elsewhere_is_asked_itself(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = {accept: _package(name, accept) for accept in (True, False)}
    monkeypatch.setattr(domains, "_psl", _OtherRelease(domains._list()))
    for accept in (True, False):
        assert domains.private_suffix(name, accept) == expected[accept], (name, accept)
