"""The twelfth trial set (b), PyTorch and TensorFlow/Keras: layer, batch and group norm at a constant input (with and
without eps), a LayerNorm module's weight, a focal loss whose 1 - p rounds to 0, CTC, InfoNCE, cross-entropy with
label smoothing and an ignored target, smooth L1 and Keras' Huber at their junction, i0e, log_ndtr and xlog1py,
torch.where with a scalar and a broadcast operand, cumprod through zeros and a hand-written cumprod backward dividing
by x, reparametrised Normal and Gamma samples, KL divergence at a zero prediction, categorical cross-entropy from logits
and from clipped probabilities, segment max at a tie, segment prod through zeros, a Gaussian's negative
log-likelihood through Cholesky and a triangular solve, a log-determinant, a Dense layer under mixed_float16, Keras'
LayerNormalization at a constant input, and tf.function with reduce_retracing and an input_signature.

Truths are expressions written here, evaluated by mpmath (2,000 digits, or the judge's 60 for partials by mpmath.diff),
never the user files' code; points are the numbers the dtype holds. The random draws of the sampling cases (the
standard normal 1.5409961082440433 and the Gamma samples under torch.manual_seed(0)) are inputs, read from PyTorch.
"""

import mpmath

from cases import Case, mp
from cases2 import NAN, partials
from cases5 import _in, each, hp, sig

C3 = [mp(1), mp(2), mp(4)]


def _normalise(x, eps):
    m = sum(x) / len(x)
    v = sum((t - m) ** 2 for t in x) / len(x)
    return [(t - m) / mpmath.sqrt(v + eps) for t in x]


def _norm_truth(xs, eps):
    """d/dx of sum c_i LN(x)_i: partials of the normalisation written out (biased variance), eps as float64 holds it."""
    def truth():
        e = _in("float64", [eps])[0]
        return {"x": partials(lambda x: sum(c * t for c, t in zip(C3, _normalise(x, e))), _in("float64", xs))}
    return truth


def _group_truth(xs):
    def truth():
        e, c = _in("float64", [1e-5])[0], [mp(1), mp(2), mp(4), mp(8)]
        f = lambda x: sum(a * t for a, t in zip(c, _normalise(x[:2], e) + _normalise(x[2:], e)))
        return {"x": partials(f, _in("float64", xs))}
    return truth


def _ln_weight_truth():
    """sum c_i (w_i n_i + b_i)^2 with n = LN(x): d/dw_i = 2 c_i (w_i n_i + b_i) n_i."""
    def truth():
        n = _normalise(_in("float64", [0.3, -1.2, 2.0]), _in("float64", [1e-5])[0])
        w, b = [mp("0.5"), mp(-1), mp(2)], [mp("0.25"), mp(0), mp("-0.5")]
        return {"model.ln.weight": [2 * C3[i] * (w[i] * n[i] + b[i]) * n[i] for i in range(3)]}
    return hp(truth)


def _focal(z):
    """-log sigmoid(z) (1 - sigmoid(z))^0.5, every target 1: log1p(e^-z) sigmoid(-z)^0.5."""
    return mpmath.log1p(mpmath.exp(-z)) * mpmath.sqrt(sig(-z))


def _ctc(v):
    """-log p('1') over two frames, blank 0: paths 11, 01, 10."""
    a = [mpmath.exp(t) / (mpmath.exp(v[0]) + mpmath.exp(v[1])) for t in v[0:2]]
    b = [mpmath.exp(t) / (mpmath.exp(v[2]) + mpmath.exp(v[3])) for t in v[2:4]]
    return -mpmath.log(a[1] * b[1] + a[0] * b[1] + a[1] * b[0])


def _ctc_truth():
    g = partials(_ctc, ["0.5", "-0.25", 1, "0.3"])
    return {"logits": [[g[0:2]], [g[2:4]]]}


def _unit(row):
    n = mpmath.sqrt(sum(t * t for t in row))
    return [t / n for t in row]


def _info_nce(v):
    a = [_unit(v[0:2]), _unit(v[2:4])]
    b = [_unit([mp(1), mp("0.5")]), _unit([mp("-0.25"), mp(1)])]
    total = 0
    for i in range(2):
        logits = [sum(a[i][d] * b[j][d] for d in range(2)) / _in("float64", [0.1])[0] for j in range(2)]
        total += mpmath.log(sum(mpmath.exp(t) for t in logits)) - logits[i]
    return total / 2


def _info_nce_truth():
    g = partials(_info_nce, ["-0.3", "0.8", "0.6", "0.1"])
    return {"z1": [g[0:2], g[2:4]]}


SMOOTHED_LOGITS = [["0.5", -1, 2], [3, 0, 1], ["-0.5", "0.25", "1.5"]]


