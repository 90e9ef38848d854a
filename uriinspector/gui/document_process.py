"""The child process the window reads a large document in (no Qt, no network).

Parsing a 20 MB mail runs C calls that hold the GIL for 100-300 ms each on a loaded
machine (``bytes.decode``, ``StringIO`` and ``str.join`` over the whole message inside
``email``); on a thread of the window's own process every one of them would freeze
the GUI thread that long. So ``gui/documents.py`` hands a large document to this
module in a child process and reads its answer line by line.

Protocol (stdin → stdout, both bytes): one JSON line ``{"name", "path", "kind", "base",
"defanged"}``
then, when ``path`` is null, the document's bytes. The answer is JSON Lines: first
``{"document": {kind, source, subject, index, problems}}``, then one ``{"link": {...}}``
per link (short lines: the parent parses each without holding the GIL for long),
``{"end": true}``, then ``{"verdicts": [start, [level, ...]]}`` per batch of links
judged by the core (also here, so the window's process only reads). JSON, never
pickle: the child reads hostile input, the parent trusts nothing it says.

Before reading anything, the child installs a PEP 578 audit hook that refuses every
socket, name look-up and URL fetch; an attempt is reported as ``{"violation": ...}``.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, BinaryIO

if TYPE_CHECKING:
    from uriinspector.sources.model import Document

#: Audit events that mean "the network was touched" (as tests/conftest.py).
NETWORK_EVENTS = frozenset({
    "socket.connect", "socket.getaddrinfo", "socket.gethostbyname", "socket.gethostbyaddr",
    "socket.getnameinfo", "socket.sendto", "socket.bind", "urllib.Request",
})


@dataclass(frozen=True, slots=True)
class Job:
    """One document to read: its bytes (or a path to read them from), name and base.

    ``kind`` forces the reader (``"image"`` for a pasted image), else it is sniffed from
    the content and the name (``sources.sniff``). ``base`` is the page URL relative
    HTML links are resolved against (a ``<base href>`` in the page wins). ``defanged``
    also lists defanged indicators of text (the window sets it).
    """

    name: str
    data: bytes | None = None
    path: str | None = None
    kind: str | None = None
    base: str | None = None
    defanged: bool = False

def read_job(job: Job) -> Document:
    """The document of ``job`` without verdicts (runs on the worker); never raises."""
    from uriinspector.sources import read_bytes
    from uriinspector.sources.documents import MAX_FILE_BYTES
    from uriinspector.sources.model import Document, Problem

    data = job.data
    if data is None:
        try:
            with open(job.path or job.name, "rb") as fh:
                data = fh.read(MAX_FILE_BYTES + 1)
        except OSError as exc:
            why = exc.strerror or str(exc)
            return Document("unknown", (), (Problem("unreadable", f"cannot read: {why}"),),
                            source=job.name)
    return read_bytes(data, job.name, base=job.base, kind=job.kind,  # type: ignore[arg-type]
                      defanged=job.defanged)



@dataclass(frozen=True, slots=True)
class Summary:
    """What the Extract tab's status line counts, counted off the GUI thread (a pass
    over 100,000 links takes ~50 ms): links (``<base href>`` aside), MIME parts,
    mismatches, browser differences, and the base the page's links resolved against
    (its ``<base href>`` resolved, else the page URL)."""

    links: int
    parts: int
    mismatches: int
    differ: int
    base: str | None


def summarize(doc: Document, base: str | None) -> Summary:
    """The :class:`Summary` of ``doc`` read against page URL ``base``."""
    links = [link for link in doc.links if link.kind != "base"]
    page_base = base
    if doc.kind == "html":
        first = next((link for link in doc.links if link.kind == "base"), None)
        if first is not None and ":" in first.uri and first.uri.split(":", 1)[0].isalnum():
            page_base = first.uri
    return Summary(
        len(links),
        len({link.part for link in links if link.part}),
        sum(1 for link in links if link.mismatch),
        sum(1 for link in links if link.browser_uri is not None),
        page_base,
    )


#: Links judged per batch before their verdicts are written.
VERDICT_BATCH = 1024


def _refuse_network(out: BinaryIO) -> None:
    def hook(event: str, args: tuple[object, ...]) -> None:
        if event in NETWORK_EVENTS:
            out.write(json.dumps({"violation": f"{event} {args!r}"[:500]}).encode() + b"\n")
            out.flush()
            raise PermissionError(f"the document reader never uses the network ({event})")

    sys.addaudithook(hook)


def link_to_json(link: Any) -> dict[str, object]:
    """One ``sources.model.Link`` as a JSON object (its span as ``[start, end]``)."""
    return {
        "uri": link.uri, "raw": link.raw, "target": link.target, "kind": link.kind,
        "span": None if link.span is None else [link.span.start, link.span.end],
        "display": link.display, "mismatch": link.mismatch,
        "shown_domain": link.shown_domain, "target_domain": link.target_domain,
        "part": link.part, "browser_uri": link.browser_uri,
    }


def link_from_json(obj: dict[str, Any]) -> Any:
    """A ``sources.model.Link`` back from :func:`link_to_json` (types checked)."""
    from uriinspector.core.spans import Span
    from uriinspector.sources.model import Link

    def text(key: str) -> str | None:
        value = obj.get(key)
        return value if isinstance(value, str) else None

    span = obj.get("span")
    return Link(
        uri=text("uri") or "", raw=text("raw") or "", target=text("target") or "",
        kind=text("kind") or "text",  # type: ignore[arg-type]
        span=Span(int(span[0]), int(span[1])) if isinstance(span, list) and len(span) == 2
        else None,
        display=text("display"), mismatch=obj.get("mismatch") is True,
        shown_domain=text("shown_domain"), target_domain=text("target_domain"),
        part=text("part"), browser_uri=text("browser_uri"),
    )


def main() -> int:
    """Read one job from stdin, answer on stdout; never raises."""
    out = sys.stdout.buffer
    _refuse_network(out)
    if hasattr(os, "nice"):  # the window comes first: the reader takes the CPU it leaves
        with contextlib.suppress(OSError):
            os.nice(10)
    inp = sys.stdin.buffer
    try:
        header = json.loads(inp.readline() or b"{}")
        path = header.get("path")
        data = None if path else inp.read()
        job = Job(str(header.get("name") or ""), data=data, path=path,
                  kind=header.get("kind"), base=header.get("base"),
                  defanged=header.get("defanged") is True)
        doc = read_job(job)
    except Exception as exc:  # the parent says what went wrong; nothing is raised
        out.write(json.dumps({"error": f"{type(exc).__name__}: {exc}"[:500]}).encode() + b"\n")
        return 0
    head = {
        "kind": doc.kind, "source": doc.source, "subject": doc.subject, "index": doc.index,
        "problems": [[p.code, p.message, p.part] for p in doc.problems],
    }
    out.write(json.dumps({"document": head}).encode() + b"\n")
    for link in doc.links:
        out.write(json.dumps({"link": link_to_json(link)}).encode() + b"\n")
    out.write(b'{"end": true}\n')
    out.flush()
    from uriinspector.sources import verdict_of

    links = doc.links
    for start in range(0, len(links), VERDICT_BATCH):
        levels = ["danger" if link.mismatch else verdict_of(link.target)
                  for link in links[start : start + VERDICT_BATCH]]
        out.write(json.dumps({"verdicts": [start, levels]}).encode() + b"\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
