"""The forty-ninth trial set (a), PyTorch and TensorFlow (Keras), in photovoltaics, electrode kinetics, computational
neuroscience, sports rating and solid-state thermal physics (domains no earlier round took).

In PyTorch (torch_lib49a.py): a solar cell's single-diode power V (I_ph - I_0 (e^(V / n V_t) - 1)) (right at 0.3 and
0.6 V in both dtypes; at 3 V in float32 e^89.2 overflows for a finite -2e30: unstable, by exp and by
torch.special.expm1 alike); the open-circuit voltage n V_t log(1 + I_ph / I_0) (right at 8 A; at a dark 1e-20 A,
1 + 1e-11 keeps 5 digits: unstable, torch.log1p re-checked; at I_ph = -I_0, log(0): domain) and by log1p (right at
1e-20, and at 1e-15 in float32); Green's fill factor; an nn.Module fitting log I_0 and n to an I-V curve (--wrt both).
A lithium-ion electrode's Butler-Volmer current (right at 0.05 and -0.1 V in both dtypes; at 4.6 V in float32
e^89.5 overflows: unstable); its inversion eta = (2 / f) asinh(i / 2 i_0) written log(x + sqrt(x^2 + 1)) (right at
small currents; at i = -40, x = -1e4, the sum cancels 8 digits: unstable; at 1e200 x * x overflows: unstable), by
torch.asinh (right at -40; at 1e200 PyTorch's own backward (x^2 + 1).rsqrt() overflows to a slope 0 for 5.1e-202:
unstable), by an autograd.Function whose backward divides by hypot(x, 1) (right at 1e200 and -40, in both dtypes),
and with the chain rule's 1 / (2 i_0) forgotten (wrong at its backward). A leaky integrate-and-fire neuron's rate
1 / (t_ref + tau log(RI / (RI - V_th))) (right at 2 and 3 nA in both dtypes; at 1.5e10 nA the quotient's two
backward paths cancel to the slope 3.3e-17: unstable; at rheobase, 1.5 nA, defined on one side only: domain), by
-log1p(-V_th / RI) (right at 1.5e10), behind one torch.where giving 0 below rheobase (the idle log1p(-1.5)'s NaN
leaks through the reciprocal's backward at 1 nA: wrong; at 1.5 nA, 0 on the left and an infinite slope on the
right: domain), behind a double where (right at 1 and 3 nA; at 1.5 domain though the program says 0), and an nn.Module
with a trainable log tau and threshold scored by torch.distributions.Poisson's log_prob (--wrt both).

In TensorFlow (tf_lib49a.py): Elo's log loss -log(1 / (1 + 10^(-d / 400))) (right at 100 in both dtypes and at -4000
in float64; at -160000 in float64 and -16000 in float32 10 ** overflows: unstable), by tf.math.log_sigmoid (right at
-160000, at +-1e300, where the slope -q sigmoid(-5.8e297) lies below float64, and at -1e38 in float32), by a
tf.custom_gradient (right at 100 and -1e300; with the sigmoid's sign slipped: wrong at 100, harmless at 0), a
tf.Module home advantage read by a custom gradient with variables= (--wrt model.h); a Glicko-style Keras layer of
ratings (add_weight) trained with keras.losses.BinaryCrossentropy(from_logits=True) (--wrt layer.rating and
layer.deviation: unstable in float64, the loss computing in float32) and from sigmoid probabilities, where Keras clips at 1e-7 in eager code (a lopsided rating list:
the clipped games are flat, by the function the user runs). The Einstein heat capacity of phonon modes
x^2 e^x / (e^x - 1)^2, x = 0.16 nu (right at 5 and 20 THz in both dtypes; at 1e-9 THz e^x - 1 cancels: unstable,
the expm1 fix offered but not curing it; at 0 the program's 0/0: domain; at 3000 THz (e^x - 1)^2 overflows and the value 6e-204 is
lost: unstable; at 600 THz in float32 e^96 overflows: unstable), by expm1 (at 1e-9 the value is mended, the slope's two
paths still cancel: unstable; at 3000 the square still overflows: unstable), by (x/2 / sinh(x/2))^2 (right at 3000; at 1e-9 its slope's paths cancel: unstable; at 0 its own 0/0: domain; at 1200 THz in
float32 sinh(96) overflows and 0 * inf is NaN for a slope below float32's range: unstable), behind one tf.where with
the series 1 - x^2/12 (the idle 0/0 leaks at 0: wrong, a double where re-checked), behind a double where (right at
0 in both dtypes, 1e-9 and 3000), as a tf.function with a float64 input_signature, and by a tf.custom_gradient (right
at 5, 20 and 3000; at 4450 its grad divides by sinh(u)^2 = inf and returns 0 for -4.9e-305: unstable at the
rule's line; the
chain rule's 1/2 slipped: wrong at its grad).

Input errors: a mistyped function (lif_rte), variable (dd), parameter (model.log_Tau, layer.ratings), a point that
is no number (i=[2,3e]) and a missing --args function (glicko_argz).
`gradcli sweep` was run by hand on lif_rate (PyTorch) and einstein_cv (TensorFlow): see the report below.

`gradcli sweep` (by hand): lif_rate over i = 1.6..1e12 (log, 41 points, 8 s): float64 unstable from i = 5219529 on,
float32 from 2757.39, both the gradient accumulation of drive's two uses cancelling, thresholds to adjacent floats;
einstein_cv_sinh over nu = 1e-12..1e4 (12 s): float64 unstable below 0.01316 (the quotient's two paths cancel), in
[3008.9, 4498.24] (an intermediate of the slope, exact 2.2e-308 and below, is subnormal and TensorFlow's kernels flush
it while the slope itself is normal) and above 8880.9 (cosh overflows: NaN); float32 below 0.5601 and above 1117.7.

Found by this round: nothing. Every case agrees with gradcli once its truth was re-derived (no strict xfail).
What the round taught about its own truths: a Keras loss computes in its own dtype (float32 by default) and casts
float64 inputs to it, so a float64 run through keras.losses.BinaryCrossentropy is unstable, however stable the
formula; expm1 and the sinh form mend the Einstein capacity's value near x = 0 but not its slope (the quotient's
paths cancel, +2/x - 2/x for -x/6), only the series behind a double where does; where a rule's division by an
overflowed sinh^2 returns 0, the verdict is unstable only where the true slope is a normal float (at 4450 THz, not at
4500, where the slope -1.7e-308 is subnormal and 0 is what TensorFlow's kernels may give); a cancellation of two
backward paths is named where the value forks (drive = R_M * i), not at the quotient; a numerically poor custom rule
is named at its operation's line, a wrong one at its def.

Truths are expressions written here, evaluated by mpmath (2,000 digits), never the user files' code; points are the
numbers the dtype holds, and a constant the program casts to the dtype is the number the dtype holds. Where a function
has a kink, a jump or a domain's edge there is no derivative (NaN); the program's own 0/0 is no derivative too.
"""

