"""A user's JAX code, thirty-seventh round (first part): orbital mechanics (Kepler's equation for the eccentric
anomaly by Newton in lax.fori_loop and in lax.while_loop to a tolerance, behind custom_vjp implicit rules right and
with the eccentricity forgotten in the denominator, the true anomaly by the half-angle tangent and by arctan2, an
orbit's radius over a vmapped set of mean anomalies, orbital elements fitted to ranges from a parameter tree), leaf
photosynthesis (the non-rectangular hyperbola by the textbook root, whose b - sqrt(b^2 - 4 theta c) cancels as theta
goes to 0, and by the conjugate root; Farquhar's co-limitation by jnp.minimum and by a where at the point where the
Rubisco and electron-transport rates are equal, and smoothed by a quadratic), psychophysics (d' by ndtri at a perfect
hit rate, a Weibull psychometric function with a blank trial fitted from a parameter tree, a logistic one by
log_sigmoid), genetic linkage (Haldane's and Kosambi's map functions near r = 1/2 and r = 0, a LOD score by xlogy and
xlog1py, with no recombinants), radiative transfer (a slab's diffuse transmission 2 E3(tau) by
jax.scipy.special.expn, at tau = 0 and where it underflows, its escape probability near tau = 0, the logarithmic
integral by expi), a gamma shape's Fisher information by polygamma far out, and jax.nn.hard_sigmoid and relu at their
corners."""

import math

import jax
import jax.numpy as jnp
from jax.scipy.special import expi, expn, ndtri, polygamma, xlog1py, xlogy

# --- orbital mechanics -----------------------------------------------------------------------------------------------


def eccentric_anomaly(M, e):
    """Kepler's equation E - e sin E = M by 40 Newton steps from E = pi (which converges for every e < 1)."""
    def newton(_, E):
        return E - (E - e * jnp.sin(E) - M) / (1.0 - e * jnp.cos(E))
    return jax.lax.fori_loop(0, 40, newton, jnp.pi + 0.0 * M)


def eccentric_anomaly_tol(M, e):
    """The same by lax.while_loop until the residual is below 1e-13."""
    def residual(E):
        return E - e * jnp.sin(E) - M

    def keep_going(E):
        return jnp.abs(residual(E)) > 1e-13

    def newton(E):
        return E - residual(E) / (1.0 - e * jnp.cos(E))
    return jax.lax.while_loop(keep_going, newton, newton(jnp.pi + 0.0 * M))


@jax.custom_vjp
def kepler(M, e):
    return eccentric_anomaly(M, e)


def _kepler_fwd(M, e):
    E = eccentric_anomaly(M, e)
    return E, (E, e)


def _kepler_bwd(saved, g):
    E, e = saved
    slope = g / (1.0 - e * jnp.cos(E))
    return slope, slope * jnp.sin(E)


kepler.defvjp(_kepler_fwd, _kepler_bwd)


@jax.custom_vjp
def kepler_bad(M, e):
    return eccentric_anomaly(M, e)


def _kepler_bad_fwd(M, e):
    E = eccentric_anomaly(M, e)
    return E, (E, e)


def _kepler_bad_bwd(saved, g):
    E, e = saved
    slope = g / (1.0 - jnp.cos(E))
    return slope, slope * jnp.sin(E)


kepler_bad.defvjp(_kepler_bad_fwd, _kepler_bad_bwd)


def true_anomaly(E, e):
    """The textbook half-angle form."""
    return 2.0 * jnp.arctan(jnp.sqrt((1.0 + e) / (1.0 - e)) * jnp.tan(E / 2.0))


def true_anomaly_atan2(E, e):
    return 2.0 * jnp.arctan2(jnp.sqrt(1.0 + e) * jnp.sin(E / 2.0), jnp.sqrt(1.0 - e) * jnp.cos(E / 2.0))


def orbit_radius(M, e):
    """r / a = 1 - e cos E, through the custom rule."""
    return 1.0 - e * jnp.cos(kepler(M, e))


def orbit_radius_bad(M, e):
    return 1.0 - e * jnp.cos(kepler_bad(M, e))


def radii(Ms):
    """The sum of the radii at several mean anomalies, e = 0.6, by jax.vmap."""
    return jnp.sum(jax.vmap(orbit_radius, in_axes=(0, None))(Ms, 0.6))


def orbit_fit(params, data):
    """Squared misfit of ranges r = a (1 - e cos E) at times t, mean motion 2 pi / 10, e = sigmoid(e_logit)."""
    times, ranges = data
    a = jnp.exp(params["log_a"])
    e = jax.nn.sigmoid(params["e_logit"])
    M = 2.0 * jnp.pi / 10.0 * times + params["M0"]
    E = jax.vmap(eccentric_anomaly, in_axes=(0, None))(M, e)
    return jnp.sum((a * (1.0 - e * jnp.cos(E)) - ranges) ** 2)


def orbit_args():
    times = jnp.array([0.0, 1.5, 3.0, 4.5, 6.0])
    ranges = jnp.array([0.62, 0.95, 1.58, 1.71, 1.22])
    return {"log_a": 0.1, "e_logit": -0.5, "M0": 0.3}, (times, ranges)


# --- leaf photosynthesis ---------------------------------------------------------------------------------------------

QUANTUM_YIELD, P_MAX = 0.0625, 25.0


def nrh(light, theta):
    """The non-rectangular hyperbola's smaller root, as the crop-model notes write it."""
    b = QUANTUM_YIELD * light + P_MAX
    return (b - jnp.sqrt(b * b - 4.0 * theta * QUANTUM_YIELD * light * P_MAX)) / (2.0 * theta)


