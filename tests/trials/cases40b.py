"""The fortieth trial set (b), PyTorch and TensorFlow (Keras; TensorFlow Probability is not installed), in colour
science, gas dynamics, economics, hydrology and kernel density estimation: sRGB decoding by torch.where at its knee
(two slopes, no derivative) and at an out-of-gamut -0.1 (the idle power branch's NaN leaks), CIE L* as kornia writes
f(t) at a black pixel (the idle cube root's infinite slope leaks) and at its rounded knee constants (slopes 7.787 and
7.7873: a kink), with the cube root's input clamped (ok), CIE76 differences at identical colours by a norm (a cone)
and with an eps (flat), chromaticity by F.normalize at black (its eps makes it linear), an sRGB-encoding
autograd.Function (right, and with its 1.055 forgotten), a colour-correction nn.Module read by its weight's name (and
a mistyped one), a highlight clipped in place by clamp_ (on and off its corner); isentropic pressure at Mach 1e100 and
float32's 1e20 (M^2 overflowing into right zeros), the Prandtl-Meyer angle at 1 + 1e-10 (two arctangents cancel) and
at Mach 1 (the program's math.sqrt(k) is 1.9e-17 above the root of its k: slope +inf from the right), a normal shock's
stagnation pressure and the area-Mach relation at M = 1 (slopes of 7.4e-17 and -3.7e-17 by the rounded constants,
their +-5.8 and +-1 cancelling in the backward), the supersonic Mach number of an area ratio by Newton in a Python
loop, as an autograd.Function and as a tf.custom_gradient (right, and multiplying by dA/dM where it should divide); a
CES production function near Cobb-Douglas (rho = 1e-9, where 0.3 + (1 - 0.3) = 1 - 2^-54 raised to 1e9 moves the
rho slope from 0.23 to 63; rho = 1e-100, exact value 10^(-2.4e83)) and Leontief (rho = -2000, 0.5^-2000 overflowing)
by powers, by log1p/expm1 (value kept, its rho slope two terms of 5.5e8 cancelling) and by reduce_logsumexp, in a
tf.function, a Keras CES layer whose tf.custom_gradient gives its share's gradient through variables= (right, and with
1/rho forgotten; Keras' Constant(0.3) holds float32's 0.3 in its float64 weight); SCS curve-number runoff exactly at
its initial abstraction by tf.where and tf.nn.relu (a C1 corner), Manning's velocity on a flat channel (sqrt at 0), a
Keras Dense streamflow model under keras.losses.Poisson (float32 inside a float64 run unless dtype="float64"); a
Gaussian kernel density's log far from its samples by log(reduce_mean(exp)) and by reduce_logsumexp, an Epanechnikov
density with a sample on its kernel's edge; input errors (a mistyped function, --wrt and layer weight, a range typed
as a point, a forgotten variable). `gradcli sweep` ran on prandtl_meyer (PyTorch, mach 1..100), kde_log_density and
ces_output (TensorFlow).

Truths are expressions written here, evaluated by mpmath (2,000 digits), never the user files' code; points are the
numbers the dtype holds, and a constant is the number the program holds: a Python float computed before it meets a
tensor (1 - 0.3, (1.4 - 1) / 2, math.sqrt(k)) is rounded once, to the dtype; PyTorch's pow keeps a Python exponent a
double, TensorFlow casts it to the dtype.

Found by this round (tests/test_user_trials40b.py; R1, F1 and C1 mended in the same session, L1 in the next):
- L1: at M = 1 + 1e-10 the Prandtl-Meyer angle's value is off by 8.7e-7 through the subtraction of two arctangents
  of 1.4e-5 (line 142), but only m2 = M^2 - 1 (line 141, whose rounding is 5e-11 of its result) is named: root_cause
  ranks ops by output error over input error, and the arctangents carry m2's error, correlated, into the subtraction.
- R1: a float32 torch.autograd.Function whose forward is a Newton loop and whose backward multiplies by dA/dM where it
  should divide is `unstable`, blamed on the loop's converged residual area_ratio(m) - area (named a backward op,
  "1.3e+72 of the result"), not `wrong`; float64, --rtol 1e-9, a loop-free rule and the same tf.custom_gradient are
  `wrong`. The float32 allowance (`_within_the_terms`) excused the rule, whose rule scale carried the loop's terms
  (tests/test_rule_after_a_loop_float32.py).
- F1: log(reduce_mean(exp(u))) (a kernel density's log) is offered no fix in TensorFlow or PyTorch, where NumPy's
  np.log(np.mean(np.exp(u))) is offered scipy.special.logsumexp(u) - log(n) and log(reduce_sum(exp(u))) is offered
  tf.math.reduce_logsumexp (tests/test_log_mean_exp_fixes.py).
- C1: the CES function at rho = 1e-100 in float64 stops with "internal error: OverflowError: the exact result does not
  fit in memory" (exit 3): provenance._carried_errors subtracts a float from an exact 10^(-2.4e83) by
  mpmath.fsub(exact=True); `gradcli sweep` of ces_output over rho = -3000..3000 stops the same way
  (tests/test_carried_error_far_exponents.py).
What the round taught about its own truths: Keras' loss classes compute in float32 unless given dtype="float64"
(gradcli says so, naming keras.losses.Poisson); Keras' Constant(0.3) initialiser gives a float64 weight float32's 0.3;
the Prandtl-Meyer angle's slope at Mach 1 is +inf, not 0, with the program's rounded sqrt(k); a CES function's
constants 0.3 and 1 - 0.3 sum to 1 - 2^-54 in float64, which its 1/rho power sees near rho = 0.
"""

