"""The seventy-second trial set (d): RECOMMENDER SYSTEMS AND EMBEDDINGS as users write them, on issues 28 and 29's
bridges, on tiny tables (4 items, dimension 2). JAX (jax_lib72d): matrix factorisation sum over rated cells
(R - P Q^T)^2 + 0.1 (|P|^2 + |Q|^2) (ordinary, zero embeddings, float32); BPR -log(jax.nn.sigmoid(u.i - u.j)) and
-jax.nn.log_sigmoid at a tie (i = j), at gaps of -800 and +800 and in float32 at -120; a sampled softmax with a log-Q
correction (items @ q / 0.05 - log Q; float32 too); popularity-debiased logits s - log(p) at p = 0 (bare, and by
jnp.clip(p, 1e-12)); cosine by jnp.linalg.norm bare, with 1e-8 outside the product and with 1e-12 inside the roots at
a zero embedding; jnp.take with repeated indices [0, 2, 2, 1, 2]; bag means by jax.ops.segment_sum with an empty bag,
bare and guarded by jnp.maximum(counts, 1); a two-tower in-batch softmax at T = 0.05 written out (exp / sum, log) and
by jax.nn.log_softmax, at unit embeddings, at logits gaps of 620 and 820, at ties and at small embeddings; a margin-1
hinge and WARP's harmonic rank weight (a stop_gradient'ed count of violators) on the margin; a factorisation
machine's 0.5 ((x v)^2 - x^2 v^2) against the pair loop at features of 1e8. PyTorch (torch_lib72d): BPR by
F.logsigmoid and by log(torch.sigmoid); F.embedding plain, with scale_grad_by_freq (repeated and unique indices) and
with max_norm=1 (rows inside and past the norm); F.embedding_bag mean (an empty bag: zeros) and max (a tie of two rows
in one bag), a bag mean by a one-hot matrix over counts; F.cosine_similarity and F.normalize at a zero embedding
(float32 too); F.cross_entropy of Q D^T / 0.05; F.margin_ranking_loss on the margin; the factorisation machine in
float32; popularity-debiased logits by torch.log(p) and p.clamp_min(1e-12). TensorFlow (tf_lib72d): the factorisation
with tf.nn.l2_loss, BPR by tf.math.log_sigmoid and log(tf.sigmoid), tf.gather with repeated indices,
tf.math.unsorted_segment_mean with an empty segment and a segment sum over counts, tf.math.l2_normalize at a zero
embedding, sparse_softmax_cross_entropy_with_logits at T = 0.05, a hinge, the factorisation machine at float32's
1e4, the debiased logits. NumPy (np_lib72d): the factorisation with np.linalg.norm(P) ** 2, BPR as log(1 / (1 +
exp(-x))) and np.logaddexp, the one-hot bag mean (bare, guarded), cosine with eps inside, the factorisation machine
both ways, WARP, a sampled softmax shifted by np.max at a saturating q, the debiased logits.

Counts: 110 cases tried, each through the CLI by tests/trials/judge.py (a scratch file: two CLI runs at a time,
judged one at a time in the main thread); 10 dropped as repeats of kept ordinary points (TensorFlow's float32
factorisation, BPR and gather, PyTorch's BPR tie, a second cosine and hinge at ordinary points, two ordinary
factorisation machines, NumPy's ordinary WARP). ALL keeps 100: 61 ok, 19 unstable, 16 domain, 4 wrong; 78 float64,
22 float32 (JAX 40, PyTorch 29, TensorFlow 16, NumPy 15). 96 agree with my truths (after the corrections below); 4
were held as strict xfails (F1, mended since). Every check took 0.8-13 s.

Agreed (verdicts, every exact gradient entry to 1e-10, the user's line where given):
- the factorisation ok everywhere (at P = Q = 0 every slope is exactly 0, float32 too; tf.nn.l2_loss's half); but
  NumPy's np.linalg.norm(P) ** 2 at P = Q = 0 is wrong: |P|^2 is smooth with slopes 0, norm's rule x / |x| gives
  0 / 0 at every precision;
- BPR: log of a sigmoid unstable at -800 (JAX, PyTorch, TensorFlow, NumPy's 1 / (1 + exp(-x)): sigmoid 0, log 0) and
  in float32 at -120, each at the user's line; ok at a tie and at +800 (the exact slopes ~e^-800 round to float64's
  0, which the program gives); log_sigmoid / F.logsigmoid / np.logaddexp ok at -800 and float32 -120;
- sampled softmax with log Q ok (float32: 0.4 .. 0.1 and 0.05 held in float32, their logs exact); NumPy's shifted
  form at q = [40, 20] unstable (the positive's 1 - p = e^-280 rounds to 0; exact slopes ~1e-121);
- debiased logits at p = [0.4, 0.3, 0.3, 0]: domain in JAX, TensorFlow and NumPy with every slope absent (their
  log_softmax / the user's max shift computes inf - inf: the program's value is NaN); clipped / clamped at 1e-12 ok
  (p[3] on clip's flat side, slope 0);
- cosine: bare norm domain at u = 0 (0 / 0 for every v), ok elsewhere; eps outside wrong at u = 0 in JAX (smooth,
  slope v / 1e-8 = [6e7, -8e7]; the norm's sqrt rule gives inf x 0); eps inside ok (float32: 1e-12 held);
  F.cosine_similarity at u = 0 ok (ATen's (u / clamp_min(|u|, eps)) . (v / clamp_min(|v|, eps)): slope v / eps,
  eps held as float32's 9.99999994e-9 in float32), F.normalize ok (v / 1e-12), tf.math.l2_normalize ok (v / 1e-6);
- lookups with repeated indices ok (jnp.take, F.embedding, tf.gather: the backward's scatter-add; float32);
  scale_grad_by_freq wrong with a repeated index (row 2's slope divided by its count 3), ok with unique indices;
  max_norm ok with every row read inside the norm, wrong past it (the renorm's 1 / (|w| + 1e-7) held constant by
  PyTorch's gradient: row 0's slope [0.497, -0.994] against the exact [0.328, -0.787]);
- bags: guarded means ok (jnp.maximum, np.maximum, F.embedding_bag's empty bag of zeros, unsorted_segment_mean's
  max(count, 1)); embedding_bag max ok untied, domain at a tie of two rows in one bag (W[0, 0] and W[2, 0] alone);
- two-tower: -log_softmax unstable at a gap of 620 (JAX, F.cross_entropy, TensorFlow's sparse softmax CE: the
  positive's p - 1 = -e^-620 rounds to 0, slopes ~1e-268 lost), ok at 820 (every exact slope ~1e-356 rounds to 0),
  at ties and at small embeddings (float32 too); written out unstable at 620 (exp(800) overflows);
- hinge / F.margin_ranking_loss domain on the margin (the tied pair alone; float32 too), ok off it; WARP domain on
  the margin (the rank weight jumps 1 -> 3/2 as s1 crosses; s2 keeps slope 1), ok off it;
- the factorisation machine's square trick unstable at features of 1e8 (JAX, NumPy) and float32's 1e4 (PyTorch,
  TensorFlow), ok at ordinary ones; the pair loop ok at 1e8.

My truths corrected (gradcli was right):
- the two-tower softmax at unit embeddings and T = 0.05 (Q = [[0.6, 0.8], [0.8, -0.6]]): unstable, not ok, written
  out in float64 (log of p = 1 - 5.6e-7, a number next to 1, amplifies its rounding 1.7e8 times) and in float32 in
  every framework (JAX written out, F.cross_entropy, TensorFlow's sparse CE): logits up to 20 make every slope a
  1 - p of 5.6e-7, which float32's spacing of 6e-8 at 1 holds to 10%. Ordinary cases at embeddings of 0.1 added;
- PyTorch's debiased logits at p[3] = 0: F.log_softmax is one ATen op whose value there is +inf (log's pole in p[3]),
  so by the README (at a pole the inputs that do not move it keep their slopes; round 73c's F1 mend) s[0..2] and
  p[0..2] keep the finite part's slopes: s = [-1, 0, 0, none], p = [2.5, 0, 0, none], not all none. JAX, TensorFlow
  and NumPy compute the same mathematics through a max shift whose inf - inf makes the value NaN, and there every
  slope is none: the programs differ, not the reference.

Finding (mended since: a NaN that arithmetic makes and no input moves leaves no slope, domain_slopes.no_value_near):
- F1: a bag mean with an empty bag, sum / count with count 0, is 0 / 0 for every embedding table: the value is NaN on
  a whole neighbourhood, so no entry has a derivative (the verdict domain is right). gradcli reports the other bags'
  slopes as the exact gradient (E[0] = 0.2350037122015945 ...), in JAX (jax.ops.segment_sum: the empty segment is a
  structural 0, and JAX's own gradient equals those slopes), TensorFlow ("the NaN comes from divide outside its
  domain, which E[0, 0], ... never reach: the exact slope in ... is shown beside it"), PyTorch by a one-hot matrix and
  plain NumPy (there "the gradient rule gives {W: [[nan, ...]]} even at high precision, where the exact derivative is
  {W: [[0.2350037122, ...]]}", yet the verdict stays domain: by the README's own rule a NaN beside a finite exact slope
  would make the point wrong). The same class as round 74c's open F1 (NDCG at all-zero labels): the mend of 73c's F1
  was made for an infinite value, where the finite part has slopes; a NaN value has none to keep.
  Reproduce: gradcli check tests/trials/jax_lib72d.py:bag_mean --at "E=[[0.1,0.2],[0.3,-0.4],[0.5,0.6],[-0.7,0.8]]"
  --dtype float64 --json   (and tf_lib72d.py:segment_sum_over_counts, torch_lib72d.py:bag_mean_by_hand with W=,
  np_lib72d.py:bag_mean at the same point)

Truths are my own expressions evaluated with mpmath at 2,000 digits at the numbers the dtype holds (the user's 0.1,
0.05, 1e-8, 1e-12 and probabilities as the dtype holds them; NumPy's module LOGQ as the doubles log made; ATen's
cosine eps as the float32 tensor it makes; the renorm's 1e-7 as PyTorch's kernel writes it), never the files' code
or gradcli: each loss as a Python sum over users, items, pairs, bags or features (the factorisation machine as the
pair sum sum_{a<b} <v_a, v_b> x_a x_b whatever the spelling, softmaxes by a shifted logsumexp, max_norm's rows scaled
by 1 / (|w| + 1e-7) where |w| > 1), the derivative from the left and the right by mpmath.diff (cases30b.sided_grad),
NaN where they differ; by hand: the 0 / 0 and log-0 points (all entries none) and PyTorch's pole above.
"""
import math

