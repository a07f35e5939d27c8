"""The twenty-second trial set (second half): in JAX, a warmup-then-cosine learning-rate schedule, Rodrigues' rotation
(naive and by the double where), a linear recurrence by lax.associative_scan, a median and a pinball loss, relu6 and
squareplus, an RBF MMD, a Gaussian process's marginal likelihood by Cholesky with jitter, RK4 on the Lorenz system in
lax.fori_loop, a GARCH filter by lax.scan, matrix powers and expm, jnp.std standardisation, the generalised normal and
the negative binomial (by gammaln, at a dispersion of 1e12), a zero-inflated Poisson, the von Mises-Fisher normaliser,
cosine similarity and a triplet loss, jnp.cbrt, jnp.logaddexp2, exp1 and log(1 - exp(-x)); in plain NumPy and SciPy,
log-mean-exp, log_softmax, softplus by logaddexp, arctan2 at the origin and on its branch cut, a windowed-sinc filter,
Owen's T, Lambert's W at 0, the Voigt profile, CES utility near rho = 0, log-logistic survival, a trimmed mean at a tie,
total variation, kron, matrix_power, a sample standard deviation, cbrt and Wright's Bessel function.

Truths are the mathematics written here in mpmath (closed forms, or mpmath.diff at 2,000 digits through
`num_grad`), never the user files' code; points are the numbers the dtype holds, constants the float64 numbers the
program writes. A coordinate with no derivative is written NaN by hand.
"""

import math

import mpmath
import numpy as np

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp
from cases12a import _f, num_grad

J, N = "jax_lib22b.py", "numpy_lib22b.py"
PI = _f(math.pi)


def _at(name, values):
    return f"{name}={values}".replace(" ", "")


def _sig(x):
    return 1 / (1 + mpmath.exp(-x))


def _each(name, derivative, xs, dtype="float64"):
    return hp(lambda: {name: [derivative(v) for v in _in(dtype, xs)]})


# --- the mathematics of the JAX file ----------------------------------------------------------------------------------


def _cosine_lr_slope(step):
    def truth():
        peak, s = _f(1e-3), _f(step)
        if s < 100:
            return {"step": peak / 100}
        return {"step": -peak / 2 * mpmath.sin(PI * (s - 100) / 900) * PI / 900}
    return hp(truth)


V3, C3 = [1, 2, mp("-0.5")], [mp("0.3"), -1, 2]


def _rotation(w, dtype="float64"):
    """c . R(w) v by the rotation matrix exp([w]x), summed as its series (independent of Rodrigues' closed form); the
    program's constant vectors as the dtype holds them."""
    v, c = _in(dtype, [float(x) for x in V3]), _in(dtype, [float(x) for x in C3])
    skew = mpmath.matrix([[0, -w[2], w[1]], [w[2], 0, -w[0]], [-w[1], w[0], 0]])
    r = mpmath.expm(skew)
    out = r * mpmath.matrix(v)
    return sum(ci * out[i] for i, ci in enumerate(c))


def _rotation_at_zero():
    """d/dw c . (v + w x v) = v x c."""
    def truth():
        v, c = [_f(x) for x in V3], [_f(x) for x in C3]
        return {"w": [v[1] * c[2] - v[2] * c[1], v[2] * c[0] - v[0] * c[2], v[0] * c[1] - v[1] * c[0]]}
    return hp(truth)


def _cosine_slopes(x, dtype="float64"):
    """d/dx x.y / (|x||y|) = y / (|x||y|) - (x.y) x / (|x|^3 |y|)."""
    def truth():
        xs, y = _in(dtype, x), [1, -2, 2]
        nx, ny = mpmath.sqrt(sum(v * v for v in xs)), 3
        d = sum(a * b for a, b in zip(xs, y))
        return {"x": [b / (nx * ny) - d * a / (nx ** 3 * ny) for a, b in zip(xs, y)]}
    return hp(truth)


def _triplet_slopes(a):
    def truth():
        x = _in("float64", a)
        dp = mpmath.sqrt((x[0] - 1) ** 2 + x[1] ** 2)
        dn = mpmath.sqrt(x[0] ** 2 + (x[1] - 1) ** 2)
        if dp - dn + 1 < 0:
            return {"anchor": [mp(0), mp(0)]}
        return {"anchor": [(x[0] - 1) / dp - x[0] / dn, x[1] / dp - (x[1] - 1) / dn]}
    return hp(truth)


REWARDS = [1, mp("-0.5"), 2, mp("0.25"), 3]


