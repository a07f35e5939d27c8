"""The eighteenth trial set, all four frameworks: Adam's first step with its bias correction, logdiffexp, Student-t
log-densities at huge degrees of freedom, log-binomial coefficients by gammaln and betaln at 1e15, batched Mahalanobis
distances by Cholesky factors, the Gumbel-max trick's log-probability, the angle between two rotations by arccos and
by atan2, quaternion normalisation at and near 0, the logit of a clipped probability and sigmoid cross-entropies in
JAX; log I_v of large order, log1mexp by one where in NumPy and SciPy; binary cross-entropy with logits, KL divergence
with log targets, torch.logit with eps, torch.distributions' StudentT and MultivariateNormal and softplus' inverse in
PyTorch; sigmoid cross-entropy with logits, log1p(-exp(x)), lgamma differences and a Cholesky Mahalanobis in
TensorFlow.

Truths are the mathematics written here in mpmath, differentiated by mpmath.diff at 2,000 digits (`num_grad`) or in
closed form, never the user files' code; points are the numbers the dtype holds, constants the float64 numbers the
program writes. A coordinate with no derivative is written NaN by hand.
"""

import math

import mpmath

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp, sig
from cases12a import _f, num_grad

J, N, T, K = "jax_lib18.py", "numpy_lib18.py", "torch_lib18.py", "tf_lib18.py"


# --- the mathematics, written here -----------------------------------------------------------------------------------

def _adam_slopes(g):
    """LR m_hat / (sqrt(v_hat) + EPS) at t = 1 is LR g / (|g| + EPS) (the corrections divide by the factors they
    multiply by): its slope LR EPS / (|g| + EPS)^2, LR / EPS at 0."""
    lr, eps = _f(1e-3), _f(1e-8)
    return hp(lambda: {"g": [lr * eps / (abs(_f(v)) + eps) ** 2 for v in g]})


def _logdiffexp_slopes(a, b, dtype="float64"):
    """d/da log(e^a - e^b) = -1 / expm1(b - a); d/db = e^(b - a) / expm1(b - a)."""
    def truth():
        aa, bb = _in(dtype, a), _in(dtype, b)
        return {"a": [-1 / mpmath.expm1(w - v) for v, w in zip(aa, bb)],
                "b": [mpmath.exp(w - v) / mpmath.expm1(w - v) for v, w in zip(aa, bb)]}
    return hp(truth)


def _student_t(x, nu):
    return sum(mpmath.loggamma((nu + 1) / 2) - mpmath.loggamma(nu / 2) - mpmath.log(nu * _f(math.pi)) / 2
               - (nu + 1) / 2 * mpmath.log1p(v * v / nu) for v in x)


def _student_t_scalar_df(x, df):
    return sum(mpmath.loggamma((df + 1) / 2) - mpmath.loggamma(df / 2) - mpmath.log(df * mpmath.pi) / 2
               - (df + 1) / 2 * mpmath.log1p(v * v / df) for v in x)


def _log_binom(n, k):
    return mpmath.loggamma(n + 1) - mpmath.loggamma(k + 1) - mpmath.loggamma(n - k + 1)


COV = [[2.0, 0.3, -0.1], [0.3, 1.0, 0.2], [-0.1, 0.2, 0.5]]
COV_NEAR = [[1.0, 0.999999999999], [0.999999999999, 1.0]]


def _mahalanobis(cov, centre=None, constants="float64"):
    def value(x, mu=None):
        inverse = mpmath.matrix([_in(constants, row) for row in cov]) ** -1
        m = mu if mu is not None else [_f(c) for c in centre]
        total = mp(0)
        for row in x:
            d = mpmath.matrix([r - c for r, c in zip(row, m)])
            total += (d.T * inverse * d)[0]
        return total
    return value


GUMBEL = [0.0, 0.5, 0.0]


def _gumbel_slopes(z, k):
    """log softmax(z)_k: slope e_k - softmax(z) (k fixed by the noise)."""
    def truth():
        zs = [_f(v) for v in z]
        top = max(zs)
        e = [mpmath.exp(v - top) for v in zs]
        total = sum(e)
        return {"z": [(1 if i == k else 0) - v / total for i, v in enumerate(e)]}
    return hp(truth)


def _quat(q):
    norm = mpmath.sqrt(sum(v * v for v in q))
    return sum(v / norm * _f(w) for v, w in zip(q, [0.5, -1.0, 2.0, 0.25]))


