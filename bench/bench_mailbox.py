"""A whole mailbox, all links listed: ``uriinspector extract --json`` against a peer script.

``python bench/bench_mailbox.py`` writes a seeded mbox (2,000 messages by default, ~8 MB,
~65,000 links: multipart/alternative with a text and an HTML part, Outlook Safe Links
wrappers, newsletter footers repeated across messages, per-message tracking links,
defanged indicators in text), then times, as whole processes (spawn to exit, output to
/dev/null, interleaved rounds, the order reversed each round):

* the peer: Python's ``mailbox`` and ``email`` (``policy.default``, as the analyst's
  usual script does) reading every text part, ``iocextract.extract_urls`` listing its
  URLs (refanged) -- listing only, no analysis;
* ``uriinspector extract --json --jobs 1`` and ``--jobs 2``: every link listed *and*
  analysed (verdict, mismatch judged), one JSON line each.

Each command runs under a small measuring process, which reports its wall seconds, CPU
seconds (user + system, its waited-for descendants included) and peak RSS (the largest
process); ratios to the peer are paired per round, then the median is shown.
``--memory`` leaves the peer out (``--messages 20000 --memory --rounds 1``: peak RSS
of both ``extract`` runs at ten times the default size, to set beside 2,000).

``--before DIR`` adds the two ``extract`` rows of the package in DIR (a checkout or an
unpacked ``git archive``), run from DIR, in the same interleaved rounds.

    python bench/bench_mailbox.py [--messages 2000] [--rounds 3] [--memory] [--before DIR]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path
from urllib.parse import quote

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"

PEER_SCRIPT = """
import mailbox, sys
from email import policy
from email.parser import BytesParser
import iocextract

parser = BytesParser(policy=policy.default)
out = sys.stdout
for key, data in ((k, box.get_bytes(k)) for box in [mailbox.mbox(sys.argv[1])] for k in box.keys()):
    msg = parser.parsebytes(data)
    subject = msg["subject"]
    for part in msg.walk():
        if part.get_content_maintype() != "text":
            continue
        try:
            text = part.get_content()
        except Exception:
            continue
        for url in iocextract.extract_urls(text, refang=True):
            out.write(f"{key}\\t{url}\\n")
"""

BRANDS = ("paypal.com", "microsoft.com", "apple.com", "amazon.com", "dhl.com", "bank.example",
          "news.example.org", "shop.example.net", "docs.example.com", "intranet.example")
SHARED = [f"https://{b}/{p}" for b in BRANDS for p in
          ("", "help", "privacy", "terms", "unsubscribe", "account/login", "about")]


def _safelinks(url: str, rng: random.Random) -> str:
    region = rng.choice(("eur01", "eur02", "nam10", "apc01"))
    return (f"https://{region}.safelinks.protection.outlook.com/?url={quote(url, safe='')}"
            f"&data=05%7C02%7Cuser%40corp.example%7C{rng.getrandbits(64):016x}&reserved=0")


def _message(i: int, rng: random.Random) -> EmailMessage:
    """One newsletter-like message with ~32 links in text and HTML."""
    links: list[tuple[str, str]] = []
    for j in range(12):
        target = (rng.choice(SHARED) if rng.random() < 0.6
                  else f"https://{rng.choice(BRANDS)}/item/{i}/{j}?utm_source=mail&id={rng.getrandbits(32):x}")
        shown = rng.choice((target, "Read more", f"www.{rng.choice(BRANDS)}", "Click here"))
        href = _safelinks(target, rng) if rng.random() < 0.4 else target
        links.append((href, shown))
    text_lines = [f"Hello reader {i},", ""]
    for href, shown in links:
        text_lines.append(f"{shown}: {href}")
    text_lines += ["", f"Indicator: hxxps://evil{i % 50}[.]example/payload", "",
                   "Lorem ipsum dolor sit amet, consectetur adipiscing elit. " * 2]
    html = ["<html><body><table>"]
    for href, shown in links:
        html.append(f'<tr><td><a href="{href}">{shown}</a></td></tr>')
    html.append(f'<tr><td><img src="https://cdn.example/{i}/pixel.gif"></td></tr>')
    html.append("<tr><td>" + "Lorem ipsum dolor sit amet. " * 6 + "</td></tr>")
    html.append("</table></body></html>")
    msg = EmailMessage()
    msg["From"] = f"News {i % 40} <news{i % 40}@{rng.choice(BRANDS)}>"
    msg["To"] = "analyst@corp.example"
    msg["Subject"] = f"Weekly digest #{i} =?utf-8?q?caf=C3=A9?="
    msg["Date"] = format_datetime(datetime.fromtimestamp(1_700_000_000 + i * 3600, UTC))
    msg["Message-ID"] = f"<{i}.{rng.getrandbits(40):x}@mail.example>"
    for n in range(4):
        msg["Received"] = f"from relay{n}.example by mx.example; {msg['Date']}"
    msg.set_content("\n".join(text_lines))
    msg.add_alternative("\n".join(html), subtype="html")
    return msg


def write_mbox(path: Path, messages: int, seed: int = 22) -> None:
    """A seeded mbox of ``messages`` messages, written as a stream."""
    rng = random.Random(seed)
    with open(path, "wb") as fh:
        for i in range(messages):
            fh.write(b"From news@example.com Sat Nov 28 00:00:00 2026\n")
            body = bytes(_message(i, rng)).replace(b"\nFrom ", b"\n>From ")
            fh.write(body.rstrip(b"\n") + b"\n\n")


#: Runs a command and prints its wall seconds, CPU seconds (user + system) and peak RSS
#: (KiB, the largest process), every descendant included: a fresh process per command,
#: so each figure is that command's alone. On Linux it is made a subreaper
#: (PR_SET_CHILD_SUBREAPER, 36), so the pool's fork server, orphaned when the command
#: exits, is waited for here, with its workers' CPU.
_MEASURE = """
import ctypes, os, resource, subprocess, sys, time
try:
    ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)
