"""The twenty-second trial set (a), PyTorch and TensorFlow/Keras: Beta's entropy (and its cancellation at large
concentrations), Binomial in its logits (smooth where PyTorch's formula has kinks), LogNormal, the Normal-Normal KL
divergence at a tiny scale, Normal.cdf under a log, power spectrograms in decibels by torch.stft and tf.signal.stft
(floored, and naive at a frame with a zero bin), local response normalisation in both frameworks, F.embedding with
max_norm (its in-place renorm), torch.renorm at and off its cap, rrelu in evaluation, celu, glu, threshold, softmin, a
searchsorted interpolation at and off a knot, a p = 0.5 norm, Charbonnier, PolyLoss, autograd.Functions (a sort with
non-differentiable indices, its backward gathering instead of scattering, a product forgetting one input), torch.func's
grad and jvp, nn.Bilinear, PixelShuffle, torch.polar, layer_norm at a constant input, an L1 cdist at a coincident
coordinate, softplus at its threshold, nanmean over a log, lerp; TensorFlow's hand-written Tanh and softplus-inverse
bijectors, Keras' Huber at its switch, elu and selu at 0, segment_min at a tie, unsorted_segment_prod through zeros,
unsorted_segment_sqrt_n, total variation and PSNR of images, a custom_gradient that forgets its floor, an exclusive
reverse cumprod through a zero, a Keras layer with build(), a tf.cond whose pieces meet flat and a mean over the
finite logs.

Truths are expressions written here, evaluated by mpmath (2,000 digits unless said), never the user files' code;
points are the numbers the dtype holds.
"""

import math

import mpmath

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp, sig
from cases12a import num_grad
from cases17b import _each, _f

T, K = "torch_lib22a.py", "tf_lib22a.py"


def _f32(v):
    return _in("float32", [v])[0]


def _softmax(values):
    top = max(values)
    e = [mpmath.exp(v - top) for v in values]
    return [v / sum(e) for v in e]


def _values(name, values):
    """{name: the values as given} (numbers, strings, NAN; nested lists kept)."""
    def convert(v):
        return [convert(u) for u in v] if isinstance(v, list) else (v if v is NAN else mp(v))
    return hp(lambda: {name: convert(values)})


def _beta_entropy(a_s, b_s):
    """dH/da = -(a - 1) psi'(a) + (a + b - 2) psi'(a + b), and symmetrically in b (100 digits: trigamma)."""
    def truth():
        with mpmath.workdps(100):
            a, b = _in("float64", a_s), _in("float64", b_s)
            da = [-(p - 1) * mpmath.psi(1, p) + (p + q - 2) * mpmath.psi(1, p + q) for p, q in zip(a, b)]
            db = [-(q - 1) * mpmath.psi(1, q) + (p + q - 2) * mpmath.psi(1, p + q) for p, q in zip(a, b)]
            return {"a": [+v for v in da], "b": [+v for v in db]}
    return hp(truth)


def _binomial(ls, dtype="float64"):
    """d/dl [k l - n log(1 + e^l)] = k - n sigmoid(l), n = 5."""
    k = [mp(2), mp(3)]
    return hp(lambda: {"logits": [kk - 5 * sig(v) for kk, v in zip(k, _in(dtype, ls))]})


def _lognormal(xs):
    mu, s = mp("0.5"), mp(2)
    return _each("x", lambda x: -1 / x - (mpmath.log(x) - mu) / (s * s * x), xs)


def _log_cdf(x):
    """d/dx log Phi(x) = phi(x) / Phi(x)."""
    return mpmath.exp(-x * x / 2) / mpmath.sqrt(2 * mpmath.pi) / (mpmath.erfc(-x / mpmath.sqrt(2)) / 2)


WINDOW = ["0", "0.5", "1", "0.5"]  # the periodic Hann window of length 4


