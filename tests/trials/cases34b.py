"""The thirty-fourth trial set (b), PyTorch and TensorFlow (Keras; TensorFlow Probability is not installed, so its
forms are written with tf), in scientific models fitted with a deep-learning framework: orbital mechanics (Kepler's
equation by Newton's method unrolled in PyTorch and in a tf.while_loop inside tf.function, and as an
autograd.Function whose backward is the implicit derivative, right and with its division forgotten; a Newton loop
stopped by a Python test on the residual; the true anomaly on a parabolic orbit, e = 1, where sqrt(1 - e) has an
infinite slope), pharmacokinetics (the one-compartment Bateman curve near and at equal absorption and elimination
rates: naive, by expm1, with the limit chosen by torch.where / tf.where, whose other branch's 0 / 0 leaks NaN, and by
tf.math.divide_no_nan, whose gradient at 0 / 0 is 0 where the curve's slope is not), item response theory (a
three-parameter logistic nn.Module by its parameters' names, an examinee's likelihood by log(1 - p) at a high
ability and in log space, a two-parameter Keras layer whose tf.custom_gradient gives its discrimination's gradient
through variables=, right and with the difficulty forgotten), enzyme kinetics (Hill's equation by torch.pow at zero
substrate, with n = 2, 1 and 0.5; Michaelis-Menten with an Arrhenius rate that underflows float32), Hamiltonian Monte
Carlo (a leapfrog trajectory on a banana-shaped density, its forces by torch.autograd.grad(create_graph=True) and by a
tf.GradientTape inside tf.function), survival and counts by torch.distributions (a censored Weibull likelihood by
log(1 - cdf) and by its log survival, a Poisson likelihood at a zero rate), an SIR epidemic stepped in a
tf.while_loop, optics (Snell's refraction with the sine clipped at 1, Fresnel's reflectance at the critical angle),
Keras' LayerNormalization at a constant row, a PReLU layer by its alpha and in its inputs at 0, and Keras' circle
loss over unit embeddings given by their angles.

Truths are expressions written here, evaluated by mpmath (2,000 digits), never the user files' code; points are the
numbers the dtype holds, and a constant the program casts to the dtype is the number the dtype holds. Where a function
has a kink or a domain's edge the truth is taken from each side: where the two one-sided slopes differ, or one is
infinite, there is no derivative (NaN).

Found by this round: H1 (fixed; tests/test_trial_findings34b.py), a PyTorch function that calls
torch.autograd.grad on its inputs (the leapfrog's forces) had its own constants (the momentum) taken as the float64
numbers written in a float32 check; W1 and L1 are open, strict xfails of tests/test_user_trials34b.py.
"""

import mpmath

from cases import Case
from cases5 import _in, hp
from cases12a import num_grad, renamed
from cases30b import _held, sided_grad
from cases33b import _at, _both, _log_sig, _sig

T, K = "torch_lib34b.py", "tf_lib34b.py"
NAN = mpmath.nan
mpf = mpmath.mpf


# --------------------------------------------------------------------------------------------- orbital mechanics
def _eccentric(m, e):
    """E with E - e sin E = M, by mpmath's root finder from the bracketing start E = M + e sin M."""
    return mpmath.findroot(lambda x: x - e * mpmath.sin(x) - m, m + e * mpmath.sin(m))


def _kepler_slopes(m, e, dtype, radius):
    """dE/dM = 1 / (1 - e cos E), dE/de = sin E / (1 - e cos E); r = 1 - e cos E by the chain rule."""
    def truth():
        mm, ee = _in(dtype, [m, e])
        big_e = _eccentric(mm, ee)
        d_m = 1 / (1 - ee * mpmath.cos(big_e))
        d_e = mpmath.sin(big_e) * d_m
        if not radius:
            return {"M": d_m, "e": d_e}
        s = ee * mpmath.sin(big_e)
        return {"M": s * d_m, "e": -mpmath.cos(big_e) + s * d_e}
    return hp(truth)


def _true_anomaly(E, e):
    return 2 * mpmath.atan2(mpmath.sqrt(1 + e) * mpmath.sin(E / 2), mpmath.sqrt(1 - e) * mpmath.cos(E / 2))


# --------------------------------------------------------------------------------------------- pharmacokinetics
DOSE, VOLUME, T_SAMPLE = 100, 10, 2


