"""The classes of issue 27's N1, C1 and P1 in JAX code: its libraries' constants are the numbers they round in the
exact replay of the float32 program too, a user's ``math.log(2.0)`` that cancels to its own rounding is no lost digit,
and ``jnp.nan_to_num`` of a NaN held all around the point is a constant. Truths are mpmath's at 50 digits.
"""

import math

import mpmath
import numpy as np
import pytest

import jax.numpy as jnp
import jax.scipy.special as jss

import gradcli


def tobit(mu):
    return -jnp.sum(jnp.log(jss.ndtr((0.0 - mu) / 0.5)))


def softplus_minus_ln2(x):
    return jnp.logaddexp(x, 0.0) - math.log(2.0)


def nan_to_num_of_log(x):
    return jnp.sum(jnp.nan_to_num(jnp.log(x), nan=0.0))


def _check(name, point, dtypes):
    return gradcli.check(f"{__file__}:{name}", [point], dtypes=dtypes, fixes=False).results


def test_ndtrs_constant_is_one_over_root_two_in_the_float32_program():
    """d/dmu -log Phi(-mu / s) = phi(z) / (s Phi(z)) at z = -mu / s: at z = -20 a float32 1/sqrt 2 would be 3e-8 off."""
    for r in _check("tobit", {"mu": np.array([10.0, 1.0])}, ["float32", "float64"]):
        with mpmath.workdps(50):
            truths = [mpmath.npdf(-mu / 0.5) / (0.5 * mpmath.ncdf(-mu / 0.5)) for mu in (10, 1)]
        assert all(abs(g - t) <= 1e-14 * t for g, t in zip(r.exact_gradient["mu"], truths)), (r.dtype, r.exact_gradient)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_a_users_log_2_rounding_is_no_cancellation(dtype):
    (r,) = _check("softplus_minus_ln2", {"x": 0.0}, [dtype])
    assert r.status == "ok" and r.value == 0.0, r.findings
    assert abs(r.exact_gradient["x"] - 0.5) <= 1e-15


def test_nan_to_num_of_a_nan_held_all_around_is_flat():
    (r,) = _check("nan_to_num_of_log", {"x": np.array([0.5, -1.0])}, ["float64"])
    assert r.status == "ok", r.findings
    assert np.array_equal(r.exact_gradient["x"], [2.0, 0.0]) and r.value == math.log(0.5)
