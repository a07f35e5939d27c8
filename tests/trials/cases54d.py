"""The fifty-fourth trial set (d): a fourth probe of the classes issues 28 and 29 name, aimed at the FIXES and the
SWEEP of framework code, which 51d-53d touched little: the unstable spellings users write, in JAX (jax_lib54d.py,
a module importing jax.numpy as jnp and sigmoid / softmax by name, never `jax` itself, so a fix spelled jax.nn.*
must bring its import), PyTorch (torch_lib54d.py, importing torch alone: no F) and TensorFlow (tf_lib54d.py, eager
and inside tf.function), at the points where they break in float32 and float64: log(1 + exp(x)), log1p(exp(x)),
log(2 + exp(x)) (no softplus fix is right there, and none is offered), log(sum(exp(z))), log(exp(a) + exp(b)),
log(exp(a) - exp(b)) (its fix is a + log(-expm1(b - a)), never logaddexp), log(sigmoid(x)), log(1 - sigmoid(x)),
BCE written from probabilities and F.binary_cross_entropy of sigmoid(z), the entropy of a softmax (p log p at an
underflowed p), x log x at 0 (domain: no xlogy fix offered, rightly), log(1 + x) / x, (exp(x) - 1) / x and
(1 - cos x) / x^2 at tiny x, sqrt(x*x + y*y) below the square's range, log of a softmax, a where guarding a sqrt
and a sin(x) / x (the where leak).

What the fixes showed: every fix offered is in the framework's own spelling (jax.nn.softplus / jnp.logaddexp(0, x) /
jax.scipy.special.logsumexp / jnp.logaddexp / jax.nn.log_sigmoid(-x) / jax.nn.log_softmax / the double where;
torch.nn.functional.softplus / torch.logaddexp(torch.tensor(0.0), x) / torch.logsumexp(torch.flatten(z), 0) /
F.logsigmoid / F.log_softmax(x, dim=-1) / binary_cross_entropy_with_logits / torch.hypot / torch.log1p(torch.exp(x));
tf.math.softplus / tf.math.reduce_logsumexp / tf.math.log_sigmoid / tf.nn.log_softmax / tf.math.log1p / tf.math.expm1),
the user's line rewritten and nothing else (a BCE's now-unused `p = sigmoid(z)` line removed with it), `import jax`
added after `import jax.numpy as jnp` where the rewrite needs it (PyTorch fixes spell torch.nn.functional in full);
each re-checked, and the re-checks agree with this file's truths. A library function alone is offered as partial
where the quotient's gradient still cancels (log1p(x) / x at 1e-10, expm1(x) / x at 1e-10 in JAX, the half-angle
2 sin^2(x/2) / x^2), and jnp.hypot is partial at 1e-200 (JAX's own hypot gradient squares its max: -inf, checked
in JAX directly), where torch.hypot re-checks ok. The where-guarded Taylor series (exprel, versine ratio) re-check ok
in JAX and PyTorch. No fix was offered that changes the mathematics.

Truths are expressions written here, evaluated by mpmath at 2,000 digits, never the files' code; points are the
numbers the dtype holds. PyTorch's F.binary_cross_entropy clamps log at -100 (not active at z = 40: -log(1 - s(40))
= 40), and its backward divides by max(p (1 - p), 1e-12): at z = 40 it gives 4.25e-6 where the exact slope is
s(40) = 1, at any precision: `wrong` is right there.

Found by this round (one finding, two cases; the other 70 of 72 agree with gradcli):
- tf_lib54d:versine_ratio@x=[1e-5]:float64 (a strict xfail, now chosen) and tf_lib54d:expm1_ratio@x=[1e-3]:float32 (in ALL only).
  The where-guarded series fixes that JAX and PyTorch get for (1 - cos x) / x^2 and (exp(x) - 1) / x (re-checked ok
  there: jax_lib54d versine_ratio / expm1_ratio, torch_lib54d versine_ratio) are spelled for TensorFlow as
  `... / tf.where(tf.abs(x) < 0.1, 1, x) ** 2`: a Python int 1 beside a float x, which TensorFlow's graph (the
  re-check runs the rewrite as a tf.function) rejects: "TypeError: Input 'e' of 'SelectV2' Op has type float64 that
  does not match type int32 of argument 't'" (reproduced by checking the rewritten function by hand). So in
  TensorFlow the only fix that works is never offered (versine at 1e-5 float64 offers only the partial half-angle;
  expm1 ratio at 1e-3 float32 offers nothing), and the note says "versine ratio (worse at x=[1e-05] float64)" /
  "exprel (worse at ...)" where the rewrite did not run at all (fixes.py means such a rewrite to be "said as what it
  is, not as a worse verdict"). The same rewrite with 1.0 (or tf.ones_like(x)) runs and its gradient at 1e-5 is
  -8.333333333e-7, the truth. Reproduce: gradcli check tests/trials/tf_lib54d.py:versine_ratio --at x=[1e-5]
  --dtype float64 (and gradcli.check(tf_lib54d.versine_ratio, ...) alike: library and CLI agree).
  Mended: TensorFlow's fixes write the numbers handed to its ops as float literals (tf.where(..., 1.0, x)), and a
  rewrite whose re-check raises says so ("it raises at ...") where the re-check's error is a finding's
  (tests/test_tf_fix_numbers_as_floats.py).

Sweeps (run by hand, not Case entries):
- gradcli sweep tests/trials/jax_lib54d.py:sp_naive --range x=-1000:1000 (float32, float64): float32 unstable
  (value cancellation) -87.33654..-8.19058, unstable (underflow: 1/(1 + e) flushed, XLA's FTZ) 87.33655..88.72283,
  NaN from 88.72284 (exp overflow: ln FLT_MAX = 88.7228); float64 alike at -708.3964..-15.32902, 708.3964..709.7827,
  NaN from 709.7827128933841 (ln DBL_MAX). -ln(smallest normal) = 87.3365 / 708.3964: right thresholds. Both
  fixes (softplus with `import jax` added, logaddexp(0, x)) swept ok -1000..1000.
- The same in PyTorch: no FTZ, so no underflow band; the value's band reaches the subnormals' end (-103.9721 in
  float32, -745.1332 in float64); NaN from 88.72284 / 709.7827. Fixes: F.softplus ok except `domain` at x = 20
  exactly (its threshold switch, a jump of 2e-9: a note says so), logaddexp(0, u) unstable (underflow) in the
  subnormal band (-103.97..-88.72 / -745.13..-709.78) where the original was unstable anyway.
- TensorFlow: as JAX (FTZ), thresholds to the float identical; tf.math.softplus swept ok -1000..1000.
- gradcli sweep tests/trials/torch_lib54d.py:log_sig --range x=-1000:1000 --dtype float32 --json: intervals
  with lo / hi as float32 numbers (-88.72283935546875, 7.916276931762695, 16.635042190551758, 103.97207641601562),
  status / kind / worst_bits_lost / op / points sane; a "mixed" interval of 0 grid points (7.92..16.64) found by
  refinement.
- gradcli sweep tests/trials/tf_lib54d.py:log_one_minus_sig --range x=-1000:1000: float32 NaN from 16.635532 (TF's
  sigmoid rounds to 1 there), a cancellation band 10.68..16.63 with an ok island 16.63387..16.63553; float64 NaN
  from 36.96 (e^-x below 2^-53), cancellation from 17.94; tf.math.log_sigmoid(-x) swept ok everywhere.
- gradcli sweep tests/trials/jax_lib54d.py:sqrt_guard --range x=-10:10 --dtype float64: wrong (NaN: the where leak)
  on -10..-5e-324, domain at 0, unstable (NaN) on the positive subnormals (XLA flushes the input to 0), ok from
  2.2250738585072014e-308; the double where: ok on the negatives, domain at 0, inaccurate on the subnormals.

Library and CLI agree (gradcli.check(f, [point], dtypes=[...])): jax sp_naive at 100 float32 (unstable, softplus and
logaddexp fixes), torch bce_lib_probs at 40 (wrong, with-logits fix), tf sqrt_guard (ok), tf versine_ratio
(unstable, only the half-angle fix: the finding shows through the library too).

Observed once, not reproduced: four checks run two at a time exited 3 ("internal error: ValueError: too many values
to unpack", "AttributeError: 'str' object has no attribute '_fields'"); the same checks, alone and four at a time on
fresh copies, ran clean (another session was working in the repository then).

Truths this round corrected in myself (gradcli was right): the value 0 of log(1 + exp(-95)) in float32 is `ok` in
JAX (XLA flushes the subnormal result, which the dtype as run cannot hold) and `unstable` in PyTorch, whose float32
keeps subnormals (5.5e-42 has digits there to lose); TensorFlow's expm1(x) / x at 1e-10 in float64 happens to give
0.5 (ok) where JAX's gives 0.50000191 (unstable): the same rewrite is ok in one framework and partial in the other,
rightly; tf.where over a sqrt is no leak in TensorFlow (its SqrtGrad takes a 0 upstream to 0).
"""

