"""The fifty-ninth trial set (d): SEQUENCES, NORMALISATION and MASKED ATTENTION as users write them, on issues 28 and
29's bridges. JAX: an RNN cell tanh(w h + x) in lax.scan (returning sum(hs) + h) and lax.fori_loop, eight Newton steps
for sqrt(a) in a fori_loop and in a lax.while_loop with a fixed count, jnp.cumprod and a scan cumulative product at
zeros, lax.cumlogsumexp and the naive log(cumsum(exp)), lax.associative_scan(jnp.add), layer norm by hand (eps inside
the sqrt, and outside it on jnp.std), jax.nn.standardize, RMS norm on lax.rsqrt, x / jnp.linalg.norm(x), masked
attention (jnp.where(mask, scores, -inf / -1e9) then jax.nn.softmax: causal, padded, a fully masked row) and
jax.nn.dot_product_attention(is_causal=True). PyTorch: Python loops over time steps with nn.GRUCell and nn.LSTMCell
(nn.Modules by --args, --wrt model.cell.weight_hh / weight_ih) and by hand, torch.cumprod at zeros,
torch.logcumsumexp (+-1000, ties) and its naive spelling, F.layer_norm, nn.LayerNorm (built inside the loss, and at
module level), eps outside x.std(), F.rms_norm and by hand, F.batch_norm(training=True) with a constant column,
F.normalize at 0, masked_fill(-inf / -1e9) attention, F.scaled_dot_product_attention(is_causal=True). TensorFlow:
tf.scan, tf.while_loop in a tf.function, a Python Newton loop, tf.math.cumprod (plain, and exclusive + reverse in a
tf.function) at zeros, tf.math.cumsum, tf.math.cumulative_logsumexp, layer norm on tf.nn.moments (eps inside and
outside tf.sqrt), tf.keras.layers.LayerNormalization, tf.math.l2_normalize, tf.nn.batch_normalization, a causal -inf
mask via tf.where in a tf.function and BERT's additive (1 - keep) * -1e9 mask. Plain NumPy: an RNN loop, np.cumprod,
layer norm, a -inf masked softmax. Points: ordinary data, saturating cells (w = 10), constant inputs (variance exactly
0), zeros, 1e-30 and 1e30, scores of +-141, +-1000, ties, in float32 and float64.

Counts: 4 scratch checks through the CLI, then 74 cases written and judged through tests/trials/judge.py (a driver in
a scratch folder, two at a time); 8 dropped as repeats (a second scan cumulative product, cumsum squares in PyTorch and
NumPy, an ordinary RNN by hand in PyTorch, x / norm(x) at [3, 4], cumprod at [0, 2, 0] in PyTorch, RMS norm at 0 in
JAX, nn.LayerNorm inside the loss at a second point), 4 added (nn.LayerNorm at module level, a PyTorch -1e9 causal
mask and -1e9 padding in float32, JAX's -1e9 causal mask in float64): 70 kept, 51 ok, 13 unstable, 3 wrong,
2 domain, 1 input error. 65 agree; 5 fail, the findings G1 (4 cases) and G2 (1), held as strict xfails. The
truths of 13 cases were wrong first and were corrected (below).

Agreed with my truths (exact gradients to 1e-10, verdicts, the user's line, the fixes):
- recurrences: lax.scan, fori_loop, tf.scan, tf.while_loop in a tf.function, nn.GRUCell and nn.LSTMCell in a Python
  loop (by --args, --wrt model.cell.weight_hh / weight_ih), NumPy loops: ok and exact; a saturated cell (w = 10,
  tanh(7.1)) in float32 is unstable at the cell's line in JAX, PyTorch and TensorFlow ("sub(1.0, 1.0) = 0.0": tanh's
  rule 1 - y^2 of a rounded y), but ok in NumPy, where gradcli.numpy's own tanh rule is under test and does not
  cancel; a lax.while_loop is an input error naming the line and saying JAX cannot reverse-differentiate it (use
  lax.scan / fori_loop with int bounds), right: JAX itself refuses;
- Newton's sqrt: ok at a = 2 in JAX and TensorFlow; at a = 1e-30 in float32, a / y's rule takes y ** -2 = 1e60 (inf)
  and JAX's slope is -inf where the program's exact slope is 85.33203125: unstable, named at the line;
- cumulative products at zeros: jnp.cumprod, torch.cumprod, np.cumprod exact ([2, 0, 3] -> [1, 8, 0]); TensorFlow's
  tf.math.cumprod rule gives [1, 0, 0] (and [0, 0, 0] for exclusive + reverse at [2, 3, 0], truth [0, 0, 4]):
  wrong at the call, right (its rule divides by x); at [2, 0.5, 3] ok;
- cumlogsumexp / logcumsumexp / cumulative_logsumexp exact at +-1000 and ties; log(cumsum(exp(x))) at 100 in float32
  unstable at the line, exp's overflow the root cause, and the fixes jax.lax.cumlogsumexp and torch.logcumsumexp
  offered and re-checked;
- normalisation at a constant input (variance exactly 0): eps inside the sqrt ok and exact ((W - mean W) /
  sqrt(eps), eps as float32 holds it) by hand, jax.nn.standardize, F.layer_norm, nn.LayerNorm at module level,
  Keras' LayerNormalization (eps 1e-3), F.batch_norm and tf.nn.batch_normalization with a constant column; eps outside
  the sqrt is differentiable there (slope (W - mean W) / eps): JAX's jnp.std gives NaN (sqrt's inf times 0): wrong at
  jnp.std's line; PyTorch's std backward masks std = 0 and TensorFlow's Sqrt gradient is 0 for a 0 upstream: ok;
  layer norm at [1e30] * 3 in float32 (the mean is not 1e30, (x - mean)^2 overflows) unstable at the line; RMS norm
  at 1e-30, F.rms_norm at 0, F.normalize at 0 and 1e-30 (the clamp of the norm at 1e-12), tf.math.l2_normalize at 0
  ok; x / norm(x) at 1e-30 and 1e30 in float32 unstable (the squares underflow / overflow inside the norm, named);
- attention: causal -inf masks ok in JAX, PyTorch and TensorFlow; scores of +-141 in float32 unstable (entries of
  1e-15 .. 1e-61 beside entries of 1 come from p (u - p.u), which cancels); -1e9 padding (a fully masked row uniform,
  slope 0; a half-masked row's slope -2.9e-434294482, given exactly) ok in JAX and PyTorch; a fully -inf masked row
  is 0 / 0 whatever q is: domain, no entry of q with a slope, those that reach no live score neither (the function
  has no value anywhere near to be constant in); F.scaled_dot_product_attention
  (is_causal) ok in float64; BERT's additive -1e9 mask in float64 unstable at the mask's line (the fully masked row's
  scores keep 21 of 53 bits), the half-masked row's slope (-1.38e-434294482) exact.

My truths corrected (gradcli was right): the newton at 1e-30 verdict (unstable, not ok); JAX's and TensorFlow's
jnp.sqrt(2.0) / tf.sqrt(2.0) are ops of the program, evaluated exactly (I had held sqrt 2 in float32), PyTorch's
2 ** 0.5 a Python float the float32 program holds as float32 (as 58d's constants); the two +-141 attention cases
(unstable); the fully -inf row (slope 0 where q reaches no live score); the eps-outside-sqrt verdicts in PyTorch and
TensorFlow (ok, their rules mask the 0); tf.math.l2_normalize floors the squared norm at 1e-12 (x * 1e6, I had
x * 1e12); the NumPy saturated RNN (ok); and my softmax slope, first written u_j - sum p_k u_k, which cancelled in
mpmath at 2,000 digits where p_j rounds to 1 (now sum_k p_k (u_j - u_k)).

Findings:
- G1 (mended since: a comparison proof numbers decided is taken alike where the gradient's replay meets it again
  on the same balls, `arb.forced_taken`; dpa_causal's truth corrected: JAX's scale 1 / sqrt(2) is a library's
  constant, as written) jax_lib59d:causal_attention_big, dpa_causal; torch_lib59d:causal_attention_big. A causal mask written as
  jnp.where(mask, scores, -1e9) (or scores.masked_fill(causal, -1e9) in PyTorch) before the softmax, q = [[1, 2],
  [0.5, -1], [3, 0]], in float32 and float64 (JAX; PyTorch's tried in float64), and jax.nn.dot_product_attention(is_causal=True) (its mask -0.7 times
  float32's max) in float32: verdict error, "no exact reference: a sum absorbs a term 651441757 digits below its
  result: the slope in q[0, 0] is within 4.66e-640 of 0, but not proven 0" (10^38.19 digits for
  dot_product_attention). The truth: ok; row 0 sees key 0 alone and its slopes are about -1e-434294482
  (exp(-1e9) times -4.5 / sqrt 2), whose float32 / float64 rounding is the framework's 0; the same -1e9 replacement on
  a padded row (padded_attention, row 1 = [s, -1e9, -1e9]) is decided and exact (-2.947e-434294482). Reproduce:
  gradcli check tests/trials/jax_lib59d.py:causal_attention_big --at "q=[[1,2],[0.5,-1],[3,0]]" --dtype float32
  --json (also dpa_causal, and tests/trials/torch_lib59d.py:causal_attention_big --dtype float64).
- G2 (mended since: `torch_graph._functionalized` runs each prim view as its ATen spelling) torch_lib59d:layer_norm_module at x = [2, 2, 2] float64 (and [1, 2, 4] float32): nn.LayerNorm(3,
  eps=1e-5, dtype=x.dtype) built inside the loss is an error quoting PyTorch's own functionalization failure
  ("RuntimeError: Found a custom (non-ATen) operator whose output has alias annotations:
  prims::broadcast_in_dim(...)", with "Use tlparse to see full graph"); plain PyTorch runs it (grad [52.70, 368.93,
  -421.64]). The truth: ok, (W - mean W) / sqrt(1e-5); the same layer built at module level is ok. Reproduce:
  gradcli check tests/trials/torch_lib59d.py:layer_norm_module --at "x=[2,2,2]" --dtype float64 --json

Slow: no check passed 60 s. Through the CLI two at a time beside another tester: NumPy 0.4-1.5 s, JAX 2-16 s,
PyTorch 3-16 s, TensorFlow 5-17 s.

Truths are expressions written here, evaluated by mpmath at 2,000 digits (smooth losses by mpmath.diff of the loss
written here; attention slopes, constant-input norms, clamps and cumulative logsumexps analytically), never the
files' code; points are the numbers the dtype holds; nn.Module parameters are float32 numbers whatever the dtype; a
constant the float32 program casts (eps, PyTorch's scalars) is the number float32 holds.
"""
import math

