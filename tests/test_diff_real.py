"""`gradcli diff` computes in real numbers, as `gradcli grad` does: a real answer where there is one, else exit 2 naming why.

A constant part that is not a finite real number (``sqrt(-2)``, ``acos(2)``,
``log(0)``) is NaN, as in NumPy: a formula NaN everywhere for it exits 2 with
the part underlined; one only in a branch of ``where`` is NaN in that branch,
where `gradcli grad` finds the domain verdict at points too. A real constant that
sympy's evaluation overflows on (``sigmoid(sinh(1e38))``) is kept as written.
A comparison with NaN is false (and ``!=`` true), as in NumPy.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections import Counter

import pytest
from fuzz.targets import check_promises, run_cli
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import gradcli
from gradcli.checker.balls import Budget, NoBall, evaluate_formula
from gradcli.errors import InputError
from gradcli.expr.functions import FUNCTIONS
from gradcli.expr.parse import parse

POINT = 1.5
# What diff says of a formula it refuses for a constant that is not a finite real number.
NOT_REAL = re.compile(r"error: .+ (is not real|is infinite|divides by 0|holds .+ not a finite real)")
LIMITS = re.compile(r"gradcli refuses (numbers|constants) of more than|gradcli takes roots of numbers of at most")
UNREAL_TOKENS = re.compile(r"\b(I|zoo|nan|oo)\b")
FORMATS = [(), ("--format", "python"), ("--format", "latex"), ("--json",)]
# The sweeps below ask diff for hundreds of derivatives, and what they test is the answer, not the --max-time bound:
# without a bound diff derives and prints in this process (with one, each of its two steps runs in a forked child,
# which costs a pytest worker far more than the derivative does). The other tests of this file keep the bound.
UNBOUNDED = ("--max-time", "inf")


def bound_for(fmt):
    """The --max-time words a refusal in format ``fmt`` is asked with: the default bound (the forked child that finds
    the refusal, then the parent that prints it) in the terminal format, none in the others, where the same refusal
    comes back from the same derivation and only the printing differs (a fork costs a pytest worker ~0.1 s)."""
    return () if fmt == () else UNBOUNDED


def cli(*argv):
    outcome = run_cli(list(argv))
    check_promises(outcome, argv)
    return outcome


def grad_at(text, x=POINT):
    """What `gradcli grad` finds at one point in float64: the verdict and the exact derivative."""
    result = gradcli.check(text, [x], dtypes=("float64",), fixes=False).results[0]
    return result.status, result.exact_gradient["x"]


def value_of(derivative_text, x=POINT):
    """A printed derivative, parsed back as a formula: its value at ``x`` on balls (exact to 20 digits), as a float;
    where the balls refuse a function's corner (i0e at 0, whose value there is 1 exactly; ellipe at m = 1, where its
    ball cannot be proven below 1), the exact reference's value of the derivative, which its mpmath path answers there."""
    formula = parse(derivative_text)
    try:
        (value,), _ = evaluate_formula([formula.root], {"x": x}, Budget(30.0))
    except NoBall as refused:
        assert "corner" in str(refused) or "E's ball not proven < 1" in str(refused), refused
        return float(gradcli.check(f"x*0 + {derivative_text}", [{"x": x}], dtypes=("float64",),
                                   fixes=False).results[0].exact_value)
    return float(value)


def same(a, b):
    if isinstance(b, str) or b is None:
        return False
    if math.isinf(b):
        return a == b  # the exact derivative beyond doubles: the printed one overflows alike
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-300)


def agrees_with_grad(text):
    """``diff`` of ``text`` against ``grad`` at a point: refused exactly as grad's domain verdict, else the same number.

    Returns what happened, for the statistics.
    """
    outcome = cli("diff", text, "--no-simplify", *UNBOUNDED)
    if outcome.code == 2 and LIMITS.search(outcome.stderr):
        return "beyond sympy's size limits"  # gradcli's limits on exact numbers, not about real values
    status, exact = grad_at(text)
    if outcome.code == 2:
        assert NOT_REAL.match(outcome.stderr), (text, outcome.stderr)
        assert outcome.stdout == ""
        assert status == "domain", (text, outcome.stderr, status)
        return "refused"
    assert outcome.code == 0, (text, outcome.stderr)
    derivative = outcome.stdout.splitlines()[-1].removeprefix("d/dx f = ")
    assert not UNREAL_TOKENS.search(outcome.stdout), (text, outcome.stdout)
    if status == "error":
        return "grad failed"  # grad has no exact answer to compare with (x*(-8)**ceil(-8): an integer power)
    assert same(value_of(derivative), exact), (text, derivative, exact, status)
    return "differentiated"


# -- every function of the catalogue, out of its domain and in it -------------------------------

