"""The thirty-first trial set (first part): in JAX, saturation vapour pressure by Magnus and by Clausius-Clapeyron
(down to 5 K, where it underflows, and at 0 K, where 1/T is infinite), a dew point, Stefan-Boltzmann's effective
temperature of a zero flux, growing degree days by jnp.maximum and by a vmapped lax.cond at a day exactly at the base,
an energy-balance model with a tanh ice albedo by lax.scan (checkpointed, vmapped over an ensemble), the boiling point
by Newton inside a custom_vjp with the implicit slope right and with a dropped factor; a two-link arm's forward
kinematics (a vector output), its elbow angle by arccos of a clipped cosine and by atan2 of factored roots at and near
full extension, a "safe" arccos custom_jvp whose clamp engages near full extension, manipulability through a
determinant at a singular pose, a reach error from an arm NamedTuple by --args and --wrt paths; a mass-spring-damper
discretised by expm (near critical damping, stiff), LQR's Riccati iteration by a fori_loop and a gain fitted from a
parameter tree; Planck's law with exp - 1, expm1 and exp(-x) at 1 K and in float32; AB magnitudes of faint fluxes
with and without a floor (and at the floor); a weak acid's pH by the textbook root, by the other root form and at
1e-22 mol/L; Nelson-Siegel yields at a maturity of 1e-9 years, naive and by expm1 (whose quotient rule still cancels);
a flow's log |det| with softplus scales, naive, behind a single and a double where, and through custom_jvp rules
(one overflowing at -800, one missing the sigmoid). In plain NumPy and SciPy the same as legacy code writes them:
degree days by a loop branching on float() of each day, a temperature history array updated in place, arm links
from a helper module of the user's accumulated into a position array, scipy.linalg.expm, a Riccati loop stopping on
.item() of the change, scipy.linalg.solve_discrete_are (which gradcli does not replay), np.errstate around Planck's
overflow, Python's max as a flux floor, np.roots of the pH quadratic, Nelson-Siegel loadings filled in place, and
np.logaddexp as softplus.

Truths are the mathematics written here in mpmath (closed forms, the Euler and Riccati recursions restated, mpmath's
own expm, or mpmath.diff at 2,000 digits through `num_grad`), never the user files' code; points are the numbers the
dtype holds, constants the numbers the program writes (a Python product of constants is rounded once, to float64,
then to the dtype). A coordinate with no derivative is written NaN by hand.
"""

import mpmath

from cases import Case, mp
from cases5 import _in, hp
from cases12a import _f, num_grad
from cases22b import _each, _sig
from cases24b import _fixed
from cases27a import _c

J, N = "jax_lib31a.py", "numpy_lib31a.py"


def _softplus(x):
    return mpmath.log1p(mpmath.exp(x)) if x < 0 else x + mpmath.log1p(mpmath.exp(-x))


# --- climate -----------------------------------------------------------------------------------------------------------

MAGNUS = (6.1094, 17.625, 243.04)


def _magnus(dtype):
    return [_c(dtype, v) for v in MAGNUS]


def _saturation_slope(dtype="float64"):
    """d/dt of A exp(B t / (t + C)): e_s B C / (t + C)^2."""
    def slope(t):
        a, b, c = _magnus(dtype)
        return a * mpmath.exp(b * t / (t + c)) * b * c / (t + c) ** 2
    return slope


def _clausius_slope(dtype="float64"):
    """d/dT of E0 exp(L/Rv (1/T0 - 1/T)): e_s L/Rv / T^2, L/Rv and 1/T0 the floats the program computes."""
    def slope(t):
        ratio = _c(dtype, 2.501e6 / 461.5)
        return _c(dtype, 611.0) * mpmath.exp(ratio * (_c(dtype, 1.0 / 273.15) - 1 / t)) * ratio / t ** 2
    return slope


def _dew_point_slopes(t, rh):
    """Td = C g / (B - g), g = log(rh / 100) + B t / (C + t): dTd/dg = B C / (B - g)^2."""
    def truth():
        a, b, c = _magnus("float64")
        tv, hv = _f(t), _f(rh)
        g = mpmath.log(hv / 100) + b * tv / (c + tv)
        outer = b * c / (b - g) ** 2
        return {"t": outer * b * c / (c + tv) ** 2, "rh": outer / hv}
    return hp(truth)


def _effective_temperature_slope(dtype="float64"):
    """d/dF of (F / sigma)^(1/4): (F / sigma)^(-3/4) / (4 sigma)."""
    def slope(flux):
        sigma = _c(dtype, 5.670374419e-8)
        return (flux / sigma) ** mp(-0.75) / (4 * sigma)
    return slope


