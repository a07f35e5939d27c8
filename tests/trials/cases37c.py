"""The thirty-seventh trial set (third part): issue 27's classes on Python functions written against gradcli.numpy and
gradcli.scipy, on plain NumPy and on formulas, in domains not tried before: option pricing (a Black-Scholes call's
delta at spots of 1e-300 and 1e300, 10^(-2.6e6) by its digits; the same call by put-call parity, whose slope 1 -
N(-d1) cancels to 0 where it is 1e-114; a digital's log-price by log(ndtr) underflowing at d2 = -138 and by log_ndtr;
the call in its volatility far out of the money, vegas of 1e-1801 and 10^(-4.5e6) by their digits; a book of calls and
of digitals over a parameter tree), classification losses (the focal loss at a logit of 40, where 1 - sigmoid rounds
to 0 and a slope of -2.3e-52 is lost, and at -800; its gamma = 1/2 form whose square root of 0 makes NaN; by expit and
log_expit; InfoNCE at a temperature of 1e-3, where exp(900) overflows, and by log_softmax with slopes of 1e-475 by
their digits; in the temperature at 1e-300, a slope beyond float64), population ecology (Holling's type III response
at 1e200, where n^2 overflows, and its reciprocal form at 1e-200, where n^2 underflows and 0 * inf is NaN; the Ricker
map at 1e6, e^-2497.5 by its digits, and its log; Beverton-Holt at 1.7e308), negative-binomial counts (the log-pmf in a
size of 1e15, where gammaln(3 + r) - gammaln(r) cancels its digammas by less than log p's rounding and alone loses them all, beside betaln; the cdf in p at 1e-300 and
5e-324), the sine and cosine integrals at 1e-300, 1e300 and 5e-324, the exponential integral at 710 (SciPy's Ei
overflows where Ei is 3.1e305) and -800, a Voigt line's slope in its Gaussian width at 1e-300, and kinks of hinge
losses and payoffs at and a hair from their switches, a relu by where, |x|^2 and |x| x at 0 (smooth), a max at a tie,
a logsumexp whose zero weight sits on 1e308, the Lambert W a step from its branch point; float32, formulas of the same classes and input errors.

Truths are the mathematics written here in mpmath at 2,000 digits (closed forms; the Voigt width's slope by the heat
equation V_s = s V_xx, the Cauchy density's curvature times s at s = 1e-300, and by mpmath.diff of the Faddeeva form
elsewhere), never the user file's code; points are the numbers the dtype holds, constants the float64 numbers the
program writes (Python's arithmetic on them done in float64). A slope whose true value is beyond float64's range has
the verdict `domain`.
"""

import math

import mpmath

from cases import Case
from cases5 import _in, hp
from cases21c import _at, _each
from cases26c import _closed
from cases35c import _f, _softmax

G, N, F = "gn_lib37c.py", "numpy_lib37c.py", "formula"
NAN = mpmath.nan


# --- the mathematics, written here ---------------------------------------------------------------------------------

STRIKE, VOL, RATE = mpmath.mpf(100), _f(0.2), _f(0.05)
DRIFT = _f((0.05 + 0.2 ** 2 / 2) * 1.0)  # the program's Python arithmetic, in float64
STRIKE_PV = _f(100.0 * math.exp(-0.05))


def _d1(spot, drift=None):
    return (mpmath.log(spot / STRIKE) + (DRIFT if drift is None else drift)) / VOL


def _delta(spot, dtype="float64"):
    """d/dS (S N(d1) - K' N(d2)), d2 = d1 - v: N(d1) + (phi(d1) - K' phi(d2) / S) / v, K', v and the drift the
    program's numbers in the dtype (its e^-rT and the drift's v^2/2 rounded apart, so S phi(d1) and K' phi(d2) differ
    by their roundings)."""
    k, v, drift = _in(dtype, [float(STRIKE_PV), float(VOL), float(DRIFT)])
    d1 = (mpmath.log(spot / STRIKE) + drift) / v
    d2 = d1 - v
    return mpmath.ncdf(d1) + (mpmath.npdf(d1) - k * mpmath.npdf(d2) / spot) / v


def _delta_np(spot):
    """numpy_lib37c: its drift 0.07 and e^-0.05 as NumPy holds them."""
    d1 = (mpmath.log(spot / STRIKE) + _f(0.07)) / VOL
    d2 = d1 - VOL
    k = _f(100.0 * float(_np_exp(-0.05)))
    return mpmath.ncdf(d1) + (mpmath.npdf(d1) - k * mpmath.npdf(d2) / spot) / VOL


def _np_exp(x):
    import numpy as np
    return np.exp(x)


