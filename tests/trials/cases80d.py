"""The eightieth trial set (d): SEQUENCE ALIGNMENT LOSSES, losses that align two sequences by a dynamic programme in
log space, on tiny inputs (1-4 frames, 3 symbols, symbol 0 the blank), as JAX, PyTorch, TensorFlow and plain NumPy
code writes them. JAX (jax_lib80d; optax is not installed, so CTC by hand): the CTC alpha recursion over the extended
labels with jnp.logaddexp for the target "ab" (3 and 4 frames, float32 too, blank logits 400 (float32 60), logits
+-800, one frame: no alignment) and the repeated "aa" (3 frames: exactly one blank between; 2 frames: no alignment),
with jax.nn.logsumexp, with -1e30 for -inf, with a user's custom_jvp logaddexp whose rule gives 1/2 at -inf, and in
probability space (ordinary, every path at e^-800, float32 e^-120); soft-DTW with -gamma logsumexp(-r / gamma) and a
jnp.inf boundary (gamma = 0.1 held, float32 too; gamma an argument at 0.1, 1e-4 and 0), a naive -gamma log(sum exp)
(0.1, 1e-4, float32 0.002), the hard DTW (jnp.min) ordinary and at two tied alignments; a 2-state HMM's forward
algorithm with a zero transition (jnp.log(0) = -inf; 3 and 4 frames, float32), a start state that never leaves (state 1
unreachable: every logsumexp of it over -inf), a stay probability p at 0.8, 1 and 0, Viterbi's max against logsumexp
at a tie of paths 000 and 111; a monotonic attention's sum p_i prod_{j<i} (1 - p_j) v_i by jnp.cumprod (p_1 = 1, p_0 = 1,
float32), by exp(cumsum(log(1 - p))) (p_1 = 1, p_3 = 1) and by Raffel's clipped safe_cumprod; a soft edit distance
(substitution 1 - softmax prob, softmin) at gamma 0.1, 1e-3, 0.5, float32. PyTorch (torch_lib80d): F.ctc_loss on
log_softmax with zero_infinity (ordinary, float32, +-800, one frame: 0), the repeated label, without zero_infinity at
one frame, on raw scores; CTC by hand with torch.logaddexp ("aa"); soft-DTW by torch.logsumexp and by an
autograd.Function soft-min, the hard DTW by torch.min, DTW to a float64 template cast to the input's dtype; the HMM by
torch.logsumexp (the unreachable state too), Viterbi by torch.max; torch.cumprod. TensorFlow (tf_lib80d):
tf.nn.ctc_loss (float32: its dense path is float32-only) for "ab", "aa" and one frame; soft-DTW by
tf.math.reduce_logsumexp and by a tf.custom_gradient soft-min; the HMM; tf.math.cumprod(exclusive=True) at p_1 = 1
and p_0 = 1. NumPy (np_lib80d): CTC with np.logaddexp over lists of forward variables, soft-DTW by
scipy.special.logsumexp, the HMM by np.logaddexp.reduce, np.cumprod.

Counts: 100 cases tried through the CLI by tests/trials/judge.py (a scratch driver: two CLI runs at a time, judged one
at a time in its main thread), every kept case at least twice, and scratch probes of the frameworks' own gradients
(logaddexp(-inf, -inf) under a 0 cotangent in JAX and PyTorch, tf.nn.ctc_loss at no alignment, torch.cumprod and
tf.math.cumprod at a zero factor) and of gradcli on minimal files. 2 left out of ALL, neither a finding: JAX's soft_dtw
at the symmetric tie and TensorFlow's hmm_stuck (gradcli answers "no exact reference", see below); NumPy's three CTC
cases were rerun after np_lib80d's CTC was rewritten over lists (a first version that wrote into np.full arrays and
rebound them was refused, see below). ALL keeps 98: 63 ok, 16 wrong, 13 domain, 6 unstable; 76 float64, 22 float32
(JAX 55, PyTorch 25, TensorFlow 11, NumPy 7). 92 agree with my truths (after the corrections below) in verdict, in
every exact gradient entry to 1e-10 relative and, where a case names its line, in that; 6 disagree: F1 (1 case), F2 (3)
and F3 (2). The last full run (98 cases) took 6 min 19 s, each check 2.7-20.6 s (median 7.1 s) at load 2.5-4.

Agreed (verdicts and exact slopes):
- CTC by hand: ok for "ab" (3 and 4 frames, float32, blank logits 400, +-800); domain with one frame (inf); "aa" in 3
  frames wrong in JAX (logaddexp and logsumexp), PyTorch and NumPy: state 3 is unreachable at frame 1 (no skip between
  equal labels), so frame 2 computes logaddexp(-inf, -inf), whose rule turns its 0 cotangent into NaN on frame 1's
  logits; "aa" in 2 frames domain; -1e30 for -inf ok (float32 too), the custom_jvp logaddexp ok; probabilities ok, and
  unstable where the paths underflow (value inf where it is 800.7; float32 e^-120);
- F.ctc_loss ok (float32, +-800, "aa"), zero_infinity's 0 at one frame ok (slopes 0), without it domain (inf); on raw
  scores wrong at the ctc_loss line (PyTorch's backward adds exp(scores), the share log_softmax's own backward would
  cancel); tf.nn.ctc_loss ok for "ab" and "aa" in float32 (asked for float64: an error naming the line, "TensorFlow
  computes this function in float32 only");
- soft-DTW ok (float32, JAX, PyTorch, TensorFlow, NumPy, the autograd.Function and the custom_gradient), with gamma an
  argument wrong at 0.1 and 1e-4 (the boundary inf: -inf / gamma's slope in gamma is 0 * inf = NaN, x and y right),
  domain at gamma = 0 (0 / 0); the naive soft-min wrong at 0.1 (the same gamma NaN) and at 1e-4 and float32 0.002
  (gamma's NaN at every precision beside exp(-3700)'s underflow, which gradcli also names); the hard DTW ok, domain at the
  tied alignments (x_1: 2 one way, -2 the other; JAX, PyTorch); at the symmetric tie point soft-DTW's x_1 slope is 0
  by symmetry and the float runs give -8.9e-16: unstable (the autograd.Function, the custom_gradient, NumPy);
- HMM: forward ok (4 frames, float32, JAX, PyTorch, TensorFlow, NumPy); the unreachable state wrong (log_b[:, 1]'s
  slopes are exactly 0; logsumexp over [-inf, -inf] has log'(0) = inf times 0: NaN) in JAX and PyTorch; the stay
  probability ok at 0.8, domain at 1 and 0 (p has one side only; log_b keeps its slopes); Viterbi ok and domain at the
  tie (JAX, PyTorch; jnp.max splits 1/2, 1/2), logsumexp ok at the same point;
- monotonic attention: jnp.cumprod, torch.cumprod and np.cumprod ok at p_1 = 1 and p_0 = 1 (p_1's slope -1.071);
  tf.math.cumprod wrong there (its rule drops the paths through the zero factor: p_1 -0.35 from TensorFlow, p_0 1
  where it is 0.582; but see F3 for the line named); the log-cumsum form ok,
  domain at p_1 = 1 (log(1 - p) has no value beyond), ok at p_3 = 1 (its log is never taken); safe_cumprod ok at p_1 =
  1 (the clipped factor is flat there, p_1 keeps (1 - p_0) v_1; float32 too);
- soft edit distance ok at gamma 0.1, 0.5 (2 frames) and float32; unstable at gamma 1e-3: gamma's slope (value - mean
  path cost) / gamma is -7.7e-130, the float run's difference of two 1468's gives 1.9e-145.

My truths corrected (gradcli right):
- soft_dtw_naive at gamma = 1e-4 (float32 0.002), meant unstable (exp(-cost / gamma) underflows): the boundary's inf
  also makes gamma's slope NaN at every precision: wrong;
- soft_edit at gamma = 1e-3, meant ok: gamma's slope cancels (above): unstable;
- soft-DTW at x = [0, 1, 2], y = [0, 2] (PyTorch's autograd.Function, TensorFlow's custom_gradient, NumPy), meant ok:
  x_1's slope is exactly 0 (the problem is symmetric under x -> 2 - reversed x, y -> 2 - reversed y) and the float
  runs give -8.9e-16: unstable, as gradcli's atol 0 reads an exact 0;
- NumPy's CTC of "aa", meant ok: gradcli's chain rule through np.logaddexp(-inf, -inf) is NaN as JAX's and PyTorch's
  are (the plain program has no gradient of its own): wrong.

Not findings (gradcli answers no verdict, and says why): JAX's soft_dtw at the symmetric tie ("the exact gradient is
within 2^-32760 of 0 but not proven 0", where PyTorch's and NumPy's replays prove x_1 = 0); TensorFlow's hmm_stuck ("no
exact reference: jets cannot run here, and a difference would move the value a stop_gradient holds constant", beside a
clear finding that Reciprocal([1, 0]) = [1, inf] leaks NaN through reduce_logsumexp; JAX's and PyTorch's twins are
judged wrong). NumPy code writing into an np.full array it later rebinds (`alpha = new`) is refused at the write's line
("written into an array other names may see ... or one bound to two names"): clear, with the rewrite named.

Findings:
F1. tf.nn.ctc_loss where the target cannot be aligned (a two-symbol target, one frame) has loss +inf; TensorFlow's dense
  path writes log 0 as log(1e-307) (ctc_ops.ctc_state_log_probs) and returns 707.26. gradcli replays the stand-in as the
  mathematics: exact value 707.2637375, exact gradient [-0.2067, -0.1026, 0.3093], "the gradient rule is wrong". True:
  no value, no derivative (domain), as gradcli says of PyTorch's F.ctc_loss at the same target. Reproduction:
  `def f(logits): return tf.reduce_sum(tf.nn.ctc_loss(labels=tf.constant([[1, 2]]), logits=logits[:, None, :],
  label_length=tf.constant([2]), logit_length=tf.constant([1]), logits_time_major=True, blank_index=0))`, `gradcli
  check f.py:f --at "logits=[[0.5,-0.2,0.1]]" --dtype float32`.
F2 (mended since: the cast rounds the constant in the exact reference too). A float64 PyTorch constant cast to the input's dtype (`V.to(p.dtype)`, `V.float()`) enters the exact reference as
  the double, where PyTorch computes with its float32 rounding. Reproduction: `V = torch.tensor([0.3, 2.0],
  dtype=torch.float64)`, `W = torch.tensor([0.3, 2.0])`; `def d(p): return (p * (V.to(p.dtype) - W.to(p.dtype))).sum()`
  is identically 0 in float32, but `--at "p=[1.0,1.0]" --dtype float32` says unstable with exact p = [-1.19e-8, 0]
  (its own message shows aten.sub of two equal [0.30000001192092896, 2.0]); `(p * V.to(p.dtype)).sum()` gets exact
  [0.3, 2] where the program's derivative is [0.30000001192092896, 2]. In this round: the DTW of x to a stored float64
  template at x = the template (exactly 0, slopes 0) unstable; elsewhere exact gradients 1e-8 relative off, verdict ok.
F3. tf.math.cumprod's rule at a zero factor is off, and the verdict wrong is right, but the op named as the first whose
  rule is off is the one consuming cumprod's output: `excl = tf.math.cumprod(1 - p, exclusive=True)` on one line, `return
  tf.reduce_sum(p * excl * v)` on the next: "the first call whose built-in rule is off is tf.math.reduce_sum (Sum) on
  this line", the reduce_sum's line (tf_lib80d mono_cumprod at p = [0.3, 1, 0.5, 0.2] and [1, 0.4, 0.5, 0.2]).
  Reproduction: `def m(p): excl = tf.math.cumprod(1 - p, exclusive=True)` / `y = p * excl` / `return
  tf.reduce_sum(y)`, `--at "p=[0.3,1.0,0.5]"`: wrong (TensorFlow's p_1 0.7, exact 0.35), naming "tf.math.multiply (Mul)"
  at `y = p * excl`; cumprod's own line is never named (with everything on one line, tf.reduce_sum(tf.math.cumprod(p))
  at p = [0.3, 0, 0.5], the line is right).
  Mended: p is read by both lines, and its gradient is the sum of what each passes it; the sum wrong says one of the
  two is off, not which. A line that passes such a value its own true share is not named (the Mul's share p * v is a
  number of TensorFlow's backward graph, the cumprod's is not): tf.math.cumprod (Cumprod) on its own line.

Truths are my own expressions evaluated with mpmath (2,000 digits by cases30b.sided_grad: the derivative from the left
and the right, NaN where they differ or either is not finite), never the files' code or gradcli: CTC as -log of the
sum over every frame-by-frame path (3^T of them) that collapses to the label, of the product of its softmax
probabilities (no recursion, no -inf; no path: inf, or 0 with zero_infinity); soft-DTW and the soft edit distance as
-gamma log of the sum over every monotone lattice path of exp(-path cost / gamma), the hard DTW as the least path cost;
the HMM as log of the sum (Viterbi: the max) over every state sequence of pi prod a prod e^(log_b), a zero probability
taking its paths out, no value for p outside [0, 1]; the attention as the sum written out, the log form without a
value where some 1 - p_j < 0, the safe form with max(1e-10, min(1 - p, 1)) by absolute values. Numbers as the dtype
holds them: the points, 0.1, 1e-10, the HMM's 0.6, 0.4, 0.7, 0.3, the attention's v and PyTorch's template in float32
in a float32 run.
"""
import itertools

