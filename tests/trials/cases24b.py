"""The twenty-fourth trial set (second half): in JAX, a parameter tree walked by jax.tree_util, pairwise log-sum-exp by
lax.map, GELU by erf and by jax.nn.gelu(approximate=False) in its tail, logit of a sigmoid, silu in its tail, the
Hurwitz zeta in its shift, the generalised normal and Laplace log-densities, a fixed point in lax.while_loop under a
custom_vjp (the implicit derivative right, and with its factor forgotten), the first principal component's variance
by eigh, norms with ord=3, inf and 1, a double-where guarded norm, tanh blocks under jax.checkpoint, jnp.cumprod
through zeros and a reparameterised sample with a fixed key; in plain NumPy, np.polynomial's Chebyshev, Hermite and
power series, np.roots, hinge losses by np.clip, a clipped log-loss, ridge regression by np.linalg.solve, np.linalg.inv
and det, slogdet and Cholesky log-determinants, Lambert's W by Newton steps in a for loop, softmax with and without
its maximum subtracted at ties, np.logaddexp.reduce, entropy by np.nan_to_num, Box-Muller, the polar angle at and near
the pole, an unwrapped np.angle, np.einsum and np.convolve.

Truths are the mathematics written here in mpmath (closed forms, or mpmath.diff at 2,000 digits through `num_grad`),
never the user files' code; points are the numbers the dtype holds, constants the float64 numbers the program writes.
A coordinate with no derivative is written NaN by hand.
"""

import math

import mpmath
import numpy as np

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp
from cases12a import _f, num_grad
from cases22b import _each, _sig

J, N = "jax_lib24b.py", "numpy_lib24b.py"
PI = _f(math.pi)


def _fixed(name, values):
    """A gradient known entry by entry (None: no derivative there)."""
    return hp(lambda: {name: [NAN if v is None else mp(v) for v in values]})


def _softmax(xs):
    top = max(xs)
    e = [mpmath.exp(v - top) for v in xs]
    return [v / sum(e) for v in e]


def _phi(x):
    return mpmath.exp(-x * x / 2) / mpmath.sqrt(2 * mpmath.pi)


def _big_phi(x):
    return mpmath.erfc(-x / mpmath.sqrt(2)) / 2


# --- the mathematics of the JAX file ----------------------------------------------------------------------------------


def _tree_truth(leaf, dtype="float64"):
    """d/d leaf of mean((x w + b - y)^2) + 0.01 (|w|^2 + b^2 + t^2) at tree_args' point (0.01 as the dtype holds it:
    JAX makes the Python float the dtype of the penalty it multiplies)."""
    def truth():
        k = 2 * _in(dtype, [0.01])[0]
        w, b, t = [mp("0.5"), mp(-1)], mp("0.25"), mp(2)
        xs = [[mp(1), mp(2)], [mp("0.5"), mp(-1)], [mp(3), mp(0)]]
        ys = [mp(1), mp(0), mp(2)]
        r = [sum(a * c for a, c in zip(row, w)) + b - y for row, y in zip(xs, ys)]
        gw = [sum(2 * ri * row[j] for ri, row in zip(r, xs)) / 3 + k * w[j] for j in range(2)]
        gb = sum(2 * ri for ri in r) / 3 + k * b
        return {"params.dense.w": gw, "params.dense.b": gb, "params.temperature": k * t}[leaf]
    return hp(lambda: {leaf: truth()})


def _pair_softmax(x, dtype="float64"):
    """d/dx of sum over pairs of log(e^a + e^b): each pair's softmax."""
    def truth():
        xs = _in(dtype, x)
        out = []
        for a, b in zip(xs[0::2], xs[1::2]):
            out += [_sig(a - b), _sig(b - a)]
        return {"x": out}
    return hp(truth)


def _gelu_slope(x):
    """d/dx x Phi(x) = Phi(x) + x phi(x) (the program's x / sqrt(2) is exact: sqrt of the literal 2)."""
    return _big_phi(x) + x * _phi(x)


def _gelu_library_slope(x):
    """JAX's exact GELU 0.5 x erfc(-x c), c the float64 sqrt(0.5): 0.5 erfc(-x c) + x c exp(-x^2 c^2) / sqrt(pi)."""
    c = _f(math.sqrt(0.5))
    return mpmath.erfc(-x * c) / 2 + x * c * mpmath.exp(-x * x * c * c) / mpmath.sqrt(mpmath.pi)


def _silu_slope(x):
    s = _sig(x)
    return s * (1 + x * (1 - s))


def _fixed_point_slopes(a, dtype="float64"):
    """z = 0.5 cos z + a; d z^2 / da = 2 z / (1 + 0.5 sin z) (the 200-trip iteration is 0.5^200 from it)."""
    def truth():
        out = []
        for v in _in(dtype, a):
            z = mpmath.findroot(lambda t: t - mpmath.cos(t) / 2 - v, v)
            out.append(2 * z / (1 + mpmath.sin(z) / 2))
        return {"a": out}
    return hp(truth)


