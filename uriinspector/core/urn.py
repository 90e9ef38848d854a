"""URNs: the ``urn`` scheme taken apart, checked, and compared lexically.

The 2012 URN draft (draft-ietf-urnbis-rfc2141bis-urn-03, "URN draft") is the edition
we read: ``urn:`` NID ``:`` NSS (§2, §2.1, §2.2), query directives ``keywd=value``
joined by ``&`` (§2.3), a fragment (§2.4), and lexical equivalence (§5). RFC 8141 is
the tie-breaker, and its ``?+`` r-component and ``?=`` q-component (RFC 8141 §2.3) are
recognised too, so URNs written to the published standard are read correctly.

A URN is taken apart like this::

    urn:example:a123,456?s=I2L&c=ToC#sec2
    \\_/ \\_____/ \\_______/ \\_________/ \\__/
     |     |        |          |        |
  scheme  NID      NSS      query    f-component
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from uriinspector.core.characters import DiagnosticBudget
from uriinspector.core.diagnostics import Diagnostic, Severity
from uriinspector.core.schemes import ascii_lower
from uriinspector.core.spans import Span

# ---- diagnostic codes (stable, used unchanged in JSON and the window) -------------
NOT_URN = "urn-not-urn"
NID_SYNTAX = "urn-nid-syntax"
NID_RESERVED = "urn-nid-reserved"
NID_INFORMAL = "urn-informal-nid"
NID_URN_PREFIX = "urn-nid-urn-prefix"
NID_EXPERIMENTAL = "urn-experimental-nid"
MISSING_NSS = "urn-missing-nss"
EXCLUDED_CHARACTER = "urn-excluded-character"
NSS_SLASH = "urn-nss-slash"
BAD_PERCENT = "urn-bad-percent-encoding"
NUL_OCTET = "urn-nul-octet"
NEEDLESS_PERCENT = "urn-needless-percent-encoding"
QUERY_IN_REFERENCE = "urn-query-in-reference"
QUERY_DIRECTIVE_SYNTAX = "urn-query-directive-syntax"
REPEATED_KEYWORD = "urn-repeated-keyword"
EMPTY_COMPONENT = "urn-empty-component"
FRAGMENT_IN_REFERENCE = "urn-fragment-in-reference"

Objective = Literal["resource", "resolution"]

# URN draft §2.1   NID = (ALPHA / DIGIT) 0*30(ALPHA / DIGIT / "-") (ALPHA / DIGIT)
_NID = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]{0,30}[A-Za-z0-9]\Z")
# RFC 8141 §5.2   informal NIDs: "urn-" followed by a number
_INFORMAL_NID = re.compile(r"urn-[0-9]+\Z", re.IGNORECASE)
# URN draft §2.3   keywd = ALPHA *( ["-"] (ALPHA / DIGIT))
_KEYWD = re.compile(r"[A-Za-z](?:-?[A-Za-z0-9])*\Z")
# RFC 3986 §3.3 pchar = unreserved / pct-encoded / sub-delims / ":" / "@"; anything
# outside pchar and "%" is a run of characters that must be percent-encoded (URN
# draft §2.5.3 "excluded").
_NOT_PCHAR = re.compile(r"[^A-Za-z0-9\-._~!$&'()*+,;=:@%]+")
# Same, for query/fragment text, which also admits "/" and "?" (RFC 3986 §3.4, §3.5).
_NOT_QCHAR = re.compile(r"[^A-Za-z0-9\-._~!$&'()*+,;=:@%/?]+")
# URN draft §2.3 value = *v-pchar: pchar and "/" "?" without "&".
_NOT_VCHAR = re.compile(r"[^A-Za-z0-9\-._~!$'()*+,;=:@%/?]+")
# URN draft §2.5.2: "%" MUST be followed by two HEXDIG.
_BAD_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")
_TRIPLET = re.compile(r"%[0-9A-Fa-f]{2}")
# RFC 3986 §2.3 unreserved, as the two hex digits of their triplets (upper-cased).
_UNRESERVED_OCTETS = frozenset(
    f"{c:02X}" for c in range(128) if chr(c).isascii() and (chr(c).isalnum() or chr(c) in "-._~")
)
#: The triplets of ``%00`` and of unreserved octets (any hex case): subsets of _TRIPLET.
_NUL_TRIPLET = re.compile("%00")
_NEEDLESS = re.compile("%(?:" + "|".join(sorted(_UNRESERVED_OCTETS)) + ")", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class QueryDirective:
    """One ``keywd=value`` directive of a URN reference's query (URN draft §2.3)."""

    keyword: str
    value: str

    def to_json(self) -> dict[str, str]:
        """The contract's directive object."""
        return {"keyword": self.keyword, "value": self.value}


