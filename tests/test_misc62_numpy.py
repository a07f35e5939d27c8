"""Plain NumPy's polynomial division and powers, a check's exit code where a result is an error, and the slopes a
point keeps beside a domain finding (formulas and Python functions alike). Truths are mpmath's, from the mathematics.
"""

import json
import textwrap

import mpmath
import numpy
import pytest
from click.testing import CliRunner

import gradcli
from gradcli.autodiff import grad
from gradcli.autodiff.ops_poly1d import poly1d, polydiv
from gradcli.cli import cli

DIVISIONS = '''\
import numpy as np

U = [2.0, -3.0, 0.5, 5.0]


def remainder_by_a_root(x):
    """u / (t - x): its remainder is u(x), the remainder theorem."""
    quotient, remainder = np.poly1d(U) / np.poly1d([1.0, -x])
    return remainder[0]


def quotient_weighted(x):
    quotient, remainder = np.polydiv(U, [1.0, -x])
    return quotient[0] + 2 * quotient[1] + 3 * quotient[2]


def fractional_power(x):
    return (np.poly1d([1.0, x]) ** 2.5)(1.0)


def whole_float_power(x):
    return (np.poly1d([1.0, x]) ** 2.0)(1.0)
'''

U = [mpmath.mpf(2), mpmath.mpf(-3), mpmath.mpf("0.5"), mpmath.mpf(5)]


@pytest.fixture(scope="module")
def divisions(tmp_path_factory):
    path = tmp_path_factory.mktemp("misc62") / "divisions.py"
    path.write_text(DIVISIONS)
    return str(path)


def test_a_remainder_by_a_traced_root_is_the_polynomial_there_and_its_slope(divisions):
    report = gradcli.check(f"{divisions}:remainder_by_a_root", [0.75, -1.5], dtypes=("float64",))
    for result, x in zip(report.results, (mpmath.mpf("0.75"), mpmath.mpf("-1.5"))):
        assert result.status == "ok"
        assert result.exact_value == pytest.approx(float(mpmath.polyval(U, x)), rel=1e-14)
        assert result.exact_gradient["x"] == pytest.approx(float(mpmath.polyval(U, x, derivative=True)[1]), rel=1e-14)


def test_a_quotient_by_a_traced_root_is_synthetic_division(divisions):
    # q_k = sum_{j <= k} u_j x^(k - j): the quotient of u by (t - x), Horner's partial sums
    report = gradcli.check(f"{divisions}:quotient_weighted", [0.75], dtypes=("float64",))
    x = mpmath.mpf("0.75")

    def weighted(x):
        return sum((k + 1) * sum(U[j] * x ** (k - j) for j in range(k + 1)) for k in range(3))

    (result,) = report.results
    assert result.status == "ok"
    assert result.exact_gradient["x"] == pytest.approx(float(mpmath.diff(weighted, x)), rel=1e-14)


def test_a_division_traced_in_both_polynomials_has_both_slopes():
    # [a, 1, b, 2] / [b, a]: q = [a/b, (1 - a^2/b)/b, ...]; r = the value at t = -a/b times 1
    def truth(a, b):
        t = -a / b
        q1 = (1 - a * a / b) / b
        return q1 * (a * t ** 3 + t ** 2 + b * t + 2)

    gradients = grad(lambda a, b: polydiv([a, 1.0, b, 2.0], [b, a])[0][1] * polydiv([a, 1.0, b, 2.0], [b, a])[1][0],
                     argnums=(0, 1))(0.5, 1.25)
    a, b = mpmath.mpf("0.5"), mpmath.mpf("1.25")
    assert float(gradients[0]) == pytest.approx(float(mpmath.diff(lambda v: truth(v, b), a)), rel=1e-12)
    assert float(gradients[1]) == pytest.approx(float(mpmath.diff(lambda v: truth(a, v), b)), rel=1e-12)


