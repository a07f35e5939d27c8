"""The thirty-eighth trial set (third part): issue 27's classes on Python functions written against gradcli.numpy and
gradcli.scipy, on plain NumPy and on formulas, in domains not tried before: the Snake activation x + sin(a x)^2 / a in
its frequency at 1e-300 and 5e-324 (sin^2 underflowing under a quotient by a) and by a sinc; Saha's ionisation
fraction, the root of x^2 + s x - s, by the school formula (cancelling at s = 1e20, s^2 overflowing at 1e200), by its
rationalised form (whose quotient rule cancels at 1e20) and by 2 / (1 + sqrt(1 + 4/s)) (its slope 1e-400 at 1e200 by
its digits; 4/s^2 overflowing against an underflowed upstream at 1e-300), Saha's ratio t^1.5 e^-1/t at t = 1e-3 and
1e-300 (slopes e^-1000 and e^-1e300, text only); a Hardy-Weinberg log-likelihood by logs and by xlogy/xlog1py at
1e-300, 1 - 2^-53 and 5e-324; a LOD score with no recombinant, xlogy(0, theta) at theta = 0 and at subnormals; sound
pressure levels by p^2 (underflowing at 1e-200, overflowing at 1e200) and by |p|, levels added by powers of ten
(10^400 overflowing, 10^-400 underflowing) and by logsumexp (at 1e300 its weight e^-2.3e299); the Nelson-Siegel
loadings (1 - e^-x)/x by hand (cancelling at 1e-10) and by exprel (at 0 and 1e-300), in the decay time at 1e-300
and 1e300; a Yukawa potential at r = 800 and 1e300 (text-only slopes), its log, a pair energy over a norm at 1e-200
and 1e200; the Rayleigh log-cdf by 1 - exp (cancelling at 1e-10) and by expm1 (x^2 underflowing at 1e-200), its
log-density in x and in its scale; the arithmetic-geometric mean at 1e-300 and 1e300; a pendulum's Jacobi sn at
m = 1/2 and 1; the incomplete elliptic integral E(phi | m) at phi = pi/2 in float64; a dead zone by where at and
beside its switches, a squared dead zone (C1 at +-1, flat at 0); softmax and log_softmax populations at +-800 and
1e300, a norm at 3e-300, a signed logsumexp 2^-53 from its zero, a binary entropy at 5e-324; float32, formulas of the
same classes and input errors.

Truths are the mathematics written here in mpmath at 2,000 digits (closed forms), never the user files' code; points
are the numbers the dtype holds, constants the float64 numbers the program writes (a constant beside a float32 array
is float32's number). A slope whose true value is beyond float64's range has the verdict `domain`.
"""

import math

import mpmath

from cases import Case
from cases5 import _in, hp
from cases21c import _at, _each
from cases26c import _closed
from cases35c import _f, _softmax

G, N, F = "gn_lib38c.py", "numpy_lib38c.py", "formula"
NAN = mpmath.nan


# --- the mathematics, written here ---------------------------------------------------------------------------------

def _snake_x_slope(x, a=mpmath.mpf(1) / 2):
    """d/dx (x + sin(a x)^2 / a) = 1 + sin(2 a x)."""
    return 1 + mpmath.sin(2 * a * x)


def _snake_a_slope(a, x=mpmath.mpf(2)):
    """d/da sin(a x)^2 / a = (a x sin(2 a x) - sin(a x)^2) / a^2."""
    return (a * x * mpmath.sin(2 * a * x) - mpmath.sin(a * x) ** 2) / (a * a)


def _ionisation_slope(s):
    """x = 2 / (1 + u), u = sqrt(1 + 4/s): dx/ds = 4 / (s^2 u (1 + u)^2)."""
    u = mpmath.sqrt(1 + 4 / s)
    return 4 / (s * s * u * (1 + u) ** 2)


def _saha_log_slope(t):
    return mpmath.mpf(3) / (2 * t) + 1 / (t * t)


def _saha_slope(t):
    """d/dt t^1.5 e^(-1/t) = e^(-1/t) (1.5 t^0.5 + t^-0.5)."""
    return mpmath.exp(-1 / t) * (mpmath.mpf(3) / 2 * mpmath.sqrt(t) + 1 / mpmath.sqrt(t))


def _hw_slope(p):
    """(2 n_AA + n_Aa) log p + (n_Aa + 2 n_aa) log(1 - p) + n_Aa log 2: 110/p - 90/(1 - p)."""
    return 110 / p - 90 / (1 - p)


def _lod_slope(theta):
    """xlogy(0, theta) is 0 for every theta: d/dtheta 12 log(1 - theta) / log 10."""
    return -12 / ((1 - theta) * mpmath.log(10))


def _spl_slope(p):
    """d/dp 20 log10 |p| = 20 / (p log 10)."""
    return 20 / (p * mpmath.log(10))


def _level_slopes(levels):
    """d/dL_i 10 log10 sum 10^(L_j / 10): the softmax of L log(10) / 10."""
    return {"levels": _softmax([v * mpmath.log(10) / 10 for v in levels])}


def _level_slopes_lse(levels, dtype="float64"):
    """10 / log(10) * logsumexp(L * (log(10) / 10)), both constants the program's numbers: A c softmax(c L)."""
    ln10 = math.log(10)
    a, c = _in(dtype, [10 / ln10, ln10 / 10])
    return {"levels": [a * c * w for w in _softmax([c * v for v in levels])]}


