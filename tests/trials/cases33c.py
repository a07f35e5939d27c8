"""The thirty-third trial set (third part): issue 27's classes on Python functions written against gradcli.numpy and
gradcli.scipy, on plain NumPy and on formulas, in domains not tried before: a two-level system's Schottky heat
capacity at +-800 (e^x / (1 + e^x)^2 as inf / inf; its slope e^-800 by its digits) and at 9300 (1e-4030), Bose-Einstein
occupancies at 1e-10, 1e-300 (a slope of -1e600, beyond float64) and 9300, the 1D Ising chain's free energy at a
coupling of 400 (e^-1600 underflowing under a square root and under hypot at zero field), Buckingham's and a Mie
(14, 7) potential at r -> 0 (r^-6 and r^-14 overflowing), the Goldman-Hodgkin-Katz current at V = 1e-10, 5e-324
(0/0) and -800 (inf/inf) naive and by exprel, a Nernst potential at subnormal concentrations, Tukey's biweight at
1e-10 ((1 - u)^3 rounding to 1) and expanded, Cauchy's loss at 1e200 (r^2 overflowing) and in log space with abs
and where at subnormals, far from their switches, a trimmed square at its switch and off it, the Tsallis q-logarithm
at q = 1 - 1e-12 (x^t - 1 cancelling; by powm1 the value is kept but its q-slope is a difference of two 1e12s),
scipy.special's entr, kl_div, rel_entr, xlogy and xlog1py at subnormals, log_ndtr at 100 (a slope of 1e-2174), logit
at 1 - 2^-53 and by logs, boxcox1p at a lambda of 1e-300, powm1 at 1e300, a slogdet near singularity (2x2 exact, 3x3
of condition 1e16), a Frobenius norm of 1e-300 and 1e200 entries plain and scaled, the exponential of a nilpotent
matrix (with 1e-300 entries too), and eigenvalues with an exactly repeated and a near-repeated irrational pair.

Truths are the mathematics written here in mpmath at 2,000 digits (closed forms written here, never the user file's
code); points are the numbers the dtype holds, constants the float64 numbers the program writes (a formula's numbers
exact). A case whose ``file`` is "formula" checks the formula in ``function``.
"""

import mpmath

from cases import Case
from cases5 import _in, _softmax, hp
from cases21c import _at, _each
from cases26c import _closed
from cases32b import _log_softmax
from cases32c import _weighted_logsumexp_slopes

G, N, F = "gn_lib33c.py", "numpy_lib33c.py", "formula"
NAN = mpmath.nan


def _f(value):
    """A float64 constant of the program, exactly."""
    return mpmath.mpf(float(value))


# --- the mathematics, written here ---------------------------------------------------------------------------------

def _schottky_slope(x):
    """C = x^2 s (1 - s), s = 1 / (1 + e^-x): C' = 2 x s (1 - s) + x^2 s (1 - s) (1 - 2 s)."""
    s = 1 / (1 + mpmath.exp(-x))
    return 2 * x * s * (1 - s) + x * x * s * (1 - s) * (1 - 2 * s)


def _bose_slope(x):
    """n = 1 / (e^x - 1): n' = -e^x / (e^x - 1)^2."""
    return -mpmath.exp(x) / mpmath.expm1(x) ** 2


def _ising_slopes(coupling, field):
    """log L, L = e^K cosh h + R, R = sqrt(e^2K sinh^2 h + e^-2K)."""
    out = {"coupling": [], "field": []}
    for k, h in zip(coupling, field):
        r = mpmath.sqrt(mpmath.exp(2 * k) * mpmath.sinh(h) ** 2 + mpmath.exp(-2 * k))
        big = mpmath.exp(k) * mpmath.cosh(h) + r
        dk = mpmath.exp(k) * mpmath.cosh(h) + (mpmath.exp(2 * k) * mpmath.sinh(h) ** 2 - mpmath.exp(-2 * k)) / r
        dh = mpmath.exp(k) * mpmath.sinh(h) + mpmath.exp(2 * k) * mpmath.sinh(h) * mpmath.cosh(h) / r
        out["coupling"].append(dk / big)
        out["field"].append(dh / big)
    return out


def _buckingham_slope(r):
    """A e^-Br - C r^-6: -A B e^-Br + 6 C r^-7."""
    a, b, c = _f(1388.77), _f(2.76), _f(175.0)
    return -a * b * mpmath.exp(-b * r) + 6 * c / r ** 7


def _mie_slope(r):
    """4 (r^-14 - r^-7): 4 (-14 r^-15 + 7 r^-8)."""
    return 4 * (-14 / r ** 15 + 7 / r ** 8)


def _ghk_slopes(v, inside, outside):
    """I = g(V) (c_in - c_out e^-V), g = V / (1 - e^-V): g' = (1 - e^-V - V e^-V) / (1 - e^-V)^2."""
    out = {"v": [], "inside": [], "outside": []}
    for x, ci, co in zip(v, inside, outside):
        e = mpmath.exp(-x)
        g = x / (1 - e)
        dg = (1 - e - x * e) / (1 - e) ** 2
        out["v"].append(dg * (ci - co * e) + g * co * e)
        out["inside"].append(g)
        out["outside"].append(-g * e)
    return out


def _nernst_slopes(oxidised, reduced):
    return {"oxidised": [1 / a for a in oxidised], "reduced": [-1 / b for b in reduced]}


def _membrane_slope(r):
    """0.7 J1(a1 r) - 0.2 J1(a2 r): J1' = (J0 - J2) / 2."""
    a1, a2 = _f(3.8317059702075125), _f(7.015586669815619)

    def j1_slope(x):
        return (mpmath.besselj(0, x) - mpmath.besselj(2, x)) / 2
    return _f(0.7) * a1 * j1_slope(a1 * r) - _f(0.2) * a2 * j1_slope(a2 * r)


def _rod_slope(r):
    """I0(m r) + I1(m r) - J0(m r), m = 2.5: m (I1 + (I0 + I2) / 2 + J1)."""
    x = mpmath.mpf("2.5") * r
    return mpmath.mpf("2.5") * (mpmath.besseli(1, x) + (mpmath.besseli(0, x) + mpmath.besseli(2, x)) / 2
                                + mpmath.besselj(1, x))


def _tukey_slope(r):
    """rho' = r (1 - (r/c)^2)^2 inside |r| <= c, 0 outside."""
    c = _f(4.685)
    return r * (1 - (r / c) ** 2) ** 2 if abs(r) <= c else mpmath.mpf(0)


