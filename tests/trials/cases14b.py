"""The fourteenth trial set (b), PyTorch and TensorFlow/Keras: smooth L1 with a tiny beta (at its seam) and with beta 0,
margin ranking at a tie, a triplet loss with the anchor on the positive, torch.distributions' Normal, Beta and
Dirichlet log-densities and a Normal KL, an embedding table with a LayerNorm (a constant row, a repeated id) named by
path, a gradient penalty by torch.func.grad, torch.func.vmap inside a loss, autograd.Functions with
once_differentiable (a cancelling and a wrong backward), a matmul under bfloat16 autocast, BatchNorm in eval mode;
weighted cross-entropy with logits at 0 (where its abs and max kinks cancel), CTC, Keras' Huber at delta and
CosineSimilarity, a Tversky loss, lbeta / lgamma / betainc, a Cholesky log-likelihood, a tanh bijector's log-determinant,
tf.custom_gradient with variables= in a Keras layer named by path, and Newton's square root in a tf.while_loop.

Truths are expressions written here, evaluated by mpmath (2,000 digits, or 60 for partials by mpmath.diff), never the
user files' code; points are the numbers the dtype holds.
"""

import mpmath

from cases import Case, mp
from cases2 import NAN, partials
from cases5 import _in, _softmax, hp, sig

_f = lambda v: mp(float(v))  # noqa: E731  (a float64 literal as float64 holds it)
_f32 = lambda v: _in("float32", [v])[0]  # noqa: E731


def _smooth_l1_truth():
    x, beta = _in("float64", [0, 5e-4, 1e-3, -0.3]), _f(1e-3)
    return {"x": [v / beta if abs(v) < beta else mpmath.sign(v) for v in x]}


def _triplet_truth(a):
    """max(|a - p + eps| - |a - n + eps| + 1, 0) at p = a: d/da = e/|e| - u/|u|, d/dp = -e/|e| (e = eps 1, u = a - n + eps)."""
    def truth():
        av, eps, n = _in("float64", a), _f(1e-6), _in("float64", [1.0, -0.5, 0.25])
        e = [eps] * 3
        u = [ak - nk + eps for ak, nk in zip(av, n)]
        ne, nu = mpmath.sqrt(sum(v * v for v in e)), mpmath.sqrt(sum(v * v for v in u))
        assert ne - nu + 1 > 0
        return {"anchor": [[ek / ne - uk / nu for ek, uk in zip(e, u)]], "positive": [[-ek / ne for ek in e]]}
    return hp(truth)


def _normal_truth():
    loc, scale, x = _in("float64", [0.5, 0, 1]), _in("float64", [1.5, 0.5, 2]), _in("float64", [0.3, -1.2, 2])
    return {"loc": [-(xk - m) / s ** 2 for xk, m, s in zip(x, loc, scale)],
            "scale": [1 / s - (xk - m) ** 2 / s ** 3 for xk, m, s in zip(x, loc, scale)]}


def _beta_truth():
    a, b, x = _in("float64", [2, 0.5]), _in("float64", [3, 0.7]), _in("float64", [0.3, 0.9])
    return {"a": [-mpmath.log(xk) + mpmath.digamma(ak) - mpmath.digamma(ak + bk) for ak, bk, xk in zip(a, b, x)],
            "b": [-mpmath.log(1 - xk) + mpmath.digamma(bk) - mpmath.digamma(ak + bk) for ak, bk, xk in zip(a, b, x)]}


def _dirichlet_truth():
    c, x = _in("float64", [1.5, 0.5, 2]), _in("float64", [0.2, 0.3, 0.5])
    return {"conc": [-mpmath.log(xk) - mpmath.digamma(sum(c)) + mpmath.digamma(ck) for ck, xk in zip(c, x)]}


def _kl_truth():
    mu, ls = _in("float64", [0.5, -1]), _in("float64", [-0.3, 0.2])
    return {"mu": mu, "log_sigma": [mpmath.exp(2 * v) - 1 for v in ls]}


EMB = [[0.5, -1, 2], [0.7, 0.7, 0.7], [1.5, 0.25, -0.75], [0, 1, 3]]
IDS = [0, 1, 0, 2]


