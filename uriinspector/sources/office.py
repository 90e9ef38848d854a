"""Office Open XML attachments (docx, xlsx, pptx and their macro variants), read offline.

A package is a zip of XML parts, each with its relationships (``_rels/*.rels``). Links
hide in four places, all read here with a hardened XML parser (``defusedxml``: no DTD,
no entities) and the bounded zip reader (``sources.zipped``):

- **external relationships**: a hyperlink (``w:hyperlink``, ``a:hlinkClick``, a sheet's
  ``hyperlink``) with the text it shows; a remote template (``attachedTemplate``, the
  "template injection" of malicious documents), linked images, OLE objects and frames,
  which Office fetches when the file opens (``how: template``);
- **field codes**: ``HYPERLINK``, ``INCLUDEPICTURE`` and ``INCLUDETEXT`` in ``w:instrText``
  runs (joined across runs) and ``w:fldSimple``;
- **formulas**: ``HYPERLINK("url", "text")`` in a sheet's cells;
- **text**: URLs written in any story (body, headers, footers, comments, footnotes, text
  boxes, shapes, slides, notes, shared strings);

and images in the package are read for QR codes. Links inside the document (``w:anchor``
bookmarks, ``#Sheet2!A1``) are not links out and are left.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Final

from uriinspector.core.extract import extract
from uriinspector.sources.model import Document, Link, Problem
from uriinspector.sources.zipped import Budget, ZipLimit, open_zip, read_member

#: Largest XML part parsed (bytes).
MAX_PART_BYTES: Final = 32 * 1024 * 1024
#: Most links listed from one package.
MAX_OFFICE_LINKS: Final = 10_000
#: Most images read for QR codes in one package.
MAX_IMAGES: Final = 50

_R: Final = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_W: Final = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_TEMPLATE_TYPES: Final = {
    "attachedTemplate": "remote template", "image": "linked image", "oleObject": "OLE object",
    "frame": "frame", "subDocument": "subdocument", "externalLinkPath": "external workbook",
    "audio": "linked audio", "video": "linked video", "package": "linked package",
}
_FIELD: Final = re.compile(
    r"\b(HYPERLINK|INCLUDEPICTURE|INCLUDETEXT|LINK|IMPORT)\b\s+(?:\\[a-z]\s+)*"
    r"(?:\"([^\"]+)\"|(\S+))", re.IGNORECASE)
_FORMULA: Final = re.compile(
    r"HYPERLINK\(\s*\"((?:[^\"]|\"\")+)\"(?:\s*[,;]\s*\"((?:[^\"]|\"\")*)\")?", re.IGNORECASE
)
_IMAGE_SUFFIXES: Final = (".png", ".jpg", ".jpeg", ".gif", ".bmp", ".webp")

ReadImage = Callable[[bytes, str], tuple[str, ...]]


@dataclass(slots=True)
class _State:
    name: str
    links: list[Link] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    seen: set[tuple[str, str, str]] = field(default_factory=set)

    def add(self, url: str, part: str, kind: str, display: str | None = None) -> None:
        url = url.strip()
        if not url or url.startswith("#") or len(self.links) >= MAX_OFFICE_LINKS:
            return
        key = (url, part, kind)
        if key in self.seen:
            return
        self.seen.add(key)
        self.links.append(Link(uri=url, raw=url, target=url, kind=kind,  # type: ignore[arg-type]
                               part=part, display=display))


def looks_like_office(names: list[str]) -> str | None:
    """``docx``, ``xlsx`` or ``pptx`` from a zip's member names, else None."""
    if "[Content_Types].xml" not in names:
        return None
    for prefix, kind in (("word/", "docx"), ("xl/", "xlsx"), ("ppt/", "pptx")):
        if any(n.startswith(prefix) for n in names):
            return kind
    return None


def _parse(data: bytes) -> Any:
    from defusedxml import ElementTree

    return ElementTree.fromstring(data, forbid_dtd=True, forbid_entities=True,
                                  forbid_external=True)


def _local(tag: object) -> str:
    return str(tag).rsplit("}", 1)[-1]


