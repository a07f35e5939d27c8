"""The sixty-sixth trial set (d): ACTIVATION FUNCTIONS AT THEIR EDGES, called as users call them, on issues 28 and
29's bridges. PyTorch (torch_lib66d): F.gelu (erf form, and approximate="tanh") at -30, -40 and in float32 at -10 / -5,
F.silu and F.mish at +-100 (float32: -80), F.elu (alpha 1 at 0: a smooth join; alpha 2: a kink; at -800),
F.selu at 0 (a kink, slopes lambda alpha and lambda), F.celu(alpha=0.5) at 0 (smooth for every alpha), F.softsign at
0, F.hardswish / F.hardsigmoid / F.hardtanh / F.relu6 at their breakpoints (and 1 ulp beside -3), F.leaky_relu with
slope 0.01 (a kink) and 1.0 (the identity) at 0, F.prelu with weight 1 at 0, F.softplus(beta=2, threshold=20) at its
threshold x = 10 and 1 ulp either side, F.logsigmoid at +-800, log_softmax with a -inf mask, relu(x) - relu(-x) at 0.
JAX (jax_lib66d): jax.nn.gelu(approximate=False) (erfc) and (approximate=True) (tanh), jax.nn.silu, a Mish by
jax.nn.softplus, jax.nn.elu / celu / selu, relu6 / hard_sigmoid / hard_swish / hard_tanh, leaky_relu(1.0),
log_sigmoid at +-800, sparse_plus at -1 and 1 (C1 joins), squareplus at -1e8, glu at +-800, a -inf-masked
log_softmax, relu(x) - relu(-x). TensorFlow (tf_lib66d): tf.nn.gelu both forms, tf.nn.silu, elu, selu,
leaky_relu(alpha=1), relu6, crelu weighted [1, 1, -1, -1] (= x), tf.math.log_sigmoid, softsign, a masked
log_softmax, tf.keras.activations' gelu, swish, mish, hard_sigmoid (Keras 3: relu6(x + 3) / 6). NumPy (np_lib66d):
a tanh-form GELU, SiLU x / (1 + exp(-x)) at +-800, Mish at 100 and 1000, ELU by np.where, a thresholded softplus at
20, hardswish by np.clip, softsign, a naive and a stable log-sigmoid at +-800, relu(x) - relu(-x), a masked
log-softmax.

Counts: 107 cases written and judged through tests/trials/judge.py (a driver in a scratch folder, two at a time); 22 dropped
as repeats (ordinary points and a second dtype of a function already covered), leaving 85: 42 ok, 15 unstable,
25 domain, 3 wrong. All 85 agree with my truths (after the correction below); no finding is held as an xfail.

Agreed with my truths (exact gradients to 1e-10, verdicts, the user's line where given):
- far tails: PyTorch's erf-form F.gelu at -30 in float64 and at -10 in float32 is unstable (its 0.5 (1 + erf(x/sqrt2))
  is 1 - 1 = 0 where Phi(-30) = 4.9e-198; value and slope lose Phi), at -40 in float64 ok (the slope, ~1e-346, is
  below float64's range); JAX's and TensorFlow's erfc forms (jax.nn.gelu(approximate=False), tf.nn.gelu, Keras' gelu)
  at -30 / -10 are ok; every tanh form (F.gelu(approximate="tanh"), jax.nn.gelu(approximate=True), tf.nn.gelu(
  approximate=True), NumPy by hand) at -10 in float64 and -5 in float32 is unstable (1 + tanh(u) cancels);
  F.silu / F.mish at +-100 in float64 ok, F.silu at -100 in float32 unstable (PyTorch's gradient -0 where the slope
  is -3.68e-42, a subnormal float32 holds), F.mish at [-80, 100] float32 ok, jax.nn.silu at +-100 in float32 ok
  (XLA flushes subnormals), Keras swish / mish at +-80 ok, tf.nn.silu(beta=2) ok; log-sigmoid at +-800 (PyTorch both
  dtypes, JAX, TensorFlow, NumPy's logaddexp) ok, NumPy's log(1 / (1 + exp(-x))) at -800 unstable, NumPy's SiLU
  x / (1 + exp(-x)) at -800 and Mish by log1p(exp(x)) at 1000 unstable (exp overflows), jax.nn.squareplus at -1e8
  unstable (x + sqrt(x^2 + 4) cancels), jax.nn.glu at +-800 ok, F.tanhshrink at 1e-4 in float32 unstable;
- smooth joins (one-sided slopes equal): ELU with alpha 1 at 0 (PyTorch, JAX, TensorFlow, NumPy's where), CELU with
  alpha 0.5 at 0 (PyTorch, JAX), softsign at 0, leaky_relu with slope 1 and prelu with weight 1 at 0, JAX's
  sparse_plus at -1 and 1, hardswish at 0 and 1 ulp beside -3: ok with the common slope; relu(x) - relu(-x) = x at 0
  is `wrong` in PyTorch, JAX and TensorFlow (tf.nn.crelu weighted [1, 1, -1, -1]): each relu's rule gives 0 at 0,
  the framework's gradient 0 where both sides' slope is 1; NumPy's maximum (gradcli's own rule) ok;
- kinks and jumps: ELU with alpha 2, SELU (PyTorch, JAX, TensorFlow, NumPy by hand) at 0, hardswish at -3 and 3,
  hardsigmoid (and Keras' hard_sigmoid, hard_silu) at -3, hardtanh at +-1, relu6 at 0 and 6, leaky_relu 0.01 at 0,
  rrelu in eval mode at 0, softshrink and hardshrink at their lambda, PyTorch's F.softplus(beta=2, threshold=20) at
  x = 10 (a jump of log(1 + e^-20) / 2) in both dtypes, NumPy's where(x > 20, x, log1p(exp(x))) at 20: domain;
  1 ulp above PyTorch's threshold (10.000000000000002, and float32's 10.000001) ok, slope 1;
- -inf masks: a log_softmax of x + [-inf, 0, 0] (PyTorch, JAX, TensorFlow, NumPy) and jax.nn.softmax(where=mask): ok,
  slope 0 in the masked entry.

My truths corrected (gradcli was right):
- tf_lib66d's GELUs (gelu_erf at -30 in float64, at -10 in float32, Keras' gelu, gelu_tanh in both dtypes): I held
  tf.nn.gelu's constants as the mathematics (1/sqrt(2), 0.044715); TensorFlow writes math_ops.cast(0.7071067811865476,
  dtype) and math_ops.cast(0.044715, dtype), and a cast of a Python float makes a float32 constant first:
  tf.cast(0.7071067811865476, tf.float64) is 0.7071067690849304, so TensorFlow's program holds both at float32's
  rounding in every dtype. TensorFlow's own float64 x.grad at x = 1, 1.0833154664465336, is the slope with that
  constant (the mathematics' is 1.0833154705876863), as is gradcli's exact gradient; the bare multiplier
  0.7978845608028654 of the tanh form is held as sqrt(2/pi) by gradcli (a float32 check agrees with it at 1e-10).

Findings: none held. A note on the wording: README's constants paragraph names tf.nn.gelu's constant among those that
"enter as the library wrote it, the mathematics it means, in every dtype"; gradcli holds the cast constants at
float32's rounding (what TensorFlow computes, in float64 too), which I take as right, so the README sentence overstates
for TensorFlow's cast constants. Reproduce: gradcli check tests/trials/tf_lib66d.py:gelu_erf --at "x=[-30,0.5]"
--dtype float64 --json (exact gradient x[1] 0.867495119383989; with 1/sqrt(2) it would be 0.86749512465616284).

Slow: no check passed 60 s. Through the CLI two at a time, on a loaded machine: NumPy 0.4-0.6 s, JAX 1.7-4.3 s, PyTorch
2.8-6.0 s, TensorFlow 4.5-12.8 s.

Truths are my own expression of each activation's derivative, written out piece by piece (kinks and jumps NaN, C1
joins their common slope), at 2,000 digits at the numbers the dtype holds, library constants as the library writes
them (GELU's 0.044715 and sqrt(2/pi), SELU's alpha and scale), never the files' code.
"""
import mpmath
import numpy as np

