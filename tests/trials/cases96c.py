"""The ninety-sixth round (c) of user trials: actuarial science and survival models written with gradcli.numpy
(tests/trials/lib96c.py).

The formulas pricing, reserving and mortality fitting differentiate: the annuity-certain (1 - (1 + i)^-n) / i (both
dtypes, i = 0 where it is 0 / 0, i = 1e-10 and float32 1e-4, n = 0, i = -1), its log1p / expm1 spelling (ordinary, i =
0, i = 1e-10, float32 1e-6, i = 1e-300), its where-guarded spelling (i = 0 and ordinary), the annuity-due by v = 1 / (1
+ i) (ordinary, 1e-10, 0); the force of interest log(1 + i) (both dtypes, 1e-17, -1) and log1p (1e-17, float32 1e-9);
the continuous annuity (1 - exp(-delta n)) / delta (both dtypes, 0, 1e-12), by expm1 (ordinary, 3.7e-12, a negative
force) and guarded (0); a loan's level payment L i / (1 - (1 + i)^-n) (both dtypes, i = 0, 1e-10, n = 0); Gompertz
survival exp(-B (c^t - 1) / log c) (both dtypes, c = 1, t = 0, c = 1 + 1e-10), by expm1 (ordinary, 1 + 1e-10, c = 1),
guarded (c = 1 and ordinary), Gompertz-Makeham (both dtypes, c = 1, t = 0, A = 0); the Makeham log hazard log(A + B c^t)
(both dtypes, A = 0, A = B = 0) and a log prior log A + log B - A - B (ordinary, A = 0); Weibull survival (both dtypes,
t = 0 with k = 0.5, 1, 2), hazard (k / lam)(t / lam)^(k - 1) (both dtypes, t = 0 with k = 0.5, 1, 2), log density
(ordinary, t = 0 with k = 2 and k = 1); log-logistic survival by a power (both dtypes, t = 0 with beta = 2 and 0.5) and
through log t (ordinary, t = 0); log-normal survival by erfc (both dtypes, t = 0); the Kaplan-Meier product of (1 - d /
n) (both dtypes, one and two factors d = n) and on the log scale (ordinary, d = n), Greenwood's variance (ordinary, d =
n); curtate expectancy sum(cumprod(1 - q)) (both dtypes, one and two q = 1), the complete one; a whole-life net premium
A_x / a-due_x over a table (both dtypes, q_0 = 1) and in arrears (ordinary, q_0 = 1: a zero denominator); Lee-Carter m =
exp(a + b k) (both dtypes, float32 e^99.8), log m recovered by log(exp(.)) (ordinary, -800.2, float32 -110.2), its
Poisson likelihood (both dtypes) and expectancy; Cox partial likelihood by Breslow (both dtypes, beta = 0, beta x up to
800), by log-sum-exp (ordinary, 800, float32 80), by Efron with ties (both dtypes, 800), with delayed entry and an empty
risk set (log(sum(exp)) and logsumexp); a Weibull likelihood with a subject censored at t = 0 (k = 2, 1.5; log h in
logs).

Tried: 40 functions, 121 cases through the CLI judged by tests/trials/judge.py (at most two gradcli processes at once: a
scratch driver runs the CLI in two threads and judges in the main one), and scratch probes by hand (F1's and F2's
spellings in a small file, --wrt). ALL keeps all 121 (72 ok, 26 domain, 16 unstable, 7 wrong; 97 float64, 24 float32).
118 agree with gradcli in verdict and in every exact gradient entry (to 1e-10 relative); 3 are the findings F1 and F2.
Every check took 0.8-4.3 s on the loaded machine (two at once); every truth under 0.3 s (all 121 in 4.8 s); the full run
took 97-98 s (two runs of 121; the first, of 116 cases, 134 s).

Truths are written here from the mathematics, never lib96c's code or gradcli: annuities by -expm1(-n log1p(i)) / i
(undefined at i = 0; the guarded spellings' function is n there, their limit), the annuity-due as (1 + i) a_n, the
payment as L / a_n, the force as log1p; Gompertz by B expm1(t log c) / log c (B t at c = 1 for the guarded spelling);
Weibull and log-logistic by mpmath's power (a complex value on the negative side is no value), log-normal by erfc with
sqrt(2) as float32 holds it; Kaplan-Meier, Greenwood, expectancy and premiums by explicit products and sums over the
table (k-p-x, v^k); Lee-Carter by a + b k and explicit sums over the table; Cox by explicit risk sets per event (Efron's
log(R - l/d D) per tied death), the covariates as doubles (a float64 array keeps them in a float32 run). Derivatives
from the left and the right by mpmath.diff at 2,000 digits (cases30b.sided_grad with finite_sides: NaN where the sides
differ or one is undefined or infinite); by hand the points with no value (0 / 0, log 0, a pole) and the slopes kept
beside a value no input moves.

What agreed (beyond the ordinary points, ok in both dtypes): every 0 / 0 at i = 0, delta = 0, c = 1 (Gompertz, by expm1,
with Makeham), the loan at i = 0 and n = 0, the annuity at i = -1, log(1 + i) at -1 domain; the cancellations near 0
unstable (the annuity at 1e-10 and float32 1e-4, the annuity-due, the loan, the continuous annuity at 1e-12, Gompertz at
c = 1 + 1e-10, log(1 + 1e-17)); the log1p / expm1 spellings ok in value but unstable in their slope (the quotient rule's
u' / i - u / i^2 subtracts two ~n / i: the annuity at 1e-10, 1e-300 (i^2 = 0) and float32 1e-6, the continuous annuity
at 3.7e-12, Gompertz by expm1 at 1 + 1e-10); the guarded spellings wrong at their guard (the limit's slopes -n(n+1)/2,
-n^2/2, -B t^2 S / 2, the unselected 0 / 0 leaking NaN); Gompertz and Gompertz-Makeham ok at t = 0 (c's and B's 0 kept),
Makeham ok at A = 0, domain at A = B = 0 and log A at A = 0 (B keeps 1/B - 1); Weibull survival ok at t = 0 for k = 1
and 2 (k's x^k log x = 0 * -inf settled 0), its hazard domain at t = 0 for k = 0.5 (inf) and k = 1 (k jumps; t keeps 0,
lam -1/9), ok for k = 2; the power log-logistic ok at t = 0 with beta = 2; the log-t log-logistic and the log-normal
wrong at t = 0 (beta's and sigma's exact 0 made NaN by 0 * -inf, t one-sided); the Kaplan-Meier product ok through one
and two zero factors (prod's rule at zeros), domain on the log scale; Greenwood domain at d = n (0 * inf); cumprod's
expectancy ok through q = 1; the premium in arrears domain at q_0 = 1 (v / 0), in advance ok (P = v); Lee-Carter float32
e^99.8 domain, log(exp(.)) unstable where exp underflows (float64 -800, float32 -110); Breslow and Efron unstable where
exp(800) overflows, log-sum-exp ok; with delayed entry and an empty risk set (eta - log 0 = +inf for every beta) domain
with beta keeping the other terms' slopes, as README's 1/sqrt(x^2 + y^2) + z keeps z's; the censored Weibull likelihood
domain (a NaN value, 0 * log h(0)) with k and lam kept and computed NaN, as the house judges sum(p log(p / q)) at p = 0.

Truths the round corrected in itself (against the first CLI batch of 116; each re-derived by hand before changing it):
- Weibull survival at t = 0, k = 0.5, first domain: S = 1 for every lam, lam's slope 0, but the power rule gives 0.5 *
  0^-0.5 = inf times d(t / lam)/dlam = -t / lam^2 = 0: NaN at any precision, so lam is wrong and the point wrong
  (README: the other inputs are still judged), as gradcli says; the power log-logistic at t = 0, beta = 0.5 likewise
  (alpha);
- the annuity by expm1 in float32 at i = 1e-5, first unstable: gradcli's rule gives -55.0 for -54.9956, 8e-5 relative,
  inside float32's 1e-4 (a NumPy replay of the quotient rule, in another order, gives 1.2e-3): moved to i = 1e-6 (-56.0,
  1.8e-2 off: unstable);
- the continuous annuity by expm1 at delta = 1e-12, first unstable: the two 2e13 terms happen to round alike there
  (-200.0 for -199.9999999973, 1.3e-11 off; at 1.3e-12 and 3.7e-12 they do not: 9.8e-6, 4.9e-6): moved to 3.7e-12;
- Cox with delayed entry and an empty risk set, first all NaN (the +inf of every beta): the empty sum is 0 whatever beta
  does, a pole no input moves, so beta keeps the other terms' slopes (and eta_6's), README's 1/sqrt(x^2 + y^2) + z, as
  gradcli says of the log(sum(exp)) spelling.

Findings:
F1 (mended: a product's factor made of inputs, 0 where the product is NaN and reading none of the other factor's
  inputs, is held as a constant's or an input's own 0 is, `domain_slopes._zero_times`). At 0 * log(0) the exact slope of an input that never moves the NaN depends on --wrt. Minimal, in a file
  `import gradcli.numpy as np; def w(t, k, lam): return (k - 1.0) * np.log(t / lam) - (t / lam) ** k`, `gradcli check
  file.py:w --at t=0.0,k=1.0,lam=3.0 --dtype float64 --json`: status domain, exact {t: nan, k: nan, lam: nan}; with
  --wrt lam: exact {lam: 0.0} (computed NaN, "the gradient rule gives {lam: nan} even at high precision, where the exact
  derivative is {lam: 0}"). Without the power term ((k - 1) log(t / lam) - log(lam)) lam keeps -1/3 in the full check
  too. In lib96c: weibull_log_density(0, 1, 3) = log(k / lam) + (k - 1) log(t / lam) - (t / lam)^k: exact lam NaN in the
  full check, -1/3 with --wrt lam, --wrt t,lam and --wrt k,lam. Sure because: along lam (t = 0, k = 1 held) the term (k
  - 1) log(0 / lam) is 0 * -inf = NaN at every lam, the same NaN README's sum(p log(p / q)) at p = 0 has along q, where
  q keeps its slopes (and gradcli keeps them there, and here with --wrt); a partial derivative holds the other inputs
  fixed, so lam's cannot depend on whether k is also asked for; the rest, log(k / lam) - (t / lam)^k, has lam's slope
  -1/lam + 0 = -1/3. The truth: t NaN (one side), k NaN (+-inf beside), lam -1/3, domain (a NaN value, as the house
  judges KL at p = 0).
F2 ((a) mended: a where's branch it leaves is no argument of the entries it picks, `domain_slopes._picked_alike`;
  (b) mended: a held entry's 0 is read as 0 by the elementwise rules before it that broadcast an
  argument, `domain_slopes._zero_at`). Where a log(0) or 0 * log(0) stays one whatever an input does, whether that input keeps its slope depends on
  the spelling. (a) An empty Cox risk set (lib96c cox_truncated and cox_truncated_lse, the same function, beta = [0.5,
  -0.3]): np.log(np.sum(np.where(at_risk, np.exp(eta), 0.0))) gives domain with beta's exact [0.40079, 1.80670]
  (computed the same); np.logsumexp(np.where(at_risk, eta, -np.inf)) gives domain with exact [nan, nan] (computed
  [0.40079, 1.80670]). (b) A Weibull subject censored at t = 0 (lib96c weibull_censored_loglik and
  weibull_censored_loglik_logs, k = 2, lam = 3): sum(delta log h - H) with log(h), h = (k / lam)(t / lam)^(k - 1), keeps
  k -0.133393 and lam 0.814815; with log h = log k - log lam + (k - 1)(log t - log lam) k's exact slope is NaN (also
  with --wrt k), lam keeps 0.814815 ("the NaN comes from multiply outside its domain, which lam never reaches"). Sure
  because: in (a) the empty row is log 0 = -inf in both, constant in beta (its sum is of no terms; the logsumexp of
  -infs is -inf), so eta_6 - log 0 = +inf for every beta and README's doctrine of poles (1/sqrt(x^2 + y^2) + z keeps z's
  1) keeps the rest's slopes, as the first spelling does; the kept slopes check by hand (the explicit risk sets) and by
  the computed gradient of both spellings. In (b), for every k near 2, (k - 1)(log 0 - log 3) = -inf and 0 * -inf = NaN:
  k never moves the NaN any more than lam does (only k = 1 would), so k keeps the other terms' slope, 1/k + log(t / lam)
  - (t / lam)^k log(t / lam) summed over t = 2, 5: 0.274742 - 0.408135 = -0.133393, as the log(h) spelling says."""

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad

