"""The eleventh trial set (b), PyTorch and TensorFlow/Keras: a gradient hook that clips, activation checkpointing and
tf.recompute_grad, hardswish and relu6 at their corners, running log-sum-exps, a logit clamped at its eps, an in-place
clamp, a boolean-mask assignment, weight tying, a Sequential addressed by index, a GRU cell, an autograd Function
computed in SciPy, one with a non-differentiable output, losses built on torch.func.grad and jacrev, Student's t with
many degrees of freedom (PyTorch's distribution and written by hand), a Beta's concentrations, a confident policy's
entropy, log(1 - exp(-x)) switched by tf.where, the inverse softplus two ways, Keras' cosine similarity at a zero
prediction and hinge at its margin, and a tf.Module as an argument.

Truths are expressions written here, evaluated by mpmath at 2,000 digits, never the user files' code; points are the
numbers the dtype holds.
"""

import mpmath

from cases import Case, mp
from cases2 import NAN, partials
from cases5 import _in, each, hp, sig


def _f(v):
    return mp(float(v))


def _checkpointed_slope(x):
    return sig(x) * mpmath.sin(x) + mpmath.log1p(mpmath.exp(x)) * mpmath.cos(x)


def _running_lse(xs, dtype="float64"):
    """d/dx_j of sum_k log sum_{i<=k} e^{x_i}: sum_{k>=j} e^{x_j - L_k}."""
    def truth():
        x = _in(dtype, xs)
        lse = [mpmath.log(sum(mpmath.exp(v) for v in x[:k + 1])) for k in range(len(x))]
        return {"x": [sum(mpmath.exp(x[j] - lse[k]) for k in range(j, len(x))) for j in range(len(x))]}
    return hp(truth)


def _softmax(xs):
    top = max(xs)
    e = [mpmath.exp(v - top) for v in xs]
    return [v / sum(e) for v in e]


def _tied(e):
    """Mean CE of rows E @ E[t] for tokens [0, 2], targets [1, 0], as a function of E's six entries."""
    rows = [e[0:2], e[2:4], e[4:6]]
    total = 0
    for token, target in ((0, 1), (2, 0)):
        h = rows[token]
        logits = [r[0] * h[0] + r[1] * h[1] for r in rows]
        total += mpmath.log(sum(mpmath.exp(v) for v in logits)) - logits[target]
    return total / 2


def _tied_truth():
    def truth():
        g = partials(_tied, ["0.5", -1, 1, "0.25", "-0.75", "0.5"])
        return {"model.emb.weight": [g[0:2], g[2:4], g[4:6]]}
    return hp(truth)


def _stacked(w):
    x = [mp(1), mp(2)]
    b0, w1, b1 = [mp("0.125"), mp("-0.5")], [mp(2), mp(-1)], mp("0.25")
    h = [mpmath.tanh(w[2 * i] * x[0] + w[2 * i + 1] * x[1] + b0[i]) for i in range(2)]
    return (w1[0] * h[0] + w1[1] * h[1] + b1) ** 2


def _stacked_truth():
    def truth():
        g = partials(_stacked, ["0.5", "-0.25", 1, "0.75"])
        return {"model.0.weight": [g[0:2], g[2:4]]}
    return hp(truth)


def _gru(w):
    """PyTorch's GRU cell (rows r, z, n of weight_ih), one hidden unit, as a function of weight_ih."""
    x, h = [mp(1), mp(-2)], mp("0.5")
    whh, bih, bhh = [mp("0.5"), mp("-0.5"), mp(1)], [mp("0.125"), mp("-0.25"), mp("0.5")], [mp(0), mp("0.25"), mp("-0.125")]
    gi = [w[2 * k] * x[0] + w[2 * k + 1] * x[1] + bih[k] for k in range(3)]
    gh = [whh[k] * h + bhh[k] for k in range(3)]
    r, z = sig(gi[0] + gh[0]), sig(gi[1] + gh[1])
    n = mpmath.tanh(gi[2] + r * gh[2])
    return (1 - z) * n + z * h


def _gru_truth():
    """At the judge's 60 digits."""
    g = partials(_gru, ["0.5", "-0.25", "0.75", "0.5", -1, "0.25"])
    return {"cell.weight_ih": [g[0:2], g[2:4], g[4:6]]}


