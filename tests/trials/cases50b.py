"""The fiftieth trial set (second part): JAX and plain NumPy / SciPy in dark-matter halos and lensing (NFW),
radiotherapy (Poisson tumour control, gEUD, the LKB model), dielectric relaxation (Debye, KWW), Bayesian count models
(beta-binomial, Dirichlet-multinomial, multinomial), quantum tunnelling through a rectangular barrier, and Matern
kernels of Gaussian processes.

NFW: the enclosed mass ln(1 + x) - x / (1 + x) unstable at 1e-10 by log and by log1p (the cancellation x - x^2/2 -
(x - x^2) remains), right behind a series and a double where at 1e-10, 1e-300 and 5e-324 (read as 0 by XLA, slope
below the least normal), domain at the series' switch 1e-3 (a jump of -8e-19); the lensing function F as printed (three
cases by where) is wrong everywhere, not only at x = 1 where F is analytic (slope -2/3): each idle branch is NaN on the
other side; a series within 1e-3 of 1 behind a double where is right at 1 and at 1 - 2^-53, but its inner single
where leaks arctanh(sqrt 8) at x = 3 (wrong at that line). Radiotherapy: TCP = exp(-N0 SF) unstable at dose 2000,
log N0 = 690 (SF = e^-720 subnormal, read as 0 by XLA at the product; NumPy's subnormal e^-738 keeps 3 digits),
right in log space; slopes 10^-2.1e8 at dose 0, log N0 = 20 (text only), right; gEUD by a power mean overflowing
float32 (85^20), right by logsumexp; LKB log(ndtr) unstable at t = -40, log_ndtr offered. Dielectric relaxation:
Debye's w tau / (1 + (w tau)^2) unstable at x = 400 (f64) and 50 (f32); as 1 / cosh unstable at 400 (JAX's cosh^-2
underflows) and 800 (0 * inf); by exp(-|x|) right at +-800, 400 and at 0 (|x| inside an even smooth function);
KWW exp(-(t / tau)^b) domain in t at t = 0 and wrong in log tau there (0^(b-1) = inf times 0 where the slope is 0),
right in log space; log <tau> by log(Gamma) unstable at b = 0.005, right by gammaln. Bayesian counts: JAX's betaln
beta-binomial wrong at ordinary concentrations (its series' slope, round 41a's doctrine), unstable at 2.4e17 (two
-1.6e17 log-betas cancel) and at a = 2e-300 (JAX's betaln(3, 8) value 2.3e-7 off), log-Pochhammer sums right at all
three; SciPy's betaln and a Dirichlet-multinomial by gammaln unstable at concentration e^40; a multinomial by
xlogy(counts, softmax) unstable in JAX at [0, -800, 1] (xlogy's x / y = 0 / 0), ok in NumPy (gradcli.scipy's rule is 0
at x = 0), log_softmax right. Tunnelling: T(E) by one where of sinh / sin branches is wrong everywhere (the idle
sqrt of a negative), domain at E = V0 (its chosen branch is 0 / 0); a guarded sinhc series right through E = V0;
sinh(400)^2 overflows (unstable); log space right, and exp of it right at T = 10^-346 and 10^-3470; a log-sinh
custom_jvp right, and slipped (tanh for coth) wrong at k a = 1 but ok at 400. Matern: 3/2 by sqrt(d^2) wrong at
x = y (sqrt's inf times 0), by abs right there; 1/2 a kink in x and y, the length scale's slope 0. Input errors: a
mistyped function (nfw_mas) and variable (log_n), a variable left out (beta), a point float64 cannot hold (1e400), a
missing --args function (bb_argz), --wrt of no leaf (params.log_c), and scipy.stats.betabinom, which gradcli lacks.
113 cases (88 JAX, 25 NumPy): all 113 agree with gradcli once fourteen of my truths were corrected (below). No finding.

Sweeps by hand: `gradcli sweep jax_lib50b.py:nfw_mass --range x=1e-12:1 --scale log` (17 s): float64 unstable for x
in [1e-12, 8.36e-7] (the subtraction's cancellation, value and gradient to 3.4e-7, the value alone above), ok above.
`gradcli sweep numpy_lib50b.py:debye_loss_naive --range logw=-800:800 --at logtau=0` (9 s): ok below -749.45 (the
exact value is below float64's least number), unstable in [-749.45, -723.27] (exp subnormal), ok to 242.37, then
unstable: the slope subnormal, from 354.9 (w tau)^2 overflows, NaN from 705.47.

What the round taught about its own truths (gradcli was right each time):
- A where "as printed in the papers" whose branches each take sqrt / arccos / arctanh of something signed is wrong at
  every point, not only at its switch: the idle branch is NaN on the other side and leaks through the where
  (nfw_lens_naive, barrier_T_naive, and my own "stable" nfw_lens, whose double where guarded only x = 1).
- JAX's betaln is a series whose slope is not log B's (round 41a): a beta-binomial by it is wrong at ordinary
  concentrations, and unstable where only its value is off.
- A subnormal read as 0 by XLA is named at the operation that reads it (the product), not at the exp that made it.
- jnp.log(3) is an operation of the graph, replayed exactly; a Python float constant (sqrt(3), 0.05) is cast to
  float32 in a float32 run: truths must follow each.
- gradcli.scipy's xlogy rule is 0 where x = 0; JAX's is x / y, NaN at y = 0.

Truths are expressions written here, evaluated by mpmath (2,000 digits), never the user files' code: closed forms,
or central differences with h = 1e-600 of the mathematics restated; the point and the program's own constants as the
dtype holds them. Where a function has a kink, a jump, a pole or a domain's edge there is no derivative (NaN).
"""