L = "lib96c.py"
NAN = mpmath.nan
exp, log, expm1, log1p, sqrt = mpmath.exp, mpmath.log, mpmath.expm1, mpmath.log1p, mpmath.sqrt


def _txt(v):
    if isinstance(v, list):
        return "[" + ",".join(_txt(a) for a in v) + "]"
    return repr(float(v))


def K(dtype, value):
    """A Python float constant of the program as it meets an array of the dtype (float32 rounds it)."""
    return mpf(float(numpy.float32(value))) if dtype == "float32" else mpf(float(value))


def real(v):
    return v if isinstance(v, mpf) else NAN


# --- the mathematics, in mpmath (never lib96c's code path) ------------------------------------------------------------

def m_annuity(i, n):
    """a_n = sum-free closed form in exact arithmetic: (1 - e^{-n log(1+i)}) / i; undefined at i = 0 (0 / 0)."""
    if i == 0 or i <= -1:
        return NAN
    return -expm1(-n * log1p(i)) / i


def m_annuity_limit(i, n):
    """The annuity with its removable 0 / 0 filled by the limit n (the guarded spelling's function)."""
    return n if i == 0 else m_annuity(i, n)


def m_annuity_due(i, n):
    return (1 + i) * m_annuity(i, n) if i != 0 else NAN


