"""The second trial set: training-style code (dict params, nn.Module, Keras), masks, distributions,
log-determinants, branch cuts, custom rules and old star-import NumPy, with truths from mpmath.

Truths are built from expressions written here, independently of the user files: scalar and small
vector cases by `mpmath.diff` of the mathematics (60 digits), the data-dependent ones from the
file's own data (`truths2`).
"""

import mpmath
import numpy as np

import truths2
from cases import Case, mp, sigmoid, softmax

NAN = mpmath.nan


def partials(f, point):
    """The gradient of ``f`` (of a list of mpf) at ``point`` by mpmath's differentiation, entry by entry."""
    point = [mp(v) for v in point]

    def along(k):
        return mpmath.diff(lambda t: f(point[:k] + [t] + point[k + 1:]), point[k])

    return [along(k) for k in range(len(point))]


def grad_of(name, f, point, scalar=False):
    def truth():
        g = partials(f, point)
        return {name: g[0] if scalar else g}
    return truth


def fixed(**values):
    return lambda: {k: (v() if callable(v) else v) for k, v in values.items()}


def _focal(z):
    p = sigmoid(z[0])
    return -(1 - p) ** 2 * mpmath.log(p)


def _masked_weights(xs, mask, values):
    kept = [k for k, m in enumerate(mask) if m]
    w = softmax([xs[k] for k in kept])
    f = sum(wk * values[k] for wk, k in zip(w, kept))
    out = [mp(0)] * len(xs)
    for wk, k in zip(w, kept):
        out[k] = wk * (values[k] - f)
    return out


def _masked_lse(xs, mask):
    kept = [k for k, m in enumerate(mask) if m]
    w = softmax([xs[k] for k in kept])
    out = [mp(0)] * len(xs)
    for wk, k in zip(w, kept):
        out[k] = wk
    return out


def _beta(a, b, x=mp("0.3")):
    return {"a": mpmath.digamma(a) - mpmath.digamma(a + b) - mpmath.log(x),
            "b": mpmath.digamma(b) - mpmath.digamma(a + b) - mpmath.log(1 - x)}


B = [["1", "0.5"], ["-0.3", "2"]]


def _logdet_grad(dtype="float64"):
    """d log det(B B^T + I) / dB = 2 (B B^T + I)^-1 B, at B as the dtype holds it (-0.3 is not a float32)."""
    b = mpmath.matrix([[mp(float(np.dtype(dtype).type(v))) for v in row] for row in B])
    a = b * b.T + mpmath.eye(2)
    g = 2 * mpmath.inverse(a) * b
    return {"b": [[g[i, j] for j in range(2)] for i in range(2)]}


def _layer_norm_const(w, eps="1e-5"):
    mean = sum(mp(v) for v in w) / len(w)
    return {"x": [(mp(v) - mean) / mpmath.sqrt(mp(eps)) for v in w]}


def _adam(p):
    def new(q):
        g = 2 * q
        return q - mp("0.01") * g / (mpmath.sqrt(g * g) + mp("1e-8"))
    return sum(new(q) ** 2 for q in p)


def _adam_at_zero():
    # new(q) is differentiable at 0 (slope 1 - 0.02/1e-8 from both sides) and 0 there: the loss's slope in p[0] is 0.
    return {"p": [mp(0), partials(_adam, [0, 1])[1]]}


def _jump_in_y():
    return {"p": [mp(0), NAN]}  # atan2(0, x<0) = pi is constant in x; in y it jumps from pi to -pi


def _cosine_torch(a):
    b = [mp(1), mp(2)]
    na = mpmath.sqrt(sum(v * v for v in a))
    nb = mpmath.sqrt(sum(v * v for v in b))
    return sum(x * y for x, y in zip(a, b)) / (max(na, mp("1e-8")) * max(nb, mp("1e-8")))


def _cosine_jax(a):
    b = [mp(1), mp(2)]
    n = mpmath.sqrt(sum(v * v for v in a)) * mpmath.sqrt(5)
    return sum(x * y for x, y in zip(a, b)) / max(n, mp("1e-8"))


def _huber_mean(rs, delta=1):
    def h(r):
        return r * r / 2 if abs(r) < delta else delta * (abs(r) - mp(delta) / 2)
    return lambda x: sum(h(v) for v in x) / len(rs)