import math

import mpmath
import numpy as np

from cases import Case
from cases5 import hp
from cases12a import num_grad, renamed
from cases30b import _held
from cases33b import _at, _both
from cases39b import _nan_like, _zeros

T, K = "torch_lib40b.py", "tf_lib40b.py"
NAN = mpmath.nan
mpf = mpmath.mpf


def _only(truth, *names):
    return lambda: {name: value for name, value in truth().items() if name in names}


def _with_nan(truth, name, index):
    """The truth with one entry of one variable replaced by NaN (no derivative there)."""
    def run():
        out = truth()
        out[name] = list(out[name])
        out[name][index] = NAN
        return out
    return run


# ------------------------------------------------------------------------------------------- colour science
def _srgb_decode(dtype):
    """c / 12.92 up to the knee, ((c + 0.055) / 1.055)^2.4 above: PyTorch keeps the Python exponent 2.4 a double."""
    knee, lin, off, scale = (_held(dtype, v) for v in (0.04045, 12.92, 0.055, 1.055))

    def f(c):
        return sum(v / lin if v <= knee else ((v + off) / scale) ** mpf(2.4) for v in c)
    return f


def _lab_l(dtype):
    """116 f(Y) - 16, f = Y^(1/3) above 0.008856 (the exponent the double 1/3), 7.787 Y + 4/29 below."""
    knee, slope, offset = (_held(dtype, v) for v in (0.008856, 7.787, 4 / 29))

    def f(y):
        return sum(116 * (v ** mpf(1 / 3) if v > knee else slope * v + offset) - 16 for v in y)
    return f


def _srgb_encode(dtype):
    """12.92 x up to 0.0031308, 1.055 x^(1/2.4) - 0.055 above (the exponent the double 1/2.4)."""
    knee, slope, scale, off = (_held(dtype, v) for v in (0.0031308, 12.92, 1.055, 0.055))

    def f(lin):
        return sum(slope * v if v <= knee else scale * v ** mpf(1 / 2.4) - off for v in lin)
    return f


def _delta_e(lab1, lab2):
    def truth():
        d = [mpf(a) - mpf(b) for a, b in zip(lab1, lab2)]
        n = mpmath.sqrt(sum(v * v for v in d))
        return {"lab1": [v / n for v in d], "lab2": [-v / n for v in d]}
    return hp(truth)


def _redness(rgb):
    """r / (|r| + |g| + |b|) for positive entries: d/dr = (g + b) / S^2, d/dg = d/db = -r / S^2."""
    def truth():
        r, g, b = (mpf(v) for v in rgb)
        s = r + g + b
        return {"rgb": [(g + b) / s ** 2, -r / s ** 2, -r / s ** 2]}
    return hp(truth)


