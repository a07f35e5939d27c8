"""The checker's exact reference and verdicts, asserted on real output, part 2 of 2.

Cancellation (sqrt(x+1)-sqrt(x) at 1e15, (1-cos(x))/x**2 at 1e-8) against mpmath at 200
digits; adaptive precision where a fixed 50 digits is wrong, checked against 3000 digits;
a reference gradcli cannot settle; domain, kinks and NaN leaking through where; errors
in bits and ULPs; relative error and its floor near zero. Part 1 is test_check_accuracy.py.

Also: bfloat16 checked in bfloat16, a step that leaves the working dtype, a Hessian off on
its own, and findings that name the cause: out of range, not a kink; a one-sided pole; an
underflow; log base one and x % 0 as domain verdicts.
"""

import json
import math
import re

import ml_dtypes  # in the test extra: the bfloat16 tests must run, never skip
import mpmath
import numpy as np
import pytest
from accuracy_helpers import (
    check,
    exact,
    exit_code,
    grad_json,
    grad_text,
    log1pexp_mp,
    one,
    relative,
    rounded_to_20_digits,
    run,
    span_text,
    underlines,
)
from fuzz.targets import check_promises, run_cli

import gradcli
import gradcli.numpy as gnp
from gradcli.checker import reference
from gradcli.checker.dtypes import DEFAULT_RTOL

EPS64 = float(np.finfo(np.float64).eps)


# -- cancellation: exact references against mpmath at 200 digits ------------------------------


def sqrt_difference(x):
    return mpmath.sqrt(x + 1) - mpmath.sqrt(x)


def sqrt_difference_derivative(x):
    return 1 / (2 * mpmath.sqrt(x + 1)) - 1 / (2 * mpmath.sqrt(x))


def one_minus_cos(x):
    return (1 - mpmath.cos(x)) / x**2


def one_minus_cos_derivative(x):
    return (x * mpmath.sin(x) - 2 * (1 - mpmath.cos(x))) / x**3


CANCELLATIONS = [
    ("sqrt(x+1)-sqrt(x)", 1e15, sqrt_difference, sqrt_difference_derivative, "sqrt(x+1)-sqrt(x)"),
    ("(1-cos(x))/x**2", 1e-8, one_minus_cos, one_minus_cos_derivative, "1-cos(x)"),
]


@pytest.mark.parametrize("formula, x, f, df, cancelling", CANCELLATIONS)
def test_cancellation_is_unstable_and_names_the_subtraction(formula, x, f, df, cancelling):
    data = grad_json(formula, "--at", repr(x), "--dtype", "float64")
    r = one(data, "float64")
    assert r["status"] == "unstable"
    found = [f for f in r["findings"] if f["kind"] == "cancellation"]
    assert found, r["findings"]
    assert found[0]["op"] == "subtract" and found[0]["phase"] == "forward"
    assert "cancellation" in found[0]["message"]
    assert span_text(formula, found[0]) == cancelling


@pytest.mark.parametrize("formula, x, f, df, cancelling", CANCELLATIONS)
def test_cancellation_exact_references_match_mpmath(formula, x, f, df, cancelling):
    data = grad_json(formula, "--at", repr(x), "--dtype", "float64")
    r = one(data, "float64")
    value, derivative = exact(f, x), exact(df, x)
    # Serialised as float64: the correctly rounded exact answer, to the last bit.
    assert r["exact_value"] == float(value)
    assert r["exact_gradient"] == {"x": float(derivative)}
    # And the 20-digit text is right to its last digit.
    assert rounded_to_20_digits(r["exact_value_text"], value)
    assert r["digits_used"] >= 30
    # The working precision is far off, which is the point.
    assert relative(r["value"], value) > 1e-3


def test_cancellation_errors_in_bits_and_ulps():
    report = gradcli.check("sqrt(x+1)-sqrt(x)", [1e15], dtypes=("float64",))
    r = report.results[0]
    value, derivative = exact(sqrt_difference, 1e15), exact(sqrt_difference_derivative, 1e15)
    value_error, gradient_error = relative(r.value, value), relative(r.gradient["x"], derivative)
    assert r.value_error == pytest.approx(value_error, rel=1e-9)
    assert r.gradient_error == pytest.approx(gradient_error, rel=1e-9)
    bits = math.log2(max(value_error, gradient_error) / EPS64)
    assert 40 < bits < 53 and r.bits_lost == pytest.approx(bits, rel=1e-9)
    ulp = float(np.spacing(float(value)))
    assert r.value_ulps == pytest.approx(float(abs(mpmath.mpf(r.value) - value)) / ulp, rel=1e-9)
    assert r.value_ulps > 1e14
    text = grad_text("sqrt(x+1)-sqrt(x)", "--at", "1e15", "--dtype", "float64")
    assert f"{bits:.0f} of 53 bits lost" in text


