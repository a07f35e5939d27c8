"""The nineteenth trial set (b), PyTorch and TensorFlow/Keras: torch.distributions not tried before (LowRank
MultivariateNormal with a tiny diagonal, Geometric and Binomial from logits at +-800 and 0, Chi2 with a vanishing df,
FisherSnedecor in its chi-square limit, InverseGamma, OneHotCategorical and RelaxedOneHotCategorical with confident
logits, Poisson at rate 0), activations and losses at their switches in both frameworks (logsigmoid, softplus'
threshold, hinge embedding, top-k and segment_max at ties, selu, softsign, hard_sigmoid, mish), custom rules as
tutorials write them (autograd.Function: a NumPy forward, a straight-through rounding, swapped gradients,
needs_input_grad, a bias gradient PyTorch's engine sums to shape, once_differentiable; tf.custom_gradient: a flipped
sign, a captured variable), tf.math's Fresnel, Bessel J1/Y0, erfcinv and xdivy, the Euclidean norm of tiny numbers,
tf.function programs with switch_case, scan and foldl, NumPy-style logaddexp at a tie, a hand-typed truncated normal,
Keras' focal and Dice losses, and small models with GroupNorm and RMSNormalization at a zero or constant group.

Truths are expressions written here, evaluated by mpmath (2,000 digits), never the user files' code; points are the
numbers the dtype holds.
"""

import mpmath

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp, sig
from cases12a import num_grad
from cases17b import _each, _f, _npdf

T, K = "torch_lib19b.py", "tf_lib19b.py"


def _f32(v):
    return _in("float32", [v])[0]


def _each100(name, slope, xs):
    """As _each, the special function evaluated at 100 digits: mpmath's Bessel and erfc inverses take minutes at
    2,000, and 100 digits are 90 more than the judge's 1e-10 needs for these well-conditioned values."""
    def truth():
        with mpmath.workdps(100):
            return {name: [+slope(x) for x in _in("float64", xs)]}
    return hp(truth)


def _softplus(x):
    return mpmath.log1p(mpmath.exp(x)) if x < 0 else x + mpmath.log1p(mpmath.exp(-x))


def _softmax(xs):
    top = max(xs)
    e = [mpmath.exp(v - top) for v in xs]
    return [v / sum(e) for v in e]


def _lowrank(dtype):
    """log N(x; loc, W W^T + diag(d)) with W = (1, 2)^T, x = (0.5, 1.5), the 2x2 inverse and determinant by hand."""
    def logp(loc, cov_diag):
        a, b, c = 1 + cov_diag[0], mp(2), 4 + cov_diag[1]
        det = a * c - b * b
        r0, r1 = mp("0.5") - loc[0], mp("1.5") - loc[1]
        quad = (c * r0 * r0 - 2 * b * r0 * r1 + a * r1 * r1) / det
        return -quad / 2 - mpmath.log(det) / 2 - mpmath.log(2 * mpmath.pi)
    return num_grad(logp, dtype, loc=[0.0, 1.0], cov_diag=[1e-8, 0.5])


def _geometric(dtype, logits):
    """d/dl of k log(1 - p) + log p, p = sigmoid(l): 1 - (k + 1) p."""
    return hp(lambda: {"logits": [1 - (k + 1) * sig(v) for k, v in zip([3, 1], _in(dtype, logits))]})


def _fisher_logp(df2, x):
    d1 = mp(3)
    return (mpmath.loggamma((d1 + df2) / 2) - mpmath.loggamma(d1 / 2) - mpmath.loggamma(df2 / 2)
            + d1 / 2 * mpmath.log(d1 / df2) + (d1 / 2 - 1) * mpmath.log(x) - (d1 + df2) / 2 * mpmath.log1p(d1 * x / df2))


def _relaxed_onehot():
    """log density of the Concrete distribution at y: d/dl_j = 1 - K softmax(l - T log y)_j."""
    t, y = mp("0.5"), _in("float32", [0.2, 0.5, 0.3])
    s = _softmax([v - t * mpmath.log(yk) for v, yk in zip(_in("float32", [800, 0, -800]), y)])
    return {"logits": [1 - 3 * sk for sk in s]}