LITERALS = ["-8", "-2", "-1", "-0.5", "0", "0.5", "1", "2", "8", "pi", "1e38", "-1e38", "700"]


def _calls(literals):
    """Every function of the registry (by its own name) applied to constants, as formula text."""
    for name, spec in FUNCTIONS.items():
        for arity in spec.arities:
            if name == "where":
                yield f"where({literals[0]} < {literals[1]}, {literals[2]}, {literals[3]})"
            else:
                yield f"{name}({', '.join(literals[i % len(literals)] for i in range(arity))})"


@pytest.mark.parametrize("literal", LITERALS)
def test_each_function_of_the_catalogue_at_a_constant_is_real_or_refused_as_grad_finds(literal):
    seen = set()
    for call in _calls([literal, "2", "-1", "0.5"]):
        seen.add(agrees_with_grad(f"x*{call}"))
    assert seen  # every function was tried


def test_the_catalogue_has_functions_out_of_their_domain_at_these_literals():
    """The parametrized test above meets both outcomes: the refusals are real ones (found as it finds them)."""
    refused = {name for name in FUNCTIONS if name != "where" and any(
        cli("diff", f"x*{name}({', '.join([lit] * FUNCTIONS[name].arities[0])})", "--no-simplify", *UNBOUNDED).code == 2
        for lit in ("-2", "8", "0")
    )}
    assert {"sqrt", "log", "log2", "log10", "log1p", "arcsin", "arccos", "arccosh", "arctanh"} <= refused
    assert not refused & {"cbrt", "exp", "sin", "arctan", "sigmoid", "softplus", "abs", "hypot", "erf"}


# -- the property: random constant parts spliced into a formula in x ------------------------------

_NAMES = sorted(name for name in FUNCTIONS if name != "where")
_LITERAL = st.sampled_from(LITERALS + ["3", "0.25", "1e-300", "1e300", "-700", "e", "10**40"])


def _constant(leaves):
    one = st.builds(lambda name, args: f"{name}({', '.join(args[: FUNCTIONS[name].arities[0]])})",
                    st.sampled_from(_NAMES), st.lists(leaves, min_size=3, max_size=3))
    two = st.builds(lambda a, op, b: f"({a}){op}({b})", leaves, st.sampled_from(["+", "-", "*", "/", "**"]), leaves)
    return one | two


# At least one operation on literals; often two.
CONSTANTS = _constant(st.recursive(_LITERAL, _constant, max_leaves=3))
TEMPLATES = st.sampled_from(["x*({c})", "x + ({c})", "(x + ({c}))**2", "where(x < ({c}), x, 2*x)",
                             "where(({c}) < x, x, 2*x)"])


def test_diff_of_random_constants_is_real_or_refused_as_grad_finds():
    seen = Counter()

    @settings(max_examples=80, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    @given(constant=CONSTANTS, template=TEMPLATES)
    @example(constant="sin(arctan2(-2, 1e-300))", template="x*({c})")  # sympy's factor cache raised on its root
    @example(constant="sqrt(-8+1e-300)", template="x*({c})")  # a long number's even root: not real at any length
    @example(constant="sqrt(8+1e-300)", template="x*({c})")  # a long number's real root: past the size limit
    @example(constant="(sign(-0.5))**(pi)", template="where(x < ({c}), x, 2*x)")  # NaN compared, without a warning
    def check(constant, template):
        text = template.format(c=constant)
        try:
            parse(text)
        except InputError:
            seen["beyond the parser's limits"] += 1  # refused before diff or grad sees it
            return
        seen[agrees_with_grad(text)] += 1

    check()
    # Both outcomes, and most examples reach an assertion.
    assert seen["refused"] >= 5 and seen["differentiated"] >= 20, seen
    assert seen["beyond the parser's limits"] + seen["beyond sympy's size limits"] + seen["grad failed"] < 20, seen


# -- how a refusal reads, in every format ------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize(
    "text, part, why",
    [
        ("x + log(-1)", "log(-1)", "is not real"),
        ("x*sqrt(-2)", "sqrt(-2)", "is not real"),
        ("x + acos(2)", "acos(2)", "is not real"),
        ("x + atanh(8)", "atanh(8)", "is not real"),
        ("x*(-2)**0.5", "(-2)**0.5", "is not real"),
        ("x*sqrt(-8+1e-300)", "sqrt(-8+1e-300)", "is not real"),
        ("x*(-8+1e-300)**(1/3)", "(-8+1e-300)**(1/3)", "is not real"),
        ("x*ellipk(pi)", "ellipk(pi)", "is not real"),
        ("x + ellipkm1(-1)", "ellipkm1(-1)", "is not real"),
        ("x*log(0)", "log(0)", "is infinite"),
        ("2/0*x", "2/0", "divides by 0"),
        ("x*hypot(2, atanh(pi))", "atanh(pi)", "is not real"),
        ("x*hypot(x, atanh(pi))", "atanh(pi)", "is not real"),
        ("where(x > 0, x, sqrt(-1)) + acos(3)", "acos(3)", "is not real"),
        ("where(1 < 0, x, sqrt(-1))", "sqrt(-1)", "is not real"),
        ("acos(x - x + 2)*x", "acos(x - x + 2)", "is not real"),
    ],
)
def test_a_constant_that_is_not_a_finite_real_is_named_and_underlined(text, part, why, fmt):
    outcome = cli("diff", text, *fmt, *bound_for(fmt))
    assert outcome.code == 2 and (json.loads(outcome.stdout)["error"]["kind"] == "input" if "--json" in fmt else outcome.stdout == "")
    first, echoed, carets = outcome.stderr.splitlines()[:3]
    assert first.startswith(f"error: {part} {why}")
    assert echoed.strip() == text
    assert carets.index("^") - echoed.index(text) == text.index(part) and carets.strip() == "^" * len(part)


