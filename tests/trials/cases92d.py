"""The ninety-second trial set (d): PREFERENCE, ALIGNMENT AND LANGUAGE-MODEL TRAINING LOSSES, as JAX, PyTorch,
TensorFlow and plain NumPy code writes them (jax_lib92d, torch_lib92d, tf_lib92d, np_lib92d), on vocabularies of 3-5
tokens and two positions: DPO's -log sigmoid(beta ((lp_c - ref_c) - (lp_r - ref_r))), beta = 0.5, at margins 0.5,
+-50 and +-800, spelled log(sigmoid) (jax.nn.sigmoid, torch.sigmoid, tf.sigmoid, NumPy's 1 / (1 + exp(-m))), by
log_sigmoid (jax.nn.log_sigmoid, F.logsigmoid, tf.math.log_sigmoid), softplus and np.logaddexp; IPO's (h - 1 / (2
tau))^2; a Bradley-Terry reward loss at a tie and at gaps of +-1000; the per-token KL penalty exp(d) - 1 - d, d =
logp - logq, at d = 0, -0.25, 1e-9 / 1e-7 (float32 1e-5 / 1e-4), naive and by expm1; the z-loss logsumexp(z)^2
(jax.nn.logsumexp, torch.logsumexp, tf.reduce_logsumexp, scipy.special.logsumexp, and naive log(sum(exp))) at logits
100 (float32) and 1000; label-smoothed cross-entropy (eps = 0.25, by log_softmax, by log(softmax), by
F.cross_entropy(label_smoothing=) and Keras's categorical_crossentropy(label_smoothing=)) at logits +-1000;
perplexity exp(mean NLL) at mean NLLs of 89 and 90 in float32; -log_softmax(z / T)[t] at T = 0.7, 1e-3 and 0 (naive
log(softmax) too); top-2 masking by jax.lax.top_k, torch.topk, tf.math.top_k and np.sort with -inf (and -1e9) before
the softmax, the target kept, masked, and at a tie of the 2nd and 3rd logits; Gemma's soft-capping 30 tanh(z / 30)
before the cross-entropy at z = 1e3 (float32), 1e4 and 1e5; RMSNorm x rsqrt(mean x^2 + 1e-6) (by hand and F.rms_norm)
at x = 0, and without eps; a nucleus (top-p) cut by argsort and searchsorted; custom rules (jax.custom_vjp,
autograd.Function, tf.custom_gradient): a straight-through top-1 pick (the rule passes g), a softmax pick with the
right rule and a deliberately wrong one (p g); a temperature fitted by scipy.optimize.minimize_scalar.

Counts: 127 cases tried, each through the CLI by tests/trials/judge.py (a scratch driver: two CLI runs at a time,
judged one at a time in its main thread): first 115 (JAX 60, the others 55), then 12 new ones and 4 corrected
truths, then the whole set of 127 once more; 17 repeats dropped after that (other frameworks' copies of ordinary
points JAX shows, JAX's second ordinary float32 points). ALL keeps 110: 60 ok, 32 unstable (5 of them F1's, which
gradcli calls domain), 10 domain, 7 wrong, 1 input error; 81 float64, 29 float32 (JAX 55, PyTorch 22, TensorFlow 15,
NumPy 18). 105 agree with my truths (after the corrections below) in verdict, every exact gradient entry to 1e-10
relative and, where given, the line (the input error in its message); the 5 others are F1, and their exact gradients
agree too. Each check took 1.7-17.8 s (median 5.6 s; JAX 3.2-6.7 s, NumPy 1.7-3.8 s, PyTorch 5.9-10.4 s,
TensorFlow 6.9-17.8 s: the 2 checks over 15 s are TensorFlow's start-up on the loaded machine with two at once);
10.8 min of CLI time in the last run (about 5.5 min on two cores). Ten checks of the second batch first ended
"internal error: NameError: name 'passes_arguments' is not defined" (exit 3): gradcli's library was being edited
under me; a minute later all ten passed, and so they did in the last run.

Agreed (verdicts and exact slopes):
- DPO as -log(sigmoid(m)) at m = 50 (float64 and float32): sigmoid rounds to 1 and the frameworks' rule s (1 - s)
  gives 0 where the slope is -1.9e-22 / 4: unstable, the cancellation named in jax.nn.sigmoid's backward; at m = -800
  sigmoid underflows to 0, log 0 = -inf where the loss is 400: unstable (all four, float32 too); at m = -50 and +800
  (e^-800 below the doubles: 0 is its rounding): ok; NumPy's 1 / (1 + exp(-m)) by the chain rule at m = 50 keeps
  exp(-50): ok (float32 too); log_sigmoid, softplus and np.logaddexp at +-800 and 50: ok; IPO: ok;
- Bradley-Terry by log_sigmoid at gaps +-1000 in float32: ok;
- the KL penalty at d = 1e-9 / 1e-7: exp(d) - 1 loses the terms' 5e-19 / 5e-15: unstable (all four; JAX's float32 at
  1e-5 too); at d = 0 and ordinary d: ok;
- the z-loss: the library logsumexps ok at 100 (float32) and 1000; the naive one overflows: unstable;
- label smoothing at logits +-1000: log_softmax, F.cross_entropy(label_smoothing=0.25) (float32 too), Keras's
  categorical_crossentropy (float64) and scipy's log_softmax: ok; log(softmax) = log 0 times eps / V:
  unstable;
- -log_softmax(z / T)[t] at T = 1e-3: ok (d / dT = (z_t - sum p z) / T^2 = -1e6; float32 too), the naive log(softmax)
  there: unstable (float64 and float32); at T = 0: z / 0, no value: domain, no input with a slope;
- top-2 masking with the target kept: ok (all four); the target masked with -inf: the loss is +inf about the point,
  domain, the kept logits keeping their slopes p = (0.731, 0.269) (README's rule for inputs an infinite term never
  moves), the masked ones none (all four); with -1e9 instead: ok, float32 too (the target's slope 0); at the tie of
  the 2nd and 3rd logits: a jump in both, the others' slopes kept: domain (JAX, PyTorch; -1e9 too);
- soft-capping at z = 1e4 (float32 1e3): tanh rounds to 1, the frameworks' rule 1 - t^2 gives 0 where sech^2 is
  5.9e-290 (float32 4e-29): unstable (JAX, PyTorch, TensorFlow); at 1e5 (sech^2 = e^-6666, 0 its rounding): ok;
- RMSNorm at x = 0 with eps: smooth, slopes g w / sqrt(eps) (eps as the dtype holds 1e-6): ok in both dtypes, by hand
  and F.rms_norm; without eps at 0: 0 / 0 for every direction: domain; elsewhere ok;
- the straight-through top-1 pick passes VALUES where the value is flat (slope 0): wrong at the rule (custom_vjp's
  bwd, the Function's backward, the custom_gradient's grad); at a tie of the top two logits the picked value jumps in
  z_0, z_1 but z_2's slope 0 gets 0.5 from the rule: wrong; the softmax pick's right rule: ok; the rule p g: wrong
  (all three);
- the nucleus cut by argsort / searchsorted: ok (the dropped tokens' slopes 0); scipy.optimize.minimize_scalar
  refused, exit 2, "np_lib92d.py, line 118: scipy.optimize.minimize_scalar is a SciPy function gradcli.scipy does not
  have (...)", the call underlined: clear.

My truths corrected (gradcli right, each re-derived):
- kl_expm1, expm1(d) - d at d = 1e-9 / 1e-7 (float32 1e-5 / 1e-4), all four, first ok (the form is backward stable:
  its error is within what the inputs' own rounding allows, the relative condition 5 / d): unstable. gradcli's
  contract judges forward error against the exact value at the inputs as held, 1e-10 in float64: expm1(d) = d +
  d^2 / 2 rounded to 1e-16 relative leaves the difference 5e-15 off by 2e-9 relative (float32: 5e-11 off by ~1e-3);
  the gradient expm1(d) (by AD (expm1(d) + 1) - 1) is within what the inputs' rounding explains, as gradcli says.
- NumPy's softcap_ce at z = 1e4, first unstable as in the frameworks: ok. gradcli differentiates plain NumPy by its
  own rule for np.tanh, 1 / cosh^2, which keeps 5.9e-290: the computed slope agrees with the exact one to 4e-14.
- topk_ce with the target masked by -inf (all four), first NaN everywhere (the value is +inf both sides): the kept
  logits keep the slopes of the finite part lse(z_0, z_3), by the README's rule for inputs an infinite term never
  moves; gradcli gave the masked three no slope, which I kept (they reach the value only through the mask's -inf).
  Judged again at stop 108: the where picks its constant -inf at their entries and a small move keeps them masked, so
  they never move the infinity either and, in no finite part, keep slope 0 (as an empty Cox risk set's row keeps
  beta's slopes, 96c), which gradcli now says.
- st_value's truth returned a Python int from the VALUES table, which my sided difference took for "no value": a
  slip in my expression, not in the mathematics (slopes 0).

Findings:
F1 (mended: a gradient the dtype holds is judged beside a value past its range, and decides the point; slopes past
  the range are set apart as entries without a derivative are). Perplexity beyond float32, gradient within: jax_lib92d.perplexity, exp(mean(-log_softmax(z)[t])) at z =
  [[0, 89, 0, 0], [0, 89, 0, 0]] (targets 2, 0; mean NLL 89 + 3e-39), --dtype float32: gradcli says domain, "the
  exact value (4.48961e+38) is finite but beyond float32's range (...), so no float32 program can return them: that
  is the dtype's limit, not the program's error". But every exact gradient entry, [[0.5, 2.2448e38, -2.2448e38, 0.5],
  [-2.2448e38, 2.2448e38, 0.5, 0.5]], is a float32 number (max 3.4028e38), and the program returns [[nan, inf, nan,
  nan], ...] (JAX itself too): it loses a gradient the dtype holds (a float32 program returns it, e.g. as exp(mean NLL
  - log 2) (p - y)). The README's rule for this: "A value the dtype holds is judged all the same: lost there, the
  point is unstable" (its example: a value held and lost beside a slope beyond the range is unstable); here the
  mirror, a slope held and lost beside a value beyond the range, should be unstable too. Same in PyTorch, TensorFlow
  (tf.nn.sparse_softmax_cross_entropy_with_logits) and NumPy (scipy's logsumexp), and at a mean NLL of 90 (JAX), where
  the four entries of 0.5 are held and lost beside entries of 6.1e38 no float32 holds. Sure because the exact values
  are gradcli's own (they agree with mine, exp(89 + 3e^-89) / 2 (p - y), to 1e-10), only the verdict differs, and
  the contract's rule decides it."""
