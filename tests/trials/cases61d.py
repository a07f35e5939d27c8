"""The sixty-first trial set (d): INDEXING, GATHER / SCATTER and DISCRETE PICKS inside losses as users write them, on
issues 28 and 29's bridges. JAX (jax_lib61d): x.at[1].set(0), .at[].add with repeated indices and an out-of-range
index (dropped), .at[].set out of range, .at[].mul at repeated indices, .at[].max pooling (a tie, +-1e30 float32),
x[[0, 7]] (clamped), x[[-1, 0]], jnp.take(mode="clip" / "fill"), take_along_axis and one_hot NLLs (+-100 float32;
a padded label -1), jax.ops.segment_sum with empty segments and an out-of-range id, segment_max with an empty
segment (a tie), jnp.bincount(weights=), lax.top_k (a tie at the boundary), jnp.sort and argsort then gather (a
tie, +-1e30), jnp.where on integer labels (log(1 - sigmoid(20)) in the branch not taken), a max-shifted logsumexp at
a tie. PyTorch (torch_lib61d): index_select, gather NLL, scatter_add into empty buckets, scatter_reduce amax (a tie,
+-1e30) and mean, index_put(accumulate=True), index_put_ in place, index_add, masked_select by x > 0, a constant
boolean-mask mean, topk (a tie), sort (+-1e30), F.embedding with a repeated id, F.cross_entropy(ignore_index=-100)
(+-100 float32), x.max() at a tie. TensorFlow (tf_lib61d): tf.gather with repeats, gather_nd, tensor_scatter_nd_add
/ update, unsorted_segment_sum with a negative id and an empty segment, unsorted_segment_max with an empty segment,
top_k (a tie below the boundary), sort, boolean_mask(x > 0) means (at 0: the count jumps), one_hot softmax
cross-entropy and its naive log(softmax) at +-100. NumPy (np_lib61d): np.add.at, fancy indexing,
np.maximum.reduceat (a tie), x[x > 0], np.sort.

Counts: 6 scratch checks through the CLI (--json), then 76 cases written and judged through tests/trials/judge.py
(a driver in a scratch folder, two at a time); 6 dropped as repeats (at_add_repeat at [1, 2, 3], take_weighted,
nll_take_along in float64, at_max_pool at [1, 3, 2], PyTorch's sort in float64, at_mul_repeat at [0, 0, 4]): 70
kept, 52 ok, 12 domain, 3 unstable, 1 wrong, 2 input errors. 64 agree; 6 fail, the findings K1 (4 cases), K2 (1)
and K3 (1), held as strict xfails. The truths of 6 cases were wrong first and were corrected (below).

Agreed with my truths (exact gradients to 1e-10, verdicts, the user's line):
- linear picks and scatters: .at[].set / .add (repeats), bincount weights, x[[-1, 0]], take(mode="clip"),
  index_select, gather, scatter_add, scatter_reduce mean, index_put(accumulate) and index_put_, index_add,
  F.embedding (a row hit twice counted twice), tf.gather / gather_nd, tensor_scatter_nd_add / update,
  unsorted_segment_sum (id -1 dropped, as TensorFlow documents), np.add.at, fancy indexing: ok and exact; empty
  segments and buckets (segment_sum, scatter_add, log1p of 0) ok;
- maxima and orderings: .at[].max, segment_max, scatter_reduce amax, top_k / topk, sort, argsort-gather,
  np.maximum.reduceat, x.max(): ok off ties (and at +-1e30 in float32), domain at ties that are kinks, the untied
  entries' slopes given; a tie inside the max of a max-shifted logsumexp is smooth: ok;
- labels: take_along_axis, one_hot (a padded -1 label's row slope 0), gather NLL, F.cross_entropy(ignore_index),
  softmax_cross_entropy_with_logits at +-100 in float32: ok; the naive log(softmax) in TensorFlow unstable at the
  line; jnp.where(labels == 1, log p, log(1 - p)) at z = 20 in float32 (the branch not taken is log 0): unstable;
- masks: a constant boolean mask ok; tf.boolean_mask(x, x > 0) at x0 = 0 domain (the count jumps); NumPy's x[x > 0]
  ok; torch.masked_select(x, x > 0) an input error naming the line and torch.where (the capture's documented limit).

My truths corrected (gradcli was right): at_set at [1e30, 1, 1e-30] float32 and TensorFlow's empty
unsorted_segment_max segment (the lowest float64 times 2 is -3.6e308): the exact value is beyond the dtype's range,
domain (as rounds 16a, 26a, 29b hold), not unstable; PyTorch's gather NLL at +-100 in float32: the slope
exp(-100) / 2 = 1.86e-44 is a float32 subnormal and PyTorch's 1.96e-44 keeps 5 bits, unstable at log_softmax's line
(JAX's rounding there is the nearest: ok); x[[0, 7]] in JAX: its rule is wrong (K2), not ok as I first wrote;
torch.masked_select: an input error, not a verdict; index_add's truth (I had the buckets swapped).

Findings:
- K1 (mended since: a scatter drops and a fill-mode gather fills what lies past the operand's edge, as XLA and JAX do: `jax_ops._window_index`'s inside) jax_lib61d:at_add_out_of_range, at_set_out_of_range, segment_sum_out_of_range, take_fill, x = [1, 2, 3],
  float64. JAX drops out-of-range scatter indices (.at[].add / .set and jax.ops.segment_sum, mode FILL_OR_DROP) and
  fills out-of-range gathers in jnp.take(mode="fill"); gradcli's replay clamps them to the last entry: exact value 14
  where the program's is 10 (at_add, segment_sum), 14 for 2 (at_set), 7 for 1 (take_fill), exact gradients [2, 4,
  6], [2, 6, 0], [2, 4, 6], [1, 0, 2], and the verdict unstable ("the gradient rule of at_add_out_of_range computes
  [2, 0, 6] where the exact value is [2.0, 4.0, 6.0]: relative error 1.0e+00 from inputs accurate to 2.2e-16"). The
  truth: ok, [2, 0, 6], [2, 0, 0], [2, 0, 6], [1, 0, 0] (JAX's own gradients). Reproduce:
  gradcli check tests/trials/jax_lib61d.py:at_add_out_of_range --at "x=[1,2,3]" --dtype float64 --json
  (also at_set_out_of_range, segment_sum_out_of_range, take_fill).
- K2 (mended since, with K1: JAX's dropping rule is replayed as it is, and judged wrong) jax_lib61d:gather_clamped, x = [1, 2, 3], float64. x[jnp.array([0, 7])] clamps 7 to 2 in the forward (value 7)
  but JAX's rule, a scatter-add, drops index 7: [1, 0, 0] where the derivative is [1, 0, 2]. gradcli's exact
  gradient is right, but the verdict is unstable ("... relative error 1.0e+00 from inputs accurate to 2.2e-16", a
  precision story) at the sum's line 30, where a framework rule disagreeing with the exact derivative is wrong, at
  the gather's line 29. Reproduce:
  gradcli check tests/trials/jax_lib61d.py:gather_clamped --at "x=[1,2,3]" --dtype float64 --json
- K3 (mended since: an input error naming the line, `jax_bridge._UNDIFFERENTIATED`) jax_lib61d:at_mul_repeat, x = [2, 3, 4], float64: .at[[0, 0, 1]].mul(x) is a per-point error quoting JAX's
  "NotImplementedError: scatter_mul gradients are only implemented if `unique_indices=True`", exit 1, without the
  user's line; lax.while_loop, which JAX cannot reverse-differentiate either, is an input error (exit 2) naming the
  line and a way out. Reproduce:
  gradcli check tests/trials/jax_lib61d.py:at_mul_repeat --at "x=[2,3,4]" --dtype float64

Slow: no check passed 60 s. Through the CLI two at a time beside another tester: NumPy 0.6-1 s, JAX 3.5-9 s,
PyTorch 4.5-10 s, TensorFlow 10.5-15.5 s.

Truths are written here, analytically (linear picks and scatters as counts, maxima and sorts by ranks, NLL slopes as
softmax minus one-hot written without cancellation) or by mpmath.diff of a loss written here, at 2,000 digits at the
numbers the dtype holds, never the files' code; ties that are kinks are NaN (no derivative).
"""
import mpmath

