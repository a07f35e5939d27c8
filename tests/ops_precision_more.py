"""The rest of the op-by-op oracle (`ops_precision_table` has the elementwise, vector and linear rows):
2x2 matrices, gradcli.scipy's functions of one variable with their other arguments fixed, and compositions
written the way libraries write them. The same conventions: each oracle returns (value, partials) from closed
forms on mpmath numbers and raises `Undefined` where the mathematics has no derivative.
"""

from __future__ import annotations

import mpmath
import numpy as np

import gradcli.numpy as gnp
import gradcli.scipy.linalg as gsl
import gradcli.scipy.special as gsp
import gradcli.scipy.stats as gst
from ops_precision_table import (  # noqa: F401 - the table's helpers and its Row
    NEAR_ONE, _binary_row, _cross_entropy, _dot_weights, _erfcinv_root, _inside, _log_ncdf, _nonzero, _sigmoid, _sigmoid_slope, _softmax_w, _softplus, _unary_row, _vector_row, Row, Undefined,
)
from ops_precision_table import rows as first_rows
import ops_precision_rest as rest

mp = mpmath


# -- matrix ops: a function of one 2x2 matrix (a matrix result summed against fixed weights) -------------

MATRICES = [
    [[2.0, 0.5], [0.5, 1.0]], [[1e300, 1.0], [1.0, 1e-300]], [[1.0, NEAR_ONE[1]], [1.0, 1.0]],
    [[800.0, -800.0], [5e-324, 1e-310]], [[1e5, -1e5], [0.5, 2.0]], [[1e-30, 2e-30], [-3e-30, 1e-30]],
    [[3.0, 1.0], [1.0, 3.0]], [[-800.0, 1.0], [2.0, 1e-300]],
]
W2 = np.array([[1.0, -2.0], [3.0, 0.5]])


def _m(a):
    return mp.matrix([[a[0][0], a[0][1]], [a[1][0], a[1][1]]])


def _entries(m):
    return [[m[0, 0], m[0, 1]], [m[1, 0], m[1, 1]]]


def _inverse(a):
    det = a[0][0] * a[1][1] - a[0][1] * a[1][0]
    _nonzero(det)
    return det, mp.matrix([[a[1][1], -a[0][1]], [-a[1][0], a[0][0]]]) / det


def _det(a):
    det, inv = _inverse(a)
    return det, _entries(det * inv.T)


def _logabsdet(a):
    det, inv = _inverse(a)
    return mp.log(abs(det)), _entries(inv.T)


def _inv_w(a):
    _, inv = _inverse(a)
    w = _m(W2.tolist())
    value = mp.fsum(w[i, j] * inv[i, j] for i in range(2) for j in range(2))
    return value, _entries(-(inv.T * w * inv.T))


def _cube_w(a):
    # <W, A^3>: d/dA is W (A^2)^T + A^T W A^T + (A^2)^T W, one term per place dA takes in A A A.
    m, w = _m(a), _m(W2.tolist())
    square = m * m
    value = mp.fsum(w[i, j] * (square * m)[i, j] for i in range(2) for j in range(2))
    return value, _entries(w * square.T + m.T * w * m.T + square.T * w)


def _pinv_w(a):
    # pinv zeroes the singular values below rcond = 1e-15 times the largest: near that cut it is no inverse.
    sigma = mp.svd_r(_m(a), compute_uv=False)
    if min(sigma[0], sigma[1]) <= 1e-14 * max(sigma[0], sigma[1]):
        raise Undefined("pinv's cut-off of small singular values")
    return _inv_w(a)


def _fro(a):
    n = mp.sqrt(mp.fsum(x * x for row in a for x in row))
    _nonzero(n)
    return n, [[x / n for x in row] for row in a]


def _singular_w(a):
    # Singular values from the symmetric 2x2 A^T A in closed form; d sigma_i / dA = u_i v_i^T.
    u, sigma, vt = mp.svd_r(_m(a))
    if abs(sigma[0] - sigma[1]) == 0 or min(sigma[0], sigma[1]) == 0:
        raise Undefined("a repeated or zero singular value")
    weights = (1, -2)
    # The values in closed form, sigma1^2 = (S + sqrt(S^2 - 4 D^2)) / 2 and sigma2 = |D| / sigma1 (S the sum of
    # squares, D the determinant): exact where they are ([[3, 1], [1, 3]]: 4 and 2, whose weighted sum is 0, not
    # svd_r's -9e-2001).
    squares = mp.fsum(x * x for row in a for x in row)
    det = a[0][0] * a[1][1] - a[0][1] * a[1][0]
    largest = mp.sqrt((squares + mp.sqrt(squares * squares - 4 * det * det)) / 2)
    closed = (largest, abs(det) / largest)
    value = mp.fsum(w * closed[k] for k, w in enumerate(weights))
    grad = [[mp.fsum(w * u[i, k] * vt[k, j] for k, w in enumerate(weights)) for j in range(2)] for i in range(2)]
    return value, grad


