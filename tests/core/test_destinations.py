"""Destinations: the chain a wrapped or redirected link hands the visitor on to.

Batch contract protocol 1.1 (shared/contract/batch-protocol.md, ``analyze`` →
``destinations``): outermost first, each ``{url, via, start, end}``, spans into the
input for the first entry and into the previous entry's url for the others, ``null``
where no span holds the text (Proofpoint v3 substitutions). Offline and bounded.
"""

from __future__ import annotations

import base64
import json
from string import ascii_lowercase, ascii_uppercase, digits
from urllib.parse import quote, unquote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.batch.protocol import handle_request
from uriinspector.core.analysis import analyze
from uriinspector.core.destinations import (
    MAX_DEPTH,
    MAX_URL_CHARS,
    Destinations,
    destinations,
    scan_link,
)
from uriinspector.core.destinations.proofpoint import RUN_LENGTHS, decode_v3
from uriinspector.core.destinations.table import parse_table, table
from uriinspector.core.split import split


def chain(uri: str) -> list[tuple[str, str]]:
    return [(h.url, h.via) for h in destinations(uri).hops]


def b64url(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def pct(text: str) -> str:
    return quote(text, safe="")


# ---- Microsoft Safe Links ------------------------------------------------------------

SAFELINKS_REGIONS = [
    "nam02", "nam04", "nam10", "nam12", "eur01", "eur02", "eur03", "eur04", "eur05",
    "gbr01", "apc01", "aus01", "can01", "jpn01", "ind01", "gcc02", "deu01", "fra01",
]


@pytest.mark.parametrize("region", SAFELINKS_REGIONS)
def test_safelinks_every_regional_host(region: str) -> None:
    # Safe Links puts the percent-encoded target in url= on a regional host.
    target = "https://evil.example/login?user=bob&next=%2Fhome"
    uri = (
        f"https://{region}.safelinks.protection.outlook.com/?url={pct(target)}"
        "&data=05%7C02%7Cbob%40corp.example%7C4f1e%7C0%7C638%7CUnknown%7CTWFpbGZsb3d8"
        "&sdata=bMPrbif%2B96QoKY5Warbx%3D&reserved=0"
    )
    d = destinations(uri)
    assert [(h.url, h.via) for h in d.hops] == [(target, "safelinks")]
    hop = d.hops[0]
    assert hop.span is not None and hop.span.of(uri) == pct(target)
    assert hop.host == "evil.example"
    assert d.input_host == f"{region}.safelinks.protection.outlook.com"


@pytest.mark.parametrize(
    "host",
    ["safelinks.protection.outlook.com", "gcc02.safelinks.protection.office365.us"],
)
def test_safelinks_unregioned_and_government_hosts(host: str) -> None:
    uri = f"https://{host}/?url=https%3A%2F%2Fevil.example%2F&data=x&reserved=0"
    assert chain(uri) == [("https://evil.example/", "safelinks")]


def test_safelinks_in_teams() -> None:
    uri = (
        "https://statics.teams.cdn.office.net/evergreen-assets/safelinks/1/atp-safelinks.html"
        "?url=https%3A%2F%2Fevil.example%2Fdoc&locale=en-us&dest=https%3A%2F%2Fteams.microsoft.com"
    )
    assert chain(uri) == [("https://evil.example/doc", "safelinks")]


def test_safelinks_lookalike_host_is_not_a_carrier() -> None:
    # Only Microsoft's own hosts: a look-alike is a plain link with a url= parameter.
    uri = "https://nam12.safelinks-protection-outlook.evil.example/?url=https%3A%2F%2Fx.example%2F"
    assert chain(uri) == [("https://x.example/", "query-parameter")]


def test_backslash_host_trick_is_not_trusted_as_a_wrapper() -> None:
    # RFC 3986 reads the host after '@'; browsers stop the authority at '\\' and go to
    # evil.example. Neither the carrier nor the input host may be taken from the RFC split.
    uri = (
        "https://evil.example\\@nam12.safelinks.protection.outlook.com/"
        "?url=https%3A%2F%2Fgood.example%2F&data=x"
    )
    d = destinations(uri)
    assert all(h.via != "safelinks" for h in d.hops)
    assert d.input_host is None


def test_safelinks_corrupt_value_says_so() -> None:
    uri = "https://nam12.safelinks.protection.outlook.com/?url=%E2%28not-a-url&data=x"
    d = destinations(uri)
    assert d.hops == () and d.note is not None and "does not decode to a URL" in d.note


# ---- Proofpoint URL Defense ----------------------------------------------------------


def test_proofpoint_v1_percent_and_entities() -> None:
    # v1: u= is percent-encoded, then HTML entities (the link came from HTML mail).
    uri = (
        "https://urldefense.proofpoint.com/v1/url?u=http://www.example.com/x%3Fa%3D1%26amp%3Bb%3D2"
        "&k=oIrkmA%3D%3D%0A&r=abc&m=def&s=123"
    )
    d = destinations(uri)
    assert chain(uri) == [("http://www.example.com/x?a=1&b=2", "proofpoint-v1")]
    assert d.hops[0].decoding == ("percent", "html-entities")


def test_proofpoint_v2_the_issue_example() -> None:
    uri = (
        "https://urldefense.proofpoint.com/v2/url?u=https-3A__evil.example_login&d=DwMFaQ"
        "&c=euGZstcaTDllvimEN8b7jXrwqOf-v5A_CdpgnVfiiMM&r=x&m=y&s=z&e="
    )
    d = destinations(uri)
    assert chain(uri) == [("https://evil.example/login", "proofpoint-v2")]
    assert d.hops[0].span is not None and d.hops[0].span.of(uri) == "https-3A__evil.example_login"


def test_proofpoint_v2_query_and_escapes() -> None:
    # '-XX' is '%XX' and '_' is '/': '-3F' '?', '-3D' '=', '-26' '&', '-252F' an escaped '/'.
    uri = (
        "https://urldefense.com/v2/url?u=https-3A__evil.example_a_b-3Fuser-3Dbob-26next-3D-252Fhome"
        "&d=DwIGaQ&c=x&r=y&m=z&s=w&e="
    )
    assert chain(uri) == [("https://evil.example/a/b?user=bob&next=%2Fhome", "proofpoint-v2")]


def test_proofpoint_v2_without_u_is_unknowable() -> None:
    d = destinations("https://urldefense.proofpoint.com/v2/url?d=DwMFaQ&c=x&r=y")
    assert d.hops == () and d.unknowable is not None
    assert "cannot be known offline" in d.unknowable.reason


def test_proofpoint_v3_the_issue_example() -> None:
    uri = "https://urldefense.com/v3/__https://evil.example/login__;!!ABC!def$"
    d = destinations(uri)
    assert chain(uri) == [("https://evil.example/login", "proofpoint-v3")]
    # nothing substituted: the URL's text is in the input, so the span holds it
    assert d.hops[0].span is not None and d.hops[0].span.of(uri) == "https://evil.example/login"
    a = analyze(uri)
    assert a.effective_host == "urldefense.com"  # the host a browser contacts first
    assert a.destinations.final == "https://evil.example/login"


def test_proofpoint_v3_single_substitutions() -> None:
    # '%' and '#' were replaced by '*'; the bytes "%#" are base64url "JSM".
    assert b64url("%#") == "JSM"
    uri = "https://urldefense.com/v3/__https://evil.example/a*2Fb*frag__;JSM!!Fjc1LP!xx$"
    d = destinations(uri)
    assert chain(uri) == [("https://evil.example/a%2Fb#frag", "proofpoint-v3")]
    assert d.hops[0].span is None  # substituted: no span of the input holds the URL
    assert d.to_json() == [
        {"url": "https://evil.example/a%2Fb#frag", "via": "proofpoint-v3",
         "start": None, "end": None}
    ]


def test_proofpoint_v3_runs() -> None:
    # '**B' is a run of three replaced characters, '**A' of two (A=2 ... _=65).
    assert RUN_LENGTHS["A"] == 2 and RUN_LENGTHS["Z"] == 27 and RUN_LENGTHS["a"] == 28
    assert RUN_LENGTHS["0"] == 54 and RUN_LENGTHS["-"] == 64 and RUN_LENGTHS["_"] == 65
    uri = "https://urldefense.com/v3/__https://x.example/p?a=1**Bb=2*c**A__;JiYmJiMj!!a!b$"
    assert base64.urlsafe_b64decode("JiYmJiMj") == b"&&&&##"
    assert chain(uri) == [("https://x.example/p?a=1&&&b=2&c##", "proofpoint-v3")]


def test_proofpoint_v3_percent_decoded_text_keeps_its_span() -> None:
    # Percent-decoding alone is no substitution: the span still holds the text.
    uri = "https://urldefense.com/v3/__https://evil.example/a%20b__;!!x$"
    d = destinations(uri)
    assert chain(uri) == [("https://evil.example/a b", "proofpoint-v3")]
    assert d.hops[0].span is not None and d.hops[0].span.of(uri) == "https://evil.example/a%20b"
    assert d.hops[0].decoding == ("percent",)


def test_proofpoint_v3_multibyte_replacements_count_characters() -> None:
    # The bytes are UTF-8; each '*' takes one character, not one byte.
    uri = f"https://urldefense.com/v3/__https://x.example/caf*/*__;{b64url('é€')}!!a$"
    assert chain(uri) == [("https://x.example/café/€", "proofpoint-v3")]


def v3_encode(url: str, hidden: set[int]) -> str:
    """A Proofpoint v3 link for ``url``, the characters at ``hidden`` replaced (the
    test's own encoder: runs of 2-65 become '**X', single ones '*')."""
    alphabet = ascii_uppercase + ascii_lowercase + digits + "-_"
    hidden |= {i for i, ch in enumerate(url) if ch in "*%"}  # these must always be hidden
    out, taken, i = [], [], 0
    while i < len(url):
        if i not in hidden:
            out.append(url[i])
            i += 1
            continue
        j = i
        while j < len(url) and j in hidden and j - i < 65:
            j += 1
        run = url[i:j]
        taken.append(run)
        out.append("*" if len(run) == 1 else "**" + alphabet[len(run) - 2])
        i = j
    return f"https://urldefense.com/v3/__{''.join(out)}__;{b64url(''.join(taken))}!!Ab!Cd$"


@given(
    path=st.text(
        st.characters(codec="utf-8", exclude_characters="_", exclude_categories=("Cs", "Cc")),
        max_size=80,
    ),
    data=st.data(),
)
@settings(max_examples=200, deadline=None)
def test_proofpoint_v3_round_trip(path: str, data: st.DataObject) -> None:
    # Any URL, any set of hidden characters (runs up to 65 and beyond): decoding gives
    # back exactly the URL, which exercises every '*' and '**X' form.
    url = "https://x.example/" + path
    hidden = set(data.draw(st.sets(st.integers(0, max(0, len(url) - 1)), max_size=len(url))))
    decoded = decode_v3(v3_encode(url, hidden).split("/v3/", 1)[1])
    assert decoded is not None and decoded.problem is None
    assert decoded.url == url


def v3_encode_bytes(url: str, hidden: set[int]) -> str:
    """A Proofpoint v3 link for ``url`` as Proofpoint writes it: the UTF-8 bytes of the
    characters at ``hidden`` are replaced, a run's length counting *bytes* (2-65 per
    '**X'; one byte alone is '*'), so a hidden "é" alone is '**A'."""
    alphabet = ascii_uppercase + ascii_lowercase + digits + "-_"
    hidden |= {i for i, ch in enumerate(url) if ch in "*%"}
    out: list[str] = []
    taken = bytearray()
    i = 0
    while i < len(url):
        if i not in hidden:
            out.append(url[i])
            i += 1
            continue
        j = i
        while j < len(url) and j in hidden:
            j += 1
        run = url[i:j].encode("utf-8")
        taken += run
        for k in range(0, len(run), 65):
            n = len(run[k : k + 65])
            out.append("*" if n == 1 else "**" + alphabet[n - 2])
        i = j
    code = base64.urlsafe_b64encode(bytes(taken)).decode("ascii").rstrip("=")
    return f"https://urldefense.com/v3/__{''.join(out)}__;{code}!!Ab!Cd$"


def test_proofpoint_v3_runs_count_utf8_bytes() -> None:
    # Issue 21: "**E counts UTF-8 bytes". "é" is two bytes (**A), "€" three (**B),
    # "€€" six (**E): counted as characters the link decoded to wrong characters.
    assert base64.urlsafe_b64decode("w6k=").decode() == "é"
    uri = "https://urldefense.com/v3/__https://x.example/caf**A/**E?q=1__;w6nigqzigqw!!a$"
    assert base64.urlsafe_b64decode("w6nigqzigqw=") == "é€€".encode()
    assert chain(uri) == [("https://x.example/café/€€?q=1", "proofpoint-v3")]
    assert destinations(uri).notes == ()
    # a run of ASCII and non-ASCII together, and a 70-byte run split into **_ and **D
    url = "https://x.example/%C3%A9/" + "ü" * 35 + "/Straße#frag"
    link = v3_encode_bytes(url, {*range(25, 60), url.index("ß")})
    assert "/**_**D/Stra**Ae" in link and chain(link) == [(url, "proofpoint-v3")]


@given(
    path=st.text(
        st.characters(codec="utf-8", exclude_characters="_", exclude_categories=("Cs", "Cc")),
        max_size=80,
    ),
    data=st.data(),
)
@settings(max_examples=200, deadline=None)
def test_proofpoint_v3_byte_runs_round_trip(path: str, data: st.DataObject) -> None:
    # Any URL with any hidden characters, runs counted in bytes as Proofpoint does:
    # decoding gives back exactly the URL, non-ASCII runs included.
    url = "https://x.example/" + path
    hidden = set(data.draw(st.sets(st.integers(0, max(0, len(url) - 1)), max_size=len(url))))
    decoded = decode_v3(v3_encode_bytes(url, hidden).split("/v3/", 1)[1])
    assert decoded is not None and decoded.problem is None
    assert decoded.url == url


def test_proofpoint_v3_corrupt_bytes_are_a_note_not_an_error() -> None:
    uri = "https://urldefense.com/v3/__https://evil.example/a*b__;%%%%!!x$"
    d = destinations(uri)
    assert d.hops and d.hops[0].url == "https://evil.example/a*b"
    assert any("corrupt" in n for n in d.notes)


def test_proofpoint_v3_too_few_bytes_is_said() -> None:
    uri = f"https://urldefense.com/v3/__https://evil.example/*a*b*__;{b64url('%')}!!x$"
    d = destinations(uri)
    assert d.hops[0].url == "https://evil.example/%a*b*"  # the missing ones stay "*"
    assert any("fewer replacement bytes" in n for n in d.notes)


def test_proofpoint_without_a_documented_form_is_unknowable() -> None:
    d = destinations("https://urldefense.com/v4/abcdef")
    assert d.hops == () and d.unknowable is not None and d.unknowable.via == "proofpoint"


# ---- Mimecast, Barracuda, Cisco --------------------------------------------------------


@pytest.mark.parametrize(
    "uri",
    [
        "https://protect-us.mimecast.com/s/AbCdEfGhIjKlMn?domain=evil.example",
        "https://protect-eu.mimecast.com/s/Xy12AbCdEf3G?domain=evil.example",
        "https://url.uk.m.mimecastprotect.com/s/AbCdEf?domain=evil.example",
        "https://url.us.a.mimecastprotect.com/s/Qw3rTy?domain=evil.example",
        "https://protect-us.mimecast.com/s253462825?domain=evil.example",
    ],
)
def test_mimecast_codes_are_unknowable_with_their_domain(uri: str) -> None:
    d = destinations(uri)
    assert d.hops == () and d.unknowable is not None and d.unknowable.via == "mimecast"
    assert "cannot be known offline" in d.unknowable.reason
    assert "evil.example" in d.unknowable.reason
    assert d.note is not None and "cannot be known offline" in d.note


def test_mimecast_with_the_target_in_the_link() -> None:
    uri = "https://protect-eu.mimecast.com/r/?url=https%3A%2F%2Fevil.example%2Fx"
    assert chain(uri) == [("https://evil.example/x", "mimecast")]


def test_barracuda_link_protection() -> None:
    uri = (
        "https://linkprotect.cudasvc.com/url?a=https%3a%2f%2fevil.example%2flogin%3fid%3d7"
        "&c=E,1,Zm9vYmFy,&typo=1"
    )
    assert chain(uri) == [("https://evil.example/login?id=7", "barracuda")]


def test_cisco_secure_email() -> None:
    uri = (
        "https://secure-web.cisco.com/1AbCdEf-GhIjKl_MnOpQr5StUvWxYz0123456789/"
        "https%3A%2F%2Fevil.example%2Fpay%3Finvoice%3D42"
    )
    d = destinations(uri)
    assert chain(uri) == [("https://evil.example/pay?invoice=42", "cisco-secure-email")]
    assert d.hops[0].span is not None
    assert d.hops[0].span.of(uri) == "https%3A%2F%2Fevil.example%2Fpay%3Finvoice%3D42"


# ---- search and social redirects -------------------------------------------------------


@pytest.mark.parametrize(
    ("uri", "want"),
    [
        ("https://www.google.com/url?q=https://evil.example/login&sa=D&source=editors&ust=1",
         "https://evil.example/login"),
        ("https://www.google.com/url?sa=t&rct=j&url=https%3A%2F%2Fevil.example%2F&usg=AOv",
         "https://evil.example/"),
        ("https://www.google.co.uk/url?q=https://evil.example/uk", "https://evil.example/uk"),
        ("https://google.de/url?q=https://evil.example/de", "https://evil.example/de"),
        ("https://www.google.com/url?q=aHR0cHM6Ly9ldmlsLmV4YW1wbGUv", "https://evil.example/"),
        ("https://www.google.com/amp/s/evil.example/news/story", "https://evil.example/news/story"),
    ],
)
def test_google_redirects(uri: str, want: str) -> None:
    assert chain(uri) == [(want, "google-redirect")]


def test_google_base64_is_the_issue_example() -> None:
    d = destinations("https://www.google.com/url?q=aHR0cHM6Ly9ldmlsLmV4YW1wbGUv")
    assert d.hops[0].decoding == ("base64",)


def test_google_lookalike_host_is_not_google() -> None:
    # "google.*" means Google's own suffixes (google.de, google.co.uk), not a subdomain
    # of someone else's domain: the banner must never call evil.example "Google".
    for uri in ("https://www.google.evil.example/url?q=https://x.example/",
                "https://google.com.evil.example/url?url=https://x.example/"):
        assert all(h.via != "google-redirect" for h in destinations(uri).hops), uri


def test_google_search_is_not_a_redirect() -> None:
    assert chain("https://www.google.com/search?q=https://evil.example/") == []


def test_bing_a1_base64url() -> None:
    target = "https://evil.example/path?x=1&y=2"
    uri = f"https://www.bing.com/ck/a?!&&p=4c3a1bd2e4f&ptn=3&ver=2&hsh=4&u=a1{b64url(target)}&ntb=1"
    d = destinations(uri)
    assert chain(uri) == [(target, "bing-redirect")]
    assert d.hops[0].decoding == ("bing-a1",)


def test_bing_without_a1_prefix_is_not_guessed() -> None:
    uri = f"https://www.bing.com/ck/a?u=zz{b64url('https://evil.example/')}"
    assert chain(uri) == []


@pytest.mark.parametrize(
    ("uri", "via"),
    [
        ("https://l.facebook.com/l.php?u=https%3A%2F%2Fevil.example%2F&h=AT0abc",
         "facebook-redirect"),
        ("https://lm.facebook.com/l.php?u=https%3A%2F%2Fevil.example%2F&h=AT1",
         "facebook-redirect"),
        ("https://l.instagram.com/?u=https%3A%2F%2Fevil.example%2F&e=ATM", "facebook-redirect"),
        ("https://www.linkedin.com/redir/redirect?url=https%3A%2F%2Fevil.example%2F&urlhash=ab",
         "linkedin-redirect"),
        ("https://www.linkedin.com/safety/go?url=https%3A%2F%2Fevil.example%2F&trk=flagship",
         "linkedin-redirect"),
        ("https://slack-redir.net/link?url=https%3A%2F%2Fevil.example%2F&v=3", "slack-redirect"),
        ("https://www.youtube.com/redirect?event=video_description&redir_token=QUFF&q="
         "https%3A%2F%2Fevil.example%2F&v=abc", "youtube-redirect"),
        ("https://duckduckgo.com/l/?uddg=https%3A%2F%2Fevil.example%2F&rut=abc",
         "duckduckgo-redirect"),
    ],
)
def test_social_redirects(uri: str, via: str) -> None:
    assert chain(uri) == [("https://evil.example/", via)]


def test_share_dialogs_mention_but_do_not_forward() -> None:
    # A share dialog's u= is a URL the page shares, not one it sends the visitor to.
    for uri in (
        "https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fexample.com%2F",
        "https://twitter.com/intent/tweet?url=https%3A%2F%2Fexample.com%2F&text=hi",
        "https://web.archive.org/web/20240101000000/https://example.com/",
        "https://validator.w3.org/check?uri=https%3A%2F%2Fexample.com%2F",
    ):
        assert chain(uri) == [], uri
        # ... while the embedded-url finding still shows the URL (the same scanner)
        assert any(not c.forwards for c in scan_link(split(uri)).carried), uri


# ---- generic carriers ----------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["url", "u", "redirect", "redirect_uri", "next", "dest", "target", "continue",
             "return", "returnUrl", "return_to", "goto", "RelayState"],
)
def test_generic_redirect_parameters(name: str) -> None:
    uri = f"https://trusted.example/login?{name}=https%3A%2F%2Fevil.example%2Fx&lang=en"
    d = destinations(uri)
    assert chain(uri) == [("https://evil.example/x", "query-parameter")]
    assert d.hops[0].span is not None
    assert d.hops[0].span.of(uri) == "https%3A%2F%2Fevil.example%2Fx"


