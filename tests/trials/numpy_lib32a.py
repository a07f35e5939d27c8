"""A user's plain NumPy and SciPy code, thirty-second round (first part), written as legacy code is: an SIR outbreak
stepped by a Python loop into preallocated arrays with flows from a helper module of the user's, its final size by
Newton stopping on .item() of the step and by scipy.optimize.brentq; Hodgkin-Huxley's potassium rate under
np.errstate and with a Python branch on float(v); CRRA utility by np.power, the Gini coefficient by a double loop over
rows with Python's abs, Theil's index with scipy.special.xlogy; the sound pressure level of tiny pressures, the
A-weighting curve; an Elo log-likelihood by np.power(10, .); neo-Hookean energy by np.linalg.det and its stress by
np.linalg.inv; a one-pole IIR filter over a signal written sample by sample into an output array; and SciPy's special
functions and distributions in far tails: scipy.special.gammaincc, betainc, logit, expit against log_expit,
scipy.stats.norm.logcdf against log of cdf, scipy.stats.t.logpdf; with np.trapezoid, np.interp, np.convolve,
np.cumsum and np.gradient."""

import numpy as np
import scipy.optimize
import scipy.special
from scipy import stats

import epi_helpers32a as epi

# --- epidemiology ----------------------------------------------------------------------------------------------------

DT = 0.5


def sir_attack_rate(beta, days=100):
    """Share ever infected after `days` days of an SIR outbreak, Euler in half-day steps."""
    n = int(days / DT)
    s = np.zeros(n + 1)
    i = np.zeros(n + 1)
    s[0], i[0] = 0.999, 0.001
    for k in range(n):
        infect, recover = epi.sir_rates(s[k], i[k], beta)
        s[k + 1] = s[k] - infect * DT
        i[k + 1] = i[k] + (infect - recover) * DT
    return 1.0 - s[-1]


def final_size(r0):
    """Final epidemic size by Newton from 1, stopping when the step is below 1e-15."""
    z = np.ones_like(r0)
    for _ in range(100):
        z, step = epi.newton_step(z, r0)
        if abs(step).item() < 1e-15:
            break
    return z


def final_size_brentq(r0):
    """The same by SciPy's bracketing root finder."""
    return scipy.optimize.brentq(lambda z: z - 1.0 + np.exp(-r0 * z), 1e-9, 1.0)


# --- neuroscience ----------------------------------------------------------------------------------------------------


def hh_alpha_n(v):
    """Hodgkin-Huxley's potassium activation rate (1/ms), the 0/0 at -55 mV silenced by np.errstate."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return 0.01 * (v + 55.0) / (1.0 - np.exp(-(v + 55.0) / 10.0))


def hh_alpha_n_branch(v):
    """The same with a Python branch on float(v) to the limit's series within 1e-6 mV of -55."""
    x = (v + 55.0) / 10.0
    if abs(float(x)) < 1e-7:
        return 0.1 * (1.0 + x / 2.0)
    return 0.1 * x / -np.expm1(-x)


# --- economics -------------------------------------------------------------------------------------------------------


def crra_utility(c, gamma):
    """CRRA utility of consumption by np.power."""
    return (np.power(c, 1.0 - gamma) - 1.0) / (1.0 - gamma)


def gini(incomes):
    """Gini coefficient by the double sum, row by row."""
    n = len(incomes)
    total = 0.0
    for a in incomes:
        for b in incomes:
            total = total + abs(a - b)
    return total / (2.0 * n * n * np.mean(incomes))


def theil_index(incomes):
    """Theil's T index with SciPy's xlogy for 0 log 0."""
    share = incomes / incomes.mean()
    return scipy.special.xlogy(share, share).mean()


# --- acoustics -------------------------------------------------------------------------------------------------------


def spl_db(p):
    """Sound pressure level (dB SPL) of a pressure record."""
    rms = np.sqrt(np.mean(np.square(p)))
    return 20 * np.log10(rms / 2e-5)


def a_weighting_db(f):
    """IEC 61672 A-weighting (dB) at f Hz."""
    f2 = f * f
    num = 12194.0 ** 2 * f2 * f2
    den = (f2 + 20.6 ** 2) * np.sqrt((f2 + 107.7 ** 2) * (f2 + 737.9 ** 2)) * (f2 + 12194.0 ** 2)
    return 20 * np.log10(num / den) + 2.0


# --- ratings ---------------------------------------------------------------------------------------------------------


