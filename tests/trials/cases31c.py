"""The thirty-first trial set (third part): issue 27's classes on Python functions written against gradcli.numpy and
gradcli.scipy, on plain NumPy and on formulas, in domains not tried before: a two-level system's Schottky heat
capacity at a gap of 800 kT (e^800 overflowing in the textbook form, cosh(750)^2 in the cosh form, a slope of 1e-342
by expit) and at 1e-300 (x^2 underflowing beside its exact slope), a three-level free energy at beta = 800 (a
phantom-free 0 slope: log Z / beta^2 and <E> / beta cancel to e^-800), Planck's mean oscillator energy x / expm1(x) at
1e-300 (its quotient rule cancelling 1e300 against 1e300 where the slope is -1/2) and by exprel, the Brillouin
function's two coth terms cancelling at 1e-5 and 1e-300 and its series put in by where (the idle branch's 1/tanh(0)
leaking), a skin depth at 1e300 rad/s (2 rho / (omega mu0) underflowing), a point dipole's potential next to the
dipole (|r|^3 = 2.7e-317, subnormal) and at 1e200 (|r|^2 overflowing to a right 0), Kepler's third law for a
1e110 orbit (a^3 overflowing), the hyperbolic anomaly at e = 1e160 (e^2 overflowing), K(m) and E(m) at m = 1 - 1e-300
by ellipk(1 - q) (1 - q rounding to 1) and ellipkm1, Dawson's integral at 1e10 (slope -5e-21, 1 - 2x D(x) cancelling)
and 1e200 (slope -5e-401, by its digits), log of Owen's T at h = 30 and 40 (T = 0 there), log K_200 by kve (K_200(1)
= 1e432 overflowing), sinc at 5e-324 and 1e-300 (slopes of -1.6e-323 and -3.3e-300), Carlson's R_F at 1e300 (slopes of
1e-451, by their digits) and 1e-200, a pseudo-Huber loss by sqrt(1 + r^2) - 1 (cancelling at 1e-10), rationalised and
by SciPy (NaN at delta = 1e-300), a softmax with a temperature of 1e-300 and of 1e-3 (slopes of 1e-431), a norm
scaled by its largest entry at subnormals and at a tie, logsumexp by hand at a tied max of 800, a squared hinge at a
margin of 1e-300 (its max at its switch: max(0, t)^2 is smooth) and clipped log-odds far from their clip; then an
Einstein solid's heat capacity at 1e-300 (0 / 0) and by sinh, a plasma's Debye length at a density of 1e-300 (n e^2
underflowing), a Hohmann transfer's first burn between orbits 2e-12 apart (s - 1 losing its digits), rationalised and
as a parameter tree (`--args`, `--wrt` by path), log E_3 at 746 (E_3 underflowing), and a bound by min and max at
subnormals and at 1e-300, where 1e300 * 1e-300 rounds onto the switch the exact product lies above.

Truths are the mathematics written here in mpmath at 2,000 digits (closed forms written here, never the user file's
code); points are the numbers the dtype holds, constants the float64 numbers the program writes (a formula's pi the
exact number). A case whose ``file`` is "formula" checks the formula in ``function``.
"""

import math

import mpmath
import numpy as np

from cases import Case
from cases5 import _in, hp
from cases21c import _at, _each
from cases26c import _closed

G, N, F = "gn_lib31c.py", "numpy_lib31c.py", "formula"


def _f(value):
    """A float64 constant of the program, exactly."""
    return mpmath.mpf(float(value))


MU0 = 4e-7 * np.pi  # as the user files compute it, in float64
LEVELS = [-1, 0, 2]


def _sigmoid(x):
    return 1 / (1 + mpmath.exp(-x))


def _scalar(name, value, slope):
    return hp(lambda: {name: slope(_in("float64", [value])[0])})


# --- the mathematics, written here ---------------------------------------------------------------------------------

def _schottky_slope(x):
    """C = x^2 s (1 - s), s = sigma(x): C' = 2x s (1 - s) + x^2 s (1 - s) (1 - 2s)."""
    s = _sigmoid(x)
    return 2 * x * s * (1 - s) + x * x * s * (1 - s) * (1 - 2 * s)


def _free_energy_slope(beta):
    """F = -log Z / beta, Z = sum e^(-beta E): dF/dbeta = log Z / beta^2 + <E> / beta."""
    weights = [mpmath.exp(-beta * e) for e in LEVELS]
    z = sum(weights)
    mean = sum(e * w for e, w in zip(LEVELS, weights)) / z
    return mpmath.log(z) / beta ** 2 + mean / beta


def _planck_slope(x):
    """d/dx x / (e^x - 1) = (e^x - 1 - x e^x) / (e^x - 1)^2."""
    return (mpmath.expm1(x) - x * mpmath.exp(x)) / mpmath.expm1(x) ** 2


def _brillouin_slope(x):
    """d/dx (3/2) coth(3x/2) - (1/2) coth(x/2) = -(9/4) / sinh(3x/2)^2 + (1/4) / sinh(x/2)^2."""
    return -mpmath.mpf(9) / 4 / mpmath.sinh(3 * x / 2) ** 2 + mpmath.mpf(1) / 4 / mpmath.sinh(x / 2) ** 2


def _brillouin_series_slope(x):
    """The series branch 2x/3 where |x| < 1e-4."""
    return mpmath.mpf(2) / 3 if abs(x) < _f(1e-4) else _brillouin_slope(x)


