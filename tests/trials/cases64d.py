"""The sixty-fourth trial set (d): MIXED PRECISION AND DTYPE PROMOTION inside losses, as users write them, on issues 28
and 29's bridges. JAX (jax_lib64d): jax.nn.softmax, a layer norm by hand, jax.nn.logsumexp, a sigmoid cross-entropy
with integer labels, a matmul and jnp.var computed in bfloat16 or float16 (x.astype(...)) inside a float32 (float64)
loss; loss scaling by 1024 in float16 (and 80 * 1024 past 65504); exp(-20) and exp(-17) under float16's 6e-8, in a
float32 check and in a float16 one; float16 squares summed by jnp.sum(dtype=jnp.float32) (and 300^2 past 65504);
jnp.array(0.1, dtype=jnp.float64) with x64 off; jnp.arange(1, 4) / 3; a weak-typed 3.0 meeting bfloat16; jnp.float32(0.1)
in the float64 run; sqrt(x^2 + 1e-8) checked in float32, float16 (1e-8 held as 0) and bfloat16 (1e-8 held); a plain
matmul checked in bfloat16. PyTorch (torch_lib64d): x.half() softmax, .to(torch.bfloat16) F.layer_norm,
torch.autocast(device_type="cpu", dtype=torch.bfloat16) around F.linear (and y.float() narrowing a float64 check),
torch.tensor([1, 2]) / 3 (float32 in both checks), a dimensioned and a 0-dim float64 tensor meeting float32 data,
torch.sum(x.half() ** 2, dtype=torch.float32), loss scaling in float16, torch.var in bfloat16, a cross-entropy on
float16 probabilities, softmax and a naive / library log-sum-exp checked in float16 itself, log1p widened to float64
in a float32 check. TensorFlow (tf_lib64d): tf.cast(x, tf.float16) softmax and layer norm (eps 1e-3 held as float16),
a Dense layer under Keras' mixed_bfloat16 policy, tf.constant([1, 2]) / 3 (float64) cast to the data's dtype, float16
squares past 65504, a bfloat16 tf.matmul, tf.math.reduce_variance in bfloat16. NumPy (np_lib64d): a float16 softmax in
float32 and float64 checks, a float64 array meeting float32 data, a np.float16(0.1) scalar, np.sum(dtype=np.float32)
of float16 squares, np.arange(1, 3) / 3, exp in float16, the smoothed norm in three dtypes, loss scaling in float16,
x * x checked in float16 at 255, 256 (65536 past 65504) and 2e-4 (its square float16's smallest subnormal), a
plain matmul in bfloat16 and a float16 matmul.

Counts: 86 cases written and judged through tests/trials/judge.py (a driver in a scratch folder, two at a time); 4 repeats
dropped after judging (all agreed: JAX's log-sum-exp in bfloat16 at [100, 101], its float16 cross-entropy at an
ordinary point, TensorFlow's float16 log-sum-exp, PyTorch's float16 exp at -20), leaving 82: 45 ok, 36 unstable,
1 domain. 75 agree; 7 fail, four findings (F1-F4), five of the cases held as strict xfails. The truths of 7 cases were
wrong first and were corrected (below).

Agreed with my truths (exact gradients to 1e-10, verdicts, the user's line where given):
- casts are the identity in the exact reference, the point as the check's dtype holds it: a softmax / layer norm /
  log-sum-exp / cross-entropy / variance / matmul in bfloat16 or float16 inside a float32 or float64 loss is unstable
  (bfloat16's 8 bits, float16's 11), named at the cast's line (x.astype, x.half(), .to(torch.bfloat16), tf.cast, the
  F.linear line under autocast, the Dense layer's policy); where every number of the narrowed program and its
  transpose is exact in the narrow dtype (a matmul at [0.5, -1, 2], a weak-typed 3.0 times 0.5, a variance of
  [1, 2, 3, 4], scaling 1.25 by 1024) it is ok, in every framework but F2's;
- y.float() inside a float64 check (autocast leaves float64 alone) is unstable at the return line;
- literals meeting narrow data are held as that dtype holds them: a layer norm's 1e-5 (JAX) and 1e-3 (TensorFlow) as
  float16's 1.0014e-5 and 0.0010004; F.layer_norm's own 1e-5 is the library's;
- overflow and underflow: 80 * 1024 and 300^2 past 65504 inside a float32 check (the value lost, the slopes exact)
  are unstable; sigmoid(12) = 1 in float16 makes log(1 - p) -inf, unstable; exp(-20) in float16 is unstable in a
  float32 check and ok in a float16 one (2.1e-9 rounds to float16's 0), as exp(-17) there (float16's 6e-8 is 4.1e-8
  rounded); x * x at 2e-4 in float16 ok; e^11 + e^11 overflowing float16 in a naive log-sum-exp is unstable,
  torch.logsumexp ok;
- promotion: NumPy's and PyTorch's dimensioned float64 arrays meeting float32 x make float64 arithmetic with 0.1 as
  float64 holds it (slopes 2 (f32(0.1) - 0.1) = 3e-9, ok); jnp.array(0.1, dtype=jnp.float64) with x64 off is float32's
  0.1 (slope exactly 0) and float64's in the float64 run; jnp.float32(0.1) stays float32 in the float64 run;
  np.float16(0.1) is 0.0999755859375 in float32 and float64 arithmetic; log1p widened to float64 in a float32 check,
  accumulation by torch.sum(dtype=torch.float32) and jnp.sum(dtype=jnp.float32): ok.

My truths corrected (gradcli was right):
- jax_lib64d:norm_eps and np_lib64d:norm_eps in float16 at x = [0, 0.5]: I held 1e-8 as float16 does (0), giving
  |x|'s kink, domain; README's constant-rounded doctrine judges a point that the literal's rounding puts on a kink the
  function as written does not have against the literal as written: slopes [0, 0.99999998], unstable.
- np_lib64d:sumsq at 256 in float16: I said unstable (the slope 512 is exact); the value 65536 itself is past
  float16's range: domain, in README's wording.
- jax_lib64d:int_weights in float32, torch_lib64d:int_weights in float32 and float64, tf_lib64d:int_weights in float32:
  I held k / 3 as the dtype the framework divides in (float32's 0.33333334); the division is an operation of the
  program, not a literal, so the exact reference replays it exactly: 1/3. In PyTorch's float64 check that float32
  division then costs 3e-8 of the gradient: unstable, not ok (and see F3 for its line).

Findings:
- F1 np_lib64d:sumsq_f16_acc32 (mended since: the reductions' rules take dtype=, and an exact run sums exactly,
  `ops_array._exact_accumulation`). np.sum(x.astype(np.float16) ** 2, dtype=np.float32), also np.mean(...,
  dtype=np.float64) and (x * x).sum(dtype=np.float64), is status error "the target raised TypeError: <lambda>() got an
  unexpected keyword argument 'dtype'": gradcli.numpy's sum lacks the dtype keyword, and the TypeError is its own,
  said as the user's target's, with no line (the ndarray method's names gradcli's _install.<locals>.<lambda>); README
  says a NumPy function gradcli lacks is exit 2 naming it and its line. The truth: [1, 0.5, -2] ok at
  [0.5, 0.25, -1]; at [300, 1] 300^2 overflows float16: unstable (JAX's and PyTorch's twins are judged so). Reproduce:
  gradcli check tests/trials/np_lib64d.py:sumsq_f16_acc32 --at "x=[0.5,0.25,-1]" --dtype float32 --json
- F2 jax_lib64d:matmul_bf16 and jax_lib64d:dot_plain (mended since: a bfloat16 einsum accumulates in float32 and
  rounds once, as XLA's CPU dot, `ops_linalg._einsum_raw`). A JAX matmul whose operands are bfloat16
  (x.astype(jnp.bfloat16) @ W.astype(jnp.bfloat16) in a float32 check, or x @ W checked with --dtype bfloat16) is
  status error "TypeError: invalid data type for einsum" (NumPy's einsum refuses ml_dtypes' bfloat16), where JAX
  returns [7.5, -7.5, 8.4375] at [0.5, -1, 2], every product and sum exact in bfloat16 (ok), and 3 digits at
  [0.3, -0.7, 1.3] (unstable at the cast's line). The float16 matmul, NumPy's bfloat16 matmul and TensorFlow's
  bfloat16 tf.matmul and mixed_bfloat16 Dense are judged right. Reproduce:
  gradcli check tests/trials/jax_lib64d.py:matmul_bf16 --at "x=[0.5,-1,2]" --dtype float32 --json
- F3 torch_lib64d:int_weights, x = [0.5, -1], float64 (mended since: the replay in the dtype divides integer tensors
  into PyTorch's default float dtype, an exact replay exactly, `torch_ops._divide`, `EXACT_REPLAY`). w = torch.tensor([1, 2]) / 3 is float32 (the default
  dtype) in a float64 check; the verdict unstable (3e-8) is right, but its one finding names line 33 (w * x ** 2), as
  "the gradient rule of int_weights computes [0.3333333, ...] ... from inputs accurate to 2.2e-16", not line 32, the
  division that narrowed the weights to float32, and says nothing of float32 (README: an unstable result names the
  narrowing at the user's line first). Reproduce:
  gradcli check tests/trials/torch_lib64d.py:int_weights --at "x=[0.5,-1]" --dtype float64 --json
- F4 torch_lib64d:shift_f64_scalar, x = [0.1, 0.3], float32 (mended: torch_graph._zero_dims_cast and
  _cast_by_promotion; tests/test_torch_zero_dim_promotion.py). x - torch.tensor(0.1, dtype=torch.float64) with
  float32 x: a 0-dim tensor does not promote a dimensioned one, so PyTorch computes in float32 with f32(0.1) (d.dtype is
  float32, x.grad = [0, 0.40000004]); the exact slopes are 2 (x - f32(0.1)) = [0, 0.40000002086162567]. gradcli's note
  says "subtract returned float64 at torch_lib64d.py:...", and its exact gradient [2.98e-9, 0.4000000238418579] is of
  c = 0.1 as float64 holds it; its verdict ok only by excusing the 0 as the rounding of the program's data. (The
  dimensioned float64 tensor, shift_f64, is promoted and judged right.) Reproduce:
  gradcli check tests/trials/torch_lib64d.py:shift_f64_scalar --at "x=[0.1,0.3]" --dtype float32 --json

Slow: no check passed 60 s. Through the CLI two at a time: NumPy 0.3-1.4 s, JAX 1.4-4.6 s, PyTorch 2.6-8.1 s,
TensorFlow 4.2-9.6 s.

Truths are written here from my own expression of the mathematics (softmax slopes p_j (C_j - sum p C), layer norm by
mpmath.diff, sigmoid cross-entropy s(z) - y, 2 W (x W), 2 W^T (W x + B), 2 (x - mean) / n, x / sqrt(x^2 + eps),
2 c^2 x, 2 w x), at 2,000 digits at the numbers the dtype holds (the casts inside the identity, the literals held as
the dtype they meet holds them, k / 3 an operation), never the files' code; points with no derivative are NaN.
"""
import mpmath
import ml_dtypes  # noqa: F401  (np.dtype("bfloat16"))
import numpy as np

