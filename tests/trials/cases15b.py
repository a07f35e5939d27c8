"""The fifteenth trial set (b), PyTorch and TensorFlow/Keras: torch.distributions flows (tanh-squashed Gaussian near
+-1, logit-normal by affine and sigmoid transforms), MultiheadAttention with a fully masked query, Poisson NLL at rate 0,
KL divergence in both target spellings, Gaussian NLL with a variance under its clamp, cosine embedding at orthogonal
vectors, torch.special's log_ndtr, i0e, entr, sinc and erfcx where their backward formulas cancel, logcumsumexp, a
weight-normalised head, spectral norms, F.normalize at 0, atan2 and hypot at the origin, BatchNorm in training mode
with a constant channel; log_sigmoid, hand-smoothed softmax cross-entropy, segment sums and means,
cumulative_logsumexp, logdet and slogdet, Keras LayerNormalization and MultiHeadAttention with a query allowed no key,
bessel_i0e at 0, clip_by_global_norm at zero and at the clip, and Keras' KLDivergence at its clip.

Truths are expressions written here, evaluated by mpmath (2,000 digits), never the user files' code; points are the
numbers the dtype holds.
"""

import mpmath

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, _softmax, hp, sig

_f = lambda v: mp(float(v))  # noqa: E731  (a float64 literal as float64 holds it)
_f32 = lambda v: _in("float32", [v])[0]  # noqa: E731


def _tanh_flow_truth():
    """log N(atanh y) - log(1 - y^2): d/dy = (2 y - atanh y) / (1 - y^2)."""
    return {"y": [(2 * y - mpmath.atanh(y)) / (1 - y * y) for y in _in("float64", [0.5, -0.999999, 0.9999999999])]}


def _logit_normal_truth():
    """-log p(y) = z^2 / 2 + const with z = (logit y - mu) / 0.5: d/dmu = -4 (logit y - mu)."""
    mu, y = _in("float64", [0.2, -1, 3]), _in("float64", [0.02, 0.5, 0.97])
    return {"mu": [-4 * (mpmath.log(v / (1 - v)) - m) for m, v in zip(mu, y)]}


def _cosine_pair_truth():
    """1 - cos(a0, b0) + max(0, cos(a1, b1)), cos = a.b / sqrt((|a|^2 + 1e-12)(|b|^2 + 1e-12)), a1 . b1 = 0."""
    eps = _f(1e-12)

    def dcos(a, b):
        na, nb = sum(v * v for v in a) + eps, sum(v * v for v in b) + eps
        dot = sum(u * v for u, v in zip(a, b))
        return ([bk / mpmath.sqrt(na * nb) - dot * ak / (na * mpmath.sqrt(na * nb)) for ak, bk in zip(a, b)],
                [ak / mpmath.sqrt(na * nb) - dot * bk / (nb * mpmath.sqrt(na * nb)) for ak, bk in zip(a, b)])

    da, db = dcos([mp("0.5"), mp(1)], [mp(1), mp(-2)])
    return {"a": [[-v for v in da], [mp(0), NAN]], "b": [[-v for v in db], [NAN, mp(0)]]}


def _erfcx(x):
    return mpmath.exp(x * x) * mpmath.erfc(x)


def _running_lse_truth():
    x = _in("float64", [1000, -1000, 0, 1000])
    totals = [mpmath.log(sum(mpmath.exp(v) for v in x[:k + 1])) for k in range(4)]
    return {"x": [sum(mpmath.exp(x[j] - totals[k]) for k in range(j, 4)) for j in range(4)]}


def _wn_truth():
    """W_r = g_r v_r / |v_r|, loss = sum (W x)^2: d/dg_r = 2 y_r (v_r . x) / |v_r|, d/dv_r = 2 y_r g_r P_r x / |v_r|."""
    g, x = [mp(2), mp("0.5")], _in("float64", [0.7, -0.1, 0.4])
    v = [_in("float32", [1, -2, 0.5]), _in("float32", [0.3, 0.4, -1.2])]  # copied from float32 tensors
    dg, dv = [], []
    for gr, vr in zip(g, v):
        n = mpmath.sqrt(sum(a * a for a in vr))
        vx = sum(a * b for a, b in zip(vr, x))
        y = gr * vx / n
        dg.append([2 * y * vx / n])
        dv.append([2 * y * gr * (xk - vx * vk / n ** 2) / n for vk, xk in zip(vr, x)])
    return {"model.fc.parametrizations.weight.original0": dg, "model.fc.parametrizations.weight.original1": dv}


