"""The Extract tab's list rows (``gui/panes/extract_rows.py``), built without Qt from a
real extraction of a mail-like text with hostile links and the core's verdicts: the
row words before and after the verdict, icon and colour keys, tooltips, the status."""

from __future__ import annotations

from tests.qt_free import HOSTILE, run_without_pyside6
from uriinspector.core.analysis import Verdict, analyze
from uriinspector.core.extract import Extracted, extract
from uriinspector.gui.panes.extract_rows import (
    PENDING_WORDS,
    ROW_LIMIT,
    judged_row,
    pending_row,
    row_text,
    status_text,
)

TEXT = f"""Hello, see <{HOSTILE['userinfo']}> and {HOSTILE['lookalike']} or
\U0001f600 {HOSTILE['emoji']} then hxxps://evil[.]example/ and www.w3.org/Addressing/
lone {HOSTILE['surrogate']} html http://example.com/a<b>x</b> private http://10.0.0.1/
"""


def _found() -> tuple[tuple[Extracted, ...], list[Verdict]]:
    found = extract(TEXT, defanged=True)
    return found, [analyze(e.target).verdict for e in found]


def test_rows_before_their_verdicts() -> None:
    found, _verdicts = _found()
    assert [pending_row(e).text for e in found] == [
        f"{PENDING_WORDS} — {label}" for label in (
            HOSTILE["userinfo"], HOSTILE["lookalike"], HOSTILE["emoji"],
            "hxxps://evil[.]example/ → https://evil.example/ (defanged)",
            "probably http://www.w3.org/Addressing/ (guess)",
            "http://exa⟨U+D800⟩mple.com/", "http://example.com/a", "http://10.0.0.1/")]
    first = pending_row(found[0])
    assert first.icon is None and first.severity is None
    assert first.tooltip == ("<p style='white-space:pre-wrap'>"
                             "http://www.example.com&amp;story=x@10.0.0.1/</p>")
    assert "\ud800" not in pending_row(found[5]).tooltip


def test_judged_rows_say_the_verdict_in_a_word_an_icon_and_a_colour() -> None:
    found, verdicts = _found()
    rows = [judged_row(e, v) for e, v in zip(found, verdicts, strict=True)]
    assert [(r.icon, r.severity) for r in rows] == [
        ("danger", "danger"), ("danger", "danger"), ("danger", "danger"), ("info", None),
        ("info", None), ("danger", "danger"), ("info", None), ("warning", "warning")]
    assert rows[0].text == f"Danger — {HOSTILE['userinfo']}"
    assert "is only a user name before &#x27;@&#x27;" in rows[0].tooltip
    assert "CYRILLIC SMALL LETTER A" in rows[1].tooltip
    assert "U+1F600 GRINNING FACE" in rows[2].tooltip
    assert rows[3].tooltip.startswith("<p style='white-space:pre-wrap'>https://evil.example/\n"
                                      "written defanged as hxxps://evil[.]example/\n\n")
    assert rows[7].text.startswith("Caution — ")
    # the extraction stops at '<' (draft-2003 App. E): HTML-looking text is never a link
    assert found[6].target == "http://example.com/a"


def test_the_status_line_as_the_analysis_goes() -> None:
    found, verdicts = _found()
    assert status_text(found, [None] * len(found), 0, True) == (
        "8 found (1 guessed, 1 defanged) · 0 danger · 0 caution · analysing 0/8…")
    partial: list[Verdict | None] = [*verdicts[:3], *[None] * 5]
    assert status_text(found, partial, 3, True).endswith(
        " · 3 danger · 0 caution · analysing 3/8…")
    assert status_text(found, verdicts, len(found), True) == (
        "8 found (1 guessed, 1 defanged) · 4 danger · 1 caution")
    assert status_text((), (), 0, True) == "No URI found."
    assert status_text((), (), 0, False) == ""


def test_a_long_link_is_cut_in_its_row() -> None:
    (e,) = extract("http://example.com/" + "a" * 5000)
    assert row_text(e, None).endswith("…")
    assert len(row_text(e, None)) == len(f"{PENDING_WORDS} — ") + ROW_LIMIT + 1


def test_rows_are_built_with_pyside6_unimportable() -> None:
    out = run_without_pyside6(
        "from uriinspector.core.analysis import analyze\n"
        "from uriinspector.core.extract import extract\n"
        "from uriinspector.gui.panes.extract_rows import judged_row\n"
        f"(e,) = extract({HOSTILE['userinfo']!r})\n"
        "print(judged_row(e, analyze(e.target).verdict).icon)\n")
    assert out.strip() == "danger"
