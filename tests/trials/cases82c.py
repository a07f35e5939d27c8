"""The eighty-second round (c) of user trials: sports ratings and paired comparisons written with gradcli.numpy
(tests/trials/lib82c.py).

Rating systems as analysts fit them by gradient (tests/trials/lib82c.py, gradcli.numpy, gradcli.scipy.special and
gradcli.scipy.stats' norm): Elo's expected score 1 / (1 + 10^((Rb - Ra) / 400)) at gaps of +5000 and 2e5 (float32
2e4) and as expit, its log-loss at +-5000 for a win, a loss and a draw and in log-sigmoids, an Elo update;
FiveThirtyEight's margin-of-victory multiplier ln(|MOV| + 1) 2.2 / (0.001 d + 2.2) at MOV = 0 and at d = -2200, and
an update with it whose result S = 0.5 + 0.5 sign(MOV) jumps at a tie (teams unequal and equal); Bradley-Terry
over a five-game season by exp(strengths) (at +-800, at -800 for all, float32 +-100), by log_expit and by logaddexp,
one game as log(softmax) and log_softmax (an upset at +-800), and with the worths themselves at pi_w = 0 and 0, 0;
TrueSkill's v(t) = N(t) / Phi(t) by norm.pdf / norm.cdf (t = -40, +40, float32 -14), by erfcx (t = -40, -1e4, -1e10,
-1e160, +40, float32 -14), by exp(-t^2/2 - log sqrt(2 pi) - log_ndtr) (t = -40, -1e4) and by norm.logpdf -
norm.logcdf; w(t) = v (v + t) (t = -40 both ways, -1e4 by erfcx, float32 -5); the draw-margin v and w (t = 40,
t = -10, eps = 1e-9, eps = 0), the winner's v with a margin, the mean and spread updates at an upset of 41 c; Glicko's
g(RD) at 0, 1e160 (float32
1e20), its expected score at RDj = 0, the RD update sqrt(1 / (1/RD^2 + 1/d^2)) and RD d / hypot(RD, d) at RD = 0 (and
0, 0); Thurstone's Phi((mu_i - mu_j) / sqrt(s_i^2 + s_j^2)) at zero variance (a gap and a tie), by erf far in the
tail, by log(ndtr) and log_ndtr at z = -42, by norm.cdf(d, scale=sqrt 2 s) at s = 1, 0, -1; Plackett-Luce by
logsumexp and written out (+-800, all -800, float32 +-100) and the winner's softmax at 800; Dixon-Coles' log-likelihood
with tau at its rho limits (tau(0, 0) = 1 - lam mu rho, tau(1, 1) = 1 - rho, tau(0, 1) = 1 + lam rho, each 0), at a
score it does not touch, floored by np.maximum(tau, 1e-10), from log-strengths; a Kelly stake max((b p - q) / b, 0)
at an edge, no edge, below it and at odds of 1.0, against margin-removed odds, and its log-growth at f = 0 and f = 1.

Tried: 42 functions, 142 cases through the CLI judged by tests/trials/judge.py (at most two gradcli processes at once; a
scratch driver runs the CLI in two threads and judges in the main one), and a few scratch probes by hand; then trimmed
of 30 ordinary or repeated cases. ALL keeps 112 (58 ok, 35 unstable, 15 domain, 4 wrong; 90 float64, 22 float32) over
42 functions. 110 agree with gradcli in verdict and every exact gradient entry (to 1e-10 relative), and where a case
names its line, in that too; 2 disagree: F1. Every check took 3.4-9.8 s on the loaded machine (two at once); the
slowest truth 7.9 s (the draw margin at t = 40); the last full run (112 cases) 5 min 36 s.

Truths are written here from the mathematics, never lib82c's code or gradcli: Bradley-Terry's slopes as sigmoid(b_l -
b_w) summed over the games, Plackett-Luce's as sum over stages of [j = k] - softmax over the items left, the pair's
as -softplus(b_l - b_w), the winner's softmax as p_0 ([j = 0] - p_j); TrueSkill's v and w as mpmath's npdf / ncdf (no
erfcx, no log_ndtr), and by erfcx(x) = e^(x^2) erfc(x) where the program's constants matter; elsewhere the derivative
from the left and the right by mpmath.diff at 2,000 digits (cases30b.sided_grad with finite_sides: NaN where the sides
differ or one is undefined or infinite) of expressions in mpmath (Elo's 10^x, Glicko's 1 / sqrt(1 + c RD^2 / pi^2),
Thurstone's ncdf, Dixon-Coles' tau with loggamma, Kelly's max); by hand the jumps, the kinks beside exact 0 slopes and
the points with no value (all NaN). The points are the numbers the dtype holds, and a Python float constant of the
program is the double it is (ln 10 / 400, 3 q^2, pi^2, sqrt(2 / pi), sqrt 2, 2 beta^2, 0.001, 2.2), cast to float32
where it meets a float32 array.

What agreed: Elo's expected score ok at +5000 (slope 1.8e-15), unstable at a gap of 2e5 (10^500 overflows: E = 1e-500
and its slope round to 0, the rule's (1 + inf)^-2 inf is NaN; float32 at 2e4 alike), expit ok there. The log-loss
unstable where 1 - E cancels: the favourite losing (value 28.8), the expected loss at -5000 (-log(1 - E) = 3.2e-13 keeps
4 digits) and a draw; ok for the underdog's win (log E is fine); the log-sigmoid form ok at each. The MOV multiplier
domain at MOV = 0 (|MOV|: slopes -1, +1; elo_diff 0), unstable at d = -2200 (-2200 x 0.001 + 2.2 is 1.3e-16 with the
doubles 0.001 and 2.2, float64 rounds it to 0: inf where the multiplier is 3.5e16), ok in float32. The MOV update domain
at a tie of unequal teams (slopes 20 c E and 20 c (1 - E)), and wrong at a tie of equal teams (E = 0.5: log1p(|m|) (S(m)
- 0.5) = log1p(|m|) sign(m) / 2 is smooth with slope 10; abs'(0) = sign'(0) = 0 give 0). Bradley-Terry by exp unstable
at +-800 (inf / inf), with every worth underflowed (0 / 0) and float32 +-100; by log_expit and logaddexp ok there;
log(softmax) unstable at the upset (log 0 where it is -1600), log_softmax ok (float32 +-80 too); the worths domain at
pi_w = 0 (pi_l keeps -1/3) and at 0, 0, ok at pi_l = 0. TrueSkill: v by pdf / cdf unstable at t = -40 (both underflow, 0
/ 0, at the line) and float32 -14 (subnormals of 1 and 22 bits), ok at 40 (v = 1.5e-348 rounds to 0); by erfcx ok at
-40, -1e4 and -1e10 (v' = -1 + 2e-20: erfcx's own slope kept), unstable at -1e160 (the quotient's rule divides by
erfcx^2 = 6.4e-321 and overflows where v' = -1) and at +40 (erfcx(-28.3) overflows: inf / inf); in logs ok at -40,
unstable at -1e4 (9.2 from two numbers of 5e7); norm.logpdf - norm.logcdf ok at -40. w unstable at -40 by pdf / cdf and,
by erfcx, at -40 too (w' adds two paths of 40.025 to -3.1e-5: 5.6e-10 off) and at -1e4; the draw margin's v ok at t = 0
(eps's slope 0), unstable at t = 40 (0 / 0), t = -10 (1 - 1), eps = 1e-9 (7 digits cancel), domain at eps = 0 (0 / 0 at
every t); the updates ok, unstable at the upset. Glicko's g ok at RD = 0 (slope 0), unstable at 1e160 (RD^2 overflows: 0
where it is 3.2e-158; float32 1e20); the RD update wrong at RD = 0 (a kink in RD, d2's exact 0 computed sqrt'(0) (-1 /
inf^2) = inf x 0), the hypot form ok there (slope 1) and domain at 0, 0 (0 / 0; along the diagonal |h| / sqrt 2).
Thurstone wrong at zero variance with a gap (Phi(1 / 0) = 1 near the point, every slope 0; the rule's N(inf) / 0),
domain at zero variance and a tie (0 / 0); by erf unstable at z = -10.6 (erf rounds to -1); log(ndtr) unstable at z =
-42.4, log_ndtr ok (float32 z = -14 too). Plackett-Luce ok by logsumexp at +-800, unstable written out (overflow; every
e^s underflowed; float32), and by logsumexp in float32 at +-100 (below). The winner's softmax unstable at 800 (inf /
inf). Dixon-Coles domain at each tau = 0 (tau(0, 0): every input moves it; tau(1, 1): lam and mu keep 1/lam - 1 and 1/mu
- 1; tau(0, 1): mu keeps 1/mu - 1; from log-strengths the attacks and home keep 1 - e^0.25), rho's slope 0 at 2-1, the
floor ok at tau = 0 (rho 0, lam and mu -1). Kelly domain at no edge (the max's tie), ok above and below it, wrong at
odds of 1.0 (b = 0: the stake is +inf just below, so odds has no derivative, but p's exact 0 comes out g / b = 0 / 0 =
NaN); the growth ok at f = 0 and domain all in (f and p have no derivative, odds keeps p f / (1 + f b) = 0.25).

Truths the round corrected in itself (against the first CLI batches; each re-derived by hand before changing it):
- ts_w_erfcx at t = -1e4, first with exact constants (w' = -2.0e-12): the program's doubles sqrt(2 / pi) and sqrt 2
  move v by 1e-17 relative, which v + t = 1e-4 and the term 2 v v' (-2e4) turn into -2e-13: the program's own w' is
  -1.882e-12 (mpmath with the two doubles, as gradcli's exact says), and the truth now holds the doubles;
- ts_w_erfcx at t = -40, meant ok (v + t keeps 13 digits): its slope adds two paths of +-40.025 to -3.1e-5, 5.6e-10
  off: unstable; and float32 at t = -5 (470 times float32's rounding, 7.4e-4 off): unstable;
- pl_loglik in float32 at +-100, meant ok (logsumexp is stable): 1 - softmax_0 = e^-100 = 3.7e-44 is a float32
  subnormal that comes out 0, and s[1]'s 5e-131 as -3.8e-44; with atol 0 that is unstable; at +-10 too (s[1]'s exact
  9.4e-14 is a difference of two 4.5e-5's, beyond float32): the ordinary float32 point is now [1, 0.5, -0.3, 0.2];
- kelly_fraction at p = 0.4, first NaN from the scratch mirror itself (Python's max returned the int 0, which
  finite_sides reads as no number): the mirror takes mpf(0);
- the fixes first asked of elo_logloss and bt_loglik_exp / bt_pair_softmax (log_expit, log_softmax): none is offered
  for those spellings; not a verdict matter, the cases no longer ask.
- glicko_rd_new_hypot at 0, 0: the mirror divides by 0 in mpmath; written by hand, all NaN (domain).

Findings:
F1 (mended since: every method checks its parameters as SciPy's): gradcli.scipy.stats' norm.cdf at a scale that is not
positive was a number where SciPy's is NaN.
Reproduction: `gradcli.scipy.stats.norm.cdf(1.0, loc=0.0, scale=0.0)` is 1.0 and at scale=-1.0 is 0.1587 (the cdf of
-1); `scipy.stats.norm.cdf(1.0, scale=0.0)` and `scale=-1.0` are nan (SciPy's argument check: scale > 0). norm.sf and
norm.logcdf do the same (0.0, -0.0), logistic.cdf at scale -1 gives 0.269; norm.pdf is NaN (its log(scale)). So
`norm.cdf(mu_i - mu_j, loc=0.0, scale=SQRT2 * s)` (thurstone_scale) at s = 0 is judged wrong (mu_i, mu_j exact 0,
the rule's NaN; s a jump "0 from the left and 1 from the right") and at s = -1 ok with slopes -0.2197, 0.2197,
-0.2197, where the program SciPy runs has no value at either point (and at every point near s = -1): domain, every
entry NaN. The cause: ops_stats.norm_cdf standardizes (x - loc) / scale and discards log(scale), the one term that
would have made it NaN; its docstring and README say the quantiles are "NaN where the scale is not positive, as
SciPy's", the CDFs are not. Sure because SciPy's own call returns nan for both (checked), and gradcli's own run
reports "log(-1.4142135623730951) gave NaN" at s = -1 and still judges ok.
"""

