"""``scipy.signal.convolve``, generalised as HIPS autograd's: convolved axes, summed (dot) axes, the rest kept apart.

A convolution is bilinear, so it is composed of differentiable primitives: the
second array is padded with zeros and cut into overlapping windows by integer
indexing, and an einsum multiplies each window by the flipped first array. Its
gradients (both arguments, forward and reverse, any order) and its exact
reference on mpmath numbers come with those primitives'.
"""

from __future__ import annotations

import numpy as np

from .ops_array import asarray, getitem
from .ops_linalg import einsum
from .ops_shape import pad
from .values import shape_of

MODES = ("full", "valid", "same")


def convolve(A, B, axes=None, dot_axes=((), ()), mode="full"):  # noqa: N803  (autograd's names)
    """The convolution of ``A`` and ``B`` along ``axes`` (pairs of axis lists; all of them by default).

    ``dot_axes`` pairs axes that are multiplied and summed, as in ``tensordot``;
    every other axis is kept, the output's axes being ``A``'s kept axes, then
    ``B``'s, then the convolved ones. ``mode`` is SciPy's: ``full`` (every
    overlap), ``valid`` (complete overlaps only) or ``same`` (``A``'s length,
    centred). Without ``axes`` and ``dot_axes`` it is ``scipy.signal.convolve``.
    """
    if mode not in MODES:
        raise ValueError(f"convolve's mode must be one of {', '.join(MODES)}, not {mode!r}")
    A, B = asarray(A), asarray(B)
    a_shape, b_shape = shape_of(A), shape_of(B)
    if axes is None:
        axes = (range(len(a_shape)), range(len(b_shape)))
    conv_a, conv_b = [a % len(a_shape) for a in axes[0]], [b % len(b_shape) for b in axes[1]]
    dot_a, dot_b = [a % len(a_shape) for a in dot_axes[0]], [b % len(b_shape) for b in dot_axes[1]]
    if len(conv_a) != len(conv_b) or len(dot_a) != len(dot_b):
        raise ValueError("convolve: axes and dot_axes must pair as many axes of A as of B")
    sizes = [(a_shape[i], b_shape[j]) for i, j in zip(conv_a, conv_b)]
    if mode == "valid" and not (all(na >= nb for na, nb in sizes) or all(nb >= na for na, nb in sizes)):
        raise ValueError("convolve in 'valid' mode: one array must be at least as large as the other along every convolved axis")
    full = _full(A, B, conv_a, conv_b, dot_a, dot_b)
    return _crop(full, sizes, mode)


def _full(A, B, conv_a, conv_b, dot_a, dot_b):
    """Every overlap: out[n] = sum_j A[n_A - 1 - j] B_padded[n + j] along each convolved axis pair."""
    a_shape = shape_of(A)
    flip = tuple(slice(None, None, -1) if i in conv_a else slice(None) for i in range(len(a_shape)))
    A = getitem(A, flip)
    widths = [(0, 0)] * len(shape_of(B))
    for i, j in zip(conv_a, conv_b):
        widths[j] = (a_shape[i] - 1, a_shape[i] - 1)
    windows = pad(B, widths)
    # Each convolved axis of B becomes two: the output position n, then the offset j within the window.
    b_labels = list(range(len(shape_of(B))))
    next_label = len(a_shape) + len(b_labels)
    a_labels = list(range(len(b_labels), len(b_labels) + len(a_shape)))
    out_positions = []
    for i, j in zip(conv_a, conv_b):
        n_a, length = a_shape[i], shape_of(windows)[b_labels.index(j)]
        n_out = length - n_a + 1
        where = b_labels.index(j)
        index = np.arange(n_out)[:, None] + np.arange(n_a)[None, :]
        windows = getitem(windows, (slice(None),) * where + (index,))
        b_labels[where: where + 1] = [next_label, a_labels[i]]  # n, and j shared with A's axis i
        out_positions.append(next_label)
        next_label += 1
    for i, j in zip(dot_a, dot_b):
        b_labels[b_labels.index(j)] = a_labels[i]
    kept_a = [a_labels[i] for i in range(len(a_shape)) if i not in conv_a and i not in dot_a]
    kept_b = [k for k in range(len(shape_of(B))) if k not in conv_b and k not in dot_b]  # labels still their axes
    return einsum(A, a_labels, windows, b_labels, kept_a + kept_b + out_positions)


def _crop(full, sizes, mode):
    """The part of the full convolution a mode keeps, along the trailing (convolved) axes."""
    if mode == "full":
        return full
    index = [slice(None)] * (len(shape_of(full)) - len(sizes))
    for n_a, n_b in sizes:
        if mode == "same":
            start = (n_b - 1) // 2
            index.append(slice(start, start + n_a))
        else:
            index.append(slice(min(n_a, n_b) - 1, max(n_a, n_b)))
    return getitem(full, tuple(index))

