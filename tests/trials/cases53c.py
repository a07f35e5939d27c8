"""The fifty-third trial set (third part): a third probe of issue 27's classes, aimed where rounds 51c and 52c were
not:

- library-style log-likelihoods as users write them with gradcli.numpy / gradcli.scipy.special and as plain NumPy /
  SciPy modules: negative binomial at a count of 1e15, r = 1e300 and p = 1e-300; beta-binomial at concentrations
  1e300 (betaln(3 + a, 7 + b) - betaln(a, b) with 3 + 1e300 = 1e300: the value lost, unstable) and 1e-300; Student-t
  at x = 1e300 (x * x overflows), x = 1e-300, nu = 1e300 (gammaln((nu + 1)/2) - gammaln(nu/2) = 0 for 345); von
  Mises with log i0e at kappa = 1e300 and 1e-300; Dirichlet at alpha = 1e300 with x = 1/3 (psi(3e300) - psi(1e300) +
  log(1/3) = -5.6e-17 lost to digamma's rounding: unstable); Poisson by log-rate at -800 / 709 and by rate at a count
  of 1e15 (k/lam - 1 at lam = 1e15 exactly 0, at the next double -1.25e-16 cancelled, at 1e-300 a slope of 1e315:
  domain); a zero-inflated Poisson's log P(0) by logaddexp of log-probabilities at -800 and at eta = 800 (e^800
  overflows; the exact slope -e^800 e^-e^800 / ...); a Tweedie-like unit deviance at its stationary point log 2 (a
  cancelled 3e-17) and at -1500 (e^750: beyond float64); Gumbel at +-700 / 800 and scale 1e-300;
- stable helpers: log1mexp by its two branches (at -800, -1e-300, -5e-324, on its switch -log 2, at 0), logdiffexp,
  softplus-inverse, log-sigmoid by -logaddexp(0, -x), logit(expit(x)) (40, -800: unstable), a max-shifted logsumexp
  over rows with keepdims, log-mean-exp, logcumsumexp by logaddexp.accumulate, logsumexp by np.logaddexp.reduce, and
  a NumPy function gradcli.numpy does not have (np.nextafter: a clear input error);
- two-argument ops: arctan2 at (1e-300, 1e-300), (5e-324, 1), (1e300, 1e300) and on its branch cut (0, -1); hypot
  at (5e-324, 5e-324) (the value's subnormal rounding moves x/h from 0.707 to 1: unstable), at the 3-4-5 subnormals
  (3e-320, 4e-320) (exact: ok), 1e300 and 0; copysign, maximum + 2 minimum and fmax at tiny separations and ties;
  power and float_power at x = 1e-300 with y = 1e-3, 1, 300 and at a negative base; x * 1e-300 * 1e300;
- reductions mixed with where / abs / clip: mean |x|, prod, linalg.norm with ord 1, 2, inf, var / std with ddof = 1
  at points spanning subnormals, 1e-300 .. 1e300 and -700 .. 800;
- float32: log1mexp, softplus-inverse, arctan2, hypot, Student-t, power, exp, log-sigmoid and var at float32's tiny
  and overflowing numbers.

Truths are the mathematics written here in mpmath at 2,000 digits (negative binomial's psi(k + r) - psi(r) + log p,
Student-t's nu-slope from digamma, von Mises' cos x - I1/I0, Dirichlet's psi(sum a) - psi(a_i) + log x_i, the
zero-inflated Poisson's s(w) s(-w) (1 - e^-lam) / (A + B), log1mexp's -1/(e^-x - 1), arctan2's (x, -y)/(x^2 + y^2),
...), never the user files' code; points and program constants as the dtype holds them.

148 cases (65 on gradcli.numpy/scipy log-likelihoods and helpers, 47 two-argument ops and reductions, 21 plain
NumPy/SciPy with one input error, 14 float32, 4 of a second pass; 96 ok, 32 unstable, 19 domain, 1 input-error), run
two at a time through the CLI: all 148 agree, after the truths corrected below; none took over 5 s. The exact
reference was right at every point, to 1e-10 relative and on the digits shown: tiny exact gradients by their digits
(e^-1600 shares, 3e-89698 from 1e-300^300, 10^-(1.18e347) from the zero-inflated Poisson at eta = 800), zeros proven
(k/lam - 1 at lam = 1e15), slopes beyond the dtype called domain (1e315, 1e323, 2e323, 7e44 in float32), kinks the
point's own (maximum + 2 minimum at 5e-324 / 0, copysign, clip, norm ord 1 / inf, arctan2's branch cut at (0, -1)),
and np.nextafter refused with a clear message naming `gradcli ops`.

Found by this round: nothing.

Truths the round corrected in itself, gradcli right each time: the "stable" two-branch log1mexp at -1e-300 (and
logdiffexp(0, -1e-300), float32's log1mexp at -1e-30): its untaken branch log1p(-exp x) is log1p(-1) = -inf in the
dtype only (exp rounds to 1), and its slope 0 / 0 leaks a NaN through the where: a NaN of rounding, unstable, not
wrong (the double-where form is ok). Poisson by rate at lam = 1e15: the slope is 0 exactly, but the value -18.4 is
3.45e16 - 1e15 - 3.35e16 cancelling to -20: unstable. log-mean-exp of [1e-300, -1e-300, 0]: max + log(mean) gives
1e-300 where the value is 3.3e-601: unstable. arctan2's rule does not form x^2 + y^2 in the dtype: at (1e-300,
1e-300), (1e300, 1e300) and float32's (1e-30, 1e-30) its slopes are right: ok. clip to [-1e-300, 1e-300] then sum
absorbs the 5e-324: unstable. A smooth abs 0.5 * x * x / 1e-300 at 5e-324: 0.5 * x rounds to 0 and the product rule
keeps half the slope: unstable. float32 var of [1e-20, 2e-20, 4e-20]: a 166-unit subnormal value, off 3e-6, within
float32's 1e-4: ok. von Mises at x = 0, kappa = 1e300: the slope 5e-301 comes out 0: unstable.
"""