import math

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad
from cases59c import _txt  # a point as its case id writes it

L = "lib82c.py"
NAN = mpmath.nan
exp, log, sqrt = mpmath.exp, mpmath.log, mpmath.sqrt
npdf, ncdf = mpmath.npdf, mpmath.ncdf


def D64(v):
    return mpf(float(v))


def D32(v):
    return mpf(float(numpy.float32(v)))


def HELD(dtype):
    return D32 if dtype == "float32" else D64


def K(v, dtype):
    """A Python float of the program as it meets an array of ``dtype`` (NumPy casts it to the array's dtype)."""
    return HELD(dtype)(v)


def _sig(x):
    return 1 / (1 + exp(-x))


def _softplus(x):
    return mpmath.log1p(exp(x)) if x < 0 else x + mpmath.log1p(exp(-x))


# --- the mathematics, in mpmath ---------------------------------------------------------------------------------------

def m_elo(dtype="float64"):
    def f(ra, rb):
        return 1 / (1 + mpf(10) ** ((rb - ra) / 400))
    return f


def m_elo_expit(dtype="float64"):
    """expit(d c), c the program's Python double ln 10 / 400 as it meets the dtype."""
    c = K(math.log(10.0) / 400.0, dtype)

    def f(ra, rb):
        return _sig((ra - rb) * c)
    return f


