"""The core's fast paths compute exactly what the plain code computes.

Issue 5 made parsing and analysis faster by lazy segments, trusted spans, lazily
compiled regexes, one combined character scan, an untraced RFC 3986 §5.2.4 pass and
GC pauses around bulk object creation; each is checked here against the slow path it
replaces, so a speed-up can never change an answer.
"""

from __future__ import annotations

import gc
import re
import subprocess
import sys
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.memory import traced_peak
from uriinspector.core import charsets as cs
from uriinspector.core.characters import DiagnosticBudget, bad_ascii_pattern, scan_component
from uriinspector.core.grammar import LazyPattern
from uriinspector.core.legacy import _trace
from uriinspector.core.legacy._trace import MAX_LOOP_STEPS, remove_dot_segments_from
from uriinspector.core.normalize import remove_dot_segments as normalize_rds
from uriinspector.core.resolve import remove_dot_segments, trace_remove_dot_segments
from uriinspector.core.spans import GC_PAUSE_MIN, Span, gc_paused, trusted_span
from uriinspector.core.split import split, split_query, split_segments

PATHS = st.lists(
    st.sampled_from(["a", "b", ".", "..", "", "x.y", ".a", "a.", "%2E", ";p"]), max_size=14
).flatmap(
    lambda segs: st.sampled_from(["", "/"]).map(lambda lead: lead + "/".join(segs))
)


def _loop_steps(path: str) -> int:
    """Iterations of the traced §5.2.4 loop: one step each (below the recording cap)."""
    _, steps = trace_remove_dot_segments(path)
    return sum(1 for s in steps if "(rule 2" in s.rule)


@given(PATHS)
@settings(max_examples=400, deadline=None)
def test_untraced_remove_dot_segments_matches_the_traced_loop(path: str) -> None:
    # RFC 3986 §5.2.4: the same output and the same number of loop iterations
    out: list[str] = []
    count = remove_dot_segments_from(path, 0, out)
    traced, _ = trace_remove_dot_segments(path)
    assert "".join(out) == traced == remove_dot_segments(path) == normalize_rds(path)
    assert count == _loop_steps(path)


@pytest.mark.parametrize(
    ("path", "expected"),
    [  # RFC 3986 §5.2.4's two worked examples and the edge cases of rules A-E
        ("/a/b/c/./../../g", "/a/g"),
        ("mid/content=5/../6", "mid/6"),
        ("", ""),
        (".", ""),
        ("..", ""),
        ("/.", "/"),
        ("/..", "/"),
        ("../../g", "g"),
        (".//g", "/g"),
        ("/a/..//b", "//b"),
        ("a/..", "/"),
    ],
)
def test_untraced_remove_dot_segments_examples(path: str, expected: str) -> None:
    out: list[str] = []
    remove_dot_segments_from(path, 0, out)
    assert "".join(out) == expected == normalize_rds(path)


def test_long_trace_counts_the_iterations_done_in_bulk() -> None:
    path = "/" + "a/../b/./" * 400 + "c" * 3
    out: list[str] = []
    total = remove_dot_segments_from(path, 0, out)
    result, steps = trace_remove_dot_segments(path)
    assert result == "".join(out)
    loop = [s for s in steps if "(rule 2" in s.rule]
    assert len(loop) == MAX_LOOP_STEPS
    summary = [s for s in steps if s.rule == "5.2.4 (loop)"]
    assert len(summary) == 1
    assert f"… {total - MAX_LOOP_STEPS} more iterations" in summary[0].detail
    assert summary[0].value == result


# Segments beyond ASCII: the packed output is UTF-8 with lone surrogates passed through.
WIDE_PATHS = st.lists(
    st.sampled_from(["a", ".", "..", "", "...", ".a", "é", "\ud800", "\U0001f600", "%2E"]),
    max_size=24,
).flatmap(
    lambda segs: st.sampled_from(["", "/", "../", "./a/"]).map(lambda lead: lead + "/".join(segs))
)


@given(
    st.one_of(PATHS, WIDE_PATHS),
    st.integers(0, 6),
    st.integers(0, 4),
    st.integers(1, 8),
)
@settings(max_examples=500, deadline=None)
def test_remove_dot_segments_in_tiny_chunks_matches_the_traced_loop(
    path: str, split_chars: int, pack_segments: int, loop_steps: int
) -> None:
    # RFC 3986 §5.2.4: splitting the path a few characters at a time, packing the output
    # after a few segments (so rule 2C cuts packed bytes, and pops the traced loop's
    # own segments once the trace stops recording) changes neither output nor count
    expected, steps = trace_remove_dot_segments(path)
    iterations = sum(1 for s in steps if "(rule 2" in s.rule)
    with (
        mock.patch.object(_trace, "SPLIT_CHARS", split_chars),
        mock.patch.object(_trace, "PACK_SEGMENTS", pack_segments),
    ):
        out: list[str] = []
        assert remove_dot_segments_from(path, 0, out) == iterations
        assert "".join(out) == expected == normalize_rds(path)
        with mock.patch.object(_trace, "MAX_LOOP_STEPS", loop_steps):
            assert trace_remove_dot_segments(path)[0] == expected


