"""Time and memory of the document readers (uriinspector.sources) on large and hostile
input: the figures of docs/performance.md, ## Findings, ### Mail and HTML.

    .venv/bin/python bench/measure_documents.py
"""

from __future__ import annotations

import os
import sys
import time
import tracemalloc
from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.sources.builders import qr_png
from uriinspector.sources import extract_eml, extract_html, read_codes, with_verdicts

MB = 20 * 1024 * 1024


def timed(label: str, fn: Callable[[], object]) -> object:
    """Run ``fn`` once and print its wall-clock time."""
    started = time.perf_counter()
    result = fn()
    print(f"{label}: {time.perf_counter() - started:.2f} s")
    return result


def mail_with(html: str | None = None, text: str = "see https://example.com/x",
              attachment: bytes | None = None) -> bytes:
    """A mail with a text part, an optional HTML part and an optional PDF attachment."""
    msg = EmailMessage()
    msg["Subject"] = "bench"
    msg.set_content(text)
    if html is not None:
        msg.add_alternative(html, subtype="html")
    if attachment is not None:
        msg.add_attachment(attachment, maintype="application", subtype="pdf", filename="a.pdf")
    return bytes(msg)


def main() -> None:
    """Print every figure of the table."""
    print(f"load average: {os.getloadavg()[0]:.1f}")
    data = mail_with('<a href="https://evil.example/">https://paypal.com/</a>',
                     attachment=os.urandom(MB * 3 // 4))
    timed(f"{len(data) / 1e6:.0f} MB mail, PDF attachment", lambda: extract_eml(data))
    lines = "".join(f"Lorem ipsum https://bulk.example/{i} consectetur elit.\n"
                    for i in range(MB // 55))
    data = mail_with(text=lines)
    timed(f"{len(data) / 1e6:.0f} MB mail, one text part", lambda: extract_eml(data))
    html = "<html><body>" + "".join(
        f'<p>para {i} <a href="https://ex{i % 50}.example/{i}">link {i}</a></p>\n'
        for i in range(MB // 60)
    )
    data = mail_with(html, text="x")
    timed(f"{len(data) / 1e6:.0f} MB mail, one HTML part", lambda: extract_eml(data))
    tracemalloc.start()
    extract_eml(data)
    print(f"  peak traced memory: {tracemalloc.get_traced_memory()[1] / 1e6:.0f} MB")
    tracemalloc.stop()
    page = "<ul>" + "".join(f'<li><a href="/p/{i}">item {i}</a>' for i in range(100_000))
    timed("HTML, 100,000 links, no base", lambda: extract_html(page))
    timed("HTML, 100,000 links, base set",
          lambda: extract_html(page, base="https://site.example/dir/"))
    shown = "<ul>" + "".join(
        f'<li><a href="https://evil{i}.example/">paypal.com</a>' for i in range(100_000)
    )
    timed("HTML, 100,000 anchors showing a domain", lambda: extract_html(shown))
    small = extract_html("".join(f'<a href="https://s{i}.example/x">s</a>' for i in range(1000)))
    timed("verdicts of 1,000 links", lambda: with_verdicts(small))
    png = qr_png("https://evil.example/login")
    timed("one QR code in a PNG", lambda: read_codes(png))


if __name__ == "__main__":
    main()