import math

import mpmath

from cases import Case
from cases30b import _held
from cases33b import _at, _both
from cases5 import hp

T, K = "torch_lib49a.py", "tf_lib49a.py"
NAN = mpmath.nan
mpf = mpmath.mpf


def _fixed(values):
    return lambda: dict(values)


def _sig(x):
    return 1 / (1 + mpmath.exp(-x))


# ------------------------------------------------------------------------------------------- photovoltaics
def _nvt(dtype):
    return _held(dtype, 1.3 * 0.025852)


def _diode(v, dtype="float64"):
    """d/dV V (I_ph - I_0 (e^a - 1)), a = V / n V_t: I_ph - I_0 (e^a - 1) - V I_0 e^a / n V_t."""
    def truth():
        c, i0 = _nvt(dtype), _held(dtype, 1e-9)
        out = []
        for u in (_held(dtype, w) for w in v):
            e = mpmath.exp(u / c)
            out.append(8 - i0 * (e - 1) - u * i0 * e / c)
        return {"v": out}
    return hp(truth)


def _voc(i, dtype="float64"):
    """d/dI n V_t log(1 + I / I_0) = n V_t / (I_0 + I); none at I = -I_0 (log's edge)."""
    def truth():
        c, i0, u = _nvt(dtype), _held(dtype, 1e-9), _held(dtype, i)
        return {"i_ph": NAN if u / i0 == -1 else c / (i0 * (1 + u / i0))}
    return hp(truth)


