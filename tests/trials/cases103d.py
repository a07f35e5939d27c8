"""The hundred-and-third trial set (d): TRANSFORMER BUILDING BLOCKS as JAX, PyTorch, TensorFlow and plain NumPy code
writes them (jax_lib103d, torch_lib103d, tf_lib103d, np_lib103d), on tiny tensors (2-3 tokens, width 2-4), read out by
fixed vectors to a scalar: RMSNorm x / sqrt(mean(x^2) + eps) with eps = 0 (at x = 0) and 1e-6 (lax.rsqrt, torch.rsqrt,
tf.math.rsqrt, F.rms_norm; at 0, at a row parallel to the read-out, and at 3e19, whose squares pass float32's range: a
bf16-scale activation in a float32 program); LayerNorm by hand, F.layer_norm and tf.nn.moments at a constant row
(variance 0) with eps 1e-5 and 0; QK-norm (RMS with eps at q = 0; q / ||q|| bare at 0); rotary embeddings with
inv_freq = 1 / 10000^(2i/d) = [1, 0.01] at positions 3 and 1e6 (float32 and float64); ALiBi (slope 0.5) on tied scores
of 1e4 in float32; Gemma's soft-capping c tanh(x / c) at x = 1e30, scores of 1e4, and c = 1e-30; PaLM's z-loss
1e-4 logsumexp(z)^2 by the library and naive (z = 100 float32, 800 float64); softmax(s / tau) at tau = 1e-30 on tied
scores; causal masks by where(-inf), by adding -1e9 and by adding where(mask, 0, -inf); a padding mask that leaves
query 0 no key: where(-inf) (0 / 0), where(-1e9) (uniform), BERT's additive -1e9 and a "safe" softmax that zeroes the
row; an online (flash-attention-style) softmax from a running max m = -inf, every key kept, key 0 masked with the
rescaling exp(m - m_new) bare (exp(-inf - (-inf))) and guarded by where(m_new == -inf, 0, ...); SwiGLU by jax.nn.silu
/ F.silu / tf.nn.silu and by hand (a / (1 + exp(-a)), x * torch.sigmoid(x), NumPy's 1 / (1 + exp(-z))) at -800
(float32 -100); GeGLU by GELU's tanh form by hand and by jax.nn.gelu(approximate=True) / F.gelu(approximate="tanh") /
tf.nn.gelu(approximate=True) at -800 and 1e20 (float32: x^3 overflows); KL(softmax(a) || softmax(b)) as
p (log p - log q), by log_softmax, F.kl_div(log_target=True) and F.kl_div of probabilities, at a = [0, -800] (p[1]
underflows to 0); label-smoothed cross-entropy by log_softmax, by log(softmax), F.cross_entropy(label_smoothing=0.1)
and tf.nn.softmax_cross_entropy_with_logits against Keras-smoothed labels, at logits +-800; jax.nn.dot_product_attention
(causal, and a mask leaving query 0 no key) and F.scaled_dot_product_attention (is_causal, and a boolean mask leaving
query 0 no key); custom rules: a JAX custom_vjp RMSNorm whose bwd holds the rms constant (wrong), a right custom_vjp
soft-cap, a TensorFlow custom_gradient RMSNorm with the full rule, PyTorch autograd.Functions for SiLU, right and
forgetting x sigmoid'(x) (wrong; ok at a = [0, -1e-300], where the forgotten term is 0 or 1e-300 relative).

Truths: expressions written here from the mathematics (RMSNorm, LayerNorm, the rotation, softmax over the keys a row
keeps, logsumexp, silu, the tanh GELU, KL by log-softmaxes, the smoothed NLL), never the library code or gradcli, at
2,000 digits by cases30b's `sided_grad` with finite_sides (through cases73d's `S`): each entry's slope from each side
at the point as the dtype holds it, NaN where they differ or a side is undefined; by hand (cases73d's `Nan`) where
the program's value is 0 / 0 or inf - inf at every point near (RMSNorm and LayerNorm without eps at 0 / a constant
row, q / ||q|| at 0, the fully -inf masked row, the bare online softmax with key 0 masked): no entry has a slope
(README: a softmax over a row all masked with -inf has no value there). Constants as the program holds them: the
user's Python floats (1e-6, 1e-5, 1e-4, d^-1/2, math.sqrt(2 / pi), 0.044715, 0.1 / 3) and inv_freq (computed in
doubles, cast to the dtype) rounded once to the dtype; a library's constants as the mathematics they mean (the GELU's
sqrt(2 / pi) and 0.044715 inside jax.nn.gelu, F.gelu, tf.nn.gelu); a fully masked row as each library defines it
(JAX's dot_product_attention fills it with one large finite number: uniform; PyTorch's SDPA, 2.5 on, returns 0).

Counts: 119 cases (JAX 59, PyTorch 27, TensorFlow 17, NumPy 16; 82 float64, 37 float32): ALL keeps 74 ok,
30 unstable, 12 domain, 3 wrong. Each case through the CLI exactly as tests/trials/judge.py runs it (/tmp/103d/run.py:
two CLI runs at a time, judged as they finish; the machine shared, load 5-8). The first pass (133 cases: 5.1-23 s a
check; JAX 5-8 s, PyTorch 10-16 s, TensorFlow 14-23 s, NumPy 1-5 s): 124 agreed at once, 9 disagreed: 8 my truths
(corrected below: 3 additive -1e9 rows, 3 library GELUs' constants, 2 float32 RMSNorms at x parallel to G) and one
line fragment that was not unique; the rerun of the 14 changed or added cases agreed but for TensorFlow's GELU (F1). 19 dropped as repeats of kept points (ordinary points of JAX's norms, RoPE, soft-cap, z-loss,
temperature, KL and smoothing; a second additive -inf mask; float32 twins; a PyTorch RMSNorm at 0 beside F.rms_norm's;
x * torch.sigmoid(x) beside F.silu; TensorFlow's float64 RoPE). Final pass of all 119 (21.1 minutes of CLI time, 11.2
wall): JAX 4.9-15.0 s, PyTorch 9.3-17.4 s, TensorFlow 20.4-27.7 s, NumPy 1.5-7.9 s; 117 agree (verdict, every exact
gradient entry to 1e-10, the line where given), 2 fail: F1's. tests/test_user_trials103d.py --long: 17 passed,
2 xfailed (F1, strict) in 23 s.

Agreed (verdicts and exact slopes):
- RMSNorm: eps = 0 at x = 0 domain (0 / 0, no value near) in JAX, PyTorch, NumPy; with 1e-6 ok at 0 (G / sqrt(1e-6),
  float32's 1e-6 too) in all four, F.rms_norm too; at 3e19 in float32 unstable in JAX, PyTorch and TensorFlow (x^2
  overflows, the value 0 for a finite one), ok in float64;
- LayerNorm at a constant row ok ((G - mean G) / sqrt(1e-5), float32 too), F.layer_norm and tf.nn.moments too; eps = 0
  domain; QK-norm ok, with eps at q = 0 ok (k's slopes 0), the bare unit-vector form at q = 0 domain;
- RoPE: ok in float64 at position 1e6 (JAX, PyTorch, NumPy), unstable in float32 at 1e6 (JAX, PyTorch, TensorFlow:
  pos * 0.01 = 1e4 rounds to float32's grid, ulp 9.8e-4);
- ALiBi ok on tied scores of 1e4 in float32; soft-capping ok at x = 1e30, at scores of 1e4 in float32, at c = 1e-30 in
  float64; unstable at c = 1e-30 in float32 in JAX, PyTorch and TensorFlow (x / c^2 = 1e60 overflows: inf times
  sech^2 = 0 is NaN where c's exact slope is 2); NumPy's at c = 1e-30 ok;
- z-loss: the library's ok (float32 at 100, float64 at 800 tied), the naive one unstable (JAX float32 z = 100, NumPy
  float64 z = 800); temperature 1e-30 on tied scores ok in float64 (slopes +-7.5e29, tau's 0), unstable in float32
  (tau^2 underflows: tau's slope NaN);
- masks: causal where(-inf), additive -1e9 and additive -inf ok (float32 scores of 1e4 with ties too); a fully -inf
  masked row domain in all four; the -1e9 fill ok (uniform, slopes 0); the "safe" where(any(mask), p, 0) ok (where
  routes no NaN into s); BERT's additive -1e9 on that row: ok where the scores sit on float64's grid at 1e9 (0.5, -1,
  2: s - 1e9 exact), unstable at 0.3, -1.1, 2.7 (JAX, PyTorch, TensorFlow) and in float32 (every score rounds to -1e9);
- online softmax: every key kept ok (float32 scores of 1e4 too); key 0 masked, bare: domain in JAX, PyTorch, NumPy
  (exp(-inf - (-inf)) = NaN whatever s is: the program has no value near); guarded: ok in JAX (float64),
  TensorFlow, NumPy;
- SwiGLU: the libraries' silu ok at -800; by hand a / (1 + exp(-a)) unstable at -800 (float32 -100) in JAX, NumPy's
  1 / (1 + exp(-z)) too (exp(800) = inf: 0 * inf in the slope), PyTorch's x * torch.sigmoid(x) ok (torch.sigmoid is
  stable); GeGLU's tanh GELU ok at -800 and at ordinary points, unstable at 1e20 in float32 in all three frameworks
  (x^3 overflows, 3x^2 = inf times sech^2 = 0);
- KL: p (log p - log q) unstable at p[1] = 0 (JAX, NumPy), by log_softmax ok, F.kl_div(log_target=True) ok,
  F.kl_div of probabilities unstable (xlogy's slope log p + 1 = -inf times 0); label smoothing by log_softmax ok at
  +-800 (float32 +-100; F.cross_entropy(label_smoothing=0.1), TensorFlow's with Keras-smoothed labels too), by
  log(softmax) unstable (log 0);
- attention: jax.nn.dot_product_attention ok causal and with query 0's keys all masked (uniform: its large finite fill)
  in float32; F.scaled_dot_product_attention ok causal (float64 and float32) and with query 0's keys all masked
  (PyTorch's 0 for that row, as gradcli records it);
- custom rules: the JAX RMSNorm bwd holding the rms constant wrong (float32 too) at its def, ok at x = 0 (the dropped
  term is 0 there); the custom soft-cap ok (float32 scores of 1e4); TensorFlow's full RMSNorm rule ok in float64 and
  at a generic float32 point; the SiLU autograd.Function ok, the one forgetting x sigmoid'(x) wrong at its backward,
  ok at a = [0, -1e-300].

My truths corrected (gradcli right, each re-derived):
- BERT's additive -1e9 on the fully masked row in float64 (JAX, PyTorch, TensorFlow) I first called unstable at
  s = [0.5, -1, 2]: those scores minus 1e9 are exact doubles (31 bits), so nothing rounds: ok. Moved to 0.3, -1.1, 2.7
  for the unstable twin (23 bits lost), the exact-grid point kept as ok.
- jax.nn.gelu / F.gelu in float32: I first held sqrt(2 / pi) and 0.044715 in float32 as a user's constants would be;
  a library's constants are the mathematics they mean (README, cases73d): 2.8e-10 relative in the slopes.
- F.rms_norm and the TensorFlow RMSNorm custom_gradient in float32 at x = [1, -2, 0.5]: I called them ok; that x is
  parallel to the read-out G, so the exact slopes are only eps's 4.3e-7 (x . G terms cancel): float32 returns 3.0e-7,
  unstable (gradcli names the cancelling add / subtract). JAX's eps-free RMSNorm there is exactly 0 (ok), the JAX
  custom bwd wrong there. A generic float32 point was added for TensorFlow's rule (ok).

Findings:
- F1, withdrawn (a truth corrected): tf.nn.gelu(x, approximate=True) is referenced with 0.044715 rounded to float32
  (0.0447149984538555) in both dtypes, and that is TensorFlow's program: nn_ops.gelu computes
  math_ops.cast(0.044715, features.dtype), which makes a float32 tensor of the Python float before casting it, so its
  float64 program multiplies by the same float32 number (README: where a library's own code rounds its constant
  first, that rounding is what it wrote). JAX's and PyTorch's GELUs keep 0.044715 as written, and so do their
  references. The two float32 cases' truths (`geglu_tf`) now take TensorFlow's coefficient: d/da gelu(0.5) =
  0.86736990329221234178 (mpmath, 40 digits), gradcli's number (0.8673699035346423 with 0.044715 as written).

Observed (not in ALL): PyTorch 2.13's SDPA returns 0 for a fully masked row (its safe softmax) where a hand-written
masked_fill(-inf) softmax gives NaN, and gradcli follows each (ok / domain); jax.nn.dot_product_attention computes its
softmax in float32 whatever the dtype (its source), so only float32 cases of it are kept.
"""
import math

