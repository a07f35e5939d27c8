"""The seventh trial set: survival and reliability log-likelihoods (log-logistic, Gompertz, Weibull with censoring, by
hand, through torch.distributions and in an accelerated-failure-time regression on a parameter tree), special-function
code (a Stirling series, log binomials and log Beta by gammaln/betaln/lbeta at large arguments, digamma, Bessel i0e),
numerically careful statistics (Pearson's and cosine similarity at collinear data, log-std, batch and group
statistics at constant or tiny data), normalisations (F.normalize at and near 0), activations at their far ends (selu,
celu), optimiser pieces (an Adam step at a tiny weight), and broken code: custom rules that overflow, where-guards that
leak NaN, textbook densities whose powers and exponentials overflow.

Truths are expressions written here, evaluated by mpmath at 2,000 digits, never the user files' code; points are the
numbers the dtype holds, and constants a program rounds (selu's scale, 1e-300, 0.9) are the program's float64 numbers.
"""

import mpmath

from cases import Case, mp
from cases5 import _in, each, hp, sig
from truths import load


def _f(v):
    return mp(float(v))


def _loglogistic(x, a=2, b=3):
    z = x / a
    return ((b - 1) - 2 * b * sig(b * mpmath.log(z))) / x


def _gompertz(x, eta=1e-300):
    return 1 - _f(eta) * mpmath.exp(x)


def _weibull_k(k):
    x = [mp("0.5"), mp(2), mp(3), _f(1e-3)]
    event = [1, 1, 0, 0]
    z = [v / mp("1.5") for v in x]
    return sum(e * (1 / k + mpmath.log(zi)) for e, zi in zip(event, z)) - sum(zi ** k * mpmath.log(zi) for zi in z)


def _stirling(n):
    # d/dn of (n - 1/2) log n - n + log(2 pi)/2 + 1/(12 n) - 1/(360 n^3)
    return mpmath.log(n) - 1 / (2 * n) - 1 / (12 * n * n) + 1 / (120 * n ** 4)


def _pearson(xs, ys=(3, 5, 7, 9)):
    """d/dx of sum(dx dy) / sqrt(Sxx Syy): dy_i / sqrt(Sxx Syy) - r dx_i / Sxx (the centring's terms sum to 0)."""
    def truth():
        x, y = _in("float64", xs), [mp(v) for v in ys]
        mx, my = sum(x) / len(x), sum(y) / len(y)
        dx, dy = [v - mx for v in x], [v - my for v in y]
        sxx, syy = sum(v * v for v in dx), sum(v * v for v in dy)
        r = sum(a * b for a, b in zip(dx, dy)) / mpmath.sqrt(sxx * syy)
        return {"x": [b / mpmath.sqrt(sxx * syy) - r * a / sxx for a, b in zip(dx, dy)]}
    return hp(truth)


def _log_std(xs):
    def truth():
        x = _in("float64", xs)
        m = sum(x) / len(x)
        ss = sum((v - m) ** 2 for v in x)
        return {"x": [(v - m) / ss for v in x]}
    return hp(truth)


def _selu(x):
    scale, alpha = _f(1.0507009873554804934193349852946), _f(1.6732632423543772848170429916717)
    return scale if x > 0 else scale * alpha * mpmath.exp(x)


def _celu(x, alpha=0.5):
    return mp(1) if x > 0 else mpmath.exp(x / _f(alpha))


def _weibull_where_k():
    def truth():
        k = mp("2.5")
        xs = [mp(0), _f(0.7), _f(1.3)]
        return {"k": 3 / k + sum(mpmath.log(v) - v ** k * mpmath.log(v) for v in xs if v > 0)}
    return hp(truth)


