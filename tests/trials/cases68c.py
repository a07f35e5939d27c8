"""The sixty-eighth trial set (third part): issue 27's exact reference on Python functions written with gradcli.numpy
that are NEURAL-NETWORK LAYERS AND LOSSES WRITTEN FROM SCRATCH, as NumPy-from-scratch tutorials and HIPS-autograd
examples write them (tests/trials/lib68c.py): batch norm with eps (ordinary, at a constant row where the variance is
exactly 0, at three 0.1s, float32), without eps (constant rows: 0 / 0), with the one-pass variance E[x^2] - E[x]^2
(at 1e4 + [0, 1, 2], float32 100 + [0, 1, 2]), with an affine gamma / beta; layer norm over a 2 x 3 batch with a
constant row; RMSNorm at the zero vector, 1e-200 and float32 0; L2-normalize by np.linalg.norm and by sqrt(sum x^2) at
0, 1e-200 (float32 1e-20, 1e-22), and F.normalize's x / np.maximum(norm, 1e-12) at 0 and 1e-200; cosine similarity
with np.maximum(|a| |b|, 1e-8) (ordinary, parallel, a = 0, float32); a triplet loss on Euclidean distances at a = p
(sqrt of 0; float32 too), on the hinge, inactive, with eps inside the sqrt and squared; InfoNCE with temperature 0.07
and 1e-3 (logits up to 1e3), naive and max-shifted (two logits nearly tied at 800); label-smoothed cross-entropy (0.1
over 4 classes) by log of a hand softmax and max-shifted, at +800 (float32 +100); focal loss (1 - p)^gamma log p with
gamma 2 and 0.5 at p = 1 and a ulp below, and from logits at 40, -800 (float32 20); hinge and squared hinge on the
margin; Huber at delta (also with delta an input), one that forgets its -delta^2 / 2, smooth-L1 with beta 0.1 (float32:
0.1 held on both sides); a two-layer MLP with weight decay and tanh (saturated at 20), ReLU (a pre-activation exactly
0), softplus as log(1 + exp) and np.logaddexp at a pre-activation of 750; inverted dropout with a fixed mask; an LSTM
and a GRU step with sigmoid as 1 / (1 + exp(-x)) at +-400, 1600 (float32 -50), a np.where "stable" sigmoid and
exp(-logaddexp(0, -x)) at +-800; attention with a -1e9 mask, a -inf mask, every key masked (both), BERT's additive
-10000 mask, and unshifted (scores 848); max-pooling by np.max over a reshape and by np.maximum of shifted slices
(ties), max + min of a tied window, average pooling; a 1-D convolution by np.convolve and by a loop (float32), with a
learned kernel into a ReLU at 0; MSE against targets near 1e4, direct and expanded (float64, float32).

Tried: 50 functions, 109 distinct checks through the CLI (at most two at once), judged by tests/trials/judge.py through
a driver in the manner of run.py (a scratch file, then a scratch file, the same with --debug: the set as
first written, 104, then five more, then the whole kept set again); 9 were dropped as repeats of kept kinds (ordinary
points of a function already covered): ALL keeps 100 (62 ok, 22 unstable, 14 domain, 2 wrong; 83 float64, 17 float32).

Truths are written here from the mathematics of each layer, never lib68c's code or gradcli: means, variances, norms,
softmaxes, log-sum-exps (max-shifted in mpmath), hinges and Huber pieces written out entry by entry, the MLP's loss as
sums of products, the cells' gates by 1 / (1 + e^-z); every literal of the module as the double it is, and as float32's
rounding where a Python float meets float32 data (the read-out weights 0.3, -1.2, 0.5, 0.8, eps, beta 0.1, 1.0 - 0.1
+ 0.1 / 4 computed by Python first), np.array(...) constants as float64 arrays; the derivative from the left and the
right by mpmath.diff at 2,000 digits (cases30b.sided_grad), NaN where they differ. By hand: batch norm without eps at
a constant row (0 / 0), L2-normalize at 0 (0 / 0), focal with gamma 0.5 at p = 1 ((1 - p)^0.5 has no right side),
attention with every key masked by -inf (the value -inf - -inf; q's slope 0, below).

ALL: 100 cases. All 100 agree with gradcli in verdict and every exact gradient entry (to 1e-10 relative). Every check
took 0.5-1.6 s.
What agreed: batch norm ok at a zero variance with eps (slope the centred read-out / sqrt(eps); also float32), domain
without it (also at three 0.1s, where float64's mean is 0.10000000000000002); the one-pass variance unstable at 1e4
(1e8 - 1e8 for 0.667; float32 at 100) and ok at a constant row (4 - 4 exactly); layer norm and RMSNorm ok at zero rows
and 1e-200; L2-normalize domain at 0, unstable at 1e-200 by np.linalg.norm and by sqrt(sum) (x * x underflows: x / 0),
float32 ok at 1e-20 (x * x = 1e-40 subnormal keeps about 5 digits, within 1e-4), unstable at 1e-22; with the eps floor
wrong at 0 (below) and unstable at 1e-200 (the norm underflows to 0 in float64 only, and the same NaN follows); cosine
with the eps floor ok, parallel ok (slopes exactly 0), wrong at a = 0; the triplet loss domain at a = p (float32 too)
and on the hinge, ok inactive, with eps in the sqrt and squared ok at a = p; InfoNCE naive ok at 0.07, unstable at 1e-3
(exp(800)); max-shifted ok at 1e-3 with the two top logits nearly tied (the shift's max at a near-tie is no kink), but
unstable at q = key 0 (the slopes are e^-400-small and come out of p0 - 1 = 0); label smoothing naive unstable at +800
(float32 +100), shifted ok; focal with gamma 2 ok at p = 1 (slope 0, defined on both sides), gamma 0.5 domain at 1 and
ok a ulp below, from logits unstable at 40 (1 - p = 0), -800 (log 0) and float32 20; hinge domain on the margin, the
squared hinge ok there; Huber ok at delta (C1, also in delta itself) and at 0 (abs's kink in the unselected branch),
the forgetful Huber domain (a jump of 1/2), smooth-L1 ok at beta in float32; the MLP ok (tanh saturated at 20 too),
ReLU domain at a zero pre-activation, log(1 + exp) unstable at 750, np.logaddexp ok; the LSTM step unstable at -400
(exp(800) overflows) and at 400 (f's slope e^-399.5 = 2e-174 lost in the rule's divide), the GRU at 1600, float32 at
-50; the np.where sigmoid unstable at +-800 (the unselected branch's inf / inf), exp(-logaddexp) ok; attention ok with
-1e9, -inf and additive masks, ok with every key -1e9 (uniform: slopes 0), domain with every key -inf, unshifted
unstable at scores of 848; max-pooling domain at ties (both spellings), max + min ok through a tie; convolutions ok,
a learned kernel into ReLU domain where a correlation is exactly 0; MSE ok near 1e4 in both dtypes, the expanded form
unstable in both.

Truths the round corrected in itself:
- my slips: focal (gamma 2) at p = 1 is ok with slope 0: the mirror had returned NaN for p > 1, where (1 - p)^2 is
  defined; max_pool and L2-normalize in float32 hold the read-out weights as float32 (3e-8 relative apart).
- gradcli right: attention with every key masked by -inf is domain with q's slope 0, not NaN: np.where drops every
  score, so q never reaches the -inf - -inf (README: inputs that do not move a pole keep their slopes); L2-normalize in
  float32 at 1e-20 is ok, not unstable (above); the MLP with tanh saturated at 20 is ok, not unstable: tanh's rule is
  upstream / cosh(x)^2, which keeps 1.7e-17 where 1 - tanh(x)^2 would give 0.
- wrong, not unstable (as cases67c's Adam at g = 0): F.normalize's x / np.maximum(norm, 1e-12) and the cosine's
  np.maximum(|a| |b|, 1e-8) at a zero vector are x / eps near 0, smooth, slope READ / 1e-12 (b / 1e-8), but sqrt's rule
  at 0 gives 0.5 / sqrt(0) times the upstream 0 = NaN at every precision: the rule is wrong there (the finding says so).

Findings: none. Observed, not a case: in the first run two checks ended in an internal error, exit 3, "TypeError:
cannot unpack non-iterable NoneType object" (info_nce_naive at q = [0.8, 0.4], temp = 1e-3; info_nce at q = [0.6, 0.8],
temp = 1e-3), with another gradcli process running and the machine's load near 4 on 2 cores; neither came back in 20
reruns and two runs of the whole set (one at a time, in pairs, with a fresh XDG_CACHE_HOME, with --debug), so no
traceback was caught, and both cases pass. Tried: gradcli --debug check tests/trials/lib68c.py:info_nce --at
"q=[0.6,0.8],temp=0.001" --dtype float64 --json --max-time 600.
"""

