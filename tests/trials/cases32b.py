"""The thirty-second trial set (b), PyTorch and TensorFlow (Keras; TensorFlow Probability is not installed, so its
forms are written with tf), in speech and audio front ends, language-model heads, vector quantisation,
quantisation-aware training, reinforcement learning, hyperbolic embeddings, buffers and Jacobian penalties: mu-law
companding by sign(x) log1p(mu |x|) (smooth at 0, where the sign's and |x|'s rules both give 0), decibels with the
amplitude clamp at 1e-10 and the top_db floor (beside, on the clamp, and where float rounding makes the floor tie),
CTC for a repeated label at the only length that fits it (F.ctc_loss, Keras' ctc, which computes float64 in float32)
and one frame short under zero_infinity, nn.AdaptiveLogSoftmaxWithLoss by its parameters' names, a VQ-VAE's
straight-through z + (q - z).detach() with its commitment term (away from and at a tie between two codes), a
rounding autograd.Function, PyTorch's fake_quantize and BinaryConnect's tf.custom_gradient passing gradients the
step functions do not have, PPO's clipped surrogate inside, outside and at its clip, the soft value alpha
logsumexp(q / alpha) at alpha = 0.01 (and written with exp, which overflows), the Lorentz model's distance at a
repeated point with its acosh clamp (flat there) and without (a cone), an observation normaliser whose running
statistics are buffers, a Keras Normalization layer under a Dense head, and contractive penalties by jacrev and by
a tape's jacobian.

Truths are expressions written here, evaluated by mpmath (2,000 digits), never the user files' code; points are the
numbers the dtype holds, and a constant the program casts to the dtype is the number the dtype holds. Where a function
has kinks or jumps the truth is taken from each side: where the two one-sided slopes differ there is no derivative
(NaN). A stop the user writes (detach, stop_gradient) holds its value in the function checked.
"""

import itertools
import math

import mpmath

from cases import Case
from cases5 import _in, hp
from cases12a import num_grad, renamed
from cases30b import _held, sided_grad

T, K = "torch_lib32b.py", "tf_lib32b.py"
NAN = mpmath.nan
mpf = mpmath.mpf


def _at(**point):
    return ",".join(f"{name}={value}" for name, value in point.items()).replace(" ", "")


def _softmax(xs):
    top = max(xs)
    e = [mpmath.exp(v - top) for v in xs]
    return [v / sum(e) for v in e]


def _log_softmax(xs):
    top = max(xs)
    lse = top + mpmath.log(sum(mpmath.exp(v - top) for v in xs))
    return [v - lse for v in xs]


# ------------------------------------------------------------------------------------------------------ mu-law
MU, MU_WEIGHTS = 255, [1, -2, mpf(0.5)]


def _mu_law(dtype):
    """sum w_i sign(x_i) log1p(mu |x_i|) / c, c the float64 log1p(255) the program writes, held in the dtype."""
    c = _held(dtype, math.log1p(255.0))

    def f(x):
        return sum(w * mpmath.sign(v) * mpmath.log1p(MU * abs(v)) / c for w, v in zip(MU_WEIGHTS, x))
    return f


def _mu_law_slope(xs, dtype):
    """Its slope, mu w / ((1 + mu |x|) c): both sides of 0 agree, so it holds at 0 too."""
    c = _held(dtype, math.log1p(255.0))
    return hp(lambda: {"x": [w * MU / ((1 + MU * abs(v)) * c) for w, v in zip(MU_WEIGHTS, _in(dtype, xs))]})


# ------------------------------------------------------------------------------------------------------ decibels
def _db(dtype, log10=None):
    """mean max(10 log10(max(s, 1e-10)), max_db - 80); log10 a held constant where the program divides by log(10)."""
    floor = _held(dtype, 1e-10)

    def level(s):
        s = max(s, floor)
        return 10 * (mpmath.log10(s) if log10 is None else mpmath.log(s) / log10)

    def f(spec):
        db = [level(s) for s in spec]
        top = max(db) - 80
        return sum(max(v, top) for v in db) / len(db)
    return f


