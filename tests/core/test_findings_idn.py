"""punycode-host, mixed-script-host, confusable-host (IDNA 2008 / UTS #46, UTS #39)."""

from __future__ import annotations

import pytest

from uriinspector.core.findings import detect_text


def sev(uri: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for f in detect_text(uri):
        out.setdefault(f.code, f.severity)
    return out


def test_whole_script_cyrillic_apple() -> None:
    [f] = [f for f in detect_text("https://аррӏе.com/") if f.code == "confusable-host"]
    assert f.severity == "danger"
    assert f.message.startswith("аррӏе.com reads as apple.com")
    assert "xn--80ak6aa92e.com" in f.message


def test_punycode_shows_unicode_beside_ascii() -> None:
    found = detect_text("https://xn--80ak6aa92e.com/")
    puny = [f for f in found if f.code == "punycode-host"]
    assert puny and "xn--80ak6aa92e" in puny[0].message and "аррӏе" in puny[0].message
    assert any(f.code == "confusable-host" and f.severity == "danger" for f in found)


@pytest.mark.parametrize("host", ["gооgle.com", "pаypal.com", "gοοgle.com", "twіtter.com"])
def test_mixed_script_lookalikes(host: str) -> None:
    found = sev(f"https://{host}/")
    assert found["mixed-script-host"] == "danger"
    assert found["confusable-host"] == "danger"


def test_latin_lookalike_letters() -> None:
    assert sev("https://ɡoogle.com/")["confusable-host"] == "danger"


@pytest.mark.parametrize(
    "host",
    ["münchen.de", "例え.jp", "яндекс.рф", "bücher.de", "café.fr", "中国.cn", "한국.kr",
     "ελλάδα.gr", "日本語.jp", "straße.de", "xn--mnchen-3ya.de", "россия.рф"],
)
def test_legitimate_idns_raise_no_danger(host: str) -> None:
    assert "danger" not in sev(f"https://{host}/").values()


def test_cyrillic_lookalike_under_cyrillic_tld_is_a_warning() -> None:
    assert sev("https://xn--80ak6aa92e.ru/")["confusable-host"] == "warning"


def test_ascii_hosts_skip_the_idn_data() -> None:
    assert sev("https://example.com/") == {}


def test_a_long_lookalike_host_is_named_in_linear_time_and_not_cached() -> None:
    # a megabyte-long host of look-alikes: every foreign letter named by its first 8
    # places (a list-membership test per letter was quadratic: 64 K took 6.9 s), and
    # its letters kept out of the per-label caches (they would hold ~100 MB)
    from uriinspector.core.analysis import analyze
    from uriinspector.core.findings import idn

    host = "аpple-раураl-" * 20_000  # Cyrillic а, р, у among Latin letters
    before = (idn._label_letters.cache_info().currsize, idn.name_letters.cache_info().currsize)
    found = [f for f in analyze(f"http://{host}.com/").findings if f.code == "confusable-host"]
    assert len(found) == 1
    assert ("the `а` at code points 7, 14, 17, 20, 27, 30, 33, 40 is CYRILLIC SMALL LETTER A"
            in found[0].message)
    after = (idn._label_letters.cache_info().currsize, idn.name_letters.cache_info().currsize)
    assert after == before
