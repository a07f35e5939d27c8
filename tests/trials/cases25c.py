"""The twenty-fifth trial set (third part): issue 27's classes on Python functions written against gradcli.numpy and
gradcli.scipy and on formulas. TensorFlow Probability's tanh and sinh-arcsinh bijectors, Keras' categorical hinge,
Poisson, cosine proximity (with its l2_normalize clamp) and clipped cross-entropy, SciPy's log_ndtr by erfcx in both
tails, log_expit, logit, boxcox in its lambda at and beside 0, xlogy/xlog1py entropies at subnormal probabilities,
Welford's variance beside the textbook one, a log-space matrix product at -800, the von Mises log-normaliser by i0e
(at kappa = 0, 1e-300 and 800), the Student-t log density at nu = 1e10, a categorical's entropy near one-hot, three
log-space Sinkhorn steps, sinc and sin(x)/x with their singularity removed by hand, hand-written rules (right, a
slipped sign, one whose ratio underflows to 0/0), and formulas with removable singularities at 1e-8, 1e-300 and 0.

Truths are the mathematics written here in mpmath at 2,000 digits (closed forms, or mpmath.diff of an expression
written here), never the user file's code; points are the numbers the dtype holds, constants the float64 numbers the
program writes. A coordinate with no derivative is written NaN by hand. A case whose ``file`` is "formula" checks
the formula in ``function``.
"""

import mpmath

from cases import Case
from cases2 import NAN
from cases5 import _in, hp
from cases12a import _f, num_grad
from cases21c import _Phi, _at, _each, _phi, _sig

G, F = "gn_lib25c.py", "formula"


def _scalar(name, value, slope, dtype="float64"):
    return hp(lambda: {name: slope(_in(dtype, [value])[0])})


# --- the mathematics, written here ---------------------------------------------------------------------------------

def _tanh_log_det_slope(x):
    """d/dx log(1 - tanh(x)^2) = -2 tanh(x)."""
    return -2 * mpmath.tanh(x)


def _sinh_arcsinh_slopes(x, skew, tailweight):
    def truth():
        (a, s, t) = _in("float64", [x, skew, tailweight])
        inner = (mpmath.asinh(a) + s) * t
        return {"x": mpmath.cosh(inner) * t / mpmath.sqrt(1 + a * a), "skew": mpmath.cosh(inner) * t,
                "tailweight": mpmath.cosh(inner) * (mpmath.asinh(a) + s)}
    return hp(truth)


def _hinge(values):
    return hp(lambda: {"y_pred": list(values)})


def _poisson_slopes(y_pred):
    counts = [2, 0, 5]
    eps = _f(1e-7)
    return hp(lambda: {"y_pred": [(1 - c / (y + eps)) / 3 for c, y in zip(counts, _in("float64", y_pred))]})


def _cosine(y):
    """-cos(angle between (3, 4, 0) and y)."""
    return -(3 * y[0] + 4 * y[1]) / (5 * mpmath.sqrt(y[0] ** 2 + y[1] ** 2 + y[2] ** 2))


def _clamped_cosine_slopes(y_pred):
    # the squared norm of y is far below the clamp 1e-12: the program divides by sqrt(float64(1e-12))
    return hp(lambda: {"y_pred": [-mp_t / mpmath.sqrt(_f(1e-12)) for mp_t in (mpmath.mpf(3) / 5, mpmath.mpf(4) / 5, 0)]})


def _log_Phi_slope(x):
    """d/dx log Phi(x) = phi(x) / Phi(x)."""
    return _phi(x) / _Phi(x)


def _boxcox_slopes(x, lmbda):
    def truth():
        (a, l) = _in("float64", [x, lmbda])
        if l == 0:
            return {"x": 1 / a, "lmbda": mpmath.log(a) ** 2 / 2}
        power = a ** l
        return {"x": a ** (l - 1), "lmbda": (l * power * mpmath.log(a) - power + 1) / (l * l)}
    return hp(truth)


def _boxcox1p_slopes(x):
    """boxcox1p's slopes at lambda = 0: 1/(1 + x) in x, log1p(x)^2 / 2 in lambda."""
    def truth():
        (a,) = _in("float64", [x])
        return {"x": 1 / (1 + a), "lmbda": mpmath.log1p(a) ** 2 / 2}
    return hp(truth)


