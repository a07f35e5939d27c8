"""The sixteenth trial set (b), PyTorch and TensorFlow/Keras: attention variants (a causal scaled dot-product, a padded
query that sees no key, an additive mask of the dtype's most negative number, Keras' dot-product and additive attention
layers with a key mask), normalisation at degenerate batches (GroupNorm with a constant group, InstanceNorm over one
position, RMSNorm by hand and by F.rms_norm, Keras' GroupNormalization), cross-entropy with class weights and label
smoothing (PyTorch's and Keras' on logits and on softmax probabilities), a focal loss with a fractional gamma,
torch.distributions at the edges of their supports (Beta at 0 and 1, StudentT with a huge df), the scaled Bessel i1e
at 0, xlog1py, igamma at x = 0, and custom rules with subtle bugs (needs_input_grad tested on the
wrong input, gradients returned in the wrong order, for inputs and for a Keras layer's variables=, a rule that overflows
in float32).

Truths are expressions written here, evaluated by mpmath (2,000 digits), never the user files' code; points are the
numbers the dtype holds.
"""

import mpmath

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp, sig

_f = lambda v: mp(float(v))  # noqa: E731  (a float64 literal as float64 holds it)
_f32 = lambda v: _in("float32", [v])[0]  # noqa: E731

KEYS = [[1, "0.5"], ["-0.5", 1], ["0.25", -1]]
VALUES = [[1, 2], ["0.5", -1], [-2, "0.25"]]
READOUT = [[1, "-0.5"], [2, "0.25"], [-1, 1]]


def _m(rows):
    return [[mp(v) for v in row] for row in rows]


def _attention_grad(q, bias, scale=None, score=None, slope=None):
    """d/dq of sum_i r_i . sum_j a_ij v_j, a_i = softmax_j(score(q_i, k_j) + bias_ij) (bias -inf: the key is dropped).
    score defaults to scale * q_i . k_j; slope(q_i, k_j) is d score / d q_i. A query allowed no key has slope 0."""
    k, v, r = _m(KEYS), _m(VALUES), _m(READOUT)
    score = score or (lambda qi, kj: scale * sum(a * b for a, b in zip(qi, kj)))
    slope = slope or (lambda qi, kj: [scale * b for b in kj])
    out = []
    for i, qi in enumerate(q):
        keys = [j for j in range(3) if bias[i][j] != -mpmath.inf]
        if not keys:  # a query allowed no key: PyTorch's attention gives it 0, a constant
            out.append([mp(0)] * len(qi))
            continue
        s = {j: score(qi, k[j]) + bias[i][j] for j in keys}
        top = max(s.values())
        e = {j: mpmath.exp(s[j] - top) for j in keys}
        a = {j: e[j] / sum(e.values()) for j in keys}
        rv = {j: sum(x * y for x, y in zip(r[i], v[j])) for j in keys}
        mean = sum(a[j] * rv[j] for j in keys)
        grad = [mp(0)] * len(qi)
        for j in keys:
            ds = a[j] * (rv[j] - mean)
            grad = [g + ds * d for g, d in zip(grad, slope(qi, k[j]))]
        out.append(grad)
    return out


_Q3 = [[0.5, -1], [1, 2], [-0.5, 0.25]]
_INF = -mpmath.inf


def _causal_truth():
    q = [_in("float64", row) for row in _Q3]
    bias = [[0, _INF, _INF], [0, 0, _INF], [0, 0, 0]]
    return {"q": [_attention_grad(q, bias, 1 / mpmath.sqrt(2))]}


def _padded_truth():
    """The first query attends no key: PyTorch gives it 0 (a constant); the others attend keys 0-1 and 0-2."""
    q = [_in("float64", row) for row in _Q3]
    bias = [[_INF, _INF, _INF], [0, 0, _INF], [0, 0, 0]]
    return {"q": [_attention_grad(q, bias, 1 / mpmath.sqrt(2))]}


def _hf_truth(dtype):
    """scores + (1 - keep) * finfo.min: exactly, a row whose every key is masked is shifted as a whole, so softmax gives
    the unmasked weights; the masked key of row 0 weighs e^(finfo.min)."""
    def truth():
        q = [_in(dtype, [0.5, -1]), _in(dtype, [1, 2])]
        low = {"float32": -mp(2) ** 128 * (1 - mp(2) ** -24), "float64": -mp(2) ** 1024 * (1 - mp(2) ** -53)}[dtype]
        bias = [[0, 0, low], [low, low, low]]
        return {"q": _attention_grad(q, bias, 1 / _in(dtype, [2 ** 0.5])[0])}
    return hp(truth)


