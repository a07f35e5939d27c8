"""The fifteenth trial set (first half): normalizing flows, mixtures, survival analysis, distributions' tails, option
pricing, physical potentials, scan recurrences and special functions, in JAX and in plain NumPy and SciPy.

Truths are the mathematics written here in mpmath, differentiated by mpmath.diff at 2,000 digits or in closed form,
never the user files' code; points are the numbers the dtype holds, constants the float64 numbers the program
writes. A coordinate with no derivative is written NaN by hand.
"""

import mpmath

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp
from cases12a import _f, num_grad

J, N, S = "jax_lib15a.py", "numpy_lib15a.py", "scipy_only15a.py"


# --- the mathematics, written here -----------------------------------------------------------------------------------

def _lse(values):
    top = max(values)
    return top + mpmath.log(sum(mpmath.exp(v - top) for v in values))


def _coupling(x, w):
    h = [mpmath.tanh(x[0] * w[0][j] + x[1] * w[1][j]) for j in range(4)]
    log_s = [2 * mpmath.tanh(v / 2) for v in h[:2]]
    y2 = [x[2 + k] * mpmath.exp(log_s[k]) + h[2 + k] for k in range(2)]
    return sum(v * v for v in [x[0], x[1], *y2]) / 2 - sum(log_s)


COUPLING_X = [0.3, -1.2, 2.0, 0.5]
COUPLING_W = [[0.5, -0.3, 0.2, 1.0], [0.1, 0.8, -0.6, 0.4]]
MUS = (-2, 0, 3)


def _normal_mixture_nll(x, logits):
    log_pi = [v - _lse(logits) for v in logits]
    half_log_2pi = mpmath.log(2 * mpmath.pi) / 2
    return -sum(_lse([-(xi - m) ** 2 / 2 - half_log_2pi + lp for m, lp in zip(MUS, log_pi)]) for xi in x)


def _mixture_loglik(x, log_w):
    return sum(_lse([-(xi - m) ** 2 / 2 + lw for m, lw in zip(MUS, log_w)]) for xi in x)


def _weibull_nll(log_k, log_lam):
    t = [_f(0.5), _f(1.2), mp(3), _f(7.5)]
    event = [1, 1, 0, 1]
    k, lam = mpmath.exp(log_k), mpmath.exp(log_lam)
    total = mp(0)
    for ti, e in zip(t, event):
        z = (ti / lam) ** k
        total += (log_k - log_lam + (k - 1) * mpmath.log(ti / lam) - z) if e else -z
    return -total


COX_X = [[1.0, 0.5], [-0.3, 2.0], [2.2, -1.0], [0.0, 0.7], [1.5, 1.5]]
COX_EVENT = [1, 0, 1, 1, 0]


def _cox(beta):
    eta = [sum(_f(a) * b for a, b in zip(row, beta)) for row in COX_X]
    return -sum(eta[i] - _lse(eta[i:]) for i in range(5) if COX_EVENT[i])


def _norm_tail_slope(x):
    """d/dx [log Phi(x) + log(1 - Phi(-x))] = 2 phi(x) / Phi(x)."""
    return hp(lambda: {"x": 2 * mpmath.npdf(mp(x)) / mpmath.ncdf(mp(x))})


def _psi(v):
    """digamma to 100 digits (the truths' 2,000 would cost minutes; nothing here cancels digamma's digits)."""
    with mpmath.workdps(100):
        return +mpmath.digamma(v)


def _t_slopes(x, df):
    """d/dx and d/d df of sum log f(x | df), Student's t: -(df + 1) x / (df + x^2) and psi((df + 1)/2)/2 - psi(df/2)/2
    - 1/(2 df) - log1p(x^2/df)/2 + (df + 1) x^2 / (2 df (df + x^2)) per point."""
    def truth():
        nu = _f(df)
        xs = [_f(v) for v in x]
        common = _psi((nu + 1) / 2) / 2 - _psi(nu / 2) / 2 - 1 / (2 * nu)
        return {"x": [-(nu + 1) * v / (nu + v * v) for v in xs],
                "df": sum(common - mpmath.log1p(v * v / nu) / 2 + (nu + 1) * v * v / (2 * nu * (nu + v * v)) for v in xs)}
    return hp(truth)


