"""Documents that carry links: HTML pages, mails (.eml, .msg, mailboxes), images of QR codes.

This package sits on ``core`` (it hands every link to the core) and beside it: it pulls
in formats that are not about URIs and libraries with native parts (zxing-cpp, Pillow,
extract-msg, all imported lazily), so ``core`` stays pure Python and never imports it.
It never imports Qt and never touches the network: a remote image in a mail is a row,
never a fetch.

Entry points (see docs/architecture.md, "Documents"):

- :func:`read_bytes` one document's bytes → :class:`Document` (kind sniffed);
- :func:`read_path` / :func:`open_path` a file, ``.mbox`` or Maildir → documents;
- :func:`extract_html`, :func:`extract_eml`, :func:`extract_text`, :func:`extract_image`,
  :func:`extract_msg_bytes` one format each; :func:`read_codes` the barcodes of an image;
- :func:`with_verdicts` fills each link's verdict and reason (:func:`link_verdict`,
  ``core.verdict.decide``: the link's analysis read in its document's context).
"""

from __future__ import annotations

from uriinspector.sources.documents import (
    Source,
    extract_image,
    extract_text,
    link_verdict,
    open_path,
    read_bytes,
    read_path,
    verdict_of,
    with_verdicts,
)
from uriinspector.sources.formats import sniff
from uriinspector.sources.html import extract_html
from uriinspector.sources.mail import extract_eml
from uriinspector.sources.model import Document, Link, Problem
from uriinspector.sources.msg import extract_message, extract_msg_bytes
from uriinspector.sources.qr import Code, QrError, read_codes

__all__ = [
    "Code",
    "Document",
    "Link",
    "Problem",
    "QrError",
    "Source",
    "extract_eml",
    "extract_html",
    "extract_image",
    "extract_message",
    "extract_msg_bytes",
    "extract_text",
    "link_verdict",
    "open_path",
    "read_bytes",
    "read_codes",
    "read_path",
    "sniff",
    "verdict_of",
    "with_verdicts",
]
