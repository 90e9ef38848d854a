"""Brand look-alikes: a host that imitates a well-known domain without being it.

The well-known domains are data under ``resources/wellknown/`` (Chromium's top-domains
list and URI Inspector's own table of the most-phished brands with the domains each one
owns). The index is built once, on first use, as Chromium does with its top domains:
a dict from each name's visual *skeleton* to the name, and a symmetric-delete table
(every name with one letter removed) so a one-edit typo is found with a handful of dict
look-ups instead of a scan of 5,000 names. Verdicts are cached per host.

Codes (shared/contract/batch-protocol.md, protocol 1.1): ``lookalike-domain`` when the
registrable domain itself imitates a listed one; ``brand-in-subdomain`` when a listed
domain or brand is spelled out left of an unrelated registrable domain (``warning`` when
it appears only in the path, query or userinfo). Listed domains, the domains their brand
owns and all their subdomains never get either finding.
"""

from __future__ import annotations

import threading
import unicodedata
import zlib
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files
from typing import NamedTuple

from uriinspector.core.domains import (
    CACHE_MAX_LEN,
    HOST_CACHE_SIZE,
    is_known_suffix,
    registrable_domain,
)
from uriinspector.core.findings.base import (
    BRAND_IN_SUBDOMAIN,
    LOOKALIKE_DOMAIN,
    Finding,
    pct_decode,
    show,
)
from uriinspector.core.findings.confusable_tables import class_table
from uriinspector.core.findings.idn import (
    CYRILLIC_TLDS,
    GREEK_TLDS,
    latin_lookalikes,
    to_unicode,
)
from uriinspector.core.findings.scripts import resolved_scripts
from uriinspector.core.grammar import LazyPattern
from uriinspector.core.hidden import reveal
from uriinspector.core.spans import Span
from uriinspector.core.split import SplitReference
from uriinspector.core.whatwg import WhatwgReading

# UTS #46 label separators (the full stops of other scripts count as dots).
_DOTS = LazyPattern("[.\u3002\uff0e\uff61]")

#: Every dash and hyphen look-alike (Unicode's Dash property, the minus signs, and the
#: UTS #39 confusables of HYPHEN-MINUS): each reads as "-" in a host name.
DASHES = frozenset(
    "\u002d\u00ad\u02d7\u058a\u05be\u1400\u1806\u2010\u2011\u2012\u2013\u2014\u2015"
    "\u2043\u2053\u207b\u208b\u2212\u2796\u2cba\u2cbb\u2e17\u2e1a\u2e3a\u2e3b\u2e40\u2e5d"
    "\u301c\u3030\u30a0\u30fc\ufe31\ufe32\ufe58\ufe63\uff0d\uff70\U00010ead"
)

#: Letters that a digit is made to stand for ("paypa1", "g00gle", "4mazon").
DIGIT_FOR_LETTER = {"0": "o", "1": "l", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b",
                    "9": "g", "6": "b", "2": "z"}

#: ASCII sequences that read as one letter in most fonts (UTS #39 confusables: m → rn,
#: w → vv, d → cl).
_SEQUENCES = (("rn", "m"), ("vv", "w"), ("cl", "d"))

#: Words phishers join to a brand's name ("paypal-login-secure", "securepaypal").
_KEYWORD_TEXT = """login log signin sign logon secure security safe verify verification validate
    account accounts update support help helpdesk service services billing bill payment
    payments pay wallet auth online web app apps mail webmail mailbox my id confirm unlock
    unlocked recover recovery restore alert alerts notice customer customers team center
    centre portal access official protect protection check info tracking track delivery
    parcel package shipping shipment express post refund invoice claim reward rewards gift
    bonus promo free bank banking card cards credit member members client user session
    reset password 2fa mfa token connect link home net now us uk usa cloud drive docs doc
    file files share shared storage esign document documents admin dashboard mobile www
    com org co inc corp group global int live store shop sale deals new
    renew limited suspended locked case ticket dispute resolution review
    prime renewal job jobs alert career careers hr payroll tax taxes gov desk assist
    assistance activate activation notification notify message messages inbox voicemail
    fax scan sms otp code pin prize winner giveaway airdrop sync kyc unblock blocked
    hold fee fees customs redelivery reschedule status order orders purchase
    subscription subscriptions membership cancel cancellation expired expiry upgrade
    quota office signon sso identity trust guard shield care contact appeal appeals
    copyright violation policy business ads page pages pass refunds rebate payout
    points offer offers cash direct express24 event events tracker trace redirect
    giftcard card gifts trade postal postage
    paket pakete sendung zustellung konto anmelden sicherheit verifizierung kunden
    colis suivi livraison compte connexion remboursement securite impot
    envio paquete entrega cuenta acceso seguridad reembolso
    pakket bezorging rekening inloggen teruggave
    pacco spedizione consegna conto accesso rimborso sicurezza
    encomenda conta pagamento"""
KEYWORDS = frozenset(_KEYWORD_TEXT.split())

#: The words that ask for credentials or money: an ordinary-word brand (apple, chase,
#: target, live) counts as imitated only beside one of these (``apple-id``,
#: ``chase-secure-login``), never beside words a real business uses with its name
#: (``chasecenter``, ``targetcenter``, ``livenation``).
_STRONG_TEXT = """login logon signin secure security verify verification
    validate account accounts update billing payment payments wallet auth confirm unlock
    recover recovery restore alert alerts support helpdesk refund invoice claim password
    reset 2fa mfa otp kyc suspended locked redelivery customs id delivery parcel package
    tracking shipment gift giftcard reward rewards prize bonus giveaway airdrop winner
    business help appeal appeals copyright violation paket colis envio pakket pacco
    encomenda konto compte cuenta rekening conto remboursement reembolso rimborso
    renew renewal expired subscription"""
