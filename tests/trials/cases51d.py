"""The fifty-first trial set (d): a probe of the classes issues 28 and 29 name, in JAX (jax_lib51d.py, with a few
plain NumPy functions in the same module), PyTorch (torch_lib51d.py) and TensorFlow / Keras (tf_lib51d.py), as a
maintainer's unseen acceptance set would hold them, not a themed domain round.

(a) Custom rules. The documentation's "stable" log1pexp gradient dy * (1 - 1/(1 + e)) and its siblings: a rule right
in exact arithmetic that cancels or overflows in float64 (1 - sigmoid(-x) at -40, e / (1 + e) at 800, s (1 - s) of a
saved sigmoid at 40, 1 - tanh^2 at 20, 1 - sigmoid(x) for log_sigmoid at 40) is `unstable` at the rule's line; a rule
with the wrong formula (sigmoid(-x) for sigmoid(x), a sign, a factor 2 or 3, a chain-rule 2x forgotten, the inputs'
slopes swapped) is `wrong` at its def, and `ok` where the slip happens to vanish (x = 0 for the mirror, x = 0.5 for
the forgotten 2x, b = -a for the swapped quotient, x = 1 for the missing x). jax.custom_jvp and custom_vjp,
torch.autograd.Function, tf.custom_gradient eager and inside tf.function, with variables= on a tf.Module (right, and
with the weight gradient's x written w), and Keras' grad_fn(*args, upstream=).
(b) where leaks: one where over x log x (wrong in JAX, TF, NumPy), two (ok); a guard to 0 rather than 1 (ok: the
guard's own where masks the NaN on the way back); a guard placed after the sqrt it should protect (wrong in JAX and
PyTorch; ok in TensorFlow, whose Sqrt gradient takes a 0 upstream to 0); torch.log behind one where (ok: LogBackward
reads x, not log x); s log s of the squared radius at the origin (wrong: the slope there is 0).
(c) Norms: at 0 (domain, also behind a double where: the norm itself has a kink), at 1e200 (sum of squares overflows:
unstable), F.normalize and tf.math.l2_normalize at 0 (x / eps there: a slope w / eps, ok) and at 1e200 (unstable),
cosine similarity (ok).
(d) Fused losses at +-800: log_sigmoid, optax's sigmoid and softmax cross-entropies written out, logsumexp,
reduce_logsumexp, sigmoid_cross_entropy_with_logits, binary_cross_entropy_with_logits (with pos_weight),
log_softmax, cross_entropy with label_smoothing, F.softplus(beta=2, threshold=20) (slope 1 past its switch; at the
switch x = 10 a jump of 1.03e-9: domain), a clamped BCE (flat where the clamp holds: ok); and their naive spellings
(unstable, fixes re-checked).
(e) A JAX parameter tree of two layers (--wrt params.layers.1.w), an nn.Module (--wrt model.fc2.weight, its
parameters copied from float32 tensors), a tf.Module with variables= and a Keras model (--wrt model.head.kernel).
(f) float32: rules and losses right in float32 (ok) and overflowing or cancelling there (unstable).

Truths are expressions written here, evaluated by mpmath at 2,000 digits, never the files' code; points are the
numbers the dtype holds, and a module constant is the number its dtype holds (TinyNet's parameters were float32
tensors made double: 0.1 is 0.10000000149011612).

Found by this round (one; the other 117 cases agree with gradcli, 118 in all):
- torch_lib51d:smoothed_ce@logits=[[80,-80,0]]:float32 (strict xfail). F.cross_entropy(logits, t,
  label_smoothing=0.1) records aten.mul.Scalar(nll, 0.9) and aten.mul.Scalar(smooth, 0.03333333333333333); in float32
  both scalars are float32 numbers in the program (its gradient's last entry is -0.033333335). gradcli's exact
  gradient holds the 0.9 as float32 (0.89999998) but the 1/30 as the double: [0.96666664282, -0.93333330949,
  -0.0333333333333] where the truth is [0.96666664630, -0.93333331123, -0.0333333350718] (5e-8 relative; verdict ok
  either way). User code `torch.sum(x * 0.9) + torch.sum(x * 0.03333333333333333)` and `torch.sum(x) /
  torch.tensor(1) * (0.1 / 3)` are held right, so the slip lies in how the fused loss's graph is replayed.
  Reproduce: gradcli check torch_lib51d.py:smoothed_ce --at logits=[[80,-80,0]] --dtype float32 --json.
  Mended: the library's 0.1 / 3 is the user's 0.1 divided by the count of classes, which `torch_graph._handed_by_user`
  now takes for the user's number (`_shared_among_a_count`), held in float32 as 1 - 0.1 is
  (tests/test_torch_label_smoothing_held.py).

Observed, not counted: plain NumPy functions in a module that also imports JAX (jnp) are checked as JAX and stop
with a TracerArrayConversionError (exit 2) naming the line and the fix (--framework numpy); the README reads the
framework "from the names the function itself uses" only where a module imports several frameworks, and NumPy beside
JAX is read as JAX's data library, so those cases were dropped (this round may create no NumPy module).

What the round taught about its own truths: the fused loss's constants are the dtype's (1 - e and e / K are Python
doubles multiplied in float32); guards through intermediate variables are sounder than they look (a guard to 0 feeds
sqrt or log a 0, but the guard's own where sends the NaN back as 0), while a guard placed after the sqrt is not
(JAX and PyTorch leak; TensorFlow's Sqrt gradient takes a 0 upstream to 0); torch.log behind one where is sound
(LogBackward reads x, not log x); F.normalize / l2_normalize at 0 are linear (x / eps), so their slope is w / eps;
a custom rule whose forward overflows is named at the overflowing line (e = jnp.exp(x)), not at the NaN's.
"""