def _digital_log_slope(spot, drift=None):
    """log N(d2): phi(d2) / (N(d2) S v)."""
    d2 = _d1(spot, drift) - VOL
    return mpmath.npdf(d2) / (mpmath.ncdf(d2) * spot * VOL)


LOG_OTM = mpmath.log(_f(1.0 / 100.0))


def _vega_otm(v):
    """C(v) = N(d1) - K' N(d2), d1 = (L + r + v^2/2) / v, d2 = d1 - v: phi(d1) d1' - K' phi(d2) (d1' - 1),
    d1' = 1/2 - (L + r) / v^2."""
    d1 = (LOG_OTM + RATE + v * v / 2) / v
    d2 = d1 - v
    slope = mpmath.mpf(1) / 2 - (LOG_OTM + RATE) / (v * v)
    return mpmath.npdf(d1) * slope - STRIKE_PV * mpmath.npdf(d2) * (slope - 1)


def _portfolio_slopes(vol, rate, spots):
    """sum S N(d1) - K e^-r N(d2), e^-r exact here: vega sum S phi(d1), rho sum K e^-r N(d2)."""
    v, r = vol[0], rate[0]
    d1s = [(mpmath.log(s / STRIKE) + r + v * v / 2) / v for s in spots]
    return {"params.vol": [sum(s * mpmath.npdf(d) for s, d in zip(spots, d1s))],
            "params.rate": [sum(STRIKE * mpmath.exp(-r) * mpmath.ncdf(d - v) for d in d1s)]}


def _digital_book_slopes(vol, rate, spots):
    """sum -r + log N(d2), d2 = (L + r - v^2/2) / v: d/dv = m (-(L + r) / v^2 - 1/2), d/dr = sum(-1 + m / v),
    m = phi(d2) / N(d2)."""
    v, r = vol[0], rate[0]
    dv = dr = mpmath.mpf(0)
    for s in spots:
        lm = mpmath.log(s / STRIKE)
        d2 = (lm + r - v * v / 2) / v
        m = mpmath.npdf(d2) / mpmath.ncdf(d2)
        dv += m * (-(lm + r) / (v * v) - mpmath.mpf(1) / 2)
        dr += -1 + m / v
    return {"params.vol": [dv], "params.rate": [dr]}


def _focal_slope(z, focus=2):
    """-(1 - p)^g log p, p = 1 / (1 + e^-z), q = 1 - p = 1 / (1 + e^z): g p q^g log p - q^(g + 1)."""
    p, q = 1 / (1 + mpmath.exp(-z)), 1 / (1 + mpmath.exp(z))
    return focus * p * q ** focus * mpmath.log(p) - q ** (focus + 1)


TAU = _f(1e-3)


def _infonce_slopes(scores, tau=TAU):
    """-log softmax(s / tau)[0]: (p_j - [j = 0]) / tau."""
    p = _softmax([s / tau for s in scores])
    return {"scores": [(pj - (1 if j == 0 else 0)) / tau for j, pj in enumerate(p)]}


def _infonce_slopes32(scores):
    """A Python float beside a float32 array is taken as float32: tau is float32's 1e-3."""
    return _infonce_slopes(scores, _in("float32", [1e-3])[0])


SCORES = [_f(0.5), _f(0.9), _f(-0.2)]


def _tau_slope(tau):
    """-s0 / tau + log sum e^(s_j / tau): (s0 - sum p_j s_j) / tau^2."""
    p = _softmax([s / tau for s in SCORES])
    return (SCORES[0] - sum(pj * s for pj, s in zip(p, SCORES))) / (tau * tau)


ATTACK, HANDLING = _f(0.5), mpmath.mpf(2)


def _holling_slope(n):
    """a n^2 / (1 + a h n^2): 2 a n / (1 + a h n^2)^2."""
    return 2 * ATTACK * n / (1 + ATTACK * HANDLING * n * n) ** 2


def _holling_np_slope(n):
    """0.5 n^2 / (1 + n^2): n / (1 + n^2)^2."""
    return n / (1 + n * n) ** 2


GROWTH, CAPACITY = _f(2.5), mpmath.mpf(1000)


def _ricker_slope(n):
    return mpmath.exp(GROWTH * (1 - n / CAPACITY)) * (1 - GROWTH * n / CAPACITY)


def _ricker_log_slope(n):
    return 1 / n - GROWTH / CAPACITY


def _beverton_slope(n):
    """R n / (1 + n / M): R / (1 + n / M)^2."""
    return 2 / (1 + n / 1000) ** 2


LOG_P = _f(math.log(0.3))


