"""The thirty-seventh trial set (first part): in JAX, orbital mechanics (Kepler's equation for the eccentric anomaly by
Newton in lax.fori_loop, near a parabolic orbit too, and in lax.while_loop, which JAX cannot differentiate in reverse;
behind custom_vjp implicit rules right and with the eccentricity forgotten; the true anomaly by the half-angle
tangent at aphelion and by arctan2; radii by jax.vmap; orbital elements fitted to ranges from a parameter tree,
--wrt by path), leaf photosynthesis (the non-rectangular hyperbola by the textbook root at a curvature of 1e-9, where
b - sqrt(b^2 - 4 theta c) cancels, and by the conjugate root, at theta = 0 and at theta = 1 where light and Rubisco
co-limit, a kink; Farquhar's min(Wc, Wj) by jnp.minimum and by a where exactly at co-limitation, and smoothed by a
quadratic), psychophysics (d' by ndtri at a hit rate of 1 - 2^-53 and of 1; a Weibull psychometric function with a
blank trial fitted from a parameter tree, whose (0 / alpha)^beta has a NaN slope in alpha for beta < 1; logistic ones
by log_sigmoid and by the log of a sigmoid that underflows), genetic linkage (Haldane's and Kosambi's map functions
at r = 1/2 and 1e-17, the inverse where e^-800 underflows, a LOD score by xlogy and xlog1py, and with no recombinants
at theta = 0, where xlogy's slope 0/0 leaks), radiative transfer (a slab's transmission 2 E3(tau) by
jax.scipy.special.expn at tau = 0, 1e-300 and 800, its log, its escape probability at tau = 1e-9; li(x) by expi),
a gamma shape's Fisher information trigamma(k) - 1/k at k = 1e10 by polygamma, and jax.nn.hard_sigmoid and relu at
their corners. In plain NumPy and SciPy the same as legacy code writes them (Newton in a while loop on float() of the
step, radii written into an array in a loop, Python's min at co-limitation), with scipy.stats.norm.ppf,
weibull_min.cdf and logistic (cdf, logcdf, logsf), scipy.special.comb, expn, expi and polygamma.

Truths are the mathematics written here in mpmath (closed forms, implicit slopes at roots from mpmath.findroot, or
mpmath.diff at 2,000 digits through `num_grad` of the formulas restated), never the user files' code; points are the
numbers the dtype holds, constants the numbers the program writes. A coordinate with no derivative is NaN.
"""

import math

import mpmath

from cases import Case, mp
from cases5 import _in, hp
from cases12a import _f, num_grad

J, N = "jax_lib37a.py", "numpy_lib37a.py"
NAN = mpmath.nan


def _fixed(name, values):
    return lambda: {name: [mp(v) for v in values] if isinstance(values, list) else mp(values)}


# --- orbital mechanics -----------------------------------------------------------------------------------------------


def _anomaly(M, e):
    """The root of E - e sin E = M (E in [0, 2 pi) for M there)."""
    start = M + e * mpmath.sin(M) if e < mp("0.9") else mpmath.cbrt(6 * M)
    return mpmath.findroot(lambda E: E - e * mpmath.sin(E) - M, start)


def _kepler_slopes(M, e, dtype="float64"):
    """dE/dM = 1 / (1 - e cos E), dE/de = sin E / (1 - e cos E)."""
    def truth():
        (m,), (ecc,) = _in(dtype, [M]), _in(dtype, [e])
        E = _anomaly(m, ecc)
        d = 1 - ecc * mpmath.cos(E)
        return {"M": 1 / d, "e": mpmath.sin(E) / d}
    return hp(truth)


def _radius_slopes(M, e, dtype="float64"):
    """r = 1 - e cos E: dr/dM = e sin E / (1 - e cos E), dr/de = -cos E + e sin^2 E / (1 - e cos E)."""
    def truth():
        (m,), (ecc,) = _in(dtype, [M]), _in(dtype, [e])
        E = _anomaly(m, ecc)
        d = 1 - ecc * mpmath.cos(E)
        return {"M": ecc * mpmath.sin(E) / d, "e": -mpmath.cos(E) + ecc * mpmath.sin(E) ** 2 / d}
    return hp(truth)


