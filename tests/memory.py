"""Peak memory of one call, for the tests that hold a core function to a bounded
multiple of its input (the README's rule; issue 13)."""

from __future__ import annotations

import gc
import tracemalloc
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def traced_peak(call: Callable[[], T]) -> tuple[T, int]:
    """``call()``'s result and the most memory it held at once (bytes, tracemalloc),
    its input built before tracing starts."""
    gc.collect()
    tracemalloc.start()
    try:
        result = call()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return result, peak