import mpmath

from cases import Case
from cases5 import _in, hp
from cases30b import sided_grad
from cases73d import H, NAN, at, mpf

J, T, K, N = "jax_lib80d.py", "torch_lib80d.py", "tf_lib80d.py", "np_lib80d.py"
F32, F64 = "float32", "float64"


# ------------------------------------------------------------------------------------------------- helpers
def lse(values):
    """log sum exp over mpf numbers, -inf entries (zero weights) allowed."""
    finite = [v for v in values if v != mpmath.ninf]
    if not finite:
        return mpmath.ninf
    top = max(finite)
    return top + mpmath.log(sum(mpmath.exp(v - top) for v in finite))


def log_softmax(row):
    z = lse(row)
    return [v - z for v in row]


def lg(x):
    return mpmath.log(x) if x > 0 else (mpmath.ninf if x == 0 else NAN)


def hi(a, b):
    return (a + b + abs(a - b)) / 2


def lo(a, b):
    return (a + b - abs(a - b)) / 2


# ------------------------------------------------------------------------------------------------- CTC: every path
def collapse(path, blank=0):
    out, last = [], None
    for s in path:
        if s != last and s != blank:
            out.append(s)
        last = s
    return tuple(out)


def ctc_nll(label, normalised=True, zero_infinity=False):
    """-log of the sum over every frame-by-frame path that collapses (repeats merged, blanks dropped) to the label,
    of the product of its frames' probabilities (softmax of the logits; the raw scores' exponentials when the scores
    are passed unnormalised): no recursion, no -inf."""
    def f(logits):
        rows = [log_softmax(r) if normalised else list(r) for r in logits]
        paths = [p for p in itertools.product(range(len(rows[0])), repeat=len(rows)) if collapse(p) == tuple(label)]
        if not paths:
            return mpf(0) if zero_infinity else mpmath.inf
        return -lse([sum(rows[t][s] for t, s in enumerate(p)) for p in paths])
    return f


