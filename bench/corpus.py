"""Seeded benchmark corpus: 20,000 realistic URIs plus long inputs in five shapes.

``python bench/corpus.py [--seed N] [--out DIR]`` writes

* ``corpus.txt``: 20,000 lines, one URI reference each (none contains CR or LF): http(s)
  with paths and queries, tracking URLs of 300-2,000 characters, userinfo and ports, IPv4
  in every notation (dotted, octal, hex, dword, short), IPv6 with zone IDs, IDN hosts in
  Unicode and punycode, percent-encoding good and broken, mailto, urn, data and file URIs,
  relative references, and 40 pathological inputs (10 KB paths, 2,000 dot segments,
  1,000 query parameters, ...);
* ``long/<shape>-<size>.txt``: inputs of exactly 1 KB, 10 KB, 100 KB and 1 MB (code
  points) in five shapes: ``path``, ``query``, ``dots``, ``percent`` and ``data``.

The same seed always gives the same files (``random.Random(seed)``, no other source of
randomness), so runs on different days measure the same work. ``bench/out/`` is
gitignored: the benchmark regenerates it on demand.
"""

from __future__ import annotations

import argparse
import base64
import random
from collections.abc import Callable
from pathlib import Path

OUT = Path(__file__).resolve().parent / "out"
DEFAULT_SEED = 20240229
CORPUS_SIZE = 20_000
PATHOLOGICAL = 40
LONG_SIZES = {"1KB": 1_000, "10KB": 10_000, "100KB": 100_000, "1MB": 1_000_000}
LONG_SHAPES = ("path", "query", "dots", "percent", "data")

_SENTENCE = (
    "news article story world tech blog post index home about contact search products item "
    "category user profile settings login logout account cart checkout images static assets "
    "js css api v1 v2 v3 docs help faq terms privacy download release notes 2024 2025 report "
    "video watch embed share feed rss sitemap tag archive page comments reply edit view"
)
WORDS = tuple(_SENTENCE.split())
TLDS = ("com", "org", "net", "de", "co.uk", "io", "fr", "jp", "com.au", "info", "dev", "app")
TRACKING_KEYS = (
    "utm_source",
    "utm_medium",
    "utm_campaign",
    "utm_term",
    "utm_content",
    "gclid",
    "fbclid",
    "mc_cid",
    "mc_eid",
    "_hsenc",
    "_hsmi",
    "ref",
    "trk",
    "spm",
    "yclid",
    "msclkid",
    "igshid",
)
IDN_UNICODE = (
    "bücher.de",
    "münchen.de",
    "пример.рф",
    "例え.jp",
    "δοκιμή.gr",
    "मराठी.भारत",
    "ไทย.ไทย",
    "straße.de",
    "аррӏе.com",
    "раураl.com",
    "xn--80ak6aa92e.com",
    "☃.net",
    "中国.中国",
)
IDN_PUNY = (
    "xn--bcher-kva.de",
    "xn--mnchen-3ya.de",
    "xn--e1afmkfd.xn--p1ai",
    "xn--r8jz45g.jp",
    "xn--jxalpdlp.gr",
    "xn--80ak6aa92e.com",
    "xn--n3h.net",
    "xn--fiqs8s.xn--fiqs8s",
    "xn--strae-oqa.de",
    "xn--pple-43d.com",
)
SCHEMES_MISC = ("ftp", "ws", "wss", "gopher", "telnet", "ldap", "news", "ssh", "git+ssh")
DANGEROUS = ("javascript:alert(1)", "vbscript:msgbox(1)", "data:text/html,<script>x</script>")


