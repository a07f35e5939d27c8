"""A user's plain NumPy and SciPy code, twenty-ninth round (first part): Lotka-Volterra by a Python Euler loop and by
scipy.integrate.odeint, smooth minima by exponentials and by np.logaddexp, a capsule's signed distance by np.clip and
np.linalg.norm, Butler-Volmer's log current near equilibrium (naive, and by sinh's stable log), a bond's yield to
maturity by Newton's method in a while loop with a tolerance and by scipy.optimize.brentq, realized volatility of a
flat price path, a cubic B-spline by an if on the segment, a projectile with drag in a for loop, Freundlich's isotherm
by np.where, soft thresholding, refraction by np.arcsin past the critical angle, and a Cauchy robust loss by
np.log1p."""

import math

import numpy as np
from scipy.integrate import odeint
from scipy.optimize import brentq
from scipy.stats import linregress
from scipy.special import log_softmax, logsumexp

# --- ecology ----------------------------------------------------------------------------------------------------------


def lv_prey(alpha, beta):
    """The prey population after 10 time units of forward Euler (dt = 0.05), predators' rates 0.4 and 0.1."""
    state = np.array([10.0, 5.0])
    for _ in range(200):
        x, y = state[0], state[1]
        deriv = np.array([alpha * x - beta * x * y, 0.1 * x * y - 0.4 * y])
        state = state + 0.05 * deriv
    return state[0]


def lv_prey_odeint(alpha):
    """The prey population at t = 10 by SciPy's ODE solver."""
    def rhs(s, t):
        return [alpha * s[0] - 0.4 * s[0] * s[1], 0.1 * s[0] * s[1] - 0.4 * s[1]]
    solution = odeint(rhs, [10.0, 5.0], np.linspace(0.0, 10.0, 11))
    return solution[-1, 0]


# --- graphics ---------------------------------------------------------------------------------------------------------


def smin_exp(a, b, k=0.01):
    """The exponential smooth minimum."""
    return -k * np.log(np.exp(-a / k) + np.exp(-b / k))


def smin_logaddexp(a, b, k=0.01):
    """The same by np.logaddexp."""
    return -k * np.logaddexp(-a / k, -b / k)


def capsule_sdf(p):
    """The signed distance from p to a capsule of radius 0.5 around (0,0,0)-(0,0,1)."""
    a, b = np.zeros(3), np.array([0.0, 0.0, 1.0])
    pa, ba = p - a, b - a
    h = np.clip(np.dot(pa, ba) / np.dot(ba, ba), 0.0, 1.0)
    return np.linalg.norm(pa - ba * h) - 0.5


# --- electrochemistry -------------------------------------------------------------------------------------------------

F_RT = 38.92


def bv_log_current(eta):
    """log of the Butler-Volmer current, alpha = 1/2, i0 = 1 mA."""
    return np.log(1e-3 * (np.exp(0.5 * F_RT * eta) - np.exp(-0.5 * F_RT * eta)))


def bv_log_current_sinh(eta):
    """The same as log(2 i0 sinh(f eta / 2))."""
    return np.log(2e-3 * np.sinh(0.5 * F_RT * eta))


# --- fixed income -----------------------------------------------------------------------------------------------------


def _price(y):
    t = np.arange(1, 11)
    return np.sum(5.0 * np.exp(-y * t)) + 100.0 * np.exp(-10 * y)


def _price_slope(y):
    t = np.arange(1, 11)
    return -np.sum(5.0 * t * np.exp(-y * t)) - 1000.0 * np.exp(-10 * y)


def ytm(price):
    """The yield to maturity by Newton's method until the step is below 1e-14."""
    y = 0.05
    step = 1.0
    while abs(step) > 1e-14:
        step = (_price(y) - price) / _price_slope(y)
        y = y - step
    return y


def ytm_brentq(price):
    """The yield to maturity by SciPy's bracketing root finder."""
    return brentq(lambda y: _price(y) - price, -0.5, 0.5, xtol=1e-15)


def realized_vol(prices):
    """Annualized realized volatility of daily log returns."""
    r = np.diff(np.log(prices))
    return np.sqrt(252.0 * np.mean(r ** 2))


# --- splines, ballistics, adsorption, optics, robust losses ----------------------------------------------------------

CONTROL = [0.0, 1.0, 3.0, 2.0, 4.0, 1.0]


def bspline(x):
    """A uniform cubic B-spline on [0, 3] through CONTROL, the segment picked by an if."""
    i = int(np.floor(x))
    if i > 2:
        i = 2
    t = x - i
    c0, c1, c2, c3 = CONTROL[i:i + 4]
    return ((1 - t) ** 3 * c0 + (3 * t ** 3 - 6 * t ** 2 + 4) * c1
            + (-3 * t ** 3 + 3 * t ** 2 + 3 * t + 1) * c2 + t ** 3 * c3) / 6


def range_with_drag(angle):
    """The horizontal distance after 2 s at 30 m/s with quadratic drag (k = 0.02), forward Euler at dt = 0.01."""
    x, y = 0.0, 0.0
    vx, vy = 30.0 * np.cos(angle), 30.0 * np.sin(angle)
    for _ in range(200):
        speed = np.hypot(vx, vy)
        x, y, vx, vy = x + 0.01 * vx, y + 0.01 * vy, vx - 0.01 * 0.02 * speed * vx, vy - 0.01 * (9.81 + 0.02 * speed * vy)
    return x


def freundlich(c):
    """Freundlich's isotherm 2 c^(1/2.5), nothing adsorbed at negative (blank-corrected) concentrations."""
    return np.sum(np.where(c > 0, 2.0 * np.power(c, 1 / 2.5), 0.0))


