"""The tenth trial set (b), PyTorch and TensorFlow/Keras: products and running products through a zero, maxima at a
tie, an embedding's padding row, batch normalisation in training mode inside an nn.Module, autograd Functions written
the new way (setup_context), with two inputs, two outputs or an input left without a gradient, an input the loss never
reads, a loss that differentiates itself, complex intermediates (an FFT's power, a phase across its cut), label
smoothing and class weights, BCE with a positive weight at saturated logits, special functions in their tails, the
log-of-probability spellings a fix replaces; TensorFlow's running product through a zero, gathers whose gradients are
sparse, custom rules with two inputs and with variables, Keras losses, tf.math special functions.

Truths are expressions written here, evaluated by mpmath at 2,000 digits, never the user files' code; points are the
numbers the dtype holds.
"""

import mpmath
import numpy as np

from cases import Case, mp
from cases2 import NAN, partials
from cases5 import _in, each, hp, sig


def _f(v):
    return mp(float(v))


def _softmax(xs):
    top = max(xs)
    e = [mpmath.exp(v - top) for v in xs]
    return [v / sum(e) for v in e]


def _smoothed_ce(rows, labels, eps, dtype="float64"):
    """d/dz of the batch mean of CE against (1 - eps) onehot + eps / C: (softmax - q) / N."""
    def truth():
        out = []
        for row, y in zip(rows, labels):
            z = _in(dtype, row)
            c = len(z)
            q = [(1 - _f(eps)) * (1 if k == y else 0) + _f(eps) / c for k in range(c)]
            out.append([(s - t) / len(rows) for s, t in zip(_softmax(z), q)])
        return {"logits": out}
    return hp(truth)


def _keras_smoothed_ce():
    """Keras' smoothing in float32: q = y f32(0.9) + f32(0.1) / 3, and the batch mean's gradient (softmax sum(q) - q) / N."""
    def truth():
        out = []
        for row, y in zip(LOGITS, [2, 0]):
            q = [mp(float(np.float32(0.9))) * (1 if k == y else 0) + mp(float(np.float32(0.1))) / 3 for k in range(3)]
            out.append([(s * sum(q) - t) / 2 for s, t in zip(_softmax(_in("float32", row)), q)])
        return {"logits": out}
    return hp(truth)


def _weighted_nll(rows, labels, weights):
    """d/dz of sum_i w_yi (-log softmax(z_i)_yi) / sum_i w_yi."""
    def truth():
        total = sum(_f(weights[y]) for y in labels)
        out = []
        for row, y in zip(rows, labels):
            s = _softmax(_in("float64", row))
            out.append([_f(weights[y]) * (v - (1 if k == y else 0)) / total for k, v in enumerate(s)])
        return {"logits": out}
    return hp(truth)


def _bce_pos(zs, ys=(1, 0, 1), pos=3, dtype="float64"):
    """d/dz of -(p y log sigmoid z + (1 - y) log(1 - sigmoid z)): -p y sigmoid(-z) + (1 - y) sigmoid(z)."""
    return hp(lambda: {"z": [-pos * y * sig(-z) + (1 - y) * sig(z) for z, y in zip(_in(dtype, zs), ys)]})


def _power(x):
    """sum |rfft(x)|^2 for four samples, written from the DFT: X0, X2 real, X1 = (x0 - x2) - i (x1 - x3)."""
    x0, x1, x2, x3 = x
    return (x0 + x1 + x2 + x3) ** 2 + (x0 - x2) ** 2 + (x1 - x3) ** 2 + (x0 - x1 + x2 - x3) ** 2


def _normal_log_cdf_slope(x):
    return mpmath.npdf(x) / mpmath.ncdf(x)


def _mish_slope(x):
    sp = mpmath.log1p(mpmath.exp(x))
    return mpmath.tanh(sp) + x * mpmath.sech(sp) ** 2 * sig(x)


def _tagger():
    """d/d emb of sum_t (w . emb[t] + b) over tokens [0, 2, 0, 1]: count(t) w per row (row 0 is used twice)."""
    w = [mp(2), mp(-3)]
    counts = [2, 1, 1, 0]
    return hp(lambda: {"model.emb.weight": [[c * wi for wi in w] for c in counts]})


