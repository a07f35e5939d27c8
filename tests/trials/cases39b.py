"""The thirty-ninth trial set (b), PyTorch and TensorFlow, in electrochemistry, glaciology and vapour pressure: the
Nernst potential, the Butler-Volmer current and its log (at 1e-12 V its e^a - e^-b cancels; at 30 V in float32 its
exp overflows) beside the log1p form, a Butler-Volmer autograd.Function (right, and with the cathodic term's sign
slipped in its backward), the Goldman-Hodgkin-Katz flux at 0 V (0/0) and 1e-12 V (1 - e^-u cancels); Glen's flow law,
the shallow-ice velocity, an ice viscosity with a strain floor (flat at rest) and without one (no number at rest), a
basal-sliding nn.Module by its parameters' names (and a mistyped one); Antoine's law and its log by log(10^x) near
the pole (10^-4055 underflows: 0 * inf in the backward) and by x ln 10, Clausius-Clapeyron's saturation pressure and
a tf.custom_gradient for it (right, and with 1/T^2 written 1/T), a relative humidity clipped by tf.minimum (below
and above saturation), and Tetens' formula in a tf.function (at its pole, no number).

Truths are expressions written here, evaluated by mpmath (2,000 digits), never the user files' code; points are the
numbers the dtype holds, and a constant the program casts to the dtype is the number the dtype holds (PyTorch's pow
keeps a Python exponent a double, and a Python float computed before it meets a tensor, 1 / T_REF, is rounded once).

Found by this round: P1 (fixed; tests/test_trial_findings39b.py), PyTorch raises a float32 tensor to a Python float
exponent with the double exponent; gradcli's exact replay held it in float32, so the ice viscosity's exact float32
gradient was 5e-7 off, and x.pow(-2 / 3) at 2e-20, whose backward's derived exponent -5/3 was held too, was called
wrong.
"""

import mpmath

from cases import Case
from cases5 import _in, hp
from cases12a import num_grad
from cases30b import _held
from cases33b import _at, _both

T, K = "torch_lib39b.py", "tf_lib39b.py"
NAN = mpmath.nan
mpf = mpmath.mpf


def _nan_like(*names):
    return lambda: {name: NAN for name in names}


def _zeros(*names):
    return lambda: {name: mpf(0) for name in names}


# ------------------------------------------------------------------------------------------- electrochemistry
def _nernst(dtype):
    f = _held(dtype, 38.92)
    return lambda c_out, c_in: mpmath.log(c_out / c_in) / f


def _bv(dtype):
    """i0 (e^(a eta) - e^(-b eta)), a = b = 0.5 F/RT as the dtype holds it."""
    i0, a = _held(dtype, 1.0e-3), _held(dtype, 0.5 * 38.92)
    return lambda eta: i0 * (mpmath.exp(a * eta) - mpmath.exp(-a * eta))


def _log_bv(dtype):
    bv = _bv(dtype)
    return lambda eta: mpmath.log(bv(eta))


def _bv_sum(dtype):
    bv = _bv(dtype)
    return lambda eta: sum(bv(e) for e in eta)


def _ghk(dtype):
    f = _held(dtype, 38.92)
    ci, co = _held(dtype, 0.15), _held(dtype, 0.005)

    def flux(v):
        u = f * v
        return u * (ci - co * mpmath.exp(-u)) / (1 - mpmath.exp(-u))
    return flux


# ------------------------------------------------------------------------------------------- glaciology
def _glen(dtype):
    a = _held(dtype, 2.4e-24)
    return lambda stress: sum(a * s ** 3 for s in stress)


def _sia(dtype):
    c, rg = _held(dtype, 2 * 2.4e-24 / 4), _held(dtype, 917.0 * 9.81)
    return lambda thickness, slope: c * (rg * mpmath.sin(slope)) ** 3 * thickness ** 4


def _viscosity(dtype):
    """The program's exponent -1 / 3 is the double it writes: PyTorch's pow keeps a Python number's exponent a double."""
    c, floor, k = _held(dtype, 0.5 * 2.4e-24 ** (-1 / 3)), _held(dtype, 1.0e-20), mpf(-1 / 3)
    return lambda exx, exy: c * (exx ** 2 + exy ** 2 + floor) ** k