def _solve_w(a):
    # x = A^-1 b for b = [1, -2]: value w . x with w = [3, 0.5]; d/dA = -(A^-T w) x^T.
    _, inv = _inverse(a)
    b, w = mp.matrix([1, -2]), mp.matrix([3, 0.5])
    x = inv * b
    y = inv.T * w
    return mp.fsum(w[i] * x[i] for i in range(2)), [[-y[i] * x[j] for j in range(2)] for i in range(2)]


def _matrix_row(name, op, oracle):
    def function(a):
        return op(a)

    function.__name__ = name.replace(".", "_")

    def flat_oracle(a):
        rows_ = [a[0:2], a[2:4]]
        value, grad = oracle(rows_)
        return value, [[g for row in grad for g in row]]

    def on_flat(a):
        return function(gnp.reshape(a, (2, 2)))

    on_flat.__name__ = function.__name__
    return Row(name, on_flat, flat_oracle, [(np.array(m).ravel(),) for m in MATRICES], "matrix")


MATRIX = {
    "linalg.det": (gnp.linalg.det, _det),
    "linalg.slogdet": (lambda a: gnp.linalg.slogdet(a)[1], _logabsdet),
    "linalg.inv": (lambda a: gnp.sum(gnp.linalg.inv(a) * W2), _inv_w),
    "linalg.pinv": (lambda a: gnp.sum(gnp.linalg.pinv(a) * W2), _pinv_w),
    "linalg.matrix_power": (lambda a: gnp.sum(gnp.linalg.matrix_power(a, 3) * W2), _cube_w),
    "linalg.solve": (lambda a: gnp.dot(np.array([3.0, 0.5]), gnp.linalg.solve(a, np.array([1.0, -2.0]))), _solve_w),
    "linalg.norm(fro)": (gnp.linalg.norm, _fro),
    "linalg.svd": (lambda a: gnp.dot(np.array([1.0, -2.0]), gnp.linalg.svd(a, compute_uv=False)), _singular_w),
    "scipy.linalg.det": (lambda a: gsl.det(a), _det),
    "scipy.linalg.inv": (lambda a: gnp.sum(gsl.inv(a) * W2), _inv_w),
    "scipy.linalg.solve": (lambda a: gnp.dot(np.array([3.0, 0.5]), gsl.solve(a, np.array([1.0, -2.0]))), _solve_w),
}


# -- compositions the way libraries write them (the examples, and what a float64 stand-in inside
# one op breaks: 1 + tanh(u) at u = -24 is 2e^-48, which -1.0 from a rounded tanh makes 0) -------------

GELU_C = 0.7978845608028654  # sqrt(2/pi) as a float64: the constant the program holds
GELU_K = 0.044715


def _gelu(x):
    u = mp.mpf(GELU_C) * (x + mp.mpf(GELU_K) * x**3)
    e = mp.exp(-2 * abs(u))
    one_plus_tanh = 2 / (1 + e) if u >= 0 else 2 * e / (1 + e)
    sech2 = 4 * e / (1 + e) ** 2
    slope = one_plus_tanh / 2 + x / 2 * sech2 * mp.mpf(GELU_C) * (1 + 3 * mp.mpf(GELU_K) * x * x)
    return x * one_plus_tanh / 2, slope


def _logistic_density(x):
    e = mp.exp(-abs(_nonzero(x)))
    return e / (1 + e) ** 2, -mp.sign(x) * e * (1 - e) / (1 + e) ** 3


def _ratio_root(a, b):
    # sqrt(|(a^2 - b^2) / a^2|) = sqrt(|1 - (b/a)^2|)
    r = 1 - (b / _nonzero(a)) ** 2
    f = mp.sqrt(abs(_nonzero(r)))
    return f, [mp.sign(r) * (b * b / a**3) / f, -mp.sign(r) * (b / (a * a)) / f]


