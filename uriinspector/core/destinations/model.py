"""The result types of destination decoding: one hop, one unknowable target, the chain.

``Destination`` is the batch contract's ``destinations`` entry (protocol 1.1) plus what
the window needs to tell the story (the hop's host, its carrier's plain name, how the
value was decoded). ``Destinations`` is the whole chain of one link, outermost first.
"""

from __future__ import annotations

from dataclasses import dataclass

from uriinspector.core.spans import Span


@dataclass(frozen=True, slots=True)
class CarrierField:
    """One named value a carrier link holds besides its target (Safe Links' recipient).

    ``name`` is a stable key (``recipient``, ``tenant``, ``time``, ``message``,
    ``client``, ``format``), ``label`` plain words, ``value`` the decoded value (the
    time as ISO 8601 UTC), ``raw`` the text as written, and ``span`` where it lies in
    the link.
    """

    name: str
    label: str
    value: str
    raw: str
    span: Span

    def to_json(self) -> dict[str, object]:
        """``{"name", "value", "start", "end"}``."""
        return {"name": self.name, "value": self.value, "start": self.span.start,
                "end": self.span.end}


@dataclass(frozen=True, slots=True)
class Carried:
    """A URL one link carries (found by :func:`scan_link`), before any chain is built.

    ``span`` is the text that holds it (None when the text was rewritten, e.g. by
    Proofpoint v3 substitutions); ``region`` always locates the text it was read
    from, so a finding can point at it. ``forwards`` is False for a URL a page only
    mentions (a share dialog's ``u=``, a parameter that is not a redirect).
    """

    url: str
    via: str
    title: str
    where: str
    span: Span | None
    region: Span
    decoding: tuple[str, ...]
    forwards: bool
    #: What the carrier link names besides its target (Safe Links' recipient, tenant
    #: and time), spans into the scanned link.
    fields: tuple[CarrierField, ...] = ()


@dataclass(frozen=True, slots=True)
class Unknowable:
    """A link whose target is not in the link (a shortener, a Mimecast ``/s/`` code):
    it can only be learnt by visiting it, which the inspector never does."""

    host: str
    via: str
    title: str
    reason: str

    def to_json(self) -> dict[str, object]:
        """``{"host", "via", "title", "reason"}`` (not a contract key: for reports)."""
        return {"host": self.host, "via": self.via, "title": self.title, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class Scan:
    """What one link carries: every URL in it (carriers first), and whether its own
    target is unknowable offline, with plain notes on anything corrupt."""

    carried: tuple[Carried, ...]
    unknowable: Unknowable | None
    notes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Destination:
    """One hop: the URL the previous link hands the visitor on to.

    ``span`` indexes the previous hop's ``url`` (the input for the first hop); None
    where no span of that text holds the URL. ``host`` is the URL's host, lower-cased
    (None when it has none); ``title`` the carrier in plain words; ``decoding`` the
    steps that turned the carried text into ``url`` (``percent``, ``base64``, ...).
    """

    url: str
    via: str
    span: Span | None
    host: str | None
    title: str
    decoding: tuple[str, ...]
    #: What the carrier link names besides the URL (Safe Links' ``data=``: recipient,
    #: tenant, time); spans index the same text as ``span``. Outside the entry's JSON.
    fields: tuple[CarrierField, ...] = ()

    def to_json(self) -> dict[str, object]:
        """The contract's entry: ``{"url", "via", "start", "end"}``."""
        return {
            "url": self.url,
            "via": self.via,
            "start": None if self.span is None else self.span.start,
            "end": None if self.span is None else self.span.end,
        }


@dataclass(frozen=True, slots=True)
class Destinations:
    """The chain of one link, outermost first, and what stopped it.

    ``unknowable`` is set when the last link of the chain (the input itself when
    ``hops`` is empty) keeps its target on a server; ``notes`` are plain sentences
    (corrupt encodings, the depth or size bound reached). ``truncated`` says a bound
    stopped the walk, so the chain may go on.
    """

    input: str
    input_host: str | None
    hops: tuple[Destination, ...]
    unknowable: Unknowable | None
    notes: tuple[str, ...]
    truncated: bool

    @property
    def final(self) -> str | None:
        """The end of the chain: the last hop's URL, None when the link carries none."""
        return self.hops[-1].url if self.hops else None

    @property
    def final_host(self) -> str | None:
        """The host of the end of the chain (the input's host when there are no hops)."""
        return self.hops[-1].host if self.hops else self.input_host

    @property
    def hosts(self) -> tuple[str | None, ...]:
        """The host of the input, then of each hop: what the banner names in order."""
        return (self.input_host, *(h.host for h in self.hops))

    @property
    def note(self) -> str | None:
        """All notes as one paragraph, the unknowable reason first; None when quiet."""
        parts = [self.unknowable.reason] if self.unknowable else []
        parts.extend(self.notes)
        return " ".join(parts) if parts else None

    def sentence(self) -> str | None:
        """The chain in plain words ("This link goes to a (Microsoft Safe Links), which
        forwards to b (Proofpoint URL Defense v2), which forwards to c."), or None when
        the link carries nothing and nothing is unknowable."""
        if not self.hops and self.unknowable is None:
            return None
        names = [self.input_host or "its own address"]
        names += [hop.host or _short(hop.url) for hop in self.hops]
        # each link is named with the carrier that forwards from it (hop i's title)
        labelled = [
            f"{name} ({self.hops[i].title})" if i < len(self.hops) else name
            for i, name in enumerate(names)
        ]
        text = "This link goes to " + ", which forwards to ".join(labelled) + "."
        if self.note:
            text += " " + self.note
        return text

    def to_json(self) -> list[dict[str, object]]:
        """The contract's ``destinations`` list."""
        return [h.to_json() for h in self.hops]

    def fields_json(self) -> list[dict[str, object]]:
        """The carriers' named fields (``carrier_fields``, an additive key of the
        ``analyze`` answer): ``{"hop", "via", "name", "value", "start", "end"}`` each,
        ``hop`` the index of the ``destinations`` entry whose carrier link holds it
        (its offsets index the same text as that entry's)."""
        return [
            {"hop": i, "via": hop.via, **f.to_json()}
            for i, hop in enumerate(self.hops)
            for f in hop.fields
        ]


def _short(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