def _gamma_slopes(x, a, dtype="float64"):
    """d/dx and d/da of sum (a - 1) log x - x - log Gamma(a): (a - 1)/x - 1 and sum log x - psi(a)."""
    def truth():
        av = _in(dtype, [a])[0]
        xs = _in(dtype, x)
        return {"x": [(av - 1) / v - 1 for v in xs], "a": sum(mpmath.log(v) - _psi(av) for v in xs)}
    return hp(truth)


def _black_scholes(sigma, spot, strike=mp(105), dtype="float64"):
    rate, tau = _in(dtype, [0.01])[0], _f(0.5)  # the literal 0.01 meets the dtype's data: float32 rounds it
    d1 = (mpmath.log(spot / strike) + (rate + sigma * sigma / 2) * tau) / (sigma * mpmath.sqrt(tau))
    d2 = d1 - sigma * mpmath.sqrt(tau)
    return spot * mpmath.ncdf(d1) - strike * mpmath.exp(-rate * tau) * mpmath.ncdf(d2)


def _call(sigma, spot):
    return _black_scholes(sigma, spot, strike=mp(100))


def _call32(sigma, spot):
    return _black_scholes(sigma, spot, strike=mp(100), dtype="float32")


def _implied_vol_slope(price):
    """d sigma / d price = 1 / vega at the volatility that prices the call at ``price`` (Newton has converged)."""
    def truth():
        spot, p = mp(100), _f(price)
        sigma = mpmath.findroot(lambda s: _black_scholes(s, spot) - p, _f(0.3))
        tau = _f(0.5)
        d1 = (mpmath.log(spot / 105) + (_f(0.01) + sigma * sigma / 2) * tau) / (sigma * mpmath.sqrt(tau))
        return {"price": 1 / (spot * mpmath.npdf(d1) * mpmath.sqrt(tau))}
    return hp(truth)


def _lennard_jones(r):
    return sum(4 * ((1 / v) ** 12 - (1 / v) ** 6) for v in r)


def _coulomb(x):
    return sum(1 / mpmath.sqrt((x[i] - x[j]) ** 2 + _f(1e-12)) for i in range(3) for j in range(3) if i != j) / 2


def _morse(r):
    return _f(4.7) * (1 - mpmath.exp(-_f(1.9) * (r - _f(0.74)))) ** 2


def _ema(x, alpha):
    m, total = mp(0), mp(0)
    for v in x:
        m = alpha * m + (1 - alpha) * v
        total += m * m
    return total


def _rnn(w, x):
    h = mp(0)
    for v in x:
        h = mpmath.tanh(w * h + v)
    return h * h


def _cold_softmax(z, temp):
    return 1 / sum(mpmath.exp((v - z[0]) / temp) for v in z)


def _log_diff_exp_slopes(a, b):
    def truth():
        gap = _f(b) - _f(a)
        d = -mpmath.expm1(gap)  # 1 - e^(b - a), exact at any precision
        return {"a": 1 / d, "b": -mpmath.exp(gap) / d}
    return hp(truth)


VM = (0.5, -0.5, 0.25, -0.25)


def _von_mises(mu, kappa):
    return sum(-kappa * mpmath.cos(_f(v) - mu) + mpmath.log(2 * mpmath.pi * mpmath.besseli(0, kappa)) for v in VM)


def _interp_area(x):
    return _f(0.5) + x[0] + _f(1.5) * x[1]


def _survival(h):
    total, s = mp(0), mp(1)
    for v in h:
        s *= 1 - v
        total += mpmath.log(s)
    return total


def _polar(x, y):
    return mpmath.hypot(x, y) + mpmath.atan2(y, x)


def _sinc(v):
    return mp(1) if v == 0 else mpmath.sin(mpmath.pi * v) / (mpmath.pi * v)


def _sinc_slopes(x):
    def slope(v):
        v = _f(v)
        if v == 0:
            return mp(0)
        return (mpmath.cos(mpmath.pi * v) * mpmath.pi * v - mpmath.sin(mpmath.pi * v)) / (mpmath.pi * v * v)
    return hp(lambda: {"x": [slope(v) for v in x]})


def _log_erfcx_slopes(x):
    """d/dx log erfcx(x) = 2x - 2 / (sqrt(pi) erfcx(x)), erfcx(x) = e^(x^2) erfc(x)."""
    def slope(v):
        v = _f(v)
        return 2 * v - 2 / (mpmath.sqrt(mpmath.pi) * mpmath.exp(v * v) * mpmath.erfc(v))
    return hp(lambda: {"x": [slope(v) for v in x]})