import math

import mpmath

from cases import Case
from cases5 import _in, hp
from cases42a import _fixed
from cases45a import cgrad

J, N = "jax_lib50b.py", "numpy_lib50b.py"
NAN = mpmath.nan
mpf = mpmath.mpf


def _c(dtype, *values):
    return _in(dtype, list(values))


# --- NFW ---------------------------------------------------------------------------------------------------------------

def _nfw_mass(x, dtype="float64"):
    """m(x) = ln(1 + x) - x / (1 + x): m'(x) = x / (1 + x)^2."""
    def truth():
        (v,) = _in(dtype, [x])
        return {"x": v / (1 + v) ** 2}
    return hp(truth)


def _lens_F(x):
    """F(x) = artanh(sqrt(1 - x^2)) / sqrt(1 - x^2) below 1, arctan(sqrt(x^2 - 1)) / sqrt(x^2 - 1) above, 1 at 1."""
    if x < 1:
        s = mpmath.sqrt(1 - x * x)
        return mpmath.atanh(s) / s
    if x > 1:
        s = mpmath.sqrt(x * x - 1)
        return mpmath.atan(s) / s
    return mpf(1)


def _lens(x, dtype="float64"):
    return cgrad(_lens_F, dtype, x=x)


# --- radiotherapy ------------------------------------------------------------------------------------------------------

K_LQ = 0.3 + 0.03 * 2.0  # the program's constant, a Python float


def _tcp(dose, log_n0, dtype="float64"):
    """T = exp(-exp(L - K D)): dT/dD = T K e^(L - K D), dT/dL = -T e^(L - K D)."""
    def truth():
        (d, l), (k,) = _in(dtype, [dose, log_n0]), _c(dtype, K_LQ)
        e = mpmath.exp(l - k * d)
        t = mpmath.exp(-e)
        return {"dose": t * k * e, "log_n0": -t * e}
    return hp(truth)


def _geud(doses, dtype="float64", inv_a=None):
    """G = M^(1/a), M = mean d^a: dG/dd_i = (1/a) M^(1/a - 1) a d_i^(a - 1) / n (the exponent as the program holds it)."""
    def truth():
        d = _in(dtype, doses)
        a = mpf(20)
        e = _c(dtype, inv_a)[0] if inv_a is not None else 1 / a
        m = mpmath.fsum(v ** a for v in d) / len(d)
        return {"d": [e * m ** (e - 1) * a * v ** (a - 1) / len(d) for v in d]}
    return hp(truth)


def _geud_lse(doses, dtype="float64"):
    """exp((LSE(a log d) - log n) / a)."""
    def truth():
        d = _in(dtype, doses)
        c = mpmath.log(len(doses))  # jnp.log(3) is an operation of the graph: exact log 3
        g = mpmath.exp((mpmath.log(mpmath.fsum(v ** 20 for v in d)) - c) / 20)
        total = mpmath.fsum(v ** 20 for v in d)
        return {"d": [g * v ** 19 / total for v in d]}
    return hp(truth)


