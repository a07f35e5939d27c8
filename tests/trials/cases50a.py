"""The fiftieth trial set (a), PyTorch and TensorFlow (Keras), in sediment transport, glaciology, lithium-ion cells,
observational astronomy and wind-turbine aerodynamics (domains no earlier round took).

In PyTorch (torch_lib50a.py): Meyer-Peter Mueller's bedload 8 (theta - 0.047)_+^1.5 by clamp (right at the threshold,
C1 there, and at 0.5), behind one torch.where (the idle (theta - theta_c) ** 1.5 leaks NaN below threshold: wrong,
a double where re-checked), behind a double where, and by an autograd.Function (right; with its sqrt slipped: wrong,
harmless at the threshold); Einstein's entrainment probability 1 - (erf + erf) / 2 (at theta = 0.01 1 - 1 for 1e-67:
unstable) and by torch.special.erfc (right in both dtypes); Ferguson-Church's settling velocity (right for sand; at
D = 1e-300, and 1e-30 in float32, d ** 3 underflows and sqrt's backward gives 0 / 0: unstable); a LogNormal rating
curve in an nn.Module (--wrt three parameters). Vialov's ice-sheet profile (right at 0, the power's one-sided slope,
and 5e4 in both dtypes; 1e-6 m from the margin 1 - r^(4/3) cancels: unstable; at the margin: domain), by
-expm1(4/3 log1p((x - L) / L)) (right there), behind one torch.where with bare ground beyond (wrong at 1.2e5);
Glen's-law viscosity regularised (right at rest), unregularised (a pole at rest: domain), by an autograd.Function
(right; its sign slipped: wrong, harmless at rest). A cell's Nernst voltage E0 + (RT/F) log((1 - x) / x) (right at
0.5, 0.9, 1 - 2^-53; at 1e-300 DivBackward's (a / b) / b overflows: unstable; at 1e-40 in float32 (1 - x) / x
overflows: unstable; at 1: domain), by torch.special.logit (right at 1e-40 in float32; at 5e-324 the slope -5.2e321
is beyond float64: domain); Peukert's runtime (a pole at 0: domain).

In TensorFlow (tf_lib50a.py): the relativistic Doppler shift sqrt((1 + b) / (1 - b)) - 1 (right at 0.5, -0.3 in both
dtypes and at 1 - 2^-53; at 1e-10 the - 1 cancels: unstable; at +-1: domain; at 5e-324 TensorFlow reads the input as 0:
ok), by expm1(atanh(b)) (right), by a tf.custom_gradient (right; with (1 + z) forgotten: wrong, harmless at 0); the
combined magnitude of a blend -2.5 log10(sum 10^(-0.4 m)) (right at 15, 16.2; at m = 800 the fluxes are subnormal, at
-120 in float32 they overflow: unstable) and by reduce_logsumexp (right); a Keras calibration layer trained with
keras.losses.Huber (float32 inside: unstable in float64; dtype="float64": right). Prandtl's tip loss (2/pi)
acos(e^-f) (right at 40, 49; 1e-9 m from the tip acos(1 - 2.5e-10) amplifies the rounding: unstable; at the tip:
domain), by atan(sqrt(expm1(2 f))) (right there, also as a tf.function with a float64 input_signature); the actuator
disc's Cp at Betz's a = 1/3 (its slope 1.5e-16 a difference of 1.78s, within the input's rounding: ok); Buhl's
thrust correction behind tf.where (right at 0.2, 0.6; at the switch 0.4 a jump of ~1e-17 from the floats of 8/9,
4 - 40/9, 50/9 - 4: domain in both dtypes); a tf.Module's induction read by a custom gradient with variables= (right;
its factor 2 slipped: wrong at its grad).

Input errors: a mistyped function (vialow), parameter (model.log_A, layer.zero_point), variable (betta), a point that
is no number (theta=[0.5,O.1]) and a missing --args function (calib_argz).

`gradcli sweep` (by hand): vialov over x = 1e4..1e5 (41 points, 13 s): float64 unstable in patches from x = 99999.968
(1 - r^(4/3) cancelling), float32 from 99983.34, both domain at 1e5, thresholds to adjacent floats; doppler_redshift
over beta = 1e-12..0.999 (log, 41 points, 13 s): float64 unstable below 6.46e-7, float32 below 6.1e-5 (and in
[6.35e-5, 2.41e-4]), the value's - 1 cancelling (gradient right throughout), as 1.1e-16 / beta > 1e-10 predicts.

Found by this round: nothing. Every case agrees with gradcli once its truth was re-derived (no strict xfail).
What the round taught about its own truths: a Keras Constant initializer goes through float32 even for a float64
layer (k = 0.05 is 0.05000000074505806 in the model), so the point's k is that number; a value that holds can hide a
backward that overflows (DivBackward's (a / b) / b at x = 1e-300); TensorFlow's CPU kernels read a subnormal input as
0, so 5e-324 is judged as the program computes it, at 0; a pow exponent written 4 / 3 is the float64 4 / 3 in
float32 code too (PyTorch passes the Python scalar).

Truths are expressions written here, evaluated by mpmath (2,000 digits), never the user files' code; points are the
numbers the dtype holds, and a constant the program casts to the dtype is the number the dtype holds (a Python
constant expression such as 4 - 40 / 9 is the float Python computes, then held). Where a function has a kink, a
jump or a domain's edge there is no derivative (NaN).
"""

