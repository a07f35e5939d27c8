"""The thirteenth trial set (b), PyTorch and TensorFlow/Keras: KL divergence with probability and log-probability
targets, Poisson NLL with Stirling's term (log and rate inputs), Gaussian NLL at a variance under its eps clamp, cosine
similarity and pairwise distance at identical inputs, logit with eps inside and on its clamp, an LSTM cell unrolled
three steps, multi-head attention with a key padding mask (partly and fully masked), a weight-normalised linear layer
named by its parametrization's path, Gumbel-softmax under a seed, a torch.compile'd softplus; Keras' Poisson, LogCosh
and Hinge (on and off its corner), softmax cross-entropy with soft labels (both arguments), log_sigmoid far out, a
matrix exponential and square root, l2_normalize at 0, a Dense + LayerNormalization model named by path, and a
tf.function compiled by XLA (sound and overflowing).

Truths are expressions written here, evaluated by mpmath (2,000 digits, or 60 for partials by mpmath.diff), never the
user files' code; points are the numbers the dtype holds. The Gumbel draws (exponential variates under
torch.manual_seed(0)) are inputs, read from PyTorch.
"""

import mpmath

from cases import Case, mp
from cases2 import NAN, partials
from cases5 import _in, _softmax, hp, sig

_f = lambda v: mp(float(v))  # noqa: E731  (a float64 literal as float64 holds it)
T = [mp(0), mp("0.25"), mp("0.75")]
Z = [mp("0.3"), mp(-1), mp(2)]


def _log_softmax(xs):
    top = max(xs)
    lse = top + mpmath.log(sum(mpmath.exp(v - top) for v in xs))
    return [v - lse for v in xs]


def _kl_probs_truth():
    p = _softmax(_in("float64", Z))
    return {"z": [[p[j] - T[j] for j in range(3)]]}


def _kl_log_truth(lt):
    def truth():
        z, lt_ = _in("float64", Z), _in("float64", lt)
        p, lp, q = _softmax(z), _log_softmax(z), [mpmath.exp(v) for v in lt_]
        return {"z": [[sum(q) * p[j] - q[j] for j in range(3)]], "lt": [[q[j] * (lt_[j] - lp[j] + 1) for j in range(3)]]}
    return hp(truth)


def _poisson_log_truth():
    x, t = _in("float64", [0.5, -1, 2, 0.1]), [0, 1, 3, 12]
    return {"rate_log": [mpmath.exp(v) - c for v, c in zip(x, t)]}


def _poisson_rate_truth():
    x, t, eps = _in("float64", [0, 1.5, 4]), [0, 2, 5], _f(1e-8)
    return {"rate": [1 - c / (v + eps) for v, c in zip(x, t)]}


def _gauss_truth(var):
    """0.5 (log max(v, eps) + (m - t)^2 / max(v, eps)) summed: flat in v below eps (1e-6)."""
    def truth():
        m, t, v, eps = _in("float64", [0.3, -1]), _in("float64", [0.5, -1]), _in("float64", var), _f(1e-6)
        c = [max(vk, eps) for vk in v]
        dv = [0 if vk < eps else mp("0.5") * (1 / ck - (mk - tk) ** 2 / ck ** 2) for vk, ck, mk, tk in zip(v, c, m, t)]
        return {"mean": [(mk - tk) / ck for mk, tk, ck in zip(m, t, c)], "var": dv}
    return hp(truth)


A3 = [0.3, -1.2, 2]


def _cos(v):
    a, b = v[:3], v[3:]
    return 1 - sum(x * y for x, y in zip(a, b)) / mpmath.sqrt(sum(x * x for x in a) * sum(y * y for y in b))


def _cos_truth(b):
    def truth():
        g = partials(_cos, _in("float64", A3 + b))
        return {"a": g[:3], "b": g[3:]}
    return truth


def _pair_truth():
    """||a - b + eps|| at a = b: every difference is eps, the slope 1/sqrt(3) each."""
    r = 1 / mpmath.sqrt(3)
    return {"a": [r] * 3, "b": [-r] * 3}


def _logit_truth():
    p = _in("float64", [0, 0.5, 0.999])
    return {"p": [mp(0), mp(4), 1 / (p[2] * (1 - p[2]))]}


def _weights(count, scale, start=0):
    return [scale * mpmath.sin(1 + k) for k in range(start, start + count)]