def _skin_depth_slopes(rho, omega):
    """delta = sqrt(2 rho / (omega mu0)): d/drho = delta / (2 rho), d/domega = -delta / (2 omega)."""
    mu0 = _f(MU0)
    out = {"rho": [], "omega": []}
    for r, w in zip(rho, omega):
        delta = mpmath.sqrt(2 * r / (w * mu0))
        out["rho"].append(delta / (2 * r))
        out["omega"].append(-delta / (2 * w))
    return out


def _dipole_slopes(p, r):
    """phi = p . r / |r|^3: d/dp = r / |r|^3, d/dr = p / |r|^3 - 3 (p . r) r / |r|^5."""
    n = mpmath.sqrt(sum(v * v for v in r))
    pr = sum(a * b for a, b in zip(p, r))
    return {"p": [v / n ** 3 for v in r], "r": [a / n ** 3 - 3 * pr * b / n ** 5 for a, b in zip(p, r)]}


def _period_slopes(a, mu, two_pi=None):
    """T = 2 pi sqrt(a^3 / mu): dT/da = 3 pi sqrt(a / mu), dT/dmu = -pi a^1.5 / mu^1.5 (2 pi as the program has it)."""
    two_pi = 2 * _f(np.pi) if two_pi is None else two_pi
    out = {"a": [], "mu": []}
    for x, m in zip(a, mu):
        out["a"].append(3 * two_pi / 2 * mpmath.sqrt(x / m))
        out["mu"].append(-two_pi / 2 * mpmath.sqrt(x / m) ** 3)
    return out


def _hyperbolic_slopes(nu, e):
    """F = asinh(S), S = sqrt(e^2 - 1) sin nu / (1 + e cos nu): dS/dnu = sqrt(e^2 - 1) (e + cos nu) / D^2,
    dS/de = sin nu (e + cos nu) / (sqrt(e^2 - 1) D^2), D = 1 + e cos nu; dF = dS / sqrt(1 + S^2)."""
    root, d = mpmath.sqrt(e * e - 1), 1 + e * mpmath.cos(nu)
    s = root * mpmath.sin(nu) / d
    scale = 1 / mpmath.sqrt(1 + s * s)
    return {"nu": root * (e + mpmath.cos(nu)) / d ** 2 * scale,
            "e": mpmath.sin(nu) * (e + mpmath.cos(nu)) / (root * d ** 2) * scale}


def _ellipk_near_one_slope(q):
    """d/dq K(1 - q) = -K'(m) = -(E - q K) / (2 (1 - q) q) at m = 1 - q."""
    m = 1 - q
    return -(mpmath.ellipe(m) - q * mpmath.ellipk(m)) / (2 * m * q)


def _ellipe_near_one_slope(q):
    """d/dq E(1 - q) = -(E - K) / (2m) at m = 1 - q."""
    m = 1 - q
    return (mpmath.ellipk(m) - mpmath.ellipe(m)) / (2 * m)


def _dawson_slope(x):
    """D' = 1 - 2x D(x); far out by the asymptotic series 1 - 2x D = -sum_k>=1 (2k-1)!! / (2x^2)^k (its
    remainder below e^-x^2, nothing at 2,000 digits), near by D = sqrt(pi)/2 e^-x^2 erfi(x)."""
    if abs(x) < 1e5:
        return 1 - 2 * x * mpmath.sqrt(mpmath.pi) / 2 * mpmath.exp(-x * x) * mpmath.erfi(x)
    total, term, k = mpmath.mpf(0), mpmath.mpf(1), 1
    while True:
        term = term * (2 * k - 1) / (2 * x * x)
        total += term
        if abs(term) < abs(total) * mpmath.mpf(10) ** (-mpmath.mp.dps - 5):
            return -total
        k += 1


def _owens_t_log_slopes(h, a):
    """T = e^(-h^2/2) / (2 pi) int_0^a e^(-h^2 t^2 / 2) / (1 + t^2) dt (at 60 digits: nothing cancels);
    dT/dh = -phi(h) erf(a h / sqrt 2) / 2, dT/da = e^(-h^2 (1 + a^2) / 2) / (2 pi (1 + a^2))."""
    out = {"h": [], "a": []}
    for hh, aa in zip(h, a):
        with mpmath.workdps(60):
            integral = mpmath.quad(lambda t: mpmath.exp(-hh * hh * t * t / 2) / (1 + t * t), [0, 1 / hh, aa])
            t = mpmath.exp(-hh * hh / 2) / (2 * mpmath.pi) * integral
            phi = mpmath.exp(-hh * hh / 2) / mpmath.sqrt(2 * mpmath.pi)
            out["h"].append(-phi * mpmath.erf(aa * hh / mpmath.sqrt(2)) / 2 / t)
            out["a"].append(mpmath.exp(-hh * hh * (1 + aa * aa) / 2) / (2 * mpmath.pi * (1 + aa * aa)) / t)
    return out


def _log_bessel_k200_slope(x):
    """d/dx log K_v(x) = -(K_(v-1) + K_(v+1)) / (2 K_v) (at 60 digits: a ratio of positive numbers)."""
    with mpmath.workdps(60):
        return -(mpmath.besselk(199, x) + mpmath.besselk(201, x)) / (2 * mpmath.besselk(200, x))


def _sinc_slope(x):
    """d/dx sin(pi x) / (pi x) = (pi x cos(pi x) - sin(pi x)) / (pi x^2); 0 at 0, where sinc is even."""
    if x == 0:
        return mpmath.mpf(0)
    return (mpmath.pi * x * mpmath.cos(mpmath.pi * x) - mpmath.sin(mpmath.pi * x)) / (mpmath.pi * x * x)


def _carlson_rf_slopes(x):
    """dR_F/dz = -R_D(x, y, z) / 6, and by R_F's symmetry the same with each argument last (at 60 digits)."""
    a, b, c = x
    with mpmath.workdps(60):
        return {"x": [-mpmath.elliprd(b, c, a) / 6, -mpmath.elliprd(c, a, b) / 6, -mpmath.elliprd(a, b, c) / 6]}