def _nb_size_slope(r, log_p=LOG_P):
    """log Gamma(3 + r) - log Gamma(r) + r log p: psi(3 + r) - psi(r) + log p, psi(3 + r) - psi(r) written as
    1/r + 1/(r + 1) + 1/(r + 2) (no cancellation)."""
    return 1 / r + 1 / (r + 1) + 1 / (r + 2) + log_p


def _nbdtr_p_slope(p):
    """I_p(3, 3): p^2 (1 - p)^2 / B(3, 3) = 30 p^2 (1 - p)^2."""
    return 30 * p * p * (1 - p) ** 2


def _si_slope(x):
    """Si' = sin(x) / x, 1 at 0."""
    return mpmath.mpf(1) if x == 0 else mpmath.sin(x) / x


def _ci_slope(x):
    return mpmath.cos(x) / x


def _ei_slope(x):
    return mpmath.exp(x) / x


def _voigt_width_slope(sigma, x=mpmath.mpf(0.5), gamma=_f(0.1)):
    """dV/ds. At s = 1e-300 by the heat equation, V_s = s V_xx, V_xx within s^2 of the Cauchy density's curvature
    g (6 x^2 - 2 g^2) / (pi (x^2 + g^2)^3); elsewhere mpmath.diff of Re w(z) / (s sqrt(2 pi)), z = (x + i g) / (s
    sqrt 2), at 100 digits."""
    if sigma < 1e-100:
        return sigma * gamma * (6 * x * x - 2 * gamma * gamma) / (mpmath.pi * (x * x + gamma * gamma) ** 3)

    def profile(s):
        z = mpmath.mpc(x, gamma) / (s * mpmath.sqrt(2))
        return (mpmath.exp(-z * z) * mpmath.erfc(-1j * z)).real / (s * mpmath.sqrt(2 * mpmath.pi))
    with mpmath.workdps(100):
        return mpmath.diff(profile, sigma)


def _hinge_slope(z):
    return NAN if z == 1 else (mpmath.mpf(-1) if z < 1 else mpmath.mpf(0))


def _squared_hinge_slope(z):
    return -2 * (1 - z) if z < 1 else mpmath.mpf(0)


def _payoff_slope(s):
    return NAN if s == 100 else (mpmath.mpf(1) if s > 100 else mpmath.mpf(0))


def _relu_slope(x):
    return NAN if x == 0 else (mpmath.mpf(1) if x > 0 else mpmath.mpf(0))


def _best_slopes(scores):
    """max: 1 at the unique largest entry; at a tie no derivative in the tied entries."""
    top = max(scores)
    tied = sum(1 for v in scores if v == top) > 1
    return {"scores": [(NAN if tied else mpmath.mpf(1)) if v == top else mpmath.mpf(0) for v in scores]}


def _w_slope(x):
    """W' = W / (x (1 + W)); below -1/e W is not real."""
    if x < -1 / mpmath.e:
        return NAN
    w = mpmath.lambertw(x)
    return (w / (x * (1 + w))).real


PORTFOLIO = {"vol": [0.2], "rate": [0.05], "spots": [1.0, 100.0, 150.0]}
DIGITALS = {"vol": [0.2], "rate": [0.05], "spots": [1e-10, 100.0]}


# --- the cases -----------------------------------------------------------------------------------------------------

