"""The forty-first trial set (b), PyTorch and TensorFlow (Keras; TensorFlow Probability is not installed), in inventory
control, marketing-mix modelling, machine translation, radar detection and fading channels: a newsvendor's expected
shortage by the normal loss function pdf(z) - z Q(z) (right in float64 at z = 13.5, and at z = 40, where everything
underflows to right zeros; in float32 at z = 13.5 pdf and z Q(z) are subnormal and their difference keeps a few bits),
the same as an autograd.Function saving pdf and tail by ctx.save_for_backward and answering only what
ctx.needs_input_grad asks (right, and with the spread's gradient written as the loss itself: harmless under --wrt q,
wrong for both; once_differentiable answering None for the spread: wrong), expected leftovers by torch.clamp and
over/under-stock costs by clamp_ in place (a sampled demand exactly at the stock: a corner), a supplier's Gamma lead
time by torch.distributions at shape = rate = 1e8 (log b - digamma(a) cancels to 5e-9) and its mean log digamma(a) -
log(b), whose slope PyTorch's trigamma gives to 3.7e-10 in float64 at a = 2 (unstable; right at a = 10),
F.poisson_nll_loss with Stirling's term at a log rate of -800, F.gaussian_nll_loss with a variance under its no_grad
clamp (flat there, PyTorch's slope is not), F.huber_loss at its delta (C1); a geometric adstock carried week by week
under 1 - exp(-x/2) at spends of 1e-12 (fix expm1, re-checked) and by expm1, a saturation curve (1 - e^-bx)/b with its b
-> 0 limit put in by torch.where (at b = 1e-7 expm1 keeps the value but the quotient rule's 3e7s cancel; at b = 0 the
idle 0/0 leaks NaN: wrong; `gradcli sweep` adds a jump at the switch |b| = 1e-8 and an unstable band for |b| <
1.1e-308); label-smoothed cross-entropy by F.cross_entropy(label_smoothing=0.1) at logits +-800 and written out as the
log of a softmax (log(0): fix log_softmax, re-checked), a distillation loss by F.kl_div with a log target of -800, the
cosine similarity of two identical embeddings (a proven 0), a LayerNorm + single-head attention encoder with a constant
token read by its parameters' names; the Rician envelope's log-likelihood by tf.math.bessel_i0 (overflowing at x nu =
709.8 in float64, 88.7 in float32: TensorFlow's I0 is i0e times exp) and by bessel_i0e, in a tf.function, through a
tf.custom_gradient for log i0e (right, and with the scaling's -1 forgotten), a cell-averaging CFAR detector as a Keras
layer whose tf.custom_gradient gives its threshold multiplier's gradient through variables= (right, with the SNR's
factor forgotten, and unbuilt as constructed), the Nakagami-m log-density by lgamma at m = 2, 1e8 (log m - digamma(m)
cancels) and 1e-300, the detection probability log(erfc/2) 40 sigma out in float64 and 14 in float32, a binary entropy
by xlogy and xlog1py at 1e-300, at 0 (+inf slope) and at a subnormal float32 1e-40 (TensorFlow's CPU kernels flush it:
unstable), -log(sigmoid) at -800 against log_sigmoid in a tf.function, Keras' BinaryCrossentropy on a Dense layer's
logits by --wrt dense.kernel, Huber at its delta and KLDivergence at a predicted 0 under its clip,
tf.nn.softmax_cross_entropy_with_logits at +-800, tf.nn.l2_normalize at a zero vector (its eps makes it linear); input
errors (a mistyped function, parameter name and layer weight, a point that is no number, a variable forgotten). `gradcli
sweep` ran on expected_shortage and saturation_response (PyTorch) and rician_loglik (TensorFlow).

Truths are expressions written here, evaluated by mpmath (2,000 digits), never the user files' code; points are the
numbers the dtype holds, a constant the user's code casts to the dtype is the number the dtype holds (full_like's 0.025
and the 0.9 added to it in float32; their sum is the program's addition, exact in the reference), and a library's
constant (ATen's 1 - label_smoothing and label_smoothing / K, l2_normalize's eps 1e-12) is the number the library
writes, whatever the dtype.

Found by this round (tests/test_user_trials41b.py; all three mended in the same session, tests/test_trial_findings41.py):
- S1: `gradcli sweep` of any PyTorch or TensorFlow function using erf, erfc or lgamma (torch.erf, torch.erfc,
  torch.lgamma, tf.math.erf, tf.math.erfc) stops with "internal error: TypeError: ufunc 'erfc' not supported for the
  input types" whenever float64 is swept: the sweep's wider reference replays the graph on np.longdouble arrays
  (sweep/vectorised.wider_than, Bridge.replayed_range), and SciPy's erf, erfc and gammaln have no longdouble loop
  (autodiff/ops_special._scipy_function). Plain NumPy/SciPy code sweeps fine; `gradcli check` is fine.
- K1: a Keras layer passed as constructed (unbuilt: Keras makes its weights at the first call) has no variables
  for --wrt: "--wrt layer.alpha: not a variable of the target (snr)", with nothing saying the layer is unbuilt; built
  first (layer.build), the same checks are right (capture/tf_models._keras_variables reads trainable_variables before
  any call).
- M1 (wording): for a subnormal float32 result that PyTorch rounds (no flush), the finding explains it as
  amplification ("aten.exp(-102.87) = 1.4e-45 has relative error 3.3e-01 while its inputs had 1.2e-07: it amplifies
  rounding errors 2.8e+06 times"), where exp's condition number there is 103: the loss is the subnormal's few bits
  (TensorFlow's flushed results are explained as such).
What the round taught about its own truths: ATen's label smoothing computes its weights in double; a fill's sum done by
the program (q[0] += 0.9) is an operation, not a constant, so the reference keeps its exact sum; PyTorch itself refuses
an adstock written as carried[t] += decay * carried[t - 1] (a saved view modified in place), which gradcli reports as
the target's error.
"""