def _frame_power(frame):
    """|X_k|^2, k = 0, 1, 2, of the Hann-windowed frame's DFT."""
    w = [mp(v) for v in WINDOW]
    out = []
    for k in range(3):
        re = sum(w[n] * frame[n] * mpmath.cos(2 * mpmath.pi * k * n / 4) for n in range(4))
        im = -sum(w[n] * frame[n] * mpmath.sin(2 * mpmath.pi * k * n / 4) for n in range(4))
        out.append(re * re + im * im)
    return out


def _db(x, floor):
    return sum(10 * mpmath.log10(p + floor) for start in (0, 4) for p in _frame_power(x[start:start + 4]))


def _db_silent_bin(x):
    """x[0:4] is constant: the frame's bin 2 (-x1/2 + x2 - x3/2) is 0, so log |X_2|^2 has no derivative in x1..x3;
    x0 meets the window's 0 and has slope 0; the second frame's slopes are finite."""
    second = num_grad(lambda t: sum(10 * mpmath.log10(p) for p in _frame_power(t)), t=x[4:])
    return lambda: {"x": [mp(0), NAN, NAN, NAN] + second()["t"]}


def _lrn_torch(x):
    """x_c / (1 + 0.5 / 3 * sum of x^2 over channels c-1..c+1)^0.75, read out by [1, -2, 0.5, 3]."""
    c = [v[0] for v in x[0]]
    weights = [1, -2, mp("0.5"), 3]
    total = 0
    for i in range(4):
        window = sum(c[j] ** 2 for j in range(max(0, i - 1), min(4, i + 2)))
        total += weights[i] * c[i] / (1 + mp("0.5") * window / 3) ** mp("0.75")
    return total


def _lrn_tf(x):
    """TensorFlow's form: alpha multiplies the window's sum itself."""
    weights = [1, -2, mp("0.5"), 3]
    total = 0
    for i in range(4):
        window = sum(x[j] ** 2 for j in range(max(0, i - 1), min(4, i + 2)))
        total += weights[i] * x[i] / (1 + mp("0.5") * window) ** mp("0.75")
    return total


def _capped(row):
    """A row scaled to max_norm 1 as PyTorch's renorm writes it: 1 / (|row| + 1e-7) when |row| > 1."""
    norm = mpmath.sqrt(sum(v * v for v in row))
    return [v / (norm + _f(1e-7)) for v in row] if norm > 1 else list(row)


READ = [[1, -1], ["0.5", 2], [3, 1]]
IDS = [0, 2, 0]


def _embedding(w):
    return sum(_capped(w[i])[d] * mp(READ[n][d]) for n, i in enumerate(IDS) for d in range(2))


def _renorm(w):
    weights = [[1, 2], [-1, "0.5"]]
    return sum(_capped(w[r])[d] * mp(weights[r][d]) for r in range(2) for d in range(2))


RRELU_SLOPE = (_f(1 / 8) + _f(1 / 3)) / 2


def _softmin_first(xs):
    def truth():
        p = _softmax([-v for v in _in("float64", xs)])
        return {"x": [-p[0] * ((1 if j == 0 else 0) - p[j]) for j in range(len(p))]}
    return hp(truth)


def _charbonnier(xs):
    c = _f(1e-3 * 1e-3)
    return _each("x", lambda x: x / mpmath.sqrt(x * x + c), xs)


def _poly(rows, dtype="float64"):
    """d/dz [CE(z, 0) + 2 (1 - p_0)]: p_j - [j = 0] - 2 p_0 ([j = 0] - p_j)."""
    def truth():
        p = _softmax(_in(dtype, rows[0]))
        return {"logits": [[pj - (j == 0) - 2 * p[0] * ((j == 0) - pj) for j, pj in enumerate(p)]]}
    return hp(truth)


def _score(xs):
    """d/dx tanh(x)^2 / 2 = tanh(x) (1 - tanh(x)^2)."""
    return _each("x", lambda x: mpmath.tanh(x) * (1 - mpmath.tanh(x) ** 2), xs)


