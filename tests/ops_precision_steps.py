"""The op-by-op oracle's rows for NumPy's step and sequence functions, least squares, and SciPy's robust losses,
Box-Cox transforms, von Mises, Cauchy and logistic distributions, binomial coefficients, and robust statistics
(trimmed means, iqr, MAD).

Conventions as in `ops_precision_table`: each oracle gives (value, partials) from closed forms on mpmath numbers
(never differences, never gradcli's rules) and raises `Undefined` where the mathematics has no derivative (a step's
jump, a magnitude's kink, the edge of a parameter's range). Judged point by point by
``python tests/test_ops_precision.py --only NAME``; `tests/test_numpy_scipy_functions.py` judges each row at one
ordinary point on both paths.
"""

from __future__ import annotations

from fractions import Fraction

import mpmath
import numpy as np

import gradcli.numpy as gnp
from gradcli.capture import numpy_writes
import gradcli.scipy.special as gsp
import gradcli.scipy.stats as gst
from ops_precision_table import (  # noqa: F401 - the table's helpers and its Row
    PAIRS, SCALARS, VECTORS, WEIGHTS, Row, Undefined, _binary_row, _dot_weights, _inside, _linear_row, _nonzero, _power,
    _unary_row, _vector_row,
)

mp = mpmath
ORACLE_DIGITS = 2000  # test_ops_precision's: no oracle here works beyond it
_C = np.array([0.5, -1.0, 2.0])


def _sign(x):
    return mp.mpf(1) if x > 0 else mp.mpf(-1)


# -- NumPy's step functions and powers ----------------------------------------------------------------------

def _heaviside(x):
    _nonzero(x)  # the jump
    return (mp.mpf(1) if x > 0 else mp.mpf(0)), mp.mpf(0)


def _copysign(x, y):
    _nonzero(x)  # the magnitude's kink
    _nonzero(y)  # the sign's jump
    return abs(x) * _sign(y), [_sign(x) * _sign(y), mp.mpf(0)]


def _fmod(x, y):
    """x - y trunc(x / y): a jump at each multiple of y but 0 (where fmod is x itself)."""
    quotient = x / _nonzero(y)
    whole = mp.floor(quotient) if quotient > 0 else mp.ceil(quotient)
    if quotient != 0 and whole == quotient:
        raise Undefined("a jump at a multiple of y")
    return x - y * whole, [mp.mpf(1), -whole]


def _modf_fraction(x):
    """x - trunc(x): a jump at each integer but 0."""
    whole = mp.floor(x) if x > 0 else mp.ceil(x)
    if x != 0 and whole == x:
        raise Undefined("a jump at an integer")
    return x - whole, mp.mpf(1)


def _frexp_mantissa(x):
    """x / 2^e with |x / 2^e| in [1/2, 1): a jump at each power of two, 0 at 0."""
    mantissa, exponent = mp.frexp(_nonzero(x))
    if abs(mantissa) == mp.mpf(0.5):
        raise Undefined("a jump at a power of two")
    return mantissa, mp.ldexp(mp.mpf(1), -exponent)


def _piecewise(x):
    """x^2 left of 0, 2x + 1 from 0 on: a jump at 0."""
    _nonzero(x)
    return (x * x, 2 * x) if x < 0 else (2 * x + 1, mp.mpf(2))


# -- SciPy's robust losses and power transforms -------------------------------------------------------------

def _huber(delta, r):
    if delta <= 0:
        raise Undefined("inf for delta < 0: a jump at 0")
    if abs(r) <= delta:
        return r * r / 2, [mp.mpf(0), r]
    return delta * (abs(r) - delta / 2), [abs(r) - delta, delta * _sign(r)]


def _pseudo_huber(delta, r):
    if delta <= 0:
        raise Undefined("inf for delta < 0; the edge of delta's range at 0")
    s = mp.sqrt(1 + (r / delta) ** 2)  # the slope in delta as r^4 / (delta^3 s (s + 1)^2): its terms never cancel
    return r * r / (s + 1), [r ** 4 / (delta ** 3 * s * (s + 1) ** 2), r / s]