def _radii_slopes(Ms, e=mp("0.6")):
    def truth():
        out = []
        for m in _in("float64", Ms):
            E = _anomaly(m, e)
            out.append(e * mpmath.sin(E) / (1 - e * mpmath.cos(E)))
        return {"Ms": out}
    return hp(truth)


def _radii_in_e(e):
    """d/de of sum_i (1 - e cos E_i) at M = 0.5, 1.5, 2.5, 3.5."""
    total = 0
    for m in [mp("0.5"), mp("1.5"), mp("2.5"), mp("3.5")]:
        E = _anomaly(m, e)
        total += -mpmath.cos(E) + e * mpmath.sin(E) ** 2 / (1 - e * mpmath.cos(E))
    return total


def _true_anomaly(E, e):
    """nu from cos nu = (cos E - e) / (1 - e cos E), sin nu = sqrt(1 - e^2) sin E / (1 - e cos E)."""
    return mpmath.atan2(mpmath.sqrt(1 - e * e) * mpmath.sin(E), mpmath.cos(E) - e)


TIMES = [0, mp("1.5"), 3, mp("4.5"), 6]
RANGES = [_f(v) for v in (0.62, 0.95, 1.58, 1.71, 1.22)]
MEAN_MOTION = _f(2.0 * math.pi / 10.0)  # the program's Python product, rounded once


def _orbit_loss(log_a, e_logit, M0):
    a, e = mpmath.exp(log_a), 1 / (1 + mpmath.exp(-e_logit))
    total = 0
    for t, r in zip(TIMES, RANGES):
        E = _anomaly(MEAN_MOTION * t + M0, e)
        total += (a * (1 - e * mpmath.cos(E)) - r) ** 2
    return total


def _orbit_fit(names):
    def truth():
        at = {"log_a": _f(0.1), "e_logit": _f(-0.5), "M0": _f(0.3)}
        return {"params." + n: mpmath.diff(lambda v, n=n: _orbit_loss(**dict(at, **{n: v})), at[n]) for n in names}
    return hp(truth)


# --- leaf photosynthesis ---------------------------------------------------------------------------------------------

ALPHA, P_MAX = mp("0.0625"), mp(25)


def _nrh(light, theta):
    """The non-rectangular hyperbola's smaller root 2c / (b + sqrt(b^2 - 4 theta c))."""
    b, c = ALPHA * light + P_MAX, ALPHA * light * P_MAX
    return 2 * c / (b + mpmath.sqrt(b * b - 4 * theta * c))


def _rates(ci):
    return 60 * (ci - 40) / (ci + 700), 120 * (ci - 40) / (4 * ci + 320)


def _farquhar(ci):
    return min(_rates(ci)) - 1


THETA = _f(0.98)


def _farquhar_smooth(ci):
    wc, wj = _rates(ci)
    s, p = wc + wj, wc * wj
    return 2 * p / (s + mpmath.sqrt(s * s - 4 * THETA * p)) - 1


# --- psychophysics ---------------------------------------------------------------------------------------------------


def _probit_slope(p):
    """d ndtri(p) / dp = sqrt(2 pi) e^(z^2 / 2), z = sqrt(2) erfinv(2p - 1); none at 0 and 1."""
    if p in (0, 1):
        return NAN
    z = mpmath.sqrt(2) * mpmath.erfinv(2 * p - 1)
    return mpmath.sqrt(2 * mpmath.pi) * mpmath.exp(z * z / 2)


def _d_prime(hits, false_alarms, dtype="float64"):
    def truth():
        (h,), (f,) = _in(dtype, [hits]), _in(dtype, [false_alarms])
        if h in (0, 1):  # a pole in the hit rate alone: the false-alarm rate, which does not move it, keeps its slope
            return {"hits": NAN, "false_alarms": -_probit_slope(f)}
        return {"hits": _probit_slope(h), "false_alarms": -_probit_slope(f)}
    return hp(truth)


