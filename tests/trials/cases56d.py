"""The fifty-sixth trial set (d): CONTROL FLOW and STRUCTURE as users write it, on issues 28 and 29's bridges. JAX:
lax.cond (a custom_jvp rule taking its slope through a cond, wrong on one branch alone; a custom_vjp wrong past 2 as
one branch of a cond and called twice in a scan body), lax.switch on an index computed from x (a C1 join, a slope
jump, an untaken sqrt), lax.scan (a running product overflowing or underflowing in its second iteration, a where leak
inside the scan body), lax.fori_loop with Python bounds, lax.while_loop, jax.checkpoint around a naive softplus,
jax.jit with static_argnums, jax.vmap of a row norm inside the loss, a dict pytree by --args / --wrt params. PyTorch:
a Python if on a tensor's value, Python for loops (over a range and over a tensor's rows), torch.where chains
(leaking and double-where), x * x.detach(), a torch.no_grad() scale, an autograd.Function whose backward is wrong
only where x <= 0, an nn.Module with submodules, a Parameter and a Python loop in forward (--wrt model.fc1.weight,
model.gate,model.fc2.bias). TensorFlow: eager tf.cond, tf.cond inside tf.function and autograph's Python if,
tf.while_loop (with a wrong custom_gradient in its body), a tf.function with an autograph `for _ in tf.range(2)`
loop, tf.stop_gradient, a tf.custom_gradient wrong on one branch, tf.where in Python loops (a sin(kx)/x where leak),
dense layers from a parameter dict (--args, --wrt params.w1). Plain NumPy: a helper called in a loop, Horner's rule
over module constants, a running sum of logs, a Python if per entry. Points: 0, subnormals (1e-40 float32, 5e-324
float64), +-30, +-100, +-400, +-800, 1e100, 1e300, in float32 and float64. Besides: `gradcli sweep FILE:func --range
x=-1000:1000` on one function per framework (JAX fori_softplus and cond_rule, PyTorch and NumPy loop_softplus,
TensorFlow autograph_softplus and cond_sqrt) and a `gradcli audit` spec of six cases naming JAX, PyTorch, TensorFlow
and NumPy functions (a point list, an expected verdict, a range, --args with wrt).

Counts: 93 checks run by hand through the CLI (--json), 6 sweeps, 1 audit (6 cases); 76 cases written and judged
through tests/trials/judge.py (74 passed, 2 the finding F1), 60 kept: 21 ok, 17 unstable (2 of them F1's, failing),
9 domain, 11 wrong, 2 input errors. The audit gave the expected statuses (its swept custom rule fails rightly: wrong
for x < 0).

Agreed with my truths (exact gradients to 1e-10, verdicts, the user's line):
- the one-branch-wrong rules are `wrong` exactly on their wrong branch, at the rule's own def (JAX defjvp through
  lax.cond, PyTorch backward through torch.where, TensorFlow grad through tf.where), `ok` on the right branch and at
  x = 0 (sigmoid(-0) = sigmoid(0)); a custom_vjp wrong past 2 is wrong in lax.cond's taken branch at 3 (ok at -3,
  where the other branch runs) and in a scan body whose second call sees 3.52; a custom_gradient in a tf.while_loop
  body (3y for 2y, twice) is wrong at its grad; the JAX sweep puts the threshold at -1e-10 in float64 (below, the
  rule's error is under the 1e-10 tolerance: ok, by design; a sliver [-1e-10, -9.99999e-11] is `unstable
  (inaccurate)`);
- a NaN or inf starting in a loop's iteration is named at the body's line: lax.scan's product overflowing at
  [400, 400] (value inf, gradient 0) and underflowing at [-400, -400] (sqrt's slope inf, the underflow named as the
  root), fori_loop / Python / autograph loops of a naive softplus at 100 (float32) and 800, rows of a naive
  logsumexp in a for over a tensor's rows;
- where leaks inside loops: a where in a scan body (sqrt(-1) in the first iteration), torch.where chains (sqrt and
  log(-x) untaken), tf.where(x != 0, sin(kx) / x, k) in a Python loop: `wrong` at the where's line; the double-where
  spelling ok; a tf.where over log(y) in a loop at y = -1 (1/y finite, no NaN in the backward) ok;
- lax.switch / lax.cond / tf.cond: only the taken branch is judged (slope -1 at x = -1 beside an untaken sqrt), a
  slope jump at a switch boundary domain, a C1 join ok, the sqrt side at 0 domain (singular); XLA's FTZ predicate
  (lax.cond / lax.switch at float32 1e-40 and float64 5e-324 runs the other branch): unstable at the user's line,
  and so is TensorFlow's in a tf.function (tf.cond, autograph's `if x > 0:`), but not eagerly (F1);
- jax.checkpoint, jit(static_argnums), vmap of a norm (a zero row: kink, domain; 1e-30 in float32: r ** 2
  underflows, unstable at the vmap's line), detach / no_grad / stop_gradient pieces held constant (no_grad's max|x|
  at a tie [2, -2] is a constant, ok, no kink), nn.Module parameters by name, dict pytrees by path: exact;
- lax.while_loop and a Python if on a tensor's value are clear input errors naming the user's line and what to
  write instead (JAX has no reverse mode through while_loop; gradcli captures one PyTorch graph per shape);
- values and slopes beyond the dtype (x^8 at 1e300, x^4 at 1e100, 1/5e-324, Horner at 1e300) are domain
  (out-of-range) with the exact digits in exact_gradient_text; below it (e^-800 / 2) likewise.

Findings (both mended):
- F1 tf_lib56d:cond_sqrt@x=1e-40:float32 (and @x=5e-324:float64). An eager tf.cond(x > 0, sqrt(x), -x) at a
  subnormal: TensorFlow's CPU Greater reads the subnormal as 0 (denormals are zero), so the eager run takes the -x
  branch (value -1e-40, gradient -1, where the exact value is 1e-20 and the exact gradient 5.0000134747757806e19).
  gradcli gives status `error` ("TensorFlow computes cond_sqrt otherwise eagerly than in the graph gradcli traces and
  judges: eagerly it runs Neg ..., the graph runs Sqrt ... (Python code choosing by tf.executing_eagerly() or
  tf.inside_function(), or reading the op that made a tensor) ... decorate the function with tf.function"): no
  verdict, no exact gradient, and a wrong diagnosis (the user's code does not choose by eagerness; the predicate was
  flushed). The right verdict is `unstable` at the cond's line, as gradcli says for the same function under
  tf.function (cond_sqrt_fn at 1e-40: unstable at its line), for JAX's lax.cond / lax.switch at the same points, and
  for this very function in `gradcli sweep` (x in [1.4e-45, 1.18e-38] unstable, "the gradient rule of cond_sqrt
  computes -1.0"). Reproduce: gradcli check tests/trials/tf_lib56d.py:cond_sqrt --at x=1e-40 --dtype float32 --json
  (float64: --at x=5e-324 --dtype float64).
  Mended: the float64 replay that records which ops the traced graph runs (to hold it to the eager run) read 1e-40
  as a number and took the sqrt branch; it now runs in the inputs' dtype reading and making numbers as TensorFlow's
  CPU kernels do (`tf_graph.executed`'s flushing): unstable at the cond's line, and tf.cond(exp(x) > 0, ...) at
  float32's x = -90 names exp's underflow (tests/test_tf_eager_branches_flushed.py).
- F2 gradcli sweep of a TensorFlow function holding a tf.cond or an autograph tf.range loop: gradcli's attempt to
  map it over the points (pfor) fails and it falls back, noting "ran once per point" (right), but TensorFlow's own
  pfor conversion ERROR logs reach the user's stderr: 184 lines for a 3-point sweep, 12,000-18,000 lines (~200
  "ERROR:tensorflow:Got error while pfor was converting op" blocks) for a 101-point sweep, on a run that succeeds
  (exit 0). Reproduce: gradcli sweep tests/trials/tf_lib56d.py:cond_sqrt --range x=1:4:3 --dtype float64
  (and tests/trials/tf_lib56d.py:autograph_softplus --range x=-1000:1000).
  Mended: TensorFlow's logger drops what pfor logs while the map is traced (`tf_bridge._pfor_unlogged`).

Observations (not held as findings):
- the backward-pass finding of a NaN that starts in a loop's iteration is located at the loop's line, not the body's:
  JAX fori_softplus at 100 float32 names "stack(0, inf, inf)" (the scan's stacked residuals) at the fori_loop line
  51 and TensorFlow's autograph loop names the Exp gradient's Mul at the `for _ in tf.range(2)` line 19; each message
  names the forward op's line (50, 20) and the forward finding is at the body's line, so the user is led right.

Slow: none of the checks passed 60 s alone (TensorFlow checks 5-15 s alone, 40-55 s six at a time; JAX 2-8 s;
PyTorch 3-12 s; NumPy under 1 s). The sweep of tf_lib56d.py:autograph_softplus over -1000:1000 took 65 s, running
once per point (no pfor), and its float64 part ran out of its time ([700, 720] "out of time").

Truths are expressions written here, evaluated by mpmath at 2,000 digits, never the files' code; points are the
numbers the dtype holds; nn.Module parameters made with float32 tensors and .double() are the float32 numbers.
Truths this round corrected in myself: none had to be; the TensorFlow where loop at y = -1 I first expected to leak
(1/y is finite there: TensorFlow's select gradient gives 0 * -1 = -0, no NaN; ok).
"""
import mpmath

