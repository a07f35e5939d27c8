"""The thirty-sixth trial set (third part): issue 27's classes on Python functions written against gradcli.numpy and
gradcli.scipy, on plain NumPy and on formulas, in domains not tried before: reliability engineering (a Weibull hazard
as density over reliability at 30 characteristic lives, e^-900 / e^-900 as 0/0, beside its closed form; a Weibull
log-reliability by log(exp) at 100 lives; a delayed Weibull's cumulative hazard at its failure-free time, a C1 corner
with the slope 0; a 2-out-of-3 system's unreliability by 1 - P(2 of 3 work) at q = 1e-300, where 1 - q rounds to 1,
beside bdtrc in q; a 51-of-100 system at q = 1e-10, a slope of 1e-460 by its digits; a mixture of exponential
lifetimes by log(sum) at t = 1e5 and by logsumexp with weights; a Weibull fit on log scales over a parameter tree,
whose density underflows at a shape of e^3), hypothesis tests (chi-square log p-values by log(1 - chdtr), by
log(chdtrc) underflowing at x = 2000 and by the closed form; p-values at 1e300 and 5e-324 whose slopes only text can
hold; posterior probabilities by exponentials and by softmax at log-likelihoods of -800 and +-1e300), wave optics and
waveguides (the Airy rainbow's intensity Ai^2 at 200 and 1e10, slopes of e^-3771 and beyond, at -1e4 on its fringes,
and its log where Ai underflows; Y0 and Y1 at 1e-300, 1e-150 and 5e-324, slopes past float64 at the last; J0 at 1e300
and 1e22; J_50 at 1e-10; a fibre's field J0(2.405 r)^2 at its cutoff), the perimeter of an ellipse by 4a E(1 - b^2/a^2)
at b = 1e-100 (m rounding to 1, E'(1) = -inf) and by 8 R_G(0, a^2, b^2) (b^2 underflowing at 1e-200), the surface of
an ellipsoid by R_G at semi-axes of 1e100 (a^2 b^2 overflowing) and scaled by its largest semi-axis (at a tie of
all three, where max has no derivative but the surface is smooth), 1/Gamma by gammasgn and gammaln at 1e-300, 200 and
1000, a Laplace log-density and a clipped log-likelihood a hair from their switches and at them; float32, formulas
of the same classes (a formula's 0.3 and 1e-300 beside a variable are the numbers float64 holds, so that a float64
0.3 is at the switch of abs(x - 0.3)) and input errors a user makes.

Truths are the mathematics written here in mpmath at 2,000 digits (closed forms: the derivative of R_G by R_F and
R_D, of E by E and K, Bessel derivatives by neighbouring orders), never the user file's code; points are the numbers
the dtype holds, constants the float64 numbers the program writes (gnp.pi is float64's pi; a formula's numbers
exact where no variable meets them). A slope whose true value is beyond float64's range has the verdict `domain`.
"""

import math

import mpmath

from cases import Case
from cases5 import _in, hp
from cases21c import _at, _each
from cases26c import _closed
from cases35c import _f, _softmax

G, N, F = "gn_lib36c.py", "numpy_lib36c.py", "formula"
NAN = mpmath.nan


PI64 = _f(math.pi)


# --- the mathematics, written here ---------------------------------------------------------------------------------

def _hazard_slope(dtype="float64"):
    """h(t) = (k / lambda) (t / lambda)^(k - 1), k = 2: its slope (k / lambda) / lambda, k / lambda the dtype's
    number (a Python float beside a float32 array is taken as float32)."""
    rate = _in(dtype, [2.0 / 1000.0])[0]
    return lambda t: rate / 1000


def _log_reliability_slope(t):
    return -2 * t / mpmath.mpf(10) ** 6


def _delayed_slope(t):
    """((t - 100) / lambda)^1.5 past the failure-free time: 1.5 / lambda ((t - 100) / lambda)^0.5; 0 before it, and
    at it from both sides."""
    if t <= 100:
        return mpmath.mpf(0)
    return mpmath.mpf(1.5) / 1000 * mpmath.sqrt((t - 100) / 1000)


def _two_of_three_slope(q):
    """3 q^2 - 2 q^3: 6 q (1 - q)."""
    return 6 * q * (1 - q)


def _half_of_hundred_slope(q):
    """d/dq P(X > 49), X ~ Bin(100, q): 100 C(99, 49) q^49 (1 - q)^50."""
    return 100 * mpmath.binomial(99, 49) * q ** 49 * (1 - q) ** 50


MIX_W = [_f(0.5), _f(0.3), _f(0.2)]
MIX_THETA = [mpmath.mpf(1), mpmath.mpf(10), mpmath.mpf(100)]


def _mixture_slope(t):
    """log sum w_i e^(-t / theta_i): its slope -sum (w_i / theta_i) e^(-t / theta_i) / sum w_i e^(-t / theta_i),
    written with the largest term taken out."""
    logs = [mpmath.log(w) - t / th for w, th in zip(MIX_W, MIX_THETA)]
    top = max(logs)
    terms = [mpmath.exp(v - top) for v in logs]
    return -sum(e / th for e, th in zip(terms, MIX_THETA)) / sum(terms)


