"""The ninety-eighth round (c) of user trials: psychophysics and signal detection written with gradcli.numpy
(tests/trials/lib98c.py).

The formulas perception and decision scientists fit by gradient: d' = z(H) - z(F) by special.ndtri (both dtypes; H =
1, 0 and F = 0, both dtypes at H = 1; H = 1, F = 0 and H = F = 1; H = 0.99999, F = 1e-5; float32 0.999 / 0.001; F =
1e-300, F = 5e-324 the least subnormal, H = 1 - 2^-53) and by stats.norm.ppf (ordinary; H = 1, H = 0), with the
log-linear correction (H + 0.5) / (N + 1) (both dtypes at 50 of 50 hits, 1e6 of 1e6), with Macmillan and Kaplan's
clip to [1 / (2N), 1 - 1 / (2N)] (H = 1 both dtypes, H = F = 0, H at the bound 0.99 both dtypes), the mean d' over two
conditions (one with H = 1); the criterion c = -(z(H) + z(F)) / 2 (both dtypes; H = 1; H = 1, F = 0), the likelihood
ratio beta = exp(d' c) (both dtypes; z(F) = -z(H); H = 1) and ln beta (ordinary; H = 1); A' by where over its two
branches (both dtypes above and at H = F, below, H = F = 0.6 in float32 too; F = 0, H = 1, H = 0 in the unselected
branch; H = F = 0 and H = F = 1: 0 / 0 selected); the ROC area Phi(d' / sqrt 2) (both dtypes; d' = 60, float32 15) and
from the rates (ordinary, 0.99 / 0.01, H = 1); the psychometric function gamma + (1 - gamma - lambda) F with a
logistic (both dtypes; e^-1000; e^{1000} and float32 e^{150} overflowing), a Weibull (both dtypes; x = 0 both dtypes
at beta = 3.5, and at beta = 2, 1, 0.5) and a cumulative normal (both dtypes; z = -40, float32 z = -15; sigma = 0);
binomial log-likelihoods of 2AFC counts under a Weibull (ordinary; lambda = 1e-10, lambda = 0), by xlogy (lambda = 0)
and by binom.logpmf (ordinary, lambda = 0), of yes/no counts under a logistic by xlogy (both dtypes; lambda = 0 with a
steep slope) and under a Weibull with no "yes" at the blank, where p = 0 (by log: 0 * log 0; by binom.logpmf);
Weber-Fechner k log(I / I0) (both dtypes; I = I0; I = 0) and clipped at the threshold (below it, I = 0, I = I0: max's
kink); Stevens' k I^a (both dtypes; I = 0 with a = 0.67 both dtypes, a = 1, a = 0); the drift-diffusion model's mean
decision time (a / v) tanh(a v) (both dtypes; v = 1e-9, float32 1e-3; v = 0: 0 / 0) and guarded by where(v == 0, a^2,
...) (v = 0 both dtypes), its accuracy 1 / (1 + exp(-2 a v)) (both dtypes; a v = 400 and float32 12.5; a v = -400 and
float32 -50) and by special.expit (a v = -400; float32 -50 and -40).

Tried: 27 functions, 130 cases through the CLI judged by tests/trials/judge.py (at most two gradcli processes at once:
a scratch driver runs the CLI in two threads and judges in the main one), and scratch probes by hand (F1's smallest
spellings: literal, module constant, computed bound; clip, minimum, where). ALL keeps 110 of them (20 ordinary
duplicates dropped after they agreed): 68 ok, 26 domain, 9 unstable, 7 wrong; 80 float64, 30 float32. 109 agree with
gradcli in verdict and in every exact gradient entry (to 1e-10 relative); 1 is the finding F1. Every check took 0.9-6.3
s on the loaded machine (two at once); every truth under 2 s (all 110 in about 5 s); the full run of 130 took
194 s.

Truths are written here from the mathematics, never lib98c's code or gradcli: z(p) = sqrt 2 erfinv(2p - 1) at 60
digits (more where 2p - 1 needs them, 1 - 1e-323), +-inf at 0 and 1, dz/dp = sqrt(2 pi) e^{z^2 / 2}; d', c, beta =
exp((z(F)^2 - z(H)^2) / 2), ln beta and the ROC area from z and dz/dp by hand (a rate at 0 or 1 without a derivative,
the other keeping its slope where the value is infinite for every value of it, README's pole doctrine); A' by its
branches chosen first; the psychometric functions, likelihoods (a count of 0 leaving its term out), laws and the
diffusion model as mpmath expressions, a Python float constant as the dtype holds it (sqrt 2 in float32, the clip's
bounds), the points as the dtype holds them. Derivatives from the left and the right by mpmath.diff at 2,000 digits
(cases30b.sided_grad with finite_sides: NaN where the sides differ or one is undefined or infinite); by hand the rate
cases, the points with no value (0 / 0, inf - inf, sigma = 0) and the slopes kept beside them.

What agreed (beyond the ordinary points, ok in both dtypes): d' domain at every rate of 0 or 1 with the other rate's
slope kept (both NaN at H = 1, F = 0 and H = F = 1), ok at F = 1e-300 (slope -2.7e298) and H = 1 - 2^-53 (1.08e15),
domain at F = 5e-324 (its slope -5.26e321 past float64's range, the digits given); the log-linear and the clipped d'
ok at perfect rates (the clip's slope 0 beyond its bound), domain at the bound in float64; the mean d' entry by entry;
the criterion and ln beta domain at H = 1; beta wrong at H = 1 (value 0 for every F, F's 0 computed 0 * (inf - inf));
A' ok at its switch H = F in both dtypes (equal one-sided slopes), wrong where the unselected branch divides by 0 (F =
0, H = 1, H = 0), domain at 0 / 0; the ROC area ok with slopes below any double, from the rates domain at H = 1 (F
keeps 0); the logistic unstable where e^{beta (alpha - x)} overflows (1 / inf = 0 right, its rule's inf / inf^2); the
Weibull at x = 0 ok (a power at a zero base takes the slope of its side, the house's settled reading) for beta = 3.5,
2, 1, wrong at beta = 0.5 (x none, alpha's exact 0 computed inf * 0); the normal ok in its far tails, domain at sigma
= 0; the 2AFC likelihood unstable at lambda = 0 (1 - p = e^{-128} / 2 rounds to 0 where no error was made, 0 * log 0),
ok by xlogy and by binom.logpmf there; the yes/no logistic unstable at lambda = 0 with a steep slope (1 - p = e^-40
rounds to 0 where 2 errors were made); the yes/no Weibull domain by log (the blank's 0 * log 0, the other levels'
slopes kept) and ok by binom.logpmf; Weber-Fechner domain at I = 0 (I and k none, I0 keeping -k / I0), ok at I = I0,
its clipped form domain at the threshold; Stevens domain at I = 0 for a = 0.67 (k, a keep 0) and a = 0 (0^a jumps), ok
for a = 1; the diffusion time unstable at v = 1e-9 (float32 1e-3), domain at v = 0, its guarded form wrong there (a's
2.4 and v's 0, where's leak); its accuracy unstable where exp(-2 a v) overflows (float64 a v = -400; float32 -50, whose
exact 3.7e-44 a subnormal float32 holds), ok by expit except float32 expit(-100), which is 0 (SciPy's float32 expit
too) where 3.7e-44 is held: unstable.

Truths the round corrected in itself (against the first CLI batch of 115; each re-derived before changing it):
- the Weibull at x = 0 with beta = 3.5 (both dtypes), first domain (x^3.5 has no value left of 0): the house's settled
  reading (tests/test_exact_power_at_a_zero_base.py, rounds 46b, 48c, 77c) takes a power at a zero base by its
  defined side, as the Weibull distribution's CDF (0 below 0) has it: ok, x's slope 0; the truth now mirrors that CDF;
- the Weibull at x = 0 with beta = 0.5, first domain: alpha's exact slope is 0 (the value gamma for every alpha) and
  the power rule's 0.5 u^-0.5 = inf times du/dalpha = 0 is NaN at any precision: wrong, README's "those other inputs
  are still judged" (1 / (y log1p(-x)) at x = 1);
- Weber-Fechner at I = 0, first every input NaN: I0 keeps -k / I0, the slope of k log I - k log I0 at every I > 0, by
  README's pole doctrine (sum(log(t)) at t = [0, 1] keeps t[1]'s); k has none (its slope log 0);
- expit at a v = -50 in float32, first ok: float32 expit(-100) is 0, SciPy's own float32 too, where the exact 3.7e-44 is
  a subnormal float32: the value is lost, unstable; an ok float32 point (a v = -40) added beside it;
- the xlogy likelihood at lambda = 0, its verdict first left open (xlogy's slope x / y at 0 / 0 where 1 - p rounds to
  0): the float64 run's own gradient is finite and right, ok.

Findings:
F1 (mended: np.clip and np.where hand the op the caller's numbers as the caller's, held as the dtype holds them).
  A bound computed from literals before it meets float32 data was held at float64 in the float32 reference,
  though the float32 program, as NumPy's weak Python scalars, rounds it to float32: dprime_clipped (np.clip(h, lo, hi),
  lo, hi = 0.5 / N, 1.0 - 0.5 / N, N = 50) at h = 0.99, f = 0.2, float32: unstable, exact {h: 0.0, f: -3.5719}, "the
  gradient rule of clip computes 37.520469665527344 where the exact value is 0.0". The truth: hi is the double 0.99,
  float32(hi) = float32(0.99) = h, so h is on clip's kink (slope 37.52 = sqrt(2 pi) e^{z^2/2} from the left, 0 from the
  right): domain, h none, f -3.5719. Minimal, in a file `import gradcli.numpy as np; N = 50; def f(x): return
  np.clip(x, 0.5 / N, 1.0 - 0.5 / N)`, `gradcli check file.py:f --at x=0.99 --dtype float32 --json`: unstable, exact
  value 0.99, exact {x: 0.0} ("where(1.0, 1.0, 0.0) = 1.0 takes the branch that the exact run's condition 0.0 does
  not"); the same with the literal np.clip(x, 0.01, 0.99), or a module constant HI = 0.99: domain, "a kink here: its
  derivative in x is 1 from the left and 0 from the right"; float64: domain in every spelling. Spelled np.where(x <=
  hi, x, hi) with the computed hi, float32: domain, but for a phantom jump ("its value is 0.99 from the left and 0.99
  from the right ... they differ by -9.53674e-9": hi held at float64 beside x at float32). Sure because: 1.0 - 0.5 / 50
  and 0.99 are the same double (Python computes hi before any array sees it: `1.0 - 0.5 / 50 == 0.99`), so the float32
  program is bit for bit the literal's, whose point gradcli itself puts on the kink; the float32 run's own rule
  (37.52, the left side's slope) shows clip compared h with float32(hi) and found them equal. README holds a literal
  among literals computed on first "unchanged", but its rule for a rounded literal, unstable only "where the literal as
  the dtype holds it puts the point on ... a switch that the function as written (its literals and the point as
  float64 holds them) does not have there", gives domain: at x = 0.99 as float64 holds it the function as written sits
  on the same kink. gradcli's reference instead sets the point as float32 holds it (0.99000000954) against the bound as
  float64 holds it (0.98999999999999999), a pairing neither program has."""