import mpmath

from cases import Case
from cases5 import _in, hp
from cases21c import _at
from cases40c import _closed

G, N, T, F32, M = "gn_lib53c.py", "np_lib53c.py", "twoarg_lib53c.py", "f32_lib53c.py", "missing_lib53c.py"
NAN = mpmath.nan
mpf = mpmath.mpf
psi = mpmath.digamma


def _f(value, dtype="float64"):
    return _in(dtype, [value])[0]


def _slope(name, value, slope, dtype="float64"):
    return hp(lambda: {name: slope(_f(value, dtype))})


def _const(**slopes):
    return hp(lambda: {k: (v() if callable(v) else v) for k, v in slopes.items()})


def _sig(x):
    return 1 / (1 + mpmath.exp(-x))


# --- the mathematics, written here -----------------------------------------------------------------------------------

def _negbin(r, p, k):
    """log C(k + r - 1, k) + r log p + k log(1 - p)."""
    return {"r": psi(k + r) - psi(r) + mpmath.log(p), "p": r / p - k / (1 - p),
            "k": psi(k + r) - psi(k + 1) + mpmath.log(1 - p)}


def _betabinom(a, b, n=mpf(10), k=mpf(3)):
    """log C(n, k) + log B(k + a, n - k + b) - log B(a, b)."""
    return {"a": psi(k + a) - psi(n + a + b) - psi(a) + psi(a + b),
            "b": psi(n - k + b) - psi(n + a + b) - psi(b) + psi(a + b)}


def _student_t(x, nu):
    """log Gamma((nu+1)/2) - log Gamma(nu/2) - log(nu pi)/2 - (nu+1)/2 log(1 + x^2/nu)."""
    return {"x": -(nu + 1) * x / (nu + x * x),
            "nu": (psi((nu + 1) / 2) - psi(nu / 2)) / 2 - 1 / (2 * nu) - mpmath.log(1 + x * x / nu) / 2
            + (nu + 1) / 2 * x * x / (nu * (nu + x * x))}


def _von_mises(x, kappa):
    """kappa cos x - log(2 pi I0(kappa)): -kappa sin x and cos x - I1/I0."""
    return {"x": -kappa * mpmath.sin(x), "kappa": mpmath.cos(x) - mpmath.besseli(1, kappa) / mpmath.besseli(0, kappa)}


def _dirichlet(a, x):
    s = mpmath.fsum(a)
    return {"a": [psi(s) - psi(ai) + mpmath.log(xi) for ai, xi in zip(a, x)],
            "x": [(ai - 1) / xi for ai, xi in zip(a, x)]}


def _zip_zero(w, eta):
    """log(s(w) + s(-w) e^-lam), lam = e^eta."""
    lam = mpmath.exp(eta)
    a, b = _sig(w), _sig(-w) * mpmath.exp(-lam)
    return {"w": _sig(w) * _sig(-w) * (1 - mpmath.exp(-lam)) / (a + b), "eta": -lam * b / (a + b)}


def _gumbel(x, mu, beta):
    z = (x - mu) / beta
    e = mpmath.exp(-z)
    return {"x": (e - 1) / beta, "mu": (1 - e) / beta, "beta": (z * (1 - e) - 1) / beta}


def _log1mexp_slope(x):
    """log(1 - e^x), x < 0: -1/(e^-x - 1)."""
    return -1 / (mpmath.exp(-x) - 1)


def _logdiffexp(a, b):
    """log(e^a - e^b)."""
    return {"a": 1 / (1 - mpmath.exp(b - a)), "b": -1 / (mpmath.exp(a - b) - 1)}


def _softmax(zs):
    top = max(zs)
    e = [mpmath.exp(z - top) for z in zs]
    s = mpmath.fsum(e)
    return [v / s for v in e]


