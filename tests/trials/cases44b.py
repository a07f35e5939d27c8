"""The forty-fourth trial set (b), PyTorch and TensorFlow (Keras; TensorFlow Probability is not installed), in
evidential deep learning, robot kinematics, indoor localisation, psychoacoustics and attitude interpolation: Sensoy's
Dirichlet evidential loss by digamma (at evidence 0, and 1e30 for the true class, where alpha_0 = S = 1e30 and
psi'(S) - psi'(alpha_0) is 0 for -1e-60: unstable; 1e30 for a wrong class; in float64 PyTorch's trigamma kernel,
DigammaBackward0's polygamma(1, x), is 2e-10 off at 3 and 4.8e-10 at 1, so every float64 digamma loss at small
concentrations is unstable at rtol 1e-10, float32 ok), by logs (the same cancellation at 1e30) and by the expected
squared error (p_0 rounds to 1 at 1e30), an evidential nn.Module head fitted by --wrt model.head.weight (and a
mistyped model.head.weights); Amini's normal-inverse-gamma loss as their code writes it (right at an ordinary point
in both dtypes; lgamma(alpha) - lgamma(alpha + 0.5) at alpha = 1e15, two 34.5s for -5e-16, and at 1e7 in float32,
where alpha + 0.5 rounds to alpha: unstable at the lgamma line; 0.5 log(pi / nu) at nu = 5e-39, subnormal in float32,
pi / nu overflowing; and at nu = 1e-300 in float64, where pi / nu = 3e300 holds but PyTorch computes a number over a
tensor as reciprocal(nu) * pi, whose backward squares 1e300: -inf for -5e299, unstable, named at the line) and its
lgamma ratio as an autograd.Function (right; its backward the asymptotic -1 / 2a: wrong at its backward); a two-link
arm's elbow angle by arccos of the law of cosines (right at (0.5, 0.4); at full extension c = 1, slope -inf and no
angle beyond: domain; 1e-12 short of it 1 - c^2 comes from rounded squares: unstable at the arccos) and by the
factored half-angle atan2 form (right there; domain at full extension); SO(3)'s log map by arccos of the trace (right
at 0.5 rad; at 1e-4 rad unstable at the arccos; domain at the identity and at a half turn, P1) and by atan2 of the
skew part (right at 1e-4 rad), and its scale theta / (2 sin theta) alone (right at cos 0.5; P1 at cos -1). In
TensorFlow: trilateration by squared residuals of tf.norm (right; on a beacon: the residual's cone, domain; 1e200 m
out the loss itself is 6e400, beyond float64: domain) and by Keras' Huber with dtype=float64 (a residual exactly at
delta, a C1 switch: ok, one slope), log-distance RSSI residuals (right; 1e-200 m from a beacon tf.norm's squares
underflow and log(0): unstable, U1; 1e200 m out the squares overflow inside tf.norm while the residuals hold: unstable
at the norm), a tf.Module path-loss model whose exponent is a tf.Variable behind tf.custom_gradient with variables=
(right; ln taken for log10 in the exponent's slope: wrong at its grad), the decibel sum 10 log10 sum 10^(L/10)
(right at [60, 63, 70]; 10^400 in float64 and 10^40 in float32 overflow: unstable at its line, no fix offered, G1),
by tf.math.reduce_logsumexp (right at +-4000 dB) and behind tf.custom_gradient (right; the outer 10 / ln 10 kept on
the shares: wrong at its grad), Stevens' loudness I^0.3 (right at 1e-6 and 1e-300; at 0 domain; at a subnormal
intensity, 1e-45 in float32 and 1e-310 in float64, TensorFlow's CPU kernels flush it to zero, the loudness is 0 and
pow's slope 0^-0.7 inf: unstable, named at the pow, C2) and (RMS pressure)^0.6 (right; silence: the cusp, domain); a
quaternion slerp by arccos of the dot product (right at 90 degrees; 2e-6 rad apart arccos of 1 - 5e-13: unstable at
the acos), by 2 atan2(|q1 - q0|, |q1 + q0|) (the angle keeps its digits, but omega's two backward paths through
sin(a omega) / sin(omega), 3e5 each, sum to -2.1e-7: the slope 7e-10 off, unstable, named at omega's line) and with
a tf.where lerp fallback (at q1 = q0 the lerp is taken but the slerp's 0/0 leaks NaN: wrong at the where; right at
90 degrees); input errors (a mistyped function, parameter and variable name, a point that is no number, a variable
forgotten) all exit 2 naming what was typed. `gradcli sweep` ran on elbow_angle (PyTorch, x = 0..0.8 at y = 0,
10 s): domain below |L1 - L2| = 0.25 and above 0.75 (and at both ends exactly), unstable by the arccos backward's
cancellation in bands from 0.74998 in float32 and from 0.7499998 in float64; and on loudness (TensorFlow, intensity
1e-320..1 log-spaced, 7 s): in float32 domain where the point rounds to 0, unstable (pow's inf) on the whole
subnormal range 1.4e-45..1.2e-38, ok above; in float64 unstable (RealDiv's underflow, then pow's inf) up to
2.2e-308, ok above: TensorFlow's flush-to-zero, swept.

Truths are expressions written here, evaluated by mpmath (2,000 digits), never the user files' code; points are the
numbers the dtype holds, a constant the user's code writes is the number the dtype holds (pi, 10 n, ln 10, 10 / ln 10,
I0, p_ref and the exponents 0.3 and 0.6, the slerp's t and 1 - t, the quaternion Q0).

Found by this round (P1 and U1 mended; C1, C2 and G1 left):
- P1 (phantom gradient): `t / sin(acos(c))` at c = -1 (the SO(3) log map's scale theta / (2 sin theta) at a half turn,
  here log_map_scale at cos_theta = -1, skew = 0.5, and so3_log at diag(1, -1, -1)): the verdict is domain and the
  exact value NaN, but the exact slope in t (the skew) is reported as the finite 1.3754859834918354e+61 (8.8e60 for
  t / sin(acos(c))), the 1 / sin(pi) of pi rounded at 60 digits (sin = 1.1e-61); the truth is 1 / 0: no finite
  slope. The same in a formula, in gradcli.numpy and in PyTorch; so3_log at the half turn gives +-1.1e61 for the six
  off-diagonal entries at the default --max-digits and `error` (did not settle) at 120 or 400.
- U1 (missing root cause): tf.norm(p - anchors, axis=1) at p = [1e-200, 0]: the squares [1e-400, 0] underflow to
  [0, 0] and the log of the norm's 0 is the only forward finding ("tf.math.log([0, 8, 6]) gave [-inf, ...]"); the
  norm's line is not named. The scalar log(sqrt(x * x)) and log(sum(p * p)) at p = [1e-200, 1e-200] do name the
  underflow ("the root cause is the underflow, not log"); at p = [1e-200, 0] (one exact 0 beside the underflowed
  entry) they do not, in TensorFlow as in gradcli.numpy (np.log(np.sum(p * p))); the formula log(x*x + y*y) at
  x = 1e-200, y = 0 does. provenance._lost_to_zero follows an op's zero entries back into its inputs whenever any
  input is 0 there (p[1] = 0), so the multiply whose entry 0 underflowed from 1e-200 is never taken as the root.
- C2 (clarity, the cases pass): TensorFlow's flush-to-zero of a subnormal input is not said: loudness at 1e-45
  (float32) reports the value 0 (exact 8.7e-12) and only "Pow(0.0, -0.7) gave inf" in the backward; no forward
  finding says that I / I0 = 1.4e-45 / 1e-12 came out 0 (TensorFlow reads subnormals as 0), though the sweep's float64
  strip names the RealDiv's underflow.
- C1 (clarity, the case passes): edl_digamma_loss at [0, 1e30, 0] in float64 blames "the forward computation on this
  line lost the digits ... aten.sub gives [69.65, 0, 69.65] where the exact value is [.., 2.0e-30, ..]" for a slope
  4.8e-10 off; that entry is multiplied by y = 0 and feeds no slope: the error is PyTorch's polygamma(1, 1) kernel
  (1.6449340676 for 1.6449340668), which the report does not name. Mended: each replayed special-function call
  carries PyTorch's kernel, named where it alone is off (tests/test_framework_kernels_named.py).
- G1 (gap): 10 log10(sum 10^(L/10)), the decibel sum, overflowing gets no rewrite (tf.math.reduce_logsumexp of
  L ln 10 / 10, or np.logaddexp.reduce), in TensorFlow as in gradcli.numpy; log(sum(exp(x))) gets one.
What the round taught about its own truths: PyTorch's float64 trigamma is good to ~5e-10 only, so a digamma loss in
float64 is unstable at rtol 1e-10 wherever a concentration is small; PyTorch computes `number / tensor` as
reciprocal(tensor) * number, whose backward squares the reciprocal (1e300 squared); TensorFlow flushes subnormals to
zero on CPU in both dtypes; a squared residual of 1e200 is itself beyond float64 (domain, as documented); the atan2
angle of a slerp does not save the weights' quotient in the backward.

Re-derived since (README's rule for a gradient the dtype holds beside a value past its range): the cases whose value
lies past the dtype's range while slopes the dtype holds come out inf, NaN or off are unstable, not domain (each
marked where it stands).
"""