def _bateman(ka, ke):
    """D ka / V e^-ke t g(ka - ke), g(d) = (1 - e^-d t) / d, g(0) = t."""
    d = ka - ke
    g = mpf(T_SAMPLE) if d == 0 else -mpmath.expm1(-d * T_SAMPLE) / d
    return DOSE * ka / VOLUME * mpmath.exp(-ke * T_SAMPLE) * g


def _bateman_at_equal(k):
    """At ka = ke = k: g(0) = t, g'(0) = -t^2 / 2, so d/dka = D/V e^-kt (t - k t^2 / 2), d/dke = D/V k e^-kt (-t^2 +
    t^2 / 2)."""
    def truth():
        k_ = mpf(k)
        scale = mpf(DOSE) / VOLUME * mpmath.exp(-k_ * T_SAMPLE)
        return {"ka": scale * (T_SAMPLE - k_ * T_SAMPLE ** 2 / mpf(2)), "ke": -scale * k_ * T_SAMPLE ** 2 / mpf(2)}
    return hp(truth)


# ------------------------------------------------------------------------------------------ item response theory
ITEM_A, ITEM_B, ITEM_GUESS = [1.2, 0.8, 2.0], [-1.0, 0.5, 1.5], [-1.5, -1.0, -2.0]
ABILITIES = [-0.5, 0.25, 1.0, 2.0]
RESPONSES = [[1, 0, 0], [1, 1, 0], [1, 0, 1], [1, 1, 1]]


def _three_pl_nll(discrimination, difficulty, guess_logit):
    total = 0
    for theta, row in zip(ABILITIES, RESPONSES):
        for a, b, g, y in zip(discrimination, difficulty, guess_logit, row):
            c = _sig(g)
            p = c + (1 - c) * _sig(a * (mpf(theta) - b))
            total -= mpmath.log(p) if y else mpmath.log(1 - p)
    return total


def _irt_truth():
    point = {"discrimination": ITEM_A, "difficulty": ITEM_B, "guess_logit": ITEM_GUESS}
    return renamed(num_grad(_three_pl_nll, **point), "model")


ITEM_C = [0.2, 0.25, 0.1]
ONE_PERSON = [1, 0, 1]


def _ability(dtype):
    """-sum y log p + (1 - y) log(1 - p), p = c + (1 - c) sigmoid(a (theta - b)), the items' numbers in the dtype."""
    a, b, c = _in(dtype, ITEM_A), _in(dtype, ITEM_B), _in(dtype, ITEM_C)

    def f(theta):
        total = 0
        for ai, bi, ci, y in zip(a, b, c, ONE_PERSON):
            z = ai * (theta - bi)
            total -= mpmath.log(ci + (1 - ci) * _sig(z)) if y else mpmath.log1p(-ci) + _log_sig(-z)
        return total
    return f


def _keras_held(values):
    """Keras' Constant initializer makes a float32 tensor of the list, then casts it to the layer's dtype."""
    return _in("float32", values)


def _two_pl_truth(theta, names=("layer.discrimination", "theta")):
    """-sum y log p + (1 - y) log(1 - p), p = sigmoid(a (theta - b)): d/da_i = (p_i - y_i)(theta - b_i), d/dtheta =
    sum (p_i - y_i) a_i."""
    def truth():
        th, discrimination = mpf(theta), _keras_held(ITEM_A)
        ps = [_sig(a * (th - mpf(b))) for a, b in zip(discrimination, ITEM_B)]
        slopes = {"theta": sum((p - y) * a for p, y, a in zip(ps, ONE_PERSON, discrimination)),
                  "layer.discrimination": [(p - y) * (th - mpf(b)) for p, y, b in zip(ps, ONE_PERSON, ITEM_B)]}
        return {name: slopes[name] for name in names}
    return hp(truth)


# ------------------------------------------------------------------------------------------------ enzyme kinetics
VMAX, K_HALF = 10, 2


def _hill(s, n):
    sn = mpf(0) if s == 0 else s ** n
    return VMAX * sn / (mpf(K_HALF) ** n + sn)


def _hill_at_zero(n):
    """At s = 0: s^n stays 0 as n moves, so d/dn = 0; d/ds is Vmax / K for n = 1, 0 for n > 1, infinite for n < 1."""
    return lambda: {"s": NAN if n < 1 else (mpf(VMAX) / K_HALF if n == 1 else mpf(0)), "n": mpf(0)}


GAS_R, PREFACTOR, K_M = 8.314, 1e12, 0.5


