"""``uriinspector batch``: one answer per non-blank line, in order, flushed, never aborting."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.helpers import ROOT, FlushRecorder, cli, run_batch, run_module, subprocess_env
from uriinspector.cli import Environment, ExitStatus, main


def codes(answers: list[dict[str, object]]) -> list[str | None]:
    """Each answer's ``error.code``, or None for a real answer."""
    out: list[str | None] = []
    for a in answers:
        err = a.get("error")
        out.append(str(err["code"]) if isinstance(err, dict) and "code" in err and
                   set(a) <= {"id", "op", "error"} else None)  # fmt: skip
    return out


def test_mixed_lines_one_answer_each_in_order() -> None:
    answers = run_batch(
        [
            '{"op": "urn", "input": "urn:isbn:1", "id": 1}',
            "",
            "not json",
            "[1, 2, 3]",
            "   ",
            '{"op": "teleport", "id": 4}',
            '{"op": "parse", "id": 5}',
            '{"op": "parse", "input": 5, "id": 6}',
            b'{"op": "urn", "input": "urn:a:\xff", "id": 7}',
            '{"op": "urn-equivalent", "a": "urn:a:b", "b": "URN:A:b", "id": 8}',
        ]
    )
    assert codes(answers) == [
        None,
        "invalid-json",
        "not-an-object",
        "unknown-op",
        "missing-field",
        "wrong-type",
        "invalid-utf8",
        None,
    ]
    assert [a.get("id") for a in answers] == [1, None, None, 4, 5, 6, None, 8]
    assert all("op" in a for a in answers)
    assert answers[0]["nss"] == "1"
    assert answers[-1]["equivalent"] is True


def test_empty_input_no_output() -> None:
    r = cli("batch")
    assert r == "" and r.exit_status == ExitStatus.SUCCESS


def test_only_blank_lines() -> None:
    assert run_batch(["", " ", "\t", "\r"]) == []


def test_last_line_without_newline_is_answered() -> None:
    r = cli("batch", stdin=b'{"op": "nope"}\n{"op": "nope", "id": 2}')
    assert [a["id"] for a in r.json if "id" in a] == [2]
    assert len(r.json) == 2


def test_crlf_lines() -> None:
    answers = run_batch(['{"op": "nope", "id": 1}\r', "\r", '{"op": "nope", "id": 2}\r'])
    assert [a["id"] for a in answers] == [1, 2]


def test_each_answer_is_flushed_on_its_own_line() -> None:
    r = cli("batch", stdin=b'{"op": "a"}\n\n{"op": "b"}\nx\n')
    stdout = r.env.stdout
    assert isinstance(stdout, FlushRecorder)
    lines = r.splitlines()
    assert len(lines) == 3
    snapshots = [s for s in stdout.flushed if s]
    assert [s.count(b"\n") for s in snapshots] == [1, 2, 3]
    assert all(s.endswith(b"\n") for s in snapshots)


def test_five_megabyte_line_is_answered() -> None:
    big = "a" * (5 * 1024 * 1024)
    answers = run_batch(
        [
            json.dumps({"op": "urn", "input": "urn:x:" + big, "id": "big"}),
            '{"op": "parse", "input": "' + big,  # 5 MB of broken JSON
            '{"op": "nope", "id": "after"}',
        ]
    )
    assert [a.get("id") for a in answers] == ["big", None, "after"]
    assert answers[0]["nss"] == big
    assert codes(answers) == [None, "invalid-json", "unknown-op"]


def test_lone_surrogate_input_gives_escaped_output() -> None:
    r = cli("batch", stdin=b'{"op": "urn", "input": "urn:a:\\ud800"}\n')
    assert "\\ud800" in r and r.isascii()
    assert r.json[0]["input"] == "urn:a:\ud800"