import mpmath

from cases import Case
from cases30b import _held
from cases5 import hp

J, T, K = "jax_lib54d.py", "torch_lib54d.py", "tf_lib54d.py"
NAN = mpmath.nan
mpf = mpmath.mpf


def _s(x):
    return 1 / (1 + mpmath.exp(-x))


def _softmax(v):
    top = max(v)
    e = [mpmath.exp(u - top) for u in v]
    t = mpmath.fsum(e)
    return [u / t for u in e]


def _one(name, xs, slope, dtype):
    """sum_i f(x_i): the slope entrywise, at the numbers the dtype holds."""
    return hp(lambda: {name: [slope(_held(dtype, v)) for v in xs]})


def _two(a, b, da, db, dtype, names=("a", "b")):
    """sum_i f(a_i, b_i): its two partials entrywise."""
    def truth():
        pa = [_held(dtype, v) for v in a]
        pb = [_held(dtype, v) for v in b]
        return {names[0]: [da(u, v) for u, v in zip(pa, pb)], names[1]: [db(u, v) for u, v in zip(pa, pb)]}
    return hp(truth)


def _vec(name, xs, grad, dtype):
    """A function of the whole vector: grad(list of held numbers) -> list."""
    return hp(lambda: {name: grad([_held(dtype, v) for v in xs])})