import math

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad

L = "lib98c.py"
NAN = mpmath.nan
F32 = "float32"
exp, log, sqrt, pi = mpmath.exp, mpmath.log, mpmath.sqrt, mpmath.pi


def _txt(v):
    if isinstance(v, list):
        return "[" + ",".join(_txt(a) for a in v) + "]"
    return repr(float(v))


def held(dtype, value):
    """The number the dtype holds for a point's coordinate or a Python float constant meeting an array."""
    return mpf(float(numpy.float32(value))) if dtype == "float32" else mpf(float(value))


# --- the mathematics, in mpmath (never lib98c's code path) -----------------------------------------------------------

def z(p):
    """The standard normal quantile, sqrt 2 erfinv(2p - 1) (+-inf at 0 and 1)."""
    if p == 1:
        return mpmath.inf
    if p == 0:
        return -mpmath.inf
    tail = min(p, 1 - p)  # 2p - 1 must be exact: digits enough for 1 - 1e-323
    with mpmath.workdps(mpmath.mp.dps + int(-mpmath.log10(tail)) + 10):
        return +(sqrt(2) * mpmath.erfinv(2 * p - 1))


def dz(p):
    """d z / dp = 1 / phi(z(p)) = sqrt(2 pi) e^{z^2 / 2}."""
    return sqrt(2 * pi) * exp(z(p) ** 2 / 2)