def _rels_for(part: str) -> str:
    folder, _, leaf = part.rpartition("/")
    return f"{folder}/_rels/{leaf}.rels" if folder else f"_rels/{leaf}.rels"


def _external(rels: Any) -> dict[str, tuple[str, str]]:
    """Id -> (type, target) of the external relationships of one ``.rels`` part."""
    out: dict[str, tuple[str, str]] = {}
    for rel in rels:
        if rel.get("TargetMode") == "External" and rel.get("Id") and rel.get("Target"):
            out[str(rel.get("Id"))] = (str(rel.get("Type", "")).rsplit("/", 1)[-1],
                                       str(rel.get("Target")))
    return out


def _texts(element: Any) -> str:
    return "".join(e.text or "" for e in element.iter() if _local(e.tag) == "t")


def _paragraphs(root: Any) -> Iterator[str]:
    """The text of each paragraph (``w:p``, ``a:p``) or shared string (``si``), else all."""
    found = False
    for element in root.iter():
        if _local(element.tag) in ("p", "si", "is"):
            found = True
            text = _texts(element)
            if text:
                yield text
    if not found:
        text = _texts(root)
        if text:
            yield text


def _field_codes(root: Any) -> Iterator[str]:
    """Each field's instruction: ``w:fldSimple/@w:instr``, and ``w:instrText`` runs joined
    between a field's begin and separate (or end) marks."""
    current: list[str] | None = None
    for element in root.iter():
        tag = _local(element.tag)
        if tag == "fldSimple" and element.get(f"{_W}instr"):
            yield str(element.get(f"{_W}instr"))
        elif tag == "fldChar":
            kind = element.get(f"{_W}fldCharType")
            if kind == "begin":
                current = []
            elif kind in ("separate", "end") and current is not None:
                yield "".join(current)
                current = None
        elif tag == "instrText":
            if current is None:
                yield element.text or ""
            else:
                current.append(element.text or "")


def _read_part(archive: Any, info: zipfile.ZipInfo, budget: Budget, st: _State) -> Any:
    part = f"{st.name} › {info.filename}"
    if info.file_size > MAX_PART_BYTES:
        st.problems.append(Problem("too-large", f"{info.filename} states {info.file_size:,} "
                                   "bytes; parts over 32 MB are not read.", part))
        return None
    try:
        return _parse(read_member(archive, info, budget))
    except ZipLimit as exc:
        st.problems.append(Problem("too-large", f"{exc}; it was not read.", part))
    except Exception as exc:  # defusedxml refuses DTDs/entities; damaged XML; bad deflate
        reason = type(exc).__name__
        if reason in ("DTDForbidden", "EntitiesForbidden", "ExternalReferenceForbidden"):
            st.problems.append(Problem("unreadable", f"{info.filename} declares a DTD or "
                                       "entities (entity expansion); it was not read.", part))
        else:
            st.problems.append(Problem("unreadable", f"{info.filename} could not be read "
                                       f"({reason}).", part))
    return None


def read_office(data: bytes, name: str = "document.docx", *,
                read_image: ReadImage | None = None) -> Document:
    """Every link of an Office Open XML package; never raises."""
    st = _State(name)
    try:
        archive = open_zip(data)
    except Exception as exc:  # BadZipFile, ZipLimit, or worse
        return Document("office", (), (Problem("unreadable", f"The package could not be "
                        f"opened ({type(exc).__name__}: {exc}).", name),), source=name)
    budget = Budget()
    with archive:
        infos = {i.filename: i for i in archive.infolist()}
        xml_parts = [n for n in infos if n.endswith(".xml") and "/_rels/" not in n
                     and not n.startswith("_rels/") and n != "[Content_Types].xml"]
        referenced: set[tuple[str, str]] = set()
        for part_name in sorted(xml_parts):
            root = _read_part(archive, infos[part_name], budget, st)
            if root is None:
                continue
            rels_name = _rels_for(part_name)
            rels: dict[str, tuple[str, str]] = {}
            if rels_name in infos:
                rels_root = _read_part(archive, infos[rels_name], budget, st)
                if rels_root is not None:
                    rels = _external(rels_root)
            where = f"{name} › {part_name}"
            _part_links(root, rels, where, st, referenced, rels_name)
        _unreferenced(archive, infos, budget, st, referenced)
        if read_image is not None:
            _images(archive, infos, budget, st, read_image)
        if any(n.endswith("vbaProject.bin") for n in infos):
            st.problems.append(Problem("not-supported", "The document carries macros "
                                       "(vbaProject.bin); macro code is not read.", name))
    if len(st.links) >= MAX_OFFICE_LINKS:
        st.problems.append(Problem("too-many-links", f"Only the first {MAX_OFFICE_LINKS:,} "
                                   "links were listed.", name))
    return Document("office", tuple(st.links), tuple(st.problems), source=name)