def m_elo_logloss(ra, rb, s):
    e = 1 / (1 + mpf(10) ** ((rb - ra) / 400))
    return -(s * log(e) + (1 - s) * log(1 - e))


def m_elo_logloss_c(dtype="float64"):
    """The log-sigmoid form: its d = (Ra - Rb) c with c the program's double ln 10 / 400."""
    c = K(math.log(10.0) / 400.0, dtype)

    def f(ra, rb, s):
        d = (ra - rb) * c
        return s * _softplus(-d) + (1 - s) * _softplus(d)
    return f


def m_elo_update(ra, rb, s, k):
    return ra + k * (s - 1 / (1 + mpf(10) ** ((rb - ra) / 400)))


def m_mov(dtype="float64"):
    a, b = K(2.2, dtype), K(0.001, dtype)

    def f(mov, elo_diff):
        return log(abs(mov) + 1) * a / (elo_diff * b + a)
    return f


def m_mov_update(dtype="float64"):
    a, b = K(2.2, dtype), K(0.001, dtype)

    def f(ra, rb, mov):
        s = mpf(1) if mov > 0 else (mpf(0) if mov < 0 else mpf("0.5"))
        e = 1 / (1 + mpf(10) ** ((rb - ra) / 400))
        return 20 * mpmath.log1p(abs(mov)) * a / ((ra - rb) * b + a) * (s - e)
    return f


GAMES = [(0, 1), (1, 2), (0, 2), (2, 0), (1, 0)]


def t_bt(beta, dtype="float64"):
    """d/d beta_w of -softplus(beta_l - beta_w) = sigmoid(beta_l - beta_w); beta_l's the negative."""
    def truth():
        b = [HELD(dtype)(v) for v in beta]
        g = [mpf(0)] * len(b)
        for w, l in GAMES:
            p = _sig(b[l] - b[w])
            g[w] += p
            g[l] -= p
        return {"beta": g}
    return truth


def m_bt_pair(b):
    return -_softplus(b[1] - b[0])


def m_bt_worths(pi_w, pi_l):
    if pi_w <= 0 or pi_w + pi_l <= 0:
        return NAN
    return log(pi_w) - log(pi_w + pi_l)


def m_v(t):
    return npdf(t) / ncdf(t)


def m_w(t):
    v = npdf(t) / ncdf(t)
    return v * (v + t)


def m_v_erfcx(dtype="float64"):
    """sqrt(2 / pi) / erfcx(-t / sqrt 2) with the program's two constants as the dtype holds them (erfcx(x) =
    e^(x^2) erfc(x)); in float64 the same as N(t) / Phi(t) to 1e-16."""
    a, r2 = K(math.sqrt(2.0 / math.pi), dtype), K(math.sqrt(2.0), dtype)

    def v(t):
        x = -t / r2
        return a / (exp(x * x) * mpmath.erfc(x))
    return v