def _level_slopes_np(levels):
    """numpy_lib38c: 10 / log(10) * logsumexp(L * log(10) / 10), the product and the tenth exact."""
    ln10 = _f(math.log(10))
    a, c = _f(10 / math.log(10)), ln10 / 10
    return {"levels": [a * c * w for w in _softmax([c * v for v in levels])]}


def _g_slope(x):
    """d/dx (1 - e^-x) / x = (e^-x (1 + x) - 1) / x^2; -1/2 at 0."""
    if x == 0:
        return -mpmath.mpf(1) / 2
    return (mpmath.exp(-x) * (1 + x) - 1) / (x * x)


def _slope_loading_slope(t, tau=mpmath.mpf(2)):
    return _g_slope(t / tau) / tau


def _curvature_slope(t, tau=mpmath.mpf(2)):
    """d/dt (g(x) - e^-x), x = t / tau."""
    x = t / tau
    return (_g_slope(x) + mpmath.exp(-x)) / tau


def _loading_tau_slope(tau, m=mpmath.mpf(5)):
    """d/dtau (1 - e^(-m/tau)) tau / m = (1 - e^(-m/tau)) / m - e^(-m/tau) / tau."""
    e = mpmath.exp(-m / tau)
    return -mpmath.expm1(-m / tau) / m - e / tau


def _yukawa_slope(r):
    """d/dr -e^-r / r = e^-r (1/r + 1/r^2)."""
    return mpmath.exp(-r) * (1 / r + 1 / (r * r))


def _pair_slopes(x):
    r = mpmath.sqrt(sum(v * v for v in x))
    return {"x": [_yukawa_slope(r) * v / r for v in x]}


def _rayleigh_cdf_slope(x):
    """d/dx log(1 - e^(-x^2/2)) = x / (e^(x^2/2) - 1)."""
    return x / mpmath.expm1(x * x / 2)


def _rayleigh_scale_slope(s):
    """d/ds (-2 log s - 9 / (2 s^2)) = -2/s + 9/s^3."""
    return -2 / s + 9 / s ** 3


def _agm_slope(x):
    """agm(1, x) = pi / (2 K(1 - x^2)) for 0 < x < 1: its slope pi (E - x^2 K) / (2 m x K^2), m = 1 - x^2; above 1,
    agm(1, x) = x agm(1, 1/x)."""
    if x > 1:
        y = 1 / x
        return mpmath.agm(1, y) - _agm_slope(y) / x
    m = 1 - x * x
    k, e = mpmath.ellipk(m), mpmath.ellipe(m)
    return mpmath.pi * (e - x * x * k) / (2 * m * x * k * k)


def _sn_slope(u, m=mpmath.mpf(1) / 2):
    """d/du sn(u | m) = cn dn."""
    return mpmath.ellipfun("cn", u, m=m) * mpmath.ellipfun("dn", u, m=m)


def _sech2(u):
    return 1 / mpmath.cosh(u) ** 2


def _arc_slope(phi, m=mpmath.mpf(1)):
    """d/dphi E(phi | m) = sqrt(1 - m sin^2 phi), written cos^2 + (1 - m) sin^2: no cancellation."""
    return mpmath.sqrt(mpmath.cos(phi) ** 2 + (1 - m) * mpmath.sin(phi) ** 2)


def _dead_zone_slope(x):
    return NAN if abs(x) == 1 else (mpmath.mpf(1) if abs(x) > 1 else mpmath.mpf(0))


def _soft_dead_zone_slope(x):
    return 2 * (abs(x) - 1) * mpmath.sign(x) if abs(x) > 1 else mpmath.mpf(0)


def _min_slope(x, top=120):
    return NAN if x == top else (mpmath.mpf(1) if x < top else mpmath.mpf(0))


def _ground_slopes(energies):
    """d softmax(E)_0 / dE_j = p_0 ([j = 0] - p_j)."""
    p = _softmax(energies)
    return {"energies": [p[0] * ((1 if j == 0 else 0) - pj) for j, pj in enumerate(p)]}


def _second_log_slopes(energies):
    p = _softmax(energies)
    return {"energies": [(1 if j == 1 else 0) - pj for j, pj in enumerate(p)]}


def _norm_slopes(x):
    r = mpmath.sqrt(sum(v * v for v in x))
    return {"x": [v / r for v in x]}


def _net_flux_slopes(x):
    """log(e^x0 - e^x1): 1 / (1 - e^(x1 - x0)) and -1 / (e^(x0 - x1) - 1)."""
    return {"x": [-1 / mpmath.expm1(x[1] - x[0]), -1 / mpmath.expm1(x[0] - x[1])]}


def _entropy_slope(p):
    return mpmath.log1p(-p) - mpmath.log(p)


# --- the cases -----------------------------------------------------------------------------------------------------

