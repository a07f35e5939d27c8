"""The fifty-fifth trial set (d): a DIFFERENTIAL probe across frameworks. A generator (scratch, not kept) wrote random
compositions of depth 2-4 of common ops (exp, log, log1p, expm1, sqrt, tanh, sigmoid, softplus, logsumexp, xlogy,
norm, softmax[0] / log_softmax[0], where over a comparison, abs, maximum, square, reciprocal, sin, cos, erf,
clip / clamp), in one or two variables (scalars and 2-vectors), EACH four times: plain NumPy (np + scipy.special),
JAX (jax.numpy, jax.nn, jax.scipy.special), PyTorch (torch, torch.nn.functional) and TensorFlow (tf.math, tf.nn),
checked with gradcli.check in-process (two processes) at points drawn from 0, +-1e-300, 5e-324, -1e-310, 1e-40,
+-15, 20, +-30, +-100, +-800, 1e300 (and 0.25 .. 3), in float64 and float32. 100 compositions were generated (40 +
60, seeds 551 / 552), 2 points each; 1,134 framework-dtype checks ran (567 calls, each float64 and float32; the
552 run's second process was cut short by a slow case, below). 45 cases kept: 20 ok, 17 unstable, 8 domain. Each check's exact value and exact gradient were compared across the four frameworks and against an
independent forward-mode dual-number truth at 2,000 digits (mpmath), with PyTorch's F.softplus threshold (x past
20) written into the truth for PyTorch; verdicts compared across frameworks; every finding's location checked to be
the user's file and the report's framework field checked (all right: numpy / jax / torch / tensorflow).

The exact values and gradients agreed across frameworks and with the dual-number truth wherever the truth was finite,
except F1. Verdict differences, each traced (the representative ones are the cases below):
- plain NumPy is judged through gradcli's own rules (its expit, tanh rules are the stable ones): logsumexp(sigmoid(x))
  at [30, 15] and tanh(2x) at 100 are ok in NumPy, unstable in JAX, PyTorch and TensorFlow, whose sigmoid' =
  s (1 - s) and tanh' = 1 - y^2 cancel (rightly);
- XLA and TensorFlow flush subnormals (FTZ): sqrt(exp(log(x))) at a float32 subnormal 1e-40 is unstable in JAX and
  TensorFlow, ok in NumPy and PyTorch; maximum(abs(x), maximum(x, y)) at x = 5e-324 (float64) is unstable in
  TensorFlow alone (its Sign reads the subnormal as 0, slope 0 where 1 is exact), ok in JAX (its abs' is a select);
- XLA's algebraic simplifier rewrites log(exp(u)) to u: log(exp(expm1(x))) at 1e-40 is ok in JAX, unstable (the
  value's digits lost: log(1 + 1e-40) = 0) everywhere else;
- PyTorch's F.softplus is x past 20: softplus(exp(x)) at x = 3 (e^3 = 20.09) has PyTorch's exact gradient e^3, the
  others' s(e^3) e^3 (2e-9 apart: the truths here are two, one each); F.softplus at 20 exactly is domain in PyTorch
  (its jump), ok elsewhere;
- TensorFlow's float64 Erf returns NaN from |x| >= sqrt(DBL_MAX) = 1.3407807929942596e154 (JAX and PyTorch give 1):
  erf(1 / y) at y = 1e-300 / -1e-200 names tf.math.erf ("TensorFlow's own approximation made the NaN") in TensorFlow
  alone; the gradient there is unstable in all four (their backward's 0 * (1 / y^2 = inf)), so the case below is
  unstable everywhere at the user's line. Seen once in the generator: at an infinite operand (1 / 0) TensorFlow's Erf
  NaN is not attributed to Erf (the divide is named, `wrong` from the divide's rule, 0 * inf): at the pole itself,
  arguable, not a case;
- kernels' own rounding: clip(tanh(|log x|)) at x = 100 float32 is ok in PyTorch (relative error 3.2e-5) and unstable
  in JAX (3.3e-4) and TensorFlow (2.2e-4): 1 - tanh^2 at 0.9998 cancels by luck to a different degree; not a case
  (rounding luck, fragile across versions).

Found by this round (one finding, mended):
- F1 np_lib55d:clip_log1p@x=[-800]:float64 (and float32). np.clip(np.log1p(x), -5.0, 5.0) at x = -800: log1p(-800)
  has no real value (NumPy gives NaN, the exact value is undefined), so the verdict is domain, as gradcli says for
  the same line in JAX, PyTorch and TensorFlow. In plain NumPy gradcli reports exact_value 5.0, exact gradient 0 and
  `unstable` ("log1p(-800.0) gave NaN"). The threshold is where log|1 + x| crosses the clip's bound: x = -148 is
  domain (log 147 = 4.990), x = -150 unstable with exact value 5 (log 149 = 5.004); x = -1e10 alike; so the exact
  reference of the NumPy path evaluates log1p(x) for x < -1 as something whose comparison with 5 saturates the clip
  (as log|1 + x| would) instead of carrying the NaN through np.clip. np.log1p alone (domain), np.clip(np.log(x))
  at -1, np.maximum / np.minimum of log(x) at -1 are all right (domain). Reproduce: gradcli check
  tests/trials/np_lib55d.py:clip_log1p --at x=-800 --dtype float64 --json.
  Mended: the balls cannot compare log1p(-800)'s NaN with -5, and the proof numbers that then decided the clip
  compared the symbolic log of -799 as log 799; maximum, minimum and clip now pick a NaN operand itself on proof
  numbers, fmax and fmin the other, as NumPy does (`arb_proof._NAN_PICKS`; tests/test_nan_picked_on_proof_numbers.py).

Slow: np.log1p(special.erf(x)) at x = [20, -100] / [-100, 100] took 16-36 s a check in every framework (erfc(100)
~ 1e-4345 to be resolved at 1 + erf); not kept as a case.

Truths are expressions written here, evaluated by mpmath at 2,000 digits, never the files' code; points are the
numbers the dtype holds. Truths this round corrected in myself (gradcli was right): a where(y > 0, ...) at y =
-1e-310 held in float32 is at y = -0, the where's own jump (domain, not my smooth branch); at unused variables and
at domain points my dual numbers carried NaN * 0 where the partial is 0 (x's slope in a function of y alone);
(sqrt(x) * x)' at 0 is 0, not my inf * 0; erf(1 / y) at y = 1e-200 (float64) and 1e-20 (float32) is
unstable in every framework, not ok (1 / y^2 overflows in the backward: 0 * inf); at a domain point every partial
of the sum is undefined, not only the broken entry's (clip_log1p at [-100, 0.5]).
"""

