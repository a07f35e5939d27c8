"""The fifty-seventh trial set (d): SUBNORMALS, FLUSH-TO-ZERO and EAGER vs GRAPH, on issues 28 and 29's bridges.
XLA (JAX eager and jax.jit; TensorFlow's jit_compile=True) and TensorFlow's CPU kernels (eager and in a tf.function)
flush subnormal results to 0 and read subnormal operands as 0; PyTorch and NumPy keep subnormals (with the few bits
they hold). Tried: branches and values that depend on that. JAX: lax.cond on exp(x) (float32 -90, float64 -720), a
double-where safe |x| through s = x * x (1e-20 float32, 1e-160 float64; jax.jit'ed too), log(maximum(exp(x), c)) with
a normal floor 1e-30 (the flush harmless) and a subnormal floor 1e-45 (read as 0), lax.cond(x != 0, sin(x) / x, 1) at
1e-40 (the other branch runs, harmlessly), a product of small numbers, where(x > 0, sqrt(x), 0) and maximum(x, 0) at
subnormal inputs (1e-40, 1e-310, 5e-324), exp(x) * 1e30 under jax.jit, exp(x) * 1e300 at -720 / -745, log(x * x) at
1e-20, x * 1e30 at 1e-40. TensorFlow: the same tf.cond on exp(x) eager, in a tf.function and with jit_compile=True,
autograph's `if` on exp(-104), the safe |x| eager, as an eager helper called from a tf.function and under jit_compile,
tf.maximum(x, 0) and tf.math.maximum(0, x) at subnormals (TensorFlow's Maximum gradient gives a tie to its first
operand), tf.where over sqrt, tf.while_loop and autograph's `while` whose condition `y > 0` reads a subnormal, a Python
loop of y * 1e-15 (the third step subnormal), exp(x) * 1e300, tf.cond for sinc, and a Keras-free tf.Module layer with a
@tf.function __call__ (scale 1e-30 times x). PyTorch and NumPy (no flush): the safe |x|, where-sqrt, maximum, the
product, exp(x) * 1e30, log(x * x), log(exp(x)), a Python if on .item(). Points: 0, 5e-324, 1e-310, 1e-160, 1e-40,
1e-20, 1e-10, -80, -90, -100, -104, -700, -720, -745, 1, 2, -3, 0.5, in float32 and float64.

Counts: 74 checks run by hand through the CLI (--json), 10 sweeps; 60 cases kept (all judged through
tests/trials/judge.py: 53 pass, 7 fail: F1's): 19 ok, 37 unstable (7 of them F1's, failing), 3 domain, 1 input error.

Agreed with my truths (verdicts, exact gradients to 1e-10, the user's line):
- a value flushed to 0 is unstable at the op that flushed it, named with XLA's or TensorFlow's flushing in words:
  exp(-90) float32 and exp(-720) float64 feeding lax.cond / tf.cond (eager, tf.function, jit_compile alike: no
  eager-vs-graph error anywhere), autograph's if at exp(-104) (below float32's subnormals: a plain underflow), the
  product x0 * x1 at 1e-20, x * x before log, a Python loop's third y * 1e-15, a tf.Module's scale * x at 1e-10, and
  a subnormal operand read as 0 (x * 1e30 at 1e-40, exp(-720) * 1e300: "read its operand ... as 0 (denormals are
  zero)"); where the exact answer is itself below the smallest normal number a 0 is held no fault (lax.cond /
  tf.cond sinc at 1e-40: the x != 0 test reads 1e-40 as 0, the 1 branch runs, value 1 and gradient 0 against the exact
  -3.3e-41: ok, rightly); log(maximum(exp(-90), 1e-30)): the floor wins exactly too, ok, slope 0; the same with the
  subnormal floor 1e-45 (read as 0: log(0)) unstable at its line;
- branches chosen by a comparison that read a subnormal as 0 are unstable at that line: JAX maximum(x, 0) at 1e-40
  (a tie: gradient 0.5), TensorFlow maximum(0, x) at 1e-40 and 5e-324 (the tie goes to the constant: 0), TensorFlow
  where(x > 0, sqrt(x), 0) at 1e-40 (gradient 0), JAX's (NaN from the untaken sqrt's slope at the flushed 0), the
  while loop whose `y > 0` stops it at once (gradient 1, exact 8), at the tf.while_loop's line and at autograph's
  `while` line; TensorFlow's maximum(x, 0) at 1e-40 is ok (its tie goes to x: gradient 1, exact);
- PyTorch and NumPy keep subnormals: the safe |x| at 1e-20 float32 (x * x = 1e-40 holds 17 bits: 2.6e-6 relative,
  inside float32's 1e-4), exp(-90) * 1e30, the product, where-sqrt and maximum at 1e-40 are ok; at 1e-160 float64
  (x * x holds 11 bits, 5.6e-6 against float64's 1e-10) unstable at x * x; log(x * x) at 1e-20 and log(exp(-90))
  float32 (1 / 1e-40 overflows in log's backward: inf) and log(exp(-745)) float64 unstable at the log's line; a
  Python if on .item() is a clear input error at the if;
- sweeps put every threshold at the right float: exp's flush at x = -87.33654785 | -87.33654022 float32 (JAX jitted,
  TensorFlow's eager tf.cond alike) and -708.3964185322642 | ...641 float64 (ln 2^-1022 = -708.39641853226411); the
  safe |x| at 2^-63 = 1.0842021724855044e-19 (x * x = 2^-126, float32's smallest normal: JAX and TensorFlow); the
  tf.while_loop at float32's smallest normal 1.1754943508e-38 (below: 0 trips); PyTorch's exp(x) * 1e30 at -95.49
  (where exp's subnormal rounding passes 1e-4 relative); jit_compile's tf.cond (run point by point, said so) at the
  same -87.3365 as eager; autograph's while at the smallest normal; JAX maximum(x, 0) over [-1e-37, 1e-37]: every
  subnormal of either sign unstable (a tie read: slope 0.5), 0 a kink, the normals ok. No sweep printed anything on
  stderr, and no check either (the summary line alone).

Findings (both mended):
- F1 jax_lib57d:safe_abs@x=[1e-20]:float32 (and @x=[1e-160]:float64, jit_safe_abs, tf_lib57d:safe_abs eager, the
  tf.function calling it, and with jit_compile). The double-where safe |x| spelled s = x * x; safe = where(s > 0, s,
  1); where(s > 0, sqrt(safe), 0): s = 1e-40 is subnormal and XLA / TensorFlow flush it to 0, so s > 0 is false and
  the 0 branch runs (value 0, gradient 0; exact 1e-20 and 1). The verdict (unstable) is right, but the one finding is
  at the where's line (jax_lib57d.py:18, tf_lib57d.py:37), not at `s = x * x` (17, 36), the op whose result was
  flushed, and it says "where([False], [9.999946e-41], [1]) = [1] takes the branch that the exact run's condition
  [True] does not: rounding in what its condition was computed from put the point on the other side of a switch":
  the operand it prints is the unflushed subnormal the run never had, and no rounding is involved: the flush is. For
  the same x * x before a log (log_square) and for a tf.Module's scale * x feeding tf.where (gate_loss) gradcli names
  the mul's flush at its own line, so the where's condition is the odd one out. Reproduce:
  gradcli check tests/trials/jax_lib57d.py:safe_abs --at "x=[1e-20]" --dtype float32
  gradcli check tests/trials/tf_lib57d.py:safe_abs --at "x=[1e-20]" --dtype float32
  (sweeps say the same at every point below 2^-63: gradcli sweep tests/trials/jax_lib57d.py:safe_abs --range
  x=1e-21:1e-18 --dtype float32).
  Mended: the replay carries each flushed result into the traced value it goes on with (`flushing.FlushedToRecorder`),
  and a where's flipped condition computed from a flushed op names that op, the where said after it
  (`provenance._flushed_before_the_switch`).
- F2 (message only; verdicts and lines right) a comparison that reads a subnormal INPUT as 0 is explained as rounding
  or as a wrong "gradient rule", never as the flush: JAX relu_sum at [1e-40, 2] ("select_n([True, False], ...) takes
  the branch that the exact run's condition [False, False] does not: rounding in what its condition was computed
  from"), TensorFlow relu_rev at 1e-40 / 5e-324 and where_sqrt at 1e-40 likewise, and the loops: tf_lib57d:grow_while
  at 1e-40 ("the gradient rule of grow_while computes 1.0 where the exact value is 8.0: relative error 8.8e-01 from
  inputs accurate to 1.2e-07": there is no rule of the user's; the condition y > 0 read 1e-40 as 0 and the loop ran 0
  trips instead of 3), autograph's grow_auto likewise. The input 1e-40 is exact: nothing was rounded. gradcli's own
  words for the same reading elsewhere ("XLA's CPU code read its operand 9.99994610111476e-41, a subnormal float32, as
  0 (denormals are zero)", scale_input) are the right ones. Reproduce:
  gradcli check tests/trials/tf_lib57d.py:grow_while --at x=1e-40 --dtype float32
  gradcli check tests/trials/jax_lib57d.py:relu_sum --at "x=[1e-40,2]" --dtype float32
  Held as a test of its own in tests/test_user_trials57d.py (the judge reads no words).
  Mended: the where's flip is told at the comparison that read the subnormal as 0 (a framework rule's too, found by
  its result); where the runs' ops are unlike (a loop's trips), the first op that read a subnormal as 0 is named
  (`provenance.first_flushed`).

Observations (not held as findings):
- JAX where_sqrt at [1e-40, 4] float32 names only the backward's div(0.5, [0, 2]) = inf at the where's line, while
  at 1e-310 / 5e-324 float64 it adds "where-nan" and "sqrt read its operand ... as 0 (denormals are zero)": the
  float32 report is thinner, the line the same.
- PyTorch's log_square and log_exp name log's backward division (1 / 1e-40 = inf in float32), not the subnormal
  operand that made it; the log is the user's line of the inf, so the user is led right.

Slow: none. Checks through the CLI, six at a time: JAX 15-17 s, TensorFlow 16-50 s, PyTorch 10-14 s, NumPy 2 s;
the chosen five and the three xfails take 11 s in process. Sweeps 6-25 s (jit_compile's point by point 12 s for 21
points).

Truths are expressions written here, evaluated by mpmath at 2,000 digits at the numbers the dtype holds (points and
the constants 1e30, 1e-30, 1e-15, 1e-45 as float32 holds them in float32 code), never the files' code. Truths I had to
correct in myself: the JAX / TensorFlow scale_input at [1e-40, 1] (1e-40 * 1e30 is lost beside 1e30 exactly too: ok,
not a test of the flush; kept at [1e-40] alone), and TensorFlow's maximum(x, 0) at 1e-40, which I first expected to
fail as JAX's does (TensorFlow's Maximum gradient gives the tie to x: right by construction).
"""
import mpmath