GN = [
    Case(G, "snake", _at(x=[0.5, -3, 1e-300, 1e300, 5e-324]), "float64", "ok",
         _each("x", [0.5, -3, 1e-300, 1e300, 5e-324], _snake_x_slope)),
    Case(G, "snake_in_freq", _at(a=[0.5, 3, 1e-10, 1e300]), "float64", "ok",
         _each("a", [0.5, 3, 1e-10, 1e300], _snake_a_slope)),
    # sin(a x)^2 = 4e-600 underflows to 0: the quotient's slope -s^2/a^2 is lost, the slope comes out 8 for 4
    Case(G, "snake_in_freq", _at(a=[1e-300]), "float64", "unstable", _each("a", [1e-300], _snake_a_slope)),
    Case(G, "snake_in_freq", _at(a=[5e-324]), "float64", "unstable", _each("a", [5e-324], _snake_a_slope)),
    Case(G, "snake_in_freq_sinc", _at(a=[0.5, 3, 1e-10, 1e-300, 5e-324]), "float64", "ok",
         _each("a", [0.5, 3, 1e-10, 1e-300, 5e-324], _snake_a_slope)),
    # sqrt(s^2 + 4 s) = s to the last bit: -s + s = 0 where x = 1 - 1e-20 and its slope 1e-40
    Case(G, "ionisation_naive", _at(s=[1e20]), "float64", "unstable", _each("s", [1e20], _ionisation_slope),
         "return gnp.sum((-s + gnp.sqrt(s * s + 4 * s)) / 2)"),
    Case(G, "ionisation_naive", _at(s=[1e200]), "float64", "unstable", _each("s", [1e200], _ionisation_slope),
         "return gnp.sum((-s + gnp.sqrt(s * s + 4 * s)) / 2)"),
    Case(G, "ionisation_naive", _at(s=[0.5, 3, 1e-300]), "float64", "ok", _each("s", [0.5, 3, 1e-300], _ionisation_slope)),
    # 2/D - 2 s D'/D^2 = 1e-20 - 1e-20: the slope 1e-40 cancels to 0
    Case(G, "ionisation_rationalised", _at(s=[1e20]), "float64", "unstable", _each("s", [1e20], _ionisation_slope)),
    Case(G, "ionisation_rationalised", _at(s=[1e200]), "float64", "unstable", _each("s", [1e200], _ionisation_slope)),
    Case(G, "ionisation_rationalised", _at(s=[0.5, 3, 1e-300]), "float64", "ok",
         _each("s", [0.5, 3, 1e-300], _ionisation_slope)),
    # at 1e200 the slope 1e-400 by its digits; at 1e300, 1e-600
    Case(G, "ionisation", _at(s=[0.5, 3, 1e20, 1e200, 1e300]), "float64", "ok",
         _each("s", [0.5, 3, 1e20, 1e200, 1e300], _ionisation_slope)),
    # -4/s^2 = -4e600 overflows against an upstream of -1.25e-451 that underflowed: 0 * inf
    Case(G, "ionisation", _at(s=[1e-300]), "float64", "unstable", _each("s", [1e-300], _ionisation_slope)),
    Case(G, "saha_log_ratio", _at(t=[0.1, 1e-100, 1e300, 3]), "float64", "ok",
         _each("t", [0.1, 1e-100, 1e300, 3], _saha_log_slope)),
    # 1/t^2 = 1e400: beyond float64
    Case(G, "saha_log_ratio", _at(t=[1e-200]), "float64", "domain", _each("t", [1e-200], _saha_log_slope)),
    # slopes e^-1000 and e^-1e300 by their digits
    Case(G, "saha_ratio", _at(t=[0.5, 3, 1e-3]), "float64", "ok", _each("t", [0.5, 3, 1e-3], _saha_slope)),
    # -1/t's slope 1/t^2 = 1e600 overflows against an upstream e^-1e300 that underflowed to 0: 0 * inf
    Case(G, "saha_ratio", _at(t=[1e-300]), "float64", "unstable", _each("t", [1e-300], _saha_slope),
         "return gnp.sum(t ** 1.5 * gnp.exp(-1 / t))"),
    Case(G, "hardy_weinberg", _at(p=[0.3, 1e-300, 0.9999999999999999, 0.55]), "float64", "ok",
         _each("p", [0.3, 1e-300, 0.9999999999999999, 0.55], _hw_slope)),
    # 110 / 5e-324: beyond float64
    Case(G, "hardy_weinberg", _at(p=[5e-324]), "float64", "domain", _each("p", [5e-324], _hw_slope)),
    Case(G, "hardy_weinberg_xlogy", _at(p=[0.3, 1e-300, 0.9999999999999999]), "float64", "ok",
         _each("p", [0.3, 1e-300, 0.9999999999999999], _hw_slope)),
    Case(G, "hardy_weinberg_xlogy", _at(p=[5e-324]), "float64", "domain", _each("p", [5e-324], _hw_slope)),
    Case(G, "lod_score", _at(theta=[0.25, 1e-300, 5e-324]), "float64", "ok",
         _each("theta", [0.25, 1e-300, 5e-324], _lod_slope)),
    # xlogy(0, theta) is 0 for every theta: at theta = 0 the slope is -12 / log 10
    Case(G, "lod_score", _at(theta=[0]), "float64", "ok", _each("theta", [0], _lod_slope)),
    Case(G, "lod_score_naive", _at(theta=[0.25, 1e-300, 5e-324]), "float64", "ok",
         _each("theta", [0.25, 1e-300, 5e-324], _lod_slope)),
    # p^2 = 1e-400 underflows: log10(0)
    Case(G, "spl_naive", _at(p=[1e-200]), "float64", "unstable", _each("p", [1e-200], _spl_slope),
         "return gnp.sum(10 * gnp.log10(p ** 2 / P_REF ** 2))"),
    Case(G, "spl_naive", _at(p=[1e200]), "float64", "unstable", _each("p", [1e200], _spl_slope),
         "return gnp.sum(10 * gnp.log10(p ** 2 / P_REF ** 2))"),
    Case(G, "spl_naive", _at(p=[1, 0.02, 1e-100, -3]), "float64", "ok", _each("p", [1, 0.02, 1e-100, -3], _spl_slope)),
    Case(G, "spl", _at(p=[1, 1e-200, 1e200, -3, 1e-300]), "float64", "ok",
         _each("p", [1, 1e-200, 1e200, -3, 1e-300], _spl_slope)),
    # 20 / (5e-324 log 10) = 1.7e324: beyond float64
    Case(G, "spl", _at(p=[5e-324]), "float64", "domain", _each("p", [5e-324], _spl_slope)),
    Case(G, "total_level_naive", _at(levels=[60, 63, 70]), "float64", "ok", _closed(_level_slopes, levels=[60, 63, 70])),
    # 10^400 overflows: inf / inf
    Case(G, "total_level_naive", _at(levels=[4000, 3990]), "float64", "unstable",
         _closed(_level_slopes, levels=[4000, 3990]), "return 10 * gnp.log10(gnp.sum(10 ** (levels / 10)))"),
    # 10^-400 underflows: log10(0)
    Case(G, "total_level_naive", _at(levels=[-4000, -3990]), "float64", "unstable",
         _closed(_level_slopes, levels=[-4000, -3990]), "return 10 * gnp.log10(gnp.sum(10 ** (levels / 10)))"),
    Case(G, "total_level", _at(levels=[60, 63, 70]), "float64", "ok", _closed(_level_slopes_lse, levels=[60, 63, 70])),
    Case(G, "total_level", _at(levels=[4000, 3990]), "float64", "ok", _closed(_level_slopes_lse, levels=[4000, 3990])),
    Case(G, "total_level", _at(levels=[-4000, -3990]), "float64", "ok",
         _closed(_level_slopes_lse, levels=[-4000, -3990])),
    # the second weight e^-2.3e299 by its digits
    Case(G, "total_level", _at(levels=[1e300, 0]), "float64", "ok", _closed(_level_slopes_lse, levels=[1e300, 0])),
    Case(G, "total_level", _at(levels=[5e-324, 0, -5e-324]), "float64", "ok",
         _closed(_level_slopes_lse, levels=[5e-324, 0, -5e-324])),
    Case(G, "clipped_level", _at(levels=[120]), "float64", "domain", _each("levels", [120], _min_slope)),
    Case(G, "clipped_level", _at(levels=[119.99999999999999, 120.00000000000001, 5e-324, -1e300]), "float64", "ok",
         _each("levels", [119.99999999999999, 120.00000000000001, 5e-324, -1e300], _min_slope)),
    # 1 - e^-x at x = 1e-10 keeps 7 digits; the quotient rule's e^-x / x - (1 - e^-x) / x^2 cancels 1e10 against 1e10
    Case(G, "slope_loading_naive", _at(t=[2e-10]), "float64", "unstable", _each("t", [2e-10], _slope_loading_slope),
         "def slope_loading_naive>>return gnp.sum((1 - gnp.exp(-x)) / x)"),
    Case(G, "slope_loading_naive", _at(t=[1, 4, 2000]), "float64", "ok", _each("t", [1, 4, 2000], _slope_loading_slope)),
    Case(G, "slope_loading", _at(t=[2e-10, 0, 1, 1e-300, 2000, 1e300]), "float64", "ok",
         _each("t", [2e-10, 0, 1, 1e-300, 2000, 1e300], _slope_loading_slope)),
    Case(G, "curvature_loading", _at(t=[0, 3, 5e-324]), "float64", "ok", _each("t", [0, 3, 5e-324], _curvature_slope)),
    # the slope -1/x^2 + e^-x = -2e-600 by its digits, e^-5e299 absorbed in it
    Case(G, "curvature_loading", _at(t=[1e300]), "float64", "ok", _each("t", [1e300], _curvature_slope)),
    Case(G, "curvature_loading", _at(t=[3, 1e300]), "float64", "ok", _each("t", [3, 1e300], _curvature_slope)),
    # S1: the maturity at 0 took its difference step from e^-5e299, the other entry's term: no exact reference
    Case(G, "curvature_loading", _at(t=[0, 3, 5e-324, 1e300]), "float64", "ok",
         _each("t", [0, 3, 5e-324, 1e300], _curvature_slope)),
    # the value g(x) - e^-x = x/2 - x^2/3 from 1 - x/2 less 1 - x: 28 bits lost (its slope 1/2 is sound)
    Case(G, "curvature_loading", _at(t=[2e-10]), "float64", "unstable", _each("t", [2e-10], _curvature_slope),
         "return gnp.sum(sps.exprel(-x) - gnp.exp(-x))"),
    # x = 5e300: the slope -1/x^2 underflows to 0 and dx/dtau = -5/tau^2 overflows: 0 * inf
    Case(G, "slope_loading_in_tau", _at(tau=[1e-300]), "float64", "unstable", _each("tau", [1e-300], _loading_tau_slope)),
    # x = 5e-300: 1 - e^-x rounds to 0 where the loading is 1
    Case(G, "slope_loading_in_tau", _at(tau=[1e300]), "float64", "unstable", _each("tau", [1e300], _loading_tau_slope),
         "def slope_loading_in_tau(>>return gnp.sum((1 - gnp.exp(-x)) / x)"),
    Case(G, "slope_loading_in_tau", _at(tau=[2, 0.5, 30]), "float64", "ok", _each("tau", [2, 0.5, 30], _loading_tau_slope)),
    Case(G, "slope_loading_in_tau_stable", _at(tau=[2, 0.5, 1e300]), "float64", "ok",
         _each("tau", [2, 0.5, 1e300], _loading_tau_slope)),
    # slopes e^-800 (1/800 + 1/800^2) and e^-1e300 / 1e300 by their digits
    Case(G, "yukawa", _at(r=[1, 0.01, 1e-100, 800, 1e300]), "float64", "ok",
         _each("r", [1, 0.01, 1e-100, 800, 1e300], _yukawa_slope)),
    # e^-r / r^2 = 1e600: beyond float64
    Case(G, "yukawa", _at(r=[1e-300]), "float64", "domain", _each("r", [1e-300], _yukawa_slope)),
    Case(G, "yukawa_log", _at(r=[800, 1e300, 1e-300, 1]), "float64", "ok",
         _each("r", [800, 1e300, 1e-300, 1], lambda r: -1 - 1 / r)),
    Case(G, "yukawa_log", _at(r=[5e-324]), "float64", "domain", _each("r", [5e-324], lambda r: -1 - 1 / r)),
    Case(G, "yukawa_pair_naive", _at(x=[3, 4]), "float64", "ok", _closed(_pair_slopes, x=[3, 4])),
    # the slopes 3.5e299 pass through sqrt's backward as 5e299 / (2 r) = 1.8e449: inf
    Case(G, "yukawa_pair_naive", _at(x=[1e-150, 1e-150]), "float64", "unstable",
         _closed(_pair_slopes, x=[1e-150, 1e-150]), "r = gnp.sqrt(gnp.sum(x * x))"),
    # 1 / r^2 x / r = 3.5e399: beyond float64
    # the value -inf for -7.1e199, lost beside slopes past float64: unstable
    Case(G, "yukawa_pair_naive", _at(x=[1e-200, 1e-200]), "float64", "unstable", _closed(_pair_slopes, x=[1e-200, 1e-200])),
    # x * x overflows: r = inf, V = -0 and its slopes 0, the roundings of -e^-1.4e200 and e^-1.4e200 (1/r + 1/r^2) x/r
    Case(G, "yukawa_pair_naive", _at(x=[1e200, 1e200]), "float64", "ok", _closed(_pair_slopes, x=[1e200, 1e200])),
    Case(G, "yukawa_pair", _at(x=[3, 4]), "float64", "ok", _closed(_pair_slopes, x=[3, 4])),
    # gradcli.numpy's norm is sqrt(sum(x * x)), as JAX's: its backward overflows the same way
    Case(G, "yukawa_pair", _at(x=[1e-150, -1e-150]), "float64", "unstable", _closed(_pair_slopes, x=[1e-150, -1e-150])),
    # 1 - e^(-5e-21) rounds to 0: log(0)
    Case(G, "rayleigh_log_cdf_naive", _at(x=[1e-10]), "float64", "unstable", _each("x", [1e-10], _rayleigh_cdf_slope),
         "return gnp.sum(gnp.log(1 - gnp.exp(-x ** 2 / 2)))"),
    # the slope 40 e^-800 by its digits
    Case(G, "rayleigh_log_cdf_naive", _at(x=[1, 3, 40]), "float64", "ok", _each("x", [1, 3, 40], _rayleigh_cdf_slope)),
    Case(G, "rayleigh_log_cdf", _at(x=[1e-10, 1, 40, 1e-100, 1e100]), "float64", "ok",
         _each("x", [1e-10, 1, 40, 1e-100, 1e100], _rayleigh_cdf_slope)),
    # x^2 underflows: log(0) where the slope is 2e200
    Case(G, "rayleigh_log_cdf", _at(x=[1e-200]), "float64", "unstable", _each("x", [1e-200], _rayleigh_cdf_slope),
         "return gnp.sum(gnp.log(-gnp.expm1(-x ** 2 / 2)))"),
    Case(G, "rayleigh_log_pdf", _at(x=[1, 1e-300, 1e150]), "float64", "ok",
         _each("x", [1, 1e-300, 1e150], lambda x: 1 / x - x)),
    # the value -5e399: beyond float64
    Case(G, "rayleigh_log_pdf", _at(x=[1e200]), "float64", "domain", _each("x", [1e200], lambda x: 1 / x - x)),
    Case(G, "rayleigh_log_pdf_in_scale", _at(sigma=[1, 1e-100, 1e200]), "float64", "ok",
         _each("sigma", [1, 1e-100, 1e200], _rayleigh_scale_slope)),
    Case(G, "rayleigh_log_pdf_in_scale", _at(sigma=[1e-110]), "float64", "domain",
         _each("sigma", [1e-110], _rayleigh_scale_slope)),
    Case(G, "agm", _at(x=[0.5, 1e-300, 2, 1e300, 1e-10]), "float64", "ok", _each("x", [0.5, 1e-300, 2, 1e300, 1e-10], _agm_slope)),
    # pi / (2 x K^2) at x = 5e-324, K = 746: 5.6e317, beyond float64
    Case(G, "agm", _at(x=[5e-324]), "float64", "domain", _each("x", [5e-324], _agm_slope)),
    Case(G, "pendulum_sn", _at(u=[0.5, 40, 1e-300, -3]), "float64", "ok", _each("u", [0.5, 40, 1e-300, -3], _sn_slope)),
    # sn(u | 1) = tanh u: sech^2 400 = 1.4e-347 by its digits
    Case(G, "pendulum_sn_at_top", _at(u=[0.5, 40, 1e-300]), "float64", "ok", _each("u", [0.5, 40, 1e-300], _sech2)),
    # SciPy's ellipj(400, 1) is NaN: sech^2 400 = 1.4e-347 lost
    Case(G, "pendulum_sn_at_top", _at(u=[400]), "float64", "unstable", _each("u", [400], _sech2),
         "sn, cn, dn, ph = sps.ellipj(u, 1.0)"),
    Case(G, "arc_length", _at(phi=[0.5, 1e-300, 3]), "float64", "ok", _each("phi", [0.5, 1e-300, 3], _arc_slope)),
    # at float64's pi/2, |cos phi| = 6.1e-17: a float64 number
    Case(G, "arc_length", _at(phi=[1.5707963267948966]), "float64", "ok", _each("phi", [1.5707963267948966], _arc_slope)),
    Case(G, "arc_length_half", _at(phi=[0.5, 1e-300, 1.5707963267948966, 100]), "float64", "ok",
         _each("phi", [0.5, 1e-300, 1.5707963267948966, 100], lambda p: _arc_slope(p, mpmath.mpf(1) / 2))),
    Case(G, "dead_zone", _at(x=[0.5, 2, -3, 5e-324, 1.0000000000000002, -0.9999999999999999]), "float64", "ok",
         _each("x", [0.5, 2, -3, 5e-324, 1.0000000000000002, -0.9999999999999999], _dead_zone_slope)),
    Case(G, "dead_zone", _at(x=[1]), "float64", "domain", _each("x", [1], _dead_zone_slope)),
    Case(G, "dead_zone", _at(x=[-1]), "float64", "domain", _each("x", [-1], _dead_zone_slope)),
    # C1 at +-1: the slope 0 from both sides
    Case(G, "soft_dead_zone", _at(x=[1, -1, 2, 5e-324]), "float64", "ok", _each("x", [1, -1, 2, 5e-324], _soft_dead_zone_slope)),
    # |x| has its kink at 0, but max(|x| - 1, 0) is 0 all around it: the slope a proven 0
    Case(G, "soft_dead_zone", _at(x=[0]), "float64", "ok", _each("x", [0], _soft_dead_zone_slope)),
    # SciPy's sn at u = 1e10 keeps 6 digits: its slope cn dn off by 2e-7
    Case(G, "pendulum_sn", _at(u=[1e10]), "float64", "unstable", _each("u", [1e10], _sn_slope),
         "sn, cn, dn, ph = sps.ellipj(u, PENDULUM_M)"),
    # sin(a x)^2 = 4e-320 is subnormal: 5 digits of the quotient's -s^2/a^2 left
    Case(G, "snake_in_freq", _at(a=[1e-160]), "float64", "unstable", _each("a", [1e-160], _snake_a_slope)),
    # the first weight e^-(2.3e299) by its digits
    Case(G, "total_level", _at(levels=[-1e300, 0, 5e-324]), "float64", "ok",
         _closed(_level_slopes_lse, levels=[-1e300, 0, 5e-324])),
    # agm(a, b) is symmetric and of degree 1: at a = b = 1 each slope is 1/2
    Case(G, "agm", _at(x=[1]), "float64", "ok", _each("x", [1], lambda x: mpmath.mpf(1) / 2)),
    Case(G, "arc_length", _at(phi=[1e300]), "float64", "ok", _each("phi", [1e300], _arc_slope)),
    Case(G, "arc_length_half", _at(phi=[1e300]), "float64", "ok",
         _each("phi", [1e300], lambda p: _arc_slope(p, mpmath.mpf(1) / 2))),
    Case(G, "soft_dead_zone", _at(x=[-5e-324, 0]), "float64", "ok", _each("x", [-5e-324, 0], _soft_dead_zone_slope)),
    Case(G, "ground_population", _at(energies=[0, 5e-324]), "float64", "ok", _closed(_ground_slopes, energies=[0, 5e-324])),
    # slopes of e^-1600 / 4 by their digits
    Case(G, "ground_population", _at(energies=[800, -800]), "float64", "ok",
         _closed(_ground_slopes, energies=[800, -800])),
    Case(G, "second_log_population", _at(energies=[800, -800]), "float64", "ok",
         _closed(_second_log_slopes, energies=[800, -800])),
    # 1 - p_1 = e^-1e300 by its digits
    Case(G, "second_log_population", _at(energies=[0, 1e300]), "float64", "ok",
         _closed(_second_log_slopes, energies=[0, 1e300])),
    # x * x underflows to 0: sqrt(0), and x / 0 where the slopes are 0.6 and 0.8
    Case(G, "distance", _at(x=[3e-300, 4e-300]), "float64", "unstable", _closed(_norm_slopes, x=[3e-300, 4e-300])),
    Case(G, "distance", _at(x=[3e-100, -4e-100]), "float64", "ok", _closed(_norm_slopes, x=[3e-100, -4e-100])),
    # e^x0 - e^x1 at x1 = x0 - 2^-53: slopes of 9.0e15
    Case(G, "net_flux_log", _at(x=[1, 0.9999999999999999]), "float64", "ok",
         _closed(_net_flux_slopes, x=[1, 0.9999999999999999])),
    Case(G, "net_flux_log", _at(x=[2, 1]), "float64", "ok", _closed(_net_flux_slopes, x=[2, 1])),
    Case(G, "binary_entropy", _at(p=[1e-300, 5e-324, 0.5, 0.9999999999999999]), "float64", "ok",
         _each("p", [1e-300, 5e-324, 0.5, 0.9999999999999999], _entropy_slope)),
    Case(G, "ionisaton", _at(s=[1]), "float64", "input-error", message=("ionisaton",)),
    Case(G, "ionisation", _at(t=[1]), "float64", "input-error", message=("s",)),
    Case(G, "ionisation", "s=[1,1e2O]", "float64", "input-error", message=("1e2O",)),
]