def _viscosity_sqrt(dtype):
    c, k = _held(dtype, 0.5 * 2.4e-24 ** (-1 / 3)), mpf(-2 / 3)
    return lambda exx, exy: c * mpmath.sqrt(exx ** 2 + exy ** 2) ** k


FORCING = [[1.0, 0.5], [0.2, -1.0], [2.0, 0.1]]
OBSERVED = [0.7, 0.1, 0.4]
WEIGHT, BIAS = [-0.8, 1.5], 0.25


def _sliding_truth():
    """mean (softplus(w.x + b) - y)^2: d/dw = 2/n sum r sigmoid(z) x, d/db = 2/n sum r sigmoid(z)."""
    def truth():
        gw, gb = [mpf(0), mpf(0)], mpf(0)
        for x, y in zip(FORCING, OBSERVED):
            z = sum(mpf(w) * mpf(v) for w, v in zip(WEIGHT, x)) + mpf(BIAS)
            r = mpmath.log1p(mpmath.exp(z)) - mpf(y)
            s = 1 / (1 + mpmath.exp(-z))
            gw = [g + 2 * r * s * mpf(v) / 3 for g, v in zip(gw, x)]
            gb += 2 * r * s / 3
        return {"model.fc1.weight": [gw], "model.fc1.bias": [gb]}
    return hp(truth)


# ------------------------------------------------------------------------------------------- vapour pressure
def _antoine_consts(dtype):
    return _held(dtype, 8.07131), _held(dtype, 1730.63), _held(dtype, 233.426)


def _antoine(dtype):
    a, b, c = _antoine_consts(dtype)
    return lambda t: mpmath.power(10, a - b / (c + t))


def _log_antoine_slope(t, dtype="float64"):
    """d/dt (A - B / (C + t)) ln 10 = B ln 10 / (C + t)^2."""
    def truth():
        _, b, c = _antoine_consts(dtype)
        return {"t": b * mpmath.log(10) / (c + _held(dtype, t)) ** 2}
    return hp(truth)


def _log_antoine_stable_slope(t, dtype="float64"):
    """The program's ln 10 is the double math.log(10.0), cast to the dtype."""
    def truth():
        _, b, c = _antoine_consts(dtype)
        return {"t": b * _held(dtype, 2.302585092994046) / (c + _held(dtype, t)) ** 2}
    return hp(truth)


def _saturation(dtype):
    """The program's 1 / T_REF is a Python float, cast to the dtype."""
    p, lr, inv_ref = _held(dtype, 611.0), _held(dtype, 5423.0), _held(dtype, 1 / 273.15)
    return lambda temp: p * mpmath.exp(lr * (inv_ref - 1 / temp))


def _humidity(dtype):
    sat = _saturation(dtype)
    return lambda vapour, temp: vapour / sat(temp)


def _tetens(dtype):
    a, b, c = _held(dtype, 0.61078), _held(dtype, 17.27), _held(dtype, 237.3)
    return lambda t: a * mpmath.exp(b * t / (t + c))


# ------------------------------------------------------------------------------------------- diodes
def _diode(dtype):
    i_s, vt = _held(dtype, 1.0e-12), _held(dtype, 0.025852)
    return lambda v: i_s * mpmath.expm1(v / vt)


def _series_slope(v):
    """I solves I = Is (e^((v - I R)/Vt) - 1); dI/dv = g / (1 + g R), g = Is e^((v - I R)/Vt) / Vt."""
    def truth():
        vv, i_s, vt, r = _held("float64", v), mpf(1.0e-12), mpf(0.025852), mpf(2.0)
        i = mpmath.findroot(lambda x: i_s * mpmath.expm1((vv - x * r) / vt) - x, mpf(0))
        g = i_s * mpmath.exp((vv - i * r) / vt) / vt
        return {"v": g / (1 + g * r)}
    return hp(truth)


def _dew(dtype):
    a, b = _held(dtype, 17.27), _held(dtype, 237.7)

    def f(t, rh):
        gamma = mpmath.log(rh) + a * t / (b + t)
        return b * gamma / (a - gamma)
    return f


def _buck(dtype, ice):
    if ice:
        c, p, q, r = (_held(dtype, x) for x in (0.61115, 23.036, 333.7, 279.82))
    else:
        c, p, q, r = (_held(dtype, x) for x in (0.61121, 18.678, 234.5, 257.14))
    return lambda t: c * mpmath.exp((p - t / q) * (t / (r + t)))