CCM = [[1.6, -0.4, -0.1], [-0.3, 1.5, -0.2], [0.05, -0.5, 1.7]]
RAW = [[0.2, 0.3, 0.1], [0.5, 0.4, 0.3], [0.05, 0.1, 0.2]]
TARGET = [[0.45, 0.6, 0.35], [0.8, 0.65, 0.6], [0.2, 0.3, 0.5]]


def _ccm_loss(weight):
    """mean over pixels and channels of (encode(W raw) - target)^2, every linear value above the knee."""
    enc = _srgb_encode("float64")
    total = 0
    for raw, target in zip(RAW, TARGET):
        for row, t in zip(weight, target):
            lin = sum(w * mpf(v) for w, v in zip(row, raw))
            total += (enc([lin]) - mpf(t)) ** 2
    return total / 9


def _highlight(dtype):
    return lambda c: sum(min(2 * v, 1) ** 2 for v in c)


# ------------------------------------------------------------------------------------------- gas dynamics
G = 1.4


def _isentropic(dtype):
    c2 = _held(dtype, (G - 1) / 2)
    e = mpf(-G / (G - 1))  # a Python exponent, kept a double by PyTorch's pow
    return lambda mach: (1 + c2 * mach ** 2) ** e


def _prandtl_meyer(dtype):
    k = _held(dtype, (G + 1) / (G - 1))
    root_k = _held(dtype, math.sqrt((G + 1) / (G - 1)))
    return lambda mach: root_k * mpmath.atan(mpmath.sqrt((mach ** 2 - 1) / k)) - mpmath.atan(mpmath.sqrt(mach ** 2 - 1))


def _shock(dtype):
    gp, gm, g2, two_g = (_held(dtype, v) for v in (G + 1, G - 1, 2, 2 * G))
    e1, e2 = mpf(G / (G - 1)), mpf(1 / (G - 1))

    def f(mach):
        m2 = mach ** 2
        return (gp * m2 / (gm * m2 + g2)) ** e1 * (gp / (two_g * m2 - gm)) ** e2
    return f


def _area(dtype, tf=False):
    """TensorFlow casts the Python exponent to the dtype, PyTorch keeps it a double."""
    c1, c2 = _held(dtype, 2 / (G + 1)), _held(dtype, (G - 1) / 2)
    e = _held(dtype, (G + 1) / (2 * (G - 1))) if tf else mpf((G + 1) / (2 * (G - 1)))
    return lambda mach: (1 / mach) * (c1 * (1 + c2 * mach ** 2)) ** e


def _mach_slope(area, dtype="float64", tf=False):
    """dM/d(area) = 1 / (dA/dM) at the supersonic root of A(M) = area (the Newton loop's fixed point)."""
    def truth():
        a = _area(dtype, tf)
        target = _held(dtype, area)
        m = mpmath.findroot(lambda x: a(x) - target, mpf(2))
        return {"area": 1 / mpmath.diff(a, m)}
    return hp(truth)


# ------------------------------------------------------------------------------------------- economics
def _ces(dtype):
    """A (a K^rho + b L^rho)^(1 / rho), a = 0.3 and b = 1 - 0.3 as the program's doubles cast to the dtype
    (in float64 they sum to 1 - 2^-54: at rho -> 0 the power 1 / rho sees it)."""
    tfp, a, b = _held(dtype, 1.5), _held(dtype, 0.3), _held(dtype, 1 - 0.3)
    return lambda capital, labour, rho: tfp * (a * capital ** rho + b * labour ** rho) ** (1 / rho)


def _ces_log1p(dtype):
    tfp, a, b = _held(dtype, 1.5), _held(dtype, 0.3), _held(dtype, 1 - 0.3)

    def f(capital, labour, rho):
        x, y = rho * mpmath.log(capital), rho * mpmath.log(labour)
        return tfp * mpmath.exp(mpmath.log1p(a * mpmath.expm1(x) + b * mpmath.expm1(y)) / rho)
    return f


def _ces_lse(dtype):
    """exp(log-sum-exp(log a + rho log K, log b + rho log L) / rho), log a and log b the program's doubles."""
    tfp, la, lb = _held(dtype, 1.5), _held(dtype, math.log(0.3)), _held(dtype, math.log(1 - 0.3))

    def f(capital, labour, rho):
        s = mpmath.exp(la + rho * mpmath.log(capital)) + mpmath.exp(lb + rho * mpmath.log(labour))
        return tfp * mpmath.exp(mpmath.log(s) / rho)
    return f