def _lse_rows(z):
    return {"z": [_softmax(row) for row in z]}


def _cum_lse(z):
    """sum_k log sum_{j <= k} e^z_j: dz_i = sum_{k >= i} softmax(z[:k+1])_i."""
    out = [mpf(0)] * len(z)
    for k in range(len(z)):
        s = _softmax(z[:k + 1])
        for i in range(k + 1):
            out[i] += s[i]
    return {"z": out}


def _atan2(y, x):
    r = x * x + y * y
    return {"y": x / r, "x": -y / r}


def _hypot(x, y):
    h = mpmath.sqrt(x * x + y * y)
    return {"x": x / h, "y": y / h}


def _power(x, y):
    return {"x": y * x ** (y - 1), "y": x ** y * mpmath.log(x)}


def _sign_over(n):
    return lambda x: {"x": [mpmath.sign(v) / n for v in x]}


def _prod(x):
    out = []
    for i in range(len(x)):
        p = mpf(1)
        for j, v in enumerate(x):
            if j != i:
                p *= v
        out.append(p)
    return {"x": out}


def _norm2(x):
    n = mpmath.sqrt(mpmath.fsum(v * v for v in x))
    return {"x": [v / n for v in x]}


def _var_ddof1(x):
    n = len(x)
    m = mpmath.fsum(x) / n
    return {"x": [2 * (v - m) / (n - 1) for v in x]}


def _std_ddof1(x):
    n = len(x)
    m = mpmath.fsum(x) / n
    s = mpmath.sqrt(mpmath.fsum((v - m) ** 2 for v in x) / (n - 1))
    return {"x": [(v - m) / ((n - 1) * s) for v in x]}


def _mixed(x):
    """mean(x > 0 ? log1p x : -expm1(-x)) + |x|_1 / 3."""
    n = len(x)
    return {"x": [(1 / (1 + v) if v > 0 else mpmath.exp(-v)) / n + mpmath.sign(v) / 3 for v in x]}


def _under_and_back(x):
    return {"x": _f(1e-300) * _f(1e300)}


# --- cases -----------------------------------------------------------------------------------------------------------

LN2 = 0.6931471805599453
THIRD = 0.3333333333333333
NEXT_1E15 = 1000000000000000.1  # 1e15 + 0.125, the double after 1e15

