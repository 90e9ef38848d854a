"""Zip archives as phishing mails attach them: every member read as a document, nested.

``docs.zip › invoice.pdf › page 1 › QR``: each member is handed to the caller's reader
(``sources.formats.read_document``), which reads archives inside archives the same way up
to a depth the caller bounds. Encrypted archives (ZipCrypto and WinZip AES, through
``pyzipper``) are opened with the passwords given (a mail's own text often says "the
password is 4821"); members are read through ``sources.zipped``'s bounds (size, ratio,
total), so a zip bomb, flat or nested, is a problem and never a hang. Nothing is
written to disk: member names such as ``../../etc/x`` are only ever labels.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from uriinspector.sources.model import Document, Link, Problem
from uriinspector.sources.zipped import Budget, ZipLimit, open_zip, read_member

#: Most members read from one archive (the rest are counted in a problem).
MAX_READ_MEMBERS: Final = 1_000
#: Most links listed from one archive, nested documents included.
MAX_ARCHIVE_LINKS: Final = 20_000

ReadMember = Callable[[bytes, str], Document]


def read_zip(data: bytes, name: str, read_member_doc: ReadMember, *,
             passwords: tuple[str, ...] = ()) -> Document:
    """Every member of the zip ``data`` read by ``read_member_doc(bytes, part)``; never
    raises. ``part`` is ``name › member``."""
    try:
        archive = open_zip(data, aes=True)
    except Exception as exc:  # BadZipFile, ZipLimit, a damaged directory
        return Document("archive", (), (Problem("unreadable", f"The archive could not be "
                        f"opened ({type(exc).__name__}: {exc}).", name),), source=name)
    links: list[Link] = []
    problems: list[Problem] = []
    budget = Budget()
    with archive:
        infos = [i for i in archive.infolist() if not i.is_dir()]
        if len(infos) > MAX_READ_MEMBERS:
            problems.append(Problem("too-many-parts", f"The archive holds {len(infos):,} "
                                    f"files; only the first {MAX_READ_MEMBERS:,} were read.",
                                    name))
        for info in infos[:MAX_READ_MEMBERS]:
            part = f"{name} › {info.filename}"
            body = _member(archive, info, budget, passwords, part, problems)
            if body is None:
                continue
            inner = read_member_doc(body, part)
            room = MAX_ARCHIVE_LINKS - len(links)
            links += list(inner.links[:room])
            problems += list(inner.problems)
            if room <= len(inner.links):
                problems.append(Problem("too-many-links", f"Only the first "
                                        f"{MAX_ARCHIVE_LINKS:,} links were listed.", name))
                break
    return Document("archive", tuple(links), tuple(problems), source=name)


def _member(archive: object, info: object, budget: Budget, passwords: tuple[str, ...],
            part: str, problems: list[Problem]) -> bytes | None:
    """One member's bytes: no password, then each given one; None (with a problem) else."""
    encrypted = bool(getattr(info, "flag_bits", 0) & 0x1)
    tries: tuple[str | None, ...] = (None,) if not encrypted else tuple(passwords)
    if encrypted and not passwords:
        problems.append(Problem("encrypted", "The file is encrypted; give the archive's "
                                "password to read it.", part))
        return None
    for password in tries:
        try:
            return read_member(archive, info, budget,  # type: ignore[arg-type]
                               password.encode("utf-8") if password is not None else None)
        except ZipLimit as exc:
            problems.append(Problem("too-large", f"{exc}; it was not read.", part))
            return None
        except RuntimeError as exc:  # zipfile/pyzipper: "Bad password for file"
            if "password" in str(exc).lower():
                continue
            problems.append(Problem("unreadable", f"The file could not be read ({exc}).", part))
            return None
        except Exception as exc:  # a damaged member (bad CRC, bad deflate data)
            problems.append(Problem("unreadable", f"The file could not be read "
                                    f"({type(exc).__name__}: {exc}).", part))
            return None
    problems.append(Problem("encrypted", "No given password opens this file.", part))
    return None


__all__ = ["MAX_READ_MEMBERS", "read_zip"]