def _ce_grad(rows, labels):
    out = []
    for row, t in zip(rows, labels):
        p = softmax(row)
        out.append([(v - (1 if k == t else 0)) / len(rows) for k, v in enumerate(p)])
    return out


def _dense_mse(x):
    s = mp("0.5") * sum(x)
    return sum((mpmath.tanh(s) - mp(t)) ** 2 for t in ("0.2", "-0.1")) / 2


def _poisson_mean(lr):
    return sum(mpmath.exp(v) - t * v for v, t in zip(lr, (0, 2, 5))) / 3


def _poisson_sum(lr):
    return sum(mpmath.exp(v) - t * v for v, t in zip(lr, (0, 2, 5)))


def _gamma_nll(la):
    alpha = mpmath.exp(la[0])
    return mpmath.loggamma(alpha) - (alpha - 1) * mpmath.log(2) + 2


def _keras_bce(z):
    w, y = (mp("0.5"), mp("1.5")), (1, 0)
    # mean over the two entries of y*softplus(-s) + (1-y)*softplus(s), s = z*w
    return sum(mpmath.log1p(mpmath.exp(-s)) if t else mpmath.log1p(mpmath.exp(s))
               for s, t in ((a * b, t) for a, b, t in zip(z, w, y))) / 2


def _tiny_softmax_grad():
    # p0 - 1 = -(e^-1000 + e^-1005) / s: written so, not as a difference that 60 digits round to 0
    rest = [mpmath.exp(mp(-1000)), mpmath.exp(mp(-1005))]
    s = 1 + sum(rest)
    return {"z": [-sum(rest) / s, rest[0] / s, rest[1] / s]}


def _rbf(x):
    return sum(mpmath.exp(-((x[0] - c) ** 2 + (x[1] - c) ** 2) / (2 * mp("0.25"))) for c in (0, 1))


def _swish_grad(xs):
    return lambda: {"x": [sigmoid(v) * (1 + mp(v) * (1 - sigmoid(v))) for v in xs]}


JAX = [
    Case("jax_train.py", "mlp_loss", None, "float64", "ok", truths2.jax_mlp, args="init", wrt="params.w2"),
    Case("jax_train.py", "masked_attention", "scores=[1,2,3,4]", "float32", "ok",
         lambda: {"scores": _masked_weights([mp(v) for v in (1, 2, 3, 4)], [1, 1, 0, 1], [1, 2, 3, 4])}),
    Case("jax_train.py", "masked_lse", "x=[1,2,3,4]", "float32", "ok",
         lambda: {"x": _masked_lse([mp(v) for v in (1, 2, 3, 4)], [1, 1, 0, 1])}),
    Case("jax_train.py", "focal_loss", "z=-100", "float32", "unstable", grad_of("z", _focal, [-100], True),
         "return -((1 - p) ** 2) * jnp.log(p)", "log_sigmoid("),
    Case("jax_train.py", "focal_loss", "z=-2", "float32", "ok", grad_of("z", _focal, [-2], True)),
    Case("jax_train.py", "poisson_nll", "log_rate=0.5", "float64", "ok", fixed(log_rate=mpmath.exp(mp("0.5")) - 3)),
    Case("jax_train.py", "beta_nll", "a=2.5,b=1.5", "float64", "ok", lambda: _beta(mp("2.5"), mp("1.5"))),
    Case("jax_train.py", "logdet_chol", "b=[[1,0.5],[-0.3,2]]", "float64", "ok", _logdet_grad),
    Case("jax_train.py", "logdet_slogdet", "b=[[1,0.5],[-0.3,2]]", "float32", "ok", lambda: _logdet_grad("float32")),
    Case("jax_train.py", "cosine", "a=[0,0]", "float64", "wrong", grad_of("a", _cosine_jax, [0, 0]),
         "jnp.maximum(jnp.linalg.norm(a)"),
    Case("jax_train.py", "cosine", "a=[0.5,-1]", "float32", "ok", grad_of("a", _cosine_jax, ["0.5", -1])),
    Case("jax_train.py", "layer_norm", "x=[1,1,1]", "float32", "ok", lambda: _layer_norm_const([1, 2, 4])),
    Case("jax_train.py", "angle", "p=[-1,0]", "float64", "domain", _jump_in_y),
    Case("jax_train.py", "angle", "p=[-1,1]", "float64", "ok", fixed(p=[mp("-0.5"), mp("-0.5")])),
    Case("jax_train.py", "huber", "r=1", "float64", "ok", fixed(r=mp(1))),
    Case("jax_train.py", "clipped", "x=[1,0.5]", "float64", "domain", fixed(x=[NAN, mp(3)])),
    Case("jax_train.py", "adam_step", "p=[0,1]", "float64", "wrong", _adam_at_zero),
    Case("jax_train.py", "adam_step", "p=[0.5,1]", "float32", "ok", grad_of("p", _adam, ["0.5", 1])),
    Case("jax_train.py", "quantized", "x=[0.3,1.2]", "float64", "wrong", fixed(x=[mp(0), mp(0)]), "def ste_bwd"),
]

