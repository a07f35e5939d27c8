"""The ninth trial set (first half): optimiser pieces (Adam's rsqrt(v + eps) and sqrt(v) + eps at v = 0, AdamW from a
zero state, SGD with weight decay in a fori_loop, warmup-cosine and cosine-annealing schedules at their switch and
start), probability code (Gamma, Beta and Student-t log-densities in their shape parameters at tiny and huge values,
log-CDFs through ndtr, log_ndtr and erfc in the tails), physics (softened and Coulomb potentials through
jnp.linalg.norm, an Euler ODE in lax.scan), jax.nn activations at switches and far ends (glu, squareplus, elu,
leaky_relu), reductions with where= and initial=, jnp.interp and jnp.clip at their knots, integer arrays among the
arguments, a NamedTuple of parameters under vmap, a float32 literal, custom rules written with jnp.where, and plain
NumPy modules (np.einsum, np.linalg.norm(axis=1), np.logaddexp, np.clip, np.maximum.reduce, np.errstate; `import
numpy` and `from numpy import ...`).

Truths are expressions written here, evaluated by mpmath at 2,000 digits, never the user files' code; points are the
numbers the dtype holds, and constants a program writes (1e-8, 0.1, 0.01) are the program's float64 numbers.
"""

import math

import mpmath
import numpy as np

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, each, hp, sig

PI = mp(math.pi)  # jnp.pi and np.pi: the float64 number the program holds


def _f(v):
    return mp(float(v))


def _softmax(xs):
    top = max(xs)
    e = [mpmath.exp(v - top) for v in xs]
    return [v / sum(e) for v in e]


def _adam_rsqrt(vs, dtype="float64"):
    # the program's 0.1 and 1e-8 meet the dtype's data: JAX holds them as the dtype does
    lr, eps = (mp(float(np.dtype(dtype).type(c))) for c in (0.1, 1e-8))
    return each("v", lambda v: -lr / 2 * (v + eps) ** mp("-1.5"), vs, dtype)


def _adam_sqrt_quarter():
    # d/dv 0.1 / (sqrt(v) + eps) = -0.1 / (sqrt(v) + eps)^2 / (2 sqrt(v)); at v = 0 sqrt has only a one-sided slope
    return hp(lambda: {"v": [NAN, -_f(0.1) / (mp("0.5") + _f(1e-8)) ** 2 / (2 * mp("0.5"))]})


def _cosine_slope(t):
    return hp(lambda: {"t": -mp("0.5") * mpmath.sin(PI * (mp(t) - 10) / 90) * PI / 90})


def _sgd(w0):
    def truth():
        a = 1 - _f(0.1) * (1 + _f(0.01))
        w = mp(w0)
        for _ in range(5):
            w = w - _f(0.1) * ((w - 1) + _f(0.01) * w)
        return {"w": 2 * (w - 2) * a ** 5}
    return hp(truth)


def _gamma(a):
    return each("a", lambda v: mpmath.log(2) - mpmath.digamma(v), [a])


def _beta(a):
    return each("a", lambda v: mpmath.log(_f(0.3)) - mpmath.digamma(v) + mpmath.digamma(v + 2), [a])


def _student_df(nu):
    def slope(n):
        x2 = mp("2.25")
        return (mpmath.digamma((n + 1) / 2) / 2 - mpmath.digamma(n / 2) / 2 - 1 / (2 * n) - mpmath.log1p(x2 / n) / 2
                + (n + 1) / 2 * (x2 / n ** 2) / (1 + x2 / n))
    return each("nu", slope, [nu])


def _mills(x):
    """d/dx log Phi(x) = phi(x) / Phi(x)."""
    return mpmath.exp(-x * x / 2) / mpmath.sqrt(2 * mpmath.pi) / (mpmath.erfc(-x / mpmath.sqrt(2)) / 2)


def _log_erfc(x):
    return -2 / mpmath.sqrt(mpmath.pi) * mpmath.exp(-x * x) / mpmath.erfc(x)


def _softened(x, source=(1, 2)):
    def truth():
        d = [v - s for v, s in zip(_in("float64", x), source)]
        r2 = sum(v * v for v in d)
        return {"x": [v * (r2 + _f(0.1 ** 2)) ** mp("-1.5") for v in d]}
    return hp(truth)


