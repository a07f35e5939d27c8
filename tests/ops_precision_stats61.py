"""The op-by-op oracle's rows for scipy.stats' extreme-value and heavy-tailed distributions: weibull_min,
weibull_max, gumbel_r, gumbel_l, genpareto, genextreme, pareto and lomax, each method at a fixed shape, as a function of x.

Each distribution is one tail e^-E(x) (the survival function, or for weibull_max and gumbel_l the CDF) with E
and its first two derivatives in closed form on mpmath numbers; every method's value and slope follows from
them (never differences, never gradcli's rules). `Undefined` off the open support.
"""

from __future__ import annotations

import mpmath as mp

import gradcli.scipy.stats as gst
from ops_precision_table import _inside, _unary_row


def _family(tail, exponent):
    """Oracles of the six methods of a distribution whose ``tail`` ("sf" or "cdf") is e^-E(x); ``exponent(x)``
    gives (E, E', E'') and raises `Undefined` off the support."""

    def parts(x):
        e, d1, d2 = exponent(x)
        return e, d1, d2, mp.exp(-e)

    def small(x):  # the tail e^-E and its slope
        e, d1, _, t = parts(x)
        return t, -d1 * t

    def large(x):  # the other probability 1 - e^-E and its slope
        e, d1, _, t = parts(x)
        return -mp.expm1(-e), d1 * t

    def log_small(x):
        e, d1, _, _ = parts(x)
        return -e, -d1

    def log_large(x):
        e, d1, _, t = parts(x)  # log1p(-e^-E): its tiny value far out, not log of a number rounded to 1
        return mp.log1p(-t), d1 * t / -mp.expm1(-e)

    def pdf(x):
        e, d1, d2, t = parts(x)
        sign = 1 if d1 > 0 else -1
        return sign * d1 * t, sign * (d2 - d1 * d1) * t

    def logpdf(x):
        e, d1, d2, _ = parts(x)
        return mp.log(abs(d1)) - e, d2 / d1 - d1

    sf, logsf, cdf, logcdf = (small, log_small, large, log_large) if tail == "sf" else (large, log_large, small, log_small)
    return {"pdf": pdf, "logpdf": logpdf, "cdf": cdf, "logcdf": logcdf, "sf": sf, "logsf": logsf}


def _weibull_min(c):
    def exponent(x):
        _inside(x, 0, mp.inf)
        return x ** c, c * x ** (c - 1), c * (c - 1) * x ** (c - 2)
    return exponent


def _weibull_max_of_minus(c):
    """weibull_max at -x: its support x <= 0 turned to the table's ordinary points x > 0; the tail is its CDF."""
    def exponent(x):
        _inside(x, 0, mp.inf)
        return x ** c, c * x ** (c - 1), c * (c - 1) * x ** (c - 2)
    return exponent


def _genpareto(c):
    def exponent(x):
        _inside(x, 0, mp.inf)
        return mp.log1p(c * x) / c, 1 / (1 + c * x), -c / (1 + c * x) ** 2
    return exponent


def _genextreme(c):
    """SciPy's shape c: the CDF is e^-E, E = (1 - c x)^(1/c), up to the support's end 1/c."""
    def exponent(x):
        _inside(x, -mp.inf, 1 / c)
        return (1 - c * x) ** (1 / c), -(1 - c * x) ** (1 / c - 1), (1 - c) * (1 - c * x) ** (1 / c - 2)
    return exponent


def _pareto(b):
    def exponent(x):
        _inside(x, 1, mp.inf)
        return b * mp.log(x), b / x, -b / (x * x)
    return exponent


def _lomax(c):
    def exponent(x):
        _inside(x, 0, mp.inf)
        return c * mp.log1p(x), c / (1 + x), -c / (1 + x) ** 2
    return exponent


# distribution -> (its shape parameters as floats, which tail is e^-E, E's oracle)
FAMILIES = {
    "weibull_min": ((1.5,), "sf", _weibull_min(mp.mpf(1.5))),
    "weibull_max": ((1.5,), "cdf", _weibull_max_of_minus(mp.mpf(1.5))),
    "gumbel_r": ((), "cdf", lambda x: (mp.exp(-x), -mp.exp(-x), mp.exp(-x))),
    "gumbel_l": ((), "sf", lambda x: (mp.exp(x), mp.exp(x), mp.exp(x))),
    "genpareto": ((0.3,), "sf", _genpareto(mp.mpf(0.3))),
    "genextreme": ((0.3,), "cdf", _genextreme(mp.mpf(0.3))),
    "pareto": ((2.5,), "sf", _pareto(mp.mpf(2.5))),
    "lomax": ((1.7,), "sf", _lomax(mp.mpf(1.7))),
}
METHODS = ("logpdf", "pdf", "cdf", "logcdf", "sf", "logsf")


MIRRORED = {"weibull_max"}  # taken at -x (the row's name says so), its oracle in x's own direction


def _op(dist, method, shapes):
    sign = -1.0 if dist in MIRRORED else 1.0
    return lambda x: getattr(getattr(gst, dist), method)(sign * x, *shapes)


def oracles():
    """Every method's (name, gradcli op of x, oracle of x), in a stable order."""
    for dist, (shapes, tail, exponent) in FAMILIES.items():
        family = _family(tail, exponent)
        for method in METHODS:
            name = f"scipy.stats.{dist}.{method}" + ("(-x)" if dist in MIRRORED else "")
            yield name, _op(dist, method, shapes), family[method]


def rows():
    """The rows of this module, in a stable order."""
    return [_unary_row(name, op, oracle) for name, op, oracle in oracles()]