import math

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases30b import sided_grad
from cases59c import _txt  # a point as its case id writes it
from cases62c import fixed  # a truth given entry by entry (mpf, NaN)

L = "lib68c.py"
NAN = mpmath.nan
log, exp, sqrt = mpmath.log, mpmath.exp, mpmath.sqrt

from lib68c import K_ATT, KEEP, KERNEL, KEYS, LABELS, LN_OUT, MASK, READ, SMOOTH, TARGETS, V_ATT, X, Y  # noqa: E402


def D64(v):
    return mpf(float(v))


def D32(v):
    return mpf(float(numpy.float32(v)))


# --- the mathematics, in mpmath ---------------------------------------------------------------------------------------
# R holds a Python float of the user's module as the dtype holds it where it meets the dtype's data (float32's
# rounding in float32); np.array(...) constants are float64 arrays, D64 in every dtype.

def read(y, R=D64):
    return mpmath.fsum(R(c) * v for c, v in zip(READ, y))


def mean(v):
    return mpmath.fsum(v) / len(v)


def m_batch_norm(R=D64, eps=1e-5):
    def f(x):
        mu = mean(x)
        var = mean([(v - mu) ** 2 for v in x])
        s = sqrt(var + R(eps))
        return read([(v - mu) / s for v in x], R)
    return f


