"""``uriinspector site DIR``: a site folder checked offline (docs/contract/site-check.md).

The corpus in ``tests/data/site/`` is a small site written for these tests: nested folders,
``<base href>`` relative and absolute, directory indexes, extension-less paths,
percent-encoded and UTF-8 file names, fragments found and missing (ids and ``<a name>``),
case mismatches, references above the root, backslashes and surrounding spaces where
browsers and RFC 3986 differ, every attribute kind, and comments, scripts and prose that
hold URL-like text but no reference. ``site-expected.jsonl`` is every reference it holds,
with the status each was checked to have by hand.
"""

from __future__ import annotations

import json
import os
import re
import unicodedata
from pathlib import Path

import ada_url
import pytest

from tests.cli.helpers import cli
from uriinspector.cli import ExitStatus
from uriinspector.sources.site import Site, check_site, page_url

DATA = Path(__file__).resolve().parents[1] / "data"
CORPUS = DATA / "site"
EXPECTED = [json.loads(line) for line in
            (DATA / "site-expected.jsonl").read_text(encoding="utf-8").splitlines()]
KEYS = ("page", "attr", "ref", "status", "file", "differs")
CONTRACT_KEYS = ["page", "ref", "attr", "target", "browser_target", "differs", "status",
                 "file", "note"]
ANSI = re.compile(r"\x1b\[[0-9;]*m")


@pytest.fixture(scope="module")
def rows() -> list[dict[str, object]]:
    r = cli("site", str(CORPUS), "--json")
    assert r.exit_status == ExitStatus.ERROR, r.stderr  # the corpus has broken links
    return list(r.json)


def test_every_reference_of_the_corpus_has_its_expected_status(
    rows: list[dict[str, object]],
) -> None:
    assert [{k: row[k] for k in KEYS} for row in rows] == EXPECTED


def test_answers_have_the_contract_keys_in_order(rows: list[dict[str, object]]) -> None:
    for row in rows:
        assert list(row) == CONTRACT_KEYS


def test_every_status_of_the_contract_occurs() -> None:
    statuses = {row["status"] for row in EXPECTED}
    assert statuses == {"ok", "missing-file", "missing-fragment", "outside", "external",
                        "case-mismatch"}


def _base_of(page: str) -> str:
    """The page's base for a browser, computed apart from the checker: <base href> or URL."""
    url = page_url("https://site.invalid/", page)
    m = re.search(r'<base href="([^"]*)"', (CORPUS / page).read_text(encoding="utf-8"))
    return ada_url.join_url(url, m.group(1)) if m else url


def test_browser_targets_are_ada_urls(rows: list[dict[str, object]]) -> None:
    """WHATWG targets come from ada-url (the URL Standard's conforming implementation)."""
    for row in rows:
        assert isinstance(row["page"], str) and isinstance(row["ref"], str)
        expected = ada_url.join_url(_base_of(row["page"]), row["ref"])
        assert row["browser_target"] == expected, row


def test_differs_notes_say_what_rfc3986_reads(rows: list[dict[str, object]]) -> None:
    for row in rows:
        if row["differs"]:
            assert isinstance(row["note"], str) and "RFC 3986" in row["note"], row
            assert row["target"] != row["browser_target"]
    backslash = next(r for r in rows if r["ref"] == "..\\api\\index.html")
    assert backslash["status"] == "ok" and "(missing-file there)" in str(backslash["note"])


def test_comments_scripts_and_prose_hold_no_reference(rows: list[dict[str, object]]) -> None:
    refs = {row["ref"] for row in rows}
    assert not any("commented-out" in str(r) or "not/a/reference" in str(r) for r in refs)
    assert "https://example.org/in-text" not in refs and "#x" not in refs


