"""The thirty-first trial set (b), PyTorch and TensorFlow (Keras; TensorFlow Probability is not installed, so its
forms are written with tf), in graph neural networks, neural rendering, knowledge distillation, Fourier features,
hand-written layers and loops in the graph: graph attention whose softmax runs over each node's incoming edges (PyG's
scatter_reduce amax and index_add, the naive exp over index_add that overflows at scores past 88 in float32 and 709 in
float64, TensorFlow's unsorted_segment_max and unsorted_segment_sum), a GCN layer on a learned dense adjacency with
an isolated node (deg ** -0.5's inf masked to 0 in PyTorch, rsqrt(0) hidden by tf.where and by divide_no_nan in
TensorFlow: the isolated node's row has no derivative, the rest does), NeRF's volume rendering (relu densities at 0
are a kink; softplus densities), distillation as the KL of tempered softmaxes (log of softmax, F.kl_div of
F.log_softmax, Keras' kl_divergence with its 1e-7 clip), random Fourier features at x = 1000 (float32 rounds the phase
2 pi 100 x by 0.03), an nn.Linear under weight_norm read by its parametrization's name (and a zeroed direction, 0 /
|0|), a linear autograd.Function right and with its weight gradient transposed (the input's gradient is right in
both), a softplus Function with its backward's sign slipped, a Keras Dense layer whose tf.custom_gradient gives the
kernel's gradient through variables= (right, and transposed), a log-sum-exp whose custom gradient writes exp(x) /
sum exp(x) (NaN past exp's range), Keras' huber at its quadratic-to-linear joint (C1 there: a derivative exists), an
exponential smoothing by tf.scan and a damped pendulum in a tf.while_loop inside tf.function.

Truths are expressions written here, evaluated by mpmath (2,000 digits), never the user files' code; points are the
numbers the dtype holds, and a constant the program casts to the dtype is the number the dtype holds. Where a function
has kinks (relu, leaky_relu, clip, abs) the truth is taken from each side: where the two one-sided slopes differ there
is no derivative (NaN).
"""

import math

import mpmath

from cases import Case
from cases5 import _in, hp
from cases12a import num_grad, renamed
from cases30b import _held, sided_grad

T, K = "torch_lib31b.py", "tf_lib31b.py"
NAN = mpmath.nan


def _at(**point):
    return ",".join(f"{name}={value}" for name, value in point.items()).replace(" ", "")


# ------------------------------------------------------------------------------------------- graph attention
SRC = [0, 1, 2, 0, 3, 1]
DST = [1, 0, 1, 2, 2, 2]


def _gat(dtype="float64"):
    """sum_n (sum_{e into n} softmax_n(s)_e 1.5 x_src(e))^2, s_e = leaky_relu(0.75 x_src - 0.5 x_dst, 0.2)."""
    slope, weight = _held(dtype, 0.2), mpmath.mpf(1.5)

    def f(x):
        scores = [mpmath.mpf(0.75) * x[s] - x[d] / 2 for s, d in zip(SRC, DST)]
        scores = [v if v > 0 else slope * v for v in scores]
        total = 0
        for node in range(len(x)):
            edges = [k for k, d in enumerate(DST) if d == node]
            if not edges:
                continue
            top = max(scores[k] for k in edges)
            e = {k: mpmath.exp(scores[k] - top) for k in edges}
            den = sum(e.values())
            total += sum(e[k] / den * x[SRC[k]] * weight for k in edges) ** 2
        return total
    return f


GAT_SMALL, GAT_MIXED = [2.5, 2.5, 3, 3.5], [1, -0.5, 2, 0.3]
GAT_BIG32, GAT_BIG64 = [250, 250, 300, 350], [2000, 2000, 2400, 2800]


def _gat_cases(file, function, naive):
    cases = [
        Case(file, function, _at(x=GAT_SMALL), "float64", "ok", num_grad(_gat(), x=GAT_SMALL)),
        Case(file, function, _at(x=GAT_SMALL), "float32", "ok", num_grad(_gat("float32"), "float32", x=GAT_SMALL)),
    ]
    line = "w = torch.exp(e)" if file == T else None
    # scores up to 112.5: exp overflows float32 past 88.7 (and float64 past 709.8 at 900) unless the maximum is taken out
    for at, dtype in ((GAT_BIG32, "float32"), (GAT_BIG64, "float64")):
        cases.append(Case(file, function, _at(x=at), dtype, "unstable" if naive else "ok",
                          num_grad(_gat(dtype), dtype, x=at), line if naive else None))
    return cases