def _attention(w):
    """sum of squares of one-head self-attention over three tokens (batch first), as a function of in_proj_weight;
    biases 0, out_proj [[1, -0.5], [0.25, 0.75]]."""
    x = [[mp(1), mp("-0.5")], [mp("0.25"), mp(2)], [mp("-1.5"), mp("0.75")]]
    rows = [w[2 * k:2 * k + 2] for k in range(6)]

    def project(pair):
        return [[sum(r[j] * t[j] for j in range(2)) for r in pair] for t in x]

    q, k, v = project(rows[0:2]), project(rows[2:4]), project(rows[4:6])
    wo = [[mp(1), mp("-0.5")], [mp("0.25"), mp("0.75")]]
    total = 0
    for i in range(3):
        scores = [sum(q[i][d] * k[j][d] for d in range(2)) / mpmath.sqrt(2) for j in range(3)]
        a = _softmax(scores)
        o = [sum(a[j] * v[j][d] for j in range(3)) for d in range(2)]
        total += sum(sum(wo[r][d] * o[d] for d in range(2)) ** 2 for r in range(2))
    return total


def _attention_truth():
    """At the judge's 60 digits: twelve partials at 2,000 digits cost minutes."""
    g = partials(_attention, ["0.5", "-0.25", "0.75", 1, "-0.5", "0.25", 1, "0.5", "0.25", -1, "0.5", "0.5"])
    return {"attn.in_proj_weight": [g[2 * k:2 * k + 2] for k in range(6)]}


def _lstm(w):
    """PyTorch's LSTM cell (rows i, f, g, o of weight_ih), one hidden unit: h' + c' as a function of weight_ih."""
    x, h, c = [mp(1), mp(-2)], mp("0.5"), mp("-0.25")
    whh, bih = [mp("0.5"), mp("-0.5"), mp(1), mp("0.25")], [mp("0.125"), mp("-0.25"), mp("0.5"), mp(0)]
    gates = [w[2 * k] * x[0] + w[2 * k + 1] * x[1] + bih[k] + whh[k] * h for k in range(4)]
    i, f, g, o = sig(gates[0]), sig(gates[1]), mpmath.tanh(gates[2]), sig(gates[3])
    c1 = f * c + i * g
    return o * mpmath.tanh(c1) + c1


def _lstm_truth():
    """At the judge's 60 digits."""
    g = partials(_lstm, ["0.5", "-0.25", "0.75", "0.5", -1, "0.25", "0.25", 1])
    return {"cell.weight_ih": [g[2 * k:2 * k + 2] for k in range(4)]}


def _student_logpdf(df, y):
    return (mpmath.loggamma((df + 1) / 2) - mpmath.loggamma(df / 2) - mpmath.log(df * mpmath.pi) / 2
            - (df + 1) / 2 * mpmath.log1p(y * y / df))


def _student_truth(df_value):
    def truth():
        df = _f(df_value)
        return {"df": [mpmath.diff(lambda d: -(_student_logpdf(d, mp("0.5")) + _student_logpdf(d, mp(3))), df)]}
    return hp(truth)


def _beta_truth(a, b):
    def truth():
        av, bv, x = _f(a), _f(b), _f(0.3)
        return {"a": [-(mpmath.log(x) - mpmath.digamma(av) + mpmath.digamma(av + bv))],
                "b": [-(mpmath.log(1 - x) - mpmath.digamma(bv) + mpmath.digamma(av + bv))]}
    return hp(truth)


def _entropy_truth(zs):
    """d/dz_k of -sum p log p, p = softmax(z): -p_k (log p_k + H)."""
    def truth():
        p = _softmax(_in("float64", zs))
        h = -sum(v * mpmath.log(v) for v in p)
        return {"z": [-v * (mpmath.log(v) + h) for v in p]}
    return hp(truth)


def _cosine_at_zero():
    """Keras normalises by min(rsqrt(sum p^2), 1 / 1e-7): near p = 0 the loss is -c t/|t| . p, c = fl(1 / 1e-7)."""
    def truth():
        c = mp(1.0 / 1e-7)
        t = [mp(1), mp(2), mp(2)]
        return {"pred": [[-c * v / 3 for v in t]]}
    return hp(truth)


def _cosine_truth(ps, dtype):
    def truth():
        p = _in(dtype, ps)
        t = [mp(1) / 3, mp(2) / 3, mp(2) / 3]
        norm = mpmath.sqrt(sum(v * v for v in p))
        dot = sum(a * b for a, b in zip(t, p)) / norm
        return {"pred": [[-(t[k] - dot * p[k] / norm) / norm for k in range(3)]]}
    return hp(truth)