def _mish_slope(x):
    sp = _softplus(x)
    return mpmath.tanh(sp) + x * mpmath.sech(sp) ** 2 * sig(x)


def _group_norm_truth():
    w = [[1, "0.5"], [1, "0.5"], [1, "0.5"], ["0.5", -1], ["-0.25", 1], ["0.75", "0.25"]]
    w = [[mp(v) for v in row] for row in w]
    b = [mp(v) for v in (0, 0, 0, "0.25", "-0.5", "0.125")]
    gamma = [mp(v) for v in (1, "-0.5", 2, "0.75", "1.5", -1)]
    beta = [mp(v) for v in (0, "0.25", "-0.5", "0.125", 0, "0.5")]
    w2, b2, eps = [mp(v) for v in (1, -2, "0.5", "1.5", -1, "0.25")], mp("-0.25"), _f(1e-5)

    def loss(x):
        total = 0
        for row in x:
            h = [sum(wk * xk for wk, xk in zip(wr, row)) + bk for wr, bk in zip(w, b)]
            n = []
            for group in (h[:3], h[3:]):
                m = sum(group) / 3
                v = sum((g - m) ** 2 for g in group) / 3
                n += [(g - m) / mpmath.sqrt(v + eps) for g in group]
            a = [nk * gk + bk for nk, gk, bk in zip(n, gamma, beta)]
            total += (sum(wk * ak * sig(ak) for wk, ak in zip(w2, a)) + b2) ** 2
        return total
    return num_grad(loss, x=[[1.0, 2.0], [0.5, -1.5]])


def _erfcinv_slope(p):
    """-sqrt(pi)/2 exp(y^2) with erfc(y) = p, y found by solving log erfc(y) = log p."""
    guess = mpmath.sqrt(-mpmath.log(p)) if p < mp("0.01") else mpmath.erfinv(1 - p)
    y = mpmath.findroot(lambda t: mpmath.log(mpmath.erfc(t)) - mpmath.log(p), guess)
    return -mpmath.sqrt(mpmath.pi) / 2 * mpmath.exp(y * y)


def _truncnorm():
    """d/dloc of log phi(x - loc) - log(Phi(12 - loc) - Phi(10 - loc)), the mass by erfc of the upper tail."""
    out = []
    for x, m in zip([_f(10.5), mp(11)], _in("float64", [0, 9])):
        mass = (mpmath.erfc((10 - m) / mpmath.sqrt(2)) - mpmath.erfc((12 - m) / mpmath.sqrt(2))) / 2
        out.append((x - m) + (_npdf(12 - m) - _npdf(10 - m)) / mass)
    return {"loc": out}


def _ema_energy(x):
    decay, rate = _f(0.9), _f(0.1)
    acc, total = 0, 0
    for v in x:
        acc = decay * acc + rate * v
        total += acc * acc
    return total


def _focal(logits):
    p = _softmax(logits[0])
    alpha, gamma = _f(0.25), mp(2)
    return -alpha * (1 - p[1]) ** gamma * mpmath.log(p[1])


def _dice(pred):
    y, p = [mp(1), mp(0), mp(1), mp(1)], pred[0]
    inter = sum(a * b for a, b in zip(y, p))
    return 1 - 2 * inter / (sum(y) + sum(p) + _f32(1e-7))


def _scorer_truth():
    """d/dx and d/dkernel of sum((head(tanh(RMS(x K + 0)))) ^ 2), RMS(h) = h / sqrt(mean h^2 + 1e-6) * scale."""
    scale, head, head_b, eps = [mp(1), mp("-0.5"), mp(2)], [mp(1), mp(2), mp("-1.5")], mp("0.25"), _f(1e-6)

    def loss(x, kernel):
        total = 0
        for row in x:
            h = [sum(row[i] * kernel[i][j] for i in range(2)) for j in range(3)]
            r = 1 / mpmath.sqrt(sum(v * v for v in h) / 3 + eps)
            total += (sum(hk * mpmath.tanh(v * r * s) for v, s, hk in zip(h, scale, head)) + head_b) ** 2
        return total
    full = num_grad(loss, x=[[0.0, 0.0], [0.5, 1.25]], kernel=[[2.0, 1.0, -1.0], [1.0, -0.5, 0.75]])
    return lambda: {("model.hidden.kernel" if k == "kernel" else k): v for k, v in full().items()}