STRONG_KEYWORDS = frozenset(_STRONG_TEXT.split())

# Labels of the Chromium list that are host words rather than names (www.gov.uk).
# Its entries under a second-level suffix (com.ru, uk.com) name no one either.
_NOT_NAMES = frozenset(
    {"www", "about", "safety", "logistics", "com", "net", "org", "gov", "edu", "co", "uk", "br"}
)

_MIN_TYPO = 5  # one-edit typos are looked for only on names this long or longer
_MIN_TOP_TYPO = 8  # ... and on Chromium's top-bucket names only from this length


class _Name(NamedTuple):
    """One name phishers imitate: its label, the domain a finding names, and its rules.

    A named tuple: the index holds ~4,600 of them, made at each process's first analysis
    (a frozen dataclass took twice as long to make)."""

    label: str
    domain: str  # the well-known domain imitated (paypal.com)
    brand: str | None  # the curated brand it belongs to, None for Chromium-only names
    word: bool  # an ordinary word: look-alike characters and keyword combinations only
    typo: bool  # one-edit typos and transpositions are looked for


@dataclass(frozen=True, slots=True)
class _Index:
    """The well-known names and domains, indexed for the look-alike checks.

    (A dataclass without a docstring has one made from ``inspect.signature`` at import.)
    """

    listed: frozenset[str]  # every listed or brand-owned registrable domain
    tlds: dict[str, str]  # brand top-level domain -> brand
    cc_brands: dict[str, str]  # label -> brand that owns it under every ccTLD
    names: dict[str, _Name]
    skeletons: dict[str, str]  # skeleton -> label
    deletes: dict[str, tuple[str, ...]]  # label or label minus one char -> typo labels
    owned_by: dict[str, str]  # owned domain -> brand
    hyphenated: tuple[str, ...]  # brand names with a hyphen (deutsche-bank)
    hosting: frozenset[str]  # free hosts that give each customer a label (weebly.com)


_lock = threading.Lock()
_index: _Index | None = None


#: The lists the index is built from, under ``resources/wellknown/``.
LISTS = ("brands.list", "domains.list", "hosting.list")


def list_bytes(name: str) -> bytes:
    """One of :data:`LISTS` as shipped."""
    return files("uriinspector.resources").joinpath("wellknown", name).read_bytes()


def lists_stamp() -> tuple[tuple[int, int], ...]:
    """Each list's size and CRC-32: what ``wellknown_index.py`` was generated from."""
    return tuple((len(data), zlib.crc32(data)) for data in map(list_bytes, LISTS))


def _read(name: str) -> list[str]:
    lines = (ln.strip() for ln in list_bytes(name).decode("utf-8").splitlines())
    return [ln for ln in lines if ln and (ln[0] != "#" or ln.startswith("###"))]


def build_index(exclude: frozenset[str] = frozenset()) -> _Index:
    """Read the lists and build the index (``exclude``: listed domains to leave out, for
    the held-out false-alarm measurement in bench/measure_lookalike.py)."""
    listed: set[str] = set()
    tlds: dict[str, str] = {}
    cc_brands: dict[str, str] = {}
    names: dict[str, _Name] = {}
    owned_by: dict[str, str] = {}
    for line in _read("brands.list"):
        brand, name_field, owned_field = (p.strip() for p in line.split("|"))
        owned = owned_field.split()
        domains = [d for d in owned if d != "cc" and not d.startswith(".")]
        for d in owned:
            if d.startswith("."):
                tlds[d[1:]] = brand
        for d in domains:
            listed.add(d)
            owned_by[d] = brand
        for raw in name_field.split():
            word = raw.endswith("~")
            label = raw.rstrip("~")
            own = next((d for d in domains if d.split(".")[0] == label), domains[0])
            names[label] = _Name(label, own, brand, word, not word and len(label) >= _MIN_TYPO)
            if "cc" in owned:
                cc_brands[label] = brand
    top = True
    for line in _read("domains.list"):
        if line in exclude:
            continue
        if line == "###END_TOP_BUCKET###":
            top = False
            continue
        listed.add(line)
        label = line.partition(".")[0]
        if label in _NOT_NAMES or label in names or len(label) < 3 or label.isdigit():
            continue
        typo = top and len(label) >= _MIN_TOP_TYPO and "-" not in label
        names[label] = _Name(label, line, None, False, typo)
    skeletons: dict[str, str] = {}
    deletes: dict[str, list[str]] = {}
    read = skeleton.__wrapped__  # uncached: 4,600 names would fill the hosts' cache
    for label, name in names.items():
        skel = read(label)
        skeletons.setdefault(skel, label)
        if name.typo:
            # the name and its skeleton (icloud reads "idoud"), each with one letter removed
            for form in {label, skel}:
                for key in {form} | {form[:i] + form[i + 1 :] for i in range(len(form))}:
                    if label not in deletes.setdefault(key, []):
                        deletes[key].append(label)
    return _Index(
        frozenset(listed),
        tlds,
        cc_brands,
        names,
        skeletons,
        {k: tuple(v) for k, v in deletes.items()},
        owned_by,
        tuple(n for n, v in names.items() if "-" in n and v.brand is not None),
        frozenset(_read("hosting.list")),
    )


def _pairs(text: str) -> dict[str, str]:
    """``key:value`` words as a dict."""
    return dict(word.split(":") for word in text.split())


