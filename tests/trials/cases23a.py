"""The twenty-third trial set (a), PyTorch and TensorFlow/Keras: binary_cross_entropy on probabilities past its log
clamp, logit with eps at and past its clamp, hardsigmoid at its corner, reflect padding, adaptive average pooling,
copysign at a zero magnitude, clamp with a tensor floor at a tie, fmod at a multiple, a relu RNNCell at a zero
pre-activation, embedding_bag (mean, and max at a tie), scatter_reduce (amax at a tie, prod through zeros), the
generalized Pareto in its shape near 0, Normal.icdf in the tail, a Wishart in its degrees of freedom, a Gaussian mixture
far out, Categorical's entropy, a Gamma-Gamma KL, Sinkhorn iterations (log-domain, naive, cold), a cold Gumbel-softmax
relaxation, torch.library.custom_op rules and autograd.Functions (setup_context; a backward forgetting grad_output,
invisible under a plain sum; a sign slip past a switch); TensorFlow's Bessel K1e and J1, leaky_relu's float32 alpha,
tensor_scatter_nd_update, gather_nd, a DCT-II, overlapping frames, bilinear resizing, max and average pooling, map_fn,
scan, the inverse of a near-singular matrix, band_part, the log of a cold softmax, tf.custom_gradient rules (a sign slip
on one branch, a forgotten upstream, two gradients swapped, right where the swap is harmless) and
keras.ops.custom_gradient.

Truths are expressions written here, evaluated by mpmath (2,000 digits unless said), never the user files' code;
points are the numbers the dtype holds.
"""

import mpmath

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp, sig
from cases12a import num_grad
from cases17b import _each, _f

T, K = "torch_lib23a.py", "tf_lib23a.py"


def _f32(v):
    return _in("float32", [v])[0]


def _values(name, values):
    """{name: the values as given} (numbers, strings, NAN; nested lists kept)."""
    def convert(v):
        return [convert(u) for u in v] if isinstance(v, list) else (v if v is NAN else mp(v))
    return hp(lambda: {name: convert(values)})


def _softmax(values):
    top = max(values)
    e = [mpmath.exp(v - top) for v in values]
    return [v / sum(e) for v in e]


def _bce(ps, dtype="float64"):
    """-max(log p, -100) for a positive label: slope -1/p where log p > -100, else 0."""
    return _each("p", lambda p: -1 / p if mpmath.log(p) > -100 else mp(0), ps, dtype)


def _adaptive(x):
    pooled = [(x[0] + x[1]) / 2, (x[1] + x[2] + x[3]) / 3, (x[3] + x[4]) / 2]
    return pooled[0] ** 2 - 2 * pooled[1] ** 2 + 3 * pooled[2] ** 2


def _gpd_shape(cs, dtype="float64"):
    """d/dc of -(1/c + 1) log1p(c x) summed over the data 3 and 0.5."""
    def slope(c):
        return sum(mpmath.log1p(c * x) / c ** 2 - (1 / c + 1) * x / (1 + c * x) for x in (mp(3), mp("0.5")))
    return _each("c", slope, cs, dtype)


def _icdf(ps, dtype="float64"):
    """d/dp Phi^-1(p) = 1 / phi(Phi^-1(p)) (100 digits: erfinv near -1)."""
    def truth():
        with mpmath.workdps(100):
            out = []
            for p in _in(dtype, ps):
                z = mpmath.sqrt(2) * mpmath.erfinv(2 * p - 1)
                out.append(mpmath.sqrt(2 * mpmath.pi) * mpmath.exp(z * z / 2))
            return {"p": [+v for v in out]}
    return hp(truth)


def _wishart_df(dfs):
    """d/d df of the 2x2 Wishart log-density at X = [[2, .5], [.5, 1]], scale I: log det X / 2 - log 2 - (psi(df/2) +
    psi(df/2 - 1/2)) / 2 (100 digits: digamma)."""
    def truth():
        with mpmath.workdps(100):
            out = [mpmath.log(mp("1.75")) / 2 - mpmath.log(2) - (mpmath.psi(0, d / 2) + mpmath.psi(0, d / 2 - mp("0.5"))) / 2
                   for d in _in("float64", dfs)]
            return {"df": [+v for v in out]}
    return hp(truth)