import math

import mpmath

from cases import Case
from cases5 import hp
from cases12a import num_grad, renamed
from cases30b import _held
from cases33b import _at, _both
from cases39b import _nan_like, _zeros

T, K = "torch_lib41b.py", "tf_lib41b.py"
NAN = mpmath.nan
mpf = mpmath.mpf


def _only(truth, *names):
    return lambda: {name: value for name, value in truth().items() if name in names}


def _sig(x):
    return 1 / (1 + mpmath.exp(-x))


def _softmax(zs):
    top = max(zs)
    e = [mpmath.exp(v - top) for v in zs]
    return [v / sum(e) for v in e]


# ------------------------------------------------------------------------------------------- inventory
def _shortage(dtype):
    """sigma (exp(-z^2/2) / R - z erfc(z / S) / 2), z = (q - 100) / sigma, R and S the program's sqrt(2 pi), sqrt(2)."""
    r, s = _held(dtype, math.sqrt(2 * math.pi)), _held(dtype, math.sqrt(2))

    def f(q, sigma=mpf(10)):
        z = (q - 100) / sigma
        return sigma * (mpmath.exp(-z * z / 2) / r - z * mpmath.erfc(z / s) / 2)
    return f


def _leftover_slope(q, demands=(80.0, 95.0, 100.0, 120.0)):
    return lambda: {"q": NAN if q in demands else mpf(sum(1 for d in demands if d < q)) / len(demands)}


def _cost_slope(q, demands=(80.0, 95.0, 100.0, 120.0)):
    """4 per unit short, 1 per unit over: -4 for each demand above q, +1 for each below, averaged."""
    if q in demands:
        return lambda: {"q": NAN}
    return lambda: {"q": mpf(sum(-4 if d > q else 1 for d in demands)) / len(demands)}


def _gamma_slopes(shape, rate, dtype="float64", lead=(1.0,)):
    """d/da log Gamma(x; a, b) = log b + log x - digamma(a), d/db = a / b - x, summed over the lead times."""
    def truth():
        a, b = _held(dtype, shape), _held(dtype, rate)
        xs = [_held(dtype, v) for v in lead]
        return {"shape": sum(mpmath.log(b) + mpmath.log(x) - mpmath.digamma(a) for x in xs),
                "rate": sum(a / b - x for x in xs)}
    return hp(truth)


def _poisson_slopes(log_rate, counts=(0.0, 3.0, 12.0)):
    return hp(lambda: {"log_rate": [mpmath.exp(mpf(v)) - mpf(c) for v, c in zip(log_rate, counts)]})


