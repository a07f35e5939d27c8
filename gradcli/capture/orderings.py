"""Running folds (cumulative products, maxima, log-sum-exps) and sorts, shared by the three frameworks' tables.

Frameworks compute these with kernels gradcli's core has no primitive for;
here each is written with ``gradcli.numpy`` ops (a running fold of slices, a
gather by the order of the plain values), so the replay is differentiable and
runs on NumPy arrays of any float dtype, on mpmath numbers and on flint balls
(a comparison balls cannot decide raises, and the exact reference turns to
mpmath, as it does for every undecided comparison).
"""

from __future__ import annotations

import numpy as np

import gradcli.numpy as gnp

from ..autodiff.ops_shape import ranked
from ..autodiff.values import raw


def cumulative(x, axis, combine, reverse=False, exclusive=False, identity=None):
    """``x`` folded along ``axis`` with ``combine`` (running product, maximum, log-sum-exp ...), slice by slice.

    ``exclusive`` starts each position with the fold of the ones before it
    (``identity`` at the first); ``reverse`` folds from the end.
    """
    axis = int(axis) % max(np.ndim(raw(x)), 1)
    n = np.shape(raw(x))[axis]
    lead = (slice(None),) * axis
    order = range(n - 1, -1, -1) if reverse else range(n)
    out, running = [None] * n, None
    for i in order:
        part = x[lead + (i,)]
        if exclusive:
            out[i] = running if running is not None else gnp.full_like(part, identity)
        running = part if running is None else combine(running, part)
        if not exclusive:
            out[i] = running
    return gnp.stack(out, axis=axis)


def order_of(x, axis=-1, descending=False):
    """The stable order of ``x``'s plain values along ``axis`` (ties keep their positions), as indices."""
    values = ranked(raw(x))  # balls compared as decisions of the path, not by flint's unrecorded <
    if descending:
        # A stable descending order: ascending order of the reversed axis, mapped back and reversed.
        flipped = np.flip(values, axis=axis)
        n = values.shape[axis]
        return np.flip(n - 1 - np.argsort(flipped, axis=axis, kind="stable"), axis=axis)
    return np.argsort(values, axis=axis, kind="stable")


def sort_along(x, axis=-1, descending=False):
    """``(values, indices)``: ``x`` sorted along ``axis`` (each value keeps its own gradient) and where each came from."""
    if np.ndim(raw(x)) == 0:
        return x, np.zeros((), dtype=np.int64)
    indices = order_of(x, axis, descending)
    return gnp.take_along_axis(x, indices, axis), indices


def top_k(x, k, axis=-1, largest=True):
    """``(values, indices)`` of the ``k`` largest (or smallest) entries along ``axis``, in order."""
    indices = order_of(x, axis, descending=largest)
    indices = np.take(indices, np.arange(int(k)), axis=axis)
    return gnp.take_along_axis(x, indices, axis), indices


def logaddexp(a, b):
    """The fold of a running log-sum-exp."""
    return gnp.logaddexp(a, b)