def generated_index() -> _Index | None:
    """The index as ``wellknown_index.py`` holds it (``python -m uriinspector.core.datagen``
    writes it from :func:`build_index`), or None when the lists are no longer the ones it
    was made from. Reading it takes ~2 ms; building the index took ~20 ms (100 M
    instructions) of every process's first analysis."""
    from uriinspector.core.findings import wellknown_index as data

    if lists_stamp() != data.SOURCE:
        return None
    labels = data.LABELS.split()
    brands = [None if b == "-" else b for b in data.BRANDS.split()]
    words = [c == "1" for c in "".join(data.WORDS.split())]
    typos = [c == "1" for c in "".join(data.TYPOS.split())]
    fields = zip(labels, data.DOMAINS.split(), brands, words, typos, strict=True)
    names = dict(zip(labels, map(_Name._make, fields), strict=True))
    differ = _pairs(data.SKELETONS)
    skeletons: dict[str, str] = {}
    for label in labels:  # as build_index does: the first name of a skeleton keeps it
        skeletons.setdefault(differ.get(label, label), label)
    return _Index(
        frozenset(data.LISTED.split()),
        _pairs(data.TLDS),
        _pairs(data.CC_BRANDS),
        names,
        skeletons,
        data.DELETES,
        _pairs(data.OWNED_BY),
        tuple(n for n, v in names.items() if "-" in n and v.brand is not None),
        frozenset(data.HOSTING.split()),
    )


def index() -> _Index:
    """The well-known index: generated, or built on first use; shared after."""
    global _index
    if _index is None:
        with _lock:
            if _index is None:
                _index = generated_index() or build_index()
    return _index


# A Latin letter's Unicode name states its base letter: "LATIN SMALL LETTER P WITH HOOK",
# "LATIN LETTER SMALL CAPITAL B", "LATIN SMALL LETTER DOTLESS I" (turned, reversed and
# named letters such as ALPHA or SCHWA do not match: they are not read as a plain letter).
_LATIN_NAME = LazyPattern(
    r"LATIN (?:SMALL |CAPITAL )?LETTER (?:SMALL CAPITAL |DOTLESS )?([A-Z]{1,2})(?: WITH .*)?$"
)


def _name_reading(ch: str) -> str | None:
    m = _LATIN_NAME.match(unicodedata.name(ch, ""))
    return m.group(1).lower() if m else None


#: Latin letters whose Unicode names do not say the letter they are read as, but that
#: phishing kits (and dnstwist) use for one: eng for n, tone six for b, wynn for p,
#: schwa for a, u bar for u.
_READS_AS_LATIN = {"ŋ": "n", "ƅ": "b", "ƿ": "p", "ǝ": "a", "ə": "a", "ʉ": "u"}


@lru_cache(maxsize=4096)
def _char_reading(ch: str) -> str | None:
    """The ASCII text a non-ASCII character reads as in a host name, or None.

    In order: a dash look-alike reads "-"; a UTS #39 confusable of an ASCII letter or
    digit reads as it (Cyrillic "а"); a Latin letter with a hook, stroke or mark, or a
    small capital, reads as its base letter (its Unicode name says which), also when
    UTS #39 puts the character in one class with such a letter (Cyrillic "т" with small
    capital "ᴛ", Cyrillic "м" with "ʍ" and small capital "ᴍ"); a letter with combining
    marks reads as the letter without them.
    """
    if ch in DASHES:
        return "-"
    mapped = latin_lookalikes().get(ch)
    if mapped is not None:
        return mapped
    named = _name_reading(ch) or _READS_AS_LATIN.get(ch)
    if named is not None:
        return named
    # the UTS #39 look-alikes of ch, then the other members of each one's class (м → ʍ → ᴍ)
    for other in class_table().get(ch, ""):
        named = _name_reading(other) or _READS_AS_LATIN.get(other)
        if named is not None:
            return named
    base = "".join(c for c in unicodedata.normalize("NFD", ch) if not unicodedata.combining(c))
    if base and base.isascii() and base != ch:
        return base.lower()
    return None


@lru_cache(maxsize=4096)
def skeleton(label: str) -> str:
    """A label's visual key: what it reads as, in lowercase ASCII where it can be.

    UTS #39's skeleton idea, narrowed to names that read as ASCII: each confusable
    character becomes the letter it imitates (``а`` → ``a``), every dash look-alike
    becomes ``-``, marks are dropped (``ä`` → ``a``), ``0``/``1`` become ``o``/``l`` and
    ``rn``/``vv``/``cl`` become ``m``/``w``/``d``. Two labels that read alike share it.
    """
    text = label.lower()
    if not text.isascii():
        out: list[str] = []
        for ch in text:
            reading = None if ch.isascii() else _char_reading(ch)
            out.append(ch if reading is None else reading)
        text = "".join(out)
    text = text.replace("0", "o").replace("1", "l")
    for seq, letter in _SEQUENCES:
        text = text.replace(seq, letter)
    return text


_DIGITS_AS_LETTERS = str.maketrans(DIGIT_FOR_LETTER)


def _digits_as_letters(text: str) -> str:
    return text.translate(_DIGITS_AS_LETTERS)


