"""The thirty-third trial set (first part): in JAX, Vasicek's bond log price as its mean reversion fades, a Merton
jump-diffusion call as a Poisson-weighted series of Black-Scholes prices, a Monte Carlo forward price from a fixed
key; the pH of a weak acid by the quadratic formula (naive and conjugate), from the full charge balance by Newton in a
lax.while_loop under lax.custom_root (right, and with its tangent solve read at pH 7) and unrolled in a fori_loop; a
Michaelis-Menten elasticity by jax.grad inside the loss at a saturating substrate; a mixture cure model's log survival
(naive and by log-sigmoids), log(e^a - e^c) by logsumexp with signed b=; the combined magnitude of faint stars; a
Ricker population by fori_loop and its rate fitted from a parameter tree by lax.scan; Theis' drawdown by
jax.scipy.special.exp1 and its log at early times; jax.scipy.stats.gamma.logsf in its far tail. In plain NumPy and
SciPy the same as legacy code writes them (a Python loop over the Merton series, Newton on a helper module's charge
balance stopping on .item(), scipy.special.logsumexp with b= weights and signs, np.logaddexp.reduce, a path written
year by year, np.errstate), with a forward curve by np.cumprod and np.searchsorted, a bond by np.einsum, a
minimum-variance portfolio by np.linalg.solve, and SciPy's genpareto.logsf at its exponential limit c = 0 and
weibull_min.logsf.

Truths are the mathematics written here in mpmath (closed forms, implicit slopes at the cubic's root, or mpmath.diff
at 2,000 digits through `num_grad` of the formulas restated), never the user files' code; points are the numbers the
dtype holds, constants the numbers the program writes. A coordinate with no derivative is written NaN by hand.
"""

import math

import mpmath

from cases import Case, mp
from cases5 import _in, hp
from cases12a import _f, num_grad
from cases22b import _each, _sig
from cases27a import _c

J, N = "jax_lib33a.py", "numpy_lib33a.py"
NAN = mpmath.nan
LN10 = _f(math.log(10.0))  # the programs' math.log(10.0)


# --- quantitative finance --------------------------------------------------------------------------------------------


def _vasicek(dtype="float64"):
    """ln P = (theta - s^2 / (2 a^2)) (B - t) - s^2 B^2 / (4 a) - B r0, B = (1 - e^-at) / a, the constants (s^2 the
    program's 0.01 ** 2) as the dtype holds them."""
    def log_price(a, t):
        b = -mpmath.expm1(-a * t) / a
        s2 = _c(dtype, 0.01 ** 2)
        return (_c(dtype, 0.05) - s2 / (2 * a ** 2)) * (b - t) - s2 * b ** 2 / (4 * a) - b * _c(dtype, 0.03)
    return log_price


def _bs(s, k, t, r, vol):
    d1 = (mpmath.log(s / k) + (r + vol ** 2 / 2) * t) / (vol * mpmath.sqrt(t))
    d2 = d1 - vol * mpmath.sqrt(t)
    return s * mpmath.ncdf(d1) - k * mpmath.exp(-r * t) * mpmath.ncdf(d2)


def _merton(sigma, lam):
    """sum_n e^-L (L^n / n!) BS(r_n, vol_n), L = lam (1 + kappa) T, to the program's 25 terms."""
    t, jump_vol = _f(0.5), _f(0.15)
    kappa = mpmath.exp(_f(-0.1) + jump_vol ** 2 / 2) - 1
    big = lam * (1 + kappa) * t
    total = mp(0)
    for n in range(25):
        weight = mpmath.exp(-big) * big ** n / mpmath.factorial(n)
        r_n = _f(0.02) - lam * kappa + n * mpmath.log(1 + kappa) / t
        vol_n = mpmath.sqrt(sigma ** 2 + n * jump_vol ** 2 / t)
        total += weight * _bs(mp(100), mp(110), t, r_n, vol_n)
    return total


# jax.random.normal(jax.random.PRNGKey(7), (6,), dtype=float64): data of the program, the floats JAX draws
DRAWS = [1.0114813355590866, -1.6910609087906374, -0.7554662899926428, -1.5189653807511148, -2.2590883418712715,
         0.9711021498424087]