def _mixture(xs, dtype="float64"):
    w = _softmax([mp(0), mp(1)])
    mus, ss = [mp(-1), mp(2)], [mp("0.5"), mp(1)]

    def slope(x):
        logs = [mpmath.log(wk) - mpmath.log(s) - (x - m) ** 2 / (2 * s * s) for wk, m, s in zip(w, mus, ss)]
        r = _softmax(logs)
        return sum(rk * -(x - m) / (s * s) for rk, m, s in zip(r, mus, ss))
    return _each("x", slope, xs, dtype)


def _entropy(zs, dtype="float64"):
    def truth():
        p = _softmax(_in(dtype, zs))
        h = -sum(v * mpmath.log(v) for v in p)
        return {"logits": [-v * (mpmath.log(v) + h) for v in p]}
    return hp(truth)


def _kl_gamma(a_s):
    """d/da KL(Gamma(a, 1) || Gamma(2, 3)) = (a - 2) psi'(a) + 2 (100 digits: trigamma)."""
    def truth():
        with mpmath.workdps(100):
            return {"a": [+((a - 2) * mpmath.psi(1, a) + 2) for a in _in("float64", a_s)]}
    return hp(truth)


def _sinkhorn(eps, steps=20):
    """The transport cost of the entropic plan after ``steps`` alternating log-domain updates from g = 0."""
    def cost(cost):
        c = cost
        la = lb = -mpmath.log(2)
        f, g = [mp(0), mp(0)], [mp(0), mp(0)]
        for _ in range(steps):
            f = [eps * la - eps * mpmath.log(sum(mpmath.exp((g[j] - c[i][j]) / eps) for j in range(2))) for i in range(2)]
            g = [eps * lb - eps * mpmath.log(sum(mpmath.exp((f[i] - c[i][j]) / eps) for i in range(2))) for j in range(2)]
        return sum(mpmath.exp((f[i] + g[j] - c[i][j]) / eps) * c[i][j] for i in range(2) for j in range(2))
    return cost


NOISE = [mp(0.3), mp(-0.2), mp(0.1)]  # the float64 noise as stored
GUMBEL_W = [mp(1), mp(2), mp(4)]


def _gumbel(zs):
    """d/dz_i of sum w softmax((z + n) / tau): y_i (w_i - sum y w) / tau, tau the float 1e-3."""
    def truth():
        tau = _f(1e-3)
        y = _softmax([(z + n) / tau for z, n in zip(_in("float64", zs), NOISE)])
        mean = sum(a * b for a, b in zip(y, GUMBEL_W))
        return {"logits": [v * (w - mean) / tau for v, w in zip(y, GUMBEL_W)]}
    return hp(truth)


def _soft_abs(xs):
    w = [mp(1), mp(3)]
    return hp(lambda: {"x": [wk * x / mpmath.sqrt(x * x + _f(0.01)) for wk, x in zip(w, _in("float64", xs))]})


def _at_digits(digits, slope):
    """The slope computed at ``digits`` (special functions and long loops are slow at 2,000)."""
    def run(*args):
        with mpmath.workdps(digits):
            return +slope(*args)
    return run


def _diff_at(digits, function, **point):
    """num_grad's truth with the function's derivatives taken at ``digits`` (a 20-step loop is slow at 2,000)."""
    def truth():
        out = {}
        for name, rows in point.items():
            base = [[mp(v) for v in row] for row in rows]

            def along(t, i, j):
                moved = [list(row) for row in base]
                moved[i][j] = t
                return function(moved)
            with mpmath.workdps(digits):
                out[name] = [[+mpmath.diff(lambda t: along(t, i, j), base[i][j]) for j in range(len(row))]
                             for i, row in enumerate(base)]
        return out
    return truth


