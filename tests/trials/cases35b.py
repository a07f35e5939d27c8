"""The thirty-fifth trial set (b), PyTorch and TensorFlow (Keras; TensorFlow Probability is not installed, so its
forms are written with tf), in solid mechanics, discrete choice, ratings, weather, water waves, state-space models and
rendering: the von Mises equivalent stress at a general, a uniaxial and a hydrostatic state (a cone: no derivative),
with 1e-12 under its root (flat there), as an autograd.Function right and with the shear's factor 3 forgotten (harmless
where there is no shear) and as a tf.custom_gradient that answers 0 at the cone; a squared yield penalty exactly on
its yield surface (C1 there); a neo-Hookean strain energy by torch.logdet, by a log-determinant autograd.Function whose
backward gives inv(F) for inv(F).T (harmless where F is symmetric), at a nearly singular and an inverted F; the first
Piola-Kirchhoff stress by a tf.GradientTape inside tf.function, read along a fixed direction; a nest's inclusive value
lam log sum exp(v / lam) at dissimilarities 0.5, 0.01 and 0.001 (the naive exp overflows), the nested logit's
likelihood, a choice network read by its parameters' names, and a Keras nest layer whose tf.custom_gradient gives the
dissimilarity's gradient through variables= (right, and with its second term forgotten); Elo's expected score by
powers of 10 at rating leads whose power overflows, by logsigmoid and by torch.distributions.Bernoulli; the wind chill
index at calm air (v^0.16 has an infinite slope at 0) and clamped at its formula's lowest speed; the water-wave
dispersion relation solved by Newton's method (unrolled, in a tf.while_loop, and as an autograd.Function with its
implicit backward, right and missing the tanh's own slope) and the phase speed; a local-level Kalman filter's
log-likelihood in a tf.while_loop; Keras' Dot layer with normalize=True at a zero vector (its minimum(rsqrt(0),
1/eps) sends 0 * inf back) and MeanSquaredLogarithmicError on and beside its clip; and shading: Lambert's term at the
terminator, a Blinn-Phong highlight, a ray's hit on a circle at grazing incidence and far away, a soft rasteriser's
coverage and a smoothstep at its edges.

Truths are expressions written here, evaluated by mpmath (2,000 digits), never the user files' code; points are the
numbers the dtype holds, and a constant the program casts to the dtype is the number the dtype holds. Where a function
has a kink or a domain's edge the truth is taken from each side: where the two one-sided slopes differ, or one is
infinite, there is no derivative (NaN).
"""

import math

import mpmath

from cases import Case
from cases5 import _in, hp
from cases12a import num_grad
from cases30b import _held, sided_grad
from cases33b import _at, _both, _sig

T, K = "torch_lib35b.py", "tf_lib35b.py"
NAN = mpmath.nan
mpf = mpmath.mpf


# ------------------------------------------------------------------------------------------------ solid mechanics
def _von_mises(s):
    sxx, syy, szz, sxy, syz, szx = s
    return mpmath.sqrt(((sxx - syy) ** 2 + (syy - szz) ** 2 + (szz - sxx) ** 2) / 2 + 3 * (sxy ** 2 + syz ** 2 + szx ** 2))


def _von_mises_slopes(s, dtype="float64", eps=None):
    """d vm / d s: (2 sxx - syy - szz) / (2 vm) on the normal components, 3 s / vm on the shear ones (vm with eps, held
    in the dtype, under its root)."""
    def truth():
        v = _in(dtype, s)
        q = _von_mises(v) ** 2 + (_held(dtype, eps) if eps else 0)
        vm = mpmath.sqrt(q)
        normal = [(2 * v[i] - v[(i + 1) % 3] - v[(i + 2) % 3]) / (2 * vm) for i in range(3)]
        return {"s": normal + [3 * v[i] / vm for i in range(3, 6)]}
    return hp(truth)


GENERAL, UNIAXIAL, HYDROSTATIC = [3, 1, 0, 0.5, 0, 0], [2, 0, 0, 0, 0, 0], [1, 1, 1, 0, 0, 0]
YIELD_STRESS = 2


def _penalty(s):
    return max(_von_mises(s) - YIELD_STRESS, 0) ** 2


MU, LAM = 1, 10


def _inverse_transpose(f):
    return (mpmath.matrix(f) ** -1).T