def _pseudo_huber_slopes(delta, r):
    """PH = delta^2 (s - 1), s = sqrt(1 + (r / delta)^2): dPH/dr = r / s, dPH/ddelta = 2 delta (s - 1) - r^2 / (delta s)."""
    out = {"delta": [], "r": []}
    for d, v in zip(delta, r):
        s = mpmath.sqrt(1 + (v / d) ** 2)
        out["r"].append(v / s)
        out["delta"].append(2 * d * (s - 1) - v * v / (d * s))
    return out


def _softmax_temperature_slopes(z, t):
    """f = softmax(z / t)_0: df/du_j = s_0 (delta_0j - s_j) at u = z / t; df/dz = that / t, df/dt = -sum df/du z / t^2."""
    u = [v / t for v in z]
    top = max(u)
    e = [mpmath.exp(v - top) for v in u]
    s = [v / sum(e) for v in e]
    du = [s[0] * ((1 if j == 0 else 0) - s[j]) for j in range(len(z))]
    return {"z": [g / t for g in du], "t": -sum(g * v for g, v in zip(du, z)) / t ** 2}


def _norm_slopes(x):
    n = mpmath.sqrt(sum(v * v for v in x))
    return {"x": [v / n for v in x]}


def _softmax_slopes(x):
    top = max(x)
    e = [mpmath.exp(v - top) for v in x]
    return {"x": [v / sum(e) for v in e]}


def _squared_hinge_slopes(x):
    margin = _f(1e-300)
    return {"x": [-2 * max(mpmath.mpf(0), margin - v) for v in x]}


def _clipped_log_odds_slope(p):
    """1 / (p (1 - p)) inside the clip, 0 on its flat parts."""
    low, high = _f(1e-12), 1 - _f(1e-12)
    return 1 / (p * (1 - p)) if low < p < high else mpmath.mpf(0)


def _einstein_slope(x):
    """C = u^2 / sinh(u)^2, u = x/2: dC/dx = u (sinh u - u cosh u) / sinh(u)^3."""
    u = x / 2
    return u * (mpmath.sinh(u) - u * mpmath.cosh(u)) / mpmath.sinh(u) ** 3


EPS0, KB, QE = 8.8541878128e-12, 1.380649e-23, 1.602176634e-19  # the user file's constants


def _debye_slopes(n, t):
    """lambda = sqrt(eps0 k T / (n e^2)): d/dn = -lambda / (2n), d/dT = lambda / (2T)."""
    out = {"n": [], "t": []}
    for a, b in zip(n, t):
        lam = mpmath.sqrt(_f(EPS0) * _f(KB) * b / (a * _f(QE) ** 2))
        out["n"].append(-lam / (2 * a))
        out["t"].append(lam / (2 * b))
    return out


def _hohmann_slopes(r1, r2):
    """f = m (s - 1), m = sqrt(1 / r1), s = sqrt(2 r2 / (r1 + r2)): ds/dr1 = -s / (2 (r1 + r2)),
    ds/dr2 = s r1 / (2 r2 (r1 + r2)), dm/dr1 = -m / (2 r1)."""
    out = {"r1": [], "r2": []}
    for a, b in zip(r1, r2):
        m, s = mpmath.sqrt(1 / a), mpmath.sqrt(2 * b / (a + b))
        out["r1"].append(-m * (s - 1) / (2 * a) - m * s / (2 * (a + b)))
        out["r2"].append(m * s * a / (2 * b * (a + b)))
    return out


def _transfer_tree_slopes():
    slopes = _hohmann_slopes(_in("float64", [1, 1]), _in("float64", [6.6, 1.000000000002]))
    return {"params.orbits.inner": slopes["r1"], "params.orbits.outer": slopes["r2"]}


def _log_expn3_slope(x):
    """d/dx log E_3 = -E_2 / E_3."""
    return -mpmath.expint(2, x) / mpmath.expint(3, x)


def _soft_bound_slope(x):
    """1e300 where |1e300 x| < 1 (the exact product of the float numbers), 0 on the clipped parts."""
    scale = _f(1e300)
    return scale if abs(scale * x) < 1 else mpmath.mpf(0)


# --- the cases -----------------------------------------------------------------------------------------------------