SHARE32 = float(np.float32(0.3))  # Keras' Constant(0.3) initialiser holds float32's 0.3 in a float64 weight


def _ces_layer_truth(names, factors=(2.0, 0.5)):
    """y = (s sqrt K + (1 - s) sqrt L)^2: dy/dK = y / base s / sqrt K, dy/dL = y / base (1 - s) / sqrt L,
    dy/ds = 2 y / base (sqrt K - sqrt L)."""
    def truth():
        s, k, l = mpf(SHARE32), mpf(factors[0]), mpf(factors[1])
        base = s * mpmath.sqrt(k) + (1 - s) * mpmath.sqrt(l)
        y = base ** 2
        out = {"layer.share": 2 * y / base * (mpmath.sqrt(k) - mpmath.sqrt(l)),
               "factors": [y / base * s / mpmath.sqrt(k), y / base * (1 - s) / mpmath.sqrt(l)]}
        return {n: out[n] for n in names}
    return hp(truth)


# ------------------------------------------------------------------------------------------- hydrology
def _scs(dtype):
    c = _held(dtype, 0.2)

    def f(p, s):
        ia = c * s
        return (p - ia) ** 2 / (p - ia + s) if p > ia else mpf(0)
    return f


def _manning(dtype):
    e, n = _held(dtype, 2 / 3), _held(dtype, 0.035)  # TensorFlow casts the Python exponent to the dtype
    return lambda depth, slope: depth ** e * mpmath.sqrt(slope) / n


RAIN = [[12.0, 0.3], [30.0, 0.5], [4.0, 0.1], [22.0, 0.8]]
FLOW = [3.0, 9.0, 1.0, 7.0]


def _streamflow_truth():
    """mean_i (p_i - y_i log(p_i + 1e-7)), p_i = exp(w.x_i + b): d/dw_j = mean_i (1 - y_i / (p_i + 1e-7)) p_i x_ij."""
    def truth():
        w, b, eps = [mpf(0.05), mpf(0.8)], mpf(0.2), mpf(1e-7)
        grad = [mpf(0), mpf(0)]
        for x, y in zip(RAIN, FLOW):
            p = mpmath.exp(sum(wj * mpf(xj) for wj, xj in zip(w, x)) + b)
            grad = [g + (1 - mpf(y) / (p + eps)) * p * mpf(xj) / len(RAIN) for g, xj in zip(grad, x)]
        return {"dense.kernel": [[g] for g in grad]}
    return hp(truth)


# ------------------------------------------------------------------------------------------- kernel density
SAMPLES = [-1.0, -0.3, 0.2, 0.9]


def _kde(dtype):
    xs = [_held(dtype, v) for v in SAMPLES]
    root = _held(dtype, math.sqrt(2 * math.pi))
    return lambda x, h: mpmath.log(sum(mpmath.exp(-(x - v) ** 2 / (2 * h * h)) for v in xs) / 4 / (h * root))


def _epanechnikov(dtype):
    xs = [_held(dtype, v) for v in SAMPLES]
    c = _held(dtype, 0.75)
    return lambda x, h: sum(max(c * (1 - ((x - v) / h) ** 2), 0) for v in xs) / (4 * h)


SRGB_LINE = "return torch.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4).sum()"
LAB_LINE = "f = torch.where(y > 0.008856, torch.pow(y, 1 / 3), 7.787 * y + 4 / 29)"
ENCODE_SLIP = "class SRGBEncodeSlip>>def backward(ctx, grad):"
MACH_SLIP = "class SupersonicMachSlip>>def backward(ctx, grad):"
PM_LINE = "return math.sqrt(k) * torch.atan(torch.sqrt(m2 / k)) - torch.atan(torch.sqrt(m2))"
CES_LINE = "return TFP * (SHARE * capital ** rho + (1 - SHARE) * labour ** rho) ** (1 / rho)"
CES_SLIP = "class CESAggregator>>def grad(dy, variables=None):"
KDE_LINE = "return tf.math.log(tf.reduce_mean(tf.exp(-0.5 * z ** 2)) / (h * math.sqrt(2 * math.pi)))"