def _degree_day_slopes(days):
    return _fixed("t", [None if d == 10 else (1 if d > 10 else 0) for d in days])


def _ebm(solar_factor, dtype="float64", steps=200):
    """T_{n+1} = T_n + (year / heat capacity) (S s / 4 (1 - albedo(T_n)) - eps sigma T_n^4), albedo = 0.5 - 0.2
    tanh((T - 265) / 10), from T_0 = 288 K."""
    gain, solar = _c(dtype, 3.15e7 / 4.0e8), _c(dtype, 1361.0)
    emit = _c(dtype, 0.61 * 5.670374419e-8)
    t = mp(288)
    for _ in range(steps):
        albedo = _c(dtype, 0.5) - _c(dtype, 0.2) * mpmath.tanh((t - 265) / 10)
        t = t + gain * (solar * solar_factor / 4 * (1 - albedo) - emit * t ** 4)
    return t


def _ebm_of(dtype):
    return lambda solar_factor: _ebm(solar_factor, dtype)


def _ensemble(factors):
    return sum(_ebm(s) for s in factors) / len(factors)


def _boiling_slope(dtype="float64"):
    """T solves A exp(B T / (T + C)) = p: with u = log(p / A), T = C u / (B - u) and dT/dp = B C / ((B - u)^2 p)."""
    def slope(p):
        a, b, c = _magnus(dtype)
        u = mpmath.log(p / a)
        return b * c / ((b - u) ** 2 * p)
    return slope


# --- robotics ----------------------------------------------------------------------------------------------------------


def _kinematics_jacobian(q, dtype="float64"):
    """Rows d(x, y)/d(q0, q1) of x = cos q0 + 0.5 cos(q0 + q1), y = sin q0 + 0.5 sin(q0 + q1)."""
    def truth():
        a, b = _in(dtype, q)
        return {"q": [[-mpmath.sin(a) - mpmath.sin(a + b) / 2, -mpmath.sin(a + b) / 2],
                      [mpmath.cos(a) + mpmath.cos(a + b) / 2, mpmath.cos(a + b) / 2]]}
    return hp(truth)


def _elbow_slopes(target):
    """q2 = arccos(x^2 + y^2 - 1.25) (2 L1 L2 = 1): d/dx = -2x / sqrt(1 - c^2), likewise y."""
    def truth():
        x, y = _in("float64", target)
        c = x * x + y * y - mp("1.25")
        root = mpmath.sqrt(1 - c * c)
        return {"target": [-2 * x / root, -2 * y / root]}
    return hp(truth)


def _manipulability_slopes(q):
    """sqrt(det J J^T) = L1 L2 |sin q1|: nothing in q0, 0.5 cos q1 sign(sin q1) in q1."""
    def truth():
        _, b = _in("float64", q)
        return {"q": [mp(0), mpmath.cos(b) * mpmath.sign(mpmath.sin(b)) / 2]}
    return hp(truth)


def _reach(upper, fore, target=(0.9, 0.8)):
    """The hand (links 1 and 0.5) placed by the elbow-down solution computed with link lengths upper and fore."""
    tx, ty = _f(target[0]), _f(target[1])
    q2 = mpmath.acos((tx * tx + ty * ty - upper ** 2 - fore ** 2) / (2 * upper * fore))
    q1 = mpmath.atan2(ty, tx) - mpmath.atan2(fore * mpmath.sin(q2), upper + fore * mpmath.cos(q2))
    hx = mpmath.cos(q1) + mpmath.cos(q1 + q2) / 2
    hy = mpmath.sin(q1) + mpmath.sin(q1 + q2) / 2
    return (hx - tx) ** 2 + (hy - ty) ** 2


def _reach_tree(names):
    def truth():
        at = {"upper": _f(1.02), "fore": _f(0.49)}
        return {"arm." + n: mpmath.diff(lambda v, n=n: _reach(**dict(at, **{n: v})), at[n]) for n in names}
    return hp(truth)