GN = [
    # e^800 overflows: inf / inf in the value, its slope NaN where the exact slope is -2.4e-342
    Case(G, "schottky_heat_capacity", _at(x=[800]), "float64", "unstable", _each("x", [800], _schottky_slope),
         "x ** 2 * gnp.exp(x) / (1 + gnp.exp(x)) ** 2"),
    # (1 + e^x)^2 overflows by a hair: the value's and the slope's quotients are 0 where they are 9e-150
    Case(G, "schottky_heat_capacity", _at(x=[354.89135644669204]), "float64", "unstable",
         _each("x", [354.89135644669204], _schottky_slope), "x ** 2 * gnp.exp(x) / (1 + gnp.exp(x)) ** 2"),
    # x^2 = 1e-600 underflows beside its exact slope 2x/4 = 5e-301, which the product rule keeps
    Case(G, "schottky_heat_capacity", _at(x=[1e-300, 2.5]), "float64", "ok", _each("x", [1e-300, 2.5], _schottky_slope)),
    Case(G, "schottky_by_expit", _at(x=[800, 1e-300, 2.5, -30]), "float64", "ok",
         _each("x", [800, 1e-300, 2.5, -30], _schottky_slope)),
    # cosh(750) overflows: x^2 / inf is a right 0, its slope -x^2 inf / inf^2 NaN
    Case(G, "schottky_by_cosh", _at(x=[1500]), "float64", "unstable", _each("x", [1500], _schottky_slope)),
    Case(G, "schottky_by_cosh", _at(x=[2.5, -0.1]), "float64", "ok", _each("x", [2.5, -0.1], _schottky_slope)),
    # e^800 overflows in Z
    Case(G, "free_energy_naive", _at(beta=800), "float64", "unstable", _scalar("beta", 800, _free_energy_slope)),
    Case(G, "free_energy_naive", _at(beta=0.5), "float64", "ok", _scalar("beta", 0.5, _free_energy_slope)),
    # log Z / beta^2 + <E> / beta = 1/800 - 1/800 + O(e^-800): the exact slope is 3e-354, never a float64-sized one
    Case(G, "free_energy", _at(beta=800), "float64", "ok", _scalar("beta", 800, _free_energy_slope)),
    Case(G, "free_energy", _at(beta=0.5), "float64", "ok", _scalar("beta", 0.5, _free_energy_slope)),
    # 1 / expm1(x) - x e^x / expm1(x)^2: 1e300 - 1e300 where the slope is -1/2
    Case(G, "planck_mean_energy", _at(x=[1e-300]), "float64", "unstable", _each("x", [1e-300], _planck_slope)),
    Case(G, "planck_mean_energy", _at(x=[2.5, 0.01]), "float64", "ok", _each("x", [2.5, 0.01], _planck_slope)),
    # expm1(800) overflows: x e^x / expm1(x)^2 is inf / inf
    Case(G, "planck_mean_energy", _at(x=[800]), "float64", "unstable", _each("x", [800], _planck_slope)),
    Case(G, "planck_by_exprel", _at(x=[1e-300, 5e-324, 2.5, -30]), "float64", "ok",
         _each("x", [1e-300, 5e-324, 2.5, -30], _planck_slope)),
    # the two coth terms' slopes, 1e10 each, cancel to 2/3
    Case(G, "brillouin_one", _at(x=[1e-5]), "float64", "unstable", _each("x", [1e-5], _brillouin_slope)),
    Case(G, "brillouin_one", _at(x=[2, -0.7, 800]), "float64", "ok", _each("x", [2, -0.7, 800], _brillouin_slope)),
    # the idle closed form at 1e-300: its slope -0.25 / sinh(5e-301)^2 = -1e600 is past float64's range, and the
    # division's backward, upstream 0 times 0.5 / tanh(5e-301)^2 (which underflows), is 0 / 0: an op overflowing in the
    # dtype, not a where leaking a pole
    Case(G, "brillouin_series", _at(x=[1e-300]), "float64", "unstable", _each("x", [1e-300], _brillouin_series_slope),
         "closed = 1.5 / gnp.tanh(1.5 * x)"),
    # at 0 the idle closed form has a pole, 1 / tanh(0): a where leaking it
    Case(G, "brillouin_series", _at(x=[0]), "float64", "wrong", _each("x", [0], _brillouin_series_slope),
         "closed = 1.5 / gnp.tanh(1.5 * x)", "gnp.where("),
    Case(G, "brillouin_series", _at(x=[2e-5, 2, -0.7]), "float64", "ok",
         _each("x", [2e-5, 2, -0.7], _brillouin_series_slope)),
    # 2 rho / (omega mu0) = 1.6e-594 underflows: sqrt(0) and its infinite slope where delta = 1.3e-297
    Case(G, "skin_depth_naive", _at(rho=[1e-300], omega=[1e300]), "float64", "unstable",
         _closed(_skin_depth_slopes, rho=[1e-300], omega=[1e300])),
    Case(G, "skin_depth_naive", _at(rho=[1.7e-8], omega=[2e6]), "float64", "ok",
         _closed(_skin_depth_slopes, rho=[1.7e-8], omega=[2e6])),
    Case(G, "skin_depth", _at(rho=[1e-300, 1.7e-8], omega=[1e300, 2e6]), "float64", "ok",
         _closed(_skin_depth_slopes, rho=[1e-300, 1.7e-8], omega=[1e300, 2e6])),
    # |r|^3 = 2.7e-317 is subnormal: seven digits of the potential's slope in p go
    Case(G, "dipole_potential_naive", _at(p=[1, 0, 0], r=[1e-106, 2e-106, 2e-106]), "float64", "unstable",
         hp(lambda: {"p": _dipole_slopes(_in("float64", [1, 0, 0]), _in("float64", [1e-106, 2e-106, 2e-106]))["p"]}),
         wrt="p"),
    Case(G, "dipole_potential", _at(p=[1, 0, 0], r=[1e-106, 2e-106, 2e-106]), "float64", "ok",
         hp(lambda: {"p": _dipole_slopes(_in("float64", [1, 0, 0]), _in("float64", [1e-106, 2e-106, 2e-106]))["p"]}),
         wrt="p"),
    # far away |r|^2 = 1e400 overflows, yet the slope r / |r|^3 = 1e-400 is a right 0
    Case(G, "dipole_potential_naive", _at(p=[1, 0, 0], r=[1e200, 0, 0]), "float64", "ok",
         hp(lambda: {"p": _dipole_slopes(_in("float64", [1, 0, 0]), _in("float64", [1e200, 0, 0]))["p"]}), wrt="p"),
    Case(G, "dipole_potential", _at(p=[0.5, -1, 2], r=[1, 2, 2]), "float64", "ok",
         _closed(_dipole_slopes, p=[0.5, -1, 2], r=[1, 2, 2])),
    # a^3 = 1e330 overflows where T = 6e165
    Case(G, "orbital_period_naive", _at(a=[1e110], mu=[1]), "float64", "unstable",
         _closed(_period_slopes, a=[1e110], mu=[1]), "gnp.sqrt(a ** 3 / mu)"),
    Case(G, "orbital_period", _at(a=[1e110, 1.5], mu=[1, 3.986e5]), "float64", "ok",
         _closed(_period_slopes, a=[1e110, 1.5], mu=[1, 3.986e5])),
    # e^2 = 1e320 overflows: asinh(inf)
    Case(G, "hyperbolic_anomaly_naive", _at(nu=0.5, e=1e160), "float64", "unstable",
         hp(lambda: {"nu": _hyperbolic_slopes(*_in("float64", [0.5, 1e160]))["nu"]}), wrt="nu"),
    Case(G, "hyperbolic_anomaly", _at(nu=0.5, e=1e160), "float64", "ok",
         hp(lambda: {"nu": _hyperbolic_slopes(*_in("float64", [0.5, 1e160]))["nu"]}), wrt="nu"),
    Case(G, "hyperbolic_anomaly", _at(nu=0.5, e=1.5), "float64", "ok",
         hp(lambda: _hyperbolic_slopes(*_in("float64", [0.5, 1.5])))),
    # 1 - 1e-300 rounds to 1: K(1) = inf
    Case(G, "ellipk_near_one", _at(q=[1e-300]), "float64", "unstable", _each("q", [1e-300], _ellipk_near_one_slope),
         "sps.ellipk(1 - q)"),
    Case(G, "ellipk_near_one", _at(q=[0.3, 1e-3]), "float64", "ok", _each("q", [0.3, 1e-3], _ellipk_near_one_slope)),
    Case(G, "ellipkm1_near_one", _at(q=[1e-300, 1e-200, 0.3]), "float64", "ok",
         _each("q", [1e-300, 1e-200, 0.3], _ellipk_near_one_slope)),
    # the slope -1 / (2q) = -1e323 is past float64's range
    Case(G, "ellipkm1_near_one", _at(q=[5e-324]), "float64", "domain", _each("q", [5e-324], _ellipk_near_one_slope)),
    # E(1) = 1 is right to the last digit, its slope -inf where the exact one is 173.9
    Case(G, "ellipe_near_one", _at(q=[1e-300]), "float64", "unstable", _each("q", [1e-300], _ellipe_near_one_slope)),
    Case(G, "ellipe_near_one", _at(q=[0.3, 1e-3]), "float64", "ok", _each("q", [0.3, 1e-3], _ellipe_near_one_slope)),
    # D' = 1 - 2x D(x) is -5e-21 at 1e10 and -5e-401 at 1e200 (by its digits)
    Case(G, "dawson_sum", _at(x=[1e10, 3, -0.5]), "float64", "ok", _each("x", [1e10, 3, -0.5], _dawson_slope)),
    Case(G, "dawson_sum", _at(x=[1e200, 1e-300]), "float64", "ok", _each("x", [1e200, 1e-300], _dawson_slope)),
    # beside an ordinary entry the far one's rule, 1 - 2x D at the working precision, was an exact 0 at every
    # precision short of x^2's 1330 bits: two precisions agreed on a phantom 0 and the rule was called wrong
    Case(G, "dawson_sum", _at(x=[1e200, 3]), "float64", "ok", _each("x", [1e200, 3], _dawson_slope)),
    Case(G, "log_owens_t", _at(h=[30], a=[0.5]), "float64", "ok", _closed(_owens_t_log_slopes, h=[30], a=[0.5])),
    Case(G, "log_owens_t", _at(h=[2], a=[0.7]), "float64", "ok", _closed(_owens_t_log_slopes, h=[2], a=[0.7])),
    # T(40, 0.5) = 1e-350 underflows: log(0)
    Case(G, "log_owens_t", _at(h=[40], a=[0.5]), "float64", "unstable", _closed(_owens_t_log_slopes, h=[40], a=[0.5])),
    Case(G, "log_bessel_k200", _at(x=[50, 150, 500]), "float64", "ok", _each("x", [50, 150, 500], _log_bessel_k200_slope)),
    # K_200(1) e = 1e432 overflows where log K_200(1) = 995
    Case(G, "log_bessel_k200", _at(x=[1]), "float64", "unstable", _each("x", [1], _log_bessel_k200_slope)),
    Case(G, "sinc_sum", _at(x=[1e-300, 5e-324, 0, 1e-8, 2.5]), "float64", "ok",
         _each("x", [1e-300, 5e-324, 0, 1e-8, 2.5], _sinc_slope)),
    Case(G, "carlson_rf", _at(x=[1e300, 2e300, 3e300]), "float64", "ok", _closed(_carlson_rf_slopes, x=[1e300, 2e300, 3e300])),
    Case(G, "carlson_rf", _at(x=[1e-200, 2e-200, 3e-200]), "float64", "ok",
         _closed(_carlson_rf_slopes, x=[1e-200, 2e-200, 3e-200])),
    Case(G, "carlson_rf", _at(x=[0.5, 1, 2]), "float64", "ok", _closed(_carlson_rf_slopes, x=[0.5, 1, 2])),
    # sqrt(1 + 1e-20) rounds to 1: the value 0 where it is 5e-21
    Case(G, "pseudo_huber_naive", _at(r=[1e-10]), "float64", "unstable",
         hp(lambda: {"r": _pseudo_huber_slopes([mpmath.mpf(1)], _in("float64", [1e-10]))["r"]})),
    Case(G, "pseudo_huber_naive", _at(r=[0.5, -3]), "float64", "ok",
         hp(lambda: {"r": _pseudo_huber_slopes([mpmath.mpf(1)] * 2, _in("float64", [0.5, -3]))["r"]})),
    Case(G, "pseudo_huber_rationalised", _at(r=[1e-10, 1e-300, 0.5]), "float64", "ok",
         hp(lambda: {"r": _pseudo_huber_slopes([mpmath.mpf(1)] * 3, _in("float64", [1e-10, 1e-300, 0.5]))["r"]})),
    # the delta slope r^4 / 4 = 2.5e-41 where 2 delta (s - 1) and r^2 / (delta s) cancel
    Case(G, "pseudo_huber_scipy", _at(delta=[1], r=[1e-10]), "float64", "ok",
         _closed(_pseudo_huber_slopes, delta=[1], r=[1e-10])),
    Case(G, "pseudo_huber_scipy", _at(delta=[0.5, 2], r=[3, -0.1]), "float64", "ok",
         _closed(_pseudo_huber_slopes, delta=[0.5, 2], r=[3, -0.1])),
    # SciPy's (r / delta)^2 overflows: its pseudo_huber is NaN where the loss is 1e-300
    Case(G, "pseudo_huber_scipy", _at(delta=[1e-300], r=[1]), "float64", "unstable",
         _closed(_pseudo_huber_slopes, delta=[1e-300], r=[1]), "sps.pseudo_huber(delta, r)"),
    Case(G, "softmax_with_temperature", _at(z=[1e-300, 2e-300, 0], t=1e-300), "float64", "ok",
         _closed(_softmax_temperature_slopes, z=[1e-300, 2e-300, 0], t=1e-300)),
    # slopes of 1e-431 (z0), 1e-1300 (z2) and 1e-428 (t), by their digits
    Case(G, "softmax_with_temperature", _at(z=[1, 2, 0], t=1e-3), "float64", "ok",
         _closed(_softmax_temperature_slopes, z=[1, 2, 0], t=1e-3)),
    Case(G, "norm_by_scaling", _at(x=[3e200, -4e200]), "float64", "ok", _closed(_norm_slopes, x=[3e200, -4e200])),
    # the backward of x / scale: -upstream (x / scale) / scale, 0.75 / 4e-320 overflowing (PyTorch's and JAX's
    # -g x / y^2 do the same): unstable at the user's line, though the value is right
    Case(G, "norm_by_scaling", _at(x=[3e-320, 4e-320]), "float64", "unstable", _closed(_norm_slopes, x=[3e-320, 4e-320]),
         "return scale * gnp.sqrt(gnp.sum((x / scale) ** 2))"),
    # max at a tie of |x|: the norm is smooth there whichever entry the max's slope goes to
    Case(G, "norm_by_scaling", _at(x=[3, -3, 1]), "float64", "ok", _closed(_norm_slopes, x=[3, -3, 1])),
    Case(G, "logsumexp_by_hand", _at(x=[800, 800, -800]), "float64", "ok", _closed(_softmax_slopes, x=[800, 800, -800])),
    Case(G, "logsumexp_by_hand", _at(x=[1e-300, 5e-324, 0]), "float64", "ok",
         _closed(_softmax_slopes, x=[1e-300, 5e-324, 0])),
    Case(G, "squared_hinge_tiny_margin", _at(x=[0, -1e-300, 2e-300]), "float64", "ok",
         _closed(_squared_hinge_slopes, x=[0, -1e-300, 2e-300])),
    # max(0, t)^2 at t = 0: a kink squared is smooth, slope 0
    Case(G, "squared_hinge_tiny_margin", _at(x=[1e-300]), "float64", "ok", _closed(_squared_hinge_slopes, x=[1e-300])),
    Case(G, "clipped_log_odds", _at(p=[1e-300, 0.3, 0.9999999999999999, 5e-324]), "float64", "ok",
         _each("p", [1e-300, 0.3, 0.9999999999999999, 5e-324], _clipped_log_odds_slope)),
]