# the mathematics, written here
SP = _s                                                        # d log(1 + e^x)
SP2 = lambda x: mpmath.exp(x) / (2 + mpmath.exp(x))            # d log(2 + e^x)
LOGSIG = lambda x: _s(-x)                                      # d log s(x)
LOG1MSIG = lambda x: -_s(x)                                    # d log(1 - s(x))
LOG1P_RATIO = lambda x: 1 / (x * (1 + x)) - mpmath.log1p(x) / x ** 2
EXPM1_RATIO = lambda x: mpmath.exp(x) / x - mpmath.expm1(x) / x ** 2
VERSINE = lambda x: mpmath.sin(x) / x ** 2 - 2 * (1 - mpmath.cos(x)) / x ** 3
SQRT_GUARD = lambda x: 1 / (2 * mpmath.sqrt(x)) if x > 0 else mpf(0)
SINC_GUARD = lambda x: mpf(0) if x == 0 else (x * mpmath.cos(x) - mpmath.sin(x)) / x ** 2
XLOGX = lambda x: NAN if x == 0 else mpmath.log(x) + 1


def _lse(zs, dtype):
    return _vec("z", zs, _softmax, dtype)


def _entropy(xs, dtype):
    """H = -sum p log p of p = softmax(x): dH/dx_j = -p_j (x_j - sum_i p_i x_i)."""
    def grad(x):
        p = _softmax(x)
        mean = mpmath.fsum(q * u for q, u in zip(p, x))
        return [-q * (u - mean) for q, u in zip(p, x)]
    return _vec("x", xs, grad, dtype)


def _pick0(xs, dtype):
    """log softmax(x)[0] = x_0 - lse(x): slope delta_0j - p_j."""
    return _vec("x", xs, lambda x: [(1 if j == 0 else 0) - q for j, q in enumerate(_softmax(x))], dtype)


def _lae(a, b, dtype):
    return _two(a, b, lambda u, v: _s(u - v), lambda u, v: _s(v - u), dtype)


def _lde(a, b, dtype):
    """log(e^a - e^b): 1 / (1 - e^(b - a)) in a, -1 / (e^(a - b) - 1) in b."""
    return _two(a, b, lambda u, v: 1 / (1 - mpmath.exp(v - u)), lambda u, v: -1 / (mpmath.exp(u - v) - 1), dtype)


def _bce(z, y, dtype):
    """-(y log s(z) + (1 - y) log(1 - s(z))): s(z) - y in z, -z in y."""
    return _two(z, y, lambda u, v: _s(u) - v, lambda u, v: -u, dtype, ("z", "y"))


def _hypot(x, y, dtype):
    r = lambda u, v: mpmath.sqrt(u * u + v * v)
    return _two(x, y, lambda u, v: u / r(u, v), lambda u, v: v / r(u, v), dtype, ("x", "y"))