def _cauchy_slope(r):
    return 2 * r / (1 + r * r)


def _huber_slope(r):
    """Huber's loss with delta = 1: r inside, sign(r) outside."""
    return r if abs(r) <= 1 else mpmath.sign(r)


def _pseudo_huber_slope(r):
    """sqrt(1 + r^2) - 1: r / sqrt(1 + r^2)."""
    return r / mpmath.sqrt(1 + r * r)


def _trimmed_slope(r):
    """min(r^2, 9): 2r inside, 0 outside, no derivative at |r| = 3."""
    if r * r == 9:
        return NAN
    return 2 * r if r * r < 9 else mpmath.mpf(0)


def _q_log_slopes(x, q):
    """(x^t - 1) / t, t = 1 - q: d/dx = x^-q, d/dq = -(x^t log x / t - (x^t - 1) / t^2)."""
    out = {"x": [], "q": []}
    for a, b in zip(x, q):
        t = 1 - b
        p = mpmath.power(a, t)
        out["x"].append(mpmath.power(a, -b))
        out["q"].append(-(p * mpmath.log(a) / t - (p - 1) / t ** 2))
    return out


def _entr_slope(p):
    return -(mpmath.log(p) + 1)


def _kl_div_slopes(x, y):
    """x log(x/y) - x + y: d/dx = log(x/y), d/dy = 1 - x/y."""
    return {"x": [mpmath.log(a / b) for a, b in zip(x, y)], "y": [1 - a / b for a, b in zip(x, y)]}


def _bernoulli_kl_slopes(x, y):
    """x log(x/y) + (1-x) log((1-x)/(1-y))."""
    return {"x": [mpmath.log(a / b) - mpmath.log((1 - a) / (1 - b)) for a, b in zip(x, y)],
            "y": [-a / b + (1 - a) / (1 - b) for a, b in zip(x, y)]}


def _bernoulli_likelihood_slopes(k, p):
    """k log p + (1 - k) log(1 - p)."""
    return {"k": [mpmath.log(b) - mpmath.log(1 - b) for a, b in zip(k, p)],
            "p": [a / b - (1 - a) / (1 - b) for a, b in zip(k, p)]}


def _log_ndtr_slope(x):
    """phi(x) / Phi(x)."""
    return mpmath.npdf(x) / mpmath.ncdf(x)


def _logit_slope(p):
    return 1 / (p * (1 - p))


def _boxcox1p_slopes(x, lmbda):
    """((1 + x)^l - 1) / l: d/dx = (1 + x)^(l - 1), d/dl = ((1 + x)^l log(1 + x) l - ((1 + x)^l - 1)) / l^2."""
    out = {"x": [], "lmbda": []}
    for a, l in zip(x, lmbda):
        w = mpmath.log1p(a)
        p = mpmath.exp(l * w)
        out["x"].append(mpmath.power(1 + a, l - 1))
        out["lmbda"].append((p * w * l - (p - 1)) / (l * l))
    return out


def _powm1_slopes(x, y):
    """x^y - 1: d/dx = y x^(y-1), d/dy = x^y log x."""
    return {"x": [b * mpmath.power(a, b - 1) for a, b in zip(x, y)],
            "y": [mpmath.power(a, b) * mpmath.log(a) for a, b in zip(x, y)]}


def _matrix(rows):
    return mpmath.matrix([_in("float64", row) for row in rows])


def _rows(m):
    return [[m[i, j] for j in range(m.cols)] for i in range(m.rows)]


def _slogdet_slopes(rows):
    """d log|det A| / dA = A^-T."""
    def truth():
        a = _matrix(rows)
        return {"a": _rows((a ** -1).T)}
    return hp(truth)


def _network_slopes(rows, injected):
    """sum(G^-1 i): d/di = G^-T 1, d/dG = -(G^-T 1) (G^-1 i)^T."""
    def truth():
        g, i = _matrix(rows), mpmath.matrix(_in("float64", injected))
        ones = mpmath.matrix([1] * g.rows)
        adjoint = (g.T) ** -1 * ones
        v = g ** -1 * i
        return {"conductance": [[-adjoint[r] * v[c] for c in range(g.cols)] for r in range(g.rows)],
                "injected": [adjoint[r] for r in range(g.rows)]}
    return hp(truth)


def _frobenius_slopes(rows):
    def truth():
        a = _matrix(rows)
        n = mpmath.sqrt(sum(v * v for v in a))
        return {"a": _rows(a / n)}
    return hp(truth)


WEIGHTS = [[1.0, 2.0, -1.0], [0.5, 3.0, 4.0], [-2.0, 1.5, 0.25]]


def _expm_slopes(rows):
    """d/dA sum(W * e^A) = L(A^T, W): the top right block of exp([[A^T, W], [0, A^T]])."""
    def truth():
        a, w = _matrix(rows), _matrix(WEIGHTS)
        block = mpmath.zeros(6, 6)
        for i in range(3):
            for j in range(3):
                block[i, j] = block[i + 3, j + 3] = a[j, i]
                block[i, j + 3] = w[i, j]
        e = mpmath.expm(block)
        return {"a": [[e[i, j + 3] for j in range(3)] for i in range(3)]}
    return hp(truth)


def _eigen_pair_slopes(rows, smallest):
    """Weights 1, 2, 2 on the ascending eigenvalues, the smallest simple: 2 I - v v^T, v its unit eigenvector."""
    def truth():
        v = mpmath.matrix(smallest())
        v = v / mpmath.norm(v)
        return {"a": [[(2 if i == j else 0) - v[i] * v[j] for j in range(3)] for i in range(3)]}
    return hp(truth)


def _minus_root2_vector():
    """[[1, 1], [1, -1]]'s eigenvector for -sqrt 2, in the first two coordinates."""
    return [1, -(1 + mpmath.sqrt(2)), 0]


NEAR_PAIR = [[1, 1, 0], [1, -1, 0], [0, 0, 1.4142135623730951]]
EXACT_PAIR = [[1.4142135623730951, 0, 0], [0, -1, 0], [0, 0, 1.4142135623730951]]
NILPOTENT = [[0, 2, -1], [0, 0, 3], [0, 0, 0]]
TINY_NILPOTENT = [[0, 1e-300, 5e-324], [0, 0, 1e-300], [0, 0, 0]]
NEAR_SINGULAR = [[1, 1], [1, 1.0000000000000002]]
ILL = [[0.1, 0.2, 0.3], [0.4, 0.5, 0.6], [0.7, 0.8, 0.9]]
TINY = [[1e-300, 2e-300], [0, -3e-300]]
HUGE = [[1e200, 2e200], [0, -3e200]]