import mpmath

from cases import Case
from cases5 import _in, hp
from cases30b import sided_grad
from cases73d import NAN, at, mpf

J, T_, K, N = "jax_lib92d.py", "torch_lib92d.py", "tf_lib92d.py", "np_lib92d.py"
F32, F64 = "float32", "float64"

# the programs' constants, exact in binary but TAU (its 1 / (2 tau) is the Python float 5.0) and EPS_NORM (held in
# the case's dtype: every framework adds the Python float to an array of that dtype)
BETA = mpf("0.5")
REF_C, REF_R = [-4, -6], [-5, -6]
TARGETS = [2, 0]
VOCAB = 4
SMOOTH = mpf("0.25")
CAP = 30
TOP_K, TOP_TARGET = 2, 1
GAIN = [1, mpf("0.5"), 2, mpf("1.5")]
W_OUT = [mpf("0.25"), -1, mpf("0.5"), 2]
VALUES = [1, -2, mpf("0.5")]


# ------------------------------------------------------------------------------------------------- the mathematics
def lse(xs):
    top = max(xs)
    return top + mpmath.log(sum(mpmath.exp(v - top) for v in xs))


def softplus(x):
    """log(1 + e^x), written for both signs."""
    return x + mpmath.log1p(mpmath.exp(-x)) if x > 0 else mpmath.log1p(mpmath.exp(x))