import mpmath

from cases73d import NAN, H as held, S, Nan, Hand, mpf

J, T_, K, N = "jax_lib103d.py", "torch_lib103d.py", "tf_lib103d.py", "np_lib103d.py"
F32, F64 = "float32", "float64"

G = [1, -2, mpf("0.5")]
VV = [1, -2, mpf("0.5")]
RO = [1, -1, mpf("0.5"), 2]  # rope's read-out
WO = [[1, -1, mpf("0.5"), 2], [mpf("0.25"), 1, mpf("-0.5"), mpf("1.5")]]
CAUSAL = [[1, 0, 0], [1, 1, 0], [1, 1, 1]]
PAD = [[0, 0, 0], [1, 1, 0], [1, 1, 1]]


# ------------------------------------------------------------------------------------------------- the mathematics
def mean(xs):
    return sum(xs) / len(xs)


def softmax(xs):
    top = max(xs)
    e = [mpmath.exp(v - top) for v in xs]
    t = sum(e)
    return [v / t for v in e]


def lse(xs):
    top = max(xs)
    return top + mpmath.log(sum(mpmath.exp(v - top) for v in xs))


def sig(x):
    return 1 / (1 + mpmath.exp(-x))


def rmsnorm(dtype, eps=1e-6):
    e = held(dtype, eps) if eps else mpf(0)
    return lambda x: sum(g * v / mpmath.sqrt(mean([u * u for u in x]) + e) for g, v in zip(G, x))