import mpmath

from cases import Case
from cases30b import _held
from cases33b import _at
from cases5 import hp

J, T, K = "jax_lib51d.py", "torch_lib51d.py", "tf_lib51d.py"
NAN = mpmath.nan
mpf = mpmath.mpf


def _s(x):
    """The logistic function 1 / (1 + e^-x)."""
    return 1 / (1 + mpmath.exp(-x))


def _each(name, xs, slope, dtype="float64"):
    """{name: [slope(x) for x in xs]}, xs held in the dtype."""
    def truth():
        return {name: [slope(_held(dtype, v)) for v in xs]}
    return hp(truth)


SIG = _s
DSIG = lambda x: _s(x) * _s(-x)  # noqa: E731
TANH = mpmath.tanh
SECH2 = lambda x: mpmath.sech(x) ** 2  # noqa: E731
XLOGX = lambda x: mpmath.log(x) + 1 if x > 0 else mpf(0)  # noqa: E731


def _xlogx_at0(xs):
    return _each("x", xs, lambda x: NAN if x == 0 else XLOGX(x))


def _half_log(xs):
    return _each("x", xs, lambda x: 1 / (2 * x) if x > 0 else mpf(0))


def _norm(xs, dtype="float64"):
    def truth():
        v = [_held(dtype, u) for u in xs]
        r = mpmath.sqrt(mpmath.fsum(u * u for u in v))
        return {"x": [NAN if r == 0 else u / r for u in v]}
    return hp(truth)


def _norm_eps(xs):
    def truth():
        v = [_held("float64", u) for u in xs]
        r = mpmath.sqrt(mpmath.fsum(u * u for u in v) + _held("float64", 1e-12))
        return {"x": [u / r for u in v]}
    return hp(truth)


def _energy_entropy(xs):
    """d/dx s log s, s = |x|^2: 2 x (log s + 1); 0 at the origin (s log s = o(|x|))."""
    def truth():
        v = [_held("float64", u) for u in xs]
        s = mpmath.fsum(u * u for u in v)
        return {"x": [mpf(0) if s == 0 else 2 * u * (mpmath.log(s) + 1) for u in v]}
    return hp(truth)


def _cosine(a, b):
    def truth():
        av, bv = [mpf(u) for u in a], [mpf(u) for u in b]
        na, nb = mpmath.sqrt(mpmath.fsum(u * u for u in av)), mpmath.sqrt(mpmath.fsum(u * u for u in bv))
        d = mpmath.fsum(p * q for p, q in zip(av, bv))
        return {"a": [q / (na * nb) - d * p / (na ** 3 * nb) for p, q in zip(av, bv)],
                "b": [p / (na * nb) - d * q / (nb ** 3 * na) for p, q in zip(av, bv)]}
    return hp(truth)


def _unit_score(xs, w=(1, 2), dtype="float64"):
    """d/dx w . x / max(|x|, eps) with eps = 1e-12 (F.normalize) or w . x / sqrt(max(|x|^2, eps)) with eps = 1e-12
    (tf.math.l2_normalize): w / eps or w / sqrt(eps) inside, (w - (w . u) u) / |x| outside."""
    def truth(kind):
        v = [_held(dtype, u) for u in xs]
        wv = [mpf(u) for u in w]
        r = mpmath.sqrt(mpmath.fsum(u * u for u in v))
        eps = _held(dtype, 1e-12)
        inside = r < eps if kind == "normalize" else r * r < eps
        if inside:
            scale = eps if kind == "normalize" else mpmath.sqrt(eps)
            return {"x": [p / scale for p in wv]}
        u = [p / r for p in v]
        wu = mpmath.fsum(p * q for p, q in zip(wv, u))
        return {"x": [(p - wu * q) / r for p, q in zip(wv, u)]}
    return lambda kind: hp(lambda: truth(kind))