def _group_norm(x, gamma, beta, c, eps, square=True):
    """d/dx of sum(c y + y^2) (or sum(c y)) with y = gamma xhat + beta over one group of entries (flat lists)."""
    n = len(x)
    m = sum(x) / n
    s = mpmath.sqrt(sum((v - m) ** 2 for v in x) / n + eps)
    xh = [(v - m) / s for v in x]
    y = [g * h + b for g, h, b in zip(gamma, xh, beta)]
    dh = [g * (ck + (2 * yk if square else 0)) for g, ck, yk in zip(gamma, c, y)]
    return [(n * d - sum(dh) - h * sum(a * b for a, b in zip(dh, xh))) / (n * s) for d, h in zip(dh, xh)]


def _torch_group_norm_truth():
    gamma, beta = _m([[1.5, 1.5, "0.5", "0.5"], [-1, -1, 2, 2]]), _m([["0.1", "0.1", 0, 0], ["-0.2", "-0.2", "0.3", "0.3"]])
    c = _m([[1, -2, "0.5", 3], [-1, "0.25", 2, 1]])
    x = [_in("float64", [1.5, 1.5, 1.5, 1.5]), _in("float64", [0.5, -1, 2, 0.25])]
    g = [_group_norm(xs, gs, bs, cs, _f(1e-5)) for xs, gs, bs, cs in zip(x, gamma, beta, c)]
    return {"x": [[g[0][0:2], g[0][2:4], g[1][0:2], g[1][2:4]]]}


def _rms_truth(dtype):
    def truth():
        w, c, eps = _m([[1, 2, "-0.5"]])[0], _m([["0.5", -1, 2]])[0], _in(dtype, [1e-6])[0]
        out = []
        for row in ([0, 0, 0], [1, -2, 0.5]):
            x = _in(dtype, row)
            ms = sum(v * v for v in x) / 3 + eps
            dot = sum(ck * wk * xk for ck, wk, xk in zip(c, w, x))
            out.append([ck * wk / mpmath.sqrt(ms) - xk * dot / (3 * ms ** mp(1.5)) for ck, wk, xk in zip(c, w, x)])
        return {"x": out}
    return hp(truth)


def _torch_ce_truth(dtype):
    """The documented loss: targets smoothed to (1 - eps) onehot + eps / C, each class weighted, divided by the targets'
    summed weights: d/dz_nk = ((1 - eps) w_y (p_k - [k = y]) + eps / C (p_k sum_c w_c - w_k)) / W."""
    def truth():
        z = [_in(dtype, [1000, 0, -1000]), _in(dtype, [0.5, -1, 2])]
        target, w, eps = [0, 2], _m([[1, 2, "0.5"]])[0], mp("0.1")
        total = sum(w[t] for t in target)
        out = []
        for zn, y in zip(z, target):
            top = max(zn)
            e = [mpmath.exp(v - top) for v in zn]
            p = [v / sum(e) for v in e]
            out.append([((1 - eps) * w[y] * (p[k] - (k == y)) + eps / 3 * (p[k] * sum(w) - w[k])) / total
                        for k in range(3)])
        return {"logits": out}
    return hp(truth)


def _ignored_truth():
    """Row 0 alone, divided by its own weight w_0 = 1: (1 - eps)(p - onehot_0) + eps / 3 (p sum w - w); row 1 is 0."""
    z, w, eps = _in("float64", [0.5, -1, 2]), _m([[1, 2, "0.5"]])[0], mp("0.1")
    e = [mpmath.exp(v) for v in z]
    p = [v / sum(e) for v in e]
    return {"logits": [[(1 - eps) * (p[k] - (k == 0)) + eps / 3 * (p[k] * sum(w) - w[k]) for k in range(3)], [mp(0)] * 3]}


def _focal_truth():
    """0.25 softplus(-z0) sig(-z0)^(1/2) + 0.75 softplus(z1) sig(z1)^(1/2) (targets 1 and 0)."""
    z0, z1 = _in("float32", [20, -3])
    sp = lambda u: mpmath.log1p(mpmath.exp(u))  # noqa: E731
    d0 = mp("0.25") * (-sig(-z0) ** mp(1.5) - sp(-z0) * sig(-z0) ** mp(0.5) * sig(z0) / 2)
    d1 = mp("0.75") * (sig(z1) ** mp(1.5) + sp(z1) * sig(z1) ** mp(0.5) * sig(-z1) / 2)
    return {"z": [d0, d1]}