def _mat(rows):
    return str(rows).replace(" ", "")


# --- the cases -----------------------------------------------------------------------------------------------------

GN = [
    # e^800 overflows: inf / inf where the heat capacity is 4.7e-342
    Case(G, "schottky_naive", _at(x=[800]), "float64", "unstable", _each("x", [800], _schottky_slope),
         "e = gnp.exp(x)"),
    Case(G, "schottky_naive", _at(x=[2, -0.5, 30]), "float64", "ok", _each("x", [2, -0.5, 30], _schottky_slope)),
    # slopes -e^-800 800^2-sized and 1e-4030: by their digits
    Case(G, "schottky", _at(x=[800, -800, 1e-300, 2, 9300]), "float64", "ok",
         _each("x", [800, -800, 1e-300, 2, 9300], _schottky_slope)),
    # e^1e-10 - 1 keeps seven digits of 1e-10: the occupancy and its slope -1e20 lose the rest
    Case(G, "bose_occupancy_naive", _at(x=[1e-10]), "float64", "unstable", _each("x", [1e-10], _bose_slope),
         "return gnp.sum(1 / (gnp.exp(x) - 1))", "expm1("),
    Case(G, "bose_occupancy_naive", _at(x=[0.5, 30]), "float64", "ok", _each("x", [0.5, 30], _bose_slope)),
    Case(G, "bose_occupancy", _at(x=[1e-10, 1e-100, 0.5, 300]), "float64", "ok",
         _each("x", [1e-10, 1e-100, 0.5, 300], _bose_slope)),
    # the slope -e^-700 = -1e-304 is a float64 number, but 1/expm1(700)^2 = e^-1400 on the way underflows to 0
    Case(G, "bose_occupancy", _at(x=[700]), "float64", "unstable", _each("x", [700], _bose_slope),
         "return gnp.sum(1 / gnp.expm1(x))"),
    # expm1(800) overflows: the occupancy's 0 is right, its slope -0 * inf NaN where it is -e^-800 (and 1e-4039)
    Case(G, "bose_occupancy", _at(x=[800, 9300]), "float64", "unstable", _each("x", [800, 9300], _bose_slope),
         "return gnp.sum(1 / gnp.expm1(x))"),
    # the slope -1e600 is beyond float64's range: no float64 program can give it
    Case(G, "bose_occupancy", _at(x=[1e-300]), "float64", "domain", _each("x", [1e-300], _bose_slope)),
    # e^-1600 underflows under the root: sqrt's 1/(2 sqrt 0) times sinh's 0
    Case(G, "ising_free_energy", _at(coupling=[400], field=[0]), "float64", "unstable",
         _closed(_ising_slopes, coupling=[400], field=[0]),
         "return gnp.sum(coupling + gnp.log(gnp.cosh(field) + gnp.sqrt(gnp.sinh(field) ** 2 + gnp.exp(-4 * coupling))))"),
    Case(G, "ising_free_energy", _at(coupling=[0.5, 2, 400], field=[0, -0.3, 0.25]), "float64", "ok",
         _closed(_ising_slopes, coupling=[0.5, 2, 400], field=[0, -0.3, 0.25])),
    # e^800 overflows in the textbook's eigenvalue
    Case(G, "ising_free_energy_naive", _at(coupling=[400], field=[0.25]), "float64", "unstable",
         _closed(_ising_slopes, coupling=[400], field=[0.25])),
    Case(G, "ising_free_energy_naive", _at(coupling=[0.5, 2], field=[0, -0.3]), "float64", "ok",
         _closed(_ising_slopes, coupling=[0.5, 2], field=[0, -0.3])),
    # hypot(0, e^-800 = 0): the same underflow, now under hypot
    Case(G, "ising_free_energy_hypot", _at(coupling=[400], field=[0]), "float64", "unstable",
         _closed(_ising_slopes, coupling=[400], field=[0])),
    Case(G, "ising_free_energy_hypot", _at(coupling=[400, 0.5, 1e-300], field=[0.25, 0, -2]), "float64", "ok",
         _closed(_ising_slopes, coupling=[400, 0.5, 1e-300], field=[0.25, 0, -2])),
    # r^6 = 1e-360 underflows: -C / 0 = -inf where the potential is -1.75e362... beyond float64: no value
    Case(G, "buckingham", _at(r=[1e-60]), "float64", "domain", _each("r", [1e-60], _buckingham_slope)),
    # r^6 = 1e-300 is a number, C r^-7 = 1.75e352 is not: the slope is beyond float64
    Case(G, "buckingham", _at(r=[1e-50]), "float64", "domain", _each("r", [1e-50], _buckingham_slope)),
    Case(G, "buckingham", _at(r=[0.1, 1.5, 3, 300]), "float64", "ok", _each("r", [0.1, 1.5, 3, 300], _buckingham_slope)),
    Case(G, "mie", _at(r=[0.01, 1, 1.2, 1e3]), "float64", "ok", _each("r", [0.01, 1, 1.2, 1e3], _mie_slope)),
    Case(G, "mie_by_inverse", _at(r=[0.01, 1, 1.2, 1e3]), "float64", "ok", _each("r", [0.01, 1, 1.2, 1e3], _mie_slope)),
    # 1 - e^-1e-10 keeps seven digits: the current loses the rest
    Case(G, "ghk_current_naive", _at(v=[1e-10], inside=[0.5], outside=[2]), "float64", "unstable",
         _closed(_ghk_slopes, v=[1e-10], inside=[0.5], outside=[2]),
         "return gnp.sum(v * (inside - outside * gnp.exp(-v)) / (1 - gnp.exp(-v)))"),
    # 1 - e^-5e-324 is 0: 0/0
    Case(G, "ghk_current_naive", _at(v=[5e-324], inside=[0.5], outside=[2]), "float64", "unstable",
         _closed(_ghk_slopes, v=[5e-324], inside=[0.5], outside=[2])),
    Case(G, "ghk_current_naive", _at(v=[1.5, -2, 800], inside=[0.5, 1, 3], outside=[2, 0.25, 1]), "float64", "ok",
         _closed(_ghk_slopes, v=[1.5, -2, 800], inside=[0.5, 1, 3], outside=[2, 0.25, 1])),
    Case(G, "ghk_current", _at(v=[1e-10, 5e-324, 1.5, -2, 800], inside=[0.5, 0.5, 0.5, 1, 3], outside=[2, 2, 2, 0.25, 1]),
         "float64", "ok", _closed(_ghk_slopes, v=[1e-10, 5e-324, 1.5, -2, 800], inside=[0.5, 0.5, 0.5, 1, 3],
                                  outside=[2, 2, 2, 0.25, 1])),
    # e^800 overflows in both spellings: inf / inf where the current is -800 c_out
    Case(G, "ghk_current", _at(v=[-800], inside=[0.5], outside=[2]), "float64", "unstable",
         _closed(_ghk_slopes, v=[-800], inside=[0.5], outside=[2]),
         "return gnp.sum((inside - outside * gnp.exp(-v)) / sps.exprel(-v))"),
    # 2e-308 / 1e10 is a subnormal with 18 bits: the slope 1 / (c_ox / c_red) / c_red off by 2e-6
    Case(G, "nernst_naive", _at(oxidised=[2e-308], reduced=[1e10]), "float64", "unstable",
         _closed(_nernst_slopes, oxidised=[2e-308], reduced=[1e10]), "return gnp.sum(gnp.log(oxidised / reduced))"),
    Case(G, "nernst_naive", _at(oxidised=[0.5, 1e-300], reduced=[0.3, 2e-300]), "float64", "ok",
         _closed(_nernst_slopes, oxidised=[0.5, 1e-300], reduced=[0.3, 2e-300])),
    Case(G, "nernst", _at(oxidised=[2e-308, 0.5, 1e-300], reduced=[1e10, 2e-308, 1e300]), "float64", "ok",
         _closed(_nernst_slopes, oxidised=[2e-308, 0.5, 1e-300], reduced=[1e10, 2e-308, 1e300])),
    # the slope 1 / 5e-324 = 2e323 is beyond float64's range
    Case(G, "nernst", _at(oxidised=[5e-324], reduced=[0.3]), "float64", "domain",
         _closed(_nernst_slopes, oxidised=[5e-324], reduced=[0.3])),
    # J1'(0) = 1/2 and I1'(0) = 1/2: at the drum's and the rod's centre, and at subnormal radii
    Case(G, "membrane_modes", _at(r=[0, 5e-324, 1e-310, -1e-300, 0.3]), "float64", "ok",
         _each("r", [0, 5e-324, 1e-310, -1e-300, 0.3], _membrane_slope)),
    Case(G, "rod_temperature", _at(r=[0, 5e-324, 1.5e-323, 1e-310, 0.3]), "float64", "ok",
         _each("r", [0, 5e-324, 1.5e-323, 1e-310, 0.3], _rod_slope)),
    Case(G, "rod_temperature", _at(r=[0, 1e-45, 1e-40, 0.3]), "float32", "ok",
         _each("r", [0, 1e-45, 1e-40, 0.3], _rod_slope, "float32")),
    # (1 - u)^3 with u = 4.6e-22 rounds to 1: rho 0 where it is 5e-21
    Case(G, "tukey_biweight_naive", _at(r=[1e-10]), "float64", "unstable", _each("r", [1e-10], _tukey_slope),
         "inside = TUKEY_C ** 2 / 6 * (1 - (1 - u) ** 3)"),
    Case(G, "tukey_biweight_naive", _at(r=[2, -3, 10]), "float64", "ok", _each("r", [2, -3, 10], _tukey_slope)),
    Case(G, "tukey_biweight", _at(r=[1e-10, 1e-300, 2, -3, 10, -1e200]), "float64", "ok",
         _each("r", [1e-10, 1e-300, 2, -3, 10, -1e200], _tukey_slope)),
    # 5e-324 / 4.685 underflows to 0: the slope 0 where it is 5e-324
    Case(G, "tukey_biweight", _at(r=[5e-324]), "float64", "unstable", _each("r", [5e-324], _tukey_slope),
         "u = gnp.minimum((r / TUKEY_C) ** 2, 1.0)"),
    # r^2 overflows: log1p(inf), its slope 2r / inf = 0 where it is 2e-200
    Case(G, "cauchy_loss", _at(r=[1e200]), "float64", "unstable", _each("r", [1e200], _cauchy_slope),
         "return gnp.sum(gnp.log1p(r ** 2))"),
    Case(G, "cauchy_loss", _at(r=[1e-300, 5e-324, 2, -1e100]), "float64", "ok",
         _each("r", [1e-300, 5e-324, 2, -1e100], _cauchy_slope)),
    # abs, maximum, minimum and where at subnormals, far from their switches at 0 and 1
    Case(G, "cauchy_loss_scaled", _at(r=[1e200, -1e300, 5e-324, -1e-300, 0.5, -3]), "float64", "ok",
         _each("r", [1e200, -1e300, 5e-324, -1e-300, 0.5, -3], _cauchy_slope)),
    Case(G, "trimmed_square", _at(r=[5e-324, -1e-300, 2.9999999999999996, 3.0000000000000004, 1e200]), "float64", "ok",
         _each("r", [5e-324, -1e-300, 2.9999999999999996, 3.0000000000000004, 1e200], _trimmed_slope)),
    Case(G, "trimmed_square", _at(r=[3]), "float64", "domain", _each("r", [3], _trimmed_slope)),
    # slopes of 1, 3 and 51 units of the last subnormal place, kept whole
    Case(G, "huber_loss", _at(r=[5e-324, 1.5e-323, -2.5e-322, 1e-300, 0.5, -3, 1e300]), "float64", "ok",
         _each("r", [5e-324, 1.5e-323, -2.5e-322, 1e-300, 0.5, -3, 1e300], _huber_slope)),
    Case(G, "pseudo_huber_loss", _at(r=[5e-324, 1.5e-323, -2.5e-322, 1e-300, 0.5, -3]), "float64", "ok",
         _each("r", [5e-324, 1.5e-323, -2.5e-322, 1e-300, 0.5, -3], _pseudo_huber_slope)),
    # (r/delta)^2 overflows in SciPy's own pseudo_huber: inf where the loss is 1e200
    Case(G, "pseudo_huber_loss", _at(r=[1e200]), "float64", "unstable", _each("r", [1e200], _pseudo_huber_slope)),
    # x^t - 1 at t = 1e-12 keeps four digits
    Case(G, "q_log_naive", _at(x=[2.5], q=[0.999999999999]), "float64", "unstable",
         _closed(_q_log_slopes, x=[2.5], q=[0.999999999999]), "return gnp.sum((x ** (1 - q) - 1) / (1 - q))", "gnp.expm1(|powm1(|boxcox("),
    Case(G, "q_log_naive", _at(x=[2.5, 0.5], q=[0.5, 2]), "float64", "ok", _closed(_q_log_slopes, x=[2.5, 0.5], q=[0.5, 2])),
    # powm1 keeps the value; its q-slope is x^t log x / t - powm1 / t^2, two 9e11s cancelling to 0.42
    Case(G, "q_log", _at(x=[2.5], q=[0.999999999999]), "float64", "unstable",
         _closed(_q_log_slopes, x=[2.5], q=[0.999999999999]), "return gnp.sum(sps.powm1(x, 1 - q) / (1 - q))"),
    Case(G, "q_log", _at(x=[2.5, 0.5, 5e-324], q=[0.5, 2, 0.5]), "float64", "ok",
         _closed(_q_log_slopes, x=[2.5, 0.5, 5e-324], q=[0.5, 2, 0.5])),
    # its x-slope x^-q alone is fine
    Case(G, "q_log", _at(x=[0.75], q=[0.999999999999]), "float64", "ok",
         hp(lambda: {"x": _q_log_slopes(_in("float64", [0.75]), _in("float64", [0.999999999999]))["x"]}), wrt="x"),
    Case(G, "entropies", _at(p=[5e-324, 1e-300, 0.5, 1, 1e300]), "float64", "ok",
         _each("p", [5e-324, 1e-300, 0.5, 1, 1e300], _entr_slope)),
    Case(G, "generalised_kl", _at(x=[5e-324, 1e-300, 0.5, 1e300], y=[1e-300, 5e-324, 0.25, 1e10]), "float64", "ok",
         _closed(_kl_div_slopes, x=[5e-324, 1e-300, 0.5, 1e300], y=[1e-300, 5e-324, 0.25, 1e10])),
    Case(G, "relative_entropy_split", _at(x=[5e-324, 0.9999999999999999, 0.3], y=[1e-300, 0.5, 0.3]), "float64", "ok",
         _closed(_bernoulli_kl_slopes, x=[5e-324, 0.9999999999999999, 0.3], y=[1e-300, 0.5, 0.3])),
    Case(G, "bernoulli_log_likelihood", _at(k=[1, 0, 0.5], p=[1e-300, 0.9999999999999999, 0.25]), "float64", "ok",
         _closed(_bernoulli_likelihood_slopes, k=[1, 0, 0.5], p=[1e-300, 0.9999999999999999, 0.25])),
    # slopes 1e5, 1e-2174 (by its digits) and 0.8
    Case(G, "log_normal_tail", _at(x=[-1e5, 100, 5e-324, -40]), "float64", "ok",
         _each("x", [-1e5, 100, 5e-324, -40], _log_ndtr_slope)),
    Case(G, "logit_sum", _at(p=[0.9999999999999999, 1e-300, 0.5]), "float64", "ok",
         _each("p", [0.9999999999999999, 1e-300, 0.5], _logit_slope)),
    # 1 - p is exact near 1 (Sterbenz): the log form is as good as logit there
    Case(G, "logit_by_log", _at(p=[0.9999999999999999, 1e-300, 0.5]), "float64", "ok",
         _each("p", [0.9999999999999999, 1e-300, 0.5], _logit_slope)),
    Case(G, "box_cox_shift", _at(x=[0.5, 1e-300, 3], lmbda=[0.5, 0.5, -2]), "float64", "ok",
         _closed(_boxcox1p_slopes, x=[0.5, 1e-300, 3], lmbda=[0.5, 0.5, -2])),
    Case(G, "box_cox_shift", _at(x=[0.5, 3], lmbda=[1e-300, 1e-10]), "float64", "ok",
         _closed(_boxcox1p_slopes, x=[0.5, 3], lmbda=[1e-300, 1e-10])),
    Case(G, "power_minus_one", _at(x=[2.5, 5e-324, 1e300], y=[1e-300, 0.5, -1e-10]), "float64", "ok",
         _closed(_powm1_slopes, x=[2.5, 5e-324, 1e300], y=[1e-300, 0.5, -1e-10])),
    Case(G, "log_abs_det", _at(a=_mat(NEAR_SINGULAR)), "float64", "ok", _slogdet_slopes(NEAR_SINGULAR)),
    # a step of G[1, 0] beside its 0 is 1e-300 times 10^-(digits/3): 3 - step is 3 until 960 digits
    Case(G, "node_voltages", _at(conductance=_mat([[1e-300, 0], [0, 2]]), injected=[1e-300, 3]), "float64", "ok",
         _network_slopes([[1e-300, 0], [0, 2]], [1e-300, 3])),
    Case(G, "node_voltages", _at(conductance=_mat([[2, 0, 0], [0, 1e-300, 0], [0.5, 0, 1]]), injected=[1, 2e-300, 3]),
         "float64", "ok", _network_slopes([[2, 0, 0], [0, 1e-300, 0], [0.5, 0, 1]], [1, 2e-300, 3])),
    # singular but for the entries' rounding (condition 2e16): log|det| off by 0.47, its slope by 37%
    Case(G, "log_abs_det", _at(a=_mat(ILL)), "float64", "unstable", _slogdet_slopes(ILL)),
    # the squares underflow (1e-600) and overflow (1e400)
    Case(G, "frobenius_norm", _at(a=_mat(TINY)), "float64", "unstable", _frobenius_slopes(TINY),
         "return gnp.linalg.norm(a)"),
    Case(G, "frobenius_norm", _at(a=_mat(HUGE)), "float64", "unstable", _frobenius_slopes(HUGE)),
    Case(G, "frobenius_norm_scaled", _at(a=_mat(TINY)), "float64", "ok", _frobenius_slopes(TINY)),
    Case(G, "frobenius_norm_scaled", _at(a=_mat(HUGE)), "float64", "ok", _frobenius_slopes(HUGE)),
    Case(G, "weighted_expm", _at(a=_mat(NILPOTENT)), "float64", "ok", _expm_slopes(NILPOTENT)),
    Case(G, "weighted_expm", _at(a=_mat(TINY_NILPOTENT)), "float64", "ok", _expm_slopes(TINY_NILPOTENT)),
    Case(G, "weighted_eigenvalues", _at(a=_mat(NEAR_PAIR)), "float64", "ok",
         _eigen_pair_slopes(NEAR_PAIR, _minus_root2_vector)),
    Case(G, "weighted_eigenvalues", _at(a=_mat(EXACT_PAIR)), "float64", "ok",
         _eigen_pair_slopes(EXACT_PAIR, lambda: [0, 1, 0])),
]

