"""The proof numbers know the functions' identities: a true 0 built of them is proven 0, exactly.

sin(2x) - 2 sin(x) cos(x) is 0 at every x, but on balls it is a ball around 0
at every precision; the proof numbers write every atom in a normal form
(`autodiff.arb_identities`: sin and cos of multiples and sums, arctan of q and
of 1/q, log of a product of powers, with `arb_proof`'s exp and sqrt rules), so
the formula's rational function over them is the zero function. Each identity
here is `ok` with an exact 0 value and gradient at several points, as a formula
and as a Python function on ``gradcli.numpy``; a number a hair away from such
an identity keeps its tiny exact value (never taken for the 0 it resembles).
"""

import mpmath
import pytest

import gradcli
import gradcli.numpy as gnp

F64 = ("float64",)

# (formula, the same as a Python function, points): each a true 0 at every point given. A Python function
# takes its constants as float64 numbers (gnp.cos(1.0), gnp.pi): no identity then, so those are formulas
# alone (`test_a_float_constant_breaks_an_identity`), or take their constants from the inputs (x / x).
IDENTITIES = [
    ("sin(2*x) - 2*sin(x)*cos(x)", lambda x: gnp.sin(2 * x) - 2 * gnp.sin(x) * gnp.cos(x), [2.5, -0.7, 40.0]),
    ("cos(2*x) - (cos(x)^2 - sin(x)^2)", lambda x: gnp.cos(2 * x) - (gnp.cos(x) ** 2 - gnp.sin(x) ** 2), [2.5, 0.3]),
    ("sin(3*x) - (3*sin(x) - 4*sin(x)^3)", lambda x: gnp.sin(3 * x) - (3 * gnp.sin(x) - 4 * gnp.sin(x) ** 3), [0.7, -5.0]),
    ("cos(x)^2 - (1 + cos(2*x))/2", lambda x: gnp.cos(x) ** 2 - (1 + gnp.cos(2 * x)) / 2, [1.25, -3.0]),
    ("tan(2*x) - 2*tan(x)/(1 - tan(x)^2)", lambda x: gnp.tan(2 * x) - 2 * gnp.tan(x) / (1 - gnp.tan(x) ** 2), [0.3, 2.0]),
    ("sin(x + 1) - (sin(x)*cos(1) + cos(x)*sin(1))",
     None, [0.4, -2.5]),
    ("arctan(x) + arctan(1/x) - 2*arctan(1)", lambda x: gnp.arctan(x) + gnp.arctan(1 / x) - 2 * gnp.arctan(x / x), [2.5, 0.1, 7.0]),
    ("arctan(x) + arctan(1/x) + pi/2", lambda x: gnp.arctan(x) + gnp.arctan(1 / x) + 2 * gnp.arctan(x / x), [-2.5, -0.3]),
    ("sinh(2*x) - 2*sinh(x)*cosh(x)", lambda x: gnp.sinh(2 * x) - 2 * gnp.sinh(x) * gnp.cosh(x), [0.8, -3.0]),
    ("tanh(x) - sinh(x)/cosh(x)", lambda x: gnp.tanh(x) - gnp.sinh(x) / gnp.cosh(x), [0.8, -1.5]),
    ("log(x^3) - 3*log(x)", lambda x: gnp.log(x ** 3) - 3 * gnp.log(x), [2.5, 0.01]),
    ("log(2*x) - log(x) - log(2)", None, [2.5, 1e-3]),
    ("log(sqrt(x)) - log(x)/2", lambda x: gnp.log(gnp.sqrt(x)) - gnp.log(x) / 2, [2.5, 7.0]),
    ("sqrt(x)^2 - x", lambda x: gnp.sqrt(x) ** 2 - x, [2.5, 1e-5]),
]

TWO = [
    ("sin(x + y) - (sin(x)*cos(y) + cos(x)*sin(y))",
     lambda x, y: gnp.sin(x + y) - (gnp.sin(x) * gnp.cos(y) + gnp.cos(x) * gnp.sin(y))),
    ("cos(x - 2*y) - (cos(x)*cos(2*y) + sin(x)*sin(2*y))",
     lambda x, y: gnp.cos(x - 2 * y) - (gnp.cos(x) * gnp.cos(2 * y) + gnp.sin(x) * gnp.sin(2 * y))),
    ("log(x*y) - log(x) - log(y)", lambda x, y: gnp.log(x * y) - gnp.log(x) - gnp.log(y)),
    ("log(x^2*y) - 2*log(-x) - log(y)", lambda x, y: gnp.log(x ** 2 * y) - 2 * gnp.log(-x) - gnp.log(y)),
]
TWO_POINTS = {"log(x^2*y) - 2*log(-x) - log(y)": [(-0.3, 1.7), (-2.5, 3.25)]}


def _exactly_zero(r):
    assert r.status == "ok", (r.status, [f.message for f in r.findings])
    assert r.exact_value == 0
    assert r.exact_gradient and all(g == 0 for g in r.exact_gradient.values()), r.exact_gradient


CASES = [(text, points) for text, _, points in IDENTITIES] + [(f, p) for _, f, p in IDENTITIES if f is not None]


@pytest.mark.parametrize("target, points", CASES,
                         ids=[t if isinstance(t, str) else f"python: {IDENTITIES[[f for _, f, _ in IDENTITIES].index(t)][0]}"
                              for t, _ in CASES])
