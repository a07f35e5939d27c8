"""The seventeenth trial set (first half): sparsemax, hyperbolic and great-circle distances, the Langevin function,
von Mises-Fisher normalisers, a relativistic kinetic energy, Plackett-Luce likelihoods, soft-DTW, an ordinal model with
NamedTuple parameters, Clenshaw's recurrence, a Gamma survival log-probability, a Chamfer distance through vmap,
wrapped angles and two custom rules in JAX; label smoothing, Horner near a multiple root, a Pade pole, geometric and
power means, Fisher's z, beta-binomial log-probabilities, Bessel normalisers, cube roots, Kahan summation, max-abs
normalisation and the generalised IoU in plain NumPy and SciPy.

Truths are the mathematics written here in mpmath, differentiated by mpmath.diff at 2,000 digits (`num_grad`) or in
closed form, never the user files' code; points are the numbers the dtype holds, constants the float64 numbers the
program writes (2.0 / 3.0 is the float64 number Python gives). A coordinate with no derivative is written NaN by hand.
"""

import mpmath
import numpy as np

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp
from cases12a import _f, num_grad, renamed

J, N = "jax_lib17a.py", "numpy_lib17a.py"


# --- the mathematics, written here -----------------------------------------------------------------------------------

def _poincare(u, v):
    sq = sum((a - b) ** 2 for a, b in zip(u, v))
    nu, nv = sum(a * a for a in u), sum(b * b for b in v)
    return mpmath.acosh(1 + 2 * sq / ((1 - nu) * (1 - nv)))


def _haversine(p, q):
    a = mpmath.sin((q[0] - p[0]) / 2) ** 2 + mpmath.cos(p[0]) * mpmath.cos(q[0]) * mpmath.sin((q[1] - p[1]) / 2) ** 2
    return 2 * mpmath.asin(mpmath.sqrt(a))


def _langevin_slopes(x, dtype="float64"):
    """L(x) = coth x - 1/x; L'(x) = 1/x^2 - 1/sinh^2 x, 1/3 at 0."""
    return hp(lambda: {"x": [1 / v ** 2 - 1 / mpmath.sinh(v) ** 2 if v else mp(1) / 3 for v in _in(dtype, x)]})


def _vmf3_slope(kappa):
    """d/dk (log k - log sinh k) = 1/k - coth k."""
    return hp(lambda: {"kappa": 1 / _f(kappa) - mpmath.coth(_f(kappa))})


def _log_kinetic(p, m):
    return mpmath.log(mpmath.sqrt(p * p + m * m) - m)


def _plackett_luce(s):
    return sum(mpmath.log(sum(mpmath.exp(v) for v in s[i:])) - s[i] for i in range(len(s)))


def _soft_dtw(gamma):
    def value(x, y):
        big = _f(1e10)
        n, m = len(x), len(y)
        r = [[big] * (m + 1) for _ in range(n + 1)]
        r[0][0] = mp(0)
        for i in range(1, n + 1):
            for j in range(1, m + 1):
                options = (r[i - 1][j - 1], r[i - 1][j], r[i][j - 1])
                soft = -gamma * mpmath.log(sum(mpmath.exp(-o / gamma) for o in options))
                r[i][j] = (x[i - 1] - y[j - 1]) ** 2 + soft
        return r[n][m]
    return value


ORDINAL_X = [1.5, -1.0]


def _ordinal(cuts, w):
    eta = sum(a * _f(b) for a, b in zip(w, ORDINAL_X))
    return -mpmath.log(1 / (1 + mpmath.exp(eta - cuts[1])) - 1 / (1 + mpmath.exp(eta - cuts[0])))


CHEB = [0.5, -1.0, 0.25, 2.0, -0.75]


def _chebyshev(x):
    """sum_k c_k T_k(x) by the forward three-term recurrence T_(k+1) = 2x T_k - T_(k-1)."""
    total = mp(0)
    for v in x:
        t_prev, t = mp(1), v
        series = _f(CHEB[0]) + _f(CHEB[1]) * v
        for c in CHEB[2:]:
            t_prev, t = t, 2 * v * t - t_prev
            series += _f(c) * t
        total += series
    return total


