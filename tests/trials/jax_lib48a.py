"""A user's JAX code, forty-eighth round (first part): pharmacokinetics (the one-compartment Bateman curve by exp,
by expm1 and behind a double where with its series), astrophysics (Planck's x^3 / (e^x - 1) by exp, expm1, in the
Wien tail by e^-x, in log space, and under lax.cond with the Rayleigh-Jeans series), queueing (M/M/1, Erlang B by a
Python loop and by lax.fori_loop, Erlang C's mean wait), optics (Fresnel's s-reflectance glass to air, with total
internal reflection by one where and by a double where), population genetics (Kimura's fixation probability by exp,
by expm1, by one where and a double where, and by an exprel custom_jvp, right and with a slipped series slope),
actuarial mortality (a Gompertz log-likelihood with its c = 0 limit) and psychometrics (2PL and 3PL item response
log-likelihoods, naive and in log space, and a 3PL probability as a custom_vjp, right and with a slip)."""

from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.scipy.special import xlogy

# --- pharmacokinetics ------------------------------------------------------------------------------------------------

DOSE, VOL, T_OBS = 100.0, 20.0, 3.0


def bateman(ka, ke):
    """Oral dose, one compartment: C(t) = D ka / (V (ka - ke)) (e^-ke t - e^-ka t), as the textbook prints it."""
    return DOSE * ka / (VOL * (ka - ke)) * (jnp.exp(-ke * T_OBS) - jnp.exp(-ka * T_OBS))


def bateman_expm1(ka, ke):
    d = ka - ke
    return DOSE * ka / VOL * jnp.exp(-ke * T_OBS) * -jnp.expm1(-d * T_OBS) / d


def bateman_safe(ka, ke):
    """The flip-flop limit ka = ke by a series, the expm1 quotient fed a safe difference elsewhere."""
    d = ka - ke
    small = jnp.abs(d * T_OBS) < 1e-6
    ds = jnp.where(small, 1.0, d)
    frac = jnp.where(small, T_OBS * (1.0 - d * T_OBS / 2.0), -jnp.expm1(-ds * T_OBS) / ds)
    return DOSE * ka / VOL * jnp.exp(-ke * T_OBS) * frac


# --- astrophysics: Planck ----------------------------------------------------------------------------------------------

def planck(x):
    """Planck's spectral shape in x = h nu / k T."""
    return x ** 3 / (jnp.exp(x) - 1.0)


def planck_expm1(x):
    return x ** 3 / jnp.expm1(x)


def planck_wien(x):
    """Safe at large x: e^-x never overflows."""
    return x ** 3 * jnp.exp(-x) / -jnp.expm1(-x)


def planck_logspace(x):
    """x^3 e^-x as one exponential, so the Wien tail stays a normal number."""
    return jnp.exp(3.0 * jnp.log(x) - x) / -jnp.expm1(-x)


def _rayleigh_jeans(x):
    return x * x * (1.0 - x / 2.0 + x * x / 12.0)


def planck_cond(x):
    return lax.cond(x < 1e-3, _rayleigh_jeans, planck_expm1, x)


# --- queueing --------------------------------------------------------------------------------------------------------

SERVERS = 10


def mm1_number(rho):
    """Mean number in an M/M/1 system."""
    return rho / (1.0 - rho)


def mm1_number_log(u):
    """The same with the load in log space, rho = e^u."""
    return jnp.exp(u) / (1.0 - jnp.exp(u))


def erlang_b(a):
    """Erlang's loss formula by the stable recursion B_k = a B / (k + a B)."""
    b = 1.0
    for k in range(1, SERVERS + 1):
        b = a * b / (k + a * b)
    return b


def erlang_b_loop(a):
    def body(k, b):
        return a * b / (k + a * b)
    return lax.fori_loop(1, SERVERS + 1, body, jnp.ones_like(a))


def erlang_c_wait(a):
    """Mean wait in queue (in service times) of an M/M/c queue with offered load a."""
    b = erlang_b(a)
    pc = SERVERS * b / (SERVERS - a * (1.0 - b))
    return pc / (SERVERS - a)


# --- optics: Fresnel -------------------------------------------------------------------------------------------------

N_REL = 1.5  # glass to air


