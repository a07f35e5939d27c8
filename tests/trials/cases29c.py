"""The twenty-ninth trial set (third part): issue 27's classes on Python functions written against gradcli.numpy and
gradcli.scipy, on plain NumPy and on formulas, in domains not tried before: the free energy and mean energy of a
few-level system at kT = 1e-3 (naive, by logsumexp, with degeneracies through b=), the 1D Ising chain's transfer-matrix
eigenvalue at a coupling of 800 (naive, and with e^K factored out but e^-4K still underflowing under a sqrt), mutual
information of a joint table with a 1e-300 cell, Bernoulli KL divergences by rel_entr and kl_div at subnormal
probabilities, the Renyi entropy at an order 1e-10 from 1, log gamma at 1e-300 and 1e300, digamma 2^-40 from its pole
at -1, the Gaussian tail by erfc and by erfcx at 40 sigma, erfc at 27 and 30 (slopes of e^-729 and e^-900), the
dilogarithm at 1, a Rician log-likelihood by i0 and by i0e at z = 900, Kahan's compensated sum, Lambert's continued
fraction for tan at pi/2, great-circle distances a hair apart, at antipodes and at one point (haversine, Vincenty by
sqrt and by hypot), sRGB and CIELAB transfer functions at 0 and 1e-300, CIELAB hue angles at 1e-300 and at a
1e200/1e-200 corner, CIEDE2000's hue difference at 180 degrees, compound interest, annuities and doubling times at
rates of 1e-300 and 1e-150, clip and Huber kinks at tiny points, and a free energy over a parameter tree (--args).

Truths are the mathematics written here in mpmath at 2,000 digits (closed forms, or recursions and mpmath.diff of
expressions written here), never the user file's code; points are the numbers the dtype holds, constants the float64
numbers the program writes. A coordinate with no derivative is written NaN by hand. A case whose ``file`` is
"formula" checks the formula in ``function``.
"""

import math

import mpmath

from cases import Case
from cases5 import _in, hp
from cases21c import _at, _each
from cases26c import _closed

G, N, F = "gn_lib29c.py", "numpy_lib29c.py", "formula"
R = 6371.0
NAN = mpmath.nan


def _f(value):
    """A float64 constant of the program, exactly."""
    return mpmath.mpf(float(value))


# --- the mathematics, written here ---------------------------------------------------------------------------------

def _free_energy_slopes(energy, kt, degeneracy=None):
    """F = -kT log Z, Z = sum g e^(-E/kT): dF/dE_i = g_i e^(-E_i/kT) / Z, dF/dkT = -log Z - <E>/kT."""
    g = degeneracy or [1] * len(energy)
    weights = [gi * mpmath.exp(-e / kt) for gi, e in zip(g, energy)]
    z = sum(weights)
    mean = sum(w * e for w, e in zip(weights, energy)) / z
    return {"energy": [w / z for w in weights], "kt": -mpmath.log(z) - mean / kt}


def _mean_energy_slopes(energy, kt):
    """<E> = sum E p: d<E>/dE_j = p_j (1 - (E_j - <E>)/kT), d<E>/dkT = Var(E) / kT^2."""
    weights = [mpmath.exp(-(e - energy[0]) / kt) for e in energy]
    z = sum(weights)
    p = [w / z for w in weights]
    mean = sum(pi * e for pi, e in zip(p, energy))
    var = sum(pi * (e - mean) ** 2 for pi, e in zip(p, energy))
    return {"energy": [pi * (1 - (e - mean) / kt) for pi, e in zip(p, energy)], "kt": var / kt ** 2}


def _ising_slopes(k, h):
    """d/dK and d/dh of log(e^K cosh h + r), r = sqrt(e^2K sinh^2 h + e^-2K)."""
    if isinstance(k, list):
        each = [_ising_slopes(a, b) for a, b in zip(k, h)]
        return {name: [slopes[name] for slopes in each] for name in ("k", "h")}
    r = mpmath.sqrt(mpmath.exp(2 * k) * mpmath.sinh(h) ** 2 + mpmath.exp(-2 * k))
    lam = mpmath.exp(k) * mpmath.cosh(h) + r
    d_k = mpmath.exp(k) * mpmath.cosh(h) + (mpmath.exp(2 * k) * mpmath.sinh(h) ** 2 - mpmath.exp(-2 * k)) / r
    d_h = mpmath.exp(k) * mpmath.sinh(h) + mpmath.exp(2 * k) * mpmath.sinh(h) * mpmath.cosh(h) / r
    return {"k": d_k / lam, "h": d_h / lam}


def _mutual_information_slopes(joint):
    """dI/dp_ij = log(p_ij / (r_i c_j)) - 1 with the margins r, c summed from the table (no normalisation)."""
    p = [_in("float64", row) for row in joint]
    rows = [sum(row) for row in p]
    cols = [p[0][j] + p[1][j] for j in range(2)]
    return hp(lambda: {"joint": [[mpmath.log(p[i][j] / (rows[i] * cols[j])) - 1 for j in range(2)] for i in range(2)]})


