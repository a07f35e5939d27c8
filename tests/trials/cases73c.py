"""The seventy-third trial set (third part): issue 27's exact reference on Python functions doing SURVIVAL ANALYSIS AND
RELIABILITY with gradcli.numpy (and gradcli.scipy.special's log_ndtr) as statisticians write them
(tests/trials/lib73c.py): right-censored Weibull log-likelihoods (ordinary, float32, k = 0.5, the exponential k = 1,
an all-censored study), the Weibull log-survival -(t/lam)^k at t = 0 with k = 0.5 (a root's slope) and k = 2, its
log-density at t = 0 (a failure on arrival), exponential likelihoods on a log rate and on a rate with a time of 0 and a
rate of 0; log S as log(1 - F) naive, by log1p(-F) and with F = -expm1(-z), at z = 1, 25 and 40 (float32 z = 20), the
log-cdf naive and by expm1 at z = 1e-10 and 40; the log-logistic hazard and cumulative hazard at t = 1e200 (float32
1e20) and by logaddexp (at t = 0 too), Gompertz log-hazards and log-survival at huge ages (e^710, e^800) and at
b = 1e-10 and 1e-12 naive and by expm1; the Cox partial likelihood by Breslow (risk sets by np.where(T_j >= T_i), a tie
at 2.0; eta = 880; float32), by a masked logsumexp, on an all-censored study, with the times as inputs (at the tie and
without it), by Efron's correction (beta = 0, 880), a risk set of size 1; a Kaplan-Meier product of (1 - d/n) with
d = n in one factor and in two (float32 too), its log as a sum and as log(prod), the restricted mean by cumprod with
the curve reaching 0; a piecewise-constant hazard by np.searchsorted (on knots 0 and 1, the open last piece, float32)
and its log-likelihood by np.digitize on a knot; a smooth C-index by 1/(1 + exp) and by np.sigmoid (a spread of
+-2000 temperatures, ties, float32); a log-normal AFT's log S by 1 - Phi (erf), by erfc and by log_ndtr at z = 0.5,
10 and 40, the censored likelihood at mu = -40; mean residual life by np.trapezoid over S(u) / S(t0) and in logs at
t0 = 1 and in the tail t0 = 40.

Tried: 37 functions, 89 cases through the CLI judged by tests/trials/judge.py (at most two gradcli processes at once;
a scratch file runs the CLI in two threads and judges in the main one), a batch of 89, the corrected cases again,
then the whole set; besides them 12 probes of the finding (a scratch file's seven functions and --wrt
variants of weibull_log_pdf), kept out of ALL as repeats of F1's mechanism. ALL keeps 89 (53 ok, 26 unstable,
8 domain, 2 wrong; 80 float64, 9 float32). 88 agree with gradcli in verdict and every exact gradient entry (to 1e-10
relative), and where a case names its line, in that too; one is finding F1. Every check took 0.4-5.1 s.

Truths are written here from the mathematics, never lib73c's code or gradcli: each formula in mpmath (log S as
-(t/lam)^k whatever the user's spelling, the log-cdf by mpmath.expm1, the log-logistic cumulative hazard as
log(1 + u^b), Gompertz's by expm1, Breslow's and Efron's sums over risk sets written as Python comprehensions, the
piecewise hazard as sum h_j |[K_j, K_j+1] meet [0, t]| with no searchsorted, the log-normal tail by mpmath.erfc, the
trapezoid sum over the doubles np.linspace makes), the derivative from the left and the right by mpmath.diff at 2,000
digits (cases30b.sided_grad), NaN where they differ; the study's data as float64 holds them; by hand: the piecewise
log-likelihood on a knot (t none; log h keeps [-h0, 1, 0, 0] of the piece the program takes), the Kaplan-Meier log at
d = n, the Weibull log-density at t = 0, the rate of 0 and logaddexp at t = 0.

What agreed: the Weibull likelihoods ok everywhere tried (float32, all-censored); -(t/lam)^k at t = [0, 1] with
k = 0.5 wrong (t[0] has no derivative; lam's exact slope 0.177 comes out NaN from (t/lam)^k's chain k u^(k-1) x
-t/lam^2 = inf x 0, NaN at every precision), with k = 2 ok (the exponent's rule gives 0^k log 0 as 0); the
exponential likelihood ok (a time of 0 too), domain at rate 0 (t keeps its slope 0); log(1 - F) unstable at z = 25
(8e-6 lost) and 40 (ln 0), its line named, and so log1p(-F) and -expm1(-z) at 40 (1 - F rounds to 0 however F is
made), ok at ordinary z and at 1e-10; the naive log-cdf unstable at 1e-10, by expm1 ok there; the log-logistic hazard
and cumulative hazard unstable at 1e200 (u^3 = inf, inf / inf), by logaddexp ok (float32 1e20 too); Gompertz
log(a e^(b age)) unstable at e^800, the log-survival unstable at e^710 (a value of -2e303, slopes to -2e307) by both
spellings and at b = 1e-10 (e^x - 1); the Cox likelihood by Breslow ok (float32), unstable at eta = 880 (exp = inf),
by the masked logsumexp ok there, the all-censored one ok (slopes exactly 0) and unstable at 880 (0 x -inf), with
the times as inputs domain at the tie (times[2], times[3] jump; beta keeps its slopes, the others 0) and ok without
it; Efron ok (beta = 0 too), unstable at 880; a risk set of size 1, eta - log(exp(eta)), ok and unstable at 800;
Kaplan-Meier's product ok with a factor 0 (np.prod's rule gives the one nonzero slope -5/24, not 0/0) and two (all 0;
float32 too), its log domain at d = n (the other entries keep -1/(n - d)), log(prod) domain the same way; cumprod's
restricted mean ok with the curve reaching 0 (d[2]'s slope -0.328 kept); the piecewise hazard ok off the knots and on
the open piece (float32 too), domain on knots 1 and 0 (a kink; log h keeps its slopes), the digitize likelihood domain
on a knot (a jump of log h) with log h's slopes kept; the C-index by 1/(1 + exp) unstable at a spread of +-2000
(NaN from the untaken pairs' exp = inf as well), by np.sigmoid ok (float32, all ties); the AFT log S by 1 - Phi ok at
z = 0.5 and unstable at 10 (Phi = 1, its line named) and 40, by erfc ok at 10 and unstable at 40 (erfc(28.3) =
1e-349 underflows), by log_ndtr ok at 40 and -40, the AFT likelihood ok and unstable at mu = -40 (erfc underflows);
mean residual life ok at t0 = 1, unstable at t0 = 40 (S(t0) = e^-1600 = 0: 0 / 0), in logs ok at t0 = 1.

Truths the round corrected in itself, gradcli right each time:
- -(t/lam)^k at t = [0, 1], k = 2 is ok, not wrong: the exponent's rule gives the k-slope of 0^k (0 log 0) as 0, the
  exact 0; only lam's chain through the base's infinite slope (k = 0.5) leaks NaN;
- the exponential likelihood at rate 0 keeps t's slopes [0, 0] (-rate): t does not move log 0's pole;
- log(-expm1(-z)) at z = 40 is unstable, not ok: the slopes are right, but the value log(1 - 4e-18) comes out log 1 = 0
  (log F near 1 wants log1p(-exp(-z)));
- logaddexp(0, beta log(t / alpha)) at t = [0, 1] is wrong, not ok: t[0] is at the edge of log's domain (no derivative
  as written, though log(1 + t^3) has slope 0 there), and alpha's and beta's slopes -1.5 and 0 come out NaN from the
  chain's 0 x -inf at every precision;
- Gompertz by expm1 at b = 1e-10 is unstable, not ok (the b-slope -1.25 is the difference of two paths of 5e8, not
  5e5 as first reckoned), and at b = 1e-12 ok, not unstable: its paths of 5e10 happen to cancel to -1.25, 3.3e-11 off
  the exact -1.2500000000417;
- mean residual life in logs at t0 = 40 is unstable, not ok: the value is mended but the k-slope -1.45e-6 is the
  difference of two paths of 590 (7.5e-8 of it lost).

Findings:
- F1 (mended): at a point where the function's exact value is infinite, the exact slopes of inputs that do not move the
  pole depend on which other inputs are differentiated. The Weibull log-density log(k/lam) + (k - 1) log(t/lam) -
  (t/lam)^k at t = [0, 1], k = 1.5, lam = 2 (a failure at time 0): t[0] and k have no finite slope, but t[1] has
  (k - 1)/t - k t^(k-1)/lam^k = -0.0303301 (the README: at a pole the inputs that do not move it keep their slopes).
  With --wrt t alone gradcli reports t[1] = -0.030330085889910645; with --wrt t,k (or no --wrt) it reports t[1] "no
  derivative: the function's exact value here is -inf". Likewise np.sum(np.log(t / lam)) at t = [0, 1], lam = 2 gives
  lam's exact slope -1.0 with t differentiated and -0.5 with --wrt lam (probe_pole.py:d), and np.sum(np.log(t) -
  t ** k) at t = [0, 1], k = 1.5 reports t[1] and k (exact slopes -0.5 and 0) as no derivative, where np.sum(np.log(t)
  + k * t) keeps them. The verdict, domain, is unchanged (t[0] has no derivative whatever the others' slopes).
  Reading: the forward jets on balls carry the tangent of t^k in every direction through 0^k log 0 = 0 x -inf (and
  log 0's 0 / 0 tangent), so every entry of the main reference is NaN; no_derivative.settle_entries then asks each
  entry's one-sided slopes, but _entry stops at once where the value f0 is infinite ("no derivative: the function's
  exact value here is -inf") instead of differencing the finite part that moves with the coordinate.
  Reproduce: gradcli check tests/trials/lib73c.py:weibull_log_pdf --at "t=[0.0,1.0],k=1.5,lam=2.0" --wrt t,k
  --dtype float64 --json   (then --wrt t: t[1] = -0.030330085889910645)
  Mended: where the value is infinite, the coordinates that never move the ops that made the infinity from finite
  numbers keep their slopes, an elementwise op read at its entries that are no number alone (log(t / lam) meets the
  pole in t[0], never in t[1]: domain_slopes.slopes_beside_nan). t[1] = -0.0303 and np.sum(np.log(t) - t ** k)'s
  t[1] = -0.5, k = 0 whatever is differentiated; lam beside t in log(t / lam) stays as it was (-1.0 with t, -0.5
  alone), a slope the mathematics leaves open (the pole's term is -inf for every lam).
"""

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad
from cases59c import _txt  # a point as its case id writes it

