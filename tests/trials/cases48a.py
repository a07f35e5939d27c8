"""The forty-eighth trial set (first part): JAX and plain NumPy / SciPy in pharmacokinetics, astrophysics (Planck's
spectral shape), queueing theory, optics (Fresnel reflectance and total internal reflection), population genetics
(Kimura's fixation probability), actuarial mortality (Gompertz) and psychometrics (item response theory).

Pharmacokinetics: the Bateman curve D ka / V (ka - ke) (e^-ke t - e^-ka t) (right at ka = 1.5 in both dtypes; at
ka - ke = 1e-9 the two exponentials cancel: unstable; at ka = ke the program's 0/0: domain), by expm1 (the value
mended, the quotient rule's two paths of d = ka - ke still cancel 1.6e9 - 1.6e9: unstable, named where d is made) and
behind a double where with its series (right at ka = ke). Planck's x^3 / (e^x - 1): right at 1; unstable at 1e-8
(expm1 fix), at 800 (exp overflows, the slope 0 * inf for -1.9e-339) and in float32 at 100; domain at 0; by expm1
right at 1e-8, unstable at 800; the Wien form x^3 e^-x / -expm1(-x) right at 800 and 1e-8, but in float32 at 100 XLA
flushes the subnormal e^-100 and the normal 3.7e-38 is lost (unstable; swept below); in log space right at 800 and 1,
unstable at 1e-300 (exp(3 log x - x) underflows where the slope 2e-300 is a number) and, in float32 at 100, unstable
too (see below); under lax.cond with a Rayleigh-Jeans series, a jump at the switch 1e-3 (domain) and the series' slope
at 1e-5. Queueing: M/M/1's rho / (1 - rho) right at 1 - 2^-53 and 1 - 2^-24, a pole at 1; with rho = e^u at
u = -1e-10 unstable; Erlang B by a Python loop and lax.fori_loop and Erlang C's wait (right at a = 7, a pole at 10),
truths by the closed sums. Optics: Fresnel's internal s-reflectance, glass to air: at float64's 2/3, below the
critical sine, 1.5 s rounds to 1 and sqrt(0) leaves an exact slope of 5e8 inf/NaN (unstable); float32's 2/3 is beyond
it (domain); one where for total internal reflection leaks the idle sqrt's NaN at 0.8 (wrong, double where re-checked)
and at float64's 2/3 (unstable); behind a double where the condition itself is flipped by rounding at float64's 2/3
(unstable) and right at float32's. Population genetics: Kimura's (1 - e^-2s) / (1 - e^-4Ns) unstable at 1e-12, domain at
0, unstable at s = -2 (e^800 overflows, the slope's 0 * inf for 7.7e-344); by expm1 still unstable at 1e-12 (swept
below); one where at 0 leaks (wrong, fixed); a double where right at 0 and 1e-300; an exprel custom_jvp right at 0,
1e-12, 0.01, and with its series slope x/3 written x/6 (wrong at 1e-7 at its rule, right at 0.01 above the switch).
Mortality: a Gompertz log-likelihood in (log b, c), right at c = 0.1 in both dtypes, unstable at c = 1e-12 by exp and by
expm1 (1.5e10 - 1.5e10 in c's slope), domain at c = 0; the limit b x put in by where(c == 0, ...): one where leaks NaN
(wrong), a double where is flat in c at that one point where the slope is b x^2 / 2 (wrong, as gradcli explains).
Psychometrics: 2PL and 3PL negative log-likelihoods: log(sigmoid) at -800 and log(1 - p) at 40 (2PL) and 30 (3PL)
unstable; log_sigmoid / logaddexp forms right at -800, 40, 30 and in float32; xlogy at 40 (its 0 / 0 rule beside the
cancellation: unstable); a 3PL probability as a custom_vjp, right, and with the guessing cotangent g s for g (1 - s)
(wrong in both dtypes, at its bwd); --args. NumPy / SciPy: the same models by np.exp, np.expm1, scipy.special.exprel
(right at 0 and 1e-8, unstable at 800), expit and log_expit (the log_expit fix offered at -800), np.where.
Input errors: a mistyped function (fresnel_ts) and variable (rh), a point that is no number (1e-3.5), a variable left
out (ke), a missing --args function, --wrt of no variable (guess), and scipy.special.wrightomega, which gradcli lacks.
119 cases (99 JAX, 20 NumPy); 118 agreed with gradcli as written, the one left was finding X1 (now mended).

Sweeps by hand: `gradcli sweep jax_lib48a.py:fixation_expm1 --range s=1e-14:1 --scale log` (3.7 s): float64 unstable
for s in [1e-14, 3.49e-9] and a sliver [7.43e-9, 9.41e-9] (the quotient rule's cancellation of 1 / 2Ns), float32 below
7.9e-7 and in slivers up to 8.1e-6; `gradcli sweep jax_lib48a.py:planck_wien --range x=1e-3:200 --scale log --dtype
float32` (3.7 s): unstable exactly for x in [87.33655, 101.1875], from where e^-x turns subnormal (XLA flushes it) to
where x^3 e^-x itself falls below float32's smallest normal, past which 0 is the best float32 answer: ok again.

Found by this round (a strict xfail in tests/test_user_trials48a.py while open):
- X1: a fix for JAX code whose module holds jnp.array constants is re-checked with those constants in float32 in a
  float64 check: irt2pl_nll at theta = -800 (float64) is rightly unstable, but the log_sigmoid rewrite is refused as
  "another function: its exact value at theta=-800 float64 differs from the original's": the rewrite's exact value is
  2561.8000381 (DISC = [1.2, 0.8, 2.0] as float32: 1.2000000477 * 799 + 2 * 801.5) where the original's is 2561.8, and
  the gradient -3.20000005 for -3.2. The same loss with Python-float constants (irt_one_item) gets log_sigmoid offered
  and re-checked; NumPy's irt2pl_nll gets log_expit. The rewritten copy seems not to be loaded under x64 as the
  original is (README: "traces the function of your module loaded a second time under x64"). Mended: a rewritten
  copy held in memory is loaded again under x64 from its own source, and log_sigmoid is offered and re-checked.
Words only (no case): at c = 1e-12 the Gompertz cancellation (the 1/c and e^(cx) paths, both on the cumhaz line) is
named at the return line, the third and harmless use of c; for bateman_expm1 the line where d is made is named, as
round 47b's fins were.
What the round taught about its own truths: planck_logspace in float32 at x = 100 was first taken as ok (the value
exp(3 log x - x) stays normal), but the slope's 3/x path carries 3 x^3 e^-x / x = 1.1e-39, a subnormal XLA flushes,
3% of the slope -3.6e-38: gradcli's unstable is right. And at exprel's series switch the truth must be the program's
own series: at s = 1e-7 the analytic slope differs from the series' by x^2/8 of 4e-5, 4e-10 of the answer, past the
judge's 1e-10.

Truths are expressions written here, evaluated by mpmath (2,000 digits), never the user files' code: closed forms
(Erlang's B and C by their sums, not the recursion), or central differences with h = 1e-600 of the mathematics
restated; points are the numbers the dtype holds. Where a function has a kink, a jump, a pole or a domain's edge there
is no derivative (NaN); the program's own 0/0 is no derivative too.
"""

