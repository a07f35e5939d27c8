"""The rising-precision (mpmath) reference through sums that absorb the point's own input: t = (3 - x) - (3 - 2x) is
x, but 0 below ~300 digits at x = 1e-300, so the value there, and every slope beside it, is what the sums dropped.
The reference must rise past that absorption for the value, the gradient rule and the one-sided tests alike, and give
the function's slope at x. Truth: mpmath at 50 digits from the closed forms of the same functions of x."""

import math

import mpmath
import numpy as np
import pytest

import gradcli.numpy as gnp
from gradcli.checker import balls, reference_mpmath
from gradcli.checker.precision import Exact
from gradcli.checker.targets import resolve


def _cancelled(x):
    return (3.0 - x) - (3.0 - 2.0 * x)  # x, with the 3s absorbing it below 300 digits at x = 1e-300


# name: (program of x through the absorbing sums, (value, slope) of the same mathematics written in x)
CASES = {
    "t log t": (lambda x: gnp.sum(_cancelled(x) * gnp.log(_cancelled(x))),
                lambda x: (x * mpmath.log(x), mpmath.log(x) + 1)),
    "xlogy(t, t)": (lambda x: gnp.sum(gnp.xlogy(_cancelled(x), _cancelled(x))),
                    lambda x: (x * mpmath.log(x), mpmath.log(x) + 1)),
    "sqrt(t)": (lambda x: gnp.sum(gnp.sqrt(_cancelled(x))), lambda x: (mpmath.sqrt(x), 1 / (2 * mpmath.sqrt(x)))),
    "abs(t)": (lambda x: gnp.sum(gnp.abs(_cancelled(x))), lambda x: (x, mpmath.mpf(1))),
    "abs(t) log t": (lambda x: gnp.sum(gnp.abs(_cancelled(x)) * gnp.log(_cancelled(x))),
                     lambda x: (x * mpmath.log(x), mpmath.log(x) + 1)),
}


@pytest.mark.parametrize("x", [1e-300, 1e-200])
@pytest.mark.parametrize("name", sorted(CASES))
def test_the_value_and_slope_through_absorbing_sums_are_the_functions_own(name, x):
    program, truth = CASES[name]
    exact = reference_mpmath.compute_mpmath(resolve(program), [np.array([x])], 0, Exact(), balls.Budget(30.0))
    assert exact.determined and not exact.unsettled, exact.why
    with mpmath.workdps(50):
        value, slope = truth(mpmath.mpf(x))
    assert math.isclose(float(np.ravel(exact.value)[0]), float(value), rel_tol=1e-14)
    assert math.isclose(float(exact.gradient[0][0]), float(slope), rel_tol=1e-14)
    assert not exact.kinks and not exact.singular
    assert math.isclose(float(exact.rule[0][0]), float(slope), rel_tol=1e-14)  # gradcli's rule, run past the sums too
