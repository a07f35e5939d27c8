"""The eighth trial set: attention with -inf and -1e9 masks, normalisation layers at zero and constant rows, focal
losses at confident logits, smooth-L1 at its switch, triplet and contrastive losses at coincident points, a
Gumbel-softmax at a vanishing temperature, log-determinants of near-singular matrices, Poisson and negative-binomial
likelihoods at large counts, mixtures with a zero-weight component, KL between Gaussians with tiny scales, a flow's
softplus-parameterised scale, custom rules with subtle errors (a sign lost only for x < 0, a missing chain factor, a
division by zero in the rule only) in JAX, PyTorch, TensorFlow and gradcli, tf.clip_by_norm at and inside its
switch, and a NumPy function gradcli.numpy lacks.

Truths are expressions written here, evaluated by mpmath at 2,000 digits, never the user files' code; points are the
numbers the dtype holds, and constants a program writes (1e-6, 1e-3, 1e-12) are the program's float64 numbers.
"""

import mpmath

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, each, hp, sig


def _f(v):
    return mp(float(v))


def _softmax(xs):
    top = max(xs)
    e = [mpmath.exp(v - top) for v in xs]
    return [v / sum(e) for v in e]


def _weighted_softmax_slope(scores, cost, scale=1):
    """d/ds of sum(cost * softmax(s / scale)): y_i (c_i - c.y) / scale."""
    y = _softmax([s / scale for s in scores])
    mean = sum(c * v for c, v in zip(cost, y))
    return [v * (c - mean) / scale for c, v in zip(cost, y)]


GAIN = (1, -2, mp("0.5"))


def _rms_at_zero(eps=1e-6):
    return hp(lambda: {"x": [g / mpmath.sqrt(_f(eps)) for g in GAIN]})


def _layer_norm_constant(eps=1e-5):
    """At a constant row the centred x is 0 and the variance's slope vanishes: (g - mean g) / sqrt(eps)."""
    return hp(lambda: {"x": [(g - sum(GAIN) / 3) / mpmath.sqrt(_f(eps)) for g in GAIN]})


def _kl(mu1, s1, mu2, s2):
    def truth():
        a, b, c, d = (_f(v) for v in (mu1, s1, mu2, s2))
        diff = a - c
        return {"mu1": diff / d ** 2, "s1": -1 / b + b / d ** 2, "mu2": -diff / d ** 2,
                "s2": 1 / d - (b ** 2 + diff ** 2) / d ** 3}
    return hp(truth)


def _kl_log_zero():
    """At equal means and equal log-scales every slope of the KL is exactly 0."""
    return hp(lambda: {"mu1": mp(0), "log_s1": mp(0), "mu2": mp(0), "log_s2": mp(0)})


def _poisson(lrs, counts=(3e8, 2e6)):
    return hp(lambda: {"lr": [mpmath.exp(v) - _f(k) for v, k in zip(_in("float64", lrs), counts)]})


def _mixture(x, weights=("0", "0.3", "0.7"), means=(0, 1, -1), scalar=True):
    def truth():
        xv = _f(x)
        w = [_f(float(v)) for v in weights]
        dens = [wk * mpmath.exp(-(xv - m) ** 2 / 2) for wk, m in zip(w, means)]
        slope = sum(d * (m - xv) for d, m in zip(dens, means)) / sum(dens)
        return {"x": slope if scalar else [slope]}
    return hp(truth)


def _tempered(z, cost=(1, 3, -2), noise=(0, 0, 0), name="z"):
    def truth():
        tau = _f(1e-3)
        scores = [v + _f(n) for v, n in zip(_in("float64", z), noise)]
        return {name: _weighted_softmax_slope(scores, [mp(c) for c in cost], tau)}
    return hp(truth)


def _inverse_transpose(rows):
    def truth():
        inv = mpmath.matrix([[_f(v) for v in row] for row in rows]) ** -1
        n = len(rows)
        return {"a": [[inv[j, i] for j in range(n)] for i in range(n)]}
    return hp(truth)


def _focal(z):
    """d/dz of -(1 - p)^2 log p, p = sigmoid(z): 2 p (1 - p)^2 log p - (1 - p)^3."""
    p, q = sig(z), sig(-z)
    return 2 * p * q ** 2 * mpmath.log(p) - q ** 3