from cases import Case
from cases30b import _held
from cases5 import hp

N, J, T, K = "np_lib57d.py", "jax_lib57d.py", "torch_lib57d.py", "tf_lib57d.py"
NAN = mpmath.nan
mpf = mpmath.mpf


def _scalar(name, x, slope, dtype):
    return hp(lambda: {name: slope(_held(dtype, x))})


def _one(name, xs, slope, dtype):
    """sum_i f(x_i): the slope entrywise, at the numbers the dtype holds."""
    return hp(lambda: {name: [slope(_held(dtype, v)) for v in xs]})


def _vec(name, xs, grad, dtype):
    return hp(lambda: {name: grad([_held(dtype, v) for v in xs])})


ONE = lambda x: mpf(1)  # d/dx log(exp(x)) = d/dx x
SIGN = lambda x: mpmath.sign(x) if x != 0 else NAN  # |x|: a kink at 0
RELU = lambda x: mpf(1) if x > 0 else (mpf(0) if x < 0 else NAN)
SQRT0 = lambda x: 1 / (2 * mpmath.sqrt(x)) if x > 0 else (mpf(0) if x < 0 else NAN)  # where(x > 0, sqrt x, 0)
TWO_OVER = lambda x: 2 / x  # log(x^2)
SINC = lambda x: (x * mpmath.cos(x) - mpmath.sin(x)) / x ** 2 if x != 0 else mpf(0)