def _sigmoid_ce_slopes(z, dtype="float64", labels="float64"):
    """sum (1 - y) z + log(1 + e^-z): slope sigmoid(z) - y (y in the dtype the program's labels have)."""
    y = _in(labels, [0.3, 1.0, 0.0])
    return hp(lambda: {"z": [sig(v) - w for v, w in zip(_in(dtype, z), y)]})


def _log1mexp_slopes(x, dtype="float64"):
    """d/dx log(1 - e^x) = e^x / expm1(x)."""
    return hp(lambda: {"x": [mpmath.exp(v) / mpmath.expm1(v) for v in _in(dtype, x)]})


def _log_iv_slopes(x):
    """d/dx log I_v(x) = (I_(v-1)(x) + I_(v+1)(x)) / (2 I_v(x))."""
    v = mp(200)
    return hp(lambda: {"x": [(mpmath.besseli(v - 1, _f(t)) + mpmath.besseli(v + 1, _f(t)))
                             / (2 * mpmath.besseli(v, _f(t))) for t in x]})


def _log_binom_slopes(n, k):
    def truth():
        fn, fk = _f(n), _f(k)
        psi = mpmath.digamma
        return {"n": psi(fn + 1) - psi(fn - fk + 1), "k": -psi(fk + 1) + psi(fn - fk + 1)}
    return hp(truth)


def _angle_slopes(a, b):
    """The angle between rotations by a and b about one axis is |b - a| (below pi)."""
    def truth():
        s = mpmath.sign(_f(b) - _f(a))
        if not s:
            return {"a": NAN, "b": NAN}
        return {"a": -s, "b": s}
    return hp(truth)


def _clipped_logit_slopes(p):
    lo, hi = _f(1e-7), _f(1.0 - 1e-7)  # the clip's bounds are the float64 numbers the program writes

    def one(v):
        v = _f(v)
        if v in (lo, hi):
            return NAN
        return 1 / (v * (1 - v)) if lo < v < hi else mp(0)
    return hp(lambda: {"p": [one(v) for v in p]})


def _kl_log_target(inp, tgt):
    """sum e^t (t - i)."""
    return sum(mpmath.exp(t) * (t - i) for i, t in zip(inp, tgt))


def _torch_logit_slopes(p, dtype="float64"):
    lo, hi = _in(dtype, [1e-6])[0], 1 - _in(dtype, [1e-6])[0]

    def one(v):
        if v in (lo, hi):
            return NAN
        return 1 / (v * (1 - v)) if lo < v < hi else mp(0)
    return hp(lambda: {"p": [one(v) for v in _in(dtype, p)]})


SCALE_TRIL = [[1.5, 0.0], [0.4, 0.8]]


def _mvn(x, loc):
    """log N(x; loc, L L^T) summed over the rows of x."""
    lt = mpmath.matrix([[_f(c) for c in row] for row in SCALE_TRIL])
    inverse = (lt * lt.T) ** -1
    logdet = 2 * sum(mpmath.log(lt[i, i]) for i in range(2))
    total = mp(0)
    for row in x:
        d = mpmath.matrix([r - c for r, c in zip(row, loc)])
        total += -(d.T * inverse * d)[0] / 2 - logdet / 2 - mpmath.log(2 * mpmath.pi)
    return total


def _softplus_inverse_slopes(y, dtype="float64"):
    """d/dy log(e^y - 1) = 1 / (1 - e^-y) = -1 / expm1(-y)."""
    return hp(lambda: {"y": [-1 / mpmath.expm1(-v) for v in _in(dtype, y)]})


def _log1m_exp_slopes(x, dtype="float64"):
    return _log1mexp_slopes(x, dtype)


# --- the cases --------------------------------------------------------------------------------------------------------

