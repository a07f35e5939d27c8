"""The nineteenth trial set (first half): the Lorentz factor and the Doppler factor near the speed of light,
Fermi-Dirac and Bose-Einstein occupations, Kepler's equation by Newton's method in a fori_loop and behind custom_jvp
rules, a tanh recurrent cell in a scan, a straight-through rounding estimator and JAX's documented gradient clipping,
Sinkhorn's optimal transport in scaling and log-domain form, and the shoelace area in JAX; compound interest near
its continuous limit, the Einstein solid's heat capacity, realised volatility, quaternion slerp with a linear
fallback, Skellam log-probabilities by Bessel functions and a Poisson log-CDF in plain NumPy and SciPy.

Truths are the mathematics written here in mpmath, differentiated by mpmath.diff at 2,000 digits (`num_grad`) or in
closed form, never the user files' code; points are the numbers the dtype holds, constants the float64 numbers the
program writes. A coordinate with no derivative is written NaN by hand.
"""

import mpmath
import numpy as np

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp
from cases12a import _f, num_grad

J, N, G = "jax_lib19a.py", "numpy_lib19a.py", "gn_lib19a.py"


# --- the mathematics, written here -----------------------------------------------------------------------------------

def _lorentz_slopes(beta, dtype="float64"):
    """d/db (1 - b^2)^(-1/2) = b (1 - b^2)^(-3/2)."""
    return hp(lambda: {"beta": [b * (1 - b * b) ** (-mp(3) / 2) for b in _in(dtype, beta)]})


def _fermi_slopes(e, dtype="float64"):
    """d/dE 1 / (e^E + 1) = -e^E / (e^E + 1)^2."""
    return hp(lambda: {"e": [-mpmath.exp(v) / (mpmath.exp(v) + 1) ** 2 for v in _in(dtype, e)]})


def _bose_slopes(x, dtype="float64"):
    """d/dx 1 / (e^x - 1) = -e^x / (e^x - 1)^2."""
    return hp(lambda: {"x": [-mpmath.exp(v) / mpmath.expm1(v) ** 2 for v in _in(dtype, x)]})


def _kepler(mean_anomaly, ecc):
    """The root E of E - e sin E = M, and the implicit slopes dE/dM = 1 / (1 - e cos E), dE/de = sin E / (...)."""
    M, e = _f(mean_anomaly), _f(ecc)
    E = mpmath.findroot(lambda t: t - e * mpmath.sin(t) - M, M)
    denom = 1 - e * mpmath.cos(E)
    return E, e, 1 / denom, mpmath.sin(E) / denom


def _kepler_anomaly_slopes(mean_anomaly, ecc):
    def truth():
        _, _, d_mean, d_ecc = _kepler(mean_anomaly, ecc)
        return {"mean_anomaly": d_mean, "ecc": d_ecc}
    return hp(truth)


def _kepler_radius_slopes(mean_anomaly, ecc):
    """r = 1 - e cos E: dr/dM = e sin E dE/dM, dr/de = -cos E + e sin E dE/de."""
    def truth():
        E, e, d_mean, d_ecc = _kepler(mean_anomaly, ecc)
        return {"mean_anomaly": e * mpmath.sin(E) * d_mean, "ecc": -mpmath.cos(E) + e * mpmath.sin(E) * d_ecc}
    return hp(truth)


SEQUENCE = [1.0, 0.5, -0.25, 0.75]


def _rnn_last(w, u):
    h = mp(0)
    for x in SEQUENCE:
        h = mpmath.tanh(w * h + u * _f(x))
    return h


def _quantized_slopes(x):
    """round() is flat between its jumps: d/dx (round(x) - x/4)^2 = -(round(x) - x/4) / 2."""
    def truth():
        out = []
        for v in x:
            r = mp(round(float(v)))
            out.append(-(r - _f(v) / 4) / 2)
        return {"x": out}
    return hp(truth)


def _sinkhorn(eps, steps=20, a=(0.5, 0.5), b=(0.25, 0.75)):
    def cost_of(cost):
        K = [[mpmath.exp(-c / eps) for c in row] for row in cost]
        v = [mp(1), mp(1)]
        for _ in range(steps):
            u = [_f(a[i]) / sum(K[i][j] * v[j] for j in range(2)) for i in range(2)]
            v = [_f(b[j]) / sum(K[i][j] * u[i] for i in range(2)) for j in range(2)]
        return sum(u[i] * K[i][j] * v[j] * cost[i][j] for i in range(2) for j in range(2))
    return cost_of


