"""A user's plain NumPy and SciPy code, twenty-second round (second half): log-mean-exp, scipy.special.log_softmax, a
softplus by np.logaddexp, the angle of a point by np.arctan2 (at the origin and on the branch cut), a windowed-sinc
low-pass filter, Owen's T, the principal branch of Lambert's W, the Voigt profile, E1, a CES utility near rho = 0,
a log-logistic survival likelihood, a trimmed mean by np.sort, total variation by np.diff, np.kron and np.linalg's
matrix_power, a sample standard deviation (ddof 1), np.cbrt and scipy.special.wright_bessel."""

import numpy as np
from scipy import special
from scipy.special import log_softmax, logsumexp

# --- statistics -------------------------------------------------------------------------------------------------------


def log_mean_exp_naive(x):
    return np.log(np.mean(np.exp(x)))


def log_mean_exp(x):
    return logsumexp(x) - np.log(x.size)


def log_softmax_pick(x):
    """The log-probability of class 1 under a softmax of the logits x."""
    return log_softmax(x)[1]


def softplus_sum(x):
    """softplus by np.logaddexp(0, x)."""
    return np.sum(np.logaddexp(0, x))


def trimmed_mean(x):
    """The mean after dropping the smallest and the largest value."""
    s = np.sort(x)
    return np.mean(s[1:-1])


def total_variation(x):
    return np.sum(np.abs(np.diff(x)))


def sample_std(x):
    return np.std(x, ddof=1)


# --- geometry and signals ---------------------------------------------------------------------------------------------


def bearing(p):
    """The angle of the point p = (x, y) from the x axis, by np.arctan2."""
    return np.arctan2(p[1], p[0])


def lowpass_response(cutoff):
    """A 9-tap windowed-sinc low-pass filter (Hamming window) at a cutoff in cycles per sample, applied to a fixed
    signal."""
    taps = 9
    n = np.arange(taps) - (taps - 1) / 2
    h = 2 * cutoff * np.sinc(2 * cutoff * n) * np.hamming(taps)
    signal = np.array([0.5, -1.0, 2.0, 0.25, 1.0, -0.5, 0.75, 1.5, -2.0])
    return np.dot(h, signal)


def kron_energy(x):
    """|kron(x, B) y|^2 with fixed B and y."""
    b = np.array([[1.0, 2.0], [0.5, -1.0]])
    y = np.array([1.0, -1.0, 0.5, 2.0])
    return np.sum((np.kron(x.reshape(2, 1), b) @ y[:2]) ** 2)


def power_energy(a):
    """The sum of the entries of A^4 by np.linalg.matrix_power."""
    return np.sum(np.linalg.matrix_power(a, 4))


# --- special functions ------------------------------------------------------------------------------------------------


def owens_t_sum(h):
    """Owen's T(h, 0.5), summed."""
    return np.sum(special.owens_t(h, 0.5))


def lambert_w(x):
    """The principal branch of Lambert's W, real part (SciPy returns a complex)."""
    return np.sum(special.lambertw(x).real)


def voigt_sum(x):
    """The Voigt profile (sigma 1, gamma 0.5), summed."""
    return np.sum(special.voigt_profile(x, 1.0, 0.5))


def exp1_sum(x):
    return np.sum(special.exp1(x))


def cbrt_sum(x):
    return np.sum(np.cbrt(x))


def wright_sum(x):
    """Wright's generalised Bessel function Phi(0.5, 1; x), summed."""
    return np.sum(special.wright_bessel(0.5, 1.0, x))


# --- economics and survival -------------------------------------------------------------------------------------------


def ces_utility(rho):
    """The CES utility (sum a_i x_i^rho)^(1/rho) of a fixed bundle, as a function of rho."""
    a = np.array([0.2, 0.3, 0.5])
    x = np.array([2.0, 0.5, 3.0])
    return np.sum(a * x ** rho) ** (1 / rho)


def loglogistic_nll(params):
    """The negative log-likelihood of log-logistic survival times, params = (log alpha, log beta); the last two
    are censored."""
    times = np.array([0.5, 1.2, 3.0, 2.0, 4.5])
    event = np.array([1.0, 1.0, 1.0, 0.0, 0.0])
    alpha, beta = np.exp(params[0]), np.exp(params[1])
    z = (times / alpha) ** beta
    log_hazard = np.log(beta / alpha) + (beta - 1) * np.log(times / alpha) - np.log1p(z)
    log_survival = -np.log1p(z)
    return -np.sum(event * log_hazard + log_survival)


def logistic_log_terms(x):
    """scipy.special's log_expit for the logistic's log-cdf and log-sf, and its log-pdf written from them."""
    log_cdf = special.log_expit(x)
    log_sf = special.log_expit(-x)
    return np.sum(log_cdf + log_sf + log_cdf + log_sf + log_cdf + log_sf - log_cdf - log_sf)


def inverse_square_trace(a):
    """tr(A^-2) by np.linalg.matrix_power with a negative exponent."""
    return np.trace(np.linalg.matrix_power(a, -2))
