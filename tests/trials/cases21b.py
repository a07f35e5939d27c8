"""The twenty-first trial set (b), PyTorch and TensorFlow/Keras: logaddexp2 (PyTorch's, tf.experimental.numpy's at a
tie, and the naive spelling), keras.ops.logaddexp at a tie, nan_to_num over a log, a masked mean whose where leaks,
diff/quantile/median at ties, special.entr, xlog1py, Hurwitz zeta, gammainc, spherical_bessel_j0 and
hermite_polynomial_h (no derivative in PyTorch), fmod and floormod at their jumps, cumprod through zeros, Cox partial
likelihoods (logcumsumexp and the naive cumsum of exps, in PyTorch and TensorFlow), Multinomial, Geometric and
NegativeBinomial log-likelihoods, gaussian_nll_loss's clamped variance, attention with a fully masked query, unfold and
grid_sample, inverse, infinity and nuclear norms, torch.func's jacfwd, vjp and vmap(grad), autograd.Functions with a
forgotten clamp or swapped outputs, a clipping hook, a normaliser under set_grad_enabled(False), a float32 softmax
taken in float64; Keras' gelu, MAPE, generalized cross-entropy and dice, a naive erf GELU, a probit by erfinv,
weighted_moments, crelu, xdivy, a weighted segment mean, einsum, tridiagonal_solve and lstsq.

Truths are expressions written here, evaluated by mpmath (2,000 digits unless said), never the user files' code;
points are the numbers the dtype holds.
"""

import mpmath

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp, sig
from cases12a import num_grad
from cases17b import _each, _f

T, K = "torch_lib21b.py", "tf_lib21b.py"


def _f32(v):
    return _in("float32", [v])[0]


def _softmax(values):
    top = max(values)
    e = [mpmath.exp(v - top) for v in values]
    return [v / sum(e) for v in e]


def _lae2_at_tie(xs, ys):
    """`_lae2` with the entries at a tie x = y NaN (the program's tie is a kink: `tnp_logaddexp2`'s case)."""
    def truth():
        slopes = _lae2(xs, ys)()
        return {name: [mpmath.nan if a == b else v for v, a, b in zip(values, xs, ys)] for name, values in slopes.items()}
    return truth


def _lae2(xs, ys, dtype="float64"):
    """d/dx log2(2^x + 2^y) = 1 / (1 + 2^(y - x)), and symmetrically in y."""
    def truth():
        x, y = _in(dtype, xs), _in(dtype, ys)
        return {"x": [1 / (1 + mpmath.power(2, b - a)) for a, b in zip(x, y)],
                "y": [1 / (1 + mpmath.power(2, a - b)) for a, b in zip(x, y)]}
    return hp(truth)


def _lae(xs, ys, dtype="float64"):
    """d/dx log(e^x + e^y) = sigmoid(x - y)."""
    def truth():
        x, y = _in(dtype, xs), _in(dtype, ys)
        return {"x": [sig(a - b) for a, b in zip(x, y)], "y": [sig(b - a) for a, b in zip(x, y)]}
    return hp(truth)


def _values(name, values):
    """{name: the values as given} (numbers, strings, NAN; nested lists kept)."""
    def convert(v):
        return [convert(u) for u in v] if isinstance(v, list) else (v if v is NAN else mp(v))
    return hp(lambda: {name: convert(values)})


def _cox(s, events=(1, 0, 1, 1)):
    """-sum_i e_i (s_i - log sum_{j >= i} exp(s_j))."""
    n = len(s)
    return -sum(events[i] * (s[i] - mpmath.log(sum(mpmath.exp(s[j]) for j in range(i, n)))) for i in range(n))


def _entr(ps):
    return hp(lambda: {"p": [NAN if p == 0 else -mpmath.log(p) - 1 for p in _in("float64", ps)]})


def _gammainc(xs):
    a = [mp("0.5"), mp("2.5")]
    return hp(lambda: {"x": [x ** (ak - 1) * mpmath.exp(-x) / mpmath.gamma(ak) for ak, x in zip(a, _in("float64", xs))]})


def _sph(xs):
    """x - j1(x), j1 = sin x / x^2 - cos x / x (d/dx j0 = -j1)."""
    return _each("x", lambda x: x - (mpmath.sin(x) / x ** 2 - mpmath.cos(x) / x), xs)


