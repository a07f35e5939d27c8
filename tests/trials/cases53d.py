"""The fifty-third trial set (d): a third probe of the classes issues 28 and 29 name, aimed where 51d and 52d were
not: jax.custom_vjp with nondiff_argnums, custom_jvp through defjvps, rules composed (a slipped rule inside or around
a right one; a right custom_vjp whose primal calls a slipped rule), jax.checkpoint, jax.jit(static_argnums=), lax.cond
and lax.switch in a loss, jnp.linalg.norm with ord and axis at 0, jax.nn.log_softmax(where=), logsumexp(b=),
jax.scipy.special at extremes, jax.scipy.stats with parameters written as expressions of literals (loc=2 * 0.1,
scale=1 / 1.5) in float32; the new-style autograd.Function (forward without ctx, setup_context,
mark_non_differentiable, once_differentiable), torch.func.functional_call and vmap inside a loss, torch.special
(xlog1py, xlogy, entr, erfcx, log_ndtr, i0e, logit(eps=)), logcumsumexp, cdist / pairwise_distance at identical
points, clamp with tensor bounds, masked_fill over sqrt and log, F.mish / F.silu in float32, Beta and StudentT by
their parameters, tied weights with a buffer, a GRUCell; tf.math's divide_no_nan / multiply_no_nan / xlog1py / xlogy,
tf.nn.log_softmax and reduce_logsumexp at +-800, tf.linalg.norm at 0, a straight-through estimator, tf.custom_gradient
with variables= in a Keras layer (right and slipped), rules composed, tf.function(reduce_retracing=True), a Keras
Dense stack by path.

Truths are expressions written here, evaluated by mpmath at 2,000 digits, never the files' code; points and the
user's numbers are the numbers the dtype holds (a Python expression of literals, 2 * 0.1 or 1 / 1.5, computed in
float64 first and then held); a library's constant (pairwise_distance's 1e-6) enters as the mathematics it means.
The straight-through estimator x + stop_gradient(round(x) - x): the value is round(x), but the user has declared the
derivative by stop_gradient, so the exact derivative holds the stopped part constant (slope 1 of the x term); ok
where round is continuous, domain where round jumps (x = 0.5, 2.5).
A library's gradient convention is judged as any rule: tf.math.xlog1py / xlogy take the slope in x to 0 where x = 0
(TensorFlow's _Xlog1pyGrad uses xlog1py(x != 0, y)); the exact partial is log1p(y) / log(y): wrong. PyTorch and JAX
give log(y) there: ok.

Found by this round (three findings, seven cases; the other 100 of 107 agree with gradcli):
- jax_lib53d:laplace_expr@x=[0.2]:float32 (a strict xfail, now chosen), with norm_expr@x=[0.2,1], logistic_expr@x=[0.25,1],
  cauchy_expr@x=[-0.3,1] and laplace_expr@x=[1,-0.5] (float32, in ALL only). The class 52d left open (gamma.logpdf's
  scale = 1 / 1.5), now with the verdict at stake: jax.scipy.stats.laplace.logpdf(x, loc=2 * 0.1, scale=1 / 1.5).
  JAX (x64 off) makes loc and scale float32 numbers, so at x = 0.2 the float32 x - loc is 0, the kink of |x - loc|:
  domain. gradcli's exact reference holds loc as the double 0.2 (and scale as the double 2/3), so the point sits
  beside the kink: `ok`, slope -1.5 (truth: no derivative); at x = 1 it gives -1.5 for -1.49999996. cauchy.logpdf
  (loc=-0.1 * 3, scale=2 / 3) at x = -0.3: `unstable` ("cancellation: sub(-0.30000001192, -0.30000001192)"), exact
  5.4e-8 where the truth is 0 and ok; norm.logpdf(loc=2 * 0.1, scale=1 / 1.5) at 0.2: -6.7e-9 for 0; logistic's
  scale=3 / 7: -1.64244640919 for -1.64244638264. Reproduce: `def f(x): return jnp.sum(stats.laplace.logpdf(x,
  loc=2 * 0.1, scale=1 / 1.5))`; gradcli check f --at x=[0.2] --dtype float32. The expressions are computed by Python
  in float64 before JAX sees them; JAX then holds the results in float32, as it holds a literal.
  Mended: the numbers a line computes of literals alone are the user's as its literals are (`lines.numbers_on_line`,
  read by the JAX, PyTorch and TensorFlow bridges; tests/test_literal_expressions_held.py); 52d's gamma.logpdf too.
- torch_lib53d:composed_inner_slip@x=[0.5]:float64 (in ALL only; 52d's open finding, looped_slip, in the new-style
  / once_differentiable form): LogCosh.apply(ExpOnceSlip.apply(x)), the inner rule slipped (grad * y * y): `wrong` is
  right, but located at LogCosh's backward (torch_lib53d.py:26), the right rule, not ExpOnceSlip's (line 103). The
  same composition in JAX (slip_inside / slip_outside) and TensorFlow is located at the slipped rule.
  Mended with 52d's: each call judged alone (`bridge.RuleCall`), the backward read inside once_differentiable's wrapper.
- tf_lib53d:ste_round@x=[0.5,2]:float64 (a strict xfail, now chosen). x + tf.stop_gradient(tf.round(x) - x), summed squares: round
  jumps at x[0] = 0.5, so `domain` is right, but gradcli reports no derivative for x[1] too, where the held-constant
  derivative (the one it reports at x = [0.3, 1.2]: [0, 2]) is 2 round(2) = 4. Without the stop_gradient
  (tf.reduce_sum(tf.round(x) + x) at [0.5, 2]) the jump is kept to its entry: [nan, 1]. The stop_gradient note
  ("the value jumps here whatever the held values are") spreads the jump to every entry.
  Mended: along each coordinate the value does not jump in, the reference's differences run with every held value
  frozen at the point's (`reference_mpmath._held_slopes_beside_jumps`); only x[0]'s entry is no derivative.

Truths this round corrected (gradcli was right): a GRUCell's parameters copied from torch.tensor([0.1, -0.2, 0.3])
are float32 numbers (torch.tensor of Python floats is float32) even in a float64 module.
"""