def _gaussian_nll_slopes(var, mean=(0.5, 1.0), obs=(0.0, 2.0), eps=1e-6):
    """0.5 (log max(v, eps) + r^2 / max(v, eps)): flat below the clamp, (1/v - r^2/v^2) / 2 above it."""
    def truth():
        out = []
        for v, m, o in zip(var, mean, obs):
            v, r = mpf(v), mpf(m) - mpf(o)
            out.append(mpf(0) if v < mpf(eps) else (1 / v - r * r / (v * v)) / 2)
        return {"var": out}
    return hp(truth)


# ------------------------------------------------------------------------------------------- marketing mix
def _adstock(spend, decay):
    total, carried = 0, 0
    for t, s in enumerate(spend):
        carried = s if t == 0 else s + decay * carried
        total += 1 - mpmath.exp(-carried / 2)
    return total


def _saturation(spend, steepness):
    return sum(-mpmath.expm1(-steepness * x) / steepness for x in spend)


# ------------------------------------------------------------------------------------------- translation
def _smoothed_xent(logits, dtype):
    """ATen's (1 - eps) nll + (eps / K) sum_j -log p_j: slope a (p - e0) + b (K p - 1), a = 1 - 0.1 and b = 0.1 / 4
    the doubles ATen computes (the library's mathematics, whatever the dtype)."""
    def truth():
        a, b = mpf(1 - 0.1), mpf(0.1 / 4)
        p = _softmax([_held(dtype, v) for v in logits])
        return {"logits": [a * (pj - (1 if j == 0 else 0)) + b * (4 * pj - 1) for j, pj in enumerate(p)]}
    return hp(truth)


def _smoothed_naive(logits, dtype):
    """-sum q_j log p_j, q = [0.025 + 0.9, 0.025, 0.025, 0.025] (each held in the dtype; their sum is the program's
    addition, exact here): slope (sum q) p - q."""
    def truth():
        fill, top = _held(dtype, 0.1 / 4), _held(dtype, 1 - 0.1)
        q = [fill + top] + [fill] * 3
        p = _softmax([_held(dtype, v) for v in logits])
        return {"logits": [sum(q) * pj - qj for pj, qj in zip(p, q)]}
    return hp(truth)


TEACHER = [math.log(0.7), math.log(0.2), math.log(0.1), -800.0]


def _distill(student):
    """sum_j e^t_j (t_j - log_softmax(z)_j): slope (sum_j e^t_j) softmax(z) - e^t."""
    def truth():
        t = [mpf(v) for v in TEACHER]
        s = sum(mpmath.exp(v) for v in t)
        p = _softmax([mpf(v) for v in student])
        return {"student": [s * pj - mpmath.exp(tj) for pj, tj in zip(p, t)]}
    return hp(truth)


WQ = [[0.5, -0.2, 0.1], [0.3, 0.4, -0.6], [-0.1, 0.2, 0.7]]
WK = [[0.2, 0.1, -0.3], [-0.4, 0.6, 0.2], [0.5, -0.1, 0.3]]
WV = [[1.0, 0.2, 0.0], [-0.3, 0.8, 0.1], [0.2, -0.5, 0.9]]
TOKENS = [[0.1, 0.7, -0.4], [0.5, 0.5, 0.5], [-1.2, 0.3, 0.8]]
TARGETS = [[0.0, 1.0, 0.0], [0.5, 0.0, 0.5], [-1.0, 0.0, 1.0]]
NORM_W = [1.0, 0.5, 2.0]


def _mv(w, x):
    return [sum(a * b for a, b in zip(row, x)) for row in w]


def _encoder_loss(norm_w, wq):
    """mean of (x + softmax(q(h) k(h)^T / sqrt 3) v(h) - y)^2, h = LayerNorm(x) (biased variance, eps 1e-5)."""
    eps, root3 = mpf(1e-5), mpf(math.sqrt(3))
    xs = [[mpf(v) for v in row] for row in TOKENS]
    hs = []
    for x in xs:
        m = sum(x) / 3
        var = sum((v - m) ** 2 for v in x) / 3
        hs.append([(v - m) / mpmath.sqrt(var + eps) * w for v, w in zip(x, norm_w)])
    wk, wv = [[mpf(v) for v in r] for r in WK], [[mpf(v) for v in r] for r in WV]
    qs, ks, vs = [_mv(wq, h) for h in hs], [_mv(wk, h) for h in hs], [_mv(wv, h) for h in hs]
    total = 0
    for i, x in enumerate(xs):
        a = _softmax([sum(p * r for p, r in zip(qs[i], k)) / root3 for k in ks])
        out = [x[d] + sum(a[j] * vs[j][d] for j in range(3)) for d in range(3)]
        total += sum((o - mpf(y)) ** 2 for o, y in zip(out, TARGETS[i]))
    return total / 9