def m_force(i):
    return log1p(i) if i > -1 else NAN


def m_cont(delta, n):
    return -expm1(-delta * n) / delta if delta != 0 else NAN


def m_cont_limit(delta, n):
    return n if delta == 0 else m_cont(delta, n)


def m_loan(principal, i, n):
    a = m_annuity(i, n)
    return principal / a if a == a and a != 0 else NAN


def gomp_integral(t, b, c):
    """B int_0^t c^s ds = B (c^t - 1) / log c, by expm1; its limit B t at c = 1."""
    lc = log(c)
    return b * t if lc == 0 else b * expm1(t * lc) / lc


def m_gompertz(t, b, c):
    return exp(-gomp_integral(t, b, c)) if c != 1 else NAN


def m_gompertz_limit(t, b, c):
    return exp(-gomp_integral(t, b, c))


def m_gm(t, a, b, c):
    return exp(-a * t - gomp_integral(t, b, c)) if c != 1 else NAN


def m_makeham_log_hazard(t, a, b, c):
    h = a + b * exp(t * log(c))
    return log(h) if h > 0 else NAN


def m_weibull_survival(t, k, lam):
    return real(exp(-real(mpmath.power(t / lam, k))))


def m_weibull_hazard(t, k, lam):
    p = t / lam
    if p == 0:
        return (k / lam) * (mpf(1) if k == 1 else (mpf(0) if k > 1 else mpmath.inf))
    return real((k / lam) * mpmath.power(p, k - 1))


