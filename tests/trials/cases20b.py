"""The twentieth trial set (b), PyTorch and TensorFlow/Keras: torch.distributions not tried before (HalfNormal and
HalfCauchy in a tiny scale, Uniform with a sample on its lower edge, Independent Normal with a softplus scale, a
StickBreakingTransform density in its sample), shrinkage, prelu, cummax and pooling at their switches, pdist at a
repeated point, F.normalize at 0, a torch.special function PyTorch does not differentiate, matrix_exp and the
determinant of a singular matrix, torch.func.hessian and functional_call, autograd.Functions with the mistakes
tutorials warn of, a LayerNorm/GELU/Mish MLP; tf.math's polyval, elu/silu, multiply_no_nan, reciprocal_no_nan,
xlogy at 0, variance and std of a constant vector, sort at a tie, an empty segment's max, unscaled Bessel K0 and I1,
Fresnel's sine, betainc near 0, a von Mises concentration by bessel_i0e, Keras' CosineSimilarity and sparse
cross-entropy on probabilities, nested tf.custom_gradient, a Newton tf.while_loop, a C1 tf.cond and a Conv1D model.

Truths are expressions written here, evaluated by mpmath (2,000 digits unless said), never the user files' code;
points are the numbers the dtype holds.
"""

import mpmath

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp, sig
from cases12a import num_grad
from cases17b import _each, _f

T, K = "torch_lib20b.py", "tf_lib20b.py"


def _f32(v):
    return _in("float32", [v])[0]


def _halfnormal(dtype, scale, data):
    """d/ds of log sqrt(2/pi) - log s - x^2 / (2 s^2): -1/s + x^2 / s^3."""
    return hp(lambda: {"scale": [-1 / s + x * x / s ** 3 for s, x in zip(_in(dtype, scale), _in(dtype, data))]})


def _halfcauchy(scale, data):
    """d/ds of log(2/pi) - log s - log(1 + (x/s)^2): -1/s + 2 x^2 / (s (s^2 + x^2))."""
    return hp(lambda: {"scale": [-1 / s + 2 * x * x / (s * (s * s + x * x))
                                 for s, x in zip(_in("float64", scale), _in("float64", data))]})


def _uniform(low, high, data):
    """log U(x; l, h) = -log(h - l) inside; a sample on l exactly has no derivative in l (-inf just above)."""
    def truth():
        lo, hi, x = _in("float64", low), _in("float64", high), _in("float64", data)
        return {"low": [NAN if xk == lk else 1 / (hk - lk) for lk, hk, xk in zip(lo, hi, x)],
                "high": [-1 / (hk - lk) for lk, hk in zip(lo, hi)]}
    return hp(truth)


def _softplus(x):
    return mpmath.log1p(mpmath.exp(x)) if x < 0 else x + mpmath.log1p(mpmath.exp(-x))


def _independent(dtype, raw):
    """d/draw of sum_i log N(p_i; m_i, softplus(raw_i)): (-1/s + r^2/s^3) sigmoid(raw)."""
    def truth():
        r = [mp("0.5"), mp(-2)]
        out = []
        for v, rk in zip(_in(dtype, raw), r):
            s = _softplus(v)
            out.append((-1 / s + rk * rk / s ** 3) * sig(v))
        return {"raw": out}
    return hp(truth)


def _stick_logp(y):
    """log of the logistic-normal density at y (first two coordinates free): the base Normal at x(y) less log|J|.

    x_i = logit(y_i / r_i) + log(K - 1 - i), r_i = 1 - sum_{j<i} y_j; the map x -> y is triangular with diagonal
    z_i (1 - z_i) r_i, z_i = y_i / r_i, so log|J| = sum_i log(y_i (1 - z_i))."""
    loc, scale = [mp("0.25"), mp("-0.5")], [mp(1), mp(2)]
    total, rest = 0, mp(1)
    for i in range(2):
        z = y[i] / rest
        x = mpmath.log(z / (1 - z)) + mpmath.log(2 - i)
        total += -((x - loc[i]) / scale[i]) ** 2 / 2 - mpmath.log(scale[i]) - mpmath.log(2 * mpmath.pi) / 2
        total -= mpmath.log(y[i] * (1 - z))
        rest -= y[i]
    return total