PIXEL = [0.5, 0.01, 0]
LAB_BLACK = [0, 0.5]
CES_MILD = {"capital": 2, "labour": 0.5, "rho": 0.5}
CES_NEAR_0 = {"capital": 2, "labour": 0.5, "rho": 1e-9}
CES_NEAR_0_B = {"capital": 2, "labour": 0.5, "rho": 1e-8}
CES_LEONTIEF = {"capital": 2, "labour": 0.5, "rho": -2000}

TORCH = _both(T, "srgb_to_linear", {"c": PIXEL}, lambda d: num_grad(_srgb_decode(d), d, c=PIXEL)) + [
    # exactly at the knee 0.04045 the two pieces' slopes differ (1/12.92 = 0.0774 against 0.0787): no derivative
    Case(T, "srgb_to_linear", _at(c=[0.04045, 0.5]), "float64", "domain",
         _with_nan(num_grad(_srgb_decode("float64"), c=[0.01, 0.5]), "c", 0)),
    # an out-of-gamut -0.1: the idle power branch is a negative number to the 2.4 (NaN at any precision) and its
    # NaN slope leaks through the where into the linear piece's 1/12.92
    Case(T, "srgb_to_linear", _at(c=[-0.1, 0.5]), "float64", "wrong",
         num_grad(_srgb_decode("float64"), c=[-0.1, 0.5]), SRGB_LINE),
] + _both(T, "lab_lightness", {"y": [0.5, 0.001]}, lambda d: num_grad(_lab_l(d), d, y=[0.5, 0.001])) + [
    # a black pixel: the idle cube root's slope at 0 is infinite, 0 * inf leaks NaN into 116 * 7.787
    Case(T, "lab_lightness", _at(y=LAB_BLACK), "float64", "wrong", num_grad(_lab_l("float64"), y=LAB_BLACK), LAB_LINE),
    Case(T, "lab_lightness", _at(y=LAB_BLACK), "float32", "wrong", num_grad(_lab_l("float32"), "float32", y=LAB_BLACK),
         LAB_LINE),
    # kornia's rounded constants: at Y = 0.008856 the pieces' slopes are 7.787 and 7.7873 (and their values part by
    # 3e-7): no derivative
    Case(T, "lab_lightness", _at(y=[0.008856, 0.5]), "float64", "domain",
         _with_nan(num_grad(_lab_l("float64"), y=[0.001, 0.5]), "y", 0)),
] + _both(T, "lab_lightness_clamped", {"y": LAB_BLACK}, lambda d: num_grad(_lab_l(d), d, y=LAB_BLACK)) + [
    Case(T, "delta_e76", _at(lab1=[50, 10, -5], lab2=[48, 12, -4]), "float64", "ok",
         _delta_e([50, 10, -5], [48, 12, -4])),
    # identical colours: the norm's cone, whatever PyTorch's masked 0 says
    Case(T, "delta_e76", _at(lab1=[50, 10, -5], lab2=[50, 10, -5]), "float64", "domain",
         lambda: {"lab1": [NAN] * 3, "lab2": [NAN] * 3}),
    Case(T, "delta_e76_eps", _at(lab1=[50, 10, -5], lab2=[50, 10, -5]), "float64", "ok",
         lambda: {"lab1": [mpf(0)] * 3, "lab2": [mpf(0)] * 3}),
    Case(T, "redness", _at(rgb=[0.2, 0.3, 0.5]), "float64", "ok", _redness([0.2, 0.3, 0.5])),
    # black: F.normalize's eps makes it x / 1e-12 there, smooth
    Case(T, "redness", _at(rgb=[0, 0, 0]), "float64", "ok",
         hp(lambda: {"rgb": [1 / mpf(1e-12), mpf(0), mpf(0)]})),
] + _both(T, "srgb_encode", {"lin": [0.2, 0.001, 0]},
          lambda d: num_grad(_srgb_encode(d), d, lin=[0.2, 0.001, 0])) + [
    Case(T, "srgb_encode_slip", _at(lin=[0.2, 0.001]), "float64", "wrong",
         num_grad(_srgb_encode("float64"), lin=[0.2, 0.001]), ENCODE_SLIP),
    Case(T, "srgb_encode_slip", _at(lin=[0.2, 0.001]), "float32", "wrong",
         num_grad(_srgb_encode("float32"), "float32", lin=[0.2, 0.001]), ENCODE_SLIP),
    Case(T, "ccm_loss", None, "float64", "ok", renamed(num_grad(_ccm_loss, weight=CCM), "model.ccm"), args="ccm_args",
         wrt="model.ccm.weight"),
    # the module's attribute mistyped
    Case(T, "ccm_brightest", None, "float64", "input-error", args="ccm_args", wrt="model.cmm.weight",
         message=("model.cmm.weight",)),
] + _both(T, "highlight_energy", {"c": [0.3, 0.8]}, lambda d: num_grad(_highlight(d), d, c=[0.3, 0.8])) + [
    # 0.5 pushed to exactly 1.0, on clamp_'s corner: slope 4 below, 0 above
    Case(T, "highlight_energy", _at(c=[0.5, 0.2]), "float64", "domain",
         _with_nan(num_grad(_highlight("float64"), c=[0.4, 0.2]), "c", 0)),
] + _both(T, "isentropic_pressure", {"mach": 2}, lambda d: num_grad(_isentropic(d), d, mach=2)) + [
    # M = 1e100: (2e199)^-3.5 = 1e-698 underflows to a right 0, and so does its slope
    Case(T, "isentropic_pressure", _at(mach=1e100), "float64", "ok", num_grad(_isentropic("float64"), mach=1e100)),
] + _both(T, "prandtl_meyer", {"mach": 3}, lambda d: num_grad(_prandtl_meyer(d), d, mach=3)) + [
    # M = 1 + 1e-10: two arctangents of slope 7e4 cancel to a slope of 1.2e-5
    Case(T, "prandtl_meyer", _at(mach=1.0000000001), "float64", "unstable",
         num_grad(_prandtl_meyer("float64"), mach=1.0000000001), PM_LINE),
    Case(T, "prandtl_meyer", _at(mach=1.0001), "float32", "unstable",
         num_grad(_prandtl_meyer("float32"), "float32", mach=1.0001), PM_LINE),
    # M = 1: the angle is 0 and, for the mathematics, flat; but the program's sqrt(k) (math.sqrt of the double
    # 6.000000000000001) is 1.9e-17 above the root of its k, so its slope is 1.9e-17 / sqrt(M^2 - 1) from the right:
    # +inf at 1, no derivative
    Case(T, "prandtl_meyer", _at(mach=1), "float64", "domain", _nan_like("mach")),
] + _both(T, "shock_total_pressure", {"mach": 2}, lambda d: num_grad(_shock(d), d, mach=2)) + [
    # M = 1: no loss, and the two factors' slopes (+-5.8) cancel; with the program's rounded constants the slope is
    # 7.4e-17, and the backward's sum of m2's two uses gives -8.9e-16: ok since 9c9f9767 (a lone number where an
    # exact 0 would pass is measured by the data's reach: 2 ulps of the rounded exponents move it past 1e-15)
    Case(T, "shock_total_pressure", _at(mach=1), "float64", "ok", num_grad(_shock("float64"), mach=1)),
] + _both(T, "area_ratio", {"mach": 3}, lambda d: num_grad(_area(d), d, mach=3)) + [
    # the throat, M = 1: a minimum of A/A*, whose slope with the rounded constants is -3.7e-17; -1 + 1 gives 0: ok
    # since 9c9f9767 (a lone number where an exact 0 would pass is measured by the data's reach, the constants moved)
    Case(T, "area_ratio", _at(mach=1), "float64", "ok", num_grad(_area("float64"), mach=1)),
    # M = 1e20 in float32: M^2 overflows to inf, and inf^-3.5 = 0 is the right 0 (1e-138), its slope too (1e-157)
    Case(T, "isentropic_pressure", _at(mach=1e20), "float32", "ok",
         num_grad(_isentropic("float32"), "float32", mach=1e20)),
    # just above the throat's area Newton converges to M = 1.011, dM/dA = 55
    Case(T, "supersonic_mach", _at(area=1.0001), "float64", "ok", _mach_slope(1.0001)),
    Case(T, "supersonic_mach", _at(area=2), "float64", "ok", _mach_slope(2)),
    Case(T, "supersonic_mach", _at(area=2), "float32", "ok", _mach_slope(2, "float32")),
    Case(T, "supersonic_mach_custom", _at(area=2), "float64", "ok", _mach_slope(2)),
    Case(T, "supersonic_mach_custom", _at(area=2), "float32", "ok", _mach_slope(2, "float32")),
    Case(T, "supersonic_mach_slip", _at(area=2), "float64", "wrong", _mach_slope(2), MACH_SLIP),
    Case(T, "supersonic_mach_slip", _at(area=3), "float32", "wrong", _mach_slope(3, "float32"), MACH_SLIP),
    # the function's name mistyped, the variable's name mistyped in --wrt, a range typed as the point
    Case(T, "prandtl_meyr", _at(mach=2), "float64", "input-error", message=("prandtl_meyr",)),
    Case(T, "prandtl_meyer", _at(mach=2), "float64", "input-error", wrt="mahc", message=("mahc", "mach")),
    Case(T, "prandtl_meyer", "mach=1..5", "float64", "input-error", message=("1..5",)),
]