from cases import Case
from cases5 import hp, _in

N, J, T, K = "np_lib64d.py", "jax_lib64d.py", "torch_lib64d.py", "tf_lib64d.py"
NAN = mpmath.nan
mpf = mpmath.mpf
C3 = [mpf(1), mpf(-2), mpf("0.5")]
W2 = [[0.5, -1.0], [0.25, 2.0], [1.5, 0.125]]  # JAX / TensorFlow: (3, 2), y = x W
WT = [[0.5, -1.0, 0.25], [2.0, 1.5, 0.125]]  # PyTorch: (2, 3), y = W x + B
BT = [0.5, -0.25]


def _c(dtype, value):
    """A constant as the dtype holds it (float16 / bfloat16 / float32 / float64)."""
    return mpf(float(np.array(value, dtype=np.float64).astype(np.dtype(dtype))))


def G(dtype, fn, xs, name="x"):
    """{name: fn(x)} at the point as the check's dtype holds it, at 2,000 digits."""
    return hp(lambda: {name: fn(_in(dtype, xs))})


def _num(loss):
    """the gradient of loss (a function of a list) by mpmath.diff, coordinate by coordinate."""
    def grad(x):
        return [mpmath.diff(lambda t, k=k: loss(x[:k] + [t] + x[k + 1:]), x[k]) for k in range(len(x))]
    return grad