def _edit(a: str, b: str) -> str | None:
    """How ``a`` differs from ``b`` by one edit (insert, delete, substitute, swap)."""
    if a == b:
        return None
    la, lb = len(a), len(b)
    i = 0
    while i < min(la, lb) and a[i] == b[i]:
        i += 1
    if la == lb + 1 and a[i + 1 :] == b[i:]:
        return f"the letter '{a[i]}' is added"
    if la + 1 == lb and a[i:] == b[i + 1 :]:
        return f"the letter '{b[i]}' is left out"
    if la == lb:
        if a[i + 1 :] == b[i + 1 :]:
            return f"'{a[i]}' replaces '{b[i]}'"
        if i + 1 < la and a[i] == b[i + 1] and a[i + 1] == b[i] and a[i + 2 :] == b[i + 2 :]:
            return f"the letters '{b[i]}{b[i + 1]}' are swapped"
    return None


def _tricks(candidate: str, label: str) -> str:
    """Plain words for how ``candidate`` is made to read as ``label``."""
    parts: list[str] = []
    seen: set[str] = set()
    for ch in candidate:
        if ch in seen or ch.isascii():
            continue
        seen.add(ch)
        reading = _char_reading(ch) or "?"
        uname = unicodedata.name(ch, f"U+{ord(ch):04X}").title()
        if reading == "-":
            parts.append(f"'{reveal(ch)}' (U+{ord(ch):04X} {uname}) looks like a hyphen")
        else:
            parts.append(f"'{reveal(ch)}' ({uname}) stands for the letter '{reading}'")
    for digit in sorted({c for c in candidate if c.isdigit()} - set(label)):
        parts.append(f"the digit {digit} stands for the letter {DIGIT_FOR_LETTER[digit]}")
    for seq, letter in _SEQUENCES:
        if seq in candidate and seq not in label and letter in label:
            parts.append(f"'{seq}' stands for the letter {letter}")
        elif letter in candidate and seq in label and seq not in candidate:
            parts.append(f"the letter {letter} stands for '{seq}'")
    plain = skeleton(candidate)
    if "-" in plain and "-" not in label:
        parts.append("a hyphen splits the name")
    if len(parts) > 4:
        parts = [*parts[:3], f"{len(parts) - 3} more characters do the same"]
    return "; ".join(parts) or "the characters read alike"


@dataclass(frozen=True, slots=True)
class _Verdict:
    """One look-alike finding of a host, before its span is known."""

    code: str
    imitates: str
    message: str


def _owned(reg: str, idx: _Index, label: str) -> bool:
    if reg in idx.listed:
        return True
    tld = reg.rsplit(".", 1)[-1]
    if tld in idx.tlds:
        return True
    brand = idx.cc_brands.get(label)
    if brand is not None:
        suffix = reg.partition(".")[2]
        parts = suffix.split(".")
        return len(parts[-1]) == 2 and (len(parts) == 1 or (len(parts) == 2 and len(parts[0]) <= 3))
    return False


def exempt(host: str, reg: str, idx: _Index) -> bool:
    """The host is a listed or brand-owned domain, or one of its own subdomains."""
    if reg in idx.listed or reg.rsplit(".", 1)[-1] in idx.tlds:
        return True
    label = reg.partition(".")[0]
    if label in idx.cc_brands and _owned(reg, idx, label):
        return True
    # A listed name longer than the registrable domain (www.gov.uk under gov.uk).
    rest = host
    while len(rest) > len(reg):
        if rest in idx.listed:
            return True
        rest = rest.partition(".")[2]
    return False


def _imitated(name: _Name, suffix: str, idx: _Index) -> str:
    same = f"{name.label}.{suffix}"
    return same if same in idx.listed else name.domain


def _native_name(label: str, suffix: str) -> bool:
    """A label written wholly in Cyrillic (or Greek) under a top-level domain of that
    script's countries: an ordinary local name (as idn.py and Chromium's IDN policy
    treat it), never taken for a Latin brand (``аррӏе.ru``)."""
    # scripts resolved through Script_Extensions: "аррӏе" with the Katakana-Hiragana
    # prolonged sound mark ー is no single-script name (UTS #39 §5.1)
    scripts = resolved_scripts(label)
    if not scripts or "LATIN" in scripts:
        return False
    tld = suffix.rsplit(".", 1)[-1]
    return ("CYRILLIC" in scripts and tld in CYRILLIC_TLDS) or (
        "GREEK" in scripts and tld in GREEK_TLDS
    )


def _match_label(label: str, suffix: str, idx: _Index) -> tuple[_Name, str] | None:
    """The name ``label`` imitates and the trick, for a registrable domain's label."""
    names = idx.names
    plain = label.isascii()
    if not plain and _native_name(label, suffix):
        return None
    skel = skeleton(label)
    hit = idx.skeletons.get(skel)
    if hit is not None and hit != label and (not plain or len(hit) >= 4):
        return names[hit], _tricks(label, hit)
    if "-" in skel:
        joined = skel.replace("-", "")
        hit = idx.skeletons.get(joined)
        # an ASCII hyphen splits only a curated brand (my-recipes is not myrecipes.com);
        # a Unicode dash look-alike is suspicious in front of any listed name
        if (
            hit is not None
            and "-" not in hit
            and len(hit) >= 4
            and hit != label
            and (not plain or (names[hit].brand is not None and not names[hit].word))
        ):
            return names[hit], _tricks(label, hit)
    if any(map(str.isdigit, skel)) and not skel.replace("-", "").isdigit():
        for text in {_digits_as_letters(skel), _digits_as_letters(skel.replace("1", "i"))}:
            hit = idx.skeletons.get(text)
            if hit is not None and len(hit) >= 4 and not any(c.isdigit() for c in hit):
                return names[hit], _tricks(label, hit)
    for text in dict.fromkeys((label, skel) if plain else (skel,)):
        if len(text) < _MIN_TYPO - 1 or not text.isascii():
            continue
        keys = {text} | {text[:i] + text[i + 1 :] for i in range(len(text))}
        if idx.deletes.keys().isdisjoint(keys):  # one C-level pass: most labels
            continue
        for key in keys:
            for cand in idx.deletes.get(key, ()):
                trick = _edit(text, cand) if text == label else _edit(text, skeleton(cand))
                if trick is not None:
                    if text != label:
                        trick = f"{_tricks(label, cand)}, and {trick}"
                    return names[cand], f"a one-letter typo: {trick}"
    return None