# ------------------------------------------------------------------------------------------------- alignments on a grid
def grid_paths(n, m, start=(0, 0)):
    """Every monotone path of a DTW / edit lattice from start to (n, m), steps (1, 0), (0, 1), (1, 1)."""
    def walk(i, j):
        if (i, j) == (n, m):
            yield [(i, j)]
            return
        for di, dj in ((1, 0), (0, 1), (1, 1)):
            if i + di <= n and j + dj <= m:
                for rest in walk(i + di, j + dj):
                    yield [(i, j)] + rest
    return list(walk(*start))


def soft_dtw(gamma=None, hard=False):
    """-gamma log sum over alignments of exp(-cost / gamma), cost the sum of (x_i - y_j)^2 along the path; the
    hard DTW is the least cost."""
    def f(x, y, g=None):
        g = gamma if g is None else g
        costs = [sum((x[i] - y[j]) ** 2 for i, j in p) for p in grid_paths(len(x) - 1, len(y) - 1)]
        if hard:
            return min(costs)
        if g == 0:
            return NAN
        return -g * lse([-c / g for c in costs])
    return f


def soft_edit(target=(1, 2)):
    """Soft Levenshtein: -gamma log sum over edit paths of exp(-cost / gamma); a diagonal step into (i, j) costs
    1 - softmax(logits[i - 1])[target[j - 1]], a deletion or an insertion 1."""
    def f(logits, gamma):
        P = [[mpmath.exp(v) for v in log_softmax(r)] for r in logits]
        n, m = len(logits), len(target)
        costs = []
        for p in grid_paths(n, m):
            c = mpf(0)
            for (i0, j0), (i1, j1) in zip(p, p[1:]):
                c += 1 - P[i1 - 1][target[j1 - 1]] if (i1 - i0, j1 - j0) == (1, 1) else 1
            costs.append(c)
        return -gamma * lse([-c / gamma for c in costs])
    return f


