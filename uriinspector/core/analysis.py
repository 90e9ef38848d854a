"""One analysis of one input: what the window shows and the batch ``analyze`` answers.

``analyze`` parses the text (RFC 3986 or another edition), reads it as a browser does
(WHATWG, via ada-url), runs every suspicious-link detector, and says where the link
really goes: ``effective_host`` (the browser's host, None when a browser rejects the
link) and its ``registrable_domain`` (Public Suffix List, offline). The verdict is
danger, caution or nothing-notable, with reasons; it never says "safe", because the
absence of a finding proves nothing about the site.

The per-character table and the normalization ladder are built when first asked for:
the window needs them, the batch interface and the banner do not, and a 2 KB link
must analyse in well under a millisecond.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Literal, TypeVar, cast

from uriinspector.core.destinations.chain import follow, without_hops
from uriinspector.core.domains import CACHE_MAX_LEN, HOST_CACHE_SIZE, registrable_domain
from uriinspector.core.editions import Edition
from uriinspector.core.findings import SEVERITY_RANK, Finding, detect
from uriinspector.core.parse import ParsedReference, parse
from uriinspector.core.slots import field_setters
from uriinspector.core.whatwg import WhatwgReading, read_whatwg

if TYPE_CHECKING:
    from uriinspector.core.characters import CharInfo
    from uriinspector.core.decoders import SchemeDecoding
    from uriinspector.core.defang import DefangedReading
    from uriinspector.core.destinations import Destinations
    from uriinspector.core.editions_view import EditionReading
    from uriinspector.core.explain import Explanation
    from uriinspector.core.normalize import Ladder
    from uriinspector.core.urn import UrnParse

_T = TypeVar("_T")

VerdictLevel = Literal["danger", "caution", "nothing-notable"]

_MAX_REASONS = 6


@dataclass(frozen=True, slots=True)
class Verdict:
    """danger / caution / nothing-notable, and the sentences that led there."""

    level: VerdictLevel
    reasons: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        """``{"level": ..., "reasons": [...]}``."""
        return {"level": self.level, "reasons": list(self.reasons)}


@dataclass(frozen=True, slots=True)
class Analysis:
    """Everything the core found about one input string (immutable).

    ``characters``, ``ladder``, ``decoding`` and ``destinations`` are computed on first
    access and kept.
    """

    text: str
    edition: Edition
    parsed: ParsedReference
    findings: tuple[Finding, ...]
    whatwg: WhatwgReading
    effective_host: str | None
    registrable_domain: str | None
    verdict: Verdict
    urn: UrnParse | None
    _lazy: dict[str, object] = field(default_factory=dict, compare=False, repr=False)

    def detach_parts(self) -> list[object]:
        """Forget the lazy parts built so far and hand them over (the window frees a
        long input's parts on a worker; read again, a part is rebuilt)."""
        parts = list(self._lazy.values())
        self._lazy.clear()
        return parts

    def computed(self, part: str) -> bool:
        """Whether the lazy property ``part`` (``"explanation"``...) is built already."""
        return part in self._lazy

    def _once(self, part: str, build: Callable[[], _T]) -> _T:
        """The lazy ``part``: ``build()`` on first use, then kept (``computed`` says so)."""
        if part not in self._lazy:
            self._lazy[part] = build()
        return cast("_T", self._lazy[part])  # only this part's build() stored it

    @property
    def characters(self) -> tuple[CharInfo, ...]:
        """The per-character view (``classify_characters``), built once on demand."""
        def build() -> tuple[CharInfo, ...]:
            from uriinspector.core.characters import classify_characters

            return classify_characters(self.parsed)

        return self._once("characters", build)

    @property
    def ladder(self) -> Ladder:
        """The normalization ladder of the input (``normalize``), built once on demand."""
        def build() -> Ladder:
            from uriinspector.core.normalize import normalize

            return normalize(self.text)

        return self._once("ladder", build)

    @property
    def decoding(self) -> SchemeDecoding | None:
        """The scheme decoder's reading (``decoders.decode``), built once on demand."""
        def build() -> SchemeDecoding | None:
            from uriinspector.core.decoders import decode

            return decode(self.text)

        return self._once("decoding", build)

    @property
    def defanged(self) -> DefangedReading | None:
        """The text read as a defanged link (``hxxps://evil[.]example``) and its refanged
        form, or None (``defang.defanged_reading``); built once on demand. The text
        itself is never rewritten: a typed defanged link is analysed as typed."""
        def build() -> DefangedReading | None:
            from uriinspector.core.defang import defanged_reading

            return defanged_reading(self.text)

        return self._once("defanged", build)

    @property
    def destinations(self) -> Destinations:
        """The chain of URLs this link hands the visitor on to, outermost first
        (``destinations.follow``: wrappers, redirects, encoded URLs), built once on
        demand. ``effective_host`` stays the host a browser contacts first; the
        chain's ``final`` is where the visitor ends up."""
        lazy = self._lazy
        chain = lazy.get("destinations")
        if chain is None:  # built here, not by _once: every analyze answer reads it
            built = lazy["destinations"] = follow(self.text, self.parsed.split)
            return built
        return chain  # type: ignore[return-value]  # only this property stores it

    @property
    def explanation(self) -> Explanation:
        """The plain-sentence walk (``explain.explain``), built once on demand."""
        def build() -> Explanation:
            from uriinspector.core.explain import explain

            return explain(self)

        return self._once("explanation", build)

    @property
    def editions(self) -> tuple[EditionReading, ...]:
        """The input under every edition (``editions_view``), built once on demand."""
        def build() -> tuple[EditionReading, ...]:
            from uriinspector.core.editions_view import editions_side_by_side

            return editions_side_by_side(self.text, whatwg=self.whatwg)

        return self._once("editions", build)

    def to_json(self) -> dict[str, object]:
        """The contract's ``analyze`` answer: the ``parse`` answer plus findings, the
        effective host and registrable domain, and (protocol 1.1) ``destinations``;
        ``verdict`` and ``carrier_fields`` (what a carrier link names besides its target:
        Safe Links' recipient, tenant and time) are extra keys."""
        data = self.parsed.to_json()
        data["op"] = "analyze"
        findings = self.findings
        data["findings"] = [f.to_json() for f in findings] if findings else []
        data["effective_host"] = self.effective_host
        data["registrable_domain"] = self.registrable_domain
        if "destinations" not in self._lazy and without_hops(self.parsed.split):
            # most links carry no URL: no hop, so no entry and no field (no chain built)
            data["destinations"] = []
            data["carrier_fields"] = []
        else:
            chain = self.destinations
            data["destinations"] = chain.to_json()
            data["carrier_fields"] = chain.fields_json()
        data["verdict"] = self.verdict.to_json()
        return data


#: Schemes whose "host" (in the URL Standard's opaque-host sense) is never contacted.
_NO_CONTACT = frozenset(
    {"javascript:", "vbscript:", "data:", "about:", "blob:", "mailto:", "tel:", "urn:", "news:"}
)


def effective_host_of(reading: WhatwgReading) -> str | None:
    """The host a browser would contact: the WHATWG host name, None if there is none
    (rejected link, no host, or a scheme such as ``javascript:`` that contacts none)."""
    if not reading.valid or (reading.get("protocol") or "").lower() in _NO_CONTACT:
        return None
    return reading.hostname or None


def judge(
    findings: tuple[Finding, ...], reading: WhatwgReading, host: str | None, has_authority: bool
) -> Verdict:
    """Danger if any finding is danger, caution if any is a warning (or a link with a
    host that browsers refuse), else nothing-notable. Never "safe"."""
    if not findings and (reading.valid or not has_authority):
        # most links: the one sentence, the same for every link to the host
        if host is None or len(host) <= CACHE_MAX_LEN:
            return _nothing_notable_cached(host)
        return _nothing_notable(host)
    top = max((SEVERITY_RANK[f.severity] for f in findings), default=-1)
    reasons: list[str] = []
    if top == 2:
        level: VerdictLevel = "danger"
        chosen = [f for f in findings if f.severity == "danger"]
    elif top == 1:
        level = "caution"
        chosen = [f for f in findings if f.severity == "warning"]
    else:
        level = "nothing-notable"
        chosen = []
    seen: set[str] = set()
    for f in chosen:
        if f.message not in seen:
            seen.add(f.message)
            reasons.append(f.message)
        if len(reasons) >= _MAX_REASONS:
            break
    if not reading.valid and has_authority:
        if level == "nothing-notable":
            level = "caution"
        reasons.append("A browser would not open this link: the WHATWG URL parser rejects it.")
    if level == "nothing-notable":
        reasons.append(_no_finding(host))
    return Verdict(level, tuple(reasons))


def _no_finding(host: str | None) -> str:
    """The reason given when nothing was found (never "safe")."""
    where = f" It goes to {host}." if host else ""
    return "No finding." + where + " That proves nothing about the site itself."


def _nothing_notable(host: str | None) -> Verdict:
    """The verdict of a link without findings that a browser opens (or that names no
    host): immutable, so one is shared by every link to ``host``."""
    return Verdict("nothing-notable", (_no_finding(host),))


_nothing_notable_cached = lru_cache(maxsize=HOST_CACHE_SIZE)(_nothing_notable)


def analyze(text: str, edition: Edition | str = "rfc3986") -> Analysis:
    """Analyse ``text`` for the window and the batch ``analyze`` op; never raises
    for any ``str`` (an unknown edition name raises ``ValueError``, as ``parse`` does)."""
    parsed = parse(text, edition)
    reading = read_whatwg(text)
    split = parsed.split
    findings = detect(split, reading)
    host = effective_host_of(reading)
    domain = registrable_domain(host) if host else None
    urn: UrnParse | None = None
    scheme = split.scheme
    if scheme is not None and scheme.text.lower() == "urn":
        from uriinspector.core.urn import parse_urn

        urn = parse_urn(text)
    verdict = judge(findings, reading, host, split.authority is not None)
    # built through its slot setters, in field order (a frozen dataclass's __init__ goes
    # through object.__setattr__ ten times on every analysis)
    out = _new_analysis(Analysis)
    (
        set_text, set_edition, set_parsed, set_findings, set_whatwg, set_host, set_domain,
        set_verdict, set_urn, set_lazy,
    ) = _ANALYSIS_SETTERS
    set_text(out, text)
    set_edition(out, parsed.edition)
    set_parsed(out, parsed)
    set_findings(out, findings)
    set_whatwg(out, reading)
    set_host(out, host)
    set_domain(out, domain)
    set_verdict(out, verdict)
    set_urn(out, urn)
    set_lazy(out, {})
    return out


#: Analysis's fields in declaration order, set directly by ``analyze``.
_ANALYSIS_SETTERS = field_setters(Analysis)
_new_analysis = Analysis.__new__