def _coulomb(x):
    def truth():
        xs = _in("float64", x)
        r = mpmath.sqrt(sum(v * v for v in xs))
        return {"x": [-v / r ** 3 for v in xs]}
    return hp(truth)


def _euler(k):
    def truth():
        a = 1 - _f(0.1) * mp(k)
        return {"k": 2 * a ** 10 * 10 * a ** 9 * -_f(0.1)}
    return hp(truth)


def _glu(x, dtype="float64"):
    def truth():
        a, b = _in(dtype, x[:2]), _in(dtype, x[2:])
        return {"x": [sig(v) for v in b] + [u * sig(v) * sig(-v) for u, v in zip(a, b)]}
    return hp(truth)


def _weighted_nll():
    def truth():
        p = _softmax([mp("0.5"), mp(-1), mp(2)])
        return {"w": [4 * p[0] - 1, 4 * p[1], 4 * p[2] - 3]}
    return hp(truth)


def _linear():
    def truth():
        w, b = [mp("0.5"), mp(-1)], _f(0.2)
        xs = [[mp(1), mp(2)], [mp(3), mp(-1)], [mp(-2), mp("0.5")]]
        ys = [mp(1), mp(-1), mp(1)]
        gw, gb = [mp(0), mp(0)], mp(0)
        for x, y in zip(xs, ys):
            z = sum(wi * xi for wi, xi in zip(w, x)) + b
            s = -y * sig(-y * z) / 3
            gw = [g + s * xi for g, xi in zip(gw, x)]
            gb += s
        return {"params.w": gw, "params.b": gb}
    return hp(truth)


def _literal_f32():
    # x is float32(0.1), and so is the program's constant: JAX holds the Python literal 0.1 weakly typed, in x's
    # float32, so x - 0.1 is exactly 0 in the program the float32 check replays
    return hp(lambda: {"x": [2 * (_in("float32", [0.1])[0] - _in("float32", [0.1])[0])]})


def _adamw(ws):
    def slope(w):
        eps, lr, wd = _f(1e-8), _f(1e-3), _f(0.01)
        g = 2 * w
        # d/dg g / (|g| + eps) = eps / (|g| + eps)^2, at g = 0 too: the quotient is smooth there though |g| is not
        return 1 - lr * (2 * eps / (abs(g) + eps) ** 2 + wd)
    return each("w", slope, ws)


def _cosine_anneal(t):
    c = _f(0.5 * (1e-3 - 1e-5))
    return each("t", lambda v: -c * mpmath.sin(PI * v / 100) * PI / 100, [t])