def _smoothed(v):
    """Mean over the two counted rows (targets 0 and 2) of (1 - e) (-log p_y) + e/3 sum_c (-log p_c), e = 0.1."""
    e = _in("float64", [0.1])[0]
    total = 0
    for row, target in ((v[0:3], 0), (v[6:9], 2)):
        lse = mpmath.log(sum(mpmath.exp(t) for t in row))
        total += (1 - e) * (lse - row[target]) + e / 3 * sum(lse - t for t in row)
    return total / 2


def _smoothed_truth():
    g = partials(_smoothed, [v for row in SMOOTHED_LOGITS for v in row])
    return {"logits": [g[0:3], g[3:6], g[6:9]]}


def _gamma_slope(alpha, z):
    """dz/dalpha of a Gamma(alpha, 1) sample z = F^-1(u; alpha) at fixed u: -dF/dalpha / dF/dz."""
    def truth():
        a, x = _f(alpha), _f(z)
        cdf = lambda s: mpmath.gammainc(s, 0, x, regularized=True)
        density = x ** (a - 1) * mpmath.exp(-x) / mpmath.gamma(a)
        return -mpmath.diff(cdf, a) / density
    return truth


def _f(v):
    return mp(float(v))


GAMMA_Z = (0.0007893582063475732, 1.272843417891088)  # the samples under torch.manual_seed(0), alpha = 0.5 and 3
NORMAL_EPS = 1.5409961082440433


def _gaussian(v):
    """0.5 d^T S^-1 d + 0.5 log det S, S = B B^T + 0.5 I, d = (1, -2)."""
    s = mpmath.matrix([[v[0] ** 2 + v[1] ** 2 + mp("0.5"), v[0] * v[2] + v[1] * v[3]],
                       [v[0] * v[2] + v[1] * v[3], v[2] ** 2 + v[3] ** 2 + mp("0.5")]])
    d = mpmath.matrix([[1], [-2]])
    return (d.T * mpmath.inverse(s) * d)[0] / 2 + mpmath.log(mpmath.det(s)) / 2


def _log_det(v):
    s00, s11 = v[0] ** 2 + v[1] ** 2 + mp("0.5"), v[2] ** 2 + v[3] ** 2 + mp("0.5")
    s01 = v[0] * v[2] + v[1] * v[3]
    return mpmath.log(s00 * s11 - s01 ** 2)


B = ["0.5", "-0.3", "0.2", "0.8"]


def _b_truth(f):
    def truth():
        g = partials(f, _in("float64", [float(t) for t in B]))
        return {"b": [g[0:2], g[2:4]]}
    return truth


def _half_dense_truth():
    """sum_j (sum_k x_k W_kj + b_j)^2, W and b the float32 weights: d/dx_k = 2 sum_j W_kj (x W + b)_j."""
    def truth():
        w = [_in("float32", [0.1, 0.7]), _in("float32", [0.3, -0.2])]
        b, x = _in("float32", [0.05, -0.4]), _in("float32", [0.37, -1.1])
        y = [x[0] * w[0][j] + x[1] * w[1][j] + b[j] for j in range(2)]
        return {"x": [2 * sum(w[k][j] * y[j] for j in range(2)) for k in range(2)]}
    return hp(truth)


def _cce_truth(zs, dtype):
    """softmax(z) - (1, 0)."""
    def truth():
        z = _in(dtype, zs)
        p1 = sig(z[1] - z[0])
        return {"z": [[-p1, p1]]}
    return hp(truth)


