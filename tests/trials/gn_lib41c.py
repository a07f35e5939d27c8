"""A user's code on gradcli.numpy and gradcli.scipy, round 41c: special functions where they break. Population
genetics (Ewens's sampling formula by gammaln, by the rising factorial in logs and by its product, the expected number
of alleles by digamma and by its sum), objective Bayes (the Jeffreys prior of a gamma shape by polygamma), dependence
(a Gaussian copula's log-density by ndtri and by erfinv), finance (the normal-inverse Gaussian log-density by kv, by kve
with hypot and with a norm), order statistics (a Beta CDF by betainc and its log-survival), fisheries (Ricker's MSY
harvest rate by lambertw), reinforcement learning (a Boltzmann policy's greedy share by softmax, log_softmax and log1p
of the gaps), robust regression (huber at its switch, a clipped log-loss), information theory (a binary symmetric
channel's capacity by xlogy and xlog1py), network science (a discrete power law's likelihood by zeta) and a
goodness-of-fit test's log p-value by gammaincc."""

import gradcli.numpy as gnp
import gradcli.scipy.special as sps
from gradcli.scipy.stats import chi2

# --- population genetics: Ewens's sampling formula for n genes showing k alleles ------------------------------------

N_GENES = 20


def ewens_loglik(theta, k):
    """log P(K = k | theta) up to theta-free terms: k log theta + log Gamma(theta) - log Gamma(theta + n)."""
    return gnp.sum(k * gnp.log(theta) + sps.gammaln(theta) - sps.gammaln(theta + N_GENES))


def ewens_loglik_shifted(theta, k):
    """The same with Gamma(theta) = Gamma(theta + 1) / theta folded into the power."""
    return gnp.sum((k - 1) * gnp.log(theta) + sps.gammaln(theta + 1) - sps.gammaln(theta + N_GENES))


def ewens_loglik_rising(theta, k):
    """The same by the rising factorial theta (theta + 1) ... (theta + n - 1), summed in logs."""
    steps = gnp.arange(N_GENES)
    return gnp.sum(k * gnp.log(theta) - gnp.sum(gnp.log(theta[:, None] + steps), axis=1))


def ewens_likelihood_prod(theta, k):
    """The same as the log of theta^k over the rising factorial's product, as the textbook prints it."""
    steps = gnp.arange(N_GENES)
    return gnp.sum(gnp.log(theta ** k / gnp.prod(theta[:, None] + steps, axis=1)))


def expected_alleles(theta):
    """E[K] = theta (psi(theta + n) - psi(theta))."""
    return gnp.sum(theta * (sps.digamma(theta + N_GENES) - sps.digamma(theta)))


def expected_alleles_sum(theta):
    """E[K] = sum_i theta / (theta + i), i = 0 .. n - 1."""
    steps = gnp.arange(N_GENES)
    return gnp.sum(theta[:, None] / (theta[:, None] + steps))


# --- objective Bayes: the Jeffreys prior of a gamma distribution's shape ---------------------------------------------


def jeffreys_gamma_shape(a):
    """log sqrt(a psi'(a) - 1), the log of the Jeffreys prior of the shape a."""
    return gnp.sum(0.5 * gnp.log(a * sps.polygamma(1, a) - 1))


# --- dependence: a bivariate Gaussian copula ------------------------------------------------------------------------


def gaussian_copula_logpdf(u, v, rho):
    x, y = sps.ndtri(u), sps.ndtri(v)
    one_minus = 1 - rho ** 2
    return -0.5 * gnp.log(one_minus) - (rho ** 2 * (x ** 2 + y ** 2) - 2 * rho * x * y) / (2 * one_minus)


def gaussian_copula_logpdf_erfinv(u, v, rho):
    """The same with the normal scores by erfinv, as a user without ndtri writes them."""
    x = gnp.sqrt(2.0) * sps.erfinv(2 * u - 1)
    y = gnp.sqrt(2.0) * sps.erfinv(2 * v - 1)
    one_minus = 1 - rho ** 2
    return -0.5 * gnp.log(one_minus) - (rho ** 2 * (x ** 2 + y ** 2) - 2 * rho * x * y) / (2 * one_minus)


# --- finance: the normal-inverse Gaussian distribution -------------------------------------------------------------

ALPHA, BETA, DELTA, MU = 2.0, 0.5, 1.0, 0.0
GAMMA = gnp.sqrt(ALPHA ** 2 - BETA ** 2)


def nig_logpdf_naive(x):
    q = gnp.sqrt(DELTA ** 2 + (x - MU) ** 2)
    density = ALPHA * DELTA * sps.kv(1, ALPHA * q) / (gnp.pi * q) * gnp.exp(DELTA * GAMMA + BETA * (x - MU))
    return gnp.sum(gnp.log(density))


def nig_logpdf(x):
    """By kve (K1 scaled by e^z) and hypot, as SciPy's norminvgauss writes it."""
    q = gnp.hypot(DELTA, x - MU)
    return gnp.sum(gnp.log(ALPHA * DELTA / gnp.pi) + gnp.log(sps.kve(1, ALPHA * q)) - ALPHA * q - gnp.log(q)
                   + DELTA * GAMMA + BETA * (x - MU))