L = "lib73c.py"
NAN = mpmath.nan
fsum, log, exp, sqrt = mpmath.fsum, mpmath.log, mpmath.exp, mpmath.sqrt


def D64(v):
    return mpf(float(v))


def D32(v):
    return mpf(float(numpy.float32(v)))


def flat(a):
    return [w for v in a for w in flat(v)] if isinstance(a, (list, tuple)) else [a]


# --- the study's data, as the user's float64 arrays hold them ---------------------------------------------------------

TIMES = [D64(v) for v in (0.5, 1.2, 2.0, 2.0, 3.1, 4.0)]
EVENTS = [1, 0, 1, 1, 1, 0]
X = [[D64(a), D64(b)] for a, b in ((0.2, 1.0), (-0.5, 0.3), (1.1, -0.4), (0.0, 0.8), (-1.2, 0.5), (0.7, -1.0))]
AT_RISK = [mpf(v) for v in (6, 5, 4, 2, 1)]
GAPS = [D64(v) for v in (0.5, 0.7, 0.8, 1.1, 0.9)]
KNOTS = [mpf(0), mpf(1), mpf(2), mpf(3)]
GRID = [mpf(float(v)) for v in numpy.linspace(0.0, 20.0, 101)]  # the doubles np.linspace makes


# --- the mathematics, in mpmath ---------------------------------------------------------------------------------------

