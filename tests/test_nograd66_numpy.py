"""An op gradcli differentiates in some arguments only (polygamma's order, betainc's parameters), checked in all of
them: the refusal names the call as the user's line writes it, the arguments without a rule as that call writes them,
the inputs to hold (--wrt), and the exact gradient the reference finds, against mpmath."""

import re

import mpmath
import pytest

import gradcli


def _finding(target, point, dtype="float64"):
    (result,) = gradcli.check(target, [point], dtypes=(dtype,), fixes=False, max_time=5).results
    (finding,) = [f for f in result.findings if f.kind == "no-derivative"]
    return result, finding


def _module(tmp_path, body):
    module = tmp_path / "user_special.py"
    module.write_text("import numpy as np\nfrom scipy import special\n\n\n" + body)
    return module


def _exact_numbers(message):
    """The exact gradient a finding lists: ``{name: number}``."""
    listed = re.search(r"exact gradient is \{([^}]*)\}", message).group(1)
    return {name: float(number) for name, number in re.findall(r"(\w+): (-?[\d.e+-]+)", listed)}


def test_a_plain_numpy_modules_polygamma_is_refused_in_its_order_in_the_users_words(tmp_path):
    module = _module(tmp_path, "def fn(n, x):\n    return special.polygamma(n, x)\n")
    result, finding = _finding(f"{module}:fn", {"n": 1.0, "x": 2.5})
    assert finding.op == "special.polygamma"
    assert finding.location.endswith("user_special.py:6")
    assert "its rule for special.polygamma differentiates it in x, not in n" in finding.message
    assert "hold n as data" in finding.message and "--wrt x" in finding.message
    assert "NoGradientError" not in finding.message and "argument 0" not in finding.message
    assert result.error == ""
    # the value the program computes is still shown, against the mathematics
    assert abs(float(result.value) - float(mpmath.psi(1, 2.5))) < 1e-12


def test_the_advice_checks_what_it_says(tmp_path):
    module = _module(tmp_path, "def fn(n, x):\n    return special.polygamma(n, x)\n")
    (result,) = gradcli.check(f"{module}:fn", [{"n": 1.0, "x": 2.5}], dtypes=("float64",), fixes=False,
                              wrt=["x"]).results
    assert result.status == "ok"
    assert abs(float(result.gradient["x"]) - float(mpmath.psi(2, 2.5))) < 1e-12


def test_a_gradcli_numpy_target_names_its_call_and_argument(tmp_path):
    module = tmp_path / "user_gnp.py"
    module.write_text("import gradcli.numpy as gnp\n\n\ndef fn(n, x):\n    return gnp.polygamma(n, x) * x\n")
    _, finding = _finding(f"{module}:fn", {"n": 2.0, "x": 1.5})
    assert finding.op == "gnp.polygamma"
    assert "differentiates it in x, not in n" in finding.message and "--wrt x" in finding.message


def test_betaincs_two_parameters_are_held_and_the_exact_gradient_is_the_mathematics(tmp_path):
    module = _module(tmp_path, "def fn(a, b, x):\n    return np.sum(special.betainc(a, b, x))\n")
    _, finding = _finding(f"{module}:fn", {"a": 2.0, "b": 3.0, "x": 0.4})
    assert "differentiates it in x, not in a, b" in finding.message
    assert "hold a, b as data" in finding.message and "--wrt x," in finding.message
    exact = _exact_numbers(finding.message)
    a, b, x = mpmath.mpf(2), mpmath.mpf(3), mpmath.mpf("0.4")
    density = x ** (a - 1) * (1 - x) ** (b - 1) / mpmath.beta(a, b)
    assert exact["x"] == pytest.approx(float(density), rel=1e-9)
    slope_a = mpmath.diff(lambda t: mpmath.betainc(t, b, 0, x, regularized=True), a)
    assert exact["a"] == pytest.approx(float(slope_a), rel=1e-9)


def test_polygammas_exact_slope_in_x_is_kept_when_its_order_is_differentiated_too(tmp_path):
    module = _module(tmp_path, "def fn(n, x):\n    return special.polygamma(n, x)\n")
    _, finding = _finding(f"{module}:fn", {"n": 1.0, "x": 2.5})
    assert _exact_numbers(finding.message)["x"] == pytest.approx(float(mpmath.psi(2, 2.5)), rel=1e-9)
    assert "in n the exact reference finds no finite derivative" in finding.message


def test_gradcli_scipys_polygamma_keeps_x_s_exact_slope_beside_its_orders_none(tmp_path):
    module = tmp_path / "user_gsp.py"
    module.write_text("from gradcli.scipy import special\n\n\ndef fn(n, x):\n    return special.polygamma(n, x) * x\n")
    _, finding = _finding(f"{module}:fn", {"n": 2.0, "x": 0.75})
    x = mpmath.mpf("0.75")
    assert _exact_numbers(finding.message)["x"] == pytest.approx(float(mpmath.psi(3, x) * x + mpmath.psi(2, x)),
                                                                 rel=1e-9)


@pytest.mark.wall_clock_budget
def test_a_reference_that_ran_out_of_time_says_so_rather_than_that_there_is_no_gradient(tmp_path):
    module = _module(tmp_path, "def fn(n, x):\n    return special.polygamma(n, x)\n")
    (result,) = gradcli.check(f"{module}:fn", [{"n": 1.0, "x": 2.5}], dtypes=("float64",), fixes=False,
                              max_time=0.01).results
    (finding,) = [f for f in result.findings if f.kind == "no-derivative"]
    assert "ran past --max-time" in finding.message and "no gradient here either" not in finding.message
