"""The twenty-sixth trial set (b), PyTorch and TensorFlow: SwiGLU/GeGLU blocks, a mixture-density network's NLL at
log-sigma -50 and far targets, a Tweedie deviance at eta +-800 (PyTorch, and tf.experimental.numpy), a zero-inflated
Poisson likelihood (both frameworks), a Hawkes process log-likelihood at a decay of 1e-20, an ArcFace margin logit at
perfect alignment, a linear-chain CRF's NLL (both frameworks), an autograd.Function log-cosh saving tanh, temperature
scaling as an nn.Module with buffers, attention whose padded query row masks every key, a generalised normal
log-density in its shape at x = 0; a tf.custom_gradient soft clip inside a tf.function, softplus in float16, a
coefficient of variation and a variance at equal values, a GP posterior mean through tf.linalg.solve, Barron's general
robust loss near alpha = 0, and a Keras layer with a non-trainable scale.

Truths are expressions written here, evaluated by mpmath (2,000 digits unless said), never the user files' code;
points are the numbers the dtype holds.
"""

import mpmath

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp
from cases12a import num_grad
from cases23a import _values

T, K = "torch_lib26b.py", "tf_lib26b.py"


def _sig(x):
    return 1 / (1 + mpmath.exp(-x))


def _logsumexp(values):
    top = max(values)
    return top + mpmath.log(sum(mpmath.exp(v - top) for v in values))


GATE = [[mp("0.5"), mp(-1), mp("0.25")], [mp(1), mp("0.5"), mp("-0.75")]]
UP = [[mp("-0.5"), mp("0.25"), mp(1)], [mp("0.75"), mp(-1), mp("0.5")]]
DOWN = [mp("1.5"), mp(-2)]


def _glu(activation):
    """sum_j DOWN_j activation(GATE_j . x) (UP_j . x)."""
    def f(x):
        return sum(d * activation(sum(g * v for g, v in zip(gate, x))) * sum(u * v for u, v in zip(up, x))
                   for d, gate, up in zip(DOWN, GATE, UP))
    return f


def _silu(z):
    return z * _sig(z)


def _gelu(z):
    return z * mpmath.erfc(-z / mpmath.sqrt(2)) / 2


def _gelu_tanh(z):
    return z * (1 + mpmath.tanh(mpmath.sqrt(2 / mpmath.pi) * (z + mp("0.044715") * z ** 3))) / 2


def _mdn(logits, mu, log_sigma, y=mp("0.5")):
    """-log sum_k softmax(logits)_k N(y; mu_k, e^(log_sigma_k)), as a logsumexp."""
    log_pi = [v - _logsumexp(logits) for v in logits]
    comps = [-s - mpmath.log(2 * mpmath.pi) / 2 - (y - m) ** 2 / (2 * mpmath.exp(2 * s)) for m, s in zip(mu, log_sigma)]
    return -_logsumexp([a + b for a, b in zip(log_pi, comps)])


CLAIMS = [mp(0), mp(2), mp("0.5")]


def _tweedie(etas, dtype="float64"):
    """d/deta of -y e^(-eta/2)/(-1/2) + e^(eta/2)/(1/2) (power 1.5): -y e^(-eta/2) + e^(eta/2)."""
    return hp(lambda: {"eta": [-y * mpmath.exp(-e / 2) + mpmath.exp(e / 2) for y, e in zip(CLAIMS, _in(dtype, etas))]})


def _zip(logit, eta):
    """A structural-zero observation (y = 0) then a count y = 3: the negative log-likelihood of each, summed."""
    pi0, pi1 = _sig(logit[0]), _sig(logit[1])
    zero = -mpmath.log(pi0 + (1 - pi0) * mpmath.exp(-mpmath.exp(eta[0])))
    count = -(mpmath.log(_sig(-logit[1])) + 3 * eta[1] - mpmath.exp(eta[1]) - mpmath.log(6))
    return zero + count


EVENTS = [mp(float(v)) for v in (0.5, 1.2, 1.3, 2.8)]


