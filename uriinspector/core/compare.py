"""Comparison of two URIs on the ladder: the lowest rung at which they agree.

RFC 3986 §6.2 (draft-2003 §6.2): equivalence is decided by climbing the ladder; the
higher the rung, the fewer false negatives. ``compare`` reports the first rung at
which the two normalized values are equal.
"""

from __future__ import annotations

from dataclasses import dataclass

from uriinspector.core.normalize import RUNG_NAMES, normalize


@dataclass(frozen=True, slots=True)
class Comparison:
    """Two references compared rung by rung.

    ``rung`` is the lowest rung at which both values are equal (``None`` if none);
    ``per_rung`` pairs every rung name with whether the values are equal there.
    """

    a: str
    b: str
    equivalent: bool
    rung: str | None
    per_rung: tuple[tuple[str, bool], ...]

    def to_json(self) -> dict[str, object]:
        """The contract's ``compare`` answer."""
        return {
            "op": "compare",
            "a": self.a,
            "b": self.b,
            "equivalent": self.equivalent,
            "rung": self.rung,
        }


def compare(a: str, b: str) -> Comparison:
    """Compare ``a`` and ``b`` on the ladder (RFC 3986 §6.2); never raises.

    Monotone by construction: every rung of ``normalize`` is a function of the
    previous rung's value alone (a deterministic ``str -> str``), so two values that
    are equal at rung k are the same input to rung k+1 and stay equal there. The
    protocol-based rung repeats the scheme-based value, so it never breaks this.
    Symmetric because string equality is.
    """
    la, lb = normalize(a), normalize(b)
    per_rung = tuple(
        (name, ra.value == rb.value)
        for name, ra, rb in zip(RUNG_NAMES, la.rungs, lb.rungs, strict=True)
    )
    rung = next((name for name, equal in per_rung if equal), None)
    return Comparison(a, b, rung is not None, rung, per_rung)