# ------------------------------------------------------------------------------------------------- the mathematics
def _softmax(x):
    top = max(x)
    e = [mpmath.exp(v - top) for v in x]
    s = mpmath.fsum(e)
    return [v / s for v in e]


def _softmax_c(x):
    """d/dx sum(softmax(x) C) = p_j (C_j - sum p C)."""
    p = _softmax(x)
    s = mpmath.fsum(a * c for a, c in zip(p, C3))
    return [a * (c - s) for a, c in zip(p, C3)]


def _layernorm(eps):
    """sum C_i (x_i - mu) / sqrt(var + eps), var the population variance, eps as the program holds it."""
    def loss(x):
        mu = mpmath.fsum(x) / len(x)
        var = mpmath.fsum((v - mu) ** 2 for v in x) / len(x)
        return mpmath.fsum(c * (v - mu) / mpmath.sqrt(var + eps) for c, v in zip(C3, x))
    return _num(loss)


def _sig(v):
    return 1 / (1 + mpmath.exp(-v))


def _xent(z):
    """-log s(z0) - log(1 - s(z1)): slopes s(z0) - 1, s(z1)."""
    return [_sig(z[0]) - 1, _sig(z[1])]


def _mm(x):
    """sum((x W)^2): 2 W (x W)."""
    y = [mpmath.fsum(x[i] * mpf(W2[i][j]) for i in range(3)) for j in range(2)]
    return [2 * mpmath.fsum(mpf(W2[i][j]) * y[j] for j in range(2)) for i in range(3)]