GN = [
    # negative binomial: a count of 1e15 (digamma's 1.5e-15 difference under log 0.7), r = 1e300, p = 1e-300
    Case(G, "negbin_ll", _at(r=2.5, p=0.3, k=1e15), "float64", "ok", _closed(_negbin, r=2.5, p=0.3, k=1e15)),
    Case(G, "negbin_ll", _at(r=1e300, p=0.5, k=3), "float64", "ok", _closed(_negbin, r=1e300, p=0.5, k=3)),
    Case(G, "negbin_ll", _at(r=2.5, p=1e-300, k=3), "float64", "ok", _closed(_negbin, r=2.5, p=1e-300, k=3)),
    Case(G, "negbin_ll", _at(r=1e-300, p=0.5, k=1e15), "float64", "ok", _closed(_negbin, r=1e-300, p=0.5, k=1e15)),
    # beta-binomial: 3 + 1e300 = 1e300, betaln(a, b) - betaln(a, b) = 0 where the value is 10 log(1/2) + ...
    Case(G, "betabinom_ll", _at(a=1e300, b=1e300), "float64", "unstable", _closed(_betabinom, a=1e300, b=1e300)),
    Case(G, "betabinom_ll", _at(a=0.5, b=1e-300), "float64", "ok", _closed(_betabinom, a=0.5, b=1e-300)),
    Case(G, "betabinom_ll", _at(a=2, b=3), "float64", "ok", _closed(_betabinom, a=2, b=3)),
    # Student-t: x * x overflows at 1e300 (value -inf), underflows harmlessly at 1e-300; nu = 1e300 loses 345
    Case(G, "student_t_ll", _at(x=1e300, nu=3), "float64", "unstable", _closed(_student_t, x=1e300, nu=3)),
    Case(G, "student_t_ll", _at(x=1e-300, nu=3), "float64", "ok", _closed(_student_t, x=1e-300, nu=3)),
    Case(G, "student_t_ll", _at(x=800, nu=3), "float64", "ok", _closed(_student_t, x=800, nu=3)),
    Case(G, "student_t_ll", _at(x=1, nu=1e300), "float64", "unstable", _closed(_student_t, x=1, nu=1e300)),
    Case(G, "student_t_ll", _at(x=1e-300, nu=1e-300), "float64", "ok", _closed(_student_t, x=1e-300, nu=1e-300)),
    # von Mises by log i0e
    Case(G, "von_mises_ll", _at(x=1, kappa=1e300), "float64", "ok", _closed(_von_mises, x=1, kappa=1e300)),
    Case(G, "von_mises_ll", _at(x=0.5, kappa=1e-300), "float64", "ok", _closed(_von_mises, x=0.5, kappa=1e-300)),
    Case(G, "von_mises_ll", _at(x=800, kappa=3), "float64", "ok", _closed(_von_mises, x=800, kappa=3)),
    # Dirichlet
    Case(G, "dirichlet_ll", _at(a=[1e300, 1e300, 1e300], x=[THIRD, THIRD, THIRD]), "float64", "unstable",
         _closed(_dirichlet, a=[1e300, 1e300, 1e300], x=[THIRD, THIRD, THIRD])),
    Case(G, "dirichlet_ll", _at(a=[1e300, 1e300, 1e300], x=[0.25, 0.25, 0.5]), "float64", "ok",
         _closed(_dirichlet, a=[1e300, 1e300, 1e300], x=[0.25, 0.25, 0.5])),
    Case(G, "dirichlet_ll", _at(a=[1e-300, 2, 3], x=[0.2, 0.3, 0.5]), "float64", "ok",
         _closed(_dirichlet, a=[1e-300, 2, 3], x=[0.2, 0.3, 0.5])),
    Case(G, "dirichlet_ll", _at(a=[2, 2, 2], x=[1e-300, 0.5, 0.5]), "float64", "ok",
         _closed(_dirichlet, a=[2, 2, 2], x=[1e-300, 0.5, 0.5])),
    # Poisson by log-rate and by rate
    Case(G, "poisson_lograte", "eta=-800", "float64", "ok", _slope("eta", -800, lambda e: 3 - mpmath.exp(e))),
    Case(G, "poisson_lograte", "eta=709", "float64", "ok", _slope("eta", 709, lambda e: 3 - mpmath.exp(e))),
    Case(G, "poisson_lograte_zero", "eta=-800", "float64", "ok", _slope("eta", -800, lambda e: -mpmath.exp(e))),
    # the slope k/lam - 1 is 0 exactly, but the value (-18.4) is 3.45e16 - 1e15 - 3.35e16 cancelling to -20: unstable
    Case(G, "poisson_rate", "lam=1e15", "float64", "unstable", _const(lam=mpf(0))),
    Case(G, "poisson_rate", f"lam={NEXT_1E15}", "float64", "unstable",
         _slope("lam", NEXT_1E15, lambda l: mpf(10) ** 15 / l - 1)),
    Case(G, "poisson_rate", "lam=1e-300", "float64", "domain", _slope("lam", 1e-300, lambda l: mpf(10) ** 15 / l - 1)),
    # zero-inflated Poisson, log P(0)
    Case(G, "zip_zero", _at(w=-800, eta=-800), "float64", "ok", _closed(_zip_zero, w=-800, eta=-800)),
    Case(G, "zip_zero", _at(w=1.5, eta=-2), "float64", "ok", _closed(_zip_zero, w=1.5, eta=-2)),
    Case(G, "zip_zero", _at(w=800, eta=5), "float64", "ok", _closed(_zip_zero, w=800, eta=5)),
    Case(G, "zip_zero", _at(w=0, eta=800), "float64", "unstable", _closed(_zip_zero, w=0, eta=800)),
    # Tweedie-like, p = 1.5, y = 2: 4 e^(-eta/2) + 2 e^(eta/2), slope 0 at log 2; float64's log 2 leaves -3.3e-17,
    # computed -2.2e-16: ok since 9c9f9767 (a lone number measured by the data's reach: 2 ulps of eta move it 3.1e-16)
    Case(G, "tweedie_unit", f"eta={LN2}", "float64", "ok",
         _slope("eta", LN2, lambda e: -2 * mpmath.exp(-e / 2) + mpmath.exp(e / 2))),
    Case(G, "tweedie_unit", "eta=800", "float64", "ok",
         _slope("eta", 800, lambda e: -2 * mpmath.exp(-e / 2) + mpmath.exp(e / 2))),
    Case(G, "tweedie_unit", "eta=-1500", "float64", "domain",
         _slope("eta", -1500, lambda e: -2 * mpmath.exp(-e / 2) + mpmath.exp(e / 2))),
    # Gumbel
    Case(G, "gumbel_ll", _at(x=800, mu=0, beta=1), "float64", "ok", _closed(_gumbel, x=800, mu=0, beta=1)),
    Case(G, "gumbel_ll", _at(x=-700, mu=0, beta=1), "float64", "ok", _closed(_gumbel, x=-700, mu=0, beta=1)),
    Case(G, "gumbel_ll", _at(x=1e-300, mu=0, beta=1e-300), "float64", "ok",
         _closed(_gumbel, x=1e-300, mu=0, beta=1e-300)),
    Case(G, "gumbel_ll", _at(x=0, mu=0, beta=1e300), "float64", "ok", _closed(_gumbel, x=0, mu=0, beta=1e300)),
    # stable helpers
    Case(G, "log1mexp", "x=-800", "float64", "ok", _slope("x", -800, _log1mexp_slope)),
    # the untaken branch log1p(-exp(-1e-300)) = log1p(-1) = -inf in float64 only (exp rounds to 1): its slope
    # 0 * (1 / 0) = NaN leaks through the where, a NaN of rounding: unstable (the double-where form is ok)
    Case(G, "log1mexp", "x=-1e-300", "float64", "unstable", _slope("x", -1e-300, _log1mexp_slope)),
    Case(G, "log1mexp_safe", "x=-1e-300", "float64", "ok", _slope("x", -1e-300, _log1mexp_slope)),
    Case(G, "log1mexp_safe", "x=-800", "float64", "ok", _slope("x", -800, _log1mexp_slope)),
    Case(G, "log1mexp", "x=-5e-324", "float64", "domain", _slope("x", -5e-324, _log1mexp_slope)),
    Case(G, "log1mexp", f"x={-LN2}", "float64", "ok", _slope("x", -LN2, _log1mexp_slope)),
    Case(G, "log1mexp", "x=-40", "float64", "ok", _slope("x", -40, _log1mexp_slope)),
    Case(G, "log1mexp", "x=0", "float64", "domain", _const(x=NAN)),
    Case(G, "logdiffexp", _at(a=-800, b=-800.0000001), "float64", "ok", _closed(_logdiffexp, a=-800, b=-800.0000001)),
    Case(G, "logdiffexp", _at(a=0, b=-1e-300), "float64", "unstable", _closed(_logdiffexp, a=0, b=-1e-300)),
    Case(G, "logdiffexp", _at(a=800, b=-800), "float64", "ok", _closed(_logdiffexp, a=800, b=-800)),
    Case(G, "logdiffexp", _at(a=1, b=1), "float64", "domain", _const(a=NAN, b=NAN)),
    Case(G, "softplus_inv", "x=1e-300", "float64", "ok", _slope("x", 1e-300, lambda x: 1 / (1 - mpmath.exp(-x)))),
    Case(G, "softplus_inv", "x=800", "float64", "ok", _slope("x", 800, lambda x: 1 / (1 - mpmath.exp(-x)))),
    Case(G, "softplus_inv", "x=5e-324", "float64", "domain", _slope("x", 5e-324, lambda x: 1 / (1 - mpmath.exp(-x)))),
    Case(G, "log_sigmoid", "x=800", "float64", "ok", _slope("x", 800, lambda x: _sig(-x))),
    Case(G, "log_sigmoid", "x=-800", "float64", "ok", _slope("x", -800, lambda x: _sig(-x))),
    Case(G, "log_sigmoid", "x=1e-300", "float64", "ok", _slope("x", 1e-300, lambda x: _sig(-x))),
    Case(G, "logit_of_sigmoid", "x=40", "float64", "unstable", _const(x=mpf(1))),
    Case(G, "logit_of_sigmoid", "x=-800", "float64", "unstable", _const(x=mpf(1))),
    Case(G, "logit_of_sigmoid", "x=1", "float64", "ok", _const(x=mpf(1))),
    Case(G, "lse_rows", _at(z=[[-800, -800], [800, -800]]), "float64", "ok",
         _closed(_lse_rows, z=[[-800, -800], [800, -800]])),
    Case(G, "lse_rows", _at(z=[[5e-324, 0], [1e300, 1e300]]), "float64", "ok",
         _closed(_lse_rows, z=[[5e-324, 0], [1e300, 1e300]])),
    Case(G, "log_mean_exp", _at(z=[-800, -800.5, 800]), "float64", "ok",
         _closed(lambda z: {"z": _softmax(z)}, z=[-800, -800.5, 800])),
    # the value log((e^1e-300 + e^-1e-300 + 1)/3) = 3.3e-601 is float64's 0; max + log(mean) gives 1e-300
    Case(G, "log_mean_exp", _at(z=[1e-300, -1e-300, 0]), "float64", "unstable",
         _closed(lambda z: {"z": _softmax(z)}, z=[1e-300, -1e-300, 0])),
    Case(G, "logcumsumexp_total", _at(z=[-800, 800, -800]), "float64", "ok", _closed(_cum_lse, z=[-800, 800, -800])),
    Case(G, "logcumsumexp_total", _at(z=[0, 1e-300, -745]), "float64", "ok", _closed(_cum_lse, z=[0, 1e-300, -745])),
]

