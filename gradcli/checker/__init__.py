"""One gradient check (gradcli.check is its entry point): finite differences, the exact reference, diagnosis, verdicts, fixes.

This package knows nothing of the command line; `check` returns dataclasses.
It is loaded on first use, so the CLI can read its options and defaults
without importing NumPy.
"""

from .options import CheckOptions
from .results import CheckReport, Finding, Fix, PointResult
from .verdict import Verdict

__all__ = ["check", "CheckOptions", "CheckReport", "PointResult", "Finding", "Fix", "Verdict"]


def __getattr__(name):
    if name == "check":
        from .runner import check  # lazy: NumPy, which the CLI's options and defaults never need

        return check
    raise AttributeError(f"module 'gradcli.checker' has no attribute {name!r}")
