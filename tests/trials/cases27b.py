"""The twenty-seventh trial set (b), PyTorch and TensorFlow: normalising flows (a RealNVP coupling's log-determinant
as s.sum() and as the log of a product of scales, an nn.Module coupling's NLL in its scale net's weight, a
rational-quadratic spline at its bin edges), metric and contrastive losses (a Euclidean triplet loss at equal anchor
and positive, NT-Xent at temperature 1e-3), sequence models (a CTC-like forward algorithm in log space and in
probabilities, a beam's length-normalised score), physics-informed residuals through torch.autograd.grad and a nested
GradientTape, a fractional focal loss at p = 1, label smoothing at logits of +-1e4, negative binomial and Poisson
regression heads, quantile losses at their kinks, attention with ALiBi and rotary embeddings, Adam's bias correction
near beta2 = 1, a Tobit likelihood through ndtr, a continuous Bernoulli at 1/2, custom gradients (autograd.Function
right and wrong, tf.custom_gradient with variables=, TFP's custom_gradient(fx, gx, x) form), tf.where leaking an
overflow, Keras' focal and label-smoothed losses and LayerNormalization, a bfloat16 projection, a Cholesky
log-density and spectral penalties at double eigenvalues.

Truths are expressions written here, evaluated by mpmath (2,000 digits unless said), never the user files' code;
points are the numbers the dtype holds.
"""

import math

import mpmath
import numpy as np

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp
from cases12a import num_grad
from cases23a import _values

T, K = "torch_lib27b.py", "tf_lib27b.py"


def _sig(x):
    return 1 / (1 + mpmath.exp(-x))


def _logsumexp(values):
    top = max(values)
    return top + mpmath.log(sum(mpmath.exp(v - top) for v in values))


def _softmax(values):
    top = max(values)
    e = [mpmath.exp(v - top) for v in values]
    return [v / sum(e) for v in e]


def _points(**point):
    return ",".join(f"{name}=" + str(value).replace(" ", "") for name, value in point.items())


def _f64(value):
    """The float64 a Python literal in the user's code holds, as an mpf."""
    return mp(float(value))


# ------------------------------------------------------------------------------------------ RealNVP coupling
W_S = [[1, mp("0.5")], [mp("0.5"), 1]]
B_S = [mp("0.25"), mp("-0.5")]
W_T = [[mp("0.5"), mp(-1)], [mp(2), mp("0.25")]]


def _logdet_slopes(xs):
    """d/dx of sum_j (x W_S + b)_j: the rows of W_S summed, at any x."""
    return hp(lambda: {"x": [sum(row) for row in W_S]})


def _realnvp(x):
    """0.5 |z|^2 + 2 log(2 pi) - sum s, z = (x1, x2 e^s + t), s = x1 W_S + b, t = x1 W_T."""
    x1, x2 = x[:2], x[2:]
    s = [sum(x1[i] * W_S[i][j] for i in range(2)) + B_S[j] for j in range(2)]
    t = [sum(x1[i] * W_T[i][j] for i in range(2)) for j in range(2)]
    z = x1 + [x2[j] * mpmath.exp(s[j]) + t[j] for j in range(2)]
    return sum(v * v for v in z) / 2 + 2 * mpmath.log(2 * mpmath.pi) - sum(s)


FLOW_X = [[0.5, -1.0, 2.0, 0.3], [1.5, 0.2, -0.7, 1.1]]
FLOW_SCALE_B = [0.1, -0.2]
FLOW_SHIFT_W = [[1.0, 0.5], [-0.5, 2.0]]


def _flow_nll(weight, dtype="float64"):
    """The mean over the two rows of 0.5 |z|^2 - sum s, s = 2 tanh(x1 W^T + b), z2 = x2 e^s + x1 S^T."""
    xs = [_in(dtype, row) for row in FLOW_X]
    b = _in("float32", FLOW_SCALE_B)  # the module is made in float32, then .double(): its bias keeps float32's digits
    shift = [_in(dtype, row) for row in FLOW_SHIFT_W]
    total = 0
    for x in xs:
        x1, x2 = x[:2], x[2:]
        s = [2 * mpmath.tanh(sum(weight[j][i] * x1[i] for i in range(2)) + b[j]) for j in range(2)]
        z2 = [x2[j] * mpmath.exp(s[j]) + sum(shift[j][i] * x1[i] for i in range(2)) for j in range(2)]
        total += sum(v * v for v in x1 + z2) / 2 - sum(s)
    return total / len(xs)


def _flow_truth(dtype="float64"):
    grads = num_grad(lambda weight: _flow_nll(weight, dtype), dtype, weight=[[0.5, -1.0], [0.25, 0.75]])
    return lambda: {"flow.scale.weight": grads()["weight"]}


# ------------------------------------------------------------------------------- rational-quadratic spline
KX = [mp(-1), mp("-0.25"), mp("0.5"), mp(1)]
KY = [mp(-1), mp("-0.5"), mp("0.75"), mp(1)]
KD = [mp(1), mp("0.5"), mp(2), mp(1)]


def _rq_bin(k, x):
    """The spline on bin k at x (any x, the bin's formula continued): (y, dy/dx)."""
    w, h = KX[k + 1] - KX[k], KY[k + 1] - KY[k]
    s, d0, d1 = h / w, KD[k], KD[k + 1]
    xi = (x - KX[k]) / w
    both = xi * (1 - xi)
    den = s + (d1 + d0 - 2 * s) * both
    return KY[k] + h * (s * xi ** 2 + d0 * both) / den, s ** 2 * (d1 * xi ** 2 + 2 * s * both + d0 * (1 - xi) ** 2) / den ** 2


def _bins_of(x):
    """The bins whose closed interval holds x: one inside a bin, two at an inner knot."""
    return [k for k in range(3) if KX[k] <= x <= KX[k + 1]]


def _spline_slopes(xs, part, dtype="float64"):
    """d/dx of sum y (part 0) or sum log y' (part 1); at an inner knot the two bins' one-sided slopes, NaN apart."""
    def one(x):
        sides = []
        for k in _bins_of(x):
            if part == 0:
                sides.append(_rq_bin(k, x)[1])
            else:
                sides.append(mpmath.diff(lambda v: mpmath.log(_rq_bin(k, v)[1]), x))
        return sides[0] if all(abs(v - sides[0]) < mpmath.mpf(10) ** -100 for v in sides) else NAN
    return hp(lambda: {"x": [one(v) for v in _in(dtype, xs)]})