import mpmath

from cases import Case
from cases30b import _held
from cases33b import _at
from cases5 import hp

J, T, K = "jax_lib53d.py", "torch_lib53d.py", "tf_lib53d.py"
NAN = mpmath.nan
mpf = mpmath.mpf


def _s(x):
    return 1 / (1 + mpmath.exp(-x))


def _h(dtype):
    return lambda v: _held(dtype, v)


def _softmax(v):
    top = max(v)
    e = [mpmath.exp(u - top) for u in v]
    t = mpmath.fsum(e)
    return [u / t for u in e]


def _each(name, xs, slope, dtype="float64"):
    return hp(lambda: {name: [slope(_held(dtype, v)) for v in xs]})


def _g(truth):
    return hp(truth)


def _nested(name, rows, slope, dtype="float64"):
    return hp(lambda: {name: [[slope(_held(dtype, v)) for v in r] for r in rows]})


# ------------------------------------------------------------------------------------------- JAX truths


def _block(x):
    return mpmath.tanh(x) * mpmath.exp(-x / 2)


def _block_d(x):
    return (mpmath.sech(x) ** 2 - mpmath.tanh(x) / 2) * mpmath.exp(-x / 2)


def _lsm_where(xs, dtype):
    """sum over live i of w_i (x_i - lse_live): slope w_j - p_j W (W the live weights' sum), 0 where masked."""
    def truth():
        x = [_held(dtype, v) for v in xs]
        w = [mpf(1), mpf(5), mpf(-2), mpf("0.5")]
        live = [0, 2, 3]
        p = _softmax([x[i] for i in live])
        W = mpmath.fsum(w[i] for i in live)
        g = [mpf(0)] * 4
        for q, i in zip(p, live):
            g[i] = w[i] - q * W
        return {"x": g}
    return hp(truth)


def _lse_b(xs, b, dtype):
    def truth():
        x = [_held(dtype, v) for v in xs]
        top = max(x)
        e = [mpf(c) * mpmath.exp(u - top) for u, c in zip(x, b)]
        t = mpmath.fsum(e)
        return {"x": [u / t for u in e]}
    return hp(truth)


def _norm_expr(xs, dtype):
    def truth():
        h = _h(dtype)
        m, s = h(2 * 0.1), h(1 / 1.5)
        return {"x": [-(h(x) - m) / s ** 2 for x in xs]}
    return hp(truth)


def _logistic_expr(xs, dtype):
    def truth():
        h = _h(dtype)
        m, s = h(0.5 * 0.5), h(3 / 7)
        return {"x": [-mpmath.tanh((h(x) - m) / s / 2) / s for x in xs]}
    return hp(truth)


def _cauchy_expr(xs, dtype):
    def truth():
        h = _h(dtype)
        m, s = h(-0.1 * 3), h(2 / 3)
        return {"x": [-2 * (h(x) - m) / (s * s + (h(x) - m) ** 2) for x in xs]}
    return hp(truth)


def _laplace_expr(xs, dtype):
    def truth():
        h = _h(dtype)
        m, s = h(2 * 0.1), h(1 / 1.5)
        return {"x": [(NAN if h(x) == m else -mpmath.sign(h(x) - m) / s) for x in xs]}
    return hp(truth)


