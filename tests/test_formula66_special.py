"""Formulas calling SciPy's scaled Bessel functions i0e and i1e and Lambert's W: parsed, differentiated (i0e' = i1e -
sign(x) i0e, with its corner at 0; i1e' = i0e - i1e/x - sign(x) i1e, 1/2 at 0; W' = 1/(x + e^W)), checked against the
exact reference and printed by `gradcli diff` as code that runs. Truths: mpmath's besseli times exp(-|x|) and
mpmath's lambertw at 600 digits, differentiated by hand (W' as W/(x (1 + W)), its limit 1 at 0)."""

import json

import mpmath
import pytest
from click.testing import CliRunner

import gradcli
from gradcli.cli import cli


def _i0e(x):
    return mpmath.besseli(0, x) * mpmath.exp(-abs(x))


def _i1e(x):
    return mpmath.besseli(1, x) * mpmath.exp(-abs(x))


def _slope(name, x):
    """The exact slope of i0e or i1e at the float x, at 600 digits (a string, so nothing rounds it to float64)."""
    with mpmath.workdps(600):
        x = mpmath.mpf(x)
        if name == "i0e":
            return _i1e(x) - mpmath.sign(x) * _i0e(x)
        if name == "lambertw":
            w = mpmath.lambertw(x).real
            return mpmath.mpf(1) if x == 0 else w / (x * (1 + w))
        return mpmath.mpf(1) / 2 if x == 0 else _i0e(x) - _i1e(x) / x - mpmath.sign(x) * _i1e(x)


CASES = [("i0e", -2.5), ("i0e", 1e300), ("i0e", 1e-300), ("i1e", 0.0), ("i1e", 3.0), ("i1e", -1e200),
         ("lambertw", -0.3), ("lambertw", 0.0), ("lambertw", 5.0), ("lambertw", 1e300), ("lambertw", -1e-300)]


def test_the_exact_reference_gives_each_slope_to_its_digits():
    for name, x in CASES:
        (result,) = gradcli.check(f"{name}(x)", [{"x": x}], dtypes=("float64",), fixes=False).results
        want = _slope(name, x)
        with mpmath.workdps(40):
            got = mpmath.mpf(result.to_dict()["exact_gradient_text"]["x"] or result.exact_gradient["x"])
            assert abs(got - want) <= mpmath.mpf(10) ** -14 * abs(want), (name, x, got, want)


def test_i0e_at_0_is_a_corner():
    (result,) = gradcli.check("i0e(x)", [{"x": 0.0}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "domain"
    (kink,) = [f for f in result.findings if f.kind == "kink"]
    assert "1 from the left and -1 from the right" in kink.message, kink.message  # i1e(0) -+ i0e(0)


def test_lambertw_left_of_its_branch_point_is_outside_the_domain():
    (result,) = gradcli.check("lambertw(x)", [{"x": -0.5}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "domain" and result.exact_value != result.exact_value  # NaN, as gradcli.scipy's


@pytest.mark.parametrize("name", ["i0e", "i1e", "lambertw"])
def test_gradcli_diffs_python_code_runs_and_agrees(name):
    out = CliRunner().invoke(cli, ["diff", f"{name}(x) * x", "--format", "python"])
    assert out.exit_code == 0, out.output
    assert "import gradcli.scipy.special as gsp" in out.stdout and f"gsp.{name}(x)" in out.stdout
    space = {}
    exec(compile(out.stdout, "<gradcli diff --format python>", "exec"), space)  # noqa: S102 - the printed code, as pasted
    x = 1.75
    with mpmath.workdps(40):
        value = {"i0e": _i0e, "i1e": _i1e, "lambertw": lambda t: mpmath.lambertw(t).real}[name](mpmath.mpf(x))
        want = value + x * _slope(name, x)
    assert float(space["df_dx"](x)) == pytest.approx(float(want), rel=1e-13)


def test_the_json_of_diff_names_the_function():
    out = CliRunner().invoke(cli, ["diff", "i1e(x)", "--format", "json"])
    assert out.exit_code == 0, out.output
    assert "i0e(x)" in json.dumps(json.loads(out.stdout))