# ------------------------------------------------------------------------------------------------- triplets
def _norm(v):
    return mpmath.sqrt(sum(a * a for a in v))


def _triplet_sq(anchor, positive, negative):
    return sum(max(sum((a - p) ** 2 for a, p in zip(ar, pr)) - sum((a - n) ** 2 for a, n in zip(ar, nr)) + 1, 0)
               for ar, pr, nr in zip(anchor, positive, negative))


def _triplet_library(anchor, positive, negative):
    """PyTorch's pairwise distance adds its eps = 1e-6 to each difference before the norm."""
    eps = _f64(1e-6)
    return sum(max(_norm([a - p + eps for a, p in zip(ar, pr)]) - _norm([a - n + eps for a, n in zip(ar, nr)]) + 1, 0)
               for ar, pr, nr in zip(anchor, positive, negative))


def _triplet_at_tie(anchor, negative):
    """Anchor on the positive: the positive distance is a cone's tip (no slope in any anchor or positive entry);
    the negative's slope is (a - n) / |a - n|."""
    def truth():
        a, n = _in("float64", anchor), _in("float64", negative)
        d = _norm([u - v for u, v in zip(a, n)])
        return {"anchor": [[NAN] * len(a)], "positive": [[NAN] * len(a)], "negative": [[(u - v) / d for u, v in zip(a, n)]]}
    return hp(truth)


# ------------------------------------------------------------------------------------------------------ focal
def _focal_frac(z):
    return sum(-(1 - _sig(v)) ** mp("0.5") * mpmath.log(_sig(v)) for v in z)


# --------------------------------------------------------------------------------------------- label smoothing
def _smoothed_slopes(logits, dtype="float64", keras=False):
    """softmax(z) sum(target) - target, the slope of -sum(target * log softmax(z)) whatever the target's sum: target
    (0.9 + 0.1/3, 0.1/3, 0.1/3) as the program's float64 constants; Keras' own (finding K1) is what its source writes,
    y * (1.0 - label_smoothing) + label_smoothing / num_classes, in its loss's dtype float32: Python's 0.9 and the
    0.1 given as float32 holds them, 0.9f y + 0.1f / 3 (the labels sum to 0.9f + 0.1f = 1 - 2.2e-8)."""
    def truth():
        z = _in(dtype, logits)
        if keras:
            tenth, nine_tenths = _in("float32", [0.1, 1 - 0.1])
            target = [nine_tenths + tenth / 3, tenth / 3, tenth / 3]
        else:
            third = _f64(0.1 / 3)
            target = [_f64(1 - 0.1) + third, third, third]
        return {"logits": [p * sum(target) - t for p, t in zip(_softmax(z), target)]}
    return hp(truth)


# ------------------------------------------------------------------------------------ negative binomial head
NB_Y = [mp(0), mp(3), mp(10)]


def _nb(eta, log_r):
    """-sum log NB(y; mean e^eta, dispersion e^log_r), written in logs."""
    r = mpmath.exp(log_r)
    return -sum(mpmath.loggamma(y + r) - mpmath.loggamma(r) - mpmath.loggamma(y + 1)
                + r * (log_r - _logsumexp([log_r, e])) + y * (e - _logsumexp([log_r, e]))
                for y, e in zip(NB_Y, eta))


def _nb_slopes(dtype="float64", **point):
    """The NLL's slopes in closed form, q = mu / (r + mu) = sigmoid(eta - log r): d/deta -sum(y (1 - q) - r q),
    d/dlog_r -sum(r (psi(y + r) - psi(r)) + r (log r - log(r + mu)) + r q - y (1 - q))."""
    def truth():
        eta, log_r = _in(dtype, point["eta"]), _in(dtype, [point["log_r"]])[0]
        r = mpmath.exp(log_r)
        d_eta, d_r = [], 0
        for y, e in zip(NB_Y, eta):
            q = _sig(e - log_r)
            d_eta.append(-(y * (1 - q) - r * q))
            d_r -= (r * (mpmath.psi(0, y + r) - mpmath.psi(0, r)) + r * (log_r - _logsumexp([log_r, e])) + r * q
                    - y * (1 - q))
        return {"eta": d_eta, "log_r": d_r}
    return hp(truth)


# ---------------------------------------------------------------------------------------------- quantile losses
QUANTILES = [mp("0.1"), mp("0.5"), mp("0.9")]
TARGETS_Q = [mp(1), mp(2), mp("-0.5")]


def _pinball_slopes(pred):
    """d/dpred of mean rho_q(y - pred): -q/3 above the target, (1 - q)/3 below, none at it."""
    def truth():
        out = []
        for q, y, p in zip([_f64(0.1), _f64(0.5), _f64(0.9)], TARGETS_Q, _in("float64", pred)):
            e = y - p
            out.append(NAN if e == 0 else (-q / 3 if e > 0 else (1 - q) / 3))
        return {"pred": out}
    return hp(truth)


def _quantile_huber_slopes(pred, kappa=mp("0.5")):
    """-|q - 1{u < 0}| huber'(u) / (3 kappa), u = y - pred, huber' = u inside kappa and kappa sign(u) outside: 0 at
    u = 0 (a difference quotient there is noise of the working digits, not the slope)."""
    def truth():
        out = []
        for q, y, p in zip([_f64(0.1), _f64(0.5), _f64(0.9)], TARGETS_Q, _in("float64", pred)):
            u = y - p
            slope = u if abs(u) <= kappa else kappa * mpmath.sign(u)
            out.append(-abs(q - (1 if u < 0 else 0)) * slope / (3 * kappa))
        return {"pred": out}
    return hp(truth)


# ----------------------------------------------------------------------------------------------------- attention
VALUES_ATT = [[mp(1), mp(-1)], [mp("0.5"), mp(2)], [mp("-1.5"), mp("0.25")]]


def _attention(scores):
    return sum(sum(p * sum(VALUES_ATT[j]) for j, p in enumerate(_softmax(row))) for row in scores)


