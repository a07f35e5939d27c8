"""A user's code on gradcli.numpy and gradcli.scipy, round 27c: the von Mises-Fisher log-normaliser in 3D (naive, by
expm1, and with a small-kappa series behind a double where), Student-t and Cauchy log-densities written for their
tails, log-ratios of Gamma functions by gammaln differences, softmax cross-entropies at +-1e308, Hurwitz-zeta
log-normalisers, regularised incomplete gamma and beta functions at their edges, log-determinants through Cholesky of
near-singular SPD matrices, a hand-written Huber loss at its (C1) switch, and a correlation whose norms overflow."""

import math

import gradcli.numpy as gnp
import gradcli.scipy.special as sps

LOG_4PI = math.log(4.0 * math.pi)
LOG_PI = math.log(math.pi)


# --- von Mises-Fisher in 3D: log C(k) = log k - log(4 pi sinh k) ----------------------------------------------------

def vmf3_log_normalizer_naive(kappa):
    return gnp.sum(gnp.log(kappa) - LOG_4PI - gnp.log(gnp.sinh(kappa)))


def vmf3_log_normalizer(kappa):
    """sinh k = e^k (1 - e^-2k) / 2, the bracket by expm1: no overflow at 1e8."""
    return gnp.sum(gnp.log(kappa) - LOG_4PI + math.log(2.0) - kappa - gnp.log(-gnp.expm1(-2.0 * kappa)))


def vmf3_log_normalizer_series(kappa):
    """Below 1e-3 the series -k^2/6 + k^4/180 of -log(sinh k / k); each branch fed a safe argument."""
    small = kappa < 1e-3
    k_small = gnp.where(small, kappa, 0.0)
    k_big = gnp.where(small, 1.0, kappa)
    series = -LOG_4PI - k_small ** 2 / 6.0 + k_small ** 4 / 180.0
    exact = gnp.log(k_big) - LOG_4PI + math.log(2.0) - k_big - gnp.log(-gnp.expm1(-2.0 * k_big))
    return gnp.sum(gnp.where(small, series, exact))


# --- Student-t and Cauchy log-densities ------------------------------------------------------------------------------

def student_t_log_prob_naive(x, df):
    return gnp.sum(sps.gammaln((df + 1.0) / 2.0) - sps.gammaln(df / 2.0) - 0.5 * gnp.log(df * math.pi)
                   - (df + 1.0) / 2.0 * gnp.log1p(x * x / df))


def student_t_log_prob(x, df):
    """log1p(x^2 / df) as logaddexp(0, 2 log|x / sqrt(df)|): no square to overflow."""
    t = gnp.abs(x) / gnp.sqrt(df)
    return gnp.sum(sps.gammaln((df + 1.0) / 2.0) - sps.gammaln(df / 2.0) - 0.5 * gnp.log(df * math.pi)
                   - (df + 1.0) / 2.0 * gnp.logaddexp(0.0, 2.0 * gnp.log(t)))


def cauchy_log_prob_naive(x, loc, scale):
    z = (x - loc) / scale
    return gnp.sum(-LOG_PI - gnp.log(scale) - gnp.log1p(z * z))


def cauchy_log_prob(x, loc, scale):
    z = (x - loc) / scale
    return gnp.sum(-LOG_PI - gnp.log(scale) - gnp.logaddexp(0.0, 2.0 * gnp.log(gnp.abs(z))))


# --- log Gamma ratios ------------------------------------------------------------------------------------------------

def log_gamma_ratio(x, a):
    """log Gamma(x + a) / Gamma(x): two numbers near 3.4e16 whose difference is 17."""
    return gnp.sum(sps.gammaln(x + a) - sps.gammaln(x))


def beta_binomial_log_norm(a, b):
    """log B(a, b) by three gammalns."""
    return gnp.sum(sps.gammaln(a) + sps.gammaln(b) - sps.gammaln(a + b))


# --- softmax cross-entropies ------------------------------------------------------------------------------------------

def softmax_xent_first(z):
    return gnp.logsumexp(z) - z[0]


def log_softmax_xent_first(z):
    return -sps.log_softmax(z)[0]


def softmax_xent_label(z, label):
    """The label an integer the user types (--at "z=[...],label=1"), used as an index."""
    return gnp.logsumexp(z) - z[label]


def softmax_xent_by_hand(z):
    top = gnp.max(z)
    return top + gnp.log(gnp.sum(gnp.exp(z - top))) - z[0]


# --- Hurwitz zeta -----------------------------------------------------------------------------------------------------

def hurwitz_log_normalizer(s, q):
    return gnp.sum(gnp.log(sps.zeta(s, q)))


def shifted_zipf_log_pmf(s, q):
    """log p(k = 2) of a Zipf law shifted by q: -s log(2 + q) - log zeta(s, q)."""
    return gnp.sum(-s * gnp.log(2.0 + q) - gnp.log(sps.zeta(s, q)))


# --- incomplete gamma and beta at their edges -------------------------------------------------------------------------

def gamma_cdf(x, a):
    return gnp.sum(sps.gammainc(a, x))


def gamma_log_survival(x, a):
    return gnp.sum(gnp.log(sps.gammaincc(a, x)))


def gamma_survival(x, a):
    return gnp.sum(sps.gammaincc(a, x))


def gamma_cdf_plus_survival(x, a):
    return gnp.sum(sps.gammainc(a, x) + sps.gammaincc(a, x))


def beta_cdf(x, a, b):
    return gnp.sum(sps.betainc(a, b, x))


# --- log-determinants by Cholesky ------------------------------------------------------------------------------------

def logdet_by_cholesky(a):
    chol = gnp.linalg.cholesky(a)
    return 2.0 * gnp.sum(gnp.log(gnp.diagonal(chol)))


# --- kinks away from (and at a C1) switch -----------------------------------------------------------------------------

def huber_by_hand(r):
    """Quadratic inside |r| <= 1, linear outside: at |r| = 1 both pieces have slope +-1 (no kink)."""
    a = gnp.abs(r)
    return gnp.sum(gnp.where(a <= 1.0, 0.5 * r * r, a - 0.5))


# --- correlation whose norms overflow ---------------------------------------------------------------------------------

def correlation(x, y):
    xc = x - gnp.mean(x)
    yc = y - gnp.mean(y)
    return gnp.sum(xc * yc) / (gnp.sqrt(gnp.sum(xc * xc)) * gnp.sqrt(gnp.sum(yc * yc)))


def correlation_scaled(x, y):
    xc = x - gnp.mean(x)
    yc = y - gnp.mean(y)
    xc = xc / gnp.max(gnp.abs(xc))
    yc = yc / gnp.max(gnp.abs(yc))
    return gnp.sum(xc * yc) / (gnp.linalg.norm(xc) * gnp.linalg.norm(yc))