LEVELS = [0, mp("0.5"), 1, 2, 4]
CORRECT = [21, 24, 31, 38, 40]


def _weibull_loss(log_alpha, log_beta, lapse_logit):
    alpha, beta = mpmath.exp(log_alpha), mpmath.exp(log_beta)
    lapse = _f(0.1) / (1 + mpmath.exp(-lapse_logit))
    total = 0
    for x, k in zip(LEVELS, CORRECT):
        psi = mp("0.5") + (mp("0.5") - lapse) * (1 - mpmath.exp(-(x / alpha) ** beta))
        total -= k * mpmath.log(psi) + (40 - k) * mpmath.log1p(-psi)
    return total


def _weibull_fit(names):
    def truth():
        at = {"log_alpha": _f(0.2), "log_beta": _f(-0.4), "lapse_logit": _f(-1.0)}
        return {"params." + n: mpmath.diff(lambda v, n=n: _weibull_loss(**dict(at, **{n: v})), at[n]) for n in names}
    return hp(truth)


def _weibull_psi_slopes(x, beta, alpha=1):
    """psi = 1/2 + F(x / alpha)/2, F the Weibull CDF 1 - e^(-z^beta); d/dx has no value at x = 0 for beta < 1."""
    def truth():
        xv, bv, av = _f(x), _f(beta), _f(alpha)
        z = xv / av
        if z == 0:
            dx = NAN if bv < 1 else (mp(0) if bv > 1 else 1 / (2 * av))
            return {"x": dx, "alpha": mp(0), "beta": mp(0)}
        tail = mpmath.exp(-z ** bv)
        dz = bv * z ** (bv - 1) * tail / 2
        return {"x": dz / av, "alpha": -dz * z / av, "beta": z ** bv * mpmath.log(z) * tail / 2}
    return truth


def _only(names, truth):
    return lambda: {k: v for k, v in truth().items() if k in names}


def _sig(z):
    return 1 / (1 + mpmath.exp(-z))


def _logistic_nll_slope(slope):
    """d/ds of -sum k log sigma(s (l - 1)) + (40 - k) log sigma(-s (l - 1))."""
    return -sum((x - 1) * (k * _sig(-slope * (x - 1)) - (40 - k) * _sig(slope * (x - 1)))
                for x, k in zip(LEVELS, CORRECT))


def _logistic_psi(x, threshold, width):
    return _sig((x - threshold) / width)


NP_CORRECT = [3, 9, 21, 33, 39]


def _logistic_loss(threshold, width):
    return -sum(k * mpmath.log(_sig((x - threshold) / width)) + (40 - k) * mpmath.log(_sig(-(x - threshold) / width))
                for x, k in zip(LEVELS, NP_CORRECT))


# --- genetic linkage -------------------------------------------------------------------------------------------------


def _haldane(r):
    return NAN if r == mp("0.5") else 1 / (1 - 2 * r)


def _kosambi(r):
    return NAN if r == mp("0.5") else 1 / (1 - 4 * r * r)


def _haldane_inverse(d):
    return mpmath.exp(-2 * d)


def _lod(k, n, dtype="float64"):
    """The LOD's slope; its divisor is the program's math.log(10.0), a weak constant taken into the dtype."""
    ln10 = _in(dtype, [math.log(10.0)])[0]
    return lambda theta: (k / theta - (n - k) / (1 - theta)) / ln10 if k else -(n - k) / (1 - theta) / ln10


# --- radiative transfer, statistics ----------------------------------------------------------------------------------


def _transmission(tau):
    """d/dtau 2 E3(tau) = -2 E2(tau); tau = 0 is the end of its domain."""
    return NAN if tau == 0 else -2 * mpmath.expint(2, tau)


def _log_transmission(tau):
    return -mpmath.expint(2, tau) / mpmath.expint(3, tau)


def _escape(tau):
    """d/dtau (1 - 2 E3) / (2 tau) = E2 / tau - (1 - 2 E3) / (2 tau^2)."""
    return mpmath.expint(2, tau) / tau - (1 - 2 * mpmath.expint(3, tau)) / (2 * tau * tau)


