"""The thirteenth trial set (first half): scientific-ML and probabilistic losses as research code writes them. A
physics-informed residual through nested jax.grad, RK4 steps unrolled by fori_loop, scan and a Python loop, a
triangular flow's log-determinant with a softplus diagonal deep in its tail, pinball and Huber losses at their
switches, von Mises log-likelihoods through i0e (tiny concentration, and 0 where i0e has its kink), Gaussian
mixtures at far-apart means, causal attention with -inf masks, Student-t and Cauchy likelihoods at a tiny scale and
at a data point equal to the location, Box-Cox and Yeo-Johnson at lambda = 0 (where-patched and if-patched), moving
averages by cumulative sums, ridge regression near a singular Gram matrix, pinv at a rank-deficient design, and
eigenvalues and eigenvectors of nearly degenerate and degenerate symmetric matrices.

Truths are the mathematics written here in mpmath, differentiated by mpmath.diff at 2,000 digits or in closed form,
never the user files' code; points are the numbers the dtype holds, constants the float64 numbers the program
writes. A coordinate with no derivative is written NaN by hand.
"""

import mpmath

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp
from cases12a import _f, num_grad

J, N = "jax_lib13a.py", "numpy_lib13a.py"


# --- the mathematics, written here -----------------------------------------------------------------------------------

def _softplus(x):
    return mpmath.log1p(mpmath.exp(x))


def _pinn(w, b, a):
    total = mp(0)
    for x in (mp(0), _f(0.5), mp(1)):
        t = mpmath.tanh(w * x + b)
        u = a * t
        u_xx = a * w * w * (-2 * t * (1 - t * t))  # d2/dx2 tanh(wx + b) = -2 w^2 tanh sech^2
        total += (u_xx + u) ** 2
    return total / 3


def _rk4_trajectory(k, y0):
    h = _f(0.1)
    f = lambda y: -k * y * y  # noqa: E731
    ys, y = [], y0
    for _ in range(10):
        k1 = f(y)
        k2 = f(y + h / 2 * k1)
        k3 = f(y + h / 2 * k2)
        k4 = f(y + h * k3)
        y = y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        ys.append(y)
    return ys


def _rk4_end(k, y0):
    return _rk4_trajectory(k, y0)[-1]


def _rk4_path(k, y0):
    return sum((y - mp(0.5)) ** 2 for y in _rk4_trajectory(k, y0))


def _flow(raw, x):
    d0, d1 = _softplus(raw[0][0]), _softplus(raw[1][1])
    z0 = d0 * x[0]
    z1 = raw[1][0] * x[0] + d1 * x[1]  # tril(raw, -1) drops raw[0][1]
    return mpmath.log(d0) + mpmath.log(d1) - (z0 * z0 + z1 * z1) / 2


VM_DATA = (0.1, -0.4, 2.9)


def _von_mises(kappa, mu, data_dtype="float64"):
    return sum(mpmath.log(2 * mpmath.pi) + mpmath.log(mpmath.besseli(0, kappa)) - kappa * mpmath.cos(x - mu)
               for x in _in(data_dtype, VM_DATA))


def _von_mises32(kappa, mu):
    """The JAX program's data array in a float32 run is float32 (jnp.array's default without x64)."""
    return _von_mises(kappa, mu, "float32")


def _lse(values):
    top = max(values)
    return top + mpmath.log(sum(mpmath.exp(v - top) for v in values))


def _mixture(means):
    return -sum(_lse([-(x - m) ** 2 / 2 - mpmath.log(2 * mpmath.pi) / 2 - mpmath.log(len(means)) for m in means])
                for x in (mp(0), mp(1)))


def _causal(q, k):
    v = [mp(1), mp(2), mp(3)]
    total = mp(0)
    for i in range(3):
        scores = [(q[i][0] * k[j][0] + q[i][1] * k[j][1]) / mpmath.sqrt(2) for j in range(i + 1)]
        top = max(scores)
        e = [mpmath.exp(s - top) for s in scores]
        total += sum(e[j] * v[j] for j in range(i + 1)) / sum(e)
    return total


CAUSAL_Q = [[1.0, 0.5], [0.2, -1.0], [2.0, 1.0]]
CAUSAL_K = [[0.3, 0.1], [-0.5, 2.0], [1.0, 1.0]]