def _combo(label: str, idx: _Index) -> tuple[_Name, str] | None:
    """A brand's name, spelled right or with a typo, joined with words
    (``paypal-login-secure``, ``securepaypal``, ``paypa1-account-help``,
    ``amazonprimerenewal``)."""
    if len(label) > 253:  # longer than any resolvable name: no name to imitate
        return None
    tokens = [t for t in label.split("-") if t]
    if len(tokens) > 1:
        for i, tok in enumerate(tokens):
            name = idx.names.get(tok)
            if name is None or name.brand is None:
                continue
            others = tokens[:i] + tokens[i + 1 :]
            words = STRONG_KEYWORDS if name.word else KEYWORDS
            strict = name.word or len(tok) <= 4
            if not strict or any(o in words for o in others):
                return name, f"the name {tok} is joined with the words '{'-'.join(others)}'"
        # two tricks at once: a typo of the name, and phishing words beside it
        for i, tok in enumerate(tokens):
            others = tokens[:i] + tokens[i + 1 :]
            if not any(o in KEYWORDS for o in others):
                continue
            typo = _typo_brand(tok, idx)
            if typo is not None:
                name, trick = typo
                return name, (f"{trick}, and the words '{'-'.join(others)}' are joined to "
                              f"the name {name.label}")
    for name in _brand_affixes(label, idx):
        return name, f"the name {name.label} is joined with '{label.replace(name.label, '', 1)}'"
    return _glued(label, idx)


def _typo_brand(tok: str, idx: _Index) -> tuple[_Name, str] | None:
    """A curated brand's name that ``tok`` misspells (any typo rule, or an ``i`` for an
    ``l``: a capital I reads as a small l, ``appIe``)."""
    if len(tok) < 4 or not tok.isascii() or tok in KEYWORDS:
        return None
    found = idx.names.get(tok)
    if found is not None:
        return None  # the token is itself a listed name
    matched = _match_label(tok, "com", idx)
    if matched is not None and matched[0].brand is not None:
        return matched
    if "i" in tok:
        for cand in {tok.replace("i", "l")} | {
            tok[:k] + "l" + tok[k + 1 :] for k, c in enumerate(tok) if c == "i"
        }:
            name = idx.names.get(cand)
            if name is not None and name.brand is not None and len(cand) >= 5:
                return name, "'i' stands for the letter l (a capital I reads as l)"
    return None


#: Longest phishing word, and the shortest part of a glued name that is tried as a typo.
_LONGEST_WORD = max(len(w) for w in KEYWORDS)


def _segmentable(text: str) -> list[bool]:
    """``ok[i]``: ``text[i:]`` is made wholly of phishing words (dynamic programming)."""
    n = len(text)
    ok = [False] * (n + 1)
    ok[n] = True
    for i in range(n - 1, -1, -1):
        for j in range(i + 2, min(n, i + _LONGEST_WORD) + 1):
            if ok[j] and text[i:j] in KEYWORDS:
                ok[i] = True
                break
    return ok


def keyword_edge(text: str) -> bool:
    """Whether a proper prefix or suffix of ``text`` is a phishing word: without one, no
    split of :func:`_glued` leaves words on a side of the name, so it finds nothing
    (its searches cost ~30 dict look-ups a letter; this one at most 2 a letter)."""
    for k in range(2, min(len(text) - 1, _LONGEST_WORD) + 1):
        if text[:k] in KEYWORDS or text[-k:] in KEYWORDS:
            return True
    return False


def _glued(label: str, idx: _Index) -> tuple[_Name, str] | None:
    """A brand's name glued to phishing words without a separator: the label splits into
    words of the phishing-word list and one brand name (``linkedinjobalert``,
    ``securepaypa1login``). Every other part must be a phishing word, so an ordinary
    name that merely contains a brand (``dhlparcel`` is DHL's own, ``banking``) is not
    taken for one unless it is made of phishing words only and is not listed."""
    text = label.replace("-", "")
    n = len(text)
    if n < 6 or n > 63 or not text.isascii() or not keyword_edge(text):
        return None
    return _glued_search(text, idx)


def _glued_search(text: str, idx: _Index) -> tuple[_Name, str] | None:
    """:func:`_glued`'s search over every split of ``text`` (no hyphens, 6-63 ASCII)."""
    n = len(text)
    tail = _segmentable(text)
    head = _prefix_segmentable(text)
    for i in range(n):
        if not head[i]:
            continue
        for j in range(n, i + 2, -1):
            if not tail[j] or (i == 0 and j == n):
                continue
            part = text[i:j]
            name = idx.names.get(part)
            words = f"{text[:i]} {text[j:]}".strip()
            if name is not None and name.brand is not None and _glued_ok(name, i, j, text):
                return name, f"the name {part} is glued to the words '{words}'"
            # two tricks and a word: the typo (of a name of 5 letters or more, fedx for
            # fedex) only beside a word that asks for credentials or money (ameritrade
            # is no typo of ameli)
            if len(part) >= _MIN_TYPO - 1 and any(
                w in STRONG_KEYWORDS for w in _split_words(text[:i]) + _split_words(text[j:])
            ):
                typo = _typo_brand(part, idx)
                if typo is not None:
                    return typo[0], f"{typo[1]}, and it is glued to the words '{words}'"
    return None


