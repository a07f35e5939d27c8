"""A user's code on gradcli.numpy and gradcli.scipy.special, round 73c: survival analysis and reliability as
statisticians write it (Weibull and exponential log-likelihoods with right-censoring, Weibull log-survival and
log-density at t = 0, log(1 - F) naive, by log1p and in closed form far in the tail, log-logistic and Gompertz hazards
at huge ages, the Cox partial likelihood with tied event times by Breslow and by Efron, its risk sets built by
comparing times, a Kaplan-Meier-like product of (1 - d/n), a piecewise-constant hazard by np.searchsorted and
np.digitize, a smooth concordance index, a log-normal accelerated failure time model by 1 - Phi, erfc and log_ndtr,
mean residual life by a trapezoid sum), checked at ordinary data, t = 0, far tails, ties, all-censored data and risk
sets of size 1."""

import gradcli.numpy as np
from gradcli.scipy.special import log_ndtr

# a small study: follow-up times (two tied events at 2.0), event indicators (0: right-censored), two covariates
TIMES = np.array([0.5, 1.2, 2.0, 2.0, 3.1, 4.0])
EVENTS = np.array([1.0, 0.0, 1.0, 1.0, 1.0, 0.0])
CENSORED = np.zeros(6)  # an all-censored study: nobody failed yet
X = np.array([[0.2, 1.0], [-0.5, 0.3], [1.1, -0.4], [0.0, 0.8], [-1.2, 0.5], [0.7, -1.0]])
AT_RISK = np.array([6.0, 5.0, 4.0, 2.0, 1.0])  # Kaplan-Meier: numbers at risk at five event times
KNOTS = np.array([0.0, 1.0, 2.0, 3.0])  # a piecewise-constant hazard's cut points (the last piece open)
SCALE = 0.01  # the smooth C-index's temperature


# --- parametric likelihoods -------------------------------------------------------------------------------------------

def weibull_loglik(k, lam):
    """Right-censored Weibull log-likelihood: events add log f, censored times log S."""
    z = (TIMES / lam) ** k
    log_h = np.log(k) - np.log(lam) + (k - 1) * np.log(TIMES / lam)
    return np.sum(EVENTS * log_h - z)


def weibull_loglik_censored(k, lam):
    """The same on an all-censored study: only the survival terms."""
    z = (TIMES / lam) ** k
    log_h = np.log(k) - np.log(lam) + (k - 1) * np.log(TIMES / lam)
    return np.sum(CENSORED * log_h - z)


def weibull_log_surv(t, k, lam):
    """log S(t) = -(t / lam)^k summed over times t."""
    return np.sum(-(t / lam) ** k)


def weibull_log_pdf(t, k, lam):
    """log f(t) of the Weibull, summed over times t."""
    return np.sum(np.log(k / lam) + (k - 1) * np.log(t / lam) - (t / lam) ** k)


def exponential_loglik(log_rate):
    """Exponential model on a log rate: sum(d log r - r t)."""
    rate = np.exp(log_rate)
    return np.sum(EVENTS * log_rate - rate * TIMES)


def exponential_loglik_rate(rate, t):
    """The exponential log-likelihood with the times themselves as inputs (a time of 0: a failure on arrival)."""
    return np.sum(EVENTS[:2] * np.log(rate) - rate * t)


# --- the log survival far in the tail ---------------------------------------------------------------------------------

def weibull_log_sf_naive(t, k, lam):
    """log S as log(1 - F), F = 1 - exp(-(t / lam)^k)."""
    F = 1 - np.exp(-(t / lam) ** k)
    return np.sum(np.log(1 - F))


def weibull_log_sf_log1p(t, k, lam):
    F = 1 - np.exp(-(t / lam) ** k)
    return np.sum(np.log1p(-F))


def weibull_log_sf_expm1(t, k, lam):
    """F by -expm1(-z): exact where F is small, but 1 - F still rounds to 0 far in the tail."""
    F = -np.expm1(-(t / lam) ** k)
    return np.sum(np.log1p(-F))


def weibull_log_cdf_naive(t, k, lam):
    """log F near t = 0."""
    return np.sum(np.log(1 - np.exp(-(t / lam) ** k)))


