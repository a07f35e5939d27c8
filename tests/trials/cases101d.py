"""The hundred-and-first trial set (d): ROBUST LOSSES AND M-ESTIMATORS, as JAX, PyTorch, TensorFlow and plain NumPy code
writes them (jax_lib101d, torch_lib101d, tf_lib101d, np_lib101d), on 2-4 residuals: Huber as optax writes it
(optax.huber_loss's min(|e|, delta) form, reproduced inline: optax is not installed in the venv) at ordinary points,
at |r| = delta exactly (jnp.minimum's tie) and at r = 0; Huber by jnp.where with delta an input at delta = 1 on the
switch and at delta = 0 (r = 0 too); torch.nn.HuberLoss, F.smooth_l1_loss with beta = 0 (its L1 limit: ordinary and
at r = 0) and beta = 1e-8 (r = beta, r = 0), and smooth L1 written with a where and beta an input (beta = 0: the idle
0.5 n^2 / beta branch); tf.keras.losses.huber (a mean); pseudo-Huber delta^2 (sqrt(1 + (r / delta)^2) - 1) at
delta = 1, at r = 0 and at delta = 1e-200 (float32 1e-20); Charbonnier sqrt(r^2 + eps^2) with eps = 1e-3, at eps = 0
with r = 0, at eps = 1e-200 (float32 1e-30: eps^2 underflows); log(cosh r) at 0.5, 1e-10, +-800 (float32 100) and
Keras' softplus form x + softplus(-2x) - log 2 (JAX's jax.nn.softplus; tf.keras.losses.logcosh) at the same points;
Cauchy (c = 1e-200), Geman-McClure (r = 1e160, r = 0), Tukey's biweight by where at |r| = c = 4.685 exactly (float32
too), Welsch at r = 1000 (exp(-5e5) underflows); Barron's rho(x, alpha, c) naive (the paper's equation) at alpha = 1,
2, 0, -1e300, 1e-8, with Barron's epsilon = 1e-6 guard at alpha = 0 and 2 (float32 too), and as robust_loss_pytorch's
general.lossfun (a where per special case, machine-epsilon clamps) at alpha = 1, 2, 0, -1e300, 1e-20, in JAX and
PyTorch; Huber's IRLS weights psi(r) / r (clip / r: 0 / 0 at r = 0; at |r| = delta) and a safe where form; QR-DQN's
quantile Huber (the indicator's jump at u = 0, the switch at |u| = kappa) and the pinball loss at u = 0; the MAD scale
1.4826 median(|r - median r|) at a tie of two deviations, odd and even counts (jnp.median, torch.median, np.median);
a custom_vjp / autograd.Function / tf.custom_gradient Huber whose backward clips the residual (right), and one whose
backward forgets |r| = delta (wrong on purpose at the switch, right elsewhere).

Truths: expressions written here from the mathematics (Huber, smooth L1 by cases, Barron's rho by its cases at
alpha = 0, 2, -inf and the general formula elsewhere, the MAD by sorting, the IRLS weight min(1, delta / |r|)), never
the library code, evaluated at 2,000 digits by cases30b's `sided_grad` with finite_sides (through cases73d's `S`): each
entry's slope from each side at the point as the dtype holds it, NaN where they differ or a side is undefined. Where a
program's constant or guard makes its function another one, the truth is that function: Barron's epsilon = 1e-6 (as the
dtype holds it), lossfun's machine-epsilon clamps (at alpha = 1e-20 the otherwise-branch is 4.5e-5 log(1 + y / 2), not
rho), Keras' log(2.0) computed in float32, Tukey's c ** 2 / 6 computed as a double (below). Barron cases with alpha an
input are judged in x alone (--wrt x, alpha and c held): rho's alpha-slope at alpha = 2 is infinite (y/4 log|alpha-2|),
which a numerical one-sided difference cannot see. Four truths by hand (`Z`): psi(r) / r at r = [0, 2] and the naive
rho at alpha = 0 and 2, each written out in its docstring.

Counts: 125 cases (JAX 77, PyTorch 23, TensorFlow 13, NumPy 12; 102 float64, 23 float32): ALL keeps 79 ok, 22 unstable,
16 domain, 8 wrong. Each case through the CLI exactly as tests/trials/judge.py runs it (/tmp/101d/run.py: two CLI runs
at a time, judged one at a time). The first pass of all 125: 20.7 minutes of CLI time, 2.2-25.3 s a check on the shared
machine (load 3-5): JAX 5.8-16.2 s, PyTorch 8.1-17.2 s, TensorFlow 13.5-25.3 s, NumPy 2.2-2.9 s; 117 agreed at once, 8
disagreed: 7 were my truths (corrected below, re-run: 1.0-13.0 s, agree), 1 is finding F1. Final: 124 agree (verdict,
every exact gradient entry to 1e-10, and the line where given), F1's one case disagrees.

Agreed (verdicts and exact slopes):
- Huber: optax's form ok at ordinary points, at |r| = delta (jnp.minimum's tie splits 0.5 / 0.5, and 0.5 + 0.5 is the
  C1 slope 1) and at r = 0 (float32 too); the where form ok on the switch and at delta = 0 (r's slopes 0, delta's
  |r| summed: 2.5, and 2 with r = 0); torch.nn.HuberLoss and tf.keras.losses.huber ok (on the switch too, float32 too);
- smooth L1: F.smooth_l1_loss(beta = 0) ok off 0 and domain at r = 0 (PyTorch's sign(0) = 0 is one choice of a
  kink's slopes -1 and 1); beta = 1e-8 ok at r = beta (C1) and r = 0; the user's where form wrong at beta = 0 in JAX
  (float32 too), PyTorch and TensorFlow: the idle 0.5 n^2 / beta branch's n / beta = inf times the where's 0 leaks NaN
  into r's slopes [1, -1] and beta's -1 (in TensorFlow too, as gradcli says); ok at beta = 1;
- pseudo-Huber ok at delta = 1 (float32) and r = 0; unstable at delta = 1e-200 (JAX, TensorFlow) and float32 1e-20:
  (r / delta)^2 overflows, delta^2 underflows: 0 * inf; Charbonnier ok with eps = 1e-3 at r = 0 (float32 too); domain
  at eps = 0, r = 0 (|r| and |eps|: r[0] and eps none, r[1] 1) in JAX, PyTorch and NumPy; unstable at eps = 1e-200
  (float32 1e-30): eps^2 = 0, sqrt'(0) = inf times 2r = 0, where the exact r[0] slope is 0 and eps's 1;
- log-cosh: naive unstable at +-800 (float32 100) in all four (cosh = inf: sinh / cosh = inf / inf), ok at 0.5 and at
  1e-10; the softplus form ok at +-800 and float32 100 (JAX, TensorFlow's Keras logcosh, whose log(2.0) is float32's);
  unstable at r = 1e-10 (1 - 2 sigmoid(2e-10) cancels: tanh(1e-10) keeps about 6 digits), where the naive form is ok;
- Cauchy ok, unstable at c = 1e-200; Geman-McClure ok (and r = 0: slopes 0), unstable at r = 1e160 (inf / inf: the
  exact slope 1.6e-479, beside -0.5 and c's -1) in JAX and NumPy; Tukey ok at |r| = c (psi = 0 on both sides; float32,
  TensorFlow) and beyond; Welsch ok, and at r = 1000 (the slope below float64's range: 0 is right);
- Barron naive: ok at alpha = 1 (float32 too, alpha's slope 0.2222 and c's -2.0125); domain at alpha = 2 (0 * inf: x
  NaN, JAX and NumPy); unstable at alpha = -1e300 (y / 1e300 + 1 rounds to 1: value 0 for 1 - e^(-y/2) summed) and at
  1e-8 (pow(., 5e-9) - 1 cancels in the value); the epsilon guard ok at alpha = 0 and 2 in float64, unstable at 0 in
  float32 (pow(., 5e-7) - 1 is below float32's eps); lossfun ok at alpha = 1, 2 (float32), 0 in JAX and PyTorch,
  unstable at -1e300 and at 1e-20 (alpha_safe = eps: its value 4.5e-5 log(1 + y/2) computed as pow(., 5e-21) - 1 = 0);
- IRLS: psi(r) / r domain at r = [0, 2] in all four (0 / 0 at any precision; r[1] keeps 0.0625), domain at |r| = 1 (the
  weight's kink: 0 and -1), ok off them; the where form ok at 0 (float32 too); quantile Huber ok at u = 0 (the
  indicator's jump times h(0) = h'(0) = 0), at |u| = kappa and in float32; pinball domain at u = 0 (tau keeps 1.5), ok
  off it; MAD ok (odd and even counts, float32; JAX, PyTorch, NumPy), domain where two deviations tie at the median;
- custom rules: the clipping backward ok (JAX, PyTorch, TensorFlow, on the switch too); the one that forgets
  |r| = delta wrong there (JAX float64 and float32, PyTorch, TensorFlow), naming the bwd / backward / grad, ok off it.

My truths corrected (gradcli right, each re-derived):
- Tukey in float32: I held c^2 / 6 as c32^2 / 6; the program's `c ** 2 / 6` is Python's double 4.685 ** 2 / 6, rounded
  to float32 once it meets the array (JAX's weak typing): r[1]'s slope -0.91095629372 (gradcli) for my -0.91095629338.
  Now the prefactor is held(float32, 4.685 ** 2 / 6): agree.
- psi(r) / r at r = [0, 2] (JAX, PyTorch, TensorFlow, NumPy), first `wrong` with r[0]'s truth 0 (the weight's limit 1
  near 0): as written, r[0]'s term is 0 / 0 at any precision (README: "at high precision 0/0 is NaN"; only a where
  guarding it, as `irls_weights_safe` does, makes the function 1 there); the point is outside the expression's domain:
  `domain`, r[0] none, r[1] 0.0625 (the NaN never meets it), as gradcli says.
- Barron naive at alpha = 2 (JAX, NumPy), first `wrong` with the limit's slopes x / c^2: likewise 0 * inf at any
  precision wherever x moves, alpha held: `domain`, no x with a slope, as gradcli says. At alpha = 0 likewise (F1, mended).

Findings:

F1 (mended: `domain_slopes._zero_made_of`, a 0 ops make of the moving inputs times an infinity, that
stays one however they move, is no value anywhere near): at a point where the value is NaN at any precision wherever the inputs move (inf * 0 with the 0 exact: Barron's
rho as written at alpha = 0, |alpha - 2| / alpha = 2 / 0 = inf times pow(., 0) - 1 = 0), gradcli reports the exact
gradient 0 for every x beside the exact value NaN, and a note that "the rule is wrong here", under the verdict
`domain`. README: "A 0/0 or inf - inf that stays one however the inputs move ... the function has no value there, and
no input has a slope"; the same program at alpha = 2 (0 * inf, the other way round) gets exact NaN for every x, as it
should. Reproduction (file f1.py):

    import numpy as np
    def f(x, alpha):
        b = np.abs(alpha - 2)
        return np.sum(b / alpha * ((x ** 2 / b + 1) ** (alpha / 2) - 1))

    gradcli check f1.py:f --at "x=[0.5,-2.0],alpha=0.0" --dtype float64 --wrt x

says `domain` with "exact value nan", "exact gradient [0, 0]", and "backward, gradient rule: the gradient rule gives
{x: [nan, nan]} even at high precision, where the exact derivative is {x: [0, 0]}: ... so the rule is wrong here".
True: `domain`, x: [nan, nan] (no value on any line through the point in x, so no slope; the derivative of a constant
0 times inf is no 0 where the product has no value). Sure because: 2 / 0 is inf and pow(u, 0) - 1 is exactly 0 for
every u, so every x near gives NaN (mpmath likewise: the expression has no value at alpha = 0), and gradcli's own
exact value column says nan; the 0 is the pow factor's derivative (0 * u^-1 * u') with the inf factor dropped. The
note calling the rule wrong contradicts the verdict it stands under. Case: jax_lib101d barron_naive at
x = [0.5, -2.0], alpha = 0.0, c = 1.0 (--wrt x), held in ALL as `domain` with x NaN: it fails until mended.

Observed (not in ALL): optax is not installed in the venv (its huber_loss reproduced inline from its source);
`--at` takes repr's "1e+300" and "1e+160" as typed; Keras' logcosh computes log(2.0) in float32 and casts it (a
constant offset of 1.9e-9 in the float64 value, no slope).
"""
import math