from cases import Case
from cases5 import hp

N, J, T, K = "np_lib66d.py", "jax_lib66d.py", "torch_lib66d.py", "tf_lib66d.py"
NAN = mpmath.nan
mpf = mpmath.mpf
F32, F64 = "float32", "float64"


def _c(dtype, value):
    """A number as the dtype holds it."""
    return mpf(float(np.array(value, dtype=np.float64).astype(np.dtype(dtype))))


def E(fn, dtype, **point):
    """{name: [slope of the summed activation at each entry]}: fn maps the held entries to the slopes."""
    return hp(lambda: {k: fn([_c(dtype, v) for v in vals]) for k, vals in point.items()})


def each(f):
    return lambda xs: [f(v) for v in xs]


# ------------------------------------------------------------------------------------------------- the mathematics
def _sig(v):
    return 1 / (1 + mpmath.exp(-v))


def _Phi(v):
    return mpmath.erfc(-v / mpmath.sqrt(2)) / 2


def _phi(v):
    return mpmath.exp(-v * v / 2) / mpmath.sqrt(2 * mpmath.pi)


def d_gelu(v):
    return _Phi(v) + v * _phi(v)


def d_gelu_tanh(v, c=None, k=mpf("0.044715")):
    """0.5 x (1 + tanh(c (x + k x^3))): 0.5 (1 + tanh u) + 0.5 x sech^2(u) c (1 + 3 k x^2); 1 + tanh u = 2/(1 + e^-2u)."""
    c = mpmath.sqrt(2 / mpmath.pi) if c is None else c
    u = c * (v + k * v ** 3)
    return 1 / (1 + mpmath.exp(-2 * u)) + v / 2 * mpmath.sech(u) ** 2 * c * (1 + 3 * k * v * v)


