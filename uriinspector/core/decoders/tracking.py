"""Known tracking parameters: query keys added to links to follow a click.

A table, no logic. Each row names the key (compared in lower case), who adds it and
what it carries. Sources are the vendors' own documentation of those parameters; a
key here is marked "tracking" in the http(s) decoder, never removed.
"""

from __future__ import annotations

#: Any key starting with one of these is tracking (lower case).
TRACKING_PREFIXES: dict[str, str] = {
    "utm_": "Urchin Tracking Module campaign tag (Google Analytics: utm_source, utm_medium, "
    "utm_campaign, utm_term, utm_content, utm_id, ...)",
}

#: Exact keys (lower case) -> who adds them and what they carry.
TRACKING_KEYS: dict[str, str] = {
    "fbclid": "Facebook / Meta click identifier, added to outbound links",
    "gclid": "Google Ads click identifier (auto-tagging)",
    "gclsrc": "Google Ads click source, sent with gclid",
    "gbraid": "Google Ads click identifier for iOS app campaigns",
    "wbraid": "Google Ads click identifier for iOS web-to-app campaigns",
    "dclid": "Google Display & Video 360 / Campaign Manager (DoubleClick) click identifier",
    "_ga": "Google Analytics cross-domain linker (older analytics.js form)",
    "_gl": "Google Analytics / Google Ads cross-domain linker",
    "srsltid": "Google Merchant Center search-result click identifier",
    "msclkid": "Microsoft Advertising (Bing Ads) click identifier",
    "mc_cid": "Mailchimp campaign identifier",
    "mc_eid": "Mailchimp subscriber (e-mail) identifier",
    "igshid": "Instagram share identifier",
    "yclid": "Yandex Direct click identifier",
    "ysclid": "Yandex search click identifier",
    "_openstat": "Openstat (Yandex) advertising tag",
    "_hsenc": "HubSpot e-mail tracking (encrypted contact token)",
    "_hsmi": "HubSpot e-mail message identifier",
    "__hstc": "HubSpot cross-domain visitor cookie value",
    "__hssc": "HubSpot cross-domain session cookie value",
    "__hsfp": "HubSpot cross-domain browser fingerprint",
    "hsctatracking": "HubSpot call-to-action click tracking",
    "mkt_tok": "Marketo (Adobe) e-mail click token",
    "twclid": "X / Twitter Ads click identifier",
    "ttclid": "TikTok Ads click identifier",
    "li_fat_id": "LinkedIn Ads first-party click identifier",
    "epik": "Pinterest Ads click identifier",
    "s_cid": "Adobe Analytics campaign identifier",
    "vero_id": "Vero e-mail subscriber identifier",
    "vero_conv": "Vero e-mail conversion tag",
    "oly_anon_id": "Omeda anonymous visitor identifier",
    "oly_enc_id": "Omeda encrypted subscriber identifier",
}


def tracking_source(key: str) -> str | None:
    """Who adds the query key ``key`` to follow clicks, or None if it is not known."""
    k = key.lower()
    found = TRACKING_KEYS.get(k)
    if found is not None:
        return found
    for prefix, source in TRACKING_PREFIXES.items():
        if k.startswith(prefix):
            return source
    return None
