"""A user's code on gradcli.numpy and gradcli.scipy, round 35c: a pendulum's energy, period and travel time at small
and near-critical amplitudes (1 - cos beside cosm1, the complete and incomplete elliptic integrals), chess ratings
(Elo's expected score by powers of ten and by expit, a rating fit over a parameter tree), astronomical magnitudes
(combined magnitudes by powers of ten and by logsumexp, a distance modulus), electrochemistry (the Butler-Volmer
current and its inverse, the overpotential, by a log of a square root, by arcsinh and behind hand-written rules),
queueing tails (Poisson and Erlang distribution functions in their rates), a slab's transmission through a stellar
atmosphere by E_3, an F test's distribution function, the reciprocal gamma function at its zeros,
Carlson's R_C at a tie, norms, softmax entropies and a signed log-sum-exp at huge and subnormal arguments, and kinks
of max, clip and where a hair from their switches."""

import numpy as np

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as sps

# --- a pendulum (angles in radians, the period in units of sqrt(l/g)) -----------------------------------------------


def pendulum_energy_naive(theta):
    """A pendulum's potential energy over m g l at angle ``theta``."""
    return gnp.sum(1 - gnp.cos(theta))


def pendulum_energy(theta):
    return gnp.sum(-sps.cosm1(theta))


def pendulum_period(amplitude):
    """The exact period 4 K(m), m = sin^2(amplitude / 2)."""
    return gnp.sum(4 * sps.ellipk(gnp.sin(amplitude / 2) ** 2))


def pendulum_travel_time(phi, m):
    """The time to swing to the angle whose amplitude parameter is ``phi``: F(phi | m)."""
    return gnp.sum(sps.ellipkinc(phi, m))


# --- chess ratings -------------------------------------------------------------------------------------------------

ELO_SLOPE = np.log(10.0) / 400


def elo_expected_naive(diff):
    """Elo's expected score of a player rated ``diff`` points above the opponent."""
    return gnp.sum(1 / (1 + 10 ** (-diff / 400)))


def elo_expected(diff):
    return gnp.sum(sps.expit(diff * ELO_SLOPE))


def rating_args():
    """Three games' winners' and losers' ratings; the third an upset by 161,200 points."""
    return {"ratings": {"winner": gnp.array([1500.0, 1650.0, -160000.0]),
                        "loser": gnp.array([1400.0, 1700.0, 1200.0])}},


def rating_loss_naive(params):
    """The negative log-likelihood of the games' outcomes under Elo's model."""
    margin = params["ratings"]["winner"] - params["ratings"]["loser"]
    return gnp.sum(gnp.log(1 + 10 ** (-margin / 400)))


def rating_loss(params):
    margin = params["ratings"]["winner"] - params["ratings"]["loser"]
    return -gnp.sum(sps.log_expit(margin * ELO_SLOPE))


# --- astronomical magnitudes ---------------------------------------------------------------------------------------

LN10 = np.log(10.0)
MAGNITUDE_RATE = 0.4 * LN10


def combined_magnitude_naive(m):
    """The magnitude of stars of magnitudes ``m`` seen as one."""
    return -2.5 * gnp.log10(gnp.sum(10 ** (-0.4 * m)))


def combined_magnitude(m):
    return -2.5 / LN10 * sps.logsumexp(-MAGNITUDE_RATE * m)


def distance_modulus(distance):
    """m - M of a star ``distance`` parsecs away."""
    return gnp.sum(5 * gnp.log10(distance) - 5)


# --- electrochemistry (overpotentials in thermal voltages or volts) -------------------------------------------------

EXCHANGE = 1e-3  # the exchange current, amperes
ALPHA = 0.5
F_RT = 38.92  # F / RT at 25 C, per volt


def butler_volmer_naive(eta):
    """The Butler-Volmer current at an overpotential of ``eta`` thermal voltages."""
    return gnp.sum(EXCHANGE * (gnp.exp(ALPHA * eta) - gnp.exp(-(1 - ALPHA) * eta)))


def butler_volmer(eta):
    return gnp.sum(2 * EXCHANGE * gnp.sinh(eta / 2))


