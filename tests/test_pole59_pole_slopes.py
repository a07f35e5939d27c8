"""Slopes beside a pole through every op: at a pole of the value (a log of an exact 0) each coordinate keeps the slope
the function has beside the pole, through products, quotients, powers, smooth functions, reductions and FFTs.

The truth is the partial derivative at a point just beside the pole (its coordinate 1e-30 off it), by mpmath at 60
digits from the same mathematics written anew: log(x0^2 x1^2) beside x0 = 0 has the slope 2 / x1 in x1 whatever x0.
"""

import math
import sys

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import arb as arb_core
from gradcli.checker import exact_python, python_zero
from gradcli.checker.targets import resolve

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from test_fft58_roots_in_one_field import HANN_5, HANN_5_AT  # noqa: E402

BESIDE = mpmath.mpf("1e-30")  # how far below the pole's coordinates the truth's derivative is taken


def _exact(function, point):
    result = gradcli.check(function, [{"x": np.array(point)}], dtypes=("float64",), fixes=False,
                           max_digits=120, max_time=math.inf).results[0]
    assert result.status == "domain", [f.message for f in result.findings]
    assert not math.isfinite(result.exact_value)
    return [float(e) for e in np.ravel(result.exact_gradient["x"])]


def _beside(truth, point, poles):
    """Each coordinate's slope of the mpmath function ``truth`` beside the pole (the coordinates ``poles`` moved
    BESIDE below it), NaN along the pole's own coordinates."""
    with mpmath.workdps(60):
        at = [mpmath.mpf(v) - (BESIDE if k in poles else 0) for k, v in enumerate(point)]
        slopes = []
        for k in range(len(point)):
            if k in poles:
                slopes.append(math.nan)
                continue
            along = lambda t, k=k: truth([t if j == k else a for j, a in enumerate(at)])  # noqa: E731
            slopes.append(float(mpmath.diff(along, at[k])))
        return slopes


def _matches(found, truth):
    return len(found) == len(truth) and all(
        math.isnan(f) if math.isnan(t) else abs(f - t) <= 1e-12 * max(1.0, abs(t)) for f, t in zip(found, truth))


# each: the program, the same mathematics in mpmath, the point, the pole's coordinates, the slopes no truth has
CASES = [
    # a product of the pole's term with a smooth factor: its slope in x1 is the term itself, none; x2's is 2 x2
    (lambda x: gnp.cos(x[1]) * gnp.log(x[0] ** 2) + x[2] ** 2,
     lambda x: mpmath.cos(x[1]) * mpmath.log(x[0] ** 2) + x[2] ** 2, [0.0, 0.7, 1.5], {0}, {1}),
    # the pole's argument a product with a smooth factor: log(x0^2 (2 + sin x1)) is log(x0^2) + log(2 + sin x1)
    (lambda x: gnp.log(x[0] ** 2 * (2 + gnp.sin(x[1]))) + gnp.exp(x[2]),
     lambda x: mpmath.log(x[0] ** 2 * (2 + mpmath.sin(x[1]))) + mpmath.exp(x[2]), [0.0, 0.7, 1.5], {0}, set()),
    # the log of a quotient, in base 10
    (lambda x: gnp.log10(x[0] ** 2 / (1 + x[1] ** 2)) + x[1] * x[2],
     lambda x: mpmath.log10(x[0] ** 2 / (1 + x[1] ** 2)) + x[1] * x[2], [0.0, 3.0, -0.5], {0}, set()),
    # a pole inside a sum of squares (+inf), each other entry's square keeping its slope
    (lambda x: gnp.sum(gnp.log(x ** 2) ** 2),
     lambda x: sum(mpmath.log(e ** 2) ** 2 for e in x), [0.0, 0.5, 2.0], {0}, set()),
    # the pole through a mean and log1p, its term divided by a moving factor: that coordinate has no slope
    (lambda x: gnp.log1p(-gnp.mean(x[:2] ** 2)) / (1 + x[2] ** 2) + gnp.tanh(x[3]),
     lambda x: mpmath.log1p(-(x[0] ** 2 + x[1] ** 2) / 2) / (1 + x[2] ** 2) + mpmath.tanh(x[3]),
     [1.0, 1.0, 0.5, 0.25], {0, 1}, {2}),
]