def _ema_total(gamma):
    """sum_t h_t, h_t = sum_(s <= t) gamma^(t - s) r_s."""
    return sum(gamma ** (t - s) * REWARDS[s] for t in range(5) for s in range(t + 1))


GP_X, GP_Y = [0, mp("0.7"), mp("1.5"), 3], [mp("0.2"), mp("-0.4"), mp("0.9"), mp("0.1")]


def _gp_nll(log_lengthscale):
    """y' K^-1 y / 2 + log det K / 2 (the constant dropped), K the RBF kernel plus the float 1e-6 on its diagonal."""
    ell = mpmath.exp(log_lengthscale)
    xs, ys = [_f(v) for v in GP_X], [_f(v) for v in GP_Y]
    k = mpmath.matrix(4, 4)
    for i in range(4):
        for j in range(4):
            k[i, j] = mpmath.exp(-((xs[i] - xs[j]) / ell) ** 2 / 2) + (_f(1e-6) if i == j else 0)
    alpha = mpmath.lu_solve(k, mpmath.matrix(ys))
    return sum(a * b for a, b in zip(alpha, ys)) / 2 + mpmath.log(mpmath.det(k)) / 2


def _lorenz(sigma):
    """20 classical RK4 steps of h = 0.01 (h / 6 the float the program writes) from (1, 1, 1)."""
    rho, beta, h = _f(28.0), _f(8.0 / 3.0), _f(0.01)
    sixth = _f(0.01 / 6)

    def f(s):
        x, y, z = s
        return [sigma * (y - x), x * (rho - z) - y, x * y - beta * z]

    def add(s, t, c):
        return [a + c * b for a, b in zip(s, t)]
    s = [mp(1)] * 3
    for _ in range(20):
        k1 = f(s)
        k2 = f(add(s, k1, h / 2))
        k3 = f(add(s, k2, h / 2))
        k4 = f(add(s, k3, h))
        s = [a + sixth * (b + 2 * c + 2 * d + e) for a, b, c, d, e in zip(s, k1, k2, k3, k4)]
    return s[0]


RETURNS = [0.01, -0.02, 0.015, -0.005, 0.03]


def _garch(params):
    omega, alpha, beta = params
    rs = [_f(r) for r in RETURNS]
    mean = sum(rs) / len(rs)
    var = sum((r - mean) ** 2 for r in rs) / len(rs)
    total = mp(0)
    for r in rs:
        total += (mpmath.log(var) + r * r / var) / 2  # log(2 pi) / 2 per term: a constant
        var = omega + alpha * r * r + beta * var
    return total


def _matrix(a):
    return mpmath.matrix([[_f(v) for v in row] for row in a])


def _power_trace_slopes(a):
    """d tr(A^5) / dA = 5 (A^4)'."""
    def truth():
        m = _matrix(a)
        g = 5 * (m ** 4).T
        return {"a": [[g[i, j] for j in range(2)] for i in range(2)]}
    return hp(truth)


def _expm_trace_slopes(a):
    """d tr(e^A) / dA = (e^A)'."""
    def truth():
        g = mpmath.expm(_matrix(a)).T
        return {"a": [[g[i, j] for j in range(2)] for i in range(2)]}
    return hp(truth)


def _standardized_slopes(x):
    """f = w.(x - m) / s, s^2 = mean (x - m)^2: df/dx_j = (w_j - mean w) / s - (w.(x - m)) (x_j - m) / (n s^3)."""
    def truth():
        xs, w = _in("float64", x), [1, 0, -1]
        n = len(xs)
        m = sum(xs) / n
        s = mpmath.sqrt(sum((v - m) ** 2 for v in xs) / n)
        wd = sum(a * (b - m) for a, b in zip(w, xs))
        return {"x": [wj / s - wd * (v - m) / (n * s ** 3) for wj, v in zip(w, xs)]}
    return hp(truth)


def _gennorm_slope(beta, psi_of_inverse):
    """-d/dbeta sum [log beta - log 2 - lgamma(1 / beta) - |x|^beta] = -sum [1/beta + psi(1/beta)/beta^2
    - |x|^beta log|x|] over the data 0, 0.5, -1.5 (0^beta log 0 is 0)."""
    def truth():
        b = mp(beta)
        out = mp(0)
        for x in [mp(0), mp("0.5"), mp("1.5")]:
            out -= 1 / b + psi_of_inverse() / b ** 2 - (x ** b * mpmath.log(x) if x else 0)
        return {"beta": out}
    return hp(truth)


