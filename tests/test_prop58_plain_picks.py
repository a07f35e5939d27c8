"""A plain NumPy module's float constant picked from an array and squared alone is squared exactly.

A plain module's float arrays, its own and those its functions make with ``np.array`` during an exact run, are
`numpy_module._ExactOperand` views whose arithmetic computes at the run's precision; a pick of one entry
(``np.array([0.2, 0.3])[1]``, ``TABLE[1]``, an unpacking) the user's code makes is the run's exact number too, where
NumPy's float64 scalar would make ``c * c`` on it round inside the run (gradcli.numpy's own ``array`` holds the
constants exact itself); gradcli's own code picking entries sees the float.
"""

from __future__ import annotations

import pathlib

import mpmath
import numpy as np
import pytest

MODULE = pathlib.Path(__file__).with_name("plain_numpy_picks58.py")
POINT = (1e200, (1e200, 2.2250738585072014e-308, 5e199))
SPELLINGS = ["listed", "from_the_module", "unpacked", "from_a_row", "through_a_helper", "indexing_the_input"]


@pytest.mark.parametrize("name", SPELLINGS)
def test_a_picked_constant_squared_alone_is_the_exact_square(name):
    from gradcli.checker import balls, reference
    from gradcli.checker.targets import resolve

    x, w = POINT
    exact = reference.compute(resolve(f"{MODULE}:{name}"), [np.float64(x), np.array(w)], budget=balls.Budget(30.0))
    assert exact.determined, exact.why or exact.error
    with mpmath.workdps(300):  # the exponent's 200 digits before the point, and more
        log_term = mpmath.log1p(mpmath.mpf(0.3) ** 2)
        value = mpmath.exp(-x * log_term)
        assert abs(mpmath.mpf(exact.value) / value - 1) < 1e-12
        assert abs(mpmath.mpf(exact.gradient[0]) / (-log_term * value) - 1) < 1e-12


def test_outside_an_exact_run_the_module_s_picks_are_numpy_s_floats():
    from gradcli.checker.targets import resolve

    target = resolve(f"{MODULE}:listed")
    x, w = POINT
    assert target.function(np.float64(1.0), np.array(w)) == np.exp(-np.log1p(np.float64(0.3) * np.float64(0.3)))