def _spectral_truth():
    """The top singular pair of [[2, 1], [0, 1]]: d sigma / dW = u v^T."""
    w = mpmath.matrix([[2, 1], [0, 1]])
    u, s, v = mpmath.svd_r(w)
    return {"w": [[u[i, 0] * v[0, j] for j in range(2)] for i in range(2)]}


def _bn_train_truth():
    """BatchNorm1d in training mode (biased batch variance, eps 1e-5), y = g xhat + b; loss = sum(w y) + sum(y^3)."""
    rows = [[0.5, 2.0, 1.0], [-1.0, 2.0, 0.3], [0.25, 2.0, -0.7], [1.5, 2.0, 0.4]]
    x = [_in("float64", r) for r in rows]
    g, b, w, eps, n = _in("float32", [1.5, 0.5, -1]), _in("float32", [0.1, 0, -0.2]), [mp(1), mp("-0.5"), mp(2)], _f(1e-5), 4
    dx, dg = [[None] * 3 for _ in range(n)], []
    for c in range(3):
        col = [x[i][c] for i in range(n)]
        m = sum(col) / n
        s = mpmath.sqrt(sum((v - m) ** 2 for v in col) / n + eps)
        xh = [(v - m) / s for v in col]
        dy = [w[c] + 3 * (g[c] * h + b[c]) ** 2 for h in xh]
        dh = [g[c] * d for d in dy]
        for i in range(n):
            dx[i][c] = (n * dh[i] - sum(dh) - xh[i] * sum(a * h for a, h in zip(dh, xh))) / (n * s)
        dg.append(sum(d * h for d, h in zip(dy, xh)))
    return {"x": dx, "model.bn.weight": dg}


def _smoothed_truth():
    z = _in("float64", [1000, 0, -1000])
    c, keep = _f(0.1 / 3.0), _f(1.0 - 0.1)
    labels = [keep + c, c, c]
    return {"logits": [[p * sum(labels) - t for p, t in zip(_softmax(z), labels)]]}


def _chol_logdet_truth():
    """logdet through Cholesky reads the lower triangle: d/da = A^-1 on the diagonal, 2 A^-1 below it, 0 above."""
    inv = mpmath.inverse(mpmath.matrix([[2, "0.5"], ["0.5", 1]]))
    return {"a": [[inv[0, 0], mp(0)], [2 * inv[1, 0], inv[1, 1]]]}


def _layer_norm_truth():
    """Keras LayerNormalization (gamma 1, beta 0, eps 1e-3 as float32 holds it), loss sum(w y) per row."""
    w, eps = [mp(1), mp(-2), mp("0.5"), mp(3)], _f32(1e-3)
    out = []
    for row in ([0.5] * 4, [1, -2, 0.25, 3]):
        x = _in("float32", row)
        m = sum(x) / 4
        s = mpmath.sqrt(sum((v - m) ** 2 for v in x) / 4 + eps)
        xh = [(v - m) / s for v in x]
        out.append([(4 * wk - sum(w) - hk * sum(a * h for a, h in zip(w, xh))) / (4 * s) for wk, hk in zip(w, xh)])
    return {"x": out}


def _clip_truth(g1, g2, dtype):
    """sum(d . g) / max(|g|, 1): inside the clip d, beyond it d / |g| - (d . g) g / |g|^3."""
    g, d = _in(dtype, g1 + g2), [mp(1), mp(2), mp(-3)]
    norm = mpmath.sqrt(sum(v * v for v in g))
    dot = sum(a * b for a, b in zip(d, g))
    grad = d if norm < 1 else [dk / norm - dot * gk / norm ** 3 for dk, gk in zip(d, g)]
    return lambda: {"g1": grad[:2], "g2": grad[2:]}