BV_SLIP = "class ButlerVolmerSlip>>def backward(ctx, grad):"
SAT_SLIP = "def saturation_slip>>def grad(upstream):"
LOG_BV_LINE = "return torch.log(EXCHANGE * (torch.exp(ALPHA * FARADAY_RT * eta)"
GHK_LINE = "return u * (0.15 - 0.005 * torch.exp(-u)) / (1 - torch.exp(-u))"
LOG_ANTOINE_LINE = "return tf.math.log(10.0 ** (ANTOINE_A - ANTOINE_B / (ANTOINE_C + t)))"
EYE = [0.1, -0.05]

TORCH = _both(T, "nernst", {"c_out": 0.145, "c_in": 0.012},
              lambda d: num_grad(_nernst(d), d, c_out=0.145, c_in=0.012)) + _both(
    T, "butler_volmer", {"eta": 0.1}, lambda d: num_grad(_bv(d), d, eta=0.1)) + _both(
    T, "log_bv_current", {"eta": 0.1}, lambda d: num_grad(_log_bv(d), d, eta=0.1)) + [
    # 1e-12 V: e^(a eta) - e^(-a eta) = 3.9e-11 keeps five digits; the slope 1/eta is sound
    Case(T, "log_bv_current", _at(eta=1e-12), "float64", "unstable", num_grad(_log_bv("float64"), eta=1e-12),
         LOG_BV_LINE),
    # 30 V in float32: e^584 overflows, log(inf); the log, 577, and its slope 19.46 are float32 numbers
    Case(T, "log_bv_current", _at(eta=30), "float32", "unstable", num_grad(_log_bv("float32"), "float32", eta=30),
         LOG_BV_LINE),
    Case(T, "log_bv_current_stable", _at(eta=30), "float32", "ok", num_grad(_log_bv("float32"), "float32", eta=30)),
    Case(T, "log_bv_current_stable", _at(eta=0.1), "float64", "ok", num_grad(_log_bv("float64"), eta=0.1)),
] + _both(T, "bv_custom", {"eta": EYE}, lambda d: num_grad(_bv_sum(d), d, eta=EYE)) + [
    Case(T, "bv_custom_slip", _at(eta=EYE), "float64", "wrong", num_grad(_bv_sum("float64"), eta=EYE), BV_SLIP),
    Case(T, "bv_custom_slip", _at(eta=EYE), "float32", "wrong", num_grad(_bv_sum("float32"), "float32", eta=EYE),
         BV_SLIP),
] + _both(T, "ghk_flux", {"v": 0.05}, lambda d: num_grad(_ghk(d), d, v=0.05)) + [
    # 0 V: u (c_i - c_o) / 0, 0/0: no number (its limit is c_i - c_o)
    Case(T, "ghk_flux", _at(v=0), "float64", "domain", _nan_like("v")),
    # 1e-12 V: 1 - e^(-3.9e-11) keeps five digits
    Case(T, "ghk_flux", _at(v=1e-12), "float64", "unstable", num_grad(_ghk("float64"), v=1e-12), GHK_LINE),
] + _both(T, "glen_strain_rate", {"stress": [1e5, 5e4]},
          lambda d: num_grad(_glen(d), d, stress=[1e5, 5e4])) + _both(
    T, "sia_velocity", {"thickness": 500, "slope": 0.05},
    lambda d: num_grad(_sia(d), d, thickness=500, slope=0.05)) + _both(
    T, "ice_viscosity", {"exx": 1e-10, "exy": 5e-11},
    lambda d: num_grad(_viscosity(d), d, exx=1e-10, exy=5e-11)) + [
    # at rest the floor holds the viscosity finite and flat
    Case(T, "ice_viscosity", _at(exx=0, exy=0), "float64", "ok", _zeros("exx", "exy")),
    Case(T, "ice_viscosity_sqrt", _at(exx=1e-10, exy=5e-11), "float64", "ok",
         num_grad(_viscosity_sqrt("float64"), exx=1e-10, exy=5e-11)),
    # at rest without a floor the viscosity is 0^(-2/3): no number
    Case(T, "ice_viscosity_sqrt", _at(exx=0, exy=0), "float64", "domain", _nan_like("exx", "exy")),
    Case(T, "sliding_loss", None, "float64", "ok", _sliding_truth(), args="sliding_args",
         wrt="model.fc1.weight,model.fc1.bias"),
    # the layer's name mistyped
    Case(T, "sliding_peak", None, "float64", "input-error", args="sliding_args", wrt="model.fc2.weight",
         message=("model.fc2.weight",)),
] + _both(T, "diode_current", {"v": 0.6}, lambda d: num_grad(_diode(d), d, v=0.6)) + [
    # 1e-12 V: e^(3.9e-11) - 1 keeps five digits of the current (its slope is sound)
    Case(T, "diode_current", _at(v=1e-12), "float64", "unstable", num_grad(_diode("float64"), v=1e-12),
         "return SAT_CURRENT * (torch.exp(v / THERMAL_V) - 1)"),
    Case(T, "diode_current_expm1", _at(v=1e-12), "float64", "ok", num_grad(_diode("float64"), v=1e-12)),
    Case(T, "diode_current_expm1", _at(v=1e-6), "float32", "ok", num_grad(_diode("float32"), "float32", v=1e-6)),
    Case(T, "diode_series_current", _at(v=0.5), "float64", "ok", _series_slope(0.5)),
    Case(T, "diode_series_current", _at(v=0.3), "float64", "ok", _series_slope(0.3)),
]