def _softmax(xs):
    v = [mpf(u) for u in xs]
    top = max(v)
    e = [mpmath.exp(u - top) for u in v]
    s = mpmath.fsum(e)
    return [u / s for u in e]


def _lse(xs, dtype="float64"):
    return hp(lambda: {"x": _softmax([_held(dtype, u) for u in xs])})


def _pick_log_softmax(xs, k, dtype="float64"):
    def truth():
        p = _softmax([_held(dtype, u) for u in xs])
        return {"x": [(1 if i == k else 0) - q for i, q in enumerate(p)]}
    return hp(truth)


def _xent_optax(xs):
    def truth():
        p = _softmax(xs)
        return {"logits": [q - (1 if i == 1 else 0) for i, q in enumerate(p)]}
    return hp(truth)


def _smoothed(xs, eps=0.1, dtype="float64"):
    """d/dlogits of c1 nll + c2 sum_k(-log p_k), c1 = 1 - e, c2 = e / K: c1 (p - onehot(1)) + c2 (K p - 1)."""
    def truth():
        p = _softmax([_held(dtype, u) for u in xs])
        # ATen multiplies the two losses by the Python doubles 1 - e and e / K (aten.mul.Scalar): the dtype holds each
        c1, c2 = _held(dtype, 1 - eps), _held(dtype, eps / len(p))
        return {"logits": [[c1 * (q - (1 if i == 1 else 0)) + c2 * (len(p) * q - 1) for i, q in enumerate(p)]]}
    return hp(truth)


def _bce(zs, ys, mean=False, pos_weight=1, dtype="float64"):
    """d/dz -(w y log s(z) + (1 - y) log s(-z)) = -w y s(-z) + (1 - y) s(z); / n for a mean."""
    def truth():
        out = []
        for z, y in zip(zs, ys):
            z, y = _held(dtype, z), mpf(y)
            out.append(-pos_weight * y * _s(-z) + (1 - y) * _s(z))
        return {"z": [g / len(zs) for g in out] if mean else out}
    return hp(truth)


def _softplus_beta(xs, dtype="float64"):
    """F.softplus(x, beta=2, threshold=20): x where 2x > 20, log1p(e^2x) / 2 otherwise; its slope 1 or s(2x);
    at x = 10 (2x = 20, the softplus side) the two pieces differ by log1p(e^-20) / 2 = 1.03e-9: a jump, none."""
    def truth():
        out = []
        for x in (_held(dtype, v) for v in xs):
            out.append(NAN if 2 * x == 20 else (mpf(1) if 2 * x > 20 else _s(2 * x)))
        return {"x": out}
    return hp(truth)


def _clamped_bce(zs):
    """y = 0: -log(max(1 - s(z), 1e-7)): slope s(z) while 1 - s(z) > 1e-7, 0 where the clamp holds."""
    def truth():
        c = _held("float64", 1e-7)
        return {"z": [_s(mpf(z)) if 1 - _s(mpf(z)) > c else mpf(0) for z in zs]}
    return hp(truth)


# ------------------------------------------------------------------------------------------- the trees and models
X_DATA = [[0.5, -1.0], [1.5, 0.25], [-0.75, 2.0]]
Y_DATA = [1.0, 0.0, 1.0]


def _mlp(wrt, head_scale=1):
    """mean BCE of z = tanh(x W0 + b0) . w1 + b1 (optax's form): dz = (s(z) - y) / n; d w1 = sum dz h;
    d b0 = sum dz w1 (1 - h^2)."""
    def truth():
        w0 = [[mpf(0.25), mpf(-0.5), mpf(1.0)], [mpf(0.75), mpf(0.5), mpf(-0.25)]]
        b0 = [mpf(0.1), mpf(-0.2), mpf(0.05)]
        w1 = [head_scale * mpf(v) for v in (0.5, -1.0, 0.75)]
        b1 = mpf(0.3)
        gw1, gb0 = [mpf(0)] * 3, [mpf(0)] * 3
        for x, y in zip(X_DATA, Y_DATA):
            h = [mpmath.tanh(mpf(x[0]) * w0[0][j] + mpf(x[1]) * w0[1][j] + b0[j]) for j in range(3)]
            z = mpmath.fsum(h[j] * w1[j] for j in range(3)) + b1
            dz = (_s(z) - mpf(y)) / len(X_DATA)
            gw1 = [gw1[j] + dz * h[j] for j in range(3)]
            gb0 = [gb0[j] + dz * w1[j] * (1 - h[j] ** 2) for j in range(3)]
        return {"params.layers.1.w": gw1, "params.layers.0.b": gb0}
    return hp(lambda: {name: truth()[name] for name in wrt.split(",")})