import math

import mpmath

from cases import Case
from cases12a import num_grad
from cases30b import _held
from cases33b import _at, _both
from cases5 import hp

T, K = "torch_lib44b.py", "tf_lib44b.py"
NAN = mpmath.nan
mpf = mpmath.mpf


# ------------------------------------------------------------------------------------------- evidential classification
LABEL = [1, 0, 0]


def _edl_digamma(evidence, dtype="float64"):
    """sum_k y_k (psi(S) - psi(alpha_k)), alpha = e + 1, S = sum alpha: d/de_j = psi'(S) - y_j psi'(alpha_j)."""
    def truth():
        alpha = [_held(dtype, e) + 1 for e in evidence]
        s = sum(alpha)
        return {"evidence": [mpmath.psi(1, s) - y * mpmath.psi(1, a) for y, a in zip(LABEL, alpha)]}
    return hp(truth)


def _edl_log(evidence, dtype="float64"):
    """sum_k y_k (log S - log alpha_k): d/de_j = 1 / S - y_j / alpha_j."""
    def truth():
        alpha = [_held(dtype, e) + 1 for e in evidence]
        s = sum(alpha)
        return {"evidence": [1 / s - y / a for y, a in zip(LABEL, alpha)]}
    return hp(truth)


def _edl_mse(evidence):
    alpha = [e + 1 for e in evidence]
    s = sum(alpha)
    p = [a / s for a in alpha]
    return sum((y - q) ** 2 + q * (1 - q) / (s + 1) for y, q in zip(LABEL, p))


