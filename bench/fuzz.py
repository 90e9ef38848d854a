"""Coverage-guided fuzzing of the core and the batch protocol with atheris (libFuzzer).

``make fuzz`` runs ``python bench/fuzz.py -max_total_time=N`` (``FUZZ_SECONDS``,
default 300). Every libFuzzer flag passes through (``-runs=``, ``-jobs=``, ...). Targets,
chosen by the first byte of each input:

0. ``analyze`` under a fuzzed edition, plus its character table and ladder, and JSON;
1. ``resolve`` of a fuzzed reference against a fuzzed base under every rule set,
   strict and non-strict;
2. ``normalize`` and ``compare``;
3. ``parse_urn`` and ``urn_equivalent``;
4. ``extract`` over fuzzed text;
5. ``handle_line`` on the raw bytes (any bytes: not JSON, not UTF-8, ...);
6. ``handle_line`` on a well-formed request of a fuzzed op carrying fuzzed strings.

A *crash* is an exception out of a core function, or an ``internal-error`` answer from
the batch protocol (``handle_line`` catches everything, so that answer is a core
exception in disguise). By default the harness records a crash and keeps going, so one
run counts every distinct crash: each signature (target, exception type, innermost
``uriinspector`` frame) is saved once, with its smallest input, under
``bench/out/fuzz-crashes/``; ``bench/out/fuzz-stats.json`` holds the inputs run, the
time and the crashes, updated as the run goes. ``--stop-on-crash`` restores libFuzzer's
behaviour (stop, write ``crash-*`` and minimise with ``-minimize_crash=1``).

Seeds: 300 lines of the benchmark corpus (``bench/corpus.py``) and a libFuzzer
dictionary of URI tokens, both written under ``bench/out/`` at start.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(HERE), str(ROOT)]

from fuzz_log import CrashLog, InternalErrorAnswer  # noqa: E402

try:
    import atheris
except ImportError:  # pragma: no cover - message for people running it by hand
    sys.exit("atheris is not installed: run `make fuzz` or `.venv/bin/pip install atheris`")

with atheris.instrument_imports(include=["uriinspector"]):
    from uriinspector.batch.protocol import INTERNAL_ERROR, handle_line
    from uriinspector.core.analysis import analyze
    from uriinspector.core.compare import compare
    from uriinspector.core.editions import RULE_SETS
    from uriinspector.core.extract import extract
    from uriinspector.core.normalize import normalize
    from uriinspector.core.resolve import resolve
    from uriinspector.core.urn import parse_urn, urn_equivalent

OUT = HERE / "out"
CRASH_DIR = OUT / "fuzz-crashes"
STATS = OUT / "fuzz-stats.json"
SEEDS = OUT / "fuzz-seeds"
DICT = OUT / "fuzz.dict"

EDITIONS = ("rfc3986", "draft-2003", "rfc2396", "draft-1997", "draft-1993")
OPS = ("parse", "analyze", "resolve", "normalize", "compare", "urn", "urn-equivalent", "extract")
TARGETS = ("analyze", "resolve", "normalize", "urn", "extract", "batch-bytes", "batch-request")
TOKENS = (
    "http://",
    "https://",
    "file:///",
    "urn:",
    "URN:",
    "data:",
    "mailto:",
    "javascript:",
    "//",
    "/./",
    "/../",
    "..",
    ".",
    "%",
    "%25",
    "%2e",
    "%2F",
    "%00",
    "%C3%A9",
    "%E2%80%AE",
    "%zz",
    "@",
    ":",
    "::",
    "[",
    "]",
    "[::1]",
    "[v1.x]",
    "%25eth0",
    "?",
    "#",
    "&",
    "=",
    "?+",
    "?=",
    ";",
    "xn--",
    "0x7f",
    "0177",
    "2130706433",
    "127.1",
    "localhost",
    ":80",
    ":443",
    "\\",
    " ",
    "\t",
    "\n",
    "\x00",
    "\u202e",
    "\u200b",
    "\uff0f",
    "\u3002",
    "\ufeff",
    "base64,",
    "a@b@c",
    "www.paypal.com",
    "?url=",
    "&redirect=",
    "<",
    ">",
    '"',
    "URL:",
)


class Harness:
    def __init__(self, keep_going: bool) -> None:
        self.keep_going = keep_going
        self.log = CrashLog(CRASH_DIR, STATS, {"targets": list(TARGETS)})

    # -- one input ------------------------------------------------------------------------
    def __call__(self, data: bytes) -> None:
        self.log.ran()
        if not data:
            return
        target = TARGETS[data[0] % len(TARGETS)]
        fdp = atheris.FuzzedDataProvider(data[1:])
        try:
            self.run(target, fdp, data[1:])
        except Exception as exc:
            self.log.record(target, data, exc)
            if not self.keep_going:
                raise

    def run(self, target: str, fdp: Any, raw: bytes) -> None:
        if target == "batch-bytes":
            self.answer(raw)
            return
        a = fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 2048))
        if target == "analyze":
            result = analyze(a, EDITIONS[fdp.ConsumeIntInRange(0, len(EDITIONS) - 1)])
            result.characters  # noqa: B018 - lazy property
            result.ladder  # noqa: B018
            json.dumps(result.to_json())
        elif target == "resolve":
            b = fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 512))
            for rules in RULE_SETS:
                resolve(b, a, rules, strict=True)
                resolve(b, a, rules, strict=False)
        elif target == "normalize":
            b = fdp.ConsumeUnicode(256)
            normalize(a).to_json()
            compare(a, b)
        elif target == "urn":
            b = fdp.ConsumeUnicode(256)
            parse_urn(a).to_json()
            parse_urn("urn:" + a)
            urn_equivalent(a, b, "resource")
            urn_equivalent(a, b, "resolution")
        elif target == "extract":
            for found in extract(a):
                if not 0 <= found.span.start <= found.span.end <= len(a):
                    raise AssertionError(f"extract span out of range: {found.span}")
        else:  # batch-request
            op = OPS[fdp.ConsumeIntInRange(0, len(OPS) - 1)]
            b = fdp.ConsumeUnicode(256)
            req = {
                "op": op,
                "input": a,
                "text": a,
                "a": a,
                "b": b,
                "ref": a,
                "base": b,
                "edition": EDITIONS[fdp.ConsumeIntInRange(0, len(EDITIONS) - 1)],
                "rules": RULE_SETS[fdp.ConsumeIntInRange(0, len(RULE_SETS) - 1)],
            }
            self.answer(json.dumps(req).encode())

    @staticmethod
    def answer(line: bytes) -> None:
        ans = handle_line(line)
        if ans is None:
            return
        err = ans.get("error")
        if isinstance(err, dict) and err.get("code") == INTERNAL_ERROR:
            raise InternalErrorAnswer(str(err.get("message")))
        json.dumps(ans, ensure_ascii=True)


def write_seeds() -> None:
    import corpus

    SEEDS.mkdir(parents=True, exist_ok=True)
    lines = corpus.load_corpus()
    for i, line in enumerate(lines[:300]):
        if len(line) > 4000:
            continue
        body = line.encode("utf-8", "surrogatepass")
        (SEEDS / f"seed-{i:03d}").write_bytes(bytes([i % len(TARGETS)]) + body)
    with DICT.open("w", encoding="ascii") as fh:
        for tok in TOKENS:  # libFuzzer dictionary: printable ASCII, \\, \" and \xNN
            body = "".join(
                chr(b) if 0x20 <= b < 0x7F and b not in (0x22, 0x5C) else f"\\x{b:02X}"
                for b in tok.encode("utf-8")
            )
            fh.write(f'"{body}"\n')


def main() -> int:
    argv = [a for a in sys.argv if a != "--stop-on-crash"]
    keep_going = "--stop-on-crash" not in sys.argv
    write_seeds()
    flags = [a for a in argv[1:] if a.startswith("-")]
    dirs = [a for a in argv[1:] if not a.startswith("-")]
    if not any(f.startswith("-dict=") for f in flags):
        flags.append(f"-dict={DICT}")
    if not any(f.startswith("-max_len=") for f in flags):
        flags.append("-max_len=4096")
    if not any(f.startswith("-timeout=") for f in flags):
        flags.append("-timeout=30")
    if not any(f.startswith("-rss_limit_mb=") for f in flags):
        flags.append("-rss_limit_mb=3072")
    if not any(f.startswith("-artifact_prefix=") for f in flags):
        flags.append(f"-artifact_prefix={CRASH_DIR}/")
    work = OUT / "fuzz-corpus"
    work.mkdir(parents=True, exist_ok=True)
    if not dirs:
        dirs = [str(work), str(SEEDS)]  # new inputs go to the first directory
    harness = Harness(keep_going)
    import atexit

    atexit.register(harness.log.flush)
    print(f"fuzzing {', '.join(TARGETS)}; crashes -> {CRASH_DIR}, stats -> {STATS}", flush=True)
    atheris.Setup([argv[0], *flags, *dirs], harness)
    try:
        atheris.Fuzz()
    finally:
        harness.log.flush()
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    raise SystemExit(main())