def _encoder_truth():
    inner = num_grad(_encoder_loss, norm_w=NORM_W, wq=WQ)
    return lambda: {("model.norm.weight" if k == "norm_w" else "model.q.weight"): v for k, v in inner().items()}


# ------------------------------------------------------------------------------------------- Rician envelope
def _rician(x, nu, dtype="float64"):
    """d/dx_i = 1/x_i - x_i + nu I1/I0(x_i nu), d/dnu = sum_i (-nu + x_i I1/I0(x_i nu))."""
    def truth():
        xs, n = [_held(dtype, v) for v in x], _held(dtype, nu)
        r = [mpmath.besseli(1, v * n) / mpmath.besseli(0, v * n) for v in xs]
        return {"x": [1 / v - v + n * ri for v, ri in zip(xs, r)], "nu": sum(-n + v * ri for v, ri in zip(xs, r))}
    return hp(truth)


def _cfar(names, alpha=5.0, snr=10.0, cells=16):
    """log P_d = -N log1p(u), u = alpha / (N (1 + s)): d/dalpha = -1 / ((1 + u)(1 + s)),
    d/ds = alpha / ((1 + u)(1 + s)^2)."""
    def truth():
        a, s = mpf(alpha), mpf(snr)
        u = a / (cells * (1 + s))
        out = {"layer.alpha": -1 / ((1 + u) * (1 + s)), "snr": a / ((1 + u) * (1 + s) ** 2)}
        return {n: out[n] for n in names}
    return hp(truth)


def _nakagami(m, omega, dtype="float64", echoes=(1.0,)):
    """d/dm = sum (log m + 1 - digamma(m) - log W + 2 log x - x^2/W), d/dW = sum (-m/W + m x^2/W^2)."""
    def truth():
        mm, w = _held(dtype, m), _held(dtype, omega)
        xs = [_held(dtype, v) for v in echoes]
        return {"m": sum(mpmath.log(mm) + 1 - mpmath.digamma(mm) - mpmath.log(w) + 2 * mpmath.log(x) - x * x / w
                         for x in xs),
                "omega": sum(-mm / w + mm * x * x / (w * w) for x in xs)}
    return hp(truth)


def _detection(amplitude, threshold, dtype="float64"):
    """log(erfc(u) / 2), u = (T - A) / S: d/dA = 2 e^(-u^2) / (sqrt(pi) S erfc(u)), d/dT its negative."""
    def truth():
        s = _held(dtype, math.sqrt(2.0))
        u = (_held(dtype, threshold) - _held(dtype, amplitude)) / s
        d = 2 * mpmath.exp(-u * u) / (mpmath.sqrt(mpmath.pi) * s * mpmath.erfc(u))
        return {"amplitude": d, "threshold": -d}
    return hp(truth)


def _entropy(p, dtype="float64"):
    """H'(p) = log((1 - p) / p), +inf at p = 0 (from the right, the only side there is)."""
    def truth():
        out = []
        for v in p:
            v = _held(dtype, v)
            out.append(mpmath.inf if v == 0 else mpmath.log((1 - v) / v))
        return {"p": out}
    return hp(truth)


FEATURES = [[0.5, -1.0, 2.0], [1.5, 0.2, -0.3], [-0.7, 0.9, 0.4], [20.0, -10.0, 5.0]]
LABELS = [1.0, 0.0, 1.0, 1.0]
KERNEL = [0.8, -0.5, 0.3]


def _bce_truth():
    def truth():
        grad = [mpf(0)] * 3
        for x, y in zip(FEATURES, LABELS):
            z = sum(mpf(w) * mpf(v) for w, v in zip(KERNEL, x))
            grad = [g + (_sig(z) - mpf(y)) * mpf(v) / len(FEATURES) for g, v in zip(grad, x)]
        return {"dense.kernel": [[g] for g in grad]}
    return hp(truth)


