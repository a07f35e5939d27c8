"""The twenty-eighth trial set (b), PyTorch and TensorFlow (Keras; TensorFlow Probability is not installed, so its
forms are written with tf): torch.distributions at their edges (a von Mises in its location, a low-rank normal whose
covariance is nearly singular along the point, a relaxed one-hot categorical in its logits and temperature, a
logistic normal near a vertex of the simplex, a TransformedDistribution log-normal, Beta and Dirichlet in their
concentrations), nn.Modules read by parameter name (RMSNorm at zero input, LayerNorm with a tiny epsilon, SwiGLU and
GLU, a top-2 mixture-of-experts gate at a tie, causal attention with a -inf mask and an ALiBi bias), custom
autograd.Functions (straight-through round, gradient reversal, a clamp passing its gradient through, a two-input
rule right and swapped), losses (Dice at an empty mask, Poisson NLL on rates at 0, xlogy at a zero count, F.ctc_loss,
Huber at its delta, smooth L1 with beta 0, margin ranking at its margin, a cosine-distance triplet), and in
TensorFlow Keras' Huber, LogCosh and KLDivergence at zero targets, tf.custom_gradient in the documentation's forms,
softplus_inverse and log1mexp at tiny x, tf.function with autograph's if, tf.while_loop recursions and tf.scan.

Truths are expressions written here, evaluated by mpmath (2,000 digits unless said), never the user files' code;
points are the numbers the dtype holds.
"""

import mpmath

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp
from cases12a import num_grad
from cases23a import _values
from cases27b import _ctc, _points, _f64, _logsumexp, _softmax, _sig

T, K = "torch_lib28b.py", "tf_lib28b.py"


def _each(name, slope, xs, dtype="float64"):
    return hp(lambda: {name: [slope(v) for v in _in(dtype, xs)]})


# ------------------------------------------------------------------------------------------------- von Mises
ANGLES = [0.5, 3.0]


def _vonmises(loc, dtype="float64"):
    """d/dloc of -sum 2 cos(x - loc): -sum 2 sin(x - loc)."""
    def truth():
        m = _in(dtype, [loc])[0]
        return {"loc": -sum(2 * mpmath.sin(x - m) for x in _in(dtype, ANGLES))}
    return hp(truth)


# ------------------------------------------------------------------------------------------- low-rank normal
W_LR = [mp(1), mp(2), mp(-1)]


def _sigma(diag):
    return mpmath.matrix([[W_LR[i] * W_LR[j] + (diag[i] if i == j else 0) for j in range(3)] for i in range(3)])


def _lowrank(xs, diag, dtype="float64"):
    """d/dx log N(x; 0, W W^T + diag): -Sigma^-1 x."""
    def truth():
        solved = mpmath.lu_solve(_sigma(_in(dtype, diag)), mpmath.matrix(_in(dtype, xs)))
        return {"x": [-solved[i] for i in range(3)]}
    return hp(truth)


def _lowrank_diag(diag, xs):
    """d/dD_i log N(x; 0, W W^T + diag(D)): -(Sigma^-1)_ii / 2 + (Sigma^-1 x)_i^2 / 2."""
    def truth():
        inverse = _sigma(_in("float64", diag)) ** -1
        solved = inverse * mpmath.matrix(_in("float64", xs))
        return {"cov_diag": [-inverse[i, i] / 2 + solved[i] ** 2 / 2 for i in range(3)]}
    return hp(truth)


# ------------------------------------------------------------------------------------- relaxed one-hot categorical
RELAXED_Y = [0.7, 0.2, 0.1]


def _relaxed(logits, temperature=None, dtype="float64"):
    """The Gumbel-softmax density (Maddison et al.): (K-1)! tau^(K-1) prod(pi_i y_i^-tau-1) / (sum pi_i y_i^-tau)^K,
    in logs with s_i = logits_i - tau log y_i: lgamma(K) + (K-1) log tau + sum s - K lse(s) - sum log y."""
    tau = _in(dtype, [0.5])[0] if temperature is None else temperature
    y = _in(dtype, RELAXED_Y)
    s = [v - tau * mpmath.log(w) for v, w in zip(logits, y)]
    return mpmath.loggamma(3) + 2 * mpmath.log(tau) + sum(s) - 3 * _logsumexp(s) - sum(mpmath.log(w) for w in y)


# ---------------------------------------------------------------------------------------------- logistic normal
def _logistic_normal(loc, ys, dtype="float64"):
    """d/dloc of sum log N(x_i; loc_i, 0.5) with x the inverse stick-breaking of y: x_i = log y_i - log(1 - y_1 -
    ... - y_i) + log(K - i); (x - loc) / 0.25."""
    def truth():
        y, m = _in(dtype, ys), _in(dtype, loc)
        x = [mpmath.log(y[i]) - mpmath.log(1 - sum(y[:i + 1])) + mpmath.log(2 - i) for i in range(2)]
        return {"loc": [(a - b) / _in(dtype, [0.25])[0] for a, b in zip(x, m)]}
    return hp(truth)


