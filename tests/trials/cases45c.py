"""The forty-fifth trial set (third part): issue 27's classes on Python functions written against gradcli.numpy and
gradcli.scipy, on plain NumPy/SciPy and on formulas, leaning on statistical physics and information geometry as
practitioners meet them, in domains not tried before: magnetism (the Langevin function coth x - 1/x by 1/tanh at
1e-300, 1e-8 and 800, by cosh/sinh, whose cosh(800) overflows to inf/inf, and by its series behind a double where; a
paramagnet's magnetisation L(0.67 B / T) at a field of 1e-300 and at T = 1e-300, where the idle series branch's
x^5 overflows; the Brillouin function B_2 at 1e-8 and 1e-300, cancelling, and at 800, a slope of 4.8e-175 right; a
custom rule for L'(x) right and with sinh's square forgotten; a Landau free energy's |m|^3, max(m, 0)^2 and a
pinned wall's |m| at 0, 5e-324 and -1e-300), semiconductor statistics (Fermi-Dirac occupancy
1 / (e^((e - mu)/kT) + 1) at +-800 and at (e - mu)/kT = -1000 and -1e4, slopes of e^-800 .. e^-10000 by their digits;
at kT = 1e-300, 10^(-4.3e299); by
expit, ok at 800 and unstable at 720, where SciPy's expit gives 0 for a subnormal 2e-313; its log by log1p(exp) and by
log_expit; a custom rule -f(1 - f) right, and with its sign slipped: wrong even at 800, where both are 3.7e-348 in
size), Bose-Einstein's log(1 - e^-x) at 1e-300, 1e-8 and 800 beside log(-expm1(-x)) (domain at 5e-324, a slope of
2e323), Debye's integrand x^3 / (e^x - 1) at 1e-300, 1e-8 and 800 by exp, expm1 and exprel, polymer mechanics
(Cohen's Pade inverse Langevin y (3 - y^2) / (1 - y^2) at y = 1 - 1e-10, where 1 - y^2 cancels, beside (1 - y)(1 + y),
at 1 - 2^-53 and at its pole; the worm-like chain's Marko-Siggia force at 1 - 2^-53, at 1e-300, where 1 - x absorbs x
and the value is 1e-300 for 1.5e-300 while the slope holds, and at its pole), variational inference and information
geometry (the KL divergence between Gaussians at s1 = s2 = 1, 1e-300 and 1e200, proven zeros, raw and by ratios; a
VAE's KL to N(0, 1) by exp and by expm1 at log-variance 1e-300, where both backward passes cancel e^v - 1, and at 800,
beyond float64; the Renyi entropy at alpha = 1 +- 1e-10, 1 - 2^-53, 1 (0/0) and 1e-300, and with Shannon's limit behind
a double where; Bregman divergences of t log t, e^t and -log t at coincident points, proven zeros, at 1e-300, 5e-324,
+-800 and one ulp apart), diffraction (the Airy pattern (2 J1(x) / x)^2 by scipy's j1 at 0, 1e-300, 1e-8, 800 and at
its first dark ring as float64 holds it, where SciPy's j1 is 52% off, and by its series; a slit's (sin x / x)^2
and np.sinc(x / pi)^2, whose slope at 800 is that of pi / pi_float64's stretch)
and transforms (Yeo-Johnson as lambda -> 0 by powers, by expm1 behind one where, a 0/0 leaking at lambda = 0, and two,
and by scipy.special.boxcox1p, smooth through 0; its negative branch as lambda -> 2; the Tsallis q-logarithm as q -> 1
by powers, by expm1, whose slope in q still cancels, and by its series); float32, formulas and input errors.

Truths are the mathematics written here in mpmath at 2,000 digits (closed forms: L'(x) = 1/x^2 - 1/sinh^2 x, the Fermi
slope -1/(4 cosh^2(u/2)), the Renyi and Tsallis quotients' derivatives, J1' = (J0 - J2)/2, ...), never the user files'
code; points are the numbers the dtype holds, constants the numbers the program writes (0.67, float64's pi, the
program's switches 1e-3, 1e-6 and 1e-8 as the dtype holds them), and where the program takes a series branch the truth
is that branch's derivative. A slope or value beyond float64's range is `domain`; a 0/0 the program computes (the
Renyi entropy at alpha = 1) has no derivative.

172 cases (128 on gradcli.numpy/scipy, 21 plain NumPy/SciPy, 9 float32, 14 formulas; 82 ok, 64 unstable, 4 wrong,
15 domain, 7 input errors), run one at a time through the CLI: every case passed. The exact reference was right at every
point: no phantom gradient, no float-sized floor, tiny exact slopes (5e-301, 3.7e-348, 1.9e-339, 5e-431, 3.6e-644,
1.1e-4339, 4.7e-21716, 10^(-4.3e299), the last checked here to 20 digits beyond the judge) right by their digits,
proven zeros at coincident points, NaN where none exists; kinks and jumps were the point's own (|m|^3 and max(m, 0)^2
smooth through their switches, |m| + m^2 not; the Langevin series' switch a jump of 2.1e-25, Yeo-Johnson's of 4.2e-9).

What the round found (see tests/test_user_trials45c.py), one finding, in a message, not in a verdict or a gradient:
F1 a custom rule's inaccurate-gradient finding names the wrong entry: fermi_rule at x = [800, -800, 0, 720, 3] (float64)
   is rightly `unstable` (at 720 SciPy's expit gives 0 for a subnormal 2.03e-313, so the rule's -f(1 - f) is -0 for
   -2.03e-313), but the one finding reads "computes -0.0 (entry [0] of 5) where the exact value is -3.667874584e-348:
   relative error 1.0": entry 0's -0 is float64's correct rounding of -3.7e-348; the entry that lost its digits is [3].
   `provenance._worst_entry_text` takes the first entry of the largest relative error, and 0 for -3.7e-348 counts as a
   full relative error though no float64 holds anything nearer (the same in float32 at [200, -200, 0, 100, 3]). Its
   other face: expit at 100 in float32 reads "the gradient rule of sigmoid computes 3.78e-44 where the exact value is
   3.72e-44: relative error 1.7e-02", where 3.78e-44 is float32's correct rounding of 3.72e-44 (the verdict is right
   there: SciPy's float32 expit's value underflowed to 0).
Truths the round corrected in itself, gradcli right each time: the VAE KL by expm1 is no better in its slope than by
exp (reverse mode still adds e^v and -1: 0 for 5e-301); the Tsallis q-log by expm1 is stable in x only, its slope in q
cancels (-0.41979217 for -0.41979435); Yeo-Johnson's expm1 form at lambda = 1e-300 takes its log1p branch, whose slope
in lambda is 0, not log^2(1 + y)/2, while scipy.special.boxcox1p is Box-Cox itself, its slope in lambda log^2(1+y)/2
even at 0; np.sinc(x / np.pi) at 800 differs from sin x / x's slope in the 14th digit (pi / pi_float64); SciPy's expit
in float64 gives 0 at -720 (not the subnormal 2e-313), so expit-based occupancy there is `unstable`, not `ok`; the
magnetisation at T = 1e-300 leaks NaN through its double where because the series branch (not the guarded quotient)
overflows, `unstable` at the where, not `wrong`; the Marko-Siggia force at 1e-300 is `unstable` for its value, its slope
1.5 being right; one ulp above the Langevin series' switch the quotient's slope keeps 9 digits (`unstable`, named at
safe's line, where its two paths' gradients meet), on the switch the branches jump by 2.1e-25 (`domain`).
"""

