"""Python functions get the diagnosis formulas get: kinks, one-sided singularities, domain, NaN through where.

Expectations are hand-derived: |h|/h is -1 from the left and 1 from the right, so a norm, abs or a
distance at 0 has one-sided derivatives -1 and 1 in every coordinate; max(x, 0) has 0 and 1;
sinc'(0) = 0 and sinc'(x) = (x cos x - sin x) / x^2 (mpmath at 60 digits).
"""

import json
import math
import re
import textwrap

import mpmath
import numpy
import pytest
from click.testing import CliRunner

import gradcli
from gradcli.autodiff.ops import raw
import gradcli.numpy as np
from gradcli.checker import judge
from gradcli.cli import cli


def safe_norm(x):
    return np.sqrt(np.sum(x * x))


def norm2(x, y):
    return np.sqrt(x * x + y * y)


def absolute(x):
    return np.abs(x)


def relu(x):
    return np.maximum(x, 0.0)


def distance(x, y):
    return np.linalg.norm(x - y)


def total_abs(x):
    return np.sum(np.abs(x))


def sinc(x):
    return np.where(x != 0, np.sin(x) / x, 1.0)


def sinc_sum(x):
    return np.sum(np.where(x != 0, np.sin(x) / x, 1.0))


def log_right(x):
    return np.where(x > 0, np.log(np.where(x > 0, x, 1.0)), 0.0)


def sqrt_of(x):
    return np.sqrt(x)


def reciprocal(x):
    return 1.0 / x


def one(function, point):
    (result,) = gradcli.check(function, [point], dtypes=("float64",)).results
    return result


def kinks(result):
    """{coordinate: (left, right)} read off the kink findings' messages."""
    out = {}
    for f in result.findings:
        if f.kind == "kink":
            left, right = re.search(r"is (\S+) from the left and (\S+) from the right", f.message).groups()
            out[f.op] = (float(left), float(right))
    return out


def no_none_anywhere(result):
    texts = [f.message for f in result.findings] + list(result.notes)
    assert not any("None" in t for t in texts), texts


def flat(value):
    return list(numpy.ravel(numpy.asarray(value, dtype=float)))


# -- kinks ---------------------------------------------------------------------------------------


def test_safe_norm_at_zero_is_a_kink_in_every_coordinate():
    result = one(safe_norm, {"x": numpy.zeros(3)})
    assert result.status == "domain" and result.gradient_status == "domain"
    assert kinks(result) == {"x[0]": (-1.0, 1.0), "x[1]": (-1.0, 1.0), "x[2]": (-1.0, 1.0)}
    assert not any(f.kind in ("wrong-rule", "nonfinite-rule") for f in result.findings)
    # No derivative exists there: the exact gradient is NaN, shown entry by entry, never blank or None.
    assert all(math.isnan(v) for v in flat(result.exact_gradient["x"])) and len(flat(result.exact_gradient["x"])) == 3
    no_none_anywhere(result)


def test_two_variable_norm_gets_the_formulas_diagnosis():
    function = one(norm2, {"x": 0.0, "y": 0.0})
    (formula,) = gradcli.check("sqrt(x^2+y^2)", [{"x": 0.0, "y": 0.0}], dtypes=("float64",)).results
    assert function.status == formula.status == "domain"
    assert kinks(function) == kinks(formula) == {"x": (-1.0, 1.0), "y": (-1.0, 1.0)}
    assert all(math.isnan(function.exact_gradient[n]) for n in "xy")
    no_none_anywhere(function)
    no_none_anywhere(formula)


@pytest.mark.parametrize(
    "function, point, expected",
    [
        (absolute, {"x": 0.0}, {"x": (-1.0, 1.0)}),
        (relu, {"x": 0.0}, {"x": (0.0, 1.0)}),
        (distance, {"x": numpy.array([1.0, 2.0]), "y": numpy.array([1.0, 2.0])},
         {"x[0]": (-1.0, 1.0), "x[1]": (-1.0, 1.0), "y[0]": (-1.0, 1.0), "y[1]": (-1.0, 1.0)}),
    ],
    ids=["abs", "maximum", "linalg.norm of a difference"],
)
def test_kinks_in_code_are_domain_never_ok(function, point, expected):
    result = one(function, point)
    assert result.status == "domain", result.findings
    assert kinks(result) == expected
    # The central difference (0 for abs, 0.5 for max) is not passed off as the exact gradient.
    assert all(math.isnan(v) for n in point for v in flat(result.exact_gradient[n]))
    no_none_anywhere(result)