JAX = [
    # optimiser pieces
    Case("jax_lib9a.py", "adam_rsqrt", "v=[0,0.001]", "float64", "ok", _adam_rsqrt([0, 0.001])),
    Case("jax_lib9a.py", "adam_sqrt", "v=[0,0.25]", "float64", "domain", _adam_sqrt_quarter()),
    Case("jax_lib9a.py", "warmup_cosine", "t=10", "float64", "domain", hp(lambda: {"t": NAN})),
    Case("jax_lib9a.py", "warmup_cosine", "t=55", "float64", "ok", _cosine_slope(55)),
    Case("jax_lib9a.py", "sgd_weight_decay", "w=0.5", "float64", "ok", _sgd(0.5)),
    # probability code in its shape parameters
    Case("jax_lib9a.py", "gamma_lp", "a=1e-300", "float64", "ok", _gamma(1e-300)),
    Case("jax_lib9a.py", "gamma_lp", "a=1e300", "float64", "ok", _gamma(1e300)),
    Case("jax_lib9a.py", "beta_lp", "a=1e-200", "float64", "ok", _beta(1e-200)),
    Case("jax_lib9a.py", "student_t_df", "nu=3", "float64", "ok", _student_df(3)),
    Case("jax_lib9a.py", "log_cdf", "x=[-40,5]", "float64", "ok", each("x", _mills, [-40, 5])),
    Case("jax_lib9a.py", "log_cdf_naive", "x=-40", "float64", "unstable", each("x", _mills, [-40]),
         "jnp.log(ndtr(x))", "log_ndtr("),
    Case("jax_lib9a.py", "log_erfc", "x=30", "float64", "unstable", each("x", _log_erfc, [30]),
         "jnp.log(erfc(x))"),
    # physics
    Case("jax_lib9a.py", "softened_squares", "x=[1,2]", "float64", "ok", _softened([1, 2])),
    Case("jax_lib9a.py", "softened_squares", "x=[1.3,2]", "float64", "ok", _softened([1.3, 2])),
    Case("jax_lib9a.py", "softened_norm", "x=[1.3,2]", "float64", "ok", _softened([1.3, 2])),
    Case("jax_lib9a.py", "coulomb", "x=[3e-100,4e-100]", "float64", "ok", _coulomb([3e-100, 4e-100])),
    Case("jax_lib9a.py", "euler_decay", "k=2", "float64", "ok", _euler(2)),
    # jax.nn at switches and far ends
    Case("jax_lib9a.py", "glu_sum", "x=[2,-3,-700,1]", "float64", "ok", _glu([2, -3, -700, 1])),
    Case("jax_lib9a.py", "squareplus_sum", "x=-1e10", "float64", "unstable",
         each("x", lambda x: (1 + x / mpmath.sqrt(x * x + 4)) / 2, [-1e10])),
    Case("jax_lib9a.py", "elu_sum", "x=[0,-2]", "float64", "ok", each("x", lambda x: mpmath.exp(min(x, 0)), [0, -2])),
    Case("jax_lib9a.py", "leaky_sum", "x=[0,3]", "float64", "domain", hp(lambda: {"x": [NAN, mp(1)]})),
    # reductions with where= and initial=, interp and clip at their knots
    Case("jax_lib9a.py", "masked_max", "x=[1,2,5]", "float64", "ok", hp(lambda: {"x": [mp(0), mp(1), mp(0)]})),
    Case("jax_lib9a.py", "masked_log_sum", "x=[2,-1,4]", "float64", "ok",
         hp(lambda: {"x": [mp("0.5"), mp(0), mp("0.25")]})),
    Case("jax_lib9a.py", "masked_mean_sq", "x=[1,2,5]", "float64", "ok", hp(lambda: {"x": [mp(1), mp(2), mp(0)]})),
    Case("jax_lib9a.py", "interp_loss", "x=0.5", "float64", "ok", hp(lambda: {"x": mp(2)})),
    Case("jax_lib9a.py", "interp_loss", "x=1", "float64", "domain", hp(lambda: {"x": NAN})),
    Case("jax_lib9a.py", "interp_loss", "x=-1", "float64", "ok", hp(lambda: {"x": mp(0)})),
    Case("jax_lib9a.py", "clip_sq", "x=[0,0.5]", "float64", "ok", hp(lambda: {"x": [mp(0), mp(1)]})),
    Case("jax_lib9a.py", "clip_sq", "x=[1,0.5]", "float64", "domain", hp(lambda: {"x": [NAN, mp(1)]})),
    # integer arrays among the arguments, a NamedTuple under vmap, a float32 literal
    Case("jax_lib9a.py", "weighted_nll", None, "float64", "ok", _weighted_nll(), args="weighted_nll_args", wrt="w"),
    Case("jax_lib9a.py", "linear_loss", None, "float64", "ok", _linear(), args="linear_loss_args",
         wrt="params.w,params.b"),
    # the literal 0.1 is float32(0.1) as JAX holds it beside a float32 x: the slope at the point is exactly 0
    Case("jax_lib9a.py", "literal_f32", "x=0.1", "float32", "ok", _literal_f32()),
    # float32 runs: constants are the float64 numbers written, points the float32 numbers typed
    Case("jax_lib9a.py", "adam_rsqrt", "v=[0,0.001]", "float32", "ok", _adam_rsqrt([0, 0.001], "float32")),
    Case("jax_lib9a.py", "glu_sum", "x=[2,-3,-80,1]", "float32", "ok", _glu([2, -3, -80, 1], "float32")),
    Case("jax_lib9a.py", "log_cdf", "x=[-10,2]", "float32", "ok", each("x", _mills, [-10, 2], "float32")),
    Case("jax_lib9a.py", "squareplus_sum", "x=-1e4", "float32", "unstable",
         each("x", lambda x: (1 + x / mpmath.sqrt(x * x + 4)) / 2, [-1e4], "float32")),
    Case("jax_lib9a.py", "euler_decay", "k=2", "float32", "ok", _euler(2)),
    # custom rules written with jnp.where: two right, one with a sign dropped (right where the hinge is flat)
    Case("jax_lib9a.py", "softplus_where_sum", "x=[-30,20,50]", "float64", "ok",
         hp(lambda: {"x": [sig(mp(-30)), sig(mp(20)), mp(1)]})),
    Case("jax_lib9a.py", "clipped_sqrt_sum", "x=[-1,4]", "float64", "ok", hp(lambda: {"x": [mp(0), mp("0.25")]})),
    Case("jax_lib9a.py", "squared_hinge_sum", "x=0.5", "float64", "wrong", hp(lambda: {"x": mp(-1)}),
         "def _squared_hinge_bwd"),
    Case("jax_lib9a.py", "squared_hinge_sum", "x=2", "float64", "ok", hp(lambda: {"x": mp(0)})),
]