def _box_cox(logged, slope_of_log):
    """(value, [d/dx, d/dlambda]) of (e^(lambda L) - 1)/lambda, L the log of x (or of 1 + x), L' its slope."""
    def oracle(lmbda):
        t = lmbda * logged
        if t == 0:
            return logged, [slope_of_log, logged * logged / 2]
        with mp.extraprec(20 + 2 * max(0, -int(mp.mag(t)))):
            value = mp.expm1(t) / lmbda
            in_lambda = (t * mp.exp(t) - mp.expm1(t)) / (lmbda * lmbda)
        return +value, [mp.exp(t) * slope_of_log, +in_lambda]

    return oracle


def _boxcox(x, lmbda):
    if x <= 0:
        raise Undefined("outside the domain (or its edge)")
    return _box_cox(mp.log(x), 1 / x)(lmbda)


def _boxcox1p(x, lmbda):
    if x <= -1:
        raise Undefined("outside the domain (or its edge)")
    return _box_cox(mp.log1p(x), 1 / (1 + x))(lmbda)


def _inverse_box_cox(minus_one):
    """(value, [d/dy, d/dlambda]) of e^L (e^L - 1 for boxcox1p's inverse), L = log1p(lambda y)/lambda."""
    def oracle(y, lmbda):
        t = lmbda * y
        if 1 + t <= 0:
            raise Undefined("outside the domain (or its edge)")
        if t == 0:
            logged, in_lambda = y, -y * y / 2
        else:
            with mp.extraprec(20 + 2 * max(0, -int(mp.mag(t)))):  # L's slope in lambda cancels near t = 0
                logged = mp.log1p(t) / lmbda
                in_lambda = (y / (1 + t) - logged) / lmbda
        value = mp.expm1(logged) if minus_one else mp.exp(logged)
        return +value, [mp.exp(logged) / (1 + t), +(mp.exp(logged) * in_lambda)]

    return oracle


def _exprel(t):
    if t == 0:
        return mp.mpf(1), mp.mpf(1) / 2
    with mp.extraprec(20 + 2 * max(0, -int(mp.mag(t)))):
        value, slope = mp.expm1(t) / t, (t * mp.exp(t) - mp.expm1(t)) / (t * t)
    return +value, +slope


# -- scipy.stats.vonmises (kappa = 2 in x; x = 0.5 in kappa) and scipy.stats.cauchy -------------------------

def _vonmises_in_x(x):
    return 2 * mp.cos(x) - mp.log(2 * mp.pi) - mp.log(mp.besseli(0, 2)), -2 * mp.sin(x)


def _vonmises_in_kappa(kappa):
    if kappa <= 0:
        raise Undefined("NaN for kappa < 0; the edge of kappa's range at 0")
    if kappa > 1e6:
        raise Undefined("I0 of a huge argument: beyond the oracle's patience")
    ratio = mp.besseli(1, kappa) / mp.besseli(0, kappa)
    return kappa * mp.cos(mp.mpf(0.5)) - mp.log(2 * mp.pi) - mp.log(mp.besseli(0, kappa)), mp.cos(mp.mpf(0.5)) - ratio


def _cauchy_pdf(x):
    return 1 / (mp.pi * (1 + x * x)), -2 * x / (mp.pi * (1 + x * x) ** 2)


def _cauchy_logpdf(x):
    return -mp.log(mp.pi) - mp.log1p(x * x), -2 * x / (1 + x * x)


def _cauchy_cdf(x):
    return mp.atan2(1, -x) / mp.pi, 1 / (mp.pi * (1 + x * x))


def _cauchy_logcdf(x):
    value, slope = _cauchy_cdf(x)
    return mp.log(value), slope / value


