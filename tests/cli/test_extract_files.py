"""``uriinspector extract FILE…`` and the batch protocol's 1.1 document operations."""

from __future__ import annotations

import base64
import io
import json
import mailbox
from pathlib import Path

from tests.cli.helpers import cli, mock_env, run_batch
from tests.sources.builders import PHISH_QR_URL, phishing_mail, qr_png
from uriinspector.cli import ExitStatus, main
from uriinspector.core.defang import defang

CORPUS = Path(__file__).resolve().parents[1] / "data" / "mail"


def test_table_marks_the_mismatch_row(tmp_path: Path) -> None:
    path = tmp_path / "lure.eml"
    path.write_bytes(bytes(phishing_mail()))
    r = cli("extract", str(path), "--color", "never")
    assert r.exit_status == ExitStatus.SUCCESS, r.stderr
    lines = r.splitlines()
    assert lines[0].startswith(f"{path}: Your account is limited  (8 links, eml)")
    marked = [line for line in lines if line.startswith("  ! ")]
    assert len(marked) == 1 and "hxxps://evil[.]example/login" in marked[0]  # defanged
    assert "danger" in marked[0] and "hxxps://paypal[.]com/" in marked[0]
    assert "1.2 text/html" in marked[0]
    assert "The visible text shows paypal[.]com but the link goes to evil[.]example." in r
    assert "2 image/png (QR)" in r and defang(PHISH_QR_URL) in r