def _mc_slopes(mu, sigma):
    """mean 100 e^(mu + sigma eps): d/dmu the mean itself, d/dsigma the mean of eps times the term."""
    def truth():
        m, s = _f(mu), _f(sigma)
        terms = [100 * mpmath.exp(m + s * _f(e)) for e in DRAWS]
        return {"mu": sum(terms) / 6, "sigma": sum(_f(e) * v for e, v in zip(DRAWS, terms)) / 6}
    return hp(truth)


KNOTS = [0, 0.5, 1, 2, 3]


def _log_discounts(forwards):
    """log D at the knots: D_i = prod_{j<i} 1 / (1 + f_j dt_j)."""
    out, total = [mp(0)], mp(0)
    for f, a, b in zip(forwards, KNOTS, KNOTS[1:]):
        total -= mpmath.log(1 + f * (mp(b) - a))
        out.append(total)
    return out


def _bond(forwards):
    logs = _log_discounts(forwards)
    return 4 * mpmath.exp(logs[2]) + 4 * mpmath.exp(logs[3]) + 104 * mpmath.exp(logs[4])


def _log_discount_slope(t):
    """Linear in t between knots: the slope is the knots' difference over their gap; a kink at a knot inside."""
    logs = _log_discounts([_f(v) for v in (0.02, 0.025, 0.03, 0.035)])
    if t in KNOTS[1:-1]:
        return NAN
    i = max(k for k in range(len(KNOTS) - 1) if KNOTS[k] <= t)
    return (logs[i + 1] - logs[i]) / (KNOTS[i + 1] - KNOTS[i])


def _min_variance(vols, rho):
    """1 / (1' C^-1 1), C_ij = v_i v_j (rho off the diagonal, 1 on it)."""
    n = len(vols)
    cov = mpmath.matrix(n, n)
    for i in range(n):
        for j in range(n):
            cov[i, j] = vols[i] * vols[j] * (1 if i == j else rho)
    x = mpmath.lu_solve(cov, mpmath.matrix([1] * n))
    return 1 / sum(x)


# --- chemistry -------------------------------------------------------------------------------------------------------


def _ph_quadratic(conc, ka):
    """-log10 of the positive root of h^2 + Ka h - Ka C, written 2 Ka C / (Ka + sqrt(Ka^2 + 4 Ka C))."""
    return -mpmath.log10(2 * ka * conc / (ka + mpmath.sqrt(ka * ka + 4 * ka * conc)))


def _ph_charge_slopes(conc, ka, dtype="float64"):
    """h = 10^-pH solves F = h^3 + Ka h^2 - (Ka C + Kw) h - Ka Kw = 0 (the charge balance times h (Ka + h)):
    dh/dC = Ka h / F_h, dh/dKa = -(h^2 - C h - Kw) / F_h, F_h = 3 h^2 + 2 Ka h - (Ka C + Kw); dpH = -dh / (h ln 10)."""
    def truth():
        (c,), (k,), kw = _in(dtype, [conc]), _in(dtype, [ka]), _c(dtype, 1e-14)
        poly = lambda h: h ** 3 + k * h ** 2 - (k * c + kw) * h - k * kw  # noqa: E731
        start = 2 * k * c / (k + mpmath.sqrt(k * k + 4 * k * c)) + kw / mpmath.sqrt(kw + k * c)
        h = mpmath.findroot(poly, start, tol=mpmath.mpf(10) ** (20 - mpmath.mp.dps))
        slope = 3 * h ** 2 + 2 * k * h - (k * c + kw)
        dh = {"conc": k * h / slope, "ka": -(h * h - c * h - kw) / slope}
        return {name: -v / (h * mpmath.log(10)) for name, v in dh.items()}
    return hp(truth)


def _mm_elasticity_slopes(log_s, log_km):
    """e = Km / (Km + S), S = e^log_s: de/dlog_s = -Km S / (Km + S)^2 = -de/dlog_km."""
    def truth():
        s, km = mpmath.exp(_f(log_s)), mpmath.exp(_f(log_km))
        slope = km * s / (km + s) ** 2
        return {"log_s": -slope, "log_km": slope}
    return hp(truth)


# --- survival analysis -----------------------------------------------------------------------------------------------


def _cure(b, k):
    """log(sigma(b) + sigma(-b) e^(-30^k))."""
    return mpmath.log(_sig(b) + _sig(-b) * mpmath.exp(-mp(30) ** k))


