"""The twenty-first trial set (third part): the stable numerics libraries write, transcribed into plain NumPy and
SciPy and into gradcli.numpy (TensorFlow Probability's softplus inverse and log1mexp, log_diff_exp, logaddexp,
logit/expit round trips, log-sigmoid, Keras's log_cosh, TensorFlow's sigmoid cross-entropy, a smooth |x|, log
survival functions by log_ndtr, xlogy/xlog1py entropies and KL divergences at zero and subnormal probabilities,
logsumexp with weights and with -inf entries, softmax cross-entropies at +-800, hypot chains and scaled 2-norms,
cosine similarity at overflowing norms, GELU, SiLU and Mish deep in the left tail, kinks a hair from their switch),
next to the naive formulas they replace, and hand-written rules (right, and with a sign slipped).

Truths are the mathematics written here in mpmath at 2,000 digits (closed forms), never the user files' code;
points are the numbers the dtype holds, constants the float64 numbers the program writes. A coordinate with no
derivative is written NaN by hand.
"""

import mpmath
import numpy as np

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp
from cases12a import _f

N, G = "numpy_lib21c.py", "gn_lib21c.py"


def _at(**values):
    return ",".join(f"{k}={v}" for k, v in values.items()).replace(" ", "")


def _sig(x):
    return 1 / (1 + mpmath.exp(-x))


def _phi(x):
    return mpmath.exp(-x * x / 2) / mpmath.sqrt(2 * mpmath.pi)


def _Phi(x):
    return mpmath.erfc(-x / mpmath.sqrt(2)) / 2


def _each(name, values, slope, dtype="float64"):
    """{name: [slope(v) for each entry]} at the dtype's numbers."""
    return hp(lambda: {name: [slope(v) for v in _in(dtype, values)]})


def _softmax(xs):
    top = max(xs)
    e = [mpmath.exp(v - top) for v in xs]
    return [v / sum(e) for v in e]


# --- the mathematics, written here ---------------------------------------------------------------------------------

def _softplus_inverse_slope(y):
    """d/dy log(e^y - 1) = e^y / (e^y - 1) = 1 / (1 - e^-y)."""
    return -1 / mpmath.expm1(-y)


def _log1mexp_slope(x):
    """d/dx log(1 - e^-x) = e^-x / (1 - e^-x) = 1 / (e^x - 1)."""
    return 1 / mpmath.expm1(x)


def _log_diff_exp_slopes(a, b):
    def truth():
        (x, y) = _in("float64", [a, b])
        gap = mpmath.exp(x) - mpmath.exp(y)
        return {"a": mpmath.exp(x) / gap, "b": -mpmath.exp(y) / gap}
    return hp(truth)


def _logaddexp_slopes(a, b):
    def truth():
        xs, ys = _in("float64", a), _in("float64", b)
        return {"a": [_sig(x - y) for x, y in zip(xs, ys)], "b": [_sig(y - x) for x, y in zip(xs, ys)]}
    return hp(truth)


LABELS = [1, 0, 1, 0]


def _sigmoid_ce_slopes(z):
    return hp(lambda: {"z": [_sig(v) - y for v, y in zip(_in("float64", z), LABELS)]})


def _smooth_abs_slope(x):
    eps = _f(1e-6)
    return x / mpmath.sqrt(x * x + eps * eps)


def _log_survival_slope(x):
    """d/dx log Q(x), Q the standard normal's upper tail."""
    return -_phi(x) / (1 - _Phi(x))


def _interval_slopes(a, b):
    def truth():
        (x, y) = _in("float64", [a, b])
        mass = _Phi(y) - _Phi(x)
        return {"a": -_phi(x) / mass, "b": _phi(y) / mass}
    return hp(truth)


def _entropy_slope(p):
    return NAN if p == 0 else -(mpmath.log(p) + 1)


def _bernoulli_entropy_slope(p):
    """d/dp of -(p log p + (1 - p) log(1 - p)) = log((1 - p) / p)."""
    return mpmath.log((1 - p) / p)


def _kl_slopes(target, q):
    """d/dq_i of sum t log(t / q) = -t_i / q_i (the target written as float64 numbers)."""
    return hp(lambda: {"q": [-t / v for t, v in zip(_in("float64", target), _in("float64", q))]})


