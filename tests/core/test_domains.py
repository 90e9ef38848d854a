"""The Public Suffix List as ``core.domains`` builds it: the package's own rules, each
IDN rule's punycode form added without running the IDNA codec on the ASCII ones."""

from __future__ import annotations

from publicsuffixlist import PublicSuffixList

from uriinspector.core import domains


def test_the_rules_are_those_the_package_builds() -> None:
    ours = PublicSuffixList(domains.packaged_rules(), accept_encoded_idn=False)
    theirs = PublicSuffixList()
    # The parsed rule set is the whole state a look-up reads (a test may look inside).
    assert ours._publicsuffix == theirs._publicsuffix
    assert ours._maxlabel == theirs._maxlabel


def test_idn_suffixes_are_known_in_both_forms() -> None:
    assert domains.registrable_domain("www.example.公司.cn") == "example.公司.cn"
    assert domains.registrable_domain("www.example.xn--55qx5d.cn") == "example.xn--55qx5d.cn"
    assert domains.registrable_domain("a.b.c.kawasaki.jp") == "b.c.kawasaki.jp"  # *.kawasaki.jp
    assert domains.registrable_domain("city.kawasaki.jp") == "city.kawasaki.jp"  # !city.kawasaki.jp