NP = [
    Case(N, "schottky_naive", _at(x=[800]), "float64", "unstable", _each("x", [800], _schottky_slope), "e = np.exp(x)"),
    Case(N, "schottky", _at(x=[800, -800, 1e-300, 2, 9300]), "float64", "ok",
         _each("x", [800, -800, 1e-300, 2, 9300], _schottky_slope)),
    Case(N, "bose_occupancy_naive", _at(x=[1e-10]), "float64", "unstable", _each("x", [1e-10], _bose_slope),
         "return np.sum(1 / (np.exp(x) - 1))", "np.expm1("),
    Case(N, "bose_occupancy", _at(x=[1e-10, 0.5, 300]), "float64", "ok", _each("x", [1e-10, 0.5, 300], _bose_slope)),
    Case(N, "bose_occupancy", _at(x=[9300]), "float64", "unstable", _each("x", [9300], _bose_slope),
         "return np.sum(1 / np.expm1(x))"),
    Case(N, "ising_free_energy", _at(coupling=[400], field=[0]), "float64", "unstable",
         _closed(_ising_slopes, coupling=[400], field=[0])),
    Case(N, "ising_free_energy", _at(coupling=[0.5, 400], field=[0, 0.25]), "float64", "ok",
         _closed(_ising_slopes, coupling=[0.5, 400], field=[0, 0.25])),
    Case(N, "buckingham", _at(r=[0.1, 1.5, 300]), "float64", "ok", _each("r", [0.1, 1.5, 300], _buckingham_slope)),
    Case(N, "ghk_current_naive", _at(v=[5e-324], inside=[0.5], outside=[2]), "float64", "unstable",
         _closed(_ghk_slopes, v=[5e-324], inside=[0.5], outside=[2]),
         "return np.sum(v * (inside - outside * np.exp(-v)) / (1 - np.exp(-v)))"),
    Case(N, "ghk_current", _at(v=[1e-10, 5e-324, -2], inside=[0.5, 0.5, 1], outside=[2, 2, 0.25]), "float64", "ok",
         _closed(_ghk_slopes, v=[1e-10, 5e-324, -2], inside=[0.5, 0.5, 1], outside=[2, 2, 0.25])),
    Case(N, "nernst_naive", _at(oxidised=[2e-308], reduced=[1e10]), "float64", "unstable",
         _closed(_nernst_slopes, oxidised=[2e-308], reduced=[1e10]), "return np.sum(np.log(oxidised / reduced))"),
    Case(N, "tukey_biweight_naive", _at(r=[1e-10]), "float64", "unstable", _each("r", [1e-10], _tukey_slope)),
    Case(N, "tukey_biweight_naive", _at(r=[2, -3, 10]), "float64", "ok", _each("r", [2, -3, 10], _tukey_slope)),
    Case(N, "cauchy_loss", _at(r=[1e200]), "float64", "unstable", _each("r", [1e200], _cauchy_slope),
         "return np.sum(np.log1p(r ** 2))"),
    Case(N, "huber_loss", _at(r=[5e-324, -2.5e-322, 1e-300, -3]), "float64", "ok",
         _each("r", [5e-324, -2.5e-322, 1e-300, -3], _huber_slope)),
    Case(N, "pseudo_huber_loss", _at(r=[5e-324, -2.5e-322, 1e-300, -3]), "float64", "ok",
         _each("r", [5e-324, -2.5e-322, 1e-300, -3], _pseudo_huber_slope)),
    Case(N, "q_log_naive", _at(x=[2.5], q=[0.999999999999]), "float64", "unstable",
         _closed(_q_log_slopes, x=[2.5], q=[0.999999999999])),
    Case(N, "q_log", _at(x=[2.5, 0.5], q=[0.5, 2]), "float64", "ok", _closed(_q_log_slopes, x=[2.5, 0.5], q=[0.5, 2])),
    Case(N, "entropies", _at(p=[5e-324, 1e-300, 0.5, 1]), "float64", "ok", _each("p", [5e-324, 1e-300, 0.5, 1], _entr_slope)),
    Case(N, "generalised_kl", _at(x=[5e-324, 1e-300, 0.5], y=[1e-300, 5e-324, 0.25]), "float64", "ok",
         _closed(_kl_div_slopes, x=[5e-324, 1e-300, 0.5], y=[1e-300, 5e-324, 0.25])),
    Case(N, "bernoulli_log_likelihood", _at(k=[1, 0, 0.5], p=[1e-300, 0.9999999999999999, 0.25]), "float64", "ok",
         _closed(_bernoulli_likelihood_slopes, k=[1, 0, 0.5], p=[1e-300, 0.9999999999999999, 0.25])),
    Case(N, "log_normal_tail", _at(x=[-1e5, 100, 5e-324]), "float64", "ok", _each("x", [-1e5, 100, 5e-324], _log_ndtr_slope)),
    Case(N, "logit_sum", _at(p=[0.9999999999999999, 1e-300]), "float64", "ok",
         _each("p", [0.9999999999999999, 1e-300], _logit_slope)),
    Case(N, "box_cox_shift", _at(x=[0.5, 3], lmbda=[1e-300, 0.5]), "float64", "ok",
         _closed(_boxcox1p_slopes, x=[0.5, 3], lmbda=[1e-300, 0.5])),
    Case(N, "log_abs_det", _at(a=_mat(NEAR_SINGULAR)), "float64", "ok", _slogdet_slopes(NEAR_SINGULAR)),
    Case(N, "frobenius_norm", _at(a=_mat(TINY)), "float64", "unstable", _frobenius_slopes(TINY)),
    Case(N, "weighted_expm", _at(a=_mat(NILPOTENT)), "float64", "ok", _expm_slopes(NILPOTENT)),
]