def m_w_erfcx(dtype="float64"):
    v_of = m_v_erfcx(dtype)

    def f(t):
        v = v_of(t)
        return v * (v + t)
    return f


def m_v_draw(t, eps):
    return (npdf(-eps - t) - npdf(eps - t)) / (ncdf(eps - t) - ncdf(-eps - t))


def m_v_win_margin(t, eps):
    return npdf(t - eps) / ncdf(t - eps)


def m_w_draw(t, eps):
    den = ncdf(eps - t) - ncdf(-eps - t)
    v = (npdf(-eps - t) - npdf(eps - t)) / den
    return v ** 2 + ((eps - t) * npdf(eps - t) + (eps + t) * npdf(eps + t)) / den


def m_ts_mu(dtype="float64"):
    b2 = K(2.0 * (25.0 / 6.0) ** 2, dtype)  # 2.0 * BETA ** 2: Python doubles, then cast

    def f(mu_w, mu_l, s_w, s_l):
        c = sqrt(b2 + s_w ** 2 + s_l ** 2)
        t = (mu_w - mu_l) / c
        return mu_w + s_w ** 2 / c * m_v(t)
    return f


def m_ts_sigma(dtype="float64"):
    b2 = K(2.0 * (25.0 / 6.0) ** 2, dtype)

    def f(mu_w, mu_l, s_w, s_l):
        c2 = b2 + s_w ** 2 + s_l ** 2
        t = (mu_w - mu_l) / sqrt(c2)
        return s_w * sqrt(1 - s_w ** 2 / c2 * m_w(t))
    return f


def m_glicko_g(dtype="float64"):
    """1 / sqrt(1 + k RD^2), k the program's 3.0 * Q ** 2 / pi ** 2 (Python doubles: 3 q^2 RD^2 is (3 q^2) RD^2 there,
    then / pi^2)."""
    c, p2 = K(3.0 * (math.log(10.0) / 400.0) ** 2, dtype), K(math.pi ** 2, dtype)

    def f(rd):
        return 1 / sqrt(1 + c * rd ** 2 / p2)
    return f


def m_glicko_expected(dtype="float64"):
    c, p2 = K(3.0 * (math.log(10.0) / 400.0) ** 2, dtype), K(math.pi ** 2, dtype)

    def f(r, rj, rdj):
        g = 1 / sqrt(1 + c * rdj ** 2 / p2)
        return 1 / (1 + mpf(10) ** (-g * (r - rj) / 400))
    return f


def m_rd_new(rd, d2):
    """RD d / sqrt(RD^2 + d^2) for RD >= 0; as the program writes it, sqrt(1 / (1/RD^2 + 1/d^2)) = |RD| d / ..."""
    return abs(rd) * sqrt(d2) / sqrt(rd ** 2 + d2)


def m_rd_hypot(rd, d):
    return rd * d / sqrt(rd ** 2 + d ** 2)


def m_thurstone(mu_i, mu_j, s_i, s_j):
    return ncdf((mu_i - mu_j) / sqrt(s_i ** 2 + s_j ** 2))


def m_thurstone_scale(dtype="float64"):
    r2 = K(math.sqrt(2.0), dtype)

    def f(mu_i, mu_j, s):
        return ncdf((mu_i - mu_j) / (r2 * s))
    return f


def m_thurstone_erf(mu_i, mu_j, s):
    return ncdf((mu_i - mu_j) / (sqrt(2) * s))  # (1 + erf(d / (2 s))) / 2 = Phi(d / (sqrt 2 s))


def m_thurstone_ll(dtype="float64"):
    r2 = K(math.sqrt(2.0), dtype)

    def f(mu_i, mu_j, s):
        return log(ncdf((mu_i - mu_j) / (r2 * s)))
    return f


def t_pl(s, dtype="float64"):
    """d/ds_j of sum_k [s_k - log sum_{i >= k} e^{s_i}] = sum_k ([j = k] - softmax_{i >= k}(j) [j >= k])."""
    def truth():
        x = [HELD(dtype)(v) for v in s]
        g = [mpf(0)] * len(x)
        for k in range(len(x)):
            top = max(x[k:])
            e = [exp(v - top) for v in x[k:]]
            z = mpmath.fsum(e)
            g[k] += 1
            for i, ei in enumerate(e):
                g[k + i] -= ei / z
        return {"s": g}
    return truth


def t_pl_top1(s, dtype="float64"):
    def truth():
        x = [HELD(dtype)(v) for v in s]
        top = max(x)
        e = [exp(v - top) for v in x]
        p = [v / mpmath.fsum(e) for v in e]
        return {"s": [p[0] * ((1 if j == 0 else 0) - p[j]) for j in range(len(x))]}
    return truth


def m_dc(x, y):
    def tau(lam, mu, rho):
        if (x, y) == (0, 0):
            return 1 - lam * mu * rho
        if (x, y) == (0, 1):
            return 1 + lam * rho
        if (x, y) == (1, 0):
            return 1 + mu * rho
        if (x, y) == (1, 1):
            return 1 - rho
        return mpf(1)

    def f(lam, mu, rho):
        t = tau(lam, mu, rho)
        if t < 0 or lam <= 0 or mu <= 0:
            return NAN
        return log(t) + x * log(lam) - lam - mpmath.loggamma(x + 1) + y * log(mu) - mu - mpmath.loggamma(y + 1)
    return f