def test_remove_dot_segments_holds_no_object_per_segment() -> None:
    """RFC 3986 §5.2.4 on 1 MB of "/./" (666,667 segments) peaked at 19.5 MB: a list slot
    and a string per segment; now the output packs into bytes as it grows."""
    path = "/./" * 333_334
    result, peak = traced_peak(lambda: normalize_rds(path))
    assert result == "/" * 333_334
    assert peak < 3 * len(path), f"peak {peak:,} bytes for {len(path):,}"


@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_trusted_span_equals_a_checked_span(a: int, b: int) -> None:
    start, end = min(a, b), max(a, b)
    fast = trusted_span(start, end)
    assert type(fast) is Span
    assert fast == Span(start, end) and hash(fast) == hash(Span(start, end))
    with pytest.raises(AttributeError):
        fast.start = 3  # type: ignore[misc]


@given(st.text(alphabet="ab/;=&?#:%.", max_size=40), st.booleans())
def test_lazy_segments_and_params_equal_the_eager_split(text: str, params: bool) -> None:
    untouched = split(text, segment_params=params)
    touched = split(text, segment_params=params)
    segs = touched.segments
    assert touched == untouched and hash(touched) == hash(untouched)
    assert segs == split_segments(text, touched.path, params=params)
    assert touched.query_params == split_query(touched.query)
    assert touched.segments is segs  # computed once, then kept
    for seg in segs:
        assert seg.span.of(text) == seg.text
    for qp in touched.query_params:
        assert qp.key.span.of(text) == qp.key.text


def test_gc_paused_restores_the_collector_state() -> None:
    assert gc.isenabled()
    with gc_paused(GC_PAUSE_MIN):
        assert not gc.isenabled()
    assert gc.isenabled()
    with gc_paused(GC_PAUSE_MIN - 1):
        assert gc.isenabled()  # too few objects to bother
    with pytest.raises(RuntimeError), gc_paused(GC_PAUSE_MIN):
        raise RuntimeError
    assert gc.isenabled()
    gc.disable()
    try:
        with gc_paused(GC_PAUSE_MIN):
            pass
        assert not gc.isenabled()  # a caller's own pause is kept
    finally:
        gc.enable()


def test_lazy_pattern_behaves_like_re_compile() -> None:
    source = r"(?i)%([0-9a-f]{2})"
    lazy, plain = LazyPattern(source), re.compile(source)
    assert not lazy.is_compiled
    text = "a%2Fb%zz%41"
    assert lazy.search(text).span() == plain.search(text).span()  # type: ignore[union-attr]
    assert lazy.is_compiled
    assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in plain.finditer(text)]
    assert lazy.findall(text, 2) == plain.findall(text, 2)
    assert lazy.sub("_", text) == plain.sub("_", text)
    assert lazy.split(text) == plain.split(text)
    assert lazy.match(text) is None and lazy.fullmatch("%41") is not None


ALPHABETS = [cs.RFC3986_PCHAR | frozenset("/"), cs.RFC3986_QUERY, cs.DIGIT, cs.DRAFT1993_PATH]


@given(
    st.text(
        alphabet=st.sampled_from(list("az09/?#[]%:@ \x00\x7fé\u202e\ud800AF-._~")), max_size=30
    ),
    st.sampled_from(range(len(ALPHABETS))),
    st.booleans(),
)
@settings(max_examples=300, deadline=None)
def test_one_pass_scan_reports_what_the_four_scans_report(
    text: str, which: int, percent_ok: bool
) -> None:
    bad = bad_ascii_pattern(ALPHABETS[which])
    assert bad is bad_ascii_pattern(ALPHABETS[which])  # one pattern per alphabet
    found = []
    for pattern in (bad, re.compile(bad.pattern)):  # fast path, then the plain scans
        budget = DiagnosticBudget(cap=3)
        scan_component(
            text, Span(0, len(text)), pattern, what="x", cite="RFC 3986 §3.3",
            edition="rfc3986", budget=budget, percent_ok=percent_ok,
        )
        found.append(budget.result())
    assert found[0] == found[1]