# ------------------------------------------------------------------------------------------------------- GCN
GCN_W = [[mpmath.mpf(0.5), -1], [mpmath.mpf(0.25), mpmath.mpf(0.75)]]
ADJ_ISOLATED = [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 0.0]]  # written as floats: whole numbers are int data
ADJ_LINKED = [[0, 1, 0.5], [1, 0, 0.25], [0.5, 0.25, 0]]
GCN_X = [[1, 0.25], [-1, 2], [0.5, 0.5]]  # x_0 W's entries do not cancel: A_20's sqrt shows
GCN_X2 = [[1, 0.5], [-1, 2], [0.25, -0.5]]


def _gcn(adj, x):
    """sum tanh(D^-1/2 A D^-1/2 X W), an isolated node's D^-1/2 taken as 0."""
    deg = [sum(row) for row in adj]
    dis = [1 / mpmath.sqrt(d) if d > 0 else 0 for d in deg]
    norm = [[dis[i] * adj[i][j] * dis[j] for j in range(3)] for i in range(3)]
    ax = [[sum(norm[i][k] * x[k][c] for k in range(3)) for c in range(2)] for i in range(3)]
    return sum(mpmath.tanh(sum(ax[i][k] * GCN_W[k][c] for k in range(2))) for i in range(3) for c in range(2))


def _gcn_isolated(adj, x, dtype="float64"):
    """d/dA with node 2 isolated: its row has no derivative (A_20 enters as sqrt(A_20), A_22 jumps from 0 to 1); the
    others are the derivative with that row held at 0."""
    def truth():
        rows = [_in(dtype, r) for r in adj]
        xs = [_in(dtype, r) for r in x]
        grads = [[NAN] * 3 for _ in range(3)]
        for i in range(2):
            for j in range(3):
                def along(t, i=i, j=j):
                    moved = [list(r) for r in rows]
                    moved[i][j] = t
                    return _gcn(moved, xs)
                grads[i][j] = mpmath.diff(along, rows[i][j])
        return {"adj": grads}
    return hp(truth)


def _gcn_x(adj):
    return lambda x: _gcn([_in("float64", r) for r in adj], x)


def _gcn_adj(x):
    return lambda adj: _gcn(adj, [_in("float64", r) for r in x])


def _gcn_cases(file, function):
    iso, linked = _at(adj=ADJ_ISOLATED, x=GCN_X), _at(adj=ADJ_LINKED, x=GCN_X)
    return [
        Case(file, function, iso, "float64", "domain", _gcn_isolated(ADJ_ISOLATED, GCN_X), wrt="adj"),
        Case(file, function, _at(adj=ADJ_ISOLATED, x=GCN_X2), "float64", "ok", num_grad(_gcn_x(ADJ_ISOLATED), x=GCN_X2),
             wrt="x"),
        Case(file, function, linked, "float64", "ok", num_grad(_gcn_adj(GCN_X), adj=ADJ_LINKED), wrt="adj"),
    ]


# ------------------------------------------------------------------------------------------- volume rendering
DELTAS = [mpmath.mpf(0.5), mpmath.mpf(0.25), mpmath.mpf(0.5), 1]
COLORS = [[1, 0, 0], [0, 1, 0], [0, 0, 1], [mpmath.mpf(0.5)] * 3]
PIXEL = [mpmath.mpf(0.25), mpmath.mpf(0.5), mpmath.mpf(0.125)]


def _nerf(activation, dtype="float64"):
    eps = _held(dtype, 1e-10)

    def f(raw):
        trans, rgb = 1, [0, 0, 0]
        for r, delta, color in zip(raw, DELTAS, COLORS):
            alpha = 1 - mpmath.exp(-activation(r) * delta)
            rgb = [c + alpha * trans * k for c, k in zip(rgb, color)]
            trans *= 1 - alpha + eps
        return sum((c - p) ** 2 for c, p in zip(rgb, PIXEL))
    return f