def m_weibull_log_density(t, k, lam):
    return log(k / lam) + (k - 1) * log(t / lam) - (t / lam) ** k


def m_loglogistic(t, alpha, beta):
    p = t / alpha
    if p == 0:
        return mpf(1)
    return real(1 / (1 + real(mpmath.power(p, beta))))


def m_loglogistic_log(t, alpha, beta):
    """Through log t: undefined for t < 0, 1 at t = 0 (e^{-inf})."""
    if t < 0:
        return NAN
    if t == 0:
        return mpf(1)
    return 1 / (1 + exp(beta * (log(t) - log(alpha))))


def m_lognormal(dt="float64"):
    r2 = K(dt, 2.0 ** 0.5)

    def f(t, mu, sigma):
        if t < 0:
            return NAN
        if t == 0:
            return mpf(1)
        return mpmath.erfc((log(t) - mu) / (sigma * r2)) / 2
    return f


def m_km(d, n):
    out = mpf(1)
    for a, b in zip(d, n):
        out *= 1 - a / b
    return out


def m_km_log(d, n):
    """exp(sum log(1 - d/n)): undefined where some d > n (log of a negative), 0 at d = n."""
    s = mpf(0)
    for a, b in zip(d, n):
        x = 1 - a / b
        if x < 0:
            return NAN
        s += log(x) if x > 0 else -mpmath.inf
    return exp(s)


def m_greenwood(d, n):
    s = m_km(d, n)
    tot = mpf(0)
    for a, b in zip(d, n):
        tot += a / (b * (b - a))
    return s * s * tot


def m_curtate(q):
    tot, surv = mpf(0), mpf(1)
    for x in q:
        surv *= 1 - x
        tot += surv
    return tot


def m_premium(i, q, arrears=False):
    """A_x = sum_k v^{k+1} k-p-x q_{x+k}; a-double-dot_x = sum_k v^k k-p-x (arrears: sum_k v^{k+1} (k+1)-p-x)."""
    v = 1 / (1 + i)
    a_x, ann, surv = mpf(0), mpf(0), mpf(1)
    for k, x in enumerate(q):
        a_x += v ** (k + 1) * surv * x
        if not arrears:
            ann += v ** k * surv
        surv *= 1 - x
        if arrears:
            ann += v ** (k + 1) * surv
    return a_x / ann if ann != 0 else NAN


D_LC = [[12, 10], [40, 35], [150, 140]]
E_LC = [[10000, 10100], [9000, 9050], [5000, 5100]]


def m_lc_poisson(a, b, k):
    tot = mpf(0)
    for x in range(3):
        for y in range(2):
            eta = a[x] + b[x] * k[y]
            tot += D_LC[x][y] * eta - E_LC[x][y] * exp(eta)
    return tot


def m_lc_expectancy(a, b, k):
    return m_curtate([1 - exp(-exp(ax + bx * k)) for ax, bx in zip(a, b)])


CX = [[0.5, 1.0], [-0.2, 0.0], [1.0, -1.0], [0.3, 0.5], [-1.0, 0.2], [0.0, 0.7]]
CT = [2, 3, 3, 5, 5, 8]
CE = [1, 1, 1, 1, 0, 1]
CENTRY = [0, 0, 1, 2, 2, 8]


def _eta(beta):
    return [mpf(x0) * beta[0] + mpf(x1) * beta[1] for x0, x1 in CX]  # the data stay doubles (a float64 array)


def m_cox_breslow(beta):
    eta = _eta(beta)
    tot = mpf(0)
    for i in range(6):
        if CE[i]:
            tot += eta[i] - log(sum(exp(eta[j]) for j in range(6) if CT[j] >= CT[i]))
    return tot


def m_cox_efron(beta):
    eta = _eta(beta)
    tot = mpf(0)
    for t in sorted(set(CT)):
        dead = [i for i in range(6) if CT[i] == t and CE[i]]
        if not dead:
            continue
        r = sum(exp(eta[j]) for j in range(6) if CT[j] >= t)
        dd = sum(exp(eta[j]) for j in dead)
        tot += sum(eta[j] for j in dead)
        for ell in range(len(dead)):
            tot -= log(r - mpf(ell) / len(dead) * dd)
    return tot


def m_cox_truncated_rest(beta):
    """Breslow with delayed entry (at risk at t: entry < t <= time), an event whose risk set is empty keeping its eta
    (its -log 0 is a constant +inf no input moves)."""
    eta = _eta(beta)
    tot = mpf(0)
    for i in range(6):
        if CE[i]:
            risk = [j for j in range(6) if CT[j] >= CT[i] and CENTRY[j] < CT[i]]
            tot += eta[i] - (log(sum(exp(eta[j]) for j in risk)) if risk else 0)
    return tot