def m_weibull_loglik(events=EVENTS):
    def f(k, lam):
        return fsum(e * (log(k) - log(lam) + (k - 1) * log(t / lam)) - (t / lam) ** k for t, e in zip(TIMES, events))
    return f


def m_weibull_log_surv(t, k, lam):
    return fsum(-(v / lam) ** k for v in flat(t))


def m_weibull_log_pdf(t, k, lam):
    return fsum(log(k / lam) + (k - 1) * log(v / lam) - (v / lam) ** k for v in flat(t))


def m_exponential_loglik(log_rate):
    return fsum(e * log_rate - exp(log_rate) * t for t, e in zip(TIMES, EVENTS))


def m_exponential_loglik_rate(rate, t):
    return fsum(e * log(rate) - rate * v for v, e in zip(flat(t), EVENTS[:2]))


def m_log_sf(t, k, lam):  # log S = -(t / lam)^k: what log(1 - F) means
    return fsum(-(v / lam) ** k for v in flat(t))


def m_log_cdf(t, k, lam):
    return fsum(log(-mpmath.expm1(-(v / lam) ** k)) for v in flat(t))


def m_loglogistic_hazard(t, alpha, beta):
    return fsum((beta / alpha) * (v / alpha) ** (beta - 1) / (1 + (v / alpha) ** beta) for v in flat(t))


