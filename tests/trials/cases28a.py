"""The twenty-eighth trial set (first third): in JAX, the translation of SE(3)'s exponential map by Rodrigues' V near
the identity (naive, by a Taylor switch, by a custom_jvp holding the series' slope), Bateman's oral dose at ka = ke and
1e-7 from it (naive, by expm1 behind a where) and its log-likelihood on log-scale parameters, Erlang's loss formula by a
fori_loop recursion, by powers over factorials, by logsumexp and by a custom_vjp missing a term, Erlang C, the
log-spectral distance and the Itakura-Saito divergence of power spectra at a perfect match and 1e-9 from it, the
spectral flatness, Gaussian variogram fits in log space by 1 - exp and by expm1, a spherical variogram at its range,
ordinary kriging by jnp.linalg.solve, the Lorentz factor 1e-9 below c by 1 - v^2 and by (1 - v)(1 + v), the log kinetic
energy at 1e-5 c, rapidities, velocity addition, custom_jvp Lorentz factors (one with a sign slip), Hill's equation at a
cooperativity of 1024 by powers and by a sigmoid, GGX at a mirror's roughness, and a mixture density network 40 sigmas
from its means; in plain NumPy, the same SE(3) translation with np.cross and an if, a rotation's angle by arctan2 at
the identity, Bateman's dose by exprel and a two-dose area by np.trapezoid, Erlang B by a Python loop and by
gammaln/logsumexp, Erlang C's wait, an M/M/1 log-wait at rho -> 1, framed log-spectral distances by np.fft.rfft with and
without a floor, Itakura-Saito in a loop, a cepstral distance by irfft, Matern 3/2 fits in log space, kriging as a
function of the sites (a distance matrix by sqrt of squares, its zero diagonal, and by np.abs), a kriging variance
by np.block, relativity, Hill by expit, GGX, Schlick's Fresnel and the Gibbs energy of mixing by xlogy, and
scipy.special.factorial.

Truths are the mathematics written here in mpmath (closed forms, or mpmath.diff at 2,000 digits through `num_grad`),
never the user files' code; points are the numbers the dtype holds, constants the numbers the program writes (in the
dtype it computes them in). A coordinate with no derivative is written NaN by hand.
"""

import math

import mpmath
import numpy as np

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp
from cases12a import _f, num_grad
from cases22b import _each, _sig
from cases24b import _fixed
from cases27a import SIGNAL, SIGNAL_AT, _c, _frames, _rfft, _softmax

J, N = "jax_lib28a.py", "numpy_lib28a.py"


def _cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


RHO = [mp(1), mp(2), mp(3)]


def _se3(w):
    """sum(rho + a (w x rho) + b (w x (w x rho))), a = (1 - cos t) / t^2, b = (t - sin t) / t^3, t = |w| > 0."""
    t2 = sum(v * v for v in w)
    t = mpmath.sqrt(t2)
    a, b = (1 - mpmath.cos(t)) / t2, (t - mpmath.sin(t)) / (t2 * t)
    wr = _cross(w, RHO)
    wwr = _cross(w, wr)
    return sum(RHO) + a * sum(wr) + b * sum(wwr)


# At w = 0, V = I + W / 2 + O(w^2): the slope of sum(W rho) / 2 = w . (rho x 1) / 2.
SE3_AT_ZERO = [v / 2 for v in _cross(RHO, [1, 1, 1])]


def _bateman(ka, ke, t=mp(3)):
    """D ka t e^(-ke t) phi((ka - ke) t) / V, phi(u) = (1 - e^-u) / u (1 at 0): Bateman's curve and its limit."""
    u = (ka - ke) * t
    phi = 1 if u == 0 else -mpmath.expm1(-u) / u
    return 100 * ka * t * mpmath.exp(-ke * t) * phi / 20


def _oral_loglik(log_ka, log_ke):
    ka, ke = mpmath.exp(log_ka), mpmath.exp(log_ke)
    return -sum((_bateman(ka, ke, _f(t)) - _f(c)) ** 2 / 2 / _f(0.04) for t, c in ((0.5, 2.1), (2.0, 3.4), (8.0, 1.2)))


def _erlang_b(a, c=30):
    terms = [a ** k / mpmath.factorial(k) for k in range(c + 1)]
    return terms[-1] / sum(terms)


def _erlang_c(a):
    b = _erlang_b(a)
    return b / (1 - a / 30 * (1 - b))


def _lsd(p, q):
    d = [10 * mpmath.log10(a / b) for a, b in zip(p, q)]
    return mpmath.sqrt(sum(v * v for v in d) / len(d))


def _itakura(p, q, dtype="float64"):
    def truth():
        ps, qs = _in(dtype, p), _in(dtype, q)
        return {"p": [1 / b - 1 / a for a, b in zip(ps, qs)], "q": [1 / b - a / b ** 2 for a, b in zip(ps, qs)]}
    return hp(truth)