def _lkb(eud, m):
    """log Phi(t), t = (eud - 50) / (50 m): R = phi / Phi; d/d eud = R / (50 m), d/dm = -R (eud - 50) / (50 m^2)."""
    def truth():
        e, mm = _in("float64", [eud, m])
        t = (e - 50) / (50 * mm)
        r = mpmath.npdf(t) / mpmath.ncdf(t)
        return {"eud": r / (50 * mm), "m": -r * (e - 50) / (50 * mm ** 2)}
    return hp(truth)


# --- dielectric relaxation ---------------------------------------------------------------------------------------------

def _debye(logw, logtau, dtype="float64"):
    """eps'' = D / (2 cosh x), x = logw + logtau: slope -D sinh x / (2 cosh^2 x) in both."""
    def truth():
        w, t = _in(dtype, [logw, logtau])
        x = w + t
        g = -75 * mpmath.sinh(x) / (2 * mpmath.cosh(x) ** 2)
        return {"logw": g, "logtau": g}
    return hp(truth)


def _kww(t, log_tau, beta, names=("t", "log_tau", "beta")):
    """phi = exp(-u), u = (t e^-L)^b: dphi/dt = -phi b u / t, dphi/dL = phi b u, dphi/db = -phi u log(t e^-L)."""
    def truth():
        tt, l, b = _in("float64", [t, log_tau, beta])
        u = (tt * mpmath.exp(-l)) ** b
        phi = mpmath.exp(-u)
        out = {"t": -phi * b * u / tt, "log_tau": phi * b * u, "beta": -phi * u * mpmath.log(tt * mpmath.exp(-l))}
        return {k: out[k] for k in names}
    return hp(truth)


def _kww_mean(log_tau, beta):
    """log tau - log b + lgamma(1/b): d/dL = 1, d/db = -1/b - psi(1/b) / b^2."""
    def truth():
        (b,) = _in("float64", [beta])
        return {"log_tau": mpf(1), "beta": -1 / b - mpmath.digamma(1 / b) / b ** 2}
    return hp(truth)


# --- Bayesian count models ---------------------------------------------------------------------------------------------

BB_K, BB_N = [3, 7, 0], [10, 12, 5]


def _bb(log_a, log_b, wrt=("params.log_a", "params.log_b")):
    """sum lnB(k + a, n - k + b) - lnB(a, b): d/d log a = a sum [psi(k+a) - psi(n+a+b) - psi(a) + psi(a+b)]."""
    def truth():
        la, lb = _in("float64", [log_a, log_b])
        a, b = mpmath.exp(la), mpmath.exp(lb)
        psi = mpmath.digamma
        ga = a * mpmath.fsum(psi(k + a) - psi(n + a + b) - psi(a) + psi(a + b) for k, n in zip(BB_K, BB_N))
        gb = b * mpmath.fsum(psi(n - k + b) - psi(n + a + b) - psi(b) + psi(a + b) for k, n in zip(BB_K, BB_N))
        out = {"params.log_a": ga, "params.log_b": gb, "log_a": ga, "log_b": gb}
        return {k: out[k] for k in wrt}
    return hp(truth)


X_DM = [4, 0, 9]


def _dirmult(log_conc, p):
    """lgamma(A) - lgamma(A + N) + sum lgamma(x + alpha) - lgamma(alpha), alpha = e^c p, A = sum alpha."""
    def truth():
        (c,), pp = _in("float64", [log_conc]), _in("float64", p)
        s = mpmath.exp(c)
        al = [s * v for v in pp]
        A, n = mpmath.fsum(al), sum(X_DM)
        psi = mpmath.digamma
        common = psi(A) - psi(A + n)
        gp = [s * (common + psi(x + a) - psi(a)) for x, a in zip(X_DM, al)]
        gc = A * common + mpmath.fsum(a * (psi(x + a) - psi(a)) for x, a in zip(X_DM, al))
        return {"log_conc": gc, "p": gp}
    return hp(truth)


COUNTS = [5, 0, 2]


def _multinomial(logits):
    """sum c_i log softmax(z)_i: d/dz_i = c_i - (sum c) softmax_i."""
    def truth():
        z = _in("float64", logits)
        top = max(z)
        e = [mpmath.exp(v - top) for v in z]
        s = mpmath.fsum(e)
        return {"logits": [c - sum(COUNTS) * v / s for c, v in zip(COUNTS, e)]}
    return hp(truth)


# --- rectangular barrier -----------------------------------------------------------------------------------------------

def _sinhc2(z):
    if z > 0:
        r = mpmath.sqrt(z)
        return (mpmath.sinh(r) / r) ** 2
    if z < 0:
        r = mpmath.sqrt(-z)
        return (mpmath.sin(r) / r) ** 2
    return mpf(1)


