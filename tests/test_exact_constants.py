"""The exact reference through SciPy's and NumPy's functions whose rules hold an irrational constant
(1/sqrt 2, sqrt(2 pi), log pi, 2/sqrt pi, pi/180...): every digit is the mathematics', never float64's.

Each family is checked at a point where the answer is extreme (a derivative of 1e-21714725, a density
at 1e100) against mpmath at 60 digits from its own expression, to 1e-25 relative: a constant taken as
a float64 would be 1e-16 off, and ndtr's derivative at -1e4 had no reference at all.
"""

from __future__ import annotations

import mpmath
import numpy as np
import pytest
import scipy.special
import scipy.stats

from gradcli.autodiff import mp, ops
from gradcli.checker import balls, reference
from gradcli.checker.targets import resolve

RTOL = mpmath.mpf("1e-25")


def _phi(x):
    return mpmath.exp(-x * x / 2) / mpmath.sqrt(2 * mpmath.pi)


def _t_pdf(x, nu=3):
    scale = mpmath.gamma((nu + 1) / mpmath.mpf(2)) / (mpmath.sqrt(nu * mpmath.pi) * mpmath.gamma(nu / mpmath.mpf(2)))
    return scale * (1 + x * x / nu) ** (-(nu + 1) / mpmath.mpf(2))


def _t_pdf_slope(x, nu=3):
    return _t_pdf(x, nu) * (-(nu + 1) * x / (nu + x * x))


def _ndtri(p):
    with mpmath.extradps(700):  # 2p - 1 keeps p = 1e-300's digits
        return +(mpmath.sqrt(2) * mpmath.erfinv(2 * p - 1))


def _ndtri_slope(p):
    return 1 / _phi(_ndtri(p))


# (name, function of x, point, value as a function of the point's entries, derivative of one entry)
FAMILIES = [
    ("ndtr", lambda x: np.sum(scipy.special.ndtr(x)), [-1e4, -30.0],
     lambda xs: sum(mpmath.ncdf(x) for x in xs), _phi),
    ("norm.cdf", lambda x: np.sum(scipy.stats.norm.cdf(x)), [-1e4, -30.0],
     lambda xs: sum(mpmath.ncdf(x) for x in xs), _phi),
    ("norm.logpdf", lambda x: np.sum(scipy.stats.norm.logpdf(x)), [0.5, -3.0],
     lambda xs: sum(mpmath.log(_phi(x)) for x in xs), lambda x: -x),
    ("t.pdf", lambda x: np.sum(scipy.stats.t.pdf(x, 3.0)), [1e100, 0.5],
     lambda xs: sum(_t_pdf(x) for x in xs), _t_pdf_slope),
    ("t.logpdf", lambda x: np.sum(scipy.stats.t.logpdf(x, 3.0)), [0.5, -2.0],
     lambda xs: sum(mpmath.log(_t_pdf(x)) for x in xs), lambda x: -4 * x / (3 + x * x)),
    ("log_ndtr", lambda x: np.sum(scipy.special.log_ndtr(x)), [-1e10, -3.0, 3.0],
     lambda xs: sum(mpmath.log(mpmath.ncdf(x)) for x in xs), lambda x: _phi(x) / mpmath.ncdf(x)),
    ("ndtri", lambda p: np.sum(scipy.special.ndtri(p)), [1e-300, 0.3],
     lambda ps: sum(_ndtri(p) for p in ps), _ndtri_slope),
    ("multigammaln", lambda a: np.sum(scipy.special.multigammaln(a, 3)), [2.5],
     lambda xs: sum(3 * mpmath.log(mpmath.pi) / 2 + sum(mpmath.loggamma(x - mpmath.mpf(j) / 2) for j in range(3))
                    for x in xs),
     lambda x: sum(mpmath.digamma(x - mpmath.mpf(j) / 2) for j in range(3))),
    ("deg2rad", lambda x: np.sum(np.deg2rad(x) ** 2), [1e10, 3.0],
     lambda xs: sum((x * mpmath.pi / 180) ** 2 for x in xs), lambda x: 2 * x * (mpmath.pi / 180) ** 2),
    ("rad2deg", lambda x: np.sum(np.rad2deg(x) ** 2), [1e-10, 3.0],
     lambda xs: sum((x * 180 / mpmath.pi) ** 2 for x in xs), lambda x: 2 * x * (180 / mpmath.pi) ** 2),
]