def test_generic_parameter_that_is_not_a_redirect_is_only_mentioned() -> None:
    for uri in (
        "https://cdn.example/resize?image=https://img.example/a.png&w=200",
        "https://example.com/?utm_source=https://newsletter.example/",
        "https://example.com/search?q=https://evil.example/",
    ):
        assert chain(uri) == [], uri


def test_protocol_relative_redirect_takes_the_links_scheme() -> None:
    d = destinations("http://trusted.example/login?next=//evil.example/x")
    assert [(h.url, h.via) for h in d.hops] == [("http://evil.example/x", "query-parameter")]
    assert d.hops[0].decoding == ("scheme-added",)


def test_local_redirects_are_not_destinations() -> None:
    assert chain("https://example.com/login?next=/account/settings") == []
    assert chain("https://example.com/login?next=%2Faccount") == []


def test_double_percent_encoded() -> None:
    uri = "https://trusted.example/r?url=https%253A%252F%252Fevil.example%252Fx"
    d = destinations(uri)
    assert chain(uri) == [("https://evil.example/x", "query-parameter")]
    assert d.hops[0].decoding == ("percent", "percent")


def test_base64_in_any_parameter() -> None:
    uri = "https://click.example/c?id=42&data=" + b64url("https://evil.example/login") + "&x=1"
    assert chain(uri) == [("https://evil.example/login", "base64")]
    padded = "https://click.example/c?r=" + pct(base64.b64encode(b"https://evil.example/").decode())
    assert chain(padded) == [("https://evil.example/", "query-parameter")]