def m_loglogistic_cumhaz(t, alpha, beta):
    return fsum(log(1 + (v / alpha) ** beta) for v in flat(t))


def m_gompertz_log_hazard(age, a, b):
    return fsum(log(a) + b * v for v in flat(age))


def m_gompertz_log_surv(age, a, b):
    return fsum(-(a / b) * mpmath.expm1(b * v) for v in flat(age))


def eta_of(beta):
    return [x0 * beta[0] + x1 * beta[1] for x0, x1 in X]


def breslow(times, beta, events=EVENTS):
    eta = eta_of(beta)
    return fsum(e * (eta[i] - log(fsum(exp(eta[j]) for j in range(6) if times[j] >= times[i])))
                for i, e in enumerate(events) if e)


def m_cox_breslow(beta):
    return breslow(TIMES, beta)


def m_cox_breslow_times(times, beta):
    return breslow(times, beta)


def m_cox_efron(beta):  # event times 0.5 (subject 0), 2.0 (subjects 2 and 3 tied), 3.1 (subject 4)
    eta = eta_of(beta)
    w = [exp(v) for v in eta]
    total = mpf(0)
    for tied in ([0], [2, 3], [4]):
        t = TIMES[tied[0]]
        risk = fsum(w[j] for j in range(6) if TIMES[j] >= t)
        tw = fsum(w[j] for j in tied)
        d = len(tied)
        total += fsum(eta[j] for j in tied) - fsum(log(risk - mpf(l) / d * tw) for l in range(d))
    return total


def m_km_survival(d):
    return mpmath.fprod(1 - v / n for v, n in zip(flat(d), AT_RISK))


def m_km_log_survival(d):
    return fsum(log(1 - v / n) for v, n in zip(flat(d), AT_RISK))


def m_km_rmst(d):
    c, total = mpf(1), mpf(0)
    for v, n, g in zip(flat(d), AT_RISK, GAPS):
        c *= 1 - v / n
        total += c * g
    return total


