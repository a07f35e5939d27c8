"""The twenty-fourth trial set (a), PyTorch and TensorFlow/Keras: singular values (nuclear and spectral norms, svdvals
and tf.linalg.svd without vectors) at repeated and zero singular values, a pseudo-inverse at a rank drop (its cutoff
keeps the rank), triangular solves, Kronecker products, std_mean on a flat row, a bucketize lookup table at a knot,
causal scaled_dot_product_attention and an attention whose softmax overflows, conv1d, conv_transpose1d,
depthwise_conv2d, pixel_shuffle, cumulative_trapezoid, cholesky_inverse, Beta and Dirichlet concentrations, a
logit-normal, a gradient penalty through torch.func.grad (naive log cosh cancelling, stable), autograd.Functions with
mark_non_differentiable (right, scattering to the wrong entry, a backward whose exponentials overflow),
poisson_nll_loss on rates at 0, a complex phase on its cut; TensorFlow's Dawson integral far out, Bessel Y1 near 0, expm of a generator, RGB to HSV
at a tie, a complex number's angle on its branch cut and modulus at and near 0, unsorted_segment_prod/_max,
reduce_prod through zeros, Keras' MAPE (computed in float32 whatever the input), einsum, conv1d, a Newton solve in a
while_loop (unrolled, and behind custom_gradient rules right and wrong), a safe norm's custom gradient at 0 and
reduce_variance on a constant row.

Truths are expressions written here, evaluated by mpmath (2,000 digits unless said), never the user files' code;
points are the numbers the dtype holds.
"""

import mpmath

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp
from cases12a import num_grad
from cases17b import _each, _f
from cases23a import _at_digits, _softmax, _values

T, K = "torch_lib24a.py", "tf_lib24a.py"


def _f32(v):
    return _in("float32", [v])[0]


def _det(a):
    return a[0][0] * a[1][1] - a[0][1] * a[1][0]


def _fro2(a):
    return sum(v * v for row in a for v in row)


def _singulars(a):
    """The two singular values of a 2x2 matrix, largest first, from its Frobenius norm and determinant."""
    f, d = _fro2(a), _det(a)
    root = mpmath.sqrt(f * f - 4 * d * d)
    return mpmath.sqrt((f + root) / 2), mpmath.sqrt((f - root) / 2)


def _nuclear(a):
    return mpmath.sqrt(_fro2(a) + 2 * abs(_det(a)))


def _weighted_singulars(a):
    s0, s1 = _singulars(a)
    return s0 + 3 * s1


def _spectral(a):
    return _singulars(a)[0]


def _inv_readout(a):
    d = _det(a)
    inv = [[a[1][1] / d, -a[0][1] / d], [-a[1][0] / d, a[0][0] / d]]
    w = [[1, 2], [-1, mp("0.5")]]
    return sum(inv[i][j] * w[i][j] for i in range(2) for j in range(2))


def _truncated_readout(a):
    """<pinv of A's rank-1 truncation, W>: P A^T / l1, P = (A^T A - l2 I) / (l1 - l2) projecting on the top
    eigenvector."""
    m = [[sum(a[k][i] * a[k][j] for k in range(2)) for j in range(2)] for i in range(2)]
    half, det = (m[0][0] + m[1][1]) / 2, _det(m)
    root = mpmath.sqrt(half * half - det)
    l1, l2 = half + root, half - root
    p = [[(m[i][j] - (l2 if i == j else 0)) / (l1 - l2) for j in range(2)] for i in range(2)]
    pinv = [[sum(p[i][k] * a[j][k] for k in range(2)) / l1 for j in range(2)] for i in range(2)]
    w = [[1, 2], [-1, mp("0.5")]]
    return sum(pinv[i][j] * w[i][j] for i in range(2) for j in range(2))


def _triangular(l):
    z0 = 1 / l[0][0]
    z1 = (-2 - l[1][0] * z0) / l[1][1]
    return z0 ** 2 + z1 ** 2