from cases import Case
from cases30b import _held
from cases5 import hp

N, J, T, K = "np_lib56d.py", "jax_lib56d.py", "torch_lib56d.py", "tf_lib56d.py"
NAN = mpmath.nan
mpf = mpmath.mpf


def _s(x):
    return 1 / (1 + mpmath.exp(-x))


def _sp(x):
    return mpmath.log1p(mpmath.exp(x))


def _one(name, xs, slope, dtype):
    """sum_i f(x_i): the slope entrywise, at the numbers the dtype holds."""
    return hp(lambda: {name: [slope(_held(dtype, v)) for v in xs]})


def _scalar(name, x, slope, dtype):
    return hp(lambda: {name: slope(_held(dtype, x))})


def _vec(name, xs, grad, dtype):
    return hp(lambda: {name: grad([_held(dtype, v) for v in xs])})


RULE2 = lambda x: 2 * _s(x)  # d/dx 2 softplus(x)
SP2 = lambda x: _s(_sp(x)) * _s(x)  # d/dx softplus(softplus(x))
POW8 = lambda x: 8 * x ** 7
POW4 = lambda x: 4 * x ** 3
SQRT = lambda x: 1 / (2 * mpmath.sqrt(x))
POLY3 = lambda x: 3 * x ** 2 + 4 * x + 3  # x^3 + 2x^2 + 3x + 4
HORNER = lambda x: 3 * x ** 2 - 6 * x + mpf("0.5")  # x^3 - 3x^2 + x/2 + 2
PIECES = lambda x: 2 * x if x < 1 else (mpf(2) if x < 2 else (NAN if x == 2 else 1 / x))
SIGN_LEAK = lambda x: mpf(-1) if x < 0 else (NAN if x == 0 else SQRT(x))
ONES = lambda xs: [mpf(1) for _ in xs]
SECH2 = lambda x: 1 / mpmath.cosh(x) ** 2


