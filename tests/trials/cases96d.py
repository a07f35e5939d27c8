"""The ninety-sixth trial set (d): DIFFERENTIABLE SORTING, RANKING AND TOP-K, as JAX, PyTorch, TensorFlow and plain
NumPy code writes them (jax_lib96d, torch_lib96d, tf_lib96d, np_lib96d) on 4 scores: NeuralSort's relaxed sort
softmax(((n + 1 - 2i) s - A 1) / tau) @ s with A = |s_i - s_j| (jax.nn.softmax, torch.softmax, tf.nn.softmax, and
exp / sum written out) at tau = 1, 0.01 and 0, at a tie and at scores in the thousands; a soft rank 1/2 + sum_j
sigmoid((s_i - s_j) / tau) (library sigmoid and 1 / (1 + exp(-d))) at tau = 1, 0.01, 0.001 and 0 and at a tie; a
Spearman-like loss 6 sum (r - t)^2 / (n (n^2 - 1)) on soft ranks and on hard ranks (np.argsort twice); a soft top-2
mask sigmoid((s - thr) / 0.25) around the 2nd largest value by jnp.sort, torch.sort, torch.kthvalue, tf.sort and
np.sort, with that threshold live and held by stop_gradient, at a tie at the threshold and a tie away from it; a hard
top-2 with a straight-through softmax (lax.top_k + one_hot, jnp.argsort + .at[].set, torch.topk + scatter,
torch.argsort + index_fill, tf.math.top_k + one_hot) away from and at a tie; lax.top_k's values at ties; the
smoothed max tau logsumexp(s / tau) and min (jax.nn.logsumexp, torch.logsumexp, tf.math.reduce_logsumexp,
np.logaddexp.reduce, and log(sum(exp)) written out) at tau = 1, 0.01, 0.001, 0, at a tied max and at huge scores; a
Sinkhorn soft permutation (three row / column normalisations of exp(-(s_i - a_j)^2 / eps), in the log domain and
plain) at eps = 0.1 and 0.01 with a score far from every anchor; ListNet (log_softmax, and log(softmax)); ListMLE
(lax.cumlogsumexp, torch.logcumsumexp of the flip, tf.math.cumulative_logsumexp, log(cumsum(exp)) written out, and
written out shifted by the max); RankNet's log(1 + e^-(s_i - s_j)) (softplus, np.logaddexp, written out) at gaps of
hundreds against the labels; a sort with a custom rule (custom_vjp, autograd.Function, tf.custom_gradient) scattering
g back by the permutation (right), returning g unpermuted (wrong), and a "straight-through" NeuralSort (the relaxed
sort forward, the hard permutation backward); lax.approx_max_k.

Truths: expressions written here from the mathematics (sorted(), sums of mpmath sigmoids, a max-shifted logsumexp,
the Sinkhorn iteration in the log domain, ...), never the library's code path, evaluated by cases95d's `declared` at
2,000 digits: each entry's slope from each side at the point as the dtype holds it (NaN where the sides differ: a
kink, as A 1 has at a tie, or the 2nd largest value as the threshold, or top_k's values), NaN in an entry along which
the value jumps (a hard top-k's mask at a tie), with a stop_gradient's value frozen at the point's; tau = 0 and eps =
0 make the value undefined (sigmoid(0 / 0), s / 0): domain. Constants are dyadic (0.5, 0.25, 0.75) so float32 holds
them as written. A custom rule declares nothing: its truth is the plain function's slope, so a rule that differs is
wrong, and the unpermuted rule at an already sorted point gives the right numbers: ok.

Counts: 119 cases (JAX 72, PyTorch 21, TensorFlow 13, NumPy 13; 105 float64, 14 float32): first 114, then 5 more (a
straight-through NeuralSort, torch.argsort's top-2 and the hard-rank Spearman), 4 truths corrected (7 cases, below),
then all 119 run once more; none dropped. ALL keeps 66 ok, 28 unstable, 20 domain, 4 wrong, 1 input error. All 119
agree with my truths (after the corrections) in verdict, every exact gradient entry to 1e-10 relative and, where
given, the line (the input error in its message). Each check of the last run took 0.5-22 s (median 5.4 s; JAX
3.4-22 s, the 22 s the Sinkhorn at eps = 0.01 whose truth at 2,000 digits ran beside it, PyTorch 4.3-12.5 s,
TensorFlow 5.1-6.9 s, NumPy 0.5-1.4 s) on a loaded machine, two CLI runs at a time: 11 min of CLI time, about 7 min
of clock (the test file: 12 s). gradcli's library changed under me once: in the first run
torch.topk's pick at a tie (topk_ste at [0.7, -1.2, 2.0, 0.7]) was called a wrong value, 95d's F4 again (PyTorch
picks indices [2, 3], gradcli's replay [2, 0]: "the value is wrong: PyTorch gives 2.75 but the exact value is 3"); a
fix of that finding landed between my runs, and the second run (and a rerun, and a scratch probe's minimal form
`torch.zeros_like(s).scatter(0, torch.topk(s, 2).indices, 1.0)` weighted) says domain, the jumps in s[0] and s[3]:
right. Every other answer was the same in both runs.

Agreed (verdicts and exact slopes):
- NeuralSort: ok at tau = 1 (float32 too), domain at a tie (|s_i - s_j|'s kink reaches every row), domain at tau = 0
  (the value is 0 / 0); written out with exp / sum: ok at tau = 1, at scores in the thousands exp overflows: unstable;
- soft ranks: ok at tau = 1 (float32 too), ok at a tie (smooth) even at tau = 0.001 (the tied pair's slope 1 / (4 tau)
  = 250), domain at tau = 0; the hand-written logistic at tau = 0.001 (and 0.01 in float32): exp(-d / tau) overflows,
  inf / inf: unstable (JAX, PyTorch, NumPy); the Spearman-like loss: ok (float32 too), ok at a tie; on hard ranks: ok
  (slope 0), domain at a tie (the rank jumps);
- the soft top-2 mask: ok (float32 too); at a tie at the threshold the 2nd largest value max(s0, s3) has a kink:
  domain (jnp.sort, torch.sort, torch.kthvalue, tf.sort, np.sort); at a tie at the bottom: ok (the threshold does not
  see it); with the threshold held by stop_gradient: ok, at the threshold's tie too (the held value is continuous, so
  nothing jumps, and the frozen slopes agree from both sides);
- the hard top-2 with a straight-through softmax: ok away from ties (float32 too; lax.top_k, jnp.argsort, torch.topk,
  torch.argsort, tf.math.top_k), domain at a tie at the 2nd place (the mask jumps in s[0] and s[3], the others' slopes
  kept; torch.topk's pick among the tied is PyTorch's own, judged as one side's); lax.top_k's values: ok, domain
  at a tie at the 2nd or 1st place, ok at a tie at the bottom;
- the smoothed max / min: ok by every library's logsumexp at tau = 1e-3, at a tied max (softmax's 1/2, 1/2) and at
  huge scores; domain at tau = 0; written out: ok at tau = 1, unstable at tau = 0.001 (float64) and 0.01 (float32);
- Sinkhorn: ok in the log domain (float32 too) and plain at eps = 0.1, at a tie too; plain at eps = 0.01 with a score
  3 from every anchor: its row of exp(-900) is all 0, 0 / 0: unstable (JAX, PyTorch, NumPy);
- ListNet: ok by log_softmax (also at huge scores); log(softmax) unstable at huge scores and in float32 at a gap of
  122; ListMLE: ok at ordinary scores, written out unstable at huge scores; RankNet: ok by softplus / np.logaddexp at
  gaps of hundreds against the labels, written out unstable there (JAX, PyTorch, TensorFlow), ok at ordinary scores;
- custom rules: the permutation-scattering rule ok (float32 too), domain at a tie; the unpermuted rule wrong at its
  def (JAX, PyTorch, TensorFlow), ok at an already sorted point (there it gives the derivative); the straight-through
  NeuralSort: wrong, at its bwd's def;
- refused, exit 2: "jax_lib96d.py:LINE: JAX's `approx_top_k` is an operation gradcli cannot replay yet, so it cannot
  compute the exact reference of this function (nothing is checked in its place)": clear.

My truths corrected (gradcli right, each re-derived from JAX's own numbers):
- NeuralSort by jax.nn.softmax at tau = 0.01 and at scores in the thousands, first ok: the slope in tau is tiny
  (1.6993e-14; 7.6607e-169) and made of terms of order 1 that cancel in softmax's backward; JAX returns 1.7418e-13 and
  7.8522e-168, ten times the truth: unstable (the s entries are right).
- Sinkhorn in the log domain at eps = 0.01 with s[2] = 5, first ok: s[2]'s exact slope -7.3948e-302, JAX's
  -2.9579e-301 (the row normalisation's backward cancels terms of order 1): unstable.
- ListMLE by lax.cumlogsumexp, torch.logcumsumexp and tf.math.cumulative_logsumexp at scores [300, -1200, 2000, 700],
  first ok: the term lse(700, 300, -1200) - 700 = e^-400 is absorbed (700 + 1.9e-174 is 700), so the value is 0 and
  every slope 0 where the truth is 1.9152e-174 (representable) in s[0] and s[3]: unstable, however stable the
  logsumexp.
- ListMLE shifted by the global max at those scores, first ok: the suffixes after 2000 are all exp(-1300) = 0, and
  log(0) = -inf: unstable (shifting by one max does not save the later suffixes).

Findings: none. (95d's F4, seen again here in the first run, was fixed before the second: above.)"""
import mpmath