def _log_excess_slopes(a, c):
    """d/da log(e^a - e^c) = 1 / (1 - e^(c - a)), d/dc = -e^(c - a) / (1 - e^(c - a))."""
    def truth():
        av, cv = _f(a), _f(c)
        e = mpmath.exp(cv - av)
        return {"a": 1 / (1 - e), "c": -e / (1 - e)}
    return hp(truth)


# --- astronomy -------------------------------------------------------------------------------------------------------


def _magnitude_slopes(ms, dtype="float64", stable=False):
    """m = -2.5 log10 sum 10^(-0.4 m_i): d/dm_i = 2.5 (0.4, as the dtype holds it) w_i / sum w; the logsumexp
    spelling is c0 lse(c1 m), its constants -2.5 / ln 10 and -0.4 ln 10 as the program rounds them."""
    def truth():
        m = _in(dtype, ms)
        if stable:
            c0, c1 = _c(dtype, -2.5 / math.log(10.0)), _c(dtype, -0.4 * math.log(10.0))
            top = max(c1 * v for v in m)
            w = [mpmath.exp(c1 * v - top) for v in m]
            return {"m": [c0 * c1 * v / sum(w) for v in w]}
        tenth = _c(dtype, 0.4)
        w = [mpmath.power(10, -tenth * v) for v in m]
        return {"m": [_c(dtype, 2.5) * tenth * v / sum(w) for v in w]}
    return hp(truth)


# --- ecology ---------------------------------------------------------------------------------------------------------


def _ricker(dtype="float64"):
    def population(r):
        x = _c(dtype, 0.2)
        for _ in range(40):
            x = x * mpmath.exp(r * (1 - x))
        return x
    return population


COUNTS = [0.4, 0.55, 0.7, 0.8, 0.9]


def _ricker_fit(log_r, x0):
    r, x, total = mpmath.exp(log_r), x0, mp(0)
    for count in COUNTS:
        x = x * mpmath.exp(r * (1 - x))
        total += (mpmath.log(x) - mpmath.log(_f(count))) ** 2
    return total


def _ricker_fit_tree():
    def truth():
        at = {"log_r": _f(math.log(0.8)), "x0": _f(0.3)}
        return {"params." + n: mpmath.diff(lambda v, n=n: _ricker_fit(**dict(at, **{n: v})), at[n]) for n in at}
    return hp(truth)


# --- hydrogeology ----------------------------------------------------------------------------------------------------


def _theis(dtype="float64"):
    """s = Q / (4 pi T) E1(r^2 S / (4 T t)), t = 3600 s, Q and 4 pi (the program's 4.0 * math.pi) as the dtype holds
    them."""
    def drawdown(transmissivity, storativity):
        u = 100 * storativity / (4 * transmissivity * 3600)
        return _c(dtype, 0.01) / (_c(dtype, 4 * math.pi) * transmissivity) * mpmath.e1(u)
    return drawdown


def _log_drawdown_slope(t):
    """d/dt log E1(c / t) = e^-u / (t E1(u)), u = c / t, c = 0.01 / 0.004 as the program rounds 100 1e-4 and 4 1e-3."""
    u = _f(100.0 * 1e-4) / (_f(4.0 * 1e-3) * t)
    return mpmath.exp(-u) / (t * mpmath.e1(u))


# --- distributions ---------------------------------------------------------------------------------------------------


def _gamma3_log_tail_slope(x):
    """d/dx log Q(3, x) = -x^2 / (2 + 2x + x^2) (Q(3, x) = e^-x (1 + x + x^2 / 2))."""
    return -x * x / (2 + 2 * x + x * x)


def _genpareto_slopes(x, c):
    """log S = -log1p(c y) / c, y = x / 2 (the exponential's -y at c = 0): d/dx = -1 / (2 (1 + c y)),
    d/dc = log1p(c y) / c^2 - y / (c (1 + c y)), y^2 / 2 at c = 0."""
    def truth():
        (xv,), (cv,) = _in("float64", [x]), _in("float64", [c])
        y = xv / 2
        dc = y * y / 2 if cv == 0 else mpmath.log1p(cv * y) / cv ** 2 - y / (cv * (1 + cv * y))
        return {"x": -1 / (2 * (1 + cv * y)), "c": dc}
    return hp(truth)