def _hand_error_slopes(q, dtype="float64"):
    """d/dq of |hand(q) - goal|^2 / 2: J^T (hand - goal), at q as the dtype holds it (the goal and links float64)."""
    def truth():
        a, b = _in(dtype, q)
        hand = [mpmath.cos(a) + mpmath.cos(a + b) / 2, mpmath.sin(a) + mpmath.sin(a + b) / 2]
        gap = [hand[0] - _f(0.9), hand[1] - _f(0.8)]
        jac = [[-mpmath.sin(a) - mpmath.sin(a + b) / 2, -mpmath.sin(a + b) / 2],
               [mpmath.cos(a) + mpmath.cos(a + b) / 2, mpmath.cos(a + b) / 2]]
        return {"q": [gap[0] * jac[0][k] + gap[1] * jac[1][k] for k in range(2)]}
    return hp(truth)


# --- control -----------------------------------------------------------------------------------------------------------


def _expm_entry(dtype="float64"):
    """exp(A dt)[0, 0] for A = [[0, 1], [-k, -c]] by mpmath's own matrix exponential."""
    def entry(k):
        c, dt = _c(dtype, 0.4), mp("0.5")
        return mpmath.expm(mpmath.matrix([[0, dt], [-k * dt, -c * dt]]))[0, 0]
    return entry


def _riccati(q, r, steps=300, dtype="float64"):
    """P_{n+1} = Q + A^T P A - A^T P B (R + B^T P B)^-1 B^T P A from P_0 = Q, for the double integrator (dt 0.1)."""
    tenth = _c(dtype, 0.1)
    a = mpmath.matrix([[1, tenth], [0, 1]])
    b = mpmath.matrix([[0], [tenth]])
    qm = q * mpmath.eye(2)
    p = qm
    for _ in range(steps):
        bpa = b.T * p * a
        p = qm + a.T * p * a - bpa.T * bpa / (r + (b.T * p * b)[0, 0])
    return p, a, b


def _lqr_trace(dtype="float64", steps=300):
    def trace(r):
        p, _, _ = _riccati(mp(1), r, steps, dtype)
        return p[0, 0] + p[1, 1]
    return trace


def _gain_fit(log_q, log_r):
    r = mpmath.exp(log_r)
    p, a, b = _riccati(mpmath.exp(log_q), r)
    gain = b.T * p * a / (r + (b.T * p * b)[0, 0])
    return (gain[0, 0] - 2) ** 2 + (gain[0, 1] - mp("2.5")) ** 2


def _gain_tree(names):
    def truth():
        at = {"log_q": mp(0), "log_r": mp(-1)}
        return {"params." + n: mpmath.diff(lambda v, n=n: _gain_fit(**dict(at, **{n: v})), at[n]) for n in names}
    return hp(truth)


# --- astronomy ---------------------------------------------------------------------------------------------------------

PLANCK_NUMERATOR = 6.62607015e-34 * 2.99792458e8
PLANCK_DENOMINATOR = 500e-9 * 1.380649e-23
PLANCK_SCALE = 2.0 * 6.62607015e-34 * 2.99792458e8 ** 2 / 500e-9 ** 5


def _planck_slope(dtype="float64"):
    """d/dT of K / (e^x - 1), x = h c / (lambda k T): K e^x / (e^x - 1)^2 x / T."""
    def slope(temp):
        x = _c(dtype, PLANCK_NUMERATOR) / (_c(dtype, PLANCK_DENOMINATOR) * temp)
        return _c(dtype, PLANCK_SCALE) * mpmath.exp(x) / mpmath.expm1(x) ** 2 * x / temp
    return slope


def _magnitude_slopes(fluxes, floor=None):
    """d/df of -2.5 log10(f / 3631): -2.5 / (f ln 10); flat below the floor, no derivative at it."""
    def one(f):
        if floor is not None and f <= floor:
            return mp(0) if f < floor else mpmath.nan
        return -mp("2.5") / (f * mpmath.log(10))
    return hp(lambda: {"flux": [one(f) if f > 0 or floor is not None else mpmath.nan for f in _in("float64", fluxes)]})


# --- chemistry ---------------------------------------------------------------------------------------------------------


def _ph_slope(dtype="float64"):
    """pH = -log10 h, h = (-Ka + sqrt(Ka^2 + 4 Ka c)) / 2 (Ka^2 and 4 Ka the floats the program writes):
    dpH/dc = -(4 Ka / (4 sqrt(Ka^2 + 4 Ka c))) / (h ln 10)."""
    def slope(conc):
        ka, ka2, ka4 = _c(dtype, 1.8e-5), _c(dtype, 1.8e-5 ** 2), _c(dtype, 4.0 * 1.8e-5)
        root = mpmath.sqrt(ka2 + ka4 * conc)
        h = (root - ka) / 2
        return -(ka4 / (4 * root)) / (h * mpmath.log(10))
    return slope