def fresnel_rs(s):
    """s-polarised reflectance at an internal glass-air face, s = sin(theta_i)."""
    ci = jnp.sqrt(1.0 - s ** 2)
    ct = jnp.sqrt(1.0 - (N_REL * s) ** 2)
    r = (N_REL * ci - ct) / (N_REL * ci + ct)
    return r ** 2


def fresnel_tir(s):
    arg = 1.0 - (N_REL * s) ** 2
    ci = jnp.sqrt(1.0 - s ** 2)
    ct = jnp.sqrt(arg)
    return jnp.where(arg > 0, ((N_REL * ci - ct) / (N_REL * ci + ct)) ** 2, 1.0)


def fresnel_tir_safe(s):
    arg = 1.0 - (N_REL * s) ** 2
    ok = arg > 0
    ci = jnp.sqrt(1.0 - s ** 2)
    ct = jnp.sqrt(jnp.where(ok, arg, 1.0))
    return jnp.where(ok, ((N_REL * ci - ct) / (N_REL * ci + ct)) ** 2, 1.0)


# --- population genetics: Kimura -------------------------------------------------------------------------------------

N_POP = 100.0


def fixation(s):
    """Kimura's probability that a new mutant of advantage s fixes in a population of N."""
    return (1.0 - jnp.exp(-2.0 * s)) / (1.0 - jnp.exp(-4.0 * N_POP * s))


def fixation_expm1(s):
    return jnp.expm1(-2.0 * s) / jnp.expm1(-4.0 * N_POP * s)


def fixation_where(s):
    return jnp.where(jnp.abs(s) < 1e-8, (1.0 + (2.0 * N_POP - 1.0) * s) / (2.0 * N_POP),
                     jnp.expm1(-2.0 * s) / jnp.expm1(-4.0 * N_POP * s))


def fixation_safe(s):
    small = jnp.abs(s) < 1e-8
    ss = jnp.where(small, 1.0, s)
    return jnp.where(small, (1.0 + (2.0 * N_POP - 1.0) * s) / (2.0 * N_POP),
                     jnp.expm1(-2.0 * ss) / jnp.expm1(-4.0 * N_POP * ss))


@jax.custom_jvp
def exprel(x):
    """(e^x - 1) / x, its series below 1e-4."""
    small = jnp.abs(x) < 1e-4
    xs = jnp.where(small, 1.0, x)
    return jnp.where(small, 1.0 + x / 2.0 + x * x / 6.0, jnp.expm1(xs) / xs)


@exprel.defjvp
def exprel_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    small = jnp.abs(x) < 1e-4
    xs = jnp.where(small, 1.0, x)
    slope = jnp.where(small, 0.5 + x / 3.0, (xs * jnp.exp(xs) - jnp.expm1(xs)) / (xs * xs))
    return exprel(x), slope * t


@jax.custom_jvp
def exprel_bad(x):
    small = jnp.abs(x) < 1e-4
    xs = jnp.where(small, 1.0, x)
    return jnp.where(small, 1.0 + x / 2.0 + x * x / 6.0, jnp.expm1(xs) / xs)


@exprel_bad.defjvp
def exprel_bad_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    small = jnp.abs(x) < 1e-4
    xs = jnp.where(small, 1.0, x)
    slope = jnp.where(small, 0.5 + x / 6.0, (xs * jnp.exp(xs) - jnp.expm1(xs)) / (xs * xs))
    return exprel_bad(x), slope * t


def fixation_exprel(s):
    """(1 - e^-2s) / (1 - e^-4Ns) = exprel(-2s) / (2N exprel(-4Ns)): no 0/0 at neutrality."""
    return exprel(-2.0 * s) / (2.0 * N_POP * exprel(-4.0 * N_POP * s))


def fixation_exprel_bad(s):
    return exprel_bad(-2.0 * s) / (2.0 * N_POP * exprel_bad(-4.0 * N_POP * s))


# --- actuarial mortality: Gompertz -----------------------------------------------------------------------------------

AGES = jnp.array([60.0, 75.0, 90.0, 105.0])


def gompertz_nll(log_b, c):
    """Deaths at AGES under the hazard b e^(c x): -sum(log mu(x) - H(x)), H = b (e^(c x) - 1) / c."""
    b = jnp.exp(log_b)
    cumhaz = b / c * (jnp.exp(c * AGES) - 1.0)
    return -jnp.sum(log_b + c * AGES - cumhaz)