def _tag_loss(flat):
    """LayerNorm (biased variance, eps 1e-5, weight g) of each looked-up row, times the scale, summed."""
    rows = [flat[3 * r:3 * r + 3] for r in range(4)]
    g, s, eps = [mp(1), mp(2), mp("-0.5")], [mp(1), mp(-2), mp("0.5")], _f(1e-5)
    total = mp(0)
    for i in IDS:
        x = rows[i]
        mean = sum(x) / 3
        var = sum((v - mean) ** 2 for v in x) / 3
        total += sum(sk * gk * (v - mean) / mpmath.sqrt(var + eps) for sk, gk, v in zip(s, g, x))
    return total


def _tag_truth():
    g = partials(_tag_loss, _in("float32", [v for row in EMB for v in row]))
    return {"model.emb.weight": [g[3 * r:3 * r + 3] for r in range(4)]}


def _penalty_truth():
    x = _in("float64", [0.5, -1, 2])
    gx = [mpmath.sin(v) + v * mpmath.cos(v) for v in x]
    return {"x": [2 * g * (2 * mpmath.cos(v) - v * mpmath.sin(v)) for g, v in zip(gx, x)]}


def _per_row_truth():
    w, rows = [mp("0.5"), mp(-1)], [_in("float64", [0.5, 1]), _in("float64", [-2, 3])]
    return {"x": [[w[j] * _softmax([r[k] * w[k] for k in range(2)])[j] for j in range(2)] for r in rows]}


def _autocast_truth():
    x = _in("float32", [0.3, -0.7, 1.3])
    w = [[mp("0.5"), mp(-1)], [mp("0.25"), mp(2)], [mp("1.5"), mp("0.125")]]
    y = [sum(x[i] * w[i][j] for i in range(3)) for j in range(2)]
    return {"x": [[2 * sum(y[j] * w[i][j] for j in range(2)) for i in range(3)]]}


def _bn_truth():
    """(g (x - m) / sqrt(v + eps) + b)^2 summed; running statistics and affine parameters as float32 held them."""
    m, v = _in("float32", [0.5, -1, 2]), _in("float32", [4, 0.25, 1e-6])
    g, b, eps = _in("float32", [1, 2, 0.5]), _in("float32", [0, 0.1, -0.3]), _f(1e-5)
    xs = [_in("float64", [1, 0, 2.001]), _in("float64", [-1, -2, 1.999])]
    out = [[g[c] * (x[c] - m[c]) / mpmath.sqrt(v[c] + eps) + b[c] for c in range(3)] for x in xs]
    return {"x": [[2 * o[c] * g[c] / mpmath.sqrt(v[c] + eps) for c in range(3)] for o in out],
            "model.bn.weight": [sum(2 * o[c] * (x[c] - m[c]) / mpmath.sqrt(v[c] + eps) for o, x in zip(out, xs))
                                for c in range(3)]}


