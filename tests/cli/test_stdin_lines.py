"""``StdinLines.rest`` gives the very lines ``readline`` gives (``batch --jobs``'s cheap
lines are read by it after the warm-up)."""

from __future__ import annotations

import io
import tempfile

from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.batch.stdin_lines import StdinLines

CHUNKS = st.lists(
    st.sampled_from([b"\n", b"\r", b"\r\n", b"{}", b"x" * 70_000, b"\xff", b" ", b'{"op":"-"}']),
    max_size=12,
).map(b"".join)


def by_readline(lines: StdinLines) -> list[bytes]:
    return list(iter(lines.readline, b""))


def opened(data: bytes) -> io.BufferedReader:
    f = tempfile.TemporaryFile()  # noqa: SIM115 - closed by the caller's with
    f.write(data)
    f.seek(0)
    return f  # type: ignore[return-value]


@settings(max_examples=150, deadline=None)
@given(data=CHUNKS, first=st.integers(min_value=0, max_value=4))
def test_the_rest_is_what_readline_reads(data: bytes, first: int) -> None:
    for system in (True, False):  # by the descriptor, and by the stream's own readline
        with opened(data) as a, opened(data) as b:
            expected = by_readline(StdinLines(a, system))
            lines = StdinLines(b, system)
            head = [lines.readline() for _ in range(first)]
            got = [line for line in head if line] + list(lines.rest())
            assert got == expected
            assert b"".join(got) == data


def test_a_long_input_is_read_in_pieces_with_no_line_lost() -> None:
    data = b"".join(b'{"id": %d}\n' % i for i in range(30_000)) + b"last"
    with opened(data) as f:
        got = list(StdinLines(f, True).rest())
    assert len(got) == 30_001 and got[-1] == b"last" and b"".join(got) == data
