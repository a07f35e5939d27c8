"""The thirty-eighth trial set (b), PyTorch and TensorFlow (Keras; TensorFlow Probability is not installed, so its
forms are written with tf), in digital communications, computational neuroscience, fatigue and fracture, nuclear
structure, exoplanet transits and audio signal processing: Shannon's capacity from an SNR of -400 dB (log2(1 + 1e-40)
rounds to 0 while its slope holds), BPSK's log bit error rate by erfc at an SNR of 800 (erfc underflows) and by
torch.special.log_ndtr (and at SNR 0, where sqrt's slope is infinite), a Q-function autograd.Function (right, and with
its Gaussian's 1/2 forgotten), Rayleigh outage at a threshold of 1e-12 by 1 - exp and by expm1, water-filling's powers
clamped at 0 (a channel exactly at the water level is the clamp's corner), retransmissions under a Geometric; a leaky
integrate-and-fire neuron's rate at, and 1e-12 above, its threshold, Hodgkin-Huxley's alpha_n at -55 mV (0/0), 1e-9
from it (naive, and by expm1, whose quotient rule cancels) and with its series put in by torch.where (whose idle
branch's 0/0 leaks NaN at -55 mV only), Poisson spike counts whose rate e^-800 underflows (xlogy's slope 0/0) and
e^-700 does not, Gamma inter-spike intervals, an encoder nn.Module's Poisson loss by its parameters' names, a rate
network stepped in a Python loop; the Paris law's life in cycles at m = 3, 2 + 1e-9 (cancelling) and 2 (0/0), a
two-input autograd.Function for its crack growth rate (right, and with the exponent's log forgotten), Miner's damage
with an endurance limit by torch.where (a block exactly at the limit jumps), the log of Norton's creep rate at 300 K
(float32's exp underflows) and a crack grown block by block in a tf.while_loop inside tf.function; the Woods-Saxon
potential at 400 fm (exp overflows: 0 * inf in its backward) and 50 fm in float32 (its square underflows), and by
sigmoid; a planet's covered fraction of a uniform star with its regimes chosen by tf.where (every idle branch's acos
leaks NaN: at full transit, at the outer contact, outside; at the inner contact the program's lens / math.pi meets p^2
2e-19 apart, a jump), a transit's duration at a grazing impact (sqrt(0)), a
limb-darkened depth as a Keras layer whose tf.custom_gradient gives u1's and u2's gradients through variables= (right,
and with the normalisation's slope forgotten, eagerly and in a tf.function); a level in dB at silence, with a floor
(flat under it, a kink on it), a one-pole low-pass filter in a tf.while_loop, DDSP's exponentiated sigmoid at -800
(a slope of 1e-800, by its digits), an FM tone's energy in its modulation index; the log of the Q-function by
tf.math.erfc at 40, a tf.custom_gradient whose rule is right but divides two underflowing numbers, and one that forgets
its division; Keras' MeanAbsolutePercentageError at a zero target (its epsilon 1e-7 divides) and on a perfect
prediction (a kink); spike decoding by F.binary_cross_entropy of sigmoid probabilities at logits of +-40 (PyTorch's rule
clamps p (1 - p) at 1e-12: wrong) and by its fused form (whose sigmoid(z) - y loses a float32 slope of 4e-18), and by
Keras' BinaryCrossentropy on a sigmoid, eagerly (clipped to [1e-7, 1 - 1e-7], flat there) and in a tf.function (where
Keras reads the Sigmoid op's logits back from the graph: another program, with slopes of 1.4e-18).

Truths are expressions written here, evaluated by mpmath (2,000 digits), never the user files' code; points are the
numbers the dtype holds, and a constant the program casts to the dtype is the number the dtype holds (a product of
Python floats is rounded once, as Python computes it). Where a function has a kink, a jump or a domain's edge the
truth is taken from each side: where the two one-sided slopes differ, or one is infinite, there is no derivative (NaN).

Found by this round: P1 (fixed; tests/test_trial_findings38b.py), PyTorch's rule for a number raised to a tensor
multiplies by log of the number, a double its exact replay took as exact: where the rule cancels (the Paris law near
m = 2) PyTorch's right rule was called wrong. N1 (fixed; the same file): a where whose unselected branch is finite but
has an infinite slope (acos(1), sqrt(0) at the outer contact) leaks NaN into a slope that exists; the check said wrong
but named the line its backward starts from, not the where that leaks, which is named now.
"""

import math

import mpmath

from cases import Case
from cases5 import _in, hp
from cases12a import num_grad
from cases30b import _held
from cases33b import _at, _both

T, K = "torch_lib38b.py", "tf_lib38b.py"
NAN = mpmath.nan
mpf = mpmath.mpf


def _renamed(truth, name):
    return lambda: {name: value for value in truth().values()}


def _nan_like(*names):
    return lambda: {name: NAN for name in names}