def _top_variance(x):
    """The larger eigenvalue of the 2 x 2 sample covariance, in closed form."""
    n = len(x)
    m = [sum(row[k] for row in x) / n for k in range(2)]
    c = [[sum((row[i] - m[i]) * (row[j] - m[j]) for row in x) / (n - 1) for j in range(2)] for i in range(2)]
    half = (c[0][0] + c[1][1]) / 2
    return half + mpmath.sqrt(((c[0][0] - c[1][1]) / 2) ** 2 + c[0][1] ** 2)


def _l3_slopes(x, dtype="float64"):
    def truth():
        xs = _in(dtype, x)
        n = mpmath.cbrt(sum(abs(v) ** 3 for v in xs))
        return {"x": [mpmath.sign(v) * v * v / (n * n) for v in xs]}
    return hp(truth)


def _deep_tanh(w):
    h = [mp(1), mp("-0.5")]
    for _ in range(3):
        h = [mpmath.tanh(w[i][0] * h[0] + w[i][1] * h[1]) for i in range(2)]
    return h[0] ** 2 + h[1] ** 2


# jax.random.normal(jax.random.key(42), (3,), dtype=float64): data of the program, as the floats JAX draws
EPS = [-0.18471174528191162, -2.169824560397754, 0.18693555179382582]


def _reparam_truth():
    mu, ls = mp("0.5"), mp("-0.3")
    s = mpmath.exp(ls)
    z = [mu + s * _f(e) for e in EPS]
    return {"mu": 2 * sum(z), "log_sigma": 2 * sum(zk * s * _f(e) for zk, e in zip(z, EPS))}


def _ravel_softmax(values):
    """d/d leaf of log sum e^v over the tree's numbers: the softmax, split back into the leaves a (two) and b.c."""
    def truth():
        p = _softmax([mp(v) for v in values])
        return {"params.a": p[:2], "params.b.c": p[2]}
    return hp(truth)


def _row_scores(x):
    """d/dx_ij of sum_i (-|x_i|^2 / 2 - log sum_j e^x_ij) = -x_ij - softmax(x_i)_j."""
    def truth():
        return {"x": [[-v - p for v, p in zip(row, _softmax(row))] for row in ([mp(v) for v in r] for r in x)]}
    return hp(truth)


def _bottom_scatter(x):
    """The smaller eigenvalue of the centred scatter matrix: the error of the best rank-one projection."""
    n = len(x)
    m = [sum(row[k] for row in x) / n for k in range(2)]
    c = [[sum((row[i] - m[i]) * (row[j] - m[j]) for row in x) for j in range(2)] for i in range(2)]
    half = (c[0][0] + c[1][1]) / 2
    return half - mpmath.sqrt(((c[0][0] - c[1][1]) / 2) ** 2 + c[0][1] ** 2)


def _condition_2x2(a):
    """sigma_1 / sigma_2 = sigma_1^2 / |det A|, sigma_1^2 = (F + sqrt(F^2 - 4 det^2)) / 2, F = |A|_F^2."""
    fro = sum(v * v for row in a for v in row)
    det = a[0][0] * a[1][1] - a[0][1] * a[1][0]
    return (fro + mpmath.sqrt(fro * fro - 4 * det * det)) / 2 / abs(det)


def _attention(q):
    """sum over queries i and value columns d of softmax_j(q_i . k_j c)_j v_jd, c the float 1 / sqrt(2) JAX scales by."""
    keys = [[1, 0], [0, 1], [1, 1]]
    totals = [3, mp("-0.5"), 3]  # each value row summed
    c = _f(1 / math.sqrt(2))
    out = 0
    for qi in q:
        p = _softmax([c * (qi[0] * k[0] + qi[1] * k[1]) for k in keys])
        out += sum(pj * t for pj, t in zip(p, totals))
    return out


def _log_sf_slope(x):
    """d/dx log(1 - Phi(x)) = -phi(x) / (1 - Phi(x))."""
    return -_phi(x) / (mpmath.erfc(x / mpmath.sqrt(2)) / 2)


def _inverse_transpose(a):
    def truth():
        g = mpmath.inverse(mpmath.matrix([[_f(v) for v in row] for row in a])).T
        return {"a": [[g[i, j] for j in range(len(a))] for i in range(len(a))]}
    return hp(truth)


W2 = [[0.5, -1.0], [2.0, 0.25]]
PCA = [[1, 2], [0.5, -1], [3, 0.25], [-1, 1]]
ISOTROPIC = [[1, 0], [-1, 0], [0, 1], [0, -1]]