def test_json_lines_one_object_per_link(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text('<a href="../x">paypal.com</a><img src="i.png">', "utf-8")
    r = cli("extract", "--json", "--base", "https://site.example/a/b", str(page),
            str(CORPUS / "01-phish-paypal-anchor.eml"))
    rows = r.json
    assert rows[0].items() >= {
        "uri": "https://site.example/x", "start": 9, "end": 13, "part": "",
        "display": "paypal.com", "mismatch": True, "file": str(page), "message": None,
        "verdict": "danger", "final": "https://site.example/x",
        "effective_host": "site.example", "registrable_domain": "site.example",
        "final_domain": "site.example", "codes": ["text-mismatch"],
    }.items()
    assert rows[1]["uri"] == "https://site.example/a/i.png"
    mail_rows = [row for row in rows if row["file"] != str(page)]
    assert [row["mismatch"] for row in mail_rows] == [False, True, False]
    assert all(row["start"] is None for row in mail_rows)


def test_problems_go_to_stderr_in_json_mode() -> None:
    r = cli("extract", "--json", str(CORPUS / "12-malformed-charset.eml"))
    assert r.exit_status == ExitStatus.SUCCESS
    assert [row["uri"] for row in r.json] == ["https://charset.example.net/page"]
    assert "unknown-charset" in r.stderr


def _mbox(tmp_path: Path, n: int) -> Path:
    path = tmp_path / "box.mbox"
    box = mailbox.mbox(str(path))
    for _ in range(n):
        box.add(bytes(phishing_mail()))
    box.close()
    return path


class _TTY(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_mailbox_progress_on_a_terminal_and_message_index(tmp_path: Path) -> None:
    path = _mbox(tmp_path, 3)
    env = mock_env()
    env.stderr = _TTY()
    status = main(["extract", "--json", str(path)], env)
    assert status == ExitStatus.SUCCESS
    out = env.stdout.getvalue().decode()  # type: ignore[attr-defined]
    rows = [json.loads(line) for line in out.splitlines()]
    assert [row["message"] for row in rows if row["mismatch"]] == [1, 2, 3]
    progress = env.stderr.getvalue()
    assert "3/3" in progress and "[" in progress
    plain = cli("extract", "--json", str(path))
    assert plain.stderr == ""  # not a terminal: no progress bar


def test_a_bad_message_is_reported_and_skipped(tmp_path: Path) -> None:
    box = mailbox.Maildir(str(tmp_path / "Mail"), create=True)
    box.add(bytes(phishing_mail()))
    (tmp_path / "Mail" / "new" / "1.gone.host").symlink_to(tmp_path / "nowhere")
    box.add(bytes(phishing_mail()))
    r = cli("extract", str(tmp_path / "Mail"), "--color", "never")
    assert r.exit_status == ExitStatus.ERROR  # something was skipped; the run went on
    assert r.count("Your account is limited") == 2
    assert "skipped" in r.stderr and r.stderr.count("\n") == 1


def test_missing_file_does_not_end_the_run(tmp_path: Path) -> None:
    r = cli("extract", "--json", str(tmp_path / "nope.eml"), str(CORPUS / "09-benign-plain.eml"))
    assert r.exit_status == ExitStatus.ERROR
    assert len(r.json) == 3 and "nope.eml" in r.stderr


def test_free_text_extract_still_works() -> None:
    r = cli("extract", "see <http://a/b> or <URL:http://c/d>")
    assert "2 URI references found" in r
    r = cli("extract", "http://a/x.html")  # a URI naming an .html file stays text
    assert "1 URI reference found" in r
    r = cli("extract", "--text", str(CORPUS / "09-benign-plain.eml"))
    assert "0 URI references found" in r
    r = cli("extract", "--json", stdin=b"x <http://a/b> y\n")
    assert r.json == [{"op": "extract", "uris": [{"uri": "http://a/b", "start": 3, "end": 13}]}]


def test_image_file(tmp_path: Path) -> None:
    path = tmp_path / "scan.png"
    path.write_bytes(qr_png(PHISH_QR_URL))
    r = cli("extract", "--json", str(path))
    assert [(row["uri"], row["part"]) for row in r.json] == [(PHISH_QR_URL, "1 QRCode (QR)")]


# ---- batch, protocol 1.1 -----------------------------------------------------------------


def test_batch_extract_html_eml_and_qr() -> None:
    html = '<p><a href="https://evil.example/">https://paypal.com/</a>'
    answers = run_batch(
        [
            json.dumps({"id": 1, "op": "extract", "format": "html", "text": html}),
            json.dumps({"id": 2, "op": "extract", "format": "eml",
                        "text": phishing_mail().as_string()}),
            json.dumps({"id": 3, "op": "qr",
                        "image": base64.b64encode(qr_png(PHISH_QR_URL)).decode()}),
            json.dumps({"id": 4, "op": "extract", "format": "text", "text": "<http://a/>"}),
        ]
    )
    assert answers[0] == {"id": 1, "op": "extract", "uris": [
        {"uri": "https://evil.example/", "start": 12, "end": 33,
         "display": "https://paypal.com/", "mismatch": True,
         "final": "https://evil.example/"}]}  # protocol 1.2: where the link ends
    eml = answers[1]["uris"]
    assert isinstance(eml, list)
    assert {"uri", "start", "end", "part", "display", "mismatch", "final"} == set(eml[0])
    assert [e["part"] for e in eml if e["mismatch"]] == ["1.2 text/html"]
    assert {"part": "2 image/png (QR)", "uri": PHISH_QR_URL} in [
        {"part": e["part"], "uri": e["uri"]} for e in eml]
    assert answers[2] == {"id": 3, "op": "qr", "codes": [{"text": PHISH_QR_URL,
                                                          "format": "QRCode"}]}
    assert answers[3]["uris"] == [{"uri": "http://a/", "start": 1, "end": 10}]


def test_batch_field_errors() -> None:
    answers = run_batch(
        [
            json.dumps({"op": "extract", "format": "pdf", "text": "x"}),
            json.dumps({"op": "extract", "format": 3, "text": "x"}),
            json.dumps({"op": "qr", "image": "not base64!"}),
            json.dumps({"op": "qr", "image": base64.b64encode(b"GIF89a broken").decode()}),
            json.dumps({"op": "qr"}),
            json.dumps({"op": "extract", "format": "eml", "text": "no mail at all"}),
        ]
    )
    codes = [a.get("error", {}).get("code") for a in answers]  # type: ignore[union-attr]
    assert codes == ["invalid-value", "wrong-type", "invalid-value", "invalid-value",
                     "missing-field", None]
    assert answers[5]["uris"] == []


def test_msg_file(tmp_path: Path) -> None:
    from tests.sources.msgfile import write_msg

    path = tmp_path / "invoice.msg"
    path.write_bytes(write_msg("Invoice", "Pay https://evil.example/pay",
                               b'<a href="https://evil.example/pay">paypal.com</a>'))
    r = cli("extract", "--json", str(path))
    assert [(row["part"], row["mismatch"]) for row in r.json] == [
        ("1 text/plain", False), ("2 text/html", True)]


def test_a_file_that_is_not_what_its_name_says_exits_1(tmp_path: Path) -> None:
    tiff = tmp_path / "scan.msg"
    tiff.write_bytes(b"II*\x00\x08\x00\x00\x00" + bytes(range(256)))
    noise = tmp_path / "invoice.msg"
    noise.write_bytes(bytes((i * 37 + 11) % 256 for i in range(4096)).replace(b"\xd0", b"."))
    for path, said in ((tiff, "A TIFF image: not supported."),
                       (noise, "Not an Outlook message: no OLE header.")):
        r = cli("extract", str(path), "--color", "never")
        assert r.exit_status == ExitStatus.ERROR  # before: "0 links, text" and 0
        assert f"{path}: skipped: {said}" in r.stderr and "0 links" not in r