TORCH = [
    # the hook clamps d/dy = 3 to 1: the gradient is 2x where the derivative is 6x
    Case("torch_lib11b.py", "hooked_square", "x=[2,0.1]", "float64", "wrong", hp(lambda: {"x": [mp(12), mp("0.6")]}),
         "y.register_hook("),
    Case("torch_lib11b.py", "checkpointed", "x=[0.5,-2]", "float64", "ok", each("x", _checkpointed_slope, [0.5, -2])),
    # x (x + 3) / 6 between -3 and 3: slopes 1.5 | 1 at 3 and 0 | -0.5 at -3
    Case("torch_lib11b.py", "hardswish_sum", "x=[3,-3,1]", "float64", "domain", hp(lambda: {"x": [NAN, NAN, mp(5) / 6]})),
    Case("torch_lib11b.py", "hardswish_sum", "x=[1,-1]", "float32", "ok", hp(lambda: {"x": [mp(5) / 6, mp(1) / 6]})),
    Case("torch_lib11b.py", "running_lse", "x=[50,0,-20]", "float64", "ok", _running_lse([50, 0, -20])),
    Case("torch_lib11b.py", "running_lse", "x=[50,0,-20]", "float32", "ok", _running_lse([50, 0, -20], "float32")),
    # logit(clamp(p, eps, 1 - eps)): flat below eps, a corner at p = eps
    Case("torch_lib11b.py", "logit_sum", "p=[0,0.3,1e-6]", "float64", "domain",
         hp(lambda: {"p": [mp(0), 1 / (_f(0.3) * (1 - _f(0.3))), NAN]})),
    Case("torch_lib11b.py", "logit_sum", "p=[0,0.3]", "float64", "ok", hp(lambda: {"p": [mp(0), 1 / (_f(0.3) * (1 - _f(0.3)))]})),
    # 2 x hits the clamp's bound 1 at x = 0.5: slopes 2 | 0
    Case("torch_lib11b.py", "clamped_inplace", "x=[0.5,-0.25]", "float64", "domain", hp(lambda: {"x": [NAN, mp(2)]})),
    Case("torch_lib11b.py", "clamped_inplace", "x=[0.25,1]", "float64", "ok", hp(lambda: {"x": [mp(2), mp(0)]})),
    Case("torch_lib11b.py", "zero_negatives", "x=[1.5,-2,0.5]", "float64", "ok", hp(lambda: {"x": [mp(3), mp(0), mp(1)]})),
    # the tied matrix is read as the embedding and as the output layer: both uses count
    Case("torch_lib11b.py", "tied_loss", None, "float64", "ok", _tied_truth(), args="tied_args", wrt="model.emb.weight"),
    Case("torch_lib11b.py", "stacked_loss", None, "float64", "ok", _stacked_truth(), args="stacked_args", wrt="model.0.weight"),
    Case("torch_lib11b.py", "gru_loss", None, "float64", "ok", _gru_truth, args="gru_args", wrt="cell.weight_ih"),
    Case("torch_lib11b.py", "attention_loss", None, "float64", "ok", _attention_truth, args="attention_args",
         wrt="attn.in_proj_weight"),
    Case("torch_lib11b.py", "lstm_loss", None, "float64", "ok", _lstm_truth, args="lstm_args", wrt="cell.weight_ih"),
    Case("torch_lib11b.py", "scipy_erfcx", "x=[1,30]", "float64", "ok",
         each("x", lambda x: 2 * x * mpmath.exp(x * x) * mpmath.erfc(x) - 2 / mpmath.sqrt(mpmath.pi), [1, 30])),
    # erfcx(-30) = 2 e^900 - erfcx(30): value and slope beyond float64's range
    Case("torch_lib11b.py", "erfcx_sum", "x=[1,30,-30]", "float64", "domain",
         each("x", lambda x: 2 * x * mpmath.exp(x * x) * mpmath.erfc(x) - 2 / mpmath.sqrt(mpmath.pi), [1, 30, -30])),
    Case("torch_lib11b.py", "max_with_index", "x=[1,3,2]", "float64", "ok", hp(lambda: {"x": [mp(0), mp(6), mp(0)]})),
    # ``out[index] = grad`` with the saved 0-d index tensor: traced as the index_put_ it is
    Case("torch_lib11b.py", "max_with_index", "x=[1,5,2]", "float64", "ok", hp(lambda: {"x": [mp(0), mp(10), mp(0)]})),
    Case("torch_lib11b.py", "force_norm", "x=[0.5,1.5]", "float64", "ok",
         each("x", lambda x: 2 * (x ** 3 - 2 * x) * (3 * x * x - 2), [0.5, 1.5])),
    Case("torch_lib11b.py", "flow_logdet", "x=[0.3,-1]", "float64", "ok",
         each("x", lambda x: -mpmath.sech(x) ** 2 * mpmath.tanh(x) / (1 + mpmath.sech(x) ** 2 / 2), [0.3, -1])),
    # lgamma(5e7 + 0.5) - lgamma(5e7) and their digammas cancel: the slope, O(1/df^2), is below their rounding
    Case("torch_lib11b.py", "student_nll", "df=[1e8]", "float64", "unstable", _student_truth(1e8)),
    Case("torch_lib11b.py", "student_nll", "df=[3]", "float64", "ok", _student_truth(3)),
    Case("torch_lib11b.py", "beta_nll", "a=[1e-3],b=[2]", "float64", "ok", _beta_truth(1e-3, 2)),
    # H = log 2 + 1.4e-12: log p_1 + H cancels to the last 4 digits
    Case("torch_lib11b.py", "policy_entropy", "z=[-30,0,0]", "float64", "unstable", _entropy_truth([-30, 0, 0])),
    Case("torch_lib11b.py", "policy_entropy", "z=[-1,0,2]", "float64", "ok", _entropy_truth([-1, 0, 2])),
]