def _negbin_slope(r):
    """-d/dr sum log NB(k; mean 2.5, r): psi(k + r) - psi(r) is the finite sum of 1 / (r + j), j < k."""
    def truth():
        rr, mu = _f(r), _f(2.5)
        out = mp(0)
        for k in [0, 3, 7]:
            out -= (sum(1 / (rr + j) for j in range(k)) + mpmath.log(rr / (rr + mu)) + mu / (rr + mu)
                    - k / (rr + mu))
        return {"r": out}
    return hp(truth)


def _zip_zero(params):
    a, b = params
    lam = mpmath.exp(b)
    return mpmath.log(_sig(a) + _sig(-a) * mpmath.exp(-lam))


def _vmf(kappa):
    """d/dk [log k - log sinh k] = 1/k - coth k."""
    return hp(lambda: {"kappa": [1 / k - mpmath.coth(k) for k in _in("float64", [kappa])][0]})


def _logaddexp2_slopes(x):
    def truth():
        a, b = _in("float64", x[0]), _in("float64", x[1])
        wa = [mpmath.power(2, u) / (mpmath.power(2, u) + mpmath.power(2, v)) for u, v in zip(a, b)]
        return {"x": [wa, [1 - w for w in wa]]}
    return hp(truth)


PLAIN = [[1, 800], [2, -800]]


def _inverse_square_slopes(a):
    """d tr(A^-2) / dA = -2 (A^-3)'."""
    def truth():
        g = -2 * (mpmath.inverse(_matrix(a)) ** 3).T
        return {"a": [[g[i, j] for j in range(2)] for i in range(2)]}
    return hp(truth)

