"""The fourteenth trial set (first half): statistics and machine-learning objectives as libraries write them, in JAX
and in plain NumPy and SciPy. Log-domain Sinkhorn at small epsilon, a Gaussian-process marginal likelihood by
Cholesky with jitter (a tiny lengthscale makes every off-diagonal kernel entry underflow), a VAE's KL and ELBO at
extreme log-variances, InfoNCE at temperature 0.01, focal loss where p -> 1, Wasserstein and energy distances by
sorting, quantiles, median / MAD and trimmed means, a log-barrier next to its boundary, an implicit function by a
Newton while_loop under a custom_jvp, a safe norm by custom_jvp, logsumexp with negative weights, gammaln, digamma,
betainc and xlog1py, einsum, slogdet near singularity, clip, nan_to_num under errstate and in-place updates.

Truths are the mathematics written here in mpmath, differentiated by mpmath.diff at 2,000 digits or in closed form,
never the user files' code; points are the numbers the dtype holds, constants the float64 numbers the program
writes. A coordinate with no derivative is written NaN by hand.
"""

import mpmath

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp
from cases12a import _f, num_grad

J, N = "jax_lib14a.py", "numpy_lib14a.py"


# --- the mathematics, written here -----------------------------------------------------------------------------------

def _lse(values):
    top = max(values)
    return top + mpmath.log(sum(mpmath.exp(v - top) for v in values))


def _sinkhorn(shift, eps):
    xs = [mp(0), _f(0.5), mp(1)]
    ys = [_f(0.2) + shift, _f(0.7) + shift, _f(1.1) + shift]
    cost = [[(a - b) ** 2 for b in ys] for a in xs]
    log_w = mpmath.log(mp(1) / 3)
    f, g = [mp(0)] * 3, [mp(0)] * 3
    for _ in range(20):
        f = [-eps * _lse([(g[j] - cost[i][j]) / eps + log_w for j in range(3)]) for i in range(3)]
        g = [-eps * _lse([(f[i] - cost[i][j]) / eps + log_w for i in range(3)]) for j in range(3)]
    return sum(mpmath.exp((f[i] + g[j] - cost[i][j]) / eps + 2 * log_w) * cost[i][j]
               for i in range(3) for j in range(3))


GP_X = (0.0, 0.3, 0.9, 2.0)
GP_Y = (0.5, -0.2, 1.0, 0.3)


def _gp_kernel(log_ls, log_noise):
    ls2 = mpmath.exp(2 * log_ls)
    diag = mpmath.exp(log_noise) + _f(1e-6)
    k = mpmath.matrix(4, 4)
    slope = mpmath.matrix(4, 4)  # d k / d log_ls
    for i in range(4):
        for j in range(4):
            d2 = (_f(GP_X[i]) - _f(GP_X[j])) ** 2
            k[i, j] = mpmath.exp(-d2 / (2 * ls2)) + (diag if i == j else 0)
            slope[i, j] = mpmath.exp(-d2 / (2 * ls2)) * d2 / ls2
    return k, slope


def _gp_nll(log_ls, log_noise):
    k, _ = _gp_kernel(log_ls, log_noise)
    y = mpmath.matrix([_f(v) for v in GP_Y])
    alpha = mpmath.lu_solve(k, y)
    return (y.T * alpha)[0] / 2 + mpmath.log(mpmath.det(k)) / 2 + 2 * mpmath.log(2 * mpmath.pi)


def _gp_slopes(log_ls, log_noise):
    """d nll = tr(K^-1 dK)/2 - alpha^T dK alpha / 2 in closed form: the lengthscale's slope is made of the
    off-diagonal entries alone (each e^-7000 or smaller at log_ls = -6), so no difference quotient can see it."""
    def truth():
        k, slope = _gp_kernel(mp(log_ls), mp(log_noise))
        y = mpmath.matrix([_f(v) for v in GP_Y])
        inverse = mpmath.inverse(k)
        alpha = inverse * y
        noise = mpmath.exp(mp(log_noise))

        def along(dk):
            trace = sum(inverse[i, j] * dk[j, i] for i in range(4) for j in range(4))
            return trace / 2 - (alpha.T * dk * alpha)[0] / 2
        return {"log_ls": along(slope), "log_noise": along(noise * mpmath.eye(4))}
    return hp(truth)