def pch_H(v, h):  # H(t) = sum_j h_j |[K_j, K_j+1] meet [0, t]|, the last piece open: no searchsorted
    edges = KNOTS + [mpmath.inf]
    return fsum(h[j] * max(mpf(0), min(v, edges[j + 1]) - edges[j]) for j in range(4))


def m_pch_cumhaz(t, log_h):
    h = [exp(v) for v in log_h]
    return fsum(pch_H(v, h) for v in flat(t))


def piece(v):
    return max(j for j in range(4) if KNOTS[j] <= v)


def m_pch_loglik(t, log_h):
    h = [exp(v) for v in log_h]
    return fsum(log_h[piece(v)] - pch_H(v, h) for v in flat(t))


def comparable():
    return [(i, j) for i in range(6) for j in range(6) if EVENTS[i] == 1 and TIMES[i] < TIMES[j]]


def m_cindex(Q=D64):
    def f(risk):
        pairs = comparable()
        return fsum(1 / (1 + exp(-(risk[i] - risk[j]) / Q(0.01))) for i, j in pairs) / len(pairs)
    return f


def m_aft_log_sf(t, mu, sigma):
    return fsum(log(mpmath.erfc((log(v) - mu) / sigma / sqrt(2)) / 2) for v in flat(t))


def m_aft_loglik(mu, sigma):
    total = mpf(0)
    for t, e in zip(TIMES, EVENTS):
        z = (log(t) - mu) / sigma
        if e:
            total += -z ** 2 / 2 - log(sigma * t * sqrt(2 * D64(numpy.pi)))
        else:
            total += log(mpmath.erfc(z / sqrt(2)) / 2)
    return total


def m_mrl(t0, k, lam):
    u = [t0 + g for g in GRID]
    s = [exp(-(v / lam) ** k) for v in u]
    area = fsum((u[i + 1] - u[i]) * (s[i] + s[i + 1]) / 2 for i in range(100))
    return area / exp(-(t0 / lam) ** k)


# --- cases ------------------------------------------------------------------------------------------------------------

def C(function, mirror, verdict="ok", dtype="float64", line=None, fix=None, **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict,
                sided_grad(mirror, dtype, **pt), line, fix)