import mpmath
import numpy as np

from cases import Case
from cases5 import hp
from cases58d import _dg, _diff, _hold

N, J, T, K = "np_lib59d.py", "jax_lib59d.py", "torch_lib59d.py", "tf_lib59d.py"
NAN = mpmath.nan
mpf = mpmath.mpf


def _f32(v):
    return mpf(float(np.float32(v)))


def _c(dtype, v):
    """A constant as the dtype's program holds it."""
    return _f32(v) if dtype == "float32" else mpf(float(v))


# ------------------------------------------------------------------------------------------------- recurrences
def _rnn_states(p):
    w, h, out = p["w"], mpf(0), []
    for x in p["xs"]:
        h = mpmath.tanh(w * h + x)
        out.append(h)
    return out


def _rnn_last(p):
    return _rnn_states(p)[-1]


def _rnn_sum(p):
    return mpmath.fsum(_rnn_states(p))


def _rnn_sum_last(p):
    hs = _rnn_states(p)
    return mpmath.fsum(hs) + hs[-1]


def _rnn(loss, dtype, w, xs):
    return _dg(loss, dtype, ["w", "xs"], w=w, xs=xs)


def _newton(p):
    a = p["a"]
    y = a
    for _ in range(8):
        y = (y + a / y) / 2
    return y