def _lognormal(mus, dtype="float64"):
    """d/dmu of -sum log N(log(y / 2); mu, 1): -(log(y / 2) - mu)."""
    def truth():
        return {"mu": [-(mpmath.log(y / 2) - m) for y, m in zip(_in(dtype, [0.5, 3.0]), _in(dtype, mus))]}
    return hp(truth)


def _beta(conc, dtype="float64"):
    """log x - psi(a) + psi(a + b), log(1 - x) - psi(b) + psi(a + b) at x = 0.3 as the dtype holds it."""
    def truth():
        a, b = _in(dtype, conc)
        x = _in(dtype, [0.3])[0]
        both = mpmath.psi(0, a + b)
        return {"conc": [mpmath.log(x) - mpmath.psi(0, a) + both, mpmath.log(1 - x) - mpmath.psi(0, b) + both]}
    return hp(truth)


SIMPLEX_Y = [0.2, 0.3, 0.5]


def _dirichlet(conc, dtype="float64"):
    def truth():
        a = _in(dtype, conc)
        return {"conc": [mpmath.log(y) - mpmath.psi(0, v) + mpmath.psi(0, sum(a)) for y, v in zip(_in(dtype, SIMPLEX_Y), a)]}
    return hp(truth)


# ---------------------------------------------------------------------------------------------------- modules
READOUT = [mp(1), mp(-2), mp("0.5")]
RMS_GAIN = [mp("1.5"), mp("0.5"), mp(-1)]


def _rms(x, eps):
    scale = mpmath.sqrt(sum(v * v for v in x) / 3 + eps)
    return sum(c * g * v / scale for c, g, v in zip(READOUT, RMS_GAIN, x))


def _rms_eps(dtype):
    return mp(2) ** (-52 if dtype == "float64" else -23)


def _rms_in_x(xs, dtype="float64"):
    return num_grad(lambda x: _rms(x, _rms_eps(dtype)), dtype, x=xs)


def _rms_in_gain(xs):
    """d/dg_i of sum c_i g_i x_i / rms: c_i x_i / rms, rms with float64's epsilon 2^-52."""
    def truth():
        x = _in("float64", xs)
        scale = mpmath.sqrt(sum(v * v for v in x) / 3 + _rms_eps("float64"))
        return {"model.norm.weight": [c * v / scale for c, v in zip(READOUT, x)]}
    return hp(truth)


def _layer_norm(x, eps=mp(2) ** -40):
    mean = sum(x) / 3
    var = sum((v - mean) ** 2 for v in x) / 3
    return sum(c * (v - mean) / mpmath.sqrt(var + eps) for c, v in zip(READOUT, x))


W_UP = [[0.5, -1.0], [1.0, 0.25], [-0.5, 0.75]]
W_GATE = [[1.0, 0.5], [-0.25, 1.0], [0.75, -1.0]]
W_DOWN = [1.0, -0.5, 0.25]


def _swiglu(x):
    total = 0
    for up, gate, down in zip(W_UP, W_GATE, W_DOWN):
        g = sum(mp(a) * b for a, b in zip(gate, x))
        total += down * g * _sig(g) * sum(mp(a) * b for a, b in zip(up, x))
    return total


def _glu(x):
    return x[0] * _sig(x[2]) - 2 * x[1] * _sig(x[3])


GATE_W = [[1, 0], [0, 1], [1, -1]]
EXPERT_W = [[1, 2], [-1, mp("0.5")], [mp("0.5"), mp("-0.5")]]


def _moe(x):
    """The two largest gate logits' softmax weights times their experts' outputs."""
    logits = [sum(a * b for a, b in zip(row, x)) for row in GATE_W]
    top = sorted(range(3), key=lambda i: -logits[i])[:2]
    weights = _softmax([logits[i] for i in top])
    return sum(w * sum(a * b for a, b in zip(EXPERT_W[i], x)) for w, i in zip(weights, top))


KEYS = [[0.5, 1.0], [-1.0, 0.25], [2.0, 2.0]]
VALUES = [[1, -1], [mp("0.5"), 2], [mp("-1.5"), mp("0.25")]]


def _causal_alibi(q, dtype="float64"):
    """Attention's scores scaled as scaled_dot_product_attention scales them: q and k each times d^-1/4 (d = 2), that
    factor rounded to the dtype."""
    scale = _in(dtype, [2 ** -0.25])[0] ** 2
    total = 0
    for i in range(3):
        row = [sum(a * mp(b) for a, b in zip(q[i], KEYS[j])) * scale - mp("0.5") * (i - j) for j in range(i + 1)]
        total += sum(w * sum(VALUES[j]) for j, w in enumerate(_softmax(row)))
    return total


# ----------------------------------------------------------------------------------------------------- losses
def _softplus(x):
    return mpmath.log1p(mpmath.exp(x))


def _scaled_softplus(x, beta):
    return _softplus(beta * x[0]) / beta - 2 * _softplus(beta * x[1]) / beta


