"""The identity classes library code meets are proven 0, and a number a hair from one keeps its tiny value.

`autodiff.arb_identities` writes each atom of a proof in a normal form, so a
true 0 built of these is the zero function: fractional multiples (cos(x/2)^2
against cos x, exp(x/2)^2 against exp x), arcsin + arccos = pi/2 and arcsin of
x/sqrt(1 + x^2) as arctan x, the log of a product of polynomial factors (log
sigmoid against softplus), square roots with their square factors outside (a
norm scaled by its largest entry against hypot), and the pairs that need no
normal form (cosh^2 - sinh^2, log1p of expm1, exp of log, logsumexp shifts).
Each is `ok` with an exact 0 value and gradient, as a
formula and as a Python function written as libraries write it. A perturbed
identity (a term of e^-12000, far below what balls resolve, added or inside an
argument) is not 0: its exact value and slope are its own, to 1e-12 against mpmath.
"""

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp

F64 = ("float64",)


def _biggest(x, y):
    return gnp.maximum(gnp.abs(x), gnp.abs(y))


def _scaled_norm(x, y):
    # the overflow-safe norm of LAPACK's dnrm2 and of libraries' hypot fallbacks: m sqrt((x/m)^2 + (y/m)^2)
    m = _biggest(x, y)
    return m * gnp.sqrt((x / m) ** 2 + (y / m) ** 2)


def _log_sigmoid(x):
    # the stable form of jax.nn.log_sigmoid / torch's logsigmoid: min(x, 0) - log1p(exp(-|x|))
    return gnp.minimum(x, 0) - gnp.log1p(gnp.exp(-gnp.abs(x)))


def _lse_shifted(x, y):
    # scipy/jax logsumexp's shift by the maximum
    m = gnp.maximum(x, y)
    return m + gnp.log(gnp.exp(x - m) + gnp.exp(y - m))


# (name, formula or None, the same as a Python function or None, points): a true 0 at each point.
ONE = [
    ("half angle, cos", "cos(x/2)^2 - (1 + cos(x))/2", lambda x: gnp.cos(x / 2) ** 2 - (1 + gnp.cos(x)) / 2, [1.25, -3.0]),
    ("half angle, tan", "tan(x/2) - sin(x)/(1 + cos(x))", lambda x: gnp.tan(x / 2) - gnp.sin(x) / (1 + gnp.cos(x)), [0.7, 2.0]),
    ("three halves", "sin(3*x/2) - sin(x/2)*(3 - 4*sin(x/2)^2)",
     lambda x: gnp.sin(3 * x / 2) - gnp.sin(x / 2) * (3 - 4 * gnp.sin(x / 2) ** 2), [0.9, -4.0]),
    ("exp of halves", "expm1(x) - 2*exp(x/2)*sinh(x/2)", lambda x: gnp.expm1(x) - 2 * gnp.exp(x / 2) * gnp.sinh(x / 2), [0.5, -2.0]),
    ("arcsin + arccos", "arcsin(x) + arccos(x) - pi/2", lambda x: gnp.arcsin(x) + gnp.arccos(x) - 2 * gnp.arctan(x / x), [0.3, -0.6]),
    ("arctan as arcsin", "arctan(x) - arcsin(x/sqrt(1 + x^2))", lambda x: gnp.arctan(x) - gnp.arcsin(x / gnp.sqrt(1 + x ** 2)), [0.5, -3.0]),
    ("arcsin as arctan", "arcsin(x) - arctan(x/sqrt(1 - x^2))", lambda x: gnp.arcsin(x) - gnp.arctan(x / gnp.sqrt(1 - x ** 2)), [0.5, -0.25]),
    ("log sigmoid", "log(sigmoid(x)) + softplus(-x)", lambda x: gnp.log(gnp.sigmoid(x)) + gnp.softplus(-x), [2.5, -0.7]),
    ("log of 1 - sigmoid", "log(1 - sigmoid(x)) + softplus(x)", lambda x: gnp.log(1 - gnp.sigmoid(x)) + gnp.softplus(x), [2.5, -0.7]),
    ("stable log sigmoid", None, lambda x: gnp.log(gnp.sigmoid(x)) - _log_sigmoid(x), [2.5, -0.7]),
    ("cosh^2 - sinh^2", "cosh(x)^2 - sinh(x)^2 - 1", lambda x: gnp.cosh(x) ** 2 - gnp.sinh(x) ** 2 - 1, [0.8, -3.0]),
    ("tanh by exp", "tanh(x) - (exp(2*x) - 1)/(exp(2*x) + 1)",
     lambda x: gnp.tanh(x) - (gnp.exp(2 * x) - 1) / (gnp.exp(2 * x) + 1), [0.8, -1.5]),
    ("log of factors", "log(x^2 - 1) - log(x - 1) - log(x + 1)",
     lambda x: gnp.log(x ** 2 - 1) - gnp.log(x - 1) - gnp.log(x + 1), [1.5, 7.0]),
    ("log1p of expm1", "log1p(expm1(x)) - x", lambda x: gnp.log1p(gnp.expm1(x)) - x, [0.5, -2.0]),
    ("exp of log", "exp(log(x)) - x", lambda x: gnp.exp(gnp.log(x)) - x, [2.5, 0.01]),
    ("sqrt of a square", "sqrt(x^2) - abs(x)", lambda x: gnp.sqrt(x ** 2) - gnp.abs(x), [2.5, -0.7]),
]