def _rotor_truth():
    """W = B expm(A), A = tril(X) - tril(X)^T: a rotation by X[1][0] after the base B the parametrisation stored when
    registered (its float64 entries, data); X[0][0] and X[1][1] cancel and X[0][1] is never read: their slopes are 0."""
    base = mpmath.matrix([[-0.009096026420593262, 0.9999585747718811], [-0.9999585747718811, -0.009096145629882812]])
    theta, x, t = _f32(0.4), mpmath.matrix([_f(0.6), _f(0.8)]), mpmath.matrix([1, 0])
    c, s = mpmath.cos(theta), mpmath.sin(theta)
    d = base * mpmath.matrix([[c, -s], [s, c]]) * x - t
    turn = base * mpmath.matrix([[-s, -c], [c, -s]]) * x
    return {"model.fc.parametrizations.weight.original": [[mp(0), mp(0)], [2 * (d.T * turn)[0], mp(0)]]}


def _i1e_minus_i0e(x):
    return mpmath.exp(-x) * (mpmath.besseli(1, x) - mpmath.besseli(0, x))


TORCH = [
    # atanh by log1p keeps y near +-1 (1e-10 from 1: the slope is -4.9e10); smooth everywhere inside (-1, 1)
    Case("torch_lib15b.py", "tanh_flow_logp", "y=[0.5,-0.999999,0.9999999999]", "float64", "ok", hp(_tanh_flow_truth)),
    Case("torch_lib15b.py", "logit_normal_logp", "mu=[0.2,-1,3]", "float64", "ok", hp(_logit_normal_truth)),
    # the first query may attend no key: PyTorch's attention gives that row 0, a constant: smooth, and q[1] unused
    Case("torch_lib15b.py", "attention_loss", None, "float64", "ok", hp(lambda: {"q": [[[mp(2), mp(-1)], [mp(0), mp(0)]]]}),
         args="attention_args", wrt="q"),
    # log_input=False adds eps 1e-8 inside the log: at rate 0 the slope is 1 - 3/1e-8, finite
    Case("torch_lib15b.py", "poisson_rate", "rate=[0,2]", "float64", "ok",
         hp(lambda: {"rate": [1 - 3 / _f(1e-8), 1 - 1 / (2 + _f(1e-8))]})),
    # t log t at t = 0: the slope log t + 1 - log q is -inf from the right, no derivative
    Case("torch_lib15b.py", "kl_probs", "target=[0,0.5,0.5]", "float64", "domain",
         hp(lambda: {"target": [NAN, mp(1), 1 + mpmath.log(2)]})),
    Case("torch_lib15b.py", "kl_log_target", "log_p=[-700,-0.5,-1]", "float64", "ok",
         hp(lambda: {"log_p": [mpmath.exp(v) * (v - mpmath.log(q) + 1) for v, q in
                               zip(_in("float64", [-700, -0.5, -1]), [mp("0.25"), mp("0.5"), mp("0.25")])]})),
    # the variance is clamped to eps 1e-6 under no_grad: the loss is flat in var below eps (slope 0), PyTorch's
    # gradient is the unclamped formula's, 0.5 (1/eps - d^2/eps^2) = -5e9: the rule is wrong, at the loss's line
    Case("torch_lib15b.py", "heteroscedastic", "mean=[0.4,-1.2],var=[1e-8,0.5]", "float64", "wrong",
         hp(lambda: {"mean": [(_f(0.4) - _f(0.5)) / _f(1e-6), (_f(-1.2) + 1) / _f(0.5)],
                     "var": [mp(0), (1 / _f(0.5) - (_f(-1.2) + 1) ** 2 / _f(0.5) ** 2) / 2]}),
         "return F.gaussian_nll_loss("),
    # the second pair (label -1, margin 0) is orthogonal: max(0, cos) at its corner in a[1][1] and b[1][0] only
    Case("torch_lib15b.py", "cosine_pairs", "a=[[0.5,1],[1,0]],b=[[1,-2],[0,1]]", "float64", "domain",
         hp(_cosine_pair_truth)),
    # PyTorch's rule exp(-(log_ndtr(x) + x^2/2)) / sqrt(2 pi) adds -5e13 and 5e13 at x = -1e7: 1% off
    Case("torch_lib15b.py", "tail_logcdf", "x=[-1e7,-40,3]", "float64", "unstable",
         hp(lambda: {"x": [mpmath.npdf(v) / mpmath.ncdf(v) for v in _in("float64", [-1e7, -40, 3])]}),
         "return torch.special.log_ndtr(x)"),
    # i1e(x) - i0e(x) at 1e4 cancels 4 digits of float32's 7
    Case("torch_lib15b.py", "scaled_bessel", "x=[1e4,2]", "float32", "unstable",
         hp(lambda: {"x": [_i1e_minus_i0e(v) for v in _in("float32", [1e4, 2])]}), "return torch.special.i0e(x)"),
    # -x log x at 0: the slope -(log x + 1) is +inf from the right (and x < 0 is outside the domain)
    Case("torch_lib15b.py", "entropy", "p=[0,0.3]", "float64", "domain",
         hp(lambda: {"p": [mpmath.inf, -(mpmath.log(_f(0.3)) + 1)]})),
    Case("torch_lib15b.py", "entropy", "p=[0.1,0.3]", "float64", "ok",
         hp(lambda: {"p": [-(mpmath.log(v) + 1) for v in _in("float64", [0.1, 0.3])]})),
    # (pi x cos(pi x) - sin(pi x)) / (pi x^2) at 1e-10 subtracts two equal float64 numbers: 0 where -3.3e-10
    Case("torch_lib15b.py", "band_sinc", "x=[1e-10,0.5]", "float64", "unstable",
         hp(lambda: {"x": [(mpmath.pi * v * mpmath.cos(mpmath.pi * v) - mpmath.sin(mpmath.pi * v)) / (mpmath.pi * v * v)
                           for v in _in("float64", [1e-10, 0.5])]}), "return torch.special.sinc(x)"),
    # 2 x erfcx(x) - 2/sqrt(pi) at 1e5 cancels 10 digits; the rule is the exact derivative, its constant 2/sqrt(pi)
    # rounded to float64 (1.5e-17 off) is part of the working precision's loss, not a wrong rule
    Case("torch_lib15b.py", "scaled_erfc", "x=[1e5,-3,0.5]", "float64", "unstable",
         hp(lambda: {"x": [2 * v * _erfcx(v) - 2 / mpmath.sqrt(mpmath.pi) for v in _in("float64", [1e5, -3, 0.5])]}),
         "return torch.special.erfcx(x)"),
    Case("torch_lib15b.py", "running_lse", "x=[1000,-1000,0,1000]", "float64", "ok", hp(_running_lse_truth)),
    Case("torch_lib15b.py", "wn_loss", None, "float64", "ok", hp(_wn_truth), args="wn_args",
         wrt="model.fc.parametrizations.weight.original0,model.fc.parametrizations.weight.original1"),
    # the identity's two singular values tie: the spectral norm has a kink in every entry
    Case("torch_lib15b.py", "spectral", "w=[[1,0],[0,1]]", "float64", "domain", hp(lambda: {"w": [[NAN, NAN], [NAN, NAN]]})),
    Case("torch_lib15b.py", "spectral", "w=[[2,1],[0,1]]", "float64", "ok", hp(_spectral_truth)),
    Case("torch_lib15b.py", "spectral_vec", "w=[[2,1],[0,1]]", "float64", "ok", hp(_spectral_truth)),
    # |x| < eps = 1e-12 near 0, so normalize divides by eps there: linear, slope w / 1e-12, no kink
    Case("torch_lib15b.py", "unit_dirs", "x=[0,0,0]", "float64", "ok",
         hp(lambda: {"x": [w / _f(1e-12) for w in [mp(1), mp(-2), mp("0.5")]]})),
    # atan2 jumps across the negative x axis and has no limit at the origin; hypot is a cone there
    Case("torch_lib15b.py", "heading", "y=[0,1],x=[0,-1]", "float64", "domain",
         hp(lambda: {"y": [NAN, mp("-0.5")], "x": [NAN, mp("-0.5")]})),
    Case("torch_lib15b.py", "length", "y=[0,3],x=[0,4]", "float64", "domain",
         hp(lambda: {"y": [NAN, mp("0.6")], "x": [NAN, mp("0.8")]})),
    Case("torch_lib15b.py", "rotor_loss", None, "float64", "ok", hp(_rotor_truth), args="rotor_args",
         wrt="model.fc.parametrizations.weight.original"),
    # the second feature is 2.0 in the whole batch: its normalised column is 0, its gradients exactly 0
    Case("torch_lib15b.py", "bn_train_loss", None, "float64", "ok", hp(_bn_train_truth), args="bn_train_args",
         wrt="x,model.bn.weight"),
]