@dataclass(frozen=True, slots=True)
class UrnParse:
    """A URN taken apart (URN draft §2), with diagnostics and its lexical form (§5).

    ``query_directives`` is ``None`` when there is no draft-style query; it holds the
    directives a resolver would act on (repeated keywords dropped, §2.3).
    ``lexical_form`` applies §5 steps 1-4 and 5a; ``None`` when there is no NID:NSS.
    ``spans`` names each part found: scheme, nid, nss, query, r_component,
    q_component, f_component.
    """

    input: str
    valid: bool
    nid: str | None
    nss: str | None
    r_component: str | None
    q_component: str | None
    f_component: str | None
    query_directives: tuple[QueryDirective, ...] | None
    lexical_form: str | None
    diagnostics: tuple[Diagnostic, ...]
    spans: tuple[tuple[str, Span], ...]

    def span_of(self, name: str) -> Span | None:
        """Return the span of the named part, or ``None`` when it is absent."""
        for part, span in self.spans:
            if part == name:
                return span
        return None

    def to_json(self) -> dict[str, object]:
        """The contract's ``urn`` answer."""
        return {
            "op": "urn",
            "input": self.input,
            "valid": self.valid,
            "nid": self.nid,
            "nss": self.nss,
            "r_component": self.r_component,
            "q_component": self.q_component,
            "f_component": self.f_component,
            "query_directives": (
                None
                if self.query_directives is None
                else [d.to_json() for d in self.query_directives]
            ),
            "lexical_form": self.lexical_form,
            "diagnostics": [d.to_json() for d in self.diagnostics],
        }


def upper_hex(text: str) -> str:
    """Upper-case the hex digits of every percent-encoded triplet (URN draft §5 step 3).

    Only the case of percent-encoding changes; nothing is decoded (URN draft §5:
    "percent-encoding MUST NOT be removed").
    """
    if "%" not in text:
        return text
    return _TRIPLET.sub(lambda m: m.group(0).upper(), text)