def _alibi(q, k):
    scores = []
    for i in range(3):
        scores.append([sum(a * b for a, b in zip(q[i], k[j])) / mpmath.sqrt(2) - mp("0.5") * (i - j)
                       for j in range(i + 1)])
    rows = []
    for i, row in enumerate(scores):
        weights = _softmax(row)
        rows.append(sum(w * sum(VALUES_ATT[j]) for j, w in enumerate(weights)))
    return sum(rows)


ROTARY_POS = [mp(0), mp(5), mp(1000)]


def _rotary(q, k):
    """Rotate each 2-vector at position m by the angle m (the one frequency of d = 2), then softmax attention."""
    def rot(v, m):
        c, s = mpmath.cos(m), mpmath.sin(m)
        return [v[0] * c - v[1] * s, v[0] * s + v[1] * c]
    qr = [rot(v, m) for v, m in zip(q, ROTARY_POS)]
    kr = [rot(v, m) for v, m in zip(k, ROTARY_POS)]
    return _attention([[sum(a * b for a, b in zip(qi, kj)) / mpmath.sqrt(2) for kj in kr] for qi in qr])


# --------------------------------------------------------------------------------------- Adam's bias correction
def _adam(beta2s, dtype="float64"):
    """d/dbeta of lr m sqrt(c / v), c = 1 - beta^10: lr m / sqrt(v) (-10 beta^9) / (2 sqrt c)."""
    def truth():
        b = _in(dtype, beta2s)[0]
        lr_m, v = _in(dtype, [1e-3 * 0.02])[0], _in(dtype, [4e-4])[0]  # lr * m is one Python float
        c = 1 - b ** 10
        return {"beta2": lr_m / mpmath.sqrt(v) * (-10 * b ** 9) / (2 * mpmath.sqrt(c))}
    return hp(truth)


# ----------------------------------------------------------------------------------------------------- Tobit
def _tobit(mus, dtype="float64"):
    """d/dmu of -log Phi(-mu / 0.5): 2 phi(z) / Phi(z), z = -2 mu."""
    return hp(lambda: {"mu": [2 * mpmath.npdf(-2 * m) / mpmath.ncdf(-2 * m) for m in _in(dtype, mus)]})


# --------------------------------------------------------------------------------------- continuous Bernoulli
def _cb(probs, x=_f64(0.3)):
    """log C(p) + x log p + (1 - x) log(1 - p), C = 2 atanh(1 - 2 p) / (1 - 2 p)."""
    u = 1 - 2 * probs
    return mpmath.log(2 * mpmath.atanh(u) / u) + x * mpmath.log(probs) + (1 - x) * mpmath.log(1 - probs)


# ------------------------------------------------------------------------------------------------------ PINN
COLLOCATION = [mp(0), mp("0.5"), mp(1)]


def _pinn(w):
    total = 0
    for x in COLLOCATION:
        t = mpmath.tanh(w[0] * x + w[1])
        total += (w[2] * w[0] * (1 - t * t) + w[2] * t) ** 2
    return total / 3


# ------------------------------------------------------------------------------------------------- spectral
def _sigma_max(w):
    t = sum(v * v for row in w for v in row)
    d = w[0][0] * w[1][1] - w[0][1] * w[1][0]
    return mpmath.sqrt((t + mpmath.sqrt(t * t - 4 * d * d)) / 2)


def _top_eig(a):
    """The largest eigenvalue of (A + A^T) / 2 for a 2x2 A."""
    p, q, r = a[0][0], (a[0][1] + a[1][0]) / 2, a[1][1]
    return (p + r) / 2 + mpmath.sqrt(((p - r) / 2) ** 2 + q * q)


def _masked(xs):
    """logsumexp(y) - sum(y) / 3 with y = x, its second entry replaced by 0 (held): slopes softmax(y) - 1/3."""
    def truth():
        x = _in("float64", xs)
        y = [x[0], mp(0), x[2], x[3]]
        p = _softmax(y)
        return {"x": [p[0] - mp(1) / 3, mp(0), p[2] - mp(1) / 3, p[3] - mp(1) / 3]}
    return hp(truth)


Q3 = [[1, 0.5], [0.2, -1], [0.3, 0.3]]
K3 = [[0.5, 1], [-1, 0.25], [2, 2]]
NB_EASY = dict(eta=[0.5, 1, 2], log_r=0.3)
NB_FAR = dict(eta=[800, 1, 2], log_r=0.3)
NB_POISSON = dict(eta=[0.5, 1, 2], log_r=40)
NB_EASY32 = dict(eta=[0.5, 1, 2], log_r=0.3)
NB_FAR32 = dict(eta=[100, 1, 2], log_r=0.3)

