"""The UTS #39 tables read from the generated ``confusable_data.py`` answer as the
``confusable_homoglyphs`` package's own data does (issue 22: the package's data, ~30 ms
of each process's first non-ASCII host, is no longer loaded)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator

import pytest
from confusable_homoglyphs import categories, confusables
from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.core import confusable_data
from uriinspector.core.findings import confusable_tables as tables
from uriinspector.core.findings import lookalike

_DATA = confusables.confusables_data


#: The shipped tables came from another release than the installed package's: the
#: package's own data is read (the requirements set a minimum version only).
_OTHER_RELEASE = not tables.generated_current()
_SKIP_OTHER = pytest.mark.skipif(
    _OTHER_RELEASE, reason="confusable_data.py: the installed package is another release"
)


@_SKIP_OTHER
def test_generated_tables_are_current_and_used() -> None:
    assert tables.generated_current()
    assert tables.latin_table() is confusable_data.LATIN
    assert tables.class_table() is confusable_data.CLASSES


@_SKIP_OTHER
def test_generated_tables_equal_the_package_derivations() -> None:
    assert tables.derive_latin(_DATA) == confusable_data.LATIN
    assert tables.derive_classes(_DATA) == confusable_data.CLASSES
    scripts = tables.derive_scripts(categories.categories_data)
    assert scripts == (confusable_data.SCRIPT_STARTS, confusable_data.SCRIPT_ENDS,
                       confusable_data.SCRIPTS)


def _boundaries() -> Iterator[int]:
    for first, last, _alias, _category in categories.categories_data["code_points_ranges"]:
        yield from (first - 1, first, first + 1, last - 1, last, last + 1)
    yield 0x10FFFF


def test_script_alias_equals_the_package_at_every_range_boundary() -> None:
    for cp in _boundaries():
        if 0 <= cp <= 0x10FFFF:
            assert tables.script_alias(chr(cp)) == categories.alias(chr(cp)), hex(cp)


@settings(max_examples=2000, deadline=None)
@given(st.characters())
def test_script_alias_equals_the_package(ch: str) -> None:
    assert tables.script_alias(ch) == categories.alias(ch)


def _reading_from_the_package(ch: str) -> str | None:
    """``lookalike._char_reading``'s class step, read from the package's data as it was."""
    for entry in _DATA.get(ch, ()):
        target = entry.get("c", "")
        if len(target) != 1 or target.isascii():
            continue
        for other in (target, *(e.get("c", "") for e in _DATA.get(target, ()))):
            if len(other) != 1:
                continue
            named = lookalike._name_reading(other) or lookalike._READS_AS_LATIN.get(other)
            if named is not None:
                return named
    return None


def _reading_from_the_table(ch: str) -> str | None:
    for other in tables.class_table().get(ch, ""):
        named = lookalike._name_reading(other) or lookalike._READS_AS_LATIN.get(other)
        if named is not None:
            return named
    return None


def test_class_readings_equal_the_package_for_every_listed_character() -> None:
    chars = {ch for ch in _DATA if len(ch) == 1}
    chars |= {c for chain in confusable_data.CLASSES.values() for c in chain}
    for ch in sorted(chars):
        assert _reading_from_the_table(ch) == _reading_from_the_package(ch), unicodedata.name(
            ch, hex(ord(ch))
        )


def test_package_data_is_read_when_the_generated_tables_are_stale(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(confusable_data, "SOURCE", ("0", 0, 0))
    for cached in (tables.generated_current, tables.latin_table, tables.class_table):
        cached.cache_clear()
    try:
        assert not tables.generated_current()
        assert tables.latin_table() is not confusable_data.LATIN
        assert tables.latin_table() == confusable_data.LATIN
        assert tables.class_table() == confusable_data.CLASSES
        assert tables.script_alias("ж") == "CYRILLIC"
    finally:
        monkeypatch.undo()
        for cached in (tables.generated_current, tables.latin_table, tables.class_table):
            cached.cache_clear()
        tables._script_ranges.cache_clear()
    assert tables.generated_current() is not _OTHER_RELEASE


@_SKIP_OTHER
def test_first_ascii_and_idn_hosts_do_not_load_the_package_data() -> None:
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from uriinspector.core.analysis import analyze\n"
        "analyze('https://embed.fr/')\n"
        "analyze('https://xn--r8jz45g.jp/feed')\n"
        "analyze('https://\u0440\u0430\u0443\u0440\u0430l.com/')\n"
        "print(sorted(m for m in sys.modules if m in ('confusable_homoglyphs.confusables',"
        " 'confusable_homoglyphs.categories', 'urllib.request', 'http.client')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
