"""The sixteenth round of user trials, first half (tests/trials/cases16a.py): optimisers' steps differentiated
through, normalizing flows, hidden-Markov forward passes, fixed-step integrators, robust losses, the log of a variance,
jax.nn activations at their extremes, eigh and cholesky of 2x2 matrices, in JAX and in plain NumPy and SciPy.

The whole set runs with ``python tests/trials/run.py jax_lib16a numpy_lib16a``; here, a few cheap ones. Known
disagreements are strict xfails naming their finding.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases16a  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

from gradcli.capture.numpy_names import check_names  # noqa: E402
from gradcli.errors import InputError  # noqa: E402

CHOSEN = [
    # a mask made by np.isfinite of high-precision numbers indexes as NumPy's bool array: at x[0] = 0 the dropped
    # log(0) leaves a pole on one side, elsewhere every entry is kept
    "numpy_lib16a:finite_mean_log@x=[0.5,1,2]:float64",
    "numpy_lib16a:finite_mean_log@x=[0,1,2]:float64",
    # np.empty_like of the differentiated array, written in place by masks: log1p and x meet at 0 with slope 1
    "numpy_lib16a:log1p_or_linear@x=[0,2,-1]:float64",
    # a padding mask of -1e9 before JAX's softmax: the live score's slope, 1.9e-434294482, is 0 in float64, and the
    # rule's answer at high precision is its own rounding, no disagreement (it was called `wrong`)
    "jax_lib16a:masked_pool@x=[0.7,0.2,-0.1]:float64",
    # the same padding mask in plain NumPy: the slope bounded below 2^-32763 decides float64's 0
    "numpy_lib16a:masked_pool@x=[0.7,0.2,-0.1]:float64",
    # np.vectorize runs the Python Huber entry by entry on the traced values
    "numpy_lib16a:vectorized_huber@r=[0.5,2]:float64",
]
KNOWN_WRONG = {}


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases16a, CHOSEN, KNOWN_WRONG)


CLASSES = '''
import numpy as np
from numpy import poly1d

DATA = np.genfromtxt(["1.0", "2.0"])
HUBER = np.vectorize(lambda r: 0.5 * r * r if abs(r) <= 1.0 else abs(r) - 0.5)
CUBIC = poly1d([1.0, 0.0, -2.0, 0.5])


def by_vectorize(r):
    return np.sum(HUBER(r))


def by_poly1d(x):
    return np.sum(CUBIC(x))


@np.vectorize
def decorated(r):
    return r * r


def with_data(x):
    return np.sum(DATA * x, dtype=np.float64)


SERIES = np.polynomial.Polynomial([1.0, 2.0])


def by_polynomial(x):
    return np.sum(SERIES(x))
'''

SCIPY_ELSEWHERE = '''
import numpy as np
import scipy.constants
from scipy import interpolate, optimize


def quantile_by_root(mu):
    return optimize.brentq(lambda q: 1.0 / (1.0 + np.exp(mu - q)) - 0.9, mu - 50.0, mu + 50.0)


def spline_area(y):
    return interpolate.CubicSpline(np.arange(4.0), y).integrate(0.0, 3.0)


def with_constant(x):
    return scipy.constants.golden * x
'''


def test_a_numpy_class_that_computes_is_named_before_anything_runs():
    """np.polynomial.Polynomial would hand a traced array to NumPy itself: refused by name and at the line that makes
    the instance (finding V1), where a module's data made by a function gradcli lacks (np.genfromtxt) and dtypes stay
    NumPy's; np.vectorize and np.poly1d are gradcli's own, differentiated (tests/test_numpy63_vectorize.py)."""
    with pytest.raises(InputError) as raised:
        check_names(CLASSES, "classes.py", "by_polynomial")
    assert "numpy.polynomial.Polynomial" in str(raised.value) and "line 27:" in str(raised.value)
    for function in ("with_data", "by_vectorize", "decorated", "by_poly1d"):
        check_names(CLASSES, "classes.py", function)


@pytest.mark.parametrize("function, named", [("quantile_by_root", "scipy.optimize.brentq"),
                                             ("spline_area", "scipy.interpolate.CubicSpline")])
def test_a_scipy_function_gradcli_does_not_stand_in_for_is_named_before_anything_runs(function, named):
    """scipy.optimize and scipy.interpolate stay SciPy's own: a function of theirs called in the target is refused by
    name and line (finding V2), not run to fail inside SciPy ("Unable to parse arguments"); their constants pass."""
    with pytest.raises(InputError) as raised:
        check_names(SCIPY_ELSEWHERE, "elsewhere.py", function)
    assert named in str(raised.value) and "gradcli.scipy does not have" in str(raised.value)
    check_names(SCIPY_ELSEWHERE, "elsewhere.py", "with_constant")
