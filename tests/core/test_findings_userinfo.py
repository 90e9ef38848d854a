"""misleading-userinfo and credentials-in-userinfo (draft-2003 §7.4, §7.5)."""

from __future__ import annotations

from uriinspector.core.findings import Finding, detect_text


def by_code(text: str, code: str) -> list[Finding]:
    return [f for f in detect_text(text) if f.code == code]


def test_draft_2003_semantic_attack_example() -> None:
    uri = "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm"
    [f] = by_code(uri, "misleading-userinfo")
    assert f.severity == "danger"
    assert f.span.of(uri) == "www.example.com&story=breaking_news"
    assert "This link goes to 10.0.0.1." in f.message
    assert "'www.example.com&story=breaking_news' is only a user name" in f.message
    assert "§7.5" in f.message


def test_port_looking_password() -> None:
    uri = "http://google.com:80@evil.com/"
    [mis] = by_code(uri, "misleading-userinfo")
    [cred] = by_code(uri, "credentials-in-userinfo")
    assert mis.severity == "danger" and "evil.com" in mis.message
    assert cred.span.of(uri) == ":80"
    assert "':80' is a password, not a port" in cred.message
    assert "§7.4" in cred.message


def test_dotted_user_before_ip_is_danger() -> None:
    [f] = by_code("http://secure.login@203.0.113.51/", "misleading-userinfo")
    assert f.severity == "danger"


def test_dotted_user_before_name_is_warning() -> None:
    [f] = by_code("http://john.doe@example.com/", "misleading-userinfo")
    assert f.severity == "warning"


def test_long_padding() -> None:
    [f] = by_code("http://" + "a" * 60 + "@evil.example/", "misleading-userinfo")
    assert f.severity == "warning" and "padding" in f.message


def test_url_in_userinfo() -> None:
    [f] = by_code("http://https:%2F%2Fwww.paypal.com@evil.example/", "misleading-userinfo")
    assert f.severity == "danger"


def test_plain_user_names_are_quiet() -> None:
    for uri in ("ssh://git@github.com/x.git", "https://user@example.com/",
                "https://medium.com/@user", "https://unpkg.com/react@18.2.0/"):
        assert by_code(uri, "misleading-userinfo") == []


def test_anonymous_ftp_password_is_not_a_disguise() -> None:
    uri = "ftp://anonymous:anon%40example.com@ftp.example.org/"
    assert by_code(uri, "misleading-userinfo") == []
    assert [f.severity for f in by_code(uri, "credentials-in-userinfo")] == ["warning"]