def _cumprod_sum(p):
    total, c = mpf(0), mpf(1)
    for v in p["x"]:
        c *= v
        total += c
    return total


def _cumprod_excl_rev(p):
    x = p["x"]
    return mpmath.fsum(mpmath.fprod(x[k + 1:]) for k in range(len(x)))


def _cumsum_sq(p):
    total, c = mpf(0), mpf(0)
    for v in p["x"]:
        c += v
        total += c * c
    return total


def _lse(zs):
    top = max(zs)
    return top + mpmath.log(mpmath.fsum(mpmath.exp(v - top) for v in zs))


def _cumlse_grad(xs):
    """d/dx_j sum_k lse(x[:k+1]) = sum_{k >= j} softmax(x[:k+1])_j, exact at any magnitude."""
    def truth():
        x = [mpf(v) for v in xs]
        g = []
        for j in range(len(x)):
            g.append(mpmath.fsum(mpmath.exp(x[j] - _lse(x[:k + 1])) for k in range(j, len(x))))
        return {"x": g}
    return hp(truth)


# ------------------------------------------------------------------------------------------------- normalisation
W = [mpf(1), mpf(2), mpf("-0.5")]


def _ln_const(eps, n=3):
    """sum(W * (x - mean) / sqrt(var + eps)) at a constant x: (W - mean(W)) / sqrt(eps) (x - mean = 0 kills the
    variance's term)."""
    def truth():
        m = mpmath.fsum(W[:n]) / n
        return {"x": [(w - m) / mpmath.sqrt(eps) for w in W[:n]]}
    return truth


