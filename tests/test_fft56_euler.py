"""Euler's gamma is a constant of `ops.CONSTANTS`: exact on mpmath, balls and proofs, and JAX's rounded one stands for it.

JAX's Ci series (`_sici_series`), its expi series and its En for n >= 1 add ``np.euler_gamma``, a float64
4.9e-18 above gamma. An exact replay that kept that float computed a function 1e-17 away from the library's
mathematics; read as the constant it stands for (`exact_constants.standing_for`), the replay is the series with
gamma itself. The same float in the user's own code stays that float.
"""

import jax.numpy as jnp
import mpmath
import numpy as np
import pytest
from jax._src.scipy import special as jax_special

import gradcli.numpy as gnp
from gradcli.autodiff import arb, ops
from gradcli.autodiff import mp as gradcli_mp
from gradcli.capture.exact_constants import standing_for
from gradcli.checker import python_zero, targets


@pytest.mark.parametrize("value", [np.euler_gamma, np.float32(np.euler_gamma), -4 * np.euler_gamma])
def test_numpys_rounded_euler_gamma_stands_for_the_constant(value):
    name, scale = standing_for(np.asarray(value))
    assert name == "euler" and abs(scale) in (1.0, 4.0)


def test_the_constant_is_gamma_on_mpmath_and_on_balls():
    import flint

    arb.enable()
    with mpmath.workdps(60):
        assert abs(ops.constant("euler", np.array([mpmath.mpf(1)], dtype=object)) - mpmath.euler) < mpmath.mpf(10) ** -58
    saved = flint.ctx.prec
    try:
        flint.ctx.prec = 300
        ball = ops.constant("euler", np.array([flint.arb(1)], dtype=object))
        assert ball.rad() < flint.arb(2) ** -290
        with mpmath.workdps(110):
            truth = flint.arb(mpmath.nstr(mpmath.euler, 100))
        assert abs(ball - truth) < flint.arb(2) ** -280
    finally:
        flint.ctx.prec = saved


def test_in_a_proof_the_constant_is_one_number():
    # sum(x) gamma - sum(x gamma) is 0 only where both gammas are one exact number (two balls would be two atoms)
    def cancelling(x):
        return gnp.sum(x) * ops.constant("euler", x) - gnp.sum(x * ops.constant("euler", x))

    arb.enable()
    value, slopes = python_zero.proven(cancelling, [np.array([0.3, 1.7])])
    assert value and all(slopes)


def _library_ci(x):
    return jnp.sum(jax_special._sici_series(x)[1])  # gamma + log x + t P(t) / Q(t), t = x^2: JAX's np.euler_gamma


def _users_constant(x):
    return jnp.sum(np.euler_gamma + jnp.log(x))


def _replayed(function, at):
    gradcli_mp.enable()
    target = targets.resolve(function)
    with mpmath.workdps(50):
        return target.mp_function(np.array([mpmath.mpf(at)], dtype=object))


def test_jaxs_series_is_replayed_with_gamma_and_the_users_float_with_itself():
    x = 1e-20  # t P(t) / Q(t) is -t / 4 to 1e-80 here (P's and Q's constant terms are -1 and 4 as floats)
    with mpmath.workdps(50):
        truth = mpmath.euler + mpmath.log(mpmath.mpf(x)) - mpmath.mpf(x) ** 2 / 4
        assert abs(_replayed(_library_ci, x) - truth) < mpmath.mpf(10) ** -45
        users = mpmath.mpf(np.euler_gamma) + mpmath.log(mpmath.mpf(x))
        assert abs(_replayed(_users_constant, x) - users) < mpmath.mpf(10) ** -45