# JAX makes a module-level jnp.array float32 (x64 is off when the file is imported): the labels' 0.3 and COV are
# float32 numbers, in the float64 checks too
JAX = [
    # the update is LR g / (|g| + EPS): its slope 4e-14 is LR (1/(|g|+EPS) - |g|/(|g|+EPS)^2), two 1e-3 terms
    Case(J, "adam_first_update", "g=[0.5,-2]", "float64", "unstable", _adam_slopes([0.5, -2])),
    # at g = 0 the update is smooth (slope LR / EPS = 1e5); sqrt(g^2)'s slope at 0 is inf times 0
    Case(J, "adam_first_update", "g=[0,1e-6]", "float64", "wrong", _adam_slopes([0, 1e-6]),
         "jnp.sqrt(v_hat) + EPS"),
    Case(J, "logdiffexp", "a=[1000,2],b=[999,-3]", "float64", "ok", _logdiffexp_slopes([1000, 2], [999, -3])),
    # e^1000 overflows
    Case(J, "logdiffexp_naive", "a=[1000,2],b=[999,-3]", "float64", "unstable",
         _logdiffexp_slopes([1000, 2], [999, -3]), "jnp.log(jnp.exp(a) - jnp.exp(b))",
         "jnp.log(-jnp.expm1(b - a))"),
    # e^a - e^b with b one part in 1e12 below a: 4 digits left
    Case(J, "logdiffexp_naive", "a=[1],b=[0.999999999999]", "float64", "unstable",
         _logdiffexp_slopes([1], [0.999999999999])),
    Case(J, "logdiffexp", "a=[1],b=[0.999999999999]", "float64", "ok", _logdiffexp_slopes([1], [0.999999999999])),
    # JAX's expm1 rule is expm1(u) + 1, which is 0 in float32 at u = -60: b's slope -8.8e-27 comes out 0
    Case(J, "logdiffexp", "a=[30,0.5],b=[-30,0.25]", "float32", "unstable",
         _logdiffexp_slopes([30, 0.5], [-30, 0.25], "float32")),
    Case(J, "student_t_logpdf", "x=[0.5,-3],nu=4", "float64", "ok", num_grad(_student_t, x=[0.5, -3], nu=4)),
    # nu's slope is O(x^4 / nu^2) = 1e-28, from digamma(nu/2 + 1/2) - digamma(nu/2) and 1/nu terms of size 1e-15
    Case(J, "student_t_logpdf", "x=[0.5,-3],nu=1e15", "float64", "unstable",
         num_grad(_student_t, x=[0.5, -3], nu=1e15)),
    Case(J, "log_binom", "n=10,k=3", "float64", "ok", num_grad(_log_binom, n=10, k=3)),
    # digamma(1e15 + 1) - digamma(1e15 - 2) = 3e-15 from two numbers 34.5
    Case(J, "log_binom", "n=1e15,k=3", "float64", "unstable", num_grad(_log_binom, n=1e15, k=3)),
    # COV is a module-level jnp.array, float32 as JAX makes it in the user's float32 process; but a float64 check
    # loads the module afresh in x64 mode (README), where COV is float64: its factor float64's, the check ok
    Case(J, "mahalanobis_sq", "x=[[1,2,0.5],[0,-1,0.3]],mu=[0.1,0.2,-0.3]", "float64", "ok",
         num_grad(_mahalanobis(COV), x=[[1, 2, 0.5], [0, -1, 0.3]], mu=[0.1, 0.2, -0.3])),
    Case(J, "mahalanobis_sq", "x=[[1,2,0.5],[0,-1,0.3]],mu=[0.1,0.2,-0.3]", "float32", "ok",
         num_grad(_mahalanobis(COV, constants="float32"), dtype="float32", x=[[1, 2, 0.5], [0, -1, 0.3]], mu=[0.1, 0.2, -0.3])),
    # the covariance's small eigenvalue is 1e-12, yet s = 1 - e squares to 1 - 2e with only e^2 lost: the factor's
    # 1 - s^2 is 5e-13 off, the slopes 2e12 too (a condition number alone is no instability)
    Case(J, "mahalanobis_cho_solve", "x=[[1.5,-1.5]]", "float64", "ok",
         num_grad(lambda x: _mahalanobis(COV_NEAR, [0.5, -0.5])(x), x=[[1.5, -1.5]])),
    Case(J, "gumbel_max_logp", "z=[800,0,-800]", "float64", "ok", _gumbel_slopes([800, 0, -800], 0)),
    Case(J, "gumbel_max_logp_naive", "z=[800,0,-800]", "float64", "unstable", _gumbel_slopes([800, 0, -800], 0)),
    Case(J, "gumbel_max_logp", "z=[0.2,1,-1]", "float64", "ok", _gumbel_slopes([0.2, 1, -1], 1)),
    # z + noise = [1, 1, -1]: the drawn category jumps between 0 and 1 (log p differs); z[2] keeps the tie
    Case(J, "gumbel_max_logp", "z=[1,0.5,-1]", "float64", "domain",
         lambda: {"z": [NAN, NAN, _gumbel_slopes([1, 0.5, -1], 0)()["z"][2]]}),
    Case(J, "rotation_angle", "a=0.3,b=1.2", "float64", "ok", _angle_slopes(0.3, 1.2)),
    # cos(1e-7) = 1 - 5e-15: arccos near 1 keeps half the digits
    Case(J, "rotation_angle", "a=0.3,b=0.3000001", "float64", "unstable", _angle_slopes(0.3, 0.3000001)),
    # the same rotation: |b - a| is a cone
    Case(J, "rotation_angle", "a=0.3,b=0.3", "float64", "domain", _angle_slopes(0.3, 0.3)),
    Case(J, "quat_score", "q=[1,2,-1,0.5]", "float64", "ok", num_grad(_quat, q=[1, 2, -1, 0.5])),
    Case(J, "quat_score", "q=[0,0,0,0]", "float64", "domain", hp(lambda: {"q": [NAN] * 4})),
    # |q|^2 = 1e-400 underflows: the slopes 1e200 W_i come out NaN
    Case(J, "quat_score", "q=[1e-200,0,0,0]", "float64", "unstable", num_grad(_quat, q=[1e-200, 0, 0, 0])),
    # the norm's floor makes q W / 1e-12 near 0: slope W / 1e-12; the norm's own slope at 0 is NaN, times max's 0
    Case(J, "quat_score_safe", "q=[0,0,0,0]", "float64", "wrong",
         hp(lambda: {"q": [_f(w) / _f(1e-12) for w in (0.5, -1.0, 2.0, 0.25)]})),
    Case(J, "clipped_logit", "p=[0.5,0.25,1e-9]", "float64", "ok", _clipped_logit_slopes([0.5, 0.25, 1e-9])),
    # p at the clip's lower bound: a kink
    Case(J, "clipped_logit", "p=[1e-7,0.5]", "float64", "domain", _clipped_logit_slopes([1e-7, 0.5])),
    # a float64 check runs the module as a JAX user's float64 run imports it, x64 on (its LABELS float64: 0.3 as the
    # double it is); a float32 run keeps the float32 LABELS the module makes with x64 off
    Case(J, "sigmoid_ce", "z=[800,-800,0.5]", "float64", "ok", _sigmoid_ce_slopes([800, -800, 0.5])),
    # max(z, 0) + log1p(e^-|z|) = log(1 + e^z) is smooth at 0, but JAX's max splits its tie (1/2) where its |z| takes
    # the slope 1: -0.3 for the exact 0.2
    Case(J, "sigmoid_ce", "z=[0,2,-1]", "float64", "wrong", _sigmoid_ce_slopes([0, 2, -1])),
    Case(J, "sigmoid_ce", "z=[100,-100,0.5]", "float32", "ok", _sigmoid_ce_slopes([100, -100, 0.5], "float32", "float32")),
    # sigmoid(40) rounds to 1: log(1 - p) is log 0
    Case(J, "sigmoid_ce_naive", "z=[40,-1,2]", "float64", "unstable", _sigmoid_ce_slopes([40, -1, 2]),
         "LABELS * jnp.log(p) + (1.0 - LABELS)"),
    Case(J, "sigmoid_ce_naive", "z=[0.5,-1,2]", "float64", "ok", _sigmoid_ce_slopes([0.5, -1, 2])),
]