def layernorm(dtype, eps=1e-5):
    e = held(dtype, eps)

    def f(x):
        mu = mean(x)
        var = mean([(v - mu) ** 2 for v in x])
        return sum(g * (v - mu) / mpmath.sqrt(var + e) for g, v in zip(G, x))
    return f


def qk_norm(dtype):
    e, scale = held(dtype, 1e-6), held(dtype, 2 ** -0.5)

    def f(q, k):
        rq, rk = mpmath.sqrt(mean([v * v for v in q]) + e), mpmath.sqrt(mean([v * v for v in k]) + e)
        return sum(a * b for a, b in zip(q, k)) / (rq * rk) * scale
    return f


def rope(dtype, inv_dtype=None):
    """Rotary embedding at pos: the pairs (x0, x2) and (x1, x3) turned by pos * inv_freq, inv_freq = [1, 0.01] as the
    program holds it (computed in doubles, then cast to the dtype: inv_dtype)."""
    inv = [mpf(1), held(inv_dtype or dtype, 0.01)]

    def f(x, pos):
        a = [pos * w for w in inv]
        c, s = [mpmath.cos(t) for t in a], [mpmath.sin(t) for t in a]
        x1, x2 = [x[0], x[2]], [x[1], x[3]]
        y = [x1[i] * c[i] - x2[i] * s[i] for i in range(2)] + [x1[i] * s[i] + x2[i] * c[i] for i in range(2)]
        return sum(r * v for r, v in zip(RO, y))
    return f


