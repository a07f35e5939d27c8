"""A user's JAX code, fiftieth round (second part): dark-matter halos and lensing (the NFW enclosed mass by log,
log1p and a series behind a double where; the NFW lensing function by arccosh / arccos under one where, and a
series near x = 1), radiotherapy (Poisson tumour control by exp of exp and in log space, gEUD by a power mean and by
logsumexp, the LKB complication probability by log(ndtr) and log_ndtr), dielectric relaxation (Debye loss peak in
log frequency by a quotient, by 1 / cosh, by exp(-|x|); the KWW stretched exponential and its mean time by gammaln),
Bayesian count models (a beta-binomial parameter tree by betaln and by log-Pochhammer sums, a multinomial by xlogy of
a softmax and by log_softmax), quantum tunnelling through a rectangular barrier (one where, a guarded sinhc series,
log space, a custom_jvp right and slipped) and Matern kernels of Gaussian processes."""

import math

import jax
import jax.numpy as jnp
from jax.scipy.special import betaln, gammaln, log_ndtr, ndtr, xlogy

# --- dark-matter halos: NFW -----------------------------------------------------------------------------------------


def nfw_mass_naive(x):
    """Dimensionless NFW mass inside r = x r_s: ln(1 + x) - x / (1 + x)."""
    return jnp.log(1.0 + x) - x / (1.0 + x)


def nfw_mass(x):
    return jnp.log1p(x) - x / (1.0 + x)


def nfw_mass_series(x):
    """Below x = 1e-3 the Taylor series x^2/2 - 2x^3/3 + 3x^4/4 - 4x^5/5, behind a double where."""
    small = x < 1e-3
    xs = jnp.where(small, x, 0.0)
    xl = jnp.where(small, 1.0, x)
    series = xs * xs * (0.5 - xs * (2.0 / 3.0 - xs * (0.75 - 0.8 * xs)))
    return jnp.where(small, series, jnp.log1p(xl) - xl / (1.0 + xl))


def nfw_lens_naive(x):
    """The NFW lensing function F(x), as printed in the papers: three cases."""
    return jnp.where(x < 1.0, jnp.arccosh(1.0 / x) / jnp.sqrt(1.0 - x ** 2),
                     jnp.where(x > 1.0, jnp.arccos(1.0 / x) / jnp.sqrt(x ** 2 - 1.0), 1.0))


F_SERIES = (1.0, -2.0 / 3.0, 7.0 / 15.0, -12.0 / 35.0, 83.0 / 315.0)


def nfw_lens(x):
    """F(x) with a Taylor series in x - 1 within 1e-3 of 1, double where."""
    u = x - 1.0
    near = jnp.abs(u) < 1e-3
    un = jnp.where(near, u, 0.0)
    xf = jnp.where(near, 2.0, x)
    s2 = jnp.abs((1.0 - xf) * (1.0 + xf))
    s = jnp.sqrt(s2)
    far = jnp.where(xf < 1.0, jnp.arctanh(s) / s, jnp.arctan(s) / s)
    c = F_SERIES
    series = c[0] + un * (c[1] + un * (c[2] + un * (c[3] + un * c[4])))
    return jnp.where(near, series, far)


# --- radiotherapy --------------------------------------------------------------------------------------------------

ALPHA, BETA, D_FX = 0.3, 0.03, 2.0
K_LQ = ALPHA + BETA * D_FX  # log cell kill per Gy at 2 Gy fractions


def tcp_naive(dose, log_n0):
    """Poisson tumour control: exp(-N0 SF), SF = exp(-K dose)."""
    sf = jnp.exp(-dose * K_LQ)
    return jnp.exp(-jnp.exp(log_n0) * sf)


def tcp(dose, log_n0):
    return jnp.exp(-jnp.exp(log_n0 - dose * K_LQ))


A_GEUD = 20.0


