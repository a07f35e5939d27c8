"""The fifth trial set: numerics written the way SciPy, TensorFlow Probability, jax.nn, torch.nn.functional and
Keras write them, at extreme points (subnormals, 1e-300 .. 1e300, +-800, exact switches), and the routes users take
with framework code (--args pytrees, nn.Module parameters by name, jit, vmap, scan, tf.function, custom gradients).

Truths come from expressions written here and evaluated by mpmath at 2,000 digits (`hp`), never from the user files'
code; points are the numbers the dtype holds. Constants a library rounds to the dtype (gelu's sqrt(2/pi)) are taken as
the library's float64 numbers: the mathematics of the program is the function of those numbers.
"""

import functools

import mpmath
import numpy as np

from cases import Case, mp
from cases2 import NAN
from truths import load

DIGITS = 2000


def hp(truth):
    """A truth evaluated at 2,000 digits."""
    @functools.wraps(truth)
    def run():
        with mpmath.workdps(DIGITS):
            return {k: _plus(v) for k, v in truth().items()}
    return run


def _plus(value):
    # the judge works at its own precision afterwards: keep the numbers, rounded to 60 digits by the caller's context
    return [_plus(v) for v in value] if isinstance(value, list) else +value


def _in(dtype, values):
    return [mp(float(np.dtype(dtype).type(v))) for v in values]


def sig(x):
    return 1 / (1 + mpmath.exp(-x))


def _softmax(xs):
    top = max(xs)
    e = [mpmath.exp(v - top) for v in xs]
    return [v / sum(e) for v in e]


def each(name, derivative, xs, dtype="float64"):
    """{name: [derivative(x) for each x]} at 2,000 digits."""
    return hp(lambda: {name: [derivative(x) for x in _in(dtype, xs)]})


def _weighted_lse(xs, b=(mp("0.5"), mp(2), mp(1))):
    def truth():
        e = [bk * mpmath.exp(x) for bk, x in zip(b, _in("float64", xs))]
        return {"x": [v / sum(e) for v in e]}
    return hp(truth)


def _masked_ls(xs, keep, index, name="x"):
    """d/dx of log_softmax(x over the kept entries)[index]: e_index - p, 0 on masked entries."""
    def truth():
        x = _in("float64", xs)
        p = _softmax([x[k] for k in keep])
        out = [mp(0)] * len(x)
        for pk, k in zip(p, keep):
            out[k] = (1 if k == index else 0) - pk
        return {name: out}
    return hp(truth)


def _masked_lse(xs, keep):
    def truth():
        x = _in("float64", xs)
        p = _softmax([x[k] for k in keep])
        out = [mp(0)] * len(x)
        for pk, k in zip(p, keep):
            out[k] = pk
        return {"x": out}
    return hp(truth)


def _sinc_slope(x):
    if x == 0:
        return mp(0)
    y = mpmath.pi * x
    return (mpmath.cos(y) * y - mpmath.sin(y)) / (mpmath.pi * x * x)


def _gelu_tanh_slope(x, k=0.044715):
    c, k = mp(float(np.sqrt(2 / np.pi))), mp(k)  # the float64 constants jax.nn and PyTorch use
    u = c * (x + k * x ** 3)
    t = mpmath.tanh(u)
    return (1 + t) / 2 + x / 2 * (1 - t * t) * c * (1 + 3 * k * x * x)


def _gelu_tanh_slope_exact(x):
    # PyTorch's kernel computes sqrt(2) * (2/sqrt(pi)) * 0.5 in double: the same number to 1e-16, far under 1e-10
    return _gelu_tanh_slope(x)


def _mish_slope(x):
    sp = mpmath.log1p(mpmath.exp(x))
    return mpmath.tanh(sp) + x * mpmath.sech(sp) ** 2 * sig(x)


def _swish_slope(x):
    return sig(x) + x * sig(x) * (1 - sig(x))


def _welford(xs):
    def truth():
        x = _in("float64", xs)
        m = sum(x) / len(x)
        return {"x": [2 * (v - m) / len(x) for v in x]}
    return hp(truth)


def _cosine(xs, ys, name="x"):
    def truth():
        x, y = _in("float64", xs), [mp(v) for v in ys]
        nx, ny = mpmath.sqrt(sum(v * v for v in x)), mpmath.sqrt(sum(v * v for v in y))
        d = sum(a * b for a, b in zip(x, y))
        return {name: [b / (nx * ny) - d * a / (nx ** 3 * ny) for a, b in zip(x, y)]}
    return hp(truth)