def _weighted(name, slope, xs, weights, dtype="float64"):
    return hp(lambda: {name: [mp(w) * slope(x) for w, x in zip(weights, _in(dtype, xs))]})


TORCH = [
    # PyTorch's backward divides by max(p (1 - p), 1e-12) where the clamped log is flat: -1e12 where the slope is 0
    Case(T, "bce_probs", "p=[1e-50,0.3]", "float64", "wrong", _bce([1e-50, 0.3]),
         "return F.binary_cross_entropy(p, target"),
    Case(T, "bce_probs", "p=[0.3,0.8]", "float64", "ok", _bce([0.3, 0.8])),
    Case(T, "bce_probs", "p=[0.3,0.8]", "float32", "ok", _bce([0.3, 0.8], "float32")),
    Case(T, "logit_eps", "x=[1e-8,0.5]", "float64", "ok", _values("x", [0, 4])),
    # x = eps exactly: clamped (slope 0) to the left, 1/(eps (1 - eps)) to the right
    Case(T, "logit_eps", "x=[1e-6,0.5]", "float64", "domain", _values("x", [NAN, 4])),
    # PyTorch's float64 hardsigmoid backward multiplies by float32's 1/6 (0.16666667163372040): 3e-8 off
    Case(T, "hardsigmoid_sum", "x=[1,-4,4]", "float64", "unstable", hp(lambda: {"x": [1 / mp(6), mp(0), mp(0)]})),
    Case(T, "hardsigmoid_sum", "x=[1,-4,4]", "float32", "ok", hp(lambda: {"x": [1 / mp(6), mp(0), mp(0)]})),
    Case(T, "hardsigmoid_sum", "x=[3,1]", "float64", "unstable", hp(lambda: {"x": [NAN, 1 / mp(6)]})),
    # padded [x2, x1, x0, x1, x2, x3, x2] weighted 1..7: 3 x0^2 + 6 x1^2 + 13 x2^2 + 6 x3^2
    Case(T, "reflect_pad_energy", "x=[1,-0.5,2,0.25]", "float64", "ok", _values("x", [6, -6, 52, 3])),
    Case(T, "adaptive_pool_energy", "x=[1,-2,0.5,3,-1]", "float64", "ok", num_grad(_adaptive, x=[1, -2, 0.5, 3, -1])),
    Case(T, "copysign_energy", "x=[2,-1],y=[-1,3]", "float64", "ok",
         hp(lambda: {"x": [mp(-1), mp(-2)], "y": [mp(0), mp(0)]})),
    # |x0| sgn(y0) at x0 = 0: slopes -1 and 1 on the two sides
    Case(T, "copysign_energy", "x=[0,1],y=[-1,3]", "float64", "domain",
         hp(lambda: {"x": [NAN, mp(2)], "y": [mp(0), mp(0)]})),
    Case(T, "clamp_floor", "x=[0.5,2],lo=[1,1]", "float64", "ok",
         hp(lambda: {"x": [mp(0), mp(4)], "lo": [mp(2), mp(0)]})),
    Case(T, "clamp_floor", "x=[1,2],lo=[1,1]", "float64", "domain",
         hp(lambda: {"x": [NAN, mp(4)], "lo": [NAN, mp(0)]})),
    Case(T, "sawtooth", "x=[2,-0.7]", "float64", "ok", _values("x", [1, -1])),
    Case(T, "sawtooth", "x=[3,-0.7]", "float64", "domain", _values("x", [NAN, -1])),
    # pre-activations W x + b = [1.5, 2]: 2 W[0] - 3 W[1]
    Case(T, "relu_rnn_step", "x=[2,1]", "float64", "ok", _values("x", ["0.5", -8])),
    Case(T, "relu_rnn_step", "x=[2,1]", "float32", "ok", _values("x", ["0.5", -8])),
    # the first pre-activation is 0.5 - 1 + 0.5 = 0 exactly: a relu corner in both coordinates
    Case(T, "relu_rnn_step", "x=[0.5,1]", "float64", "domain", _values("x", [NAN, NAN])),
    Case(T, "bag_mean", "w=[[1,2],[0.5,-1],[3,0],[-2,1]]", "float64", "ok",
         hp(lambda: {"w": [[mp(2), mp(1)], [1 / mp(3), mp(0)], [7 / mp(3), mp(1)], [1 / mp(3), mp(0)]]})),
    Case(T, "bag_max", "w=[[1,2],[0.5,-1],[3,0],[-2,1]]", "float64", "ok",
         _values("w", [[0, 2], [0, 0], [0, 0], [0, 3]])),
    # rows 0 and 2 tie for bag 0's first coordinate
    Case(T, "bag_max", "w=[[3,2],[0.5,-1],[3,0],[-2,1]]", "float64", "domain",
         _values("w", [[NAN, 2], [0, 0], [NAN, 0], [0, 3]])),
    Case(T, "group_max", "x=[1,5,3,-2]", "float64", "ok", _values("x", [0, 2, 1, 0])),
    Case(T, "group_max", "x=[3,5,3,-2]", "float64", "domain", _values("x", [NAN, 2, NAN, 0])),
    # x0 x2 - x1 x3 through zeros: [x2, -x3, x0, -x1]
    Case(T, "group_prod", "x=[2,0,0,3]", "float64", "ok", _values("x", [0, -3, 2, 0])),
    Case(T, "group_prod", "x=[2,0,0,0]", "float64", "ok", _values("x", [0, 0, 2, 0])),
    # (float32: PyTorch's own isclose(c, tensor(0.0)) raises "Double did not match Float" for float64 c)
    Case(T, "gpd_shape_logp", "c=[0.5]", "float32", "ok", _gpd_shape([0.5], "float32")),
    # log1p(c x) / c^2 and (1/c + 1) x / (1 + c x) are each ~3e4 and differ by ~1.1: four of float32's digits cancel
    Case(T, "gpd_shape_logp", "c=[1e-4]", "float32", "unstable", _gpd_shape([1e-4], "float32")),
    # isclose(c, 0) (atol 1e-8) takes the exponential branch, which has no c in it
    Case(T, "gpd_shape_logp", "c=[1e-9]", "float32", "ok", _values("c", [0])),
    Case(T, "normal_icdf", "p=[0.3,0.999]", "float64", "ok", _icdf([0.3, 0.999])),
    Case(T, "normal_icdf", "p=[0.3,0.9]", "float32", "ok", _icdf([0.3, 0.9], "float32")),
    # 2 p - 1 rounds to -1: erfinv(-1) = -inf, where the slope is 1/phi(-9.26) = 1.9e20
    Case(T, "normal_icdf", "p=[1e-20]", "float64", "unstable", _icdf([1e-20])),
    Case(T, "wishart_df", "df=[3.5]", "float64", "ok", _wishart_df([3.5])),
    Case(T, "mixture_logp", "x=[40,-0.3]", "float64", "ok", _mixture([40, -0.3])),
    Case(T, "mixture_logp", "x=[40,-0.3]", "float32", "ok", _mixture([40, -0.3], "float32")),
    Case(T, "mixture_logp", "x=[1e5]", "float64", "ok", _mixture([1e5])),
    # -p0 (log p0 + H) is -2.8e-12 from log p0 = -9.4e-14, which logits - logsumexp keeps to two digits
    Case(T, "categorical_entropy", "logits=[30,-30,0]", "float64", "unstable", _entropy([30, -30, 0])),
    Case(T, "categorical_entropy", "logits=[1,2,3]", "float64", "ok", _entropy([1, 2, 3])),
    Case(T, "categorical_entropy", "logits=[1,2,3]", "float32", "ok", _entropy([1, 2, 3], "float32")),
    Case(T, "kl_gamma", "a=[1e8,20]", "float64", "ok", _kl_gamma([1e8, 20])),
    Case(T, "sinkhorn_cost", "cost=[[0,1],[1,0.5]]", "float64", "ok",
         _diff_at(600, _sinkhorn(_f(0.05)), cost=[[0, 1], [1, 0.5]])),
    # K = exp(-C / 1e-3) underflows to 0 everywhere: u = a / 0, then 0 * inf
    Case(T, "sinkhorn_naive", "cost=[[1,2],[2,1.5]]", "float64", "unstable",
         _diff_at(600, _sinkhorn(_f(1e-3)), cost=[[1, 2], [2, 1.5]])),
    Case(T, "sinkhorn_cold", "cost=[[1,2],[2,1.5]]", "float64", "ok",
         _diff_at(600, _sinkhorn(_f(1e-3)), cost=[[1, 2], [2, 1.5]])),
    # the winner's slope y0 (w0 - sum y w) / tau is -1.5e-127, and 1 - (1 + 3e-130) rounds to 0
    Case(T, "gumbel_relaxed", "logits=[1,0.5,0.9]", "float64", "unstable", _gumbel([1, 0.5, 0.9])),
    # 1 + 0.3 and 1.2 + 0.1 nearly tie: the softmax splits and the slope is ~750
    Case(T, "gumbel_relaxed", "logits=[1,0.5,1.2]", "float64", "ok", _gumbel([1, 0.5, 1.2])),
    Case(T, "soft_abs_loss", "x=[-1.5,2]", "float64", "ok", _soft_abs([-1.5, 2])),
    Case(T, "soft_abs_slip_loss", "x=[0.5,2]", "float64", "ok", _soft_abs([0.5, 2])),
    Case(T, "soft_abs_slip_loss", "x=[-1.5,2]", "float64", "wrong", _soft_abs([-1.5, 2]),
         "def _slip_backward"),
    Case(T, "softplus_fn", "x=[800,-800,0.5]", "float64", "ok", _weighted("x", sig, [800, -800, 0.5], [1, -2, 0.5])),
    Case(T, "softplus_fn", "x=[80,-80,0.5]", "float32", "ok",
         _weighted("x", sig, [80, -80, 0.5], [1, -2, 0.5], "float32")),
    # (x^3)^2: the upstream 2 x^3 is dropped
    Case(T, "cube_energy", "x=[1,-0.5]", "float64", "wrong", _each("x", lambda x: 6 * x ** 5, [1, -0.5]),
         "class Cube>>def backward"),
    Case(T, "cube_total", "x=[1,-0.5]", "float64", "ok", _each("x", lambda x: 3 * x ** 2, [1, -0.5])),
    Case(T, "squared_hinge", "x=[2,3]", "float64", "ok", _values("x", [0, 0])),
    Case(T, "squared_hinge", "x=[1,3]", "float64", "ok", _values("x", [0, 0])),
    Case(T, "squared_hinge", "x=[0.5,2]", "float64", "wrong", _values("x", [-1, 0]),
         "class HingeSquared>>def backward"),
]