def _shoelace(x, y):
    n = len(x)
    return abs(sum(x[i] * y[(i + 1) % n] - x[(i + 1) % n] * y[i] for i in range(n))) / 2


def _compound_slopes(r, periods=1e12, years=10.0):
    """d/dr (1 + r/n)^(n t) = t (1 + r/n)^(n t - 1)."""
    n, t = _f(periods), _f(years)
    return hp(lambda: {"r": [t * (1 + _f(v) / n) ** (n * t - 1) for v in r]})


def _doppler_slopes(beta):
    """d/db sqrt((1 + b) / (1 - b)) = 1 / ((1 - b) sqrt(1 - b^2))."""
    return hp(lambda: {"beta": [1 / ((1 - b) * mpmath.sqrt(1 - b * b)) for b in _in("float64", beta)]})


def _einstein(x):
    return sum((v / 2) ** 2 / mpmath.sinh(v / 2) ** 2 for v in x)


def _volatility(prices):
    returns = [mpmath.log(prices[i + 1]) - mpmath.log(prices[i]) for i in range(len(prices) - 1)]
    return mpmath.sqrt(sum(r * r for r in returns))


Q_START = [1.0, 0.0, 0.0, 0.0]
Q_END = [0.6, 0.8, 0.0, 0.0]
WEIGHTS = [0.5, -1.0, 2.0, 0.25]


def _slerp_score(t):
    q0, q1, w = [_f(v) for v in Q_START], [_f(v) for v in Q_END], [_f(v) for v in WEIGHTS]
    theta = mpmath.acos(sum(a * b for a, b in zip(q0, q1)))
    s = mpmath.sin(theta)
    return sum(wi * (mpmath.sin((1 - t) * theta) * a + mpmath.sin(t * theta) * b) / s
               for wi, a, b in zip(w, q0, q1))


def _skellam_slopes(mu1, mu2, k=3):
    """-(m1 + m2) + k/2 log(m1 / m2) + log I_k(z), z = 2 sqrt(m1 m2): I_k'(z) = (I_(k-1)(z) + I_(k+1)(z)) / 2 and
    dz/dm1 = sqrt(m2 / m1)."""
    def truth():
        m1, m2 = _f(mu1), _f(mu2)
        z = 2 * mpmath.sqrt(m1 * m2)
        log_slope = (mpmath.besseli(k - 1, z) + mpmath.besseli(k + 1, z)) / (2 * mpmath.besseli(k, z))
        return {"mu1": -1 + mp(k) / (2 * m1) + log_slope * mpmath.sqrt(m2 / m1),
                "mu2": -1 - mp(k) / (2 * m2) + log_slope * mpmath.sqrt(m1 / m2)}
    return hp(truth)


def _poisson_log_cdf_slopes(lam, k=5):
    """d/dlam log Q(k + 1, lam) = -lam^k e^-lam / (k! Q(k + 1, lam))."""
    def truth():
        out = []
        for v in lam:
            v = _f(v)
            q = mpmath.gammainc(k + 1, v, mpmath.inf, regularized=True)
            out.append(-v ** k * mpmath.exp(-v) / (mpmath.factorial(k) * q))
        return {"lam": out}
    return hp(truth)


def _softplus_slopes(x, dtype="float64"):
    return hp(lambda: {"x": [1 / (1 + mpmath.exp(-v)) for v in _in(dtype, x)]})


def _skewnorm_slopes(x, alpha=2.0):
    """d/dx (Phi(x) - 2 T(x, a)) = 2 phi(x) Phi(a x), the skew-normal density."""
    return hp(lambda: {"x": [2 * mpmath.npdf(_f(v)) * mpmath.ncdf(_f(alpha) * _f(v)) for v in x]})


def _knife_edge_slopes(v):
    def truth():
        out = []
        for u in v:
            u = _f(u)
            c, s = mpmath.fresnelc(u) + mp(0.5), mpmath.fresnels(u) + mp(0.5)
            out.append(c * mpmath.cos(mpmath.pi * u * u / 2) + s * mpmath.sin(mpmath.pi * u * u / 2))
        return {"v": out}
    return hp(truth)