def _tinynet():
    """TinyNet: z = (tanh(x W1^T + b1) . w2 + b2) e^t, mean BCE; slopes in fc2.weight, fc1.bias and log_temp. The
    parameters are float32 tensors made double: each the float32 number."""
    def truth():
        f = lambda v: _held("float32", v)  # noqa: E731
        w1 = [[f(0.25), f(0.75)], [f(-0.5), f(0.5)], [f(1.0), f(-0.25)]]
        b1 = [f(0.1), f(-0.2), f(0.05)]
        w2, b2, t = [f(0.5), f(-1.0), f(0.75)], f(0.3), f(0.5)
        g_w2, g_b1, g_t = [mpf(0)] * 3, [mpf(0)] * 3, mpf(0)
        for x, y in zip(X_DATA, Y_DATA):
            h = [mpmath.tanh(w1[j][0] * mpf(x[0]) + w1[j][1] * mpf(x[1]) + b1[j]) for j in range(3)]
            u = mpmath.fsum(h[j] * w2[j] for j in range(3)) + b2
            z = u * mpmath.exp(t)
            dz = (_s(z) - mpf(y)) / len(X_DATA)
            g_w2 = [g_w2[j] + dz * mpmath.exp(t) * h[j] for j in range(3)]
            g_b1 = [g_b1[j] + dz * mpmath.exp(t) * w2[j] * (1 - h[j] ** 2) for j in range(3)]
            g_t += dz * z
        return {"model.fc2.weight": [g_w2], "model.fc1.bias": g_b1, "model.log_temp": g_t}
    return hp(truth)


def _gate():
    """sum softplus(w x) at w = [0.5, -1.5], x = [2, 0.5]: d/dw = s(w x) x."""
    def truth():
        w, x = [mpf(0.5), mpf(-1.5)], [mpf(2), mpf(0.5)]
        return {"model.w": [_s(a * b) * b for a, b in zip(w, x)]}
    return hp(truth)


def _scorer():
    """mean sigmoid cross-entropy of z = x . k + c, k = [0.5, -0.25], c = 0.125: d k = sum dz x, d c = sum dz."""
    def truth():
        k, c = [mpf(0.5), mpf(-0.25)], mpf(0.125)
        gk, gc = [mpf(0), mpf(0)], mpf(0)
        for x, y in zip(X_DATA, Y_DATA):
            z = mpf(x[0]) * k[0] + mpf(x[1]) * k[1] + c
            dz = (_s(z) - mpf(y)) / len(X_DATA)
            gk = [gk[0] + dz * mpf(x[0]), gk[1] + dz * mpf(x[1])]
            gc += dz
        return {"model.head.kernel": [[gk[0]], [gk[1]]], "model.head.bias": [gc]}
    return hp(truth)


UNIT = _unit_score