JAX = [
    Case(J, "vasicek_log_price", "a=0.5,t=5", "float64", "ok", num_grad(_vasicek(), a=0.5, t=5)),
    Case(J, "vasicek_log_price", "a=0.5,t=5", "float32", "ok", num_grad(_vasicek("float32"), "float32", a=0.5, t=5)),
    # a = 1e-6: (B - t) / a^2 is -t^2 / (2a) + ... from B = t - a t^2 / 2 ..., the slopes' terms of 1e17 cancel
    Case(J, "vasicek_log_price", "a=1e-06,t=5", "float64", "unstable", num_grad(_vasicek(), a=1e-6, t=5),
         "return (THETA - SIGMA_R ** 2 / (2.0 * a ** 2)) * (b - t) - SIGMA_R ** 2 * b ** 2 / (4.0 * a) - b * R0"),
    Case(J, "merton_call", "sigma=0.2,lam=0.5", "float64", "ok", num_grad(_merton, sigma=0.2, lam=0.5)),
    Case(J, "merton_call", "sigma=0.4,lam=0.1", "float64", "ok", num_grad(_merton, sigma=0.4, lam=0.1)),
    Case(J, "merton_call", "sigma=0.05,lam=3", "float64", "ok", num_grad(_merton, sigma=0.05, lam=3)),
    Case(J, "mc_forward_price", "mu=0.01,sigma=0.2", "float64", "ok", _mc_slopes(0.01, 0.2)),
    Case(J, "ph_weak_acid", "conc=0.1,ka=1.8e-05", "float64", "ok", num_grad(_ph_quadratic, conc=0.1, ka=1.8e-5)),
    Case(J, "ph_weak_acid", "conc=0.1,ka=1.8e-05", "float32", "ok",
         num_grad(_ph_quadratic, "float32", conc=0.1, ka=1.8e-5)),
    # a strong acid at 1e-12 M: sqrt(1 + 4e-12) - 1 keeps 4 digits of h
    Case(J, "ph_weak_acid", "conc=1e-12,ka=1", "float64", "unstable", num_grad(_ph_quadratic, conc=1e-12, ka=1),
         "h = (-ka + jnp.sqrt(ka * ka + 4.0 * ka * conc)) / 2.0"),
    # in float32 sqrt(1 + 4e-6) - 1 keeps two digits
    Case(J, "ph_weak_acid", "conc=1e-06,ka=1", "float32", "unstable",
         num_grad(_ph_quadratic, "float32", conc=1e-6, ka=1)),
    Case(J, "ph_weak_acid_conjugate", "conc=2e-12,ka=1", "float64", "ok",
         lambda: {"conc": num_grad(_ph_quadratic, conc=2e-12, ka=1)()["conc"]}, wrt="conc"),
    # the root's weak dependence on Ka (dpH/dKa = -4.3e-13) is 1/Ka less the quotient's slope, two terms of 0.43:
    # no spelling of the root mends that difference
    Case(J, "ph_weak_acid_conjugate", "conc=1e-12,ka=1", "float64", "unstable",
         num_grad(_ph_quadratic, conc=1e-12, ka=1)),
    Case(J, "ph_weak_acid_conjugate", "conc=0.1,ka=1.8e-05", "float64", "ok",
         num_grad(_ph_quadratic, conc=0.1, ka=1.8e-5)),
    Case(J, "ph_charge_balance", "conc=0.01,ka=1.8e-05", "float64", "ok", _ph_charge_slopes(0.01, 1.8e-5)),
    # water's own ions dominate at 1e-9 M: the pH stays near 7
    Case(J, "ph_charge_balance", "conc=1e-09,ka=1.8e-05", "float64", "ok", _ph_charge_slopes(1e-9, 1.8e-5)),
    # Newton's first step from pH 7 lands at pH -71: 10^71 overflows float32, and the root is NaN
    Case(J, "ph_charge_balance", "conc=0.01,ka=1.8e-05", "float32", "unstable",
         _ph_charge_slopes(0.01, 1.8e-5, "float32"), "h = 10.0 ** -p"),
    Case(J, "ph_charge_balance_off", "conc=0.01,ka=1.8e-05", "float64", "wrong", _ph_charge_slopes(0.01, 1.8e-5),
         "lambda g, y: y / jax.grad(residual)(7.0 * jnp.ones_like(y))"),
    Case(J, "ph_charge_balance_unrolled", "conc=0.01,ka=1.8e-05", "float64", "ok", _ph_charge_slopes(0.01, 1.8e-5)),
    Case(J, "ph_charge_balance_unrolled", "conc=1e-09,ka=1.8e-05", "float64", "ok", _ph_charge_slopes(1e-9, 1.8e-5)),
    Case(J, "mm_elasticity", "log_s=0,log_km=0.6931471805599453", "float64", "ok",
         _mm_elasticity_slopes(0, 0.6931471805599453)),
    Case(J, "mm_elasticity", "log_s=-3,log_km=0.5", "float32", "ok", _mm_elasticity_slopes(-3, 0.5)),
    # S = 2e17 Km: the elasticity 1 - S / (Km + S) is 1e-17 from terms of 1, 0 in float64
    Case(J, "mm_elasticity", "log_s=40,log_km=0.6931471805599453", "float64", "unstable",
         _mm_elasticity_slopes(40, 0.6931471805599453)),
    Case(J, "cure_log_survival", "b=0.5,k=1.2", "float64", "ok", num_grad(_cure, b=0.5, k=1.2)),
    Case(J, "cure_log_survival", "b=0.5,k=1.2", "float32", "ok", num_grad(_cure, "float32", b=0.5, k=1.2)),
    # the cured share e^-800 and the uncured survival e^-900 both underflow: log(0)
    Case(J, "cure_log_survival", "b=-800,k=2", "float64", "unstable", num_grad(_cure, b=-800, k=2),
         "return jnp.log(cured + (1.0 - cured) * jnp.exp(-FOLLOW_UP ** k))"),
    Case(J, "cure_log_survival_stable", "b=-800,k=2", "float64", "ok", num_grad(_cure, b=-800, k=2)),
    Case(J, "cure_log_survival_stable", "b=0.5,k=1.2", "float64", "ok", num_grad(_cure, b=0.5, k=1.2)),
    Case(J, "cure_log_survival_stable", "b=-80,k=2", "float32", "ok", num_grad(_cure, "float32", b=-80, k=2)),
    Case(J, "log_excess", "a=1,c=0", "float64", "ok", _log_excess_slopes(1, 0)),
    Case(J, "log_excess", "a=712,c=5", "float64", "ok", _log_excess_slopes(712, 5)),
    # the signed terms nearly cancel: 1 - e^-3e-10 keeps 7 digits, the slopes 3e9
    Case(J, "log_excess", "a=3e-10,c=0", "float64", "unstable", _log_excess_slopes(3e-10, 0)),
    # a - c = 1.00000008e-10 exactly: JAX's slopes keep all but 5e-11 of themselves, within float64's tolerance
    Case(J, "log_excess", "a=1.0000000001,c=1", "float64", "ok", _log_excess_slopes(1.0000000001, 1)),
    Case(J, "log_excess_naive", "a=1,c=0", "float64", "ok", _log_excess_slopes(1, 0)),
    # e^712 overflows
    Case(J, "log_excess_naive", "a=712,c=5", "float64", "unstable", _log_excess_slopes(712, 5),
         "return jnp.log(jnp.exp(a) - jnp.exp(c))"),
    Case(J, "combined_magnitude", "m=[5,6.5]", "float64", "ok", _magnitude_slopes([5, 6.5])),
    Case(J, "combined_magnitude", "m=[5,6.5]", "float32", "ok", _magnitude_slopes([5, 6.5], "float32")),
    # 10^-360 underflows: log10(0)
    Case(J, "combined_magnitude", "m=[900,901]", "float64", "unstable", _magnitude_slopes([900, 901]),
         "return -2.5 * jnp.log10(jnp.sum(10.0 ** (-0.4 * m)))"),
    # 10^-44 is a float32 subnormal of a few bits
    Case(J, "combined_magnitude", "m=[110,111]", "float32", "unstable", _magnitude_slopes([110, 111], "float32")),
    Case(J, "combined_magnitude_stable", "m=[900,901]", "float64", "ok", _magnitude_slopes([900, 901], stable=True)),
    Case(J, "combined_magnitude_stable", "m=[110,111]", "float32", "ok",
         _magnitude_slopes([110, 111], "float32", stable=True)),
    # the population settles on 1 as (r - 1)^40: its slope 3e-11 is carried by 1 - x, 2e-11 from terms of 1
    Case(J, "ricker_population", "r=1.5", "float64", "unstable", num_grad(_ricker(), r=1.5),
         "return jax.lax.fori_loop(0, 40, lambda i, x: x * jnp.exp(r * (1.0 - x)), 0.2 * jnp.ones_like(r))"),
    Case(J, "ricker_population", "r=2.3", "float64", "ok", num_grad(_ricker(), r=2.3)),
    Case(J, "ricker_population", "r=2.3", "float32", "ok", num_grad(_ricker("float32"), "float32", r=2.3)),
    Case(J, "ricker_fit", None, "float64", "ok", _ricker_fit_tree(), args="ricker_fit_args", wrt="params"),
    Case(J, "theis_drawdown", "transmissivity=0.001,storativity=0.0001", "float64", "ok",
         num_grad(_theis(), transmissivity=0.001, storativity=0.0001)),
    Case(J, "theis_drawdown", "transmissivity=0.001,storativity=0.0001", "float32", "ok",
         num_grad(_theis("float32"), "float32", transmissivity=0.001, storativity=0.0001)),
    Case(J, "log_drawdown", "t=3600", "float64", "ok", _each("t", _log_drawdown_slope, [3600])),
    Case(J, "log_drawdown", "t=1", "float64", "ok", _each("t", _log_drawdown_slope, [1])),
    # a millisecond in: u = 2500, E1(u) = 3e-1089 underflows
    Case(J, "log_drawdown", "t=0.001", "float64", "unstable", _each("t", _log_drawdown_slope, [0.001]),
         "return jnp.log(PUMPING / (4.0 * math.pi * 1e-3) * exp1(u))"),
    Case(J, "gamma_log_tail", "x=5", "float64", "ok", _each("x", _gamma3_log_tail_slope, [5])),
    Case(J, "gamma_log_tail", "x=40", "float64", "ok", _each("x", _gamma3_log_tail_slope, [40])),
    # Q(3, 800) = e^-800 (1 + 800 + 320000) underflows inside JAX's logsf
    Case(J, "gamma_log_tail", "x=800", "float64", "unstable", _each("x", _gamma3_log_tail_slope, [800]),
         "return gamma.logsf(x, 3.0)"),
]