def _bernoulli_kl_slopes(p, q):
    """KL(p || q) = p log(p/q) + (1-p) log((1-p)/(1-q))."""
    return {"p": [mpmath.log(a / b) - mpmath.log((1 - a) / (1 - b)) for a, b in zip(p, q)],
            "q": [-a / b + (1 - a) / (1 - b) for a, b in zip(p, q)]}


def _renyi_slopes(p, alpha):
    """H = log S / (1 - alpha), S = sum p^alpha."""
    s = sum(v ** alpha for v in p)
    return {"p": [alpha * v ** (alpha - 1) / ((1 - alpha) * s) for v in p],
            "alpha": sum(v ** alpha * mpmath.log(v) for v in p) / (s * (1 - alpha)) + mpmath.log(s) / (1 - alpha) ** 2}


SQRT2 = _f(math.sqrt(2.0))  # the program's math.sqrt(2.0)


def _log_tail_slope(x):
    """d/dx log(erfc(x / c) / 2) = -(2 / sqrt(pi)) e^(-(x/c)^2) / (c erfc(x / c)), c the program's sqrt(2)."""
    t = x / SQRT2
    return -2 / mpmath.sqrt(mpmath.pi) * mpmath.exp(-t * t) / (SQRT2 * mpmath.erfc(t))


def _rice_slopes(nu, sigma, x):
    """log p = log x - 2 log sigma - (x^2 + nu^2) / 2 sigma^2 + log I0(x nu / sigma^2)."""
    nu, sigma, x = nu[0], sigma[0], x[0]
    z = x * nu / sigma ** 2
    ratio = mpmath.besseli(1, z) / mpmath.besseli(0, z)
    return {"nu": [-nu / sigma ** 2 + x / sigma ** 2 * ratio],
            "sigma": [-2 / sigma + (x * x + nu * nu) / sigma ** 3 - 2 * z / sigma * ratio],
            "x": [1 / x - x / sigma ** 2 + nu / sigma ** 2 * ratio]}


def _tan_cf_slope(x):
    """d/dx of x / t_1 for Lambert's fraction t_k = k - x^2 / t_(k+2), t_25 = 25: t and t' carried down together."""
    t, dt = mpmath.mpf(25), mpmath.mpf(0)
    for odd in range(23, 0, -2):
        t, dt = odd - x * x / t, -2 * x / t + x * x * dt / t ** 2
    return 1 / t - x * dt / t ** 2


def _great_circle(lat1, lon1, lat2, lon2):
    """The central angle by the arctan2 form, exact."""
    dlon = lon2 - lon1
    across = mpmath.cos(lat2) * mpmath.sin(dlon)
    along = mpmath.cos(lat1) * mpmath.sin(lat2) - mpmath.sin(lat1) * mpmath.cos(lat2) * mpmath.cos(dlon)
    dot = mpmath.sin(lat1) * mpmath.sin(lat2) + mpmath.cos(lat1) * mpmath.cos(lat2) * mpmath.cos(dlon)
    return R * mpmath.atan2(mpmath.hypot(across, along), dot)


def _partials(function, names):
    """{name: [d function / d name]} at a point of one-entry lists, by mpmath.diff at 2,000 digits (the points it is
    used at keep ``function`` smooth)."""
    def slopes(**point):
        values = [point[n][0] for n in names]
        out = {}
        for i, name in enumerate(names):
            def along(v, i=i):
                moved = list(values)
                moved[i] = v
                return function(*moved)
            out[name] = [mpmath.diff(along, values[i])]
        return out
    return slopes


def _hue_difference(a1, b1, a2, b2):
    h1 = mpmath.degrees(mpmath.atan2(b1, a1))
    h2 = mpmath.degrees(mpmath.atan2(b2, a2))
    dh = h2 - h1
    dh = dh - 360 if dh > 180 else (dh + 360 if dh < -180 else dh)
    return 2 * mpmath.sqrt(mpmath.hypot(a1, b1) * mpmath.hypot(a2, b2)) * mpmath.sin(mpmath.radians(dh) / 2)


_DISTANCE_SLOPES = _partials(_great_circle, ["lat1", "lon1", "lat2", "lon2"])
_HUE_DIFFERENCE_SLOPES = _partials(_hue_difference, ["a1", "b1", "a2", "b2"])
MONTHS, YEARS = 12, 30


def _log_effective_slope(r):
    """d/dr log((1 + r/12)^12 - 1) = (1 + r/12)^11 / ((1 + r/12)^12 - 1)."""
    return (1 + r / MONTHS) ** (MONTHS - 1) / ((1 + r / MONTHS) ** MONTHS - 1)


def _annuity_slope(r):
    """d/dr (1 - (1 + r)^-n) / r = (n r (1 + r)^(-n-1) - (1 - (1 + r)^-n)) / r^2 (2,000 digits hold the r^2 cancellation)."""
    return (YEARS * r * (1 + r) ** (-YEARS - 1) - (1 - (1 + r) ** -YEARS)) / r ** 2


LN2 = _f(math.log(2))  # the program's math.log(2)


def _doubling_slope(r):
    return -LN2 / (mpmath.log1p(r) ** 2 * (1 + r))