TORCH = [
    # |x| = beta exactly is smooth L1's seam, where both pieces have slope 1 (C1): ok, not a kink
    Case("torch_lib14b.py", "smooth_l1_tiny", "x=[0,5e-4,1e-3,-0.3]", "float64", "ok", hp(_smooth_l1_truth)),
    # beta = 0 is the L1 loss: |x| at 0
    Case("torch_lib14b.py", "smooth_l1_zero_beta", "x=[0,0.5]", "float64", "domain", hp(lambda: {"x": [NAN, mp(1)]})),
    # the first pair ties with margin 0: max(0, -(s1 - s2)) at its corner; the second pair is flat
    Case("torch_lib14b.py", "rank_loss", "s1=[0.5,0.2],s2=[0.5,0.7]", "float64", "domain",
         hp(lambda: {"s1": [NAN, mp(0)], "s2": [NAN, mp(0)]})),
    Case("torch_lib14b.py", "triplet", "anchor=[[0.9,-0.4,0.3]],positive=[[0.9,-0.4,0.3]]", "float64", "ok",
         _triplet_truth([0.9, -0.4, 0.3])),
    Case("torch_lib14b.py", "normal_nll", "loc=[0.5,0,1],scale=[1.5,0.5,2]", "float64", "ok", hp(_normal_truth)),
    Case("torch_lib14b.py", "beta_nll", "a=[2,0.5],b=[3,0.7]", "float64", "ok", hp(_beta_truth)),
    Case("torch_lib14b.py", "dirichlet_nll", "conc=[1.5,0.5,2]", "float64", "ok", hp(_dirichlet_truth)),
    Case("torch_lib14b.py", "kl_to_prior", "mu=[0.5,-1],log_sigma=[-0.3,0.2]", "float64", "ok", hp(_kl_truth)),
    # row 1 is constant (variance 0 under eps), row 0 looked up twice, row 3 never
    Case("torch_lib14b.py", "tag_loss", None, "float64", "ok", _tag_truth, args="tag_args", wrt="model.emb.weight"),
    Case("torch_lib14b.py", "penalty", "x=[0.5,-1,2]", "float64", "ok", hp(_penalty_truth)),
    Case("torch_lib14b.py", "per_row", "x=[[0.5,1],[-2,3]]", "float64", "ok", hp(_per_row_truth)),
    # PyTorch's softplus is x above its threshold 20: the forward is exactly 1 at 40, slope 0, and the backward's
    # sigmoid(40) - sigmoid(39) (7.3e-18 exactly) is not its derivative there: the rule is wrong, named at backward()
    Case("torch_lib14b.py", "soft_clip", "x=[0.5,-40,40]", "float64", "wrong",
         hp(lambda: {"x": [sig(v) - sig(v - 1) for v in _in("float64", [0.5, -40])] + [mp(0)]}),
         "class SoftClip>>def backward(ctx, grad)"),
    # below the threshold: sigmoid(18) - sigmoid(17) cancels 8 digits in float64 where the slope is 2.6e-8
    Case("torch_lib14b.py", "soft_clip", "x=[18]", "float64", "unstable",
         hp(lambda: {"x": [sig(mp(18)) - sig(mp(17))]}), "return grad * (torch.sigmoid(x) - torch.sigmoid(x - 1.0))"),
    # the backward forgets the + 1 of d(x log x)/dx (a wrong rule is named at its backward's def)
    Case("torch_lib14b.py", "entropy_term", "p=[0.2,0.5]", "float64", "wrong",
         hp(lambda: {"p": [mpmath.log(v) + 1 for v in _in("float64", [0.2, 0.5])]}), "class XLogX>>def backward(ctx, grad)"),
    # the matmul rounds to bfloat16 (8 bits): 2e-3 relative where float32 is asked
    Case("torch_lib14b.py", "autocast_head", "x=[[0.3,-0.7,1.3]]", "float32", "unstable", hp(_autocast_truth),
         "y = x @ w"),
    Case("torch_lib14b.py", "bn_loss", None, "float64", "ok", hp(_bn_truth), args="bn_args", wrt="x,model.bn.weight"),
]


def _wce_truth():
    """pos_weight 3: l softplus(-x) + (1 - z) x with l = 1 + 2 z, smooth at 0 where TensorFlow's abs and max kinks cancel."""
    x, z = _in("float64", [-800, 0, 0, 30]), [1, 0, 1, 0]
    return {"logits": [-(1 + 2 * zk) * sig(-v) + (1 - zk) for v, zk in zip(x, z)]}


LOGITS = [[0.5, 1, -0.5], [0.2, -0.3, 0.8], [0, 0.4, 1.2]]


def _ctc_loss(flat):
    frames = [_softmax(flat[3 * t:3 * t + 3]) for t in range(3)]
    paths = [(1, 2, 0), (1, 2, 2), (1, 1, 2), (0, 1, 2), (1, 0, 2)]
    return -mpmath.log(sum(frames[0][a] * frames[1][b] * frames[2][c] for a, b, c in paths))


def _ctc_truth():
    g = partials(_ctc_loss, _in("float32", [v for row in LOGITS for v in row]))
    return {"logits": [[g[3 * t:3 * t + 3] for t in range(3)]]}


def _tversky(p_logits):
    p = [sig(v) for v in p_logits]
    mask = [1, 1, 0, 0]
    tp = sum(pk * mk for pk, mk in zip(p, mask))
    fp = sum(pk * (1 - mk) for pk, mk in zip(p, mask))
    fn = sum((1 - pk) * mk for pk, mk in zip(p, mask))
    return 1 - (tp + 1) / (tp + mp("0.7") * fp + mp("0.3") * fn + 1)


def _cos_truth():
    t, p = [mp(1), mp(-2), mp("0.5")], _in("float32", [0.5, 1, -2])
    g = partials(lambda v: -sum(a * b for a, b in zip(t, v)) / mpmath.sqrt(sum(a * a for a in t) * sum(b * b for b in v)), p)
    return {"pred": [g]}


def _cholesky_loss(v):
    m = mpmath.matrix([[v[0], v[1]], [v[2], v[3]]])
    a = m * m.T + mpmath.eye(2)
    b = mpmath.matrix([[1], [mp("-0.5")]])
    return -(b.T * mpmath.inverse(a) * b)[0] / 2 - mpmath.log(mpmath.det(a)) / 2