def _hawkes(mu, alpha, beta):
    """sum_i log(mu + alpha sum_(j<i) e^(-beta (t_i - t_j))) - mu T - alpha/beta sum_i (1 - e^(-beta (T - t_i)))."""
    t, horizon = EVENTS, mp(3)
    logs = sum(mpmath.log(mu + alpha * sum(mpmath.exp(-beta * (t[i] - t[j])) for j in range(i))) for i in range(len(t)))
    return logs - mu * horizon + alpha / beta * sum(mpmath.expm1(-beta * (horizon - s)) for s in t)


def _arcface(x):
    """30 cos(theta + 0.5), theta the angle between x and (1, 0)."""
    return 30 * mpmath.cos(mpmath.acos(x[0] / mpmath.sqrt(x[0] ** 2 + x[1] ** 2)) + mp("0.5"))


TRANS = [[mp("0.5"), mp(-1)], [mp("0.25"), mp("0.75")]]
GOLD = [0, 1, 1]


def _crf(emissions):
    """log of the sum over all 8 tag paths of e^(score) minus the gold path's score (no forward algorithm)."""
    def score(path):
        return (sum(emissions[t][tag] for t, tag in enumerate(path))
                + sum(TRANS[path[t - 1]][path[t]] for t in range(1, len(path))))
    paths = [[a, b, c] for a in (0, 1) for b in (0, 1) for c in (0, 1)]
    return _logsumexp([score(p) for p in paths]) - score(GOLD)


def _tanh_slopes(xs, dtype="float64"):
    return hp(lambda: {"x": [mpmath.tanh(v) for v in _in(dtype, xs)]})


CALIBRATION = [[mp(2), mp(-1), mp("0.5")], [mp("0.25"), mp("1.5"), mp(-2)], [mp(3), mp("2.5"), mp(-1)]]


def _calibration(log_t):
    """The mean cross-entropy of the held logits divided by T = e^(log_t), labels (0, 1, 1)."""
    temperature = mpmath.exp(log_t)
    return sum(_logsumexp([z / temperature for z in row]) - row[label] / temperature
               for row, label in zip(CALIBRATION, [0, 1, 1])) / 3


def _attention_finite(q, k):
    """Row 1 attends over keys 0 and 1 (key 2 padding), its output 2.5 p_1; row 2's uniform average is a constant."""
    scores = [sum(a * b for a, b in zip(q[0], k[j])) / mpmath.sqrt(2) for j in (0, 1)]
    top = max(scores)
    e = [mpmath.exp(s - top) for s in scores]
    return mp("2.5") * e[1] / sum(e) + (mp(0) + mp("2.5") + mp("-1.25")) / 3


def _generalised_normal(xs, p, dtype="float64"):
    """d/dx and d/dp of sum log p - log 2 - lgamma(1/p) - |x|^p (x-slope 0 at 0 for p > 1, none for p < 1)."""
    def truth():
        x, q = _in(dtype, xs), _in(dtype, [p])[0]
        dp = sum(1 / q + mpmath.psi(0, 1 / q) / q ** 2 - (abs(v) ** q * mpmath.log(abs(v)) if v else 0) for v in x)
        dx = [(NAN if q < 1 else mp(0)) if v == 0 else -q * abs(v) ** (q - 1) * mpmath.sign(v) for v in x]
        return {"x": dx, "p": dp}
    return hp(truth)


def _mdn_slopes(dtype="float64", **point):
    """The mixture's slopes through its responsibilities r = softmax(log pi + log N): softmax(logits) - r in the
    logits, -r (y - mu) / sigma^2 in the means, -r ((y - mu)^2 / sigma^2 - 1) in the log-widths (closed forms keep a
    responsibility of e^(-1.35e41) that differences at any precision round away)."""
    def truth():
        logits, mu, log_sigma = (_in(dtype, point[name]) for name in ("logits", "mu", "log_sigma"))
        y = mp("0.5")
        pi = [mpmath.exp(v - _logsumexp(logits)) for v in logits]
        comps = [mpmath.log(p) - s - mpmath.log(2 * mpmath.pi) / 2 - (y - m) ** 2 / (2 * mpmath.exp(2 * s))
                 for p, m, s in zip(pi, mu, log_sigma)]
        r = [mpmath.exp(c - _logsumexp(comps)) for c in comps]
        return {"logits": [p - q for p, q in zip(pi, r)],
                "mu": [-q * (y - m) / mpmath.exp(2 * s) for q, m, s in zip(r, mu, log_sigma)],
                "log_sigma": [-q * ((y - m) ** 2 / mpmath.exp(2 * s) - 1) for q, m, s in zip(r, mu, log_sigma)]}
    return hp(truth)