import math

import mpmath

from cases import Case
from cases5 import _in, hp
from cases21c import _at, _each
from cases40c import _closed
from cases44c import _nans

G, N, F = "gn_lib45c.py", "numpy_lib45c.py", "formula"
NAN = mpmath.nan
mpf = mpmath.mpf


def _f(value, dtype="float64"):
    """A constant of the program as the dtype holds it, exactly."""
    return _in(dtype, [value])[0]


def _held(value, dtype="float64"):
    if isinstance(value, list):
        return [_held(v, dtype) for v in value]
    return _f(value, dtype)


def _slope(name, value, slope, dtype="float64"):
    """{name: slope(value as the dtype holds it)} at 2,000 digits."""
    return hp(lambda: {name: slope(_f(value, dtype))})


# --- the mathematics, written here -----------------------------------------------------------------------------------

def _langevin_slope(x):
    """L'(x) = 1/x^2 - 1/sinh^2 x; 1/3 at 0."""
    if x == 0:
        return mpf(1) / 3
    return 1 / (x * x) - 1 / mpmath.sinh(x) ** 2


def _langevin_series_slope(x, below=None):
    """The program's branch: (x/3 - x^3/45 + 2x^5/945)' = 1/3 - x^2/15 + 2x^4/189 below |x| = 1e-3."""
    if abs(x) < (below if below is not None else _f(1e-3)):
        return mpf(1) / 3 - x * x / 15 + 2 * x ** 4 / 189
    return _langevin_slope(x)


def _langevin_rule_slope(x):
    """The custom rule's primal: x/3 - x^3/45 below 1e-3, coth x - 1/x elsewhere."""
    if abs(x) < _f(1e-3):
        return mpf(1) / 3 - x * x / 15
    return _langevin_slope(x)


MU_OVER_K = _f(0.67)


def _magnetisation_slopes(b, t):
    """M = L(c b / t): dM/db = L'(x) c / t, dM/dt = -L'(x) c b / t^2, x = c b / t (the series' branch below 1e-3)."""
    x = MU_OVER_K * b / t
    d = _langevin_series_slope(x)
    return {"b": d * MU_OVER_K / t, "t": -d * MU_OVER_K * b / (t * t)}


def _brillouin_slope(x):
    """B_2(x) = (5/4) coth(5x/4) - (1/4) coth(x/4): B' = -(25/16)/sinh^2(5x/4) + (1/16)/sinh^2(x/4); 1/2 at 0."""
    a, c = mpf(5) / 4, mpf(1) / 4
    return -a * a / mpmath.sinh(a * x) ** 2 + c * c / mpmath.sinh(c * x) ** 2


def _landau_slope(m):
    """(m^2/2 + |m|^3/3 - m^4/10)' = m + m|m| - 2m^3/5: C2 through 0, where |m|'s switch is no kink."""
    return m + m * abs(m) - 2 * m ** 3 / 5


def _pinned_slope(m):
    """(|m| + m^2)' = sign(m) + 2m; a kink at 0 (-1 and 1)."""
    return NAN if m == 0 else mpmath.sign(m) + 2 * m


def _relu_squared_slope(m):
    return 2 * max(m, mpf(0))


def _fermi_du(u):
    """(1 / (e^u + 1))' = -1 / (4 cosh^2(u/2))."""
    return -1 / (4 * mpmath.cosh(u / 2) ** 2)


def _fermi_slopes(e, mu, kt):
    u = (e - mu) / kt
    d = _fermi_du(u)
    return {"e": d / kt, "mu": -d / kt, "kt": -d * u / kt}


def _log_fermi_slope(x):
    """(-log(1 + e^x))' = -1 / (1 + e^-x)."""
    return -1 / (1 + mpmath.exp(-x))


def _bose_log_slope(x):
    """(log(1 - e^-x))' = 1 / (e^x - 1)."""
    return 1 / mpmath.expm1(x)


def _debye_slope(x):
    """(x^3 / (e^x - 1))' = 3 x^2 / (e^x - 1) - x^3 e^x / (e^x - 1)^2."""
    d = mpmath.expm1(x)
    return 3 * x * x / d - x ** 3 * mpmath.exp(x) / (d * d)


def _cohen_slope(y):
    """(y (3 - y^2) / (1 - y^2))' = 3 + 2 y^2 (3 - y^2) / (1 - y^2)^2; a pole at 1."""
    if y * y == 1:
        return NAN
    return 3 + 2 * y * y * (3 - y * y) / (1 - y * y) ** 2


def _marko_siggia_slope(x):
    """(1 / (4 (1 - x)^2) - 1/4 + x)' = 1 / (2 (1 - x)^3) + 1; a pole at 1."""
    if x == 1:
        return NAN
    return 1 / (2 * (1 - x) ** 3) + 1


def _kl_slopes(m1, s1, m2, s2):
    """KL = log(s2/s1) + (s1^2 + (m1 - m2)^2) / (2 s2^2) - 1/2."""
    d = m1 - m2
    return {"m1": d / s2 ** 2, "s1": -1 / s1 + s1 / s2 ** 2, "m2": -d / s2 ** 2,
            "s2": 1 / s2 - (s1 * s1 + d * d) / s2 ** 3}


def _vae_slopes(mu, logvar):
    """0.5 sum(mu^2 + e^v - v - 1): d/dmu = mu, d/dv = (e^v - 1)/2."""
    return {"mu": list(mu), "logvar": [mpmath.expm1(v) / 2 for v in logvar]}


P3 = [0.2, 0.3, 0.5]


def _renyi_slopes(p, alpha):
    """H = log S / (1 - a), S = sum p^a: dH/dp_i = a p_i^(a-1) / (S (1 - a)), dH/da = S'/(S (1 - a)) + log S/(1 - a)^2
    with S' = sum p^a log p; none at a = 1 (0/0)."""
    if alpha == 1:
        return {"p": [NAN] * len(p), "alpha": NAN}
    s = mpmath.fsum(q ** alpha for q in p)
    ds = mpmath.fsum(q ** alpha * mpmath.log(q) for q in p)
    return {"p": [alpha * q ** (alpha - 1) / (s * (1 - alpha)) for q in p],
            "alpha": ds / (s * (1 - alpha)) + mpmath.log(s) / (1 - alpha) ** 2}


def _renyi_alpha(alpha):
    """The fixed distribution's entropy in alpha alone."""
    return _renyi_slopes(_held(P3), alpha)["alpha"]


def _renyi_shannon_slopes(p, alpha):
    """Within 1e-6 of 1 the program's -sum p log p: slopes -(log p + 1) and 0 in alpha."""
    if abs(1 - alpha) < _f(1e-6):
        return {"p": [-(mpmath.log(q) + 1) for q in p], "alpha": mpf(0)}
    return _renyi_slopes(p, alpha)