def _normed_head():
    """d/d gamma of sum_i (sum_j w_j tanh(gamma_j xhat_ij + beta_j))^2, xhat the batch-standardised column (biased
    variance, eps 1e-5); beta is
    copied from a float32 tensor, so it holds float32(0.1) and float32(-0.2)."""
    def truth():
        x = [[_f(0.3), mp(1)], [_f(-0.5), mp(2)], [_f(1.2), mp(-1)]]
        gamma, w = [_f(1.5), _f(0.5)], [mp(1), mp(-2)]
        beta = [mp(float(np.float32(0.1))), mp(float(np.float32(-0.2)))]  # copied from a float32 tensor
        n = len(x)
        xhat = [[None, None] for _ in x]
        for j in range(2):
            col = [row[j] for row in x]
            mu = sum(col) / n
            var = sum((v - mu) ** 2 for v in col) / n
            for i in range(n):
                xhat[i][j] = (col[i] - mu) / mpmath.sqrt(var + _f(1e-5))
        grad = [mp(0), mp(0)]
        for i in range(n):
            h = [mpmath.tanh(gamma[j] * xhat[i][j] + beta[j]) for j in range(2)]
            out = sum(w[j] * h[j] for j in range(2))
            for j in range(2):
                grad[j] += 2 * out * w[j] * (1 - h[j] ** 2) * xhat[i][j]
        return {"model.bn.weight": grad}
    return hp(truth)


def _penalty(x):
    """d/dx of sum g^2, g = x cos x + sin x: 2 g (2 cos x - x sin x)."""
    g = x * mpmath.cos(x) + mpmath.sin(x)
    return 2 * g * (2 * mpmath.cos(x) - x * mpmath.sin(x))


LOGITS = [[30, -30, 0], [-50, 10, 60]]
PLAIN = [[1, 2, 3], [0.5, -1, 2]]

