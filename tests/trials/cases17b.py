"""The seventeenth trial set (b), PyTorch and TensorFlow/Keras: torch.distributions at the edges of their supports
(VonMises, Kumaraswamy, Pareto, RelaxedBernoulli, ContinuousBernoulli at 1/2, Cauchy, Laplace), inverse and polygamma
special functions in both frameworks (ndtri, erfinv, mvlgamma, trigamma, spence, expint, igammac, bessel_k0e, Hurwitz
zeta), activations and losses at their switches (tanhshrink, the exact GELU, softsign, hardtanh, multi-class hinge,
multi-label soft margin, the infinity norm; Keras' SquaredHinge, CategoricalHinge, MSLE), tf.function programs with
tf.cond and tf.while_loop, sparse softmax cross-entropy at +-1e4, custom rules with subtle bugs (autograd.Function:
a backward from the saved output, setup_context, two outputs, a gradient for a float argument; tf.custom_gradient: a
clipped gradient, a Keras layer's variables= gradient without the upstream), and small models with LayerNorm and
BatchNormalization at a constant feature.

Truths are expressions written here, evaluated by mpmath (2,000 digits), never the user files' code; points are the
numbers the dtype holds.
"""

import mpmath

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp, sig
from cases12a import num_grad

T, K = "torch_lib17b.py", "tf_lib17b.py"


def _f(v):
    return mp(float(v))


def _npdf(x):
    return mpmath.exp(-x * x / 2) / mpmath.sqrt(2 * mpmath.pi)


def _ncdf(x):
    return mpmath.erfc(-x / mpmath.sqrt(2)) / 2


def _ndtri_slope(p):
    """1 / phi(ndtri(p)), the quantile found by solving Phi(x) = p at the working precision."""
    guess = mpmath.sqrt(2) * mpmath.erfinv(2 * p - 1) if p > mp("1e-15") else -mpmath.sqrt(-2 * mpmath.log(p))
    x = mpmath.findroot(lambda t: mpmath.log(_ncdf(t)) - mpmath.log(p), guess)
    return 1 / _npdf(x)


def _each(name, slope, xs, dtype="float64"):
    return hp(lambda: {name: [slope(x) for x in _in(dtype, xs)]})


def _kumaraswamy():
    a, b, x = _in("float64", [2, 0.5]), _in("float64", [3, 0.25]), _in("float64", [0.5, 0.999])
    da = [1 / ak + mpmath.log(xk) - (bk - 1) * xk ** ak * mpmath.log(xk) / (1 - xk ** ak) for ak, bk, xk in zip(a, b, x)]
    db = [1 / bk + mpmath.log(1 - xk ** ak) for ak, bk, xk in zip(a, b, x)]
    return {"a": da, "b": db}


def _relaxed(dtype, logits):
    """d/dlogit of log T + d - 2 log(1 + e^d), d = logit - T logit(v): 1 - 2 sigmoid(d)."""
    def truth():
        t = mp("0.5")
        v = _in(dtype, [0.5, 0.3])
        return {"logits": [1 - 2 * sig(z - t * mpmath.log(vk / (1 - vk))) for z, vk in zip(_in(dtype, logits), v)]}
    return hp(truth)


def _cont_bernoulli(dtype):
    """d/dp of log C(p) + x log p + (1 - x) log(1 - p), C(p) = 2 artanh(1 - 2p) / (1 - 2p), even about 1/2."""
    def truth():
        out = []
        for p, x in zip(_in(dtype, [0.5, 0.2]), _in(dtype, [0.3, 0.9])):
            u = 1 - 2 * p
            d_norm = mp(0) if u == 0 else -2 / ((1 - u * u) * mpmath.atanh(u)) + 2 / u
            out.append(d_norm + x / p - (1 - x) / (1 - p))
        return {"probs": out}
    return hp(truth)