def _lkj(rs, etas, dtype="float64"):
    """d/dr and d/deta of (eta - 1) log(1 - r^2) - log B(1/2, eta), the LKJ density of a 2x2 correlation's factor."""
    def truth():
        r, eta = _in(dtype, rs)[0], _in(dtype, etas)[0]
        return {"r": -2 * (eta - 1) * r / (1 - r * r),
                "eta": mpmath.log(1 - r * r) - mpmath.psi(0, eta) + mpmath.psi(0, eta + mp("0.5"))}
    return hp(truth)


def _points(**point):
    return ",".join(f"{name}=" + str(value).replace(" ", "") for name, value in point.items())


MDN_EASY = dict(logits=[0, 1, -1], mu=[0.4, 0.6, -1], log_sigma=[0, -1, 0.5])
MDN_NARROW = dict(logits=[0, 1, -1], mu=[0.4, 0.6, -1], log_sigma=[-50, 0, 0])
MDN_FAR = dict(logits=[0, 1, -1], mu=[40, -40, 45], log_sigma=[0, 0, 0])
MDN_FAR32 = dict(logits=[0, 1, -1], mu=[16, -16, 17], log_sigma=[0, 0, 0])
EM = [[1, -1], [0.5, 2], [-0.3, 0.1]]
EM_800 = [[800, -1], [0.5, 2], [-0.3, 0.1]]
EM_100 = [[100, -1], [0.5, 2], [-0.3, 0.1]]
Q, KEYS = [[1, 0.5], [0.2, -1]], [[0.5, 1], [-1, 0.25], [2, 2]]
ZIP_EASY = dict(logit=[0.5, -1], eta=[0.2, 1])
ZIP_SURE = dict(logit=[-40, 40], eta=[0.2, 1])
ZIP_BIG = dict(logit=[0.5, -1], eta=[7, 1])

