"""A user's JAX code, thirty-eighth round (first part): item response theory (a 2PL item's log-likelihood by
jax.nn.log_sigmoid, a 3PL item with a guessing floor, a Rasch test's likelihood over items by jax.vmap, a hand-written
log-sigmoid behind custom_jvp rules right and with the sign of its slope slipped, a Rasch fit from a parameter tree,
one hand-written SGD step on an ability, Elo's expected score by 10^(d/400) and Glicko's rating-deviation factor),
real gases (van der Waals' pressure and compressibility near the covolume and at it, the molar volume at a pressure
by Newton in lax.fori_loop and in lax.while_loop, behind custom_vjp implicit rules right and with the pressure's
sign forgotten, the fugacity coefficient), rocketry (Tsiolkovsky's delta-v by log and by log1p of the mass ratio,
the propellant a delta-v needs by 1 - exp and by expm1, staged delta-v by lax.scan, drag in an exponential
atmosphere far above it, a jitted burn), galaxy light profiles (a Sersic profile at its centre, where R^(1/n) has no
slope, and behind a lax.cond, its total luminosity by gammaln, the enclosed light fraction by gammainc) and Poisson
regression (the log-likelihood by exp of a linear predictor, which overflows, by jax.scipy.stats.poisson.logpmf,
and its softplus-link variant)."""

import math

import jax
import jax.numpy as jnp
from jax.scipy.special import gammainc, gammaln
from jax.scipy.stats import poisson

# --- item response theory --------------------------------------------------------------------------------------------

RESPONSES = jnp.array([1.0, 0.0, 1.0, 1.0, 0.0])
DIFFICULTY = jnp.array([-1.0, 0.5, 0.0, -0.5, 1.5])


def item_2pl(theta, a, b):
    """The log-likelihood of a correct answer, log sigma(a (theta - b))."""
    return jax.nn.log_sigmoid(a * (theta - b))


def item_2pl_naive(theta, a, b):
    return jnp.log(1.0 / (1.0 + jnp.exp(-a * (theta - b))))


def item_3pl(theta, a, b, c):
    """A correct answer with a guessing floor c: log(c + (1 - c) sigma(a (theta - b)))."""
    return jnp.log(c + (1.0 - c) * jax.nn.sigmoid(a * (theta - b)))


def rasch_loglik(theta):
    """One examinee's log-likelihood over five items, item by item through jax.vmap."""
    def one(response, difficulty):
        z = theta - difficulty
        return response * jax.nn.log_sigmoid(z) + (1.0 - response) * jax.nn.log_sigmoid(-z)
    return jnp.sum(jax.vmap(one)(RESPONSES, DIFFICULTY))


@jax.custom_jvp
def log_sig(x):
    return -jnp.logaddexp(0.0, -x)


@log_sig.defjvp
def _log_sig_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    return log_sig(x), jax.nn.sigmoid(-x) * dx


@jax.custom_jvp
def log_sig_bad(x):
    return -jnp.logaddexp(0.0, -x)


@log_sig_bad.defjvp
def _log_sig_bad_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    return log_sig_bad(x), jax.nn.sigmoid(x) * dx


def rasch_custom(theta):
    z = theta - DIFFICULTY
    return jnp.sum(RESPONSES * log_sig(z) + (1.0 - RESPONSES) * log_sig(-z))


def rasch_custom_bad(theta):
    z = theta - DIFFICULTY
    return jnp.sum(RESPONSES * log_sig_bad(z) + (1.0 - RESPONSES) * log_sig_bad(-z))


def rasch_fit(params, data):
    """A 2PL test: abilities of three examinees, one discrimination log_a and one shift for all items."""
    responses, difficulty = data
    a = jnp.exp(params["log_a"])
    z = a * (params["theta"][:, None] - difficulty[None, :] - params["shift"])
    return -jnp.sum(responses * jax.nn.log_sigmoid(z) + (1.0 - responses) * jax.nn.log_sigmoid(-z))