def _stick(dtype, point):
    def truth():
        grads = num_grad(lambda y: _stick_logp(y), dtype, y=point[:2])()["y"]
        return {"y": grads + [mp(0)]}
    return hp(truth)


def _expm2(a):
    """exp of a 2x2 matrix: e^(t/2) (cosh(d) I + sinh(d)/d (A - t/2 I)), d^2 = ((a - e)/2)^2 + b c."""
    (p, q), (r, s) = a
    half = (p + s) / 2
    d = mpmath.sqrt(((p - s) / 2) ** 2 + q * r)  # complex where the eigenvalues are
    c, k = mpmath.cosh(d), (mpmath.sinh(d) / d if d != 0 else 1)
    e = mpmath.exp(half)
    out = [[e * (c + k * (p - half)), e * k * q], [e * k * r, e * (c + k * (s - half))]]
    return [[mpmath.re(v) for v in row] for row in out]


def _expm_score(a):
    w = [[mp(1), mp("-0.5")], [mp("0.25"), mp(2)]]
    e = _expm2(a)
    return sum(w[i][j] * e[i][j] for i in range(2) for j in range(2))


def _laplacian(x):
    """d/dx of sum sigmoid(x)(1 - sigmoid(x)), the trace of softplus' Hessian."""
    s = sig(x)
    return s * (1 - s) * (1 - 2 * s)


def _gelu_tanh(h):
    return h / 2 * (1 + mpmath.tanh(mpmath.sqrt(2 / mpmath.pi) * (h + _f(0.044715) * h ** 3)))


def _mish(h):
    return h * mpmath.tanh(_softplus(h))


W1 = [[1, "-0.5"], ["0.25", 2], ["-1.5", "0.75"]]
# the biases were copied from a float32 tensor (torch.tensor's default dtype): 0.1 as float32 holds it
B1, G, BETA = [_f32(0.1), _f32(-0.2), _f32(0.3)], ["1", "0.5", "-2"], ["0", "0.25", "-0.5"]
W2, B2 = ["0.5", "-1", "1.5"], "0.125"


def _two_layer(x, w2=None, b2=None):
    w1 = [[mp(v) for v in row] for row in W1]
    g, beta = [mp(v) for v in G], [mp(v) for v in BETA]
    w2 = w2 if w2 is not None else [mp(v) for v in W2]
    b2 = b2 if b2 is not None else mp(B2)
    total = 0
    for row in x:
        h = [sum(wk * xk for wk, xk in zip(wr, row)) + bk for wr, bk in zip(w1, B1)]
        m = sum(h) / 3
        v = sum((hk - m) ** 2 for hk in h) / 3
        n = [(hk - m) / mpmath.sqrt(v + _f(1e-5)) * gk + bk for hk, gk, bk in zip(h, g, beta)]
        o = sum(wk * _mish(_gelu_tanh(nk)) for wk, nk in zip(w2, n)) + b2
        total += o * o
    return total


X2 = [[1.0, 2.0], [0.5, -1.5]]


def _functional():
    full = num_grad(lambda w, b: _two_layer([[mp(v) for v in row] for row in X2], w[0], b[0]),
                    w=[[0.5, -1.0, 1.5]], b=[0.125])
    return lambda: {("params.out.weight" if k == "w" else "params.out.bias"): v for k, v in full().items()}


def _poisson_rate(rates):
    return hp(lambda: {"rate": [1 - c / (r + _f(1e-8)) for c, r in zip([mp(3), mp(0), mp(5)], _in("float64", rates))]})


