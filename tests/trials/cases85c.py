"""The eighty-fifth round (c) of user trials: psychometrics and item response models written with gradcli.numpy
(tests/trials/lib85c.py).

The likelihoods and reliability formulas that test calibration and ability estimation fit by gradient (tests/trials/
lib85c.py, gradcli.numpy, gradcli.scipy.special.logsumexp and gradcli.scipy.stats.norm): the Rasch and 2PL
log-likelihoods sum y log p + (1 - y) log(1 - p), p = 1 / (1 + exp(-a (theta - b))) (one item with the response an int
held out by --wrt, and a five-item sample), at discrimination 0, a reversed item, logits of +-40 (p or 1 - p rounds to
1), 30 and -800 (exp overflows), float32 logits of 20; the same with np.where picking the log, and stably by
logaddexp; the 3PL c + (1 - c) sigmoid(.) at c = 0, 0.2 and 1, one item and the sample, and its item information at
c = 0 and 1; the graded response model's P*_1 - P*_2 at ordered, equal (float32 too), disordered and 1e-9-apart
thresholds, at a = 0, its extreme categories at logits of +-40, and a four-examinee likelihood; the generalised partial
credit model's softmax of cumulative sums (exp / sum and by logsumexp) at a = 0, at theta = +-300 and float32 30;
the normal ogive log Phi(a (theta - b)) at -40 (Phi underflows), -38 (subnormal) and float32 -14, and by norm.logcdf;
Thurstone's paired comparisons n12 log Phi(d) + n21 log Phi(-d), d = (mu1 - mu2) / sqrt(2 sigma^2), at d = 0,
sigma = 0 with mu1 = mu2 (0 / 0) and d = 42; Phi(mu1 - mu2; 0, sigma) at sigma = 0 and -0.5; an ideal-point model
sigmoid(alpha - |theta - b|^2) with the distance by np.linalg.norm (squared, and linear) and by a sum of squares at
theta = b; test information sum a^2 p (1 - p) and the standard error 1 / sqrt(I) at a = 0 and theta = 40; three
Newton steps of the ML ability (ordinary, float32, a = 0); Cronbach's alpha k / (k - 1) (1 - sum var_i / var_total)
at identical rows (0 / 0), items that trade off exactly (every total 1), k = 1 (Python's int k / (k - 1)) and totals
0.1 + 0.7, 0.2 + 0.6, 0.3 + 0.5; Spearman-Brown at its pole; r / sqrt(rxx ryy) at rxx = 0, r = rxx = 0 and where
rxx ryy underflows (1e-200 each; float32 1e-23).

Tried: 25 functions, 116 cases through the CLI judged by tests/trials/judge.py (at most two gradcli processes at once; a
scratch driver runs the CLI in two threads and judges in the main one), and scratch probes by hand (poles of log(a b),
log(sin(a b)), 0 * log of products and of sums, p log(p / q)); then trimmed of 8 ordinary or repeated cases. ALL keeps
108 (57 ok, 29 unstable, 19 domain, 2 wrong, 1 error; 80 float64, 28 float32) over 25 functions. 103 agree with
gradcli in verdict and every exact gradient entry (to 1e-10 relative); 5 disagree: F1 (2), F2 (3). Every check took
2.8-13.9 s on the loaded machine (two at once); every truth under 7 s but Thurstone's at d = 42 (17.7 s: Phi(-42) at
2,000 digits); the full run of 116 cases 5 min 3 s, the last of the 108 kept 5 min 29 s.

Truths are written here from the mathematics, never lib85c's code or gradcli: log-likelihoods by log sigmoid taken
from its non-cancelling side (-log1p(e^-z), z - log1p(e^z)), 1 - P of the 3PL as (1 - c) sigmoid(-z), the GRM's
difference of sigmoids as (e^x1 - e^x2) / ((1 + e^x1)(1 + e^x2)), the GPCM as z_k - log sum e^z, the ogive and
Thurstone by mpmath.ncdf with sqrt(2 sigma^2) = sqrt 2 |sigma|, the 3PL information as a^2 (1 - c) s^2 s(-z) / P,
Cronbach's alpha in its covariance form k / (k - 1) 2 sum_(i<j) cov_ij / var_total, the Newton steps re-run in
mpmath; the derivative from the left and the right by mpmath.diff at 2,000 digits (cases30b.sided_grad with
finite_sides: NaN where the sides differ or one is undefined or infinite); by hand the points with no value (all NaN),
the poles whose other inputs keep their slopes (the README's rule, the limits of those slopes checked at 200 digits
with the pole 1e-30 and 1e-60 away), and Cronbach's alpha at k = 1, which raises ZeroDivisionError for every X (error,
as the README's "the target raised"). The points are the numbers the dtype holds.

What agreed: the Rasch and 2PL sums ok at ordinary points, a = 0, a reversed item, theta = -40 (the right answers' p =
e^-40 held; the wrong answers' log(1 - p) rounds beside -40 .. -80 terms); unstable at theta = 40 (log(1 - p) =
log 0 for the wrong answers), -800 (exp overflows) and float32 20; one item unstable at a logit of 40 for y = 1
(log p = -4.2e-18 comes out 0, its slopes right) and y = 0 (log 0), of -40 for y = 0 (the same as +40, y = 1), of 30
(1 - p = 9.4e-14 keeps 3 digits) and float32 20; np.where's form unstable where the right answers saturate (the
untaken log(1 - p) = -inf: where's 0 times its slope -inf is NaN, sound at high precision), logaddexp's ok there, at
-800 and in float32. The 3PL ok at c = 0 and 0.2 (float32 too), unstable for a wrong answer at a logit of 40, domain
at c = 1 (below); its information ok, domain at c = 1 (0 / 0 at the point). The GRM ok at ordered thresholds (float32
too) and its likelihood of four, domain at disordered thresholds, unstable 1e-9 apart (s1 - s2 = 3.5e-10 cancels) and
for the lowest category at a logit of 40, ok for the highest at -43. The GPCM ok at a = 0 and ordinary points (float32
too), unstable at theta = 300 (inf / inf) and float32 30, at -300 for the highest category (e^-1350 = 0) and the
lowest (its value -2.5e-196 comes out log 1.0 = 0); by logsumexp ok at -300, unstable at the dominant category (below).
The ogive ok at ordinary points and a = 0, unstable at -40, -38 (phi / Phi from subnormals) and float32 -14, by
logcdf ok there. Thurstone ok at d = 0, domain at sigma = 0 with mu1 = mu2, unstable at d = 42 (Phi(-d) underflows);
Phi(.; 0, sigma) domain at sigma = 0 and -0.5. The ideal point wrong at theta = b where the distance is
np.linalg.norm(..) ** 2 (smooth, slopes 0; norm's rule 0 / 0; float32 too), ok by a sum of squares, domain with the
linear distance (a cone; alpha keeps 1 - sigmoid(1)). Test information ok (a = 0: slopes 0), unstable at theta = 40
(every 1 - p rounds to 0) and, at the ordinary point, in float32 (below); the standard error ok, domain at a = 0,
unstable at theta = 40 (1 / sqrt(0)); Newton's ability ok (float32 too), domain at a = 0 (0 / 0). Cronbach's alpha ok
(float32 too), domain at identical rows and at items trading off (sum var_i / 0), error at k = 1, unstable at the
0.1 + 0.7 totals (the held doubles' totals differ by 1e-16, var_total 5e-33, alpha -1e32; the rounded totals make it
anything). Spearman-Brown ok, domain at its pole; the corrected correlation ok, domain at rxx = 0 (r / 0, 0 / 0),
unstable where rxx ryy underflows (float32 too).

Truths the round corrected in itself (against the first CLI batch; each re-derived by hand before changing it):
- twopl_item at a logit of -40 with y = 0, first ok (1 - p "rounds harmlessly"): the value log(1 - p) = -4.2e-18 comes
  out log 1.0 = 0, the README's "loses the value": unstable, as at +40 with y = 1;
- gpcm_logprob's lowest category at theta = -300, first ok: the same, its value -2.5e-196 comes out 0: unstable;
- gpcm_logprob_stable at its dominant category (theta = 300, float32 30), first ok for being logsumexp: the value
  -2.5e-196 is 0 and the slopes z_3' - sum p_j z_j' are 4.5 - 4.5, computed -5.0e-195 where they are +2.5e-195:
  unstable;
- test_information in float32 at the ordinary point, first ok: a[4]'s slope p (1 - p)(2a + a^2 (1 - 2p)(theta - b))
  is p (1 - p)(4 - 4.0013), 3000-fold cancellation, 3.4e-4 off: unstable (float64 keeps 12 digits: ok; float32 at
  a = 1 everywhere: ok);
- threepl_loglik and a wrong answer's threepl_item at c = 1, first all NaN: 1 - P = (1 - c)(1 - s), log(1 - P) =
  log(1 - c) + log(1 - s): c moves the pole, theta, a, b keep log(1 - s)'s slopes (the README's rule, and gradcli's);
- a right answer's threepl_item at c = 1, first ok with the value log 1 = 0: the program computes (1 - y) log(1 - P)
  too, 0 * log 0 = NaN, so the point has no value and c no slope (c > 1: 0 * log of a negative number): domain, with
  theta, a, b keeping 0 by the README's 0 * log(0) rule (F1);
- grm_logprob at b1 = b2 and at a = 0, first all NaN: by the README's rule the inputs that do not move the pole keep
  their slopes' limits (F2).

Findings:
F1: inputs that meet a 0 * log(0) without moving it lose their slopes when the log's argument is c + (1 - c) sigmoid(.)
beside another term. The README: "and so do those a NaN value never meets ..., or 0 * log(0) (`sum(p*log(p/q))` with
`p[0] = 0`: `q` keeps its slopes)". A 3PL item answered right, y log P + (1 - y) log(1 - P) with y = 1 and c = 1: P = 1
for every theta, a, b, so y log P = 0 (slopes (1 - c)(..) = 0) and (1 - y) log(1 - P) = 0 * log 0 = NaN whatever
theta, a, b are: they keep 0, c has none (domain, right). gradcli: exact theta, a, b NaN ("no derivative: the
function's exact value here is nan"). In the sample (threepl_loglik, the right answers' terms 0 * log 0, the wrong
answers' log 0) gradcli keeps theta's -0.6901 (sum over the wrong answers of -a s) and the wrong answers' a and b,
but gives NaN for the right answers' a[0], a[2], a[3], b[0], b[2], b[3], which meet the same 0 * log 0 as theta and
keep 0. Reproduction: a scratch file (import gradcli.numpy as np) with `def sig(z): return 1.0 / (1.0 + np.exp(-z))`
and `def item1(t, c): P = c + (1.0 - c) * sig(t); return np.log(P) + 0.0 * np.log(1.0 - P)`; `gradcli check
FILE:item1 --at "t=0.5,c=1.0" --dtype float64 --json`: domain, exact t nan, c nan. Sure because gradcli itself gives
t 0.0 for each term alone (np.log(P): ok, t 0, c 1 - s(0.5) = 0.3775; 0.0 * np.log(1.0 - P): domain, t 0.0)
and for the same sum with P = c + (1 - c) t (t 0.0), and p * log(p / q) keeps q[0]'s 0; the sum of two terms
whose t-slopes are both 0 (the second by the README's own rule) has t-slope 0.
  Mended: the NaN's origins (0 * log 0) pass nothing back from their NaN entries when the slopes beside the NaN are
  taken, nor do the arguments of their shape that are no number at those entries (log(1 - P) = -inf), where before
  the origin's 0 reached log's rule as 0 / 0: item1 and threepl_item keep t, theta, a, b at 0, threepl_loglik the
  right answers' a and b.
F2: at a pole of log reached through a difference of sigmoids (or a sine), the inputs that do not move it get NaN,
where the README keeps their slopes ("at a pole, the inputs that do not move it keep their slopes"). grm_logprob's
middle category log(s(a (theta - b1)) - s(a (theta - b2))): at b1 = b2 = 0 (theta 0.2, a 1.5) P(1) = 0 for every theta
and a; b1, b2 move the pole; log P(1) = log(b2 - b1) + log a + log s'(z1) + O(b2 - b1), and theta's and a's slopes
tend to a (1 - 2 s(z1)) = -0.22332755043497697 and 1 / a + theta (1 - 2 s(z1)) = 0.63688965994200307 (mpmath at 200
digits with b2 = 1e-30 and 1e-60 agree to 20 digits); gradcli: NaN (float32 the same). At a = 0 (b1 -0.5, b2 0.5):
a moves the pole, log P(1) = log a + log((b2 - b1) / 4) + O(a^2): theta keeps 0, b1 -1 / (b2 - b1) = -1, b2 1 (mpmath
with a = 1e-30: -1.0, 1.0, theta -1e-61); gradcli keeps theta's 0 but gives b1 and b2 NaN, though they move the pole
no more than theta does. Reproduction: a scratch file with `def logab(a, b): return np.log(a * b)` and `def logsin(a,
b): return np.log(np.sin(a * b))`; `gradcli check FILE:logab --at "a=0.0,b=2.0" --json`: domain, exact a nan, b 0.5;
the same for logsin: domain, exact a nan, b nan, where b's slope a cos(a b) / sin(a b) tends to 1 / b = 0.5 as for
log(a * b) (and `np.log(a * (b2 - b1))` at b1 = b2 keeps a's 1 / a, at a = 0 b1's -1 and b2's 1). Sure because each
input named does not move the pole (the value stays -inf along it) and its slope has one limit however the pole's own
input approaches from the side where the function is defined, the reading gradcli gives log(a * b) and theta at a = 0.
"""

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad

L = "lib85c.py"
NAN = mpmath.nan
exp, log, sqrt = mpmath.exp, mpmath.log, mpmath.sqrt
Y5 = [1, 0, 1, 1, 0]


def _txt(v):
    if isinstance(v, list):
        return "[" + ",".join(_txt(a) for a in v) + "]"
    if isinstance(v, int):
        return str(v)  # an int typed as such: data the program reads (a response, a category), held out by --wrt
    return repr(float(v))


def HELD(dtype):
    return (lambda v: mpf(float(numpy.float32(v)))) if dtype == "float32" else (lambda v: mpf(float(v)))


def sig(z):
    return 1 / (1 + exp(-z))


def logsig(z):
    """log sigmoid(z), from the side where it does not cancel."""
    return -mpmath.log1p(exp(-z)) if z > 0 else z - mpmath.log1p(exp(z))


# --- the mathematics, in mpmath ---------------------------------------------------------------------------------------

def m_rasch(theta, b):
    return sum(logsig(theta - bi) if y else logsig(bi - theta) for bi, y in zip(b, Y5))


def m_2pl_item(y):
    def f(theta, a, b):
        z = a * (theta - b)
        return y * logsig(z) + (1 - y) * logsig(-z)
    return f


def m_2pl(theta, a, b):
    return sum(logsig(ai * (theta - bi)) if y else logsig(-ai * (theta - bi)) for ai, bi, y in zip(a, b, Y5))