def alibi(s):
    p = softmax([v + mpf("0.5") * (j - 2) for j, v in enumerate(s)])
    return sum(a * b for a, b in zip(p, VV))


def softcap(x, c):
    return sum(c * mpmath.tanh(v / c) for v in x)


def z_loss(dtype):
    k = held(dtype, 1e-4)
    return lambda z: k * lse(z) ** 2


def temp_softmax(s, tau):
    p = softmax([v / tau for v in s])
    return sum(a * b for a, b in zip(p, VV))


def masked(mask, fill=None, add=None, empty="nan"):
    """sum over rows of softmax(row) . V: a key with mask 0 dropped (fill None), replaced by fill, or moved by add; a row
    with no key left is NaN (empty "nan") or 0 ("zero")."""
    def f(s):
        total = mpf(0)
        for i in range(3):
            if fill is None and add is None:
                keys = [j for j in range(3) if mask[i][j]]
                if not keys:
                    if empty == "zero":
                        continue
                    return NAN
                p = softmax([s[i][j] for j in keys])
                total += sum(a * VV[j] for a, j in zip(p, keys))
            else:
                row = [s[i][j] if mask[i][j] else (fill if fill is not None else s[i][j] + add) for j in range(3)]
                total += sum(a * b for a, b in zip(softmax(row), VV))
        return total
    return f


def online_all(s):
    return sum(a * b for a, b in zip(softmax(s), VV))


def online_tail(s):
    """key 0 masked: the softmax over keys 1 and 2."""
    p = softmax(s[1:])
    return p[0] * VV[1] + p[1] * VV[2]


def silu(a):
    return a * sig(a)


def swiglu(a, b):
    return sum(silu(u) * v for u, v in zip(a, b))


def gelu_tanh(dtype):
    k, c = held(dtype, math.sqrt(2.0 / math.pi)), held(dtype, 0.044715)
    return lambda u: u * (1 + mpmath.tanh(k * (u + c * u ** 3))) / 2


def geglu(dtype):
    g = gelu_tanh(dtype)
    return lambda a, b: sum(g(u) * v for u, v in zip(a, b))


def geglu_lib(a, b):
    """A library's tanh GELU (jax.nn.gelu(approximate=True), F.gelu(approximate="tanh"), tf.nn.gelu): its constants
    as the mathematics they mean, sqrt(2 / pi) and 0.044715."""
    k, c = mpmath.sqrt(2 / mpmath.pi), mpf("0.044715")
    return sum(u * (1 + mpmath.tanh(k * (u + c * u ** 3))) / 2 * v for u, v in zip(a, b))