def _arrhenius(dtype):
    r, pre, km = _held(dtype, GAS_R), _held(dtype, PREFACTOR), _held(dtype, K_M)

    def f(s, temperature, activation):
        return pre * mpmath.exp(-activation / (r * temperature)) * s / (km + s)
    return f


# -------------------------------------------------------------------------------------- Hamiltonian Monte Carlo
BANANA_B, MOMENTUM, EPS, STEPS = 5, [0.5, -0.3], 0.1, 5


def _leapfrog(dtype):
    """The leapfrog energy error with the banana's forces written out: dU/dq0 = q0 - 2 B q0 (q1 - q0^2), dU/dq1 =
    B (q1 - q0^2); the step and the momentum in the dtype."""
    eps, p0 = _held(dtype, EPS), _in(dtype, MOMENTUM)

    def potential(q):
        return q[0] ** 2 / 2 + BANANA_B * (q[1] - q[0] ** 2) ** 2 / 2

    def force(q):
        bend = q[1] - q[0] ** 2
        return [q[0] - 2 * BANANA_B * q[0] * bend, BANANA_B * bend]

    def f(q):
        p = list(p0)
        start = potential(q) + sum(v * v for v in p) / 2
        p = [pi - eps / 2 * fi for pi, fi in zip(p, force(q))]
        for step in range(STEPS):
            q = [qi + eps * pi for qi, pi in zip(q, p)]
            if step < STEPS - 1:
                p = [pi - eps * fi for pi, fi in zip(p, force(q))]
        p = [pi - eps / 2 * fi for pi, fi in zip(p, force(q))]
        return potential(q) + sum(v * v for v in p) / 2 - start
    return f


# ---------------------------------------------------------------------------------------------- survival and counts
EVENTS, CENSORED = [0.5, 1.2, 2.0], [3.0]


def _weibull(dtype):
    """-(sum over events of log k - log l + (k - 1) log(t / l) - (t / l)^k) + sum over censored times of (t / l)^k."""
    events, censored = _in(dtype, EVENTS), _in(dtype, CENSORED)

    def f(scale, concentration):
        k, lam = concentration, scale
        logp = sum(mpmath.log(k) - mpmath.log(lam) + (k - 1) * mpmath.log(t / lam) - (t / lam) ** k for t in events)
        return -logp + sum((t / lam) ** k for t in censored)
    return f


COUNTS = [0, 3]


def _poisson_slopes(rates, dtype):
    """d/dr of sum (r - n log r + log n!) is 1 - n / r; with n = 0 the log's term is 0 (xlogy), and the slope 1."""
    return hp(lambda: {"rate": [1 - (n / r if n else 0) for n, r in zip(COUNTS, _in(dtype, rates))]})


# ------------------------------------------------------------------------------------------------------- epidemics
SIR_STEPS, SIR_DT, S0, I0 = 100, 0.2, 0.99, 0.01


def _sir(dtype):
    dt, s0, i0 = _held(dtype, SIR_DT), _held(dtype, S0), _held(dtype, I0)

    def f(params):
        beta, gamma = params
        s, i = s0, i0
        for _ in range(SIR_STEPS):
            infections = beta * s * i * dt
            s, i = s - infections, i + infections - gamma * i * dt
        return 1 - s
    return f


# ---------------------------------------------------------------------------------------------------------- optics
N_RATIO = 2


def _refraction(s):
    return mpmath.asin(min(max(N_RATIO * s, -1), 1))


def _fresnel(s):
    cos_i, cos_t = mpmath.sqrt(1 - s[0] ** 2), mpmath.sqrt(1 - (N_RATIO * s[0]) ** 2)
    return ((N_RATIO * cos_i - cos_t) / (N_RATIO * cos_i + cos_t)) ** 2


# ---------------------------------------------------------------------------------------------------- Keras layers
HEAD = [1, -2, 0.5]


def _layer_norm(dtype):
    """sum w (x - mean) / sqrt(var + eps), the population variance, eps = 1e-3 held in the dtype."""
    eps = _held(dtype, 1e-3)

    def f(x):
        mean = sum(x) / len(x)
        var = sum((v - mean) ** 2 for v in x) / len(x)
        return sum(mpf(w) * (v - mean) for w, v in zip(HEAD, x)) / mpmath.sqrt(var + eps)
    return f