def geud_naive(d):
    """Generalized EUD (mean d^a)^(1/a) of a serial organ's dose bins."""
    return jnp.mean(d ** A_GEUD) ** (1.0 / A_GEUD)


def geud(d):
    return jnp.exp((jax.nn.logsumexp(A_GEUD * jnp.log(d)) - jnp.log(d.shape[0])) / A_GEUD)


TD50 = 50.0


def lkb_log_ntcp_naive(eud, m):
    return jnp.log(ndtr((eud - TD50) / (m * TD50)))


def lkb_log_ntcp(eud, m):
    return log_ndtr((eud - TD50) / (m * TD50))


# --- dielectric relaxation -----------------------------------------------------------------------------------------

DELTA_EPS = 75.0


def debye_loss_naive(logw, logtau):
    """Debye loss eps'' = d eps w tau / (1 + (w tau)^2), in log frequency."""
    wt = jnp.exp(logw + logtau)
    return DELTA_EPS * wt / (1.0 + wt ** 2)


def debye_loss_cosh(logw, logtau):
    return 0.5 * DELTA_EPS / jnp.cosh(logw + logtau)


def debye_loss(logw, logtau):
    u = -jnp.abs(logw + logtau)
    return DELTA_EPS * jnp.exp(u) / (1.0 + jnp.exp(2.0 * u))


def kww(t, log_tau, beta):
    """Kohlrausch-Williams-Watts relaxation exp(-(t / tau)^beta)."""
    return jnp.exp(-(t * jnp.exp(-log_tau)) ** beta)


def kww_log(t, log_tau, beta):
    return jnp.exp(-jnp.exp(beta * (jnp.log(t) - log_tau)))


def kww_mean_log_naive(log_tau, beta):
    """log <tau> = log(tau / beta Gamma(1 / beta))."""
    return jnp.log(jnp.exp(log_tau) / beta * jnp.exp(gammaln(1.0 / beta)))


def kww_mean_log(log_tau, beta):
    return log_tau - jnp.log(beta) + gammaln(1.0 / beta)


# --- Bayesian count models -----------------------------------------------------------------------------------------


def betabinom_ll(params, k, n):
    """Beta-binomial log-likelihood of k successes in n, concentrations in log space, by betaln."""
    a, b = jnp.exp(params["log_a"]), jnp.exp(params["log_b"])
    return jnp.sum(betaln(k + a, n - k + b) - betaln(a, b))


N_MAX = 16


def betabinom_ll_poch(params, k, n):
    """The same by log-Pochhammer sums: log B(k+a, n-k+b) - log B(a, b) = sum log(a+i) + ... - sum log(a+b+i)."""
    la, lb = params["log_a"], params["log_b"]
    a, b = jnp.exp(la), jnp.exp(lb)
    i = jnp.arange(N_MAX, dtype=a.dtype)
    lab = jnp.logaddexp(la, lb)
    la_i = jnp.where(i < k[:, None], la + jnp.log1p(i * jnp.exp(-la)), 0.0)
    lb_i = jnp.where(i < (n - k)[:, None], lb + jnp.log1p(i * jnp.exp(-lb)), 0.0)
    lab_i = jnp.where(i < n[:, None], lab + jnp.log1p(i / (a + b)), 0.0)
    return jnp.sum(la_i) + jnp.sum(lb_i) - jnp.sum(lab_i)


def _bb_data(log_a, log_b):
    return {"params": {"log_a": jnp.array(log_a), "log_b": jnp.array(log_b)},
            "k": jnp.array([3.0, 7.0, 0.0]), "n": jnp.array([10.0, 12.0, 5.0])}


def bb_args():
    return _bb_data(0.5, 1.2)


def bb_flat_args():
    """A fit that drove the prior concentrations to 2.4e17: the beta-binomial is a binomial at p = 1/2."""
    return _bb_data(40.0, 40.0)


def bb_sharp_args():
    return _bb_data(-690.0, 0.0)


COUNTS = jnp.array([5.0, 0.0, 2.0])