def _curvature(xs):
    """f = s^2, s = sum v_i (sin x_i + x_i cos x_i): df/dx_i = 2 s v_i (2 cos x_i - x_i sin x_i)."""
    v = [mp(1), mp(-2)]
    def truth():
        x = _in("float64", xs)
        s = sum(vi * (mpmath.sin(a) + a * mpmath.cos(a)) for vi, a in zip(v, x))
        return {"x": [2 * s * vi * (2 * mpmath.cos(a) - a * mpmath.sin(a)) for vi, a in zip(v, x)]}
    return hp(truth)


def _polar(rs, ts):
    """Re(r e^{it}) + Im(r^2 e^{2it}) = r cos t + r^2 sin 2t."""
    def truth():
        r, t = _in("float64", rs), _in("float64", ts)
        return {"r": [mpmath.cos(b) + 2 * a * mpmath.sin(2 * b) for a, b in zip(r, t)],
                "theta": [-a * mpmath.sin(b) + 2 * a * a * mpmath.cos(2 * b) for a, b in zip(r, t)]}
    return hp(truth)


def _glu(xs):
    def truth():
        a, b = _in("float64", xs[:2]), _in("float64", xs[2:])
        return {"x": [sig(v) for v in b] + [u * sig(v) * (1 - sig(v)) for u, v in zip(a, b)]}
    return hp(truth)


LN_WEIGHTS = [mp(1), mp(-2), mp("0.5")]


def _layernorm(x, eps=1e-5):
    """sum w (x - mean) / sqrt(var + eps), eps as the dtype holds it (PyTorch adds it in the input's dtype)."""
    mean = sum(x) / 3
    var = sum((v - mean) ** 2 for v in x) / 3
    return sum(w * (v - mean) / mpmath.sqrt(var + eps) for w, v in zip(LN_WEIGHTS, x))


def _sharp_slope(x):
    """softplus(x, beta=2) = log(1 + e^(2x)) / 2 has slope sigmoid(2x)."""
    return sig(2 * x)


SPEC = [1, 1, 1, 1, 0.5, -1, 2, 0.25]
SPEC_AT = "x=[1,1,1,1,0.5,-1,2,0.25]"

