"""A folder of HTML pages checked offline: every reference resolved and looked up on disk.

For web developers (contract: ``docs/contract/site-check.md``). Each page's URL is the
site's root URL joined with the page's path under the folder; every reference of the page
(``sources.page_links``: every URL attribute, each ``srcset`` candidate, ``<meta
refresh>``, after ``<base href>``) is resolved by RFC 3986 §5.2 and as browsers do (WHATWG,
through ada-url), and what browsers load is looked up in the folder: the file (a
directory by its ``index.html``, a path without extension as itself then ``.html``), the
fragment (an ``id`` or ``<a name>`` of that page), a case-only match, a climb above the
root. Nothing is fetched: another origin or scheme is listed as ``external``.

Pure (no Qt), bounded (pages and references per page are capped, files over
:data:`MAX_PAGE_BYTES` are not read), and it never follows a link out of the folder.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Final, Literal
from urllib.parse import quote, unquote_to_bytes

from uriinspector.core.split import split
from uriinspector.core.whatwg import read_whatwg
from uriinspector.sources.html_tokens import LinearHTMLParser
from uriinspector.sources.page_links import PageReference, page_links

Status = Literal[
    "ok", "missing-file", "missing-fragment", "outside", "external", "case-mismatch"
]
#: Statuses that make ``uriinspector site`` exit 1 (the reference is broken somewhere).
BROKEN: Final[frozenset[str]] = frozenset(
    {"missing-file", "missing-fragment", "outside", "case-mismatch"}
)
#: The default URL the folder's root is served at (contract: ``--url``).
DEFAULT_URL: Final = "https://site.invalid/"
#: File name endings read as pages.
PAGE_SUFFIXES: Final = (".html", ".htm", ".xhtml")
#: Largest page read (bytes); a larger one is reported, not read.
MAX_PAGE_BYTES: Final = 16 * 1024 * 1024
#: Most pages checked in one run; the rest are counted.
MAX_PAGES: Final = 200_000
_FRAGMENT_ALWAYS: Final = frozenset({"", "top"})  # HTML §7.4.6.4: "top" scrolls to the top
_CHARSET: Final = re.compile(
    rb"""<meta[^>]{0,512}?charset\s*=\s*["']?\s*([A-Za-z0-9_.:\-]{1,40})""", re.IGNORECASE
)


@dataclass(frozen=True, slots=True)
class SiteReference:
    """One reference of one page and what it reaches in the folder (contract 1.0).

    ``line`` is the page line it stands on (None where no exact span is known);
    ``base`` the URL it was resolved against (the page's, or its ``<base href>``), so
    a resolution pane can retrace it; neither is in the contract's JSON.
    """

    page: str
    ref: str
    attr: str
    target: str | None
    browser_target: str | None
    differs: bool
    status: Status
    file: str | None
    note: str | None
    line: int | None = None
    base: str | None = None

    @property
    def broken(self) -> bool:
        """Whether this reference counts against the site (exit status 1)."""
        return self.status in BROKEN

    def to_json(self) -> dict[str, object]:
        """The contract's ``--json`` object."""
        return {
            "page": self.page, "ref": self.ref, "attr": self.attr, "target": self.target,
            "browser_target": self.browser_target, "differs": self.differs,
            "status": self.status, "file": self.file, "note": self.note,
        }


@dataclass(frozen=True, slots=True)
class SitePage:
    """One page of the folder with its references (``problems``: what could not be read)."""

    path: str
    url: str
    references: tuple[SiteReference, ...]
    problems: tuple[str, ...] = ()

    @property
    def broken(self) -> int:
        """How many of its references are broken."""
        return sum(1 for r in self.references if r.broken)


@dataclass(frozen=True, slots=True)
class _Found:
    """Where a target path leads in the folder."""

    status: Status
    file: str | None
    note: str | None = None


class SiteError(Exception):
    """The folder itself cannot be read (contract: exit status 2)."""


def page_url(root_url: str, rel: str) -> str:
    """The URL a page is served at: the root URL joined with its percent-encoded path."""
    base = root_url if root_url.endswith("/") else root_url + "/"
    return base + "/".join(quote(_name_bytes(seg), safe="!$&'()*+,;=:@-._~")
                           for seg in rel.split("/"))


def _name_bytes(name: str) -> bytes:
    """A file name's bytes as the file system holds them (a name that is not UTF-8 comes
    from ``os.walk`` with its bytes smuggled as U+DC80-U+DCFF; the server serves those)."""
    try:
        return os.fsencode(name)
    except UnicodeEncodeError:  # a lone surrogate that is not a smuggled byte
        return name.encode("utf-8", "surrogatepass")


