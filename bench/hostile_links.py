"""Distinct hostile links for the memory soak (issue 13, item 7), deterministic.

``hostile_links(n)`` returns ``n`` different links, cycling through the families users
paste on purpose: userinfo tricks, IDN look-alikes, bidi and zero-width controls,
octal/hex/dword IPv4, nested redirects, long queries, ``data:`` and ``javascript:``
URIs, URNs, IPv6 zone IDs, broken escapes, defanged links, markup in the text. Every
link carries its index, so none repeats (a cache keyed by the input text grows).
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from urllib.parse import quote

_FAMILIES: tuple[Callable[[int], str], ...] = (
    lambda i: f"http://www.bank{i}.example&story=news@10.{i % 256}.0.1/top{i}.htm",
    lambda i: f"https://аррӏе{i}.com/login?next=%2F%2Fevil{i}.example",
    lambda i: f"http://0{(i % 200) + 10:o}.0.0.0{i % 8}/admin/{i}",
    lambda i: f"http://0x{i % 256:02x}.0x{(i * 7) % 256:02x}.1.{i % 256}:{8000 + i}/",
    lambda i: f"http://{3232235520 + i}/dword/{i}",
    lambda i: "https://t.example/r?url="
    + quote(f"https://www.paypal.com.evil{i}.example/?u=" + quote(f"https://x{i}.example/"),
            safe="")
    + f"&utm_source=s{i}",
    lambda i: f"http://example.com/\u202e{i}fdp.exe\u202c/\u2066x{i}\u2069",
    lambda i: f"https://pay\u200bpal{i}.com/\u200d\ufeff?a={i}",
    lambda i: f"http://[fe80::{i % 65536:x}%25eth{i % 4}]:{1000 + i}/a/./b/../c?x=%zz#f{i}",
    lambda i: "data:text/html;base64,"
    + base64.b64encode(f"<script>alert({i})</script>".encode()).decode(),
    lambda i: f"javascript:%61lert({i})//http://ok{i}.example/",
    lambda i: f"urn:example:a%2Fb{i}?+r={i}?=q#f{i}",
    lambda i: "https://example.com/search?"
    + "&".join(f"k{j}=v{i}_{j}" for j in range(40 + i % 60)),
    lambda i: f"hxxps://evil{i}[.]example/path?q={i}",
    lambda i: f"http://x@<img src=PROBE{i}.svg>/<b>{i}</b>&amp;<style>",
    lambda i: f"http://user:pa%40ss{i}@xn--80ak6aa92e{i}.com:{i % 65536}/%2e%2e/%2E%2E/etc",
    lambda i: f"mailto:a{i}@evil.example?cc=b{i}@x.example&body=%0D%0ABcc:c{i}@y",
    lambda i: f"file:///C:/Users/{i}/..%5C..%5Cwindows/system32",
    lambda i: f"https://münchen{i}.de/straße/例え{i}/пример?q=δοκιμή{i}",
    lambda i: f"http://a/b/c/{'../' * (i % 30)}g{i};p?q#s\u00ad{i}",
)


def hostile_links(n: int, start: int = 0) -> list[str]:
    """``n`` distinct hostile links (indices ``start`` .. ``start + n - 1``)."""
    out = [_FAMILIES[i % len(_FAMILIES)](i) for i in range(start, start + n)]
    assert len(set(out)) == len(out)
    return out