TWO = [
    # arctan2's rule does not form x^2 + y^2 in the dtype: +-5e299 and +-5e-301 come out right
    Case(T, "atan2_plain", _at(y=1e-300, x=1e-300), "float64", "ok", _closed(_atan2, y=1e-300, x=1e-300)),
    Case(T, "atan2_plain", _at(y=5e-324, x=1), "float64", "ok", _closed(_atan2, y=5e-324, x=1)),
    Case(T, "atan2_plain", _at(y=1e300, x=1e300), "float64", "ok", _closed(_atan2, y=1e300, x=1e300)),
    Case(T, "atan2_plain", _at(y=0, x=-1), "float64", "domain", _const(y=NAN, x=mpf(0))),
    # hypot at (5e-324, 5e-324) is 5e-324 (7.07e-324 rounded): x / h = 1 for 0.7071
    Case(T, "hypot_plain", _at(x=5e-324, y=5e-324), "float64", "unstable", _closed(_hypot, x=5e-324, y=5e-324)),
    # 6072 and 8096 units of 2^-1074: a 3-4-5 triangle, h = 10120 units exactly
    Case(T, "hypot_plain", _at(x=3e-320, y=4e-320), "float64", "ok", _closed(_hypot, x=3e-320, y=4e-320)),
    Case(T, "hypot_plain", _at(x=1e300, y=1e300), "float64", "ok", _closed(_hypot, x=1e300, y=1e300)),
    Case(T, "hypot_plain", _at(x=0, y=0), "float64", "domain", _const(x=NAN, y=NAN)),
    Case(T, "copysign_plain", _at(x=1e-300, y=-5e-324), "float64", "ok", _const(x=mpf(-1), y=mpf(0))),
    Case(T, "copysign_plain", _at(x=0, y=1), "float64", "domain", _const(x=NAN, y=mpf(0))),
    Case(T, "copysign_plain", _at(x=-2, y=0), "float64", "domain", _const(x=mpf(-1), y=NAN)),
    Case(T, "max_min", _at(x=1e-300, y=2e-300), "float64", "ok", _const(x=mpf(2), y=mpf(1))),
    Case(T, "max_min", _at(x=5e-324, y=0), "float64", "ok", _const(x=mpf(1), y=mpf(2))),
    Case(T, "max_min", _at(x=1e-300, y=1e-300), "float64", "domain", _const(x=NAN, y=NAN)),
    Case(T, "fmax_plain", _at(x=-5e-324, y=0), "float64", "ok", _const(x=mpf(0), y=mpf(1))),
    Case(T, "power_plain", _at(x=1e-300, y=0.001), "float64", "ok", _closed(_power, x=1e-300, y=0.001)),
    Case(T, "power_plain", _at(x=1e-300, y=300), "float64", "ok", _closed(_power, x=1e-300, y=300)),
    Case(T, "power_plain", _at(x=1e-300, y=1), "float64", "ok", _closed(_power, x=1e-300, y=1)),
    Case(T, "power_plain", _at(x=-2, y=3), "float64", "domain", _const(x=mpf(12), y=NAN)),
    Case(T, "float_power_plain", _at(x=1e-300, y=0.001), "float64", "ok", _closed(_power, x=1e-300, y=0.001)),
    Case(T, "float_power_plain", _at(x=1e300, y=1), "float64", "ok", _closed(_power, x=1e300, y=1)),
    # x * 1e-300 = 1e-320, a subnormal with 2024 units: the value 1e-20 (1 - 1.1e-5)
    Case(T, "under_and_back", "x=1e-20", "float64", "unstable", hp(lambda: _under_and_back(None))),
    Case(T, "under_and_back", "x=3", "float64", "ok", hp(lambda: _under_and_back(None))),
    # reductions
    Case(T, "mean_abs", _at(x=[5e-324, -1e-300, 1e300]), "float64", "ok", _closed(_sign_over(3), x=[5e-324, -1e-300, 1e300])),
    Case(T, "mean_abs", _at(x=[0, 1, 2]), "float64", "domain", _const(x=[NAN, mpf(1) / 3, mpf(1) / 3])),
    Case(T, "prod_plain", _at(x=[1e-300, 1e300, 2]), "float64", "ok", _closed(_prod, x=[1e-300, 1e300, 2])),
    Case(T, "prod_plain", _at(x=[1e-200, 1e-200, 1e300]), "float64", "unstable", _closed(_prod, x=[1e-200, 1e-200, 1e300])),
    Case(T, "norm1", _at(x=[5e-324, -1e300]), "float64", "ok", _const(x=[mpf(1), mpf(-1)])),
    Case(T, "norm1", _at(x=[0, 1]), "float64", "domain", _const(x=[NAN, mpf(1)])),
    Case(T, "norm2", _at(x=[3e-160, 4e-160]), "float64", "unstable", _closed(_norm2, x=[3e-160, 4e-160])),
    Case(T, "norm2", _at(x=[3e160, 4e160]), "float64", "unstable", _closed(_norm2, x=[3e160, 4e160])),
    Case(T, "norm2", _at(x=[3e150, 4e150]), "float64", "ok", _closed(_norm2, x=[3e150, 4e150])),
    Case(T, "norm_inf", _at(x=[1e-300, -2e-300]), "float64", "ok", _const(x=[mpf(0), mpf(-1)])),
    Case(T, "norm_inf", _at(x=[1e-300, -1e-300]), "float64", "domain", _const(x=[NAN, NAN])),
    # the value 2.3e-600 is float64's 0; the slopes ~1e-300 are numbers and come out right
    Case(T, "var_ddof", _at(x=[1e-300, 2e-300, 4e-300]), "float64", "ok", _closed(_var_ddof1, x=[1e-300, 2e-300, 4e-300])),
    # the value 2.3e-320 is a subnormal of 4700 units, formed of subnormal squares
    Case(T, "var_ddof", _at(x=[1e-160, 2e-160, 4e-160]), "float64", "unstable",
         _closed(_var_ddof1, x=[1e-160, 2e-160, 4e-160])),
    Case(T, "std_ddof", _at(x=[1e-300, 2e-300, 4e-300]), "float64", "unstable", _closed(_std_ddof1, x=[1e-300, 2e-300, 4e-300])),
    Case(T, "std_ddof", _at(x=[1, 2, 4]), "float64", "ok", _closed(_std_ddof1, x=[1, 2, 4])),
    # clipped to [5e-324, 1e-300, -1e-300], summed: 5e-324 + 1e-300 - 1e-300 = 0 for 5e-324: unstable
    Case(T, "clip_sum", _at(x=[5e-324, 2e-300, -800]), "float64", "unstable", _const(x=[mpf(1), mpf(0), mpf(0)])),
    Case(T, "clip_sum", _at(x=[1e-300, 0.5, -0.5]), "float64", "domain", _const(x=[NAN, mpf(0), mpf(0)])),
    # 0.5 * x = 2.5e-324 rounds to 0: the product rule keeps half the slope (2.47e-24 for 4.94e-24): unstable
    Case(T, "smooth_abs", "x=5e-324", "float64", "unstable", _slope("x", 5e-324, lambda x: x / _f(1e-300))),
    Case(T, "smooth_abs", "x=2e-300", "float64", "ok", _const(x=mpf(1))),
    # on the switch: the pieces meet (0.5e-300 is half of 1e-300 as float64 holds it) with slope -1 from both sides
    Case(T, "smooth_abs", "x=-1e-300", "float64", "ok", _const(x=mpf(-1))),
    Case(T, "mixed_reduce", _at(x=[5e-324, -700, 1e300]), "float64", "ok", _closed(_mixed, x=[5e-324, -700, 1e300])),
    Case(T, "mixed_reduce", _at(x=[-5e-324, 1e-300, 800]), "float64", "ok", _closed(_mixed, x=[-5e-324, 1e-300, 800])),
    Case(T, "mixed_reduce", _at(x=[0, 1, 2]), "float64", "domain",
         _const(x=[NAN, mpf(1) / 6 + mpf(1) / 3, mpf(1) / 9 + mpf(1) / 3])),
]