import mpmath

from cases import Case
from cases5 import _in, hp
from cases30b import sided_grad

J, T, K, N = "jax_lib72d.py", "torch_lib72d.py", "tf_lib72d.py", "np_lib72d.py"
NAN = mpmath.nan
mpf = mpmath.mpf
F32, F64 = "float32", "float64"


def H(dtype, v):
    """A literal (or a Python float computed from literals) as the dtype holds it."""
    return _in(dtype, [float(v)])[0]


# ------------------------------------------------------------------------------------------------- the mathematics
R = [[5, 3, 0], [4, 0, 1]]


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def sumsq(m):
    return sum(v * v for row in m for v in (row if isinstance(row, list) else [row]))


def lse(xs):
    top = max(xs)
    return top + mpmath.log(sum(mpmath.exp(x - top) for x in xs))


def mf(dtype, half=False):
    """sum over rated cells (R - P Q^T)^2 + lam (|P|^2 + |Q|^2), each |.|^2 halved for tf.nn.l2_loss."""
    lam = H(dtype, 0.1)

    def f(P, Q):
        err = sum((R[a][b] - dot(P[a], Q[b])) ** 2 for a in range(2) for b in range(3) if R[a][b] > 0)
        reg = sumsq(P) + sumsq(Q)
        return err + lam * (reg / 2 if half else reg)
    return f