JAX = [
    Case(J, "tree_regularised_loss", None, "float64", "ok", _tree_truth("params.dense.w"), args="tree_args",
         wrt="params.dense.w"),
    # a leaf only the penalty reads (every number of the tree is a float32 too)
    Case(J, "tree_regularised_loss", None, "float32", "ok", _tree_truth("params.temperature", "float32"), args="tree_args",
         wrt="params.temperature"),
    Case(J, "ravelled_log_sum_exp", None, "float64", "ok", _ravel_softmax([1, 2, 3]), args="ravel_args", wrt="params"),
    # e^800 overflows
    Case(J, "ravelled_log_sum_exp", None, "float64", "unstable", _ravel_softmax([800, -800, 799]), args="ravel_args_far",
         wrt="params"),
    Case(J, "row_log_likelihood", "x=[[1,2],[0,-1],[0.5,0.5]]", "float64", "ok",
         _row_scores([[1, 2], [0, -1], [0.5, 0.5]])),
    # e^800 overflows in the second row
    Case(J, "row_log_likelihood", "x=[[1,2],[800,-800],[0.5,0.5]]", "float64", "unstable",
         _row_scores([[1, 2], [800, -800], [0.5, 0.5]]), "return -0.5 * jnp.sum(r ** 2) - jnp.log(jnp.sum(jnp.exp(r)))"),
    Case(J, "pairwise_lse_total", "x=[800,-800,1,1]", "float64", "ok", _pair_softmax([800, -800, 1, 1])),
    Case(J, "pairwise_lse_total", "x=[80,-80,1,1]", "float32", "ok", _pair_softmax([80, -80, 1, 1], "float32")),
    Case(J, "pairwise_lse_naive", "x=[1,2,0.5,-0.5]", "float64", "ok", _pair_softmax([1, 2, 0.5, -0.5])),
    # e^800 overflows inside the mapped body
    Case(J, "pairwise_lse_naive", "x=[800,799,1,1]", "float64", "unstable", _pair_softmax([800, 799, 1, 1]),
         "jnp.log(jnp.exp(r[0]) + jnp.exp(r[1]))", fix="logaddexp"),
    Case(J, "gelu_erf_sum", "x=[0.5,-3]", "float64", "ok", _each("x", _gelu_slope, [0.5, -3])),
    # 1 + erf(-14.1) rounds to 0: Phi(-20) = 2.8e-89 is lost, the slope -1.10144e-86 is off by 0.25%
    Case(J, "gelu_erf_sum", "x=[-20]", "float64", "unstable", _each("x", _gelu_slope, [-20]),
         "return jnp.sum(x * 0.5 * (1.0 + erf("),
    # float32: 1 + erf(-5.66) rounds to 0, Phi(-8) = 6.2e-16 against a slope of -4e-14
    Case(J, "gelu_erf_sum", "x=[-8]", "float32", "unstable", _each("x", _gelu_slope, [-8], "float32")),
    Case(J, "gelu_library_sum", "x=[-20,0.5]", "float64", "ok", _each("x", _gelu_library_slope, [-20, 0.5])),
    # the slope at -40 is -1.6e-346, below float64's least subnormal: 0 is its nearest float
    Case(J, "gelu_library_sum", "x=[-40]", "float64", "ok", _each("x", _gelu_library_slope, [-40])),
    Case(J, "logit_of_sigmoid", "x=[2,-3,-40]", "float64", "ok", _fixed("x", [1, 1, 1])),
    # sigmoid(40) rounds to 1: logit(1) is inf
    Case(J, "logit_of_sigmoid", "x=[40]", "float64", "unstable", _fixed("x", [1])),
    # sigmoid(-800) underflows to 0: logit(0) is -inf
    Case(J, "logit_of_sigmoid", "x=[-800]", "float64", "unstable", _fixed("x", [1])),
    Case(J, "logit_of_sigmoid", "x=[17]", "float32", "unstable", _fixed("x", [1])),
    Case(J, "silu_sum", "x=[-30,2]", "float64", "ok", _each("x", _silu_slope, [-30, 2])),
    # e^710 overflows, so sigmoid(-710) is 0 where it is 4.5e-309: the slope -3.2e-306 comes out 0
    Case(J, "silu_sum", "x=[-710]", "float64", "unstable", _each("x", _silu_slope, [-710])),
    Case(J, "silu_sum", "x=[-89]", "float32", "unstable", _each("x", _silu_slope, [-89], "float32")),
    Case(J, "hurwitz_tail", "q=[0.5,2,100]", "float64", "ok",
         _each("q", lambda v: -3 * mpmath.zeta(4, v), [0.5, 2, 100])),
    Case(J, "hurwitz_tail", "q=[0.5,2]", "float32", "ok", _each("q", lambda v: -3 * mpmath.zeta(4, v), [0.5, 2], "float32")),
    # |x|^1.5 is smooth through 0 with slope 0
    Case(J, "gennorm_log_likelihood", "x=[0,1,-2]", "float64", "ok",
         _each("x", lambda v: -mpmath.mpf(3) / 2 * mpmath.sign(v) * mpmath.sqrt(abs(v)), [0, 1, -2])),
    Case(J, "laplace_log_likelihood", "mu=0.25", "float64", "ok", hp(lambda: {"mu": mp(1)})),
    # mu on a data point: the slope jumps from 1 to -1
    Case(J, "laplace_log_likelihood", "mu=0.5", "float64", "domain", hp(lambda: {"mu": NAN})),
    Case(J, "fixed_point_energy", "a=[0.3,2]", "float64", "ok", _fixed_point_slopes([0.3, 2])),
    Case(J, "fixed_point_energy", "a=[0.3,2]", "float32", "ok", _fixed_point_slopes([0.3, 2], "float32")),
    # the backward forgets 1 / (1 + 0.5 sin z)
    Case(J, "fixed_point_fast_energy", "a=[0.3,2]", "float64", "wrong", _fixed_point_slopes([0.3, 2]),
         "def _fixed_point_fast_bwd"),
    Case(J, "top_component_variance", "x=[[1,2],[0.5,-1],[3,0.25],[-1,1]]", "float64", "ok",
         num_grad(_top_variance, x=PCA)),
    Case(J, "top_component_variance", "x=[[1,2],[0.5,-1],[3,0.25],[-1,1]]", "float32", "ok",
         num_grad(_top_variance, dtype="float32", x=PCA)),
    # data at 1e-160: the covariance's entries (1e-320) are subnormal, its eigenvalue keeps a few bits
    Case(J, "top_component_variance", "x=[[1e-160,2e-160],[5e-161,-1e-160],[3e-160,2.5e-161],[-1e-160,1e-160]]",
         "float64", "unstable",
         num_grad(_top_variance, x=[[1e-160, 2e-160], [5e-161, -1e-160], [3e-160, 2.5e-161], [-1e-160, 1e-160]])),
    # an isotropic cloud: the two eigenvalues tie, the top one is a cone in every entry
    Case(J, "top_component_variance", "x=[[1,0],[-1,0],[0,1],[0,-1]]", "float64", "domain",
         hp(lambda: {"x": [[NAN, NAN] for _ in ISOTROPIC]})),
    Case(J, "reconstruction_error", "x=[[1,2],[0.5,-1],[3,0.25],[-1,1]]", "float64", "ok",
         num_grad(_bottom_scatter, x=PCA)),
    Case(J, "reconstruction_error", "x=[[1,2],[0.5,-1],[3,0.25],[-1,1]]", "float32", "ok",
         num_grad(_bottom_scatter, dtype="float32", x=PCA)),
    # isotropic: the two eigenvalues tie, the smaller one is a cone in every entry
    Case(J, "reconstruction_error", "x=[[1,0],[-1,0],[0,1],[0,-1]]", "float64", "domain",
         hp(lambda: {"x": [[NAN, NAN] for _ in ISOTROPIC]})),
    Case(J, "condition_number", "a=[[2,1],[0.5,3]]", "float64", "ok", num_grad(_condition_2x2, a=[[2, 1], [0.5, 3]])),
    # a rotation: both singular values 1, the condition number at its minimum (a kink in every entry)
    Case(J, "condition_number", "a=[[0,1],[-1,0]]", "float64", "domain", hp(lambda: {"a": [[NAN, NAN], [NAN, NAN]]})),
    Case(J, "euclidean_norm", "x=[3,4]", "float64", "ok", _fixed("x", [0.6, 0.8])),
    Case(J, "euclidean_norm", "x=[0,0]", "float64", "domain", _fixed("x", [None, None])),
    # jax.nn.dot_product_attention takes its softmax in float32 whatever the inputs' dtype: float64 keeps 7 digits
    Case(J, "attention_total", "q=[[1,2],[0.5,-1]]", "float64", "unstable", num_grad(_attention, q=[[1, 2], [0.5, -1]]),
         "out = jax.nn.dot_product_attention("),
    # ... and exp(-1131) underflows in that float32
    Case(J, "attention_total", "q=[[800,-800],[1,2]]", "float64", "unstable",
         num_grad(_attention, q=[[800, -800], [1, 2]])),
    Case(J, "attention_total", "q=[[80,-80],[1,2]]", "float32", "ok",
         num_grad(_attention, dtype="float32", q=[[80, -80], [1, 2]])),
    Case(J, "log_survival_naive", "x=[1,-2]", "float64", "ok", _each("x", _log_sf_slope, [1, -2])),
    # P(Z > 40) = 3.7e-350 underflows to 0: log 0 where the answer is -804.6
    Case(J, "log_survival_naive", "x=[40]", "float64", "unstable", _each("x", _log_sf_slope, [40]),
         "return jnp.sum(jnp.log(stats.norm.sf(x)))"),
    Case(J, "l3_norm", "x=[3,-4]", "float64", "ok", _l3_slopes([3, -4])),
    Case(J, "l3_norm", "x=[3,-4]", "float32", "ok", _l3_slopes([3, -4], "float32")),
    # (|x0|^3 + 1)^(1/3) is smooth at x0 = 0, slope 0
    Case(J, "l3_norm", "x=[0,1]", "float64", "ok", _fixed("x", [0, 1])),
    Case(J, "l3_norm", "x=[0,0]", "float64", "domain", _fixed("x", [None, None])),
    # |1e-200|^3 underflows to 0: the cube root's slope at 0 is infinite, times 3e-400 (0): NaN where the slope is 1
    Case(J, "l3_norm", "x=[1e-200,0]", "float64", "unstable", _fixed("x", [1, 0])),
    Case(J, "max_norm", "x=[3,-4]", "float64", "ok", _fixed("x", [0, -1])),
    Case(J, "max_norm", "x=[3,-3,1]", "float64", "domain", _fixed("x", [None, None, 0])),
    Case(J, "l1_norm", "x=[1,-2]", "float64", "ok", _fixed("x", [1, -1])),
    Case(J, "l1_norm", "x=[0,2]", "float64", "domain", _fixed("x", [None, 1])),
    Case(J, "guarded_norm", "x=[3,4]", "float64", "ok", _fixed("x", [0.6, 0.8])),
    # the guard makes JAX's gradient 0 at 0, but the norm has no derivative there
    Case(J, "guarded_norm", "x=[0,0]", "float64", "domain", _fixed("x", [None, None])),
    # the squares underflow, so the guard takes the branch for 0: value and slopes 0 where the slopes are 1 / sqrt 2
    Case(J, "guarded_norm", "x=[1e-200,1e-200]", "float64", "unstable",
         hp(lambda: {"x": [1 / mpmath.sqrt(2), 1 / mpmath.sqrt(2)]})),
    Case(J, "deep_tanh_energy", "w=[[0.5,-1],[2,0.25]]", "float64", "ok", num_grad(_deep_tanh, w=W2)),
    Case(J, "deep_tanh_energy", "w=[[0.5,-1],[2,0.25]]", "float32", "ok", num_grad(_deep_tanh, dtype="float32", w=W2)),
    Case(J, "survival_total", "x=[0.5,0.25,2]", "float64", "ok", _fixed("x", [1.75, 1.5, 0.125])),
    Case(J, "survival_total", "x=[0.5,0.25,2]", "float32", "ok", _fixed("x", [1.75, 1.5, 0.125])),
    Case(J, "survival_total", "x=[2,0,3]", "float64", "ok", _fixed("x", [1, 8, 0])),
    Case(J, "survival_total", "x=[0,0,3]", "float64", "ok", _fixed("x", [1, 0, 0])),
    # 0.1 sum 0.9^(n-1-k) x_k after the first, which enters as 0.9^(n-1)
    Case(J, "ema_last", "x=[1,2,3,4,5]", "float64", "ok",
         hp(lambda: {"x": [_f(0.9) ** 4] + [_f(0.1) * _f(0.9) ** (3 - k) for k in range(4)]})),
    Case(J, "ema_last", "x=[1,2,3,4,5]", "float32", "ok",
         hp(lambda: {"x": [_in("float32", [0.9])[0] ** 4]
                     + [_in("float32", [0.1])[0] * _in("float32", [0.9])[0] ** (3 - k) for k in range(4)]})),
    Case(J, "pairwise_distance_total", "points=[[0,0],[3,4],[3,5]]", "float64", "ok",
         hp(lambda: {"points": [[mp("-0.6"), mp("-0.8")], [mp("0.6"), mp("-0.2")], [mp(0), mp(1)]]})),
    # two points coincide: the distance between them is a cone
    Case(J, "pairwise_distance_total", "points=[[0,0],[3,4],[3,4]]", "float64", "domain",
         hp(lambda: {"points": [[mp("-0.6"), mp("-0.8")], [NAN, NAN], [NAN, NAN]]})),
    # a negative determinant: log |det| still has the gradient A^-T
    Case(J, "log_abs_det", "a=[[1,2],[3,1]]", "float64", "ok", _inverse_transpose([[1, 2], [3, 1]])),
    Case(J, "log_abs_det", "a=[[1,2],[3,1]]", "float32", "ok", _inverse_transpose([[1, 2], [3, 1]])),
    # the stop_gradient holds round(x) - x constant: the derivative through it is 2 round(x)
    Case(J, "rounded_ste", "x=[0.3,1.7]", "float64", "ok", _fixed("x", [0, 4])),
    Case(J, "relu6_total", "x=[-1,3,7]", "float64", "ok", _fixed("x", [0, 1, 0])),
    # at 6 the slope drops from 1 to 0
    Case(J, "relu6_total", "x=[6,3]", "float64", "domain", _fixed("x", [None, 1])),
    Case(J, "reparam_energy", "mu=0.5,log_sigma=-0.3", "float64", "ok", hp(_reparam_truth)),
]