def _multinomial(zs):
    counts = [mp(3), mp(5), mp(2)]
    return hp(lambda: {"z": [c - 10 * p for c, p in zip(counts, _softmax(_in("float64", zs)))]})


def _geometric(ps):
    k = [mp(3), mp(0)]
    return hp(lambda: {"p": [-kk / (1 - p) + 1 / p for kk, p in zip(k, _in("float64", ps))]})


def _negbin(rs):
    """d/dr [r logsigmoid(-z) + lgamma(r + k) - lgamma(r)] at z = -30, k = 5, at 100 digits (digamma)."""
    def truth():
        with mpmath.workdps(100):
            return {"r": [+(-mpmath.log1p(mpmath.exp(mp(-30))) + mpmath.digamma(r + 5) - mpmath.digamma(r))
                          for r in _in("float64", rs)]}
    return hp(truth)


def _gaussian_nll(vs):
    """d/dv 0.5 (log max(v, eps) + r^2 / max(v, eps)), eps = 1e-6: 0 below eps, 0.5 (1/v - r^2/v^2) above."""
    r = [mp("0.5"), mp(-1)]
    eps = _f(1e-6)
    return hp(lambda: {"var": [mp(0) if v < eps else (1 / v - rk * rk / v ** 2) / 2
                               for rk, v in zip(r, _in("float64", vs))]})


KEYS = [[1, "0.5"], ["-0.5", 1], ["0.25", -1]]
VALUES = [[1, -1], ["0.5", 2], [-2, "0.25"]]
ALLOWED = [[True, True, False], [False, False, False]]
READOUT = [[1, 2], [-1, "0.5"]]


def _attention(q):
    """Each query's softmax over the keys it may see (none: output 0), scaled by 1/sqrt(2), read out linearly."""
    k = [[mp(v) for v in row] for row in KEYS]
    v = [[mp(u) for u in row] for row in VALUES]
    total = 0
    for i, row in enumerate(q):
        seen = [j for j in range(3) if ALLOWED[i][j]]
        if not seen:
            continue
        p = _softmax([sum(row[d] * k[j][d] for d in range(2)) / mpmath.sqrt(2) for j in seen])
        out = [sum(pj * v[j][d] for pj, j in zip(p, seen)) for d in range(2)]
        total += sum(out[d] * mp(READOUT[i][d]) for d in range(2))
    return total


PICTURE = [[1, 2, 0], [-1, "0.5", 3], [2, -2, 1]]


def _patches():
    """d/dx of the sum over 2x2 patches of (patch sum)^2: twice the sums of the patches holding each pixel."""
    x = [[mp(v) for v in row] for row in PICTURE]
    sums = {(i, j): x[i][j] + x[i][j + 1] + x[i + 1][j] + x[i + 1][j + 1] for i in range(2) for j in range(2)}
    grad = [[sum(2 * s for (i, j), s in sums.items() if i <= a <= i + 1 and j <= b <= j + 1) for b in range(3)]
            for a in range(3)]
    return hp(lambda: {"x": [[grad]]})


def _inv_trace(a):
    """d trace(A^-1) / dA = -(A^-2)^T."""
    def truth():
        m = mpmath.matrix([[_f(v) for v in row] for row in a])
        inv = m ** -1
        sq = inv * inv
        return {"a": [[-sq[j, i] for j in range(2)] for i in range(2)]}
    return hp(truth)


def _nuclear(a):
    """sigma1 + sigma2 of a 2x2 matrix: sqrt(|A|_F^2 + 2 |det A|)."""
    (p, q), (r, s) = a
    return mpmath.sqrt(p * p + q * q + r * r + s * s + 2 * abs(p * s - q * r))


MIX = [[1, "0.5"], ["-0.25", 2]]


def _flow_logdet(x):
    m = [[mp(v) for v in row] for row in MIX]
    h = [sum(m[i][j] * x[j] for j in range(2)) for i in range(2)]
    d = [1 - mpmath.tanh(v) ** 2 for v in h]
    j = [[(1 if i == k else 0) + d[i] * m[i][k] / 2 for k in range(2)] for i in range(2)]
    return mpmath.log(abs(j[0][0] * j[1][1] - j[0][1] * j[1][0]))