def geglu_tf(a, b):
    """tf.nn.gelu(approximate=True): sqrt(2 / pi) as it means, but 0.044715 as its code casts it, through a float32
    tensor (math_ops.cast of the Python float) in every dtype: the number TensorFlow's program multiplies by."""
    k, c = mpmath.sqrt(2 / mpmath.pi), held(F32, 0.044715)
    return sum(u * (1 + mpmath.tanh(k * (u + c * u ** 3))) / 2 * v for u, v in zip(a, b))


def kl(a, b):
    p, q = softmax(a), softmax(b)
    la, lb = lse(a), lse(b)
    return sum(pi * ((u - la) - (w - lb)) for pi, u, w in zip(p, a, b))


def ls_ce(logits, ls):
    m = lse(logits)
    lsm = [v - m for v in logits]
    return -(1 - ls) * lsm[0] - ls * mean(lsm)


def ls_ce_01(dtype):
    ls = held(dtype, 0.1)
    return lambda logits: ls_ce(logits, ls)


def ls_ce_np(logits):
    """-0.9 lsm[0] - 0.1 mean(lsm), the constants as doubles."""
    m = lse(logits)
    lsm = [v - m for v in logits]
    return -held(F64, 0.9) * lsm[0] - held(F64, 0.1) * mean(lsm)


def ls_ce_keras(logits):
    """-sum y lsm, y = [1, 0, 0] * 0.9 + 0.1 / 3 in doubles."""
    third = 0.1 / 3
    y = [mpf(1.0 * 0.9 + third), mpf(third), mpf(third)]
    m = lse(logits)
    return -sum(t * (v - m) for t, v in zip(y, logits))


def _attend(qrow, keys, x):
    p = softmax([sum(a * b for a, b in zip(qrow, x[k])) / 2 for k in keys])  # scale 1 / sqrt(4)
    return [sum(p[n] * x[k][d] for n, k in enumerate(keys)) for d in range(4)]


def _read(out):
    return sum(WO[i][d] * out[i][d] for i in range(2) for d in range(4))


def dpa_causal(x):
    return _read([_attend(x[0], [0], x), _attend(x[1], [0, 1], x)])


def dpa_padded_uniform(x):
    """JAX: a row with no key has every logit replaced by one large negative number: uniform over the keys."""
    return _read([[(x[0][d] + x[1][d]) / 2 for d in range(4)], _attend(x[1], [0, 1], x)])


def sdpa_padded_zero(x):
    """PyTorch (2.5+): a row with no key attends to nothing: 0."""
    return _read([[mpf(0)] * 4, _attend(x[1], [0, 1], x)])


# ------------------------------------------------------------------------------------------------- cases
P = S
Z3 = [0.0, 0.0, 0.0]
X3 = [1.0, -2.0, 0.5]
BIG3 = [3e19, -1e19, 2e19]  # squares past float32's 3.4e38 (a bf16-scale activation in a float32 program)
C3 = [2.0, 2.0, 2.0]  # a constant row: variance 0
XR = [1.0, 0.5, -1.0, 2.0]
S33 = [[0.5, -1.0, 2.0], [1.5, 0.25, -0.5], [-1.0, 2.0, 0.75]]
S33P = [[0.3, -1.1, 2.7], [1.5, 0.25, -0.5], [-1.0, 2.0, 0.75]]  # row 0 off float64's grid at 1e9 (ulp 1.2e-7)
S33_BIG = [[1e4, 1e4, 9999.5], [1e4, 9999.0, 1e4], [9999.5, 1e4, 1e4]]  # scores of 1e4, ties
S3 = [0.5, -1.0, 2.0]
XA = [[0.5, -1.0, 2.0, 0.25], [1.0, 0.5, -0.5, 1.5]]