import math

import mpmath

from cases import Case
from cases30b import _held
from cases33b import _at, _both
from cases5 import hp

T, K = "torch_lib50a.py", "tf_lib50a.py"
NAN = mpmath.nan
mpf = mpmath.mpf


# ------------------------------------------------------------------------------------------- sediment transport
def _mpm(theta, dtype="float64"):
    """d/dtheta 8 (theta - theta_c)_+^1.5 = 12 sqrt(theta - theta_c) above theta_c, 0 below; C1 at theta_c (0)."""
    def truth():
        tc = _held(dtype, 0.047)
        return {"theta": [12 * mpmath.sqrt(u - tc) if u > tc else mpf(0) for u in (_held(dtype, w) for w in theta)]}
    return hp(truth)


def _settle(d, dtype="float64"):
    """d/dD a D^2 / (c + sqrt(b D^3)) = a D (2 den - 1.5 sqrt(b) D^1.5) / den^2 (a = R g, b = 0.75 R g, c = 18 nu)."""
    def truth():
        a, b, c = (_held(dtype, v) for v in (1.65 * 9.81, 0.75 * 1.65 * 9.81, 18 * 1.0e-6))
        out = []
        for u in (_held(dtype, w) for w in d):
            den = c + mpmath.sqrt(b * u ** 3)
            out.append(a * u * (2 * den - mpf(1.5) * mpmath.sqrt(b) * u ** mpf(1.5)) / den ** 2)
        return {"d": out}
    return hp(truth)


def _einstein(theta, dtype="float64"):
    """d/dtheta (erfc(u - 2) + erfc(u + 2)) / 2, u = B / theta: (e^-(u-2)^2 + e^-(u+2)^2) B / (sqrt(pi) theta^2)."""
    def truth():
        b = _held(dtype, 0.143)
        out = []
        for t in (_held(dtype, w) for w in theta):
            u = b / t
            out.append((mpmath.exp(-(u - 2) ** 2) + mpmath.exp(-(u + 2) ** 2)) * b / (mpmath.sqrt(mpmath.pi) * t * t))
        return {"theta": out}
    return hp(truth)


RATING_Q, RATING_QS = [12.0, 40.0, 95.0, 310.0], [0.8, 6.5, 30.0, 410.0]