GN = [
    # N(d1) at d1 = -3441 is 10^(-2.6e6): by its digits; float64's 0 its rounding
    Case(G, "call_price", _at(spot=[100, 80, 1, 1e-300, 1e300]), "float64", "ok",
         _each("spot", [100, 80, 1, 1e-300, 1e300], _delta)),
    # 1 - N(-d1) with N(-d1) = 1 - 1e-114: 0
    Case(G, "call_by_parity", _at(spot=[1]), "float64", "unstable", _each("spot", [1], _delta),
         "return gnp.sum(put + spot - STRIKE_PV)"),
    Case(G, "call_by_parity", _at(spot=[100, 150]), "float64", "ok", _each("spot", [100, 150], _delta)),
    # N(-138) underflows to 0: log(0)
    Case(G, "digital_log_price_naive", _at(spot=[1e-10]), "float64", "unstable",
         _each("spot", [1e-10], _digital_log_slope), "return gnp.sum(gnp.log(math.exp(-RATE * EXPIRY) * sps.ndtr(d2)))"),
    Case(G, "digital_log_price_naive", _at(spot=[100, 50]), "float64", "ok", _each("spot", [100, 50], _digital_log_slope)),
    Case(G, "digital_log_price", _at(spot=[1e-10, 100, 1e-300, 1e300]), "float64", "ok",
         _each("spot", [1e-10, 100, 1e-300, 1e300], _digital_log_slope)),
    # vegas of e^-257, 10^-1801 and 10^(-4.5e6)
    Case(G, "call_in_vol", _at(vol=[0.2, 0.05, 0.001]), "float64", "ok", _each("vol", [0.2, 0.05, 0.001], _vega_otm)),
    Case(G, "call_in_vol", _at(vol=[1, 5]), "float64", "ok", _each("vol", [1, 5], _vega_otm)),
    # p = 1 - 4e-18 rounds to 1: (1 - p)^2 log p and its slope are 0, the slope -2.3e-52
    Case(G, "focal_loss_naive", _at(z=[40]), "float64", "unstable", _each("z", [40], _focal_slope),
         "p = 1 / (1 + gnp.exp(-z))"),
    # exp(800) overflows: p = 0, log(0)
    Case(G, "focal_loss_naive", _at(z=[-800]), "float64", "unstable", _each("z", [-800], _focal_slope),
         "p = 1 / (1 + gnp.exp(-z))"),
    Case(G, "focal_loss_naive", _at(z=[0, 2, -3]), "float64", "ok", _each("z", [0, 2, -3], _focal_slope)),
    # at 800 the slope -3 e^-2400 by its digits
    Case(G, "focal_loss", _at(z=[40, -800, 800, 1e-300, 0]), "float64", "ok",
         _each("z", [40, -800, 800, 1e-300, 0], _focal_slope)),
    # sqrt(1 - p) at 1 - p = 0: an infinite slope times 0
    Case(G, "focal_loss_half_naive", _at(z=[40]), "float64", "unstable",
         _each("z", [40], lambda z: _focal_slope(z, mpmath.mpf(1) / 2)), "return gnp.sum(-(1 - p) ** 0.5 * gnp.log(p))"),
    Case(G, "focal_loss_half_naive", _at(z=[1, -2]), "float64", "ok",
         _each("z", [1, -2], lambda z: _focal_slope(z, mpmath.mpf(1) / 2))),
    # exp(900) overflows: inf / inf
    Case(G, "infonce_naive", _at(scores=[0.5, 0.9, -0.2]), "float64", "unstable",
         _closed(_infonce_slopes, scores=[0.5, 0.9, -0.2]), "e = gnp.exp(scores / TEMPERATURE)"),
    Case(G, "infonce_naive", _at(scores=[0.05, 0.09, -0.02]), "float64", "ok",
         _closed(_infonce_slopes, scores=[0.05, 0.09, -0.02])),
    # slopes of e^-400 / tau and e^-1100 / tau (text)
    Case(G, "infonce", _at(scores=[0.5, 0.9, -0.2]), "float64", "ok", _closed(_infonce_slopes, scores=[0.5, 0.9, -0.2])),
    Case(G, "infonce", _at(scores=[1e-300, 5e-324, 0]), "float64", "ok", _closed(_infonce_slopes, scores=[1e-300, 5e-324, 0])),
    Case(G, "infonce_in_temperature", _at(tau=[1e-3, 1, 1e300]), "float64", "ok",
         _each("tau", [1e-3, 1, 1e300], _tau_slope)),
    # -0.4 / 1e-600: beyond float64
    Case(G, "infonce_in_temperature", _at(tau=[1e-300]), "float64", "domain", _each("tau", [1e-300], _tau_slope)),
    # n^2 = 1e400 overflows: inf / inf
    Case(G, "holling3_naive", _at(n=[1e200]), "float64", "unstable", _each("n", [1e200], _holling_slope),
         "return gnp.sum(ATTACK * n ** 2 / (1 + ATTACK * HANDLING * n ** 2))"),
    Case(G, "holling3_naive", _at(n=[1e-200, 3, 1e-300]), "float64", "ok", _each("n", [1e-200, 3, 1e-300], _holling_slope)),
    # its slope 1e-600 by its digits
    Case(G, "holling3", _at(n=[1e200, 3]), "float64", "ok", _each("n", [1e200, 3], _holling_slope)),
    # a n n = 5e-401 underflows: 1/0 = inf, and the slope 1e-200 comes out NaN
    Case(G, "holling3", _at(n=[1e-200]), "float64", "unstable", _each("n", [1e-200], _holling_slope),
         "return gnp.sum(1 / (HANDLING + 1 / (ATTACK * n * n)))"),
    # e^-2497.5 by its digits
    Case(G, "ricker", _at(n=[1e6, 1e-300, 400, 1e300]), "float64", "ok", _each("n", [1e6, 1e-300, 400, 1e300], _ricker_slope)),
    Case(G, "ricker_log_naive", _at(n=[1e6]), "float64", "unstable", _each("n", [1e6], _ricker_log_slope),
         "return gnp.sum(gnp.log(n * gnp.exp(GROWTH * (1 - n / CAPACITY))))"),
    Case(G, "ricker_log_naive", _at(n=[5, 1e-300]), "float64", "ok", _each("n", [5, 1e-300], _ricker_log_slope)),
    Case(G, "ricker_log", _at(n=[1e6, 1e300, 5]), "float64", "ok", _each("n", [1e6, 1e300, 5], _ricker_log_slope)),
    # 2 n = 3.4e308 overflows: the response is 2000, its slope 1.4e-610
    Case(G, "beverton_holt_naive", _at(n=[1.7e308]), "float64", "unstable", _each("n", [1.7e308], _beverton_slope),
         "return gnp.sum(FECUNDITY * n / (1 + n / HALF_SATURATION))"),
    Case(G, "beverton_holt_naive", _at(n=[10, 1e-300]), "float64", "ok", _each("n", [10, 1e-300], _beverton_slope)),
    Case(G, "beverton_holt", _at(n=[1.7e308, 10]), "float64", "ok", _each("n", [1.7e308, 10], _beverton_slope)),
    # the reciprocal form fails on the other side: 1/n = 1e300, and its slope -1/n^2 = -1e600 overflows
    Case(G, "beverton_holt", _at(n=[1e-300]), "float64", "unstable", _each("n", [1e-300], _beverton_slope),
         "return gnp.sum(FECUNDITY / (1 / n + 1 / HALF_SATURATION))"),
    # psi(3 + r) - psi(r) = 3e-15 comes from two psi of 34.5 with an error of 4e-15, small beside log p = -1.2
    Case(G, "nb_log_pmf_naive", _at(r=[1e15, 1e-300, 2.5, 40]), "float64", "ok",
         _each("r", [1e15, 1e-300, 2.5, 40], _nb_size_slope)),
    Case(G, "nb_log_pmf", _at(r=[1e15, 1e-300, 2.5, 1e300]), "float64", "ok", _each("r", [1e15, 1e-300, 2.5, 1e300], _nb_size_slope)),
    # slopes of 3e-599 and 7e-646 by their digits
    Case(G, "nb_cdf_in_p", _at(p=[1e-300, 5e-324, 0.5, 0.9999999999999999]), "float64", "ok",
         _each("p", [1e-300, 5e-324, 0.5, 0.9999999999999999], _nbdtr_p_slope)),
    Case(G, "sine_integral", _at(x=[1e-300, 5e-324, 1e300, 2, 0]), "float64", "ok",
         _each("x", [1e-300, 5e-324, 1e300, 2, 0], _si_slope)),
    Case(G, "cosine_integral", _at(x=[1e-300, 1e300, 2]), "float64", "ok", _each("x", [1e-300, 1e300, 2], _ci_slope)),
    # 1 / 5e-324 = 2e323: beyond float64
    Case(G, "cosine_integral", _at(x=[5e-324]), "float64", "domain", _each("x", [5e-324], _ci_slope)),
    # SciPy's expi(710) is inf; Ei(710) = 3.1e305 and its slope e^710 / 710 = 3.1e305 are float64 numbers
    Case(G, "exponential_integral", _at(x=[710]), "float64", "unstable", _each("x", [710], _ei_slope),
         "return gnp.sum(sps.expi(x))"),
    # e^-800 / -800 = -4.6e-351 by its digits
    Case(G, "exponential_integral", _at(x=[1e-300, -800, 700, -1e-300]), "float64", "ok",
         _each("x", [1e-300, -800, 700, -1e-300], _ei_slope)),
    Case(G, "voigt_in_width", _at(sigma=[0.3, 1]), "float64", "ok", _each("sigma", [0.3, 1], _voigt_width_slope)),
    # V_s = s V_xx = 2.68e-300
    Case(G, "voigt_in_width", _at(sigma=[1e-300]), "float64", "ok", _each("sigma", [1e-300], _voigt_width_slope)),
    Case(G, "hinge", _at(z=[0.9999999999999999, 1.0000000000000002, -1e300, 5e-324]), "float64", "ok",
         _each("z", [0.9999999999999999, 1.0000000000000002, -1e300, 5e-324], _hinge_slope)),
    Case(G, "hinge", _at(z=[1]), "float64", "domain", _each("z", [1], _hinge_slope)),
    # a C1 corner: the slope 0 from both sides
    Case(G, "squared_hinge", _at(z=[1, 0.9999999999999999, 3]), "float64", "ok",
         _each("z", [1, 0.9999999999999999, 3], _squared_hinge_slope)),
    Case(G, "call_payoff", _at(spot=[100]), "float64", "domain", _each("spot", [100], _payoff_slope)),
    Case(G, "call_payoff", _at(spot=[100.00000000000001, 99.99999999999999, 1e300]), "float64", "ok",
         _each("spot", [100.00000000000001, 99.99999999999999, 1e300], _payoff_slope)),
    Case(G, "call_payoff_where", _at(spot=[100]), "float64", "domain", _each("spot", [100], _payoff_slope)),
    Case(G, "call_payoff_where", _at(spot=[100.00000000000001, 5e-324]), "float64", "ok",
         _each("spot", [100.00000000000001, 5e-324], _payoff_slope)),
    # the positive scores highest: its slope -(1 - p0) / tau = -1.9e-171, where log_softmax's backward 1 - p0 is
    # 1 - (1 - 1.9e-174): 0 in float64
    Case(G, "infonce", _at(scores=[0.9, 0.5, -0.2]), "float64", "unstable", _closed(_infonce_slopes, scores=[0.9, 0.5, -0.2]),
         "return -sps.log_softmax(scores / TEMPERATURE)[0]"),
    Case(G, "relu_where", _at(x=[5e-324, -5e-324, 1e300]), "float64", "ok", _each("x", [5e-324, -5e-324, 1e300], _relu_slope)),
    Case(G, "relu_where", _at(x=[0]), "float64", "domain", _each("x", [0], _relu_slope)),
    # |x|^2 and |x| x are smooth at 0, where |x| is not
    Case(G, "abs_squared", _at(x=[0, 5e-324, -1e-300]), "float64", "ok", _each("x", [0, 5e-324, -1e-300], lambda x: 2 * x)),
    Case(G, "abs_times_x", _at(x=[0, -5e-324, 3]), "float64", "ok", _each("x", [0, -5e-324, 3], lambda x: 2 * abs(x))),
    Case(G, "best_score", _at(scores=[1, 1, 0.5]), "float64", "domain", _closed(_best_slopes, scores=[1, 1, 0.5])),
    Case(G, "best_score", _at(scores=[5e-324, 0, -5e-324]), "float64", "ok", _closed(_best_slopes, scores=[5e-324, 0, -5e-324])),
    # the switched-off component's slope is a proven 0, at 1e308 too
    Case(G, "weighted_logsumexp", _at(x=[0, 1e308]), "float64", "ok", hp(lambda: {"x": [mpmath.mpf(1), mpmath.mpf(0)]})),
    Case(G, "weighted_logsumexp", _at(x=[-800, 800]), "float64", "ok", hp(lambda: {"x": [mpmath.mpf(1), mpmath.mpf(0)]})),
    # 1 + W = 1.6e-8 from float64's nearest number above -1/e: SciPy's W keeps 8 digits of it
    Case(G, "branch_point_w", _at(x=[-0.3678794411714423]), "float64", "unstable", _each("x", [-0.3678794411714423], _w_slope),
         "return gnp.sum(sps.lambertw(x).real)"),
    Case(G, "branch_point_w", _at(x=[-0.36787944117144233]), "float64", "domain", _each("x", [-0.36787944117144233], _w_slope)),
    Case(G, "branch_point_w", _at(x=[-0.3, 1e-300, 1e300]), "float64", "ok", _each("x", [-0.3, 1e-300, 1e300], _w_slope)),
    Case(G, "call_prise", _at(spot=[1]), "float64", "input-error", message=("call_prise",)),
    Case(G, "call_price", _at(strike=[1]), "float64", "input-error", message=("spot",)),
    Case(G, "call_price", "spot=[1,1OO]", "float64", "input-error", message=("1OO",)),
]