def _xlog(xs, ys, dtype, one_plus):
    def truth():
        h = _h(dtype)
        x, y = [h(v) for v in xs], [h(v) for v in ys]
        yy = [1 + v if one_plus else v for v in y]
        return {"x": [mpmath.log(v) for v in yy], "y": [a / v for a, v in zip(x, yy)]}
    return hp(truth)


# ------------------------------------------------------------------------------------------- torch truths


def _logcosh(xs, dtype):
    return _each("x", xs, mpmath.tanh, dtype)


def _lcse(xs, dtype):
    def truth():
        x = [_held(dtype, v) for v in xs]
        g = [mpf(0)] * len(x)
        for i in range(len(x)):
            for j, q in enumerate(_softmax(x[:i + 1])):
                g[j] += q
        return {"x": g}
    return hp(truth)


def _functional_lin():
    def truth():
        w = [mpf("0.5"), mpf(-1)]
        g = [mpf(0), mpf(0)]
        for row in ([mpf(1), mpf(2)], [mpf("-0.5"), mpf("0.5")]):
            z = row[0] * w[0] + row[1] * w[1]
            for k in range(2):
                g[k] += mpmath.sech(z) ** 2 * row[k]
        return {"w": [g]}
    return hp(truth)


def _erfcx_d(x):
    return 2 * x * mpmath.exp(x * x) * mpmath.erfc(x) - 2 / mpmath.sqrt(mpmath.pi)


def _i0e_d(x):
    return mpmath.exp(-abs(x)) * (mpmath.besseli(1, x) - mpmath.sign(x) * mpmath.besseli(0, x))


def _mish_d(x):
    sp = mpmath.log1p(mpmath.exp(x))
    return mpmath.tanh(sp) + x * mpmath.sech(sp) ** 2 * _s(x)


def _silu_d(x):
    return _s(x) * (1 + x * (1 - _s(x)))


def _beta_ab(a, b, dtype):
    def truth():
        h = _h(dtype)
        av, bv, x = h(a), h(b), h(0.3)
        return {"a": [mpmath.log(x) - mpmath.digamma(av) + mpmath.digamma(av + bv)],
                "b": [mpmath.log(1 - x) - mpmath.digamma(bv) + mpmath.digamma(av + bv)]}
    return hp(truth)


def _student_df(df, dtype):
    def lp(v):
        y2 = (mpf("1.5") / 2) ** 2
        return (mpmath.loggamma((v + 1) / 2) - mpmath.loggamma(v / 2) - mpmath.log(v * mpmath.pi) / 2
                - mpmath.log(2) - (v + 1) / 2 * mpmath.log1p(y2 / v))
    return hp(lambda: {"df": [mpmath.diff(lp, _held(dtype, df))]})


def _tied():
    """L = |W (tanh(W x) * s)|^2 with one W in both places: dL/dW = 2 y h^T + ((W^T 2y) * s * (1 - t^2)) x^T."""
    def truth():
        W = [[mpf("0.5"), mpf("-0.25")], [mpf(1), mpf("0.75")]]
        s, x = [mpf("0.5"), mpf(2)], [mpf(1), mpf(-2)]
        t = [mpmath.tanh(W[i][0] * x[0] + W[i][1] * x[1]) for i in range(2)]
        hv = [t[i] * s[i] for i in range(2)]
        y = [W[i][0] * hv[0] + W[i][1] * hv[1] for i in range(2)]
        back = [mpmath.fsum(W[i][j] * 2 * y[i] for i in range(2)) * s[j] * (1 - t[j] ** 2) for j in range(2)]
        return {"model.enc.weight": [[2 * y[i] * hv[j] + back[i] * x[j] for j in range(2)] for i in range(2)]}
    return hp(truth)


def _gru(xv):
    """GRUCell's parameters were copied from float32 tensors (torch.tensor of Python floats): bias_ih's 0.1, -0.2,
    0.3 are float32 numbers; the rest are exact binary fractions."""
    def step(x):
        h = mpf("0.4")
        wi = [mpf("0.5"), mpf("-0.25"), mpf("1.5")]
        wh = [mpf("0.75"), mpf("0.5"), mpf(-1)]
        bi = [_held("float32", v) for v in (0.1, -0.2, 0.3)]  # torch.tensor([...]) is float32, then copied
        bh = [mpf(0), mpf("0.25"), mpf("-0.5")]
        r = _s(wi[0] * x + bi[0] + wh[0] * h + bh[0])
        z = _s(wi[1] * x + bi[1] + wh[1] * h + bh[1])
        n = mpmath.tanh(wi[2] * x + bi[2] + r * (wh[2] * h + bh[2]))
        return (1 - z) * n + z * h
    return hp(lambda: {"x": [[mpmath.diff(step, mpf(xv))]]})