TORCH = [
    Case("torch_train.py", "net_loss", None, "float64", "ok", truths2.torch_net, args="net_args", wrt="model.fc2.weight"),
    Case("torch_train.py", "masked_attention", "q=[1,2]", "float32", "ok",
         lambda: {"q": _attention_q()}),
    Case("torch_train.py", "focal_loss", "z=-100", "float32", "unstable", grad_of("z", _focal, [-100], True),
         "return -((1 - p) ** 2) * torch.log(p)", "F.logsigmoid("),
    Case("torch_train.py", "gaussian_nll", "mu=0.3,log_sigma=-0.5", "float64", "ok", truths2.gaussian),
    Case("torch_train.py", "beta_nll", "a=2.5,b=1.5", "float64", "ok", lambda: _beta(mp("2.5"), mp("1.5"))),
    Case("torch_train.py", "poisson", "log_rate=[0.5,-1,2]", "float64", "ok",
         grad_of("log_rate", _poisson_mean, ["0.5", -1, 2])),
    Case("torch_train.py", "logdet", "b=[[1,0.5],[-0.3,2]]", "float64", "ok", _logdet_grad),
    Case("torch_train.py", "logdet_chol", "b=[[1,0.5],[-0.3,2]]", "float64", "ok", _logdet_grad),
    Case("torch_train.py", "cosine", "a=[0,0]", "float64", "ok", grad_of("a", _cosine_torch, [0, 0])),
    Case("torch_train.py", "huber", "r=[1,-0.5]", "float64", "ok", grad_of("r", _huber_mean([1, 1]), [1, "-0.5"])),
    Case("torch_train.py", "smooth_l1", "r=[0.5,-0.2]", "float64", "ok", fixed(r=[mp(1), mp("-0.4")])),
    Case("torch_train.py", "naive_softmax", "x=[100,101]", "float32", "unstable",
         lambda: {"x": [softmax([100, 101])[0] * softmax([100, 101])[1], -softmax([100, 101])[0] * softmax([100, 101])[1]]},
         "e = torch.exp(x)"),
    Case("torch_train.py", "angle", "p=[-1,0]", "float64", "domain", _jump_in_y),
    Case("torch_train.py", "clamp_min", "x=[0,2]", "float64", "domain", fixed(x=[NAN, mp(1)])),
    Case("torch_train.py", "swish", "x=[0.5,-2]", "float64", "ok", _swish_grad(["0.5", -2])),
    Case("torch_train.py", "bad_swish", "x=[0.5,-2]", "float64", "wrong", _swish_grad(["0.5", -2]),
         "class BadSwish>>def backward"),
    Case("torch_train.py", "layer_norm_const", "x=[2,2,2]", "float32", "ok", lambda: _layer_norm_const([1, 2, 4])),
    Case("torch_train.py", "kth", "x=[3,1,2]", "float64", "ok", fixed(x=[mp(0), mp(0), mp(1)])),
    Case("torch_train.py", "quantized", "x=[0.3,1.2]", "float64", "wrong", fixed(x=[mp(0), mp(0)]),
         "class StraightThrough>>def backward"),
]


def _attention_q():
    k = [[1, 0], [0, 1]]  # the third key is masked
    q = [mp(1), mp(2)]
    s = [sum(a * b for a, b in zip(row, q)) for row in k]
    w = softmax(s)
    f = w[0] * 1 + w[1] * 3
    ds = [w[0] * (1 - f), w[1] * (3 - f)]
    return [sum(ds[i] * k[i][j] for i in range(2)) for j in range(2)]