JAX = [
    # RMSNorm
    Nan(J, "rmsnorm", F64, "domain", x=Z3),  # 0 / 0 at x = 0 with eps = 0: no value near (degree-0 homogeneous)
    P(J, "rmsnorm", F64, "ok", rmsnorm(F64, 0), x=X3),
    P(J, "rmsnorm_eps", F64, "ok", rmsnorm(F64), x=Z3),  # slopes G / sqrt(1e-6)
    P(J, "rmsnorm_eps", F32, "ok", rmsnorm(F32), x=Z3),
    P(J, "rmsnorm_eps", F32, "unstable", rmsnorm(F32), "y = x * jax.lax.rsqrt(", x=BIG3),
    P(J, "rmsnorm_eps", F64, "ok", rmsnorm(F64), x=BIG3),
    # LayerNorm
    P(J, "layernorm", F64, "ok", layernorm(F64), x=C3),  # (G - mean G) / sqrt(eps)
    P(J, "layernorm", F32, "ok", layernorm(F32), x=C3),
    Nan(J, "layernorm_eps0", F64, "domain", x=C3),  # 0 / 0 on the constant rows
    # QK-norm
    P(J, "qk_norm", F64, "ok", qk_norm(F64), q=[0.5, -1.0], k=[2.0, 1.0]),
    P(J, "qk_norm", F32, "ok", qk_norm(F32), q=[0.0, 0.0], k=[2.0, 1.0]),
    Nan(J, "qk_norm_l2", F64, "domain", q=[0.0, 0.0], k=[2.0, 1.0]),  # q / ||q|| at 0: no value
    # RoPE
    P(J, "rope", F64, "ok", rope(F64), x=XR, pos=1e6),
    P(J, "rope", F32, "unstable", rope(F32), x=XR, pos=1e6),  # pos * 0.01 rounds in float32: the angle off
    # ALiBi
    P(J, "alibi_attn", F64, "ok", alibi, s=S3),
    P(J, "alibi_attn", F32, "ok", alibi, s=[1e4, 1e4, 1e4]),
    # soft-capping
    P(J, "softcap", F64, "ok", softcap, x=[1e30, 2.0], c=30.0),
    P(J, "softcap", F32, "ok", softcap, x=[1e4, -1e4], c=30.0),
    P(J, "softcap", F64, "ok", softcap, x=[1.0, 2.0], c=1e-30),
    P(J, "softcap", F32, "unstable", softcap, x=[1.0, 2.0], c=1e-30),  # x / c^2 = inf times sech^2 = 0
    # z-loss
    P(J, "z_loss", F32, "ok", z_loss(F32), z=[100.0, 101.0, 99.0]),
    P(J, "z_loss", F64, "ok", z_loss(F64), z=[800.0, 800.0]),
    P(J, "z_loss_naive", F32, "unstable", z_loss(F32), "jnp.log(jnp.sum(jnp.exp(z))) ** 2", z=[100.0, 101.0, 99.0]),
    # temperature
    P(J, "temp_softmax", F64, "ok", temp_softmax, s=[1.0, 1.0, 0.5], tau=1e-30),  # tied: slopes +-7.5e29, tau 0
    P(J, "temp_softmax", F32, "unstable", temp_softmax, s=[1.0, 1.0, 0.5], tau=1e-30),  # s / tau^2 = inf
    # masks
    P(J, "causal_where", F64, "ok", masked(CAUSAL), s=S33),
    P(J, "causal_where", F32, "ok", masked(CAUSAL), s=S33_BIG),
    P(J, "causal_add_1e9", F64, "ok", masked(CAUSAL, add=mpf(-1e9)), s=S33),
    Nan(J, "padded_where_inf", F64, "domain", s=S33),  # query 0: softmax of an all -inf row
    P(J, "padded_where_1e9", F64, "ok", masked(PAD, fill=mpf(-1e9)), s=S33),  # query 0 uniform, slopes 0
    P(J, "padded_add_1e9", F64, "ok", masked(PAD, add=mpf(-1e9)), s=S33),  # 0.5 - 1e9 etc. exact in doubles
    P(J, "padded_add_1e9", F64, "unstable", masked(PAD, add=mpf(-1e9)), s=S33P),  # 0.3 - 1e9 rounds: 23 bits lost
    P(J, "padded_add_1e9", F32, "unstable", masked(PAD, add=mpf(-1e9)), s=S33),  # all three round to -1e9
    P(J, "padded_safe", F64, "ok", masked(PAD, empty="zero"), s=S33),
    # online softmax
    P(J, "online_softmax", F64, "ok", online_all, s=S3),
    P(J, "online_softmax", F32, "ok", online_all, s=[1e4, 1e4, 9999.5]),
    Nan(J, "online_softmax_masked", F64, "domain", s=S3),  # exp(-inf - (-inf)) at every point near
    P(J, "online_softmax_guarded", F64, "ok", online_tail, s=S3),
    # SwiGLU / GeGLU
    P(J, "swiglu", F64, "ok", swiglu, a=[-800.0, 1.0], b=[2.0, 0.5]),
    P(J, "swiglu_naive", F64, "ok", swiglu, a=[0.5, -1.0], b=[2.0, 0.5]),
    P(J, "swiglu_naive", F64, "unstable", swiglu, "jnp.sum(a / (1.0 + jnp.exp(-a)) * b)", a=[-800.0, 1.0],
      b=[2.0, 0.5]),
    P(J, "swiglu_naive", F32, "unstable", swiglu, a=[-100.0, 1.0], b=[2.0, 0.5]),
    P(J, "geglu_tanh", F64, "ok", geglu(F64), a=[0.5, -1.5], b=[1.0, 2.0]),
    P(J, "geglu_tanh", F64, "ok", geglu(F64), a=[-800.0, 0.5], b=[1.0, 2.0]),
    P(J, "geglu_tanh", F32, "unstable", geglu(F32), a=[1e20, 0.5], b=[1.0, 1.0]),  # 3 x^2 = inf times sech^2 = 0
    P(J, "geglu", F32, "unstable", geglu_lib, a=[1e20, 0.5], b=[1.0, 1.0]),
    P(J, "geglu", F64, "ok", geglu_lib, a=[0.5, -1.5], b=[1.0, 2.0]),
    # KL, label smoothing
    P(J, "kl_naive", F64, "unstable", kl, a=[0.0, -800.0], b=[0.5, -1.0]),  # p[1] = 0: 0 * log 0
    P(J, "kl_log_softmax", F64, "ok", kl, a=[0.0, -800.0], b=[0.5, -1.0]),
    P(J, "ls_ce", F64, "ok", ls_ce, logits=[800.0, 0.0, -800.0], ls=0.1),
    P(J, "ls_ce", F32, "ok", ls_ce, logits=[100.0, 0.0, -100.0], ls=0.1),
    P(J, "ls_ce_naive", F64, "ok", ls_ce, logits=[0.5, -1.0, 2.0], ls=0.1),
    P(J, "ls_ce_naive", F64, "unstable", ls_ce, "jnp.log(jax.nn.softmax(logits))", logits=[800.0, 0.0, -800.0],
      ls=0.1),
    # dot_product_attention (its softmax in float32 whatever the dtype)
    P(J, "dpa_causal", F32, "ok", dpa_causal, x=XA),
    P(J, "dpa_padded", F32, "ok", dpa_padded_uniform, x=XA),  # query 0: a large finite fill, uniform
    # custom rules
    P(J, "rmsnorm_custom", F64, "wrong", rmsnorm(F64), "def _rms_unit_bwd", x=X3),  # the rms held constant
    P(J, "rmsnorm_custom", F32, "wrong", rmsnorm(F32), "def _rms_unit_bwd", x=X3),
    P(J, "rmsnorm_custom", F64, "ok", rmsnorm(F64), x=Z3),  # at 0 the dropped term is 0: right there
    P(J, "softcap_custom", F32, "ok", lambda x: softcap(x, mpf(30)), x=[1e4, 1.0]),
]