TORCH = [
    # PyTorch's trigamma (digamma's derivative) is an asymptotic series started at 6.5: 3e-10 off at 2.5
    Case(T, "beta_entropy", "a=[2.5,0.5],b=[0.5,3]", "float64", "unstable", _beta_entropy([2.5, 0.5], [0.5, 3])),
    # -(a - 1) psi'(a) + (2a - 2) psi'(2a) is -1/(4a) = -2.5e-11 from two terms near 1: five digits survive
    Case(T, "beta_entropy", "a=[1e10],b=[1e10]", "float64", "unstable", _beta_entropy([1e10], [1e10])),
    # PyTorch's normaliser goes through clamp and abs at logits 0: the log-likelihood itself is smooth there
    Case(T, "binomial_logits", "logits=[0,2]", "float64", "ok", _binomial([0, 2])),
    Case(T, "binomial_logits", "logits=[800,-800]", "float64", "ok", _binomial([800, -800])),
    Case(T, "binomial_logits", "logits=[0,2]", "float32", "ok", _binomial([0, 2], "float32")),
    Case(T, "lognormal_logp", "x=[1e-300,3]", "float64", "ok", _lognormal([1e-300, 3])),
    # (s / 1)^2 underflows to 0 at s = 1e-200: log(0), and the slope -inf where it is s - 1/s = -1e200
    Case(T, "kl_normal", "s=[1e-200]", "float64", "unstable", _each("s", lambda s: s - 1 / s, [1e-200])),
    Case(T, "kl_normal", "s=[1e-30]", "float32", "unstable", _each("s", lambda s: s - 1 / s, [1e-30], "float32")),
    Case(T, "kl_normal", "s=[0.5]", "float64", "ok", _each("s", lambda s: s - 1 / s, [0.5])),
    # 1 + erf(-28.3) is 0: log 0, and the slope 0/0 where it is 40.02
    Case(T, "log_cdf", "x=[-40,0.5]", "float64", "unstable", _each("x", _log_cdf, [-40, 0.5])),
    Case(T, "log_cdf", "x=[-3,0.5]", "float64", "ok", _each("x", _log_cdf, [-3, 0.5])),
    Case(T, "spectrogram_db", SPEC_AT, "float64", "ok", num_grad(lambda x: _db(x, _f(1e-10)), x=SPEC)),
    Case(T, "spectrogram_db_naive", SPEC_AT, "float64", "domain", _db_silent_bin(SPEC)),
    Case(T, "spectrogram_db_naive", "x=[1,2,1,1,0.5,-1,2,0.25]", "float64", "ok",
         num_grad(lambda x: _db(x, 0), x=[1, 2, 1, 1, 0.5, -1, 2, 0.25])),
    Case(T, "lrn_energy", "x=[[[1],[-2],[0.5],[3]]]", "float64", "ok",
         num_grad(_lrn_torch, x=[[[1], [-2], [0.5], [3]]])),
    # the row [3, 4] is scaled by 1/(5 + 1e-7) in place, out of the graph: PyTorch's gradient is the unscaled lookup's
    Case(T, "embedding_maxnorm", "w=[[3,4],[1,1],[0.3,0.4]]", "float64", "wrong",
         num_grad(_embedding, w=[[3, 4], [1, 1], [0.3, 0.4]]), "rows = F.embedding(IDS, w, max_norm=1.0)"),
    Case(T, "embedding_maxnorm", "w=[[0.3,0.4],[1,1],[0.1,0.2]]", "float64", "ok",
         _values("w", [[4, 0], [0, 0], ["0.5", 2]])),
    Case(T, "renorm_rows", "w=[[3,4],[0.3,0.4]]", "float64", "ok", num_grad(_renorm, w=[[3, 4], [0.3, 0.4]])),
    # |row 0| is exactly the cap: past it the row jumps to 1/(1 + 1e-7) of itself, in either coordinate
    Case(T, "renorm_rows", "w=[[1,0],[0.3,0.4]]", "float64", "domain", _values("w", [[NAN, NAN], [-1, "0.5"]])),
    Case(T, "rrelu_eval", "x=[-2,3,0.5]", "float64", "ok", hp(lambda: {"x": [RRELU_SLOPE, mp(1), mp(1)]})),
    Case(T, "rrelu_eval", "x=[0,3]", "float64", "domain", _values("x", [NAN, 1])),
    # celu's slopes meet at 0 (1 from both sides)
    Case(T, "celu_sum", "x=[0,-3]", "float64", "ok", hp(lambda: {"x": [mp(1), mpmath.exp(mp("-1.5"))]})),
    Case(T, "glu_gate", "x=[1,-2,0.5,3]", "float64", "ok", _glu([1, -2, 0.5, 3])),
    Case(T, "threshold_sum", "x=[0.5,2,0.2]", "float64", "domain", _values("x", [NAN, 1, 0])),
    Case(T, "threshold_sum", "x=[0.6,2,0.2]", "float64", "ok", _values("x", [1, 1, 0])),
    Case(T, "softmin_first", "x=[800,-800,0]", "float64", "ok", _softmin_first([800, -800, 0])),
    Case(T, "softmin_first", "x=[1,-0.5,2]", "float64", "ok", _softmin_first([1, -0.5, 2])),
    Case(T, "interp", "x=[0.5,3]", "float64", "ok", _values("x", [1, -1])),
    Case(T, "interp", "x=[1,3]", "float64", "domain", _values("x", [NAN, -1])),
    Case(T, "interp_plain", "x=[0.5,3]", "float64", "ok", _values("x", [1, -1])),
    # slope 1 left of the knot 1, 3 right of it
    Case(T, "interp_plain", "x=[1,3]", "float64", "domain", _values("x", [NAN, -1])),
    Case(T, "half_norm", "x=[1,4]", "float64", "ok", _values("x", [3, "1.5"])),
    # (sqrt|x0| + 2)^2: an infinite slope at x0 = 0 from either side
    Case(T, "half_norm", "x=[0,4]", "float64", "domain", _values("x", [NAN, 1])),
    Case(T, "charbonnier", "x=[0,1e-300,2]", "float64", "ok", _charbonnier([0, 1e-300, 2])),
    Case(T, "robust_l1", "x=[0,2]", "float64", "domain", _values("x", [NAN, 1])),
    Case(T, "poly_loss", "logits=[[2,-1,0.5]]", "float64", "ok", _poly([[2, -1, 0.5]])),
    Case(T, "poly_loss", "logits=[[0,-800,800]]", "float64", "ok", _poly([[0, -800, 800]])),
    Case(T, "poly_loss", "logits=[[2,-1,0.5]]", "float32", "ok", _poly([[2, -1, 0.5]], "float32")),
    Case(T, "ranked_score", "x=[3,1,2]", "float64", "ok", _values("x", [3, 1, 2])),
    # a tie of the two smallest: weight 1 or 2 by the side
    Case(T, "ranked_score", "x=[1,1,2]", "float64", "domain", _values("x", [NAN, NAN, 3])),
    Case(T, "ranked_score_gather", "x=[3,1,2]", "float64", "wrong", _values("x", [3, 1, 2]),
         "class GatherSort>>def backward"),
    Case(T, "scaled_sum", "x=[1,2],s=[3,-1]", "float64", "wrong", hp(lambda: {"x": [mp(18), mp(4)],
                                                                              "s": [mp(6), mp(-8)]}),
         "class ScaleBy>>def backward"),
    Case(T, "score_matching", "x=[0.5,-2]", "float64", "ok", _score([0.5, -2])),
    # cosh(800) overflows: the score sinh/cosh is inf/inf
    Case(T, "score_matching", "x=[800,-2]", "float64", "unstable", _score([800, -2])),
    Case(T, "directional_curvature", "x=[0.5,1.5]", "float64", "ok", _curvature([0.5, 1.5])),
    Case(T, "bilinear_form", "x=[1,-2],y=[0.5,3]", "float64", "ok",
         hp(lambda: {"x": [mp("6.5"), mp("8.75")], "y": [mp(2), mp(-4)]})),
    Case(T, "shuffled_energy", "x=[1,-1,2,0.5]", "float64", "ok", _values("x", [2, -4, 12, 4])),
    # the variance is 0 at a constant input, and eps keeps the normalisation smooth there
    Case(T, "layernorm_readout", "x=[2,2,2]", "float64", "ok", num_grad(_layernorm, x=[2, 2, 2])),
    Case(T, "layernorm_readout", "x=[2,2,2]", "float32", "ok",
         num_grad(lambda x: _layernorm(x, _f32(1e-5)), "float32", x=[2, 2, 2])),
    Case(T, "layernorm_readout", "x=[1,-0.5,2]", "float64", "ok", num_grad(_layernorm, x=[1, -0.5, 2])),
    # |x0 - 0| at a coincident coordinate
    Case(T, "cdist_l1", "x=[[0,0.5]]", "float64", "domain", _values("x", [[NAN, 0]])),
    Case(T, "cdist_l1", "x=[[0.5,0.25]]", "float64", "ok", _values("x", [[0, 0]])),
    # at beta x = threshold PyTorch still takes the formula, 10 + 1.03e-9; just past it, x itself: a jump
    Case(T, "softplus_sharp", "x=[10,5,30]", "float64", "domain",
         hp(lambda: {"x": [NAN, _sharp_slope(mp(5)), mp(1)]})),
    Case(T, "softplus_sharp", "x=[5,30]", "float64", "ok", hp(lambda: {"x": [_sharp_slope(mp(5)), mp(1)]})),
    # log of the negative reading is NaN for every x0 < 0: nanmean drops it, flat in x0
    Case(T, "nanmean_log", "x=[-1,2,4]", "float64", "ok", _values("x", [0, "0.25", "0.125"])),
    # (a + w (t - a))^2: d/da = 2 y (1 - w), d/dw = 2 y (t - a)
    Case(T, "lerp_energy", "a=[0.5,3],w=[0.25,0.5]", "float64", "ok",
         hp(lambda: {"a": [2 * mp("0.625") * mp("0.75"), 2 * mp("0.5") * mp("0.5")],
                     "w": [2 * mp("0.625") * mp("0.5"), 2 * mp("0.5") * -5]})),
    Case(T, "polar_energy", "r=[2,0.5],theta=[0.3,-1]", "float64", "ok", _polar([2, 0.5], [0.3, -1])),
]


