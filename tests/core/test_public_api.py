"""``uriinspector.api`` exposes the core's entry points; ``uriinspector.core`` imports nothing."""

from __future__ import annotations

import subprocess
import sys

import uriinspector.api as api


def test_every_public_name_is_the_core_definition() -> None:
    for name in api.__all__:
        value = getattr(api, name)
        assert value.__name__ == name, name
        assert value.__module__.startswith("uriinspector.core."), name


def test_the_facade_works_end_to_end() -> None:
    # RFC 3986 §5.4.1: "g;x?y#s" against http://a/b/c/d;p?q
    assert api.resolve("http://a/b/c/d;p?q", "g;x?y#s").target == "http://a/b/c/g;x?y#s"
    assert api.analyze("http://www.example.com&story=x@10.0.0.1/").effective_host == "10.0.0.1"
    # RFC 3986 §6.2.2.2: %7E and ~ agree once unreserved octets are decoded.
    assert api.compare("HTTP://a/%7e", "http://a/~").rung == "percent-encoding"


def test_importing_the_core_package_loads_no_submodule() -> None:
    # Start-up cost: the window imports only what it uses.
    code = (
        "import sys, uriinspector.core; "
        "print(sorted(m for m in sys.modules if m.startswith('uriinspector.core.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