import math

import mpmath

from cases import Case, mp
from cases5 import _in, hp
from cases42a import _fixed
from cases45a import cgrad, only

J, N = "jax_lib48a.py", "numpy_lib48a.py"
NAN = mpmath.nan
mpf = mpmath.mpf


def _both(file, function, at, truth_of, dtypes=("float64", "float32")):
    return [Case(file, function, at, d, "ok", truth_of(d)) for d in dtypes]


# --- pharmacokinetics --------------------------------------------------------------------------------------------------

DOSE, VOL, T_OBS = 100, 20, 3


def _bateman(ka, ke):
    """D ka / V e^(-ke t) (1 - e^(-(ka - ke) t)) / (ka - ke); at ka = ke its limit D ka t e^(-ke t) / V."""
    d = ka - ke
    frac = mpf(T_OBS) if d == 0 else -mpmath.expm1(-d * T_OBS) / d
    return DOSE * ka / VOL * mpmath.exp(-ke * T_OBS) * frac


def _bat(ka, ke, dtype="float64"):
    return cgrad(_bateman, dtype, ka=ka, ke=ke)


# --- Planck ------------------------------------------------------------------------------------------------------------

def _planck(x):
    return x ** 3 / mpmath.expm1(x)


def _pl(x, dtype="float64"):
    return cgrad(_planck, dtype, x=x)