def gompertz_nll_expm1(log_b, c):
    b = jnp.exp(log_b)
    cumhaz = b * jnp.expm1(c * AGES) / c
    return -jnp.sum(log_b + c * AGES - cumhaz)


def gompertz_nll_limit(log_b, c):
    """The exponential-free limit b x put in at c = 0."""
    b = jnp.exp(log_b)
    cumhaz = jnp.where(c == 0, b * AGES, b * jnp.expm1(c * AGES) / c)
    return -jnp.sum(log_b + c * AGES - cumhaz)


def gompertz_nll_limit_safe(log_b, c):
    b = jnp.exp(log_b)
    cs = jnp.where(c == 0, 1.0, c)
    cumhaz = jnp.where(c == 0, b * AGES, b * jnp.expm1(cs * AGES) / cs)
    return -jnp.sum(log_b + c * AGES - cumhaz)


# --- psychometrics: item response theory -----------------------------------------------------------------------------

DISC = jnp.array([1.2, 0.8, 2.0])
DIFF = jnp.array([-1.0, 0.5, 1.5])
GUESS = jnp.array([0.2, 0.25, 0.15])
RESP = jnp.array([1.0, 0.0, 1.0])


def irt2pl_nll(theta):
    p = jax.nn.sigmoid(DISC * (theta - DIFF))
    return -jnp.sum(RESP * jnp.log(p) + (1.0 - RESP) * jnp.log(1.0 - p))


def irt2pl_nll_stable(theta):
    z = DISC * (theta - DIFF)
    return -jnp.sum(RESP * jax.nn.log_sigmoid(z) + (1.0 - RESP) * jax.nn.log_sigmoid(-z))


def irt2pl_nll_xlogy(theta):
    p = jax.nn.sigmoid(DISC * (theta - DIFF))
    return -jnp.sum(xlogy(RESP, p) + xlogy(1.0 - RESP, 1.0 - p))


def irt3pl_nll(theta):
    p = GUESS + (1.0 - GUESS) * jax.nn.sigmoid(DISC * (theta - DIFF))
    return -jnp.sum(RESP * jnp.log(p) + (1.0 - RESP) * jnp.log(1.0 - p))


def irt3pl_nll_stable(theta):
    z = DISC * (theta - DIFF)
    log_p = jnp.logaddexp(jnp.log(GUESS), jnp.log1p(-GUESS) + jax.nn.log_sigmoid(z))
    log_q = jnp.log1p(-GUESS) + jax.nn.log_sigmoid(-z)
    return -jnp.sum(RESP * log_p + (1.0 - RESP) * log_q)


@jax.custom_vjp
def prob3pl(z, c):
    return c + (1.0 - c) * jax.nn.sigmoid(z)


def _prob_fwd(z, c):
    s = jax.nn.sigmoid(z)
    return c + (1.0 - c) * s, (s, c)


def _prob_bwd(res, g):
    s, c = res
    return g * (1.0 - c) * s * (1.0 - s), g * (1.0 - s)


prob3pl.defvjp(_prob_fwd, _prob_bwd)


@jax.custom_vjp
def prob3pl_bad(z, c):
    return c + (1.0 - c) * jax.nn.sigmoid(z)


def _prob_bad_fwd(z, c):
    s = jax.nn.sigmoid(z)
    return c + (1.0 - c) * s, (s, c)


def _prob_bad_bwd(res, g):
    s, c = res
    return g * (1.0 - c) * s * (1.0 - s), g * s


prob3pl_bad.defvjp(_prob_bad_fwd, _prob_bad_bwd)


def item_loglik(theta, c):
    """One correct answer to an item of discrimination 1.7 and difficulty 0.3."""
    return jnp.log(prob3pl(1.7 * (theta - 0.3), c))


def item_loglik_bad(theta, c):
    return jnp.log(prob3pl_bad(1.7 * (theta - 0.3), c))


def calibration_args():
    """An --args function: a respondent and the items' guessing."""
    return {"theta": jnp.array(0.4), "c": jnp.array(0.2)}


def irt_one_item(theta):
    """One item, its constants Python floats (no module array): -log P(correct)."""
    p = jax.nn.sigmoid(1.2 * (theta + 1.0))
    return -jnp.log(p)
