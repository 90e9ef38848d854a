"""The child process the window reads every document in (no Qt, no network, bounded).

A document is hostile input: a 288 KB header bomb took 1.76 GB to parse, and parsing a
20 MB mail runs C calls that hold the GIL for 100-300 ms each (``bytes.decode``,
``StringIO`` and ``str.join`` over the whole message inside ``email``). On a thread of
the window's own process the first would take the window's memory, the second freeze
its GUI thread. So ``gui/intake/documents.py`` hands every document (a file, a dropped file, a
pasted image) to this module in a child process, reads its answer line by line, and
starts a new child for the next document.

The child is bounded: :func:`limit_child` caps its address space (``RLIMIT_AS``,
:data:`ADDRESS_SPACE_BYTES`) and :func:`limit_reading` the processor time reading may
use (``RLIMIT_CPU``, :data:`TIME_LIMIT_SECONDS`). A reading that needs more memory ends
in ``MemoryError``, answered as a ``memory-limit`` problem; one that needs more time
ends the child with :data:`EXIT_TIME_LIMIT`, and the window shows a ``time-limit``
problem (as when it stops a child that has not answered in :data:`WAIT_LIMIT_SECONDS`).

Protocol (stdin → stdout, both bytes): one JSON line ``{"name", "path", "kind", "base",
"defanged"}``
then, when ``path`` is null, the document's bytes. The answer is JSON Lines: first
``{"document": {kind, source, subject, index, problems}}``, then ``{"text": str}`` for a
page of at most :data:`TEXT_CHARS` (the Extract tab's page-links view reads it), one
``{"link": {...}}`` per link (short lines: the parent parses each without holding the
GIL for long), ``{"end": true}``, then ``{"verdicts": [start, [level, ...]]}`` per batch
of links judged by the core (also here, so the window's process only reads). JSON,
never pickle: the child reads hostile input, the parent trusts nothing it says. A
failure is ``{"error": message, "code": code}``.

Before reading anything, the child installs a PEP 578 audit hook that refuses every
socket, name look-up and URL fetch; an attempt is reported as ``{"violation": ...}``.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, BinaryIO, Final

if TYPE_CHECKING:
    from uriinspector.sources.model import Document

#: The child's address space (``RLIMIT_AS``): 2 GiB. Reading a 64 MB mail (the largest
#: file read, ``documents.MAX_FILE_BYTES``) takes well under it; the interpreter and
#: its libraries take ~60 MB. ``URIINSPECTOR_CHILD_AS_MB`` sets another (tests).
ADDRESS_SPACE_BYTES: Final = 2 * 1024 * 1024 * 1024
#: Processor seconds reading one document may use (``RLIMIT_CPU``; processor time, not
#: wall-clock, so a loaded machine does not fail a document: an 8 MB text of 160,000
#: links takes ~5 s). Judging the links afterwards is the core's bounded work and is not
#: limited. ``URIINSPECTOR_CHILD_SECONDS`` sets another (tests).
TIME_LIMIT_SECONDS: Final = 120
#: Wall-clock seconds the window waits for a child's document before stopping it: the
#: backstop for a child that waits rather than computes (``URIINSPECTOR_CHILD_WAIT_SECONDS``).
WAIT_LIMIT_SECONDS: Final = 600.0
#: The exit status of a child stopped by :data:`TIME_LIMIT_SECONDS` (``SIGXCPU``).
EXIT_TIME_LIMIT: Final = 3
#: Pages up to this many characters have their text sent to the window (page links).
TEXT_CHARS: Final = 1_000_000


def _knob(name: str, default: float, scale: float = 1) -> float:
    try:
        value = float(os.environ.get(name, ""))
    except ValueError:
        return default
    return value * scale if value > 0 and math.isfinite(value) else default


def address_space_limit() -> int:
    """The child's ``RLIMIT_AS`` in bytes (:data:`ADDRESS_SPACE_BYTES` unless set)."""
    return int(_knob("URIINSPECTOR_CHILD_AS_MB", ADDRESS_SPACE_BYTES, 1024 * 1024))


def time_limit() -> int:
    """Processor seconds reading one document may use (:data:`TIME_LIMIT_SECONDS`)."""
    return max(1, math.ceil(_knob("URIINSPECTOR_CHILD_SECONDS", TIME_LIMIT_SECONDS)))


def wait_limit() -> float:
    """Wall-clock seconds the window waits for a document (:data:`WAIT_LIMIT_SECONDS`)."""
    return _knob("URIINSPECTOR_CHILD_WAIT_SECONDS", WAIT_LIMIT_SECONDS)


def _setrlimit(which: int, value: int) -> None:
    import resource

    with contextlib.suppress(ValueError, OSError):
        _soft, hard = resource.getrlimit(which)
        if hard != resource.RLIM_INFINITY:
            value = min(value, hard)
        resource.setrlimit(which, (value, hard))