def test_every_op_answers() -> None:
    requests = [
        {"op": "parse", "input": "http://a/b"},
        {"op": "parse", "input": "http://a/b", "edition": "whatwg"},
        {"op": "analyze", "input": "http://a/b"},
        {"op": "resolve", "base": "http://a/b/c", "ref": "../d"},
        {"op": "normalize", "input": "HTTP://a/%7e"},
        {"op": "compare", "a": "http://a/", "b": "HTTP://A/"},
        {"op": "urn", "input": "urn:isbn:1"},
        {"op": "urn-equivalent", "a": "urn:isbn:1", "b": "urn:ISBN:1"},
        {"op": "extract", "text": "see <http://a/b>"},
    ]
    answers = run_batch([json.dumps({**req, "id": i}) for i, req in enumerate(requests)])
    assert [a["id"] for a in answers] == list(range(len(requests)))
    assert [a["op"] for a in answers] == [r["op"] for r in requests]


class FailingStdout(io.BytesIO):
    """A stdout whose reader went away."""

    def write(self, data: object) -> int:
        """Always EPIPE."""
        raise BrokenPipeError(32, "Broken pipe")


class FailingStdin(io.BytesIO):
    """A stdin that cannot be read."""

    def readline(self, size: int | None = -1) -> bytes:
        """Always EIO."""
        raise OSError(5, "Input/output error")


def test_broken_pipe_exits_quietly_non_zero() -> None:
    env = Environment(io.BytesIO(b'{"op": "x"}\n'), FailingStdout(), io.StringIO())
    assert main(["batch"], env) == ExitStatus.BROKEN_PIPE
    assert isinstance(env.stderr, io.StringIO) and env.stderr.getvalue() == ""


def test_unreadable_stdin_is_an_error_status() -> None:
    env = Environment(FailingStdin(), io.BytesIO(), io.StringIO())
    assert main(["batch"], env) == ExitStatus.ERROR
    assert isinstance(env.stderr, io.StringIO)
    assert "cannot read stdin" in env.stderr.getvalue()


# ---- real processes ------------------------------------------------------------------------


def test_subprocess_smoke_invalid_utf8_and_mixed_lines() -> None:
    stdin = b"".join(
        [
            b'{"op": "parse", "input": "http://a/b", "id": 1}\n',
            b"\n",
            b"\xff\xfe garbage\n",
            b'{"op": "urn", "input": "urn:x:\xc3\xa9", "id": 3}\n',
            b"[]\n",
            b'{"op": "parse", "input": "caf\xe9"}\n',  # Latin-1, not UTF-8
            b"   \n",
            b'{"op": "compare", "a": "http://a/", "b": "http://a", "id": 6}',
        ]
    )
    proc = run_module("batch", stdin=stdin)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == b""
    lines = proc.stdout.decode("utf-8").splitlines()  # protocol 1.2: UTF-8
    assert len(lines) == 6
    answers = [json.loads(line) for line in lines]
    assert codes(answers)[1:] == [
        "invalid-utf8", None, "not-an-object", "invalid-utf8", None,
    ]  # fmt: skip
    assert answers[2]["nss"] == "é"
    assert [a.get("id") for a in answers] == [1, None, 3, None, None, 6]