def nig_logpdf_k1e(x):
    """The same by k1e, SciPy's K1 scaled by e^z of order 1 alone."""
    q = gnp.hypot(DELTA, x - MU)
    return gnp.sum(gnp.log(ALPHA * DELTA / gnp.pi) + gnp.log(sps.k1e(ALPHA * q)) - ALPHA * q - gnp.log(q)
                   + DELTA * GAMMA + BETA * (x - MU))


def nig_logpdf_norm(x):
    """The same with q as the norm of (delta, x - mu)."""
    q = gnp.linalg.norm(gnp.array([DELTA, x[0] - MU]))
    return gnp.log(ALPHA * DELTA / gnp.pi) + gnp.log(sps.kve(1, ALPHA * q)) - ALPHA * q - gnp.log(q) \
        + DELTA * GAMMA + BETA * (x[0] - MU)


# --- order statistics: the 3rd smallest of 5 uniforms -----------------------------------------------------------------

K_TH, N_SAMPLE = 3, 5


def order_stat_cdf(x):
    """P(U_(k) <= x) = I_x(k, n - k + 1)."""
    return gnp.sum(sps.betainc(K_TH, N_SAMPLE - K_TH + 1, x))


def order_stat_log_cdf(x):
    cdf = sps.betainc(K_TH, N_SAMPLE - K_TH + 1, x)
    return gnp.sum(gnp.log(cdf))


def order_stat_log_sf_naive(x):
    return gnp.sum(gnp.log1p(-sps.betainc(K_TH, N_SAMPLE - K_TH + 1, x)))


def order_stat_log_sf(x):
    """By the symmetry 1 - I_x(a, b) = I_{1-x}(b, a)."""
    return gnp.sum(gnp.log(sps.betainc(N_SAMPLE - K_TH + 1, K_TH, 1 - x)))


# --- fisheries: Ricker's stock-recruitment R = alpha S e^(-beta S) -------------------------------------------------


def msy_harvest_rate(alpha):
    """Scheuerell's exact U_MSY = 1 - W(e / alpha)."""
    return gnp.sum(1 - sps.lambertw(gnp.e / alpha).real)


def msy_harvest_rate_log(log_alpha):
    """The same in log alpha, as a model fitted on the log scale writes it."""
    return gnp.sum(1 - sps.lambertw(gnp.exp(1 - log_alpha)).real)


# --- reinforcement learning: a Boltzmann (softmax) policy at temperature tau -----------------------------------------

Q_VALUES = gnp.array([1.0, 0.5, -1.0])


def greedy_share(tau):
    return sps.softmax(Q_VALUES / tau)[0]


def greedy_log_share(tau):
    return sps.log_softmax(Q_VALUES / tau)[0]


def greedy_log_share_gaps(tau):
    """-log(1 + sum_k e^((q_k - q_0) / tau)) over the other actions."""
    return -gnp.log1p(gnp.sum(gnp.exp((Q_VALUES[1:] - Q_VALUES[0]) / tau)))


# --- robust regression -----------------------------------------------------------------------------------------------


def huber_total(r):
    return gnp.sum(sps.huber(1.0, r))


def huber_by_where(r):
    a = gnp.abs(r)
    return gnp.sum(gnp.where(a <= 1.0, 0.5 * r ** 2, a - 0.5))


def clipped_log_loss(p):
    return -gnp.sum(gnp.log(gnp.clip(p, 1e-7, 1 - 1e-7)))


# --- information theory: a binary symmetric channel with crossover p ------------------------------------------------

LN2 = gnp.log(2.0)


def bsc_capacity(p):
    """1 - h(p) in bits, h by xlogy and xlog1py (0 log 0 = 0)."""
    return gnp.sum(1 + (sps.xlogy(p, p) + sps.xlog1py(1 - p, -p)) / LN2)


def bsc_capacity_naive(p):
    return gnp.sum(1 + p * gnp.log2(p) + (1 - p) * gnp.log2(1 - p))


# --- network science: a discrete power law's likelihood (Clauset, Shalizi and Newman) -------------------------------

DEGREES = gnp.array([1.0, 1.0, 2.0, 3.0, 5.0, 8.0, 13.0])


def power_law_loglik(alpha):
    """sum log(x^-alpha / zeta(alpha, x_min)) with x_min = 1."""
    return -alpha * gnp.sum(gnp.log(DEGREES)) - len(DEGREES) * gnp.log(sps.zeta(alpha, 1.0))


# --- a chi-square goodness-of-fit test's log p-value ------------------------------------------------------------------

DOF = 10


def log_p_value(stat):
    """log Q(k/2, x/2), the chi-square survival function by gammaincc."""
    return gnp.sum(gnp.log(sps.gammaincc(DOF / 2, stat / 2)))


def log_p_value_stats(stat):
    return gnp.sum(chi2.logsf(stat, DOF))
