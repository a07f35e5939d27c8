"""The thirty-fifth trial set (first part): in JAX, linear water waves (the dispersion relation solved for the wave
number by Newton in a fori_loop, by lax.custom_root and behind custom_vjp implicit rules right and with a sign slip,
from very shallow to deep water, and the phase speed), Mercator's projection next to the pole (log tan, whose
pi / 4 + lat / 2 rounds against the pole's distance; asinh of tan; atanh of sin, whose sine rounds to 1), its inverse
far north (arctan of exp and of sinh, whose squares overflow where the slope is 4e-174, and a custom_jvp Gudermannian
right and with its sech squared), Mercator scale factors along a track by jax.vmap of jax.grad, a Butterworth
magnitude in dB and in log form where w^16 overflows (and by logaddexp, softplus), Chebyshev's T_5 by one where of
its trigonometric forms (each idle branch's NaN slope leaks), by a double where (0 * inf at the band edge) and by its
recurrence in a fori_loop, a Chebyshev filter's log gain; a pendulum's period by the AGM in a fori_loop up to the
inverted position; the inverse Gaussian CDF whose e^(2 lam) overflows at lam = 400 (and by log_ndtr), a skew-normal
log-density by log(ndtr) at alpha x = -40 and by log_ndtr; jax.scipy.stats.wrapcauchy at rho = 1 - 1e-6 (its
1 + rho^2 - 2 rho cancelling) and laplace at its peak; Beverton-Holt recruitment by lax.scan from a parameter tree
(--args, --wrt by path); Holling's type III response; occupancy detection by log(1 - exp) and jax.nn.log1mexp (at
its switch too); jax.nn.hard_swish at its corners and sparse_plus at its C1 seams; Davies' activity coefficient at
zero ionic strength. In plain NumPy and SciPy the same as legacy code writes them (Newton in a while loop to a
tolerance, a Python branch onto cosh(n arccosh x), np.polynomial.chebyshev.chebval, the AGM iterated to a tolerance,
a list of stocks summed by a generator, an early return at zero ionic strength), with scipy.special.ndtr and
log_ndtr, scipy.stats.invgauss, skewnorm and laplace.

Truths are the mathematics written here in mpmath (closed forms, implicit slopes at exact roots, or mpmath.diff at
2,000 digits through `num_grad` of the formulas restated), never the user files' code; points are the numbers the
dtype holds, constants the numbers the program writes. A coordinate with no derivative is written NaN by hand.
"""

import math

import mpmath

from cases import Case, mp
from cases5 import _in, hp
from cases12a import _f, num_grad
from cases22b import _each
from cases27a import _c

J, N = "jax_lib35a.py", "numpy_lib35a.py"
NAN = mpmath.nan
PI_F = _f(math.pi)  # numpy's and jnp's pi, a float64


def _fixed(name, values):
    return lambda: {name: [mp(v) for v in values] if isinstance(values, list) else mp(values)}


# --- ocean waves -----------------------------------------------------------------------------------------------------

GRAVITY = _f(9.81)
OMEGA = _f(2 * math.pi / 8.0)
OMEGA_SQUARED = _f((2 * math.pi / 8.0) ** 2)  # the program squares the float omega in Python


def _k(depth):
    """The root of g k tanh(k h) = omega^2 (omega^2 as the program rounds it)."""
    deep = OMEGA_SQUARED / GRAVITY
    start = deep / mpmath.sqrt(mpmath.tanh(deep * depth))
    return mpmath.findroot(lambda k: GRAVITY * k * mpmath.tanh(k * depth) - OMEGA_SQUARED, start)


def _dk(depth):
    """dk/dh = -k^2 sech^2(kh) / (tanh(kh) + kh sech^2(kh)), from differentiating the relation."""
    k = _k(depth)
    sech2 = 1 / mpmath.cosh(k * depth) ** 2
    return -k * k * sech2 / (mpmath.tanh(k * depth) + k * depth * sech2)


def _speed_slope(depth):
    return -OMEGA / _k(depth) ** 2 * _dk(depth)


# --- map projections -------------------------------------------------------------------------------------------------


def _sec(lat):
    return 1 / mpmath.cos(lat)