def margins(lp_c, lp_r):
    return [BETA * ((c - a) - (r - b)) for c, r, a, b in zip(lp_c, lp_r, REF_C, REF_R)]


def dpo(lp_c, lp_r):
    """mean softplus(-m): -log sigmoid(m) = log(1 + e^-m)."""
    m = margins(lp_c, lp_r)
    return sum(softplus(-v) for v in m) / len(m)


def ipo(lp_c, lp_r):
    h = [(c - a) - (r - b) for c, r, a, b in zip(lp_c, lp_r, REF_C, REF_R)]
    return sum((v - 5) ** 2 for v in h) / len(h)  # 1 / (2 * 0.1) is the double 5.0


def bt(r_c, r_r):
    return sum(softplus(b - a) for a, b in zip(r_c, r_r)) / len(r_c)


def kl(logp, logq):
    """sum(e^d - 1 - d), each term by expm1 at 2,000 digits."""
    return sum(mpmath.expm1(a - b) - (a - b) for a, b in zip(logp, logq))


def z_loss(z):
    return sum(lse(row) ** 2 for row in z) / len(z)


def ls_ce(z):
    """mean over positions of -sum_k q_k (z_k - lse(z)), q = (1 - eps) one-hot + eps / V."""
    total = 0
    for row, t in zip(z, TARGETS):
        q = [(1 - SMOOTH) * (k == t) + SMOOTH / VOCAB for k in range(VOCAB)]
        total += lse(row) - sum(a * b for a, b in zip(q, row))
    return total / len(z)


