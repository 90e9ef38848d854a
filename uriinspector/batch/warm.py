"""Imported by ``batch --jobs``'s fork server only: answers a few requests at import, so
the Public Suffix List, ada-url, the IDN data and the compiled patterns are loaded once
there and every worker forked from it starts warm (copy-on-write) instead of loading
them itself. Importing it anywhere else costs that work for nothing.
"""

from __future__ import annotations

from uriinspector.batch.parallel import answer_bytes

_REQUESTS = (
    b'{"op": "analyze", "input": "https://user@www.xn--80ak6aa92e.com:8080/a/../b?q=1#f"}',
    b'{"op": "analyze", "input": "http://\\u0430pple.example.co.uk/%41"}',
    b'{"op": "parse", "input": "http://[::1]/x", "edition": "rfc2396"}',
    b'{"op": "normalize", "input": "HTTP://Example.COM:80/%7e/./a"}',
    b'{"op": "resolve", "base": "http://a/b/c/d;p?q", "ref": "../g"}',
    b"not json",
)

for _request in _REQUESTS:
    answer_bytes(_request)
