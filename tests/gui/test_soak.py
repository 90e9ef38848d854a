"""Soak: many keystrokes into the real window, offscreen; memory and ``None`` stay flat.

Issue 5 asks for 50,000 keystrokes. That run takes minutes, so it is a ``soak`` run:
``make soak`` types ``SOAK_KEYS`` (``make soak SOAK_KEYS=50000`` for the issue's run);
``make test`` types 3,000. Both type a rotation of hostile links character by character, then
erase them with Backspace (every keystroke is a full analysis and a repaint of the
visible panes), and sample RSS (``/proc/self/statm``) and ``sys.getrefcount(None)``.

* RSS: after a warm-up third, the last samples may not exceed the post-warm-up level
  by more than a small allowance (allocator noise), and must not keep climbing.
* ``None``: its refcount must not trend down (the PySide6 6.12.0 / CPython 3.11 crash
  direction; a wander of a few hundred as caches fill is not that) and must not rise
  either (a rise means some call keeps a reference): under 0.05 per keystroke after the
  warm-up third.
"""

from __future__ import annotations

import gc
import os
import statistics
import sys
from dataclasses import dataclass

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from uriinspector.gui import MainWindow

LINKS = (
    "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm",
    "https://аррӏе.com/login?next=%2F%2Fevil.example",
    "http://[fe80::1%25eth0]:8080/a/./b/../c?x=%zz#frag",
    "http://0x7f.0.0.1:22/",
    "urn:example:a%2Fb?+r=1?=q#f",
    "javascript:alert(document.cookie)",
    "https://t.example/r?url=https%3A%2F%2Fwww.paypal.com.evil.example%2F&utm_source=x",
)
PAGE = os.sysconf("SC_PAGE_SIZE")


def rss_mb() -> float:
    with open("/proc/self/statm", encoding="ascii") as fh:
        return int(fh.read().split()[1]) * PAGE / 2**20


@dataclass
class Sample:
    keys: int
    rss_mb: float
    none_refs: int