def _zeros(**shapes):
    return lambda: {name: ([mpf(0)] * n if n else mpf(0)) for name, n in shapes.items()}


# ------------------------------------------------------------------------------------------- communications
def _shannon(dtype):
    def capacity(snr_db):
        return mpmath.log(1 + mpmath.power(10, snr_db / 10)) / mpmath.log(2)
    return capacity


def _log_ber(sqrt2=None):
    """log Q(sqrt(2 s)) = log(erfc(sqrt(s)) / 2); with ``sqrt2`` the program's sqrt 2, Q(y) = erfc(y / sqrt2) / 2."""
    def f(snr):
        if sqrt2 is None:
            return mpmath.log(mpmath.erfc(mpmath.sqrt(snr)) / 2)
        return mpmath.log(mpmath.erfc(mpmath.sqrt(2 * snr) / sqrt2) / 2)
    return f


def _ber_q(dtype):
    c = _held(dtype, math.sqrt(2))
    return lambda snr: mpmath.erfc(mpmath.sqrt(2 * snr) / c) / 2


def _outage_slopes(t, m, dtype="float64"):
    def truth():
        tt, mm = _in(dtype, [t, m])
        e = mpmath.exp(-tt / mm)
        return {"threshold": e / mm, "mean_snr": -tt * e / mm ** 2}
    return hp(truth)


def _water_slopes(gains, dtype="float64"):
    """log2(g mu) where mu > 1/g (slope 1 / (g ln 2)), 0 where the clamp holds the power at 0; at mu = 1/g a kink."""
    def truth():
        mu = mpf(2)
        out = []
        for g in _in(dtype, gains):
            out.append(NAN if mu * g == 1 else 1 / (g * mpmath.log(2)) if mu * g > 1 else mpf(0))
        return {"gains": out}
    return hp(truth)


RETRIES = [0, 3, 1, 0]


def _retry_slope(p, dtype="float64"):
    """-sum (k log(1 - p) + log p): d/dp = sum k / (1 - p) - n / p."""
    def truth():
        pp = _held(dtype, p)
        return {"p": sum(k / (1 - pp) for k in RETRIES) - len(RETRIES) / pp}
    return hp(truth)


# ------------------------------------------------------------------------------------------- neuroscience
def _lif(dtype):
    tau, t_ref = _held(dtype, 0.02), _held(dtype, 0.002)
    return lambda current: 1 / (t_ref + tau * mpmath.log(current / (current - 1)))


def _alpha_n(v):
    u = v + 55
    return mpf("0.01") * u / (1 - mpmath.exp(-u / 10))


def _alpha_slope(v):
    """d/dv of 0.01 u / (1 - e^(-u/10)), u = v + 55, with its limit 0.005 at u = 0."""
    def truth():
        u = _held("float64", v) + 55
        if u == 0:
            return {"v": mpf("0.005")}
        e = mpmath.exp(-u / 10)
        return {"v": mpf("0.01") * ((1 - e) - u * e / 10) / (1 - e) ** 2}
    return hp(truth)


SPIKES = [0, 3, 1]


def _spike_slopes(log_rates):
    """-sum (k eta - e^eta - log k!): d/deta = e^eta - k."""
    def truth():
        return {"log_rate": [mpmath.exp(e) - k for e, k in zip(_in("float64", log_rates), SPIKES)]}
    return hp(truth)


ISIS = [0.012, 0.03, 0.021, 0.008]


def _isi_slopes(shape, rate, dtype="float64"):
    """-sum (k log r + (k - 1) log x - r x - log Gamma(k)): d/dk = -sum (log r + log x - psi(k)), d/dr = -sum (k/r - x)."""
    def truth():
        k, r = _in(dtype, [shape, rate])
        xs = _in(dtype, ISIS)
        return {"shape": -sum(mpmath.log(r) + mpmath.log(x) - mpmath.digamma(k) for x in xs),
                "rate": -sum(k / r - x for x in xs)}
    return hp(truth)


ENC_W, ENC_B = [[0.8, -0.3], [0.1, 1.2]], [0.5, -1.0]
STIMULUS, COUNTS = [[1.0, 0.5], [-0.5, 2.0], [0.25, -1.0]], [[2, 0], [1, 9], [3, 1]]


def _encoder_truth():
    """sum (e^eta - k eta), eta = W s + b: d/dW_ji = sum_n (e^eta_nj - k_nj) s_ni, d/db_j = sum_n (e^eta_nj - k_nj)."""
    def truth():
        resid = []
        for s, k in zip(STIMULUS, COUNTS):
            eta = [sum(mpf(w) * mpf(v) for w, v in zip(row, s)) + mpf(b) for row, b in zip(ENC_W, ENC_B)]
            resid.append([mpmath.exp(e) - c for e, c in zip(eta, k)])
        return {"model.readout.weight": [[sum(r[j] * mpf(s[i]) for r, s in zip(resid, STIMULUS)) for i in range(2)]
                                         for j in range(2)],
                "model.readout.bias": [sum(r[j] for r in resid) for j in range(2)]}
    return hp(truth)