import mpmath

from cases import Case
from cases5 import hp
from cases30b import sided_grad
from cases73d import NAN, H as held, S, at, mpf

J, T_, K, N = "jax_lib101d.py", "torch_lib101d.py", "tf_lib101d.py", "np_lib101d.py"
F32, F64 = "float32", "float64"

# ------------------------------------------------------------------------------------------------- the mathematics
W = [mpf("0.5"), mpf("-0.25"), mpf(1), mpf("0.75")]


def _num(v):
    return isinstance(v, mpmath.mpf) and mpmath.isfinite(v)


def huber1(r, delta):
    a = abs(r)
    return r * r / 2 if a <= delta else delta * (a - delta / 2)


def huber(r, delta=1):
    return sum(huber1(v, delta) for v in r)


def huber_mean(r):
    return huber(r) / len(r)


def huber_weighted(r):
    return sum(w * huber1(v, 1) for w, v in zip(W, r))


def smooth_l1(r, beta):
    """The program's function: 0.5 n^2 / beta where n < beta, n - 0.5 beta elsewhere (at beta <= 0: the L1 loss
    shifted by -beta / 2)."""
    return sum(abs(v) ** 2 / (2 * beta) if abs(v) < beta else abs(v) - beta / 2 for v in r)


def smooth_l1_fixed(beta):
    return lambda r: smooth_l1(r, beta)