TF = _both(K, "antoine", {"t": 25}, lambda d: num_grad(_antoine(d), d, t=25)) + _both(
    K, "log_antoine", {"t": 25}, lambda d: _log_antoine_slope(25, d)) + [
    # 0.426 degrees above the pole: 10^-4055 underflows to 0, and log's 1/0 meets pow's 0 slope
    Case(K, "log_antoine", _at(t=-233), "float64", "unstable", _log_antoine_slope(-233), LOG_ANTOINE_LINE),
    Case(K, "log_antoine", _at(t=-220), "float32", "unstable", _log_antoine_slope(-220, "float32"), LOG_ANTOINE_LINE),
    Case(K, "log_antoine_stable", _at(t=-233), "float64", "ok", _log_antoine_stable_slope(-233)),
    Case(K, "log_antoine_stable", _at(t=-220), "float32", "ok", _log_antoine_stable_slope(-220, "float32")),
] + _both(K, "saturation", {"temp": 300}, lambda d: num_grad(_saturation(d), d, temp=300)) + _both(
    K, "saturation_custom", {"temp": 300}, lambda d: num_grad(_saturation(d), d, temp=300)) + [
    Case(K, "saturation_custom", _at(temp=250), "float64", "ok", num_grad(_saturation("float64"), temp=250)),
    Case(K, "saturation_slip", _at(temp=300), "float64", "wrong", num_grad(_saturation("float64"), temp=300), SAT_SLIP),
    Case(K, "saturation_slip", _at(temp=280), "float32", "wrong", num_grad(_saturation("float32"), "float32", temp=280),
         SAT_SLIP),
    Case(K, "relative_humidity", _at(vapour=1000, temp=300), "float64", "ok",
         num_grad(_humidity("float64"), vapour=1000, temp=300)),
    # supersaturated: clipped at 1, flat
    Case(K, "relative_humidity", _at(vapour=5000, temp=300), "float64", "ok", _zeros("vapour", "temp")),
] + _both(K, "tetens", {"t": 20}, lambda d: num_grad(_tetens(d), d, t=20)) + [
    # at its pole t = -237.3 the exponent is -inf: no number
    Case(K, "tetens", _at(t=-237.3), "float64", "domain", _nan_like("t")),
] + _both(K, "dew_point", {"t": 20, "rh": 0.5}, lambda d: num_grad(_dew(d), d, t=20, rh=0.5)) + [
    Case(K, "dew_point", _at(t=-10, rh=1), "float64", "ok", num_grad(_dew("float64"), t=-10, rh=1)),
    # bone dry: log(0), no dew point
    Case(K, "dew_point", _at(t=20, rh=0), "float64", "domain", _nan_like("t", "rh")),
    Case(K, "buck_pressure", _at(t=-10), "float64", "ok", num_grad(_buck("float64", True), t=-10)),
    Case(K, "buck_pressure", _at(t=10), "float32", "ok", num_grad(_buck("float32", False), "float32", t=10)),
    # at 0 C the ice and water forms differ (0.61115 and 0.61121 kPa): a jump
    Case(K, "buck_pressure", _at(t=0), "float64", "domain", _nan_like("t")),
]

ALL = TORCH + TF