TORCH = [
    Case(T, "swiglu_block", "x=[0.5,-1,2]", "float64", "ok", num_grad(_glu(_silu), x=[0.5, -1, 2])),
    Case(T, "swiglu_block", "x=[0.5,-1,2]", "float32", "ok", num_grad(_glu(_silu), "float32", x=[0.5, -1, 2])),
    Case(T, "swiglu_block", "x=[300,-800,40]", "float64", "ok", num_grad(_glu(_silu), x=[300, -800, 40])),
    Case(T, "geglu_block", "x=[0.5,-1,2]", "float64", "ok", num_grad(_glu(_gelu), x=[0.5, -1, 2])),
    Case(T, "geglu_block", "x=[0.5,-1,2]", "float32", "ok", num_grad(_glu(_gelu), "float32", x=[0.5, -1, 2])),
    Case(T, "geglu_tanh_block", "x=[0.5,-1,2]", "float64", "ok", num_grad(_glu(_gelu_tanh), x=[0.5, -1, 2])),
    Case(T, "mdn_nll", _points(**MDN_EASY), "float64", "ok", _mdn_slopes(**MDN_EASY)),
    Case(T, "mdn_nll", _points(**MDN_EASY), "float32", "ok", _mdn_slopes("float32", **MDN_EASY)),
    Case(T, "mdn_nll_naive", _points(**MDN_EASY), "float64", "ok", _mdn_slopes(**MDN_EASY)),
    # the first component's weight is e^(-1.35e41): every slope of its mean and width is 0 in float64, rightly
    Case(T, "mdn_nll", _points(**MDN_NARROW), "float64", "ok", _mdn_slopes(**MDN_NARROW)),
    # float32: sigma^2 = e^-100 is subnormal, 0.01 / (2 sigma^2) overflows: that component's log-density is -inf and
    # its backward multiplies the weight 0 by an infinite 1/sigma^2
    Case(T, "mdn_nll", _points(**MDN_NARROW), "float32", "unstable", _mdn_slopes("float32", **MDN_NARROW)),
    Case(T, "mdn_nll", _points(**MDN_FAR), "float64", "ok", _mdn_slopes(**MDN_FAR)),
    # every density is below e^-780: the mixture's sum underflows to 0 and its log is -inf
    Case(T, "mdn_nll_naive", _points(**MDN_FAR), "float64", "unstable", _mdn_slopes(**MDN_FAR),
         "return -torch.log((pi * density).sum())"),
    Case(T, "mdn_nll_naive", _points(**MDN_FAR32), "float32", "unstable", _mdn_slopes("float32", **MDN_FAR32)),
    Case(T, "mdn_nll", _points(**MDN_FAR32), "float32", "ok", _mdn_slopes("float32", **MDN_FAR32)),
    Case(T, "tweedie_naive", "eta=[0.5,-1,2]", "float64", "ok", _tweedie([0.5, -1, 2])),
    Case(T, "tweedie_naive", "eta=[0.5,-1,2]", "float32", "ok", _tweedie([0.5, -1, 2], "float32")),
    # exp(800) overflows: inf^-0.5 = 0 and inf^0.5 = inf
    Case(T, "tweedie_naive", "eta=[800,-1,2]", "float64", "unstable", _tweedie([800, -1, 2])),
    # exp(-800) is 0: 0^-0.5 is inf, and the claim 0 times it NaN
    Case(T, "tweedie_naive", "eta=[-800,-1,2]", "float64", "unstable", _tweedie([-800, -1, 2])),
    Case(T, "tweedie_naive", "eta=[100,-1,2]", "float32", "unstable", _tweedie([100, -1, 2], "float32")),
    Case(T, "tweedie_stable", "eta=[800,-1,2]", "float64", "ok", _tweedie([800, -1, 2])),
    Case(T, "tweedie_stable", "eta=[-800,-1,2]", "float64", "ok", _tweedie([-800, -1, 2])),
    Case(T, "tweedie_stable", "eta=[100,-1,2]", "float32", "ok", _tweedie([100, -1, 2], "float32")),
    Case(T, "zip_nll_naive", _points(**ZIP_EASY), "float64", "ok", num_grad(_zip, **ZIP_EASY)),
    Case(T, "zip_nll", _points(**ZIP_EASY), "float64", "ok", num_grad(_zip, **ZIP_EASY)),
    Case(T, "zip_nll", _points(**ZIP_EASY), "float32", "ok", num_grad(_zip, "float32", **ZIP_EASY)),
    # sigmoid(40) rounds to 1: log(1 - pi) is log 0 (pi is read in the zero's line too, and stays)
    Case(T, "zip_nll_naive", _points(**ZIP_SURE), "float64", "unstable", num_grad(_zip, **ZIP_SURE),
         "count = -(torch.log(1 - pi)", "logsigmoid(-logit)"),
    Case(T, "zip_nll", _points(**ZIP_SURE), "float64", "ok", num_grad(_zip, **ZIP_SURE)),
    # lam = e^7 = 1097: the zero's Poisson part e^-1097 underflows, rightly
    Case(T, "zip_nll", _points(**ZIP_BIG), "float64", "ok", num_grad(_zip, **ZIP_BIG)),
    Case(T, "hawkes_loglik", "mu=0.5,alpha=0.8,beta=1.5", "float64", "ok", num_grad(_hawkes, mu=0.5, alpha=0.8, beta=1.5)),
    Case(T, "hawkes_loglik_expm1", "mu=0.5,alpha=0.8,beta=1.5", "float64", "ok",
         num_grad(_hawkes, mu=0.5, alpha=0.8, beta=1.5)),
    # 1 - exp(-1e-20 s) is 0: the compensator loses its alpha s terms
    Case(T, "hawkes_loglik", "mu=0.5,alpha=0.8,beta=1e-20", "float64", "unstable",
         num_grad(_hawkes, mu=0.5, alpha=0.8, beta=1e-20)),
    # expm1 keeps the value, but the beta slope is s/beta - s/beta (2.5e20 each) for -alpha s^2 / 2
    Case(T, "hawkes_loglik_expm1", "mu=0.5,alpha=0.8,beta=1e-20", "float64", "unstable",
         num_grad(_hawkes, mu=0.5, alpha=0.8, beta=1e-20)),
    Case(T, "arcface_logit", "x=[0.6,0.8]", "float64", "ok", num_grad(_arcface, x=[0.6, 0.8])),
    Case(T, "arcface_logit", "x=[0.6,0.8]", "float32", "ok", num_grad(_arcface, "float32", x=[0.6, 0.8])),
    Case(T, "arcface_logit_clamped", "x=[0.6,0.8]", "float64", "ok", num_grad(_arcface, x=[0.6, 0.8])),
    # aligned: the logit is 30 cos(|theta| + m), a kink across the centre's direction; radially it stands still
    Case(T, "arcface_logit", "x=[1,0]", "float64", "wrong", _values("x", [0, NAN])),
    # the clamp holds cos at 1 - 1e-7 all around: flat
    Case(T, "arcface_logit_clamped", "x=[1,0]", "float64", "ok", _values("x", [0, 0])),
    Case(T, "crf_nll", "emissions=" + str(EM).replace(" ", ""), "float64", "ok", num_grad(_crf, emissions=EM)),
    Case(T, "crf_nll", "emissions=" + str(EM).replace(" ", ""), "float32", "ok",
         num_grad(_crf, "float32", emissions=EM)),
    Case(T, "crf_nll_naive", "emissions=" + str(EM).replace(" ", ""), "float64", "ok", num_grad(_crf, emissions=EM)),
    Case(T, "crf_nll", "emissions=" + str(EM_800).replace(" ", ""), "float64", "ok", num_grad(_crf, emissions=EM_800)),
    # exp(800) overflows at the first step
    Case(T, "crf_nll_naive", "emissions=" + str(EM_800).replace(" ", ""), "float64", "unstable",
         num_grad(_crf, emissions=EM_800)),
    Case(T, "log_cosh_loss", "x=[0.5,-2,800]", "float64", "ok", _tanh_slopes([0.5, -2, 800])),
    Case(T, "log_cosh_loss", "x=[0.5,-2,80]", "float32", "ok", _tanh_slopes([0.5, -2, 80], "float32")),
    # the backward returns tanh's derivative, not log cosh's
    Case(T, "log_cosh_loss_mixed_up", "x=[0.5,-2,800]", "float64", "wrong", _tanh_slopes([0.5, -2, 800]),
         "class LogCoshMixedUp>>def backward"),
    Case(T, "calibration_nll", None, "float32", "ok", hp(lambda: {"scaler.log_t": num_grad(
        _calibration, "float32", log_t=0.5)()["log_t"]}), args="scaler_args", wrt="scaler.log_t"),
    Case(T, "padded_attention_finite", _points(q=Q, k=KEYS), "float64", "ok", num_grad(_attention_finite, q=Q, k=KEYS)),
    # the padded query masks every key: its softmax row is -inf - (-inf), the output NaN whatever q and k are, so
    # the function has no value anywhere near and no input has a slope (domain_slopes.no_value_near)
    Case(T, "padded_attention", _points(q=Q, k=KEYS), "float64", "domain",
         hp(lambda: {"q": [[NAN] * 2, [NAN] * 2], "k": [[NAN] * 2, [NAN] * 2, [NAN] * 2]})),
    # PyTorch's SDPA gives a row that masks every key the output 0 (its safe softmax): row 2 is constant
    Case(T, "sdpa_padded", _points(q=Q, k=KEYS), "float64", "ok", num_grad(_attention_finite, q=Q, k=KEYS)),
    Case(T, "lkj_logp", "r=0.5,eta=2", "float64", "ok", _lkj([0.5], [2])),
    Case(T, "lkj_logp", "r=0.5,eta=2", "float32", "ok", _lkj([0.5], [2], "float32")),
    # PyTorch's normaliser takes lgamma of (eta + 1/2) - 1/2, which is 0 at eta = 1e-300: the log-density is -inf
    Case(T, "lkj_logp", "r=0.5,eta=1e-300", "float64", "unstable", _lkj([0.5], [1e-300])),
    # 1 - r * r at r = 1 - d looks like a cancellation but is 2d exactly (1 - 2d is a double): off by d/2 = 5e-13
    Case(T, "lkj_logp", "r=0.999999999999,eta=2", "float64", "ok", _lkj([0.999999999999], [2])),
    # PyTorch's special polynomials and Airy's function have no derivative: their terms drop out of the gradient
    Case(T, "chebyshev_features", "x=[0.3,-0.5]", "float64", "wrong",
         hp(lambda: {"x": [(12 * v * v - 3) / 2 + 2 * v for v in _in("float64", [0.3, -0.5])]}),
         "return (0.5 * torch.special.chebyshev_polynomial_t(x, 3) + x ** 2).sum()"),
    Case(T, "airy_tail", "x=[0.3,-0.5]", "float64", "wrong",
         hp(lambda: {"x": [mpmath.airyai(v, derivative=1) + 1 for v in _in("float64", [0.3, -0.5])]}),
         "return (torch.special.airy_ai(x) + x).sum()"),
    Case(T, "generalised_normal_logp", "x=[0,0.5],p=1.5", "float64", "ok", _generalised_normal([0, 0.5], 1.5)),
    Case(T, "generalised_normal_logp", "x=[0,0.5],p=1.5", "float32", "ok",
         _generalised_normal([0, 0.5], 1.5, "float32")),
    # |x|^0.8 has an infinite slope at 0; the shape's slope is still there (|0|^p is 0 for every p)
    Case(T, "generalised_normal_logp", "x=[0,0.5],p=0.8", "float64", "domain", _generalised_normal([0, 0.5], 0.8)),
]