def _rj_slope(x):
    """The program's Rayleigh-Jeans series x^2 (1 - x/2 + x^2/12): slope 2x - 3x^2/2 + x^3/3."""
    def truth():
        v = _in("float64", [x])[0]
        return {"x": 2 * v - 3 * v * v / 2 + v ** 3 / 3}
    return hp(truth)


# --- queueing ----------------------------------------------------------------------------------------------------------

C_SERV = 10


def _erlang_b(a):
    """(a^c / c!) / sum_k a^k / k!, c = 10."""
    terms = [a ** k / mpmath.factorial(k) for k in range(C_SERV + 1)]
    return terms[-1] / mpmath.fsum(terms)


def _erlang_c_wait(a):
    """Erlang C = (a^c / c!) c / (c - a) / (sum_{k<c} a^k / k! + (a^c / c!) c / (c - a)); W_q = C / (c - a)."""
    top = a ** C_SERV / mpmath.factorial(C_SERV) * C_SERV / (C_SERV - a)
    c = top / (mpmath.fsum(a ** k / mpmath.factorial(k) for k in range(C_SERV)) + top)
    return c / (C_SERV - a)


def _mm1(rho, dtype="float64"):
    def truth():
        r = _in(dtype, [rho])[0]
        return {"rho": 1 / (1 - r) ** 2}
    return hp(truth)


def _mm1_log(u, dtype="float64"):
    """d/du e^u / (1 - e^u) = e^u / (1 - e^u)^2, by expm1."""
    def truth():
        v = _in(dtype, [u])[0]
        return {"u": mpmath.exp(v) / mpmath.expm1(v) ** 2}
    return hp(truth)


# --- Fresnel -------------------------------------------------------------------------------------------------------

N_REL = mpf("1.5")


def _fresnel(s):
    """((n cos i - cos t) / (n cos i + cos t))^2 below the critical angle, 1 beyond it (total internal reflection)."""
    arg = 1 - (N_REL * s) ** 2
    if arg <= 0:
        return mpf(1)
    ci, ct = mpmath.sqrt(1 - s * s), mpmath.sqrt(arg)
    return ((N_REL * ci - ct) / (N_REL * ci + ct)) ** 2


def _fr(s, dtype="float64"):
    return cgrad(_fresnel, dtype, s=s)


# --- Kimura ------------------------------------------------------------------------------------------------------------

NP = 100


def _kimura(s):
    """(1 - e^-2s) / (1 - e^-4Ns), its limit 1 / 2N at s = 0."""
    if s == 0:
        return 1 / mpf(2 * NP)
    return mpmath.expm1(-2 * s) / mpmath.expm1(-4 * NP * s)


def _kim(s, dtype="float64"):
    return cgrad(_kimura, dtype, s=s)


def _series_exprel(x):
    """The program's exprel: 1 + x/2 + x^2/6 below |x| = 1e-4 (as the dtype compares), (e^x - 1) / x above."""
    if abs(x) < mpf(1e-4):
        return 1 + x / 2 + x * x / 6
    return mpmath.expm1(x) / x


def _kim_exprel(s, dtype="float64"):
    """exprel(-2s) / (2N exprel(-4Ns)) with the program's series below its switch (at s = 1e-7 the series' slope
    differs from the analytic one by x^2/8, 4e-10 of the answer)."""
    def f(s):
        return _series_exprel(-2 * s) / (2 * NP * _series_exprel(-4 * NP * s))
    return cgrad(f, dtype, s=s)


# --- Gompertz ----------------------------------------------------------------------------------------------------------

AGES = [60, 75, 90, 105]