TREES = [
    Case(G, "portfolio_value", None, "float64", "ok", _closed(_portfolio_slopes, **PORTFOLIO), args="portfolio_args",
         wrt="params"),
    Case(G, "portfolio_value", None, "float32", "ok",
         hp(lambda: {"params.vol": _closed(_portfolio_slopes, "float32", **PORTFOLIO)()["params.vol"]}),
         args="portfolio_args", wrt="params.vol"),
    # N(d2) at d2 = -138 underflows: log(0)
    Case(G, "digital_book_log_naive", None, "float64", "unstable", _closed(_digital_book_slopes, **DIGITALS),
         "return gnp.sum(gnp.log(gnp.exp(-rate * EXPIRY) * sps.ndtr(d2)))", args="digital_book_args", wrt="params"),
    Case(G, "digital_book_log", None, "float64", "ok", _closed(_digital_book_slopes, **DIGITALS), args="digital_book_args",
         wrt="params"),
    Case(G, "digital_book_log", None, "float32", "input-error", args="digital_book_args", wrt="params.volatility",
         message=("params.volatility",)),
]

NP = [
    Case(N, "call_price", _at(spot=[100, 1, 1e-300]), "float64", "ok", _each("spot", [100, 1, 1e-300], _delta_np)),
    Case(N, "call_by_parity", _at(spot=[1]), "float64", "unstable", _each("spot", [1], _delta_np),
         "return np.sum(put + spot - 100.0 * np.exp(-0.05))"),
    Case(N, "digital_log_price_naive", _at(spot=[1e-10]), "float64", "unstable",
         _each("spot", [1e-10], lambda s: _digital_log_slope(s, _f(0.07)))),
    Case(N, "digital_log_price", _at(spot=[1e-10, 100]), "float64", "ok",
         _each("spot", [1e-10, 100], lambda s: _digital_log_slope(s, _f(0.07)))),
    Case(N, "focal_loss_naive", _at(z=[40]), "float64", "unstable", _each("z", [40], _focal_slope),
         "return np.sum(-(1 - p) ** 2 * np.log(p))"),
    Case(N, "focal_loss", _at(z=[40, -800, 2]), "float64", "ok", _each("z", [40, -800, 2], _focal_slope)),
    Case(N, "infonce_naive", _at(scores=[0.5, 0.9, -0.2]), "float64", "unstable",
         _closed(_infonce_slopes, scores=[0.5, 0.9, -0.2]), "e = np.exp(scores / 1e-3)"),
    Case(N, "infonce", _at(scores=[0.5, 0.9, -0.2]), "float64", "ok", _closed(_infonce_slopes, scores=[0.5, 0.9, -0.2])),
    Case(N, "holling3_naive", _at(n=[1e200]), "float64", "unstable", _each("n", [1e200], _holling_np_slope),
         "return np.sum(0.5 * n ** 2 / (1 + n ** 2))"),
    Case(N, "holling3_naive", _at(n=[3, 1e-200]), "float64", "ok", _each("n", [3, 1e-200], _holling_np_slope)),
    Case(N, "nb_log_pmf_naive", _at(r=[1e15]), "float64", "ok",
         _each("r", [1e15], lambda r: _nb_size_slope(r, mpmath.log(_f(0.3))))),
    Case(N, "nb_log_pmf", _at(r=[1e15, 2.5]), "float64", "ok",
         _each("r", [1e15, 2.5], lambda r: _nb_size_slope(r, mpmath.log(_f(0.3))))),
    Case(N, "cosine_integral", _at(x=[1e-300, 2]), "float64", "ok", _each("x", [1e-300, 2], _ci_slope)),
    Case(N, "voigt_in_width", _at(sigma=[1e-300, 0.3]), "float64", "ok", _each("sigma", [1e-300, 0.3], _voigt_width_slope)),
    Case(N, "call_price", _at(spot=[1], vol=[0.2]), "float64", "input-error", message=("vol",)),
]

