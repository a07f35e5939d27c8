"""``scipy.special``'s robust losses and power transforms: ``huber``, ``pseudo_huber``, ``boxcox``, ``boxcox1p``
and their inverses ``inv_boxcox``, ``inv_boxcox1p``.

Each is `ops_scipy.scipy_valued`: SciPy's own number in a float dtype, while a
composite of gradcli's ops carries the gradient and is the exact reference's
mathematics. The Box-Cox transforms are analytic in lambda, 0 included, where
SciPy switches to the logarithm: the composite is log(x) exprel(lambda log x) as
one primitive, with exprel(t) = (e^t - 1)/t, whose value and slope keep their
digits at t = 0 (1 and 1/2) and near it, so the slope in lambda at 0 is
log(x)^2 / 2, never the 0 of the switched branch nor a 0/0. The inverses are exp (expm1) of
log1p(lambda y)/lambda = y logrel(lambda y), logrel(t) = log1p(t)/t as one primitive likewise: its slope in
lambda at 0 is -y^2/2.
"""

from __future__ import annotations

import numpy as np

from .core import defjvp, defvjp
from .ops import (absolute, equal, exp, expm1, greater, less, less_equal, log, log1p, logical_and, select, sqrt, square,
                  where)
from .ops_array import unbroadcast
from .ops_scipy import scipy_valued
from .ops_special import _scipy_function, mpmath_only
from .tracer import primitive
from .values import in_input_dtype, loaded_mpmath

_SERIES_BELOW = 1e-3  # |t| under which exprel's slope is its Taylor series in a float dtype (error below 1e-22)


def _in_double(t):
    """``t`` as an array, in float64 where it is a narrower float: the direct form of a slope below loses about
    4 eps/|t| of itself, which float32's eps makes 2e-4 just past the series' 1e-3 and float64's 4e-13; SciPy computes
    exprel of float32 in double alike (its only loop), and `in_input_dtype` rounds the answer to the input's dtype."""
    t = np.asarray(t)
    return t.astype(np.float64) if t.dtype.kind == "f" and t.dtype.itemsize < 8 else t


def _exprel_mp(t):
    """(e^t - 1)/t at the working precision: 1 at 0; expm1 keeps the digits the subtraction would lose."""
    mpmath = loaded_mpmath()
    return mpmath.mpf(1) if t == 0 else mpmath.expm1(t) / t


def _exprel_slope_float(t):
    """exprel'(t) = (t e^t - e^t + 1)/t^2: by its series sum_k (k+1) t^k / (k+2)! near 0, where the terms cancel."""
    t = _in_double(t)
    with np.errstate(all="ignore"):
        direct = (t * np.exp(t) - np.expm1(t)) / (t * t)
        series, term = np.zeros_like(t), np.ones_like(t) / 2  # term k: t^k / (k+2)!
        for k in range(8):
            series = series + (k + 1) * term
            term = term * t / (k + 3)
    return np.where(np.abs(t) < _SERIES_BELOW, series, direct)[()]


def _exprel_slope_mp(t):
    """exprel'(t) at the working precision: 1/2 at 0; elsewhere its closed form at the extra digits it cancels."""
    mpmath = loaded_mpmath()
    if t == 0:
        return mpmath.mpf(1) / 2
    with mpmath.extraprec(20 + 2 * max(0, -int(mpmath.mag(t)))):
        value = (t * mpmath.exp(t) - mpmath.expm1(t)) / (t * t)
    return +value


def _of_one(fun):
    """``fun`` in its input's float dtype, its arity where the catalogue reads it (as on a ufunc)."""
    fun = in_input_dtype(fun)
    fun.nin = 1
    return fun


exprel = primitive(_of_one(_scipy_function("exprel")), "exprel", mp=mpmath_only("exprel", _exprel_mp), kind="elementwise")
exprel_slope = primitive(_of_one(_exprel_slope_float), "exprel_slope", mp=mpmath_only("exprel_slope", _exprel_slope_mp),
                         kind="elementwise")


def _exprel_curvature(t):
    """exprel''(t) = (e^t - 2 exprel'(t))/t, 1/3 at 0 (a second derivative: the Box-Cox transforms' Hessian)."""
    at_zero = equal(t, 0)
    away = select(at_zero, 1.0, t)
    return select(at_zero, 1 / 3, (exp(away) - 2 * exprel_slope(away)) / away)