JAX = [
    # log(1 + exp(x)), log1p(exp(x)), log(2 + exp(x)): the last has no softplus fix, and none is offered
    Case(J, "sp_naive", "x=[800]", "float64", "unstable", _one("x", [800], SP, "float64"),
         "def sp_naive>>jnp.log(1 + jnp.exp(x))", "jax.nn.softplus(x)|jnp.logaddexp(0, x)"),
    Case(J, "sp_naive", "x=[100]", "float32", "unstable", _one("x", [100], SP, "float32"),
         "def sp_naive>>jnp.log(1 + jnp.exp(x))", "+import jax"),
    Case(J, "sp_naive", "x=[-120]", "float32", "ok", _one("x", [-120], SP, "float32")),
    Case(J, "sp_naive", "x=[-95]", "float32", "ok", _one("x", [-95], SP, "float32")),
    Case(J, "sp_log1p", "x=[800]", "float64", "unstable", _one("x", [800], SP, "float64"),
         "jnp.log1p(jnp.exp(x))", "jax.nn.softplus(x)"),
    Case(J, "sp_two", "x=[800]", "float64", "unstable", _one("x", [800], SP2, "float64"), "jnp.log(2 + jnp.exp(x))"),
    Case(J, "sp_two", "x=[1]", "float32", "ok", _one("x", [1], SP2, "float32")),
    # log(sum(exp)), log(exp + exp), log(exp - exp)
    Case(J, "lse_naive", "z=[100,0]", "float32", "unstable", _lse([100, 0], "float32"),
         "jnp.log(jnp.sum(jnp.exp(z)))", "jax.scipy.special.logsumexp(z)"),
    Case(J, "lse_naive", "z=[800,1]", "float64", "unstable", _lse([800, 1], "float64"),
         "jnp.log(jnp.sum(jnp.exp(z)))", "+import jax"),
    Case(J, "lae_naive", "a=[800],b=[799]", "float64", "unstable", _lae([800], [799], "float64"),
         "jnp.exp(a) + jnp.exp(b)", "jnp.logaddexp(a, b)"),
    Case(J, "lde_naive", "a=[800],b=[799]", "float64", "unstable", _lde([800], [799], "float64"),
         "jnp.exp(a) - jnp.exp(b)", "a + jnp.log(-jnp.expm1(b - a))"),
    Case(J, "lde_naive", "a=[1],b=[0.5]", "float64", "ok", _lde([1], [0.5], "float64")),
    # log(sigmoid), log(1 - sigmoid), BCE from probabilities, entropy of a softmax
    Case(J, "log_sig", "x=[-200]", "float32", "unstable", _one("x", [-200], LOGSIG, "float32"),
         "jnp.log(sigmoid(x))", "jax.nn.log_sigmoid(x)"),
    Case(J, "log_sig", "x=[-800]", "float64", "unstable", _one("x", [-800], LOGSIG, "float64"),
         "jnp.log(sigmoid(x))", "jax.nn.log_sigmoid(x)"),
    Case(J, "log_one_minus_sig", "x=[40]", "float64", "unstable", _one("x", [40], LOG1MSIG, "float64"),
         "jnp.log(1 - sigmoid(x))", "jax.nn.log_sigmoid(-x)"),
    Case(J, "log_one_minus_sig", "x=[20]", "float32", "unstable", _one("x", [20], LOG1MSIG, "float32"),
         "jnp.log(1 - sigmoid(x))", "jax.nn.log_sigmoid(-x)"),
    Case(J, "bce_probs", "z=[20],y=[0]", "float32", "unstable", _bce([20], [0], "float32"),
         "def bce_probs>>return -jnp.sum(", "jax.nn.log_sigmoid(z) + (1 - y) * jax.nn.log_sigmoid(-z)"),
    Case(J, "entropy_softmax", "x=[0,-800]", "float64", "unstable", _entropy([0, -800], "float64"),
         "return -jnp.sum(p * jnp.log(p))", "p * jax.nn.log_softmax(x)"),
    # log(1 + x) / x, (exp(x) - 1) / x, (1 - cos x) / x^2 at tiny x: the library function alone is partial
    # where the quotient's gradient still cancels; the series (the where-guarded Taylor form) re-checks ok
    Case(J, "log1p_ratio", "x=[1e-10]", "float64", "unstable", _one("x", [1e-10], LOG1P_RATIO, "float64"),
         "jnp.log(1 + x) / x"),
    Case(J, "expm1_ratio", "x=[1e-10]", "float64", "unstable", _one("x", [1e-10], EXPM1_RATIO, "float64"),
         "(jnp.exp(x) - 1) / x", "x ** 9 / 3628800"),
    Case(J, "expm1_ratio", "x=[1e-3]", "float32", "unstable", _one("x", [1e-3], EXPM1_RATIO, "float32"),
         "(jnp.exp(x) - 1) / x", "jnp.expm1(x) / jnp.where(jnp.abs(x) < 0.1, 1, x)"),
    Case(J, "versine_ratio", "x=[1e-5]", "float64", "unstable", _one("x", [1e-5], VERSINE, "float64"),
         "(1 - jnp.cos(x)) / (x * x)", "2 * jnp.sin(x / 2) ** 2 / jnp.where("),
    Case(J, "versine_ratio", "x=[1e-3]", "float32", "unstable", _one("x", [1e-3], VERSINE, "float32"),
         "(1 - jnp.cos(x)) / (x * x)", "x ** 8 / 3628800"),
    Case(J, "versine_ratio", "x=[0.5]", "float32", "ok", _one("x", [0.5], VERSINE, "float32")),
    # sqrt(x*x + y*y) below the square's range: jnp.hypot is partial (JAX's own hypot gradient squares its max)
    Case(J, "hypot_naive", "x=[1e-200],y=[1e-200]", "float64", "unstable", _hypot([1e-200], [1e-200], "float64"),
         "jnp.sqrt(x * x + y * y)"),
    Case(J, "hypot_naive", "x=[1e-30],y=[1e-30]", "float32", "unstable", _hypot([1e-30], [1e-30], "float32"),
         "jnp.sqrt(x * x + y * y)"),
    # log of a softmax
    Case(J, "log_of_softmax", "x=[0,1000]", "float64", "unstable", _pick0([0, 1000], "float64"),
         "jnp.log(softmax(x))[0]", "jax.nn.log_softmax(x)[0]"),
    Case(J, "log_of_softmax", "x=[0,100]", "float32", "unstable", _pick0([0, 100], "float32"),
         "jnp.log(softmax(x))[0]", "jax.nn.log_softmax(x)[0]"),
    # where leaks: one where over sqrt and over sin(x)/x; the double where re-checks ok
    Case(J, "sqrt_guard", "x=[-1,4]", "float64", "wrong", _one("x", [-1, 4], SQRT_GUARD, "float64"),
         "jnp.where(x > 0, jnp.sqrt(x), 0.0)", "jnp.sqrt(jnp.where(x > 0, x, 1))"),
    Case(J, "sqrt_guard", "x=[-1,4]", "float32", "wrong", _one("x", [-1, 4], SQRT_GUARD, "float32"),
         "jnp.where(x > 0, jnp.sqrt(x), 0.0)", "jnp.sqrt(jnp.where(x > 0, x, 1))"),
    Case(J, "sinc_guard", "x=[0,1]", "float64", "wrong", _one("x", [0, 1], SINC_GUARD, "float64"),
         "jnp.sin(x) / x", "jnp.sin(jnp.where(x != 0, x, 1.0)) / jnp.where(x != 0, x, 1.0)"),
]