def _ph_stable_slope(dtype="float64"):
    """pH = -log10 h, h = 2 Ka c / (Ka + sqrt(Ka^2 + 4 Ka c)): with Ka^2 the float the program writes this is not
    quite the other root form's h, so it is differentiated as written."""
    def slope(conc):
        ka, ka2, ka4 = _c(dtype, 1.8e-5), _c(dtype, 1.8e-5 ** 2), _c(dtype, 4.0 * 1.8e-5)
        root = mpmath.sqrt(ka2 + ka4 * conc)
        h = 2 * ka * conc / (ka + root)
        dh = 2 * ka / (ka + root) - 2 * ka * conc * (ka4 / (2 * root)) / (ka + root) ** 2
        return -dh / (h * mpmath.log(10))
    return slope


def _ph_roots_slope(conc):
    """The same from the exact roots of h^2 + Ka h - Ka c."""
    ka = _f(1.8e-5)
    root = mpmath.sqrt(ka * ka + 4 * ka * conc)
    h = (root - ka) / 2
    return -(ka / root) / (h * mpmath.log(10))


# --- finance -----------------------------------------------------------------------------------------------------------


def _nelson_siegel_slope(dtype="float64"):
    """d/dtau of b1 L(x) + b2 (L(x) - e^-x), x = tau / 1.5, L = (1 - e^-x) / x: L' = (e^-x (1 + x) - 1) / x^2."""
    def slope(tau):
        b1, b2 = _c(dtype, -0.02), _c(dtype, 0.01)
        x = tau / mp("1.5")
        dl = (mpmath.exp(-x) * (1 + x) - 1) / x ** 2
        return (b1 * dl + b2 * (dl + mpmath.exp(-x))) / mp("1.5")
    return slope


def _curve_slopes(taus):
    def truth():
        slope = _nelson_siegel_slope()
        return {"taus": [slope(t) / len(taus) for t in _in("float64", taus)]}
    return hp(truth)


# --- flows -------------------------------------------------------------------------------------------------------------


def _log_softplus_slope(s):
    """d/ds log softplus(s) = sigma(s) / softplus(s)."""
    return _sig(s) / _softplus(s)


def _where_flow_slopes(s, dtype="float64"):
    """The program's function is s itself below -20: slope 1 there."""
    return hp(lambda: {"s": [mp(1) if v < -20 else _log_softplus_slope(v) for v in _in(dtype, s)]})


def _flow_slopes(s, dtype="float64"):
    return _each("s", _log_softplus_slope, s, dtype)