def _newton_truth():
    def d_sqrt(a):
        y, dy = mp(1), mp(0)
        for _ in range(6):
            y, dy = (y + a / y) / 2, (dy + 1 / y - a * dy / y ** 2) / 2
        return dy
    return {"a": [d_sqrt(a) for a in _in("float64", [2, 0.25])]}


def _scaled_truth():
    x, s = _in("float64", [0.5, -2, 3]), mp("1.5")
    return {"model.scaled.s": 2 * s * sum(mpmath.log1p(mpmath.exp(v)) ** 2 for v in x)}


TF = [
    # at 0 the abs and max of TensorFlow's stable form meet kinks that cancel: softplus is smooth there; TensorFlow
    # takes sign(0) = 0 and gives max's slope to the constant, 1 and 0 where the slopes are 0.5 and -1.5
    Case("tf_lib14b.py", "weighted_ce", "logits=[-800,0,0,30]", "float64", "wrong", hp(_wce_truth),
         "tf.nn.weighted_cross_entropy_with_logits("),
    Case("tf_lib14b.py", "ctc", "logits=[[[0.5,1,-0.5],[0.2,-0.3,0.8],[0,0.4,1.2]]]", "float32", "ok", _ctc_truth),
    # |d| = delta exactly is Huber's seam (C1): the slope is delta / 3 there
    Case("tf_lib14b.py", "huber", "pred=[[0.5,-0.2,1]]", "float32", "ok",
         hp(lambda: {"pred": [[mp("0.5") / 3, _f32(-0.2) / 3, mp("0.5") / 3]]})),
    Case("tf_lib14b.py", "cosine", "pred=[[0.5,1,-2]]", "float32", "ok", _cos_truth),
    Case("tf_lib14b.py", "tversky", "pred=[0.5,-1,2,-3]", "float64", "ok",
         lambda: {"pred": partials(_tversky, _in("float64", [0.5, -1, 2, -3]))}),
    Case("tf_lib14b.py", "log_beta", "ab=[2.5,0.5]", "float64", "ok",
         hp(lambda: {"ab": [mpmath.digamma(v) - mpmath.digamma(mp(3)) for v in [mp("2.5"), mp("0.5")]]})),
    Case("tf_lib14b.py", "log_gamma", "x=[-2.5,0.5,1e-3]", "float64", "ok",
         hp(lambda: {"x": [mpmath.digamma(v) for v in _in("float64", [-2.5, 0.5, 1e-3])]})),
    Case("tf_lib14b.py", "beta_cdf", "x=[0.3,0.999]", "float64", "ok",
         hp(lambda: {"x": [v ** mp("1.5") * (1 - v) ** mp("-0.5") / mpmath.beta(mp("2.5"), mp("0.5"))
                           for v in _in("float64", [0.3, 0.999])]})),
    Case("tf_lib14b.py", "gauss_loglik", "m=[[0.5,-1],[0.25,2]]", "float64", "ok",
         lambda: {"m": (lambda g: [g[0:2], g[2:4]])(partials(_cholesky_loss, _in("float64", [0.5, -1, 0.25, 2])))}),
    # 1 - tanh(20)^2 rounds to 0 in float64: log(0) where the value is -38.6 and the slope -2 tanh(20)
    Case("tf_lib14b.py", "tanh_log_det", "x=[0.5,20]", "float64", "unstable",
         hp(lambda: {"x": [-2 * mpmath.tanh(v) for v in _in("float64", [0.5, 20])]}), "tf.math.log(1.0 - tf.tanh(x) ** 2)"),
    # the variable is model.scaled.s (the attribute holding its layer); Keras' path names it too
    Case("tf_lib14b.py", "scaled_loss", None, "float64", "ok", hp(_scaled_truth), args="scaled_args",
         wrt="model.scaled_softplus.s"),
    Case("tf_lib14b.py", "newton_sqrt", "a=[2,0.25]", "float64", "ok", hp(_newton_truth)),
]

INPUT_ERRORS = [
    # a Keras layer's variable named by a path the model lacks: the message names the one it has
    Case("tf_lib14b.py", "scaled_loss", None, "float32", "input-error", args="scaled_args", wrt="model.scaled.t",
         message=("model.scaled.s",)),
]

ALL = TORCH + TF + INPUT_ERRORS