PRELU_ALPHA = [0.25, 0.1, 0.5]
PRELU_X = [[1.5, 0.0, -2.0], [-0.5, 0.0, 3.0]]
PRELU_READ = [[1, -1, 2], [0.5, 1, -1]]


def _prelu(v, alpha):
    return v if v > 0 else alpha * v


def _prelu_squares(alpha=None, x=PRELU_X):
    alpha = alpha if alpha is not None else _keras_held(PRELU_ALPHA)
    return sum(_prelu(v, a) ** 2 for row in x for v, a in zip(row, alpha))


def _prelu_read(x):
    return sum(mpf(w) * _prelu(v, a) for row, wrow in zip(x, PRELU_READ) for v, a, w in zip(row, _keras_held(PRELU_ALPHA), wrow))


LABELS, LABELS_SINGLE = [0, 0, 1, 1], [0, 0, 1, 2]


def _circle(labels, dtype):
    """Keras' circle loss (gamma 80, margin m = 0.4) summed over anchors: distances D = max(1 - cos(a_i - a_j), 0),
    positives' logits -gamma max(m + D, 0) (m - D), negatives' gamma max(1 + m - D, 0) (1 - m - D), each anchor's
    softplus(lse(positives) + lse(negatives)), 0 where it has no positive; the margins held in the dtype."""
    m, one_m, m_one = _held(dtype, 0.4), _held(dtype, 1.4), _held(dtype, 0.6)

    def lse(values):
        if not values:
            return None
        top = max(values)
        return top + mpmath.log(sum(mpmath.exp(v - top) for v in values))

    def f(angles):
        n, total = len(angles), 0
        for i in range(n):
            pos, neg = [], []
            for j in range(n):
                dist = max(1 - mpmath.cos(angles[i] - angles[j]), 0)
                if labels[i] == labels[j] and i != j:
                    pos.append(-80 * max(m + dist, 0) * (m - dist))
                elif labels[i] != labels[j]:
                    neg.append(80 * max(one_m - dist, 0) * (m_one - dist))
            p, q = lse(pos), lse(neg)
            if p is not None and q is not None:
                total += mpmath.log1p(mpmath.exp(p + q))
        return total
    return f


# ------------------------------------------------------------------------------------------------------ cases
KEPLER_SLIP = "class KeplerSolveSlip>>def backward(ctx, grad):"
BATEMAN_LINE = "return DOSE * ka / (VOLUME * (ka - ke)) * (torch.exp(-ke * T_SAMPLE) - torch.exp(-ka * T_SAMPLE))"
EXPM1_LINE = "return DOSE * ka / VOLUME * torch.exp(-ke * T_SAMPLE) * -torch.expm1(-d * T_SAMPLE) / d"
WHERE_T = "ratio = torch.where(d == 0, torch.full_like(d, T_SAMPLE), -torch.expm1(-d * T_SAMPLE) / d)"
WHERE_K = "ratio = tf.where(d == 0, tf.fill(tf.shape(d), tf.constant(T_SAMPLE, d.dtype)), -tf.math.expm1(-d * T_SAMPLE) / d)"
NO_NAN_K = "def bateman_no_nan(ka, ke)>>ratio = tf.math.divide_no_nan("
ABILITY_LINE = "return -(y * torch.log(p) + (1 - y) * torch.log(1 - p)).sum()"
WEIBULL_LINE = "return -(dist.log_prob(events).sum() + torch.log(1 - dist.cdf(censored)).sum())"
IRT_SLIP = "class TwoPL>>def grad(dp, variables=None):"

KEPLER_POINTS = [(1, 0.5, ("float64", "float32")), (0.1, 0.9, ("float64",)), (1e-3, 0.999, ("float64",)),
                 (3, 0.2, ("float32",))]


def _kepler(file, function, radius, points=KEPLER_POINTS, verdict="ok", line=None):
    return [Case(file, function, _at(M=m, e=e), dtype, verdict, _kepler_slopes(m, e, dtype, radius), line)
            for m, e, dtypes in points for dtype in dtypes]


