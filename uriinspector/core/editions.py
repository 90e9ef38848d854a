"""The editions of the URI standard the inspector speaks, and the resolution rule sets.

``rfc3986`` is the default everywhere; older editions exist to show how an answer
changed over the standard's history (shared/specs/README.md).
"""

from __future__ import annotations

from enum import StrEnum


class Edition(StrEnum):
    """A grammar edition: decides validity and character classes."""

    RFC3986 = "rfc3986"
    DRAFT_2003 = "draft-2003"
    RFC2396 = "rfc2396"
    DRAFT_1997 = "draft-1997"
    DRAFT_1993 = "draft-1993"

    @property
    def label(self) -> str:
        """A human label for menus and reports."""
        return EDITION_TITLES[self.value]

    @property
    def has_ipv6_literals(self) -> bool:
        """IPv6 literals in brackets exist only from the 2003 draft on (RFC 2732 aside)."""
        return self in (Edition.RFC3986, Edition.DRAFT_2003)

    @property
    def has_segment_params(self) -> bool:
        """Whether ``;param`` is part of each path segment's grammar (before 2003)."""
        return self in (Edition.RFC2396, Edition.DRAFT_1997, Edition.DRAFT_1993)


DEFAULT_EDITION = Edition.RFC3986

EDITION_TITLES: dict[str, str] = {
    "rfc3986": "RFC 3986 (2005, STD 66)",
    "draft-2003": "draft-fielding-uri-rfc2396bis-01 (2003)",
    "rfc2396": "RFC 2396 (1998)",
    "draft-1997": "draft-fielding-url-syntax-05 (1997)",
    "rfc1808": "RFC 1808 (1995), relative URLs",
    "rfc1738": "RFC 1738 (1994), URLs",
    "draft-1993": "Berners-Lee URL draft (1993)",
    "whatwg": "WHATWG URL Standard (browsers)",
    "python-urljoin": "Python urllib.parse.urljoin",
}

#: Resolution rule sets, in the order the window's rules table lists them.
RULE_SETS: tuple[str, ...] = (
    "rfc3986",
    "whatwg",
    "python-urljoin",
    "draft-2003",
    "rfc2396",
    "draft-1997",
    "rfc1808",
    "draft-1993",
)

#: Names accepted where a request takes ``edition`` (parsing).
PARSE_EDITIONS: tuple[str, ...] = (
    "rfc3986",
    "draft-2003",
    "rfc2396",
    "draft-1997",
    "draft-1993",
    "whatwg",
)


def edition_from_name(name: str) -> Edition:
    """Return the grammar edition called ``name``; raise ``ValueError`` for others."""
    found = _BY_NAME.get(name) if type(name) is str else None
    if found is not None:  # every analysis names its edition: a dict look-up, not Enum()
        return found
    try:
        return Edition(name)
    except ValueError:
        known = ", ".join(e.value for e in Edition)
        raise ValueError(f"unknown edition {name!r} (known: {known})") from None


#: Each edition by its name (``Edition(name)`` for a plain ``str``, without the Enum call).
_BY_NAME: dict[str, Edition] = {e.value: e for e in Edition}