def _dawson_slopes(x):
    """D(x) = sqrt(pi) / 2 e^(-x^2) erfi(x); D'(x) = 1 - 2 x D(x)."""
    def truth():
        out = []
        for v in x:
            v = _f(v)
            out.append(1 - 2 * v * mpmath.sqrt(mpmath.pi) / 2 * mpmath.exp(-v * v) * mpmath.erfi(v))
        return {"x": out}
    return hp(truth)


def _airy_slopes(x):
    """d/dx (2 J1(x) / x)^2 = 8 J1 (x J1' - J1) / x^3, J1' = J0 - J1 / x."""
    def truth():
        out = []
        for v in x:
            v = _f(v)
            j1 = mpmath.besselj(1, v)
            out.append(8 * j1 * (v * (mpmath.besselj(0, v) - j1 / v) - j1) / v ** 3)
        return {"x": out}
    return hp(truth)


def _student_t_pdf(t, nu=3.0):
    def truth():
        n, v = _f(nu), _f(t)
        return {"t": mpmath.gamma((n + 1) / 2) / (mpmath.sqrt(mpmath.pi * n) * mpmath.gamma(n / 2))
                * (1 + v * v / n) ** (-(n + 1) / 2)}
    return hp(truth)


def _pendulum_slopes(theta0):
    """d/dt 4 K(sin^2(t/2)) / sqrt(g) = 4 K'(m) sin(t/2) cos(t/2) / sqrt(g), K'(m) = (E - (1 - m) K) / (2 m (1 - m))."""
    def truth():
        out = []
        for v in theta0:
            v = _f(v)
            m = mpmath.sin(v / 2) ** 2
            dk = (mpmath.ellipe(m) - (1 - m) * mpmath.ellipk(m)) / (2 * m * (1 - m))
            out.append(4 * dk * mpmath.sin(v / 2) * mpmath.cos(v / 2) / mpmath.sqrt(_f(9.81)))
        return {"theta0": out}
    return hp(truth)


def _chi2_sf_slopes(stat, k=3):
    """d/dx Q(k/2, x/2) = -x^(k/2 - 1) e^(-x/2) / (2^(k/2) Gamma(k/2)), the density with its sign turned."""
    def truth():
        half = mp(k) / 2
        norm = 2 ** half * mpmath.gamma(half)
        return {"stat": [-_f(v) ** (half - 1) * mpmath.exp(-_f(v) / 2) / norm for v in stat]}
    return hp(truth)


def _matern(r):
    nu = _f(2.5)
    total = mp(0)
    for v in r:
        z = mpmath.sqrt(2 * nu) * v
        total += 2 ** (1 - nu) / mpmath.gamma(nu) * z ** nu * mpmath.besselk(nu, z)
    return total


def _angle(u, v):
    cross = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]
    return mpmath.atan2(mpmath.sqrt(sum(c * c for c in cross)), sum(a * b for a, b in zip(u, v)))


# --- the cases --------------------------------------------------------------------------------------------------------

BETA_NEAR = 0.99999999999999
COST = [[0, 1], [1, 0.5]]
COST_FAR = [[40, 41], [42, 40]]

