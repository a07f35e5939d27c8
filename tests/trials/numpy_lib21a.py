"""A user's plain NumPy and SciPy code, twenty-first round: a Beta log-density written by hand with betaln, logistic
losses by scipy.special's expit and log_expit, a log of a difference of exponentials by logsumexp with signed weights,
Gamma tail probabilities by gammaincc, trigamma by polygamma, Riemann's zeta, Black-Scholes prices, log-returns,
Planck's law in log form, great-circle distances, a polynomial near its multiple root by np.polyval and by Horner,
np.linalg.norm's orders, and a moving average by np.convolve."""

import numpy as np
from scipy import special
from scipy.special import betaln, expit, gammaincc, log_expit, logsumexp, polygamma, zeta
from scipy.stats import norm

# --- statistics -------------------------------------------------------------------------------------------------------


def beta_logpdf(x, a, b):
    """log Beta(x; a, b), as a statistics textbook writes it."""
    return np.sum((a - 1) * np.log(x) + (b - 1) * np.log1p(-x) - betaln(a, b))


def beta_logpdf_naive(x, a, b):
    """The same with log(1 - x)."""
    return np.sum((a - 1) * np.log(x) + (b - 1) * np.log(1 - x) - betaln(a, b))


def logistic_nll_naive(w):
    """Logistic regression's loss on fixed data as log(expit(margin))."""
    X = np.array([[1.0, 2.0], [-1.0, 0.5]])
    y = np.array([1.0, -1.0])
    margins = y * (X @ w)
    return -np.sum(np.log(expit(margins)))


def logistic_nll(w):
    """The same with log_expit."""
    X = np.array([[1.0, 2.0], [-1.0, 0.5]])
    y = np.array([1.0, -1.0])
    return -np.sum(log_expit(y * (X @ w)))


def log_diff_exp(x):
    """log(e^x0 - e^x1) by logsumexp with the weights [1, -1]."""
    return logsumexp(x, b=np.array([1.0, -1.0]))


def log_diff_exp_stable(x):
    """The same as x0 + log(-expm1(x1 - x0))."""
    return x[0] + np.log(-np.expm1(x[1] - x[0]))


def gamma_log_tail(x):
    """log P(X > x) for X ~ Gamma(3), by gammaincc."""
    return np.sum(np.log(gammaincc(3.0, x)))


def trigamma_sum(x):
    return np.sum(polygamma(1, x))


def zeta_sum(s):
    """Riemann's zeta summed over exponents above 1."""
    return np.sum(zeta(s))


def hurwitz_sum(q):
    """Hurwitz's zeta(2, q) summed over shifts."""
    return np.sum(zeta(2.0, q))


# --- finance ----------------------------------------------------------------------------------------------------------


def _call_price(spot, strike, sigma, years=1.0, rate=0.02):
    """A European call under Black-Scholes: S N(d1) - K e^(-rT) N(d2)."""
    vol = sigma * np.sqrt(years)
    d1 = (np.log(spot / strike) + (rate + 0.5 * sigma ** 2) * years) / vol
    discount = np.exp(-rate * years)
    return spot * norm.cdf(d1) - strike * discount * norm.cdf(d1 - vol)


def black_scholes_call(sigma):
    """The call's price, spot 100, strike 110, one year, r = 2%."""
    return _call_price(100.0, 110.0, sigma)


def black_scholes_log_call(sigma):
    """The log of that price, for a deep out-of-the-money strike of 300."""
    return np.log(_call_price(100.0, 300.0, sigma))


def log_return_variance(prices):
    """The variance of log-returns, by np.diff of np.log."""
    returns = np.diff(np.log(prices))
    return np.var(returns)


def log_return_ratio_variance(prices):
    """The same by log of price ratios."""
    returns = np.log(prices[1:] / prices[:-1])
    return np.var(returns)


# --- physics ----------------------------------------------------------------------------------------------------------

H, C, KB = 6.62607015e-34, 299792458.0, 1.380649e-23