def _cosine(v):
    # v against the fixed y = [1, 1, 1]: dot / (|v| |y|); d/dv = (y |v|^2 - v (v.y)) / (|v|^3 |y|)
    n2 = mp.fsum(x * x for x in v)
    _nonzero(n2)
    dot = mp.fsum(v)
    ny = mp.sqrt(3)
    value = dot / (mp.sqrt(n2) * ny)
    grad = [mp.fsum((x_i * x_i if i != j else 0) for i, x_i in enumerate(v)) - v[j] * mp.fsum(x for i, x in enumerate(v) if i != j)
            for j in range(len(v))]
    return value, [g / (n2 * mp.sqrt(n2) * ny) for g in grad]


COMPOSED_SCALAR = {
    "gelu (tanh form)": (lambda x: 0.5 * x * (1 + gnp.tanh(GELU_C * (x + GELU_K * x**3))), _gelu),
    "logistic density": (lambda x: gnp.exp(-gnp.abs(x)) / (1 + gnp.exp(-gnp.abs(x))) ** 2, _logistic_density),
    "softplus by log1p(exp)": (lambda x: gnp.log1p(gnp.exp(x)), lambda x: (_softplus(x), _sigmoid(x))),
    "sigmoid by 1/(1+exp(-x))": (lambda x: 1 / (1 + gnp.exp(-x)), lambda x: (_sigmoid(x), _sigmoid_slope(x))),
}
COMPOSED_VECTOR = {
    "cross-entropy from logits": (lambda v: v[0] - gnp.logsumexp(v), _cross_entropy),
    "cosine similarity": (lambda v: gnp.dot(v, np.ones(3)) / (gnp.linalg.norm(v) * gnp.linalg.norm(np.ones(3))), _cosine),
    "softmax by exp/sum": (lambda v: _dot_weights(gnp.exp(v - gnp.max(v)) / gnp.sum(gnp.exp(v - gnp.max(v)))),
                           _softmax_w),
}


def _composed_rows():
    out = [_unary_row(name, op, oracle) for name, (op, oracle) in COMPOSED_SCALAR.items()]
    for row in out:
        row.kind = "composed"
    ratio = _binary_row("sqrt(abs((a*a - b*b)/(a*a)))", lambda a, b: gnp.sqrt(gnp.abs((a * a - b * b) / (a * a))),
                        _ratio_root)
    ratio.kind = "composed"
    vectors = [_vector_row(name, op, oracle) for name, (op, oracle) in COMPOSED_VECTOR.items()]
    for row in vectors:
        row.kind = "composed"
    return out + [ratio] + vectors


# -- more of the catalogue: ops of one variable with their other arguments fixed --------------------------

def _norm_pdf(x):
    return mp.npdf(x), -x * mp.npdf(x)


def _t_pdf(nu):
    def density(x):
        c = mp.gamma((nu + 1) / 2) / (mp.sqrt(nu * mp.pi) * mp.gamma(nu / 2))
        value = c * (1 + x * x / nu) ** (-(nu + 1) / 2)
        return value, value * (-(nu + 1) * x / (nu + x * x))

    return density


def _t_cdf(nu):
    def cdf(x):
        # 1 - I_{nu/(nu+x^2)}(nu/2, 1/2)/2 for x > 0, by the regularized incomplete beta
        half = mp.betainc(nu / 2, mp.mpf(1) / 2, 0, nu / (nu + x * x), regularized=True) / 2
        return (1 - half if x > 0 else half), _t_pdf(nu)(x)[0]

    cdf.upper_tail = lambda x: mp.betainc(nu / 2, mp.mpf(1) / 2, 0, nu / (nu + x * x), regularized=True) / 2

    return cdf


def _gamma_pdf(a):
    def density(x):
        _inside(x, 0, mp.inf)
        value = mp.exp((a - 1) * mp.log(x) - x - mp.loggamma(a))
        return value, value * ((a - 1) / x - 1)

    return density


def _log_of(density):
    def log_density(x):
        value, slope = density(x)
        _nonzero(value)
        tail = getattr(density, "upper_tail", None)  # a cdf near 1: log1p of minus the other tail keeps its digits
        return (mp.log1p(-tail(x)) if tail is not None and value > 0.5 else mp.log(value)), slope / value

    return log_density