def _lin(x):
    """sum((W x + B)^2): 2 W^T (W x + B)."""
    y = [mpmath.fsum(mpf(WT[j][i]) * x[i] for i in range(3)) + mpf(BT[j]) for j in range(2)]
    return [2 * mpmath.fsum(mpf(WT[j][i]) * y[j] for j in range(2)) for i in range(3)]


def _sq(x):
    return [2 * v for v in x]


def _exp(x):
    return [mpmath.exp(v) for v in x]


def _shift(c):
    return lambda x: [2 * (v - a) for v, a in zip(x, c)]


def _weights(w):
    return lambda x: [2 * a * v for a, v in zip(w, x)]


def _scaled_sq(c):
    """sum((c x)^2): 2 c^2 x."""
    return lambda x: [2 * c * c * v for v in x]


def _var(x):
    """the population variance's slope 2 (x - mean) / n."""
    m = mpmath.fsum(x) / len(x)
    return [2 * (v - m) / len(x) for v in x]


def _norm_eps(eps):
    """sum sqrt(x^2 + eps): x / sqrt(x^2 + eps); with eps held as 0, |x| has no derivative at 0."""
    return lambda x: [NAN if eps == 0 and v == 0 else v / mpmath.sqrt(v * v + eps) for v in x]


def _third(dtype=None):
    """integers 1, 2, 3 divided by 3: an operation of the program (not a literal), so the exact reference replays
    it exactly, k / 3, whatever dtype the framework computes it in (my first truths held it as that dtype)."""
    return [mpf(k) / 3 for k in (1, 2, 3)]


X3, XO = [0.5, -1, 2], [0.3, -0.7, 1.3]
S3, SO = "x=[0.5,-1,2]", "x=[0.3,-0.7,1.3]"