TORCH = _kepler(T, "orbit_radius", True) + _kepler(T, "eccentric_anomaly", False, KEPLER_POINTS[:3]) + _kepler(
    T, "eccentric_anomaly_slip", False, KEPLER_POINTS[:1], "wrong", KEPLER_SLIP) + [
    # a Python while on the residual's value: one graph per shape cannot follow it
    Case(T, "kepler_to_tolerance", _at(M=1, e=0.5), "float64", "input-error",
         message=("torch_lib34b.py:", "branches on a tensor's value")),
] + _both(T, "true_anomaly", {"E": 1, "e": 0.5}, lambda d: num_grad(_true_anomaly, d, E=1, e=0.5)) + [
    # a parabolic orbit: sqrt(1 - e) at e = 1 has an infinite slope (and the program no value past it); at e = 1 the
    # anomaly is pi whatever E, so its slope in E is 0
    Case(T, "true_anomaly", _at(E=1, e=1), "float64", "domain", lambda: {"E": mpf(0), "e": NAN}),
] + _both(T, "bateman", {"ka": 2, "ke": 0.5}, lambda d: num_grad(_bateman, d, ka=2, ke=0.5)) + [
    # the difference of exponentials cancels to 1e-7 of itself, and the quotient's slope to 1e-7 of its terms
    Case(T, "bateman", _at(ka=1.0000001, ke=1), "float64", "unstable", num_grad(_bateman, ka=1.0000001, ke=1),
         BATEMAN_LINE),
    Case(T, "bateman", _at(ka=1.001, ke=1), "float32", "unstable", num_grad(_bateman, "float32", ka=1.001, ke=1),
         BATEMAN_LINE),
    # at equal rates the naive program is 0 / 0: no value, no derivative
    Case(T, "bateman", _at(ka=1, ke=1), "float64", "domain", lambda: {"ka": NAN, "ke": NAN}),
    # expm1 keeps the value, but ka's slope is the sum of its two paths, g(d) + ka g'(d), which cancel to 7e-8 of
    # themselves, and g' by the quotient rule is -expm1(-dt) / d^2 - t e^-dt / d, whose terms cancel by 1 / d
    Case(T, "bateman_expm1", _at(ka=1.0000001, ke=1), "float64", "unstable", num_grad(_bateman, ka=1.0000001, ke=1),
         EXPM1_LINE),
    Case(T, "bateman_expm1", _at(ka=1.001, ke=1), "float32", "unstable", num_grad(_bateman, "float32", ka=1.001, ke=1),
         EXPM1_LINE),
    Case(T, "bateman_expm1", _at(ka=2, ke=0.5), "float32", "ok", num_grad(_bateman, "float32", ka=2, ke=0.5)),
    Case(T, "bateman_where", _at(ka=2, ke=0.5), "float64", "ok", num_grad(_bateman, ka=2, ke=0.5)),
    # the where picks the limit t at d = 0; its other branch's 0 / 0 sends 0 * NaN back through the division
    Case(T, "bateman_where", _at(ka=1, ke=1), "float64", "wrong", _bateman_at_equal(1), WHERE_T),
    Case(T, "bateman_where", _at(ka=0.5, ke=0.5), "float64", "wrong", _bateman_at_equal(0.5), WHERE_T),
    Case(T, "bateman_where", _at(ka=0.5, ke=0.5), "float32", "wrong", _bateman_at_equal(0.5), WHERE_T),
    Case(T, "irt_nll", None, "float64", "ok", _irt_truth(), args="irt_args",
         wrt="model.discrimination,model.difficulty,model.guess_logit"),
    # a misspelt parameter name
    Case(T, "irt_nll_mean", None, "float64", "input-error", args="irt_args", wrt="model.discrimnation",
         message=("model.discrimnation",)),
] + _both(T, "ability_nll_naive", {"theta": 0.5}, lambda d: num_grad(_ability(d), d, theta=0.5)) + _both(
    # at theta = 25 the easy items' 1 - p is 2e-14 (float64 keeps two digits; float32 rounds it to 0, and the
    # answered items' 0 * log 0 is NaN)
    T, "ability_nll_naive", {"theta": 25}, lambda d: num_grad(_ability(d), d, theta=25), "unstable",
    line=ABILITY_LINE) + _both(T, "ability_nll", {"theta": 25}, lambda d: num_grad(_ability(d), d, theta=25)) + [
    Case(T, "ability_nll", _at(theta=-30), "float32", "ok", num_grad(_ability("float32"), "float32", theta=-30)),
] + _both(T, "hill_rate", {"s": 1, "n": 2.5}, lambda d: num_grad(_hill, d, s=1, n=2.5)) + [
    Case(T, "hill_rate", _at(s=3, n=0.7), "float32", "ok", num_grad(_hill, "float32", s=3, n=0.7)),
    Case(T, "hill_rate", _at(s=0, n=2), "float64", "ok", _hill_at_zero(2)),
    Case(T, "hill_rate", _at(s=0, n=1), "float64", "ok", _hill_at_zero(1)),
    # s^0.5 at 0: an infinite slope at the domain's edge
    Case(T, "hill_rate", _at(s=0, n=0.5), "float64", "domain", _hill_at_zero(0.5)),
    Case(T, "hill_rate", _at(s=0, n=0.5), "float32", "domain", _hill_at_zero(0.5)),
] + _both(T, "arrhenius_rate", {"s": 1, "temperature": 300, "activation": 5e4},
          lambda d: num_grad(_arrhenius(d), d, s=1, temperature=300, activation=5e4)) + [
    # exp(-200) underflows float32: every slope is below float32's smallest number, and 0 is their rounding
    Case(T, "arrhenius_rate", _at(s=1, temperature=300, activation=5e5), "float32", "ok",
         num_grad(_arrhenius("float32"), "float32", s=1, temperature=300, activation=5e5)),
    Case(T, "arrhenius_rate", _at(s=1, temperature=300, activation=5e5), "float64", "ok",
         num_grad(_arrhenius("float64"), s=1, temperature=300, activation=5e5)),
] + _both(T, "leapfrog_energy_error", {"q": [0.5, 1]}, lambda d: num_grad(_leapfrog(d), d, q=[0.5, 1])) + [
    Case(T, "leapfrog_energy_error", _at(q=[2, -1]), "float64", "ok", num_grad(_leapfrog("float64"), q=[2, -1])),
] + _both(T, "weibull_nll_cdf", {"scale": 2, "concentration": 1.5},
          lambda d: num_grad(_weibull(d), d, scale=2, concentration=1.5)) + _both(
    # S(3) = e^-27: 1 - cdf keeps 4 of float64's digits and none of float32's
    T, "weibull_nll_cdf", {"scale": 1, "concentration": 3}, lambda d: num_grad(_weibull(d), d, scale=1, concentration=3),
    "unstable", line=WEIBULL_LINE) + _both(
    T, "weibull_nll", {"scale": 1, "concentration": 3}, lambda d: num_grad(_weibull(d), d, scale=1, concentration=3)) + _both(
    T, "poisson_nll", {"rate": [0.5, 2]}, lambda d: _poisson_slopes([0.5, 2], d)) + [
    # a zero rate with a zero count: the log-likelihood xlogy(0, r) - r is -r on both sides of 0, where PyTorch's
    # xlogy rule divides 0 by 0
    Case(T, "poisson_nll", _at(rate=[0, 2]), "float64", "wrong", _poisson_slopes([0, 2], "float64"),
         "return -torch.distributions.Poisson(rate).log_prob("),
]