# --- the mathematics of the NumPy file --------------------------------------------------------------------------------


def _chebyshev_slopes(c):
    """d/dc_k sum_i f(t_i)^2 = 2 sum_i f(t_i) T_k(t_i), t = -1, -0.5, 0, 0.5, 1."""
    def truth():
        t = [mp(-1), mp("-0.5"), mp(0), mp("0.5"), mp(1)]
        cs = _in("float64", c)
        f = [sum(ck * mpmath.chebyt(k, ti) for k, ck in enumerate(cs)) for ti in t]
        return {"c": [2 * sum(fi * mpmath.chebyt(k, ti) for fi, ti in zip(f, t)) for k in range(len(cs))]}
    return hp(truth)


def _larger_root_slopes(p):
    """r = (-p1 + sqrt(p1^2 - 4 p0 p2)) / (2 p0) for p0 > 0; dr/dp_k = -r^(2 - k) / P'(r)."""
    def truth():
        a, b, c = (mp(v) for v in p)
        r = (-b + mpmath.sqrt(b * b - 4 * a * c)) / (2 * a)
        slope = 2 * a * r + b
        return {"p": [-r * r / slope, -r / slope, -1 / slope]}
    return hp(truth)


def _ridge(lam):
    x = mpmath.matrix([[1, 2], ["0.5", -1], [3, "0.25"]])
    y = mpmath.matrix([1, 0, 2])
    w = mpmath.lu_solve(x.T * x + lam * mpmath.eye(2), x.T * y)
    return w[0] ** 2 + w[1] ** 2