def _scan_rule(x):
    """c1 = x + tanh(x), c2 = c1 + tanh(2 c1): c2' = (1 + sech^2 x)(1 + 2 sech^2(2 c1))."""
    c1 = x + mpmath.tanh(x)
    return (1 + SECH2(x)) * (1 + 2 * SECH2(2 * c1))


def _lse_rows(rows, dtype):
    """sum over rows of logsumexp(row): softmax of each row."""
    def truth():
        out = []
        for row in rows:
            r = [_held(dtype, v) for v in row]
            top = max(r)
            e = [mpmath.exp(v - top) for v in r]
            out.append([v / mpmath.fsum(e) for v in e])
        return {"x": out}
    return hp(truth)


def _scan_sqrt(xs, dtype):
    """sqrt(prod exp(x_i)) = exp(sum / 2): each slope exp(sum / 2) / 2."""
    return _vec("x", xs, lambda x: [mpmath.exp(mpmath.fsum(x) / 2) / 2 for _ in x], dtype)


def _scan_where(xs, dtype):
    """sum_k where(c_k > 0, sqrt(c_k), 0), c_k the running sum: d/dx_i = sum over k >= i with c_k > 0 of
    1/(2 sqrt c_k)."""
    def grad(x):
        c = [mpmath.fsum(x[:k + 1]) for k in range(len(x))]
        return [mpmath.fsum(SQRT(c[k]) for k in range(i, len(x)) if c[k] > 0) for i in range(len(x))]
    return _vec("x", xs, grad, dtype)


