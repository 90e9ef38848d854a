"""lookalike-domain and brand-in-subdomain (batch contract 1.1, ``analyze``; UTS #39 §4
skeletons; the well-known list under resources/wellknown/)."""

from __future__ import annotations

import json
import tomllib
from importlib.resources import files
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.core.analysis import analyze
from uriinspector.core.domains import HOST_CACHE_SIZE
from uriinspector.core.findings import CODES, Finding, detect_text
from uriinspector.core.findings import lookalike as la
from uriinspector.core.spans import Span

LOOKALIKE = ("lookalike-domain", "brand-in-subdomain")


def brand_findings(uri: str) -> list[Finding]:
    return [f for f in detect_text(uri) if f.code in LOOKALIKE]


def only(uri: str) -> Finding:
    found = brand_findings(uri)
    assert len(found) == 1, (uri, found)
    return found[0]


# ---- the issue's own examples (issue 12 table) --------------------------------------------


def test_brand_spelled_out_in_front_of_another_site() -> None:
    f = only("https://paypal.com.evil-login.xyz/signin")
    assert (f.code, f.severity, f.imitates) == ("brand-in-subdomain", "danger", "paypal.com")
    assert "paypal.com" in f.message and "evil-login.xyz" in f.message
    # the span is the host's, so the window can select it
    assert f.span == Span(8, 8 + len("paypal.com.evil-login.xyz"))


def test_digit_for_letter_names_the_trick() -> None:
    f = only("https://paypa1.com/signin")
    assert (f.code, f.severity, f.imitates) == ("lookalike-domain", "danger", "paypal.com")
    assert f.message == "paypa1.com imitates paypal.com: the digit 1 stands for the letter l."


def test_rn_for_m() -> None:
    f = only("https://rnicrosoft.com/")
    assert f.imitates == "microsoft.com" and "'rn' stands for the letter m" in f.message


@pytest.mark.parametrize("dash", sorted(la.DASHES - {"-"}))
def test_every_dash_lookalike_splits_a_brand(dash: str) -> None:
    # UTS #39 confusables of HYPHEN-MINUS and Unicode's Dash characters all read as "-"
    f = only(f"https://pay{dash}pal.com/")
    assert (f.code, f.imitates) == ("lookalike-domain", "paypal.com")


@pytest.mark.parametrize("dash", ["\u2010", "\u2011", "\u2012", "\u2013", "\u2212", "\ufe63",
                                  "\uff0d"])
def test_the_dashes_the_brief_names(dash: str) -> None:
    assert dash in la.DASHES
    assert only(f"https://drop{dash}box.com/").imitates == "dropbox.com"


@pytest.mark.parametrize(
    ("host", "imitates", "trick"),
    [
        ("аррӏе.com", "apple.com", "Cyrillic Small Letter A"),
        ("xn--80ak6aa92e.com", "apple.com", "Palochka"),
        ("päypal.com", "paypal.com", "Diaeresis"),
        ("ƥaypal.com", "paypal.com", "P With Hook"),
        ("метамаѕк.io", "metamask.io", "Cyrillic Small Letter Em"),  # м → ʍ → ᴍ (UTS #39 class)
        ("g00gle.com", "google.com", "the digit 0 stands for the letter o"),
        ("micros0ft.com", "microsoft.com", "the digit 0"),
        ("4mazon.com", "amazon.com", "the digit 4 stands for the letter a"),
        ("vvellsfargo.com", "wellsfargo.com", "'vv' stands for the letter w"),
        ("clropbox.com", "dropbox.com", "'cl' stands for the letter d"),
        ("paypall.com", "paypal.com", "the letter 'l' is added"),
        ("micosoft.com", "microsoft.com", "the letter 'r' is left out"),
        ("microsfot.com", "microsoft.com", "swapped"),
        ("amazom.com", "amazon.com", "'m' replaces 'n'"),
        ("paypal-login-secure.com", "paypal.com", "joined with the words 'login-secure'"),
        ("secure-paypal.net", "paypal.com", "joined"),
        ("paypallogin.com", "paypal.com", "joined"),
        ("paypal.xyz", "paypal.com", "under the suffix .xyz"),
        ("paypal.co.evil", "paypal.com", "under the suffix .co.evil"),
        ("pay.pal.com", "paypal.com", "a dot splits the name"),
    ],
)
def test_each_trick_is_named(host: str, imitates: str, trick: str) -> None:
    f = only(f"https://{host}/")
    assert (f.code, f.severity, f.imitates) == ("lookalike-domain", "danger", imitates)
    assert trick in f.message and imitates in f.message


# ---- never on the real thing --------------------------------------------------------------