W_T, W_E = [0, 2, 5], [0, 1, 1]


def m_weibull_censored(k, lam):
    """Deaths: log(k / lam) + (k - 1) log(t / lam) - (t / lam)^k; the censored: -(t / lam)^k (0 at t = 0, for every k
    and lam: the censored term's 0 * log h(0) left out, as README's 0 * log(0))."""
    tot = mpf(0)
    for t, e in zip(W_T, W_E):
        x = mpf(t) / lam
        if e:
            tot += log(k / lam) + (k - 1) * log(x)
        tot -= x ** k if x else 0
    return tot


# --- cases ------------------------------------------------------------------------------------------------------------

def _at(pt):
    return ",".join(f"{k}={_txt(v)}" for k, v in pt.items())


def C(function, mirror, verdict="ok", dtype="float64", **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it (NaN
    where a side is undefined or infinite)."""
    return Case(L, function, _at(pt), dtype, verdict, sided_grad(mirror, dtype, finite_sides=True, **pt))


def H(function, truth, verdict="ok", dtype="float64", **pt):
    """A case whose truth is written by hand."""
    return Case(L, function, _at(pt), dtype, verdict, hp(truth))


def all_nan(**pt):
    return lambda: {k: ([NAN] * len(v) if isinstance(v, list) else NAN) for k, v in pt.items()}


F32 = "float32"
GM = dict(a=5e-4, b=3e-5, c=1.1)
BETA = [0.5, -0.3]
KM_D, KM_N = [2.0, 1.0, 3.0], [20.0, 15.0, 10.0]
QT = [0.1, 0.2, 0.3, 0.4]
QP = [0.01, 0.02, 0.05, 0.1, 1.0]
LA, LB, LK = [-6.5, -5.5, -3.5], [0.1, 0.08, 0.05], [-2.0, -4.0]

ALL = [
    # --- annuities certain
    C("annuity_immediate", m_annuity, i=0.05, n=10.0),
    C("annuity_immediate", m_annuity, dtype=F32, i=0.05, n=10.0),
    # i = 0: (1 - 1) / 0 = 0 / 0 for every n: no value (the limit n is not the program's)
    H("annuity_immediate", all_nan(i=0, n=0), "domain", i=0.0, n=10.0),
    # i = 1e-10: 1 + i rounds (rel. 1e-16 of 1e-10), 1 - (1+i)^-10 keeps 6 digits: unstable
    C("annuity_immediate", m_annuity, "unstable", i=1e-10, n=10.0),
    C("annuity_immediate", m_annuity, "unstable", dtype=F32, i=1e-4, n=10.0),
    C("annuity_immediate", m_annuity, i=0.05, n=0.0),  # no payments: 0, smooth
    # i = -1: (1 + i)^-10 = 0^-10 = inf: a pole in i; n: inf for every n
    H("annuity_immediate", all_nan(i=0, n=0), "domain", i=-1.0, n=10.0),
    C("annuity_stable", m_annuity, i=0.05, n=10.0),
    H("annuity_stable", all_nan(i=0, n=0), "domain", i=0.0, n=10.0),  # -expm1(-0) / 0 = 0 / 0 still
    # i = 1e-10: the value holds, but the quotient rule's u' / i - u / i^2 subtracts two 1e11 for -55
    C("annuity_stable", m_annuity, "unstable", i=1e-10, n=10.0),
    C("annuity_stable", m_annuity, "unstable", dtype=F32, i=1e-6, n=10.0),
    # i = 1e-300: the value 10 holds, i's slope -55 comes out of u / i^2 = 1e-299 / 0
    C("annuity_stable", m_annuity, "unstable", i=1e-300, n=10.0),
    # guarded: the function is n at i = 0, its limit; slopes -n(n+1)/2 and 1, but 0 / 0's NaN leaks through where
    C("annuity_guarded", m_annuity_limit, "wrong", i=0.0, n=10.0),
    C("annuity_guarded", m_annuity_limit, i=0.05, n=10.0),
    C("annuity_due", m_annuity_due, i=0.05, n=10.0),
    C("annuity_due", m_annuity_due, "unstable", i=1e-10, n=10.0),  # 1 - v with v = 1 / (1 + 1e-10) rounded
    H("annuity_due", all_nan(i=0, n=0), "domain", i=0.0, n=10.0),  # v = 1: 0 / 0
    # --- force of interest
    C("force_of_interest", m_force, i=0.05),
    C("force_of_interest", m_force, dtype=F32, i=0.05),
    C("force_of_interest", m_force, "unstable", i=1e-17),  # 1 + 1e-17 = 1: the value 1e-17 computed 0
    C("force_of_interest_stable", m_force, i=1e-17),
    C("force_of_interest_stable", m_force, dtype=F32, i=1e-9),
    H("force_of_interest", all_nan(i=0), "domain", i=-1.0),  # log(0)
    # --- continuous annuities
    C("continuous_annuity", m_cont, delta=0.04, n=20.0),
    C("continuous_annuity", m_cont, dtype=F32, delta=0.04, n=20.0),
    H("continuous_annuity", all_nan(delta=0, n=0), "domain", delta=0.0, n=20.0),  # 0 / 0
    C("continuous_annuity", m_cont, "unstable", delta=1e-12, n=20.0),  # 1 - exp(-2e-11) keeps 5 digits
    C("continuous_annuity_stable", m_cont, delta=0.04, n=20.0),
    # the value holds; delta's slope -200 is the difference of two 2e13 in the quotient rule
    C("continuous_annuity_stable", m_cont, "unstable", delta=3.7e-12, n=20.0),
    C("continuous_annuity_stable", m_cont, delta=-0.04, n=20.0),  # a negative force: accumulation
    # guarded: n at delta = 0, slopes -n^2/2 = -200 and 1; 0 / 0 leaks NaN through where
    C("continuous_annuity_guarded", m_cont_limit, "wrong", delta=0.0, n=20.0),
    # --- a loan's level payment
    C("loan_payment", m_loan, principal=100000.0, i=0.005, n=360.0),
    C("loan_payment", m_loan, dtype=F32, principal=100000.0, i=0.005, n=360.0),
    H("loan_payment", all_nan(principal=0, i=0, n=0), "domain", principal=100000.0, i=0.0, n=360.0),  # 0 / 0
    C("loan_payment", m_loan, "unstable", principal=100000.0, i=1e-10, n=360.0),
    H("loan_payment", all_nan(principal=0, i=0, n=0), "domain", principal=100000.0, i=0.005, n=0.0),  # L i / 0
    # --- Gompertz and Gompertz-Makeham
    C("gompertz_survival", m_gompertz, t=40.0, b=3e-5, c=1.1),
    C("gompertz_survival", m_gompertz, dtype=F32, t=40.0, b=3e-5, c=1.1),
    # c = 1: (1 - 1) / log 1 = 0 / 0 for every t and B: no value (the limit exp(-B t) is not the program's)
    H("gompertz_survival", all_nan(t=0, b=0, c=0), "domain", t=40.0, b=3e-5, c=1.0),
    C("gompertz_survival", m_gompertz, t=0.0, b=3e-5, c=1.1),  # S = 1, c^0 - 1 = 0 for every c: slopes -B, 0, 0
    # c = 1 + 1e-10: c^40 - 1 and log c keep 6 digits each
    C("gompertz_survival", m_gompertz, "unstable", t=40.0, b=0.01, c=1.0000000001),
    C("gompertz_survival_expm1", m_gompertz, t=40.0, b=3e-5, c=1.1),
    # expm1(t log c) / log c holds the value, but c's slope is -B S (t e^{tL}/L - expm1(tL)/L^2) / c: 4e11 - 4e11
    C("gompertz_survival_expm1", m_gompertz, "unstable", t=40.0, b=0.01, c=1.0000000001),
    H("gompertz_survival_expm1", all_nan(t=0, b=0, c=0), "domain", t=40.0, b=3e-5, c=1.0),
    C("gompertz_makeham_survival", m_gm, t=40.0, **GM),
    C("gompertz_makeham_survival", m_gm, dtype=F32, t=40.0, **GM),
    H("gompertz_makeham_survival", all_nan(t=0, a=0, b=0, c=0), "domain", t=40.0, a=5e-4, b=3e-5, c=1.0),
    C("gompertz_makeham_survival", m_gm, t=0.0, **GM),
    C("gompertz_makeham_survival", m_gm, t=40.0, a=0.0, b=3e-5, c=1.1),  # no Makeham term: smooth in A
    # guarded: exp(-B t) at c = 1, the limit; c's slope -B t^2 / 2 S; 0 / 0 leaks NaN through where
    C("gompertz_survival_guarded", m_gompertz_limit, "wrong", t=40.0, b=3e-5, c=1.0),
    C("gompertz_survival_guarded", m_gompertz_limit, t=40.0, b=3e-5, c=1.1),
    C("makeham_log_hazard", m_makeham_log_hazard, t=40.0, **GM),
    C("makeham_log_hazard", m_makeham_log_hazard, t=40.0, a=0.0, b=3e-5, c=1.1),  # log(B c^t): smooth at A = 0
    C("makeham_log_hazard", m_makeham_log_hazard, dtype=F32, t=40.0, **GM),
    # A = B = 0: log 0; no input but A and B moves it off -inf
    H("makeham_log_hazard", all_nan(t=0, a=0, b=0, c=0), "domain", t=40.0, a=0.0, b=0.0, c=1.1),
    H("makeham_log_prior", lambda: {"a": 1 / mpf(5e-4) - 1, "b": 1 / mpf(3e-5) - 1}, a=5e-4, b=3e-5),
    # log A at A = 0: a pole in A; B keeps 1/B - 1
    H("makeham_log_prior", lambda: {"a": NAN, "b": 1 / mpf(3e-5) - 1}, "domain", a=0.0, b=3e-5),
    # --- Weibull
    C("weibull_survival", m_weibull_survival, t=2.0, k=1.5, lam=3.0),
    C("weibull_survival", m_weibull_survival, dtype=F32, t=2.0, k=1.5, lam=3.0),
    # t = 0, k < 1: -inf slope from the right, (t/lam)^0.5 undefined on the left; S = 1 for every k and lam: 0, 0,
    # but lam's 0 is the power rule's 0.5 * 0^-0.5 = inf times d(t/lam)/dlam = -t/lam^2 = 0: NaN
    C("weibull_survival", m_weibull_survival, "wrong", t=0.0, k=0.5, lam=3.0),
    C("weibull_survival", m_weibull_survival, t=0.0, k=1.0, lam=3.0),  # exp(-t/lam): slope -1/lam on both sides
    C("weibull_survival", m_weibull_survival, t=0.0, k=2.0, lam=3.0),
    C("weibull_hazard", m_weibull_hazard, t=2.0, k=1.5, lam=3.0),
    C("weibull_hazard", m_weibull_hazard, dtype=F32, t=2.0, k=1.5, lam=3.0),
    H("weibull_hazard", all_nan(t=0, k=0, lam=0), "domain", t=0.0, k=0.5, lam=3.0),  # (0)^-0.5 = inf
    # k = 1: the hazard 1/lam for every t (x^0 = 1): t's slope 0, lam's -1/lam^2; k: 0^(k-1) jumps 0 / inf
    C("weibull_hazard", m_weibull_hazard, "domain", t=0.0, k=1.0, lam=3.0),
    C("weibull_hazard", m_weibull_hazard, t=0.0, k=2.0, lam=3.0),  # 2 t / lam^2: slopes 2/9, 0, 0
    C("weibull_log_density", m_weibull_log_density, t=2.0, k=1.5, lam=3.0),
    H("weibull_log_density", all_nan(t=0, k=0, lam=0), "domain", t=0.0, k=2.0, lam=3.0),  # log 0
    # k = 1 (the exponential): (k - 1) log(t / lam) = 0 * log 0 = NaN, whatever lam does; k makes it +-inf, t one-sided;
    # lam keeps the slope of the rest (README's 0 * log(0): q keeps its slopes), log(k / lam)'s -1/lam and (t/lam)^k's
    # 0, as --wrt lam says; the full check calls it NaN (F1); where kept, the chain rule's 0 * inf NaN leaves it domain
    # as the house judges a NaN value (KL at p = 0)
    H("weibull_log_density", lambda: {"t": NAN, "k": NAN, "lam": -1 / mpf(3)}, "domain", t=0.0, k=1.0, lam=3.0),
    # --- log-logistic and log-normal
    C("loglogistic_survival", m_loglogistic, t=5.0, alpha=10.0, beta=2.0),
    C("loglogistic_survival", m_loglogistic, dtype=F32, t=5.0, alpha=10.0, beta=2.0),
    C("loglogistic_survival", m_loglogistic, t=0.0, alpha=10.0, beta=2.0),  # 1 / (1 + t^2 / 100): slopes 0
    # t's -inf slope (one-sided); alpha's 0 is the power rule's inf times -t/alpha^2 = 0: NaN
    C("loglogistic_survival", m_loglogistic, "wrong", t=0.0, alpha=10.0, beta=0.5),
    C("loglogistic_survival_log", m_loglogistic_log, t=5.0, alpha=10.0, beta=2.0),
    # t = 0: log 0 = -inf, S = 1 for every alpha and beta (slopes 0), t has one side; beta's 0 is sigmoid'(-inf) times
    # log t - log alpha = 0 * -inf: NaN
    C("loglogistic_survival_log", m_loglogistic_log, "wrong", t=0.0, alpha=10.0, beta=2.0),
    C("lognormal_survival", m_lognormal(), t=5.0, mu=1.5, sigma=0.8),
    C("lognormal_survival", m_lognormal(F32), dtype=F32, t=5.0, mu=1.5, sigma=0.8),
    # t = 0: z = -inf, S = 1 for every mu and sigma; sigma's 0 is erfc'(-inf) * inf: NaN
    C("lognormal_survival", m_lognormal(), "wrong", t=0.0, mu=1.5, sigma=0.8),
    # --- Kaplan-Meier, Greenwood
    C("kaplan_meier", m_km, d=KM_D, n=KM_N),
    C("kaplan_meier", m_km, dtype=F32, d=KM_D, n=KM_N),
    # d = n at the last time: a factor 0; a polynomial, smooth: d[2] -1/10 (17/20)(14/15), the rest 0
    C("kaplan_meier", m_km, d=[2.0, 1.0, 10.0], n=KM_N),
    C("kaplan_meier", m_km, d=[20.0, 1.0, 10.0], n=KM_N),  # two factors 0: every slope 0
    C("kaplan_meier_log", m_km_log, d=KM_D, n=KM_N),
    # log1p(-1) = -inf; beyond d = n a log of a negative: d[2], n[2] one-sided; the others 0
    C("kaplan_meier_log", m_km_log, "domain", d=[2.0, 1.0, 10.0], n=KM_N),
    C("greenwood_variance", m_greenwood, d=KM_D, n=KM_N),
    # d = n: S^2 = 0 times a sum of inf: 0 * inf whatever the other inputs: no value
    H("greenwood_variance", all_nan(d=[0] * 3, n=[0] * 3), "domain", d=[2.0, 1.0, 10.0], n=KM_N),
    # --- life tables and premiums
    C("curtate_expectancy", m_curtate, q=QT),
    C("curtate_expectancy", m_curtate, dtype=F32, q=QT),
    C("curtate_expectancy", m_curtate, q=[0.1, 1.0, 0.3, 0.5]),  # a certain death: cumprod through a 0
    C("curtate_expectancy", m_curtate, q=[1.0, 0.2, 1.0]),  # two
    C("complete_expectancy", lambda q: m_curtate(q) + mpf(1) / 2, q=QT),
    C("net_premium", lambda i, q: m_premium(i, q), i=0.04, q=QP),
    C("net_premium", lambda i, q: m_premium(i, q), dtype=F32, i=0.04, q=QP),
    C("net_premium", lambda i, q: m_premium(i, q), i=0.04, q=[1.0, 0.2, 0.5]),  # certain death: P = v, smooth
    C("net_premium_arrears", lambda i, q: m_premium(i, q, True), i=0.04, q=QP),
    # certain death in the first year: no premium is ever paid, v / 0 whatever i and the later q
    H("net_premium_arrears", all_nan(i=0, q=[0] * 3), "domain", i=0.04, q=[1.0, 0.2, 0.5]),
    # --- Lee-Carter
    C("lee_carter_rate", lambda a, b, k: exp(a + b * k), a=-4.0, b=0.1, k=-2.0),
    C("lee_carter_rate", lambda a, b, k: exp(a + b * k), dtype=F32, a=-4.0, b=0.1, k=-2.0),
    C("lee_carter_rate", lambda a, b, k: exp(a + b * k), "domain", dtype=F32, a=100.0, b=0.1, k=-2.0),  # e^99.8
    C("lee_carter_log_rate", lambda a, b, k: a + b * k, a=-4.0, b=0.1, k=-2.0),
    C("lee_carter_log_rate", lambda a, b, k: a + b * k, "unstable", a=-800.0, b=0.1, k=-2.0),  # exp underflows to 0
    C("lee_carter_log_rate", lambda a, b, k: a + b * k, "unstable", dtype=F32, a=-110.0, b=0.1, k=-2.0),
    C("lee_carter_poisson", m_lc_poisson, a=LA, b=LB, k=LK),
    C("lee_carter_poisson", m_lc_poisson, dtype=F32, a=LA, b=LB, k=LK),
    C("lee_carter_expectancy", m_lc_expectancy, a=LA, b=LB, k=-2.0),
    # --- Cox partial likelihood
    C("cox_breslow", m_cox_breslow, beta=BETA),
    C("cox_breslow", m_cox_breslow, dtype=F32, beta=BETA),
    C("cox_breslow", m_cox_breslow, beta=[0.0, 0.0]),
    # beta x up to 800: exp overflows, log(inf) = inf, -inf: the exact -803.6 is lost
    C("cox_breslow", m_cox_breslow, "unstable", beta=[800.0, 0.0]),
    C("cox_breslow_lse", m_cox_breslow, beta=BETA),
    C("cox_breslow_lse", m_cox_breslow, beta=[800.0, 0.0]),
    C("cox_breslow_lse", m_cox_breslow, dtype=F32, beta=[80.0, 0.0]),
    C("cox_efron", m_cox_efron, beta=BETA),
    C("cox_efron", m_cox_efron, dtype=F32, beta=BETA),
    C("cox_efron", m_cox_efron, "unstable", beta=[800.0, 0.0]),
    # the last death enters at its own time: an empty risk set, eta - log 0 = +inf for every beta; the empty sum is 0
    # whatever beta does, so (README's 1/sqrt(x^2 + y^2) + z) beta keeps the slopes of the rest, eta_6's among them
    C("cox_truncated", m_cox_truncated_rest, "domain", beta=BETA),
    # the same function by log-sum-exp: the empty row's logsumexp of -infs is -inf whatever beta does; the same kept
    # slopes, but the exact gradient is NaN in this spelling (F2)
    C("cox_truncated_lse", m_cox_truncated_rest, "domain", beta=BETA),
    # --- a censored Weibull likelihood: a subject censored at t = 0 has 0 * log h(0) = 0 * log 0 for every k > 1 and
    # lam; k and lam keep the other terms' slopes; the chain rule's 0 * inf leaves them NaN (domain: a NaN value)
    C("weibull_censored_loglik", m_weibull_censored, "domain", k=2.0, lam=3.0),
    C("weibull_censored_loglik", m_weibull_censored, "domain", k=1.5, lam=3.0),
    # the same with log h in logs: (k - 1) (log 0 - log lam) = -inf for every k near 2, times 0: k keeps its slope as
    # in the other spelling, but the exact gradient calls it NaN (F2)
    C("weibull_censored_loglik_logs", m_weibull_censored, "domain", k=2.0, lam=3.0),
]