def test_base_href_relative_and_absolute_are_applied(rows: list[dict[str, object]]) -> None:
    api = [r for r in rows if r["page"] == "docs/api/index.html"]
    # HTML: a fragment-only reference resolves against <base href>, so it leaves the page.
    assert api[0]["ref"] == "#install" and api[0]["file"] == "docs/guide/index.html"
    post = [r for r in rows if r["page"] == "blog/2026/hello.html"]
    refresh = next(r for r in post if r["attr"] == "meta refresh")
    assert refresh["status"] == "outside"  # ../../ from the absolute base /blog/


def test_unicode_file_names_match_percent_encoded_and_raw_references(
    rows: list[dict[str, object]],
) -> None:
    cafe = [r for r in rows if r["page"] == "index.html" and "menu.html" in str(r["ref"])]
    assert [r["file"] for r in cafe] == ["café/menu.html", "café/menu.html"]
    assert unicodedata.is_normalized("NFC", str(cafe[0]["file"]))


def test_table_for_people_fits_100_columns_and_puts_problems_first() -> None:
    r = cli("site", str(CORPUS), "--color", "never")
    assert r.exit_status == ExitStatus.ERROR
    lines = str(r).splitlines()
    assert lines[0] == "Broken references"
    assert all(len(line) <= 100 for line in lines), max(lines, key=len)
    other = lines.index("Other references")
    broken_rows = [ln for ln in lines[:other] if ln.startswith("  ") and "→" in ln]
    assert len(broken_rows) == sum(1 for e in EXPECTED if e["status"] not in
                                   ("ok", "external"))
    assert all(not ln.lstrip().startswith(("ok ", "external ")) for ln in broken_rows)
    closing = " ".join(ln.strip() for ln in lines[-2:])
    assert lines[-2].startswith("9 pages; 61 references; 13 broken (2 case-mismatch, ")
    assert closing.endswith("4 where browsers and RFC 3986 differ")


def test_only_problems_lists_only_broken_references() -> None:
    r = cli("site", str(CORPUS), "--only-problems", "--color", "never")
    assert "Other references" not in r and "Broken references" in r
    j = cli("site", str(CORPUS), "--only-problems", "--json")
    assert {row["status"] for row in j.json} <= {"missing-file", "missing-fragment",
                                                 "outside", "case-mismatch"}


def test_colour_marks_status_without_escaping_the_reference() -> None:
    r = cli("site", str(CORPUS), "--color", "always")
    assert "\x1b[1;31mmissing-file" in r
    assert ANSI.sub("", str(r)) == str(cli("site", str(CORPUS), "--color", "never"))