@pytest.mark.parametrize("u, v", [([1.0, 3.0, 2.5], [2.0, 1.0]), ([1.0, 3.0], [2.0, 1.0, 1.0]), ([1.0, 3.0], [5.0]),
                                  ([1.0, 0.0, -1.0], [1.0, -1.0])])
def test_polydiv_of_plain_numbers_has_numpys_shapes_and_numbers(u, v):
    ours, numpys = polydiv(u, v), numpy.polydiv(u, v)
    for mine, theirs in zip(ours, numpys):
        assert numpy.shape(mine) == numpy.shape(theirs)
        numpy.testing.assert_allclose(numpy.asarray(mine, dtype=float), theirs, rtol=1e-15, atol=1e-15)
    quotient, remainder = poly1d(u) / poly1d(v)
    assert isinstance(quotient, poly1d) and isinstance(remainder, poly1d)
    numpy.testing.assert_allclose(numpy.asarray(quotient), (numpy.poly1d(u) / numpy.poly1d(v))[0].coeffs, rtol=1e-15)


def test_a_power_numpy_refuses_is_refused_with_numpys_own_error():
    for exponent in (2.5, -1, 2.0, numpy.float64(2.0)):
        with pytest.raises(Exception) as numpys:
            numpy.poly1d([1.0, 2.0]) ** exponent
        with pytest.raises(type(numpys.value)) as ours:
            poly1d([1.0, 2.0]) ** exponent
        assert str(ours.value) == str(numpys.value)
    assert numpy.asarray(poly1d([1.0, 2.0]) ** 2).tolist() == [1.0, 4.0, 4.0]


def test_a_power_numpy_refuses_is_an_error_that_never_exits_0(divisions):
    runner = CliRunner()
    for function in ("fractional_power", "whole_float_power"):
        for command in (["check", "--fail-on", "wrong"], ["check"], ["grad"]):
            result = runner.invoke(cli, [*command, f"{divisions}:{function}", "--at", "x=0.5", "--dtype", "float64",
                                         "--json"])
            assert result.exit_code == 1, (command, result.output)
            document = json.loads(result.stdout)
            assert [r["status"] for r in document["results"]] == ["error"]
            assert "divisions.py:" in document["results"][0]["error"]
            assert document["ok"] is False


# A NaN the function makes outside an op's domain leaves the slopes of the coordinates that never reach that op.

BESIDE = '''\
import numpy as np


def logy(x, y):
    return np.log(x) + y ** 2


def vector(x, w):
    return np.sum(np.sqrt(x)) + np.exp(w[0]) * w[1]
'''


@pytest.fixture(scope="module")
def beside(tmp_path_factory):
    path = tmp_path_factory.mktemp("misc62") / "beside.py"
    path.write_text(BESIDE)
    return str(path)


def _exact(report):
    (result,) = report.results
    assert result.status == "domain"
    return result


def test_a_formula_and_a_function_keep_the_slope_their_nan_never_reaches(beside):
    for target in ("log(x)+y**2", f"{beside}:logy"):
        result = _exact(gradcli.check(target, [{"x": -1.0, "y": 3.0}], dtypes=("float64",)))
        assert result.exact_gradient["y"] == pytest.approx(float(mpmath.mpf(2) * 3), rel=1e-15)
        assert numpy.isnan(result.exact_gradient["x"])
        domain = next(f for f in result.findings if f.kind == "domain")
        assert "log outside its domain" in domain.message and "in y is shown" in domain.message


def test_an_array_argument_keeps_the_slopes_of_the_argument_the_nan_never_reaches(beside):
    result = _exact(gradcli.check(f"{beside}:vector", [{"x": [-1.0, 4.0], "w": [0.5, 2.0]}], dtypes=("float64",)))
    # d/dw0 e^w0 w1 = e^0.5 * 2, d/dw1 = e^0.5; x[0] meets the sqrt that made the NaN, x[1] only sqrt's other entry,
    # so it keeps its slope 1 / (2 sqrt(4)), as --wrt x alone says
    assert result.exact_gradient["w"] == pytest.approx([float(2 * mpmath.exp(0.5)), float(mpmath.exp(0.5))], rel=1e-15)
    assert numpy.isnan(result.exact_gradient["x"][0]) and result.exact_gradient["x"][1] == pytest.approx(0.25, rel=1e-15)