SPEC = [1, 0.5, 1e-9, 0.25]
SPEC_QUIET = [1e-9, 1e-10, 5e-10]  # the loudest bin is -90 dB: the clamp at 1e-10, not the floor, decides the second
SPEC_TIE = [1, 1e-8, 0.5]  # 10 log10(1e-8) rounds to -80.0, the floor's value: a tie the exact numbers do not have


# ----------------------------------------------------------------------------------------------------------- CTC
def _collapse(path):
    out = []
    for k, c in enumerate(path):
        if c != 0 and (k == 0 or path[k - 1] != c):
            out.append(c)
    return out


def _ctc(label, zero_infinity=False):
    """-log of the summed probability of every frame-wise path that collapses to ``label`` (blank 0), enumerated."""
    def f(logits):
        lsm = [_log_softmax(row) for row in logits]
        total = 0
        for path in itertools.product(range(len(logits[0])), repeat=len(logits)):
            if _collapse(path) == label:
                total += mpmath.exp(sum(lsm[t][c] for t, c in enumerate(path)))
        if total == 0:
            return mpf(0) if zero_infinity else mpmath.inf
        return -mpmath.log(total)
    return f


CTC3 = [[0, 1, -1], [1, 0, 0.5], [0.5, 2, 0]]
CTC2 = [[0, 1, -1], [1, 0, 0.5]]
CTC4 = [[0, 1, -1], [1, 0, 0.5], [0.5, 2, 0], [0, 0, 1]]
CTC_SHARP = [[-20, 20, 0], [20, -20, 0], [-20, 20, 0]]  # the only path "a _ a" is nearly certain


# ------------------------------------------------------------------------------------------------ adaptive softmax
AS_X = [[1, -0.5], [0.25, 2], [-1, 0.5]]
AS_TARGET = [0, 3, 2]
AS_HEAD = [[0.5, -0.25], [-1, 0.75], [0.25, 0.5]]
AS_PROJ = [[0.5, 1]]
AS_TAIL = [[1.5], [-0.5]]


def _adaptive(head):
    """Mean NLL: a word of the head by the head's log-softmax, a word of the cluster by the cluster's entry plus the
    tail's log-softmax over (x . proj) tail."""
    tail = [[mpf(v) for v in row] for row in AS_TAIL]
    total = 0
    for x, t in zip(AS_X, AS_TARGET):
        x = [mpf(v) for v in x]
        h = _log_softmax([sum(a * b for a, b in zip(row, x)) for row in head])
        if t < 2:
            total += h[t]
        else:
            p = sum(mpf(a) * b for a, b in zip(AS_PROJ[0], x))
            total += h[2] + _log_softmax([row[0] * p for row in tail])[t - 2]
    return -total / len(AS_X)


# ------------------------------------------------------------------------------------------------ vector quantisation
CODEBOOK = [[0, 0], [1, 0], [0, 1], [1, 1]]
VQ_TARGET = [[0.1, 0.2], [0.8, 0.9]]


def _vq(z, dtype, jumps=()):
    """d/dz with the nearest code q held as the detach holds it: 2 (q - target) + 2 beta (z - q), q the first of the
    nearest (argmin's). At a tie between two codes the value jumps along the entries ``jumps`` names (row, column):
    no derivative there; along the others the slope with q held (gradcli's documented reading of a held value that
    jumps)."""

    def truth():
        out = []
        for r, row in enumerate(z):
            zr = _in(dtype, row)
            tr = _in(dtype, VQ_TARGET[r])
            dist = [sum((a - b) ** 2 for a, b in zip(zr, code)) for code in CODEBOOK]
            q = CODEBOOK[dist.index(min(dist))]
            out.append([NAN if (r, c) in jumps else 2 * (qa - ta) + mpf(0.5) * (za - qa)
                        for c, (za, qa, ta) in enumerate(zip(zr, q, tr))])
        return {"z": out}
    return hp(truth)


