"""ftp: user, password, host, port, directories, file and the ``;type=`` typecode.

The 1993 draft (FTP section): without a user or password the anonymous convention
applies (user "anonymous", your mail address as password), and the transfer mode
"must in turn be deduced from the data format", i.e. the file name. RFC 1738 §3.2.2
then added ``;type=<typecode>`` on the last segment: ``a`` ASCII text, ``i`` image
(binary), ``d`` a directory listing; each directory segment is one CWD command.
The 1997 and 2003 drafts in shared/specs leave per-scheme syntax to RFC 1738 and
say nothing of the typecode, so RFC 1738 is cited for it.
"""

from __future__ import annotations

from uriinspector.core.decoders import DecodedField, SchemeDecoding
from uriinspector.core.decoders.hostport import authority_fields
from uriinspector.core.decoders.percent import decoded_field
from uriinspector.core.spans import Span
from uriinspector.core.split import split

#: RFC 1738 §3.2.2   ftptype = "A" | "I" | "D" | "a" | "i" | "d"
TYPECODES: dict[str, str] = {
    "a": "ASCII text transfer (TYPE A)",
    "i": "image, i.e. binary transfer (TYPE I)",
    "d": "directory listing (NLST), not a file",
}

_ANONYMOUS = (
    'No user: the anonymous convention applies, user "anonymous" and your mail address '
    "as password (1993 draft, FTP; RFC 1738 §3.2.1)."
)
_MAX_DIRS = 500


def decode_ftp(text: str) -> SchemeDecoding:
    """Decode an ftp: URI (1993 draft FTP section, RFC 1738 §3.2)."""
    sp = split(text)
    fields = authority_fields(
        sp, 21, "RFC 1738 §3.2", no_user_note=_ANONYMOUS,
        empty_host_note="An ftp URL names a host (RFC 1738 §3.2).",
    )
    segments = list(sp.segments)
    typecode_field: DecodedField | None = None
    if segments:
        last = segments[-1]
        semi = last.text.rfind(";")
        if semi != -1:
            param = last.text[semi + 1 :]
            pstart = last.span.start + semi + 1
            name, _, code = param.partition("=")
            if name.lower() == "type" and "=" in param:
                cspan = Span(pstart + 5, last.span.end)
                desc = TYPECODES.get(code.lower()) if len(code) == 1 else None
                if desc is not None:
                    typecode_field = DecodedField(
                        "Typecode", code, cspan,
                        f";type={code}: {desc} (RFC 1738 §3.2.2). The 1993 draft had no "
                        "typecode: the mode was guessed from the file name.")
                else:
                    typecode_field = DecodedField(
                        "Typecode", code or "(empty)", cspan,
                        'RFC 1738 §3.2.2 allows only ";type=a", "i" or "d".', "invalid")
                seg_text = last.text[:semi]
            else:
                typecode_field = DecodedField(
                    "Parameter", param, Span(pstart, last.span.end),
                    'The only ftp parameter is ";type=" (RFC 1738 §3.2.2).', "warning")
                seg_text = last.text
            segments[-1] = type(last)(seg_text, Span(last.span.start, last.span.start
                                                     + len(seg_text)), last.name, ())
    if segments:
        dirs = segments[:-1]
        last = segments[-1]
        children = tuple(
            decoded_field(f"CWD {i + 1}", s.text, s.span) for i, s in enumerate(dirs[:_MAX_DIRS])
        )
        if dirs:
            fields.append(DecodedField(
                "Directories", "/".join(c.value for c in children[:50]), None,
                "Each segment is one CWD command; %2F inside a segment is a slash in a "
                "name (RFC 1738 §3.2.2).", None, children))
        if last.text:
            fields.append(decoded_field("File", last.text, last.span))
        elif typecode_field is None or typecode_field.value.lower() != "d":
            fields.append(DecodedField("File", "(none: a directory)", last.span))
    if typecode_field is not None:
        fields.append(typecode_field)
    if sp.query is not None:
        fields.append(DecodedField("Query", sp.query.text, sp.query.span,
                                   "RFC 1738 §3.2 gives an ftp URL no query.", "warning"))
    return SchemeDecoding("ftp", "ftp: login, path and typecode", tuple(fields))