def _attention(q, keys=((1, "0.5"), ("-0.3", 2), ("0.7", "-1.1")), values=((1, -1), (2, "0.5"), (-3, 4)),
               mask=(True, True, False), cost=(1, -2)):
    """d/dq of cost . (softmax(K q / sqrt 2 over the kept keys) V): sum_k w_k (a_k - a.w) K_k / sqrt 2."""
    def truth():
        qv = _in("float64", q)
        k = [[_f(float(v)) for v in row] for row in keys]
        a = [sum(mp(c) * _f(float(v)) for c, v in zip(cost, row)) for row in values]
        kept = [i for i, m in enumerate(mask) if m]
        scores = [sum(kij * qj for kij, qj in zip(k[i], qv)) / mpmath.sqrt(2) for i in kept]
        w = _softmax(scores)
        mean = sum(wi * a[i] for wi, i in zip(w, kept))
        return {"q": [sum(wi * (a[i] - mean) * k[i][j] for wi, i in zip(w, kept)) / mpmath.sqrt(2) for j in range(2)]}
    return hp(truth)


def _soft_abs(x):
    return x / mpmath.sqrt(x * x + 1)


def _x_tanh(x):
    return mpmath.tanh(x) + x * (1 - mpmath.tanh(x) ** 2)


def _flow_floor(s):
    return sig(s) / (mpmath.log1p(mpmath.exp(s)) + _f(1e-3))


def _cdist():
    def truth():
        targets = [(mp(0), mp(0)), (mp(3), mp(5))]
        row = (mp(1), mp(1))
        slope = [sum((row[j] - t[j]) / mpmath.sqrt(sum((row[i] - t[i]) ** 2 for i in range(2))) for t in targets)
                 for j in range(2)]
        return {"a": [[NAN, NAN], slope]}
    return hp(truth)


def _negbin(logits, r=5, k=1e9):
    return each("logits", lambda l: -r * sig(l) + _f(k) * sig(-l), logits)


def _clip_outside(xs, c=(1, 2)):
    """Past the norm 1, x / |x|: c / r - (c . x) x / r^3."""
    def truth():
        x = _in("float64", xs)
        r = mpmath.sqrt(sum(v * v for v in x))
        dot = sum(ci * v for ci, v in zip(c, x))
        return {"x": [ci / r - dot * v / r ** 3 for ci, v in zip(c, x)]}
    return hp(truth)


def _masked_softmax(z, dtype="float64", cost=(1, 3, -2)):
    def truth():
        zs = _in(dtype, z)
        slope = _weighted_softmax_slope(zs[:2], [mp(c) for c in cost[:2]])
        return {"z": slope + [mp(0)]}
    return hp(truth)


def _chol_near_singular(c=1e-12):
    """d/db of logdet(b b^T + c I) at b = [[1, 1], [1, 1]]: 2 (b b^T + c I)^-1 b = 2 / (4 + c) everywhere."""
    return hp(lambda: {"b": [[2 / (4 + _f(c))] * 2] * 2})


def _rms_layer():
    """d/dgain of sum(c * (gain * x / s + bias)), s = sqrt(mean(x^2) + 1e-6): c x / s; d/dbias: c."""
    def truth():
        x = [_f(v) for v in (1e-200, 2e-200, -1e-200)]
        c = [mp(1), mp(3), mp(-2)]
        s = mpmath.sqrt(sum(v * v for v in x) / 3 + _f(1e-6))
        return {"params.gain": [ci * v / s for ci, v in zip(c, x)], "params.bias": c}
    return hp(truth)


def _keras_focal(z, dtype):
    """Keras' binary focal loss from logits, labels [1, 0], the mean of two entries. Inside a traced graph Keras
    reads the logits back from the sigmoid (no clipping): 0.5 focal(z0) and 0.5 d/dz [sigmoid(z)^2 softplus(z)]."""
    def truth():
        z0, z1 = _in(dtype, z)
        s = sig(z1)
        return {"z": [_focal(z0) / 2, (2 * s * s * (1 - s) * mpmath.log1p(mpmath.exp(z1)) + s ** 3) / 2]}
    return hp(truth)


