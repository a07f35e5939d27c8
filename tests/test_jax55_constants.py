"""A JAX library's rounded constants are, in the exact reference, the constants they stand for; the user's are not.

JAX's ``ndtr`` multiplies by the float64 of 1/sqrt 2, its ``erfcx`` rule
subtracts the float64 of 2/sqrt(pi), its Owen's T rule divides by
``2. * np.sqrt(2. * np.pi)``, a float 0.6 ulp from the nearest. An exact replay
that kept those floats judged the library's code by a function 1e-16 away from
its mathematics: ``erfcx``'s rule `wrong` at 1e5 (its constants' roundings are
1.9e-6 of its slope there). The replay in the dtype keeps JAX's floats; a number written
in the user's own code, the same float included, stays that number everywhere.
"""

import jax
import jax.numpy as jnp
import mpmath
import numpy as np
import pytest

import gradcli
from gradcli.autodiff import ops
from gradcli.capture.exact_constants import standing_for


def _named(meaning):
    """The number ``standing_for``'s answer names, at 60 digits."""
    name, scale = meaning
    with mpmath.workdps(60):
        return ops.CONSTANTS[name](mpmath) * scale


@pytest.mark.parametrize("value, truth", [
    (0.7071067811865476, lambda: 1 / mpmath.sqrt(2)),  # ndtr's, the nearest float64
    (2.0 * np.sqrt(2.0 * np.pi), lambda: 2 * mpmath.sqrt(2 * mpmath.pi)),  # Owen's T rule's: the second nearest
    (-np.pi / 2, lambda: -mpmath.pi / 2),  # a sign and a power of 2 apart from pi
    (np.asarray(np.sqrt(2 * np.pi), dtype=np.float32), lambda: mpmath.sqrt(2 * mpmath.pi)),  # a float32 graph's
])
def test_a_rounded_constant_stands_for_the_constant(value, truth):
    meaning = standing_for(value)
    assert meaning is not None
    with mpmath.workdps(60):
        assert abs(_named(meaning) - truth()) <= mpmath.mpf(10) ** -55


@pytest.mark.parametrize("value", [
    0.1, 0.5, 2.0, 0.044715, 1e-300, 0.0, float("inf"), float("nan"),
    float(np.float32(np.pi)),  # float32's pi read as a float64 is 3e-8 off pi: no float64 rounding of it
    0.7071067811865476 + 8 * np.spacing(0.7071067811865476),  # eight ulps from 1/sqrt 2
    np.asarray(0.7071067811865476 + 8 * np.spacing(0.7071067811865476), dtype=np.float32) + np.float32(2e-7),
    np.array([np.pi]),  # an array constant is data, not a rule's number
])
def test_other_numbers_stand_for_themselves(value):
    assert standing_for(value) is None


def _library_ndtr(x):
    return jnp.sum(jax.scipy.special.ndtr(x))


def _users_ndtr(x):
    return jnp.sum(0.5 * jax.scipy.special.erfc(-x * 0.7071067811865476))


def _exact(function, at):
    result = gradcli.check(function, [{"x": [at]}], dtypes=("float64",), fixes=False).results[0]
    return result, float(result.exact_value), float(np.ravel(result.exact_gradient["x"])[0])


def _close(a, b):
    return abs(a - b) <= 1e-15 * abs(b)


def test_the_librarys_constant_is_exact_and_the_users_same_float_is_not():
    # Phi(-10) = 7.6198530241605261e-24; with 1/sqrt 2 rounded up the argument moves by 6.8e-17 of itself, and
    # Phi by 7e-15 of itself: 7.6198530241604735e-24
    _, value, slope = _exact(_library_ndtr, -10.0)
    with mpmath.workdps(40):
        assert _close(value, float(mpmath.ncdf(-10)))
        assert _close(slope, float(mpmath.npdf(-10)))
    _, value, slope = _exact(_users_ndtr, -10.0)
    with mpmath.workdps(40):
        c = mpmath.mpf(0.7071067811865476)
        assert _close(value, float(mpmath.erfc(10 * c) / 2))
        assert _close(slope, float(c * mpmath.exp(-((10 * c) ** 2)) / mpmath.sqrt(mpmath.pi)))
        assert not _close(value, float(mpmath.ncdf(-10)))


@jax.custom_jvp
def _erfcx_ruled(x):
    return jax.scipy.special.erfcx(x)


@_erfcx_ruled.defjvp
def _erfcx_ruled_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    ans = _erfcx_ruled(x)
    return ans, t * (2 * x * ans - 1.1283791670955126)  # the float64 of 2/sqrt(pi), written by the user


def test_a_librarys_rule_is_judged_on_its_constant_and_a_users_rule_on_its_number():
    # d/dx erfcx(x) = 2 x erfcx(x) - 2/sqrt(pi) = -5.6419e-11 at 1e5; the float64 of 2/sqrt(pi) is 1.5e-17 below
    # it, 2.7e-7 of that slope. JAX's rule loses those digits in float64 (unstable: it subtracts nearly equal
    # numbers); the user's rule, at high precision, still holds the rounded number: wrong by 2.7e-7, at its line
    # (its operations are traced under `rule_frames_kept`, whose own frame is gradcli's: no author of a number)
    library = gradcli.check(lambda x: jnp.sum(jax.scipy.special.erfcx(x)), [{"x": [1e5]}], dtypes=("float64",),
                            fixes=False).results[0]
    assert library.status == "unstable", [f.message for f in library.findings]
    users = gradcli.check(lambda x: jnp.sum(_erfcx_ruled(x)), [{"x": [1e5]}], dtypes=("float64",),
                          fixes=False).results[0]
    assert users.status == "wrong"
    assert [f.op for f in users.findings] == ["gradient rule _erfcx_ruled_jvp() of _erfcx_ruled"]
    assert "-5.641894301e-11" in users.findings[0].message  # the rule holding the float 1.5e-17 below 2/sqrt(pi)
    with mpmath.workdps(40):
        x = mpmath.mpf(1e5)
        truth = float(2 * x * mpmath.erfc(x) * mpmath.exp(x * x) - 2 / mpmath.sqrt(mpmath.pi))
    for result in (library, users):
        assert _close(float(np.ravel(result.exact_gradient["x"])[0]), truth)


def test_owens_t_on_mpmath_numbers_takes_a_float_operand():
    # a JAX call's literal (skewnorm's a = 2.0 in owens_t(x, 2.0)) reaches the exact replay as the float it is
    from gradcli.autodiff import mp as mp_core
    from gradcli.scipy import special

    mp_core.enable()
    with mpmath.workdps(30):
        got = special.owens_t(np.array([mpmath.mpf(0.5)], dtype=object), 2.0)[0]
        h = mpmath.mpf(0.5)
        want = mpmath.quad(lambda t: mpmath.exp(-h * h * (1 + t * t) / 2) / (1 + t * t), [0, 2]) / (2 * mpmath.pi)
        assert abs(got - want) <= mpmath.mpf(10) ** -25 * want
