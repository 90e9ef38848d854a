"""Every redirector analysts meet (issue 21): one test per new carrier of the table.

Each new row of ``resources/carriers.json`` gets its own ``via`` and a case built from
its documented or delivered form; the mechanisms the rows added (a ``/KEY=`` path value
ending at a marker, the whole query as the target, a scheme-less ``host/path`` value, the
AMP http form) are tested at their edges. The labelled corpus adds several shapes each
(``test_destinations_corpus.py``).
"""

from __future__ import annotations

import base64
from urllib.parse import quote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.core.destinations import destinations
from uriinspector.core.destinations.table import table

TARGET = "https://evil.example/login?a=1&b=2"
ENC = quote(TARGET, safe="")


def chain(uri: str) -> list[tuple[str, str]]:
    return [(h.url, h.via) for h in destinations(uri).hops]


@pytest.mark.parametrize(
    ("uri", "via"),
    [
        (f"https://r.search.yahoo.com/_ylt=Awr/RV=2/RE=1/RO=10/RU={ENC.lower()}/RK=2/RS=x-",
         "yahoo-redirect"),
        (f"https://adclick.g.doubleclick.net/pcs/click?xai=A&sig=C&adurl={ENC}", "doubleclick"),
        (f"https://www.googleadservices.com/pagead/aclk?sa=L&ai=D&adurl={ENC}", "doubleclick"),
        (f"https://ad.doubleclick.net/ddm/trackclk/N1.2/B3;dc_trk_aid=4;tfua=?{TARGET}",
         "doubleclick"),
        (f"https://vk.com/away.php?to={ENC}&cc_key=", "vk-redirect"),
        (f"https://steamcommunity.com/linkfilter/?url={ENC}", "steam-redirect"),
        (f"https://out.reddit.com/t3_x?url={ENC}&token=A", "reddit-redirect"),
        (f"https://l.instagram.com/?u={ENC}&e=AT", "facebook-redirect"),
        (f"https://l.wl.co/l?u={ENC}", "facebook-redirect"),
        (f"https://t.umblr.com/redirect?z={ENC}&t=M", "tumblr-redirect"),
        (f"https://www.youtube.com/redirect?event=x&q={ENC}", "youtube-redirect"),
        (f"https://www.linkedin.com/safety/go?url={ENC}&trk=x", "linkedin-redirect"),
        (f"https://www.pinterest.com/offsite/?token=1&url={ENC}", "pinterest-redirect"),
        (f"https://medium.com/r/?url={ENC}", "medium-redirect"),
        (f"https://www.awin1.com/cread.php?awinmid=1&awinaffid=2&ued={ENC}", "awin"),
        (f"https://click.linksynergy.com/deeplink?id=a&mid=1&murl={ENC}", "rakuten-linksynergy"),
        (f"https://www.anrdoezrs.net/click-1-2?url={ENC}", "cj-affiliate"),
        (f"https://www.kqzyfj.com/links/1/type/dlg/{TARGET}", "cj-affiliate"),
        (f"https://brand.sjv.io/c/1/2/3?u={ENC}", "impact"),
        (f"https://shareasale.com/r.cfm?b=1&u=2&m=3&urllink={ENC}", "shareasale"),
        (f"https://go.skimresources.com/?id=1X2&url={ENC}", "skimlinks"),
        (f"https://x-ctp.trendmicro.com/wis/clicktime/v1/query?url={ENC}&umid=1", "trendmicro"),
        (f"https://clicktime.symantec.com/3Abc?u={ENC}", "symantec-clicktime"),
        (f"https://us-west-2.protection.sophos.com?d=e&u={base64.b64encode(TARGET.encode()).decode()}",
         "sophos"),
        (f"https://outlook.office365.com/owa/redir.aspx?REF=x&URL={ENC}", "owa-redirect"),
        (f"https://protect2.fireeye.com/v1/url?k=1&q=2&e=3&u={ENC}", "trellix"),
        (f"https://safe.menlosecurity.com/{TARGET}", "menlo-security"),
        (f"https://translate.google.com/translate?sl=auto&tl=en&u={ENC}", "google-translate"),
        (f"https://href.li/?{TARGET}", "referrer-hider"),
        (f"https://url.avanan.click/v2/___{TARGET}___.YXAzOmNvcnA6YTpv", "avanan"),
        (f"https://rover.ebay.com/rover/1/711-53200-19255-0/1?campid=5&mpre={ENC}", "ebay-rover"),
        (f"https://prf.hn/click/camref:1100l/pubref:x/destination:{ENC}", "partnerize"),
        (f"https://clk.tradedoubler.com/click?p=1&a=2&url={ENC}", "tradedoubler"),
        (f"https://track.webgains.com/click.html?wgcampaignid=1&wgtarget={ENC}", "webgains"),
        (f"https://redirect.viglink.com/?key=k&u={ENC}", "sovrn-viglink"),
        (f"https://ad.admitad.com/g/1e8d/?ulp={ENC}", "admitad"),
        (f"https://www.avantlink.com/click.php?tt=cl&mi=1&pw=2&url={ENC}", "avantlink"),
        (f"https://link.zhihu.com/?target={ENC}", "zhihu-redirect"),
        (f"https://link.csdn.net/?target={ENC}", "csdn-redirect"),
        (f"https://links.jianshu.com/go?to={ENC}", "jianshu-redirect"),
        (f"https://weibo.cn/sinaurl?u={ENC}", "weibo-redirect"),
        (f"https://c.pc.qq.com/middlem.html?pfurl={ENC}", "qq-redirect"),
        (f"https://www.douban.com/link2/?url={ENC}", "douban-redirect"),
        (f"https://ok.ru/dk?st.cmd=outLinkWarning&st.rfn={ENC}", "ok-redirect"),
    ],
)
def test_each_new_carrier(uri: str, via: str) -> None:
    assert chain(uri) == [(TARGET, via)]
    hop = destinations(uri).hops[0]
    assert hop.title and hop.span is not None  # its text lies in the link