from cases import Case
from cases73d import NAN, at, mpf
from cases95d import declared

J, T_, K, N = "jax_lib96d.py", "torch_lib96d.py", "tf_lib96d.py", "np_lib96d.py"
F32, F64 = "float32", "float64"

# ------------------------------------------------------------------------------------------------- the mathematics
C = [1, mpf("-0.5"), 2, mpf("0.75")]
Y = [1, 0, 3, 2]
ANCHORS = [-1, 0, 1, 2]
PAIRS = [(0, 1), (2, 0), (2, 1), (2, 3), (3, 0), (3, 1)]  # (better, worse) by Y
BY_Y = [2, 3, 0, 1]  # the indices by Y, highest first
Y_RANK = [2, 1, 4, 3]  # ascending ranks of Y


def sig(v):
    return 1 / (1 + mpmath.exp(-v))


def lse(values):
    top = max(values)
    return top + mpmath.log(sum(mpmath.exp(v - top) for v in values))


def softmax(values):
    m = lse(values)
    return [mpmath.exp(v - m) for v in values]


def neuralsort(H, s, tau):
    """sum_i C_i sum_k P_ik s_k, P_i = softmax_k(((n + 1 - 2i) s_k - sum_j |s_k - s_j|) / tau), i = 1..n."""
    if tau == 0:
        return NAN
    n = len(s)
    B = [sum(abs(a - b) for b in s) for a in s]
    total = 0
    for i in range(n):
        P = softmax([((n + 1 - 2 * (i + 1)) * s[k] - B[k]) / tau for k in range(n)])
        total += C[i] * sum(p * v for p, v in zip(P, s))
    return total