def _vae_kl_slopes(mu, logvar):
    return hp(lambda: {"mu": [_f(m) for m in mu], "logvar": [(mpmath.exp(_f(v)) - 1) / 2 for v in logvar]})


def _log_sigmoid(u):
    return -mpmath.log1p(mpmath.exp(-u))


def _vae_elbo(mu, logvar):
    eps, x = (_f(0.3), _f(-1.2)), (1, 0)
    total = mp(0)
    for m, v, e, t in zip(mu, logvar, eps, x):
        logit = 2 * (m + mpmath.exp(v / 2) * e) - _f(0.5)
        total -= _log_sigmoid(logit) if t else _log_sigmoid(-logit)
        total -= (1 + v - m * m - mpmath.exp(v)) / 2
    return total


def _info_nce(za, zb):
    def unit(row):
        n = mpmath.sqrt(sum(v * v for v in row))
        return [v / n for v in row]
    a, b = [unit(r) for r in za], [unit(r) for r in zb]
    logits = [[sum(p * q for p, q in zip(a[i], b[j])) / _f(0.01) for j in range(3)] for i in range(3)]
    return -sum(logits[i][i] - _lse(logits[i]) for i in range(3)) / 3


ZA = [[1.0, 0.2], [0.1, 1.0], [-1.0, 0.3]]
ZB = [[0.9, 0.1], [0.3, 1.0], [-1.0, -0.2]]


def _focal(z, gamma=mp(0.5)):
    p = 1 / (1 + mpmath.exp(-z))
    return -mpmath.power(1 / (1 + mpmath.exp(z)), gamma) * mpmath.log(p)


def _wasserstein(x, y):
    return sum(abs(a - b) for a, b in zip(sorted(x), sorted(y))) / len(x)


def _energy(x, y):
    def gap(a, b):
        return sum(abs(p - q) for p in a for q in b) / (len(a) * len(b))
    return 2 * gap(x, y) - gap(x, x) - gap(y, y)


def _sorted_energy(x, y):
    both = sorted(list(x) + list(y))
    return _wasserstein(x, y) + _f(0.1) * (both[-1] - both[0])


def _linear_quantile(x, q):
    s = sorted(x)
    pos = mp(float(q) * (len(x) - 1))  # the position as the library computes it in float64
    low = int(mpmath.floor(pos))
    frac = pos - low
    return s[low] + frac * (s[low + 1] - s[low]) if frac else s[low]


def _quantiles(x):
    return _linear_quantile(x, 0.3) + _linear_quantile(x, 0.9)


def _median(x):
    s, n = sorted(x), len(x)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def _mad(x):
    m = _median(x)
    return _median([abs(v - m) for v in x])


def _trimmed(x):
    s = sorted(x)[1:-1]
    return sum(s) / len(s)


def _barrier(x, t):
    slacks = [1 - x[0] - x[1], x[0], x[1]]
    return t * (-x[0] - 2 * x[1]) - sum(mpmath.log(s) for s in slacks)


def _implicit(a):
    x = mpmath.findroot(lambda r: r ** 3 + r - a, mp(1))
    return x * x + mpmath.sin(x)


def _implicit_slope(a):
    def truth():
        x = mpmath.findroot(lambda r: r ** 3 + r - mp(a), mp(1))
        return {"a": (2 * x + mpmath.cos(x)) / (3 * x * x + 1)}
    return hp(truth)


def _norm3(x):
    return 3 * mpmath.sqrt(sum(v * v for v in x))


def _signed_lse(a):
    return mpmath.log(mpmath.exp(a[0]) - mpmath.exp(a[1]))


def _signed_lse_slopes(a):
    def truth():
        a0, a1 = _f(a[0]), _f(a[1])
        d = -mpmath.expm1(a1 - a0)  # 1 - e^(a1 - a0), exact at any precision
        return {"a": [1 / d, -mpmath.exp(a1 - a0) / d]}
    return hp(truth)