JAX = [
    Case(J, "warmup_cosine_lr", "step=50", "float64", "ok", _cosine_lr_slope(50)),
    Case(J, "warmup_cosine_lr", "step=500", "float64", "ok", _cosine_lr_slope(500)),
    # the warmup's slope 1e-5 on the left, the cosine's 0 on the right
    Case(J, "warmup_cosine_lr", "step=100", "float64", "domain", hp(lambda: {"step": NAN})),
    Case(J, "rodrigues_naive", "w=[0.3,-0.2,0.5]", "float64", "ok", num_grad(_rotation, w=[0.3, -0.2, 0.5])),
    # |w|^2 = 1e-400 underflows: the axis w / 0 is inf and the rotation NaN, where it is smooth (slope v x c)
    Case(J, "rodrigues_naive", "w=[1e-200,0,0]", "float64", "unstable", num_grad(_rotation, w=[1e-200, 0, 0]),
         "theta = jnp.sqrt(jnp.sum(w * w))"),
    Case(J, "rodrigues_safe", "w=[0.3,-0.2,0.5]", "float64", "ok", num_grad(_rotation, w=[0.3, -0.2, 0.5])),
    Case(J, "rodrigues_safe", "w=[0.3,-0.2,0.5]", "float32", "ok",
         num_grad(lambda w: _rotation(w, "float32"), dtype="float32", w=[0.3, -0.2, 0.5])),
    Case(J, "rodrigues_safe", "w=[0,0,0]", "float64", "ok", _rotation_at_zero()),
    Case(J, "cosine_similarity", "x=[1,2,3]", "float64", "ok", _cosine_slopes([1, 2, 3])),
    Case(J, "cosine_similarity", "x=[0,0,0]", "float64", "domain", hp(lambda: {"x": [NAN] * 3})),
    # x.x underflows at 1e-200: 0 / 0 where the function is scale-free (slopes near 1e199)
    Case(J, "cosine_similarity", "x=[1e-200,2e-200,3e-200]", "float64", "unstable",
         _cosine_slopes([1e-200, 2e-200, 3e-200])),
    Case(J, "triplet_margin", "anchor=[0.5,0.2]", "float64", "ok", _triplet_slopes([0.5, 0.2])),
    # on the hinge: |a - p| = 0.25, |a - n| = 1.25 exactly
    Case(J, "triplet_margin", "anchor=[0.75,0]", "float64", "domain", hp(lambda: {"anchor": [NAN, NAN]})),
    # the anchor on the positive: the hinge is off (0 - sqrt 2 + 1 < 0), the loss 0 all around; the norm's slope
    # at 0 is NaN in JAX, and relu's 0 times NaN leaks it
    Case(J, "triplet_margin", "anchor=[1,0]", "float64", "wrong", _triplet_slopes([1, 0])),
    Case(J, "scanned_ema_total", "gamma=0.9", "float64", "ok", num_grad(_ema_total, gamma=0.9)),
    Case(J, "scanned_ema_total", "gamma=0.9", "float32", "ok", num_grad(_ema_total, dtype="float32", gamma=0.9)),
    # gamma = 0: the states are the rewards, the slope the sum of the rewards before each
    Case(J, "scanned_ema_total", "gamma=0", "float64", "ok", hp(lambda: {"gamma": sum(REWARDS[:4])})),
    Case(J, "median_loss", "x=[1,3,2]", "float64", "ok", hp(lambda: {"x": [mp(2), mp(0), mp(0)]})),
    # residuals [1, 1, 0]: the median is the smaller of the two tied ones
    Case(J, "median_loss", "x=[1,2,2]", "float64", "domain", hp(lambda: {"x": [NAN, NAN, mp(0)]})),
    Case(J, "pinball_loss", "pred=[0.5,3]", "float64", "ok", hp(lambda: {"pred": [-_f(0.9), -_f(0.9 - 1)]})),
    Case(J, "pinball_loss", "pred=[1,3]", "float64", "domain", hp(lambda: {"pred": [NAN, -_f(0.9 - 1)]})),
    Case(J, "relu6_sum", "x=[1,7]", "float64", "ok", hp(lambda: {"x": [mp(1), mp(0)]})),
    Case(J, "relu6_sum", "x=[6,1]", "float64", "domain", hp(lambda: {"x": [NAN, mp(2)]})),
    Case(J, "squareplus_sum", "x=[1,-800]", "float64", "ok",
         _each("x", lambda v: (1 + v / mpmath.sqrt(v * v + 4)) / 2, [1, -800])),
    # x + sqrt(x^2 + 4) at -1e8: -1e8 + 1e8 = 0 where it is 2e-8
    Case(J, "squareplus_sum", "x=[-1e8]", "float64", "unstable",
         _each("x", lambda v: (1 + v / mpmath.sqrt(v * v + 4)) / 2, [-1e8])),
    # float32's x^2 + 4 at -1e4 rounds to 1e8: -1e4 + 1e4 = 0 where it is 2e-4
    Case(J, "squareplus_sum", "x=[-1e4]", "float32", "unstable",
         _each("x", lambda v: (1 + v / mpmath.sqrt(v * v + 4)) / 2, [-1e4], "float32")),
    Case(J, "squareplus_sum", "x=[1,-3]", "float32", "ok",
         _each("x", lambda v: (1 + v / mpmath.sqrt(v * v + 4)) / 2, [1, -3], "float32")),
    Case(J, "mmd_rbf", "x=[0.1,1,-1]", "float64", "ok",
         num_grad(lambda x: _mmd(x), x=[0.1, 1, -1])),
    # the cross terms underflow (e^-1250), far below the x-x terms' e^-50 (at 50, 60, 70 the x-x terms of the
    # middle slope cancel, leaving only cross terms)
    Case(J, "mmd_rbf", "x=[50,60,75]", "float64", "ok", num_grad(lambda x: _mmd(x), x=[50, 60, 75])),
    Case(J, "gp_neg_log_marginal", "log_lengthscale=0", "float64", "ok", num_grad(_gp_nll, log_lengthscale=0)),
    Case(J, "gp_neg_log_marginal", "log_lengthscale=-3", "float64", "ok", num_grad(_gp_nll, log_lengthscale=-3)),
    Case(J, "lorenz_rk4", "sigma=10", "float64", "ok", num_grad(_lorenz, sigma=10)),
    Case(J, "garch_nll", "params=[1e-5,0.1,0.8]", "float64", "ok", num_grad(_garch, params=[1e-5, 0.1, 0.8])),
    Case(J, "power_trace", "a=[[1,2],[0.5,-0.3]]", "float64", "ok", _power_trace_slopes([[1, 2], [0.5, -0.3]])),
    Case(J, "expm_trace", "a=[[1,2],[0.5,-1]]", "float64", "ok", _expm_trace_slopes([[1, 2], [0.5, -1]])),
    Case(J, "expm_trace", "a=[[0,1],[-1,0]]", "float64", "ok", _expm_trace_slopes([[0, 1], [-1, 0]])),
    Case(J, "standardized_score", "x=[1,2,4]", "float64", "ok", _standardized_slopes([1, 2, 4])),
    Case(J, "standardized_score", "x=[2,2,2]", "float64", "domain", hp(lambda: {"x": [NAN] * 3})),
    # (x - mean)^2 underflows at 1e-200: std 0, the scale-free ratio 0 / 0
    Case(J, "standardized_score", "x=[1e-200,2e-200,4e-200]", "float64", "unstable",
         _standardized_slopes([1e-200, 2e-200, 4e-200])),
    # beta = 2: psi(1/2) = -euler - 2 log 2; a datum at 0 has |0|^beta log 0 = 0
    Case(J, "gennorm_nll", "beta=2", "float64", "ok",
         _gennorm_slope(2, lambda: -mpmath.euler - 2 * mpmath.log(2))),
    # beta = 0.5: psi(2) = 1 - euler
    Case(J, "gennorm_nll", "beta=0.5", "float64", "ok", _gennorm_slope("0.5", lambda: 1 - mpmath.euler)),
    Case(J, "negbin_nll", "r=5", "float64", "ok", _negbin_slope(5)),
    # lgamma(k + r) - lgamma(r) from numbers near 2.6e13, then log(r / (r + mu)) near -2.5e-12: the slope is 1e-24
    Case(J, "negbin_nll", "r=1e12", "float64", "unstable", _negbin_slope(1e12)),
    Case(J, "zip_zero_naive", "params=[0.3,0.5]", "float64", "ok", num_grad(_zip_zero, params=[0.3, 0.5])),
    # sigmoid(-800) underflows: the logit's slope, e^-652, is 0
    Case(J, "zip_zero_naive", "params=[-800,5]", "float64", "unstable", num_grad(_zip_zero, params=[-800, 5])),
    Case(J, "zip_zero", "params=[-800,5]", "float64", "ok", num_grad(_zip_zero, params=[-800, 5])),
    Case(J, "zip_zero", "params=[0.3,0.5]", "float32", "ok", num_grad(_zip_zero, dtype="float32", params=[0.3, 0.5])),
    Case(J, "vmf_log_norm_naive", "kappa=2", "float64", "ok", _vmf(2)),
    # sinh(800) overflows
    Case(J, "vmf_log_norm_naive", "kappa=800", "float64", "unstable", _vmf(800), "jnp.log(jnp.sinh(kappa))"),
    # 1/k - coth k: 1e20 - 1e20 where it is -k/3
    Case(J, "vmf_log_norm_naive", "kappa=1e-20", "float64", "unstable", _vmf(1e-20)),
    Case(J, "vmf_log_norm", "kappa=800", "float64", "ok", _vmf(800)),
    # exp(-2e-20) rounds to 1: log1p(-1) is -inf
    Case(J, "vmf_log_norm", "kappa=1e-20", "float64", "unstable", _vmf(1e-20)),
    Case(J, "cbrt_sum", "x=[8,-1,-1e-300]", "float64", "ok",
         _each("x", lambda v: abs(v) ** (mp(-2) / 3) / 3, [8, -1, -1e-300])),
    Case(J, "cbrt_sum", "x=[0]", "float64", "domain", hp(lambda: {"x": [NAN]})),
    Case(J, "logaddexp2_sum", _at("x", PLAIN), "float64", "ok", _logaddexp2_slopes(PLAIN)),
    Case(J, "logaddexp2_sum", _at("x", PLAIN), "float32", "ok", _logaddexp2_slopes(PLAIN)),
    Case(J, "exp1_sum", "x=[0.5,3]", "float64", "ok", _each("x", lambda v: -mpmath.exp(-v) / v, [0.5, 3])),
    # one point alone: on an array holding a small entry beside another, JAX's own exp1 (jnp.piecewise under vmap)
    # runs its x > 1 continued fraction there, a while_loop that does not end (jax 0.10.2)
    Case(J, "exp1_sum", "x=[1e-300]", "float64", "ok", _each("x", lambda v: -mpmath.exp(-v) / v, [1e-300])),
    Case(J, "exp1_sum", "x=[0]", "float64", "domain", hp(lambda: {"x": [NAN]})),
    # logpdf + logcdf + logsf = -x - 2 log(1 + e^-x) + log sigmoid(x) + log sigmoid(-x): slope 2 - 4 sigmoid(x)
    Case(J, "logistic_log_terms", "x=[-3,0.5,3]", "float64", "ok", _each("x", lambda v: 2 - 4 * _sig(v), [-3, 0.5, 3])),
    Case(J, "logistic_log_terms", "x=[-3,0.5,3]", "float32", "ok",
         _each("x", lambda v: 2 - 4 * _sig(v), [-3, 0.5, 3], "float32")),
    # the cdf at -800 (the sf at 800) underflows to 0: log 0
    Case(J, "logistic_log_terms", "x=[-800,0.5,800]", "float64", "unstable",
         _each("x", lambda v: 2 - 4 * _sig(v), [-800, 0.5, 800]), "logpdf(x) + jnp.log(stats.logistic.cdf(x))",
         fix="log_sigmoid(-x)"),
    # stats.logistic.cdf is the sigmoid: at -800 it underflows, log 0
    Case(J, "logistic_log_cdf", "x=[-800,1]", "float64", "unstable", _each("x", lambda v: _sig(-v), [-800, 1]),
         "return jnp.sum(jnp.log(stats.logistic.cdf(x)))", fix="log_sigmoid"),
    # the pieces meet with equal slopes at -1 and 1 (0 and 1): the function is C^1 there, no kink
    Case(J, "sparse_plus_sum", "x=[1,-1,0.5]", "float64", "ok",
         hp(lambda: {"x": [mp(1), mp(0), mp("0.75")]})),
    # its derivative, sparse_sigmoid, has slope 1/2 inside and 0 outside: kinks at -1 and 1
    Case(J, "sparse_sigmoid_sum", "x=[1,-1,0.5]", "float64", "domain", hp(lambda: {"x": [NAN, NAN, mp("0.5")]})),
    # x relu6(x + 3) / 6: slope (2x + 3) / 6 inside, 1 above 3 and 0 below -3; at 3 it jumps from 1.5 to 1, at -3
    # from 0 to -0.5
    Case(J, "hard_swish_sum", "x=[1]", "float64", "ok", hp(lambda: {"x": [mp(5) / 6]})),
    Case(J, "hard_swish_sum", "x=[3,-3]", "float64", "domain", hp(lambda: {"x": [NAN, NAN]})),
    Case(J, "matrix_inverse_square_trace", "a=[[2,1],[0.5,3]]", "float64", "ok",
         _inverse_square_slopes([[2, 1], [0.5, 3]])),
    Case(J, "log1mexp_naive", "x=[0.5]", "float64", "ok", _each("x", lambda v: 1 / mpmath.expm1(v), [0.5])),
    # 1 - e^-40 rounds to 1: the value 0 where it is -4.2e-18
    Case(J, "log1mexp_naive", "x=[40]", "float64", "unstable", _each("x", lambda v: 1 / mpmath.expm1(v), [40]),
         "jnp.log(1 - jnp.exp(-x))", fix="log1p|expm1"),
    # 1 - e^-1e-20 rounds to 0: log 0
    Case(J, "log1mexp_naive", "x=[1e-20]", "float64", "unstable", _each("x", lambda v: 1 / mpmath.expm1(v), [1e-20])),
]