def _norms(xs, dtype):
    """sum of the rows' norms of x as 2 x 2; NaN at a zero row (a kink)."""
    def grad(x):
        out = []
        for row in (x[:2], x[2:]):
            n = mpmath.sqrt(row[0] ** 2 + row[1] ** 2)
            out += [v / n if n else NAN for v in row]
        return out
    return _vec("x", xs, grad, dtype)


def _where_chain(xs):
    """where(x > 0, sqrt(x), where(x < -1, log(-x), x)): 1/(2 sqrt x), 1/x, 1."""
    return _one("x", xs, lambda x: SQRT(x) if x > 0 else (1 / x if x < -1 else mpf(1)), "float64")


def _no_grad(xs):
    """x / max|x| with max|x| held constant (no_grad): 1 / max|x| each."""
    return _vec("x", xs, lambda x: [1 / max(abs(v) for v in x) for _ in x], "float64")


def _sinc_terms(xs, dtype):
    """sum over k = 1, 2 of sin(k x) / x (k at 0): (k x cos(k x) - sin(k x)) / x^2, 0 at 0."""
    def slope(x):
        if x == 0:
            return mpf(0)
        return mpmath.fsum((k * x * mpmath.cos(k * x) - mpmath.sin(k * x)) / x ** 2 for k in (1, 2))
    return _one("x", xs, slope, dtype)


def _where_loop(xs):
    """where(y > 0, log y, y) twice: a product of 1/y over the steps that took the log."""
    def slope(x):
        y, d = x, mpf(1)
        for _ in range(2):
            if y > 0:
                y, d = mpmath.log(y), d / y
        return d
    return _one("x", xs, slope, "float64")


def _branchy(xs):
    return _one("x", xs, lambda v: SQRT(v) if v > 0 else (NAN if v == 0 else 2 * v), "float64")


JX = [[1.0, 2.0], [-0.5, 0.75], [3.0, -1.0]]
JY = [1.0, -1.0, 1.0]


def _jax_params():
    """sum_n softplus(-y_n z_n), z_n = sum_j tanh(x_n . w[:, j] + b_j) (float64 numbers)."""
    def truth():
        w = [[mpf(0.5), mpf(-1.0)], [mpf(0.25), mpf(2.0)]]
        b = [mpf(0.1), mpf(-0.3)]
        gw, gb = [[mpf(0)] * 2 for _ in range(2)], [mpf(0)] * 2
        for x, y in zip(JX, JY):
            h = [mpmath.tanh(mpf(x[0]) * w[0][j] + mpf(x[1]) * w[1][j] + b[j]) for j in range(2)]
            z = mpmath.fsum(h)
            outer = -mpf(y) * _s(-mpf(y) * z)
            for j in range(2):
                inner = outer * (1 - h[j] ** 2)
                gb[j] += inner
                for i in range(2):
                    gw[i][j] += inner * mpf(x[i])
        return {"params.w": gw, "params.b": gb}
    return hp(truth)


def _tf_dense():
    """mean_n softplus(-y_n z_n), z_n = sum_j tanh(x_n W1[:, j] + b1_j) w2_j: slope in W1."""
    def truth():
        w1 = [[mpf(0.5), mpf(-1.0)], [mpf(0.25), mpf(2.0)]]
        b1, w2 = [mpf(0.1), mpf(-0.3)], [mpf(1.5), mpf(-0.5)]
        g = [[mpf(0)] * 2 for _ in range(2)]
        for x, y in zip(JX, JY):
            h = [mpmath.tanh(mpf(x[0]) * w1[0][j] + mpf(x[1]) * w1[1][j] + b1[j]) for j in range(2)]
            z = mpmath.fsum(h[j] * w2[j] for j in range(2))
            outer = -mpf(y) * _s(-mpf(y) * z) / 3
            for j in range(2):
                for i in range(2):
                    g[i][j] += outer * w2[j] * (1 - h[j] ** 2) * mpf(x[i])
        return {"params.w1": g}
    return hp(truth)


TX = [[1.0, 2.0], [-0.5, 0.25], [2.0, -3.0]]
TY = [0.5, -1.0, 2.0]