def planck_log_radiance_naive(temperature):
    """log of Planck's spectral radiance at 100 nm: log(2hc^2 / l^5) - log(exp(hc / (l k T)) - 1)."""
    lam = 1e-7
    x = H * C / (lam * KB * temperature)
    return np.sum(np.log(2 * H * C ** 2 / lam ** 5) - np.log(np.exp(x) - 1))


def planck_log_radiance(temperature):
    """The same with log(e^x - 1) = x + log(-expm1(-x))."""
    lam = 1e-7
    x = H * C / (lam * KB * temperature)
    return np.sum(np.log(2 * H * C ** 2 / lam ** 5) - (x + np.log(-np.expm1(-x))))


# --- geometry ---------------------------------------------------------------------------------------------------------


def haversine_distance(lat2, lon2):
    """The great-circle distance (unit sphere) from (0.3, 0.2) by the haversine formula."""
    lat1, lon1 = 0.3, 0.2
    h = np.sin((lat2 - lat1) / 2) ** 2 + np.cos(lat1) * np.cos(lat2) * np.sin((lon2 - lon1) / 2) ** 2
    return 2 * np.arcsin(np.sqrt(h))


def haversine_atan2(lat2, lon2):
    """The same with 2 atan2(sqrt(h), sqrt(1 - h))."""
    lat1, lon1 = 0.3, 0.2
    h = np.sin((lat2 - lat1) / 2) ** 2 + np.cos(lat1) * np.cos(lat2) * np.sin((lon2 - lon1) / 2) ** 2
    return 2 * np.arctan2(np.sqrt(h), np.sqrt(1 - h))


# --- polynomials ------------------------------------------------------------------------------------------------------

COEFFS = [1.0, -5.0, 10.0, -10.0, 5.0, -1.0]  # (x - 1)^5 expanded


def poly_expanded(x):
    return np.sum(np.polyval(COEFFS, x))


def poly_horner(x):
    total = np.zeros_like(x)
    for c in COEFFS:
        total = total * x + c
    return np.sum(total)


def poly_factored(x):
    return np.sum((x - 1) ** 5)


# --- norms and filters ------------------------------------------------------------------------------------------------


def max_norm(x):
    return np.linalg.norm(x, ord=np.inf)


def l1_norm(x):
    return np.linalg.norm(x, ord=1)


def spectral_norm(a):
    return np.linalg.norm(a, ord=2)


def nuclear_norm(a):
    return np.linalg.norm(a, ord="nuc")


def frobenius_norm(a):
    return np.linalg.norm(a, ord="fro")


def half_norm(x):
    """The l^0.5 quasi-norm."""
    return np.linalg.norm(x, ord=0.5)


def smoothed_energy(x):
    """Energy of a three-tap moving average, mode 'valid'."""
    smooth = np.convolve(x, np.ones(3) / 3, mode="valid")
    return np.sum(smooth ** 2)


def full_convolution_peak(x):
    """The largest sample of x convolved with a fixed kernel."""
    return np.max(np.convolve(x, np.array([1.0, -2.0, 1.0])))


# --- more densities and occupations -----------------------------------------------------------------------------------


def gaussian_logpdf_naive(x, sigma):
    """log N(x; 0, sigma^2) as -x^2 / (2 sigma^2) - log(sigma) - log(2 pi) / 2."""
    return np.sum(-x ** 2 / (2 * sigma ** 2) - np.log(sigma) - 0.5 * np.log(2 * np.pi))


def gaussian_logpdf(x, sigma):
    """The same through the standardised residual z = x / sigma."""
    z = x / sigma
    return np.sum(-0.5 * z ** 2 - np.log(sigma) - 0.5 * np.log(2 * np.pi))


def bose_einstein_naive(x):
    """Mean occupation 1 / (e^x - 1), summed."""
    return np.sum(1.0 / (np.exp(x) - 1.0))


def bose_einstein(x):
    return np.sum(1.0 / np.expm1(x))


def min_abs(x):
    return np.linalg.norm(x, ord=-np.inf)


def eigen_energy(a):
    """Sum of squared eigenvalues of the symmetric part, by eigvalsh."""
    s = (a + a.T) / 2
    return np.sum(np.linalg.eigvalsh(s) ** 2)
