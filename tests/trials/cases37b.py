"""The thirty-seventh trial set (b), PyTorch and TensorFlow (Keras; TensorFlow Probability is not installed, so its
forms are written with tf), in pipe flow and hydraulics, geometric optics, batteries, acid-base chemistry, population
genetics and seismology: Poiseuille's flow (flat at a closed pipe), a Darcy-Weisbach head loss with the Swamee-Jain
friction factor, the laminar-to-turbulent switch at Re = 2300 by torch.where (a jump), the Colebrook friction factor as
an autograd.Function whose backward is the implicit derivative (right, and with its division forgotten) and by
fixed-point iteration in a tf.while_loop inside tf.function, Torricelli's outflow at an empty tank (an infinite slope),
a head-loss surrogate network read by its parameters' names, a pump switched on by torch.heaviside (PyTorch has no
derivative for it), Hantush-Jacob's drawdown around a well by tf.math.special.bessel_k0 (infinite on the well's axis); a
thin lens's image distance at its focus (a pole) by two spellings, the critical angle at equal indices (asin(1)),
Brewster's angle, the normal reflectance at matched indices (a proven 0 slope); Peukert's law, Shepherd's discharge
voltage at full discharge (a pole; the current's slope, which never meets it, shown beside it), a state of charge
clamped at full (a kink), an RC pair's response at t / tau = 1e-13 by 1 - exp (its value cancels) and by expm1,
Peukert's law as a Keras layer whose tf.custom_gradient gives its exponent's gradient through variables= (right, and
with the logarithm forgotten, eagerly and in a tf.function); a weak acid's hydronium by the quadratic formula where Ka
>> C (cancels) and rationalised (its value holds, but its slope in Ka is two paths' difference: the backward cancels),
its pH, Henderson-Hasselbalch with no base (log 0), a buffer's capacity as a tf.GradientTape's derivative inside
tf.function; heterozygosity at its maximum, selection over twenty generations (a Python loop and a tf.while_loop; at a
lost allele), allele counts under a Binomial; Aki's b-value at a catalogue at its completeness magnitude (a pole),
waiting times under an Exponential, seismic moments under a Pareto, annual floods under a Gumbel, the moment magnitude
at M0 = 0; F.huber_loss and Keras' Huber at their join (C1), Keras' Hinge at the margin (a kink), LogCosh at a residual
of 100, Poisson and MeanSquaredLogarithmicError at a zero prediction (the latter flat under its epsilon), and a softplus
Dense layer read by its kernel's name.

Truths are expressions written here, evaluated by mpmath (2,000 digits), never the user files' code; points are the
numbers the dtype holds, and a constant the program casts to the dtype is the number the dtype holds (a product of
Python floats is rounded once, as Python computes it). Where a function has a kink, a jump or a domain's edge the
truth is taken from each side: where the two one-sided slopes differ, or one is infinite, there is no derivative (NaN).
"""

import math

import mpmath

from cases import Case
from cases5 import _in, hp
from cases12a import num_grad
from cases30b import _held
from cases33b import _at, _both

T, K = "torch_lib37b.py", "tf_lib37b.py"
NAN = mpmath.nan
mpf = mpmath.mpf


def _nan_like(*names):
    return lambda: {name: NAN for name in names}


def _zeros(**shapes):
    return lambda: {name: ([mpf(0)] * n if n else mpf(0)) for name, n in shapes.items()}


# ------------------------------------------------------------------------------------------------ pipe flow
def _poiseuille_slopes(r, dp, dtype="float64"):
    """Q = pi r^4 dp / c with c = 8 mu L (one Python product): dQ/dr = 4 pi r^3 dp / c, dQ/ddp = pi r^4 / c."""
    def truth():
        rr, pp = _in(dtype, [r, dp])
        pi, c = _held(dtype, math.pi), _held(dtype, 8 * 1.0e-3 * 2.0)
        return {"radius": 4 * pi * rr ** 3 * pp / c, "dp": pi * rr ** 4 / c}
    return hp(truth)


def _head_loss(dtype):
    """Darcy-Weisbach with Swamee-Jain, every constant as the program holds it: a float32 tensor raised to a Python
    float takes the exponent as a double (PyTorch's pow with a scalar exponent), so 0.9 is float64's."""
    eps, c37, c574 = (_held(dtype, v) for v in (4.5e-5, 3.7, 5.74))
    p09 = _held("float64", 0.9)
    nu, two_g = _held(dtype, 1.0e-6), _held(dtype, 2 * 9.81)

    def f(velocity, diameter):
        re = velocity * diameter / nu
        friction = mpf(0.25) / mpmath.log10(eps / (c37 * diameter) + c574 / re ** p09) ** 2
        return friction * 2 * velocity ** 2 / (two_g * diameter)
    return f