FLOAT32 = [
    # e^100 overflows float32
    Case(G, "schottky_naive", _at(x=[100]), "float32", "unstable", _each("x", [100], _schottky_slope, "float32")),
    Case(G, "schottky", _at(x=[80, -80, 1e-30]), "float32", "ok", _each("x", [80, -80, 1e-30], _schottky_slope, "float32")),
    # sigmoid(-100) = 3.7e-44 is a float32 subnormal with 7 bits
    Case(G, "schottky", _at(x=[-100]), "float32", "unstable", _each("x", [-100], _schottky_slope, "float32")),
    Case(G, "bose_occupancy", _at(x=[1e-5, 0.5, 40]), "float32", "ok", _each("x", [1e-5, 0.5, 40], _bose_slope, "float32")),
    Case(G, "cauchy_loss", _at(r=[1e20]), "float32", "unstable", _each("r", [1e20], _cauchy_slope, "float32")),
    Case(G, "cauchy_loss_scaled", _at(r=[1e20, 1e-45, -0.5]), "float32", "ok",
         _each("r", [1e20, 1e-45, -0.5], _cauchy_slope, "float32")),
]


def _scalar(name, value, slope):
    return hp(lambda: {name: slope(_in("float64", [value])[0])})


def _formula_ghk(v):
    """V (1/2 - 2 e^-V) / (1 - e^-V) with exact constants."""
    return hp(lambda: {"v": _ghk_slopes(_in("float64", [v]), [mpmath.mpf(1) / 2], [mpmath.mpf(2)])["v"][0]})