def _cauchy():
    out = []
    for s in _in("float64", [1e-300, 2]):
        z = 1 / s
        out.append(-1 / s + 2 * z * z / (s * (1 + z * z)))
    return {"scale": out}


def _mvlgamma_slope(a):
    return sum(mpmath.digamma(a - mp(j) / 2) for j in range(3))


def _gelu_slope(x):
    return _ncdf(x) + x * _npdf(x)


def _tf_gelu_slope(x):
    """TensorFlow's exact GELU is 0.5 x erfc(-x c) with c = tf.cast(0.7071067811865476, dtype): a Python float made a
    float32 tensor first, so c is float32's 1/sqrt 2 (1.7e-8 off) in float64 too."""
    c = _in("float32", [0.7071067811865476])[0]
    return mpmath.erfc(-x * c) / 2 + x * c * mpmath.exp(-(x * c) ** 2) / mpmath.sqrt(mpmath.pi)


def _head_truth():
    w = [[1, "0.5"], ["0.5", 0], ["0.25", -1]]
    w = [[mp(v) for v in row] for row in w]
    b = [mp(0), mp(0), mp("-0.75")]
    # the file copies torch.tensor([0.1, -0.2, 0.3]) (float32, PyTorch's default) into the float64 bias
    g, beta = [mp(1), mp(2), mp("-0.5")], _in("float32", [0.1, -0.2, 0.3])
    w2, b2, eps = [mp("1.5"), mp(-1), mp("0.5")], mp("0.25"), _f(1e-5)

    def loss(x):
        total = 0
        for row in x:
            h = [sum(wk * xk for wk, xk in zip(wr, row)) + bk for wr, bk in zip(w, b)]
            m = sum(h) / 3
            v = sum((hk - m) ** 2 for hk in h) / 3
            n = [(hk - m) / mpmath.sqrt(v + eps) * gk + bk for hk, gk, bk in zip(h, g, beta)]
            total += (sum(wk * mpmath.tanh(nk) for wk, nk in zip(w2, n)) + b2) ** 2
        return total
    return num_grad(loss, x=[[1.0, -1.0], [2.0, 1.0]])


def _sparse_xent():
    out = []
    for row, label in zip([_in("float32", [1e4, 0, -1e4]), _in("float32", [0.5, -1, 2])], [2, 0]):
        top = max(row)
        e = [mpmath.exp(v - top) for v in row]
        out.append([v / sum(e) - (k == label) for k, v in enumerate(e)])
    return {"logits": out}


def _gate():
    x, w, c = _in("float64", [0.5, 2]), _in("float64", [0.25, -1]), [mp(2), mp(-3)]
    return {"x": [ck * sig(wk) for ck, wk in zip(c, w)],
            "model.gate.w": [ck * xk * sig(wk) * (1 - sig(wk)) for ck, xk, wk in zip(c, x, w)]}


def _batch_norm():
    """d/dx of sum(c * BN(x W + b)) over a batch of 3 (biased variance, epsilon 1e-3); feature 2 is constant and its
    kernel column 0, so only feature 1 reaches x: d/dx_n = dL/dh1_n * (1, -0.5)."""
    x = [_in("float64", row) for row in ([1, 2], [0.5, -1], [3, 0.25])]
    h = [r[0] - r[1] / 2 + _f(0.1) for r in x]
    c = [mp(1), mp("0.5"), mp(-1)]
    eps, n = _f(1e-3), 3
    m = sum(h) / n
    s = mpmath.sqrt(sum((v - m) ** 2 for v in h) / n + eps)
    xh = [(v - m) / s for v in h]
    dh = [(n * ck - sum(c) - hk * sum(a * b for a, b in zip(c, xh))) / (n * s) for ck, hk in zip(c, xh)]
    return {"x": [[d, -d / 2] for d in dh]}