def _rating():
    """-sum log LogNormal(y; log a + b log Q, e^ls): slopes -sum r / s^2, -sum r log Q / s^2, sum (1 - r^2 / s^2)."""
    def truth():
        la, b, ls = mpf(-3.0), mpf(1.8), mpf(-0.5)
        s2 = mpmath.exp(2 * ls)
        g_la = g_b = g_ls = 0
        for q, y in zip(RATING_Q, RATING_QS):
            lq = mpmath.log(mpf(q))
            r = mpmath.log(mpf(y)) - la - b * lq
            g_la -= r / s2
            g_b -= r * lq / s2
            g_ls += 1 - r * r / s2
        return {"model.log_a": g_la, "model.b": g_b, "model.log_sigma": g_ls}
    return hp(truth)


# ------------------------------------------------------------------------------------------- glaciology
P43 = mpf(4 / 3)  # the program's exponent, the float 4 / 3


def _vialov(x, dtype="float64"):
    """d/dx H0 (1 - r^p)^(3/8), r = x / L: -H0 (3/8) (1 - r^p)^(-5/8) p r^(p - 1) / L; 0 at x = 0 (the power's
    one-sided slope), none at the margin x = L (infinite, and no value beyond)."""
    def truth():
        h0, big_l = mpf(3000), mpf(1e5)
        out = []
        for u in (_held(dtype, w) for w in x):
            r = u / big_l
            if r == 1:
                out.append(NAN)
            elif r == 0:
                out.append(mpf(0))
            else:
                out.append(-h0 * mpf(0.375) * (1 - r ** P43) ** mpf(-0.625) * P43 * r ** (P43 - 1) / big_l)
        return {"x": out}
    return hp(truth)


def _vialov_bare(x, dtype="float64"):
    """The profile, and 0 beyond the margin (flat): none at the margin itself."""
    def truth():
        inside = [w for w in x if _held(dtype, w) < 1e5]
        slopes = iter(_vialov(inside, dtype)()["x"]) if inside else iter(())
        out = []
        for w in x:
            u = _held(dtype, w)
            out.append(next(slopes) if u < 1e5 else (NAN if u == 1e5 else mpf(0)))
        return {"x": out}
    return hp(truth)


def _glen(strain, dtype="float64", reg=True):
    """d/ds C (I + reg)^(-1/3), I = (exx^2 + eyy^2 + (exx + eyy)^2) / 2 + exy^2, C = 0.5 A^(-1/3) (held): C p (I +
    reg)^(p - 1) (2 exx + eyy, 2 eyy + exx, 2 exy); without reg at rest a pole (none)."""
    def truth():
        c, p = _held(dtype, 0.5 * 2.4e-24 ** (-1 / 3)), mpf(-1 / 3)
        reg_ = _held(dtype, 1e-20) if reg else 0
        exx, eyy, exy = (_held(dtype, v) for v in strain)
        inv = (exx ** 2 + eyy ** 2 + (exx + eyy) ** 2) / 2 + exy ** 2 + reg_
        if inv == 0:
            return {"strain": [NAN, NAN, NAN]}
        outer = c * p * inv ** (p - 1)
        return {"strain": [outer * (2 * exx + eyy), outer * (2 * eyy + exx), outer * 2 * exy]}
    return hp(truth)


# ------------------------------------------------------------------------------------------- battery
RT_F = 8.314462618 * 298.15 / 96485.33212


def _ocv(x, dtype="float64"):
    """d/dx E0 + (RT/F) log((1 - x) / x) = -(RT/F) / (x (1 - x)); none at x = 0 or 1."""
    def truth():
        k = _held(dtype, RT_F)
        out = []
        for u in (_held(dtype, w) for w in x):
            out.append(NAN if u in (0, 1) else -k / (u * (1 - u)))
        return {"x": out}
    return hp(truth)


def _peukert(current, dtype="float64"):
    """d/dI H (C / (I H))^k = -k H (C / (I H))^k / I; none at I = 0."""
    def truth():
        h, c, k = mpf(20), mpf(100), _held(dtype, 1.2)
        out = []
        for u in (_held(dtype, w) for w in current):
            out.append(NAN if u == 0 else -k * h * (c / (u * h)) ** k / u)
        return {"current": out}
    return hp(truth)