def bpr(u, i, j):
    """-log sigmoid(u.i - u.j) = log(1 + e^-(u.i - u.j))."""
    return mpmath.log(1 + mpmath.exp(-(dot(u, i) - dot(u, j))))


def sampled_logq(dtype, items, probs):
    t = H(dtype, 0.05)
    items = [[H(dtype, v) for v in row] for row in items]
    logq = [mpmath.log(H(dtype, p)) for p in probs]

    def f(q):
        logits = [dot(it, q) / t - lq for it, lq in zip(items, logq)]
        return lse(logits) - logits[0]
    return f


def sampled_logq_np(q):
    """NumPy's LOGQ is the module's float64 array np.log([0.4, 0.3, 0.2, 0.1]): those doubles."""
    t = H(F64, 0.05)
    items = [[H(F64, v) for v in row] for row in ITEMS]
    logq = [mpf(math.log(p)) for p in PROBS]
    logits = [dot(it, q) / t - lq for it, lq in zip(items, logq)]
    return lse(logits) - logits[0]


def debiased(floor=None):
    def f(s, p):
        if floor is not None:
            p = [max(v, floor) for v in p]
        logits = [a - mpmath.log(b) for a, b in zip(s, p)]
        return lse(logits) - logits[0]
    return f


def norm(a):
    return mpmath.sqrt(dot(a, a))