def _renyi2_slopes(p, a):
    """log(p^a + (1 - p)^a) / (1 - a)."""
    if a == 1:
        return {"p": NAN, "a": NAN}
    s = p ** a + (1 - p) ** a
    ds = p ** a * mpmath.log(p) + (1 - p) ** a * mpmath.log(1 - p)
    return {"p": a * (p ** (a - 1) - (1 - p) ** (a - 1)) / (s * (1 - a)),
            "a": ds / (s * (1 - a)) + mpmath.log(s) / (1 - a) ** 2}


def _bregman_xlogx_slopes(x, y):
    """x log x - y log y - (log y + 1)(x - y): d/dx = log x - log y, d/dy = -(x - y)/y."""
    return {"x": mpmath.log(x) - mpmath.log(y), "y": -(x - y) / y}


def _bregman_exp_slopes(x, y):
    """e^x - e^y - e^y (x - y): d/dx = e^x - e^y, d/dy = -e^y (x - y)."""
    return {"x": mpmath.exp(x) - mpmath.exp(y), "y": -mpmath.exp(y) * (x - y)}


def _itakura_saito_slopes(x, y):
    """x/y - log(x/y) - 1: d/dx = 1/y - 1/x, d/dy = 1/y - x/y^2."""
    return {"x": 1 / y - 1 / x, "y": 1 / y - x / (y * y)}


def _airy_slope(x):
    """A = (2 J1(x)/x)^2: A' = 2 (2 J1/x) 2 (x J1'(x) - J1(x))/x^2, J1' = (J0 - J2)/2; none at 0 (0/0)."""
    if x == 0:
        return NAN
    j1 = mpmath.besselj(1, x)
    dj1 = (mpmath.besselj(0, x) - mpmath.besselj(2, x)) / 2
    return 8 * j1 / x * (x * dj1 - j1) / (x * x)


def _airy_series_slope(x):
    """The program's branch below 1e-3: (1 - x^2/8 + x^4/192)^2, slope 2 (1 - x^2/8 + x^4/192)(-x/4 + x^3/48)."""
    if abs(x) < _f(1e-3):
        return 2 * (1 - x * x / 8 + x ** 4 / 192) * (-x / 4 + x ** 3 / 48)
    return _airy_slope(x)


def _slit_slope(x):
    """((sin x)/x)^2: 2 (sin x / x)(x cos x - sin x)/x^2; none at 0 (0/0)."""
    if x == 0:
        return NAN
    return 2 * mpmath.sin(x) / x * (x * mpmath.cos(x) - mpmath.sin(x)) / (x * x)


PI64 = _f(math.pi)


def _slit_sinc_slope(x):
    """np.sinc(x / pi_64)^2 = (sin(k x) / (k x))^2 with k = pi / pi_64 (NumPy's sinc means the true pi): k times the
    slit's slope at k x; 0 at 0, where the function is smooth."""
    k = mpmath.pi / PI64
    return mpf(0) if x == 0 else k * _slit_slope(k * x)


def _boxcox_slopes(y, lam):
    """Y = ((1 + y)^l - 1) / l: dY/dy = (1 + y)^(l - 1), dY/dl = ((1+y)^l log(1+y) l - ((1+y)^l - 1)) / l^2; none at 0
    as written (0/0)."""
    if lam == 0:
        return {"y": NAN, "lam": NAN}
    b = 1 + y
    return {"y": b ** (lam - 1), "lam": (b ** lam * mpmath.log(b) * lam - (b ** lam - 1)) / lam ** 2}


def _boxcox_smooth_slopes(y, lam):
    """Box-Cox itself, smooth through l = 0: there dY/dy = 1/(1 + y), dY/dl = log(1 + y)^2/2."""
    if lam == 0:
        return {"y": 1 / (1 + y), "lam": mpmath.log1p(y) ** 2 / 2}
    return _boxcox_slopes(y, lam)


def _yeo_johnson_expm1_slopes(y, lam):
    """The program's log1p(y) where |l| < 1e-8 (slope 0 in l), Box-Cox elsewhere."""
    if abs(lam) < _f(1e-8):
        return {"y": 1 / (1 + y), "lam": mpf(0)}
    return _boxcox_slopes(y, lam)


def _yeo_johnson_negative_slopes(y, lam):
    """Y = -((1 - y)^m - 1)/m, m = 2 - l: dY/dy = (1 - y)^(m - 1), dY/dl = ((1-y)^m log(1-y) m - ((1-y)^m - 1))/m^2."""
    m = 2 - lam
    if m == 0:
        return {"y": NAN, "lam": NAN}
    b = 1 - y
    return {"y": b ** (m - 1), "lam": (b ** m * mpmath.log(b) * m - (b ** m - 1)) / m ** 2}


def _tsallis_slopes(x, q):
    """ln_q x = (x^r - 1)/r, r = 1 - q: d/dx = x^(r - 1), d/dq = -(x^r log x r - (x^r - 1))/r^2; none at q = 1."""
    r = 1 - q
    if r == 0:
        return {"x": NAN, "q": NAN}
    return {"x": x ** (r - 1), "q": -(x ** r * mpmath.log(x) * r - (x ** r - 1)) / r ** 2}


def _tsallis_x(x, q):
    return {"x": _tsallis_slopes(x, q)["x"]}


def _tsallis_series_slopes(x, q, dtype="float64"):
    """Within 1e-6 of q = 1 the program's log x + (1 - q) log^2 x / 2."""
    if abs(1 - q) < _f(1e-6, dtype):
        lx = mpmath.log(x)
        return {"x": 1 / x + (1 - q) * lx / x, "q": -lx * lx / 2}
    return _tsallis_slopes(x, q)


def _tsallis_series_f32(x, q):
    return _tsallis_series_slopes(x, q, "float32")


# --- the points ------------------------------------------------------------------------------------------------------

ONE_MINUS = 0.9999999999999999  # 1 - 2^-53
SIGMA_ONE = dict(m1=0, s1=1, m2=0, s2=1)
SIGMA_TINY = dict(m1=0, s1=1e-300, m2=0, s2=1e-300)
SIGMA_HUGE = dict(m1=0, s1=1e200, m2=0, s2=1e200)
SIGMA_ULP = dict(m1=0.3, s1=1, m2=0, s2=1.0000000000000002)
LANGEVIN_RULE = [1e-300, 0, 1e-8, 0.5, 800]
DARK_RING = 3.8317059702075125  # J1's first zero as float64 holds it
FERMI_RULE = [800, -800, 0, 720, 3]

