"""A user's code on gradcli.numpy, round 98c: the formulas of psychophysics and signal detection theory fitted by
gradient (d' and the criterion from hit and false-alarm rates, the likelihood ratio beta, the nonparametric A', the
psychometric function with a logistic, a Weibull and a cumulative normal core, its binomial log-likelihood,
Weber-Fechner's and Stevens' laws, the drift-diffusion model's mean decision time and accuracy, and the ROC area of
the equal-variance normal model)."""

import math

import gradcli.numpy as np
from gradcli.scipy import special, stats

# --- signal detection theory: hit rate h, false-alarm rate f ---------------------------------------------------------


def dprime(h, f):
    """d' = z(H) - z(F), z the standard normal quantile."""
    return special.ndtri(h) - special.ndtri(f)


def dprime_stats(h, f):
    return stats.norm.ppf(h) - stats.norm.ppf(f)


def dprime_loglinear(hits, false_alarms, n_signal, n_noise):
    """d' with the log-linear correction (Hautus 1995): rates (count + 0.5) / (trials + 1), never 0 or 1."""
    h = (hits + 0.5) / (n_signal + 1.0)
    f = (false_alarms + 0.5) / (n_noise + 1.0)
    return special.ndtri(h) - special.ndtri(f)


def criterion(h, f):
    """c = -(z(H) + z(F)) / 2."""
    return -(special.ndtri(h) + special.ndtri(f)) / 2.0


def likelihood_ratio_beta(h, f):
    """beta = exp(d' c)."""
    zh, zf = special.ndtri(h), special.ndtri(f)
    d = zh - zf
    c = -(zh + zf) / 2.0
    return np.exp(d * c)


def log_beta(h, f):
    """ln beta = (z(F)^2 - z(H)^2) / 2."""
    zh, zf = stats.norm.ppf(h), stats.norm.ppf(f)
    return (zf ** 2 - zh ** 2) / 2.0


def a_prime(h, f):
    """Pollack and Norman's A', by its two branches (above and below the chance diagonal)."""
    above = 0.5 + (h - f) * (1.0 + h - f) / (4.0 * h * (1.0 - f))
    below = 0.5 - (f - h) * (1.0 + f - h) / (4.0 * f * (1.0 - h))
    return np.where(h >= f, above, below)


def roc_area(d):
    """The area under the equal-variance normal ROC curve: Phi(d' / sqrt 2)."""
    return stats.norm.cdf(d / math.sqrt(2.0))


def roc_area_from_rates(h, f):
    d = special.ndtri(h) - special.ndtri(f)
    return special.ndtr(d / np.sqrt(2.0))


# --- psychometric functions: guess rate gamma, lapse rate lam ------------------------------------------------------


def psychometric_logistic(x, alpha, beta, gamma, lam):
    return gamma + (1.0 - gamma - lam) / (1.0 + np.exp(-beta * (x - alpha)))


def psychometric_weibull(x, alpha, beta, gamma, lam):
    return gamma + (1.0 - gamma - lam) * (1.0 - np.exp(-(x / alpha) ** beta))


def psychometric_normal(x, mu, sigma, gamma, lam):
    return gamma + (1.0 - gamma - lam) * stats.norm.cdf(x, mu, sigma)


LEVELS = np.array([0.0, 0.5, 1.0, 2.0, 4.0, 8.0])
TRIALS = np.array([40.0, 40.0, 40.0, 40.0, 40.0, 40.0])
CORRECT_2AFC = np.array([20.0, 23.0, 29.0, 37.0, 40.0, 40.0])  # the top two levels all correct
YES_NO = np.array([0.0, 3.0, 12.0, 30.0, 38.0, 40.0])  # no "yes" at the blank, all "yes" at the top


def weibull_loglik_2afc(alpha, beta, lam):
    """Binomial log-likelihood of 2AFC counts under a Weibull with gamma = 0.5."""
    p = 0.5 + (0.5 - lam) * (1.0 - np.exp(-(LEVELS / alpha) ** beta))
    return np.sum(CORRECT_2AFC * np.log(p) + (TRIALS - CORRECT_2AFC) * np.log(1.0 - p))


def weibull_loglik_2afc_xlogy(alpha, beta, lam):
    p = 0.5 + (0.5 - lam) * (1.0 - np.exp(-(LEVELS / alpha) ** beta))
    return np.sum(special.xlogy(CORRECT_2AFC, p) + special.xlogy(TRIALS - CORRECT_2AFC, 1.0 - p))


def logistic_loglik_yes_no(alpha, beta, lam):
    """Yes/no counts under a logistic with no guessing (gamma = 0)."""
    p = (1.0 - lam) / (1.0 + np.exp(-beta * (LEVELS - alpha)))
    return np.sum(special.xlogy(YES_NO, p) + special.xlogy(TRIALS - YES_NO, 1.0 - p))


def weibull_loglik_yes_no(alpha, beta, lam):
    """Yes/no counts under a Weibull with no guessing: p = 0 at the blank (level 0), where no "yes" was said."""
    p = (1.0 - lam) * (1.0 - np.exp(-(LEVELS / alpha) ** beta))
    return np.sum(YES_NO * np.log(p) + (TRIALS - YES_NO) * np.log(1.0 - p))


# --- psychophysical laws -------------------------------------------------------------------------------------------


def weber_fechner(i, i0, k):
    """Sensation S = k log(I / I0)."""
    return k * np.log(i / i0)


def weber_fechner_clipped(i, i0, k):
    """No sensation below the threshold I0."""
    return k * np.log(np.maximum(i, i0) / i0)


def stevens(i, k, a):
    """Stevens' power law S = k I^a."""
    return k * i ** a


# --- the drift-diffusion model: boundary separation a (half-width), drift v --------------------------------------


def ddm_mean_time(a, v):
    """Mean decision time of the symmetric diffusion, unit noise: (a / v) tanh(a v)."""
    return (a / v) * np.tanh(a * v)


def ddm_mean_time_guarded(a, v):
    """With v = 0 mapped to its limit a^2."""
    return np.where(v == 0.0, a ** 2, (a / v) * np.tanh(a * v))


def ddm_accuracy(a, v):
    return 1.0 / (1.0 + np.exp(-2.0 * a * v))


def ddm_accuracy_expit(a, v):
    return special.expit(2.0 * a * v)


def weibull_loglik_2afc_binom(alpha, beta, lam):
    """The same 2AFC likelihood by SciPy's binomial log-pmf."""
    p = 0.5 + (0.5 - lam) * (1.0 - np.exp(-(LEVELS / alpha) ** beta))
    return np.sum(stats.binom.logpmf(CORRECT_2AFC, TRIALS, p))


def weibull_loglik_yes_no_binom(alpha, beta, lam):
    """The yes/no Weibull likelihood by SciPy's binomial log-pmf: log P(0 of 40 | p = 0) = 0 at the blank."""
    p = (1.0 - lam) * (1.0 - np.exp(-(LEVELS / alpha) ** beta))
    return np.sum(stats.binom.logpmf(YES_NO, TRIALS, p))


N_TRIALS = 50


def dprime_clipped(h, f):
    """d' with Macmillan and Kaplan's correction: rates held inside [1 / (2N), 1 - 1 / (2N)]."""
    lo, hi = 0.5 / N_TRIALS, 1.0 - 0.5 / N_TRIALS
    return special.ndtri(np.clip(h, lo, hi)) - special.ndtri(np.clip(f, lo, hi))


def mean_dprime(h, f):
    """The mean d' over conditions (arrays of hit and false-alarm rates)."""
    return np.mean(special.ndtri(h) - special.ndtri(f))
