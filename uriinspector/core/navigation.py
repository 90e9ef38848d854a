"""Whether following a resolved link stays in the document, as HTML decides it.

RFC 3986 §4.4 calls a reference "same-document" when its target equals the *base*
without fragments; a page's ``<base href>`` can differ from the page's own URL, and a
browser compares with the *document's* URL: HTML's navigate algorithm scrolls to a
fragment only when the new URL equals the document's URL with fragments excluded and
has a fragment (HTML "navigate", step "navigate to a fragment"; URL Standard §4.6
"equals" with *exclude fragments*). Otherwise the link loads another document.
"""

from __future__ import annotations


def without_fragment(url: str) -> str:
    """``url`` up to its first ``#`` (URL Standard: the fragment starts there)."""
    at = url.find("#")
    return url if at == -1 else url[:at]


def same_document(target: str | None, document_url: str | None) -> bool:
    """HTML's test: ``target`` has a fragment and equals ``document_url`` without it.

    Both are compared as given (pass serialized URLs: the browser's own hrefs).
    Never raises; no document URL or no target means False.
    """
    if target is None or document_url is None or "#" not in target:
        return False
    return without_fragment(target) == without_fragment(document_url)