MORE = [
    # x^2 and expm1(x)^2 underflow: 0 / 0 where C = 1 - x^2/12
    Case(G, "einstein_heat_capacity", _at(x=[1e-300]), "float64", "unstable", _each("x", [1e-300], _einstein_slope)),
    Case(G, "einstein_heat_capacity", _at(x=[3, 0.5]), "float64", "ok", _each("x", [3, 0.5], _einstein_slope)),
    Case(G, "einstein_heat_capacity", _at(x=[800]), "float64", "unstable", _each("x", [800], _einstein_slope)),
    # sinh(5e-301)^2 underflows in the quotient rule's backward: 1/s - u cosh(u) / s^2 where the slope is -x/6
    Case(G, "einstein_by_sinh", _at(x=[1e-300]), "float64", "unstable", _each("x", [1e-300], _einstein_slope)),
    Case(G, "einstein_by_sinh", _at(x=[3, 0.5, -2]), "float64", "ok", _each("x", [3, 0.5, -2], _einstein_slope)),
    # n e^2 = 2.6e-338 underflows; lambda's slope in n (-3e453) is past float64's range, so only T is checked
    Case(G, "debye_length_naive", _at(n=[1e-300], t=[1e4]), "float64", "unstable",
         hp(lambda: {"t": _debye_slopes(_in("float64", [1e-300]), _in("float64", [1e4]))["t"]}), wrt="t"),
    Case(G, "debye_length", _at(n=[1e-300], t=[1e4]), "float64", "ok",
         hp(lambda: {"t": _debye_slopes(_in("float64", [1e-300]), _in("float64", [1e4]))["t"]}), wrt="t"),
    Case(G, "debye_length_naive", _at(n=[1e18, 1e6], t=[1e4, 300]), "float64", "ok",
         _closed(_debye_slopes, n=[1e18, 1e6], t=[1e4, 300])),
    # sqrt(2 r2 / (r1 + r2)) - 1 = 2.5e-13: its value's digits go
    Case(G, "hohmann_first_burn_naive", _at(r1=[1], r2=[1.000000000002]), "float64", "unstable",
         _closed(_hohmann_slopes, r1=[1], r2=[1.000000000002]), "gnp.sqrt(2 * r2 / (r1 + r2)) - 1"),
    Case(G, "hohmann_first_burn_naive", _at(r1=[1, 2], r2=[6.6, 3]), "float64", "ok",
         _closed(_hohmann_slopes, r1=[1, 2], r2=[6.6, 3])),
    Case(G, "hohmann_first_burn", _at(r1=[1, 1], r2=[1.000000000002, 6.6]), "float64", "ok",
         _closed(_hohmann_slopes, r1=[1, 1], r2=[1.000000000002, 6.6])),
    Case(G, "transfer_cost", None, "float64", "ok", hp(_transfer_tree_slopes), args="transfer_args", wrt="params"),
    Case(G, "transfer_cost", None, "float64", "ok",
         hp(lambda: {"params.orbits.outer": _hohmann_slopes(_in("float64", [1]), _in("float64", [6.6]))["r2"]}),
         args="transfer_up_args", wrt="params.orbits.outer"),
    Case(G, "log_expn3", _at(x=[2, 700, 1e-3]), "float64", "ok", _each("x", [2, 700, 1e-3], _log_expn3_slope)),
    # E_3(746) = 2e-327 underflows: log(0)
    Case(G, "log_expn3", _at(x=[746]), "float64", "unstable", _each("x", [746], _log_expn3_slope)),
    Case(G, "soft_bound", _at(x=[5e-324, -5e-324, 3e-300, 1e-301, -2e-300]), "float64", "ok",
         _each("x", [5e-324, -5e-324, 3e-300, 1e-301, -2e-300], _soft_bound_slope)),
    # 1e300 * 1e-300 rounds to 1.0, minimum's switch, where the exact product of the two floats lies above it: slope 0
    # exactly, the float program's tie 5e299
    Case(G, "soft_bound", _at(x=[1e-300]), "float64", "unstable", _each("x", [1e-300], _soft_bound_slope),
         "gnp.minimum(gnp.maximum(x * 1e300, -1.0), 1.0)"),
]