def _ff(voc, dtype="float64"):
    """FF = (v - log(v + 0.72)) / (v + 1), v = V_oc / n V_t."""
    def truth():
        c, k = _nvt(dtype), _held(dtype, 0.72)
        v = _held(dtype, voc) / c
        top, bottom = v - mpmath.log(v + k), v + 1
        return {"voc": ((1 - 1 / (v + k)) * bottom - top) / bottom ** 2 / c}
    return hp(truth)


IV_VOLTS, IV_AMPS = [0.0, 0.3, 0.5, 0.6], [8.0, 7.99, 7.6, 5.9]


def _iv_fit():
    """mean (I_ph - e^L expm1(V / n V_t) - I_obs)^2 at L = -20, n = 1.3: slopes in L and n."""
    def truth():
        big_l, n, vt = mpf(-20), mpf(1.3), mpf(0.025852)
        gl = gn = 0
        for v, o in zip(IV_VOLTS, IV_AMPS):
            v, o = mpf(v), mpf(o)
            a = v / (n * vt)
            r = 8 - mpmath.exp(big_l) * mpmath.expm1(a) - o
            gl += 2 * r * (-mpmath.exp(big_l) * mpmath.expm1(a)) / 4
            gn += 2 * r * (mpmath.exp(big_l) * mpmath.exp(a) * a / n) / 4
        return {"model.log_i0": gl, "model.n": gn}
    return hp(truth)


# ------------------------------------------------------------------------------------------- electrode kinetics
F_RT = 96485.33212 / (8.314462618 * 298.15)


def _bv(eta, dtype="float64"):
    """d/deta i_0 (e^(k eta) - e^(-k eta)), k = f / 2: i_0 k (e^(k eta) + e^(-k eta))."""
    def truth():
        k, i0 = _held(dtype, 0.5 * F_RT), _held(dtype, 2e-3)
        return {"eta": [i0 * k * (mpmath.exp(k * e) + mpmath.exp(-k * e)) for e in (_held(dtype, w) for w in eta)]}
    return hp(truth)


def _eta(i, dtype="float64"):
    """d/di (2 / f) asinh(i / 2 i_0) = (2 / f) / (2 i_0 sqrt(1 + x^2)), x = i / 2 i_0 (the constants as held)."""
    def truth():
        c1, c2 = _held(dtype, 2 / F_RT), _held(dtype, 2 * 2e-3)
        return {"i": [c1 / (c2 * mpmath.sqrt(1 + (u / c2) ** 2)) for u in (_held(dtype, w) for w in i)]}
    return hp(truth)


# ------------------------------------------------------------------------------------------- neuron f-I curve
def _lif(i, dtype="float64"):
    """d/dI 1 / (t_ref + tau L), L = -log(1 - V / R I): tau R V / (d (d - V)) / (t_ref + tau L)^2, d = R I; 0 below
    rheobase (the where's 0), none at it (0 on the left, an infinite slope on the right)."""
    def truth():
        tr, tau, rm, vth = (_held(dtype, c) for c in (2e-3, 20e-3, 10.0, 15.0))
        out = []
        for u in (_held(dtype, w) for w in i):
            d = rm * u
            if d < vth:
                out.append(mpf(0))
            elif d == vth:
                out.append(NAN)
            else:
                big_l = -mpmath.log1p(-vth / d)
                out.append(tau * rm * vth / (d * (d - vth)) / (tr + tau * big_l) ** 2)
        return {"i": out}
    return hp(truth)


CURRENTS, COUNTS, WINDOW = [2.0, 3.0, 5.0], [12.0, 31.0, 58.0], 0.5


def _spike_nll():
    """sum lambda - k log lambda (+ const), lambda = W / D, D = t_ref - e^lt log1p(-v / R I): slopes in lt and v."""
    def truth():
        lt, v, tr, rm, w = mpf(-3.9), mpf(15), mpf(2e-3), mpf(10), mpf(WINDOW)
        tau = mpmath.exp(lt)
        g_lt = g_v = 0
        for cur, k in zip(CURRENTS, COUNTS):
            d = rm * mpf(cur)
            big_l = mpmath.log1p(-v / d)
            den = tr - tau * big_l
            lam = w / den
            outer = 1 - mpf(k) / lam
            g_lt += outer * w * tau * big_l / den ** 2
            g_v += outer * w * tau * (-1 / (d - v)) / den ** 2
        return {"model.log_tau": g_lt, "model.v_th": g_v}
    return hp(truth)