def find_pages(root: Path) -> list[str]:
    """Every page under ``root`` (relative POSIX paths, sorted); links are not followed."""
    pages: list[str] = []
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        dirnames.sort()
        here = Path(dirpath)
        for name in sorted(filenames):
            if name.lower().endswith(PAGE_SUFFIXES):
                full = here / name
                try:
                    if not stat.S_ISREG(os.lstat(full).st_mode):
                        continue
                except OSError:
                    continue
                pages.append(full.relative_to(root).as_posix())
    return pages


def decode_page(data: bytes) -> str:
    """A page's text: its BOM or ``<meta charset>``, else UTF-8; undecodable bytes replaced."""
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", "replace")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", "replace")
    m = _CHARSET.search(data[:4096])
    if m is not None:
        try:
            return data.decode(m.group(1).decode("ascii"), "replace")
        except LookupError:
            pass
    return data.decode("utf-8", "replace")


def read_page_text(path: Path) -> str:
    """A page's text for display (a source view), or a sentence saying why there is none."""
    try:
        return decode_page(_read_regular(path))
    except OSError as exc:
        return f"({path.name} cannot be shown: {exc.strerror or exc})"


class _Anchors(LinearHTMLParser):
    """The fragment targets of a page: every ``id`` and every ``<a name>`` (HTML §7.4.6.4);
    the standard tokenizer kept linear on floods (``sources.html_tokens``, issue 20)."""

    wanted_attributes = frozenset({"id", "name"})

    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is not None and (name == "id" or (tag == "a" and name == "name")):
                self.names.add(value)

    handle_startendtag = handle_starttag


class Folder:
    """The site folder: case-insensitive listings and each page's anchors, read once."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._real = os.path.realpath(root)
        self._anchors: dict[str, frozenset[str]] = {}
        self._listings: dict[str, tuple[str, ...]] = {}
        self._kinds: dict[str, Literal["file", "dir", "none"]] = {}

    def inside(self, rel: str) -> bool:
        """Whether ``rel`` (a path under the root) really stays in the folder (links too)."""
        real = os.path.realpath(self.root / rel)
        return real == self._real or real.startswith(self._real + os.sep)

    def kind(self, rel: str) -> Literal["file", "dir", "none"]:
        """What ``rel`` is in the folder (a link out of the folder counts as none)."""
        known = self._kinds.get(rel)
        if known is None:
            known = self._kinds[rel] = self._kind(rel)
        return known

    def _kind(self, rel: str) -> Literal["file", "dir", "none"]:
        full = self.root / rel if rel else self.root
        try:
            mode = os.stat(full).st_mode
        except (OSError, ValueError):
            return "none"
        if not self.inside(rel):
            return "none"
        if stat.S_ISDIR(mode):
            return "dir"
        return "file" if stat.S_ISREG(mode) else "none"

    def case_insensitive(self, rel: str) -> str | None:
        """The path that ``rel`` names when case is ignored (None when none or ambiguous)."""
        here = ""
        for seg in rel.split("/"):
            names = self._listing(here)
            hits = [n for n in names if n.casefold() == seg.casefold()]
            if len(hits) != 1:
                exact = [n for n in hits if n == seg]
                if not exact:
                    return None
                hits = exact
            here = f"{here}/{hits[0]}" if here else hits[0]
        return here

    def _listing(self, rel: str) -> tuple[str, ...]:
        names = self._listings.get(rel)
        if names is None:
            try:
                names = tuple(os.listdir(self.root / rel if rel else self.root))
            except OSError:
                names = ()
            self._listings[rel] = names
        return names

    def anchors(self, rel: str) -> frozenset[str]:
        """The ``id``s and ``<a name>``s of page ``rel`` (empty when it cannot be read)."""
        found = self._anchors.get(rel)
        if found is None:
            try:
                data = _read_regular(self.root / rel)
            except OSError:
                data = b""
            parser = _Anchors()
            try:
                parser.feed(decode_page(data))
                parser.close()
            except Exception:  # html.parser has raised on odd markup in some versions
                pass
            found = frozenset(parser.names)
            self._anchors[rel] = found
        return found


def _read_regular(path: Path) -> bytes:
    """The bytes of a regular file, refusing FIFOs and devices (they would block or never end)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(f"{path.name} is not a regular file")
        if info.st_size > MAX_PAGE_BYTES:
            raise OSError(f"{path.name} is larger than {MAX_PAGE_BYTES // (1024 * 1024)} MB")
        chunks: list[bytes] = []
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def _decode_path(path: str) -> str | None:
    """A URL path's percent-encoded UTF-8 decoded as a file name would be (None if unsafe)."""
    raw = unquote_to_bytes(path)
    if b"\x00" in raw:
        return None
    return os.fsdecode(raw)