TORCH = [
    # sediment transport
    *_both(T, "mpm_bedload", {"theta": [0.047, 0.5]}, lambda d: _mpm([0.047, 0.5], d)),
    Case(T, "mpm_bedload_where", _at(theta=[0.01, 0.5]), "float64", "wrong", _mpm([0.01, 0.5]),
         "return torch.sum(torch.where(theta > THETA_C, 8 * (theta - THETA_C) ** 1.5, 0.0))", "torch.where("),
    Case(T, "mpm_bedload_where", _at(theta=[0.047, 0.5]), "float64", "ok", _mpm([0.047, 0.5])),
    *_both(T, "mpm_bedload_safe", {"theta": [0.01, 0.5]}, lambda d: _mpm([0.01, 0.5], d)),
    Case(T, "mpm_bedload_rule", _at(theta=[0.047, 0.5]), "float64", "ok", _mpm([0.047, 0.5])),
    Case(T, "mpm_bedload_rule", _at(theta=[0.5, 1.2]), "float32", "ok", _mpm([0.5, 1.2], "float32")),
    Case(T, "mpm_bedload_rule_slip", _at(theta=[0.5]), "float64", "wrong", _mpm([0.5]),
         "class ExcessPowerSlip>>def backward(ctx, grad):"),
    Case(T, "mpm_bedload_rule_slip", _at(theta=[0.047]), "float64", "ok", _mpm([0.047])),
    *_both(T, "settling_velocity", {"d": [2e-4, 1e-3]}, lambda d: _settle([2e-4, 1e-3], d)),
    # d ** 3 underflows to 0: sqrt's backward upstream / (2 sqrt(0)) meets the quotient's -0 upstream: 0 / 0
    Case(T, "settling_velocity", _at(d=[1e-300]), "float64", "unstable", _settle([1e-300]),
         "return torch.sum(R_SUB * G * d ** 2 / (18 * NU + torch.sqrt(0.75 * R_SUB * G * d ** 3)))"),
    Case(T, "settling_velocity", _at(d=[1e-30]), "float32", "unstable", _settle([1e-30], "float32"),
         "return torch.sum(R_SUB * G * d ** 2 / (18 * NU + torch.sqrt(0.75 * R_SUB * G * d ** 3)))"),
    Case(T, "einstein_probability", _at(theta=[0.3, 1.5]), "float64", "ok", _einstein([0.3, 1.5])),
    # erf(12.3) rounds to 1: p = 1 - 1 = 0 for 1e-67
    Case(T, "einstein_probability", _at(theta=[0.01]), "float64", "unstable", _einstein([0.01]),
         "return torch.sum(1 - 0.5 * (torch.special.erf(u - 2) + torch.special.erf(u + 2)))"),
    Case(T, "einstein_probability_erfc", _at(theta=[0.01, 0.3]), "float64", "ok", _einstein([0.01, 0.3])),
    Case(T, "einstein_probability_erfc", _at(theta=[0.01, 0.3]), "float32", "ok", _einstein([0.01, 0.3], "float32")),
    Case(T, "rating_nll", None, "float64", "ok", _rating(), args="rating_args",
         wrt="model.log_a,model.b,model.log_sigma"),
    # glaciology
    Case(T, "vialov", _at(x=[0, 5e4]), "float64", "ok", _vialov([0, 5e4])),
    Case(T, "vialov", _at(x=[0, 5e4]), "float32", "ok", _vialov([0, 5e4], "float32")),
    Case(T, "vialov", _at(x=[99999.999999]), "float64", "unstable", _vialov([99999.999999]),
         "return torch.sum(H0 * (1 - (x / L_ICE) ** (4 / 3)) ** (3 / 8))"),
    Case(T, "vialov", _at(x=[1e5]), "float64", "domain", _vialov([1e5])),
    Case(T, "vialov_stable", _at(x=[99999.999999, 5e4]), "float64", "ok", _vialov([99999.999999, 5e4])),
    Case(T, "vialov_stable", _at(x=[1e5]), "float64", "domain", _vialov([1e5])),
    # beyond the margin the idle branch's (1 - r^(4/3))^(3/8) is NaN, and pow's backward 0 * NaN leaks
    Case(T, "vialov_where", _at(x=[1.2e5, 5e4]), "float64", "wrong", _vialov_bare([1.2e5, 5e4]),
         "return torch.sum(torch.where(x < L_ICE, H0 * (1 - (x / L_ICE) ** (4 / 3)) ** (3 / 8), 0.0))", "torch.where("),
    Case(T, "vialov_where", _at(x=[1e5]), "float64", "domain", _vialov_bare([1e5])),
    *_both(T, "glen_viscosity", {"strain": [1e-10, -2e-10, 5e-11]}, lambda d: _glen([1e-10, -2e-10, 5e-11], d)),
    Case(T, "glen_viscosity", _at(strain=[0, 0, 0]), "float64", "ok", _glen([0, 0, 0])),
    Case(T, "glen_viscosity_naive", _at(strain=[0, 0, 0]), "float64", "domain", _glen([0, 0, 0], reg=False)),
    Case(T, "glen_viscosity_naive", _at(strain=[1e-10, -2e-10, 5e-11]), "float64", "ok",
         _glen([1e-10, -2e-10, 5e-11], reg=False)),
    Case(T, "glen_viscosity_rule", _at(strain=[1e-10, -2e-10, 5e-11]), "float64", "ok", _glen([1e-10, -2e-10, 5e-11])),
    Case(T, "glen_viscosity_rule", _at(strain=[0, 0, 0]), "float64", "ok", _glen([0, 0, 0])),
    Case(T, "glen_viscosity_rule_slip", _at(strain=[1e-10, -2e-10, 5e-11]), "float64", "wrong",
         _glen([1e-10, -2e-10, 5e-11]), "class GlenPower>>def backward(ctx, grad):"),
    # at rest the invariant's slope is 0: the slipped sign multiplies 0
    Case(T, "glen_viscosity_rule_slip", _at(strain=[0, 0, 0]), "float64", "ok", _glen([0, 0, 0])),
    # battery
    *_both(T, "ocv_nernst", {"x": [0.5, 0.9]}, lambda d: _ocv([0.5, 0.9], d)),
    Case(T, "ocv_nernst", _at(x=[0.9999999999999999]), "float64", "ok", _ocv([0.9999999999999999])),
    # the value holds at 1e-300, but DivBackward's (a / b) / b is 1e300 / 1e-300: inf for the slope -2.6e298
    Case(T, "ocv_nernst", _at(x=[1e-300]), "float64", "unstable", _ocv([1e-300]),
         "return torch.sum(E0_CELL + RT_F * torch.log((1 - x) / x))"),
    # (1 - x) / x = 1e40 overflows float32; the slope -2.6e38 is a float32 number
    Case(T, "ocv_nernst", _at(x=[1e-40]), "float32", "unstable", _ocv([1e-40], "float32"),
         "return torch.sum(E0_CELL + RT_F * torch.log((1 - x) / x))"),
    Case(T, "ocv_nernst", _at(x=[1]), "float64", "domain", _ocv([1])),
    Case(T, "ocv_logit", _at(x=[1e-40]), "float32", "ok", _ocv([1e-40], "float32")),
    Case(T, "ocv_logit", _at(x=[1e-300, 0.5]), "float64", "ok", _ocv([1e-300, 0.5])),
    # the slope -5.2e321 lies beyond float64
    Case(T, "ocv_logit", _at(x=[5e-324]), "float64", "domain", _ocv([5e-324])),
    Case(T, "peukert_runtime", _at(current=[5, 50]), "float64", "ok", _peukert([5, 50])),
    Case(T, "peukert_runtime", _at(current=[0]), "float64", "domain", _peukert([0])),
    # input errors
    Case(T, "vialow", _at(x=[5e4]), "float64", "input-error", message=("vialow",)),
    Case(T, "rating_nll", None, "float32", "input-error", args="rating_args", wrt="model.log_A",
         message=("model.log_A",)),
    Case(T, "mpm_bedload", "theta=[0.5,O.1]", "float64", "input-error", message=("O.1",)),
]