def _mmd(x):
    y = [mp(0), mp("0.5"), mp(2)]

    def k(a, b):
        return sum(mpmath.exp(-(u - v) ** 2 / 2) for u in a for v in b) / (len(a) * len(b))
    return k(x, x) + k(y, y) - 2 * k(x, y)


# --- the mathematics of the NumPy file --------------------------------------------------------------------------------


def _softmax_slopes(x):
    def truth():
        xs = _in("float64", x)
        top = max(xs)
        e = [mpmath.exp(v - top) for v in xs]
        return {"x": [v / sum(e) for v in e]}
    return hp(truth)


def _sample_std_slopes(x):
    def truth():
        xs = _in("float64", x)
        n = len(xs)
        m = sum(xs) / n
        s = mpmath.sqrt(sum((v - m) ** 2 for v in xs) / (n - 1))
        return {"x": [(v - m) / ((n - 1) * s) for v in xs]}
    return hp(truth)


def _bearing_slopes(p):
    def truth():
        x, y = _in("float64", p)
        r2 = x * x + y * y
        return {"p": [-y / r2, x / r2]}
    return hp(truth)


HAMMING = [float(v) for v in np.hamming(9)]  # the window's floats, as the program's constants
SIGNAL = [0.5, -1.0, 2.0, 0.25, 1.0, -0.5, 0.75, 1.5, -2.0]