def soft_ranks(s, tau):
    return [mpf("0.5") + sum(sig((a - b) / tau) for b in s) for a in s]


def soft_rank(H, s, tau):
    if tau == 0:
        return NAN  # the j = i term is sigmoid(0 / 0)
    return sum(c * r for c, r in zip(C, soft_ranks(s, tau)))


def spearman(H, s):
    r = soft_ranks(s, mpf("0.5"))
    return 6 * sum((a - b) ** 2 for a, b in zip(r, Y_RANK)) / 60


def soft_topk(H, s):
    thr = sorted(s)[-2]
    return sum(c * sig((v - thr) / mpf("0.25")) for c, v in zip(C, s))


def soft_topk_held(H, s):
    thr = H(sorted(s)[-2])
    return sum(c * sig((v - thr) / mpf("0.25")) for c, v in zip(C, s))


def topk_ste(H, s):
    """Hard top-2 (ties: the lower index first) + soft - held(soft), soft = 2 softmax(s / 0.5)."""
    top = sorted(range(len(s)), key=lambda i: (-s[i], i))[:2]
    soft = [2 * p for p in softmax([v / mpf("0.5") for v in s])]
    return sum(c * ((1 if i in top else 0) + p - H(p)) for i, (c, p) in enumerate(zip(C, soft)))


