"""polygamma(n, x) as the frameworks compute it: the order n is data, read entry by entry.

JAX's ``lax.polygamma``, TensorFlow's ``Polygamma`` and PyTorch's ``polygamma``
take the order as a number (an array of orders too, in JAX and TensorFlow) and
give NaN where it is no whole number >= 0. A replay reads each order exactly:
an order the exact reference moved a little below a whole number is no whole
number there, never cut down to the one below it.
"""

from __future__ import annotations

import numpy as np

import gradcli.numpy as gnp

from ..autodiff.values import raw


def _whole(number):
    """Whether a replayed number (a float, an mpmath number, a ball) is exactly a whole number >= 0."""
    if hasattr(number, "is_integer") and not isinstance(number, float):  # a ball: exact and whole
        return bool(number.is_integer()) and number >= 0
    if type(number).__module__.startswith("mpmath"):
        import mpmath  # lazy: only the exact reference holds mpmath numbers

        return bool(mpmath.isint(number)) and number >= 0
    return float(number).is_integer() and float(number) >= 0


def polygamma_of_orders(n, x):
    """polygamma(n, x) with n read entry by entry as a whole number, NaN where an entry is none (the derivative is
    in x alone)."""
    entries = np.asarray(raw(n), dtype=object)
    whole = np.array([_whole(e) for e in entries.ravel()], dtype=bool).reshape(entries.shape)
    orders = np.array([int(float(e)) if w else 0 for e, w in zip(entries.ravel(), whole.ravel())],
                      dtype=np.int64).reshape(entries.shape)
    value = gnp.polygamma(orders, x)
    return value if whole.all() else gnp.where(whole, value, np.nan)