NUMPY = [
    Case(N, "log_iv", "x=[150,250]", "float64", "ok", _log_iv_slopes([150, 250])),
    # I_200(1) = 1e-435 underflows: log 0
    Case(N, "log_iv", "x=[1]", "float64", "unstable", _log_iv_slopes([1])),
    Case(N, "log1mexp", "x=[-0.1,-5]", "float64", "ok", _log1mexp_slopes([-0.1, -5])),
    # e^-1e-20 rounds to 1: the untaken branch's log1p(-1) has slope -inf, which where's 0 makes NaN (exactly, the
    # untaken slope is finite)
    Case(N, "log1mexp", "x=[-1e-20,-5]", "float64", "unstable", _log1mexp_slopes([-1e-20, -5])),
    # e^-1e-20 rounds to 1: log1p(-1) = -inf; the catalogue's log1mexp fix guards its log1p(-exp(x)) branch with a
    # second where, so that branch's infinite slope at this very point never reaches the gradient (F2)
    Case(N, "log1m_exp", "x=[-1e-20,-5]", "float64", "unstable", _log1mexp_slopes([-1e-20, -5]),
         "return np.sum(np.log1p(-np.exp(x)))", "np.expm1("),
    Case(N, "sigmoid_ce", "z=[800,-800,0]", "float64", "ok", _sigmoid_ce_slopes([800, -800, 0])),
    Case(N, "sigmoid_ce", "z=[100,-100,0]", "float32", "ok", _sigmoid_ce_slopes([100, -100, 0], "float32")),
    Case(N, "log_binom", "n=10,k=3", "float64", "ok", _log_binom_slopes(10, 3)),
    # betaln's slope in n is psi(n - k + 1) - psi(n + 2), 3e-15 from numbers 34.5: gradcli's rule for betaln keeps
    # that difference whole (SciPy has no gradient of its own: the program's gradient is gradcli's)
    Case(N, "log_binom", "n=1e15,k=3", "float64", "ok", _log_binom_slopes(1e15, 3)),
    Case(N, "rotation_angle", "a=0.3,b=0.3000001", "float64", "ok", _angle_slopes(0.3, 0.3000001)),
    Case(N, "rotation_angle_acos", "a=0.3,b=0.3000001", "float64", "unstable", _angle_slopes(0.3, 0.3000001),
         "np.arccos((np.trace(r) - 1.0) / 2.0)"),
    Case(N, "rotation_angle", "a=0.3,b=0.3", "float64", "domain", _angle_slopes(0.3, 0.3)),
    Case(N, "quat_score", "q=[1e-200,0,0,0]", "float64", "unstable", num_grad(_quat, q=[1e-200, 0, 0, 0])),
]