def _student_truth():
    """d/dnu of lgamma((nu + 1)/2) - lgamma(nu/2) - log(nu pi)/2 - (nu + 1)/2 log1p(y^2/nu), y = 0.5."""
    y2 = mp("0.25")
    out = []
    for nu in _in("float64", [1e8, 3]):
        out.append(mpmath.digamma((nu + 1) / 2) / 2 - mpmath.digamma(nu / 2) / 2 - 1 / (2 * nu)
                   - mpmath.log1p(y2 / nu) / 2 + (nu + 1) / 2 * (y2 / nu ** 2) / (1 + y2 / nu))
    return {"df": out}


def _i1e_slope(x):
    """d/dx e^-x I1(x) for x > 0: e^-x (I0(x) - I1(x)/x - I1(x)); 1/2 at 0 (I1(0) = 0 cancels the kink of e^-|x|)."""
    if x == 0:
        return mp("0.5")
    return mpmath.exp(-x) * (mpmath.besseli(0, x) - mpmath.besseli(1, x) / x - mpmath.besseli(1, x))


def _keras_attention_truth(kind):
    def truth():
        q = [_in("float32", [0.5, -1]), _in("float32", [1, 2])]
        bias = [[0, 0, -mp(10) ** 9]] * 2
        if kind == "dot":
            return {"q": [_attention_grad(q, bias, mp(1))]}
        score = lambda qi, kj: sum(mpmath.tanh(a + b) for a, b in zip(qi, kj))  # noqa: E731
        slope = lambda qi, kj: [1 - mpmath.tanh(a + b) ** 2 for a, b in zip(qi, kj)]  # noqa: E731
        return {"q": [_attention_grad(q, bias, score=score, slope=slope)]}
    return hp(truth)


def _keras_group_norm_truth():
    c = _m([[1, -2, "0.5", 3], [2, 1, -1, "0.25"]])
    rows = [[1, 1, 0.5, -1], [2, -1, 3, 3]]
    out = []
    for row, cs in zip(rows, c):
        x = _in("float64", row)
        ones, zeros = [mp(1)] * 2, [mp(0)] * 2
        out.append(_group_norm(x[:2], ones, zeros, cs[:2], _f(1e-3), square=False)
                   + _group_norm(x[2:], ones, zeros, cs[2:], _f(1e-3), square=False))
    return {"x": out}


def _keras_cce_truth():
    """Mean over the batch of -sum t_s log softmax(z), t_s = 0.9 t + 0.1/3: d/dz = (p - t_s) / 2."""
    z = [_in("float64", [1000, 0, -1000]), _in("float64", [0.5, -1, 2])]
    labels = [[1, 0, 0], [0, 0, 1]]
    out = []
    for zn, t in zip(z, labels):
        top = max(zn)
        e = [mpmath.exp(v - top) for v in zn]
        out.append([(v / sum(e) - (mp("0.9") * tk + mp("0.1") / 3)) / 2 for v, tk in zip(e, t)])
    return {"logits": out}