def _class_xent(logits, labels=(0.9, 0.05, 0.05)):
    def truth():
        ls = [mpf(v) for v in labels]
        p = _softmax([mpf(v) for v in logits])
        return {"logits": [sum(ls) * pj - lj for pj, lj in zip(p, ls)]}
    return hp(truth)


def _direction(v, dtype="float64"):
    """v0 / sqrt(max(|v|^2, eps)): at 0 it is v0 / sqrt(eps), eps = 1e-12 as the library writes it."""
    def truth():
        vs = [_held(dtype, x) for x in v]
        n2 = sum(x * x for x in vs)
        if n2 < mpf(1e-12):
            return {"v": [1 / mpmath.sqrt(mpf(1e-12)), mpf(0), mpf(0)]}
        n = mpmath.sqrt(n2)
        return {"v": [(1 if k == 0 else 0) / n - vs[0] * x / n ** 3 for k, x in enumerate(vs)]}
    return hp(truth)


SHORTAGE_LINE = "return SIGMA * (pdf - z * tail)"
SLIP = "class NormalLossSlip>>def backward(ctx, grad):"
ADSTOCK_LINE = "return (1 - torch.exp(-carried / HALF)).sum()"
SATURATION_LINE = "return torch.where(steepness.abs() < 1e-8, spend, -torch.expm1(-steepness * spend) / steepness)"
NAIVE_XENT_LINE = "return -(q * torch.log(probs)).sum()"
RICIAN_LINE = "return tf.reduce_sum(tf.math.log(x) - 0.5 * (x ** 2 + nu ** 2) + tf.math.log(tf.math.bessel_i0(x * nu)))"
I0E_SLIP = "def log_i0e_slip>>def grad(dy):"
CFAR_SLIP = "class CFARDetector>>def grad(dy, variables=None):"
DETECTION_LINE = "return tf.math.log(0.5 * tf.math.erfc((threshold - amplitude) / math.sqrt(2.0)))"

SPEND_TINY = {"spend": [1e-12, 2e-12, 0], "decay": 0.5}
SPEND_MILD = {"spend": [1, 2, 0.5], "decay": 0.5}
XENT_FAR = [800, 0, -800, 0]
STUDENT = [2, 0.5, -1, -800]