def _neo_hookean_slopes(f, dtype="float64"):
    """dW/dF = mu F - mu inv(F).T + lam log J inv(F).T."""
    def truth():
        m = mpmath.matrix([_in(dtype, row) for row in f])
        inv_t = (m ** -1).T
        log_j = mpmath.log(mpmath.det(m))
        return {"F": [[MU * m[i, j] + (LAM * log_j - MU) * inv_t[i, j] for j in range(m.cols)] for i in range(m.rows)]}
    return hp(truth)


F_GENERAL = [[1.1, 0.2, 0], [0.05, 0.9, 0.1], [0, -0.1, 1.2]]
F_SYMMETRIC = [[1.1, 0.2, 0], [0.2, 0.9, 0], [0, 0, 1]]
F_THIN = [[1, 0, 0], [0, 1, 0], [0, 0, 1e-8]]
F_INVERTED = [[-1, 0, 0], [0, 1, 0], [0, 0, 1]]

DIRECTION = [[1, 0.5], [-0.25, 2]]


def _stress_along(F):
    """sum P : A with P = mu F - mu inv(F).T + lam log J inv(F).T, for a 2x2 F."""
    (a, b), (c, d) = F
    det = a * d - b * c
    inv_t = [[d / det, -c / det], [-b / det, a / det]]
    log_j = mpmath.log(det)
    return sum((MU * F[i][j] + (LAM * log_j - MU) * inv_t[i][j]) * mpf(DIRECTION[i][j]) for i in range(2) for j in range(2))


# ------------------------------------------------------------------------------------------------ discrete choice
def _lse(values):
    top = max(values)
    return top + mpmath.log(sum(mpmath.exp(x - top) for x in values))


def _inclusive_slopes(v, lam, dtype="float64"):
    """d/dv lam lse(v / lam) = softmax(v / lam); d/dlam = lse(v / lam) - sum softmax(v / lam) v / lam."""
    def truth():
        vs, la = _in(dtype, v), _held(dtype, lam)
        scaled = [x / la for x in vs]
        lse = _lse(scaled)
        weights = [mpmath.exp(x - lse) for x in scaled]
        return {"v": weights, "lam": lse - sum(w * x for w, x in zip(weights, scaled))}
    return hp(truth)


def _only(name, truth):
    return lambda: {name: truth()[name]}


def _nested_nll(v, lam):
    """-log P(0) = -(log P(0 | nest A) + log P(nest A)), P(nest k) from the inclusive values lam lse(v_k / lam)."""
    within = [[v[0] / lam, v[1] / lam], [v[2] / lam, v[3] / lam]]
    ivs = [lam * _lse(w) for w in within]
    return -(within[0][0] - _lse(within[0]) + ivs[0] - _lse(ivs))


FC1_WEIGHT = [[0.5, -1.0], [1.5, 0.25], [-0.75, 0.5]]
FC1_BIAS = _in("float32", [0.1, -0.2, 0.0])  # the model copies torch.tensor(FC1_BIAS), a float32 tensor, in
FC2_WEIGHT = [[1.0, -0.5, 2.0]]
FC2_BIAS = [0.25]
ATTRIBUTES = [[[1.0, 0.5], [0.2, -1.0], [-0.5, 2.0]], [[0.0, 0.0], [1.0, 1.0], [2.0, -0.5]]]
CHOSEN = [2, 0]


def _choice_nll(fc1_weight=FC1_WEIGHT, fc1_bias=FC1_BIAS, fc2_weight=FC2_WEIGHT, fc2_bias=FC2_BIAS):
    total = 0
    for options, chosen in zip(ATTRIBUTES, CHOSEN):
        utilities = []
        for x in options:
            hidden = [mpmath.tanh(sum(mpf(w) * mpf(xi) for w, xi in zip(row, x)) + b) for row, b in zip(fc1_weight, fc1_bias)]
            utilities.append(sum(w * h for w, h in zip(fc2_weight[0], hidden)) + fc2_bias[0])
        total += _lse(utilities) - utilities[chosen]
    return total


def _choice_truth():
    def fc1(fc1_weight, fc1_bias):
        return _choice_nll(fc1_weight=fc1_weight, fc1_bias=fc1_bias)

    def fc2(fc2_weight, fc2_bias):
        return _choice_nll(fc2_weight=fc2_weight, fc2_bias=fc2_bias)
    first, second = num_grad(fc1, fc1_weight=FC1_WEIGHT, fc1_bias=FC1_BIAS), num_grad(fc2, fc2_weight=FC2_WEIGHT,
                                                                                      fc2_bias=FC2_BIAS)

    def truth():
        slopes = {**first(), **second()}
        return {"model.fc1.weight": slopes["fc1_weight"], "model.fc2.bias": slopes["fc2_bias"]}
    return truth