COUNTS = [0, 2, 5]


def _poisson_rate(rates, dtype="float64"):
    def truth():
        eps = _in(dtype, [1e-8])[0]
        return {"rate": [1 - y / (r + eps) for y, r in zip(COUNTS, _in(dtype, rates))]}
    return hp(truth)


def _poisson_xlogy(rates):
    """d/drate of rate - y log rate: 1 - y / rate, and 1 where y = 0 (y log rate is 0 for every rate there)."""
    return hp(lambda: {"rate": [1 - (y / r if y else 0) for y, r in zip(COUNTS, _in("float64", rates))]})


def _cos(a, b):
    return sum(u * v for u, v in zip(a, b)) / mpmath.sqrt(sum(u * u for u in a) * sum(v * v for v in b))


def _cosine_triplet(anchor):
    a = anchor[0]
    return max((1 - _cos(a, [1, 2])) - (1 - _cos(a, [2, mp("1.5")])) + mp("0.5"), 0)


def _log1mexp(xs, dtype="float64"):
    return _each("x", lambda v: 1 / mpmath.expm1(v), xs, dtype)


def _cubed_trace(a):
    """d/da tr(S^3), S = (a + a^T) / 2: 3 S^2 (S^2 is symmetric)."""
    def truth():
        m = _in("float64", [v for row in a for v in row])
        sym = mpmath.matrix([[(m[2 * i + j] + m[2 * j + i]) / 2 for j in range(2)] for i in range(2)])
        square = sym * sym
        return {"a": [[3 * square[i, j] for j in range(2)] for i in range(2)]}
    return hp(truth)


Q3 = [[1, 0.5], [0.2, -1], [0.3, 0.3]]
Q3_FAR = [[30, -20], [0.2, -1], [40, 10]]
CTC = [[0.5, -1], [2, 0.3], [-0.3, 0.1], [1, 1]]
CTC_FAR = [[800, -800], [700, -700], [800, -800], [600, -600]]