TORCH = [
    Case(T, "sp_naive", "x=[800]", "float64", "unstable", _one("x", [800], SP, "float64"),
         "torch.log(1 + torch.exp(x))", "torch.nn.functional.softplus(x)|torch.logaddexp("),
    Case(T, "sp_naive", "x=[100]", "float32", "unstable", _one("x", [100], SP, "float32"),
         "torch.log(1 + torch.exp(x))", "torch.logaddexp(torch.tensor(0.0), x)"),
    # PyTorch keeps float32's subnormals: the value 0 where e^-95 is a subnormal float32 is unstable (JAX flushes: ok)
    Case(T, "sp_naive", "x=[-95]", "float32", "unstable", _one("x", [-95], SP, "float32"),
         "torch.log(1 + torch.exp(x))", "torch.log1p(torch.exp(x))"),
    Case(T, "sp_naive", "x=[-200]", "float32", "ok", _one("x", [-200], SP, "float32")),
    Case(T, "sp_two", "x=[800]", "float64", "unstable", _one("x", [800], SP2, "float64"), "torch.log(2 + torch.exp(x))"),
    Case(T, "lse_naive", "z=[100,0]", "float32", "unstable", _lse([100, 0], "float32"),
         "torch.log(torch.sum(torch.exp(z)))", "torch.logsumexp(torch.flatten(z), 0)"),
    Case(T, "lae_naive", "a=[800],b=[799]", "float64", "unstable", _lae([800], [799], "float64"),
         "torch.exp(a) + torch.exp(b)", "torch.logaddexp(a, b)"),
    Case(T, "lde_naive", "a=[800],b=[799]", "float64", "unstable", _lde([800], [799], "float64"),
         "torch.exp(a) - torch.exp(b)", "a + torch.log(-torch.expm1(b - a))"),
    Case(T, "log_sig", "x=[-200]", "float32", "unstable", _one("x", [-200], LOGSIG, "float32"),
         "torch.log(torch.sigmoid(x))", "torch.nn.functional.logsigmoid(x)"),
    Case(T, "log_one_minus_sig", "x=[40]", "float64", "unstable", _one("x", [40], LOG1MSIG, "float64"),
         "torch.log(1 - torch.sigmoid(x))", "torch.nn.functional.logsigmoid(-x)"),
    # F.binary_cross_entropy of sigmoid(z): its backward divides by max(p (1 - p), 1e-12), a rule off the exact
    # derivative even at high precision where p (1 - p) < 1e-12 (|z| > 27.6): wrong; with logits re-checks ok
    Case(T, "bce_lib_probs", "z=[40],y=[0]", "float64", "wrong", _bce([40], [0], "float64"),
         "binary_cross_entropy(torch.sigmoid(z)", "binary_cross_entropy_with_logits(z, y"),
    Case(T, "bce_lib_probs", "z=[0.5],y=[1]", "float32", "ok", _bce([0.5], [1], "float32")),
    Case(T, "entropy_softmax", "x=[0,-800]", "float64", "unstable", _entropy([0, -800], "float64"),
         "return -torch.sum(p * torch.log(p))", "p * torch.nn.functional.log_softmax(x, dim=-1)"),
    Case(T, "xlogx", "x=[0,2]", "float64", "domain", _one("x", [0, 2], XLOGX, "float64")),
    Case(T, "log1p_ratio", "x=[1e-10]", "float64", "unstable", _one("x", [1e-10], LOG1P_RATIO, "float64"),
         "torch.log(1 + x) / x"),
    Case(T, "expm1_ratio", "x=[1e-5]", "float32", "unstable", _one("x", [1e-5], EXPM1_RATIO, "float32"),
         "(torch.exp(x) - 1) / x", "torch.expm1(x) / x"),
    Case(T, "versine_ratio", "x=[1e-5]", "float64", "unstable", _one("x", [1e-5], VERSINE, "float64"),
         "(1 - torch.cos(x)) / (x * x)", "torch.where(torch.abs(x) < 0.1, torch.tensor(1.0), x) ** 2"),
    Case(T, "versine_ratio", "x=[1e-3]", "float32", "unstable", _one("x", [1e-3], VERSINE, "float32"),
         "(1 - torch.cos(x)) / (x * x)", "x ** 8 / 3628800"),
    Case(T, "hypot_naive", "x=[1e-200],y=[1e-200]", "float64", "unstable", _hypot([1e-200], [1e-200], "float64"),
         "torch.sqrt(x * x + y * y)", "torch.hypot(x, y)"),
    Case(T, "log_of_softmax", "x=[0,1000]", "float64", "unstable", _pick0([0, 1000], "float64"),
         "torch.log(torch.softmax(x, dim=-1))[0]", "torch.nn.functional.log_softmax(x, dim=-1)[0]"),
    Case(T, "sqrt_guard", "x=[-1,4]", "float64", "wrong", _one("x", [-1, 4], SQRT_GUARD, "float64"),
         "torch.where(x > 0, torch.sqrt(x), 0.0)", "torch.sqrt(torch.where(x > 0, x, torch.tensor(1.0)))"),
    Case(T, "sinc_guard", "x=[0,1]", "float64", "wrong", _one("x", [0, 1], SINC_GUARD, "float64"),
         "torch.sin(x) / x", "torch.sin(torch.where(x != 0, x, 1.0))"),
]