except (OSError, AttributeError):
    pass
t = time.perf_counter()
r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
w = time.perf_counter() - t
while True:
    try:
        os.wait()
    except ChildProcessError:
        break
u = resource.getrusage(resource.RUSAGE_CHILDREN)
print(r.returncode, w, u.ru_utime + u.ru_stime, u.ru_maxrss)
"""


def measured(cmd: list[str], cwd: str | None = None) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak RSS (MB) of ``cmd`` run in ``cwd``, output to
    /dev/null (the CPU of ``--jobs`` workers included)."""
    out = subprocess.run([sys.executable, "-c", _MEASURE, *cmd], capture_output=True,
                         text=True, check=True, cwd=cwd).stdout.split()
    if int(out[0]) not in (0, 1):
        raise RuntimeError(f"{cmd} failed with status {out[0]}")
    return float(out[1]), float(out[2]), int(out[3]) / 1024


def main() -> int:
    """Write the mbox, time the peer and ours, print the table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--messages", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--memory", action="store_true", help="the extract commands only")
    ap.add_argument("--before", metavar="DIR", help="also time the package in DIR")
    args = ap.parse_args()
    OUT.mkdir(exist_ok=True)
    box = OUT / f"mailbox-{args.messages}.mbox"
    if not box.exists():
        write_mbox(box, args.messages)
    peer = OUT / "peer_mailbox.py"
    peer.write_text(PEER_SCRIPT, encoding="utf-8")
    py = sys.executable
    commands = {
        "peer: mailbox/email + iocextract": [py, str(peer), str(box)],
        "extract --json --jobs 1": [py, "-m", "uriinspector", "extract", "--json", "--jobs",
                                    "1", str(box)],
        "extract --json --jobs 2": [py, "-m", "uriinspector", "extract", "--json", "--jobs",
                                    "2", str(box)],
    }
    where: dict[str, str | None] = {name: None for name in commands}
    if args.before:
        for jobs in ("1", "2"):
            name = f"before: extract --json --jobs {jobs}"
            commands[name] = [py, "-m", "uriinspector", "extract", "--json", "--jobs", jobs,
                              str(box.resolve())]
            where[name] = args.before
    print(f"{box.name}: {args.messages:,} messages, {box.stat().st_size / 1e6:.1f} MB; "
          f"load average {os.getloadavg()[0]:.2f}")
    names = [n for n in commands if not args.memory or "extract" in n]
    rows: dict[str, list[tuple[float, float, float]]] = {name: [] for name in names}
    for r in range(args.rounds):
        for name in names if r % 2 == 0 else reversed(names):
            rows[name].append(measured(commands[name], where[name]))
    peer = "peer: mailbox/email + iocextract"
    print(f"{'command':44} {'wall s':>7} {'CPU s':>7} {'x peer wall':>12} {'x peer CPU':>11} "
          f"{'peak RSS MB':>12}")
    for name in names:
        wall = statistics.median(x[0] for x in rows[name])
        cpu = statistics.median(x[1] for x in rows[name])
        rss = max(x[2] for x in rows[name])
        pairs = list(zip(rows[name], rows[peer], strict=True)) if peer in rows else []
        ratios = ("", "") if not pairs else (
            f"{statistics.median(a[0] / b[0] for a, b in pairs):.2f}",
            f"{statistics.median(a[1] / b[1] for a, b in pairs):.2f}")
        print(f"{name:44} {wall:7.2f} {cpu:7.2f} {ratios[0]:>12} {ratios[1]:>11} {rss:12.0f}")
    print(f"load average at the end {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