TORCH = [
    Case(T, "vonmises_nll", "loc=0.2", "float64", "ok", _vonmises(0.2)),
    Case(T, "vonmises_nll", "loc=0.2", "float32", "ok", _vonmises(0.2, "float32")),
    Case(T, "vonmises_nll", "loc=1000", "float64", "ok", _vonmises(1000)),
    Case(T, "lowrank_logp_unit", "x=[0.3,-1,0.8]", "float64", "ok", _lowrank([0.3, -1, 0.8], [1, 1, 1])),
    Case(T, "lowrank_logp_unit", "x=[0.3,-1,0.8]", "float32", "ok", _lowrank([0.3, -1, 0.8], [1, 1, 1], "float32")),
    Case(T, "lowrank_logp", "x=[0.3,-1,0.8]", "float64", "ok", _lowrank([0.3, -1, 0.8], [1e-10] * 3)),
    # x on the factor's line: Woodbury's D^-1 x and its correction, both 5e9, cancel to the slope -x / 12
    Case(T, "lowrank_logp", "x=[0.5,1,-0.5]", "float64", "unstable", _lowrank([0.5, 1, -0.5], [1e-10] * 3)),
    Case(T, "lowrank_in_diag", None, "float64", "ok", _lowrank_diag([0.5, 1, 2], [0.3, -1, 0.8]), args="lowrank_args",
         wrt="cov_diag"),
    Case(T, "relaxed_logp", "logits=[1,-0.5,0.25]", "float64", "ok", num_grad(_relaxed, logits=[1, -0.5, 0.25])),
    Case(T, "relaxed_logp", "logits=[1,-0.5,0.25]", "float32", "ok",
         num_grad(lambda logits: _relaxed(logits, dtype="float32"), "float32", logits=[1, -0.5, 0.25])),
    Case(T, "relaxed_logp", "logits=[800,-800,0]", "float64", "ok", num_grad(_relaxed, logits=[800, -800, 0])),
    Case(T, "relaxed_in_temperature", None, "float64", "ok",
         num_grad(lambda temperature: _relaxed([mp(1), mp("-0.5"), mp("0.25")], temperature), temperature=0.5),
         args="relaxed_args", wrt="temperature"),
    Case(T, "logistic_normal_logp", "loc=[0.3,-0.2]", "float64", "ok", _logistic_normal([0.3, -0.2], SIMPLEX_Y)),
    Case(T, "logistic_normal_logp", "loc=[0.3,-0.2]", "float32", "ok",
         _logistic_normal([0.3, -0.2], SIMPLEX_Y, "float32")),
    # 1 - (y1 + y2) is 5e-10 after the sum rounds at 1: the second coordinate keeps seven digits
    Case(T, "logistic_normal_corner", "loc=[0.3,-0.2]", "float64", "unstable",
         _logistic_normal([0.3, -0.2], [0.999999999, 5e-10, 5e-10])),
    Case(T, "scaled_lognormal_nll", "mu=[0.1,0.2]", "float64", "ok", _lognormal([0.1, 0.2])),
    Case(T, "scaled_lognormal_nll", "mu=[0.1,0.2]", "float32", "ok", _lognormal([0.1, 0.2], "float32")),
    Case(T, "beta_logp", "conc=[2,3]", "float64", "ok", _beta([2, 3])),
    Case(T, "beta_logp", "conc=[2,3]", "float32", "ok", _beta([2, 3], "float32")),
    Case(T, "beta_logp", "conc=[0.001,0.001]", "float64", "ok", _beta([0.001, 0.001])),
    Case(T, "beta_logp", "conc=[1e8,1e8]", "float64", "ok", _beta([1e8, 1e8])),
    Case(T, "dirichlet_logp", "conc=[1,2,3]", "float64", "ok", _dirichlet([1, 2, 3])),
    Case(T, "dirichlet_logp", "conc=[1,2,3]", "float32", "ok", _dirichlet([1, 2, 3], "float32")),
    Case(T, "dirichlet_logp", "conc=[0.001,0.002,0.003]", "float64", "ok", _dirichlet([0.001, 0.002, 0.003])),
    Case(T, "rms_readout", None, "float64", "ok", _rms_in_gain([0.5, -1, 2]), args="rms_args", wrt="model.norm.weight"),
    # an all-zero input: epsilon alone under the root, the gain's slopes are 0
    Case(T, "rms_readout", None, "float64", "ok", _rms_in_gain([0, 0, 0]), args="rms_args_zero",
         wrt="model.norm.weight"),
    Case(T, "rms_at", "x=[0.5,-1,2]", "float64", "ok", _rms_in_x([0.5, -1, 2])),
    Case(T, "rms_at", "x=[0.5,-1,2]", "float32", "ok", _rms_in_x([0.5, -1, 2], "float32")),
    Case(T, "rms_at_converted", "x=[0.5,-1,2]", "float64", "input-error",
         message=("converts a module it builds as it runs", "torch_lib28b.py:", "--args")),
    # at 0 the slope is c g / sqrt(eps), 1e8 in float64
    Case(T, "rms_at", "x=[0,0,0]", "float64", "ok", _rms_in_x([0, 0, 0])),
    Case(T, "rms_at", "x=[0,0,0]", "float32", "ok", _rms_in_x([0, 0, 0], "float32")),
    Case(T, "layer_norm_tiny", "x=[1,1.001,1.0025]", "float64", "ok", num_grad(_layer_norm, x=[1, 1.001, 1.0025])),
    # features 1e-5 apart in float32: the mean's rounding is a percent of each deviation
    Case(T, "layer_norm_tiny", "x=[1,1.00001,1.000025]", "float32", "unstable",
         num_grad(_layer_norm, "float32", x=[1, 1.00001, 1.000025])),
    Case(T, "layer_norm_tiny", "x=[1,1.001,1.0025]", "float32", "ok",
         num_grad(_layer_norm, "float32", x=[1, 1.001, 1.0025])),
    Case(T, "swiglu", "x=[0.5,-1]", "float64", "ok", num_grad(_swiglu, x=[0.5, -1])),
    Case(T, "swiglu", "x=[0.5,-1]", "float32", "ok", num_grad(_swiglu, "float32", x=[0.5, -1])),
    Case(T, "swiglu", "x=[800,-300]", "float64", "ok", num_grad(_swiglu, x=[800, -300])),
    Case(T, "glu", "x=[0.5,-1,2,0.3]", "float64", "ok", num_grad(_glu, x=[0.5, -1, 2, 0.3])),
    Case(T, "moe_top2", "x=[2,0.5]", "float64", "ok", num_grad(_moe, x=[2, 0.5])),
    Case(T, "moe_top2", "x=[2,0.5]", "float32", "ok", num_grad(_moe, "float32", x=[2, 0.5])),
    # experts 1 and 2 tie for second place with different outputs (-1.5 and 0.5): the loss jumps
    Case(T, "moe_top2", "x=[2,1]", "float64", "domain", _values("x", [NAN, NAN])),
    Case(T, "causal_alibi", _points(q=Q3), "float64", "ok", num_grad(_causal_alibi, q=Q3)),
    Case(T, "causal_alibi", _points(q=Q3), "float32", "ok",
         num_grad(lambda q: _causal_alibi(q, "float32"), "float32", q=Q3)),
    # the third query's weights are one-hot to 1e-22: p (g - sum p g) leaves its slopes, 1e-22 beside 1, to rounding
    Case(T, "causal_alibi", _points(q=Q3_FAR), "float64", "unstable", num_grad(_causal_alibi, q=Q3_FAR)),
    # round is flat between its jumps: the straight-through rule's slope is the identity's
    Case(T, "ste_quantized", "x=[0.3,0.9]", "float64", "wrong", _values("x", [0, 0]), "class RoundSTE>>def backward"),
    Case(T, "reversed_features", "x=[0.3,0.9]", "float64", "wrong", _values("x", [mp("0.6"), mp("1.8")]),
         "class GradReverse>>def backward"),
    Case(T, "clamped_square", "x=[0.5,-0.3]", "float64", "ok", _values("x", [1, mp("-0.6")])),
    Case(T, "clamped_square", "x=[2,0.5]", "float64", "wrong", _values("x", [0, 1]), "class LeakyClamp>>def backward"),
    Case(T, "scaled_softplus", "x=[0.5,-1],beta=2", "float64", "ok", num_grad(_scaled_softplus, x=[0.5, -1], beta=2)),
    Case(T, "scaled_softplus", "x=[0.5,-1],beta=2", "float32", "ok",
         num_grad(_scaled_softplus, "float32", x=[0.5, -1], beta=2)),
    Case(T, "scaled_softplus_swapped", "x=[0.5,-1],beta=2", "float64", "wrong",
         num_grad(_scaled_softplus, x=[0.5, -1], beta=2), "class ScaledSoftplusSwapped>>def backward"),
    Case(T, "dice_empty", "p=[0.2,0.7,0.1]", "float64", "ok", _values("p", [mp("0.25")] * 3)),
    Case(T, "dice_empty", "p=[0,0,0]", "float64", "ok", _values("p", [1, 1, 1])),
    Case(T, "dice_unsmoothed", "p=[0.2,0.7,0.1]", "float64", "ok", _values("p", [0, 0, 0])),
    Case(T, "poisson_rate", "rate=[0,1,2]", "float64", "ok", _poisson_rate([0, 1, 2])),
    Case(T, "poisson_rate", "rate=[0,1,2]", "float32", "ok", _poisson_rate([0, 1, 2], "float32")),
    # a count at rate 0: the slope 1 - 2 / 1e-8
    Case(T, "poisson_rate", "rate=[1,0,2]", "float64", "ok", _poisson_rate([1, 0, 2])),
    Case(T, "poisson_xlogy", "rate=[0.5,1,2]", "float64", "ok", _poisson_xlogy([0.5, 1, 2])),
    # xlogy(0, rate) is 0 for every rate, but its backward's y / rate is 0 / 0 at any precision: the rule is wrong there
    Case(T, "poisson_xlogy", "rate=[0,1,2]", "float64", "wrong", _poisson_xlogy([0, 1, 2]),
         "return (rate - torch.xlogy(y, rate)).sum()", "where(y == 0"),
    Case(T, "ctc_builtin", _points(logits=CTC), "float64", "ok", num_grad(_ctc, logits=CTC)),
    Case(T, "ctc_builtin", _points(logits=CTC), "float32", "ok", num_grad(_ctc, "float32", logits=CTC)),
    # PyTorch's kernel forms each slope from log-space alpha and beta: the slopes of 1e-87 and 1e-174 beside 1 keep
    # their digits (the forward algorithm written by hand loses them, tf_lib27b's ctc_forward)
    Case(T, "ctc_builtin", _points(logits=CTC_FAR), "float64", "ok", num_grad(_ctc, logits=CTC_FAR)),
    # |r| = delta at the first entry: Huber is C1 there, its slope delta
    Case(T, "huber", "pred=[0.5,1.2,-2]", "float64", "ok", _values("pred", [mp("0.5"), _f64(1.2) - 1, 0])),
    Case(T, "huber", "pred=[0.5,1.2,-2]", "float32", "ok",
         hp(lambda: {"pred": [mp("0.5"), _in("float32", [1.2])[0] - 1, 0]})),
    Case(T, "smooth_l1_zero_beta", "pred=[0.5,1.2,-1]", "float64", "ok", _values("pred", [1, 1, 1])),
    Case(T, "smooth_l1_zero_beta", "pred=[0,1.2,-1]", "float64", "domain", _values("pred", [NAN, 1, 1])),
    Case(T, "eig_sum_cubed", "a=[[1,0],[0,1]]", "float64", "ok", _values("a", [[3, 0], [0, 3]])),
    Case(T, "eig_cubed_trace", "a=[[2,0.5],[0.5,1]]", "float64", "ok", _cubed_trace([[2, 0.5], [0.5, 1]])),
    Case(T, "eig_cubed_trace", "a=[[2,0.5],[-0.25,1]]", "float64", "ok", _cubed_trace([[2, 0.5], [-0.25, 1]])),
    # a double eigenvalue: tr(S^3) is smooth (3 S^2), but eigh's eigenvector rule divides by the eigenvalues' gap, 0
    Case(T, "eig_cubed_trace", "a=[[1,0],[0,1]]", "float64", "wrong", _values("a", [[3, 0], [0, 3]])),
    Case(T, "energy_or_mass", "x=[1,2]", "float64", "ok", _values("x", [2, 4])),
    Case(T, "energy_or_mass", "x=[1,-1]", "float64", "domain", _values("x", [NAN, NAN])),
    Case(T, "ranking", "s1=[0.2,1]", "float64", "ok", _values("s1", [-1, -1])),
    Case(T, "ranking", "s1=[0.5,1]", "float64", "domain", _values("s1", [NAN, -1])),
    Case(T, "cosine_triplet", "anchor=[[1,2]]", "float64", "ok", num_grad(_cosine_triplet, anchor=[[1, 2]])),
    Case(T, "cosine_triplet", "anchor=[[0.5,-1]]", "float64", "ok", num_grad(_cosine_triplet, anchor=[[0.5, -1]])),
    Case(T, "logcosh_naive", "x=[3,1]", "float64", "ok", _each("x", mpmath.tanh, [3, 1])),
    # cosh(800) overflows: log(inf)
    Case(T, "logcosh_naive", "x=[800,1]", "float64", "unstable", _each("x", mpmath.tanh, [800, 1]),
         "return torch.log(torch.cosh(x)).sum()"),
    Case(T, "log1mexp_naive", "x=[0.5,1]", "float64", "ok", _log1mexp([0.5, 1])),
    # exp(-1e-20) rounds to 1: log 0
    Case(T, "log1mexp_naive", "x=[1e-20,1]", "float64", "unstable", _log1mexp([1e-20, 1])),
    Case(T, "log1mexp_where", "x=[0.5,3]", "float64", "ok", _log1mexp([0.5, 3])),
    # the untaken log1p(-exp(-x)) is log1p(-1) = -inf at x = 1e-20: 0 * inf in torch.where's backward
    Case(T, "log1mexp_where", "x=[1e-20,3]", "float64", "unstable", _log1mexp([1e-20, 3])),
    Case(T, "log1mexp_where", "x=[1e-9,3]", "float32", "unstable", _log1mexp([1e-9, 3], "float32")),
]