def _mercator_tan_slope(lat):
    """d/dlat log tan(u), u = pi_f / 4 + lat / 2 (the program's pi): 1 / sin(2u)."""
    return 1 / mpmath.sin(PI_F / 2 + lat)


def _sech(y):
    return 1 / mpmath.cosh(y)


def _track(lats):
    """d/dlat_i of sum sec(lat_j): sec tan."""
    return hp(lambda: {"lats": [_sec(v) * mpmath.tan(v) for v in _in("float64", lats)]})


# --- filters ---------------------------------------------------------------------------------------------------------


def _butter_db_slope(w):
    return -10 / mpmath.log(10) * 16 * w ** 15 / (1 + w ** 16)


def _butter_log_slope(w):
    return -8 * w ** 15 / (1 + w ** 16)


def _t5(x):
    return 16 * x ** 5 - 20 * x ** 3 + 5 * x


def _t5_slope(x):
    """T_5' = 5 U_4 = 5 (16 x^4 - 12 x^2 + 1)."""
    return 5 * (16 * x ** 4 - 12 * x ** 2 + 1)


def _filter_slope(x):
    """d/dw of -log(1 + T_5^2 / 4) / 2."""
    t = _t5(x)
    return -(t * _t5_slope(x) / 4) / (1 + t * t / 4)


# --- a pendulum ------------------------------------------------------------------------------------------------------


def _period(two_pi):
    return lambda theta0: two_pi / mpmath.agm(1, mpmath.cos(theta0 / 2))


# --- reliability -----------------------------------------------------------------------------------------------------


def _wald_cdf(x, lam):
    """Phi(sqrt(lam / x) (x - 1)) + e^(2 lam) Phi(-sqrt(lam / x) (x + 1)), mean 1."""
    r = mpmath.sqrt(lam / x)
    return mpmath.ncdf(r * (x - 1)) + mpmath.exp(2 * lam) * mpmath.ncdf(-r * (x + 1))


def _wald_logpdf(x, lam):
    """log of sqrt(lam / (2 pi x^3)) exp(-lam (x - 1)^2 / (2 x))."""
    return (mpmath.log(lam) - mpmath.log(2 * mpmath.pi) - 3 * mpmath.log(x)) / 2 - lam * (x - 1) ** 2 / (2 * x)


def _mills(u):
    return mpmath.npdf(u) / mpmath.ncdf(u)


def _skew_slopes(x, alpha, dtype="float64"):
    """d/dx = -x + alpha phi(alpha x) / Phi(alpha x), d/dalpha = x phi(alpha x) / Phi(alpha x)."""
    def truth():
        (xv,), (av,) = _in(dtype, [x]), _in(dtype, [alpha])
        return {"x": -xv + av * _mills(av * xv), "alpha": xv * _mills(av * xv)}
    return hp(truth)


def _skew_cdf_slopes(x, alpha):
    """F = Phi(x) - 2 T(x, alpha): dF/dx = 2 phi(x) Phi(alpha x), dF/dalpha = -e^(-x^2 (1 + a^2) / 2) / (pi (1 + a^2))."""
    def truth():
        (xv,), (av,) = _in("float64", [x]), _in("float64", [alpha])
        return {"x": 2 * mpmath.npdf(xv) * mpmath.ncdf(av * xv),
                "alpha": -mpmath.exp(-xv * xv * (1 + av * av) / 2) / (mpmath.pi * (1 + av * av))}
    return hp(truth)


# --- wind, fisheries, occupancy, electrolytes ------------------------------------------------------------------------


def _wrapped_cauchy(theta):
    return lambda rho: mpmath.log(1 - rho ** 2) - mpmath.log(1 + rho ** 2 - 2 * rho * mpmath.cos(theta))


OBSERVED = [130, 210, 300, 390, 450, 520, 540, 580, 590, 600, 610, 605]


def _stock_loss(r, k, n0):
    total, n = 0, n0
    for observed in OBSERVED:
        n = r * n / (1 + (r - 1) * n / k)
        total += mpmath.log(n / observed) ** 2
    return total