def m_batch_norm_affine(x, gamma, beta):
    mu = mean(x)
    s = sqrt(mean([(v - mu) ** 2 for v in x]) + D64(1e-5))
    return read([gamma * (v - mu) / s + beta for v in x])


def m_layer_norm(x):
    total = mpf(0)
    for row, coef in zip(x, LN_OUT):
        mu = mean(row)
        s = sqrt(mean([(v - mu) ** 2 for v in row]) + D64(1e-5))
        total += mpmath.fsum(D64(c) * (v - mu) / s for c, v in zip(coef, row))
    return total


def m_rms_norm(R=D64):
    def f(x):
        s = sqrt(mean([v * v for v in x]) + R(1e-6))
        return read([v / s for v in x], R)
    return f


def norm(v):
    return sqrt(mpmath.fsum(a * a for a in v))


def m_l2(R=D64):
    def f(x):
        n = norm(x)
        return read([v / n for v in x], R)
    return f


def m_l2_eps(x):
    n = max(norm(x), D64(1e-12))
    return read([v / n for v in x])


def m_cosine(R=D64):
    def f(a, b):
        return mpmath.fsum(u * v for u, v in zip(a, b)) / max(norm(a) * norm(b), R(1e-8))
    return f


def m_triplet(eps=None, squared=False):
    def f(a, p, n):
        dp = mpmath.fsum((u - v) ** 2 for u, v in zip(a, p))
        dn = mpmath.fsum((u - v) ** 2 for u, v in zip(a, n))
        if squared:
            return max(dp - dn + D64(0.2), mpf(0))
        if eps is not None:
            dp, dn = dp + D64(eps), dn + D64(eps)
        return max(sqrt(dp) - sqrt(dn) + 1, mpf(0))
    return f


def m_info_nce(q, temp):
    logits = [mpmath.fsum(D64(k) * v for k, v in zip(key, q)) / temp for key in KEYS]
    top = max(logits)
    return -logits[0] + top + log(mpmath.fsum(exp(v - top) for v in logits))


def m_label_smooth(R=D64):
    def f(z):
        top = max(z)
        lse = top + log(mpmath.fsum(exp(v - top) for v in z))
        return -mpmath.fsum(R(c) * (v - lse) for c, v in zip(SMOOTH, z))
    return f


def m_focal(gamma):
    def f(p):
        if p > 1 and gamma != int(gamma):
            return NAN  # (1 - p)^0.5 of a negative number
        return -((1 - p) ** gamma) * log(p)
    return f


def m_focal_logits(z):
    q = 1 / (1 + exp(z))  # 1 - p
    return -(q ** 2) * -log(1 + exp(-z)) if z > 0 else -(q ** 2) * (z - log(1 + exp(z)))


def m_hinge(squared=False):
    def f(s):
        terms = [max(mpf(0), 1 - D64(y) * v) for y, v in zip(LABELS, s)]
        return mpmath.fsum(t ** 2 for t in terms) if squared else mpmath.fsum(terms)
    return f