def _logistic_cdf(x):
    """1 / (1 + e^-x) and its slope, the density e^-x / (1 + e^-x)^2 = 1 / (4 cosh(x/2)^2)."""
    return 1 / (1 + mp.exp(-x)), 1 / (4 * mp.cosh(x / 2) ** 2)


def _logistic_pdf(x):
    density = 1 / (4 * mp.cosh(x / 2) ** 2)
    return density, -density * mp.tanh(x / 2)


def _logistic_logpdf(x):
    return -2 * mp.log(2 * mp.cosh(x / 2)), -mp.tanh(x / 2)


def _logistic_logcdf(x):
    """-log(1 + e^-x), whose slope is the upper tail 1 / (1 + e^x)."""
    return -mp.log1p(mp.exp(-x)), 1 / (1 + mp.exp(x))


def _logistic_quantile(sign):
    """The ppf (``sign`` 1) or isf (-1): ``sign`` log(q / (1 - q)), of slope ``sign`` / (q (1 - q))."""
    def oracle(q):
        _inside(q, 0, 1)
        return sign * (mp.log(q) - mp.log1p(-q)), sign / (q * (1 - q))

    return oracle


def _whole(t):
    return t == mp.floor(t)


def _digits_for(arguments, differences):
    """Decimal digits at which the gamma family at ``arguments`` and the ``differences`` f(a) - f(b) of pairs of them
    keep 60 digits: on top of 60, what a difference's cancellation costs (1 and 1 - 1e-310; 1e300 + 1 and 1e300 - 0.7),
    and what reflection costs at a negative argument (its size, and its nearness to a pole: -1 - 1e-300)."""
    extra = [0]
    for a, b in differences:
        if a != b:
            extra.append(mp.log10(max(abs(a), abs(b), 1) / abs(a - b)))
    for t in arguments:
        if t < 0:
            extra.append(mp.log10(abs(t) + 1) + max(0, -mp.log10(abs(t - mp.nint(t)))))
    return int(min(ORACLE_DIGITS, 60 + max(extra) + 5))


def _binom(n, k):
    """Gamma(n + 1) / (Gamma(k + 1) Gamma(n - k + 1)), its partials the binomial times differences of digamma, at the
    digits their cancellation and reflection ask (2,000 digits of the gamma family take seconds a call)."""
    a, b, c = n + 1, k + 1, n - k + 1
    if any(_whole(t) and t <= 0 for t in (a, b, c)):
        raise Undefined("a pole of a gamma function: the binomial there is a limit")
    with mp.workdps(_digits_for((a, b, c), ((a, c), (c, b)))):
        value = mp.gamma(a) * mp.rgamma(b) * mp.rgamma(c)
        in_n, in_k = mp.digamma(a) - mp.digamma(c), mp.digamma(c) - mp.digamma(b)
    return +value, [+(value * in_n), +(value * in_k)]


def _comb(n, k):
    """SciPy's float comb: the binomial where 0 <= k <= N, else 0; a jump on each edge of that region."""
    if n == 0 or k == 0 or n == k:
        raise Undefined("an edge of the region where comb is the binomial: a jump to 0")
    if n < 0 or k < 0 or k > n:
        return mp.mpf(0), [mp.mpf(0), mp.mpf(0)]
    return _binom(n, k)


def _mirrored(oracle):
    """The oracle of f(-x) from that of f."""
    return lambda x: (lambda value, slope: (value, -slope))(*oracle(-x))


