"""The third trial set: sequence models (scan), weighted log-sum-exp, clipping by global norm, label smoothing,
KL with log targets, distances at coincident points, norms at 0, Keras and TF losses on probabilities and logits,
hand-written softmax (1-D and by rows), the sinc through where in every spelling, straight-through rules, and
NumPy's ufunc methods, clip, einsum and SciPy's weighted logsumexp.

Truths come from expressions written here (mpmath, 60 digits), never from the user files' code.
"""

import mpmath

from cases import Case, mp, sigmoid, softmax
from cases2 import NAN, fixed, grad_of

XS = ["0.5", "-0.3", "0.8", "0.1"]


def _rnn(w):
    h, total = mp(0), mp(0)
    for x in XS:
        h = mpmath.tanh(w[0] * h + w[1] * mp(x))
        total += h * h
    return total


def _weighted(b, xs):
    def truth():
        e = [mp(bk) * mpmath.exp(mp(x)) for bk, x in zip(b, xs)]
        s = sum(e)
        return {"x": [v / s for v in e]}
    return truth


def _clip_at(g):
    g = [mp(v) for v in g]
    n = mpmath.sqrt(sum(v * v for v in g))
    dot = g[0] + 2 * g[1]
    return {"g": [1 / n - dot * g[0] / n ** 3, 2 / n - dot * g[1] / n ** 3]}


def _xent(xs, k):
    p = softmax(xs)
    return lambda: {"x": [v - (1 if i == k else 0) for i, v in enumerate(p)]}


def _rows_xent(rows, scale=1):
    out = []
    for row in rows:
        p = softmax(row)
        out.append([(v - (1 if i == 0 else 0)) / scale for i, v in enumerate(p)])
    return lambda: {"x" if scale == 1 else "z": out}


def _dsinc(x):
    x = mp(x)
    return (x * mpmath.cos(x) - mpmath.sin(x)) / (x * x)


def _smoothed(rows, labels, eps=mp("0.1")):
    out = []
    for row, t in zip(rows, labels):
        p = softmax(row)
        out.append([(v - ((1 - eps) * (1 if i == t else 0) + eps / len(row))) / len(rows) for i, v in enumerate(p)])
    return lambda: {"logits": out}


def _kl():
    lq, lp = [mp(-1), mp("-0.5")], [mp("-0.3"), mp(-2)]
    return {"lq": [-mpmath.exp(b) for b in lp], "lp": [mpmath.exp(b) * (b - a + 1) for a, b in zip(lq, lp)]}


def _unit(v):
    n = mpmath.sqrt(sum(c * c for c in v))
    return [c / n for c in v]


def _pair_dist():
    x1 = [mp(1), mp(1)]
    a, b = _unit([x1[0] - 0, x1[1] - 0]), _unit([x1[0] - 3, x1[1] - 2])
    return {"x": [[NAN, NAN], [a[0] + b[0], a[1] + b[1]]]}


def _einsum():
    a = [[mp(1), mp(2)], [mp("0.5"), mp(-1)], [mp(3), mp(0)]]
    w = [mp("0.3"), mp("-0.2")]
    r = [sum(row[j] * w[j] for j in range(2)) - 1 for row in a]
    return {"w": [2 * sum(r[i] * a[i][j] for i in range(3)) for j in range(2)]}


JAX = [
    Case("jax_seq.py", "rnn_loss", "w=[0.9,1.2]", "float64", "ok", grad_of("w", _rnn, ["0.9", "1.2"])),
    Case("jax_seq.py", "weighted_lse", "x=[1,2,3]", "float64", "ok", _weighted(["0.5", 2, 1], [1, 2, 3])),
    Case("jax_seq.py", "weighted_lse", "x=[100,101,102]", "float32", "ok", _weighted(["0.5", 2, 1], [100, 101, 102])),
    Case("jax_seq.py", "signed_lse", "x=[1,0]", "float64", "ok",
         lambda: {"x": [mpmath.e / (mpmath.e - mp("0.5")), -mp("0.5") / (mpmath.e - mp("0.5"))]}),
    Case("jax_seq.py", "clip_by_global_norm", "g=[0,0]", "float64", "wrong", fixed(g=[mp(1), mp(2)]),
         "clipped = jnp.where(norm < 1.0, g, g / norm)"),
    Case("jax_seq.py", "clip_by_global_norm", "g=[3,4]", "float64", "ok", lambda: _clip_at([3, 4])),
    Case("jax_seq.py", "row_norms", "w=[[3,4],[0,0]]", "float64", "domain",
         fixed(w=[[mp("0.6"), mp("0.8")], [NAN, NAN]])),
    Case("jax_seq.py", "naive_xent", "x=[100,101]", "float32", "unstable", _xent([100, 101], 1),
         "e = jnp.exp(x)", "log_softmax("),
    Case("jax_seq.py", "sinc_eq", "x=[0,1]", "float64", "wrong", fixed(x=[mp(0), _dsinc(1)]),
         "jnp.where(x == 0", "jnp.where(x != 0, x, 1.0)"),
    Case("jax_seq.py", "sinc_taylor", "x=[0,0.5]", "float64", "wrong", fixed(x=[mp(0), _dsinc("0.5")]),
         "jnp.where(jnp.abs(x) < 1e-3", "jnp.abs(x) >= "),
]