# ------------------------------------------------------------------------------------------------- HMM: every state path
def hmm(pi, a, hard=False):
    """log sum (or max) over state sequences of pi(s0) prod a(s, s') prod exp(log_b[t][s_t]); a zero probability
    takes its paths out."""
    def f(log_b, a_=None):
        A = a if a_ is None else a_
        scores = []
        for path in itertools.product(range(2), repeat=len(log_b)):
            w = pi[path[0]] * mpmath.fprod(A[s][u] for s, u in zip(path, path[1:]))
            if w == 0:
                continue
            scores.append(mpmath.log(w) + sum(log_b[t][s] for t, s in enumerate(path)))
        return max(scores) if hard else lse(scores)
    return f


def hmm_stay(pi):
    def f(log_b, p):
        if p < 0 or p > 1:
            return NAN  # log of a negative probability
        return hmm(pi, [[p, 1 - p], [1 - p, p]])(log_b)
    return f


def hmm_log_a(hard):
    """Uniform start, transition scores log_a given: log sum (max) over paths of 2 log(1/2)... no: log(1/2) + the
    path's log_a and log_b entries."""
    def f(log_b, log_a):
        scores = [mpmath.log(mpf(1) / 2) + sum(log_a[s][u] for s, u in zip(path, path[1:]))
                  + sum(log_b[t][s] for t, s in enumerate(path))
                  for path in itertools.product(range(2), repeat=len(log_b))]
        return max(scores) if hard else lse(scores)
    return f