UNARY = {
    "heaviside": (lambda x: gnp.heaviside(x, 0.5), _heaviside),
    "frexp": (lambda x: gnp.frexp(x)[0], _frexp_mantissa),
    "modf": (lambda x: gnp.modf(x)[0], _modf_fraction),
    "ldexp": (lambda x: gnp.ldexp(x, -3), lambda x: (mp.ldexp(x, -3), mp.ldexp(mp.mpf(1), -3))),
    "piecewise": (lambda x: gnp.piecewise(x, [x < 0], [lambda t: t * t, lambda t: 2 * t + 1]), _piecewise),
    "scipy.special.exprel": (gsp.exprel, _exprel),
    "scipy.stats.vonmises.logpdf": (lambda x: gst.vonmises.logpdf(x, 2.0), _vonmises_in_x),
    "scipy.stats.vonmises.pdf": (lambda x: gst.vonmises.pdf(x, 2.0),
                                 lambda x: (lambda v, d: (mp.exp(v), mp.exp(v) * d))(*_vonmises_in_x(x))),
    "scipy.stats.vonmises.logpdf in kappa": (lambda k: gst.vonmises.logpdf(0.5, k), _vonmises_in_kappa),
    "scipy.stats.cauchy.logpdf": (gst.cauchy.logpdf, _cauchy_logpdf),
    "scipy.stats.cauchy.pdf": (gst.cauchy.pdf, _cauchy_pdf),
    "scipy.stats.cauchy.cdf": (gst.cauchy.cdf, _cauchy_cdf),
    "scipy.stats.cauchy.logcdf": (gst.cauchy.logcdf, _cauchy_logcdf),
    "scipy.stats.cauchy.sf": (gst.cauchy.sf, _mirrored(_cauchy_cdf)),
    "scipy.stats.cauchy.logsf": (gst.cauchy.logsf, _mirrored(_cauchy_logcdf)),
    "scipy.stats.logistic.pdf": (gst.logistic.pdf, _logistic_pdf),
    "scipy.stats.logistic.logpdf": (gst.logistic.logpdf, _logistic_logpdf),
    "scipy.stats.logistic.cdf": (gst.logistic.cdf, _logistic_cdf),
    "scipy.stats.logistic.logcdf": (gst.logistic.logcdf, _logistic_logcdf),
    "scipy.stats.logistic.sf": (gst.logistic.sf, _mirrored(_logistic_cdf)),
    "scipy.stats.logistic.logsf": (gst.logistic.logsf, _mirrored(_logistic_logcdf)),
    "scipy.stats.logistic.ppf": (gst.logistic.ppf, _logistic_quantile(1)),
    "scipy.stats.logistic.isf": (gst.logistic.isf, _logistic_quantile(-1)),
}

BINARY = {
    "copysign": (gnp.copysign, _copysign),
    "fmod": (gnp.fmod, _fmod),
    "float_power": (gnp.float_power, _power),
    "scipy.special.huber": (gsp.huber, _huber),
    "scipy.special.pseudo_huber": (gsp.pseudo_huber, _pseudo_huber),
    "scipy.special.boxcox": (gsp.boxcox, _boxcox),
    "scipy.special.boxcox1p": (gsp.boxcox1p, _boxcox1p),
    "scipy.special.inv_boxcox": (gsp.inv_boxcox, _inverse_box_cox(False)),
    "scipy.special.inv_boxcox1p": (gsp.inv_boxcox1p, _inverse_box_cox(True)),
    "scipy.special.binom": (gsp.binom, _binom),
    "scipy.special.comb": (gsp.comb, _comb),
}


# -- vectors: unwrap (the identity plus whole periods), corrcoef against a fixed vector, vander ---------------

_PERIOD = mp.mpf(2 * np.pi)  # the float64 period NumPy's default holds


def _unwrap(v):
    n = len(v)
    half = _PERIOD / 2
    out, total = [v[0]], mp.mpf(0)
    for i in range(1, n):
        step = v[i] - v[i - 1]
        shifted = step + half
        if abs(step) == half or shifted / _PERIOD == mp.floor(shifted / _PERIOD):
            raise Undefined("a step on a switch of the unwrapping")
        wrapped = shifted - _PERIOD * mp.floor(shifted / _PERIOD) - half
        if abs(step) >= half:
            total += wrapped - step
        out.append(v[i] + total)
    return mp.fsum(w * o for w, o in zip(WEIGHTS, out)), [mp.mpf(w) for w in WEIGHTS[:n]]