JAX = [
    Case(J, "saturation_pressure", "t=20", "float64", "ok", _each("t", _saturation_slope(), [20])),
    Case(J, "saturation_pressure", "t=20", "float32", "ok", _each("t", _saturation_slope("float32"), [20], "float32")),
    Case(J, "saturation_pressure", "t=-40", "float64", "ok", _each("t", _saturation_slope(), [-40])),
    Case(J, "clausius_clapeyron", "t_kelvin=300", "float64", "ok", _each("t_kelvin", _clausius_slope(), [300])),
    Case(J, "clausius_clapeyron", "t_kelvin=300", "float32", "ok",
         _each("t_kelvin", _clausius_slope("float32"), [300], "float32")),
    # e^-1064: the value and its slope (1e-460) are below float64, written as 0 by a stable program
    Case(J, "clausius_clapeyron", "t_kelvin=5", "float64", "ok", _each("t_kelvin", _clausius_slope(), [5])),
    # 1/0: the relation has no value at absolute zero
    Case(J, "clausius_clapeyron", "t_kelvin=0", "float64", "domain", _fixed("t_kelvin", [None])),
    Case(J, "dew_point", "t=20,rh=50", "float64", "ok", _dew_point_slopes(20, 50)),
    Case(J, "effective_temperature", "flux=240", "float64", "ok",
         _each("flux", _effective_temperature_slope(), [240])),
    Case(J, "effective_temperature", "flux=240", "float32", "ok",
         _each("flux", _effective_temperature_slope("float32"), [240], "float32")),
    # the fourth root at 0: an infinite slope from the right, no real root on the left
    Case(J, "effective_temperature", "flux=0", "float64", "domain", _fixed("flux", [None])),
    Case(J, "growing_degree_days", "t=[12,5,15]", "float64", "ok", _degree_day_slopes([12, 5, 15])),
    Case(J, "growing_degree_days", "t=[12,10,15]", "float64", "domain", _degree_day_slopes([12, 10, 15])),
    Case(J, "growing_degree_days_cond", "t=[12,5,15]", "float64", "ok", _degree_day_slopes([12, 5, 15])),
    Case(J, "growing_degree_days_cond", "t=[12,10,15]", "float64", "domain", _degree_day_slopes([12, 10, 15])),
    Case(J, "ebm_temperature", "solar_factor=1", "float64", "ok", num_grad(_ebm_of("float64"), solar_factor=1)),
    Case(J, "ebm_temperature", "solar_factor=1", "float32", "ok",
         num_grad(_ebm_of("float32"), "float32", solar_factor=1)),
    Case(J, "ebm_temperature", "solar_factor=0.9", "float64", "ok", num_grad(_ebm_of("float64"), solar_factor=0.9)),
    Case(J, "ebm_temperature_checkpointed", "solar_factor=1", "float64", "ok",
         num_grad(_ebm_of("float64"), solar_factor=1)),
    Case(J, "ebm_ensemble", "solar_factors=[0.95,1,1.05]", "float64", "ok",
         num_grad(lambda solar_factors: _ensemble(solar_factors), solar_factors=[0.95, 1, 1.05])),
    Case(J, "boiling_point", "p=1013.25", "float64", "ok", _each("p", _boiling_slope(), [1013.25])),
    Case(J, "boiling_point", "p=1013.25", "float32", "ok", _each("p", _boiling_slope("float32"), [1013.25],
                                                                 "float32")),
    Case(J, "boiling_point", "p=10", "float64", "ok", _each("p", _boiling_slope(), [10])),
    Case(J, "boiling_point_quick", "p=1013.25", "float64", "wrong", _each("p", _boiling_slope(), [1013.25]),
         "def _boil_quick_bwd"),
    Case(J, "forward_kinematics", "q=[0.3,0.7]", "float64", "ok", _kinematics_jacobian([0.3, 0.7])),
    Case(J, "forward_kinematics", "q=[0.3,0.7]", "float32", "ok", _kinematics_jacobian([0.3, 0.7], "float32")),
    Case(J, "forward_kinematics", "q=[0.3,0]", "float64", "ok", _kinematics_jacobian([0.3, 0])),
    Case(J, "elbow_angle", "target=[0.9,0.8]", "float64", "ok", _elbow_slopes([0.9, 0.8])),
    # full extension: the clipped cosine sits at 1, arccos's slope is infinite from inside, 0 from outside; in y the
    # cosine 1 + y^2 is clipped to 1 on both sides: flat
    Case(J, "elbow_angle", "target=[1.5,0]", "float64", "wrong", _fixed("target", [None, 0])),
    # 1 - c = 3e-12 from x^2 - 1.25 rounded: the slope keeps five digits
    Case(J, "elbow_angle", "target=[1.4999999999990001,0]", "float64", "unstable",
         _elbow_slopes([1.4999999999990001, 0]), "return jnp.arccos(jnp.clip(c, -1.0, 1.0))"),
    Case(J, "elbow_angle_atan2", "target=[1.4999999999990001,0]", "float64", "ok",
         _elbow_slopes([1.4999999999990001, 0])),
    Case(J, "elbow_angle_atan2", "target=[0.9,0.8]", "float64", "ok", _elbow_slopes([0.9, 0.8])),
    # beyond full reach in every direction of y: no derivative in either coordinate
    Case(J, "elbow_angle_atan2", "target=[1.5,0]", "float64", "domain", _fixed("target", [None, None])),
    Case(J, "elbow_angle_safe", "target=[0.9,0.8]", "float64", "ok", _elbow_slopes([0.9, 0.8])),
    # 1 - c^2 = 6e-7 < 1e-6: the clamp takes over and the rule's slope is 1000 where it is 1291
    Case(J, "elbow_angle_safe", "target=[1.4999999,0]", "float64", "wrong", _elbow_slopes([1.4999999, 0]),
         "def _safe_arccos_jvp"),
    Case(J, "manipulability", "q=[0.3,1]", "float64", "ok", _manipulability_slopes([0.3, 1])),
    # a singular pose: sqrt(det) = 0.5 |sin q1| has a kink at q1 = 0 and is flat in q0
    Case(J, "manipulability", "q=[0.3,0]", "float64", "unstable", _fixed("q", [0, None])),
    Case(J, "reach_error", None, "float64", "ok", _reach_tree(["upper"]), args="reach_args", wrt="arm.upper"),
    Case(J, "discrete_response", "k=2", "float64", "ok", num_grad(_expm_entry(), k=2)),
    Case(J, "discrete_response", "k=2", "float32", "ok", num_grad(_expm_entry("float32"), "float32", k=2)),
    # 0.04 is within 1e-17 of c^2 / 4: critical damping, where the closed form's omega vanishes
    Case(J, "discrete_response", "k=0.04", "float64", "ok", num_grad(_expm_entry(), k=0.04)),
    Case(J, "discrete_response", "k=10000", "float64", "ok", num_grad(_expm_entry(), k=10000)),
    Case(J, "lqr_cost", "r=0.5", "float64", "ok", num_grad(_lqr_trace(), r=0.5)),
    Case(J, "lqr_cost", "r=0.5", "float32", "ok", num_grad(_lqr_trace("float32"), "float32", r=0.5)),
    Case(J, "lqr_cost", "r=100", "float64", "ok", num_grad(_lqr_trace(), r=100)),
    Case(J, "lqr_gain_fit", None, "float64", "ok", _gain_tree(["log_q", "log_r"]), args="lqr_args", wrt="params"),
    Case(J, "planck", "temp=5000", "float64", "ok", _each("temp", _planck_slope(), [5000])),
    # x = 28775: e^x overflows, K / inf = 0, and the slope's e^x / (e^x - 1)^2 is inf / inf
    Case(J, "planck", "temp=1", "float64", "unstable", _each("temp", _planck_slope(), [1]),
         "/ (jnp.exp(x) - 1.0)"),
    # x = 95.9 overflows float32's exp
    Case(J, "planck", "temp=300", "float32", "unstable", _each("temp", _planck_slope("float32"), [300], "float32")),
    Case(J, "planck_expm1", "temp=5000", "float64", "ok", _each("temp", _planck_slope(), [5000])),
    Case(J, "planck_expm1", "temp=1", "float64", "unstable", _each("temp", _planck_slope(), [1]),
         "/ jnp.expm1(x)"),
    Case(J, "planck_wien_safe", "temp=1", "float64", "ok", _each("temp", _planck_slope(), [1])),
    # no overflow in the value, but x's quotient rule squares lambda k T = 2e-27, beyond float32 (and 1/that = inf)
    Case(J, "planck_wien_safe", "temp=300", "float32", "unstable",
         _each("temp", _planck_slope("float32"), [300], "float32"), "def planck_wien_safe>>x = H_PLANCK"),
    Case(J, "planck_wien_safe", "temp=5000", "float64", "ok", _each("temp", _planck_slope(), [5000])),
    Case(J, "magnitude", "flux=[0.001,2.5e-05]", "float64", "ok", _magnitude_slopes([0.001, 2.5e-5])),
    Case(J, "magnitude", "flux=[0.001,0]", "float64", "domain", _magnitude_slopes([0.001, 0])),
    Case(J, "magnitude_floor", "flux=[0.001,0]", "float64", "ok", _magnitude_slopes([0.001, 0], 1e-12)),
    Case(J, "magnitude_floor", "flux=[0.001,1e-12]", "float64", "domain", _magnitude_slopes([0.001, 1e-12], 1e-12)),
    Case(J, "magnitude_floor", "flux=[0.001,2.5e-05]", "float32", "ok",
         hp(lambda: {"flux": [-mp("2.5") / (f * mpmath.log(10)) for f in _in("float32", [0.001, 2.5e-5])]})),
    Case(J, "weak_acid_ph", "conc=0.01", "float64", "ok", _each("conc", _ph_slope(), [0.01])),
    Case(J, "weak_acid_ph", "conc=0.01", "float32", "ok", _each("conc", _ph_slope("float32"), [0.01], "float32")),
    # 4 Ka c = 7.2e-19 beside Ka^2 = 3.24e-10: the root's difference keeps 7 digits
    Case(J, "weak_acid_ph", "conc=1e-14", "float64", "unstable", _each("conc", _ph_slope(), [1e-14]),
         "h = (-KA_ACETIC + jnp.sqrt("),
    # 4 Ka c = 7.2e-27 vanishes beside Ka^2: h = 0 and the pH is infinite
    Case(J, "weak_acid_ph", "conc=1e-22", "float64", "unstable", _each("conc", _ph_slope(), [1e-22]),
         "h = (-KA_ACETIC + jnp.sqrt("),
    Case(J, "weak_acid_ph_stable", "conc=1e-14", "float64", "ok", _each("conc", _ph_stable_slope(), [1e-14])),
    Case(J, "weak_acid_ph_stable", "conc=1e-22", "float64", "ok", _each("conc", _ph_stable_slope(), [1e-22])),
    Case(J, "weak_acid_ph_stable", "conc=0.01", "float32", "ok", _each("conc", _ph_stable_slope("float32"), [0.01],
                                                                      "float32")),
    Case(J, "nelson_siegel", "tau=2", "float64", "ok", _each("tau", _nelson_siegel_slope(), [2])),
    Case(J, "nelson_siegel", "tau=2", "float32", "ok", _each("tau", _nelson_siegel_slope("float32"), [2], "float32")),
    Case(J, "nelson_siegel", "tau=1e-09", "float64", "unstable", _each("tau", _nelson_siegel_slope(), [1e-9]),
         "loading = (1.0 - jnp.exp(-x)) / x"),
    # expm1 mends the loading's value, but its quotient rule still subtracts e^-x / x and L / x, equal to 7 digits
    Case(J, "nelson_siegel_stable", "tau=1e-09", "float64", "unstable", _each("tau", _nelson_siegel_slope(), [1e-9])),
    Case(J, "nelson_siegel_stable", "tau=2", "float64", "ok", _each("tau", _nelson_siegel_slope(), [2])),
    Case(J, "flow_logdet", "s=[-5,0,3]", "float64", "ok", _flow_slopes([-5, 0, 3])),
    Case(J, "flow_logdet", "s=[-5,0,3]", "float32", "ok", _flow_slopes([-5, 0, 3], "float32")),
    # softplus(-800) = e^-800 underflows: log(0)
    Case(J, "flow_logdet", "s=[-800,0,3]", "float64", "unstable", _flow_slopes([-800, 0, 3]),
         "return jnp.sum(jnp.log(jax.nn.softplus(s)))"),
    Case(J, "flow_logdet", "s=[-120,0,3]", "float32", "unstable", _flow_slopes([-120, 0, 3], "float32")),
    # the branch the where leaves has log(0), softplus(-800) = e^-800 underflowed: its 0 cotangent times an infinite
    # slope leaks a NaN, a float64 artefact (the branch is -800 exactly), so unstable; the double where mends it
    Case(J, "flow_logdet_where", "s=[-800,0,3]", "float64", "unstable", _where_flow_slopes([-800, 0, 3]),
         "return jnp.sum(jnp.where(s < -20.0, s, jnp.log(jax.nn.softplus(s))))", "jnp.where(s < -20.0, "),
    Case(J, "flow_logdet_where", "s=[-5,0,3]", "float64", "ok", _where_flow_slopes([-5, 0, 3])),
    Case(J, "flow_logdet_double_where", "s=[-800,0,3]", "float64", "ok", _where_flow_slopes([-800, 0, 3])),
    Case(J, "flow_logdet_double_where", "s=[-800,0,3]", "float32", "ok", _where_flow_slopes([-800, 0, 3],
                                                                                            "float32")),
    Case(J, "flow_logdet_rule", "s=[-5,0,3]", "float64", "ok", _where_flow_slopes([-5, 0, 3])),
    # the rule's sigmoid(-800) underflows to 0 and exp(800) overflows: 0 * inf in the rule itself
    Case(J, "flow_logdet_rule", "s=[-800,0,3]", "float64", "unstable", _where_flow_slopes([-800, 0, 3]),
         "ds * jax.nn.sigmoid(s) * jnp.exp(-out)"),
    Case(J, "flow_logdet_sloppy", "s=[-5,0,3]", "float64", "wrong", _where_flow_slopes([-5, 0, 3]),
         "def _log_softplus_sloppy_jvp"),
]