FORWARDS = [0.02, 0.025, 0.03, 0.035]

NUMPY = [
    Case(N, "vasicek_log_price", "a=0.5,t=5", "float64", "ok", num_grad(_vasicek(), a=0.5, t=5)),
    Case(N, "vasicek_log_price", "a=1e-06,t=5", "float64", "unstable", num_grad(_vasicek(), a=1e-6, t=5),
         "return (0.05 - 0.01 ** 2 / (2.0 * a ** 2)) * (b - t) - 0.01 ** 2 * b ** 2 / (4.0 * a) - b * 0.03"),
    Case(N, "merton_call", "sigma=0.2,lam=0.5", "float64", "ok", num_grad(_merton, sigma=0.2, lam=0.5)),
    Case(N, "merton_call", "sigma=0.05,lam=3", "float64", "ok", num_grad(_merton, sigma=0.05, lam=3)),
    Case(N, "log_discount", "t=1.5", "float64", "ok", _each("t", _log_discount_slope, [1.5])),
    Case(N, "log_discount", "t=0.25", "float64", "ok", _each("t", _log_discount_slope, [0.25])),
    # a knot: slope -2 log(1.0125) from the left, -log(1.03) from the right
    Case(N, "log_discount", "t=1", "float64", "domain", _each("t", _log_discount_slope, [1])),
    # the ends: the first and last intervals' lines carry on past them, no kink
    Case(N, "log_discount", "t=3", "float64", "ok", _each("t", _log_discount_slope, [3])),
    Case(N, "log_discount", "t=0", "float64", "ok", _each("t", _log_discount_slope, [0])),
    Case(N, "bond_price", "forwards=[0.02,0.025,0.03,0.035]", "float64", "ok", num_grad(_bond, forwards=FORWARDS)),
    Case(N, "min_variance", "vols=[0.1,0.2,0.15],rho=0.3", "float64", "ok",
         num_grad(_min_variance, vols=[0.1, 0.2, 0.15], rho=0.3)),
    Case(N, "min_variance", "vols=[0.3,0.1,0.2],rho=-0.2", "float64", "ok",
         num_grad(_min_variance, vols=[0.3, 0.1, 0.2], rho=-0.2)),
    Case(N, "ph_weak_acid", "conc=0.1,ka=1.8e-05", "float64", "ok", num_grad(_ph_quadratic, conc=0.1, ka=1.8e-5)),
    Case(N, "ph_weak_acid", "conc=1e-12,ka=1", "float64", "unstable", num_grad(_ph_quadratic, conc=1e-12, ka=1),
         "h = (-ka + np.sqrt(ka ** 2 + 4 * ka * conc)) / 2"),
    Case(N, "ph_newton", "conc=0.01,ka=1.8e-05", "float64", "ok", _ph_charge_slopes(0.01, 1.8e-5)),
    Case(N, "ph_newton", "conc=1e-09,ka=1.8e-05", "float64", "ok", _ph_charge_slopes(1e-9, 1.8e-5)),
    Case(N, "cure_log_survival", "b=0.5,k=1.2", "float64", "ok", num_grad(_cure, b=0.5, k=1.2)),
    # the weight expit(-800) = e^-800 underflows to 0: logsumexp drops the cured share, -900 for -800
    Case(N, "cure_log_survival", "b=-800,k=2", "float64", "unstable", num_grad(_cure, b=-800, k=2),
         "cured = scipy.special.expit(b)"),
    Case(N, "cure_log_survival_stable", "b=-800,k=2", "float64", "ok", num_grad(_cure, b=-800, k=2)),
    Case(N, "log_excess", "a=1,c=0", "float64", "ok", _log_excess_slopes(1, 0)),
    Case(N, "log_excess", "a=712,c=5", "float64", "ok", _log_excess_slopes(712, 5)),
    Case(N, "log_excess_naive", "a=712,c=5", "float64", "unstable", _log_excess_slopes(712, 5),
         "return np.log(np.exp(a) - np.exp(c))"),
    Case(N, "log_excess_naive", "a=1,c=0", "float64", "ok", _log_excess_slopes(1, 0)),
    Case(N, "combined_magnitude", "m=[5,6.5]", "float64", "ok", _magnitude_slopes([5, 6.5])),
    Case(N, "combined_magnitude", "m=[900,901]", "float64", "unstable", _magnitude_slopes([900, 901]),
         "return -2.5 * np.log10(np.sum(np.power(10.0, -0.4 * m)))"),
    Case(N, "combined_magnitude_reduce", "m=[900,901]", "float64", "ok", _magnitude_slopes([900, 901], stable=True)),
    Case(N, "combined_magnitude_reduce", "m=[5,6.5,4]", "float64", "ok", _magnitude_slopes([5, 6.5, 4], stable=True)),
    Case(N, "ricker_population", "r=1.5", "float64", "unstable", num_grad(_ricker(), r=1.5),
         "x[k + 1] = x[k] * np.exp(r * (1.0 - x[k]))"),
    Case(N, "ricker_population", "r=2.3", "float64", "ok", num_grad(_ricker(), r=2.3)),
    Case(N, "log_drawdown", "t=3600", "float64", "ok", _each("t", _log_drawdown_slope, [3600])),
    Case(N, "log_drawdown", "t=0.001", "float64", "unstable", _each("t", _log_drawdown_slope, [0.001]),
         "return np.log(0.01 / (4.0 * np.pi * 1e-3) * scipy.special.exp1(u))"),
    Case(N, "pareto_log_tail", "x=3,c=0.5", "float64", "ok", _genpareto_slopes(3, 0.5)),
    Case(N, "pareto_log_tail", "x=3,c=1e-12", "float64", "ok", _genpareto_slopes(3, 1e-12)),
    # the exponential limit: SciPy's logsf is -x / 2 there, and analytic in c
    Case(N, "pareto_log_tail", "x=3,c=0", "float64", "ok", _genpareto_slopes(3, 0)),
    Case(N, "pareto_log_tail", "x=3,c=-0.1", "float64", "ok", _genpareto_slopes(3, -0.1)),
    # the survival e^-(x^2.5) underflows at x = 50; SciPy's logsf is -x^2.5 itself
    Case(N, "weibull_log_tail", "x=50", "float64", "ok", _each("x", lambda x: -_f(2.5) * x ** _f(1.5), [50])),
    Case(N, "weibull_log_tail", "x=0.001", "float64", "ok", _each("x", lambda x: -_f(2.5) * x ** _f(1.5), [0.001])),
    # -x^2.5 and the flat log survival 0 left of 0 meet with slope 0
    Case(N, "weibull_log_tail", "x=0", "float64", "ok", _each("x", lambda x: mp(0), [0])),
]

ALL = JAX + NUMPY