NP = [
    Case(N, "schottky_heat_capacity", _at(x=[800]), "float64", "unstable", _each("x", [800], _schottky_slope),
         "x ** 2 * np.exp(x) / (1 + np.exp(x)) ** 2"),
    Case(N, "schottky_heat_capacity", _at(x=[1e-300, 2.5]), "float64", "ok", _each("x", [1e-300, 2.5], _schottky_slope)),
    Case(N, "free_energy_naive", _at(beta=800), "float64", "unstable", _scalar("beta", 800, _free_energy_slope)),
    Case(N, "free_energy", _at(beta=800), "float64", "ok", _scalar("beta", 800, _free_energy_slope)),
    Case(N, "free_energy", _at(beta=0.5), "float64", "ok", _scalar("beta", 0.5, _free_energy_slope)),
    Case(N, "planck_mean_energy", _at(x=[1e-300]), "float64", "unstable", _each("x", [1e-300], _planck_slope)),
    Case(N, "planck_mean_energy", _at(x=[2.5]), "float64", "ok", _each("x", [2.5], _planck_slope)),
    Case(N, "skin_depth_naive", _at(rho=[1e-300], omega=[1e300]), "float64", "unstable",
         _closed(_skin_depth_slopes, rho=[1e-300], omega=[1e300])),
    Case(N, "orbital_period_naive", _at(a=[1e110], mu=[1]), "float64", "unstable",
         _closed(_period_slopes, a=[1e110], mu=[1]), "np.sqrt(a ** 3 / mu)"),
    Case(N, "orbital_period", _at(a=[1e110], mu=[1]), "float64", "ok", _closed(_period_slopes, a=[1e110], mu=[1])),
    Case(N, "ellipk_near_one", _at(q=[1e-300]), "float64", "unstable", _each("q", [1e-300], _ellipk_near_one_slope),
         "special.ellipk(1 - q)"),
    Case(N, "ellipkm1_near_one", _at(q=[1e-300, 0.3]), "float64", "ok", _each("q", [1e-300, 0.3], _ellipk_near_one_slope)),
    Case(N, "dawson_sum", _at(x=[1e10, 1e200, 3]), "float64", "ok", _each("x", [1e10, 1e200, 3], _dawson_slope)),
    Case(N, "sinc_sum", _at(x=[1e-300, 5e-324, 0, 2.5]), "float64", "ok",
         _each("x", [1e-300, 5e-324, 0, 2.5], _sinc_slope)),
    Case(N, "pseudo_huber_scipy", _at(delta=[1], r=[1e-10]), "float64", "ok",
         _closed(_pseudo_huber_slopes, delta=[1], r=[1e-10])),
    Case(N, "pseudo_huber_scipy", _at(delta=[1e-300], r=[1]), "float64", "unstable",
         _closed(_pseudo_huber_slopes, delta=[1e-300], r=[1]), "special.pseudo_huber(delta, r)"),
    Case(N, "norm_by_scaling", _at(x=[3e-320, 4e-320]), "float64", "unstable", _closed(_norm_slopes, x=[3e-320, 4e-320]),
         "return scale * np.sqrt(np.sum((x / scale) ** 2))"),
    Case(N, "norm_by_scaling", _at(x=[3, -3, 1]), "float64", "ok", _closed(_norm_slopes, x=[3, -3, 1])),
]


