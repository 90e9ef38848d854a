"""dangerous-scheme: javascript:, vbscript:, data: and file:."""

from __future__ import annotations

import pytest

from uriinspector.core.findings import detect_text


def scheme(uri: str) -> list[tuple[str, str]]:
    return [(f.severity, f.span.of(uri)) for f in detect_text(uri) if f.code == "dangerous-scheme"]


@pytest.mark.parametrize(
    "uri",
    ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "vbscript:msgbox(1)",
     "data:text/html;base64,PHNjcmlwdD4=", "data:image/svg+xml,<svg onload=alert(1)>"],
)
def test_script_schemes_are_danger(uri: str) -> None:
    assert scheme(uri)[0][0] == "danger"


def test_disguised_scheme_is_read_as_the_browser_reads_it() -> None:
    [(severity, evidence)] = scheme("java\tscript:alert(1)")
    assert severity == "danger" and evidence == "java\tscript"
    assert scheme(" javascript:alert(1)")[0][0] == "danger"


def test_file_and_images_are_noted() -> None:
    assert scheme("file:///etc/passwd") == [("warning", "file")]
    assert scheme("data:image/png;base64,iVBO")[0][0] == "warning"


def test_web_schemes_are_quiet() -> None:
    assert scheme("https://example.com/javascript:void") == []
    assert scheme("mailto:a@example.com") == []
