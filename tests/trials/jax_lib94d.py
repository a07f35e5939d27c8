"""A user's JAX code, ninety-fourth round (d): the losses of time-to-event and event-stream models on four subjects
or three events: the Cox partial likelihood (naive log(cumsum(exp)), jax.lax.cumlogsumexp, Breslow and Efron ties,
Efron with an off-by-one, a padded batch masked by where), a Weibull negative log-likelihood, a piecewise-constant
hazard, a discrete-time hazard, a Hawkes process, a Poisson process through softplus, a concordance surrogate, and a
"stable" log1mexp (by where, by a custom_vjp, and a wrong custom_vjp)."""

import jax
import jax.numpy as jnp
from jax.scipy.special import xlogy

# four subjects, times ascending (the risk set of subject i is i..3)
TIMES = jnp.array([1.0, 2.0, 3.0, 4.0])
EVENTS = jnp.array([1.0, 0.0, 1.0, 1.0])
# tied times: subjects 2 and 3 both die at t = 3, and they are the whole risk set there
TIMES_TIE = jnp.array([1.0, 2.0, 3.0, 3.0])
EVENTS_TIE = jnp.array([1.0, 0.0, 1.0, 1.0])
# a padded batch: the fourth row is padding
EVENTS_PAD = jnp.array([1.0, 0.0, 1.0, 0.0])
MASK = jnp.array([1.0, 1.0, 1.0, 0.0])

# Weibull data: one subject censored at t = 0 (lost at entry)
W_TIMES = jnp.array([0.5, 2.0, 1.5, 3.0])
W_EVENTS = jnp.array([1.0, 0.0, 1.0, 0.0])
W_TIMES0 = jnp.array([0.5, 2.0, 0.0, 3.0])
W_EVENTS0 = jnp.array([1.0, 0.0, 0.0, 0.0])
W_EVENTS_AT0 = jnp.array([1.0, 0.0, 1.0, 0.0])  # the subject at t = 0 has the event

# piecewise-constant hazard on three intervals: time spent in each, and events in each
EXPOSURE = jnp.array([[1.0, 0.5, 0.0], [1.0, 1.0, 0.25], [0.75, 0.0, 0.0]])
DEATHS = jnp.array([1.0, 1.0, 0.0])  # no event in the third interval

# discrete-time hazard: one subject, survives intervals 0 and 1, dies in 2
SURVIVED = jnp.array([1.0, 1.0, 0.0])
DIED = jnp.array([0.0, 0.0, 1.0])

# Hawkes process: event times on [0, HORIZON]
EV = jnp.array([0.5, 1.25, 2.0])
HORIZON = 3.0

# Poisson process: counts in bins of width 0.5
COUNTS = jnp.array([2.0, 0.0, 1.0])
DT = 0.5


# ----------------------------------------------------------------------------------------- Cox
def cox_naive(r):
    """Negative Cox partial log-likelihood: the risk-set sums by a reversed cumsum of exp."""
    log_risk = jnp.log(jnp.cumsum(jnp.exp(r)[::-1])[::-1])
    return -jnp.sum((r - log_risk) * EVENTS) / jnp.sum(EVENTS)


def cox_stable(r):
    log_risk = jax.lax.cumlogsumexp(r, reverse=True)
    return -jnp.sum((r - log_risk) * EVENTS) / jnp.sum(EVENTS)


def _at_risk(times):
    return times[None, :] >= times[:, None]


def cox_breslow(r):
    """Breslow's ties: each tied event sees the whole risk set."""
    log_risk = jax.nn.logsumexp(jnp.where(_at_risk(TIMES_TIE), r[None, :], -jnp.inf), axis=1)
    return -jnp.sum((r - log_risk) * EVENTS_TIE) / jnp.sum(EVENTS_TIE)


def cox_efron(r):
    """Efron's ties: the l-th of d tied events sees S - (l/d) T."""
    e = jnp.exp(r)
    ll = 0.0
    for t in (1.0, 3.0):  # the distinct event times
        tied = (TIMES_TIE == t) & (EVENTS_TIE == 1)
        d = int(tied.sum())
        S = jnp.sum(jnp.where(TIMES_TIE >= t, e, 0.0))
        T = jnp.sum(jnp.where(tied, e, 0.0))
        ll = ll + jnp.sum(jnp.where(tied, r, 0.0))
        for l in range(d):
            ll = ll - jnp.log(S - (l / d) * T)
    return -ll / jnp.sum(EVENTS_TIE)


