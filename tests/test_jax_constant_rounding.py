"""A library rule is not `wrong` where only its program's rounded constants, amplified far beyond every dtype, disagree.

JAX's ``norm.logsf`` reaches ``erfc(z * 0.7071067811865476)``; that float is
6.8e-17 above 1/sqrt 2. At x = -1e5 the square inside exp(-5e9) turns it into
6.8e-7 of the tail's derivative, near 1e-2171472410. JAX's log_ndtr is replayed as
log Phi itself (its primal is an approximation: a three-term asymptotic series
below -20), so the exact reference is the mathematics there; a program of the
user's own that writes the rounded constant keeps it, and its rule of the
mathematics is spared by `judge._constants_rounding` (tested below on numbers).
Every dtype holds both numbers as 0, which is what JAX returns: the verdict is
`ok`. A rule off by more than the rounding could explain, or off at a number a
dtype can hold, stays `wrong`.
"""

import mpmath
import numpy as np
import pytest

import gradcli
from gradcli.checker import judge

MODEL = '''\
import jax
import jax.numpy as jnp
from jax.scipy.special import log_ndtr
from jax.scipy.stats import norm


def tail(x):
    return jnp.sum(norm.logsf(x))


def direct(x):
    return jnp.sum(log_ndtr(x))


def cdf_by_log(x):
    return jnp.sum(jnp.exp(log_ndtr(x)))


@jax.custom_jvp
def off(x):
    return log_ndtr(x)


@off.defjvp
def off_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return off(x), t * jnp.exp(-0.5 * x * x - log_ndtr(x) - 0.9189385332046727) * (1 + 1e-5)
'''

HALF_SQRT2 = 0.7071067811865476  # the float JAX's ndtr multiplies by


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    path = tmp_path_factory.mktemp("rounding") / "model.py"
    path.write_text(MODEL)
    return str(path)


def check(target, points, dtypes=("float64",)):
    return gradcli.check(target, points, dtypes=dtypes).results


def exact_text(result, index):
    """An exact gradient's entry as an mpf: its text where float64 cannot hold some entry, else its float."""
    text = result.exact_gradient_text["x"]
    return mpmath.mpf(text[index] if text is not None else float(np.ravel(result.exact_gradient["x"])[index]))


def test_logsf_far_in_the_tail_is_ok_and_its_reference_is_log_phi(model):
    with mpmath.workdps(30):
        x = mpmath.mpf(-1e5)
        as_written = -mpmath.mpf(HALF_SQRT2) / mpmath.sqrt(mpmath.pi) * mpmath.exp(-(x * HALF_SQRT2) ** 2)
        mathematics = -mpmath.npdf(x) / mpmath.ncdf(-x)
        for result in check(f"{model}:tail", [{"x": np.array([40.0, -1e5])}], dtypes=("float32", "float64")):
            assert result.status == "ok", [f.message for f in result.findings]
            assert float(result.gradient["x"][1]) == 0.0  # the dtype's answer, exact to the dtype
            reference = exact_text(result, 1)
            assert abs(reference / mathematics - 1) < 1e-15  # log_ndtr replayed as log Phi
            assert 6e-7 < abs(reference / as_written - 1) < 7e-7  # not JAX's erfc of the rounded 1/sqrt 2


def test_logsf_and_log_ndtr_at_ordinary_points_are_ok_with_the_exact_gradient(model):
    for result in check(f"{model}:tail", [{"x": np.array([1.0, -3.0])}], dtypes=("float32", "float64")):
        assert result.status == "ok"
        for i, x in enumerate((1.0, -3.0)):
            truth = -mpmath.npdf(x) / mpmath.ncdf(-x)
            assert float(exact_text(result, i)) == pytest.approx(float(truth), rel=1e-12)
    [result] = check(f"{model}:direct", [{"x": np.array([1e5, 2.0, -3.0])}])
    assert result.status == "ok", [f.message for f in result.findings]
    assert float(exact_text(result, 2)) == pytest.approx(float(mpmath.npdf(-3.0) / mpmath.ncdf(-3.0)), rel=1e-12)


def test_log_ndtr_below_its_series_switch_is_judged_against_log_phi(model):
    """Below -20 JAX's log_ndtr is 1 - 1/x^2 + 3/x^4 - 15/x^6 of an asymptotic series: 105/x^8 short of log Phi
    (2.8e-9 at -21), which exp turns into the same relative error. JAX's rule is the mathematics' (the slope of
    exp(log_ndtr(x)) is phi(x) exactly): the value is what JAX loses, not a wrong rule (trials17a F1)."""
    [result] = check(f"{model}:cdf_by_log", [{"x": np.array([-21.0, -30.0])}])
    assert result.status == "unstable", [f.message for f in result.findings]
    with mpmath.workdps(30):
        for i, x in enumerate((-21.0, -30.0)):
            assert abs(exact_text(result, i) / mpmath.npdf(x) - 1) < 1e-14


def test_a_rule_off_by_more_than_the_rounding_explains_is_wrong_in_the_tail_too(model):
    # 1e-5 is above 4 x 5e9 x 2^-53 = 2.2e-6, what rounded float64 constants can do inside exp(-5e9).
    for point in ({"x": 1e5}, {"x": 2.0}):
        for result in check(f"{model}:off", [point], dtypes=("float32", "float64")):
            assert result.status == "wrong", (point, result.dtype)


def test_the_allowance_needs_a_number_beyond_every_dtype_and_scales_with_its_exponent():
    tiny = mpmath.mpf("1e-2171472410")
    beyond, off = {"x": [tiny * (1 + mpmath.mpf("1e-6"))]}, {"x": [tiny]}
    assert judge._constants_rounding(["x"], beyond, off, 1e-8, np.dtype(np.float64))
    too_far = {"x": [tiny * (1 + mpmath.mpf("1e-5"))]}
    assert not judge._constants_rounding(["x"], too_far, off, 1e-8, np.dtype(np.float64))
    held = mpmath.mpf("1e-300")  # float64 holds it: a rule off there is off in the dtype, within 4 |E| u or not
    assert not judge._constants_rounding(["x"], {"x": [held * (1 + mpmath.mpf("1e-13"))]}, {"x": [held]}, 0.0, np.dtype(np.float64))
    nothing = mpmath.mpf(0)  # a proven 0 allows nothing
    assert not judge._constants_rounding(["x"], {"x": [tiny]}, {"x": [nothing]}, 1e-8, np.dtype(np.float64))