# --------------------------------------------------------------------------------------------- quantisation steps
QUANT_WEIGHTS = [1, -0.5, 2]


def _step_truth(xs, jumps=()):
    """A step function's derivative: 0, NaN at a jump."""
    return lambda: {"x": [NAN if k in jumps else mpf(0) for k in range(len(xs))]}


# --------------------------------------------------------------------------------------------------------- PPO
ADVANTAGES = [1, -1, 1, mpf(-0.5)]


def _ppo(dtype):
    low, high = _held(dtype, 0.8), _held(dtype, 1.2)

    def f(ratio):
        return -sum(min(r * a, min(max(r, low), high) * a) for r, a in zip(ratio, ADVANTAGES)) / len(ratio)
    return f


# -------------------------------------------------------------------------------------------------- soft value
def _soft_value(qs, dtype):
    """d/dq alpha logsumexp(q / alpha) = softmax(q / alpha), alpha the 0.01 held in the dtype."""
    alpha = _held(dtype, 0.01)
    return hp(lambda: {"q": _softmax([v / alpha for v in _in(dtype, qs)])})


# ------------------------------------------------------------------------------------------------------ Lorentz
ANCHOR = [0.5, -0.25]


def _lorentz(dtype, clamp=True):
    floor = _held(dtype, 1 + 1e-7)
    y = [mpf(v) for v in ANCHOR]

    def f(x):
        u = mpmath.sqrt(1 + sum(v * v for v in x)) * mpmath.sqrt(1 + sum(v * v for v in y)) - sum(
            a * b for a, b in zip(x, y))
        return mpmath.acosh(max(u, floor) if clamp else u)
    return f


# -------------------------------------------------------------------------------------------- normalised heads
NORM_MEAN = [0.5, -1, 2]
NORM_OBS = [[1, 0, 2.05], [0, -3, 1]]
NORM_Y = [0.5, -1]


def _normalized(var, eps, clip=5, bias_held="float64"):
    """sum (w . clip((obs - mean) / sqrt(var + eps), -5, 5) + b - y)^2 in the head's weight and bias (no clip for
    ``clip=None``)."""
    def f(weight=None, bias=None):
        w = weight[0] if weight is not None else [mpf(0.5), -1, mpf(0.25)]
        b = bias[0] if bias is not None else _held(bias_held, 0.1)
        total = 0
        for obs, y in zip(NORM_OBS, NORM_Y):
            z = [(mpf(o) - m) / mpmath.sqrt(v + eps) for o, m, v in zip(obs, NORM_MEAN, var)]
            z = z if clip is None else [min(max(v, -clip), clip) for v in z]
            total += (sum(a * c for a, c in zip(w, z)) + b - mpf(y)) ** 2
        return total
    return f


TORCH_VAR = [mpf(0.25), mpf(4), mpf(0.01)]  # float64 buffers
KERAS_VAR = _in("float32", [0.25, 4, 0.01])  # Keras converts the list to a float32 tensor, then casts it to float64


def _keras_normalized(kernel):
    """Keras' Normalization divides by max(sqrt(var), 1e-7), with no clip; the kernel is [3, 1]; Keras' Constant(0.1)
    makes the float64 bias float32's 0.1."""
    return _normalized(KERAS_VAR, 0, clip=None, bias_held="float32")(weight=[[row[0] for row in kernel]])


# -------------------------------------------------------------------------------------------- Jacobian penalty
ENC_W = [[1, -0.5], [0.25, 2], [-1.5, 0.5]]
ENC_B = [0.1, -0.2, 0.3]


def _contractive(dtype):
    b = _in(dtype, ENC_B)

    def f(x):
        total = 0
        for row, bias in zip(ENC_W, b):
            a = sum(mpf(w) * v for w, v in zip(row, x)) + bias
            total += (1 - mpmath.tanh(a) ** 2) ** 2 * sum(mpf(w) ** 2 for w in row)
        return total
    return f