NP = [
    Case(N, "snake_in_freq", _at(a=[0.5, 1e-10]), "float64", "ok", _each("a", [0.5, 1e-10], _snake_a_slope)),
    Case(N, "snake_in_freq", _at(a=[1e-300]), "float64", "unstable", _each("a", [1e-300], _snake_a_slope)),
    Case(N, "ionisation_naive", _at(s=[1e20]), "float64", "unstable", _each("s", [1e20], _ionisation_slope),
         "return np.sum((-s + np.sqrt(s * s + 4 * s)) / 2)"),
    Case(N, "ionisation", _at(s=[1e20, 0.5, 1e200]), "float64", "ok", _each("s", [1e20, 0.5, 1e200], _ionisation_slope)),
    Case(N, "hardy_weinberg_xlogy", _at(p=[0.3, 1e-300]), "float64", "ok", _each("p", [0.3, 1e-300], _hw_slope)),
    Case(N, "lod_score", _at(theta=[0, 1e-300, 0.25]), "float64", "ok", _each("theta", [0, 1e-300, 0.25], _lod_slope)),
    Case(N, "spl_naive", _at(p=[1e-200]), "float64", "unstable", _each("p", [1e-200], _spl_slope),
         "return np.sum(10 * np.log10(p ** 2 / 4e-10))"),
    Case(N, "spl_naive", _at(p=[1, 1e-100]), "float64", "ok", _each("p", [1, 1e-100], _spl_slope)),
    Case(N, "total_level_naive", _at(levels=[4000, 3990]), "float64", "unstable",
         _closed(_level_slopes, levels=[4000, 3990])),
    Case(N, "total_level", _at(levels=[4000, 3990]), "float64", "ok", _closed(_level_slopes_np, levels=[4000, 3990])),
    Case(N, "total_level", _at(levels=[-4000, -3990, 60]), "float64", "ok",
         _closed(_level_slopes_np, levels=[-4000, -3990, 60])),
    Case(N, "slope_loading_naive", _at(t=[2e-10]), "float64", "unstable", _each("t", [2e-10], _slope_loading_slope)),
    Case(N, "slope_loading", _at(t=[2e-10, 0, 3]), "float64", "ok", _each("t", [2e-10, 0, 3], _slope_loading_slope)),
    Case(N, "yukawa_pair", _at(x=[3, 4]), "float64", "ok", _closed(_pair_slopes, x=[3, 4])),
    # the value -inf for -7.1e199, lost beside slopes past float64: unstable
    Case(N, "yukawa_pair", _at(x=[1e-200, 1e-200]), "float64", "unstable", _closed(_pair_slopes, x=[1e-200, 1e-200])),
    Case(N, "rayleigh_log_cdf_naive", _at(x=[1e-10]), "float64", "unstable", _each("x", [1e-10], _rayleigh_cdf_slope)),
    Case(N, "rayleigh_log_cdf", _at(x=[1e-10, 40]), "float64", "ok", _each("x", [1e-10, 40], _rayleigh_cdf_slope)),
    Case(N, "agm", _at(x=[1e-300, 0.5, 1e300]), "float64", "ok", _each("x", [1e-300, 0.5, 1e300], _agm_slope)),
    Case(N, "agm", _at(y=[1]), "float64", "input-error", message=("y",)),
]

