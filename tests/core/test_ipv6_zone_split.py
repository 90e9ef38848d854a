"""RFC 6874 §2 IPv6addrz is read in two parts (the address pattern, then ZoneID after the
first "%25"); the answer must be the one pattern's, ``grammar.IPV6ADDRZ``."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.core import grammar as g
from uriinspector.core.parse import parse

WHOLE = re.compile(g.IPV6ADDRZ)
ADDRESS = re.compile(g.IPV6ADDRESS)
ZONE = re.compile(g.ZONEID)


def two_parts(inner: str) -> bool:
    """host.py's reading: the address before the first "%25", the zone after it."""
    address, sep, zone = inner.partition("%25")
    return bool(sep) and ADDRESS.fullmatch(address) is not None and ZONE.fullmatch(zone) is not None


PIECES = st.sampled_from(
    ["fe80", "::", ":", "1", "0:0", "%25", "%", "25", "eth0", "%2", "%zz", "1.2.3.4", "~", "-"]
)


@settings(max_examples=400, deadline=None)
@given(st.lists(PIECES, max_size=8).map("".join))
def test_two_parts_read_as_the_one_pattern(inner: str) -> None:
    assert two_parts(inner) == (WHOLE.fullmatch(inner) is not None)


def messages(uri: str) -> list[str]:
    """The diagnostics' messages of ``uri``'s parse."""
    return [d.message for d in parse(uri).diagnostics]


def test_a_zoned_literal_is_explained_as_such() -> None:
    # RFC 3986 §3.2.2 has no zone: an error either way; the RFC 6874 note asks for the
    # "%" to be encoded only when the zone is not already written as "%25" ZoneID
    good = messages("http://[fe80::1%25eth0]/")
    bad = messages("http://[fe80::1%eth0]/")
    assert any("no zone identifier" in m for m in good)
    assert not any("encoded as '%25'" in m for m in good)
    assert any("encoded as '%25'" in m for m in bad)