TORCH = [
    # the mean direction's slope is kappa sin(x - loc); the Bessel normaliser depends on kappa alone
    Case(T, "vonmises_loc", "loc=[0.5,-3]", "float64", "ok",
         hp(lambda: {"loc": [4 * mpmath.sin(x - v) for x, v in zip(_in("float64", [0.5, 3]), _in("float64", [0.5, -3]))]})),
    Case(T, "vonmises_loc", "loc=[0.5,-3]", "float32", "ok",
         hp(lambda: {"loc": [4 * mpmath.sin(x - v) for x, v in zip(_in("float32", [0.5, 3]), _in("float32", [0.5, -3]))]})),
    Case(T, "kumaraswamy_logp", "a=[2,0.5],b=[3,0.25]", "float64", "ok", hp(_kumaraswamy)),
    # at the scale itself log(x / scale) = 0: d/dalpha = 1/alpha - log(x / scale)
    Case(T, "pareto_logp", "alpha=[1e-8,3]", "float64", "ok",
         hp(lambda: {"alpha": [1 / a - mpmath.log(x) for a, x in zip(_in("float64", [1e-8, 3]), [mp(1), mp("2.5")])]})),
    Case(T, "pareto_logp", "alpha=[1e-8,3]", "float32", "ok",
         hp(lambda: {"alpha": [1 / a - mpmath.log(x) for a, x in zip(_in("float32", [1e-8, 3]), [mp(1), mp("2.5")])]})),
    # 2 * log1p(exp(d)) with d = 800: exp overflows, and its gradient is 0 * inf
    Case(T, "relaxed_logp", "logits=[800,-2]", "float64", "unstable", _relaxed("float64", [800, -2]),
         "return dist.log_prob(samples)"),
    Case(T, "relaxed_logp", "logits=[100,-2]", "float32", "unstable", _relaxed("float32", [100, -2]),
         "return dist.log_prob(samples)"),
    # PyTorch uses a Taylor polynomial of the normaliser around 1/2, whose slope there is 0 as the normaliser's is
    Case(T, "cont_bernoulli_logp", "probs=[0.5,0.2]", "float64", "ok", _cont_bernoulli("float64")),
    Case(T, "cont_bernoulli_logp", "probs=[0.5,0.2]", "float32", "ok", _cont_bernoulli("float32")),
    # ((x - loc) / scale) ** 2 overflows at scale 1e-300: log1p(inf), and the slope 0 * inf
    Case(T, "cauchy_logp", "scale=[1e-300,2]", "float64", "unstable", hp(_cauchy),
         "return Cauchy(torch.zeros_like(scale), scale)"),
    Case(T, "laplace_logp", "loc=[0.5,2]", "float64", "domain", hp(lambda: {"loc": [NAN, mp(-1)]})),
    Case(T, "gaussian_quantiles", "p=[1e-300,0.975]", "float64", "ok", _each("p", _ndtri_slope, [1e-300, 0.975])),
    Case(T, "gaussian_quantiles", "p=[1e-30,0.5]", "float32", "ok", _each("p", _ndtri_slope, [1e-30, 0.5], "float32")),
    Case(T, "erfinv_sum", "x=[0.9999999999999999,-0.5]", "float64", "ok",
         _each("x", lambda x: mpmath.sqrt(mpmath.pi) / 2 * mpmath.exp(mpmath.erfinv(x) ** 2), [1 - 2 ** -53, -0.5])),
    Case(T, "wishart_norm", "a=[1.0001,5]", "float64", "ok", _each("a", _mvlgamma_slope, [1.0001, 5])),
    Case(T, "trigamma_sum", "x=[1e-5,3]", "float64", "ok", _each("x", lambda x: mpmath.polygamma(2, x), [1e-5, 3])),
    # x - tanh(x) at 1e-9: the slope 1 - (1 - tanh^2) cancels to 0 (truth 1e-18)
    Case(T, "tanhshrink_sum", "x=[1e-9,2]", "float64", "unstable",
         _each("x", lambda x: mpmath.tanh(x) ** 2, [1e-9, 2]), "return F.tanhshrink(x).sum()"),
    # 1 + erf(x / sqrt 2) cancels to 0 at -10: the slope keeps x phi(x) and loses Phi(x), 1% of it
    Case(T, "gelu_exact", "x=[-10,1]", "float64", "unstable", _each("x", _gelu_slope, [-10, 1]),
         "return F.gelu(x).sum()"),
    Case(T, "gelu_exact", "x=[-5,1]", "float32", "unstable", _each("x", _gelu_slope, [-5, 1], "float32"),
         "return F.gelu(x).sum()"),
    # x / (1 + |x|) is smooth at 0 (slope 1 on both sides) though |x| is not
    Case(T, "softsign_sum", "x=[0,-2]", "float64", "ok", _each("x", lambda x: 1 / (1 + abs(x)) ** 2, [0, -2])),
    Case(T, "hardtanh_sum", "x=[1,0.5]", "float64", "domain", hp(lambda: {"x": [NAN, mp(1)]})),
    # the margin 1 - x0 + x1 is exactly 0: a kink in x0 and x1; x2's margin is -0.5, inactive
    Case(T, "multiclass_hinge", "x=[1,0,-0.5]", "float64", "domain", hp(lambda: {"x": [NAN, NAN, mp(0)]})),
    Case(T, "multilabel_margin", "x=[800,-800,0]", "float32", "ok",
         hp(lambda: {"x": [(sig(x) - y) / 3 for x, y in zip(_in("float32", [800, -800, 0]), [1, 0, 1])]})),
    Case(T, "max_abs", "x=[-2,2,1]", "float64", "domain", hp(lambda: {"x": [NAN, NAN, mp(0)]})),
    # sigmoid(x) as 1 - exp(-softplus(x)): at -40, 1 - (1 - 4e-18) is 0 in float64
    Case(T, "output_softplus", "x=[-40,1]", "float64", "unstable", _each("x", sig, [-40, 1]),
         "return grad * (1 - torch.exp(-out))"),
    # the backward's s (1 + x s) should be s (1 + x (1 - s))
    Case(T, "swish_sum", "x=[0.5,-2]", "float64", "wrong", _each("x", lambda x: sig(x) * (1 + x * (1 - sig(x))), [0.5, -2]),
         "class Swish>>def backward"),
    # the backward drops exp(-x)'s upstream gradient: 2 e^x alone, not 2 e^x - 3 e^-x
    Case(T, "hyperbolic", "x=[0.5,-1]", "float64", "wrong",
         _each("x", lambda x: 2 * mpmath.exp(x) - 3 * mpmath.exp(-x), [0.5, -1]), "class Exponentials>>def backward"),
    # the one input that is not a tensor gets a gradient: PyTorch's engine refuses the backward's answer, so there is
    # no framework gradient (an error); the exact one is still 3 x^2, and the rule at fault is Power's backward
    Case(T, "power_sum", "x=[0.5,2]", "float64", "error", _each("x", lambda x: 3 * x * x, [0.5, 2]),
         "class Power>>def backward"),
    # LayerNorm of a row whose three features are equal (0/0 but for epsilon): smooth
    Case(T, "head_loss", None, "float64", "ok", _head_truth(), args="head_args", wrt="x"),
]