def _weighted_lse_slopes(a, weights):
    def truth():
        xs, ws = _in("float64", a), _in("float64", weights)
        top = max(x for x, w in zip(xs, ws) if w != 0)
        terms = [w * mpmath.exp(x - top) for x, w in zip(xs, ws)]
        return {"a": [t / sum(terms) for t in terms]}
    return hp(truth)


def _masked_lse_slopes(a, keep):
    return _weighted_lse_slopes(a, [1 if k else 0 for k in keep])


def _cross_entropy_slopes(z, target=0):
    def truth():
        s = _softmax(_in("float64", z))
        return {"z": [v - (1 if k == target else 0) for k, v in enumerate(s)]}
    return hp(truth)


SCORES = [1, -2, 0.5]


def _softmax_score_slopes(z, dtype="float64"):
    def truth():
        s, w = _softmax(_in(dtype, z)), _in("float64", SCORES)
        mean = sum(a * b for a, b in zip(s, w))
        return {"z": [a * (b - mean) for a, b in zip(s, w)]}
    return hp(truth)


def _signed_lse_slopes(a):
    """d/da_i log |sum s_i e^a_i| = s_i e^a_i / sum s e^a, signs (1, -1, 1)."""
    def truth():
        terms = [s * mpmath.exp(v) for s, v in zip([1, -1, 1], _in("float64", a))]
        return {"a": [t / sum(terms) for t in terms]}
    return hp(truth)


def _log_softmax_slopes(z, target):
    def truth():
        s = _softmax(_in("float64", z))
        return {"z": [(1 if k == target else 0) - v for k, v in enumerate(s)]}
    return hp(truth)


def _norm_slopes(x, dtype="float64"):
    def truth():
        xs = _in(dtype, x)
        norm = mpmath.sqrt(sum(v * v for v in xs))
        return {"x": [v / norm for v in xs]}
    return hp(truth)


X_FIXED = [1e200, 2e200, 0]


def _cosine_slopes(y):
    """d/dy of x.y / (|x| |y|) = x / (|x||y|) - (x.y) y / (|x| |y|^3), x the module's fixed vector."""
    def truth():
        xs, ys = _in("float64", X_FIXED), _in("float64", y)
        nx = mpmath.sqrt(sum(v * v for v in xs))
        ny = mpmath.sqrt(sum(v * v for v in ys))
        dot = sum(a * b for a, b in zip(xs, ys))
        return {"y": [a / (nx * ny) - dot * b / (nx * ny ** 3) for a, b in zip(xs, ys)]}
    return hp(truth)


def _gelu_slope(x):
    return _Phi(x) + x * _phi(x)


def _gelu_tanh_slope(dtype="float64"):
    """d/dx 0.5 x (1 + tanh(c (x + k x^3))), c and k the numbers the program writes as the dtype holds them (NumPy
    rounds a Python float to float32 beside a float32 array); (1 + tanh u) / 2 written as 1 / (1 + e^-2u), which
    keeps its digits where tanh u is -1 to more digits than the working precision has."""
    (c, k) = _in(dtype, [np.sqrt(2.0 / np.pi), 0.044715])

    def slope(x):
        u = c * (x + k * x ** 3)
        return 1 / (1 + mpmath.exp(-2 * u)) + x * mpmath.sech(u) ** 2 * c * (1 + 3 * k * x * x) / 2
    return slope


def _silu_slope(x):
    s = _sig(x)
    return s + x * s * (1 - s)


def _mish_slope(x):
    softplus = mpmath.log1p(mpmath.exp(x))
    return mpmath.tanh(softplus) + x * mpmath.sech(softplus) ** 2 * _sig(x)


def _kinks_slopes(x):
    """|x0| + max(x1, 0) + clip(x2, 0, 1) + where(x3 > 0, x3^2, -x3), each entry at its own side of the switch."""
    def truth():
        a, b, c, d = _in("float64", x)
        return {"x": [NAN if a == 0 else mpmath.sign(a), NAN if b == 0 else (1 if b > 0 else 0),
                      NAN if c in (0, 1) else (1 if 0 < c < 1 else 0), NAN if d == 0 else (2 * d if d > 0 else -1)]}
    return hp(truth)