TORCH = [
    # photovoltaics
    *_both(T, "diode_power", {"v": [0.3, 0.6]}, lambda d: _diode([0.3, 0.6], d)),
    Case(T, "diode_power", _at(v=[3]), "float64", "ok", _diode([3])),
    Case(T, "diode_power", _at(v=[3]), "float32", "unstable", _diode([3], "float32"),
         "current = I_PH - I_SAT * (torch.exp(v / (N_IDEAL * V_T)) - 1)"),
    Case(T, "diode_power_expm1", _at(v=[3]), "float32", "unstable", _diode([3], "float32"),
         "current = I_PH - I_SAT * torch.special.expm1(v / (N_IDEAL * V_T))"),
    Case(T, "diode_power_expm1", _at(v=[0, 0.6]), "float64", "ok", _diode([0, 0.6])),
    *_both(T, "open_circuit_voltage", {"i_ph": 8}, lambda d: _voc(8, d)),
    Case(T, "open_circuit_voltage", _at(i_ph=1e-20), "float64", "unstable", _voc(1e-20),
         "return N_IDEAL * V_T * torch.log(1 + i_ph / I_SAT)", "torch.log1p("),
    Case(T, "open_circuit_voltage", _at(i_ph=-1e-9), "float64", "domain", _voc(-1e-9)),
    Case(T, "open_circuit_voltage_log1p", _at(i_ph=1e-20), "float64", "ok", _voc(1e-20)),
    Case(T, "open_circuit_voltage_log1p", _at(i_ph=1e-15), "float32", "ok", _voc(1e-15, "float32")),
    *_both(T, "fill_factor", {"voc": 0.7}, lambda d: _ff(0.7, d)),
    Case(T, "iv_fit", None, "float64", "ok", _iv_fit(), args="iv_fit_args", wrt="model.log_i0,model.n"),
    # electrode kinetics
    *_both(T, "butler_volmer", {"eta": [0.05, -0.1]}, lambda d: _bv([0.05, -0.1], d)),
    Case(T, "butler_volmer", _at(eta=[4.6]), "float32", "unstable", _bv([4.6], "float32"),
         "return torch.sum(I0_BV * (torch.exp(alpha * F_RT * eta)"),
    *_both(T, "overpotential", {"i": [0.001, 0.01]}, lambda d: _eta([0.001, 0.01], d)),
    Case(T, "overpotential", _at(i=[-40]), "float64", "unstable", _eta([-40]),
         "return torch.sum(2 / F_RT * torch.log(x + torch.sqrt(x * x + 1)))"),
    Case(T, "overpotential", _at(i=[1e200]), "float64", "unstable", _eta([1e200]),
         "return torch.sum(2 / F_RT * torch.log(x + torch.sqrt(x * x + 1)))"),
    Case(T, "overpotential_asinh", _at(i=[-40, 1e-300]), "float64", "ok", _eta([-40, 1e-300])),
    # PyTorch's asinh backward is grad * (x^2 + 1).rsqrt(): x^2 overflows, the slope 5.1e-202 comes out 0
    Case(T, "overpotential_asinh", _at(i=[1e200]), "float64", "unstable", _eta([1e200]),
         "return torch.sum(2 / F_RT * torch.asinh(i / (2 * I0_BV)))"),
    Case(T, "overpotential_rule", _at(i=[1e200, -40]), "float64", "ok", _eta([1e200, -40])),
    *_both(T, "overpotential_rule", {"i": [0.001, 0.01]}, lambda d: _eta([0.001, 0.01], d)),
    Case(T, "overpotential_rule_slip", _at(i=[0.01]), "float64", "wrong", _eta([0.01]),
         "class OverpotentialSlip>>def backward(ctx, grad):"),
    # neuron f-I curve
    *_both(T, "lif_rate", {"i": [2, 3]}, lambda d: _lif([2, 3], d)),
    Case(T, "lif_rate", _at(i=[1.5e10]), "float64", "unstable", _lif([1.5e10]),
         "def lif_rate(i)>>drive = R_M * i"),
    Case(T, "lif_rate", _at(i=[1.5]), "float64", "domain", _lif([1.5])),
    Case(T, "lif_rate_log1p", _at(i=[1.5e10]), "float64", "ok", _lif([1.5e10])),
    Case(T, "lif_rate_log1p", _at(i=[2, 3]), "float32", "ok", _lif([2, 3], "float32")),
    Case(T, "lif_rate_where", _at(i=[1, 3]), "float64", "wrong", _lif([1, 3]),
         "def lif_rate_where>>rate = 1 / (T_REF", "torch.where("),
    Case(T, "lif_rate_where", _at(i=[2, 3]), "float64", "ok", _lif([2, 3])),
    Case(T, "lif_rate_where", _at(i=[1.5]), "float64", "domain", _lif([1.5])),
    *_both(T, "lif_rate_safe", {"i": [1, 3]}, lambda d: _lif([1, 3], d)),
    Case(T, "lif_rate_safe", _at(i=[1.5]), "float64", "domain", _lif([1.5])),
    Case(T, "spike_nll", None, "float64", "ok", _spike_nll(), args="spike_nll_args", wrt="model.log_tau,model.v_th"),
    # input errors
    Case(T, "lif_rte", _at(i=[2]), "float64", "input-error", message=("lif_rte",)),
    Case(T, "spike_nll", None, "float32", "input-error", args="spike_nll_args", wrt="model.log_Tau",
         message=("model.log_Tau",)),
    Case(T, "lif_rate", "i=[2,3e]", "float64", "input-error", message=("3e",)),
]