def _student_log_scale(mu, log_scale):
    s = mpmath.exp(log_scale)
    return sum(log_scale + 2 * mpmath.log1p(((_f(x) - mu) / s) ** 2 / 3) for x in (0.5, -1.0))


def _student_scale(mu, scale):
    return _student_log_scale(mu, mpmath.log(scale))


def _cauchy(mu, scale):
    return sum(mpmath.log(mpmath.pi * scale) + mpmath.log1p(((_f(x) - mu) / scale) ** 2) for x in (0.5, -1.0))


BOX_COX_DATA = (0.5, 2.0, 7.0)


def _box_cox(lam):
    return sum((mpmath.power(_f(x), lam) - 1) / lam for x in BOX_COX_DATA)


def _box_cox_slope_at_0():
    """d/dlam (x^lam - 1)/lam at lam = 0 is log(x)^2 / 2 (the series log x + lam log(x)^2/2 + ...)."""
    return hp(lambda: {"lam": sum(mpmath.log(_f(x)) ** 2 for x in BOX_COX_DATA) / 2})


def _yeo_johnson_slope_at_0():
    def truth():
        pos = sum(mpmath.log1p(_f(x)) ** 2 for x in (0.5, 3.0)) / 2
        neg = mpmath.diff(lambda lam: -((1 - _f(-1.5)) ** (2 - lam) - 1) / (2 - lam), 0)
        return {"lam": pos + neg}
    return hp(truth)


def _moving_average(x):
    return sum(((x[i] + x[i + 1] + x[i + 2]) / 3) ** 2 for i in range(3))


def _ridge(w, dtype="float64"):
    # the user's constants as the checked dtype's program holds them: in float32, 1 + 1e-7 is 1 + 2^-23
    near_one, ridge = _in(dtype, [1.0 + 1e-7, 1.0 - 1e-7]), _in(dtype, [1e-12])[0]
    rows = [(mp(1), mp(1)), (mp(1), near_one[0]), (mp(1), near_one[1])]
    X = mpmath.matrix([[r[0], r[1] * w] for r in rows])
    y = mpmath.matrix([mp(1), mp(2), _f(0.5)])
    gram = X.T * X + ridge * mpmath.eye(2)
    beta = mpmath.lu_solve(gram, X.T * y)
    r = X * beta - y
    return sum(r[i] ** 2 for i in range(3))


def _top_eig(a, b, c):
    return (a + c) / 2 + mpmath.sqrt(((a - c) / 2) ** 2 + b * b)


def _top_eigvec_first_sq(a, b, c):
    return (1 + (a - c) / mpmath.sqrt((a - c) ** 2 + 4 * b * b)) / 2


def _pinv_design(w):
    return mpmath.matrix([[1, 2], [2, 4], [3, 6 + w]])


PINV_Y = (1.0, 2.0, 0.5)


def _pinv_rank_one(w):
    """||pinv(X) y||^2 with the smaller singular value below the cutoff (|w| < 1e-14 here): the top singular triplet
    only, (v1 . X^T y)^2 / lambda1^2, lambda1 the top eigenvalue of X^T X and v1 its unit eigenvector."""
    X = _pinv_design(w)
    y = mpmath.matrix([_f(v) for v in PINV_Y])
    m = X.T * X
    p, q, r = m[0, 0], m[0, 1], m[1, 1]
    lam = (p + r) / 2 + mpmath.sqrt(((p - r) / 2) ** 2 + q * q)
    v = mpmath.matrix([q, lam - p])
    v = v / mpmath.norm(v)
    xty = X.T * y
    return (v[0] * xty[0] + v[1] * xty[1]) ** 2 / lam ** 2


def _pinv_full_rank(w):
    X = _pinv_design(w)
    y = mpmath.matrix([_f(v) for v in PINV_Y])
    beta = mpmath.lu_solve(X.T * X, X.T * y)
    return beta[0] ** 2 + beta[1] ** 2


def _top_two_sum(d, e):
    """trace - 1: the third eigenvalue 1 is apart from the pair d +- e near d = 2."""
    return 2 * d