def _floor(c, dtype):
    """log(max(e^x, c)), c as the dtype holds it: slope 1 where e^x > c, 0 where below."""
    return lambda x: mpf(1) if mpmath.exp(x) > _held(dtype, c) else mpf(0)


def _scaled_exp(c, dtype):
    """e^x * c: slope e^x * c, c as the dtype holds it."""
    return lambda x: mpmath.exp(x) * _held(dtype, c)


def _product(xs, dtype):
    """x0 x1 x2: the other two's product."""
    return _vec("x", xs, lambda x: [x[1] * x[2], x[0] * x[2], x[0] * x[1]], dtype)


def _loop15(dtype):
    """y = x * c^3 * C, c = 1e-15, C = 1e30 as the dtype holds them: slope c^3 C."""
    return lambda x: _held(dtype, 1e-15) ** 3 * _held(dtype, 1e30)


def _gate(x):
    """z = s x (s = float32 1e-30): z * 1e30 where z > 0, -z else."""
    s, big = _held("float32", 1e-30), _held("float32", 1e30)
    return s * big if s * x > 0 else -s


GROW = lambda x: mpf(8) if x > 0 else mpf(1)  # three doublings while y > 0 (and at most 3)


ALL = [
    # ---------------------------------------------------------------------------------------------------- JAX
    # lax.cond(exp(x) > 0, log(exp(x)), 0): exp's subnormal result flushed, the other branch runs
    Case(J, "cond_exp", "x=-90", "float32", "unstable", _scalar("x", -90, ONE, "float32"),
         "def cond_exp>>e = jnp.exp(x)"),
    Case(J, "cond_exp", "x=-80", "float32", "ok", _scalar("x", -80, ONE, "float32")),
    Case(J, "cond_exp", "x=-720", "float64", "unstable", _scalar("x", -720, ONE, "float64"),
         "def cond_exp>>e = jnp.exp(x)"),
    # the double-where safe |x| through s = x * x: s subnormal, flushed: the 0 branch runs (F1: named at the where)
    Case(J, "safe_abs", "x=[1e-20]", "float32", "unstable", _one("x", [1e-20], SIGN, "float32"),
         "def safe_abs>>s = x * x"),
    Case(J, "safe_abs", "x=[1e-10,-3]", "float32", "ok", _one("x", [1e-10, -3], SIGN, "float32")),
    Case(J, "safe_abs", "x=[0]", "float32", "domain", _one("x", [0], SIGN, "float32")),
    Case(J, "safe_abs", "x=[1e-160]", "float64", "unstable", _one("x", [1e-160], SIGN, "float64"),
         "def safe_abs>>s = x * x"),
    Case(J, "jit_safe_abs", "x=[1e-20]", "float32", "unstable", _one("x", [1e-20], SIGN, "float32"),
         "def safe_abs>>s = x * x"),
    # log(maximum(exp(x), floor)): a normal floor wins exactly too (ok); a subnormal floor is read as 0
    Case(J, "max_floor", "x=-90", "float32", "ok", _scalar("x", -90, _floor(1e-30, "float32"), "float32")),
    Case(J, "max_tiny", "x=-100", "float32", "unstable", _scalar("x", -100, _floor(1e-45, "float32"), "float32"),
         "jnp.maximum(jnp.exp(x), 1e-45)"),
    # lax.cond(x != 0, sin(x) / x, 1) at 1e-40: the other branch runs, its answer right to float32 (gradient 0 for
    # the exact -3.3e-41, below float32's smallest normal)
    Case(J, "cond_sinc", "x=1e-40", "float32", "ok", _scalar("x", 1e-40, SINC, "float32")),
    Case(J, "product", "x=[1e-20,1e-20,1e30]", "float32", "unstable", _product([1e-20, 1e-20, 1e30], "float32"),
         "p = x[0] * x[1]"),
    Case(J, "where_sqrt", "x=[1e-40,4]", "float32", "unstable", _one("x", [1e-40, 4], SQRT0, "float32"),
         "jnp.where(x > 0, jnp.sqrt(x)"),
    Case(J, "where_sqrt", "x=[5e-324]", "float64", "unstable", _one("x", [5e-324], SQRT0, "float64"),
         "jnp.where(x > 0, jnp.sqrt(x)"),
    Case(J, "relu_sum", "x=[1e-40,2]", "float32", "unstable", _one("x", [1e-40, 2], RELU, "float32"),
         "jnp.maximum(x, 0.0)"),
    Case(J, "relu_sum", "x=[0,2]", "float32", "domain", _one("x", [0, 2], RELU, "float32")),
    Case(J, "scaled_exp", "x=-90", "float32", "unstable", _scalar("x", -90, _scaled_exp(1e30, "float32"), "float32"),
         "def scaled_exp(x)>>e = jnp.exp(x)"),
    Case(J, "scaled_exp64", "x=-720", "float64", "unstable",
         _scalar("x", -720, _scaled_exp(1e300, "float64"), "float64"), "def scaled_exp64>>e = jnp.exp(x)"),
    Case(J, "scaled_exp64", "x=-745", "float64", "unstable",
         _scalar("x", -745, _scaled_exp(1e300, "float64"), "float64"), "def scaled_exp64>>e = jnp.exp(x)"),
    Case(J, "log_square", "x=1e-20", "float32", "unstable", _scalar("x", 1e-20, TWO_OVER, "float32"),
         "def log_square>>s = x * x"),
    Case(J, "log_square", "x=1e-20", "float64", "ok", _scalar("x", 1e-20, TWO_OVER, "float64")),
    Case(J, "scale_input", "x=[1e-40]", "float32", "unstable",
         _one("x", [1e-40], lambda x: _held("float32", 1e30), "float32"), "jnp.sum(x * 1e30)"),
    # ---------------------------------------------------------------------------------------------------- TensorFlow
    # tf.cond on exp(x): eager, tf.function, jit_compile alike (no eager-vs-graph difference from the flush)
    Case(K, "cond_exp", "x=-90", "float32", "unstable", _scalar("x", -90, ONE, "float32"),
         "def cond_exp(x)>>e = tf.exp(x)"),
    Case(K, "cond_exp", "x=-80", "float32", "ok", _scalar("x", -80, ONE, "float32")),
    Case(K, "cond_exp_fn", "x=-90", "float32", "unstable", _scalar("x", -90, ONE, "float32"),
         "def cond_exp_fn>>e = tf.exp(x)"),
    Case(K, "cond_exp_xla", "x=-90", "float32", "unstable", _scalar("x", -90, ONE, "float32"),
         "def cond_exp_xla>>e = tf.exp(x)"),
    Case(K, "cond_exp_xla", "x=-80", "float32", "ok", _scalar("x", -80, ONE, "float32")),
    Case(K, "auto_if_exp", "x=-104", "float32", "unstable", _scalar("x", -104, ONE, "float32"),
         "def auto_if_exp>>e = tf.exp(x)"),
    # the safe |x| eager, as an eager helper traced by a tf.function, and under jit_compile (F1)
    Case(K, "safe_abs", "x=[1e-20]", "float32", "unstable", _one("x", [1e-20], SIGN, "float32"),
         "def safe_abs>>s = x * x"),
    Case(K, "safe_abs", "x=[1e-160]", "float64", "unstable", _one("x", [1e-160], SIGN, "float64"),
         "def safe_abs>>s = x * x"),
    Case(K, "safe_abs_fn", "x=[1e-20]", "float32", "unstable", _one("x", [1e-20], SIGN, "float32"),
         "def safe_abs>>s = x * x"),
    Case(K, "safe_abs_xla", "x=[1e-20]", "float32", "unstable", _one("x", [1e-20], SIGN, "float32"),
         "def safe_abs>>s = x * x"),
    # TensorFlow's Maximum gradient gives a tie to its first operand: maximum(x, 0) at the flushed 1e-40 is right,
    # maximum(0, x) gives it to the constant
    Case(K, "relu_sum", "x=[1e-40,2]", "float32", "ok", _one("x", [1e-40, 2], RELU, "float32")),
    Case(K, "relu_rev", "x=[1e-40,2]", "float32", "unstable", _one("x", [1e-40, 2], RELU, "float32"),
         "tf.math.maximum(0.0, x)"),
    Case(K, "relu_rev", "x=[5e-324]", "float64", "unstable", _one("x", [5e-324], RELU, "float64"),
         "tf.math.maximum(0.0, x)"),
    Case(K, "where_sqrt", "x=[1e-40,4]", "float32", "unstable", _one("x", [1e-40, 4], SQRT0, "float32"),
         "tf.where(x > 0, tf.sqrt(x)"),
    Case(K, "where_sqrt", "x=[0,4]", "float32", "domain", _one("x", [0, 4], SQRT0, "float32")),
    # a loop whose condition y > 0 reads the subnormal as 0: 0 trips instead of 3 (F2: said as a "gradient rule")
    Case(K, "grow_while", "x=1e-40", "float32", "unstable", _scalar("x", 1e-40, GROW, "float32"),
         "tf.while_loop(lambda i, y"),
    Case(K, "grow_while", "x=1", "float32", "ok", _scalar("x", 1, GROW, "float32")),
    Case(K, "grow_auto", "x=1e-40", "float32", "unstable", _scalar("x", 1e-40, GROW, "float32"),
         "while i < 3 and y > 0:"),
    Case(K, "scaled_loop", "x=1", "float32", "unstable", _scalar("x", 1, _loop15("float32"), "float32"),
         "y = y * 1e-15"),
    Case(K, "scaled_loop", "x=1", "float64", "ok", _scalar("x", 1, _loop15("float64"), "float64")),
    Case(K, "scaled_exp64", "x=-720", "float64", "unstable",
         _scalar("x", -720, _scaled_exp(1e300, "float64"), "float64"), "def scaled_exp64>>e = tf.exp(x)"),
    Case(K, "cond_sinc", "x=1e-40", "float32", "ok", _scalar("x", 1e-40, SINC, "float32")),
    Case(K, "gate_loss", "x=[2,-1]", "float32", "ok", _one("x", [2, -1], _gate, "float32")),
    Case(K, "gate_loss", "x=[1e-10]", "float32", "unstable", _one("x", [1e-10], _gate, "float32"),
         "z = self.scale * x"),
    Case(K, "scale_input", "x=[1e-40]", "float32", "unstable",
         _one("x", [1e-40], lambda x: _held("float32", 1e30), "float32"), "tf.reduce_sum(x * 1e30)"),
    # ---------------------------------------------------------------------------------------------------- PyTorch
    Case(T, "safe_abs", "x=[1e-20]", "float32", "ok", _one("x", [1e-20], SIGN, "float32")),
    Case(T, "safe_abs", "x=[1e-160]", "float64", "unstable", _one("x", [1e-160], SIGN, "float64"),
         "def safe_abs>>s = x * x"),
    Case(T, "where_sqrt", "x=[1e-40,4]", "float32", "ok", _one("x", [1e-40, 4], SQRT0, "float32")),
    Case(T, "product", "x=[1e-20,1e-20,1e30]", "float32", "ok", _product([1e-20, 1e-20, 1e30], "float32")),
    Case(T, "scaled_exp", "x=[-90]", "float32", "ok", _one("x", [-90], _scaled_exp(1e30, "float32"), "float32")),
    Case(T, "log_square", "x=[1e-20]", "float32", "unstable", _one("x", [1e-20], TWO_OVER, "float32"),
         "return torch.sum(torch.log(s))"),
    Case(T, "if_item", "x=[-90]", "float32", "input-error",
         message=("branches on a tensor's value", "torch_lib57d.py:37")),
    Case(T, "log_exp", "x=[-90]", "float32", "unstable", _one("x", [-90], ONE, "float32"),
         "return torch.sum(torch.log(e))"),
    Case(T, "log_exp", "x=[-745]", "float64", "unstable", _one("x", [-745], ONE, "float64"),
         "return torch.sum(torch.log(e))"),
    # ---------------------------------------------------------------------------------------------------- NumPy
    Case(N, "safe_abs", "x=[1e-20]", "float32", "ok", _one("x", [1e-20], SIGN, "float32")),
    Case(N, "scaled_exp64", "x=[-720]", "float64", "ok", _one("x", [-720], _scaled_exp(1e300, "float64"), "float64")),
    Case(N, "log_square", "x=[1e-20]", "float32", "unstable", _one("x", [1e-20], TWO_OVER, "float32"),
         "return np.sum(np.log(s))"),
    Case(N, "relu_sum", "x=[1e-40,2]", "float32", "ok", _one("x", [1e-40, 2], RELU, "float32")),
]