def _penalty(xs):
    """d/dx_i of sum (v_i (1 - t_i^2))^2, t = tanh x: -4 v_i^2 t_i (1 - t_i^2)^2."""
    v = [mp(1), mp(-2)]
    return hp(lambda: {"x": [-4 * vi * vi * mpmath.tanh(x) * (1 - mpmath.tanh(x) ** 2) ** 2
                             for vi, x in zip(v, _in("float64", xs))]})


EXAMPLES = [[1, "0.5"], ["-0.5", 2], ["0.25", -1]]


def _per_example(w):
    """sum_i |2 t_i (1 - t_i^2) x_i|^2, t_i = tanh(w . x_i)."""
    total = 0
    for row in EXAMPLES:
        x = [mp(v) for v in row]
        t = mpmath.tanh(sum(a * b for a, b in zip(w, x)))
        total += (2 * t * (1 - t * t)) ** 2 * sum(v * v for v in x)
    return total


def _log_softmax_slope(xs, dtype):
    """d/dx (x[1] - logsumexp(x)) for two entries: [-p0, p0]."""
    def truth():
        p0 = _softmax(_in(dtype, xs))[0]
        return {"x": [-p0, p0]}
    return hp(truth)


def _gelu(x):
    """d/dx x Phi(x) = Phi(x) + x phi(x)."""
    return mpmath.erfc(-x / mpmath.sqrt(2)) / 2 + x * mpmath.exp(-x * x / 2) / mpmath.sqrt(2 * mpmath.pi)