JAX = [
    Case(J, "lorentz_naive", "beta=[0.6]", "float64", "ok", _lorentz_slopes([0.6])),
    # beta = 1 - u with u a few units of the last place: beta^2 = 1 - 2u + u^2 loses only u^2, so 1 - beta^2 keeps
    # all but u / 2 of itself; the textbook form is sound for every speed the dtype holds
    Case(J, "lorentz_naive", f"beta=[{BETA_NEAR}]", "float64", "ok", _lorentz_slopes([BETA_NEAR])),
    Case(J, "lorentz", f"beta=[{BETA_NEAR}]", "float64", "ok", _lorentz_slopes([BETA_NEAR])),
    Case(J, "lorentz_naive", "beta=[0.99999]", "float32", "ok", _lorentz_slopes([0.99999], "float32")),
    Case(J, "lorentz", "beta=[0.99999]", "float32", "ok", _lorentz_slopes([0.99999], "float32")),
    Case(J, "fermi_naive", "e=[1,-2]", "float64", "ok", _fermi_slopes([1, -2])),
    # (e^700 + 1)^2 overflows in the backward: the slope -1e-304 comes out 0
    Case(J, "fermi_naive", "e=[700]", "float64", "unstable", _fermi_slopes([700])),
    # e^750 overflows in the forward: inf / inf
    Case(J, "fermi_naive", "e=[750]", "float64", "unstable", _fermi_slopes([750])),
    Case(J, "fermi", "e=[700]", "float64", "ok", _fermi_slopes([700])),
    # the slope -1.9e-326 is below float64's smallest subnormal: 0 is its float64 rounding
    Case(J, "fermi", "e=[750]", "float64", "ok", _fermi_slopes([750])),
    Case(J, "fermi_naive", "e=[80]", "float32", "unstable", _fermi_slopes([80], "float32")),
    Case(J, "fermi", "e=[80]", "float32", "ok", _fermi_slopes([80], "float32")),
    Case(J, "bose_naive", "x=[2]", "float64", "ok", _bose_slopes([2])),
    # exp(1e-10) - 1 keeps 6 digits
    Case(J, "bose_naive", "x=[1e-10]", "float64", "unstable", _bose_slopes([1e-10])),
    Case(J, "bose", "x=[1e-10]", "float64", "ok", _bose_slopes([1e-10])),
    Case(J, "bose_naive", "x=[1e-5]", "float32", "unstable", _bose_slopes([1e-5], "float32")),
    Case(J, "bose", "x=[1e-5]", "float32", "ok", _bose_slopes([1e-5], "float32")),
    # 30 Newton steps converge long before the last: the loop's slope is the implicit one
    Case(J, "kepler_newton", "mean_anomaly=1,ecc=0.5", "float64", "ok", _kepler_anomaly_slopes(1, 0.5)),
    Case(J, "kepler_newton", "mean_anomaly=1,ecc=0.5", "float32", "ok", _kepler_anomaly_slopes(1, 0.5)),
    Case(J, "kepler_radius", "mean_anomaly=1,ecc=0.5", "float64", "ok", _kepler_radius_slopes(1, 0.5)),
    # the rule's sign slip in the eccentricity's tangent: wrong in ecc, right in the mean anomaly
    Case(J, "kepler_radius_slip", "mean_anomaly=1,ecc=0.5", "float64", "wrong", _kepler_radius_slopes(1, 0.5),
         "def _kepler_jvp_slip"),
    Case(J, "rnn_last", "w=0.5,u=0.8", "float64", "ok", num_grad(_rnn_last, w=0.5, u=0.8)),
    Case(J, "rnn_last", "w=0.5,u=0.8", "float32", "ok", num_grad(_rnn_last, dtype="float32", w=0.5, u=0.8)),
    # the last state is tanh(29.5...): 1.0 in float64, so tanh's 1 - h^2 is 0 where it is 1.7e-25
    Case(J, "rnn_last", "w=0.5,u=40", "float64", "unstable", num_grad(_rnn_last, w=0.5, u=40)),
    # the straight-through estimator passes the cotangent where round's slope is 0
    Case(J, "quantized_loss", "x=[1.2,2.7]", "float64", "wrong", _quantized_slopes([1.2, 2.7]), "def _round_bwd"),
    # round jumps at 0.5 (half to even: 0 below, 1 above): no derivative there, whatever the rule says
    Case(J, "quantized_loss", "x=[0.5,1.2]", "float64", "wrong",
         hp(lambda: {"x": [NAN, -(1 - _f(1.2) / 4) / 2]})),
    Case(J, "clipped_energy", "x=[0.3,-0.2]", "float64", "ok", hp(lambda: {"x": [2 * _f(0.3), 2 * _f(-0.2)]})),
    # 2x = 6 clipped to 1 by the rule
    Case(J, "clipped_energy", "x=[3,0.1]", "float64", "wrong", hp(lambda: {"x": [mp(6), 2 * _f(0.1)]}),
         "def clip_gradient_bwd"),
    Case(J, "sinkhorn_cost", f"cost={COST}".replace(" ", ""), "float64", "ok",
         num_grad(_sinkhorn(_f(0.05)), cost=COST)),
    Case(J, "sinkhorn_cost_log", f"cost={COST}".replace(" ", ""), "float64", "ok",
         num_grad(_sinkhorn(_f(0.05)), cost=COST)),
    # every exp(-C / 0.05) underflows: 0 / 0
    Case(J, "sinkhorn_cost", f"cost={COST_FAR}".replace(" ", ""), "float64", "unstable",
         num_grad(_sinkhorn(_f(0.05)), cost=COST_FAR)),
    Case(J, "sinkhorn_cost_log", f"cost={COST_FAR}".replace(" ", ""), "float64", "ok",
         num_grad(_sinkhorn(_f(0.05)), cost=COST_FAR)),
    Case(J, "polygon_area", "x=[0,2,2,0],y=[0,0,1,1]", "float64", "ok",
         num_grad(_shoelace, x=[0, 2, 2, 0], y=[0, 0, 1, 1])),
    Case(J, "polygon_area", "x=[0,2,2,0],y=[0,0,1,1]", "float32", "ok",
         num_grad(_shoelace, dtype="float32", x=[0, 2, 2, 0], y=[0, 0, 1, 1])),
    # three points on a line: the signed area is 0 and moves with every y (a kink), never with an x
    Case(J, "polygon_area", "x=[0,1,2],y=[0,0,0]", "float64", "domain",
         hp(lambda: {"x": [mp(0), mp(0), mp(0)], "y": [NAN, NAN, NAN]})),
    Case(J, "cond_sqrt", "x=4", "float64", "ok", hp(lambda: {"x": mp(1) / 4})),
    # 0 on the left, sqrt's infinite slope on the right: no derivative at the guard
    Case(J, "cond_sqrt", "x=0", "float64", "domain", hp(lambda: {"x": NAN})),
    # XLA flushes the subnormal to 0 before the comparison: the zero branch, where sqrt's slope is 2.2e161
    Case(J, "cond_sqrt", "x=5e-324", "float64", "unstable", hp(lambda: {"x": 1 / (2 * mpmath.sqrt(_f(5e-324)))})),
    Case(J, "sinkhorn_cost_log", f"cost={COST}".replace(" ", ""), "float32", "ok",
         num_grad(_sinkhorn(_f(np.float32(0.05))), dtype="float32", cost=COST)),
    Case(J, "skewnorm_cdf", "x=[0.5,-1]", "float64", "ok", _skewnorm_slopes([0.5, -1])),
    # the density 2 phi(-10) Phi(-20) = 4e-111: Owen's T's tangent is phi(x) (1 + erf(a x / sqrt 2)), and
    # 1 + erf(-14.1) is 1 - 1 in float64
    Case(J, "skewnorm_cdf", "x=[-10]", "float64", "unstable", _skewnorm_slopes([-10])),
    Case(J, "knife_edge", "v=[0.5,2]", "float64", "ok", _knife_edge_slopes([0.5, 2])),
    Case(J, "dawson_sum", "x=[0.5,50]", "float64", "ok", _dawson_slopes([0.5, 50])),
    # 1 - 2 x D(x) = -1 / (2 x^2) = -5e-17 from 1 - (1 + 5e-17)
    Case(J, "dawson_sum", "x=[1e8]", "float64", "unstable", _dawson_slopes([1e8])),
    Case(J, "airy_intensity", "x=[1.5,4,20]", "float64", "ok", _airy_slopes([1.5, 4, 20])),
    # JAX's bessel_jn recurs down from a fixed start: at 60 its J1 is -0.333 where J1(60) is 0.0466, and JAX's
    # derivative is the recurrence's (as JAX's spence's seams in the seventeenth round: wrong, at the call's line)
    Case(J, "airy_intensity", "x=[60]", "float64", "wrong", _airy_slopes([60]), "bessel_jn(x, v=1)"),
    # at 30 JAX's J1 is 5e-9 off, its slope 2.2e-8
    Case(J, "airy_intensity", "x=[30]", "float64", "wrong", _airy_slopes([30])),
    # 1 + erf(-4.24) = 2e-9 keeps 7 digits in the rule's tangent
    Case(J, "skewnorm_cdf", "x=[-3]", "float64", "unstable", _skewnorm_slopes([-3])),
    # the rule's exp(800) / (1 + exp(800)) is inf / inf: named at the rule's line, where the NaN is made
    Case(J, "softplus_blog_sum", "x=[800,1]", "float64", "unstable", _softplus_slopes([800, 1]),
         "return (g * jnp.exp(x) / (1.0 + jnp.exp(x)),)", fix="jax.nn.sigmoid(x)"),
    Case(J, "student_t_cdf", "t=0.5", "float64", "ok", _student_t_pdf(0.5)),
    # JAX's hyp2f1 at z = -8.3 (outside the unit disc) answers -1.6e222: the library's series, not the mathematics
    Case(J, "student_t_cdf", "t=5", "float64", "unstable", _student_t_pdf(5)),
]