FLOAT32 = [
    # p = 1 - 2e-9 rounds to 1 in float32
    Case(G, "focal_loss_naive", _at(z=[20]), "float32", "unstable", _each("z", [20], _focal_slope, "float32")),
    Case(G, "focal_loss", _at(z=[20, -100, 1]), "float32", "ok", _each("z", [20, -100, 1], _focal_slope, "float32")),
    # scores / 1e-3 past 88.7: exp overflows float32
    Case(G, "infonce_naive", _at(scores=[0.05, 0.09, -0.02]), "float32", "unstable",
         _closed(_infonce_slopes32, "float32", scores=[0.05, 0.09, -0.02])),
    Case(G, "holling3_naive", _at(n=[1e20]), "float32", "unstable", _each("n", [1e20], _holling_slope, "float32")),
    Case(G, "holling3_naive", _at(n=[3, 1e-10]), "float32", "ok", _each("n", [3, 1e-10], _holling_slope, "float32")),
    Case(G, "call_price", _at(spot=[80, 100]), "float32", "ok",
         _each("spot", [80, 100], lambda s: _delta(s, "float32"), "float32")),
    Case(G, "ricker", _at(n=[1e5, 400]), "float32", "ok", _each("n", [1e5, 400], _ricker_slope, "float32")),
]