NP = [
    Case(N, "negbin_ll", _at(r=2.5, p=0.3, k=1e15), "float64", "ok", _closed(_negbin, r=2.5, p=0.3, k=1e15)),
    Case(N, "student_t_ll", _at(x=1e300, nu=3), "float64", "unstable", _closed(_student_t, x=1e300, nu=3)),
    Case(N, "student_t_ll", _at(x=1e-300, nu=3), "float64", "ok", _closed(_student_t, x=1e-300, nu=3)),
    Case(N, "von_mises_ll", _at(x=1, kappa=1e300), "float64", "ok", _closed(_von_mises, x=1, kappa=1e300)),
    Case(N, "dirichlet_ll", _at(a=[1e300, 1e300, 1e300], x=[THIRD, THIRD, THIRD]), "float64", "unstable",
         _closed(_dirichlet, a=[1e300, 1e300, 1e300], x=[THIRD, THIRD, THIRD])),
    Case(N, "zip_zero", _at(w=-800, eta=-800), "float64", "ok", _closed(_zip_zero, w=-800, eta=-800)),
    Case(N, "log1mexp", "x=-1e-300", "float64", "unstable", _slope("x", -1e-300, _log1mexp_slope)),
    Case(N, "log1mexp", f"x={-LN2}", "float64", "ok", _slope("x", -LN2, _log1mexp_slope)),
    Case(N, "softplus_inv", "x=1e-300", "float64", "ok", _slope("x", 1e-300, lambda x: 1 / (1 - mpmath.exp(-x)))),
    Case(N, "log_sigmoid", "x=800", "float64", "ok", _slope("x", 800, lambda x: _sig(-x))),
    Case(N, "lse_rows", _at(z=[[-800, -800], [800, -800]]), "float64", "ok",
         _closed(_lse_rows, z=[[-800, -800], [800, -800]])),
    Case(N, "logcumsumexp_total", _at(z=[-800, 800, -800]), "float64", "ok", _closed(_cum_lse, z=[-800, 800, -800])),
    Case(N, "logsumexp_by_reduce", _at(z=[-800, 800, -800]), "float64", "ok",
         _closed(lambda z: {"z": _softmax(z)}, z=[-800, 800, -800])),
    Case(N, "atan2_plain", _at(y=5e-324, x=1), "float64", "ok", _closed(_atan2, y=5e-324, x=1)),
    Case(N, "hypot_plain", _at(x=5e-324, y=5e-324), "float64", "unstable", _closed(_hypot, x=5e-324, y=5e-324)),
    Case(N, "power_plain", _at(x=1e-300, y=0.001), "float64", "ok", _closed(_power, x=1e-300, y=0.001)),
    Case(N, "norm2", _at(x=[3e-160, 4e-160]), "float64", "unstable", _closed(_norm2, x=[3e-160, 4e-160])),
    Case(N, "norm_inf", _at(x=[1e-300, -2e-300]), "float64", "ok", _const(x=[mpf(0), mpf(-1)])),
    Case(N, "var_ddof", _at(x=[1e-300, 2e-300, 4e-300]), "float64", "ok", _closed(_var_ddof1, x=[1e-300, 2e-300, 4e-300])),
    Case(N, "std_ddof", _at(x=[1e-300, 2e-300, 4e-300]), "float64", "unstable", _closed(_std_ddof1, x=[1e-300, 2e-300, 4e-300])),
    Case(M, "nextafter_step", "x=0.3", "float64", "input-error", None,
         message=("numpy.nextafter", "gradcli.numpy does not have", "gradcli ops")),
]