def nrh_conjugate(light, theta):
    """The same root as 2c / (b + sqrt(b^2 - 4 theta c)): no cancellation, and theta = 0 allowed."""
    b = QUANTUM_YIELD * light + P_MAX
    c = QUANTUM_YIELD * light * P_MAX
    return 2.0 * c / (b + jnp.sqrt(b * b - 4.0 * theta * c))


GAMMA_STAR, K_EFF, V_CMAX, J_MAX = 40.0, 700.0, 60.0, 120.0


def _rates(ci):
    wc = V_CMAX * (ci - GAMMA_STAR) / (ci + K_EFF)
    wj = J_MAX * (ci - GAMMA_STAR) / (4.0 * ci + 8.0 * GAMMA_STAR)
    return wc, wj


def farquhar(ci):
    """Net assimilation min(Wc, Wj) - Rd."""
    wc, wj = _rates(ci)
    return jnp.minimum(wc, wj) - 1.0


def farquhar_where(ci):
    wc, wj = _rates(ci)
    return jnp.where(wc < wj, wc, wj) - 1.0


def farquhar_smooth(ci):
    """Co-limitation by the smaller root of 0.98 A^2 - (Wc + Wj) A + Wc Wj = 0."""
    wc, wj = _rates(ci)
    s = wc + wj
    return (s - jnp.sqrt(s * s - 4.0 * 0.98 * wc * wj)) / (2.0 * 0.98) - 1.0


# --- psychophysics ---------------------------------------------------------------------------------------------------


def d_prime(hits, false_alarms):
    return ndtri(hits) - ndtri(false_alarms)


def criterion(hits, false_alarms):
    return -0.5 * (ndtri(hits) + ndtri(false_alarms))


LEVELS = jnp.array([0.0, 0.5, 1.0, 2.0, 4.0])
CORRECT = jnp.array([21.0, 24.0, 31.0, 38.0, 40.0])
TRIALS = 40.0


def weibull_nll(params, data):
    """Two-alternative Weibull psychometric function, guess 1/2, lapse by a sigmoid; blank trials at level 0."""
    levels, correct = data
    alpha, beta = jnp.exp(params["log_alpha"]), jnp.exp(params["log_beta"])
    lapse = 0.1 * jax.nn.sigmoid(params["lapse_logit"])
    psi = 0.5 + (0.5 - lapse) * (1.0 - jnp.exp(-(levels / alpha) ** beta))
    return -jnp.sum(xlogy(correct, psi) + xlog1py(TRIALS - correct, -psi))


def weibull_args():
    return {"log_alpha": 0.2, "log_beta": -0.4, "lapse_logit": -1.0}, (LEVELS, CORRECT)


def weibull_psi(x, beta):
    """The detection probability of one stimulus of strength x, alpha = 1."""
    return 0.5 + 0.5 * (1.0 - jnp.exp(-(x ** beta)))


def logistic_nll(slope):
    """A logistic psychometric function at threshold 1, by log_sigmoid."""
    z = slope * (LEVELS - 1.0)
    return -jnp.sum(CORRECT * jax.nn.log_sigmoid(z) + (TRIALS - CORRECT) * jax.nn.log_sigmoid(-z))


def logistic_nll_naive(slope):
    p = jax.nn.sigmoid(slope * (LEVELS - 1.0))
    return -jnp.sum(CORRECT * jnp.log(p) + (TRIALS - CORRECT) * jnp.log(1.0 - p))


# --- genetic linkage -------------------------------------------------------------------------------------------------


def haldane(r):
    """Map distance in Morgans from a recombination fraction."""
    return -0.5 * jnp.log(1.0 - 2.0 * r)


def haldane_log1p(r):
    return -0.5 * jnp.log1p(-2.0 * r)


def kosambi(r):
    return 0.25 * jnp.log((1.0 + 2.0 * r) / (1.0 - 2.0 * r))


def kosambi_atanh(r):
    return 0.5 * jnp.arctanh(2.0 * r)


def haldane_inverse(d):
    """The recombination fraction of a map distance: (1 - e^-2d) / 2."""
    return 0.5 * (1.0 - jnp.exp(-2.0 * d))


def haldane_inverse_expm1(d):
    return -0.5 * jnp.expm1(-2.0 * d)


def lod(theta, recombinants=3.0, meioses=20.0):
    """log10 of L(theta) / L(1/2) for a backcross."""
    log_l = xlogy(recombinants, theta) + xlog1py(meioses - recombinants, -theta)
    return (log_l - meioses * math.log(0.5)) / math.log(10.0)


def lod_none(theta):
    """No recombinants among 20 meioses."""
    return lod(theta, 0.0, 20.0)


# --- radiative transfer ----------------------------------------------------------------------------------------------


def slab_transmission(tau):
    """The diffuse transmission of a slab of optical depth tau: 2 E3(tau)."""
    return 2.0 * expn(3, tau)


def log_slab_transmission(tau):
    return jnp.log(2.0 * expn(3, tau))


def escape_probability(tau):
    """The mean escape probability (1 - 2 E3(tau)) / (2 tau) of photons emitted uniformly in a slab."""
    return (1.0 - 2.0 * expn(3, tau)) / (2.0 * tau)


def log_integral(x):
    """li(x) = Ei(log x), the prime-counting approximation."""
    return expi(jnp.log(x))


# --- statistics ------------------------------------------------------------------------------------------------------


def gamma_shape_information(k):
    """The gamma shape's Fisher information with the scale profiled out: trigamma(k) - 1/k."""
    return polygamma(1, k) - 1.0 / k


# --- jax.nn corners --------------------------------------------------------------------------------------------------


def hard_sigmoid_at(x):
    return jnp.sum(jax.nn.hard_sigmoid(x))


def relu_at(x):
    return jnp.sum(jax.nn.relu(x))