def _trapz(t):
    return sum((t[i + 1] - t[i]) * (mpmath.exp(-t[i] ** 2) + mpmath.exp(-t[i + 1] ** 2)) / 2 for i in range(len(t) - 1))


def _triplet(anchor):
    a = anchor[0]
    norm = mpmath.sqrt(a[0] ** 2 + a[1] ** 2)
    return max(a[1] / norm - a[0] / norm + mp("0.5"), mp(0))


TORCH = [
    # (2e-160)^2 / (2 (1e-160)^2) is fine, but the division's backward squares the variance: 1e-640 is 0
    Case(T, "halfnormal_logp", "scale=[1e-160,2]", "float64", "unstable", _halfnormal("float64", [1e-160, 2], [2e-160, 1]),
         "def halfnormal_logp>>return HalfNormal"),
    Case(T, "halfnormal_logp", "scale=[0.5,2]", "float64", "ok", _halfnormal("float64", [0.5, 2], [2e-160, 1])),
    Case(T, "halfnormal32_logp", "scale=[1e-20,2]", "float32", "unstable", _halfnormal("float32", [1e-20, 2], [2e-20, 1])),
    # (x / s)^2 = 1e800 overflows: log1p(inf), and its slope 2 z / (1 + z^2) = inf / inf
    Case(T, "halfcauchy_logp", "scale=[1e-200,1]", "float64", "unstable", _halfcauchy([1e-200, 1], [1e200, 0.5])),
    Case(T, "halfcauchy_logp", "scale=[1e100,1]", "float64", "ok", _halfcauchy([1e100, 1], [1e200, 0.5])),
    Case(T, "uniform_logp", "low=[0,0.25],high=[1,2]", "float64", "domain", _uniform([0, 0.25], [1, 2], [0, 1])),
    Case(T, "uniform_logp", "low=[-0.5,0.25],high=[1,2]", "float64", "ok", _uniform([-0.5, 0.25], [1, 2], [0, 1])),
    Case(T, "independent_normal", "raw=[-20,0.5]", "float64", "ok", _independent("float64", [-20, 0.5])),
    # the division's backward divides by the variance twice: 2.5e173 / 1.9e-174 overflows
    Case(T, "independent_normal", "raw=[-200,0.5]", "float64", "unstable", _independent("float64", [-200, 0.5])),
    # the variance e^-60 = 8.8e-27 squared in the division's backward underflows float32
    Case(T, "independent_normal", "raw=[-30,0.5]", "float32", "unstable", _independent("float32", [-30, 0.5])),
    Case(T, "stickbreak_logp", "y=[0.2,0.3,0.5]", "float64", "ok", _stick("float64", [0.2, 0.3, 0.5])),
    Case(T, "stickbreak_logp", "y=[1e-300,0.5,0.5]", "float64", "ok", _stick("float64", [1e-300, 0.5, 0.5])),
    # softshrink is 0 on [-1/2, 1/2] with slope 1 outside: squared, C1 at the edge
    Case(T, "softshrink_sq", "x=[0.5,-1,0.2]", "float64", "ok", hp(lambda: {"x": [mp(0), mp(-1), mp(0)]})),
    Case(T, "hardshrink_sum", "x=[0.5,1]", "float64", "domain", hp(lambda: {"x": [NAN, mp(1)]})),
    Case(T, "prelu_sum", "x=[-2,3],w=[0.25]", "float64", "ok",
         hp(lambda: {"x": [mp("0.25"), mp(2)], "w": [mp(-2)]})),
    Case(T, "prelu_sum", "x=[0,3],w=[0.25]", "float64", "domain", hp(lambda: {"x": [NAN, mp(2)], "w": [mp(0)]})),
    # x0 + 2 max(x0, x1) + 0 x2 at x0 = x1: slopes 3 and 1 for x0, 2 and 0 for x1
    Case(T, "cummax_sum", "x=[1,1,0.5]", "float64", "domain", hp(lambda: {"x": [NAN, NAN, mp(0)]})),
    Case(T, "cummax_sum", "x=[1,2,0.5]", "float64", "ok", hp(lambda: {"x": [mp(1), mp(2), mp(0)]})),
    Case(T, "maxpool_sum", "x=[1,3,3,0]", "float64", "domain", hp(lambda: {"x": [mp(0), NAN, NAN, mp(0)]})),
    Case(T, "maxpool_sum", "x=[1,3,2,0]", "float64", "ok", hp(lambda: {"x": [mp(0), mp(2), mp(1), mp(0)]})),
    # the first window's L2 norm at (0, 0): a cone
    Case(T, "lppool_sum", "x=[0,0,3,4]", "float64", "domain", hp(lambda: {"x": [NAN, NAN, mp("0.6"), mp("0.8")]})),
    Case(T, "lppool_sum", "x=[1,0,3,4]", "float64", "ok", hp(lambda: {"x": [mp(1), mp(0), mp("0.6"), mp("0.8")]})),
    Case(T, "pdist_sum", "x=[[0,0],[0,0],[3,4]]", "float64", "domain",
         hp(lambda: {"x": [[NAN, NAN], [NAN, NAN], [mp("1.2"), mp("1.6")]]})),
    # the squared distance is smooth where the distance is 0
    Case(T, "pdist_energy", "x=[[0,0],[0,0],[3,4]]", "float64", "ok",
         hp(lambda: {"x": [[mp(-6), mp(-8)], [mp(-6), mp(-8)], [mp(12), mp(16)]]})),
    # below eps = 1e-12 the norm is clamped: x / eps, slope w / eps
    Case(T, "normalize_dot", "x=[0,0,0]", "float64", "ok",
         hp(lambda: {"x": [w / _f(1e-12) for w in (mp(1), mp(-2), mp("0.5"))]})),
    Case(T, "normalize_dot", "x=[3,0,4]", "float64", "ok",
         hp(lambda: {"x": [mp("0.08"), mp("-0.4"), mp("-0.06")]})),
    # PyTorch gives bessel_j0 no derivative at all (its output does not require grad): the x^2/2 part alone survives
    Case(T, "bessel_energy", "x=[0.5,2]", "float64", "wrong",
         _each("x", lambda x: -mpmath.besselj(1, x) + x, [0.5, 2]), "return (torch.special.bessel_j0(x)"),
    Case(T, "expm_score", "a=[[0.5,2],[-1,0.25]]", "float64", "ok", num_grad(_expm_score, a=[[0.5, 2.0], [-1.0, 0.25]])),
    # det is a polynomial: its gradient at a singular matrix is the adjugate's transpose
    Case(T, "det_value", "a=[[1,2],[2,4]]", "float64", "wrong", hp(lambda: {"a": [[mp(4), mp(-2)], [mp(-2), mp(1)]]}),
         "return torch.linalg.det(a)"),
    Case(T, "det_value", "a=[[1,2],[2,4]]", "float32", "wrong", hp(lambda: {"a": [[mp(4), mp(-2)], [mp(-2), mp(1)]]})),
    Case(T, "det_value", "a=[[1,2],[3,4]]", "float64", "ok", hp(lambda: {"a": [[mp(4), mp(-3)], [mp(-2), mp(1)]]})),
    Case(T, "laplacian_energy", "x=[0.5,-1]", "float64", "ok", _each("x", _laplacian, [0.5, -1])),
    Case(T, "mlp_loss", None, "float64", "ok", num_grad(_two_layer, x=X2), args="mlp_args", wrt="x"),
    Case(T, "functional_loss", None, "float64", "ok", _functional(), args="functional_args",
         wrt="params.out.weight,params.out.bias"),
    # the backward forgets grad_output: right under a plain sum (upstream 1), wrong under a square
    Case(T, "sin_energy", "x=[0.5,2]", "float64", "wrong", _each("x", lambda x: mpmath.sin(2 * x), [0.5, 2]),
         "class SinNoUpstream>>def backward"),
    Case(T, "sin_plain", "x=[0.5,2]", "float64", "ok", _each("x", mpmath.cos, [0.5, 2])),
    Case(T, "exp_sum", "x=[0.5,-1]", "float64", "wrong", _each("x", mpmath.exp, [0.5, -1]),
         "class ExpSavedInput>>def backward"),
    Case(T, "doubled_energy", "x=[0.5,-1]", "float64", "ok", hp(lambda: {"x": [mp(4), mp(-8)]})),
    Case(T, "softplus_attr", "x=[800,-3]", "float64", "ok", hp(lambda: {"x": [sig(mp(800)), 3 * sig(mp(-3))]})),
    Case(T, "softplus_attr", "x=[80,-3]", "float32", "ok", hp(lambda: {"x": [sig(mp(80)), 3 * sig(mp(-3))]})),
    # slope 1 - count / (rate + eps), eps = 1e-8 keeping the log of a 0 rate finite; at the optimum rate = count = 5
    # it is 1 - 0.999999998: the sum cancels eight digits
    Case(T, "poisson_nll_rate", "rate=[0,2,5]", "float64", "unstable", _poisson_rate([0, 2, 5])),
    Case(T, "poisson_nll_rate", "rate=[0,2,1]", "float64", "ok", _poisson_rate([0, 2, 1])),
    # (1 - x0 + x1)^2 at 0: the squared hinge is C1 there
    Case(T, "multi_margin_sq", "x=[1,0,0.5]", "float64", "ok", hp(lambda: {"x": [mp(-1) / 3, mp(0), mp(1) / 3]})),
    Case(T, "triplet_cosine", "anchor=[[0.2,1]]", "float64", "ok", num_grad(_triplet, anchor=[[0.2, 1.0]])),
    Case(T, "triplet_cosine", "anchor=[[1,0]]", "float64", "ok", hp(lambda: {"anchor": [[mp(0), mp(0)]]})),
    Case(T, "trapz_gauss", "t=[0,0.5,1,2]", "float64", "ok", num_grad(_trapz, t=[0.0, 0.5, 1.0, 2.0])),
]