TORCH = [
    Case(T, "logaddexp2_sum", "x=[1000,-1100,3],y=[1001,-1100,3]", "float64", "ok",
         _lae2([1000, -1100, 3], [1001, -1100, 3])),
    # 2^1100 overflows float64: inf + inf, and the gradient inf / inf
    Case(T, "naive_logaddexp2", "x=[1100],y=[1099]", "float64", "unstable", _lae2([1100], [1099])),
    Case(T, "naive_logaddexp2", "x=[3],y=[1]", "float64", "ok", _lae2([3], [1])),
    # the unobserved entry is 0 for every x (its log is dropped): slope 0; PyTorch's 0 * (1/0) is NaN
    Case(T, "masked_log_mean", "x=[0.5,0,2]", "float64", "wrong", _values("x", [1, 0, "0.25"]),
         "logs = torch.where(OBSERVED, torch.log(x)"),
    Case(T, "safe_masked_log_mean", "x=[0.5,0,2]", "float64", "ok", _values("x", [1, 0, "0.25"])),
    # -100 at 0, log x just right of it, 0 (NaN floored) left of it: a jump
    Case(T, "floored_log", "x=[0,2]", "float64", "domain", _values("x", [NAN, "0.5"])),
    Case(T, "floored_log", "x=[1e-300,2]", "float64", "ok", hp(lambda: {"x": [1 / _f(1e-300), mp("0.5")]})),
    Case(T, "cox_nll", "s=[800,0,-800,1]", "float64", "ok", num_grad(_cox, s=[800.0, 0.0, -800.0, 1.0])),
    # -1 + softmax's first weight: -1.38e-43 is a float32 subnormal PyTorch's float32 run cancels to 0
    Case(T, "cox_nll", "s=[100,0,-100,1]", "float32", "unstable",
         num_grad(_cox, "float32", s=[100.0, 0.0, -100.0, 1.0])),
    # exp(800) overflows: log(inf), and the gradient inf / inf
    Case(T, "cox_nll_naive", "s=[800,0,-800,1]", "float64", "unstable", num_grad(_cox, s=[800.0, 0.0, -800.0, 1.0])),
    Case(T, "cox_nll_naive", "s=[100,0,-100,1]", "float32", "unstable",
         num_grad(_cox, "float32", s=[100.0, 0.0, -100.0, 1.0])),
    Case(T, "tv_loss", "x=[1,1,2]", "float64", "domain", _values("x", [NAN, NAN, 1])),
    Case(T, "tv_loss", "x=[1,2,0]", "float64", "ok", _values("x", [-1, 2, -1])),
    # sorted [1, 2, 3, 4], position 0.75: 0.25 of the smallest and 0.75 of the next
    Case(T, "lower_quartile", "x=[3,1,4,2]", "float64", "ok", _values("x", [0, "0.25", 0, "0.75"])),
    # two 1s share the first two places: 0.25 or 0.75 each, by the side
    Case(T, "lower_quartile", "x=[1,1,4,2]", "float64", "domain", _values("x", [NAN, NAN, 0, 0])),
    Case(T, "median_score", "x=[1,3,2,4]", "float64", "ok", _values("x", [0, 0, 2, 0])),
    Case(T, "median_score", "x=[1,2,2,4]", "float64", "domain", _values("x", [0, NAN, NAN, 0])),
    # -p log p: its slope -log p - 1 is +inf at 0, and entr is -inf left of 0
    Case(T, "entropy_entr", "p=[0,0.5]", "float64", "domain", _entr([0, 0.5])),
    Case(T, "entropy_entr", "p=[1e-300,0.5]", "float64", "ok", _entr([1e-300, 0.5])),
    Case(T, "xlog1py_sum", "x=[0,2],y=[3,1e-20]", "float64", "ok",
         hp(lambda: {"x": [mpmath.log(4), mpmath.log1p(_f(1e-20))], "y": [mp(0), 2 / (1 + _f(1e-20))]})),
    Case(T, "hurwitz_tail", "q=[0.5,3]", "float64", "ok", _each("q", lambda q: -2 * mpmath.zeta(3, q), [0.5, 3])),
    Case(T, "gammainc_x", "x=[1e-300,3]", "float64", "ok", _gammainc([1e-300, 3])),
    # PyTorch gives these two no derivative (their outputs need no grad): the polynomial part alone survives
    Case(T, "sph_energy", "x=[0.5,2]", "float64", "wrong", _sph([0.5, 2]), "spherical_bessel_j0(x)"),
    Case(T, "hermite_energy", "x=[0.5,2]", "float64", "wrong", _each("x", lambda x: 24 * x * x - 11, [0.5, 2]),
         "hermite_polynomial_h(x, 3)"),
    Case(T, "phase_wrap", "x=[2.5,-0.25]", "float64", "ok", _values("x", [1, 1])),
    Case(T, "phase_wrap", "x=[2,0.5]", "float64", "domain", _values("x", [NAN, 1])),
    # x0 + x0 x1 + x0 x1 x2 + x0 x1 x2 x3 through two zeros
    Case(T, "cumprod_sum", "x=[2,0,3,0]", "float64", "ok", _values("x", [1, 8, 0, 0])),
    Case(T, "multinomial_logp", "z=[800,0,-800]", "float64", "ok", _multinomial([800, 0, -800])),
    Case(T, "geometric_logp", "p=[1e-300,0.5]", "float64", "ok", _geometric([1e-300, 0.5])),
    # digamma(r + 5) - digamma(r) = 5e-10 from two numbers near 23: ten digits cancel
    Case(T, "negbin_dispersion", "r=[1e10]", "float64", "unstable", _negbin([1e10])),
    Case(T, "negbin_dispersion", "r=[2.5]", "float64", "ok", _negbin([2.5])),
    # the variance is clamped to 1e-6 in place under no_grad: the loss is constant in var[0] there, PyTorch's
    # gradient is the unclamped formula's (-1.25e11)
    Case(T, "gaussian_nll", "var=[1e-8,0.5]", "float64", "wrong", _gaussian_nll([1e-8, 0.5]),
         "return F.gaussian_nll_loss(mu, target, var"),
    Case(T, "gaussian_nll", "var=[0.5,0.5]", "float64", "ok", _gaussian_nll([0.5, 0.5])),
    Case(T, "attention_masked_row", "q=[[0.5,-1],[1,2]]", "float64", "ok",
         num_grad(_attention, q=[[0.5, -1.0], [1.0, 2.0]])),
    Case(T, "patch_energy", "x=[[[[1,2,0],[-1,0.5,3],[2,-2,1]]]]", "float64", "ok", _patches()),
    Case(T, "sample_at", "g=[0.5,0.25]", "float64", "ok", _values("g", [2, -1])),
    # on the grid line x = 1: slope -3.375 from the left cell, 2 from the right
    Case(T, "sample_at", "g=[0,0.25]", "float64", "domain", _values("g", [NAN, 3])),
    # pivot 3, multiplier 1/3 rounded: the second pivot 3.7e-16 is 5% off
    Case(T, "inv_trace", "a=[[3,1],[1,0.3333333333333337]]", "float64", "unstable",
         _inv_trace([[3, 1], [1, 0.3333333333333337]])),
    Case(T, "inv_trace", "a=[[2,1],[1,3]]", "float64", "ok", _inv_trace([[2, 1], [1, 3]])),
    Case(T, "inf_norm", "x=[3,-3,1]", "float64", "domain", _values("x", [NAN, NAN, 0])),
    Case(T, "inf_norm", "x=[3,-2,1]", "float64", "ok", _values("x", [1, 0, 0])),
    # the second singular value is |a22| along a22: a cone; a12 and a21 leave sqrt(1 + t^2)
    Case(T, "nuclear", "a=[[1,0],[0,0]]", "float64", "domain", _values("a", [[1, 0], [0, NAN]])),
    Case(T, "nuclear", "a=[[2,1],[0,1]]", "float64", "ok", num_grad(lambda a: _nuclear([a[0], a[1]]),
                                                                     a=[[2.0, 1.0], [0.0, 1.0]])),
    Case(T, "flow_logdet", "x=[0.3,-0.7]", "float64", "ok", num_grad(_flow_logdet, x=[0.3, -0.7])),
    Case(T, "grad_penalty", "x=[0.5,-1]", "float64", "ok", _penalty([0.5, -1])),
    # tanh(20) rounds to 1: 1 - t^2 is 0 where it is 1.7e-17
    Case(T, "grad_penalty", "x=[20,-1]", "float64", "unstable", _penalty([20, -1])),
    Case(T, "per_example_penalty", "w=[0.3,-0.2]", "float64", "ok", num_grad(_per_example, w=[0.3, -0.2])),
    # the backward forgets the clamp: e^30 where the function is flat
    Case(T, "clamped_exp_sum", "x=[1,30]", "float64", "wrong", hp(lambda: {"x": [mpmath.e, mp(0)]}),
         "class ClampedExp>>def backward"),
    Case(T, "clamped_exp_sum", "x=[1,2]", "float64", "ok", _each("x", mpmath.exp, [1, 2])),
    Case(T, "sin_only", "x=[0.5,2]", "float64", "ok", _each("x", lambda x: mpmath.sin(2 * x), [0.5, 2])),
    Case(T, "phase_energy", "x=[0.5,2]", "float64", "wrong",
         _each("x", lambda x: mpmath.cos(x) - 2 * mpmath.sin(x), [0.5, 2]), "class SinCosSwapped>>def backward"),
    # the hook clips the gradient reaching h = 3x: 2 h = 12 becomes 1
    Case(T, "hooked_energy", "x=[0.1,2]", "float64", "wrong", _each("x", lambda x: 18 * x, [0.1, 2]),
         "h.register_hook"),
    Case(T, "hooked_energy", "x=[0.1,0.05]", "float64", "ok", _each("x", lambda x: 18 * x, [0.1, 0.05])),
    # a value the user's code computes under set_grad_enabled(False) is a constant, for PyTorch and by definition
    Case(T, "detached_log_softmax0", "x=[1,2,0.5]", "float64", "ok", _values("x", [1, 0, 0])),
    Case(T, "log_softmax_upcast", "x=[0,-120]", "float32", "ok", _log_softmax_slope([0, -120], "float32")),
    # 1 + erf(-7.07) is 0: Phi(-10) = 7.6e-24 is lost from the slope; erfc(-u) keeps it
    Case(T, "erf_gelu", "x=[-10,0.5]", "float64", "unstable", _each("x", _gelu, [-10, 0.5]), fix="torch.erfc"),
]


