"""The thirty-fifth trial set (third part): issue 27's classes on Python functions written against gradcli.numpy and
gradcli.scipy, on plain NumPy and on formulas, in domains not tried before: a pendulum (its energy 1 - cos(theta) at
1e-10, where it rounds to 0 while its slope sin(theta) is exact, beside cosm1; its exact period 4 K(sin^2(A/2)) at
1e-300, where m underflows to a right 0, and at float64's pi, where sin rounds m to 1 and K to inf; its travel time
F(phi | m) in phi and m at 1e-300 and 1 - 1e-12), chess ratings (Elo's expected score 1 / (1 + 10^(-d/400)) at
+-160,000 points, where 10^400 overflows and 10^-400 underflows to a right 0, beside expit; slopes of 1e-403 by their
digits; a rating fit over a parameter tree with an upset of 161,200 points), astronomical magnitudes (combined
magnitudes by powers of ten at +-1000, where 10^400 overflows and 10^-400 underflows, and by logsumexp, whose slopes
at 1e300 are e^-9e299; a distance modulus at 1e-300 and 5e-324, whose slope 4e323 is beyond float64), electrochemistry
(the Butler-Volmer current at 1420 thermal voltages, e^710 overflowing where the current is 1e305; its inverse by a log
of a square root at 1e300, x^2 overflowing, and at -1e10, x + sqrt(x^2 + 1) cancelling to 0; by arcsinh; behind
custom rules by hypot, by sqrt(1 + x^2) overflowing in the rule, and a slipped rule), queueing tails (Poisson's pdtrc
and Erlang's gdtr in their rates at 1e-300 and 800: slopes of 1e-901 and 1e-340 by their digits), a slab's
transmission 2 E_3(tau) at 5e-324, 1e-300 and 1e300 (a slope of e^-1e300), an F test's distribution function at 1e300
(a density of 1e-1049) and at 1e10 (the library's own rule keeping seven digits of 1 - x), the reciprocal
gamma function at its zeros -1, -2 and 0 (slopes (-1)^n n!) and at 200 (a slope of 1e-372), Carlson's R_C at a tie
and at 1e+-300, a log-norm whose squares overflow at 1e300 and underflow at 1e-200 beside one scaled by its largest
entry, softmax entropies at +-700, +-800 and +-1e300, a signed log-sum-exp, and max, clip and where at subnormals
beside their switches and at them (a squared hinge at its C1 corner has the slope 0); float32, formulas of the same
classes and input errors a user makes.

Truths are the mathematics written here in mpmath at 2,000 digits (closed forms, or mpmath.diff of a function mpmath
has), never the user file's code; points are the numbers the dtype holds, constants the float64 numbers the program
writes (a formula's numbers exact). A slope whose true value is beyond float64's range has the verdict `domain`: no
program in the dtype can give it.
"""

import math

import mpmath
import numpy as np

from cases import Case
from cases5 import _in, hp
from cases21c import _at, _each
from cases26c import _closed

G, N, F = "gn_lib35c.py", "numpy_lib35c.py", "formula"
NAN = mpmath.nan


def _f(value):
    """A float64 constant of the program, exactly."""
    return mpmath.mpf(float(value))


def _softmax(xs):
    top = max(xs)
    e = [mpmath.exp(v - top) for v in xs]
    return [v / sum(e) for v in e]


# --- the mathematics, written here ---------------------------------------------------------------------------------

def _ellipk_slope(m):
    """K'(m) = (E - (1 - m) K) / (2 m (1 - m)); pi/8 at m = 0."""
    if m == 0:
        return mpmath.pi / 8
    return (mpmath.ellipe(m) - (1 - m) * mpmath.ellipk(m)) / (2 * m * (1 - m))


def _period_slope(a):
    """d/dA 4 K(sin^2(A/2)) = 4 K'(m) sin(A/2) cos(A/2)."""
    s, c = mpmath.sin(a / 2), mpmath.cos(a / 2)
    return 4 * _ellipk_slope(s * s) * s * c


def _travel_slopes(phi, m):
    """dF/dphi = 1 / Delta, dF/dm = E(phi|m) / (2m(1-m)) - F / (2m) - sin(2 phi) / (4 (1-m) Delta), Delta the root of
    1 - m sin^2 phi."""
    out = {"phi": [], "m": []}
    for p, k in zip(phi, m):
        delta = mpmath.sqrt(1 - k * mpmath.sin(p) ** 2)
        out["phi"].append(1 / delta)
        out["m"].append(mpmath.ellipe(p, k) / (2 * k * (1 - k)) - mpmath.ellipf(p, k) / (2 * k)
                        - mpmath.sin(2 * p) / (4 * (1 - k) * delta))
    return out


def _elo_slope(d, rate=None):
    """(1 / (1 + e^(-c d)))' = c p (1 - p), c = log(10) / 400 (the program's float64 number where it writes one)."""
    c = mpmath.log(10) / 400 if rate is None else rate
    p = 1 / (1 + mpmath.exp(-c * d))
    return c * p * (1 - p)


ELO_SLOPE = _f(np.log(10.0) / 400)