def _both(file, function, at, truth_of, verdict="ok", dtypes=("float64", "float32"), line=None, fix=None):
    """The case in each dtype, its truth at the dtype's numbers."""
    return [Case(file, function, _at(**at), dtype, verdict, truth_of(dtype), line, fix) for dtype in dtypes]


MU_LINE_T = "y = torch.sign(x) * torch.log1p(MU * torch.abs(x)) / math.log1p(MU)"
MU_LINE_K = "y = tf.sign(x) * tf.math.log1p(MU * tf.abs(x)) / math.log1p(MU)"


def _audio(file, mu_line):
    db = (lambda d: _db(d)) if file == T else (lambda d: _db(d, _held(d, math.log(10.0))))
    max_line = "db = torch.maximum(db, db.max() - 80.0)"
    return (
        _both(file, "mu_law", {"x": [0.5, -0.25, 0.75]}, lambda d: _mu_law_slope([0.5, -0.25, 0.75], d))
        # at 0 the companding is smooth (slope mu / log1p(mu)), but sign's rule and |x|'s give 0 there
        + _both(file, "mu_law", {"x": [0, 0.5, 0.75]}, lambda d: _mu_law_slope([0, 0.5, 0.75], d), "wrong",
                line=mu_line)
        + _both(file, "amplitude_to_db", {"spec": SPEC}, lambda d: num_grad(db(d), d, spec=SPEC))
        + [
            # the clamp at 1e-10 decides the second bin: its slopes are 0 and 10 / (s ln 10)
            Case(file, "amplitude_to_db", _at(spec=SPEC_QUIET), "float64", "domain",
                 sided_grad(db("float64"), spec=SPEC_QUIET)),
            # PyTorch's maximum splits a tie's gradient in half; TensorFlow's gives it to its first argument, the
            # side the exact numbers take
            Case(file, "amplitude_to_db", _at(spec=SPEC_TIE), "float64", "unstable" if file == T else "ok",
                 num_grad(db("float64"), spec=SPEC_TIE), max_line if file == T else None),
        ])


TORCH = _audio(T, MU_LINE_T) + [
    Case(T, "ctc_repeat", _at(logits=CTC3), "float64", "ok", num_grad(_ctc([1, 1]), logits=CTC3)),
    Case(T, "ctc_repeat", _at(logits=CTC3), "float32", "ok", num_grad(_ctc([1, 1]), "float32", logits=CTC3)),
    # the path's probability is 1 - 6e-9: float32's loss -log p is 0 (its value lost), float64's slopes p - 1 keep
    # seven digits of their 2e-9
    Case(T, "ctc_repeat", _at(logits=CTC_SHARP), "float32", "unstable",
         num_grad(_ctc([1, 1]), "float32", logits=CTC_SHARP)),
    Case(T, "ctc_repeat", _at(logits=CTC_SHARP), "float64", "unstable", num_grad(_ctc([1, 1]), logits=CTC_SHARP)),
    # one frame short: no path fits "a a", the loss is inf, zero_infinity makes it 0 (flat)
    Case(T, "ctc_repeat", _at(logits=CTC2), "float64", "ok", num_grad(_ctc([1, 1], True), logits=CTC2)),
    Case(T, "ctc_two", _at(logits=CTC4), "float64", "ok", num_grad(_ctc([1, 2]), logits=CTC4)),
    Case(T, "ctc_two", _at(logits=CTC4), "float32", "ok", num_grad(_ctc([1, 2]), "float32", logits=CTC4)),
    Case(T, "adaptive_loss", None, "float64", "ok",
         lambda: {"model.head.weight": num_grad(_adaptive, head=AS_HEAD)()["head"]},
         args="adaptive_args", wrt="model.head.weight"),
    Case(T, "vq_loss", _at(z=[[0.2, 0.1], [0.9, 0.6]]), "float64", "ok", _vq([[0.2, 0.1], [0.9, 0.6]], "float64")),
    Case(T, "vq_loss", _at(z=[[0.2, 0.1], [0.9, 0.6]]), "float32", "ok", _vq([[0.2, 0.1], [0.9, 0.6]], "float32")),
    # the first row is as far from [0, 0] as from [1, 0]: the code it takes jumps along its first entry (its second
    # moves both distances alike)
    Case(T, "vq_loss", _at(z=[[0.5, 0.1], [0.9, 0.6]]), "float64", "domain",
         _vq([[0.5, 0.1], [0.9, 0.6]], "float64", jumps=((0, 0),))),
    Case(T, "quantized_ste", _at(x=[0.3, -0.7, 0.05]), "float64", "wrong", _step_truth([0.3, -0.7, 0.05]),
         "class RoundSTE>>def backward"),
    Case(T, "quantized_ste", _at(x=[0.3, -0.7, 0.05]), "float32", "wrong", _step_truth([0.3, -0.7, 0.05]),
         "class RoundSTE>>def backward"),
    # 4 x = 0.5: round jumps there
    Case(T, "quantized_ste", _at(x=[0.125, -0.7, 0.05]), "float64", "wrong", _step_truth([0.125, -0.7, 0.05], (0,))),
    Case(T, "fake_quant", _at(x=[0.3, -0.7, 40]), "float32", "wrong", _step_truth([0.3, -0.7, 40]),
         "q = torch.fake_quantize_per_tensor_affine("),
    Case(T, "fake_quant", _at(x=[0.3, -0.7, 40]), "float64", "wrong", _step_truth([0.3, -0.7, 40]),
         "q = torch.fake_quantize_per_tensor_affine("),
]