def test_an_identity_is_an_exact_0_with_an_exact_0_gradient(target, points):
    report = gradcli.check(target, points, dtypes=F64, fixes=False)
    assert len(report.results) == len(points)
    for r in report.results:
        _exactly_zero(r)


@pytest.mark.parametrize("text, function", TWO, ids=[t for t, _ in TWO])
@pytest.mark.parametrize("as_function", [False, True], ids=["formula", "python"])
def test_an_identity_of_two_variables_is_an_exact_0(text, function, as_function):
    points = TWO_POINTS.get(text, [(0.3, 1.7), (2.5, 3.25)])
    target = function if as_function else text
    report = gradcli.check(target, [{"x": x, "y": y} for x, y in points], dtypes=F64, fixes=False)
    assert len(report.results) == len(points)
    for r in report.results:
        _exactly_zero(r)


def test_a_float_constant_breaks_an_identity():
    # gnp.pi / 2 is float64's pi / 2, not pi / 2: the function is pi/2 - fl(pi/2) away from 0, and says so.
    (r,) = gradcli.check(lambda x: gnp.arctan(x) + gnp.arctan(1 / x) - gnp.pi / 2, [2.5], dtypes=F64, fixes=False).results
    with mpmath.workdps(60):
        truth = mpmath.pi / 2 - mpmath.mpf(float(mpmath.pi / 2))
    assert abs(mpmath.mpf(r.exact_value_text) - truth) <= abs(truth) * mpmath.mpf(10) ** -15
    assert r.exact_gradient == {"x": 0.0}


@pytest.mark.parametrize("as_function", [False, True], ids=["formula", "python"])
def test_a_hair_from_an_identity_keeps_its_tiny_exact_value(as_function):
    # sin(2x) - 2 sin(x) cos(x) + 1e-300 is 1e-300 (the float nearest it), its derivative exactly 0.
    text = "sin(2*x) - 2*sin(x)*cos(x) + 1e-300"
    target = (lambda x: gnp.sin(2 * x) - 2 * gnp.sin(x) * gnp.cos(x) + 1e-300) if as_function else text
    (r,) = gradcli.check(target, [2.5], dtypes=F64, fixes=False).results
    assert r.status in ("ok", "unstable")  # float64 cancels sin(5) against 2 sin(2.5) cos(2.5): its own business
    assert r.exact_value == 1e-300
    assert all(g == 0 for g in r.exact_gradient.values())


@pytest.mark.parametrize("as_function", [False, True], ids=["formula", "python"])
def test_a_tiny_number_that_looks_like_an_identity_is_not_taken_for_0(as_function):
    # exp(-x) (1 + exp(-x)) - exp(-x) = exp(-2x): e^-12000 at 6000, far below what float64 holds.
    text = "exp(-x)*(1 + exp(-x)) - exp(-x)"
    target = (lambda x: gnp.exp(-x) * (1 + gnp.exp(-x)) - gnp.exp(-x)) if as_function else text
    (r,) = gradcli.check(target, [6000.0], dtypes=F64, fixes=False).results
    with mpmath.workdps(40):
        value, slope = mpmath.exp(-12000), -2 * mpmath.exp(-12000)
    assert r.exact_value_text is not None
    assert abs(mpmath.mpf(r.exact_value_text) - value) <= value * mpmath.mpf(10) ** -15
    (text_slope,) = r.exact_gradient_text.values()
    assert abs(mpmath.mpf(text_slope) - slope) <= abs(slope) * mpmath.mpf(10) ** -15


@pytest.mark.parametrize(
    "text",
    ["sin(2*x) - 2*sin(x)*cos(x) + 1e-300*cos(x)", "arctan(x) + arctan(1/x) - 2*arctan(1) + 1e-300*x"],
)
def test_an_identity_plus_a_tiny_term_is_the_tiny_term(text):
    # the identity cancels exactly; what is left is the tiny term and its derivative, to their last digits.
    (r,) = gradcli.check(text, [2.5], dtypes=F64, fixes=False).results
    assert r.exact_value_text is not None
    with mpmath.workdps(60):
        x = mpmath.mpf(2.5)
        tiny = mpmath.mpf(1e-300)
        value, slope = ((tiny * mpmath.cos(x), -tiny * mpmath.sin(x)) if "cos" in text.split("+")[-1]
                        else (tiny * x, tiny))
    assert abs(mpmath.mpf(r.exact_value_text) - value) <= abs(value) * mpmath.mpf(10) ** -15
    (text_slope,) = r.exact_gradient_text.values()
    assert abs(mpmath.mpf(text_slope) - slope) <= abs(slope) * mpmath.mpf(10) ** -15


def test_the_generators_every_proof_run_shares_are_left_as_they_were():
    # Every proof run takes the same context's generators (`arb_proof_quotients._ring`): a run that changed one in
    # place would change every later proof's atoms.
    from gradcli.autodiff.arb_proof_quotients import ATOMS, _ring

    for text, function, points in IDENTITIES[:6]:
        for r in gradcli.check(function or text, points, dtypes=F64, fixes=False).results:
            _exactly_zero(r)
    _, generators = _ring()
    assert [str(g) for g in generators] == [f"a{n}" for n in range(ATOMS)]