FLOAT32 = [
    Case(F32, "log1mexp", "x=-1e-30", "float32", "unstable", _slope("x", -1e-30, _log1mexp_slope, "float32")),
    Case(F32, "log1mexp", "x=-100", "float32", "ok", _slope("x", -100, _log1mexp_slope, "float32")),
    Case(F32, "softplus_inv", "x=1e-30", "float32", "ok",
         _slope("x", 1e-30, lambda x: 1 / (1 - mpmath.exp(-x)), "float32")),
    Case(F32, "softplus_inv", "x=1e-45", "float32", "domain",
         _slope("x", 1e-45, lambda x: 1 / (1 - mpmath.exp(-x)), "float32")),
    Case(F32, "atan2_plain", _at(y=1e-30, x=1e-30), "float32", "ok", _closed(_atan2, "float32", y=1e-30, x=1e-30)),
    Case(F32, "atan2_plain", _at(y=1e-45, x=1), "float32", "ok", _closed(_atan2, "float32", y=1e-45, x=1)),
    Case(F32, "hypot_plain", _at(x=1e-45, y=1e-45), "float32", "unstable", _closed(_hypot, "float32", x=1e-45, y=1e-45)),
    Case(F32, "student_t_ll", _at(x=1e20, nu=3), "float32", "unstable", _closed(_student_t, "float32", x=1e20, nu=3)),
    Case(F32, "student_t_ll", _at(x=1e-30, nu=3), "float32", "ok", _closed(_student_t, "float32", x=1e-30, nu=3)),
    Case(F32, "power_plain", _at(x=1e-30, y=0.001), "float32", "ok", _closed(_power, "float32", x=1e-30, y=0.001)),
    Case(F32, "poisson_lograte_zero", "eta=-100", "float32", "ok",
         _slope("eta", -100, lambda e: -mpmath.exp(e), "float32")),
    Case(F32, "log_sigmoid", "x=100", "float32", "ok", _slope("x", 100, lambda x: _sig(-x), "float32")),
    Case(F32, "log_sigmoid", "x=-100", "float32", "ok", _slope("x", -100, lambda x: _sig(-x), "float32")),
    # the value 2.3e-40 is a float32 subnormal of 166 units, its squares' rounding 3e-6 relative: within 1e-4, ok
    Case(F32, "var_ddof", _at(x=[1e-20, 2e-20, 4e-20]), "float32", "ok",
         _closed(_var_ddof1, "float32", x=[1e-20, 2e-20, 4e-20])),
]

SECOND = [
    # cos 0 - I1/I0(1e300) = 1/(2 kappa) + ... = 5e-301; float64's 1 - 1 (and i1e - i0e) give 0: unstable
    Case(G, "von_mises_ll", _at(x=0, kappa=1e300), "float64", "unstable", _closed(_von_mises, x=0, kappa=1e300)),
    # slopes +-1/(2 * 5e-324) = 1e323: beyond float64
    Case(T, "atan2_plain", _at(y=5e-324, x=5e-324), "float64", "domain", _closed(_atan2, y=5e-324, x=5e-324)),
    Case(T, "hypot_plain", _at(x=1e-300, y=5e-324), "float64", "ok", _closed(_hypot, x=1e-300, y=5e-324)),
    Case(G, "betabinom_ll", _at(a=1e-300, b=1e-300), "float64", "ok", _closed(_betabinom, a=1e-300, b=1e-300)),
]

ALL = GN + TWO + NP + FLOAT32 + SECOND