def _friction_switch_slopes(re, dtype="float64"):
    """-64 / Re^2 below 2300, -0.25 * 0.316 Re^-1.25 from it on; at 2300 the two pieces' values differ: a jump."""
    def truth():
        c = _held(dtype, 0.316)
        return {"reynolds": [NAN if v == 2300 else -64 / v ** 2 if v < 2300 else -c / 4 * v ** mpf(-1.25)
                             for v in _in(dtype, re)]}
    return hp(truth)


def _colebrook_slopes(re, rr, dtype="float64", log10_of=None):
    """f = x^-2 with x the root of x + 2 log10(rr / 3.7 + 2.51 x / Re) = 0 (log10 of the program: exact, or ln / the
    float ln 10): by the implicit function theorem dx/dt = -g_t / g_x."""
    def truth():
        R, e = _in(dtype, [re, rr])
        c37, c251 = _held(dtype, 3.7), _held(dtype, 2.51)
        ln10 = mpmath.log(10) if log10_of is None else _held(dtype, log10_of)
        x = mpmath.findroot(lambda v: v + 2 * mpmath.log(e / c37 + c251 * v / R) / ln10, mpf(8))
        a = e / c37 + c251 * x / R
        k = 2 / (ln10 * a)
        g_x = 1 + k * c251 / R
        dx_dre, dx_drr = -(-k * c251 * x / R ** 2) / g_x, -(k / c37) / g_x
        return {"reynolds": -2 * x ** -3 * dx_dre, "relative_roughness": -2 * x ** -3 * dx_drr}
    return hp(truth)


def _torricelli_slope(h, dtype="float64"):
    def truth():
        hh, c = _held(dtype, h), _held(dtype, 2 * 9.81)
        return {"h": c / (2 * mpmath.sqrt(c * hh)) if hh > 0 else NAN}
    return hp(truth)


SURROGATE_W1 = [[0.5, -1.0], [2.0, 0.25], [-0.75, 1.5]]
SURROGATE_B1 = [0.125, -0.5, 0.0]
SURROGATE_W2 = [1.0, -0.5, 2.0]
SURROGATE_B2 = 0.25
FEATURES, MEASURED = [[1.5, 0.2], [0.5, 0.05]], [0.8, 1.25]


def _surrogate(w1=SURROGATE_W1, b2=SURROGATE_B2):
    def net(x):
        hidden = [mpmath.log1p(mpmath.exp(sum(mpf(w) * mpf(v) for w, v in zip(row, x)) + mpf(b)))
                  for row, b in zip(w1, SURROGATE_B1)]
        return sum(mpf(w) * h for w, h in zip(SURROGATE_W2, hidden)) + b2
    return sum((net(x) - mpf(y)) ** 2 for x, y in zip(FEATURES, MEASURED)) / 2


def _surrogate_truth():
    first = num_grad(lambda w1: _surrogate(w1=w1), w1=SURROGATE_W1)
    second = num_grad(lambda b2: _surrogate(b2=b2), b2=SURROGATE_B2)
    return lambda: {"model.fc1.weight": first()["w1"], "model.fc2.bias": [second()["b2"]]}


# ------------------------------------------------------------------------------------------------ optics
def _lens_slopes(obj, focal, dtype="float64"):
    """d_i = d_o f / (d_o - f): d/dd_o = -f^2 / (d_o - f)^2, d/df = d_o^2 / (d_o - f)^2."""
    def truth():
        o, f = _in(dtype, [obj, focal])
        return {"obj": -f * f / (o - f) ** 2, "focal": o * o / (o - f) ** 2}
    return hp(truth)


def _critical_slopes(n1, n2, dtype="float64"):
    """asin(n2 / n1): d/dn1 = -n2 / (n1^2 sqrt(1 - u^2)), d/dn2 = 1 / (n1 sqrt(1 - u^2)), u = n2 / n1."""
    def truth():
        a, b = _in(dtype, [n1, n2])
        root = mpmath.sqrt(1 - (b / a) ** 2)
        return {"n_core": -b / (a * a * root), "n_clad": 1 / (a * root)}
    return hp(truth)