# -------------------------------------------------------------------------------------------------------- ratings
def _elo_slopes(d, dtype, held_log10=False):
    """d/dd -log sigmoid(c d) = -c sigmoid(-c d), c = ln 10 / 400 (ln 10 held in the dtype where the program writes
    math.log(10))."""
    def truth():
        c = (_held(dtype, math.log(10)) if held_log10 else mpmath.log(10)) / 400
        return {"d": [-c * _sig(-c * x) for x in _in(dtype, d)]}
    return hp(truth)


# -------------------------------------------------------------------------------------------------------- weather
def _wind_chill(dtype, floor=None):
    c0, c1, c2, c3 = (_held(dtype, v) for v in (13.12, 0.6215, 11.37, 0.3965))
    p = mpf(0.16)  # PyTorch raises to a Python exponent as the double it is
    low = _held(dtype, floor) if floor else None

    def f(T, v):
        v = max(v, low) if low is not None else v
        power = mpf(0) if v == 0 else v ** p
        return c0 + c1 * T - c2 * power + c3 * T * power
    return f


def _wind_chill_calm(dtype):
    """At v = 0 v^0.16 is 0 whatever T, so d/dT = 0.6215; from the right v's slope is -infinite: none."""
    return hp(lambda: {"T": _held(dtype, 0.6215), "v": NAN})


# ----------------------------------------------------------------------------------------------------- water waves
GRAVITY = 9.81


def _wave(omega, depth, g):
    """k with omega^2 = g k tanh(k h), from the deep-water root."""
    return mpmath.findroot(lambda k: g * k * mpmath.tanh(k * depth) - omega ** 2, omega ** 2 / g / mpmath.sqrt(
        mpmath.tanh(omega ** 2 * depth / g)))


def _wave_slopes(omega, depth, dtype, speed=False):
    """dk/domega = 2 omega / D, dk/dh = -g k^2 sech^2(k h) / D, D = g tanh(k h) + g k h sech^2(k h); the phase speed
    omega / k by the quotient rule."""
    def truth():
        w, h = _in(dtype, [omega, depth])
        g = _held(dtype, GRAVITY)
        k = _wave(w, h, g)
        sech2 = 1 / mpmath.cosh(k * h) ** 2
        slope = g * mpmath.tanh(k * h) + g * k * h * sech2
        d_w, d_h = 2 * w / slope, -g * k ** 2 * sech2 / slope
        if speed:
            return {"omega": 1 / k - w / k ** 2 * d_w, "depth": -w / k ** 2 * d_h}
        return {"omega": d_w, "depth": d_h}
    return hp(truth)


# ------------------------------------------------------------------------------------------------- state space
OBSERVATIONS = [1.0, 1.5, 0.8, 2.0, 1.7]
PRIOR_VARIANCE = 10


def _local_level(dtype):
    """The log-density of y ~ N(0, S), S_ij = P0 + q (min(i, j) - 1) + r [i = j]: the local-level model's marginal,
    written without the filter (2 pi held as the float64 the program writes)."""
    ys = _in(dtype, OBSERVATIONS)
    log_2pi = _held(dtype, math.log(2 * math.pi))
    n = len(ys)

    def f(log_q, log_r):
        q, r = mpmath.exp(log_q), mpmath.exp(log_r)
        cov = mpmath.matrix(n, n)
        for i in range(n):
            for j in range(n):
                cov[i, j] = PRIOR_VARIANCE + q * min(i, j) + (r if i == j else 0)
        y = mpmath.matrix(ys)
        quad = (y.T * mpmath.lu_solve(cov, y))[0]
        return -(quad + mpmath.log(mpmath.det(cov)) + n * log_2pi) / 2
    return f


# -------------------------------------------------------------------------------------------------- Keras pieces
def _cosine_at_zero(b, dtype):
    """Keras' normalize is x min(rsqrt(|x|^2), 1 / eps), eps = 1e-7: near a = 0 it is a / eps, so d/da = b / |b| / eps
    and d/db = 0 (a's image is 0)."""
    def truth():
        bs = _in(dtype, b)
        inv_eps = _held(dtype, 1.0 / 1e-7)
        norm = mpmath.sqrt(sum(x * x for x in bs))
        return {"a": [inv_eps * x / norm for x in bs], "b": [mpf(0)] * len(bs)}
    return hp(truth)


def _cosine(a, b):
    return sum(x * y for x, y in zip(a, b)) / mpmath.sqrt(sum(x * x for x in a) * sum(y * y for y in b))


TRUE_COUNTS = [0, 2, 5]