@lru_cache(maxsize=65536)
def _origin(url: str) -> tuple[str, str, str] | None:
    """(scheme, host, port) of an absolute URL, the default port dropped (RFC 3986 §6.2.3)."""
    s = split(url)
    if s.scheme is None or s.host is None:
        return None
    scheme = s.scheme.text.lower()
    port = s.port.text if s.port is not None else ""
    if port in ("", {"http": "80", "https": "443"}.get(scheme)):
        port = ""
    return scheme, s.host.text.lower(), port


@lru_cache(maxsize=65536)
def _path_and_fragment(url: str) -> tuple[str, str | None]:
    """The path and the fragment (None when undefined) of a URL (RFC 3986 App. B)."""
    s = split(url)
    return s.path.text, None if s.fragment is None else s.fragment.text


class Site:
    """One site folder served at one root URL: looks targets up in it."""

    def __init__(self, root: Path, root_url: str = DEFAULT_URL) -> None:
        if not root.is_dir():
            raise SiteError(f"{root} is not a folder that can be read")
        try:
            os.listdir(root)
        except OSError as exc:
            raise SiteError(f"{root} cannot be read: {exc.strerror or exc}") from exc
        href = read_whatwg(root_url).href
        if href is None or not href.startswith(("http://", "https://")):
            raise SiteError(f"--url {root_url!r} is not an http(s) URL browsers accept")
        if not href.endswith("/"):
            href += "/"
        self.folder = Folder(root)
        self.url = href
        origin = _origin(href)
        assert origin is not None  # an http(s) URL that ada-url accepted has a host
        self.origin = origin
        self.root_path = _path_and_fragment(href)[0]
        self._files: dict[str, _Found] = {}

    def locate(self, url: str | None, page: str) -> _Found:
        """What ``url`` (an absolute URL) reaches in the folder, seen from page ``page``."""
        if url is None:
            return _Found("missing-file", None, "browsers cannot resolve this reference")
        origin = _origin(url)
        if origin is None or origin[0] not in ("http", "https"):
            scheme = url.split(":", 1)[0].lower() if ":" in url else ""
            return _Found("external", None, f"{scheme}: not checked" if scheme else None)
        if origin != self.origin:
            return _Found("external", None, "another origin: listed, never fetched")
        path, fragment = _path_and_fragment(url)
        if not path.startswith(self.root_path):
            return _Found("outside", None, f"{path} is outside the site root {self.root_path}")
        rel = _decode_path(path[len(self.root_path):])
        if rel is None or any(seg in (".", "..") for seg in rel.split("/")):
            return _Found("missing-file", None, "the path cannot name a file")
        found = self._files.get(rel)
        if found is None:
            found = self._files[rel] = self._file(rel)
        if found.status != "ok" or found.file is None or not fragment:
            return found
        return self._fragment(found, fragment, page)

    def _file(self, rel: str) -> _Found:
        """The file a path is served from: exact, directory index, ``.html``, or by case."""
        candidates: list[tuple[str, str | None]] = []
        if rel == "" or rel.endswith("/"):
            candidates.append((rel + "index.html", None))
        else:
            last = rel.rsplit("/", 1)[-1]
            candidates.append((rel, None))
            candidates.append((rel + "/index.html",
                               "a directory: served by its index.html (after a redirect "
                               "to the URL with a slash)"))
            if "." not in last:
                candidates.append((rel + ".html", "no extension: served as " + last + ".html"))
        for name, note in candidates:
            if self.folder.kind(name) == "file":
                return _Found("ok", name, note)
        for name, _ in candidates:
            actual = self.folder.case_insensitive(name)
            if actual is not None and self.folder.kind(actual) == "file":
                return _Found("case-mismatch", actual,
                              f"found only as {actual}: works on case-insensitive servers "
                              "(Windows, macOS), breaks on Linux ones")
        return _Found("missing-file", None, f"no file {rel or 'index.html'} in the folder")

    def _fragment(self, found: _Found, fragment: str, page: str) -> _Found:
        assert found.file is not None
        if fragment.lower() in _FRAGMENT_ALWAYS:
            return found
        if not found.file.lower().endswith(PAGE_SUFFIXES):
            return _Found("ok", found.file, f"#{fragment}: not a page, the fragment is "
                          "not checked")
        names = self.folder.anchors(found.file)
        decoded = unquote_to_bytes(fragment).decode("utf-8", "replace")
        if fragment in names or decoded in names:
            return found
        where = "this page" if found.file == page else found.file
        return _Found("missing-fragment", found.file,
                      f"no id or <a name> {decoded!r} in {where}")

    def climbs_above(self, base: str | None, ref: str) -> bool:
        """Whether relative reference ``ref`` climbs above the site root from ``base``.

        RFC 3986 §5.2.4 and browsers both stop ``..`` at the server's root, so the
        resolved target alone cannot show it: the walk is redone without that stop.
        """
        text = ref.strip(" \t\n\r\f").replace("\\", "/")
        text = re.sub(r"[\t\n\r]", "", text)
        if not text or text.startswith("//") or re.match(r"[A-Za-z][A-Za-z0-9+.\-]*:", text):
            return False
        path = re.split(r"[?#]", text, maxsplit=1)[0]
        if not path:
            return False
        root = [s for s in self.root_path.split("/") if s]
        if path.startswith("/"):
            stack: list[str] = []
            segs = path[1:].split("/")
        else:
            base_path = _path_and_fragment(base)[0] if base else self.root_path
            stack = [s for s in base_path.split("/")[:-1] if s]
            segs = path.split("/")
        for seg in segs:
            low = seg.lower()
            if low in ("..", ".%2e", "%2e.", "%2e%2e"):
                if len(stack) <= len(root):
                    return True
                stack.pop()
            elif low not in (".", "%2e"):
                stack.append(seg)
        return stack[: len(root)] != root

    def check_page(self, rel: str) -> SitePage:
        """Every reference of page ``rel`` with its status; never raises."""
        url = page_url(self.url, rel)
        try:
            data = _read_regular(self.folder.root / rel)
        except OSError as exc:
            return SitePage(rel, url, (), (f"{rel} was not read: {exc.strerror or exc}",))
        text = decode_page(data)
        links = page_links(text, url)
        problems = list(links.problems)
        if links.left_out:
            problems.append(f"{links.left_out:,} more references were not checked "
                            "(the limit per page is reached)")
        rows = tuple(self._reference(rel, text, links.base_browser, r) for r in links.references)
        return SitePage(rel, url, rows, tuple(problems))

    def _reference(self, page: str, text: str, base: str | None,
                   r: PageReference) -> SiteReference:
        browser = r.browser.target
        found = self.locate(browser, page)
        if found.status != "external" and self.climbs_above(base, r.raw):
            found = _Found("outside", None, "climbs above the site root with ..; browsers "
                           "stop at the server's root, so it breaks when the site is moved")
        note = found.note
        differs = r.differs
        rfc = r.rfc3986.target
        if differs:
            theirs = self.locate(rfc, page) if rfc is not None else None
            if rfc is None:
                said = "RFC 3986 cannot resolve it: it works by browser leniency only"
            elif theirs is not None and (theirs.status, theirs.file) != (found.status,
                                                                         found.file):
                said = (f"RFC 3986 resolves it to {rfc} ({theirs.status} there): it works "
                        "by browser leniency and breaks in stricter tools and servers")
            else:
                said = (f"RFC 3986 resolves it to {rfc}, which reaches the same file; "
                        "browsers percent-encode what RFC 3986 leaves as written")
            note = f"{note}; {said}" if note else said
        line = text.count("\n", 0, r.span.start) + 1 if r.span is not None else None
        return SiteReference(page, r.raw, r.where, rfc, browser, differs, found.status,
                             found.file, note, line, r.rfc3986.base or None)


def check_site(
    root: Path,
    root_url: str = DEFAULT_URL,
    *,
    on_page: Callable[[int, int], None] | None = None,
) -> Iterator[SitePage]:
    """Check every page under ``root`` in path order; raises :class:`SiteError` only when
    the folder itself cannot be read. ``on_page(done, total)`` reports progress."""
    site = Site(root, root_url)
    pages = find_pages(root)[:MAX_PAGES]
    for i, rel in enumerate(pages, 1):
        yield site.check_page(rel)
        if on_page is not None:
            on_page(i, len(pages))


__all__ = [
    "BROKEN", "DEFAULT_URL", "Site", "SiteError", "SitePage", "SiteReference", "Status",
    "check_site", "find_pages", "page_url",
]