def d_silu(v):
    s = _sig(v)
    return s * (1 + v * (1 - s))


def d_mish(v):
    sp = mpmath.log(1 + mpmath.exp(v))
    return mpmath.tanh(sp) + v * mpmath.sech(sp) ** 2 * _sig(v)


def d_elu(alpha):
    return lambda v: mpf(1) if v > 0 else (alpha * mpmath.exp(v) if v < 0 else (mpf(1) if alpha == 1 else NAN))


SELU_A = mpf("1.6732632423543772848170429916717")
SELU_L = mpf("1.0507009873554804934193349852946")


def d_selu(v):
    return SELU_L if v > 0 else (SELU_L * SELU_A * mpmath.exp(v) if v < 0 else NAN)


def d_celu(alpha):
    return lambda v: mpf(1) if v >= 0 else mpmath.exp(v / alpha)  # e^0 = 1 on the left at 0: smooth for every alpha


def d_softsign(v):
    return 1 / (1 + abs(v)) ** 2


def d_hardswish(v):
    if v in (-3, 3):
        return NAN
    return mpf(0) if v < -3 else (mpf(1) if v > 3 else (2 * v + 3) / 6)


def d_hardsigmoid(v):
    return NAN if v in (-3, 3) else (mpf(1) / 6 if -3 < v < 3 else mpf(0))


def d_hardtanh(v):
    return NAN if v in (-1, 1) else (mpf(1) if -1 < v < 1 else mpf(0))


def d_relu6(v):
    return NAN if v in (0, 6) else (mpf(1) if 0 < v < 6 else mpf(0))


def d_leaky(a):
    return lambda v: mpf(1) if v > 0 else (a if v < 0 else (mpf(1) if a == 1 else NAN))


def d_softplus_thr(beta, thr):
    """x where x beta > thr, log1p(exp(beta x)) / beta below; at x beta = thr the value jumps (log(1 + e^-thr)/beta)."""
    return lambda v: mpf(1) if v * beta > thr else (NAN if v * beta == thr else _sig(beta * v))


def d_log_sigmoid(v):
    return _sig(-v)


def d_sparse_plus(v):
    return mpf(0) if v <= -1 else (mpf(1) if v >= 1 else (v + 1) / 2)  # the joins at -1 and 1 are C1


def d_squareplus(v, b=4):
    return (1 + v / mpmath.sqrt(v * v + b)) / 2