def _mahalanobis_slopes(x, dtype="float64"):
    def truth():
        xs = _in(dtype, x)
        inv = mpmath.inverse(mpmath.matrix([[2, _f(0.3)], [_f(0.3), 1]]))
        d = [xs[0] - 1, xs[1] + 1]
        return {"x": [2 * (inv[i, 0] * d[0] + inv[i, 1] * d[1]) for i in range(2)]}
    return hp(truth)


def _inverse_trace_slopes(a):
    """d tr(A^-1) / dA = -(A^-2)^T."""
    def truth():
        inv = mpmath.inverse(mpmath.matrix([[_f(v) for v in row] for row in a]))
        g = -(inv * inv).T
        return {"a": [[g[i, j] for j in range(len(a))] for i in range(len(a))]}
    return hp(truth)


def _chol_logdet_truth():
    """logdet through Cholesky reads the lower triangle: A^-1 on the diagonal, 2 A^-1 below it, 0 above."""
    def truth():
        inv = mpmath.inverse(mpmath.matrix([[2, 1], [1, 3]]))
        return {"a": [[inv[0, 0], mp(0)], [2 * inv[1, 0], inv[1, 1]]]}
    return hp(truth)


def _float32_layer_slopes(x):
    """d/dx sum tanh(W x) = W^T (1 - tanh(W x)^2), W the float32 numbers the program stores."""
    def truth():
        w = [[mp(float(np.float32(v))) for v in row] for row in [[0.1, -0.7], [1.3, 0.2]]]
        xs = _in("float64", x)
        t = [mpmath.tanh(row[0] * xs[0] + row[1] * xs[1]) for row in w]
        return {"x": [sum(w[i][j] * (1 - t[i] ** 2) for i in range(2)) for j in range(2)]}
    return hp(truth)