@pytest.mark.parametrize("function, truth, point, poles, infinite", CASES,
                         ids=["times-a-factor", "log-of-a-product", "log10-of-a-quotient", "sum-of-squares",
                              "mean-over-a-factor"])
def test_each_coordinate_keeps_its_slope_beside_the_pole(function, truth, point, poles, infinite):
    # before: NaN along every coordinate past a sum (a product, a power, a quotient by a number that moves, a log whose
    # argument moves) or the whole gradient NaN (a power of the pole's term refused the proof run)
    found = _exact(function, point)
    expected = [math.nan if k in infinite else t for k, t in enumerate(_beside(truth, point, poles))]
    assert _matches(found, expected), (found, expected)


def test_a_length_5_spectrogram_keeps_its_other_frames_slopes():
    # before: all NaN (the silent bin's power, 0 at the point through length-5 roots of unity whose balls are inexact,
    # was no pole of the run on unknowns: its log an atom of NaN ball, and the bins' slopes past the proof's terms)
    arb_core.enable()
    run = resolve(HANN_5).mp_function
    point = np.array(HANN_5_AT)
    found = python_zero.slopes_beside_pole(lambda *a: exact_python._traced(run, a), [point], 128)
    assert found[0] is not None and found[0].is_zero() and found[5] is not None and found[5].is_zero()
    assert all(found[k] is None for k in range(1, 5))  # the silent bin moves along these
    with mpmath.workdps(50):
        window = [(1 - mpmath.cospi(mpmath.mpf(2 * j) / 5)) / 2 for j in range(5)]
        frame = [mpmath.mpf(v) for v in HANN_5_AT[5:]]

        def decibels(signal):
            bins = [sum(s * w * mpmath.expjpi(mpmath.mpf(-2 * j * k) / 5) for j, (s, w) in
                        enumerate(zip(signal, window))) for k in range(3)]
            return sum(10 * mpmath.log10(abs(b) ** 2) for b in bins)

        for j in range(1, 5):
            truth = mpmath.diff(lambda t: decibels([t if i == j else v for i, v in enumerate(frame)]), frame[j])
            assert abs(found[5 + j] - truth) < mpmath.mpf(2) ** -100 * max(1, abs(truth)), (j, found[5 + j], truth)


# eight quadratic forms in five unknowns: the sum of their logs' slopes u_k' / u_k has their product as denominator
FORMS = np.array([[1, 2, -1, 3, 1], [2, -1, 1, 1, -2], [1, 1, 2, -3, 1], [-1, 3, 1, 2, 2], [2, 1, -2, 1, 3],
                  [3, -2, 1, 1, 1], [1, 1, 1, -1, 2], [-2, 1, 3, 1, -1]]) / 4


def _many_logs(x):
    total = gnp.log(x[0] ** 2)
    for row in FORMS:
        total = total + gnp.log(1 + gnp.sum(row * x[1:]) ** 2 + x[1] * x[2] * row[0])
    return total


def test_a_slope_past_the_proofs_terms_is_its_ball():
    # each slope past SLOPE_TERMS terms is its ball at the point, so the run on unknowns goes on (before: "too many
    # terms", every entry NaN)
    point = [0.0, 0.5, -0.25, 0.125, 1.5, -0.75]
    arb_core.enable()
    found = python_zero.slopes_beside_pole(resolve(_many_logs).mp_function, [np.array(point)], 128)
    assert found[0] is None

    def truth(x):
        return sum(mpmath.log(1 + sum(mpmath.mpf(r) * v for r, v in zip(row, x[1:])) ** 2 + x[1] * x[2] * row[0])
                   for row in FORMS)

    for k, slope in enumerate(_beside(truth, point, {0})[1:], start=1):
        assert abs(float(found[k].mid()) - slope) < 1e-13 * max(1.0, abs(slope)), (k, found[k], slope)