def _glued_ok(name: _Name, i: int, j: int, text: str) -> bool:
    """Whether a brand name found at ``text[i:j]``, with phishing words around it, is
    read as imitated: a short name (3 letters) only in front of words of 4 letters or
    more (``dhlexpress``), an ordinary-word name (apple, chase) only beside a word that
    asks for credentials or money and only if it has 5 letters or stands in front."""
    if len(name.label) <= 3 and (i > 0 or len(text) - j < 4):
        return False
    if not name.word:
        return True
    if len(name.label) < 5 and i > 0:
        return False
    words = _split_words(text[:i]) + _split_words(text[j:])
    return len(words) >= 2 and any(w in STRONG_KEYWORDS for w in words)


def _split_words(text: str) -> list[str]:
    """The phishing words ``text`` is made of, longest first from the left (a text the
    caller has checked to be made of them)."""
    out: list[str] = []
    pos = 0
    while pos < len(text):
        for end in range(min(len(text), pos + _LONGEST_WORD), pos + 1, -1):
            if text[pos:end] in KEYWORDS:
                out.append(text[pos:end])
                pos = end
                break
        else:
            return out
    return out


def _prefix_segmentable(text: str) -> list[bool]:
    """``ok[j]``: ``text[:j]`` is made wholly of phishing words."""
    n = len(text)
    ok = [False] * (n + 1)
    ok[0] = True
    for j in range(2, n + 1):
        for i in range(max(0, j - _LONGEST_WORD), j - 1):
            if ok[i] and text[i:j] in KEYWORDS:
                ok[j] = True
                break
    return ok


def _brand_affixes(label: str, idx: _Index) -> list[_Name]:
    """Brand names glued to a phishing word or to their own suffix (``paypallogin``,
    ``securepaypal``, ``canadapostca``), and hyphenated names with a word added."""
    out = []
    for name in idx.hyphenated:
        if label != name and (label.startswith(name + "-") or label.endswith("-" + name)):
            out.append(idx.names[name])
    names = idx.names
    for cut in range(3, len(label) - 1):
        head, tail = label[:cut], label[cut:]
        if tail in KEYWORDS or len(tail) <= 5:  # a word, or maybe the name's own suffix
            found = names.get(head)
            if found is not None and found.brand is not None and (
                tail in (STRONG_KEYWORDS if found.word else KEYWORDS)
                or tail == found.domain.partition(".")[2].replace(".", "")
            ):
                out.append(found)
        if head in KEYWORDS:
            found = names.get(tail)
            # an ordinary word after a keyword is a word (bank + ing), not a brand
            if found is not None and found.brand is not None and (
                not found.word or (head in STRONG_KEYWORDS and len(tail) > 3)
            ):
                out.append(found)
    return out


#: Second levels a brand's domain ends in that a phisher continues with a hyphen
#: (``wellsfargo.com-secure.top``).
_CONTINUED_SUFFIXES = frozenset({"com", "net", "org", "co", "gov", "edu", "us", "uk", "de",
                                 "fr", "ca", "au", "in", "info", "io", "app"})


def _continued(sub: list[str], label: str, idx: _Index) -> tuple[str, str] | None:
    """``brand.tld-word.tld``: the registrable label starts with a brand domain's suffix
    and a hyphen, so the host reads as the brand's domain followed by words."""
    if not sub or "-" not in label:
        return None
    first = label.split("-", 1)[0]
    if first not in _CONTINUED_SUFFIXES:
        return None
    brand_label = sub[-1]
    spelled = f"{brand_label}.{first}"
    if spelled in idx.owned_by or (spelled in idx.listed and brand_label not in _NOT_NAMES):
        return spelled, (f"the well-known domain {spelled} is continued by a hyphen into "
                         f"{label}")
    name = idx.names.get(brand_label)
    trick = "the name is spelled out"
    if name is None or name.brand is None:
        typo = _typo_brand(brand_label, idx)
        if typo is None:
            return None
        name, trick = typo
    return name.domain, (f"{trick}, and '{brand_label}.{first}' is continued by a hyphen "
                         f"into {label}")


def _split_labels(host: str) -> list[str]:
    """``host``'s labels, split at every UTS #46 full stop (an ASCII host has only ".",
    so ``str.split`` answers alike without the regex: ~17,000 calls in a 20,000-link
    batch)."""
    return host.split(".") if host.isascii() else [p for p in _DOTS.split(host)]


def _subdomain_brand(sub: list[str], idx: _Index) -> tuple[str, str] | None:
    """A listed domain or a brand's name spelled out in the labels left of the site."""
    for i in range(len(sub)):
        for j in range(len(sub), i + 1, -1):
            spelled = ".".join(sub[i:j])
            if spelled in idx.listed and spelled.split(".")[0] not in _NOT_NAMES:
                return spelled, f"the well-known domain {spelled} is spelled out in front"
    for lab in sub:
        for tok in lab.split("-"):
            name = idx.names.get(tok)
            if name is not None and name.brand is not None and not name.word:
                return name.domain, f"the name {tok} is spelled out in front"
        joined = lab.replace("-", ".")
        if "." in joined:
            for i, tok in enumerate(joined.split(".")):
                rest = ".".join(joined.split(".")[i:])
                if rest in idx.listed and tok not in _NOT_NAMES:
                    return rest, f"the well-known domain {rest} is spelled out in front"
    return None