def _self_convolution(x):
    n = len(x)
    conv = [sum(x[i] * x[k - i] for i in range(n) if 0 <= k - i < n) for k in range(2 * n - 1)]
    return sum(v * v for v in conv)


def _residual(t):
    y = [mp(1), mp("2.5"), mp(2), mp(4)]
    n = len(t)
    mt, my = sum(t) / n, sum(y) / n
    sxx = sum((a - mt) ** 2 for a in t)
    sxy = sum((a - mt) * (b - my) for a, b in zip(t, y))
    syy = sum((b - my) ** 2 for b in y)
    return syy - sxy * sxy / sxx


def _curvature(x):
    p = [x[0]] + list(x) + [x[-1]]
    return sum((p[i + 2] - 2 * p[i + 1] + p[i]) ** 2 for i in range(len(x)))


def _sandwich_slopes(a):
    """d tr(A B A) / dA = (B A + A B)^T."""
    def truth():
        am, bm = mpmath.matrix(a), mpmath.matrix([[1, 2], [0, -1]])
        g = (bm * am + am * bm).T
        return {"a": [[g[i, j] for j in range(2)] for i in range(2)]}
    return hp(truth)


def _lambert_slopes(a, dtype="float64"):
    def truth():
        out = []
        for v in _in(dtype, a):
            w = mpmath.lambertw(v).real
            out.append(w / (v * (1 + w)))
        return {"a": out}
    return hp(truth)


def _softmax_first_slopes(x):
    """d p_0 / dx = p_0 (e_0 - p)."""
    def truth():
        p = _softmax(_in("float64", x))
        return {"x": [p[0] * ((1 if k == 0 else 0) - pk) for k, pk in enumerate(p)]}
    return hp(truth)


def _log_softmax_first_slopes(x):
    def truth():
        p = _softmax(_in("float64", x))
        return {"x": [(1 if k == 0 else 0) - pk for k, pk in enumerate(p)]}
    return hp(truth)


def _row_softmax(x, dtype="float64"):
    return hp(lambda: {"x": [_softmax(_in(dtype, row)) for row in x]})


def _box_muller(u):
    r = mpmath.sqrt(-2 * mpmath.log(u[0]))
    angle = 2 * PI * u[1]  # the program's 2 * np.pi is the float pi doubled, exactly
    return r * (mpmath.cos(angle) + mpmath.sin(angle))


def _polar_slopes(p):
    """theta = atan2(rho, z), rho = hypot(x, y): d/dx = z x / (rho r^2), d/dy = z y / (rho r^2), d/dz = -rho / r^2."""
    def truth():
        x, y, z = _in("float64", p)
        rho = mpmath.hypot(x, y)
        r2 = rho * rho + z * z
        return {"p": [z * x / (rho * r2), z * y / (rho * r2), -rho / r2]}
    return hp(truth)