def test_cancellation_fix_is_the_conjugate_form_and_verified():
    report = gradcli.check("sqrt(x+1)-sqrt(x)", [1e15], dtypes=("float64",))
    conjugate = [f for f in report.fixes if f.name == "conjugate"]
    assert conjugate and conjugate[0].after == {"x=1e+15 float64": "ok"}
    fixed = gradcli.check(conjugate[0].formula, [1e15], dtypes=("float64",)).results[0]
    assert relative(fixed.value, exact(sqrt_difference, 1e15)) < 1e-15


# -- adaptive precision ----------------------------------------------------------------------------

DEEP = [
    ("(1-cos(x))/x**2", 1e-50, one_minus_cos, one_minus_cos_derivative),
    ("sqrt(x+1)-sqrt(x)", 1e40, sqrt_difference, sqrt_difference_derivative),
    ("sqrt(x+1)-sqrt(x)", 1e300, sqrt_difference, sqrt_difference_derivative),
    ("(exp(x)-1)/x", 1e-300, lambda x: (mpmath.exp(x) - 1) / x, lambda x: (x * mpmath.exp(x) - mpmath.exp(x) + 1) / x**2),
]


@pytest.mark.parametrize("formula, x, f, df", DEEP)
def test_adaptive_precision_gets_what_50_digits_gets_wrong(formula, x, f, df):
    # The formula itself, evaluated naively: 3000 digits is plenty here, 50 is not.
    truth_value, truth_derivative = exact(f, x, dps=3000), exact(df, x, dps=3000)
    with mpmath.workdps(3000):  # and it has settled: 2000 digits agree to 1000 of them
        assert abs(truth_value - exact(f, x, dps=2000)) <= mpmath.mpf(10) ** -1000 * abs(truth_value)
    with mpmath.workdps(50):
        fifty = +f(mpmath.mpf(x))  # the same formula, naively, at a fixed 50 digits
    assert float(fifty) != float(truth_value)
    r = gradcli.check(formula, [x], dtypes=("float64",)).results[0]
    assert r.digits_used > 50
    assert r.exact_value == float(truth_value)
    assert r.exact_gradient == {"x": float(truth_derivative)}
    assert rounded_to_20_digits(r.exact_value_text, truth_value)
    # and the verdict follows from the right reference: float64 loses it.
    assert r.status == "unstable"


def test_a_reference_beyond_the_precision_limit_is_undetermined(capsys):
    # 1 - cos(x**32) at x = 1e-300 cancels about 19200 digits: more than gradcli spends
    # (balls go to 2^15 bits, ~9864 digits; (1-cos(x**8))/x**16 at 1e-300, 4800 digits, now settles).
    formula = "(1-cos(x**32))/x**64"
    with mpmath.workdps(20000):
        x = mpmath.mpf(1e-300)
        truth = (1 - mpmath.cos(x**32)) / x**64
    assert float(truth) == 0.5
    # The climb's own precision limit is under test, not the shared machine's load: the time limit is out of reach.
    argv = ["check", formula, "--at", "1e-300", "--dtype", "float64", "--json", "--no-fix", "--max-time", "inf"]
    code, out = exit_code(argv, capsys)
    assert code == 1  # an unchecked gradient does not pass CI
    r = one(json.loads(out), "float64")
    assert r["status"] == "error"
    assert r["exact_value"] is None and r["exact_gradient"] == {"x": None}  # not a false 0
    assert r["digits_used"] >= 2000
    undetermined = [f for f in r["findings"] if f["kind"] == "undetermined"]
    assert undetermined and "did not settle" in undetermined[0]["message"]
    assert "wrong" not in {f["kind"] for f in r["findings"]}