def _mixture_weights(ws, logliks=("-0.5", "-1.2", "0.3")):
    """d/dw of log(sum w_k e^(a_k)): e^(a_k) / sum; smooth through a zero weight (the sum stays positive)."""
    def truth():
        a = [_f(float(v)) for v in logliks]
        w = _in("float64", ws)
        total = sum(wk * mpmath.exp(ak) for wk, ak in zip(w, a))
        return {"w": [mpmath.exp(ak) / total for ak in a]}
    return hp(truth)


def _negbin_count(rs, k=3, logit=-35):
    """d/dr of the negative binomial's log-probability: psi(k + r) - psi(r) + log sigmoid(-logit), the digammas'
    difference summed by their recurrence as 1/r + 1/(r + 1) + ... + 1/(r + k - 1)."""
    return each("r", lambda r: sum(1 / (r + j) for j in range(k)) - mpmath.log1p(mpmath.exp(logit)), rs)


def _log_cosh(x):
    return mpmath.tanh(x)


NUMPY = [
    # |r| = beta exactly: both branches have slope sign(r) there; abs's kink at 0 sits in the untaken branch only
    Case("numpy_lib8.py", "smooth_l1", "r=[0.5,-0.5,0]", "float64", "ok",
         hp(lambda: {"r": [mp(1) / 3, mp(-1) / 3, mp(0)]})),
    Case("numpy_lib8.py", "rms_norm", "x=[0,0,0]", "float64", "ok", _rms_at_zero()),
    # the float64 mean of three 0.1 is not 0.1: the centred row is 1e-17, far below eps
    Case("numpy_lib8.py", "layer_norm", "x=[0.1,0.1,0.1]", "float64", "ok", _layer_norm_constant()),
    # s^2 underflows: (0 + 0) / 0 where the KL is 0 and every slope 0
    Case("numpy_lib8.py", "kl_normal", "mu1=0.5,s1=1e-200,mu2=0.5,s2=1e-200", "float64", "unstable",
         _kl(0.5, 1e-200, 0.5, 1e-200), "(s1 ** 2 + (mu1 - mu2) ** 2) / (2 * s2 ** 2)"),
    Case("numpy_lib8.py", "kl_normal", "mu1=0,s1=0.001,mu2=1,s2=0.002", "float64", "ok", _kl(0, 1e-3, 1, 2e-3)),
    # exp(920) overflows and meets the exact 0 of mu1 - mu2: 0 * inf
    Case("numpy_lib8.py", "kl_normal_log", "mu1=0.5,log_s1=-460,mu2=0.5,log_s2=-460", "float64", "unstable",
         _kl_log_zero(), "return log_s2 - log_s1 + 0.5 * (np.exp("),
    Case("numpy_lib8.py", "kl_normal_log", "mu1=0.5,log_s1=-300,mu2=0.5,log_s2=-300", "float64", "ok", _kl_log_zero()),
    # at the optimum e^lr - k cancels 3e8 to 2e-7: the slope is rounding noise (T45: no finding names the line)
    Case("numpy_lib8.py", "poisson_log_rate", "lr=[19.519293032620475,14.508657738524219]", "float64", "unstable",
         _poisson([19.519293032620475, 14.508657738524219]), "return np.sum(np.exp(lr) - COUNTS * lr)"),
    # every component's density underflows at x = 40: log(0)
    Case("numpy_lib8.py", "mixture_naive", "x=40", "float64", "unstable", _mixture(40),
         "return np.log(np.sum(dens))"),
    Case("numpy_lib8.py", "mixture_lse", "x=[40]", "float64", "ok", _mixture(40, scalar=False)),
    # the max's path carries the tiny entries: -1.4e-214 survives
    Case("numpy_lib8.py", "tempered_softmax", "z=[1,0.5,0]", "float64", "ok", _tempered([1, 0.5, 0])),
    Case("numpy_lib8.py", "naive_tempered_softmax", "z=[1,0.5,0]", "float64", "unstable", _tempered([1, 0.5, 0]),
         "y = np.exp(z / tau) / np.sum(np.exp(z / tau))"),
    Case("numpy_lib8.py", "logdet", "a=[[1,1],[1,1.000000000001]]", "float64", "ok",
         _inverse_transpose([[1, 1], [1, 1.000000000001]])),
    # np.i0: NumPy's value, I1 its slope (refused by name, exit 2, before held61)
    Case("numpy_lib8.py", "von_mises_lp", "kappa=2", "float64", "ok",
         hp(lambda: {"kappa": sum(mpmath.cos(_f(x)) for x in (0.3, -1.2))
                     - 2 * mpmath.besseli(1, mp(2)) / mpmath.besseli(0, mp(2))})),
    # exp(800) overflows (p = 0, log p = -inf) and 1 - p is 0 at z = 40 where the slope is -2.3e-52
    Case("numpy_lib8.py", "focal", "z=[-800,40]", "float64", "unstable", each("z", _focal, [-800, 40]),
         "p = 1.0 / (1.0 + np.exp(-z))"),
]