def _penalty(w):
    """(|d/dx sum tanh(w x)| - 1)^2 at x = (0.5, -1): the slope w_i sech^2(w_i x_i)."""
    slope = [wk * mpmath.sech(wk * xk) ** 2 for wk, xk in zip(w, [mp("0.5"), mp(-1)])]
    return (mpmath.sqrt(sum(v * v for v in slope)) - 1) ** 2


def _bag():
    """softplus(k . mean(E[1], E[3], E[1]) + b): d/dE[j] = sigmoid(s) k count_j / 3."""
    e = {1: [mp("0.5"), mp(-1)], 3: [mp(2), mp("0.25")]}
    k, b = [mp("1.5"), mp("-0.5")], mp("0.125")
    mean = [(2 * e[1][d] + e[3][d]) / 3 for d in range(2)]
    s = sig(sum(kd * md for kd, md in zip(k, mean)) + b)
    counts = [0, 2, 0, 1]
    return {"model.embed.embeddings": [[s * kd * c / 3 for kd in k] for c in counts]}


def _exp_penalty(w):
    """sum over x in (0.5, -1) of (w e^(w x))^2."""
    return sum((w[0] * mpmath.exp(w[0] * x)) ** 2 for x in (mp("0.5"), mp(-1)))


def _attention_sharpness(w):
    """|d/dq sum(softmax(w q) v)|^2 at q = (0.5, -1, 2), v = (1, -2, 0.5): the slope is w p_i (v_i - p . v)."""
    q, v = [mp("0.5"), mp(-1), mp(2)], [mp(1), mp(-2), mp("0.5")]
    p = _softmax([w[0] * qi for qi in q])
    mean = sum(pi * vi for pi, vi in zip(p, v))
    return sum((w[0] * pi * (vi - mean)) ** 2 for pi, vi in zip(p, v))


def _hvp_penalty(w):
    """|H v|^2 for the log-sum-exp's Hessian diag(p) - p p^T, v = (1, -1): H v = p * (v - p . v)."""
    p = _softmax(w)
    v = [mp(1), mp(-1)]
    pv = sum(pi * vi for pi, vi in zip(p, v))
    return sum((pi * (vi - pv)) ** 2 for pi, vi in zip(p, v))


def _hooked():
    """d/dx of sum(sigmoid(2 (x W^T + b))) with W = (0.5, -1), b = 1/4."""
    w, b = [mp("0.5"), mp(-1)], mp("0.25")
    out = []
    for row in ([1, "0.5"], [-2, 1]):
        z = 2 * (sum(wk * mp(xk) for wk, xk in zip(w, row)) + b)
        out.append([2 * wk * sig(z) * (1 - sig(z)) for wk in w])
    return {"x": out}


def _running_energy(x):
    """The accumulator starts at -1e300, whose e^-1e300 moves the first log-sum-exp by nothing a float holds."""
    acc, total = None, 0
    for v in x:
        acc = v if acc is None else mpmath.log(mpmath.exp(acc) + mpmath.exp(v))
        total += acc * acc
    return total


def _batch_logdet(x):
    w = [[mp(1), mp("0.5")], [mp("-0.5"), mp(1)]]
    total = 0
    for row in x:
        z = [sum(row[i] * w[i][j] for i in range(2)) for j in range(2)]
        d = [mpmath.sech(zj) ** 2 / 2 for zj in z]
        jac = [[(i == j) + d[i] * w[j][i] for j in range(2)] for i in range(2)]
        total += mpmath.log(abs(jac[0][0] * jac[1][1] - jac[0][1] * jac[1][0]))
    return total