def _T(E, a):
    """1 / (1 + V0^2 a^2 S((V0 - E) a^2) / (4E)), S analytic: sinh^2 below the barrier, sin^2 above."""
    return 1 / (1 + 100 * a * a * _sinhc2((10 - E) * a * a) / (4 * E))


def _barrier(E, a, dtype="float64"):
    return cgrad(_T, dtype, E=E, a=a)


def _barrier_log(E, a):
    """log T below the barrier, restated: -log(1 + V0^2 sinh^2(k a) / (4 E (V0 - E)))."""
    def f(E, a):
        k = mpmath.sqrt(10 - E)
        return -mpmath.log1p(100 * mpmath.sinh(k * a) ** 2 / (4 * E * (10 - E)))
    return cgrad(f, E=E, a=a)


# --- Matern ------------------------------------------------------------------------------------------------------------

S3 = mpmath.sqrt(3)


def _matern32(x, y, log_ell, dtype="float64"):
    """k(r) = (1 + s r) e^(-s r), r = |x - y| / l: dk/dr = -s^2 r e^(-s r)."""
    def truth():
        xx, yy, l = _in(dtype, [x, y, log_ell])
        (s3,) = _c(dtype, math.sqrt(3.0))  # the program's SQRT3 as the dtype holds it
        ell = mpmath.exp(l)
        r = abs(xx - yy) / ell
        dk = -s3 ** 2 * r * mpmath.exp(-s3 * r)
        sgn = mpmath.sign(xx - yy)
        return {"x": dk * sgn / ell, "y": -dk * sgn / ell, "log_ell": -dk * r}
    return hp(truth)


def _both(file, function, at, truth_of, dtypes=("float64", "float32")):
    return [Case(file, function, at, d, "ok", truth_of(d)) for d in dtypes]