from cases import Case
from cases5 import hp
from cases58d import _dg, _hold

N, J, T, K = "np_lib61d.py", "jax_lib61d.py", "torch_lib61d.py", "tf_lib61d.py"
NAN = mpmath.nan
mpf = mpmath.mpf


def _v(name, dtype, fn, **point):
    """A truth written analytically: fn(held point) -> the gradient of ``name``."""
    return hp(lambda: {name: fn(**{k: _hold(dtype, v) for k, v in point.items()})})


def _const(name, values):
    return hp(lambda: {name: [NAN if v is None else (mpf(v) if not isinstance(v, list) else
                                                     [NAN if u is None else mpf(u) for u in v]) for v in values]})


def _s(x):
    return 1 / (1 + mpmath.exp(-x))


def _softmax(zs):
    top = max(zs)
    e = [mpmath.exp(v - top) for v in zs]
    t = mpmath.fsum(e)
    return [v / t for v in e]


def _nll_grad(dtype, logits, labels=(2, 0)):
    """d/dlogits of the mean NLL: (softmax(row) - onehot(label)) / rows, exact at any magnitude."""
    def fn(logits):
        out = []
        for row, lab in zip(logits, labels):
            p = _softmax(row)
            # p_j - 1 at the label written -(sum of the others): no cancellation where p_j rounds to 1
            others = mpmath.fsum(p[k] for k in range(len(p)) if k != lab)
            out.append([(-others if k == lab else p[k]) / len(logits) for k in range(len(row))])
        return out
    return _v("logits", dtype, fn, logits=logits)