def _kron(a, b):
    w = [[1, 2], [3, 4]]
    return sum(w[i][j] * a[0][j] * b[i][0] for i in range(2) for j in range(2))


def _spread(x):
    n = len(x)
    mean = sum(x) / n
    return mpmath.sqrt(sum((v - mean) ** 2 for v in x) / (n - 1)) + 2 * mean


KEYS = [[1, 0], ["0.5", -1], ["-0.5", 2]]
VALUES = [[1, 2], [-1, "0.5"], [3, -2]]
READOUT = [[1, -1], [2, "0.5"], [-1, 1]]


def _attention(causal, scale=None):
    """sum readout * attention(q); the scores q.k times ``scale`` (default 1/sqrt(2))."""
    keys, values, readout = ([[mp(v) for v in row] for row in m] for m in (KEYS, VALUES, READOUT))

    def f(q):
        total = 0
        for i in range(3):
            seen = range(i + 1) if causal else range(3)
            factor = 1 / mpmath.sqrt(2) if scale is None else scale
            w = _softmax([sum(q[i][c] * keys[j][c] for c in range(2)) * factor for j in seen])
            out = [sum(wj * values[j][c] for wj, j in zip(w, seen)) for c in range(2)]
            total += sum(out[c] * readout[i][c] for c in range(2))
        return total
    return f


def _conv(x):
    k = [1, -2, mp("0.5")]
    padded = [0] + list(x) + [0]
    return sum(sum(k[t] * padded[i + t] for t in range(3)) ** 2 for i in range(len(x)))


def _upsample(x):
    k = [1, mp("0.5"), -1]
    y = [mp(0)] * (2 * (len(x) - 1) + 3)
    for i, v in enumerate(x):
        for t in range(3):
            y[2 * i + t] += v * k[t]
    return sum((n + 1) * v * v for n, v in enumerate(y))


SHUFFLE_MASK = [[1, -1, 2, "0.5"], [3, 1, -2, 1]]