def overpotential_naive(current):
    """The overpotential in volts that drives ``current``: the symmetric Butler-Volmer law inverted."""
    x = current / (2 * EXCHANGE)
    return gnp.sum(2 / F_RT * gnp.log(x + gnp.sqrt(x ** 2 + 1)))


def overpotential(current):
    return gnp.sum(2 / F_RT * gnp.arcsinh(current / (2 * EXCHANGE)))


@gradcli.custom_gradient
def _asinh_by_hypot(x):
    def grad_fn(upstream):
        return upstream / gnp.hypot(1.0, x)
    return gnp.arcsinh(x), grad_fn


@gradcli.custom_gradient
def _asinh_by_square(x):
    def grad_fn(upstream):
        return upstream / gnp.sqrt(1 + x * x)
    return gnp.arcsinh(x), grad_fn


@gradcli.custom_gradient
def _asinh_slipped(x):
    def grad_fn(upstream):
        return upstream / gnp.sqrt(gnp.abs(1 - x * x))
    return gnp.arcsinh(x), grad_fn


def overpotential_rule(current):
    return gnp.sum(2 / F_RT * _asinh_by_hypot(current / (2 * EXCHANGE)))


def overpotential_rule_square(current):
    return gnp.sum(2 / F_RT * _asinh_by_square(current / (2 * EXCHANGE)))


def overpotential_rule_slipped(current):
    return gnp.sum(2 / F_RT * _asinh_slipped(current / (2 * EXCHANGE)))


# --- queueing tails ------------------------------------------------------------------------------------------------


def poisson_tail(rate):
    """P(more than 3 arrivals) at a mean of ``rate`` arrivals."""
    return gnp.sum(sps.pdtrc(3, rate))


def erlang_wait(rate, t):
    """P(the third arrival comes by ``t``) at ``rate`` arrivals per unit time."""
    return gnp.sum(sps.gdtr(rate, 3, t))


# --- a stellar atmosphere and an F test ----------------------------------------------------------------------------


def slab_transmission(tau):
    """The fraction of an isotropic flux that crosses a slab of optical depth ``tau``: 2 E_3(tau)."""
    return gnp.sum(2 * sps.expn(3, tau))


def f_test_cdf(f):
    """P(F <= f) for an F statistic with 3 and 5 degrees of freedom."""
    return gnp.sum(sps.fdtr(3.0, 5.0, f))


# --- special functions ---------------------------------------------------------------------------------------------


def reciprocal_gamma(x):
    return gnp.sum(sps.rgamma(x))


def carlson_rc(x, y):
    return gnp.sum(sps.elliprc(x, y))


# --- reductions at huge and subnormal arguments --------------------------------------------------------------------


def log_norm(x):
    return gnp.log(gnp.linalg.norm(x))


def log_norm_scaled(x):
    """The same with the largest entry taken out, so that the squares neither overflow nor underflow."""
    scale = gnp.max(gnp.abs(x))
    return gnp.log(scale) + gnp.log(gnp.linalg.norm(x / scale))


def softmax_entropy_naive(z):
    p = sps.softmax(z)
    return -gnp.sum(p * gnp.log(p))


def softmax_entropy(z):
    return -gnp.sum(sps.softmax(z) * sps.log_softmax(z))


def signed_logsumexp(x):
    """log(e^x0 - e^x1 / 2)."""
    return sps.logsumexp(x, b=np.array([1.0, -0.5]))


# --- kinks ---------------------------------------------------------------------------------------------------------


def hinge_squared(x):
    return gnp.sum(gnp.maximum(0.0, 1 - x) ** 2)


def clipped(x):
    return gnp.sum(gnp.clip(x, -1.0, 1.0))


def leaky(x):
    return gnp.sum(gnp.where(x > 0, x, 0.01 * x))


def leaky_above(x):
    """A leaky unit whose switch sits at 1e-300 rather than 0."""
    return gnp.sum(gnp.where(x > 1e-300, x, 0.01 * x))


def larger(x, y):
    return gnp.sum(gnp.maximum(x, y))