def _msle_slopes(y_pred, dtype="float32"):
    """d/dp_i = 2 (log(max(p_i, eps) + 1) - log(max(t_i, eps) + 1)) / (p_i + 1) / 3 where p_i > eps, 0 below; at
    p_i = eps = max(t_i, eps) both sides are 0."""
    def truth():
        eps = _held(dtype, 1e-7)
        out = []
        for p, t in zip(_in(dtype, y_pred), _in(dtype, TRUE_COUNTS)):
            gap = mpmath.log(max(p, eps) + 1) - mpmath.log(max(t, eps) + 1)
            slope = 2 * gap / (p + 1) / len(y_pred)
            out.append(slope if p > eps else mpf(0) if p < eps or gap == 0 else NAN)
        return {"y_pred": out}
    return hp(truth)


def _msle(dtype):
    eps = _held(dtype, 1e-7)
    truth = [mpmath.log(max(mpf(t), eps) + 1) for t in _in(dtype, TRUE_COUNTS)]

    def f(y_pred):
        return sum((mpmath.log(max(p, eps) + 1) - t) ** 2 for p, t in zip(y_pred, truth)) / len(truth)
    return f


# ------------------------------------------------------------------------------------------------------ rendering
LIGHT, HALF_VECTOR = [0, 0, 1], [0, 0.6, 0.8]


def _unit(n):
    norm = mpmath.sqrt(sum(x * x for x in n))
    return [x / norm for x in n]


def _lambert(n):
    return max(_unit(n)[2], 0)


def _blinn_phong(dtype):
    h = _in(dtype, HALF_VECTOR)

    def f(n):
        u = _unit(n)
        return max(sum(a * b for a, b in zip(u, h)), 0) ** 64 + max(u[2], 0) ** 2
    return f


def _ray_circle(o):
    """The first hit of x = o + t (1, 0) on the unit circle: t = -ox - sqrt(1 - oy^2)."""
    return -o[0] - mpmath.sqrt(1 - o[1] ** 2)


def _coverage(d, sigma):
    return sum(_sig(x / sigma) for x in d)


def _smoothstep(x):
    total = 0
    for v in x:
        t = min(max((v - mpf(0.25)) / mpf(0.5), 0), 1)
        total += t * t * (3 - 2 * t)
    return total


# ------------------------------------------------------------------------------------------------------ cases
VM_SLIP = "class VonMisesSlip>>def backward(ctx, grad):"
LOGDET_SLIP = "class LogDetSlip>>def backward(ctx, grad):"
WAVE_SLIP = "class WaveNumberSlip>>def backward(ctx, grad):"
NEST_SLIP = "class Nest>>def grad(dy, variables=None):"
IV_NAIVE = "return lam * torch.log(torch.exp(v / lam).sum())"
IV_LSE = "return lam * torch.logsumexp(v / lam, dim=0)"
ELO_POWER = "expected = 1 / (1 + 10 ** (-d / ELO_SCALE))"
ELO_LOG = "return -torch.log(expected).sum()"
ELO_POWER_K = "expected = 1 / (1 + tf.pow(tf.constant(10.0, d.dtype), -d / ELO_SCALE))"
COVERAGE = "return torch.sigmoid(d / sigma).sum()"
COVERAGE_NAIVE = "return (1 / (1 + torch.exp(-d / sigma))).sum()"
RAY_LINE = "return -b - torch.sqrt(b * b - c)"
DOT_LINE = "return tf.reduce_sum(keras.layers.Dot(axes=1, normalize=True)([a[None, :], b[None, :]]))"

WAVE_POINTS = [(1, 10, ("float64", "float32")), (2, 1, ("float64",)), (0.1, 5, ("float64",)), (5, 0.2, ("float32",))]


def _waves(file, function, points=WAVE_POINTS, verdict="ok", line=None, speed=False):
    return [Case(file, function, _at(omega=w, depth=h), dtype, verdict, _wave_slopes(w, h, dtype, speed), line)
            for w, h, dtypes in points for dtype in dtypes]


def _iv(function, v, lam, dtype, verdict="ok", line=None, fix=None):
    return Case(T, function, _at(v=v, lam=lam), dtype, verdict, _inclusive_slopes(v, lam, dtype), line, fix)