NUMPY = [
    Case(N, "saturation_pressure", "t=20", "float64", "ok", _each("t", _saturation_slope(), [20])),
    Case(N, "dew_point", "t=20,rh=50", "float64", "ok", _dew_point_slopes(20, 50)),
    Case(N, "effective_temperature", "flux=240", "float64", "ok",
         _each("flux", _effective_temperature_slope(), [240])),
    Case(N, "effective_temperature", "flux=0", "float64", "domain", _fixed("flux", [None])),
    Case(N, "growing_degree_days", "t=[12,5,15]", "float64", "ok", _degree_day_slopes([12, 5, 15])),
    # the Python branch on float(day) skips the day at the base: a kink all the same
    Case(N, "growing_degree_days", "t=[12,10,15]", "float64", "domain", _degree_day_slopes([12, 10, 15])),
    Case(N, "ebm_temperature", "solar_factor=1", "float64", "ok", num_grad(_ebm_of("float64"), solar_factor=1)),
    Case(N, "ebm_temperature", "solar_factor=0.9", "float64", "ok", num_grad(_ebm_of("float64"), solar_factor=0.9)),
    Case(N, "elbow_angle", "target=[0.9,0.8]", "float64", "ok", _elbow_slopes([0.9, 0.8])),
    Case(N, "elbow_angle", "target=[1.4999999999990001,0]", "float64", "unstable",
         _elbow_slopes([1.4999999999990001, 0]), "return np.arccos(np.clip(c, -1.0, 1.0))"),
    Case(N, "elbow_angle", "target=[1.5,0]", "float64", "wrong", _fixed("target", [None, 0])),
    Case(N, "elbow_angle_atan2", "target=[1.4999999999990001,0]", "float64", "ok",
         _elbow_slopes([1.4999999999990001, 0])),
    Case(N, "hand_position", "q=[0.3,0.7]", "float64", "ok", _kinematics_jacobian([0.3, 0.7])),
    Case(N, "reach_error", "q=[0.3,0.7]", "float64", "ok", _hand_error_slopes([0.3, 0.7])),
    Case(N, "reach_error", "q=[0.3,0.7]", "float32", "ok", _hand_error_slopes([0.3, 0.7], "float32")),
    Case(N, "discrete_response", "k=2", "float64", "ok", num_grad(_expm_entry(), k=2)),
    Case(N, "discrete_response", "k=0.04", "float64", "ok", num_grad(_expm_entry(), k=0.04)),
    Case(N, "lqr_cost", "r=0.5", "float64", "ok", num_grad(_lqr_trace(steps=600), r=0.5)),
    Case(N, "lqr_cost_scipy", "r=0.5", "float64", "input-error",
         message=("numpy_lib31a.py, line ", "solve_discrete_are")),
    Case(N, "planck", "temp=5000", "float64", "ok", _each("temp", _planck_slope(), [5000])),
    Case(N, "planck", "temp=1", "float64", "unstable", _each("temp", _planck_slope(), [1]),
         "return 2 * H * C ** 2 / wavelength ** 5 / (np.exp(x) - 1)"),
    Case(N, "planck_safe", "temp=1", "float64", "ok", _each("temp", _planck_slope(), [1])),
    Case(N, "magnitude_floor", "flux=0.001", "float64", "ok", _magnitude_slopes([0.001], 1e-12)),
    Case(N, "magnitude_floor", "flux=0", "float64", "ok", _magnitude_slopes([0], 1e-12)),
    Case(N, "magnitude_floor", "flux=1e-12", "float64", "domain", _magnitude_slopes([1e-12], 1e-12)),
    Case(N, "weak_acid_ph", "conc=0.01", "float64", "ok", _each("conc", _ph_slope(), [0.01])),
    Case(N, "weak_acid_ph", "conc=1e-14", "float64", "unstable", _each("conc", _ph_slope(), [1e-14]),
         "h = (-KA + np.sqrt(KA * KA + 4 * KA * conc)) / 2"),
    Case(N, "weak_acid_ph_stable", "conc=1e-14", "float64", "ok", _each("conc", _ph_stable_slope(), [1e-14])),
    Case(N, "weak_acid_ph_roots", "conc=0.01", "float64", "ok", _each("conc", _ph_roots_slope, [0.01])),
    # LAPACK's 2 x 2 eigenvalues (dlanv2) take the small root by the product of the roots, not by a difference
    Case(N, "weak_acid_ph_roots", "conc=1e-14", "float64", "ok", _each("conc", _ph_roots_slope, [1e-14])),
    Case(N, "nelson_siegel_curve", "taus=[0.5,2,10]", "float64", "ok", _curve_slopes([0.5, 2, 10])),
    Case(N, "nelson_siegel_curve", "taus=[1e-09,2,10]", "float64", "unstable", _curve_slopes([1e-9, 2, 10]),
         "slope = (1 - np.exp(-x)) / x"),
    Case(N, "nelson_siegel_curve_stable", "taus=[0.5,2,10]", "float64", "ok", _curve_slopes([0.5, 2, 10])),
    Case(N, "flow_logdet", "s=[-5,0,3]", "float64", "ok", _flow_slopes([-5, 0, 3])),
    Case(N, "flow_logdet", "s=[-800,0,3]", "float64", "unstable", _flow_slopes([-800, 0, 3]),
         "return np.sum(np.log(np.logaddexp(0.0, s)))"),
]

ALL = JAX + NUMPY