def pseudo_huber(r, delta):
    return sum(delta ** 2 * (mpmath.sqrt(1 + (v / delta) ** 2) - 1) for v in r) if delta != 0 else NAN


def charbonnier(dtype):
    eps = held(dtype, 1e-3)
    return lambda r: sum(mpmath.sqrt(v * v + eps * eps) for v in r)


def charbonnier_eps(r, eps):
    return sum(mpmath.sqrt(v * v + eps * eps) for v in r)


def log_cosh(r):
    return sum(mpmath.log(mpmath.cosh(v)) for v in r)


def log_cosh_keras_mean(r):
    """keras.losses.log_cosh: x + softplus(-2 x) - log2, its log(2.0) computed in float32 (Keras' floatx) and then
    cast: a constant offset; the mean over the last axis."""
    log2 = held(F32, math.log(2.0))
    return sum(v + mpmath.log1p(mpmath.exp(-2 * v)) - log2 for v in r) / len(r)


def cauchy(r, c):
    return sum(c ** 2 / 2 * mpmath.log1p((v / c) ** 2) for v in r) if c != 0 else NAN


def geman_mcclure(r, c):
    return sum(2 * (v / c) ** 2 / ((v / c) ** 2 + 4) for v in r) if c != 0 else NAN


def tukey(dtype):
    """c ** 2 / 6 is a Python float (a double) the program computes before the dtype holds it: float32's c^2 / 6 is
    not c32^2 / 6."""
    c, k = held(dtype, 4.685), held(dtype, 4.685 ** 2 / 6)

    def f(r):
        return sum(k * (1 - (1 - (v / c) ** 2) ** 3) if abs(v) <= c else k for v in r)
    return f


