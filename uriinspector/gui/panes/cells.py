"""What a cell says where a component has no value, Qt-free (the row builders use it).

RFC 3986 §5.3: an undefined component (its delimiter absent) and an empty one (the
delimiter present, nothing after it) are different, and look different.
"""

from __future__ import annotations

UNDEFINED_TEXT = "— undefined"
EMPTY_TEXT = '"" (empty)'