HEAD_W = [[0.5, -0.25], [-1.0, 0.75], [0.125, 2.0]]
HEAD_B = [0.1, -0.2, 0.3]
HEAD_X = [[1.0, -0.5], [0.25, 2.0]]
HEAD_Y = [[1, 0, 0], [0, 0, 1]]


def _edl_head():
    """mean_b sum_k y_bk (log S_b - log alpha_bk), alpha = softplus(W x + b) + 1: dL/dW_jk = mean_b (1 / S_b -
    y_bj / alpha_bj) sigmoid(z_bj) x_bk."""
    def truth():
        grad = [[mpf(0)] * 2 for _ in range(3)]
        for x, y in zip(HEAD_X, HEAD_Y):
            z = [sum(mpf(w) * mpf(v) for w, v in zip(row, x)) + mpf(b) for row, b in zip(HEAD_W, HEAD_B)]
            alpha = [mpmath.log1p(mpmath.exp(v)) + 1 for v in z]
            s = sum(alpha)
            for j in range(3):
                d = (1 / s - y[j] / alpha[j]) / (1 + mpmath.exp(-z[j])) / len(HEAD_X)
                grad[j] = [g + d * mpf(v) for g, v in zip(grad[j], x)]
        return {"model.head.weight": grad}
    return hp(truth)


# ------------------------------------------------------------------------------------------- evidential regression
def _nig(names, dtype="float64", **point):
    """NLL = log(pi / nu) / 2 - a log W + (a + 1/2) log(nu r^2 + W) + lgamma(a) - lgamma(a + 1/2), W = 2 b (1 + nu),
    r = 1 - gamma; pi as the dtype holds the program's math.pi:
    d/dgamma = -(a + 1/2) 2 nu r / (nu r^2 + W), d/dnu = -1 / 2nu - 2 a b / W + (a + 1/2)(r^2 + 2b) / (nu r^2 + W),
    d/da = log((nu r^2 + W) / W) + psi(a) - psi(a + 1/2), d/db = -a / b + (a + 1/2) 2 (1 + nu) / (nu r^2 + W)."""
    def truth():
        g, nu, a, b = (_held(dtype, point[n]) for n in ("gamma", "nu", "alpha", "beta"))
        r = 1 - g
        w = 2 * b * (1 + nu)
        q = nu * r * r + w
        half = mpf(1) / 2
        grads = {"gamma": -(a + half) * 2 * nu * r / q,
                 "nu": -1 / (2 * nu) - 2 * a * b / w + (a + half) * (r * r + 2 * b) / q,
                 "alpha": mpmath.log(q / w) + mpmath.psi(0, a) - mpmath.psi(0, a + half),
                 "beta": -a / b + (a + half) * 2 * (1 + nu) / q}
        return {n: grads[n] for n in names}
    return hp(truth)


def _gamma_ratio(a, dtype="float64"):
    """lgamma(a) - lgamma(a + 1/2): psi(a) - psi(a + 1/2)."""
    return hp(lambda: {"a": mpmath.psi(0, _held(dtype, a)) - mpmath.psi(0, _held(dtype, a) + mpf(1) / 2)})


# ------------------------------------------------------------------------------------------- two-link arm
def _elbow(x, y, dtype="float64"):
    """acos(c), c = (x^2 + y^2 - L1^2 - L2^2) / (2 L1 L2), L1 = 1/2, L2 = 1/4: d/dx = -x / (L1 L2 sqrt(1 - c^2)), d/dy
    alike; at c = 1 the slope is -inf and beyond it no angle: no derivative."""
    def truth():
        px, py = _held(dtype, x), _held(dtype, y)
        l1, l2 = mpf(1) / 2, mpf(1) / 4
        c = (px * px + py * py - l1 * l1 - l2 * l2) / (2 * l1 * l2)
        if c >= 1:
            return {"x": NAN, "y": NAN}
        k = -1 / (l1 * l2 * mpmath.sqrt(1 - c * c))
        return {"x": k * px, "y": k * py}
    return hp(truth)