def _weighted_lse(a):
    s = 2 * mpmath.exp(a[0]) - mpmath.exp(a[1]) + mpmath.exp(a[2]) / 2
    return mpmath.log(abs(s)) * mpmath.sign(s)


BETA_X = (0.1, 0.5, 0.9)


def _beta_slopes(a, b):
    def truth():
        av, bv = _f(a), _f(b)
        common = 3 * mpmath.digamma(av + bv)
        return {"a": -sum(mpmath.log(_f(x)) for x in BETA_X) + 3 * mpmath.digamma(av) - common,
                "b": -sum(mpmath.log1p(-_f(x)) for x in BETA_X) + 3 * mpmath.digamma(bv) - common}
    return hp(truth)


def _trigamma(a):
    return hp(lambda: {"a": [mpmath.polygamma(1, _f(v)) for v in a]})


def _bilinear_slopes(a, w):
    m = [[2, -1], [_f(0.5), 3]]
    return hp(lambda: {"a": [sum(m[i][j] * _f(w[j]) for j in range(2)) + _f(w[i]) for i in range(2)],
                       "w": [sum(m[i][j] * _f(a[i]) for i in range(2)) + _f(a[j]) for j in range(2)]})


def _gp_outer(log_ls):
    """log det of exp(-(x_i - x_j)^2 / (2 e^(2 log_ls))) + 1e-6 I at x = [0, 0.3, 0.9] (np.subtract.outer's pairs)."""
    x = [_f(v) for v in (0.0, 0.3, 0.9)]
    k = mpmath.matrix(3, 3)
    for i in range(3):
        for j in range(3):
            k[i, j] = mpmath.exp(-(x[i] - x[j]) ** 2 / (2 * mpmath.exp(2 * log_ls))) + (_f(1e-6) if i == j else 0)
    return mpmath.log(mpmath.det(k))


def _trimmed(x):
    """scipy.stats.trim_mean(x, 0.2) of five entries: the mean of the middle three."""
    return mpmath.fsum(sorted(x)[1:4]) / 3


def _logdet(t):
    """sign(det) log|det| of [[1, 1, 0], [1, 1 + t, 1/2], [0, 1/2, 2]], whose determinant is 2t - 1/4."""
    det = 2 * t - mp(1) / 4
    return mpmath.sign(det) * mpmath.log(abs(det))


def _clipped(p):
    lo, hi = _f(1e-7), 1 - _f(1e-7)
    q = [min(max(v, lo), hi) for v in p]
    return -(mpmath.log(q[0]) + mpmath.log1p(-q[1]) + mpmath.log(q[2]))


def _guarded_weights(w, x):
    return {"w": [mp(-50) if v == 0 else mpmath.log(_f(v)) for v in x]}