def _brewster_slopes(n1, n2, dtype="float64"):
    def truth():
        a, b = _in(dtype, [n1, n2])
        return {"n1": -b / (a * a + b * b), "n2": a / (a * a + b * b)}
    return hp(truth)


def _reflectance_slopes(n1, n2, dtype="float64"):
    """R = ((n1 - n2) / (n1 + n2))^2: dR/dn1 = 4 n2 (n1 - n2) / (n1 + n2)^3, dR/dn2 = -4 n1 (n1 - n2) / (n1 + n2)^3."""
    def truth():
        a, b = _in(dtype, [n1, n2])
        return {"n1": 4 * b * (a - b) / (a + b) ** 3, "n2": -4 * a * (a - b) / (a + b) ** 3}
    return hp(truth)


# ------------------------------------------------------------------------------------------------ batteries
def _peukert_slope(current, dtype="float64"):
    """t = H (C / (I H))^k: dt/dI = -k t / I (PyTorch raises to a Python exponent as the double it is)."""
    def truth():
        i, k = _held(dtype, current), mpf(1.2)
        t = 20 * (100 / (i * 20)) ** k
        return {"current": -k * t / i}
    return hp(truth)


def _shepherd_slopes(drawn, dtype="float64"):
    """V = E0 - c / (2.5 - d) + A e^(-B d) - R i with c = K Q (one Python product)."""
    def truth():
        d = _held(dtype, drawn)
        c, a, r = _held(dtype, 0.02 * 2.5), _held(dtype, 0.3), _held(dtype, 0.05)
        return {"drawn": -c / (mpf(2.5) - d) ** 2 - a * mpf(1.5) * mpmath.exp(-mpf(1.5) * d), "current": -r}
    return hp(truth)


def _rc_slopes(t, tau, dtype="float64"):
    """V = c (1 - e^(-t/tau)), c = R1 * 10 as Python computes it."""
    def truth():
        tt, ta = _in(dtype, [t, tau])
        c, e = _held(dtype, 0.02 * 10.0), mpmath.exp(-tt / ta)
        return {"t": c * e / ta, "tau": -c * tt * e / ta ** 2}
    return hp(truth)


# ------------------------------------------------------------------------------------------------ acid-base
def _hydronium(ka, conc):
    return (mpmath.sqrt(ka * ka + 4 * ka * conc) - ka) / 2


def _ph(ka, conc):
    return -mpmath.log10(_hydronium(ka, conc))


def _henderson_slopes(acid, base, dtype="float64"):
    def truth():
        a, b = _in(dtype, [acid, base])
        return {"acid": -1 / (a * mpmath.log(10)), "base": 1 / (b * mpmath.log(10)), "pka": mpf(1)}
    return hp(truth)


def _buffer_capacity(dtype):
    """beta = ln 10 (C Ka h / (Ka + h)^2 + Kw / h + h), h = 10^-pH, with Ka and Kw as the program holds them."""
    ka, kw = _held(dtype, 1.8e-5), _held(dtype, 1.0e-14)

    def f(ph, conc):
        h = mpmath.power(10, -ph)
        return mpmath.log(10) * (conc * ka * h / (ka + h) ** 2 + kw / h + h)
    return f


# ------------------------------------------------------------------------------------------------ genetics
def _selected(p0, s):
    """Twenty generations of p' = p w / (1 + s p), w = 1 + s, in closed form: p0 w^20 / (1 - p0 + p0 w^20)."""
    grown = (1 + s) ** 20
    return p0 * grown / (1 - p0 + p0 * grown)


COUNTS, DRAWS = [12, 20, 9], 50


def _allele_slope(p, dtype="float64"):
    """-sum log Binomial(k; 50, p): d/dp = -sum (k / p - (50 - k) / (1 - p))."""
    def truth():
        pp = _held(dtype, p)
        return {"p": -sum(k / pp - (DRAWS - k) / (1 - pp) for k in COUNTS)}
    return hp(truth)


# ------------------------------------------------------------------------------------------------ seismology
def _b_value_slopes(mags, dtype="float64"):
    """b = L / (mean - 2): d/dM_i = -L / (n (mean - 2)^2), L = log10(e) as the float the program holds."""
    def truth():
        m = _in(dtype, mags)
        excess = sum(m) / len(m) - 2
        slope = NAN if excess == 0 else -_held(dtype, math.log10(math.e)) / (len(m) * excess ** 2)
        return {"mags": [slope] * len(m)}
    return hp(truth)


