"""``grammar.chars``: a class body escaped by one ``str.translate`` (issue 22: ~5,000
``re.escape`` calls at import) is the text ``re.escape`` per character gives."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.core import grammar


@settings(max_examples=500, deadline=None)
@given(st.frozensets(st.characters(), max_size=40))
def test_chars_escapes_each_character_as_re_escape_does(allowed: frozenset[str]) -> None:
    assert grammar.chars(allowed) == "".join(re.escape(c) for c in sorted(allowed))


def test_chars_of_every_ascii_character() -> None:
    every = frozenset(map(chr, range(128)))
    assert grammar.chars(every) == "".join(re.escape(chr(i)) for i in range(128))
