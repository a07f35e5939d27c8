"""A user's JAX code, forty-ninth round (second part): observational astronomy (Kasten-Young airmass, atmospheric
transmittance and extinction in magnitudes), paired comparisons (Glicko's expected score, Bradley-Terry with a
parameter tree, Plackett-Luce rankings by a cumulative sum and by a reverse lax.scan of logaddexp, a top-choice
log_softmax, a Bernoulli log-likelihood by xlogy / xlog1py), hydrology (the SCS curve-number runoff by where, by
lax.cond, its runoff ratio by one where and a double where, a storm accumulated by lax.scan), audio (mu-law
companding and expansion, right and slipped custom_jvp rules, decibels with and without an eps, spectral flatness in
log space and by a product) and room acoustics (Eyring's reverberation time by log(1 - a), by log1p, as a custom_vjp
right and slipped, Millington's per-surface form)."""

import math

import jax
import jax.numpy as jnp
from jax import lax
from jax.scipy.special import xlog1py, xlogy

# --- observational astronomy: airmass and extinction ----------------------------------------------------------------

KY_A, KY_B, KY_C = 0.50572, 96.07995, 1.6364


def kasten_young(z):
    """Relative optical airmass at zenith angle z in degrees (Kasten & Young 1989)."""
    return 1.0 / (jnp.cos(jnp.deg2rad(z)) + KY_A * (KY_B - z) ** -KY_C)


def transmittance(tau, z):
    """Fraction of starlight through an atmosphere of zenith optical depth tau."""
    return jnp.exp(-tau * kasten_young(z))


def extinction_mag_naive(tau, z):
    """Magnitudes lost to extinction, -2.5 log10 T."""
    t = transmittance(tau, z)
    return -2.5 * jnp.log10(t)


def extinction_mag(tau, z):
    """The same in closed form, 2.5 tau X / ln 10: no exp to underflow."""
    return 2.5 / jnp.log(10.0) * tau * kasten_young(z)


# --- paired comparisons: Glicko, Bradley-Terry, Plackett-Luce ---------------------------------------------------------

Q_GLICKO = math.log(10.0) / 400.0
RD_OPP = 50.0
G_RD = 1.0 / math.sqrt(1.0 + 3.0 * Q_GLICKO ** 2 * RD_OPP ** 2 / math.pi ** 2)


def glicko_expected_naive(d):
    """Glicko's expected score for a rating difference d against an opponent of deviation 50, as printed."""
    return 1.0 / (1.0 + 10.0 ** (-G_RD * d / 400.0))


def glicko_expected(d):
    """The same as a logistic in natural units."""
    return jax.nn.sigmoid(G_RD * Q_GLICKO * d)


def bt_logp_naive(d):
    """log P(i beats j) under Bradley-Terry, d = s_i - s_j."""
    return jnp.log(jax.nn.sigmoid(d))


def bt_logp(d):
    return jax.nn.log_sigmoid(d)


def bt_bernoulli(d):
    """A win (y = 1) as a Bernoulli log-likelihood, written for any y with xlogy / xlog1py."""
    y = 1.0
    p = jax.nn.sigmoid(d)
    return xlogy(y, p) + xlog1py(1.0 - y, -p)


def bt_nll(params, winners, losers, home):
    """Bradley-Terry with a home advantage: -sum log sigma(s_w - s_l + h * home)."""
    s = params["skill"]
    d = s[winners] - s[losers] + params["home"] * home
    return -jnp.sum(jax.nn.log_sigmoid(d))


def bt_nll_naive(params, winners, losers, home):
    s = params["skill"]
    d = s[winners] - s[losers] + params["home"] * home
    return -jnp.sum(jnp.log(jax.nn.sigmoid(d)))


def bt_args():
    """A small league: four teams, six games (home = +1 at the winner's ground, -1 away, 0 neutral)."""
    return {"params": {"skill": jnp.array([0.3, -0.1, 0.5, -0.7]), "home": jnp.array(0.25)},
            "winners": jnp.array([0, 2, 1, 3, 2, 0]), "losers": jnp.array([1, 3, 0, 2, 1, 3]),
            "home": jnp.array([1.0, -1.0, 1.0, 1.0, -1.0, 0.0])}


def bt_blowout_args():
    """Skills from a diverged fit: team 3's win over team 2 is a 900-point upset."""
    return {"params": {"skill": jnp.array([300.0, -100.0, 500.0, -400.0]), "home": jnp.array(0.25)},
            "winners": jnp.array([0, 2, 1, 3, 2, 0]), "losers": jnp.array([1, 3, 0, 2, 1, 3]),
            "home": jnp.array([1.0, -1.0, 1.0, 1.0, -1.0, 0.0])}


def pl_nll_naive(s):
    """Plackett-Luce for the ranking 0 > 1 > 2 > 3: -sum_k (s_k - log sum_{m >= k} e^s_m)."""
    tail = jnp.cumsum(jnp.exp(s)[::-1])[::-1]
    return -jnp.sum(s - jnp.log(tail))


def pl_nll(s):
    """The tails' log-sums by a reverse scan of logaddexp."""
    def step(acc, x):
        acc = jnp.logaddexp(acc, x)
        return acc, acc
    _, tails = lax.scan(step, jnp.array(-jnp.inf, dtype=s.dtype), s, reverse=True)
    return -jnp.sum(s - tails)


def top_choice_logp(s):
    """log P(item 0 chosen first)."""
    return jax.nn.log_softmax(s)[0]


# --- hydrology: SCS curve number -------------------------------------------------------------------------------------

CN = 80.0
S_RET = 25400.0 / CN - 254.0  # potential retention, mm
IA = 0.2 * S_RET  # initial abstraction