def _lstm_loss(flat):
    """An LSTM cell (gates i, f, g, o; weight_ih, weight_hh, bias_ih, bias_hh) over three steps; sum of h^2."""
    w = _weights(8 * 2 + 8 * 2 + 8 + 8, mp("0.5"))
    w_ih = [w[2 * r:2 * r + 2] for r in range(8)]
    w_hh = [w[16 + 2 * r:16 + 2 * r + 2] for r in range(8)]
    b = [w[32 + r] + w[40 + r] for r in range(8)]
    h, c = [mp(0), mp(0)], [mp(0), mp(0)]
    for t in range(3):
        x = flat[2 * t:2 * t + 2]
        pre = [sum(w_ih[r][j] * x[j] for j in range(2)) + sum(w_hh[r][j] * h[j] for j in range(2)) + b[r] for r in range(8)]
        i, f = [sig(v) for v in pre[0:2]], [sig(v) for v in pre[2:4]]
        g, o = [mpmath.tanh(v) for v in pre[4:6]], [sig(v) for v in pre[6:8]]
        c = [f[k] * c[k] + i[k] * g[k] for k in range(2)]
        h = [o[k] * mpmath.tanh(c[k]) for k in range(2)]
    return h[0] ** 2 + h[1] ** 2


XS = [0.5, -1, 0.2, 0.3, -0.7, 1.1]


def _lstm_truth():
    g = partials(_lstm_loss, _in("float64", XS))
    return {"xs": [g[0:2], g[2:4], g[4:6]]}


KEYS = [[mp("0.5"), mp(-1)], [mp("1.5"), mp("0.25")], [mp("-0.75"), mp(2)]]


def _attention_loss(q, keys):
    """One head of width 2: in_proj (q, k, v rows), bias, out_proj; the query attends to the unmasked keys."""
    w = _weights(6 * 2 + 6 + 4 + 2, mp("0.4"))
    rows = [w[2 * r:2 * r + 2] for r in range(6)]
    bias, out_w, out_b = w[12:18], [w[18:20], w[20:22]], w[22:24]

    def project(v, first):
        return [sum(rows[first + r][j] * v[j] for j in range(2)) + bias[first + r] for r in range(2)]

    qq, ks, vs = project(q, 0), [project(k, 2) for k in keys], [project(k, 4) for k in keys]
    scores = [sum(a * b for a, b in zip(qq, k)) / mpmath.sqrt(2) for k in ks]
    p = _softmax(scores)
    mixed = [sum(p[n] * vs[n][j] for n in range(len(keys))) for j in range(2)]
    out = [sum(out_w[r][j] * mixed[j] for j in range(2)) + out_b[r] for r in range(2)]
    return out[0] ** 2 + out[1] ** 2


def _attention_truth():
    g = partials(lambda q: _attention_loss(q, KEYS[:2]), _in("float64", [0.2, -0.4]))
    return {"q": [[g]]}


def _wn_truth():
    """W_i = g_i v_i / |v_i|, loss sum_i (W_i . x)^2: d/dv_i = 2 (W_i . x) g_i (x / |v_i| - (v_i . x) v_i / |v_i|^3)."""
    g, v, x = [mp(2), mp("0.5")], [[mp(3), mp(4)], [mp(1), mp(-1)]], [mp(1), mp(2)]
    out = []
    for gi, vi in zip(g, v):
        n = mpmath.sqrt(sum(t * t for t in vi))
        vx = sum(a * b for a, b in zip(vi, x))
        wx = gi * vx / n
        out.append([2 * wx * gi * (x[j] / n - vx * vi[j] / n ** 3) for j in range(2)])
    return {"model.lin.parametrizations.weight.original1": out}


GUMBEL_E = [3.508326186707642, 1.2303847641796768, 0.6150440938940115]


def _gumbel_truth():
    """softmax((z - log E) / 0.5) weighted by c = 1, 2, 3: d/dz_j = y_j (c_j - sum c y) / 0.5."""
    z, c = _in("float64", [0.1, 0.5, -0.3]), [1, 2, 3]
    y = _softmax([(zj - mpmath.log(_f(e))) / mp("0.5") for zj, e in zip(z, GUMBEL_E)])
    mean = sum(ck * yk for ck, yk in zip(c, y))
    return {"z": [y[j] * (c[j] - mean) / mp("0.5") for j in range(3)]}