JAX = [
    # (a) custom_jvp: a stable value with a rule that cancels, one that overflows, one mirrored, one right
    Case(J, "sp_cancel", _at(x=[-40]), "float64", "unstable", _each("x", [-40], SIG),
         "return softplus_cancel(x), t * (1 - jax.nn.sigmoid(-x))"),
    Case(J, "sp_cancel", _at(x=[1, -3]), "float64", "ok", _each("x", [1, -3], SIG)),
    Case(J, "sp_overflow", _at(x=[800]), "float64", "unstable", _each("x", [800], SIG),
         "_softplus_overflow_jvp>>e = jnp.exp(x)"),
    Case(J, "sp_overflow", _at(x=[100]), "float32", "unstable", _each("x", [100], SIG, "float32"),
         "_softplus_overflow_jvp>>e = jnp.exp(x)"),
    Case(J, "sp_overflow", _at(x=[-40, 2]), "float64", "ok", _each("x", [-40, 2], SIG)),
    Case(J, "sp_mirror", _at(x=[1]), "float64", "wrong", _each("x", [1], SIG), "def _softplus_mirror_jvp"),
    Case(J, "sp_mirror", _at(x=[0]), "float64", "ok", _each("x", [0], SIG)),
    Case(J, "sp_right", _at(x=[-800, 800, 0]), "float64", "ok", _each("x", [-800, 800, 0], SIG)),
    Case(J, "sp_right", _at(x=[-80, 80, 0.5]), "float32", "ok", _each("x", [-80, 80, 0.5], SIG, "float32")),
    # custom_vjp: right, sign slipped (harmless at 0), a chain-rule 2x forgotten (harmless at 0.5), inputs swapped
    Case(J, "logcosh_loss", _at(x=[3, 800, -800]), "float64", "ok", _each("x", [3, 800, -800], TANH)),
    Case(J, "logcosh_sign_loss", _at(x=[3]), "float64", "wrong", _each("x", [3], TANH), "def _logcosh_sign_bwd"),
    Case(J, "logcosh_sign_loss", _at(x=[0]), "float64", "ok", _each("x", [0], TANH)),
    Case(J, "chirp", _at(x=[1.5]), "float64", "wrong", _each("x", [1.5], lambda x: 2 * x * mpmath.cos(x * x)),
         "def _sin_sq_bwd"),
    Case(J, "chirp", _at(x=[0.5]), "float64", "ok", _each("x", [0.5], lambda x: 2 * x * mpmath.cos(x * x))),
    Case(J, "radius", "x=3,y=4", "float64", "wrong", hp(lambda: {"x": mpf(3) / 5, "y": mpf(4) / 5}), "def _hypot_bwd"),
    Case(J, "radius", "x=2,y=2", "float64", "ok", hp(lambda: {"x": 1 / mpmath.sqrt(2), "y": 1 / mpmath.sqrt(2)})),
    Case(J, "growth", _at(x=[1]), "float64", "wrong", _each("x", [1], lambda x: 2 * mpmath.exp(2 * x)), "def _exp2x_jvp"),
    Case(J, "growth", _at(x=[1]), "float32", "wrong", _each("x", [1], lambda x: 2 * mpmath.exp(2 * x), "float32"),
         "def _exp2x_jvp"),
    # (b) where
    Case(J, "xlogx_where", _at(x=[-1, 2]), "float64", "wrong", _each("x", [-1, 2], XLOGX),
         "return jnp.sum(jnp.where(x > 0, x * jnp.log(x), 0.0))", "jnp.where(x > 0, "),
    Case(J, "xlogx_double", _at(x=[-1, 2]), "float64", "ok", _each("x", [-1, 2], XLOGX)),
    # x log x meets 0 from the right with an infinite slope, and the where's 0 on the left: no derivative
    Case(J, "xlogx_double", _at(x=[0, 2]), "float64", "domain", _xlogx_at0([0, 2])),
    Case(J, "xlogx_guard_zero", _at(x=[-1, 2]), "float64", "ok", _each("x", [-1, 2], XLOGX)),
    Case(J, "half_log_late_guard", _at(x=[-1, 4]), "float64", "wrong", _half_log([-1, 4]), "r = jnp.sqrt(x)"),
    Case(J, "energy_entropy", _at(x=[0, 0]), "float64", "wrong", _energy_entropy([0, 0]),
         "return jnp.where(s > 0, s * jnp.log(s), 0.0)"),
    Case(J, "energy_entropy", _at(x=[0.5, -1]), "float64", "ok", _energy_entropy([0.5, -1])),
    # (c) norms
    Case(J, "norm", _at(x=[0, 0]), "float64", "domain", _norm([0, 0])),
    Case(J, "norm", _at(x=[1e200, 1e200]), "float64", "unstable", _norm([1e200, 1e200]),
         "return jnp.linalg.norm(x)"),
    Case(J, "norm", _at(x=[1e20, 1e20]), "float32", "unstable", _norm([1e20, 1e20], "float32"),
         "return jnp.linalg.norm(x)"),
    Case(J, "norm", _at(x=[3, 4]), "float32", "ok", _norm([3, 4], "float32")),
    Case(J, "norm_eps", _at(x=[0, 0]), "float64", "ok", _norm_eps([0, 0])),
    Case(J, "norm_eps", _at(x=[3, 4]), "float64", "ok", _norm_eps([3, 4])),
    Case(J, "norm_double_where", _at(x=[0, 0]), "float64", "domain", _norm([0, 0])),
    Case(J, "norm_double_where", _at(x=[3, 4]), "float64", "ok", _norm([3, 4])),
    Case(J, "cosine", "a=[1,2,3],b=[-1,0.5,2]", "float64", "ok", _cosine([1, 2, 3], [-1, 0.5, 2])),
    # (d) losses
    Case(J, "log_sigmoid_sum", _at(x=[-800, 800]), "float64", "ok", _each("x", [-800, 800], lambda x: _s(-x))),
    Case(J, "log_sigmoid_sum", _at(x=[-100, 100]), "float32", "ok",
         _each("x", [-100, 100], lambda x: _s(-x), "float32")),
    Case(J, "bce_optax", "z=[800,-800],y=[0,1]", "float64", "ok", _bce([800, -800], [0, 1]), wrt="z"),
    Case(J, "bce_probs", "z=[40],y=[0]", "float64", "unstable", _bce([40], [0]),
         "return jnp.sum(-y * jnp.log(p) - (1.0 - y) * jnp.log(1.0 - p))", "log_sigmoid(|softplus(", wrt="z"),
    Case(J, "softmax_xent_optax", _at(logits=[800, -800, 0]), "float64", "ok", _xent_optax([800, -800, 0])),
    Case(J, "lse", _at(x=[1000, 999]), "float64", "ok", _lse([1000, 999])),
    Case(J, "lse_naive", _at(x=[-800, -800]), "float64", "unstable", _lse([-800, -800]),
         "return jnp.log(jnp.sum(jnp.exp(x)))", "logsumexp("),
    Case(J, "log_cosh_naive", _at(x=[800]), "float64", "unstable", _each("x", [800], TANH),
         "return jnp.sum(jnp.log(jnp.cosh(x)))"),
    Case(J, "log_cosh_optax", _at(x=[800, -3]), "float64", "ok", _each("x", [800, -3], TANH)),
    # (e) a parameter tree
    Case(J, "mlp_loss", None, "float64", "ok", _mlp("params.layers.1.w,params.layers.0.b"), args="mlp_args",
         wrt="params.layers.1.w,params.layers.0.b"),
    Case(J, "mlp_loss", None, "float64", "ok", _mlp("params.layers.1.w", 400), args="mlp_far_args",
         wrt="params.layers.1.w"),
]