def test_base64_that_does_not_decode_is_ignored() -> None:
    assert chain("https://click.example/c?data=aHR0cHM6Ly9!!!") == []
    assert chain("https://click.example/c?data=aHR0cHM6Ly9ldmlsLmV4YW1wbGUv_____") == []


def test_url_in_the_path_and_fragment() -> None:
    assert chain("https://example.com/redirect/https://evil.example/x") == [
        ("https://evil.example/x", "path")
    ]
    assert chain("https://example.com/out/https%3A%2F%2Fevil.example%2Fx") == [
        ("https://evil.example/x", "path")
    ]
    assert chain("https://example.com/#https://evil.example/") == [
        ("https://evil.example/", "fragment")
    ]
    assert chain("https://app.example/#!/redirect=https://evil.example/") == [
        ("https://evil.example/", "fragment")
    ]
    assert chain("https://example.com/#see https://evil.example/") == []


def test_url_in_a_base64_path_segment() -> None:
    uri = "https://t.example/r/" + b64url("https://evil.example/a") + "/x"
    assert chain(uri) == [("https://evil.example/a", "base64")]


def test_script_destinations_are_reported() -> None:
    assert chain("https://trusted.example/go?url=javascript:alert(1)") == [
        ("javascript:alert(1)", "query-parameter")
    ]