TORCH = [
    Case(T, "coupling_logdet", "x=[0.5,-1]", "float64", "ok", _logdet_slopes([0.5, -1])),
    Case(T, "coupling_logdet_naive", "x=[0.5,-1]", "float64", "ok", _logdet_slopes([0.5, -1])),
    Case(T, "coupling_logdet_naive", "x=[0.5,-1]", "float32", "ok", _logdet_slopes([0.5, -1])),
    # e^600 e^600 overflows the product: log(inf)
    Case(T, "coupling_logdet_naive", "x=[400,400]", "float64", "unstable", _logdet_slopes([400, 400]),
         "return torch.log(torch.prod(torch.exp(s)))"),
    Case(T, "coupling_logdet", "x=[400,400]", "float64", "ok", _logdet_slopes([400, 400])),
    Case(T, "coupling_logdet_naive", "x=[40,40]", "float32", "unstable", _logdet_slopes([40, 40])),
    Case(T, "coupling_logdet", "x=[40,40]", "float32", "ok", _logdet_slopes([40, 40])),
    Case(T, "realnvp_nll", "x=[0.5,-1,2,0.3]", "float64", "ok", num_grad(_realnvp, x=[0.5, -1, 2, 0.3])),
    Case(T, "realnvp_nll", "x=[0.5,-1,2,0.3]", "float32", "ok", num_grad(_realnvp, "float32", x=[0.5, -1, 2, 0.3])),
    Case(T, "flow_nll", None, "float64", "ok", _flow_truth(), args="flow_args", wrt="flow.scale.weight"),
    Case(T, "flow_nll", None, "float32", "ok", _flow_truth("float32"), args="flow_args32", wrt="flow.scale.weight"),
    Case(T, "spline_flow", "x=[0.1,-0.6]", "float64", "ok", _spline_slopes([0.1, -0.6], 0)),
    Case(T, "spline_flow", "x=[0.1,-0.6]", "float32", "ok", _spline_slopes([0.1, -0.6], 0, "float32")),
    # at a knot the spline is C1: the bins agree on the slope d_k
    Case(T, "spline_flow", "x=[-0.25,0.5]", "float64", "ok", _spline_slopes([-0.25, 0.5], 0)),
    Case(T, "spline_logdet", "x=[0.1,-0.6]", "float64", "ok", _spline_slopes([0.1, -0.6], 1)),
    # but not C2: the log-derivative's slope jumps at the knot
    Case(T, "spline_logdet", "x=[-0.25,0.5]", "float64", "domain", _spline_slopes([-0.25, 0.5], 1)),
    Case(T, "triplet_squared", _points(anchor=[[0.5, 1]], positive=[[0.5, 1]], negative=[[1, 0.5]]), "float64", "ok",
         num_grad(_triplet_sq, anchor=[[0.5, 1]], positive=[[0.5, 1]], negative=[[1, 0.5]])),
    Case(T, "triplet_euclidean", _points(anchor=[[0.5, 1]], positive=[[0.2, 1.4]], negative=[[1, 0.5]]), "float64",
         "ok", num_grad(lambda anchor, positive, negative: sum(
             max(_norm([a - p for a, p in zip(ar, pr)]) - _norm([a - n for a, n in zip(ar, nr)]) + 1, 0)
             for ar, pr, nr in zip(anchor, positive, negative)),
             anchor=[[0.5, 1]], positive=[[0.2, 1.4]], negative=[[1, 0.5]])),
    # the anchor on the positive: a Euclidean distance at 0 is a cone's tip
    Case(T, "triplet_euclidean", _points(anchor=[[0.5, 1]], positive=[[0.5, 1]], negative=[[1, 0.5]]), "float64",
         "domain", _triplet_at_tie([0.5, 1], [1, 0.5])),
    # PyTorch's own adds eps = 1e-6 to the difference: smooth there
    Case(T, "triplet_library", _points(anchor=[[0.5, 1]], positive=[[0.5, 1]], negative=[[1, 0.5]]), "float64", "ok",
         num_grad(_triplet_library, anchor=[[0.5, 1]], positive=[[0.5, 1]], negative=[[1, 0.5]])),
    Case(T, "focal_frac", "z=[2,-1]", "float64", "ok", num_grad(_focal_frac, z=[2, -1])),
    # 1 - p at p = 1 - 2e-9 keeps seven digits
    Case(T, "focal_frac", "z=[20,-1]", "float64", "unstable", num_grad(_focal_frac, z=[20, -1])),
    # sigmoid(40) rounds to 1: (1 - p)^0.5 at 0 has an infinite slope, times log p = 0
    Case(T, "focal_frac", "z=[40,-1]", "float64", "unstable", num_grad(_focal_frac, z=[40, -1]),
         "return (-(1 - p) ** GAMMA_FRAC * torch.log(p)).sum()"),
    Case(T, "focal_frac", "z=[20,-1]", "float32", "unstable", num_grad(_focal_frac, "float32", z=[20, -1])),
    Case(T, "focal_frac_stable", "z=[40,-1]", "float64", "ok", num_grad(_focal_frac, z=[40, -1])),
    Case(T, "focal_frac_stable", "z=[20,-1]", "float32", "ok", num_grad(_focal_frac, "float32", z=[20, -1])),
    Case(T, "smoothed_ce_hand", "logits=[2,-1,0.5]", "float64", "ok", _smoothed_slopes([2, -1, 0.5])),
    # softmax(-1e4) is 0: its log is -inf, times the smoothed 0.033
    Case(T, "smoothed_ce_hand", "logits=[1e4,-1e4,0]", "float64", "unstable", _smoothed_slopes([1e4, -1e4, 0]),
         "torch.log(torch.softmax(logits, dim=-1))", "log_softmax("),
    Case(T, "smoothed_ce", "logits=[1e4,-1e4,0]", "float64", "ok", _smoothed_slopes([1e4, -1e4, 0])),
    Case(T, "smoothed_ce_library", "logits=[1e4,-1e4,0]", "float64", "ok", _smoothed_slopes([1e4, -1e4, 0])),
    Case(T, "smoothed_ce_library", "logits=[-1e4,1e4,0]", "float64", "ok", _smoothed_slopes([-1e4, 1e4, 0])),
    Case(T, "nb_nll_naive", _points(**NB_EASY), "float64", "ok", _nb_slopes(**NB_EASY)),
    Case(T, "nb_nll", _points(**NB_EASY), "float64", "ok", _nb_slopes(**NB_EASY)),
    Case(T, "nb_nll", _points(**NB_EASY32), "float32", "ok", _nb_slopes("float32", **NB_EASY32)),
    # exp(800) overflows: r / (r + inf) = 0, log 0
    Case(T, "nb_nll_naive", _points(**NB_FAR), "float64", "unstable", _nb_slopes(**NB_FAR)),
    Case(T, "nb_nll", _points(**NB_FAR), "float64", "ok", _nb_slopes(**NB_FAR)),
    Case(T, "nb_nll_naive", _points(**NB_FAR32), "float32", "unstable", _nb_slopes("float32", **NB_FAR32)),
    Case(T, "nb_nll", _points(**NB_FAR32), "float32", "ok", _nb_slopes("float32", **NB_FAR32)),
    # the Poisson limit r = e^40: lgamma(y + r) - lgamma(r), and digamma's difference in the slope, cancel
    Case(T, "nb_nll", _points(**NB_POISSON), "float64", "unstable", _nb_slopes(**NB_POISSON)),
    Case(T, "nb_nll_naive", _points(**NB_POISSON), "float64", "unstable", _nb_slopes(**NB_POISSON)),
    Case(T, "pinball", "pred=[0.5,2.5,-1]", "float64", "ok", _pinball_slopes([0.5, 2.5, -1])),
    Case(T, "pinball", "pred=[1,2.5,-1]", "float64", "domain", _pinball_slopes([1, 2.5, -1])),
    Case(T, "pinball_max", "pred=[1,2.5,-1]", "float64", "domain", _pinball_slopes([1, 2.5, -1])),
    Case(T, "pinball_max", "pred=[0.5,2.5,-1]", "float64", "ok", _pinball_slopes([0.5, 2.5, -1])),
    # the indicator jumps at u = 0, where the Huber factor and its slope are 0: flat from both sides
    Case(T, "quantile_huber", "pred=[1,2,-0.5]", "float64", "ok", _quantile_huber_slopes([1, 2, -0.5])),
    Case(T, "quantile_huber", "pred=[1.5,2,-1]", "float64", "ok", _quantile_huber_slopes([1.5, 2, -1])),
    Case(T, "quantile_huber", "pred=[0.3,2.2,-0.5]", "float64", "ok", _quantile_huber_slopes([0.3, 2.2, -0.5])),
    Case(T, "alibi_attention", _points(q=Q3, k=K3), "float64", "ok", num_grad(_alibi, q=Q3, k=K3)),
    Case(T, "rotary_attention", _points(q=Q3, k=K3), "float64", "ok", num_grad(_rotary, q=Q3, k=K3)),
    Case(T, "adam_update", "beta2=0.999", "float64", "ok", _adam([0.999])),
    Case(T, "adam_update", "beta2=0.99", "float32", "ok", _adam([0.99], "float32")),
    # 1 - beta^10 at beta = 1 - 1e-9 loses nine digits: 4.5e-9 of the correction
    Case(T, "adam_update", "beta2=0.999999999", "float64", "unstable", _adam([0.999999999]),
         "correction = 1 - beta2 ** STEP"),
    Case(T, "adam_update_expm1", "beta2=0.999999999", "float64", "ok", _adam([0.999999999])),
    # at 1 - 1e-14 the float's distance from 1 is a whole number of ulps: 1 - 10 d is a double, and beta^10 rounds to
    # it within d^2, so the correction keeps all but 4.5e-14 of itself
    Case(T, "adam_update", "beta2=0.99999999999999", "float64", "ok", _adam([0.99999999999999])),
    Case(T, "adam_update_expm1", "beta2=0.99999999999999", "float64", "ok", _adam([0.99999999999999])),
    Case(T, "adam_update_expm1", "beta2=0.99", "float32", "ok", _adam([0.99], "float32")),
    Case(T, "tobit_censored", "mu=[0.5,1]", "float64", "ok", _tobit([0.5, 1])),
    # Phi(-40) = 3.7e-350 underflows: log 0
    Case(T, "tobit_censored", "mu=[20,1]", "float64", "unstable", _tobit([20, 1]),
         "torch.log(torch.special.ndtr((LIMIT - mu) / SIGMA_T))", "log_ndtr("),
    Case(T, "tobit_censored_stable", "mu=[20,1]", "float64", "ok", _tobit([20, 1])),
    Case(T, "tobit_censored_stable", "mu=[10,1]", "float32", "ok", _tobit([10, 1], "float32")),
    Case(T, "tobit_censored", "mu=[10,1]", "float32", "unstable", _tobit([10, 1], "float32")),
    # C's removable singularity at 1/2: PyTorch's Taylor branch there, log C even about 1/2
    Case(T, "cb_logp", "probs=0.5", "float64", "ok", _values("probs", ["-0.8"])),
    Case(T, "cb_logp", "probs=0.2", "float64", "ok", num_grad(_cb, probs=0.2)),
    Case(T, "cb_logp", "probs=0.2", "float32", "ok", num_grad(lambda probs: _cb(probs, _in("float32", [0.3])[0]),
                                                              "float32", probs=0.2)),
    Case(T, "pinn_residual", "w=[1,0.5,2]", "float64", "ok", num_grad(_pinn, w=[1, 0.5, 2])),
    Case(T, "pinn_residual", "w=[1,0.5,2]", "float32", "ok", num_grad(_pinn, "float32", w=[1, 0.5, 2])),
    Case(T, "pinn_residual_by_hand", "w=[1,0.5,2]", "float64", "ok", num_grad(_pinn, w=[1, 0.5, 2])),
    Case(T, "pinn_residual", "w=[30,-2,0.5]", "float64", "ok", num_grad(_pinn, w=[30, -2, 0.5])),
    Case(T, "temperature_lse", "x=[1,2,3]", "float64", "ok",
         hp(lambda: {"x": _softmax([2 * v for v in _in("float64", [1, 2, 3])])})),
    Case(T, "temperature_lse", "x=[1000,-1000,3]", "float64", "ok",
         hp(lambda: {"x": _softmax([2 * v for v in _in("float64", [1000, -1000, 3])])})),
    # the backward drops grad_output (0.5 here): twice the softmax
    Case(T, "temperature_lse_dropped", "x=[1,2,3]", "float64", "wrong",
         hp(lambda: {"x": _softmax([2 * v for v in _in("float64", [1, 2, 3])])}),
         "class LogSumExpDropped>>def backward"),
    Case(T, "clipped_exp_sum", "x=[5,1]", "float64", "ok", hp(lambda: {"x": [mpmath.exp(5), mpmath.e]})),
    # the clip bites at e^10 = 22026
    Case(T, "clipped_exp_sum", "x=[10,1]", "float64", "wrong", hp(lambda: {"x": [mpmath.exp(10), mpmath.e]}),
         "class ClippedExp>>def backward"),
    Case(T, "softplus_inplace", "x=[1,2]", "float64", "ok", hp(lambda: {"x": [_sig(2 * v) for v in (mp(1), mp(2))]})),
    # (2x).exp_() overflows at x = 400
    Case(T, "softplus_inplace", "x=[400,2]", "float64", "unstable",
         hp(lambda: {"x": [_sig(2 * v) for v in (mp(400), mp(2))]}), "y = (2 * x).exp_()"),
    Case(T, "softplus_inplace", "x=[50,2]", "float32", "unstable",
         hp(lambda: {"x": [_sig(2 * v) for v in (mp(50), mp(2))]})),
    Case(T, "masked_mean_logits", "x=[1,2,3,4]", "float64", "ok", _masked([1, 2, 3, 4])),
    Case(T, "masked_mean_logits", "x=[1,800,3,4]", "float64", "ok", _masked([1, 800, 3, 4])),
    Case(T, "spectral_penalty", "w=[[2,0],[0,1]]", "float64", "ok", _values("w", [[1, 0], [0, 0]])),
    Case(T, "spectral_penalty", "w=[[1,2],[0.5,-1]]", "float64", "ok", num_grad(_sigma_max, w=[[1, 2], [0.5, -1]])),
    # a double singular value: the largest one has a kink in every direction
    Case(T, "spectral_penalty", "w=[[1,0],[0,1]]", "float64", "domain", _values("w", [[NAN, NAN], [NAN, NAN]])),
    Case(T, "spectral_penalty_power", "w=[[1,2],[0.5,-1]]", "float64", "ok",
         num_grad(_sigma_max, w=[[1, 2], [0.5, -1]])),
    Case(T, "spectral_penalty_power", "w=[[1,0],[0,1]]", "float64", "domain", _values("w", [[NAN, NAN], [NAN, NAN]])),
]