TORCH = _both(T, "expected_shortage", {"q": 115}, lambda d: num_grad(_shortage(d), d, q=115)) + [
    # z = 13.5 in float32: pdf 1.2e-40 and z Q(z) are subnormal, their difference 6e-43 keeps a few bits; the slope
    # -Q(13.5) = -8.7e-42 too
    Case(T, "expected_shortage", _at(q=235), "float32", "unstable", num_grad(_shortage("float32"), "float32", q=235),
         SHORTAGE_LINE),
    Case(T, "expected_shortage", _at(q=235), "float64", "ok", num_grad(_shortage("float64"), q=235)),
    # z = 40: pdf e^-800 and Q(40) ~ 4e-350 underflow to right zeros, the slope -Q(40) too
    Case(T, "expected_shortage", _at(q=500), "float64", "ok", num_grad(_shortage("float64"), q=500)),
    Case(T, "shortage_custom", _at(q=115, sigma=10), "float64", "ok",
         num_grad(_shortage("float64"), q=115, sigma=10)),
    Case(T, "shortage_custom", _at(q=115, sigma=10), "float32", "ok",
         num_grad(_shortage("float32"), "float32", q=115, sigma=10)),
    # needs_input_grad: asked only for q, the slipped spread's gradient is never computed
    Case(T, "shortage_slip", _at(q=120, sigma=10), "float64", "ok",
         _only(num_grad(_shortage("float64"), q=120, sigma=10), "q"), wrt="q"),
    Case(T, "shortage_slip", _at(q=115, sigma=10), "float64", "wrong",
         num_grad(_shortage("float64"), q=115, sigma=10), SLIP),
    Case(T, "shortage_slip", _at(q=115, sigma=10), "float32", "wrong",
         num_grad(_shortage("float32"), "float32", q=115, sigma=10), SLIP),
    # None for an input that needs a gradient: PyTorch takes it as 0
    Case(T, "shortage_no_spread", _at(q=115, sigma=10), "float64", "wrong",
         num_grad(_shortage("float64"), q=115, sigma=10), "class NormalLossNoSpread>>def backward(ctx, grad):"),
    Case(T, "expected_leftover", _at(q=97.5), "float64", "ok", _leftover_slope(97.5)),
    # a sampled demand exactly at the stock: clamp's corner
    Case(T, "expected_leftover", _at(q=100), "float64", "domain", _leftover_slope(100.0)),
    Case(T, "newsvendor_cost", _at(q=97.5), "float64", "ok", _cost_slope(97.5)),
    Case(T, "newsvendor_cost", _at(q=97.5), "float32", "ok", _cost_slope(97.5)),
    Case(T, "newsvendor_cost", _at(q=95), "float64", "domain", _cost_slope(95.0)),
] + _both(T, "lead_time_loglik", {"shape": 2, "rate": 3}, lambda d: _gamma_slopes(2, 3, d)) + [
    # a lead time known to 1e-4: shape = rate = 1e8; log b - digamma(a) = 5e-9 from two 18.4s, and the value's
    # a log b - lgamma(a) - b cancels 1.8e9 to 9
    Case(T, "lead_time_loglik", _at(shape=1e8, rate=1e8), "float64", "unstable", _gamma_slopes(1e8, 1e8),
         "return torch.distributions.Gamma(shape, rate).log_prob("),
    # PyTorch's trigamma (digamma's backward) is accurate to 3.7e-10 at a = 2 in float64
    Case(T, "mean_log_lead", _at(shape=2, rate=3), "float64", "unstable",
         hp(lambda: {"shape": mpmath.psi(1, 2), "rate": -1 / mpf(3)}), "return torch.digamma(shape) - torch.log(rate)"),
    Case(T, "mean_log_lead", _at(shape=2, rate=3), "float32", "ok",
         hp(lambda: {"shape": mpmath.psi(1, 2), "rate": -1 / mpf(3)})),
    Case(T, "mean_log_lead", _at(shape=10, rate=3), "float64", "ok",
         hp(lambda: {"shape": mpmath.psi(1, 10), "rate": -1 / mpf(3)})),
    Case(T, "demand_poisson_nll", _at(log_rate=[-800, 1, 2.5]), "float64", "ok", _poisson_slopes([-800, 1, 2.5])),
    # PyTorch clamps the variance under no_grad: below eps the loss is flat, its gradient is not
    Case(T, "forecast_gaussian_nll", _at(var=[1e-8, 0.5]), "float64", "wrong", _gaussian_nll_slopes([1e-8, 0.5]),
         "return F.gaussian_nll_loss("),
    # a residual exactly at delta: the quadratic and the linear piece share the slope 1 there
    Case(T, "forecast_huber", _at(pred=[2, 2.5]), "float64", "ok", lambda: {"pred": [mpf(1), mpf("0.5")]}),
    Case(T, "forecast_huber", _at(pred=[2, 2.5]), "float32", "ok", lambda: {"pred": [mpf(1), mpf("0.5")]}),
] + _both(T, "adstock_response", SPEND_MILD, lambda d: num_grad(_adstock, d, **SPEND_MILD)) + [
    # spends of 1e-12: 1 - exp(-5e-13) keeps four digits; the slopes e^-x / 2 hold
    Case(T, "adstock_response", _at(**SPEND_TINY), "float64", "unstable", num_grad(_adstock, **SPEND_TINY),
         ADSTOCK_LINE, "expm1("),
    Case(T, "adstock_response_expm1", _at(**SPEND_TINY), "float64", "ok", num_grad(_adstock, **SPEND_TINY)),
    Case(T, "adstock_response_expm1", _at(**SPEND_TINY), "float32", "ok",
         num_grad(_adstock, "float32", **SPEND_TINY)),
    Case(T, "saturation_response", _at(spend=[1, 2], steepness=0.5), "float64", "ok",
         num_grad(_saturation, spend=[1, 2], steepness=0.5)),
    # b = 1e-7: the value holds by expm1, but the quotient rule's x e^-bx / b and expm1(-bx) / b^2 (3e7 each)
    # cancel to -x^2 / 2
    Case(T, "saturation_response", _at(spend=[1, 2], steepness=1e-7), "float64", "unstable",
         num_grad(_saturation, spend=[1, 2], steepness=1e-7), SATURATION_LINE),
    # b = 0: the where takes x, flat in b; the idle quotient's 0/0 sends NaN back through it
    Case(T, "saturation_response", _at(spend=[1, 2], steepness=0), "float64", "wrong",
         lambda: {"spend": [mpf(1), mpf(1)], "steepness": mpf(0)}, SATURATION_LINE),
    Case(T, "smoothed_xent", _at(logits=XENT_FAR), "float64", "ok", _smoothed_xent(XENT_FAR, "float64")),
    Case(T, "smoothed_xent", _at(logits=[80, 0, -80, 0]), "float32", "ok", _smoothed_xent([80, 0, -80, 0], "float32")),
    # softmax's e^-1600 is 0, its log -inf, times 0.025
    Case(T, "smoothed_xent_naive", _at(logits=XENT_FAR), "float64", "unstable", _smoothed_naive(XENT_FAR, "float64"),
         NAIVE_XENT_LINE, "log_softmax("),
    Case(T, "smoothed_xent_naive", _at(logits=[1, 0, -1, 0]), "float32", "ok",
         _smoothed_naive([1, 0, -1, 0], "float32")),
    Case(T, "distill_kl", _at(student=STUDENT), "float64", "ok", _distill(STUDENT)),
    # identical embeddings: the cosine's maximum, its slope a proven 0
    Case(T, "embedding_similarity", _at(a=[1, 2, 2], b=[1, 2, 2]), "float64", "ok",
         lambda: {"a": [mpf(0)] * 3, "b": [mpf(0)] * 3}),
    Case(T, "encoder_loss", None, "float64", "ok", _encoder_truth(), args="encoder_args",
         wrt="model.norm.weight,model.q.weight"),
    # input errors: the function's name, a parameter's name, a point that is no number, a variable forgotten
    Case(T, "expected_shortfall", _at(q=115), "float64", "input-error", message=("expected_shortfall",)),
    Case(T, "encoder_residual", None, "float64", "input-error", args="encoder_args", wrt="model.norm.weights",
         message=("model.norm.weights",)),
    Case(T, "expected_shortage", "q=1l5", "float64", "input-error", message=("1l5",)),
    Case(T, "shortage_custom", _at(q=115), "float64", "input-error", message=("sigma",)),
]