def _li(x):
    return NAN if x == 1 else 1 / mpmath.log(x)


def _shape_information(k):
    return mpmath.psi(2, k) + 1 / (k * k)


def _each(name, derivative, xs, dtype="float64"):
    return hp(lambda: {name: [derivative(v) for v in _in(dtype, xs)]})


def _one(name, derivative, x, dtype="float64"):
    return hp(lambda: {name: derivative(_in(dtype, [x])[0])})


def _hard_sigmoid(x):
    return NAN if abs(x) == 3 else (mp(1) / 6 if abs(x) < 3 else mp(0))


def _relu(x):
    return NAN if x == 0 else (mp(1) if x > 0 else mp(0))


JAX = [
    # --- orbital mechanics
    Case(J, "eccentric_anomaly", "M=1,e=0.3", "float64", "ok", _kepler_slopes(1, 0.3)),
    Case(J, "eccentric_anomaly", "M=1,e=0.3", "float32", "ok", _kepler_slopes(1, 0.3, "float32")),
    # near a parabola: 1 - e cos E = 0.013 loses two digits, no more
    Case(J, "eccentric_anomaly", "M=0.001,e=0.99", "float64", "ok", _kepler_slopes(0.001, 0.99)),
    Case(J, "eccentric_anomaly_tol", "M=1,e=0.3", "float64", "input-error", message=("while_loop",)),
    Case(J, "orbit_radius", "M=1,e=0.3", "float64", "ok", _radius_slopes(1, 0.3)),
    Case(J, "orbit_radius", "M=2,e=0.6", "float32", "ok", _radius_slopes(2, 0.6, "float32")),
    # aphelion: the float pi is 1.2e-16 short of it, the root E 4e-17 shorter, which float64 cannot hold: E rounds
    # to the float pi, and dr/dM = e sin E / (1 + e), 2.7e-17, comes out 4.1e-17: ok since 9c9f9767 (a lone number
    # where an exact 0 would pass is measured by the data's reach; 2 ulps of the rounded M move it by 2e-16)
    Case(J, "orbit_radius", "M=3.141592653589793,e=0.5", "float64", "ok",
         _radius_slopes(3.141592653589793, 0.5)),
    Case(J, "orbit_radius_bad", "M=1,e=0.3", "float64", "wrong", _radius_slopes(1, 0.3), "def _kepler_bad_bwd"),
    # at e = 0 the radius is 1 - 0 cos E: the rule's slopes are multiplied by e, and its slip is harmless
    Case(J, "orbit_radius_bad", "M=1,e=0", "float64", "ok", _radius_slopes(1, 0)),
    Case(J, "true_anomaly", "E=1,e=0.3", "float64", "ok", num_grad(_true_anomaly, E=1, e=0.3)),
    # aphelion: tan(E / 2) = 1.6e16, and the slope is still sqrt((1 - e) / (1 + e))
    Case(J, "true_anomaly", "E=3.141592653589793,e=0.3", "float64", "ok",
         num_grad(_true_anomaly, E=3.141592653589793, e=0.3)),
    Case(J, "true_anomaly_atan2", "E=3.141592653589793,e=0.3", "float64", "ok",
         num_grad(_true_anomaly, E=3.141592653589793, e=0.3)),
    Case(J, "true_anomaly_atan2", "E=1,e=0.3", "float32", "ok", num_grad(_true_anomaly, "float32", E=1, e=0.3)),
    Case(J, "radii", "Ms=[0.5,1.5,2.5]", "float64", "ok", _radii_slopes([0.5, 1.5, 2.5])),
    Case(J, "orbit_fit", None, "float64", "ok", _orbit_fit(["log_a", "e_logit", "M0"]), args="orbit_args",
         wrt="params"),
    # --- leaf photosynthesis
    Case(J, "nrh", "light=500,theta=0.7", "float64", "ok", num_grad(_nrh, light=500, theta=0.7)),
    Case(J, "nrh", "light=500,theta=0.7", "float32", "ok", num_grad(_nrh, "float32", light=500, theta=0.7)),
    # b - sqrt(b^2 - 3e-6) with b = 56: nine digits cancel
    Case(J, "nrh", "light=500,theta=1e-09", "float64", "unstable", num_grad(_nrh, light=500, theta=1e-9),
         "return (b - jnp.sqrt(b * b - 4.0 * theta * QUANTUM_YIELD"),
    Case(J, "nrh_conjugate", "light=500,theta=1e-09", "float64", "ok", num_grad(_nrh, light=500, theta=1e-9)),
    Case(J, "nrh_conjugate", "light=500,theta=0", "float64", "ok", num_grad(_nrh, light=500, theta=0)),
    Case(J, "nrh_conjugate", "light=0,theta=0.7", "float64", "ok", num_grad(_nrh, light=0, theta=0.7)),
    # theta = 1 and alpha I = Pmax: min(alpha I, Pmax), a kink in light, and sqrt(1 - theta) in theta (J1: light's
    # exact slope was given as the one-sided slopes' mean, alpha / 2)
    Case(J, "nrh_conjugate", "light=400,theta=1", "float64", "domain", _fixed("light", NAN)),
    Case(J, "farquhar", "ci=300", "float64", "ok", num_grad(_farquhar, ci=300)),
    Case(J, "farquhar", "ci=1000", "float32", "ok", num_grad(_farquhar, "float32", ci=1000)),
    # Wc = Wj = 750/31 exactly, and in floats: the co-limitation kink
    Case(J, "farquhar", "ci=540", "float64", "domain", _fixed("ci", NAN)),
    Case(J, "farquhar_where", "ci=540", "float64", "domain", _fixed("ci", NAN)),
    Case(J, "farquhar_where", "ci=300", "float64", "ok", num_grad(_farquhar, ci=300)),
    Case(J, "farquhar_smooth", "ci=540", "float64", "ok", num_grad(_farquhar_smooth, ci=540)),
    # --- psychophysics
    Case(J, "d_prime", "hits=0.9,false_alarms=0.2", "float64", "ok", _d_prime(0.9, 0.2)),
    Case(J, "d_prime", "hits=0.9,false_alarms=0.2", "float32", "ok", _d_prime(0.9, 0.2, "float32")),
    Case(J, "d_prime", "hits=0.9999999999999999,false_alarms=0.2", "float64", "ok",
         _d_prime(0.9999999999999999, 0.2)),
    # a perfect hit rate: ndtri(1) = inf, whose slope JAX writes 0; d' is inf whatever the false alarms, no slope there
    # in either rate (the false-alarm rate's exact slope, NaN by the NumPy bridge, was -3.57 by the JAX one)
    Case(J, "d_prime", "hits=1,false_alarms=0.2", "float64", "domain", _d_prime(1, 0.2)),
    # the blank trial's (0 / alpha)^beta, beta = 0.67: pow's rule takes beta 0^(beta - 1) times 0, NaN at any
    # precision, where the term is constant in alpha
    Case(J, "weibull_nll", None, "float64", "wrong", _weibull_fit(["log_alpha", "log_beta", "lapse_logit"]),
         "psi = 0.5 + (0.5 - lapse)", args="weibull_args", wrt="params"),
    Case(J, "weibull_psi", "x=0.7,beta=1.5", "float64", "ok", _only(("x", "beta"), _weibull_psi_slopes(0.7, 1.5))),
    Case(J, "weibull_psi", "x=0,beta=2", "float64", "ok", _only(("x", "beta"), _weibull_psi_slopes(0, 2))),
    Case(J, "weibull_psi", "x=0,beta=0.5", "float64", "domain", _only(("x", "beta"), _weibull_psi_slopes(0, 0.5))),
    Case(J, "logistic_nll", "slope=2", "float64", "ok", _one("slope", _logistic_nll_slope, 2)),
    Case(J, "logistic_nll", "slope=800", "float64", "ok", _one("slope", _logistic_nll_slope, 800)),
    Case(J, "logistic_nll_naive", "slope=2", "float64", "ok", _one("slope", _logistic_nll_slope, 2)),
    # sigmoid(-800) underflows to 0: log(0)
    Case(J, "logistic_nll_naive", "slope=800", "float64", "unstable", _one("slope", _logistic_nll_slope, 800),
         "return -jnp.sum(CORRECT * jnp.log(p)"),
    # --- genetic linkage
    Case(J, "haldane", "r=0.2", "float64", "ok", _one("r", _haldane, 0.2)),
    # 1 - 2e-17 rounds to 1, and the distance to 0: its slope 1 / (1 - 2r) is right, the value all wrong
    Case(J, "haldane", "r=1e-17", "float64", "unstable", _one("r", _haldane, 1e-17)),
    Case(J, "haldane", "r=0.5", "float64", "domain", _one("r", _haldane, 0.5)),
    Case(J, "haldane_log1p", "r=0.2", "float32", "ok", _one("r", _haldane, 0.2, "float32")),
    Case(J, "kosambi", "r=0.2", "float64", "ok", _one("r", _kosambi, 0.2)),
    Case(J, "kosambi_atanh", "r=0.2", "float64", "ok", _one("r", _kosambi, 0.2)),
    Case(J, "kosambi_atanh", "r=0.5", "float64", "domain", _one("r", _kosambi, 0.5)),
    # 1 - e^-2e-20 is 1 - 1: the slope e^-2d is right, the value 0 for 1e-20
    Case(J, "haldane_inverse", "d=1e-20", "float64", "unstable", _one("d", _haldane_inverse, 1e-20)),
    # e^-800 underflows; its slope is 1e-347, below float64's least subnormal
    Case(J, "haldane_inverse", "d=400", "float64", "ok", _one("d", _haldane_inverse, 400)),
    Case(J, "haldane_inverse_expm1", "d=1e-20", "float64", "ok", _one("d", _haldane_inverse, 1e-20)),
    Case(J, "lod", "theta=0.1", "float64", "ok", _one("theta", _lod(3, 20), 0.1)),
    Case(J, "lod", "theta=0.1", "float32", "ok", _one("theta", _lod(3, 20, "float32"), 0.1, "float32")),
    # xlogy(0, theta)'s rule takes 0 / theta: NaN at theta = 0 at any precision, where the term is 0 whatever theta
    Case(J, "lod_none", "theta=0", "float64", "wrong", _one("theta", _lod(0, 20), 0),
         "log_l = xlogy(recombinants, theta)"),
    Case(J, "lod_none", "theta=0.05", "float64", "ok", _one("theta", _lod(0, 20), 0.05)),
    # --- radiative transfer
    Case(J, "slab_transmission", "tau=1", "float64", "ok", _one("tau", _transmission, 1)),
    Case(J, "slab_transmission", "tau=1e-300", "float64", "ok", _one("tau", _transmission, 1e-300)),
    # JAX's expn(n, 0) is 1/n, not E_n(0) = 1/(n - 1): 2 E3(0) is 2/3 for 1 (its slope at the end of the domain
    # one-sided, -2 E2(0) = -2 from the right, where JAX gives -1)
    Case(J, "slab_transmission", "tau=0", "float64", "wrong", _one("tau", _transmission, 0),
         "return 2.0 * expn(3, tau)"),
    Case(J, "slab_transmission", "tau=800", "float64", "ok", _one("tau", _transmission, 800)),
    Case(J, "slab_transmission", "tau=1", "float32", "ok", _one("tau", _transmission, 1, "float32")),
    Case(J, "log_slab_transmission", "tau=2", "float64", "ok", _one("tau", _log_transmission, 2)),
    # E3(800) underflows to 0: log(0)
    Case(J, "log_slab_transmission", "tau=800", "float64", "unstable", _one("tau", _log_transmission, 800),
         "return jnp.log(2.0 * expn(3, tau))"),
    Case(J, "escape_probability", "tau=3", "float64", "ok", _one("tau", _escape, 3)),
    # 1 - 2 E3(1e-9) = 2e-9: nine digits cancel, and the slope's quotient rule cancels more
    Case(J, "escape_probability", "tau=1e-09", "float64", "unstable", _one("tau", _escape, 1e-9),
         "return (1.0 - 2.0 * expn(3, tau)) / (2.0 * tau)"),
    Case(J, "log_integral", "x=1000000", "float64", "ok", _one("x", _li, 1e6)),
    Case(J, "log_integral", "x=2", "float32", "ok", _one("x", _li, 2, "float32")),
    Case(J, "log_integral", "x=1", "float64", "domain", _one("x", _li, 1)),
    # --- statistics, jax.nn
    Case(J, "gamma_shape_information", "k=2", "float64", "ok", _one("k", _shape_information, 2)),
    # trigamma(k) - 1/k = 5e-21 from terms of 1e-10; the slope -1e-30 from terms of 1e-20
    Case(J, "gamma_shape_information", "k=10000000000", "float64", "unstable", _one("k", _shape_information, 1e10),
         "return polygamma(1, k) - 1.0 / k"),
    Case(J, "hard_sigmoid_at", "x=[3,-3,0,1]", "float64", "domain", _each("x", _hard_sigmoid, [3, -3, 0, 1])),
    Case(J, "hard_sigmoid_at", "x=[0,1,-4,4]", "float32", "ok", _each("x", _hard_sigmoid, [0, 1, -4, 4], "float32")),
    Case(J, "relu_at", "x=[0,1,-1]", "float64", "domain", _each("x", _relu, [0, 1, -1])),
    # --- input errors a user makes
    Case(J, "orbit_fit", None, "float32", "input-error", args="orbit_args", wrt="params.ecc", message=("ecc",)),
    Case(J, "nrh", "light=500", "float64", "input-error", message=("theta",)),
]