# ------------------------------------------------------------------------------------------- rotations
AXIS = [0.3, -0.5, 0.8]


def _skew(r):
    return [r[2][1] - r[1][2], r[0][2] - r[2][0], r[1][0] - r[0][1]]


def _so3_acos(rot, dtype):
    theta = mpmath.acos((rot[0][0] + rot[1][1] + rot[2][2] - 1) / 2)
    return sum(_held(dtype, w) * theta / (2 * mpmath.sin(theta)) * s for w, s in zip(AXIS, _skew(rot)))


def _so3_atan2(rot, dtype):
    skew = _skew(rot)
    sin_theta = mpmath.sqrt(sum(s * s for s in skew)) / 2
    theta = mpmath.atan2(sin_theta, (rot[0][0] + rot[1][1] + rot[2][2] - 1) / 2)
    return sum(_held(dtype, w) * theta / (2 * sin_theta) * s for w, s in zip(AXIS, skew))


def _log_map_scale(c, s):
    """theta / (2 sin theta) s, theta = acos(c): d/ds = theta / (2 sin theta),
    d/dc = s (sin theta - theta cos theta) / (2 sin^2 theta) (-1 / sin theta)."""
    def truth():
        theta = mpmath.acos(mpf(c))
        sin = mpmath.sin(theta)
        return {"cos_theta": mpf(s) * (sin - theta * mpmath.cos(theta)) / (2 * sin ** 2) * (-1 / sin),
                "skew": theta / (2 * sin)}
    return hp(truth)


def _nan_like(*names):
    return lambda: {name: NAN for name in names}


def _rz(theta):
    c, s = math.cos(theta), math.sin(theta)
    return [[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]]


def _so3(form, rot, dtype="float64"):
    return num_grad(lambda rot: form(rot, dtype), dtype, rot=rot)


# ------------------------------------------------------------------------------------------- trilateration
ANCHORS = [[0, 0], [8, 0], [0, 6]]
RANGES = [4, 6, 5]


def _trilateration(p, dtype="float64"):
    """sum_i (|p - a_i| - r_i)^2: 2 sum_i (|p - a_i| - r_i) (p - a_i) / |p - a_i|; none at an anchor whose range > 0."""
    def truth():
        px = [_held(dtype, v) for v in p]
        grad = [mpf(0), mpf(0)]
        for a, r in zip(ANCHORS, RANGES):
            diff = [u - v for u, v in zip(px, a)]
            d = mpmath.sqrt(sum(v * v for v in diff))
            if d == 0:
                return {"p": [NAN, NAN]}
            grad = [g + 2 * (d - r) * v / d for g, v in zip(grad, diff)]
        return {"p": grad}
    return hp(truth)


def _huber(p, dtype="float64"):
    """mean_i h(|p - a_i| - r_i), h(e) = e^2 / 2 within 1 of 0, |e| - 1/2 outside (C1 at |e| = 1): h'(e) = clip(e)."""
    def truth():
        px = [_held(dtype, v) for v in p]
        grad = [mpf(0), mpf(0)]
        for a, r in zip(ANCHORS, RANGES):
            diff = [u - v for u, v in zip(px, a)]
            d = mpmath.sqrt(sum(v * v for v in diff))
            e = d - r
            slope = max(-1, min(1, e))
            grad = [g + slope * v / d / 3 for g, v in zip(grad, diff)]
        return {"p": grad}
    return hp(truth)


# ------------------------------------------------------------------------------------------- RSSI
RSSI = [-56, -61, -59]


def _rssi(p, dtype="float64"):
    """sum_i (P0 - 10 n log(d_i) / L - R_i)^2, 10 n and L = ln 10 as the program's Python floats, held:
    sum_i 2 res_i (-10 n / (L d_i)) (p - a_i) / d_i."""
    def truth():
        px = [_held(dtype, v) for v in p]
        ten_n, ln10 = _held(dtype, 10 * 2.7), _held(dtype, math.log(10.0))
        grad = [mpf(0), mpf(0)]
        for a, reading in zip(ANCHORS, RSSI):
            diff = [u - v for u, v in zip(px, a)]
            d = mpmath.sqrt(sum(v * v for v in diff))
            res = -40 - ten_n * mpmath.log(d) / ln10 - reading
            grad = [g + 2 * res * (-ten_n / (ln10 * d)) * v / d for g, v in zip(grad, diff)]
        return {"p": grad}
    return hp(truth)


def _path_loss(names):
    """P0 - 10 n log(d) / L at d = 7.5, n = 2.7 (L the held math.log(10.0)): d/dd = -10 n / (d L), d/dn = -10 log(d) / L."""
    def truth():
        d, n, ln10 = mpf(7.5), mpf(2.7), mpf(math.log(10.0))
        both = {"distance": -10 * n / (d * ln10), "model.exponent": -10 * mpmath.log(d) / ln10}
        return {k: both[k] for k in names}
    return hp(truth)