def soak(window: MainWindow, keystrokes: int, samples: int = 30) -> list[Sample]:
    """Type and erase ``LINKS`` until at least ``keystrokes`` keys were sent."""
    field = window.uriField
    field.setFocus()
    out: list[Sample] = []
    every = max(1, keystrokes // samples)
    sent = 0
    next_sample = 0
    i = 0
    while sent < keystrokes:
        link = LINKS[i % len(LINKS)]
        i += 1
        keys: list[str | Qt.Key] = [*link, *([Qt.Key.Key_Backspace] * len(link))]
        for key in keys:  # whole type-and-erase cycles: may overshoot by one link
            QTest.keyClick(field, key)
            sent += 1
            if sent >= next_sample:
                QApplication.processEvents()
                gc.collect()
                out.append(Sample(sent, rss_mb(), sys.getrefcount(None)))
                next_sample += every
        QApplication.processEvents()
    window.controller.wait_for_workers()
    QApplication.processEvents()
    gc.collect()
    out.append(Sample(sent, rss_mb(), sys.getrefcount(None)))
    return out


def check_rss(samples: list[Sample], allowance_mb: float) -> None:
    warm = samples[len(samples) // 3 :]
    base = statistics.median(s.rss_mb for s in warm[:3])
    tail = statistics.median(s.rss_mb for s in warm[-3:])
    peak = max(s.rss_mb for s in warm)
    assert tail - base <= allowance_mb, (
        f"RSS grew {tail - base:.1f} MB after warm-up ({base:.1f} -> {tail:.1f} MB, "
        f"peak {peak:.1f}) over {samples[-1].keys - warm[0].keys} keystrokes"
    )


def check_none_never_falls(samples: list[Sample]) -> None:
    """The PySide6 6.12.0 / CPython 3.11 bug takes one reference from None on every void
    call: thousands a minute, a steady fall until the process aborts. A healthy window's
    count wanders by a few hundred as caches fill and frames come and go (seen in CI:
    +-150 around a flat line over 12,000 keys), so judge the trend, not one sample."""
    keys = samples[-1].keys
    first = samples[0].none_refs
    lowest = min(s.none_refs for s in samples)
    bound = max(1_000, keys // 20)
    assert first - lowest < bound, (
        f"sys.getrefcount(None) fell from {first} to {lowest} (more than {bound}) over "
        f"{keys} keystrokes: the PySide6 6.12.0 / CPython 3.11 bug "
        "(keep PySide6-Essentials<6.12 on Python < 3.12)"
    )
    slope = none_slope_per_key(samples)
    assert slope > -0.05, (
        f"sys.getrefcount(None) falls {-slope:.3f} per keystroke: the PySide6 6.12.0 / "
        "CPython 3.11 bug (keep PySide6-Essentials<6.12 on Python < 3.12)"
    )


def none_slope_per_key(samples: list[Sample]) -> float:
    """Least-squares slope of None's refcount against keystrokes, after the warm-up third."""
    warm = samples[len(samples) // 3 :]
    if len(warm) < 2 or warm[-1].keys == warm[0].keys:
        return 0.0
    fit = statistics.linear_regression([s.keys for s in warm], [s.none_refs for s in warm])
    return fit.slope


def none_rise_per_key(samples: list[Sample]) -> float:
    warm = samples[len(samples) // 3 :]
    return (warm[-1].none_refs - warm[0].none_refs) / max(1, warm[-1].keys - warm[0].keys)


pytestmark = pytest.mark.window(shown=True)


def test_soak_3000_keystrokes(window: MainWindow) -> None:
    samples = soak(window, 3_000)
    assert window.uri() == ""  # every link typed was erased again
    check_rss(samples, allowance_mb=12)
    check_none_never_falls(samples)


#: PySide6 6.11.3 (CPython 3.11) keeps one reference to None for every item *made in
#: Python* (QTreeWidgetItem(...), QListWidgetItem(...), QTextDocument()) on which C++
#: later calls a virtual method (painting calls data(); setText calls setData), once
#: the item is destroyed. Every pane builds its rows with _common.tree_item/list_item/
#: table_item (clones of a prototype, made by C++) and the HTML delegate and banner
#: reuse one QTextDocument, so typing into the whole window keeps None flat.
def test_soak_none_refcount_does_not_rise(window: MainWindow) -> None:
    """The default layout (Components and Findings shown): None stays flat."""
    samples = soak(window, 1_500, samples=10)
    rise = none_rise_per_key(samples)
    assert rise < 0.05, f"sys.getrefcount(None) rises {rise:.2f} per keystroke"


@pytest.mark.parametrize("shown", ["ladder", "characters", "resolution", "urn"])
def test_soak_none_refcount_flat_without_components(window: MainWindow, shown: str) -> None:
    """Every pane but Components, each raised in turn with Findings, keeps None flat."""
    window.docks["components"].close()
    window.docks[shown].raise_()
    QApplication.processEvents()
    assert not window.docks[shown].visibleRegion().isEmpty()
    samples = soak(window, 700, samples=8)
    rise = none_rise_per_key(samples)
    assert rise < 0.05, f"sys.getrefcount(None) rises {rise:.2f} per keystroke ({shown} shown)"


@pytest.mark.soak
@pytest.mark.timeout(3600)
def test_soak_50000_keystrokes(window: MainWindow) -> None:
    """The issue's full soak (``make soak SOAK_KEYS=50000``; ``make soak`` types
    ``SOAK_KEYS``, 12,000 by default, to stay a few minutes in CI); prints the samples
    for docs/robustness.md."""
    keys = int(os.environ.get("SOAK_KEYS", "50000"))
    samples = soak(window, keys, samples=50)
    for s in [*samples[:: max(1, len(samples) // 10)], samples[-1]]:
        print(f"SOAK keys={s.keys} rss_mb={s.rss_mb:.1f} none_refs={s.none_refs}")
    print(f"SOAK none_rise_per_key={none_rise_per_key(samples):.3f}")
    check_rss(samples, allowance_mb=25)
    check_none_never_falls(samples)
    rise = none_rise_per_key(samples)
    assert rise < 0.05, f"sys.getrefcount(None) rises {rise:.2f} per keystroke"


def test_the_none_check_tells_a_wander_from_the_bug() -> None:
    """CI's 12,000-key samples (a wander of +-150) pass; a fall of one per key fails."""
    wander = [5870771, 5870772, 5870688, 5870747, 5870634, 5870663, 5870735, 5870762,
              5870725, 5870731, 5870747, 5870620, 5870692, 5870624]
    step = 12_000 // (len(wander) - 1)
    check_none_never_falls([Sample(i * step + 1, 900.0, n) for i, n in enumerate(wander)])
    falling = [Sample(k, 900.0, 5_870_771 - k) for k in range(1, 12_001, 240)]
    with pytest.raises(AssertionError, match=r"PySide6 6\.12\.0"):
        check_none_never_falls(falling)
    slow = [Sample(k, 900.0, 5_870_771 - k // 10) for k in range(1, 6_001, 120)]  # 600 in all
    with pytest.raises(AssertionError, match=r"falls 0\.100 per keystroke"):
        check_none_never_falls(slow)