def _gompertz(log_b, c):
    """-sum(log b + c x - b (e^(c x) - 1) / c), the integrated hazard's limit b x at c = 0."""
    b = mpmath.exp(log_b)
    total = 0
    for x in AGES:
        cum = b * x if c == 0 else b * mpmath.expm1(c * x) / c
        total += log_b + c * x - cum
    return -total


def _gz(log_b, c, dtype="float64"):
    return cgrad(_gompertz, dtype, log_b=log_b, c=c)


# --- item response theory ----------------------------------------------------------------------------------------------

DISC, DIFF, GUESS, RESP = ["1.2", "0.8", "2.0"], ["-1.0", "0.5", "1.5"], ["0.2", "0.25", "0.15"], [1, 0, 1]


def _irt(three, dtype="float64"):
    """-sum(y log p + (1 - y) log(1 - p)), p = c + (1 - c) sigma(a (theta - b)) (c = 0: 2PL); the item constants as the
    dtype holds them; log(1 - p) by log1p of c and log sigma(-z) so no digits go at the evaluation."""
    a, b, g = _in(dtype, [float(v) for v in DISC]), _in(dtype, [float(v) for v in DIFF]), \
        _in(dtype, [float(v) for v in GUESS])

    def f(theta):
        total = 0
        for ai, bi, gi, y in zip(a, b, g, RESP):
            z = ai * (theta - bi)
            log_sig = -mpmath.log1p(mpmath.exp(-z))
            log_sig_neg = -mpmath.log1p(mpmath.exp(z))
            if three:
                log_p = mpmath.log(gi + (1 - gi) * mpmath.exp(log_sig))
                log_q = mpmath.log1p(-gi) + log_sig_neg
            else:
                log_p, log_q = log_sig, log_sig_neg
            total += y * log_p + (1 - y) * log_q
        return -total
    return f


def _ir(theta, three=False, dtype="float64"):
    return cgrad(_irt(three, dtype), dtype, theta=theta)


def _item(theta, c, dtype="float64"):
    """log(c + (1 - c) sigma(1.7 (theta - 0.3))), 1.7 and 0.3 the program's constants as the dtype holds them."""
    a, b = _in(dtype, [1.7, 0.3])

    def f(theta, c):
        return mpmath.log(c + (1 - c) / (1 + mpmath.exp(-a * (theta - b))))
    return cgrad(f, dtype, theta=theta, c=c)


def _one_item(theta):
    """-log sigma(1.2 (theta + 1)), 1.2 the float64 constant: slope -1.2 sigma(-z)."""
    def f(theta):
        return mpmath.log1p(mpmath.exp(-mpf(1.2) * (theta + 1)))
    return cgrad(f, theta=theta)