# ------------------------------------------------------------------------------------------------------ TensorFlow
HUBER_T = [0, 1, -2]


def _huber(preds, dtype="float64", delta=mp("0.5")):
    """d/dpred of mean Huber_delta(pred - y): clip(r, -delta, delta) / 3."""
    return hp(lambda: {"pred": [max(min(p - y, delta), -delta) / 3 for p, y in zip(_in(dtype, preds), HUBER_T)]})


def _logcosh(preds, dtype="float32"):
    return hp(lambda: {"pred": [mpmath.tanh(p - y) / 3 for p, y in zip(_in(dtype, preds), HUBER_T)]})


def _kld(preds, dtype="float32"):
    """-t / p with Keras' clip of both to [1e-7, 1] (as float32 holds 1e-7): 0 where p is below the clip."""
    def truth():
        eps = _in(dtype, [1e-7])[0]
        targets = [max(t, eps) for t in _in(dtype, [0, 0.3, 0.7])]
        return {"pred": [-t / p if p > eps else mp(0) for t, p in zip(targets, _in(dtype, preds))]}
    return hp(truth)


def _keras_rms(x, eps=_f64(1e-6)):
    scale = mpmath.sqrt(sum(v * v for v in x) / 3 + eps)
    return sum(c * v / scale for c, v in zip(READOUT, x))


