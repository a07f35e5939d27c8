"""The options of one check, in one frozen object that every entry point (the CLI, the library, tests) builds.

Importing this module imports no NumPy: the CLI reads the defaults from here.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Optional

from ..errors import InputError
from .dtypes import canonical_names
from .verdict import DEFAULT_FAIL_ON, Verdict

# The lowest --max-digits: the reference's first two precisions (precision.START_DIGITS and twice it), written out so
# that this module imports no NumPy.
LEAST_DIGITS = 60
# What a Python function can be written for: gradcli.numpy, plain NumPy (run on gradcli.numpy), JAX.
FRAMEWORKS = ("gradcli", "numpy", "jax", "torch", "tensorflow")


@dataclass(frozen=True)
class CheckOptions:
    """How to check a gradient; validated (and spelled canonically) when made, before any point is checked.

    >>> CheckOptions(dtypes=("f8",), fail_on=("wrong",)).dtypes
    ('float64',)
    """

    dtypes: tuple = ("float32", "float64")  # the working precisions
    wrt: Optional[tuple] = None  # the variables to differentiate by (None: every one)
    order: int = 1  # 2 also checks the Hessian (scalar variables)
    rtol: Optional[float] = None  # the relative tolerance for "unstable" (None: per dtype, dtypes.DEFAULT_RTOL)
    atol: float = 0.0  # the absolute tolerance: pass when |computed - exact| <= atol + rtol * |exact|
    full: bool = False  # every coordinate: finite differences above 64 inputs, a Python function's exact gradient above 16
    seed: int = 0  # for random-direction checks
    fail_on: tuple = DEFAULT_FAIL_ON  # the verdicts that fail the check
    fixes: bool = True  # look for fixes when a formula fails
    treat_as_variables: tuple = ()  # names that are variables even if they are constants (e, pi)
    max_time: float = 30.0  # seconds for the exact reference of the whole check (then: error)
    max_digits: Optional[int] = None  # the most digits the exact reference climbs to (None: precision.MAX_DIGITS)
    framework: Optional[str] = None  # what a Python function is written for (None: read from its imports)

    def __post_init__(self):
        # Frozen, so the canonical spellings are set past __setattr__, once, here.
        canonical = {
            "dtypes": canonical_names(_names(self.dtypes)),
            "wrt": _names(self.wrt) or None,
            "fail_on": _verdicts(_names(self.fail_on)),
            "treat_as_variables": _names(self.treat_as_variables),
        }
        for name, value in canonical.items():
            object.__setattr__(self, name, value)
        if self.framework is not None and self.framework not in FRAMEWORKS:
            raise InputError(f"--framework {self.framework}: not a framework (use {', '.join(FRAMEWORKS)})")
        if self.order not in (1, 2):
            raise InputError(f"order {self.order}: gradcli checks first (1) and second (2) derivatives")
        if not self.max_time > 0:
            raise InputError(f"--max-time {self.max_time}: a time budget is a number of seconds above 0")
        if self.max_digits is not None and not (
            isinstance(self.max_digits, int) and not isinstance(self.max_digits, bool) and self.max_digits >= LEAST_DIGITS
        ):
            raise InputError(
                f"--max-digits {self.max_digits}: a ceiling is a whole number of digits, {LEAST_DIGITS} or more (the "
                f"exact reference starts at {LEAST_DIGITS // 2} and needs two precisions that agree)"
            )
        if self.rtol is not None and not self.rtol > 0:
            raise InputError(f"--rtol {self.rtol}: a tolerance is a number above 0")
        given, atol = self.atol, _tolerance(self.atol)
        object.__setattr__(self, "atol", atol)
        if not 0 <= atol < float("inf"):
            raise InputError(
                f"--atol {given}: an absolute tolerance is a finite number, 0 or above (0, the "
                "default, judges by the relative tolerance alone; 1e-12 also accepts any entry within "
                "1e-12 of the exact answer)"
            )


def build_options(*layers) -> CheckOptions:
    """The one options object from layers of ``{field: value}``, each later layer overriding the earlier.

    Every entry point builds its options here: the CLI (its flags), a spec
    (``[defaults]``, then a ``[[case]]``), the ``gradcli.audit`` decorator and
    tests. A value of None means "not given" and leaves the layer below in force.

    >>> build_options({"dtypes": ["float32"], "rtol": 1e-3}, {"rtol": 1e-4}).rtol
    0.0001
    """
    known = {f.name for f in fields(CheckOptions)}
    merged = merge_layers(*layers)
    unknown = sorted(set(merged) - known)
    if unknown:
        raise InputError(f"{unknown[0]}: not a check option (the options: {', '.join(sorted(known))})")
    return CheckOptions(**merged)


def merge_layers(*layers) -> dict:
    """One dict from ``layers``: each later layer's values override, and None means "not given"."""
    merged = {}
    for layer in layers:
        merged.update((name, value) for name, value in layer.items() if value is not None)
    return merged


def _tolerance(value):
    """``value`` as a float; nan (which fails every comparison) for what is not a number."""
    try:
        return float(value)
    except (TypeError, ValueError):
        return float("nan")


def _names(value):
    """A tuple of names, from one name or from several (None: none)."""
    return (value,) if isinstance(value, str) else tuple(value or ())


def _verdicts(fail_on):
    """``fail_on`` as verdicts; InputError for one that is not a failing verdict, or for none."""
    failing = [v for v in Verdict if v != Verdict.OK]
    bad = [v for v in fail_on if v not in failing]
    if bad:
        raise InputError(f"--fail-on {bad[0]}: not a verdict (use {', '.join(failing)})")
    if not fail_on:
        raise InputError(f"--fail-on needs at least one verdict: {', '.join(failing[:-1])} or {failing[-1]}")
    return tuple(Verdict(v) for v in fail_on)