def test_subprocess_co_process_gets_each_answer_before_eof() -> None:
    with subprocess.Popen(
        [sys.executable, "-m", "uriinspector", "batch"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        cwd=ROOT,
        env=subprocess_env(),
    ) as proc:
        assert proc.stdin is not None and proc.stdout is not None
        for i in range(3):
            proc.stdin.write(json.dumps({"op": "urn", "input": f"urn:x:{i}", "id": i}).encode())
            proc.stdin.write(b"\n")
            proc.stdin.flush()
            answer = json.loads(proc.stdout.readline())  # would hang if not flushed
            assert answer["id"] == i and answer["nss"] == str(i)
        proc.stdin.close()
        assert proc.stdout.read() == b""
        assert proc.wait(timeout=30) == 0


def test_subprocess_broken_pipe_is_quiet() -> None:
    with subprocess.Popen(
        [sys.executable, "-m", "uriinspector", "batch"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=subprocess_env(),
    ) as proc:
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        line = b'{"op": "urn", "input": "urn:x:y"}\n'
        proc.stdin.write(line)
        proc.stdin.flush()
        proc.stdout.readline()
        proc.stdout.close()  # the reader goes away
        try:
            proc.stdin.write(line * 50_000)
            proc.stdin.close()
        except BrokenPipeError:
            pass
        assert proc.wait(timeout=60) == ExitStatus.BROKEN_PIPE
        assert proc.stderr.read() == b""


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_batch_help(flag: str) -> None:
    r = cli("batch", flag)
    assert r.exit_status == ExitStatus.SUCCESS
    assert r.startswith("usage: uriinspector batch [-h]")


class InterruptedStdin(io.BytesIO):
    """A stdin read interrupted by Ctrl-C."""

    def readline(self, size: int | None = -1) -> bytes:
        """Always ^C."""
        raise KeyboardInterrupt


def test_ctrl_c_exits_130() -> None:
    env = Environment(InterruptedStdin(), io.BytesIO(), io.StringIO())
    assert main(["batch"], env) == ExitStatus.ERROR_CTRL_C == 130


# ---- closed or failing stdout; numbers the reader cannot hold (issue 13) -------------------


def test_closed_stdout_is_one_line_and_status_1(monkeypatch: pytest.MonkeyPatch) -> None:
    """``batch >&-``: Python starts with ``sys.stdout = None``; that was a traceback."""
    monkeypatch.setattr(sys, "stdout", None)
    env = Environment.from_system()
    env.stdin = io.BytesIO(b'{"op": "urn", "input": "urn:x:y"}\n')
    env.stderr = io.StringIO()
    assert main(["batch"], env) == ExitStatus.ERROR
    err = env.stderr.getvalue()
    assert err.count("\n") == 1 and "standard output is closed" in err
    assert env.stdin.tell() == 0  # refused before reading any request


class FullStdout(io.BytesIO):
    """A stdout on a full disk (``> /dev/full``)."""

    def write(self, data: object) -> int:
        """Always ENOSPC."""
        raise OSError(28, "No space left on device")


def test_a_failing_stdout_is_one_line_and_status_1() -> None:
    line = b'{"op": "urn", "input": "urn:x:y"}\n'
    env = Environment(io.BytesIO(line), FullStdout(), io.StringIO())
    assert main(["batch"], env) == ExitStatus.ERROR
    assert isinstance(env.stderr, io.StringIO)
    err = env.stderr.getvalue()
    assert err.count("\n") == 1 and "No space left on device" in err and "Traceback" not in err


def test_an_infinite_id_is_echoed_in_process() -> None:
    r = cli("batch", stdin=b'{"id": 1e400, "op": "parse", "input": "http://a/"}\n')
    assert r.exit_status == ExitStatus.SUCCESS and r.stderr == ""
    assert r.startswith('{"id": 1e400, "op": "parse", "input": "http://a/"')
    assert '"error"' not in r.split('"diagnostics"')[0]


def _shell(script: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    """Run a POSIX shell line with ``$PY`` this interpreter, in this tree."""
    env = subprocess_env()
    env["PY"] = sys.executable
    return subprocess.run(
        ["/bin/sh", "-c", script], input=stdin, capture_output=True, cwd=ROOT, env=env,
        timeout=120, check=False,
    )  # fmt: skip


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_subprocess_closed_stdout_exits_1_with_one_line(jobs: str) -> None:
    proc = _shell(
        f'"$PY" -m uriinspector batch --jobs {jobs} >&-', b'{"op": "urn", "input": "urn:x:y"}\n'
    )
    assert proc.returncode == ExitStatus.ERROR
    lines = proc.stderr.decode().splitlines()
    assert len(lines) == 1 and "standard output is closed" in lines[0], proc.stderr


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_subprocess_full_disk_exits_1_with_one_line(jobs: str) -> None:
    proc = _shell(
        f'"$PY" -m uriinspector batch --jobs {jobs} > /dev/full',
        b'{"op": "urn", "input": "urn:x:y"}\n',
    )
    assert proc.returncode == ExitStatus.ERROR
    lines = proc.stderr.decode().splitlines()
    assert len(lines) == 1 and "No space left on device" in lines[0], proc.stderr


def test_subprocess_head_1_keeps_exit_141(tmp_path: Path) -> None:
    """``| head -1``: the documented broken-pipe status, nothing on stderr."""
    script = (
        'i=0; while [ $i -lt 20000 ]; do echo \'{"op": "urn", "input": "urn:x:y"}\'; i=$((i+1)); '
        f'done | {{ "$PY" -m uriinspector batch 2>"{tmp_path}/err"; echo $? > "{tmp_path}/rc"; }}'
        " | head -1"
    )
    proc = _shell(script)
    assert proc.returncode == 0 and proc.stdout.count(b"\n") == 1
    assert (tmp_path / "rc").read_text().strip() == str(int(ExitStatus.BROKEN_PIPE))
    assert (tmp_path / "err").read_text() == ""


def test_subprocess_infinite_and_huge_ids_echo_byte_for_byte() -> None:
    ids = [b"1e400", b"9" * 5000, b"-0", b"1.50"]
    stdin = b"".join(b'{"id": ' + i + b', "op": "urn", "input": "urn:x:y"}\n' for i in ids)
    proc = run_module("batch", stdin=stdin)
    assert proc.returncode == 0 and proc.stderr == b""
    lines = proc.stdout.splitlines()
    assert len(lines) == len(ids)
    for ident, line in zip(ids, lines, strict=True):
        assert line.startswith(b'{"id": ' + ident + b', "op": "urn", "input": "urn:x:y"')


_IMPORTS_AFTER_BATCH = """
import io, sys
from uriinspector.cli import Environment, main
lines = sys.argv[1].encode() + b"\\n"
env = Environment(io.BytesIO(lines), io.BytesIO(), io.StringIO())
main(["batch", "--jobs", "1"], env)
sys.stdout.write(env.stdout.getvalue().decode() + "|".join(sorted(sys.modules)))
"""


def _batch_then_modules(request: str) -> tuple[dict[str, object], set[str]]:
    proc = subprocess.run(
        [sys.executable, "-c", _IMPORTS_AFTER_BATCH, request],
        capture_output=True, text=True, timeout=60, cwd=ROOT, env=subprocess_env(), check=True,
    )  # fmt: skip
    answer, modules = proc.stdout.split("\n", 1)
    return json.loads(answer), set(modules.split("|"))


def test_parse_lines_do_not_load_the_document_readers() -> None:
    # start-up (docs/performance.md, ## Batch): the 1.1 document ops import their
    # readers on first use, so a batch of parse lines never imports uriinspector.sources
    # or analysis
    answer, modules = _batch_then_modules('{"op": "parse", "input": "http://a/b"}')
    assert answer["valid"] is True
    assert not {m for m in modules if m.startswith("uriinspector.sources")}
    assert "uriinspector.core.analysis" not in modules


def test_a_document_op_loads_its_reader_on_first_use() -> None:
    # batch-protocol.md, extract (1.1): html answers come from uriinspector.sources
    request = {"op": "extract", "format": "html", "text": '<a href="http://a/b">x</a>'}
    answer, modules = _batch_then_modules(json.dumps(request))
    from uriinspector.batch.documents import answer_extract_html

    assert answer == {"op": "extract", **answer_extract_html(request)}
    assert "uriinspector.sources.html" in modules


def test_every_op_of_the_contract_has_one_handler_in_the_one_table() -> None:
    # issue 25: "who answers {"op": "qr"}" is answered by one table, not registered at
    # run time: the ops the contract's requests name are exactly its keys, in order
    import re

    from uriinspector.batch import ops, protocol

    text = (ROOT / "docs" / "contract" / "batch-protocol.md").read_text(encoding="utf-8")
    named = list(dict.fromkeys(re.findall(r'Request: `\{"op": "([a-z-]+)"', text)))
    assert named == list(ops.OP_TABLE) == list(protocol.OPS)
    assert not hasattr(protocol, "register_handler")


def test_the_serial_loop_reads_a_document_given_as_bytes() -> None:
    # batch-protocol.md, extract: documents as bytes (1.2): the serial loop answers it
    # (it once said internal-error: only --jobs workers had the handler registered)
    import base64

    from uriinspector.batch.protocol import handle_request

    data = base64.b64encode(b"see http://a.example/x now").decode()
    request = {"op": "extract", "data": data, "name": "a.txt", "id": 3}
    (answer,) = run_batch([json.dumps(request)])
    assert answer == handle_request(request)
    assert answer["format"] == "text"
    assert [u["uri"] for u in answer["uris"]] == ["http://a.example/x"]  # type: ignore[attr-defined]