WAITS, MOMENTS, FLOODS = [3.5, 0.25, 12.0, 7.0], [1.5, 3.0, 10.0], [850, 1200, 640, 2100]


def _waiting_slope(rate, dtype="float64"):
    return hp(lambda: {"rate": -(len(WAITS) / _held(dtype, rate) - sum(mpf(w) for w in WAITS))})


def _moment_slope(alpha, dtype="float64"):
    """-sum log Pareto(x; 1, alpha) = -sum (log alpha - (alpha + 1) log x): d/dalpha = -sum (1 / alpha - log x)."""
    return hp(lambda: {"alpha": -sum(1 / _held(dtype, alpha) - mpmath.log(x) for x in MOMENTS)})


def _flood_nll(loc, scale):
    """-sum log Gumbel(x; mu, s) = sum (log s + z + e^-z), z = (x - mu) / s."""
    return sum(mpmath.log(scale) + (x - loc) / scale + mpmath.exp(-(x - loc) / scale) for x in FLOODS)


def _magnitude_slope(m0, dtype="float64"):
    def truth():
        m = _held(dtype, m0)
        return {"m0": _held(dtype, 2 / 3) / (m * mpmath.log(10)) if m > 0 else NAN}
    return hp(truth)


def _huber(r, delta):
    return r * r / 2 if abs(r) <= delta else delta * (abs(r) - delta / 2)


def _robust_fit(slope):
    return sum(_huber(7 + slope * x - y, mpf(0.5)) for x, y in zip([0, 1, 2], [7, mpf(6.5), 5]))


def _hantush_slopes(r, pumping, dtype="float64"):
    """s = Q c K0(r / B), c = 1 / (2 pi T) as Python computes 2 pi T: ds/dr = -Q c K1(r / B) / B, ds/dQ = c K0(r / B);
    at r = 0, K0 is infinite: no derivative in either."""
    def truth():
        rr, q = _in(dtype, [r, pumping])
        c, b = 1 / _held(dtype, 2 * math.pi * 5e-3), mpf(100)
        if rr == 0:
            return {"r": NAN, "pumping": NAN}
        return {"r": -q * c * mpmath.besselk(1, rr / b) / b, "pumping": c * mpmath.besselk(0, rr / b)}
    return hp(truth)


# ------------------------------------------------------------------------------------------------ Keras pieces
EPSILON_32 = _held("float32", 1e-7)  # Keras' backend epsilon, held in the loss's float32
READINGS = [7.0, 6.5, 5.0]


def _peukert_layer_truth(names, currents=(2.5, 10.0, 40.0)):
    def truth():
        k = mpf(1.25)
        ratios = [100 / (mpf(i) * 20) for i in currents]
        times = [20 * r ** k for r in ratios]
        slopes = {"layer.k": sum(t * mpmath.log(r) for t, r in zip(times, ratios)),
                  "current": [-k * t / mpf(i) for t, i in zip(times, currents)]}
        return {name: slopes[name] for name in names}
    return hp(truth)


def _mean_slopes(name, each, y_pred, targets=READINGS):
    """{name: [each(prediction, target) / n]} for a Keras loss averaged over its last axis (float32 points)."""
    def truth():
        p, y = _in("float32", y_pred), _in("float32", targets)
        return {name: [each(a, b) / len(p) for a, b in zip(p, y)]}
    return hp(truth)


def _huber_slope(p, y):
    r = p - y
    return r if abs(r) <= mpf(0.5) else mpf(0.5) * mpmath.sign(r)


def _poisson_slope(p, y):
    return 1 - y / (p + EPSILON_32)


def _msle_slope(p, y):
    if p < EPSILON_32:
        return mpf(0)
    return 2 * (mpmath.log(p + 1) - mpmath.log(max(y, EPSILON_32) + 1)) / (p + 1)


def _dense_truth():
    """E = sum softplus(x W + b)^2: dE/dW_ij = x_i 2 y_j sigmoid(z_j), dE/db_j = 2 y_j sigmoid(z_j)."""
    def truth():
        w = [[mpf(v) for v in row] for row in [[0.5, -1.0], [1.5, 0.25], [-0.75, 0.5]]]
        b, x = [mpf(0.125), mpf(-0.25)], [mpf(1), mpf(2), mpf(-1)]
        z = [sum(x[i] * w[i][j] for i in range(3)) + b[j] for j in range(2)]
        g = [2 * mpmath.log1p(mpmath.exp(v)) / (1 + mpmath.exp(-v)) for v in z]
        return {"pipe.kernel": [[x[i] * g[j] for j in range(2)] for i in range(3)], "pipe.bias": g}
    return hp(truth)