def _rate_network(dtype):
    dt = _held(dtype, 0.1)

    def f(coupling, drive):
        r = [mpf(0), mpf(0)]
        for _ in range(30):
            z = [coupling * r[1] + drive, -coupling * r[0] + drive]
            r = [r[i] + dt * (-r[i] + 1 / (1 + mpmath.exp(-z[i]))) for i in range(2)]
        return r[0] + r[1]
    return f


# ------------------------------------------------------------------------------------------- fatigue and fracture
def _paris_cycles_in(dtype):
    """(a_f^e - a_i^e) / (C e k^m), e = 1 - m / 2, its constants as the program in ``dtype`` holds them."""
    a_f, a_i, c = _held(dtype, 0.02), _held(dtype, 0.001), _held(dtype, 1.0e-11)
    k = _held(dtype, 1.12 * 100.0 * math.sqrt(math.pi))

    def cycles(m):
        e = 1 - m / 2
        return (a_f ** e - a_i ** e) / (c * e * k ** m)
    return cycles


_paris_cycles = _paris_cycles_in("float64")


def _paris_rate_slopes(dk, m, dtype="float64", names=("dk", "m")):
    def truth():
        d, mm = _in(dtype, [dk, m])
        c = _held(dtype, 1.0e-11)
        slopes = {"dk": c * mm * d ** (mm - 1), "m": c * d ** mm * mpmath.log(d)}
        return {name: slopes[name] for name in names}
    return hp(truth)


BLOCKS = [1.0e4, 2.0e5, 5.0e5]


def _miner_slopes(stresses, dtype="float64"):
    """n_i / (0.5 (s_i / 900)^-10) = 2 n_i (s_i / 900)^10 above 150 MPa: slope 20 n_i s_i^9 / 900^10; at 150 a jump."""
    def truth():
        out = []
        for n, s in zip(BLOCKS, _in(dtype, stresses)):
            out.append(NAN if s == 150 else 20 * mpf(n) * s ** 9 / mpf(900) ** 10 if s > 150 else mpf(0))
        return {"stress": out}
    return hp(truth)


def _creep_slope(temp, dtype="float64"):
    """d/dT log10(exp(-Q / (R T))) = Q / (R T^2 ln 10), R as the dtype holds it."""
    def truth():
        t, r = _held(dtype, temp), _held(dtype, 8.314)
        return {"temp": mpf(3.0e5) / (r * t * t * mpmath.log(10))}
    return hp(truth)


def _crack(dtype):
    y, pi, step = _held(dtype, 1.12), _held(dtype, math.pi), _held(dtype, 5000.0 * 1.0e-11)

    def f(stress_range, m):
        a = _held(dtype, 0.001)
        for _ in range(20):
            a = a + step * (y * stress_range * mpmath.sqrt(pi * a)) ** m
        return a
    return f


# ------------------------------------------------------------------------------------------- nuclear structure
def _woods_saxon_slope(r, dtype="float64"):
    """-V0 / (1 + e^z), z = (r - R) / a: d/dr = V0 e^z / (a (1 + e^z)^2) = V0 / (a (e^(z/2) + e^(-z/2))^2)."""
    def truth():
        z = (_held(dtype, r) - 6) / mpf(0.5)
        return {"r": 50 / (mpf(0.5) * (mpmath.exp(z / 2) + mpmath.exp(-z / 2)) ** 2)}
    return hp(truth)


# ------------------------------------------------------------------------------------------- transits
def _lens(pi):
    """The covered fraction of a unit disk by a disk of radius p at distance z, for 1 - p < z < 1 + p."""
    def f(z, p):
        k0 = mpmath.acos((p ** 2 + z ** 2 - 1) / (2 * p * z))
        k1 = mpmath.acos((1 - p ** 2 + z ** 2) / (2 * z))
        return (p ** 2 * k0 + k1 - mpmath.sqrt((4 * z ** 2 - (1 + z ** 2 - p ** 2) ** 2) / 4)) / pi
    return f


def _full_transit(p, dtype="float64"):
    """Inside the disk the fraction is p^2: no slope in z, 2p in p."""
    return hp(lambda: {"z": mpf(0), "p": 2 * _held(dtype, p)})


def _duration(dtype):
    c, a = _held(dtype, 3.0 / math.pi), mpf(10)

    def f(b, p):
        return c * mpmath.asin(mpmath.sqrt((1 + p) ** 2 - b ** 2) / (a * mpmath.sqrt(1 - (b / a) ** 2)))
    return f


MU = [1.0, 0.6, 0.2]


def _depth(u1, u2, mu):
    flux = 1 - u1 / 3 - u2 / 6
    return sum(mpf("0.01") * (1 - u1 * (1 - m) - u2 * (1 - m) ** 2) / flux for m in mu)