# ------------------------------------------------------------------------------------------------- monotonic attention
def mono(dtype, kind="plain"):
    """sum_i p_i prod_{j<i} (1 - p_j) v_i; the log form is no number where some 1 - p_j < 0 (j < n - 1); the safe
    form clips each 1 - p_j to [1e-10, 1]."""
    v = _in(dtype, [1.0, -0.5, 2.0, 0.3])
    eps = H(dtype, 1e-10)

    def f(p):
        if kind == "log" and any(1 - q < 0 for q in p[:-1]):
            return NAN
        total, keep = mpf(0), mpf(1)
        for q, w in zip(p, v):
            total += q * keep * w
            keep *= hi(eps, lo(1 - q, mpf(1))) if kind == "safe" else 1 - q
        return total
    return f


# ------------------------------------------------------------------------------------------------- case makers
def S(file, function, dtype, verdict, f, line=None, **point):
    return Case(file, function, at(**point), dtype, verdict, sided_grad(f, dtype, finite_sides=True, **point),
                line=line)


def ctc(file, function, dtype, verdict, label, logits, normalised=True, zero_infinity=False, line=None):
    return S(file, function, dtype, verdict, ctc_nll(label, normalised, zero_infinity), line=line, logits=logits)


def sdtw(file, function, dtype, verdict, x, y, gamma=None, hard=False):
    if gamma is None:
        return S(file, function, dtype, verdict, soft_dtw(H(dtype, 0.1), hard), x=x, y=y)
    return S(file, function, dtype, verdict, lambda x, y, gamma: soft_dtw()(x, y, gamma), x=x, y=y, gamma=gamma)