def _vmapped_jax():
    def truth():
        w, xs, ys = (np.asarray(a, dtype=np.float64) for a in load("jax_lib5.py").vmapped_args())
        w = [mp(float(v)) for v in w]
        grad = [mp(0), mp(0)]
        for x, y in zip(xs.tolist(), ys.tolist()):
            m = -mp(y) * sum(a * mp(b) for a, b in zip(w, x))
            for j in range(2):
                grad[j] += sig(m) * (-mp(y) * mp(x[j])) / len(ys)
        return {"w": grad}
    return hp(truth)


def _scan(w):
    return hp(lambda: {"w": sum(x * sig(mp(w) * x) for x in (mp(-800), mp(1), mp(800)))})


def _scorer():
    """d/d temperature of the mean NLL of log_softmax((W x + b) / t)."""
    def truth():
        model, x, labels = load("torch_lib5.py").scorer_args()
        w = [[mp(float(v)) for v in row] for row in model.proj.weight.detach().numpy().tolist()]
        b = [mp(float(v)) for v in model.proj.bias.detach().numpy().tolist()]
        t = mp(float(model.temperature.detach().numpy()))
        total = mp(0)
        for row, label in zip(x.numpy().tolist(), labels.tolist()):
            z = [sum(wj * mp(xj) for wj, xj in zip(wr, row)) + bj for wr, bj in zip(w, b)]
            p = _softmax([v / t for v in z])
            mean_z = sum(pk * zk for pk, zk in zip(p, z))
            total += (z[label] - mean_z) / (t * t)  # d/dt of -(z_l/t - lse(z/t))
        return {"model.temperature": total / len(labels)}
    return hp(truth)


def _vmapped_torch(ws):
    def truth():
        w = _in("float64", ws)
        grad = [mp(0), mp(0)]
        for x in ([1, 2], [-1, mp("0.5")]):
            s = sig(sum(a * mp(b) for a, b in zip(w, x)))
            for j in range(2):
                grad[j] += s * x[j]
        return {"w": grad}
    return hp(truth)


def _student(x, df=3):
    return -(df + 1) * x / (df + x * x)


def _beta_slope(x, a=2, b=3):
    return (a - 1) / x - (b - 1) / (1 - x)


def _von_mises(k):
    return mpmath.cos(mp("0.5")) - mpmath.besseli(1, k) / mpmath.besseli(0, k)


def _huber(r):
    return r if abs(r) <= 1 else mpmath.sign(r)


def _signed_lse(xs):
    def truth():
        x0, x1 = _in("float64", xs)
        s = mpmath.exp(x0) - mpmath.exp(x1)
        return {"x": [mpmath.exp(x0) / s, -mpmath.exp(x1) / s]}
    return hp(truth)


def _erfcx_slope(x):
    return 2 * x * mpmath.exp(x * x) * mpmath.erfc(x) - 2 / mpmath.sqrt(mpmath.pi)


def _angle(ys, name):
    def truth():
        y, x = _in("float64", ys)
        r2 = x * x + y * y
        return {name: [x / r2, -y / r2]}
    return hp(truth)


def _stack():
    """d/d net.0.weight of mean softplus(W2 tanh(W0 (x - shift) + b0) + b2)."""
    def truth():
        model, x = load("torch_lib5.py").stack_args()

        def rows(t):
            return [[mp(float(v)) for v in row] for row in t.detach().numpy().tolist()]

        w0, w2 = rows(model.net[0].weight), rows(model.net[2].weight)
        b0 = [mp(float(v)) for v in model.net[0].bias.detach().numpy().tolist()]
        b2 = mp(float(model.net[2].bias.detach().numpy()[0]))
        shift = [mp(float(v)) for v in model.shift.numpy().tolist()]
        grad = [[mp(0)] * 2 for _ in range(2)]
        data = x.numpy().tolist()
        for row in data:
            u = [mp(v) - s for v, s in zip(row, shift)]
            h = [mpmath.tanh(sum(w0[i][j] * u[j] for j in range(2)) + b0[i]) for i in range(2)]
            o = sum(w2[0][i] * h[i] for i in range(2)) + b2
            for i in range(2):
                for j in range(2):
                    grad[i][j] += sig(o) * w2[0][i] * (1 - h[i] ** 2) * u[j] / len(data)
        return {"model.net.0.weight": grad}
    return hp(truth)