def _beverton_tree():
    def truth():
        at = {"log_r": _f(math.log(1.8)), "log_k": _f(math.log(650.0)), "n0": mp(80)}

        def loss(log_r, log_k, n0):
            return _stock_loss(mpmath.exp(log_r), mpmath.exp(log_k), n0)
        return {"params." + n: mpmath.diff(lambda v, n=n: loss(**dict(at, **{n: v})), at[n]) for n in at}
    return hp(truth)


def _holling_slope(dtype="float64"):
    a, ah = _c(dtype, 0.05), _c(dtype, 0.05 * 0.2)
    return lambda n: 2 * a * n / (1 + ah * n * n) ** 2


def _detection_slope(rate):
    """d/drate log(1 - e^(-2 rate)) = 2 / expm1(2 rate)."""
    return 2 / mpmath.expm1(2 * rate)


DAVIES_A, DAVIES_B = 4 * _f(0.509), _f(0.3)


def _davies_slope(ionic):
    """d/dI of -A (sqrt I / (1 + sqrt I) - 0.3 I); none at 0, where only the right side exists (and is -inf)."""
    if ionic == 0:
        return NAN
    s = mpmath.sqrt(ionic)
    return -DAVIES_A * (1 / (2 * s * (1 + s) ** 2) - DAVIES_B)