def topk_values(H, s):
    v = sorted(s, reverse=True)
    return v[0] - v[1] / 2


def smooth_max(H, s, tau):
    return NAN if tau == 0 else tau * lse([v / tau for v in s])


def smooth_min(H, s, tau):
    return -tau * lse([-v / tau for v in s])


def sinkhorn(H, s, eps):
    """Three Sinkhorn iterations (rows, then columns) from exp(-(s_i - a_j)^2 / eps); soft ranks P @ [1, 2, 3, 4]."""
    logP = [[-(v - a) ** 2 / eps for a in ANCHORS] for v in s]
    for _ in range(3):
        logP = [[x - lse(row) for x in row] for row in logP]
        cols = [lse([row[j] for row in logP]) for j in range(4)]
        logP = [[x - cols[j] for j, x in enumerate(row)] for row in logP]
    return sum(c * sum(mpmath.exp(x) * (j + 1) for j, x in enumerate(row)) for c, row in zip(C, logP))


def listnet(H, s):
    p, m = softmax(Y), lse(s)
    return -sum(a * (v - m) for a, v in zip(p, s))


def listmle(H, s):
    sp = [s[i] for i in BY_Y]
    return sum(lse(sp[i:]) - sp[i] for i in range(len(sp)))


def ranknet(H, s):
    return sum(lse([0, -(s[i] - s[j])]) for i, j in PAIRS)


def soft_sorted(H, s):
    """What soft_sort_st computes: NeuralSort at tau = 1 (its rule declares nothing)."""
    return neuralsort(H, s, mpf(1))


def hard_spearman(H, s):
    r = [1 + sorted(range(4), key=lambda i: (s[i], i)).index(k) for k in range(4)]
    return 6 * sum((a - b) ** 2 for a, b in zip(r, Y_RANK)) / 60 + 0 * sum(s)


def sorted_loss(H, s):
    return sum(c * v for c, v in zip(C, sorted(s)))


# ------------------------------------------------------------------------------------------------- cases
def D(file, function, dtype, verdict, program, line=None, **point):
    """A case whose truth is `declared`'s: each entry's slope from each side (NaN where they differ or the value
    jumps), with any held value frozen at the point's."""
    return Case(file, function, at(**point), dtype, verdict, declared(program, dtype, **point), line=line)


S = [0.3, -1.2, 2.0, 0.7]
S_TIE = [0.7, -1.2, 2.0, 0.7]  # the 2nd and 3rd largest tied: the top-2 threshold
S_LOW = [0.3, -1.2, 2.0, -1.2]  # a tie at the bottom, away from the threshold
S_TOP = [2.0, -1.2, 2.0, 0.7]  # the largest tied
S_SORTED = [-1.2, 0.3, 0.7, 2.0]
S_BIG = [300.0, -1200.0, 2000.0, 700.0]
S_REV = [-300.0, 1200.0, -2000.0, -700.0]  # every pair against its labels, by hundreds
S_FAR = [0.3, -1.2, 5.0, 0.7]  # 5 is 3 from every anchor: exp(-900) at eps = 0.01
S_MID = [0.3, -120.0, 2.0, 0.7]  # softmax(s)[1] = e^-122: 0 in float32