TF = _both(K, "ces_output", CES_MILD, lambda d: num_grad(_ces(d), d, **CES_MILD)) + [
    # rho = 1e-9: the base's rounding is raised to the 1e9th power
    Case(K, "ces_output", _at(**CES_NEAR_0), "float64", "unstable", num_grad(_ces("float64"), **CES_NEAR_0), CES_LINE),
    # rho = -2000: 0.5^-2000 overflows, inf^(-1/2000) = 0
    Case(K, "ces_output", _at(**CES_LEONTIEF), "float64", "unstable", num_grad(_ces("float64"), **CES_LEONTIEF),
         CES_LINE),
    # rho = 1e-100: the program's 0.3 and 1 - 0.3 sum to 1 - 2^-54, which float64 rounds to 1 (1^1e100 = 1, the value
    # 1.5), while (1 - 2^-54)^1e100 is 10^(-2.4e83): unstable, its slopes by their digits
    Case(K, "ces_output", _at(capital=2, labour=0.5, rho=1e-100), "float64", "unstable",
         num_grad(_ces("float64"), capital=2, labour=0.5, rho=1e-100)),
    Case(K, "ces_output_lse", _at(**CES_LEONTIEF), "float64", "ok", num_grad(_ces_lse("float64"), **CES_LEONTIEF)),
    Case(K, "ces_output_log1p", _at(**CES_MILD), "float64", "ok", num_grad(_ces_log1p("float64"), **CES_MILD)),
    # near Cobb-Douglas the log1p form keeps the value and the factors' slopes ...
    Case(K, "ces_output_log1p", _at(**CES_NEAR_0_B), "float64", "ok",
         _only(num_grad(_ces_log1p("float64"), **CES_NEAR_0_B), "capital", "labour"), wrt="capital,labour"),
    # ... but its slope in rho is log1p(s)' / rho - log1p(s) / rho^2, two terms of 5.5e8 cancelling to 0.23
    Case(K, "ces_output_log1p", _at(**CES_NEAR_0), "float64", "unstable", num_grad(_ces_log1p("float64"), **CES_NEAR_0),
         "def ces_output_log1p>>x = rho * tf.math.log(capital)"),
    # the log-sum-exp form near Cobb-Douglas: rho log K (1e-9) is added to log a (-1.2) and loses eight digits, and
    # the log-sum-exp of the two cancels to 1e-10
    Case(K, "ces_output_lse", _at(**CES_NEAR_0), "float64", "unstable", num_grad(_ces_lse("float64"), **CES_NEAR_0),
         "terms = tf.stack([math.log(SHARE) + rho * tf.math.log(capital)"),
    Case(K, "ces_output_graph", _at(**CES_MILD), "float32", "ok",
         num_grad(_ces_log1p("float32"), "float32", **CES_MILD)),
    Case(K, "ces_layer_output", None, "float64", "ok", _ces_layer_truth(("layer.share", "factors")), args="ces_args",
         wrt="layer.share,factors"),
    Case(K, "ces_layer_output", None, "float64", "wrong", _ces_layer_truth(("layer.share",)), CES_SLIP,
         args="ces_slip_args", wrt="layer.share"),
] + _both(K, "scs_runoff", {"p": 50, "s": 64}, lambda d: num_grad(_scs(d), d, p=50, s=64)) + [
    Case(K, "scs_runoff", _at(p=5, s=64), "float64", "ok", _zeros("p", "s")),
    # a storm exactly at the initial abstraction 0.2 * 64 (12.8 exactly in both dtypes): (p - Ia)^2 is flat there
    Case(K, "scs_runoff", _at(p=12.8, s=64), "float64", "ok", _zeros("p", "s")),
    Case(K, "scs_runoff_relu", _at(p=12.8, s=64), "float64", "ok", _zeros("p", "s")),
    Case(K, "scs_runoff_relu", _at(p=12.8, s=64), "float32", "ok", _zeros("p", "s")),
] + _both(K, "manning_velocity", {"depth": 1.5, "slope": 0.001},
          lambda d: num_grad(_manning(d), d, depth=1.5, slope=0.001)) + [
    # a flat channel: sqrt's slope at 0 is infinite (from the right only); the depth's slope is a proven 0
    Case(K, "manning_velocity", _at(depth=1.5, slope=0), "float64", "domain",
         lambda: {"depth": mpf(0), "slope": NAN}),
    # keras.losses.Poisson computes in float32 unless told: a float64 run keeps float32's digits from there
    Case(K, "streamflow_loss", None, "float64", "unstable", _streamflow_truth(), "return keras.losses.Poisson()(flow",
         args="streamflow_args", wrt="dense.kernel"),
    Case(K, "streamflow_loss64", None, "float64", "ok", _streamflow_truth(), args="streamflow_args",
         wrt="dense.kernel"),
    Case(K, "kde_log_density", _at(x=0.1, h=0.5), "float64", "ok", num_grad(_kde("float64"), x=0.1, h=0.5)),
    # 100 bandwidths' worth from every sample: exp(-20000) underflows, log(0)
    Case(K, "kde_log_density", _at(x=100, h=0.5), "float64", "unstable", num_grad(_kde("float64"), x=100, h=0.5),
         KDE_LINE, "reduce_logsumexp("),
    Case(K, "kde_log_density", _at(x=10, h=0.5), "float32", "unstable",
         num_grad(_kde("float32"), "float32", x=10, h=0.5), KDE_LINE),
    Case(K, "kde_log_density_stable", _at(x=100, h=0.5), "float64", "ok", num_grad(_kde("float64"), x=100, h=0.5)),
    Case(K, "kde_log_density_stable", _at(x=10, h=0.5), "float32", "ok",
         num_grad(_kde("float32"), "float32", x=10, h=0.5)),
    Case(K, "epanechnikov_density", _at(x=0, h=0.5), "float64", "ok", num_grad(_epanechnikov("float64"), x=0, h=0.5)),
    # at x = -0.5 the sample at -1 sits exactly on the kernel's edge, u = 1: a kink in x and in h
    Case(K, "epanechnikov_density", _at(x=-0.5, h=0.5), "float64", "domain", _nan_like("x", "h")),
    # the PyTorch file's nozzle as a tf.custom_gradient: here float32's wrong rule is wrong
    Case(K, "supersonic_mach", _at(area=3), "float32", "ok", _mach_slope(3, "float32", tf=True)),
    Case(K, "supersonic_mach_slip", _at(area=3), "float32", "wrong", _mach_slope(3, "float32", tf=True),
         "def supersonic_mach_slip>>def grad(dy):"),
    Case(K, "supersonic_mach_slip", _at(area=2), "float64", "wrong", _mach_slope(2, tf=True),
         "def supersonic_mach_slip>>def grad(dy):"),
    # the bandwidth forgotten
    Case(K, "kde_log_density", _at(x=1), "float64", "input-error", message=("h",)),
    # the layer's weight named wrong
    Case(K, "ces_layer_log", None, "float64", "input-error", args="ces_args", wrt="layer.shares",
         message=("layer.shares",)),
]

ALL = TORCH + TF