def _corrcoef(v):
    """r and its partials (w~_i |v~|^2 - (v~.w~) v~_i) / (|v~|^3 |w~|), each numerator exact: an exact 0 stays 0."""
    exact = [_fraction(e) for e in v]
    w = [Fraction(float(c)) for c in _C]
    dv = [e - sum(exact) / 3 for e in exact]
    dw = [e - sum(w) / 3 for e in w]
    square_v, square_w, inner = sum(e * e for e in dv), sum(e * e for e in dw), sum(a * b for a, b in zip(dv, dw))
    if square_v == 0:
        raise Undefined("a constant vector has no correlation")
    if inner * inner == square_v * square_w:
        raise Undefined("the clip's kink at a perfect correlation")
    norm_v, norm_w = mp.sqrt(_mpf(square_v)), mp.sqrt(_mpf(square_w))
    slopes = [_mpf(b * square_v - inner * a) / (norm_v ** 3 * norm_w) for a, b in zip(dv, dw)]
    return _mpf(inner) / (norm_v * norm_w), slopes


def _fraction(e):
    """An mpmath number exactly, as a fraction (mpmath's mantissa is unsigned)."""
    e = mp.mpf(e)
    if e == 0:
        return Fraction(0)
    magnitude = Fraction(int(e.man)) * Fraction(2) ** int(e.exp)
    return magnitude if e > 0 else -magnitude


def _mpf(q):
    return mp.mpf(q.numerator) / q.denominator


_VANDER_WEIGHTS = np.array([[1.0, -2.0, 3.0], [0.5, 1.0, -1.0], [2.0, 0.25, 1.0]])


def _vander(v):
    value = mp.fsum(_VANDER_WEIGHTS[i, j] * v[i] ** (2 - j) for i in range(3) for j in range(3))
    return value, [mp.fsum(_VANDER_WEIGHTS[i, j] * (2 - j) * v[i] ** (1 - j) for j in range(2)) for i in range(3)]


def _ranked(v):
    """The indices of ``v`` from its smallest entry up; Undefined where two entries tie (a pick switches there)."""
    if len(set(v)) < len(v):
        raise Undefined("two entries tie: which one a rank picks switches there")
    return sorted(range(len(v)), key=lambda i: v[i])


def _unit(i, scale=1):
    return [mp.mpf(scale) if j == i else mp.mpf(0) for j in range(3)]


def _middle_of_three(v):
    """trim_mean(v, 0.34) and the sum of trimboth(v, 0.34): one entry cut off each end, the median left."""
    low, mid, high = _ranked(v)
    return v[mid], _unit(mid)


def _iqr_of_three(v):
    """The 75th minus the 25th percentile of three entries: (s1 + s2)/2 - (s0 + s1)/2 = (max - min) / 2."""
    low, mid, high = _ranked(v)
    return (v[high] - v[low]) / 2, [a + b for a, b in zip(_unit(high, 0.5), _unit(low, -0.5))]


def _mad_of_three(v):
    """The median of |v - median(v)| over three entries: the smaller of the two gaps beside the median."""
    low, mid, high = _ranked(v)
    below, above = v[mid] - v[low], v[high] - v[mid]
    if below == above:
        raise Undefined("the two gaps beside the median tie")
    if below < above:
        return below, [a + b for a, b in zip(_unit(mid), _unit(low, -1))]
    return above, [a + b for a, b in zip(_unit(high), _unit(mid, -1))]


_REGRESSOR = np.array([0.0, 1.0, 3.0])


def _fit_slope(v):
    """linregress(x, v)'s slope against the fixed x = [0, 1, 3]: sum((x - mean x) v) / sum((x - mean x)^2), a
    weighted sum of v."""
    centred = [mp.mpf(x) - mp.mpf(4) / 3 for x in _REGRESSOR]
    spread = sum(c * c for c in centred)
    weights = [c / spread for c in centred]
    return sum(w * e for w, e in zip(weights, v)), weights