def m_dc_floor(x, y):
    """log(max(tau, 1e-10)) + the two Poisson terms."""
    def f(lam, mu, rho):
        t = {(0, 0): 1 - lam * mu * rho, (1, 1): 1 - rho}[(x, y)]
        return (log(max(t, D64(1e-10))) + x * log(lam) - lam - mpmath.loggamma(x + 1) + y * log(mu) - mu
                - mpmath.loggamma(y + 1))
    return f


def m_dc_match(x, y):
    inner = m_dc(x, y)

    def f(attack_h, defence_a, attack_a, defence_h, home, rho):
        return inner(exp(attack_h + defence_a + home), exp(attack_a + defence_h), rho)
    return f


def m_kelly(p, odds):
    b = odds - 1
    return max((b * p - (1 - p)) / b, mpf(0))


def m_kelly_devig(p, o_home, o_draw, o_away):
    q = (1 / o_home) / (1 / o_home + 1 / o_draw + 1 / o_away)
    return (p - q) / (1 - q)


def m_kelly_growth(f, p, odds):
    a, b = 1 + f * (odds - 1), 1 - f
    if a <= 0 or b <= 0:
        return NAN
    return p * log(a) + (1 - p) * log(b)


# --- cases ------------------------------------------------------------------------------------------------------------

def C(function, mirror, verdict="ok", dtype="float64", line=None, fix=None, **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it (NaN
    where a side is undefined or infinite)."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict,
                sided_grad(mirror, dtype, finite_sides=True, **pt), line, fix)