def _power_transform_float(logged, lmbda):
    with np.errstate(all="ignore"):
        return logged * _scipy_function("exprel")(lmbda * logged)


def _power_transform_mp(logged, lmbda):
    return logged * _exprel_mp(lmbda * logged)


_power_transform_fun = in_input_dtype(_power_transform_float)
_power_transform_fun.nin = 2
# (e^(lmbda L) - 1)/lmbda of the logarithm L, one primitive so that its slopes are e^(lmbda L) in L and
# L^2 exprel'(lmbda L) in lmbda: as a product L exprel(lmbda L) the slope in L would be exprel + t exprel', two
# terms of 1/|t| cancelling to e^t (x^(lmbda - 1) = 1e-240300 at x = 1e300, lmbda = -800 came out 0).
power_transform = primitive(_power_transform_fun, "box_cox_power_transform",
                            mp=mpmath_only("box_cox_power_transform", _power_transform_mp), kind="elementwise")


def _in_log(logged, lmbda):
    return exp(lmbda * logged)


def _in_lambda(logged, lmbda):
    return logged * logged * exprel_slope(lmbda * logged)


def _slopes(op, in_first, in_second, slope, curvature):
    """The rules of a transform ``op`` of (a, lambda) whose partials are ``in_first`` and ``in_second``, and of
    ``slope``, the primitive its partial in lambda calls, by its ``curvature``."""
    defvjp(op, lambda g, ans, a, lmbda: unbroadcast(g * in_first(a, lmbda), a),
           lambda g, ans, a, lmbda: unbroadcast(g * in_second(a, lmbda), lmbda))
    defjvp(op, lambda d, ans, a, lmbda: d * in_first(a, lmbda), lambda d, ans, a, lmbda: d * in_second(a, lmbda))
    defvjp(slope, lambda g, ans, t: g * curvature(t))
    defjvp(slope, lambda d, ans, t: d * curvature(t))


_slopes(power_transform, _in_log, _in_lambda, exprel_slope, _exprel_curvature)
defvjp(exprel, lambda g, ans, t: g * exprel_slope(t))
defjvp(exprel, lambda d, ans, t: d * exprel_slope(t))


def _logrel_slope_float(t):
    """logrel'(t) = (t/(1 + t) - log1p(t))/t^2: by its series sum_k (-1)^(k+1) (k+1) t^k / (k+2) near 0, where the
    terms cancel."""
    t = _in_double(t)
    with np.errstate(all="ignore"):
        direct = (t / (1 + t) - np.log1p(t)) / (t * t)
        series, power = np.zeros_like(t), np.ones_like(t)  # power: (-t)^k
        for k in range(8):
            series = series - (k + 1) * power / (k + 2)
            power = -power * t
    return np.where(np.abs(t) < _SERIES_BELOW, series, direct)[()]


def _logrel_slope_mp(t):
    """logrel'(t) at the working precision: -1/2 at 0; elsewhere its closed form at the extra digits it cancels."""
    mpmath = loaded_mpmath()
    if t == 0:
        return -mpmath.mpf(1) / 2
    with mpmath.extraprec(20 + 2 * max(0, -int(mpmath.mag(t)))):
        value = (t / (1 + t) - mpmath.log1p(t)) / (t * t)
    return +value


logrel_slope = primitive(_of_one(_logrel_slope_float), "logrel_slope",
                         mp=mpmath_only("logrel_slope", _logrel_slope_mp), kind="elementwise")


def _logrel_curvature(t):
    """logrel''(t) = -1/(t (1 + t)^2) - 2 logrel'(t)/t, 2/3 at 0 (the inverse transforms' Hessian)."""
    at_zero = equal(t, 0)
    away = select(at_zero, 1.0, t)
    return select(at_zero, 2 / 3, -1 / (away * (1 + away) ** 2) - 2 * logrel_slope(away) / away)


def _inverse_power_float(y, lmbda):
    with np.errstate(all="ignore"):
        t = lmbda * y
        return np.where(t == 0, y, y * (np.log1p(t) / np.where(t == 0, 1.0, t)))


def _inverse_power_mp(y, lmbda):
    mpmath = loaded_mpmath()
    t = lmbda * y
    if t < -1:  # 1 + lambda y < 0: no real power, NaN as SciPy's
        return mpmath.nan
    return y if t == 0 else mpmath.log1p(t) / lmbda