VECTOR = {
    "scipy.stats.linregress": (lambda v: gst.linregress(_REGRESSOR, v).slope, _fit_slope),
    "scipy.stats.trim_mean": (lambda v: gst.trim_mean(v, 0.34), _middle_of_three),
    "scipy.stats.trimboth": (lambda v: gnp.sum(gst.trimboth(v, 0.34)), _middle_of_three),
    "scipy.stats.iqr": (gst.iqr, _iqr_of_three),
    "scipy.stats.median_abs_deviation": (gst.median_abs_deviation, _mad_of_three),
    "unwrap": (lambda v: _dot_weights(gnp.unwrap(v)), _unwrap),
    "corrcoef": (lambda v: gnp.corrcoef(v, _C)[0, 1], _corrcoef),
    "vander": (lambda v: gnp.sum(gnp.vander(v, 3) * _VANDER_WEIGHTS), _vander),
}


# -- linear maps: the differences, running sums, correlation with a fixed sequence, least squares -------------

def _exact_pseudo_inverse(matrix):
    """(M^T M)^-1 M^T of a full-column-rank float matrix, exactly (at the working precision)."""
    m = mp.matrix(matrix.tolist())
    return np.array((m.T * m) ** -1 * m.T, dtype=object).reshape(matrix.shape[::-1])


_FIT_X = np.array([0.0, 1.0, 3.0])
_DESIGN = np.array([[1.0, 2.0], [-1.0, 0.5], [0.25, 3.0]])

LINEAR = {
    "ediff1d": (lambda v: gnp.ediff1d(v, to_begin=0.0), lambda v: np.array([0, v[1] - v[0], v[2] - v[1]], dtype=object)),
    "cumulative_sum": (lambda v: gnp.cumulative_sum(v, include_initial=True)[1:],
                       lambda v: np.array([v[0], v[0] + v[1], v[0] + v[1] + v[2]], dtype=object)),
    "correlate": (lambda v: gnp.correlate(v, _C[:2], "full")[1:],
                  lambda v: np.array([v[0] * 0.5 - v[1], v[1] * 0.5 - v[2], v[2] * 0.5], dtype=object)),
    "linalg.lstsq": (lambda v: gnp.linalg.lstsq(_DESIGN, v)[0], lambda v: _exact_pseudo_inverse(_DESIGN).dot(v)),
    # as a plain module's statement np.put_along_axis(out, ...) runs: out bound to the array the write makes
    "put_along_axis": (lambda v: numpy_writes.put_along_axis(numpy_writes.fresh(np.zeros)(4), np.array([1, 3, 0]), v, 0)[:3],
                       lambda v: np.array([v[2], v[0], 0], dtype=object)),
    # np.fill_diagonal(out, v, wrap=True) on a tall array: v's entries repeated down the wrapped diagonal
    "fill_diagonal": (lambda v: numpy_writes.fill_diagonal(numpy_writes.fresh(np.zeros)((7, 3)), v, True)[[0, 4, 6], [0, 0, 2]],
                      lambda v: np.array([v[0], v[0], v[2]], dtype=object)),
    "polyfit": (lambda v: gnp.polyfit(_FIT_X, v, 1),
                lambda v: _exact_pseudo_inverse(np.vander(_FIT_X, 2)).dot(v)),
}


def rows():
    """The rows of this module, in a stable order."""
    out = [_unary_row(name, op, oracle) for name, (op, oracle) in UNARY.items()]
    out += [_binary_row(name, op, oracle) for name, (op, oracle) in BINARY.items()]
    out += [_vector_row(name, op, oracle) for name, (op, oracle) in VECTOR.items()]
    out += [_linear_row(name, op, form) for name, (op, form) in LINEAR.items()]
    return out
