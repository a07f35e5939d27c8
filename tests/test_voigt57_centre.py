"""The Voigt profile's slopes on balls and near its centre: V is even in x, so its x-slope at x = 0 is exactly 0 on
balls and jets (finding V1), and near x = 0 mpmath keeps the digits of x in the slope."""

import flint
import mpmath
import pytest

import gradcli
import gradcli.scipy.special as special
from gradcli.autodiff import ops_normal_integrals as voigt


@pytest.fixture(autouse=True)
def _balls_at_128_bits():
    with flint.ctx.workprec(128):
        yield


def _voigt_mp(x, sigma, gamma):
    z = mpmath.mpc(x, gamma) / (sigma * mpmath.sqrt(2))
    return (mpmath.exp(-z * z) * mpmath.erfc(-1j * z)).real / (sigma * mpmath.sqrt(2 * mpmath.pi))


def _slopes_mp(x, sigma, gamma):
    return [mpmath.diff(lambda t: _voigt_mp(*[t if i == k else v for i, v in enumerate((x, sigma, gamma))]), a)
            for k, a in enumerate((x, sigma, gamma))]


def _close(ball, want):
    return abs(mpmath.mpf(float(ball.mid())) - want) <= 1e-12 * abs(want) + 1e-300 and ball.rad() < 1e-20


@pytest.mark.parametrize("point", [(1.5, 1.0, 0.5), (-0.25, 0.7, 2.0), (3.0, 0.3, 0.0), (0.0, 1.0, 0.5)])
def test_the_ball_partials_are_the_profiles_slopes(point):
    balls = [flint.arb(v) for v in point]
    value = voigt._voigt_ball(*balls)
    partials = voigt._JET_PARTIALS["voigt_profile"]
    with mpmath.workdps(30):
        want = _slopes_mp(*map(mpmath.mpf, point))
    for partial, slope in zip(partials, want):
        assert _close(partial(value, *balls), slope)


def test_the_x_slope_at_the_centre_is_an_exact_zero_on_balls():
    """V1's class: at any width and half-width, not a ball around 0."""
    for sigma, gamma in [(1.0, 0.5), (0.1, 3.0), (2.0, 0.0)]:
        balls = [flint.arb(0), flint.arb(sigma), flint.arb(gamma)]
        slope = voigt._JET_PARTIALS["voigt_profile"][0](voigt._voigt_ball(*balls), *balls)
        assert slope.is_exact() and slope.is_zero()


def test_the_x_slope_over_x_at_the_centre_is_the_second_slope():
    with mpmath.workdps(30):
        want = mpmath.diff(lambda t: _voigt_mp(t, 0.7, 0.4), 0, 2)
        assert abs(voigt._voigt_slope_x_over_x_mp(mpmath.mpf(0), mpmath.mpf(0.7), mpmath.mpf(0.4)) - want) < 1e-25
    ball = voigt._voigt_slope_x_over_x_ball(flint.arb(0), flint.arb(0.7), flint.arb(0.4))
    assert _close(ball, want)


@pytest.mark.parametrize("x", [1e-300, -3e-200, 1e-20])
def test_a_slope_beside_the_centre_keeps_the_digits_of_x(x):
    """V_x(x) is x V_xx(0) to first order: computed at 94 bits it must not lose x's bits to the size of w."""
    slope = gradcli.grad(lambda t: special.voigt_profile(t, 1.0, 0.5))(x)
    with mpmath.workdps(30):
        want = x * mpmath.diff(lambda t: _voigt_mp(t, 1, mpmath.mpf(0.5)), 0, 2)
    assert abs(slope - float(want)) <= 1e-13 * abs(float(want))