_inverse_power_fun = in_input_dtype(_inverse_power_float)
_inverse_power_fun.nin = 2
# log1p(lmbda y)/lmbda, one primitive so that its slope in lambda, y^2 logrel'(lambda y), keeps its digits at and
# beside lambda = 0, where log1p(t)/lambda^2 and y/(lambda (1 + t)) cancel.
inverse_power_transform = primitive(_inverse_power_fun, "box_cox_inverse_power_transform",
                                    mp=mpmath_only("box_cox_inverse_power_transform", _inverse_power_mp),
                                    kind="elementwise")


def _inverse_in_y(y, lmbda):
    return 1 / (1 + lmbda * y)


def _inverse_in_lambda(y, lmbda):
    return y * y * logrel_slope(lmbda * y)


_slopes(inverse_power_transform, _inverse_in_y, _inverse_in_lambda, logrel_slope, _logrel_curvature)


def _huber(delta, r):
    """r^2/2 where |r| <= delta, delta (|r| - delta/2) beyond (C^1 at the switch); inf for delta < 0. The square is
    square's, whose slope 2 r g takes the halved g whole (r * r's r g + r g halves r, which loses a subnormal r's last
    bit: the slope at 5e-324 would be 0)."""
    size = absolute(r)
    inside = where(less_equal(size, delta), square(r) / 2, delta * (size - delta / 2))
    return where(less(delta, 0), np.inf, inside)


def _pseudo_huber(delta, r):
    """delta^2 (sqrt(1 + (r/delta)^2) - 1), as r^2 / (sqrt(1 + (r/delta)^2) + 1), which never cancels; 0 at
    delta = 0, inf for delta < 0."""
    at_zero = equal(delta, 0)
    ratio = r / where(at_zero, 1.0, delta)
    value = square(r) / (sqrt(1 + square(ratio)) + 1)  # square's slope, as huber's, keeps a subnormal r's bits
    return where(less(delta, 0), np.inf, where(at_zero, 0.0, value))


def _box_cox_of_log(logged, at_pole, lmbda):
    """(e^(lmbda logged) - 1)/lmbda = logged exprel(lmbda logged): analytic in lmbda, 0 included. Where the
    logarithm's argument is 0 (``at_pole``) the limit: -1/lmbda for lmbda > 0, -inf otherwise, as SciPy gives."""
    positive = greater(lmbda, 0)
    divisor = where(logical_and(at_pole, positive), lmbda, 1.0)  # 1 where unused: its slope there is no inf x 0
    limit = where(positive, -1 / divisor, -np.inf)
    return where(at_pole, limit, power_transform(logged, lmbda))


def _boxcox(x, lmbda):
    """The Box-Cox transform of ``x`` > 0; NaN for x < 0."""
    at_pole = equal(x, 0)
    return _box_cox_of_log(log(where(at_pole, 1.0, where(less(x, 0), np.nan, x))), at_pole, lmbda)


def _boxcox1p(x, lmbda):
    """The Box-Cox transform of 1 + ``x`` > 0; NaN for x < -1."""
    at_pole = equal(x, -1)
    return _box_cox_of_log(log1p(where(at_pole, 0.0, where(less(x, -1), np.nan, x))), at_pole, lmbda)


def _inv_boxcox(y, lmbda):
    """The inverse Box-Cox transform, (1 + lmbda y)^(1/lmbda), exp(y) at lmbda = 0; NaN where 1 + lmbda y < 0."""
    return exp(inverse_power_transform(y, lmbda))


def _inv_boxcox1p(y, lmbda):
    """The inverse of boxcox1p, (1 + lmbda y)^(1/lmbda) - 1, expm1(y) at lmbda = 0."""
    return expm1(inverse_power_transform(y, lmbda))


# The composites of this module that answer SciPy's own number in a float dtype, by SciPy's names.
SCIPY_VALUED = {name: scipy_valued(name, composite) for name, composite in {
    "huber": _huber, "pseudo_huber": _pseudo_huber, "boxcox": _boxcox, "boxcox1p": _boxcox1p,
    "inv_boxcox": _inv_boxcox, "inv_boxcox1p": _inv_boxcox1p}.items()}