def _gammainc(a):
    def cdf(x):
        return (mp.gammainc(a, 0, _inside(x, 0, mp.inf), regularized=True),
                mp.exp((a - 1) * mp.log(x) - x - mp.loggamma(a)))

    cdf.upper_tail = lambda x: mp.gammainc(a, x, mp.inf, regularized=True)
    return cdf


def _gammaincc(a):
    return lambda x: (mp.gammainc(a, _inside(x, 0, mp.inf), mp.inf, regularized=True),
                      -mp.exp((a - 1) * mp.log(x) - x - mp.loggamma(a)))


def _bessel(kind, n):
    fun = {"j": mp.besselj, "y": mp.bessely, "i": mp.besseli}[kind]

    def oracle(x):
        if kind == "y":
            _inside(x, 0, mp.inf)
        return fun(n, x), (fun(n - 1, x) - fun(n + 1, x)) / 2 if kind != "i" else (fun(n - 1, x) + fun(n + 1, x)) / 2

    return oracle


def _scaled_i(n):
    def oracle(x):
        _nonzero(x)
        e = mp.exp(-abs(x))
        return e * mp.besseli(n, x), e * ((mp.besseli(n - 1, x) + mp.besseli(n + 1, x)) / 2 - mp.sign(x) * mp.besseli(n, x))

    return oracle


def _erfcinv(y):
    _inside(y, 0, 2)
    x = _erfcinv_value(y)
    return x, -mp.sqrt(mp.pi) / 2 * mp.exp(x * x)


def _erfcinv_value(y):
    # erfinv(1 - y) where 1 - y keeps its digits; Newton on log erfc in the tails (erfcinv(2 - y) = -erfcinv(y))
    return mp.erfinv(1 - y) if 0.5 < y < 1.5 else (_erfcinv_root(y) if y <= 0.5 else -_erfcinv_root(2 - y))


def _beta_in_x(b):
    return lambda x: (mp.beta(_inside(x, 0, mp.inf), b), mp.beta(x, b) * (mp.digamma(x) - mp.digamma(x + b)))


def _betaln_in_x(b):
    return lambda x: (mp.log(mp.beta(_inside(x, 0, mp.inf), b)), mp.digamma(x) - mp.digamma(x + b))


def _stdtr(df):
    return lambda t: _t_cdf(mp.mpf(df))(t)


def _multigammaln(d):
    def oracle(a):
        _inside(a, (d - 1) / mp.mpf(2), mp.inf)
        value = d * (d - 1) / mp.mpf(4) * mp.log(mp.pi) + mp.fsum(mp.loggamma(a - mp.mpf(j) / 2) for j in range(d))
        return value, mp.fsum(mp.digamma(a - mp.mpf(j) / 2) for j in range(d))

    return oracle


