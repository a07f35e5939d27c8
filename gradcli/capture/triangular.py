"""Triangular solves as the frameworks' kernels compute them: substitution, row by row.

XLA's triangular_solve (JAX), LAPACK's trsm behind PyTorch's solve_triangular and
TensorFlow's matrix_triangular_solve substitute: a zero on the diagonal divides, to
the infinities and NaN the framework answers, where a general solve (SciPy's, or
gradcli's `solve`) refuses the singular triangle and would stop the replay. Only the
triangle the kernel reads (its diagonal too unless ``unit``) plays a part, so the
other one gets no gradient.
"""

from __future__ import annotations

import numpy as np

import gradcli.numpy as gnp

from ..autodiff.values import holds_complex, raw


def solved(a, b, lower, unit=False, transpose=False, conjugate=False, left=True):
    """x with op(T) x = b (``left``), or x op(T) = b, T the ``lower`` or upper triangle of ``a`` and op its
    ``transpose`` (conjugated where ``conjugate`` and ``a`` is complex); ``b`` a matrix of columns (a stack too)."""
    if conjugate and holds_complex(a):
        a = gnp.conj(a)
    if transpose:
        a, lower = gnp.swapaxes(a, -1, -2), not lower
    if left:
        return _substituted(a, b, lower, unit)
    # x T = b  <=>  T^T x^T = b^T
    return gnp.swapaxes(_substituted(gnp.swapaxes(a, -1, -2), gnp.swapaxes(b, -1, -2), not lower, unit), -1, -2)


def _substituted(triangle, b, lower, unit):
    """x with T x = b for T the ``lower`` or upper triangle of ``triangle``, row by row: forward or back substitution."""
    n = np.shape(raw(triangle))[-1]
    rows = [None] * n  # each solved row as (..., 1, k)
    for i in range(n) if lower else range(n - 1, -1, -1):
        start, stop = (0, i) if lower else (i + 1, n)
        row = b[..., i : i + 1, :]
        if stop > start:
            known = rows[start] if stop - start == 1 else gnp.concatenate(rows[start:stop], axis=-2)
            row = gnp.subtract(row, gnp.matmul(triangle[..., i : i + 1, start:stop], known))
        # gradcli's own operations, never NumPy's operators on the dtype's bare arrays: the division by a zero
        # pivot is then an operation the checker sees, the one it names
        rows[i] = row if unit else gnp.divide(row, triangle[..., i : i + 1, i : i + 1])
    return rows[0] if n == 1 else gnp.concatenate(rows, axis=-2)
