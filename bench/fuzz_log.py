"""What both fuzz harnesses keep of a run: each distinct crash with its smallest input,
and the run's figures, written where a person finds them (``bench/out/``).

A crash's signature is its target, its exception type and the innermost ``uriinspector``
frame (or, for an ``internal-error`` answer, the protocol's message, which names the
site); a later input with the same signature replaces the kept one only when shorter.
Used by ``bench/fuzz.py`` and ``bench/fuzz_extract.py``; imports no atheris.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
import traceback
from pathlib import Path
from typing import Any


class InternalErrorAnswer(Exception):
    """The batch protocol answered ``internal-error``: a core function raised."""


class CrashLog:
    """Distinct crashes under ``crash_dir`` and the run's figures in ``stats``."""

    def __init__(self, crash_dir: Path, stats: Path, extra: dict[str, Any] | None = None) -> None:
        self.crash_dir = crash_dir
        self.stats = stats
        self.extra = extra or {}
        self.runs = 0
        self.started = time.time()
        self.last_flush = 0.0
        self.crashes: dict[str, dict[str, Any]] = {}
        crash_dir.mkdir(parents=True, exist_ok=True)

    def ran(self) -> None:
        """One more input was run; write the figures every two seconds."""
        self.runs += 1
        if time.time() - self.last_flush > 2:
            self.flush()

    def record(self, target: str, data: bytes, exc: BaseException) -> None:
        """Keep ``exc`` raised by ``target`` on ``data`` (the smallest input per crash)."""
        frames = traceback.extract_tb(exc.__traceback__)
        inner = next((f for f in reversed(frames) if "uriinspector" in f.filename), None)
        where = f"{Path(inner.filename).name}:{inner.lineno}" if inner else "?"
        if isinstance(exc, InternalErrorAnswer):  # the protocol's message names the site
            where = str(exc)[:80]
        signature = f"{target} {type(exc).__name__} {where}"
        key = hashlib.sha1(signature.encode()).hexdigest()[:12]
        known = self.crashes.get(key)
        if known is not None:
            known["count"] += 1
            if len(data) >= known["input_len"]:
                return
        entry = {
            "signature": signature,
            "target": target,
            "exception": f"{type(exc).__name__}: {str(exc)[:500]}",
            "count": known["count"] if known else 1,
            "input_len": len(data),
            "input_hex": data.hex(),
            "traceback": "".join(traceback.format_exception(exc))[-4000:],
        }
        self.crashes[key] = entry
        (self.crash_dir / f"{key}.json").write_text(json.dumps(entry, indent=1))
        if known is None:
            print(f"\n#### new crash {key}: {signature}: {entry['exception'][:200]}",
                  file=sys.stderr, flush=True)
        self.flush()

    def flush(self) -> None:
        """Write the run's figures (inputs, speed, distinct crashes) atomically."""
        self.last_flush = time.time()
        seconds = self.last_flush - self.started
        stats = {
            "inputs_run": self.runs,
            "seconds": round(seconds, 1),
            "inputs_per_second": round(self.runs / max(seconds, 1e-9)),
            **self.extra,
            "distinct_crashes": len(self.crashes),
            "crashes": [{k: c[k] for k in ("signature", "exception", "count", "input_len")}
                        for c in self.crashes.values()],
        }
        tmp = self.stats.with_suffix(".tmp")
        tmp.write_text(json.dumps(stats, indent=1))
        tmp.replace(self.stats)