def _depth_truth(names):
    def truth():
        u1, u2, mu = _held("float32", 0.4), mpf(0.25), [mpf(m) for m in MU]  # Keras makes Constant(0.4) in float32
        flux = 1 - u1 / 3 - u2 / 6
        slopes = {"layer.u1": mpmath.diff(lambda v: _depth(v, u2, mu), u1),
                  "layer.u2": mpmath.diff(lambda v: _depth(u1, v, mu), u2),
                  "mu": [mpf("0.01") * (u1 + 2 * u2 * (1 - m)) / flux for m in mu]}
        return {name: slopes[name] for name in names}
    return hp(truth)


# ------------------------------------------------------------------------------------------- audio
def _db_slope(a, dtype="float64"):
    def truth():
        aa, ln10 = _held(dtype, a), _held(dtype, math.log(10.0))
        return {"amplitude": 20 / (aa * ln10)}
    return hp(truth)


def _lowpass_slope(a, dtype="float64"):
    """E = sum_n (1 - a^n)^2 over 24 samples: dE/da = -sum_n 2 n a^(n-1) (1 - a^n)."""
    def truth():
        aa = _held(dtype, a)
        return {"a": -sum(2 * n * aa ** (n - 1) * (1 - aa ** n) for n in range(1, 25))}
    return hp(truth)


def _exp_sigmoid_slope(x, dtype="float64"):
    """2 s^c + 1e-7 with c the program's ln 10: slope 2 c s^c (1 - s)."""
    def truth():
        xx, c = _held(dtype, x), _held(dtype, math.log(10.0))
        s = 1 / (1 + mpmath.exp(-xx))
        return {"x": 2 * c * s ** c * (1 - s)}
    return hp(truth)


def _fm(index):
    c1, c2 = mpf(2 * math.pi * 440.0), mpf(2 * math.pi * 110.0)
    return sum(mpmath.sin(c1 * (mpf(n) / 8000) + index * mpmath.sin(c2 * (mpf(n) / 8000))) ** 2 for n in range(32))


def _log_q(dtype):
    c = _held(dtype, math.sqrt(2.0))
    return lambda margin: mpmath.log(mpmath.erfc(margin / c) / 2)


EPSILON_32 = _held("float32", 1e-7)  # Keras' backend epsilon, held in the loss's float32
TARGETS = [0.0, 2.0, -4.0]


def _mape_slopes(y_pred):
    """100 / n sum |y - p| / max(|y|, eps): slope 100 / n sign(p - y) / max(|y|, eps); at p = y a kink."""
    def truth():
        out = []
        for p, y in zip(_in("float32", y_pred), TARGETS):
            out.append(NAN if p == y else 100 * mpmath.sign(p - y) / (3 * max(abs(mpf(y)), EPSILON_32)))
        return {"y_pred": out}
    return hp(truth)


# ------------------------------------------------------------------------------------------- spike decoding
FIRED = [1, 0, 1]


def _decoder_slopes(logits, dtype="float64", scale=1, clip=None):
    """d/dz of -sum (y log s + (1 - y) log(1 - s)), s = sigmoid(z): s - y, times ``scale``; where ``clip`` (Keras'
    epsilon) holds s in [eps, 1 - eps], flat (0) outside it."""
    def truth():
        out = []
        for z, y in zip(_in(dtype, logits), FIRED):
            s = 1 / (1 + mpmath.exp(-z))
            clipped = clip is not None and not clip <= s <= 1 - clip
            out.append(mpf(0) if clipped else (s - y) * scale)
        return {"logit": out}
    return hp(truth)


# ------------------------------------------------------------------------------------------------------ cases
Q_SLIP = "class QFunctionSlip>>def backward(ctx, grad):"
PARIS_SLIP = "class ParisRateSlip>>def backward(ctx, grad):"
DEPTH_SLIP = "def depth(mu):>>def grad(dy, variables=None):"
LOG_Q_SLIP = "def log_q_slip>>def grad(dy):"
ALPHA_WHERE = "return torch.where(torch.abs(u) < 1e-6, series, 0.01 * u / (1 - torch.exp(-u / 10)))"
COVER_WHERE = "inside = tf.where(z <= 1 - p, p ** 2, lens)"
COVER_OUTER = "return tf.where(z >= 1 + p, tf.zeros_like(z), inside)"
DECODER_BCE = "return F.binary_cross_entropy(torch.sigmoid(logit), torch.tensor(FIRED, dtype=logit.dtype), reduction=\"sum\")"

INGRESS = {"z": 1.0, "p": 0.1}
TIP = 1 + 1e-12

