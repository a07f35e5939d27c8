"""Convolutions (what ``jnp.convolve``, ``F.conv1d/2d`` and ``tf.nn.conv1d/2d`` run) with gradcli's operations.

`convolve` is the one convolution every framework's table calls, in the
layout (batch, channel, spatial...) for the input and (out, in, spatial...)
for the kernel: the input padded (a negative width crops) and dilated, then
one product per kernel offset, summed, each an ``einsum`` of a strided window
with a slice of the kernel, so the result is differentiable and exact on
mpmath numbers and balls. It correlates (no kernel flip), as the frameworks'
convolutions do. A framework's gradient kernels (``convolution_backward``,
``Conv2DBackpropInput``) are evaluated as the vector-Jacobian product of the
same function: `pullback`.
"""

from __future__ import annotations

import itertools

import numpy as np

import gradcli.numpy as gnp

from ..autodiff.ops_array import untake
from ..autodiff.transforms import vjp
from ..autodiff.values import raw


def _padded(x, padding):
    """``x`` (N, C, spatial...) with ``padding`` (low, high) per spatial axis; a negative width crops."""
    spatial = np.shape(raw(x))[2:]
    crop = (slice(None), slice(None)) + tuple(slice(max(-lo, 0), n - max(-hi, 0)) for (lo, hi), n in zip(padding, spatial))
    if any(lo < 0 or hi < 0 for lo, hi in padding):
        x = x[crop]
    widths = [(0, 0), (0, 0)] + [(max(lo, 0), max(hi, 0)) for lo, hi in padding]
    return gnp.pad(x, widths) if any(lo or hi for lo, hi in widths) else x


def _dilated(x, dilation):
    """``x`` with ``dilation - 1`` zeros between neighbours along each spatial axis (a transposed convolution's input)."""
    if all(d == 1 for d in dilation):
        return x
    shape = np.shape(raw(x))
    out_shape = shape[:2] + tuple((n - 1) * d + 1 for n, d in zip(shape[2:], dilation))
    index = (slice(None), slice(None)) + tuple(slice(None, None, d) for d in dilation)
    value = raw(x)
    dtype = np.dtype(object) if getattr(value, "dtype", None) == object else np.asarray(value).dtype
    return untake(x, index, out_shape, dtype)


def convolve(lhs, rhs, strides, padding, lhs_dilation=None, rhs_dilation=None, groups=1):
    """The cross-correlation of ``lhs`` (N, C, spatial...) with ``rhs`` (O, C/groups, spatial...): (N, O, spatial...)."""
    rank = np.ndim(raw(lhs)) - 2
    lhs_dilation = tuple(lhs_dilation or (1,) * rank)
    rhs_dilation = tuple(rhs_dilation or (1,) * rank)
    x = _padded(_dilated(lhs, lhs_dilation), [tuple(int(v) for v in p) for p in padding])
    size = np.shape(raw(x))[2:]
    kernel = np.shape(raw(rhs))[2:]
    out = tuple((n - (k - 1) * d - 1) // s + 1 for n, k, d, s in zip(size, kernel, rhs_dilation, strides))
    per_group_in = np.shape(raw(rhs))[1]
    per_group_out = np.shape(raw(rhs))[0] // groups
    parts = []
    for g in range(groups):
        xs = x[:, g * per_group_in : (g + 1) * per_group_in]
        ws = rhs[g * per_group_out : (g + 1) * per_group_out]
        total = None
        for offset in itertools.product(*[range(k) for k in kernel]):
            window = (slice(None), slice(None)) + tuple(
                slice(o * d, o * d + (m - 1) * s + 1, s) for o, d, m, s in zip(offset, rhs_dilation, out, strides)
            )
            term = gnp.einsum("nc...,oc->no...", xs[window], ws[(slice(None), slice(None)) + offset])
            total = term if total is None else gnp.add(total, term)
        parts.append(total)
    return parts[0] if groups == 1 else gnp.concatenate(parts, axis=1)


def window_sums(x, kernel, strides, padding):
    """The sum of each window of ``x`` (N, C, spatial...) padded with zeros by ``padding`` (low, high) per spatial
    axis: a sum pool's value, one strided slice per kernel offset."""
    x = _padded(x, padding)
    out = tuple((n - k) // s + 1 for n, k, s in zip(np.shape(raw(x))[2:], kernel, strides))
    total = None
    for offset in itertools.product(*[range(k) for k in kernel]):
        window = (slice(None), slice(None)) + tuple(slice(o, o + (m - 1) * s + 1, s) for o, m, s in zip(offset, out, strides))
        total = x[window] if total is None else gnp.add(total, x[window])
    return total


def pullback(function, primals, cotangent):
    """The vector-Jacobian product of ``function`` at ``primals`` with ``cotangent``: a gradient kernel's value."""
    _, back = vjp(function, *primals)
    return back(cotangent)