def H(function, truth, verdict="ok", dtype="float64", line=None, fix=None, **pt):
    """A case whose truth is written by hand."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict, hp(truth), line, fix)


def HT(function, maker, verdict="ok", dtype="float64", line=None, fix=None, **pt):
    """A case whose hand-written truth ``maker`` takes the point (and the dtype)."""
    return H(function, maker(**pt, dtype=dtype), verdict, dtype, line, fix, **pt)


def DC(function, mirror, x, y, verdict="ok", dtype="float64", line=None, **pt):
    """A Dixon-Coles case: the goals x, y typed as integers and held as data (--wrt the rates and rho)."""
    at = ",".join(f"{k}={_txt(v)}" for k, v in pt.items()) + f",x={x},y={y}"
    return Case(L, function, at, dtype, verdict, sided_grad(mirror(x, y), dtype, finite_sides=True, **pt), line,
                wrt=",".join(pt))


def DH(function, truth, x, y, verdict, dtype="float64", line=None, **pt):
    at = ",".join(f"{k}={_txt(v)}" for k, v in pt.items()) + f",x={x},y={y}"
    return Case(L, function, at, dtype, verdict, hp(truth), line, wrt=",".join(pt))


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


ALL = [
    # --- Elo's expected score
    C("elo_expected", m_elo(), ra=1500.0, rb=1700.0),
    C("elo_expected", m_elo(), ra=6500.0, rb=1500.0),  # a gap of +5000: E = 1 - 3.2e-13, slope 1.8e-15
    # rb - ra = 2e5: 10^500 overflows; E = 1e-500 and its slope round to 0, the rule's (1 + inf)^-2 inf is NaN
    C("elo_expected", m_elo(), "unstable", ra=0.0, rb=200000.0),
    C("elo_expected_expit", m_elo_expit(), ra=0.0, rb=200000.0),
    C("elo_expected", m_elo("float32"), dtype="float32", ra=6500.0, rb=1500.0),
    # float32: 10^50 overflows; E = 1e-50 and its slope round to 0 in float32, the rule's NaN
    C("elo_expected", m_elo("float32"), "unstable", dtype="float32", ra=0.0, rb=20000.0),
    C("elo_expected_expit", m_elo_expit("float32"), dtype="float32", ra=0.0, rb=20000.0),
    # --- its log-loss
    C("elo_logloss", m_elo_logloss, ra=1500.0, rb=1700.0, s=1.0),
    # the favourite (E = 1 - 3.2e-13) loses: 1 - E keeps 4 digits, in the value 28.8 and s's slope
    C("elo_logloss", m_elo_logloss, "unstable", ra=6500.0, rb=1500.0, s=0.0),
    C("elo_logloss_stable", m_elo_logloss_c(), ra=6500.0, rb=1500.0, s=0.0),
    # the underdog (E = 3.2e-13) wins: log E is fine, but (1 - s) log(1 - E) = 0 * -3.2e-13 and s's slope
    # log(1 - E) - log E carries log(1 - E)'s 4 digits only where it matters: s's slope is 28.8 + 3.2e-13: ok
    C("elo_logloss", m_elo_logloss, ra=1500.0, rb=6500.0, s=1.0),
    # the expected loss: -log(1 - E) = 3.2e-13 keeps 4 digits
    C("elo_logloss", m_elo_logloss, "unstable", ra=1500.0, rb=6500.0, s=0.0),
    C("elo_logloss_stable", m_elo_logloss_c(), ra=1500.0, rb=6500.0, s=0.0),
    C("elo_logloss", m_elo_logloss, "unstable", ra=6500.0, rb=1500.0, s=0.5),  # a draw: log(1 - E) again
    C("elo_logloss_stable", m_elo_logloss_c("float32"), dtype="float32", ra=6500.0, rb=1500.0, s=0.0),
    C("elo_update", m_elo_update, ra=1500.0, rb=1700.0, s=1.0, k=32.0),
    # --- margin of victory
    C("mov_multiplier", m_mov(), mov=7.0, elo_diff=100.0),
    C("mov_multiplier", m_mov(), "domain", mov=0.0, elo_diff=100.0),  # |MOV| at 0: slopes -1, +1; elo_diff 0
    # -2200 * 0.001 + 2.2 is 1.3e-16 with the doubles 0.001 and 2.2, but float64 rounds it to 0: inf where the
    # multiplier is 3.5e16 and its slopes fit
    C("mov_multiplier", m_mov(), "unstable", mov=7.0, elo_diff=-2200.0),
    C("mov_multiplier", m_mov("float32"), dtype="float32", mov=7.0, elo_diff=100.0),
    # a tie between unequal teams: S jumps 0 -> 1 where the multiplier is 0: slopes 20 c E from the left,
    # 20 c (1 - E) from the right; ra and rb 0
    C("mov_update", m_mov_update(), "domain", ra=1600.0, rb=1500.0, mov=0.0),
    # a tie between equal teams (E = 0.5): log1p(|m|) (S(m) - 0.5) = log1p(|m|) sign(m) / 2 is smooth, slope 10;
    # the rule's abs'(0) = 0 and sign'(0) = 0 give 0
    C("mov_update", m_mov_update(), "wrong", ra=1500.0, rb=1500.0, mov=0.0),
    # --- Bradley-Terry
    HT("bt_loglik_exp", t_bt, beta=[1.0, 0.0, -0.5]),
    # e^800 overflows: inf / inf
    HT("bt_loglik_exp", t_bt, "unstable", beta=[800.0, 0.0, -800.0]),
    # every worth underflows: 0 / 0
    HT("bt_loglik_exp", t_bt, "unstable", beta=[-800.0, -800.0, -801.0]),
    HT("bt_loglik_exp", t_bt, "unstable", dtype="float32", beta=[100.0, 0.0, -100.0]),
    HT("bt_loglik", t_bt, beta=[800.0, 0.0, -800.0]),
    HT("bt_loglik", t_bt, dtype="float32", beta=[100.0, 0.0, -100.0]),
    HT("bt_loglik_logaddexp", t_bt, beta=[800.0, 0.0, -800.0]),
    C("bt_worths", m_bt_worths, pi_w=2.0, pi_l=3.0),
    # log(0): pi_w has no derivative; pi_l keeps -1 / pi_l
    H("bt_worths", fixed(pi_w=NAN, pi_l=mpf(-1) / 3), "domain", pi_w=0.0, pi_l=3.0),
    C("bt_worths", m_bt_worths, pi_w=2.0, pi_l=0.0),  # a worthless loser: smooth, slopes 0 and -1/2
    # log 0 - log 0: the value log(pi_w / (pi_w + pi_l)) depends on the direction: no derivative
    H("bt_worths", all_nan(pi_w=0, pi_l=0), "domain", pi_w=0.0, pi_l=0.0),
    # the upset at +-800: softmax's 0 (e^-1600), log 0 = -inf where it is -1600
    C("bt_pair_softmax", m_bt_pair, "unstable", b=[-800.0, 800.0]),
    C("bt_pair_log_softmax", m_bt_pair, b=[-800.0, 800.0]),
    C("bt_pair_log_softmax", m_bt_pair, dtype="float32", b=[-80.0, 80.0]),
    # --- TrueSkill's v and w
    C("ts_v", m_v, t=0.0),
    # Phi(-40) = 3.6e-350 and N(-40) underflow: 0 / 0 where v = 40.025
    C("ts_v", m_v, "unstable", line="return norm.pdf(t) / norm.cdf(t)", t=-40.0),
    C("ts_v", m_v, t=40.0),  # v = 1.5e-348 and its slope round to 0
    C("ts_v_erfcx", m_v_erfcx(), t=-40.0),
    C("ts_v_erfcx", m_v_erfcx(), t=-10000.0),
    C("ts_v_erfcx", m_v_erfcx(), t=-1e10),  # v = 1e10, v' = -1 + 2e-20: erfcx's own slope kept
    # erfcx(7e159) = 8e-161: the quotient's rule -g a / erfcx^2 divides by 6.4e-321 and overflows where v' = -1
    C("ts_v_erfcx", m_v_erfcx(), "unstable", t=-1e160),
    C("ts_v_log", m_v, t=-40.0),  # -800.9 - log Phi(-40): 3 digits cancel, 13 kept
    # t^2 / 2 = 5e7: -t^2/2 - log Phi(t) = 9.2 from two numbers of 5e7, 7e-9 off
    C("ts_v_log", m_v, "unstable", t=-10000.0),
    C("ts_v_logpdf", m_v, t=-40.0),
    # erfcx(-28.3) = 2 e^800 overflows: v = 0 is right (1.5e-348), its slope's erfcx' / erfcx^2 = inf / inf
    C("ts_v_erfcx", m_v_erfcx(), "unstable", t=40.0),
    # float32: Phi(-14) = 7.8e-45 and N(-14) = 1.1e-43 are subnormal: 1 and 22 bits, v = 14.07
    C("ts_v", m_v, "unstable", dtype="float32", t=-14.0),
    C("ts_v_erfcx", m_v_erfcx("float32"), dtype="float32", t=-14.0),
    C("ts_w", m_w, t=0.0),
    C("ts_w", m_w, "unstable", t=-40.0),  # v's 0 / 0
    # v + t = 0.025: 3 of 16 digits cancel in w; w' adds two paths of 40.025 to -3.1e-5: 6 digits, 5.6e-10 off
    C("ts_w_erfcx", m_w_erfcx(), "unstable", t=-40.0),
    # v + t = 1e-4 from v = 1e4: 8 digits cancel, in w = 1 - 2e-8 and more in its slope
    C("ts_w_erfcx", m_w_erfcx(), "unstable", t=-10000.0),
    # float32: w' adds 5.1865 and -5.1973: 470 times float32's rounding, 7.4e-4 off
    C("ts_w_erfcx", m_w_erfcx("float32"), "unstable", dtype="float32", t=-5.0),
    C("ts_w_erfcx", m_w_erfcx("float32"), dtype="float32", t=0.5),
    # --- with a draw margin
    C("ts_v_draw", m_v_draw, t=0.0, eps=0.5),  # v = 0; eps's slope 0
    # far in a tail: Phi(-39.5) - Phi(-40.5) underflows, 0 / 0 where v = -39.5
    C("ts_v_draw", m_v_draw, "unstable", t=40.0, eps=0.5),
    # Phi(10.5) - Phi(9.5) = 1 - 1 in float64: the denominator 1e-21 is lost
    C("ts_v_draw", m_v_draw, "unstable", t=-10.0, eps=0.5),
    # no margin: 0 / 0 at every t, no value
    H("ts_v_draw", all_nan(t=0, eps=0), "domain", t=1.0, eps=0.0),
    # a margin of 1e-9: Phi(eps) - Phi(-eps) = 8e-10 from two numbers near 0.5: 7 digits lost
    C("ts_v_draw", m_v_draw, "unstable", t=0.0, eps=1e-9),
    C("ts_v_win_margin", m_v_win_margin, "unstable", t=-39.5, eps=0.5),
    C("ts_w_draw", m_w_draw, t=0.3, eps=0.7),
    C("ts_w_draw", m_w_draw, "unstable", t=40.0, eps=0.5),
    # --- TrueSkill's updates
    C("ts_mu_update", m_ts_mu(), mu_w=25.0, mu_l=25.0, s_w=8.333, s_l=8.333),
    # an upset of 41 c: v's 0 / 0
    C("ts_mu_update", m_ts_mu(), "unstable", mu_w=-125.0, mu_l=125.0, s_w=1.0, s_l=1.0),
    C("ts_mu_update", m_ts_mu("float32"), dtype="float32", mu_w=25.0, mu_l=30.0, s_w=8.333, s_l=8.333),
    C("ts_sigma_update", m_ts_sigma(), mu_w=25.0, mu_l=25.0, s_w=8.333, s_l=8.333),
    C("ts_sigma_update", m_ts_sigma(), "unstable", mu_w=-125.0, mu_l=125.0, s_w=1.0, s_l=1.0),
    # --- Glicko
    C("glicko_g", m_glicko_g(), rd=0.0),  # even in RD: slope 0
    # RD^2 = 1e320 overflows: g = 0 where it is 3.2e-158 (slope -3.2e-318)
    C("glicko_g", m_glicko_g(), "unstable", rd=1e160),
    C("glicko_g", m_glicko_g("float32"), dtype="float32", rd=350.0),
    C("glicko_g", m_glicko_g("float32"), "unstable", dtype="float32", rd=1e20),  # RD^2 = 1e40 overflows float32
    C("glicko_expected", m_glicko_expected(), r=1500.0, rj=1400.0, rdj=0.0),
    C("glicko_rd_new", m_rd_new, rd=50.0, d2=40000.0),
    # RD = 0: |RD| d / sqrt(RD^2 + d^2), a kink in RD; d2's exact 0 (the new RD is 0 whatever d2), the rule's
    # sqrt'(0) (-1 / inf^2) = inf * 0
    H("glicko_rd_new", fixed(rd=NAN, d2=0), "wrong", line="return np.sqrt(1.0 / (1.0 / rd ** 2 + 1.0 / d2))",
      rd=0.0, d2=40000.0),
    C("glicko_rd_new_hypot", m_rd_hypot, rd=0.0, d=200.0),  # RD d / hypot: smooth through 0, slope 1
    # --- Thurstone
    C("thurstone", m_thurstone, mu_i=1.0, mu_j=0.0, s_i=1.0, s_j=0.5),
    # zero variance with mu_i > mu_j: Phi(1 / 0) = 1, and 1 near the point: every slope 0, the rule's N(inf) / 0
    H("thurstone", fixed(mu_i=0, mu_j=0, s_i=0, s_j=0), "wrong", mu_i=1.0, mu_j=0.0, s_i=0.0, s_j=0.0),
    # zero variance at a tie: 0 / 0
    H("thurstone", all_nan(mu_i=0, mu_j=0, s_i=0, s_j=0), "domain", mu_i=0.0, mu_j=0.0, s_i=0.0, s_j=0.0),
    C("thurstone_scale", m_thurstone_scale(), mu_i=1.0, mu_j=0.0, s=1.0),
    # SciPy's norm.cdf(x, scale=0) is NaN (a scale must be positive): no value, no slopes
    H("thurstone_scale", all_nan(mu_i=0, mu_j=0, s=0), "domain", mu_i=1.0, mu_j=0.0, s=0.0),
    # a negative scale: SciPy's NaN again, at every point near
    H("thurstone_scale", all_nan(mu_i=0, mu_j=0, s=0), "domain", mu_i=1.0, mu_j=0.0, s=-1.0),
    # both 0: 0 / 0; RD d / sqrt(RD^2 + d^2) is |h| / sqrt 2 along the diagonal: no derivative
    H("glicko_rd_new_hypot", all_nan(rd=0, d=0), "domain", rd=0.0, d=0.0),
    # erf(-7.5) rounds to -1: 1 + erf keeps nothing of the value 1.4e-25
    C("thurstone_erf", m_thurstone_erf, "unstable", mu_i=0.0, mu_j=15.0, s=1.0),
    # Phi(-42.4) underflows: log(0) = -inf where it is -903.6
    C("thurstone_loglik", m_thurstone_ll(), "unstable", fix="log_ndtr(", mu_i=0.0, mu_j=60.0, s=1.0),
    C("thurstone_loglik_stable", m_thurstone_ll(), mu_i=0.0, mu_j=60.0, s=1.0),
    C("thurstone_loglik_stable", m_thurstone_ll("float32"), dtype="float32", mu_i=0.0, mu_j=20.0, s=1.0),
    # --- Plackett-Luce
    HT("pl_loglik", t_pl, s=[800.0, 0.0, -800.0]),
    # float32: 1 - softmax_0 = e^-100 = 3.7e-44 (a subnormal) comes out 0, and s[1]'s 5e-131 as -3.8e-44
    HT("pl_loglik", t_pl, "unstable", dtype="float32", s=[100.0, 0.0, -100.0]),
    HT("pl_loglik", t_pl, dtype="float32", s=[1.0, 0.5, -0.3, 0.2]),
    HT("pl_loglik_naive", t_pl, "unstable", fix="logsumexp(", s=[800.0, 0.0, -800.0]),
    HT("pl_loglik_naive", t_pl, "unstable", s=[-800.0, -801.0, -802.0]),  # every e^s underflows: log 0
    HT("pl_loglik_naive", t_pl, "unstable", dtype="float32", s=[100.0, 0.0, -100.0]),
    HT("pl_top1", t_pl_top1, "unstable", s=[800.0, 0.0]),  # inf / inf
    # --- Dixon-Coles
    DC("dc_loglik", m_dc, 0, 0, lam=1.5, mu=1.1, rho=-0.1),
    DC("dc_loglik", m_dc, 2, 1, lam=1.5, mu=1.1, rho=-0.1),  # tau = 1: rho's slope 0
    # rho at its upper limit 1 / (lam mu): tau(0, 0) = 0, log 0; each input moves tau
    DH("dc_loglik", all_nan(lam=0, mu=0, rho=0), 0, 0, "domain", lam=2.0, mu=0.5, rho=1.0),
    # tau(1, 1) = 1 - rho = 0 at rho = 1: lam and mu keep 1/lam - 1 and 1/mu - 1
    DH("dc_loglik", fixed(lam=-0.5, mu=1, rho=NAN), 1, 1, "domain", lam=2.0, mu=0.5, rho=1.0),
    # tau(0, 1) = 1 + lam rho = 0 at rho = -1 / lam: mu keeps 1/mu - 1
    DH("dc_loglik", fixed(lam=NAN, mu=1, rho=NAN), 0, 1, "domain", lam=2.0, mu=0.5, rho=-0.5),
    DC("dc_loglik", m_dc, 1, 1, dtype="float32", lam=1.5, mu=1.1, rho=-0.1),
    # floored: tau = 0 below 1e-10, on the floor nearby: rho's slope 0, lam and mu -1
    DC("dc_loglik_floor", m_dc_floor, 0, 0, lam=2.0, mu=0.5, rho=1.0),
    DC("dc_match", m_dc_match, 0, 0, attack_h=0.2, defence_a=-0.1, attack_a=0.1, defence_h=-0.3, home=0.25,
       rho=-0.1),
    DH("dc_match", fixed(attack_h=lambda: 1 - exp(D64(0.25)), defence_a=lambda: 1 - exp(D64(0.25)),
                         attack_a=lambda: 1 - exp(D64(0.0)), defence_h=lambda: 1 - exp(D64(0.0)),
                         home=lambda: 1 - exp(D64(0.25)), rho=NAN),
       1, 1, "domain", attack_h=0.0, defence_a=0.0, attack_a=0.0, defence_h=0.0, home=0.25, rho=1.0),
    # --- Kelly
    C("kelly_fraction", m_kelly, p=0.6, odds=2.0),
    C("kelly_fraction", m_kelly, p=0.4, odds=2.0),  # no bet: slopes 0
    C("kelly_fraction", m_kelly, "domain", p=0.5, odds=2.0),  # no edge: the max's tie
    C("kelly_fraction", m_kelly, dtype="float32", p=0.6, odds=2.5),
    # even odds 1.0: b = 0, -(1 - p) / 0 = -inf, max 0; just below 1.0 the stake is +inf: odds has no derivative,
    # p's exact 0 (the stake is 0 for every p < 1 at b = 0), the rule's g / b = 0 / 0
    H("kelly_fraction", fixed(p=0, odds=NAN), "wrong", p=0.6, odds=1.0),
    C("kelly_devig", m_kelly_devig, p=0.5, o_home=2.1, o_draw=3.4, o_away=3.6),
    C("kelly_devig", m_kelly_devig, dtype="float32", p=0.5, o_home=2.1, o_draw=3.4, o_away=3.6),
    C("kelly_growth", m_kelly_growth, f=0.0, p=0.5, odds=2.0),  # no edge, no stake: f's slope 0
    # all in: (1 - p) log(1 - f) = -inf; f and p have no derivative, odds keeps p f / (1 + f b) = 0.25
    H("kelly_growth", fixed(f=NAN, p=NAN, odds=0.25), "domain", f=1.0, p=0.5, odds=2.0),
]