def H(function, truth, verdict="ok", dtype="float64", line=None, fix=None, **pt):
    """A case whose truth is written by hand."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict, hp(truth), line, fix)


LOG_H = [0.0, -1.0, 0.5, 0.2]


def pch_loglik_on_knot():  # t = 1 sits on a knot: log h jumps there (t none); the program's piece is 1: log h1 - h0
    h0 = exp(D64(LOG_H[0]))  # e^0 = 1
    return {"t": [NAN], "log_h": [-h0, mpf(1), mpf(0), mpf(0)]}


def km_log_at_zero():  # log(1 - d/n) at d[4] = n[4]: d[4] none, the rest keep -1 / (n - d)
    d = [mpf(1), mpf(0), mpf(2), mpf(1)]
    return {"d": [-1 / (n - v) for v, n in zip(d, AT_RISK)] + [NAN]}


def pdf_at_zero():  # log k/lam + (k-1) log(t/lam) - (t/lam)^k at t = [0, 1]: t[1] keeps (k-1)/t - k t^(k-1)/lam^k
    k, lam = mpf(1.5), mpf(2)
    return {"t": [NAN, (k - 1) - k / lam ** k], "k": NAN}


def cumhaz_at_zero():  # logaddexp(0, beta log(t / alpha)) at t = [0, 1]: t[0] none; t = 1 gives -beta / (2 alpha)
    return {"t": [NAN, mpf(3) / 2], "alpha": mpf(-3) / 2, "beta": mpf(0)}


ALL = [
    # Weibull and exponential likelihoods
    C("weibull_loglik", m_weibull_loglik(), k=1.5, lam=2.0),
    C("weibull_loglik", m_weibull_loglik(), dtype="float32", k=1.5, lam=2.0),
    C("weibull_loglik", m_weibull_loglik(), k=0.5, lam=3.0),
    C("weibull_loglik", m_weibull_loglik(), k=1.0, lam=1.0),  # the exponential
    C("weibull_loglik_censored", m_weibull_loglik([0] * 6), k=1.5, lam=2.0),
    C("weibull_log_surv", m_weibull_log_surv, t=[0.5, 2.0], k=0.7, lam=1.5),
    C("weibull_log_surv", m_weibull_log_surv, "wrong", t=[0.0, 1.0], k=0.5, lam=2.0),
    C("weibull_log_surv", m_weibull_log_surv, t=[0.0, 1.0], k=2.0, lam=2.0),  # 0^k: the k-slope 0 comes out 0
    C("weibull_log_pdf", m_weibull_log_pdf, t=[1.0, 2.5], k=1.5, lam=2.0),
    # a failure at time 0: log f = -inf; t[0] and k have no finite slope, t[1] keeps its own (F1)
    Case(L, "weibull_log_pdf", "t=[0.0,1.0],k=1.5,lam=2.0", "float64", "domain", hp(pdf_at_zero), wrt="t,k"),
    C("exponential_loglik", m_exponential_loglik, log_rate=-1.0),
    C("exponential_loglik", m_exponential_loglik, dtype="float32", log_rate=-1.0),
    C("exponential_loglik_rate", m_exponential_loglik_rate, rate=0.5, t=[0.0, 2.0]),
    H("exponential_loglik_rate", lambda: {"rate": NAN, "t": [mpf(0), mpf(0)]}, "domain", rate=0.0, t=[0.0, 2.0]),
    # log(1 - F) far in the tail
    C("weibull_log_sf_naive", m_log_sf, t=[1.0], k=1.5, lam=2.0),
    C("weibull_log_sf_naive", m_log_sf, "unstable", t=[25.0], k=1.0, lam=1.0),
    C("weibull_log_sf_naive", m_log_sf, "unstable", t=[40.0], k=1.0, lam=1.0, line="return np.sum(np.log(1 - F))"),
    C("weibull_log_sf_log1p", m_log_sf, "unstable", t=[40.0], k=1.0, lam=1.0),
    C("weibull_log_sf_log1p", m_log_sf, t=[1.0], k=1.5, lam=2.0),
    C("weibull_log_sf_expm1", m_log_sf, "unstable", t=[40.0], k=1.0, lam=1.0),
    C("weibull_log_sf_expm1", m_log_sf, t=[1e-10], k=1.0, lam=1.0),
    C("weibull_log_sf_naive", m_log_sf, "unstable", dtype="float32", t=[20.0], k=1.0, lam=1.0),
    C("weibull_log_cdf_naive", m_log_cdf, "unstable", t=[1e-10], k=1.0, lam=1.0),
    C("weibull_log_cdf_expm1", m_log_cdf, t=[1e-10], k=1.0, lam=1.0),
    C("weibull_log_cdf_expm1", m_log_cdf, "unstable", t=[40.0], k=1.0, lam=1.0),  # log(1 - 4e-18) = log 1
    # hazards at huge ages
    C("loglogistic_hazard", m_loglogistic_hazard, t=[2.0, 5.0], alpha=3.0, beta=2.5),
    C("loglogistic_hazard", m_loglogistic_hazard, "unstable", t=[1e200], alpha=1.0, beta=3.0),
    C("loglogistic_cumhaz", m_loglogistic_cumhaz, t=[2.0, 5.0], alpha=3.0, beta=2.5),
    C("loglogistic_cumhaz", m_loglogistic_cumhaz, "unstable", t=[1e200], alpha=1.0, beta=3.0),
    C("loglogistic_cumhaz", m_loglogistic_cumhaz, "unstable", dtype="float32", t=[1e20], alpha=1.0, beta=3.0),
    C("loglogistic_cumhaz_stable", m_loglogistic_cumhaz, t=[1e200], alpha=1.0, beta=3.0),
    C("loglogistic_cumhaz_stable", m_loglogistic_cumhaz, dtype="float32", t=[1e20], alpha=1.0, beta=3.0),
    # log(t / alpha) = -inf at t = 0: t[0] at its domain's edge; the chain's 0 * -inf leaks into alpha and beta
    H("loglogistic_cumhaz_stable", cumhaz_at_zero, "wrong", t=[0.0, 1.0], alpha=1.0, beta=3.0),
    C("gompertz_log_hazard", m_gompertz_log_hazard, age=[60.0, 80.0], a=0.0001, b=0.1),
    C("gompertz_log_hazard", m_gompertz_log_hazard, "unstable", age=[8000.0], a=0.0001, b=0.1),
    C("gompertz_log_surv", m_gompertz_log_surv, age=[60.0, 80.0], a=0.0001, b=0.1),
    C("gompertz_log_surv", m_gompertz_log_surv, "unstable", age=[71.0], a=0.0001, b=10.0),  # e^710 overflows
    C("gompertz_log_surv", m_gompertz_log_surv, "unstable", age=[50.0], a=0.001, b=1e-10),  # e^(5e-9) - 1
    C("gompertz_log_surv_expm1", m_gompertz_log_surv, "unstable", age=[50.0], a=0.001, b=1e-10),  # b-slope cancels
    C("gompertz_log_surv_expm1", m_gompertz_log_surv, age=[50.0], a=0.001, b=1e-12),  # paths of 5e10 cancel to -1.25
    C("gompertz_log_surv_expm1", m_gompertz_log_surv, "unstable", age=[71.0], a=0.0001, b=10.0),
    # Cox
    C("cox_breslow", m_cox_breslow, beta=[0.5, -0.3]),
    C("cox_breslow", m_cox_breslow, dtype="float32", beta=[0.5, -0.3]),
    C("cox_breslow", m_cox_breslow, "unstable", beta=[800.0, 0.0]),
    C("cox_breslow_lse", m_cox_breslow, beta=[0.5, -0.3]),
    C("cox_breslow_lse", m_cox_breslow, beta=[800.0, 0.0]),
    C("cox_breslow_censored", lambda beta: mpf(0) * beta[0], beta=[0.5, -0.3]),
    C("cox_breslow_censored", lambda beta: mpf(0) * beta[0], "unstable", beta=[800.0, 0.0]),
    C("cox_breslow_times", m_cox_breslow_times, "domain", times=[0.5, 1.2, 2.0, 2.0, 3.1, 4.0], beta=[0.5, -0.3]),
    C("cox_breslow_times", m_cox_breslow_times, times=[0.5, 1.2, 2.0, 2.5, 3.1, 4.0], beta=[0.5, -0.3]),
    C("cox_efron", m_cox_efron, beta=[0.5, -0.3]),
    C("cox_efron", m_cox_efron, beta=[0.0, 0.0]),
    C("cox_efron", m_cox_efron, "unstable", beta=[800.0, 0.0]),
    C("cox_last_alone", lambda eta: eta[1] - log(exp(eta[1])), eta=[0.3, 1.0]),
    C("cox_last_alone", lambda eta: eta[1] - log(exp(eta[1])), "unstable", eta=[0.3, 800.0]),
    # Kaplan-Meier
    C("km_survival", m_km_survival, d=[1.0, 0.0, 2.0, 1.0, 0.5]),
    C("km_survival", m_km_survival, d=[1.0, 0.0, 2.0, 1.0, 1.0]),  # the last factor 0
    C("km_survival", m_km_survival, d=[1.0, 0.0, 2.0, 2.0, 1.0]),  # two factors 0: every slope 0
    C("km_survival", m_km_survival, dtype="float32", d=[1.0, 0.0, 2.0, 1.0, 1.0]),
    H("km_log_survival", km_log_at_zero, "domain", d=[1.0, 0.0, 2.0, 1.0, 1.0]),
    C("km_log_survival", m_km_log_survival, d=[1.0, 0.0, 2.0, 1.0, 0.5]),
    H("km_log_survival_prod", km_log_at_zero, "domain", d=[1.0, 0.0, 2.0, 1.0, 1.0]),
    C("km_rmst", m_km_rmst, d=[1.0, 0.0, 1.0, 1.0, 0.5]),
    C("km_rmst", m_km_rmst, d=[1.0, 0.0, 4.0, 1.0, 0.5]),  # the curve reaches 0 at the third time
    # piecewise-constant hazard
    C("pch_cumhaz", m_pch_cumhaz, t=[0.5, 2.5], log_h=LOG_H),
    C("pch_cumhaz", m_pch_cumhaz, "domain", t=[1.0, 2.5], log_h=LOG_H),  # a kink on the knot
    C("pch_cumhaz", m_pch_cumhaz, "domain", t=[0.0, 2.5], log_h=LOG_H),
    C("pch_cumhaz", m_pch_cumhaz, t=[3.5], log_h=LOG_H),  # the open last piece
    C("pch_cumhaz", m_pch_cumhaz, dtype="float32", t=[0.5, 2.5], log_h=LOG_H),
    C("pch_loglik", m_pch_loglik, t=[0.5, 2.5], log_h=LOG_H),
    H("pch_loglik", pch_loglik_on_knot, "domain", t=[1.0], log_h=LOG_H),
    # concordance
    C("smooth_cindex", m_cindex(), risk=[0.1, 0.2, 0.3, 0.0, -0.1, 0.05]),
    C("smooth_cindex", m_cindex(), "unstable", risk=[10.0, 0.0, 0.0, 0.0, 0.0, -10.0]),
    C("smooth_cindex_sigmoid", m_cindex(), risk=[10.0, 0.0, 0.0, 0.0, 0.0, -10.0]),
    C("smooth_cindex_sigmoid", m_cindex(D32), dtype="float32", risk=[0.1, 0.2, 0.3, 0.0, -0.1, 0.05]),
    C("smooth_cindex_sigmoid", m_cindex(), risk=[0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    # the log-normal AFT
    C("aft_log_sf_naive", m_aft_log_sf, t=[1.0], mu=-0.5, sigma=1.0),
    C("aft_log_sf_naive", m_aft_log_sf, "unstable", t=[1.0], mu=-10.0, sigma=1.0, line="np.log(1 - Phi)"),
    C("aft_log_sf_naive", m_aft_log_sf, "unstable", t=[1.0], mu=-40.0, sigma=1.0),
    C("aft_log_sf_erfc", m_aft_log_sf, t=[1.0], mu=-10.0, sigma=1.0),
    C("aft_log_sf_erfc", m_aft_log_sf, "unstable", t=[1.0], mu=-40.0, sigma=1.0),
    C("aft_log_sf_ndtr", m_aft_log_sf, t=[1.0], mu=-40.0, sigma=1.0),
    C("aft_log_sf_ndtr", m_aft_log_sf, t=[1.0], mu=40.0, sigma=1.0),
    C("aft_loglik", m_aft_loglik, mu=0.5, sigma=1.2),
    C("aft_loglik", m_aft_loglik, "unstable", mu=-40.0, sigma=1.0),
    # mean residual life
    C("mean_residual_life", m_mrl, t0=1.0, k=1.5, lam=2.0),
    C("mean_residual_life", m_mrl, "unstable", t0=40.0, k=2.0, lam=1.0),
    C("mean_residual_life_log", m_mrl, "unstable", t0=40.0, k=2.0, lam=1.0),  # the k-slope: two paths of 590
    C("mean_residual_life_log", m_mrl, t0=1.0, k=1.5, lam=2.0),
]