def _rating_slopes(winner, loser, rate=None):
    """log(1 + 10^(-margin/400)) per game: d/dwinner = -c (1 - p), d/dloser = c (1 - p), p the winner's expected score."""
    c = mpmath.log(10) / 400 if rate is None else rate
    miss = [1 / (1 + mpmath.exp(c * (w - l))) for w, l in zip(winner, loser)]
    return {"params.ratings.winner": [-c * q for q in miss], "params.ratings.loser": [c * q for q in miss]}


def _magnitude_slopes(m, outer, rate):
    """M = -outer log(sum e^(-rate m)) / ...: dM/dm_i = outer rate w_i, w = softmax(-rate m)."""
    w = _softmax([-rate * v for v in m])
    return {"m": [outer * rate * v for v in w]}


def _naive_magnitude_slopes(m, dtype="float64"):
    """-2.5 log10 sum 10^(-0.4 m): 2.5 * 0.4 w_i, w the softmax of -0.4 log(10) m (0.4 the dtype's number: a Python
    float beside a float32 array is taken as float32)."""
    return _magnitude_slopes(m, _f(2.5) / mpmath.log(10), _in(dtype, [0.4])[0] * mpmath.log(10))


def _stable_magnitude_slopes(m):
    return _magnitude_slopes(m, _f(2.5 / math.log(10.0)), _f(0.4 * math.log(10.0)))


def _modulus_slope(d):
    return 5 / (d * mpmath.log(10))


EXCHANGE, F_RT = _f(1e-3), _f(38.92)


def _butler_volmer_slope(eta):
    """I0 (e^(eta/2) - e^(-eta/2)): its slope I0 cosh(eta / 2)."""
    return EXCHANGE * mpmath.cosh(eta / 2)


def _overpotential_slope(i, dtype="float64"):
    """(2/F) asinh(i / (2 I0)): (2/F) / (2 I0) / sqrt(1 + x^2), 2/F and 2 I0 the dtype's numbers (the program's Python
    floats, which a float32 array takes as float32)."""
    two_over_f, two_i0 = _in(dtype, [2 / 38.92, 2 * 1e-3])
    x = i / two_i0
    return two_over_f / two_i0 / mpmath.sqrt(1 + x * x)


def _poisson_tail_slope(m):
    """d/dm P(N > 3) = e^-m m^3 / 3!."""
    return mpmath.exp(-m) * m ** 3 / 6


def _erlang_slopes(rate, t):
    """P(3, a t): d/da = t (a t)^2 e^(-a t) / 2, d/dt = a (a t)^2 e^(-a t) / 2."""
    out = {"rate": [], "t": []}
    for a, x in zip(rate, t):
        density = (a * x) ** 2 * mpmath.exp(-a * x) / 2
        out["rate"].append(x * density)
        out["t"].append(a * density)
    return out


def _slab_slope(tau):
    """(2 E_3)' = -2 E_2, E_2(t) = e^-t - t E_1(t)."""
    return -2 * (mpmath.exp(-tau) - tau * mpmath.e1(tau))


def _f_density(x):
    """The F(3, 5) density sqrt((3x)^3 5^5 / (3x + 5)^8) / (x B(3/2, 5/2))."""
    return mpmath.sqrt((3 * x) ** 3 * 5 ** 5 / (3 * x + 5) ** 8) / (x * mpmath.beta(1.5, 2.5))


def _rgamma_slope(x):
    """(1 / Gamma)' = -psi / Gamma; at a zero -n, (-1)^n n!."""
    if x <= 0 and x == int(x):
        n = int(-x)
        return (-1) ** n * mpmath.factorial(n)
    return -mpmath.digamma(x) * mpmath.rgamma(x)


def _rc_slopes(x, y):
    """By mpmath.diff of mpmath's R_C; at x = y, where R_C is 1/sqrt(x), -x^-1.5 / 6 and -x^-1.5 / 3 (R_C's
    homogeneity of degree -1/2 and its series 1/sqrt(y) (1 - (x - y)/(6y) + ...))."""
    out = {"x": [], "y": []}
    for a, b in zip(x, y):
        if a == b:
            out["x"].append(-a ** -1.5 / 6)
            out["y"].append(-a ** -1.5 / 3)
            continue
        out["x"].append(mpmath.diff(lambda t: mpmath.elliprc(t, b), a))
        out["y"].append(mpmath.diff(lambda t: mpmath.elliprc(a, t), b))
    return out


def _log_norm_slopes(x):
    s = sum(v * v for v in x)
    return {"x": [v / s for v in x]}


def _entropy_slopes(z):
    """H = -sum p log p: dH/dz_i = -p_i sum_j p_j (z_i - z_j), written so that no 1e300 is subtracted from itself."""
    top = max(z)
    e = [mpmath.exp(v - top) for v in z]
    p = [v / sum(e) for v in e]
    return {"z": [-a * sum(b * (zi - zj) for b, zj in zip(p, z)) for a, zi in zip(p, z)]}


def _signed_lse_slopes(x):
    """log(e^x0 - e^x1 / 2): d/dx0 = e^x0 / S, d/dx1 = -e^x1 / (2 S), S written with x0 taken out."""
    a, b = x
    s = 1 - mpmath.exp(b - a) / 2
    return {"x": [1 / s, -mpmath.exp(b - a) / (2 * s)]}