TWO = [
    ("hypot squared", "hypot(x, y)^2 - x^2 - y^2", lambda x, y: gnp.hypot(x, y) ** 2 - x ** 2 - y ** 2),
    ("norm over one entry", "sqrt(x^2 + y^2) - abs(x)*sqrt(1 + (y/x)^2)",
     lambda x, y: gnp.sqrt(x ** 2 + y ** 2) - gnp.abs(x) * gnp.sqrt(1 + (y / x) ** 2)),
    ("scaled norm", None, lambda x, y: gnp.hypot(x, y) - _scaled_norm(x, y)),
    ("logsumexp shift", None, lambda x, y: gnp.logsumexp(gnp.stack([x, y])) - _lse_shifted(x, y)),
    ("logaddexp shift", None, lambda x, y: gnp.logaddexp(x, y) - x - gnp.log1p(gnp.exp(y - x))),
]
TWO_POINTS = [{"x": 3.0, "y": 4.5}, {"x": -0.3, "y": 1.7}]


def _exactly_zero(r):
    assert r.status == "ok", (r.status, [f.message for f in r.findings])
    assert r.exact_value == 0
    assert r.exact_gradient and all(g == 0 for g in r.exact_gradient.values()), r.exact_gradient


def _cases(table):
    for name, text, function, *points in table:
        points = points[0] if points else TWO_POINTS
        if text is not None:
            yield pytest.param(text, points, id=f"{name}: formula")
        if function is not None:
            yield pytest.param(function, points, id=f"{name}: python")


@pytest.mark.parametrize("target, points", [*_cases(ONE), *_cases(TWO)])
def test_an_identity_class_is_an_exact_0(target, points):
    report = gradcli.check(target, points, dtypes=F64, fixes=False)
    assert len(report.results) == len(points)
    for r in report.results:
        _exactly_zero(r)


# A hair from an identity, far below what the balls resolve (e^-12000 ~ 1e-5212: the proof numbers decide
# there): (formula, Python function, its exact value and slope as mpmath functions, point).
M = mpmath
TINY = "exp(-12000)"
NEAR = [
    ("cos(x/2)^2 - (1 + cos(x))/2 + exp(-6000*x)",
     lambda x: gnp.cos(x / 2) ** 2 - (1 + gnp.cos(x)) / 2 + gnp.exp(-6000 * x),
     lambda x: M.exp(-6000 * x), lambda x: -6000 * M.exp(-6000 * x), 2.0),
    ("arcsin(x) + arccos(x) - pi/2 + exp(-40000*x)",
     lambda x: gnp.arcsin(x) + gnp.arccos(x) - 2 * gnp.arctan(x / x) + gnp.exp(-40000 * x),
     lambda x: M.exp(-40000 * x), lambda x: -40000 * M.exp(-40000 * x), 0.3),
    ("log(sigmoid(x)) + softplus(-x) + exp(-4800*x)",
     lambda x: gnp.log(gnp.sigmoid(x)) + gnp.softplus(-x) + gnp.exp(-4800 * x),
     lambda x: M.exp(-4800 * x), lambda x: -4800 * M.exp(-4800 * x), 2.5),
    ("expm1(x) - 2*exp(x/2)*sinh(x/2) + exp(-24000*x)",
     lambda x: gnp.expm1(x) - 2 * gnp.exp(x / 2) * gnp.sinh(x / 2) + gnp.exp(-24000 * x),
     lambda x: M.exp(-24000 * x), lambda x: -24000 * M.exp(-24000 * x), 0.5),
    (f"log(x^2 - 1 + {TINY}) - log(x - 1) - log(x + 1)",
     lambda x: gnp.log(x ** 2 - 1 + gnp.exp(-12000 + 0 * x)) - gnp.log(x - 1) - gnp.log(x + 1),
     lambda x: M.log1p(M.exp(-12000) / (x ** 2 - 1)),
     lambda x: 2 * x / (x ** 2 - 1 + M.exp(-12000)) - 2 * x / (x ** 2 - 1), 1.5),
    (f"sqrt(x^2 + 1) - abs(x)*sqrt(1 + (1/x)^2 + {TINY})",
     lambda x: gnp.sqrt(x ** 2 + 1) - gnp.abs(x) * gnp.sqrt(1 + (1 / x) ** 2 + gnp.exp(-12000 + 0 * x)),
     lambda x: M.sqrt(x ** 2 + 1) - M.sqrt(x ** 2 * (1 + M.exp(-12000)) + 1),
     lambda x: x / M.sqrt(x ** 2 + 1) - x * (1 + M.exp(-12000)) / M.sqrt(x ** 2 * (1 + M.exp(-12000)) + 1), 0.75),
]