def _scalar(name, value, slope):
    return hp(lambda: {name: slope(_in("float64", [value])[0])})


def _formula_delta(s):
    """S N(4 log(S/128) + 1/8) - 128 N(4 log(S/128) - 1/8): r = 0, v = 1/4, K = 128, where S phi(d1) = K phi(d2)
    exactly: the delta N(d1)."""
    return lambda: {"S": mpmath.ncdf(4 * mpmath.log(s / 128) + mpmath.mpf(1) / 8)}


def _formula_digital(s):
    """log N(d2), d2 = 4 log(S/128) - 1/8: 4 phi(d2) / (S N(d2))."""
    d2 = 4 * mpmath.log(s / 128) - mpmath.mpf(1) / 8
    return 4 * mpmath.npdf(d2) / (s * mpmath.ncdf(d2))


CALL = "S*ndtr(4*log(S/128) + 0.125) - 128*ndtr(4*log(S/128) - 0.125)"
CALL_PARITY = "128*ndtr(0.125 - 4*log(S/128)) - S*ndtr(-4*log(S/128) - 0.125) + S - 128"
FOCAL = "-(1 - 1/(1 + exp(-z)))^2*log(1/(1 + exp(-z)))"
FOCAL_STABLE = "-expit(-z)^2*log_expit(z)"

