"""Finite differences that say when they cannot be trusted, and fixes judged by the very same check.

Exact values come from mpmath at 60 digits (an independent reference); the
finite differences must cover their real error with their own estimate, and
say "unreliable" where they are off, without that changing a verdict.
"""

import mpmath
import pytest

import gradcli
from gradcli.cli import main

F64 = ("float64",)


def exact_derivative(f, x, dps=60):
    """df/dx at the float x, by mpmath at ``dps`` digits."""
    with mpmath.workdps(dps):
        return mpmath.diff(f, mpmath.mpf(x))


def exact_value(f, x, dps=60):
    with mpmath.workdps(dps):
        return f(mpmath.mpf(x))


def relative(computed, truth):
    return float(abs(mpmath.mpf(computed) - truth) / abs(truth))


def kinds(result):
    return [f.kind for f in result.findings]


def unreliable_message(result):
    (finding,) = [f for f in result.findings if f.kind == "fd-unreliable"]
    return finding.message


# -- A: finite differences that never look confident when wrong ------------------------------------

CANCELLING = [
    # formula, point, its mpmath twin
    ("(1-cos(x))/x**2", 1e-8, lambda t: (1 - mpmath.cos(t)) / t**2),
    ("sqrt(x+1)-sqrt(x)", 1e15, lambda t: mpmath.sqrt(t + 1) - mpmath.sqrt(t)),
    # the half-angle form: its value is fine, its derivative cancels (complex-step gives 0)
    ("2*sin(x/2)**2/x**2", 1e-8, lambda t: 2 * mpmath.sin(t / 2) ** 2 / t**2),
]


@pytest.mark.parametrize("formula, x, twin", CANCELLING)
def test_complex_step_error_estimate_covers_cancellation_inside_the_function(formula, x, twin):
    r = gradcli.check(formula, [x], dtypes=F64, fixes=False).results[0]
    truth = exact_derivative(twin, x)
    assert r.fd_method == "complex-step"
    fd, estimate = r.fd_gradient["x"], r.fd_error["x"]
    assert relative(fd, truth) > 1e-3  # complex-step cannot undo the cancellation ...
    assert abs(mpmath.mpf(fd) - truth) <= estimate  # ... and its error estimate says how far off it is
    assert "fd-unreliable" in kinds(r)
    assert "rounding" in unreliable_message(r)


def test_complex_step_at_a_point_where_the_function_is_not_analytic():
    r = gradcli.check("x**0.5", [0.0], dtypes=F64, fixes=False).results[0]
    assert r.fd_method == "complex-step"
    assert "not analytic" in unreliable_message(r)
    assert r.status == "domain"  # the verdict comes from the exact reference, not from the differences


def test_complex_step_does_not_underflow_a_tiny_derivative():
    # exp(-345) is 1.5e-150: with a step of 1e-200, Im f = 1e-350 underflowed to a confident 0.
    r = gradcli.check("exp(x)", [-345.0], dtypes=F64, fixes=False).results[0]
    truth = exact_value(mpmath.exp, -345.0)
    assert relative(r.fd_gradient["x"], truth) < 1e-15
    assert 0 < r.fd_error["x"] < 1e-14 * float(truth)
    assert "fd-unreliable" not in kinds(r)


def shifted(x):
    """x, computed as (x + 1e10) - 1e10: exact at x = 1, but rounded at x +- h."""
    return (x + 1e10) - 1e10


def test_central_differences_count_rounding_inside_the_function_and_blame_nothing():
    r = gradcli.check(shifted, [1.0], dtypes=F64, fixes=False).results[0]
    assert r.fd_method == "central-richardson"
    fd, estimate = r.fd_gradient["x"], r.fd_error["x"]
    assert abs(fd - 1) <= estimate  # d/dx x = 1: the estimate covers the real error
    assert "fd-unreliable" in kinds(r)
    assert r.status == "ok" and r.gradient == {"x": 1.0}  # the doubt is about the differences only


def test_the_text_table_marks_unreliable_differences(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["grad", "(1-cos(x))/x**2", "--at", "1e-8", "--dtype", "float64", "--no-fix"])
    # `gradcli grad` exits 0 whenever it computed, whatever the verdict (README, exit codes).
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert "(unreliable)" in out
    assert "finite differences are unreliable here" in out


# -- B: a fix is re-checked with every option of the original check -------------------------------


def assert_rechecked_alike(report, points, **options):
    """Each rewrite's after-verdicts are what a check of it with the same options says."""
    assert report.fixes
    for fix in report.fixes:
        again = gradcli.check(fix.formula, points, fixes=False, **options)
        assert {f"{label(r.point)} {r.dtype}": r.status for r in again.results} == fix.after, fix.name


def label(point):
    return ",".join(f"{k}={v:g}" for k, v in point.items())


def test_fixes_are_rechecked_at_order_2():
    report = gradcli.check("log(1+exp(x))", [100.0], order=2)
    assert_rechecked_alike(report, [100.0], order=2)
    # logaddexp(0, x)'s slope is sigmoid(x), whose own rule keeps its second derivative, 3.7e-44, in float64
    # (e^(x - ans) would give 1 - 1 = 0 there): a full fix, offered so after its re-check at order 2.
    hessian = gradcli.check("logaddexp(0,x)", [100.0], dtypes=F64, order=2, fixes=False).results[0].hessian
    with mpmath.workdps(60):
        truth = mpmath.diff(lambda t: mpmath.log(1 + mpmath.exp(t)), mpmath.mpf(100), 2)
    assert relative(hessian[0][0], truth) < 1e-12
    (logaddexp,) = [fix for fix in report.fixes if fix.name == "logaddexp(0, u)"]
    assert not logaddexp.partial and logaddexp.after["x=100 float64"] == "ok"


