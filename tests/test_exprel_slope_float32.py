"""exprel's and logrel's slopes in float32 are right to float32's rounding across their switch from series to closed
form (1e-3), and a --dtype NumPy's string parser chokes on is the input error 'unknown dtype'.

exprel'(t) = (t e^t - expm1 t)/t^2 loses about 4 eps/|t| of itself: float32's
eps made it 2e-4 off just past 1e-3, worse than the expm1(h)/h it is offered in
place of; computed in float64 and rounded (as SciPy computes exprel of float32)
it is within an ulp or two. Truths by mpmath at 50 digits.
"""

import subprocess
import sys

import mpmath
import numpy as np
import pytest

from gradcli.autodiff.ops_scipy_losses import exprel_slope, logrel_slope

POINTS = [1e-3, 1.2e-3, 1.5e-3, 2e-3, 1e-2, 0.1, 0.5, 1.0, -1e-3, -1.5e-3, -0.5]


def _exprel_slope(t):
    return (t * mpmath.exp(t) - mpmath.expm1(t)) / (t * t)


def _logrel_slope(t):
    return (t / (1 + t) - mpmath.log1p(t)) / (t * t)


@pytest.mark.parametrize("slope, truth", [(exprel_slope, _exprel_slope), (logrel_slope, _logrel_slope)],
                         ids=["exprel", "logrel"])
def test_the_float32_slope_is_right_to_float32s_rounding(slope, truth):
    t = np.array(POINTS, dtype=np.float32)
    got = np.asarray(slope(t))
    assert got.dtype == np.float32
    with mpmath.workdps(50):
        for value, point in zip(got, t):
            want = truth(mpmath.mpf(float(point)))
            assert abs(mpmath.mpf(float(value)) - want) <= 2 * 2.0 ** -24 * abs(want), (float(point), float(value), want)


@pytest.mark.parametrize("dtype", ["3)", "1)/h", "(f8", "float64)"])
def test_a_malformed_dtype_is_an_input_error(dtype):
    done = subprocess.run([sys.executable, "-m", "gradcli", "check", "x", "--at", "x=1", "--dtype", dtype],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert f"unknown dtype '{dtype}'" in done.stderr and "Traceback" not in done.stderr, done.stderr