def _formula_q_log():
    """(x^t - 1) / t at x = 2.5, t = 1e-12 (a formula's numbers exact): d/dt."""
    x, t = mpmath.mpf("2.5"), _f(1e-12)
    p = mpmath.power(x, t)
    return {"x": mpmath.power(x, t - 1), "t": p * mpmath.log(x) / t - (p - 1) / t ** 2}


FORMULAS = [
    Case(F, "x^2*exp(x)/(1 + exp(x))^2", "x=800", "float64", "unstable", _scalar("x", 800, _schottky_slope)),
    Case(F, "x^2*sigmoid(x)*sigmoid(-x)", "x=800", "float64", "ok", _scalar("x", 800, _schottky_slope)),
    Case(F, "x^2*sigmoid(x)*sigmoid(-x)", "x=9300", "float64", "ok", _scalar("x", 9300, _schottky_slope)),
    Case(F, "1/(exp(x) - 1)", "x=1e-10", "float64", "unstable", _scalar("x", 1e-10, _bose_slope)),
    Case(F, "1/expm1(x)", "x=1e-10", "float64", "ok", _scalar("x", 1e-10, _bose_slope)),
    Case(F, "1/expm1(x)", "x=9300", "float64", "unstable", _scalar("x", 9300, _bose_slope)),
    Case(F, "v*(0.5 - 2*exp(-v))/(1 - exp(-v))", "v=1e-10", "float64", "unstable", _formula_ghk(1e-10)),
    # expm1 keeps the value, but the quotient rule's 1/D - v D'/D^2 is 1.5e10 - 1.5e10
    Case(F, "v*(0.5 - 2*exp(-v))/(-expm1(-v))", "v=1e-10", "float64", "unstable", _formula_ghk(1e-10)),
    Case(F, "log1p(r^2)", "r=1e200", "float64", "unstable", _scalar("r", 1e200, _cauchy_slope)),
    Case(F, "2*log(abs(r)) + log1p(r^-2)", "r=1e200", "float64", "ok", _scalar("r", 1e200, _cauchy_slope)),
    Case(F, "log1p(r^2)", "r=-5e-324", "float64", "ok", _scalar("r", -5e-324, _cauchy_slope)),
    Case(F, "min(r^2, 9)", "r=5e-324", "float64", "ok", _scalar("r", 5e-324, _trimmed_slope)),
    Case(F, "min(r^2, 9)", "r=-1e200", "float64", "ok", _scalar("r", -1e200, _trimmed_slope)),
    Case(F, "(x^t - 1)/t", "x=2.5,t=1e-12", "float64", "unstable", hp(_formula_q_log)),
    Case(F, "expm1(t*log(x))/t", "x=2.5,t=1e-12", "float64", "unstable", hp(_formula_q_log)),
    Case(F, "log_ndtr(x)", "x=100", "float64", "ok", _scalar("x", 100, _log_ndtr_slope)),
    Case(F, "log_ndtr(x)", "x=-1e5", "float64", "ok", _scalar("x", -1e5, _log_ndtr_slope)),
    Case(F, "log(p) - log(1 - p)", "p=0.9999999999999999", "float64", "ok", _scalar("p", 0.9999999999999999, _logit_slope)),
    Case(F, "log(p/(1 - p))", "p=1e-300", "float64", "ok", _scalar("p", 1e-300, _logit_slope)),
    Case(F, "1388.77*exp(-2.76*r) - 175/r^6", "r=1e-50", "float64", "domain",
         _scalar("r", 1e-50, lambda r: -mpmath.mpf("1388.77") * mpmath.mpf("2.76") * mpmath.exp(-mpmath.mpf("2.76") * r)
                 + 6 * 175 / r ** 7)),
]