def _lowpass(cutoff):
    return sum(2 * cutoff * mpmath.sincpi(2 * cutoff * (n - 4)) * _f(w) * _f(s)
               for n, (w, s) in enumerate(zip(HAMMING, SIGNAL)))


def _power_energy_slopes(a):
    """d 1'A^4 1 / dA = sum_k (A^k)' 1 1' (A^(3-k))'."""
    def truth():
        m = _matrix(a)
        ones = mpmath.matrix([[1, 1], [1, 1]])
        g = sum(((m ** k).T * ones * (m ** (3 - k)).T for k in range(4)), mpmath.zeros(2, 2))
        return {"a": [[g[i, j] for j in range(2)] for i in range(2)]}
    return hp(truth)


def _owens_t_slope(h):
    """dT(h, a)/dh = -phi(h) erf(a h / sqrt 2) / 2."""
    return -mpmath.npdf(h) * mpmath.erf(mp("0.5") * h / mpmath.sqrt(2)) / 2


def _lambertw_slope(x):
    """W'(x) = W / (x (1 + W)); 1 at 0, W's series x - x^2 + ..."""
    if x == 0:
        return mp(1)
    w = mpmath.lambertw(x).real
    return w / (x * (1 + w))


def _voigt(x):
    """The Voigt profile, sigma 1 and gamma 0.5: Re w(z) / (sigma sqrt(2 pi)), z = (x + i gamma) / (sigma sqrt 2),
    w the Faddeeva function exp(-z^2) erfc(-i z)."""
    z = (x + mpmath.mpc(0, "0.5")) / mpmath.sqrt(2)
    return (mpmath.exp(-z * z) * mpmath.erfc(-1j * z)).real / mpmath.sqrt(2 * mpmath.pi)