def _flatness(p):
    geo = mpmath.exp(sum(mpmath.log(v) for v in p) / len(p))
    return geo / (sum(p) / len(p))


LAGS, SEMIVARIANCE = (0.001, 0.01, 0.1, 1.0), (3e-8, 2e-6, 3e-4, 0.5)


def _gauss_fit(dtype):
    def fit(rng):
        return sum((mpmath.log(-mpmath.expm1(-(_c(dtype, h) / rng) ** 2)) - mpmath.log(_c(dtype, g))) ** 2
                   for h, g in zip(LAGS, SEMIVARIANCE))
    return fit


def _sphere_fit(dtype):
    def fit(rng):
        total = 0
        for h, g in zip((0.5, 1.0, 2.0, 3.0), (0.35, 0.62, 0.97, 1.02)):
            s = mp(h) / rng
            total += ((s * 3 / 2 - s ** 3 / 2 if h < rng else 1) - _c(dtype, g)) ** 2
        return total
    return fit


def _kriging(dtype, values=(1.2, 0.4, -0.3)):
    def predict(rng):
        sites = [mp(0), mp(1), mp("2.5")]
        n = 3
        system = mpmath.matrix(n + 1, n + 1)
        for i in range(n + 1):
            for j in range(n + 1):
                system[i, j] = 1 if i == n or j == n else mpmath.exp(-abs(sites[i] - sites[j]) / rng)
        system[n, n] = 0
        rhs = mpmath.matrix([mpmath.exp(-abs(s - _c(dtype, 1.7)) / rng) for s in sites] + [1])
        weights = mpmath.lu_solve(system, rhs)
        return sum(weights[i] * _c(dtype, values[i]) for i in range(n))
    return predict


def _gamma(v):
    return 1 / mpmath.sqrt((1 - v) * (1 + v))


def _gamma_slope(v):
    return v * _gamma(v) ** 3


def _log_ke_slope(v):
    return _gamma_slope(v) / (_gamma(v) - 1)


def _hill(s, n, dtype="float64"):
    """sigmoid(n (log s - log 2)): d/ds = sig (1 - sig) n / s, d/dn = sig (1 - sig) (log s - log 2)."""
    def truth():
        (sv,), (nv,) = _in(dtype, [s]), _in(dtype, [n])
        z = nv * (mpmath.log(sv) - mpmath.log(2))
        w = _sig(z) * _sig(-z)
        return {"s": [w * nv / sv], "n": w * (mpmath.log(sv) - mpmath.log(2))}
    return hp(truth)


def _ggx(dtype):
    pi = _c(dtype, math.pi)

    def ndf(alpha, n_dot_h):
        a2 = alpha ** 4
        d = n_dot_h ** 2 * (a2 - 1) + 1
        return a2 / (pi * d ** 2)
    return ndf


def _mdn(dtype):
    y = _c(dtype, 0.3)

    def nll(logits, mu, log_sigma):
        pi = _softmax(logits)
        return -mpmath.log(sum(p * mpmath.npdf(y, m, mpmath.exp(s)) for p, m, s in zip(pi, mu, log_sigma)))
    return nll


W_SMALL = [1e-5, 2e-5, -1e-5]
W_SMALL_AT = "w=[1e-5,2e-5,-1e-5]"

