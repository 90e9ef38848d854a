"""The slot setters of a frozen class, to build one per link or character without ``__init__``.

A frozen dataclass's ``__init__`` goes through ``object.__setattr__`` once per field;
calling each slot descriptor's own ``__set__`` is several times cheaper. The core's hot
paths (the split, the parse, the browser's reading, the analysis, character rows) make
an object with ``cls.__new__(cls)`` and these setters, in this order. The class's own
``vars()`` is read: a mypyc build of a module (``make compiled``) accepts that, where
``object.__new__`` refuses its compiled classes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import fields
from typing import Any

Setter = Callable[[Any, Any], None]


def field_setters(cls: type) -> tuple[Setter, ...]:
    """The setters of dataclass ``cls``'s fields, in declaration order."""
    return slot_setters(cls, (f.name for f in fields(cls)))


def slot_setters(cls: type, names: Iterable[str]) -> tuple[Setter, ...]:
    """The setters of ``cls``'s slots ``names`` (private slots too), in that order."""
    return tuple(vars(cls)[name].__set__ for name in names)