# ------------------------------------------------------------------------------------------- sound levels
def _shares(levels, scale, dtype):
    x = [_held(dtype, v) * scale for v in levels]
    top = max(x)
    e = [mpmath.exp(v - top) for v in x]
    return [v / sum(e) for v in e]


def _total_level(levels, dtype="float64"):
    """10 log(sum 10^(L_i / 10)) / L10, L10 the held math.log(10.0): d/dL_i = (ln 10 / L10) w_i,
    w = softmax(L ln 10 / 10) (10^x's own ln 10 is exact)."""
    def truth():
        ln10 = _held(dtype, math.log(10.0))
        return {"levels": [mpmath.log(10) / ln10 * w for w in _shares(levels, mpmath.log(10) / 10, dtype)]}
    return hp(truth)


def _total_level_lse(levels, dtype="float64"):
    """c lse(L l / 10), c = the held 10 / math.log(10.0), l the held math.log(10.0): d/dL_i = c l / 10 softmax_i."""
    def truth():
        c, l10 = _held(dtype, 10 / math.log(10.0)), _held(dtype, math.log(10.0))
        return {"levels": [c * l10 / 10 * w for w in _shares(levels, l10 / 10, dtype)]}
    return hp(truth)


# ------------------------------------------------------------------------------------------- loudness
def _loudness(i, dtype="float64"):
    """(I / I0)^k / 16, I0 and k = 0.3 held: k (I / I0)^(k - 1) / (16 I0); at 0, +inf from the right and no power of a
    negative intensity: no derivative."""
    def truth():
        x, i0, k = _held(dtype, i), _held(dtype, 1e-12), _held(dtype, 0.3)
        if x == 0:
            return {"intensity": NAN}
        return {"intensity": k * (x / i0) ** (k - 1) / (16 * i0)}
    return hp(truth)


def _loudness_rms(pressure, dtype="float64"):
    def f(pressure):
        p_ref, k = _held(dtype, 2e-5), _held(dtype, 0.6)
        rms = mpmath.sqrt(sum(v * v for v in pressure) / len(pressure))
        return (rms / p_ref) ** k / 16
    return num_grad(f, dtype, pressure=pressure)


# ------------------------------------------------------------------------------------------- quaternions
Q0, READOUT = [0.6, 0.8, 0.0, 0.0], [1, -2, mpf(0.5), 3]


def _slerp_parts(dtype):
    q0 = [_held(dtype, v) for v in Q0]
    t, one_minus_t = _held(dtype, 0.3), _held(dtype, 1 - 0.3)
    return q0, t, one_minus_t


def _slerp_of(omega_of):
    def f(q1, dtype):
        q0, t, s = _slerp_parts(dtype)
        omega = omega_of(q0, q1)
        q = [(mpmath.sin(s * omega) * a + mpmath.sin(t * omega) * b) / mpmath.sin(omega) for a, b in zip(q0, q1)]
        return sum(w * v for w, v in zip(READOUT, q))
    return f


_slerp_acos = _slerp_of(lambda q0, q1: mpmath.acos(sum(a * b for a, b in zip(q0, q1))))
_slerp_half = _slerp_of(lambda q0, q1: 2 * mpmath.atan2(mpmath.sqrt(sum((b - a) ** 2 for a, b in zip(q0, q1))),
                                                        mpmath.sqrt(sum((b + a) ** 2 for a, b in zip(q0, q1)))))


def _slerp(form, q1, dtype="float64"):
    return num_grad(lambda q1: form(q1, dtype), dtype, q1=q1)


def _lerp(dtype="float64"):
    """Where the rotations are nearly equal the fallback is (1 - t) q0 + t q1: its slope t READOUT."""
    return hp(lambda: {"q1": [_slerp_parts(dtype)[1] * w for w in READOUT]})


PHI0 = math.atan2(0.8, 0.6)
Q_NEAR = [math.cos(PHI0 + 1e-6), math.sin(PHI0 + 1e-6), 0.0, 0.0]  # 2e-6 rad of rotation from Q0
Q_FAR = [0.0, 1.0, 0.0, 0.0]

DIGAMMA_LINE = "return (y * (torch.digamma(strength) - torch.digamma(alpha))).sum()"
EDL_LOG_LINE = "return (y * (torch.log(strength) - torch.log(alpha))).sum()"
NIG_PI_LINE = "nll = 0.5 * torch.log(math.pi / nu)"
NIG_LGAMMA_LINE = "nll = nll + torch.lgamma(alpha) - torch.lgamma(alpha + 0.5)"
RATIO_SLIP = "class LogGammaRatioAsymptotic>>def backward(ctx, grad):"
ELBOW_ACOS = "return torch.arccos(c)"
SO3_ACOS = "theta = torch.arccos((torch.trace(rot) - 1) / 2)"