# ------------------------------------------------------------------------------------------- astronomy
def _doppler(beta, dtype="float64"):
    """d/dbeta sqrt((1 + b) / (1 - b)) - 1 = (1 + z) / (1 - b^2); none at b = +-1 (an edge with infinite slope)."""
    def truth():
        out = []
        for b in (_held(dtype, w) for w in beta):
            out.append(NAN if abs(b) == 1 else mpmath.sqrt((1 + b) / (1 - b)) / (1 - b * b))
        return {"beta": out}
    return hp(truth)


def _blend(m, dtype="float64"):
    """d/dm_i of -2.5 log(sum 10^(-0.4 m)) / L = (2.5 * 0.4 ln 10 / L) w_i, w = softmax(-0.4 ln 10 m), the program's
    -2.5, 10, 0.4 and L = math.log(10.0) held."""
    def truth():
        c, q, big_l = _held(dtype, 2.5), _held(dtype, 0.4), _held(dtype, math.log(10.0))
        ms = [_held(dtype, w) for w in m]
        e = [mpmath.power(10, -q * u) for u in ms]
        s = mpmath.fsum(e)
        return {"m": [c * q * mpmath.log(10) / big_l * v / s for v in e]}
    return hp(truth)


def _blend_stable(m, dtype="float64"):
    """d/dm_i of c1 logsumexp(c2 m) = c1 c2 softmax(c2 m)_i, c1 = -2.5 / L, c2 = -0.4 L as Python computes them."""
    def truth():
        c1, c2 = _held(dtype, -2.5 / math.log(10.0)), _held(dtype, -0.4 * math.log(10.0))
        ms = [_held(dtype, w) for w in m]
        top = max(c2 * u for u in ms)
        e = [mpmath.exp(c2 * u - top) for u in ms]
        s = mpmath.fsum(e)
        return {"m": [c1 * c2 * v / s for v in e]}
    return hp(truth)