JAX = [
    # --- waves
    Case(J, "wavenumber", "depth=10", "float64", "ok", _each("depth", _dk, [10])),
    # deep water, kh = 12.6: the slope 1.9e-13 is what is left of Newton's steps' terms through sech^2(kh) of 1e-181
    # that cancel; JAX's float64 gradient is 3e-6 off
    Case(J, "wavenumber", "depth=200", "float64", "unstable", _each("depth", _dk, [200])),
    # kh = 2.5e-4: k = omega / sqrt(g h) and dk/dh = -k / 2h
    Case(J, "wavenumber", "depth=1e-06", "float64", "ok", _each("depth", _dk, [1e-6])),
    Case(J, "phase_speed", "depth=10", "float64", "ok", _each("depth", _speed_slope, [10])),
    Case(J, "wavenumber_root", "depth=10", "float64", "ok", _each("depth", _dk, [10])),
    Case(J, "wavenumber_root", "depth=0.5", "float64", "ok", _each("depth", _dk, [0.5])),
    Case(J, "wavenumber_implicit", "depth=10", "float64", "ok", _each("depth", _dk, [10])),
    Case(J, "wavenumber_implicit", "depth=1e-06", "float64", "ok", _each("depth", _dk, [1e-6])),
    Case(J, "wavenumber_implicit_bad", "depth=10", "float64", "wrong", _each("depth", _dk, [10]),
         "def _implicit_bad_bwd"),
    # --- map projections
    Case(J, "mercator_y", "lat=0.7", "float64", "ok", _each("lat", _mercator_tan_slope, [0.7])),
    # 9.5e-11 below the pole, lat/2 with an odd last bit: pi/4 + lat/2 rounds by 1.1e-16 against its 4.7e-11 from pi/2
    Case(J, "mercator_y", "lat=1.5707963267000002", "float64", "unstable",
         _each("lat", _mercator_tan_slope, [1.5707963267000002]), "return jnp.log(jnp.tan(jnp.pi / 4.0 + lat / 2.0))"),
    Case(J, "mercator_asinh", "lat=1.5707963267", "float64", "ok", _each("lat", _sec, [1.5707963267])),
    Case(J, "mercator_asinh", "lat=1.5", "float32", "ok", _each("lat", _sec, [1.5], "float32")),
    Case(J, "mercator_asinh", "lat=-0.3", "float64", "ok", _each("lat", _sec, [-0.3])),
    # sin(lat) = 1 - 4.5e-21 rounds to 1: atanh(1) is inf and its slope cos / (1 - 1) too
    Case(J, "mercator_atanh", "lat=1.5707963267", "float64", "unstable", _each("lat", _sec, [1.5707963267]),
         "return jnp.arctanh(jnp.sin(lat))"),
    Case(J, "mercator_atanh", "lat=0.7", "float64", "ok", _each("lat", _sec, [0.7])),
    Case(J, "latitude", "y=0.5", "float64", "ok", _each("y", _sech, [0.5])),
    # e^800 overflows: 2 e^y / (1 + e^2y) is inf / inf
    Case(J, "latitude", "y=800", "float64", "unstable", _each("y", _sech, [800])),
    # e^2y overflows where e^y does not: the slope 3.8e-174 comes out 0
    Case(J, "latitude", "y=400", "float64", "unstable", _each("y", _sech, [400]),
         "return 2.0 * jnp.arctan(jnp.exp(y)) - jnp.pi / 2.0"),
    Case(J, "latitude_sinh", "y=400", "float64", "unstable", _each("y", _sech, [400]),
         "def latitude_sinh>>return jnp.arctan(jnp.sinh(y))"),
    Case(J, "latitude_sinh", "y=2", "float64", "ok", _each("y", _sech, [2])),
    Case(J, "gudermannian", "y=400", "float64", "ok", _each("y", _sech, [400])),
    Case(J, "gudermannian", "y=-3", "float64", "ok", _each("y", _sech, [-3])),
    Case(J, "gudermannian_bad", "y=1", "float64", "wrong", _each("y", _sech, [1]), "def _gudermannian_bad_jvp"),
    # sech and sech^2 agree at 0
    Case(J, "gudermannian_bad", "y=0", "float64", "ok", _each("y", _sech, [0])),
    Case(J, "track_scale", "lats=[0.1,0.5,1.0]", "float64", "ok", _track([0.1, 0.5, 1.0])),
    # --- filters
    Case(J, "butterworth_db", "w=2", "float64", "ok", _each("w", _butter_db_slope, [2])),
    Case(J, "butterworth_db", "w=1e+40", "float64", "unstable", _each("w", _butter_db_slope, [1e40]),
         "return -10.0 * jnp.log10(1.0 + w ** (2 * ORDER))"),
    Case(J, "butterworth_db_stable", "w=1e+40", "float64", "ok", _each("w", _butter_db_slope, [1e40])),
    Case(J, "butterworth_db_stable", "w=0.5", "float64", "ok", _each("w", _butter_db_slope, [0.5])),
    Case(J, "butterworth_log_gain", "w=1000", "float32", "unstable", _each("w", _butter_log_slope, [1000], "float32"),
         "return -0.5 * jnp.log1p(w ** (2 * ORDER))"),
    Case(J, "butterworth_log_gain", "w=0.9", "float32", "ok", _each("w", _butter_log_slope, [0.9], "float32")),
    Case(J, "butterworth_log_gain_stable", "w=1000", "float32", "ok",
         _each("w", _butter_log_slope, [1000], "float32")),
    # the idle branch arccosh(0.5) is NaN, its slope too, and NaN times the where's 0 is NaN
    Case(J, "chebyshev_t5", "x=0.5", "float64", "wrong", _each("x", _t5_slope, [0.5]),
         "return jnp.where(jnp.abs(x) <= 1.0, jnp.cos(5.0 * jnp.arccos(x)), jnp.cosh(5.0 * jnp.arccosh(x)))"),
    Case(J, "chebyshev_t5", "x=2", "float64", "wrong", _each("x", _t5_slope, [2]),
         "return jnp.where(jnp.abs(x) <= 1.0, jnp.cos(5.0 * jnp.arccos(x)), jnp.cosh(5.0 * jnp.arccosh(x)))"),
    Case(J, "chebyshev_t5_safe", "x=0.5", "float64", "ok", _each("x", _t5_slope, [0.5])),
    Case(J, "chebyshev_t5_safe", "x=2", "float64", "ok", _each("x", _t5_slope, [2])),
    # the band edge: sin(5 arccos 1) = 0 times arccos' = -inf
    Case(J, "chebyshev_t5_safe", "x=1", "float64", "wrong", _each("x", _t5_slope, [1])),
    Case(J, "chebyshev_t5_recurrence", "x=1", "float64", "ok", _each("x", _t5_slope, [1])),
    Case(J, "chebyshev_t5_recurrence", "x=-1", "float64", "ok", _each("x", _t5_slope, [-1])),
    Case(J, "chebyshev_t5_recurrence", "x=0.5", "float32", "ok", _each("x", _t5_slope, [0.5], "float32")),
    Case(J, "chebyshev_filter_log_gain", "w=1.2", "float64", "ok", _each("w", _filter_slope, [1.2])),
    # --- pendulum
    Case(J, "pendulum_period", "theta0=1", "float64", "ok", num_grad(_period(2 * PI_F), theta0=1)),
    Case(J, "pendulum_period", "theta0=0", "float64", "ok", _fixed("theta0", 0)),
    Case(J, "pendulum_period", "theta0=3.14159", "float64", "ok", num_grad(_period(2 * PI_F), theta0=3.14159)),
    # the float nearest pi: cos(theta0 / 2) = 6.1e-17, the period 155 and its slope 3.3e16
    Case(J, "pendulum_period", "theta0=3.141592653589793", "float64", "ok",
         num_grad(_period(2 * PI_F), theta0=math.pi)),
    Case(J, "pendulum_period", "theta0=2", "float32", "ok",
         num_grad(_period(_c("float32", 2 * math.pi)), "float32", theta0=2)),
    # --- reliability
    Case(J, "wald_cdf", "x=1,lam=2", "float64", "ok", num_grad(_wald_cdf, x=1, lam=2)),
    # e^800 overflows and Phi(-56.6) underflows: inf * 0
    Case(J, "wald_cdf", "x=1,lam=400", "float64", "unstable", num_grad(_wald_cdf, x=1, lam=400),
         "return ndtr(r * (x / mu - 1.0)) + jnp.exp(2.0 * lam / mu) * ndtr(-r * (x / mu + 1.0))"),
    # no overflow now, but the slope in lam, -1.2e-5, is the difference of the two terms' 0.0199: JAX's is 3e-8 off
    Case(J, "wald_cdf_stable", "x=1,lam=400", "float64", "unstable", num_grad(_wald_cdf, x=1, lam=400)),
    Case(J, "wald_cdf_stable", "x=0.5,lam=400", "float64", "ok", num_grad(_wald_cdf, x=0.5, lam=400)),
    Case(J, "wald_cdf_stable", "x=1.5,lam=2", "float64", "ok", num_grad(_wald_cdf, x=1.5, lam=2)),
    Case(J, "skewnorm_logpdf", "x=0.5,alpha=2", "float64", "ok", _skew_slopes(0.5, 2)),
    # Phi(-40) = 3.7e-350 underflows: log 0
    Case(J, "skewnorm_logpdf", "x=-4,alpha=10", "float64", "unstable", _skew_slopes(-4, 10),
         "return jnp.log(2.0) + norm.logpdf(x) + jnp.log(ndtr(alpha * x))"),
    Case(J, "skewnorm_logpdf_stable", "x=-4,alpha=10", "float64", "ok", _skew_slopes(-4, 10)),
    Case(J, "skewnorm_logpdf_stable", "x=-2,alpha=10", "float32", "ok", _skew_slopes(-2, 10, "float32")),
    # --- wind
    Case(J, "wind_loglik", "rho=0.5", "float64", "ok", num_grad(_wrapped_cauchy(0), rho=0.5)),
    Case(J, "wind_loglik", "rho=0.5", "float32", "ok", num_grad(_wrapped_cauchy(0), "float32", rho=0.5)),
    # 1 + rho^2 - 2 rho is (1 - rho)^2 = 1e-12 from terms of 2: three digits left
    Case(J, "wind_loglik", "rho=0.999999", "float64", "unstable", num_grad(_wrapped_cauchy(0), rho=0.999999),
         "return wrapcauchy.logpdf(0.0, rho)"),
    Case(J, "wind_loglik_off", "rho=0.9", "float64", "ok", num_grad(_wrapped_cauchy(mp("0.5")), rho=0.9)),
    Case(J, "gust_loglik", "loc=10", "float64", "ok", _fixed("loc", mp("0.5"))),
    Case(J, "gust_loglik", "loc=12", "float64", "domain", _fixed("loc", NAN)),
    # --- fisheries
    Case(J, "beverton_holt", None, "float64", "ok", _beverton_tree(), args="beverton_args", wrt="params"),
    Case(J, "holling_iii", "prey=10", "float64", "ok", _each("prey", _holling_slope(), [10])),
    Case(J, "holling_iii", "prey=0", "float64", "ok", _each("prey", _holling_slope(), [0])),
    Case(J, "holling_iii", "prey=10", "float32", "ok", _each("prey", _holling_slope("float32"), [10], "float32")),
    # --- occupancy
    Case(J, "log_detection", "rate=0.7", "float64", "ok", _each("rate", _detection_slope, [0.7])),
    # 1 - e^-1e-10 keeps seven digits
    Case(J, "log_detection", "rate=5e-11", "float64", "unstable", _each("rate", _detection_slope, [5e-11]),
         "return jnp.log(1.0 - jnp.exp(-rate * effort))"),
    Case(J, "log_detection_stable", "rate=5e-11", "float64", "ok", _each("rate", _detection_slope, [5e-11])),
    # 2 rate is log 2 as float64 holds it: log1mexp's switch
    Case(J, "log_detection_stable", "rate=0.34657359027997264", "float64", "ok",
         _each("rate", _detection_slope, [0.34657359027997264])),
    # --- activations, electrolytes
    # hard_swish's corners at +-3: slopes 1.5 | 1 and 0 | -0.5
    Case(J, "hard_swish_sum", "x=[3,-3,1]", "float64", "domain", _fixed("x", [NAN, NAN, mp(5) / 6])),
    Case(J, "sparse_plus_sum", "x=[1,-1,0.5]", "float64", "ok", _fixed("x", [1, 0, mp("0.75")])),
    Case(J, "davies_log_gamma", "ionic=0.1", "float64", "ok", _each("ionic", _davies_slope, [0.1])),
    Case(J, "davies_log_gamma", "ionic=0", "float64", "domain", _each("ionic", _davies_slope, [0])),
    # --- input errors a user makes
    Case(J, "beverton_holt", None, "float32", "input-error", args="beverton_args", wrt="params.log_m",
         message=("log_m",)),
    Case(J, "wald_cdf", "x=1", "float64", "input-error", message=("lam",)),
]


