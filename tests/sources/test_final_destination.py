"""Issue 21 item 3: a link's visible text is judged against where the link ends.

Contract 1.2: each ``html``/``eml`` entry carries ``final`` (the last destination the
link carries, or ``uri`` itself) and ``mismatch`` compares the visible text with it,
never with a mail gateway's own host. Also the mail's From and Date, and the mbox count
the progress bar divides by.
"""

from __future__ import annotations

import mailbox
from email.message import EmailMessage
from pathlib import Path

from uriinspector.sources import extract_eml, extract_html, open_path, read_path, with_verdicts
from uriinspector.sources.documents import link_analysis, link_verdict
from uriinspector.sources.model import Link

WRAP = "https://eur01.safelinks.protection.outlook.com/?url={}&amp;data=05%7C02&amp;reserved=0"
REAL = WRAP.format("https%3A%2F%2Fwww.paypal.com%2Fsignin")
FAKE = WRAP.format("https%3A%2F%2Fpaypa1-account-help.com%2F")


def test_a_wrapped_brand_page_shown_as_itself_is_no_mismatch() -> None:
    (link,) = extract_html(f'<a href="{REAL}">www.paypal.com</a>').links
    assert not link.mismatch
    assert link.final == "https://www.paypal.com/signin"
    assert link.to_json(with_part=False)["final"] == "https://www.paypal.com/signin"
    assert link.target_domain == "paypal.com"


def test_the_same_wrapper_around_a_look_alike_is_one() -> None:
    (link,) = extract_html(f'<a href="{FAKE}">www.paypal.com</a>').links
    assert link.mismatch
    assert (link.shown_domain, link.target_domain) == ("paypal.com", "paypa1-account-help.com")
    assert link.to_json()["final"] == "https://paypa1-account-help.com/"


def test_the_gateway_host_shown_as_text_is_judged_against_the_end_too() -> None:
    # the text names the gateway; the link ends elsewhere: that is a mismatch
    (link,) = extract_html(f'<a href="{FAKE}">eur01.safelinks.protection.outlook.com</a>').links
    assert link.mismatch and link.shown_domain == "outlook.com"


def test_final_is_the_link_itself_when_it_carries_nothing() -> None:
    (link,) = extract_html('<a href="https://example.org/a">example.org</a>').links
    assert link.final is None and link.to_json()["final"] == "https://example.org/a"
    assert not link.mismatch


def test_a_mismatch_verdict_says_why_first() -> None:
    (link,) = with_verdicts(extract_html(f'<a href="{FAKE}">www.paypal.com</a>')).links
    assert link.verdict == "danger"
    assert link.reason == (
        "The visible text shows paypal.com but the link goes to paypa1-account-help.com.")
    assert link_verdict(link).reasons[0] == link.reason
    codes = [f.code for f in link_analysis(link).findings]
    assert codes[0] == "text-mismatch" and "embedded-url" in codes


def test_a_link_without_context_keeps_the_core_verdict() -> None:
    from uriinspector.core.analysis import analyze

    link = Link(uri="https://example.org/", raw="https://example.org/",
                target="https://example.org/", kind="text")
    assert link_verdict(link) == analyze("https://example.org/").verdict


def test_a_mail_gives_its_from_and_date_decoded() -> None:
    msg = EmailMessage()
    msg["From"] = "=?utf-8?b?SsO2cmcgTcO8bGxlcg==?= <j@example.org>"
    msg["Date"] = "Fri, 27 Nov 2026 10:00:00 +0000"
    msg["Subject"] = "hi"
    msg.set_content("https://example.org/\n")
    doc = extract_eml(bytes(msg))
    assert doc.sender == "Jörg Müller <j@example.org>"
    assert doc.date == "Fri, 27 Nov 2026 10:00:00 +0000"
    bare = extract_eml(b"Subject: x\n\nno headers here\n")
    assert (bare.sender, bare.date) == (None, None)


def test_the_mbox_count_agrees_with_the_messages_read(tmp_path: Path) -> None:
    path = tmp_path / "box.mbox"
    box = mailbox.mbox(str(path))
    for body in ("first\nFrom here on, a body line\n", "second\n", "third\n"):
        msg = EmailMessage()
        msg["Subject"] = body.split()[0]
        msg.set_content(body)
        box.add(msg)
    box.close()
    # the writer escapes ">From " in bodies; an unescaped one, as real mailers leave
    # them, begins a message for mailbox.mbox too
    path.write_bytes(path.read_bytes().replace(b">From here", b"From here"))
    read = list(read_path(str(path)))
    assert open_path(str(path)).total == len(read) == 4