import mpmath

from cases import Case
from cases30b import _held
from cases5 import hp

N, J, T, K = "np_lib55d.py", "jax_lib55d.py", "torch_lib55d.py", "tf_lib55d.py"
NAN = mpmath.nan
mpf = mpmath.mpf


def _s(x):
    return 1 / (1 + mpmath.exp(-x))


def _one(name, xs, slope, dtype):
    """sum_i f(x_i): the slope entrywise, at the numbers the dtype holds."""
    return hp(lambda: {name: [slope(_held(dtype, v)) for v in xs]})


def _vec(name, xs, grad, dtype):
    return hp(lambda: {name: grad([_held(dtype, v) for v in xs])})


def _lse_sig(xs, dtype):
    """logsumexp(s(x)): softmax(s(x))_i s'(x_i)."""
    def grad(x):
        s = [_s(u) for u in x]
        top = max(s)
        e = [mpmath.exp(u - top) for u in s]
        t = mpmath.fsum(e)
        return [w / t * q * (1 - q) for w, q in zip(e, s)]
    return _vec("x", xs, grad, dtype)


def _abs_max(x, y, dtype):
    """max(|x|, max(x, y)) at x = [5e-324, -1], y = [-30, 0.5]: |x| = x = max(x, y) at x[0] (both slopes 1);
    |x[1]| = 1 > 0.5."""
    return hp(lambda: {"x": [mpf(1), mpf(-1)], "y": [mpf(0), mpf(0)]})


CLIP_LOG1P = lambda x: NAN if x <= -1 else (1 / (1 + x) if -5 < mpmath.log1p(x) < 5 else mpf(0))
TANH2 = lambda x: 2 / mpmath.cosh(2 * x) ** 2
SP_EXP = lambda x: _s(mpmath.exp(x)) * mpmath.exp(x)
SP_EXP_TORCH = lambda x: mpmath.exp(x) if mpmath.exp(x) > 20 else _s(mpmath.exp(x)) * mpmath.exp(x)
SP = _s
SP_TORCH = lambda x: NAN if x == 20 else (mpf(1) if x > 20 else _s(x))
SQRT = lambda x: 1 / (2 * mpmath.sqrt(x))
ERF_RECIP = lambda y: -2 / mpmath.sqrt(mpmath.pi) * mpmath.exp(-1 / y ** 2) / y ** 2
EXP = mpmath.exp


def _four(function, at, dtype, verdicts, truth, lines=None, truths=None):
    """The same composition in the four files: verdicts {file: verdict}; lines {file: fragment} for the non-ok."""
    lines, truths = lines or {}, truths or {}
    return [Case(f, function, at, dtype, verdicts[f], truths.get(f, truth), lines.get(f)) for f in (N, J, T, K)]