JAX = [
    Case("jax_lib8.py", "attention_inf", "q=[0.5,-1]", "float64", "ok", _attention([0.5, -1])),
    Case("jax_lib8.py", "attention_1e9", "q=[0.5,-1]", "float32", "ok", _attention([0.5, -1])),  # T44: no verdict
    Case("jax_lib8.py", "attention_1e9", "q=[0.5,-1]", "float64", "ok", _attention([0.5, -1])),
    Case("jax_lib8.py", "focal_stable", "z=[-800,40]", "float64", "ok", each("z", _focal, [-800, 40])),
    # 1 - sigmoid(40) is 1 - 1: the loss and its slope -2.3e-52 are 0
    Case("jax_lib8.py", "focal_subtracted", "z=40", "float64", "unstable", each("z", _focal, [40]),
         "return -jnp.sum((1.0 - p) ** 2"),
    Case("jax_lib8.py", "soft_abs_sum", "x=[2,0.5]", "float64", "ok", each("x", _soft_abs, [2, 0.5])),
    # the rule's |x| drops the sign: right for x > 0, wrong for x < 0
    Case("jax_lib8.py", "soft_abs_sum", "x=-2", "float64", "wrong", each("x", _soft_abs, [-2]),
         "def _soft_abs_bwd"),
    # the jvp forgets the inner factor 3
    Case("jax_lib8.py", "softplus3_sum", "x=0.5", "float64", "wrong", each("x", lambda x: 3 * sig(3 * x), [0.5]),
         "def _softplus3_jvp"),
    # the rule recovers tanh(x) as y / x: 0 / 0 at x = 0, where the slope is 0
    Case("jax_lib8.py", "x_tanh_sum", "x=0", "float64", "wrong", each("x", _x_tanh, [0]), "t = y / x"),
    Case("jax_lib8.py", "x_tanh_sum", "x=[1.5,-0.5]", "float64", "ok", each("x", _x_tanh, [1.5, -0.5])),
    # (1 - |a - b|)^2 at a = b: the norm's cone, -2|u| along every direction u
    Case("jax_lib8.py", "contrastive", "a=[1,2],b=[1,2]", "float64", "domain",
         hp(lambda: {"a": [NAN, NAN], "b": [NAN, NAN]})),
    # softplus(-800) underflows to 0: log 0, where log softplus(s) is -800 and its slope 1
    Case("jax_lib8.py", "flow_logdet", "s=-800", "float64", "unstable",
         each("s", lambda s: sig(s) / mpmath.log1p(mpmath.exp(s)), [-800]), "jnp.log(jax.nn.softplus(s))"),
    Case("jax_lib8.py", "flow_logdet_floor", "s=[-800,3]", "float64", "ok", each("s", _flow_floor, [-800, 3])),
    Case("jax_lib8.py", "slogdet_loss", None, "float64", "ok", _inverse_transpose([[1, 1], [1, 1.000000000001]]),
         args="near_singular_args"),
    Case("jax_lib8.py", "slogdet_loss", "a=[[1,2,3],[4,5,6],[7,8,9.000000001]]", "float64", "ok",
         _inverse_transpose([[1, 2, 3], [4, 5, 6], [7, 8, 9.000000001]])),
    # JAX's logsumexp sends a zero weight's exponent to -inf by a where: its slope e^(a_0) / sum comes out 0
    Case("jax_lib8.py", "mixture_weights", "w=[0,0.3,0.7]", "float64", "wrong", _mixture_weights([0, 0.3, 0.7]),
         "return jax.scipy.special.logsumexp(LOGLIK, b=w)"),
    Case("jax_lib8.py", "mixture_weights", "w=[0.1,0.3,0.7]", "float64", "ok", _mixture_weights([0.1, 0.3, 0.7])),
    # x^2 underflows inside the mean (eps holds the scale); the gain's slopes are c x / sqrt(eps), ~1e-197
    Case("jax_lib8.py", "rms_layer", None, "float64", "ok", _rms_layer(), args="rms_layer_args", wrt="params"),
]

