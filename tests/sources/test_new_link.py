"""``model.new_link`` (a link built through its slot setters) is the link built whole."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.core.spans import Span
from uriinspector.sources.model import Link, LinkKind, new_link


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=8), st.text(max_size=8), st.sampled_from(["href", "text", "src"]),
       st.booleans(), st.none() | st.text(max_size=6), st.none() | st.text(max_size=6))
def test_a_link_built_through_its_slots_is_the_link_built_whole(
    uri: str, raw: str, kind: LinkKind, mismatch: bool, display: str | None, part: str | None
) -> None:
    span = Span(1, 3) if mismatch else None
    fast = new_link(uri, raw, uri + "t", kind, span, display, mismatch, display, part, part,
                    raw)
    whole = Link(uri=uri, raw=raw, target=uri + "t", kind=kind, span=span, display=display,
                 mismatch=mismatch, shown_domain=display, target_domain=part, part=part,
                 browser_uri=raw)
    assert fast == whole and repr(fast) == repr(whole) and hash(fast) == hash(whole)
    assert replace(fast, verdict="danger") == replace(whole, verdict="danger")