def _directional(w):
    z = [wk * xk for wk, xk in zip(w, [mp("0.5"), mp(-1)])]
    return (mpmath.sech(z[0]) ** 2 - mpmath.sech(z[1]) ** 2) ** 2


SELU_SCALE = 1.0507009873554804934193349852946

TORCH = [
    # Woodbury's D^-1 - D^-1 W C^-1 W^T D^-1 with D = 1e-8: terms of 1e15 cancel to the diagonal's slope -1.375
    Case(T, "lowrank_logp", "loc=[0,1],cov_diag=[1e-8,0.5]", "float64", "unstable", _lowrank("float64"),
         "return LowRankMultivariateNormal(loc, factor, cov_diag)"),
    Case(T, "lowrank_logp", "loc=[0,1],cov_diag=[1e-8,0.5]", "float32", "unstable", _lowrank("float32"),
         "return LowRankMultivariateNormal(loc, factor, cov_diag)"),
    # Geometric's log_prob takes log(probs): sigmoid(-800) is 0, log 0 = -inf, and its slope inf * 0
    Case(T, "geometric_logp", "logits=[-800,0.5]", "float64", "unstable", _geometric("float64", [-800, 0.5]),
         "return Geometric(logits=logits)"),
    Case(T, "geometric_logp", "logits=[-120,0.5]", "float32", "unstable", _geometric("float32", [-120, 0.5]),
         "return Geometric(logits=logits)"),
    # Binomial's normaliser n max(l, 0) + n log1p(e^-|l|): two kinks at l = 0 whose slopes add up to n/2, the right one
    Case(T, "binomial_logp", "logits=[0,800,-800]", "float64", "ok",
         hp(lambda: {"logits": [k - 10 * sig(v) for k, v in zip([4, 10, 0], _in("float64", [0, 800, -800]))]})),
    Case(T, "chi2_logp", "df=[1e-8,3]", "float64", "ok",
         hp(lambda: {"df": [(mpmath.log(x) - mpmath.log(2) - mpmath.digamma(d / 2)) / 2
                            for d, x in zip(_in("float64", [1e-8, 3]), [mp("0.5"), mp(3)])]})),
    # lgamma((d1 + d2)/2) - lgamma(d2/2) at d2 = 1e8: two numbers near 8.7e8 whose slopes cancel to 1e-16
    Case(T, "fisher_logp", "df2=[1e8,5]", "float64", "unstable",
         hp(lambda: {"df2": [mpmath.diff(lambda t, x=x: _fisher_logp(t, x), d)
                             for d, x in zip(_in("float64", [1e8, 5]), [_f(0.8), mp(2)])]}),
         "return FisherSnedecor(torch.tensor(3.0, dtype=df2.dtype), df2)"),
    Case(T, "inverse_gamma_logp", "rate=[1e-8,2]", "float64", "ok",
         hp(lambda: {"rate": [mp("2.5") / r - 1 / x for r, x in zip(_in("float64", [1e-8, 2]), [mp("0.5"), mp(4)])]})),
    Case(T, "onehot_logp", "logits=[800,0,-800]", "float32", "ok",
         hp(lambda: {"logits": [(k == 1) - p for k, p in enumerate(_softmax(_in("float32", [800, 0, -800])))]})),
    Case(T, "relaxed_onehot_logp", "logits=[800,0,-800]", "float32", "ok", hp(_relaxed_onehot)),
    # x log(rate) at x = 0 is 0 for every rate: log p(0) = -rate, slope -1 at rate 0; xlogy's rule x / rate is 0/0
    # there at any precision
    Case(T, "poisson_zero_logp", "rate=[0,2]", "float64", "wrong", hp(lambda: {"rate": [mp(-1), mp(-1)]}),
         "return Poisson(rate, validate_args=False)"),
    Case(T, "logsigmoid_sum", "x=[-800,1]", "float64", "ok", _each("x", lambda x: sig(-x), [-800, 1])),
    Case(T, "logsigmoid_sum", "x=[-100,1]", "float32", "ok", _each("x", lambda x: sig(-x), [-100, 1], "float32")),
    # at beta x = threshold softplus switches to x: a jump of log1p(e^-5)/2
    Case(T, "softplus_switch", "x=[2.5,0.5]", "float64", "domain", hp(lambda: {"x": [NAN, sig(mp(1))]})),
    Case(T, "hinge_embedding", "x=[1,0.5,2]", "float64", "domain", hp(lambda: {"x": [NAN, mp(-1), mp(0)]})),
    Case(T, "top2_sum", "x=[3,1,1]", "float64", "domain", hp(lambda: {"x": [mp(1), NAN, NAN]})),
    # the slope at -800 is -799 e^-800, below float64's smallest number: 0 is its rounding
    Case(T, "mish_sum", "x=[-800,1]", "float64", "ok", _each("x", _mish_slope, [-800, 1])),
    Case(T, "numpy_logcosh", "x=[800,0.5]", "float64", "ok", _each("x", mpmath.tanh, [800, 0.5])),
    # rounding is flat between half-integers: the straight-through backward's 1 is not its derivative
    Case(T, "quantized_sum", "x=[0.3,1.7]", "float64", "wrong", hp(lambda: {"x": [mp(0), mp(0)]}),
         "class RoundSTE>>def backward"),
    # the backward swaps the two gradients: a e^b for a, e^b for b
    Case(T, "scaled_exp", "a=[2,-1],b=[0.5,1]", "float64", "wrong",
         hp(lambda: {"a": [mpmath.exp(v) for v in _in("float64", [0.5, 1])],
                     "b": [a * mpmath.exp(v) for a, v in zip([mp(2), mp(-1)], _in("float64", [0.5, 1]))]}),
         "class ScaledExp>>def backward"),
    # the bias gradient comes back with the batch's shape; PyTorch's engine sums it to the bias' shape
    Case(T, "biased_square", "x=[1,2],b=[0.5]", "float64", "ok", hp(lambda: {"x": [mp(3), mp(5)], "b": [mp(8)]})),
    Case(T, "log1pexp_sum", "x=[800,-3]", "float64", "ok",
         hp(lambda: {"x": [sig(mp(800)), 2 * sig(mp(-3))]})),
    # the peak's value squared (the index is a constant to the gradient): 2 x_max at the maximum, 0 elsewhere; the
    # backward writes at the one-number index tensor (grad[index] = g)
    Case(T, "peak_score", "x=[0.5,-3,2]", "float64", "ok", hp(lambda: {"x": [mp(0), mp(0), mp(4)]})),
    # PyTorch's default threshold 20: log1p(e^20) jumps to 20 by 2e-9 there
    Case(T, "softplus_default", "x=[20,1]", "float64", "domain", hp(lambda: {"x": [NAN, sig(mp(1))]})),
    # a gradient taken inside the function (create_graph=True), then differentiated again
    Case(T, "gradient_penalty", "w=[1.5,-0.5]", "float64", "ok", num_grad(lambda w: _penalty(w), w=[1.5, -0.5])),
    # a custom Function's backward from its saved output, differentiated again (create_graph=True)
    Case(T, "exp_penalty", "w=[0.75]", "float64", "ok", num_grad(_exp_penalty, w=[0.75])),
    Case(T, "attention_sharpness", "w=[1.5]", "float64", "ok", num_grad(_attention_sharpness, w=[1.5])),
    Case(T, "hvp_penalty", "w=[0.5,-1]", "float64", "ok", num_grad(_hvp_penalty, w=[0.5, -1.0])),
    # a forward hook doubling a layer's output is part of the function
    Case(T, "hooked_loss", None, "float64", "ok", hp(_hooked), args="hooked_args", wrt="x"),
    # GroupNorm over a group whose three channels are equal (0/0 but for epsilon): smooth
    Case(T, "block_loss", None, "float64", "ok", _group_norm_truth(), args="block_args", wrt="x"),
]