def perplexity(z):
    return mpmath.exp(sum(lse(row) - row[t] for row, t in zip(z, TARGETS)) / len(z))


def temp_ce(z, temp):
    if temp == 0:
        return NAN
    s = [v / temp for v in z]
    return lse(s) - s[TOP_TARGET]


def topk(mask):
    """-log softmax(z masked below the k-th largest)[target]; ``mask`` None: dropped (-inf), else that logit."""
    def f(z):
        kth = sorted(z, reverse=True)[TOP_K - 1]
        kept = [v if v >= kth else mask for v in z]
        if kept[TOP_TARGET] is None:
            return mpmath.inf
        return lse([v for v in kept if v is not None]) - kept[TOP_TARGET]
    return f


def softcap_ce(z):
    total = 0
    for row, t in zip(z, TARGETS):
        c = [CAP * mpmath.tanh(v / CAP) for v in row]
        total += lse(c) - c[t]
    return total / len(z)


def rmsnorm(dtype):
    eps = _in(dtype, [1e-6])[0]

    def f(x):
        r = mpmath.sqrt(sum(v * v for v in x) / len(x) + eps)
        return sum(v / r * g * w for v, g, w in zip(x, GAIN, W_OUT))
    return f


def rmsnorm_noeps(x):
    r = mpmath.sqrt(sum(v * v for v in x) / len(x))
    return sum(v / r * g * w for v, g, w in zip(x, GAIN, W_OUT))


def st_value(z):
    """VALUES at the greedy token (the first of equal maxima, as argmax picks): piecewise constant."""
    top = max(z)
    return mpf(VALUES[[k for k, v in enumerate(z) if v == top][0]])


def soft_value(z):
    e = [mpmath.exp(v - max(z)) for v in z]
    return sum(a * b for a, b in zip(e, VALUES)) / sum(e)