def welsch(r, c):
    return sum(c ** 2 / 2 * (1 - mpmath.exp(-(v / c) ** 2 / 2)) for v in r)


def rho(x, alpha, c):
    """Barron's general robust loss, by cases: its limits at alpha = 0 (log(y / 2 + 1)), alpha = 2 (y / 2) and -inf
    (1 - e^(-y / 2)), y = (x / c)^2."""
    y = (x / c) ** 2
    if alpha == 2:
        return y / 2
    if alpha == 0:
        return mpmath.log1p(y / 2)
    if alpha == mpmath.ninf:
        return -mpmath.expm1(-y / 2)
    b = abs(alpha - 2)
    return b / alpha * ((y / b + 1) ** (alpha / 2) - 1)


def barron(x, alpha, c):
    return sum(rho(v, alpha, c) for v in x)


def barron_eps(dtype):
    """Barron's approximate form, epsilon = 1e-6 as the program holds it."""
    e = held(dtype, 1e-6)

    def f(x, alpha, c):
        b = abs(alpha - 2) + e
        d = alpha + e if alpha >= 0 else alpha - e
        return sum((b / d) * (((v / c) ** 2 / b + 1) ** (d / 2) - 1) for v in x)
    return f


def barron_where(dtype):
    """robust_loss_pytorch's lossfun as a function: the special cases at alpha = 0, 2 exactly, elsewhere the
    otherwise-branch with |alpha| and |alpha - 2| clamped below at the dtype's machine epsilon."""
    eps = mpf(2) ** (-52 if dtype == F64 else -23)

    def f(x, alpha, c):
        out = 0
        for v in x:
            y = (v / c) ** 2
            if alpha == 0:
                out += mpmath.log1p(min(y / 2, held(dtype, 3e37)))
            elif alpha == 2:
                out += y / 2
            else:
                b = max(eps, abs(alpha - 2))
                a = (1 if alpha >= 0 else -1) * max(eps, abs(alpha))
                out += (b / a) * ((y / b + 1) ** (alpha / 2) - 1)
        return out
    return f