# ---- nesting ----------------------------------------------------------------------------


def test_safelinks_wrapping_proofpoint_v2_wrapping_google() -> None:
    google = "https://www.google.com/url?q=https://evil.example/x"
    v2 = (
        "https://urldefense.proofpoint.com/v2/url?u=https-3A__www.google.com_url-3Fq-3D"
        "https-3A__evil.example_x&d=DwMF&c=a&r=b&m=c&s=d&e="
    )
    uri = f"https://nam12.safelinks.protection.outlook.com/?url={pct(v2)}&data=05&reserved=0"
    d = destinations(uri)
    assert [(h.url, h.via) for h in d.hops] == [
        (v2, "safelinks"),
        (google, "proofpoint-v2"),
        ("https://evil.example/x", "google-redirect"),
    ]
    # each span indexes the previous entry's url (the input for the first)
    texts = [uri, *(h.url for h in d.hops)]
    assert d.hops[0].span is not None and d.hops[0].span.of(texts[0]) == pct(v2)
    assert d.hops[1].span is not None
    assert d.hops[1].span.of(texts[1]) == (
        "https-3A__www.google.com_url-3Fq-3Dhttps-3A__evil.example_x"
    )
    assert d.hops[2].span is not None and d.hops[2].span.of(texts[2]) == "https://evil.example/x"
    assert d.hosts == (
        "nam12.safelinks.protection.outlook.com", "urldefense.proofpoint.com",
        "www.google.com", "evil.example",
    )
    sentence = d.sentence()
    assert sentence is not None
    assert sentence.startswith(
        "This link goes to nam12.safelinks.protection.outlook.com (Microsoft Safe Links), "
        "which forwards to urldefense.proofpoint.com"
    )
    assert sentence.endswith("which forwards to evil.example.")