TORCH = [
    Case("torch_lib8.py", "sdpa", "q=[0.5,-1]", "float64", "ok", _attention([0.5, -1])),
    Case("torch_lib8.py", "masked_fill_attention", "q=[0.5,-1]", "float32", "ok", _attention([0.5, -1])),
    Case("torch_lib8.py", "signed_square", "x=[1.5,0.25]", "float64", "ok",
         each("x", lambda x: 2 * abs(x), [1.5, 0.25])),
    # backward's 2x is 2|x| only for x > 0
    Case("torch_lib8.py", "signed_square", "x=-1.5", "float64", "wrong", each("x", lambda x: 2 * abs(x), [-1.5]),
         "class SignedSquare>>def backward"),
    # backward forgets the inner factor 2
    Case("torch_lib8.py", "exp2_sum", "x=0.3", "float64", "wrong", each("x", lambda x: 2 * mpmath.exp(2 * x), [0.3]),
         "class Exp2>>def backward"),
    # row 0 coincides with a target: the distance's cone (PyTorch's backward gives 0 there)
    Case("torch_lib8.py", "cdist_sum", "a=[[0,0],[1,1]]", "float64", "domain", _cdist()),
    # torch's KL is written on the scale ratio: stable at 1e-200, every slope 0
    Case("torch_lib8.py", "kl_normals", "mu=0.5,s=1e-200", "float64", "ok", hp(lambda: {"mu": mp(0), "s": mp(0)})),
    Case("torch_lib8.py", "negbin", "logits=[20,-3]", "float64", "ok", _negbin([20, -3])),
    Case("torch_lib8.py", "rms_norm", "x=[0,0,0]", "float64", "ok", _rms_at_zero()),
    Case("torch_lib8.py", "flow_logdet", "s=-800", "float64", "unstable",
         each("s", lambda s: sig(s) / mpmath.log1p(mpmath.exp(s)), [-800]), "torch.log(F.softplus(s))"),
    # lgamma(r + 3) - lgamma(r) cancels 3.4e16 to 104, and its slope psi(r + 3) - psi(r) 34.5 to 3e-15
    Case("torch_lib8.py", "negbin_count", "r=1e15", "float64", "unstable", _negbin_count([1e15]),
         "return d.log_prob(torch.tensor(3.0, dtype=r.dtype)).sum()"),
    Case("torch_lib8.py", "negbin_count", "r=[2.5]", "float64", "ok", _negbin_count([2.5])),
    # inside the unit ball the clip is the identity; at 0 the clamp's untaken 1 / |x| sends 0 * inf back: NaN
    Case("torch_lib8.py", "clip_unit", "x=[0,0]", "float64", "wrong", hp(lambda: {"x": [mp(1), mp(2)]}),
         "scale = torch.clamp(1.0 / torch.linalg.vector_norm(x), max=1.0)"),
    Case("torch_lib8.py", "clip_unit", "x=[3,4]", "float64", "ok", _clip_outside([3, 4])),
    # softmax's backward y (c - c.y): the leading entry's 1 - 1 where the slope is -1.4e-214
    Case("torch_lib8.py", "tempered_softmax", "z=[1,0.5,0]", "float64", "unstable", _tempered([1, 0.5, 0]),
         "F.softmax(z / 1e-3, dim=-1)"),
]