def irls(r, delta=1):
    """Huber's IRLS weight psi(r) / r, its limit 1 at r = 0: min(1, delta / |r|)."""
    return sum(w * (1 if abs(v) <= delta else delta / abs(v)) for w, v in zip(W, r))


def quantile_huber(u, tau, kappa):
    return sum(abs(tau - (1 if v < 0 else 0)) * huber1(v, kappa) / kappa for v in u)


def pinball(u, tau):
    return sum(max(tau * v, (tau - 1) * v) for v in u)


def median(xs):
    s = sorted(xs)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def mad(dtype):
    k = held(dtype, 1.4826)
    return lambda r: k * median([abs(v - median(r)) for v in r])


def _irls_at_zero():
    """psi(r) / r at r = [0, 2] as written: r[0]'s term is 0 / 0 wherever r[1] is (no value, no slope); r[1]'s own
    term delta / r1 keeps its slope w1 (-delta / r1^2) = 0.0625, a NaN it never meets."""
    return {"r": [NAN, W[1] * mpf(-1) / 4]}


def _no_slope(n):
    """rho as written at alpha = 2 (|alpha - 2| / alpha = 0 times y / 0 = inf) or at alpha = 0 (2 / 0 = inf times
    pow(., 0) - 1 = 0): each x's term is NaN wherever x moves, alpha held: no x has a slope."""
    return lambda: {"x": [NAN] * n}


# ------------------------------------------------------------------------------------------------- cases
def Z(file, function, dtype, verdict, truth, wrt=None, line=None, **point):
    return Case(file, function, at(**point), dtype, verdict, hp(truth), line=line, wrt=wrt)


def P(file, function, dtype, verdict, f, line=None, **point):
    return S(file, function, dtype, verdict, f, line, **point)


def X(file, function, dtype, verdict, f, line=None, **point):
    """Judged in x alone (--wrt x): alpha and c held where they are, as the dtype holds them."""
    alpha, c = held(dtype, point["alpha"]), held(dtype, point["c"])
    truth = sided_grad(lambda x: f(x, alpha, c), dtype, finite_sides=True, x=point["x"])
    return Case(file, function, at(**point), dtype, verdict, truth, line=line, wrt="x")


R1, R_SW, R_SW2 = [0.5, -2.0], [1.0, -0.3], [1.0, -2.0]
R0 = [0.0, 0.5]
XB = [0.5, -2.0]