def _ln(eps):
    def loss(p):
        x = p["x"]
        m = mpmath.fsum(x) / len(x)
        var = mpmath.fsum((v - m) ** 2 for v in x) / len(x)
        return mpmath.fsum(w * (v - m) / mpmath.sqrt(var + eps) for w, v in zip(W, x))
    return loss


def _eps_out_const():
    """(x - mean) / (std + eps) at a constant x: u / (|u| / sqrt 3 + eps) = u / eps + O(u |u|), differentiable with
    slope (W - mean W) / eps (the u |u| term has slope 0 at u = 0)."""
    def truth():
        m = mpmath.fsum(W) / 3
        return {"x": [(w - m) / mpf(1e-5) for w in W]}
    return hp(truth)


def _rms(eps):
    def loss(p):
        x = p["x"]
        r = 1 / mpmath.sqrt(mpmath.fsum(v * v for v in x) / len(x) + eps)
        return mpmath.fsum(w * v * r for w, v in zip(W, x))
    return loss


def _l2n(p):
    x = p["x"]
    n = mpmath.sqrt(mpmath.fsum(v * v for v in x))
    return mpmath.fsum(w * v / n for w, v in zip(W[:2], x))


def _l2n_clamped(floor):
    """sum(w * x / max(|x|, floor)) at x = 0: |x| < floor nearby, so slope w / floor."""
    return hp(lambda: {"x": [w / floor for w in W[:2]]})


BNW = [[mpf(1), mpf(2)], [mpf("-0.5"), mpf("0.25")], [mpf(3), mpf(1)]]


def _bn(eps):
    def loss(p):
        x = p["x"]
        total = mpf(0)
        for c in range(2):
            col = [row[c] for row in x]
            m = mpmath.fsum(col) / 3
            var = mpmath.fsum((v - m) ** 2 for v in col) / 3
            total += mpmath.fsum(BNW[r][c] * (col[r] - m) / mpmath.sqrt(var + eps) for r in range(3))
        return total
    return loss


# ------------------------------------------------------------------------------------------------- attention
KM = [[1, 0], [0, 1], [1, 1]]
U = [mpf(-1), mpf("3.5"), mpf("-0.75")]  # the rows of V summed
CAUSAL = [[None, "m", "m"], [None, None, "m"], [None, None, None]]
PADDED = [[None, None, "m"], [None, "m", "m"], ["m", "m", "m"]]


def _attention(q, mask, fill, dtype, divide=None, multiply=None, additive=False):
    """d/dq of sum(softmax(scores) @ V), scores = q K^T / divide (or * multiply), masked entries replaced by ``fill``
    (-inf: weight 0; a whole row of -inf: no value, NaN) or, ``additive``, shifted by it. Exact, analytic."""
    def truth():
        qs = _hold(dtype, q)
        sc = (1 / (mpmath.sqrt(2) if divide == SQRT2 else divide)) if divide is not None else multiply
        grads = []
        for i in range(3):
            s, live = [], []
            for j in range(3):
                raw = sc * mpmath.fsum(qs[i][c] * KM[j][c] for c in range(2))
                if mask[i][j] is None:
                    s.append(raw)
                    live.append(True)
                elif additive:
                    s.append(raw + fill)
                    live.append(True)
                elif fill == -mpmath.inf:
                    s.append(None)
                    live.append(False)
                else:
                    s.append(fill)
                    live.append(False)
            if all(v is None for v in s):
                # the row is 0 / 0 whatever q is: the value is NaN everywhere near, so no entry of q has a
                # derivative, whether it reaches a live score or none (domain_slopes.no_value_near)
                return {"q": [[NAN, NAN], [NAN, NAN], [NAN, NAN]]}
            top = max(v for v in s if v is not None)
            e = [mpf(0) if v is None else mpmath.exp(v - top) for v in s]
            z = mpmath.fsum(e)
            pr = [v / z for v in e]
            # u_j - sum_k p_k u_k written as sum_k p_k (u_j - u_k): no cancellation when p_j rounds to 1
            dev = [mpmath.fsum(pr[k] * (U[j] - U[k]) for k in range(3)) for j in range(3)]
            row = []
            for c in range(2):
                row.append(mpmath.fsum(pr[j] * dev[j] * sc * KM[j][c] for j in range(3)
                                       if live[j] or additive))
            grads.append(row)
        return {"q": grads}
    return hp(truth)