def _inverse_boxcox_slopes(y, lmbda):
    def truth():
        (a, l) = _in("float64", [y, lmbda])
        if l == 0:  # the slope in lambda at 0: the limit of the one below, -y^2 e^y / 2
            return {"y": mpmath.exp(a), "lmbda": -a * a * mpmath.exp(a) / 2}
        value = (1 + l * a) ** (1 / l)
        return {"y": value / (1 + l * a), "lmbda": value * (a / (l * (1 + l * a)) - mpmath.log1p(l * a) / (l * l))}
    return hp(truth)


def _binary_entropy_slope(p):
    return mpmath.log((1 - p) / p)


def _variance_slopes(xs):
    def truth():
        values = _in("float64", xs)
        mean = sum(values) / len(values)
        return {"x": [2 * (v - mean) / (len(values) - 1) for v in values]}
    return hp(truth)


def _log_matmul_exp(a, b):
    return sum(mpmath.log(sum(mpmath.exp(a[i][k] + b[k][j]) for k in range(len(b)))) for i in range(len(a))
               for j in range(len(b[0])))


def _log_matmul_exp_slopes(a, b):
    """d/da_ik = sum_j softmax_k(a_i. + b_.j)[k]; d/db_kj = sum_i the same weight."""
    def truth():
        A = [_in("float64", row) for row in a]
        B = [_in("float64", row) for row in b]
        rows, inner, cols = len(A), len(B), len(B[0])
        weight = {}
        for i in range(rows):
            for j in range(cols):
                total = sum(mpmath.exp(A[i][k] + B[k][j]) for k in range(inner))
                for k in range(inner):
                    weight[i, k, j] = mpmath.exp(A[i][k] + B[k][j]) / total
        return {"a": [[sum(weight[i, k, j] for j in range(cols)) for k in range(inner)] for i in range(rows)],
                "b": [[sum(weight[i, k, j] for i in range(rows)) for j in range(cols)] for k in range(inner)]}
    return hp(truth)


def _von_mises_slope(kappa):
    """d/dkappa log(2 pi I0(kappa)) = I1(kappa) / I0(kappa)."""
    return mpmath.besseli(1, kappa) / mpmath.besseli(0, kappa)


def _student_t(x, nu):
    return (mpmath.loggamma((nu + 1) / 2) - mpmath.loggamma(nu / 2) - mpmath.log(nu * mpmath.pi) / 2
            - (nu + 1) / 2 * mpmath.log(1 + x * x / nu))


def _student_t_slopes(x, nu):
    def truth():
        (a, n) = _in("float64", [x, nu])
        # d/dx in closed form; d/dnu by the digamma function
        dx = -(n + 1) * a / (n + a * a)
        dnu = (mpmath.digamma((n + 1) / 2) - mpmath.digamma(n / 2)) / 2 - 1 / (2 * n) \
            - mpmath.log(1 + a * a / n) / 2 + (n + 1) / 2 * a * a / (n * (n + a * a))
        return {"x": dx, "nu": dnu}
    return hp(truth)


def _entropy_slopes(z, dtype="float64"):
    """dH/dz_j = -p_j (log p_j + H) for the softmax p of z."""
    def truth():
        zs = _in(dtype, z)
        total = sum(mpmath.exp(v) for v in zs)
        log_p = [v - mpmath.log(total) for v in zs]
        entropy = -sum(mpmath.exp(lp) * lp for lp in log_p)
        return {"z": [-mpmath.exp(lp) * (lp + entropy) for lp in log_p]}
    return hp(truth)


def _sinkhorn(c):
    """Three Sinkhorn steps between (1/2, 1/2) and (1/2, 1/2) at epsilon 0.01, in plain sums; the plan's cost."""
    eps = _f(0.01)
    half = mpmath.log(_f(0.5))  # the program's log of its float 0.5, which is exactly 1/2
    f, g = [0, 0], [0, 0]
    for _ in range(3):
        f = [eps * (half - mpmath.log(sum(mpmath.exp((g[j] - c[i][j]) / eps) for j in range(2)))) for i in range(2)]
        g = [eps * (half - mpmath.log(sum(mpmath.exp((f[i] - c[i][j]) / eps) for i in range(2)))) for j in range(2)]
    return sum(mpmath.exp((f[i] + g[j] - c[i][j]) / eps) * c[i][j] for i in range(2) for j in range(2))