def phi(x):
    return exp(-x * x / 2) / sqrt(2 * pi)


def real(v):
    return v if isinstance(v, mpf) else NAN


def m_a_prime(h, f):
    """A' by its branches, the branch chosen first (a branch dividing by 0 is no value)."""
    if h >= f:
        den = 4 * h * (1 - f)
        return mpf(0.5) + (h - f) * (1 + h - f) / den if den != 0 else NAN
    den = 4 * f * (1 - h)
    return mpf(0.5) - (f - h) * (1 + f - h) / den if den != 0 else NAN


def m_roc(dtype):
    s = held(dtype, math.sqrt(2.0))
    return lambda d: mpmath.ncdf(d / s)


def m_logistic(x, alpha, beta, gamma, lam):
    return gamma + (1 - gamma - lam) / (1 + exp(-beta * (x - alpha)))


def m_weibull(x, alpha, beta, gamma, lam):
    u = x / alpha
    if u < 0 and beta != int(beta):
        return NAN  # a fractional power of a negative
    w = mpf(0) if u == 0 and beta > 0 else mpmath.power(u, beta)
    return gamma + (1 - gamma - lam) * (1 - exp(-w))


def m_weibull_cdf(x, alpha, beta, gamma, lam):
    """The same with the Weibull distribution's CDF, 0 below 0: the side x >= 0 the power is defined on, extended."""
    return m_weibull(max(x, mpf(0)), alpha, beta, gamma, lam)