def _tf_gelu(x):
    """d/dx x erfc(-c x) / 2 with TensorFlow's c: 1/sqrt 2 as a float32 (its cast of a Python float goes through
    float32, in a float64 graph too): erfc(-c x) / 2 + c x exp(-c^2 x^2) / sqrt(pi)."""
    c = _f32(0.7071067811865476)
    return mpmath.erfc(-c * x) / 2 + c * x * mpmath.exp(-c * c * x * x) / mpmath.sqrt(mpmath.pi)


def _probit(ps):
    """d/dp sqrt 2 erfinv(2p - 1) = sqrt(2 pi) exp(erfinv(2p - 1)^2), at 80 digits (erfinv by root finding)."""
    def truth():
        with mpmath.workdps(80):
            return {"p": [+(mpmath.sqrt(2 * mpmath.pi) * mpmath.exp(mpmath.erfinv(2 * p - 1) ** 2))
                          for p in _in("float64", ps)]}
    return hp(truth)


def _gce(probs, labels=(0, 2)):
    """d/dp (1 - p^q)/q = -p^(q - 1) for each row's labelled class, q = 0.7 as float64 holds it."""
    q = _f(0.7)
    rows = [_in("float64", row) for row in probs]
    return hp(lambda: {"probs": [[(NAN if row[c] == 0 else -row[c] ** (q - 1)) if c == label else mp(0)
                                  for c in range(3)] for row, label in zip(rows, labels)]})