# ------------------------------------------------------------------------------------------- Elo
LN10 = mpmath.log(10)


def _elo_exact(d, dtype="float64"):
    """d/dd -log sigmoid(d ln 10 / 400) (10 ** as exact mathematics): -q sigmoid(-q d)."""
    def truth():
        q = mpmath.log(10) / 400
        return {"d": -q * _sig(-q * _held(dtype, d))}
    return hp(truth)


def _elo_held(d, dtype="float64"):
    """The same with q the float ln(10) / 400 the program hands TensorFlow."""
    def truth():
        q = _held(dtype, math.log(10.0) / 400.0)
        return {"d": -q * _sig(-q * _held(dtype, d))}
    return hp(truth)


def _home():
    def truth():
        q, h = mpf(math.log(10.0) / 400.0), mpf(60)
        return {"model.h": mpmath.fsum(-q * _sig(-q * (mpf(d) + h)) for d in (-50.0, 120.0, 10.0))}
    return hp(truth)


GAMES, OUTCOME = [[0, 1], [1, 2], [2, 0], [0, 2]], [1, 0, 1, 1]


def _glicko_z(ratings, dev):
    q = mpf(math.log(10.0) / 400.0)
    c3, pi2 = mpf(3 * (math.log(10.0) / 400.0) ** 2), mpf(math.pi ** 2)
    g = 1 / mpmath.sqrt(1 + c3 * dev ** 2 / pi2)
    return [g * (ratings[h] - ratings[a]) * q for h, a in GAMES]


def _glicko(ratings, dev, clip=False):
    """mean over games of softplus(z) - y z, z = g(RD) (r_home - r_away) ln 10 / 400 (the program's floats); with
    clip, -mean(y log p + (1 - y) log(1 - p)), p = sigmoid(z) clipped to [1e-7, 1 - 1e-7] (flat where clipped)."""
    def loss(*theta):
        ratings_, dev_ = list(theta[:3]), theta[3]
        total = 0
        for z, y in zip(_glicko_z(ratings_, dev_), OUTCOME):
            if clip:
                eps = mpf(1e-7)
                p = min(max(_sig(z), eps), 1 - eps)
                total += -(y * mpmath.log(p) + (1 - y) * mpmath.log(1 - p))
            else:
                total += (mpmath.log1p(mpmath.exp(-z)) + z if z > 0 else mpmath.log1p(mpmath.exp(z))) - y * z
        return total / len(GAMES)

    def truth():
        point = [mpf(r) for r in ratings] + [mpf(dev)]
        grads = []
        for k in range(4):
            def along(t, k=k):
                moved = list(point)
                moved[k] = t
                return loss(*moved)
            grads.append(mpmath.diff(along, point[k]))
        return {"layer.rating": grads[:3], "layer.deviation": grads[3]}
    return hp(truth)


