"""What ``gradcli diff`` prints is the derivative wherever there is one, in real arithmetic, with the points
where there is none named.

Users copy the printed derivative into their code: sign(x)*x differentiates to sign(x) (not sympy's
2*x*DiracDelta(x) + sign(x)), with a note that x = 0 is a kink; a jump of the function (sign(x)) is
named where its DiracDelta would have been; and the printed code evaluates to the true derivative on
both sides of a switch (abs(sqrt(x)) is NaN for x < 0 in NumPy: the root is taken of abs(x)).
"""

from __future__ import annotations

import json
import math

import mpmath
import pytest
from click.testing import CliRunner

import gradcli.numpy as gnp
from gradcli.cli import cli
from gradcli.expr.diff import differentiate
from gradcli.expr.parse import parse

FORMATS = [(), ("--format", "python"), ("--format", "latex"), ("--format", "json")]


def _run(*argv):
    result = CliRunner().invoke(cli, ["diff", *argv])
    assert result.exit_code == 0, result.output
    return result


def _notes(text, **options):
    return differentiate(parse(text), **options).notes


@pytest.mark.parametrize("fmt", FORMATS)
def test_sign_times_x_prints_sign_with_the_kink_named(fmt):
    result = _run("sign(x)*x", *fmt)
    assert "DiracDelta" not in result.output and "0.0" not in result.stdout
    if fmt == ("--format", "json"):
        data = json.loads(result.stdout)
        assert data["derivatives"]["x"] == "sign(x)"
        assert data["python"]["x"] == "gnp.sign(x)"
        notes = data["notes"]
    else:
        notes = [line for line in result.output.splitlines() if line.startswith("note:")]
        assert {(): "d/dx f = sign(x)", ("--format", "python"): "return gnp.sign(x)",
                ("--format", "latex"): r"\operatorname{sign}"}[fmt] in result.stdout
    assert any("where x = 0" in note and "1 from the side x > 0 and -1 from the side x < 0" in note for note in notes)


@pytest.mark.parametrize(
    "text, order, label, jumping",
    [
        ("sign(x)", 1, "d/dx", "f"),
        ("sign(x - 1)*(x + 2)", 1, "d/dx", "f"),
        ("max(x, 0)", 2, "d^2/dx^2", "d/dx f"),
        ("abs(x)", 2, "d^2/dx^2", "d/dx f"),
    ],
)
def test_a_jump_is_named_where_its_impulse_is_dropped(text, order, label, jumping):
    result = differentiate(parse(text), wrt=("x",), order=order)
    (derivative,) = result.derivatives
    assert "DiracDelta" not in str(derivative.expr)
    jumps = [n for n in result.notes if n.startswith(f"{label} f is not defined where") and f": {jumping} jumps" in n]
    assert len(jumps) == 1, result.notes


@pytest.mark.parametrize("text", ["sign(x)*x**2", "x*abs(x)", "sign(x)*x"])
def test_no_jump_where_the_impulse_has_no_weight_on_its_switch(text):
    assert not [n for n in _notes(text) if "jumps" in n]


def test_an_infinite_slope_on_both_sides_is_named():
    notes = _notes("sign(x)*sqrt(abs(x))")
    assert any("is infinite where x = 0" in n for n in notes), notes


def _printed_functions(*argv):
    """Every function ``gradcli diff --format python`` prints, by name."""
    code = _run(*argv, "--format", "python").stdout
    scope = {}
    exec(compile(code, "<diff>", "exec"), scope)  # noqa: S102 - the test runs what a user would paste
    return {name: f for name, f in scope.items() if name.startswith(("df", "d2f"))}


# Each formula with the same mathematics written for mpmath, independently of gradcli's parser.
TWO_SIDED = [
    ("sign(x)*sqrt(abs(x))", lambda x: mpmath.sign(x) * mpmath.sqrt(abs(x))),
    ("sign(x)*abs(x)**(1/3)", lambda x: mpmath.sign(x) * mpmath.cbrt(abs(x))),
    ("sqrt(abs(x))", lambda x: mpmath.sqrt(abs(x))),
    ("abs(x)**1.5", lambda x: abs(x) ** mpmath.mpf(1.5)),
    ("sign(x)*x", lambda x: mpmath.sign(x) * x),
    ("sqrt(abs(x))*x", lambda x: mpmath.sqrt(abs(x)) * x),
    ("abs(sqrt(abs(x)) - 1)", lambda x: abs(mpmath.sqrt(abs(x)) - 1)),
]


@pytest.mark.parametrize("text, truth", TWO_SIDED, ids=[t for t, _ in TWO_SIDED])
def test_the_printed_code_is_the_derivative_on_both_sides(text, truth):
    (derivative,) = _printed_functions(text).values()
    with mpmath.workdps(40):
        for x in (-7.5, -2.25, -0.3, -1e-6, 1e-6, 0.3, 2.25, 7.5):
            expected = float(mpmath.diff(truth, mpmath.mpf(x)))
            got = float(derivative(gnp.array([x]))[0])
            assert math.isclose(got, expected, rel_tol=1e-12), (text, x, got, expected)


def _mp_sigmoid(x):
    return 1 / (1 + mpmath.exp(-x))


# A stable op's derivatives, written for mpmath from their mathematics: (formula, order, {printed name: truth}).
STABLE = [
    ("softplus(x)", 1, {"df_dx": lambda x, y: _mp_sigmoid(x)}),
    ("softplus(x)", 2, {"d2f_dx_dx": lambda x, y: _mp_sigmoid(x) * _mp_sigmoid(-x)}),
    ("sigmoid(x)", 1, {"df_dx": lambda x, y: _mp_sigmoid(x) * _mp_sigmoid(-x)}),
    ("logaddexp(x, y)", 1, {"df_dx": lambda x, y: _mp_sigmoid(x - y), "df_dy": lambda x, y: _mp_sigmoid(y - x)}),
    ("logaddexp(x, 0)", 1, {"df_dx": lambda x, y: _mp_sigmoid(x)}),
]


@pytest.mark.parametrize("text, order, truths", STABLE, ids=[f"{t} order {k}" for t, k, _ in STABLE])
def test_a_stable_op_differentiates_to_code_that_stays_finite_far_out(text, order, truths):
    printed = _printed_functions(text, "--order", str(order))
    assert set(printed) == set(truths)
    for name, truth in truths.items():
        variables = printed[name].__code__.co_varnames[: printed[name].__code__.co_argcount]
        for x in (-1e4, -800.0, -40.0, -3.0, 0.5, 40.0, 800.0, 1e4):
            point = {"x": x, "y": 0.25}
            got = float(printed[name](*(gnp.array([point[v]]) for v in variables))[0])
            expected = float(truth(mpmath.mpf(x), mpmath.mpf(0.25)))
            assert math.isclose(got, expected, rel_tol=1e-12, abs_tol=1e-300), (text, name, x, got, expected)


def test_the_stable_ops_mean_their_closed_forms():
    import sympy as sp

    from gradcli.expr import sympy_functions as sf

    x, y = sp.symbols("x y", real=True)
    assert sf.sigmoid(x).rewrite(sp.exp) == 1 / (1 + sp.exp(-x))
    assert sf.logaddexp(x, y).rewrite(sp.exp) == sp.log(sp.exp(x) + sp.exp(y))
    assert abs(sp.N(sf.softplus(sp.Rational(1, 3)) - sp.log(1 + sp.exp(sp.Rational(1, 3))), 30)) < 1e-25
