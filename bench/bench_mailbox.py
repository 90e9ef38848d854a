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

``--messages 20000`` (with ``--memory``) also reports peak RSS of ``extract --jobs 1``
and ``--jobs 2`` (children included) at the given size, to show it flat against 2,000.

    python bench/bench_mailbox.py [--messages 2000] [--rounds 3] [--memory]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import time
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


def timed(cmd: list[str]) -> tuple[float, int]:
    """Wall seconds of ``cmd`` (output to /dev/null) and its children's peak RSS (KiB)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    started = time.perf_counter()
    with open(os.devnull, "wb") as devnull:
        done = subprocess.run(cmd, stdout=devnull, stderr=subprocess.DEVNULL, check=False)
    elapsed = time.perf_counter() - started
    if done.returncode not in (0, 1):
        raise RuntimeError(f"{cmd} failed with status {done.returncode}")
    return elapsed, max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)


def peak_rss(cmd: list[str]) -> float:
    """Peak RSS in MB of ``cmd`` and its worker processes (sum of the largest of each)."""
    code = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], "
            "stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL);"
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code, *cmd], capture_output=True, text=True,
                         check=True)
    return int(out.stdout.strip()) / 1024


def main() -> int:
    """Write the mbox, time the peer and ours, print the table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--messages", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--memory", action="store_true", help="peak RSS only, no timing")
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
    size = box.stat().st_size
    links = subprocess.run(commands["extract --json --jobs 2"], capture_output=True,
                           check=False).stdout.count(b"\n")
    print(f"{box.name}: {args.messages:,} messages, {size / 1e6:.1f} MB, {links:,} links; "
          f"load average {os.getloadavg()[0]:.2f}")
    if args.memory:
        for name in ("extract --json --jobs 1", "extract --json --jobs 2"):
            print(f"{name:36} peak RSS of the largest process {peak_rss(commands[name]):.0f} MB")
        return 0
    times: dict[str, list[float]] = {name: [] for name in commands}
    ratios: dict[str, list[float]] = {name: [] for name in commands}
    for r in range(args.rounds):
        order = list(commands) if r % 2 == 0 else list(reversed(commands))
        got = {name: timed(commands[name])[0] for name in order}
        for name, seconds in got.items():
            times[name].append(seconds)
            ratios[name].append(seconds / got["peer: mailbox/email + iocextract"])
    print(f"{'command':36} {'min s':>7} {'median s':>9} {'x peer (median)':>16}")
    for name in commands:
        print(f"{name:36} {min(times[name]):7.2f} {statistics.median(times[name]):9.2f} "
              f"{statistics.median(ratios[name]):16.2f}")
    print(f"load average at the end {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
