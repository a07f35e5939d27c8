"""TensorFlow's Fresnel integrals and Dawson's integral, replayed as gradcli's ``fresnel_c``, ``fresnel_s`` and ``dawsn``.

Each op answers SciPy's number in the point's dtype and differentiates by its own relation (C' = cos(pi x^2 / 2),
S' = sin(pi x^2 / 2), D' = 1 - 2 x D); here both are held to TensorFlow's at ordinary points in float32 and
float64, the exact reference to mpmath's at points where a float computation has nothing left (D at 1e300, the
Fresnel slopes at 1e8 + 0.5), and the two TensorFlow trials that were refused run in process.
"""

import os

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.scipy.special as special
from gradcli.autodiff import ops_scipy
from gradcli.checker import balls, reference
from gradcli.checker.targets import resolve

tf = pytest.importorskip("tensorflow")

TRIALS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials")
POINTS = [-2.2, -0.4, 0.3, 1.7, 4.5]
OPS = [  # gradcli's op, TensorFlow's
    (ops_scipy.fresnel_c, tf.math.special.fresnel_cos),
    (ops_scipy.fresnel_s, tf.math.special.fresnel_sin),
    (ops_scipy.dawsn, tf.math.special.dawsn),
]
TOLERANCE = {"float32": 4e-6, "float64": 1e-13}


def _tensorflow_value_and_slope(tf_op, x, dtype):
    t = tf.constant(x, dtype=dtype)
    with tf.GradientTape() as tape:
        tape.watch(t)
        y = tf_op(t)
    return y.numpy(), tape.gradient(y, t).numpy()


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("op, tf_op", OPS, ids=[o.__name__ for o, _ in OPS])
def test_values_and_slopes_are_tensorflows(op, tf_op, dtype):
    x = np.array(POINTS, dtype=dtype)
    value = op(x)
    slope = gradcli.grad(lambda v: gradcli.numpy.sum(op(v)))(x)
    tf_value, tf_slope = _tensorflow_value_and_slope(tf_op, x, dtype)
    assert np.asarray(value).dtype == np.asarray(slope).dtype == np.dtype(dtype)
    np.testing.assert_allclose(value, tf_value, rtol=TOLERANCE[dtype], atol=TOLERANCE[dtype] * 1e-3)
    np.testing.assert_allclose(slope, tf_slope, rtol=TOLERANCE[dtype], atol=TOLERANCE[dtype])


def test_scipy_special_names_give_scipys_pair_and_dawsn():
    from scipy import special as scipy_special

    x = np.array(POINTS)
    s, c = special.fresnel(x)
    want_s, want_c = scipy_special.fresnel(x)
    np.testing.assert_array_equal(s, want_s)  # SciPy's own number, one call of the same function
    np.testing.assert_array_equal(c, want_c)
    np.testing.assert_array_equal(special.dawsn(x), scipy_special.dawsn(x))


def test_dawsns_float_slope_far_out_is_its_series_not_a_cancellation():
    """At x = 1e8, 1 - 2 x D(x) in float64 is 0 or an ulp of 1; D' is -1/(2x^2) (1 + 3/(2x^2) + ...)."""
    for x in (1e8, -3e4, 12.0):
        got = gradcli.grad(ops_scipy.dawsn)(x)
        with mpmath.workdps(40):
            d = mpmath.mpf(x) * mpmath.hyp1f1(1, 1.5, -mpmath.mpf(x) ** 2)
            want = 1 - 2 * mpmath.mpf(x) * d
        assert abs(got - want) <= 1e-14 * abs(want), (x, got, want)


def _exact(op, x):
    def of_x(x):
        return op(x)

    return reference.compute(resolve(of_x), [x], budget=balls.Budget(20.0))


# (op, point, value and slope from mpmath at 60 digits): past the floats' reach.
EXTREME = [
    (ops_scipy.dawsn, 1e300, lambda x: (1 / (2 * x), -1 / (2 * x * x))),  # the series' first terms: 1e-600 beyond
    (ops_scipy.dawsn, -7e4, lambda x: (lambda d: (d, 1 - 2 * x * d))(x * mpmath.hyp1f1(1, 1.5, -x * x))),
    (ops_scipy.fresnel_c, 1e8 + 0.5, lambda x: (mpmath.fresnelc(x), mpmath.cospi(x * x / 2))),
    (ops_scipy.fresnel_s, 1e8 + 0.5, lambda x: (mpmath.fresnels(x), mpmath.sinpi(x * x / 2))),
    (ops_scipy.fresnel_s, 1e-300, lambda x: (mpmath.fresnels(x), mpmath.sinpi(x * x / 2))),
]


@pytest.mark.parametrize("op, x, truth", EXTREME, ids=[f"{e[0].__name__}-{e[1]:g}" for e in EXTREME])
def test_the_exact_reference_at_an_extreme_point_is_mpmaths(op, x, truth):
    exact = _exact(op, x)
    with mpmath.workdps(60):
        with mpmath.extraprec(120):
            point = mpmath.mpf(x)  # x * x / 2 exact in the truths
        value, slope = truth(point)
        for got, want in ((exact.value, value), (exact.gradient[0], slope)):
            assert abs(mpmath.mpf(got) - want) <= mpmath.mpf(10) ** -25 * abs(want), (got, want)


def _trial(module, name, x):
    result = gradcli.check(os.path.join(TRIALS, module) + f":{name}", [{"x": x}], dtypes=("float64",),
                           fixes=False).results[0]
    return result


def test_the_tensorflow_trials_fresnel_c_sum_and_dawson_sum_run_and_are_ok():
    """trials19b's A1 and tf_lib10b's dawson_sum: refused as having no replay, they are checked and ok."""
    for module, name, x in (("tf_lib19b.py", "fresnel_c_sum", [0.5, 2.2]), ("tf_lib10b.py", "dawson_sum", [0.5, 30.0])):
        result = _trial(module, name, x)
        assert result.status == "ok", (name, result)