def _rl(file, naive_line, fix):
    return (
        _both(file, "ppo_clip", {"ratio": [1.1, 0.5, 1.5, 0.9]}, lambda d: num_grad(_ppo(d), d, ratio=[1.1, 0.5, 1.5, 0.9]))
        + [Case(file, "ppo_clip", _at(ratio=[1.2, 0.5, 1.5, 0.9]), "float64", "domain",
                sided_grad(_ppo("float64"), ratio=[1.2, 0.5, 1.5, 0.9]))]
        + _both(file, "soft_value", {"q": [0.9, 1]}, lambda d: _soft_value([0.9, 1], d))
        + [
            Case(file, "soft_value", _at(q=[1, 2, 3]), "float64", "ok", _soft_value([1, 2, 3], "float64")),
            # the slope e^-100 = 3.7e-44 is a float32 subnormal, which PyTorch's backward flushes to 0 (TensorFlow's
            # keeps it)
            Case(file, "soft_value", _at(q=[1, 2, 3]), "float32", "unstable" if file == T else "ok",
                 _soft_value([1, 2, 3], "float32")),
            Case(file, "soft_value", _at(q=[10, 20, 30]), "float64", "ok", _soft_value([10, 20, 30], "float64")),
            Case(file, "soft_value_naive", _at(q=[1, 2, 3]), "float64", "ok", _soft_value([1, 2, 3], "float64")),
            # q / alpha = 100: exp overflows float32
            Case(file, "soft_value_naive", _at(q=[0.9, 1]), "float32", "unstable", _soft_value([0.9, 1], "float32"),
                 naive_line, fix),
            Case(file, "soft_value_naive", _at(q=[1, 2, 3]), "float32", "unstable", _soft_value([1, 2, 3], "float32"),
                 naive_line),
            Case(file, "soft_value_naive", _at(q=[10, 20, 30]), "float64", "unstable", _soft_value([10, 20, 30], "float64"),
                 naive_line, fix),
        ])


