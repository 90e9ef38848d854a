"""The core's public entry points in one import, for scripts and notebooks.

``from uriinspector.api import analyze, resolve`` gives the same objects as the
submodules of :mod:`uriinspector.core` (which stays import-free for start-up speed).
Everything here is pure Python, never imports Qt and never touches the network.
"""

from __future__ import annotations

from uriinspector.core.analysis import Analysis, Verdict, analyze
from uriinspector.core.compare import Comparison, compare
from uriinspector.core.defang import defang, refang
from uriinspector.core.destinations import Destination, Destinations, Unknowable, destinations
from uriinspector.core.diagnostics import Diagnostic
from uriinspector.core.editions import Edition
from uriinspector.core.extract import Extracted, extract
from uriinspector.core.findings.base import Finding
from uriinspector.core.legacy._trace import Step
from uriinspector.core.normalize import Edit, Ladder, Rung, normalize
from uriinspector.core.parse import ParsedReference, parse
from uriinspector.core.resolve import Resolution, remove_dot_segments, resolve, resolve_all
from uriinspector.core.spans import Span
from uriinspector.core.split import SplitReference, split
from uriinspector.core.urn import UrnParse, parse_urn, urn_equivalent

__all__ = [
    "Analysis",
    "Comparison",
    "Destination",
    "Destinations",
    "Diagnostic",
    "Edit",
    "Edition",
    "Extracted",
    "Finding",
    "Ladder",
    "ParsedReference",
    "Resolution",
    "Rung",
    "Span",
    "SplitReference",
    "Step",
    "Unknowable",
    "UrnParse",
    "Verdict",
    "analyze",
    "compare",
    "defang",
    "destinations",
    "extract",
    "normalize",
    "parse",
    "parse_urn",
    "refang",
    "remove_dot_segments",
    "resolve",
    "resolve_all",
    "split",
    "urn_equivalent",
]