def _3pl_logs(z, c):
    """log P and log(1 - P) for P = c + (1 - c) s(z): 1 - P = (1 - c) s(-z)."""
    P = c + (1 - c) * sig(z)
    Q = (1 - c) * sig(-z)
    return _flog(P), _flog(Q)


def m_3pl(theta, a, b, c):
    total = mpf(0)
    for ai, bi, y in zip(a, b, Y5):
        lp, lq = _3pl_logs(ai * (theta - bi), c)
        total += lp if y else lq
    return total


def m_3pl_item(y):
    def f(theta, a, b, c):
        lp, lq = _3pl_logs(a * (theta - b), c)
        return lp if y else lq
    return f


def m_3pl_info(theta, a, b, c):
    s = sig(a * (theta - b))
    return a ** 2 * (1 - c) * s ** 2 * sig(-a * (theta - b)) / (c + (1 - c) * s)


def _3pl_finite(theta, a, b):
    """sum over the wrong answers of log(1 - s): the 3PL log-likelihood at c = 1 less its pole."""
    return sum(logsig(-ai * (theta - bi)) for ai, bi, y in zip(a, b, Y5) if not y)


def m_3pl_c1():
    out = sided_grad(_3pl_finite, theta=0.3, a=A5, b=B5)()
    return {**out, "c": NAN}