def _dice(pred):
    t = [1, 0, 1, 0]
    return 1 - 2 * sum(a * b for a, b in zip(t, pred)) / (sum(t) + sum(pred) + _f(1e-7))


def _weighted_var(xs):
    w = [mp(1), mp(2), mp(0), mp(1)]
    def truth():
        x = _in("float64", xs)
        m = sum(a * b for a, b in zip(w, x)) / sum(w)
        return {"x": [2 * a * (b - m) / sum(w) for a, b in zip(w, x)]}
    return hp(truth)


def _tridiag(d):
    m = mpmath.matrix([[d[0], -1, 0], [-1, d[1], -1], [0, -1, d[2]]])
    u = mpmath.lu_solve(m, mpmath.matrix([1, 0, 2]))
    return sum(v ** 2 for v in u)


def _residual(a):
    """|b - A (A^T A)^-1 A^T b|^2."""
    m = mpmath.matrix(a)
    b = mpmath.matrix([1, 2, mp("0.5")])
    x = mpmath.lu_solve(m.T * m, m.T * b)
    r = b - m * x
    return sum(v ** 2 for v in r)


TF = [
    # maximum's rule gives the tie's whole gradient to x, abs' slope at 0 is 0: [1, 0] for the smooth [1/2, 1/2]
    Case(K, "keras_logaddexp", "x=[2,800],y=[2,-800]", "float64", "wrong", _lae([2, 800], [2, -800])),
    Case(K, "keras_logaddexp", "x=[2,80],y=[2,-80]", "float32", "wrong", _lae([2, 80], [2, -80], "float32")),
    Case(K, "keras_logaddexp", "x=[1,800],y=[2,-800]", "float64", "ok", _lae([1, 800], [2, -800])),
    # tnp.logaddexp2 is amax + log1p(exp2(-|x - y|)) / np.log(2), its ln 2 the double 0.6931471805599453: at the tie
    # the program's sides are 1 - c/2 and c/2 with c = ln 2 / that double, 3.3e-17 apart, a kink of the function the
    # program computes (the house's reading since 64c's winsorised sum): x[0] and y[0] have no derivative
    Case(K, "tnp_logaddexp2", "x=[3,1100],y=[3,-1100]", "float64", "domain", _lae2_at_tie([3, 1100], [3, -1100])),
    Case(K, "tnp_logaddexp2", "x=[1,1100],y=[3,-1100]", "float64", "ok", _lae2([1, 1100], [3, -1100])),
    # erfc's form: at -38 the slope is a subnormal -4.2e-313, which TensorFlow's CPU kernels flush to 0
    Case(K, "gelu_exact_sum", "x=[-10,-38,1.5]", "float64", "ok", _each("x", _tf_gelu, [-10, -38, 1.5])),
    # 1 + erf(-7.07) is 0: Phi(-10) = 7.6e-24 is lost from the slope -7.6e-22
    Case(K, "naive_gelu", "x=[-10]", "float64", "unstable", _each("x", _gelu, [-10])),
    Case(K, "naive_gelu", "x=[0.5]", "float64", "ok", _each("x", _gelu, [0.5])),
    # 2p - 1 at p = 1e-13 rounds away 3e-4 of the distance to -1
    Case(K, "probit", "p=[1e-13]", "float64", "unstable", _probit([1e-13])),
    Case(K, "probit", "p=[0.3]", "float64", "ok", _probit([0.3])),
    # Keras' epsilon 1e-7 is a library's constant: the number written, not its float32 rounding
    Case(K, "mape_loss", "pred=[0.5,1]", "float32", "ok", hp(lambda: {"pred": [50 / mp("1e-7"), mp(-25)]})),
    Case(K, "mape_loss", "pred=[0.5,2]", "float32", "domain", hp(lambda: {"pred": [50 / mp("1e-7"), NAN]})),
    Case(K, "gce_loss", "probs=[[0.2,0.3,0.5],[0.1,0.6,0.3]]", "float64", "ok",
         _gce([[0.2, 0.3, 0.5], [0.1, 0.6, 0.3]])),
    # p^0.7 at p = 0: an infinite slope from the right, NaN to the left
    Case(K, "gce_loss", "probs=[[0,0.5,0.5],[0.1,0.6,0.3]]", "float64", "wrong",
         _gce([[0, 0.5, 0.5], [0.1, 0.6, 0.3]])),
    Case(K, "dice_loss", "pred=[0.9,0.1,0.8,0]", "float64", "ok", num_grad(_dice, pred=[0.9, 0.1, 0.8, 0.0])),
    Case(K, "weighted_var", "x=[1,2,5,4]", "float64", "ok", _weighted_var([1, 2, 5, 4])),
    # the zero-weighted outlier's squared deviation overflows: 0 * inf is NaN where the variance is 0
    Case(K, "weighted_var", "x=[1,1,1e300,1]", "float64", "unstable", _values("x", [0, 0, 0, 0])),
    # relu(x)^2 + relu(-x)^2 = x^2: smooth at 0
    Case(K, "crelu_energy", "x=[0,2,-1.5]", "float64", "ok", _values("x", [0, 4, -3])),
    Case(K, "wrapped_angle", "x=[2.5,-0.25]", "float64", "ok", _values("x", [1, 1])),
    Case(K, "wrapped_angle", "x=[2,0.5]", "float64", "domain", _values("x", [NAN, 1])),
    # TensorFlow's rule for xdivy takes xdivy(x != 0, y): slope 0 in x at x = 0, where x / y has slope 1/3
    Case(K, "xdivy_sum", "x=[0,2],y=[3,4]", "float64", "wrong",
         hp(lambda: {"x": [mp(1) / 3, mp(1) / 4], "y": [mp(0), mp(-1) / 8]})),
    Case(K, "cox_nll_tf", "s=[800,0,-800,1]", "float64", "unstable", num_grad(_cox, s=[800.0, 0.0, -800.0, 1.0])),
    Case(K, "cox_nll_tf", "s=[0.5,-1,2,0]", "float64", "ok", num_grad(_cox, s=[0.5, -1.0, 2.0, 0.0])),
    Case(K, "cox_nll_tf", "s=[100,0,-100,1]", "float32", "unstable",
         num_grad(_cox, "float32", s=[100.0, 0.0, -100.0, 1.0])),
    # an all-zero segment's ratio (2 w2 + 5 w3) / (w2 + w3) has no limit at 0
    Case(K, "segment_weighted_mean", "w=[1,1,0,0]", "float64", "domain", _values("w", ["-0.5", "0.5", NAN, NAN])),
    Case(K, "segment_weighted_mean", "w=[1,1,1,3]", "float64", "ok",
         _values("w", ["-0.5", "0.5", "-0.5625", "0.1875"])),
    Case(K, "bilinear", "x=[1,-2]", "float64", "ok", _values("x", [5, "-12.5"])),
    Case(K, "tridiag_energy", "d=[2,2,2]", "float64", "ok", num_grad(_tridiag, d=[2.0, 2.0, 2.0])),
    Case(K, "ls_residual", "a=[[1,0],[1,1],[1,2]]", "float64", "ok",
         num_grad(_residual, a=[[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]])),
    Case(K, "nuclear_tf", "a=[[1,0],[0,0]]", "float64", "domain", _values("a", [[1, 0], [0, NAN]])),
    Case(K, "nuclear_tf", "a=[[2,1],[0,1]]", "float64", "ok",
         num_grad(lambda a: _nuclear([a[0], a[1]]), a=[[2.0, 1.0], [0.0, 1.0]])),
]

INPUT_ERRORS = []

ALL = TORCH + TF + INPUT_ERRORS