def g_glu(xs):
    a, b = xs[:2], xs[2:]
    return [_sig(w) for w in b] + [u * _sig(w) * (1 - _sig(w)) for u, w in zip(a, b)]


def g_masked_lsm(xs):
    """log_softmax([-inf, x1, x2])[1]: constant in x0; (1 - p1, -p2) in the others."""
    e1, e2 = mpmath.exp(xs[1]), mpmath.exp(xs[2])
    return [mpf(0), 1 - e1 / (e1 + e2), -e2 / (e1 + e2)]


def d_tanhshrink(v):
    return mpmath.tanh(v) ** 2


def d_shrink_soft(v, l=mpf("0.5")):
    return NAN if abs(v) == l else (mpf(1) if abs(v) > l else mpf(0))


def d_shrink_hard(v, l=mpf("0.5")):
    return NAN if abs(v) == l else (mpf(1) if abs(v) > l else mpf(0))  # a jump of 0.5 at |x| = l


def d_rrelu_eval(v, lo=mpf(1) / 8, hi=mpf(1) / 3):
    return mpf(1) if v > 0 else ((lo + hi) / 2 if v < 0 else NAN)


def d_hard_silu(v):
    return d_hardswish(v)


def d_silu_beta(v, b=2):
    s = _sig(b * v)
    return s + v * b * s * (1 - s)


def g_softmax_where(xs, w=(5, 1, 2)):
    """sum w softmax over the unmasked entries 1, 2: entry 0 is out of it (slope 0)."""
    e1, e2 = mpmath.exp(xs[1]), mpmath.exp(xs[2])
    p1, p2 = e1 / (e1 + e2), e2 / (e1 + e2)
    m = w[1] * p1 + w[2] * p2
    return [mpf(0), p1 * (w[1] - m), p2 * (w[2] - m)]


NP_SELU_A, NP_SELU_L = _c(F64, 1.6732632423543772), _c(F64, 1.0507009873554805)


def d_np_selu(v):
    return NP_SELU_L if v > 0 else (NP_SELU_L * NP_SELU_A * mpmath.exp(v) if v < 0 else NAN)


ONE = each(lambda v: mpf(1))  # relu(x) - relu(-x) = x: smooth everywhere, slope 1 (both sides of 0 agree)

# NumPy's user-written constants, as float64 holds them
NP_C = mpf(float(np.sqrt(2 / np.pi)))

# TensorFlow's tf.nn.gelu writes math_ops.cast(0.7071067811865476, dtype) and math_ops.cast(0.044715, dtype): a cast of
# a Python float makes a float32 constant first, so TensorFlow's program holds both at float32's rounding in every
# dtype (checked: tf.cast(0.7071067811865476, tf.float64) = 0.7071067690849304; TensorFlow's own float64 x.grad of
# tf.nn.gelu at 1 is 1.0833154664465336, the slope with that constant). The bare multiplier 0.7978845608028654 of the
# tanh form is the mathematics it means, sqrt(2/pi). (My first truths used 1/sqrt(2) and 0.044715 exactly.)
TF_SQRT_HALF = _c(F32, 0.7071067811865476)
TF_K = _c(F32, 0.044715)


def d_tf_gelu(v, c=TF_SQRT_HALF):
    """0.5 x erfc(-c x): 0.5 erfc(-c x) + x c e^(-c^2 x^2) / sqrt(pi)."""
    return mpmath.erfc(-c * v) / 2 + v * c * mpmath.exp(-c * c * v * v) / mpmath.sqrt(mpmath.pi)


def d_tf_gelu_tanh(v):
    return d_gelu_tanh(v, None, TF_K)
NP_K = _c(F64, 0.044715)

UP64, DN64 = "10.000000000000002", "9.999999999999998"  # 10 +- 1 ulp in float64