TF = [
    Case("tf_keras.py", "sparse_ce", "logits=[[1,2,3],[0.5,-1,2]]", "float32", "ok",
         lambda: {"logits": _ce_grad([[mp(1), mp(2), mp(3)], [mp("0.5"), mp(-1), mp(2)]], [2, 0])}),
    Case("tf_keras.py", "keras_huber", "pred=[1,-0.5]", "float64", "ok", fixed(pred=[mp("0.5"), mp("-0.25")])),
    Case("tf_keras.py", "dense_mse", "x=[0.1,0.2,-0.3]", "float64", "ok", grad_of("x", _dense_mse, ["0.1", "0.2", "-0.3"])),
    Case("tf_keras.py", "sinc_where", "x=0", "float64", "wrong", fixed(x=mp(0)), "tf.sin(x) / x"),
    Case("tf_keras.py", "sinc_safe", "x=0", "float64", "ok", fixed(x=mp(0))),
    Case("tf_keras.py", "normalized", "x=[0,0]", "float64", "ok", fixed(x=[mp("1e6"), mp("2e6")])),
    Case("tf_keras.py", "std_const", "x=[2,2,2]", "float64", "domain", fixed(x=[NAN, NAN, NAN])),
    Case("tf_keras.py", "poisson", "log_rate=[0.5,-1,2]", "float64", "ok", grad_of("log_rate", _poisson_sum, ["0.5", -1, 2])),
    Case("tf_keras.py", "gamma_nll", "log_alpha=0.7", "float64", "ok", grad_of("log_alpha", _gamma_nll, ["0.7"], True)),
    Case("tf_keras.py", "logdet", "b=[[1,0.5],[-0.3,2]]", "float64", "ok", _logdet_grad),
    Case("tf_keras.py", "slogdet", "b=[[1,0.5],[-0.3,2]]", "float64", "ok", _logdet_grad),
    Case("tf_keras.py", "angle", "p=[-1,0]", "float64", "domain", _jump_in_y),
    # -1e9 is added, not selected: the masked entry keeps a weight of e^-1e9 and a gradient that small
    Case("tf_keras.py", "masked_softmax", "x=[1,2,3]", "float32", "ok",
         lambda: {"x": _masked_weights([mp(1), mp(2), mp(3) - mp(10) ** 9], [1, 1, 1], [1, 2, 3])}),
    Case("tf_keras.py", "naive_focal", "z=-100", "float32", "unstable", grad_of("z", _focal, [-100], True),
         "tf.math.log(p)", "log_sigmoid("),
    Case("tf_keras.py", "straight_through", "x=[2,0.5]", "float64", "wrong", fixed(x=[mp(0), mp(1)]),
         "def clip_by_value_st>>def grad(dy):"),
    Case("tf_keras.py", "custom_norm", "x=[3,4]", "float64", "ok", fixed(x=[mp("0.6"), mp("0.8")])),
    Case("tf_keras.py", "naive_softmax_ce", "x=[100,90]", "float32", "unstable",
         lambda: {"x": [softmax([100, 90])[0] - 1, softmax([100, 90])[1]]}, "e = tf.exp(x)"),
    Case("tf_keras.py", "keras_bce", "z=[40,-2]", "float32", "ok", grad_of("z", _keras_bce, [40, -2])),
]

NUMPY = [
    Case("numpy_star.py", "hinge_l2", "w=[0.3,-0.2]", "float64", "ok", truths2.np_hinge),
    Case("numpy_star.py", "softmax_xent", "z=[1000,0,-5]", "float64", "ok", _tiny_softmax_grad),
    Case("numpy_star.py", "naive_xent", "z=[1000,0,-5]", "float64", "unstable", _tiny_softmax_grad,
         "p = exp(z) / sum(exp(z))"),
    Case("numpy_star.py", "rbf", "x=[0.2,0.4]", "float64", "ok", grad_of("x", _rbf, ["0.2", "0.4"])),
    Case("numpy_star.py", "dist", "x=[1,1]", "float64", "domain", fixed(x=[NAN, NAN])),
    Case("numpy_star.py", "log_det", "b=[[1,0.5],[-0.3,2]]", "float64", "ok", _logdet_grad),
    Case("numpy_star.py", "tanh_layer", "w=[0.3,-0.2]", "float64", "ok", truths2.np_tanh_layer),
    Case("numpy_star.py", "safe_log", "p=[0.5,0]", "float64", "ok", fixed(p=[mp(2), mp(0)])),
    Case("numpy_star.py", "arcsin_sq", "x=1", "float64", "domain", fixed(x=NAN)),
]

ALL = JAX + TORCH + TF + NUMPY