def _huber_slope(r, delta=_f(1e-300)):
    return r if abs(r) <= delta else delta * mpmath.sign(r)


def _tree_slopes():
    energy, kt = [mpmath.mpf(0), mpmath.mpf("0.5"), mpmath.mpf(1)], _f(1e-3)
    slopes = _free_energy_slopes(energy, kt)
    return {"params.levels.energy": slopes["energy"], "params.levels.kt": slopes["kt"]}


PI = math.pi
POLE = -0.9999999999990905  # -1 + 2^-40, exact in float64

GN = [
    # e^-1000 and e^-2000 underflow to 0 beside e^0 = 1: the slopes' 0s are the nearest numbers, the digits exact
    Case(G, "free_energy_naive", _at(energy=[0, 1, 2], kt=1e-3), "float64", "ok",
         _closed(_free_energy_slopes, energy=[0, 1, 2], kt=1e-3)),
    # every e^(-E/kT) underflows: log(0)
    Case(G, "free_energy_naive", _at(energy=[1, 2, 3], kt=1e-3), "float64", "unstable",
         _closed(_free_energy_slopes, energy=[1, 2, 3], kt=1e-3)),
    Case(G, "free_energy", _at(energy=[0, 1, 2], kt=1e-3), "float64", "ok",
         _closed(_free_energy_slopes, energy=[0, 1, 2], kt=1e-3)),
    Case(G, "free_energy", _at(energy=[0.1, 0.3, 0.2], kt=0.25), "float64", "ok",
         _closed(_free_energy_slopes, energy=[0.1, 0.3, 0.2], kt=0.25)),
    Case(G, "free_energy_degenerate", _at(energy=[0, 1, 2], kt=1e-3), "float64", "ok",
         _closed(lambda energy, kt: _free_energy_slopes(energy, kt, [1, 3, 5]), energy=[0, 1, 2], kt=1e-3)),
    Case(G, "free_energy_degenerate", _at(energy=[0, 0.02, 0.06], kt=0.025), "float64", "ok",
         _closed(lambda energy, kt: _free_energy_slopes(energy, kt, [1, 3, 5]), energy=[0, 0.02, 0.06], kt=0.025)),
    # the heat capacity Var(E)/kT^2 is 1e6 e^-1000: text only
    Case(G, "mean_energy", _at(energy=[0, 1, 2], kt=1e-3), "float64", "ok",
         _closed(_mean_energy_slopes, energy=[0, 1, 2], kt=1e-3)),
    Case(G, "mean_energy", _at(energy=[0, 0.5, 0.25], kt=0.3), "float64", "ok",
         _closed(_mean_energy_slopes, energy=[0, 0.5, 0.25], kt=0.3)),
    # e^800 overflows, and e^1600 * sinh(0)^2 is inf * 0
    Case(G, "ising_log_eigenvalue_naive", _at(k=[800], h=[0]), "float64", "unstable",
         _closed(_ising_slopes, k=[800], h=[0])),
    Case(G, "ising_log_eigenvalue_naive", _at(k=[0.5], h=[0.1]), "float64", "ok", _closed(_ising_slopes, k=[0.5], h=[0.1])),
    # e^-3200 underflows to 0 under the sqrt: sqrt(0)'s slope is inf, times 0
    Case(G, "ising_log_eigenvalue", _at(k=[800], h=[0]), "float64", "unstable", _closed(_ising_slopes, k=[800], h=[0])),
    # with a field the sinh^2 term holds the sqrt away from 0; e^-3200's part of the K slope is text only
    Case(G, "ising_log_eigenvalue", _at(k=[800], h=[0.5]), "float64", "ok", _closed(_ising_slopes, k=[800], h=[0.5])),
    Case(G, "ising_log_eigenvalue", _at(k=[100, 0.5], h=[0, 0.1]), "float64", "ok",
         _closed(_ising_slopes, k=[100, 0.5], h=[0, 0.1])),
    Case(G, "mutual_information", "joint=[[1e-300,0.5],[0.25,0.25]]", "float64", "ok",
         _mutual_information_slopes([[1e-300, 0.5], [0.25, 0.25]])),
    Case(G, "mutual_information", "joint=[[5e-324,0.5],[0.25,0.25]]", "float64", "ok",
         _mutual_information_slopes([[5e-324, 0.5], [0.25, 0.25]])),
    # nearly independent: the information 8e-40 is 1.386 - 0.693 - 0.693, all its digits lost (its slopes are fine)
    Case(G, "mutual_information", "joint=[[0.2500000001,0.25],[0.25,0.2499999999]]", "float64", "unstable",
         _mutual_information_slopes([[0.2500000001, 0.25], [0.25, 0.2499999999]])),
    Case(G, "mutual_information_naive", "joint=[[1e-300,0.5],[0.25,0.25]]", "float64", "ok",
         _mutual_information_slopes([[1e-300, 0.5], [0.25, 0.25]])),
    Case(G, "bernoulli_kl", _at(p=[1e-300, 5e-324, 0.4], q=[0.3, 0.3, 0.3]), "float64", "ok",
         _closed(_bernoulli_kl_slopes, p=[1e-300, 5e-324, 0.4], q=[0.3, 0.3, 0.3])),
    Case(G, "bernoulli_kl", _at(p=[0.2], q=[1e-300]), "float64", "ok", _closed(_bernoulli_kl_slopes, p=[0.2], q=[1e-300])),
    Case(G, "bernoulli_kl_div", _at(p=[1e-300, 5e-324, 0.4], q=[0.3, 0.3, 0.3]), "float64", "ok",
         _closed(_bernoulli_kl_slopes, p=[1e-300, 5e-324, 0.4], q=[0.3, 0.3, 0.3])),
    # the order's slope is two terms of 1e10 cancelling to O(1), one of them log S with S = 1 - 1e-10 H
    Case(G, "renyi_entropy", _at(p=[0.5, 0.25, 0.25], alpha=1.0000000001), "float64", "unstable",
         _closed(_renyi_slopes, p=[0.5, 0.25, 0.25], alpha=1.0000000001)),
    Case(G, "renyi_entropy", _at(p=[0.5, 0.25, 0.25], alpha=2), "float64", "ok",
         _closed(_renyi_slopes, p=[0.5, 0.25, 0.25], alpha=2)),
    Case(G, "log_gamma_sum", _at(x=[1e-300, 0.5, 1e300]), "float64", "ok", _each("x", [1e-300, 0.5, 1e300], mpmath.digamma)),
    # SciPy's digamma reflects 2^-40 from the pole through tan(pi x), whose pi x has lost the 2^-40's digits: 4.6e-5 off
    Case(G, "digamma_sum", _at(x=[POLE, -2.5]), "float64", "unstable", _each("x", [POLE, -2.5], lambda v: mpmath.psi(1, v))),
    Case(G, "digamma_sum", _at(x=[-2.5, 0.5]), "float64", "ok", _each("x", [-2.5, 0.5], lambda v: mpmath.psi(1, v))),
    Case(G, "digamma_sum", _at(x=[1e300]), "float64", "ok", _each("x", [1e300], lambda v: mpmath.psi(1, v))),
    # slopes 4.93 and 1e-300 side by side: their sum along a direction needs 300 digits more, trigamma's on mpmath
    # (minutes, where each entry alone takes seconds)
    Case(G, "digamma_sum", _at(x=[0.5, 1e300]), "float64", "ok", _each("x", [0.5, 1e300], lambda v: mpmath.psi(1, v))),
    # trigamma(1e-300) is 1e600: no float64 program can return it
    Case(G, "digamma_sum", _at(x=[1e-300]), "float64", "domain", _each("x", [1e-300], lambda v: mpmath.psi(1, v))),
    # erfc(40/sqrt 2) = 7e-350 underflows: log(0)
    Case(G, "gaussian_log_tail_naive", _at(x=[40]), "float64", "unstable", _each("x", [40], _log_tail_slope)),
    Case(G, "gaussian_log_tail_naive", _at(x=[5, -3]), "float64", "ok", _each("x", [5, -3], _log_tail_slope)),
    Case(G, "gaussian_log_tail", _at(x=[40, 5, -3]), "float64", "ok", _each("x", [40, 5, -3], _log_tail_slope)),
    # erfc(30) = 2.6e-393 is beyond float64 (its 0 the nearest number), erfc(26.5) = 2.2e-307 is held; slopes
    # -2/sqrt(pi) e^-900 (text only) and e^-702.25
    Case(G, "erfc_sum", _at(x=[30, 26.5]), "float64", "ok",
         _each("x", [30, 26.5], lambda v: -2 / mpmath.sqrt(mpmath.pi) * mpmath.exp(-v * v))),
    # erfc(27) = 5.2e-319 is a subnormal float64 holds, but SciPy's erfc flushes it to 0: the value's digits are lost
    Case(G, "erfc_sum", _at(x=[27]), "float64", "unstable",
         _each("x", [27], lambda v: -2 / mpmath.sqrt(mpmath.pi) * mpmath.exp(-v * v))),
    # spence's slope log(x) / (1 - x) is 0/0 at 1, its limit -1
    Case(G, "dilogarithm_sum", _at(x=[1, 0.5, 1e-300]), "float64", "ok",
         _each("x", [1, 0.5, 1e-300], lambda v: -1 if v == 1 else mpmath.log(v) / (1 - v))),
    # I0(900) overflows
    Case(G, "rice_log_likelihood_naive", _at(nu=[30], sigma=[1], x=[30]), "float64", "unstable",
         _closed(_rice_slopes, nu=[30], sigma=[1], x=[30])),
    Case(G, "rice_log_likelihood_naive", _at(nu=[1e-300], sigma=[1], x=[2]), "float64", "ok",
         _closed(_rice_slopes, nu=[1e-300], sigma=[1], x=[2])),
    Case(G, "rice_log_likelihood", _at(nu=[30], sigma=[1], x=[30]), "float64", "ok",
         _closed(_rice_slopes, nu=[30], sigma=[1], x=[30])),
    # with e^z moved into the exponent, d/dnu is (x - nu) + x (I1/I0 - 1): 2 - 2 for a slope of 1e-300
    Case(G, "rice_log_likelihood", _at(nu=[1e-300], sigma=[1], x=[2]), "float64", "unstable",
         _closed(_rice_slopes, nu=[1e-300], sigma=[1], x=[2])),
    # in exact arithmetic the carry is 0: the sum's slopes; but Kahan's carry -1 is absorbed by -1e300 (value 0, not 1)
    Case(G, "kahan_sum", _at(x=[1e300, 1, -1e300]), "float64", "unstable", hp(lambda: {"x": [1, 1, 1]})),
    Case(G, "neumaier_sum", _at(x=[1e300, 1, -1e300]), "float64", "ok", hp(lambda: {"x": [1, 1, 1]})),
    Case(G, "kahan_sum", _at(x=[0.1, 0.2, 0.3]), "float64", "ok", hp(lambda: {"x": [1, 1, 1]})),
    # x^2 underflows at 1e-300 (the fraction is x there); at pi/2 the top level 1 - x^2/t_3 cancels to 1e-16
    Case(G, "tan_continued_fraction", _at(x=[1e-300, 0.5]), "float64", "ok", _each("x", [1e-300, 0.5], _tan_cf_slope)),
    Case(G, "tan_continued_fraction", _at(x=[PI / 2]), "float64", "unstable", _each("x", [PI / 2], _tan_cf_slope)),
    # a hair apart: sin(dlat/2)^2 underflows, sqrt(0)
    Case(G, "haversine", _at(lat1=[0], lon1=[0], lat2=[1e-300], lon2=[0]), "float64", "unstable",
         hp(lambda: {"lat1": [-R], "lon1": [0], "lat2": [R], "lon2": [0]})),
    # antipodes along the equator: a rounds to 1, arcsin's slope there is inf (the distance is smooth: pi - 1.2e-16)
    Case(G, "haversine", _at(lat1=[0], lon1=[0], lat2=[0], lon2=[PI]), "float64", "unstable",
         hp(lambda: {"lat1": [0], "lon1": [-R], "lat2": [0], "lon2": [R]})),
    Case(G, "haversine", _at(lat1=[0.5], lon1=[0.3], lat2=[-0.2], lon2=[1.9]), "float64", "ok",
         _closed(_DISTANCE_SLOPES, lat1=[0.5], lon1=[0.3], lat2=[-0.2], lon2=[1.9])),
    Case(G, "haversine_by_hypot", _at(lat1=[0], lon1=[0], lat2=[1e-300], lon2=[0]), "float64", "ok",
         hp(lambda: {"lat1": [-R], "lon1": [0], "lat2": [R], "lon2": [0]})),
    Case(G, "haversine_by_hypot", _at(lat1=[0], lon1=[0], lat2=[0], lon2=[PI]), "float64", "unstable",
         hp(lambda: {"lat1": [0], "lon1": [-R], "lat2": [0], "lon2": [R]})),
    # Vincenty's arctan2 form is right at antipodes; by sqrt of squares it underflows a hair apart, by hypot it does not
    Case(G, "vincenty", _at(lat1=[0], lon1=[0], lat2=[0], lon2=[PI]), "float64", "ok",
         hp(lambda: {"lat1": [0], "lon1": [-R], "lat2": [0], "lon2": [R]})),
    Case(G, "vincenty", _at(lat1=[0], lon1=[0], lat2=[1e-300], lon2=[0]), "float64", "unstable",
         hp(lambda: {"lat1": [-R], "lon1": [0], "lat2": [R], "lon2": [0]})),
    Case(G, "vincenty_by_hypot", _at(lat1=[0], lon1=[0], lat2=[1e-300], lon2=[0]), "float64", "ok",
         hp(lambda: {"lat1": [-R], "lon1": [0], "lat2": [R], "lon2": [0]})),
    Case(G, "vincenty_by_hypot", _at(lat1=[0], lon1=[0], lat2=[0], lon2=[PI]), "float64", "ok",
         hp(lambda: {"lat1": [0], "lon1": [-R], "lat2": [0], "lon2": [R]})),
    # one point twice: the distance is a cone there, no slope in any coordinate
    Case(G, "vincenty_by_hypot", _at(lat1=[0.5], lon1=[0.3], lat2=[0.5], lon2=[0.3]), "float64", "domain",
         hp(lambda: {"lat1": [NAN], "lon1": [NAN], "lat2": [NAN], "lon2": [NAN]})),
    Case(G, "vincenty_by_hypot", _at(lat1=[0.5], lon1=[0.3], lat2=[-0.2], lon2=[1.9]), "float64", "ok",
         _closed(_DISTANCE_SLOPES, lat1=[0.5], lon1=[0.3], lat2=[-0.2], lon2=[1.9])),
    Case(G, "srgb_to_linear", _at(c=[0, 1e-300, 5e-324, 0.5]), "float64", "ok",
         _each("c", [0, 1e-300, 5e-324, 0.5],
               lambda v: 1 / _f(12.92) if v <= _f(0.04045) else _f(2.4) / _f(1.055) * ((v + _f(0.055)) / _f(1.055)) ** (_f(2.4) - 1))),
    # the power branch's slope at 0 is inf, times where's 0: NaN where the linear branch is taken, in exact arithmetic too
    Case(G, "linear_to_srgb", _at(lin=[0]), "float64", "wrong", _each("lin", [0], lambda v: _f(12.92)),
         "1.055 * lin ** (1 / 2.4)", "gnp.where(lin > 0.0031308, lin, 1.0031308) ** (1 / 2.4)"),
    Case(G, "linear_to_srgb", _at(lin=[1e-300, 5e-324, 0.5]), "float64", "ok",
         _each("lin", [1e-300, 5e-324, 0.5],
               lambda v: _f(12.92) if v <= _f(0.0031308) else _f(1.055) * _f(1 / 2.4) * v ** (_f(1 / 2.4) - 1))),
    Case(G, "lab_lightness", _at(y=[0]), "float64", "wrong",
         _each("y", [0], lambda v: 116 / (3 * _f((6 / 29) ** 2)) / 100), "gnp.cbrt(t)"),
    Case(G, "lab_lightness", _at(y=[1e-300, 50]), "float64", "ok",
         _each("y", [1e-300, 50], lambda v: 116 / (3 * _f((6 / 29) ** 2)) / 100 if v / 100 <= _f((6 / 29) ** 3)
               else 116 * mpmath.cbrt(v / 100) / (3 * (v / 100)) / 100)),
    Case(G, "lab_hue_degrees", _at(a=[3e-300, -1e200], b=[4e-300, 1e-200]), "float64", "ok",
         _closed(lambda a, b: {"a": [-bi / (ai * ai + bi * bi) * 180 / mpmath.pi for ai, bi in zip(a, b)],
                               "b": [ai / (ai * ai + bi * bi) * 180 / mpmath.pi for ai, bi in zip(a, b)]},
                 a=[3e-300, -1e200], b=[4e-300, 1e-200])),
    # a^2 + b^2 underflows
    Case(G, "lab_chroma", _at(a=[3e-200], b=[4e-200]), "float64", "unstable",
         hp(lambda: {"a": [mpmath.mpf("0.6")], "b": [mpmath.mpf("0.8")]})),
    # at a hue difference of exactly 180 the wrap jumps: Delta H' goes from 2 to -2 as b1 or b2 crosses 0
    Case(G, "hue_difference", _at(a1=[1], b1=[0], a2=[-1], b2=[0]), "float64", "domain",
         hp(lambda: {"a1": [1], "b1": [NAN], "a2": [-1], "b2": [NAN]})),
    Case(G, "hue_difference", _at(a1=[1], b1=[0.5], a2=[-0.3], b2=[0.8]), "float64", "ok",
         _closed(_HUE_DIFFERENCE_SLOPES, a1=[1], b1=[0.5], a2=[-0.3], b2=[0.8])),
    # (1 + r/12)^12 - 1 cancels to 0 but its slope (1 + r/12)^11 = 1 is exact
    Case(G, "effective_rate", _at(r=[1e-300, 0.05]), "float64", "ok",
         _each("r", [1e-300, 0.05], lambda r: (1 + r / MONTHS) ** (MONTHS - 1))),
    Case(G, "log_effective_rate_naive", _at(r=[1e-300]), "float64", "unstable", _each("r", [1e-300], _log_effective_slope)),
    Case(G, "log_effective_rate_naive", _at(r=[0.05]), "float64", "ok", _each("r", [0.05], _log_effective_slope)),
    Case(G, "log_effective_rate", _at(r=[1e-300, 0.05]), "float64", "ok", _each("r", [1e-300, 0.05], _log_effective_slope)),
    Case(G, "annuity_factor_naive", _at(r=[1e-300]), "float64", "unstable", _each("r", [1e-300], _annuity_slope)),
    Case(G, "annuity_factor_naive", _at(r=[0.05]), "float64", "ok", _each("r", [0.05], _annuity_slope)),
    # by expm1 the value is right, its slope two terms of 3e301 cancelling to -465
    Case(G, "annuity_factor", _at(r=[1e-300]), "float64", "unstable", _each("r", [1e-300], _annuity_slope)),
    Case(G, "annuity_factor", _at(r=[0.05, 1e-3]), "float64", "ok", _each("r", [0.05, 1e-3], _annuity_slope)),
    # 1 + 1e-150 is 1: log(1) = 0, ln 2 / 0
    Case(G, "doubling_time_naive", _at(r=[1e-150]), "float64", "unstable", _each("r", [1e-150], _doubling_slope)),
    Case(G, "doubling_time_naive", _at(r=[0.07]), "float64", "ok", _each("r", [0.07], _doubling_slope)),
    Case(G, "doubling_time", _at(r=[1e-150, 0.07]), "float64", "ok", _each("r", [1e-150, 0.07], _doubling_slope)),
    # kinks away from their switch at tiny points: their ordinary slopes
    Case(G, "clipped_rate", _at(x=[5e-324, 2e-300, 0.5, 3]), "float64", "ok", hp(lambda: {"x": [0, 1, 1, 0]})),
    Case(G, "huber_tiny_delta", _at(r=[3e-300, -3e-300, 5e-301]), "float64", "ok",
         _each("r", [3e-300, -3e-300, 5e-301], _huber_slope)),
    # inside the threshold the slope is r itself; r^2/2's rule once halved 5e-324 on the way (2.5e-324 rounds to 0),
    # but huber squares by square since aed96fa1 (slope 2 r g takes the halved g whole): the slope 5e-324 is exact
    Case(G, "huber_tiny_delta", _at(r=[5e-324]), "float64", "ok", _each("r", [5e-324], _huber_slope)),
    # the series branch reads x harmlessly, the quotient's 0/0 leaks: the double where guards the quotient's x
    Case(G, "exp_ratio_switched", _at(x=[0]), "float64", "wrong", _each("x", [0], lambda v: mpmath.mpf(-1) / 2),
         "(1 - gnp.exp(-x)) / x", "gnp.where(x >= 1e-08, x,"),
    Case(G, "exp_ratio_switched", _at(x=[1e-9, 0.5]), "float64", "ok",
         _each("x", [1e-9, 0.5], lambda v: -mpmath.mpf(1) / 2 if v < _f(1e-8) else mpmath.diff(lambda u: -mpmath.expm1(-u) / u, v))),
    Case(G, "tree_free_energy", None, "float64", "ok", hp(_tree_slopes), args="level_populations_args", wrt="params"),
]