# ------------------------------------------------------------------------------------------------------ cases
COLEBROOK_SLIP = "class ColebrookSlip>>def backward(ctx, grad):"
PEUKERT_SLIP = "class Peukert>>def grad(dy, variables=None):"
RC_NAIVE = "return R1 * 10.0 * (1 - torch.exp(-t / tau))"
RATIONALISED = "return 2 * ka * conc / (ka + torch.sqrt(ka ** 2 + 4 * ka * conc))"
HEAVISIDE = "return 750.0 * torch.heaviside(h - 2.0, torch.tensor(0.5, dtype=h.dtype)) * h"
QUADRATIC = "return (-ka + torch.sqrt(ka ** 2 + 4 * ka * conc)) / 2"

PIPE = {"velocity": 1.5, "diameter": 0.1}
TURBULENT = {"reynolds": 1e5, "relative_roughness": 1e-4}
ROUGH = {"reynolds": 4000, "relative_roughness": 0.01}
WEAK, STRONG = {"ka": 1.8e-5, "conc": 0.1}, {"ka": 1e3, "conc": 1e-6}
LENS = {"obj": 0.3, "focal": 0.1}
CATALOGUE = [2.5, 3.1, 2.2, 4.0]

TORCH = _both(T, "poiseuille_flow", {"radius": 0.01, "dp": 500}, lambda d: _poiseuille_slopes(0.01, 500, d)) + [
    # a closed pipe: r^4 is flat at 0 in both inputs
    Case(T, "poiseuille_flow", _at(radius=0, dp=500), "float64", "ok", _zeros(radius=0, dp=0)),
    # the pressure drop's name in another case than the code's
    Case(T, "poiseuille_flow", _at(radius=0.01, dP=500), "float64", "input-error", message=("dP",)),
] + _both(T, "head_loss", PIPE, lambda d: num_grad(_head_loss(d), d, **PIPE)) + [
    Case(T, "head_loss", _at(velocity=0.02, diameter=0.5), "float64", "ok",
         num_grad(_head_loss("float64"), velocity=0.02, diameter=0.5)),
    Case(T, "friction_factor", _at(reynolds=[1000, 1e4]), "float64", "ok", _friction_switch_slopes([1000, 1e4])),
    Case(T, "friction_factor", _at(reynolds=[1000, 1e4]), "float32", "ok", _friction_switch_slopes([1000, 1e4], "float32")),
    # Re = 2300: 64 / Re = 0.0278 below, Blasius' 0.0455 from it on
    Case(T, "friction_factor", _at(reynolds=[2300, 1e4]), "float64", "domain", _friction_switch_slopes([2300, 1e4])),
    Case(T, "friction_factor", _at(reynolds=[2300, 1e4]), "float32", "domain",
         _friction_switch_slopes([2300, 1e4], "float32")),
] + _both(T, "colebrook_factor", TURBULENT, lambda d: _colebrook_slopes(1e5, 1e-4, d)) + [
    Case(T, "colebrook_factor", _at(**ROUGH), "float64", "ok", _colebrook_slopes(4000, 0.01)),
    Case(T, "colebrook_factor_slip", _at(**TURBULENT), "float64", "wrong", _colebrook_slopes(1e5, 1e-4), COLEBROOK_SLIP),
    Case(T, "colebrook_factor_slip", _at(**ROUGH), "float32", "wrong", _colebrook_slopes(4000, 0.01, "float32"),
         COLEBROOK_SLIP),
] + _both(T, "torricelli_speed", {"h": 2}, lambda d: _torricelli_slope(2, d)) + [
    # an empty tank: sqrt's slope is infinite at 0 and there is no left
    Case(T, "torricelli_speed", _at(h=0), "float64", "domain", _torricelli_slope(0)),
    Case(T, "torricelli_speed", _at(h=0), "float32", "domain", _torricelli_slope(0, "float32")),
    Case(T, "surrogate_loss", None, "float64", "ok", _surrogate_truth(), args="surrogate_args",
         wrt="model.fc1.weight,model.fc2.bias"),
    # a parameter's name mistyped
    Case(T, "surrogate_peak", None, "float64", "input-error", args="surrogate_args", wrt="model.fc1.weights",
         message=("model.fc1.weights",)),
] + _both(T, "image_distance", LENS, lambda d: _lens_slopes(0.3, 0.1, d)) + _both(
    T, "image_distance_product", LENS, lambda d: _lens_slopes(0.3, 0.1, d)) + [
    # the object at the focus: the image is at infinity
    Case(T, "image_distance", _at(obj=0.1, focal=0.1), "float64", "domain", _nan_like("obj", "focal")),
    Case(T, "image_distance_product", _at(obj=0.1, focal=0.1), "float64", "domain", _nan_like("obj", "focal")),
    Case(T, "image_distance", _at(obj=0.1, focal=0.1), "float32", "domain", _nan_like("obj", "focal")),
] + _both(T, "critical_angle", {"n_core": 1.5, "n_clad": 1.45}, lambda d: _critical_slopes(1.5, 1.45, d)) + [
    # equal indices: asin(1), an infinite slope
    Case(T, "critical_angle", _at(n_core=1.5, n_clad=1.5), "float64", "domain", _nan_like("n_core", "n_clad")),
] + _both(T, "brewster_angle", {"n1": 1, "n2": 1.5}, lambda d: _brewster_slopes(1, 1.5, d)) + _both(
    T, "normal_reflectance", {"n1": 1, "n2": 1.5}, lambda d: _reflectance_slopes(1, 1.5, d)) + [
    # matched indices: no reflection, and R = ((n1 - n2) / (n1 + n2))^2 is flat there
    Case(T, "normal_reflectance", _at(n1=1.5, n2=1.5), "float64", "ok", _zeros(n1=0, n2=0)),
    Case(T, "normal_reflectance", _at(n1=1.5, n2=1.5), "float32", "ok", _zeros(n1=0, n2=0)),
] + _both(T, "peukert_time", {"current": 2.5}, lambda d: _peukert_slope(2.5, d)) + _both(
    T, "shepherd_voltage", {"drawn": 1, "current": 2}, lambda d: _shepherd_slopes(1, d)) + [
    # the whole capacity drawn: Q / (Q - it) has a pole; the current's term never meets it, and its slope is shown
    # beside the pole as a slope beside a NaN is
    Case(T, "shepherd_voltage", _at(drawn=2.5, current=2), "float64", "domain",
         hp(lambda: {"drawn": NAN, "current": -_held("float64", 0.05)})),
    Case(T, "state_of_charge", _at(soc0=0.8, current=10), "float64", "ok", hp(lambda: {"soc0": mpf(1),
                                                                                    "current": -mpf(1) / 400})),
    # full: the clamp's corner at 1 (slope 1 below, 0 above) in both inputs
    Case(T, "state_of_charge", _at(soc0=1, current=0), "float64", "domain", _nan_like("soc0", "current")),
    Case(T, "state_of_charge", _at(soc0=1, current=-40), "float32", "ok", _zeros(soc0=0, current=0)),
] + _both(T, "rc_response", {"t": 5, "tau": 10}, lambda d: _rc_slopes(5, 10, d)) + [
    # t / tau = 1e-13: 1 - e^(-1e-13) keeps 3 digits; the slopes are sound
    Case(T, "rc_response", _at(t=1e-12, tau=10), "float64", "unstable", _rc_slopes(1e-12, 10), RC_NAIVE),
    Case(T, "rc_response_expm1", _at(t=1e-12, tau=10), "float64", "ok", _rc_slopes(1e-12, 10)),
    Case(T, "rc_response_expm1", _at(t=1e-6, tau=10), "float32", "ok", _rc_slopes(1e-6, 10, "float32")),
] + _both(T, "hydronium", WEAK, lambda d: num_grad(_hydronium, d, **WEAK)) + [
    # Ka >> C: sqrt(Ka^2 + 4 Ka C) - Ka loses 9 digits
    Case(T, "hydronium", _at(**STRONG), "float64", "unstable", num_grad(_hydronium, **STRONG), QUADRATIC),
    # rationalised, the value holds, but d[H+]/dKa = C^2 / Ka^2 (1e-18) is the sum of the numerator's and the
    # denominator's paths, 1e-9 each and of opposite signs: the backward cancels them
    Case(T, "hydronium_stable", _at(**STRONG), "float64", "unstable", num_grad(_hydronium, **STRONG), RATIONALISED),
    Case(T, "hydronium_stable", _at(**STRONG), "float32", "unstable", num_grad(_hydronium, "float32", **STRONG),
         RATIONALISED),
    Case(T, "hydronium_stable", _at(**WEAK), "float32", "ok", num_grad(_hydronium, "float32", **WEAK)),
] + _both(T, "acid_ph", WEAK, lambda d: num_grad(_ph, d, **WEAK)) + [
    Case(T, "buffer_ph", _at(acid=0.1, base=0.05, pka=4.74), "float64", "ok", _henderson_slopes(0.1, 0.05)),
    Case(T, "buffer_ph", _at(acid=0.1, base=0.05, pka=4.74), "float32", "ok", _henderson_slopes(0.1, 0.05, "float32")),
    # no conjugate base: log10(0); the acid's and pKa's slopes, the same for every base > 0, are shown beside it
    Case(T, "buffer_ph", _at(acid=0.1, base=0, pka=4.74), "float64", "domain",
         hp(lambda: {"acid": -1 / (mpf(0.1) * mpmath.log(10)), "base": NAN, "pka": mpf(1)})),
    # 2 p (1 - p) at its maximum: a proven 0
    Case(T, "heterozygosity", _at(p=0.5), "float64", "ok", _zeros(p=0)),
    Case(T, "heterozygosity", _at(p=0.5), "float32", "ok", _zeros(p=0)),
] + _both(T, "selected_frequency", {"p0": 0.1, "s": 0.05}, lambda d: num_grad(_selected, d, p0=0.1, s=0.05)) + [
    # a lost allele stays lost: d/dp0 = (1 + s)^20, d/ds = 0
    Case(T, "selected_frequency", _at(p0=0, s=0.05), "float64", "ok", num_grad(_selected, p0=0, s=0.05)),
] + _both(T, "allele_nll", {"p": 0.3}, lambda d: _allele_slope(0.3, d)) + _both(
    T, "b_value", {"mags": CATALOGUE}, lambda d: _b_value_slopes(CATALOGUE, d)) + [
    # every event at the completeness magnitude: the estimator's pole
    Case(T, "b_value", _at(mags=[2, 2, 2]), "float64", "domain", _b_value_slopes([2, 2, 2])),
] + _both(T, "waiting_nll", {"rate": 0.2}, lambda d: _waiting_slope(0.2, d)) + _both(
    T, "moment_nll", {"alpha": 1.5}, lambda d: _moment_slope(1.5, d)) + _both(
    T, "flood_nll", {"loc": 900, "scale": 400}, lambda d: num_grad(_flood_nll, d, loc=900, scale=400)) + _both(
    T, "moment_magnitude", {"m0": 1e18}, lambda d: _magnitude_slope(1e18, d)) + [
    Case(T, "moment_magnitude", _at(m0=0), "float64", "domain", _magnitude_slope(0)),
    # a residual exactly at delta: Huber's two pieces meet with equal slopes
    Case(T, "robust_fit", _at(slope=-1), "float64", "ok", num_grad(_robust_fit, slope=-1)),
    Case(T, "robust_fit", _at(slope=-1), "float32", "ok", num_grad(_robust_fit, "float32", slope=-1)),
    Case(T, "robust_fit", _at(slope=0.25), "float64", "ok", num_grad(_robust_fit, slope=0.25)),
    # PyTorch has no derivative formula for heaviside (its backward raises), though away from its switch the step is
    # flat: no framework gradient (an error) at heaviside's line, the exact one 750
    Case(T, "pump_power", _at(h=3), "float64", "error", hp(lambda: {"h": mpf(750)}), HEAVISIDE),
    # at the switch the draw jumps from 0 to 750 W: no derivative either
    Case(T, "pump_power", _at(h=2), "float64", "error", _nan_like("h"), HEAVISIDE),
]

