"""Suite-wide guards: no test may touch the network, and requirement IDs are tracked.

The inspector never resolves a name or fetches a URL: users paste hostile links into
it. An audit hook (PEP 578) turns any socket connect, name look-up or urllib request
made by any test into a failure.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

# Hypothesis's per-example deadline (200 ms) is a wall-clock bound: on a busy 2-core
# machine it fails tests whose code is correct. Tests assert growth or bounded work.
settings.register_profile("uriinspector", deadline=None)
settings.load_profile("uriinspector")

# The one place that sets Qt's offscreen platform, before any test module imports Qt.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

#: Audit events that mean "the network was touched".
NETWORK_EVENTS = frozenset(
    {
        "socket.connect",
        "socket.getaddrinfo",
        "socket.gethostbyname",
        "socket.gethostbyaddr",
        "socket.getnameinfo",
        "socket.sendto",
        "urllib.Request",
    }
)


class NetworkAttempt(AssertionError):
    """Raised inside the offending call when code under test reaches for the network."""


_attempts: list[str] = []


def _audit(event: str, args: tuple[object, ...]) -> None:
    if event in NETWORK_EVENTS:
        # AF_UNIX socket connects are local IPC (e.g. a display server), not network.
        if event == "socket.connect" and args and getattr(args[0], "family", None) == 1:
            return
        _attempts.append(f"{event}{args!r}")
        raise NetworkAttempt(f"network access attempted: {event} {args!r}")


sys.addaudithook(_audit)


@pytest.fixture(autouse=True)
def _no_network() -> Iterator[None]:
    """Fail the test if anything it ran tried the network, even if the error was caught."""
    before = len(_attempts)
    yield
    new = _attempts[before:]
    if new:
        pytest.fail("network access attempted during test: " + "; ".join(new))


# ---- requirement traceability -------------------------------------------------------
# Tests that check a numbered requirement of RFC 2396 carry @pytest.mark.req("ID"); the
# summary lists every requirement with the tests citing it. The IDs are the project's own
# data (tests/data/requirements-2396-ids.json), so this works without the spec texts.

_citations: dict[str, list[str]] = {}


#: Soak and stress runs (minutes) run only under ``make soak``, which sets this to 1.
SOAK_ENV = "URIINSPECTOR_SOAK"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Record which collected tests cite which requirement IDs; skip soak runs unless
    ``make soak`` asked for them."""
    soaking = os.environ.get(SOAK_ENV) == "1"
    for item in items:
        if not soaking and item.get_closest_marker("soak") is not None:
            item.add_marker(pytest.mark.skip(reason=f"a soak run: make soak ({SOAK_ENV}=1)"))
        for mark in item.iter_markers("req"):
            for req_id in mark.args:
                _citations.setdefault(str(req_id), []).append(item.nodeid)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print the requirement report: each ID, how many tests cite it, and the first one."""
    citations = _citations
    if not citations and terminalreporter.config.getoption("numprocesses", None):
        # under pytest-xdist the workers collect; the controller reads the marks itself
        from tests.reqs import collect_citations

        citations = collect_citations(Path(__file__).resolve().parent)
    if not citations:
        return
    try:
        from tests.reqs import load_requirement_ids

        known = load_requirement_ids()
    except (ImportError, OSError):
        known = sorted(citations)
    terminalreporter.section("requirements of RFC 2396 cited by tests")
    for req_id in known:
        tests = citations.get(req_id, [])
        first = tests[0].split("::")[-1] if tests else "NOT CITED"
        terminalreporter.write_line(f"{req_id:>8}  {len(tests):3d} test(s)  {first}")
    uncited = [r for r in known if r not in citations]
    terminalreporter.write_line(
        f"{len(known) - len(uncited)} of {len(known)} requirements cited"
        + (f"; uncited: {', '.join(uncited)}" if uncited else "")
    )