JAX = [
    Case(J, "sinkhorn_cost", "shift=0.1,eps=0.01", "float64", "ok", num_grad(_sinkhorn, shift=0.1, eps=0.01)),
    Case(J, "gp_nll", "log_ls=-2,log_noise=-10", "float64", "ok", num_grad(_gp_nll, log_ls=-2, log_noise=-10)),
    # every off-diagonal kernel entry is e^-7300 or smaller: float64 holds none of them (its slope in log_ls, about
    # -1e-3178, is -0 in float64: right to the last digit float64 has); the slope in log_noise is ordinary
    Case(J, "gp_nll", "log_ls=-6,log_noise=-10", "float64", "ok", _gp_slopes(-6, -10)),
    Case(J, "vae_kl", "mu=[0.5,-1],logvar=[-800,100]", "float64", "ok",
         _vae_kl_slopes([0.5, -1], [-800, 100])),
    Case(J, "vae_elbo", "mu=[0.5,-1],logvar=[-60,3]", "float32", "ok",
         num_grad(_vae_elbo, dtype="float32", mu=[0.5, -1], logvar=[-60, 3])),
    # temperature 0.01: the positives' softmax weights are 1 - 1e-20 and the loss ~1e-24; log_softmax's log of a sum
    # next to 1 keeps none of it
    Case(J, "info_nce", None, "float64", "unstable", num_grad(_info_nce, za=ZA, zb=ZB), "jax.nn.log_softmax",
         args="info_nce_args"),
    # p = sigmoid(40) is 1 in float64: (1 - p) ** 0.5 has an infinite slope at 0
    Case(J, "focal_loss", "z=40", "float64", "unstable", num_grad(_focal, z=40), "(1 - p) ** 0.5"),
    # both rewrites gradcli offers one at a time (sigmoid(-z), log_sigmoid(z)), together
    Case(J, "focal_loss_both_rewrites", "z=40", "float64", "ok", num_grad(_focal, z=40)),
    Case(J, "focal_loss_stable", "z=100", "float32", "ok",
         num_grad(lambda z: _focal(z, mp(2)), dtype="float32", z=100)),
    Case(J, "wasserstein_1d", "x=[0.3,-1,2],y=[1,0.5,0]", "float64", "ok",
         num_grad(_wasserstein, x=[0.3, -1, 2], y=[1, 0.5, 0])),
    # sorted pairs (0.3, 0.3) meet: |0| is a kink in x[0] and y[1]
    Case(J, "wasserstein_1d", "x=[0.3,-1,2],y=[1,0.3,0]", "float64", "domain",
         hp(lambda: {"x": [NAN, -mp(1) / 3, mp(1) / 3], "y": [-mp(1) / 3, NAN, mp(1) / 3]})),
    Case(J, "energy_distance", "x=[0.3,-1,2],y=[1,0.5,0]", "float64", "ok",
         num_grad(_energy, x=[0.3, -1, 2], y=[1, 0.5, 0])),
    Case(J, "quantile_of", "x=[3,1,4,1.5,5,9]", "float64", "ok", num_grad(_quantiles, x=[3, 1, 4, 1.5, 5, 9])),
    Case(J, "median_mad", "x=[3,1,4,1.5,5,9,2]", "float64", "ok", num_grad(_mad, x=[3, 1, 4, 1.5, 5, 9, 2])),
    Case(J, "median_mad", "x=[3,1,4,1.5,5,9]", "float64", "ok", num_grad(_mad, x=[3, 1, 4, 1.5, 5, 9])),
    Case(J, "trimmed_mean", "x=[3,1,4,1.5,5]", "float64", "ok", num_grad(_trimmed, x=[3, 1, 4, 1.5, 5])),
    # on the boundary x0 + x1 = 1: log(0), a pole in x; t's term t (c . x) does not move it, and keeps its slope
    # c . x = -1.5 beside the pole (the doctrine of round 25b's P1: a pole's own inputs alone have no derivative)
    Case(J, "log_barrier", "x=[0.5,0.5],t=100", "float64", "domain", hp(lambda: {"x": [NAN, NAN], "t": mp("-1.5")})),
    # float32's x0 + 0.5 rounds the slack 8.9e-8 to 1.2e-7
    Case(J, "log_barrier", "x=[0.4999999,0.5],t=1e6", "float32", "unstable",
         num_grad(_barrier, dtype="float32", x=[0.4999999, 0.5], t=1e6), "b - a @ x"),
    Case(J, "implicit_loss", "a=2", "float64", "ok", _implicit_slope(2)),
    Case(J, "implicit_loss", "a=1e-8", "float32", "ok", _implicit_slope(float(_in("float32", [1e-8])[0]))),
    # x * x underflows: the norm is 0 in float64 and the custom rule's where takes its zero branch
    Case(J, "norm_loss", "x=[1e-200,1e-200]", "float64", "unstable", num_grad(_norm3, x=[1e-200, 1e-200]), "x * x"),
    Case(J, "norm_loss", "x=[0,0]", "float64", "domain", hp(lambda: {"x": [NAN, NAN]})),
    Case(J, "signed_lse", "a=[1,1e-12]", "float64", "ok", _signed_lse_slopes([1, 1e-12])),
    Case(J, "signed_lse", "a=[800,-800]", "float64", "ok", _signed_lse_slopes([800, -800])),
    Case(J, "lse_with_sign", "a=[0,0.6931471805599453,-1]", "float64", "ok",
         num_grad(_weighted_lse, a=[0, 0.6931471805599453, -1])),
    Case(J, "beta_nll", "a=1e-8,b=2", "float64", "ok", _beta_slopes(1e-8, 2)),
    Case(J, "beta_nll", "a=1e8,b=1e8", "float64", "ok", _beta_slopes(1e8, 1e8)),
    Case(J, "digamma_sum", "a=[1e-10,1e10,-0.5]", "float64", "ok", _trigamma([1e-10, 1e10, -0.5])),
    # a Newton while_loop with no custom rule: JAX itself cannot differentiate it in reverse mode
    Case(J, "implicit_loss_unrolled_rule", "a=2", "float64", "input-error", message=("while_loop", "191")),
    # x log1p(y) at x = 0, y = -1: no slope in x (log1p(-1)); along y alone it is 0 log1p(y), 0 for every y: slope 0
    # an input with a finite slope beside one without a derivative is judged (round 46a F1): that verdict
    Case(J, "xlog1py_loss", "x=[0,2],y=[-1,1e-20]", "float64", "wrong",
         hp(lambda: {"x": [NAN, mpmath.log1p(_f(1e-20))], "y": [mp(0), 2 / (1 + _f(1e-20))]})),
    # the tied absolute deviations |2 - 3| = |4 - 3| = 1 are MAD's median: kinks in x[1], x[2], x[3]
    Case(J, "median_mad", "x=[1,2,3,4,6]", "float64", "domain", hp(lambda: {"x": [mp(0), NAN, NAN, NAN, mp(0)]})),
    # sigmoid(-100) underflows in float32 (XLA flushes the subnormal 3.7e-44): log(0)
    Case(J, "focal_loss", "z=-100", "float32", "unstable", num_grad(_focal, dtype="float32", z=-100),
         "p = jax.nn.sigmoid(z)", "jax.nn.log_sigmoid(z)"),
    Case(J, "beta_cdf", "x=0.3", "float64", "ok", hp(lambda: {"x": _f(0.3) * (1 - _f(0.3)) ** 2 * 12})),
]