def cos_bare(u, v):
    return dot(u, v) / (norm(u) * norm(v))


def cos_eps_outside(dtype):
    eps = H(dtype, 1e-8)
    return lambda u, v: dot(u, v) / (norm(u) * norm(v) + eps)


def cos_eps_inside(dtype):
    eps = H(dtype, 1e-12)
    return lambda u, v: dot([a / mpmath.sqrt(dot(u, u) + eps) for a in u], [b / mpmath.sqrt(dot(v, v) + eps) for b in v])


def cos_clamped(eps):
    """(u / max(|u|, eps)) . (v / max(|v|, eps)): F.cosine_similarity (ATen's clamp_min of each norm) and F.normalize."""
    return lambda u, v: dot([a / max(norm(u), eps) for a in u], [b / max(norm(v), eps) for b in v])


def l2n_cos(u, v):
    """tf.math.l2_normalize: x * rsqrt(max(sum x^2, 1e-12))."""
    eps = mpf(1e-12)
    return dot([a / mpmath.sqrt(max(dot(u, u), eps)) for a in u], [b / mpmath.sqrt(max(dot(v, v), eps)) for b in v])


WV = [mpf("0.5"), mpf(-1)]
IDX = [0, 2, 2, 1, 2]


def one_table(f):
    """f(table) called with the user's parameter name (E in JAX, TensorFlow and NumPy; W in PyTorch)."""
    return lambda **kw: f(*kw.values())


def lookup(idx=IDX):
    return one_table(lambda E: sum(mpmath.tanh(dot(E[k], WV)) for k in idx))


@one_table
def lookup_max_norm(E):
    """F.embedding(max_norm=1): each row read whose norm exceeds 1 scaled by 1 / (norm + 1e-7), then looked up."""
    rows = [[v / (norm(r) + mpf(1e-7)) for v in r] if norm(r) > 1 else r for r in E]
    return sum(mpmath.tanh(dot(rows[k], WV)) for k in IDX)


@one_table
def bag_mean(E):
    """Bags [rows 0, 2], [], [rows 2, 1]; the empty bag's mean is 0 (guarded), tanh(0) = 0."""
    m0 = [(a + b) / 2 for a, b in zip(E[0], E[2])]
    m2 = [(a + b) / 2 for a, b in zip(E[2], E[1])]
    return mpmath.tanh(dot(m0, WV)) + mpmath.tanh(dot(m2, WV))


@one_table
def bag_max(E):
    m0 = [max(a, b) for a, b in zip(E[0], E[2])]
    m2 = [max(a, b) for a, b in zip(E[2], E[1])]
    return mpmath.tanh(dot(m0, WV)) + mpmath.tanh(dot(m2, WV))