TORCH = [
    P(T_, "rmsnorm", F32, "unstable", rmsnorm(F32), x=BIG3),
    Nan(T_, "rmsnorm_eps0", F64, "domain", x=Z3),
    P(T_, "rms_norm_f", F64, "ok", rmsnorm(F64), x=Z3),
    P(T_, "rms_norm_f", F32, "unstable", rmsnorm(F32), x=X3),  # G parallel to x: exact 4.3e-7, given 3.0e-7
    P(T_, "layer_norm", F64, "ok", layernorm(F64), x=C3),
    P(T_, "rope", F64, "ok", rope(F64), x=XR, pos=1e6),
    P(T_, "rope", F32, "unstable", rope(F32), x=XR, pos=1e6),
    P(T_, "softcap", F64, "ok", softcap, x=[1e30, 2.0], c=30.0),
    P(T_, "softcap", F32, "unstable", softcap, x=[1.0, 2.0], c=1e-30),
    P(T_, "z_loss", F32, "ok", z_loss(F32), z=[100.0, 101.0, 99.0]),
    P(T_, "causal_fill", F64, "ok", masked(CAUSAL), s=S33),
    Nan(T_, "padded_fill", F64, "domain", s=S33),
    P(T_, "padded_add_1e9", F64, "unstable", masked(PAD, add=mpf(-1e9)), s=S33P),
    Nan(T_, "online_softmax", F64, "domain", s=S3),
    P(T_, "swiglu", F64, "ok", swiglu, a=[-800.0, 1.0], b=[2.0, 0.5]),
    P(T_, "geglu", F64, "ok", geglu_lib, a=[0.5, -1.5], b=[1.0, 2.0]),
    P(T_, "geglu", F32, "unstable", geglu_lib, a=[1e20, 0.5], b=[1.0, 1.0]),
    P(T_, "kl_div", F64, "ok", kl, a=[0.0, -800.0], b=[0.5, -1.0]),
    P(T_, "kl_div_probs", F64, "ok", kl, a=[0.5, -1.0], b=[1.0, 2.0]),
    P(T_, "kl_div_probs", F64, "unstable", kl, a=[0.0, -800.0], b=[0.5, -1.0]),  # xlogy's log p + 1 = -inf times 0
    P(T_, "ls_ce", F64, "ok", ls_ce_01(F64), logits=[800.0, 0.0, -800.0]),
    P(T_, "sdpa_causal", F64, "ok", dpa_causal, x=XA),
    P(T_, "sdpa_causal", F32, "ok", dpa_causal, x=XA),
    P(T_, "sdpa_padded", F64, "ok", sdpa_padded_zero, x=XA),  # PyTorch's fully masked row is 0
    P(T_, "swiglu_custom", F64, "ok", swiglu, a=[0.5, -1.0], b=[2.0, 0.5]),
    P(T_, "swiglu_custom_wrong", F64, "wrong", swiglu, "class SiLUWrong>>def backward(ctx, g):", a=[0.5, -1.0],
      b=[2.0, 0.5]),
    P(T_, "swiglu_custom_wrong", F64, "ok", swiglu, a=[0.0, -1e-300], b=[2.0, 0.5]),
]