def _bessel_ratio_slopes(x):
    """d/dx log(I1(x)/I0(x)) = I0/I1 - 1/x - I1/I0 (I1' = I0 - I1/x, I0' = I1)."""
    def slope(v):
        v = _f(v)
        i0, i1 = mpmath.besseli(0, v), mpmath.besseli(1, v)
        return i0 / i1 - 1 / v - i1 / i0
    return hp(lambda: {"x": [slope(v) for v in x]})


def _gamma_tail_slopes(a, x):
    """d/da and d/dx of log Q(a, x), Q the regularized upper incomplete gamma function: d/dx is -x^(a-1) e^-x /
    Gamma(a, x); d/da by mpmath.diff at 120 digits (the incomplete gamma function at 2,000 would cost minutes, and
    nothing here cancels)."""
    def truth():
        av, xv = _f(a), _f(x)
        with mpmath.workdps(120):
            da = mpmath.diff(lambda s: mpmath.log(mpmath.gammainc(s, xv, mpmath.inf, regularized=True)), av)
            dx = -xv ** (av - 1) * mpmath.exp(-xv) / mpmath.gammainc(av, xv, mpmath.inf)
        return {"a": +da, "x": +dx}
    return hp(truth)


def _trapezoid(t):
    grid = [mp(0), t, mp(1), mp(3)]
    return sum((mpmath.exp(-grid[k]) + mpmath.exp(-grid[k + 1])) * (grid[k + 1] - grid[k]) / 2 for k in range(3))