def _label_match(label: str, suffix: str, idx: _Index) -> tuple[_Name, str] | None:
    """:func:`_match_label`, cached per label in the shared index when the label is ASCII
    (its suffix is read only for a non-ASCII label): a batch's hosts repeat their site's
    label under other suffixes and subdomains (20,000 links: ~7,900 hosts, ~3,000 labels)."""
    if idx is index() and label.isascii() and len(label) <= CACHE_MAX_LEN:
        return _ascii_label_match(label)
    return _match_label(label, suffix, idx)


@lru_cache(maxsize=HOST_CACHE_SIZE)
def _ascii_label_match(label: str) -> tuple[_Name, str] | None:
    """:func:`_match_label` of an ASCII label in the shared index (no suffix needed)."""
    return _match_label(label, "", index())


def _label_combo(label: str, idx: _Index) -> tuple[_Name, str] | None:
    """:func:`_combo`, cached per label in the shared index (it reads the label alone)."""
    if idx is index() and len(label) <= CACHE_MAX_LEN:
        return _combo_cached(label)
    return _combo(label, idx)


@lru_cache(maxsize=HOST_CACHE_SIZE)
def _combo_cached(label: str) -> tuple[_Name, str] | None:
    """:func:`_combo` of a label in the shared index."""
    return _combo(label, index())


@lru_cache(maxsize=HOST_CACHE_SIZE)
def _site(host: str) -> tuple[str | None, bool]:
    """The host's registrable domain and whether the host is listed or brand-owned."""
    reg = registrable_domain(host)
    return reg, reg is not None and exempt(host, reg, index())


@lru_cache(maxsize=HOST_CACHE_SIZE)
def judge_host(host: str) -> tuple[_Verdict, ...]:
    """Look-alike verdicts for one host (lowercase Unicode, already decoded); cached."""
    return judge_with(host, index())


def judge_with(host: str, idx: _Index) -> tuple[_Verdict, ...]:
    """Look-alike verdicts for one host against the given index (uncached)."""
    labels = _split_labels(host.rstrip("."))
    if len(labels) < 2 or any(not lab for lab in labels):
        return ()
    name_host = ".".join(labels)
    if idx is index():
        reg, is_exempt = _site(name_host)
    else:
        reg = registrable_domain(name_host)
        is_exempt = reg is not None and exempt(name_host, reg, idx)
    if reg is not None and reg in idx.hosting and name_host != reg:
        # the customer's own site decides (paypal.github.io is PayPal's, weebly.com is not)
        site = ".".join(labels[-len(reg.split(".")) - 1 :])
        is_exempt = exempt(name_host, site, idx)
    if reg is None or is_exempt:
        return ()
    label, _, suffix = reg.partition(".")
    sub = labels[: len(labels) - len(reg.split("."))]
    if reg in idx.hosting and sub:
        # a free host gives each customer a label (paypal-login.weebly.com): that label is
        # the name the page shows, the host's own domain is only its suffix
        label, suffix, sub = sub[-1], reg, sub[:-1]
    # "paypal.co.evil": the site label is a generic second level under an unknown TLD.
    if label in ("com", "co", "net", "org", "gov", "edu", "ac") and sub and not is_known_suffix(
        reg
    ):
        label, suffix, sub = sub[-1], f"{label}.{suffix}", sub[:-1]
    out: list[_Verdict] = []
    shown = reveal(name_host)
    continued = _continued(sub, label, idx)
    # a label that is itself a listed name is judged by its suffix, never as a typo of
    # another name (paypal is not a typo of paypay)
    matched = (
        None
        if continued is not None
        or (label in idx.names and idx.names[label].brand is not None)
        else _label_match(label, suffix, idx)
    )
    if continued is not None:
        target, how = continued
        out.append(_Verdict(LOOKALIKE_DOMAIN, target, f"{shown} imitates {target}: {how}; "
                            f"the site this link really reaches is {reg}."))
    elif matched is not None:
        name, trick = matched
        target = _imitated(name, suffix, idx)
        out.append(_Verdict(LOOKALIKE_DOMAIN, target,
                            f"{shown} imitates {target}: {trick}."))
    elif label in idx.names:
        name = idx.names[label]
        if name.brand is not None and not name.word and not _owned(f"{label}.{suffix}", idx, label):
            out.append(_Verdict(
                LOOKALIKE_DOMAIN, name.domain,
                f"{shown} imitates {name.domain}: the name {label} under the suffix "
                f".{suffix}, which its owner does not use.",
            ))
    else:
        combo = _label_combo(label, idx)
        if combo is None and not label.isascii() and not _native_name(label, suffix):
            # look-alike characters and words at once (pаypal-login, paypal˗login): the
            # label as it reads
            read = skeleton(label)
            if read.isascii() and read != label:
                found = _combo(read, idx)
                if found is not None:
                    how = _tricks(label, found[0].label).replace(
                        "; a hyphen splits the name", ""
                    )
                    combo = (found[0], f"{how}, so it reads {read}; {found[1]}")
        if combo is not None:
            name, trick = combo
            out.append(_Verdict(LOOKALIKE_DOMAIN, name.domain,
                                f"{shown} imitates {name.domain}: {trick}."))
    if sub and not out:
        joined = sub[-1] + label
        split_name = idx.names.get(joined)
        if split_name is not None and split_name.brand is not None and not split_name.word:
            out.append(_Verdict(
                LOOKALIKE_DOMAIN, split_name.domain,
                f"{shown} imitates {split_name.domain}: a dot splits the name {joined}.",
            ))
    if sub:
        spelled = _subdomain_brand(sub, idx)
        if spelled is not None:
            target, how = spelled
            out.append(_Verdict(
                BRAND_IN_SUBDOMAIN, target,
                f"{shown} is not {target}: {how} of {reg}, the site this link really "
                f"reaches.",
            ))
    return tuple(out)