def _aft():
    def truth():
        params, data = load("jax_lib7.py").weibull_regression_args()
        w = [_f(v) for v in params["w"]]
        b, k = _f(params["b"]), mpmath.exp(_f(params["log_k"]))
        grad, grad_b, grad_log_k = [mp(0)] * len(w), mp(0), mp(0)
        for row, t, e in zip(data["features"].tolist(), data["time"].tolist(), data["event"].tolist()):
            feats, e = [_f(v) for v in row], _f(e)
            log_lam = sum(wi * fi for wi, fi in zip(w, feats)) + b
            z = _f(t) / mpmath.exp(log_lam)
            slope = -k * e + k * z ** k  # d loglik / d log_lam
            grad = [g + slope * fi for g, fi in zip(grad, feats)]
            grad_b += slope
            grad_log_k += k * (e * (1 / k + mpmath.log(z)) - z ** k * mpmath.log(z))  # dk / dlog_k = k
        return {"params.w": grad, "params.b": grad_b, "params.log_k": grad_log_k}
    return hp(truth)


def _digamma_diff(a, b=2):
    return mpmath.digamma(a) - mpmath.digamma(a + b)


def _sinc_slope(x):
    if x == 0:
        return mp(0)
    u = mpmath.pi * x
    return (u * mpmath.cos(u) - mpmath.sin(u)) / (u * x)


def _group_norm(values, gains, groups=2, eps=1e-5):
    """d/dx of sum(gains * (x - mean_g) / sqrt(var_g + eps)) by groups, at x with zero variance in every group."""
    def truth():
        size = len(values) // groups
        out = []
        for g in range(groups):
            c = [_f(v) for v in gains[g * size:(g + 1) * size]]
            mean = sum(c) / size
            out += [(ci - mean) / mpmath.sqrt(_f(eps)) for ci in c]
        return {"x": out}
    return hp(truth)


def _adam(ws, lr=1e-3, eps=1e-8, dtype="float64"):
    """The step's slope 1 - lr eps / (|w| + eps)^2. The user's literals are held as the dtype holds them where they
    meet its data (README, since 253172ff: JAX's weak lr and eps are float32's in a float32 run), as the point is."""
    lr, eps = _in(dtype, [lr, eps])
    return each("w", lambda w: 1 - lr * eps / (abs(w) + eps) ** 2, ws, dtype)


def _batch(xs, c=(1, 2, 4, -3), eps=1e-3):
    """d/dx of sum(c * (x - m) / sqrt(v + eps)), m and v the batch mean and (biased) variance."""
    def truth():
        x, cs, n = _in("float64", xs), [mp(v) for v in c], len(xs)
        m = sum(x) / n
        v = sum((xi - m) ** 2 for xi in x) / n
        s = mpmath.sqrt(v + _f(eps))
        cbar, cd = sum(cs) / n, sum(ci * (xi - m) for ci, xi in zip(cs, x))
        return {"x": [(ci - cbar) / s - cd * (xi - m) / (n * s ** 3) for ci, xi in zip(cs, x)]}
    return hp(truth)


def _survival():
    def truth():
        model, time, event = load("torch_lib7.py").survival_args()
        k = mpmath.exp(_f(model.log_shape.detach().numpy()))
        lam = mpmath.exp(_f(model.log_scale.detach().numpy()))
        total = mp(0)
        for t, e in zip(time.tolist(), event.tolist()):
            z = _f(t) / lam
            # d/d log_shape of e (log k - log lam + (k - 1) log z) - z^k, with dk/dlog_shape = k
            total += k * (_f(e) * (1 / k + mpmath.log(z)) - z ** k * mpmath.log(z))
        return {"model.log_shape": total}
    return hp(truth)


def survival_log_scale():
    """d/d log_scale of torch_lib7's WeibullSurvival at survival_args: sum of -k e + k z^k."""
    with mpmath.workdps(60):
        model, time, event = load("torch_lib7.py").survival_args()
        k = mpmath.exp(_f(model.log_shape.detach().numpy()))
        lam = mpmath.exp(_f(model.log_scale.detach().numpy()))
        return sum(-k * _f(e) + k * (_f(t) / lam) ** k for t, e in zip(time.tolist(), event.tolist()))