def _relu_slope(x):
    return NAN if x == 0 else (1 if x > 0 else 0)


# --- the cases -----------------------------------------------------------------------------------------------------

NUMPY = [
    Case(N, "softplus_inverse_sum", _at(y=[1e-30, 1.5, 800]), "float64", "ok",
         _each("y", [1e-30, 1.5, 800], _softplus_inverse_slope)),
    Case(N, "softplus_inverse_sum", _at(y=[1e-300, 1e-200]), "float64", "ok",
         _each("y", [1e-300, 1e-200], _softplus_inverse_slope)),
    Case(N, "softplus_inverse_sum", _at(y=[1e-30, 1.5, 80]), "float32", "ok",
         _each("y", [1e-30, 1.5, 80], _softplus_inverse_slope, "float32")),
    Case(N, "softplus_inverse_naive_sum", _at(y=[1.5]), "float64", "ok", _each("y", [1.5], _softplus_inverse_slope)),
    # e^800 overflows
    Case(N, "softplus_inverse_naive_sum", _at(y=[800]), "float64", "unstable",
         _each("y", [800], _softplus_inverse_slope), "np.log(np.exp(y) - 1.0)"),
    # e^1e-30 - 1 is 0 in float64: log 0
    Case(N, "softplus_inverse_naive_sum", _at(y=[1e-30]), "float64", "unstable",
         _each("y", [1e-30], _softplus_inverse_slope)),
    # the slope at 800 is e^-800 = 3.7e-348, at 2000 e^-2000: past float64, given as text
    Case(N, "log1mexp_sum", _at(x=[1e-300, 0.3, 800]), "float64", "ok",
         _each("x", [1e-300, 0.3, 800], _log1mexp_slope)),
    Case(N, "log1mexp_sum", _at(x=[2000, 5]), "float64", "ok", _each("x", [2000, 5], _log1mexp_slope)),
    Case(N, "log1mexp_one_where_sum", _at(x=[0.3, 2]), "float64", "ok", _each("x", [0.3, 2], _log1mexp_slope)),
    # the unused branch log1p(-e^-x) at 1e-300: e^-1e-300 rounds to 1, log1p(-1) = -inf, its slope 0 * inf leaks
    # NaN through where; at high precision that branch is finite, so this is rounding's doing, not the rule's
    Case(N, "log1mexp_one_where_sum", _at(x=[1e-300, 0.3]), "float64", "unstable",
         _each("x", [1e-300, 0.3], _log1mexp_slope)),
    Case(N, "log_diff_exp", _at(a=-800, b=-801), "float64", "ok", _log_diff_exp_slopes(-800, -801)),
    Case(N, "log_diff_exp", _at(a=0, b=-1e-300), "float64", "ok", _log_diff_exp_slopes(0, -1e-300)),
    # d/db = -1 / (e^800 - 1): -3.7e-348
    Case(N, "log_diff_exp", _at(a=800, b=0), "float64", "ok", _log_diff_exp_slopes(800, 0)),
    Case(N, "log_add_exp_sum", _at(a=[-800, 800, 0], b=[-800.5, -800, 1e-300]), "float64", "ok",
         _logaddexp_slopes([-800, 800, 0], [-800.5, -800, 1e-300])),
    Case(N, "log_add_exp_naive_sum", _at(a=[1, 2], b=[0.5, 3]), "float64", "ok", _logaddexp_slopes([1, 2], [0.5, 3])),
    Case(N, "log_add_exp_naive_sum", _at(a=[800, 1], b=[799, 3]), "float64", "unstable",
         _logaddexp_slopes([800, 1], [799, 3])),
    Case(N, "logit_of_expit_sum", _at(x=[0.5, -30]), "float64", "ok", _each("x", [0.5, -30], lambda v: mp(1))),
    # expit(40) rounds to 1: logit(1) = inf
    Case(N, "logit_of_expit_sum", _at(x=[40]), "float64", "unstable", _each("x", [40], lambda v: mp(1))),
    # expit(-800) underflows to 0: logit(0) = -inf
    Case(N, "logit_of_expit_sum", _at(x=[-800]), "float64", "unstable", _each("x", [-800], lambda v: mp(1))),
    Case(N, "log_sigmoid_sum", _at(x=[-800, 800, 1e-300]), "float64", "ok",
         _each("x", [-800, 800, 1e-300], lambda v: _sig(-v))),
    Case(N, "log_cosh_sum", _at(x=[-800, 3, 0.5]), "float64", "ok", _each("x", [-800, 3, 0.5], mpmath.tanh)),
    Case(N, "log_cosh_sum", _at(x=[-80, 3]), "float32", "ok", _each("x", [-80, 3], mpmath.tanh, "float32")),
    Case(N, "log_cosh_naive_sum", _at(x=[3, 0.5]), "float64", "ok", _each("x", [3, 0.5], mpmath.tanh)),
    # cosh(800) overflows
    Case(N, "log_cosh_naive_sum", _at(x=[800]), "float64", "unstable", _each("x", [800], mpmath.tanh)),
    Case(N, "sigmoid_cross_entropy", _at(z=[1e-300, -1e-300, 800, -800]), "float64", "ok",
         _sigmoid_ce_slopes([1e-300, -1e-300, 800, -800])),
    # max(z, 0) and |z| both kink at 0, but their kinks cancel: max(z, 0) + log1p(e^-|z|) is softplus(z)
    Case(N, "sigmoid_cross_entropy", _at(z=[0, 0, 1, -1]), "float64", "ok", _sigmoid_ce_slopes([0, 0, 1, -1])),
    Case(N, "sigmoid_cross_entropy_naive", _at(z=[1, -1, 2, -2]), "float64", "ok", _sigmoid_ce_slopes([1, -1, 2, -2])),
    # p = expit(40) rounds to 1: (1 - y) log(1 - p) is 0 * -inf
    Case(N, "sigmoid_cross_entropy_naive", _at(z=[0.5, -0.5, 40, -40]), "float64", "unstable",
         _sigmoid_ce_slopes([0.5, -0.5, 40, -40])),
    Case(N, "smooth_abs_sum", _at(x=[1e-300, -2.5, 0]), "float64", "ok",
         _each("x", [1e-300, -2.5, 0], _smooth_abs_slope)),
    Case(N, "log_survival_normal", _at(x=[0, 5, 40]), "float64", "ok", _each("x", [0, 5, 40], _log_survival_slope)),
    Case(N, "log_survival_normal_naive", _at(x=[0.5, 1]), "float64", "ok",
         _each("x", [0.5, 1], _log_survival_slope)),
    # ndtr(40) rounds to 1: log 0
    Case(N, "log_survival_normal_naive", _at(x=[40]), "float64", "unstable", _each("x", [40], _log_survival_slope)),
    Case(N, "log_normal_interval", _at(a=-40, b=-39), "float64", "ok", _interval_slopes(-40, -39)),
    Case(N, "entropy", _at(p=[5e-324, 1e-310, 0.3]), "float64", "ok",
         _each("p", [5e-324, 1e-310, 0.3], _entropy_slope)),
    # p log p has slope -inf at p = 0, the edge of its domain
    Case(N, "entropy", _at(p=[0, 0.5, 0.5]), "float64", "domain", _each("p", [0, 0.5, 0.5], _entropy_slope)),
    Case(N, "bernoulli_entropy", _at(p=[1e-300, 0.5, 0.9999999999999999]), "float64", "ok",
         _each("p", [1e-300, 0.5, 0.9999999999999999], _bernoulli_entropy_slope)),
    Case(N, "kl_to_model", _at(q=[0.5, 1e-300, 0.25, 0.75]), "float64", "ok",
         _kl_slopes([0, 1e-300, 0.25, 0.75 - 1e-300], [0.5, 1e-300, 0.25, 0.75])),
    Case(N, "kl_to_model", _at(q=[5e-324, 5e-324, 0.5, 0.5]), "float64", "ok",
         _kl_slopes([0, 1e-300, 0.25, 0.75 - 1e-300], [5e-324, 5e-324, 0.5, 0.5])),
    Case(N, "kl_by_rel_entr", _at(q=[0.5, 1e-300, 0.25, 0.75]), "float64", "ok",
         _kl_slopes([0, 1e-300, 0.25, 0.75 - 1e-300], [0.5, 1e-300, 0.25, 0.75])),
    # KL(t || q) at q = t is 0: SciPy's rel_entr and kl_div are 0 there to the last bit
    Case(N, "kl_by_rel_entr", _at(q=[0.3, 1e-300, 0.25, 0.75]), "float64", "ok",
         _kl_slopes([0, 1e-300, 0.25, 0.75 - 1e-300], [0.3, 1e-300, 0.25, 0.75])),
    Case(N, "kl_by_kl_div", _at(q=[0.5, 1e-300, 0.25, 0.75]), "float64", "ok",
         hp(lambda: {"q": [1 + v for v in _kl_slopes([0, 1e-300, 0.25, 0.75 - 1e-300],
                                                     [0.5, 1e-300, 0.25, 0.75])()["q"]]})),
    Case(N, "entropy_weighted_mass", _at(q=[0.5, 2]), "float64", "ok",
         hp(lambda: {"q": [-sum(t * mpmath.log(t) for t in _in("float64", [0, 1e-300, 0.25, 0.75]) if t != 0)] * 2})),
    Case(N, "weighted_logsumexp", _at(a=[-800, -800, 5, -801]), "float64", "ok",
         _weighted_lse_slopes([-800, -800, 5, -801], [1, 2, 0, 0.5])),
    Case(N, "weighted_logsumexp", _at(a=[800, 0, 1000, -800]), "float64", "ok",
         _weighted_lse_slopes([800, 0, 1000, -800], [1, 2, 0, 0.5])),
    Case(N, "masked_logsumexp", _at(a=[-800, 5, -801, 7]), "float64", "ok",
         _masked_lse_slopes([-800, 5, -801, 7], [1, 0, 1, 0])),
    Case(N, "cross_entropy_first", _at(z=[800, -800, 0]), "float64", "ok", _cross_entropy_slopes([800, -800, 0])),
    Case(N, "cross_entropy_first", _at(z=[-800, -799.5, -801]), "float64", "ok",
         _cross_entropy_slopes([-800, -799.5, -801])),
    Case(N, "cross_entropy_first", _at(z=[-800, -800, -800]), "float64", "ok",
         _cross_entropy_slopes([-800, -800, -800])),
    Case(N, "scipy_log_softmax_first", _at(z=[-800, -800.5, -801]), "float64", "ok",
         _log_softmax_slopes([-800, -800.5, -801], 0)),
    Case(N, "cross_entropy_naive", _at(z=[1, 2, 3]), "float64", "ok", _cross_entropy_slopes([1, 2, 3])),
    # e^800 overflows
    Case(N, "cross_entropy_naive", _at(z=[800, -800, 0]), "float64", "unstable",
         _cross_entropy_slopes([800, -800, 0])),
    Case(N, "softmax_score", _at(z=[800, -800, 0]), "float64", "ok", _softmax_score_slopes([800, -800, 0])),
    Case(N, "softmax_score", _at(z=[1000, 1000, -1000]), "float64", "ok", _softmax_score_slopes([1000, 1000, -1000])),
    # float32's e^-200 weight is among the subnormals: the slope held as 14 of their steps where the truth is 13.27
    # (a 5% error; the corpus's x*exp(-y) at y = 740 in float64 likewise): relative error counts there too
    Case(N, "softmax_score", _at(z=[100, -100, 0]), "float32", "unstable",
         _softmax_score_slopes([100, -100, 0], "float32")),
    # e^-1e300: a slope of 10^(-4.3e299), digits no float holds
    Case(N, "scipy_log_softmax_first", _at(z=[0, -800, -1e300]), "float64", "ok",
         _log_softmax_slopes([0, -800, -1e300], 0)),
    Case(N, "signed_logsumexp", _at(a=[2, 1, -800]), "float64", "ok", _signed_lse_slopes([2, 1, -800])),
    Case(N, "log_softmax_second", _at(z=[-800, 800, 799]), "float64", "ok", _log_softmax_slopes([-800, 800, 799], 1)),
    Case(N, "hypot_chain", _at(x=[1e200, 2e200, 1e-300]), "float64", "ok", _norm_slopes([1e200, 2e200, 1e-300])),
    Case(N, "hypot_chain", _at(x=[3, 4, 0]), "float64", "ok", _norm_slopes([3, 4, 0])),
    Case(N, "hypot_chain", _at(x=[1e30, 2e30, 1e-30]), "float32", "ok", _norm_slopes([1e30, 2e30, 1e-30], "float32")),
    # float32's x * x overflows at 1e20
    Case(N, "naive_norm", _at(x=[1e20, 2e20, 1]), "float32", "unstable", _norm_slopes([1e20, 2e20, 1], "float32")),
    Case(N, "scaled_norm", _at(x=[3e300, -4e300, 1e-300]), "float64", "ok", _norm_slopes([3e300, -4e300, 1e-300])),
    Case(N, "naive_norm", _at(x=[3, 4, 0]), "float64", "ok", _norm_slopes([3, 4, 0])),
    # x * x overflows at 1e200
    Case(N, "naive_norm", _at(x=[1e200, 2e200, 1e-300]), "float64", "unstable", _norm_slopes([1e200, 2e200, 1e-300]),
         "np.sqrt(np.sum(x * x))"),
    # np.linalg.norm of a vector is sqrt(dot(x, x)) without scaling: it overflows too
    Case(N, "linalg_norm", _at(x=[1e200, 2e200, 1e-300]), "float64", "unstable", _norm_slopes([1e200, 2e200, 1e-300])),
    # X_FIXED ** 2 overflows: inf / inf
    Case(N, "cosine_similarity_naive", _at(y=[2, -1, 3]), "float64", "unstable", _cosine_slopes([2, -1, 3])),
    # x.y = 2e200 - 2e200 = 0 here: the cosine is exactly 0, its slope x / (|x||y|)
    Case(N, "cosine_similarity_scaled", _at(y=[2, -1, 3]), "float64", "ok", _cosine_slopes([2, -1, 3])),
    Case(N, "cosine_similarity_scaled", _at(y=[2, -1.5, 3]), "float64", "ok", _cosine_slopes([2, -1.5, 3])),
    Case(N, "gelu_erf_sum", _at(x=[-30, -40, 1.5]), "float64", "ok", _each("x", [-30, -40, 1.5], _gelu_slope)),
    Case(N, "gelu_erf_sum", _at(x=[-800]), "float64", "ok", _each("x", [-800], _gelu_slope)),
    # 1 + erf(-21.2) is 0 in float64: the slope keeps x phi(x) and loses Phi(x), 1/900 of it
    Case(N, "gelu_erf_naive_sum", _at(x=[-30]), "float64", "unstable", _each("x", [-30], _gelu_slope)),
    Case(N, "silu_sum", _at(x=[-700, -30, 2]), "float64", "ok", _each("x", [-700, -30, 2], _silu_slope)),
    Case(N, "silu_sum", _at(x=[-800, 2]), "float64", "ok", _each("x", [-800, 2], _silu_slope)),
    Case(N, "mish_sum", _at(x=[-700, 1e-300, 2]), "float64", "ok", _each("x", [-700, 1e-300, 2], _mish_slope)),
    Case(N, "kinks_sum", _at(x=[1e-300, -1e-300, 1e-300, -1e-300]), "float64", "ok",
         _kinks_slopes([1e-300, -1e-300, 1e-300, -1e-300])),
    Case(N, "kinks_sum", _at(x=[-5e-324, 5e-324, 0.9999999999999999, 5e-324]), "float64", "ok",
         _kinks_slopes([-5e-324, 5e-324, 0.9999999999999999, 5e-324])),
    Case(N, "kinks_sum", _at(x=[0, 1, 0.5, 1]), "float64", "domain", _kinks_slopes([0, 1, 0.5, 1])),
    Case(N, "relu_sum", _at(x=[1e-300, -1e-300, 0]), "float64", "domain", _each("x", [1e-300, -1e-300, 0], _relu_slope)),
]

