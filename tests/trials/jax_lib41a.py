"""A user's JAX code, forty-first round (first part): football analytics (Dixon and Coles' match model by
jax.scipy.stats.poisson.logpmf with its low-score correction tau, a season's likelihood from a nested dict of team
strengths under jax.jit and jax.vmap, the chance of at most two goals by log(poisson.cdf) and by logsumexp of logpmf,
the chance of scoring at all by a log1mexp behind custom_jvp rules with its switch in nondiff_argnums, right, with
its sign slipped and by exp(x) - 1), econometrics (Heckman's inverse Mills ratio by norm.pdf / norm.cdf and by
exp(logpdf - logcdf); an ordered probit's middle category by a difference of norm.cdf and of norm.sf; an ordered
logit's top category by log(logistic.sf) and by jax.nn.log_sigmoid; a Student-t robust regression's loss by
jax.scipy.stats.t.logpdf and behind custom_vjp rules, right and saving |z| for z as its residual; a group-lasso
penalty by jnp.linalg.norm), reaction-time models (the ex-Gaussian log-density by ndtr, by log_ndtr and by erfcx;
the shifted Wald density; a two-state attention HMM's forward algorithm by lax.scan in probability space and in log
space, under jax.checkpoint), a Kalman filter over a NamedTuple of log-variances by lax.scan with jnp.linalg.slogdet
and solve, and a steady-state Riccati recursion in lax.fori_loop; special functions in a reliability and a sports
setting: jax.scipy.stats.gamma.logcdf and beta.logcdf at 1e-300, a free-throw beta-binomial by betabinom.logpmf
(betaln) nearing its binomial limit, a Beta prior's normaliser by betaln and a shooting percentage's Beta
log-density, a shot's binary entropy by entr at 1e-300 and 5e-324."""

from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.scipy.special import entr, erfcx, log_ndtr, logsumexp, ndtr
from jax.scipy.stats import beta, betabinom, gamma, logistic, norm, poisson, t as student_t

# --- football: Dixon and Coles (1997) --------------------------------------------------------------------------------


def dixon_coles_00(log_home, log_away, rho):
    """Log-probability of a 0-0 draw: the Poisson pair corrected by tau(0, 0) = 1 - lam mu rho."""
    lam, mu = jnp.exp(log_home), jnp.exp(log_away)
    tau = 1.0 - lam * mu * rho
    return jnp.log(tau) + poisson.logpmf(0, lam) + poisson.logpmf(0, mu)


HOME = jnp.array([0, 1, 2, 0])  # Arsenal, Chelsea, Liverpool
AWAY = jnp.array([1, 2, 0, 2])
HOME_GOALS = jnp.array([2.0, 0.0, 3.0, 1.0])
AWAY_GOALS = jnp.array([1.0, 0.0, 1.0, 1.0])


@jax.jit
def season_nll(params, home_goals, away_goals):
    """Maher's independent Poisson model over a season: log-rates home + attack - defence."""
    att, dfn = params["strength"]["attack"], params["strength"]["defence"]

    def match(h, a, hg, ag):
        lam = jnp.exp(params["home"] + att[h] - dfn[a])
        mu = jnp.exp(att[a] - dfn[h])
        return poisson.logpmf(hg, lam) + poisson.logpmf(ag, mu)
    return -jnp.sum(jax.vmap(match)(HOME, AWAY, home_goals, away_goals))


def season_args():
    params = {"strength": {"attack": jnp.array([0.3, 0.1, 0.2]), "defence": jnp.array([0.1, -0.1, 0.05])},
              "home": 0.25}
    return params, HOME_GOALS, AWAY_GOALS


def at_most_two_goals(lam):
    """log P(goals <= 2) by the Poisson cdf."""
    return jnp.log(poisson.cdf(2, lam))


def at_most_two_goals_lse(lam):
    return logsumexp(poisson.logpmf(jnp.arange(3.0), lam))


@partial(jax.custom_jvp, nondiff_argnums=(1,))
def log1mexp(x, cut):
    """log(1 - e^-x) for x > 0, Maechler's switch at cut."""
    return jnp.where(x < cut, jnp.log(-jnp.expm1(-x)), jnp.log1p(-jnp.exp(-x)))


@log1mexp.defjvp
def _log1mexp_jvp(cut, primals, tangents):
    (x,), (t,) = primals, tangents
    return log1mexp(x, cut), t / jnp.expm1(x)


def scores_at_all(lam):
    """log P(goals >= 1) = log(1 - e^-lam)."""
    return log1mexp(lam, 0.6931471805599453)


@partial(jax.custom_jvp, nondiff_argnums=(1,))
def log1mexp_slipped(x, cut):
    return jnp.where(x < cut, jnp.log(-jnp.expm1(-x)), jnp.log1p(-jnp.exp(-x)))