JAX = [
    # --- NFW mass
    *_both(J, "nfw_mass", "x=1", lambda d: _nfw_mass(1.0, d)),
    # log(1 + 1e-10) keeps ~6 digits of a value 5e-21 that is the difference of two 1e-10's
    Case(J, "nfw_mass_naive", "x=1e-10", "float64", "unstable", _nfw_mass(1e-10), "jnp.log(1.0 + x) - x / (1.0 + x)"),
    # log1p cures the first rounding but not the cancellation x - x^2/2 - (x - x^2)
    Case(J, "nfw_mass", "x=1e-10", "float64", "unstable", _nfw_mass(1e-10), "jnp.log1p(x) - x / (1.0 + x)"),
    Case(J, "nfw_mass_series", "x=1e-10", "float64", "ok", _nfw_mass(1e-10)),
    Case(J, "nfw_mass_series", "x=1e-300", "float64", "ok", _nfw_mass(1e-300)),
    # 5e-324 is read as 0 by XLA; the slope 4.9e-324 is below float64's least normal number
    Case(J, "nfw_mass_series", "x=5e-324", "float64", "ok", _nfw_mass(5e-324)),
    Case(J, "nfw_mass_series", "x=2", "float64", "ok", _nfw_mass(2.0)),
    # the truncated series and the closed form differ by -8e-19 at the switch: a jump
    Case(J, "nfw_mass_series", "x=0.001", "float64", "domain", _fixed({"x": NAN})),
    # --- NFW lensing
    # each idle branch of the printed three cases is NaN on the other side (arccos(1/x) of 2, sqrt(1 - x^2) of -8),
    # and its NaN leaks through the where: wrong everywhere, not only at 1
    Case(J, "nfw_lens_naive", "x=0.5", "float64", "wrong", _lens(0.5),
         "jnp.where(x > 1.0, jnp.arccos(1.0 / x) / jnp.sqrt(x ** 2 - 1.0), 1.0))"),
    Case(J, "nfw_lens_naive", "x=3", "float64", "wrong", _lens(3.0),
         "return jnp.where(x < 1.0, jnp.arccosh(1.0 / x) / jnp.sqrt(1.0 - x ** 2),"),
    # F is analytic at 1 (slope -2/3); the constant branch gives 0 and the others 0/0 leak NaN
    Case(J, "nfw_lens_naive", "x=1", "float64", "wrong", _fixed({"x": mpf(-2) / 3})),
    # 1/x rounds 1 + 2^-53 up to 1 + 2^-52 (the value off by 41%), but the idle branches' NaN comes first: wrong
    Case(J, "nfw_lens_naive", "x=0.9999999999999999", "float64", "wrong", _lens(0.9999999999999999)),
    Case(J, "nfw_lens", "x=1", "float64", "ok", _fixed({"x": mpf(-2) / 3})),
    Case(J, "nfw_lens", "x=0.9999999999999999", "float64", "ok", _lens(0.9999999999999999)),
    Case(J, "nfw_lens", "x=0.5", "float64", "ok", _lens(0.5)),
    # the double where guards x = 1 only: the inner single where's idle arctanh(sqrt 8) is NaN and leaks
    Case(J, "nfw_lens", "x=3", "float32", "wrong", _lens(3.0, "float32"),
         "far = jnp.where(xf < 1.0, jnp.arctanh(s) / s, jnp.arctan(s) / s)"),
    Case(J, "nfw_lens", "x=0.25", "float32", "ok", _lens(0.25, "float32")),
    # --- tumour control
    Case(J, "tcp", "dose=70,log_n0=23", "float64", "ok", _tcp(70.0, 23.0)),
    Case(J, "tcp_naive", "dose=70,log_n0=23", "float64", "ok", _tcp(70.0, 23.0)),
    # SF = e^-720 is subnormal, flushed to 0 by XLA: N0 SF = e^-30, slopes 3.4e-14 and -9.4e-14 lost, at the exp
    Case(J, "tcp_naive", "dose=2000,log_n0=690", "float64", "unstable", _tcp(2000.0, 690.0),
         "sf = jnp.exp(-dose * K_LQ)"),
    Case(J, "tcp", "dose=2000,log_n0=690", "float64", "ok", _tcp(2000.0, 690.0)),
    # TCP = exp(-e^20) = 10^-2.1e8: slopes far below float64
    Case(J, "tcp", "dose=0,log_n0=20", "float64", "ok", _tcp(0.0, 20.0)),
    Case(J, "tcp_naive", "dose=0.0,log_n0=20", "float64", "ok", _tcp(0.0, 20.0)),
    # --- gEUD
    Case(J, "geud_naive", "d=[60,80,85]", "float64", "ok", _geud([60, 80, 85], inv_a=0.05)),
    # 85^20 = 3.9e38 overflows float32
    Case(J, "geud_naive", "d=[60,80,85]", "float32", "unstable", _geud([60, 80, 85], "float32", inv_a=0.05),
         "return jnp.mean(d ** A_GEUD) ** (1.0 / A_GEUD)"),
    Case(J, "geud", "d=[60,80,85]", "float32", "ok", _geud_lse([60, 80, 85], "float32")),
    Case(J, "geud", "d=[60,80,85]", "float64", "ok", _geud_lse([60, 80, 85])),
    # --- LKB
    Case(J, "lkb_log_ntcp", "eud=45,m=0.1", "float64", "ok", _lkb(45.0, 0.1)),
    # Phi(-40) = 3.7e-350 underflows: log(0)
    Case(J, "lkb_log_ntcp_naive", "eud=10,m=0.02", "float64", "unstable", _lkb(10.0, 0.02),
         "return jnp.log(ndtr((eud - TD50) / (m * TD50)))", "log_ndtr("),
    Case(J, "lkb_log_ntcp", "eud=10,m=0.02", "float64", "ok", _lkb(10.0, 0.02)),
    # --- Debye
    Case(J, "debye_loss_naive", "logw=1,logtau=0.5", "float64", "ok", _debye(1.0, 0.5)),
    # (w tau)^2 = e^800 overflows: eps'' = 0 where it is 1.4e-172
    Case(J, "debye_loss_naive", "logw=400,logtau=0", "float64", "unstable", _debye(400.0, 0.0)),
    Case(J, "debye_loss_naive", "logw=50,logtau=0", "float32", "unstable", _debye(50.0, 0.0, "float32")),
    # JAX's quotient rule forms cosh^-2 = 1.4e-347, which underflows: the slope -1.4e-172 comes out 0
    Case(J, "debye_loss_cosh", "logw=400,logtau=0", "float64", "unstable", _debye(400.0, 0.0)),
    # cosh(800) = inf: 0 * sinh(800) = NaN where the slope 10^-347 rounds to 0
    Case(J, "debye_loss_cosh", "logw=800,logtau=0", "float64", "unstable", _debye(800.0, 0.0)),
    Case(J, "debye_loss_cosh", "logw=1,logtau=0.5", "float64", "ok", _debye(1.0, 0.5)),
    Case(J, "debye_loss", "logw=400,logtau=0", "float64", "ok", _debye(400.0, 0.0)),
    Case(J, "debye_loss", "logw=800,logtau=0", "float64", "ok", _debye(800.0, 0.0)),
    Case(J, "debye_loss", "logw=-800,logtau=0", "float64", "ok", _debye(-800.0, 0.0)),
    # |x| at 0 inside an even smooth function: slope 0 from both sides
    Case(J, "debye_loss", "logw=0,logtau=0", "float64", "ok", _debye(0.0, 0.0)),
    Case(J, "debye_loss", "logw=50,logtau=0", "float32", "ok", _debye(50.0, 0.0, "float32")),
    # --- KWW
    Case(J, "kww", "t=2,log_tau=0.5,beta=0.7", "float64", "ok", _kww(2.0, 0.5, 0.7)),
    Case(J, "kww", "t=1e-300,log_tau=0,beta=0.5", "float64", "ok", _kww(1e-300, 0.0, 0.5)),
    # (t / tau)^b at t = 0: no real power for t < 0, an infinite slope from the right
    Case(J, "kww", "t=0.0,log_tau=0.0,beta=0.5", "float64", "domain", _fixed({"t": NAN}), wrt="t"),
    # phi = 1 for every tau at t = 0: slope 0, but pow's rule b 0^(b-1) = inf times 0
    Case(J, "kww", "t=0.0,log_tau=0.0,beta=0.50", "float64", "wrong", _fixed({"log_tau": 0}), wrt="log_tau"),
    Case(J, "kww_log", "t=0.0,log_tau=0.0,beta=0.5", "float64", "ok", _fixed({"log_tau": 0}), wrt="log_tau"),
    Case(J, "kww_log", "t=2,log_tau=0.5,beta=0.7", "float64", "ok", _kww(2.0, 0.5, 0.7)),
    # Gamma(200) = 3.9e372 overflows: log(inf)
    Case(J, "kww_mean_log_naive", "log_tau=0,beta=0.005", "float64", "unstable", _kww_mean(0.0, 0.005)),
    Case(J, "kww_mean_log_naive", "log_tau=0.3,beta=0.5", "float64", "ok", _kww_mean(0.3, 0.5)),
    Case(J, "kww_mean_log", "log_tau=0,beta=0.005", "float64", "ok", _kww_mean(0.0, 0.005)),
    # --- beta-binomial
    # JAX's betaln (b >= 8: 10.3 here) is its series, whose slope is not log B's at any precision (round 41a): wrong
    Case(J, "betabinom_ll", None, "float64", "wrong", _bb(0.5, 1.2), "return jnp.sum(betaln(k + a, n - k + b) - betaln(a, b))",
         args="bb_args", wrt="params"),
    # a = b = 2.4e17: lnB(k + a, n - k + b) and lnB(a, b) are -1.6e17 each; their difference -36 keeps no digit
    Case(J, "betabinom_ll", None, "float64", "unstable", _bb(40.0, 40.0), args="bb_flat_args", wrt="params"),
    Case(J, "betabinom_ll_poch", None, "float64", "ok", _bb(40.0, 40.0), args="bb_flat_args", wrt="params"),
    Case(J, "betabinom_ll_poch", None, "float64", "ok", _bb(0.5, 1.2), args="bb_args", wrt="params"),
    # the slope in log a is 2 (a psi(a) = -1 per term), right; JAX's betaln(3, 8) value is 2.3e-7 off: unstable
    Case(J, "betabinom_ll", None, "float64", "unstable", _bb(-690.0, 0.0, ("params.log_a",)), args="bb_sharp_args",
         wrt="params.log_a"),
    Case(J, "betabinom_ll_poch", None, "float64", "ok", _bb(-690.0, 0.0), args="bb_sharp_args", wrt="params"),
    # --- multinomial
    Case(J, "multinomial_ll_naive", "logits=[0.5,-1,0.2]", "float64", "ok", _multinomial([0.5, -1.0, 0.2])),
    # softmax's middle entry e^-801 underflows: xlogy's rule 0 / 0 where the slope is 10^-348
    Case(J, "multinomial_ll_naive", "logits=[0,-800,1]", "float64", "unstable", _multinomial([0.0, -800.0, 1.0])),
    Case(J, "multinomial_ll", "logits=[0,-800,1]", "float64", "ok", _multinomial([0.0, -800.0, 1.0])),
    # --- rectangular barrier
    # both branches take sqrt of a signed d: the idle one is sqrt of a negative, and its NaN leaks through the where
    Case(J, "barrier_T_naive", "E=5,a=1", "float64", "wrong", _barrier(5.0, 1.0),
         "s = jnp.where(d > 0, jnp.sinh(jnp.sqrt(d) * a) ** 2 / d, jnp.sin(jnp.sqrt(-d) * a) ** 2 / -d)"),
    Case(J, "barrier_T_naive", "E=15,a=1", "float64", "wrong", _barrier(15.0, 1.0)),
    # at E = V0 the chosen branch is sin(0)^2 / 0: the program has no value there
    Case(J, "barrier_T_naive", "E=10,a=1", "float64", "domain", _fixed({"E": NAN, "a": NAN})),
    # sinh(400)^2 overflows (T = 0, d/dE 0 * inf), but the idle branch's NaN is there first: wrong
    Case(J, "barrier_T_naive", "E=9,a=400", "float64", "wrong", _barrier(9.0, 400.0)),
    Case(J, "barrier_T", "E=10,a=1", "float64", "ok", _barrier(10.0, 1.0)),
    Case(J, "barrier_T", "E=9.99999,a=1", "float64", "ok", _barrier(9.99999, 1.0)),
    Case(J, "barrier_T", "E=5,a=1", "float32", "ok", _barrier(5.0, 1.0, "float32")),
    Case(J, "barrier_T", "E=15,a=2", "float64", "ok", _barrier(15.0, 2.0)),
    Case(J, "barrier_T", "E=9,a=400", "float64", "unstable", _barrier(9.0, 400.0)),
    Case(J, "barrier_log_T", "E=9,a=400", "float64", "ok", _barrier_log(9.0, 400.0)),
    Case(J, "barrier_log_T", "E=9,a=1", "float64", "ok", _barrier_log(9.0, 1.0)),
    # T = 10^-346: slopes below float64, 0 their rounding
    Case(J, "barrier_T_log", "E=9,a=400", "float64", "ok", _barrier(9.0, 400.0)),
    Case(J, "barrier_T_log", "E=9,a=4000", "float64", "ok", _barrier(9.0, 4000.0)),
    Case(J, "barrier_log_T_rule", "E=9,a=1", "float64", "ok", _barrier_log(9.0, 1.0)),
    Case(J, "barrier_log_T_rule", "E=9,a=400", "float64", "ok", _barrier_log(9.0, 400.0)),
    Case(J, "barrier_log_T_rule_bad", "E=9,a=1", "float64", "wrong", _barrier_log(9.0, 1.0), "def log_sinh_bad_jvp"),
    # tanh(400) and coth(400) differ by 10^-347: the slip cannot show
    Case(J, "barrier_log_T_rule_bad", "E=9,a=400", "float64", "ok", _barrier_log(9.0, 400.0)),
    # --- Matern
    Case(J, "matern32", "x=0.3,y=1.1,log_ell=-0.2", "float64", "ok", _matern32(0.3, 1.1, -0.2)),
    Case(J, "matern32", "x=0.3,y=1.1,log_ell=-0.2", "float32", "ok", _matern32(0.3, 1.1, -0.2, "float32")),
    # sqrt(d^2) at d = 0: sqrt's slope inf times the upstream 0; the kernel is smooth there (slope 0)
    Case(J, "matern32_naive", "x=0.3,y=0.3,log_ell=0", "float64", "wrong", _fixed({"x": 0, "y": 0, "log_ell": 0}),
         "r = jnp.sqrt((x - y) ** 2) / jnp.exp(log_ell)"),
    Case(J, "matern32", "x=0.3,y=0.3,log_ell=0", "float64", "ok", _fixed({"x": 0, "y": 0, "log_ell": 0})),
    # e^(-|x - y|) has a kink at x = y; the length scale moves nothing there
    Case(J, "matern12", "x=0.3,y=0.3,log_ell=0", "float64", "domain", _fixed({"x": NAN, "y": NAN, "log_ell": 0})),
    # --- input errors
    Case(J, "nfw_mas", "x=1", "float64", "input-error", message=("nfw_mas",)),
    Case(J, "tcp", "dose=70,log_n=23", "float64", "input-error", message=("log_n",)),
    Case(J, "kww", "t=2,log_tau=0.5", "float64", "input-error", message=("beta",)),
    Case(J, "debye_loss", "logw=1e400,logtau=0", "float64", "input-error", message=("1e400",)),
    Case(J, "betabinom_ll", None, "float64", "input-error", args="bb_argz", message=("bb_argz",)),
    Case(J, "betabinom_ll", None, "float32", "input-error", args="bb_args", wrt="params.log_c", message=("log_c",)),
]