SQRT2 = "sqrt 2"  # the exact sqrt(2), taken at the truth's digits in _attention


def _sqrt2(dtype):
    return _c(dtype, math.sqrt(2.0))


Q1 = [[1, 2], [0.5, -1], [3, 0]]
Q1S = "q=[[1,2],[0.5,-1],[3,0]]"
Q2 = [[100, -100], [50, 100], [-100, 100]]
Q2S = "q=[[100,-100],[50,100],[-100,100]]"


# ------------------------------------------------------------------------------------------------- PyTorch cells
GIH = [[0.5], [-0.25], [1.0], [0.75], [-1.5], [0.25]]
GHH = [[0.5, -1.0], [0.25, 0.5], [-0.75, 1.0], [1.5, 0.25], [0.5, 0.5], [-1.0, 2.0]]
GBI = [0.1, -0.2, 0.3, 0.0, 0.5, -0.1]
GBH = [0.0, 0.1, -0.3, 0.2, 0.25, 0.4]
LIH = [[0.5], [-0.25], [1.0], [0.75], [-1.5], [0.25], [2.0], [-0.5]]
LHH = [[0.5, -1.0], [0.25, 0.5], [-0.75, 1.0], [1.5, 0.25], [0.5, 0.5], [-1.0, 2.0], [0.3, -0.6], [1.0, 1.0]]
LBI = [0.1, -0.2, 0.3, 0.0, 0.5, -0.1, 0.2, 0.0]
LBH = [0.0, 0.1, -0.3, 0.2, 0.25, 0.4, -0.2, 0.1]
XS = [0.5, -1.0, 2.0]


def _sig(x):
    return 1 / (1 + mpmath.exp(-x))


def _lin(wi, wh, bi, bh, row, x, h):
    return wi[row][0] * x + bi[row] + mpmath.fsum(wh[row][k] * h[k] for k in range(2)) + bh[row]


def _gru(p):
    wi, wh = p["model.cell.weight_ih"], p["model.cell.weight_hh"]
    bi, bh = p["model.cell.bias_ih"], p["model.cell.bias_hh"]
    h = [mpf(0), mpf(0)]
    for x in XS:
        new = []
        for k in range(2):
            r = _sig(_lin(wi, wh, bi, bh, k, x, h))
            z = _sig(_lin(wi, wh, bi, bh, 2 + k, x, h))
            hn = mpmath.fsum(wh[4 + k][m] * h[m] for m in range(2)) + bh[4 + k]
            n = mpmath.tanh(wi[4 + k][0] * x + bi[4 + k] + r * hn)
            new.append((1 - z) * n + z * h[k])
        h = new
    return mpmath.fsum(h)


def _lstm(p):
    wi, wh = p["model.cell.weight_ih"], p["model.cell.weight_hh"]
    bi, bh = p["model.cell.bias_ih"], p["model.cell.bias_hh"]
    h, c = [mpf(0), mpf(0)], [mpf(0), mpf(0)]
    for x in XS:
        nh, nc = [], []
        for k in range(2):
            i = _sig(_lin(wi, wh, bi, bh, k, x, h))
            f = _sig(_lin(wi, wh, bi, bh, 2 + k, x, h))
            g = mpmath.tanh(_lin(wi, wh, bi, bh, 4 + k, x, h))
            o = _sig(_lin(wi, wh, bi, bh, 6 + k, x, h))
            cc = f * c[k] + i * g
            nc.append(cc)
            nh.append(o * mpmath.tanh(cc))
        h, c = nh, nc
    return mpmath.fsum(h)


def _cell(loss, point, wrt):
    return hp(lambda: _diff(loss, {k: _hold("float32", v) for k, v in point.items()}, wrt))


GRUP = {"model.cell.weight_ih": GIH, "model.cell.weight_hh": GHH, "model.cell.bias_ih": GBI, "model.cell.bias_hh": GBH}
LSTMP = {"model.cell.weight_ih": LIH, "model.cell.weight_hh": LHH, "model.cell.bias_ih": LBI,
         "model.cell.bias_hh": LBH}