def _formula_period_slopes():
    (a,) = _in("float64", [1e110])
    slopes = _period_slopes([a], [mpmath.mpf(1)], two_pi=2 * mpmath.pi)
    return {"a": slopes["a"][0], "m": slopes["mu"][0]}


def _formula_skin_depth():
    rho, omega = _in("float64", [1e-300, 1e300])
    mu0 = mpmath.mpf("1.2566370614359173e-06")  # the decimal the formula writes
    delta = mpmath.sqrt(2 * rho / (omega * mu0))
    return {"r": delta / (2 * rho), "w": -delta / (2 * omega)}


def _formula_free_energy(b):
    """-log(e^b + 1 + e^(-2b)) / b: the three levels -1, 0, 2 at beta = b."""
    return _free_energy_slope(b)


FREE_ENERGY_NAIVE = "-log(exp(b) + 1 + exp(-2*b))/b"
FREE_ENERGY_STABLE = "-logaddexp(b, logaddexp(0, -2*b))/b"

NP_MORE = [
    Case(N, "einstein_heat_capacity", _at(x=[1e-300]), "float64", "unstable", _each("x", [1e-300], _einstein_slope)),
    Case(N, "einstein_heat_capacity", _at(x=[3]), "float64", "ok", _each("x", [3], _einstein_slope)),
    Case(N, "hohmann_first_burn_naive", _at(r1=[1], r2=[1.000000000002]), "float64", "unstable",
         _closed(_hohmann_slopes, r1=[1], r2=[1.000000000002]), "np.sqrt(2 * r2 / (r1 + r2)) - 1"),
    Case(N, "soft_bound", _at(x=[5e-324, -5e-324, 3e-300, 1e-301, -2e-300]), "float64", "ok",
         _each("x", [5e-324, -5e-324, 3e-300, 1e-301, -2e-300], _soft_bound_slope)),
    Case(N, "soft_bound", _at(x=[1e-300]), "float64", "unstable", _each("x", [1e-300], _soft_bound_slope),
         "np.clip(x * 1e300, -1.0, 1.0)"),
]