# the NumPy file's np.sqrt(2) and np.log(2) are the float64 numbers math.sqrt(2.0) and math.log(2) are
NP = [
    Case(N, "free_energy_naive", _at(energy=[1, 2, 3], kt=1e-3), "float64", "unstable",
         _closed(_free_energy_slopes, energy=[1, 2, 3], kt=1e-3)),
    Case(N, "free_energy", _at(energy=[1, 2, 3], kt=1e-3), "float64", "ok",
         _closed(_free_energy_slopes, energy=[1, 2, 3], kt=1e-3)),
    Case(N, "free_energy", _at(energy=[0, 1, 2], kt=1e-3), "float64", "ok",
         _closed(_free_energy_slopes, energy=[0, 1, 2], kt=1e-3)),
    Case(N, "bernoulli_kl", _at(p=[1e-300, 5e-324], q=[0.3, 0.6]), "float64", "ok",
         _closed(_bernoulli_kl_slopes, p=[1e-300, 5e-324], q=[0.3, 0.6])),
    Case(N, "gaussian_log_tail_naive", _at(x=[40]), "float64", "unstable",
         hp(lambda: {"x": [_log_tail_slope(_f(40))]})),
    Case(N, "gaussian_log_tail", _at(x=[40, -3]), "float64", "ok",
         hp(lambda: {"x": [_log_tail_slope(_f(40)), _log_tail_slope(_f(-3))]})),
    Case(N, "haversine", _at(lat1=[0], lon1=[0], lat2=[1e-300], lon2=[0]), "float64", "unstable",
         hp(lambda: {"lat1": [-R], "lon1": [0], "lat2": [R], "lon2": [0]})),
    Case(N, "haversine", _at(lat1=[0.5], lon1=[0.3], lat2=[-0.2], lon2=[1.9]), "float64", "ok",
         _closed(_DISTANCE_SLOPES, lat1=[0.5], lon1=[0.3], lat2=[-0.2], lon2=[1.9])),
    Case(N, "linear_to_srgb", _at(lin=[0]), "float64", "wrong", _each("lin", [0], lambda v: _f(12.92)),
         "np.where(lin <= 0.0031308", "np.power(np.where(lin > 0.0031308, lin, 1.0031308), 1 / 2.4)"),
    Case(N, "linear_to_srgb", _at(lin=[1e-300, 0.5]), "float64", "ok",
         _each("lin", [1e-300, 0.5],
               lambda v: _f(12.92) if v <= _f(0.0031308) else _f(1.055) * _f(1 / 2.4) * v ** (_f(1 / 2.4) - 1))),
    Case(N, "doubling_time_naive", _at(r=[1e-150]), "float64", "unstable", _each("r", [1e-150], _doubling_slope)),
    Case(N, "doubling_time", _at(r=[1e-150, 0.07]), "float64", "ok", _each("r", [1e-150, 0.07], _doubling_slope)),
    Case(N, "log_gamma_sum", _at(x=[1e-300, 1e300]), "float64", "ok", _each("x", [1e-300, 1e300], mpmath.digamma)),
]