def _gamma_log_survival_slopes(x, dtype="float64"):
    """d/dx log Q(a, x) = -x^(a-1) e^-x / (Gamma(a) Q(a, x))."""
    a = mp(2.5)

    def truth():
        out = []
        for v in _in(dtype, x):
            q = mpmath.gammainc(a, v, mpmath.inf, regularized=True)
            out.append(-v ** (a - 1) * mpmath.exp(-v) / (mpmath.gamma(a) * q))
        return {"x": out}
    return hp(truth)


def _chamfer(P, Q):
    def nearest(p, cloud):
        return min(sum((a - b) ** 2 for a, b in zip(p, c)) for c in cloud)
    return sum(nearest(p, Q) for p in P) / len(P) + sum(nearest(q, P) for q in Q) / len(Q)


def _wrapped_slopes(a, b):
    """d = a - b wrapped into (-pi, pi]; d(d^2)/da = 2d, d/db = -2d."""
    def truth():
        ds = []
        for u, v in zip(a, b):
            d = _f(u) - _f(v)
            while d > mpmath.pi:
                d -= 2 * mpmath.pi
            while d <= -mpmath.pi:
                d += 2 * mpmath.pi
            ds.append(d)
        return {"a": [2 * d for d in ds], "b": [-2 * d for d in ds]}
    return hp(truth)


def _log1mexp_slopes(x):
    """d/dx log(1 - e^x) = e^x / expm1(x)."""
    return hp(lambda: {"x": [mpmath.exp(_f(v)) / mpmath.expm1(_f(v)) for v in x]})


def _xsq_log_slopes(x):
    return hp(lambda: {"x": [2 * _f(v) * mpmath.log(_f(v)) + _f(v) if v > 0 else mp(0) for v in x]})


GARCH_R = [0.5, -1.0, 0.25, 2.0, -0.375]


def _garch(omega, alpha, beta):
    var = omega / (1 - alpha - beta)
    total = mp(0)
    for k, r in enumerate(GARCH_R):
        if k:
            var = omega + alpha * _f(GARCH_R[k - 1]) ** 2 + beta * var
        total += mpmath.log(var) + _f(r) ** 2 / var
    return total / 2


def _truncnorm_log_z(a, b):
    return mpmath.log(mpmath.ncdf(b) - mpmath.ncdf(a))


def _probit_slopes(p):
    """ndtri'(p) = sqrt(2 pi) e^(x^2 / 2), x = ndtri(p) = sqrt 2 erfinv(2p - 1)."""
    def truth():
        out = []
        for v in p:
            x = mpmath.sqrt(2) * mpmath.erfinv(2 * _f(v) - 1)
            out.append(mpmath.sqrt(2 * mpmath.pi) * mpmath.exp(x * x / 2))
        return {"p": out}
    return hp(truth)


def _spence_slopes(x):
    """SciPy's spence(x) is the integral of log(t) / (1 - t) from 1 to x."""
    return hp(lambda: {"x": [mpmath.log(_f(v)) / (1 - _f(v)) for v in x]})


def _logsf_slopes(x):
    return hp(lambda: {"x": [-mpmath.npdf(_f(v)) / mpmath.ncdf(-_f(v)) for v in x]})


def _kummer_slopes(x):
    """d/dx 1F1(a; b; x) = (a / b) 1F1(a + 1; b + 1; x)."""
    a, b = mp(1.5), mp(2.5)
    return hp(lambda: {"x": [a / b * mpmath.hyp1f1(a + 1, b + 1, _f(v)) for v in x]})


def _si_slopes(x):
    return hp(lambda: {"x": [mpmath.sin(_f(v)) / _f(v) for v in x]})


# NumPy's mathematics

def _smoothed_target(k, smoothing=0.1, target=1):
    q = np.full(k, smoothing / k)
    q[target] += 1.0 - smoothing  # the program's float64 constants, summed as it sums them
    return [mp(float(v)) for v in q]