def _hinge_slope(x):
    return -2 * max(mpmath.mpf(0), 1 - x)


def _clip_slope(x):
    return NAN if abs(x) == 1 else (mpmath.mpf(1) if abs(x) < 1 else mpmath.mpf(0))


def _leaky_slope(x):
    return NAN if x == 0 else (mpmath.mpf(1) if x > 0 else _f(0.01))


# --- the cases -----------------------------------------------------------------------------------------------------

PI = 3.141592653589793
ONE_LESS = 0.9999999999999999  # 1 - 2^-53

GN = [
    # 1 - cos(1e-10) rounds to 0 where it is 5e-21: the value is lost, its slope sin(theta) exact
    Case(G, "pendulum_energy_naive", _at(theta=[1e-10]), "float64", "unstable", _each("theta", [1e-10], mpmath.sin),
         "return gnp.sum(1 - gnp.cos(theta))"),
    Case(G, "pendulum_energy_naive", _at(theta=[0.5, 3, -2]), "float64", "ok", _each("theta", [0.5, 3, -2], mpmath.sin)),
    Case(G, "pendulum_energy", _at(theta=[1e-10, 1e-300, 5e-324, 0, 3]), "float64", "ok",
         _each("theta", [1e-10, 1e-300, 5e-324, 0, 3], mpmath.sin)),
    # m = sin^2(5e-301) underflows to 0, and K'(0) = pi/8 is its slope's right factor
    Case(G, "pendulum_period", _at(amplitude=[1e-300, 1, 0]), "float64", "ok",
         _each("amplitude", [1e-300, 1, 0], _period_slope)),
    # 2.65e-6 from pi: m = 1 - 1.76e-12 keeps four digits of 1 - m, and K'(m) ~ 1 / (2 (1 - m)) inherits its error
    Case(G, "pendulum_period", _at(amplitude=[3.14159]), "float64", "unstable", _each("amplitude", [3.14159], _period_slope),
         "return gnp.sum(4 * sps.ellipk(gnp.sin(amplitude / 2) ** 2))"),
    # sin(pi/2) rounds to 1 at float64's pi: K(1) = inf, where m is 1 - 4e-33 and the slope 3e16
    Case(G, "pendulum_period", _at(amplitude=[PI]), "float64", "unstable", _each("amplitude", [PI], _period_slope),
         "return gnp.sum(4 * sps.ellipk(gnp.sin(amplitude / 2) ** 2))"),
    Case(G, "pendulum_travel_time", _at(phi=[0.5, 1.5, 1e-300, 1.5707963267948966], m=[0.3, 0.999999999999, 0.5, 1e-300]),
         "float64", "ok",
         _closed(_travel_slopes, phi=[0.5, 1.5, 1e-300, 1.5707963267948966], m=[0.3, 0.999999999999, 0.5, 1e-300])),
    # 10^400 overflows: 1 / (1 + inf) is 0 and its slope 0 * inf, where the slope is 6e-403 (text only)
    Case(G, "elo_expected_naive", _at(diff=[-160000]), "float64", "unstable", _each("diff", [-160000], _elo_slope),
         "return gnp.sum(1 / (1 + 10 ** (-diff / 400)))"),
    # 10^-400 underflows to 0: 1 and a slope of 0, float64's rounding of 1 - 1e-400 and 6e-403
    Case(G, "elo_expected_naive", _at(diff=[160000, 100, 0, -1500]), "float64", "ok",
         _each("diff", [160000, 100, 0, -1500], _elo_slope)),
    Case(G, "elo_expected", _at(diff=[-160000, 160000, 100, 0, 5e-324]), "float64", "ok",
         _each("diff", [-160000, 160000, 100, 0, 5e-324], lambda d: _elo_slope(d, ELO_SLOPE))),
    # a slope of e^-(c 1e300), c = log(10) / 400: by its digits
    Case(G, "elo_expected", _at(diff=[1e300, -1e300]), "float64", "ok",
         _each("diff", [1e300, -1e300], lambda d: _elo_slope(d, ELO_SLOPE))),
    Case(G, "combined_magnitude_naive", _at(m=[-1000, -999, -998]), "float64", "unstable",
         _closed(_naive_magnitude_slopes, m=[-1000, -999, -998]), "return -2.5 * gnp.log10(gnp.sum(10 ** (-0.4 * m)))"),
    Case(G, "combined_magnitude_naive", _at(m=[1000, 1001, 1002]), "float64", "unstable",
         _closed(_naive_magnitude_slopes, m=[1000, 1001, 1002]), "return -2.5 * gnp.log10(gnp.sum(10 ** (-0.4 * m)))"),
    Case(G, "combined_magnitude_naive", _at(m=[5, 6, 7.5]), "float64", "ok", _closed(_naive_magnitude_slopes, m=[5, 6, 7.5])),
    Case(G, "combined_magnitude", _at(m=[-1000, -999, -998]), "float64", "ok",
         _closed(_stable_magnitude_slopes, m=[-1000, -999, -998])),
    Case(G, "combined_magnitude", _at(m=[1000, 1001, 1002]), "float64", "ok",
         _closed(_stable_magnitude_slopes, m=[1000, 1001, 1002])),
    # the first star's weight is e^-(0.92 1e300): text only
    Case(G, "combined_magnitude", _at(m=[1e300, 0, 5e-324]), "float64", "ok",
         _closed(_stable_magnitude_slopes, m=[1e300, 0, 5e-324])),
    Case(G, "distance_modulus", _at(distance=[1e-300, 1e300, 10]), "float64", "ok",
         _each("distance", [1e-300, 1e300, 10], _modulus_slope)),
    # 5 / (5e-324 log 10) = 4e323: beyond float64
    Case(G, "distance_modulus", _at(distance=[5e-324]), "float64", "domain", _each("distance", [5e-324], _modulus_slope)),
    # e^710 overflows where the current's slope I0 cosh(710) = 1.1e305 is a number
    Case(G, "butler_volmer_naive", _at(eta=[1420]), "float64", "unstable", _each("eta", [1420], _butler_volmer_slope),
         "return gnp.sum(EXCHANGE * (gnp.exp(ALPHA * eta) - gnp.exp(-(1 - ALPHA) * eta)))"),
    Case(G, "butler_volmer_naive", _at(eta=[-1420]), "float64", "unstable", _each("eta", [-1420], _butler_volmer_slope)),
    Case(G, "butler_volmer_naive", _at(eta=[1e-10, 2, -30, 1e-300]), "float64", "ok",
         _each("eta", [1e-10, 2, -30, 1e-300], _butler_volmer_slope)),
    Case(G, "butler_volmer", _at(eta=[1420, -1420, 1e-10, 1e-300]), "float64", "ok",
         _each("eta", [1420, -1420, 1e-10, 1e-300], _butler_volmer_slope)),
    # x^2 = 2.5e605 overflows under the root
    Case(G, "overpotential_naive", _at(current=[1e300]), "float64", "unstable", _each("current", [1e300], _overpotential_slope),
         "return gnp.sum(2 / F_RT * gnp.log(x + gnp.sqrt(x ** 2 + 1)))"),
    # x = -5e12: x + sqrt(x^2 + 1) is 1e-13, and rounds to 0
    Case(G, "overpotential_naive", _at(current=[-1e10]), "float64", "unstable",
         _each("current", [-1e10], _overpotential_slope), "return gnp.sum(2 / F_RT * gnp.log(x + gnp.sqrt(x ** 2 + 1)))"),
    Case(G, "overpotential_naive", _at(current=[0.5, 2e-3, 3]), "float64", "ok",
         _each("current", [0.5, 2e-3, 3], _overpotential_slope)),
    Case(G, "overpotential", _at(current=[1e300, -1e10, 0.5, 5e-324, -1e-300]), "float64", "ok",
         _each("current", [1e300, -1e10, 0.5, 5e-324, -1e-300], _overpotential_slope)),
    Case(G, "overpotential_rule", _at(current=[1e300, -1e10, 0.5, 5e-324]), "float64", "ok",
         _each("current", [1e300, -1e10, 0.5, 5e-324], _overpotential_slope)),
    # the rule's own x * x overflows: 1 / inf = 0 where the slope is 5e-302
    Case(G, "overpotential_rule_square", _at(current=[1e300]), "float64", "unstable",
         _each("current", [1e300], _overpotential_slope), "return upstream / gnp.sqrt(1 + x * x)"),
    Case(G, "overpotential_rule_square", _at(current=[0.5, -3]), "float64", "ok",
         _each("current", [0.5, -3], _overpotential_slope)),
    Case(G, "overpotential_rule_slipped", _at(current=[0.5]), "float64", "wrong", _each("current", [0.5], _overpotential_slope),
         "_asinh_slipped>>def grad_fn"),
    # slopes of 1.7e-901 and 3e-340: text only
    Case(G, "poisson_tail", _at(rate=[1e-300, 5, 800]), "float64", "ok", _each("rate", [1e-300, 5, 800], _poisson_tail_slope)),
    Case(G, "poisson_tail", _at(rate=[5e-324, 0.001]), "float64", "ok", _each("rate", [5e-324, 0.001], _poisson_tail_slope)),
    Case(G, "erlang_wait", _at(rate=[2, 800, 1e-300], t=[1, 1, 1]), "float64", "ok",
         _closed(_erlang_slopes, rate=[2, 800, 1e-300], t=[1, 1, 1])),
    Case(G, "erlang_wait", _at(rate=[0.5, 3], t=[1e-300, 1e-100]), "float64", "ok",
         _closed(_erlang_slopes, rate=[0.5, 3], t=[1e-300, 1e-100])),
    # E_2(1e-300) = 1 - 6.9e-298 and E_2(800) = 4.6e-351: no digit lost to a slow reference
    Case(G, "slab_transmission", _at(tau=[1e-300, 5e-324, 1e-5, 0.5, 800]), "float64", "ok",
         _each("tau", [1e-300, 5e-324, 1e-5, 0.5, 800], _slab_slope)),
    # a slope of e^-1e300 / 1e300, by its digits
    Case(G, "slab_transmission", _at(tau=[1e300]), "float64", "ok", _each("tau", [1e300], _slab_slope)),
    # the edge of E_3's domain: a slope from the right alone
    Case(G, "slab_transmission", _at(tau=[0, 1]), "float64", "domain", _each("tau", [0, 1], lambda t: NAN if t == 0 else _slab_slope(t))),
    # I_x(1.5, 2.5) at x = 1 - 1.7e-300: a density of 1.8e-1049, by its digits
    Case(G, "f_test_cdf", _at(f=[1e300]), "float64", "ok", _each("f", [1e300], _f_density)),
    Case(G, "f_test_cdf", _at(f=[1e-300, 2, 40]), "float64", "ok", _each("f", [1e-300, 2, 40], _f_density)),
    # the library's own rule: (1 - x)^(b - 1) of x = 3e10 / (5 + 3e10) rounded keeps seven digits of 1 - x
    Case(G, "f_test_cdf", _at(f=[1e10]), "float64", "unstable", _each("f", [1e10], _f_density)),
    # 1/Gamma is 0 at its zeros, with slopes -1, 2 and 1 there; 1/199! = 2.6e-373 and its slope are text only
    Case(G, "reciprocal_gamma", _at(x=[-1, -2, 0, 3, 1e-300, -2.5]), "float64", "ok",
         _each("x", [-1, -2, 0, 3, 1e-300, -2.5], _rgamma_slope)),
    Case(G, "reciprocal_gamma", _at(x=[200, -7, 5e-324]), "float64", "ok", _each("x", [200, -7, 5e-324], _rgamma_slope)),
    Case(G, "carlson_rc", _at(x=[1, 4, 2, 1e-300], y=[1, 4, 0.5, 1]), "float64", "ok",
         _closed(_rc_slopes, x=[1, 4, 2, 1e-300], y=[1, 4, 0.5, 1])),
    # slopes of 1e-448: text only
    Case(G, "carlson_rc", _at(x=[1e300], y=[1]), "float64", "ok", _closed(_rc_slopes, x=[1e300], y=[1])),
    # the squares overflow: the norm is inf where it is 1.4e300
    Case(G, "log_norm", _at(x=[1e300, 1e300]), "float64", "unstable", _closed(_log_norm_slopes, x=[1e300, 1e300]),
         "return gnp.log(gnp.linalg.norm(x))"),
    # the squares underflow: the norm is 0 where it is 1.4e-200
    Case(G, "log_norm", _at(x=[1e-200, 1e-200]), "float64", "unstable", _closed(_log_norm_slopes, x=[1e-200, 1e-200]),
         "return gnp.log(gnp.linalg.norm(x))"),
    Case(G, "log_norm", _at(x=[3, -4, 1e-300]), "float64", "ok", _closed(_log_norm_slopes, x=[3, -4, 1e-300])),
    Case(G, "log_norm_scaled", _at(x=[1e300, -3e300]), "float64", "ok", _closed(_log_norm_slopes, x=[1e300, -3e300])),
    Case(G, "log_norm_scaled", _at(x=[1e-200, 3e-200, 5e-324]), "float64", "ok",
         _closed(_log_norm_slopes, x=[1e-200, 3e-200, 5e-324])),
    # p = e^-1600 underflows to 0: 0 * log(0)
    Case(G, "softmax_entropy_naive", _at(z=[800, -800, 0]), "float64", "unstable", _closed(_entropy_slopes, z=[800, -800, 0]),
         "return -gnp.sum(p * gnp.log(p))"),
    Case(G, "softmax_entropy_naive", _at(z=[1, 2, 3.5]), "float64", "ok", _closed(_entropy_slopes, z=[1, 2, 3.5])),
    # slopes of 1600 e^-1600 and 800 e^-800: text only, float64's 0 their rounding
    Case(G, "softmax_entropy", _at(z=[800, -800, 0]), "float64", "ok", _closed(_entropy_slopes, z=[800, -800, 0])),
    Case(G, "softmax_entropy", _at(z=[1e300, 0, -1e300]), "float64", "ok", _closed(_entropy_slopes, z=[1e300, 0, -1e300])),
    # near the uniform distribution the slopes p_i (log p_i - sum p log p) cancel: 5.6e-17 each where they are 1.6e-324
    Case(G, "softmax_entropy", _at(z=[5e-324, 0, -5e-324]), "float64", "unstable",
         _closed(_entropy_slopes, z=[5e-324, 0, -5e-324]), "return -gnp.sum(sps.softmax(z) * sps.log_softmax(z))"),
    Case(G, "signed_logsumexp", _at(x=[800, 800]), "float64", "ok", _closed(_signed_lse_slopes, x=[800, 800])),
    Case(G, "signed_logsumexp", _at(x=[5e-324, -1e300]), "float64", "ok", _closed(_signed_lse_slopes, x=[5e-324, -1e300])),
    Case(G, "signed_logsumexp", _at(x=[-800, -800.5]), "float64", "ok", _closed(_signed_lse_slopes, x=[-800, -800.5])),
    # the square's slope 2 max(0, 1 - x) is 0 on both sides of x = 1: no kink left
    Case(G, "hinge_squared", _at(x=[1]), "float64", "ok", _each("x", [1], _hinge_slope)),
    Case(G, "hinge_squared", _at(x=[ONE_LESS, 5e-324, 3, -1e150]), "float64", "ok",
         _each("x", [ONE_LESS, 5e-324, 3, -1e150], _hinge_slope)),
    Case(G, "clipped", _at(x=[5e-324, -5e-324, ONE_LESS, -1e-300, 1.0000000000000002]), "float64", "ok",
         _each("x", [5e-324, -5e-324, ONE_LESS, -1e-300, 1.0000000000000002], _clip_slope)),
    Case(G, "clipped", _at(x=[1, 0.5]), "float64", "domain", _each("x", [1, 0.5], _clip_slope)),
    Case(G, "leaky", _at(x=[5e-324, -5e-324, -1e300]), "float64", "ok", _each("x", [5e-324, -5e-324, -1e300], _leaky_slope)),
    Case(G, "leaky", _at(x=[0, 2]), "float64", "domain", _each("x", [0, 2], _leaky_slope)),
    # sin(1e300) and sin(1e22) by their exact argument reduction
    Case(G, "pendulum_energy", _at(theta=[1e300, 1e22]), "float64", "ok", _each("theta", [1e300, 1e22], mpmath.sin)),
    Case(G, "pendulum_travel_time", _at(phi=[1e300], m=[0.5]), "float64", "ok", _closed(_travel_slopes, phi=[1e300], m=[0.5])),
    # a slope of e^-23000 = 1e-10000
    Case(G, "elo_expected", _at(diff=[4e6, -4e6]), "float64", "ok",
         _each("diff", [4e6, -4e6], lambda d: _elo_slope(d, ELO_SLOPE))),
    # e^-745 is float64's last subnormal: the slope 745^3 e^-745 / 6 is 3e-316, held to about eight digits
    Case(G, "poisson_tail", _at(rate=[9000, 745]), "float64", "ok", _each("rate", [9000, 745], _poisson_tail_slope)),
    # 170! = 7.3e306 is the slope at the zero -170; 171! is beyond float64
    Case(G, "reciprocal_gamma", _at(x=[-170]), "float64", "ok", _each("x", [-170], _rgamma_slope)),
    Case(G, "reciprocal_gamma", _at(x=[-171]), "float64", "domain", _each("x", [-171], _rgamma_slope)),
    # Gamma(172) = 1.2e309 overflows where 1/Gamma and its slope -4.1e-309 are (subnormal) float64 numbers
    Case(G, "reciprocal_gamma", _at(x=[172]), "float64", "unstable", _each("x", [172], _rgamma_slope)),
    # 1/Gamma(1e300) = 10^-(3e302): text only, and float64's 0 is its rounding
    Case(G, "reciprocal_gamma", _at(x=[1e300, 1000]), "float64", "ok", _each("x", [1e300, 1000], _rgamma_slope)),
    Case(G, "carlson_rc", _at(x=[1e300], y=[1e300]), "float64", "ok", _closed(_rc_slopes, x=[1e300], y=[1e300])),
    # the squares are subnormal (1e-320 keeps four digits): the norm and its slope 1e160 lose the rest
    Case(G, "log_norm", _at(x=[1e-160, 0]), "float64", "unstable", _closed(_log_norm_slopes, x=[1e-160, 0]),
         "return gnp.log(gnp.linalg.norm(x))"),
    Case(G, "log_norm_scaled", _at(x=[1e-160, 0]), "float64", "ok", _closed(_log_norm_slopes, x=[1e-160, 0])),
    # e^log2 rounds to 2: 1 - 2/2 = 0 where it is 2.3e-17, log(0) where the slopes are 4e16
    Case(G, "signed_logsumexp", _at(x=[0, 0.6931471805599453]), "float64", "unstable",
         _closed(_signed_lse_slopes, x=[0, 0.6931471805599453])),
    # the switch at 1e-300 is a jump: no derivative there, whatever the point's size
    Case(G, "leaky_above", _at(x=[1e-300]), "float64", "domain", _each("x", [1e-300], lambda v: NAN)),
    Case(G, "leaky_above", _at(x=[2e-300, 5e-324, -5e-324, 0]), "float64", "ok",
         _each("x", [2e-300, 5e-324, -5e-324, 0], lambda v: mpmath.mpf(1) if v > 1e-300 else _f(0.01))),
    Case(G, "larger", _at(x=[5e-324, -5e-324], y=[0, 0]), "float64", "ok",
         hp(lambda: {"x": [mpmath.mpf(1), mpmath.mpf(0)], "y": [mpmath.mpf(0), mpmath.mpf(1)]})),
    Case(G, "larger", _at(x=[5e-324], y=[5e-324]), "float64", "domain", hp(lambda: {"x": [NAN], "y": [NAN]})),
    Case(G, "pendulum_enrgy", _at(theta=[1]), "float64", "input-error", message=("pendulum_enrgy",)),
    Case(G, "carlson_rc", _at(x=[1]), "float64", "input-error", message=("y",)),
]

