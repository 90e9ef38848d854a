"""UTS #39 tables the host findings read: Latin look-alikes, confusable classes, scripts.

They come from the ``confusable_homoglyphs`` package's data (UTS #39 confusables.txt and
Unicode Scripts.txt as JSON). Reading that data through the package cost each process
~12 ms for confusables.json and ~20 ms of imports (its ``utils`` imports
``urllib.request``, which imports ``http.client``, ``ssl`` and ``email``) at its first
non-ASCII host. The tables derived from it are generated into ``confusable_data.py``
(``python -m uriinspector.core.datagen``) and used while the installed package holds
the data they were made from; otherwise they are derived from the package's data here,
on first use, by the same functions the generator runs.
"""

from __future__ import annotations

import os
from bisect import bisect_right
from functools import lru_cache
from typing import Any

#: confusables.json's shape: character -> entries, each with its look-alike ``"c"``.
ConfusablesData = dict[str, list[dict[str, str]]]


def derive_latin(data: ConfusablesData) -> dict[str, str]:
    """Each non-ASCII character that UTS #39 lists as a look-alike of one ASCII letter or
    digit, mapped to it (``"а" -> "a"``; a lowercase letter is preferred)."""
    out: dict[str, str] = {}
    for ch, entries in data.items():
        if len(ch) != 1 or ch.isascii():
            continue
        best: str | None = None
        for entry in entries:
            c = entry.get("c", "")
            if len(c) == 1 and c.isascii() and c.isalnum():
                low = c.lower()
                if best is None or (c.islower() and not best.islower()):
                    best = low if c.isalpha() else c
        if best is not None:
            out[ch] = best
    return out


def derive_classes(data: ConfusablesData) -> dict[str, str]:
    """Per character, the one-character look-alikes a reading tries, in order: each
    non-ASCII one-character entry of ``data[ch]``, then the other members of its UTS #39
    class (``м`` → ``ʍ`` → ``ᴍ``); members of several code points are left out, and a
    character tried before is not tried again."""
    out: dict[str, str] = {}
    for ch, entries in data.items():
        if len(ch) != 1:
            continue
        tried: dict[str, None] = {}
        for entry in entries:
            target = entry.get("c", "")
            if len(target) != 1 or target.isascii():
                continue
            for other in (target, *(e.get("c", "") for e in data.get(target, ()))):
                if len(other) == 1:
                    tried[other] = None
        if tried:
            out[ch] = "".join(tried)
    return out


def derive_scripts(
    categories: dict[str, Any],
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[str, ...]]:
    """categories.json's code point ranges as ``(starts, ends, scripts)``, adjacent ranges
    of one script merged: the answers of ``categories.alias``, looked up by bisection.

    Raises ValueError if the ranges are not sorted and disjoint (the package's own binary
    search assumes they are)."""
    aliases = categories["iso_15924_aliases"]
    starts: list[int] = []
    ends: list[int] = []
    names: list[str] = []
    for first, last, alias, _category in categories["code_points_ranges"]:
        if last < first or (ends and first <= ends[-1]):
            raise ValueError(f"categories.json: range {first}-{last} out of order")
        name = str(aliases[alias])
        if names and names[-1] == name and ends[-1] == first - 1:
            ends[-1] = last
        else:
            starts.append(first)
            ends.append(last)
            names.append(name)
    return tuple(starts), tuple(ends), tuple(names)


def source_stamp() -> tuple[str, int, int] | None:
    """``(version, confusables.json size, categories.json size)`` of the installed
    package's data, read without loading it; None when ``CONFUSABLE_DATA`` points the
    package at other files."""
    if os.environ.get("CONFUSABLE_DATA"):
        return None
    import confusable_homoglyphs

    folder = os.path.dirname(confusable_homoglyphs.__file__)
    return (
        str(confusable_homoglyphs.__version__),
        os.path.getsize(os.path.join(folder, "confusables.json")),
        os.path.getsize(os.path.join(folder, "categories.json")),
    )


@lru_cache(maxsize=1)
def generated_current() -> bool:
    """Whether ``confusable_data.py`` was generated from the installed package's data."""
    from uriinspector.core import confusable_data

    return source_stamp() == confusable_data.SOURCE


@lru_cache(maxsize=1)
def latin_table() -> dict[str, str]:
    """:func:`derive_latin` of the package's confusables (generated, or derived now)."""
    if generated_current():
        from uriinspector.core import confusable_data

        return confusable_data.LATIN
    from confusable_homoglyphs import confusables

    return derive_latin(confusables.confusables_data)


@lru_cache(maxsize=1)
def class_table() -> dict[str, str]:
    """:func:`derive_classes` of the package's confusables (generated, or derived now)."""
    if generated_current():
        from uriinspector.core import confusable_data

        return confusable_data.CLASSES
    from confusable_homoglyphs import confusables

    return derive_classes(confusables.confusables_data)


@lru_cache(maxsize=1)
def _script_ranges() -> tuple[tuple[int, ...], tuple[int, ...], tuple[str, ...]] | None:
    if not generated_current():
        return None
    from uriinspector.core import confusable_data

    return confusable_data.SCRIPT_STARTS, confusable_data.SCRIPT_ENDS, confusable_data.SCRIPTS


def script_alias(ch: str) -> str:
    """The script of one character as ``categories.alias`` names it (Scripts.txt:
    ``LATIN``, ``CYRILLIC``, ``COMMON``; ``Unknown`` if unlisted)."""
    ranges = _script_ranges()
    if ranges is None:
        from confusable_homoglyphs import categories

        return str(categories.alias(ch))
    starts, ends, names = ranges
    cp = ord(ch)
    i = bisect_right(starts, cp) - 1
    return names[i] if i >= 0 and cp <= ends[i] else "Unknown"