def m_huber(delta=1.0, forgot=False):
    def f(r):
        out = []
        for v in r:
            a = abs(v)
            out.append(v * v / 2 if a <= delta else (a if forgot else delta * (a - mpf(delta) / 2)))
        return mpmath.fsum(out)
    return f


def m_huber_delta(r, delta):
    return mpmath.fsum(v * v / 2 if abs(v) <= delta else delta * (abs(v) - delta / 2) for v in r)


def m_smooth_l1(R=D64):
    b = R(0.1)

    def f(r):
        return mpmath.fsum(v * v / 2 / b if abs(v) < b else abs(v) - R(0.5 * 0.1) for v in r)
    return f


def softplus(a):
    return log(1 + exp(a)) if a < 0 else a + log(1 + exp(-a))


def m_mlp(act):
    xs, ys = [[D64(v) for v in row] for row in X], [D64(v) for v in Y]

    def f(W1, w2):
        errs = []
        for row, y in zip(xs, ys):
            h = [act(mpmath.fsum(a * b for a, b in zip(row, wr))) for wr in W1]
            errs.append(mpmath.fsum(a * b for a, b in zip(h, w2)) - y)
        decay = mpmath.fsum(v * v for wr in W1 for v in wr) + mpmath.fsum(v * v for v in w2)
        return mean([e * e for e in errs]) + D64(0.5 * 1e-4) * decay
    return f


def relu(a):
    return max(a, mpf(0))


def m_dropout(x):
    return read([v * D64(m) / D64(1.0 - 0.25) for v, m in zip(x, MASK)])


def sig(z):
    return 1 / (1 + exp(-z))


def m_lstm(R=D64):
    def f(x):
        i, fg, o, g = sig(2 * x), sig(R(0.5) - x), sig(x), mpmath.tanh(x)
        c = fg * R(0.5) + i * g
        return o * mpmath.tanh(c) + c
    return f


def m_gru(x, h):
    z, r = sig(x / 2 + 2 * h), sig(h - x)
    n = mpmath.tanh(D64(1.5) * x + D64(0.8) * r * h)
    return (1 - z) * n + z * h


def m_sigmoid_read(x):
    return read([sig(v) for v in x])


SQRT2 = D64(math.sqrt(2.0))


def m_attention(keep, fill=None, additive=False):
    """fill None: a masked score drops out (-inf); else it is the number fill; additive: score + (-10000)."""
    def f(q):
        s = [mpmath.fsum(D64(k) * v for k, v in zip(key, q)) / SQRT2 for key in K_ATT]
        if additive:
            s = [v if m else v + D64(-10000.0) for v, m in zip(s, keep)]
            kept = s
            vals = V_ATT
        elif fill is None:
            kept = [v for v, m in zip(s, keep) if m]
            vals = [row for row, m in zip(V_ATT, keep) if m]
        else:
            kept = [v if m else D64(fill) for v, m in zip(s, keep)]
            vals = V_ATT
        top = max(kept)
        e = [exp(v - top) for v in kept]
        tot = mpmath.fsum(e)
        out = [mpmath.fsum(w / tot * D64(row[j]) for w, row in zip(e, vals)) for j in range(2)]
        return read(out)
    return f


def m_max_pool(R=D64):
    return lambda x: read([max(x[0], x[1]), max(x[2], x[3])], R)


def m_max_overlap(x):
    return read([max(a, b) for a, b in zip(x[:-1], x[1:])])


def m_pair_sum(x):
    return read([x[0] + x[1], x[2] + x[3]])


def m_avg_pool(x):
    return read([(x[0] + x[1]) / 2, (x[2] + x[3]) / 2])


def m_conv(R=D64):
    k = [R(v) for v in KERNEL]

    def f(x):
        out = [k[2] * x[i] + k[1] * x[i + 1] + k[0] * x[i + 2] for i in range(len(x) - 2)]
        return read([v * v for v in out], R)
    return f


def m_conv_kernel(x, k):
    out = [mpmath.fsum(x[i + j] * k[j] for j in range(len(k))) for i in range(len(x) - len(k) + 1)]
    return read([relu(v) for v in out])


def m_mse(pred):
    return mean([(p - D64(t)) ** 2 for p, t in zip(pred, TARGETS)])


# --- cases ------------------------------------------------------------------------------------------------------------

def C(function, mirror, verdict="ok", dtype="float64", **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict,
                sided_grad(mirror, dtype, **pt))