def _shuffle(xs):
    """d/dx of sum mask * pixel_shuffle(x)^2: x[2c + w] lands at row c // 2, column 2 w + c % 2."""
    def truth():
        x = _in("float64", xs)
        out = [mp(0)] * 8
        for c in range(4):
            for w in range(2):
                out[2 * c + w] = 2 * mp(SHUFFLE_MASK[c // 2][2 * w + c % 2]) * x[2 * c + w]
        return {"x": out}
    return hp(truth)


def _running_area(y):
    total, area = 0, 0
    for m in range(len(y) - 1):
        area += mp("0.5") * (y[m] + y[m + 1]) / 2
        total += area ** 2
    return total


def _precision_trace(l):
    """sum((L L^T)^-1 * W) for the lower triangle of l."""
    a, b, c = l[0][0], l[1][0], l[1][1]
    p = [[a * a, a * b], [a * b, b * b + c * c]]
    d = _det(p)
    inv = [[p[1][1] / d, -p[0][1] / d], [-p[1][0] / d, p[0][0] / d]]
    w = [[2, mp("0.5")], [mp("0.5"), 1]]
    return sum(inv[i][j] * w[i][j] for i in range(2) for j in range(2))


def _beta_a(a_s, dtype="float64"):
    """d/da sum_x log Beta(x; a, 2) = sum log x + 3 (1/a + 1/(a + 1)) (psi(a + 2) - psi(a))."""
    def truth():
        xs = _in(dtype, [0.2, 0.999, 1e-4])
        return {"a": [sum(mpmath.log(x) for x in xs) + 3 * (1 / a + 1 / (a + 1)) for a in _in(dtype, a_s)]}
    return hp(truth)


def _dirichlet(alphas):
    def truth():
        with mpmath.workdps(100):
            alpha = _in("float64", alphas)
            xs = _in("float64", [0.5, 0.3, 0.2])
            out = [mpmath.log(x) + mpmath.psi(0, sum(alpha)) - mpmath.psi(0, a) for x, a in zip(xs, alpha)]
            return {"alpha": [+v for v in out]}
    return hp(truth)


def _logit_normal(locs, dtype="float64"):
    """d/dloc of Normal(loc, 0.5) at logit(y), summed over y: (logit(y) - loc) / 0.25."""
    def truth():
        ys = _in(dtype, [0.3, 0.999999])
        return {"loc": [sum((mpmath.log(y / (1 - y)) - loc) * 4 for y in ys) for loc in _in(dtype, locs)]}
    return hp(truth)


def _penalty(xs, dtype="float64"):
    """d/dx tanh(x)^2 = 2 tanh(x) sech(x)^2."""
    return _each("x", lambda x: 2 * mpmath.tanh(x) * mpmath.sech(x) ** 2, xs, dtype)


def _lse(xs, dtype="float64"):
    def truth():
        w = [mp(1), mp(2), mp(-1)]
        x = _in(dtype, xs)
        p = _softmax([wi * xi for wi, xi in zip(w, x)])
        return {"x": [wi * pi for wi, pi in zip(w, p)]}
    return hp(truth)


def _poisson_rate(rates, dtype="float64"):
    """d/drate of rate - count log(rate + 1e-8), counts [0, 3] (the 1e-8 as the dtype holds it)."""
    def truth():
        eps = _in(dtype, [1e-8])[0]
        return {"rate": [1 - c / (r + eps) for c, r in zip([mp(0), mp(3)], _in(dtype, rates))]}
    return hp(truth)


TORCH = [
    Case(T, "nuclear_norm", "a=[[2,1],[0.5,3]]", "float64", "ok", num_grad(_nuclear, a=[[2, 1], [0.5, 3]])),
    Case(T, "nuclear_norm", "a=[[2,1],[0.5,3]]", "float32", "ok", num_grad(_nuclear, "float32", a=[[2, 1], [0.5, 3]])),
    # rank 1: sqrt(|A|_F^2 + 2 |det A|) has a kink in every entry (no cofactor is 0)
    Case(T, "nuclear_norm", "a=[[1,2],[2,4]]", "float64", "domain", _values("a", [[NAN, NAN], [NAN, NAN]])),
    Case(T, "singular_weighted", "a=[[2,1],[0.5,3]]", "float64", "ok",
         num_grad(_weighted_singulars, a=[[2, 1], [0.5, 3]])),
    # 2 I: the two singular values cross, each is a kink (s1 + 3 s2 = 4 tr - 2 s1 ...)
    Case(T, "singular_weighted", "a=[[2,0],[0,2]]", "float64", "domain", _values("a", [[NAN, NAN], [NAN, NAN]])),
    Case(T, "spectral_norm", "a=[[2,1],[0.5,3]]", "float64", "ok", num_grad(_spectral, a=[[2, 1], [0.5, 3]])),
    Case(T, "spectral_norm", "a=[[1,0],[0,1]]", "float64", "domain", _values("a", [[NAN, NAN], [NAN, NAN]])),
    Case(T, "pinv_readout", "a=[[2,1],[0.5,3]]", "float64", "ok", num_grad(_inv_readout, a=[[2, 1], [0.5, 3]])),
    # rank 1: PyTorch's pinv drops singular values below 2 eps times the largest, so under moves that small the
    # matrix stays rank 1 to it and the slope is that of the rank-1 truncation's pseudo-inverse (no jump)
    Case(T, "pinv_readout", "a=[[1,2],[2,4]]", "float64", "ok", num_grad(_truncated_readout, a=[[1, 2], [2, 4]])),
    Case(T, "triangular_energy", "l=[[2,0],[0.5,0.001]]", "float64", "ok",
         num_grad(_triangular, l=[[2, 0], [0.5, 0.001]])),
    Case(T, "triangular_energy", "l=[[2,0],[0.5,0.001]]", "float32", "ok",
         num_grad(_triangular, "float32", l=[[2, 0], [0.5, 0.001]])),
    Case(T, "kron_energy", "a=[[1,2]],b=[[0.5],[-1]]", "float64", "ok", num_grad(_kron, a=[[1, 2]], b=[[0.5], [-1]])),
    Case(T, "spread", "x=[1,2,4]", "float64", "ok", num_grad(_spread, x=[1, 2, 4])),
    Case(T, "spread", "x=[1,2,4]", "float32", "ok", num_grad(_spread, "float32", x=[1, 2, 4])),
    # a flat row: the standard deviation is the tip of a cone
    Case(T, "spread", "x=[1.5,1.5,1.5]", "float64", "domain", _values("x", [NAN, NAN, NAN])),
    Case(T, "interp_loss", "x=[0.5,3]", "float64", "ok", hp(lambda: {"x": [mp(2), mp(-8) / 3]})),
    # x0 on the knot 1: slopes 2 and -2/3 on the two sides
    Case(T, "interp_loss", "x=[1,3]", "float64", "domain", hp(lambda: {"x": [NAN, mp(-8) / 3]})),
    Case(T, "causal_attention", "q=[[1,0.5],[-1,2],[0.3,0.2]]", "float64", "ok",
         num_grad(_attention(True), q=[[1, 0.5], [-1, 2], [0.3, 0.2]])),
    # PyTorch's kernel scales q and k each by sqrt(1/sqrt(2)): a library's constant, as written (float64's)
    Case(T, "causal_attention", "q=[[1,0.5],[-1,2],[0.3,0.2]]", "float32", "ok",
         num_grad(_attention(True), "float32", q=[[1, 0.5], [-1, 2], [0.3, 0.2]])),
    Case(T, "naive_attention", "q=[[1,0.5],[-1,2],[0.3,0.2]]", "float64", "ok",
         num_grad(_attention(False), q=[[1, 0.5], [-1, 2], [0.3, 0.2]])),
    # the first query's top score is 778: exp overflows, inf / inf (a softmax would not help: its backward cancels
    # to the winner's slope, 1.6e-170)
    Case(T, "naive_attention", "q=[[1100,0.5],[-1,2],[0.3,0.2]]", "float64", "unstable",
         num_grad(_attention(False), q=[[1100, 0.5], [-1, 2], [0.3, 0.2]]), "weights = torch.exp(scores)"),
    # two top scores tie at 778: softmax splits them
    Case(T, "naive_attention", "q=[[1100,825],[-1,2],[0.3,0.2]]", "float64", "unstable",
         num_grad(_attention(False), q=[[1100, 825], [-1, 2], [0.3, 0.2]]), "weights = torch.exp(scores)", "softmax"),
    Case(T, "conv_energy", "x=[1,-1,2,0.5]", "float64", "ok", num_grad(_conv, x=[1, -1, 2, 0.5])),
    Case(T, "conv_energy", "x=[1,-1,2,0.5]", "float32", "ok", num_grad(_conv, "float32", x=[1, -1, 2, 0.5])),
    Case(T, "upsample_energy", "x=[1,-1,2]", "float64", "ok", num_grad(_upsample, x=[1, -1, 2])),
    Case(T, "shuffle_energy", "x=[1,2,3,4,5,6,7,8.5]", "float64", "ok", _shuffle([1, 2, 3, 4, 5, 6, 7, 8.5])),
    Case(T, "running_area", "y=[1,2,-1,0.5]", "float64", "ok", num_grad(_running_area, y=[1, 2, -1, 0.5])),
    Case(T, "precision_trace", "l=[[2,0],[0.5,1]]", "float64", "ok", num_grad(_precision_trace, l=[[2, 0], [0.5, 1]])),
    Case(T, "beta_logp", "a=[0.5]", "float64", "ok", _beta_a([0.5])),
    Case(T, "beta_logp", "a=[1e-8]", "float64", "ok", _beta_a([1e-8])),
    Case(T, "beta_logp", "a=[0.5]", "float32", "ok", _beta_a([0.5], "float32")),
    Case(T, "dirichlet_logp", "alpha=[1,2,0.5]", "float64", "ok", _dirichlet([1, 2, 0.5])),
    Case(T, "logit_normal_logp", "loc=[0.2]", "float64", "ok", _logit_normal([0.2])),
    Case(T, "logit_normal_logp", "loc=[0.2]", "float32", "ok", _logit_normal([0.2], "float32")),
    Case(T, "penalty_naive", "x=[0.5,-2]", "float64", "ok", _penalty([0.5, -2])),
    # sech^2 as 1 - tanh^2 through log(cosh): 1 - 1 where the truth is 7e-26
    Case(T, "penalty_naive", "x=[30,0.5]", "float64", "unstable", _penalty([30, 0.5])),
    Case(T, "penalty_naive", "x=[10,0.5]", "float32", "unstable", _penalty([10, 0.5], "float32")),
    Case(T, "penalty_stable", "x=[30,0.5]", "float64", "ok", _penalty([30, 0.5])),
    # |x| at 0 inside a smooth whole: tanh(x)^2 has slope 0 there
    Case(T, "penalty_stable", "x=[0,0.5]", "float64", "ok", _penalty([0, 0.5])),
    Case(T, "top_gap", "x=[1,3,2]", "float64", "ok", hp(lambda: {"x": [mp(-1) / 3, mp(8) / 3, mp(-1) / 3]})),
    Case(T, "top_gap", "x=[3,3,2]", "float64", "domain", hp(lambda: {"x": [NAN, NAN, mp(-1) / 3]})),
    Case(T, "top_gap_slip", "x=[1,3,2]", "float64", "wrong", hp(lambda: {"x": [mp(-1) / 3, mp(8) / 3, mp(-1) / 3]}),
         "class TopOneSlip>>def backward"),
    Case(T, "lse_weighted", "x=[1,0.5,2]", "float64", "ok", _lse([1, 0.5, 2])),
    Case(T, "lse_weighted", "x=[1,0.5,2]", "float32", "ok", _lse([1, 0.5, 2], "float32")),
    Case(T, "lse_weighted", "x=[800,-1,2]", "float64", "unstable", _lse([800, -1, 2]),
         "return grad * torch.exp(x) / torch.exp(x).sum()"),
    # torch.angle(torch.complex(re, im)) at -2 + 0i: a jump in im, flat (pi) in re along the cut
    Case(T, "phase_sum", "re=[1,-2],im=[0.5,0]", "float64", "domain",
         hp(lambda: {"re": [mp("-0.4"), mp(0)], "im": [mp("0.8"), NAN]})),
    Case(T, "poisson_rate_loss", "rate=[0,2.5]", "float64", "ok", _poisson_rate([0, 2.5])),
    Case(T, "poisson_rate_loss", "rate=[0,2.5]", "float32", "ok", _poisson_rate([0, 2.5], "float32")),
]


def _dawson_slope(x):
    """d/dx D(x) = 1 - 2 x D(x), D(x) = sqrt(pi)/2 e^(-x^2) erfi(x)."""
    return 1 - 2 * x * mpmath.sqrt(mpmath.pi) / 2 * mpmath.exp(-x * x) * mpmath.erfi(x)


def _weighted(name, slope, xs, weights, dtype="float64"):
    return hp(lambda: {name: [mp(w) * slope(x) for w, x in zip(weights, _in(dtype, xs))]})


def _y1_slope(x):
    return mpmath.bessely(0, x) - mpmath.bessely(1, x) / x


def _expm_readout(a):
    """<exp(A), W> for a 2x2 A: e^m (cosh(d) I + sinh(d)/d (A - m I)), m = tr/2, d^2 = ((a - e)/2)^2 + b c."""
    m = (a[0][0] + a[1][1]) / 2
    d = mpmath.sqrt(mpmath.mpc(((a[0][0] - a[1][1]) / 2) ** 2 + a[0][1] * a[1][0]))
    c, s = mpmath.cosh(d), mpmath.sinh(d) / d
    e = [[c + s * (a[0][0] - m), s * a[0][1]], [s * a[1][0], c + s * (a[1][1] - m)]]
    w = [[1, 2], [-1, mp("0.5")]]
    return mpmath.re(mpmath.exp(m) * sum(e[i][j] * w[i][j] for i in range(2) for j in range(2)))


def _singular_gap(a):
    s0, s1 = _singulars(a)
    return s0 - s1 / 2


def _hsv(rgb):
    """0.5 h + 2 s + v of TensorFlow's HSV (h in [0, 1)), by the largest and smallest channels."""
    r, g, b = rgb
    top, low = max(rgb), min(rgb)
    span = top - low
    if top == r:
        h = (g - b) / span
    elif top == g:
        h = 2 + (b - r) / span
    else:
        h = 4 + (r - g) / span
    h = h / 6
    if h < 0:
        h += 1
    return h / 2 + 2 * span / top + top


def _phase(res, ims, dtype="float64"):
    """d/dre and d/dim of sum w atan2(im, re): -w im / r^2 and w re / r^2."""
    def truth():
        w = [mp(1), mp(3)]
        re, im = _in(dtype, res), _in(dtype, ims)
        return {"re": [-wk * y / (x * x + y * y) for wk, x, y in zip(w, re, im)],
                "im": [wk * x / (x * x + y * y) for wk, x, y in zip(w, re, im)]}
    return hp(truth)


def _modulus(res, ims):
    def truth():
        re, im = _in("float64", res), _in("float64", ims)
        return {"re": [x / mpmath.hypot(x, y) for x, y in zip(re, im)],
                "im": [y / mpmath.hypot(x, y) for x, y in zip(re, im)]}
    return hp(truth)


def _mape(preds, dtype="float64"):
    """d/dp of 100/3 sum |p - t| / max(|t|, 1e-7) (Keras' epsilon as float32 holds it, the loss runs in float32)."""
    def truth():
        eps = _f32(1e-7)
        targets = [mp(0), mp(2), mp(-1)]
        return {"pred": [NAN if p == t else 100 * mpmath.sign(p - t) / (3 * max(abs(t), eps))
                         for p, t in zip(_in(dtype, preds), targets)]}
    return hp(truth)


def _bilinear(u, v):
    w = [[1, -2], [mp("0.5"), 3]]
    return sum(sum(u[b][i] * w[i][j] * v[b][j] for i in range(2) for j in range(2)) ** 2 for b in range(2))


KERNEL = [1, "0.5", -1, 2, "0.5", 1, 2, -1]


def _depthwise(x):
    """x as [3, 3, 2] (rows, columns, channels), kernel as [2, 2, 2]; VALID: a 2x2 output per channel."""
    k = [mp(v) for v in KERNEL]
    total = 0
    for c in range(2):
        for i in range(2):
            for j in range(2):
                out = sum(x[((i + di) * 3 + j + dj) * 2 + c] * k[(di * 2 + dj) * 2 + c]
                          for di in range(2) for dj in range(2))
                total += out * out
    return total


def _cubic(a_s, dtype="float64"):
    """d/da of the real root of x^3 + x = a, weighted [1, -1]: 1 / (3 x^2 + 1)."""
    def truth():
        out = []
        for a, w in zip(_in(dtype, a_s), [1, -1]):
            x = mpmath.findroot(lambda t: t ** 3 + t - a, a / 2)
            out.append(w / (3 * x * x + 1))
        return {"a": out}
    return hp(truth)


def _norm_slope(xs):
    def truth():
        x = _in("float64", xs)
        n = mpmath.sqrt(sum(v * v for v in x))
        return {"x": [2 * v / n for v in x]}
    return hp(truth)


def _flat_variance(xs, dtype="float64"):
    def truth():
        x = _in(dtype, xs)
        mean = sum(x) / len(x)
        return {"x": [(2 * (v - mean) + 1) / len(x) for v in x]}
    return hp(truth)


TF = [
    Case(K, "dawson_sum", "x=[0.5,3]", "float64", "ok", _weighted("x", _dawson_slope, [0.5, 3], [1, -2])),
    Case(K, "dawson_sum", "x=[0.5,3]", "float32", "ok", _weighted("x", _dawson_slope, [0.5, 3], [1, -2], "float32")),
    # 1 - 2 x D(x) = -5e-11 at 1e5: 2 x D(x) is 1 to ten digits
    Case(K, "dawson_sum", "x=[0.5,1e5]", "float64", "unstable",
         _weighted("x", _at_digits(100, _dawson_slope), [0.5, 1e5], [1, -2])),
    Case(K, "bessel_y1_sum", "x=[1e-100,2.5]", "float64", "ok", _each("x", _at_digits(60, _y1_slope), [1e-100, 2.5])),
    Case(K, "bessel_y1_sum", "x=[1e-10,2.5]", "float32", "ok",
         _each("x", _at_digits(100, _y1_slope), [1e-10, 2.5], "float32")),
    Case(K, "generator_flow", "a=[[0,1.5],[-1.5,0]]", "float64", "ok",
         num_grad(_expm_readout, a=[[0, 1.5], [-1.5, 0]])),
    Case(K, "generator_flow", "a=[[0.1,1.5],[-1.5,-0.2]]", "float32", "ok",
         num_grad(_expm_readout, "float32", a=[[0.1, 1.5], [-1.5, -0.2]])),
    Case(K, "singular_gap", "a=[[2,1],[0.5,3]]", "float64", "ok", num_grad(_singular_gap, a=[[2, 1], [0.5, 3]])),
    Case(K, "singular_gap", "a=[[2,0],[0,2]]", "float64", "domain", _values("a", [[NAN, NAN], [NAN, NAN]])),
    Case(K, "hsv_score", "rgb=[0.2,0.5,0.9]", "float64", "ok", num_grad(_hsv, rgb=[0.2, 0.5, 0.9])),
    Case(K, "hsv_score", "rgb=[0.9,0.5,0.2]", "float32", "ok", num_grad(_hsv, "float32", rgb=[0.9, 0.5, 0.2])),
    # red and green tie for the largest channel: the hue's two formulas meet with different slopes in r and g
    Case(K, "hsv_score", "rgb=[0.5,0.5,0.2]", "float64", "domain", hp(lambda: {"rgb": [NAN, NAN, mp(-4)]})),
    Case(K, "phase_sum", "re=[1,-2],im=[0.5,1]", "float64", "ok", _phase([1, -2], [0.5, 1])),
    Case(K, "phase_sum", "re=[1,-2],im=[0.5,1]", "float32", "ok", _phase([1, -2], [0.5, 1], "float32")),
    # -2 + 0i is on the branch cut: the phase jumps from pi to -pi across it, and is flat along it
    Case(K, "phase_sum", "re=[1,-2],im=[0.5,0]", "float64", "domain",
         hp(lambda: {"re": [mp("-0.4"), mp(0)], "im": [mp("0.8"), NAN]})),
    Case(K, "modulus_sum", "re=[3,0],im=[4,0]", "float64", "domain",
         hp(lambda: {"re": [mp("0.6"), NAN], "im": [mp("0.8"), NAN]})),
    # |z| of 1e-200 (1 + i) is 1.4e-200 and the slopes are 1/sqrt(2); ComplexAbs's rule divides z by |z| as complex
    # numbers, whose denominator |z|^2 underflows
    Case(K, "modulus_sum", "re=[3,1e-200],im=[4,1e-200]", "float64", "unstable", _modulus([3, 1e-200], [4, 1e-200])),
    Case(K, "group_products", "x=[2,3,0.5,-1,4]", "float64", "ok", _values("x", [2, 2, 8, -6, 1])),
    Case(K, "group_products", "x=[2,3,0,-1,4]", "float64", "ok", _values("x", [0, 2, 8, -6, 0])),
    Case(K, "group_products", "x=[0,3,0,-1,4]", "float64", "ok", _values("x", [0, 2, 0, -6, 0])),
    Case(K, "group_peaks", "x=[1,2,3,-1]", "float64", "ok", _values("x", [0, 3, 1, 0])),
    Case(K, "group_peaks", "x=[3,2,3,-1]", "float64", "domain", _values("x", [NAN, 3, NAN, 0])),
    Case(K, "row_products", "m=[[2,0,3],[0,0,1]]", "float64", "ok", _values("m", [[0, 6, 0], [0, 0, 0]])),
    Case(K, "mape_loss", "pred=[0.5,2.5,-2]", "float32", "ok", _mape([0.5, 2.5, -2], "float32")),
    # Keras computes the loss in float32 whatever the inputs: a float64 check keeps float32's digits
    Case(K, "mape_loss", "pred=[0.5,2.5,-2]", "float64", "unstable", _mape([0.5, 2.5, -2])),
    Case(K, "mape_loss", "pred=[0.5,2,-2]", "float32", "domain", _mape([0.5, 2, -2], "float32")),
    Case(K, "bilinear_form", "u=[[1,2],[0.5,-1]],v=[[0.3,1],[2,-1]]", "float64", "ok",
         num_grad(_bilinear, u=[[1, 2], [0.5, -1]], v=[[0.3, 1], [2, -1]])),
    Case(K, "conv_energy", "x=[1,-1,2,0.5]", "float64", "ok", num_grad(_conv, x=[1, -1, 2, 0.5])),
    Case(K, "depthwise_energy", "x=[-2,-1,0,1,2,-2,-1,0,1,2,-2,-1,0,1,2,-2,-1,0.5]", "float64", "ok",
         num_grad(_depthwise, x=[-2, -1, 0, 1, 2, -2, -1, 0, 1, 2, -2, -1, 0, 1, 2, -2, -1, 0.5])),
    Case(K, "cubic_root_unrolled", "a=[2,-10]", "float64", "ok", _cubic([2, -10])),
    Case(K, "cubic_root_implicit", "a=[2,-10]", "float64", "ok", _cubic([2, -10])),
    Case(K, "cubic_root_implicit", "a=[2,-10]", "float32", "ok", _cubic([2, -10], "float32")),
    Case(K, "cubic_root_slip", "a=[2,-10]", "float64", "wrong", _cubic([2, -10]),
         "def _cubic_root_slip>>def grad(dy)"),
    Case(K, "safe_norm_loss", "x=[3,4]", "float64", "ok", _norm_slope([3, 4])),
    Case(K, "safe_norm_loss", "x=[0,0]", "float64", "domain", _values("x", [NAN, NAN])),
    Case(K, "flat_variance", "x=[1,2,4]", "float64", "ok", _flat_variance([1, 2, 4])),
    Case(K, "flat_variance", "x=[1.5,1.5,1.5]", "float64", "ok", _flat_variance([1.5, 1.5, 1.5])),
    Case(K, "flat_variance", "x=[1.5,1.5,1.5]", "float32", "ok", _flat_variance([1.5, 1.5, 1.5], "float32")),
]

INPUT_ERRORS = []

ALL = TORCH + TF + INPUT_ERRORS