def _smoothed_ce_slopes(z, dtype="float64"):
    """-sum q log softmax(z): its slope is sum(q) softmax(z) - q (sum(q) is 1 only up to the constants' rounding)."""
    def truth():
        zs = _in(dtype, z)
        q = _smoothed_target(len(zs))
        top = max(zs)
        e = [mpmath.exp(v - top) for v in zs]
        total = sum(e)
        return {"z": [sum(q) * v / total - w for v, w in zip(e, q)]}
    return hp(truth)


def _quintic_slopes(x):
    return hp(lambda: {"x": [5 * (_f(v) - 1) ** 4 for v in x]})


def _pade(x):
    return sum((1 + v * (_f(2.0 / 3.0) + v / 6)) / (1 - v / 3) for v in x)


def _geometric_slopes(x, exponent=None):
    """d/dx_i prod(x)^e = e prod(x)^e / x_i (e = 1/n, or the program's float 1/n)."""
    def truth():
        xs = [_f(v) for v in x]
        e = exponent if exponent is not None else mp(1) / len(xs)
        g = mpmath.fprod(xs) ** e
        return {"x": [e * g / v for v in xs]}
    return hp(truth)


def _power_mean(x):
    p, inverse = _f(1e-9), _f(1.0 / 1e-9)
    return (sum(v ** p for v in x) / len(x)) ** inverse


def _fisher_z(x, y):
    mx, my = sum(x) / len(x), sum(y) / len(y)
    xc, yc = [v - mx for v in x], [v - my for v in y]
    r = sum(a * b for a, b in zip(xc, yc)) / mpmath.sqrt(sum(a * a for a in xc) * sum(b * b for b in yc))
    return mpmath.atanh(r)


def _betabinom_slopes(a, b, n=5, k=2):
    """log B(k + a, n - k + b) - log B(a, b): digamma differences."""
    def truth():
        fa, fb = _f(a), _f(b)
        psi = mpmath.digamma
        common = -psi(n + fa + fb) + psi(fa + fb)
        return {"a": psi(k + fa) - psi(fa) + common, "b": psi(n - k + fb) - psi(fb) + common}
    return hp(truth)


def _vmf5_slope(kappa):
    """d/dk (v log k - log I_v(k)) = 2v/k - I_(v-1)(k) / I_v(k), v = 3/2."""
    def truth():
        k, v = _f(kappa), mp(3) / 2
        return {"kappa": 2 * v / k - mpmath.besseli(v - 1, k) / mpmath.besseli(v, k)}
    return hp(truth)


def _giou(a, b):
    iw = max(min(a[2], b[2]) - max(a[0], b[0]), 0)
    ih = max(min(a[3], b[3]) - max(a[1], b[1]), 0)
    inter = iw * ih
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    enclosing = (max(a[2], b[2]) - min(a[0], b[0])) * (max(a[3], b[3]) - min(a[1], b[1]))
    return 1 - inter / union + (enclosing - union) / enclosing


def _giou_touching():
    """Box b starts where a ends (x = 2): the clipped intersection width is 0 with a kink in a[2] and b[0]; every
    other coordinate leaves the width at 0."""
    smooth = num_grad(_giou, a=[0, 0, 2, 2], b=[2, 0.5, 3, 1.5])

    def truth():
        slopes = smooth()
        slopes["a"][2] = NAN
        slopes["b"][0] = NAN
        return slopes
    return truth


# --- the cases --------------------------------------------------------------------------------------------------------

POINCARE_NEAR = dict(u=[0.1, 0.2], v=[0.1, 0.2000001])
PI = 3.141592653589793