def elo_nll(ra, rb):
    """-log P(a beats b) under Elo's logistic model, by np.power(10, .)."""
    return -np.log(1.0 / (1.0 + np.power(10.0, (rb - ra) / 400.0)))


def elo_nll_logaddexp(ra, rb):
    """The same by np.logaddexp(0, .)."""
    return np.logaddexp(0.0, np.log(10.0) * (rb - ra) / 400.0)


# --- hyperelasticity -------------------------------------------------------------------------------------------------

MU, LAM = 1.0, 2.0


def neo_hookean_energy(F):
    """Compressible neo-Hookean energy density."""
    J = np.linalg.det(F)
    return 0.5 * MU * (np.trace(F.T @ F) - 3.0) - MU * np.log(J) + 0.5 * LAM * np.log(J) ** 2


def stress_norm(F):
    """Squared norm of the first Piola-Kirchhoff stress P = mu (F - F^-T) + lambda log J F^-T."""
    finv_t = np.linalg.inv(F).T
    P = MU * (F - finv_t) + LAM * np.log(np.linalg.det(F)) * finv_t
    return np.sum(P * P)


def volumetric_energy(j):
    """kappa (J - 1 - log J), kappa 5."""
    return 5.0 * (j - 1.0 - np.log(j))


# --- signal processing -----------------------------------------------------------------------------------------------

SIGNAL = np.sin(0.3 * np.arange(64.0)) + 0.5 * np.cos(1.7 * np.arange(64.0))


def one_pole_energy(a):
    """Output energy of y[n] = a y[n-1] + (1 - a) x[n], written sample by sample."""
    y = np.zeros(len(SIGNAL))
    prev = 0.0
    for n, x in enumerate(SIGNAL):
        y[n] = a * prev + (1.0 - a) * x
        prev = y[n]
    return np.sum(y ** 2)


def magnitude_db(a, w):
    """One-pole gain (dB) at angular frequency w, the denominator expanded."""
    return 10 * np.log10((1 - a) ** 2 / (1 - 2 * a * np.cos(w) + a * a))


# --- special functions and distributions -----------------------------------------------------------------------------


def log_survival_gamma(x):
    """log P(X > x) for a Gamma(2, 1) waiting time by scipy.special.gammaincc."""
    return np.log(scipy.special.gammaincc(2.0, x))


def beta_cdf_logit(x):
    """The logit of a Beta(2, 3) CDF by betainc and scipy.special.logit."""
    return scipy.special.logit(scipy.special.betainc(2.0, 3.0, x))


def log_sigmoid_naive(z):
    """log expit(z), as older code writes it."""
    return np.log(scipy.special.expit(z))


def log_sigmoid(z):
    """The same by scipy.special.log_expit."""
    return scipy.special.log_expit(z)


def log_tail(x):
    """log Phi(x) by scipy.stats.norm.logcdf."""
    return stats.norm.logcdf(x)


def log_tail_naive(x):
    """The same as log of the CDF."""
    return np.log(stats.norm.cdf(x))


def student_t_loglik(x):
    """Log-likelihood of residuals under a Student t with 3 degrees of freedom."""
    return np.sum(stats.t.logpdf(x, df=3.0))


TIMES = np.array([0.0, 0.5, 1.0, 2.0, 4.0, 8.0])


def dose_auc(k):
    """Area under a one-compartment concentration curve exp(-k t) sampled at TIMES, by the trapezoid rule."""
    return np.trapezoid(np.exp(-k * TIMES), TIMES)


GRID = np.array([0.0, 1.0, 2.0, 4.0])
TABLE = np.array([1.0, 3.0, 2.0, 5.0])


def interpolated_cost(x):
    """A tabulated cost read by np.interp at x, squared."""
    return np.interp(x, GRID, TABLE) ** 2


KERNEL = np.array([0.25, 0.5, 0.25])


def smoothed_peak(x):
    """The peak of a signal smoothed by np.convolve with a 3-tap kernel."""
    return np.max(np.convolve(x, KERNEL, mode="same"))


def cumulative_risk(h):
    """Probability of an event by the end, 1 - exp(-cumulative hazard), hazards by np.cumsum."""
    return 1.0 - np.exp(-np.cumsum(h)[-1])


def field_energy(u):
    """Dirichlet energy of a field sampled every 0.5 by np.gradient."""
    return 0.5 * np.sum(np.gradient(u, 0.5) ** 2)