def multinomial_ll_naive(logits):
    return jnp.sum(xlogy(COUNTS, jax.nn.softmax(logits)))


def multinomial_ll(logits):
    return jnp.sum(COUNTS * jax.nn.log_softmax(logits))


# --- quantum tunnelling through a rectangular barrier (hbar^2 / 2m = 1) ---------------------------------------------

V0 = 10.0


def barrier_T_naive(E, a):
    """Transmission: sinh below the barrier, sin above, chosen by one where."""
    d = V0 - E
    s = jnp.where(d > 0, jnp.sinh(jnp.sqrt(d) * a) ** 2 / d, jnp.sin(jnp.sqrt(-d) * a) ** 2 / -d)
    return 1.0 / (1.0 + V0 ** 2 * s / (4.0 * E))


def _sinhc_sq(z):
    """(sinh(sqrt z) / sqrt z)^2, analytic through z = 0 (sin for z < 0), series within 1e-4 of 0."""
    small = jnp.abs(z) < 1e-4
    safe = jnp.where(small, 1.0, z)
    r = jnp.sqrt(jnp.abs(safe))
    big = jnp.where(safe > 0, jnp.sinh(r) / r, jnp.sin(r) / r) ** 2
    zs = jnp.where(small, z, 0.0)
    series = 1.0 + zs * (1.0 / 3.0 + zs * (2.0 / 45.0 + zs / 315.0))
    return jnp.where(small, series, big)


def barrier_T(E, a):
    s = a * a * _sinhc_sq((V0 - E) * a * a)
    return 1.0 / (1.0 + V0 ** 2 * s / (4.0 * E))


def barrier_log_T(E, a):
    """log T below the barrier, with log sinh(x) = x + log1p(-exp(-2x)) - log 2 and a softplus."""
    ka = jnp.sqrt(V0 - E) * a
    log_sinh = ka + jnp.log1p(-jnp.exp(-2.0 * ka)) - math.log(2.0)
    return -jax.nn.softplus(2.0 * math.log(V0) - jnp.log(4.0 * E * (V0 - E)) + 2.0 * log_sinh)


def barrier_T_log(E, a):
    return jnp.exp(barrier_log_T(E, a))


@jax.custom_jvp
def log_sinh(x):
    return x + jnp.log1p(-jnp.exp(-2.0 * x)) - math.log(2.0)


@log_sinh.defjvp
def log_sinh_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return log_sinh(x), t / jnp.tanh(x)


@jax.custom_jvp
def log_sinh_bad(x):
    return x + jnp.log1p(-jnp.exp(-2.0 * x)) - math.log(2.0)


@log_sinh_bad.defjvp
def log_sinh_bad_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return log_sinh_bad(x), t * jnp.tanh(x)


def barrier_log_T_rule(E, a):
    ka = jnp.sqrt(V0 - E) * a
    return -jax.nn.softplus(2.0 * math.log(V0) - jnp.log(4.0 * E * (V0 - E)) + 2.0 * log_sinh(ka))


def barrier_log_T_rule_bad(E, a):
    ka = jnp.sqrt(V0 - E) * a
    return -jax.nn.softplus(2.0 * math.log(V0) - jnp.log(4.0 * E * (V0 - E)) + 2.0 * log_sinh_bad(ka))


# --- Gaussian-process kernels ---------------------------------------------------------------------------------------

SQRT3 = math.sqrt(3.0)


def matern32_naive(x, y, log_ell):
    r = jnp.sqrt((x - y) ** 2) / jnp.exp(log_ell)
    return (1.0 + SQRT3 * r) * jnp.exp(-SQRT3 * r)


def matern32(x, y, log_ell):
    r = jnp.abs(x - y) / jnp.exp(log_ell)
    return (1.0 + SQRT3 * r) * jnp.exp(-SQRT3 * r)


def matern12(x, y, log_ell):
    return jnp.exp(-jnp.abs(x - y) / jnp.exp(log_ell))
