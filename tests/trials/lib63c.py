"""A user's code on gradcli.numpy and gradcli.scipy, round 63c: finance, economics and removable singularities as
quantitative code writes them (Black-Scholes prices and greeks by ndtr / erfc / log_ndtr, discount factors,
compound interest, annuity factors with np.where, CRRA utility, Box-Cox, CES and Cobb-Douglas production, softmax
portfolio weights, log-sum-exp, the Kelly growth rate, exprel-like (exp(x) - 1) / x, x log x, logit / expit, log
returns, volatility and the Sharpe ratio, a fixed-count Newton IRR), checked at ordinary points, at and beside the
removable singularity, at 1e-300 / 1e300 and subnormals, float64 and float32."""

import gradcli.numpy as np
from gradcli.scipy.special import boxcox, entr, erfc, expit, exprel, log_ndtr, logit, logsumexp, ndtr, softmax, xlogy

W3 = np.array([1.0, -2.0, 0.5])
W4 = np.array([1.0, -1.0, 2.0, 0.5])


# --- Black-Scholes (strike 1, rate 0) ---------------------------------------------------------------------------------

def _d1d2(s, sigma, t):
    vt = sigma * np.sqrt(t)
    d1 = (np.log(s) + 0.5 * sigma ** 2 * t) / vt
    return d1, d1 - vt


def bs_call(s, sigma, t):
    """The Black-Scholes call price, strike 1, rate 0, by ndtr."""
    d1, d2 = _d1d2(s, sigma, t)
    return s * ndtr(d1) - ndtr(d2)


def bs_call_erfc(s, sigma, t):
    """The same call price by erfc: N(d) = erfc(-d / sqrt 2) / 2."""
    d1, d2 = _d1d2(s, sigma, t)
    return 0.5 * s * erfc(-d1 / np.sqrt(2.0)) - 0.5 * erfc(-d2 / np.sqrt(2.0))


def bs_delta(s, sigma, t):
    """The call's delta N(d1) (its gradient in s is the gamma)."""
    d1, _ = _d1d2(s, sigma, t)
    return ndtr(d1)


def bs_put_naive(s, sigma, t):
    """The put price written with 1 - N(d): K (1 - N(d2)) - S (1 - N(d1))."""
    d1, d2 = _d1d2(s, sigma, t)
    return (1 - ndtr(d2)) - s * (1 - ndtr(d1))


def bs_put(s, sigma, t):
    """The put price with N(-d): K N(-d2) - S N(-d1)."""
    d1, d2 = _d1d2(s, sigma, t)
    return ndtr(-d2) - s * ndtr(-d1)


def log_exercise_naive(s, sigma, t):
    """The log risk-neutral probability that the call is exercised, log N(d2), written as log(ndtr)."""
    _, d2 = _d1d2(s, sigma, t)
    return np.log(ndtr(d2))


def log_exercise(s, sigma, t):
    """The same by log_ndtr."""
    _, d2 = _d1d2(s, sigma, t)
    return log_ndtr(d2)


# --- discounting and compounding --------------------------------------------------------------------------------------

def forward(s, r, t):
    """A forward price s e^(r t)."""
    return s * np.exp(r * t)


def discount_rate_naive(r, t):
    """The fraction lost to discounting, 1 - e^(-r t)."""
    return 1 - np.exp(-r * t)


def discount_rate(r, t):
    """The same by -expm1(-r t)."""
    return -np.expm1(-r * t)


def compound_pow(r, n):
    """Compound growth (1 + r)^n."""
    return (1 + r) ** n


def compound_log1p(r, n):
    """The same as exp(n log1p(r))."""
    return np.exp(n * np.log1p(r))


def annuity_naive(r, n):
    """The annuity factor (1 - (1 + r)^-n) / r."""
    return (1 - (1 + r) ** -n) / r


def annuity_where(r, n):
    """The annuity factor with its r = 0 limit n by one np.where."""
    return np.where(r == 0, n, (1 - (1 + r) ** -n) / r)


def annuity_double_where(r, n):
    """The annuity factor by the double-where pattern: a safe r in the formula, the limit n at r = 0."""
    safe = np.where(r == 0, 1.0, r)
    return np.where(r == 0, n, (1 - (1 + safe) ** -n) / safe)


def annuity_stable(r, n):
    """The annuity factor by -expm1(-n log1p(r)) / r."""
    return -np.expm1(-n * np.log1p(r)) / r


def payment_naive(r, n):
    """A loan's payment per unit principal, r / (1 - (1 + r)^-n)."""
    return r / (1 - (1 + r) ** -n)


# --- utility and production -------------------------------------------------------------------------------------------

def crra_naive(c, g):
    """CRRA utility (c^(1 - g) - 1) / (1 - g)."""
    return (c ** (1 - g) - 1) / (1 - g)


def crra_where(c, g):
    """CRRA utility with the log limit at g = 1 by one np.where."""
    return np.where(g == 1, np.log(c), (c ** (1 - g) - 1) / (1 - g))


def crra_double_where(c, g):
    """CRRA utility by the double-where pattern."""
    a = np.where(g == 1, 1.0, 1 - g)
    return np.where(g == 1, np.log(c), (c ** a - 1) / a)


def crra_expm1(c, g):
    """CRRA utility as expm1((1 - g) log c) / (1 - g)."""
    return np.expm1((1 - g) * np.log(c)) / (1 - g)


def boxcox_lib(x, lmbda):
    """scipy.special.boxcox(x, lmbda)."""
    return boxcox(x, lmbda)


def boxcox_where(x, lmbda):
    """Box-Cox by hand, the log at lmbda = 0 by np.where."""
    return np.where(lmbda == 0, np.log(x), (x ** lmbda - 1) / lmbda)