REG_X = [[1, 2], [mp("-0.5"), _f64(0.3)], [2, -1]]
REG_Y = [mp("0.5"), mp(-1), mp(2)]


def _regressor(kernel):
    """mean (softplus(x K + b) R - y)^2, b = (0.1, -0.2), R = (1, -0.5), the readout's bias 0; Keras' Constant
    initializer makes its list a float32 tensor before the cast to the layer's float64: b keeps float32's digits."""
    bias, readout = _in("float32", [0.1, -0.2]), [mp(1), mp("-0.5")]
    total = 0
    for x, y in zip(REG_X, REG_Y):
        hidden = [_softplus(sum(x[i] * kernel[i][j] for i in range(2)) + bias[j]) for j in range(2)]
        total += (sum(h * r for h, r in zip(hidden, readout)) - y) ** 2
    return total / 3


def _regressor_truth():
    grads = num_grad(_regressor, kernel=[[0.5, -1.0], [1.5, 0.25]])
    return lambda: {"model.hidden.kernel": grads()["kernel"]}


def _newton(a, steps=6):
    total = 0
    for v in a:
        y = mp(1)
        for _ in range(steps):
            y = (y + v / y) / 2
        total += y
    return total


TRANSITIONS = [[0.9, 0.1], [0.2, 0.8]]


def _hmm(emissions, dtype="float64"):
    """-log sum over state paths of 1/2 prod trans prod exp(emission), the constants as the dtype holds them."""
    trans = [_in(dtype, row) for row in TRANSITIONS]
    half = _in(dtype, [0.5])[0]
    alpha = [half * mpmath.exp(e) for e in emissions[0]]
    for row in emissions[1:]:
        alpha = [sum(alpha[i] * trans[i][j] for i in range(2)) * mpmath.exp(row[j]) for j in range(2)]
    return -mpmath.log(sum(alpha))


SERIES = [1, 2, mp("0.5"), 3]