TIES = {1.0: 1, 3.0: 2}  # event time -> number of tied events


def _efron(r, first):
    e = jnp.exp(r)
    ll = 0.0
    for t, d in TIES.items():
        tied = (TIMES_TIE == t) & (EVENTS_TIE == 1)
        S = jnp.sum(jnp.where(TIMES_TIE >= t, e, 0.0))
        T = jnp.sum(jnp.where(tied, e, 0.0))
        ll = ll + jnp.sum(jnp.where(tied, r, 0.0))
        for j in range(first, first + d):
            ll = ll - jnp.log(S - (j / d) * T)
    return -ll / jnp.sum(EVENTS_TIE)


def cox_efron_ties(r):
    """Efron's ties, the tie counts written out."""
    return _efron(r, 0)


def cox_efron_off(r):
    """Efron's correction with j running 1..d (as some papers index it)."""
    return _efron(r, 1)


def cox_padded(r):
    """A padded batch: padding rows masked out of the risk sets and of the sum."""
    risk = jnp.cumsum((jnp.exp(r) * MASK)[::-1])[::-1]
    term = jnp.where(EVENTS_PAD * MASK > 0, r - jnp.log(risk), 0.0)
    return -jnp.sum(term) / jnp.sum(EVENTS_PAD)


# ----------------------------------------------------------------------------------------- parametric
def _weibull(k, lam, t, e):
    log_h = jnp.log(k / lam) + (k - 1.0) * jnp.log(t / lam)
    cum_h = (t / lam) ** k
    return -jnp.sum(jnp.where(e > 0, log_h, 0.0)) + jnp.sum(cum_h)


def weibull_nll(k, lam):
    return _weibull(k, lam, W_TIMES, W_EVENTS)


def weibull_nll_zero(k, lam):
    """One subject censored at t = 0."""
    return _weibull(k, lam, W_TIMES0, W_EVENTS0)


def weibull_nll_event0(k, lam):
    """One subject with its event at t = 0."""
    return _weibull(k, lam, W_TIMES0, W_EVENTS_AT0)


def piecewise_nll(lam):
    """Piecewise-constant hazard: -sum_j D_j log lam_j + sum_ij exposure_ij lam_j."""
    return -jnp.sum(DEATHS * jnp.log(lam)) + jnp.sum(EXPOSURE @ lam)


def piecewise_xlogy(lam):
    return -jnp.sum(xlogy(DEATHS, lam)) + jnp.sum(EXPOSURE @ lam)


def discrete_log1p(z):
    """Discrete-time hazard h = sigmoid(z): log(1 - h) by log1p(-h)."""
    h = jax.nn.sigmoid(z)
    return -jnp.sum(SURVIVED * jnp.log1p(-h) + DIED * jnp.log(h))


def discrete_naive(z):
    h = jax.nn.sigmoid(z)
    return -jnp.sum(SURVIVED * jnp.log(1 - h) + DIED * jnp.log(h))


def discrete_logsig(z):
    """log(1 - sigmoid(z)) = log(sigmoid(-z))."""
    return -jnp.sum(SURVIVED * jnp.log(jax.nn.sigmoid(-z)) + DIED * jnp.log(jax.nn.sigmoid(z)))


def discrete_stable(z):
    return -jnp.sum(SURVIVED * jax.nn.log_sigmoid(-z) + DIED * jax.nn.log_sigmoid(z))


# ----------------------------------------------------------------------------------------- point processes
def hawkes_nll(mu, alpha, beta):
    """Exponential-kernel Hawkes process on [0, HORIZON]."""
    lags = EV[:, None] - EV[None, :]
    past = EV[None, :] < EV[:, None]
    excite = jnp.sum(jnp.where(past, jnp.exp(-beta * jnp.where(past, lags, 0.0)), 0.0), axis=1)
    intensity = mu + alpha * excite
    compensator = mu * HORIZON + alpha / beta * jnp.sum(1 - jnp.exp(-beta * (HORIZON - EV)))
    return -(jnp.sum(jnp.log(intensity)) - compensator)