JAX = [
    Case(J, "se3_translation", "w=[0.3,-0.2,0.5]", "float64", "ok", num_grad(_se3, w=[0.3, -0.2, 0.5])),
    Case(J, "se3_translation", "w=[0.3,-0.2,0.5]", "float32", "ok", num_grad(_se3, dtype="float32", w=[0.3, -0.2, 0.5])),
    # theta = 2.4e-5: 1 - cos(theta) and theta - sin(theta) are what is left of cancellations (6 and 9 digits lost)
    Case(J, "se3_translation", W_SMALL_AT, "float64", "unstable", num_grad(_se3, w=W_SMALL)),
    # theta = 0.0245: 1 - cos(theta) keeps 3e-4 / 6e-8 of float32's digits, enough for 1e-4 (the slopes are 4e-5 off)
    Case(J, "se3_translation", "w=[0.01,0.02,-0.01]", "float32", "ok",
         num_grad(_se3, dtype="float32", w=[0.01, 0.02, -0.01])),
    # theta = 2.4e-3: 1 - cos(theta) = 3e-6 keeps 2% in float32
    Case(J, "se3_translation", "w=[0.001,0.002,-0.001]", "float32", "unstable",
         num_grad(_se3, dtype="float32", w=[0.001, 0.002, -0.001])),
    Case(J, "se3_translation_taylor", "w=[0.3,-0.2,0.5]", "float64", "ok", num_grad(_se3, w=[0.3, -0.2, 0.5])),
    # the series' next terms (theta^4 / 720) are 1e-22: the program's function is V's to 16 digits and more
    Case(J, "se3_translation_taylor", W_SMALL_AT, "float64", "ok", num_grad(_se3, w=W_SMALL)),
    Case(J, "se3_translation_taylor", "w=[0,0,0]", "float64", "ok", hp(lambda: {"w": SE3_AT_ZERO})),
    # theta^2 = 6e-6 is above the switch float64 was tuned for: float32's cancellations come back
    Case(J, "se3_translation_taylor", "w=[0.001,0.002,-0.001]", "float32", "unstable",
         num_grad(_se3, dtype="float32", w=[0.001, 0.002, -0.001])),
    Case(J, "se3_translation_taylor", "w=[1e-4,2e-4,-1e-4]", "float32", "ok",
         num_grad(_se3, dtype="float32", w=[1e-4, 2e-4, -1e-4])),
    # the rule's -1/24 is the series' slope at 0 alone
    Case(J, "se3_translation_custom", "w=[0.3,-0.2,0.5]", "float64", "wrong", num_grad(_se3, w=[0.3, -0.2, 0.5]),
         "def _one_minus_cos_jvp"),
    Case(J, "se3_translation_custom", W_SMALL_AT, "float64", "ok", num_grad(_se3, w=W_SMALL)),
    Case(J, "oral_concentration", "ka=1.5,ke=0.2", "float64", "ok", num_grad(_bateman, ka=1.5, ke=0.2)),
    Case(J, "oral_concentration", "ka=1.5,ke=0.2", "float32", "ok", num_grad(_bateman, dtype="float32", ka=1.5, ke=0.2)),
    # ka - ke = 1e-7: the difference of exponentials keeps 9 digits, its slope over (ka - ke)^2 far fewer
    Case(J, "oral_concentration", "ka=0.2000001,ke=0.2", "float64", "unstable",
         num_grad(_bateman, ka=0.2000001, ke=0.2)),
    # ka = ke: 0 / 0 in the program as written (its limit is smooth, the program has no value there)
    Case(J, "oral_concentration", "ka=0.2,ke=0.2", "float64", "domain", hp(lambda: {"ka": NAN, "ke": NAN})),
    # at u = 0 exactly the where's branch is the constant 1: its slope 0 is not the limit's -1/2 (u's slope t), so
    # the rule misses ka t phi'(0) where the function (the limit, smooth) has it
    Case(J, "oral_concentration_stable", "ka=0.2,ke=0.2", "float64", "wrong", num_grad(_bateman, ka=0.2, ke=0.2)),
    Case(J, "oral_concentration_stable", "ka=1.5,ke=0.2", "float64", "ok", num_grad(_bateman, ka=1.5, ke=0.2)),
    Case(J, "oral_concentration_stable", "ka=0.21,ke=0.2", "float64", "ok", num_grad(_bateman, ka=0.21, ke=0.2)),
    Case(J, "oral_concentration_stable", "ka=0.2,ke=0.2", "float32", "wrong",
         num_grad(_bateman, dtype="float32", ka=0.2, ke=0.2)),
    Case(J, "oral_log_likelihood", "log_ka=0.4,log_ke=-1.6", "float64", "ok",
         num_grad(_oral_loglik, log_ka=0.4, log_ke=-1.6)),
    Case(J, "oral_log_likelihood", "log_ka=-1.6,log_ke=-1.6", "float64", "domain",
         hp(lambda: {"log_ka": NAN, "log_ke": NAN})),
    Case(J, "erlang_b", "load=20", "float64", "ok", hp(lambda: {"load": mpmath.diff(_erlang_b, mp(20))})),
    Case(J, "erlang_b", "load=20", "float32", "ok", hp(lambda: {"load": mpmath.diff(_erlang_b, mp(20))})),
    Case(J, "erlang_b", "load=100", "float64", "ok", hp(lambda: {"load": mpmath.diff(_erlang_b, mp(100))})),
    Case(J, "erlang_b_naive", "load=20", "float64", "ok", hp(lambda: {"load": mpmath.diff(_erlang_b, mp(20))})),
    # 1e11^30 overflows: inf / inf
    Case(J, "erlang_b_naive", "load=1e11", "float64", "unstable", hp(lambda: {"load": mpmath.diff(_erlang_b, mp(1e11))}),
         "terms = load ** k / jnp.exp(gammaln(k + 1.0))"),
    Case(J, "erlang_b_log", "load=20", "float64", "ok", hp(lambda: {"load": mpmath.diff(_erlang_b, mp(20))})),
    Case(J, "erlang_b_log", "load=100", "float64", "ok", hp(lambda: {"load": mpmath.diff(_erlang_b, mp(100))})),
    # dB/dA = B (c - E[k]) / A and E[k] is 30 - 9e-9: the softmax's mean cancels against 30 (7 digits lost)
    Case(J, "erlang_b_log", "load=1e11", "float64", "unstable", hp(lambda: {"load": mpmath.diff(_erlang_b, mp(1e11))})),
    # the rule's B (c / A - 1) lacks B's own + B
    Case(J, "erlang_b_custom", "load=20", "float64", "wrong", hp(lambda: {"load": mpmath.diff(_erlang_b, mp(20))}),
         "def _erlang_bwd"),
    Case(J, "erlang_c", "load=20", "float64", "ok", hp(lambda: {"load": mpmath.diff(_erlang_c, mp(20))})),
    Case(J, "erlang_c", "load=25", "float32", "ok", hp(lambda: {"load": mpmath.diff(_erlang_c, mp(25))})),
    Case(J, "log_spectral_distance", "p=[1,2,0.5],q=[0.8,2.5,0.4]", "float64", "ok",
         num_grad(_lsd, p=[1, 2, 0.5], q=[0.8, 2.5, 0.4])),
    Case(J, "log_spectral_distance", "p=[1,2,0.5],q=[0.8,2.5,0.4]", "float32", "ok",
         num_grad(_lsd, dtype="float32", p=[1, 2, 0.5], q=[0.8, 2.5, 0.4])),
    # a perfect match: the root of a mean square of zeros is a cone in every bin
    Case(J, "log_spectral_distance", "p=[1,2,0.5],q=[1,2,0.5]", "float64", "domain",
         hp(lambda: {"p": [NAN] * 3, "q": [NAN] * 3})),
    Case(J, "itakura_saito", "p=[1,2],q=[1.5,1]", "float64", "ok", _itakura([1, 2], [1.5, 1])),
    Case(J, "itakura_saito", "p=[1,2],q=[1,2]", "float64", "ok", _itakura([1, 2], [1, 2])),
    # 1 - 1 / r at r = 1 + 1e-9: 7 digits of the slope are rounding
    Case(J, "itakura_saito", "p=[1.000000001],q=[1]", "float64", "unstable", _itakura([1.000000001], [1])),
    Case(J, "spectral_flatness", "p=[1,2,0.5,4]", "float64", "ok", num_grad(_flatness, p=[1, 2, 0.5, 4])),
    Case(J, "spectral_flatness", "p=[1,2,0.5,4]", "float32", "ok", num_grad(_flatness, dtype="float32", p=[1, 2, 0.5, 4])),
    Case(J, "gaussian_variogram_log_fit", "rng=0.05", "float64", "ok", num_grad(_gauss_fit("float64"), rng=0.05)),
    # (h / r)^2 = 1e-8 at the first lag: 1 - exp keeps 8 digits, the log's slope divides by them
    Case(J, "gaussian_variogram_log_fit", "rng=10", "float64", "unstable", num_grad(_gauss_fit("float64"), rng=10),
         "model = 1.0 - jnp.exp(-(h / rng) ** 2)", "expm1"),
    Case(J, "gaussian_variogram_log_fit_expm1", "rng=10", "float64", "ok", num_grad(_gauss_fit("float64"), rng=10)),
    Case(J, "gaussian_variogram_log_fit_expm1", "rng=10", "float32", "ok",
         num_grad(_gauss_fit("float32"), dtype="float32", rng=10)),
    Case(J, "spherical_variogram_fit", "rng=2.5", "float64", "ok", num_grad(_sphere_fit("float64"), rng=2.5)),
    # the range meets the lag 2: the model's two pieces meet with equal values and equal slopes
    Case(J, "spherical_variogram_fit", "rng=2", "float64", "ok", num_grad(_sphere_fit("float64"), rng=2)),
    Case(J, "spherical_variogram_fit", "rng=2", "float32", "ok", num_grad(_sphere_fit("float32"), dtype="float32", rng=2)),
    Case(J, "kriging_prediction", "rng=1.5", "float64", "ok", num_grad(_kriging("float64"), rng=1.5)),
    Case(J, "kriging_prediction", "rng=1.5", "float32", "ok", num_grad(_kriging("float32"), dtype="float32", rng=1.5)),
    Case(J, "lorentz_factor", "v=[0.5,0.9]", "float64", "ok", _each("v", _gamma_slope, [0.5, 0.9])),
    # (1 - v^2 near c is no trial in JAX: XLA contracts 1 - v * v into one fused multiply-add where the CPU has it, so
    # its digits are the machine's; NumPy rounds v * v first, and its case below is unstable)
    Case(J, "lorentz_factor_factored", "v=[0.999999999]", "float64", "ok", _each("v", _gamma_slope, [0.999999999])),
    Case(J, "lorentz_factor_factored", "v=[0.9999]", "float32", "ok", _each("v", _gamma_slope, [0.9999], "float32")),
    Case(J, "log_kinetic_energy", "v=[0.5]", "float64", "ok", _each("v", _log_ke_slope, [0.5])),
    # gamma - 1 = 5e-11 at 1e-5 c: 6 digits left
    Case(J, "log_kinetic_energy", "v=[1e-5]", "float64", "unstable", _each("v", _log_ke_slope, [1e-5])),
    Case(J, "log_kinetic_energy_stable", "v=[1e-5,0.999999999]", "float64", "ok",
         _each("v", _log_ke_slope, [1e-5, 0.999999999])),
    Case(J, "log_kinetic_energy_stable", "v=[1e-3,0.9999]", "float32", "ok",
         _each("v", _log_ke_slope, [1e-3, 0.9999], "float32")),
    Case(J, "rapidity", "v=[0.3,0.999999999]", "float64", "ok",
         _each("v", lambda v: 1 / ((1 - v) * (1 + v)), [0.3, 0.999999999])),
    Case(J, "rapidity_by_logs", "v=[0.3,0.999999999]", "float64", "ok",
         _each("v", lambda v: 1 / ((1 - v) * (1 + v)), [0.3, 0.999999999])),
    Case(J, "rapidity_by_logs", "v=[0.9999]", "float32", "ok",
         _each("v", lambda v: 1 / ((1 - v) * (1 + v)), [0.9999], "float32")),
    Case(J, "velocity_addition", "u=0.6,v=0.7", "float64", "ok",
         hp(lambda: {"u": (1 - _f(0.7) ** 2) / (1 + _f(0.6) * _f(0.7)) ** 2,
                     "v": (1 - _f(0.6) ** 2) / (1 + _f(0.6) * _f(0.7)) ** 2})),
    Case(J, "lorentz_factor_custom", "v=[0.5]", "float64", "wrong", _each("v", _gamma_slope, [0.5]),
         "def _gamma_jvp"),
    Case(J, "lorentz_factor_custom_right", "v=[0.5,0.999999999]", "float64", "ok",
         _each("v", _gamma_slope, [0.5, 0.999999999])),
    Case(J, "hill", "s=[1.8],n=60", "float64", "ok", _hill(1.8, 60)),
    # 2.01^1024 and 2^1024 overflow: inf / inf, where the response is sigmoid(5.1)
    Case(J, "hill", "s=[2.01],n=1024", "float64", "unstable", _hill(2.01, 1024),
         "return jnp.sum(s ** n / (K_HALF ** n + s ** n))"),
    Case(J, "hill", "s=[1.8],n=200", "float32", "unstable", _hill(1.8, 200, "float32")),
    Case(J, "hill_sigmoid", "s=[2.01],n=1024", "float64", "ok", _hill(2.01, 1024)),
    Case(J, "hill_sigmoid", "s=[1.8],n=200", "float32", "ok", _hill(1.8, 200, "float32")),
    # sigmoid(178.5) rounds to 1: JAX's slope ans (1 - ans) is 0 where the truth is 2.6e-78 per unit
    Case(J, "hill_sigmoid", "s=[2.5],n=800", "float64", "unstable", _hill(2.5, 800)),
    Case(J, "ggx_ndf", "alpha=0.5,n_dot_h=0.8", "float64", "ok", num_grad(_ggx("float64"), alpha=0.5, n_dot_h=0.8)),
    Case(J, "ggx_ndf", "alpha=0.5,n_dot_h=0.8", "float32", "ok",
         num_grad(_ggx("float32"), dtype="float32", alpha=0.5, n_dot_h=0.8)),
    # a mirror: (a^2 - 1) + 1 at a^2 = 1e-8 keeps 8 digits
    Case(J, "ggx_ndf", "alpha=0.01,n_dot_h=1", "float64", "unstable", num_grad(_ggx("float64"), alpha=0.01, n_dot_h=1),
         "d = n_dot_h ** 2 * (a2 - 1.0) + 1.0"),
    Case(J, "ggx_ndf", "alpha=0.1,n_dot_h=1", "float32", "unstable",
         num_grad(_ggx("float32"), dtype="float32", alpha=0.1, n_dot_h=1)),
    Case(J, "ggx_ndf_factored", "alpha=0.01,n_dot_h=1", "float64", "ok",
         num_grad(_ggx("float64"), alpha=0.01, n_dot_h=1)),
    Case(J, "ggx_ndf_factored", "alpha=0.1,n_dot_h=1", "float32", "ok",
         num_grad(_ggx("float32"), dtype="float32", alpha=0.1, n_dot_h=1)),
    Case(J, "mdn_nll", "logits=[0.1,0.5],mu=[0,1],log_sigma=[0,-0.5]", "float64", "ok",
         num_grad(_mdn("float64"), logits=[0.1, 0.5], mu=[0, 1], log_sigma=[0, -0.5])),
    Case(J, "mdn_nll", "logits=[0.1,0.5],mu=[0,1],log_sigma=[0,-0.5]", "float32", "ok",
         num_grad(_mdn("float32"), dtype="float32", logits=[0.1, 0.5], mu=[0, 1], log_sigma=[0, -0.5])),
    # 40 and 63 sigmas away: every density underflows, log(0)
    Case(J, "mdn_nll", "logits=[0.1,0.5],mu=[40,45],log_sigma=[0,-0.5]", "float64", "unstable",
         num_grad(_mdn("float64"), logits=[0.1, 0.5], mu=[40, 45], log_sigma=[0, -0.5])),
    Case(J, "mdn_nll_stable", "logits=[0.1,0.5],mu=[40,45],log_sigma=[0,-0.5]", "float64", "ok",
         num_grad(_mdn("float64"), logits=[0.1, 0.5], mu=[40, 45], log_sigma=[0, -0.5])),
    Case(J, "mdn_nll_stable", "logits=[0.1,0.5],mu=[0,1],log_sigma=[0,-0.5]", "float32", "ok",
         num_grad(_mdn("float32"), dtype="float32", logits=[0.1, 0.5], mu=[0, 1], log_sigma=[0, -0.5])),
]