def test_cancelling_4800_digits_settles_on_balls():
    # 1 - cos(x**8) at x = 1e-300 cancels about 4800 digits (the old mpmath loop gave up at 4000).
    r = gradcli.check("(1-cos(x**8))/x**16", [1e-300], dtypes=("float64",), fixes=False).results[0]
    assert r.exact_value == 0.5


def test_an_exact_zero_settles_and_is_not_mistaken_for_cancellation():
    # (x+1)^2 - x^2 - 2x - 1 is identically 0: float64 leaves 2.2e-16 at 0.1.
    formula = "(x+1)**2 - x**2 - 2*x - 1"
    r = gradcli.check(formula, [0.1], dtypes=("float64",)).results[0]
    with mpmath.workdps(100):
        x = mpmath.mpf(0.1)
        assert (x + 1) ** 2 - x**2 - 2 * x - 1 == 0
    assert r.exact_value == 0.0 and r.exact_gradient == {"x": 0.0} and r.rule_gradient == {"x": 0.0}
    assert r.value != 0.0  # float64 rounding leaves a residue...
    assert r.status == "ok" and r.value_error == 0.0  # ...within the absolute floor near 0


def test_tiny_inputs_use_a_relative_step():
    # abs at 1e-300 is smooth; sqrt at 1e-20 has a finite derivative; log at 1e-300 too.
    for formula, x, df in [
        ("abs(x)", 1e-300, lambda x: mpmath.mpf(1)),
        ("sqrt(x)", 1e-20, lambda x: 1 / (2 * mpmath.sqrt(x))),
        ("log(x)", 1e-300, lambda x: 1 / x),
    ]:
        r = gradcli.check(formula, [x], dtypes=("float64",)).results[0]
        assert r.status == "ok", (formula, r.findings)
        assert r.exact_gradient == {"x": float(exact(df, x))}
        assert not any(f.kind == "kink" for f in r.findings)


# -- domain, kinks, NaN leaking through where ------------------------------------------------------


@pytest.mark.parametrize(
    "formula, x", [("log(x)", -1.0), ("sqrt(x)", 0.0), ("1/x", 0.0), ("cbrt(x)", 0.0), ("(1-cos(x))/x**2", 0.0)]
)
def test_domain(formula, x):
    # Undefined value (log(-1), 1/0, 0/0) or infinite derivative (sqrt, cbrt at 0).
    r = gradcli.check(formula, [x], dtypes=("float64",)).results[0]
    assert r.status == "domain", r.findings
    # an undefined value or derivative, or a side the function ends on (sqrt at 0: no value left, an infinite slope right)
    assert any(f.kind in ("domain", "singular") for f in r.findings)
    assert not any(f.kind == "wrong-rule" for f in r.findings)
    assert r.digits_used <= reference.MAX_DIGITS


def test_a_tiny_nonzero_derivative_is_not_taken_for_zero():
    # tanh'(50) = 1.5e-43: small, representable, and not 0 (nor is it below rounding noise
    # at every precision gradcli tries).
    r = gradcli.check("tanh(x)", [50.0], dtypes=("float64",)).results[0]
    truth = exact(lambda t: 1 / mpmath.cosh(t) ** 2, 50.0)
    assert r.exact_gradient == {"x": float(truth)} and float(truth) != 0.0
    # while an exactly zero derivative is 0: cos(x) - 1 at 0, by symmetry
    flat = gradcli.check("cos(x)-1", [0.0], dtypes=("float64",)).results[0]
    assert flat.exact_gradient == {"x": 0.0} and flat.status == "ok"


@pytest.mark.parametrize("formula, left, right", [("abs(x)", -1, 1), ("maximum(x, 0)", 0, 1)])
def test_kinks_are_domain_not_wrong(formula, left, right):
    report = gradcli.check(formula, [0.0], dtypes=("float32", "float64"))
    for r in report.results:
        assert r.status == "domain", r.findings
        kinks = [f for f in r.findings if f.kind == "kink"]
        assert len(kinks) == 1 and "kink" in kinks[0].message
        assert f"{left:g} from the left and {right:g} from the right" in kinks[0].message
        assert not any(f.kind == "wrong-rule" for f in r.findings)
    # domain is not in the default --fail-on: a kink does not fail CI...
    assert report.ok


def test_kink_fails_check_only_when_asked(capsys):
    code, _ = exit_code(["check", "abs(x)", "--at", "0", "--no-fix"], capsys)
    assert code == 0
    code, _ = exit_code(["check", "abs(x)", "--at", "0", "--fail-on", "domain", "--no-fix"], capsys)
    assert code == 1