@pytest.mark.parametrize(
    "function, point, expected",
    [
        (absolute, {"x": 0.5}, {"x": [1.0]}),
        (absolute, {"x": -1e-3}, {"x": [-1.0]}),
        (relu, {"x": 0.3}, {"x": [1.0]}),
        (relu, {"x": -0.3}, {"x": [0.0]}),
        (distance, {"x": numpy.array([1.0, 2.0]), "y": numpy.array([1.0, 3.0])},
         {"x": [0.0, -1.0], "y": [0.0, 1.0]}),  # (x - y) / |x - y| = (0, -1)
    ],
)
def test_a_smooth_point_nearby_is_still_ok(function, point, expected):
    result = one(function, point)
    assert result.status == "ok", result.findings
    assert not kinks(result)
    for n, truth in expected.items():
        assert flat(result.exact_gradient[n]) == truth


def test_only_the_kinked_entry_of_an_array_is_undefined():
    result = one(total_abs, {"x": numpy.array([0.0, -2.0, 3.0])})
    assert result.status == "domain"
    assert kinks(result) == {"x[0]": (-1.0, 1.0)}
    first, *rest = flat(result.exact_gradient["x"])
    assert math.isnan(first) and rest == [-1.0, 1.0]


# -- one-sided singularities and domain: as the formula says ---------------------------------------


def _diagnosis(result):
    return result.status, sorted({f.kind for f in result.findings} & {"kink", "singular", "domain"})


@pytest.mark.parametrize(
    "function, formula, x",
    [
        (log_right, "where(x>0, log(x), 0)", 0.0),  # a pole from the right, 0 from the left
        (sqrt_of, "sqrt(x)", 0.0),  # the derivative is infinite (and NaN to the left)
        (reciprocal, "1/x", 0.0),  # the value itself is infinite
    ],
)
def test_one_sided_singularities_match_the_formula(function, formula, x):
    result = one(function, {"x": x})
    (expected,) = gradcli.check(formula, [x], dtypes=("float64",)).results
    assert _diagnosis(result) == _diagnosis(expected)
    assert result.status == "domain"
    assert math.isnan(result.exact_gradient["x"]) or math.isinf(result.exact_gradient["x"])
    no_none_anywhere(result)


def test_log_at_zero_from_one_side_is_singular_with_its_quotients():
    result = one(log_right, {"x": 0.0})
    (singular,) = [f for f in result.findings if f.kind == "singular"]
    assert "from the left the derivative is 0" in singular.message
    for quotient, step in re.findall(r"(-?[\d.e+]+) at step ([\d.e+-]+)", singular.message):
        with mpmath.workdps(60):  # the right quotient (log(h) - 0) / h
            truth = mpmath.log(mpmath.mpf(step)) / mpmath.mpf(step)
            assert abs(float(quotient) - truth) <= 1e-2 * abs(truth)


# -- NaN leaking through where: the exact reference survives 0/0 -------------------------------------


def test_sinc_at_zero_exact_gradient_is_zero_and_the_leak_is_wrong():
    result = one(sinc, {"x": 0.0})
    assert result.exact_value == 1.0 and result.exact_gradient == {"x": 0.0}  # sinc'(0) = 0
    assert math.isnan(result.gradient["x"])
    assert result.status == "wrong" and result.gradient_status == "wrong"
    assert {"nonfinite-rule", "where-nan"} <= {f.kind for f in result.findings}
    # No float64 stand-in: the exact reference ran at high precision.
    assert not any("exact reference failed" in n or "instead" in n for n in result.notes), result.notes
    assert result.digits_used >= 30
    no_none_anywhere(result)


def test_sinc_over_an_array_has_exact_entries_and_is_wrong():
    result = one(sinc_sum, {"x": numpy.array([0.0, 0.5])})
    with mpmath.workdps(60):
        x = mpmath.mpf(0.5)
        truth = (x * mpmath.cos(x) - mpmath.sin(x)) / x**2
    at_zero, at_half = flat(result.exact_gradient["x"])
    assert at_zero == 0.0 and abs(at_half - float(truth)) <= 1e-14 * abs(float(truth))
    assert result.status == "wrong"
    no_none_anywhere(result)


# -- messages and JSON: never None, array entries shown ---------------------------------------------


def test_short_shows_every_entry_and_never_none():
    text = judge._short({"x": None, "y": numpy.array([math.nan, 1.0]), "z": 0.25}, ["x", "y", "z"])
    assert text == "{x: not computed, y: [nan, 1], z: 0.25}"