# --- the mathematics of the NumPy file --------------------------------------------------------------------------------


def _two_dose_auc(ka, ke):
    t = [mp(float(v)) for v in np.linspace(0.0, 24.0, 49)]
    c = []
    for tv in t:
        total = 0
        for start in (0, 6):
            dt = max(tv - start, 0)
            total += 0 if dt == 0 else _bateman(ka, ke, dt)
        c.append(total)
    return sum((t[i + 1] - t[i]) * (c[i + 1] + c[i]) / 2 for i in range(48))


REFERENCE = [mp(float(v)) for v in np.cos(0.9 * np.arange(16)) * np.linspace(1.0, 0.5, 16)]
REFERENCE_AT = "x=[" + ",".join(repr(float(v)) for v in np.cos(0.9 * np.arange(16)) * np.linspace(1.0, 0.5, 16)) + "]"


def _frame_lsd(floor):
    def lsd(x):
        total = 0
        frames_y = _frames(REFERENCE)
        for fx, fy in zip(_frames(x), frames_y):
            px = [abs(v) ** 2 + floor for v in _rfft(fx)]
            py = [abs(v) ** 2 + floor for v in _rfft(fy)]
            total += _lsd(px, py)
        return total / 3
    return lsd


def _irfft4(spectrum, n=16):
    """The first four samples of the inverse real FFT of n // 2 + 1 real bins."""
    return [(spectrum[0] + spectrum[-1] * (-1) ** m
             + 2 * sum(spectrum[k] * mpmath.cos(2 * mpmath.pi * k * m / n) for k in range(1, n // 2))) / n
            for m in range(4)]


def _cepstral(x):
    floor = _f(1e-9)
    cx = _irfft4([mpmath.log(abs(v) + floor) for v in _rfft(x)])
    cy = _irfft4([mpmath.log(abs(v) + floor) for v in _rfft(REFERENCE)])
    return sum((a - b) ** 2 for a, b in zip(cx, cy))


def _matern_fit(rng):
    sqrt3 = _f(math.sqrt(3.0))
    total = 0
    for h, g in zip((1e-4, 0.01, 0.5, 2.0), (1e-8, 1e-4, 0.2, 0.8)):
        u = sqrt3 * _f(h) / rng
        total += (mpmath.log(-mpmath.expm1(-u) - u * mpmath.exp(-u)) - mpmath.log(_f(g))) ** 2
    return total


def _kriging_sites(sites, dist):
    """Ordinary kriging at (0.5, 0.5) from sites (rows), covariance e^-d."""
    target = [mp("0.5"), mp("0.5")]
    n = len(sites)
    system = mpmath.matrix(n + 1, n + 1)
    for i in range(n + 1):
        for j in range(n + 1):
            if i == n or j == n:
                system[i, j] = 0 if i == j else 1
            else:
                system[i, j] = 1 if i == j else mpmath.exp(-dist(sites[i], sites[j]))
    rhs = mpmath.matrix([mpmath.exp(-dist(s, target)) for s in sites] + [1])
    weights = mpmath.lu_solve(system, rhs)
    return sum(weights[i] * _f(v) for i, v in enumerate((1.2, 0.4, -0.3)))


def _kriging_2d(sites):
    return _kriging_sites(sites, lambda a, b: mpmath.sqrt(sum((u - v) ** 2 for u, v in zip(a, b))))


def _kriging_1d(sites):
    return _kriging_sites([[s] for s in sites], lambda a, b: abs(a[0] - b[0]))


def _kriging_variance(rng):
    sites = [mp(0), mp(1), mp("2.5")]
    system = mpmath.matrix(4, 4)
    for i in range(4):
        for j in range(4):
            system[i, j] = (0 if i == j else 1) if 3 in (i, j) else mpmath.exp(-abs(sites[i] - sites[j]) / rng)
    rhs = mpmath.matrix([mpmath.exp(-abs(s - _f(1.7)) / rng) for s in sites] + [1])
    solution = mpmath.lu_solve(system, rhs)
    return 1 - sum(solution[i] * rhs[i] for i in range(4))


NUMPY = [
    Case(N, "se3_translation", "w=[0.3,-0.2,0.5]", "float64", "ok", num_grad(_se3, w=[0.3, -0.2, 0.5])),
    Case(N, "se3_translation", W_SMALL_AT, "float64", "unstable", num_grad(_se3, w=W_SMALL)),
    Case(N, "se3_translation_taylor", W_SMALL_AT, "float64", "ok", num_grad(_se3, w=W_SMALL)),
    Case(N, "se3_translation_taylor", "w=[0,0,0]", "float64", "ok", hp(lambda: {"w": SE3_AT_ZERO})),
    Case(N, "se3_translation_taylor", "w=[0.3,-0.2,0.5]", "float64", "ok", num_grad(_se3, w=[0.3, -0.2, 0.5])),
    Case(N, "rotation_angle_sq", "w=[0.3,-0.2,0.5]", "float64", "ok", _fixed("w", [0.6, -0.4, 1.0])),
    # the identity: the angle^2 is |w|^2, smooth with slope 0; the norm's rule at 0 is 0 / 0
    Case(N, "rotation_angle_sq", "w=[0,0,0]", "float64", "wrong", _fixed("w", [0, 0, 0])),
    Case(N, "oral_concentration", "ka=1.5,ke=0.2", "float64", "ok", num_grad(_bateman, ka=1.5, ke=0.2)),
    Case(N, "oral_concentration", "ka=0.2000001,ke=0.2", "float64", "unstable",
         num_grad(_bateman, ka=0.2000001, ke=0.2), "return DOSE * ka / (VOLUME * (ka - ke)) * (np.exp(-ke * t)"),
    Case(N, "oral_concentration_exprel", "ka=0.2,ke=0.2", "float64", "ok", num_grad(_bateman, ka=0.2, ke=0.2)),
    Case(N, "oral_concentration_exprel", "ka=0.2000001,ke=0.2", "float64", "ok",
         num_grad(_bateman, ka=0.2000001, ke=0.2)),
    Case(N, "oral_concentration_exprel", "ka=1.5,ke=0.2", "float64", "ok", num_grad(_bateman, ka=1.5, ke=0.2)),
    Case(N, "two_dose_auc", "ka=1.5,ke=0.2", "float64", "ok", num_grad(_two_dose_auc, ka=1.5, ke=0.2)),
    Case(N, "erlang_b", "load=20", "float64", "ok", hp(lambda: {"load": mpmath.diff(_erlang_b, mp(20))})),
    Case(N, "erlang_b", "load=100", "float64", "ok", hp(lambda: {"load": mpmath.diff(_erlang_b, mp(100))})),
    Case(N, "erlang_b_logs", "load=20", "float64", "ok", hp(lambda: {"load": mpmath.diff(_erlang_b, mp(20))})),
    Case(N, "erlang_b_factorial", "load=20", "float64", "input-error",
         message=("numpy_lib28a.py, line", "factorial")),
    Case(N, "erlang_c_wait", "load=20", "float64", "ok",
         hp(lambda: {"load": mpmath.diff(lambda a: _erlang_c(a) / (30 - a), mp(20))})),
    Case(N, "erlang_c_wait", "load=29.9", "float64", "ok",
         hp(lambda: {"load": mpmath.diff(lambda a: _erlang_c(a) / (30 - a), _f(29.9))})),
    Case(N, "mm1_log_wait", "rho=0.5", "float64", "ok", hp(lambda: {"rho": mp(4)})),
    Case(N, "mm1_log_wait", "rho=0.999999999999", "float64", "ok",
         _each("rho", lambda r: 1 / r + 1 / (1 - r), [0.999999999999])),
    Case(N, "log_spectral_distance", SIGNAL_AT, "float64", "ok", num_grad(_frame_lsd(_f(1e-12)), x=SIGNAL)),
    # a perfect match: every frame's distance is the root of zeros, a cone in each entry its window reaches
    Case(N, "log_spectral_distance", REFERENCE_AT, "float64", "unstable", _fixed("x", [0] + [None] * 14 + [0])),
    Case(N, "log_spectral_distance_no_floor", SIGNAL_AT, "float64", "ok", num_grad(_frame_lsd(0), x=SIGNAL)),
    Case(N, "itakura_saito_loop", "p=[1,2],q=[1.5,1]", "float64", "ok", _itakura([1, 2], [1.5, 1])),
    Case(N, "itakura_saito_loop", "p=[1.000000001],q=[1]", "float64", "unstable", _itakura([1.000000001], [1])),
    Case(N, "cepstral_distance", SIGNAL_AT, "float64", "ok", num_grad(_cepstral, x=SIGNAL)),
    Case(N, "matern32_log_fit", "rng=0.001", "float64", "ok", num_grad(_matern_fit, rng=0.001)),
    # u = 3.5e-4 at the first lag: 1 - (1 + u) e^-u = u^2 / 2 keeps 9 digits, and the slope 3e-11 of its own
    Case(N, "matern32_log_fit", "rng=0.5", "float64", "ok", num_grad(_matern_fit, rng=0.5)),
    # u = 3.5e-5: 7 digits kept, the slope 2e-8 off
    Case(N, "matern32_log_fit", "rng=5", "float64", "unstable", num_grad(_matern_fit, rng=5),
         "model = 1.0 - (1.0 + u) * np.exp(-u)"),
    Case(N, "matern32_log_fit_stable", "rng=0.001", "float64", "ok", num_grad(_matern_fit, rng=0.001)),
    Case(N, "matern32_log_fit_stable", "rng=5", "float64", "ok", num_grad(_matern_fit, rng=5)),
    Case(N, "kriging_at_sites", "sites=[[0,0],[1,0],[0,1.5]]", "float64", "wrong",
         num_grad(_kriging_2d, sites=[[0, 0], [1, 0], [0, 1.5]]), "dist = np.sqrt(np.sum(diff ** 2, axis=-1))"),
    Case(N, "kriging_at_sites_1d", "sites=[0,1,2.5]", "float64", "ok", num_grad(_kriging_1d, sites=[0, 1, 2.5])),
    Case(N, "kriging_variance", "rng=1.5", "float64", "ok", num_grad(_kriging_variance, rng=1.5)),
    Case(N, "lorentz_factor", "v=[0.5,0.9]", "float64", "ok", _each("v", _gamma_slope, [0.5, 0.9])),
    Case(N, "lorentz_factor", "v=[0.999999999]", "float64", "unstable", _each("v", _gamma_slope, [0.999999999])),
    Case(N, "log_kinetic_energy", "v=[1e-5]", "float64", "unstable", _each("v", _log_ke_slope, [1e-5]),
         "return np.sum(np.log(1.0 / np.sqrt(1.0 - v ** 2) - 1.0))"),
    Case(N, "log_kinetic_energy_stable", "v=[1e-5,0.999999999]", "float64", "ok",
         _each("v", _log_ke_slope, [1e-5, 0.999999999])),
    Case(N, "rapidity", "v=[0.3,0.999999999]", "float64", "ok",
         _each("v", lambda v: 1 / ((1 - v) * (1 + v)), [0.3, 0.999999999])),
    Case(N, "doppler_log_shift", "beta=[0.3,0.999999999]", "float64", "ok",
         _each("beta", lambda v: 1 / ((1 - v) * (1 + v)), [0.3, 0.999999999])),
    Case(N, "hill", "s=[1.8],n=60", "float64", "ok", _hill(1.8, 60)),
    Case(N, "hill", "s=[2.01],n=1024", "float64", "unstable", _hill(2.01, 1024)),
    Case(N, "hill_expit", "s=[2.01],n=1024", "float64", "ok", _hill(2.01, 1024)),
    Case(N, "hill_expit", "s=[2.5],n=800", "float64", "ok", _hill(2.5, 800)),
    Case(N, "ggx_ndf", "alpha=0.5,n_dot_h=0.8", "float64", "ok", num_grad(_ggx("float64"), alpha=0.5, n_dot_h=0.8)),
    Case(N, "ggx_ndf", "alpha=0.01,n_dot_h=1", "float64", "unstable", num_grad(_ggx("float64"), alpha=0.01, n_dot_h=1)),
    Case(N, "schlick_fresnel", "cos_theta=[0.5,1]", "float64", "ok",
         _each("cos_theta", lambda c: -_f(0.96) * 5 * (1 - c) ** 4, [0.5, 1])),
    Case(N, "gibbs_mixing", "x=[0.3]", "float64", "ok",
         _each("x", lambda x: mpmath.log(x) - mpmath.log(1 - x) + 2 - 4 * x, [0.3])),
    Case(N, "gibbs_mixing_naive", "x=[0.3]", "float64", "ok",
         _each("x", lambda x: mpmath.log(x) - mpmath.log(1 - x) + 2 - 4 * x, [0.3])),
    # a pure end: x log x meets 0 with an infinite slope
    Case(N, "gibbs_mixing", "x=[0]", "float64", "domain", _fixed("x", [None])),
]

ALL = JAX + NUMPY
