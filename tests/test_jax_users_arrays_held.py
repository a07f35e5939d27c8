"""An array the user's JAX code makes from its own numbers is held as the dtype holds it, whatever code reads it.

``jnp.array([[1.0, 0.999999], [0.999999, 1.0]])`` handed to
``jax.scipy.stats.multivariate_normal.logpdf`` is read on JAX's lines only, yet its
numbers are the user's: JAX without x64 holds them in float32, where 0.999999 is
0.99999898672, and the slope of the negative log-density, -C^-1 (x - mean), moves
by 1.3 % with it. The float32 program's exact gradient is the one with the float32
covariance (mpmath at 60 digits, from the formula, here); float64's keeps 0.999999.
"""

import mpmath
import numpy as np
import pytest

import gradcli

MODEL = '''import jax
import jax.numpy as jnp


def by_array(mean):
    cov = jnp.array([[1.0, 0.999999], [0.999999, 1.0]])
    return -jax.scipy.stats.multivariate_normal.logpdf(jnp.array([0.5, -0.5]), mean, cov)


def by_asarray(mean):
    cov = jnp.asarray([[1.0, 0.999999], [0.999999, 1.0]])
    return -jax.scipy.stats.multivariate_normal.logpdf(jnp.asarray([0.5, -0.5]), mean, cov)
'''
MEAN = [0.1, 0.2]


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    path = tmp_path_factory.mktemp("users_arrays") / "users_arrays_model.py"
    path.write_text(MODEL)
    return str(path)


def slope(mean, correlation, dtype):
    """d/dmean of -log N(x; mean, C) = -C^-1 (x - mean), with C's and the point's numbers as ``dtype`` holds them."""
    with mpmath.workdps(60):
        held = lambda v: mpmath.mpf(float(np.dtype(dtype).type(v)))  # noqa: E731 - the dtype's number, exactly
        c = mpmath.matrix([[1, held(correlation)], [held(correlation), 1]])
        d = mpmath.matrix([held(0.5) - held(mean[0]), held(-0.5) - held(mean[1])])
        return [float(v) for v in -(c ** -1 * d)]


@pytest.mark.parametrize("name", ["by_array", "by_asarray"])
def test_an_array_of_the_users_numbers_read_by_a_library_is_held(model, name):
    report = gradcli.check(f"{model}:{name}", [{"mean": MEAN}], dtypes=("float32", "float64"), fixes=False)
    results = {r.dtype: r for r in report.results}
    assert {d: r.status.value for d, r in results.items()} == {"float32": "ok", "float64": "ok"}
    for dtype, result in results.items():
        expected = slope(MEAN, 0.999999, dtype)
        np.testing.assert_allclose(np.asarray(result.exact_gradient["mean"], dtype=float), expected, rtol=1e-12)
    # The two dtypes' programs differ by the covariance's rounding: the test tells held from written.
    assert abs(slope(MEAN, 0.999999, "float32")[0] / slope(MEAN, 0.999999, "float64")[0] - 1) > 1e-3