@pytest.mark.parametrize(
    "uri",
    [
        "https://login.microsoftonline.com/common/oauth2/v2.0/authorize",
        "https://signin.aws.amazon.com/console",
        "https://accounts.google.com/ServiceLogin",
        "https://www.paypal.com/signin",
        "https://paypal.me/someone",
        "https://www.paypal.de/",
        "https://appleid.apple.com/",
        "https://www.icloud.com/",
        "https://apple.news/AbC",
        "https://outlook.live.com/",
        "https://outlook.office365.com/owa/",
        "https://contoso.sharepoint.com/",
        "https://microsoft.github.io/vscode-docs/",
        "https://www.google.co.ma/",
        "https://www.dhl.com.mx/",
        "https://logistics.dhl/",
        "https://www.gov.uk/",
        "https://amazon.co.uk/",
        "https://mail.google.com/mail/u/0/",
        "https://secure.chase.com/web/auth/",
    ],
)
def test_real_login_hosts_are_never_flagged(uri: str) -> None:
    assert brand_findings(uri) == []


def test_every_listed_domain_and_its_subdomains_are_left_alone() -> None:
    idx = la.index()
    assert len(idx.listed) > 5000
    for domain in sorted(idx.listed):
        assert la.judge_host(domain) == (), domain
        assert la.judge_host("login." + domain) == (), domain


def test_a_listed_site_in_the_path_of_a_listed_site_is_fine() -> None:
    assert brand_findings("https://www.reddit.com/r/paypal.com/") == []
    assert brand_findings("https://en.wikipedia.org/wiki/PayPal.com") == []


def test_hosting_platform_subdomains_are_not_the_platform() -> None:
    # blogspot.com is a public suffix (private section): x.blogspot.com is its own site
    assert brand_findings("https://my-recipes.blogspot.com/") == []
    assert only("https://paypal.blogspot.com/").imitates == "paypal.com"
    assert only("https://paypal-resolution-center.herokuapp.com/").imitates == "paypal.com"


# ---- false alarms: short names, ordinary words, local scripts ------------------------------


@pytest.mark.parametrize(
    "host",
    [
        "upss.com",  # ups: no one-edit typos on names of 4 letters or fewer
        "dhk.com",
        "usp.com",
        "dhl-museum.org",  # a short name needs a phishing word beside it
        "ups.xyz",  # ups is an ordinary word: no wrong-suffix rule
        "chase.xyz",
        "appie.com",  # apple is a word: look-alike characters only
        "apple-pie-recipes.com",
        "snapple.com",
        "pineapple.com",
        "upstart.com",
        "chaser.com",
        "micron.com",
        "amazonia.org",
        "example.com",
        "аррӏе.ru",  # whole-script Cyrillic under a Cyrillic-country TLD (as idn.py)
        "münchen.de",
        "例え.jp",
    ],
)
def test_ordinary_names_near_brands_are_left_alone(host: str) -> None:
    assert brand_findings(f"https://{host}/") == []


@pytest.mark.parametrize(
    ("host", "imitates"),
    [
        ("dhl-parcel-tracking.com", "dhl.com"),
        ("ups-delivery-notice.com", "ups.com"),
        ("apple-id-verify.com", "apple.com"),
        ("app1e.com", "apple.com"),  # a word brand still gets look-alike characters
        ("dhl.xyz", "dhl.com"),
    ],
)
def test_short_and_word_brands_still_caught_with_evidence(host: str, imitates: str) -> None:
    assert only(f"https://{host}/").imitates == imitates


# ---- path, query, user name: warning -------------------------------------------------------


@pytest.mark.parametrize(
    ("uri", "imitates", "where"),
    [
        ("https://evil.example/paypal.com/signin", "paypal.com", "path"),
        ("https://example.net/r?to=login.microsoftonline.com", "microsoftonline.com", "query"),
        ("https://paypal.com@evil.example/", "paypal.com", "user name"),
        ("https://203.0.113.9/amazon.co.uk/ap/signin", "amazon.co.uk", "path"),
    ],
)
def test_brand_only_in_path_query_or_userinfo_is_a_warning(
    uri: str, imitates: str, where: str
) -> None:
    f = only(uri)
    assert (f.code, f.severity, f.imitates) == ("brand-in-subdomain", "warning", imitates)
    assert f"The {where} spells out {imitates}" in f.message
    assert imitates in uri[f.span.start : f.span.end]


# ---- the contract: codes, imitates, JSON ----------------------------------------------------


def test_codes_are_in_the_contract_list() -> None:
    assert set(LOOKALIKE) <= set(CODES)


def test_imitates_is_in_the_json_only_when_set() -> None:
    answer = analyze("https://paypa1.com/").to_json()
    findings = answer["findings"]
    assert isinstance(findings, list)
    brand = [f for f in findings if f["code"] == "lookalike-domain"]
    assert brand and brand[0]["imitates"] == "paypal.com"
    other = analyze("http://0x7f.1/").to_json()["findings"]
    assert isinstance(other, list) and other
    assert all("imitates" not in f for f in other)
    json.dumps(answer)