@log1mexp_slipped.defjvp
def _log1mexp_slipped_jvp(cut, primals, tangents):
    (x,), (t,) = primals, tangents
    return log1mexp_slipped(x, cut), t / jnp.expm1(-x)


def scores_at_all_slipped(lam):
    return log1mexp_slipped(lam, 0.6931471805599453)


@partial(jax.custom_jvp, nondiff_argnums=(1,))
def log1mexp_textbook(x, cut):
    return jnp.where(x < cut, jnp.log(-jnp.expm1(-x)), jnp.log1p(-jnp.exp(-x)))


@log1mexp_textbook.defjvp
def _log1mexp_textbook_jvp(cut, primals, tangents):
    (x,), (t,) = primals, tangents
    return log1mexp_textbook(x, cut), t / (jnp.exp(x) - 1.0)


def scores_at_all_textbook(lam):
    return log1mexp_textbook(lam, 0.6931471805599453)


# --- econometrics ----------------------------------------------------------------------------------------------------


def mills_naive(z):
    """Heckman's inverse Mills ratio phi(z) / Phi(z)."""
    return norm.pdf(z) / norm.cdf(z)


def mills_log(z):
    return jnp.exp(norm.logpdf(z) - norm.logcdf(z))


CUTS = (0.0, 1.0)


def ordered_probit_middle(eta):
    """log P(y = 1) = log(Phi(c1 - eta) - Phi(c0 - eta))."""
    return jnp.log(norm.cdf(CUTS[1] - eta) - norm.cdf(CUTS[0] - eta))


def ordered_probit_middle_sf(eta):
    return jnp.log(norm.sf(CUTS[0] - eta) - norm.sf(CUTS[1] - eta))


def ordered_logit_top(eta):
    """log P(y = top) = log(1 - F(c1 - eta)) with F logistic."""
    return jnp.log(logistic.sf(CUTS[1] - eta))


def ordered_logit_top_stable(eta):
    return jax.nn.log_sigmoid(eta - CUTS[1])


NU = 4.0


def t_loss(r, scale):
    """Robust regression: the Student-t negative log-likelihood of one residual."""
    return -student_t.logpdf(r, NU, 0.0, scale)


@jax.custom_vjp
def t_loss_rule(r, scale):
    z = r / scale
    return 0.5 * (NU + 1.0) * jnp.log1p(z * z / NU) + jnp.log(scale)


def _t_fwd(r, scale):
    z = r / scale
    return t_loss_rule(r, scale), (z, scale)


def _t_bwd(res, g):
    z, scale = res
    w = (NU + 1.0) * z / (NU + z * z)
    return g * w / scale, g * (1.0 - w * z) / scale


t_loss_rule.defvjp(_t_fwd, _t_bwd)


@jax.custom_vjp
def t_loss_abs(r, scale):
    z = r / scale
    return 0.5 * (NU + 1.0) * jnp.log1p(z * z / NU) + jnp.log(scale)


def _t_abs_fwd(r, scale):
    z = r / scale
    return t_loss_abs(r, scale), (jnp.abs(z), scale)


def _t_abs_bwd(res, g):
    z, scale = res
    w = (NU + 1.0) * z / (NU + z * z)
    return g * w / scale, g * (1.0 - w * z) / scale


t_loss_abs.defvjp(_t_abs_fwd, _t_abs_bwd)


def group_lasso(w):
    return 0.1 * jnp.linalg.norm(w)


# --- reaction times --------------------------------------------------------------------------------------------------


def exgauss_naive(x, mu, sigma, tau):
    """Ex-Gaussian log-density as the papers print it: (1/tau) e^(sigma^2/2tau^2 - (x-mu)/tau) Phi(z)."""
    z = (x - mu) / sigma - sigma / tau
    return jnp.log(jnp.exp(sigma ** 2 / (2.0 * tau ** 2) - (x - mu) / tau) * ndtr(z) / tau)


def exgauss_log_ndtr(x, mu, sigma, tau):
    z = (x - mu) / sigma - sigma / tau
    return -jnp.log(tau) + sigma ** 2 / (2.0 * tau ** 2) - (x - mu) / tau + log_ndtr(z)


def exgauss_erfcx(x, mu, sigma, tau):
    """Phi(z) = erfcx(-z / sqrt 2) e^(-z^2 / 2) / 2."""
    z = (x - mu) / sigma - sigma / tau
    return (-jnp.log(2.0 * tau) + sigma ** 2 / (2.0 * tau ** 2) - (x - mu) / tau - 0.5 * z * z
            + jnp.log(erfcx(-z / jnp.sqrt(2.0))))