def test_importing_the_core_loads_no_heavy_dependency_and_compiles_no_grammar() -> None:
    code = (
        "import sys, uriinspector.core.analysis\n"
        "from uriinspector.core import host\n"
        "heavy = [m for m in ('ada_url', 'publicsuffixlist', 'confusable_homoglyphs', 'idna')"
        " if m in sys.modules]\n"
        "print(heavy, host._IPV6.is_compiled)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == "[] False"


def _ada_reading(text: str, base: str | None) -> tuple[object, ...]:
    """The browser's reading through ada-url's public ``parse_url`` (what
    ``read_whatwg`` did before it called ada's getters itself)."""
    import ada_url

    from uriinspector.core.whatwg import _ATTRIBUTES, _HOST_TYPES, COMPONENT_NAMES

    try:
        target = ada_url.join_url(base, text) if base is not None else text
        attrs = ada_url.parse_url(target, _ATTRIBUTES)
    except (ValueError, UnicodeError, TypeError) as exc:
        return (False, None, (), None, str(exc) or type(exc).__name__)
    comps = tuple((name, str(attrs.get(name, ""))) for name in COMPONENT_NAMES)
    kind = _HOST_TYPES.get(int(attrs["host_type"]), "domain")
    return (True, str(attrs["href"]), comps, kind, None)


_WEB_ALPHABET = st.lists(
    st.sampled_from(
        [*"ab1:/?#[]@%.\\-+ \t\n\x00", "%41", "%zz", "xn--", "\u0430", "\ud800", "\ufeff"]
    ),
    max_size=30,
).map("".join)


@given(
    st.one_of(_WEB_ALPHABET.map(lambda t: "http://" + t), _WEB_ALPHABET),
    st.sampled_from([None, "http://base.example/a/b", "not a base"]),
)
@settings(max_examples=600, deadline=None)
def test_read_whatwg_equals_ada_parse_url(text: str, base: str | None) -> None:
    # WHATWG URL Standard §4.4 via ada-url: the direct getters give what parse_url gives
    from uriinspector.core.whatwg import read_whatwg

    r = read_whatwg(text, base)
    assert (r.valid, r.href, r.components, r.host_type, r.error) == _ada_reading(text, base)


def test_read_whatwg_equals_ada_parse_url_on_the_bench_corpus() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    import corpus  # bench/corpus.py: seeded, no file needed

    from uriinspector.core.whatwg import read_whatwg

    for text in corpus.Gen(corpus.DEFAULT_SEED).corpus()[:3000]:
        r = read_whatwg(text)
        assert (r.valid, r.href, r.components, r.host_type, r.error) == _ada_reading(text, None)


# ---- chunked scans (issue 13: one regex call over 1 MB held the GIL 50-130 ms) ----------

def _patterns_with_reach() -> list[tuple[str, LazyPattern]]:
    """Every module-level LazyPattern of the core that is scanned in chunks."""
    import importlib
    import pkgutil

    import uriinspector.core as core

    found: dict[int, tuple[str, LazyPattern]] = {}
    for info in pkgutil.walk_packages(core.__path__, "uriinspector.core."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if isinstance(value, LazyPattern) and value.reach is not None:
                found[id(value)] = (f"{info.name}.{name}", value)
    for allowed in (cs.RFC3986_PCHAR, cs.RFC3986_QUERY):
        bad = bad_ascii_pattern(allowed)
        found[id(bad)] = (f"bad_ascii_pattern({len(allowed)})", bad)
        found[id(bad.any_bad)] = (f"bad_ascii_pattern({len(allowed)}).any_bad", bad.any_bad)
    return sorted(found.values(), key=lambda item: item[0])


CHUNKED = _patterns_with_reach()
SCAN_TEXT = st.text(
    alphabet=st.sampled_from(
        [*"%%%%2255EeCc8901Ff7Dd3a6z/?#@[ .\t\n\r", "\u200e", "\u202e", "\ufe0f", "\ud800", "é"]
    ),
    max_size=160,
)


def test_the_hot_scans_are_chunked() -> None:
    names = {name.rsplit(".", 1)[-1] for name, _ in CHUNKED}
    # the scans a 1 MB paste runs: the component scanner, findings, the ladder
    assert {"_SURROGATES", "_MALFORMED", "_CANDIDATE", "_DOUBLE", "_TAB_NL", "_TRIPLET"} <= names


@pytest.mark.parametrize(("name", "pattern"), CHUNKED, ids=[n for n, _ in CHUNKED])
@given(text=SCAN_TEXT, chunk=st.integers(1, 24), data=st.data())
@settings(max_examples=150, deadline=None)
def test_a_chunked_scan_finds_what_one_call_finds(
    name: str, pattern: LazyPattern, text: str, chunk: int, data: st.DataObject
) -> None:
    # issue 13: the same matches, counts and first match, whatever the chunk size
    from uriinspector.core import grammar

    assert pattern.reach is not None
    pos = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(pos, len(text) + 2))
    compiled = re.compile(pattern.pattern)
    expected = [m.span() for m in compiled.finditer(text, pos, end)]
    first = compiled.search(text, pos, end)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(grammar, "CHUNK", pattern.reach + chunk)
        assert [m.span() for m in pattern.finditer(text, pos, end)] == expected, name
        assert pattern.count(text, pos, end) == len(expected)
        found = pattern.search(text, pos, end)
        assert (found and found.span()) == (first and first.span())


def test_a_megabyte_is_scanned_in_chunks_with_the_same_matches() -> None:
    from uriinspector.core import grammar
    from uriinspector.core.characters import _MALFORMED

    text = ("%41%%zz" * 50_000 + "a" * 200_000 + "%") * 2  # runs across chunk edges too
    assert len(text) > 4 * grammar.CHUNK
    compiled = re.compile(_MALFORMED.pattern)
    assert [m.span() for m in _MALFORMED.finditer(text)] == [
        m.span() for m in compiled.finditer(text)
    ]
    assert _MALFORMED.count(text, 5) == len(compiled.findall(text, 5))