class _Checker:
    """Collects diagnostics while one URN is read, capped per code as the parser's are
    (:class:`DiagnosticBudget`): 1 MB of ``%`` is 50 diagnostics and one "and N more"."""

    def __init__(self) -> None:
        self.budget = DiagnosticBudget()

    def add(self, code: str, severity: Severity, start: int, end: int, message: str) -> None:
        self.budget.add(Diagnostic(code, severity, Span(start, end), message))

    def count_rest(
        self,
        code: str,
        severity: Severity,
        base: int,
        pattern: re.Pattern[str],
        text: str,
        at: int,
    ) -> None:
        """``code`` is full: count the matches of ``pattern`` in ``text`` from ``at`` at once
        (in C, not one Python step per match)."""
        first = pattern.search(text, at)
        if first is not None:
            span = Span(base + first.start(), base + first.end())
            n = len(pattern.findall(text, at))
            self.budget.omit(code, severity, span, n, "URN draft §2.5")

    def result(self) -> tuple[Diagnostic, ...]:
        """The diagnostics kept, in input order, then the summaries where they start."""
        return tuple(sorted(self.budget.result(), key=lambda d: (d.span.start, d.span.end)))

    def chars(self, text: str, base: int, bad: re.Pattern[str], where: str) -> None:
        """Report runs of characters that must be percent-encoded, and bad ``%``."""
        for m in bad.finditer(text):
            run = m.group(0).replace("%", "")
            if not run:
                continue
            if self.budget.full(EXCLUDED_CHARACTER):
                n = sum(1 for r in bad.finditer(text, m.start()) if r.group(0).strip("%"))
                span = Span(base + m.start(), base + m.end())
                self.budget.omit(EXCLUDED_CHARACTER, "error", span, n, "URN draft §2.5.3")
                break
            self.add(
                EXCLUDED_CHARACTER,
                "error",
                base + m.start(),
                base + m.end(),
                f"{where} holds {run[:20]!r}, which MUST be percent-encoded "
                "(URN draft §2.5.3, RFC 3986 §3.3)",
            )
        for m in _BAD_PERCENT.finditer(text):
            if self.budget.full(BAD_PERCENT):
                self.count_rest(BAD_PERCENT, "error", base, _BAD_PERCENT, text, m.start())
                break
            self.add(
                BAD_PERCENT,
                "error",
                base + m.start(),
                base + m.end(),
                '"%" MUST be followed by two hex digits (URN draft §2.5.2)',
            )
        # Triplets never overlap, so each subset pattern finds exactly _TRIPLET's matches.
        for m in _NUL_TRIPLET.finditer(text):
            if self.budget.full(NUL_OCTET):
                self.count_rest(NUL_OCTET, "error", base, _NUL_TRIPLET, text, m.start())
                break
            self.add(
                NUL_OCTET,
                "error",
                base + m.start(),
                base + m.end(),
                "the NUL octet MUST NOT be used, not even percent-encoded (URN draft §2.5.3)",
            )
        for m in _NEEDLESS.finditer(text):
            if self.budget.full(NEEDLESS_PERCENT):
                self.count_rest(NEEDLESS_PERCENT, "info", base, _NEEDLESS, text, m.start())
                break
            self.add(
                NEEDLESS_PERCENT,
                "info",
                base + m.start(),
                base + m.end(),
                f"{m.group(0)} encodes the unreserved {chr(int(m.group(0)[1:], 16))!r}, which "
                "MUST NOT be percent-encoded (URN draft §2.5.2); lexical "
                "equivalence keeps it encoded (§5)",
            )


def _check_nid(nid: str, start: int, chk: _Checker) -> None:
    end = start + len(nid)
    if not _NID.match(nid):
        chk.add(
            NID_SYNTAX,
            "error",
            start,
            end,
            "the NID must be 2-32 letters, digits or hyphens, starting and ending "
            "with a letter or digit (URN draft §2.1)",
        )
        return
    low = ascii_lower(nid)
    if low == "urn":
        chk.add(
            NID_RESERVED,
            "error",
            start,
            end,
            'the NID "urn" is permanently reserved and MUST NOT be used (URN draft §2.1)',
        )
    elif _INFORMAL_NID.match(nid):
        chk.add(
            NID_INFORMAL,
            "info",
            start,
            end,
            'an informal namespace ("urn-" and a number, RFC 8141 §5.2)',
        )
    elif low.startswith("urn-"):
        chk.add(
            NID_URN_PREFIX,
            "warning",
            start,
            end,
            'NIDs starting "urn-" are informal ones, "urn-" and a number (RFC 8141 §5.2)',
        )
    elif low.startswith("x-"):
        chk.add(
            NID_EXPERIMENTAL,
            "warning",
            start,
            end,
            'an experimental "X-" NID (RFC 3406 §3.1); RFC 8141 §5.1 no longer '
            "provides them (RFC 6648)",
        )