# ------------------------------------------------------------------------------------------- TF truths


def _layer(slip=False):
    """z = w x, h = softplus(z), o = h . k + b, L = o^2: dL/dw = 2 o sum k s(z) x, dL/dk = 2 o h."""
    def truth():
        w, k, b = mpf("1.5"), [mpf("0.5"), mpf(-1)], mpf("0.25")
        x = [mpf(1), mpf(-2)]
        z = [w * u for u in x]
        hv = [mpmath.log1p(mpmath.exp(u)) for u in z]
        o = mpmath.fsum(a * c for a, c in zip(hv, k)) + b
        out = {"model.sp.w": 2 * o * mpmath.fsum(c * _s(u) * v for c, u, v in zip(k, z, x))}
        if not slip:
            out["model.head.kernel"] = [[2 * o * u] for u in hv]
        return out
    return hp(truth)


def _stack():
    def truth():
        K1 = [[mpf("0.5"), mpf("-0.25")], [mpf(1), mpf("0.75")]]
        b1, K2 = [mpf(0), mpf("0.5")], [mpf(2), mpf(-1)]
        g1, g2 = [[mpf(0)] * 2 for _ in range(2)], [mpf(0)] * 2
        for x in ([mpf(1), mpf(-2)], [mpf("0.5"), mpf("0.25")]):
            hv = [mpmath.tanh(x[0] * K1[0][j] + x[1] * K1[1][j] + b1[j]) for j in range(2)]
            o = hv[0] * K2[0] + hv[1] * K2[1]
            for j in range(2):
                g2[j] += _s(o) * hv[j]
                for i in range(2):
                    g1[i][j] += _s(o) * K2[j] * (1 - hv[j] ** 2) * x[i]
        return {"model.l1.kernel": g1, "model.l2.kernel": [[u] for u in g2]}
    return hp(truth)