NUMPY = [
    Case(N, "nfw_mass_naive", "x=1e-10", "float64", "unstable", _nfw_mass(1e-10), "np.log(1.0 + x) - x / (1.0 + x)"),
    Case(N, "nfw_mass", "x=1", "float64", "ok", _nfw_mass(1.0)),
    Case(N, "nfw_lens_naive", "x=1", "float64", "wrong", _fixed({"x": mpf(-2) / 3})),
    Case(N, "nfw_lens_naive", "x=0.5", "float64", "wrong", _lens(0.5)),
    # NumPy keeps SF = e^-738 as a subnormal of 10 bits: the slopes keep 3 digits
    Case(N, "tcp_naive", "dose=2050,log_n0=708", "float64", "unstable", _tcp(2050.0, 708.0), "sf = np.exp(-dose * K_LQ)"),
    Case(N, "tcp", "dose=2050,log_n0=708", "float64", "ok", _tcp(2050.0, 708.0)),
    Case(N, "geud", "d=[60,80,85]", "float64", "ok", _geud_lse([60, 80, 85])),
    Case(N, "geud_naive", "d=[60,80,85]", "float64", "ok", _geud([60, 80, 85], inv_a=0.05)),
    Case(N, "lkb_log_ntcp_naive", "eud=10,m=0.02", "float64", "unstable", _lkb(10.0, 0.02),
         "return np.log(special.ndtr((eud - TD50) / (m * TD50)))", "special.log_ndtr("),
    Case(N, "lkb_log_ntcp", "eud=10,m=0.02", "float64", "ok", _lkb(10.0, 0.02)),
    Case(N, "debye_loss_naive", "logw=400,logtau=0", "float64", "unstable", _debye(400.0, 0.0)),
    Case(N, "debye_loss", "logw=400,logtau=0", "float64", "ok", _debye(400.0, 0.0)),
    Case(N, "debye_loss", "logw=0,logtau=0", "float64", "ok", _debye(0.0, 0.0)),
    Case(N, "betabinom_ll", "log_a=0.5,log_b=1.2", "float64", "ok", _bb(0.5, 1.2, ("log_a", "log_b"))),
    Case(N, "betabinom_ll", "log_a=40,log_b=40", "float64", "unstable", _bb(40.0, 40.0, ("log_a", "log_b"))),
    Case(N, "betabinom_ll_stats", "log_a=0.5,log_b=1.2", "float64", "input-error", message=("betabinom",)),
    Case(N, "dirmult_ll", "log_conc=0.5,p=[0.2,0.3,0.5]", "float64", "ok", _dirmult(0.5, [0.2, 0.3, 0.5])),
    # A = 2.4e17: lgamma(A) - lgamma(A + 13) and the digamma differences cancel every digit
    Case(N, "dirmult_ll", "log_conc=40,p=[0.2,0.3,0.5]", "float64", "unstable", _dirmult(40.0, [0.2, 0.3, 0.5])),
    # gradcli.scipy's xlogy rule is 0 where x = 0 (JAX's is x / y = 0 / 0): the lost 10^-348 is no float64 number
    Case(N, "multinomial_ll_naive", "logits=[0,-800,1]", "float64", "ok", _multinomial([0.0, -800.0, 1.0])),
    Case(N, "multinomial_ll", "logits=[0,-800,1]", "float64", "ok", _multinomial([0.0, -800.0, 1.0])),
    Case(N, "barrier_T_naive", "E=5,a=1", "float64", "ok", _barrier(5.0, 1.0)),
    Case(N, "barrier_T_naive", "E=9,a=400", "float64", "unstable", _barrier(9.0, 400.0)),
    Case(N, "barrier_log_T", "E=9,a=400", "float64", "ok", _barrier_log(9.0, 400.0)),
    Case(N, "matern32_naive", "x=0.3,y=0.3,log_ell=0", "float64", "wrong", _fixed({"x": 0, "y": 0, "log_ell": 0}),
         "r = np.sqrt((x - y) ** 2) / np.exp(log_ell)"),
    Case(N, "matern32", "x=0.3,y=0.3,log_ell=0", "float64", "ok", _fixed({"x": 0, "y": 0, "log_ell": 0})),
]

ALL = JAX + NUMPY