def limit_child() -> None:
    """Cap this process's address space, and write no core file (POSIX ``resource``;
    elsewhere only the window's wait limit holds)."""
    try:
        import resource
    except ImportError:
        return
    _setrlimit(resource.RLIMIT_AS, address_space_limit())
    _setrlimit(resource.RLIMIT_CORE, 0)


def limit_reading() -> None:
    """From now on, reading may use :func:`time_limit` more processor seconds; past
    them ``SIGXCPU`` ends the child with :data:`EXIT_TIME_LIMIT` (the kernel sends it
    however long a C call runs; the handler runs at the next bytecode, else the
    window's wait limit stops the child)."""
    try:
        import resource
        import signal
    except ImportError:
        return
    if not hasattr(signal, "SIGXCPU"):
        return
    signal.signal(signal.SIGXCPU, lambda _sig, _frame: os._exit(EXIT_TIME_LIMIT))
    used = resource.getrusage(resource.RUSAGE_SELF)
    _setrlimit(resource.RLIMIT_CPU,
               math.ceil(used.ru_utime + used.ru_stime) + time_limit())


def unlimit_reading() -> None:
    """The document is read: judging its links may take the processor time it needs."""
    try:
        import resource
    except ImportError:
        return
    with contextlib.suppress(ValueError, OSError):
        _soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
        resource.setrlimit(resource.RLIMIT_CPU, (hard, hard))


def memory_message() -> str:
    """What a ``memory-limit`` problem says."""
    return (f"Reading it needed more than {address_space_limit() // (1024 * 1024)} MB of "
            "memory, the limit for one document; it was stopped.")


def time_message() -> str:
    """What a ``time-limit`` problem says when the processor time ran out."""
    return (f"Reading it used more than {time_limit()} s of processor time, the limit for "
            "one document; it was stopped.")


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
    from uriinspector.sources.files import read_regular
    from uriinspector.sources.model import Document, Problem

    data = job.data
    if data is None:
        got = read_regular(job.path or job.name, MAX_FILE_BYTES + 1)  # never a FIFO
        if isinstance(got, Problem):
            return Document("unknown", (), (got,), source=job.name)
        data = got
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


def _line(out: BinaryIO, obj: object) -> None:
    out.write(json.dumps(obj).encode() + b"\n")


def _problem_json(problem: Any) -> list[str | None]:
    """A problem as ``[code, message, part]``; a reader that caught the ``MemoryError``
    of this child's limit (a mail part, ``read_bytes``) is named a ``memory-limit``."""
    if problem.code == "memory-limit" or "MemoryError: " in problem.message:
        return ["memory-limit", memory_message(), problem.part]
    return [problem.code, problem.message, problem.part]


def main() -> int:
    """Read one job from stdin, answer on stdout; never raises."""
    out = sys.stdout.buffer
    _refuse_network(out)
    limit_child()
    if hasattr(os, "nice"):  # the window comes first: the reader takes the CPU it leaves
        with contextlib.suppress(OSError):
            os.nice(10)
    # Ready before the job arrives: the window starts the next child ahead (a spare
    # that has imported the readers and the core), so a small document is read at once.
    from uriinspector.sources import link_verdict, verdict_of  # imports every reader too

    verdict_of("https://example.com/")
    inp = sys.stdin.buffer
    first = inp.readline()
    if not first:  # the window closed before handing a job over
        return 0
    limit_reading()
    try:
        header = json.loads(first)
        path = header.get("path")
        data = None if path else inp.read()
        job = Job(str(header.get("name") or ""), data=data, path=path,
                  kind=header.get("kind"), base=header.get("base"),
                  defanged=header.get("defanged") is True)
        doc = read_job(job)
    except MemoryError:
        _line(out, {"error": memory_message(), "code": "memory-limit"})
        return 0
    except Exception as exc:  # the parent says what went wrong; nothing is raised
        _line(out, {"error": f"{type(exc).__name__}: {exc}"[:500], "code": "unreadable"})
        return 0
    unlimit_reading()
    head = {
        "kind": doc.kind, "source": doc.source, "subject": doc.subject, "index": doc.index,
        "sender": doc.sender, "date": doc.date, "format": doc.format,
        "mail": doc.mail.to_json() if doc.mail is not None else None,
        "problems": [_problem_json(p) for p in doc.problems],
    }
    _line(out, {"document": head})
    if doc.kind == "html" and doc.text is not None and len(doc.text) <= TEXT_CHARS:
        _line(out, {"text": doc.text})
    for link in doc.links:
        out.write(json.dumps({"link": link_to_json(link)}).encode() + b"\n")
    out.write(b'{"end": true}\n')
    out.flush()
    links = doc.links
    for start in range(0, len(links), VERDICT_BATCH):
        # sources.link_verdict: core.verdict.decide, the verdict the CLI, the banner and
        # the reports give for the link in this document
        levels = [link_verdict(link).level for link in links[start : start + VERDICT_BATCH]]
        out.write(json.dumps({"verdicts": [start, levels]}).encode() + b"\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