def _block(wrt):
    """Block: h = W1 x + b1, leaky(gate) twice (gate^2 h below 0), out = w2 . g(h) + b2, mean squared error; the
    parameters float32 numbers made double."""
    def truth():
        f = lambda v: _held("float32", v)  # noqa: E731
        w1 = [[f(0.5), f(-0.25)], [f(1.5), f(0.75)]]
        b1, w2, b2, gate = [f(0.1), f(-0.4)], [f(1.25), f(-0.5)], f(0.2), f(0.5)
        gw = [[mpf(0)] * 2 for _ in range(2)]
        ggate, gb2 = mpf(0), mpf(0)
        for x, y in zip(TX, TY):
            h = [w1[j][0] * mpf(x[0]) + w1[j][1] * mpf(x[1]) + b1[j] for j in range(2)]
            slope = [mpf(1) if v > 0 else gate ** 2 for v in h]
            out = mpmath.fsum(w2[j] * h[j] * slope[j] for j in range(2)) + b2
            r = 2 * (out - mpf(y)) / 3
            gb2 += r
            for j in range(2):
                if h[j] <= 0:
                    ggate += r * w2[j] * 2 * gate * h[j]
                for i in range(2):
                    gw[j][i] += r * w2[j] * slope[j] * mpf(x[i])
        every = {"model.fc1.weight": gw, "model.gate": ggate, "model.fc2.bias": [gb2]}
        return {k: every[k] for k in wrt}
    return hp(truth)