TORCH = [
    # d/dx0 of x0 x1 x2 is x1 x2 = 6 even though the product is 0
    Case("torch_lib10b.py", "product", "x=[0,2,3]", "float64", "ok", hp(lambda: {"x": [mp(6), mp(0), mp(0)]})),
    Case("torch_lib10b.py", "product", "x=[0,0,3]", "float32", "ok", hp(lambda: {"x": [mp(0), mp(0), mp(0)]})),
    # x0 + x0 x1 + x0 x1 x2 at [2, 0, 3]: [1 + x1 + x1 x2, x0 + x0 x2, x0 x1]
    Case("torch_lib10b.py", "running_product", "x=[2,0,3]", "float64", "ok", hp(lambda: {"x": [mp(1), mp(8), mp(0)]})),
    # max(x0, x1) at x0 = x1: slopes 0 and 1 on either side in both
    Case("torch_lib10b.py", "peak", "x=[1,1,0.5]", "float64", "domain", hp(lambda: {"x": [NAN, NAN, mp(0)]})),
    Case("torch_lib10b.py", "peak", "x=[1,2,0.5]", "float32", "ok", hp(lambda: {"x": [mp(0), mp(1), mp(0)]})),
    Case("torch_lib10b.py", "smoothed_ce", "logits=[[30,-30,0],[-50,10,60]]", "float32", "ok",
         _smoothed_ce(LOGITS, [2, 0], 0.1, "float32")),
    Case("torch_lib10b.py", "smoothed_ce", "logits=[[30,-30,0],[-50,10,60]]", "float64", "ok",
         _smoothed_ce(LOGITS, [2, 0], 0.1)),
    Case("torch_lib10b.py", "weighted_nll", "logits=[[1,2,3],[0.5,-1,2]]", "float64", "ok",
         _weighted_nll(PLAIN, [2, 0], [1.0, 2.0, 0.5])),
    Case("torch_lib10b.py", "bce_pos_weight", "z=[-100,100,0]", "float32", "ok", _bce_pos([-100, 100, 0], dtype="float32")),
    Case("torch_lib10b.py", "bce_pos_weight", "z=[-100,100,0]", "float64", "ok", _bce_pos([-100, 100, 0])),
    # sigmoid(40) is 1 in float64: log(1 - 1) = -inf where the value is -40 and the slope -sigmoid(40)
    Case("torch_lib10b.py", "log_prob_naive", "z=40", "float64", "unstable", each("z", lambda z: -sig(z), [40]),
         "return torch.sum(torch.log(1 - p))", "logsigmoid"),
    # softmax(-800 beside 0, 0) underflows: log(0)
    Case("torch_lib10b.py", "log_softmax_naive", "z=[-800,0,0]", "float64", "unstable",
         hp(lambda: {"z": [1 - s if k == 0 else -s for k, s in enumerate(_softmax([mp(-800), mp(0), mp(0)]))]}),
         "torch.log(torch.softmax(z, dim=-1))", "log_softmax"),
    Case("torch_lib10b.py", "spectrum_power", "x=[1,2,-1,0.5]", "float64", "ok",
         hp(lambda: {"x": partials(_power, [1, 2, -1, "0.5"])})),
    # atan2(im, re) at (0, -1): smooth, d/dre = -im / r^2 = 1, d/dim = re / r^2 = 0
    Case("torch_lib10b.py", "phase", "p=[0,-1]", "float64", "ok", hp(lambda: {"p": [mp(1), mp(0)]})),
    # at (-1, 0) the phase jumps from -pi to pi across im = 0; in re it is constant pi
    Case("torch_lib10b.py", "phase", "p=[-1,0]", "float64", "domain", hp(lambda: {"p": [mp(0), NAN]})),
    Case("torch_lib10b.py", "log_ndtr_sum", "x=[-40,5]", "float64", "ok", each("x", _normal_log_cdf_slope, [-40, 5])),
    Case("torch_lib10b.py", "log_ndtr_sum", "x=[-40,5]", "float32", "ok",
         each("x", _normal_log_cdf_slope, [-40, 5], "float32")),
    Case("torch_lib10b.py", "mish_sum", "x=[-30,0.5]", "float32", "ok", each("x", _mish_slope, [-30, 0.5], "float32")),
    Case("torch_lib10b.py", "lgamma_sum", "x=[-2.5,1e-300]", "float64", "ok", each("x", mpmath.digamma, [-2.5, 1e-300])),
    Case("torch_lib10b.py", "tanh_shrink", "x=[0.5,-3]", "float64", "ok", each("x", lambda x: mpmath.tanh(x) ** 2, [0.5, -3])),
    # the backward swaps the two partial derivatives
    Case("torch_lib10b.py", "scaled_exp", "a=[2],b=[0.5]", "float64", "wrong",
         hp(lambda: {"a": [mpmath.exp(mp("0.5"))], "b": [2 * mpmath.exp(mp("0.5"))]}), "class ScaledExp>>def backward"),
    Case("torch_lib10b.py", "sin_cos", "x=[0.7,-2]", "float64", "ok",
         each("x", lambda x: 2 * mpmath.cos(x) - 2 * mpmath.cos(x) * mpmath.sin(x), [0.7, -2])),
    # the backward gives k no gradient (None) though the loss depends on it: 2 x^2 k
    Case("torch_lib10b.py", "scale_by", "x=[1.5,-2],k=[3,0.5]", "float64", "wrong",
         hp(lambda: {"x": [mp(27), mp(-1)], "k": [mp("13.5"), mp(4)]}), "class Scale(>>def backward"),
    Case("torch_lib10b.py", "unused_input", "x=[1,2],y=[3]", "float64", "ok", hp(lambda: {"x": [mp(2), mp(4)], "y": [mp(0)]})),
    Case("torch_lib10b.py", "slope_penalty", "x=[0.3,-1.2]", "float64", "ok", each("x", _penalty, [0.3, -1.2])),
    # nn.Embedding(padding_idx=0) never sends a gradient to row 0, which the loss reads twice
    Case("torch_lib10b.py", "tagger_loss", None, "float64", "wrong", _tagger(), "return self.out(self.emb(tokens)).sum()",
         args="tagger_args", wrt="model.emb.weight"),
    Case("torch_lib10b.py", "normed_loss", None, "float64", "ok", _normed_head(), args="normed_args", wrt="model.bn.weight"),
    # a straight-through rounding: the user's detach is held, so the slope is 2 q with q the rounded value
    Case("torch_lib10b.py", "straight_through", "x=[0.3,-1.1]", "float64", "ok", hp(lambda: {"x": [mp("0.5"), mp(-2)]})),
    # the row whose label is ignore_index adds nothing: mean over the one row left
    Case("torch_lib10b.py", "nll_ignore", "logits=[[1,2,3],[0.5,-1,2]]", "float64", "ok",
         hp(lambda: {"logits": [[v - (1 if k == 2 else 0) for k, v in enumerate(_softmax([mp(1), mp(2), mp(3)]))],
                                [mp(0)] * 3]})),
    # pairwise_distance adds 1e-6 to the difference: at x = anchor its norm is of (1e-6, 1e-6), smooth
    Case("torch_lib10b.py", "paired_distance", "x=[[0.5,-1]]", "float64", "ok",
         hp(lambda: {"x": [[1 / mpmath.sqrt(2), 1 / mpmath.sqrt(2)]]})),
    # max(|x0|, |x1|) at |x0| = |x1|: a kink in both
    Case("torch_lib10b.py", "max_norm", "x=[2,-2,1]", "float64", "domain", hp(lambda: {"x": [NAN, NAN, mp(0)]})),
    Case("torch_lib10b.py", "compiled_softplus", "x=[1,-2]", "float64", "ok", each("x", sig, [1, -2])),
]

