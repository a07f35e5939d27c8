"""A user's code on gradcli.numpy and gradcli.scipy, round 53c: library-style log-likelihoods (negative binomial,
beta-binomial, Student-t, von Mises with i0e, Dirichlet, Poisson by log-rate and by rate, zero-inflated Poisson by
logaddexp of log-probabilities, a Tweedie-like unit deviance, Gumbel) at extreme counts, rates and concentrations;
stable helpers users write (log1mexp by its two branches, logdiffexp, softplus-inverse, log-sigmoid by logaddexp,
logit of a sigmoid, a max-shifted logsumexp over an axis with keepdims, log-mean-exp, logcumsumexp by
logaddexp.accumulate)."""

import gradcli.numpy as gnp
import gradcli.scipy.special as sps

LOG2 = gnp.log(2.0)

# --- log-likelihoods -------------------------------------------------------------------------------------------------


def negbin_ll(r, p, k):
    return sps.gammaln(k + r) - sps.gammaln(k + 1.0) - sps.gammaln(r) + r * gnp.log(p) + k * gnp.log1p(-p)


def betabinom_ll(a, b):
    n, k = 10.0, 3.0
    return sps.gammaln(n + 1.0) - sps.gammaln(k + 1.0) - sps.gammaln(n - k + 1.0) \
        + sps.betaln(k + a, n - k + b) - sps.betaln(a, b)


def student_t_ll(x, nu):
    return sps.gammaln((nu + 1.0) / 2.0) - sps.gammaln(nu / 2.0) - 0.5 * gnp.log(nu * gnp.pi) \
        - (nu + 1.0) / 2.0 * gnp.log1p(x * x / nu)


def von_mises_ll(x, kappa):
    return kappa * gnp.cos(x) - gnp.log(2.0 * gnp.pi) - gnp.log(sps.i0e(kappa)) - kappa


def dirichlet_ll(a, x):
    return sps.gammaln(gnp.sum(a)) - gnp.sum(sps.gammaln(a)) + gnp.sum((a - 1.0) * gnp.log(x))


def poisson_lograte(eta):
    k = 3.0
    return k * eta - gnp.exp(eta) - sps.gammaln(k + 1.0)


def poisson_lograte_zero(eta):
    return -gnp.exp(eta)


def poisson_rate(lam):
    k = 1e15
    return k * gnp.log(lam) - lam - sps.gammaln(k + 1.0)


def zip_zero(w, eta):
    log_pi = -gnp.logaddexp(0.0, -w)
    log_1mpi = -gnp.logaddexp(0.0, w)
    return gnp.logaddexp(log_pi, log_1mpi - gnp.exp(eta))


def tweedie_unit(eta):
    y, p = 2.0, 1.5
    return -y * gnp.exp((1.0 - p) * eta) / (1.0 - p) + gnp.exp((2.0 - p) * eta) / (2.0 - p)


def gumbel_ll(x, mu, beta):
    z = (x - mu) / beta
    return -(z + gnp.exp(-z)) - gnp.log(beta)


# --- stable helpers --------------------------------------------------------------------------------------------------


def log1mexp(x):
    return gnp.where(x < -LOG2, gnp.log1p(-gnp.exp(x)), gnp.log(-gnp.expm1(x)))


def logdiffexp(a, b):
    d = b - a
    return a + gnp.where(d < -LOG2, gnp.log1p(-gnp.exp(d)), gnp.log(-gnp.expm1(d)))


def softplus_inv(x):
    return x + gnp.log(-gnp.expm1(-x))


def log_sigmoid(x):
    return -gnp.logaddexp(0.0, -x)


def logit_of_sigmoid(x):
    return sps.logit(sps.expit(x))


def lse_rows(z):
    m = gnp.max(z, axis=1, keepdims=True)
    return gnp.sum(m + gnp.log(gnp.sum(gnp.exp(z - m), axis=1, keepdims=True)))


def log_mean_exp(z):
    m = gnp.max(z)
    return m + gnp.log(gnp.mean(gnp.exp(z - m)))


def logcumsumexp_total(z):
    return gnp.sum(gnp.logaddexp.accumulate(z))


def log1mexp_safe(x):
    far = x < -LOG2
    near_x = gnp.where(far, -1.0, x)
    far_x = gnp.where(far, x, -1.0)
    return gnp.where(far, gnp.log1p(-gnp.exp(far_x)), gnp.log(-gnp.expm1(near_x)))