def _wright_slope(x):
    """d/dx Phi(a, b; x) = Phi(a, a + b; x), Phi(a, b; x) = sum x^k / (k! Gamma(a k + b)); here a = 1/2, b = 1, the
    Gammas at 3/2, 2, 5/2, ... by their recurrence."""
    gammas = [mpmath.sqrt(mpmath.pi) / 2, mp(1)]
    total, term_scale, k = mp(0), mp(1), 0
    while True:
        if k >= 2:
            gammas.append((mp(k) / 2 + mp(1) / 2) * gammas[k - 2])
        term = x ** k / (term_scale * gammas[k])
        total += term
        if k > 10 and abs(term) < mpmath.mpf(10) ** (-mpmath.mp.dps - 20):
            return total
        k += 1
        term_scale *= k


def _ces(rho):
    a, x = [_f(0.2), _f(0.3), _f(0.5)], [2, mp("0.5"), 3]
    return sum(ai * xi ** rho for ai, xi in zip(a, x)) ** (1 / rho)


TIMES, EVENTS = [0.5, 1.2, 3.0, 2.0, 4.5], [1, 1, 1, 0, 0]


def _loglogistic(params):
    alpha, beta = mpmath.exp(params[0]), mpmath.exp(params[1])
    total = mp(0)
    for t, e in zip(TIMES, EVENTS):
        t = _f(t)
        z = (t / alpha) ** beta
        log_hazard = mpmath.log(beta / alpha) + (beta - 1) * mpmath.log(t / alpha) - mpmath.log1p(z)
        total -= e * log_hazard - mpmath.log1p(z)
    return total