W_CLIP = [mp(1), mp(-2), mp("0.5")]


def _soft_clip(xs, dtype="float64"):
    """d/dx of sum w 5 tanh(x / 5): w (1 - tanh^2(x / 5))."""
    return hp(lambda: {"x": [w * (1 - mpmath.tanh(v / 5) ** 2) for w, v in zip(W_CLIP, _in(dtype, xs))]})


def _cv(x):
    """The population standard deviation over the mean."""
    m = sum(x) / len(x)
    return mpmath.sqrt(sum((v - m) ** 2 for v in x) / len(x)) / m


def _gp_mean(log_ell):
    """k*^T (K + 0.01 I)^-1 y with the squared-exponential kernel, every input the float64 the code holds."""
    x, y = [mp(0), mp("0.5"), mp(1.3)], [mp(1), mp("-0.5"), mp("0.25")]
    ell, noise, query = mpmath.exp(log_ell), mp(1e-2), mp(0.8)
    gram = mpmath.matrix([[mpmath.exp(-((a - b) / ell) ** 2 / 2) + (noise if i == j else 0) for j, b in enumerate(x)]
                          for i, a in enumerate(x)])
    weights = mpmath.lu_solve(gram, mpmath.matrix(y))
    return sum(mpmath.exp(-((query - a) / ell) ** 2 / 2) * weights[i] for i, a in enumerate(x))