def weibull_log_cdf_expm1(t, k, lam):
    return np.sum(np.log(-np.expm1(-(t / lam) ** k)))


# --- hazards at huge ages ---------------------------------------------------------------------------------------------

def loglogistic_hazard(t, alpha, beta):
    """h(t) = (beta / alpha) (t / alpha)^(beta - 1) / (1 + (t / alpha)^beta)."""
    u = t / alpha
    return np.sum((beta / alpha) * u ** (beta - 1) / (1 + u ** beta))


def loglogistic_cumhaz(t, alpha, beta):
    """H(t) = log(1 + (t / alpha)^beta)."""
    return np.sum(np.log(1 + (t / alpha) ** beta))


def loglogistic_cumhaz_stable(t, alpha, beta):
    return np.sum(np.logaddexp(0.0, beta * np.log(t / alpha)))


def gompertz_log_hazard(age, a, b):
    """log h = log(a exp(b age))."""
    return np.sum(np.log(a * np.exp(b * age)))


def gompertz_log_surv(age, a, b):
    """log S = -(a / b)(exp(b age) - 1)."""
    return np.sum(-(a / b) * (np.exp(b * age) - 1))


def gompertz_log_surv_expm1(age, a, b):
    return np.sum(-(a / b) * np.expm1(b * age))


# --- the Cox partial likelihood ---------------------------------------------------------------------------------------

def cox_breslow(beta):
    """Breslow's partial log-likelihood: risk sets by comparing times, ties sharing one risk set."""
    eta = X @ beta
    at_risk = np.where(TIMES[None, :] >= TIMES[:, None], 1.0, 0.0)
    log_denom = np.log(np.sum(at_risk * np.exp(eta)[None, :], axis=1))
    return np.sum(EVENTS * (eta - log_denom))


def cox_breslow_lse(beta):
    """The same by a masked logsumexp."""
    eta = X @ beta
    masked = np.where(TIMES[None, :] >= TIMES[:, None], eta[None, :], -np.inf)
    return np.sum(EVENTS * (eta - np.logsumexp(masked, axis=1)))


def cox_breslow_censored(beta):
    """Breslow on the all-censored study: every term carries a 0 event indicator."""
    eta = X @ beta
    at_risk = np.where(TIMES[None, :] >= TIMES[:, None], 1.0, 0.0)
    log_denom = np.log(np.sum(at_risk * np.exp(eta)[None, :], axis=1))
    return np.sum(CENSORED * (eta - log_denom))


def cox_breslow_times(times, beta):
    """Breslow with the times as inputs too (a step function of the times)."""
    eta = X @ beta
    at_risk = np.where(times[None, :] >= times[:, None], 1.0, 0.0)
    log_denom = np.log(np.sum(at_risk * np.exp(eta)[None, :], axis=1))
    return np.sum(EVENTS * (eta - log_denom))


def cox_efron(beta):
    """Efron's correction for ties: the d tied failures at a time take off l/d of their own weight, l = 0..d-1."""
    eta = X @ beta
    w = np.exp(eta)
    total = 0.0
    for t in np.unique(TIMES[EVENTS == 1]):
        tied = (TIMES == t) & (EVENTS == 1)
        d = int(np.sum(tied))
        risk = np.sum(np.where(TIMES >= t, w, 0.0))
        tied_w = np.sum(np.where(tied, w, 0.0))
        total = total + np.sum(np.where(tied, eta, 0.0))
        for l in range(d):
            total = total - np.log(risk - (l / d) * tied_w)
    return total


def cox_last_alone(eta):
    """One term of the partial likelihood whose risk set holds only the subject itself."""
    return eta[-1] - np.log(np.sum(np.exp(eta[-1:])))


# --- Kaplan-Meier -----------------------------------------------------------------------------------------------------

def km_survival(d):
    """S = prod(1 - d / n) over the event times."""
    return np.prod(1 - d / AT_RISK)


def km_log_survival(d):
    return np.sum(np.log(1 - d / AT_RISK))