JAX = [
    # --- pharmacokinetics
    *_both(J, "bateman", "ka=1.5,ke=0.2", lambda d: _bat(1.5, 0.2, d)),
    # ka - ke = 1e-9 (exact, Sterbenz): e^-0.6 - e^-0.600000003 keeps 7 digits
    Case(J, "bateman", "ka=0.200000001,ke=0.2", "float64", "unstable", _bat(0.200000001, 0.2),
         "return DOSE * ka / (VOL * (ka - ke)) * (jnp.exp(-ke * T_OBS) - jnp.exp(-ka * T_OBS))"),
    Case(J, "bateman", "ka=0.2,ke=0.2", "float64", "domain", _fixed({"ka": NAN, "ke": NAN})),
    # expm1 keeps the value; the quotient rule t e^-dt / d - expm1 / d^2 cancels 3e9 - 3e9
    Case(J, "bateman_expm1", "ka=0.200000001,ke=0.2", "float64", "unstable", _bat(0.200000001, 0.2),
         "def bateman_expm1>>d = ka - ke"),
    Case(J, "bateman_expm1", "ka=1.5,ke=0.2", "float64", "ok", _bat(1.5, 0.2)),
    # the series t (1 - d t / 2) has the analytic slope -t^2/2 at d = 0
    Case(J, "bateman_safe", "ka=0.2,ke=0.2", "float64", "ok", _bat(0.2, 0.2)),
    Case(J, "bateman_safe", "ka=1.5,ke=0.2", "float32", "ok", _bat(1.5, 0.2, "float32")),
    # --- Planck
    *_both(J, "planck", "x=1", lambda d: _pl(1.0, d)),
    Case(J, "planck", "x=1e-08", "float64", "unstable", _pl(1e-8), "return x ** 3 / (jnp.exp(x) - 1.0)", "expm1("),
    # exp(800) overflows: value 0 is the exact 1.9e-339 rounded, the slope 0 * inf = NaN for -1.9e-339
    Case(J, "planck", "x=800", "float64", "unstable", _pl(800.0), "return x ** 3 / (jnp.exp(x) - 1.0)"),
    # float32: exp(100) overflows; the exact value 3.7e-38 is a normal float32
    Case(J, "planck", "x=100", "float32", "unstable", _pl(100.0, "float32"), "return x ** 3 / (jnp.exp(x) - 1.0)"),
    Case(J, "planck", "x=0", "float64", "domain", _fixed({"x": NAN})),
    Case(J, "planck_expm1", "x=1e-08", "float64", "ok", _pl(1e-8)),
    Case(J, "planck_expm1", "x=800", "float64", "unstable", _pl(800.0), "return x ** 3 / jnp.expm1(x)"),
    Case(J, "planck_wien", "x=800", "float64", "ok", _pl(800.0)),
    Case(J, "planck_wien", "x=1e-08", "float64", "ok", _pl(1e-8)),
    # float32: e^-100 = 3.7e-44 is subnormal, XLA flushes it to 0; x^3 e^-x = 3.7e-38 is normal: lost
    Case(J, "planck_wien", "x=100", "float32", "unstable", _pl(100.0, "float32"),
         "return x ** 3 * jnp.exp(-x) / -jnp.expm1(-x)"),
    # the slope's 3/x path: 3 x^3 e^-x / x = 1.1e-39 is subnormal in float32 and XLA flushes it: 3% of -3.6e-38
    Case(J, "planck_logspace", "x=100", "float32", "unstable", _pl(100.0, "float32"),
         "return jnp.exp(3.0 * jnp.log(x) - x) / -jnp.expm1(-x)"),
    Case(J, "planck_logspace", "x=800", "float64", "ok", _pl(800.0)),
    Case(J, "planck_logspace", "x=1", "float64", "ok", _pl(1.0)),
    # x = 1e-300: exp(3 log x - x) underflows to 0 where the value is 1e-600 (0 in float64 too), but the slope 2e-300
    # is a float64 number
    Case(J, "planck_logspace", "x=1e-300", "float64", "unstable", _pl(1e-300),
         "return jnp.exp(3.0 * jnp.log(x) - x) / -jnp.expm1(-x)"),
    # the switch: the series drops x^6 / 720 (1.4e-21 at 1e-3): a jump
    Case(J, "planck_cond", "x=0.001", "float64", "domain", _fixed({"x": NAN})),
    Case(J, "planck_cond", "x=1e-05", "float64", "ok", _rj_slope(1e-5)),
    Case(J, "planck_cond", "x=2", "float32", "ok", _pl(2.0, "float32")),
    # --- queueing
    *_both(J, "mm1_number", "rho=0.5", lambda d: _mm1(0.5, d)),
    Case(J, "mm1_number", "rho=1", "float64", "domain", _fixed({"rho": NAN})),
    Case(J, "mm1_number", "rho=0.9999999999999999", "float64", "ok", _mm1(0.9999999999999999)),
    Case(J, "mm1_number", "rho=0.99999994", "float32", "ok", _mm1(0.99999994, "float32")),
    Case(J, "mm1_number_log", "u=-1e-10", "float64", "unstable", _mm1_log(-1e-10),
         "return jnp.exp(u) / (1.0 - jnp.exp(u))"),
    Case(J, "mm1_number_log", "u=-1", "float32", "ok", _mm1_log(-1.0, "float32")),
    *_both(J, "erlang_b", "a=7", lambda d: cgrad(_erlang_b, d, a=7.0)),
    Case(J, "erlang_b_loop", "a=7", "float64", "ok", cgrad(_erlang_b, a=7.0)),
    Case(J, "erlang_c_wait", "a=7", "float64", "ok", cgrad(_erlang_c_wait, a=7.0)),
    Case(J, "erlang_c_wait", "a=10", "float64", "domain", _fixed({"a": NAN})),
    # --- Fresnel
    *_both(J, "fresnel_rs", "s=0.3", lambda d: _fr(0.3, d)),
    # fl(2/3) is below 2/3: 1 - (1.5 s)^2 = 1.1e-16 exactly, but 1.5 s rounds to 1: sqrt(0), for a slope of 5e8
    Case(J, "fresnel_rs", "s=0.6666666666666666", "float64", "unstable", _fr(0.6666666666666666)),
    # float32's 2/3 is above it: beyond the critical angle, no real cos t
    Case(J, "fresnel_rs", "s=0.6666667", "float32", "domain", _fixed({"s": NAN})),
    Case(J, "fresnel_tir", "s=0.8", "float64", "wrong", _fr(0.8),
         "def fresnel_tir(s)>>return jnp.where(arg > 0, ((N_REL * ci - ct) / (N_REL * ci + ct)) ** 2, 1.0)",
         "jnp.sqrt(jnp.where(arg > 0, arg, 1.0))"),
    Case(J, "fresnel_tir", "s=0.3", "float64", "ok", _fr(0.3)),
    Case(J, "fresnel_tir", "s=0.6666666666666666", "float64", "unstable", _fr(0.6666666666666666)),
    Case(J, "fresnel_tir_safe", "s=0.8", "float64", "ok", _fr(0.8)),
    # the condition arg > 0 is flipped by rounding: 1, slope 0, where the exact slope is 5e8
    Case(J, "fresnel_tir_safe", "s=0.6666666666666666", "float64", "unstable", _fr(0.6666666666666666)),
    # float32's 2/3 is beyond the critical angle: R = 1 around it, slope 0, as computed
    Case(J, "fresnel_tir_safe", "s=0.6666667", "float32", "ok", _fr(0.6666667, "float32")),
    # --- Kimura
    *_both(J, "fixation", "s=0.01", lambda d: _kim(0.01, d)),
    Case(J, "fixation", "s=1e-12", "float64", "unstable", _kim(1e-12),
         "return (1.0 - jnp.exp(-2.0 * s)) / (1.0 - jnp.exp(-4.0 * N_POP * s))"),
    Case(J, "fixation", "s=0", "float64", "domain", _fixed({"s": NAN})),
    # e^800 overflows: the value 0 is the exact 1.9e-346 rounded; the slope 0 * inf = NaN
    Case(J, "fixation", "s=-2", "float64", "unstable", _kim(-2.0)),
    Case(J, "fixation_expm1", "s=1e-12", "float64", "unstable", _kim(1e-12),
         "return jnp.expm1(-2.0 * s) / jnp.expm1(-4.0 * N_POP * s)"),
    Case(J, "fixation_expm1", "s=0.01", "float64", "ok", _kim(0.01)),
    Case(J, "fixation_where", "s=0", "float64", "wrong", _kim(0.0),
         "jnp.expm1(-2.0 * s) / jnp.expm1(-4.0 * N_POP * s))", "jnp.where(jnp.abs(s) >= 1e-8, s, "),
    Case(J, "fixation_safe", "s=0", "float64", "ok", _kim(0.0)),
    Case(J, "fixation_safe", "s=1e-300", "float64", "ok", _fixed({"s": mpf(199) / 200})),
    Case(J, "fixation_safe", "s=0.01", "float32", "ok", _kim(0.01, "float32")),
    Case(J, "fixation_exprel", "s=0", "float64", "ok", _kim_exprel(0.0)),
    Case(J, "fixation_exprel", "s=1e-12", "float64", "ok", _kim_exprel(1e-12)),
    *_both(J, "fixation_exprel", "s=0.01", lambda d: _kim_exprel(0.01, d)),
    Case(J, "fixation_exprel_bad", "s=1e-07", "float64", "wrong", _kim_exprel(1e-7), "def exprel_bad_jvp"),
    Case(J, "fixation_exprel_bad", "s=0.01", "float64", "ok", _kim_exprel(0.01)),
    # --- Gompertz
    *_both(J, "gompertz_nll", "log_b=-10,c=0.1", lambda d: _gz(-10.0, 0.1, d)),
    Case(J, "gompertz_nll", "log_b=-10,c=1e-12", "float64", "unstable", _gz(-10.0, 1e-12)),
    Case(J, "gompertz_nll", "log_b=-10,c=0", "float64", "domain", _fixed({"log_b": NAN, "c": NAN})),
    Case(J, "gompertz_nll_expm1", "log_b=-10,c=1e-12", "float64", "unstable", _gz(-10.0, 1e-12)),
    Case(J, "gompertz_nll_expm1", "log_b=-10,c=0.1", "float64", "ok", _gz(-10.0, 0.1)),
    Case(J, "gompertz_nll_limit", "log_b=-10,c=0", "float64", "wrong", _gz(-10.0, 0.0)),
    # the double where ends the NaN, but the limit b x put in at the one point c = 0 is flat in c there, where the
    # slope of the integrated hazard is b x^2 / 2
    Case(J, "gompertz_nll_limit_safe", "log_b=-10,c=0", "float64", "wrong", _gz(-10.0, 0.0)),
    Case(J, "gompertz_nll_limit_safe", "log_b=-10,c=0.1", "float32", "ok", _gz(-10.0, 0.1, "float32")),
    # --- item response theory
    *_both(J, "irt2pl_nll", "theta=0.5", lambda d: _ir(0.5, dtype=d)),
    # sigma(-960) = 0, log(0)
    Case(J, "irt2pl_nll", "theta=-800", "float64", "unstable", _ir(-800.0),
         "def irt2pl_nll(theta)>>return -jnp.sum(RESP * jnp.log(p) + (1.0 - RESP) * jnp.log(1.0 - p))", "log_sigmoid("),
    # the wrong answer's 1 - sigma(31.6) keeps 2 digits
    Case(J, "irt2pl_nll", "theta=40", "float64", "unstable", _ir(40.0),
         "def irt2pl_nll(theta)>>return -jnp.sum(RESP * jnp.log(p) + (1.0 - RESP) * jnp.log(1.0 - p))"),
    Case(J, "irt_one_item", "theta=-800", "float64", "unstable", _one_item(-800.0), "return -jnp.log(p)",
         "log_sigmoid("),
    Case(J, "irt2pl_nll_stable", "theta=-800", "float64", "ok", _ir(-800.0)),
    Case(J, "irt2pl_nll_stable", "theta=40", "float64", "ok", _ir(40.0)),
    Case(J, "irt2pl_nll_stable", "theta=-100", "float32", "ok", _ir(-100.0, dtype="float32")),
    # sigma(49.2) = 1: xlogy(0, 0)'s rule y_dot x / y = 0 / 0 is NaN, beside log(1 - sigma(31.6))
    Case(J, "irt2pl_nll_xlogy", "theta=40", "float64", "unstable", _ir(40.0)),
    Case(J, "irt2pl_nll_xlogy", "theta=0.5", "float64", "ok", _ir(0.5)),
    Case(J, "irt3pl_nll", "theta=0.5", "float64", "ok", _ir(0.5, True)),
    Case(J, "irt3pl_nll", "theta=30", "float64", "unstable", _ir(30.0, True),
         "def irt3pl_nll(theta)>>return -jnp.sum(RESP * jnp.log(p) + (1.0 - RESP) * jnp.log(1.0 - p))"),
    Case(J, "irt3pl_nll_stable", "theta=30", "float64", "ok", _ir(30.0, True)),
    Case(J, "irt3pl_nll_stable", "theta=-800", "float64", "ok", _ir(-800.0, True)),
    Case(J, "irt3pl_nll_stable", "theta=0.5", "float32", "ok", _ir(0.5, True, "float32")),
    Case(J, "item_loglik", "theta=0.5,c=0.2", "float64", "ok", _item(0.5, 0.2)),
    Case(J, "item_loglik", None, "float64", "ok", _item(0.4, 0.2), args="calibration_args"),
    Case(J, "item_loglik_bad", "theta=0.5,c=0.2", "float64", "wrong", _item(0.5, 0.2), "def _prob_bad_bwd"),
    Case(J, "item_loglik_bad", "theta=0.5,c=0.2", "float32", "wrong", _item(0.5, 0.2, "float32"),
         "def _prob_bad_bwd"),
    # --- input errors
    Case(J, "fresnel_ts", "s=0.3", "float64", "input-error", message=("fresnel_ts",)),
    Case(J, "mm1_number", "rh=0.5", "float64", "input-error", message=("rh", "rho")),
    Case(J, "planck", "x=1e-3.5", "float64", "input-error", message=("1e-3.5",)),
    Case(J, "bateman", "ka=1.5", "float64", "input-error", message=("ke",)),
    Case(J, "item_loglik", None, "float64", "input-error", args="calibration_argz", message=("calibration_argz",)),
    Case(J, "item_loglik", "theta=0.4,c=0.2", "float64", "input-error", wrt="guess", message=("guess",)),
]