JAX = [
    # custom_vjp with nondiff_argnums: beta = 2.0 passed through, slope sigmoid(2x)
    Case(J, "nondiff_good", _at(x=[1, -2]), "float64", "ok", _each("x", [1, -2], lambda x: _s(2 * x))),
    Case(J, "nondiff_good", _at(x=[1, -2]), "float32", "ok", _each("x", [1, -2], lambda x: _s(2 * x), "float32")),
    Case(J, "nondiff_slip", _at(x=[1, -2]), "float64", "wrong", _each("x", [1, -2], lambda x: _s(2 * x)),
         "def _soft_beta_slip_bwd"),
    # defjvps: one lambda per argument; the second slipped
    Case(J, "defjvps_good", "x=[1,2],y=[0.5,-1]", "float64", "ok",
         _g(lambda: {"x": [mpmath.sin(mpf("0.5")), mpmath.sin(mpf(-1))],
                     "y": [mpmath.cos(mpf("0.5")), 2 * mpmath.cos(mpf(-1))]})),
    Case(J, "defjvps_slip", "x=[1,2],y=[0.5,-1]", "float64", "wrong",
         _g(lambda: {"x": [mpmath.sin(mpf("0.5")), mpmath.sin(mpf(-1))],
                     "y": [mpmath.cos(mpf("0.5")), 2 * mpmath.cos(mpf(-1))]}),
         "-t * x * jnp.cos(y))  # slipped"),
    # rules composed: a slipped rule inside or around a right one is located at the slipped rule
    Case(J, "slip_inside", _at(x=[0.5]), "float64", "wrong",
         _each("x", [0.5], lambda x: mpmath.exp(mpmath.sin(x)) * mpmath.cos(x)), "def _slip_sin_jvp"),
    Case(J, "slip_outside", _at(x=[0.5]), "float64", "wrong",
         _each("x", [0.5], lambda x: mpmath.cos(mpmath.exp(x)) * mpmath.exp(x)), "def _slip_sin_jvp"),
    # a right custom_vjp whose primal calls a slipped custom_jvp: JAX uses the outer bwd only
    Case(J, "rule_over_slip", _at(x=[0.5]), "float64", "ok", _each("x", [0.5], lambda x: mpmath.sin(2 * x))),
    # jax.checkpoint, jit with a static argument
    Case(J, "remat_loss", _at(x=[0.5, -1]), "float64", "ok",
         _each("x", [0.5, -1], lambda x: _block_d(_block(x)) * _block_d(x))),
    Case(J, "remat_loss", _at(x=[0.5, -1]), "float32", "ok",
         _each("x", [0.5, -1], lambda x: _block_d(_block(x)) * _block_d(x), "float32")),
    Case(J, "remat_naive", "x=100", "float32", "unstable", hp(lambda: {"x": _s(mpf(100))}),
         "jnp.log(1 + jnp.exp(x))", "softplus(|logaddexp("),
    Case(J, "jit_static", _at(x=[0.5, 2]), "float32", "ok", _each("x", [0.5, 2], lambda x: x * x, "float32")),
    Case(J, "jit_static", _at(x=[0.1, -3]), "float64", "ok", _each("x", [0.1, -3], lambda x: x * x)),
    # lax.cond / lax.switch: only the taken branch runs (no where leak); C1 joins are ok, slope jumps domain
    Case(J, "cond_log", "x=0.5", "float64", "ok", hp(lambda: {"x": 1 / mpf("1.5")})),
    Case(J, "cond_log", "x=0", "float64", "ok", hp(lambda: {"x": mpf(1)})),
    Case(J, "cond_log", "x=-0.3", "float32", "ok", hp(lambda: {"x": 1 / (1 - _held("float32", -0.3))})),
    Case(J, "cond_sqrt", "x=-1", "float64", "ok", hp(lambda: {"x": mpf(0)})),
    Case(J, "cond_sqrt", "x=4", "float32", "ok", hp(lambda: {"x": mpf("0.25")})),
    Case(J, "cond_sqrt", "x=0", "float64", "domain", hp(lambda: {"x": NAN})),
    Case(J, "switch_pieces", "x=1", "float64", "ok", hp(lambda: {"x": mpf(2)})),
    Case(J, "switch_pieces", "x=2", "float64", "domain", hp(lambda: {"x": NAN})),
    Case(J, "switch_pieces", "x=2.5", "float32", "ok", hp(lambda: {"x": mpf(1)})),
    # norms with ord and axis
    Case(J, "norm_rows_l1", _at(x=[[0, 1], [2, -3]]), "float64", "domain",
         hp(lambda: {"x": [[NAN, mpf(1)], [mpf(1), mpf(-1)]]})),
    Case(J, "norm_cols_l2", _at(x=[[0, 3], [0, 4]]), "float64", "domain",
         hp(lambda: {"x": [[NAN, mpf("0.6")], [NAN, mpf("0.8")]]})),
    Case(J, "norm_cols_l2", _at(x=[[1, 3], [2, 4]]), "float32", "ok",
         hp(lambda: {"x": [[1 / mpmath.sqrt(5), mpf("0.6")], [2 / mpmath.sqrt(5), mpf("0.8")]]})),
    Case(J, "norm_inf", _at(x=[3, -1]), "float64", "ok", hp(lambda: {"x": [mpf(1), mpf(0)]})),
    Case(J, "norm_inf", _at(x=[1, -1]), "float64", "domain", hp(lambda: {"x": [NAN, NAN]})),
    # masks and weights
    Case(J, "log_softmax_where", _at(x=[1, 2, 0.5, -1]), "float32", "ok", _lsm_where([1, 2, 0.5, -1], "float32")),
    Case(J, "log_softmax_where", _at(x=[1, 2, 0.5, 800]), "float32", "ok", _lsm_where([1, 2, 0.5, 800], "float32")),
    Case(J, "lse_b", _at(x=[1, 2, 3]), "float64", "ok", _lse_b([1, 2, 3], [1, "0.5", 2], "float64")),
    Case(J, "lse_b", _at(x=[800, -800, 0]), "float32", "ok", _lse_b([800, -800, 0], [1, "0.5", 2], "float32")),
    Case(J, "lse_b_zero", _at(x=[1, 2, 3]), "float32", "ok", _lse_b([1, 2, 3], [1, 0, 2], "float32")),
    # jax.scipy.special
    Case(J, "xlogy_sum", "x=[0,2],y=[0.5,0.5]", "float64", "ok", _xlog([0, 2], [0.5, 0.5], "float64", False)),
    Case(J, "xlog1py_sum", "x=[0,2],y=[0.5,-0.5]", "float64", "ok", _xlog([0, 2], [0.5, -0.5], "float64", True)),
    Case(J, "xlog1py_sum", "x=[3,0.5],y=[1e-10,-0.999]", "float32", "ok",
         _xlog([3, 0.5], [1e-10, -0.999], "float32", True)),
    Case(J, "gammaln_sum", _at(x=[1e-30, 1e20]), "float32", "ok", _each("x", [1e-30, 1e20], mpmath.digamma, "float32")),
    Case(J, "betaln_ab", "a=[0.001],b=[1000]", "float64", "ok",
         hp(lambda: {"a": [mpmath.digamma(_held("float64", 0.001)) - mpmath.digamma(_held("float64", 0.001) + 1000)],
                     "b": [mpmath.digamma(1000) - mpmath.digamma(_held("float64", 0.001) + 1000)]})),
    Case(J, "betaln_ab", "a=[0.001],b=[1000]", "float32", "ok",
         hp(lambda: {"a": [mpmath.digamma(_held("float32", 0.001)) - mpmath.digamma(_held("float32", 0.001) + 1000)],
                     "b": [mpmath.digamma(1000) - mpmath.digamma(_held("float32", 0.001) + 1000)]})),
    Case(J, "lse_special", _at(x=[800, -800, 0]), "float32", "ok", _lse_b([800, -800, 0], [1, 1, 1], "float32")),
    # jax.scipy.stats, parameters written as expressions of literals, float32
    Case(J, "norm_expr", _at(x=[0.2, 1]), "float32", "ok", _norm_expr([0.2, 1], "float32")),
    Case(J, "logistic_expr", _at(x=[0.25, 1]), "float32", "ok", _logistic_expr([0.25, 1], "float32")),
    Case(J, "cauchy_expr", _at(x=[-0.3, 1]), "float32", "ok", _cauchy_expr([-0.3, 1], "float32")),
    Case(J, "laplace_expr", _at(x=[1, -0.5]), "float32", "ok", _laplace_expr([1, -0.5], "float32")),
    Case(J, "laplace_expr", _at(x=[0.2]), "float32", "domain", _laplace_expr([0.2], "float32")),
]

