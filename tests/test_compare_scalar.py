"""One number against one exact number: the comparisons' scalar path gives the general path's answer, to the bit.

`compare` and `ulps` read the usual pair (a float or an mpmath number against
one exact mpmath number) on mpmath's raw numbers, without making an mpmath
number per step; the general path reads the same pair as one-entry arrays
through mpmath's operators. Both are mpmath's own arithmetic at the working
precision and rounding (no NumPy kernel is involved), so they must agree bit
for bit: the error, whether it passed, and the ulps, over exact numbers near
the float, far from it, zero, beyond float64's range, at several working
precisions, tolerances and dtypes.
"""

import math
import random

import mpmath
import numpy as np
import pytest

from bitlevel import assert_same_bits
from gradcli.checker.compare import compare, ulps

FLOAT64, FLOAT32 = np.dtype(np.float64), np.dtype(np.float32)


def _float(rng):
    pick = rng.random()
    if pick < 0.1:
        return 0.0
    if pick < 0.2:
        return rng.choice([5e-324, 1e-310, 1.7976931348623157e308, -1e308, 1.0, -2.0])
    return rng.uniform(-1, 1) * 10.0 ** rng.randint(-320, 307)


def _exact(rng, x):
    """An exact number near ``x``, equal to it, zero, or anywhere (far past float64's range too)."""
    with mpmath.workprec(rng.choice([60, 100, 300])):
        pick = rng.random()
        if pick < 0.15:
            return mpmath.mpf(0)
        if pick < 0.55:
            return mpmath.mpf(x) * (1 + mpmath.mpf(rng.uniform(-1e-15, 1e-15)) * rng.choice([1, 1e-3, 1e3, 1e9]))
        if pick < 0.65:
            return mpmath.mpf(x)
        return mpmath.mpf(_float(rng)) * mpmath.mpf(2) ** rng.randint(-2000, 2000)


def _cases(seed, n):
    rng = random.Random(seed)
    for _ in range(n):
        x = _float(rng)
        exact = _exact(rng, x)
        if rng.random() < 0.3:  # a gradient rule run at high precision, against the exact derivative
            with mpmath.workprec(80):
                computed = mpmath.mpf(x) * (1 + mpmath.mpf(rng.uniform(-1e-9, 1e-9))) if x else mpmath.mpf(0)
        else:
            computed = x
        if exact == 0 and rng.random() < 0.5:  # near 0, where atol and the floor rtol x 1 decide
            computed = rng.uniform(-1, 1) * 10.0 ** rng.randint(-14, 0)
        yield (computed, exact, rng.choice([1e-10, 1e-4, 2e-3, 1]), rng.choice([0.0, 0, 1e-300, 1e-6]),
               rng.choice([FLOAT64, FLOAT64, FLOAT32, None]), rng.choice([53, 53, 64, 200]))


def _one_entry(value):
    return np.array([value], dtype=object if isinstance(value, mpmath.mpf) else np.float64)


@pytest.mark.parametrize("seed", range(2))
def test_one_pair_compares_as_an_array_of_one(seed):
    for computed, exact, rtol, atol, dtype, prec in _cases(seed, 2500):
        if dtype is FLOAT32 and type(computed) is float:
            with np.errstate(over="ignore"):
                computed = float(np.float32(computed))
        with mpmath.workprec(prec), np.errstate(over="ignore"):  # float32 holds no 1e300: both paths say inf
            error, passed = compare(computed, exact, rtol, atol, dtype)
            want_error, want_passed = compare(_one_entry(computed), np.array([exact], dtype=object), rtol, atol, dtype)
            assert passed == want_passed, (computed, exact, rtol, atol, dtype, prec)
            assert_same_bits(error, want_error)
            if dtype is not None and type(computed) is float:
                got_ulps = ulps(computed, exact, dtype)
                want_ulps = ulps(_one_entry(computed), np.array([exact], dtype=object), dtype)
                assert_same_bits(got_ulps, want_ulps)


def test_the_pairs_reach_every_branch():
    """The cases above are not all alike: zeros, passes, failures, infinite errors and exact holds all occur."""
    seen = set()
    for computed, exact, rtol, atol, dtype, prec in _cases(0, 2500):
        with mpmath.workprec(prec), np.errstate(over="ignore"):
            error, passed = compare(computed, exact, rtol, atol, dtype)
        seen.add(("zero exact" if exact == 0 else "exact", passed, "0" if error == 0 else "inf" if math.isinf(error) else "x"))
    assert {("exact", True, "0"), ("exact", True, "x"), ("exact", False, "x"), ("exact", False, "inf")} <= seen
    assert {("zero exact", True, "0"), ("zero exact", False, "x")} <= seen