def _phase_slopes():
    """np.angle gives x - 2 pi (the real pi) past pi; np.unwrap adds back 2 pi as the float: slope 2 (x - 2 pi + 2 pi_f)."""
    def truth():
        shift = -2 * mpmath.pi + 2 * PI
        return {"x": [mp(0), mp(4), 2 * (4 + shift), 2 * (6 + shift)]}
    return hp(truth)


TINY3 = [[1e-110, 0, 0], [0, 1e-110, 0], [0, 0, 1e-110]]

NUMPY = [
    Case(N, "chebyshev_fit_energy", "c=[1,0.5,-0.25]", "float64", "ok", _chebyshev_slopes([1, 0.5, -0.25])),
    Case(N, "hermite_profile", "x=[0.5,-1]", "float64", "ok", _fixed("x", [0, 3])),
    Case(N, "power_series", "c=[1,2,3]", "float64", "ok", _fixed("c", [1, 2, 4])),
    # np.polynomial's classes compute on the coefficients they are made of: refused by name, as np.poly1d is
    Case(N, "power_series_by_class", "c=[1,2,3]", "float64", "input-error", message=("numpy.polynomial.Polynomial", "line")),
    Case(N, "larger_root", "p=[1,-3,2]", "float64", "ok", _larger_root_slopes([1, -3, 2])),
    # a double root: the discriminant's square root is a cone in every coefficient
    Case(N, "larger_root", "p=[1,-2,1]", "float64", "domain", _fixed("p", [None, None, None])),
    # the first sample sits exactly on the hinge (margin 0): a kink in w0 only
    Case(N, "hinge_loss", "w=[1,0.5]", "float64", "domain", hp(lambda: {"w": [NAN, mp(1) / 3]})),
    Case(N, "hinge_loss", "w=[2,0.5]", "float64", "ok", hp(lambda: {"w": [mp(0), mp(1) / 3]})),
    # squared, the hinge is smooth at margin 0
    Case(N, "squared_hinge_loss", "w=[1,0.5]", "float64", "ok", _fixed("w", [0, 1])),
    Case(N, "clipped_log_loss", "p=[0.5,0]", "float64", "ok", _fixed("p", [-2, 0])),
    Case(N, "clipped_log_loss", "p=[1]", "float64", "ok", _fixed("p", [0])),
    # on the lower bound the slope jumps from 0 to -1e7
    Case(N, "clipped_log_loss", "p=[1e-7]", "float64", "domain", _fixed("p", [None])),
    Case(N, "ridge_weight_norm", "lam=0.1", "float64", "ok", num_grad(_ridge, lam=0.1)),
    Case(N, "ridge_weight_norm", "lam=0.1", "float32", "ok", num_grad(_ridge, dtype="float32", lam=0.1)),
    Case(N, "mahalanobis", "x=[0.5,2]", "float64", "ok", _mahalanobis_slopes([0.5, 2])),
    Case(N, "mahalanobis", "x=[0.5,2]", "float32", "ok", _mahalanobis_slopes([0.5, 2], "float32")),
    Case(N, "inverse_trace", "a=[[2,1],[0.5,3]]", "float64", "ok", _inverse_trace_slopes([[2, 1], [0.5, 3]])),
    Case(N, "log_det_naive", "a=[[2,1],[0.5,3]]", "float64", "ok", _inverse_transpose([[2, 1], [0.5, 3]])),
    # det = 1e-330 underflows to 0: log 0 where the log-determinant is -759.8
    Case(N, "log_det_naive", "a=[[1e-110,0,0],[0,1e-110,0],[0,0,1e-110]]", "float64", "unstable",
         _inverse_transpose(TINY3), "return np.log(np.linalg.det(a))", fix="slogdet"),
    Case(N, "log_det_slogdet", "a=[[1e-110,0,0],[0,1e-110,0],[0,0,1e-110]]", "float64", "ok", _inverse_transpose(TINY3)),
    Case(N, "log_det_cholesky", "a=[[2,1],[1,3]]", "float64", "ok", _chol_logdet_truth()),
    Case(N, "float32_layer", "x=[0.3,-1.2]", "float64", "ok", _float32_layer_slopes([0.3, -1.2])),
    Case(N, "quadratic_form", "x=[1,-2]", "float64", "ok", _fixed("x", [4, -12])),
    Case(N, "self_convolution_energy", "x=[1,-2,0.5]", "float64", "ok", num_grad(_self_convolution, x=[1, -2, 0.5])),
    Case(N, "line_fit_residual", "t=[0,1,2,3]", "float64", "ok", num_grad(_residual, t=[0, 1, 2, 3])),
    Case(N, "line_fit_residual", "t=[0,1,2,3]", "float32", "ok", num_grad(_residual, dtype="float32", t=[0, 1, 2, 3])),
    Case(N, "padded_curvature", "x=[1,3,2,5]", "float64", "ok", num_grad(_curvature, x=[1, 3, 2, 5])),
    Case(N, "row_norm_total", "x=[[3,4],[1,0]]", "float64", "ok", hp(lambda: {"x": [[mp("0.6"), mp("0.8")], [mp(1), mp(0)]]})),
    # a row at 0: its norm is a cone there
    Case(N, "row_norm_total", "x=[[3,4],[0,0]]", "float64", "domain", hp(lambda: {"x": [[mp("0.6"), mp("0.8")], [NAN, NAN]]})),
    Case(N, "sandwich_trace", "a=[[1,2],[3,4]]", "float64", "ok", _sandwich_slopes([[1, 2], [3, 4]])),
    Case(N, "cube_root_total", "a=[8,0.001,1000]", "float64", "ok",
         _each("a", lambda v: 1 / (3 * mpmath.cbrt(v) ** 2), [8, 0.001, 1000])),
    Case(N, "lambert_w_total", "a=[0.5,3,100]", "float64", "ok", _lambert_slopes([0.5, 3, 100])),
    Case(N, "lambert_w_total", "a=[1e-300]", "float64", "ok", _lambert_slopes([1e-300])),
    Case(N, "lambert_w_total", "a=[0.5,3]", "float32", "ok", _lambert_slopes([0.5, 3], "float32")),
    # the maximum ties; softmax does not depend on which is subtracted
    Case(N, "softmax_first", "x=[1000,1000,-1000]", "float64", "ok", _softmax_first_slopes([1000, 1000, -1000])),
    Case(N, "softmax_first_naive", "x=[1,2,3]", "float64", "ok", _softmax_first_slopes([1, 2, 3])),
    # e^1000 overflows
    Case(N, "softmax_first_naive", "x=[1000,1000,-1000]", "float64", "unstable",
         _softmax_first_slopes([1000, 1000, -1000])),
    Case(N, "log_softmax_first", "x=[1000,-1000,999]", "float64", "ok", _log_softmax_first_slopes([1000, -1000, 999])),
    Case(N, "row_lse_total", "x=[[800,-800,800],[1,2,3]]", "float64", "ok", _row_softmax([[800, -800, 800], [1, 2, 3]])),
    Case(N, "row_lse_total", "x=[[80,-80,80],[1,2,3]]", "float32", "ok",
         _row_softmax([[80, -80, 80], [1, 2, 3]], "float32")),
    Case(N, "entropy_guarded", "p=[0.25,0.75]", "float64", "ok",
         _each("p", lambda v: -(mpmath.log(v) + 1), [0.25, 0.75])),
    Case(N, "entropy_guarded", "p=[1e-320,1]", "float64", "ok", _each("p", lambda v: -(mpmath.log(v) + 1), [1e-320, 1])),
    # p log p is continuous at 0 but its slope goes to +inf
    Case(N, "entropy_guarded", "p=[0,1]", "float64", "domain", _fixed("p", [None, -1])),
    Case(N, "box_muller_sum", "u=[0.3,0.7]", "float64", "ok", num_grad(_box_muller, u=[0.3, 0.7])),
    Case(N, "box_muller_sum", "u=[1e-300,0.25]", "float64", "ok", num_grad(_box_muller, u=[1e-300, 0.25])),
    # u0 = 1: the radius sqrt(-2 log u0) is 0, its slope infinite; the angle's slope is r times something: 0
    Case(N, "box_muller_sum", "u=[1,0.2]", "float64", "domain", _fixed("u", [None, 0])),
    Case(N, "polar_angle_naive", "p=[1,2,2]", "float64", "ok", _polar_slopes([1, 2, 2])),
    # 1e-9 off the pole: z / r rounds to 1, arccos's slope there is infinite
    Case(N, "polar_angle_naive", "p=[1e-9,0,1]", "float64", "unstable", _polar_slopes([1e-9, 0, 1]),
         "return np.arccos(z / r)"),
    Case(N, "polar_angle", "p=[1e-9,0,1]", "float64", "ok", _polar_slopes([1e-9, 0, 1])),
    # on the pole the angle is a cone in x and y; along z it stays 0
    Case(N, "polar_angle", "p=[0,0,1]", "float64", "domain", _fixed("p", [None, None, 0])),
    Case(N, "polar_angle_naive", "p=[0,0,1]", "float64", "wrong", _fixed("p", [None, None, 0])),
    Case(N, "guarded_norm", "x=[3,4]", "float64", "ok", _fixed("x", [0.6, 0.8])),
    # the guard makes the gradient 0 at 0, but the norm has no derivative there
    Case(N, "guarded_norm", "x=[0,0]", "float64", "domain", _fixed("x", [None, None])),
    Case(N, "phase_energy", "x=[0,2,4,6]", "float64", "ok", _phase_slopes()),
    # np.angle gives 4 - 2 pi, a step np.unwrap leaves alone
    Case(N, "phase_energy", "x=[0,4]", "float64", "ok", hp(lambda: {"x": [mp(0), 2 * (4 - 2 * mpmath.pi)]})),
    # from 1, the step 3 - 2 pi is past pi: unwrap adds back 2 pi as the float
    Case(N, "phase_energy", "x=[1,4]", "float64", "ok", hp(lambda: {"x": [mp(2), 2 * (4 - 2 * mpmath.pi + 2 * PI)]})),
]

ALL = JAX + NUMPY