def pi_a(dtype, pi, a):
    return _in(dtype, pi), [_in(dtype, row) for row in a]


def hmm_case(file, function, dtype, verdict, log_b, pi=(0.6, 0.4), a=((0.7, 0.3), (0.0, 1.0))):
    p, A = pi_a(dtype, pi, a)
    return S(file, function, dtype, verdict, hmm(p, A), log_b=log_b)


def viterbi(file, function, dtype, verdict, log_b, log_a, hard=True):
    return S(file, function, dtype, verdict, hmm_log_a(hard), log_b=log_b, log_a=log_a)


def mono_case(file, function, dtype, verdict, p, kind="plain", line=None):
    return S(file, function, dtype, verdict, mono(dtype, kind), line=line, p=p)


def edit(file, dtype, verdict, logits, gamma):
    return S(file, "soft_edit", dtype, verdict, soft_edit(), logits=logits, gamma=gamma)


# ------------------------------------------------------------------------------------------------- points
LG3 = [[0.5, -0.2, 0.1], [0.3, 0.8, -0.5], [-0.1, 0.2, 0.9]]
LG4 = LG3 + [[0.4, -0.3, 0.6]]
LG2, LG1 = LG3[:2], LG3[:1]
LG_BLANK = [[400.0, 0.0, 0.0], [400.0, 0.0, 0.0], [400.0, 0.0, 0.0]]  # "ab" e^-800 likely
LG_BLANK32 = [[60.0, 0.0, 0.0], [60.0, 0.0, 0.0], [60.0, 0.0, 0.0]]  # float32: e^-120
LG_FAR = [[800.0, 0.0, -800.0], [0.0, 800.0, 0.0], [-800.0, 0.0, 800.0]]
X, Y = [0.0, 0.7, 2.0], [0.1, 1.8]
XT, YT = [0.0, 1.0, 2.0], [0.0, 2.0]  # two least-cost alignments tie: (1, 0) and (1, 1)
LB = [[-0.5, -1.2], [-0.3, -0.9], [-1.1, -0.2]]
LB4 = LB + [[-0.7, -0.4]]
LA = [[-0.2, -1.7], [-0.9, -0.5]]
LB0, LA_SYM = [[0.0, 0.0], [0.0, 0.0], [0.0, 0.0]], [[0.0, -1.0], [-1.0, 0.0]]  # paths 000 and 111 tie
P, P1, P0 = [0.3, 0.6, 0.5, 0.2], [0.3, 1.0, 0.5, 0.2], [1.0, 0.4, 0.5, 0.2]
P_LAST = [0.3, 0.6, 0.5, 1.0]
TEMPLATE = [0.3, 1.7, 0.9]  # torch_lib80d's float64 template, cast to the input's dtype there

CUMPROD_TF = "excl = tf.math.cumprod(1 - p, exclusive=True)"  # the rule that is off, tf_lib80d
STUCK = dict(pi=(1.0, 0.0), a=((1.0, 0.0), (0.4, 0.6)))