LN10 = math.log(10.0)

TF = _both(K, "buffer_capacity", {"ph": 4.74, "conc": 0.1}, lambda d: num_grad(_buffer_capacity(d), d, ph=4.74,
                                                                                 conc=0.1)) + [
    Case(K, "buffer_capacity", _at(ph=11, conc=0.1), "float64", "ok", num_grad(_buffer_capacity("float64"), ph=11,
                                                                                 conc=0.1)),
] + _both(K, "colebrook_factor", TURBULENT, lambda d: _colebrook_slopes(1e5, 1e-4, d, LN10)) + [
    Case(K, "colebrook_factor", _at(**ROUGH), "float64", "ok", _colebrook_slopes(4000, 0.01, log10_of=LN10)),
    Case(K, "swamee_jain", _at(reynolds=1e5, diameter=0.1), "float32", "ok",
         num_grad(lambda reynolds, diameter: mpf(0.25) / (mpmath.log(
             _held("float32", 4.5e-5) / (_held("float32", 3.7) * diameter)
             + _held("float32", 5.74) / reynolds ** _held("float32", 0.9)) / _held("float32", LN10)) ** 2,
             "float32", reynolds=1e5, diameter=0.1)),
    Case(K, "torricelli_speed", _at(h=2), "float32", "ok", _torricelli_slope(2, "float32")),
    Case(K, "torricelli_speed", _at(h=0), "float32", "domain", _torricelli_slope(0, "float32")),
    Case(K, "image_distance", _at(**LENS), "float32", "ok", _lens_slopes(0.3, 0.1, "float32")),
    Case(K, "image_distance", _at(obj=0.1, focal=0.1), "float64", "domain", _nan_like("obj", "focal")),
] + _both(K, "selected_frequency", {"p0": 0.1, "s": 0.05}, lambda d: num_grad(_selected, d, p0=0.1, s=0.05)) + [
    Case(K, "peukert_hours", None, "float64", "ok", _peukert_layer_truth(("layer.k", "current")), args="peukert_args",
         wrt="layer.k,current"),
    Case(K, "peukert_hours", None, "float64", "wrong", _peukert_layer_truth(("layer.k",)), PEUKERT_SLIP,
         args="peukert_slip_args", wrt="layer.k"),
    Case(K, "peukert_hours_graph", None, "float64", "ok", _peukert_layer_truth(("layer.k", "current")),
         args="peukert_args", wrt="layer.k,current"),
    Case(K, "peukert_hours_graph", None, "float64", "wrong", _peukert_layer_truth(("layer.k",)), PEUKERT_SLIP,
         args="peukert_slip_args", wrt="layer.k"),
    # residuals 0, -0.5 (at delta: C1) and 1.5
    Case(K, "huber_fit", _at(y_pred=[7, 6, 6.5]), "float32", "ok", _mean_slopes("y_pred", _huber_slope, [7, 6, 6.5])),
    Case(K, "hinge", _at(y_pred=[0.5, 0.2, 2]), "float32", "ok", hp(lambda: {"y_pred": [-mpf(1) / 3, mpf(1) / 3, mpf(0)]})),
    # a score exactly at the margin: max(1 - y s, 0) has a kink
    Case(K, "hinge", _at(y_pred=[1, 0.2, 2]), "float32", "domain", hp(lambda: {"y_pred": [NAN, mpf(1) / 3, mpf(0)]})),
    Case(K, "log_cosh", _at(y_pred=[107, 6.5, 5]), "float32", "ok",
         _mean_slopes("y_pred", lambda p, y: mpmath.tanh(p - y), [107, 6.5, 5])),
    # a zero rate where none were counted: 0 log(0 + eps) is harmless
    Case(K, "poisson", _at(y_pred=[2.5, 0, 6]), "float32", "ok", _mean_slopes("y_pred", _poisson_slope, [2.5, 0, 6],
                                                                           [3, 0, 7])),
    # a zero prediction sits under Keras' epsilon, where max(p, eps) is flat
    Case(K, "msle", _at(y_pred=[2.5, 0, 6]), "float32", "ok", _mean_slopes("y_pred", _msle_slope, [2.5, 0, 6], [3, 0, 7])),
] + _both(K, "leaky_drawdown", {"r": 5, "pumping": 0.01}, lambda d: _hantush_slopes(5, 0.01, d)) + [
    # at the well's axis K0 is infinite
    Case(K, "leaky_drawdown", _at(r=0, pumping=0.01), "float64", "domain", _hantush_slopes(0, 0.01)),
    Case(K, "dense_energy", None, "float64", "ok", _dense_truth(), args="dense_args", wrt="pipe.kernel,pipe.bias"),
    Case(K, "dense_output", None, "float64", "input-error", args="dense_args", wrt="pipe.kernal",
         message=("pipe.kernal",)),
]

ALL = TORCH + TF