RATINGS = {"winner": [1500, 1650, -160000], "loser": [1400, 1700, 1200]}

TREES = [
    Case(G, "rating_loss", None, "float64", "ok",
         _closed(lambda winner, loser: _rating_slopes(winner, loser, ELO_SLOPE), **RATINGS), args="rating_args",
         wrt="params"),
    # the upset's 10^403 overflows: log(inf)
    Case(G, "rating_loss_naive", None, "float64", "unstable",
         _closed(lambda winner, loser: {"params.ratings.winner": _rating_slopes(winner, loser)["params.ratings.winner"]},
                 **RATINGS),
         "return gnp.sum(gnp.log(1 + 10 ** (-margin / 400)))", args="rating_args", wrt="params.ratings.winner"),
    Case(G, "rating_loss", None, "float32", "input-error", args="rating_args", wrt="params.ratings.winer",
         message=("params.ratings.winer",)),
]

NP = [
    Case(N, "pendulum_energy_naive", _at(theta=[1e-10]), "float64", "unstable", _each("theta", [1e-10], mpmath.sin),
         "return np.sum(1 - np.cos(theta))"),
    Case(N, "pendulum_energy", _at(theta=[1e-10, 5e-324, 3]), "float64", "ok", _each("theta", [1e-10, 5e-324, 3], mpmath.sin)),
    Case(N, "pendulum_period", _at(amplitude=[1e-300, 1]), "float64", "ok", _each("amplitude", [1e-300, 1], _period_slope)),
    Case(N, "pendulum_period", _at(amplitude=[PI]), "float64", "unstable", _each("amplitude", [PI], _period_slope)),
    Case(N, "elo_expected_naive", _at(diff=[-160000]), "float64", "unstable", _each("diff", [-160000], _elo_slope),
         "return np.sum(1 / (1 + 10 ** (-diff / 400)))"),
    Case(N, "elo_expected", _at(diff=[-160000, 160000, 100]), "float64", "ok",
         _each("diff", [-160000, 160000, 100], lambda d: _elo_slope(d, ELO_SLOPE))),
    Case(N, "combined_magnitude_naive", _at(m=[-1000, -999, -998]), "float64", "unstable",
         _closed(_naive_magnitude_slopes, m=[-1000, -999, -998])),
    Case(N, "combined_magnitude", _at(m=[-1000, -999, -998]), "float64", "ok",
         _closed(_stable_magnitude_slopes, m=[-1000, -999, -998])),
    Case(N, "overpotential_naive", _at(current=[1e300]), "float64", "unstable", _each("current", [1e300], _overpotential_slope),
         "return np.sum(2 / 38.92 * np.log(x + np.sqrt(x ** 2 + 1)))"),
    Case(N, "overpotential", _at(current=[1e300, -1e10, 5e-324]), "float64", "ok",
         _each("current", [1e300, -1e10, 5e-324], _overpotential_slope)),
    Case(N, "poisson_tail", _at(rate=[1e-300, 5, 800]), "float64", "ok", _each("rate", [1e-300, 5, 800], _poisson_tail_slope)),
    Case(N, "reciprocal_gamma", _at(x=[-1, -2, 0, 200]), "float64", "ok", _each("x", [-1, -2, 0, 200], _rgamma_slope)),
    Case(N, "carlson_rc", _at(x=[1, 2], y=[1, 0.5]), "float64", "ok", _closed(_rc_slopes, x=[1, 2], y=[1, 0.5])),
    Case(N, "log_norm", _at(x=[1e300, 1e300]), "float64", "unstable", _closed(_log_norm_slopes, x=[1e300, 1e300]),
         "return np.log(np.linalg.norm(x))"),
    Case(N, "softmax_entropy_naive", _at(z=[800, -800, 0]), "float64", "unstable", _closed(_entropy_slopes, z=[800, -800, 0])),
    Case(N, "softmax_entropy_naive", _at(z=[700, 0]), "float64", "unstable", _closed(_entropy_slopes, z=[700, 0])),
    Case(N, "pendulum_period", _at(angle=[1]), "float64", "input-error", message=("amplitude",)),
]