TF = [
    P(K, "rmsnorm", F64, "ok", rmsnorm(F64), x=Z3),
    P(K, "rmsnorm", F32, "unstable", rmsnorm(F32), x=BIG3),
    P(K, "layer_norm", F64, "ok", layernorm(F64), x=C3),
    P(K, "rope", F32, "unstable", rope(F32), x=XR, pos=1e6),
    P(K, "softcap", F32, "unstable", softcap, x=[1.0, 2.0], c=1e-30),
    P(K, "z_loss", F32, "ok", z_loss(F32), z=[100.0, 101.0, 99.0]),
    P(K, "causal_where", F64, "ok", masked(CAUSAL), s=S33),
    Nan(K, "padded_where", F64, "domain", s=S33),
    P(K, "padded_add_1e9", F64, "unstable", masked(PAD, add=mpf(-1e9)), s=S33P),
    P(K, "online_softmax", F64, "ok", online_tail, s=S3),
    P(K, "swiglu", F64, "ok", swiglu, a=[-800.0, 1.0], b=[2.0, 0.5]),
    P(K, "geglu", F32, "unstable", geglu_tf, a=[1e20, 0.5], b=[1.0, 1.0]),
    P(K, "geglu", F32, "ok", geglu_tf, a=[0.5, -1.5], b=[1.0, 2.0]),
    P(K, "ls_ce", F64, "ok", ls_ce_keras, logits=[800.0, 0.0, -800.0]),
    P(K, "rmsnorm_custom", F64, "ok", rmsnorm(F64), x=X3),
    P(K, "rmsnorm_custom", F32, "unstable", rmsnorm(F32), x=X3),  # G parallel to x: the rule's subtraction cancels
    P(K, "rmsnorm_custom", F32, "ok", rmsnorm(F32), x=[0.5, 1.0, -1.5]),
]

NUMPY = [
    Nan(N, "rmsnorm", F64, "domain", x=Z3),
    P(N, "rmsnorm_eps", F64, "ok", rmsnorm(F64), x=Z3),
    P(N, "layernorm", F64, "ok", layernorm(F64), x=C3),
    P(N, "rope", F64, "ok", rope(F64), x=XR, pos=1e6),
    P(N, "softcap", F64, "ok", softcap, x=[1.0, 2.0], c=1e-30),
    P(N, "z_loss_naive", F64, "unstable", z_loss(F64), "1e-4 * np.log(np.sum(np.exp(z))) ** 2", z=[800.0, 801.0]),
    P(N, "z_loss", F64, "ok", z_loss(F64), z=[800.0, 801.0]),
    P(N, "causal_where", F64, "ok", masked(CAUSAL), s=S33),
    Nan(N, "padded_where", F64, "domain", s=S33),
    Nan(N, "online_softmax", F64, "domain", s=S3),
    P(N, "online_softmax_guarded", F64, "ok", online_tail, s=S3),
    P(N, "swiglu", F64, "unstable", swiglu, a=[-800.0, 1.0], b=[2.0, 0.5]),
    P(N, "geglu", F64, "ok", geglu(F64), a=[-800.0, 0.5], b=[1.0, 2.0]),
    P(N, "kl_naive", F64, "unstable", kl, a=[0.0, -800.0], b=[0.5, -1.0]),
    P(N, "ls_ce_naive", F64, "unstable", ls_ce_np, logits=[800.0, 0.0, -800.0]),
    P(N, "ls_ce", F64, "ok", ls_ce_np, logits=[800.0, 0.0, -800.0]),
]

ALL = JAX + TORCH + TF + NUMPY