TORCH = [
    # (a) autograd.Function: right but cancelling, right, slipped
    Case(T, "sigmoid_rule", _at(x=[40]), "float64", "unstable", _each("x", [40], DSIG),
         "return grad * s * (1 - s)"),
    Case(T, "sigmoid_rule", _at(x=[17]), "float32", "unstable", _each("x", [17], DSIG, "float32"),
         "return grad * s * (1 - s)"),
    Case(T, "sigmoid_rule", _at(x=[-40, 1]), "float64", "ok", _each("x", [-40, 1], DSIG)),
    Case(T, "tanh_rule", _at(x=[20]), "float64", "unstable", _each("x", [20], SECH2), "return grad * (1 - y * y)"),
    Case(T, "tanh_rule", _at(x=[0.5, -2]), "float64", "ok", _each("x", [0.5, -2], SECH2)),
    Case(T, "softplus_rule", _at(x=[-800, 800, 0]), "float64", "ok", _each("x", [-800, 800, 0], SIG)),
    Case(T, "softplus_rule", _at(x=[-80, 80, 0.5]), "float32", "ok", _each("x", [-80, 80, 0.5], SIG, "float32")),
    Case(T, "decay_rule", _at(x=[1]), "float64", "wrong", _each("x", [1], lambda x: -mpmath.exp(-x)),
         "class ExpNeg>>def backward(ctx, grad):"),
    Case(T, "cube_rule", _at(x=[2]), "float64", "wrong", _each("x", [2], lambda x: 3 * x * x),
         "class Cube>>def backward(ctx, grad):"),
    Case(T, "cube_rule", _at(x=[0]), "float64", "ok", _each("x", [0], lambda x: 3 * x * x)),
    Case(T, "log1p_square_rule", _at(x=[0.5, 2]), "float64", "wrong", _each("x", [0.5, 2], lambda x: 2 * x / (1 + x * x)),
         "class LogOnePlusSquare>>def backward(ctx, grad):"),
    Case(T, "log1p_square_rule", _at(x=[1]), "float64", "ok", _each("x", [1], lambda x: 2 * x / (1 + x * x))),
    Case(T, "ratio_rule", "a=[2],b=[4]", "float64", "wrong", hp(lambda: {"a": [mpf(1) / 4], "b": [mpf(-2) / 16]}),
         "class Ratio>>def backward(ctx, grad):"),
    Case(T, "ratio_rule", "a=[2],b=[-2]", "float64", "ok", hp(lambda: {"a": [mpf(-1) / 2], "b": [mpf(-2) / 4]})),
    # (b) torch.where
    Case(T, "log_where", _at(x=[-1, 2]), "float64", "ok", _each("x", [-1, 2], lambda x: 1 / x if x > 0 else mpf(0))),
    Case(T, "sinc_where", _at(x=[0, 1]), "float64", "wrong",
         _each("x", [0, 1], lambda x: (x * mpmath.cos(x) - mpmath.sin(x)) / x ** 2 if x else mpf(0)),
         "return torch.sum(torch.where(x != 0, torch.sin(x) / x, torch.ones_like(x)))"),
    Case(T, "sqrt_guard_zero", _at(x=[-1, 4]), "float64", "ok",
         _each("x", [-1, 4], lambda x: 1 / (2 * mpmath.sqrt(x)) if x > 0 else mpf(0))),
    Case(T, "half_log_late_guard", _at(x=[-1, 4]), "float64", "wrong", _half_log([-1, 4]), "r = torch.sqrt(x)"),
    # (c) norms
    Case(T, "vnorm", _at(x=[0, 0]), "float64", "domain", _norm([0, 0])),
    Case(T, "vnorm", _at(x=[1e200, 1e200]), "float64", "unstable", _norm([1e200, 1e200]),
         "return torch.linalg.vector_norm(x)"),
    Case(T, "vnorm", _at(x=[3, 4]), "float32", "ok", _norm([3, 4], "float32")),
    Case(T, "normalized_score", _at(x=[0, 0]), "float64", "ok", UNIT([0, 0])("normalize")),
    Case(T, "normalized_score", _at(x=[3, 4]), "float64", "ok", UNIT([3, 4])("normalize")),
    Case(T, "normalized_score", _at(x=[1e200, 1e200]), "float64", "unstable", UNIT([1e200, 1e200])("normalize"),
         "return torch.sum(F.normalize(x, dim=0) * W_DIR.to(x.dtype))"),
    Case(T, "cos_sim", "a=[1,2,3],b=[-1,0.5,2]", "float64", "ok", _cosine([1, 2, 3], [-1, 0.5, 2])),
    # (d) fused losses
    Case(T, "bce_logits", "z=[800,-800],y=[0,1]", "float64", "ok", _bce([800, -800], [0, 1], mean=True), wrt="z"),
    Case(T, "bce_logits", "z=[100,-100],y=[0,1]", "float32", "ok", _bce([100, -100], [0, 1], True, 1, "float32"),
         wrt="z"),
    Case(T, "bce_logits_pos_weight", "z=[800,-800],y=[0,1]", "float64", "ok",
         _bce([800, -800], [0, 1], mean=True, pos_weight=3), wrt="z"),
    Case(T, "bce_logits_pos_weight", "z=[0.5,-1.5],y=[0.25,1]", "float64", "ok",
         _bce([0.5, -1.5], [0.25, 1], mean=True, pos_weight=3), wrt="z"),
    Case(T, "log_softmax_pick", _at(x=[800, -800, 0]), "float64", "ok", _pick_log_softmax([800, -800, 0], 1)),
    Case(T, "smoothed_ce", _at(logits=[[800, -800, 0]]), "float64", "ok", _smoothed([800, -800, 0])),
    Case(T, "smoothed_ce", _at(logits=[[80, -80, 0]]), "float32", "ok", _smoothed([80, -80, 0], 0.1, "float32")),
    Case(T, "softplus_beta", _at(x=[10.5]), "float64", "ok", _softplus_beta([10.5])),
    Case(T, "softplus_beta", _at(x=[10.5]), "float32", "ok", _softplus_beta([10.5], "float32")),
    Case(T, "softplus_beta", _at(x=[9.9, -3]), "float64", "ok", _softplus_beta([9.9, -3])),
    Case(T, "softplus_beta", _at(x=[10]), "float64", "domain", _softplus_beta([10])),
    Case(T, "logsigmoid_sum", _at(x=[-800, 800]), "float64", "ok", _each("x", [-800, 800], lambda x: _s(-x))),
    Case(T, "bce_clamped", "z=[20],y=[0]", "float64", "ok", _clamped_bce([20]), wrt="z"),
    Case(T, "bce_clamped", "z=[5],y=[0]", "float64", "ok", _clamped_bce([5]), wrt="z"),
    Case(T, "bce_naive", "z=[40],y=[0]", "float64", "unstable", _bce([40], [0]),
         "return torch.sum(-(y * torch.log(p) + (1 - y) * torch.log(1 - p)))",
         "F.binary_cross_entropy_with_logits(|F.logsigmoid(|F.softplus(", wrt="z"),
    # (e) an nn.Module
    Case(T, "net_loss", None, "float64", "ok", _tinynet(), args="net_args",
         wrt="model.fc2.weight,model.fc1.bias,model.log_temp"),
]

