"""Numbers at high precision, and their rounding noise: what the exact reference settles on.

`Exact` is the exact reference of one point. `with_noise` runs a program at
the current mpmath precision three times, rounding to nearest and then
alternately down and up, so every result comes with its rounding noise;
`settle` takes a result once two precisions agree within that noise.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..autodiff.ops import raw
from ..autodiff.tracer import hooks

START_DIGITS = 30


MAX_DIGITS = 4000


AGREE_DIGITS = 20  # enough to judge float64 results with a margin


MAX_FD_COORDINATES = 16  # above this, the exact gradient of a Python function is checked along a direction


@dataclass
class Exact:
    """The exact value and gradients at one point, and how they were obtained."""

    value: object = None  # an mpf (or object array)
    gradient: list = field(default_factory=list)  # true derivative, one per variable (None: not computed)
    rule: list = field(default_factory=list)  # gradcli's rule at high precision, one per variable
    digits: int = 0
    determined: bool = True
    direction: object = None  # when the exact gradient is only known along a direction
    directional: object = None  # exact directional derivative along `direction`
    kinks: list = field(default_factory=list)  # (variable, left, right): one-sided derivatives that differ
    # (variable, left, right) where a side's difference quotient grows without bound as the step
    # shrinks (a jump, or a pole on one side): that side is a list of (step, quotient) pairs.
    singular: list = field(default_factory=list)
    error: str = ""
    unsettled: bool = False  # the precision ran out before two precisions agreed
    out_of_time: str = ""  # the time budget ran out (the message, naming --max-time): no reference
    method: str = ""  # "balls" (the formula's symbolic derivative on arb balls) or "mpmath"
    notes: list = field(default_factory=list)


def to_mp(value):
    """An exact mpmath copy of a float or float array (every binary float is an mpf exactly)."""
    import mpmath

    if isinstance(value, np.ndarray):
        out = np.empty(value.shape, dtype=object)
        flat = value.astype(np.float64).ravel()
        for i, v in enumerate(flat):
            out.flat[i] = mpmath.mpf(float(v))
        return out
    return mpmath.mpf(float(value))


def _as_array(value):
    if isinstance(value, np.ndarray):
        return value
    return np.array(value, dtype=object)


def flat_entries(value):
    """The entries of a result (mpf, 0-d array, object array, box) as a flat list of mpf."""
    import mpmath

    value = _scalar_of(value)
    out = []
    for v in _as_array(value).ravel():
        v = _scalar_of(v)
        if isinstance(v, mpmath.mpc):
            v = v.real if v.imag == 0 else mpmath.nan
        try:
            out.append(v if isinstance(v, mpmath.mpf) else mpmath.mpf(v))
        except (TypeError, ValueError):
            out.append(mpmath.nan)
    return out


class _Rounding:
    """Make mpmath round in one direction: "n" nearest, "f" down, "c" up.

    With ``alternate``, the direction flips after every gradcli op, so that
    ``a - b`` sees ``a`` rounded one way and ``b`` the other: rounding every op
    the same way lets correlated errors cancel (sqrt(x+1) - sqrt(x) at 1e300
    is 0 rounded down and rounded up alike).
    """

    def __init__(self, mode, alternate=False):
        self.mode = mode
        self.alternate = alternate

    def __enter__(self):
        import mpmath

        self.saved = mpmath.mp._prec_rounding[1]
        mpmath.mp._prec_rounding[1] = self.mode
        self.saved_hook = hooks.forward
        if self.alternate:
            hooks.forward = self._flip

    def _flip(self, prim, args, kwargs, ans):
        import mpmath

        mpmath.mp._prec_rounding[1] = "c" if mpmath.mp._prec_rounding[1] == "f" else "f"

    def __exit__(self, *exc):
        import mpmath

        mpmath.mp._prec_rounding[1] = self.saved
        hooks.forward = self.saved_hook
        return False


def _spread(nearest, others):
    """How far directed rounding moved one entry from ``nearest``: its rounding noise (inf: unknown)."""
    import mpmath

    values = (nearest, *others)
    if all(mpmath.isnan(v) for v in values):
        return mpmath.mpf(0)
    if any(mpmath.isnan(v) or mpmath.isinf(v) for v in values):
        return mpmath.mpf(0) if all(v == nearest for v in others) else mpmath.inf
    return max(abs(v - nearest) for v in others)


_DIRECTED = (("f", True), ("c", True))


def with_noise(fun):
    """``fun()`` rounded to nearest, and each entry's rounding noise.

    The same program is run twice more, its ops rounding alternately down and
    up, the first op down in one run and up in the other, so that every op is
    pushed both ways and the two sides of a subtraction apart (rounding every
    op the same way lets sqrt(x+1) - sqrt(x) cancel its own errors); how far
    those runs stray from the nearest-rounded one estimates the rounding
    error. Two precisions can agree on a false 0 (1 - cos(1e-300) is 0 below
    600 digits), but the directed runs give 2^-precision there, so the noise
    shows the 0 is not to be trusted; an exact computation (x - x) has no
    noise at all. Two runs, not four (down, up and both alternations): the
    uniform ones found nothing the alternating ones missed, at twice the cost.
    """
    import mpmath

    nearest = fun()
    entries = flat_entries(nearest)
    runs = []
    for mode, alternate in _DIRECTED:
        try:
            with _Rounding(mode, alternate):
                runs.append(flat_entries(fun()))
        except Exception:  # noqa: BLE001 - raises only when rounded one way: noise unknown
            return nearest, [mpmath.inf] * len(entries)
    if any(len(run) != len(entries) for run in runs):
        return nearest, [mpmath.inf] * len(entries)
    return nearest, [_spread(n, others) for n, *others in zip(entries, *runs)]


def zero_floor(digits):
    """Below this, an entry that is 0 within its noise at two precisions is taken to be 0.

    Not a relative tolerance: tanh'(50) = 1.5e-43 is small, not zero. 1e-330 is
    below the smallest float64 (4.9e-324): no working dtype can tell it from 0.
    """
    import mpmath

    return mpmath.mpf(10) ** -330


def settle(previous, current, digits):
    """Entries agreed at two successive precisions, or None.

    ``previous`` and ``current`` are ``(entries, noises)``. An entry has settled
    when the current one is accurate to AGREE_DIGITS (its noise is that
    small) and the previous one agrees with it to as many digits; NaN with NaN
    and equal infinities agree when no rounding direction changes them; and an
    entry that is 0 within its noise at both precisions, the noise below
    `zero_floor`, is 0 (sin(x)**2 + cos(x)**2 - 1, or the difference quotient
    of a function that is identically 0).
    """
    import mpmath

    tol = mpmath.mpf(10) ** (-AGREE_DIGITS)
    (before, before_noise), (now, now_noise) = previous, current
    if len(before) != len(now):
        return None
    out = []
    for a, ua, b, ub in zip(before, before_noise, now, now_noise):
        if mpmath.isnan(b) or mpmath.isinf(b) or mpmath.isnan(a) or mpmath.isinf(a):
            same = (mpmath.isnan(a) and mpmath.isnan(b)) or a == b
            if same and ub == 0:
                out.append(b)
                continue
            return None
        if ub <= tol * abs(b) and abs(a - b) <= tol * max(abs(a), abs(b)):
            out.append(b)
        elif abs(b) <= ub and abs(a) <= ua and ub <= zero_floor(digits):
            out.append(mpmath.mpf(0))
        else:
            return None
    return out


def rebuild(like, entries):
    """Entries back in the shape of ``like`` (a scalar, or an object array)."""
    like = _scalar_of(like)
    if isinstance(like, np.ndarray) and like.ndim:
        out = np.empty(like.shape, dtype=object)
        for i, v in enumerate(entries):
            out.flat[i] = v
        return out
    return entries[0]


def relative_step(x, h_scale):
    """A central-difference step relative to |x| (x +- h never crosses 0, where log and sqrt end)."""
    return h_scale * (abs(x) if x != 0 else 1)


def _scalar_of(value):
    value = raw(value)
    return value[()] if isinstance(value, np.ndarray) and value.ndim == 0 else value