def _sinc_slope(x):
    """d/dx sin(pi x)/(pi x) = (pi x cos(pi x) - sin(pi x)) / (pi x^2), 0 at 0."""
    if x == 0:
        return mpmath.mpf(0)
    return (mpmath.pi * x * mpmath.cospi(x) - mpmath.sinpi(x)) / (mpmath.pi * x * x)


def _sin_over_x_slope(x):
    return mpmath.mpf(0) if x == 0 else (x * mpmath.cos(x) - mpmath.sin(x)) / (x * x)


def _one_minus_cos_slope(x):
    """d/dx (1 - cos x)/x^2 = (x sin x - 2 (1 - cos x)) / x^3."""
    return (x * mpmath.sin(x) - 2 * (1 - mpmath.cos(x))) / x ** 3


def _log1p_over_x_slope(x):
    return (x / (1 + x) - mpmath.log1p(x)) / (x * x)


def _exp_remainder_slope(x):
    """d/dx (e^x - 1 - x)/x^2 = (x (e^x - 1) - 2 (e^x - 1 - x)) / x^3."""
    return (x * mpmath.expm1(x) - 2 * (mpmath.expm1(x) - x)) / x ** 3


def _expm1_over_x_slope(x):
    return (x * mpmath.exp(x) - mpmath.expm1(x)) / (x * x)


def _two(slopes, x, y, dtype="float64"):
    def truth():
        (a, b) = _in(dtype, [x, y])
        dx, dy = slopes(a, b)
        return {"x": dx, "y": dy}
    return hp(truth)


def _logaddexp_slopes(a, b):
    return (_sig(a - b), _sig(b - a))


def _hypot_slopes(a, b):
    r = mpmath.sqrt(a * a + b * b)
    return (a / r, b / r)