NUMPY = [
    Case(N, "bateman", "ka=0.200000001,ke=0.2", "float64", "unstable", _bat(0.200000001, 0.2),
         "return DOSE * ka / (VOL * (ka - ke)) * (np.exp(-ke * T_OBS) - np.exp(-ka * T_OBS))"),
    Case(N, "bateman_expm1", "ka=1.5,ke=0.2", "float64", "ok", _bat(1.5, 0.2)),
    Case(N, "planck", "x=1e-08", "float64", "unstable", _pl(1e-8), "return x ** 3 / (np.exp(x) - 1.0)", "expm1("),
    Case(N, "planck_exprel", "x=1e-08", "float64", "ok", _pl(1e-8)),
    Case(N, "planck_exprel", "x=0", "float64", "ok", _fixed({"x": 0})),
    Case(N, "planck_exprel", "x=800", "float64", "unstable", _pl(800.0), "return x ** 2 / special.exprel(x)"),
    Case(N, "mm1_number", "rho=1", "float64", "domain", _fixed({"rho": NAN})),
    Case(N, "mm1_number", "rho=0.9999999999999999", "float64", "ok", _mm1(0.9999999999999999)),
    Case(N, "erlang_b", "a=7", "float64", "ok", cgrad(_erlang_b, a=7.0)),
    Case(N, "fresnel_tir", "s=0.8", "float64", "wrong", _fr(0.8),
         "return np.where(arg > 0, ((N_REL * ci - ct) / (N_REL * ci + ct)) ** 2, 1.0)"),
    Case(N, "fresnel_tir", "s=0.3", "float32", "ok", _fr(0.3, "float32")),
    Case(N, "fixation", "s=1e-12", "float64", "unstable", _kim(1e-12),
         "return (1.0 - np.exp(-2.0 * s)) / (1.0 - np.exp(-4.0 * N_POP * s))"),
    Case(N, "fixation_expm1", "s=1e-12", "float64", "unstable", _kim(1e-12),
         "return np.expm1(-2.0 * s) / np.expm1(-4.0 * N_POP * s)"),
    Case(N, "fixation_exprel", "s=1e-12", "float64", "ok", _kim(1e-12)),
    Case(N, "fixation_exprel", "s=0", "float64", "ok", _kim(0.0)),
    Case(N, "gompertz_nll_expm1", "log_b=-10,c=0.1", "float64", "ok", _gz(-10.0, 0.1)),
    Case(N, "gompertz_nll_limit", "log_b=-10,c=0", "float64", "wrong", _gz(-10.0, 0.0)),
    Case(N, "irt2pl_nll", "theta=-800", "float64", "unstable", _ir(-800.0),
         "return -np.sum(RESP * np.log(p) + (1.0 - RESP) * np.log(1.0 - p))"),
    Case(N, "irt2pl_nll_stable", "theta=-800", "float64", "ok", _ir(-800.0)),
    Case(N, "irt2pl_nll_bad_lib", "theta=1", "float64", "input-error", message=("wrightomega", "numpy_lib48a.py")),
]

ALL = JAX + NUMPY