def soft_threshold(x, lam=0.5):
    """The sum of the lasso's proximal step."""
    return np.sum(np.sign(x) * np.maximum(np.abs(x) - lam, 0.0))


def refraction_angle(theta):
    """The refracted angle from glass (n = 1.5) into air."""
    return np.arcsin(1.5 * np.sin(theta))


def cauchy_loss(r, c=2.385):
    """The Cauchy (Lorentzian) robust loss, c^2 / 2 log(1 + (r / c)^2), summed."""
    return np.sum(c ** 2 / 2 * np.log1p((r / c) ** 2))


def curve_price(rates):
    """A 10-year 5% bond priced off a zero curve interpolated by np.interp between knots at 1, 2, 5 and 10 years."""
    t = np.array([1.0, 2.0, 3.0, 5.0, 7.0, 10.0])
    r = np.interp(t, [1.0, 2.0, 5.0, 10.0], rates)
    cash = np.where(t == 10.0, 105.0, 5.0)
    return np.sum(cash * np.exp(-r * t))


def max_drawdown(prices):
    """The largest fall from a running peak."""
    peak = np.maximum.accumulate(prices)
    return np.max(1.0 - prices / peak)


def log_wealth(returns):
    """The log of the wealth after compounding simple returns, by np.prod."""
    return np.log(np.prod(1.0 + returns))


def log_wealth_log1p(returns):
    """The same by np.log1p."""
    return np.sum(np.log1p(returns))


def biweight_piecewise(r, c=4.685):
    """Tukey's biweight loss by np.piecewise."""
    return np.sum(np.piecewise(r, [np.abs(r) <= c, np.abs(r) > c],
                               [lambda s: c ** 2 / 6 * (1 - (1 - (s / c) ** 2) ** 3), c ** 2 / 6]))


def biweight_select(r, c=4.685):
    """The same by np.select."""
    inside = c ** 2 / 6 * (1 - (1 - (r / c) ** 2) ** 3)
    return np.sum(np.select([np.abs(r) <= c], [inside], default=c ** 2 / 6))


def smin_weighted(a, k=0.01):
    """A weighted smooth minimum by scipy.special.logsumexp with b= and return_sign=True."""
    value, sign = logsumexp(-a / k, b=np.array([1.0, -0.5, 2.0, -0.25]), return_sign=True)
    return -k * value * sign


def float32_features(w):
    """A loss whose features are computed in float32 to save memory, the sum taken back in float64."""
    x = np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5]])
    h = (x @ w).astype(np.float32)
    return np.sum(np.log1p(np.exp(h)).astype(np.float64))


def value_at_risk(returns):
    """The 95% historical value at risk of a 21-day sample of returns, by np.percentile."""
    return -np.percentile(returns, 5)


def expected_shortfall(returns):
    """The 90% expected shortfall: the mean of the returns at or below the 10th percentile, negated."""
    cut = np.percentile(returns, 10)
    return -np.mean(returns[returns <= cut])


def return_correlation(x):
    """The correlation of a return series with a fixed benchmark's."""
    benchmark = np.array([0.01, -0.02, 0.015, 0.003, -0.007])
    return np.corrcoef(x, benchmark)[0, 1]


def moving_average_penalty(prices):
    """The squared gap between prices and their 3-day moving average (np.convolve, mode 'valid')."""
    ma = np.convolve(prices, np.ones(3) / 3, mode="valid")
    return np.sum((prices[2:] - ma) ** 2)


def log_softmax_first(z):
    """The log-probability of the first class by scipy.special.log_softmax."""
    return log_softmax(z)[0]


def curvature_penalty(y):
    """The sum of squared second differences of a sampled curve by np.gradient twice."""
    return np.sum(np.gradient(np.gradient(y, 0.5), 0.5) ** 2)


def capsule_sdf_scalar(x, y, z):
    """The capsule's signed distance with scalars and math.hypot, as a port of a shader would write it."""
    h = min(max(z, 0.0), 1.0)
    return math.hypot(x, y, z - h) - 0.5


def gamma_shape_loglik(k):
    """The log-likelihood of a gamma(k, 1) sample by math.gamma, a non-finite total guarded by math.isfinite."""
    total = 0.0
    for x in (0.8, 1.9, 3.1):
        total += (k - 1) * math.log(x) - x - math.log(math.gamma(k))
    return total if math.isfinite(total) else -1e300


T_KELVIN = np.array([300.0, 320.0, 340.0, 360.0, 380.0])


def activation_energy(log_k):
    """The Arrhenius activation energy (J/mol) from the slope of log k against 1/T, by scipy.stats.linregress."""
    fit = linregress(1.0 / T_KELVIN, log_k)
    return -fit.slope * 8.314


def arrhenius_fit_stderr(log_k):
    """The activation energy's standard error from the same fit."""
    slope, intercept, r, p, stderr = linregress(1.0 / T_KELVIN, log_k)
    return stderr * 8.314


def realized_vol_logged(prices):
    """Realized volatility, printed as a percentage as it is computed."""
    vol = np.sqrt(252.0 * np.mean(np.diff(np.log(prices)) ** 2))
    print(f"realized volatility {float(vol):.2%}")
    return vol


def capped_variance(returns):
    """The annualized variance of daily returns, its square root taken past 1 (a risk report's cap, read by float())."""
    var = 252.0 * np.mean(returns ** 2)
    if float(var) > 1.0:
        return np.sqrt(var)
    return var