STARS = [[-9.1, 0.4], [-7.6, 1.1], [-10.2, -0.1], [-8.4, 0.7]]
CATALOGUE = [16.45, 17.95, 15.35, 17.1]


def _calib():
    """Huber (delta 0.1) mean over the stars, every residual inside delta: slopes mean(r), mean(r colour)."""
    def truth():
        zp, k = mpf(25.5), _held("float32", 0.05)  # Keras' Constant initializer goes through float32
        rs = [mpf(s[0]) + zp + k * mpf(s[1]) - mpf(c) for s, c in zip(STARS, CATALOGUE)]
        assert all(abs(r) <= mpf(0.1) for r in rs)
        return {"layer.zp": mpmath.fsum(rs) / 4, "layer.k": mpmath.fsum(r * mpf(s[1]) for r, s in zip(rs, STARS)) / 4}
    return hp(truth)


# ------------------------------------------------------------------------------------------- wind turbines
def _tip(r, dtype="float64"):
    """d/dr (2/pi) acos(e^-f), f = 3 (50 - r) / (2 r s): (2/pi) e^-f / sqrt(1 - e^-2f) f', f' = -75 / (s r^2); none at
    the tip (f = 0: infinite slope, no value beyond)."""
    def truth():
        k, s = _held(dtype, 2 / math.pi), _held(dtype, 0.12)
        out = []
        for u in (_held(dtype, w) for w in r):
            f = 3 * (50 - u) / (2 * u * s)
            out.append(NAN if f == 0 else k * mpmath.exp(-f) / mpmath.sqrt(-mpmath.expm1(-2 * f)) * (-75 / (s * u * u)))
        return {"r": out}
    return hp(truth)