FLOAT32 = [
    Case(G, "snake", _at(x=[0.5, -3, 1e-30]), "float32", "ok", _each("x", [0.5, -3, 1e-30], _snake_x_slope, "float32")),
    # s^2 + 4 s = 1e20 + 4e10 keeps s^2 alone in float32
    Case(G, "ionisation_naive", _at(s=[1e10]), "float32", "unstable", _each("s", [1e10], _ionisation_slope, "float32")),
    Case(G, "ionisation", _at(s=[1e10, 0.5, 1e30]), "float32", "ok",
         _each("s", [1e10, 0.5, 1e30], _ionisation_slope, "float32")),
    # 10^40 overflows float32
    Case(G, "total_level_naive", _at(levels=[400, 390]), "float32", "unstable",
         _closed(_level_slopes, "float32", levels=[400, 390])),
    Case(G, "total_level", _at(levels=[400, 390]), "float32", "ok",
         _closed(lambda levels: _level_slopes_lse(levels, "float32"), "float32", levels=[400, 390])),
    # e^(-5e-7) is 1 - 4.77e-7 to float32's 6e-8
    Case(G, "rayleigh_log_cdf_naive", _at(x=[1e-3]), "float32", "unstable",
         _each("x", [1e-3], _rayleigh_cdf_slope, "float32")),
    Case(G, "rayleigh_log_cdf", _at(x=[1e-3, 1, 10]), "float32", "ok", _each("x", [1e-3, 1, 10], _rayleigh_cdf_slope, "float32")),
    # p^2 = 1e-50 underflows float32
    Case(G, "spl_naive", _at(p=[1e-25]), "float32", "unstable", _each("p", [1e-25], _spl_slope, "float32")),
    Case(G, "spl", _at(p=[1e-25, 1, 1e30]), "float32", "ok", _each("p", [1e-25, 1, 1e30], _spl_slope, "float32")),
    Case(G, "yukawa", _at(r=[1, 100]), "float32", "ok", _each("r", [1, 100], _yukawa_slope, "float32")),
]