@pytest.mark.parametrize("as_function", [False, True], ids=["formula", "python"])
@pytest.mark.parametrize("text, function, value, slope, x", NEAR, ids=[case[0] for case in NEAR])
def test_a_hair_from_an_identity_class_keeps_its_tiny_value(text, function, value, slope, x, as_function):
    (r,) = gradcli.check(function if as_function else text, [x], dtypes=F64, fixes=False).results
    with mpmath.workdps(5400):  # e^-12000 beside terms of 1: 5212 digits cancel
        value, slope = value(mpmath.mpf(x)), slope(mpmath.mpf(x))
    assert r.exact_value_text is not None, [f.message for f in r.findings]
    assert abs(mpmath.mpf(r.exact_value_text) - value) <= abs(value) * mpmath.mpf(10) ** -12
    (text_slope,) = r.exact_gradient_text.values()
    assert abs(mpmath.mpf(text_slope) - slope) <= abs(slope) * mpmath.mpf(10) ** -12


BEYOND = [  # a hair below every ball the check may use (e^-60000 ~ 2^-86560): only a proof could call it 0
    ("cos(x/2)^2 - (1 + cos(x))/2 + exp(-24000*x)",
     lambda x: gnp.cos(x / 2) ** 2 - (1 + gnp.cos(x)) / 2 + gnp.exp(-24000 * x)),
    ("log(sigmoid(x)) + softplus(-x) + exp(-24000*x)",
     lambda x: gnp.log(gnp.sigmoid(x)) + gnp.softplus(-x) + gnp.exp(-24000 * x)),
    ("expm1(x) - 2*exp(x/2)*sinh(x/2) + exp(-24000*x)",
     lambda x: gnp.expm1(x) - 2 * gnp.exp(x / 2) * gnp.sinh(x / 2) + gnp.exp(-24000 * x)),
    ("arctan(x) - arcsin(x/sqrt(1 + x^2)) + exp(-24000*x)",
     lambda x: gnp.arctan(x) - gnp.arcsin(x / gnp.sqrt(1 + x ** 2)) + gnp.exp(-24000 * x)),
]


@pytest.mark.parametrize("as_function", [False, True], ids=["formula", "python"])
@pytest.mark.parametrize("text, function", BEYOND, ids=[case[0] for case in BEYOND])
def test_a_hair_below_every_ball_is_not_proven_0(text, function, as_function):
    # the proof sees the identity cancel and e^-60000 stay: not 0, and no ball holds it. A formula has no reference
    # then; a Python function's value, which balls bound below every float's least, is judged against the 0 every
    # dtype rounds it to and shown as its bound, never as a 0 (`exact_python._rule_on_balls`)
    (r,) = gradcli.check(function if as_function else text, [2.5], dtypes=F64, fixes=False).results
    assert r.exact_value is None
    if as_function:
        assert r.exact_value_text.startswith("below 2^") and r.status != "error", (r.status, r.exact_value_text)
        assert any("below every float's least" in note for note in r.notes), r.notes
        return
    assert r.exact_value_text is None
    assert r.status == "error"
    assert any("not proven 0" in f.message for f in r.findings), [f.message for f in r.findings]


def test_entropy_by_log_softmax_against_xlogy_is_an_exact_0():
    # sum(p log_softmax(v)) - sum(xlogy(p, p)), p = softmax(v): v - logsumexp(v) meets a proof number beside an
    # array (through its reflected operator), which runs entry by entry; then log(p) is log_softmax(v) exactly
    def entropy_gap(v):
        p = gnp.exp(v - gnp.logsumexp(v))
        return gnp.sum(p * (v - gnp.logsumexp(v))) - gnp.sum(gnp.xlogy(p, p))

    (r,) = gradcli.check(entropy_gap, [{"v": np.array([1.0, 2.0, 3.0])}], dtypes=F64, fixes=False).results
    assert r.status == "ok", [f.message for f in r.findings]
    assert r.exact_value == 0 and list(r.exact_gradient["v"]) == [0.0, 0.0, 0.0]