def H(function, truth, verdict="ok", dtype="float64", **pt):
    """A case whose truth is written by hand."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict, truth)


B3 = [1.0, 2.0, 4.0]
FLAT3 = [2.0, 2.0, 2.0]
V4 = [1.0, -2.0, 0.5, 3.0]
Z4 = [0.0, 0.0, 0.0, 0.0]
TINY4 = [1e-200, 2e-200, -1e-200, 3e-200]
A3, B3b = [1.0, 2.0, 0.5], [0.5, -1.0, 2.0]
W1 = [[0.5, -0.3], [0.2, 0.8]]
W2 = [1.0, -0.5]
Q = [1.0, 2.0]
X5 = [1.0, 2.0, -1.0, 0.5, 3.0]

ALL = [
    # batch norm: eps, no eps, one-pass variance, affine; layer norm; RMSNorm
    C("batch_norm", m_batch_norm(), x=B3),
    C("batch_norm", m_batch_norm(), x=FLAT3),  # var exactly 0: x_hat's slope is 1/sqrt(eps) times the centred read-out
    C("batch_norm", m_batch_norm(), x=[0.1, 0.1, 0.1]),
    C("batch_norm", m_batch_norm(D32), dtype="float32", x=B3),
    C("batch_norm", m_batch_norm(D32), dtype="float32", x=FLAT3),
    C("batch_norm_noeps", m_batch_norm(eps=0.0), x=B3),
    H("batch_norm_noeps", fixed(x=[NAN] * 3), "domain", x=FLAT3),  # (x - mu) / sqrt(0) = 0 / 0
    # the exact mean of three equal 0.1s is 0.1 (0 / 0 again); float64 sums to 0.30000000000000004
    H("batch_norm_noeps", fixed(x=[NAN] * 3), "domain", x=[0.1, 0.1, 0.1]),
    C("batch_norm_onepass", m_batch_norm(), x=B3),
    C("batch_norm_onepass", m_batch_norm(), x=FLAT3),  # E[x^2] - E[x]^2 = 4 - 4 exactly
    C("batch_norm_onepass", m_batch_norm(), "unstable", x=[10000.0, 10001.0, 10002.0]),  # 1e8 - 1e8 for 0.667
    C("batch_norm_onepass", m_batch_norm(D32), "unstable", dtype="float32", x=[100.0, 101.0, 102.0]),
    C("batch_norm_affine", m_batch_norm_affine, x=FLAT3, gamma=1.5, beta=0.1),
    C("layer_norm", m_layer_norm, x=[[1.0, 2.0, 4.0], [3.0, 3.0, 3.0]]),
    C("rms_norm", m_rms_norm(), x=V4),
    C("rms_norm", m_rms_norm(), x=Z4),
    C("rms_norm", m_rms_norm(), x=TINY4),
    C("rms_norm", m_rms_norm(D32), dtype="float32", x=Z4),
    # L2-normalize and cosine similarity
    C("l2_normalize", m_l2(), x=V4),
    H("l2_normalize", fixed(x=[NAN] * 4), "domain", x=Z4),
    C("l2_normalize", m_l2(), "unstable", x=TINY4),  # x * x underflows: the norm is 0, x / 0
    C("l2_normalize_sqrt", m_l2(), "unstable", x=TINY4),
    # float32: x * x = 1e-40 is subnormal, 6 digits of it kept: within float32's 1e-4; at 1e-22 (1e-44) one digit
    C("l2_normalize", m_l2(D32), dtype="float32", x=[1e-20, 2e-20, -1e-20, 3e-20]),
    C("l2_normalize", m_l2(D32), "unstable", dtype="float32", x=[1e-22, 2e-22, -1e-22, 3e-22]),
    C("l2_normalize_eps", m_l2_eps, x=V4),
    C("l2_normalize_eps", m_l2_eps, "wrong", x=Z4),  # x / 1e-12 near 0; the norm's rule at 0 is 0 * (0 / 0)
    C("l2_normalize_eps", m_l2_eps, "unstable", x=TINY4),
    C("cosine_eps", m_cosine(), a=A3, b=B3b),
    C("cosine_eps", m_cosine(), a=A3, b=A3),  # parallel: every slope exactly 0
    C("cosine_eps", m_cosine(), "wrong", a=[0.0, 0.0, 0.0], b=B3b),  # a . b / 1e-8 near a = 0
    C("cosine_eps", m_cosine(D32), dtype="float32", a=A3, b=B3b),
    # triplet losses
    C("triplet", m_triplet(), a=[0.0, 0.0], p=[0.5, 0.5], n=[1.0, -1.0]),
    C("triplet", m_triplet(), "domain", a=[0.5, 0.5], p=[0.5, 0.5], n=[1.0, 0.0]),  # ||a - p|| at 0
    C("triplet", m_triplet(), "domain", a=[0.0, 0.0], p=[3.0, 4.0], n=[6.0, 0.0]),  # on the hinge: 5 - 6 + 1 = 0
    C("triplet", m_triplet(), a=[0.0, 0.0], p=[3.0, 4.0], n=[10.0, 0.0]),  # inactive: slopes 0
    C("triplet_eps", m_triplet(1e-12), a=[0.5, 0.5], p=[0.5, 0.5], n=[1.0, 0.0]),
    C("triplet", m_triplet(), "domain", dtype="float32", a=[0.5, 0.5], p=[0.5, 0.5], n=[1.0, 0.0]),
    C("triplet_squared", m_triplet(squared=True), a=[0.5, 0.5], p=[0.5, 0.5], n=[1.0, 0.0]),
    # InfoNCE: logits K q / temp
    C("info_nce_naive", m_info_nce, q=[0.6, 0.8], temp=0.07),
    C("info_nce", m_info_nce, q=[0.6, 0.8], temp=0.07),
    C("info_nce_naive", m_info_nce, "unstable", q=[0.8, 0.4], temp=1e-3),  # exp(800) overflows
    C("info_nce", m_info_nce, q=[0.8, 0.4], temp=1e-3),  # max-shifted: logits 0 and 1 nearly tie at 800
    C("info_nce", m_info_nce, "unstable", q=[0.6, 0.8], temp=1e-3),  # slopes e^-400 small, by p0 - 1 = 0
    # label-smoothed cross-entropy
    C("label_smooth", m_label_smooth(), z=[2.0, 0.5, -1.0, 0.0]),
    C("label_smooth_naive", m_label_smooth(), "unstable", z=[0.0, 800.0, 0.0, 0.0]),
    C("label_smooth", m_label_smooth(), z=[0.0, 800.0, 0.0, 0.0]),
    C("label_smooth_naive", m_label_smooth(D32), "unstable", dtype="float32", z=[0.0, 100.0, 0.0, 0.0]),
    C("label_smooth", m_label_smooth(D32), dtype="float32", z=[0.0, 100.0, 0.0, 0.0]),
    # focal loss
    C("focal", m_focal(2), p=0.3),
    C("focal", m_focal(2), p=1.0),  # (1 - p)^2 log p: slope 0, defined on both sides
    H("focal_half", fixed(p=NAN), "domain", p=1.0),  # (1 - p)^0.5: no right side
    C("focal_half", m_focal(mpf(1) / 2), p=0.9999999999999999),
    C("focal_logits", m_focal_logits, z=2.0),
    C("focal_logits", m_focal_logits, "unstable", z=40.0),  # 1 - p = 0 for 4.2e-18
    C("focal_logits", m_focal_logits, "unstable", z=-800.0),  # p = 1 / inf = 0: log 0
    C("focal_logits", m_focal_logits, "unstable", dtype="float32", z=20.0),
    # hinge, squared hinge, Huber, smooth-L1
    C("hinge", m_hinge(), s=[2.0, -2.0, 0.5]),
    C("hinge", m_hinge(), "domain", s=[1.0, -1.0, 0.5]),  # on the margin
    C("squared_hinge", m_hinge(True), s=[1.0, -1.0, 0.5]),  # C1 on the margin
    C("huber", m_huber(), r=[1.0, -2.0, 0.3]),  # C1 at delta
    C("huber", m_huber(), r=[0.0, 0.5, -3.0]),  # abs's kink in the unselected branch
    C("huber_delta", m_huber_delta, r=[1.5, -0.2], delta=1.5),  # C1 in r and in delta
    C("huber_forgot", m_huber(forgot=True), "domain", r=[1.0, -2.0, 0.3]),  # 0.5 against 1: a jump
    C("smooth_l1", m_smooth_l1(D32), dtype="float32", r=[0.1, -0.05, 2.0]),  # 0.1 held as float32 on both sides
    # a two-layer MLP with weight decay
    C("mlp_tanh", m_mlp(mpmath.tanh), W1=W1, w2=W2),
    C("mlp_tanh", m_mlp(mpmath.tanh), W1=[[40.0, 0.0], [0.2, 0.8]], w2=W2),  # tanh'(20) = 1.7e-17 kept
    C("mlp_relu", m_mlp(relu), "domain", W1=[[1.0, 0.5], [0.2, 0.8]], w2=W2),  # 0.5 - 0.5 = 0: a kink
    C("mlp_softplus_naive", m_mlp(softplus), W1=W1, w2=W2),
    C("mlp_softplus_naive", m_mlp(softplus), "unstable", W1=[[500.0, 0.0], [0.2, 0.8]], w2=W2),  # exp(750)
    C("mlp_softplus", m_mlp(softplus), W1=[[500.0, 0.0], [0.2, 0.8]], w2=W2),
    C("dropout", m_dropout, x=V4),
    # recurrent cells, sigmoid as 1 / (1 + exp(-x))
    C("lstm_step", m_lstm(), x=0.5),
    C("lstm_step", m_lstm(), "unstable", x=-400.0),  # sigmoid(-800): exp(800) overflows
    C("lstm_step", m_lstm(), "unstable", x=400.0),  # f's slope e^-399.5 = 2e-174 lost in the rule's divide
    C("lstm_step", m_lstm(D32), "unstable", dtype="float32", x=-50.0),  # exp(100) overflows float32
    C("gru_step", m_gru, x=0.5, h=-0.3),
    C("gru_step", m_gru, "unstable", x=1600.0, h=0.0),  # sigmoid(-1600)
    C("sigmoid_where", m_sigmoid_read, "unstable", x=[800.0, -800.0, 1.0, 0.0]),  # the unselected inf / inf
    C("sigmoid_logaddexp", m_sigmoid_read, x=[800.0, -800.0, 1.0, 0.0]),
    # attention
    C("attention_1e9", m_attention(KEEP, -1e9), q=Q),
    C("attention_inf", m_attention(KEEP), q=Q),
    C("attention_none_1e9", m_attention([False] * 3, -1e9), q=Q),  # uniform: slopes 0
    # every score -inf: the value is -inf - -inf = NaN whatever q is, so the function has no value anywhere near and
    # q has no slope, though np.where drops its scores (domain_slopes.no_value_near)
    H("attention_none_inf", fixed(q=[NAN] * 2), "domain", q=Q),
    C("attention_additive", m_attention(KEEP, additive=True), q=Q),
    C("attention_unshifted", m_attention([True] * 3), q=Q),
    C("attention_unshifted", m_attention([True] * 3), "unstable", q=[800.0, 800.0]),  # exp(848) overflows
    # pooling, convolution
    C("max_pool", m_max_pool(), x=[1.0, 3.0, 2.0, 0.0]),
    C("max_pool", m_max_pool(), "domain", x=[2.0, 2.0, 1.0, 0.0]),  # a tie in the first window
    C("max_pool", m_max_pool(D32), dtype="float32", x=[1.0, 3.0, 2.0, 0.0]),
    C("max_pool_overlap", m_max_overlap, "domain", x=[1.0, 3.0, 3.0, 0.0]),
    C("max_plus_min", m_pair_sum, x=[2.0, 2.0, 1.0, 0.0]),  # max + min = a + b through the tie
    C("avg_pool", m_avg_pool, x=[1.0, 3.0, 2.0, 0.0]),
    C("conv1d", m_conv(), x=X5),
    C("conv1d_loop", m_conv(D32), dtype="float32", x=X5),
    C("conv1d_kernel", m_conv_kernel, x=[1.0, 2.0, -1.0, 0.5], k=[0.5, 1.5]),
    C("conv1d_kernel", m_conv_kernel, "domain", x=[1.0, 2.0, -1.0, 0.5], k=[0.5, 1.0]),  # 1 - 1 = 0 into ReLU
    # MSE with targets near 1e4
    C("mse", m_mse, pred=[10000.1, 10001.0, 9999.0]),
    C("mse", m_mse, dtype="float32", pred=[10000.1, 10001.0, 9999.0]),
    C("mse_expanded", m_mse, "unstable", pred=[10000.1, 10001.0, 9999.0]),
    C("mse_expanded", m_mse, "unstable", dtype="float32", pred=[10000.1, 10001.0, 9999.0]),
]