FLOAT32 = [
    # 1 - cos(1e-4) = 5e-9 is below float32's half ulp of 1
    Case(G, "pendulum_energy_naive", _at(theta=[1e-4]), "float32", "unstable",
         _each("theta", [1e-4], mpmath.sin, "float32")),
    Case(G, "pendulum_energy", _at(theta=[1e-4, 1e-30]), "float32", "ok", _each("theta", [1e-4, 1e-30], mpmath.sin, "float32")),
    # 10^50 overflows float32: 1 / (1 + inf) = 0 is float32's rounding of 1e-50, but the power's rule meets that
    # infinity, -0 * inf * log(10) = NaN: the slope 6e-53 comes out NaN
    Case(G, "elo_expected_naive", _at(diff=[-20000]), "float32", "unstable", _each("diff", [-20000], _elo_slope, "float32")),
    Case(G, "elo_expected", _at(diff=[-20000, 100]), "float32", "ok",
         _each("diff", [-20000, 100], lambda d: _elo_slope(d, ELO_SLOPE), "float32")),
    Case(G, "combined_magnitude_naive", _at(m=[-100, -99]), "float32", "unstable",
         _closed(lambda m: _naive_magnitude_slopes(m, "float32"), "float32", m=[-100, -99])),
    # x^2 = 2.5e45 overflows float32
    Case(G, "overpotential_naive", _at(current=[1e20]), "float32", "unstable",
         _each("current", [1e20], lambda i: _overpotential_slope(i, "float32"), "float32")),
    Case(G, "overpotential", _at(current=[1e20, 0.5]), "float32", "ok", _each("current", [1e20, 0.5], lambda i: _overpotential_slope(i, "float32"), "float32")),
]