def m_3pl_item_c1():
    out = sided_grad(lambda theta, a, b: logsig(-a * (theta - b)), theta=0.5, a=1.2, b=-0.3)()
    return {**out, "c": NAN}


def _sdiff(x1, x2):
    """sigmoid(x1) - sigmoid(x2) = (e^x1 - e^x2) / ((1 + e^x1) (1 + e^x2)), no difference of sigmoids."""
    return (exp(x1) - exp(x2)) / ((1 + exp(x1)) * (1 + exp(x2)))


def m_grm_tie(dtype):
    """grm_logprob's k = 1 at b1 = b2 = 0, theta = 0.2, a = 1.5 (as dtype holds them): the slopes theta and a keep."""
    def truth():
        h = HELD(dtype)
        theta, a = h(0.2), h(1.5)
        s = sig(a * theta)
        return {"theta": a * (1 - 2 * s), "a": 1 / a + theta * (1 - 2 * s), "b1": NAN, "b2": NAN}
    return truth


def _flog(v):
    return log(v) if v > 0 else (mpmath.ninf if v == 0 else NAN)


def m_grm(k):
    def f(theta, a, b1, b2):
        z1, z2 = a * (theta - b1), a * (theta - b2)
        return [logsig(-z1), _flog(_sdiff(z1, z2)), logsig(z2)][k]
    return f


def m_grm_all(theta, a, b):
    return (logsig(-a * (theta[0] - b[0])) + _flog(_sdiff(a * (theta[1] - b[0]), a * (theta[1] - b[1])))
            + _flog(_sdiff(a * (theta[2] - b[0]), a * (theta[2] - b[1]))) + logsig(a * (theta[3] - b[1])))


def m_gpcm(k):
    def f(theta, a, b):
        z = [mpf(0)]
        for bi in b:
            z.append(z[-1] + a * (theta - bi))
        return z[k] - log(sum(exp(v) for v in z))
    return f


def m_ogive(theta, a, b):
    return log(mpmath.ncdf(a * (theta - b)))


def m_thurstone(mu1, mu2, sigma, n12, n21):
    d = (mu1 - mu2) / (sqrt(2) * abs(sigma))
    return n12 * log(mpmath.ncdf(d)) + n21 * log(mpmath.ncdf(-d))


def m_thurstone_scale(mu1, mu2, sigma):
    return mpmath.ncdf((mu1 - mu2) / sigma) if sigma > 0 else NAN


def m_ideal(y):
    def f(theta, b, alpha):
        d2 = sum((t - c) ** 2 for t, c in zip(theta, b))
        return y * logsig(alpha - d2) + (1 - y) * logsig(d2 - alpha)
    return f


def m_ideal_sq(theta, b, alpha):
    return logsig(alpha - sum((t - c) ** 2 for t, c in zip(theta, b)))


def m_ideal_dist(theta, b, alpha):
    return logsig(alpha - sqrt(sum((t - c) ** 2 for t, c in zip(theta, b))))


def _info(theta, a, b):
    return sum(ai ** 2 * sig(ai * (theta - bi)) * sig(-ai * (theta - bi)) for ai, bi in zip(a, b))


def m_info(theta, a, b):
    return _info(theta, a, b)


def m_se(theta, a, b):
    return 1 / sqrt(_info(theta, a, b))


def m_newton(a, b):
    theta = mpf(0)
    for _ in range(3):
        score = sum(ai * (y - sig(ai * (theta - bi))) for ai, bi, y in zip(a, b, Y5))
        theta += score / _info(theta, a, b)
    return theta


def m_cronbach(X):
    """k / (k - 1) * 2 sum_{i<j} cov_ij / var(total), the covariance form (not 1 - sum var_i / var_total)."""
    n, k = len(X), len(X[0])
    cols = [[row[j] for row in X] for j in range(k)]
    means = [sum(c) / n for c in cols]

    def cov(i, j):
        return sum((cols[i][r] - means[i]) * (cols[j][r] - means[j]) for r in range(n)) / (n - 1)
    covs = sum(cov(i, j) for i in range(k) for j in range(i + 1, k))
    total = sum(cov(i, i) for i in range(k)) + 2 * covs
    return mpf(k) / (k - 1) * 2 * covs / total


def m_sb(r, n):
    return n * r / (1 + (n - 1) * r)


def m_disatt(r, rxx, ryy):
    return r / (sqrt(rxx) * sqrt(ryy)) if rxx > 0 and ryy > 0 else NAN


# --- cases ------------------------------------------------------------------------------------------------------------

def _at(pt, data):
    return ",".join(f"{k}={_txt(v)}" for k, v in {**pt, **data}.items())