def test_wrapped_shortener_is_unknowable_at_the_end() -> None:
    uri = "https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fbit.ly%2F3xYz9&data=1"
    d = destinations(uri)
    assert [(h.url, h.via) for h in d.hops] == [("https://bit.ly/3xYz9", "safelinks")]
    assert d.unknowable is not None and d.unknowable.host == "bit.ly"
    assert d.sentence() is not None and "cannot be known offline" in (d.sentence() or "")


@pytest.mark.parametrize(
    "uri",
    ["https://bit.ly/3abcDEF", "https://t.co/AbC123xyz", "https://tinyurl.com/yc4b8k2z",
     "https://goo.gl/maps/abc", "https://ow.ly/Xyz50R", "https://is.gd/abc12"],
)
def test_shorteners_say_the_destination_cannot_be_known(uri: str) -> None:
    d = destinations(uri)
    assert d.hops == () and d.unknowable is not None and d.unknowable.via == "shortener"
    assert d.unknowable.reason.startswith(split(uri).host.text)  # type: ignore[union-attr]
    assert "cannot be known offline" in d.unknowable.reason


def test_shortener_home_page_is_not_a_short_link() -> None:
    assert destinations("https://bit.ly/").unknowable is None


def test_nesting_100_deep_stops_with_a_note() -> None:
    uri = "https://a.example/?u=" + "https://b.example/?u=" * 100 + "https://end.example/"
    d = destinations(uri)
    assert len(d.hops) == MAX_DEPTH and d.truncated
    assert d.note is not None and f"more than {MAX_DEPTH} wrappers deep" in d.note