def m_normal(x, mu, sigma, gamma, lam):
    return gamma + (1 - gamma - lam) * mpmath.ncdf((x - mu) / sigma) if sigma > 0 else NAN


LEVELS = [0, mpf("0.5"), 1, 2, 4, 8]
TRIALS = [40] * 6
CORRECT_2AFC = [20, 23, 29, 37, 40, 40]
YES_NO = [0, 3, 12, 30, 38, 40]


def _binomial(ps, counts):
    """sum k log p + (n - k) log(1 - p), a count of 0 leaving its term out (p^0 = 1); a p outside (0, 1) where its
    count is not 0: no value."""
    tot = mpf(0)
    for p, k, n in zip(ps, counts, TRIALS):
        if k:
            if p <= 0:
                return NAN
            tot += k * log(p)
        if n - k:
            if p >= 1:
                return NAN
            tot += (n - k) * log(1 - p)
    return tot


def _weibull_core(level, alpha, beta):
    u = level / alpha
    if u < 0 and beta != int(beta):
        return NAN
    return 1 - exp(-(mpf(0) if u == 0 else mpmath.power(u, beta)))


def m_loglik_2afc(alpha, beta, lam):
    return _binomial([mpf(0.5) + (mpf(0.5) - lam) * _weibull_core(x, alpha, beta) for x in LEVELS], CORRECT_2AFC)


def m_loglik_logistic_yes_no(alpha, beta, lam):
    return _binomial([(1 - lam) / (1 + exp(-beta * (x - alpha))) for x in LEVELS], YES_NO)


def m_loglik_weibull_yes_no_rest(alpha, beta, lam):
    """The yes/no Weibull likelihood without the blank's 0 * log 0 (p = 0 there for every alpha, beta, lam)."""
    ps = [(1 - lam) * _weibull_core(x, alpha, beta) for x in LEVELS[1:]]
    tot = mpf(0)
    for p, k, n in zip(ps, YES_NO[1:], TRIALS[1:]):
        tot += k * log(p) + (n - k) * log(1 - p)
    return tot


def m_weber(i, i0, k):
    return k * log(i / i0) if i > 0 and i0 > 0 else NAN


def m_weber_clipped(i, i0, k):
    return k * log(max(i, i0) / i0) if i0 > 0 else NAN


def m_stevens(i, k, a):
    if i < 0 and a != int(a):
        return NAN
    return k * (mpf(0) if i == 0 and a > 0 else mpmath.power(i, a))


def m_ddm_time(a, v):
    return a / v * mpmath.tanh(a * v) if v != 0 else NAN


def m_ddm_time_limit(a, v):
    return a * a if v == 0 else a / v * mpmath.tanh(a * v)


def m_ddm_accuracy(a, v):
    return 1 / (1 + exp(-2 * a * v))


# --- cases ------------------------------------------------------------------------------------------------------------

def _at(pt):
    return ",".join(f"{k}={_txt(v)}" for k, v in pt.items())