GN = [
    # TensorFlow Probability's tanh bijector: 2 (log 2 - x - softplus(-2x)) is log(1 - tanh^2) without the 1 - 1
    Case(G, "tanh_log_det", _at(x=[20, -20, 0.5]), "float64", "ok", _each("x", [20, -20, 0.5], _tanh_log_det_slope)),
    Case(G, "tanh_log_det", _at(x=[800, -800]), "float64", "ok", _each("x", [800, -800], _tanh_log_det_slope)),
    Case(G, "tanh_log_det", _at(x=[20, -9.5]), "float32", "ok",
         _each("x", [20, -9.5], _tanh_log_det_slope, "float32")),
    # tanh(20) rounds to 1: log1p(-1) = -inf, its slope -2 tanh(x) / (1 - tanh^2) NaN
    Case(G, "tanh_log_det_naive", _at(x=[20]), "float64", "unstable", _each("x", [20], _tanh_log_det_slope),
         "gnp.log1p(-gnp.tanh(x) ** 2)"),
    Case(G, "tanh_log_det_naive", _at(x=[0.5, -1]), "float64", "ok", _each("x", [0.5, -1], _tanh_log_det_slope)),
    Case(G, "sinh_arcsinh", _at(x=1e200, skew=0, tailweight=1), "float64", "ok", _sinh_arcsinh_slopes(1e200, 0, 1)),
    Case(G, "sinh_arcsinh", _at(x=-3, skew=0.5, tailweight=1.5), "float64", "ok",
         _sinh_arcsinh_slopes(-3, 0.5, 1.5)),
    # Keras' categorical hinge: at neg - pos + 1 = 0 exactly, the outer max's switch; a tie in the inner max
    Case(G, "categorical_hinge", _at(y_pred=[0.5, 1.5, 0.2]), "float64", "domain", _hinge([NAN, NAN, 0])),
    Case(G, "categorical_hinge", _at(y_pred=[0.3, 0.9, 0.3]), "float64", "domain", _hinge([NAN, -1, NAN])),
    Case(G, "categorical_hinge", _at(y_pred=[0.3, 0.9, 0.1]), "float64", "ok", _hinge([1, -1, 0])),
    Case(G, "poisson", _at(y_pred=[0, 1e-300, 3]), "float64", "ok", _poisson_slopes([0, 1e-300, 3])),
    # the squared norm 5e-400 underflows to 0 and is clamped to 1e-12: the program's exact squared norm is clamped
    # too, so the slope is the clamped program's
    Case(G, "cosine_proximity", _at(y_pred=[1e-200, 2e-200, 0]), "float64", "ok",
         _clamped_cosine_slopes([1e-200, 2e-200, 0])),
    Case(G, "cosine_proximity", _at(y_pred=[1, 2, 2]), "float64", "ok",
         num_grad(lambda y_pred: _cosine(y_pred), y_pred=[1, 2, 2])),
    # the squared norm overflows to inf: y / inf is 0
    Case(G, "cosine_proximity", _at(y_pred=[1e200, 1e200, 0]), "float64", "unstable",
         num_grad(lambda y_pred: _cosine(y_pred), y_pred=[1e200, 1e200, 0])),
    # p0 = 1 sits past the clip's switch at 1 - 1e-7 (flat there), p1 = 0 below 1e-7
    Case(G, "clipped_cross_entropy", _at(p=[1, 0, 0]), "float64", "ok", hp(lambda: {"p": [0, 0, 0]})),
    Case(G, "clipped_cross_entropy", _at(p=[0.5, 0.3, 0.2]), "float64", "ok", hp(lambda: {"p": [-2, 0, 0]})),
    # SciPy's log_ndtr: the lower tail by erfcx, the upper tail by log1p of a complement that underflows (the
    # slope at 40 is 1.5e-348, beyond float64)
    Case(G, "log_ndtr_lower", _at(x=[-40, -1000, -1.5]), "float64", "ok",
         _each("x", [-40, -1000, -1.5], _log_Phi_slope)),
    Case(G, "log_ndtr_lower", _at(x=[-5, -12]), "float32", "ok", _each("x", [-5, -12], _log_Phi_slope, "float32")),
    Case(G, "log_ndtr_upper", _at(x=[40]), "float64", "ok", _each("x", [40], _log_Phi_slope)),
    Case(G, "log_ndtr_upper", _at(x=[5, 0.5]), "float64", "ok", _each("x", [5, 0.5], _log_Phi_slope)),
    Case(G, "log_ndtr_scipy", _at(x=[-40, 40, -1e5]), "float64", "ok", _each("x", [-40, 40, -1e5], _log_Phi_slope)),
    Case(G, "log_sigmoid", _at(x=[-800, 800, 0]), "float64", "ok", _each("x", [-800, 800, 0], lambda v: _sig(-v))),
    Case(G, "log_sigmoid_naive", _at(x=[-800]), "float64", "unstable", _each("x", [-800], lambda v: _sig(-v))),
    Case(G, "log_sigmoid_naive", _at(x=[-104]), "float32", "unstable",
         _each("x", [-104], lambda v: _sig(-v), "float32")),
    Case(G, "logit_sum", _at(p=[1e-300, 0.5, 0.999]), "float64", "ok",
         _each("p", [1e-300, 0.5, 0.999], lambda p: 1 / (p * (1 - p)))),
    Case(G, "boxcox_scipy", _at(x=2.5, lmbda=0), "float64", "ok", _boxcox_slopes(2.5, 0)),
    Case(G, "boxcox_scipy", _at(x=2.5, lmbda=1e-8), "float64", "ok", _boxcox_slopes(2.5, 1e-8)),
    Case(G, "boxcox_scipy", _at(x=1e-300, lmbda=-1e-8), "float64", "ok", _boxcox_slopes(1e-300, -1e-8)),
    # the slope in lambda at 0 is log(x)^2 / 2: 238585.4 at 1e-300, 2.5e-32 at 1 + 2^-52, 5e-601 for boxcox1p at
    # 1e-300 (beyond float64: its 0 is the nearest number)
    Case(G, "boxcox_scipy", _at(x=1e-300, lmbda=0), "float64", "ok", _boxcox_slopes(1e-300, 0)),
    Case(G, "boxcox_scipy", _at(x=1.0000000000000002, lmbda=0), "float64", "ok", _boxcox_slopes(1.0000000000000002, 0)),
    Case(G, "boxcox1p_scipy", _at(x=1e-300, lmbda=0), "float64", "ok", _boxcox1p_slopes(1e-300)),
    Case(G, "boxcox1p_scipy", _at(x=1e-10, lmbda=0), "float64", "ok", _boxcox1p_slopes(1e-10)),
    # (x^l - 1)/l at l = 1e-8: x^l - 1 keeps 8 of 16 digits, and its slope subtracts two numbers of 1e8
    Case(G, "boxcox_naive", _at(x=2.5, lmbda=1e-8), "float64", "unstable", _boxcox_slopes(2.5, 1e-8)),
    Case(G, "boxcox_naive", _at(x=2.5, lmbda=0), "float64", "domain",
         hp(lambda: {"x": NAN, "lmbda": NAN})),
    # SciPy's inverse: (1 + lmbda y)^(1/lmbda), exp(y) at lmbda = 0
    Case(G, "inverse_boxcox", _at(y=0.75, lmbda=0.5), "float64", "ok", _inverse_boxcox_slopes(0.75, 0.5)),
    Case(G, "inverse_boxcox", _at(y=0.75, lmbda=0), "float64", "ok", _inverse_boxcox_slopes(0.75, 0)),
    Case(G, "inverse_boxcox", _at(y=2, lmbda=1e-9), "float64", "ok", _inverse_boxcox_slopes(2, 1e-9)),
    Case(G, "inverse_boxcox1p", _at(y=0.3, lmbda=-0.7), "float64", "ok", _inverse_boxcox_slopes(0.3, -0.7)),
    Case(G, "inverse_boxcox1p", _at(y=1e-300, lmbda=0), "float64", "ok", _inverse_boxcox_slopes(1e-300, 0)),
    # log1p(x)/x is 0/0 at 0 (no number, no derivative) and smooth at 1
    Case(G, "log1p_over_x", _at(x=[0, 1]), "float64", "domain",
         hp(lambda: {"x": [NAN, (mpmath.mpf(1) / 2 - mpmath.log(2))]})),
    Case(G, "binary_entropy", _at(p=[5e-324, 1e-300, 0.25]), "float64", "ok",
         _each("p", [5e-324, 1e-300, 0.25], _binary_entropy_slope)),
    Case(G, "welford_variance", _at(x=[10001, 10002, 10004]), "float64", "ok", _variance_slopes([10001, 10002, 10004])),
    # Welford's running mean of numbers near 1e8 is rounded at 1e-8, its deltas near 1: the slope keeps 9 digits of
    # the 10 float64's tolerance asks, so even the stable algorithm is unstable here (the textbook one loses 8 more)
    Case(G, "welford_variance", _at(x=[100000001, 100000002, 100000004]), "float64", "unstable",
         _variance_slopes([100000001, 100000002, 100000004])),
    Case(G, "naive_variance", _at(x=[100000001, 100000002, 100000004]), "float64", "unstable",
         _variance_slopes([100000001, 100000002, 100000004])),
    Case(G, "log_matmul_exp", _at(a=[[-800, -801], [0, 2]], b=[[-800, 1], [3, -799]]), "float64", "ok",
         _log_matmul_exp_slopes([[-800, -801], [0, 2]], [[-800, 1], [3, -799]])),
    Case(G, "log_matmul_exp_naive", _at(a=[[-800, -801], [0, 2]], b=[[-800, 1], [3, -799]]), "float64", "unstable",
         _log_matmul_exp_slopes([[-800, -801], [0, 2]], [[-800, 1], [3, -799]])),
    Case(G, "log_matmul_exp_naive", _at(a=[[0.5, -1], [0, 2]], b=[[1, 1], [3, -2]]), "float64", "ok",
         _log_matmul_exp_slopes([[0.5, -1], [0, 2]], [[1, 1], [3, -2]])),
    # i0e's slope i1e - i0e and |kappa|'s 1 cancel: 5e-301 is lost at 1e-300
    Case(G, "von_mises_log_normalizer", _at(kappa=[1e-300, 800]), "float64", "unstable",
         _each("kappa", [1e-300, 800], _von_mises_slope)),
    Case(G, "von_mises_log_normalizer", _at(kappa=[2, 800]), "float64", "ok", _each("kappa", [2, 800], _von_mises_slope)),
    # i0e's kink at 0 and |kappa|'s cancel: log I0 is smooth, its slope 0
    Case(G, "von_mises_log_normalizer", _at(kappa=[0, 3]), "float64", "ok", _each("kappa", [0, 3], _von_mises_slope)),
    Case(G, "bessel_i0", _at(kappa=[0, 3]), "float64", "ok",
         _each("kappa", [0, 3], lambda k: mpmath.besseli(1, k))),
    Case(G, "bessel_i0", _at(kappa=[0]), "float64", "ok", _each("kappa", [0], lambda k: mpmath.besseli(1, k))),
    Case(G, "von_mises_log_normalizer_naive", _at(kappa=[800]), "float64", "unstable",
         _each("kappa", [800], _von_mises_slope)),
    # the slope in nu is -4.6e-21 at nu = 1e10: the difference of two gammaln slopes of 5e-11 each
    Case(G, "student_t_log_density", _at(x=1, nu=1e10), "float64", "unstable", _student_t_slopes(1, 1e10)),
    Case(G, "student_t_log_density", _at(x=1.5, nu=3), "float64", "ok", _student_t_slopes(1.5, 3)),
    # near one-hot: the small entries' slopes 2.9e-345 are beyond float64, their 0 its nearest number
    Case(G, "entropy_from_logits", _at(z=[0, -800, -800]), "float64", "ok", _entropy_slopes([0, -800, -800])),
    # logsumexp of [0, -30, -31] is log(1 + 1.3e-13), which float64 holds to 4 digits and float32 rounds to 0: the
    # first slope, -3.9e-12, comes out as 1 - 1 (float32: 0) beside entries of 2.8e-12
    Case(G, "entropy_from_logits", _at(z=[0, -30, -31]), "float64", "unstable", _entropy_slopes([0, -30, -31])),
    Case(G, "entropy_from_logits", _at(z=[0, -30, -31]), "float32", "unstable",
         _entropy_slopes([0, -30, -31], "float32")),
    Case(G, "entropy_naive", _at(z=[0, -800, -800]), "float64", "unstable", _entropy_slopes([0, -800, -800])),
    Case(G, "sinkhorn_cost", _at(c=[[0, 1], [1, 0]]), "float64", "ok",
         num_grad(lambda c: _sinkhorn(c), c=[[0, 1], [1, 0]])),
    Case(G, "sinkhorn_cost", _at(c=[[0.2, 1], [1.3, 0]]), "float64", "ok",
         num_grad(lambda c: _sinkhorn(c), c=[[0.2, 1], [1.3, 0]])),
    Case(G, "sinc_sum", _at(x=[1e-8, 0]), "float64", "ok", _each("x", [1e-8, 0], _sinc_slope)),
    Case(G, "sinc_sum", _at(x=[1e-300, 0.5]), "float64", "ok", _each("x", [1e-300, 0.5], _sinc_slope)),
    Case(G, "sin_over_x", _at(x=[1e-8, 0, 2]), "float64", "ok", _each("x", [1e-8, 0, 2], _sin_over_x_slope)),
    Case(G, "sin_over_x", _at(x=[1e-300, -3]), "float64", "ok", _each("x", [1e-300, -3], _sin_over_x_slope)),
    Case(G, "log_expit_rule", _at(x=[-800, 3]), "float64", "ok", _each("x", [-800, 3], lambda v: _sig(-v))),
    Case(G, "log_expit_slip", _at(x=[3]), "float64", "wrong", _each("x", [3], lambda v: _sig(-v)),
         "_log_expit_slip>>def grad_fn"),
    # the rule's density and Phi both underflow to 0 at -40: 0/0 in an op, not a wrong rule
    Case(G, "log_ndtr_ratio_rule", _at(x=[-40]), "float64", "unstable", _each("x", [-40], _log_Phi_slope),
         "upstream * density / sps.ndtr(x)"),
    Case(G, "log_ndtr_ratio_rule", _at(x=[-2, 1]), "float64", "ok", _each("x", [-2, 1], _log_Phi_slope)),
]