def _nll_pad(dtype, logits):
    """Row 0's (softmax - onehot(2)), row 1 ignored: 0."""
    def fn(logits):
        p = _softmax(logits[0])
        return [[p[0], p[1], -(p[0] + p[1])], [mpf(0)] * 3]
    return _v("logits", dtype, fn, logits=logits)


def _tf_scatter_add_sq(p):
    x = p["x"]
    out = [x[0] + x[0] ** 2 + x[1] ** 2, x[1], x[2] + x[2] ** 2]
    return mpmath.fsum(v * v for v in out)


LG = [[1, 2, 3], [0, -1, 0.5]]
LGS = "logits=[[1,2,3],[0,-1,0.5]]"
LB = [[100, -100, 0], [-100, 100, 0]]
LBS = "logits=[[100,-100,0],[-100,100,0]]"
X3 = "x=[1,2,3]"
X125 = "x=[1,2,5]"
P132 = "x=[1,3,2]"
TIE = "x=[3,3,2]"
SRT = "x=[2,-1,0.5]"
BIG = "x=[1e30,-1e30,5]"

ALL = [
    # ---------------------------------------------------------------------------------------------------- JAX
    Case(J, "at_set", "x=[1.5,-2,3]", "float64", "ok", _const("x", [3, 0, 6])),
    # 1e60 is beyond float32's range: the dtype's limit (domain), as rounds 16a, 26a, 29b hold
    Case(J, "at_set", "x=[1e30,1,1e-30]", "float32", "domain",
         _v("x", "float32", lambda x: [2 * x[0], mpf(0), 2 * x[2]], x=[1e30, 1, 1e-30]), "return jnp.sum(y ** 2)"),
    Case(J, "at_add_repeat", "x=[1e-30,-1e-30,2]", "float32", "ok", _const("x", [0, 0, 4])),
    Case(J, "at_add_out_of_range", X3, "float64", "ok", _const("x", [2, 0, 6])),
    # JAX clamps the gather's index 7 to 2 (the value 1 + 2 * 3 = 7) but its rule, a scatter-add, drops index 7:
    # [1, 0, 0] where the derivative is [1, 0, 2]: the framework's rule is wrong
    Case(J, "gather_clamped", X3, "float64", "wrong", _const("x", [1, 0, 2]), "picked = x[jnp.array([0, 7])]"),
    Case(J, "at_set_out_of_range", X3, "float64", "ok", _const("x", [2, 0, 0])),
    Case(J, "segment_sum_out_of_range", X3, "float64", "ok", _const("x", [2, 0, 6])),
    Case(J, "take_clip", X3, "float64", "ok", _const("x", [1, 0, 2])),
    Case(J, "take_fill", X3, "float64", "ok", _const("x", [1, 0, 0])),
    Case(J, "gather_negative", X3, "float64", "ok", _const("x", [2, 0, 1])),
    # JAX cannot differentiate scatter_mul at repeated indices: an input error naming the line, as for lax.while_loop
    Case(J, "at_mul_repeat", "x=[2,3,4]", "float64", "input-error",
         message=("scatter_mul", "jax_lib61d.py:")),
    Case(J, "at_max_pool", TIE, "float64", "domain", _const("x", [None, None, 2])),
    Case(J, "at_max_pool", BIG, "float32", "ok", _const("x", [1, 0, 2])),
    Case(J, "nll_take_along", LBS, "float32", "ok", _nll_grad("float32", LB)),
    Case(J, "nll_one_hot", LBS, "float32", "ok", _nll_grad("float32", LB)),
    # a padded label (-1) is a row of zeros: its slopes 0, the other row softmax - onehot (a sum, not a mean)
    Case(J, "nll_one_hot_pad", LBS, "float32", "ok", _nll_pad("float32", LB)),
    Case(J, "segment_log", "x=[1,2,0.5]", "float64", "ok", _const("x", [mpf(1) / 3, mpf(2) / 3, mpf("0.8")])),
    Case(J, "segment_max_pool", P132, "float64", "ok", _const("x", [0, 1, 3])),
    Case(J, "segment_max_pool", TIE, "float32", "domain", _const("x", [None, None, 3])),
    Case(J, "bincount_weighted", X125, "float64", "ok", _const("x", [6, 6, 10])),
    Case(J, "top_k_weighted", P132, "float64", "ok", _const("x", [0, 2, 1])),
    Case(J, "top_k_weighted", "x=[3,1,3]", "float64", "domain", _const("x", [None, 0, None])),
    Case(J, "sort_weighted", SRT, "float64", "ok", _const("x", [3, 1, 2])),
    Case(J, "sort_weighted", "x=[1e30,-1e30,1]", "float32", "ok", _const("x", [3, 1, 2])),
    Case(J, "argsort_gather", SRT, "float64", "ok", _const("x", [3, 1, 2])),
    Case(J, "argsort_gather", "x=[1,1,0]", "float64", "domain", _const("x", [None, None, 1])),
    Case(J, "bce_where_labels", "z=[2,-1]", "float64", "ok",
         _v("z", "float64", lambda z: [-_s(-z[0]), _s(z[1])], z=[2, -1])),
    # the branch not taken: log(1 - sigmoid(20)) is log(0) in float32, its rule -1 / 0 times a 0 upstream: NaN
    Case(J, "bce_where_labels", "z=[20,-20]", "float32", "unstable",
         _v("z", "float32", lambda z: [-_s(-z[0]), _s(z[1])], z=[20, -20]),
         "return -jnp.sum(jnp.where(labels == 1, jnp.log(p), jnp.log(1 - p)))"),
    # a tie in the max the shift takes: the function is smooth, the shift cancels
    Case(J, "max_logsumexp_shift", "x=[100,100,-100]", "float32", "ok",
         _v("x", "float32", lambda x: _softmax(x), x=[100, 100, -100])),
    # ---------------------------------------------------------------------------------------------------- PyTorch
    Case(T, "index_select_sq", X3, "float64", "ok", _const("x", [4, 0, 6])),
    Case(T, "nll_gather", LGS, "float64", "ok", _nll_grad("float64", LG)),
    # the slope exp(-100) / 2 = 1.86e-44 is a float32 subnormal: PyTorch's 1.96e-44 (5 bits) is unstable, fairly
    Case(T, "nll_gather", LBS, "float32", "unstable", _nll_grad("float32", LB), "logp = F.log_softmax(logits, dim=1)"),
    # ignore_index=-100: the mean runs over row 0 alone, row 1's slopes are 0
    Case(T, "ce_ignore_index", LGS, "float64", "ok", _nll_pad("float64", LG)),
    Case(T, "ce_ignore_index", LBS, "float32", "ok", _nll_pad("float32", LB)),
    Case(T, "scatter_add_log", "x=[1,2,0.5]", "float64", "ok", _const("x", [mpf(1) / 3, mpf(2) / 3, mpf("0.8")])),
    Case(T, "scatter_amax", P132, "float64", "ok", _const("x", [0, 1, 2])),
    Case(T, "scatter_amax", TIE, "float64", "domain", _const("x", [None, None, 2])),
    Case(T, "scatter_amax", BIG, "float32", "ok", _const("x", [1, 0, 2])),
    Case(T, "scatter_mean", P132, "float64", "ok", _const("x", [2, 2, 4])),
    Case(T, "index_put_acc", X125, "float64", "ok", _const("x", [6, 6, 10])),
    Case(T, "index_put_inplace", X3, "float64", "ok", _const("x", [9, 3, 0])),
    # a selection whose shape moves with x: gradcli's capture cannot record it, an input error naming the line
    # and torch.where (the design's limit, as cases.py's nonzero_count)
    Case(T, "masked_select_sq", "x=[0,1.5,-1]", "float64", "input-error",
         message=("aten.nonzero", "torch_lib61d.py:52", "torch.where")),
    Case(T, "index_add_sq", X125, "float64", "ok", _const("x", [6, 6, 10])),
    Case(T, "mask_mean", X3, "float64", "ok", _const("x", [1, 0, 3])),
    Case(T, "topk_weighted", P132, "float32", "ok", _const("x", [0, 2, 1])),
    Case(T, "topk_weighted", "x=[3,1,3]", "float64", "domain", _const("x", [None, 0, None])),
    Case(T, "sort_weighted", "x=[1e30,-1e30,1]", "float32", "ok", _const("x", [3, 1, 2])),
    Case(T, "embed_repeat", "weight=[[1,2],[3,-1]]", "float64", "ok", _const("weight", [[2, 4], [12, -4]])),
    Case(T, "max_reduce", P132, "float64", "ok", _const("x", [1, 3, 1])),
    Case(T, "max_reduce", "x=[3,3,1]", "float64", "domain", _const("x", [None, None, 1])),
    # ---------------------------------------------------------------------------------------------------- TensorFlow
    Case(K, "gather_sq", X3, "float64", "ok", _const("x", [4, 0, 6])),
    Case(K, "gather_nd_weighted", "x=[[1,2],[3,4]]", "float64", "ok", _const("x", [[0, 4], [2, 0]])),
    Case(K, "scatter_add_sq", X3, "float64", "ok", _dg(_tf_scatter_add_sq, "float64", ["x"], x=[1, 2, 3])),
    Case(K, "scatter_update", X3, "float64", "ok", _const("x", [9, 3, 0])),
    Case(K, "segment_sum_log", "x=[1,2,0.5,1.5]", "float64", "ok",
         _const("x", [2 / mpf("4.25"), 0, 1 / mpf("1.25"), 3 / mpf("4.25")])),
    # the empty segment holds the lowest float64, times 2: -3.6e308 exactly, beyond float64's range (domain)
    Case(K, "segment_max_pool", P132, "float64", "domain", _const("x", [0, 1, 3])),
    Case(K, "top_k_weighted", P132, "float32", "ok", _const("x", [0, 2, 1])),
    Case(K, "top_k_weighted", "x=[3,2,2]", "float64", "domain", _const("x", [2, None, None])),
    Case(K, "sort_weighted", SRT, "float64", "ok", _const("x", [3, 1, 2])),
    Case(K, "boolean_mask_mean", "x=[0.5,1.5,-1,2]", "float64", "ok", _const("x", [mpf(1) / 3, 1, 0, mpf(4) / 3])),
    # at x0 = 0 the mask's count jumps from 2 to 3: the loss is discontinuous there (no derivative in x0)
    Case(K, "boolean_mask_mean", "x=[0,1.5,-1,2]", "float64", "domain", _const("x", [None, "1.5", 0, 2])),
    Case(K, "ce_one_hot", LGS, "float64", "ok", _nll_grad("float64", LG)),
    Case(K, "ce_one_hot", LBS, "float32", "ok", _nll_grad("float32", LB)),
    Case(K, "nll_naive", LBS, "float32", "unstable", _nll_grad("float32", LB),
         "return -tf.reduce_mean(tf.reduce_sum(labels * tf.math.log(p), axis=-1))"),
    # ---------------------------------------------------------------------------------------------------- NumPy
    Case(N, "add_at", X125, "float64", "ok", _const("x", [6, 6, 10])),
    Case(N, "fancy", X3, "float64", "ok", _const("x", [2, 0, 30])),
    Case(N, "max_reduceat", "x=[1,3,2,-1]", "float64", "ok", _const("x", [0, 1, 2, 0])),
    Case(N, "max_reduceat", "x=[3,3,2,-1]", "float64", "domain", _const("x", [None, None, 2, 0])),
    Case(N, "mask_sum", "x=[0,1.5,-1]", "float64", "ok", _const("x", [0, 3, 0])),
    Case(N, "sort_weighted", SRT, "float64", "ok", _const("x", [3, 1, 2])),
]