NUMPY = [
    Case("numpy_lib9a.py", "quad_form", "x=[1,-2]", "float64", "ok", hp(lambda: {"x": [mp(2), mp(-11)]})),
    # 1e-200 squared underflows in the norm: sqrt's rule then meets 0 (the exact slope of |x| there is 1)
    Case("numpy_lib9a.py", "row_norms", "x=[[3,4],[1e-200,0]]", "float64", "unstable",
         hp(lambda: {"x": [[mp("0.6"), mp("0.8")], [mp(1), mp(0)]]})),
    Case("numpy_lib9a.py", "logistic_nll", "z=[700,-700,3]", "float64", "ok",
         hp(lambda: {"z": [-sig(mp(-700)), -sig(mp(700)), sig(mp(3))]})),
    Case("numpy_lib9a.py", "bce_clipped", "p=[0,0.3,1]", "float64", "ok",
         hp(lambda: {"p": [mp(0), -1 / (3 * _f(0.3)), mp(0)]})),
    Case("numpy_lib9a.py", "max_reduce", "x=[1,3,2]", "float64", "ok", hp(lambda: {"x": [mp(0), mp(1), mp(0)]})),
    Case("numpy_lib9a.py", "guarded_log", "x=[2,-1]", "float64", "ok", hp(lambda: {"x": [mp("0.5"), mp(0)]})),
    Case("numpy_plain9a.py", "spring_energy", "x=[0.5,-1]", "float64", "ok",
         hp(lambda: {"x": [2 + mpmath.tanh(mp("0.5")), mp("-2.5") + mpmath.tanh(-1)]})),
    # the value cancels to 0 (an unstable value), its slope 1/2 does not
    Case("numpy_from9a.py", "growth", "x=1e-20", "float64", "unstable",
         each("x", lambda x: 1 / (2 * mpmath.sqrt(1 + x)), [1e-20])),
    Case("numpy_from9a.py", "log_diff_exp", "a=1000,b=999", "float64", "unstable",
         hp(lambda: {"a": 1 / (1 - mpmath.exp(-1)), "b": -mpmath.exp(-1) / (1 - mpmath.exp(-1))}),
         "return log(exp(a) - exp(b))"),
]

GRADCLI = [
    Case("gn_lib9a.py", "cosine_anneal", "t=0", "float64", "ok", _cosine_anneal(0)),
    Case("gn_lib9a.py", "cosine_anneal", "t=50", "float64", "ok", _cosine_anneal(50)),
    Case("gn_lib9a.py", "adamw_step", "w=[0.5,-2]", "float64", "ok", _adamw([0.5, -2])),
    Case("gn_lib9a.py", "gamma_shape", "a=[1e-300,3]", "float64", "ok",
         each("a", lambda v: mpmath.log(2) - mpmath.digamma(v), [1e-300, 3])),
]

# A smooth function whose program takes a norm or a root at 0 (norm(d)**2, sqrt(g**2) inside g/(|g| + eps)): the
# derivative exists, the rule's NaN is no rounding's (`wrong`, as a where leak is); a float32 point that rounds to a pole.
EDGES = [
    Case("jax_lib9a.py", "softened_norm", "x=[1,2]", "float64", "wrong", hp(lambda: {"x": [mp(0), mp(0)]})),
    Case("gn_lib9a.py", "adamw_step", "w=[0,0.5]", "float64", "wrong", _adamw([0, 0.5])),
    Case("jax_lib9a.py", "gamma_lp", "a=1e-300", "float32", "domain", hp(lambda: {"a": NAN})),  # float32(1e-300) = 0
    Case("jax_lib9a.py", "beta_lp", "a=1e15", "float64", "ok", _beta(1e15)),
    # the digammas' difference at nu = 1e8 cancels: the exact slope is ~1e-17
    Case("jax_lib9a.py", "student_t_df", "nu=1e8", "float64", "unstable", _student_df(1e8)),
]