JAX = [
    D(J, "neuralsort", F64, "ok", neuralsort, s=S, tau=1.0),
    D(J, "neuralsort", F32, "ok", neuralsort, s=S, tau=1.0),
    D(J, "neuralsort", F64, "domain", neuralsort, s=S_TIE, tau=1.0),
    D(J, "neuralsort", F64, "unstable", neuralsort, s=S, tau=0.01),  # tau's slope 1.7e-14 by cancellation
    D(J, "neuralsort", F64, "domain", neuralsort, s=S, tau=0.0),
    D(J, "neuralsort", F64, "unstable", neuralsort, s=S_BIG, tau=1.0),  # tau's slope 7.7e-169 likewise
    D(J, "neuralsort_hand", F64, "ok", neuralsort, s=S, tau=1.0),
    D(J, "neuralsort_hand", F64, "unstable", neuralsort, s=S_BIG, tau=1.0),
    D(J, "soft_rank", F64, "ok", soft_rank, s=S, tau=1.0),
    D(J, "soft_rank", F32, "ok", soft_rank, s=S, tau=1.0),
    D(J, "soft_rank", F64, "ok", soft_rank, s=S_TIE, tau=1.0),
    D(J, "soft_rank", F64, "ok", soft_rank, s=S_TIE, tau=0.001),
    D(J, "soft_rank", F64, "domain", soft_rank, s=S, tau=0.0),
    D(J, "soft_rank_hand", F64, "ok", soft_rank, s=S, tau=1.0),
    D(J, "soft_rank_hand", F64, "unstable", soft_rank, s=S, tau=0.001),
    D(J, "soft_rank_hand", F32, "unstable", soft_rank, s=S, tau=0.01),
    D(J, "spearman", F64, "ok", spearman, s=S),
    D(J, "spearman", F32, "ok", spearman, s=S),
    D(J, "spearman", F64, "ok", spearman, s=S_TIE),
    D(J, "soft_topk", F64, "ok", soft_topk, s=S),
    D(J, "soft_topk", F32, "ok", soft_topk, s=S),
    D(J, "soft_topk", F64, "domain", soft_topk, s=S_TIE),
    D(J, "soft_topk", F64, "ok", soft_topk, s=S_LOW),
    D(J, "soft_topk_held", F64, "ok", soft_topk_held, s=S),
    D(J, "soft_topk_held", F64, "ok", soft_topk_held, s=S_TIE),
    D(J, "topk_ste", F64, "ok", topk_ste, s=S),
    D(J, "topk_ste", F32, "ok", topk_ste, s=S),
    D(J, "topk_ste", F64, "domain", topk_ste, s=S_TIE),
    D(J, "topk_ste_argsort", F64, "ok", topk_ste, s=S),
    D(J, "topk_ste_argsort", F64, "domain", topk_ste, s=S_TIE),
    D(J, "topk_values", F64, "ok", topk_values, s=S),
    D(J, "topk_values", F64, "domain", topk_values, s=S_TIE),
    D(J, "topk_values", F64, "domain", topk_values, s=S_TOP),
    D(J, "topk_values", F64, "ok", topk_values, s=S_LOW),
    D(J, "smooth_max", F64, "ok", smooth_max, s=S, tau=1.0),
    D(J, "smooth_max", F64, "ok", smooth_max, s=S, tau=0.001),
    D(J, "smooth_max", F64, "ok", smooth_max, s=S_TOP, tau=0.001),
    D(J, "smooth_max", F64, "ok", smooth_max, s=S_BIG, tau=1.0),
    D(J, "smooth_max", F64, "domain", smooth_max, s=S, tau=0.0),
    D(J, "smooth_min", F64, "ok", smooth_min, s=S, tau=0.001),
    D(J, "smooth_max_hand", F64, "ok", smooth_max, s=S, tau=1.0),
    D(J, "smooth_max_hand", F64, "unstable", smooth_max, s=S, tau=0.001),
    D(J, "smooth_max_hand", F32, "unstable", smooth_max, s=S, tau=0.01),
    D(J, "sinkhorn", F64, "ok", sinkhorn, s=S, eps=0.1),
    D(J, "sinkhorn", F32, "ok", sinkhorn, s=S, eps=0.1),
    D(J, "sinkhorn", F64, "unstable", sinkhorn, s=S_FAR, eps=0.01),  # s[2]'s slope -7.4e-302 likewise
    D(J, "sinkhorn", F64, "ok", sinkhorn, s=S_TIE, eps=0.1),
    D(J, "sinkhorn_plain", F64, "ok", sinkhorn, s=S, eps=0.1),
    D(J, "sinkhorn_plain", F64, "unstable", sinkhorn, s=S_FAR, eps=0.01),
    D(J, "listnet", F64, "ok", listnet, s=S),
    D(J, "listnet", F64, "ok", listnet, s=S_BIG),
    D(J, "listnet_naive", F64, "ok", listnet, s=S),
    D(J, "listnet_naive", F64, "unstable", listnet, s=S_BIG),
    D(J, "listnet_naive", F32, "unstable", listnet, s=S_MID),
    D(J, "listmle", F64, "ok", listmle, s=S),
    D(J, "listmle", F32, "ok", listmle, s=S),
    D(J, "listmle", F64, "unstable", listmle, s=S_BIG),  # lse - s absorbs e^-400: value and slopes 1.9e-174
    D(J, "listmle_naive", F64, "ok", listmle, s=S),
    D(J, "listmle_naive", F64, "unstable", listmle, s=S_BIG),
    D(J, "listmle_shift", F64, "ok", listmle, s=S_TOP),
    D(J, "listmle_shift", F64, "unstable", listmle, s=S_BIG),  # the suffixes underflow: log(0)
    D(J, "ranknet", F64, "ok", ranknet, s=S),
    D(J, "ranknet", F64, "ok", ranknet, s=S_REV),
    D(J, "ranknet_naive", F64, "ok", ranknet, s=S),
    D(J, "ranknet_naive", F64, "unstable", ranknet, s=S_REV),
    D(J, "sorted_loss", F64, "ok", sorted_loss, s=S),
    D(J, "sorted_loss", F32, "ok", sorted_loss, s=S),
    D(J, "sorted_loss", F64, "domain", sorted_loss, s=S_TIE),
    D(J, "sorted_loss_bad", F64, "wrong", sorted_loss, "def _sortb_bwd(res, g):", s=S),
    D(J, "sorted_loss_bad", F64, "ok", sorted_loss, s=S_SORTED),
    D(J, "soft_sorted_loss", F64, "wrong", soft_sorted, "def _sst_bwd(perm, g):", s=S),
    Case(J, "approx_topk", at(s=S), F64, "input-error", message=("approx_top_k", "jax_lib96d.py:")),
]