def _normalized(xs, w=(1, 2)):
    def truth():
        x = _in("float64", xs)
        n2 = sum(v * v for v in x)
        eps = mp(1e-12)
        if n2 < eps:  # l2_normalize divides by sqrt(max(|x|^2, 1e-12)): a constant there
            return {"x": [wk / mpmath.sqrt(eps) for wk in w]}
        n = mpmath.sqrt(n2)
        d = sum(wk * v for wk, v in zip(w, x))
        return {"x": [wk / n - d * v / n ** 3 for wk, v in zip(w, x)]}
    return hp(truth)


NUMPY = [
    Case("numpy_lib5.py", "weighted_lse", "x=[-800,-800,-799]", "float64", "ok", _weighted_lse([-800, -800, -799])),
    Case("numpy_lib5.py", "masked_log_softmax", "x=[800,-800,797]", "float64", "ok",
         _masked_ls([800, -800, 797], keep=(0, 2), index=0)),
    Case("numpy_lib5.py", "logit_expit", "x=[-30,1e-300]", "float64", "ok", each("x", lambda x: mp(1), [-30, 1e-300])),
    # expit(40) rounds to 1.0: logit(1) = inf
    Case("numpy_lib5.py", "logit_expit", "x=40", "float64", "unstable", hp(lambda: {"x": mp(1)}),
         "np.sum(logit(expit(x)))"),
    Case("numpy_lib5.py", "softplus_inverse", "y=[1e-300,800]", "float64", "ok",
         each("y", lambda y: -1 / mpmath.expm1(-y), [1e-300, 800])),
    Case("numpy_lib5.py", "log1mexp", "x=-700", "float64", "ok",
         hp(lambda: {"x": -mpmath.exp(mp(-700)) / -mpmath.expm1(mp(-700))})),
    # TFP's log1mexp: exp(-1e-300) is 1.0, so the branch not taken is log1p(-1) = -inf and its slope 0/0 leaks
    Case("numpy_lib5.py", "log1mexp", "x=-1e-300", "float64", "unstable",
         hp(lambda: {"x": mpmath.exp(mp(-1e-300)) / mpmath.expm1(mp(-1e-300))}), "np.where(x < -np.log(2.0)"),
    Case("numpy_lib5.py", "log_ndtr_far", "x=[-1e5,-38.5]", "float64", "ok",
         each("x", lambda x: mpmath.npdf(x) / mpmath.ncdf(x), [-1e5, -38.5])),
    Case("numpy_lib5.py", "student_t", "x=[1e200,-1e-300,2]", "float64", "ok",
         each("x", lambda x: _student(x), [1e200, -1e-300, 2])),
    Case("numpy_lib5.py", "gumbel", "x=[-700,700]", "float64", "ok", each("x", lambda x: mpmath.exp(-x) - 1, [-700, 700])),
    Case("numpy_lib5.py", "log_cosh", "x=[-800,800]", "float64", "ok", each("x", mpmath.tanh, [-800, 800])),
    # 1 - 2 sigmoid(-2e-300) is 1 - 1 in float64: the slope tanh(1e-300) = 1e-300 is lost
    Case("numpy_lib5.py", "log_cosh", "x=1e-300", "float64", "unstable", hp(lambda: {"x": mpmath.tanh(mp(1e-300))})),
    Case("numpy_lib5.py", "entropy", "p=[1e-310,0.25]", "float64", "ok",
         each("p", lambda p: -(mpmath.log(p) + 1), [1e-310, 0.25])),
    Case("numpy_lib5.py", "hypot_cosine", "x=[1e200,2e200]", "float64", "ok", _cosine([1e200, 2e200], [1, 1])),
    # Welford's running mean rounds at 1e8: x[k] - mean cancels, the value is 3e-9 relative off
    Case("numpy_lib5.py", "welford", "x=[1e8,100000001,100000002.5]", "float64", "unstable",
         _welford([1e8, 100000001, 100000002.5]), "m2 = m2 + delta * (x[k] - mean)"),
    Case("numpy_lib5.py", "sinc_sum", "x=[1e-300,2.5]", "float64", "ok", each("x", _sinc_slope, [1e-300, 2.5])),
    Case("numpy_lib5.py", "scipy_log_softmax", "x=[800,-800,799]", "float64", "ok",
         _masked_ls([800, -800, 799], keep=(0, 1, 2), index=0)),
    Case("numpy_lib5.py", "scipy_entr", "p=[1e-310,0.5]", "float64", "ok",
         each("p", lambda p: -(mpmath.log(p) + 1), [1e-310, 0.5])),
    # b = [1, -1]: e^0 - e^1e-300 is 0 in float64, the log of it -inf
    Case("numpy_lib5.py", "signed_lse", "x=[0,1e-300]", "float64", "unstable", _signed_lse([0, 1e-300]),
         "lse, sign = logsumexp(x, b=SIGNS"),
    Case("numpy_lib5.py", "erfcx_far", "x=[1e10,-3]", "float64", "ok", each("x", _erfcx_slope, [1e10, -3])),
    Case("numpy_lib5.py", "norm_cosine", "x=[5e160,-1e160]", "float64", "unstable", _cosine([5e160, -1e160], [1, 2]),
         "return np.dot(x, y) / (np.linalg.norm(x)"),
    Case("numpy_lib5.py", "relative_entropy", "p=[1e-310,0.5]", "float64", "ok",
         hp(lambda: {"p": [mpmath.log(p / q) + 1 for p, q in zip(_in("float64", [1e-310, 0.5]), [mp("0.25"), mp("0.75")])]})),
    Case("numpy_lib5.py", "angle", "x=[1e-300,-1e-300]", "float64", "ok", _angle([1e-300, -1e-300], "x")),
    # T20: x log y is 0 for every y where x is exactly 0, so its slope in y is 0 there, at y = 0 too
    Case("numpy_lib5.py", "xlogy_y", "y=[0,0.5]", "float64", "ok", hp(lambda: {"y": [mp(0), mp(6)]})),
    Case("numpy_lib5.py", "xlog1py_y", "y=[-1,0.5]", "float64", "ok", hp(lambda: {"y": [mp(0), mp(2)]})),
    # T22: Phi'(-1e4) = 3.2e-21714725, which float64 flushes to 0 (right); 1/sqrt 2 exact at high precision
    Case("numpy_lib5.py", "ndtr_far", "x=[-1e4,-30]", "float64", "ok", each("x", mpmath.npdf, [-1e4, -30])),
    Case("numpy_lib5.py", "norm_cdf_far", "x=[-1e4,-30]", "float64", "ok", each("x", mpmath.npdf, [-1e4, -30])),
]