FORMULAS = [
    Case(F, "sin(x)/x", "x=1e-8", "float64", "unstable", _scalar("x", 1e-8, _sin_over_x_slope)),
    Case(F, "sin(x)/x", "x=1e-300", "float64", "unstable", _scalar("x", 1e-300, _sin_over_x_slope)),
    Case(F, "sin(x)/x", "x=1e-3", "float32", "unstable", _scalar("x", 1e-3, _sin_over_x_slope, "float32")),
    Case(F, "sin(x)/x", "x=0", "float64", "domain", hp(lambda: {"x": NAN})),
    Case(F, "(1-cos(x))/x**2", "x=1e-8", "float64", "unstable", _scalar("x", 1e-8, _one_minus_cos_slope)),
    Case(F, "(1-cos(x))/x**2", "x=0", "float64", "domain", hp(lambda: {"x": NAN})),
    Case(F, "log1p(x)/x", "x=1e-8", "float64", "unstable", _scalar("x", 1e-8, _log1p_over_x_slope)),
    Case(F, "log1p(x)/x", "x=0", "float64", "domain", hp(lambda: {"x": NAN})),
    Case(F, "(exp(x)-1-x)/x**2", "x=1e-8", "float64", "unstable", _scalar("x", 1e-8, _exp_remainder_slope)),
    Case(F, "(exp(x)-1-x)/x**2", "x=0", "float64", "domain", hp(lambda: {"x": NAN})),
    Case(F, "expm1(x)/x", "x=1e-300", "float64", "unstable", _scalar("x", 1e-300, _expm1_over_x_slope)),
    Case(F, "expm1(x)/x", "x=0.25", "float64", "ok", _scalar("x", 0.25, _expm1_over_x_slope)),
    Case(F, "x/expm1(x)", "x=0", "float64", "domain", hp(lambda: {"x": NAN})),
    Case(F, "x/(exp(x)-1)", "x=1e-300", "float64", "unstable", hp(lambda: {"x": -mpmath.mpf(1) / 2})),
    Case(F, "tanh(x)/x", "x=1e-8", "float64", "unstable",
         _scalar("x", 1e-8, lambda x: (x / mpmath.cosh(x) ** 2 - mpmath.tanh(x)) / (x * x))),
    Case(F, "atan(x)/x", "x=1e-300", "float64", "unstable",
         _scalar("x", 1e-300, lambda x: (x / (1 + x * x) - mpmath.atan(x)) / (x * x))),
    Case(F, "(sqrt(1+x)-1)/x", "x=1e-12", "float64", "unstable",
         _scalar("x", 1e-12, lambda x: (x / (2 * mpmath.sqrt(1 + x)) - mpmath.sqrt(1 + x) + 1) / (x * x))),
    Case(F, "log(cosh(x))", "x=800", "float64", "unstable", _scalar("x", 800, mpmath.tanh)),
    Case(F, "logaddexp(x,y)", "x=-800,y=-800", "float64", "ok", _two(_logaddexp_slopes, -800, -800)),
    Case(F, "log(exp(x)+exp(y))", "x=-800,y=-801", "float64", "unstable", _two(_logaddexp_slopes, -800, -801)),
    Case(F, "hypot(x,y)", "x=3e-300,y=4e-300", "float64", "ok", _two(_hypot_slopes, 3e-300, 4e-300)),
    Case(F, "sqrt(x**2+y**2)", "x=3e-300,y=4e-300", "float64", "unstable", _two(_hypot_slopes, 3e-300, 4e-300)),
    Case(F, "sqrt(x**2+y**2)", "x=3e-30,y=4e-30", "float32", "unstable",
         _two(_hypot_slopes, 3e-30, 4e-30, "float32")),
]

ALL = GN + FORMULAS