def _relu(r):
    return max(r, 0)


def _softplus_shifted(r):
    return mpmath.log1p(mpmath.exp(r - 1))


RAW, RAW_DEAD = [0.5, 0.3, 1.2, 2], [0.5, 0, 1.2, 2]

# ----------------------------------------------------------------------------------------------- distillation
TEACHER = [2, 1, -1]
TEMP = 4


def _softmax(xs):
    top = max(xs)
    e = [mpmath.exp(v - top) for v in xs]
    return [v / sum(e) for v in e]


def _distill(student, dtype="float64"):
    """d/ds T^2 KL(p_t || softmax(s / T)) = T (softmax(s / T) - p_t)."""
    def truth():
        p_s = _softmax([v / TEMP for v in _in(dtype, student)])
        p_t = _softmax([mpmath.mpf(v) / TEMP for v in TEACHER])
        return {"student": [TEMP * (a - b) for a, b in zip(p_s, p_t)]}
    return hp(truth)


def _distill_clipped(dtype):
    """T^2 sum clip(p_t) log(clip(p_t) / clip(p_s)), both clipped to [1e-7, 1] as Keras' kl_divergence does."""
    eps = _held(dtype, 1e-7)
    p_t = [min(max(p, eps), 1) for p in _softmax([mpmath.mpf(v) / TEMP for v in TEACHER])]

    def f(student):
        p_s = [min(max(p, eps), 1) for p in _softmax([v / TEMP for v in student])]
        return TEMP ** 2 * sum(a * mpmath.log(a / b) for a, b in zip(p_t, p_s))
    return f


# ------------------------------------------------------------------------------------------- Fourier features
FREQS = [1, 10, 100]
HEAD = [mpmath.mpf(v) for v in (0.5, -0.25, 0.125, 0.75, -0.5, 0.375)]


FOURIER_LINE = "feats = torch.cat([torch.sin(proj), torch.cos(proj)], dim=1)"


def _fourier(dtype):
    two_pi = _held(dtype, 2 * math.pi)

    def f(x):
        return sum(HEAD[k] * mpmath.sin(two_pi * v * b) + HEAD[k + 3] * mpmath.cos(two_pi * v * b)
                   for v in x for k, b in enumerate(FREQS))
    return f


# ------------------------------------------------------------------------------------------------ weight norm
WN_X = [[1, 0.5, -1], [0, 2, 1], [-1.5, 1, 0.5]]
WN_Y = [0.5, 1, -2]
WN_V, WN_V2 = [[0.5, -1, 2]], [[1, 2, -0.5]]
WN_PATH = "model.fc.parametrizations.weight"


def _wn(g=None, v=None, direction=WN_V):
    g = g[0][0] if g is not None else mpmath.mpf(1.5)
    v = v[0] if v is not None else [mpmath.mpf(a) for a in direction[0]]
    norm = mpmath.sqrt(sum(a * a for a in v))
    preds = [g * sum(a * b for a, b in zip(v, row)) / norm + mpmath.mpf(0.25) for row in WN_X]
    return sum((p - y) ** 2 for p, y in zip(preds, WN_Y)) / 3


# ------------------------------------------------------------------------------------------- hand-written linear
LINEAR_W = [[0.5, -1], [2, 0.25]]
LINEAR_X = [[1, 2], [-0.5, 1.5]]
LINEAR_Y = [[0.25, -0.5], [0.5, 0]]


def _linear(transposed):
    """sum (tanh(x W^T) - y)^2 (transposed: x W, Keras' kernel convention)."""
    def f(weight=None, x=None):
        weight = weight or LINEAR_W
        x = x or [[mpmath.mpf(v) for v in row] for row in LINEAR_X]
        total = 0
        for row, target in zip(x, LINEAR_Y):
            for j in range(2):
                w = [weight[k][j] for k in range(2)] if transposed else weight[j]
                total += (mpmath.tanh(sum(a * b for a, b in zip(row, w))) - target[j]) ** 2
        return total
    return f


def _sigmoid_each(xs, dtype="float64"):
    return hp(lambda: {"x": [1 / (1 + mpmath.exp(-v)) for v in _in(dtype, xs)]})