def test_a_derivative_that_makes_a_constant_not_real_is_refused_as_grad_finds_the_domain():
    outcome = cli("diff", "(-2)**x")
    assert outcome.code == 2 and outcome.stdout == ""
    assert outcome.stderr.startswith("error: d/dx f holds log(2) + I*pi, which is not a finite real number")
    assert grad_at("(-2)**x", 2.0)[0] == "domain"


# -- where(): NaN in a branch not taken, and NaN in a condition, as grad has them ------------------


def test_a_non_real_constant_in_a_branch_of_where_is_nan_there_only_as_in_grad():
    outcome = cli("diff", "where(x > 0, x, sqrt(-1))")
    assert outcome.code == 0
    assert outcome.stdout.splitlines() == ["f(x) = where(x > 0, x, nan)", "d/dx f = where(x > 0, 1, nan)"]
    assert grad_at("where(x > 0, x, sqrt(-1))", 2.0) == ("ok", 1.0)
    assert grad_at("where(x > 0, x, sqrt(-1))", -2.0)[0] == "domain"
    code = json.loads(cli("diff", "where(x > 0, x, sqrt(-1))", "--json").stdout)["python"]["x"]
    assert code == "gnp.where(x > 0, 1, gnp.nan)"


@pytest.mark.parametrize(
    "text, derivative",
    [("where(log(0) < x, x, 2*x)", "1"), ("where(-log(0) < x, x, 2*x)", "2"), ("where(1/0 > x, x, 2*x)", "1"),
     ("where(atanh(8) < x, x, 2*x)", "2"), ("where(atanh(8) >= x, x, 2*x)", "2")],
)
def test_a_condition_compares_what_numpy_compares_infinity_as_infinity_and_nan_as_false(text, derivative):
    assert cli("diff", text).stdout.splitlines()[-1] == f"d/dx f = {derivative}"
    assert grad_at(text)[1] == float(derivative)


def test_nan_spreads_through_every_function_but_where_as_in_numpy():
    # hypot(2, nan) stays unevaluated to sympy, and would have differentiated to 0 in the branch.
    outcome = cli("diff", "where(x > 0, x, x*hypot(2, atanh(pi)))")
    assert outcome.stdout.splitlines()[-1] == "d/dx f = where(x > 0, 1, nan)"
    assert grad_at("where(x > 0, x, x*hypot(2, atanh(pi)))", -1.0)[0] == "domain"
    # NumPy's nan**0 is 1, and so is sympy's.
    assert cli("diff", "x*sqrt(-1)**0").stdout.splitlines() == ["f(x) = x", "d/dx f = 1"]
    assert grad_at("x*sqrt(-1)**0")[1] == 1.0  # grad's exact derivative (its autodiff's is NaN: 'wrong')


# -- real answers sympy's evaluation overflows on --------------------------------------------------


def test_a_real_constant_sympy_cannot_evaluate_is_kept_as_written_in_every_format():
    text = "x*sigmoid(sinh(1e38))"
    assert cli("diff", text).stdout.splitlines() == ["f(x) = x*sigmoid(sinh(1e38))", "d/dx f = sigmoid(sinh(1e38))"]
    data = json.loads(cli("diff", text, "--json").stdout)
    assert data["derivatives"]["x"] == "sigmoid(sinh(1e38))"
    import gradcli.numpy as gnp

    assert eval(data["python"]["x"], {"gnp": gnp}) == 1.0  # noqa: S307 - gradcli's own printed code
    assert "sinh" in data["latex"]["x"]
    assert grad_at(text) == ("ok", 1.0)