TORCH = [
    Case("torch_lib12b.py", "layer_norm_probe", "x=[0.7,0.7,0.7]", "float64", "ok", _norm_truth([0.7, 0.7, 0.7], 1e-5)),
    Case("torch_lib12b.py", "layer_norm_probe", "x=[0.3,-1.2,2]", "float64", "ok", _norm_truth([0.3, -1.2, 2], 1e-5)),
    # (x - m) / sqrt(v) at a constant input is 0 / 0: no derivative
    Case("torch_lib12b.py", "layer_norm_no_eps", "x=[0.5,0.5,0.5]", "float64", "domain", hp(lambda: {"x": [NAN] * 3})),
    Case("torch_lib12b.py", "batch_norm_train", "x=[0.7,0.7,0.7]", "float64", "ok", _norm_truth([0.7, 0.7, 0.7], 1e-5)),
    Case("torch_lib12b.py", "group_norm_probe", "x=[0.5,0.5,1,3]", "float64", "ok", _group_truth([0.5, 0.5, 1, 3])),
    Case("torch_lib12b.py", "normed_loss", None, "float64", "ok", _ln_weight_truth(), args="normed_args",
         wrt="model.ln.weight"),
    # sigmoid(40) rounds to 1: (1 - p_t) ** 0.5 differentiates to 0.5 / sqrt(0) = inf, times 0: NaN; the slope is -1.3e-26
    Case("torch_lib12b.py", "focal_loss", "z=[40]", "float64", "unstable", each("z", lambda z: mpmath.diff(_focal, z), [40]),
         "loss = ce * (1 - p_t) ** gamma"),
    Case("torch_lib12b.py", "focal_loss", "z=[3,-2]", "float64", "ok", each("z", lambda z: mpmath.diff(_focal, z), [3, -2])),
    Case("torch_lib12b.py", "ctc", "logits=[[[0.5,-0.25]],[[1,0.3]]]", "float64", "ok", _ctc_truth),
    # at z1 = [[0.6, -0.2], [0.1, 0.9]] row 0's entries (1.4e-6) are 1 - p of a p near 1: 1.0017e-10 off in float64, a
    # knife-edge `unstable` by the definitions (my first truth said ok); this point is away from the edge
    Case("torch_lib12b.py", "info_nce", "z1=[[-0.3,0.8],[0.6,0.1]]", "float64", "ok", _info_nce_truth),
    Case("torch_lib12b.py", "smoothed_ce", "logits=[[0.5,-1,2],[3,0,1],[-0.5,0.25,1.5]]", "float64", "ok", _smoothed_truth),
    # |d| = beta: 0.5 d^2 / beta and |d| - 0.5 beta meet with the same slope 1: smooth to first order
    Case("torch_lib12b.py", "smooth_l1", "pred=[1,0.25]", "float64", "ok", hp(lambda: {"pred": [mp("0.5"), mp("0.125")]})),
    Case("torch_lib12b.py", "log_bessel", "k=[500,1e-3]", "float64", "ok",
         each("k", lambda k: mpmath.besseli(1, k) / mpmath.besseli(0, k), [500, 1e-3])),
    # log i0e(k) + k = log I0(k) - |k| + k: slopes 2 | 0 at k = 0
    Case("torch_lib12b.py", "log_bessel", "k=[0]", "float64", "domain", hp(lambda: {"k": [NAN]})),
    Case("torch_lib12b.py", "log_cdf", "x=[-40,10,0]", "float64", "ok",
         each("x", lambda x: mpmath.npdf(x) / mpmath.ncdf(x), [-40, 10, 0])),
    Case("torch_lib12b.py", "xlog1py_sum", "x=[0,2],y=[0.5,1e-20]", "float64", "ok",
         hp(lambda: {"x": [mpmath.log1p(mp("0.5")), mpmath.log1p(_f(1e-20))], "y": [mp(0), 2 / (1 + _f(1e-20))]})),
    # x log1p(y) at y = -1 is -inf x for x != 0: infinite at every x beside the point, so no derivative in x (NaN);
    # 0 for y > -1 (NaN below) at x = 0, the right-hand 0 kept. An input with a finite slope beside one without a
    # derivative is judged (round 46a F1): that verdict
    Case("torch_lib12b.py", "xlog1py_sum", "x=[0],y=[-1]", "float64", "wrong", hp(lambda: {"x": [NAN], "y": [mp(0)]})),
    # max(x, 0)^2 is smooth at 0 (slopes 0 | 0)
    Case("torch_lib12b.py", "relu_by_where", "x=[0,1.5]", "float64", "ok", hp(lambda: {"x": [mp(0), mp(3)]})),
    Case("torch_lib12b.py", "floor_by_where", "x=[-1,0.5,2],b=[0.25]", "float64", "ok",
         hp(lambda: {"x": [mp(0), mp(2), mp(4)], "b": [mp(1)]})),
    Case("torch_lib12b.py", "cumprod_sum", "x=[2,0,3]", "float64", "ok", hp(lambda: {"x": [mp(1), mp(8), mp(0)]})),
    Case("torch_lib12b.py", "cumprod_sum", "x=[2,0,0,3]", "float64", "ok", hp(lambda: {"x": [mp(1), mp(2), mp(0), mp(0)]})),
    Case("torch_lib12b.py", "my_cumprod_sum", "x=[2,0.5,3]", "float64", "ok", hp(lambda: {"x": [mp(3), mp(8), mp(1)]})),
    # the backward divides by x: 0 / 0 at x[1] = 0, where the derivative is x0 + x0 x2 = 8
    Case("torch_lib12b.py", "my_cumprod_sum", "x=[2,0,3]", "float64", "wrong", hp(lambda: {"x": [mp(1), mp(8), mp(0)]}),
         "/ x  # d out_k"),
    Case("torch_lib12b.py", "normal_sample", "mu=[0.5],sigma=[2]", "float64", "ok",
         hp(lambda: {"mu": [2 * (mp("0.5") + 2 * _f(NORMAL_EPS))],
                     "sigma": [2 * (mp("0.5") + 2 * _f(NORMAL_EPS)) * _f(NORMAL_EPS)]})),
    # PyTorch's implicit reparametrisation gradient of a Gamma sample is a fitted approximation: 2.4e-5 off at alpha = 3
    Case("torch_lib12b.py", "gamma_sample", "alpha=[0.5,3]", "float64", "wrong",
         lambda: {"alpha": [_gamma_slope(0.5, GAMMA_Z[0])(), _gamma_slope(3, GAMMA_Z[1])()]}, "D.Gamma(alpha"),
]