JAX = [
    Case("jax_lib5.py", "gelu_tanh", "x=[-38,1e-300]", "float64", "ok", each("x", _gelu_tanh_slope, [-38, 1e-300])),
    Case("jax_lib5.py", "gelu_erf", "x=[-40,-1e-300]", "float64", "ok",
         each("x", lambda x: mpmath.ncdf(x) + x * mpmath.npdf(x), [-40, -1e-300])),
    Case("jax_lib5.py", "mish", "x=[-800,1e-300,30]", "float64", "ok", each("x", _mish_slope, [-800, 1e-300, 30])),
    Case("jax_lib5.py", "swish", "x=[-800,800]", "float64", "ok", each("x", _swish_slope, [-800, 800])),
    Case("jax_lib5.py", "log_softmax_masked", "x=[800,799,5]", "float64", "ok",
         _masked_ls([800, 799, 5], keep=(0, 1), index=1)),
    Case("jax_lib5.py", "beta_lp", "x=[1e-300,0.5]", "float64", "ok", each("x", _beta_slope, [1e-300, 0.5])),
    Case("jax_lib5.py", "von_mises", "kappa=[1e-300,800]", "float64", "ok", each("kappa", _von_mises, [1e-300, 800])),
    # |r| = delta exactly: both branches have slope 1 there (Huber is C1), so no kink
    Case("jax_lib5.py", "huber", "r=[1,-1e-300,5]", "float64", "ok", each("r", _huber, [1, -1e-300, 5])),
    Case("jax_lib5.py", "binary_entropy", "p=[1e-300,0.25]", "float64", "ok",
         each("p", lambda p: mpmath.log((1 - p) / p), [1e-300, 0.25])),
    # T17: JAX's rules x/y and x/(1+y) give 0/0 where x = 0; the double where is the fix
    Case("jax_lib5.py", "xlogy_y", "y=[0,0.5]", "float64", "wrong", hp(lambda: {"y": [mp(0), mp(6)]}),
         "xlogy(jnp.array([0.0, 3.0]), y)", "jnp.where("),
    Case("jax_lib5.py", "xlog1py_y", "y=[-1,0.5]", "float64", "wrong", hp(lambda: {"y": [mp(0), mp(2)]}),
         "xlog1py(jnp.array([0.0, 3.0]), y)", "jnp.where("),
    # sum(x*x) underflows to 0: the norm is 0 and the quotient inf
    Case("jax_lib5.py", "cosine_overflow", "x=[3e-200,4e-200,0]", "float64", "unstable",
         _cosine([3e-200, 4e-200, 0], [1, 1, 1]), "return jnp.dot(x, y) / (jnp.linalg.norm(x)"),
    Case("jax_lib5.py", "jitted_softplus_inv", "y=[1e-300,700]", "float64", "ok",
         each("y", lambda y: -1 / mpmath.expm1(-y), [1e-300, 700])),
    Case("jax_lib5.py", "vmapped_loss", None, "float64", "ok", _vmapped_jax(), args="vmapped_args", wrt="w"),
    Case("jax_lib5.py", "scan_loss", "w=1", "float64", "ok", _scan(1)),
    # x*x overflows inside jax.scipy.stats.t.logpdf
    Case("jax_lib5.py", "t_logpdf", "x=1e200", "float64", "unstable", hp(lambda: {"x": _student(mp(1e200))}),
         "jax.scipy.stats.t.logpdf(x, 3.0)"),
    Case("jax_lib5.py", "t_logpdf", "x=[1e150,-2]", "float64", "ok", each("x", _student, [1e150, -2])),
    Case("jax_lib5.py", "lse_where", "x=[800,1e308,799]", "float64", "ok", _masked_lse([800, 1e308, 799], (0, 2))),
    Case("jax_lib5.py", "sigmoid_bce", "z=[800,-800]", "float64", "ok",
         hp(lambda: {"z": [sig(mp(800)), sig(mp(-800)) - 1]})),
    # atan2's rule x / (x^2 + y^2): both squares underflow
    Case("jax_lib5.py", "angle", "p=[1e-300,-1e-300]", "float64", "unstable", _angle([1e-300, -1e-300], "p"),
         "jnp.arctan2(p[0], p[1])"),
    # gradients float64 cannot hold, reported as text: e^-1600 and beyond
    Case("jax_lib5.py", "gaussian_bump", "x=[40,-1e-300]", "float64", "ok",
         each("x", lambda x: -2 * x * mpmath.exp(-x * x), [40, -1e-300])),
]