JAX = [
    # Huber
    P(J, "huber_optax", F64, "ok", huber, r=R1),
    P(J, "huber_optax", F32, "ok", huber, r=R1),
    P(J, "huber_optax", F64, "ok", huber, r=R_SW),  # jnp.minimum's tie at |r| = delta: 0.5 + 0.5
    P(J, "huber_optax", F32, "ok", huber, r=[-1.0, 0.0]),
    P(J, "huber_where", F64, "ok", huber, r=R_SW2, delta=1.0),
    P(J, "huber_where", F32, "ok", huber, r=R_SW2, delta=1.0),
    P(J, "huber_where", F64, "ok", huber, r=R1, delta=0.0),  # delta -> 0: zero loss, slope |r| in delta
    P(J, "huber_where", F64, "ok", huber, r=[0.0, -2.0], delta=0.0),
    P(J, "smooth_l1", F64, "wrong", smooth_l1, r=R1, beta=0.0),  # 0.5 n^2 / 0 idle: NaN leaks
    P(J, "smooth_l1", F32, "wrong", smooth_l1, r=R1, beta=0.0),
    P(J, "smooth_l1", F64, "ok", smooth_l1, r=R1, beta=1.0),
    P(J, "smooth_l1", F64, "ok", smooth_l1, r=[1e-8, 0.5], beta=1e-8),  # at the switch: C1
    P(J, "smooth_l1", F64, "ok", smooth_l1, r=R0, beta=1e-8),
    P(J, "pseudo_huber", F64, "ok", pseudo_huber, r=R1, delta=1.0),
    P(J, "pseudo_huber", F32, "ok", pseudo_huber, r=R1, delta=1.0),
    P(J, "pseudo_huber", F64, "ok", pseudo_huber, r=[0.0, 0.0], delta=1.0),
    P(J, "pseudo_huber", F64, "unstable", pseudo_huber, r=R1, delta=1e-200),  # (r/delta)^2 inf, delta^2 0
    P(J, "pseudo_huber", F32, "unstable", pseudo_huber, r=R1, delta=1e-20),
    P(J, "charbonnier", F64, "ok", charbonnier(F64), r=R0),
    P(J, "charbonnier", F32, "ok", charbonnier(F32), r=R0),
    P(J, "charbonnier_eps", F64, "domain", charbonnier_eps, r=R0, eps=0.0),  # |r| at 0
    P(J, "charbonnier_eps", F64, "unstable", charbonnier_eps, r=R0, eps=1e-200),  # eps^2 underflows: sqrt(0)
    P(J, "charbonnier_eps", F32, "unstable", charbonnier_eps, r=R0, eps=1e-30),
    # log-cosh
    P(J, "log_cosh", F64, "ok", log_cosh, r=R1),
    P(J, "log_cosh", F64, "unstable", log_cosh, r=[800.0, -2.0]),  # cosh overflows: inf / inf
    P(J, "log_cosh", F64, "unstable", log_cosh, r=[-800.0, 0.0]),
    P(J, "log_cosh", F32, "unstable", log_cosh, r=[100.0, -2.0]),
    P(J, "log_cosh", F64, "ok", log_cosh, r=[1e-10, 0.5]),
    P(J, "log_cosh_keras", F64, "ok", log_cosh, r=[800.0, -2.0]),
    P(J, "log_cosh_keras", F64, "ok", log_cosh, r=[-800.0, 0.0]),
    P(J, "log_cosh_keras", F32, "ok", log_cosh, r=[100.0, -2.0]),
    P(J, "log_cosh_keras", F64, "unstable", log_cosh, r=[1e-10, 0.5]),  # 1 - 2 sigmoid(2e-10) cancels
    # redescending
    P(J, "cauchy", F64, "ok", cauchy, r=R1, c=1.0),
    P(J, "cauchy", F32, "ok", cauchy, r=R1, c=1.0),
    P(J, "cauchy", F64, "unstable", cauchy, r=R1, c=1e-200),
    P(J, "geman_mcclure", F64, "ok", geman_mcclure, r=R1, c=1.0),
    P(J, "geman_mcclure", F64, "ok", geman_mcclure, r=[0.0, 0.0], c=1.0),
    P(J, "geman_mcclure", F64, "unstable", geman_mcclure, r=[1e160, -2.0], c=1.0),  # z = inf: inf / inf
    P(J, "tukey", F64, "ok", tukey(F64), r=[4.685, -1.0]),  # at |r| = c: psi = 0 on both sides
    P(J, "tukey", F32, "ok", tukey(F32), r=[4.685, -1.0]),
    P(J, "tukey", F64, "ok", tukey(F64), r=[0.5, -6.0]),
    P(J, "welsch", F64, "ok", welsch, r=R1, c=1.0),
    P(J, "welsch", F64, "ok", welsch, r=[1000.0, -2.0], c=1.0),  # exp(-5e5) underflows: a slope of 1e-217143
    # Barron
    P(J, "barron_naive", F64, "ok", barron, x=XB, alpha=1.0, c=1.0),
    P(J, "barron_naive", F32, "ok", barron, x=XB, alpha=1.0, c=1.0),
    Z(J, "barron_naive", F64, "domain", _no_slope(2), "x", x=XB, alpha=2.0, c=1.0),  # 0 * inf at any precision
    Z(J, "barron_naive", F64, "domain", _no_slope(2), "x", x=XB, alpha=0.0, c=1.0),  # F1 (mended)
    X(J, "barron_naive", F64, "unstable", barron, x=XB, alpha=-1e300, c=1.0),  # y / 1e300 + 1 rounds to 1
    X(J, "barron_naive", F64, "unstable", barron, x=XB, alpha=1e-8, c=1.0),  # pow(.., 5e-9) - 1 cancels
    X(J, "barron_eps", F64, "ok", barron_eps(F64), x=XB, alpha=0.0, c=1.0),
    X(J, "barron_eps", F32, "unstable", barron_eps(F32), x=XB, alpha=0.0, c=1.0),  # pow(.., 5e-7) - 1 in float32
    X(J, "barron_eps", F64, "ok", barron_eps(F64), x=XB, alpha=2.0, c=1.0),
    P(J, "barron", F64, "ok", barron, x=XB, alpha=1.0, c=1.0),
    X(J, "barron", F64, "ok", barron_where(F64), x=XB, alpha=2.0, c=1.0),
    X(J, "barron", F32, "ok", barron_where(F32), x=XB, alpha=2.0, c=1.0),
    X(J, "barron", F64, "ok", barron_where(F64), x=XB, alpha=0.0, c=1.0),
    X(J, "barron", F64, "unstable", barron_where(F64), x=XB, alpha=-1e300, c=1.0),
    X(J, "barron", F64, "unstable", barron_where(F64), x=XB, alpha=1e-20, c=1.0),  # alpha_safe = eps: value 4.5e-5 L
    # IRLS, quantiles, scale
    Z(J, "irls_weights", F64, "domain", _irls_at_zero, r=[0.0, 2.0]),  # psi(0) / 0 = 0 / 0
    P(J, "irls_weights", F64, "ok", irls, r=[0.5, 2.0]),
    P(J, "irls_weights", F64, "domain", irls, r=[1.0, -0.5]),  # the weight's kink at |r| = delta
    P(J, "irls_weights_safe", F64, "ok", irls, r=[0.0, 2.0]),
    P(J, "irls_weights_safe", F32, "ok", irls, r=[0.0, 2.0]),
    P(J, "quantile_huber", F64, "ok", quantile_huber, u=[0.0, -2.0], tau=0.25, kappa=1.0),  # the indicator's jump x 0
    P(J, "quantile_huber", F64, "ok", quantile_huber, u=[1.0, -0.5], tau=0.25, kappa=1.0),
    P(J, "quantile_huber", F32, "ok", quantile_huber, u=R1, tau=0.25, kappa=1.0),
    P(J, "pinball", F64, "domain", pinball, u=[0.0, 1.5], tau=0.25),
    P(J, "pinball", F64, "ok", pinball, u=[0.5, -1.5], tau=0.25),
    P(J, "mad_scale", F64, "ok", mad(F64), r=[0.5, -1.0, 2.5]),
    P(J, "mad_scale", F32, "ok", mad(F32), r=[0.5, -1.0, 2.5]),
    P(J, "mad_scale", F64, "domain", mad(F64), r=[0.5, -1.0, 2.0]),  # two deviations tie at the median
    P(J, "mad_scale", F64, "ok", mad(F64), r=[0.3, -1.0, 2.5, 0.9]),
    # custom rules
    P(J, "huber_custom", F64, "ok", huber_weighted, r=R1),
    P(J, "huber_custom", F64, "ok", huber_weighted, r=R_SW),
    P(J, "huber_custom_bad", F64, "ok", huber_weighted, r=R1),
    P(J, "huber_custom_bad", F64, "wrong", huber_weighted, "def _huber_bad_bwd", r=R_SW),
    P(J, "huber_custom_bad", F32, "wrong", huber_weighted, "def _huber_bad_bwd", r=R_SW),
]