def _weighted_partition_slopes(a, b):
    """log sum b_i e^(a_i), in the user's names."""
    slopes = _weighted_logsumexp_slopes(a, b)
    return {"a": slopes["z"], "b": slopes["w"]}


def _log_softmax_first_slopes(z):
    s = _softmax(z)
    return {"z": [(1 if j == 0 else 0) - v for j, v in enumerate(s)]}


def _softmax_entropy_slopes(z):
    """H = -sum s log s: dH/dz_k = -s_k (log s_k - sum_j s_j log s_j)."""
    logs = _log_softmax(z)
    s = [mpmath.exp(v) for v in logs]
    mean = sum(a * b for a, b in zip(s, logs))
    return {"z": [-a * (b - mean) for a, b in zip(s, logs)]}


def _log_expit_slope(x):
    return 1 / (1 + mpmath.exp(x))


def _expit_slope(x):
    e = mpmath.exp(-abs(x))
    return e / (1 + e) ** 2


def _max_norm_slopes(x):
    """d max|x_i| = sign(x_k) at the one largest entry; no derivative in a tie."""
    top = max(abs(v) for v in x)
    tied = [i for i, v in enumerate(x) if abs(v) == top]
    if len(tied) > 1:
        return {"x": [NAN if i in tied else mpmath.mpf(0) for i in range(len(x))]}
    return {"x": [mpmath.sign(v) if i == tied[0] else mpmath.mpf(0) for i, v in enumerate(x)]}