def C(function, mirror, verdict="ok", dtype="float64", data=None, **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it (NaN
    where a side is undefined or infinite); ``data``: ints typed in the point, held out by --wrt."""
    data = data or {}
    return Case(L, function, _at(pt, data), dtype, verdict, sided_grad(mirror, dtype, finite_sides=True, **pt),
                wrt=",".join(pt) if data else None)


def H(function, truth, verdict="ok", dtype="float64", data=None, **pt):
    """A case whose truth is written by hand."""
    data = data or {}
    return Case(L, function, _at(pt, data), dtype, verdict, hp(truth), wrt=",".join(pt) if data else None)


def all_nan(**pt):
    def nan_like(v):
        return [nan_like(a) for a in v] if isinstance(v, list) else NAN
    return lambda: {k: nan_like(v) for k, v in pt.items()}


def fixed(**values):
    def conv(v):
        if callable(v):
            return v()
        return [conv(a) for a in v] if isinstance(v, list) else (v if isinstance(v, mpf) else mpf(v))
    return lambda: {k: conv(v) for k, v in values.items()}


A5 = [1.2, 0.8, 1.5, 0.6, 2.0]
B5 = [-1.5, -0.5, 0.0, 0.5, 1.5]
ONES5 = [1.0] * 5
ZEROS5 = [0.0] * 5
GB = [-1.0, 0.0, 1.0]  # the GPCM's step difficulties
X43 = [[3.0, 4.0, 3.0], [2.0, 2.0, 1.0], [4.0, 5.0, 5.0], [1.0, 2.0, 2.0]]

ALL = [
    # --- Rasch
    C("rasch_loglik", m_rasch, theta=0.3, b=B5),
    C("rasch_loglik", m_rasch, dtype="float32", theta=0.3, b=B5),
    # theta = 40: items 2 and 5 (y = 0) have 1 - p = e^-40.5, e^-38.5: p rounds to 1, log(1 - p) = -inf; the exact
    # log-likelihood is -79.5 and finite
    C("rasch_loglik", m_rasch, "unstable", theta=40.0, b=B5),
    # theta = -40: the correct answers' p = e^-38.5 .. e^-41.5 are held fine, 1 - p rounds harmlessly: ok
    C("rasch_loglik", m_rasch, theta=-40.0, b=B5),
    # theta = -800: exp(800) overflows, p = 0, log 0 = -inf for the correct answers
    C("rasch_loglik", m_rasch, "unstable", theta=-800.0, b=B5),
    C("rasch_loglik", m_rasch, "unstable", dtype="float32", theta=20.0, b=B5),  # float32: 1 - p = e^-19.5 lost
    # --- 2PL, one item (y an int typed in the point, held out by --wrt)
    C("twopl_item", m_2pl_item(1), data={"y": 1}, theta=0.5, a=1.2, b=-0.3),
    C("twopl_item", m_2pl_item(1), dtype="float32", data={"y": 1}, theta=0.5, a=1.2, b=-0.3),
    # a = 0: p = 1/2 for every theta and b; theta and b slope 0, a (y - 1/2)(theta - b)
    C("twopl_item", m_2pl_item(1), data={"y": 1}, theta=0.5, a=0.0, b=-0.3),
    C("twopl_item", m_2pl_item(0), dtype="float32", data={"y": 0}, theta=0.5, a=0.0, b=-0.3),
    # y = 1 at a logit of 40: p rounds to 1 and log p to 0 where it is -4.2e-18; the slopes a (1 - p) = 1.7e-16 come
    # from e^-z / (1 + e^-z)^2 and keep their digits
    C("twopl_item", m_2pl_item(1), "unstable", data={"y": 1}, theta=1.0, a=40.0, b=0.0),
    # y = 0 at a logit of 40: log(1 - p) = log 0 = -inf where it is -40
    C("twopl_item", m_2pl_item(0), "unstable", data={"y": 0}, theta=1.0, a=40.0, b=0.0),
    C("twopl_item", m_2pl_item(0), "unstable", dtype="float32", data={"y": 0}, theta=1.0, a=20.0, b=0.0),
    # a logit of 30: 1 - p = 9.4e-14 keeps 3 digits, the slope -a p / (1 - p) * dp ... off 1e-3
    C("twopl_item", m_2pl_item(0), "unstable", data={"y": 0}, theta=1.0, a=30.0, b=0.0),
    # a logit of -40 and y = 0: the slopes -a p = -1.7e-16 keep their digits, but 1 - p rounds to 1 and the value
    # log(1 - p) = -4.2e-18 comes out 0 (as y = 1 at +40)
    C("twopl_item", m_2pl_item(0), "unstable", data={"y": 0}, theta=-1.0, a=40.0, b=0.0),
    # --- 2PL, the sample
    C("twopl_loglik", m_2pl, theta=0.3, a=A5, b=B5),
    C("twopl_loglik", m_2pl, dtype="float32", theta=0.3, a=A5, b=B5),
    C("twopl_loglik", m_2pl, theta=0.3, a=ZEROS5, b=B5),  # every p = 1/2
    C("twopl_loglik", m_2pl, theta=0.3, a=[1.2, -0.8, 1.5, 0.6, 2.0], b=B5),  # a reversed item
    C("twopl_loglik", m_2pl, "unstable", theta=40.0, a=ONES5, b=B5),
    C("twopl_where", m_2pl, theta=0.3, a=A5, b=B5),
    # the correct answers saturate (p rounds to 1), the wrong ones have a = 0.01: the untaken log(1 - p) = -inf
    # has the slope -inf, and where's 0 times it is NaN; exactly 1 - p > 0 and the rule is sound
    C("twopl_where", m_2pl, "unstable", theta=40.0, a=[1.0, 0.01, 1.0, 1.0, 0.01], b=B5),
    C("twopl_stable", m_2pl, theta=40.0, a=[1.0, 0.01, 1.0, 1.0, 0.01], b=B5),
    C("twopl_stable", m_2pl, theta=40.0, a=ONES5, b=B5),
    C("twopl_stable", m_2pl, theta=-800.0, a=ONES5, b=B5),
    C("twopl_stable", m_2pl, dtype="float32", theta=40.0, a=ONES5, b=B5),
    # --- 3PL
    C("threepl_loglik", m_3pl, theta=0.3, a=A5, b=B5, c=0.2),
    C("threepl_loglik", m_3pl, dtype="float32", theta=0.3, a=A5, b=B5, c=0.2),
    C("threepl_loglik", m_3pl, theta=0.3, a=A5, b=B5, c=0.0),  # no floor: the 2PL, c's slope sum y (1 - s) / s - ..
    # c = 1: 1 - P = (1 - c)(1 - s) = 0, log 0 = -inf for the wrong answers (c moves the pole, theta, a, b do not: the
    # README's "at a pole, the inputs that do not move it keep their slopes", those of log(1 - s)), and 0 * log 0 =
    # NaN for the right ones (their log P = log 1 has slopes (1 - c)(..) = 0, kept by the README's "or 0 * log(0)");
    # the value is NaN; c has no slope, theta keeps sum_(y = 0) -a s, the wrong answers' a and b their log(1 - s)
    # slopes, the right answers' a and b 0. F1: gradcli NaN for the right answers' a and b (theta kept)
    H("threepl_loglik", m_3pl_c1, "domain", theta=0.3, a=A5, b=B5, c=1.0),
    # one correct answer at c = 1: y log P = log 1 = 0 for every theta, a, b, but (1 - y) log(1 - P) = 0 * log 0 =
    # NaN (above c = 1 0 * log of a negative number): c has no slope; theta, a, b move neither term's value off 0 and
    # NaN, and keep their slopes 0 (the README's "or 0 * log(0) (...: q keeps its slopes)"). F1: gradcli NaN
    H("threepl_item", fixed(theta=0, a=0, b=0, c=NAN), "domain", data={"y": 1}, theta=0.5, a=1.2, b=-0.3, c=1.0),
    C("threepl_item", m_3pl_item(0), data={"y": 0}, theta=0.5, a=1.2, b=-0.3, c=0.0),
    # a wrong answer at a logit of 40, c = 0: 1 - P rounds to 0
    C("threepl_item", m_3pl_item(0), "unstable", data={"y": 0}, theta=1.0, a=40.0, b=0.0, c=0.0),
    # a wrong answer at c = 1: log(1 - P) = log(1 - c) + log(1 - s): c's pole; theta, a, b keep log(1 - s)'s slopes
    H("threepl_item", m_3pl_item_c1, "domain", data={"y": 0}, theta=0.5, a=1.2, b=-0.3, c=1.0),
    C("threepl_information", m_3pl_info, theta=0.5, a=1.2, b=0.0, c=0.2),
    C("threepl_information", m_3pl_info, dtype="float32", theta=0.5, a=1.2, b=0.0, c=0.2),
    C("threepl_information", m_3pl_info, theta=0.5, a=1.2, b=0.0, c=0.0),
    # c = 1: (P - c)^2 (1 - P) / (1 - c)^2 is 0 / 0 at the point (its limit 0 is no value): no value there
    H("threepl_information", all_nan(theta=0, a=0, b=0, c=0), "domain", theta=0.5, a=1.2, b=0.0, c=1.0),
    # --- graded response
    C("grm_logprob", m_grm(1), data={"k": 1}, theta=0.2, a=1.5, b1=-0.5, b2=0.5),
    C("grm_logprob", m_grm(1), dtype="float32", data={"k": 1}, theta=0.2, a=1.5, b1=-0.5, b2=0.5),
    # equal thresholds: P(1) = 0 for every theta and a, log 0 = -inf; b1 and b2 move the pole, theta and a do not:
    # P(1) = s(z1) - s(z2) ~ a (b2 - b1) s'(z1), log P(1) ~ log(b2 - b1) + log a + log s'(z1), and theta keeps
    # a (1 - 2 s(z1)), a keeps 1 / a + (theta - b1)(1 - 2 s(z1)) (the limits of their slopes as b2 -> b1+).
    # F2: gradcli NaN
    H("grm_logprob", m_grm_tie("float64"), "domain", data={"k": 1}, theta=0.2, a=1.5, b1=0.0, b2=0.0),
    H("grm_logprob", m_grm_tie("float32"), "domain", dtype="float32", data={"k": 1}, theta=0.2, a=1.5, b1=0.0,
      b2=0.0),
    # disordered thresholds: P(1) < 0, log of a negative number everywhere near
    H("grm_logprob", all_nan(theta=0, a=0, b1=0, b2=0), "domain", data={"k": 1}, theta=0.2, a=1.5, b1=0.5, b2=-0.5),
    # thresholds 1e-9 apart: P(1) = 3.5e-10 from two sigmoids near 0.57; its slope a (s1' - s2') / (s1 - s2)
    # cancels in both
    C("grm_logprob", m_grm(1), "unstable", data={"k": 1}, theta=0.3, a=1.5, b1=0.0, b2=1e-09),
    # the lowest category at a logit of 40: 1 - s1 rounds to 0
    C("grm_logprob", m_grm(0), "unstable", data={"k": 0}, theta=41.0, a=1.0, b1=1.0, b2=2.0),
    # the highest category at a logit of -43: s2 = e^-43 is held: ok
    C("grm_logprob", m_grm(2), data={"k": 2}, theta=-41.0, a=1.0, b1=1.0, b2=2.0),
    # a = 0: s1 = s2 = 1/2, P(1) = 0 for every theta, b1, b2: a moves the pole, they do not; log P(1) = log a +
    # log((b2 - b1) / 4) + O(a^2): theta keeps 0, b1 -1 / (b2 - b1) = -1, b2 1. F2: gradcli keeps theta's 0 alone
    H("grm_logprob", fixed(theta=0, a=NAN, b1=-1, b2=1), "domain", data={"k": 1}, theta=0.2, a=0.0, b1=-0.5,
      b2=0.5),
    C("grm_loglik", m_grm_all, theta=[-1.0, 0.0, 0.5, 1.5], a=1.3, b=[-0.2, 0.8]),
    C("grm_loglik", m_grm_all, dtype="float32", theta=[-1.0, 0.0, 0.5, 1.5], a=1.3, b=[-0.2, 0.8]),
    # --- generalised partial credit
    C("gpcm_logprob", m_gpcm(2), data={"k": 2}, theta=0.5, a=1.2, b=GB),
    C("gpcm_logprob", m_gpcm(1), data={"k": 1}, theta=0.5, a=0.0, b=GB),  # a = 0: uniform, theta and b slope 0
    C("gpcm_logprob", m_gpcm(0), dtype="float32", data={"k": 0}, theta=0.5, a=1.2, b=GB),
    # z up to 1350: exp overflows, inf / inf
    C("gpcm_logprob", m_gpcm(3), "unstable", data={"k": 3}, theta=300.0, a=1.5, b=GB),
    C("gpcm_logprob", m_gpcm(3), "unstable", dtype="float32", data={"k": 3}, theta=30.0, a=1.5, b=GB),
    # the lowest category far below: its slopes (2.5e-195 ..) keep their digits, but the value log(1 / (1 + e^-451.5
    # + ..)) = -2.5e-196 comes out log(1.0) = 0; the highest: e^-1350 = 0, log 0
    C("gpcm_logprob", m_gpcm(0), "unstable", data={"k": 0}, theta=-300.0, a=1.5, b=GB),
    C("gpcm_logprob", m_gpcm(3), "unstable", data={"k": 3}, theta=-300.0, a=1.5, b=GB),
    # by logsumexp the dominant category's log-probability -2.5e-196 comes out 0 and its slopes (2.5e-195 ..) are
    # z_3' - sum p_j z_j', 4.5 - 4.5: lost, sign and all; below, far from dominant, it is exact
    C("gpcm_logprob_stable", m_gpcm(3), "unstable", data={"k": 3}, theta=300.0, a=1.5, b=GB),
    C("gpcm_logprob_stable", m_gpcm(3), data={"k": 3}, theta=-300.0, a=1.5, b=GB),
    C("gpcm_logprob_stable", m_gpcm(3), "unstable", dtype="float32", data={"k": 3}, theta=30.0, a=1.5, b=GB),
    # --- normal ogive and Thurstone
    C("normal_ogive", m_ogive, theta=0.5, a=1.2, b=-0.3),
    C("normal_ogive", m_ogive, dtype="float32", theta=0.5, a=1.2, b=-0.3),
    C("normal_ogive", m_ogive, theta=0.5, a=0.0, b=-0.3),
    # Phi(-40) = 3.7e-350 underflows: log 0
    C("normal_ogive", m_ogive, "unstable", theta=-40.0, a=1.0, b=0.0),
    # Phi(-38) = 2.9e-316 and phi(-38) are subnormal: the slope phi / Phi keeps 7 digits
    C("normal_ogive", m_ogive, "unstable", theta=-38.0, a=1.0, b=0.0),
    C("normal_ogive", m_ogive, "unstable", dtype="float32", theta=-14.0, a=1.0, b=0.0),
    C("normal_ogive_logcdf", m_ogive, theta=-40.0, a=1.0, b=0.0),
    C("normal_ogive_logcdf", m_ogive, dtype="float32", theta=-14.0, a=1.0, b=0.0),
    C("thurstone_pair", m_thurstone, mu1=0.4, mu2=-0.1, sigma=1.0, n12=7.0, n21=3.0),
    C("thurstone_pair", m_thurstone, mu1=0.2, mu2=0.2, sigma=1.0, n12=7.0, n21=3.0),  # d = 0
    # sigma = 0, mu1 = mu2: d = 0 / 0
    H("thurstone_pair", all_nan(mu1=0, mu2=0, sigma=0, n12=0, n21=0), "domain", mu1=0.2, mu2=0.2, sigma=0.0,
      n12=7.0, n21=3.0),
    # d = 42.4: Phi(-d) underflows, log 0 where it is -903
    C("thurstone_pair", m_thurstone, "unstable", mu1=30.0, mu2=0.0, sigma=0.5, n12=7.0, n21=3.0),
    C("thurstone_scale", m_thurstone_scale, mu1=0.3, mu2=0.1, sigma=0.8),
    # a scale of 0 (SciPy's NaN, a scale not above 0) and below: no value
    H("thurstone_scale", all_nan(mu1=0, mu2=0, sigma=0), "domain", mu1=0.3, mu2=0.1, sigma=0.0),
    H("thurstone_scale", all_nan(mu1=0, mu2=0, sigma=0), "domain", mu1=0.3, mu2=0.1, sigma=-0.5),
    # --- ideal points
    C("ideal_point_loglik", m_ideal(1), data={"y": 1}, theta=[0.5, -0.2], b=[0.1, 0.3], alpha=1.0),
    C("ideal_point_loglik", m_ideal(0), dtype="float32", data={"y": 0}, theta=[0.5, -0.2], b=[0.1, 0.3], alpha=1.0),
    # theta = b: |theta - b|^2 is smooth (slopes 0), but norm's rule (theta - b) / |theta - b| is 0 / 0: NaN
    C("ideal_point_loglik", m_ideal(1), "wrong", data={"y": 1}, theta=[0.3, 0.3], b=[0.3, 0.3], alpha=1.0),
    C("ideal_point_loglik", m_ideal(0), "wrong", dtype="float32", data={"y": 0}, theta=[0.3, 0.3], b=[0.3, 0.3],
      alpha=1.0),
    C("ideal_point_sq", m_ideal_sq, theta=[0.3, 0.3], b=[0.3, 0.3], alpha=1.0),
    C("ideal_point_distance", m_ideal_dist, theta=[0.5, -0.2], b=[0.1, 0.3], alpha=1.0),
    # theta = b: |theta - b|, a cone; alpha keeps 1 - sigmoid(1)
    C("ideal_point_distance", m_ideal_dist, "domain", theta=[0.3, 0.3], b=[0.3, 0.3], alpha=1.0),
    # --- information and ability
    C("test_information", m_info, theta=0.3, a=A5, b=B5),
    # float32: a[4]'s slope p (1 - p) (2a + a^2 (1 - 2p)(theta - b)) = p (1 - p) (4 - 4.0013) cancels 3000-fold: 3e-4
    # off (float64 keeps 12 digits)
    C("test_information", m_info, "unstable", dtype="float32", theta=0.3, a=A5, b=B5),
    C("test_information", m_info, dtype="float32", theta=0.3, a=ONES5, b=B5),
    C("test_information", m_info, theta=0.3, a=ZEROS5, b=B5),  # no information: slopes 0
    # theta = 40: every 1 - p rounds to 0, the information 2.4e-17 comes out 0, and its slopes
    C("test_information", m_info, "unstable", theta=40.0, a=ONES5, b=B5),
    C("ability_se", m_se, theta=0.3, a=A5, b=B5),
    C("ability_se", m_se, dtype="float32", theta=0.3, a=A5, b=B5),
    # no information: 1 / sqrt(0) for every theta and b
    H("ability_se", all_nan(theta=0, a=ZEROS5, b=ZEROS5), "domain", theta=0.3, a=ZEROS5, b=B5),
    C("ability_se", m_se, "unstable", theta=40.0, a=ONES5, b=B5),
    C("newton_ability", m_newton, a=A5, b=B5),
    C("newton_ability", m_newton, dtype="float32", a=A5, b=B5),
    H("newton_ability", all_nan(a=ZEROS5, b=ZEROS5), "domain", a=ZEROS5, b=B5),  # 0 / 0
    # --- classical test theory
    C("cronbach_alpha", m_cronbach, X=X43),
    C("cronbach_alpha", m_cronbach, dtype="float32", X=X43),
    # every examinee the same row: 0 / 0
    H("cronbach_alpha", all_nan(X=[[0] * 3] * 3), "domain", X=[[2.0, 3.0, 1.0]] * 3),
    # items that trade off exactly (every total 1): sum var_i / 0
    H("cronbach_alpha", all_nan(X=[[0] * 2] * 4), "domain", X=[[1.0, 0.0], [0.0, 1.0], [1.0, 0.0], [0.0, 1.0]]),
    # one item: k / (k - 1) with Python ints raises ZeroDivisionError for every X: no value anywhere
    H("cronbach_alpha", lambda: {}, "error", X=[[1.0], [2.0], [3.0]]),
    # totals 0.1 + 0.7, 0.2 + 0.6, 0.3 + 0.5: the held doubles' exact totals differ by 1e-16, var_total is 5e-33
    # and alpha is -1e32; the program's rounded totals make var_total anything
    C("cronbach_alpha", m_cronbach, "unstable", X=[[0.1, 0.7], [0.2, 0.6], [0.3, 0.5]]),
    C("spearman_brown", m_sb, r=0.6, n=2.0),
    C("spearman_brown", m_sb, dtype="float32", r=0.6, n=3.0),
    H("spearman_brown", all_nan(r=0, n=0), "domain", r=-1.0, n=2.0),  # 1 + (n - 1) r = 0: a pole
    C("disattenuated", m_disatt, r=0.45, rxx=0.8, ryy=0.7),
    C("disattenuated", m_disatt, dtype="float32", r=0.45, rxx=0.8, ryy=0.7),
    H("disattenuated", all_nan(r=0, rxx=0, ryy=0), "domain", r=0.45, rxx=0.0, ryy=0.7),  # r / 0
    H("disattenuated", all_nan(r=0, rxx=0, ryy=0), "domain", r=0.0, rxx=0.0, ryy=0.7),  # 0 / 0
    # rxx ryy = 1e-400 underflows to 0: r / 0 = inf where it is 0.1
    C("disattenuated", m_disatt, "unstable", r=1e-201, rxx=1e-200, ryy=1e-200),
    C("disattenuated", m_disatt, "unstable", dtype="float32", r=1e-24, rxx=1e-23, ryy=1e-23),
]