# ------------------------------------------------------------------------------------------- phonon heat capacity
def _cv_slope(x):
    """d/dx (u / sinh u)^2, u = x/2: s (sinh u - u cosh u) / sinh^2 u, s = u / sinh u; 0 at x = 0."""
    if x == 0:
        return mpf(0)
    u = x / 2
    s = u / mpmath.sinh(u)
    return s * (mpmath.sinh(u) - u * mpmath.cosh(u)) / mpmath.sinh(u) ** 2


def _cv(nu, dtype="float64", series_below=None, zero_is=None):
    """d/dnu of sum c(0.16 nu): 0.16 c'(x); below the program's switch (series_below) its series' -x / 6 * 0.16; at
    nu = 0 zero_is (the program's 0/0: NaN) unless the series holds there."""
    def truth():
        k = _held(dtype, 0.16)
        out = []
        for v in (_held(dtype, w) for w in nu):
            x = k * v
            if x == 0 and zero_is is not None:
                out.append(zero_is)
            elif series_below is not None and x < _held(dtype, series_below):
                out.append(-x / 6 * k)
            else:
                out.append(k * _cv_slope(x))
        return {"nu": out}
    return hp(truth)


TF = [
    *_both(K, "elo_log_loss", {"d": 100}, lambda d: _elo_exact(100, d)),
    Case(K, "elo_log_loss", _at(d=-4000), "float64", "ok", _elo_exact(-4000)),
    Case(K, "elo_log_loss", _at(d=-160000), "float64", "unstable", _elo_exact(-160000),
         "expected = 1 / (1 + 10 ** (-d / 400))"),
    Case(K, "elo_log_loss", _at(d=-16000), "float32", "unstable", _elo_exact(-16000, "float32"),
         "expected = 1 / (1 + 10 ** (-d / 400))"),
    Case(K, "elo_log_loss_stable", _at(d=-160000), "float64", "ok", _elo_held(-160000)),
    Case(K, "elo_log_loss_stable", _at(d=1e300), "float64", "ok", _elo_held(1e300)),
    Case(K, "elo_log_loss_stable", _at(d=-1e300), "float64", "ok", _elo_held(-1e300)),
    Case(K, "elo_log_loss_stable", _at(d=-1e38), "float32", "ok", _elo_held(-1e38, "float32")),
    Case(K, "elo_rule", _at(d=100), "float64", "ok", _elo_held(100)),
    Case(K, "elo_rule", _at(d=-1e300), "float64", "ok", _elo_held(-1e300)),
    Case(K, "elo_rule_slip", _at(d=100), "float64", "wrong", _elo_held(100), "def elo_rule_slip>>def grad(dy):"),
    Case(K, "elo_rule_slip", _at(d=0), "float64", "ok", _elo_held(0)),
    Case(K, "home_fit", None, "float64", "ok", _home(), args="home_fit_args", wrt="model.h"),
    # a Keras loss computes in its own dtype, float32 by default: the float64 run keeps float32's digits
    Case(K, "glicko_loss", None, "float64", "unstable", _glicko([1500, 1620, 1410], 80), args="glicko_args",
         wrt="layer.rating,layer.deviation"),
    Case(K, "glicko_loss", None, "float64", "unstable", _glicko([21500, 1620, 1410], 80), args="glicko_lopsided_args",
         wrt="layer.rating,layer.deviation"),
    Case(K, "glicko_loss_probs", None, "float64", "unstable", _glicko([1500, 1620, 1410], 80, clip=True),
         args="glicko_args", wrt="layer.rating,layer.deviation"),
    Case(K, "glicko_loss_probs", None, "float64", "unstable", _glicko([21500, 1620, 1410], 80, clip=True),
         args="glicko_lopsided_args", wrt="layer.rating,layer.deviation"),
    # phonon heat capacity
    *_both(K, "einstein_cv", {"nu": [5, 20]}, lambda d: _cv([5, 20], d)),
    Case(K, "einstein_cv", _at(nu=[1e-9]), "float64", "unstable", _cv([1e-9]),
         "return tf.reduce_sum(x ** 2 * tf.exp(x) / (tf.exp(x) - 1) ** 2)"),
    Case(K, "einstein_cv", _at(nu=[0]), "float64", "domain", _cv([0], zero_is=NAN)),
    Case(K, "einstein_cv", _at(nu=[3000]), "float64", "unstable", _cv([3000]),
         "return tf.reduce_sum(x ** 2 * tf.exp(x) / (tf.exp(x) - 1) ** 2)"),
    Case(K, "einstein_cv", _at(nu=[600]), "float32", "unstable", _cv([600], "float32"),
         "return tf.reduce_sum(x ** 2 * tf.exp(x) / (tf.exp(x) - 1) ** 2)"),
    # the value is mended, but the slope's two paths (numerator +2/x, denominator -2/x) cancel to -0.16 x / 6
    Case(K, "einstein_cv_expm1", _at(nu=[1e-9]), "float64", "unstable", _cv([1e-9])),
    Case(K, "einstein_cv_expm1", _at(nu=[3000]), "float64", "unstable", _cv([3000]),
         "return tf.reduce_sum(x ** 2 * tf.exp(x) / tf.math.expm1(x) ** 2)"),
    Case(K, "einstein_cv_sinh", _at(nu=[3000]), "float64", "ok", _cv([3000])),
    Case(K, "einstein_cv_sinh", _at(nu=[1e-9]), "float64", "unstable", _cv([1e-9])),
    Case(K, "einstein_cv_sinh", _at(nu=[0]), "float64", "domain", _cv([0], zero_is=NAN)),
    Case(K, "einstein_cv_sinh", _at(nu=[600]), "float32", "ok", _cv([600], "float32")),
    Case(K, "einstein_cv_sinh", _at(nu=[1200]), "float32", "unstable", _cv([1200], "float32"),
         "return tf.reduce_sum((half / tf.sinh(half)) ** 2)"),
    Case(K, "einstein_cv_where", _at(nu=[0, 5]), "float64", "wrong", _cv([0, 5], series_below=1e-4),
         "return tf.reduce_sum(tf.where(x < 1e-4, 1 - x * x / 12, (half / tf.sinh(half)) ** 2))", "tf.where("),
    Case(K, "einstein_cv_where", _at(nu=[5, 20]), "float64", "ok", _cv([5, 20], series_below=1e-4)),
    *_both(K, "einstein_cv_safe", {"nu": [0, 5]}, lambda d: _cv([0, 5], d, series_below=1e-4)),
    Case(K, "einstein_cv_safe", _at(nu=[1e-9, 3000]), "float64", "ok", _cv([1e-9, 3000], series_below=1e-4)),
    Case(K, "einstein_cv_graph", _at(nu=[5, 3000]), "float64", "ok", _cv([5, 3000])),
    *_both(K, "einstein_cv_rule", {"nu": [5, 20]}, lambda d: _cv([5, 20], d)),
    Case(K, "einstein_cv_rule", _at(nu=[3000]), "float64", "ok", _cv([3000])),
    Case(K, "einstein_cv_rule", _at(nu=[4450]), "float64", "unstable", _cv([4450]), "def _mode_cv(x)>>return dy * s * (tf.sinh(u) - u * tf.cosh(u))"),
    Case(K, "einstein_cv_rule_slip", _at(nu=[5]), "float64", "wrong", _cv([5]), "def _mode_cv_slip>>def grad(dy):"),
    # input errors
    Case(K, "elo_log_loss", _at(dd=100), "float64", "input-error", message=("dd",)),
    Case(K, "glicko_loss", None, "float32", "input-error", args="glicko_args", wrt="layer.ratings",
         message=("layer.ratings",)),
    Case(K, "glicko_loss", None, "float64", "input-error", args="glicko_argz", wrt="layer.rating",
         message=("glicko_argz",)),
]

ALL = TORCH + TF