TORCH = [
    Case(T, "bce_logits", "z=[800,-800,0]", "float64", "ok", _sigmoid_ce_slopes([800, -800, 0])),
    Case(T, "bce_logits", "z=[80,-80,0.5]", "float32", "ok", _sigmoid_ce_slopes([80, -80, 0.5], "float32", "float32")),
    Case(T, "kl_log_target", "inp=[-1,-2],tgt=[-800,-0.5]", "float64", "ok",
         num_grad(_kl_log_target, inp=[-1, -2], tgt=[-800, -0.5])),
    Case(T, "logit_eps", "p=[0.5,1e-9]", "float64", "ok", _torch_logit_slopes([0.5, 1e-9])),
    Case(T, "logit_eps", "p=[1e-6,0.5]", "float64", "domain", _torch_logit_slopes([1e-6, 0.5])),
    Case(T, "student_t_logp", "x=[0.5,-3],df=4", "float64", "ok", num_grad(_student_t_scalar_df, x=[0.5, -3], df=4)),
    Case(T, "student_t_logp", "x=[0.5,-3],df=1e15", "float64", "unstable",
         num_grad(_student_t_scalar_df, x=[0.5, -3], df=1e15)),
    Case(T, "mvn_logp", "x=[[1,2],[-0.5,0.3]],loc=[0.2,-0.1]", "float64", "ok",
         num_grad(_mvn, x=[[1, 2], [-0.5, 0.3]], loc=[0.2, -0.1])),
    Case(T, "softplus_inverse", "y=[1e-30,800,2]", "float64", "ok", _softplus_inverse_slopes([1e-30, 800, 2])),
    Case(T, "softplus_inverse", "y=[1e-30,80,2]", "float32", "ok", _softplus_inverse_slopes([1e-30, 80, 2], "float32")),
]

TF = [
    Case(K, "sigmoid_ce", "z=[800,-800,0]", "float64", "ok", _sigmoid_ce_slopes([800, -800, 0])),
    Case(K, "sigmoid_ce", "z=[80,-80,0.5]", "float32", "ok", _sigmoid_ce_slopes([80, -80, 0.5], "float32", "float32")),
    # e^-1e-10 keeps 6 digits of 1e-10 in 1 - e^x
    Case(K, "log1m_exp", "x=[-1e-10]", "float64", "unstable", _log1m_exp_slopes([-1e-10]),
         "tf.math.log1p(-tf.exp(x))"),
    Case(K, "log1m_exp", "x=[-3,-0.5]", "float64", "ok", _log1m_exp_slopes([-3, -0.5])),
    # float32's e^-1e-5 is up to 3e-8 off: 1 - e^x = 1e-5 keeps 3 digits (at -1e-3, 5 digits: 6 of 24 bits, ok)
    Case(K, "log1m_exp", "x=[-1e-5]", "float32", "unstable", _log1m_exp_slopes([-1e-5], "float32")),
    Case(K, "log_binom", "n=1e15,k=3", "float64", "unstable", num_grad(_log_binom, n=1e15, k=3)),
    Case(K, "mahalanobis_sq", "x=[[1,2,0.5],[0,-1,0.3]],mu=[0.1,0.2,-0.3]", "float64", "ok",
         num_grad(_mahalanobis(COV), x=[[1, 2, 0.5], [0, -1, 0.3]], mu=[0.1, 0.2, -0.3])),
]

ALL = JAX + NUMPY + TORCH + TF