def rasch_args():
    responses = jnp.array([[1.0, 0.0, 1.0], [1.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
    difficulty = jnp.array([-0.5, 0.3, 1.1])
    return {"log_a": 0.2, "shift": -0.1, "theta": jnp.array([0.4, 1.2, -0.7])}, (responses, difficulty)


def after_sgd_step(theta):
    """The Rasch log-likelihood after one gradient-ascent step whose gradient is written by hand."""
    p = jax.nn.sigmoid(theta - DIFFICULTY)
    theta_new = theta + 0.5 * jnp.sum(RESPONSES - p)
    return rasch_loglik(theta_new)


def elo_expected(ra, rb):
    return 1.0 / (1.0 + 10.0 ** ((rb - ra) / 400.0))


def elo_expected_sigmoid(ra, rb):
    return jax.nn.sigmoid((ra - rb) * math.log(10.0) / 400.0)


def glicko_g(rd):
    q = math.log(10.0) / 400.0
    return 1.0 / jnp.sqrt(1.0 + 3.0 * q ** 2 * rd ** 2 / jnp.pi ** 2)


# --- real gases ------------------------------------------------------------------------------------------------------

R_GAS, A_VDW, B_VDW = 0.08314, 3.64, 0.04267  # L bar / (mol K); CO2's a (L^2 bar / mol^2) and b (L / mol)


def vdw_pressure(V, T):
    return R_GAS * T / (V - B_VDW) - A_VDW / V ** 2


def vdw_z(V, T):
    return vdw_pressure(V, T) * V / (R_GAS * T)


def vdw_volume(P, T):
    """The molar volume at a pressure by 60 Newton steps from the ideal gas's."""
    def newton(_, V):
        f = R_GAS * T / (V - B_VDW) - A_VDW / V ** 2 - P
        df = -R_GAS * T / (V - B_VDW) ** 2 + 2.0 * A_VDW / V ** 3
        return V - f / df
    return jax.lax.fori_loop(0, 60, newton, R_GAS * T / P + B_VDW)


def vdw_volume_tol(P, T):
    def residual(V):
        return R_GAS * T / (V - B_VDW) - A_VDW / V ** 2 - P

    def step(V):
        return V - residual(V) / (-R_GAS * T / (V - B_VDW) ** 2 + 2.0 * A_VDW / V ** 3)
    return jax.lax.while_loop(lambda V: jnp.abs(residual(V)) > 1e-12, step, R_GAS * T / P + B_VDW)


@jax.custom_vjp
def molar_volume(P, T):
    return vdw_volume(P, T)


def _mv_fwd(P, T):
    V = vdw_volume(P, T)
    return V, (V, T)


def _mv_bwd(saved, g):
    V, T = saved
    dP_dV = -R_GAS * T / (V - B_VDW) ** 2 + 2.0 * A_VDW / V ** 3
    dP_dT = R_GAS / (V - B_VDW)
    return g / dP_dV, -g * dP_dT / dP_dV


molar_volume.defvjp(_mv_fwd, _mv_bwd)


@jax.custom_vjp
def molar_volume_bad(P, T):
    return vdw_volume(P, T)


def _mv_bad_bwd(saved, g):
    V, T = saved
    dP_dV = -R_GAS * T / (V - B_VDW) ** 2 + 2.0 * A_VDW / V ** 3
    dP_dT = R_GAS / (V - B_VDW)
    return g / dP_dV, g * dP_dT / dP_dV


molar_volume_bad.defvjp(_mv_fwd, _mv_bad_bwd)


def density(P, T):
    return 44.01 / molar_volume(P, T)


def density_bad(P, T):
    return 44.01 / molar_volume_bad(P, T)


def vdw_ln_fugacity(V, T):
    """ln phi = b / (V - b) - 2a / (R T V) - ln(P (V - b) / (R T))."""
    RT = R_GAS * T
    P = RT / (V - B_VDW) - A_VDW / V ** 2
    return B_VDW / (V - B_VDW) - 2.0 * A_VDW / (RT * V) - jnp.log(P * (V - B_VDW) / RT)


# --- rocketry --------------------------------------------------------------------------------------------------------

G0 = 9.80665


def delta_v(isp, dry, propellant):
    return isp * G0 * jnp.log((dry + propellant) / dry)


def delta_v_log1p(isp, dry, propellant):
    return isp * G0 * jnp.log1p(propellant / dry)


def propellant_needed(dv, wet):
    """The propellant a delta-v dv (m/s) takes from a wet mass, at Isp 300 s: m0 (1 - e^(-dv / ve))."""
    return wet * (1.0 - jnp.exp(-dv / (300.0 * G0)))


def propellant_needed_expm1(dv, wet):
    return -wet * jnp.expm1(-dv / (300.0 * G0))


def staged_delta_v(masses):
    """Three stages of equal Isp 320 s; masses[i] is stage i's propellant, its dry mass a tenth, payload 1 t."""
    def stage(above, m):
        wet = above + 1.1 * m
        return wet, jnp.log(wet / (above + 0.1 * m))
    _, logs = jax.lax.scan(stage, 1.0, masses[::-1])
    return 320.0 * G0 * jnp.sum(logs)


def drag(h, v):
    """Drag (N) of a 1 m^2, Cd 0.5 body at altitude h (m) in an atmosphere of scale height 8.5 km."""
    rho = 1.225 * jnp.exp(-h / 8500.0)
    return 0.5 * rho * v ** 2 * 0.5


@jax.jit
def burnout_velocity(thrust, burn):
    """A 1000 kg rocket burning 2.5 kg/s for `burn` seconds without gravity: thrust / mdot ln(m0 / m1)."""
    return thrust / 2.5 * jnp.log(1000.0 / (1000.0 - 2.5 * burn))


# --- galaxy light profiles -------------------------------------------------------------------------------------------


def sersic_b(n):
    return 2.0 * n - 1.0 / 3.0 + 4.0 / (405.0 * n)


def sersic(R, n):
    """Surface brightness relative to that at the effective radius 1: exp(-b_n (R^(1/n) - 1))."""
    return jnp.exp(-sersic_b(n) * (R ** (1.0 / n) - 1.0))


def sersic_cond(R, n):
    return jax.lax.cond(R == 0.0, lambda: jnp.exp(sersic_b(n)) + 0.0 * R,
                        lambda: jnp.exp(-sersic_b(n) * (R ** (1.0 / n) - 1.0)))


def sersic_log_luminosity(n):
    """log of 2 pi n e^b b^(-2n) Gamma(2n), the total light for Re = Ie = 1."""
    b = sersic_b(n)
    return jnp.log(2.0 * jnp.pi * n) + b - 2.0 * n * jnp.log(b) + gammaln(2.0 * n)


def sersic_luminosity_naive(n):
    b = sersic_b(n)
    return 2.0 * jnp.pi * n * jnp.exp(b) / b ** (2.0 * n) * jnp.exp(gammaln(2.0 * n))


def enclosed_fraction(R, n):
    """The fraction of the light within R: P(2n, b R^(1/n))."""
    return gammainc(2.0 * n, sersic_b(n) * R ** (1.0 / n))


# --- Poisson regression ----------------------------------------------------------------------------------------------

COUNTS = jnp.array([0.0, 3.0, 7.0])
X = jnp.array([0.0, 1.0, 2.0])


def poisson_nll(w0, w1):
    eta = w0 + w1 * X
    return jnp.sum(jnp.exp(eta) - COUNTS * eta + gammaln(COUNTS + 1.0))


def poisson_nll_stats(w0, w1):
    return -jnp.sum(poisson.logpmf(COUNTS, jnp.exp(w0 + w1 * X)))


def poisson_softplus(w0, w1):
    """The softplus link's rate, mu = log(1 + e^eta)."""
    mu = jax.nn.softplus(w0 + w1 * X)
    return jnp.sum(mu - COUNTS * jnp.log(mu))


def poisson_fit(params, data):
    x, y = data
    eta = params["w0"] + params["w1"] * x
    return jnp.sum(jnp.exp(eta) - y * eta)


def poisson_args():
    return {"w0": 0.3, "w1": 0.8}, (X, COUNTS)