ALL = [
    # ---------------------------------------------------------------------------------------------------- JAX
    ctc(J, "ctc_ab", F64, "ok", (1, 2), LG3),
    ctc(J, "ctc_ab", F32, "ok", (1, 2), LG3),
    ctc(J, "ctc_ab", F64, "ok", (1, 2), LG4),
    ctc(J, "ctc_ab", F64, "ok", (1, 2), LG_BLANK),
    ctc(J, "ctc_ab", F64, "ok", (1, 2), LG_FAR),
    ctc(J, "ctc_ab", F64, "domain", (1, 2), LG1),
    ctc(J, "ctc_aa", F64, "wrong", (1, 1), LG3),
    ctc(J, "ctc_aa", F32, "wrong", (1, 1), LG3),
    ctc(J, "ctc_aa", F64, "domain", (1, 1), LG2),
    ctc(J, "ctc_aa_lse", F64, "wrong", (1, 1), LG3),
    ctc(J, "ctc_aa_neg", F64, "ok", (1, 1), LG3),
    ctc(J, "ctc_aa_neg", F32, "ok", (1, 1), LG3),
    ctc(J, "ctc_aa_custom", F64, "ok", (1, 1), LG3),
    ctc(J, "ctc_aa_custom", F64, "ok", (1, 1), LG4),
    ctc(J, "ctc_ab_prob", F64, "ok", (1, 2), LG3),
    ctc(J, "ctc_ab_prob", F64, "unstable", (1, 2), LG_BLANK),
    ctc(J, "ctc_ab_prob", F32, "unstable", (1, 2), LG_BLANK32),
    ctc(J, "ctc_ab", F32, "ok", (1, 2), LG_BLANK32),
    sdtw(J, "soft_dtw", F64, "ok", X, Y),
    sdtw(J, "soft_dtw", F32, "ok", X, Y),
    sdtw(J, "soft_dtw_g", F64, "wrong", X, Y, gamma=0.1),
    sdtw(J, "soft_dtw_g", F64, "wrong", X, Y, gamma=1e-4),
    sdtw(J, "soft_dtw_g", F64, "domain", X, Y, gamma=0.0),
    sdtw(J, "soft_dtw_naive", F64, "wrong", X, Y, gamma=0.1),
    sdtw(J, "soft_dtw_naive", F64, "wrong", X, Y, gamma=1e-4),
    sdtw(J, "soft_dtw_naive", F32, "wrong", X, Y, gamma=0.002),
    sdtw(J, "dtw", F64, "ok", X, Y, hard=True),
    sdtw(J, "dtw", F64, "domain", XT, YT, hard=True),
    hmm_case(J, "hmm_forward", F64, "ok", LB),
    hmm_case(J, "hmm_forward", F32, "ok", LB),
    hmm_case(J, "hmm_forward", F64, "ok", LB4),
    hmm_case(J, "hmm_stuck", F64, "wrong", LB, **STUCK),
    hmm_case(J, "hmm_stuck", F32, "wrong", LB, **STUCK),
    S(J, "hmm_stay", F64, "ok", hmm_stay(_in(F64, [0.6, 0.4])), log_b=LB, p=0.8),
    S(J, "hmm_stay", F64, "domain", hmm_stay(_in(F64, [0.6, 0.4])), log_b=LB, p=1.0),
    S(J, "hmm_stay", F64, "domain", hmm_stay(_in(F64, [0.6, 0.4])), log_b=LB, p=0.0),
    viterbi(J, "hmm_viterbi", F64, "ok", LB, LA),
    viterbi(J, "hmm_viterbi", F32, "ok", LB, LA),
    viterbi(J, "hmm_viterbi", F64, "domain", LB0, LA_SYM),
    viterbi(J, "hmm_soft", F64, "ok", LB0, LA_SYM, hard=False),
    viterbi(J, "hmm_soft", F64, "ok", LB, LA, hard=False),
    mono_case(J, "mono_cumprod", F64, "ok", P),
    mono_case(J, "mono_cumprod", F32, "ok", P),
    mono_case(J, "mono_cumprod", F64, "ok", P1),
    mono_case(J, "mono_cumprod", F64, "ok", P0),
    mono_case(J, "mono_logcumsum", F64, "ok", P, kind="log"),
    mono_case(J, "mono_logcumsum", F64, "domain", P1, kind="log"),
    mono_case(J, "mono_logcumsum", F64, "ok", P_LAST, kind="log"),
    mono_case(J, "mono_safe", F64, "ok", P, kind="safe"),
    mono_case(J, "mono_safe", F64, "ok", P1, kind="safe"),
    mono_case(J, "mono_safe", F32, "ok", P1, kind="safe"),
    edit(J, F64, "ok", LG3, 0.1),
    edit(J, F32, "ok", LG3, 0.1),
    edit(J, F64, "unstable", LG3, 1e-3),
    edit(J, F64, "ok", LG2, 0.5),
    # ---------------------------------------------------------------------------------------------------- PyTorch
    ctc(T, "ctc_builtin", F64, "ok", (1, 2), LG3),
    ctc(T, "ctc_builtin", F32, "ok", (1, 2), LG3),
    ctc(T, "ctc_builtin", F64, "ok", (1, 2), LG_FAR),
    ctc(T, "ctc_builtin", F64, "ok", (1, 2), LG1, zero_infinity=True),
    ctc(T, "ctc_builtin_aa", F64, "ok", (1, 1), LG3),
    ctc(T, "ctc_builtin_aa", F64, "ok", (1, 1), LG2, zero_infinity=True),
    ctc(T, "ctc_builtin_inf", F64, "domain", (1, 2), LG1),
    S(T, "ctc_raw", F64, "wrong", lambda scores: ctc_nll((1, 2), normalised=False)(scores), line="return F.ctc_loss(log_probs", scores=LG3),
    ctc(T, "ctc_hand_aa", F64, "wrong", (1, 1), LG3),
    sdtw(T, "soft_dtw", F64, "ok", X, Y),
    sdtw(T, "soft_dtw", F32, "ok", X, Y),
    sdtw(T, "soft_dtw_fn", F64, "ok", X, Y),
    sdtw(T, "soft_dtw_fn", F64, "unstable", XT, YT),
    sdtw(T, "dtw", F64, "domain", XT, YT, hard=True),
    sdtw(T, "dtw", F64, "ok", X, Y, hard=True),
    hmm_case(T, "hmm_forward", F64, "ok", LB),
    hmm_case(T, "hmm_stuck", F64, "wrong", LB, **STUCK),
    viterbi(T, "hmm_viterbi", F64, "ok", LB, LA),
    viterbi(T, "hmm_viterbi", F64, "domain", LB0, LA_SYM),
    mono_case(T, "mono_cumprod", F64, "ok", P),
    mono_case(T, "mono_cumprod", F64, "ok", P1),
    mono_case(T, "mono_cumprod", F32, "ok", P1),
    S(T, "dtw_template", F64, "ok", lambda x: soft_dtw(hard=True)(x, _in(F64, TEMPLATE)), x=TEMPLATE),
    S(T, "dtw_template", F32, "ok", lambda x: soft_dtw(hard=True)(x, _in(F32, TEMPLATE)), x=TEMPLATE),
    S(T, "dtw_template", F32, "ok", lambda x: soft_dtw(hard=True)(x, _in(F32, TEMPLATE)), x=X),
    # ---------------------------------------------------------------------------------------------------- TensorFlow
    ctc(K, "ctc_tf", F32, "ok", (1, 2), LG3),
    ctc(K, "ctc_tf_aa", F32, "ok", (1, 1), LG3),
    ctc(K, "ctc_tf", F32, "domain", (1, 2), LG1),
    sdtw(K, "soft_dtw", F64, "ok", X, Y),
    sdtw(K, "soft_dtw", F32, "ok", X, Y),
    sdtw(K, "soft_dtw_custom", F64, "ok", X, Y),
    sdtw(K, "soft_dtw_custom", F64, "unstable", XT, YT),
    hmm_case(K, "hmm_forward", F64, "ok", LB),
    mono_case(K, "mono_cumprod", F64, "ok", P),
    mono_case(K, "mono_cumprod", F64, "wrong", P1, line=CUMPROD_TF),
    mono_case(K, "mono_cumprod", F64, "wrong", P0, line=CUMPROD_TF),
    # ---------------------------------------------------------------------------------------------------- NumPy
    ctc(N, "ctc_ab", F64, "ok", (1, 2), LG3),
    ctc(N, "ctc_aa", F64, "wrong", (1, 1), LG3),
    ctc(N, "ctc_ab", F64, "domain", (1, 2), LG1),
    sdtw(N, "soft_dtw", F64, "ok", X, Y),
    sdtw(N, "soft_dtw", F64, "unstable", XT, YT),
    hmm_case(N, "hmm_forward", F64, "ok", LB),
    mono_case(N, "mono_cumprod", F64, "ok", P1),
]