RNN1 = "w=0.5,xs=[1,-0.5,2]"
RNN10 = "w=10,xs=[1,-0.5,2]"
C3 = "x=[2,2,2]"


def _jx_large_negative():
    return _f32(-0.7 * float(np.finfo(np.float32).max))


ALL = [
    # ---------------------------------------------------------------------------------------------------- JAX
    Case(J, "rnn_scan", RNN1, "float64", "ok", _rnn(_rnn_sum_last, "float64", 0.5, [1, -0.5, 2])),
    Case(J, "rnn_scan", RNN10, "float32", "unstable", _rnn(_rnn_sum_last, "float32", 10, [1, -0.5, 2]),
         "h = jnp.tanh(w * h + x)"),
    Case(J, "rnn_fori", RNN1, "float64", "ok", _rnn(_rnn_last, "float64", 0.5, [1, -0.5, 2])),
    Case(J, "newton_sqrt", "a=2", "float64", "ok", _dg(_newton, "float64", ["a"], a=2)),
    # a / y's rule in y takes y ** -2 = 1e60, beyond float32 (inf): the slope in a is 85.33 exactly
    Case(J, "newton_sqrt", "a=1e-30", "float32", "unstable", _dg(_newton, "float32", ["a"], a=1e-30),
         "return 0.5 * (y + a / y)"),
    Case(J, "newton_while", "a=2", "float64", "input-error", message=("lax.while_loop", "jax_lib59d.py:")),
    Case(J, "cumprod_sum", "x=[2,0,3]", "float64", "ok", _dg(_cumprod_sum, "float64", ["x"], x=[2, 0, 3])),
    Case(J, "cumprod_sum", "x=[0,2,0]", "float32", "ok", _dg(_cumprod_sum, "float32", ["x"], x=[0, 2, 0])),
    Case(J, "cumlse", "x=[1000,0,-1000]", "float32", "ok", _cumlse_grad([1000, 0, -1000])),
    Case(J, "naive_cumlse", "x=[100,0]", "float32", "unstable", _cumlse_grad([100, 0]),
         "return jnp.sum(jnp.log(jnp.cumsum(jnp.exp(x))))"),
    Case(J, "assoc_cumsum", "x=[1,-2,0.5]", "float64", "ok", _dg(_cumsum_sq, "float64", ["x"], x=[1, -2, 0.5])),
    Case(J, "layer_norm", C3, "float32", "ok", hp(_ln_const(_f32(1e-5)))),
    Case(J, "layer_norm", "x=[1e30,1e30,1e30]", "float32", "unstable", hp(_ln_const(_f32(1e-5)))),
    Case(J, "layer_norm", "x=[1,2,4]", "float64", "ok", _dg(_ln(mpf(1e-5)), "float64", ["x"], x=[1, 2, 4])),
    Case(J, "layer_norm_eps_out", C3, "float64", "wrong", _eps_out_const(), "sigma = jnp.std(x)"),
    Case(J, "standardize", C3, "float32", "ok", hp(_ln_const(_f32(1e-5)))),
    Case(J, "rms_norm", "x=[1e-30,1e-30,1e-30]", "float32", "ok",
         _dg(_rms(_f32(1e-6)), "float32", ["x"], x=[1e-30, 1e-30, 1e-30])),
    Case(J, "l2_normalize", "x=[1e-30,1e-30]", "float32", "unstable", _dg(_l2n, "float32", ["x"], x=[1e-30, 1e-30])),
    Case(J, "l2_normalize", "x=[1e30,1e30]", "float32", "unstable", _dg(_l2n, "float32", ["x"], x=[1e30, 1e30])),
    # jnp.sqrt(2.0) is an op of the program (its exact value sqrt 2), not a constant held in float32
    Case(J, "causal_attention", Q1S, "float32", "ok", _attention(Q1, CAUSAL, -mpmath.inf, "float32", SQRT2)),
    # scores of +-141: entries of 1e-15 .. 1e-61 beside entries of 1 come from p (u - p.u), cancelling in float32
    Case(J, "causal_attention", Q2S, "float32", "unstable", _attention(Q2, CAUSAL, -mpmath.inf, "float32", SQRT2)),
    Case(J, "causal_attention_big", Q1S, "float32", "ok", _attention(Q1, CAUSAL, mpf(-1e9), "float32", SQRT2)),
    Case(J, "causal_attention_big", Q1S, "float64", "ok", _attention(Q1, CAUSAL, mpf(-1e9), "float64", SQRT2)),
    Case(J, "padded_attention", Q1S, "float64", "ok", _attention(Q1, PADDED, mpf(-1e9), "float64", SQRT2)),
    Case(J, "padded_attention_inf", Q1S, "float64", "domain", _attention(Q1, PADDED, -mpmath.inf, "float64", SQRT2)),
    Case(J, "dpa_causal", Q1S, "float32", "ok",
         _attention(Q1, CAUSAL, _jx_large_negative(), "float32", multiply=mpf(1 / math.sqrt(2.0)))),
    # ---------------------------------------------------------------------------------------------------- PyTorch
    Case(T, "gru_loss", None, "float64", "ok", _cell(_gru, GRUP, ["model.cell.weight_hh"]), args="gru_args",
         wrt="model.cell.weight_hh"),
    Case(T, "lstm_loss", None, "float32", "ok", _cell(_lstm, LSTMP, ["model.cell.weight_ih"]), args="lstm_args",
         wrt="model.cell.weight_ih"),
    Case(T, "rnn_by_hand", RNN10, "float32", "unstable", _rnn(_rnn_last, "float32", 10, [1, -0.5, 2]),
         "h = torch.tanh(w * h + xs[t])"),
    Case(T, "cumprod_sum", "x=[2,0,3]", "float64", "ok", _dg(_cumprod_sum, "float64", ["x"], x=[2, 0, 3])),
    Case(T, "logcumsumexp_sum", "x=[1000,0,-1000]", "float32", "ok", _cumlse_grad([1000, 0, -1000])),
    Case(T, "logcumsumexp_sum", "x=[5,5,5]", "float64", "ok", _cumlse_grad([5, 5, 5])),
    Case(T, "naive_logcumsumexp", "x=[100,0]", "float32", "unstable", _cumlse_grad([100, 0]),
         "return torch.log(torch.cumsum(torch.exp(x), dim=0)).sum()", fix="torch.logcumsumexp"),
    Case(T, "layer_norm", C3, "float32", "ok", hp(_ln_const(_f32(1e-5)))),
    Case(T, "layer_norm_module", C3, "float64", "ok", hp(_ln_const(mpf(1e-5)))),
    Case(T, "layer_norm_global", "x=[1,2,4]", "float32", "ok", _dg(_ln(_f32(1e-5)), "float32", ["x"], x=[1, 2, 4])),
    # PyTorch's std backward masks std = 0 (grad / (2 std) filled with 0 there): right
    Case(T, "layer_norm_eps_out", C3, "float64", "ok", _eps_out_const()),
    Case(T, "rms_norm", "x=[0,0,0]", "float32", "ok", hp(lambda: {"x": [w / mpmath.sqrt(_f32(1e-6)) for w in W]})),
    Case(T, "rms_by_hand", "x=[1e-30,1e-30,1e-30]", "float32", "ok",
         _dg(_rms(_f32(1e-6)), "float32", ["x"], x=[1e-30, 1e-30, 1e-30])),
    Case(T, "batch_norm", "x=[[1,5],[2,5],[4,5]]", "float64", "ok",
         _dg(_bn(mpf(1e-5)), "float64", ["x"], x=[[1, 5], [2, 5], [4, 5]])),
    Case(T, "normalize", "x=[0,0]", "float64", "ok", _l2n_clamped(mpf(1e-12))),
    Case(T, "normalize", "x=[1e-30,1e-30]", "float32", "ok", _l2n_clamped(mpf(1e-12))),
    # / 2 ** 0.5: a Python float the float32 program holds as float32
    Case(T, "causal_attention", Q2S, "float32", "unstable",
         _attention(Q2, CAUSAL, -mpmath.inf, "float32", _sqrt2("float32"))),
    Case(T, "causal_attention_big", Q1S, "float64", "ok",
         _attention(Q1, CAUSAL, mpf(-1e9), "float64", _sqrt2("float64"))),
    Case(T, "padded_attention", Q1S, "float64", "ok", _attention(Q1, PADDED, mpf(-1e9), "float64", _sqrt2("float64"))),
    Case(T, "padded_attention", Q1S, "float32", "ok", _attention(Q1, PADDED, mpf(-1e9), "float32", _sqrt2("float32"))),
    Case(T, "padded_attention_inf", Q1S, "float64", "domain",
         _attention(Q1, PADDED, -mpmath.inf, "float64", _sqrt2("float64"))),
    Case(T, "sdpa_causal", Q1S, "float64", "ok",
         _attention(Q1, CAUSAL, -mpmath.inf, "float64", multiply=mpf(1 / math.sqrt(2.0)))),
    # ---------------------------------------------------------------------------------------------------- TensorFlow
    Case(K, "rnn_scan", RNN1, "float64", "ok", _rnn(_rnn_sum, "float64", 0.5, [1, -0.5, 2])),
    Case(K, "rnn_scan", RNN10, "float32", "unstable", _rnn(_rnn_sum, "float32", 10, [1, -0.5, 2]),
         "hs = tf.scan(lambda h, x: tf.tanh(w * h + x)"),
    Case(K, "rnn_while", RNN1, "float64", "ok", _rnn(_rnn_last, "float64", 0.5, [1, -0.5, 2])),
    Case(K, "newton_sqrt", "a=2", "float64", "ok", _dg(_newton, "float64", ["a"], a=2)),
    Case(K, "cumprod_sum", "x=[2,0.5,3]", "float64", "ok", _dg(_cumprod_sum, "float64", ["x"], x=[2, 0.5, 3])),
    Case(K, "cumprod_sum", "x=[2,0,3]", "float64", "wrong", _dg(_cumprod_sum, "float64", ["x"], x=[2, 0, 3]),
         "return tf.reduce_sum(tf.math.cumprod(x))"),
    Case(K, "cumprod_exclusive", "x=[2,3,0]", "float32", "wrong",
         _dg(_cumprod_excl_rev, "float32", ["x"], x=[2, 3, 0]), "tf.math.cumprod(x, exclusive=True, reverse=True)"),
    Case(K, "cumsum_sq", "x=[1,-2,0.5]", "float64", "ok", _dg(_cumsum_sq, "float64", ["x"], x=[1, -2, 0.5])),
    Case(K, "cumlse", "x=[1000,0,-1000]", "float32", "ok", _cumlse_grad([1000, 0, -1000])),
    Case(K, "layer_norm", C3, "float32", "ok", hp(_ln_const(_f32(1e-5)))),
    # TensorFlow's Sqrt gradient is 0 for a 0 upstream (here sum(W (x - mean)) / (...)^2 = 0): right
    Case(K, "layer_norm_eps_out", C3, "float64", "ok", _eps_out_const()),
    Case(K, "keras_layer_norm", C3, "float32", "ok", hp(_ln_const(_f32(1e-3)))),
    # l2_normalize floors the SQUARED norm at 1e-12: x / sqrt(1e-12)
    Case(K, "l2_normalize", "x=[0,0]", "float64", "ok", _l2n_clamped(mpmath.sqrt(mpf(1e-12)))),
    Case(K, "l2_normalize", "x=[1e30,1e30]", "float32", "unstable", _dg(_l2n, "float32", ["x"], x=[1e30, 1e30])),
    Case(K, "batch_norm", "x=[[1,5],[2,5],[4,5]]", "float64", "ok",
         _dg(_bn(mpf(1e-5)), "float64", ["x"], x=[[1, 5], [2, 5], [4, 5]])),
    Case(K, "causal_attention", Q1S, "float32", "ok", _attention(Q1, CAUSAL, -mpmath.inf, "float32", SQRT2)),
    Case(K, "padded_attention", Q1S, "float64", "unstable",
         _attention(Q1, PADDED, mpf(-1e9), "float64", SQRT2, additive=True),
         "scores = _scores(q) + (1.0 - keep) * -1e9"),
    # ---------------------------------------------------------------------------------------------------- NumPy
    Case(N, "rnn", RNN1, "float64", "ok", _rnn(_rnn_last, "float64", 0.5, [1, -0.5, 2])),
    # gradcli.numpy's own tanh rule is the one under test: it does not take 1 - tanh^2 of a rounded tanh
    Case(N, "rnn", RNN10, "float32", "ok", _rnn(_rnn_last, "float32", 10, [1, -0.5, 2])),
    Case(N, "cumprod_sum", "x=[2,0,3]", "float64", "ok", _dg(_cumprod_sum, "float64", ["x"], x=[2, 0, 3])),
    Case(N, "layer_norm", C3, "float64", "ok", hp(_ln_const(mpf(1e-5)))),
    Case(N, "masked_softmax", "z=[1,2,3]", "float64", "ok",
         hp(lambda: {"z": [_sig(mpf(-1)) * _sig(mpf(1)) * 3, -_sig(mpf(-1)) * _sig(mpf(1)) * 3, mpf(0)]})),
]