def _read_directives(query: str, base: int, chk: _Checker) -> tuple[QueryDirective, ...]:
    """Read ``keywd=value`` directives (URN draft §2.3); drop repeated keywords.

    §2.3: "A URN resolver that receives a URN reference violating this rule MUST
    ignore all query directives therein using the offending <keywd>(s)".
    """
    found: list[tuple[QueryDirective, Span]] = []
    pos = 0
    while True:
        amp = query.find("&", pos)
        stop = len(query) if amp == -1 else amp
        piece = query[pos:stop]
        eq = piece.find("=")
        keyword = piece if eq == -1 else piece[:eq]
        if eq == -1 or not _KEYWD.match(keyword):
            chk.add(
                QUERY_DIRECTIVE_SYNTAX,
                "error",
                base + pos,
                base + stop,
                'a URN query is keywd=value directives joined by "&", keywd = '
                'ALPHA *(["-"] (ALPHA / DIGIT)) (URN draft §2.3)',
            )
        else:
            value = piece[eq + 1 :]
            chk.chars(value, base + pos + eq + 1, _NOT_VCHAR, "a directive value")
            found.append((QueryDirective(keyword, value), Span(base + pos, base + stop)))
        if amp == -1:
            break
        pos = amp + 1
    counts: dict[str, int] = {}
    for d, _ in found:
        counts[d.keyword] = counts.get(d.keyword, 0) + 1
    kept: list[QueryDirective] = []
    for d, span in found:
        if counts[d.keyword] > 1:
            chk.add(
                REPEATED_KEYWORD,
                "warning",
                span.start,
                span.end,
                f"keyword {d.keyword!r} appears {counts[d.keyword]} times: a resolver MUST "
                "ignore all directives using it (URN draft §2.3)",
            )
        else:
            kept.append(d)
    return tuple(kept)


def parse_urn(text: str) -> UrnParse:
    """Take ``text`` apart as a URN reference (URN draft §2; RFC 8141 §2 tie-breaker).

    Never raises: anything wrong is a diagnostic, and ``valid`` is false when there
    is an error.
    """
    chk = _Checker()
    spans: list[tuple[str, Span]] = []
    if ascii_lower(text[:4]) != "urn:":
        chk.add(
            NOT_URN,
            "error",
            0,
            min(len(text), 4),
            'a URN starts with the scheme "urn:" (case-insensitive, URN draft §2)',
        )
        return UrnParse(text, False, None, None, None, None, None, None, None, chk.result(), ())
    spans.append(("scheme", Span(0, 3)))
    # Generic split (RFC 3986 Appendix B): the path ends at the first "?" or "#".
    hash_at = text.find("#", 4)
    path_end_hash = len(text) if hash_at == -1 else hash_at
    q_at = text.find("?", 4, path_end_hash)
    path_end = path_end_hash if q_at == -1 else q_at
    colon = text.find(":", 4, path_end)
    nid: str | None
    nss: str | None = None
    if colon == -1:
        nid = text[4:path_end]
        spans.append(("nid", Span(4, path_end)))
        chk.add(
            MISSING_NSS,
            "error",
            4,
            path_end,
            'a URN is "urn:" NID ":" NSS; the colon and the NSS are required (URN draft §2)',
        )
        if nid:
            _check_nid(nid, 4, chk)
    else:
        nid = text[4:colon]
        spans.append(("nid", Span(4, colon)))
        _check_nid(nid, 4, chk)
        nss = text[colon + 1 : path_end]
        spans.append(("nss", Span(colon + 1, path_end)))
        if not nss:
            chk.add(
                MISSING_NSS,
                "error",
                colon,
                path_end,
                "the NSS is empty; NSS = 1*pchar (URN draft §2.2)",
            )
        if "/" in nss:
            _check_nss_with_slash(nss, colon + 1, chk)
        else:
            chk.chars(nss, colon + 1, _NOT_PCHAR, "the NSS")

    r_component: str | None = None
    q_component: str | None = None
    directives: tuple[QueryDirective, ...] | None = None
    if q_at != -1:
        query = text[q_at + 1 : path_end_hash]
        qbase = q_at + 1
        if query.startswith("+"):
            # RFC 8141 §2.3.1: "?+" r-component, then an optional "?=" q-component.
            qq = query.find("?=", 1)
            r_end = len(query) if qq == -1 else qq
            r_component = query[1:r_end]
            spans.append(("r_component", Span(qbase + 1, qbase + r_end)))
            _check_component(r_component, qbase + 1, "r-component", chk)
            if qq != -1:
                q_component = query[qq + 2 :]
                spans.append(("q_component", Span(qbase + qq + 2, qbase + len(query))))
                _check_component(q_component, qbase + qq + 2, "q-component", chk)
        elif query.startswith("="):
            # RFC 8141 §2.3.2: "?=" q-component.
            q_component = query[1:]
            spans.append(("q_component", Span(qbase + 1, qbase + len(query))))
            _check_component(q_component, qbase + 1, "q-component", chk)
        else:
            spans.append(("query", Span(qbase, qbase + len(query))))
            chk.add(
                QUERY_IN_REFERENCE,
                "info",
                q_at,
                path_end_hash,
                "a query belongs to a URI reference to a URN, never to an assigned URN "
                "(URN draft §2.3)",
            )
            chk.chars(query, qbase, _NOT_QCHAR, "the query")
            directives = _read_directives(query, qbase, chk)
    f_component: str | None = None
    if hash_at != -1:
        f_component = text[hash_at + 1 :]
        spans.append(("f_component", Span(hash_at + 1, len(text))))
        chk.add(
            FRAGMENT_IN_REFERENCE,
            "info",
            hash_at,
            len(text),
            "a fragment belongs to a URI reference to a URN, never to an assigned URN, "
            "and only where the namespace allows it (URN draft §2.4)",
        )
        chk.chars(f_component, hash_at + 1, _NOT_QCHAR, "the fragment")
    lexical_form = None
    if nid is not None and nss is not None:
        # URN draft §5 steps 1-3 (case of "urn", of the NID, of percent-encoding),
        # step 4 (fragment removed) and step 5a (query removed).
        lexical_form = "urn:" + ascii_lower(nid) + ":" + upper_hex(nss)
    diagnostics = chk.result()
    valid = not any(d.severity == "error" for d in diagnostics)
    return UrnParse(
        input=text,
        valid=valid,
        nid=nid,
        nss=nss,
        r_component=r_component,
        q_component=q_component,
        f_component=f_component,
        query_directives=directives,
        lexical_form=lexical_form,
        diagnostics=diagnostics,
        spans=tuple(spans),
    )