TF = [
    Case("tf_lib8.py", "abs_pow_sum", "x=[2,0.5]", "float64", "ok",
         each("x", lambda x: mp("1.5") * mpmath.sqrt(abs(x)) * mpmath.sign(x), [2, 0.5])),
    # the rule's sqrt(|x|) drops sign(x)
    Case("tf_lib8.py", "abs_pow_sum", "x=-2", "float64", "wrong",
         each("x", lambda x: mp("1.5") * mpmath.sqrt(abs(x)) * mpmath.sign(x), [-2]),
         "def abs_pow>>def grad(upstream)"),
    Case("tf_lib8.py", "sin2_sum", "x=0.3", "float64", "wrong", each("x", lambda x: 2 * mpmath.cos(2 * x), [0.3]),
         "def sin2>>def grad(upstream)"),
    # x^2 recovered as 3 y / x: 0 / 0 at x = 0, in the rule only
    Case("tf_lib8.py", "cube_third_sum", "x=0", "float64", "wrong", each("x", lambda x: x * x, [0]),
         "return upstream * 3.0 * y / x"),
    Case("tf_lib8.py", "cube_third_sum", "x=[1.5,-2]", "float64", "ok", each("x", lambda x: x * x, [1.5, -2])),
    # |x| = 1 exactly: the clip's switch; x[1] is tangential there, slope 2 on both sides
    Case("tf_lib8.py", "clipped", "x=[1,0]", "float64", "domain", hp(lambda: {"x": [NAN, mp(2)]})),
    Case("tf_lib8.py", "clipped", "x=[0,0]", "float64", "ok", hp(lambda: {"x": [mp(1), mp(2)]})),
    Case("tf_lib8.py", "clipped", "x=[3,4]", "float64", "ok", _clip_outside([3, 4])),
    Case("tf_lib8.py", "masked_softmax", "z=[2,-1,5]", "float32", "ok", _masked_softmax([2, -1, 5], "float32")),
    Case("tf_lib8.py", "masked_softmax", "z=[2,-1,5]", "float64", "ok", _masked_softmax([2, -1, 5])),
    # b b^T + 1e-12 I: the Cholesky factor's second pivot is 2 + 1e-12 - 4 / (2 + 1e-12), 2e-12 by cancellation
    Case("tf_lib8.py", "chol_logdet", "b=[[1,1],[1,1]]", "float64", "unstable", _chol_near_singular(),
         "tf.linalg.cholesky(a)"),
    Case("tf_lib8.py", "tempered_softmax", "z=[1,0.5,0]", "float64", "unstable", _tempered([1, 0.5, 0]),
         "tf.nn.softmax(z / 1e-3)"),
    Case("tf_lib8.py", "keras_focal", "z=[2,-1]", "float32", "ok", _keras_focal([2, -1], "float32")),
    # Keras computes in float32: 1 - sigmoid(40) is 0, and the focal factor's slopes +-1.2e-52 are lost
    Case("tf_lib8.py", "keras_focal", "z=[40,-40]", "float64", "unstable", _keras_focal([40, -40], "float64"),
         "return loss(tf.constant([[1.0, 0.0]], dtype=z.dtype), z[None, :])"),
]

GRADCLI = [
    # anchor = positive: the distance's cone in both coordinates
    Case("gn_lib8.py", "triplet", "anchor=[1,2]", "float64", "domain", hp(lambda: {"anchor": [NAN, NAN]})),
    # y - logsumexp(y) loses the leading entry's slope: 1 - 1 where it is -1.4e-214 (T46: no finding at all)
    Case("gn_lib8.py", "gumbel_softmax", "logits=[1,0.9,0.5]", "float64", "unstable",
         _tempered([1, 0.9, 0.5], noise=(0.3, -0.1, 0.2), name="logits"),
         "return np.sum(np.array([1.0, 3.0, -2.0]) * np.exp(y - np.logsumexp(y)))"),
    Case("gn_lib8.py", "log_cosh_sum", "x=[2,0.5]", "float64", "ok", each("x", _log_cosh, [2, 0.5])),
    Case("gn_lib8.py", "log_cosh_sum", "x=-2", "float64", "wrong", each("x", _log_cosh, [-2]),
         "def grad_fn(upstream)"),
]

ALL = NUMPY + JAX + TORCH + TF + GRADCLI