ROT_MILD, ROT_SMALL = _rz(0.5), _rz(1e-4)
ROT_ID = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
ROT_PI = [[1.0, 0.0, 0.0], [0.0, -1.0, 0.0], [0.0, 0.0, -1.0]]
NIG_MILD = {"gamma": 0.3, "nu": 2.0, "alpha": 3.0, "beta": 1.5}
NIG_ALL = ("gamma", "nu", "alpha", "beta")

TORCH = [
    # PyTorch's float64 trigamma (DigammaBackward0's polygamma(1, x)) is 2e-10 off at 3 and 4.8e-10 at 1, beyond
    # float64's 1e-10: the slope of any digamma loss at small concentrations is unstable in float64, fine in float32
    Case(T, "edl_digamma_loss", _at(evidence=[0, 0, 0]), "float64", "unstable", _edl_digamma([0, 0, 0]),
         DIGAMMA_LINE),
    Case(T, "edl_digamma_loss", _at(evidence=[0, 0, 0]), "float32", "ok", _edl_digamma([0, 0, 0], "float32")),
    # evidence 1e30 for the true class: alpha_0 = S = 1e30 in float64, psi'(S) - psi'(alpha_0) is 0 for -1e-60
    Case(T, "edl_digamma_loss", _at(evidence=[1e30, 0, 0]), "float64", "unstable", _edl_digamma([1e30, 0, 0]),
         DIGAMMA_LINE),
    # evidence 1e30 for a wrong class: psi'(1) is PyTorch's, 4.8e-10 off
    Case(T, "edl_digamma_loss", _at(evidence=[0, 1e30, 0]), "float64", "unstable", _edl_digamma([0, 1e30, 0]),
         DIGAMMA_LINE),
    Case(T, "edl_log_loss", _at(evidence=[1e30, 0, 0]), "float64", "unstable", _edl_log([1e30, 0, 0]), EDL_LOG_LINE),
    Case(T, "edl_log_loss", _at(evidence=[0.5, 2, 0]), "float32", "ok", _edl_log([0.5, 2, 0], "float32")),
    Case(T, "edl_mse_loss", _at(evidence=[0.5, 2, 0]), "float32", "ok",
         num_grad(_edl_mse, "float32", evidence=[0.5, 2, 0])),
    # p_0 = alpha_0 / S rounds to 1: (y - p)^2's slopes, 1e-60, are lost
    Case(T, "edl_mse_loss", _at(evidence=[1e30, 0, 0]), "float64", "unstable",
         num_grad(_edl_mse, evidence=[1e30, 0, 0])),
    Case(T, "edl_head_loss", None, "float64", "ok", _edl_head(), args="edl_head_args", wrt="model.head.weight"),
] + _both(T, "nig_nll", NIG_MILD, lambda d: _nig(NIG_ALL, d, **NIG_MILD)) + [
    # alpha = 1e15: psi(a) - psi(a + 1/2) = -5e-16 from two 34.5s
    Case(T, "nig_nll", _at(gamma=1, nu=1, alpha=1e15, beta=1), "float64", "unstable",
         _nig(("alpha",), gamma=1, nu=1, alpha=1e15, beta=1), NIG_LGAMMA_LINE, wrt="alpha"),
    # alpha = 1e7 in float32: alpha + 0.5 rounds to alpha
    Case(T, "nig_nll", _at(gamma=1, nu=1, alpha=1e7, beta=1), "float32", "unstable",
         _nig(("alpha",), "float32", gamma=1, nu=1, alpha=1e7, beta=1), NIG_LGAMMA_LINE, wrt="alpha"),
    # nu = 5e-39 (subnormal in float32): pi / nu = 6.3e38 overflows, the slope -1e38 does not
    Case(T, "nig_nll", _at(gamma=0.3, nu=5e-39, alpha=3, beta=1.5), "float32", "unstable",
         _nig(("nu",), "float32", gamma=0.3, nu=5e-39, alpha=3, beta=1.5), NIG_PI_LINE, wrt="nu"),
    # nu = 1e-300: pi / nu = 3e300 holds, but PyTorch computes a number over a tensor as reciprocal(nu) * pi, and
    # reciprocal's backward squares its result, 1e600: -inf where the slope is -5e299
    Case(T, "nig_nll", _at(gamma=0.3, nu=1e-300, alpha=3, beta=1.5), "float64", "unstable",
         _nig(("nu",), gamma=0.3, nu=1e-300, alpha=3, beta=1.5), NIG_PI_LINE, wrt="nu"),
    Case(T, "gamma_ratio", _at(a=3), "float64", "ok", _gamma_ratio(3)),
    # the slope by the large-a expansion -1 / 2a: -0.1667 for psi(3) - psi(3.5) = -0.1758
    Case(T, "gamma_ratio_asymptotic", _at(a=3), "float64", "wrong", _gamma_ratio(3), RATIO_SLIP),
] + _both(T, "elbow_angle", {"x": 0.5, "y": 0.4}, lambda d: _elbow(0.5, 0.4, d)) + [
    # full extension: c = 1, the slope -inf, no angle beyond
    Case(T, "elbow_angle", _at(x=0.75, y=0), "float64", "domain", _elbow(0.75, 0)),
    # 1e-12 short of it: 1 - c^2 = 1.2e-11 from rounded squares
    Case(T, "elbow_angle", _at(x=0.749999999999, y=0), "float64", "unstable", _elbow(0.749999999999, 0), ELBOW_ACOS),
    Case(T, "elbow_angle_stable", _at(x=0.749999999999, y=0), "float64", "ok", _elbow(0.749999999999, 0)),
    Case(T, "elbow_angle_stable", _at(x=0.75, y=0), "float64", "domain", _elbow(0.75, 0)),
    Case(T, "elbow_angle_stable", _at(x=0.5, y=0.4), "float32", "ok", _elbow(0.5, 0.4, "float32")),
] + _both(T, "so3_log", {"rot": ROT_MILD}, lambda d: _so3(_so3_acos, ROT_MILD, d)) + [
    # theta = 1e-4: (tr R - 1) / 2 = 1 - 5e-9 carries float64's rounding into arccos's slope
    Case(T, "so3_log", _at(rot=ROT_SMALL), "float64", "unstable", _so3(_so3_acos, ROT_SMALL), SO3_ACOS),
    Case(T, "so3_log_atan2", _at(rot=ROT_SMALL), "float64", "ok", _so3(_so3_atan2, ROT_SMALL)),
    # the identity: arccos at 1 and theta / sin theta = 0/0; a half turn: arccos at -1 and the pole of 1 / sin
    Case(T, "so3_log", _at(rot=ROT_ID), "float64", "domain", lambda: {"rot": [[NAN] * 3] * 3}),
    Case(T, "so3_log", _at(rot=ROT_PI), "float64", "domain", lambda: {"rot": [[NAN] * 3] * 3}),
    # its scale theta / (2 sin theta) alone: at a half turn sin(pi) = 0, the scale and its slope in the skew infinite
    Case(T, "log_map_scale", _at(cos_theta=0.5, skew=0.5), "float64", "ok", _log_map_scale(0.5, 0.5)),
    Case(T, "log_map_scale", _at(cos_theta=-1, skew=0.5), "float64", "domain", _nan_like("cos_theta", "skew")),
    # input errors: the function's name, a parameter's name, a point that is no number, a variable forgotten
    Case(T, "edl_digama_loss", _at(evidence=[0, 0, 0]), "float64", "input-error", message=("edl_digama_loss",)),
    Case(T, "edl_head_loss", None, "float64", "input-error", args="edl_head_batch", wrt="model.head.weights",
         message=("model.head.weights",)),
    Case(T, "elbow_angle", "x=0.5,y=0.4m", "float64", "input-error", message=("0.4m",)),
    Case(T, "nig_nll", _at(gamma=0.3, nu=2, alpha=3), "float64", "input-error", message=("beta",)),
]