def nucleus(z):
    """-log(p_t / sum of the smallest top set holding 90% of the mass); the set as the program forms it."""
    top = lse(z)
    p = [mpmath.exp(v - top) for v in z]
    order = sorted(range(len(z)), key=lambda k: -p[k])
    acc, keep = 0, []
    for k in order:
        keep.append(k)
        acc += p[k]
        if acc >= mpf(0.9):  # searchsorted (side left) on the cumulative sums: the first >= 0.9
            break
    return lse([z[k] for k in keep]) - z[TOP_TARGET]


# ------------------------------------------------------------------------------------------------- cases
def S(file, function, dtype, verdict, f, line=None, **point):
    return Case(file, function, at(**point), dtype, verdict, sided_grad(f, dtype, finite_sides=True, **point),
                line=line)


def Hand(file, function, dtype, verdict, truth, **point):
    return Case(file, function, at(**point), dtype, verdict, hp(truth))


# margins m = beta ((lp_c + [4, 6]) - (lp_r + [5, 6])) of the first pair; the second is -0.25 throughout
P0 = dict(lp_c=[-2.0, -3.0], lp_r=[-4.0, -2.5])  # m = [0.5, -0.25]
P50 = dict(lp_c=[-1.0, -3.0], lp_r=[-102.0, -2.5])  # m = 50: sigmoid rounds to 1, its slope 1.9e-22 is held
PM50 = dict(lp_c=[-100.0, -3.0], lp_r=[-1.0, -2.5])  # m = -50
P800 = dict(lp_c=[-1.0, -3.0], lp_r=[-1602.0, -2.5])  # m = 800: e^-800 lies below the doubles
PM800 = dict(lp_c=[-1700.0, -3.0], lp_r=[-101.0, -2.5])  # m = -800: sigmoid underflows to 0
R_C, R_R = [1.5, -0.5], [0.5, 2.0]
R_BIG_C, R_BIG_R = [1000.0, 0.5], [0.0, 1000.5]  # reward gaps +-1000
LOGP = [-1.25, -0.75, -2.5]
LOGQ = [-1.25, -0.5, -2.25]  # d = [0, -0.25, -0.25]
LOGQ_S = [-1.250000001, -0.75, -2.5000001]  # d = [1e-9, 0, 1e-7]: the policy still at its reference
LOGQ_S32 = [-1.25001, -0.75, -2.5001]  # d = [1e-5, 0, 1e-4]
Z = [[1.0, 2.0, 0.5, -1.0], [0.0, 0.25, -0.5, 3.0]]
Z100 = [[100.0, 101.0, 99.0, 98.0], [0.0, 0.25, -0.5, 3.0]]  # e^101 overflows float32
Z1000 = [[1000.0, 1001.0, 999.0, 998.0], [0.0, 0.25, -0.5, 3.0]]  # and float64
ZBIG = [[1000.0, 0.0, -1000.0, 2.0], [0.0, 0.25, -0.5, 3.0]]  # softmax of -1000 underflows: log 0
Z89 = [[0.0, 89.0, 0.0, 0.0], [0.0, 89.0, 0.0, 0.0]]  # mean NLL 89: e^89 = 4.5e38 past float32, slopes 2.2e38 held
Z90 = [[0.0, 90.0, 0.0, 0.0], [0.0, 90.0, 0.0, 0.0]]
ZT = [2.0, 1.0, 0.5]  # the target (index 1) is not the largest
Z5 = [1.0, 3.0, 0.5, 2.0, -1.0]  # top-2 = {3, 2}: the target (index 1) kept
Z5_OUT = [3.0, 1.0, 0.5, 2.0, -1.0]  # the target masked
Z5_TIE = [2.0, 3.0, 0.5, 2.0, -1.0]  # the 2nd and 3rd largest equal: both kept, either moving drops one
ZCAP = [[10000.0, 0.0, -1.0, 2.0], [0.0, 0.25, -0.5, 3.0]]  # tanh(333.3) = 1, sech^2 = 1e-289 held
ZCAP32 = [[1000.0, 0.0, -1.0, 2.0], [0.0, 0.25, -0.5, 3.0]]  # tanh(33.3) = 1 in float32, sech^2 = 4e-29 held
ZCAPH = [[100000.0, 0.0, -1.0, 2.0], [0.0, 0.25, -0.5, 3.0]]  # sech^2(3333) = e^-6666: 0 is its rounding
X = [0.5, -1.0, 2.0, 0.25]
X0 = [0.0, 0.0, 0.0, 0.0]
Z3 = [0.5, 2.0, -1.0]
Z3_TIE = [2.0, 2.0, -1.0]