GN = [
    # magnetism: the Langevin function
    Case(G, "langevin", "x=1e-300", "float64", "unstable", _slope("x", 1e-300, _langevin_slope),
         "return 1 / gnp.tanh(x) - 1 / x"),
    Case(G, "langevin", "x=1e-08", "float64", "unstable", _slope("x", 1e-8, _langevin_slope),
         "return 1 / gnp.tanh(x) - 1 / x"),
    Case(G, "langevin", "x=800", "float64", "ok", _slope("x", 800, _langevin_slope)),
    # cosh(800) / sinh(800) is inf / inf
    Case(G, "langevin_cosh", "x=800", "float64", "unstable", _slope("x", 800, _langevin_slope),
         "return gnp.cosh(x) / gnp.sinh(x) - 1 / x"),
    Case(G, "langevin_cosh", "x=1", "float64", "ok", _slope("x", 1, _langevin_slope)),
    Case(G, "langevin_series", "x=0", "float64", "ok", _slope("x", 0, _langevin_series_slope)),
    Case(G, "langevin_series", "x=1e-300", "float64", "ok", _slope("x", 1e-300, _langevin_series_slope)),
    Case(G, "langevin_series", "x=1e-08", "float64", "ok", _slope("x", 1e-8, _langevin_series_slope)),
    Case(G, "langevin_series", "x=-800", "float64", "ok", _slope("x", -800, _langevin_series_slope)),
    # on the switch: the series and coth x - 1/x differ by 2.1e-25 there, a jump; one ulp above, the quotient's
    # slope 1e6 - 1e6 + 1/3 keeps 9 digits, lost where safe's two paths' gradients meet (safe's line)
    Case(G, "langevin_series", "x=0.001", "float64", "domain", _nans(x=None)),
    Case(G, "langevin_series", "x=0.0010000000000000002", "float64", "unstable",
         _slope("x", 0.0010000000000000002, _langevin_series_slope),
         "def langevin_series>>safe = gnp.where(small, 1.0, x)"),
    Case(G, "magnetisation", _at(b=1e-300, t=300), "float64", "ok", _closed(_magnetisation_slopes, b=1e-300, t=300)),
    # x = 1.34e300: the idle series branch's x^3 and x^5 overflow, and their inf meets the where's 0 upstream
    Case(G, "magnetisation", _at(b=2, t=1e-300), "float64", "unstable", _closed(_magnetisation_slopes, b=2, t=1e-300),
         "return gnp.where(small, x / 3 - x ** 3 / 45 + 2 * x ** 5 / 945"),
    # the Brillouin function B_2
    Case(G, "brillouin", "x=1e-08", "float64", "unstable", _slope("x", 1e-8, _brillouin_slope),
         "return a / gnp.tanh(a * x) - c / gnp.tanh(c * x)"),
    Case(G, "brillouin", "x=1e-300", "float64", "unstable", _slope("x", 1e-300, _brillouin_slope),
         "return a / gnp.tanh(a * x) - c / gnp.tanh(c * x)"),
    # the slope e^-400 / 4 = 4.8e-175, which float64 holds
    Case(G, "brillouin", "x=800", "float64", "ok", _slope("x", 800, _brillouin_slope)),
    Case(G, "brillouin", "x=0.5", "float64", "ok", _slope("x", 0.5, _brillouin_slope)),
    # e^-50000 / 4: a slope of 4.7e-21716, float64's 0 its rounding
    Case(G, "brillouin", "x=100000", "float64", "ok", _slope("x", 100000, _brillouin_slope)),
    Case(G, "langevin_rule", _at(x=LANGEVIN_RULE), "float64", "ok", _each("x", LANGEVIN_RULE, _langevin_rule_slope)),
    Case(G, "langevin_rule_slipped", _at(x=[0.5]), "float64", "wrong", _each("x", [0.5], _langevin_rule_slope),
         "_langevin_rule_slipped>>def grad_fn"),
    # the slipped rule's series branch is right
    Case(G, "langevin_rule_slipped", _at(x=[1e-8]), "float64", "ok", _each("x", [1e-8], _langevin_rule_slope)),
    # a kink is the point's own: |m|^3 and max(m, 0)^2 are smooth through their switches, |m| + m^2 is not
    Case(G, "landau_free_energy", "m=0", "float64", "ok", _slope("m", 0, _landau_slope)),
    Case(G, "landau_free_energy", "m=-1e-300", "float64", "ok", _slope("m", -1e-300, _landau_slope)),
    Case(G, "landau_free_energy", "m=5e-324", "float64", "ok", _slope("m", 5e-324, _landau_slope)),
    Case(G, "pinned_energy", "m=0", "float64", "domain", _slope("m", 0, _pinned_slope)),
    Case(G, "pinned_energy", "m=5e-324", "float64", "ok", _slope("m", 5e-324, _pinned_slope)),
    Case(G, "relu_squared", "m=0", "float64", "ok", _slope("m", 0, _relu_squared_slope)),
    Case(G, "relu_squared", "m=1e-300", "float64", "ok", _slope("m", 1e-300, _relu_squared_slope)),
    # semiconductor statistics: Fermi-Dirac occupancy
    Case(G, "fermi_dirac", _at(e=800, mu=0, kt=1), "float64", "unstable", _closed(_fermi_slopes, e=800, mu=0, kt=1),
         "return 1 / (gnp.exp((e - mu) / kt) + 1)", "gnp.sigmoid("),
    Case(G, "fermi_dirac", _at(e=-800, mu=0, kt=1), "float64", "ok", _closed(_fermi_slopes, e=-800, mu=0, kt=1)),
    # (e - mu) / kT = -1000: slopes of 5e-431, float64's 0 their rounding
    Case(G, "fermi_dirac", _at(e=0.1, mu=0.2, kt=0.0001), "float64", "ok",
         _closed(_fermi_slopes, e=0.1, mu=0.2, kt=0.0001)),
    # (e - mu) / kT = -10000: slopes of 1.1e-4339 and 1.1e-4335
    Case(G, "fermi_dirac", _at(e=0, mu=1, kt=0.0001), "float64", "ok", _closed(_fermi_slopes, e=0, mu=1, kt=0.0001)),
    # kT = 1e-300: slopes of 10^(-4.3e299) by their digits; the quotient's rule squares 1e-300 to 0 and meets
    # expit's 0 slope: NaN in kT
    Case(G, "fermi_dirac_expit", _at(e=0, mu=1, kt=1e-300), "float64", "unstable",
         _closed(_fermi_slopes, e=0, mu=1, kt=1e-300), "return sps.expit(-(e - mu) / kt)"),
    Case(G, "fermi_dirac_expit", _at(e=800, mu=0, kt=1), "float64", "ok", _closed(_fermi_slopes, e=800, mu=0, kt=1)),
    # SciPy's expit(-720) is 0, where float64 holds 2.03e-313
    Case(G, "fermi_dirac_expit", _at(e=720, mu=0, kt=1), "float64", "unstable",
         _closed(_fermi_slopes, e=720, mu=0, kt=1), "return sps.expit(-(e - mu) / kt)"),
    Case(G, "log_fermi", "x=800", "float64", "unstable", _slope("x", 800, _log_fermi_slope),
         "return -gnp.log1p(gnp.exp(x))", "gnp.softplus(|gnp.logaddexp("),
    Case(G, "log_fermi", "x=-800", "float64", "ok", _slope("x", -800, _log_fermi_slope)),
    Case(G, "log_fermi_expit", "x=800", "float64", "ok", _slope("x", 800, _log_fermi_slope)),
    Case(G, "log_fermi_expit", "x=-800", "float64", "ok", _slope("x", -800, _log_fermi_slope)),
    Case(G, "fermi_rule", _at(x=[800, -800, 0, 3]), "float64", "ok", _each("x", [800, -800, 0, 3], _fermi_du)),
    # F1: rightly unstable (entry 3, 720), but its finding names entry 0, whose -0 is the rounding of -3.7e-348
    Case(G, "fermi_rule", _at(x=FERMI_RULE), "float64", "unstable", _each("x", FERMI_RULE, _fermi_du),
         "_fermi_rule(x)>>f = sps.expit(-x)"),
    Case(G, "fermi_rule_slipped", _at(x=[3]), "float64", "wrong", _each("x", [3], _fermi_du),
         "_fermi_rule_slipped>>def grad_fn"),
    # +3.7e-348 for -3.7e-348: a rule's sign judged by its digits where float64 holds both as 0
    Case(G, "fermi_rule_slipped", _at(x=[800]), "float64", "wrong", _each("x", [800], _fermi_du),
         "_fermi_rule_slipped>>def grad_fn"),
    # Bose-Einstein
    Case(G, "bose_log", "x=1e-300", "float64", "unstable", _slope("x", 1e-300, _bose_log_slope),
         "return gnp.log(1 - gnp.exp(-x))", "gnp.log(-gnp.expm1(-x))"),
    Case(G, "bose_log", "x=1e-08", "float64", "unstable", _slope("x", 1e-8, _bose_log_slope),
         "return gnp.log(1 - gnp.exp(-x))", "gnp.log(-gnp.expm1(-x))"),
    Case(G, "bose_log", "x=800", "float64", "ok", _slope("x", 800, _bose_log_slope)),
    Case(G, "bose_log_expm1", "x=1e-300", "float64", "ok", _slope("x", 1e-300, _bose_log_slope)),
    Case(G, "bose_log_expm1", "x=800", "float64", "ok", _slope("x", 800, _bose_log_slope)),
    # the slope 2.0e323 is beyond float64
    Case(G, "bose_log_expm1", "x=5e-324", "float64", "domain", _slope("x", 5e-324, _bose_log_slope)),
    # Debye's integrand
    Case(G, "debye_integrand", "x=1e-300", "float64", "unstable", _slope("x", 1e-300, _debye_slope),
         "return x ** 3 / (gnp.exp(x) - 1)"),
    Case(G, "debye_integrand", "x=800", "float64", "unstable", _slope("x", 800, _debye_slope),
         "return x ** 3 / (gnp.exp(x) - 1)"),
    Case(G, "debye_integrand", "x=1e-08", "float64", "unstable", _slope("x", 1e-8, _debye_slope),
         "return x ** 3 / (gnp.exp(x) - 1)", "gnp.expm1(x)"),
    # x^3's slope 3x^2 = 3e-600 underflows inside the power's rule
    Case(G, "debye_integrand_expm1", "x=1e-300", "float64", "unstable", _slope("x", 1e-300, _debye_slope),
         "return x ** 3 / gnp.expm1(x)"),
    Case(G, "debye_integrand_expm1", "x=1e-08", "float64", "ok", _slope("x", 1e-8, _debye_slope)),
    Case(G, "debye_integrand_exprel", "x=1e-300", "float64", "ok", _slope("x", 1e-300, _debye_slope)),
    Case(G, "debye_integrand_exprel", "x=800", "float64", "unstable", _slope("x", 800, _debye_slope),
         "return x ** 2 / sps.exprel(x)"),
    # polymer mechanics: Cohen's inverse Langevin and the worm-like chain
    Case(G, "inverse_langevin_cohen", "y=0.9999999999", "float64", "unstable",
         _slope("y", 0.9999999999, _cohen_slope), "return y * (3 - y ** 2) / (1 - y ** 2)"),
    # 1 - 2^-53: y^2's rounding is 2^-106, 2^-54 of 1 - y^2
    Case(G, "inverse_langevin_cohen", f"y={ONE_MINUS!r}", "float64", "ok", _slope("y", ONE_MINUS, _cohen_slope)),
    Case(G, "inverse_langevin_cohen", "y=1", "float64", "domain", _slope("y", 1, _cohen_slope)),
    Case(G, "inverse_langevin_cohen_factored", "y=0.9999999999", "float64", "ok",
         _slope("y", 0.9999999999, _cohen_slope)),
    Case(G, "inverse_langevin_cohen_factored", "y=1e-300", "float64", "ok", _slope("y", 1e-300, _cohen_slope)),
    Case(G, "marko_siggia", f"x={ONE_MINUS!r}", "float64", "ok", _slope("x", ONE_MINUS, _marko_siggia_slope)),
    # 1 - x absorbs x: the force is 1e-300 for 1.5e-300, its slope 1.5 right
    Case(G, "marko_siggia", "x=1e-300", "float64", "unstable", _slope("x", 1e-300, _marko_siggia_slope),
         "return 1 / (4 * (1 - x) ** 2) - 1 / 4 + x"),
    Case(G, "marko_siggia", "x=1", "float64", "domain", _slope("x", 1, _marko_siggia_slope)),
    # variational inference: KL between Gaussians, 0 with proven-zero slopes at s1 = s2
    Case(G, "kl_gauss", _at(**SIGMA_ONE), "float64", "ok", _closed(_kl_slopes, **SIGMA_ONE)),
    Case(G, "kl_gauss", _at(**SIGMA_TINY), "float64", "unstable", _closed(_kl_slopes, **SIGMA_TINY),
         "return gnp.log(s2 / s1) + (s1 ** 2 + (m1 - m2) ** 2) / (2 * s2 ** 2) - 0.5"),
    Case(G, "kl_gauss", _at(**SIGMA_HUGE), "float64", "unstable", _closed(_kl_slopes, **SIGMA_HUGE),
         "return gnp.log(s2 / s1) + (s1 ** 2 + (m1 - m2) ** 2) / (2 * s2 ** 2) - 0.5"),
    Case(G, "kl_gauss", _at(m1=1e-300, s1=2, m2=0, s2=3), "float64", "ok",
         _closed(_kl_slopes, m1=1e-300, s1=2, m2=0, s2=3)),
    Case(G, "kl_gauss_ratio", _at(**SIGMA_TINY), "float64", "ok", _closed(_kl_slopes, **SIGMA_TINY)),
    Case(G, "kl_gauss_ratio", _at(**SIGMA_HUGE), "float64", "ok", _closed(_kl_slopes, **SIGMA_HUGE)),
    Case(G, "kl_gauss_ratio", _at(**SIGMA_ULP), "float64", "ok", _closed(_kl_slopes, **SIGMA_ULP)),
    # at 5e-324 the quotient's rule squares s2 to 0: the proven-zero slope in s2 comes out NaN
    Case(G, "kl_gauss_ratio", _at(m1=0, s1=5e-324, m2=0, s2=5e-324), "float64", "unstable",
         _closed(_kl_slopes, m1=0, s1=5e-324, m2=0, s2=5e-324), "r = s1 / s2"),
    # e^v - v - 1 at v = 1e-300: reverse mode adds e^v and -1 into 0 for 5e-301, by exp and by expm1 alike
    Case(G, "vae_kl", _at(mu=[0.5, 0], logvar=[1e-300, -0.5]), "float64", "unstable",
         _closed(_vae_slopes, mu=[0.5, 0], logvar=[1e-300, -0.5]),
         "return 0.5 * gnp.sum(mu ** 2 + gnp.exp(logvar) - logvar - 1)"),
    Case(G, "vae_kl_expm1", _at(mu=[0.5, 0], logvar=[1e-300, -0.5]), "float64", "unstable",
         _closed(_vae_slopes, mu=[0.5, 0], logvar=[1e-300, -0.5]),
         "return 0.5 * gnp.sum(mu ** 2 + gnp.expm1(logvar) - logvar)"),
    Case(G, "vae_kl", _at(mu=[0], logvar=[800]), "float64", "domain", _closed(_vae_slopes, mu=[0], logvar=[800])),
    Case(G, "vae_kl", _at(mu=[0], logvar=[-800]), "float64", "ok", _closed(_vae_slopes, mu=[0], logvar=[-800])),
    # information geometry: Renyi's entropy as alpha -> 1
    Case(G, "renyi_entropy", "alpha=1.0000000001", "float64", "unstable", _slope("alpha", 1.0000000001, _renyi_alpha),
         "return gnp.log(gnp.sum(P3 ** alpha)) / (1 - alpha)"),
    Case(G, "renyi_entropy", f"alpha={ONE_MINUS!r}", "float64", "unstable", _slope("alpha", ONE_MINUS, _renyi_alpha),
         "return gnp.log(gnp.sum(P3 ** alpha)) / (1 - alpha)"),
    Case(G, "renyi_entropy", "alpha=1", "float64", "domain", _nans(alpha=None)),
    Case(G, "renyi_entropy", "alpha=1e-300", "float64", "ok", _slope("alpha", 1e-300, _renyi_alpha)),
    Case(G, "renyi_entropy_shannon", _at(p=P3, alpha=1), "float64", "ok",
         _closed(_renyi_shannon_slopes, p=P3, alpha=1)),
    Case(G, "renyi_entropy_shannon", _at(p=P3, alpha=1.0000000001), "float64", "ok",
         _closed(_renyi_shannon_slopes, p=P3, alpha=1.0000000001)),
    Case(G, "renyi_entropy_shannon", _at(p=P3, alpha=2), "float64", "ok",
         _closed(_renyi_shannon_slopes, p=P3, alpha=2)),
    # xlogy at a subnormal: the slope -(log p + 1) = 743.4; at 0, +inf: no derivative
    Case(G, "renyi_entropy_shannon", _at(p=[5e-324, 0.5, 0.5], alpha=1), "float64", "ok",
         _closed(_renyi_shannon_slopes, p=[5e-324, 0.5, 0.5], alpha=1)),
    Case(G, "renyi_entropy_shannon", _at(p=[0, 0.5, 0.5], alpha=1), "float64", "domain",
         hp(lambda: {"p": [mpmath.inf, -(mpmath.log(mpf(0.5)) + 1), -(mpmath.log(mpf(0.5)) + 1)], "alpha": mpf(0)})),
    # the collision entropy's slope in alpha with a subnormal outcome: 2 p0^2 (1 - log 2 p0) = 3.6e-644
    Case(G, "renyi_entropy_p", _at(p=[5e-324, 0.5, 0.5], alpha=2), "float64", "ok",
         _closed(_renyi_slopes, p=[5e-324, 0.5, 0.5], alpha=2)),
    # Bregman divergences at coincident points: proven zeros
    Case(G, "bregman_xlogx", _at(x=1e-300, y=1e-300), "float64", "ok",
         _closed(_bregman_xlogx_slopes, x=1e-300, y=1e-300)),
    Case(G, "bregman_xlogx", _at(x=5e-324, y=5e-324), "float64", "ok",
         _closed(_bregman_xlogx_slopes, x=5e-324, y=5e-324)),
    # one ulp apart: log x + 1 - (log y + 1) keeps one bit of -1.85e-16
    Case(G, "bregman_xlogx", _at(x=0.3, y=0.30000000000000004), "float64", "unstable",
         _closed(_bregman_xlogx_slopes, x=0.3, y=0.30000000000000004),
         "return x * gnp.log(x) - y * gnp.log(y) - (gnp.log(y) + 1) * (x - y)"),
    Case(G, "bregman_exp", _at(x=800, y=800), "float64", "unstable", _closed(_bregman_exp_slopes, x=800, y=800),
         "return gnp.exp(x) - gnp.exp(y) - gnp.exp(y) * (x - y)"),
    Case(G, "bregman_exp", _at(x=-800, y=-800), "float64", "ok", _closed(_bregman_exp_slopes, x=-800, y=-800)),
    Case(G, "itakura_saito", _at(x=1e-300, y=1e300), "float64", "unstable",
         _closed(_itakura_saito_slopes, x=1e-300, y=1e300), "return x / y - gnp.log(x / y) - 1"),
    Case(G, "itakura_saito_logs", _at(x=1e-300, y=1e300), "float64", "ok",
         _closed(_itakura_saito_slopes, x=1e-300, y=1e300)),
    Case(G, "itakura_saito", _at(x=1e-300, y=1e-300), "float64", "ok",
         _closed(_itakura_saito_slopes, x=1e-300, y=1e-300)),
    # diffraction: the Airy pattern and a slit
    Case(G, "airy_pattern", "x=0", "float64", "domain", _slope("x", 0, _airy_slope)),
    Case(G, "airy_pattern", "x=1e-300", "float64", "unstable", _slope("x", 1e-300, _airy_slope),
         "return (2 * sps.j1(x) / x) ** 2"),
    Case(G, "airy_pattern", "x=1e-08", "float64", "unstable", _slope("x", 1e-8, _airy_slope),
         "return (2 * sps.j1(x) / x) ** 2"),
    Case(G, "airy_pattern", "x=800", "float64", "ok", _slope("x", 800, _airy_slope)),
    # the first dark ring, float64's nearest to J1's first zero: SciPy's j1 there is -9.3e-17 for -6.1e-17, so the
    # slope 1.35e-17 comes out 2.05e-17, bare and behind the series' switch alike
    Case(G, "airy_pattern", f"x={DARK_RING!r}", "float64", "unstable", _slope("x", DARK_RING, _airy_slope),
         "return (2 * sps.j1(x) / x) ** 2"),
    Case(G, "airy_pattern_series", f"x={DARK_RING!r}", "float64", "unstable", _slope("x", DARK_RING, _airy_slope),
         "amplitude = gnp.where(small, 1 - x ** 2 / 8 + x ** 4 / 192, 2 * sps.j1(safe) / safe)"),
    Case(G, "airy_pattern_series", "x=0", "float64", "ok", _slope("x", 0, _airy_series_slope)),
    Case(G, "airy_pattern_series", "x=1e-300", "float64", "ok", _slope("x", 1e-300, _airy_series_slope)),
    Case(G, "airy_pattern_series", "x=1e-08", "float64", "ok", _slope("x", 1e-8, _airy_series_slope)),
    Case(G, "slit_pattern", "x=1e-300", "float64", "unstable", _slope("x", 1e-300, _slit_slope),
         "return (gnp.sin(x) / x) ** 2"),
    Case(G, "slit_pattern", "x=0", "float64", "domain", _slope("x", 0, _slit_slope)),
    Case(G, "slit_pattern_sinc", "x=0", "float64", "ok", _slope("x", 0, _slit_sinc_slope)),
    Case(G, "slit_pattern_sinc", "x=1e-300", "float64", "ok", _slope("x", 1e-300, _slit_sinc_slope)),
    Case(G, "slit_pattern_sinc", "x=800", "float64", "ok", _slope("x", 800, _slit_sinc_slope)),
    # transforms: Yeo-Johnson as lambda -> 0 and 2
    Case(G, "yeo_johnson", _at(y=1.5, lam=1e-300), "float64", "unstable", _closed(_boxcox_slopes, y=1.5, lam=1e-300),
         "return ((y + 1) ** lam - 1) / lam", "gnp.expm1(lam * gnp.log(y + 1))"),
    Case(G, "yeo_johnson", _at(y=1.5, lam=0), "float64", "domain", _closed(_boxcox_slopes, y=1.5, lam=0)),
    # one where: expm1(0 * log1p(y)) / 0 leaks 0/0 into the branch not taken
    Case(G, "yeo_johnson_expm1", _at(y=1.5, lam=0), "float64", "wrong",
         _closed(_yeo_johnson_expm1_slopes, y=1.5, lam=0),
         "return gnp.where(gnp.abs(lam) < 1e-8, gnp.log1p(y), gnp.expm1(lam * gnp.log1p(y)) / lam)",
         "gnp.where(gnp.abs(lam) >= 1e-8"),
    Case(G, "yeo_johnson_expm1", _at(y=1.5, lam=1e-300), "float64", "ok",
         _closed(_yeo_johnson_expm1_slopes, y=1.5, lam=1e-300)),
    Case(G, "yeo_johnson_expm1_safe", _at(y=1.5, lam=0), "float64", "ok",
         _closed(_yeo_johnson_expm1_slopes, y=1.5, lam=0)),
    # on the switch 1e-8: log1p(y) and Box-Cox differ by lambda log^2(1 + y)/2 = 4.2e-9, a jump in lambda alone
    Case(G, "yeo_johnson_expm1_safe", _at(y=1.5, lam=1e-8), "float64", "domain",
         _closed(lambda y, lam: {"y": (1 + y) ** (lam - 1), "lam": NAN}, y=1.5, lam=1e-8)),
    Case(G, "yeo_johnson_negative", _at(y=-1.5, lam=1.9999999999), "float64", "unstable",
         _closed(_yeo_johnson_negative_slopes, y=-1.5, lam=1.9999999999),
         "return -((1 - y) ** (2 - lam) - 1) / (2 - lam)"),
    Case(G, "yeo_johnson_negative", _at(y=-1.5, lam=2), "float64", "domain",
         _closed(_yeo_johnson_negative_slopes, y=-1.5, lam=2)),
    # the Tsallis q-logarithm as q -> 1
    Case(G, "tsallis_log", _at(x=2.5, q=1.0000000001), "float64", "unstable",
         _closed(_tsallis_slopes, x=2.5, q=1.0000000001), "return (x ** (1 - q) - 1) / (1 - q)",
         "gnp.expm1((1 - q) * gnp.log(x))"),
    Case(G, "tsallis_log", _at(x=2.5, q=1), "float64", "domain", _closed(_tsallis_slopes, x=2.5, q=1)),
    # expm1 keeps the value and the slope in x; the slope in q still adds two terms of 9.2e9
    Case(G, "tsallis_log_expm1", _at(x=2.5, q=1.0000000001), "float64", "unstable",
         _closed(_tsallis_slopes, x=2.5, q=1.0000000001), "return gnp.expm1((1 - q) * gnp.log(x)) / (1 - q)"),
    Case(G, "tsallis_log_expm1", _at(x=3.5, q=1.0000000001), "float64", "ok",
         _closed(_tsallis_x, x=3.5, q=1.0000000001), wrt="x"),
    Case(G, "tsallis_log_series", _at(x=2.5, q=1), "float64", "ok", _closed(_tsallis_series_slopes, x=2.5, q=1)),
    Case(G, "tsallis_log_series", _at(x=2.5, q=1.0000000001), "float64", "ok",
         _closed(_tsallis_series_slopes, x=2.5, q=1.0000000001)),
    Case(G, "tsallis_log_series", _at(x=1e-300, q=1), "float64", "ok", _closed(_tsallis_series_slopes, x=1e-300, q=1)),
    # input errors
    Case(G, "yeo_johnson", _at(y=1.5, lam=0.5), "float64", "input-error", wrt="Lam", message=("Lam", "lam")),
    Case(G, "renyi_entropy", "alpha=1.0.1", "float64", "input-error", message=("1.0.1",)),
    Case(G, "langevin_sereis", "x=1", "float64", "input-error", message=("langevin_sereis", "langevin_series")),
    Case(G, "tsallis_log", "x=2.5", "float64", "input-error", message=("q",)),
    Case(G, "renyi_entropy_p", "p=[0.2,0.3,0.5", "float64", "input-error", message=("[0.2,0.3,0.5",)),
]