def test_yahoo_destination_ends_before_rk() -> None:
    # Issue 21: "/RK=2/RS=…" was kept in the destination by the generic path rule.
    raw = "https://r.search.yahoo.com/_ylt=A/RV=2/RE=1/RO=10/RU=https://evil.example/a/b/RK=2/RS=q-"
    assert chain(raw) == [("https://evil.example/a/b", "yahoo-redirect")]
    no_rk = "https://r.search.yahoo.com/_ylt=A/RU=https%3a%2f%2fevil.example%2fx"
    assert chain(no_rk) == [("https://evil.example/x", "yahoo-redirect")]
    # a RU= that is not a URL is said, not followed
    d = destinations("https://r.search.yahoo.com/_ylt=A/RU=notaurl/RK=2/RS=q-")
    assert d.hops == () and any("RU=" in n for n in d.notes)


def test_targets_without_the_form_are_left_alone() -> None:
    for uri in (
        "https://adclick.g.doubleclick.net/pcs/click?xai=A&adurl=",
        "https://ad.doubleclick.net/ddm/ad/N1/B2;sz=1x1?",
        "https://www.google.com/amp/",
        "https://shareasale.com/r.cfm?b=1&u=2&m=3&urllink=not%20a%20host",
        "https://www.awin1.com/awclick.php?mid=1&id=2",
        "https://r.search.yahoo.com/",
    ):
        assert chain(uri) == [], uri


def test_scheme_less_targets_get_their_scheme() -> None:
    share = "https://shareasale.com/r.cfm?b=1&u=2&m=3&urllink=www.shop.example%2Fp%3Fq%3D1"
    (hop,) = destinations(share).hops
    assert hop.url == "https://www.shop.example/p?q=1"
    assert hop.decoding == ("percent", "scheme-added")
    amp = "https://www.google.com/amp/evil.example/p"
    assert chain(amp) == [("http://evil.example/p", "google-redirect")]
    cache = "https://a-b.cdn.ampproject.org/c/s/evil.example/p?x=1&y=2"
    assert chain(cache) == [("https://evil.example/p?x=1&y=2", "amp-cache")]
    assert destinations(cache).hops[0].span.of(cache) == "evil.example/p?x=1&y=2"  # type: ignore[union-attr]