TF = [
    Case(K, "fresnel_c_sum", "x=[0.5,2.2]", "float64", "ok",
         _each("x", lambda x: mpmath.cos(mpmath.pi * x * x / 2), [0.5, 2.2])),
    Case(K, "bessel_j1_sum", "x=[1e-300,5]", "float64", "ok",
         _each100("x", lambda x: mpmath.besselj(0, x) - mpmath.besselj(1, x) / x, [1e-300, 5])),
    Case(K, "bessel_y0_sum", "x=[1e-300,2]", "float64", "ok", _each100("x", lambda x: -mpmath.bessely(1, x), [1e-300, 2])),
    Case(K, "erfcinv_sum", "p=[1e-300,0.3]", "float64", "ok", _each100("p", _erfcinv_slope, [1e-300, 0.3])),
    # xdivy(x, y) is x / y for every x, 0 included: slope 1/y in x; TensorFlow's rule masks it to 0 at x = 0 (xdivy(0,
    # y) is 0 for every y: flat in y there, which the rule gets right)
    Case(K, "xdivy_sum", "x=[0,1],y=[2,0.5]", "float64", "wrong",
         hp(lambda: {"x": [1 / mp(2), 1 / mp("0.5")], "y": [mp(0), -1 / mp("0.25")]}),
         "return tf.reduce_sum(tf.math.xdivy(x, y))"),
    # the squares of 1e-200 underflow: the norm is 0 and its slope x / 0
    Case(K, "euclid_norm", "x=[1e-200,1e-200]", "float64", "unstable",
         hp(lambda: {"x": [1 / mpmath.sqrt(2), 1 / mpmath.sqrt(2)]}), "return tf.math.reduce_euclidean_norm(x)"),
    Case(K, "euclid_norm", "x=[3,4]", "float32", "ok", hp(lambda: {"x": [mp("0.6"), mp("0.8")]})),
    Case(K, "segment_peaks", "x=[2,2,1]", "float64", "domain", hp(lambda: {"x": [NAN, NAN, mp(1)]})),
    Case(K, "top2_sum", "x=[3,1,1]", "float64", "domain", hp(lambda: {"x": [mp(1), NAN, NAN]})),
    Case(K, "selu_sum", "x=[0,1]", "float64", "domain", hp(lambda: {"x": [NAN, _f(SELU_SCALE)]})),
    Case(K, "softsign_sum", "x=[0,-2]", "float64", "ok", _each("x", lambda x: 1 / (1 + abs(x)) ** 2, [0, -2])),
    Case(K, "hard_sigmoid_sum", "x=[-3,0.5]", "float64", "domain", hp(lambda: {"x": [NAN, 1 / mp(6)]})),
    # the slope at -800 is about -799 e^-800, below float64's smallest number
    Case(K, "mish_sum", "x=[-800,1]", "float64", "ok", _each("x", _mish_slope, [-800, 1])),
    # x^2 meets its tangent 2x - 1 at 1 (C1); 2x - 1 meets the constant 3 at 2 with a kink
    Case(K, "piecewise", "x=1", "float64", "ok", hp(lambda: {"x": mp(2)})),
    Case(K, "piecewise", "x=1.5", "float32", "ok", hp(lambda: {"x": mp(2)})),
    Case(K, "piecewise", "x=2", "float64", "domain", hp(lambda: {"x": NAN})),
    Case(K, "ema_energy", "x=[1,-2,3]", "float64", "ok", num_grad(_ema_energy, x=[1.0, -2.0, 3.0])),
    Case(K, "running_product", "x=[2,0,3]", "float64", "ok", hp(lambda: {"x": [mp(0), mp(6), mp(0)]})),
    # log(e^a + e^b) is smooth at a = b (slopes 1/2, 1/2); max and |a - b| each have a kink there
    Case(K, "logaddexp_pair", "a=[0,800],b=[0,-800]", "float64", "wrong",
         hp(lambda: {"a": [mp("0.5"), sig(mp(1600))], "b": [mp("0.5"), sig(mp(-1600))]}),
         "return tf.reduce_sum(tf.experimental.numpy.logaddexp(a, b))"),
    # Phi(12) - Phi(10) is 1 - 1 = 0 in float64 at loc 0: log 0, and its slope 0/0
    Case(K, "truncnorm_naive", "loc=[0,9]", "float64", "unstable", hp(_truncnorm),
         "mass = _std_normal_cdf(12.0 - loc) - _std_normal_cdf(10.0 - loc)"),
    Case(K, "truncnorm_erfc", "loc=[0,9]", "float64", "ok", hp(_truncnorm)),
    # the rule's w-gradient has its sign flipped: log x, not -log x
    Case(K, "weighted_log_sum", "x=[0.5,2],w=[1.5,-1]", "float64", "wrong",
         hp(lambda: {"x": [mp("1.5") / mp("0.5"), mp(-1) / 2], "w": [mpmath.log(mp("0.5")), mpmath.log(2)]}),
         "def weighted_log>>def grad"),
    # 2 sigmoid(-800) is about 1e-347: 0 is its float64 rounding
    Case(K, "scaled_softplus_sum", "x=[-800,3]", "float64", "ok", _each("x", lambda x: 2 * sig(x), [-800, 3])),
    # Keras losses compute in float32 (their dtype) whatever the input's
    Case(K, "focal_loss", "logits=[[2,0.5,-1]]", "float32", "ok", num_grad(_focal, "float32", logits=[[2.0, 0.5, -1.0]])),
    Case(K, "dice_loss", "pred=[[0.9,0.2,0,0.7]]", "float32", "ok", num_grad(_dice, "float32", pred=[[0.9, 0.2, 0.0, 0.7]])),
    Case(K, "gradient_penalty", "w=[1.5,-0.5]", "float64", "ok", num_grad(lambda w: _penalty(w), w=[1.5, -0.5])),
    Case(K, "row_logsumexp", "x=[[800,0,-1],[0.5,0.5,0.5]]", "float64", "ok",
         hp(lambda: {"x": [_softmax([mp(800), mp(0), mp(-1)]), [1 / mp(3)] * 3]})),
    # an embedding row used twice: TensorFlow's gradient is IndexedSlices with the row twice, summed
    Case(K, "bag_loss", None, "float64", "ok", hp(_bag), args="bag_args", wrt="model.embed.embeddings"),
    Case(K, "flow_logdet", "x=[0.3,-1.2,0.8]", "float64", "ok",
         _each("x", lambda x: -mpmath.sech(x) ** 2 * mpmath.tanh(x) / (1 + mpmath.sech(x) ** 2 / 2), [0.3, -1.2, 0.8])),
    Case(K, "running_max_energy", "x=[1,-2,3]", "float64", "ok", num_grad(_running_energy, x=[1.0, -2.0, 3.0])),
    Case(K, "per_row_softplus", "x=[[800,-1],[0.5,-800]]", "float64", "ok",
         hp(lambda: {"x": [[sig(mp(800)), 2 * sig(mp(-1))], [sig(mp("0.5")), 2 * sig(mp(-800))]]})),
    Case(K, "batch_logdet", "x=[[0.3,-1.2],[0.8,0.1]]", "float64", "ok", num_grad(_batch_logdet, x=[[0.3, -1.2], [0.8, 0.1]])),
    Case(K, "directional_penalty", "w=[1.5,-0.5]", "float64", "ok", num_grad(_directional, w=[1.5, -0.5])),
    # RMSNormalization of an all-zero row (0/0 but for epsilon): smooth in x and in the hidden kernel, named by the
    # attribute that holds its layer (finding K1; Keras' path, model.dense.kernel, names it too)
    Case(K, "scorer_loss", None, "float64", "ok", _scorer_truth(), args="scorer_args", wrt="x,model.hidden.kernel"),
]

INPUT_ERRORS = []

ALL = TORCH + TF + INPUT_ERRORS
