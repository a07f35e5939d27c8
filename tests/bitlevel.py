"""The two promises the in-place and pooled paths make, as asserts: the same bits, or a few ulps apart.

An elementwise op gives the same bits on every path: each element comes from
the same kernel on the same operands, wherever its output lives. A reduction
or contraction gives the same bits only on the same kernel with equally
aligned buffers: NumPy and BLAS pick SIMD kernels by CPU at run time, and a
kernel may split a sum by where its buffers start in memory. Two paths that
hand it the same values in other memory may then round it differently, by a
few units in the last place of its largest element (see
``gradcli.autodiff.buffers``). Tests marked ``bitlevel`` rest on these
promises; ``make test`` runs them once more under each other set of kernels
the CPU offers (``tests/kernel_paths.py``).
"""

from __future__ import annotations

import numpy as np

# How far apart two paths may round one reduction or contraction, in units
# in the last place of its largest element.
ULPS = 4


def assert_same_bits(got, want):
    """``got`` is ``want`` bit for bit (NaN where NaN; a zero's sign is not compared): what an elementwise op promises."""
    got, want = np.asarray(got), np.asarray(want)
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    np.testing.assert_array_equal(got, want, strict=True)


def assert_within_ulps(got, want, ulps=ULPS):
    """``got`` is ``want`` up to ``ulps`` units in the last place of ``want``'s largest finite element.

    What a reduction or contraction promises across paths. Infinities and
    NaNs must match exactly; an all-zero ``want`` allows no difference.
    """
    got, want = np.asarray(got), np.asarray(want)
    assert got.dtype == want.dtype and got.shape == want.shape, (got.dtype, got.shape, want.dtype, want.shape)
    finite = np.abs(want[np.isfinite(want)])
    scale = finite.max() if finite.size else 0.0
    bound = ulps * np.finfo(want.dtype).eps * scale
    np.testing.assert_allclose(got, want, rtol=0, atol=bound)