def _barron(x, alpha):
    """sum |a - 2| / a ((x^2 / |a - 2| + 1)^(a / 2) - 1), scale 1."""
    b = abs(alpha - 2)
    return sum(b / alpha * mpmath.expm1(alpha / 2 * mpmath.log1p(v * v / b)) for v in x)


def _scaled_softplus():
    """d/dK_ij of sum_j c_j 1.5 softplus((x K)_j): c_j 1.5 sigmoid((x K)_j) x_i, x = (1, -0.5), c = (1, -3)."""
    x, c = [mp(1), mp("-0.5")], [mp(1), mp(-3)]
    kernel = [[mp("0.5"), mp(-1)], [mp(2), mp("0.25")]]
    z = [sum(x[i] * kernel[i][j] for i in range(2)) for j in range(2)]
    return {"layer.kernel": [[c[j] * mp("1.5") * _sig(z[j]) * x[i] for j in range(2)] for i in range(2)]}


def _half_dense(x):
    """sum_j c_j sigmoid((x K + b)_j), K [[0.5, -1], [2, 0.25]], b (0.1, -0.3) as float32 holds it, c (1, -3)."""
    kernel, bias, c = [[mp("0.5"), mp(-1)], [mp(2), mp("0.25")]], _in("float32", [0.1, -0.3]), [mp(1), mp(-3)]
    return sum(c[j] * _sig(x[0] * kernel[0][j] + x[1] * kernel[1][j] + bias[j]) for j in range(2))


# the three draws TensorFlow's stateless_gamma kernel makes at alpha 2.5 with seed (7, 11) in float64
GAMMA_DRAWS = [mp(1.7025984724015077), mp(2.7668251326457463), mp(3.553628266629336)]