def ces(x, y, rho):
    """A CES production function (0.3 x^rho + 0.7 y^rho)^(1 / rho)."""
    return (0.3 * x ** rho + 0.7 * y ** rho) ** (1 / rho)


def cobb_douglas(x, y):
    """Cobb-Douglas x^0.3 y^0.7."""
    return x ** 0.3 * y ** 0.7


def cobb_douglas_log(x, y):
    """Cobb-Douglas as exp(0.3 log x + 0.7 log y)."""
    return np.exp(0.3 * np.log(x) + 0.7 * np.log(y))


def log_utility(c):
    """Log utility."""
    return np.log(c)


# --- portfolios -------------------------------------------------------------------------------------------------------

def softmax_weights_naive(x):
    """Softmax portfolio weights exp(x) / sum exp(x), weighted by W3."""
    e = np.exp(x)
    return np.sum(W3 * e / np.sum(e))


def softmax_weights(x):
    """The same by scipy.special.softmax."""
    return np.sum(W3 * softmax(x))


def lse_naive(x):
    """log sum exp of returns, by hand."""
    return np.log(np.sum(np.exp(x)))


def lse_lib(x):
    """log sum exp by scipy.special.logsumexp."""
    return logsumexp(x)


def kelly_growth(f):
    """The Kelly growth rate of a bet at even odds won with probability 0.6: 0.6 log(1 + f) + 0.4 log(1 - f)."""
    return 0.6 * np.log(1 + f) + 0.4 * np.log(1 - f)


def kelly_growth_log1p(f):
    """The same by log1p."""
    return 0.6 * np.log1p(f) + 0.4 * np.log1p(-f)


# --- removable singularities ------------------------------------------------------------------------------------------

def exprel_naive(x):
    """(exp(x) - 1) / x."""
    return (np.exp(x) - 1) / x


def exprel_expm1(x):
    """expm1(x) / x."""
    return np.expm1(x) / x


def exprel_where(x):
    """expm1(x) / x with its limit 1 at 0 by one np.where."""
    return np.where(x == 0, 1.0, np.expm1(x) / x)


def exprel_lib(x):
    """scipy.special.exprel(x)."""
    return exprel(x)


def xlogx_naive(x):
    """x log x."""
    return x * np.log(x)


def xlogx_where(x):
    """x log x with 0 at 0 by np.where."""
    return np.where(x == 0, 0.0, x * np.log(x))


def xlogx_lib(x):
    """xlogy(x, x)."""
    return xlogy(x, x)


def entr_lib(x):
    """scipy.special.entr(x) = -x log x."""
    return entr(x)


def logit_naive(p):
    """log(p / (1 - p))."""
    return np.log(p / (1 - p))


def logit_lib(p):
    """scipy.special.logit(p)."""
    return logit(p)


def expit_logit(p):
    """expit(logit(p)), which is p."""
    return expit(logit(p))


def log_expit_naive(x):
    """log(expit(x))."""
    return np.log(expit(x))


# --- returns, volatility, Sharpe, IRR ---------------------------------------------------------------------------------

def log_returns(p):
    """W4-weighted log returns of five prices, np.diff(np.log(p))."""
    return np.sum(W4 * np.diff(np.log(p)))


def volatility(p):
    """The standard deviation of log returns, np.std(np.diff(np.log(p)))."""
    return np.std(np.diff(np.log(p)))


def variance(p):
    """The variance of log returns, np.var(np.diff(np.log(p)))."""
    return np.var(np.diff(np.log(p)))


def sharpe(p):
    """The Sharpe ratio of log returns, mean / std."""
    r = np.diff(np.log(p))
    return np.mean(r) / np.std(r)


def irr(c):
    """The internal rate of return of cash flows c[0..3] by 20 Newton steps from 0.1."""
    r = 0.1
    k = np.arange(4)
    for _ in range(20):
        v = (1 + r) ** -k
        npv = np.sum(c * v)
        slope = np.sum(-k * c * v / (1 + r))
        r = r - npv / slope
    return r


# --- round two: the Kelly optimum beside another slope, an exact optimum, the double where at exprel's 0 ----------

def kelly_plus(f, y):
    """The Kelly growth rate plus a second input y (its slope 1)."""
    return 0.6 * np.log(1 + f) + 0.4 * np.log(1 - f) + y


def kelly_exact(f):
    """A Kelly growth rate whose constants float64 holds exactly: 0.75 log(1 + f) + 0.25 log(1 - f)."""
    return 0.75 * np.log(1 + f) + 0.25 * np.log(1 - f)


def exprel_double_where(x):
    """expm1(x) / x by the double-where pattern: a safe x in the formula, the limit 1 at 0."""
    safe = np.where(x == 0, 1.0, x)
    return np.where(x == 0, 1.0, np.expm1(safe) / safe)


def sinc_where(x):
    """sin(x) / x with its limit 1 at 0 by one np.where (README's own example)."""
    return np.where(x != 0, np.sin(x) / x, 1.0)


def kelly_vec(z):
    """The Kelly growth rate at z[0] plus z[1], one array."""
    return 0.6 * np.log(1 + z[0]) + 0.4 * np.log(1 - z[0]) + z[1]


def compound_m(r, m):
    """Compounding m times a year for a year, (1 + r / m)^m, near its continuous limit e^r."""
    return (1 + r / m) ** m


def kelly_vec_swapped(z):
    """kelly_vec with its entries swapped: z[0] plus the Kelly growth rate at z[1]."""
    return 0.6 * np.log(1 + z[1]) + 0.4 * np.log(1 - z[1]) + z[0]