JAX = [
    Case(J, "coupling_logdet", None, "float64", "ok",
         num_grad(_coupling, x=COUPLING_X, w=COUPLING_W), args="coupling_args"),
    # a component with log-weight -700 and a point 40 from the nearest mean: log-space throughout
    Case(J, "mixture_nll", "x=[-2,40],logits=[0,-700,0]", "float64", "ok",
         num_grad(_normal_mixture_nll, x=[-2, 40], logits=[0, -700, 0])),
    Case(J, "mixture_nll_naive", "x=[-2,40],logits=[0,-700,0]", "float64", "ok",
         num_grad(_normal_mixture_nll, x=[-2, 40], logits=[0, -700, 0])),
    Case(J, "weibull_nll", "log_k=3,log_lam=-2", "float64", "ok", num_grad(_weibull_nll, log_k=3, log_lam=-2)),
    Case(J, "cox_partial", "beta=[0.5,-0.2]", "float64", "ok", num_grad(_cox, beta=[0.5, -0.2])),
    Case(J, "cox_partial", "beta=[400,-300]", "float64", "ok", num_grad(_cox, beta=[400, -300])),
    Case(J, "norm_tail", "x=-40", "float64", "ok", _norm_tail_slope(-40)),
    Case(J, "norm_tail", "x=-40", "float32", "ok", _norm_tail_slope(-40)),
    # log Phi(-1e5) = -5e9 - 12.4: JAX's rule exp(-x^2/2 - log Phi) cancels two numbers near -5e9
    Case(J, "norm_tail", "x=-1e5", "float64", "unstable", _norm_tail_slope(-1e5), "stats.norm.logcdf(x)"),
    Case(J, "t_loglik", "x=[0.5,1e10],df=3", "float64", "ok", _t_slopes([0.5, 1e10], 3)),
    # df = 1e12: the log-gamma difference and log(df pi)/2 are 1e13-sized terms of a number near -1
    Case(J, "t_loglik", "x=[0.5,3],df=1e12", "float64", "unstable", _t_slopes([0.5, 3], 1e12),
         "stats.t.logpdf(x, df)"),
    Case(J, "gamma_loglik", "x=[1e-300,2],a=0.5", "float64", "ok", _gamma_slopes([1e-300, 2], 0.5)),
    Case(J, "gamma_loglik", "x=[1e-30,2],a=1e-3", "float32", "ok",
         _gamma_slopes([1e-30, 2], 1e-3, "float32")),
    # a call 19 standard deviations out of the money: value 1.4e-85, right in float64
    Case(J, "black_scholes_call", "sigma=0.05,spot=50", "float64", "ok", num_grad(_call, sigma=0.05, spot=50)),
    # and in float32, where it is 0: right to every digit float32 has
    Case(J, "black_scholes_call", "sigma=0.05,spot=50", "float32", "ok",
         num_grad(_call32, dtype="float32", sigma=0.05, spot=50)),
    # 98 standard deviations: value 5e-2062, its slopes 1e-2056 and 1e-2059
    Case(J, "black_scholes_call", "sigma=0.01,spot=50", "float64", "ok", num_grad(_call, sigma=0.01, spot=50)),
    Case(J, "implied_vol", "price=3.5", "float64", "ok", _implied_vol_slope(3.5)),
    Case(J, "lennard_jones", "r=[0.01,1.12]", "float64", "ok", num_grad(_lennard_jones, r=[0.01, 1.12])),
    # r = 1e-4: the energy 4e48 is past float32's range
    Case(J, "lennard_jones", "r=[1e-4,1.12]", "float32", "domain",
         num_grad(_lennard_jones, dtype="float32", r=[1e-4, 1.12])),
    Case(J, "coulomb_soft", "x=[0,0,1]", "float64", "ok", num_grad(_coulomb, x=[0, 0, 1])),
    # at the equilibrium r = r_e the slope 2 D a e^(-a (r - r_e)) (1 - e^(-a (r - r_e))) is exactly 0
    Case(J, "morse", "r=0.74", "float64", "ok", hp(lambda: {"r": mp(0)})),
    Case(J, "morse", "r=0.2", "float64", "ok", num_grad(_morse, r=0.2)),
    Case(J, "ema", "x=[1,2,3,4],alpha=0.9", "float64", "ok", num_grad(_ema, x=[1, 2, 3, 4], alpha=0.9)),
    Case(J, "ema", "x=[1,2,3,4],alpha=0.9999999", "float32", "ok",
         num_grad(_ema, dtype="float32", x=[1, 2, 3, 4], alpha=0.9999999)),
    Case(J, "rnn_loss", "w=0.5,x=[1,-2,0.5]", "float64", "ok", num_grad(_rnn, w=0.5, x=[1, -2, 0.5])),
    # lax.cond at its switch: log1p and expm1 meet with slope 1
    Case(J, "cond_loss", "x=0", "float64", "ok", hp(lambda: {"x": mp(1)})),
    Case(J, "cond_loss", "x=1e-20", "float64", "ok", hp(lambda: {"x": 1 / (1 + _f(1e-20))})),
    # a knot of jnp.interp where its slope goes from 2 to -1; the polynomial's slope x - 1 is 0 there
    Case(J, "interp_poly", "x=1", "float64", "domain", hp(lambda: {"x": NAN})),
    Case(J, "interp_poly", "x=1.5", "float64", "ok", hp(lambda: {"x": mp(-1) + mp(0.5)})),
    # sum(solve(a, b)) is 2 for every t: its slope is exactly 0
    Case(J, "solve_ill", "t=0.5", "float64", "ok", hp(lambda: {"t": mp(0)})),
    # float32's 1 + t is 1: the matrix is singular there, the value NaN, while the exact value 2 is finite
    Case(J, "solve_ill", "t=1e-10", "float32", "unstable", hp(lambda: {"t": mp(0)})),
    Case(J, "solve_second", "t=0.5", "float64", "ok", hp(lambda: {"t": mp(-4)})),
    # temperature 1e-3: 1 - softmax_0 = e^-500 is lost, and the temperature's slope comes out with the wrong sign
    Case(J, "cold_softmax", "z=[1,0.5,-1],temp=1e-3", "float64", "unstable",
         num_grad(_cold_softmax, z=[1, 0.5, -1], temp=1e-3), "jax.nn.softmax(z / temp)[0]"),
    Case(J, "log_diff_exp", "a=0,b=-1e-20", "float64", "ok", _log_diff_exp_slopes(0, -1e-20)),
    Case(J, "log_diff_exp_naive", "a=800,b=799", "float64", "unstable", _log_diff_exp_slopes(800, 799),
         "jnp.log(jnp.exp(a) - jnp.exp(b))"),
    Case(J, "von_mises_nll", "mu=0,kappa=2", "float64", "ok", num_grad(_von_mises, mu=0, kappa=2)),
    Case(J, "softmax_total", "z=[1,2,3]", "float64", "ok", hp(lambda: {"z": [mp(0)] * 3})),
]