def _i0e_log(k):
    return mpmath.besseli(1, k) / mpmath.besseli(0, k) - mpmath.sign(k)


NUMPY = [
    # (x / 2)^3 overflows at 1e300: log1p(inf), the density's value -inf where it is -6.9e2
    Case("numpy_lib7.py", "loglogistic_naive", "x=1e300", "float64", "unstable", each("x", _loglogistic, [1e300]),
         "np.log1p(z ** BETA)"),
    Case("numpy_lib7.py", "loglogistic_stable", "x=[1e300,1e-300]", "float64", "ok",
         each("x", _loglogistic, [1e300, 1e-300])),
    # e^800 overflows before the tiny shape scales it: eta e^(b x) is 2.7e47
    Case("numpy_lib7.py", "gompertz_naive", "x=800", "float64", "unstable", each("x", _gompertz, [800]),
         "ETA * np.exp(B * x)"),
    Case("numpy_lib7.py", "gompertz_stable", "x=[800,-800]", "float64", "ok", each("x", _gompertz, [800, -800])),
    Case("numpy_lib7.py", "weibull_censored", "k=800", "float64", "ok", each("k", _weibull_k, [800])),
    Case("numpy_lib7.py", "weibull_censored", "k=1e-300", "float64", "ok", each("k", _weibull_k, [1e-300])),
    # n ** 3 overflows: the correction's slope is -0 * inf
    Case("numpy_lib7.py", "stirling", "n=1e300", "float64", "unstable", each("n", _stirling, [1e300]),
         "1.0 / (360.0 * n ** 3)"),
    Case("numpy_lib7.py", "stirling", "n=1e100", "float64", "ok", each("n", _stirling, [1e100])),
    # gammaln(n + 1) - gammaln(n - 2) cancels 3.4e16 to 104; its slope psi(n + 1) - psi(n - 2), 34.5 to 3e-15
    Case("numpy_lib7.py", "log_binom", "n=1e15", "float64", "unstable",
         each("n", lambda n: mpmath.digamma(n + 1) - mpmath.digamma(n - 2), [1e15]), "gammaln(n + 1.0) - gammaln(k"),
    # at 1e300 the two gammaln are equal in float64: value 0 where it is 2070.5, slope 0 where it is 3e-300
    Case("numpy_lib7.py", "log_binom", "n=1e300", "float64", "unstable",
         each("n", lambda n: mpmath.digamma(n + 1) - mpmath.digamma(n - 2), [1e300]), "gammaln(n + 1.0) - gammaln(k"),
    # collinear with Y: the correlation is at its maximum 1, its gradient exactly 0
    Case("numpy_lib7.py", "pearson", "x=[1,2,3,4]", "float64", "ok", _pearson([1, 2, 3, 4])),
    # dx * dx underflows: 0 / 0 (the data are collinear only to float64's spacing: the slopes are ~1e283)
    Case("numpy_lib7.py", "pearson", "x=[1e-300,2e-300,3e-300,4e-300]", "float64", "unstable",
         _pearson([1e-300, 2e-300, 3e-300, 4e-300]), "return np.sum(dx * dy) / np.sqrt"),
    # (x - mean)^2 underflows: the std is 0 and its log -inf
    Case("numpy_lib7.py", "log_std", "x=[1e-200,2e-200,3e-200]", "float64", "unstable",
         _log_std([1e-200, 2e-200, 3e-200]), "np.log(np.std(x))"),
    Case("numpy_lib7.py", "lse2", "x=[-1100,3]", "float64", "ok",
         each("x", lambda x: mpmath.tanh(x * mpmath.log(2)), [-1100, 3])),
    Case("numpy_lib7.py", "kl_div_sum", "p=[5e-324,0.5]", "float64", "ok",
         hp(lambda: {"p": [mpmath.log(_in("float64", [5e-324])[0] / mp("0.5")), mpmath.log(2)]})),
]