TORCH = [
    Case("torch_lib13b.py", "kl_probs", "z=[[0.3,-1,2]]", "float64", "ok", hp(_kl_probs_truth)),
    # exp(-1000) is below float64's range: the exact slope in lt[0] is -5e-432, which float64 rounds to 0
    Case("torch_lib13b.py", "kl_log_target", "z=[[0.3,-1,2]],lt=[[-1000,-0.5,-1.2]]", "float64", "ok",
         _kl_log_truth([-1000, -0.5, -1.2])),
    Case("torch_lib13b.py", "kl_log_target", "z=[[0.3,-1,2]],lt=[[-2,-0.5,-1.2]]", "float64", "ok",
         _kl_log_truth([-2, -0.5, -1.2])),
    Case("torch_lib13b.py", "poisson_full", "rate_log=[0.5,-1,2,0.1]", "float64", "ok", hp(_poisson_log_truth)),
    Case("torch_lib13b.py", "poisson_rate", "rate=[0,1.5,4]", "float64", "ok", hp(_poisson_rate_truth)),
    Case("torch_lib13b.py", "gauss_nll", "mean=[0.3,-1],var=[0.5,2]", "float64", "ok", _gauss_truth([0.5, 2])),
    # var 1e-8 is clamped to eps = 1e-6 under no_grad: the loss is flat in var there, PyTorch's slope is -2e10
    Case("torch_lib13b.py", "gauss_nll", "mean=[0.3,-1],var=[1e-8,2]", "float64", "wrong", _gauss_truth([1e-8, 2]),
         "F.gaussian_nll_loss("),
    # 1 - cos(a, a): the slope is 0 in both arguments
    Case("torch_lib13b.py", "cos_loss", "a=[0.3,-1.2,2],b=[0.3,-1.2,2]", "float64", "ok", hp(lambda: {"a": [mp(0)] * 3, "b": [mp(0)] * 3})),
    Case("torch_lib13b.py", "cos_loss", "a=[0.3,-1.2,2],b=[1,0.5,-0.25]", "float64", "ok", _cos_truth([1, 0.5, -0.25])),
    Case("torch_lib13b.py", "pair_dist", "a=[0.3,-1.2,2],b=[0.3,-1.2,2]", "float64", "ok", hp(_pair_truth)),
    Case("torch_lib13b.py", "logit_eps", "p=[0,0.5,0.999]", "float64", "ok", hp(_logit_truth)),
    # p = eps exactly: logit(clamp(p, eps, 1 - eps)) has slope 0 from the left, 1 / (eps (1 - eps)) from the right
    Case("torch_lib13b.py", "logit_eps", "p=[1e-6]", "float64", "domain", hp(lambda: {"p": [NAN]})),
    Case("torch_lib13b.py", "lstm_unrolled", "xs=[[0.5,-1],[0.2,0.3],[-0.7,1.1]]", "float64", "ok", _lstm_truth),
    Case("torch_lib13b.py", "attention_masked", "q=[[[0.2,-0.4]]]", "float64", "ok", _attention_truth),
    # every key masked: a softmax over no scores, 0 / 0 (PyTorch's value is NaN)
    Case("torch_lib13b.py", "attention_all_masked", "q=[[[0.2,-0.4]]]", "float64", "domain", hp(lambda: {"q": [[[NAN, NAN]]]})),
    Case("torch_lib13b.py", "wn_loss", None, "float64", "ok", hp(_wn_truth), args="wn_args",
         wrt="model.lin.parametrizations.weight.original1"),
    Case("torch_lib13b.py", "gumbel", "z=[0.1,0.5,-0.3]", "float64", "ok", hp(_gumbel_truth)),
    Case("torch_lib13b.py", "compiled_softplus", "x=[1,-40]", "float64", "ok", hp(lambda: {"x": [sig(mp(1)), sig(mp(-40))]})),
    Case("torch_lib13b.py", "log_cosh_sum", "x=[100,-0.5]", "float32", "ok",
         hp(lambda: {"x": [mpmath.tanh(v) for v in _in("float32", [100, -0.5])]})),
]


def _cdist_truth(x):
    def truth():
        def f(v):
            return sum(mpmath.sqrt((v[0] - _f(c[0])) ** 2 + (v[1] - _f(c[1])) ** 2) for c in ((0.3, -1.2), (1.0, 2.0)))
        return {"x": [partials(f, _in("float64", x))]}
    return truth