NUMPY = [
    Case(N, "sinkhorn_cost", "shift=0.1,eps=0.01", "float64", "ok", num_grad(_sinkhorn, shift=0.1, eps=0.01)),
    # eps = 0.001: the slope in eps (1e-7) is what is left of terms of size 1/eps^2 in logsumexp's backward; both
    # updates' logsumexp backwards cancel alike; findings named both lines until 0b873aaa's provenance change, and
    # name the g update's since, the first the backward meets
    Case(N, "sinkhorn_cost", "shift=0.1,eps=0.001", "float64", "unstable", num_grad(_sinkhorn, shift=0.1, eps=0.001),
         "special.logsumexp((f[:, None]"),
    Case(N, "gp_nll", "log_ls=-2,log_noise=-10", "float64", "ok", num_grad(_gp_nll, log_ls=-2, log_noise=-10)),
    Case(N, "gp_nll", "log_ls=-6,log_noise=-10", "float64", "ok", _gp_slopes(-6, -10)),
    Case(N, "gp_nll_outer", "log_ls=-1", "float64", "ok", num_grad(_gp_outer, log_ls=-1)),
    Case(N, "bilinear", "a=[1,2],w=[0.5,-1]", "float64", "ok", _bilinear_slopes([1, 2], [0.5, -1])),
    Case(N, "logdet_near_singular", "t=1e-12", "float64", "ok", num_grad(_logdet, t=1e-12)),
    # det = 2t - 1/4 = 2e-12: LU's 1 + t keeps t to 1e-16 absolute, 1e-4 of the determinant
    Case(N, "logdet_near_singular", "t=0.125000000001", "float64", "unstable", num_grad(_logdet, t=0.125000000001)),
    Case(N, "clipped_loss", "p=[1e-9,0.3,0.9]", "float64", "ok", num_grad(_clipped, p=[1e-9, 0.3, 0.9])),
    # p[0] is the clip's lower bound itself: slopes 0 and -1e7; p[2] is clipped (slope 0)
    Case(N, "clipped_loss", "p=[1e-7,0.3,0.99999999]", "float64", "domain",
         hp(lambda: {"p": [NAN, 1 / (1 - _f(0.3)), mp(0)]})),
    # log(0) = -inf becomes -50: the value is finite; x log x has no slope at 0 from the right
    Case(N, "nan_guarded_log", "x=[0,0.5,2]", "float64", "domain",
         hp(lambda: {"x": [NAN, mpmath.log(_f(0.5)) + 1, mpmath.log(2) + 1]})),
    Case(N, "nan_guarded_log", "x=[1e-300,0.5,2]", "float64", "ok",
         hp(lambda: {"x": [mpmath.log(_f(1e-300)) + 1, mpmath.log(_f(0.5)) + 1, mpmath.log(2) + 1]})),
    # the weights' slopes are the guarded logs themselves, -50 and log(0.5): nothing is undefined in w
    Case(N, "weighted_guarded_log", None, "float64", "ok", hp(lambda: _guarded_weights([0.5, 2], [0, 0.5])),
         args="weighted_guarded_log_args", wrt="w"),
    # y[y < 0] = 0 on a copy; at x[2] = 0 the square has slope 0 on both sides
    Case(N, "masked_relu_loss", "x=[-1,2,0]", "float64", "ok", hp(lambda: {"x": [mp(0), mp(8), mp(0)]})),
    # np.minimum(np.exp(800), 1e300): exp overflows in float64, its rule's inf times the cotangent 0 is NaN
    Case(N, "capped_exp", "x=[800,1]", "float64", "unstable", hp(lambda: {"x": [mp(0), mpmath.e]}),
         "np.minimum(np.exp(x)"),
    Case(N, "inplace_update", "x=[1,2,3]", "float64", "ok",
         hp(lambda: {"x": [mp(144), mp(216), mp(18)]})),
    Case(N, "energy_distance", "x=[0.3,-1,2],y=[1,0.5,0]", "float64", "ok",
         num_grad(_sorted_energy, x=[0.3, -1, 2], y=[1, 0.5, 0])),
    Case(N, "quantile_of", "x=[3,1,4,1.5,5,9]", "float64", "ok", num_grad(_quantiles, x=[3, 1, 4, 1.5, 5, 9])),
    Case(N, "median_mad", "x=[3,1,4,1.5,5,9,2]", "float64", "ok", num_grad(_mad, x=[3, 1, 4, 1.5, 5, 9, 2])),
    Case(N, "trimmed", "x=[3,1,4,1.5,5]", "float64", "ok", num_grad(_trimmed, x=[3, 1, 4, 1.5, 5])),
    Case(N, "signed_lse", "a=[1,1e-12]", "float64", "ok", _signed_lse_slopes([1, 1e-12])),
    Case(N, "signed_lse", "a=[800,-800]", "float64", "ok", _signed_lse_slopes([800, -800])),
    Case(N, "lse_with_sign", "a=[0,0.6931471805599453,-1]", "float64", "ok",
         num_grad(_weighted_lse, a=[0, 0.6931471805599453, -1])),
    Case(N, "beta_nll", "a=1e-8,b=2", "float64", "ok", _beta_slopes(1e-8, 2)),
    Case(N, "digamma_sum", "a=[1e-10,1e10,-0.5]", "float64", "ok", _trigamma([1e-10, 1e10, -0.5])),
    Case(N, "beta_cdf", "x=0.3", "float64", "ok",
         hp(lambda: {"x": _f(0.3) * (1 - _f(0.3)) ** 2 * 12})),
    # xlog1py(0, -1) is 0 by definition; log1p(-1) = -inf: no slope in x[0], and y = -1 is the domain's edge
    Case(N, "xlog1py_loss", "x=[0,2],y=[-1,1e-20]", "float64", "domain",
         hp(lambda: {"x": [NAN, mpmath.log1p(_f(1e-20))], "y": [mp(0), 2 / (1 + _f(1e-20))]})),
]

ALL = JAX + NUMPY