TORCH = _both(T, "shannon_capacity", {"snr_db": 20}, lambda d: num_grad(_shannon(d), d, snr_db=20)) + [
    # -400 dB: log2(1 + 1e-40) is 0 in floats; its slope, 1e-40 ln 10 / (10 ln 2), is sound
    Case(T, "shannon_capacity", _at(snr_db=-400), "float64", "unstable", num_grad(_shannon("float64"), snr_db=-400),
         "return torch.log2(1 + snr)"),
    Case(T, "shannon_capacity", _at(snr_db=-100), "float32", "unstable",
         num_grad(_shannon("float32"), "float32", snr_db=-100), "return torch.log2(1 + snr)"),
] + _both(T, "log_ber", {"snr": 4}, lambda d: num_grad(_log_ber(), d, snr=4)) + [
    # erfc(sqrt(800)) = 1e-349 underflows: log(0)
    Case(T, "log_ber", _at(snr=800), "float64", "unstable", num_grad(_log_ber(), snr=800),
         "return torch.log(0.5 * torch.erfc(torch.sqrt(snr)))"),
    Case(T, "log_ber", _at(snr=100), "float32", "unstable", num_grad(_log_ber(), "float32", snr=100),
         "return torch.log(0.5 * torch.erfc(torch.sqrt(snr)))"),
    Case(T, "log_ber_stable", _at(snr=800), "float64", "ok", num_grad(_log_ber(), snr=800)),
    Case(T, "log_ber_stable", _at(snr=100), "float32", "ok", num_grad(_log_ber(), "float32", snr=100)),
    # SNR 0: sqrt's slope is infinite there and there is no left
    Case(T, "log_ber_stable", _at(snr=0), "float64", "domain", _nan_like("snr")),
] + _both(T, "ber_q", {"snr": 2}, lambda d: num_grad(_ber_q(d), d, snr=2)) + [
    Case(T, "ber_q_slip", _at(snr=2), "float64", "wrong", num_grad(_ber_q("float64"), snr=2), Q_SLIP),
    Case(T, "ber_q_slip", _at(snr=0.5), "float32", "wrong", num_grad(_ber_q("float32"), "float32", snr=0.5), Q_SLIP),
] + _both(T, "outage_probability", {"threshold": 0.5, "mean_snr": 2}, lambda d: _outage_slopes(0.5, 2, d)) + [
    # 1 - e^(-1e-12) keeps four digits; the slopes are sound
    Case(T, "outage_probability", _at(threshold=1e-12, mean_snr=1), "float64", "unstable", _outage_slopes(1e-12, 1),
         "return 1 - torch.exp(-threshold / mean_snr)"),
    Case(T, "outage_probability_expm1", _at(threshold=1e-12, mean_snr=1), "float64", "ok", _outage_slopes(1e-12, 1)),
    Case(T, "outage_probability_expm1", _at(threshold=1e-6, mean_snr=1), "float32", "ok",
         _outage_slopes(1e-6, 1, "float32")),
] + _both(T, "water_filling_capacity", {"gains": [1, 0.25, 4]}, lambda d: _water_slopes([1, 0.25, 4], d)) + [
    # a channel exactly at the water level (1/g = mu): the clamp's corner
    Case(T, "water_filling_capacity", _at(gains=[1, 0.5, 4]), "float64", "domain", _water_slopes([1, 0.5, 4])),
    Case(T, "water_filling_capacity", _at(gains=[1, 0.5, 4]), "float32", "domain", _water_slopes([1, 0.5, 4], "float32")),
] + _both(T, "retransmission_nll", {"p": 0.2}, lambda d: _retry_slope(0.2, d)) + _both(
    T, "lif_rate", {"current": 2}, lambda d: num_grad(_lif(d), d, current=2)) + [
    # at threshold the rate is 0 with an infinite slope, and below it there is no rate
    Case(T, "lif_rate", _at(current=1), "float64", "domain", _nan_like("current")),
    # 1e-12 above: I - 1 is exact, every step well conditioned; the slope is large and sound
    Case(T, "lif_rate", _at(current=TIP), "float64", "ok", num_grad(_lif("float64"), current=TIP)),
    Case(T, "alpha_n", _at(v=-50), "float64", "ok", _alpha_slope(-50)),
    # at -55 mV the code's 0.01 (v + 55) / (1 - e^0) is 0/0: no number
    Case(T, "alpha_n", _at(v=-55), "float64", "domain", _nan_like("v")),
    # 1e-9 from it: 1 - e^(-1e-10) keeps six digits
    Case(T, "alpha_n", _at(v=-54.999999999), "float64", "unstable", _alpha_slope(-54.999999999),
         "return 0.01 * (v + 55) / (1 - torch.exp(-(v + 55) / 10))"),
    # by expm1 the value holds, but the quotient rule's 1e10 and 1e10 cancel to 0.005
    # (named where the two paths' slopes meet: at u)
    Case(T, "alpha_n_expm1", _at(v=-54.999999999), "float64", "unstable", _alpha_slope(-54.999999999),
         "def alpha_n_expm1>>u = v + 55"),
    Case(T, "alpha_n_expm1", _at(v=-50), "float64", "ok", _alpha_slope(-50)),
    # the series branch is taken within 1e-6: its slope 0.005, and the idle branch finite beside -55 mV
    Case(T, "alpha_n_where", _at(v=-54.999999999), "float64", "ok", hp(lambda: {"v": mpf(0.005)})),
    Case(T, "alpha_n_where", _at(v=-50), "float64", "ok", _alpha_slope(-50)),
    # at -55 mV the idle branch's 0/0 sends NaN back through the where
    Case(T, "alpha_n_where", _at(v=-55), "float64", "wrong", hp(lambda: {"v": mpf(0.005)}), ALPHA_WHERE),
    Case(T, "alpha_n_where", _at(v=-55), "float32", "wrong", hp(lambda: {"v": _held("float32", 0.005)}), ALPHA_WHERE),
    Case(T, "spike_nll", _at(log_rate=[-700, 1.5, 0]), "float64", "ok", _spike_slopes([-700, 1.5, 0])),
    # the rate e^-800 underflows to 0, and xlogy(0, rate)'s slope 0 / rate is 0/0; the exact slope is e^-800
    Case(T, "spike_nll", _at(log_rate=[-800, 1.5, 0]), "float64", "unstable", _spike_slopes([-800, 1.5, 0])),
] + _both(T, "isi_nll", {"shape": 2, "rate": 80}, lambda d: _isi_slopes(2, 80, d)) + [
    Case(T, "encoder_nll", None, "float64", "ok", _encoder_truth(), args="encoder_args",
         wrt="model.readout.weight,model.readout.bias"),
    # the layer's name mistyped
    Case(T, "encoder_peak", None, "float64", "input-error", args="encoder_args", wrt="model.read_out.weight",
         message=("model.read_out.weight",)),
] + _both(T, "rate_network", {"coupling": 1.5, "drive": 0.25},
          lambda d: num_grad(_rate_network(d), d, coupling=1.5, drive=0.25)) + [
    Case(T, "paris_cycles", _at(m=3), "float64", "ok", num_grad(_paris_cycles, m=3)),
    Case(T, "paris_cycles", _at(m=3.5), "float64", "ok", num_grad(_paris_cycles, m=3.5)),
    Case(T, "paris_cycles", _at(m=3), "float32", "ok", num_grad(_paris_cycles_in("float32"), "float32", m=3)),
    # m = 2 + 1e-9: a_f^e - a_i^e with e = -5e-10 keeps seven digits
    Case(T, "paris_cycles", _at(m=2.000000001), "float64", "unstable", num_grad(_paris_cycles, m=2.000000001),
         "return (A_FINAL ** e - A_INITIAL ** e) / (PARIS_C * e * k ** m)"),
    # m = 2: (1 - 1) / 0, no number (its limit is the log form)
    Case(T, "paris_cycles", _at(m=2), "float64", "domain", _nan_like("m")),
] + _both(T, "paris_rate", {"dk": 20, "m": 3}, lambda d: _paris_rate_slopes(20, 3, d)) + [
    Case(T, "paris_rate_slip", _at(dk=20, m=3), "float64", "wrong", _paris_rate_slopes(20, 3), PARIS_SLIP),
    Case(T, "paris_rate_slip", _at(dk=20, m=3), "float32", "wrong", _paris_rate_slopes(20, 3, "float32"), PARIS_SLIP),
    # at dK = 1 the exponent's slope C log 1 is 0, and the slip gives C
    Case(T, "paris_rate_slip", _at(dk=1, m=3), "float64", "wrong", _paris_rate_slopes(1, 3), PARIS_SLIP),
] + _both(T, "miner_damage", {"stress": [300, 200, 100]}, lambda d: _miner_slopes([300, 200, 100], d)) + [
    # a block exactly at the endurance limit: its damage jumps from 0 to 0.0165
    Case(T, "miner_damage", _at(stress=[300, 200, 150]), "float64", "domain", _miner_slopes([300, 200, 150])),
    Case(T, "log_creep_rate", _at(temp=900), "float32", "ok", _creep_slope(900, "float32")),
    Case(T, "log_creep_rate", _at(temp=300), "float64", "ok", _creep_slope(300)),
    # 300 K in float32: exp(-120) = 6e-53 underflows, log10(0)
    Case(T, "log_creep_rate", _at(temp=300), "float32", "unstable", _creep_slope(300, "float32"),
         "return torch.log10(NORTON_A * 50.0 ** NORTON_N * torch.exp(-ACTIVATION / (GAS * temp)))"),
] + _both(T, "woods_saxon", {"r": 6.5}, lambda d: _woods_saxon_slope(6.5, d)) + [
    # 400 fm: exp(788) overflows; the value is a right 0, but the backward multiplies 0 by inf
    Case(T, "woods_saxon", _at(r=400), "float64", "unstable", _woods_saxon_slope(400),
         "return -DEPTH / (1 + torch.exp((r - RADIUS) / DIFFUSENESS))"),
    # 50 fm in float32: (1 + e^88)^2 overflows in the quotient rule; the slope, 6e-37, is a float32 number
    Case(T, "woods_saxon", _at(r=50), "float32", "unstable", _woods_saxon_slope(50, "float32"),
         "return -DEPTH / (1 + torch.exp((r - RADIUS) / DIFFUSENESS))"),
    Case(T, "woods_saxon_sigmoid", _at(r=400), "float64", "ok", _woods_saxon_slope(400)),
    Case(T, "woods_saxon_sigmoid", _at(r=50), "float32", "ok", _woods_saxon_slope(50, "float32")),
    # PyTorch's rule divides by max(p (1 - p), 1e-12): at p = sigmoid(40), p (1 - p) = 4e-18, so even on exact numbers
    # it gives -1.8e-23 where the slope is s - 1 = -4.2e-18 (as round 33b found it)
    Case(T, "decoder_bce", _at(logit=[40, -40, 0.5]), "float64", "wrong", _decoder_slopes([40, -40, 0.5]), DECODER_BCE),
    Case(T, "decoder_bce", _at(logit=[2, -1, 0.5]), "float64", "ok", _decoder_slopes([2, -1, 0.5])),
    # the fused form: slopes of 1e-348, 0 in every dtype
    Case(T, "decoder_bce_logits", _at(logit=[800, -800, 0.5]), "float64", "ok", _decoder_slopes([800, -800, 0.5])),
    # PyTorch's fused rule is sigmoid(z) - y, whose 1 - 1 loses the first slope's -4.2e-18 (a float32 number)
    Case(T, "decoder_bce_logits", _at(logit=[40, -40, 0.5]), "float32", "unstable",
         _decoder_slopes([40, -40, 0.5], "float32")),
]