ALL_NAN = lambda name, n: (lambda: {name: [NAN] * n})  # noqa: E731


def TOPK_OUT():
    """The target masked: the loss is +inf about the point, its finite part lse(z_0, z_3) over the kept logits; those
    keep their slopes (an infinite term they never move). The masked ones (the target's, the dropped ones) never move
    it either: the where picks its constant -inf at their entries, which a small move keeps masked, and they are in no
    finite part: slope 0, as README keeps the slopes of the inputs that do not move a pole (stop 108; first no slope,
    as gradcli then said)."""
    p0 = 1 / (1 + mpmath.exp(mpf(2) - 3))
    return {"z": [p0, mpf(0), mpf(0), 1 - p0, mpf(0)]}


def T_NAN():
    return {"z": [NAN] * 3, "temp": NAN}


JAX = [
    S(J, "dpo_naive", F64, "ok", dpo, **P0),
    S(J, "dpo_naive", F64, "unstable", dpo, **P50),
    S(J, "dpo_naive", F32, "unstable", dpo, **P50),
    S(J, "dpo_naive", F64, "ok", dpo, **PM50),
    S(J, "dpo_naive", F64, "unstable", dpo, **PM800),
    S(J, "dpo_naive", F32, "unstable", dpo, **PM800),
    S(J, "dpo_naive", F64, "ok", dpo, **P800),
    S(J, "dpo_log_sigmoid", F64, "ok", dpo, **PM800),
    S(J, "dpo_log_sigmoid", F32, "ok", dpo, **P50),
    S(J, "dpo_softplus", F64, "ok", dpo, **PM800),
    S(J, "dpo_softplus", F32, "ok", dpo, **P800),
    S(J, "ipo", F64, "ok", ipo, **P0),
    S(J, "bt_loss", F64, "ok", bt, r_c=R_C, r_r=R_R),
    S(J, "bt_loss", F32, "ok", bt, r_c=R_BIG_C, r_r=R_BIG_R),
    S(J, "kl_naive", F64, "ok", kl, logp=LOGP, logq=LOGQ),
    S(J, "kl_naive", F64, "ok", kl, logp=LOGP, logq=LOGP),
    S(J, "kl_naive", F64, "unstable", kl, logp=LOGP, logq=LOGQ_S),
    S(J, "kl_expm1", F64, "unstable", kl, logp=LOGP, logq=LOGQ_S),
    S(J, "kl_naive", F32, "unstable", kl, logp=LOGP, logq=LOGQ_S32),
    S(J, "kl_expm1", F32, "unstable", kl, logp=LOGP, logq=LOGQ_S32),
    S(J, "z_loss", F64, "ok", z_loss, z=Z),
    S(J, "z_loss", F32, "ok", z_loss, z=Z100),
    S(J, "z_loss_naive", F32, "unstable", z_loss, z=Z100),
    S(J, "ls_ce", F64, "ok", ls_ce, z=Z),
    S(J, "ls_ce", F64, "ok", ls_ce, z=ZBIG),
    S(J, "ls_ce_naive", F64, "unstable", ls_ce, z=ZBIG),
    S(J, "perplexity", F32, "ok", perplexity, z=Z),
    S(J, "perplexity", F64, "ok", perplexity, z=Z89),
    S(J, "perplexity", F32, "unstable", perplexity, z=Z89),
    S(J, "perplexity", F32, "unstable", perplexity, z=Z90),
    S(J, "temp_ce", F64, "ok", temp_ce, z=ZT, temp=0.001),
    S(J, "temp_ce", F32, "ok", temp_ce, z=ZT, temp=0.001),
    S(J, "temp_ce_naive", F64, "unstable", temp_ce, z=ZT, temp=0.001),
    Hand(J, "temp_ce", F64, "domain", T_NAN, z=ZT, temp=0.0),
    S(J, "topk_ce", F64, "ok", topk(None), z=Z5),
    Hand(J, "topk_ce", F64, "domain", TOPK_OUT, z=Z5_OUT),
    S(J, "topk_ce", F64, "domain", topk(None), z=Z5_TIE),
    S(J, "topk_ce_1e9", F64, "ok", topk(mpf(-1e9)), z=Z5_OUT),
    S(J, "topk_ce_1e9", F32, "ok", topk(mpf(-1e9)), z=Z5_OUT),
    S(J, "softcap_ce", F64, "ok", softcap_ce, z=Z),
    S(J, "softcap_ce", F64, "unstable", softcap_ce, z=ZCAP),
    S(J, "softcap_ce", F32, "unstable", softcap_ce, z=ZCAP32),
    S(J, "softcap_ce", F64, "ok", softcap_ce, z=ZCAPH),
    S(J, "rmsnorm", F32, "ok", rmsnorm(F32), x=X),
    S(J, "rmsnorm", F64, "ok", rmsnorm(F64), x=X0),
    S(J, "rmsnorm", F32, "ok", rmsnorm(F32), x=X0),
    S(J, "rmsnorm_noeps", F64, "ok", rmsnorm_noeps, x=X),
    Hand(J, "rmsnorm_noeps", F64, "domain", ALL_NAN("x", 4), x=X0),
    S(J, "st_value", F64, "wrong", st_value, "def st_top1_bwd", z=Z3),
    S(J, "st_value", F64, "wrong", st_value, "def st_top1_bwd", z=Z3_TIE),
    S(J, "soft_value", F64, "ok", soft_value, z=Z3),
    S(J, "soft_value_bad", F64, "wrong", soft_value, "def soft_pick_bad_bwd", z=Z3),
    S(J, "topk_ce_1e9", F64, "domain", topk(mpf(-1e9)), z=Z5_TIE),
    S(J, "temp_ce_naive", F32, "unstable", temp_ce, z=ZT, temp=0.001),
    S(J, "softcap_ce", F32, "ok", softcap_ce, z=Z),
]