def _gamma_draws_slope():
    """The implicit reparameterisation: a draw x moves with alpha so its CDF P(alpha, x) stays put,
    dx/dalpha = -dP/dalpha / p(x); the mean of the three."""
    def slope(x, a=mp("2.5")):
        moved = mpmath.diff(lambda b: mpmath.gammainc(b, 0, x, regularized=True), a)
        return -moved / (x ** (a - 1) * mpmath.exp(-x) / mpmath.gamma(a))
    with mpmath.workdps(100):
        return {"alpha": +(sum(slope(x) for x in GAMMA_DRAWS) / 3)}


def _sqrtm_readout(a):
    """sum W * sqrt(A), W [[1, 2], [-1, 0.5]], for a 2x2 A with eigenvalues right of 0: (A + s I) / t with
    s = sqrt(det A), t = sqrt(tr A + 2 s)."""
    s = mpmath.sqrt(a[0][0] * a[1][1] - a[0][1] * a[1][0])
    t = mpmath.sqrt(a[0][0] + a[1][1] + 2 * s)
    root = [[(a[i][j] + (s if i == j else 0)) / t for j in range(2)] for i in range(2)]
    w = [[mp(1), mp(2)], [mp(-1), mp("0.5")]]
    return sum(w[i][j] * root[i][j] for i in range(2) for j in range(2))