WHERE = "where(x > 0, sqrt(x), 0)"


def test_where_nan_from_the_unselected_branch_is_named_and_double_where_fixes_it():
    report = gradcli.check(WHERE, [-1.0], dtypes=("float64",))
    r = report.results[0]
    assert r.value == 0.0 and math.isnan(r.gradient["x"])
    assert r.exact_value == 0.0 and r.exact_gradient == {"x": 0.0}
    # The rule gives NaN at any precision where the derivative is 0: by the README's rules, wrong.
    assert r.status == "wrong" and r.value_status == "ok" and r.gradient_status == "wrong"
    leak = [f for f in r.findings if f.kind == "where-nan"]
    assert leak, r.findings
    assert leak[0].phase == "backward" and leak[0].op == "sqrt"
    assert span_text(WHERE, leak[0]) == "sqrt(x)"
    assert "where" in leak[0].message and "did not select" in leak[0].message
    # the forward NaN it came from
    forward = [f for f in r.findings if f.phase == "forward" and f.kind == "nonfinite"]
    assert forward and forward[0].op == "sqrt" and "NaN" in forward[0].message
    fixes = [f for f in report.fixes if f.name == "double where"]
    assert fixes, report.fixes
    fix = fixes[0]
    assert fix.before == {"x=-1 float64": "wrong"} and fix.after == {"x=-1 float64": "ok"}
    # The fix, checked here on both sides of the condition: right value and gradient.
    rechecked = gradcli.check(fix.formula, [-1.0, 4.0], dtypes=("float32", "float64"))
    assert {x.status for x in rechecked.results} == {"ok"}
    for x in rechecked.results:
        expected = 0.0 if x.point["x"] < 0 else float(exact(lambda t: 1 / (2 * mpmath.sqrt(t)), 4.0))
        assert x.gradient == {"x": expected}


def test_where_nan_text_output_underlines_the_branch():
    text = grad_text(WHERE, "--at", "-1", "--dtype", "float64")
    assert ("sqrt(x)" in [u for _, u in underlines(text, WHERE)]), text
    assert "sqrt(where(x > 0, x, 1))" in text


# -- relative error and the floor near zero ---------------------------------------------------------


def test_sin_at_pi_is_not_unstable():
    r = gradcli.check("sin(x)", [math.pi], dtypes=("float64",)).results[0]
    truth = exact(mpmath.sin, math.pi)
    # sin(float(pi)) is not 0: float(pi) falls short of pi by a gap of 1.22e-16, and
    # sin(pi - gap) = sin(gap) = gap (to 1e-32 relatively). float64 gets it right, relatively.
    with mpmath.workdps(50):
        gap = float(mpmath.pi - mpmath.mpf(math.pi))
    assert float(truth) == pytest.approx(gap, rel=1e-15)
    assert r.status == "ok"
    assert r.exact_value == float(truth)
    assert relative(r.value, truth) < EPS64


def test_exact_zero_is_compared_absolutely_with_the_documented_floor():
    formula = "(x+1)**2 - x**2 - 2*x - 1"  # exactly 0; float64 leaves a residue
    residue = gradcli.check(formula, [0.1], dtypes=("float64",)).results[0]
    assert residue.exact_value == 0.0 and residue.value != 0.0
    # Relative error against 0 would be infinite; the floor (rtol x max(1, |exact|)) is not crossed.
    assert residue.status == "ok"
    assert abs(residue.value) < 1e-10
    # Below the residue, the same floor does flag it.
    tight = gradcli.check(formula, [0.1], dtypes=("float64",), rtol=abs(residue.value) / 4).results[0]
    assert tight.value_status == "unstable"


def test_relative_error_catches_what_is_small_absolutely():
    # exp(x) - 1 at 1e-10: absolute error ~1e-17, relative ~1e-7: unstable in float64.
    r = gradcli.check("exp(x)-1", [1e-10], dtypes=("float64",)).results[0]
    truth = exact(mpmath.expm1, 1e-10)
    assert abs(r.value - float(truth)) < 1e-16
    assert relative(r.value, truth) > 1e-10
    assert r.status == "unstable"
    assert any(f.name == "expm1" for f in gradcli.check("exp(x)-1", [1e-10], dtypes=("float64",)).fixes)