RICIAN_MILD = {"x": [0.5, 2], "nu": 1.5}
RICIAN_FAR = {"x": [0.5, 30], "nu": 30}
RICIAN_FAR32 = {"x": [0.5, 10], "nu": 10}

TF = _both(K, "rician_loglik", RICIAN_MILD, lambda d: _rician(RICIAN_MILD["x"], RICIAN_MILD["nu"], d)) + [
    # I0(900) overflows float64, I0(100) float32: log(inf)
    Case(K, "rician_loglik", _at(**RICIAN_FAR), "float64", "unstable", _rician([0.5, 30], 30), RICIAN_LINE,
         "bessel_i0e("),
    Case(K, "rician_loglik", _at(**RICIAN_FAR32), "float32", "unstable", _rician([0.5, 10], 10, "float32"),
         RICIAN_LINE),
    Case(K, "rician_loglik_stable", _at(**RICIAN_FAR), "float64", "ok", _rician([0.5, 30], 30)),
    Case(K, "rician_loglik_stable", _at(**RICIAN_FAR32), "float32", "ok", _rician([0.5, 10], 10, "float32")),
    Case(K, "rician_loglik_graph", _at(**RICIAN_FAR32), "float32", "ok", _rician([0.5, 10], 10, "float32")),
    Case(K, "rician_loglik_custom", _at(**RICIAN_FAR), "float64", "ok", _rician([0.5, 30], 30)),
    Case(K, "rician_loglik_custom", _at(**RICIAN_MILD), "float32", "ok", _rician([0.5, 2], 1.5, "float32")),
    Case(K, "rician_loglik_slip", _at(**RICIAN_MILD), "float64", "wrong", _rician([0.5, 2], 1.5), I0E_SLIP),
    Case(K, "cfar_log_pd", None, "float64", "ok", _cfar(("layer.alpha", "snr")), args="cfar_args",
         wrt="layer.alpha,snr"),
    Case(K, "cfar_log_pd", None, "float64", "wrong", _cfar(("layer.alpha",)), CFAR_SLIP, args="cfar_slip_args",
         wrt="layer.alpha"),
] + _both(K, "nakagami_loglik", {"m": 2, "omega": 1.5}, lambda d: _nakagami(2, 1.5, d)) + [
    # m = 1e8 at an echo of exactly the mean power: log m - digamma(m) = 5e-9 from two 18.4s
    Case(K, "nakagami_loglik", _at(m=1e8, omega=1), "float64", "unstable", _nakagami(1e8, 1)),
    # m = 1e-300: lgamma 690.8, digamma -1e300: a slope of 1e300, representable
    Case(K, "nakagami_loglik", _at(m=1e-300, omega=1), "float64", "ok", _nakagami(1e-300, 1)),
] + _both(K, "log_detection_prob", {"amplitude": 1, "threshold": 3}, lambda d: _detection(1, 3, d)) + [
    # 40 sigma: erfc(28.3) ~ 1e-350 underflows, log(0)
    Case(K, "log_detection_prob", _at(amplitude=0, threshold=40), "float64", "unstable", _detection(0, 40),
         DETECTION_LINE),
    # 14 sigma in float32: erfc(9.9) ~ 1.5e-44 is subnormal
    Case(K, "log_detection_prob", _at(amplitude=0, threshold=14), "float32", "unstable", _detection(0, 14, "float32"),
         DETECTION_LINE),
    Case(K, "detector_entropy", _at(p=[1e-300, 0.5, 0.25]), "float64", "ok", _entropy([1e-300, 0.5, 0.25])),
    # a cell certain to be empty: the entropy's slope is +inf there
    Case(K, "detector_entropy", _at(p=[0, 0.5]), "float64", "domain", _entropy([0, 0.5])),
    Case(K, "detector_entropy", _at(p=[1e-30, 0.25]), "float32", "ok", _entropy([1e-30, 0.25], "float32")),
    # a subnormal float32 probability: TensorFlow's CPU kernels flush xlog1py's -1e-40 (and xlogy's input) to 0, and
    # its gradient comes out 1 where the slope is 92.1
    Case(K, "detector_entropy", _at(p=[1e-40, 0.25]), "float32", "unstable", _entropy([1e-40, 0.25], "float32"),
         "return -tf.reduce_sum(tf.math.xlogy(p, p) + tf.math.xlog1py(1.0 - p, -p))"),
    # sigmoid(-800) = 0: log(0)
    Case(K, "detector_nll", _at(score=-800), "float64", "unstable", hp(lambda: {"score": -_sig(mpf(800))}),
         "return -tf.math.log(tf.math.sigmoid(score))", "tf.math.log_sigmoid("),
    Case(K, "detector_nll_stable", _at(score=-800), "float32", "ok", hp(lambda: {"score": -_sig(mpf(800))})),
    Case(K, "detector_bce", None, "float64", "ok", _bce_truth(), args="detector_args", wrt="dense.kernel"),
    # an error of exactly delta: both pieces' slopes are 1 there
    Case(K, "range_huber", _at(pred=[4, 5.5]), "float64", "ok", lambda: {"pred": [mpf("0.5"), mpf("0.25")]}),
    # a predicted 0 under Keras' clip at 1e-7: flat there
    Case(K, "class_kl", _at(pred=[0.6, 0.4, 0]), "float64", "ok",
         hp(lambda: {"pred": [-mpf(0.7) / mpf(0.6), -mpf(0.3) / mpf(0.4), mpf(0)]})),
    Case(K, "class_xent", _at(logits=[800, 0, -800]), "float64", "ok", _class_xent([800, 0, -800])),
    Case(K, "doppler_direction", _at(v=[3, 4, 0]), "float64", "ok", _direction([3, 4, 0])),
    # at 0 the eps makes it v0 * 1e6: linear
    Case(K, "doppler_direction", _at(v=[0, 0, 0]), "float64", "ok", _direction([0, 0, 0])),
    Case(K, "doppler_direction", _at(v=[0, 0, 0]), "float32", "ok", _direction([0, 0, 0], "float32")),
    # the layer as constructed, unbuilt: Keras makes alpha at its first call, which gradcli makes anyway
    Case(K, "cfar_log_pd", None, "float64", "ok", _cfar(("layer.alpha", "snr")), args="cfar_fresh_args",
         wrt="layer.alpha,snr"),
    # input errors: the layer's weight mistyped; a threshold forgotten
    Case(K, "cfar_pd", None, "float64", "input-error", args="cfar_args", wrt="layer.alpah",
         message=("layer.alpah",)),
    Case(K, "log_detection_prob", _at(amplitude=0), "float64", "input-error", message=("threshold",)),
]

ALL = TORCH + TF