FORMULAS = [
    Case(F, "x**2*exp(x)/(1 + exp(x))**2", "x=800", "float64", "unstable", _scalar("x", 800, _schottky_slope)),
    Case(F, "x**2*exp(x)/(1 + exp(x))**2", "x=1e-300", "float64", "ok", _scalar("x", 1e-300, _schottky_slope)),
    Case(F, "x**2*expit(x)*expit(-x)", "x=800", "float64", "ok", _scalar("x", 800, _schottky_slope)),
    Case(F, "x/expm1(x)", "x=1e-300", "float64", "unstable", _scalar("x", 1e-300, _planck_slope)),
    Case(F, "x/expm1(x)", "x=2.5", "float64", "ok", _scalar("x", 2.5, _planck_slope)),
    Case(F, "1.5/tanh(1.5*x) - 0.5/tanh(0.5*x)", "x=1e-5", "float64", "unstable", _scalar("x", 1e-5, _brillouin_slope)),
    Case(F, "1.5/tanh(1.5*x) - 0.5/tanh(0.5*x)", "x=800", "float64", "ok", _scalar("x", 800, _brillouin_slope)),
    Case(F, FREE_ENERGY_NAIVE, "b=800", "float64", "unstable", _scalar("b", 800, _formula_free_energy)),
    Case(F, FREE_ENERGY_STABLE, "b=800", "float64", "ok", _scalar("b", 800, _formula_free_energy)),
    Case(F, "2*pi*sqrt(a**3/m)", "a=1e110,m=1", "float64", "unstable", hp(_formula_period_slopes)),
    Case(F, "2*pi*a*sqrt(a/m)", "a=1e110,m=1", "float64", "ok", hp(_formula_period_slopes)),
    Case(F, "sqrt(2*r/(w*1.2566370614359173e-06))", "r=1e-300,w=1e300", "float64", "unstable", hp(_formula_skin_depth)),
    Case(F, "sinc(x)", "x=1e-300", "float64", "ok", _scalar("x", 1e-300, _sinc_slope)),
    Case(F, "sinc(x)", "x=5e-324", "float64", "ok", _scalar("x", 5e-324, _sinc_slope)),
    Case(F, "sqrt(1 + r*r) - 1", "r=1e-10", "float64", "unstable",
         _scalar("r", 1e-10, lambda r: r / mpmath.sqrt(1 + r * r))),
    Case(F, "r*r/(sqrt(1 + r*r) + 1)", "r=1e-10", "float64", "ok",
         _scalar("r", 1e-10, lambda r: r / mpmath.sqrt(1 + r * r))),
    Case(F, "max(0, 1e-300 - x)**2", "x=1e-300", "float64", "ok", hp(lambda: {"x": mpmath.mpf(0)})),
]

FORMULAS += [
    Case(F, "x**2*exp(x)/expm1(x)**2", "x=1e-300", "float64", "unstable", _scalar("x", 1e-300, _einstein_slope)),
    Case(F, "(x/2/sinh(x/2))**2", "x=3", "float64", "ok", _scalar("x", 3, _einstein_slope)),
    Case(F, "sqrt(1/a)*(sqrt(2*b/(a + b)) - 1)", "a=1,b=1.000000000002", "float64", "unstable",
         hp(lambda: {k: v[0] for k, v in zip("ab", _hohmann_slopes(_in("float64", [1]),
                                                                   _in("float64", [1.000000000002])).values())})),
    Case(F, "min(max(x*1e300, -1), 1)", "x=1e-301", "float64", "ok", _scalar("x", 1e-301, _soft_bound_slope)),
]

ALL = GN + MORE + NP + NP_MORE + FORMULAS