NUMPY = [
    Case(N, "eccentric_anomaly", "M=1,e=0.3", "float64", "ok", _kepler_slopes(1, 0.3)),
    Case(N, "eccentric_anomaly", "M=0.001,e=0.99", "float64", "ok", _kepler_slopes(0.001, 0.99)),
    Case(N, "true_anomaly", "E=1,e=0.3", "float64", "ok", num_grad(_true_anomaly, E=1, e=0.3)),
    Case(N, "true_anomaly", "E=3.141592653589793,e=0.3", "float64", "ok",
         num_grad(_true_anomaly, E=3.141592653589793, e=0.3)),
    Case(N, "radii", "e=0.6", "float64", "ok", _one("e", _radii_in_e, 0.6)),
    Case(N, "nrh", "light=500,theta=0.7", "float64", "ok", num_grad(_nrh, light=500, theta=0.7)),
    Case(N, "nrh", "light=500,theta=1e-09", "float64", "unstable", num_grad(_nrh, light=500, theta=1e-9),
         "return (b - np.sqrt(b ** 2 - 4 * theta * alpha"),
    # sqrt((alpha I - Pmax)^2) at 0: a kink in light
    Case(N, "nrh", "light=400,theta=1", "float64", "domain", _fixed("light", NAN)),
    Case(N, "farquhar", "ci=300", "float64", "ok", num_grad(_farquhar, ci=300)),
    # Python's min at the tie picks Wc: the kink is still there
    Case(N, "farquhar", "ci=540", "float64", "domain", _fixed("ci", NAN)),
    Case(N, "farquhar_np", "ci=540", "float64", "domain", _fixed("ci", NAN)),
    Case(N, "farquhar_np", "ci=1000", "float64", "ok", num_grad(_farquhar, ci=1000)),
    Case(N, "d_prime", "hits=0.9,false_alarms=0.2", "float64", "ok", _d_prime(0.9, 0.2)),
    Case(N, "d_prime", "hits=1,false_alarms=0.2", "float64", "domain", _d_prime(1, 0.2)),
    Case(N, "d_prime_ndtri", "hits=0.9,false_alarms=0.2", "float32", "ok", _d_prime(0.9, 0.2, "float32")),
    Case(N, "weibull_psi", "x=0.7,alpha=1.2,beta=1.5", "float64", "ok", _weibull_psi_slopes(0.7, 1.5, 1.2)),
    # an input with a finite slope beside one without a derivative is judged (round 46a F1): that verdict
    Case(N, "weibull_psi", "x=0,alpha=1,beta=0.5", "float64", "wrong", _weibull_psi_slopes(0, 0.5)),
    Case(N, "logistic_psi", "x=1,threshold=0.5,width=2", "float64", "ok",
         num_grad(_logistic_psi, x=1, threshold=0.5, width=2)),
    Case(N, "logistic_psi", "x=-800,threshold=0.5,width=2", "float64", "ok",
         num_grad(_logistic_psi, x=-800, threshold=0.5, width=2)),
    Case(N, "logistic_nll", "threshold=1,width=0.5", "float64", "ok", num_grad(_logistic_loss, threshold=1, width=0.5)),
    # a width of 1e-3: the blank level's cdf is e^-1000, 0 in float64, and its log -inf
    Case(N, "logistic_nll", "threshold=1,width=0.001", "float64", "unstable",
         num_grad(_logistic_loss, threshold=1, width=0.001), "return -np.sum(correct * np.log(p)"),
    Case(N, "logistic_nll_logcdf", "threshold=1,width=0.001", "float64", "ok",
         num_grad(_logistic_loss, threshold=1, width=0.001)),
    Case(N, "haldane", "r=0.2", "float64", "ok", _one("r", _haldane, 0.2)),
    Case(N, "haldane", "r=0.5", "float64", "domain", _one("r", _haldane, 0.5)),
    Case(N, "haldane_log1p", "r=0.2", "float32", "ok", _one("r", _haldane, 0.2, "float32")),
    Case(N, "kosambi", "r=0.5", "float64", "domain", _one("r", _kosambi, 0.5)),
    Case(N, "lod", "theta=0.1", "float64", "ok", _one("theta", _lod(3, 20), 0.1)),
    Case(N, "binomial_loglik", "theta=0.1", "float64", "ok", _one("theta", lambda t: 3 / t - 17 / (1 - t), 0.1)),
    Case(N, "slab_transmission", "tau=1", "float64", "ok", _one("tau", _transmission, 1)),
    Case(N, "slab_transmission", "tau=0", "float64", "domain", _one("tau", _transmission, 0)),
    Case(N, "escape_probability", "tau=3", "float64", "ok", _one("tau", _escape, 3)),
    Case(N, "escape_probability", "tau=1e-09", "float64", "unstable", _one("tau", _escape, 1e-9),
         "return (1 - 2 * expn(3, tau)) / (2 * tau)"),
    Case(N, "log_integral", "x=1000000", "float64", "ok", _one("x", _li, 1e6)),
    Case(N, "gamma_shape_information", "k=2", "float64", "ok", _one("k", _shape_information, 2)),
    Case(N, "gamma_shape_information", "k=10000000000", "float64", "unstable", _one("k", _shape_information, 1e10),
         "return polygamma(1, k) - 1 / k"),
    Case(N, "radius_fixed_steps", "M=1,e=0.5", "float64", "ok", _radius_slopes(1, 0.5)),
    # periapsis: the root is E = 0, which 40 Newton steps from pi approach within about 2^-(4e18) and never reach,
    # so the program's exact dr/dM is that small but not 0: balls prove it below 2^-32687, below every float64, and
    # float64's 0 is its rounding (the exact gradient reported as that bound, which the truth 0 lies within)
    Case(N, "radius_fixed_steps", "M=0,e=0.5", "float64", "ok", _radius_slopes(0, 0.5)),
    Case(N, "eccentric_anomaly", "M=1,ecc=0.3", "float64", "input-error", message=("ecc",)),
    Case(N, "d_prime", "hits=0.9,false_alarms=0.2.5", "float64", "input-error", message=("0.2.5",)),
]

ALL = JAX + NUMPY
