"""JAX's window reductions (``lax.reduce_window`` with max, min or add: max and average pooling) and the backward
step of a max or min pooling (``select_and_scatter_add``), as gradcli operations.

A window reduction folds, window offset by window offset, the strided slices
of the padded input with the pairwise op (maximum, minimum, add): each output
entry is the fold of its window, computed by recorded ops, so the replay runs on
NumPy arrays of any float dtype, on mpmath numbers and on balls, and its exact
derivative is the derivative of those ops. The backward step of a max pooling
adds each upstream gradient to the entry its window chose: the first of the
window's largest (XLA selects with ``ge``, keeping the earlier entry on a tie),
chosen on the numbers, a choice that is data as a sort's order is.
"""

from __future__ import annotations

import itertools

import numpy as np

import gradcli.numpy as gnp

from ..autodiff.ops_array import untake
from ..autodiff.values import Box, raw
from ..errors import InputError

# Per reduction: the pairwise op the window is folded with and the value its padding holds (the op's identity).
_FOLDS = {"max": (gnp.maximum, -np.inf), "min": (gnp.minimum, np.inf), "sum": (gnp.add, 0.0)}
# Per select_and_scatter_add's select_prim: the reduction whose chosen entry gets the gradient.
_SELECTED = {"ge": "max", "le": "min"}


def reduce_window(kind):
    """The rule of ``reduce_window_<kind>`` (max, min or sum)."""

    def rule(params, x):
        _undilated(params, f"reduce_window_{kind}")
        pairwise, identity = _FOLDS[kind]
        out = None
        for part in _window_slices(_padded(x, params["padding"], identity), params, params["_out"][0]):
            out = part if out is None else pairwise(out, part)
        return out

    return rule


def select_and_scatter_add(params, source, operand):
    """``select_and_scatter_add``: each entry of ``source`` (one per window) added to the entry of ``operand`` its
    window selects (the first largest for ``ge``, the first smallest for ``le``), zeros elsewhere."""
    name = str(params["select_prim"]).split(".")[-1]
    kind = _SELECTED.get(name)
    if kind is None:
        raise InputError(f"JAX's select_and_scatter_add with {name} is an operation gradcli cannot replay yet")
    padding = params["padding"]
    shape = np.shape(raw(operand))
    numbers = _padded(np.asarray(raw(operand)), padding, _FOLDS[kind][1])
    windows = np.shape(raw(source))
    best, chosen = None, None
    for k, part in enumerate(_window_slices(numbers, params, windows)):
        if best is None:
            best, chosen = part, np.zeros(part.shape, dtype=int)
            continue
        better = np.asarray(part > best if kind == "max" else part < best, dtype=bool)  # a tie keeps the earlier
        best, chosen = np.where(better, part, best), np.where(better, k, chosen)
    padded_shape = numbers.shape
    out = None
    for k, offsets in enumerate(itertools.product(*[range(int(n)) for n in params["window_dimensions"]])):
        positions = [o + s * np.arange(n) for o, s, n in zip(offsets, params["window_strides"], windows)]
        placed = untake(gnp.where(chosen == k, source, 0.0), np.ix_(*positions), padded_shape, _dtype_of(source))
        out = placed if out is None else gnp.add(out, placed)
    return out[tuple(slice(int(low), int(low) + n) for (low, _), n in zip(padding, shape))]


def _undilated(params, name):
    dilations = [*params.get("base_dilation", ()), *params.get("window_dilation", ())]
    if any(int(d) != 1 for d in dilations):
        raise InputError(f"JAX's {name} with a base or window dilation is an operation gradcli cannot replay yet")


def _padded(x, padding, value):
    """``x`` with ``padding`` ((low, high) per axis, none negative) of ``value`` around it."""
    if not any(int(low) or int(high) for low, high in padding):
        return x
    if not isinstance(x, Box):  # numbers no op follows (a float array, mpmath numbers, balls): NumPy's own pad
        return np.pad(np.asarray(x), [(int(low), int(high)) for low, high in padding], constant_values=value)
    shape = np.shape(raw(x))
    out_shape = tuple(n + int(low) + int(high) for n, (low, high) in zip(shape, padding))
    index = np.ix_(*[int(low) + np.arange(n) for n, (low, _) in zip(shape, padding)])
    mask = np.ones(out_shape, dtype=bool)
    mask[index] = False
    return gnp.add(gnp.where(mask, value, 0.0), untake(x, index, out_shape, _dtype_of(x)))


def _window_slices(x, params, out_shape):
    """The strided slice of ``x`` at each window offset, in XLA's order (the last axis's offset fastest)."""
    for offsets in itertools.product(*[range(int(n)) for n in params["window_dimensions"]]):
        yield x[tuple(slice(o, o + s * (n - 1) + 1, s) for o, s, n in zip(offsets, params["window_strides"], out_shape))]


def _dtype_of(x):
    dtype = np.asarray(raw(x)).dtype
    return np.dtype(object) if dtype == object else dtype