PATH_SLIP = "class PathLoss>>def grad(dy, variables=None):"
DB_SLIP = "def db_sum_slip>>def grad(dy):"
LEVEL_LINE = "return 10 * tf.math.log(tf.reduce_sum(10 ** (levels / 10))) / math.log(10.0)"
RSSI_NORM = "def rssi_residuals>>d = tf.norm(p - anchors, axis=1)"
SLERP_ACOS = "def slerp(q1)>>omega = tf.acos(tf.reduce_sum(q0 * q1))"
SLERP_ATAN2_OMEGA = "def slerp_atan2>>omega = 2 * tf.atan2(tf.norm(q1 - q0), tf.norm(q1 + q0))"
SLERP_WHERE = "q = tf.where(dot > 0.9995, (1 - T) * q0 + T * q1, slerped)"
LEVELS = [60, 63, 70]
LOUDNESS_LINE = "return tf.pow(intensity / I_REF, 0.3) / 16.0"

TF = _both(K, "trilateration_loss", {"p": [3, 4]}, lambda d: _trilateration([3, 4], d)) + [
    # on a beacon whose range is 4 m: the residual's cone
    Case(K, "trilateration_loss", _at(p=[0, 0]), "float64", "domain", _trilateration([0, 0])),
    # 1e200 m out the loss 6e400 is past float64, which no program can return, but its slopes 6e200 are not, and
    # come out NaN: a gradient the dtype holds lost beside the value (README): unstable
    Case(K, "trilateration_loss", _at(p=[1e200, 1e200]), "float64", "unstable", _trilateration([1e200, 1e200])),
    # the first residual is exactly Huber's delta: a C1 switch, one slope
    Case(K, "trilateration_huber", _at(p=[3, 4]), "float64", "ok", _huber([3, 4])),
    Case(K, "trilateration_huber", _at(p=[2, 3]), "float32", "ok", _huber([2, 3], "float32")),
] + _both(K, "rssi_residuals", {"p": [3, 4]}, lambda d: _rssi([3, 4], d)) + [
    # 1e-200 m from a beacon: the square underflows, tf.norm gives 0 and log 0
    Case(K, "rssi_residuals", _at(p=[1e-200, 0]), "float64", "unstable", _rssi([1e-200, 0]), RSSI_NORM),
    # 1e200 m out: the residuals hold (2.9e7), but the squares overflow inside tf.norm
    Case(K, "rssi_residuals", _at(p=[1e200, 1e200]), "float64", "unstable", _rssi([1e200, 1e200]), RSSI_NORM),
    Case(K, "path_loss_rssi", None, "float64", "ok", _path_loss(("distance", "model.exponent")), args="path_loss_args",
         wrt="distance,model.exponent"),
    # log10 taken for ln in the exponent's slope
    Case(K, "path_loss_rssi", None, "float64", "wrong", _path_loss(("model.exponent",)), PATH_SLIP,
         args="path_loss_slip_args", wrt="model.exponent"),
] + _both(K, "total_level", {"levels": LEVELS}, lambda d: _total_level(LEVELS, d)) + [
    # 10^400 overflows
    Case(K, "total_level", _at(levels=[4000, 3990]), "float64", "unstable", _total_level([4000, 3990]), LEVEL_LINE),
    # 10^40 overflows float32
    Case(K, "total_level", _at(levels=[400, 390]), "float32", "unstable", _total_level([400, 390], "float32"),
         LEVEL_LINE),
    Case(K, "total_level_lse", _at(levels=[4000, 3990]), "float64", "ok", _total_level_lse([4000, 3990])),
    Case(K, "total_level_lse", _at(levels=[-4000, -3990]), "float64", "ok", _total_level_lse([-4000, -3990])),
    Case(K, "total_level_rule", _at(levels=LEVELS), "float64", "ok", _total_level_lse(LEVELS)),
    # the outer 10 / ln 10 kept on the shares
    Case(K, "total_level_rule_slip", _at(levels=LEVELS), "float64", "wrong", _total_level_lse(LEVELS), DB_SLIP),
] + _both(K, "loudness", {"intensity": 1e-6}, lambda d: _loudness(1e-6, d)) + [
    Case(K, "loudness", _at(intensity=0), "float64", "domain", _loudness(0)),
    Case(K, "loudness", _at(intensity=1e-300), "float64", "ok", _loudness(1e-300)),
    # a subnormal intensity: TensorFlow's CPU kernels flush subnormals to zero, so I / I0 is 0 (not 1.4e-33), the
    # loudness 0 and pow's slope 0^-0.7 = inf where it is 1.9e33: unstable, in float32 and in float64 alike
    Case(K, "loudness", _at(intensity=1e-45), "float32", "unstable", _loudness(1e-45, "float32"), LOUDNESS_LINE),
    Case(K, "loudness", _at(intensity=1e-310), "float64", "unstable", _loudness(1e-310), LOUDNESS_LINE),
    Case(K, "loudness_rms", _at(pressure=[0.02, -0.01, 0.005]), "float32", "ok",
         _loudness_rms([0.02, -0.01, 0.005], "float32")),
    # silence: the RMS's cusp
    Case(K, "loudness_rms", _at(pressure=[0, 0, 0]), "float64", "domain", lambda: {"pressure": [NAN, NAN, NAN]}),
] + _both(K, "slerp", {"q1": Q_FAR}, lambda d: _slerp(_slerp_acos, Q_FAR, d)) + [
    # 1e-6 rad apart: arccos of 1 - 5e-13
    Case(K, "slerp", _at(q1=Q_NEAR), "float64", "unstable", _slerp(_slerp_acos, Q_NEAR), SLERP_ACOS),
    # the angle by atan2 keeps its digits, but the weights' quotient sin(a omega) / sin(omega) still cancels in its
    # backward near omega = 0: omega's two paths, 3e5 each, sum to -2.1e-7, the slope 7e-10 off (named at omega)
    Case(K, "slerp_atan2", _at(q1=Q_NEAR), "float64", "unstable", _slerp(_slerp_half, Q_NEAR), SLERP_ATAN2_OMEGA),
    # the same rotation: the lerp is taken, but the slerp's 0/0 leaks through tf.where
    Case(K, "slerp_lerp_fallback", _at(q1=Q0), "float64", "wrong", _lerp(), SLERP_WHERE),
    Case(K, "slerp_lerp_fallback", _at(q1=Q_FAR), "float64", "ok", _slerp(_slerp_acos, Q_FAR)),
    # input errors
    Case(K, "total_levels", _at(levels=LEVELS), "float64", "input-error", message=("total_levels",)),
    Case(K, "path_loss_rssi", None, "float64", "input-error", args="path_loss_data", wrt="model.exponant",
         message=("model.exponant",)),
    Case(K, "total_level", "levels=[60,63,seventy]", "float64", "input-error", message=("seventy",)),
    Case(K, "trilateration_loss", _at(q=[3, 4]), "float64", "input-error", message=("'q' is not a variable", "variables: p")),
]

ALL = TORCH + TF
