"""The MIME reader for simple mails (``sources.mime_fast``): the very tree the feed parser
builds (headers, payloads, preamble, epilogue, defects, policy), the same parts as the
mail reader reads them, and the feed parser for anything unusual."""

from __future__ import annotations

import base64
import quopri
from email.message import Message
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.sources import headers
from uriinspector.sources.headers import BoundedPolicy, parse_full
from uriinspector.sources.mail import extract_eml
from uriinspector.sources.mime_fast import MAX_NESTING, read_simple

ROOT = Path(__file__).resolve().parents[2]
MAILS = sorted([*ROOT.glob("tests/**/*.eml"), *ROOT.glob("bench/fuzz_corpus/**/*.eml")])


def _shape(msg: Message) -> tuple[object, ...]:
    """Everything a ``Message`` holds, its parts' too (CutHeader lengths included)."""
    state = vars(msg)
    payload = state["_payload"]
    return (
        sorted(state), type(state["policy"]), state["policy"].max_header_chars,
        [(n, v, type(v), getattr(v, "original", None)) for n, v in state["_headers"]],
        state["_unixfrom"], state["_charset"], state["preamble"], state["epilogue"],
        state["_default_type"], [(type(d), str(d)) for d in state["defects"]],
        [_shape(p) for p in payload] if isinstance(payload, list) else payload,
    )


def _parts(msg: Message) -> list[object]:
    """What the mail reader asks of each part."""
    out: list[object] = []
    for part in msg.walk():
        out.append((part.get_content_type(), part.get_content_charset(), part.get_filename(),
                    part.get("content-transfer-encoding"), part.is_multipart(),
                    None if part.is_multipart() else part.get_payload(decode=True),
                    part.get_boundary(), headers.raw_field(part, "subject")))
    return out


def _same_as_feedparser(text: str, header_chars: int = 998) -> Message | None:
    fast = read_simple(text, BoundedPolicy(header_chars))
    full, too_deep = parse_full(text, header_chars)
    ours, _ = headers.parse_message(text, header_chars)
    assert _shape(ours) == _shape(full)
    if fast is not None:
        assert not too_deep
        assert _shape(fast) == _shape(full)
        assert _parts(fast) == _parts(full)  # (decoding adds defects: shapes first)
    return fast


# -- generated mails ---------------------------------------------------------------------

_BOUNDARIES = st.sampled_from([
    "b", "===============6245957061303433945==", "a.b(c)*+?[x]{1}", "back\\slash",
    "sp ace", "$^|", "--", "-", "=_Part_0_1.2", "(.*)",
])
_CHARSETS = st.sampled_from(["utf-8", "us-ascii", "iso-8859-1", "windows-1252", "koi8-r",
                             "x-unknown-42", "UTF-8", "punycode", ""])
_WORDS = st.sampled_from(["Read more", "https://example.com/a?b=c&d=e", "café", "Привет",
                          "www.paypal.com", "=", "==", "=3D", "=\n", "x" * 90, "--", " ",
                          "\t", "From here", "<a href=\"https://x.example/\">x</a>"])


@st.composite
def _body(draw: st.DrawFn, boundaries: tuple[str, ...]) -> tuple[list[str], str]:
    """A leaf part's header lines and body text, with lines that nearly close a boundary."""
    ctype = draw(st.sampled_from(["text/plain", "text/html", "application/pdf",
                                  "image/png", "text/calendar"]))
    charset = draw(_CHARSETS)
    params = f'; charset="{charset}"' if charset else ""
    lines = [f"Content-Type: {ctype}{params}"]
    if draw(st.booleans()):
        lines.append(f'Content-Disposition: attachment;\n filename="{draw(_WORDS)[:20]}.txt"')
    text = " ".join(draw(st.lists(_WORDS, max_size=6)))
    near = [f"--{b}{t}" for b in boundaries
            for t in ("x", "--x", " x", "-")] + [f"x--{b}" for b in boundaries]
    extra = draw(st.lists(st.sampled_from(near or ["--"]), max_size=2))
    raw = text.encode("utf-8")
    cte = draw(st.sampled_from(["", "7bit", "8bit", "quoted-printable", "base64"]))
    if cte:
        lines.append(f"Content-Transfer-Encoding: {cte}")
    if cte == "quoted-printable":
        body = quopri.encodestring(raw).decode("ascii")
    elif cte == "base64":
        encoded = base64.b64encode(raw).decode("ascii")
        body = " ".join(encoded[i : i + 7] for i in range(0, len(encoded), 7))  # spaces
        body = body.replace(" ", draw(st.sampled_from([" ", "\n", "\t", " \n"])))
    else:
        body = raw.decode("utf-8")
    body = "\n".join([body, *extra]) if extra else body
    return lines, body