def _tanh_logdet(xs, dtype="float64"):
    return _each("x", lambda x: -2 * mpmath.tanh(x), xs, dtype)


def _softplus_inverse(ys):
    """d/dy log(e^y - 1) = 1 / (1 - e^-y)."""
    return _each("y", lambda y: 1 / -mpmath.expm1(-y), ys)


SELU_SCALE, SELU_ALPHA = _f(1.0507009873554805), _f(1.6732632423543772)
REFERENCE = [mp("0.25"), mp("0.5"), mp("0.75"), mp(1)]


def _psnr(flat):
    """d/dx_i of 10/ln 10 log(mse) (TensorFlow's factor is a float32): factor 2 (x_i - r_i) / (4 mse)."""
    def truth():
        x = _in("float32", flat)
        mse = sum((a - r) ** 2 for a, r in zip(x, REFERENCE)) / 4
        g = [_f32(10 / math.log(10)) * 2 * (a - r) / 4 / mse for a, r in zip(x, REFERENCE)]
        return {"img": [[[g[0]], [g[1]]], [[g[2]], [g[3]]]]}
    return hp(truth)


TF = [
    Case(K, "spectrogram_db", SPEC_AT, "float64", "ok",
         num_grad(lambda x: sum(10 * mpmath.log(p + _f(1e-10)) / _f(math.log(10.0))
                                for s in (0, 4) for p in _frame_power(x[s:s + 4])), x=SPEC)),
    Case(K, "spectrogram_db_naive", SPEC_AT, "float64", "domain", _db_silent_bin(SPEC)),
    # tanh(20) rounds to 1: log 0, and the slope NaN where it is -2 tanh 20
    Case(K, "tanh_logdet_naive", "x=[20,0.5]", "float64", "unstable", _tanh_logdet([20, 0.5])),
    Case(K, "tanh_logdet_naive", "x=[10,0.5]", "float32", "unstable", _tanh_logdet([10, 0.5], "float32")),
    Case(K, "tanh_logdet_naive", "x=[2,0.5]", "float64", "ok", _tanh_logdet([2, 0.5])),
    Case(K, "tanh_logdet", "x=[20,0.5]", "float64", "ok", _tanh_logdet([20, 0.5])),
    # expm1(800) overflows: log(inf), and the slope inf/inf where it is 1
    Case(K, "softplus_inverse_naive", "y=[800,1e-300]", "float64", "unstable", _softplus_inverse([800, 1e-300])),
    Case(K, "softplus_inverse", "y=[800,1e-300]", "float64", "ok", _softplus_inverse([800, 1e-300])),
    # Huber's two pieces meet with equal slopes at |error| = delta
    Case(K, "huber_at_switch", "pred=[1,1.5,3]", "float32", "ok", _values("pred", [1 / mp(3), 1 / mp(6), -1 / mp(3)])),
    # elu's slopes meet at 0 (alpha 1), selu's do not (scale alpha vs scale)
    Case(K, "elu_sum", "x=[0,-1]", "float64", "ok", hp(lambda: {"x": [mp(1), mpmath.exp(-1)]})),
    Case(K, "selu_sum", "x=[0,-1]", "float64", "domain",
         hp(lambda: {"x": [NAN, SELU_SCALE * SELU_ALPHA * mpmath.exp(-1)]})),
    Case(K, "selu_sum", "x=[0.5,-1]", "float64", "ok",
         hp(lambda: {"x": [SELU_SCALE, SELU_SCALE * SELU_ALPHA * mpmath.exp(-1)]})),
    Case(K, "segment_min_sum", "x=[1,1,2,3]", "float64", "domain", _values("x", [NAN, NAN, 1, 0])),
    Case(K, "segment_min_sum", "x=[1,2,3,2]", "float64", "ok", _values("x", [1, 0, 0, 1])),
    Case(K, "segment_prod_sum", "x=[2,0,3,4]", "float64", "ok", _values("x", [0, 6, 0, 1])),
    Case(K, "segment_prod_sum", "x=[0,0,3,4]", "float64", "ok", _values("x", [0, 0, 0, 1])),
    Case(K, "lrn_energy", "x=[1,-2,0.5,3]", "float32", "ok", num_grad(_lrn_tf, "float32", x=[1, -2, 0.5, 3])),
    Case(K, "tv_image", "img=[[[1],[2]],[[0.5],[3]]]", "float64", "ok", _values("img", [[[0], [0]], [[-2], [2]]])),
    Case(K, "tv_image", "img=[[[1],[1]],[[0.5],[3]]]", "float64", "domain",
         _values("img", [[[NAN], [NAN]], [[-2], [2]]])),
    Case(K, "psnr_loss", "img=[[[0.3],[0.5]],[[0.7],[0.9]]]", "float32", "ok", _psnr([0.3, 0.5, 0.7, 0.9])),
    # the image equals the reference: log of a zero mean squared error
    Case(K, "psnr_loss", "img=[[[0.25],[0.5]],[[0.75],[1]]]", "float32", "domain",
         _values("img", [[[NAN], [NAN]], [[NAN], [NAN]]])),
    # the rule divides by |x| where the value is sqrt(|x|^2 + 1e-12): at |x| = 1e-6 the slope is off by sqrt 2
    Case(K, "norm_penalty", "x=[1e-6,0]", "float64", "wrong", _values("x", ["2e-6", 0]),
         "def floored_norm>>def grad(g)"),
    # TensorFlow's cumprod rule divides by x: the zero stage's slope x1 x3 + x3 = 9 comes out 0
    Case(K, "survival", "x=[0.5,2,0,3]", "float64", "wrong", _values("x", [0, 0, 9, 1]),
         "return tf.reduce_sum(tf.math.cumprod(x, exclusive=True, reverse=True))"),
    Case(K, "survival", "x=[0.5,2,1.5,3]", "float64", "ok", _values("x", [0, "4.5", 9, "5.5"])),
    # x^2 right of 0, -x^3 left of it: both pieces flat at 0
    Case(K, "branch_energy", "x=0", "float64", "ok", _values("x", 0)),
    Case(K, "branch_energy", "x=-1.5", "float64", "ok", _values("x", "-6.75")),
    Case(K, "branch_energy", "x=1.5", "float32", "ok", _values("x", 3)),
    Case(K, "finite_mean_log", "x=[-1,2,4]", "float64", "ok", _values("x", [0, "0.25", "0.125"])),
    # x0 = 0 is dropped (log 0 = -inf), any x0 > 0 joins the mean with a very negative log: a jump
    Case(K, "finite_mean_log", "x=[0,2,4]", "float64", "domain", _values("x", [NAN, "0.25", "0.125"])),
    # ((x0 + x1) / sqrt 2)^2 + x2^2
    Case(K, "pooled_sqrt_n", "x=[1,2,-0.5]", "float64", "ok", _values("x", [3, 3, -1])),
    Case(K, "scaled_energy", "x=[1,-2]", "float64", "ok",
         hp(lambda: {"x": [2 * mpmath.log(2) * (mpmath.log(2) * v + 1) for v in (mp(1), mp(-2))]})),
]

INPUT_ERRORS = []

ALL = TORCH + TF + INPUT_ERRORS