# -- bfloat16, and a step that leaves the working dtype --------------------------------------------


def test_bfloat16_is_checked_and_computes_in_bfloat16():
    bf16 = ml_dtypes.bfloat16
    report = check("log(1+exp(x))", [10.0], dtypes=("bfloat16", "float32"))
    low, single = report.results
    assert low.dtype == "bfloat16" and low.status == "ok"
    # What a bfloat16 program computes, op by op, is not what float32 computes.
    in_bf16 = float(np.log(1 + np.exp(bf16(10.0))))
    in_f32 = float(np.log(1 + np.exp(np.float32(10.0))))
    assert in_bf16 != in_f32
    assert low.value == in_bf16 and single.value == in_f32
    truth = exact(log1pexp_mp, 10.0)
    assert rounded_to_20_digits(low.exact_value_text, truth)
    assert relative(low.value, truth) < DEFAULT_RTOL["bfloat16"]


def test_bfloat16_overflows_where_its_exponent_range_ends(capsys):
    bf16 = ml_dtypes.bfloat16
    x = 89.0
    # bfloat16 keeps float32's exponent range: exp(89) is past its largest number.
    assert mpmath.exp(x) > mpmath.mpf(float(ml_dtypes.finfo(bf16).max))
    code, out, err = run(["grad", "log(1+exp(x))", "--at", x, "--dtype", "bfloat16", "--json", "--no-fix"], capsys)
    assert code == 0, err
    (result,) = json.loads(out)["results"]
    assert result["dtype"] == "bfloat16" and result["status"] == "unstable"
    assert result["value"] == "inf"
    first = [f for f in result["findings"] if f["phase"] == "forward"][0]
    assert first["op"] == "exp" and "overflowed" in first["message"]
    assert math.isclose(result["exact_value"], float(exact(log1pexp_mp, x)), rel_tol=1e-15)


def test_an_op_that_leaves_the_working_dtype_is_named_at_its_line():
    def upcasts(x):
        return gnp.sin(x * np.float64(1.5))  # a float64 constant: NumPy computes in float64

    (result,) = check(upcasts, [1.0], dtypes=("float32",)).results
    notes = [n for n in result.notes if "not every step computed in float32" in n]
    line = upcasts.__code__.co_firstlineno + 1  # the line the user finds the cast on
    assert notes and f"multiply returned float64 at test_check_precision.py:{line}," in notes[0]
    (plain,) = check(lambda x: gnp.sin(x * 1.5), [1.0], dtypes=("float32",)).results
    assert not any("not every step" in n for n in plain.notes)  # a Python float is weak


# -- the Hessian off alone -------------------------------------------------------------------------


def test_hessian_alone_off_says_the_hessian_is_off():
    x = 30.0
    (result,) = check("log(1+exp(x))", [x], order=2).results
    with mpmath.workdps(60):
        e = mpmath.exp(mpmath.mpf(x))
        second = e / (1 + e) ** 2
    assert result.status == "unstable"
    assert result.gradient_status == "ok" and result.value_status == "ok"
    assert result.hessian_status == "unstable"
    assert math.isclose(result.hessian_error, relative(result.hessian[0][0], second), rel_tol=1e-6)
    assert result.hessian_error > DEFAULT_RTOL["float64"]
    text = grad_text("log(1+exp(x))", "--at", x, "--order", 2, "--dtype", "float64", "--no-fix")
    summary = next(line for line in text.splitlines() if line.startswith("float64:"))
    assert f"Hessian off by {result.hessian_error:.2g} relative" in summary
    assert "gradient off" not in summary


# -- findings that name what went wrong: NaN through where, out of range, poles, underflow ---------


def cli(*argv):
    outcome = run_cli(list(argv))
    check_promises(outcome, argv)
    return outcome


def test_where_leak_is_wrong_and_fails_fail_on_wrong(capsys):
    code, out, err = run(
        ["check", "where(x>0, sqrt(x), 0)", "--at", "-1", "--dtype", "float64", "--fail-on", "wrong", "--json"], capsys
    )
    assert code == 1
    (result,) = json.loads(out)["results"]
    assert result["gradient"] == {"x": "nan"}
    assert result["exact_gradient"] == {"x": 0.0}  # where() selects the constant: the derivative is 0
    assert result["status"] == "wrong" and result["gradient_status"] == "wrong"
    assert {"nonfinite-rule", "where-nan"} <= {f["kind"] for f in result["findings"]}


