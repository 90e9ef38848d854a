"""URI Inspector's core model: pure Python, no Qt, every offset in code points.

Each submodule holds one concern (docs/architecture.md); every result object is
frozen. This package deliberately imports nothing, so the window can import the few
modules it needs at start-up without paying for the rest. Scripts that want every
entry point in one place use :mod:`uriinspector.api`.
"""
