"""``column_fit.shrink_to``: short columns cut widest first, never below their floor,
and the narrow ones kept whole (hypothesis)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from uriinspector.gui.panes.column_fit import shrink_to

widths = st.dictionaries(st.integers(0, 6), st.integers(0, 2000), min_size=1, max_size=7)


@given(widths, st.integers(0, 4000), st.integers(0, 60))
def test_shrink_to_fits_the_budget_widest_first(
    wanted: dict[int, int], budget: int, floor: int
) -> None:
    budget = max(budget, floor * len(wanted))  # as ColumnFit.fit asks
    got = shrink_to(wanted, budget, floor)
    assert got.keys() == wanted.keys()
    if sum(wanted.values()) <= budget:
        assert got == wanted  # nothing to cut
        return
    assert sum(got.values()) <= budget
    assert all(got[c] <= wanted[c] or got[c] == floor for c in wanted)
    assert all(got[c] >= min(floor, wanted[c]) for c in wanted)
    cut = [c for c in wanted if got[c] < wanted[c]]
    kept = [c for c in wanted if got[c] == wanted[c]]
    # a column cut was at least as wide as every column kept whole
    assert all(wanted[a] >= wanted[b] for a in cut for b in kept)