# ------------------------------------------------------------------------------------------------------ NT-Xent
def _nt_xent(z, temperature=_f64(1e-3)):
    """SimCLR's NT-Xent: rows normalised, similarities over T, the diagonal at -1e9, positives i <-> i + n/2."""
    unit = [[v / _norm(row) for v in row] for row in z]
    n = len(unit)
    total = 0
    for i in range(n):
        logits = [sum(a * b for a, b in zip(unit[i], unit[j])) / temperature - (mp(10) ** 9 if i == j else 0)
                  for j in range(n)]
        total += _logsumexp(logits) - logits[(i + n // 2) % n]
    return total / n


# ------------------------------------------------------------------------------------------------- CTC-like
def _ctc(logits):
    """-log of the sum over the alignments b^i a^k b^j (k >= 1) of length T of their probabilities."""
    steps = len(logits)
    logp = [[v - _logsumexp(row) for v in row] for row in logits]
    scores = []
    for i in range(steps):
        for k in range(1, steps - i + 1):
            path = [0] * i + [1] * k + [0] * (steps - i - k)
            scores.append(sum(logp[t][c] for t, c in enumerate(path)))
    return -_logsumexp(scores)


BEAM_TOKENS = [2, 0, 1]


def _beam(logits):
    """sum_t log softmax(z_t)[token_t] / ((5 + 3) / 6)^0.6."""
    return sum(row[tok] - _logsumexp(row) for row, tok in zip(logits, BEAM_TOKENS)) / (mp(8) / 6) ** mp("0.6")


def _gated(dtype="float64", name="layer.gain"):
    """sum_i w_i gain softplus(x_i + offset), w = (1, -2), x = (0.5, -1), gain 1.5, offset -0.25."""
    def truth():
        x, w, gain, offset = [mp("0.5"), mp(-1)], [mp(1), mp(-2)], mp("1.5"), mp("-0.25")
        if name == "layer.gain":
            return {name: sum(c * mpmath.log1p(mpmath.exp(v + offset)) for c, v in zip(w, x))}
        return {name: sum(c * gain * _sig(v + offset) for c, v in zip(w, x))}
    return hp(truth)


def _log1mexp(xs, dtype="float64"):
    return hp(lambda: {"x": [1 / mpmath.expm1(v) for v in _in(dtype, xs)]})


def _capped(xs, dtype="float64"):
    """exp(x) below 50, e^50 (as the program's float, in the dtype) times (1 + x - 50) above."""
    def truth():
        slope = mp(float(np.dtype(dtype).type(math.exp(50.0))))
        return {"x": [mpmath.exp(v) if v < 50 else slope for v in _in(dtype, xs)]}
    return hp(truth)


def _keras_focal(logits, eps=_f64(1e-7)):
    """-0.25 (1 - p0)^0.5 log p0 with p0 = softmax(z)_0 clipped to [eps, 1 - eps] (Keras' default alpha, epsilon)."""
    p = min(max(_softmax(logits)[0], eps), 1 - eps)
    return -mp("0.25") * (1 - p) ** mp("0.5") * mpmath.log(p)


def _layer_norm(x, eps=_f64(1e-3)):
    gamma, beta, w = [mp(1), mp(-2), mp("0.5")], [_f64(0.1), mp(0), _f64(-0.3)], [mp(1), mp("0.5"), mp(-1)]
    mean = sum(x) / 3
    var = sum((v - mean) ** 2 for v in x) / 3
    return sum(c * (g * (v - mean) / mpmath.sqrt(var + eps) + b) for c, g, v, b in zip(w, gamma, x, beta))


W_BF16 = [[mp("0.5"), mp(-1), mp("0.25")], [mp(1), mp("0.5"), mp("-0.75")]]


def _bf16_lse(x):
    return _logsumexp([sum(x[i] * W_BF16[i][j] for i in range(2)) for j in range(3)])


POISSON_Y = [mp(0), mp(2), mp(7)]


def _poisson(log_rates, dtype="float64"):
    return hp(lambda: {"log_rate": [mpmath.exp(v) - y for v, y in zip(_in(dtype, log_rates), POISSON_Y)]})


COV = [[2.0, 0.5, 0.1], [0.5, 1.0, -0.3], [0.1, -0.3, 1.5]]


def _mvn(xs):
    """-Sigma^-1 x, Sigma the float64 numbers the program holds."""
    def truth():
        sigma = mpmath.matrix([[_f64(v) for v in row] for row in COV])
        solved = mpmath.lu_solve(sigma, mpmath.matrix(_in("float64", xs)))
        return {"x": [-solved[i] for i in range(3)]}
    return hp(truth)


Z4 = [[1, 0.5], [0.2, -1], [0.9, 0.6], [0.3, -0.8]]
Z4_CLOSE = [[1, 0], [1, 0.05], [1, 0.01], [1, 0.06]]
CTC = [[0.5, -1], [2, 0.3], [-0.3, 0.1], [1, 1]]
CTC_FAR = [[800, -800], [700, -700], [800, -800], [600, -600]]
CTC_FAR32 = [[80, -80], [70, -70], [80, -80], [60, -60]]
BEAM = [[1, 0.5, 2], [0.2, -1, 0.3], [0, 0, 1]]
BEAM_FAR = [[1, 0.5, 2], [-1e4, 1e4, 0.3], [0, 0, 1]]

TF = [
    Case(K, "nt_xent", _points(z=Z4_CLOSE), "float64", "ok", num_grad(_nt_xent, z=Z4_CLOSE)),
    # the views far apart at T = 1e-3: every slope is near 1e-472, which float64 holds as 0
    Case(K, "nt_xent", _points(z=Z4), "float64", "ok", num_grad(_nt_xent, z=Z4)),
    # at T = 1e-3 (float32's, 1.0000000475e-3) float32's rounding of cosines near 1 costs 5e-5 of the slopes: inside
    # float32's tolerance
    Case(K, "nt_xent", _points(z=Z4_CLOSE), "float32", "ok",
         num_grad(lambda z: _nt_xent(z, _in("float32", [1e-3])[0]), "float32", z=Z4_CLOSE)),
    Case(K, "nt_xent_naive", _points(z=Z4_CLOSE), "float64", "unstable", num_grad(_nt_xent, z=Z4_CLOSE),
         "probs = tf.exp(sim) / tf.reduce_sum(tf.exp(sim), axis=1, keepdims=True)"),
    Case(K, "ctc_forward", _points(logits=CTC), "float64", "ok", num_grad(_ctc, logits=CTC)),
    Case(K, "ctc_forward", _points(logits=CTC), "float32", "ok", num_grad(_ctc, "float32", logits=CTC)),
    Case(K, "ctc_forward_probs", _points(logits=CTC), "float64", "ok", num_grad(_ctc, logits=CTC)),
    # slopes of 1.4e-87 and 1.9e-174 beside 1: posterior minus prior, two numbers next to 1, cancel (float64 holds them)
    Case(K, "ctc_forward", _points(logits=CTC_FAR), "float64", "unstable", num_grad(_ctc, logits=CTC_FAR)),
    # every alignment needs an "a" the logits give e^-1200 at best: alpha underflows to 0
    Case(K, "ctc_forward_probs", _points(logits=CTC_FAR), "float64", "unstable", num_grad(_ctc, logits=CTC_FAR)),
    Case(K, "ctc_forward_probs", _points(logits=CTC_FAR32), "float32", "unstable",
         num_grad(_ctc, "float32", logits=CTC_FAR32)),
    Case(K, "ctc_forward", _points(logits=CTC_FAR32), "float32", "unstable", num_grad(_ctc, "float32", logits=CTC_FAR32)),
    Case(K, "beam_score", _points(logits=BEAM), "float64", "ok", num_grad(_beam, logits=BEAM)),
    Case(K, "beam_score", _points(logits=BEAM_FAR), "float64", "ok", num_grad(_beam, logits=BEAM_FAR)),
    Case(K, "beam_score_naive", _points(logits=BEAM), "float64", "ok", num_grad(_beam, logits=BEAM)),
    # the second token's probability is e^-2e4: log 0
    Case(K, "beam_score_naive", _points(logits=BEAM_FAR), "float64", "unstable", num_grad(_beam, logits=BEAM_FAR),
         "return tf.reduce_sum(tf.math.log(chosen)) / _length_penalty(len(BEAM_TOKENS))"),
    Case(K, "pinn_residual", "w=[1,0.5,2]", "float64", "ok", num_grad(_pinn, w=[1, 0.5, 2])),
    Case(K, "pinn_residual", "w=[1,0.5,2]", "float32", "ok", num_grad(_pinn, "float32", w=[1, 0.5, 2])),
    Case(K, "pinn_residual", "w=[30,-2,0.5]", "float64", "ok", num_grad(_pinn, w=[30, -2, 0.5])),
    Case(K, "gated_loss", None, "float64", "ok", _gated(), args="gated_args", wrt="layer.gain"),
    Case(K, "gated_loss", None, "float64", "ok", _gated(name="layer.offset"), args="gated_offset_args",
         wrt="layer.offset"),
    # the rule hands gain's gradient to offset and offset's to gain
    Case(K, "gated_loss", None, "float64", "wrong", _gated(name="layer.offset"), args="gated_args_swapped",
         wrt="layer.offset", line="def gated(x)>>def grad(upstream, variables=None):"),
    Case(K, "log1mexp_tfp", "x=[0.5,3]", "float64", "ok", _log1mexp([0.5, 3])),
    Case(K, "log1mexp_tfp", "x=[0.5,3]", "float32", "ok", _log1mexp([0.5, 3], "float32")),
    Case(K, "log1mexp_tfp", "x=[1e-10,40]", "float64", "ok", _log1mexp([1e-10, 40])),
    # gx is 1 / expm1(-x): the gradient of log(e^x - 1), not of log(1 - e^-x); named at gx's own line, the rule the
    # stop form makes of it
    Case(K, "log1mexp_tfp_wrong", "x=[0.5,3]", "float64", "wrong", _log1mexp([0.5, 3]),
         "gx = 1.0 / tf.math.expm1(-x)"),
    Case(K, "capped_exp", "x=[30,1]", "float64", "ok", _capped([30, 1])),
    # the untaken exp(800) is inf: 0 * inf in its backward
    Case(K, "capped_exp", "x=[800,1]", "float64", "unstable", _capped([800, 1]),
         "return tf.reduce_sum(tf.where(x < CAP, tf.exp(x), math.exp(CAP) * (1.0 + x - CAP)))"),
    Case(K, "capped_exp", "x=[100,1]", "float32", "unstable", _capped([100, 1], "float32")),
    Case(K, "capped_exp_safe", "x=[800,1]", "float64", "ok", _capped([800, 1])),
    Case(K, "capped_exp_safe", "x=[100,1]", "float32", "ok", _capped([100, 1], "float32")),
    Case(K, "focal_frac", "z=[2,-1]", "float64", "ok", num_grad(_focal_frac, z=[2, -1])),
    Case(K, "focal_frac", "z=[40,-1]", "float64", "unstable", num_grad(_focal_frac, z=[40, -1]),
         "return tf.reduce_sum(-tf.pow(1.0 - p, GAMMA_FRAC) * tf.math.log(p))"),
    Case(K, "focal_frac", "z=[20,-1]", "float32", "unstable", num_grad(_focal_frac, "float32", z=[20, -1])),
    Case(K, "focal_frac_stable", "z=[40,-1]", "float64", "ok", num_grad(_focal_frac, z=[40, -1])),
    Case(K, "focal_frac_stable", "z=[20,-1]", "float32", "ok", num_grad(_focal_frac, "float32", z=[20, -1])),
    # a Keras loss computes in its own dtype, keras.config.floatx() = float32, whatever the logits' dtype: a float64
    # model's loss keeps float32's digits
    Case(K, "keras_focal", "logits=[2,-1,0.5]", "float64", "unstable", num_grad(_keras_focal, logits=[2, -1, 0.5])),
    # p0 is past Keras' clip at 1 - 1e-7: the loss is held flat there (its value still float32's)
    Case(K, "keras_focal", "logits=[40,0,1]", "float64", "unstable", _values("logits", [0, 0, 0])),
    Case(K, "keras_smoothed_ce", "logits=[1e4,-1e4,0]", "float64", "unstable", _smoothed_slopes([1e4, -1e4, 0], keras=True)),
    Case(K, "keras_smoothed_ce", "logits=[2,-1,0.5]", "float64", "unstable", _smoothed_slopes([2, -1, 0.5], keras=True)),
    Case(K, "smoothed_ce_hand", "logits=[1e4,-1e4,0]", "float64", "unstable", _smoothed_slopes([1e4, -1e4, 0]),
         "return -tf.reduce_sum(target * tf.math.log(tf.nn.softmax(logits)))", "log_softmax("),
    Case(K, "smoothed_ce_hand", "logits=[2,-1,0.5]", "float64", "ok", _smoothed_slopes([2, -1, 0.5])),
    Case(K, "layer_norm_readout", "x=[0.5,-1,2]", "float64", "ok", num_grad(_layer_norm, x=[0.5, -1, 2])),
    # equal features: the variance is 0 but epsilon keeps the square root smooth
    Case(K, "layer_norm_readout", "x=[2,2,2]", "float64", "ok", num_grad(_layer_norm, x=[2, 2, 2])),
    # the projection in bfloat16: three digits of a float32 loss
    Case(K, "bf16_logsumexp", "x=[1,2]", "float32", "unstable", num_grad(_bf16_lse, "float32", x=[1, 2])),
    Case(K, "nb_nll_naive", _points(**NB_EASY), "float64", "ok", _nb_slopes(**NB_EASY)),
    Case(K, "nb_nll", _points(**NB_EASY), "float64", "ok", _nb_slopes(**NB_EASY)),
    Case(K, "nb_nll", _points(**NB_EASY32), "float32", "ok", _nb_slopes("float32", **NB_EASY32)),
    Case(K, "nb_nll_naive", _points(**NB_FAR), "float64", "unstable", _nb_slopes(**NB_FAR)),
    Case(K, "nb_nll", _points(**NB_FAR), "float64", "ok", _nb_slopes(**NB_FAR)),
    Case(K, "nb_nll_naive", _points(**NB_FAR32), "float32", "unstable", _nb_slopes("float32", **NB_FAR32)),
    Case(K, "nb_nll", _points(**NB_POISSON), "float64", "unstable", _nb_slopes(**NB_POISSON)),
    Case(K, "poisson_head", "log_rate=[0.5,1,2]", "float64", "ok", _poisson([0.5, 1, 2])),
    Case(K, "poisson_head", "log_rate=[0.5,1,2]", "float32", "ok", _poisson([0.5, 1, 2], "float32")),
    # e^-800 is below float64's least number: the slope 3.6e-348 is 0 in the dtype, rightly
    Case(K, "poisson_head", "log_rate=[-800,1,2]", "float64", "ok", _poisson([-800, 1, 2])),
    Case(K, "pinball", "pred=[0.5,2.5,-1]", "float64", "ok", _pinball_slopes([0.5, 2.5, -1])),
    Case(K, "pinball", "pred=[1,2.5,-1]", "float64", "domain", _pinball_slopes([1, 2.5, -1])),
    Case(K, "pinball_where", "pred=[1,2.5,-1]", "float64", "domain", _pinball_slopes([1, 2.5, -1])),
    Case(K, "pinball_where", "pred=[0.5,2.5,-1]", "float64", "ok", _pinball_slopes([0.5, 2.5, -1])),
    Case(K, "mvn_logpdf", "x=[0.5,-1,2]", "float64", "ok", _mvn([0.5, -1, 2])),
    Case(K, "top_eigenvalue", "a=[[2,0],[0,1]]", "float64", "ok", _values("a", [[1, 0], [0, 0]])),
    Case(K, "top_eigenvalue", "a=[[2,1],[0.5,1]]", "float64", "ok", num_grad(_top_eig, a=[[2, 1], [0.5, 1]])),
    # a double eigenvalue: the largest has a kink in the diagonal and the (mirrored) off-diagonal
    Case(K, "top_eigenvalue", "a=[[1,0],[0,1]]", "float64", "domain", _values("a", [[NAN, NAN], [NAN, NAN]])),
    Case(K, "spline_flow", "x=[0.1,-0.6]", "float64", "ok", _spline_slopes([0.1, -0.6], 0)),
    Case(K, "spline_flow", "x=[-0.25,0.5]", "float64", "ok", _spline_slopes([-0.25, 0.5], 0)),
    Case(K, "spline_flow", "x=[-0.25,0.5]", "float32", "ok", _spline_slopes([-0.25, 0.5], 0, "float32")),
    Case(K, "spline_logdet", "x=[0.1,-0.6]", "float64", "ok", _spline_slopes([0.1, -0.6], 1)),
    Case(K, "spline_logdet", "x=[-0.25,0.5]", "float64", "domain", _spline_slopes([-0.25, 0.5], 1)),
    Case(K, "coupling_logdet_naive", "x=[0.5,-1]", "float64", "ok", _logdet_slopes([0.5, -1])),
    Case(K, "coupling_logdet_naive", "x=[400,400]", "float64", "unstable", _logdet_slopes([400, 400]),
         "return tf.math.log(tf.reduce_prod(tf.exp(s)))"),
    Case(K, "coupling_logdet", "x=[400,400]", "float64", "ok", _logdet_slopes([400, 400])),
    Case(K, "adam_update", "beta2=0.999", "float64", "ok", _adam([0.999])),
    Case(K, "adam_update", "beta2=0.999999999", "float64", "unstable", _adam([0.999999999]),
         "correction = 1.0 - tf.pow(beta2, STEP)"),
    Case(K, "adam_update", "beta2=0.99999999999999", "float64", "ok", _adam([0.99999999999999])),
    Case(K, "adam_update_expm1", "beta2=0.99999999999999", "float64", "ok", _adam([0.99999999999999])),
]

ALL = TORCH + TF