TORCH = [
    # new-style autograd.Function: forward without ctx, setup_context
    Case(T, "logcosh_good", _at(x=[0.5, -2]), "float64", "ok", _logcosh([0.5, -2], "float64")),
    Case(T, "logcosh_good", _at(x=[0.5, -2]), "float32", "ok", _logcosh([0.5, -2], "float32")),
    Case(T, "logcosh_slip", _at(x=[0.5, -2]), "float64", "wrong", _logcosh([0.5, -2], "float64"),
         "class LogCoshSlip>>def backward(ctx, grad):"),
    # mark_non_differentiable on sort's indices
    Case(T, "sorted_weighted", _at(x=[0.5, 2, -1]), "float64", "ok", hp(lambda: {"x": [mpf(2), mpf(3), mpf(1)]})),
    Case(T, "sorted_weighted", _at(x=[1, 1, 0]), "float64", "domain", hp(lambda: {"x": [NAN, NAN, mpf(1)]})),
    # once_differentiable
    Case(T, "exp_once", _at(x=[1, -2]), "float32", "ok", _each("x", [1, -2], lambda x: mpmath.exp(x / 2) / 2, "float32")),
    Case(T, "exp_once_slip", _at(x=[1, -2]), "float64", "wrong", _each("x", [1, -2], lambda x: mpmath.exp(x / 2) / 2),
         "class ExpOnceSlip>>def backward(ctx, grad):"),
    # composed: LogCosh (right) over ExpOnceSlip (slipped)
    Case(T, "composed_inner_slip", _at(x=[0.5]), "float64", "wrong",
         _each("x", [0.5], lambda x: mpmath.tanh(mpmath.exp(x)) * mpmath.exp(x)),
         "class ExpOnceSlip>>def backward(ctx, grad):"),
    # torch.func
    Case(T, "functional_lin", _at(w=[[0.5, -1]]), "float64", "ok", _functional_lin()),
    Case(T, "vmapped_lse", _at(x=[[0, 1], [800, -800]]), "float64", "ok",
         hp(lambda: {"x": [_softmax([mpf(0), mpf(1)]), _softmax([mpf(800), mpf(-800)])]})),
    # torch.special
    Case(T, "xlog1py_sum", "x=[0,2],y=[0.5,-0.5]", "float64", "ok", _xlog([0, 2], [0.5, -0.5], "float64", True)),
    Case(T, "xlogy_sum", "x=[0,2],y=[0.5,0.5]", "float32", "ok", _xlog([0, 2], [0.5, 0.5], "float32", False)),
    Case(T, "entr_sum", _at(x=[0.5, 2]), "float32", "ok", _each("x", [0.5, 2], lambda x: -mpmath.log(x) - 1, "float32")),
    Case(T, "entr_sum", _at(x=[0, 1]), "float64", "domain", hp(lambda: {"x": [NAN, mpf(-1)]})),
    Case(T, "erfcx_sum", _at(x=[-1, 30]), "float64", "ok", _each("x", [-1, 30], _erfcx_d)),
    # torch's rule 2 x erfcx(x) - 2 / sqrt(pi) cancels in float32 at x = 1000
    Case(T, "erfcx_sum", _at(x=[1000]), "float32", "unstable", _each("x", [1000], _erfcx_d, "float32"),
         "torch.special.erfcx(x)"),
    Case(T, "log_ndtr_sum", _at(x=[-40, 3]), "float32", "ok",
         _each("x", [-40, 3], lambda x: mpmath.npdf(x) / mpmath.ncdf(x), "float32")),
    Case(T, "i0e_sum", _at(x=[0.5, -2]), "float64", "ok", _each("x", [0.5, -2], _i0e_d)),
    Case(T, "logit_eps", _at(p=[1e-8, 0.3]), "float32", "ok",
         _each("p", [1e-8, 0.3], lambda p: mpf(0) if p < mpf("1e-6") else 1 / (p * (1 - p)), "float32")),
    Case(T, "logit_eps", _at(p=[0.9999999, 0.75]), "float32", "ok",
         _each("p", [0.9999999, 0.75], lambda p: mpf(0) if p > _held("float32", 1 - 1e-6) else 1 / (p * (1 - p)),
               "float32")),
    Case(T, "lcse", _at(x=[800, -800, 0]), "float64", "ok", _lcse([800, -800, 0], "float64")),
    Case(T, "lcse", _at(x=[800, -800, 0]), "float32", "ok", _lcse([800, -800, 0], "float32")),
    Case(T, "lcse", _at(x=[0.5, 1, -2]), "float32", "ok", _lcse([0.5, 1, -2], "float32")),
    # distances at identical points: cdist's norm at 0 has no derivative; pairwise_distance adds eps = 1e-6
    Case(T, "cdist_same", _at(a=[[1, 2]]), "float64", "domain", hp(lambda: {"a": [[NAN, NAN]]})),
    Case(T, "pdist_same", _at(a=[[1, 2]]), "float64", "ok", hp(lambda: {"a": [[1 / mpmath.sqrt(2)] * 2]})),
    Case(T, "pdist_same", _at(a=[[1, 2]]), "float32", "ok", hp(lambda: {"a": [[1 / mpmath.sqrt(2)] * 2]})),
    # clamp with tensor bounds
    Case(T, "clamp_tensor", _at(x=[2, 1, 0]), "float64", "ok", hp(lambda: {"x": [mpf(0), mpf(2), mpf(0)]})),
    Case(T, "clamp_tensor", _at(x=[0.3, 0.5, 0.6]), "float32", "ok", hp(lambda: {"x": [mpf(1), mpf(2), mpf(3)]})),
    Case(T, "clamp_tensor", _at(x=[1, 0.5, 0.6]), "float32", "domain", hp(lambda: {"x": [NAN, mpf(2), mpf(3)]})),
    # masked_fill after the op it should guard: sqrt's backward reads sqrt(x) = nan; log's reads x
    Case(T, "masked_sqrt", _at(x=[-1, 4]), "float64", "wrong", hp(lambda: {"x": [mpf(0), mpf("0.25")]}),
         "torch.sqrt(x).masked_fill"),
    Case(T, "masked_log", _at(x=[-1, 4]), "float64", "ok", hp(lambda: {"x": [mpf(0), mpf("0.25")]})),
    # mish and silu in float32
    Case(T, "mish_sum", _at(x=[-20, 3, 100]), "float32", "ok", _each("x", [-20, 3, 100], _mish_d, "float32")),
    Case(T, "silu_sum", _at(x=[100, -20]), "float32", "ok", _each("x", [100, -20], _silu_d, "float32")),
    # at -100 the exact slope -3.7e-42 is a float32 subnormal; torch gives -0 (silu) and +3.8e-44 (mish)
    Case(T, "silu_sum", _at(x=[-100]), "float32", "unstable", _each("x", [-100], _silu_d, "float32")),
    Case(T, "mish_sum", _at(x=[-100]), "float32", "unstable", _each("x", [-100], _mish_d, "float32")),
    # distributions by their parameters
    Case(T, "beta_ab", "a=[2.5],b=[1.5]", "float64", "ok", _beta_ab(2.5, 1.5, "float64")),
    Case(T, "beta_ab", "a=[0.3],b=[1.5]", "float32", "ok", _beta_ab(0.3, 1.5, "float32")),
    Case(T, "student_df", _at(df=[3]), "float64", "ok", _student_df(3, "float64")),
    Case(T, "student_df", _at(df=[0.7]), "float32", "ok", _student_df(0.7, "float32")),
    # modules: tied weights with a buffer, a GRUCell
    Case(T, "tied_loss", None, "float64", "ok", _tied(), args="tied_args", wrt="model.enc.weight"),
    Case(T, "gru_step", _at(x=[[0.7]]), "float64", "ok", _gru(0.7)),
]