@pytest.mark.parametrize(
    "name, at",
    [("safe_norm", "x=[0,0,0]"), ("distance", "x=[1,2]"), ("sinc", "x=0"), ("absolute", "x=0")],
)
def test_cli_json_and_table_have_no_none_and_no_blank_cell(tmp_path, name, at):
    source = tmp_path / "functions.py"
    source.write_text(
        textwrap.dedent(
            """
            import gradcli.numpy as np

            def safe_norm(x):
                return np.sqrt(np.sum(x * x))

            def distance(x):
                return np.linalg.norm(x - np.array([1.0, 2.0]))

            def sinc(x):
                return np.where(x != 0, np.sin(x) / x, 1.0)

            def absolute(x):
                return np.abs(x)
            """
        )
    )
    target = f"{source}:{name}"
    data = json.loads(CliRunner().invoke(cli, ["check", target, "--at", at, "--dtype", "float64", "--json", "--no-fix"]).stdout)
    (result,) = data["results"]
    for key in ("gradient", "exact_gradient", "rule_gradient"):
        assert "null" not in json.dumps(result[key]), (key, result[key])
    assert all("None" not in f["message"] for f in result["findings"])
    assert result["status"] in ("domain", "wrong")
    table = CliRunner().invoke(cli, ["check", target, "--at", at, "--dtype", "float64", "--no-fix"]).stdout
    assert "None" not in table
    row = next(line for line in table.splitlines() if "float64" in line and "│" in line)
    cells = [c.strip() for c in row.split("│")[1:-1]]
    assert cells and all(cells), row


def picky(x):
    """A function that refuses high-precision numbers (mpmath's, arb balls): no exact reference can be had for it."""
    if type(raw(x)).__name__ in ("mpf", "arb"):  # raw: traced or not
        raise TypeError("this function takes floats only")
    return np.sin(x) * 2.0


def test_a_program_that_cannot_run_at_high_precision_has_no_exact_reference_and_no_stand_in():
    result = one(picky, {"x": 0.5})
    assert result.exact_value is None and result.exact_value_text is None
    assert result.exact_gradient == {"x": None} and result.exact_gradient_text == {"x": None}
    assert any("exact reference failed" in n for n in result.notes)
    # Never judged against float64 numbers, which share the errors being looked for: no verdict, and why.
    assert result.status == "error"
    assert any(f.kind == "undetermined" and "high-precision" in f.message for f in result.findings), result.findings
    # The finite differences are still shown, as what they are.
    assert abs(result.fd_gradient["x"] - 2 * math.cos(0.5)) <= 1e-9


# -- many inputs: along the random direction -------------------------------------------------------


def test_a_kink_along_the_random_direction_at_many_inputs():
    # 20 inputs: the exact derivative is known along a unit direction d only; f(t d) = |t| there.
    result = one(safe_norm, {"x": numpy.zeros(20)})
    assert result.status == "domain", result.findings
    assert kinks(result) == {"the random direction": (-1.0, 1.0)}
    assert math.isnan(result.exact_directional)
    no_none_anywhere(result)
    nearby = one(safe_norm, {"x": numpy.arange(20.0)})
    assert nearby.status == "ok" and not kinks(nearby)


@gradcli.custom_gradient
def nan_rule_square_sum(x):
    return np.sum(x * x), lambda dy: dy * x * float("nan")


def test_a_nan_rule_along_the_random_direction_is_never_ok():
    # Smooth (sum of squares), so no kink: the NaN rule is wrong, never passed by a NaN comparison.
    result = one(nan_rule_square_sum, {"x": numpy.linspace(1.0, 2.0, 20)})
    assert result.status == "wrong", result.findings
    assert not kinks(result)


# -- a kink is a property of the point: a switch nearby is not one --------------------------------


def logistic_density(x, s):
    return np.exp(-np.abs(x) / s) / (s * (1 + np.exp(-np.abs(x) / s)) ** 2)


def ratio_distance(a, b):
    return np.sqrt(np.abs((a * a - b * b) / (a * a)))


def leaky_tiny(x):
    return np.where(x > 1e-300, x, 0.01 * x)


@pytest.mark.parametrize("function, point, variable, expected", [
    # d/dx sigma'(x) = sigma'(x) (1 - 2 sigma(x)) for x < 0, at s = 1: 2.875e-18, not a singularity.
    (logistic_density, {"x": -2.3e-17, "s": 1.0}, "x",
     lambda: (lambda e: e * (1 - e) / (1 + e) ** 3)(mpmath.exp(mpmath.mpf(-2.3e-17)))),
    # |1 - b^2/a^2| switches at |b| = |a| = 5e-324, not at b = 0: there d/db = 0.
    (ratio_distance, {"a": 5e-324, "b": 0.0}, "b", lambda: mpmath.mpf(0)),
    # The switch at 1e-300 is 1e-301 away: the ordinary derivative 1.
    (leaky_tiny, {"x": 1.1e-300}, "x", lambda: mpmath.mpf(1)),
])
def test_a_switch_near_the_point_is_no_kink_there(function, point, variable, expected):
    result = gradcli.check(function, [point], dtypes=("float64",), fixes=False).results[0]
    assert not any(f.kind in ("kink", "singular") for f in result.findings), result.findings
    with mpmath.workdps(60):
        want = expected()
    got = mpmath.mpf(result.exact_gradient_text[variable] or result.exact_gradient[variable])
    assert abs(got - want) <= 1e-12 * abs(want), (got, want)