def _cp(a, dtype="float64"):
    """d/da 4 a (1 - a)^2 = 4 (1 - a)(1 - 3 a)."""
    def truth():
        return {"a": [4 * (1 - u) * (1 - 3 * u) for u in (_held(dtype, w) for w in a)]}
    return hp(truth)


def _thrust(a, dtype="float64"):
    """4 a (1 - a) up to 0.4, c0 + c1 a + c2 a^2 above (c the floats Python computes for 8/9, 4 - 40/9, 50/9 - 4);
    at 0.4 itself the two pieces differ by ~1e-17 (a jump) and in slope: none."""
    def truth():
        t = _held(dtype, 0.4)
        c0, c1, c2 = (_held(dtype, v) for v in (8 / 9, 4 - 40 / 9, 50 / 9 - 4))
        out = []
        for u in (_held(dtype, w) for w in a):
            if u == t:
                assert c0 + c1 * u + c2 * u * u != 4 * u * (1 - u)
                out.append(NAN)
            else:
                out.append(c1 + 2 * c2 * u if u > t else 4 * (1 - 2 * u))
        return {"a": out}
    return hp(truth)


def _rotor():
    """sum_j (Cp(a) - t_j)^2 at a = 0.25: 2 sum (Cp - t_j) 4 (1 - a)(1 - 3a)."""
    def truth():
        a = mpf(0.25)
        cp = 4 * a * (1 - a) ** 2
        return {"model.a": mpmath.fsum(2 * (cp - mpf(t)) * 4 * (1 - a) * (1 - 3 * a) for t in (0.5, 0.55))}
    return hp(truth)