TORCH = [
    Case("torch_lib16b.py", "causal_attention", "q=[[[0.5,-1],[1,2],[-0.5,0.25]]]", "float64", "ok", hp(_causal_truth)),
    # a query allowed no key: PyTorch's attention gives it 0, a constant; the others are smooth
    Case("torch_lib16b.py", "padded_attention", "q=[[[0.5,-1],[1,2],[-0.5,0.25]]]", "float64", "ok", hp(_padded_truth)),
    # s + finfo.min absorbs every score (ulp 2^104 in float32): the fully masked row comes out uniform, where the
    # program's exact softmax (a uniform shift) is the unmasked one; the value is lost to the add
    Case("torch_lib16b.py", "hf_attention", "q=[[0.5,-1],[1,2]]", "float32", "unstable", _hf_truth("float32"),
         "scores = scores + (1.0 - keep)"),
    Case("torch_lib16b.py", "group_norm_loss", "x=[[[1.5,1.5],[1.5,1.5],[0.5,-1],[2,0.25]]]", "float64", "ok",
         hp(_torch_group_norm_truth)),
    # clamped at float32's eps (1.19e-7), p[0] = 1e-9 is on the flat part: the slope is 0 there
    Case("torch_lib16b.py", "safe_log", "p=[1e-9,0.5]", "float32", "ok", hp(lambda: {"p": [mp(0), mp(2)]})),
    Case("torch_lib16b.py", "safe_log", "p=[1e-17,0.5]", "float64", "ok", hp(lambda: {"p": [mp(0), mp(2)]})),
    Case("torch_lib16b.py", "rms_norm_hand", "x=[[0,0,0],[1,-2,0.5]]", "float32", "ok", _rms_truth("float32")),
    Case("torch_lib16b.py", "rms_norm_hand", "x=[[0,0,0],[1,-2,0.5]]", "float64", "ok", _rms_truth("float64")),
    Case("torch_lib16b.py", "rms_norm_builtin", "x=[[0,0,0],[1,-2,0.5]]", "float64", "ok", _rms_truth("float64")),
    Case("torch_lib16b.py", "rms_norm_builtin", "x=[[0,0,0],[1,-2,0.5]]", "float32", "ok", _rms_truth("float32")),
    Case("torch_lib16b.py", "smoothed_ce", "logits=[[1000,0,-1000],[0.5,-1,2]]", "float64", "ok", _torch_ce_truth("float64")),
    Case("torch_lib16b.py", "smoothed_ce", "logits=[[1000,0,-1000],[0.5,-1,2]]", "float32", "ok", _torch_ce_truth("float32")),
    # an ignored row adds nothing to either part of the loss, nor to the weights it is divided by
    Case("torch_lib16b.py", "smoothed_ce_ignored", "logits=[[0.5,-1,2],[3,0,-2]]", "float64", "ok", hp(_ignored_truth)),
    # float32's sigmoid(20) is 1: (1 - p_t)^0.5 at 0 has an infinite slope, times sigmoid's 1 * (1 - 1): NaN
    Case("torch_lib16b.py", "focal_loss", "z=[20,-3]", "float32", "unstable", hp(_focal_truth),
         "loss = ce * (1 - p_t) ** 0.5"),
    # (a - 1) log x at x = 0 with a = 1 is 0 (xlogy), and -inf for every a > 1: no derivative in a[1]; b[0] alike
    Case("torch_lib16b.py", "beta_logp", "a=[2,1],b=[1,3]", "float64", "domain",
         hp(lambda: {"a": [mp("0.5"), NAN], "b": [NAN, 1 / mp(3)]})),
    # lgamma((nu+1)/2) - lgamma(nu/2) and their digammas at nu = 1e8: 8 digits of 16 cancel, the slope is ~1e-17
    Case("torch_lib16b.py", "student_logp", "df=[1e8,3]", "float64", "unstable", hp(_student_truth),
         "return StudentT(df"),
    Case("torch_lib16b.py", "scaled_bessel1", "x=[0,2]", "float64", "ok",
         hp(lambda: {"x": [_i1e_slope(v) for v in _in("float64", [0, 2])]})),
    # needs_input_grad[0] tested for w's gradient too: with x data, PyTorch's w gets no gradient
    Case("torch_lib16b.py", "scale_loss", None, "float64", "wrong",
         hp(lambda: {"w": [2 * 4 * mp("0.5"), 2 * 9 * mp("-1.5")]}), "class Scale>>def backward", args="scale_args",
         wrt="w"),
    Case("torch_lib16b.py", "scale_loss", None, "float64", "ok",
         hp(lambda: {"w": [2 * 4 * mp("0.5"), 2 * 9 * mp("-1.5")], "x": [2 * 2 * mp("0.25"), 2 * 3 * mp("2.25")]}),
         args="scale_both_args"),
    Case("torch_lib16b.py", "growth", "a=[0.5,-1],b=[0.2,-0.3]", "float64", "wrong",
         hp(lambda: {"a": [mpmath.exp(v) for v in _in("float64", [0.2, -0.3])],
                     "b": [a * mpmath.exp(v) for a, v in zip(_in("float64", [0.5, -1]), _in("float64", [0.2, -0.3]))]}),
         "class Growth>>def backward"),
    # exp(100) overflows float32: inf / inf
    Case("torch_lib16b.py", "log_sigmoid", "x=[-100,3]", "float32", "unstable",
         hp(lambda: {"x": [sig(-v) for v in _in("float32", [-100, 3])]}), "return grad * torch.exp(-x) / (1 + torch.exp(-x))"),
    Case("torch_lib16b.py", "log_sigmoid", "x=[-100,3]", "float64", "ok",
         hp(lambda: {"x": [sig(-v) for v in _in("float64", [-100, 3])]})),
    # the second group is constant: normalised to 0, smooth (eps)
    Case("torch_lib16b.py", "tiny_loss", None, "float64", "ok",
         hp(lambda: {"x": [_group_norm(_in("float64", [0.5, -1]), _m([[1.5, "0.5"]])[0], [0, 0], _m([[1, -2]])[0],
                                       _f(1e-5), square=False)
                           + _group_norm(_in("float64", [2, 2]), _m([[-1, 2]])[0], [0, 0], _m([["0.5", 3]])[0],
                                         _f(1e-5), square=False)],
                     "model.norm.bias": _m([[1, -2, "0.5", 3]])[0]}),
         args="tiny_args", wrt="x,model.norm.bias"),
]