NUMPY = [
    Case(N, "interp_area", "x=[2,0.5]", "float64", "ok", num_grad(_interp_area, x=[2, 0.5])),
    # a knot where both sides have slope -1: no kink
    Case(N, "interp_at", "t=2", "float64", "ok", hp(lambda: {"t": mp(-1)})),
    Case(N, "interp_at", "t=4", "float64", "domain", hp(lambda: {"t": NAN})),
    Case(N, "interp_at", "t=5", "float64", "ok", hp(lambda: {"t": mp(0)})),
    Case(N, "survival_curve", "h=[0.1,1e-20,0.5]", "float64", "ok", num_grad(_survival, h=[0.1, 1e-20, 0.5])),
    # sum_k log S_k = sum_k sum_{j <= k} log(1 - h_j): the pole is h_1's; h_0 and h_2 keep their slopes beside it,
    # -3 / (1 - h_0) and -1 / (1 - h_2) (round 25b's P1: a pole's own inputs alone have no derivative)
    Case(N, "survival_curve", "h=[0.1,1,0.5]", "float64", "domain",
         hp(lambda: {"h": [-3 / (1 - _f(0.1)), NAN, -1 / (1 - mp("0.5"))]})),
    Case(N, "mixture_loglik", "x=[-2,40],log_w=[0,-700,0]", "float64", "ok",
         num_grad(_mixture_loglik, x=[-2, 40], log_w=[0, -700, 0])),
    # the origin: hypot's cone and atan2's undefined angle
    Case(N, "polar", "x=0,y=0", "float64", "domain", hp(lambda: {"x": NAN, "y": NAN})),
    # on atan2's cut: a jump of 2 pi in y; in x the slope is x/r = -1
    Case(N, "polar", "x=-1,y=0", "float64", "domain", hp(lambda: {"x": mp(-1), "y": NAN})),
    Case(N, "polar", "x=1e-300,y=1e-300", "float64", "ok", num_grad(_polar, x=1e-300, y=1e-300)),
    Case(N, "sinc_sum", "x=[0,1e-9,2]", "float64", "ok", _sinc_slopes([0, 1e-9, 2])),
    Case(N, "solve_sum", "t=0.5", "float64", "ok", hp(lambda: {"t": mp(0)})),
    Case(N, "softmax_total", "z=[1,2,3]", "float64", "ok", hp(lambda: {"z": [mp(0)] * 3})),
    # ndtri(ndtr(x / 40)) is x / 40 as mathematics
    Case(N, "probit_tail", "x=-40", "float64", "ok",
         hp(lambda: {"x": mpmath.npdf(-40) / mpmath.ncdf(-40) + mp(1) / 40})),
    Case(N, "mills_sum", "x=[-5,30,1e10]", "float64", "ok", _log_erfcx_slopes([-5, 30, 1e10])),
    # log p as logit(p) + log_expit(-logit(p)): the sum cancels 16.1 against -16.1 to leave -1e-7
    Case(N, "logit_roundtrip", "p=0.9999999", "float64", "unstable", hp(lambda: {"p": 1 / _f(0.9999999)}),
         "special.logit(p) + special.log_expit"),
    Case(N, "gamma_tail", "a=0.5,x=50", "float64", "ok", _gamma_tail_slopes(0.5, 50)),
    # at 1e10 the slope 5e-21 is what is left of two terms near -5e-11: every float64 program loses it
    Case(N, "bessel_ratio", "x=[1e-8,3,1e10]", "float64", "unstable", _bessel_ratio_slopes([1e-8, 3, 1e10]),
         "np.log(special.i1e(x) / special.i0e(x))"),
    # kve was refused when this round ran; gradcli differentiates it since: K_{1/2}(x) e^x is sqrt(pi / (2x)) exactly,
    # its slope -sqrt(pi / 2) x^(-3/2) / 2
    Case(N, "bessel_kve", "x=1", "float64", "ok", hp(lambda: {"x": -mpmath.sqrt(mpmath.pi / 2) / 2})),
    # mu = 0 is the maximum-likelihood estimate (the data are symmetric): the slope in mu is exactly 0
    Case(N, "von_mises_nll", "mu=0,kappa=2", "float64", "ok", num_grad(_von_mises, mu=0, kappa=2)),
    Case(N, "von_mises_nll", "mu=0.1,kappa=2", "float64", "ok", num_grad(_von_mises, mu=0.1, kappa=2)),
    Case(N, "trapezoid_nonuniform", "t=0.4", "float64", "ok", num_grad(_trapezoid, t=0.4)),
    Case(S, "log_normal_cdf", "x=-40", "float64", "ok", _norm_tail_slope(-40)),
]

ALL = JAX + NUMPY