FORMULAS = [
    Case(F, CALL, "S=128", "float64", "ok", hp(_formula_delta(mpmath.mpf(128)))),
    Case(F, CALL, "S=1", "float64", "ok", hp(_formula_delta(mpmath.mpf(1)))),
    # d1 = -2781: N(d1) = 10^(-1.7e6) by its digits
    Case(F, CALL, "S=1e-300", "float64", "ok", hp(_formula_delta(_f(1e-300)))),
    Case(F, CALL_PARITY, "S=1", "float64", "unstable", hp(_formula_delta(mpmath.mpf(1)))),
    Case(F, CALL_PARITY, "S=128", "float64", "ok", hp(_formula_delta(mpmath.mpf(128)))),
    Case(F, FOCAL, "z=40", "float64", "unstable", _scalar("z", 40, _focal_slope)),
    Case(F, FOCAL, "z=1", "float64", "ok", _scalar("z", 1, _focal_slope)),
    Case(F, FOCAL_STABLE, "z=40", "float64", "ok", _scalar("z", 40, _focal_slope)),
    Case(F, FOCAL_STABLE, "z=800", "float64", "ok", _scalar("z", 800, _focal_slope)),
    Case(F, "0.5*n^2/(1 + n^2)", "n=1e200", "float64", "unstable", _scalar("n", 1e200, _holling_np_slope)),
    Case(F, "0.5*n^2/(1 + n^2)", "n=3", "float64", "ok", _scalar("n", 3, _holling_np_slope)),
    Case(F, "0.5/(1 + 1/n^2)", "n=1e200", "float64", "ok", _scalar("n", 1e200, _holling_np_slope)),
    Case(F, "n*exp(2.5*(1 - n/1000))", "n=1000000", "float64", "ok", _scalar("n", 1e6, _ricker_slope)),
    Case(F, "log(n*exp(2.5*(1 - n/1000)))", "n=1000000", "float64", "unstable", _scalar("n", 1e6, _ricker_log_slope)),
    # N(-102.6) = e^-5263 underflows: log(0)
    Case(F, "log(ndtr(4*log(S/128) - 0.125))", "S=1e-10", "float64", "unstable", _scalar("S", 1e-10, _formula_digital)),
    Case(F, "log_ndtr(4*log(S/128) - 0.125)", "S=1e-10", "float64", "ok", _scalar("S", 1e-10, _formula_digital)),
    Case(F, "log_ndtr(4*log(S/128) - 0.125)", "S=1e-300", "float64", "ok", _scalar("S", 1e-300, _formula_digital)),
    # the formula language has no gammaln: a clear error, the name underlined
    Case(F, "gammaln(3 + r) - gammaln(r)", "r=1e15", "float64", "input-error", message=("gammaln",)),
    Case(F, "maximum(0, 1 - z)", "z=1", "float64", "domain", hp(lambda: {"z": NAN})),
    Case(F, "maximum(0, 1 - z)", "z=0.9999999999999999", "float64", "ok", hp(lambda: {"z": mpmath.mpf(-1)})),
    Case(F, "maximum(0, 1 - z)^2", "z=1", "float64", "ok", hp(lambda: {"z": mpmath.mpf(0)})),
    Case(F, "maximum(S - 100, 0)", "S=100", "float64", "domain", hp(lambda: {"S": NAN})),
    Case(F, "maximum(S - 100, 0)", "S=100.00000000000001", "float64", "ok", hp(lambda: {"S": mpmath.mpf(1)})),
    Case(F, CALL.replace("0.125)", "0.125", 1), "S=1", "float64", "input-error", message=("(",)),
    Case(F, "blackscholes(S, 100)", "S=1", "float64", "input-error", message=("blackscholes",)),
    Case(F, CALL, "s=1", "float64", "input-error", message=("S",)),
]

ALL = GN + TREES + NP + FLOAT32 + FORMULAS
