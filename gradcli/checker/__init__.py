"""One gradient check (gradcli.check is its entry point): finite differences, the exact reference, diagnosis, verdicts, fixes.

This package knows nothing of the command line; `check` returns dataclasses.
"""

from .results import CheckReport, Finding, Fix, PointResult
from .runner import check

__all__ = ["check", "CheckReport", "PointResult", "Finding", "Fix"]