def _betainc_slope(x):
    a, b = mp("0.5"), mp(3)
    return x ** (a - 1) * (1 - x) ** (b - 1) / mpmath.beta(a, b)


def _vonmises(k):
    """d/dk of k cos(0) - log I0(k): 1 - I1(k)/I0(k), at 100 digits (mpmath's Bessel functions at 2,000 are slow)."""
    with mpmath.workdps(100):
        return +(1 - mpmath.besseli(1, k) / mpmath.besseli(0, k))


def _each100(name, slope, xs, dtype="float64"):
    def truth():
        with mpmath.workdps(100):
            return {name: [+slope(x) for x in _in(dtype, xs)]}
    return hp(truth)


def _cosine(pred):
    y = [mp(1), mp(2), mp(2)]
    p = pred[0]
    return -sum(a * b for a, b in zip(y, p)) / 3 / mpmath.sqrt(sum(v * v for v in p))


def _sparse_ce(label, probs):
    """-log(clip(p_t)) + log(sum_j clip(p_j)), clip to [1e-7, 1 - 1e-7] in float32 (its slope 0 outside)."""
    def truth():
        p = _in("float32", probs)
        lo, hi = _f32(1e-7), 1 - _f32(1e-7)
        c = [min(max(v, lo), hi) for v in p]
        inside = [lo < v < hi for v in p]
        total = sum(c)
        grad = [(1 / total if ok else mp(0)) for ok in inside]
        if inside[label]:
            grad[label] -= 1 / c[label]
        return {"probs": [grad]}
    return hp(truth)