TF = _kepler(K, "orbit_radius", True) + [
    Case(K, "orbit_radius", _at(M=1), "float64", "input-error", message=("e",)),
] + _both(K, "sir_attack_rate", {"params": [0.5, 0.2]}, lambda d: num_grad(_sir(d), d, params=[0.5, 0.2])) + [
    Case(K, "sir_attack_rate", _at(params=[2, 0.1]), "float64", "ok", num_grad(_sir("float64"), params=[2, 0.1])),
    Case(K, "sir_attack_rate", _at(params=[0.2, 0.5]), "float32", "ok",
         num_grad(_sir("float32"), "float32", params=[0.2, 0.5])),
] + _both(K, "leapfrog_energy_error", {"q": [0.5, 1]}, lambda d: num_grad(_leapfrog(d), d, q=[0.5, 1])) + [
    Case(K, "leapfrog_energy_error", _at(q=[2, -1]), "float64", "ok", num_grad(_leapfrog("float64"), q=[2, -1])),
    Case(K, "ability_nll", None, "float64", "ok", _two_pl_truth(1.25), args="irt_args",
         wrt="layer.discrimination,theta"),
    Case(K, "ability_nll", None, "float64", "wrong", _two_pl_truth(1.25, ("layer.discrimination",)), IRT_SLIP,
         args="irt_slip_args", wrt="layer.discrimination"),
] + _both(K, "bateman_where", {"ka": 2, "ke": 0.5}, lambda d: num_grad(_bateman, d, ka=2, ke=0.5)) + [
    # at ka = ke = 1 the slope in ka is an exact 0, proven beside the equality the where takes its branch at
    Case(K, "bateman_where", _at(ka=1, ke=1), "float64", "wrong", _bateman_at_equal(1), WHERE_K),
    Case(K, "bateman_where", _at(ka=0.5, ke=0.5), "float64", "wrong", _bateman_at_equal(0.5), WHERE_K),
    Case(K, "bateman_no_nan", _at(ka=2, ke=0.5), "float64", "ok", num_grad(_bateman, ka=2, ke=0.5)),
    # divide_no_nan's 0 at 0 / 0 has slope 0 there, where (1 - e^-dt) / d has -t^2 / 2
    Case(K, "bateman_no_nan", _at(ka=0.5, ke=0.5), "float64", "wrong", _bateman_at_equal(0.5)),
    Case(K, "bateman_no_nan", _at(ka=0.5, ke=0.5), "float32", "wrong", _bateman_at_equal(0.5), NO_NAN_K),
    # tf.where of two Python floats is float32, which TensorFlow will not add to a float64 ratio: the program exists in
    # float32 only (gradcli says so for float64), where it is checked
    Case(K, "bateman_no_nan_literal", _at(ka=2, ke=0.5), "float32", "ok", num_grad(_bateman, "float32", ka=2, ke=0.5)),
] + _both(K, "refraction_angle", {"s": 0.25}, lambda d: num_grad(_refraction, d, s=0.25)) + _both(
    K, "refraction_angle", {"s": 0.75}, lambda d: num_grad(_refraction, d, s=0.75)) + [
    # n s = 1: asin's slope is infinite from below, the clip's 0 from above
    Case(K, "refraction_angle", _at(s=0.5), "float64", "domain", lambda: {"s": NAN}),
] + _both(K, "fresnel_reflectance", {"s": [0.25]}, lambda d: num_grad(_fresnel, d, s=[0.25])) + [
    # the critical angle: cos_t = sqrt(0), an infinite slope, and no value beyond
    Case(K, "fresnel_reflectance", _at(s=[0.5]), "float64", "domain", lambda: {"s": [NAN]}),
    Case(K, "fresnel_reflectance", _at(s=[0.5]), "float32", "domain", lambda: {"s": [NAN]}),
] + _both(K, "normalized_head", {"x": [0.5, -1, 2]}, lambda d: num_grad(_layer_norm(d), d, x=[0.5, -1, 2])) + _both(
    # a constant row: the variance is 0 and epsilon alone sets the scale, 1 / sqrt(1e-3)
    K, "normalized_head", {"x": [1, 1, 1]}, lambda d: num_grad(_layer_norm(d), d, x=[1, 1, 1])) + [
    Case(K, "prelu_head", None, "float64", "ok", renamed(num_grad(lambda alpha: _prelu_squares(alpha), "float32", alpha=PRELU_ALPHA),
                                                         "layer"), args="prelu_args", wrt="layer.alpha"),
    # squared, PReLU's kinks at 0 are flat: slope 0 from either side
    Case(K, "prelu_at", _at(x=PRELU_X), "float64", "ok", sided_grad(lambda x: _prelu_squares(x=x), x=PRELU_X)),
    Case(K, "prelu_readout", _at(x=PRELU_X), "float64", "domain", sided_grad(_prelu_read, x=PRELU_X)),
    Case(K, "prelu_readout", _at(x=[[1.5, 0.25, -2], [-0.5, -1, 3]]), "float64", "ok",
         num_grad(_prelu_read, x=[[1.5, 0.25, -2], [-0.5, -1, 3]])),
] + _both(K, "circle_loss", {"angles": [0.1, 1, 0.6, 2.6]},
          lambda d: num_grad(_circle(LABELS, d), d, angles=[0.1, 1, 0.6, 2.6])) + [
    # two identical embeddings: the distance's clamp at 0 is met where 1 - cos has a double root (flat)
    Case(K, "circle_loss", _at(angles=[0.3, 0.3, 2, 2.6]), "float64", "ok",
         num_grad(_circle(LABELS, "float64"), angles=[0.3, 0.3, 2, 2.6])),
    Case(K, "circle_loss_single", _at(angles=[0.1, 1, 0.6, 2.6]), "float64", "ok",
         num_grad(_circle(LABELS_SINGLE, "float64"), angles=[0.1, 1, 0.6, 2.6])),
]

ALL = TORCH + TF