ALL = [
    # ---------------------------------------------------------------------------------------------------- JAX
    # softmax in bfloat16 (8 bits): ~4e-3 of a float32 (float64) gradient, named at the cast
    Case(J, "softmax_bf16", S3, "float32", "unstable", G("float32", _softmax_c, X3),
         "p = jax.nn.softmax(x.astype(jnp.bfloat16))"),
    Case(J, "softmax_bf16", S3, "float64", "unstable", G("float64", _softmax_c, X3),
         "p = jax.nn.softmax(x.astype(jnp.bfloat16))"),
    # layer norm in float16, its eps 1e-5 held as float16 holds it (a subnormal, 1.0014e-5)
    Case(J, "layernorm_f16", S3, "float32", "unstable", G("float32", _layernorm(_c("float16", 1e-5)), X3),
         "h = x.astype(jnp.float16)"),
    Case(J, "lse_bf16", "x=[1,2,3]", "float32", "unstable", G("float32", _softmax, [1, 2, 3])),
    # sigmoid(12) rounds to 1 in float16: log(1 - p) = log 0, its slope -inf * 0
    Case(J, "sigmoid_xent_f16", "z=[0.5,12]", "float32", "unstable", G("float32", _xent, [0.5, 12], "z")),
    # every number of the bfloat16 matmul and its transpose is exact in bfloat16 at [0.5, -1, 2]: ok
    Case(J, "matmul_bf16", S3, "float32", "ok", G("float32", _mm, X3)),
    Case(J, "matmul_bf16", SO, "float32", "unstable", G("float32", _mm, XO),
         "y = x.astype(jnp.bfloat16) @ W2.astype(jnp.bfloat16)"),
    # loss scaling by 1024 in float16: 1.25 * 1024 exact; 80 * 1024 = 81920 overflows 65504 (the value inf, the
    # gradient [16, 8] exact)
    Case(J, "scaled_f16", "x=[0.5,-1]", "float32", "ok", G("float32", _sq, [0.5, -1])),
    Case(J, "scaled_f16", "x=[8,4]", "float32", "unstable", G("float32", _sq, [8, 4])),
    # exp(-20) = 2.1e-9 underflows float16 to 0: lost in a float32 check; in a float16 check it is the exact value
    # rounded to float16 (0), and exp(-17) = 4.1e-8 is float16's 6e-8 rounded: no error
    Case(J, "exp_f16", "x=[-20]", "float32", "unstable", G("float32", _exp, [-20])),
    Case(J, "exp_f16", "x=[-20]", "float16", "ok", G("float16", _exp, [-20])),
    Case(J, "exp_f16", "x=[-17]", "float16", "ok", G("float16", _exp, [-17])),
    Case(J, "sumsq_f16_acc32", "x=[0.5,0.25,-1]", "float32", "ok", G("float32", _sq, [0.5, 0.25, -1])),
    # 300^2 = 90000 overflows float16 before the float32 sum
    Case(J, "sumsq_f16_acc32", "x=[300,1]", "float32", "unstable", G("float32", _sq, [300, 1])),
    # jnp.array(0.1, dtype=jnp.float64) with x64 off is float32's 0.1: at x = 0.1 the slope is exactly 0
    Case(J, "shift_f64_const", "x=[0.1,0.3]", "float32", "ok",
         G("float32", _shift([_c("float32", 0.1)] * 2), [0.1, 0.3])),
    Case(J, "shift_f64_const", "x=[0.1,0.3]", "float64", "ok",
         G("float64", _shift([_c("float64", 0.1)] * 2), [0.1, 0.3])),
    # jnp.arange(1, 4) / 3: float32 with x64 off, float64 in the float64 run
    Case(J, "int_weights", S3, "float32", "ok", hp(lambda: {"x": _weights(_third("float32"))(_in("float32", X3))})),
    Case(J, "int_weights", S3, "float64", "ok", hp(lambda: {"x": _weights(_third("float64"))(_in("float64", X3))})),
    # (bf16(x) * 3)^2: 18 x; exact in bfloat16 at 0.5 and 0.25, bf16(0.3) = 0.30078125 off 2.6e-3
    Case(J, "weak_scalar_bf16", "x=[0.5,0.25]", "float32", "ok", G("float32", _scaled_sq(mpf(3)), [0.5, 0.25])),
    Case(J, "weak_scalar_bf16", "x=[0.3]", "float32", "unstable", G("float32", _scaled_sq(mpf(3)), [0.3])),
    Case(J, "var_bf16", "x=[1,2,3,4]", "float32", "ok", G("float32", _var, [1, 2, 3, 4])),
    # bfloat16 spaces numbers near 1000 by 4: 1001 and 1003 move
    Case(J, "var_bf16", "x=[1000,1001,1002,1003]", "float32", "unstable", G("float32", _var, [1000, 1001, 1002, 1003]),
         "jnp.var(x.astype(jnp.bfloat16))"),
    Case(J, "norm_eps", "x=[0,0.5]", "float32", "ok", G("float32", _norm_eps(_c("float32", 1e-8)), [0, 0.5])),
    # float16 holds 1e-8 as 0: sqrt(x^2) = |x|, a kink at 0 the function as written does not have: README's
    # constant-rounded doctrine judges it against 1e-8 as written (slopes [0, 0.99999998]), unstable (my first truth,
    # domain with eps held as 0, was corrected)
    Case(J, "norm_eps", "x=[0,0.5]", "float16", "unstable", G("float16", _norm_eps(_c("float64", 1e-8)), [0, 0.5])),
    # bfloat16 has float32's exponent range: 1e-8 is held (1.0012e-8), smooth
    Case(J, "norm_eps", "x=[0,0.5]", "bfloat16", "ok", G("bfloat16", _norm_eps(_c("bfloat16", 1e-8)), [0, 0.5])),
    # the same matmul in float16, and a plain matmul checked in bfloat16 itself (F2's contrast)
    Case(J, "matmul_f16", S3, "float32", "ok", G("float32", _mm, X3)),
    Case(J, "dot_plain", S3, "bfloat16", "ok", G("bfloat16", _mm, X3)),
    # jnp.float32(0.1) stays float32 in the float64 run (README): 2 c^2 x with c = f32(0.1)
    Case(J, "typed_f32_scalar", "x=[0.5,-1]", "float64", "ok", G("float64", _scaled_sq(_c("float32", 0.1)), [0.5, -1])),
    # ---------------------------------------------------------------------------------------------------- PyTorch
    Case(T, "softmax_half", S3, "float32", "unstable", G("float32", _softmax_c, X3), "p = F.softmax(x.half(), dim=-1)"),
    Case(T, "softmax_half", S3, "float64", "unstable", G("float64", _softmax_c, X3), "p = F.softmax(x.half(), dim=-1)"),
    # F.layer_norm's eps 1e-5 is the library's
    Case(T, "layernorm_bf16", S3, "float32", "unstable", G("float32", _layernorm(mpf("1e-5")), X3),
         "y = F.layer_norm(x.to(torch.bfloat16), (3,))"),
    Case(T, "autocast_linear", S3, "float32", "ok", G("float32", _lin, X3)),
    Case(T, "autocast_linear", SO, "float32", "unstable", G("float32", _lin, XO),
         "y = F.linear(x, W.to(x.dtype), B.to(x.dtype))"),
    # autocast leaves float64 alone, but y.float() narrows to float32 before the square
    Case(T, "autocast_linear", SO, "float64", "unstable", G("float64", _lin, XO), "return (y.float() ** 2).sum()"),
    # torch.tensor([1, 2]) / 3 is float32 (the default dtype) in both runs; it meets float64 x as float32's numbers
    # the float32 1/3 in a float64 check: 3e-8 of the gradient lost at the division's line (K3: gradcli names the
    # product's line, 33, calling it the gradient rule's error "from inputs accurate to 2.2e-16")
    Case(T, "int_weights", "x=[0.5,-1]", "float64", "unstable",
         hp(lambda: {"x": _weights(_third("float32"))(_in("float64", [0.5, -1]))}), "w = torch.tensor([1, 2]) / 3"),
    Case(T, "int_weights", "x=[0.5,-1]", "float32", "ok",
         hp(lambda: {"x": _weights(_third("float32"))(_in("float32", [0.5, -1]))})),
    # a float64 tensor meets float32 x: float64 arithmetic, 0.1 as float64 holds it, x as float32 does
    Case(T, "shift_f64", "x=[0.1,0.3]", "float32", "ok",
         G("float32", _shift([_c("float64", 0.1), _c("float64", 0.3)]), [0.1, 0.3])),
    Case(T, "sumsq_half_acc32", "x=[0.5,0.25,-1]", "float32", "ok", G("float32", _sq, [0.5, 0.25, -1])),
    Case(T, "sumsq_half_acc32", "x=[300,1]", "float32", "unstable", G("float32", _sq, [300, 1])),
    Case(T, "scaled_half", "x=[0.5,-1]", "float32", "ok", G("float32", _sq, [0.5, -1])),
    Case(T, "scaled_half", "x=[8,4]", "float32", "unstable", G("float32", _sq, [8, 4])),
    Case(T, "var_bf16", "x=[1,2,3,4]", "float32", "ok", G("float32", _var, [1, 2, 3, 4])),
    Case(T, "var_bf16", "x=[1000,1001,1002,1003]", "float32", "unstable", G("float32", _var, [1000, 1001, 1002, 1003])),
    Case(T, "logsigmoid_xent_half", "z=[0.5,12]", "float32", "unstable", G("float32", _xent, [0.5, 12], "z")),
    Case(T, "softmax_plain", S3, "float16", "ok", G("float16", _softmax_c, X3)),
    # widened to float64 inside a float32 check: ok
    Case(T, "log1p_double", "x=[0.5,-0.25]", "float32", "ok", G("float32", lambda x: [1 / (1 + v) for v in x], [0.5, -0.25])),
    # a 0-dim float64 tensor does not promote a float32 tensor: x - c is float32 arithmetic with f32(0.1), slope 0 at
    # 0.1 (a dimensioned float64 tensor, shift_f64, does promote)
    Case(T, "shift_f64_scalar", "x=[0.1,0.3]", "float32", "ok",
         G("float32", _shift([_c("float32", 0.1)] * 2), [0.1, 0.3])),
    # float16 itself: e^11 + e^11 = 119748 overflows 65504; the log of it, 11.69, does not: unstable; logsumexp ok
    Case(T, "naive_lse", "x=[11,11]", "float16", "unstable", G("float16", _softmax, [11, 11]),
         "return torch.log(torch.exp(x).sum())"),
    Case(T, "stable_lse", "x=[11,11]", "float16", "ok", G("float16", _softmax, [11, 11])),
    # ---------------------------------------------------------------------------------------------------- TensorFlow
    Case(K, "softmax_f16", S3, "float32", "unstable", G("float32", _softmax_c, X3),
         "p = tf.nn.softmax(tf.cast(x, tf.float16))"),
    # eps 1e-3 meets float16 data: float16's 0.0010004
    Case(K, "layernorm_f16", S3, "float32", "unstable", G("float32", _layernorm(_c("float16", 1e-3)), X3),
         "h = tf.cast(x, tf.float16)"),
    Case(K, "dense_bf16", S3, "float32", "ok", G("float32", _mm, X3)),
    Case(K, "dense_bf16", SO, "float32", "unstable", G("float32", _mm, XO)),
    # tf.constant([1, 2]) / 3 is float64, cast to x's dtype
    Case(K, "int_weights", "x=[0.5,-1]", "float32", "ok",
         hp(lambda: {"x": _weights(_third("float32"))(_in("float32", [0.5, -1]))})),
    Case(K, "int_weights", "x=[0.5,-1]", "float64", "ok",
         hp(lambda: {"x": _weights(_third("float64"))(_in("float64", [0.5, -1]))})),
    Case(K, "sumsq_f16", "x=[0.5,0.25,-1]", "float32", "ok", G("float32", _sq, [0.5, 0.25, -1])),
    Case(K, "sumsq_f16", "x=[300,1]", "float32", "unstable", G("float32", _sq, [300, 1])),
    Case(K, "matmul_bf16", S3, "float32", "ok", G("float32", _mm, X3)),
    Case(K, "matmul_bf16", SO, "float32", "unstable", G("float32", _mm, XO)),
    Case(K, "var_bf16", "x=[1,2,3,4]", "float32", "ok", G("float32", _var, [1, 2, 3, 4])),
    Case(K, "var_bf16", "x=[1000,1001,1002,1003]", "float32", "unstable", G("float32", _var, [1000, 1001, 1002, 1003]),
         "return tf.cast(tf.math.reduce_variance(tf.cast(x, tf.bfloat16)), x.dtype)"),
    # ---------------------------------------------------------------------------------------------------- NumPy
    Case(N, "softmax_f16", S3, "float32", "unstable", G("float32", _softmax_c, X3), "h = x.astype(np.float16)"),
    Case(N, "softmax_f16", S3, "float64", "unstable", G("float64", _softmax_c, X3), "h = x.astype(np.float16)"),
    # SHIFT is float64: (x - SHIFT) is float64 arithmetic, the exact slopes 2 (f32(x) - 0.1), ~3e-9 and ~1e-8
    Case(N, "shift_f64", "x=[0.1,0.3]", "float32", "ok",
         G("float32", _shift([_c("float64", 0.1), _c("float64", 0.3)]), [0.1, 0.3])),
    # np.float16(0.1) is 0.0999755859375 in any dtype it meets
    Case(N, "half_scalar", "x=[0.5,-1]", "float32", "ok", G("float32", _scaled_sq(_c("float16", 0.1)), [0.5, -1])),
    Case(N, "half_scalar", "x=[0.5,-1]", "float64", "ok", G("float64", _scaled_sq(_c("float16", 0.1)), [0.5, -1])),
    Case(N, "sumsq_f16_acc32", "x=[0.5,0.25,-1]", "float32", "ok", G("float32", _sq, [0.5, 0.25, -1])),
    Case(N, "sumsq_f16_acc32", "x=[300,1]", "float32", "unstable", G("float32", _sq, [300, 1])),
    # np.arange(1, 3) / 3 is float64: float64 arithmetic with float32's x
    Case(N, "int_weights", "x=[0.3,-1]", "float32", "ok",
         hp(lambda: {"x": _weights(_third("float64"))(_in("float32", [0.3, -1]))})),
    Case(N, "exp_f16", "x=[-20]", "float32", "unstable", G("float32", _exp, [-20])),
    Case(N, "exp_f16", "x=[-20]", "float16", "ok", G("float16", _exp, [-20])),
    Case(N, "norm_eps", "x=[0,0.5]", "float32", "ok", G("float32", _norm_eps(_c("float32", 1e-8)), [0, 0.5])),
    # float16 holds 1e-8 as 0: the constant-rounded doctrine, against 1e-8 as written: unstable
    Case(N, "norm_eps", "x=[0,0.5]", "float16", "unstable", G("float16", _norm_eps(_c("float64", 1e-8)), [0, 0.5])),
    Case(N, "norm_eps", "x=[0,0.5]", "bfloat16", "ok", G("bfloat16", _norm_eps(_c("bfloat16", 1e-8)), [0, 0.5])),
    Case(N, "scaled_f16", "x=[0.5,-1]", "float32", "ok", G("float32", _sq, [0.5, -1])),
    Case(N, "scaled_f16", "x=[8,4]", "float32", "unstable", G("float32", _sq, [8, 4])),
    # float16 itself: 255^2 = 65025 is held, 256^2 = 65536 overflows 65504 (the value itself past float16's range: domain, README's wording; my first truth said unstable)
    Case(N, "sumsq", "x=[255]", "float16", "ok", G("float16", _sq, [255])),
    Case(N, "sumsq", "x=[256]", "float16", "domain", G("float16", _sq, [256])),
    # f16(2e-4)^2 = 4.0e-8 is float16's smallest subnormal 6e-8 when rounded: the value has no error, the slope is 2x
    Case(N, "sumsq", "x=[0.0002]", "float16", "ok", G("float16", _sq, [0.0002])),
    Case(N, "dot_plain", S3, "bfloat16", "ok", G("bfloat16", _mm, X3)),
    Case(N, "matmul_f16", S3, "float32", "ok", G("float32", _mm, X3)),
    Case(N, "matmul_f16", SO, "float32", "unstable", G("float32", _mm, XO), "y = x.astype(np.float16) @ W2.astype(np.float16)"),
]