NUMPY = [
    Case(N, "wavenumber", "depth=10", "float64", "ok", _each("depth", _dk, [10])),
    Case(N, "wavenumber", "depth=1e-06", "float64", "ok", _each("depth", _dk, [1e-6])),
    Case(N, "phase_speed", "depth=200", "float64", "ok", _each("depth", _speed_slope, [200])),
    Case(N, "mercator_y", "lat=0.7", "float64", "ok", _each("lat", _mercator_tan_slope, [0.7])),
    Case(N, "mercator_y", "lat=1.5707963267000002", "float64", "unstable",
         _each("lat", _mercator_tan_slope, [1.5707963267000002]), "return np.log(np.tan(np.pi / 4 + lat / 2))"),
    Case(N, "mercator_asinh", "lat=1.5707963267", "float64", "ok", _each("lat", _sec, [1.5707963267])),
    Case(N, "mercator_atanh", "lat=1.5707963267", "float64", "unstable", _each("lat", _sec, [1.5707963267]),
         "return np.arctanh(np.sin(lat))"),
    Case(N, "latitude", "y=0.5", "float64", "ok", _each("y", _sech, [0.5])),
    Case(N, "latitude", "y=400", "float64", "unstable", _each("y", _sech, [400]),
         "return 2 * np.arctan(np.exp(y)) - np.pi / 2"),
    Case(N, "butterworth_db", "w=2", "float64", "ok", _each("w", _butter_db_slope, [2])),
    Case(N, "butterworth_db", "w=1e+40", "float64", "unstable", _each("w", _butter_db_slope, [1e40]),
         "return -10 * np.log10(1 + w ** (2 * N_ORDER))"),
    Case(N, "butterworth_db_stable", "w=1e+40", "float64", "ok", _each("w", _butter_db_slope, [1e40])),
    Case(N, "chebyshev_t5", "x=0.5", "float64", "wrong", _each("x", _t5_slope, [0.5]),
         "return np.where(np.abs(x) <= 1, np.cos(5 * np.arccos(x)), np.cosh(5 * np.arccosh(x)))"),
    Case(N, "chebyshev_t5_branch", "x=0.5", "float64", "ok", _each("x", _t5_slope, [0.5])),
    Case(N, "chebyshev_t5_branch", "x=2", "float64", "ok", _each("x", _t5_slope, [2])),
    Case(N, "chebyshev_t5_branch", "x=1", "float64", "wrong", _each("x", _t5_slope, [1])),
    Case(N, "chebyshev_t5_chebval", "x=1", "float64", "ok", _each("x", _t5_slope, [1])),
    Case(N, "chebyshev_t5_chebval", "x=0.5", "float64", "ok", _each("x", _t5_slope, [0.5])),
    Case(N, "pendulum_period", "theta0=1", "float64", "ok", num_grad(_period(2 * PI_F), theta0=1)),
    Case(N, "pendulum_period", "theta0=3.14159", "float64", "ok", num_grad(_period(2 * PI_F), theta0=3.14159)),
    Case(N, "wald_cdf", "x=1,lam=2", "float64", "ok", num_grad(_wald_cdf, x=1, lam=2)),
    Case(N, "wald_cdf", "x=1,lam=400", "float64", "unstable", num_grad(_wald_cdf, x=1, lam=400),
         "return ndtr(r * (x / mu - 1)) + np.exp(2 * lam / mu) * ndtr(-r * (x / mu + 1))"),
    # the same difference of two 0.0199s, but gradcli's float64 slope of this NumPy code is 9e-14 from the exact one
    Case(N, "wald_cdf_stable", "x=1,lam=400", "float64", "ok", num_grad(_wald_cdf, x=1, lam=400)),
    Case(N, "wald_cdf_stats", "x=1,lam=2", "float64", "ok", num_grad(_wald_cdf, x=1, lam=2)),
    Case(N, "wald_cdf_stats", "x=0.5,lam=3", "float64", "ok", num_grad(_wald_cdf, x=0.5, lam=3)),
    Case(N, "wald_logpdf_stats", "x=0.5,lam=3", "float64", "ok", num_grad(_wald_logpdf, x=0.5, lam=3)),
    Case(N, "skewnorm_logpdf", "x=-4,alpha=10", "float64", "ok", _skew_slopes(-4, 10)),
    Case(N, "skewnorm_logpdf_stats", "x=0.5,alpha=2", "float64", "ok", _skew_slopes(0.5, 2)),
    Case(N, "skewnorm_logpdf_stats", "x=-4,alpha=10", "float64", "ok", _skew_slopes(-4, 10)),
    Case(N, "skewnorm_cdf_stats", "x=0.5,alpha=2", "float64", "ok", _skew_cdf_slopes(0.5, 2)),
    Case(N, "wind_loglik", "rho=0.5", "float64", "ok", num_grad(_wrapped_cauchy(0), rho=0.5)),
    Case(N, "wind_loglik", "rho=0.999999", "float64", "unstable", num_grad(_wrapped_cauchy(0), rho=0.999999),
         "return np.log(1 - rho ** 2) - np.log(2 * np.pi * (1 + rho ** 2 - 2 * rho * np.cos(theta)))"),
    Case(N, "gust_loglik", "loc=10", "float64", "ok", _fixed("loc", mp("0.5"))),
    Case(N, "gust_loglik", "loc=12", "float64", "domain", _fixed("loc", NAN)),
    Case(N, "beverton_holt", "r=1.8,k=650", "float64", "ok",
         num_grad(lambda r, k: _stock_loss(r, k, mp(80)), r=1.8, k=650)),
    Case(N, "log_detection", "rate=5e-11", "float64", "unstable", _each("rate", _detection_slope, [5e-11]),
         "return np.log(1 - np.exp(-rate * effort))"),
    Case(N, "log_detection_expm1", "rate=5e-11", "float64", "ok", _each("rate", _detection_slope, [5e-11])),
    Case(N, "log_detection_expm1", "rate=3", "float64", "ok", _each("rate", _detection_slope, [3])),
    Case(N, "davies_log_gamma", "ionic=0.1", "float64", "ok", _each("ionic", _davies_slope, [0.1])),
    Case(N, "davies_log_gamma", "ionic=0", "float64", "domain", _each("ionic", _davies_slope, [0])),
    Case(N, "chebyshev_t5", "x=0.5,n=5", "float64", "input-error", message=("n",)),
    Case(N, "wavenumber", "depth=ten", "float64", "input-error", message=("ten",)),
]

ALL = JAX + NUMPY