def _laplacian(w):
    t = mpmath.tanh(w[0] * _f(0.3) + w[1] * _f(-0.2))
    return (-2 * t * (1 - t * t) * (w[0] ** 2 + w[1] ** 2) - 1) ** 2  # tanh'' |w|^2


def _monotone(a, x):
    s = _softplus(a)
    return sum(-(v + s * mpmath.tanh(v)) ** 2 / 2 + mpmath.log1p(s * (1 - mpmath.tanh(v) ** 2)) for v in x)


def _circular_variance(theta):
    c = sum(mpmath.cos(t) for t in theta) / len(theta)
    s = sum(mpmath.sin(t) for t in theta) / len(theta)
    return 1 - mpmath.sqrt(c * c + s * s)


BALANCED = [0.0, 2.0943951023931953, 4.1887902047863905]  # 0, fl(2 pi/3), 2 fl(2 pi/3)


def _nan(*names):
    return hp(lambda: {n: NAN for n in names})


JAX = [
    # nested jax.grad for u'' inside the loss, vmapped over collocation points
    Case(J, "pinn_residual", "w=1.5,b=0.2,a=0.7", "float64", "ok", num_grad(_pinn, w=1.5, b=0.2, a=0.7)),
    Case(J, "pinn_residual", "w=1.5,b=0.2,a=0.7", "float32", "ok",
         num_grad(_pinn, dtype="float32", w=1.5, b=0.2, a=0.7)),
    Case(J, "rk4_fori", "k=0.8,y0=2", "float64", "ok", num_grad(_rk4_end, k=0.8, y0=2)),
    Case(J, "rk4_scan", "k=0.8,y0=2", "float64", "ok", num_grad(_rk4_path, k=0.8, y0=2)),
    # softplus(-40) ~ 4e-18 on the diagonal: log(softplus) and its slope sigmoid/softplus ~ 1 are fine in float64
    Case(J, "flow_logdet", None, "float64", "ok",
         num_grad(_flow, raw=[[-40.0, 0.0], [0.3, 0.5]], x=[1.0, -2.0]), args="flow_args"),
    # max(q r, (q - 1) r) at r = 0: slopes q - 1 and q
    Case(J, "pinball", "y=1.5,yhat=1.5", "float64", "domain", _nan("y", "yhat")),
    # q = 0.3 meets float32 data as a weak Python float: the program's q is float32(0.3)
    Case(J, "pinball", "y=1.5,yhat=1.0", "float32", "ok", hp(lambda: {"y": _in("float32", [0.3])[0],
                                                                      "yhat": -_in("float32", [0.3])[0]})),
    # Huber is C1 at |r| = delta: the where's switch there is no kink
    Case(J, "huber", "r=[1,-1,0.5]", "float64", "ok", hp(lambda: {"r": [mp(1), mp(-1), mp(0.5)]})),
    Case(J, "von_mises_nll", "kappa=1e-8,mu=0.2", "float64", "ok", num_grad(_von_mises, kappa=1e-8, mu=0.2)),
    Case(J, "von_mises_nll", "kappa=5000,mu=0.2", "float32", "ok",
         num_grad(_von_mises32, dtype="float32", kappa=5000, mu=0.2)),
    # log(i0e(k)) + k = log I0(k) - |k| + k: a kink at k = 0 (slopes 2 per datum from the left, 0 from the right)
    Case(J, "von_mises_nll", "kappa=0,mu=0.2", "float64", "domain", hp(lambda: {"kappa": NAN, "mu": mp(0)})),
    Case(J, "mixture_nll", "means=[-60,60]", "float64", "ok", num_grad(_mixture, means=[-60, 60])),
    Case(J, "mixture_nll", "means=[-800,800]", "float32", "ok",
         num_grad(_mixture, dtype="float32", means=[-800, 800])),
    Case(J, "causal_attention", None, "float64", "ok", num_grad(_causal, q=CAUSAL_Q, k=CAUSAL_K),
         args="causal_args"),
    # exp(-700) ~ 1e-304: z * z overflows though the loss is 1399.4
    Case(J, "student_t_nll", "mu=0.5,log_scale=-700", "float64", "unstable",
         num_grad(_student_log_scale, mu=0.5, log_scale=-700), "z * z / nu"),
    Case(J, "cauchy_nll", "mu=0.5,scale=1e-200", "float64", "unstable", num_grad(_cauchy, mu=0.5, scale=1e-200),
         "((x - mu) / scale) ** 2"),
    # the where patches the removable singularity with the right value but a slope of 0 (the truth is log(x)^2/2):
    # with the 0/0 branch's NaN leaking (box_cox) and with it made safe (box_cox_expm1), the rules are wrong
    Case(J, "box_cox", "lam=0", "float64", "wrong", _box_cox_slope_at_0()),
    Case(J, "box_cox_expm1", "lam=0", "float64", "wrong", _box_cox_slope_at_0()),
    Case(J, "box_cox", "lam=1e-9", "float64", "unstable", num_grad(_box_cox, lam=1e-9), "(x ** lam - 1) / lam"),
    Case(J, "yeo_johnson", "lam=0", "float64", "wrong", _yeo_johnson_slope_at_0()),
    # the cumulative sum absorbs 1, 2, 3, -1 into 1e8 in float32; the differences of sums cancel to 0
    Case(J, "moving_average_loss", "x=[1e8,1,2,3,-1]", "float32", "unstable",
         num_grad(_moving_average, dtype="float32", x=[1e8, 1, 2, 3, -1]), "jnp.cumsum"),
    Case(J, "conv_average_loss", "x=[1e8,1,2,3,-1]", "float32", "ok",
         num_grad(_moving_average, dtype="float32", x=[1e8, 1, 2, 3, -1])),
    Case(J, "ridge_solve", "w=1", "float64", "unstable", num_grad(_ridge, w=1)),
    # float32 rounds the Gram matrix singular: JAX's solve gives NaN (unstable); the program float32 runs has the
    # columns 1 +- 2^-23 apart, and its exact gradient is that program's
    Case(J, "ridge_solve", "w=1", "float32", "unstable", num_grad(lambda w: _ridge(w, "float32"), w=1)),
    # [[1, 0], [0, 1]]: the top eigenvalue max(a, c) + |b| near a = c, b = 0 is a cone
    Case(J, "top_eig", "a=1,b=0,c=1", "float64", "domain", _nan("a", "b", "c")),
    Case(J, "top_eig", "a=1,b=1e-9,c=1", "float64", "ok", num_grad(_top_eig, a=1, b=1e-9, c=1)),
    Case(J, "top_eig", "a=2,b=0.5,c=1", "float32", "ok", num_grad(_top_eig, a=2, b=0.5, c=1)),
    # the eigenvector's slope 1/(4b) = 2.5e8 comes from 1/(l1 - l2): float64 eigh keeps 7 digits of it
    Case(J, "top_eigvec", "a=1,b=1e-9,c=1", "float64", "unstable", num_grad(_top_eigvec_first_sq, a=1, b=1e-9, c=1)),
    Case(J, "top_eigvec", "a=1,b=0,c=1", "float64", "domain", _nan("a", "b", "c")),
    # pinv's cutoff drops the second singular value for |w| below ~1e-14: the rank-1 branch is smooth at 0
    Case(J, "pinv_fit", "w=0", "float64", "ok", num_grad(_pinv_rank_one, w=0)),
    # a degenerate top pair whose sum is smooth (the third eigenvalue is apart)
    Case(J, "top_two_sum", "d=2,e=0", "float64", "ok", num_grad(_top_two_sum, d=2, e=0)),
    Case(J, "laplacian_residual", "w=[1.2,-0.7]", "float64", "ok", num_grad(_laplacian, w=[1.2, -0.7])),
    # three angles balanced up to float64's rounding: the resultant is ~1e-16 long and float64's is all rounding;
    # the middle angle's slope is exactly 0 (-C sin a + S cos a = 0 when the third angle is exactly 2a)
    Case(J, "circular_variance", "theta=[0,2.0943951023931953,4.1887902047863905]", "float64", "unstable",
         num_grad(_circular_variance, theta=BALANCED)),
    # softplus(-30) ~ 9e-14 scales the map: its slope in a is sigmoid(-30) times the rest
    Case(J, "monotone_flow", "a=-30,x=[0.5,-3,20]", "float32", "ok",
         num_grad(_monotone, dtype="float32", a=-30, x=[0.5, -3, 20])),
]