@pytest.mark.parametrize("formula", ["log(x*y)+y", "log(x)*y**2", "exp(log(x)+y)"])
def test_a_coordinate_that_meets_the_nan_or_whose_partial_is_the_nan_has_no_slope(formula):
    result = _exact(gradcli.check(formula, [{"x": -1.0, "y": 3.0}], dtypes=("float64",)))
    assert all(numpy.isnan(result.exact_gradient[name]) for name in ("x", "y"))
    assert not any("shown beside it" in f.message for f in result.findings)


def test_a_users_own_gradient_rule_is_never_taken_for_the_slope_beside_the_nan():
    import gradcli.numpy as gnp
    from gradcli import custom_gradient

    @custom_gradient
    def square(y):
        return y ** 2, lambda g: 3 * y * g  # a wrong rule: 3y, where the slope is 2y

    def logy(x, y):
        return gnp.log(x) + square(y)

    result = _exact(gradcli.check(logy, [{"x": -1.0, "y": 3.0}], dtypes=("float64",)))
    assert numpy.isnan(result.exact_gradient["y"])  # no slope claimed, rather than the rule's 9


def test_the_slope_beside_the_nan_is_in_the_text_and_the_json():
    runner = CliRunner()
    argv = ["check", "sqrt(x)+3*exp(y)", "--at", "x=-1,y=3", "--dtype", "float64", "--no-fix"]
    document = json.loads(runner.invoke(cli, [*argv, "--json"]).stdout)
    assert document["results"][0]["exact_gradient"]["y"] == pytest.approx(float(3 * mpmath.exp(3)), rel=1e-15)
    assert document["results"][0]["exact_gradient"]["x"] == "nan"
    text = runner.invoke(cli, argv).stdout
    assert "y: 60.2566" in text and "sqrt outside its domain" in " ".join(text.split())


# Airy's functions in gradcli.scipy.special (PyTorch's torch.special.airy_ai replays as Ai): values, slopes, and
# the second slope by Airy's equation y'' = x y, each against mpmath.


@pytest.mark.parametrize("x", [0.3, -2.5, 4.0])
def test_airys_functions_and_their_slopes_are_mpmaths(x):
    from gradcli.scipy import special

    exact = mpmath.mpf(x)
    truths = [(mpmath.airyai, 0), (mpmath.airyai, 1), (mpmath.airybi, 0), (mpmath.airybi, 1)]
    for k, (function, derivative) in enumerate(truths):
        value = special.airy(x)[k]
        slope = grad(lambda v: special.airy(v)[k])(x)
        curvature = grad(grad(lambda v: special.airy(v)[k]))(x)
        assert float(value) == pytest.approx(float(function(exact, derivative=derivative)), rel=1e-13, abs=1e-300)
        assert float(slope) == pytest.approx(float(function(exact, derivative=derivative + 1)), rel=1e-13)
        assert float(curvature) == pytest.approx(float(function(exact, derivative=derivative + 2)), rel=1e-12)
    assert numpy.asarray(special.airy(numpy.float32(x))[0]).dtype == numpy.float32


def test_airys_ai_on_exact_numbers_and_balls_is_mpmaths_and_flints():
    import flint

    from gradcli.autodiff.ops_scipy import airy_ai, airy_bip

    with mpmath.workdps(50):
        x = mpmath.mpf("-3.25")
        assert abs(airy_ai(x) - mpmath.airyai(x)) <= mpmath.mpf(10) ** -45 * abs(mpmath.airyai(x))
        assert abs(airy_bip(x) - mpmath.airybi(x, derivative=1)) <= mpmath.mpf(10) ** -45 * abs(mpmath.airybi(x, 1))
    ball = airy_ai(flint.arb("-3.25"))
    assert isinstance(ball, flint.arb) and ball.overlaps(flint.arb("-3.25").airy_ai())