def _top_eigen_truth():
    """The larger eigenvalue of the symmetric matrix eigvalsh reads (its lower triangle): a01 is never read."""
    a00, a10, a11 = mp(2), mp("0.5"), mp(1)
    s = mpmath.sqrt((a00 - a11) ** 2 / 4 + a10 ** 2)
    return {"a": [[mp("0.5") + (a00 - a11) / (4 * s), mp(0)], [a10 / s, mp("0.5") - (a00 - a11) / (4 * s)]]}


TORCH_MORE = [
    # |x - c| at x = c: the norm's corner
    Case("torch_lib13b.py", "cdist_sum", "x=[[0.3,-1.2]]", "float64", "domain", hp(lambda: {"x": [[NAN, NAN]]})),
    Case("torch_lib13b.py", "cdist_sum", "x=[[0.5,0.5]]", "float64", "ok", _cdist_truth([0.5, 0.5])),
    # linear upsampling (align_corners=False) weighted 1..8: each input's weights summed by hand
    Case("torch_lib13b.py", "upsampled", "x=[0.5,-1,2,0.25]", "float64", "ok",
         hp(lambda: {"x": [mp("3.25"), mp(7), mp(11), mp("14.75")]})),
    # elu with alpha 0.5 at 0: slopes 0.5 | 1
    Case("torch_lib13b.py", "elu_half", "x=[0,1,-1]", "float64", "domain",
         hp(lambda: {"x": [NAN, mp(1), mp("0.5") * mpmath.exp(-1)]})),
    # eigvalsh reads the lower triangle: the slope in a[0][1] is 0, PyTorch's symmetrised rule gives half of a[1][0]'s
    Case("torch_lib13b.py", "top_eigenvalue", "a=[[2,0.5],[0.5,1]]", "float64", "wrong", hp(_top_eigen_truth),
         "torch.linalg.eigvalsh(a)"),
]


def _head_truth():
    """LayerNorm over two features: n0 = (d/2) / sqrt(d^2/4 + eps), d = h0 - h1; loss = (1.5 + 1.5) n0 - 0.1."""
    x = [mp(1), mp("-0.5")]
    w = [[mp("0.5"), mp(-1)], [mp(2), mp("0.25")]]
    b = _in("float32", [0.1, -0.3])
    eps = _in("float32", [1e-3])[0]
    d = sum(x[i] * (w[i][0] - w[i][1]) for i in range(2)) + b[0] - b[1]
    slope = 3 * mp("0.5") * eps / (d * d / 4 + eps) ** mp("1.5")  # d n0 / d d, times the weight 3
    return {"model.dense.kernel": [[slope * x[i], -slope * x[i]] for i in range(2)]}


def _expm_truth():
    a = _in("float64", [0.5, 1, -0.25, 0.3])
    g = partials(lambda v: sum(mpmath.expm(mpmath.matrix([[v[0], v[1]], [v[2], v[3]]]))), a)
    return {"a": [g[0:2], g[2:4]]}


def _sqrtm_truth():
    a = _in("float64", [2, 0.5, 0.5, 1])

    def trace_sqrt(v):
        s = mpmath.sqrtm(mpmath.matrix([[v[0], v[1]], [v[2], v[3]]]))
        return s[0, 0] + s[1, 1]
    g = partials(trace_sqrt, a)
    return {"a": [g[0:2], g[2:4]]}


def _soft_ce_truth():
    z, t = _in("float64", [0.5, -1, 2]), _in("float64", [0.2, 0.3, 0.5])
    p, lp = _softmax(z), _log_softmax(z)
    return {"logits": [[sum(t) * p[j] - t[j] for j in range(3)]], "labels": [[-lp[j] for j in range(3)]]}