TORCH = [
    S(T_, "dpo_naive", F64, "unstable", dpo, **P50),
    S(T_, "dpo_naive", F64, "unstable", dpo, **PM800),
    S(T_, "dpo_logsigmoid", F64, "ok", dpo, **PM800),
    S(T_, "kl_naive", F64, "unstable", kl, logp=LOGP, logq=LOGQ_S),
    S(T_, "kl_expm1", F64, "unstable", kl, logp=LOGP, logq=LOGQ_S),
    S(T_, "ls_ce", F64, "ok", ls_ce, z=Z),
    S(T_, "ls_ce", F64, "ok", ls_ce, z=ZBIG),
    S(T_, "perplexity", F32, "unstable", perplexity, z=Z89),
    S(T_, "temp_ce", F64, "ok", temp_ce, z=ZT, temp=0.001),
    S(T_, "topk_ce", F64, "ok", topk(None), z=Z5),
    Hand(T_, "topk_ce", F64, "domain", TOPK_OUT, z=Z5_OUT),
    S(T_, "topk_ce", F64, "domain", topk(None), z=Z5_TIE),
    S(T_, "softcap_ce", F64, "unstable", softcap_ce, z=ZCAP),
    S(T_, "rmsnorm", F32, "ok", rmsnorm(F32), x=X0),
    S(T_, "rmsnorm_f", F64, "ok", rmsnorm(F64), x=X),
    S(T_, "rmsnorm_f", F64, "ok", rmsnorm(F64), x=X0),
    S(T_, "st_value", F64, "wrong", st_value, "class StraightThroughTop1>>def backward", z=Z3),
    S(T_, "soft_value_bad", F64, "wrong", soft_value, "class SoftPickBad>>def backward", z=Z3),
    S(T_, "ls_ce", F32, "ok", ls_ce, z=ZBIG),
    S(T_, "perplexity", F64, "ok", perplexity, z=Z89),
    S(T_, "rmsnorm_f", F32, "ok", rmsnorm(F32), x=X0),
    S(T_, "bt_loss", F32, "ok", bt, r_c=R_BIG_C, r_r=R_BIG_R),
]