TORCH = _both(T, "von_mises", {"s": GENERAL}, lambda d: _von_mises_slopes(GENERAL, d)) + [
    Case(T, "von_mises", _at(s=UNIAXIAL), "float64", "ok", _von_mises_slopes(UNIAXIAL)),
    # a hydrostatic state is the cone's apex: along every component the slopes from either side differ
    Case(T, "von_mises", _at(s=HYDROSTATIC), "float64", "domain", sided_grad(_von_mises, s=HYDROSTATIC)),
    Case(T, "von_mises", _at(s=HYDROSTATIC), "float32", "domain", sided_grad(_von_mises, "float32", s=HYDROSTATIC)),
] + _both(T, "von_mises_eps", {"s": GENERAL}, lambda d: _von_mises_slopes(GENERAL, d, 1e-12)) + _both(
    # with 1e-12 under the root the apex is smooth and flat
    T, "von_mises_eps", {"s": HYDROSTATIC}, lambda d: _von_mises_slopes(HYDROSTATIC, d, 1e-12)) + [
    Case(T, "von_mises_rule", _at(s=GENERAL), "float64", "ok", _von_mises_slopes(GENERAL)),
    Case(T, "von_mises_rule", _at(s=HYDROSTATIC), "float64", "domain", sided_grad(_von_mises, s=HYDROSTATIC)),
    Case(T, "von_mises_rule_slip", _at(s=GENERAL), "float64", "wrong", _von_mises_slopes(GENERAL), VM_SLIP),
    # without shear the forgotten factor multiplies zeros
    Case(T, "von_mises_rule_slip", _at(s=UNIAXIAL), "float64", "ok", _von_mises_slopes(UNIAXIAL)),
    Case(T, "von_mises_rule_slip", _at(s=UNIAXIAL), "float32", "ok", _von_mises_slopes(UNIAXIAL, "float32")),
    Case(T, "yield_penalty", _at(s=GENERAL), "float64", "ok", num_grad(_penalty, s=GENERAL)),
    # exactly on the yield surface (vm = 2): relu squared meets 0 with slope 0
    Case(T, "yield_penalty", _at(s=UNIAXIAL), "float64", "ok", sided_grad(_penalty, s=UNIAXIAL)),
    Case(T, "yield_penalty", _at(s=UNIAXIAL), "float32", "ok", sided_grad(_penalty, "float32", s=UNIAXIAL)),
] + _both(T, "neo_hookean", {"F": F_GENERAL}, lambda d: _neo_hookean_slopes(F_GENERAL, d)) + _both(
    T, "neo_hookean", {"F": F_THIN}, lambda d: _neo_hookean_slopes(F_THIN, d)) + [
    # det F = -1: the energy has no value (log of a negative), so no derivative
    Case(T, "neo_hookean", _at(F=F_INVERTED), "float64", "domain", lambda: {"F": [[NAN] * 3] * 3}),
    Case(T, "neo_hookean_rule", _at(F=F_GENERAL), "float64", "ok", _neo_hookean_slopes(F_GENERAL)),
    Case(T, "neo_hookean_rule", _at(F=F_GENERAL), "float32", "ok", _neo_hookean_slopes(F_GENERAL, "float32")),
    Case(T, "neo_hookean_rule_slip", _at(F=F_GENERAL), "float64", "wrong", _neo_hookean_slopes(F_GENERAL), LOGDET_SLIP),
    # a symmetric F has a symmetric inverse: the missing transpose changes nothing
    Case(T, "neo_hookean_rule_slip", _at(F=F_SYMMETRIC), "float64", "ok", _neo_hookean_slopes(F_SYMMETRIC)),
    _iv("inclusive_value_naive", [1, 2], 0.5, "float64"),
    _iv("inclusive_value_naive", [1, 2], 0.5, "float32"),
    # at lam = 0.01 the slope in lam, lse(v / lam) - sum w v / lam = 3.7e-42, is two 200s cancelling in any spelling
    _iv("inclusive_value_naive", [1, 2], 0.01, "float64", "unstable", IV_NAIVE),
    _iv("inclusive_value_naive", [1, 2], 0.01, "float32", "unstable", IV_NAIVE),
    _iv("inclusive_value", [1, 2], 0.01, "float32", "unstable", IV_LSE),
    # in v alone the naive exp(100) overflows float32 (exp(2000) float64 in every slope), and logsumexp mends it
    Case(T, "inclusive_value_naive", _at(v=[1, 2], lam=0.02), "float32", "unstable",
         _only("v", _inclusive_slopes([1, 2], 0.02, "float32")), IV_NAIVE, "torch.logsumexp(", wrt="v"),
    _iv("inclusive_value_naive", [1, 2], 0.001, "float64", "unstable", IV_NAIVE),
    # (its slope in lam, 1001 e^-1000, rounds to the 0 that 2000 - 2000 is)
    _iv("inclusive_value", [1, 2], 0.001, "float64"),
    # a tie as lam shrinks: the weights stay 1/2 and d/dlam is log 2
    _iv("inclusive_value", [1, 1], 0.001, "float64"),
] + _both(T, "nested_logit_nll", {"v": [1, 2, 0.5, 1.5], "lam": 0.5},
          lambda d: num_grad(_nested_nll, d, v=[1, 2, 0.5, 1.5], lam=0.5)) + [
    # the third alternative's slope, 1.4e-44, is a float32 subnormal, which exp(-100) inside the nest's logsumexp
    # holds to 2%
    Case(T, "nested_logit_nll", _at(v=[1, 2, 0.5, 1.5], lam=0.01), "float32", "unstable",
         num_grad(_nested_nll, "float32", v=[1, 2, 0.5, 1.5], lam=0.01)),
    Case(T, "nested_logit_nll", _at(v=[1, 2, 0.5, 1.5], lam=1), "float64", "ok",
         num_grad(_nested_nll, v=[1, 2, 0.5, 1.5], lam=1)),
    Case(T, "choice_nll", None, "float64", "ok", _choice_truth(), args="choice_args", wrt="model.fc1.weight,model.fc2.bias"),
    # a misspelt parameter name
    Case(T, "choice_nll_mean", None, "float64", "input-error", args="choice_args", wrt="model.fc1.weights",
         message=("model.fc1.weights",)),
] + _both(T, "elo_loss_naive", {"d": [100, -50]}, lambda d: _elo_slopes([100, -50], d)) + [
    # 10^100 overflows float32 (the expected score becomes 0 and its log -inf), 10^1000 float64
    Case(T, "elo_loss_naive", _at(d=[-40000]), "float32", "unstable", _elo_slopes([-40000], "float32"), ELO_POWER),
    Case(T, "elo_loss_naive", _at(d=[-400000]), "float64", "unstable", _elo_slopes([-400000], "float64"), ELO_POWER),
    # a favourite's win: 1 + 10^-100 rounds to 1, and the loss log(1 + 10^-100) = 2.3e-100 to 0 (its slope keeps
    # 10^-100's digits)
    Case(T, "elo_loss_naive", _at(d=[40000]), "float64", "unstable", _elo_slopes([40000], "float64"), ELO_LOG),
    Case(T, "elo_loss", _at(d=[-40000]), "float32", "ok", _elo_slopes([-40000], "float32", True)),
    Case(T, "elo_loss", _at(d=[-400000, 40000]), "float64", "ok", _elo_slopes([-400000, 40000], "float64", True)),
    Case(T, "elo_loss_bernoulli", _at(d=[-40000]), "float32", "ok", _elo_slopes([-40000], "float32", True)),
    Case(T, "elo_loss_bernoulli", _at(d=[100, -50]), "float64", "ok", _elo_slopes([100, -50], "float64", True)),
] + _both(T, "wind_chill", {"T": -10, "v": 20}, lambda d: num_grad(_wind_chill(d), d, T=-10, v=20)) + [
    Case(T, "wind_chill", _at(T=-10, v=0), "float64", "domain", _wind_chill_calm("float64")),
    Case(T, "wind_chill", _at(T=-10, v=0), "float32", "domain", _wind_chill_calm("float32")),
    # below the formula's lowest speed the clamp holds v: flat in v
    Case(T, "wind_chill_calm", _at(T=-10, v=0), "float64", "ok", num_grad(_wind_chill("float64", 4.8), T=-10, v=0)),
    Case(T, "wind_chill_calm", _at(T=-10, v=20), "float32", "ok",
         num_grad(_wind_chill("float32", 4.8), "float32", T=-10, v=20)),
    # exactly at the clamp: 0 from the left, the power's slope from the right
    Case(T, "wind_chill_calm", _at(T=-10, v=4.8), "float64", "domain", sided_grad(_wind_chill("float64", 4.8), T=-10, v=4.8)),
    Case(T, "wind_chill_calm", _at(T=-10, v=4.8), "float32", "domain",
         sided_grad(_wind_chill("float32", 4.8), "float32", T=-10, v=4.8)),
] + _waves(T, "wavenumber") + _waves(T, "wavenumber_rule", WAVE_POINTS[:3]) + _waves(
    T, "wavenumber_rule_slip", WAVE_POINTS[:1], "wrong", WAVE_SLIP) + _waves(
    T, "phase_speed", [(1, 10, ("float64",)), (5, 0.2, ("float32",))], speed=True) + [
    Case(T, "wavenumber_to_tolerance", _at(omega=1, depth=10), "float64", "input-error",
         message=("torch_lib35b.py:", "branches on a tensor's value")),
    # depth forgotten on the command line
    Case(T, "wavenumber", _at(omega=1), "float64", "input-error", message=("depth",)),
] + _both(T, "lambert", {"n": [0.3, 0.4, 1.2]}, lambda d: num_grad(_lambert, d, n=[0.3, 0.4, 1.2])) + [
    # the terminator: n . l = 0, lit on one side only
    Case(T, "lambert", _at(n=[1, 0, 0]), "float64", "domain", sided_grad(_lambert, n=[1, 0, 0])),
    Case(T, "lambert", _at(n=[0.5, 0, -1]), "float64", "ok", sided_grad(_lambert, n=[0.5, 0, -1])),
    Case(T, "blinn_phong", _at(n=[0.3, 0.4, 1.2]), "float64", "ok",
         num_grad(_blinn_phong("float64"), n=[0.3, 0.4, 1.2])),
    Case(T, "blinn_phong", _at(n=[0.3, 0.4, 1.2]), "float32", "ok",
         num_grad(_blinn_phong("float32"), "float32", n=[0.3, 0.4, 1.2])),
    # both terms switch off at n = (1, 0, 0), each flat there
    Case(T, "blinn_phong", _at(n=[1, 0, 0]), "float64", "ok", sided_grad(_blinn_phong("float64"), n=[1, 0, 0])),
] + _both(T, "ray_sphere", {"o": [-3, 0.5]}, lambda d: num_grad(_ray_circle, d, o=[-3, 0.5])) + [
    # grazing: the discriminant 1 - oy^2 is 0, an infinite slope in oy; in ox the hit moves with the origin
    Case(T, "ray_sphere", _at(o=[-3, 1]), "float64", "wrong", lambda: {"o": [mpf(-1), NAN]}),
    # far away b^2 - c cancels the origin's distance squared down to 1 - oy^2
    Case(T, "ray_sphere", _at(o=[-1e4, 0.5]), "float32", "unstable", num_grad(_ray_circle, "float32", o=[-1e4, 0.5]),
         RAY_LINE),
    # (at oy = 0.5 float64 holds 1e14 + 0.25 exactly: oy = 0.3's square is what rounds)
    Case(T, "ray_sphere", _at(o=[-1e7, 0.3]), "float64", "unstable", num_grad(_ray_circle, o=[-1e7, 0.3]), RAY_LINE),
] + _both(T, "soft_coverage", {"d": [0.05, -0.02, 0.001], "sigma": 0.01},
          lambda d: num_grad(_coverage, d, d=[0.05, -0.02, 0.001], sigma=0.01)) + [
    # sigmoid's backward y (1 - y) at d / sigma = 10: float32's 1 - y keeps 3 digits of 4.5e-5
    Case(T, "soft_coverage", _at(d=[0.05, -0.02, 0.001], sigma=1e-4), "float32", "unstable",
         num_grad(_coverage, "float32", d=[0.05, -0.02, 0.001], sigma=1e-4), COVERAGE),
    Case(T, "soft_coverage", _at(d=[0.05, -0.02, 0.0001], sigma=1e-4), "float32", "ok",
         num_grad(_coverage, "float32", d=[0.05, -0.02, 0.0001], sigma=1e-4)),
    Case(T, "soft_coverage_naive", _at(d=[0.05, -0.02, 0.001], sigma=0.01), "float32", "ok",
         num_grad(_coverage, "float32", d=[0.05, -0.02, 0.001], sigma=0.01)),
    # exp(200) past the edge overflows float32: 0 * inf
    Case(T, "soft_coverage_naive", _at(d=[0.05, -0.02, 0.0001], sigma=1e-4), "float32", "unstable",
         num_grad(_coverage, "float32", d=[0.05, -0.02, 0.0001], sigma=1e-4), COVERAGE_NAIVE, "torch.sigmoid("),
] + _both(T, "smoothstep", {"x": [0.25, 0.5, 0.75, 1, 0.1]},
          lambda d: sided_grad(_smoothstep, d, x=[0.25, 0.5, 0.75, 1, 0.1]))