NP = [
    Case(N, "langevin", "x=1e-08", "float64", "unstable", _slope("x", 1e-8, _langevin_slope),
         "return 1 / np.tanh(x) - 1 / x"),
    Case(N, "langevin_series", "x=1e-300", "float64", "ok", _slope("x", 1e-300, _langevin_rule_slope)),
    Case(N, "brillouin", "x=1e-08", "float64", "unstable", _slope("x", 1e-8, _brillouin_slope),
         "return a / np.tanh(a * x) - c / np.tanh(c * x)"),
    Case(N, "fermi_dirac", "x=800", "float64", "unstable", _slope("x", 800, _fermi_du),
         "return 1 / (np.exp(x) + 1)", "special.expit("),
    Case(N, "fermi_dirac_expit", "x=800", "float64", "ok", _slope("x", 800, _fermi_du)),
    Case(N, "log_fermi_expit", "x=800", "float64", "ok", _slope("x", 800, _log_fermi_slope)),
    Case(N, "bose_log", "x=1e-300", "float64", "unstable", _slope("x", 1e-300, _bose_log_slope),
         "return np.log(1 - np.exp(-x))", "np.log(-np.expm1(-x))"),
    Case(N, "bose_log_expm1", "x=1e-300", "float64", "ok", _slope("x", 1e-300, _bose_log_slope)),
    Case(N, "debye_integrand_expm1", "x=1e-300", "float64", "unstable", _slope("x", 1e-300, _debye_slope),
         "return x ** 3 / np.expm1(x)"),
    Case(N, "inverse_langevin_cohen", "y=0.9999999999", "float64", "unstable", _slope("y", 0.9999999999, _cohen_slope),
         "return y * (3 - y ** 2) / (1 - y ** 2)"),
    Case(N, "marko_siggia", "x=1e-300", "float64", "unstable", _slope("x", 1e-300, _marko_siggia_slope),
         "return 1 / (4 * (1 - x) ** 2) - 1 / 4 + x"),
    Case(N, "kl_gauss", _at(**SIGMA_TINY), "float64", "unstable", _closed(_kl_slopes, **SIGMA_TINY),
         "return np.log(s2 / s1) + (s1 ** 2 + (m1 - m2) ** 2) / (2 * s2 ** 2) - 0.5"),
    Case(N, "renyi_entropy", _at(p=P3, alpha=1.0000000001), "float64", "unstable",
         _closed(_renyi_slopes, p=P3, alpha=1.0000000001), "return np.log(np.sum(p ** alpha)) / (1 - alpha)"),
    Case(N, "airy_pattern", "x=1e-300", "float64", "unstable", _slope("x", 1e-300, _airy_slope),
         "return (2 * special.j1(x) / x) ** 2"),
    Case(N, "airy_pattern", "x=2", "float64", "ok", _slope("x", 2, _airy_slope)),
    Case(N, "airy_pattern", f"x={DARK_RING!r}", "float64", "unstable", _slope("x", DARK_RING, _airy_slope),
         "return (2 * special.j1(x) / x) ** 2"),
    Case(N, "slit_pattern_sinc", "x=1e-300", "float64", "ok", _slope("x", 1e-300, _slit_sinc_slope)),
    # SciPy's boxcox1p is Box-Cox itself: smooth through lambda = 0
    Case(N, "yeo_johnson_boxcox1p", _at(y=1.5, lam=0), "float64", "ok", _closed(_boxcox_smooth_slopes, y=1.5, lam=0)),
    Case(N, "yeo_johnson_boxcox1p", _at(y=1.5, lam=1e-300), "float64", "ok",
         _closed(_boxcox_smooth_slopes, y=1.5, lam=1e-300)),
    Case(N, "tsallis_log", _at(x=2.5, q=1.0000000001), "float64", "unstable",
         _closed(_tsallis_slopes, x=2.5, q=1.0000000001), "return (x ** (1 - q) - 1) / (1 - q)",
         "np.expm1((1 - q) * np.log(x))"),
    Case(N, "yeo_johnson_llf", "lam=0.5", "float64", "input-error", message=("yeojohnson_llf", "numpy_lib45c.py")),
]


