"""NumPy's window functions (``np.hanning``, ``hamming``, ``blackman``, ``bartlett``) for gradcli.numpy: NumPy's
floats in a run in a dtype, the window's mathematics in an exact run.

NumPy computes ``0.42 - 0.5 cos(2 pi n / (M - 1)) + 0.08 cos(...)`` in float64:
its Blackman window's ends are -1.4e-17, where the window is 0. An exact run
holding those floats would take NumPy's roundings for the window itself. In an
exact run (`tracer.exact_constant` set) a window the user's code asks for is
computed on the run's own numbers: its angles p pi / q exact, its coefficients
the decimals its definition writes (0.42, 0.54), its ramps the exact quotients.
"""

from __future__ import annotations

import contextlib
import functools
import sys

import numpy as np

from . import ops, tracer
from .values import raw, rounded_to_nearest


def _window(numpy_window, entries):
    """NumPy's ``numpy_window(M)``, or in an exact run called by the user's code ``entries(k, m)`` of the exact counts
    k = 0 .. M - 1 and m = M - 1 (a window of at most one entry is NumPy's own: [] or [1.0])."""

    @functools.wraps(numpy_window)
    def window(M):
        if tracer.exact_constant is None or M <= 1 or not tracer._from_user_code(sys._getframe(1)):
            return numpy_window(M)
        return made_once((numpy_window.__name__, M), lambda: _entries_of(entries, M))

    window.on_values = True  # the catalogue lists ops, not these
    return window


def _entries_of(entries, M):
    """The window's first half (to its middle entry) as ``entries`` computes it, the rest its mirror image: each of
    NumPy's windows is symmetric, w[k] = w[M - 1 - k], so a long window costs half its entries' arithmetic."""
    with _unrecorded():
        counts = tracer.exact_constant(np.arange((M + 1) // 2, dtype=np.float64))
        half = np.asarray(raw(entries(counts, M - 1)), dtype=object)
    return np.concatenate([half, half[: M // 2][::-1]])


_MADE = {}  # (a window's name and parameters, the run's kind of number and precision) -> its exact entries
_MADE_HELD = 32  # beyond this many windows the table starts again (a long audit's many lengths and precisions)


def made_once(key, make):
    """``make()`` (a window's exact entries), made once per kind of number and precision, on mpmath's numbers rounded
    to nearest: a run at one precision asks for the same window again, and a long one costs seconds. The differences'
    noise runs (every op rounding up, or down) take the window their precision rounds to nearest, as the float
    program holds one window for its four values, whose rounding moves them alike (directed, its 20000 cosines cost
    each a condition's probes, three runs over). Only mpmath's numbers and flint's balls are kept: a proof's numbers
    belong to their own proof run."""
    precision = _precision_of(tracer.exact_constant(0.0))
    if precision is None:
        return make()
    found = _MADE.get((key, precision))
    if found is None:
        if len(_MADE) >= _MADE_HELD:
            _MADE.clear()
        nearest = rounded_to_nearest() if precision[0] == "mpmath" else contextlib.nullcontext()
        with _unrecorded(), nearest:  # no noise run's flips between its ops either
            found = _MADE[(key, precision)] = make()
    return found.copy()


def exactly(number):
    """A key for an exact ``number`` of a run (a window's parameter), the same only for the same number."""
    if hasattr(number, "_mpf_"):
        return number._mpf_
    if hasattr(number, "mid"):
        return number.mid().man_exp(), str(number.rad())
    return repr(number)


def _precision_of(number):
    """What a run's exact ``number`` is computed at: mpmath's precision, or flint's; None for another kind (a proof's
    number, a jet)."""
    kind = type(number)
    if kind.__module__.startswith("mpmath"):
        import mpmath  # lazy: loaded by whatever made the number

        return "mpmath", mpmath.mp.prec
    if kind.__module__.startswith("flint") and kind.__name__ == "arb":
        import flint  # lazy: loaded by whatever made the number

        return "arb", flint.ctx.prec
    return None


@contextlib.contextmanager
def _unrecorded():
    """The window's arithmetic hidden from the checker's recorder: a constant of the program, no op of the user's."""
    saved = tracer.hooks.forward, tracer.hooks.backward
    tracer.hooks.forward = tracer.hooks.backward = None
    try:
        yield
    finally:
        tracer.hooks.forward, tracer.hooks.backward = saved


def _decimal(hundredths):
    """``hundredths`` / 100 as an exact number of the run's kind."""
    return tracer.exact_constant(np.float64(hundredths)) / 100


def _cosines(counts, m, turns):
    """cos(turns pi k / m) for each count k, the angle exact, each distinct cosine computed once: for even ``turns``
    every entry is cos(2 pi j / m) of one j in 0 .. m/2, since cos(2 pi (m - j) / m) = cos(2 pi j / m), so a long
    window costs half its entries' cosines (a proof's cosines of rational multiples of pi are the costly ones) and
    its mirror entries are one number."""
    if turns % 2:
        return ops.cos(ops.multiply(counts, ops.constant("pi", counts) * turns / m))
    angles = ops.cos(ops.multiply(counts[: m // 2 + 1], ops.constant("pi", counts) * 2 / m))
    steps = (turns // 2 * np.arange(len(counts))) % m
    return np.asarray(raw(angles), dtype=object)[np.minimum(steps, m - steps)]


def _hanning(counts, m):
    return ops.subtract(0.5, ops.multiply(_cosines(counts, m, 2), 0.5))


def _hamming(counts, m):
    return ops.subtract(_decimal(54), ops.multiply(_cosines(counts, m, 2), _decimal(46)))


def _blackman(counts, m):
    return ops.add(ops.subtract(_decimal(42), ops.multiply(_cosines(counts, m, 2), 0.5)),
                   ops.multiply(_cosines(counts, m, 4), _decimal(8)))


def _bartlett(counts, m):
    return ops.subtract(1, ops.absolute(ops.subtract(ops.divide(ops.multiply(counts, 2), m), 1)))


hanning = _window(np.hanning, _hanning)
hamming = _window(np.hamming, _hamming)
blackman = _window(np.blackman, _blackman)
bartlett = _window(np.bartlett, _bartlett)