# ---- index and caches -----------------------------------------------------------------------


def test_index_is_built_once_and_per_host_caches_are_bounded() -> None:
    assert la.index() is la.index()
    # one host cache size for the analysis (domains.HOST_CACHE_SIZE), bounded
    assert la.judge_host.cache_info().maxsize == HOST_CACHE_SIZE == 16_384
    assert la.skeleton.cache_info().maxsize == 4096


def test_typo_lookup_is_a_symmetric_delete_table_not_a_scan() -> None:
    idx = la.index()
    # every typo name is reachable from its own one-letter deletions
    for label, name in idx.names.items():
        if name.typo:
            assert label in idx.deletes[label[1:]]
    # Chromium names outside the top bucket get no typo rule (too many ordinary words)
    assert not idx.names["wikihow"].typo or len("wikihow") >= 8
    assert sum(n.typo for n in idx.names.values()) < 400


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_any_host_text_is_answered_never_raised(text: str) -> None:
    for uri in (f"https://{text}/", f"https://{text}.com/{text}", f"https://a@{text}/?q={text}"):
        for f in brand_findings(uri):
            assert f.imitates and f.severity in ("danger", "warning")


def test_every_confusable_is_read_without_raising() -> None:
    # a UTS #39 class member can be several code points (U+200E ٨ U+200E in Ʌ's class):
    # it has no one Unicode name, and reading 21 characters (۸, ⸲, Λ, ...) raised TypeError,
    # so analyze raised on a host holding one
    from confusable_homoglyphs import confusables

    for ch in confusables.confusables_data:
        if len(ch) == 1:
            la._char_reading.__wrapped__(ch)
    assert [f.code for f in analyze("https://pay\u06f8al.com/").findings] == ["mixed-script-host"]
    assert [f.code for f in analyze("https://pay\u2e32al.com/").findings] == ["confusable-host"]


def test_huge_hosts_are_bounded() -> None:
    assert brand_findings("https://" + "paypal." * 2000 + "com/") == []
    brand_findings("https://x.example/" + "paypal.com/" * 100_000)


# ---- the data ships, documented -------------------------------------------------------------


def test_the_wellknown_lists_ship_with_their_source_and_licence() -> None:
    pyproject = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())
    patterns = pyproject["tool"]["setuptools"]["package-data"]["uriinspector.resources"]
    assert "wellknown/*" in patterns
    folder = files("uriinspector.resources").joinpath("wellknown")
    text = folder.joinpath("domains.list").read_text("utf-8")
    assert "components/url_formatter/spoof_checks/top_domains/domains.list" in text
    assert "BSD-3-Clause" in text and "retrieved 2026-11-25" in text
    lines = [ln for ln in text.splitlines() if ln and not ln.startswith("# ")]
    assert "###END_TOP_BUCKET###" in lines and len(lines) > 4900
    assert "Copyright 2015 The Chromium Authors" in folder.joinpath("LICENSE.chromium").read_text()
    brands = folder.joinpath("brands.list").read_text("utf-8")
    assert brands.count(" | ") >= 2 * 100  # at least 100 curated brands


# ---- scripts resolved through Script_Extensions (UAX #24, UTS #39 §5.1) ---------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("аррӏе", {"CYRILLIC"}),
        ("аррӏе\u0483", {"CYRILLIC"}),  # COMBINING CYRILLIC TITLO: Inherited, scx Cyrl Perm
        ("аррӏе\u30fc", set()),  # PROLONGED SOUND MARK: Common, scx Hira Kana
        ("例え", {"JPAN"}),  # Han + Hiragana resolve to Japanese (augmented sets)
        ("\u0661\u0662", {"ARABIC", "THAANA"}),  # Arabic-Indic digits: Common, scx Arab Thaa
        ("12-3", None),
        ("аpple", set()),
    ],
)
def test_resolved_script_sets(text: str, expected: set[str] | None) -> None:
    from uriinspector.core.findings.scripts import resolved_scripts

    got = resolved_scripts(text)
    if expected is None:
        assert got is None
    else:
        assert got is not None and expected <= got and (bool(got) == bool(expected))


def test_native_cyrillic_name_needs_a_single_resolved_script() -> None:
    assert brand_findings("https://аррӏе.ru/") == []
    assert brand_findings("https://аррӏе\u0483.ru/") == []
    # a Katakana mark inside makes it no single-script name: the look-alike is reported
    assert only("https://а\u30fcррӏе.ru/").imitates == "apple.com"


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="ab.-1\u3002\uff0e\uff61é", max_size=30))
def test_split_labels_equals_the_uts46_dot_split(host: str) -> None:
    # an ASCII host is split by str.split (issue 22): the same labels as the regex's
    assert la._split_labels(host) == la._DOTS.split(host)