def host_text(raw: str) -> str:
    """A host as the detector reads it: percent-decoded, NFKC-casefolded, xn-- decoded."""
    text = pct_decode(raw) if "%" in raw else raw
    text = text.lower() if text.isascii() else unicodedata.normalize("NFKC", text).casefold()
    if "xn--" in text:
        text = ".".join(
            (to_unicode(lab) or lab) if lab.startswith("xn--") else lab
            for lab in _DOTS.split(text)
        )
    return text


_DOMAIN_TOKEN = LazyPattern(r"(?i)(?<![a-z0-9-])[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)+")


#: ASCII as :func:`may_mention` reads it: letters lower-cased, each character that
#: cannot stand in a :data:`_DOMAIN_TOKEN` (all but letters, digits, "." and "-") a space.
_TOKEN_BYTES = bytes(
    c | 0x20 if chr(c).isupper() else c if chr(c).isalnum() or chr(c) in ".-" else 0x20
    for c in range(256)
)


@lru_cache(maxsize=1)
def _brand_labels() -> frozenset[bytes]:
    """The ASCII names of the shared index that belong to a curated brand."""
    return frozenset(
        label.encode("ascii")
        for label, name in index().names.items()
        if name.brand is not None and label.isascii()
    )


def may_mention(text: str) -> bool:
    """False only when :func:`_mentions` finds nothing in ``text`` (in the shared index),
    read with C-level byte passes: it answers only for a token label followed by a dot
    that is a brand's name, and in an ASCII text every such label is the run of
    letters, digits and hyphens right before a dot. Its regex is tried at every
    position (a lookbehind first); this test is a few times cheaper on a 2 KB query
    (``tests/core/test_findings_fast_scans.py`` proves it on generated and corpus text)."""
    if not text.isascii():
        return True
    brands = _brand_labels()
    pieces = text.encode("ascii").translate(_TOKEN_BYTES).split(b".")
    # the run of token characters right before each dot
    return any(piece[piece.rfind(b" ") + 1 :] in brands for piece in pieces[:-1])


def _mentions(text: str, idx: _Index) -> tuple[int, int, str] | None:
    """The first brand-owned domain spelled out in ``text`` (path, query, userinfo)."""
    if "." not in text or (idx is index() and not may_mention(text)):
        return None
    return _spelled_domain(text, idx)


def _spelled_domain(text: str, idx: _Index) -> tuple[int, int, str] | None:
    """:func:`_mentions` without its gates: each dotted token of ``text`` read in turn."""
    for m in _DOMAIN_TOKEN.finditer(text):
        labels = m.group().lower().split(".")
        for i in range(len(labels) - 1):
            if labels[i] in idx.names and idx.names[labels[i]].brand is not None:
                for j in range(len(labels), i + 1, -1):
                    spelled = ".".join(labels[i:j])
                    if spelled in idx.owned_by:
                        return m.start(), m.end(), spelled
    return None


#: Paths, queries and user names read for spelled-out domains are kept (links repeat
#: their paths: "/index.html", a sender's unsubscribe page), up to this many of at most
#: this many characters (~2 MB at most).
MENTION_CACHE = 2048
MENTION_CACHE_CHARS = 1024


@lru_cache(maxsize=MENTION_CACHE)
def _mentions_cached(text: str) -> tuple[int, int, str] | None:
    """:func:`_mentions` of ``text`` in the well-known index, cached per text."""
    return _mentions(text, index())


@lru_cache(maxsize=HOST_CACHE_SIZE)
def _host_reading(raw: str) -> tuple[str, tuple[_Verdict, ...], bool]:
    """A host as typed: its decoded form (``host_text``), its look-alike verdicts, and
    (when there are none) whether its site is listed or brand-owned; cached per host as
    typed, so a batch's repeated hosts skip the decoding and the label split."""
    text = host_text(raw)
    verdicts = judge_host(text)
    if verdicts:
        return text, verdicts, False
    return text, verdicts, _site(".".join(_split_labels(text.rstrip("."))))[1]


def detect_lookalike(ref: SplitReference, web: WhatwgReading) -> list[Finding]:
    """lookalike-domain and brand-in-subdomain for the host, path, query and userinfo."""
    host = ref.host
    if host is None or not host.text or host.text.startswith("["):
        return []
    raw = host.text
    if len(raw) > 253 * 4:
        return []
    text, verdicts, is_exempt = _host_reading(raw)
    out = [
        Finding(v.code, "danger", host.span, v.message, imitates=v.imitates) for v in verdicts
    ]
    if out or is_exempt:
        return out
    idx = index()
    for comp, where in ((ref.userinfo, "user name"), (ref.path, "path"), (ref.query, "query")):
        if comp is None or not comp.text or "." not in comp.text:
            continue
        piece = comp.text[:4096]
        if not may_mention(piece):  # _mentions's own first test, before its cache
            continue
        hit = _mentions_cached(piece) if len(piece) <= MENTION_CACHE_CHARS else _mentions(
            piece, idx
        )
        if hit is None:
            continue
        start, end, spelled = hit
        span = Span(comp.span.start + start, comp.span.start + end)
        out.append(Finding(
            BRAND_IN_SUBDOMAIN, "warning", span,
            f"The {where} spells out {spelled}, but the link goes to "
            f"{show(text)}: the name is there to be trusted at a glance.",
            imitates=spelled,
        ))
        break
    return out