TORCH = [
    Case("torch_lib5.py", "mish", "x=[-800,1e-300,30]", "float64", "ok", each("x", _mish_slope, [-800, 1e-300, 30])),
    Case("torch_lib5.py", "gelu_tanh", "x=[-38,-1e-300]", "float64", "ok",
         each("x", _gelu_tanh_slope_exact, [-38, -1e-300])),
    Case("torch_lib5.py", "bce_pos_weight", "z=[-800,800]", "float32", "ok",
         hp(lambda: {"z": [-3 * sig(mp(800)), sig(mp(800))]})),
    Case("torch_lib5.py", "lse_masked", "x=[-800,0,-800.5]", "float64", "ok", _masked_lse([-800, 0, -800.5], (0, 2))),
    Case("torch_lib5.py", "entropy", "p=[1e-310,0.5]", "float64", "ok",
         each("p", lambda p: -(mpmath.log(p) + 1), [1e-310, 0.5])),
    Case("torch_lib5.py", "log_ndtr", "x=[-20,3]", "float64", "ok",
         each("x", lambda x: mpmath.npdf(x) / mpmath.ncdf(x), [-20, 3])),
    Case("torch_lib5.py", "student_t", "x=[1e150,-2]", "float64", "ok", each("x", _student, [1e150, -2])),
    # y**2 overflows: log1p(inf)
    Case("torch_lib5.py", "student_t", "x=1e160", "float64", "unstable",
         hp(lambda: {"x": _student(mp(1e160))}), "StudentT(3.0).log_prob(x)"),
    Case("torch_lib5.py", "gumbel", "x=[-700,700]", "float64", "ok", each("x", lambda x: mpmath.exp(-x) - 1, [-700, 700])),
    Case("torch_lib5.py", "huber", "r=[1,-1e-300,5]", "float64", "ok", each("r", _huber, [1, -1e-300, 5])),
    # T20: PyTorch's rule self / other is 0/0 = NaN where x = 0 and y = 0; the exact slope is 0
    Case("torch_lib5.py", "xlogy_y", "y=[0,0.5]", "float64", "wrong", hp(lambda: {"y": [mp(0), mp(6)]}),
         "torch.special.xlogy(torch.tensor([0.0, 3.0]", "torch.where("),
    Case("torch_lib5.py", "scorer_loss", None, "float64", "ok", _scorer(), args="scorer_args", wrt="model.temperature"),
    Case("torch_lib5.py", "vmapped", "w=[300,-200]", "float64", "ok", _vmapped_torch([300, -200])),
    # the backward's exp(-x^2/2 - log_ndtr(x)) cancels 5e7 against 5e7: 5e-9 relative off
    Case("torch_lib5.py", "log_ndtr_far", "x=[-1e4,-20]", "float64", "unstable",
         each("x", lambda x: mpmath.npdf(x) / mpmath.ncdf(x), [-1e4, -20]), "def log_ndtr_far>>torch.special.log_ndtr"),
    Case("torch_lib5.py", "cosine", "x=[1e200,2e200]", "float64", "unstable", _cosine([1e200, 2e200], [1, 1]),
         "F.cosine_similarity("),
    # both norms clamp at eps = 1e-8: below it the function is x . y / (1e-8 |y|), exactly what PyTorch computes
    Case("torch_lib5.py", "cosine", "x=[3e-200,4e-200]", "float64", "ok",
         hp(lambda: {"x": [1 / (mp(1e-8) * mpmath.sqrt(2))] * 2})),
    Case("torch_lib5.py", "angle", "p=[1e-300,-1e-300]", "float64", "unstable", _angle([1e-300, -1e-300], "p"),
         "torch.atan2(p[0], p[1])"),
    Case("torch_lib5.py", "second_share", "x=[800,-800]", "float64", "ok",
         hp(lambda: {"x": [-sig(mp(1600)) * sig(mp(-1600)), sig(mp(1600)) * sig(mp(-1600))]})),
    Case("torch_lib5.py", "stack_loss", None, "float64", "ok", _stack(), args="stack_args", wrt="model.net.0.weight"),
]