TORCH = [
    D(T_, "neuralsort", F64, "ok", neuralsort, s=S, tau=1.0),
    D(T_, "neuralsort", F64, "domain", neuralsort, s=S_TIE, tau=1.0),
    D(T_, "soft_rank", F32, "ok", soft_rank, s=S, tau=1.0),
    D(T_, "soft_rank_hand", F64, "unstable", soft_rank, s=S, tau=0.001),
    D(T_, "soft_topk", F64, "ok", soft_topk, s=S_LOW),
    D(T_, "soft_topk", F64, "domain", soft_topk, s=S_TIE),
    D(T_, "soft_topk_kth", F64, "ok", soft_topk, s=S),
    D(T_, "soft_topk_kth", F64, "domain", soft_topk, s=S_TIE),
    D(T_, "topk_ste", F64, "ok", topk_ste, s=S),
    D(T_, "topk_ste", F64, "domain", topk_ste, s=S_TIE),
    D(T_, "topk_ste_argsort", F64, "ok", topk_ste, s=S),
    D(T_, "topk_ste_argsort", F64, "domain", topk_ste, s=S_TIE),
    D(T_, "smooth_max", F64, "ok", smooth_max, s=S, tau=0.001),
    D(T_, "smooth_max_hand", F64, "unstable", smooth_max, s=S, tau=0.001),
    D(T_, "sinkhorn_plain", F64, "unstable", sinkhorn, s=S_FAR, eps=0.01),
    D(T_, "listnet_naive", F32, "unstable", listnet, s=S_MID),
    D(T_, "listmle", F64, "unstable", listmle, s=S_BIG),
    D(T_, "ranknet", F64, "ok", ranknet, s=S_REV),
    D(T_, "ranknet_naive", F64, "unstable", ranknet, s=S_REV),
    D(T_, "sorted_loss", F64, "ok", sorted_loss, s=S),
    D(T_, "sorted_loss_bad", F64, "wrong", sorted_loss, "class SortRuleBad>>def backward(ctx, g):", s=S),
]