def _f32(slopes, **point):
    return _closed(slopes, "float32", **point)


FLOAT32 = [
    Case(G, "fermi_dirac", _at(e=100, mu=0, kt=1), "float32", "unstable", _f32(_fermi_slopes, e=100, mu=0, kt=1),
         "return 1 / (gnp.exp((e - mu) / kt) + 1)"),
    # SciPy's float32 expit gives 0 at -100, where float32 holds 3.8e-44
    Case(G, "fermi_dirac_expit", _at(e=100, mu=0, kt=1), "float32", "unstable", _f32(_fermi_slopes, e=100, mu=0, kt=1),
         "return sps.expit(-(e - mu) / kt)"),
    Case(G, "langevin", "x=0.0001", "float32", "unstable", _slope("x", 1e-4, _langevin_slope, "float32"),
         "return 1 / gnp.tanh(x) - 1 / x"),
    Case(G, "langevin_series", "x=0.0001", "float32", "ok",
         hp(lambda: {"x": _langevin_series_slope(_f(1e-4, "float32"), _f(1e-3, "float32"))})),
    Case(G, "kl_gauss", _at(m1=0, s1=1e-30, m2=0, s2=1e-30), "float32", "unstable",
         _f32(_kl_slopes, m1=0, s1=1e-30, m2=0, s2=1e-30),
         "return gnp.log(s2 / s1) + (s1 ** 2 + (m1 - m2) ** 2) / (2 * s2 ** 2) - 0.5"),
    Case(G, "kl_gauss_ratio", _at(m1=0, s1=1e-30, m2=0, s2=1e-30), "float32", "ok",
         _f32(_kl_slopes, m1=0, s1=1e-30, m2=0, s2=1e-30)),
    Case(G, "bose_log_expm1", "x=1e-10", "float32", "ok", _slope("x", 1e-10, _bose_log_slope, "float32")),
    Case(G, "debye_integrand_exprel", "x=1e-30", "float32", "ok", _slope("x", 1e-30, _debye_slope, "float32")),
    Case(G, "tsallis_log_series", _at(x=2.5, q=1.0000001), "float32", "ok",
         _f32(_tsallis_series_f32, x=2.5, q=1.0000001)),
]