ALL = [
    # F1: the NumPy path's exact reference saturates clip(log1p(x)) for x < -148 (domain in the other three)
    *_four("clip_log1p", "x=[-800]", "float64", {N: "domain", J: "domain", T: "domain", K: "domain"},
           _one("x", [-800], CLIP_LOG1P, "float64")),
    Case(N, "clip_log1p", "x=[-800]", "float32", "domain", _one("x", [-800], CLIP_LOG1P, "float32")),
    Case(N, "clip_log1p", "x=[-148]", "float64", "domain", _one("x", [-148], CLIP_LOG1P, "float64")),
    Case(N, "clip_log1p", "x=[-100]", "float64", "domain", _one("x", [-100], CLIP_LOG1P, "float64")),
    Case(T, "clip_log1p", "x=[0.5]", "float32", "ok", _one("x", [0.5], CLIP_LOG1P, "float32")),
    # NumPy judged through gradcli's own (stable) sigmoid and tanh rules; the frameworks' s (1 - s), 1 - y^2 cancel
    *_four("lse_sig", "x=[30,15]", "float64", {N: "ok", J: "unstable", T: "unstable", K: "unstable"},
           _lse_sig([30, 15], "float64"),
           {J: "jss.logsumexp(jax.nn.sigmoid(x))", T: "torch.logsumexp(torch.sigmoid(x), 0)",
            K: "tf.reduce_logsumexp(tf.sigmoid(x))"}),
    Case(N, "lse_sig", "x=[30,15]", "float32", "ok", _lse_sig([30, 15], "float32")),
    *_four("tanh_twice", "x=[100]", "float64", {N: "ok", J: "unstable", T: "unstable", K: "unstable"},
           _one("x", [100], TANH2, "float64"),
           {J: "jnp.tanh(x + x)", T: "torch.tanh(x + x)", K: "tf.tanh(x + x)"}),
    Case(J, "tanh_twice", "x=[0.5]", "float32", "ok", _one("x", [0.5], TANH2, "float32")),
    # PyTorch's F.softplus is x past 20: a different function, so a different exact gradient at e^3 = 20.09
    *_four("sp_exp", "x=[1,3]", "float64", {N: "ok", J: "ok", T: "ok", K: "ok"}, _one("x", [1, 3], SP_EXP, "float64"),
           truths={T: _one("x", [1, 3], SP_EXP_TORCH, "float64")}),
    Case(T, "sp_exp", "x=[1,3]", "float32", "ok", _one("x", [1, 3], SP_EXP_TORCH, "float32")),
    *_four("sp_plain", "x=[20]", "float64", {N: "ok", J: "ok", T: "domain", K: "ok"}, _one("x", [20], SP, "float64"),
           truths={T: _one("x", [20], SP_TORCH, "float64")}),
    # FTZ: XLA and TensorFlow read float32's subnormal 1e-40 as 0
    *_four("sqrt_exp_log", "x=[1e-40,0.25]", "float32", {N: "ok", J: "unstable", T: "ok", K: "unstable"},
           _one("x", [1e-40, 0.25], SQRT, "float32"),
           {J: "jnp.sqrt(jnp.exp(jnp.log(x)))", K: "tf.sqrt(tf.exp(tf.math.log(x)))"}),
    Case(T, "sqrt_exp_log", "x=[1e-300,0.25]", "float64", "ok", _one("x", [1e-300, 0.25], SQRT, "float64")),
    # TensorFlow's Sign reads 5e-324 as 0; JAX's abs' is a select (no FTZ effect)
    *_four("abs_max", "x=[5e-324,-1],y=[-30,0.5]", "float64", {N: "ok", J: "ok", T: "ok", K: "unstable"},
           _abs_max([5e-324, -1], [-30, 0.5], "float64"), {K: "tf.maximum(tf.abs(x), tf.maximum(x, y))"}),
    # erf(1 / y) at y = 1e-200: every framework's backward is 0 * (1 / y^2 = inf), NaN, where the exact slope is
    # -2 / sqrt(pi) e^(-1e400) 1e400, all but 0; TensorFlow's float64 Erf is besides NaN from sqrt(DBL_MAX) (its own
    # approximation, named at tf.math.erf); at y = 1e-100 only TensorFlow's value breaks
    *_four("erf_recip", "y=[1e-200,0.5]", "float64", {N: "unstable", J: "unstable", T: "unstable", K: "unstable"},
           _one("y", [1e-200, 0.5], ERF_RECIP, "float64"),
           {N: "special.erf(1.0 / y)", J: "jss.erf(1.0 / y)", T: "torch.erf(1.0 / y)", K: "tf.math.erf(1.0 / y)"}),
    # float32: the backward's Square(1e20) overflows (1e40 > 3.4e38): 0 * inf again, unstable (truth corrected in me)
    Case(K, "erf_recip", "y=[1e-20,0.5]", "float32", "unstable", _one("y", [1e-20, 0.5], ERF_RECIP, "float32"),
         "tf.math.erf(1.0 / y)"),
    # XLA rewrites log(exp(u)) to u
    *_four("log_exp_expm1", "x=[1e-40]", "float64", {N: "unstable", J: "ok", T: "unstable", K: "unstable"},
           _one("x", [1e-40], EXP, "float64"),
           {N: "np.log(np.exp(np.expm1(x)))", T: "torch.log(torch.exp(torch.expm1(x)))",
            K: "tf.math.log(tf.exp(tf.math.expm1(x)))"}),
]