def _scalar(name, value, slope):
    return hp(lambda: {name: slope(_in("float64", [value])[0])})


def _exact(text):
    """A decimal the formula writes: the formula's number is that decimal, exactly."""
    return mpmath.mpf(text)


def _formula_tail_slope(x):
    """d/dx log(erfc(x / sqrt 2) / 2) with the exact sqrt 2."""
    t = x / mpmath.sqrt(2)
    return -mpmath.sqrt(2 / mpmath.pi) * mpmath.exp(-t * t) / mpmath.erfc(t)


CUBE_KNEE = "0.008856451679035631"
LINEAR_SLOPE = "0.12841854934601665"

FORMULAS = [
    Case(F, "log(erfc(x/sqrt(2))/2)", "x=40", "float64", "unstable", _scalar("x", 40, _formula_tail_slope)),
    Case(F, "log(erfc(x/sqrt(2))/2)", "x=5", "float64", "ok", _scalar("x", 5, _formula_tail_slope)),
    Case(F, "log(ndtr(-x))", "x=40", "float64", "unstable", _scalar("x", 40, _formula_tail_slope)),
    Case(F, "-0.001*log(exp(-x/0.001) + exp(-2/0.001))", "x=1", "float64", "unstable",
         _scalar("x", 1, lambda x: 1 / (1 + mpmath.exp((x - 2) / _exact("0.001"))))),
    Case(F, "-0.001*logaddexp(-x/0.001, -2/0.001)", "x=1", "float64", "ok",
         _scalar("x", 1, lambda x: 1 / (1 + mpmath.exp((x - 2) / _exact("0.001"))))),
    Case(F, "k + log(cosh(h) + sqrt(sinh(h)**2 + exp(-4*k)))", "k=800,h=0", "float64", "unstable",
         hp(lambda: {"k": 1 - 2 * mpmath.exp(-1600) / (1 + mpmath.exp(-1600)), "h": mpmath.mpf(0)})),
    Case(F, "k + log(cosh(h) + sqrt(sinh(h)**2 + exp(-4*k)))", "k=800,h=0.5", "float64", "ok",
         hp(lambda: _ising_slopes(mpmath.mpf(800), _f(0.5)))),
    Case(F, "log((1 + r/12)**12 - 1)", "r=1e-300", "float64", "unstable", _scalar("r", 1e-300, _log_effective_slope)),
    Case(F, "log(expm1(12*log1p(r/12)))", "r=1e-300", "float64", "ok", _scalar("r", 1e-300, _log_effective_slope)),
    Case(F, "(1 - (1 + r)**-30)/r", "r=1e-300", "float64", "unstable", _scalar("r", 1e-300, _annuity_slope)),
    Case(F, "(1 - (1 + r)**-30)/r", "r=0.05", "float64", "ok", _scalar("r", 0.05, _annuity_slope)),
    Case(F, "log(2)/log(1 + r)", "r=1e-150", "float64", "unstable",
         _scalar("r", 1e-150, lambda r: -mpmath.log(2) / (mpmath.log1p(r) ** 2 * (1 + r)))),
    Case(F, "log(2)/log1p(r)", "r=1e-150", "float64", "ok",
         _scalar("r", 1e-150, lambda r: -mpmath.log(2) / (mpmath.log1p(r) ** 2 * (1 + r)))),
    Case(F, "2*asin(sqrt(sin(x/2)**2))", "x=1e-300", "float64", "unstable", _scalar("x", 1e-300, lambda x: 1)),
    Case(F, "2*asin(abs(sin(x/2)))", "x=1e-300", "float64", "ok", _scalar("x", 1e-300, lambda x: 1)),
    Case(F, "where(x <= 0.0031308, 12.92*x, 1.055*x**(1/2.4) - 0.055)", "x=0", "float64", "wrong",
         _scalar("x", 0, lambda x: _exact("12.92"))),
    Case(F, "where(x < 1e-8, 1 - x/2, (1 - exp(-x))/x)", "x=0", "float64", "wrong", _scalar("x", 0, lambda x: -0.5)),
    Case(F, "where(x <= 0.0031308, 12.92*x, 1.055*x**(1/2.4) - 0.055)", "x=1e-300", "float64", "ok",
         _scalar("x", 1e-300, lambda x: _exact("12.92"))),
    Case(F, f"where(t > {CUBE_KNEE}, cbrt(t), t/{LINEAR_SLOPE} + 0.13793103448275862)", "t=1e-300", "float64", "ok",
         _scalar("t", 1e-300, lambda t: 1 / _exact(LINEAR_SLOPE))),
    Case(F, "arctan2(y, x)", "y=1e-200,x=-1e200", "float64", "ok",
         hp(lambda: {"y": _f(-1e200) / (_f(1e200) ** 2 + _f(1e-200) ** 2),
                     "x": -_f(1e-200) / (_f(1e200) ** 2 + _f(1e-200) ** 2)})),
    Case(F, "arctan2(y, x)", "y=4e-300,x=3e-300", "float64", "ok",
         hp(lambda: {"y": _f(3e-300) / (_f(3e-300) ** 2 + _f(4e-300) ** 2),
                     "x": -_f(4e-300) / (_f(3e-300) ** 2 + _f(4e-300) ** 2)})),
    Case(F, "xlogy(p, p/0.3) + xlogy(1 - p, (1 - p)/0.7)", "p=1e-300", "float64", "ok",
         _scalar("p", 1e-300, lambda p: mpmath.log(p / _exact("0.3")) - mpmath.log((1 - p) / _exact("0.7")))),
    Case(F, "maximum(x, 1e-300) + abs(x)", "x=5e-324", "float64", "ok", _scalar("x", 5e-324, lambda x: 1)),
]

ALL = GN + NP + FORMULAS