def _geometry(file):
    return (
        _both(file, "lorentz_distance", {"x": [1, 0.5]}, lambda d: num_grad(_lorentz(d), d, x=[1, 0.5]))
        # at the anchor itself the clamp holds the argument at 1 + 1e-7 in a neighbourhood: flat
        + _both(file, "lorentz_distance", {"x": ANCHOR}, lambda d: (lambda: {"x": [mpf(0), mpf(0)]}))
        + [Case(file, "lorentz_distance_naive", _at(x=ANCHOR), "float64", "domain", lambda: {"x": [NAN, NAN]}),
           Case(file, "lorentz_distance_naive", _at(x=[1, 0.5]), "float64", "ok",
                num_grad(_lorentz("float64", clamp=False), x=[1, 0.5]))]
        + _both(file, "contractive_penalty", {"x": [0.5, -0.25]},
                lambda d: num_grad(_contractive(d), d, x=[0.5, -0.25]))
        + _both(file, "contractive_penalty", {"x": [3, 1]}, lambda d: num_grad(_contractive(d), d, x=[3, 1]))
    )


TORCH += _rl(T, "return ALPHA * torch.log(torch.exp(q / ALPHA).sum())", "torch.logsumexp(") + _geometry(T) + [
    Case(T, "normalizer_loss", None, "float64", "ok",
         renamed(num_grad(lambda weight: _normalized(TORCH_VAR, _held("float64", 1e-8))(weight=weight),
                          weight=[[0.5, -1, 0.25]]), "model.head"), args="normalizer_args", wrt="model.head.weight"),
]


TF = _audio(K, MU_LINE_K) + [
    Case(K, "ctc_keras", _at(logits=CTC3), "float32", "ok", num_grad(_ctc([1, 1]), "float32", logits=CTC3)),
    Case(K, "ctc_keras", _at(logits=CTC_SHARP), "float32", "unstable",
         num_grad(_ctc([1, 1]), "float32", logits=CTC_SHARP)),
    # Keras computes a float64 CTC in float32 (tf.nn.ctc_loss refuses float64): seven digits of a float64 answer
    Case(K, "ctc_keras", _at(logits=CTC3), "float64", "unstable", num_grad(_ctc([1, 1]), logits=CTC3),
         "return keras.losses.ctc("),
    Case(K, "binary_layer", _at(x=[0.3, -0.7, 1.5]), "float64", "wrong", _step_truth([0.3, -0.7, 1.5]),
         "def binarize>>def grad(dy):"),
    Case(K, "binary_layer", _at(x=[0.3, -0.7, 1.5]), "float32", "wrong", _step_truth([0.3, -0.7, 1.5]),
         "def binarize>>def grad(dy):"),
    Case(K, "binary_layer", _at(x=[0, -0.7, 1.5]), "float64", "wrong", _step_truth([0, -0.7, 1.5], (0,))),
    # outside |x| <= 1 the rule gives 0, the step's own slope: right there
    Case(K, "binary_layer", _at(x=[1.5, -2, 3]), "float64", "ok", _step_truth([1.5, -2, 3])),
    Case(K, "vq_loss", _at(z=[[0.2, 0.1], [0.9, 0.6]]), "float64", "ok", _vq([[0.2, 0.1], [0.9, 0.6]], "float64")),
    Case(K, "vq_loss", _at(z=[[0.2, 0.1], [0.9, 0.6]]), "float32", "ok", _vq([[0.2, 0.1], [0.9, 0.6]], "float32")),
    Case(K, "vq_loss", _at(z=[[0.5, 0.1], [0.9, 0.6]]), "float64", "domain",
         _vq([[0.5, 0.1], [0.9, 0.6]], "float64", jumps=((0, 0),))),
] + _rl(K, "return ALPHA * tf.math.log(tf.reduce_sum(tf.exp(q / ALPHA)))",
        "reduce_logsumexp(") + _geometry(K) + [
    Case(K, "normalized_loss", None, "float64", "ok",
         lambda: {"model.dense.kernel": num_grad(_keras_normalized, kernel=[[0.5], [-1], [0.25]])()["kernel"]},
         args="normalized_args", wrt="model.dense.kernel"),
]


ALL = TORCH + TF