def _weighted_ce(z, w=(1, 3, -2)):
    def truth():
        p = _softmax(_in("float64", z))
        return {"z": [wi - sum(w) * pi for wi, pi in zip(w, p)]}
    return hp(truth)


SELU_ALPHA, SELU_SCALE = 1.6732632423543772848170429916717, 1.0507009873554804934193349852946  # jax.nn.selu's floats

MORE = [
    Case("jax_lib9a.py", "selu_sum", "x=[0,-1]", "float64", "domain",
         hp(lambda: {"x": [NAN, _f(SELU_SCALE) * _f(SELU_ALPHA) * mpmath.exp(-1)]})),
    # hard_swish(x) = x relu6(x + 3) / 6: corners at -3 and 3
    Case("jax_lib9a.py", "hard_swish_sum", "x=[-3,3,1]", "float64", "domain",
         hp(lambda: {"x": [NAN, NAN, mp(5) / 6]})),
    Case("jax_lib9a.py", "masked_log_softmax", "x=[1,2,30]", "float64", "ok",
         hp(lambda: {"x": [mpmath.e / (1 + mpmath.e), -mpmath.e / (1 + mpmath.e), mp(0)]})),
    Case("jax_lib9a.py", "restart_schedule", "t=60", "float64", "ok",
         hp(lambda: {"t": -mp("0.5") * mpmath.sin(PI * 10 / 50) * PI / 50})),
    # mod's jump at t = 50: from 0 on the left to 1 on the right, no derivative (not an infinite one)
    Case("jax_lib9a.py", "restart_schedule", "t=50", "float64", "domain", hp(lambda: {"t": NAN})),
    Case("jax_lib9a.py", "l1_norm", "x=[0,2,-1]", "float64", "domain", hp(lambda: {"x": [NAN, mp(1), mp(-1)]})),
    # stop_gradient holds 0.9 w constant by the program's own declaration: its gradient 2 (w - 0.9 w) is the one asked
    Case("jax_lib9a.py", "stop_gradient_ema", "w=[1,2]", "float64", "ok",
         hp(lambda: {"w": [2 * (1 - _f(0.9)) * w for w in (mp(1), mp(2))]})),
    Case("numpy_scipy9a.py", "gamma_shape", "a=1e-300", "float64", "ok",
         each("a", lambda a: mpmath.log(mp("3.5")) - 3 * mpmath.digamma(a), [1e-300])),
    # |c|^3 is smooth at c = 0 (slope 0); the program's norm there gives NaN times 0
    Case("numpy_scipy9a.py", "col_norms", "x=[[3,0],[4,0]]", "float64", "wrong",
         hp(lambda: {"x": [[mp(45), mp(0)], [mp(60), mp(0)]]})),
    # corners with one flat side (slope 1 or -1 against 0): no derivative
    Case("jax_lib9a.py", "hinge_mix", "x=1", "float64", "domain", hp(lambda: {"x": NAN})),
    Case("jax_lib9a.py", "squared_or_linear", "x=[0,1]", "float64", "domain", hp(lambda: {"x": [NAN, mp(2)]})),
    # issue 27's classes through JAX: logsumexp at -800, xlogy at a subnormal (XLA on CPU reads 5e-324 as 0, so
    # JAX's log gives -inf there), Stirling's remainder at 1e15 (a cancellation; exact slope -1/(12 a^2) + ...)
    Case("jax_lib9a.py", "weighted_ce", "z=[-800,-799,-801]", "float64", "ok", _weighted_ce([-800, -799, -801])),
    Case("jax_lib9a.py", "entropy_xlogy", "p=[1e-300,0.25,5e-324]", "float64", "unstable",
         each("p", lambda p: -(mpmath.log(p) + 1), [1e-300, 0.25, 5e-324])),
    Case("jax_lib9a.py", "stirling_remainder", "a=1e15", "float64", "unstable",
         each("a", lambda a: mpmath.digamma(a) - mpmath.log(a) - (a - mp("0.5")) / a + 1, [1e15])),
]

ALL = JAX + NUMPY + GRADCLI + EDGES + MORE