def test_fixes_are_rechecked_with_the_same_variables_and_tolerance():
    # ``e`` is a variable here only because the check was told so; the rewrite must be read alike.
    report = gradcli.check("log(1+exp(e))", [{"e": 100.0}], treat_as_variables=("e",), rtol=1e-3)
    assert "softplus(e)" in [fix.formula for fix in report.fixes]
    assert_rechecked_alike(report, [{"e": 100.0}], treat_as_variables=("e",), rtol=1e-3)


def test_log1p_of_exp_is_offered_softplus_as_log_of_one_plus_exp_is():
    # log1p(exp(x)) overflows at 800 in both dtypes exactly as log(1+exp(x)) does; the rewrite holds it.
    report = gradcli.check("log1p(exp(x))", [800.0, -800.0])
    fixed = {fix.name: fix for fix in report.fixes}
    assert fixed["softplus"].formula == "softplus(x)" and not fixed["softplus"].partial
    assert set(fixed["softplus"].after.values()) == {"ok"}
    assert "unstable" in fixed["softplus"].before.values()
    assert_rechecked_alike(report, [800.0, -800.0])


# -- C: partial fixes, rewrites that did not help, custom gradients for where --------------------


def test_half_angle_is_offered_as_a_partial_fix_and_truthfully_so():
    report = gradcli.check("(1-cos(x))/x**2", [1e-8])
    (fix,) = [f for f in report.fixes if f.name == "half-angle"]
    assert fix.partial and "partial" in fix.note
    for dtype in ("float32", "float64"):
        parts = fix.parts[f"x=1e-08 {dtype}"]
        assert parts["value"] == ["unstable", "ok"] and parts["gradient"] == ["unstable", "unstable"]
    # Check the claim against mpmath: the value is now right, the gradient still is not
    # (2*sin(x/2)**2/x**2 differentiates into sin(x)/x**2 - 4*sin(x/2)**2/x**3: 1e8 - 1e8).
    r = gradcli.check(fix.formula, [1e-8], dtypes=F64, fixes=False).results[0]
    twin = lambda t: (1 - mpmath.cos(t)) / t**2  # noqa: E731
    assert relative(r.value, exact_value(twin, 1e-8)) < 1e-15
    assert relative(r.gradient["x"], exact_derivative(twin, 1e-8)) > 1e-10
    assert_rechecked_alike(report, [1e-8])


def test_rewrites_that_did_not_help_are_named():
    report = gradcli.check("log(1+exp(x))", [100.0])
    # log1p(exp(x)) still overflows in float32 and was already ok in float64: better nowhere.
    assert "log1p" not in [fix.name for fix in report.fixes]
    (note,) = [n for n in report.notes if n.startswith("rewrites tried that did not help")]
    assert "log1p" in note


WHERE = "where(x > 0, sqrt(x), 0)"
POINTS = [-1.0, 4.0]


def where_snippet_fix():
    report = gradcli.check(WHERE, POINTS, dtypes=F64)
    return report, [f for f in report.fixes if f.kind == "custom_gradient"]


def test_custom_gradient_snippet_for_a_where_formula_runs_and_was_rechecked():
    report, (fix,) = where_snippet_fix()
    assert "gnp.where(x > 0" in fix.code
    # Run the printed snippet (gradcli's own output) and check it like the original: the
    # verdicts it was offered with are the ones it gets.
    namespace = {}
    exec(compile(fix.code, "<snippet>", "exec"), namespace)  # noqa: S102 - our own generated code
    again = gradcli.check(namespace["f"], POINTS, dtypes=F64, fixes=False)
    assert {f"{label(r.point)} {r.dtype}": r.status for r in again.results} == fix.after
    assert set(fix.after.values()) == {"ok"}
    gradients = [r.gradient["x"] for r in again.results]
    assert gradients == [0.0, float(exact_derivative(mpmath.sqrt, 4.0))]


def test_a_snippet_whose_derivative_does_not_check_out_is_not_offered(monkeypatch):
    # A derivative twice too large must fail its re-check: the snippet is verified, not trusted.
    import gradcli.expr.derivative as derivative

    right = derivative.differentiate

    def doubled(node, name):
        return derivative.mul(derivative.num(2), right(node, name))

    monkeypatch.setattr(derivative, "differentiate", doubled)
    _, snippets = where_snippet_fix()
    assert snippets == []


def test_a_tanh_bijectors_log_derivative_is_rewritten_without_1_minus_tanh_squared():
    """log(1 - tanh(x)^2) is log(0) once tanh rounds to 1; 2 (log 2 - x - softplus(-2x)) is the same function, stable
    on both sides, and the fix re-checks ok where the formula was unstable."""
    report = gradcli.check("log(1 - tanh(x)^2)", [20.0, -30.0, 0.5], dtypes=F64)
    (fix,) = [f for f in report.fixes if f.name == "tanh log-derivative"]
    assert fix.formula == "2*(0.6931471805599453 - x - softplus(-2*x))"
    assert not fix.partial
    for x in (20.0, -30.0, 0.5):
        r = gradcli.check(fix.formula, [x], dtypes=F64, fixes=False).results[0]
        twin = lambda t: mpmath.log(1 / mpmath.cosh(t) ** 2)  # noqa: E731
        assert r.status == "ok" and relative(r.gradient["x"], exact_derivative(twin, x)) < 1e-14
    assert_rechecked_alike(report, [20.0, -30.0, 0.5], dtypes=F64)