def _close(got, want):
    return abs(got - want) <= RTOL * abs(want)


@pytest.mark.parametrize("name, function, point, value, slope", FAMILIES, ids=[f[0] for f in FAMILIES])
def test_an_irrational_constant_is_exact_in_the_exact_reference(name, function, point, value, slope):
    exact = reference.compute(resolve(function, framework="numpy"), [np.array(point)], budget=balls.Budget(60.0))
    assert exact.determined and not exact.unsettled, (exact.why, exact.error, exact.notes)
    with mpmath.workdps(60):
        xs = [mpmath.mpf(x) for x in point]
        assert _close(mpmath.mpf(exact.value), value(xs)), (exact.value, value(xs))
        gradient = np.ravel(np.asarray(exact.gradient[0], dtype=object))
        rule = np.ravel(np.asarray(exact.rule[0], dtype=object)) if exact.rule and exact.rule[0] is not None else ()
        for k, x in enumerate(xs):
            want = slope(x)
            assert _close(mpmath.mpf(gradient[k]), want), (k, gradient[k], want)
            if len(rule):  # gradcli's own rule at high precision: its constants exact too
                assert _close(mpmath.mpf(rule[k]), want), (k, rule[k], want)


@pytest.mark.parametrize("name", sorted(ops.CONSTANTS))
def test_a_float_rule_keeps_the_constants_float_number(name):
    """The float rules' numbers are the float expressions', bit for bit (read from math, not mpmath)."""
    import math

    floats = {
        "ln2": math.log(2.0), "ln10": math.log(10.0), "1/ln10": 1.0 / math.log(10.0), "pi": math.pi,
        "2/sqrt(pi)": 2.0 / math.sqrt(math.pi), "sqrt(pi)/2": math.sqrt(math.pi) / 2, "1/sqrt(2)": 1 / math.sqrt(2),
        "sqrt(2/pi)": math.sqrt(2 / math.pi), "sqrt(2pi)": math.sqrt(2 * math.pi),
        "1/sqrt(2pi)": 1 / math.sqrt(2 * math.pi), "log(pi)": math.log(math.pi),
        "log(2pi)": math.log(2 * math.pi), "1+log(2pi)": 1 + math.log(2 * math.pi),
        "180/pi": 180 / math.pi, "pi/180": math.pi / 180, "2pi": 2 * math.pi, "pi/2": math.pi / 2,
        "pi/4": math.pi / 4, "1/pi": 1 / math.pi, "sqrt(pi)": math.sqrt(math.pi), "1/sqrt(pi)": 1 / math.sqrt(math.pi),
        "sqrt(2)": math.sqrt(2), "log(2pi)/2": math.log(2 * math.pi) / 2, "1/ln2": 1 / math.log(2),
        "euler": np.euler_gamma,  # math has no Euler constant: NumPy's float
        "e": math.e,
    }
    assert ops.constant(name, np.float64(1.0)).hex() == floats[name].hex()
    assert ops.constant(name, np.float32(1.0), 0.5).hex() == (0.5 * floats[name]).hex()
    mp.enable()  # the core takes mpmath numbers from then on, whichever test this process ran before
    with mpmath.workdps(50):
        high = ops.constant(name, mpmath.mpf(1))
        assert isinstance(high, mpmath.mpf)
        assert abs(high - mpmath.mpf(floats[name])) < 1e-15 * abs(high)
        assert high != mpmath.mpf(floats[name])  # none of these irrationals is a float


def test_an_mpmath_number_before_the_core_takes_them_is_refused_not_rounded(monkeypatch):
    """Before `mp.enable` the core does not know mpmath's numbers: a rule's constant beside one would be float64's
    number, so it is refused rather than handed back as a float."""
    from gradcli.autodiff import tracer

    monkeypatch.setattr(tracer, "_MP_TYPES", ())
    with pytest.raises(TypeError, match="mp.enable"):
        ops.constant("pi", mpmath.mpf(1))
    assert ops.constant("pi", 1.0) == np.pi  # floats are the float rules' as ever