F2_GENERAL = [[1.1, 0.2], [0.1, 0.9]]
F2_THIN = [[1, 0.5], [0, 1e-6]]
F2_INVERTED = [[0, 1], [1, 0]]
KALMAN = {"log_q": -1, "log_r": -0.5}


def _nest_truth(names):
    def truth():
        slopes = _inclusive_slopes([1, 2, -0.5], 0.5)()
        return {name: slopes[key] for name, key in (("layer.dissimilarity", "lam"), ("v", "v")) if name in names}
    return truth


TF = _waves(K, "wavenumber") + _both(K, "stress_along", {"F": F2_GENERAL},
                                     lambda d: num_grad(_stress_along, d, F=F2_GENERAL)) + [
    Case(K, "stress_along", _at(F=F2_THIN), "float64", "ok", num_grad(_stress_along, F=F2_THIN)),
    # det F = -1: the energy, its stress and their slopes have no value
    Case(K, "stress_along", _at(F=F2_INVERTED), "float64", "domain", lambda: {"F": [[NAN] * 2] * 2}),
] + _both(K, "kalman_loglik", KALMAN, lambda d: num_grad(_local_level(d), d, **KALMAN)) + [
    Case(K, "kalman_loglik", _at(log_q=-30, log_r=0), "float64", "ok", num_grad(_local_level("float64"), log_q=-30, log_r=0)),
    Case(K, "kalman_loglik", _at(log_q=2, log_r=-3), "float32", "ok",
         num_grad(_local_level("float32"), "float32", log_q=2, log_r=-3)),
    Case(K, "nest_value", None, "float64", "ok", _nest_truth(("layer.dissimilarity", "v")), args="nest_args",
         wrt="layer.dissimilarity,v"),
    Case(K, "nest_value", None, "float64", "wrong", _nest_truth(("layer.dissimilarity",)), NEST_SLIP,
         args="nest_slip_args", wrt="layer.dissimilarity"),
] + _both(K, "von_mises", {"s": GENERAL}, lambda d: _von_mises_slopes(GENERAL, d)) + [
    # the rule's 0 at the apex is a choice, not a derivative
    Case(K, "von_mises", _at(s=HYDROSTATIC), "float64", "domain", sided_grad(_von_mises, s=HYDROSTATIC)),
    # the Dot layer is float32 (Keras' default dtype): a float64 run keeps float32's digits
    Case(K, "cosine_dot", _at(a=[1, -1, 0.5], b=[1, 2, 2]), "float64", "unstable",
         num_grad(_cosine, a=[1, -1, 0.5], b=[1, 2, 2]), DOT_LINE),
    Case(K, "cosine_dot", _at(a=[1, -1, 0.5], b=[1, 2, 2]), "float32", "ok",
         num_grad(_cosine, "float32", a=[1, -1, 0.5], b=[1, 2, 2])),
    # at a = 0 the minimum picks 1 / eps, so a's image is a / eps: TensorFlow's minimum sends rsqrt(0)'s branch no
    # gradient, and the slope b / |b| / eps is right
    Case(K, "cosine_dot", _at(a=[0, 0, 0], b=[1, 2, 2]), "float32", "ok", _cosine_at_zero([1, 2, 2], "float32")),
    # the prediction 0 sits under the clip at 1e-7: flat
    Case(K, "msle", _at(y_pred=[0, 1, 4]), "float32", "ok", sided_grad(_msle("float32"), "float32", y_pred=[0, 1, 4])),
    # on the clip, where the true count 0 is clipped to the same 1e-7: flat on the left, and on the right the squared
    # difference of logs has a double root there: slope 0 from both sides
    Case(K, "msle", _at(y_pred=[1e-7, 1, 4]), "float32", "ok", _msle_slopes([1e-7, 1, 4])),
    Case(K, "wind_chill", _at(T=-10, v=20), "float64", "ok", num_grad(_wind_chill("float64"), T=-10, v=20)),
    Case(K, "wind_chill", _at(T=-10, v=0), "float32", "domain", _wind_chill_calm("float32")),
    Case(K, "elo_loss_naive", _at(d=[100, -50]), "float64", "ok", _elo_slopes([100, -50], "float64")),
    Case(K, "elo_loss_naive", _at(d=[-40000]), "float32", "unstable", _elo_slopes([-40000], "float32"), ELO_POWER_K),
    Case(K, "elo_loss", _at(d=[-40000]), "float32", "ok", _elo_slopes([-40000], "float32", True)),
] + _both(K, "lambert", {"n": [0.3, 0.4, 1.2]}, lambda d: num_grad(_lambert, d, n=[0.3, 0.4, 1.2])) + [
    Case(K, "lambert", _at(n=[1, 0, 0]), "float64", "domain", sided_grad(_lambert, n=[1, 0, 0])),
    Case(K, "wavenumber", _at(omega=1), "float64", "input-error", message=("depth",)),
]

ALL = TORCH + TF
