"""A mail's own context (issue 24 item 7): sender, replies, bounces, the server's verdicts."""

from __future__ import annotations

from email import message_from_bytes, policy
from email.message import EmailMessage

from uriinspector.sources import mail_context as mail_context_module
from uriinspector.sources.mail_context import mail_context


def _mail(**headers: str) -> EmailMessage:
    msg = EmailMessage()
    for name, value in headers.items():
        msg[name.replace("_", "-")] = value
    msg.set_content("body")
    return msg


def test_a_spoofed_sender_is_said_in_plain_words() -> None:
    msg = _mail(From='"PayPal Service <service@paypal.com>" <alerts@evil-mailer.example>',
                Reply_To="billing@collect.evil.example", Subject="=?utf-8?q?Action_r=C3=A9quise?=",
                Date="Fri, 27 Nov 2026 09:12:00 +0000")
    msg["Return-Path"] = "<bounce@bulk.example>"
    msg["Authentication-Results"] = ("mx.corp.example; spf=softfail smtp.mailfrom=bulk.example; "
                                     "dkim=none; dmarc=fail header.from=evil-mailer.example")
    raw = message_from_bytes(bytes(msg), policy=policy.compat32)
    ctx = mail_context(raw)
    assert ctx.from_address == "alerts@evil-mailer.example"
    assert ctx.from_name == "PayPal Service <service@paypal.com>"
    assert ctx.reply_to == ("billing@collect.evil.example",)
    assert ctx.return_path == "bounce@bulk.example"
    assert ctx.subject == "Action réquise"
    assert [(a.method, a.result) for a in ctx.authentication] == [
        ("spf", "softfail"), ("dkim", "none"), ("dmarc", "fail")]
    assert ctx.authentication[0].details == "smtp.mailfrom=bulk.example"
    assert ctx.notes == (
        "The sender's name shows paypal.com, but the mail is from evil-mailer.example.",
        "Replies go to evil.example, not to the sender's domain evil-mailer.example.",
        "Bounces go to bulk.example (Return-Path), not to evil-mailer.example.",
        "The receiving server's checks did not pass: spf=softfail, dkim=none, dmarc=fail.",
    )
    assert ctx.to_json()["authentication"][2] == {  # type: ignore[index]
        "method": "dmarc", "result": "fail", "details": "header.from=evil-mailer.example"}


def test_an_honest_mail_has_no_notes() -> None:
    msg = _mail(From="Jane <jane@corp.example>", Reply_To="jane@corp.example")
    msg["Authentication-Results"] = "mx.corp.example; spf=pass; dkim=pass; dmarc=pass"
    ctx = mail_context(message_from_bytes(bytes(msg), policy=policy.compat32))
    assert ctx.notes == () and len(ctx.authentication) == 3


def test_hostile_headers_are_bounded_and_never_raise() -> None:
    raw = (b"From: " + b"=?utf-8?b?QUFB?= " * 200_000 + b"\r\nReply-To: <<<@@@>>>\r\n"
           b"Subject: =?bogus-charset?q?x?=\r\nAuthentication-Results: " + b"spf=fail " * 50_000
           + b"\r\n\r\nbody")
    ctx = mail_context(message_from_bytes(raw, policy=policy.compat32))
    assert ctx.from_name is None or len(ctx.from_name) <= 4_096
    assert len(ctx.authentication) <= 8 * 4_096


def test_extract_shows_the_mail_context_in_the_table_and_json(tmp_path: object) -> None:
    from pathlib import Path

    from tests.cli.helpers import cli

    assert isinstance(tmp_path, Path)
    msg = _mail(From='"PayPal <service@paypal.com>" <alerts@evil-mailer.example>',
                Reply_To="billing@collect.evil.example", Subject="Limited")
    msg["Authentication-Results"] = "mx.corp.example; spf=fail; dkim=none; dmarc=fail"
    msg.set_content("Restore access: https://paypal.evil-mailer.example/restore")
    path = tmp_path / "lure.eml"
    path.write_bytes(bytes(msg))
    table = str(cli("extract", str(path), "--color", "never"))
    assert "Reply-To: billing@collect.evil.example" in table
    assert "Authentication: spf=fail dkim=none dmarc=fail" in table
    assert "! The sender's name shows paypal.com, but the mail is from evil-mailer.example." \
        in table
    (row,) = cli("extract", "--json", str(path)).json
    mail = row["mail"]
    assert mail["from_address"] == "alerts@evil-mailer.example"  # type: ignore[index]
    assert mail["reply_to"] == ["billing@collect.evil.example"]  # type: ignore[index]


def test_a_repeated_sender_is_read_the_same_from_the_cache() -> None:
    """The From field's reading is cached per field text (a mailbox repeats its senders):
    the same answers as read afresh, whatever came before."""
    senders = ["=?utf-8?q?Caf=C3=A9?= <news@shop.example>",
               '"PayPal <pp@paypal.com>" <x@evil.example>', "plain@corp.example", "",
               "<<<@@@>>>"]
    msgs = [message_from_bytes(bytes(_mail(From=s, Subject=f"n{i}")) if s else
                               b"Subject: none\r\n\r\nbody", policy=policy.compat32)
            for i, s in enumerate(senders * 2)]
    warm = [mail_context(m) for m in msgs]
    fresh = []
    for m in msgs:
        mail_context_module._sender.cache_clear()
        fresh.append(mail_context(m))
    assert warm == fresh
    assert warm[0].from_name == "Café" and warm[0].from_address == "news@shop.example"