def scs_runoff(P):
    """Direct runoff (mm) from a rainfall depth P (mm)."""
    return jnp.where(P > IA, (P - IA) ** 2 / (P - IA + S_RET), 0.0)


def scs_runoff_cn(P, cn):
    s = 25400.0 / cn - 254.0
    ia = 0.2 * s
    return jnp.where(P > ia, (P - ia) ** 2 / (P - ia + s), 0.0)


def scs_cond(P):
    return lax.cond(P > IA, lambda p: (p - IA) ** 2 / (p - IA + S_RET), lambda p: jnp.zeros_like(p), P)


def runoff_ratio(P):
    """Volumetric runoff coefficient Q / P."""
    return jnp.where(P > IA, (P - IA) ** 2 / ((P - IA + S_RET) * P), 0.0)


def runoff_ratio_safe(P):
    wet = P > IA
    Ps = jnp.where(wet, P, 2.0 * IA)
    return jnp.where(wet, (Ps - IA) ** 2 / ((Ps - IA + S_RET) * Ps), 0.0)


HYETOGRAPH = jnp.array([0.05, 0.15, 0.4, 0.25, 0.1, 0.05])  # fractions of the storm depth, hour by hour


def storm_runoff(depth):
    """Runoff of a storm, accumulated hour by hour: the increments of Q(cumulative rain)."""
    def hour(carry, frac):
        cum_p, cum_q = carry
        cum_p = cum_p + depth * frac
        q = jnp.where(cum_p > IA, (cum_p - IA) ** 2 / (cum_p - IA + S_RET), 0.0)
        return (cum_p, q), q - cum_q
    zero = jnp.zeros_like(depth)
    _, increments = lax.scan(hour, (zero, zero), HYETOGRAPH)
    return jnp.sum(increments)


# --- audio: mu-law, decibels, spectral flatness ------------------------------------------------------------------------

MU = 255.0


def mu_law(x):
    """mu-law companding, G.711 style: sign(x) log(1 + mu |x|) / log(1 + mu)."""
    return jnp.sign(x) * jnp.log1p(MU * jnp.abs(x)) / jnp.log1p(MU)


def mu_law_expand(y):
    """The inverse: sign(y) ((1 + mu)^|y| - 1) / mu."""
    return jnp.sign(y) * jnp.expm1(jnp.abs(y) * jnp.log1p(MU)) / MU


@jax.custom_jvp
def mu_law_c(x):
    return jnp.sign(x) * jnp.log1p(MU * jnp.abs(x)) / jnp.log1p(MU)


@mu_law_c.defjvp
def mu_law_c_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return mu_law_c(x), MU / ((1.0 + MU * jnp.abs(x)) * jnp.log1p(MU)) * t


@jax.custom_jvp
def mu_law_bad(x):
    return jnp.sign(x) * jnp.log1p(MU * jnp.abs(x)) / jnp.log1p(MU)


@mu_law_bad.defjvp
def mu_law_bad_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return mu_law_bad(x), MU / (1.0 + MU * jnp.abs(x)) * t


def power_db(p):
    return 10.0 * jnp.log10(p)


def power_db_eps(p):
    return 10.0 * jnp.log10(p + 1e-10)


def spectral_flatness(p):
    """Wiener entropy: geometric mean over arithmetic mean of a power spectrum, the former in log space."""
    return jnp.exp(jnp.mean(jnp.log(p))) / jnp.mean(p)


def spectral_flatness_prod(p):
    return jnp.prod(p) ** (1.0 / p.shape[0]) / jnp.mean(p)


# --- room acoustics: Eyring, Millington --------------------------------------------------------------------------------

V_ROOM, S_ROOM = 200.0, 220.0  # m^3, m^2
K_SABINE = 0.161
AREAS = jnp.array([100.0, 80.0, 40.0])


def eyring_rt(alpha):
    """Eyring's reverberation time (s) for a mean absorption coefficient alpha."""
    return K_SABINE * V_ROOM / (-S_ROOM * jnp.log(1.0 - alpha))


def eyring_rt_log1p(alpha):
    return K_SABINE * V_ROOM / (-S_ROOM * jnp.log1p(-alpha))


@jax.custom_vjp
def eyring_rule(alpha):
    return K_SABINE * V_ROOM / (-S_ROOM * jnp.log1p(-alpha))


def _eyring_fwd(alpha):
    lg = -jnp.log1p(-alpha)
    return K_SABINE * V_ROOM / (S_ROOM * lg), (alpha, lg)


def _eyring_bwd(res, g):
    alpha, lg = res
    return (-g * K_SABINE * V_ROOM / (S_ROOM * lg * lg * (1.0 - alpha)),)


eyring_rule.defvjp(_eyring_fwd, _eyring_bwd)


@jax.custom_vjp
def eyring_rule_bad(alpha):
    return K_SABINE * V_ROOM / (-S_ROOM * jnp.log1p(-alpha))


def _eyring_bad_fwd(alpha):
    lg = -jnp.log1p(-alpha)
    return K_SABINE * V_ROOM / (S_ROOM * lg), (alpha, lg)


def _eyring_bad_bwd(res, g):
    alpha, lg = res
    return (-g * K_SABINE * V_ROOM / (S_ROOM * lg * lg),)


eyring_rule_bad.defvjp(_eyring_bad_fwd, _eyring_bad_bwd)


def millington_rt(alpha):
    """Millington-Sette: each surface's own -S_i log(1 - alpha_i)."""
    return K_SABINE * V_ROOM / -jnp.sum(AREAS * jnp.log1p(-alpha))