TORCH = _gat_cases(T, "gat_attention", naive=False) + _gat_cases(T, "gat_attention_naive", naive=True) + [
    # negative scores: leaky_relu's slope 0.2 held in the dtype
    Case(T, "gat_attention", _at(x=GAT_MIXED), "float64", "ok", num_grad(_gat(), x=GAT_MIXED)),
    Case(T, "gat_attention", _at(x=GAT_MIXED), "float32", "ok", num_grad(_gat("float32"), "float32", x=GAT_MIXED)),
    Case(T, "gat_attention_naive", _at(x=GAT_MIXED), "float64", "ok", num_grad(_gat(), x=GAT_MIXED)),
] + _gcn_cases(T, "gcn_layer") + [
    Case(T, "gcn_layer", _at(adj=ADJ_ISOLATED, x=GCN_X), "float32", "ok",
         num_grad(lambda x: _gcn(ADJ_ISOLATED, x), "float32", x=GCN_X), wrt="x"),
    Case(T, "nerf_render", _at(raw=RAW), "float64", "ok", num_grad(_nerf(_relu), raw=RAW)),
    Case(T, "nerf_render", _at(raw=RAW), "float32", "ok", num_grad(_nerf(_relu, "float32"), "float32", raw=RAW)),
    # a density of exactly 0 at relu's kink: the sample's one-sided slopes are 0 and its weight's pull
    Case(T, "nerf_render", _at(raw=RAW_DEAD), "float64", "domain", sided_grad(_nerf(_relu), raw=RAW_DEAD)),
    Case(T, "nerf_render_softplus", _at(raw=RAW_DEAD), "float64", "ok", num_grad(_nerf(_softplus_shifted), raw=RAW_DEAD)),
    Case(T, "nerf_render_softplus", _at(raw=RAW_DEAD), "float32", "ok",
         num_grad(_nerf(_softplus_shifted, "float32"), "float32", raw=RAW_DEAD)),
    Case(T, "distill_naive", _at(student=[1, 0.5, -1]), "float64", "ok", _distill([1, 0.5, -1])),
    Case(T, "distill_naive", _at(student=[1, 0.5, -1]), "float32", "ok", _distill([1, 0.5, -1], "float32")),
    # softmax([100, 0, -100]) holds e^-200 in float64 but 0 in float32: log 0
    Case(T, "distill_naive", _at(student=[400, 0, -400]), "float64", "ok", _distill([400, 0, -400])),
    Case(T, "distill_naive", _at(student=[400, 0, -400]), "float32", "unstable", _distill([400, 0, -400], "float32"),
         "return (p_t * (torch.log(p_t) - torch.log(p_s))).sum() * TEMPERATURE ** 2", "log_softmax("),
    Case(T, "distill_naive", _at(student=[4000, 0, -4000]), "float64", "unstable", _distill([4000, 0, -4000]),
         "return (p_t * (torch.log(p_t) - torch.log(p_s))).sum() * TEMPERATURE ** 2", "log_softmax("),
    Case(T, "distill", _at(student=[400, 0, -400]), "float32", "ok", _distill([400, 0, -400], "float32")),
    Case(T, "distill", _at(student=[4000, 0, -4000]), "float64", "ok", _distill([4000, 0, -4000])),
    Case(T, "distill", _at(student=[1, 0.5, -1]), "float32", "ok", _distill([1, 0.5, -1], "float32")),
    Case(T, "fourier_features", _at(x=[0.3, -0.7]), "float64", "ok", num_grad(_fourier("float64"), x=[0.3, -0.7])),
    Case(T, "fourier_features", _at(x=[0.3, -0.7]), "float32", "ok",
         num_grad(_fourier("float32"), "float32", x=[0.3, -0.7])),
    # 2 pi 100 x = 628318.5 at x = 1000: float32's spacing there is 0.0625, the phase is off by up to 0.03 twice over
    Case(T, "fourier_features", _at(x=[1000]), "float32", "unstable", num_grad(_fourier("float32"), "float32", x=[1000]),
         FOURIER_LINE),
    # 6.3e7 at x = 1e5: float64's spacing there is 7e-9, the sines' share of the slope off by 2e-8 of it
    Case(T, "fourier_features", _at(x=[100000]), "float64", "unstable", num_grad(_fourier("float64"), x=[100000]),
         FOURIER_LINE),
    Case(T, "wn_loss", None, "float64", "ok", renamed(num_grad(lambda original1: _wn(v=original1), original1=WN_V),
                                                     WN_PATH), args="wn_args", wrt=WN_PATH + ".original1"),
    Case(T, "wn_loss", None, "float64", "ok",
         renamed(num_grad(lambda original0: _wn(g=original0, direction=WN_V2), original0=[[1.5]]), WN_PATH),
         args="wn_other_args", wrt=WN_PATH + ".original0"),
    # a zeroed direction: g v / |v| is 0 / 0, undefined around v = 0 (its limit depends on the way in)
    Case(T, "wn_loss", None, "float64", "domain", lambda: {WN_PATH + ".original1": [[NAN] * 3]},
         args="wn_dead_args", wrt=WN_PATH + ".original1"),
    Case(T, "custom_linear_loss", None, "float64", "ok", renamed(num_grad(_linear(False), weight=LINEAR_W), "model"),
         args="custom_linear_args", wrt="model.weight"),
    Case(T, "custom_linear_loss", None, "float64", "wrong", renamed(num_grad(_linear(False), weight=LINEAR_W), "model"),
         "class LinearFunctionSlip>>def backward", args="custom_linear_slip_args", wrt="model.weight"),
    # the slip is in the weight's gradient; the input's is right
    Case(T, "custom_linear_inputs", _at(x=LINEAR_X), "float64", "ok", num_grad(_linear(False), x=LINEAR_X)),
    Case(T, "custom_linear_inputs", _at(x=LINEAR_X), "float32", "ok",
         num_grad(lambda x: _linear(False)(x=x), "float32", x=LINEAR_X)),
    Case(T, "softplus_slip", _at(x=[0.5, -1]), "float64", "wrong", _sigmoid_each([0.5, -1]),
         "class SoftplusSlip>>def backward"),
    Case(T, "softplus_slip", _at(x=[0.5, -1]), "float32", "wrong", _sigmoid_each([0.5, -1], "float32"),
         "class SoftplusSlip>>def backward"),
]