class Gen:
    """One generator per corpus; every choice comes from ``self.r``."""

    def __init__(self, seed: int) -> None:
        self.r = random.Random(seed)

    # -- small parts --------------------------------------------------------------------
    def word(self) -> str:
        return self.r.choice(WORDS)

    def token(self, n: int) -> str:
        alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_"
        return "".join(self.r.choice(alphabet) for _ in range(n))

    def domain(self) -> str:
        labels = [self.word() + self.r.choice(["", "", str(self.r.randint(1, 99))])]
        if self.r.random() < 0.5:
            labels.insert(0, self.r.choice(["www", "m", "cdn", "api", "shop", "mail"]))
        host = ".".join(labels) + "." + self.r.choice(TLDS)
        return host.upper() if self.r.random() < 0.03 else host

    def path(self, max_segments: int = 5) -> str:
        segs = [self.word() for _ in range(self.r.randint(0, max_segments))]
        if segs and self.r.random() < 0.3:
            segs[-1] += self.r.choice([".html", ".php", ".aspx", ".json", ".png", "/"])
        return "/" + "/".join(segs)

    def query(self, max_params: int = 4) -> str:
        pairs = [
            f"{self.word()}={self.r.choice([self.word(), str(self.r.randint(0, 9999))])}"
            for _ in range(self.r.randint(1, max_params))
        ]
        return "?" + "&".join(pairs)

    def fragment(self) -> str:
        return "#" + self.r.choice([self.word(), "top", "section-2", "!/app/route", ""])

    def pct_good(self) -> str:
        text = self.r.choice(["héllo wörld", "€100", "日本語", "a b&c=d", "ü", "😀", "/?#"])
        return "".join(
            chr(b) if b < 0x80 and chr(b).isalnum() else f"%{b:02X}" for b in text.encode()
        )

    def pct_broken(self) -> str:
        return self.r.choice(["%", "%zz", "%4", "%%", "%u00e9", "%E2%82", "%C3%28", "%G0%41"])

    # -- categories ---------------------------------------------------------------------
    def http(self) -> str:
        scheme = self.r.choice(["http", "https", "https", "https", "HTTP"])
        uri = f"{scheme}://{self.domain()}{self.path()}"
        if self.r.random() < 0.6:
            uri += self.query()
        if self.r.random() < 0.2:
            uri += self.fragment()
        return uri

    def tracking(self) -> str:
        target = self.r.randint(300, 2000)
        uri = f"https://{self.domain()}{self.path(3)}?"
        params: list[str] = []
        while len(uri) + sum(len(p) + 1 for p in params) < target:
            key = self.r.choice((*TRACKING_KEYS, "url", "redirect", "id", "sig"))
            if key in ("url", "redirect") and self.r.random() < 0.5:
                inner = self.http()
                value = (
                    "".join(c if c.isalnum() or c in "-._~" else f"%{ord(c):02X}" for c in inner)
                    if inner.isascii()
                    else inner
                )
            else:
                value = self.token(self.r.randint(8, 120))
            params.append(f"{key}={value}")
        return (uri + "&".join(params))[:target]

    def userinfo_port(self) -> str:
        user = self.r.choice(["user", "admin", "john.doe", "a%40b", "x"])
        info = user + (":" + self.token(8) if self.r.random() < 0.5 else "")
        port = self.r.choice(["80", "443", "8080", "8443", "21", "22", "3000", "065535", ""])
        host = self.r.choice([self.domain(), "www.paypal.com.evil.example", "10.0.0.1"])
        return f"{self.r.choice(['http', 'https', 'ftp'])}://{info}@{host}:{port}{self.path()}"

    def ipv4(self) -> str:
        addr = self.r.randint(0, 2**32 - 1)
        octets = [(addr >> s) & 0xFF for s in (24, 16, 8, 0)]
        notation = self.r.choice(["dotted", "octal", "hex", "dword", "short2", "short3", "mixed"])
        if notation == "dotted":
            host = ".".join(map(str, octets))
        elif notation == "octal":
            host = ".".join("0" + format(o, "o") for o in octets)
        elif notation == "hex":
            host = ".".join("0x" + format(o, "x") for o in octets)
        elif notation == "dword":
            host = str(addr)
        elif notation == "short2":
            host = f"{octets[0]}.{addr & 0xFFFFFF}"
        elif notation == "short3":
            host = f"{octets[0]}.{octets[1]}.{addr & 0xFFFF}"
        else:
            host = f"0x{octets[0]:x}.0{octets[1]:o}.{octets[2]}.{octets[3]}"
        return f"http://{host}{self.path(2)}"

    def ipv6(self) -> str:
        groups = [format(self.r.randint(0, 0xFFFF), "x") for _ in range(8)]
        form = self.r.choice(["full", "compressed", "loopback", "v4", "zone", "zone-bare"])
        if form == "full":
            addr = ":".join(groups)
        elif form == "compressed":
            i = self.r.randint(0, 6)
            addr = ":".join(groups[:i]) + "::" + ":".join(groups[i + 2 :])
        elif form == "loopback":
            addr = self.r.choice(["::1", "::", "::ffff:127.0.0.1", "64:ff9b::192.0.2.33"])
        elif form == "v4":
            addr = "::ffff:" + ".".join(str(self.r.randint(0, 255)) for _ in range(4))
        else:
            sep = "%25" if form == "zone" else "%"
            addr = f"fe80::{groups[0]}:{groups[1]}{sep}{self.r.choice(['eth0', 'en1', '3'])}"
        port = self.r.choice(["", ":8080", ":443"])
        return f"http://[{addr}]{port}{self.path(2)}"

    def idn(self) -> str:
        host = self.r.choice(IDN_UNICODE if self.r.random() < 0.5 else IDN_PUNY)
        return f"https://{self.r.choice(['', 'www.'])}{host}{self.path(3)}"

    def percent(self) -> str:
        pieces = [
            self.pct_good() if self.r.random() < 0.7 else self.pct_broken()
            for _ in range(self.r.randint(1, 4))
        ]
        where = self.r.choice(["path", "query", "fragment", "host"])
        joined = "/".join(pieces)
        if where == "path":
            return f"http://{self.domain()}/{joined}"
        if where == "query":
            return f"http://{self.domain()}/s?q={joined}"
        if where == "fragment":
            return f"http://{self.domain()}/#{joined}"
        return f"http://{pieces[0]}.{self.domain()}/"

    def mailto(self) -> str:
        to = f"{self.word()}@{self.domain()}"
        extra = self.r.choice(["", "?subject=Hello%20there", "?cc=x@y.org&body=a%0D%0Ab", ""])
        return f"mailto:{to}{extra}"

    def urn(self) -> str:
        return self.r.choice(
            [
                f"urn:isbn:{self.r.randint(10**9, 10**10 - 1)}",
                f"urn:ietf:rfc:{self.r.randint(1, 9999)}",
                f"urn:uuid:{self.token(8)}-{self.token(4)}-{self.token(4)}-{self.token(12)}",
                "URN:EXAMPLE:a%2Fb?+r=1?=q=2#frag",
                f"urn:example:{self.word()}:{self.word()}?s=1&c=2",
                f"urn:urn:{self.word()}",
                f"urn:nbn:de:{self.token(10)}",
            ]
        )

    def data(self) -> str:
        payload = bytes(self.r.randrange(256) for _ in range(self.r.randint(4, 120)))
        if self.r.random() < 0.5:
            return "data:image/png;base64," + base64.b64encode(payload).decode()
        return "data:text/plain;charset=utf-8," + "".join(f"%{b:02X}" for b in payload[:20])

    def file(self) -> str:
        return self.r.choice(
            [
                f"file:///home/{self.word()}/{self.word()}.txt",
                f"file://localhost/etc/{self.word()}",
                f"file:///C:/Users/{self.word()}/Desktop/{self.word()}.pdf",
                f"file://server/share/{self.word()}",
                "file:/etc/passwd",
                "file:c:/windows/system32",
            ]
        )

    def relative(self) -> str:
        return self.r.choice(
            [
                self.path(),
                self.path() + self.query(),
                "../" * self.r.randint(1, 4) + self.word(),
                "./" + self.word() + "/" + self.word(),
                "//" + self.domain() + self.path(),
                "?" + self.query()[1:],
                self.fragment(),
                self.word() + ".html",
                "g;x=1/../y",
                "",
            ]
        )

    def misc(self) -> str:
        if self.r.random() < 0.2:
            return self.r.choice(DANGEROUS)
        scheme = self.r.choice(SCHEMES_MISC)
        return f"{scheme}://{self.domain()}{self.path(3)}"

    def pathological(self, i: int) -> str:
        host = "https://example.com"
        cases: list[Callable[[], str]] = [
            lambda: host + "/" + "a" * 10_000,
            lambda: host + "/" + "seg/" * 2_500,
            lambda: host + "/" + "../" * 2_000 + "x",
            lambda: host + "/" + "./" * 2_000 + "x",
            lambda: host + "/a/b" + "/.." * 2_000,
            lambda: host + "/?" + "&".join(f"p{j}=v{j}" for j in range(1_000)),
            lambda: host + "/?" + "&" * 1_000,
            lambda: host + "/" + "%41" * 3_000,
            lambda: host + "/" + "%" * 3_000,
            lambda: host + "/" + "%E2%82%AC" * 1_000,
            lambda: "http://" + "a." * 2_000 + "com/",
            lambda: "http://" + "a" * 10_000 + ".com/",
            lambda: "http://" + "@" * 2_000 + "example.com/",
            lambda: "http://u:" + "p" * 5_000 + "@example.com/",
            lambda: "http://[" + "1:" * 1_000 + "]/",
            lambda: "http://example.com:" + "8" * 1_000 + "/",
            lambda: host + "/#" + "#" * 5_000,
            lambda: host + "/?" + "?" * 5_000,
            lambda: ":" * 5_000,
            lambda: "/" * 10_000,
            lambda: "a" * 10_000 + ":",
            lambda: "data:," + "A" * 10_000,
            lambda: "urn:x:" + "a?+" * 1_000,
            lambda: "mailto:" + ",".join(f"u{j}@x.org" for j in range(1_000)),
            lambda: "".join(f"http://h{j}.example/?u=" for j in range(500)) + "http://end/",
            lambda: host + "/" + "\\" * 5_000,
            lambda: host + "/" + " " * 5_000,
            lambda: host + "/" + "é" * 5_000,
            lambda: host + "/" + "\u202e" * 1_000,
            lambda: "http://" + "xn--" * 1_000 + ".com/",
            lambda: host + "/" + "a;b=c/" * 2_000,
            lambda: host + "/" + "%2e%2E/" * 2_000,
            lambda: host + "/" + "..%2F" * 2_000,
            lambda: "http://0x" + "f" * 5_000 + "/",
            lambda: "http://1." + "0." * 2_000 + "1/",
            lambda: "//" * 5_000,
            lambda: "?" + "=&" * 5_000,
            lambda: host + "/" + "\x00" * 1_000,
            lambda: host + "/" + "\ud800" * 1_000,
            lambda: "file:" + "/" * 5_000 + "etc/passwd",
        ]
        return cases[i % len(cases)]()

    def corpus(self, size: int = CORPUS_SIZE) -> list[str]:
        weights: list[tuple[Callable[[], str], float]] = [
            (self.http, 33),
            (self.tracking, 8),
            (self.userinfo_port, 5),
            (self.ipv4, 5),
            (self.ipv6, 4),
            (self.idn, 6),
            (self.percent, 8),
            (self.mailto, 4),
            (self.urn, 4),
            (self.data, 3),
            (self.file, 3),
            (self.relative, 12),
            (self.misc, 5),
        ]
        funcs = [f for f, _ in weights]
        cum = [w for _, w in weights]
        out = [self.r.choices(funcs, cum)[0]() for _ in range(size - PATHOLOGICAL)]
        out += [self.pathological(i) for i in range(PATHOLOGICAL)]
        self.r.shuffle(out)
        return [u.replace("\r", "%0D").replace("\n", "%0A") for u in out]