def _scalar(name, value, slope):
    return hp(lambda: {name: slope(_in("float64", [value])[0])})


def _formula_magnitudes(a, b):
    """The formula's 0.4 is exactly 2/5: slopes w_a, w_b."""
    def truth():
        w = _softmax([-mpmath.mpf(2) / 5 * mpmath.log(10) * mpmath.mpf(v) for v in (a, b)])
        return {"a": w[0], "b": w[1]}
    return hp(truth)


def _formula_overpotential(x):
    return _scalar("x", x, lambda v: 1 / mpmath.sqrt(1 + v * v))


MAGNITUDES = "-2.5*log10(10^(-0.4*a) + 10^(-0.4*b))"
MAGNITUDES_LSE = "-2.5/log(10)*logaddexp(-0.4*log(10)*a, -0.4*log(10)*b)"

FORMULAS = [
    Case(F, "1 - cos(t)", "t=1e-10", "float64", "unstable", _scalar("t", 1e-10, mpmath.sin)),
    Case(F, "2*sin(t/2)^2", "t=1e-10", "float64", "ok", _scalar("t", 1e-10, mpmath.sin)),
    # t/2 underflows to 0: the slope sin(t) = 5e-324 comes out 0
    Case(F, "2*sin(t/2)^2", "t=5e-324", "float64", "unstable", _scalar("t", 5e-324, mpmath.sin)),
    Case(F, "4*ellipk(sin(t/2)^2)", "t=1e-300", "float64", "ok", _scalar("t", 1e-300, _period_slope)),
    Case(F, MAGNITUDES, "a=-1000,b=-999", "float64", "unstable", _formula_magnitudes(-1000, -999)),
    Case(F, MAGNITUDES, "a=5,b=6", "float64", "ok", _formula_magnitudes(5, 6)),
    Case(F, MAGNITUDES_LSE, "a=-1000,b=-999", "float64", "ok", _formula_magnitudes(-1000, -999)),
    Case(F, "log(x + sqrt(x^2 + 1))", "x=1e200", "float64", "unstable", _formula_overpotential(1e200)),
    Case(F, "log(x + sqrt(x^2 + 1))", "x=-1e10", "float64", "unstable", _formula_overpotential(-1e10)),
    Case(F, "arcsinh(x)", "x=-1e10", "float64", "ok", _formula_overpotential(-1e10)),
    Case(F, "arcsinh(x)", "x=1e200", "float64", "ok", _formula_overpotential(1e200)),
    Case(F, "1/(1 + 10^(-d/400))", "d=-160000", "float64", "unstable", _scalar("d", -160000, _elo_slope)),
    Case(F, "sigmoid(d*log(10)/400)", "d=-160000", "float64", "ok", _scalar("d", -160000, _elo_slope)),
    Case(F, "sigmoid(d*log(10)/400)", "d=1e300", "float64", "ok", _scalar("d", 1e300, _elo_slope)),
    Case(F, "5*log10(d) - 5", "d=5e-324", "float64", "domain", _scalar("d", 5e-324, _modulus_slope)),
    Case(F, "5*log10(d) - 5", "d=1e-300", "float64", "ok", _scalar("d", 1e-300, _modulus_slope)),
    Case(F, "1e-3*(exp(eta/2) - exp(-eta/2))", "eta=1420", "float64", "unstable",
         hp(lambda: {"eta": mpmath.mpf("1e-3") * mpmath.cosh(710)})),
    Case(F, "2e-3*sinh(eta/2)", "eta=1420", "float64", "ok", hp(lambda: {"eta": mpmath.mpf("1e-3") * mpmath.cosh(710)})),
    Case(F, "maximum(0, 1 - x)^2", "x=1", "float64", "ok", hp(lambda: {"x": mpmath.mpf(0)})),
    Case(F, "clip(x, -1, 1)", "x=5e-324", "float64", "ok", hp(lambda: {"x": mpmath.mpf(1)})),
    Case(F, "clip(x, -1, 1)", "x=-1", "float64", "domain", hp(lambda: {"x": NAN})),
    Case(F, "-2.5*log10(10^(-0.4*a) + 10^(-0.4*b)", "a=1,b=2", "float64", "input-error", message=("(",)),
    Case(F, "asinhh(x)", "x=1", "float64", "input-error", message=("asinhh",)),
    Case(F, "arcsinh(x)/y", "x=1", "float64", "input-error", message=("y",)),
]

ALL = GN + TREES + NP + FLOAT32 + FORMULAS