def _l1_slopes(x):
    return {"x": [mpmath.sign(v) for v in x]}


def _euclid_slopes(x):
    n = mpmath.sqrt(sum(v * v for v in x))
    return {"x": [v / n for v in x]}


def _hinge_slope(x):
    return -2 * (1 - x) if x < 1 else mpmath.mpf(0)


def _xlogy_slopes(x, y):
    """x log y: d/dx = log y, d/dy = x / y."""
    return {"x": [mpmath.log(b) for b in y], "y": [a / b for a, b in zip(x, y)]}


def _xlog1py_slopes(x, y):
    return {"x": [mpmath.log1p(b) for b in y], "y": [a / (1 + b) for a, b in zip(x, y)]}


CATALOGUE = [
    Case(G, "weighted_log_partition", _at(a=[800, 800, -800], b=[1e-300, 1, 2]), "float64", "ok",
         _closed(_weighted_partition_slopes, a=[800, 800, -800], b=[1e-300, 1, 2])),
    Case(G, "weighted_log_partition", _at(a=[-800, -800], b=[5e-324, 1]), "float64", "ok",
         _closed(_weighted_partition_slopes, a=[-800, -800], b=[5e-324, 1])),
    # slopes 1 and e^-1e300 (by the exponent of its digits)
    Case(G, "weighted_log_partition", _at(a=[1e300, 0], b=[1, 1]), "float64", "ok",
         _closed(_weighted_partition_slopes, a=[1e300, 0], b=[1, 1])),
    Case(G, "log_softmax_first", _at(z=[-800, -800, -800]), "float64", "ok",
         _closed(_log_softmax_first_slopes, z=[-800, -800, -800])),
    Case(G, "log_softmax_first", _at(z=[1e300, -1e300, 5e-324]), "float64", "ok",
         _closed(_log_softmax_first_slopes, z=[1e300, -1e300, 5e-324])),
    Case(G, "log_softmax_first", _at(z=[5e-324, -800, 800]), "float64", "ok",
         _closed(_log_softmax_first_slopes, z=[5e-324, -800, 800])),
    Case(G, "softmax_entropy", _at(z=[1, 2, 3]), "float64", "ok", _closed(_softmax_entropy_slopes, z=[1, 2, 3])),
    # softmax's e^-1600 underflows to 0, where entr's slope -(log 0 + 1) is infinite
    Case(G, "softmax_entropy", _at(z=[800, -800, 0]), "float64", "unstable", _closed(_softmax_entropy_slopes, z=[800, -800, 0])),
    Case(G, "log_expit_sum", _at(x=[1e300, -1e300, 800, -800, 5e-324]), "float64", "ok",
         _each("x", [1e300, -1e300, 800, -800, 5e-324], _log_expit_slope)),
    Case(G, "expit_sum", _at(x=[1e300, -800, 5e-324, 40]), "float64", "ok", _each("x", [1e300, -800, 5e-324, 40], _expit_slope)),
    Case(G, "max_norm", _at(x=[5e-324, -1e-300, 2e-310]), "float64", "ok", _closed(_max_norm_slopes, x=[5e-324, -1e-300, 2e-310])),
    Case(G, "max_norm", _at(x=[1e300, -2e300, 3]), "float64", "ok", _closed(_max_norm_slopes, x=[1e300, -2e300, 3])),
    Case(G, "max_norm", _at(x=[1e-300, -1e-300, 0]), "float64", "domain", _closed(_max_norm_slopes, x=[1e-300, -1e-300, 0])),
    Case(G, "l1_norm", _at(x=[5e-324, -5e-324, 1e-300, -1e300]), "float64", "ok",
         _closed(_l1_slopes, x=[5e-324, -5e-324, 1e-300, -1e300])),
    Case(G, "euclidean_norm", _at(x=[3e-300, 4e-300]), "float64", "unstable", _closed(_euclid_slopes, x=[3e-300, 4e-300])),
    Case(G, "euclidean_norm", _at(x=[3e-150, 4e-150, 5e-324]), "float64", "ok", _closed(_euclid_slopes, x=[3e-150, 4e-150, 5e-324])),
    # slopes of 3 and 51 units of the last subnormal place beside 1
    Case(G, "euclidean_norm", _at(x=[1.5e-323, -2.5e-322, 1]), "float64", "ok", _closed(_euclid_slopes, x=[1.5e-323, -2.5e-322, 1])),
    Case(N, "frobenius_norm", _at(a=_mat([[1.5e-323, -2.5e-322], [1, 0]])), "float64", "ok",
         _frobenius_slopes([[1.5e-323, -2.5e-322], [1, 0]])),
    Case(G, "hinge_where", _at(x=[5e-324, -1e-300, 1e300, -1e150]), "float64", "ok",
         _each("x", [5e-324, -1e-300, 1e300, -1e150], _hinge_slope)),
    Case(G, "xlogy_pairs", _at(x=[5e-324, 1e-300, 0, 2], y=[5e-324, 5e-324, 5e-324, 1e300]), "float64", "ok",
         _closed(_xlogy_slopes, x=[5e-324, 1e-300, 0, 2], y=[5e-324, 5e-324, 5e-324, 1e300])),
    Case(G, "xlog1py_pairs", _at(x=[5e-324, 1, 0.5], y=[-0.9999999999999999, 1e-300, 1e300]), "float64", "ok",
         _closed(_xlog1py_slopes, x=[5e-324, 1, 0.5], y=[-0.9999999999999999, 1e-300, 1e300])),
]


def _spin_tree_slopes(coupling=(400, 0.5), field=(0, 0.25)):
    slopes = _ising_slopes(_in("float64", coupling), _in("float64", field))
    return {"params.chain.coupling": slopes["coupling"], "params.chain.field": slopes["field"]}


TREES = [
    Case(G, "chain_free_energy", None, "float64", "ok", hp(lambda: _spin_tree_slopes([400, 0.5], [0.25, 0.25])),
         args="fielded_chain_args", wrt="params"),
    # hypot(0, e^-800 = 0) in the tree's first chain
    Case(G, "chain_free_energy", None, "float64", "unstable",
         hp(lambda: {"params.chain.coupling": _spin_tree_slopes()["params.chain.coupling"]}),
         args="spin_tree_args", wrt="params.chain.coupling"),
]

ALL = GN + NP + FLOAT32 + FORMULAS + TREES + CATALOGUE