TF = [
    # astronomy
    *_both(K, "doppler_redshift", {"beta": [0.5, -0.3]}, lambda d: _doppler([0.5, -0.3], d)),
    Case(K, "doppler_redshift", _at(beta=[1e-10]), "float64", "unstable", _doppler([1e-10]),
         "return tf.reduce_sum(tf.sqrt((1 + beta) / (1 - beta)) - 1)"),
    Case(K, "doppler_redshift", _at(beta=[0.9999999999999999]), "float64", "ok", _doppler([0.9999999999999999])),
    Case(K, "doppler_redshift", _at(beta=[1]), "float64", "domain", _doppler([1])),
    Case(K, "doppler_redshift", _at(beta=[-1]), "float64", "domain", _doppler([-1])),
    # TensorFlow's CPU kernels read the subnormal 5e-324 as 0 (denormals are zero): the program computes at 0, and its
    # 0 there is what it can give (truth first written unstable, for z = 4.9e-324 lost to 1 + b rounding to 1)
    Case(K, "doppler_redshift", _at(beta=[5e-324]), "float64", "ok", _doppler([5e-324])),
    Case(K, "doppler_redshift_stable", _at(beta=[5e-324]), "float64", "ok", _doppler([5e-324])),
    Case(K, "doppler_redshift_stable", _at(beta=[1e-10, 0.9999999999999999]), "float64", "ok",
         _doppler([1e-10, 0.9999999999999999])),
    Case(K, "doppler_redshift_stable", _at(beta=[1e-10, 0.5]), "float32", "ok", _doppler([1e-10, 0.5], "float32")),
    Case(K, "doppler_redshift_rule", _at(beta=[0.5, 1e-10]), "float64", "ok", _doppler([0.5, 1e-10])),
    Case(K, "doppler_redshift_rule_slip", _at(beta=[0.5]), "float64", "wrong", _doppler([0.5]),
         "def _redshift_slip>>def grad(dy):"),
    Case(K, "doppler_redshift_rule_slip", _at(beta=[0]), "float64", "ok", _doppler([0])),
    *_both(K, "blend_magnitude", {"m": [15, 16.2]}, lambda d: _blend([15, 16.2], d)),
    # 10^-320 is subnormal: a few bits of each flux are left
    Case(K, "blend_magnitude", _at(m=[800, 801]), "float64", "unstable", _blend([800, 801]),
         "return -2.5 * tf.math.log(tf.reduce_sum(10.0 ** (-0.4 * m))) / math.log(10.0)"),
    Case(K, "blend_magnitude", _at(m=[-120, -121]), "float32", "unstable", _blend([-120, -121], "float32"),
         "return -2.5 * tf.math.log(tf.reduce_sum(10.0 ** (-0.4 * m))) / math.log(10.0)"),
    Case(K, "blend_magnitude_stable", _at(m=[800, 801]), "float64", "ok", _blend_stable([800, 801])),
    Case(K, "blend_magnitude_stable", _at(m=[-120, -121]), "float32", "ok", _blend_stable([-120, -121], "float32")),
    # Keras' Huber computes in float32 (its dtype) whatever its input's
    Case(K, "calib_loss", None, "float64", "unstable", _calib(), args="calib_args", wrt="layer.zp,layer.k"),
    Case(K, "calib_loss_f64", None, "float64", "ok", _calib(), args="calib_args", wrt="layer.zp,layer.k"),
    # wind turbines
    *_both(K, "tip_loss", {"r": [40, 49]}, lambda d: _tip([40, 49], d)),
    Case(K, "tip_loss", _at(r=[49.999999999]), "float64", "unstable", _tip([49.999999999]),
         "return tf.reduce_sum(2 / math.pi * tf.math.acos(tf.exp(-f)))"),
    Case(K, "tip_loss", _at(r=[50]), "float64", "domain", _tip([50])),
    Case(K, "tip_loss_stable", _at(r=[49.999999999, 40]), "float64", "ok", _tip([49.999999999, 40])),
    Case(K, "tip_loss_stable", _at(r=[40, 49]), "float32", "ok", _tip([40, 49], "float32")),
    Case(K, "tip_loss_stable", _at(r=[50]), "float64", "domain", _tip([50])),
    Case(K, "tip_loss_graph", _at(r=[49.999999999, 40]), "float64", "ok", _tip([49.999999999, 40])),
    # at Betz's a = 1/3 (the float) the slope is 1.5e-16, computed as a difference of 1.78s: within the inputs' rounding
    Case(K, "power_coefficient", _at(a=[0.3333333333333333, 0.1]), "float64", "ok",
         _cp([0.3333333333333333, 0.1])),
    Case(K, "power_coefficient", _at(a=[0.1, 0.5]), "float32", "ok", _cp([0.1, 0.5], "float32")),
    *_both(K, "thrust_buhl", {"a": [0.2, 0.6]}, lambda d: _thrust([0.2, 0.6], d)),
    Case(K, "thrust_buhl", _at(a=[0.4]), "float64", "domain", _thrust([0.4])),
    Case(K, "thrust_buhl", _at(a=[0.4]), "float32", "domain", _thrust([0.4], "float32")),
    Case(K, "rotor_fit", None, "float64", "ok", _rotor(), args="rotor_args", wrt="model.a"),
    Case(K, "rotor_fit", None, "float64", "wrong", _rotor(), "def power_loss_slip>>def grad(dy, variables=None):",
         args="rotor_slip_args", wrt="model.a"),
    # input errors
    Case(K, "doppler_redshift", _at(betta=[0.5]), "float64", "input-error", message=("betta",)),
    Case(K, "calib_loss", None, "float64", "input-error", args="calib_argz", wrt="layer.zp", message=("calib_argz",)),
    Case(K, "calib_loss", None, "float32", "input-error", args="calib_args", wrt="layer.zero_point",
         message=("layer.zero_point",)),
]

ALL = TORCH + TF