TF = [
    Case("tf_lib13b.py", "poisson", "pred=[[0,1.5,4]]", "float32", "ok",
         hp(lambda: {"pred": [[(1 - c / (p + _in("float32", [1e-7])[0])) / 3
                               for p, c in zip(_in("float32", [0, 1.5, 4]), [0, 2, 5])]]})),
    Case("tf_lib13b.py", "log_cosh", "pred=[[100,-0.5]]", "float32", "ok",
         hp(lambda: {"pred": [[mpmath.tanh(v) / 2 for v in _in("float32", [100, -0.5])]]})),
    # 1 - y p = 0 at the first entry: max(., 0)'s corner
    Case("tf_lib13b.py", "hinge", "pred=[[1,0.3]]", "float32", "domain", hp(lambda: {"pred": [[NAN, mp("0.5")]]})),
    Case("tf_lib13b.py", "hinge", "pred=[[0.5,0.3]]", "float32", "ok", hp(lambda: {"pred": [[mp("-0.5"), mp("0.5")]]})),
    Case("tf_lib13b.py", "soft_ce", "logits=[[0.5,-1,2]],labels=[[0.2,0.3,0.5]]", "float64", "ok", hp(_soft_ce_truth)),
    Case("tf_lib13b.py", "log_sig", "x=[-1e4,0,30]", "float32", "ok",
         hp(lambda: {"x": [sig(-v) for v in _in("float32", [-1e4, 0, 30])]})),
    Case("tf_lib13b.py", "expm_sum", "a=[[0.5,1],[-0.25,0.3]]", "float64", "ok", _expm_truth),
    Case("tf_lib13b.py", "sqrtm_trace", "a=[[2,0.5],[0.5,1]]", "float64", "ok", _sqrtm_truth),
    # |x|^2 = 0 is below l2_normalize's 1e-12: x * 1e6 there, smooth
    Case("tf_lib13b.py", "unit_dot", "x=[0,0,0]", "float64", "ok",
         hp(lambda: {"x": [w / mpmath.sqrt(_f(1e-12)) for w in [mp(1), mp(-2), mp("0.5")]]})),
    Case("tf_lib13b.py", "head_loss", None, "float32", "ok", hp(_head_truth), args="head_args", wrt="model.dense.kernel"),
    Case("tf_lib13b.py", "xla_softplus", "x=[1,-40]", "float64", "ok", hp(lambda: {"x": [sig(mp(1)), sig(mp(-40))]})),
    # exp(100) overflows float32: log1p(inf) = inf where the value is 100
    Case("tf_lib13b.py", "xla_softplus", "x=[100]", "float32", "unstable", hp(lambda: {"x": [sig(mp(100))]}),
         "tf.math.log1p(tf.exp(x))", "softplus"),
]


def _igamma_truth():
    a, x = _in("float64", [3, 0.7]), [mp(2), mp("0.5")]
    return {"a": [mpmath.diff(lambda t: mpmath.gammainc(t, 0, xk, regularized=True), ak) for ak, xk in zip(a, x)]}


def _running_lse_truth():
    x = _in("float32", [0.5, -1, 0.25])
    return {"x": [sum(_softmax(x[:k + 1])[j] for k in range(j, 3)) for j in range(3)]}


def _rnn_loss(xs):
    w, u = _in("float32", [0.5, -1]), _in("float32", [0.3, 0.8, -0.6, 0.2])
    b = _in("float32", [0.1, -0.2])
    h = [mp(0), mp(0)]
    for x in xs:
        h = [mpmath.tanh(x * w[j] + h[0] * u[j] + h[1] * u[2 + j] + b[j]) for j in range(2)]
    return h[0] ** 2 + h[1] ** 2


TF_MORE = [
    Case("tf_lib13b.py", "igamma_a", "a=[3,0.7]", "float64", "ok", _igamma_truth),
    Case("tf_lib13b.py", "running_lse", "x=[0.5,-1,0.25]", "float32", "ok", hp(_running_lse_truth)),
    # the standard deviation of a constant: sqrt at 0, a corner in every direction
    Case("tf_lib13b.py", "spread", "x=[1,1,1]", "float32", "domain", hp(lambda: {"x": [NAN] * 3})),
    Case("tf_lib13b.py", "rnn_loss", "xs=[0.5,-1,0.25]", "float32", "ok",
         lambda: {"xs": partials(_rnn_loss, _in("float32", [0.5, -1, 0.25]))}),
]

INPUT_ERRORS = [
    # the weight of a parametrized layer is computed, not a parameter: the message names what is
    Case("torch_lib13b.py", "wn_loss", None, "float32", "input-error", args="wn_args", wrt="model.lin.weight",
         message=("model.lin.parametrizations.weight.original0",)),
]

ALL = TORCH + TORCH_MORE + TF + TF_MORE + INPUT_ERRORS