TF = [
    # (a) tf.custom_gradient: the documentation's rule, its siblings, in and out of tf.function
    Case(K, "docs", _at(x=[-40]), "float64", "unstable", _each("x", [-40], SIG), "return dy * (1 - 1 / (1 + e))"),
    Case(K, "docs", _at(x=[1, 100]), "float64", "ok", _each("x", [1, 100], SIG)),
    Case(K, "sp_cancel", _at(x=[-40]), "float64", "unstable", _each("x", [-40], SIG),
         "return dy * (1 - tf.math.sigmoid(-x))"),
    Case(K, "sp_cancel", _at(x=[2]), "float64", "ok", _each("x", [2], SIG)),
    Case(K, "sp_mirror", _at(x=[1]), "float64", "wrong", _each("x", [1], SIG), "def softplus_mirror>>def grad(dy):"),
    Case(K, "sp_mirror", _at(x=[0]), "float64", "ok", _each("x", [0], SIG)),
    Case(K, "sp_mirror_graph", _at(x=[1]), "float64", "wrong", _each("x", [1], SIG),
         "def softplus_mirror>>def grad(dy):"),
    Case(K, "sp_good_graph", _at(x=[-800, 800, 0.5]), "float64", "ok", _each("x", [-800, 800, 0.5], SIG)),
    Case(K, "sp_good_graph", _at(x=[-50, 50, 0.5]), "float32", "ok", _each("x", [-50, 50, 0.5], SIG, "float32")),
    Case(K, "log_sig_cancel", _at(x=[40]), "float64", "unstable", _each("x", [40], lambda x: _s(-x)),
         "return dy * (1 - tf.math.sigmoid(x))"),
    Case(K, "log_sig_cancel", _at(x=[-40, 1]), "float64", "ok", _each("x", [-40, 1], lambda x: _s(-x))),
    Case(K, "keras_style", _at(x=[-40, 800]), "float64", "ok", _each("x", [-40, 800], SIG)),
    Case(K, "keras_style_slip", _at(x=[1]), "float64", "wrong", _each("x", [1], SIG),
         "def log1pexp_keras_slip>>def grad(*args, upstream=None):"),
    Case(K, "gate_loss", None, "float64", "ok", _gate(), args="gate_args", wrt="model.w"),
    Case(K, "gate_loss", None, "float64", "wrong", _gate(), "def grad(dy, variables=None):", args="gate_slip_args",
         wrt="model.w"),
    # (b) tf.where
    Case(K, "xlogx_where", _at(x=[-1, 2]), "float64", "wrong", _each("x", [-1, 2], XLOGX),
         "return tf.reduce_sum(tf.where(x > 0, x * tf.math.log(x), 0.0))", "tf.where(x > 0, "),
    Case(K, "xlogx_double", _at(x=[-1, 2]), "float64", "ok", _each("x", [-1, 2], XLOGX)),
    Case(K, "pow_where", _at(x=[-1, 4]), "float64", "wrong",
         _each("x", [-1, 4], lambda x: mpf(1.5) * mpmath.sqrt(x) if x > 0 else mpf(0)),
         "return tf.reduce_sum(tf.where(x > 0, x ** 1.5, 0.0))", "tf.where(x > 0, "),
    # TensorFlow's Sqrt gradient takes a 0 upstream to 0: the late guard is sound here
    Case(K, "half_log_late_guard", _at(x=[-1, 4]), "float64", "ok", _half_log([-1, 4])),
    # (c) norms
    Case(K, "tf_norm", _at(x=[0, 0]), "float64", "domain", _norm([0, 0])),
    Case(K, "tf_norm", _at(x=[1e200, 1e200]), "float64", "unstable", _norm([1e200, 1e200]), "return tf.norm(x)"),
    Case(K, "tf_norm", _at(x=[3, 4]), "float32", "ok", _norm([3, 4], "float32")),
    Case(K, "l2n_score", _at(x=[0, 0]), "float64", "ok", UNIT([0, 0])("l2")),
    Case(K, "l2n_score", _at(x=[3, 4]), "float64", "ok", UNIT([3, 4])("l2")),
    Case(K, "l2n_score", _at(x=[1e200, 1e200]), "float64", "unstable", UNIT([1e200, 1e200])("l2"),
         "return tf.reduce_sum(tf.math.l2_normalize(x) * tf.constant([1.0, 2.0], dtype=x.dtype))"),
    # (d) fused losses
    Case(K, "sce_logits", "z=[800,-800],y=[0,1]", "float64", "ok", _bce([800, -800], [0, 1]), wrt="z"),
    Case(K, "sce_logits", "z=[100,-100],y=[0,1]", "float32", "ok", _bce([100, -100], [0, 1], False, 1, "float32"),
         wrt="z"),
    Case(K, "rlse", _at(x=[-800, -800]), "float64", "ok", _lse([-800, -800])),
    Case(K, "rlse_naive", _at(x=[-800, -800]), "float64", "unstable", _lse([-800, -800]),
         "return tf.math.log(tf.reduce_sum(tf.exp(x)))", "tf.math.reduce_logsumexp("),
    Case(K, "log_softmax_pick", _at(x=[800, -800, 0]), "float64", "ok", _pick_log_softmax([800, -800, 0], 1)),
    Case(K, "log_softmax_naive", _at(x=[0, 200]), "float32", "unstable", _pick_log_softmax([0, 200], 0, "float32"),
         "return tf.math.log(tf.nn.softmax(x))[0]", "log_softmax("),
    # (e) a Keras model by its variables' paths
    Case(K, "scorer_loss", None, "float64", "ok", _scorer(), args="scorer_args",
         wrt="model.head.kernel,model.head.bias"),
]

ALL = JAX + TORCH + TF