def _ema(decay):
    s = SERIES[0]
    for x in SERIES[1:]:
        s = decay * s + (1 - decay) * x
    return s


def _ragged(xs):
    """softmax over each row of the ragged batch [x0, x1], [x2, x3, x4]."""
    def truth():
        x = _in("float64", xs)
        return {"x": _softmax(x[:2]) + _softmax(x[2:])}
    return hp(truth)


HMM = [[-0.5, -1], [-2, -0.1], [-0.3, -1.5], [-1, -1]]
HMM_FAR = [[-800, -900], [-700, -750], [-600, -650], [-800, -700]]
HMM_FAR32 = [[-80, -90], [-70, -75], [-60, -65], [-80, -70]]

TF = [
    Case(K, "keras_huber", "pred=[0.5,1.2,-2]", "float32", "ok", _huber([0.5, 1.2, -2], "float32")),
    # a Keras loss computes in keras.config.floatx(), float32, whatever the predictions' dtype
    Case(K, "keras_huber", "pred=[0.5,1.2,-2]", "float64", "unstable", _huber([0.5, 1.2, -2])),
    Case(K, "keras_huber64", "pred=[0.5,1.2,-2]", "float64", "ok", _huber([0.5, 1.2, -2])),
    Case(K, "keras_huber64", "pred=[3,-1,-2.25]", "float64", "ok", _huber([3, -1, -2.25])),
    Case(K, "keras_logcosh", "pred=[1000,1.2,-2]", "float32", "ok", _logcosh([1000, 1.2, -2])),
    Case(K, "keras_logcosh", "pred=[0.5,1.2,-2]", "float32", "ok", _logcosh([0.5, 1.2, -2])),
    Case(K, "keras_kld", "pred=[0.2,0.3,0.5]", "float32", "ok", _kld([0.2, 0.3, 0.5])),
    # the prediction's 0 is clipped to 1e-7: flat there
    Case(K, "keras_kld", "pred=[0,0.3,0.7]", "float32", "ok", _kld([0, 0.3, 0.7])),
    Case(K, "keras_rms", "x=[0.5,-1,2]", "float64", "ok", num_grad(_keras_rms, x=[0.5, -1, 2])),
    Case(K, "keras_rms", "x=[0,0,0]", "float64", "ok", num_grad(_keras_rms, x=[0, 0, 0])),
    Case(K, "keras_rms", "x=[0,0,0]", "float32", "ok",
         num_grad(lambda x: _keras_rms(x, _in("float32", [1e-6])[0]), "float32", x=[0, 0, 0])),
    Case(K, "regressor_loss", None, "float64", "ok", _regressor_truth(), args="regressor_args", wrt="model.hidden.kernel"),
    Case(K, "softplus_documented", "x=[1,2]", "float32", "ok", _each("x", _sig, [1, 2], "float32")),
    Case(K, "softplus_documented", "x=[1,2]", "float64", "ok", _each("x", _sig, [1, 2])),
    # e^100 overflows float32: the value is log(inf), the rule's slope is right
    Case(K, "softplus_documented", "x=[100,1]", "float32", "unstable", _each("x", _sig, [100, 1], "float32"),
         "def log1pexp(x):>>e = tf.exp(x)"),
    # log(1 + e^-10) in float32: 1 + e keeps 3 of its 8 digits of e, and the rule's 1 - 1 / (1 + e) cancels
    Case(K, "softplus_documented", "x=[-10,1]", "float32", "unstable", _each("x", _sig, [-10, 1], "float32")),
    Case(K, "softplus_documented", "x=[800,1]", "float64", "unstable", _each("x", _sig, [800, 1])),
    Case(K, "clipped_energy", "x=[0.3,0.2]", "float64", "ok", _values("x", [mp("0.6"), mp("0.4")])),
    # the gradient (6, 8) has norm 10: clipped to (0.6, 0.8)
    Case(K, "clipped_energy", "x=[3,4]", "float64", "wrong", _values("x", [6, 8]), "def grad_fn(dresult):"),
    Case(K, "softplus_inverse_naive", "x=[0.5,1]", "float32", "ok",
         _each("x", lambda v: -1 / mpmath.expm1(-v), [0.5, 1], "float32")),
    # exp(1e-30) rounds to 1: log 0
    Case(K, "softplus_inverse_naive", "x=[1e-30,1]", "float32", "unstable",
         _each("x", lambda v: -1 / mpmath.expm1(-v), [1e-30, 1], "float32")),
    Case(K, "softplus_inverse_naive", "x=[100,1]", "float32", "unstable",
         _each("x", lambda v: -1 / mpmath.expm1(-v), [100, 1], "float32")),
    Case(K, "softplus_inverse", "x=[1e-30,100]", "float32", "ok",
         _each("x", lambda v: -1 / mpmath.expm1(-v), [1e-30, 100], "float32")),
    Case(K, "softplus_inverse", "x=[1e-300,800]", "float64", "ok",
         _each("x", lambda v: -1 / mpmath.expm1(-v), [1e-300, 800])),
    Case(K, "log1mexp_where", "x=[0.5,3]", "float64", "ok", _log1mexp([0.5, 3])),
    Case(K, "log1mexp_where", "x=[1e-20,3]", "float64", "unstable", _log1mexp([1e-20, 3])),
    Case(K, "log1mexp_safe", "x=[1e-20,3]", "float64", "ok", _log1mexp([1e-20, 3])),
    Case(K, "log1mexp_safe", "x=[1e-9,3]", "float32", "ok", _log1mexp([1e-9, 3], "float32")),
    Case(K, "piecewise_autograph", "x=[0.5,2,-1]", "float64", "ok", _values("x", [1, 2, -2])),
    # at x = 1 the pieces meet with one slope, 2
    Case(K, "piecewise_autograph", "x=[1,2,-1]", "float64", "ok", _values("x", [2, 2, -2])),
    Case(K, "piecewise_autograph", "x=[1,2,-1]", "float32", "ok", _values("x", [2, 2, -2])),
    Case(K, "energy_or_mass", "x=[1,2]", "float64", "ok", _values("x", [2, 4])),
    Case(K, "energy_or_mass", "x=[-1,-2]", "float64", "ok", _values("x", [-1, -1])),
    # the total is 0: sum(x^2)'s slope (2, -2) on one side, -1 on the other
    Case(K, "energy_or_mass", "x=[1,-1]", "float64", "domain", _values("x", [NAN, NAN])),
    Case(K, "newton_sqrt", "a=[2,9]", "float64", "ok", num_grad(_newton, a=[2, 9])),
    Case(K, "newton_sqrt", "a=[2,9]", "float32", "ok", num_grad(_newton, "float32", a=[2, 9])),
    Case(K, "newton_sqrt", "a=[1e-10,1e10]", "float64", "ok", num_grad(_newton, a=[1e-10, 1e10])),
    Case(K, "hmm_nll", _points(emissions=HMM), "float64", "ok", num_grad(_hmm, emissions=HMM)),
    Case(K, "hmm_nll", _points(emissions=HMM), "float32", "ok",
         num_grad(lambda emissions: _hmm(emissions, "float32"), "float32", emissions=HMM)),
    Case(K, "hmm_nll", _points(emissions=HMM_FAR), "float64", "ok", num_grad(_hmm, emissions=HMM_FAR)),
    Case(K, "hmm_nll_probs", _points(emissions=HMM), "float64", "ok", num_grad(_hmm, emissions=HMM)),
    # e^-800 is 0 in float64: every alpha underflows, log 0
    Case(K, "hmm_nll_probs", _points(emissions=HMM_FAR), "float64", "unstable", num_grad(_hmm, emissions=HMM_FAR)),
    Case(K, "hmm_nll_probs", _points(emissions=HMM_FAR32), "float32", "unstable",
         num_grad(lambda emissions: _hmm(emissions, "float32"), "float32", emissions=HMM_FAR32)),
    Case(K, "distance_to_origin", "x=[3,4]", "float64", "ok", _values("x", [mp("0.6"), mp("0.8")])),
    Case(K, "distance_to_origin", "x=[0,0]", "float64", "domain", _values("x", [NAN, NAN])),
    Case(K, "eig_cubed_trace", "a=[[2,0.5],[0.5,1]]", "float64", "ok", _cubed_trace([[2, 0.5], [0.5, 1]])),
    # TensorFlow's eigh rule drops the 1 / 0 of equal eigenvalues: 3 S^2 at a double eigenvalue, right
    Case(K, "eig_cubed_trace", "a=[[1,0],[0,1]]", "float64", "ok", _values("a", [[3, 0], [0, 3]])),
    Case(K, "ragged_lse", "x=[1,2,3,-1,0.5]", "float64", "ok", _ragged([1, 2, 3, -1, 0.5])),
    Case(K, "ragged_lse", "x=[1000,2,3,-1,-1000]", "float64", "ok", _ragged([1000, 2, 3, -1, -1000])),
    # the Python inside tf.py_function is no graph TensorFlow shows: a clear refusal, naming the op and its line
    Case(K, "py_function_energy", "x=[1,2]", "float64", "input-error",
         message=("EagerPyFunc", "tf_lib28b.py:", "write that part with TensorFlow operations")),
    Case(K, "three_regimes", "x=2", "float64", "ok", _values("x", 2)),
    Case(K, "three_regimes", "x=1", "float64", "ok", _values("x", 2)),
    Case(K, "three_regimes", "x=0.5", "float32", "ok", _values("x", 1)),
    Case(K, "ema_last", "decay=0.9", "float64", "ok", num_grad(_ema, decay=0.9)),
    Case(K, "ema_last", "decay=0.9", "float32", "ok", num_grad(_ema, "float32", decay=0.9)),
    Case(K, "ema_last", "decay=0.999999", "float64", "ok", num_grad(_ema, decay=0.999999)),
]

ALL = TORCH + TF