JAX = [
    # the support is {0, 1}: the slope is w_i - mean of w over the support there, 0 elsewhere
    Case(J, "sparsemax_score", "z=[1,0.8,-1,0.1]", "float64", "ok", hp(lambda: {"z": [mp(1.5), mp(-1.5), mp(0), mp(0)]})),
    # z[2] = tau = 0.25 exactly: entering the support from above (slope 2/3), outside from below (0)
    Case(J, "sparsemax_score", "z=[1,0.5,0.25,-1]", "float64", "domain", hp(lambda: {"z": [NAN, NAN, NAN, mp(0)]})),
    # 1 + d with d = 2.2e-14 keeps two digits of d: arccosh's slope 1/sqrt(d (d + 2)) from it
    Case(J, "poincare_naive", "u=[0.1,0.2],v=[0.1,0.2000001]", "float64", "unstable",
         num_grad(_poincare, **POINCARE_NEAR)),
    Case(J, "poincare", "u=[0.1,0.2],v=[0.1,0.2000001]", "float64", "ok", num_grad(_poincare, **POINCARE_NEAR)),
    # u = v: the distance is a cone in every coordinate
    Case(J, "poincare", "u=[0.1,0.2],v=[0.1,0.2]", "float64", "domain",
         hp(lambda: {"u": [NAN, NAN], "v": [NAN, NAN]})),
    # |u| = 0.99999999: 1 - |u|^2 = 2e-8 keeps 8 digits fewer than float64 has (5.5e-10 off)
    Case(J, "poincare", "u=[0.99999999,0],v=[0.5,0]", "float64", "unstable",
         num_grad(_poincare, u=[0.99999999, 0], v=[0.5, 0])),
    Case(J, "haversine", "p=[0.5,0.3],q=[0.5000001,0.3000002]", "float64", "ok",
         num_grad(_haversine, p=[0.5, 0.3], q=[0.5000001, 0.3000002])),
    # the law of cosines: arccos of 1 - 2e-14
    Case(J, "great_circle_acos", "p=[0.5,0.3],q=[0.5000001,0.3000002]", "float64", "unstable",
         num_grad(_haversine, p=[0.5, 0.3], q=[0.5000001, 0.3000002])),
    # float64's pi is short of pi by 1.2e-16: the exact a is 1 - 3.7e-33 (the distance is dlon itself), float64's 1
    Case(J, "haversine", f"p=[0,0],q=[0,{PI}]", "float64", "unstable", num_grad(_haversine, p=[0, 0], q=[0, PI])),
    # coth(1e-6) - 1e6: the slope's two 1e12 terms cancel to 1/3
    Case(J, "langevin_naive", "x=[1e-6]", "float64", "unstable", _langevin_slopes([1e-6]),
         "jnp.sum(1.0 / jnp.tanh(x) - 1.0 / x)"),
    Case(J, "langevin", "x=[1e-6,2]", "float64", "ok", _langevin_slopes([1e-6, 2])),
    Case(J, "langevin_naive", "x=[0.01]", "float32", "unstable", _langevin_slopes([0.01], "float32")),
    # the series' switch at 1e-3 suits float64: float32 at 2e-3 still cancels 2.5e5 to 1/3
    Case(J, "langevin", "x=[0.002]", "float32", "unstable", _langevin_slopes([0.002], "float32")),
    Case(J, "vmf_log_norm_naive", "kappa=1000", "float64", "unstable", _vmf3_slope(1000)),
    Case(J, "vmf_log_norm", "kappa=1000", "float64", "ok", _vmf3_slope(1000)),
    # the stable form for large kappa cancels 1e8 against 1e8 at kappa = 1e-8 (the slope is -kappa/3)
    Case(J, "vmf_log_norm", "kappa=1e-8", "float64", "unstable", _vmf3_slope(1e-8)),
    # sqrt(1 + 1e-18) is 1: the kinetic energy 5e-19 is 0 and its log -inf
    Case(J, "log_kinetic_naive", "p=1e-9,m=1", "float64", "unstable", num_grad(_log_kinetic, p=1e-9, m=1)),
    Case(J, "log_kinetic", "p=1e-9,m=1", "float64", "ok", num_grad(_log_kinetic, p=1e-9, m=1)),
    Case(J, "plackett_luce_nll", "s=[800,-800,3]", "float64", "ok", num_grad(_plackett_luce, s=[800, -800, 3])),
    Case(J, "plackett_luce_naive", "s=[800,-800,3]", "float64", "unstable", num_grad(_plackett_luce, s=[800, -800, 3])),
    # e^100 overflows float32
    Case(J, "plackett_luce_naive", "s=[100,0,1]", "float32", "unstable",
         num_grad(_plackett_luce, dtype="float32", s=[100, 0, 1])),
    # not float64, but s[0]'s slope softmax_0 - 1 = -1.4e-43 is 1 - 1 there (any spelling of the sum)
    Case(J, "plackett_luce_naive", "s=[100,0,1]", "float64", "unstable", num_grad(_plackett_luce, s=[100, 0, 1])),
    Case(J, "plackett_luce_naive", "s=[-3,0,1]", "float64", "ok", num_grad(_plackett_luce, s=[-3, 0, 1])),
    Case(J, "soft_dtw", "x=[0,3,6],y=[1.5,4.5,3]", "float64", "ok",
         num_grad(_soft_dtw(_f(0.01)), x=[0, 3, 6], y=[1.5, 4.5, 3])),
    # gamma = 0.001: every e^(-r/gamma) of one cell underflows (r >= 2.25), the log of their sum is -inf
    Case(J, "soft_dtw_naive", "x=[0,3,6],y=[1.5,4.5,3]", "float64", "unstable",
         num_grad(_soft_dtw(_f(0.001)), x=[0, 3, 6], y=[1.5, 4.5, 3])),
    # eta = -40: sigmoid(41) and sigmoid(40) both round to 1
    Case(J, "ordinal_middle_naive", None, "float64", "unstable",
         renamed(num_grad(_ordinal, cuts=[0, 1], w=[-20, 10]), "params"), args="ordinal_args", wrt="params"),
    Case(J, "ordinal_middle", None, "float64", "ok",
         renamed(num_grad(_ordinal, cuts=[0, 1], w=[-20, 10]), "params"), args="ordinal_args", wrt="params"),
    Case(J, "chebyshev", "x=[0.3,1,-1]", "float64", "ok", num_grad(_chebyshev, x=[0.3, 1, -1])),
    Case(J, "gamma_log_survival", "x=[3]", "float64", "ok", _gamma_log_survival_slopes([3])),
    # Q(2.5, 1000) = 5e-431 underflows: log 0
    Case(J, "gamma_log_survival", "x=[1000]", "float64", "unstable", _gamma_log_survival_slopes([1000])),
    # Q(2.5, 100) = 2.8e-41 is a float32 subnormal, which XLA flushes to 0
    Case(J, "gamma_log_survival", "x=[100]", "float32", "unstable", _gamma_log_survival_slopes([100], "float32")),
    Case(J, "chamfer", "P=[[0.1,0.2],[1,-0.5]],Q=[[0,0],[1.2,-0.4],[0.5,0.5]]", "float64", "ok",
         num_grad(_chamfer, P=[[0.1, 0.2], [1, -0.5]], Q=[[0, 0], [1.2, -0.4], [0.5, 0.5]])),
    # p is as near q0 as q1: a kink in the x coordinates; in y the two distances move together (slope 0)
    Case(J, "chamfer", "P=[[0,0]],Q=[[1,0],[-1,0]]", "float64", "domain",
         hp(lambda: {"P": [[NAN, mp(0)]], "Q": [[NAN, mp(0)], [NAN, mp(0)]]})),
    # sin(float64 pi) = 1.2e-16 > 0: arctan2 is off its cut, d = float64's pi
    Case(J, "wrapped_sq", f"a=[{PI},3.2],b=[0,0]", "float64", "ok", _wrapped_slopes([PI, 3.2], [0, 0])),
    # the rule 1/expm1(x) lacks the factor e^x: named at its def line
    Case(J, "log1mexp_sum", "x=[-2]", "float64", "wrong", _log1mexp_slopes([-2]), "def _log1mexp_jvp"),
    # ... which is 1 - 1e-17 at x = -1e-17: within float64's rounding, right there
    Case(J, "log1mexp_sum", "x=[-1e-17]", "float64", "ok", _log1mexp_slopes([-1e-17])),
    # the tangent's where guards the value, not the transpose: 0 * (2 * 0 * log 0) is NaN where x^2 log x has slope 0
    Case(J, "xsq_log_sum", "x=[0,0.5]", "float64", "wrong", _xsq_log_slopes([0, 0.5]), "def _xsq_log_jvp"),
    # sparsemax at a tie of the sort: the support's sum z0 + z1 does not care which comes first
    Case(J, "sparsemax_score", "z=[0.5,0.5,-1,-2]", "float64", "ok",
         hp(lambda: {"z": [mp(1.5), mp(-1.5), mp(0), mp(0)]})),
    # XLA flushes the subnormal u0 to 0 = v0: a cone there, where the exact distance 2 artanh|u| has slope 2
    Case(J, "poincare", "u=[5e-324,0],v=[0,0]", "float64", "unstable", num_grad(_poincare, u=[5e-324, 0], v=[0, 0])),
    Case(J, "garch_nll", None, "float64", "ok", renamed(num_grad(_garch, omega=0.1, alpha=0.2, beta=0.7), "params"),
         args="garch_args", wrt="params"),
    Case(J, "garch_nll", None, "float32", "ok",
         renamed(num_grad(_garch, dtype="float32", omega=0.1, alpha=0.2, beta=0.7), "params"),
         args="garch_args", wrt="params"),
    # alpha + beta = 1 - 1e-10: the stationary variance's 1 - alpha - beta keeps 6 digits
    Case(J, "garch_nll", None, "float64", "unstable",
         renamed(num_grad(_garch, omega=1e-6, alpha=0.2, beta=0.7999999999), "params"),
         args="garch_args_integrated", wrt="params"),
    # Phi(9) - Phi(8) = 6.2e-16 from two numbers within 1e-15 of 1
    Case(J, "truncnorm_log_z_naive", "a=8,b=9", "float64", "unstable", num_grad(_truncnorm_log_z, a=8, b=9)),
    Case(J, "truncnorm_log_z", "a=8,b=9", "float64", "ok", num_grad(_truncnorm_log_z, a=8, b=9)),
    Case(J, "truncnorm_log_z", "a=0.5,b=30", "float64", "ok", num_grad(_truncnorm_log_z, a=0.5, b=30)),
    Case(J, "probit_sum", "p=[0.3,1e-300,0.999]", "float64", "ok", _probit_slopes([0.3, 1e-300, 0.999])),
    # JAX's log_ndtr is an asymptotic series of three terms below -20: 1.6e-10 off at 30 in its slope -phi/Q
    Case(J, "norm_logsf_sum", "x=[30,2]", "float64", "unstable", _logsf_slopes([30, 2]),
         "jax.scipy.stats.norm.logsf(x)"),
    # JAX's spence joins Cephes' approximations at 0.5 and 2; spence itself is smooth there
    Case(J, "dilog_sum", "x=[0.5]", "float64", "ok", _spence_slopes([0.5])),
    # on (1, 2] JAX's untaken branch takes log(1 - x) < 0's log: its NaN leaks through where into the gradient
    Case(J, "dilog_sum", "x=[1.2]", "float64", "wrong", _spence_slopes([1.2])),
    Case(J, "dilog_sum", "x=[2]", "float64", "wrong", _spence_slopes([2])),
    Case(J, "dilog_sum", "x=[3]", "float64", "ok", _spence_slopes([3])),
    # near 0 JAX's spence keeps 8 digits of log(1 - x)
    Case(J, "dilog_sum", "x=[1e-10]", "float64", "unstable", _spence_slopes([1e-10])),
    Case(J, "kummer_sum", "x=[0.7,5,-3]", "float64", "ok", _kummer_slopes([0.7, 5, -3])),
    Case(J, "sine_integral_sum", "x=[0.7,20]", "float64", "ok", _si_slopes([0.7, 20])),
    # JAX's sici joins a series to an asymptotic form at 4: Si is smooth there
    Case(J, "sine_integral_sum", "x=[4]", "float64", "ok", _si_slopes([4])),
    # the backward ignores its cotangent g: right when g is 1, wrong under a square
    Case(J, "root_sum", "x=[4,9]", "float64", "ok", hp(lambda: {"x": [mp(1) / 4, mp(1) / 6]})),
    Case(J, "root_energy", "x=[4,9]", "float64", "wrong", hp(lambda: {"x": [mp(1), mp(1)]}),
         "def _root_bwd"),
]