TF = [
    # divide_no_nan: at y = 0 the value is 0 for every x (slope 0 in x); in y it jumps unless x = 0
    Case(K, "div_no_nan", "x=[1,2],y=[0,0.5]", "float64", "domain",
         hp(lambda: {"x": [mpf(0), mpf(2)], "y": [NAN, mpf(-8)]})),
    Case(K, "div_no_nan", "x=[0,2],y=[0,0.5]", "float64", "ok",
         hp(lambda: {"x": [mpf(0), mpf(2)], "y": [mpf(0), mpf(-8)]})),
    Case(K, "mul_no_nan", "x=[2,3],y=[0,0.5]", "float32", "ok",
         hp(lambda: {"x": [mpf(0), mpf("0.5")], "y": [mpf(2), mpf(3)]})),
    # TensorFlow's Xlog1py / Xlogy gradients take the slope in x to 0 at x = 0; the exact one is log1p(y) / log(y)
    Case(K, "xlog1py_sum", "x=[0,2],y=[0.5,-0.5]", "float64", "wrong", _xlog([0, 2], [0.5, -0.5], "float64", True),
         "tf.math.xlog1py(x, y)"),
    Case(K, "xlogy_sum", "x=[0,2],y=[0.5,0.5]", "float32", "wrong", _xlog([0, 2], [0.5, 0.5], "float32", False),
         "tf.math.xlogy(x, y)"),
    Case(K, "xlogy_sum", "x=[1,2],y=[0.5,3]", "float64", "ok", _xlog([1, 2], [0.5, 3], "float64", False)),
    Case(K, "log_softmax_pick", _at(x=[800, -800, 0]), "float32", "ok",
         hp(lambda: {"x": [w + q / 2 for w, q in zip([mpf(1), mpf(-2), mpf("0.5")],
                                                      _softmax([mpf(800), mpf(-800), mpf(0)]))]})),
    Case(K, "rlse", _at(x=[800, -800, 0]), "float32", "ok", hp(lambda: {"x": _softmax([mpf(800), mpf(-800), mpf(0)])})),
    Case(K, "rlse", _at(x=[-800, -800]), "float32", "ok", hp(lambda: {"x": [mpf("0.5"), mpf("0.5")]})),
    Case(K, "norm_l2", _at(x=[0, 0]), "float64", "domain", hp(lambda: {"x": [NAN, NAN]})),
    Case(K, "norm_l2", _at(x=[3, 4]), "float32", "ok", hp(lambda: {"x": [mpf("0.6"), mpf("0.8")]})),
    Case(K, "norm_l1_axis", _at(x=[[0, 1], [2, -3]]), "float64", "domain",
         hp(lambda: {"x": [[NAN, mpf(1)], [mpf(1), mpf(-1)]]})),
    # straight-through: slope 2 round(x) (the stopped part held constant)
    Case(K, "ste_round", _at(x=[0.3, 1.2]), "float64", "ok", hp(lambda: {"x": [mpf(0), mpf(2)]})),
    Case(K, "ste_round", _at(x=[1.7, -2.2]), "float32", "ok", hp(lambda: {"x": [mpf(4), mpf(-4)]})),
    Case(K, "ste_round", _at(x=[0.5, 2]), "float64", "domain", hp(lambda: {"x": [NAN, mpf(4)]})),
    # rules composed
    Case(K, "slip_inside", _at(x=[0.5]), "float64", "wrong",
         _each("x", [0.5], lambda x: mpmath.exp(mpmath.sin(x)) * mpmath.cos(x)), "def slip_sin>>def grad(dy):"),
    Case(K, "slip_outside", _at(x=[0.5]), "float64", "wrong",
         _each("x", [0.5], lambda x: mpmath.cos(mpmath.exp(x)) * mpmath.exp(x)), "def slip_sin>>def grad(dy):"),
    Case(K, "retrace_good", _at(x=[0.5, -1]), "float64", "ok",
         _each("x", [0.5, -1], lambda x: mpmath.exp(x / 2) * (mpmath.tanh(x) / 2 + mpmath.sech(x) ** 2))),
    Case(K, "retrace_good", _at(x=[0.5, -1]), "float32", "ok",
         _each("x", [0.5, -1], lambda x: mpmath.exp(x / 2) * (mpmath.tanh(x) / 2 + mpmath.sech(x) ** 2), "float32")),
    # custom_gradient with variables= inside a Keras layer
    Case(K, "layer_loss", None, "float64", "ok", _layer(), args="layer_args", wrt="model.sp.w,model.head.kernel"),
    Case(K, "layer_loss", None, "float64", "wrong", _layer(True), "def grad(dy, variables=None):",
         args="layer_slip_args", wrt="model.sp.w"),
    Case(K, "stack_loss", None, "float64", "ok", _stack(), args="stack_args", wrt="model.l1.kernel,model.l2.kernel"),
]

ALL = JAX + TORCH + TF