ALL = [
    # ---------------------------------------------------------------------------------------------------- PyTorch
    Case(T, "gelu_erf", "x=[-30,0.5]", F64, "unstable", E(each(d_gelu), F64, x=[-30, 0.5])),
    Case(T, "gelu_erf", "x=[-40,0.5]", F64, "ok", E(each(d_gelu), F64, x=[-40, 0.5])),
    Case(T, "gelu_erf", "x=[-10,1]", F32, "unstable", E(each(d_gelu), F32, x=[-10, 1])),
    Case(T, "gelu_tanh", "x=[-5,1]", F32, "unstable", E(each(d_gelu_tanh), F32, x=[-5, 1])),
    Case(T, "gelu_tanh", "x=[-10,1]", F64, "unstable", E(each(d_gelu_tanh), F64, x=[-10, 1])),
    Case(T, "silu", "x=[-100,100]", F64, "ok", E(each(d_silu), F64, x=[-100, 100])),
    Case(T, "mish", "x=[-100,100]", F64, "ok", E(each(d_mish), F64, x=[-100, 100])),
    Case(T, "elu", "x=[0,-1,2]", F64, "ok", E(each(d_elu(1)), F64, x=[0, -1, 2])),
    Case(T, "elu2", "x=[0,1]", F64, "domain", E(each(d_elu(2)), F64, x=[0, 1])),
    Case(T, "selu", "x=[0,1]", F64, "domain", E(each(d_selu), F64, x=[0, 1])),
    Case(T, "celu_half", "x=[0,-1]", F64, "ok", E(each(d_celu(mpf("0.5"))), F64, x=[0, -1])),
    Case(T, "softsign", "x=[0,-2]", F64, "ok", E(each(d_softsign), F64, x=[0, -2])),
    Case(T, "hardswish", "x=[-3,3,0]", F64, "domain", E(each(d_hardswish), F64, x=[-3, 3, 0])),
    Case(T, "hardswish", "x=[-2.9999999999999996,1]", F64, "ok",
         E(each(d_hardswish), F64, x=[-2.9999999999999996, 1])),
    Case(T, "hardsigmoid", "x=[-3,0]", F64, "unstable", E(each(d_hardsigmoid), F64, x=[-3, 0])),
    Case(T, "hardtanh", "x=[1,0.5]", F64, "domain", E(each(d_hardtanh), F64, x=[1, 0.5])),
    Case(T, "relu6", "x=[6,3]", F64, "domain", E(each(d_relu6), F64, x=[6, 3])),
    Case(T, "leaky", "x=[0,1]", F64, "domain", E(each(d_leaky(mpf("0.01"))), F64, x=[0, 1])),
    Case(T, "leaky_one", "x=[0,-1]", F64, "ok", E(each(d_leaky(1)), F64, x=[0, -1])),
    Case(T, "prelu_one", "x=[0,-2]", F64, "ok", E(ONE, F64, x=[0, -2])),
    Case(T, "softplus_beta", "x=[10,1]", F64, "domain", E(each(d_softplus_thr(2, 20)), F64, x=[10, 1])),
    Case(T, "softplus_beta", f"x=[{UP64},1]", F64, "ok", E(each(d_softplus_thr(2, 20)), F64, x=[float(UP64), 1])),
    Case(T, "softplus_beta", "x=[10,1]", F32, "domain", E(each(d_softplus_thr(2, 20)), F32, x=[10, 1])),
    Case(T, "logsigmoid", "x=[-800,800]", F64, "ok", E(each(d_log_sigmoid), F64, x=[-800, 800])),
    Case(T, "log_softmax_masked", "x=[0.5,1,-1]", F64, "ok", E(g_masked_lsm, F64, x=[0.5, 1, -1])),
    # relu(x) - relu(-x) is x: both sides of 0 have slope 1; PyTorch's relu rule gives 0 at 0 to each term
    Case(T, "relu_odd", "x=[0,1.5]", F64, "wrong", E(ONE, F64, x=[0, 1.5])),
    Case(T, "tanhshrink", "x=[0.0001,2]", F32, "unstable", E(each(d_tanhshrink), F32, x=[0.0001, 2])),
    Case(T, "softshrink", "x=[0.5,1]", F64, "domain", E(each(d_shrink_soft), F64, x=[0.5, 1])),
    Case(T, "hardshrink", "x=[-0.5,1]", F64, "domain", E(each(d_shrink_hard), F64, x=[-0.5, 1])),
    Case(T, "rrelu_eval", "x=[0,1]", F64, "domain", E(each(d_rrelu_eval), F64, x=[0, 1])),
    Case(T, "silu", "x=[-100,100]", F32, "unstable", E(each(d_silu), F32, x=[-100, 100])),
    Case(T, "softplus_beta", "x=[10.000001,1]", F32, "ok", E(each(d_softplus_thr(2, 20)), F32, x=[10.000001, 1])),
    # ---------------------------------------------------------------------------------------------------- JAX
    Case(J, "gelu_erf", "x=[-30,0.5]", F64, "ok", E(each(d_gelu), F64, x=[-30, 0.5])),
    Case(J, "gelu_erf", "x=[-10,1]", F32, "ok", E(each(d_gelu), F32, x=[-10, 1])),
    Case(J, "gelu_tanh", "x=[-10,1]", F64, "unstable", E(each(d_gelu_tanh), F64, x=[-10, 1])),
    Case(J, "gelu_tanh", "x=[-5,1]", F32, "unstable", E(each(d_gelu_tanh), F32, x=[-5, 1])),
    Case(J, "silu", "x=[-100,100]", F32, "ok", E(each(d_silu), F32, x=[-100, 100])),
    Case(J, "mish", "x=[-100,100]", F64, "ok", E(each(d_mish), F64, x=[-100, 100])),
    Case(J, "elu", "x=[0,-1]", F64, "ok", E(each(d_elu(1)), F64, x=[0, -1])),
    Case(J, "elu2", "x=[0,1]", F64, "domain", E(each(d_elu(2)), F64, x=[0, 1])),
    Case(J, "celu_half", "x=[0,-1]", F32, "ok", E(each(d_celu(mpf("0.5"))), F32, x=[0, -1])),
    Case(J, "selu", "x=[0,1]", F64, "domain", E(each(d_selu), F64, x=[0, 1])),
    Case(J, "relu6", "x=[0,6]", F32, "domain", E(each(d_relu6), F32, x=[0, 6])),
    Case(J, "hard_sigmoid", "x=[-3,0]", F64, "domain", E(each(d_hardsigmoid), F64, x=[-3, 0])),
    Case(J, "hard_swish", "x=[0,1]", F64, "ok", E(each(d_hardswish), F64, x=[0, 1])),
    Case(J, "hard_tanh", "x=[-1,0]", F64, "domain", E(each(d_hardtanh), F64, x=[-1, 0])),
    Case(J, "leaky_one", "x=[0,-1]", F64, "ok", E(each(d_leaky(1)), F64, x=[0, -1])),
    Case(J, "log_sigmoid", "x=[-800,800]", F64, "ok", E(each(d_log_sigmoid), F64, x=[-800, 800])),
    Case(J, "sparse_plus", "x=[-1,1,0.5,-2]", F64, "ok", E(each(d_sparse_plus), F64, x=[-1, 1, 0.5, -2])),
    Case(J, "squareplus", "x=[-1e8,0.5]", F64, "unstable", E(each(d_squareplus), F64, x=[-1e8, 0.5])),
    Case(J, "glu", "x=[1,2,-800,800]", F64, "ok", E(g_glu, F64, x=[1, 2, -800, 800])),
    Case(J, "log_softmax_masked", "x=[0.5,1,-1]", F64, "ok", E(g_masked_lsm, F64, x=[0.5, 1, -1])),
    Case(J, "relu_odd", "x=[0,1.5]", F64, "wrong", E(ONE, F64, x=[0, 1.5])),
    Case(J, "softmax_where", "x=[0.5,1,-1]", F64, "ok", E(g_softmax_where, F64, x=[0.5, 1, -1])),
    # ---------------------------------------------------------------------------------------------------- TensorFlow
    Case(K, "gelu_erf", "x=[-30,0.5]", F64, "ok", E(each(d_tf_gelu), F64, x=[-30, 0.5])),
    Case(K, "gelu_tanh", "x=[-10,1]", F64, "unstable", E(each(d_tf_gelu_tanh), F64, x=[-10, 1])),
    Case(K, "silu", "x=[-100,100]", F64, "ok", E(each(d_silu), F64, x=[-100, 100])),
    Case(K, "elu", "x=[0,-1]", F64, "ok", E(each(d_elu(1)), F64, x=[0, -1])),
    Case(K, "selu", "x=[0,1]", F64, "domain", E(each(d_selu), F64, x=[0, 1])),
    Case(K, "leaky_one", "x=[0,-1]", F64, "ok", E(each(d_leaky(1)), F64, x=[0, -1])),
    Case(K, "relu6", "x=[0,6]", F64, "domain", E(each(d_relu6), F64, x=[0, 6])),
    Case(K, "crelu_odd", "x=[0,1.5]", F64, "wrong", E(ONE, F64, x=[0, 1.5])),
    Case(K, "log_sigmoid", "x=[-800,800]", F64, "ok", E(each(d_log_sigmoid), F64, x=[-800, 800])),
    Case(K, "softsign", "x=[0,-2]", F32, "ok", E(each(d_softsign), F32, x=[0, -2])),
    Case(K, "log_softmax_masked", "x=[0.5,1,-1]", F64, "ok", E(g_masked_lsm, F64, x=[0.5, 1, -1])),
    Case(K, "keras_gelu", "x=[-10,1]", F32, "ok", E(each(d_tf_gelu), F32, x=[-10, 1])),
    Case(K, "keras_swish", "x=[-80,80]", F32, "ok", E(each(d_silu), F32, x=[-80, 80])),
    Case(K, "keras_mish", "x=[-80,80]", F32, "ok", E(each(d_mish), F32, x=[-80, 80])),
    Case(K, "keras_hard_sigmoid", "x=[-3,0]", F32, "domain", E(each(d_hardsigmoid), F32, x=[-3, 0])),
    Case(K, "gelu_tanh", "x=[-5,1]", F32, "unstable", E(each(d_tf_gelu_tanh), F32, x=[-5, 1])),
    Case(K, "keras_hard_silu", "x=[-3,3,0]", F32, "domain", E(each(d_hard_silu), F32, x=[-3, 3, 0])),
    Case(K, "silu_beta", "x=[0.5,-1]", F64, "ok", E(each(d_silu_beta), F64, x=[0.5, -1])),
    # ---------------------------------------------------------------------------------------------------- NumPy
    Case(N, "gelu_tanh", "x=[-10,1]", F64, "unstable", E(each(lambda v: d_gelu_tanh(v, NP_C, NP_K)), F64, x=[-10, 1]),
         "return np.sum(0.5 * x * (1 + np.tanh("),
    Case(N, "silu", "x=[-800,800]", F64, "unstable", E(each(d_silu), F64, x=[-800, 800])),
    Case(N, "mish", "x=[1000,1]", F64, "unstable", E(each(d_mish), F64, x=[1000, 1])),
    Case(N, "elu", "x=[0,-1]", F64, "ok", E(each(d_elu(1)), F64, x=[0, -1])),
    Case(N, "elu2", "x=[0,1]", F64, "domain", E(each(d_elu(2)), F64, x=[0, 1])),
    Case(N, "softplus_thresh", "x=[20,1]", F64, "domain", E(each(d_softplus_thr(1, 20)), F64, x=[20, 1])),
    Case(N, "hardswish", "x=[-3,3,0]", F64, "domain", E(each(d_hardswish), F64, x=[-3, 3, 0])),
    Case(N, "softsign", "x=[0,-2]", F64, "ok", E(each(d_softsign), F64, x=[0, -2])),
    Case(N, "log_sigmoid_naive", "x=[-800,1]", F64, "unstable", E(each(d_log_sigmoid), F64, x=[-800, 1])),
    Case(N, "log_sigmoid", "x=[-800,800]", F64, "ok", E(each(d_log_sigmoid), F64, x=[-800, 800])),
    Case(N, "relu_odd", "x=[0,1.5]", F64, "ok", E(ONE, F64, x=[0, 1.5])),
    Case(N, "log_softmax_masked", "x=[0.5,1,-1]", F64, "ok", E(g_masked_lsm, F64, x=[0.5, 1, -1])),
    Case(N, "selu", "x=[0,1]", F64, "domain", E(each(d_np_selu), F64, x=[0, 1])),
]