# ------------------------------------------------------------------------------------------------------ TensorFlow
def _softmax_truth(xs, dtype="float64"):
    return hp(lambda: {"x": _softmax(_in(dtype, xs))})


def _huber(pred):
    """d/dp mean huber(p): clip(p, -1, 1) / n (the joint at |p| = 1 is C1)."""
    return hp(lambda: {"pred": [max(min(mpmath.mpf(p), 1), -1) / len(pred) for p in pred]})


SMOOTH_TARGET = [1, 0.5, -0.25, 0]


def _ema(x, alpha):
    acc, total = x[0], 0
    for v, t in zip(x[1:], SMOOTH_TARGET):
        acc = alpha * acc + (1 - alpha) * v
        total += (acc - t) ** 2
    return total


def _pendulum(dtype):
    dt, gravity = _held(dtype, 0.05), _held(dtype, 9.81)

    def f(params):
        theta, omega, c = params[0], 0, params[1]
        for _ in range(40):
            omega = omega + dt * (-gravity * mpmath.sin(theta) - c * omega)
            theta = theta + dt * omega
        return omega ** 2 / 2 + gravity * (1 - mpmath.cos(theta))
    return f


KERNEL_TRUTH = renamed(num_grad(lambda kernel: _linear(True)(weight=kernel), kernel=LINEAR_W), "layer")