TF = [
    Case("tf_lib15b.py", "log_sig", "x=[-800,800,0.5]", "float64", "ok",
         hp(lambda: {"x": [sig(-v) for v in _in("float64", [-800, 800, 0.5])]})),
    Case("tf_lib15b.py", "log_sig", "x=[-100,100,0.5]", "float32", "ok",
         hp(lambda: {"x": [sig(-v) for v in _in("float32", [-100, 100, 0.5])]})),
    Case("tf_lib15b.py", "smoothed_xent", "logits=[[1000,0,-1000]]", "float64", "ok", hp(_smoothed_truth)),
    Case("tf_lib15b.py", "segment_pool", "x=[0.5,-1,2,3,-0.25]", "float64", "ok",
         hp(lambda: {"x": [mp("0.75"), mp("0.75")] + [mp("0.5") + 2 * (mp("4.75") / 3) / 3] * 3})),
    Case("tf_lib15b.py", "running_lse", "x=[1000,-1000,0,1000]", "float64", "ok", hp(_running_lse_truth)),
    # TensorFlow's Cholesky gradient is symmetrised; the function reads only the lower triangle (as README says of
    # NumPy's): by the definitions the rule is wrong in a[0][1] and a[1][0]
    Case("tf_lib15b.py", "chol_logdet", "a=[[2,0.5],[0.5,1]]", "float64", "wrong", hp(_chol_logdet_truth),
         "return tf.linalg.logdet(a)"),
    # a singular matrix: log|det| is -inf there, a pole
    Case("tf_lib15b.py", "sign_logdet", "a=[[1,2],[2,4]]", "float64", "domain",
         hp(lambda: {"a": [[NAN, NAN], [NAN, NAN]]}), "tf.linalg.slogdet(a)"),
    # the first row is constant: variance 0 under eps 1e-3, smooth
    Case("tf_lib15b.py", "layer_norm_loss", "x=[[0.5,0.5,0.5,0.5],[1,-2,0.25,3]]", "float32", "ok", hp(_layer_norm_truth)),
    # i0e(x) = e^-|x| I0(x) has slopes 1 and -1 at 0
    Case("tf_lib15b.py", "bessel_scaled", "x=[0,1e4]", "float32", "unstable",
         hp(lambda: {"x": [NAN, _i1e_minus_i0e(_f32(1e4))]})),
    # |g| = 0 < 1: clipping is the identity near 0, slope d; TensorFlow's 1/|g| branch leaks 0 * inf through minimum
    Case("tf_lib15b.py", "clipped_step", "g1=[0,0],g2=[0]", "float64", "wrong", hp(_clip_truth([0, 0], [0], "float64")),
         "tf.clip_by_global_norm("),
    Case("tf_lib15b.py", "clipped_step", "g1=[3,0],g2=[4]", "float32", "ok", hp(_clip_truth([3, 0], [4], "float32"))),
    # float64's 0.6 and 0.8 have |g| = 1 + 2.2e-17: just past the clip, smooth there
    Case("tf_lib15b.py", "clipped_step", "g1=[0.6,0],g2=[0.8]", "float64", "ok", hp(_clip_truth([0.6, 0], [0.8], "float64"))),
    # Keras clips the prediction to [1e-7, 1]: 0 is in the flat part (slope 0), 1 is the clip's corner
    Case("tf_lib15b.py", "kl_loss", "pred=[[0,0.5,1]]", "float32", "domain",
         hp(lambda: {"pred": [[mp(0), -_f32(0.2) / mp("0.5"), NAN]]})),
    # Keras gives a query allowed no key the mean of the values (every score is -1e9); the second query's
    # masked key weighs e^-1e9
    Case("tf_lib15b.py", "attend_loss", None, "float64", "ok",
         hp(lambda: {"x": [[[mp("-1.5"), mp("3.75")], [mp("-0.5"), mp("1.25")]]]}), args="attend_args", wrt="x"),
]

INPUT_ERRORS = [
    # nn.MultiheadAttention made and converted (.to(dtype)) inside the function: PyTorch runs it, the capture cannot
    Case("torch_lib15b.py", "masked_attention", "q=[[[0.5,-1],[1,2]]]", "float64", "input-error",
         message=("converts a module it builds", "torch_lib15b.py:32", "--args")),
]

ALL = TORCH + TF + INPUT_ERRORS