@st.composite
def _entity(draw: st.DrawFn, depth: int, boundaries: tuple[str, ...]) -> str:
    """A part (leaf or multipart) as text with LF line breaks."""
    if depth < 3 and draw(st.integers(0, 2)) == 0:
        boundary = draw(_BOUNDARIES.filter(lambda b: b not in boundaries))
        inner = (*boundaries, boundary)
        subtype = draw(st.sampled_from(["alternative", "mixed", "related"]))
        quoted = draw(st.booleans())
        value = f'"{boundary}"' if quoted or " " in boundary or "(" in boundary else boundary
        head = [f"Content-Type: multipart/{subtype};", f" boundary={value}"]
        if draw(st.booleans()):
            head.append("Content-Transfer-Encoding: 7bit")
        out = [*head, ""]
        if draw(st.booleans()):
            out += ["This is a preamble.", f"--{boundary}x"]
        for _ in range(draw(st.integers(1, 3))):
            out.append(f"--{boundary}{draw(st.sampled_from(['', ' ', chr(9)]))}")
            out.append(draw(_entity(depth + 1, inner)))
        if draw(st.integers(0, 9)):  # now and then the closing boundary is missing
            out.append(f"--{boundary}--{draw(st.sampled_from(['', ' ', 'x']))}")
            out += draw(st.sampled_from([[], ["epilogue"], [""], ["", "two"]]))
        return "\n".join(out)
    lines, body = draw(_body(boundaries))
    return "\n".join([*lines, "", body])


@st.composite
def _mail(draw: st.DrawFn) -> str:
    fields = ["From: =?utf-8?q?Caf=C3=A9?= <news@example.com>", "To: a@example.org",
              "Subject: " + draw(st.sampled_from(["hi", "=?utf-8?b?w6k=?=", "x" * 40])),
              "X-Long: a\n\tcontinued\n  twice", "MIME-Version: 1.0"]
    text = "\n".join([*draw(st.permutations(fields)), draw(_entity(0, ()))])
    text += draw(st.sampled_from(["", "\n", "\n\n"]))
    if draw(st.booleans()):
        text = text.replace("\n", "\r\n")
    return text


@settings(max_examples=500, deadline=None)
@given(_mail(), st.sampled_from([998, 30]))
def test_generated_mails_are_read_as_the_feed_parser_reads_them(text: str, limit: int) -> None:
    _same_as_feedparser(text, limit)


@settings(max_examples=200, deadline=None)
@given(_mail(), st.binary(max_size=3), st.integers(0, 400))
def test_mangled_mails_are_read_as_the_feed_parser_reads_them(
    text: str, junk: bytes, at: int
) -> None:
    at = min(at, len(text))
    mangled = text[:at] + junk.decode("latin-1") + text[at:]
    _same_as_feedparser(mangled)
    raw = mangled.encode("utf-8", "surrogatepass")
    fast = read_simple(raw.decode("ascii", "surrogateescape"), BoundedPolicy())
    full, _ = parse_full(raw)
    assert fast is None or _shape(fast) == _shape(full)


@st.composite
def _simple(draw: st.DrawFn) -> str:
    boundary = draw(_BOUNDARIES)
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    parts = []
    for ctype in draw(st.lists(st.sampled_from(["text/plain", "text/html"]), min_size=1,
                               max_size=3)):
        parts += [f"--{boundary}", f"Content-Type: {ctype}; charset=utf-8", "",
                  "Visit https://example.com/ today", f"--{boundary}x"]
    lines = ["From: a@example.com", "Subject: hello",
             f'Content-Type: multipart/alternative; boundary="{boundary}"', "", *parts,
             f"--{boundary}--", ""]
    return newline.join(lines)


@settings(max_examples=100, deadline=None)
@given(_simple())
def test_plain_multiparts_take_the_fast_path(text: str) -> None:
    assert _same_as_feedparser(text) is not None


# -- what is left to the feed parser --------------------------------------------------------

_PLAIN = "From: a@example.com\nContent-Type: text/plain\n\nhttps://example.com/\n"
_MULTI = ('Content-Type: multipart/mixed; boundary="b"\n\n--b\nContent-Type: text/plain\n\n'
          "one\n--b\nContent-Type: text/html\n\n<a href=x>x</a>\n--b--\n")


