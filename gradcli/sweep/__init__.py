"""Sweeps: over which inputs, in which dtype, does a gradient break? (README, "Sweeps: `gradcli sweep`").

``gradcli.sweep(target, {"x": (lo, hi, n)})`` sweeps one variable, or two as
a grid, and returns a `SweepResult` of intervals per dtype (`run`); its
``to_dict()`` is the ``gradcli.sweep/1`` JSON contract. The sweep is a client
of the checker: every verdict in it is one of `gradcli.check`.

This package is itself the `sweep` function: ``gradcli.sweep`` is the package
once any of its modules is imported (Python sets the attribute), so the
package object is made callable and ``gradcli.sweep(...)`` works either way.
The sweep and `evaluate` load on first use: the ranges and result classes
need no NumPy.
"""

import sys
import types

from ..checker.ranges import DEFAULT_N, MAX_POINTS, SCALES, Range, sample
from .results import KINDS, PARTS, DtypeSweep, FixSweep, Interval, Samples, SweepResult, Threshold

__all__ = [
    "sweep", "evaluate", "Range", "sample", "SCALES", "DEFAULT_N", "MAX_POINTS", "KINDS", "PARTS",
    "SweepResult", "DtypeSweep", "Interval", "Threshold", "Samples", "FixSweep",
]


def __getattr__(name):
    if name == "sweep":
        from .run import sweep  # lazy: NumPy and the whole checker, loaded when a sweep runs

        return sweep
    if name == "evaluate":
        from .vectorised import evaluate  # lazy: NumPy and the core, loaded when asked for

        return evaluate
    raise AttributeError(f"module 'gradcli.sweep' has no attribute {name!r}")


class _CallablePackage(types.ModuleType):
    """A module that, called, is `gradcli.sweep.run.sweep`."""

    def __call__(self, *args, **kwargs):
        return self.sweep(*args, **kwargs)


sys.modules[__name__].__class__ = _CallablePackage
