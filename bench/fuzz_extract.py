"""Coverage-guided fuzzing of the document readers behind ``extract`` with atheris.

``make fuzz`` runs it after ``bench/fuzz.py``: ``python bench/fuzz_extract.py
-max_total_time=N`` (``FUZZ_SECONDS``). Every libFuzzer flag passes through. Each input
is decoded as UTF-8 (errors replaced) and read:

- as ``{"op": "extract", "format": "html"}`` and ``"eml"`` through
  ``batch.protocol.handle_request`` (the batch op, answered from the one op table,
  ``batch.ops.OP_TABLE``): an ``internal-error`` answer is a reader's exception;
- by ``sources.html.extract_html`` directly: every span lies inside the text and holds
  the link's value as written (``html.unescape`` of it is ``raw``);
- by ``sources.page_links.page_links`` (the window's page reader, same tokenizer).

A *crash* is an exception, a broken span, or an answer JSON cannot write. As in
``bench/fuzz.py`` the run records each distinct crash (type and innermost
``uriinspector`` frame) with its smallest input under ``bench/out/fuzz-extract-crashes/``
and keeps going; ``--stop-on-crash`` stops at the first. A hang or memory blow-up is
libFuzzer's: ``-timeout`` (default 20 s per input) and ``-rss_limit_mb`` (default 2048)
stop the run and write the input under the same directory.

Seeds: ``bench/fuzz_corpus/extract/`` (small pages and mails kept in the repository:
floods, unclosed constructs, odd charsets, nested parts), with a dictionary of HTML and
MIME tokens written to ``bench/out/fuzz-extract.dict``; new inputs go to
``bench/out/fuzz-extract-corpus/``.
"""

from __future__ import annotations

import html
import json
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(HERE), str(ROOT)]

from fuzz_log import CrashLog, InternalErrorAnswer  # noqa: E402

try:
    import atheris
except ImportError:  # pragma: no cover - message for people running it by hand
    sys.exit("atheris is not installed: run `make fuzz` or `.venv/bin/pip install atheris`")

with atheris.instrument_imports(include=["uriinspector", "html", "_markupbase"]):
    from uriinspector.batch import protocol
    from uriinspector.sources.html import extract_html
    from uriinspector.sources.page_links import page_links

OUT = HERE / "out"
SEEDS = HERE / "fuzz_corpus" / "extract"
CRASH_DIR = OUT / "fuzz-extract-crashes"
STATS = OUT / "fuzz-extract-stats.json"
DICT = OUT / "fuzz-extract.dict"
WORK = OUT / "fuzz-extract-corpus"

TOKENS = (
    "<a href=", "<a ", "</a>", "</", "<?", "<!", "<!--", "-->", "--!>", "<![CDATA[", "]]>",
    "<![if !mso]>", "<![endif]>", "<!DOCTYPE html>", "<base href=", "<meta http-equiv=refresh",
    ' content="0; url=', "<script>", "</script>", "<style>", "<title>", "<img src=", " srcset=",
    "<form action=", " formaction=", "&amp;", "&#", "&#x", "&lt;", "=\"", "='", "/>", ">",
    "https://", "javascript:", "data:text/html,", "\r\n", "\r\n\r\n", "MIME-Version: 1.0\r\n",
    "Content-Type: ", "multipart/mixed; boundary=", "multipart/alternative", "text/html",
    "text/plain", "message/rfc822", "image/png", "charset=", "utf-8", "punycode", "cp1252",
    "Content-Transfer-Encoding: ", "base64", "quoted-printable", "=?utf-8?B?", "=?utf-8?Q?",
    "?=", "--b\r\n", "--b--", "Subject: ", "From: ", "=\r\n", "=3D", "=E2=80=AE",
)


class SpanError(Exception):
    """A link's span is outside the text or does not hold the link's value."""


def check_html(text: str) -> None:
    """``extract_html`` and ``page_links`` on ``text``: spans inside, holding the value."""
    doc = extract_html(text, base="https://fuzz.example/dir/page")
    for link in doc.links:
        span = link.span
        if span is None:
            continue
        if not 0 <= span.start <= span.end <= len(text):
            raise SpanError(f"span {span} outside a text of {len(text)}")
        if link.kind != "refresh" and html.unescape(text[span.start : span.end]) != link.raw:
            raise SpanError(f"span {span} holds {text[span.start:span.end]!r}, not {link.raw!r}")
    pages = page_links(text, "https://fuzz.example/dir/page")
    for ref in pages.references:
        if ref.span is not None and not 0 <= ref.span.start <= ref.span.end <= len(text):
            raise SpanError(f"page reference span {ref.span} outside a text of {len(text)}")


def check_batch(text: str, fmt: str) -> None:
    """``extract`` of ``text`` as ``fmt`` through the batch protocol."""
    answer = protocol.handle_request({"op": "extract", "format": fmt, "text": text})
    err = answer.get("error")
    if isinstance(err, dict) and err.get("code") == protocol.INTERNAL_ERROR:
        raise InternalErrorAnswer(str(err.get("message")))
    json.dumps(answer, ensure_ascii=True)
    for uri in answer.get("uris", []):
        start, end = uri.get("start"), uri.get("end")
        if start is not None and not 0 <= start <= end <= len(text):
            raise SpanError(f"{fmt} answer offsets {start}..{end} outside {len(text)}")


class Harness:
    def __init__(self, keep_going: bool) -> None:
        self.keep_going = keep_going
        self.log = CrashLog(CRASH_DIR, STATS)

    def __call__(self, data: bytes) -> None:
        self.log.ran()
        text = data.decode("utf-8", "replace")
        for target, call in (
            ("html", lambda: check_html(text)),
            ("batch-html", lambda: check_batch(text, "html")),
            ("batch-eml", lambda: check_batch(text, "eml")),
        ):
            try:
                call()
            except Exception as exc:
                self.log.record(target, data, exc)
                if not self.keep_going:
                    raise


def write_dictionary() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with DICT.open("w", encoding="ascii") as fh:
        for tok in TOKENS:  # libFuzzer dictionary: printable ASCII, \\, \" and \xNN
            body = "".join(chr(b) if 0x20 <= b < 0x7F and b not in (0x22, 0x5C) else f"\\x{b:02X}"
                           for b in tok.encode("utf-8"))
            fh.write(f'"{body}"\n')


def main() -> int:
    argv = [a for a in sys.argv if a != "--stop-on-crash"]
    keep_going = "--stop-on-crash" not in sys.argv
    write_dictionary()
    flags = [a for a in argv[1:] if a.startswith("-")]
    dirs = [a for a in argv[1:] if not a.startswith("-")]
    defaults = {
        "-dict=": f"-dict={DICT}",
        "-max_len=": "-max_len=16384",
        "-timeout=": "-timeout=20",
        "-rss_limit_mb=": "-rss_limit_mb=2048",
        "-artifact_prefix=": f"-artifact_prefix={CRASH_DIR}/",
    }
    flags += [flag for prefix, flag in defaults.items()
              if not any(f.startswith(prefix) for f in flags)]
    WORK.mkdir(parents=True, exist_ok=True)
    if not dirs:
        dirs = [str(WORK), str(SEEDS)]  # new inputs go to the first directory
    harness = Harness(keep_going)
    import atexit

    atexit.register(harness.log.flush)
    print(f"fuzzing extract (html, eml, page links); crashes -> {CRASH_DIR}, stats -> {STATS}",
          flush=True)
    atheris.Setup([argv[0], *flags, *dirs], harness)
    try:
        atheris.Fuzz()
    finally:
        harness.log.flush()
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    raise SystemExit(main())