NUMPY = [
    Case(N, "rk4_loop", "k=0.8,y0=2", "float64", "ok", num_grad(_rk4_end, k=0.8, y0=2)),
    Case(N, "flow_logdet", "raw=[[-40,0],[0.3,0.5]],x=[1,-2]", "float64", "ok",
         num_grad(_flow, raw=[[-40.0, 0.0], [0.3, 0.5]], x=[1.0, -2.0])),
    Case(N, "pinball", "y=2,yhat=2", "float64", "domain", _nan("y", "yhat")),
    # gradcli.scipy has special.huber since be751b92: checked, C1 at |r| = delta (slopes r and delta sign(r) agree)
    Case(N, "huber", "r=[1,-1,0.5]", "float64", "ok", hp(lambda: {"r": [mp(1), mp(-1), mp(0.5)]})),
    Case(N, "von_mises_nll", "kappa=1e-8,mu=0.2", "float64", "ok", num_grad(_von_mises, kappa=1e-8, mu=0.2)),
    Case(N, "mixture_nll", "means=[-60,60]", "float64", "ok", num_grad(_mixture, means=[-60, 60])),
    Case(N, "causal_attention", None, "float64", "ok", num_grad(_causal, q=CAUSAL_Q, k=CAUSAL_K),
         args="causal_args"),
    Case(N, "causal_attention", None, "float32", "ok",
         num_grad(_causal, dtype="float32", q=CAUSAL_Q, k=CAUSAL_K), args="causal_args"),
    # a datum at the location (z = 0, the density's mode)
    Case(N, "student_t_nll", "mu=0.5,scale=2", "float64", "ok", num_grad(_student_scale, mu=0.5, scale=2)),
    Case(N, "student_t_nll", "mu=0.5,scale=1e-200", "float64", "unstable",
         num_grad(_student_scale, mu=0.5, scale=1e-200), "stats.t.logpdf"),
    # gradcli.scipy has stats.cauchy and special.boxcox now: the Cauchy datum 1.5e200 scales away squares past
    # float64 in the backward (d/dscale -inf, the truth 8.9e-201); boxcox at lam = 0 is log x, slope log(x)^2/2
    Case(N, "cauchy_nll", "mu=0.5,scale=1e-200", "float64", "unstable", num_grad(_cauchy, mu=0.5, scale=1e-200),
         "stats.cauchy.logpdf"),
    Case(N, "box_cox_scipy", "lam=0", "float64", "ok", _box_cox_slope_at_0()),
    # an `if lam == 0` branch returning log(x): the value is right, its slope 0 is not (log(x)^2/2 is)
    Case(N, "box_cox_hand", "lam=0", "float64", "wrong", _box_cox_slope_at_0()),
    # np.concatenate of a list of Python floats and a float32 array is float64 in NumPy: no cancellation
    Case(N, "moving_average_loss", "x=[1e8,1,2,3,-1]", "float32", "ok",
         num_grad(_moving_average, dtype="float32", x=[1e8, 1, 2, 3, -1])),
    Case(N, "conv_average_loss", "x=[1e8,1,2,3,-1]", "float32", "ok",
         num_grad(_moving_average, dtype="float32", x=[1e8, 1, 2, 3, -1])),
    # np.linalg.lstsq is supported now: scaling a column by w keeps the column space, so the residual is flat in w
    # (slope exactly 0); the columns 1e-7 apart cost the float64 value 21 bits
    Case(N, "lstsq_fit", "w=1", "float64", "unstable", hp(lambda: {"w": mpmath.mpf(0)})),
    Case(N, "pinv_fit", "w=0", "float64", "ok", num_grad(_pinv_rank_one, w=0)),
    Case(N, "pinv_fit", "w=1e-3", "float64", "ok", num_grad(_pinv_full_rank, w=1e-3)),
    Case(N, "top_eig", "a=1,b=0,c=1", "float64", "domain", _nan("a", "b", "c")),
    Case(N, "top_two_sum", "d=2,e=0", "float64", "ok", num_grad(_top_two_sum, d=2, e=0)),
    Case(N, "circular_variance", "theta=[0,2.0943951023931953,4.1887902047863905]", "float64", "unstable",
         num_grad(_circular_variance, theta=BALANCED)),
]

ALL = JAX + NUMPY