JAX = [
    Case("jax_lib7.py", "selu_sum", "x=[-800,1e-300,3]", "float64", "ok", each("x", _selu, [-800, 1e-300, 3])),
    # min(x, 0) at x = 1e-300 is away from its switch: the slope is 1, whatever the point's size
    Case("jax_lib7.py", "celu_sum", "x=[-800,1e-300]", "float64", "ok", each("x", _celu, [-800, 1e-300])),
    Case("jax_lib7.py", "loglogistic_surv", "x=[1e300,1e-300]", "float64", "ok",
         each("x", lambda x: -3 * sig(3 * mpmath.log(x / 2)) / x, [1e300, 1e-300])),
    # the where's untaken branch: d/dk of (k - 1) log 0 is -inf, times the where's 0
    Case("jax_lib7.py", "weibull_where", None, "float64", "wrong", _weibull_where_k(),
         "safe = jnp.where(x > 0, (k - 1.0) * jnp.log(x), 0.0)", "jnp.log(jnp.where(x > 0, x, 1",
         args="weibull_where_args", wrt="k"),
    Case("jax_lib7.py", "weibull_regression", None, "float64", "ok", _aft(), args="weibull_regression_args",
         wrt="params"),
    Case("jax_lib7.py", "log_beta", "a=[1e10,3]", "float64", "ok", each("a", _digamma_diff, [1e10, 3])),
    # JAX's betaln swaps to algdiv(2, a): its log1p(2 / a) and (a + 1.5) * 2 / a^2 terms cancel, and a^2 overflows
    Case("jax_lib7.py", "log_beta", "a=1e300", "float64", "unstable", each("a", _digamma_diff, [1e300]),
         "jnp.sum(betaln(a, 2.0))"),
    Case("jax_lib7.py", "digamma_sum", "x=[1e-150,1e10]", "float64", "ok",
         each("x", lambda x: mpmath.polygamma(1, x), [1e-150, 1e10])),
    # the rule's 1 - e^x is 0 at x = -1e-20: -inf where the slope is -1e20
    Case("jax_lib7.py", "log1mexp_sum", "x=-1e-20", "float64", "unstable",
         each("x", lambda x: -1 / mpmath.expm1(-x), [-1e-20]), "g * -jnp.exp(x) / (1.0 - jnp.exp(x))"),
    Case("jax_lib7.py", "sinc_sum", "x=[0,0.5]", "float64", "ok", each("x", _sinc_slope, [0, 0.5])),
    # the quotient rule's (pi x)^2 underflows at x = 1e-300: sin(pi x) pi / 0
    Case("jax_lib7.py", "sinc_sum", "x=1e-300", "float64", "unstable", each("x", _sinc_slope, [1e-300]),
         "jnp.sum(jnp.sinc(x))"),
    Case("jax_lib7.py", "pearson", "x=[1,2,3,4]", "float64", "ok", _pearson([1, 2, 3, 4])),
    Case("jax_lib7.py", "group_norm", "x=[5,5,5,5,5,5]", "float64", "ok",
         _group_norm([5.0] * 6, [1.0, 2.0, 4.0, -1.0, 0.5, 3.0])),
    # w * w underflows at w = 1e-300: sqrt's slope at 0 is inf (0.5 / 0 in the backward), where the step's is -99999
    Case("jax_lib7.py", "adam_step", "w=1e-300", "float64", "unstable", _adam([1e-300]),
         "return jnp.sum(w - lr * m_hat / (jnp.sqrt(v_hat)"),
    Case("jax_lib7.py", "adam_step", "w=[3,-1e-20]", "float64", "ok", _adam([3, -1e-20])),
    # in float32 w * w is subnormal already at 1e-20 and 0.001 w * w is 0
    Case("jax_lib7.py", "adam_step", "w=1e-20", "float32", "unstable", _adam([1e-20], dtype="float32"),
         "return jnp.sum(w - lr * m_hat / (jnp.sqrt(v_hat)"),
    Case("jax_lib7.py", "adam_step", "w=1e-15", "float32", "ok", _adam([1e-15], dtype="float32")),
    Case("jax_lib7.py", "entr_sum", "p=[1e-300,0.5]", "float64", "ok",
         each("p", lambda p: -(mpmath.log(p) + 1), [1e-300, 0.5])),
    # XLA on the CPU flushes the subnormal 5e-324 to 0: the rule's log(x) + 1 is -inf there
    Case("jax_lib7.py", "entr_sum", "p=[5e-324,0.5]", "float64", "unstable",
         each("p", lambda p: -(mpmath.log(p) + 1), [5e-324, 0.5]), "jnp.sum(jax.scipy.special.entr(p))"),
    Case("jax_lib7.py", "standardized", "x=[5,5,5]", "float64", "ok", _batch([5, 5, 5], c=(1, 2, 4), eps=1e-5)),
    # jax.nn.standardize takes the variance as E[x^2] - E[x]^2: 1e16 - 1e16 is 0 where the variance is 2/3
    Case("jax_lib7.py", "standardized", "x=[1e8,100000001,100000002]", "float64", "unstable",
         _batch([1e8, 100000001, 100000002], c=(1, 2, 4), eps=1e-5), "jax.nn.standardize(x, epsilon=1e-5)"),
    Case("jax_lib7.py", "gammainc_sum", "x=[800,0.5,1e-300]", "float64", "ok",
         each("x", lambda x: x * mpmath.exp(-x), [800, 0.5, 1e-300])),
]