TF = [
    D(K, "neuralsort", F64, "ok", neuralsort, s=S, tau=1.0),
    D(K, "neuralsort", F64, "domain", neuralsort, s=S_TIE, tau=1.0),
    D(K, "soft_rank", F32, "ok", soft_rank, s=S, tau=1.0),
    D(K, "soft_topk", F64, "ok", soft_topk, s=S),
    D(K, "soft_topk", F64, "domain", soft_topk, s=S_TIE),
    D(K, "topk_ste", F64, "ok", topk_ste, s=S),
    D(K, "topk_ste", F64, "domain", topk_ste, s=S_TIE),
    D(K, "smooth_max", F64, "ok", smooth_max, s=S, tau=0.001),
    D(K, "smooth_max_hand", F64, "unstable", smooth_max, s=S, tau=0.001),
    D(K, "listmle", F64, "unstable", listmle, s=S_BIG),
    D(K, "ranknet_naive", F64, "unstable", ranknet, s=S_REV),
    D(K, "sorted_loss", F64, "ok", sorted_loss, s=S),
    D(K, "sorted_loss_bad", F64, "wrong", sorted_loss, "def sort_rule_bad(x)>>def grad(dy):", s=S),
]

NUMPY = [
    D(N, "soft_rank", F64, "ok", soft_rank, s=S, tau=1.0),
    D(N, "soft_rank", F64, "unstable", soft_rank, s=S, tau=0.001),
    D(N, "spearman", F64, "ok", spearman, s=S),
    D(N, "hard_spearman", F64, "ok", hard_spearman, s=S),
    D(N, "hard_spearman", F64, "domain", hard_spearman, s=S_TIE),
    D(N, "soft_topk", F64, "ok", soft_topk, s=S),
    D(N, "soft_topk", F64, "domain", soft_topk, s=S_TIE),
    D(N, "smooth_max_hand", F64, "unstable", smooth_max, s=S, tau=0.001),
    D(N, "smooth_max", F64, "ok", smooth_max, s=S, tau=0.001),
    D(N, "listmle_naive", F64, "ok", listmle, s=S),
    D(N, "listmle_naive", F64, "unstable", listmle, s=S_BIG),
    D(N, "ranknet", F64, "ok", ranknet, s=S_REV),
    D(N, "sinkhorn_plain", F64, "unstable", sinkhorn, s=S_FAR, eps=0.01),
]

ALL = JAX + TORCH + TF + NUMPY