def long_input(shape: str, size: int, seed: int = DEFAULT_SEED) -> str:
    """One long input of exactly ``size`` code points in ``shape`` (deterministic)."""
    r = random.Random(f"{seed}-{shape}-{size}")
    if shape == "path":
        head, unit = "https://example.com/", lambda: r.choice(WORDS) + "/"
    elif shape == "query":
        head = "https://example.com/search?"
        unit = lambda: f"{r.choice(WORDS)}{r.randint(0, 999)}={r.choice(WORDS)}&"  # noqa: E731
    elif shape == "dots":
        head, unit = "https://example.com/", lambda: r.choice(["a/", "../", "./", "b/../", ".."])
    elif shape == "percent":
        head = "https://example.com/"
        unit = lambda: r.choice(["%E2%82%AC", "%41", "%zz", "%", "%C3%A9", "x", "%2F"])  # noqa: E731
    elif shape == "data":
        head = "data:application/octet-stream;base64,"
        unit = lambda: base64.b64encode(r.randbytes(48)).decode()  # noqa: E731
    else:
        raise ValueError(f"unknown shape {shape!r}")
    parts = [head]
    n = len(head)
    while n < size:
        piece = unit()
        parts.append(piece)
        n += len(piece)
    return "".join(parts)[:size]


def generate(seed: int = DEFAULT_SEED, out: Path = OUT) -> Path:
    """Write the corpus and the long inputs under ``out``; return the corpus path."""
    out.mkdir(parents=True, exist_ok=True)
    lines = Gen(seed).corpus()
    assert len(lines) == CORPUS_SIZE
    corpus = out / "corpus.txt"
    corpus.write_text("\n".join(lines) + "\n", encoding="utf-8", errors="surrogatepass")
    (out / "long").mkdir(exist_ok=True)
    for shape in LONG_SHAPES:
        for label, size in LONG_SIZES.items():
            text = long_input(shape, size, seed)
            (out / "long" / f"{shape}-{label}.txt").write_text(text, encoding="utf-8")
    (out / "SEED").write_text(str(seed))
    return corpus


def load_corpus(seed: int = DEFAULT_SEED, out: Path = OUT) -> list[str]:
    """The corpus for ``seed``, generated first if missing or made with another seed."""
    corpus = out / "corpus.txt"
    seed_file = out / "SEED"
    if not corpus.exists() or not seed_file.exists() or seed_file.read_text() != str(seed):
        generate(seed, out)
    text = corpus.read_text(encoding="utf-8", errors="surrogatepass")
    return text.split("\n")[:-1]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--out", type=Path, default=OUT)
    ns = ap.parse_args(argv)
    path = generate(ns.seed, ns.out)
    lines = load_corpus(ns.seed, ns.out)
    total = sum(len(x) for x in lines)
    print(f"wrote {path} ({len(lines)} URIs, {total:,} code points, seed {ns.seed})")
    print(f"wrote {len(LONG_SHAPES) * len(LONG_SIZES)} long inputs to {ns.out / 'long'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
