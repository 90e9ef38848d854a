"""How a call's cost grows with its input, for tests that hold a reader to linear time
(issue 20): CPU time, best of a few repeats, at one size and at twice that size."""

from __future__ import annotations

import gc
import math
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

#: Cost at 2x the input over cost at 1x that a linear reader stays under (quadratic: 4).
MAX_RATIO = 2.6
#: Below this many CPU seconds a run is timer noise: the 1x cost is taken as at least it.
FLOOR_S = 0.004


def best_cost(call: Callable[[], object], repeats: int = 3) -> float:
    """The least CPU time (``time.process_time``) of ``repeats`` runs of ``call``."""
    best = float("inf")
    gc_was = gc.isenabled()
    gc.disable()  # a collection landing in one run is not the reader's cost
    try:
        for _ in range(repeats):
            started = time.process_time()
            call()
            best = min(best, time.process_time() - started)
    finally:
        if gc_was:
            gc.enable()
    return best


def growth(
    make: Callable[[int], object], call: Callable[[object], object], n: int, repeats: int = 5
) -> float:
    """Cost of ``call(make(2n))`` over cost of ``call(make(n))`` (inputs built untimed),
    each the best of ``repeats`` runs, the two sizes taken in turn so that a burst of
    load on the shared machine falls on both. A ratio over ``MAX_RATIO`` is measured once
    more and the smaller one kept: a quadratic cost gives about 4 every time, a burst of
    load on 2 shared cores gave 3.9 once for a reader that gives 2.0 in six runs of six."""
    small, large = make(n), make(2 * n)
    call(small)  # warm imports and caches out of the first timing
    ratio = float("inf")
    for _ in range(2):
        one = two = float("inf")
        for _ in range(repeats):
            one = min(one, best_cost(lambda: call(small), 1))
            two = min(two, best_cost(lambda: call(large), 1))
        ratio = min(ratio, two / max(one, FLOOR_S))
        if ratio <= MAX_RATIO:
            break
    return ratio


def limit_for(factor: int) -> float:
    """The largest ratio that still reads as linear at ``factor`` times the input
    (``MAX_RATIO`` per doubling: 6.8 at 4x, where quadratic work gives 16)."""
    return float(MAX_RATIO ** math.log2(factor))


def growth_by(make: Callable[[int], T], run: Callable[[T], object], size: int,
              factor: int = 2, repeats: int = 3) -> float:
    """Cost of ``run(make(factor * size))`` over the cost of ``run(make(size))``, each the
    least of ``repeats`` calls, the two sizes taken in turn (issue 22: any factor)."""
    small, big = make(size), make(factor * size)
    run(small)  # first-use imports and tables are not the algorithm's cost
    low = high = float("inf")
    for _ in range(repeats):
        low = min(low, best_cost(lambda: run(small), 1))
        high = min(high, best_cost(lambda: run(big), 1))
    return high / max(low, 1e-6)


def assert_linear(make: Callable[[int], T], run: Callable[[T], object], size: int,
                  factor: int = 2, repeats: int = 3, what: str = "") -> None:
    """Fail when ``run`` costs more than linearly more at ``factor`` times ``size``
    (measured up to three times: a busy neighbour can stretch one size)."""
    limit = limit_for(factor)
    ratio = growth_by(make, run, size, factor, repeats)
    for _ in range(2):
        if ratio <= limit:
            break
        ratio = min(ratio, growth_by(make, run, size, factor, 2 * repeats))
    assert ratio <= limit, f"{what or 'cost'} grew x{ratio:.2f} at x{factor} the input"