def _conv_truth():
    kernel = [[[mp(1), mp("-0.5")], [mp("0.25"), mp("0.75")]], [[mp(-1), mp("0.5")], [mp(2), mp("-0.25")]]]
    bias, head, head_b = [_f(0.1), _f(-0.2)], [mp("1.5"), mp(-2)], mp("0.25")

    def loss(x):
        seq = x[0]
        pooled = []
        for f in range(2):
            outs = [mpmath.tanh(sum(seq[t + k][c] * kernel[k][c][f] for k in range(2) for c in range(2)) + bias[f])
                    for t in range(2)]
            pooled.append(sum(outs) / 2)
        return (sum(h * p for h, p in zip(head, pooled)) + head_b) ** 2
    return num_grad(loss, x=[[[0.5, -1.0], [1.5, 0.25], [-0.75, 2.0]]])


TF = [
    Case(K, "polyval_sum", "x=[1e100,0.5]", "float64", "ok", _each("x", lambda x: 3 * x * x - 6 * x + mp("0.5"), [1e100, 0.5])),
    Case(K, "polyval_coeffs", "c=[1,-3,0.5,2]", "float64", "ok",
         num_grad(lambda c: sum((((c[0] * x + c[1]) * x + c[2]) * x + c[3]) ** 2 for x in (mp("0.5"), mp(-2))),
                  c=[1.0, -3.0, 0.5, 2.0])),
    # elu is C1 at 0 (alpha 1); e^-800 is below float64's smallest number: 0 is its rounding
    Case(K, "elu_sum", "x=[0,-800,2]", "float64", "ok", hp(lambda: {"x": [mp(1), mpmath.exp(-800), mp(1)]})),
    Case(K, "silu_sum", "x=[-800,1.5]", "float64", "ok", _each("x", lambda x: sig(x) * (1 + x * (1 - sig(x))), [-800, 1.5])),
    # -99 e^-100 is a float32 subnormal, which TensorFlow's CPU kernels flush to 0
    Case(K, "silu_sum", "x=[-100,1.5]", "float32", "ok",
         _each("x", lambda x: sig(x) * (1 + x * (1 - sig(x))), [-100, 1.5], "float32")),
    Case(K, "no_nan_product", "x=[3,0.5],y=[0,2]", "float64", "ok",
         hp(lambda: {"x": [mp(0), mp(2)], "y": [mp(3), mp("0.5")]})),
    # the unobserved entry is 0 for every p (even where log p is NaN): slope 0; TensorFlow's 0 times log's 1/0
    Case(K, "masked_loglik", "p=[0.5,0]", "float64", "wrong", hp(lambda: {"p": [mp(2), mp(0)]}),
         "return tf.reduce_sum(tf.math.multiply_no_nan(tf.math.log(p), mask))"),
    Case(K, "reciprocal_sum", "x=[0,2]", "float64", "domain", hp(lambda: {"x": [NAN, mp("-0.25")]})),
    # x log 0 is -inf for x > 0 and 0 at x = 0: no slope in x; in y it is 0 along x = 0
    Case(K, "xlogy_sum", "x=[0,2],y=[0,3]", "float64", "domain",
         hp(lambda: {"x": [NAN, mpmath.log(3)], "y": [mp(0), mp(2) / 3]})),
    Case(K, "variance", "x=[1,1,1]", "float64", "ok", hp(lambda: {"x": [mp(0), mp(0), mp(0)]})),
    # the standard deviation is a norm of the deviations: a cone at a constant vector
    Case(K, "spread", "x=[1,1,1]", "float64", "domain", hp(lambda: {"x": [NAN, NAN, NAN]})),
    Case(K, "spread", "x=[1,2,4]", "float64", "ok",
         num_grad(lambda x: mpmath.sqrt(sum((v - sum(x) / 3) ** 2 for v in x) / 3), x=[1.0, 2.0, 4.0])),
    Case(K, "sorted_weighted", "x=[2,1,2]", "float64", "domain", hp(lambda: {"x": [NAN, mp(1), NAN]})),
    Case(K, "sorted_weighted", "x=[3,1,2]", "float64", "ok", hp(lambda: {"x": [mp(3), mp(1), mp(2)]})),
    Case(K, "segment_max_empty", "x=[1,3,2]", "float64", "ok", hp(lambda: {"x": [mp(0), mp(1), mp(1)]})),
    Case(K, "segment_max_empty", "x=[1,3,2]", "float32", "ok", hp(lambda: {"x": [mp(0), mp(1), mp(1)]})),
    Case(K, "bessel_k0_sum", "x=[1e-300,700]", "float64", "ok",
         _each100("x", lambda x: -mpmath.besselk(1, x), [1e-300, 700])),
    Case(K, "bessel_i1_sum", "x=[1e-300,700]", "float64", "ok",
         _each100("x", lambda x: mpmath.besseli(0, x) - mpmath.besseli(1, x) / x, [1e-300, 700])),
    Case(K, "fresnel_s_sum", "x=[0.5,3]", "float64", "ok", _each("x", lambda x: mpmath.sin(mpmath.pi * x * x / 2), [0.5, 3])),
    Case(K, "betainc_x", "x=[1e-300,0.5]", "float64", "ok", _each100("x", _betainc_slope, [1e-300, 0.5])),
    # 1 - i1e/i0e at 1e10 is 5e-11: the rule's i1e - i0e cancels ten digits
    Case(K, "vonmises_kappa", "kappa=[1e10]", "float64", "unstable", hp(lambda: {"kappa": [_vonmises(mp(10) ** 10)]})),
    Case(K, "vonmises_kappa", "kappa=[2.5]", "float64", "ok", hp(lambda: {"kappa": [_vonmises(mp("2.5"))]})),
    # min(rsqrt(0), 1e7) picks 1e7: the prediction is p * 1e7 near 0, smooth
    Case(K, "cosine_loss", "pred=[[0,0,0]]", "float32", "ok",
         hp(lambda: {"pred": [[-mp(10) ** 7 * v / 3 for v in (1, 2, 2)]]})),
    Case(K, "cosine_loss", "pred=[[1,0,1]]", "float32", "ok", num_grad(_cosine, "float32", pred=[[1.0, 0.0, 1.0]])),
    Case(K, "sparse_ce_probs", "probs=[[0,0.3,0.7]]", "float32", "ok", _sparse_ce(0, [0, 0.3, 0.7])),
    Case(K, "sparse_ce_class1", "probs=[[0.2,0.3,0.5]]", "float32", "ok", _sparse_ce(1, [0.2, 0.3, 0.5])),
    Case(K, "nested_square", "x=[800,-3]", "float64", "ok",
         hp(lambda: {"x": [2 * _softplus(x) * sig(x) for x in (mp(800), mp(-3))]})),
    Case(K, "nested_square_off", "x=[0.5,-3]", "float64", "wrong",
         hp(lambda: {"x": [2 * _softplus(x) * sig(x) for x in (mp("0.5"), mp(-3))]}), "def inner_softplus_off>>def grad"),
    Case(K, "newton_cbrt", "a=[2,1e-30]", "float64", "ok",
         _each("a", lambda a: 1 / (3 * mpmath.cbrt(a) ** 2), [2, 1e-30])),
    # log x and its tangent meet at 1e-3 with the same value and slope
    Case(K, "linear_log", "x=0.001", "float64", "ok", hp(lambda: {"x": 1 / _f(1e-3)})),
    Case(K, "linear_log", "x=1e-300", "float64", "ok", hp(lambda: {"x": 1 / _f(1e-3)})),
    Case(K, "conv_loss", None, "float64", "ok", _conv_truth(), args="conv_args", wrt="x"),
]

INPUT_ERRORS = []

ALL = TORCH + TF + INPUT_ERRORS