def hawkes_expm1(mu, alpha, beta):
    lags = EV[:, None] - EV[None, :]
    past = EV[None, :] < EV[:, None]
    excite = jnp.sum(jnp.where(past, jnp.exp(-beta * jnp.where(past, lags, 0.0)), 0.0), axis=1)
    intensity = mu + alpha * excite
    compensator = mu * HORIZON - alpha / beta * jnp.sum(jnp.expm1(-beta * (HORIZON - EV)))
    return -(jnp.sum(jnp.log(intensity)) - compensator)


def poisson_naive(z):
    """Poisson process with intensity softplus(z) per bin."""
    lam = jnp.log(1 + jnp.exp(z))
    return -jnp.sum(COUNTS * jnp.log(lam) - lam * DT)


def poisson_softplus(z):
    lam = jax.nn.softplus(z)
    return -jnp.sum(COUNTS * jnp.log(lam) - lam * DT)


def concordance(r, s):
    """Smoothed C-index: comparable pairs (i dies first) should have r_i > r_j."""
    comparable = (TIMES[:, None] < TIMES[None, :]) & (EVENTS[:, None] > 0)
    pair = jax.nn.sigmoid((r[:, None] - r[None, :]) / s)
    return jnp.sum(jnp.where(comparable, pair, 0.0)) / jnp.sum(comparable)


# ----------------------------------------------------------------------------------------- log1mexp
def log1mexp_where(x):
    """log(1 - exp(-x)) for x > 0, Maechler's two branches."""
    return jnp.where(x < jnp.log(2.0), jnp.log(-jnp.expm1(-x)), jnp.log1p(-jnp.exp(-x)))


@jax.custom_vjp
def log1mexp(x):
    return jnp.where(x < jnp.log(2.0), jnp.log(-jnp.expm1(-x)), jnp.log1p(-jnp.exp(-x)))


def log1mexp_fwd(x):
    return log1mexp(x), x


def log1mexp_bwd(x, g):
    return (g / jnp.expm1(x),)


log1mexp.defvjp(log1mexp_fwd, log1mexp_bwd)


@jax.custom_vjp
def log1mexp_bad(x):
    return jnp.log(-jnp.expm1(-x))


def log1mexp_bad_fwd(x):
    return log1mexp_bad(x), x


def log1mexp_bad_bwd(x, g):
    return (g * jnp.exp(-x),)


log1mexp_bad.defvjp(log1mexp_bad_fwd, log1mexp_bad_bwd)


def _grouped(f, log_lam):
    """Grouped (interval-censored) data: the probability of an event in an interval of width DT is 1 - exp(-lam DT)."""
    H = jnp.exp(log_lam) * DT
    return -jnp.sum(DEATHS * f(H)) + jnp.sum(SURVIVED * H)


def grouped_naive(log_lam):
    return _grouped(lambda H: jnp.log(1 - jnp.exp(-H)), log_lam)


def grouped_where(log_lam):
    return _grouped(log1mexp_where, log_lam)


def grouped_custom(log_lam):
    return _grouped(log1mexp, log_lam)


def grouped_bad(log_lam):
    return _grouped(log1mexp_bad, log_lam)


def cox_padded_inf(r):
    """Padding as -inf risk scores, so that exp gives it no weight in any risk set."""
    masked = jnp.where(MASK > 0, r, -jnp.inf)
    log_risk = jax.lax.cumlogsumexp(masked, reverse=True)
    term = jnp.where(EVENTS_PAD * MASK > 0, r - log_risk, 0.0)
    return -jnp.sum(term) / jnp.sum(EVENTS_PAD)


def hawkes_scan(mu, alpha, beta):
    """The O(n) recursion A_i = e^{-beta (t_i - t_{i-1})} (1 + A_{i-1}), by lax.scan."""
    gaps = jnp.diff(EV)

    def step(a, gap):
        a = jnp.exp(-beta * gap) * (1.0 + a)
        return a, jnp.log(mu + alpha * a)

    _, logs = jax.lax.scan(step, 0.0, gaps)
    ll = jnp.log(mu) + jnp.sum(logs)
    compensator = mu * HORIZON + alpha / beta * jnp.sum(1 - jnp.exp(-beta * (HORIZON - EV)))
    return -(ll - compensator)