def two_tower(dtype):
    t = H(dtype, 0.05)

    def f(Qe, De):
        n = len(Qe)
        total = 0
        for a in range(n):
            logits = [dot(Qe[a], De[b]) / t for b in range(n)]
            total += lse(logits) - logits[a]
        return total / n
    return f


def hinge(s):
    return sum(max(0, 1 - s[0] + v) for v in s[1:])


def warp(s):
    margins = [1 - s[0] + v for v in s[1:]]
    rank = sum(1 for m in margins if m > 0)
    return sum(mpf(1) / k for k in range(1, rank + 1)) * sum(max(0, m) for m in margins)


def margin_rank(pos, neg):
    return sum(max(0, -(a - b) + 1) for a, b in zip(pos, neg)) / len(pos)


def fm(v, x):
    """The pairwise term sum_{a < b} <v_a, v_b> x_a x_b."""
    return sum(dot(v[a], v[b]) * x[a] * x[b] for a in range(3) for b in range(a + 1, 3))


PROBS = [0.4, 0.3, 0.2, 0.1]
ITEMS = [[1.0, 0.5], [0.2, -0.3], [-0.4, 0.8], [0.6, 0.6]]


def torch_pole():
    """PyTorch's log_softmax is one op: at p[3] = 0 its value is +inf (log's pole in p[3]); s[0..2] and p[0..2] never
    move the pole and keep the slopes of the finite part -(s[0] - log p[0]) (README; round 73c's F1 mend): -1 and
    1 / p[0] in the first entries, 0 in the others (their softmax weight beside an infinite logit is 0)."""
    p0 = mpf(0.4)
    return {"s": [mpf(-1), mpf(0), mpf(0), NAN], "p": [1 / p0, mpf(0), mpf(0), NAN]}


# ------------------------------------------------------------------------------------------------- cases
def at(**point):
    return ",".join(f"{k}={v!r}".replace(" ", "") for k, v in point.items())


def S(file, function, dtype, verdict, f, line=None, **point):
    """A case whose truth is f's slopes from each side at the point as the dtype holds it (NaN where they differ)."""
    return Case(file, function, at(**point), dtype, verdict, sided_grad(f, dtype, **point), line=line)


def _count(value):
    return sum(_count(v) for v in value) if isinstance(value, list) else 1


def Nan(file, function, dtype, verdict, line=None, **point):
    """A case with no derivative in any entry (the value undefined or infinite for every input), written by hand."""
    def truth():
        return {k: [NAN] * _count(v) for k, v in point.items()}
    return Case(file, function, at(**point), dtype, verdict, hp(truth), line=line)