def _k1e(x):
    """d/dx e^x K1(x) = e^x (K1(x) - K0(x) - K1(x) / x)."""
    return mpmath.exp(x) * (mpmath.besselk(1, x) - mpmath.besselk(0, x) - mpmath.besselk(1, x) / x)


def _j1_energy(x):
    return 2 * mpmath.besselj(1, x) * (mpmath.besselj(0, x) - mpmath.besselj(1, x) / x)


def _dct(x):
    n = len(x)
    c = [(mpmath.sqrt(mp(1) / n) if k == 0 else mpmath.sqrt(mp(2) / n))
         * sum(x[i] * mpmath.cos(mpmath.pi * k * (2 * i + 1) / (2 * n)) for i in range(n)) for k in range(2)]
    return c[0] ** 2 + 3 * c[1] ** 2


def _frames(x):
    w = [[1, 2, 3], [-1, mp("0.5"), 2]]
    return sum(w[f][k] * x[2 * f + k] ** 2 for f in range(2) for k in range(3))


RESIZE = [[1, 0], [mp("0.5"), mp("0.5")], [0, 1]]
MASK = [[1, -1, 2], ["0.5", 1, -2], [3, 1, 1]]


def _resize(img):
    a = [[img[p][q][0] for q in range(2)] for p in range(2)]
    total = 0
    for i in range(3):
        for j in range(3):
            out = sum(RESIZE[i][p] * RESIZE[j][q] * a[p][q] for p in range(2) for q in range(2))
            total += mp(MASK[i][j]) * out ** 2
    return total


