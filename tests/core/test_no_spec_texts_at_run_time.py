"""The product never needs the spec texts: users do not have ``../shared``.

A child interpreter refuses (audit hook, PEP 578) every open, listing or stat of a path
under the team's ``shared/`` directory or named like a spec file, then runs what could
plausibly reach for them: every gallery sample analysed with its explanation, editions,
character table and ladder; every grammar rule table; the explain notes; and the CLI's
batch, parse and explain-style commands. Any refused access fails the test.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_CHILD = r"""
import os, sys
SHARED = os.path.realpath(sys.argv[1])
NAMES = ("requirements-uri-2396", "draft-fielding", "berners-lee-url", "rfc2141bis", "specs")
seen = []

def hook(event, args):
    if event in ("open", "os.listdir", "os.scandir", "os.stat", "os.lstat") and args:
        path = args[0]
        if isinstance(path, bytes):
            path = path.decode("utf-8", "replace")
        if isinstance(path, str):
            real = os.path.realpath(path) if os.path.isabs(path) else path
            if real.startswith(SHARED) or any(n in os.path.basename(path) for n in NAMES):
                seen.append(f"{event} {path}")
                raise PermissionError(f"spec texts are not there for users: {path}")

sys.addaudithook(hook)
try:  # the hook really refuses: a deliberate read must fail
    open(os.path.join(SHARED, "specs", "requirements-uri-2396.txt")).close()
    sys.exit(4)
except PermissionError:
    seen.clear()

import io, json
from uriinspector.core.analysis import analyze
from uriinspector.core import explain, grammar_rules
from uriinspector.samples import gallery
from uriinspector.cli import Environment, main

count = 0
for group in gallery():
    for s in group.samples:
        text = s.uri if s.uri is not None else (s.reference or "")
        a = analyze(text)
        a.explanation, a.editions, a.characters, a.ladder
        count += 1
tables = [name for name in dir(grammar_rules) if name.isupper()]
for edition in ("rfc3986", "rfc2396", "draft-2003", "draft-1997", "draft-1993"):
    for name in ("URI", "host", "path", "scheme", "authority"):
        explain.rule(name, edition)
requests = [
    {"op": op, "input": "urn:ex:a%41?=q#f", "a": "http://A/%7e", "b": "http://a/~",
     "base": "http://a/b/c/d;p?q", "ref": "../g", "text": "see <http://x.example/>"}
    for op in ("parse", "analyze", "resolve", "normalize", "compare", "urn",
               "urn-equivalent", "extract")
]
stdin = "".join(json.dumps(r) + "\n" for r in requests).encode()
env = Environment(io.BytesIO(stdin), io.BytesIO(), io.StringIO())
assert main(["batch"], env) == 0
for args in (["parse", "http://a/b"], ["normalize", "HTTP://A/%7e"], ["urn", "urn:a:b"]):
    env = Environment(io.BytesIO(), io.BytesIO(), io.StringIO())
    main(args, env)
if seen:
    print("REFUSED", *seen, sep="\n")
    sys.exit(3)
print("ok", count, len(tables))
"""


def test_the_product_never_reads_the_spec_texts() -> None:
    env = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}
    env["PYTHONPATH"] = str(ROOT)
    env["URIINSPECTOR_SPECS"] = str(ROOT.parent / "shared" / "specs")
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(ROOT.parent / "shared")],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("ok ")
    assert int(done.stdout.split()[1]) > 50  # every gallery sample went through