def C(function, mirror, verdict="ok", dtype="float64", **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it."""
    return Case(L, function, _at(pt), dtype, verdict, sided_grad(mirror, dtype, finite_sides=True, **pt))


def H(function, truth, verdict="ok", dtype="float64", **pt):
    """A case whose truth is written by hand (evaluated at 60 digits)."""
    return Case(L, function, _at(pt), dtype, verdict, truth)


def all_nan(*names):
    return lambda: {k: NAN for k in names}


def sdt(kind, dtype, h, f):
    """d', c, beta, ln beta and the ROC area from the rates, from z and dz/dp; +-inf rates (h or f at 0 or 1) leave
    that rate without a derivative, the other keeping its slope where the value is infinite for every value of it."""
    def truth():
        H_, F_ = held(dtype, h), held(dtype, f)
        edge_h, edge_f = H_ in (0, 1), F_ in (0, 1)
        if kind == "dprime":
            out = {"h": dz(H_) if not edge_h else NAN, "f": -dz(F_) if not edge_f else NAN}
        elif kind == "criterion":
            out = {"h": -dz(H_) / 2 if not edge_h else NAN, "f": -dz(F_) / 2 if not edge_f else NAN}
        elif kind == "beta":  # exp((zF^2 - zH^2) / 2)
            if edge_h:  # H = 1: exp(-inf) = 0 for every f (f's slope 0); h's slope -> -inf, h > 1 no value
                return {"h": NAN, "f": mpf(0)}
            b = exp((z(F_) ** 2 - z(H_) ** 2) / 2)
            out = {"h": -b * z(H_) * dz(H_), "f": b * z(F_) * dz(F_)}
        elif kind == "log_beta":
            out = {"h": -z(H_) * dz(H_) if not edge_h else NAN, "f": z(F_) * dz(F_) if not edge_f else NAN}
        elif kind == "roc":
            if edge_h:  # d' = inf: Phi = 1 for every f; h's slope -> +inf
                return {"h": NAN, "f": mpf(0)}
            s = held(dtype, math.sqrt(2.0))
            u = (z(H_) - z(F_)) / s
            out = {"h": phi(u) / s * dz(H_), "f": -phi(u) / s * dz(F_)}
        if edge_h and edge_f:
            out = {"h": NAN, "f": NAN}
        return out
    return truth


def loglinear(dtype, hits, fas, ns, nn):
    def truth():
        a, b, c, d = (held(dtype, v) for v in (hits, fas, ns, nn))
        ha, fa = (a + mpf(0.5)) / (c + 1), (b + mpf(0.5)) / (d + 1)
        return {"hits": dz(ha) / (c + 1), "false_alarms": -dz(fa) / (d + 1),
                "n_signal": -dz(ha) * (a + mpf(0.5)) / (c + 1) ** 2, "n_noise": dz(fa) * (b + mpf(0.5)) / (d + 1) ** 2}
    return truth


def clipped(dtype, h, f):
    """d' of rates held inside [0.01, 0.99] (1 / (2N), N = 50; both bounds as the dtype holds them): a rate beyond a
    bound has slope 0 on both sides, one at a bound slopes D(p) and 0 on its two sides (none)."""
    def truth():
        lo, hi = held(dtype, 0.5 / 50), held(dtype, 1 - 0.5 / 50)

        def slope(p):
            p = held(dtype, p)
            return mpf(0) if p < lo or p > hi else (NAN if p in (lo, hi) else dz(p))
        return {"h": slope(h), "f": -slope(f)}
    return truth


def mean_d(h, f):
    def truth():
        n = len(h)
        return {"h": [dz(mpf(p)) / n if p not in (0, 1) else NAN for p in h],
                "f": [-dz(mpf(p)) / n if p not in (0, 1) else NAN for p in f]}
    return truth


def D(function, kind, verdict="ok", dtype="float64", **pt):
    return H(function, sdt(kind, dtype, pt["h"], pt["f"]), verdict, dtype, **pt)


def yes_no_weibull_kept(alpha, beta, lam):
    """The blank's 0 * log 0 (p = 0 at level 0 for every alpha, beta, lam): no value, the rest's slopes kept."""
    return hp(lambda: {**sided_grad(m_loglik_weibull_yes_no_rest, alpha=alpha, beta=beta, lam=lam)()})


PSY = dict(alpha=1.5, beta=3.0, gamma=0.5, lam=0.02)
WB = dict(alpha=1.5, beta=3.5, gamma=0.5, lam=0.02)
NRM = dict(mu=0.5, sigma=0.8, gamma=0.5, lam=0.01)

ALL = [
    # --- d' = z(H) - z(F)
    D("dprime", "dprime", h=0.8, f=0.2),
    D("dprime", "dprime", dtype=F32, h=0.8, f=0.2),
    D("dprime", "dprime", h=0.99999, f=1e-05),
    D("dprime", "dprime", dtype=F32, h=0.999, f=0.001),
    D("dprime", "dprime", h=0.5, f=1e-300),  # f's slope -2.7e298
    D("dprime", "dprime", h=0.9999999999999999, f=0.5),  # 1 - 2^-53: h's slope 1.08e15
    # the least subnormal false-alarm rate: z = -38.47, f's slope -5.26e321, a number past float64's range
    D("dprime", "dprime", "domain", h=0.5, f=5e-324),
    # a perfect hit rate: z(1) = +inf for every f; h none (one-sided, infinite), f keeps -sqrt(2 pi) e^{z(F)^2/2}
    D("dprime", "dprime", "domain", h=1.0, f=0.2),
    D("dprime", "dprime", "domain", dtype=F32, h=1.0, f=0.2),
    D("dprime", "dprime", "domain", h=0.0, f=0.2),
    D("dprime", "dprime", "domain", h=0.7, f=0.0),
    D("dprime", "dprime", "domain", h=1.0, f=0.0),  # inf - (-inf)
    D("dprime", "dprime", "domain", h=1.0, f=1.0),  # inf - inf: no value
    # Macmillan and Kaplan's clip to [1 / (2N), 1 - 1 / (2N)] (N = 50): a perfect rate held at 0.99, slope 0 around
    H("dprime_clipped", clipped("float64", 1.0, 0.2), h=1.0, f=0.2),
    H("dprime_clipped", clipped(F32, 1.0, 0.2), dtype=F32, h=1.0, f=0.2),
    H("dprime_clipped", clipped("float64", 0.0, 0.0), h=0.0, f=0.0),
    # h at the bound 0.99 itself (1 - 0.5 / 50 is the double 0.99; in float32 both are float32(0.99)): clip's kink
    H("dprime_clipped", clipped("float64", 0.99, 0.2), "domain", h=0.99, f=0.2),
    H("dprime_clipped", clipped(F32, 0.99, 0.2), "domain", dtype=F32, h=0.99, f=0.2),
    # the mean d' over two conditions, one with a perfect hit rate: entry by entry, h[1] none, the rest kept
    H("mean_dprime", mean_d([0.8, 0.9], [0.2, 0.3]), h=[0.8, 0.9], f=[0.2, 0.3]),
    H("mean_dprime", mean_d([0.8, 1.0], [0.2, 0.3]), "domain", h=[0.8, 1.0], f=[0.2, 0.3]),
    D("dprime_stats", "dprime", h=0.8, f=0.2),
    D("dprime_stats", "dprime", "domain", h=1.0, f=0.3),
    D("dprime_stats", "dprime", "domain", h=0.0, f=0.3),
    # the log-linear correction: rates never 0 or 1 (50 of 50 hits: 50.5 / 51)
    H("dprime_loglinear", loglinear("float64", 50, 0, 50, 50), hits=50.0, false_alarms=0.0, n_signal=50.0,
      n_noise=50.0),
    H("dprime_loglinear", loglinear(F32, 50, 0, 50, 50), dtype=F32, hits=50.0, false_alarms=0.0, n_signal=50.0,
      n_noise=50.0),
    H("dprime_loglinear", loglinear("float64", 1e6, 0, 1e6, 1e6), hits=1e6, false_alarms=0.0, n_signal=1e6,
      n_noise=1e6),
    # --- the criterion and beta
    D("criterion", "criterion", h=0.8, f=0.3),
    D("criterion", "criterion", dtype=F32, h=0.8, f=0.3),
    D("criterion", "criterion", "domain", h=1.0, f=0.3),
    D("criterion", "criterion", "domain", h=1.0, f=0.0),  # -(inf - inf) / 2
    D("likelihood_ratio_beta", "beta", h=0.8, f=0.3),
    D("likelihood_ratio_beta", "beta", dtype=F32, h=0.8, f=0.3),
    D("likelihood_ratio_beta", "beta", h=0.6, f=0.4),  # z(F) = -z(H): beta = 1, slopes not 0
    # H = 1: d' c = inf * -inf = -inf, beta = 0 for every f: f's slope 0; the rule: 0 * (inf * x - inf * y) = NaN
    D("likelihood_ratio_beta", "beta", "wrong", h=1.0, f=0.3),
    D("log_beta", "log_beta", h=0.8, f=0.3),
    D("log_beta", "log_beta", "domain", h=1.0, f=0.3),
    # --- A', a switch at H = F
    C("a_prime", m_a_prime, h=0.8, f=0.3),
    C("a_prime", m_a_prime, dtype=F32, h=0.8, f=0.3),
    C("a_prime", m_a_prime, h=0.3, f=0.6),
    # H = F: both branches 0.5 with slopes +-1 / (4 p (1 - p)) on each side: smooth
    C("a_prime", m_a_prime, h=0.6, f=0.6),
    C("a_prime", m_a_prime, dtype=F32, h=0.6, f=0.6),
    # F = 0 above the diagonal: the unselected branch divides by 4 F (1 - H) = 0; the selected one smooth
    C("a_prime", m_a_prime, "wrong", h=0.9, f=0.0),
    C("a_prime", m_a_prime, "wrong", h=1.0, f=0.5),  # 1 - H = 0 in the unselected branch
    C("a_prime", m_a_prime, "wrong", h=0.0, f=0.4),  # H = 0 in the unselected branch (below the diagonal)
    H("a_prime", all_nan("h", "f"), "domain", h=0.0, f=0.0),  # 0 / 0 in the selected branch
    H("a_prime", all_nan("h", "f"), "domain", h=1.0, f=1.0),
    # --- the ROC area of the normal model
    C("roc_area", m_roc("float64"), d=1.0),
    C("roc_area", m_roc(F32), dtype=F32, d=1.0),
    C("roc_area", m_roc("float64"), d=60.0),  # slope phi(42.4) / sqrt 2 ~ 1e-391: below any double
    C("roc_area", m_roc(F32), dtype=F32, d=15.0),
    D("roc_area_from_rates", "roc", h=0.8, f=0.2),
    D("roc_area_from_rates", "roc", h=0.99, f=0.01),
    D("roc_area_from_rates", "roc", "domain", h=1.0, f=0.2),  # Phi(inf) = 1 for every f; h's slope -> inf
    # --- psychometric functions
    C("psychometric_logistic", m_logistic, x=2.0, **PSY),
    C("psychometric_logistic", m_logistic, dtype=F32, x=2.0, **PSY),
    C("psychometric_logistic", m_logistic, x=8.0, alpha=3.0, beta=200.0, gamma=0.5, lam=0.02),  # e^-1000
    # e^{1000} overflows: value gamma right, the exact slopes below any double (x, alpha, beta) or gamma's 1; the
    # quotient rule's 0 * inf
    C("psychometric_logistic", m_logistic, "unstable", x=0.0, alpha=5.0, beta=200.0, gamma=0.5, lam=0.02),
    C("psychometric_logistic", m_logistic, "unstable", dtype=F32, x=0.0, alpha=5.0, beta=30.0, gamma=0.5, lam=0.02),
    C("psychometric_weibull", m_weibull, x=2.0, **WB),
    C("psychometric_weibull", m_weibull, dtype=F32, x=2.0, **WB),
    # x = 0: (x / alpha)^3.5 is a power at a zero base: its slope 0 on the side it is defined on (x >= 0, the
    # Weibull CDF's own; the house's settled reading); the rest: gamma for every alpha, beta, lam
    C("psychometric_weibull", m_weibull_cdf, x=0.0, **WB),
    C("psychometric_weibull", m_weibull_cdf, dtype=F32, x=0.0, **WB),
    C("psychometric_weibull", m_weibull, x=0.0, alpha=1.5, beta=2.0, gamma=0.5, lam=0.02),  # x^2: both sides
    C("psychometric_weibull", m_weibull, x=0.0, alpha=1.5, beta=1.0, gamma=0.5, lam=0.02),  # slope (1-g-l)/alpha
    # beta = 0.5: x's slope +inf (none); alpha's 0 (the value gamma for every alpha), the rule's 0.5 u^-0.5 = inf
    # times du/dalpha = -x / alpha^2 = 0 is NaN
    H("psychometric_weibull", lambda: {"x": NAN, "alpha": mpf(0), "beta": mpf(0), "gamma": mpf(1), "lam": mpf(0)},
      "wrong", x=0.0, alpha=1.5, beta=0.5, gamma=0.5, lam=0.02),
    C("psychometric_normal", m_normal, x=1.0, **NRM),
    C("psychometric_normal", m_normal, dtype=F32, x=1.0, **NRM),
    C("psychometric_normal", m_normal, x=-31.5, **NRM),  # z = -40: Phi ~ 1e-350
    C("psychometric_normal", m_normal, dtype=F32, x=-11.5, **NRM),  # z = -15: Phi ~ 4e-51, below float32
    H("psychometric_normal", all_nan("x", "mu", "sigma", "gamma", "lam"), "domain", x=1.0, mu=0.5, sigma=0.0,
      gamma=0.5, lam=0.01),  # a scale of 0: no value
    # --- binomial log-likelihoods
    C("weibull_loglik_2afc", m_loglik_2afc, alpha=2.0, beta=3.5, lam=0.02),
    C("weibull_loglik_2afc", m_loglik_2afc, alpha=1.0, beta=3.5, lam=1e-10),
    # lam = 0: at levels 4 and 8, 1 - p = e^{-128} / 2 and e^{-1448} / 2 round away, 0 * log 0 = NaN where each
    # term's count of errors is 0 and the exact term is 0
    C("weibull_loglik_2afc", m_loglik_2afc, "unstable", alpha=1.0, beta=3.5, lam=0.0),
    C("weibull_loglik_2afc_xlogy", m_loglik_2afc, "ok", alpha=1.0, beta=3.5, lam=0.0),
    # by SciPy's binom.logpmf (its log-binomial constants do not move the slopes): lam = 0 too, p = 1 exactly where
    # every trial was right, log P(40 of 40 | p) = 40 log p
    C("weibull_loglik_2afc_binom", m_loglik_2afc, alpha=2.0, beta=3.5, lam=0.02),
    C("weibull_loglik_2afc_binom", m_loglik_2afc, alpha=1.0, beta=3.5, lam=0.0),
    # the blank: log P(0 of 40 | p = 0) = 0 for every alpha, beta, lam: a value, its slopes 0; the rest smooth
    C("weibull_loglik_yes_no_binom", m_loglik_weibull_yes_no_rest, alpha=2.0, beta=3.5, lam=0.02),
    C("logistic_loglik_yes_no", m_loglik_logistic_yes_no, alpha=3.0, beta=1.5, lam=0.02),
    C("logistic_loglik_yes_no", m_loglik_logistic_yes_no, dtype=F32, alpha=3.0, beta=1.5, lam=0.02),
    # lam = 0, a steep slope: 1 - p = e^{-40} / (1 + e^{-40}) rounds to 0 at level 4, where 2 errors were made
    C("logistic_loglik_yes_no", m_loglik_logistic_yes_no, "unstable", alpha=3.0, beta=40.0, lam=0.0),
    # p = 0 at the blank for every alpha, beta, lam, with no "yes" there: 0 * log 0, the other levels' slopes kept
    H("weibull_loglik_yes_no", yes_no_weibull_kept(2.0, 3.5, 0.02), "domain", alpha=2.0, beta=3.5, lam=0.02),
    # --- Weber-Fechner and Stevens
    C("weber_fechner", m_weber, i=100.0, i0=10.0, k=2.0),
    C("weber_fechner", m_weber, dtype=F32, i=100.0, i0=10.0, k=2.0),
    C("weber_fechner", m_weber, i=10.0, i0=10.0, k=2.0),  # log 1 = 0: k's slope 0
    # log 0 = -inf for every i0 and k: i none, k none (its slope log 0); i0 keeps -k / i0, the slope of k log I - k log
    # I0 at every I > 0 (README's pole doctrine, sum(log(t)) at t = [0, 1] keeping t[1]'s)
    H("weber_fechner", lambda: {"i": NAN, "i0": -mpf(2) / 10, "k": NAN}, "domain", i=0.0, i0=10.0, k=2.0),
    C("weber_fechner_clipped", m_weber_clipped, i=5.0, i0=10.0, k=2.0),
    C("weber_fechner_clipped", m_weber_clipped, i=0.0, i0=10.0, k=2.0),
    # at the threshold: max's kink, i's sides 0 and k / i0, i0's -k / i0 and 0; k's 0
    C("weber_fechner_clipped", m_weber_clipped, "domain", i=10.0, i0=10.0, k=2.0),
    C("stevens", m_stevens, i=50.0, k=2.0, a=0.67),
    C("stevens", m_stevens, dtype=F32, i=50.0, k=2.0, a=0.67),
    C("stevens", m_stevens, "domain", i=0.0, k=2.0, a=0.67),  # I^0.67: +inf from the right, none on the left
    C("stevens", m_stevens, "domain", dtype=F32, i=0.0, k=2.0, a=0.67),
    C("stevens", m_stevens, i=0.0, k=2.0, a=1.0),  # I^1: k on both sides; a's 0^a log 0 settled 0
    # a = 0: 0^a jumps (0, 1, inf); I^0 = 1 for every I: i's 0, k's 1
    H("stevens", lambda: {"i": mpf(0), "k": mpf(1), "a": NAN}, "domain", i=0.0, k=2.0, a=0.0),
    # --- the drift-diffusion model
    C("ddm_mean_time", m_ddm_time, a=1.2, v=0.5),
    C("ddm_mean_time", m_ddm_time, dtype=F32, a=1.2, v=0.5),
    # v = 1e-9: the rule's -a tanh(a v) / v^2 + a^2 sech^2(a v) / v cancel 1.44e9 to -(2/3) a^4 v = -1.4e-9
    C("ddm_mean_time", m_ddm_time, "unstable", a=1.2, v=1e-09),
    C("ddm_mean_time", m_ddm_time, "unstable", dtype=F32, a=1.2, v=0.001),
    H("ddm_mean_time", all_nan("a", "v"), "domain", a=1.2, v=0.0),  # (a / 0) tanh 0 = 0 / 0
    # v = 0 mapped to a^2: smooth (a^2 - a^4 v^2 / 3 + ...), a's 2a, v's 0; the unselected a / 0 * tanh 0 leaks
    C("ddm_mean_time_guarded", m_ddm_time_limit, "wrong", a=1.2, v=0.0),
    C("ddm_mean_time_guarded", m_ddm_time_limit, "wrong", dtype=F32, a=1.2, v=0.0),
    C("ddm_accuracy", m_ddm_accuracy, a=1.0, v=0.5),
    C("ddm_accuracy", m_ddm_accuracy, dtype=F32, a=1.0, v=0.5),
    C("ddm_accuracy", m_ddm_accuracy, a=2.0, v=200.0),  # e^-800: slopes below any double
    C("ddm_accuracy", m_ddm_accuracy, dtype=F32, a=1.0, v=12.5),
    # e^{800} overflows: 1 / inf = 0 right (e^-800 below any double), the rule's inf / inf^2
    C("ddm_accuracy", m_ddm_accuracy, "unstable", a=2.0, v=-200.0),
    C("ddm_accuracy", m_ddm_accuracy, "unstable", dtype=F32, a=1.0, v=-50.0),  # e^100 past float32; 3.7e-44 held
    C("ddm_accuracy_expit", m_ddm_accuracy, a=2.0, v=-200.0),
    # float32 expit(-100) is 0 (SciPy's too), its exact 3.7e-44 a subnormal float32 holds: unstable
    C("ddm_accuracy_expit", m_ddm_accuracy, "unstable", dtype=F32, a=1.0, v=-50.0),
    C("ddm_accuracy_expit", m_ddm_accuracy, dtype=F32, a=1.0, v=-40.0),  # e^-80 = 1.8e-35, a normal float32
]