P0 = [[0.5, 1.0], [1.2, -0.3]]
Q0 = [[1.0, 0.8], [0.4, 1.1], [-0.2, 0.6]]
PZ = [[0.0, 0.0], [0.0, 0.0]]
QZ = [[0.0, 0.0], [0.0, 0.0], [0.0, 0.0]]
UB = [0.3, -0.8]
TIE = dict(u=UB, i=[0.5, 0.2], j=[0.5, 0.2])  # x_ui = x_uj
NEG800 = dict(u=[20.0, 20.0], i=[-10.0, -10.0], j=[10.0, 10.0])  # x = -800
POS800 = dict(u=[20.0, 20.0], i=[10.0, 10.0], j=[-10.0, -10.0])  # x = +800
NEG120 = dict(u=[6.0, 6.0], i=[-5.0, -5.0], j=[5.0, 5.0])  # x = -120 (float32)
QV = [0.3, -0.2]
S4 = [1.0, 0.5, -0.2, 0.3]
P4 = [0.4, 0.3, 0.2, 0.1]
P4Z = [0.4, 0.3, 0.3, 0.0]
U0, U1, V1 = [0.0, 0.0], [0.3, 0.4], [0.6, -0.8]
E0 = [[0.1, 0.2], [0.3, -0.4], [0.5, 0.6], [-0.7, 0.8]]
EBIG = [[1.2, 0.5], [0.3, -0.4], [0.9, 1.6], [-0.7, 0.8]]  # rows 0 and 2 past max_norm 1
ETIE = [[0.5, 0.2], [0.3, -0.4], [0.5, 0.6], [-0.7, 0.8]]  # bag 0's column 0: rows 0 and 2 tie at 0.5
QO, DO = [[0.6, 0.8], [0.8, -0.6]], [[0.5, 0.7], [0.9, -0.5]]
QA, DA = [[5.0, 4.0], [4.0, -5.0]], [[4.0, 5.0], [5.0, -4.0]]  # logits [[800, 180], [-180, 800]]
QB = [[5.0, 4.0], [4.0, -5.0]]  # with De = Qe: logits [[820, 0], [0, 820]]
QM, DM = [[0.06, 0.08], [0.08, -0.06]], [[0.05, 0.07], [0.09, -0.05]]  # logits within +-1.7
QT, DT = [[0.6, 0.8], [0.6, 0.8]], [[0.5, 0.7], [0.5, 0.7]]  # every logit tied
SM = [2.0, 1.0, 0.5, -1.0]  # 1 - s0 + s1 = 0: on the margin
SO = [2.0, 1.3, 0.5, -1.0]
SW = [2.0, 1.0, 1.5, -1.0]  # WARP: s1 on the margin, s2 violating
SWO = [2.0, 0.3, 1.5, -1.0]
VO, XO = [[0.3, -0.2], [0.1, 0.4], [-0.5, 0.25]], [1.0, 2.0, 0.5]
VL = [[1.0, 0.0], [0.0, 1.0], [0.3, 0.6]]
XL = [123456789.123, 98765432.1, 0.7]
XL32 = [12345.678, 9876.543, 0.7]
POS, NEG_M, NEG_O = [2.0, 1.5, 0.3], [1.0, 1.0, 0.8], [0.2, 1.0, 0.8]

JLOGSIG = "return -jnp.log(jax.nn.sigmoid(_score(u, i, j)))"
TLOGSIG = "return -torch.log(torch.sigmoid(_score(u, i, j)))"
KLOGSIG = "return -tf.math.log(tf.sigmoid(_score(u, i, j)))"
NLOGSIG = "return -np.log(1.0 / (1.0 + np.exp(-_score(u, i, j))))"