TF = [
    Case("tf_lib11b.py", "recomputed", "x=[0.5,-2]", "float64", "ok", each("x", _checkpointed_slope, [0.5, -2])),
    # the unselected log1p(-exp(-x)) at 1e-20 differentiates to 0 / 0 in float64 (finite at high precision)
    Case("tf_lib11b.py", "log1mexp", "x=[1e-20,5]", "float64", "unstable",
         each("x", lambda x: 1 / mpmath.expm1(x), [1e-20, 5]), "tf.where(x < math.log(2.0)"),
    Case("tf_lib11b.py", "log1mexp", "x=[0.1,5]", "float64", "ok", each("x", lambda x: 1 / mpmath.expm1(x), [0.1, 5])),
    Case("tf_lib11b.py", "softplus_inverse_naive", "y=[800]", "float64", "unstable",
         each("y", lambda y: 1 / -mpmath.expm1(-y), [800]), "tf.math.log(tf.math.expm1(y))"),
    Case("tf_lib11b.py", "softplus_inverse", "y=[800,1e-30]", "float64", "ok",
         each("y", lambda y: 1 / -mpmath.expm1(-y), [800, 1e-30])),
    Case("tf_lib11b.py", "student_nll", "df=[1e8]", "float64", "unstable", _student_truth(1e8)),
    Case("tf_lib11b.py", "student_nll", "df=[3]", "float64", "ok", _student_truth(3)),
    # the rsqrt(0) = inf branch the minimum does not select gets upstream 0, and TensorFlow's rsqrt rule gives 0 for it
    # (not 0 * inf): smooth, ok (my first truth said wrong, reading the rule as 0 * inf)
    Case("tf_lib11b.py", "cosine_loss", "pred=[[0,0,0]]", "float64", "ok", _cosine_at_zero()),
    Case("tf_lib11b.py", "cosine_loss", "pred=[[0.5,-1,2]]", "float32", "ok", _cosine_truth([0.5, -1, 2], "float32")),
    # labels 1, 0 become 1, -1: max(1 - t p, 0) / 2 has its corner at p0 = 1; p1 = 0.5 has slope 1/2
    Case("tf_lib11b.py", "hinge_loss", "pred=[1,0.5]", "float64", "domain", hp(lambda: {"pred": [NAN, mp("0.5")]})),
    Case("tf_lib11b.py", "capped", "x=[6,3,-1]", "float64", "domain", hp(lambda: {"x": [NAN, mp(1), mp(0)]})),
    Case("tf_lib11b.py", "running_lse", "x=[50,0,-20]", "float64", "ok", _running_lse([50, 0, -20])),
    Case("tf_lib11b.py", "scaled_sin_sum", "x=[0.3,-1]", "float64", "ok",
         each("x", lambda x: mp("1.5") * mpmath.cos(x), [0.3, -1])),
    Case("tf_lib11b.py", "module_loss", None, "float64", "ok", hp(lambda: {"model.w": [mp("2.25"), mp("-0.25")]}),
         args="module_args", wrt="model.w"),
]

ALL = TORCH + TF

# every case is judged: a Function computing in SciPy (D3), refused before, is replayed by gradcli's SciPy
INPUT_ERRORS = []

ALL = ALL + INPUT_ERRORS