TF = [
    # log(x) / (1 - x) is 0/0 at 1: TensorFlow's rule says -1 there, the limit
    Case(K, "spence_sum", "x=[1,0.5]", "float64", "ok",
         _each("x", lambda x: mp(-1) if x == 1 else mpmath.log(x) / (1 - x), [1, 0.5])),
    Case(K, "expint_sum", "x=[1e-300,700]", "float64", "ok", _each("x", lambda x: mpmath.exp(x) / x, [1e-300, 700])),
    Case(K, "tail_quantiles", "p=[1e-300,0.975]", "float64", "ok", _each("p", _ndtri_slope, [1e-300, 0.975])),
    Case(K, "upper_gamma", "x=[1e-300,700]", "float64", "ok",
         _each("x", lambda x: -mpmath.exp(-x) / mpmath.sqrt(mpmath.pi * x), [1e-300, 700])),
    Case(K, "upper_gamma", "x=[1e-30,80]", "float32", "ok",
         _each("x", lambda x: -mpmath.exp(-x) / mpmath.sqrt(mpmath.pi * x), [1e-30, 80], "float32")),
    Case(K, "trigamma_sum", "x=[1e-5,3]", "float64", "ok", _each("x", lambda x: mpmath.polygamma(2, x), [1e-5, 3])),
    Case(K, "bessel_k0e_sum", "x=[1e-300,2]", "float64", "ok",
         _each("x", lambda x: mpmath.exp(x) * (mpmath.besselk(0, x) - mpmath.besselk(1, x)), [1e-300, 2])),
    Case(K, "hurwitz", "q=[1e-3,2]", "float64", "ok", _each("q", lambda q: -3 * mpmath.zeta(4, q), [1e-3, 2])),
    # TensorFlow's exact GELU is written with erfc: no cancellation far left, unlike PyTorch's kernel
    Case(K, "gelu_exact", "x=[-10,1]", "float64", "ok", _each("x", _tf_gelu_slope, [-10, 1])),
    Case(K, "gelu_exact", "x=[-5,1]", "float32", "ok", _each("x", _tf_gelu_slope, [-5, 1], "float32")),
    # log1p and expm1 meet at 0 with the same value and slope: no kink
    Case(K, "smooth_switch", "x=0", "float64", "ok", hp(lambda: {"x": mp(1)})),
    Case(K, "smooth_switch", "x=0.5", "float64", "ok", hp(lambda: {"x": 1 / mp("1.5")})),
    Case(K, "step_switch", "x=0", "float64", "domain", hp(lambda: {"x": NAN})),
    Case(K, "newton_sqrt", "a=[2,1e-6]", "float64", "ok", _each("a", lambda a: 1 / (2 * mpmath.sqrt(a)), [2, 1e-6])),
    # max(1 - y p, 0)^2 is C1 at the margin: slope 0 there
    Case(K, "squared_hinge", "pred=[[1,0.5]]", "float64", "ok", hp(lambda: {"pred": [[mp(0), mp("1.5")]]})),
    Case(K, "categorical_hinge", "pred=[[0.5,0.7,0.5]]", "float64", "domain", hp(lambda: {"pred": [[NAN, mp(-1), NAN]]})),
    # the negative prediction is clipped to epsilon: flat; the other: (log 3 - log 2) * 2 / 2 / 3
    Case(K, "msle", "pred=[[-0.5,2]]", "float32", "ok",
         hp(lambda: {"pred": [[mp(0), (mpmath.log(3) - mpmath.log(2)) / 3]]})),
    Case(K, "sparse_xent", "logits=[[1e4,0,-1e4],[0.5,-1,2]]", "float32", "ok", hp(_sparse_xent)),
    # the rule clips the upstream (5 * 2x) to norm 1: not the derivative
    Case(K, "clipped_loss", "x=[1,2]", "float64", "wrong", hp(lambda: {"x": [mp(10), mp(20)]}), "def grad(upstream)"),
    # the variables' gradient leaves out the upstream (2, -3); the weight, made by add_weight without a name, is
    # named by the attribute the layer holds it under, as the user's code reads it
    Case(K, "gate_loss", None, "float64", "wrong", hp(_gate), "def grad_fn", args="gate_args",
         wrt="x,model.gate.w"),
    Case(K, "bn_model_loss", "x=[[1,2],[0.5,-1],[3,0.25]]", "float64", "ok", hp(_batch_norm)),
]

INPUT_ERRORS = []

ALL = TORCH + TF + INPUT_ERRORS