ALL = [
    # ---------------------------------------------------------------------------------------------------- JAX
    S(J, "mf_l2", F64, "ok", mf(F64), P=P0, Q=Q0),
    S(J, "mf_l2", F64, "ok", mf(F64), P=PZ, Q=QZ),
    S(J, "mf_l2", F32, "ok", mf(F32), P=P0, Q=Q0),
    S(J, "bpr_log_of_sigmoid", F64, "ok", bpr, **TIE),
    S(J, "bpr_log_of_sigmoid", F64, "unstable", bpr, JLOGSIG, **NEG800),
    S(J, "bpr_log_of_sigmoid", F64, "ok", bpr, **POS800),
    S(J, "bpr_log_of_sigmoid", F32, "unstable", bpr, JLOGSIG, **NEG120),
    S(J, "bpr_log_sigmoid", F64, "ok", bpr, **NEG800),
    S(J, "bpr_log_sigmoid", F32, "ok", bpr, **NEG120),
    S(J, "sampled_softmax_logq", F64, "ok", sampled_logq(F64, ITEMS, PROBS), q=QV),
    S(J, "sampled_softmax_logq", F32, "ok", sampled_logq(F32, ITEMS, PROBS), q=QV),
    S(J, "popularity_debiased", F64, "ok", debiased(), s=S4, p=P4),
    Nan(J, "popularity_debiased", F64, "domain", s=S4, p=P4Z),
    S(J, "popularity_debiased_clipped", F64, "ok", debiased(mpf(1e-12)), s=S4, p=P4Z),
    S(J, "cosine_by_norm", F64, "ok", cos_bare, u=U1, v=V1),
    Nan(J, "cosine_by_norm", F64, "domain", u=U0, v=V1),
    S(J, "cosine_eps_outside", F64, "wrong", cos_eps_outside(F64), u=U0, v=V1),
    S(J, "cosine_eps_inside", F64, "ok", cos_eps_inside(F64), u=U0, v=V1),
    S(J, "cosine_eps_inside", F32, "ok", cos_eps_inside(F32), u=U0, v=V1),
    S(J, "take_repeated", F64, "ok", lookup(), E=E0),
    S(J, "take_repeated", F32, "ok", lookup(), E=E0),
    Nan(J, "bag_mean", F64, "domain", E=E0),
    S(J, "bag_mean_guarded", F64, "ok", bag_mean, E=E0),
    S(J, "bag_mean_guarded", F32, "ok", bag_mean, E=E0),
    S(J, "two_tower_naive", F64, "unstable", two_tower(F64), Qe=QO, De=DO),
    S(J, "two_tower_naive", F32, "unstable", two_tower(F32), Qe=QO, De=DO),
    S(J, "two_tower_naive", F32, "ok", two_tower(F32), Qe=QM, De=DM),
    S(J, "two_tower_naive", F64, "unstable", two_tower(F64), Qe=QA, De=DA),
    S(J, "two_tower", F64, "unstable", two_tower(F64), Qe=QA, De=DA),
    S(J, "two_tower", F64, "ok", two_tower(F64), Qe=QB, De=QB),
    S(J, "two_tower", F64, "ok", two_tower(F64), Qe=QT, De=DT),
    S(J, "two_tower", F64, "ok", two_tower(F64), Qe=QM, De=DM),
    S(J, "hinge_rank", F64, "domain", hinge, s=SM),
    S(J, "hinge_rank", F64, "ok", hinge, s=SO),
    S(J, "hinge_rank", F32, "domain", hinge, s=SM),
    S(J, "warp", F64, "domain", warp, s=SW),
    S(J, "warp", F64, "ok", warp, s=SWO),
    S(J, "fm_pairwise", F64, "ok", fm, v=VO, x=XO),
    S(J, "fm_pairwise", F64, "unstable", fm, v=VL, x=XL),
    S(J, "fm_loop", F64, "ok", fm, v=VL, x=XL),
    # ---------------------------------------------------------------------------------------------------- PyTorch
    S(T, "bpr_logsigmoid", F64, "ok", bpr, **NEG800),
    S(T, "bpr_logsigmoid", F32, "ok", bpr, **NEG120),
    S(T, "bpr_log_of_sigmoid", F64, "unstable", bpr, TLOGSIG, **NEG800),
    S(T, "bpr_log_of_sigmoid", F32, "unstable", bpr, TLOGSIG, **NEG120),
    S(T, "embedding_lookup", F64, "ok", lookup(), W=E0),
    S(T, "embedding_lookup", F32, "ok", lookup(), W=E0),
    S(T, "embedding_freq", F64, "wrong", lookup(), W=E0),
    S(T, "embedding_freq_unique", F64, "ok", lookup([0, 2, 1]), W=E0),
    S(T, "embedding_max_norm", F64, "ok", lookup(), W=E0),
    S(T, "embedding_max_norm", F64, "wrong", lookup_max_norm, W=EBIG),
    S(T, "bag_mean", F64, "ok", bag_mean, W=E0),
    S(T, "bag_mean", F32, "ok", bag_mean, W=E0),
    S(T, "bag_max", F64, "ok", bag_max, W=E0),
    S(T, "bag_max", F64, "domain", bag_max, W=ETIE),
    Nan(T, "bag_mean_by_hand", F64, "domain", W=E0),
    S(T, "cosine_similarity", F64, "ok", cos_clamped(mpf(1e-8)), u=U1, v=V1),
    S(T, "cosine_similarity", F64, "ok", cos_clamped(mpf(1e-8)), u=U0, v=V1),
    S(T, "cosine_similarity", F32, "ok", cos_clamped(H(F32, 1e-8)), u=U0, v=V1),
    S(T, "cosine_normalize", F64, "ok", cos_clamped(mpf(1e-12)), u=U0, v=V1),
    S(T, "two_tower_ce", F32, "unstable", two_tower(F32), Qe=QO, De=DO),
    S(T, "two_tower_ce", F32, "ok", two_tower(F32), Qe=QM, De=DM),
    S(T, "two_tower_ce", F64, "unstable", two_tower(F64), Qe=QA, De=DA),
    S(T, "two_tower_ce", F64, "ok", two_tower(F64), Qe=QT, De=DT),
    S(T, "margin_rank", F64, "domain", margin_rank, pos=POS, neg=NEG_M),
    S(T, "margin_rank", F64, "ok", margin_rank, pos=POS, neg=NEG_O),
    S(T, "fm_pairwise", F32, "ok", fm, v=VO, x=XO),
    S(T, "fm_pairwise", F32, "unstable", fm, v=VL, x=XL32),
    Case(T, "popularity_debiased", at(s=S4, p=P4Z), F64, "domain", hp(torch_pole)),
    S(T, "popularity_debiased_clamped", F64, "ok", debiased(mpf(1e-12)), s=S4, p=P4Z),
    # ---------------------------------------------------------------------------------------------------- TensorFlow
    S(K, "mf_l2", F64, "ok", mf(F64, True), P=P0, Q=Q0),
    S(K, "mf_l2", F64, "ok", mf(F64, True), P=PZ, Q=QZ),
    S(K, "bpr_log_sigmoid", F64, "ok", bpr, **NEG800),
    S(K, "bpr_log_of_sigmoid", F64, "unstable", bpr, KLOGSIG, **NEG800),
    S(K, "bpr_log_of_sigmoid", F64, "ok", bpr, **POS800),
    S(K, "gather_repeated", F64, "ok", lookup(), E=E0),
    S(K, "segment_mean_bag", F64, "ok", bag_mean, E=E0),
    Nan(K, "segment_sum_over_counts", F64, "domain", E=E0),
    S(K, "l2n_cosine", F64, "ok", l2n_cos, u=U0, v=V1),
    S(K, "two_tower", F32, "unstable", two_tower(F32), Qe=QO, De=DO),
    S(K, "two_tower", F32, "ok", two_tower(F32), Qe=QM, De=DM),
    S(K, "two_tower", F64, "unstable", two_tower(F64), Qe=QA, De=DA),
    S(K, "hinge_rank", F64, "domain", hinge, s=SM),
    S(K, "fm_pairwise", F32, "unstable", fm, v=VL, x=XL32),
    S(K, "popularity_debiased", F64, "ok", debiased(), s=S4, p=P4),
    Nan(K, "popularity_debiased", F64, "domain", s=S4, p=P4Z),
    # ---------------------------------------------------------------------------------------------------- NumPy
    S(N, "mf_norm_sq", F64, "ok", mf(F64), P=P0, Q=Q0),
    S(N, "mf_norm_sq", F64, "wrong", mf(F64), P=PZ, Q=QZ),
    S(N, "bpr_naive", F64, "ok", bpr, **TIE),
    S(N, "bpr_naive", F64, "unstable", bpr, NLOGSIG, **NEG800),
    S(N, "bpr_naive", F64, "ok", bpr, **POS800),
    S(N, "bpr_logaddexp", F64, "ok", bpr, **NEG800),
    Nan(N, "bag_mean", F64, "domain", E=E0),
    S(N, "bag_mean_guarded", F64, "ok", bag_mean, E=E0),
    S(N, "cosine_eps_inside", F64, "ok", cos_eps_inside(F64), u=U0, v=V1),
    S(N, "fm_pairwise", F64, "unstable", fm, v=VL, x=XL),
    S(N, "fm_loop", F64, "ok", fm, v=VL, x=XL),
    S(N, "warp", F64, "domain", warp, s=SW),
    S(N, "sampled_softmax_logq", F64, "ok", sampled_logq_np, q=QV),
    S(N, "sampled_softmax_logq", F64, "unstable", sampled_logq_np, q=[40.0, 20.0]),
    Nan(N, "popularity_debiased", F64, "domain", s=S4, p=P4Z),
]