TF = [
    S(K, "dpo_naive", F64, "unstable", dpo, **P50),
    S(K, "dpo_log_sigmoid", F64, "ok", dpo, **PM800),
    S(K, "kl_naive", F64, "unstable", kl, logp=LOGP, logq=LOGQ_S),
    S(K, "kl_expm1", F64, "unstable", kl, logp=LOGP, logq=LOGQ_S),
    S(K, "ls_ce", F64, "ok", ls_ce, z=Z),
    S(K, "perplexity", F32, "unstable", perplexity, z=Z89),
    S(K, "topk_ce", F64, "ok", topk(None), z=Z5),
    Hand(K, "topk_ce", F64, "domain", TOPK_OUT, z=Z5_OUT),
    S(K, "softcap_ce", F64, "unstable", softcap_ce, z=ZCAP),
    S(K, "rmsnorm", F64, "ok", rmsnorm(F64), x=X0),
    Hand(K, "rmsnorm_noeps", F64, "domain", ALL_NAN("x", 4), x=X0),
    S(K, "st_value", F64, "wrong", st_value, "def st_top1(z)>>def grad", z=Z3),
    S(K, "soft_value_bad", F64, "wrong", soft_value, "def soft_pick_bad(z)>>def grad", z=Z3),
    S(K, "ls_ce", F64, "ok", ls_ce, z=ZBIG),
    S(K, "rmsnorm", F32, "ok", rmsnorm(F32), x=X0),
]

NUMPY = [
    S(N, "dpo_naive", F64, "ok", dpo, **P50),
    S(N, "dpo_naive", F64, "unstable", dpo, **PM800),
    S(N, "dpo_logaddexp", F64, "ok", dpo, **PM800),
    S(N, "kl_naive", F64, "unstable", kl, logp=LOGP, logq=LOGQ_S),
    S(N, "kl_expm1", F64, "unstable", kl, logp=LOGP, logq=LOGQ_S),
    S(N, "z_loss", F64, "ok", z_loss, z=Z1000),
    S(N, "z_loss_naive", F64, "unstable", z_loss, z=Z1000),
    S(N, "ls_ce", F64, "ok", ls_ce, z=ZBIG),
    S(N, "perplexity", F32, "unstable", perplexity, z=Z89),
    S(N, "temp_ce", F64, "ok", temp_ce, z=ZT, temp=0.001),
    S(N, "topk_ce", F64, "ok", topk(None), z=Z5),
    Hand(N, "topk_ce", F64, "domain", TOPK_OUT, z=Z5_OUT),
    S(N, "softcap_ce", F64, "ok", softcap_ce, z=ZCAP),  # gradcli's rule for np.tanh: 1 / cosh^2
    S(N, "rmsnorm", F64, "ok", rmsnorm(F64), x=X0),
    S(N, "nucleus_ce", F64, "ok", nucleus, z=Z5),
    Case(N, "calibrated_ce", at(z=Z), F64, "input-error", message=("minimize_scalar", "np_lib92d.py, line 118")),
    S(N, "dpo_naive", F32, "ok", dpo, **P50),
    S(N, "ls_ce", F32, "ok", ls_ce, z=Z),
]

ALL = JAX + TORCH + TF + NUMPY