NUMPY = [
    # 1 + 5e-14 keeps 3 digits of r / n; the power 1e13 spreads the loss over the answer
    Case(N, "compound_naive", "r=[0.05]", "float64", "unstable", _compound_slopes([0.05])),
    Case(N, "compound", "r=[0.05]", "float64", "ok", _compound_slopes([0.05])),
    Case(N, "realised_volatility", "prices=[100,101,99.5,100.2]", "float64", "ok",
         num_grad(_volatility, prices=[100, 101, 99.5, 100.2])),
    # flat prices: every return 0, the norm's cone
    Case(N, "realised_volatility", "prices=[100,100,100]", "float64", "domain",
         hp(lambda: {"prices": [NAN, NAN, NAN]})),
    Case(N, "doppler_naive", "beta=[0.6]", "float64", "ok", _doppler_slopes([0.6])),
    # as the Lorentz factor: beta^2 rounds by far less than 1 - beta^2 is
    Case(N, "doppler_naive", "beta=[0.9999999999999]", "float64", "ok", _doppler_slopes([0.9999999999999])),
    Case(N, "doppler", "beta=[0.9999999999999]", "float64", "ok", _doppler_slopes([0.9999999999999])),
    Case(N, "einstein_naive", "x=[2]", "float64", "ok", num_grad(_einstein, x=[2])),
    Case(N, "einstein", "x=[2]", "float32", "ok", num_grad(_einstein, dtype="float32", x=[2])),
    # (e^600 - 1)^2 overflows
    Case(N, "einstein_naive", "x=[600]", "float64", "unstable", num_grad(_einstein, x=[600])),
    # the sinh form's value is fine at 600, its reverse pass is not: the cotangent of sinh(300), -2 (h/s) h / s^2 =
    # -2e-385, underflows before cosh(300) = 1e130 would bring it back (any reverse mode; the slope comes out 3e-258
    # where it is -9.5e-256)
    Case(N, "einstein", "x=[600]", "float64", "unstable", num_grad(_einstein, x=[600])),
    Case(N, "einstein_naive", "x=[1e-9]", "float64", "unstable", num_grad(_einstein, x=[1e-9])),
    # the sinh form's value is fine at 1e-9, its slope is not: 1/sinh(h) - h cosh(h)/sinh(h)^2 cancels 2e9 to -8e-11
    Case(N, "einstein", "x=[1e-9]", "float64", "unstable", num_grad(_einstein, x=[1e-9])),
    Case(N, "polygon_area", "x=[0,3,1],y=[0,0,2]", "float64", "ok", num_grad(_shoelace, x=[0, 3, 1], y=[0, 0, 2])),
    Case(N, "polygon_area", "x=[0,3,1],y=[0,0,2]", "float32", "ok",
         num_grad(_shoelace, dtype="float32", x=[0, 3, 1], y=[0, 0, 2])),
    # collinear on the diagonal: every coordinate moves the signed area off 0
    Case(N, "polygon_area", "x=[0,1,3],y=[0,1,3]", "float64", "domain",
         hp(lambda: {"x": [NAN, NAN, NAN], "y": [NAN, NAN, NAN]})),
    Case(N, "slerp_score", "t=0.3", "float64", "ok", hp(lambda: {"t": mpmath.diff(_slerp_score, _f(0.3))})),
    # the linear fallback is taken, but the spherical branch's 0/0 slope leaks through where's 0 cotangent
    Case(N, "slerp_score_still", "t=0.3", "float64", "wrong", hp(lambda: {"t": mp(0)})),
    Case(N, "skellam_logpmf_naive", "mu1=3,mu2=2", "float64", "ok", _skellam_slopes(3, 2)),
    # I_3(894) = 1e386 overflows
    Case(N, "skellam_logpmf_naive", "mu1=500,mu2=400", "float64", "unstable", _skellam_slopes(500, 400)),
    Case(N, "skellam_logpmf", "mu1=500,mu2=400", "float64", "ok", _skellam_slopes(500, 400)),
    Case(N, "skellam_logpmf", "mu1=3,mu2=2", "float32", "ok", _skellam_slopes(3, 2)),
    Case(N, "poisson_log_cdf", "lam=[3]", "float64", "ok", _poisson_log_cdf_slopes([3])),
    # P(N <= 5) at lam = 1000 is 1e-420: log 0
    Case(N, "poisson_log_cdf", "lam=[1000]", "float64", "unstable", _poisson_log_cdf_slopes([1000])),
    Case(N, "pendulum_period", "theta0=[0.5,3]", "float64", "ok", _pendulum_slopes([0.5, 3])),
    Case(N, "chi2_pvalue", "stat=[2.5,40]", "float64", "ok", _chi2_sf_slopes([2.5, 40])),
    Case(N, "matern_kernel", "r=[0.3,2]", "float64", "ok", num_grad(_matern, r=[0.3, 2])),
    Case(N, "angle_acos", "u=[1,2,3],v=[-1,0.5,2]", "float64", "ok",
         num_grad(_angle, u=[1, 2, 3], v=[-1, 0.5, 2])),
    # 1e-9 off parallel: the cosine 1 - 5e-19 rounds to 1, arccos' slope there is infinite
    Case(N, "angle_acos", "u=[1,0,0],v=[1,1e-9,0]", "float64", "unstable",
         num_grad(_angle, u=[1, 0, 0], v=[1, 1e-9, 0])),
    Case(N, "angle_atan2", "u=[1,0,0],v=[1,1e-9,0]", "float64", "ok",
         num_grad(_angle, u=[1, 0, 0], v=[1, 1e-9, 0])),
    # parallel: the angle is a cone in the perpendicular directions, flat along the vectors (slope 0)
    Case(N, "angle_atan2", "u=[1,0,0],v=[2,0,0]", "float64", "wrong",
         hp(lambda: {"u": [mp(0), NAN, NAN], "v": [mp(0), NAN, NAN]})),
    Case(N, "table_energy", "x=[0.5,2.25,5]", "float64", "ok", hp(lambda: {"x": [mp(1), mp(5), mp(0)]})),
    # on a knot: slope 1 on the left, 3 on the right
    Case(N, "table_energy", "x=[1,2.25]", "float64", "domain", hp(lambda: {"x": [NAN, mp(5)]})),
    Case(N, "poisson_log_cdf_stats", "lam=[3]", "float64", "ok", _poisson_log_cdf_slopes([3])),
    # SciPy's poisson.logcdf is the log of pdtr: -inf at lam = 1000
    Case(N, "poisson_log_cdf_stats", "lam=[1000]", "float64", "unstable", _poisson_log_cdf_slopes([1000])),
]

GN = [
    Case(G, "softplus_blog_sum", "x=[1,-2]", "float64", "ok", _softplus_slopes([1, -2])),
    # the rule's exp(800) / (1 + exp(800)) is inf / inf: the rule is right, its float64 arithmetic is not
    Case(G, "softplus_blog_sum", "x=[800,1]", "float64", "unstable", _softplus_slopes([800, 1]),
         "upstream * gnp.exp(x) / (1.0 + gnp.exp(x))", fix="gnp.sigmoid(x)"),
    Case(G, "softplus_sigmoid_sum", "x=[800,1]", "float64", "ok", _softplus_slopes([800, 1])),
    Case(G, "softplus_sigmoid_sum", "x=[80,-3]", "float32", "ok", _softplus_slopes([80, -3], "float32")),
    Case(G, "softplus_slip_sum", "x=[1,-2]", "float64", "wrong", _softplus_slopes([1, -2]),
         "softplus_slip>>def grad_fn"),
]

ALL = JAX + NUMPY + GN
