"""``uriinspector report``: HTML, Markdown and JSON reports from the command line."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.helpers import ROOT, cli, run_module
from uriinspector.batch import protocol
from uriinspector.cli import COMMANDS, ExitStatus

MISLEADING = "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm"
SAMPLE_MAIL = ROOT / "resources" / "samples" / "sample_mail.txt"


def test_report_is_a_command_with_documented_help() -> None:
    assert "report" in COMMANDS
    r = cli("report", "--help")
    assert r.exit_status == ExitStatus.SUCCESS
    assert r.startswith("usage: uriinspector report [-h] [-f {html,md,json}] [-o PATH]")
    for words in ("self-contained", "batch contract's analyze answer", "-o DIR",
                  "--extract TEXTFILE", "--live-link", "defanged"):  # fmt: skip
        assert words in r, words
    assert "write a report (HTML, Markdown or JSON) for URIs" in " ".join(cli("--help").split())


def test_json_to_stdout_is_the_contract_answer() -> None:
    r = cli("report", MISLEADING, "--format", "json")
    assert r.exit_status == ExitStatus.SUCCESS and r.stderr == ""
    assert json.loads(r) == protocol.handle_request({"op": "analyze", "input": MISLEADING})


def test_markdown_and_html_to_stdout() -> None:
    md = cli("report", MISLEADING, "-f", "md")
    assert md.startswith("# URI Inspector report\n") and "**Verdict: Danger**" in md
    doc = cli("report", MISLEADING)  # html is the default
    assert doc.startswith("<!DOCTYPE html>")
    assert '<span class="c-host finding">10[.]0[.]0[.]1' in doc


def test_base_option_feeds_the_resolution_table() -> None:
    md = cli("report", "../g", "-f", "md", "--base", "http://x/y/z/w")
    assert "| rfc3986 | `hxxp://x/y/g` |" in md
    assert "## Resolution" not in cli("report", "../g", "-f", "md")


def test_live_link_option_keeps_the_link() -> None:
    """Defanged by default, as written with --live-link (issue 15 item 7)."""
    assert "`hxxp://a[.]example/`" in cli("report", "http://a.example/", "-f", "md")
    live = cli("report", "http://a.example/", "-f", "md", "--live-link")
    assert "`http://a.example/`" in live and "hxxp" not in live
    doc = cli("report", "http://a.example/", "--live-link")
    assert '<a href="http://a.example/" rel="noreferrer noopener">' in doc


def test_output_file(tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    r = cli("report", '"><script>x</script>', "-f", "html", "-o", str(out))
    assert r.exit_status == ExitStatus.SUCCESS and r == ""
    doc = out.read_text("utf-8")
    assert "<script>" not in doc and "&quot;&gt;&lt;script&gt;" in doc


def test_several_uris(tmp_path: Path) -> None:
    r = cli("report", "http://a/", "http://b/", "-f", "json")
    assert [a["input"] for a in r.json] == ["http://a/", "http://b/"]  # JSON Lines
    md = cli("report", "http://a/", "http://b/", "-f", "md")
    assert md.count("# URI Inspector report") == 2 and "\n---\n" in md
    html = cli("report", "http://a/", "http://b/")
    assert html.exit_status == ExitStatus.USAGE and "need -o DIR" in html.stderr
    r = cli("report", "http://a/", MISLEADING, "-o", str(tmp_path / "d"))
    assert r.exit_status == ExitStatus.SUCCESS
    assert sorted(p.name for p in (tmp_path / "d").iterdir()) == [
        "001-a.html", "002-10.0.0.1.html"
    ]
    assert r.stderr.splitlines() == [f"wrote {tmp_path / 'd' / '001-a.html'}",
                                     f"wrote {tmp_path / 'd' / '002-10.0.0.1.html'}"]  # fmt: skip


def test_uris_from_stdin_lines() -> None:
    r = cli("report", "-f", "json", stdin=b"http://a/\n\nhttp://b/\n")
    assert [a["input"] for a in r.json] == ["http://a/", "http://b/"]
    empty = cli("report", stdin=b"\n")
    assert empty.exit_status == ExitStatus.USAGE and "no URI" in empty.stderr


def test_extract_reports_every_uri_of_a_text(tmp_path: Path) -> None:
    r = cli("report", "--extract", str(SAMPLE_MAIL), "-f", "json")
    inputs = [a["input"] for a in r.json]
    assert inputs[3:5] == ["ftp://ftp.example.org/pub/uri/", "http://www.w3.org/Addressing/"]
    assert len(inputs) == 9 and MISLEADING in inputs
    r = cli("report", "--extract", "-", "-f", "md", "-o", str(tmp_path / "m"),
            stdin=b"see <URL:http://a.example/x-\n  y> and www.w3.org/Addressing/.")  # fmt: skip
    names = sorted(p.name for p in (tmp_path / "m").iterdir())
    assert names == ["001-a.example.md", "002-www.w3.org.md"]
    assert "`hxxp://a[.]example/x-y`" in (tmp_path / "m" / names[0]).read_text("utf-8")
    missing = cli("report", "--extract", str(tmp_path / "nope.txt"))
    assert missing.exit_status == ExitStatus.ERROR and "cannot read" in missing.stderr


def test_report_runs_as_a_process() -> None:
    done = run_module("report", MISLEADING, "-f", "md")
    assert done.returncode == 0
    assert "| Effective host | `10[.]0[.]0[.]1` |" in done.stdout.decode("utf-8")