TF = [
    # TensorFlow's cumprod rule divides by x: 0 / 0 where x1 = 0, though the slope there is x0 + x0 x2 = 8
    Case("tf_lib10b.py", "running_product", "x=[2,0,3]", "float64", "wrong", hp(lambda: {"x": [mp(1), mp(8), mp(0)]}),
         "return tf.reduce_sum(tf.math.cumprod(x))"),
    Case("tf_lib10b.py", "running_product", "x=[2,0.5,3]", "float64", "ok", hp(lambda: {"x": [mp(3), mp(8), mp(1)]})),
    Case("tf_lib10b.py", "product", "x=[0,2,3]", "float64", "ok", hp(lambda: {"x": [mp(6), mp(0), mp(0)]})),
    Case("tf_lib10b.py", "peak", "x=[1,1,0.5]", "float64", "domain", hp(lambda: {"x": [NAN, NAN, mp(0)]})),
    Case("tf_lib10b.py", "gathered", "x=[1,2,3]", "float64", "ok", hp(lambda: {"x": [mp(4), mp(4), mp(0)]})),
    Case("tf_lib10b.py", "embedded", "table=[[1,2],[3,4],[5,6]]", "float64", "ok",
         hp(lambda: {"table": [[mp(4), mp(8)], [mp(0), mp(0)], [mp(10), mp(12)]]})),
    Case("tf_lib10b.py", "scaled_exp", "a=[2],b=[0.5]", "float64", "wrong",
         hp(lambda: {"a": [mpmath.exp(mp("0.5"))], "b": [2 * mpmath.exp(mp("0.5"))]}), "def scaled_exp_rule>>def grad"),
    Case("tf_lib10b.py", "hypot_sum", "a=[3,-1],b=[4,2]", "float64", "ok",
         hp(lambda: {"a": [mp(3) / 5, -1 / mpmath.sqrt(5)], "b": [mp(4) / 5, 2 / mpmath.sqrt(5)]})),
    # a^2 + b^2 = 1e-400 underflows to 0: the value 1e-200 is lost and the rule's a / r is 0 / 0
    Case("tf_lib10b.py", "hypot_sum", "a=[0],b=[1e-200]", "float64", "unstable",
         hp(lambda: {"a": [mp(0)], "b": [mp(1)]}), "r = tf.sqrt(a * a + b * b)"),
    Case("tf_lib10b.py", "scale_by", "x=[1.5,-2],k=[3,0.5]", "float64", "wrong",
         hp(lambda: {"x": [mp(27), mp(-1)], "k": [mp("13.5"), mp(4)]}), "def scale_rule>>def grad"),
    # the rule is right for x (2 SCALE x); its variable's part, -sum(x^2), is wrong: a variables= rule's variables'
    # gradients are judged too (d/dSCALE is sum(x^2) = 6.25)
    Case("tf_lib10b.py", "variable_square", "x=[1.5,-2]", "float64", "wrong", hp(lambda: {"x": [mp(6), mp(-8)]}),
         "def weighted_square>>def grad(upstream"),
    Case("tf_lib10b.py", "unused_input", "x=[1,2],y=[3]", "float64", "ok", hp(lambda: {"x": [mp(2), mp(4)], "y": [mp(0)]})),
    # Keras holds 1 - 0.1 and 0.1 as float32 numbers, whose smoothed labels sum to 1 - 2.2e-8: softmax sum(q) - q
    Case("tf_lib10b.py", "smoothed_cce", "logits=[[30,-30,0],[-50,10,60]]", "float32", "ok", _keras_smoothed_ce()),
    Case("tf_lib10b.py", "soft_label_xent", "logits=[[30,-30,0],[-50,10,60]]", "float32", "ok",
         hp(lambda: {"logits": [[s - mp(t) for s, t in zip(_softmax(_in("float32", row)), lab)]
                                for row, lab in zip(LOGITS, [["0.2", "0.3", "0.5"], ["0.9", "0.1", "0"]])]})),
    Case("tf_lib10b.py", "log_prob_naive", "z=40", "float64", "unstable", each("z", lambda z: -sig(z), [40]),
         "return tf.reduce_sum(tf.math.log(1.0 - tf.sigmoid(z)))", "log_sigmoid"),
    Case("tf_lib10b.py", "log_softmax_naive", "z=[-800,0,0]", "float64", "unstable",
         hp(lambda: {"z": [1 - s if k == 0 else -s for k, s in enumerate(_softmax([mp(-800), mp(0), mp(0)]))]}),
         "return tf.math.log(tf.nn.softmax(z))[0]", "log_softmax"),
    Case("tf_lib10b.py", "dawson_sum", "x=[0.5,30]", "float64", "ok",
         each("x", lambda x: 1 - 2 * x * mpmath.sqrt(mpmath.pi) / 2 * mpmath.exp(-x * x) * mpmath.erfi(x), [0.5, 30])),
    Case("tf_lib10b.py", "bessel_i1e_sum", "x=[0,50]", "float64", "ok",
         each("x", lambda x: mp("0.5") if x == 0 else mpmath.exp(-x) * (mpmath.besseli(0, x) - mpmath.besseli(1, x) / x
                                                                         - mpmath.besseli(1, x)), [0, 50])),
    Case("tf_lib10b.py", "lgamma_sum", "x=[-2.5,1e-300]", "float64", "ok", each("x", mpmath.digamma, [-2.5, 1e-300])),
    Case("tf_lib10b.py", "spectrum_power", "x=[1,2,-1,0.5]", "float64", "ok",
         hp(lambda: {"x": partials(_power, [1, 2, -1, "0.5"])})),
    Case("tf_lib10b.py", "straight_through", "x=[0.3,-1.1]", "float64", "ok", hp(lambda: {"x": [mp("0.5"), mp(-2)]})),
    Case("tf_lib10b.py", "scaled_by_variable", "x=[0.3]", "float64", "ok", each("x", lambda x: 2 * mpmath.cos(x), [0.3])),
]

ALL = TORCH + TF

# a TorchScript function has no Python signature: an input error that says so
INPUT_ERRORS = [
    Case("torch_lib10b.py", "scripted_log1pexp", "x=[1,-2]", "float64", "input-error",
         message=("cannot read the parameters", "torch.jit.ScriptFunction has no Python signature")),
]

ALL = ALL + INPUT_ERRORS