TORCH = [
    P(T_, "huber_module", F64, "ok", huber, r=R1),
    P(T_, "huber_module", F64, "ok", huber, r=R_SW),
    P(T_, "huber_module", F32, "ok", huber, r=R1),
    P(T_, "smooth_l1_beta0", F64, "ok", smooth_l1_fixed(0), r=R1),
    P(T_, "smooth_l1_beta0", F64, "domain", smooth_l1_fixed(0), r=[0.0, 1.0]),  # the L1 kink
    P(T_, "smooth_l1_tiny", F64, "ok", smooth_l1_fixed(held(F64, 1e-8)), r=[1e-8, 0.5]),
    P(T_, "smooth_l1_tiny", F64, "ok", smooth_l1_fixed(held(F64, 1e-8)), r=R0),
    P(T_, "smooth_l1", F64, "wrong", smooth_l1, r=R1, beta=0.0),
    P(T_, "smooth_l1", F64, "ok", smooth_l1, r=R1, beta=1.0),
    P(T_, "charbonnier_eps", F64, "domain", charbonnier_eps, r=R0, eps=0.0),
    P(T_, "charbonnier_eps", F64, "unstable", charbonnier_eps, r=R0, eps=1e-200),
    P(T_, "log_cosh", F64, "ok", log_cosh, r=R1),
    P(T_, "log_cosh", F64, "unstable", log_cosh, r=[800.0, -2.0]),
    P(T_, "barron", F64, "ok", barron, x=XB, alpha=1.0, c=1.0),
    X(T_, "barron", F64, "ok", barron_where(F64), x=XB, alpha=2.0, c=1.0),
    X(T_, "barron", F64, "ok", barron_where(F64), x=XB, alpha=0.0, c=1.0),
    X(T_, "barron", F64, "unstable", barron_where(F64), x=XB, alpha=-1e300, c=1.0),
    Z(T_, "irls_weights", F64, "domain", _irls_at_zero, r=[0.0, 2.0]),  # psi(0) / 0 = 0 / 0
    P(T_, "irls_weights", F64, "ok", irls, r=[0.5, 2.0]),
    P(T_, "mad_scale", F64, "ok", mad(F64), r=[0.5, -1.0, 2.5]),
    P(T_, "mad_scale", F64, "domain", mad(F64), r=[0.5, -1.0, 2.0]),
    P(T_, "huber_custom", F64, "ok", huber_weighted, r=R_SW),
    P(T_, "huber_custom_bad", F64, "wrong", huber_weighted, "class HuberBad>>def backward(ctx, g):", r=R_SW),
]