TF = _both(K, "covered_fraction", INGRESS, lambda d: num_grad(_lens(_held(d, math.pi)), d, z=1.0, p=0.1)) + [
    # inside the disk the idle lens branch's acos of -7.4 sends NaN back through both wheres
    Case(K, "covered_fraction", _at(z=0.5, p=0.1), "float64", "wrong", _full_transit(0.1), COVER_WHERE),
    Case(K, "covered_fraction", _at(z=0.5, p=0.1), "float32", "wrong", _full_transit(0.1, "float32"), COVER_WHERE),
    # the inner contact, exactly: in exact arithmetic the lens meets p^2 with slopes 0 and 2p (C1), but the program
    # divides the lens by math.pi, 1.2e-16 below pi, so its lens is p^2 pi / fl(pi) there: a jump of 2e-19 at the
    # switch, no derivative
    Case(K, "covered_fraction", _at(z=0.875, p=0.125), "float64", "domain", _nan_like("z", "p")),
    # the outer contact: the lens vanishes like d^(3/2), slopes 0 (C1); acos(1)'s infinite slope leaks
    Case(K, "covered_fraction", _at(z=1.125, p=0.125), "float64", "wrong", _zeros(z=0, p=0), COVER_OUTER),
    Case(K, "covered_fraction", _at(z=1.5, p=0.1), "float64", "wrong", _zeros(z=0, p=0), COVER_OUTER),
    # the planet's radius forgotten
    Case(K, "covered_fraction", _at(z=1.0), "float64", "input-error", message=("p",)),
] + _both(K, "transit_duration", {"b": 0.3, "p": 0.1}, lambda d: num_grad(_duration(d), d, b=0.3, p=0.1)) + [
    # a grazing transit, b = 1 + p exactly: sqrt(0)'s infinite slope, and no transit beyond
    Case(K, "transit_duration", _at(b=1.125, p=0.125), "float64", "domain", _nan_like("b", "p")),
    Case(K, "transit_depth", None, "float64", "ok", _depth_truth(("layer.u1", "layer.u2", "mu")), args="depth_args",
         wrt="layer.u1,layer.u2,mu"),
    Case(K, "transit_depth", None, "float64", "wrong", _depth_truth(("layer.u1", "layer.u2")), DEPTH_SLIP,
         args="depth_slip_args", wrt="layer.u1,layer.u2"),
    Case(K, "transit_depth_graph", None, "float64", "ok", _depth_truth(("layer.u1", "layer.u2", "mu")),
         args="depth_args", wrt="layer.u1,layer.u2,mu"),
    Case(K, "transit_depth_graph", None, "float64", "wrong", _depth_truth(("layer.u1", "layer.u2")), DEPTH_SLIP,
         args="depth_slip_args", wrt="layer.u1,layer.u2"),
] + _both(K, "level_db", {"amplitude": 0.5}, lambda d: _db_slope(0.5, d)) + [
    Case(K, "level_db", _at(amplitude=-0.25), "float64", "ok", _db_slope(-0.25)),
    # silence: log(0)
    Case(K, "level_db", _at(amplitude=0), "float64", "domain", _nan_like("amplitude")),
    # under the floor the level is flat, |a|'s kink at 0 included
    Case(K, "level_db_floored", _at(amplitude=0), "float64", "ok", _zeros(amplitude=0)),
    Case(K, "level_db_floored", _at(amplitude=1e-6), "float32", "ok", _zeros(amplitude=0)),
    Case(K, "level_db_floored", _at(amplitude=0.5), "float32", "ok", _db_slope(0.5, "float32")),
    # exactly on the floor: slope 0 below, 20 / (1e-5 ln 10) above
    Case(K, "level_db_floored", _at(amplitude=1e-5), "float64", "domain", _nan_like("amplitude")),
] + _both(K, "lowpass_energy", {"a": 0.9}, lambda d: _lowpass_slope(0.9, d)) + [
    # a = 1 holds the output at 0: every term's (1 - a^n) is 0, a proven 0 slope
    Case(K, "lowpass_energy", _at(a=1), "float64", "ok", _lowpass_slope(1)),
    Case(K, "lowpass_energy", _at(a=0), "float64", "ok", _lowpass_slope(0)),
] + _both(K, "exp_sigmoid", {"x": 0}, lambda d: _exp_sigmoid_slope(0, d)) + [
    Case(K, "exp_sigmoid", _at(x=-30), "float32", "ok", _exp_sigmoid_slope(-30, "float32")),
    # sigmoid(-800) = e^-800 underflows to 0; the slope, 1e-800, rounds to 0 as well
    Case(K, "exp_sigmoid", _at(x=-800), "float64", "ok", _exp_sigmoid_slope(-800)),
    Case(K, "fm_energy", _at(index=2), "float64", "ok", num_grad(_fm, index=2)),
    Case(K, "fm_energy", _at(index=0), "float64", "ok", num_grad(_fm, index=0)),
    Case(K, "crack_length", _at(stress_range=200, m=3), "float64", "ok",
         num_grad(_crack("float64"), stress_range=200, m=3)),
    Case(K, "crack_length", _at(stress_range=200, m=3), "float32", "ok",
         num_grad(_crack("float32"), "float32", stress_range=200, m=3)),
] + _both(K, "log_q", {"x": 3}, lambda d: _renamed(num_grad(_log_q(d), d, margin=3), "x")) + [
    # erfc(40 / sqrt 2) = 1e-349 underflows: log(0)
    Case(K, "log_q", _at(x=40), "float64", "unstable", _renamed(num_grad(_log_q("float64"), margin=40), "x"),
         "return tf.math.log(0.5 * tf.math.erfc(x / math.sqrt(2.0)))"),
    Case(K, "link_margin_log_q", _at(margin=1), "float64", "ok", num_grad(_log_q("float64"), margin=1)),
    Case(K, "link_margin_log_q", _at(margin=1), "float32", "ok", num_grad(_log_q("float32"), "float32", margin=1)),
    # the rule is the right mathematics, but e^-800 / Q(40) is 0 / 0 in floats
    Case(K, "link_margin_log_q", _at(margin=40), "float64", "unstable", num_grad(_log_q("float64"), margin=40),
         "return dy * -tf.exp(-x * x / 2) / math.sqrt(2 * math.pi) / q"),
    Case(K, "link_margin_log_q_slip", _at(margin=1), "float64", "wrong", num_grad(_log_q("float64"), margin=1),
         LOG_Q_SLIP),
    # eagerly Keras clips the probabilities to [1e-7, 1 - 1e-7]: the saturated two are flat
    Case(K, "decoder_bce", _at(logit=[40, -40, 0.5]), "float32", "ok",
         _decoder_slopes([40, -40, 0.5], "float32", mpf(1) / 3, EPSILON_32)),
    # in a tf.function Keras finds the Sigmoid op and computes from its logits: no clip, slopes of 1.4e-18, the first
    # of which TensorFlow's graph loses (its eager fused op keeps it)
    Case(K, "decoder_bce_graph", _at(logit=[40, -40, 0.5]), "float32", "unstable",
         _decoder_slopes([40, -40, 0.5], "float32", mpf(1) / 3)),
    Case(K, "decoder_bce_logits", _at(logit=[40, -40, 0.5]), "float32", "ok",
         _decoder_slopes([40, -40, 0.5], "float32", mpf(1) / 3)),
    Case(K, "mape", _at(y_pred=[0.5, 2.5, -3]), "float32", "ok", _mape_slopes([0.5, 2.5, -3])),
    # a perfect prediction of the zero target: |0 - p| has its kink there
    Case(K, "mape", _at(y_pred=[0, 2.5, -3]), "float32", "domain", _mape_slopes([0, 2.5, -3])),
]

ALL = TORCH + TF