TF = [
    Case("tf_lib5.py", "log_cosh", "x=[-800,800]", "float64", "ok", each("x", mpmath.tanh, [-800, 800])),
    # tf.nn.gelu's coefficient is math_ops.cast(0.044715, float64): the Python float becomes a float32 tensor first
    Case("tf_lib5.py", "keras_gelu", "x=[-38,1.5]", "float64", "ok",
         each("x", lambda x: _gelu_tanh_slope(x, k=float(np.float32(0.044715))), [-38, 1.5])),
    Case("tf_lib5.py", "lse_masked", "x=[800,0,799]", "float64", "ok", _masked_lse([800, 0, 799], (0, 2))),
    # TensorFlow's xlogy rule is xdivy(x, y): 0 where x = 0, so it is right at y = 0
    Case("tf_lib5.py", "xlogy_y", "y=[0,0.5]", "float64", "ok", hp(lambda: {"y": [mp(0), mp(6)]})),
    Case("tf_lib5.py", "softplus_inverse", "y=[1e-300,700]", "float64", "ok",
         each("y", lambda y: -1 / mpmath.expm1(-y), [1e-300, 700])),
    Case("tf_lib5.py", "log_softmax_first", "x=[100,-100]", "float32", "ok",
         _masked_ls([100, -100], keep=(0, 1), index=0)),
    # Keras's log_cosh is a mean over the last axis, then the "sum" reduction over the one sample
    Case("tf_lib5.py", "keras_log_cosh", "pred=[-80,3]", "float32", "ok",
         each("pred", lambda x: mpmath.tanh(x) / 2, [-80, 3], "float32")),
    Case("tf_lib5.py", "swish", "x=[-800,3]", "float64", "ok", each("x", _swish_slope, [-800, 3])),
    Case("tf_lib5.py", "l2_normalized", "x=[3e-200,4e-200]", "float64", "ok", _normalized([3e-200, 4e-200])),
    Case("tf_lib5.py", "l2_normalized", "x=[3e160,4e160]", "float64", "unstable", _normalized([3e160, 4e160]),
         "tf.math.l2_normalize(x)"),
    Case("tf_lib5.py", "angle", "p=[1e-300,-1e-300]", "float64", "unstable", _angle([1e-300, -1e-300], "p"),
         "tf.math.atan2(p[0], p[1])"),
    Case("tf_lib5.py", "sigmoid_far", "x=[-1000,1e-300]", "float64", "ok",
         each("x", lambda x: sig(x) * (1 - sig(x)), [-1000, 1e-300])),
    Case("tf_lib5.py", "signed_log1p", "x=[-1e-300,800,0.5]", "float64", "ok",
         each("x", lambda x: 1 / (1 + abs(x)), [-1e-300, 800, 0.5])),
]

ALL = NUMPY + JAX + TORCH + TF