def km_log_survival_prod(d):
    return np.log(np.prod(1 - d / AT_RISK))


def km_rmst(d):
    """The restricted mean survival time: the KM curve times the gaps between event times."""
    gaps = np.array([0.5, 0.7, 0.8, 1.1, 0.9])
    return np.sum(np.cumprod(1 - d / AT_RISK) * gaps)


# --- piecewise-constant hazard ----------------------------------------------------------------------------------------

def pch_cumhaz(t, log_h):
    """H(t) for a hazard constant between KNOTS, the piece found by np.searchsorted."""
    h = np.exp(log_h)
    widths = np.diff(KNOTS)
    cum = np.concatenate([np.zeros(1), np.cumsum(h[:-1] * widths)])
    j = np.searchsorted(KNOTS, t, side="right") - 1
    return np.sum(cum[j] + h[j] * (t - KNOTS[j]))


def pch_loglik(t, log_h):
    """An event at each t: log h(t) - H(t), the piece by np.digitize."""
    h = np.exp(log_h)
    widths = np.diff(KNOTS)
    cum = np.concatenate([np.zeros(1), np.cumsum(h[:-1] * widths)])
    j = np.digitize(t, KNOTS) - 1
    return np.sum(log_h[j] - (cum[j] + h[j] * (t - KNOTS[j])))


# --- concordance ------------------------------------------------------------------------------------------------------

def smooth_cindex(risk):
    """Harrell's C smoothed: sigmoid((r_i - r_j) / s) over comparable pairs (i failed before j)."""
    comparable = (TIMES[:, None] < TIMES[None, :]) & (EVENTS[:, None] == 1)
    diff = (risk[:, None] - risk[None, :]) / SCALE
    s = 1 / (1 + np.exp(-diff))
    return np.sum(np.where(comparable, s, 0.0)) / np.sum(comparable)


def smooth_cindex_sigmoid(risk):
    comparable = (TIMES[:, None] < TIMES[None, :]) & (EVENTS[:, None] == 1)
    s = np.sigmoid((risk[:, None] - risk[None, :]) / SCALE)
    return np.sum(np.where(comparable, s, 0.0)) / np.sum(comparable)


# --- log-normal accelerated failure time ------------------------------------------------------------------------------

def aft_log_sf_naive(t, mu, sigma):
    """log S of a censored log-normal time: log(1 - Phi(z)), Phi by erf."""
    z = (np.log(t) - mu) / sigma
    Phi = 0.5 * (1 + np.erf(z / np.sqrt(2)))
    return np.sum(np.log(1 - Phi))


def aft_log_sf_erfc(t, mu, sigma):
    z = (np.log(t) - mu) / sigma
    return np.sum(np.log(0.5 * np.erfc(z / np.sqrt(2))))


def aft_log_sf_ndtr(t, mu, sigma):
    z = (np.log(t) - mu) / sigma
    return np.sum(log_ndtr(-z))


def aft_loglik(mu, sigma):
    """The censored log-normal AFT likelihood over the study: log f for events, log S (by erfc) for censored."""
    z = (np.log(TIMES) - mu) / sigma
    log_f = -0.5 * z ** 2 - np.log(sigma * TIMES * np.sqrt(2 * np.pi))
    log_s = np.log(0.5 * np.erfc(z / np.sqrt(2)))
    return np.sum(EVENTS * log_f + (1 - EVENTS) * log_s)


# --- mean residual life -----------------------------------------------------------------------------------------------

def mean_residual_life(t0, k, lam):
    """MRL(t0) = int_t0^(t0 + 20) S(u) du / S(t0), a trapezoid sum on 101 points."""
    u = t0 + np.linspace(0.0, 20.0, 101)
    S = np.exp(-(u / lam) ** k)
    return np.trapezoid(S, u) / np.exp(-(t0 / lam) ** k)


def mean_residual_life_log(t0, k, lam):
    """The same with the survival ratios formed in logs: S(u) / S(t0) = exp(z0 - z(u))."""
    u = t0 + np.linspace(0.0, 20.0, 101)
    return np.trapezoid(np.exp((t0 / lam) ** k - (u / lam) ** k), u)