@pytest.mark.parametrize("formula, point", [
    ("exp(-abs(x)/s) / (s*(1+exp(-abs(x)/s))^2)", {"x": -2.3e-17, "s": 1.0}),
    ("sqrt(abs((a*a - b*b)/(a*a)))", {"a": 5e-324, "b": 0.0}),
])
def test_a_formula_near_a_switch_has_a_finite_exact_gradient(formula, point):
    result = gradcli.check(formula, [point], dtypes=("float64",), fixes=False).results[0]
    assert result.status != "domain", result.findings
    assert all(g is not None and math.isfinite(g) for g in result.exact_gradient.values()), result.exact_gradient


def angle(y, x):
    return np.arctan2(y, x)


def angle_of_square(y, x):
    return np.arctan2(y * y, x)


def test_arctan2_on_its_cut_jumps_in_y_and_is_domain_as_a_formula_is():
    # atan2(+0, -1) = pi, atan2(-h, -1) -> -pi: no derivative in y; in x it is constant pi, so exactly 0.
    function = one(angle, {"y": 0.0, "x": -1.0})
    (formula,) = gradcli.check("atan2(y, x)", [{"y": 0.0, "x": -1.0}], dtypes=("float64",)).results
    for result in (function, formula):
        assert result.status == "domain", result.findings
        assert math.isnan(result.exact_gradient["y"]) and result.exact_gradient["x"] == 0
        assert any(f.kind == "jump" and "y" in f.message for f in result.findings), result.findings
        no_none_anywhere(result)


@pytest.mark.parametrize(
    "function, point, expected",
    [
        (angle, {"y": 1e-300, "x": -1.0}, {"y": -1.0, "x": -1e-300}),  # off the cut, however near: smooth
        (angle, {"y": 0.0, "x": 2.0}, {"y": 0.5, "x": 0.0}),  # y = 0 with x > 0: no cut there
        (angle_of_square, {"y": 0.0, "x": -1.0}, {"y": 0.0, "x": 0.0}),  # y*y never crosses the cut
    ],
)
def test_arctan2_off_its_cut_is_ok_with_its_derivative(function, point, expected):
    result = one(function, point)
    assert result.status == "ok", result.findings
    assert {n: result.exact_gradient[n] for n in expected} == pytest.approx(expected, rel=1e-15)


from gradcli.autodiff import custom_gradient  # noqa: E402 - used by the straight-through cases only


@custom_gradient
def straight_through_round(x):
    def grad(dy):
        return dy  # the straight-through estimator: deliberately not round's derivative

    return np.round(x), grad


def quantized(x):
    return np.sum(straight_through_round(x) * numpy.array([1.0, 2.0]))


def stepped(x):
    return np.sum(np.floor(x) * x + np.ceil(x) * x + np.trunc(x) + np.rint(x) * x)


def test_a_straight_through_rule_is_wrong_because_the_steps_derivative_is_proven_0():
    # round is constant off its steps: its derivative is exactly 0, so a rule giving 1 is not the derivative.
    result = one(quantized, {"x": numpy.array([0.3, 1.2])})
    assert result.status == "wrong", result.findings
    assert flat(result.exact_gradient["x"]) == [0.0, 0.0]


def test_piecewise_constant_ops_off_their_steps_differentiate_as_constants():
    # d/dx (floor(x) x + ceil(x) x + trunc(x) + rint(x) x) = floor(x) + ceil(x) + rint(x) off every step.
    result = one(stepped, {"x": numpy.array([0.3, 1.7, -2.2, -0.4])})
    assert result.status == "ok", result.findings
    assert flat(result.exact_gradient["x"]) == [0 + 1 + 0, 1 + 2 + 2, -3 - 2 - 2, -1 + 0 + 0]


@pytest.mark.parametrize("x", [2.0, -2.5, 0.5])
def test_on_a_step_of_floor_or_rint_there_is_no_derivative(x):
    result = one(stepped, {"x": numpy.array([x])})
    assert result.status == "domain", result.findings
    assert not math.isfinite(flat(result.exact_gradient["x"])[0])  # a jump: no finite derivative