def _scalar(name, value, slope):
    return hp(lambda: {name: slope(_in("float64", [value])[0])})


def _snake_both(x, a):
    def truth():
        xv, av = _in("float64", [x, a])
        return {"x": 1 + mpmath.sin(2 * av * xv),
                "a": (av * xv * mpmath.sin(2 * av * xv) - mpmath.sin(av * xv) ** 2) / (av * av)}
    return hp(truth)


SNAKE = "x + sin(a*x)^2/a"
IONISATION_NAIVE = "(-s + sqrt(s^2 + 4*s))/2"
IONISATION = "2/(1 + sqrt(1 + 4/s))"

FORMULAS = [
    Case(F, SNAKE, "x=2,a=0.5", "float64", "ok", _snake_both(2, 0.5)),
    Case(F, SNAKE, "x=2,a=1e-300", "float64", "unstable", _snake_both(2, 1e-300)),
    Case(F, "x + a*x^2*sinc(a*x/3.141592653589793)^2", "x=2,a=1e-300", "float64", "ok",
         hp(lambda: {"x": 1 + 2 * _f(1e-300) * 2 * (mpmath.sinc(_f(1e-300) * 2 / _f(math.pi) * mpmath.pi) ** 2)})),
    Case(F, IONISATION_NAIVE, "s=1e20", "float64", "unstable", _scalar("s", 1e20, _ionisation_slope)),
    Case(F, IONISATION_NAIVE, "s=3", "float64", "ok", _scalar("s", 3, _ionisation_slope)),
    Case(F, IONISATION, "s=1e20", "float64", "ok", _scalar("s", 1e20, _ionisation_slope)),
    Case(F, IONISATION, "s=1e200", "float64", "ok", _scalar("s", 1e200, _ionisation_slope)),
    Case(F, IONISATION, "s=1e-300", "float64", "unstable", _scalar("s", 1e-300, _ionisation_slope)),
    Case(F, "t^1.5*exp(-1/t)", "t=0.001", "float64", "ok", _scalar("t", 1e-3, _saha_slope)),
    # 1/t^2 = 1e600 overflows against e^-1e300 underflowed to 0
    Case(F, "t^1.5*exp(-1/t)", "t=1e-300", "float64", "unstable", _scalar("t", 1e-300, _saha_slope)),
    Case(F, "1.5*log(t) - 1/t", "t=1e-100", "float64", "ok", _scalar("t", 1e-100, _saha_log_slope)),
    Case(F, "(1 - exp(-t))/t", "t=1e-10", "float64", "unstable", _scalar("t", 1e-10, _g_slope)),
    Case(F, "-expm1(-t)/t", "t=1e-10", "float64", "ok", _scalar("t", 1e-10, _g_slope)),
    Case(F, "log(1 - exp(-x^2/2))", "x=1e-10", "float64", "unstable", _scalar("x", 1e-10, _rayleigh_cdf_slope)),
    Case(F, "log(-expm1(-x^2/2))", "x=1e-10", "float64", "ok", _scalar("x", 1e-10, _rayleigh_cdf_slope)),
    Case(F, "log(-expm1(-x^2/2))", "x=40", "float64", "ok", _scalar("x", 40, _rayleigh_cdf_slope)),
    Case(F, "10*log10(p^2)", "p=1e-200", "float64", "unstable", _scalar("p", 1e-200, _spl_slope)),
    Case(F, "20*log10(p)", "p=1e-200", "float64", "ok", _scalar("p", 1e-200, _spl_slope)),
    Case(F, "-exp(-r)/r", "r=800", "float64", "ok", _scalar("r", 800, _yukawa_slope)),
    Case(F, "-exp(-r)/r", "r=1e300", "float64", "ok", _scalar("r", 1e300, _yukawa_slope)),
    Case(F, "maximum(abs(x) - 1, 0)^2", "x=1", "float64", "ok", hp(lambda: {"x": mpmath.mpf(0)})),
    Case(F, "maximum(abs(x) - 1, 0)^2", "x=0", "float64", "ok", hp(lambda: {"x": mpmath.mpf(0)})),
    Case(F, "where(abs(x) > 1, x - sign(x), 0)", "x=1", "float64", "domain", hp(lambda: {"x": NAN})),
    Case(F, "where(abs(x) > 1, x - sign(x), 0)", "x=5e-324", "float64", "ok", hp(lambda: {"x": mpmath.mpf(0)})),
    Case(F, "minimum(L, 120)", "L=120", "float64", "domain", hp(lambda: {"L": NAN})),
    Case(F, "agm(1, x)", "x=0.5", "float64", "input-error", message=("agm",)),
    Case(F, IONISATION + ")", "s=1", "float64", "input-error", message=(")",)),
    Case(F, IONISATION, "S=1", "float64", "input-error", message=("s",)),
]

ALL = GN + NP + FLOAT32 + FORMULAS