def test_a_real_constant_kept_as_written_takes_part_in_sums_comparisons_and_derivatives():
    outcome = cli("diff", "where(x < tanh(sinh(1e38)), x**2*sigmoid(sinh(1e38)), 0) + erfc(sinh(1e38))")
    assert outcome.code == 0
    derivative = outcome.stdout.splitlines()[-1].removeprefix("d/dx f = ")
    text = "where(x < tanh(sinh(1e38)), x**2*sigmoid(sinh(1e38)), 0) + erfc(sinh(1e38))"
    for x in (0.5, -3.0):
        assert value_of(derivative, x) == grad_at(text, x)[1]
    # Past the switch the value is erfc(sinh(1e38)) alone, exp(-10^(8.6e37)): no ball can hold its
    # exponent, so it stays around 0 and is not called 0 (no reference), while the printed derivative is 0.
    assert value_of(derivative, 2.0) == 0.0
    result = gradcli.check(text, [2.0], dtypes=("float64",), fixes=False).results[0]
    assert result.status == "error" and "not proven 0" in result.findings[0].message


def test_the_cube_root_of_a_negative_constant_is_real_as_in_numpy():
    assert cli("diff", "x*cbrt(-8)").stdout.splitlines() == ["f(x) = -2*x", "d/dx f = -2"]
    assert agrees_with_grad("x*cbrt(-2)") == "differentiated"


# -- comparisons with a NaN, and constants sympy cannot evaluate -----------------------------------


@pytest.mark.parametrize("text", ["where(atanh(8) < x, x, 1)", "where(minimum(atanh(8), x) < x, x, 1)", "where(0/0 < x, x, 1)"])
def test_a_comparison_with_a_nan_is_false_as_in_numpy(text):
    outcome = cli("diff", text)
    assert outcome.code == 0
    assert outcome.stdout.splitlines() == ["f(x) = 1", "d/dx f = 0"]


def test_unequal_to_a_nan_is_true():
    assert cli("diff", "where(atanh(8) != x, x, 1)").stdout.splitlines() == ["f(x) = x", "d/dx f = 1"]


@pytest.mark.parametrize("fmt", [("--format", "python"), ("--json",), ()])
def test_sign_of_any_real_function_has_a_derivative_every_printer_writes(fmt):
    """The derivative printed is the one wherever there is one (0, sign being constant off its jump), with the
    jump named in a note: sympy's DiracDelta is no number a user's code can hold."""
    outcome = cli("diff", "sign(log10(x))", *fmt)
    assert outcome.code == 0
    assert "Derivative(" not in outcome.stdout and "DiracDelta" not in outcome.stdout
    if fmt == ("--json",):
        data = json.loads(outcome.stdout)
        assert data["derivatives"]["x"] == "0"
        assert any("where log10(x) = 0" in note and "f jumps there" in note for note in data["notes"])
    else:
        assert "f jumps there" in outcome.stderr


@pytest.mark.parametrize(
    "text, part, why",
    [
        ("x*hypot(2, atanh(pi))", "atanh(pi)", "is not real"),
    ],
)
def test_a_constant_sympy_cannot_evaluate_is_named(text, part, why):
    for fmt in ((), ("--json",)):
        outcome = cli("diff", text, *fmt)
        assert outcome.code == 2
        first, echoed, carets = outcome.stderr.splitlines()[:3]
        assert first.startswith(f"error: {part} {why}")
        assert echoed.strip() == text and carets.strip() == "^" * len(part)


@functools.cache
def _diffed(text):
    """``gradcli diff TEXT`` without a bound, run once per text: its output is the same at every point read from it."""
    return cli("diff", text, *UNBOUNDED)


@pytest.mark.parametrize("text", ["cbrt(x)", "x*cbrt(x^2 - 5)", "cbrt(x)^2 + exp(cbrt(x))", "cbrt(cbrt(x))"])
@pytest.mark.parametrize("x", [-8.0, -0.3, 2.5])
def test_a_cube_root_is_real_on_the_whole_line_in_what_diff_prints(text, x):
    """The printed derivative of a real cube root, read back as a formula, is grad's exact derivative below 0 too
    (sympy's own cbrt is the principal root: its x**(-2/3) is not real for negative x)."""
    outcome = _diffed(text)
    assert outcome.code == 0, outcome.stderr
    assert "**(1/3)" not in outcome.stdout and "**(2/3)" not in outcome.stdout, outcome.stdout
    derivative = outcome.stdout.splitlines()[-1].removeprefix("d/dx f = ")
    status, exact = grad_at(text, x)
    assert status.value == "ok"
    assert same(value_of(derivative, x), float(exact)), (derivative, exact)