@pytest.mark.parametrize("text", [
    _PLAIN, _MULTI, _PLAIN.replace("\n", "\r\n"), _MULTI.replace("\n", "\r\n"),
    "Subject: no body\n\n", "\nbody without headers\n",
    _MULTI.replace("--b--\n", "--b--\nepilogue\n"), "\n\npreamble\n".join(_MULTI.split("\n\n", 1)),
])
def test_simple_mails_take_the_fast_path(text: str) -> None:
    assert _same_as_feedparser(text) is not None


def _nested(depth: int) -> str:
    text = "Content-Type: text/plain\n\nleaf\n"
    for i in range(depth):
        text = (f'Content-Type: multipart/mixed; boundary="b{i}"\n\n--b{i}\n{text}'
                f"--b{i}--\n")
    return text


@pytest.mark.parametrize("text", [
    _PLAIN.replace("\n\n", "\r\r"),  # a lone CR
    _PLAIN.replace("Content-Type", "Content Type"),  # not a field: a defect
    " folded first\n" + _PLAIN,  # a continuation first
    "From sender Sat Nov 28 00:00:00 2026\n" + _PLAIN,  # an envelope line
    ": no name\n" + _PLAIN,
    "Subject: only headers\n",  # no blank line
    _MULTI.replace("--b--\n", ""),  # never closed
    _MULTI.replace('boundary="b"', 'boundary="zz"'),  # never opened
    _MULTI.replace("multipart/mixed", "multipart/digest"),
    _MULTI.replace("\n\n--b\n", "\nContent-Transfer-Encoding: base64\n\n--b\n"),
    _MULTI.replace('; boundary="b"', ""),  # no boundary
    _MULTI.replace("--b\nContent-Type: text/html", "--b\n--b\nContent-Type: text/html"),
    "Content-Type: message/rfc822\n\n" + _PLAIN,
    _nested(MAX_NESTING + 1),
])
def test_unusual_mails_are_left_to_the_feed_parser(text: str) -> None:
    assert _same_as_feedparser(text) is None


def test_nesting_up_to_the_limit_is_read() -> None:
    assert _same_as_feedparser(_nested(MAX_NESTING)) is not None


@pytest.mark.parametrize("path", MAILS, ids=lambda p: p.name)
def test_the_test_mails_are_read_as_the_feed_parser_reads_them(path: Path) -> None:
    data = path.read_bytes()
    _same_as_feedparser(data.decode("ascii", "surrogateescape"))


def _documents(data: bytes | str, monkeypatch: pytest.MonkeyPatch) -> tuple[object, object]:
    fast = extract_eml(data)
    with monkeypatch.context() as m:
        m.setattr(headers, "read_simple", lambda text, policy: None)
        full = extract_eml(data)
    return fast, full


@pytest.mark.parametrize("path", MAILS, ids=lambda p: p.name)
def test_the_test_mails_give_the_same_links(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fast, full = _documents(path.read_bytes(), monkeypatch)
    assert fast == full


@settings(max_examples=150, deadline=None)
@given(_mail())
def test_generated_mails_give_the_same_links(text: str) -> None:
    with pytest.MonkeyPatch.context() as mp:
        fast, full = _documents(text.encode("utf-8"), mp)
    assert fast == full


@pytest.mark.parametrize("text", [
    'Content-Type: multipart/mixed; boundary=""\n\n--\nContent-Type: text/plain\n\nx\n----\n',
    "Content-Type: multipart/mixed; boundary*=us-ascii''a%20b\n\n--a b\n\nx\n--a b--\n",
    'Content-Type: multipart/mixed; boundary="b"\nContent-Type: text/plain\n\n--b\n\nx\n--b--\n',
    "Content-Type: text/plain\nSubject: caf\udce9\n\nbody\udcff\n",
    'Content-Type: multipart/mixed; boundary="b"\n\n--b\n\nno headers\n--b--\n',
    'Content-Type: multipart/mixed; boundary="b"\n\n--b\nContent-Type: multipart/alternative;'
    ' boundary="b"\n\n--b\n\nx\n--b--\n--b--\n',
    'Content-Type: multipart/mixed; boundary="b"\n\n--b \t\n\nx\n--b-- \t\nepi\n',
    'Content-Type: multipart/mixed; boundary="b"\n\n--b\n\nx\n--b--',
    'Content-Type: multipart/mixed; boundary="b"\n\n--b\n\nx\r\n--b--\r\n',
    "Content-Type: MULTIPART/Mixed; BOUNDARY=b\n\n--b\n\nx\n--b--\n",
    "content-type: text/plain\n\n", "Content-Type: text/plain\n\n\n\n", "X: y\n \n\nbody",
], ids=range(13))
def test_edge_cases_are_read_as_the_feed_parser_reads_them(text: str) -> None:
    _same_as_feedparser(text)