TF = [
    Case(K, "sp_naive", "x=[800]", "float64", "unstable", _one("x", [800], SP, "float64"),
         "tf.math.log(1 + tf.exp(x))", "tf.math.softplus(x)"),
    Case(K, "sp_naive_fn", "x=[100]", "float32", "unstable", _one("x", [100], SP, "float32"),
         "tf.math.log(1.0 + tf.math.exp(x))", "tf.math.softplus(x)"),
    Case(K, "sp_two", "x=[100]", "float32", "unstable", _one("x", [100], SP2, "float32"), "tf.math.log(2 + tf.exp(x))"),
    Case(K, "lse_naive", "z=[800,1]", "float64", "unstable", _lse([800, 1], "float64"),
         "tf.math.log(tf.reduce_sum(tf.exp(z)))", "tf.math.reduce_logsumexp(z)"),
    Case(K, "lde_naive", "a=[100],b=[99]", "float32", "unstable", _lde([100], [99], "float32"),
         "tf.exp(a) - tf.exp(b)", "a + tf.math.log(-tf.math.expm1(b - a))"),
    Case(K, "log_sig", "x=[-800]", "float64", "unstable", _one("x", [-800], LOGSIG, "float64"),
         "tf.math.log(tf.sigmoid(x))", "tf.math.log_sigmoid(x)"),
    Case(K, "log_one_minus_sig", "x=[20]", "float32", "unstable", _one("x", [20], LOG1MSIG, "float32"),
         "tf.math.log(1 - tf.sigmoid(x))", "tf.math.log_sigmoid(-x)"),
    Case(K, "bce_probs", "z=[40],y=[0]", "float64", "unstable", _bce([40], [0], "float64"),
         "def bce_probs>>return -tf.reduce_sum(", "tf.math.log_sigmoid(z) + (1 - y) * tf.math.log_sigmoid(-z)"),
    Case(K, "bce_probs", "z=[-20],y=[1]", "float32", "ok", _bce([-20], [1], "float32")),
    Case(K, "entropy_softmax", "x=[0,-800]", "float64", "unstable", _entropy([0, -800], "float64"),
         "return -tf.reduce_sum(p * tf.math.log(p))", "p * tf.nn.log_softmax(x)"),
    Case(K, "log1p_ratio", "x=[1e-5]", "float32", "unstable", _one("x", [1e-5], LOG1P_RATIO, "float32"),
         "tf.math.log(1 + x) / x", "tf.math.log1p(x) / x"),
    Case(K, "expm1_ratio", "x=[1e-10]", "float64", "unstable", _one("x", [1e-10], EXPM1_RATIO, "float64"),
         "(tf.exp(x) - 1) / x", "tf.math.expm1(x) / x"),
    # F1: the series fixes JAX and PyTorch get are spelled for TensorFlow with tf.where(..., 1, x): an int32 1
    # beside a float x, which TensorFlow's graph rejects; never offered, noted as "worse"
    Case(K, "expm1_ratio", "x=[1e-3]", "float32", "unstable", _one("x", [1e-3], EXPM1_RATIO, "float32"),
         "(tf.exp(x) - 1) / x", "x ** 9 / 3628800"),
    Case(K, "versine_ratio", "x=[1e-5]", "float64", "unstable", _one("x", [1e-5], VERSINE, "float64"),
         "(1 - tf.cos(x)) / (x * x)", "x ** 8 / 3628800"),
    Case(K, "versine_ratio", "x=[1e-3]", "float32", "unstable", _one("x", [1e-3], VERSINE, "float32"),
         "(1 - tf.cos(x)) / (x * x)"),
    Case(K, "hypot_naive", "x=[1e-30],y=[1e-30]", "float32", "unstable", _hypot([1e-30], [1e-30], "float32"),
         "tf.sqrt(x * x + y * y)"),
    Case(K, "log_of_softmax", "x=[0,100]", "float32", "unstable", _pick0([0, 100], "float32"),
         "tf.math.log(tf.nn.softmax(x))[0]", "tf.nn.log_softmax(x)[0]"),
    # TensorFlow's SqrtGrad takes a 0 upstream to 0 even where sqrt gave NaN: no leak, ok
    Case(K, "sqrt_guard", "x=[-1,4]", "float64", "ok", _one("x", [-1, 4], SQRT_GUARD, "float64")),
    Case(K, "sinc_guard", "x=[0,1]", "float32", "wrong", _one("x", [0, 1], SINC_GUARD, "float32"),
         "tf.sin(x) / x", "tf.sin(tf.where(x != 0, x, 1.0))"),
]

ALL = JAX + TORCH + TF