def test_nesting_100_deep_percent_encoded_is_bounded() -> None:
    uri = "https://end.example/"
    for _ in range(100):
        uri = "https://r.example/?next=" + pct(uri)
        if len(uri) > 2_000_000:
            break
    d = destinations(uri)
    assert len(d.hops) <= MAX_DEPTH and d.truncated


def test_one_megabyte_inputs_are_bounded() -> None:
    big_param = "https://r.example/?url=https%3A%2F%2Fevil.example%2F" + "a" * 1_000_000
    big_path = "https://example.com/" + "x/" * 500_000 + "https://evil.example/"
    big_query = "https://example.com/?" + "&".join(f"k{i}=v{i}" for i in range(120_000))
    for uri in (big_param, big_path, big_query):
        d = destinations(uri)
        assert all(len(h.url) <= MAX_URL_CHARS for h in d.hops)
    assert destinations(big_param).truncated  # the 1 MB target is too long to follow
    assert chain(big_path) == [("https://evil.example/", "path")]


# ---- the contract ------------------------------------------------------------------------


def test_analyze_answer_has_destinations_protocol_1_1() -> None:
    uri = "https://urldefense.com/v3/__https://evil.example/login__;!!ABC!def$"
    answer = handle_request({"op": "analyze", "input": uri})
    assert answer["destinations"] == [
        {"url": "https://evil.example/login", "via": "proofpoint-v3", "start": 28, "end": 54}
    ]
    assert handle_request({"op": "analyze", "input": "https://example.com/"})["destinations"] == []
    json.dumps(answer)  # plain JSON