def _avg_pool(x):
    out = [(x[0] + x[1]) / 2, (x[0] + x[1] + x[2]) / 3, (x[1] + x[2] + x[3]) / 3, (x[2] + x[3]) / 2]
    return sum(v * v for v in out)


def _growth(x):
    b, total = mp(0), mp(0)
    for r in x:
        b = b * r + 1
        total += b
    return total


def _inverse_sum(a):
    """<inv(a), [[1, 2], [3, 4]]> = (d - 2 b - 3 c + 4 a) / (a d - b c)."""
    return (a[1][1] - 2 * a[0][1] - 3 * a[1][0] + 4 * a[0][0]) / (a[0][0] * a[1][1] - a[0][1] * a[1][0])


def _cold_log_softmax(xs):
    """d/dx_i sum_j w_j log p_j, p = softmax(x / tau): (w_i - p_i sum w) / tau, tau the float 1e-3."""
    w = [mp(1), mp("0.5"), mp(2)]

    def truth():
        tau = _f(1e-3)
        p = _softmax([v / tau for v in _in("float64", xs)])
        return {"x": [(wi - pi * sum(w)) / tau for wi, pi in zip(w, p)]}
    return hp(truth)


def _sig_slope(x):
    return sig(x) * (1 - sig(x))


TF = [
    Case(K, "bessel_k1e_sum", "x=[1e-150,2]", "float64", "ok", _each("x", _at_digits(60, _k1e), [1e-150, 2])),
    Case(K, "bessel_k1e_sum", "x=[1e-15,2]", "float32", "ok", _each("x", _at_digits(60, _k1e), [1e-15, 2], "float32")),
    Case(K, "bessel_j1_energy", "x=[0.5,12]", "float64", "ok", _each("x", _at_digits(60, _j1_energy), [0.5, 12])),
    # alpha is a float32 attribute: the negative slope is 0.10000000149011612
    Case(K, "leaky_sum", "x=[-1,2]", "float64", "ok", hp(lambda: {"x": [_f32(0.1), mp(2)]})),
    Case(K, "leaky_sum", "x=[0,2]", "float64", "domain", hp(lambda: {"x": [NAN, mp(2)]})),
    Case(K, "overwrite_energy", "x=[1,2,3]", "float64", "ok", _values("x", [2, 0, 18])),
    Case(K, "picked_energy", "m=[[1,2],[3,4]]", "float64", "ok", _values("m", [[0, 8], [6, 0]])),
    Case(K, "dct_energy", "x=[1,-2,0.5,3]", "float64", "ok", num_grad(_dct, x=[1, -2, 0.5, 3])),
    Case(K, "dct_energy", "x=[1,-2,0.5,3]", "float32", "ok", num_grad(_dct, "float32", x=[1, -2, 0.5, 3])),
    Case(K, "frame_energy", "x=[1,-1,2,0.5,3]", "float64", "ok", num_grad(_frames, x=[1, -1, 2, 0.5, 3])),
    Case(K, "resize_energy", "img=[[[1],[2]],[[3],[-1]]]", "float32", "ok",
         num_grad(_resize, "float32", img=[[[1], [2]], [[3], [-1]]])),
    # tf.image.resize answers float32 for a float64 image: the float64 check keeps float32's digits
    Case(K, "resize_energy", "img=[[[0.1],[0.2]],[[0.3],[-0.7]]]", "float64", "unstable",
         num_grad(_resize, img=[[[0.1], [0.2]], [[0.3], [-0.7]]])),
    Case(K, "max_pool_sum", "x=[1,3,2,-1]", "float64", "ok", _values("x", [0, 1, -2, 0])),
    Case(K, "max_pool_sum", "x=[2,2,2,-1]", "float64", "domain", _values("x", [NAN, NAN, -2, 0])),
    Case(K, "avg_pool_energy", "x=[1,-2,0.5,3]", "float64", "ok", num_grad(_avg_pool, x=[1, -2, 0.5, 3])),
    Case(K, "mapped_energy", "x=[0.5,-2,3]", "float64", "ok",
         _each("x", lambda x: mpmath.sin(x) + x * mpmath.cos(x), [0.5, -2, 3])),
    Case(K, "scanned_growth", "x=[1.05,1.1,0.9]", "float64", "ok", num_grad(_growth, x=[1.05, 1.1, 0.9])),
    Case(K, "inverse_sum", "a=[[2,1],[0.5,3]]", "float64", "ok", num_grad(_inverse_sum, a=[[2, 1], [0.5, 3]])),
    # cond ~4e12: LU's inverse keeps ~4 digits of a gradient ~1e24
    Case(K, "inverse_sum", "a=[[1,1],[1,1.000000000001]]", "float64", "unstable",
         num_grad(_inverse_sum, a=[[1, 1], [1, 1.000000000001]])),
    Case(K, "upper_energy", "m=[[1,2],[3,4]]", "float64", "ok", _values("m", [[2, 8], [0, 32]])),
    Case(K, "cold_log_softmax", "x=[1,0.95,0.9]", "float64", "ok", _cold_log_softmax([1, 0.95, 0.9])),
    # x1 / tau is 1500 below the top: its probability underflows and log 0 = -inf
    Case(K, "cold_log_softmax", "x=[1,-0.5,0.9]", "float64", "unstable", _cold_log_softmax([1, -0.5, 0.9]),
         None, "log_softmax"),
    Case(K, "log_cosh_loss", "x=[0.5,2]", "float64", "ok", _each("x", mpmath.tanh, [0.5, 2])),
    Case(K, "log_cosh_loss", "x=[0.5,2]", "float32", "ok", _each("x", mpmath.tanh, [0.5, 2], "float32")),
    Case(K, "log_cosh_loss", "x=[-1.5,2]", "float64", "wrong", _each("x", mpmath.tanh, [-1.5, 2]),
         "def log_cosh>>def grad(dy)"),
    # the rule ignores dy: right under a plain sum (dy = 1), wrong under weights
    Case(K, "gate_total", "x=[0.5,-2]", "float64", "ok", _each("x", _sig_slope, [0.5, -2])),
    Case(K, "gate_weighted", "x=[0.5,-2]", "float64", "wrong", _weighted("x", _sig_slope, [0.5, -2], [2, -3]),
         "def gate>>def grad(dy)"),
    Case(K, "scaled_square_sum", "x=[1.5],y=[2]", "float64", "wrong", hp(lambda: {"x": [mp(4)], "y": [mp(6)]}),
         "def scaled_square>>def grad(dy)"),
    # y = 2x: the swapped gradients x y^2 -> (2 x y, y^2) happen to agree
    Case(K, "scaled_square_sum", "x=[1],y=[2]", "float64", "ok", hp(lambda: {"x": [mp(4)], "y": [mp(4)]})),
    Case(K, "log1pexp_loss", "x=[800,-800,0.5]", "float64", "ok", _weighted("x", sig, [800, -800, 0.5], [1, -1, 2])),
    Case(K, "log1pexp_loss", "x=[80,-80,0.5]", "float32", "ok",
         _weighted("x", sig, [80, -80, 0.5], [1, -1, 2], "float32")),
]

INPUT_ERRORS = []

ALL = TORCH + TF + INPUT_ERRORS
