"""Indicators out: a document's links and where they end, for a platform or a ticket.

Three formats, written offline (no server is ever contacted):

- ``stix``: a STIX 2.1 bundle (the ``stix2`` library): a ``url`` object per link and
  per final destination, a ``domain-name`` per final registrable domain, and an
  ``indicator`` (pattern ``[url:value = '…']`` on the final destination,
  ``malicious-activity``) for each link judged danger, with the verdict's reason as
  its description (a caution is an observable only: it may be a brand's own page);
- ``misp``: a MISP event (``pymisp``'s ``MISPEvent`` and ``url`` objects, built in
  memory, never pushed): one object per link, one per final destination, joined by a
  ``redirects-to`` reference; ``to_ids`` set on danger;
- ``csv``: one row per link, every link and domain defanged (``core.defang``) so the
  file can be pasted into a ticket; cells a spreadsheet would run as a formula are
  quoted with a leading ``'``.

STIX and MISP carry the links live (refanged): platforms match on real values.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from uriinspector.core.defang import defang, defang_mentions
from uriinspector.core.parse import parse
from uriinspector.core.whatwg import read_whatwg
from uriinspector.sources.documents import link_analysis, with_verdicts
from uriinspector.sources.mismatch import domain_of_url
from uriinspector.sources.model import Document, Link

__all__ = [
    "IOC_FORMATS",
    "IOC_SUFFIXES",
    "Indicator",
    "IocFormat",
    "indicator_of",
    "indicators_of",
    "render",
    "stix_url",
    "to_csv",
    "to_misp",
    "to_stix",
]

IocFormat = Literal["stix", "misp", "csv"]
#: The formats of ``--ioc`` and *Export indicators…*, in the CLI's order.
IOC_FORMATS: Final[tuple[IocFormat, ...]] = ("stix", "misp", "csv")
#: File name suffix per format.
IOC_SUFFIXES: Final[dict[str, str]] = {"stix": ".json", "misp": ".json", "csv": ".csv"}

#: The CSV's columns, in order.
CSV_COLUMNS: Final = (
    "file", "message", "from", "date", "subject", "verdict", "reason", "link", "final",
    "final_domain", "shown_as", "part", "codes",
)
_FORMULA_START: Final = ("=", "+", "-", "@", "\t", "\r")
#: Only a danger verdict makes a STIX indicator: a caution (a mail gateway's wrapper
#: around a brand's real page) must not land in a block list.
_INDICATOR_TYPES: Final = {"danger": "malicious-activity"}


@dataclass(frozen=True, slots=True)
class Indicator:
    """One link of a document, as exported: the link (live), where it ends, the verdict.

    ``link`` is what a browser opens (a defanged indicator refanged); ``final`` the last
    destination it carries (``link`` itself when none); ``final_domain`` its registrable
    domain (None when it names no host); ``codes`` the finding codes behind the verdict.
    """

    link: str
    final: str
    final_domain: str | None
    verdict: str
    reason: str | None = None
    codes: tuple[str, ...] = ()
    shown_as: str | None = None
    shown_domain: str | None = None
    part: str | None = None
    file: str | None = None
    message: int | None = None
    sender: str | None = None
    date: str | None = None
    subject: str | None = None


def indicator_of(link: Link, doc: Document) -> Indicator:
    """``link`` of ``doc`` as an indicator: its verdict and reason as ``with_verdicts``
    gives them (computed here when the link has none yet), its finding codes."""
    if link.verdict is None:
        link = with_verdicts(Document(doc.kind, (link,))).links[0]
    final = link.final or link.target
    return Indicator(
        link=link.target, final=final, final_domain=domain_of_url(final),
        verdict=link.verdict or "", reason=link.reason,
        codes=tuple(f.code for f in link_analysis(link).findings),
        shown_as=link.display, shown_domain=link.shown_domain, part=link.part,
        file=doc.source, message=doc.index, sender=doc.sender, date=doc.date,
        subject=doc.subject,
    )


def indicators_of(doc: Document) -> list[Indicator]:
    """Every link of ``doc`` (a ``<base href>`` aside) as an indicator."""
    return [indicator_of(link, doc) for link in doc.links if link.kind != "base"]


def _unique(indicators: Iterable[Indicator]) -> list[Indicator]:
    """The indicators without exact repeats, in order."""
    seen: set[Indicator] = set()
    out: list[Indicator] = []
    for i in indicators:
        if i not in seen:
            seen.add(i)
            out.append(i)
    return out


def _pattern_literal(value: str) -> str:
    """``value`` as a STIX pattern string literal (STIX 2.1 §9.2: ``\\`` and ``'`` escaped)."""
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"


def stix_url(value: str) -> str | None:
    """``value`` as a STIX ``url`` value, which must be an RFC 3986 URI: as it is when it
    is one, else as a browser serializes it (``exämple`` in punycode, a space as
    ``%20``), else None (no observable; the description keeps the text)."""
    if parse(value).valid:
        return value
    reading = read_whatwg(value)
    href = reading.href if reading.valid else None
    return href if href is not None and parse(href).valid else None


def _description(i: Indicator) -> str:
    where = i.file or "a document"
    if i.message is not None:
        where += f" message {i.message}"
    if i.subject:
        where += f" ({i.subject})"
    text = f"{i.verdict}: {i.reason}" if i.reason else i.verdict
    if i.final != i.link:
        text += f" It ends at {i.final}."
    return f"{text} Found in {where}."


def to_stix(indicators: Sequence[Indicator]) -> str:
    """A STIX 2.1 bundle of ``indicators`` as JSON text (``stix2``)."""
    import stix2

    objects: dict[str, object] = {}

    def add(obj: object) -> None:
        objects.setdefault(str(obj.id), obj)  # type: ignore[attr-defined]

    for i in _unique(indicators):
        link, final = stix_url(i.link), stix_url(i.final)
        for value in dict.fromkeys(v for v in (link, final) if v is not None):
            add(stix2.URL(value=value))
        if i.final_domain:
            add(stix2.DomainName(value=i.final_domain))
        kind = _INDICATOR_TYPES.get(i.verdict)
        if kind is not None and final is not None:
            add(
                stix2.Indicator(
                    name=f"{i.verdict}: {i.final_domain or i.final}"[:250],
                    description=_description(i),
                    pattern=f"[url:value = {_pattern_literal(final)}]",
                    pattern_type="stix",
                    indicator_types=[kind],
                    labels=sorted(set(i.codes)) or None,
                )
            )
    bundle = stix2.Bundle(objects=list(objects.values()), allow_custom=False)
    return str(bundle.serialize(pretty=True))


def to_misp(indicators: Sequence[Indicator], info: str = "Links found by URI Inspector") -> str:
    """A MISP event of ``indicators`` as JSON text (``pymisp``, offline: no server)."""
    from pymisp import MISPEvent, MISPObject

    event = MISPEvent()
    event.info = info
    for i in _unique(indicators):
        comment = _description(i)[:1000]
        link = MISPObject("url", standalone=False)
        link.comment = comment
        link.add_attribute("url", value=i.link, to_ids=i.verdict == "danger")
        event.add_object(link)
        if i.final != i.link:
            final = MISPObject("url", standalone=False)
            final.comment = comment
            final.add_attribute("url", value=i.final, to_ids=i.verdict == "danger")
            if i.final_domain:
                final.add_attribute("domain", value=i.final_domain)
            event.add_object(final)
            link.add_reference(final.uuid, "redirects-to")
        elif i.final_domain:
            link.add_attribute("domain", value=i.final_domain)
    return json.dumps(json.loads(event.to_json()), indent=2, ensure_ascii=False)


def _cell(value: object) -> str:
    """A CSV cell: text a spreadsheet would evaluate as a formula gets a leading ``'``."""
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


def to_csv(indicators: Sequence[Indicator]) -> str:
    """One defanged row per link (``CSV_COLUMNS``), for tickets."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for i in indicators:
        hosts = tuple(h for h in (i.final_domain, i.shown_domain) if h)
        writer.writerow(
            _cell(v)
            for v in (
                i.file, i.message, i.sender, i.date, i.subject, i.verdict,
                defang_mentions(i.reason, hosts) if i.reason else "",
                defang(i.link), defang(i.final),
                defang_mentions(i.final_domain, hosts) if i.final_domain else "",
                defang_mentions(i.shown_as, hosts) if i.shown_as else "",
                i.part, " ".join(i.codes),
            )
        )
    return out.getvalue()


def render(indicators: Sequence[Indicator], fmt: str) -> str:
    """``indicators`` in ``fmt`` (``stix``, ``misp`` or ``csv``); ValueError otherwise."""
    if fmt == "stix":
        return to_stix(indicators)
    if fmt == "misp":
        return to_misp(indicators)
    if fmt == "csv":
        return to_csv(indicators)
    raise ValueError(f"unknown indicator format {fmt!r}")