TF = [
    Case("tf_lib12b.py", "huber", "pred=[1,0.25]", "float32", "ok", hp(lambda: {"pred": [mp("0.5"), mp("0.125")]})),
    # the zero prediction is clipped to 1e-7: flat there
    Case("tf_lib12b.py", "kl_div", "pred=[[0,0.3,0.7]]", "float32", "ok",
         hp(lambda: {"pred": [[mp(0), mp(-1), -_in("float32", [0.5])[0] / _in("float32", [0.7])[0]]]})),
    # the prediction equals the labels as float32 holds both: the loss is exactly 0 there, its slope -t/p = -1
    Case("tf_lib12b.py", "kl_div", "pred=[[0.2,0.3,0.5]]", "float32", "ok", hp(lambda: {"pred": [[mp(-1), mp(-1), mp(-1)]]})),
    Case("tf_lib12b.py", "cce_logits", "z=[[0,1000]]", "float32", "ok", _cce_truth([0, 1000], "float32")),
    # softmax(0, 40)'s first entry, 4e-18, is clipped to 1e-7 and its last to 1 - 1e-7: flat
    Case("tf_lib12b.py", "cce_probs", "z=[[0,40]]", "float32", "ok", hp(lambda: {"z": [[mp(0), mp(0)]]})),
    Case("tf_lib12b.py", "cce_probs", "z=[[0,2]]", "float32", "ok", _cce_truth([0, 2], "float32")),
    Case("tf_lib12b.py", "segment_max", "x=[1,1,2]", "float64", "domain", hp(lambda: {"x": [NAN, NAN, mp(1)]})),
    Case("tf_lib12b.py", "segment_max", "x=[1,3,2]", "float64", "ok", hp(lambda: {"x": [mp(0), mp(1), mp(1)]})),
    Case("tf_lib12b.py", "segment_prod", "x=[2,0,3,5]", "float64", "ok", hp(lambda: {"x": [mp(0), mp(6), mp(0), mp(1)]})),
    Case("tf_lib12b.py", "segment_prod", "x=[0,0,3,5]", "float64", "ok", hp(lambda: {"x": [mp(0), mp(0), mp(0), mp(1)]})),
    Case("tf_lib12b.py", "segment_mean", "x=[1,-2,3]", "float64", "ok", hp(lambda: {"x": [mp(1), mp(-2), mp(6)]})),
    Case("tf_lib12b.py", "gaussian_nll", "b=[[0.5,-0.3],[0.2,0.8]]", "float64", "ok", _b_truth(_gaussian)),
    Case("tf_lib12b.py", "log_det", "b=[[0.5,-0.3],[0.2,0.8]]", "float64", "ok", _b_truth(_log_det)),
    # the layer computes in float16: 3e-3 off in x[0], past float32's 1e-4, at the layer's call
    Case("tf_lib12b.py", "half_dense", "x=[0.37,-1.1]", "float32", "unstable", _half_dense_truth(), "out = _half_dense("),
    Case("tf_lib12b.py", "keras_layer_norm", "x=[0.7,0.7,0.7]", "float64", "ok", _norm_truth([0.7, 0.7, 0.7], 1e-3)),
    Case("tf_lib12b.py", "retraced", "x=[0.5,-2]", "float64", "ok",
         each("x", lambda x: sig(x) * mpmath.sin(x) + mpmath.log1p(mpmath.exp(x)) * mpmath.cos(x), [0.5, -2])),
    Case("tf_lib12b.py", "signed", "x=[0.5,-2]", "float32", "ok", each("x", lambda x: 2 * x / (1 + x * x), [0.5, -2], "float32")),
]

ALL = TORCH + TF

# ops whose output shape depends on the inputs' values cannot be captured: an input error naming the op and the line
INPUT_ERRORS = [
    # a boolean mask's selection: the advice keeps the shape with torch.where (relu_by_where is that rewrite, and ok)
    Case("torch_lib12b.py", "masked_sq", "x=[1,-2,3]", "float64", "input-error",
         message=("aten.nonzero", "torch_lib12b.py:141", "torch.where(mask, x, 0.0)")),
]

ALL = ALL + INPUT_ERRORS