TORCH = [
    Case("torch_more.py", "smoothed_ce", "logits=[[1,2,3],[0.5,-1,2]]", "float64", "ok",
         _smoothed([[mp(1), mp(2), mp(3)], [mp("0.5"), mp(-1), mp(2)]], [2, 0])),
    Case("torch_more.py", "kl_log_target", "lq=[-1,-0.5],lp=[-0.3,-2]", "float64", "ok", _kl),
    Case("torch_more.py", "pair_dist", "x=[[0,0],[1,1]]", "float64", "domain", _pair_dist),
    Case("torch_more.py", "vnorm", "x=[0,0]", "float64", "domain", fixed(x=[NAN, NAN])),
    Case("torch_more.py", "vnorm", "x=[0,0]", "float32", "domain", fixed(x=[NAN, NAN])),
    Case("torch_more.py", "bce_probs", "p=[0.3,0.9]", "float64", "ok", fixed(p=[-1 / (2 * mp("0.3")), -1 / (2 * mp("0.9"))])),
    Case("torch_more.py", "softmax_rows", "x=[[100,101],[0,1]]", "float32", "unstable",
         _rows_xent([[100, 101], [0, 1]]), "e = torch.exp(x)", "log_softmax("),
    Case("torch_more.py", "sinc_where", "x=[0,1]", "float64", "wrong", fixed(x=[mp(0), _dsinc(1)]),
         "torch.where(x != 0", "torch.where(x != 0, x, 1.0)"),
    Case("torch_more.py", "binarized", "x=[0.3,-1.2]", "float64", "wrong", fixed(x=[mp(0), mp(0)]),
         "class SignSTE>>def backward"),
]

TF = [
    Case("tf_more.py", "keras_bce_probs", "p=[1,0.5]", "float32", "ok", fixed(p=[mp(0), mp(-1)])),
    Case("tf_more.py", "log_sig", "z=[-100,50]", "float32", "ok", fixed(z=[sigmoid(100), sigmoid(-50)])),
    # TensorFlow flushes subnormal results to 0 on CPU (as XLA does): 0 for e^-90 in float32 is its right answer
    Case("tf_more.py", "log_sig", "z=[90,-3]", "float32", "ok", fixed(z=[sigmoid(-90), sigmoid(3)])),
    # TensorFlow's formula (1 - z) x + l (log1p(exp(-|x|)) + max(-x, 0)) cancels for z = 0, x = -30 in float32:
    # -30 + 30.00000000000009 is 0, the value loses its second term (the gradient does not)
    Case("tf_more.py", "weighted_ce", "logits=[30,-30]", "float32", "unstable", fixed(logits=[-2 * sigmoid(-30), sigmoid(-30)]),
         "tf.nn.weighted_cross_entropy_with_logits"),
    Case("tf_more.py", "weighted_ce", "logits=[3,-2]", "float32", "ok", fixed(logits=[-2 * sigmoid(-3), sigmoid(-2)])),
    Case("tf_more.py", "naive_xent", "x=[100,101]", "float32", "unstable", _xent([100, 101], 1),
         "e = tf.exp(x)", "tf.nn.log_softmax("),
    Case("tf_more.py", "sinc_eq", "x=[0,1]", "float64", "wrong", fixed(x=[mp(0), _dsinc(1)]),
         "tf.where(x == 0.0", "tf.where(x != 0.0, x, 1.0)"),
    Case("tf_more.py", "sinc_taylor", "x=[0,0.5]", "float64", "wrong", fixed(x=[mp(0), _dsinc("0.5")]),
         "tf.where(tf.abs(x) < 1e-4", "tf.abs(x) >= "),
]

NUMPY = [
    Case("numpy_more.py", "row_norms", "w=[[3,4],[0,0]]", "float64", "domain",
         fixed(w=[[mp("0.6"), mp("0.8")], [NAN, NAN]])),
    Case("numpy_more.py", "lae_reduce", "x=[1000,1000.5,-3]", "float64", "ok",
         lambda: {"x": softmax([1000, mp("1000.5"), -3])}),
    Case("numpy_more.py", "clipped_sq", "x=[0.5,2,-3]", "float64", "ok", fixed(x=[mp(1), mp(0), mp(0)])),
    Case("numpy_more.py", "einsum_ls", "w=[0.3,-0.2]", "float64", "ok", _einsum),
    Case("numpy_more.py", "weighted_lse", "x=[1000,999]", "float64", "ok", _weighted(["0.25", 4], [1000, 999])),
    Case("numpy_more.py", "softmax_rows", "z=[[800,0],[1,2]]", "float64", "unstable", _rows_xent([[800, 0], [1, 2]], 2),
         "p = np.exp(z)", "scipy.special.logsumexp("),
    # at x=0 itself the switch is crossed and x**1.5's 0 slope is only suggested by differences: `error` by design
    Case("numpy_more.py", "cube_root_where", "x=[-1,0.5]", "float64", "wrong",
         fixed(x=[mp(0), mp("1.5") * mpmath.sqrt(mp("0.5"))]), "np.where(x > 0, np.sqrt(x) ** 3", "np.sqrt(np.where(x > 0, x, 1"),
]

ALL = JAX + TORCH + TF + NUMPY