def test_a_true_value_beyond_the_dtype_is_out_of_range_not_a_kink():
    (result,) = check("exp(exp(x))", [800.0]).results
    kinds = {f.kind for f in result.findings}
    assert "kink" not in kinds and "out-of-range" in kinds
    assert result.status == "domain"
    # Its whole decimal exponent (348 digits) and up to 20 digits of mantissa, as mpmath writes it at 400 digits.
    with mpmath.workdps(400):
        truth = mpmath.exp(mpmath.exp(800))
        shown = mpmath.mpf(result.exact_value_text)
        assert re.fullmatch(r"\d\.\d{12,19}e\+\d{348}", result.exact_value_text), result.exact_value_text
        assert relative(shown, truth) < 1e-18
    assert result.exact_value == math.inf  # the JSON schema's "inf": the nearest a float gets


def test_exp_beyond_float32_is_out_of_range_with_its_exact_digits():
    x = 100.0
    float32, float64 = check("exp(x)", [x], dtypes=("float32", "float64")).results
    truth = exact(mpmath.exp, x)
    assert float32.status == "domain" and float64.status == "ok"
    finding = next(f for f in float32.findings if f.kind == "out-of-range")
    assert "float32" in finding.message and f"{float(np.finfo(np.float32).max):.3g}" in finding.message
    assert rounded_to_20_digits(float32.exact_value_text, truth)
    assert rounded_to_20_digits(float32.exact_gradient_text["x"], truth)


def test_a_one_sided_pole_is_singular_not_a_kink():
    (result,) = check("where(x>0, log(x), 0)", [0.0]).results
    kinds = [f.kind for f in result.findings]
    assert "kink" not in kinds and "singular" in kinds
    singular = next(f for f in result.findings if f.kind == "singular")
    assert "from the left the derivative is 0" in singular.message
    assert "grows without bound" in singular.message
    # The difference quotient from the right, log(h)/h, is what grows:
    for quotient, step in re.findall(r"(-?[\d.e+]+) at step ([\d.e+-]+)", singular.message):
        with mpmath.workdps(60):
            assert relative(float(quotient), mpmath.log(mpmath.mpf(step)) / mpmath.mpf(step)) < 1e-2
    assert result.status == "domain" and math.isnan(result.exact_gradient["x"])


def test_a_kink_is_still_a_kink():
    (result,) = check("abs(x)", [0.0]).results
    (kink,) = [f for f in result.findings if f.kind == "kink"]
    assert "-1 from the left and 1 from the right" in kink.message


def test_an_underflow_is_named_as_the_root_cause_of_log_of_zero():
    formula = "log(exp(a)+exp(b))"
    (result,) = check(formula, [{"a": -1000.0, "b": -1000.0}]).results
    true_exp = exact(mpmath.exp, -1000.0)
    assert 0 < true_exp < mpmath.mpf(float(np.finfo(np.float64).smallest_subnormal)) / 2  # rounds to 0
    first = [f for f in result.findings if f.phase == "forward"][0]
    assert first.kind == "underflow" and first.op == "exp"
    assert span_text(formula, first) == "exp(a)"
    assert "underflowed" in first.message and "log(0.0)" in first.message
    log_finding = next(f for f in result.findings if f.op == "log" and f.phase == "forward")
    assert "overflow" not in log_finding.message


def test_remainder_by_zero_is_domain_with_a_nan_reference():
    # mpmath's x - y*floor(x/y) raises ZeroDivisionError at y = 0, which must not fail the
    # reference and blame the working precision; NumPy's x % 0 is nan, and so is the truth.
    report = gradcli.check("x % 0", [1.0], dtypes=("float64",))
    (result,) = report.results
    assert result.status == "domain"


def test_log_base_one_is_a_domain_verdict_like_division_by_zero():
    statuses = {}
    for text in ("x + log(2, 1)", "x + 1/0", "x + log(x, 1)"):
        data = json.loads(cli("grad", text, "--at", "2", "--json").stdout)
        statuses[text] = {r["status"] for r in data["results"]}
    assert set(map(frozenset, statuses.values())) == {frozenset({"domain"})}, statuses