TF = [
    Case("tf_lib16b.py", "dot_attention", "q=[[[0.5,-1],[1,2]]]", "float32", "ok", _keras_attention_truth("dot")),
    Case("tf_lib16b.py", "additive_attention", "q=[[[0.5,-1],[1,2]]]", "float32", "ok", _keras_attention_truth("add")),
    Case("tf_lib16b.py", "group_norm_loss", "x=[[1,1,0.5,-1],[2,-1,3,3]]", "float64", "ok", hp(_keras_group_norm_truth)),
    Case("tf_lib16b.py", "smoothed_cce_logits", "logits=[[1000,0,-1000],[0.5,-1,2]]", "float64", "ok",
         hp(_keras_cce_truth)),
    # (both losses told dtype= as README advises: by default a Keras loss computes in float32, and the float64 check
    # is then `unstable` naming that cast, rightly)
    # called as written (eagerly), Keras clips the probabilities to [1e-7, 1 - 1e-7]: at [30, 0, -30] all three
    # are past the clip, the loss is flat
    Case("tf_lib16b.py", "smoothed_cce_probs", "logits=[[30,0,-30]]", "float64", "ok",
         hp(lambda: {"logits": [[mp(0), mp(0), mp(0)]]})),
    # x log1p(y) is smooth in x at x = 0 (slope log 1.5), but TensorFlow's rule is xlog1py(x != 0, y): 0 there
    Case("tf_lib16b.py", "log1p_weighted", "x=[0,2],y=[0.5,-0.5]", "float64", "wrong",
         hp(lambda: {"x": [mpmath.log(mp("1.5")), mpmath.log(mp("0.5"))], "y": [mp(0), mp(4)]}),
         "return tf.reduce_sum(tf.math.xlog1py(x, y))"),
    Case("tf_lib16b.py", "bessel_scaled1", "x=[0,2]", "float64", "ok",
         hp(lambda: {"x": [_i1e_slope(v) for v in _in("float64", [0, 2])]})),
    # P(1/2, x) has slope x^(-1/2) e^-x / Gamma(1/2), +inf at 0, and no values left of it
    Case("tf_lib16b.py", "gamma_cdf", "x=[0,1.5]", "float64", "domain",
         hp(lambda: {"x": [mpmath.inf, mp("1.5") ** 2 * mpmath.exp(mp("-1.5")) / 2]})),
    # floored at float32's eps (1.19e-7), p[0] = 1e-9 is on the flat part: the slope is 0 there
    Case("tf_lib16b.py", "safe_log", "p=[1e-9,0.5]", "float32", "ok", hp(lambda: {"p": [mp(0), mp(2)]})),
    # XLA flushes float32's subnormal sigmoid(-100) = 3.7e-44 to 0: log gives -inf, its gradient 0 * inf
    Case("tf_lib16b.py", "xla_bce", "z=[-100,3]", "float32", "unstable",
         hp(lambda: {"z": [-sig(-v) for v in _in("float32", [-100, 3])]}), "return -tf.reduce_sum(tf.math.log(p))",
         "log_sigmoid("),
    # the variables' gradients come back as [d/db, d/dw] where the layer read w first
    Case("tf_lib16b.py", "affine_loss", None, "float64", "wrong",
         hp(lambda: {"model.affine.w": [mp("0.5"), mp(-6)], "model.affine.b": [mp(1), mp(-3)]}), "def grad_fn",
         args="affine_args", wrt="model.affine.w,model.affine.b"),
]

INPUT_ERRORS = []

ALL = TORCH + TF + INPUT_ERRORS