BRILLOUIN = "1.25/tanh(1.25*x) - 0.25/tanh(0.25*x)"
MARKO_SIGGIA = "1/(4*(1 - x)^2) - 1/4 + x"
KL = "log(s2/s1) + (s1^2 + (m1 - m2)^2)/(2*s2^2) - 0.5"
RENYI2 = "log(p^a + (1 - p)^a)/(1 - a)"
TSALLIS = "(x^(1 - q) - 1)/(1 - q)"

FORMULAS = [
    Case(F, BRILLOUIN, "x=1e-08", "float64", "unstable", _slope("x", 1e-8, _brillouin_slope)),
    Case(F, BRILLOUIN, "x=800", "float64", "ok", _slope("x", 800, _brillouin_slope)),
    Case(F, MARKO_SIGGIA, "x=1e-300", "float64", "unstable", _slope("x", 1e-300, _marko_siggia_slope)),
    Case(F, KL, _at(**SIGMA_TINY), "float64", "unstable", _closed(_kl_slopes, **SIGMA_TINY)),
    Case(F, KL, _at(**SIGMA_ONE), "float64", "ok", _closed(_kl_slopes, **SIGMA_ONE)),
    Case(F, RENYI2, "p=0.3,a=1.0000000001", "float64", "unstable", _closed(_renyi2_slopes, p=0.3, a=1.0000000001)),
    Case(F, RENYI2, "p=0.3,a=1", "float64", "domain", _closed(_renyi2_slopes, p=0.3, a=1)),
    Case(F, TSALLIS, "x=2.5,q=1.0000000001", "float64", "unstable", _closed(_tsallis_slopes, x=2.5, q=1.0000000001)),
    Case(F, "log(1 - exp(-x))", "x=1e-300", "float64", "unstable", _slope("x", 1e-300, _bose_log_slope)),
    Case(F, "log(-expm1(-x))", "x=800", "float64", "ok", _slope("x", 800, _bose_log_slope)),
    Case(F, "-log1p(exp(x))", "x=800", "float64", "unstable", _slope("x", 800, _log_fermi_slope)),
    Case(F, "0.5*(exp(v) - v - 1)", "v=1e-300", "float64", "unstable",
         _slope("v", 1e-300, lambda v: mpmath.expm1(v) / 2)),
    # the formula language's sinc is NumPy's: sin(pi x)/(pi x)
    Case(F, "sinc(x)^2", "x=1e-300", "float64", "ok",
         _slope("x", 1e-300, lambda x: mpmath.pi * _slit_slope(mpmath.pi * x))),
    Case(F, "log(1 - exp(-x)", "x=1", "float64", "input-error", message=("never closed",)),
]

ALL = GN + NP + FLOAT32 + FORMULAS