OTHER_UNARY = {
    "angle": (gnp.angle, lambda x: (mp.mpf(0) if _nonzero(x) > 0 else +mp.pi, mp.mpf(0))),
    "imag": (gnp.imag, lambda x: (mp.mpf(0), mp.mpf(0))),
    "scipy.special.erfcinv": (gsp.erfcinv, _erfcinv),
    "scipy.special.i1e": (gsp.i1e, _scaled_i(1)),
    "scipy.special.y0": (gsp.y0, _bessel("y", 0)),
    "scipy.special.y1": (gsp.y1, _bessel("y", 1)),
    "scipy.special.jn(2, x)": (lambda x: gsp.jn(2, x), _bessel("j", 2)),
    "scipy.special.yn(2, x)": (lambda x: gsp.yn(2, x), _bessel("y", 2)),
    "scipy.special.iv(2, x)": (lambda x: gsp.iv(2.0, x), _bessel("i", 2)),
    "scipy.special.ive(2, x)": (lambda x: gsp.ive(2.0, x), _scaled_i(2)),
    "scipy.special.gammainc(2.5, x)": (lambda x: gsp.gammainc(2.5, x), _gammainc(mp.mpf(2.5))),
    "scipy.special.gammaincc(2.5, x)": (lambda x: gsp.gammaincc(2.5, x), _gammaincc(mp.mpf(2.5))),
    "scipy.special.beta(x, 2.5)": (lambda x: gsp.beta(x, 2.5), _beta_in_x(mp.mpf(2.5))),
    "scipy.special.betaln(x, 2.5)": (lambda x: gsp.betaln(x, 2.5), _betaln_in_x(mp.mpf(2.5))),
    "scipy.special.stdtr(3, t)": (lambda t: gsp.stdtr(3.0, t), _stdtr(3)),
    "scipy.special.multigammaln(a, 3)": (lambda a: gsp.multigammaln(a, 3), _multigammaln(3)),
    "scipy.special.zeta(2.5, q)": (lambda q: gsp.zeta(2.5, q), lambda q: (mp.zeta(2.5, _inside(q, 0, mp.inf)),
                                                                          -mp.mpf(2.5) * mp.zeta(3.5, q))),
    "scipy.special.exp1": (gsp.exp1, lambda x: (mp.e1(_inside(x, 0, mp.inf)), -mp.exp(-x) / x)),
    "scipy.special.expi": (gsp.expi, lambda x: (mp.ei(_nonzero(x)), mp.exp(x) / x)),
    "scipy.special.expn(3, x)": (lambda x: gsp.expn(3, x), lambda x: (mp.expint(3, _inside(x, 0, mp.inf)),
                                                                      -mp.expint(2, x))),
    "scipy.stats.norm.pdf": (lambda x: gst.norm.pdf(x), _norm_pdf),
    "scipy.stats.norm.logpdf": (lambda x: gst.norm.logpdf(x), lambda x: (-x * x / 2 - mp.log(2 * mp.pi) / 2, -x)),
    "scipy.stats.norm.cdf": (lambda x: gst.norm.cdf(x), lambda x: (mp.ncdf(x), mp.npdf(x))),
    "scipy.stats.norm.sf": (lambda x: gst.norm.sf(x), lambda x: (mp.ncdf(-x), -mp.npdf(x))),
    "scipy.stats.norm.logcdf": (lambda x: gst.norm.logcdf(x), lambda x: (_log_ncdf(x), mp.npdf(x) / mp.ncdf(x))),
    "scipy.stats.norm.logsf": (lambda x: gst.norm.logsf(x), lambda x: (_log_ncdf(-x), -mp.npdf(x) / mp.ncdf(-x))),
    "scipy.stats.t.pdf(x, 3)": (lambda x: gst.t.pdf(x, 3.0), _t_pdf(mp.mpf(3))),
    "scipy.stats.t.logpdf(x, 3)": (lambda x: gst.t.logpdf(x, 3.0), _log_of(_t_pdf(mp.mpf(3)))),
    "scipy.stats.t.cdf(x, 3)": (lambda x: gst.t.cdf(x, 3.0), _t_cdf(mp.mpf(3))),
    "scipy.stats.t.logcdf(x, 3)": (lambda x: gst.t.logcdf(x, 3.0), _log_of(_t_cdf(mp.mpf(3)))),
    "scipy.stats.gamma.pdf(x, 2.5)": (lambda x: gst.gamma.pdf(x, 2.5), _gamma_pdf(mp.mpf(2.5))),
    "scipy.stats.gamma.logpdf(x, 2.5)": (lambda x: gst.gamma.logpdf(x, 2.5), _log_of(_gamma_pdf(mp.mpf(2.5)))),
    "scipy.stats.gamma.cdf(x, 2.5)": (lambda x: gst.gamma.cdf(x, 2.5), _gammainc(mp.mpf(2.5))),
    "scipy.stats.gamma.logcdf(x, 2.5)": (lambda x: gst.gamma.logcdf(x, 2.5), _log_of(_gammainc(mp.mpf(2.5)))),
    "scipy.stats.chi2.pdf(x, 5)": (lambda x: gst.chi2.pdf(x, 5.0), lambda x: _scaled_by_half(_gamma_pdf(mp.mpf(2.5)), x)),
    "scipy.stats.chi2.cdf(x, 5)": (lambda x: gst.chi2.cdf(x, 5.0), lambda x: (lambda v, d: (v, d / 2))(*_gammainc(mp.mpf(2.5))(x / 2))),
}


def _scaled_by_half(density, x):
    value, slope = density(x / 2)
    return value / 2, slope / 4


def rows():
    """Every row of the audit, in a stable order."""
    out = first_rows()
    out += [_matrix_row(name, op, oracle) for name, (op, oracle) in MATRIX.items()]
    out += [_unary_row(name, op, oracle) for name, (op, oracle) in OTHER_UNARY.items()]
    return out + _composed_rows() + rest.rows()