GN = [
    Case(G, "log1mexp_sum", _at(x=[1e-300, 0.3, 800]), "float64", "ok",
         _each("x", [1e-300, 0.3, 800], _log1mexp_slope)),
    Case(G, "log1mexp_slip_sum", _at(x=[0.3]), "float64", "wrong", _each("x", [0.3], _log1mexp_slope),
         "log1mexp_slip>>def grad_fn"),
    Case(G, "softplus_inverse_sum", _at(y=[1e-300, 800]), "float64", "ok",
         _each("y", [1e-300, 800], _softplus_inverse_slope)),
    Case(G, "softplus_sum", _at(x=[-800, 800, 1e-300]), "float64", "ok", _each("x", [-800, 800, 1e-300], _sig)),
    Case(G, "softplus_sum", _at(x=[-80, 80]), "float32", "ok", _each("x", [-80, 80], _sig, "float32")),
    Case(G, "log_diff_exp", _at(a=800, b=0), "float64", "ok", _log_diff_exp_slopes(800, 0)),
    Case(G, "entropy", _at(p=[5e-324, 1e-300, 0.5]), "float64", "ok", _each("p", [5e-324, 1e-300, 0.5], _entropy_slope)),
    Case(G, "kl_to_model", _at(q=[0.5, 1e-300, 0.5, 0.5]), "float64", "ok",
         _kl_slopes([0, 1e-300, 0.5, 0.5 - 1e-300], [0.5, 1e-300, 0.5, 0.5])),
    Case(G, "bernoulli_entropy", _at(p=[1e-300, 0.25]), "float64", "ok",
         _each("p", [1e-300, 0.25], _bernoulli_entropy_slope)),
    Case(G, "masked_logsumexp", _at(a=[-800, 3, -801]), "float64", "ok",
         _masked_lse_slopes([-800, 3, -801], [1, 0, 1])),
    Case(G, "cross_entropy_first", _at(z=[-800, -799, -801.5]), "float64", "ok",
         _cross_entropy_slopes([-800, -799, -801.5])),
    Case(G, "cross_entropy_first", _at(z=[800, -800, 0]), "float64", "ok", _cross_entropy_slopes([800, -800, 0])),
    Case(G, "masked_logsumexp", _at(a=[-1e300, 3, -801]), "float64", "ok",
         _masked_lse_slopes([-1e300, 3, -801], [1, 0, 1])),
    Case(G, "cross_entropy_first", _at(z=[-800, -800, -800]), "float64", "ok", _cross_entropy_slopes([-800, -800, -800])),
    Case(G, "hypot_chain", _at(x=[1e200, 2e200, 1e-300]), "float64", "ok", _norm_slopes([1e200, 2e200, 1e-300])),
    # the slope at -60 is -2.9e-6731: float64's 0 is its nearest number
    Case(G, "gelu_tanh_sum", _at(x=[-35, -60, 1]), "float64", "ok", _each("x", [-35, -60, 1], _gelu_tanh_slope())),
    Case(G, "gelu_tanh_sum", _at(x=[-3, 1]), "float32", "ok", _each("x", [-3, 1], _gelu_tanh_slope("float32"), "float32")),
    # tanh(u) rounds to -1 in float32 at -10: 1 + tanh(u) and the derivative's 1 - tanh(u)^2 are 0, the slope
    # -2.8e-36 (a float32 number) comes out 0
    Case(G, "gelu_tanh_sum", _at(x=[-10, 1]), "float32", "unstable",
         _each("x", [-10, 1], _gelu_tanh_slope("float32"), "float32")),
    Case(G, "mish_sum", _at(x=[-700, 2]), "float64", "ok", _each("x", [-700, 2], _mish_slope)),
    Case(G, "silu_sum", _at(x=[-800, -30, 2]), "float64", "ok", _each("x", [-800, -30, 2], _silu_slope)),
    Case(G, "kinks_sum", _at(x=[1e-300, -1e-300, 1e-300, -1e-300]), "float64", "ok",
         _kinks_slopes([1e-300, -1e-300, 1e-300, -1e-300])),
]

ALL = NUMPY + GN