TORCH = [
    # the norm is below eps at and near 0: x / eps, smooth there
    Case("torch_lib7.py", "normalized", "x=[0,0,0]", "float64", "ok",
         hp(lambda: {"x": [mp(w) / _f(1e-12) for w in (1, -2, 3)]})),
    Case("torch_lib7.py", "normalized", "x=[1e-300,0,0]", "float64", "ok",
         hp(lambda: {"x": [mp(w) / _f(1e-12) for w in (1, -2, 3)]})),
    Case("torch_lib7.py", "batch_norm_train", "x=[1e-200,2e-200,3e-200,4e-200]", "float64", "ok",
         _batch([1e-200, 2e-200, 3e-200, 4e-200])),
    Case("torch_lib7.py", "soft_margin", "x=[-800,800]", "float64", "unstable",
         each("x", lambda x: -sig(-x), [-800, 800]), "F.soft_margin_loss(x"),
    Case("torch_lib7.py", "weighted_bce", "z=[800,-800]", "float64", "ok",
         hp(lambda: {"z": [-3 * sig(mp(-800)), sig(mp(-800))]})),
    Case("torch_lib7.py", "entr_sum", "p=[5e-324,0.5]", "float64", "ok",
         each("p", lambda p: -(mpmath.log(p) + 1), [5e-324, 0.5])),
    Case("torch_lib7.py", "bernoulli_entropy", "p=[1e-300,0.25]", "float64", "ok",
         each("p", lambda p: mpmath.log((1 - p) / p), [1e-300, 0.25])),
    Case("torch_lib7.py", "weibull_lp", "x=[1e-100,30]", "float64", "ok",
         each("x", lambda x: 1 / x - 2 * x / mp("2.25"), [1e-100, 30])),
    # the PowerTransform's (x / 1.5)^2 underflows at 1e-300: its log-Jacobian is log 0, the density's value -inf
    Case("torch_lib7.py", "weibull_lp", "x=1e-300", "float64", "unstable",
         each("x", lambda x: 1 / x - 2 * x / mp("2.25"), [1e-300]), "def weibull_lp>>torch.sum(d.log_prob(x))"),
    Case("torch_lib7.py", "gumbel_lp", "x=[-1400,1600]", "float64", "ok",
         each("x", lambda x: (mpmath.exp(-x / 2) - 1) / 2, [-1400, 1600])),
    # e^800 / (1 + e^800): inf / inf in the hand-written backward
    Case("torch_lib7.py", "softplus_custom", "x=800", "float64", "unstable", each("x", sig, [800]),
         "return grad * torch.exp(x) / (1.0 + torch.exp(x))"),
    # the padding's p log p: 0 * log 0 in the multiply's backward, under the where's 0
    Case("torch_lib7.py", "entropy_where", "p=[0.5,0.25,0]", "float64", "wrong",
         hp(lambda: {"p": [-(mpmath.log(mp("0.5")) + 1), -(mpmath.log(mp("0.25")) + 1), mp(0)]}),
         "torch.where(PADDED, p * torch.log(p)"),
    # the clamp's switch is at 1e-6: below it the slope is exactly 0, however small the point
    Case("torch_lib7.py", "logit_eps", "p=[1e-300,0.5]", "float64", "ok", hp(lambda: {"p": [mp(0), mp(4)]})),
    Case("torch_lib7.py", "survival_loss", None, "float64", "ok", _survival(), args="survival_args",
         wrt="model.log_shape"),
]