def _chi2_log_slope(x):
    """log((1 + x/2) e^(-x/2)): 1 / (2 + x) - 1/2."""
    return -x / (2 * (2 + x))


def _chi2_density(x):
    """The chi-square density on four degrees of freedom: x e^(-x/2) / 4."""
    return x * mpmath.exp(-x / 2) / 4


def _posterior_slopes(loglik):
    p = _softmax(loglik)
    return {"loglik": [p[0] * ((1 if j == 0 else 0) - pj) for j, pj in enumerate(p)]}


def _log_posterior_slopes(loglik):
    p = _softmax(loglik)
    return {"loglik": [(1 if j == 0 else 0) - pj for j, pj in enumerate(p)]}


def _airy_slope(x):
    return 2 * mpmath.airyai(x) * mpmath.airyai(x, derivative=1)


def _airy_log_slope(x):
    return 2 * mpmath.airyai(x, derivative=1) / mpmath.airyai(x)


def _hankel(nu, x, kind):
    """J_nu(x) (kind "j") or Y_nu(x) ("y") for x >> nu^2 by Hankel's asymptotic expansion, summed until its terms
    fall below the working precision (at x >= 1e20 each is x^-1 of the last; mpmath's besselj and bessely take
    seconds at 1e300 and 60 digits, minutes at 2,000). Its phase x - (2 nu + 1) pi / 4 keeps 2,000 - 300 digits."""
    mu, phase = 4 * nu * nu, x - (2 * nu + 1) * mpmath.pi / 4
    p = q = mpmath.mpf(0)
    term, k = mpmath.mpf(1), 0
    while abs(term) > mpmath.mpf(2) ** -(mpmath.mp.prec + 10) or k < 2:
        if k % 2 == 0:
            p += (-1) ** (k // 2) * term
        else:
            q += (-1) ** (k // 2) * term
        k += 1
        term = term * (mu - (2 * k - 1) ** 2) / (k * 8 * x)
    scale = mpmath.sqrt(2 / (mpmath.pi * x))
    if kind == "j":
        return scale * (p * mpmath.cos(phase) - q * mpmath.sin(phase))
    return scale * (p * mpmath.sin(phase) + q * mpmath.cos(phase))


def _bessel(nu, x, kind):
    if x >= 1e20:
        return _hankel(nu, x, kind)
    return (mpmath.besselj if kind == "j" else mpmath.bessely)(nu, x)


def _y0_slope(x):
    return -_bessel(1, x, "y")


def _y1_slope(x):
    """Y1' = Y0 - Y1 / x."""
    return _bessel(0, x, "y") - _bessel(1, x, "y") / x


def _j0_slope(x):
    return -_bessel(1, x, "j")


def _j50_slope(x):
    return (mpmath.besselj(49, x) - mpmath.besselj(51, x)) / 2


FIRST_ZERO = _f(2.404825557695773)


def _guided_slope(r):
    """J0(c r)^2: -2 c J0(c r) J1(c r)."""
    return -2 * FIRST_ZERO * mpmath.besselj(0, FIRST_ZERO * r) * mpmath.besselj(1, FIRST_ZERO * r)


def _ellipe_slope(m):
    """E'(m) = (E - K) / (2 m); -pi/8 at 0."""
    if m == 0:
        return -mpmath.pi / 8
    return (mpmath.ellipe(m) - mpmath.ellipk(m)) / (2 * m)


def _perimeter_slopes(a, b):
    """P = 4 a E(m), m = 1 - b^2/a^2: dP/da = 4 E + 4 a E'(m) 2 b^2 / a^3, dP/db = -4 a E'(m) 2 b / a^2."""
    out = {"a": [], "b": []}
    for x, y in zip(a, b):
        m = 1 - (y / x) ** 2
        slope = _ellipe_slope(m)
        out["a"].append(4 * mpmath.ellipe(m) + 8 * slope * y * y / (x * x))
        out["b"].append(-8 * slope * y / x)
    return out


def _rg_partials(x, y, z):
    """The partial derivatives of Carlson's R_G: dR_G/dx = (R_F(x, y, z) - x R_D(y, z, x) / 3) / 4, and cyclically."""
    rf = mpmath.elliprf(x, y, z)
    return ((rf - x * mpmath.elliprd(y, z, x) / 3) / 4, (rf - y * mpmath.elliprd(z, x, y) / 3) / 4,
            (rf - z * mpmath.elliprd(x, y, z) / 3) / 4)


def _ellipsoid_slopes(a, b, c):
    """S = 4 pi R_G(a^2 b^2, a^2 c^2, b^2 c^2), pi the program's float64 pi."""
    out = {"a": [], "b": [], "c": []}
    for x, y, z in zip(a, b, c):
        rx, ry, rz = _rg_partials(x * x * y * y, x * x * z * z, y * y * z * z)
        out["a"].append(4 * PI64 * (rx * 2 * x * y * y + ry * 2 * x * z * z))
        out["b"].append(4 * PI64 * (rx * 2 * x * x * y + rz * 2 * y * z * z))
        out["c"].append(4 * PI64 * (ry * 2 * x * x * z + rz * 2 * y * y * z))
    return out


def _rgamma_slope(x):
    """(1 / Gamma)' = -psi / Gamma."""
    return -mpmath.digamma(x) * mpmath.rgamma(x)


def _laplace_slope(x):
    return NAN if x == 0 else (-mpmath.mpf(1) / 2 if x > 0 else mpmath.mpf(1) / 2)


LOW = _f(1e-300)


def _clipped_slope(p):
    """log(clip(p, 1e-300, 1)): 1/p inside, 0 outside, no derivative at the bounds (float64's 1e-300 for a program)."""
    if p == LOW or p == 1:
        return NAN
    return 1 / p if LOW < p < 1 else mpmath.mpf(0)


def _weibull_fit_slopes(log_scale, log_shape, times):
    """NLL = -sum(kappa - sigma + (k - 1) log u - u^k), k = e^kappa, u = t / e^sigma: d/dsigma = k sum(1 - u^k),
    d/dkappa = -sum(1 + k log u (1 - u^k))."""
    k = mpmath.exp(log_shape[0])
    logs = [mpmath.log(t) - log_scale[0] for t in times]
    return {"params.log_scale": [k * sum(1 - mpmath.exp(k * v) for v in logs)],
            "params.log_shape": [-sum(1 + k * v * (1 - mpmath.exp(k * v)) for v in logs)]}


def _df_slope(df):
    """d/dv Q(v/2, 15), the regularised upper incomplete gamma in its order, by mpmath.diff at 100 digits (its
    differences of gammainc at 2,000 digits take minutes; the judge reads 60)."""
    with mpmath.workdps(100):
        return mpmath.diff(lambda v: mpmath.gammainc(v / 2, 15, regularized=True), df)


AGE_U = _f(1e-3 / 1000.0)  # the program's Python division, rounded


def _log_hazard_shape_slope(k):
    """log(k / lambda) + (k - 1) log u: 1/k + log u."""
    return 1 / k + mpmath.log(AGE_U)


FIT = {"log_scale": [6.0], "log_shape": [3.0], "times": [10.0, 200.0, 1500.0]}
FIT_TRUTH = _closed(_weibull_fit_slopes, **FIT)


# --- the cases -----------------------------------------------------------------------------------------------------

HAZARD = _hazard_slope()

GN = [
    # e^-900 underflows to 0 in the density and in the reliability: 0 / 0, where the hazard's slope is 2e-6
    Case(G, "weibull_hazard_naive", _at(t=[30000]), "float64", "unstable", _each("t", [30000], HAZARD),
         "return gnp.sum(density / reliability)"),
    Case(G, "weibull_hazard_naive", _at(t=[500, 1e-300, 3000]), "float64", "ok", _each("t", [500, 1e-300, 3000], HAZARD)),
    Case(G, "weibull_hazard", _at(t=[30000, 1e300, 5e-324, 500]), "float64", "ok",
         _each("t", [30000, 1e300, 5e-324, 500], HAZARD)),
    # e^-10000 underflows: log(0)
    Case(G, "weibull_log_reliability_naive", _at(t=[1e5]), "float64", "unstable", _each("t", [1e5], _log_reliability_slope),
         "return gnp.sum(gnp.log(gnp.exp(-(t / SCALE) ** SHAPE)))"),
    Case(G, "weibull_log_reliability_naive", _at(t=[10, 1e-300]), "float64", "ok",
         _each("t", [10, 1e-300], _log_reliability_slope)),
    # (t - 100)^1.5 at its failure-free time: a C1 corner, the slope 0 from both sides
    Case(G, "delayed_cumulative_hazard", _at(t=[100]), "float64", "ok", _each("t", [100], _delayed_slope)),
    Case(G, "delayed_cumulative_hazard", _at(t=[100.00000000000001, 99.99999999999999, 5e-324, 2100]), "float64", "ok",
         _each("t", [100.00000000000001, 99.99999999999999, 5e-324, 2100], _delayed_slope)),
    # 1 - 1e-300 rounds to 1: every component works, and the slope 6e-300 is lost
    Case(G, "two_of_three_unreliability_naive", _at(q=[1e-300]), "float64", "unstable",
         _each("q", [1e-300], _two_of_three_slope), "return gnp.sum(1 - sps.bdtrc(1, 3, 1 - q))"),
    Case(G, "two_of_three_unreliability_naive", _at(q=[0.25, 0.5]), "float64", "ok",
         _each("q", [0.25, 0.5], _two_of_three_slope)),
    Case(G, "two_of_three_unreliability", _at(q=[1e-300, 5e-324, 0.25, 1e-10]), "float64", "ok",
         _each("q", [1e-300, 5e-324, 0.25, 1e-10], _two_of_three_slope)),
    # a slope of 1e-460: text only
    Case(G, "half_of_hundred_unreliability", _at(q=[1e-10, 0.3, 0.5]), "float64", "ok",
         _each("q", [1e-10, 0.3, 0.5], _half_of_hundred_slope)),
    # e^-1000, e^-10^4 and e^-10^5 underflow: log(0)
    Case(G, "mixture_log_reliability_naive", _at(t=[1e5]), "float64", "unstable", _each("t", [1e5], _mixture_slope),
         "return gnp.log(gnp.sum(WEIGHTS * gnp.exp(-t / MEAN_LIVES)))"),
    Case(G, "mixture_log_reliability_naive", _at(t=[50]), "float64", "ok", _each("t", [50], _mixture_slope)),
    Case(G, "mixture_log_reliability", _at(t=[1e5]), "float64", "ok", _each("t", [1e5], _mixture_slope)),
    Case(G, "mixture_log_reliability", _at(t=[1e300]), "float64", "ok", _each("t", [1e300], _mixture_slope)),
    # the log-reliability is -2.6e-324, float64's -5e-324; logsumexp's log(1 - 2.6e-324) rounds to log(1) = 0
    Case(G, "mixture_log_reliability", _at(t=[5e-324]), "float64", "unstable", _each("t", [5e-324], _mixture_slope),
         "return sps.logsumexp(-t / MEAN_LIVES, b=WEIGHTS)"),
    Case(G, "mixture_log_reliability", _at(t=[50]), "float64", "ok", _each("t", [50], _mixture_slope)),
    # 1 - chdtr(4, 100) is 1 - (1 - 9.8e-21): 0, and log(0)
    Case(G, "chi2_log_pvalue_naive", _at(x=[100]), "float64", "unstable", _each("x", [100], _chi2_log_slope),
         "return gnp.sum(gnp.log(1 - sps.chdtr(4, x)))"),
    Case(G, "chi2_log_pvalue_naive", _at(x=[3, 0.5]), "float64", "ok", _each("x", [3, 0.5], _chi2_log_slope)),
    Case(G, "chi2_log_pvalue", _at(x=[100, 3, 1e-300]), "float64", "ok", _each("x", [100, 3, 1e-300], _chi2_log_slope)),
    # the p-value 1001 e^-1000 underflows to 0
    Case(G, "chi2_log_pvalue", _at(x=[2000]), "float64", "unstable", _each("x", [2000], _chi2_log_slope),
         "return gnp.sum(gnp.log(sps.chdtrc(4, x)))"),
    Case(G, "chi2_log_pvalue_closed", _at(x=[2000, 1e300, 5e-324, 3]), "float64", "ok",
         _each("x", [2000, 1e300, 5e-324, 3], _chi2_log_slope)),
    # the slopes 1/(2 + x) and 1/2 of its two terms cancel: 0 where the slope is -2.5e-301
    Case(G, "chi2_log_pvalue_closed", _at(x=[1e-300]), "float64", "unstable", _each("x", [1e-300], _chi2_log_slope),
         "return gnp.sum(gnp.log1p(x / 2) - x / 2)"),
    # densities of e^-5e299 and 1.2e-324: text only, float64's 0 their rounding
    Case(G, "chi2_pvalue", _at(x=[1e300, 2000, 5e-324, 1e-300]), "float64", "ok",
         _each("x", [1e300, 2000, 5e-324, 1e-300], lambda x: -_chi2_density(x))),
    Case(G, "posterior_naive", _at(loglik=[-800, -800, -801]), "float64", "unstable",
         _closed(_posterior_slopes, loglik=[-800, -800, -801]), "e = gnp.exp(loglik)"),
    Case(G, "posterior_naive", _at(loglik=[-1, -2, 0.5]), "float64", "ok", _closed(_posterior_slopes, loglik=[-1, -2, 0.5])),
    Case(G, "posterior", _at(loglik=[-800, -800, -801]), "float64", "ok", _closed(_posterior_slopes, loglik=[-800, -800, -801])),
    # p0 = e^-1e300: slopes by their digits
    Case(G, "posterior", _at(loglik=[-1e300, 0, 0]), "float64", "ok", _closed(_posterior_slopes, loglik=[-1e300, 0, 0])),
    Case(G, "posterior", _at(loglik=[5e-324, 0, 0]), "float64", "ok", _closed(_posterior_slopes, loglik=[5e-324, 0, 0])),
    Case(G, "log_posterior", _at(loglik=[1e300, 0, -1e300]), "float64", "ok",
         _closed(_log_posterior_slopes, loglik=[1e300, 0, -1e300])),
    Case(G, "log_posterior", _at(loglik=[-800, 800, 0]), "float64", "ok", _closed(_log_posterior_slopes, loglik=[-800, 800, 0])),
    Case(G, "rainbow_intensity", _at(x=[0, 5e-324, 1, -3, 30]), "float64", "ok",
         _each("x", [0, 5e-324, 1, -3, 30], _airy_slope)),
    # Ai(200) = e^-1886: its square's slope by its digits
    Case(G, "rainbow_intensity", _at(x=[200]), "float64", "ok", _each("x", [200], _airy_slope)),
    # SciPy's Ai(-1e4) by its phase (2/3) 10^6 in float64: 19 bits lost, in Ai, not in the Bi' beside it
    Case(G, "rainbow_intensity", _at(x=[-1e4]), "float64", "unstable", _each("x", [-1e4], _airy_slope),
         "return gnp.sum(sps.airy(x)[0] ** 2)"),
    # SciPy's airy gives NaN at 1e10, where Ai is e^-6.7e14 (float64's 0)
    Case(G, "rainbow_intensity", _at(x=[1e10]), "float64", "unstable", _each("x", [1e10], _airy_slope),
         "return gnp.sum(sps.airy(x)[0] ** 2)"),
    Case(G, "rainbow_log_intensity", _at(x=[3, -1.5, 1e-300]), "float64", "ok", _each("x", [3, -1.5, 1e-300], _airy_log_slope)),
    # Ai(200)^2 underflows to 0: log(0), where the slope is -28.3
    Case(G, "rainbow_log_intensity", _at(x=[200]), "float64", "unstable", _each("x", [200], _airy_log_slope),
         "return gnp.sum(gnp.log(sps.airy(x)[0] ** 2))"),
    Case(G, "bessel_y0", _at(x=[1e-300, 1, 2.5]), "float64", "ok", _each("x", [1e-300, 1, 2.5], _y0_slope)),
    # SciPy's y1 at 1e300 reduces its argument in float64: -6.5e-151 where Y1 is 7.9e-151
    Case(G, "bessel_y0", _at(x=[1e300]), "float64", "unstable", _each("x", [1e300], _y0_slope), "return gnp.sum(sps.y0(x))"),
    # 2 / (pi 5e-324) = 1.3e323: beyond float64
    Case(G, "bessel_y0", _at(x=[5e-324]), "float64", "domain", _each("x", [5e-324], _y0_slope)),
    Case(G, "bessel_y1", _at(x=[1e-150, 3]), "float64", "ok", _each("x", [1e-150, 3], _y1_slope)),
    # 2 / (pi x^2) = 6e399
    Case(G, "bessel_y1", _at(x=[1e-200]), "float64", "domain", _each("x", [1e-200], _y1_slope)),
    Case(G, "bessel_j0", _at(x=[5e-324, 2.404825557695773, 1e-300]), "float64", "ok",
         _each("x", [5e-324, 2.404825557695773, 1e-300], _j0_slope)),
    # SciPy's j1 at 1e300 and 1e22 reduces its argument in float64: -4.6e-151 where J1 is -1.4e-151, and 4.2e-12 where it is -7.8e-12
    Case(G, "bessel_j0", _at(x=[1e300, 1e22]), "float64", "unstable", _each("x", [1e300, 1e22], _j0_slope),
         "return gnp.sum(sps.j0(x))"),
    # slopes of (5e-11)^49 / 49!: text only
    Case(G, "high_mode", _at(x=[1e-10, 60, 1e-300]), "float64", "ok", _each("x", [1e-10, 60, 1e-300], _j50_slope)),
    Case(G, "guided_field", _at(r=[0, 1e-300, 0.5]), "float64", "ok", _each("r", [0, 1e-300, 0.5], _guided_slope)),
    # c r = 1.19e-323 is subnormal: float64 holds 9.9e-324, and the slope -2.9e-323 comes out one step short
    Case(G, "guided_field", _at(r=[5e-324]), "float64", "unstable", _each("r", [5e-324], _guided_slope),
         "return gnp.sum(sps.j0(FIRST_ZERO * r) ** 2)"),
    # 1.2e-16 from J0's zero SciPy's j0 keeps no digit of J0 = -6e-17: nor of the slope 2 c J0 J1
    Case(G, "guided_field", _at(r=[1]), "float64", "unstable", _each("r", [1], _guided_slope),
         "return gnp.sum(sps.j0(FIRST_ZERO * r) ** 2)"),
    Case(G, "ellipse_perimeter", _at(a=[1, 2, 3], b=[1, 1, 0.1]), "float64", "ok",
         _closed(_perimeter_slopes, a=[1, 2, 3], b=[1, 1, 0.1])),
    # m = 1 - 1e-200 rounds to 1, where E'(1) = -inf: inf for a slope of 9e-98
    Case(G, "ellipse_perimeter", _at(a=[1], b=[1e-100]), "float64", "unstable", _closed(_perimeter_slopes, a=[1], b=[1e-100]),
         "return gnp.sum(4 * a * sps.ellipe(1 - (b / a) ** 2))"),
    Case(G, "ellipse_perimeter_rg", _at(a=[1, 2, 3], b=[1, 1, 0.1]), "float64", "ok",
         _closed(_perimeter_slopes, a=[1, 2, 3], b=[1, 1, 0.1])),
    Case(G, "ellipse_perimeter_rg", _at(a=[1], b=[1e-100]), "float64", "ok", _closed(_perimeter_slopes, a=[1], b=[1e-100])),
    # b^2 = 1e-400 underflows to 0, where R_G's slope in its last argument is infinite
    Case(G, "ellipse_perimeter_rg", _at(a=[1], b=[1e-200]), "float64", "unstable",
         _closed(_perimeter_slopes, a=[1], b=[1e-200]), "return gnp.sum(8 * sps.elliprg(0.0, a * a, b * b))"),
    Case(G, "ellipsoid_area", _at(a=[1, 3], b=[1, 2], c=[1, 1]), "float64", "ok",
         _closed(_ellipsoid_slopes, a=[1, 3], b=[1, 2], c=[1, 1])),
    # a^2 b^2 = 6e400 overflows
    Case(G, "ellipsoid_area", _at(a=[3e100], b=[2e100], c=[1e100]), "float64", "unstable",
         _closed(_ellipsoid_slopes, a=[3e100], b=[2e100], c=[1e100]),
         "return gnp.sum(4 * gnp.pi * sps.elliprg(a * a * b * b, a * a * c * c, b * b * c * c))"),
    Case(G, "ellipsoid_area_scaled", _at(a=[3e100], b=[2e100], c=[1e100]), "float64", "ok",
         _closed(_ellipsoid_slopes, a=[3e100], b=[2e100], c=[1e100])),
    Case(G, "ellipsoid_area_scaled", _at(a=[3, 1e-100], b=[2, 2e-100], c=[1, 3e-100]), "float64", "ok",
         _closed(_ellipsoid_slopes, a=[3, 1e-100], b=[2, 2e-100], c=[1, 3e-100])),
    # max(a, b, c) has no derivative at a tie, but s^2 S(a/s, b/s, c/s) is S: smooth
    Case(G, "ellipsoid_area_scaled", _at(a=[1], b=[1], c=[1]), "float64", "ok", _closed(_ellipsoid_slopes, a=[1], b=[1], c=[1])),
    Case(G, "ellipsoid_area_scaled", _at(a=[1e100], b=[1e100], c=[5e99]), "float64", "ok",
         _closed(_ellipsoid_slopes, a=[1e100], b=[1e100], c=[5e99])),
    Case(G, "reciprocal_gamma_by_sign", _at(x=[-2.5, 3, 1e-300, -1e-300]), "float64", "ok",
         _each("x", [-2.5, 3, 1e-300, -1e-300], _rgamma_slope)),
    # 1/199! and 1/999!: text only
    Case(G, "reciprocal_gamma_by_sign", _at(x=[200, 1000]), "float64", "ok", _each("x", [200, 1000], _rgamma_slope)),
    Case(G, "laplace_log_density", _at(x=[5e-324, -5e-324, -1e300, 3]), "float64", "ok",
         _each("x", [5e-324, -5e-324, -1e300, 3], _laplace_slope)),
    Case(G, "laplace_log_density", _at(x=[0]), "float64", "domain", _each("x", [0], _laplace_slope)),
    Case(G, "clipped_log_likelihood", _at(p=[2e-300, 5e-324, 0.5, 0.9999999999999999]), "float64", "ok",
         _each("p", [2e-300, 5e-324, 0.5, 0.9999999999999999], _clipped_slope)),
    Case(G, "clipped_log_likelihood", _at(p=[1e-300]), "float64", "domain", _each("p", [1e-300], _clipped_slope)),
    Case(G, "clipped_log_likelihood", _at(p=[1]), "float64", "domain", _each("p", [1], _clipped_slope)),
    # the idle branch's (-50 / 1000)^1.5 is NaN, and its slope NaN times where's 0
    Case(G, "delayed_cumulative_hazard_where", _at(t=[50]), "float64", "wrong", _each("t", [50], _delayed_slope),
         "return gnp.sum(gnp.where(t > FAILURE_FREE, ((t - FAILURE_FREE) / SCALE) ** 1.5, 0.0))"),
    Case(G, "delayed_cumulative_hazard_where", _at(t=[100, 2100]), "float64", "ok", _each("t", [100, 2100], _delayed_slope)),
    # (1e-6)^59 underflows: log(0)
    Case(G, "weibull_log_hazard_naive", _at(shape=[60]), "float64", "unstable", _each("shape", [60], _log_hazard_shape_slope),
         "return gnp.sum(gnp.log(shape / SCALE * (AGE / SCALE) ** (shape - 1)))"),
    Case(G, "weibull_log_hazard_naive", _at(shape=[2, 0.5]), "float64", "ok",
         _each("shape", [2, 0.5], _log_hazard_shape_slope)),
    Case(G, "weibull_log_hazard", _at(shape=[60, 2, 1e300]), "float64", "ok",
         _each("shape", [60, 2, 1e300], _log_hazard_shape_slope)),
    Case(G, "chi2_pvalue_in_df", _at(df=[4, 60, 0.5]), "float64", "ok", _each("df", [4, 60, 0.5], _df_slope)),
    Case(G, "log_posterior", _at(loglik=[-1e308, 5e307, 0]), "float64", "ok",
         _closed(_log_posterior_slopes, loglik=[-1e308, 5e307, 0])),
    # log p0 = -3.4e308 is past float64's range: no float64 program returns it
    Case(G, "log_posterior", _at(loglik=[-1.7e308, 1.7e308, 0]), "float64", "domain",
         _closed(_log_posterior_slopes, loglik=[-1.7e308, 1.7e308, 0])),
    Case(G, "weibull_hazzard", _at(t=[1]), "float64", "input-error", message=("weibull_hazzard",)),
    Case(G, "ellipse_perimeter", _at(a=[1]), "float64", "input-error", message=("b",)),
    Case(G, "ellipse_perimeter", "a=[1,2],b=[1,two]", "float64", "input-error", message=("two",)),
]

TREES = [
    Case(G, "weibull_nll", None, "float64", "ok", FIT_TRUTH, args="weibull_fit_args", wrt="params"),
    # u^k = 2.5e11 at the third unit: e^-2.5e11 underflows, log(0)
    Case(G, "weibull_nll_naive", None, "float64", "unstable", FIT_TRUTH, args="weibull_fit_args", wrt="params"),
    Case(G, "weibull_nll", None, "float32", "ok", hp(lambda: {"params.log_shape": FIT_TRUTH()["params.log_shape"]}),
         args="weibull_fit_args", wrt="params.log_shape"),
    Case(G, "weibull_nll_naive", None, "float32", "input-error", args="weibull_fit_args", wrt="params.log_shap",
         message=("params.log_shap",)),
]

NP = [
    Case(N, "weibull_hazard_naive", _at(t=[30000]), "float64", "unstable", _each("t", [30000], HAZARD),
         "return np.sum(2.0 / 1000.0 * u * np.exp(-u ** 2) / np.exp(-u ** 2))"),
    Case(N, "weibull_hazard", _at(t=[30000, 5e-324]), "float64", "ok", _each("t", [30000, 5e-324], HAZARD)),
    Case(N, "two_of_three_unreliability_naive", _at(q=[1e-300]), "float64", "unstable",
         _each("q", [1e-300], _two_of_three_slope), "return np.sum(1 - special.bdtrc(1, 3, 1 - q))"),
    Case(N, "two_of_three_unreliability", _at(q=[1e-300, 0.25]), "float64", "ok",
         _each("q", [1e-300, 0.25], _two_of_three_slope)),
    Case(N, "mixture_log_reliability_naive", _at(t=[1e5]), "float64", "unstable", _each("t", [1e5], _mixture_slope)),
    Case(N, "mixture_log_reliability", _at(t=[1e5]), "float64", "ok", _each("t", [1e5], _mixture_slope)),
    Case(N, "chi2_log_pvalue_naive", _at(x=[100]), "float64", "unstable", _each("x", [100], _chi2_log_slope),
         "return np.sum(np.log(1 - special.chdtr(4, x)))"),
    Case(N, "chi2_log_pvalue", _at(x=[2000, 1e300]), "float64", "ok", _each("x", [2000, 1e300], _chi2_log_slope)),
    Case(N, "posterior_naive", _at(loglik=[-800, -800, -801]), "float64", "unstable",
         _closed(_posterior_slopes, loglik=[-800, -800, -801])),
    Case(N, "posterior", _at(loglik=[-800, -800, -801]), "float64", "ok", _closed(_posterior_slopes, loglik=[-800, -800, -801])),
    Case(N, "rainbow_intensity", _at(x=[1, 200]), "float64", "ok", _each("x", [1, 200], _airy_slope)),
    # the loss is in Ai, which the next line reads; Bi and its slope are unpacked and never read
    Case(N, "rainbow_intensity", _at(x=[-1e4]), "float64", "unstable", _each("x", [-1e4], _airy_slope),
         "ai, aip, bi, bip = special.airy(x)"),
    Case(N, "bessel_y0", _at(x=[1e-300, 2.5]), "float64", "ok", _each("x", [1e-300, 2.5], _y0_slope)),
    Case(N, "ellipse_perimeter", _at(a=[1], b=[1e-100]), "float64", "unstable", _closed(_perimeter_slopes, a=[1], b=[1e-100])),
    Case(N, "ellipse_perimeter", _at(a=[2, 1], b=[1, 1]), "float64", "ok", _closed(_perimeter_slopes, a=[2, 1], b=[1, 1])),
    Case(N, "ellipse_perimeter", _at(a=[1], c=[1]), "float64", "input-error", message=("b",)),
]

HAZARD32 = _hazard_slope("float32")

FLOAT32 = [
    # e^-121 underflows float32: 0 / 0
    Case(G, "weibull_hazard_naive", _at(t=[11000]), "float32", "unstable", _each("t", [11000], HAZARD32, "float32")),
    Case(G, "weibull_hazard", _at(t=[11000, 0.5]), "float32", "ok", _each("t", [11000, 0.5], HAZARD32, "float32")),
    # 1 - 1e-10 rounds to 1 in float32
    Case(G, "two_of_three_unreliability_naive", _at(q=[1e-10]), "float32", "unstable",
         _each("q", [1e-10], _two_of_three_slope, "float32")),
    Case(G, "two_of_three_unreliability", _at(q=[1e-10, 1e-30]), "float32", "ok",
         _each("q", [1e-10, 1e-30], _two_of_three_slope, "float32")),
    Case(G, "chi2_log_pvalue_closed", _at(x=[200, 1e30]), "float32", "ok", _each("x", [200, 1e30], _chi2_log_slope, "float32")),
    # e^-120 underflows float32: 0 / 0
    Case(G, "posterior_naive", _at(loglik=[-120, -120, -121]), "float32", "unstable",
         _closed(_posterior_slopes, "float32", loglik=[-120, -120, -121])),
    Case(G, "posterior", _at(loglik=[-120, -120, -121]), "float32", "ok",
         _closed(_posterior_slopes, "float32", loglik=[-120, -120, -121])),
    # Ai(30) = e^-109.5 is below float32's smallest number: 0, and so is the slope 2 Ai Ai' = -e^-214
    Case(G, "rainbow_intensity", _at(x=[30, 1]), "float32", "ok", _each("x", [30, 1], _airy_slope, "float32")),
    Case(G, "rainbow_log_intensity", _at(x=[30]), "float32", "unstable", _each("x", [30], _airy_log_slope, "float32"),
         "return gnp.sum(gnp.log(sps.airy(x)[0] ** 2))"),
    Case(G, "bessel_y0", _at(x=[1e-30, 2.5]), "float32", "ok", _each("x", [1e-30, 2.5], _y0_slope, "float32")),
    # float32's 1e-40 is subnormal: a slope of 6.4e39, past float32's 3.4e38
    Case(G, "bessel_y0", _at(x=[1e-40]), "float32", "domain", _each("x", [1e-40], _y0_slope, "float32")),
]


def _scalar(name, value, slope):
    return hp(lambda: {name: slope(_in("float64", [value])[0])})


def _formula_perimeter(a, b):
    def truth():
        slopes = _perimeter_slopes(_in("float64", [a]), _in("float64", [b]))
        return {"a": slopes["a"][0], "b": slopes["b"][0]}
    return hp(truth)


def _upper_tail_log_slope(z):
    """log Q(z): -phi(z) / Q(z)."""
    return -mpmath.npdf(z) / mpmath.ncdf(-z)


HAZARD_TEXT = "2*t/1000^2*exp(-(t/1000)^2)/exp(-(t/1000)^2)"
PERIMETER = "4*a*ellipe(1 - (b/a)^2)"

FORMULAS = [
    Case(F, HAZARD_TEXT, "t=30000", "float64", "unstable", hp(lambda: {"t": mpmath.mpf(2) / 10 ** 6})),
    Case(F, HAZARD_TEXT, "t=500", "float64", "ok", hp(lambda: {"t": mpmath.mpf(2) / 10 ** 6})),
    Case(F, "2*t/1000^2", "t=30000", "float64", "ok", hp(lambda: {"t": mpmath.mpf(2) / 10 ** 6})),
    Case(F, "log(exp(-(t/1000)^2))", "t=100000", "float64", "unstable", _scalar("t", 1e5, _log_reliability_slope)),
    Case(F, "log(1 - ndtr(z))", "z=10", "float64", "unstable", _scalar("z", 10, _upper_tail_log_slope)),
    Case(F, "log_ndtr(-z)", "z=10", "float64", "ok", _scalar("z", 10, _upper_tail_log_slope)),
    Case(F, "log_ndtr(-z)", "z=40", "float64", "ok", _scalar("z", 40, _upper_tail_log_slope)),
    Case(F, "log1p(x/2) - x/2", "x=1e300", "float64", "ok", _scalar("x", 1e300, _chi2_log_slope)),
    Case(F, "log1p(x/2) - x/2", "x=5e-324", "float64", "ok", _scalar("x", 5e-324, _chi2_log_slope)),
    Case(F, PERIMETER, "a=1,b=1e-100", "float64", "unstable", _formula_perimeter(1, 1e-100)),
    Case(F, PERIMETER, "a=1,b=1", "float64", "ok", _formula_perimeter(1, 1)),
    Case(F, PERIMETER, "a=2,b=1", "float64", "ok", _formula_perimeter(2, 1)),
    # a formula's literal beside a variable is the number the dtype holds: float64's 0.3 minus itself, a kink
    Case(F, "abs(x - 0.3)/2", "x=0.3", "float64", "domain", hp(lambda: {"x": NAN})),
    Case(F, "abs(x - 0.3)/2", "x=0.30000000000000004", "float64", "ok", hp(lambda: {"x": mpmath.mpf(1) / 2})),
    Case(F, "abs(x - 0.5)/2", "x=0.5", "float64", "domain", hp(lambda: {"x": NAN})),
    Case(F, "maximum(0, t - 100)^1.5", "t=100", "float64", "ok", hp(lambda: {"t": mpmath.mpf(0)})),
    # the clip's bound is float64's 1e-300 too: the point is on the switch
    Case(F, "log(clip(p, 1e-300, 1))", "p=1e-300", "float64", "domain", hp(lambda: {"p": NAN})),
    Case(F, "log(clip(p, 1e-300, 1))", "p=1.0000000000000002e-300", "float64", "ok",
         _scalar("p", 1.0000000000000002e-300, lambda p: 1 / p)),
    Case(F, "log(clip(p, 1e-300, 1))", "p=5e-324", "float64", "ok", hp(lambda: {"p": mpmath.mpf(0)})),
    Case(F, PERIMETER.replace("^2)", "^2"), "a=1,b=1", "float64", "input-error", message=("(",)),
    Case(F, "airy(x)^2", "x=1", "float64", "input-error", message=("airy",)),
    Case(F, PERIMETER, "a=1", "float64", "input-error", message=("b",)),
]

ALL = GN + TREES + NP + FLOAT32 + FORMULAS
