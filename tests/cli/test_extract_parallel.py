"""``extract --json --jobs N`` on a mailbox (issue 22): the same bytes as one process, in
input order; the mailbox read a bounded window at a time; each distinct link analysed
once per process."""

from __future__ import annotations

import mailbox
import sys
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.cli.helpers import cli
from tests.sources.builders import phishing_mail
from uriinspector.cli import ExitStatus, extract_parallel
from uriinspector.cli import extract as cli_extract
from uriinspector.sources import documents, link_lines

MESSAGES = extract_parallel.MIN_MESSAGES + 13  # workers, and a last task not full


def _message(i: int) -> bytes:
    if i % 7 == 0:
        return bytes(phishing_mail())  # a mismatch row, HTML part
    msg = EmailMessage()
    msg["Subject"] = f"digest {i}"
    msg.set_content(f"shared https://news.example/ and https://t.example/{i}?id={i} "
                    f"and hxxps://evil{i % 3}[.]example/x and caf\u00e9 http://\u0430pple.com/")
    return bytes(msg)


def _maildir(tmp_path: Path, n: int, *, broken: bool = True) -> Path:
    box = mailbox.Maildir(str(tmp_path / "Mail"), create=True)
    for i in range(n):
        box.add(_message(i))
    if broken:  # a message that cannot be read: reported in its place, the run goes on
        (tmp_path / "Mail" / "new" / "5.gone.host").symlink_to(tmp_path / "nowhere")
    return tmp_path / "Mail"


@pytest.mark.parametrize("mode", [["--json"], ["--json", "--live"]])
def test_jobs_2_prints_byte_for_byte_what_jobs_1_prints(tmp_path: Path, mode: list[str]) -> None:
    path = str(_maildir(tmp_path, MESSAGES))
    assert extract_parallel.worth_workers(documents.open_path(path), 2)
    one = cli("extract", *mode, "--jobs", "1", path)
    two = cli("extract", *mode, "--jobs", "2", path)
    assert one.exit_status == two.exit_status == ExitStatus.ERROR  # the broken message
    assert "skipped" in one.stderr and one.stderr == two.stderr
    assert str(two) == str(one) and len(str(one)) > 10_000


def test_a_small_mailbox_stays_in_this_process(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    path = str(_maildir(tmp_path, 3, broken=False))
    assert not extract_parallel.worth_workers(documents.open_path(path), 2)
    assert not extract_parallel.worth_workers(documents.open_path(path), 1)
    monkeypatch.setattr(extract_parallel, "outputs", None)  # would fail if called
    r = cli("extract", "--json", "--jobs", "2", path)
    assert r.exit_status == ExitStatus.SUCCESS and len(r.json) > 3


def test_the_mailbox_is_read_a_window_at_a_time(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    source = documents.open_path(str(_maildir(tmp_path, MESSAGES, broken=False)))
    read: list[int] = []

    def counting(path: str, kind: documents.DocumentKind) -> object:
        for item in documents.mailbox_messages(path, kind):
            read.append(1)
            yield item

    monkeypatch.setattr(extract_parallel, "mailbox_messages", counting)
    monkeypatch.setattr(extract_parallel, "WINDOW_PER_JOB", 1)
    monkeypatch.setattr(extract_parallel, "TASK_MESSAGES", 4)  # a window well short of the box
    window = 2 * extract_parallel.TASK_MESSAGES
    got = extract_parallel.outputs(source, cli_extract.judged_json, (), 2)
    first = next(got)
    assert first[1] and len(read) <= window + extract_parallel.TASK_MESSAGES
    rest = list(got)
    assert len(read) == MESSAGES and 1 + len(rest) == MESSAGES


def test_each_distinct_link_is_analysed_once_per_process(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    path = str(_maildir(tmp_path, 40, broken=False))
    analysed: list[str] = []
    real = documents.analyze

    def counting(uri: str) -> object:
        analysed.append(uri)
        return real(uri)

    monkeypatch.setattr(documents, "analyze", counting)
    documents.target_analysis.cache_clear()
    link_lines.clear_caches()  # the lines' own cache of what a target says
    r = cli("extract", "--json", "--jobs", "1", path)
    assert r.exit_status == ExitStatus.SUCCESS and len(r.json) > 100
    targets = [link.target for doc in documents.read_path(path) for link in doc.links]
    assert len(targets) > len(set(targets)) + 40  # the shared links repeat
    assert sorted(analysed) == sorted(set(targets))


@pytest.mark.parametrize("threads", [1, 2])
def test_an_mbox_with_a_large_mail_on_two_jobs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               threads: int) -> None:
    # one thread: workers forked from this process, warmed up; more: a fork server
    monkeypatch.setattr(extract_parallel.threading, "active_count", lambda: threads)
    if sys.platform.startswith("linux"):
        method = extract_parallel._context().get_start_method()
        assert method == ("fork" if threads == 1 else "forkserver")
    path = tmp_path / "box.mbox"
    big = EmailMessage()
    big["Subject"] = "large"
    big.set_content("".join(f"see https://big.example/{i % 40} {'lorem ipsum ' * 6}\n"
                            for i in range(3_000)))
    with open(path, "wb") as fh:  # tasks cut by bytes (the large mail) and by count
        for i, data in enumerate([_message(i) for i in range(MESSAGES)] + [bytes(big)] * 2):
            fh.write(b"From a@example.com Sat Nov 28 00:00:00 2026\n")
            fh.write(data.replace(b"\nFrom ", b"\n>From ") + (b"\n" if i % 2 else b""))
    assert len(bytes(big)) > extract_parallel.TASK_BYTES
    one = cli("extract", "--json", "--jobs", "1", str(path))
    two = cli("extract", "--json", "--jobs", "2", str(path))
    assert one.exit_status == two.exit_status == ExitStatus.SUCCESS
    assert str(two) == str(one) and str(one).count('"subject": "large"') >= 2
