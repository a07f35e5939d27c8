"""A legacy NumPy/SciPy module, forty-third round (first part): petroleum engineering (Arps' hyperbolic decline as
printed and by log1p, its cumulative production near the harmonic b = 1, as printed and by expm1; a production
history by np.interp and np.diff; a Rachford-Rice flash by scipy.optimize.brentq), chemical thermodynamics (Wilson's
excess Gibbs energy and infinite-dilution coefficient, NRTL at infinite dilution as printed and by expit, a
Redlich-Kister expansion by np.polyval, a mixture's log-sum-exp naive and by scipy.special.logsumexp with b=) and
spiking neurons (the escape-noise firing probability by log(ndtr) and by log_ndtr, its hazard by pdf / sf and by
erfcx, a spike train's Bernoulli likelihood by xlogy of expit and by log_expit)."""

import numpy as np
from scipy import optimize, special

# --- petroleum engineering -------------------------------------------------------------------------------------------

QI = 1000.0
YEARS = 5.0


def arps_rate(b, Di):
    return QI * (1.0 + b * Di * YEARS) ** (-1.0 / b)


def arps_rate_log1p(b, Di):
    return QI * np.exp(-np.log1p(b * Di * YEARS) / b)


def arps_cumulative(b, Di):
    return QI / ((1.0 - b) * Di) * (1.0 - (1.0 + b * Di * YEARS) ** ((b - 1.0) / b))


def arps_cumulative_expm1(b, Di):
    return -QI * np.expm1((b - 1.0) / b * np.log1p(b * Di * YEARS)) / ((1.0 - b) * Di)


MONTHS = np.array([0.0, 1.0, 2.0, 3.0, 6.0, 12.0])
CUMULATIVE = np.array([0.0, 900.0, 1650.0, 2300.0, 3800.0, 5600.0])


def cumulative_at(t):
    return np.interp(t, MONTHS, CUMULATIVE) ** 2


def monthly_rates(cum):
    rates = np.diff(cum) / np.diff(MONTHS)
    return np.sum(np.diff(np.log(rates)) ** 2)


FEED = np.array([0.5, 0.3, 0.2])


def flash_fraction(K):
    """The vapour fraction of a Rachford-Rice flash, by Brent's method."""
    rr = lambda V: np.sum(FEED * (K - 1.0) / (1.0 + V * (K - 1.0)))  # noqa: E731
    return optimize.brentq(rr, 1e-9, 1.0 - 1e-9)


# --- chemical thermodynamics -----------------------------------------------------------------------------------------

def wilson_gibbs(x1, tau12, tau21):
    x2 = 1.0 - x1
    lam12, lam21 = np.exp(-tau12), np.exp(-tau21)
    return -x1 * np.log(x1 + lam12 * x2) - x2 * np.log(x2 + lam21 * x1)


def wilson_ln_gamma_inf(tau12, tau21):
    lam12, lam21 = np.exp(-tau12), np.exp(-tau21)
    return -np.log(lam12) + 1.0 - lam21


ALPHA = 0.5
X1 = 0.0
X2 = 1.0 - X1


def nrtl_ln_gamma1(tau12, tau21):
    g12, g21 = np.exp(-ALPHA * tau12), np.exp(-ALPHA * tau21)
    return X2 ** 2 * (tau21 * (g21 / (X1 + X2 * g21)) ** 2 + tau12 * g12 / (X2 + X1 * g12) ** 2)


def nrtl_ln_gamma1_expit(tau12, tau21):
    g12 = np.exp(-ALPHA * tau12)
    with np.errstate(divide="ignore"):
        ratio = special.expit(-(ALPHA * tau21 + np.log(X1 / X2))) / X2
    return X2 ** 2 * (tau21 * ratio ** 2 + tau12 * g12 / (X2 + X1 * g12) ** 2)


RK = np.array([0.8, -0.25, 0.1])


def redlich_kister(x1):
    x2 = 1.0 - x1
    return x1 * x2 * np.polyval(RK[::-1], x1 - x2)


FRACTIONS = np.array([0.5, 0.3, 0.2, 0.0])


def mixture_potential(mu):
    return np.log(np.sum(FRACTIONS * np.exp(mu)))


def mixture_potential_lse(mu):
    return special.logsumexp(mu, b=FRACTIONS)


# --- spiking neurons -------------------------------------------------------------------------------------------------

THRESHOLD, NOISE = 1.0, 0.025


def log_fire_probability(v):
    """Escape noise: a spike when v plus Gaussian noise crosses the threshold."""
    return np.log(special.ndtr((v - THRESHOLD) / NOISE))


def log_fire_probability_stable(v):
    return special.log_ndtr((v - THRESHOLD) / NOISE)


def escape_hazard(v):
    """The escape rate pdf / sf of the noise at the threshold's distance, far below threshold."""
    z = (THRESHOLD - v) / NOISE
    return np.exp(-z * z / 2) / np.sqrt(2 * np.pi) / special.ndtr(-z)


def escape_hazard_erfcx(v):
    z = (THRESHOLD - v) / NOISE
    return np.sqrt(2 / np.pi) / special.erfcx(z / np.sqrt(2))


SPIKES = np.array([1.0, 0.0, 1.0])


def spike_train_nll(z):
    """A Bernoulli spike train's negative log-likelihood from logits, by xlogy of the probabilities."""
    p = special.expit(z)
    return -np.sum(special.xlogy(SPIKES, p) + special.xlogy(1.0 - SPIKES, 1.0 - p))


def spike_train_nll_stable(z):
    return -np.sum(SPIKES * special.log_expit(z) + (1.0 - SPIKES) * special.log_expit(-z))


CURRENT = np.array([0.3, 0.5, 0.2, 0.8, 0.1, 0.6, 0.4, 0.7])
BETA = 0.9


def lif_final_potential(w):
    """Leaky integrate-and-fire neurons for 8 steps, reset by subtraction where they spike."""
    v = np.zeros_like(w)
    for i in CURRENT:
        v = BETA * v + w * i
        s = np.heaviside(v - THRESHOLD, 0.0)
        v = v - s * THRESHOLD
    return 0.5 * np.sum(v ** 2)