def _part_links(root: Any, rels: dict[str, tuple[str, str]], where: str, st: _State,
                referenced: set[tuple[str, str]], rels_name: str) -> None:
    for element in root.iter():
        rid = element.get(f"{_R}id") or element.get(f"{_R}link") or element.get(f"{_R}embed")
        if rid is None or rid not in rels:
            continue
        rel_type, target = rels[rid]
        referenced.add((rels_name, rid))
        tag = _local(element.tag)
        if rel_type == "hyperlink" or tag in ("hyperlink", "hlinkClick", "hlinkHover"):
            display = _texts(element) if tag == "hyperlink" else None
            st.add(target, f"{where} › hyperlink", "href", display or None)
        else:
            what = _TEMPLATE_TYPES.get(rel_type, rel_type)
            st.add(target, f"{where} › {what}", "template")
    for code in _field_codes(root):
        for m in _FIELD.finditer(code):
            st.add(m.group(2) or m.group(3), f"{where} › field {m.group(1).upper()}",
                   "href" if m.group(1).upper() == "HYPERLINK" else "template")
    for element in root.iter():
        if _local(element.tag) == "f" and element.text:
            for m in _FORMULA.finditer(element.text):
                shown = m.group(2).replace('""', '"') if m.group(2) else None
                st.add(m.group(1).replace('""', '"'), f"{where} › HYPERLINK formula", "href",
                       shown)
    for text in _paragraphs(root):
        for e in extract(text):
            st.add(e.uri, f"{where} › text", "text")


def _unreferenced(archive: Any, infos: dict[str, zipfile.ZipInfo], budget: Budget,
                  st: _State, referenced: set[tuple[str, str]]) -> None:
    """External relationships no element points at: a remote template is one (settings),
    and Office still fetches the others."""
    for rels_name in sorted(n for n in infos if n.endswith(".rels")):
        root = _read_part(archive, infos[rels_name], budget, st)
        if root is None:
            continue
        owner = rels_name.replace("_rels/", "").removesuffix(".rels")
        for rid, (rel_type, target) in _external(root).items():
            if (rels_name, rid) in referenced:
                continue
            what = _TEMPLATE_TYPES.get(rel_type, rel_type or "relationship")
            kind = "href" if rel_type == "hyperlink" else "template"
            st.add(target, f"{st.name} › {owner} › {what}", kind)


def _images(archive: Any, infos: dict[str, zipfile.ZipInfo], budget: Budget, st: _State,
            read_image: ReadImage) -> None:
    images = [n for n in sorted(infos) if n.lower().endswith(_IMAGE_SUFFIXES)]
    for image_name in images[:MAX_IMAGES]:
        try:
            data = read_member(archive, infos[image_name], budget)
        except Exception as exc:  # ZipLimit or a damaged member
            st.problems.append(Problem("too-large" if isinstance(exc, ZipLimit) else
                                       "unreadable", f"{image_name} was not read ({exc}).",
                                       f"{st.name} › {image_name}"))
            continue
        for text in read_image(data, f"{st.name} › {image_name}"):
            st.add(text, f"{st.name} › {image_name} › QR", "qr")
    if len(images) > MAX_IMAGES:
        st.problems.append(Problem("too-many-parts", f"Only the first {MAX_IMAGES} images "
                                   "were read for QR codes.", st.name))


__all__ = ["looks_like_office", "read_office"]