TF = [
    Case(K, "soft_clipped", "x=[0.5,-3,4]", "float64", "ok", _soft_clip([0.5, -3, 4])),
    Case(K, "soft_clipped", "x=[0.5,-3,4]", "float32", "ok", _soft_clip([0.5, -3, 4], "float32")),
    # the rule's own 1 - t * t at t = tanh(8) = 1 - 2.3e-7 cancels: 2.7e-10 off in float64, 6% in float32
    Case(K, "soft_clipped", "x=[0.5,-3,40]", "float64", "unstable", _soft_clip([0.5, -3, 40]),
         "def soft_clip(x)>>return dy * (1 - t * t)"),
    Case(K, "soft_clipped", "x=[0.5,-3,40]", "float32", "unstable", _soft_clip([0.5, -3, 40], "float32")),
    # the rule divides by C once more than tanh(x / C)'s chain rule does with C outside
    Case(K, "soft_clipped_wrong", "x=[0.5,-3,40]", "float64", "wrong", _soft_clip([0.5, -3, 40]),
         "def soft_clip_wrong>>def grad(dy)"),
    # softplus and its sigmoid in float16: three decimal digits of a float32 model's gradient
    Case(K, "softplus_half", "x=[0.5,12]", "float32", "unstable",
         hp(lambda: {"x": [_sig(v) for v in _in("float32", [0.5, 12])]}),
         "return tf.reduce_sum(tf.cast(tf.math.softplus(tf.cast(x, tf.float16)), x.dtype))"),
    Case(K, "coefficient_of_variation", "x=[1,2,4]", "float64", "ok", num_grad(_cv, x=[1, 2, 4])),
    Case(K, "coefficient_of_variation", "x=[1,2,4]", "float32", "ok", num_grad(_cv, "float32", x=[1, 2, 4])),
    # equal values: the standard deviation is a cone's tip, along each coordinate too
    Case(K, "coefficient_of_variation", "x=[2,2,2]", "float64", "domain", _values("x", [NAN, NAN, NAN])),
    Case(K, "spread_penalty", "x=[2,2,2]", "float64", "ok", _values("x", [mp(1) / 3] * 3)),
    Case(K, "spread_penalty", "x=[2,2,2]", "float32", "ok", _values("x", [mp(1) / 3] * 3)),
    Case(K, "gp_posterior_mean", "log_ell=0", "float64", "ok", num_grad(_gp_mean, log_ell=0)),
    Case(K, "gp_posterior_mean", "log_ell=-0.7", "float64", "ok", num_grad(_gp_mean, log_ell=-0.7)),
    Case(K, "barron_loss_naive", "x=[1,-2],alpha=1", "float64", "ok", num_grad(_barron, x=[1, -2], alpha=1)),
    Case(K, "barron_loss", "x=[1,-2],alpha=1", "float64", "ok", num_grad(_barron, x=[1, -2], alpha=1)),
    Case(K, "barron_loss", "x=[1,-2],alpha=4", "float32", "ok", num_grad(_barron, "float32", x=[1, -2], alpha=4)),
    # (B^(5e-11) - 1): the power's ten leading digits cancel
    Case(K, "barron_loss_naive", "x=[1,-2],alpha=1e-10", "float64", "unstable",
         num_grad(_barron, x=[1, -2], alpha=1e-10)),
    # expm1 keeps the value; the alpha slope is -L/a + L/a (1e10 each) for L^2 / 4
    Case(K, "barron_loss", "x=[1,-2],alpha=1e-10", "float64", "unstable", num_grad(_barron, x=[1, -2], alpha=1e-10)),
    Case(K, "tweedie_naive", "eta=[0.5,-1,2]", "float64", "ok", _tweedie([0.5, -1, 2])),
    Case(K, "tweedie_naive", "eta=[800,-1,2]", "float64", "unstable", _tweedie([800, -1, 2]),
         "def tweedie_naive>>mu = tnp.exp(eta)"),
    Case(K, "tweedie_stable", "eta=[800,-1,2]", "float64", "ok", _tweedie([800, -1, 2])),
    Case(K, "tweedie_stable", "eta=[-800,-1,2]", "float64", "ok", _tweedie([-800, -1, 2])),
    Case(K, "tweedie_stable", "eta=[80,-1,2]", "float32", "ok", _tweedie([80, -1, 2], "float32")),
    Case(K, "zip_nll", _points(**ZIP_EASY), "float64", "ok", num_grad(_zip, **ZIP_EASY)),
    Case(K, "zip_nll", _points(**ZIP_EASY), "float32", "ok", num_grad(_zip, "float32", **ZIP_EASY)),
    Case(K, "zip_nll", _points(**ZIP_SURE), "float64", "ok", num_grad(_zip, **ZIP_SURE)),
    Case(K, "zip_nll", _points(**ZIP_BIG), "float64", "ok", num_grad(_zip, **ZIP_BIG)),
    Case(K, "zip_nll_naive", _points(**ZIP_EASY), "float64", "ok", num_grad(_zip, **ZIP_EASY)),
    Case(K, "zip_nll_naive", _points(**ZIP_SURE), "float64", "unstable", num_grad(_zip, **ZIP_SURE)),
    Case(K, "crf_nll", "emissions=" + str(EM).replace(" ", ""), "float64", "ok", num_grad(_crf, emissions=EM)),
    Case(K, "crf_nll", "emissions=" + str(EM).replace(" ", ""), "float32", "ok",
         num_grad(_crf, "float32", emissions=EM)),
    Case(K, "crf_nll", "emissions=" + str(EM_800).replace(" ", ""), "float64", "ok", num_grad(_crf, emissions=EM_800)),
    Case(K, "crf_nll_naive", "emissions=" + str(EM_800).replace(" ", ""), "float64", "unstable",
         num_grad(_crf, emissions=EM_800)),
    Case(K, "crf_nll_naive", "emissions=" + str(EM_100).replace(" ", ""), "float32", "unstable",
         num_grad(_crf, "float32", emissions=EM_100)),
    Case(K, "scaled_softplus_loss", None, "float32", "ok", hp(_scaled_softplus), args="scaled_softplus_args",
         wrt="layer.kernel"),
    # the layer computes in float16 under its mixed_float16 policy: a float32 loss with three digits
    Case(K, "half_dense_readout", "x=[1,-0.5]", "float32", "unstable", num_grad(_half_dense, "float32", x=[1, -0.5])),
    Case(K, "gamma_sample_mean", "alpha=2.5", "float64", "ok", hp(_gamma_draws_slope)),
    Case(K, "sqrtm_readout", "a=[[2,1],[1,2]]", "float64", "ok", num_grad(_sqrtm_readout, a=[[2, 1], [1, 2]])),
    Case(K, "sqrtm_readout", "a=[[4,1],[0.5,3]]", "float64", "ok", num_grad(_sqrtm_readout, a=[[4, 1], [0.5, 3]])),
    Case(K, "sqrtm_readout", "a=[[2,1],[1,2]]", "float32", "ok",
         num_grad(_sqrtm_readout, "float32", a=[[2, 1], [1, 2]])),
]

ALL = TORCH + TF