def test_every_entry_has_exactly_the_contract_keys() -> None:
    uri = "https://l.facebook.com/l.php?u=https%3A%2F%2Fbit.ly%2Fx&h=1"
    for entry in analyze(uri).to_json()["destinations"]:  # type: ignore[attr-defined]
        assert set(entry) == {"url", "via", "start", "end"}


def test_table_is_data_with_sources() -> None:
    t = table()
    assert t.date and len(t.carriers) >= 15
    assert all(c.source for c in t.carriers) and all(o.source for o in t.opaque)
    vias = {c.via for c in t.carriers}
    assert {"safelinks", "proofpoint-v1", "proofpoint-v2", "proofpoint-v3", "mimecast",
            "barracuda", "google-redirect", "facebook-redirect", "linkedin-redirect",
            "slack-redirect"} <= vias


def test_table_parser_refuses_a_non_object() -> None:
    with pytest.raises(ValueError, match="JSON object"):
        parse_table("[]")


# ---- properties ---------------------------------------------------------------------------

_PIECES = st.sampled_from([
    "https://", "http://", "//", "%3A", "%2F", "%25", "?", "&", "=", "#", "/", "*", "**A",
    "__;", "!!", "url=", "u=", "next=", "q=", "a1", "aHR0cHM6Ly9", "-3A__", "_", "evil.example",
    "nam12.safelinks.protection.outlook.com/", "urldefense.com/v3/__", "urldefense.com/v2/url",
    "www.google.com/url", "bit.ly/", "secure-web.cisco.com/t/", "www.bing.com/ck/a",
    "\u202e", "\x00", "\ud800", "é", " ",
])


@given(st.lists(_PIECES, max_size=30).map("".join))
@settings(max_examples=400, deadline=None)
def test_never_raises_and_is_bounded_and_spans_hold_the_text(text: str) -> None:
    d = destinations(text)
    assert isinstance(d, Destinations)
    assert len(d.hops) <= MAX_DEPTH
    previous = text
    for hop in d.hops:
        assert len(hop.url) <= MAX_URL_CHARS
        if hop.span is not None:
            assert 0 <= hop.span.start < hop.span.end <= len(previous)
            carried = hop.span.of(previous)
            if not hop.decoding:  # nothing decoded: the span is the URL itself
                assert carried == hop.url
            elif set(hop.decoding) == {"percent"}:  # only percent layers: undo them
                for _ in hop.decoding:
                    carried = unquote(carried, errors="replace")
                assert carried == hop.url
        previous = hop.url
    json.dumps([h.to_json() for h in d.hops])


@given(st.text(max_size=300))
@settings(max_examples=300, deadline=None)
def test_never_raises_on_any_text(text: str) -> None:
    d = destinations(text)
    assert len(d.hops) <= MAX_DEPTH
    assert d.sentence() is None or isinstance(d.sentence(), str)