def test_clean_site_exits_zero(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text('<a href="b.html#x">b</a><a href="#">top</a>',
                                         encoding="utf-8")
    (tmp_path / "b.html").write_text('<p id="x">', encoding="utf-8")
    r = cli("site", str(tmp_path))
    assert r.exit_status == ExitStatus.SUCCESS, r
    assert str(r).splitlines()[-1].startswith("2 pages; 2 references; 0 broken")


def test_unreadable_folder_exits_two(tmp_path: Path) -> None:
    r = cli("site", str(tmp_path / "nope"))
    assert r.exit_status == 2 and "is not a folder" in r.stderr
    f = tmp_path / "file.html"
    f.write_text("x", encoding="utf-8")
    assert cli("site", str(f)).exit_status == 2


def test_bad_root_url_exits_two(tmp_path: Path) -> None:
    r = cli("site", str(tmp_path), "--url", "ftp://x/")
    assert r.exit_status == 2 and "--url" in r.stderr


def test_root_url_with_a_path_prefix(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text(
        '<a href="/docs/b.html">in</a><a href="/other/">out</a><a href="b.html">rel</a>',
        encoding="utf-8")
    (tmp_path / "b.html").write_text("", encoding="utf-8")
    rows = cli("site", str(tmp_path), "--url", "https://example.org/docs/", "--json").json
    assert [(r["status"], r["file"]) for r in rows] == [
        ("ok", "b.html"), ("outside", None), ("ok", "b.html")]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_page_is_neither_opened_nor_listed(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.html")
    (tmp_path / "index.html").write_text('<a href="pipe.html">p</a>', encoding="utf-8")
    rows = cli("site", str(tmp_path), "--json").json  # would block forever if opened
    assert [r["status"] for r in rows] == ["missing-file"]


def test_a_link_out_of_the_folder_is_not_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.html").write_text("<p id=s>", encoding="utf-8")
    site = tmp_path / "site"
    site.mkdir()
    (site / "leak").symlink_to(outside, target_is_directory=True)
    (site / "index.html").write_text('<a href="leak/secret.html#s">x</a>', encoding="utf-8")
    rows = cli("site", str(site), "--json").json
    assert [r["status"] for r in rows] == ["missing-file"]


@pytest.mark.parametrize(
    ("base", "ref", "climbs"),
    [
        ("https://site.invalid/a/b.html", "../x.html", False),
        ("https://site.invalid/a/b.html", "../../x.html", True),
        ("https://site.invalid/a/b.html", "..\\..\\x.html", True),  # browsers: \ is /
        ("https://site.invalid/a/b.html", "%2e%2e/%2E%2E/x", True),  # URL Standard: %2e is .
        ("https://site.invalid/a/b.html", "./../c/./d/../e.html", False),
        ("https://site.invalid/a/b.html", "/../x.html", True),
        ("https://site.invalid/a/b.html", "https://site.invalid/../x", False),
        ("https://site.invalid/a/b.html", "//other/../x", False),
        ("https://site.invalid/a/b.html", "?q=../..", False),
        ("https://site.invalid/a/b.html", "#../..", False),
    ],
)
def test_climbing_above_the_root_is_seen_before_dot_segments_are_clamped(
    tmp_path: Path, base: str, ref: str, climbs: bool
) -> None:
    # RFC 3986 §5.2.4 and the URL Standard both drop a ".." at the root: the checker
    # walks the reference again without that stop.
    assert Site(tmp_path).climbs_above(base, ref) is climbs


def test_pages_are_checked_lazily_in_path_order() -> None:
    pages = check_site(CORPUS)
    first = next(pages)
    assert first.path == "about.html" and first.url == "https://site.invalid/about.html"
    assert [p.path for p in pages] == [
        "index.html", "search.html", "blog/2026/hello.html", "café/menu.html",
        "docs/api/index.html", "docs/guide/index.html", "space dir/file.html",
        "static/embed.html"]


def test_each_reference_keeps_the_base_it_was_resolved_against() -> None:
    api = next(p for p in check_site(CORPUS) if p.path == "docs/api/index.html")
    assert {r.base for r in api.references} == {"https://site.invalid/docs/guide/"}
    assert all(r.line is not None and r.line > 1 for r in api.references)


def test_a_file_name_that_is_not_utf8_is_checked_not_fatal(tmp_path: Path) -> None:
    """A page named with the byte 0xFF is served at %FF (its bytes, RFC 3986 §2.1)."""
    root = os.fsencode(tmp_path)
    try:
        with open(root + b"/\xff.html", "wb") as f:
            f.write(b'<a href="%FF.html">me</a><a href="b.html#x">b</a>')
    except OSError as exc:  # some file systems take UTF-8 names only
        pytest.skip(f"this file system refuses a non-UTF-8 name: {exc}")
    (tmp_path / "b.html").write_bytes(b'<a href="%FF.html#nowhere">back</a>')
    r = cli("site", str(tmp_path), "--json")
    assert r.exit_status == ExitStatus.ERROR, r.stderr  # two fragments are missing
    found = {(row["page"], row["ref"]): (row["status"], row["file"]) for row in r.json}
    assert found == {
        ("\udcff.html", "%FF.html"): ("ok", "\udcff.html"),
        ("\udcff.html", "b.html#x"): ("missing-fragment", "b.html"),
        ("b.html", "%FF.html#nowhere"): ("missing-fragment", "\udcff.html"),
    }
    text = cli("site", str(tmp_path))
    assert "⟨U+DCFF⟩.html" in text and "Traceback" not in text.stderr
    assert page_url("https://site.invalid", "d/\udcff.html") == "https://site.invalid/d/%FF.html"