ALL = [
    # ---------------------------------------------------------------------------------------------------- JAX
    # a custom_jvp whose rule takes its slope through lax.cond, wrong on one branch (x <= 0) alone
    Case(J, "cond_rule", "x=0", "float64", "ok", _scalar("x", 0, RULE2, "float64")),
    Case(J, "cond_rule", "x=-1", "float64", "wrong", _scalar("x", -1, RULE2, "float64"), "def _softplus_rule_jvp"),
    Case(J, "cond_rule", "x=-30", "float32", "wrong", _scalar("x", -30, RULE2, "float32"), "def _softplus_rule_jvp"),
    # lax.scan: a running product overflowing in the second iteration; one underflowing, its sqrt's slope inf
    Case(J, "scan_product", "x=[400,400]", "float64", "unstable", _vec("x", [400, 400], ONES, "float64"),
         "c = c * jnp.exp(v)"),
    Case(J, "scan_sqrt", "x=[-400,-400]", "float64", "unstable", _scan_sqrt([-400, -400], "float64"),
         "return c * jnp.exp(v), None"),
    Case(J, "scan_sqrt", "x=[-30,2]", "float32", "ok", _scan_sqrt([-30, 2], "float32")),
    # a where leak inside a scan's body (the first iteration's sqrt(-1))
    Case(J, "scan_where", "x=[-1,2]", "float64", "wrong", _scan_where([-1, 2], "float64"), "out = jnp.where(c > 0"),
    Case(J, "scan_where", "x=[1,2]", "float64", "ok", _scan_where([1, 2], "float64")),
    # fori_loop with Python bounds: y -> y^2 three times; naive softplus twice
    Case(J, "fori_power", "x=0.5", "float64", "ok", _scalar("x", 0.5, POW8, "float64")),
    Case(J, "fori_power", "x=1e300", "float64", "domain", _scalar("x", 1e300, POW8, "float64")),
    Case(J, "fori_softplus", "x=100", "float32", "unstable", _scalar("x", 100, SP2, "float32"),
         "return jnp.log(1 + jnp.exp(y))"),
    Case(J, "fori_softplus", "x=-800", "float64", "ok", _scalar("x", -800, SP2, "float64")),
    # lax.while_loop has no reverse-mode derivative in JAX: a clear input error at the user's line
    Case(J, "while_power", "x=0.5", "float64", "input-error",
         message=("cannot differentiate a lax.while_loop", "jax_lib56d.py:61")),
    # lax.switch on an index computed from x: C1 join at 1 (ok), slope jump at 2 (domain)
    Case(J, "switch_pieces", "x=2", "float64", "domain", _scalar("x", 2, PIECES, "float64")),
    Case(J, "switch_leak", "x=-1", "float64", "ok", _scalar("x", -1, SIGN_LEAK, "float64")),
    Case(J, "switch_leak", "x=0", "float64", "domain", _scalar("x", 0, SIGN_LEAK, "float64")),
    # XLA reads float32's subnormal 1e-40 (and float64's 5e-324) as 0 in the predicate: the other branch runs
    Case(J, "cond_sqrt", "x=1e-40", "float32", "unstable", _scalar("x", 1e-40, SQRT, "float32"),
         "return lax.cond(x > 0, jnp.sqrt"),
    Case(J, "cond_sqrt", "x=5e-324", "float64", "unstable", _scalar("x", 5e-324, SQRT, "float64"),
         "return lax.cond(x > 0, jnp.sqrt"),
    # jax.checkpoint around a naive softplus; jit with a static degree; vmap of a row norm inside the loss
    Case(J, "checkpointed", "x=[100,1]", "float32", "unstable", _one("x", [100, 1], _s, "float32"),
         "return jnp.log(1 + jnp.exp(x))"),
    Case(J, "checkpointed", "x=[-800,30]", "float64", "ok", _one("x", [-800, 30], _s, "float64")),
    Case(J, "static_poly", "x=[1e-40,100]", "float32", "ok", _one("x", [1e-40, 100], POLY3, "float32")),
    Case(J, "vmapped_norms", "x=[0,0,3,4]", "float64", "domain", _norms([0, 0, 3, 4], "float64")),
    Case(J, "vmapped_norms", "x=[1e-30,0,3,4]", "float32", "unstable", _norms([1e-30, 0, 3, 4], "float32"),
         "jax.vmap(lambda r"),
    Case(J, "params_loss", None, "float64", "ok", _jax_params(), args="params_args", wrt="params"),
    # a custom_vjp wrong past 2, in one branch of a lax.cond and called twice in a scan (the second call at 3.5)
    Case(J, "cond_vjp", "x=3", "float64", "wrong", _scalar("x", 3, SECH2, "float64"), "def _tanh_bwd"),
    Case(J, "scan_rule", "x=1", "float64", "wrong", _scalar("x", 1, _scan_rule, "float64"), "def _tanh_bwd"),
    # ---------------------------------------------------------------------------------------------------- PyTorch
    # a Python if on a tensor's value: a clear input error at the if
    Case(T, "if_branch", "x=[100,1]", "float32", "input-error",
         message=("branches on a tensor's value", "torch_lib56d.py:10")),
    Case(T, "loop_softplus", "x=[100]", "float32", "unstable", _one("x", [100], SP2, "float32"),
         "y = torch.log(1 + torch.exp(y))"),
    Case(T, "loop_product", "x=[400,400]", "float64", "unstable", _vec("x", [400, 400], ONES, "float64"),
         "total = total * torch.exp(x[k])"),
    Case(T, "rows_lse", "x=[[800,0],[-800,1]]", "float64", "ok", _lse_rows([[800, 0], [-800, 1]], "float64")),
    Case(T, "rows_lse_naive", "x=[[100,0],[1,2]]", "float32", "unstable", _lse_rows([[100, 0], [1, 2]], "float32"),
         "total = total + torch.log(torch.sum(torch.exp(row)))"),
    # torch.where chains: the untaken sqrt / log leak NaN; the double-where spelling is ok
    Case(T, "where_chain", "x=[-0.5,2]", "float64", "wrong", _where_chain([-0.5, 2]),
         "torch.where(x > 0, torch.sqrt(x)"),
    Case(T, "where_chain", "x=[0.5,-2]", "float64", "wrong", _where_chain([0.5, -2]),
         "torch.where(x > 0, torch.sqrt(x)"),
    Case(T, "where_chain_safe", "x=[-0.5,2,-30]", "float64", "ok", _where_chain([-0.5, 2, -30])),
    # detach and no_grad pieces: held constants (at max|x| tied too: no kink, the scale is a constant)
    Case(T, "detach_scale", "x=[1,-2]", "float64", "ok", _vec("x", [1, -2], lambda x: list(x), "float64")),
    Case(T, "no_grad_scale", "x=[2,-2]", "float64", "ok", _no_grad([2, -2])),
    # an autograd.Function whose backward is wrong only where x <= 0
    Case(T, "one_sided", "x=[1,-2]", "float64", "wrong", _one("x", [1, -2], _s, "float64"),
         "OneSidedSoftplus>>def backward"),
    # an nn.Module with submodules, a Python loop in forward, parameters by name
    Case(T, "block_loss", None, "float64", "ok", _block(["model.fc1.weight"]), args="block_args",
         wrt="model.fc1.weight"),
    Case(T, "block_loss", None, "float64", "ok", _block(["model.gate", "model.fc2.bias"]), args="gate_args",
         wrt="model.gate,model.fc2.bias"),
    # ---------------------------------------------------------------------------------------------------- TensorFlow
    Case(K, "cond_sqrt", "x=-1", "float64", "ok", _scalar("x", -1, SIGN_LEAK, "float64")),
    Case(K, "cond_sqrt", "x=0", "float64", "domain", _scalar("x", 0, SIGN_LEAK, "float64")),
    # F1 (open): eager tf.cond at a subnormal: TensorFlow's Greater reads it as 0 and runs the other branch
    Case(K, "cond_sqrt", "x=1e-40", "float32", "unstable", _scalar("x", 1e-40, SQRT, "float32"),
         "def cond_sqrt(x)>>return tf.cond"),
    Case(K, "cond_sqrt", "x=5e-324", "float64", "unstable", _scalar("x", 5e-324, SQRT, "float64"),
         "def cond_sqrt(x)>>return tf.cond"),
    Case(K, "cond_sqrt_fn", "x=1e-40", "float32", "unstable", _scalar("x", 1e-40, SQRT, "float32"),
         "def cond_sqrt_fn>>return tf.cond"),
    # autograph's Python if in a tf.function (a tf.cond) at the subnormal: unstable, as F1's eager cond should be
    Case(K, "auto_if", "x=1e-40", "float32", "unstable", _scalar("x", 1e-40, SQRT, "float32"), "if x > 0:"),
    # a custom_gradient wrong by 3y / 2y applied in a tf.while_loop body twice: wrong at its grad
    Case(K, "while_rule", "x=0.5", "float64", "wrong", _scalar("x", 0.5, POW4, "float64"),
         "def bad_square>>def grad(dy):"),
    Case(K, "while_power", "x=0.5", "float64", "ok", _scalar("x", 0.5, POW4, "float64")),
    Case(K, "while_power", "x=1e100", "float64", "domain", _scalar("x", 1e100, POW4, "float64")),
    Case(K, "autograph_softplus", "x=[100,1]", "float32", "unstable", _one("x", [100, 1], SP2, "float32"),
         "y = tf.math.log(1 + tf.exp(y))"),
    Case(K, "stop_scale", "x=[1,-2]", "float64", "ok", _vec("x", [1, -2], lambda x: list(x), "float64")),
    Case(K, "one_sided", "x=[1,-2]", "float64", "wrong", _one("x", [1, -2], _s, "float64"),
         "def one_sided_softplus>>def grad(dy):"),
    Case(K, "where_loop", "x=[-1,2]", "float64", "ok", _where_loop([-1, 2])),
    Case(K, "sinc_terms", "x=[0,0.5]", "float64", "wrong", _sinc_terms([0, 0.5], "float64"),
         "total = total + tf.where(x != 0"),
    Case(K, "sinc_terms", "x=[30,-0.5]", "float32", "ok", _sinc_terms([30, -0.5], "float32")),
    Case(K, "dense_loss", None, "float64", "ok", _tf_dense(), args="dense_args", wrt="params.w1"),
    # ---------------------------------------------------------------------------------------------------- NumPy
    Case(N, "loop_softplus", "x=[800]", "float64", "unstable", _one("x", [800], SP2, "float64"),
         "return np.log(1 + np.exp(y))"),
    Case(N, "loop_softplus", "x=[100,0.5]", "float32", "unstable", _one("x", [100, 0.5], SP2, "float32"),
         "return np.log(1 + np.exp(y))"),
    Case(N, "horner", "x=[0.5,-30,1e300]", "float64", "domain", _one("x", [0.5, -30, 1e300], HORNER, "float64")),
    Case(N, "running_logsum", "x=[0.5,2,5e-324]", "float64", "domain", _one("x", [0.5, 2, 5e-324], lambda v: 1 / v,
                                                                           "float64")),
    Case(N, "branchy", "x=[0,-3]", "float64", "domain", _branchy([0, -3])),
]