NUMPY = [
    Case(N, "smoothed_ce", "z=[1000,0,-1000]", "float64", "ok", _smoothed_ce_slopes([1000, 0, -1000])),
    Case(N, "smoothed_ce_naive", "z=[1000,0,-1000]", "float64", "unstable", _smoothed_ce_slopes([1000, 0, -1000])),
    Case(N, "smoothed_ce_naive", "z=[100,0,-100]", "float32", "unstable",
         _smoothed_ce_slopes([100, 0, -100], "float32")),
    Case(N, "smoothed_ce_naive", "z=[2,-1,0.5]", "float64", "ok", _smoothed_ce_slopes([2, -1, 0.5])),
    # (x - 1)^5 expanded: its slope 5e-16 at 1.0001 is below the rounding of terms of size 10
    Case(N, "quintic", "x=[1.0001]", "float64", "unstable", _quintic_slopes([1.0001])),
    Case(N, "quintic", "x=[3]", "float64", "ok", _quintic_slopes([3])),
    Case(N, "pade_exp", "x=[0.5,-2]", "float64", "ok", num_grad(_pade, x=[0.5, -2])),
    # 1 - x/3 = 0 exactly: the pole
    Case(N, "pade_exp", "x=[3]", "float64", "domain", hp(lambda: {"x": [NAN]})),
    # one float below the pole: 1 - fl(x/3) is 1.1e-16 where 1 - x/3 is 1.5e-16
    Case(N, "pade_exp", "x=[2.9999999999999996]", "float64", "unstable", num_grad(_pade, x=[2.9999999999999996])),
    Case(N, "pade_exp_scaled", "x=[2.9999999999999996]", "float64", "ok", num_grad(_pade, x=[2.9999999999999996])),
    Case(N, "plackett_luce_nll", "s=[800,-800,3]", "float64", "ok", num_grad(_plackett_luce, s=[800, -800, 3])),
    # the untaken branch's slope at 0 is inf - inf: where's 0 times it leaks NaN
    Case(N, "langevin", "x=[0,2]", "float64", "wrong", _langevin_slopes([0, 2])),
    Case(N, "langevin", "x=[1e-5,2]", "float64", "ok", _langevin_slopes([1e-5, 2])),
    Case(N, "truncnorm_log_z", "a=8,b=9", "float64", "ok", num_grad(_truncnorm_log_z, a=8, b=9)),
    # the correlation does not see the scale; sum(xc * xc) = 2e600 does
    Case(N, "fisher_z", "x=[1e300,2e300,3e300],y=[2,1,4]", "float64", "unstable",
         num_grad(_fisher_z, x=[1e300, 2e300, 3e300], y=[2, 1, 4])),
    Case(N, "geometric_mean", "x=[5e-324,1,1]", "float64", "ok", _geometric_slopes([5e-324, 1, 1])),
    # the median is b (0.3 < 0.4 < 0.7, no tie): slopes 0 and 1
    Case(N, "robust_centre", "a=0.7,b=0.4", "float64", "ok", hp(lambda: {"a": mp(0), "b": mp(1)})),
    Case(N, "geometric_mean_naive", "x=[1e200,1e200,1e-100]", "float64", "unstable",
         _geometric_slopes([1e200, 1e200, 1e-100], _f(1.0 / 3))),
    Case(N, "geometric_mean", "x=[1e200,1e200,1e-100]", "float64", "ok", _geometric_slopes([1e200, 1e200, 1e-100])),
    # the mean of x^p is 1 + 7e-10: the power 1e9 multiplies its rounding by 1e9
    Case(N, "power_mean", "x=[1,2,4]", "float64", "unstable", num_grad(_power_mean, x=[1, 2, 4])),
    Case(N, "fisher_z", "x=[1,2,3],y=[2,1,4]", "float64", "ok", num_grad(_fisher_z, x=[1, 2, 3], y=[2, 1, 4])),
    # r = 1 - 1e-12: arctanh's slope 1/(1 - r^2) from three digits
    Case(N, "fisher_z", "x=[1,2,3],y=[2,4,6.00001]", "float64", "unstable",
         num_grad(_fisher_z, x=[1, 2, 3], y=[2, 4, 6.00001])),
    Case(N, "betabinom_logpmf", "a=2.5,b=1.5", "float64", "ok", _betabinom_slopes(2.5, 1.5)),
    # digamma(1e8 + 2) - digamma(1e8): 18.4 - 18.4 leaves 2e-8
    Case(N, "betabinom_logpmf", "a=1e8,b=1e8", "float64", "unstable", _betabinom_slopes(1e8, 1e8)),
    Case(N, "betabinom_logpmf_products", "a=1e8,b=1e8", "float64", "ok", _betabinom_slopes(1e8, 1e8)),
    # I_1.5(1000) = 1e432 overflows
    Case(N, "vmf_log_norm_iv", "kappa=1000", "float64", "unstable", _vmf5_slope(1000)),
    Case(N, "vmf_log_norm", "kappa=1000", "float64", "ok", _vmf5_slope(1000)),
    Case(N, "vmf_log_norm_iv", "kappa=2", "float64", "ok", _vmf5_slope(2)),
    # |x|^(2/3): slope (2/3) sign(x) |x|^(-1/3)
    Case(N, "cube_root_loss", "x=[-8,0.5]", "float64", "ok",
         hp(lambda: {"x": [-mp(1) / 3, mp(2) / 3 * mp(0.5) ** (-mp(1) / 3)]})),
    Case(N, "cube_root_loss", "x=[0,1]", "float64", "domain", hp(lambda: {"x": [NAN, mp(2) / 3]})),
    # x ** (1/3) has no real value at -8: the sum is undefined there, so no partial of it exists, x[1]'s included
    # x[0]'s real cube root of -8 is NaN; x[1] never meets it and keeps (2/3) x^(-1/3), the 2/3 as 2 (1.0 / 3.0) holds it
    Case(N, "cube_root_power", "x=[-8,1]", "float64", "domain", hp(lambda: {"x": [NAN, 2 * mp(1.0 / 3.0)]})),
    # at 1 the slope is 2 e with e the float 1/3
    Case(N, "cube_root_power", "x=[8,1]", "float64", "ok",
         hp(lambda: {"x": [2 * _f(1.0 / 3.0) * mp(8) ** (2 * _f(1.0 / 3.0) - 1), 2 * _f(1.0 / 3.0)]})),
    Case(N, "kahan_energy", "x=[1e8,1,-1e-8,3]", "float64", "ok",
         hp(lambda: {"x": [2 * _f(v) for v in (1e8, 1, -1e-8, 3)]})),
    # f = w.x / |x_0|: slopes w_i / 3 and, for x_0, 1/3 - 2/9
    Case(N, "max_abs_score", "x=[3,-2,1]", "float64", "ok",
         hp(lambda: {"x": [mp(1) / 9, mp(2) / 3, mp(1)]})),
    # |x_0| = |x_1| = 2: the max switches in both; x_2's slope is w_2 / 2
    Case(N, "max_abs_score", "x=[2,-2,1]", "float64", "domain", hp(lambda: {"x": [NAN, NAN, mp(3) / 2]})),
    Case(N, "giou_loss", "a=[0,0,2,2],b=[1,1,3,4]", "float64", "ok",
         num_grad(_giou, a=[0, 0, 2, 2], b=[1, 1, 3, 4])),
    Case(N, "giou_loss", "a=[0,0,2,2],b=[2,0.5,3,1.5]", "float64", "domain", _giou_touching()),
]

ALL = JAX + NUMPY