def test_translate_goog_host_names_the_site_it_proxies() -> None:
    # In the first label "-" stands for "." and "--" for "-"; _x_tr_* are Translate's.
    uri = "https://my--evil-site-example.translate.goog/a/b?x=1&_x_tr_sl=auto&_x_tr_tl=en"
    (hop,) = destinations(uri).hops
    assert (hop.url, hop.via) == ("https://my-evil.site.example/a/b?x=1", "google-translate")
    assert hop.span is None and hop.decoding == ("translate-host",)
    for bare in ("https://translate.goog/", "https://localhost.translate.goog/",
                 "https://a.b.translate.goog/"):
        assert chain(bare) == [], bare


def test_click_trackers_are_unknowable_with_their_reason() -> None:
    for uri in (
        "https://u1.ct.sendgrid.net/ls/click?upn=abc",
        "https://x.us1.list-manage.com/track/click?u=a&id=b&e=c",
        "https://d1.na1.hubspotlinks.com/Ctc/5J+113/d1/V",
    ):
        d = destinations(uri)
        assert d.hops == () and d.unknowable is not None and d.unknowable.via == "click-tracker"
        assert "cannot be known offline" in d.unknowable.reason
    d = destinations("https://nyti.ms/3AbC")
    assert d.unknowable is not None and d.unknowable.via == "shortener"


def test_three_deep_nest_safe_links_doubleclick_yahoo() -> None:
    yahoo = f"https://r.search.yahoo.com/_ylt=A/RU={ENC.lower()}/RK=2/RS=q-"
    dc = f"https://adclick.g.doubleclick.net/pcs/click?xai=A&adurl={quote(yahoo, safe='')}"
    sl = (f"https://nam12.safelinks.protection.outlook.com/?url={quote(dc, safe='')}"
          "&data=05&reserved=0")
    assert chain(sl) == [(dc, "safelinks"), (yahoo, "doubleclick"), (TARGET, "yahoo-redirect")]


def test_every_row_has_a_source_and_the_new_vias_are_there() -> None:
    t = table()
    assert all(c.source for c in t.carriers) and all(o.source for o in t.opaque)
    vias = {c.via for c in t.carriers} | {o.via for o in t.opaque}
    assert {"yahoo-redirect", "doubleclick", "amp-cache", "vk-redirect", "steam-redirect",
            "reddit-redirect", "tumblr-redirect", "pinterest-redirect", "medium-redirect",
            "awin", "rakuten-linksynergy", "cj-affiliate", "impact", "shareasale",
            "skimlinks", "trendmicro", "symantec-clicktime", "sophos", "owa-redirect",
            "trellix", "menlo-security", "google-translate", "referrer-hider", "avanan",
            "ebay-rover", "partnerize", "tradedoubler", "webgains", "sovrn-viglink",
            "admitad", "avantlink", "zhihu-redirect", "csdn-redirect", "jianshu-redirect",
            "weibo-redirect", "qq-redirect", "douban-redirect", "ok-redirect",
            "click-tracker"} <= vias


_PREFIXES = st.sampled_from([
    "https://r.search.yahoo.com/_ylt=A/RU=",
    "https://url.avanan.click/v2/___",
    "https://prf.hn/click/camref:1/destination:",
    "https://ad.doubleclick.net/ddm/clk/1;2?",
    "https://href.li/?",
    "https://a--b-c.translate.goog/",
    "https://www.google.com/amp/s/",
    "https://www.anrdoezrs.net/links/1/type/dlg/",
    "https://shareasale.com/r.cfm?urllink=",
    "https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fa.example&data=",
])
_TAILS = st.lists(
    st.sampled_from(["https://", "http%3A%2F%2F", "evil.example", "/", "?", "&", "=", "#",
                     "___.", "/RK=", "%", "%7C", "@", "05|02|", "_x_tr_sl=a", "--", "-", "é"])
    | st.text(max_size=6),
    max_size=12,
).map("".join)


@given(prefix=_PREFIXES, tail=_TAILS)
@settings(max_examples=300, deadline=None)
def test_new_forms_never_raise_and_keep_their_spans(prefix: str, tail: str) -> None:
    uri = prefix + tail
    d = destinations(uri)
    text = uri
    for hop in d.hops:
        if hop.span is not None:
            assert 0 <= hop.span.start <= hop.span.end <= len(text)
        for f in hop.fields:
            assert 0 <= f.span.start <= f.span.end <= len(text)
        text = hop.url