TF = _gat_cases(K, "gat_attention", naive=False) + _gcn_cases(K, "gcn_layer") + [
    Case(K, "gcn_layer", _at(adj=ADJ_ISOLATED, x=GCN_X), "float32", "ok",
         num_grad(lambda x: _gcn(ADJ_ISOLATED, x), "float32", x=GCN_X), wrt="x"),
    Case(K, "gcn_layer_no_nan", _at(adj=ADJ_ISOLATED, x=GCN_X), "float64", "domain", _gcn_isolated(ADJ_ISOLATED, GCN_X),
         wrt="adj"),
    Case(K, "gcn_layer_no_nan", _at(adj=ADJ_LINKED, x=GCN_X), "float64", "ok", num_grad(_gcn_adj(GCN_X), adj=ADJ_LINKED),
         wrt="adj"),
    Case(K, "dense_loss", None, "float64", "ok", KERNEL_TRUTH, args="dense_args", wrt="layer.kernel"),
    Case(K, "dense_loss", None, "float64", "wrong", KERNEL_TRUTH,
         "class RuledDense>>def grad(dy, variables=None):", args="dense_slip_args", wrt="layer.kernel"),
    Case(K, "lse_custom", _at(x=[1, 2]), "float64", "ok", _softmax_truth([1, 2])),
    Case(K, "lse_custom", _at(x=[1, 2]), "float32", "ok", _softmax_truth([1, 2], "float32")),
    # exp(800) is inf in float64 (exp(100) in float32): inf / inf in the rule
    Case(K, "lse_custom", _at(x=[800, 801]), "float64", "unstable", _softmax_truth([800, 801]),
         "return dy * tf.exp(x) / tf.reduce_sum(tf.exp(x))"),
    Case(K, "lse_custom", _at(x=[100, 101]), "float32", "unstable", _softmax_truth([100, 101], "float32"),
         "return dy * tf.exp(x) / tf.reduce_sum(tf.exp(x))"),
    Case(K, "lse_custom_softmax", _at(x=[800, 801]), "float64", "ok", _softmax_truth([800, 801])),
    Case(K, "lse_custom_softmax", _at(x=[100, 101]), "float32", "ok", _softmax_truth([100, 101], "float32")),
    # |error| = 1 is the joint of the square and the line: both slopes are 1 there
    Case(K, "huber", _at(pred=[1, 0, 3]), "float64", "ok", _huber([1, 0, 3])),
    Case(K, "huber", _at(pred=[1, 0, 3]), "float32", "ok", _huber([1, 0, 3])),
    Case(K, "huber", _at(pred=[-1, 0.5, -2]), "float64", "ok", _huber([-1, 0.5, -2])),
    Case(K, "distill_keras", _at(student=[1, 0.5, -1]), "float64", "ok",
         num_grad(_distill_clipped("float64"), student=[1, 0.5, -1])),
    Case(K, "distill_keras", _at(student=[1, 0.5, -1]), "float32", "ok",
         num_grad(_distill_clipped("float32"), "float32", student=[1, 0.5, -1])),
    # softmax(s / 4)'s last entry is 2e-10, clipped to 1e-7: flat through the clip, its pull through the others remains
    Case(K, "distill_keras", _at(student=[8, 0, -80]), "float64", "ok",
         num_grad(_distill_clipped("float64"), student=[8, 0, -80])),
    Case(K, "distill_keras", _at(student=[8, 0, -80]), "float32", "ok",
         num_grad(_distill_clipped("float32"), "float32", student=[8, 0, -80])),
    Case(K, "ema_loss", _at(x=[1, 2, 0.5, -1, 0.25], alpha=0.75), "float64", "ok",
         num_grad(_ema, x=[1, 2, 0.5, -1, 0.25], alpha=0.75)),
    Case(K, "ema_loss", _at(x=[1, 2, 0.5, -1, 0.25], alpha=0.75), "float32", "ok",
         num_grad(_ema, "float32", x=[1, 2, 0.5, -1, 0.25], alpha=0.75)),
    Case(K, "ema_loss", _at(x=[0.3, -1.7, 2.2, 0.1, 5], alpha=0.999), "float64", "ok",
         num_grad(_ema, x=[0.3, -1.7, 2.2, 0.1, 5], alpha=0.999)),
    Case(K, "pendulum", _at(params=[1, 0.3]), "float64", "ok", num_grad(_pendulum("float64"), params=[1, 0.3])),
    Case(K, "pendulum", _at(params=[1, 0.3]), "float32", "ok",
         num_grad(_pendulum("float32"), "float32", params=[1, 0.3])),
    Case(K, "pendulum", _at(params=[3, 0]), "float64", "ok", num_grad(_pendulum("float64"), params=[3, 0])),
]


ALL = TORCH + TF