def _check_nss_with_slash(nss: str, base: int, chk: _Checker) -> None:
    """Check an NSS holding ``/``: the 2012 draft forbids it, RFC 8141 allows it."""
    first = nss.find("/")
    chk.add(
        NSS_SLASH,
        "warning",
        base + first,
        base + first + 1,
        '"/" MUST be percent-encoded in the NSS under URN draft §2.5.1; RFC 8141 §2 '
        'allows it (NSS = pchar *(pchar / "/"))',
    )
    chk.chars(nss.replace("/", "a"), base, _NOT_PCHAR, "the NSS")


def _check_component(text: str, base: int, name: str, chk: _Checker) -> None:
    if not text:
        chk.add(
            EMPTY_COMPONENT,
            "error",
            max(base - 2, 0),
            base,
            f'the {name} must not be empty: pchar *( pchar / "/" / "?" ) (RFC 8141 §2)',
        )
    chk.chars(text, base, _NOT_QCHAR, f"the {name}")


def _resolution_form(p: UrnParse) -> str | None:
    """The URN draft §5 form for step 5b: steps 1-4, directives in keyword order.

    The "preferred order" is an implementation choice (§5); ours is a stable sort by
    keyword, and every directive is kept (even repeated ones) so that no two
    different queries are ever made equal.
    """
    if p.lexical_form is None:
        return None
    out = p.lexical_form
    query = p.span_of("query")
    if query is not None:
        pieces = query.of(p.input).split("&")
        pieces.sort(key=lambda piece: piece.split("=", 1)[0])
        out += "?" + upper_hex("&".join(pieces))
    r = p.span_of("r_component")
    q = p.span_of("q_component")
    if r is not None:
        out += "?+" + upper_hex(r.of(p.input))
    if q is not None:
        out += "?=" + upper_hex(q.of(p.input))
    return out


def urn_equivalent(a: str, b: str, objective: Objective = "resource") -> bool:
    """Whether two URNs are lexically equivalent (URN draft §5).

    ``resource`` (step 5a) ignores the query; ``resolution`` (step 5b) keeps it with
    its directives in keyword order. Text that is not ``urn:`` NID ``:`` NSS is never
    equivalent to anything: lexical equivalence is defined for URNs only.
    """
    pa, pb = parse_urn(a), parse_urn(b)
    if objective == "resolution":
        fa, fb = _resolution_form(pa), _resolution_form(pb)
    else:
        fa, fb = pa.lexical_form, pb.lexical_form
    return fa is not None and fa == fb