TF = [
    # lbeta is lgamma(a) + lgamma(2) - lgamma(a + 2): 2.2e11 cancels to -46, its slope psi(a) - psi(a + 2) to 2e-10
    Case("tf_lib7.py", "lbeta_sum", "a=[1e10,3]", "float64", "unstable", each("a", _digamma_diff, [1e10, 3]),
         "tf.math.lbeta("),
    # at 1e300 the difference is exactly 0: value 0 where it is -1381.6, slope 0 where it is -2e-300
    Case("tf_lib7.py", "lbeta_sum", "a=1e300", "float64", "unstable", each("a", _digamma_diff, [1e300]),
         "tf.math.lbeta("),
    Case("tf_lib7.py", "bernoulli_entropy", "p=[1e-300,0.25]", "float64", "ok",
         each("p", lambda p: mpmath.log((1 - p) / p), [1e-300, 0.25])),
    Case("tf_lib7.py", "log_i0e", "k=[1e-300,800]", "float64", "ok", each("k", _i0e_log, [1e-300, 800])),
    Case("tf_lib7.py", "weighted_ce", "z=[800,-800]", "float64", "ok",
         hp(lambda: {"z": [-3 * sig(mp(-800)), sig(mp(-800))]})),
    Case("tf_lib7.py", "batch_stats", "x=[1e-200,2e-200,3e-200,4e-200]", "float64", "ok",
         _batch([1e-200, 2e-200, 3e-200, 4e-200])),
    # the censored zero's untaken log(2 x): upstream 0 times 1 / 0
    Case("tf_lib7.py", "weibull_where", "x=[0.5,1.2,2,0]", "float64", "wrong",
         hp(lambda: {"x": [1 / mp("0.5") - 1, 1 / _f(1.2) - 2 * _f(1.2), mp(-4), mp(0)]}),
         "log_pdf = tf.math.log(2.0 * x) - x ** 2"),
    # e^800 / (1 + e^800) in the rule: inf / inf
    Case("tf_lib7.py", "custom_log_sigmoid", "x=-800", "float64", "unstable", each("x", lambda x: sig(-x), [-800]),
         "return upstream * tf.exp(-x) / (1.0 + tf.exp(-x))"),
    Case("tf_lib7.py", "igamma_sum", "x=[800,0.5,1e-300]", "float64", "ok",
         each("x", lambda x: x * mpmath.exp(-x), [800, 0.5, 1e-300])),
    Case("tf_lib7.py", "xla_log_i0e", "k=[1e-300,800]", "float64", "ok", each("k", _i0e_log, [1e-300, 800])),
    Case("tf_lib7.py", "gompertz", "x=[800,-800]", "float64", "ok", each("x", _gompertz, [800, -800])),
    Case("tf_lib7.py", "keras_cosine", "x=[2,4,6]", "float64", "ok", hp(lambda: {"x": [mp(0)] * 3})),
]

ALL = NUMPY + JAX + TORCH + TF
