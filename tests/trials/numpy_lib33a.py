"""A user's plain NumPy and SciPy code, thirty-third round (first part), written as legacy code is: Vasicek's bond log
price, a Merton jump-diffusion call summed term by term in a Python loop with scipy.special.gammaln and
scipy.stats.norm.cdf, a yield curve's discount factors by np.cumprod and interpolated by np.searchsorted, a coupon
bond priced by np.einsum, a minimum-variance portfolio by np.linalg.solve; the pH of a weak acid by the quadratic
formula and by Newton on a helper module's charge balance stopping on .item(); a cure model's log survival by
scipy.special.logsumexp with b= weights, and by np.logaddexp of log_expit; log(e^a - e^c) by logsumexp with signed
b=; the combined magnitude of faint stars by np.power and by np.logaddexp.reduce; a Ricker population written year by
year into an array; Theis' drawdown by scipy.special.exp1 under np.errstate; and SciPy's generalised Pareto and
Weibull log survival functions at their edges."""

import math

import numpy as np
import scipy.special
from scipy import stats

import chem_helpers33a as chem

# --- quantitative finance --------------------------------------------------------------------------------------------


def vasicek_log_price(a, t):
    """Log price of a Vasicek zero-coupon bond (r0 3 %, long-run mean 5 %, rate volatility 1 %)."""
    b = (1.0 - np.exp(-a * t)) / a
    return (0.05 - 0.01 ** 2 / (2.0 * a ** 2)) * (b - t) - 0.01 ** 2 * b ** 2 / (4.0 * a) - b * 0.03


def _bs_call(s, k, t, r, vol):
    d1 = (np.log(s / k) + (r + 0.5 * vol ** 2) * t) / (vol * np.sqrt(t))
    d2 = d1 - vol * np.sqrt(t)
    return s * stats.norm.cdf(d1) - k * np.exp(-r * t) * stats.norm.cdf(d2)


def merton_call(sigma, lam):
    """Merton's jump-diffusion call (spot 100, strike 110, half a year), the Poisson series summed to 25 terms."""
    s, k, t, r = 100.0, 110.0, 0.5, 0.02
    kappa = np.exp(-0.1 + 0.5 * 0.15 ** 2) - 1.0
    lam_t = lam * (1.0 + kappa) * t
    total = 0.0
    for n in range(25):
        weight = np.exp(-lam_t + n * np.log(lam_t) - scipy.special.gammaln(n + 1))
        r_n = r - lam * kappa + n * np.log(1.0 + kappa) / t
        vol_n = np.sqrt(sigma ** 2 + n * 0.15 ** 2 / t)
        total += weight * _bs_call(s, k, t, r_n, vol_n)
    return total


KNOTS = np.array([0.0, 0.5, 1.0, 2.0, 3.0])  # years


def log_discount(t, forwards=np.array([0.02, 0.025, 0.03, 0.035])):
    """Log discount factor at t: forward rates compounded between knots by np.cumprod, linear in between."""
    factors = np.concatenate([[1.0], np.cumprod(1.0 / (1.0 + forwards * np.diff(KNOTS)))])
    i = np.searchsorted(KNOTS, t, side="right") - 1
    i = min(max(int(i), 0), len(KNOTS) - 2)
    w = (t - KNOTS[i]) / (KNOTS[i + 1] - KNOTS[i])
    return (1.0 - w) * np.log(factors[i]) + w * np.log(factors[i + 1])


def bond_price(forwards):
    """A 3-year 4 % annual coupon bond on the forward curve: cash flows times discount factors by np.einsum."""
    times = np.array([1.0, 2.0, 3.0])
    flows = np.array([4.0, 4.0, 104.0])
    discounts = np.zeros(3)
    for j in range(3):
        discounts[j] = np.exp(log_discount(times[j], forwards))
    return np.einsum("i,i->", flows, discounts)


def min_variance(vols, rho):
    """The variance of the minimum-variance portfolio of three assets with a common correlation."""
    n = len(vols)
    corr = np.full((n, n), rho)
    np.fill_diagonal(corr, 1.0)
    cov = np.einsum("i,ij,j->ij", vols, corr, vols)
    x = np.linalg.solve(cov, np.ones(n))
    return 1.0 / np.sum(x)


# --- chemistry -------------------------------------------------------------------------------------------------------


def ph_weak_acid(conc, ka):
    """pH of a weak acid from the quadratic formula."""
    h = (-ka + np.sqrt(ka ** 2 + 4 * ka * conc)) / 2
    return -np.log10(h)


def ph_newton(conc, ka):
    """pH from the full charge balance by Newton from neutral, stopping when the step is below 1e-12."""
    p = 7.0 * np.ones_like(conc)
    for _ in range(400):
        step = chem.charge_residual(p, conc, ka) / chem.charge_slope(p, conc, ka)
        p = p - step
        if abs(step).item() < 1e-12:
            break
    return p


# --- survival analysis -----------------------------------------------------------------------------------------------


def cure_log_survival(b, k):
    """Log survival at 30 months, cured share expit(b), the rest Weibull(k, 1), by logsumexp with weights."""
    cured = scipy.special.expit(b)
    return scipy.special.logsumexp([0.0, -30.0 ** k], b=[cured, 1.0 - cured])


def cure_log_survival_stable(b, k):
    return np.logaddexp(scipy.special.log_expit(b), scipy.special.log_expit(-b) - 30.0 ** k)


def log_excess(a, c):
    """log(e^a - e^c) by logsumexp with signed weights."""
    return scipy.special.logsumexp([a, c], b=[1.0, -1.0])


def log_excess_naive(a, c):
    return np.log(np.exp(a) - np.exp(c))


# --- astronomy -------------------------------------------------------------------------------------------------------


def combined_magnitude(m):
    """Apparent magnitude of unresolved stars: their fluxes added."""
    return -2.5 * np.log10(np.sum(np.power(10.0, -0.4 * m)))


def combined_magnitude_reduce(m):
    """The same with the log fluxes added by np.logaddexp.reduce."""
    return -2.5 / math.log(10.0) * np.logaddexp.reduce(-0.4 * math.log(10.0) * m)


# --- ecology ---------------------------------------------------------------------------------------------------------


def ricker_population(r, years=40):
    """Ricker map from 0.2 of carrying capacity, the path kept year by year."""
    x = np.zeros(years + 1)
    x[0] = 0.2
    for k in range(years):
        x[k + 1] = x[k] * np.exp(r * (1.0 - x[k]))
    return x[-1]


# --- hydrogeology ----------------------------------------------------------------------------------------------------


def log_drawdown(t):
    """Log Theis drawdown at t seconds (10 m from a 10 l/s well, T 1e-3 m^2/s, S 1e-4)."""
    u = 10.0 ** 2 * 1e-4 / (4.0 * 1e-3 * t)
    with np.errstate(divide="ignore"):
        return np.log(0.01 / (4.0 * np.pi * 1e-3) * scipy.special.exp1(u))


# --- distributions ---------------------------------------------------------------------------------------------------


def pareto_log_tail(x, c):
    """SciPy's generalised Pareto log survival function (scale 2)."""
    return stats.genpareto.logsf(x, c, scale=2.0)


def weibull_log_tail(x):
    """SciPy's Weibull (shape 2.5) log survival function."""
    return stats.weibull_min.logsf(x, 2.5)