TF = [
    P(K, "huber_keras", F64, "ok", huber_mean, r=R1),
    P(K, "huber_keras", F64, "ok", huber_mean, r=R_SW),
    P(K, "huber_keras", F32, "ok", huber_mean, r=R1),
    P(K, "log_cosh_keras", F64, "ok", log_cosh_keras_mean, r=[800.0, -2.0]),
    P(K, "log_cosh_keras", F32, "ok", log_cosh_keras_mean, r=[100.0, -2.0]),
    P(K, "log_cosh", F64, "unstable", log_cosh, r=[800.0, -2.0]),
    P(K, "smooth_l1", F64, "wrong", smooth_l1, r=R1, beta=0.0),
    P(K, "pseudo_huber", F64, "ok", pseudo_huber, r=R1, delta=1.0),
    P(K, "pseudo_huber", F64, "unstable", pseudo_huber, r=R1, delta=1e-200),
    P(K, "tukey", F64, "ok", tukey(F64), r=[4.685, -1.0]),
    Z(K, "irls_weights", F64, "domain", _irls_at_zero, r=[0.0, 2.0]),  # psi(0) / 0 = 0 / 0
    P(K, "huber_custom", F64, "ok", huber_weighted, r=R_SW),
    P(K, "huber_custom_bad", F64, "wrong", huber_weighted, "def _huber_bad>>def grad(g):", r=R_SW),
]

NUMPY = [
    P(N, "huber", F64, "ok", huber, r=R_SW2),
    P(N, "huber", F32, "ok", huber, r=R1),
    P(N, "log_cosh", F64, "ok", log_cosh, r=R1),
    P(N, "log_cosh", F64, "unstable", log_cosh, r=[800.0, -2.0]),
    P(N, "charbonnier_eps", F64, "domain", charbonnier_eps, r=R0, eps=0.0),
    P(N, "barron_naive", F64, "ok", barron, x=XB, alpha=1.0, c=1.0),
    Z(N, "barron_naive", F64, "domain", _no_slope(2), "x", x=XB, alpha=2.0, c=1.0),
    Z(N, "irls_weights", F64, "domain", _irls_at_zero, r=[0.0, 2.0]),  # psi(0) / 0 = 0 / 0
    P(N, "irls_weights", F64, "ok", irls, r=[0.5, 2.0]),
    P(N, "geman_mcclure", F64, "unstable", geman_mcclure, r=[1e160, -2.0], c=1.0),
    P(N, "mad_scale", F64, "ok", mad(F64), r=[0.5, -1.0, 2.5]),
    P(N, "mad_scale", F64, "domain", mad(F64), r=[0.5, -1.0, 2.0]),
]

ALL = JAX + TORCH + TF + NUMPY