NUMPY = [
    Case(N, "log_mean_exp_naive", "x=[1,2]", "float64", "ok", _softmax_slopes([1, 2])),
    # e^-800 underflows: log 0
    Case(N, "log_mean_exp_naive", "x=[-800,-801]", "float64", "unstable", _softmax_slopes([-800, -801]),
         "np.log(np.mean(np.exp(x)))", fix="logsumexp"),
    Case(N, "log_mean_exp", "x=[-800,-801]", "float64", "ok", _softmax_slopes([-800, -801])),
    Case(N, "log_softmax_pick", "x=[800,0,1]", "float64", "ok",
         hp(lambda: {"x": [(1 if i == 1 else 0) - s for i, s in enumerate(_softmax_slopes([800, 0, 1])()["x"])]})),
    Case(N, "softplus_sum", "x=[800,-800,0.5]", "float64", "ok", _each("x", _sig, [800, -800, 0.5])),
    Case(N, "softplus_sum", "x=[80,-80,0.3]", "float32", "ok", _each("x", _sig, [80, -80, 0.3], "float32")),
    Case(N, "trimmed_mean", "x=[1,2,2,5,9]", "float64", "ok",
         hp(lambda: {"x": [mp(0), 1 / mp(3), 1 / mp(3), 1 / mp(3), mp(0)]})),
    # the tie straddles the trimmed edge: either 1 may be the one dropped
    Case(N, "trimmed_mean", "x=[1,1,3,5,9]", "float64", "domain",
         hp(lambda: {"x": [NAN, NAN, 1 / mp(3), 1 / mp(3), mp(0)]})),
    Case(N, "total_variation", "x=[1,3,2]", "float64", "ok", hp(lambda: {"x": [mp(-1), mp(2), mp(-1)]})),
    Case(N, "total_variation", "x=[1,1,2]", "float64", "domain", hp(lambda: {"x": [NAN, NAN, mp(1)]})),
    Case(N, "sample_std", "x=[1,2,4]", "float64", "ok", _sample_std_slopes([1, 2, 4])),
    Case(N, "sample_std", "x=[3,3,3]", "float64", "domain", hp(lambda: {"x": [NAN] * 3})),
    Case(N, "bearing", "p=[1,1]", "float64", "ok", _bearing_slopes([1, 1])),
    Case(N, "bearing", "p=[0,0]", "float64", "domain", hp(lambda: {"p": [NAN, NAN]})),
    # on the branch cut: pi above, -pi below; along x the angle stays pi
    Case(N, "bearing", "p=[-1,0]", "float64", "domain", hp(lambda: {"p": [mp(0), NAN]})),
    # x^2 + y^2 underflows at 1e-200, but the angle's slopes (5e199) are representable
    Case(N, "bearing", "p=[1e-200,1e-200]", "float64", "ok", _bearing_slopes([1e-200, 1e-200])),
    Case(N, "lowpass_response", "cutoff=0.2", "float64", "ok", num_grad(_lowpass, cutoff=0.2)),
    Case(N, "lowpass_response", "cutoff=0.25", "float64", "ok", num_grad(_lowpass, cutoff=0.25)),
    # 2 log sigmoid(x) + 2 log sigmoid(-x): slope 2 sigmoid(-x) - 2 sigmoid(x)
    Case(N, "logistic_log_terms", "x=[-800,0.5,800]", "float64", "ok",
         _each("x", lambda v: 2 * _sig(-v) - 2 * _sig(v), [-800, 0.5, 800])),
    Case(N, "inverse_square_trace", "a=[[2,1],[0.5,3]]", "float64", "ok", _inverse_square_slopes([[2, 1], [0.5, 3]])),
    Case(N, "kron_energy", "x=[1,2]", "float64", "ok", hp(lambda: {"x": [mp("6.5"), mp(13)]})),
    Case(N, "power_energy", "a=[[1,2],[0.5,-0.3]]", "float64", "ok", _power_energy_slopes([[1, 2], [0.5, -0.3]])),
    Case(N, "owens_t_sum", "h=[0.5,2,0]", "float64", "ok", _each("h", _owens_t_slope, [0.5, 2, 0])),
    Case(N, "lambert_w", "x=[1,1e300]", "float64", "ok", _each("x", _lambertw_slope, [1, 1e300])),
    # W / (x (1 + W)) is 0 / 0 at 0, where the slope is 1
    Case(N, "lambert_w", "x=[0]", "float64", "ok", _each("x", _lambertw_slope, [0])),
    Case(N, "voigt_sum", "x=[1.5,-0.5]", "float64", "ok",
         num_grad(lambda x: sum(_voigt(v) for v in x), x=[1.5, -0.5])),
    # the profile is even: its slope at the centre is exactly 0
    Case(N, "voigt_sum", "x=[0]", "float64", "ok", hp(lambda: {"x": [mp(0)]})),
    Case(N, "exp1_sum", "x=[0.5,700]", "float64", "ok", _each("x", lambda v: -mpmath.exp(-v) / v, [0.5, 700])),
    Case(N, "cbrt_sum", "x=[-8]", "float64", "ok", hp(lambda: {"x": [1 / mp(12)]})),
    Case(N, "cbrt_sum", "x=[0]", "float64", "domain", hp(lambda: {"x": [NAN]})),
    Case(N, "wright_sum", "x=[1,0.5]", "float64", "ok", _each("x", _wright_slope, [1, 0.5])),
    # SciPy's Wright Bessel function is NaN left of 0 (its series converges there, but SciPy answers for x >= 0), and
    # so is the sum, in each coordinate
    # SciPy's wright_bessel is NaN at x < 0 (its domain); x[0] never meets that NaN and keeps Phi(1/2, 3/2; 1)
    Case(N, "wright_sum", "x=[1,-0.5]", "float64", "domain", hp(lambda: {"x": [_wright_slope(mp(1)), NAN]})),
    Case(N, "ces_utility", "rho=0.5", "float64", "ok", num_grad(_ces, rho=0.5)),
    Case(N, "ces_utility", "rho=-0.5", "float64", "ok", num_grad(_ces, rho=-0.5)),
    # sum a x^rho = 1 + 1e-12 c keeps 4 digits of c, and the power 1e12 spreads the loss over the whole value
    Case(N, "ces_utility", "rho=1e-12", "float64", "unstable", num_grad(_ces, rho=1e-12)),
    Case(N, "loglogistic_nll", "params=[0.3,0.2]", "float64", "ok", num_grad(_loglogistic, params=[0.3, 0.2])),
    # beta = e^-800 underflows to 0: log(beta / alpha) is -inf where it is -800.3
    Case(N, "loglogistic_nll", "params=[0.3,-800]", "float64", "unstable",
         num_grad(_loglogistic, params=[0.3, -800])),
]

ALL = JAX + NUMPY