def wald_logpdf(t, shift, alpha, nu):
    """Shifted Wald (first passage of a drift diffusion to alpha at rate nu), by the density as printed."""
    s = t - shift
    return jnp.log(alpha / jnp.sqrt(2.0 * jnp.pi * s ** 3) * jnp.exp(-(alpha - nu * s) ** 2 / (2.0 * s)))


def wald_logpdf_stable(t, shift, alpha, nu):
    s = t - shift
    return jnp.log(alpha) - 0.5 * jnp.log(2.0 * jnp.pi) - 1.5 * jnp.log(s) - (alpha - nu * s) ** 2 / (2.0 * s)


LAPSES = jnp.array([1.0 if (7 * k) % 5 in (0, 3) else 0.0 for k in range(150)])


def attention_hmm(stay, p_err):
    """Engaged/lapsed two-state HMM over 150 trials (1 = an error): forward algorithm in probability space."""
    A = jnp.array([[stay, 1.0 - stay], [1.0 - stay, stay]])
    e = jnp.array([p_err, 0.5])

    def step(alpha, y):
        lik = jnp.where(y > 0, e, 1.0 - e)
        return (alpha @ A) * lik, None
    alpha, _ = jax.lax.scan(step, jnp.array([0.5, 0.5]), LAPSES)
    return jnp.log(jnp.sum(alpha))


def attention_hmm_log(stay, p_err):
    logA = jnp.log(jnp.array([[stay, 1.0 - stay], [1.0 - stay, stay]]))
    e = jnp.array([p_err, 0.5])

    @jax.checkpoint
    def step(log_alpha, y):
        lik = jnp.where(y > 0, e, 1.0 - e)
        return logsumexp(log_alpha[:, None] + logA, axis=0) + jnp.log(lik), None
    log_alpha, _ = jax.lax.scan(step, jnp.log(jnp.array([0.5, 0.5])), LAPSES)
    return logsumexp(log_alpha)


# --- a Kalman filter over a NamedTuple -------------------------------------------------------------------------------


class Noise(NamedTuple):
    log_q: float
    log_r: float


TRACK = jnp.array([[0.9, 1.1], [2.1, 0.9], [2.8, 1.2], [4.2, 0.8], [5.0, 1.0]])  # position, Doppler velocity


def kalman_nll(params, ys):
    """A constant-velocity track, both position and velocity measured: -log-likelihood by the innovations."""
    F = jnp.array([[1.0, 1.0], [0.0, 1.0]])
    Q = jnp.exp(params.log_q) * jnp.eye(2)
    R = jnp.exp(params.log_r) * jnp.eye(2)

    def step(carry, y):
        m, P = carry
        m, P = F @ m, F @ P @ F.T + Q
        S = P + R
        e = y - m
        _, logdet = jnp.linalg.slogdet(S)
        nll = 0.5 * (logdet + e @ jnp.linalg.solve(S, e) + 2.0 * jnp.log(2.0 * jnp.pi))
        K = jnp.linalg.solve(S, P).T
        return (m + K @ e, P - K @ P), nll
    _, nlls = jax.lax.scan(step, (jnp.zeros(2), jnp.eye(2)), ys)
    return jnp.sum(nlls)


def kalman_args():
    return Noise(-1.0, -2.0), TRACK


def riccati_steady(q, r):
    """The steady-state variance of a random walk seen in noise, by 50 Riccati steps."""
    def step(_, p):
        p = p + q
        return p - p * p / (p + r)
    return jax.lax.fori_loop(0, 50, step, 1.0)


# --- special functions: reliability and sport ------------------------------------------------------------------------


def wear_logcdf(x, a):
    """log P(failure by x) for a gamma wear model."""
    return gamma.logcdf(x, a)


def fraction_logcdf(x, a, b):
    return beta.logcdf(x, a, b)


def free_throws(m, log_kappa):
    """7 of 10 free throws under a beta-binomial with mean m and concentration kappa."""
    kappa = jnp.exp(log_kappa)
    return betabinom.logpmf(7.0, 10.0, m * kappa, (1.0 - m) * kappa)


def shot_entropy(p):
    """The binary entropy (nats) of a shot that goes in with probability p."""
    return entr(p) + entr(1.0 - p)


def beta_prior_norm(a, b):
    """The log normaliser of a Beta(a, b) prior on a shooting percentage."""
    return jax.scipy.special.betaln(a, b)


def kalman_start():
    """Another starting point: a quiet process seen through a noisy sensor."""
    return Noise(-3.0, -0.5), TRACK


def shooting_percentage(x, a, b):
    """A player's season percentage under a Beta(a, b) prior."""
    return beta.logpdf(x, a, b)
