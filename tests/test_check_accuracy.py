"""The checker's headline verdicts, asserted on real output, part 1 of 2.

log(1+exp(x)) at 100 through `gradcli grad` (JSON and text), `gradcli check` exit codes,
wrong custom gradients (the example, and one off by 0.05%: a test of the tester), the
documentation's "stable" log1pexp gradient that an absolute tolerance passes, and the
Python API (`gradcli.check`, `gradcli.testing.assert_gradients_ok`, which checks the same
dtypes), messages that write * for times, and a cancellation found in a custom gradient's
grad_fn. Every expected number is computed here with mpmath, never copied from gradcli.
Part 2 is test_check_precision.py.

The command line runs in-process (click's CliRunner, or `gradcli.cli.main` where the exit
code matters); one subprocess proves the exit code a shell sees.
"""

import json
import math
import os
import re
import subprocess
import sys
import textwrap

import mpmath
import numpy as np
import pytest
from accuracy_helpers import (
    EXAMPLES,
    ROOT,
    check,
    exact,
    exit_code,
    grad_json,
    grad_text,
    log1pexp_derivative_mp,
    log1pexp_mp,
    one,
    relative,
    result_in,
    rounded_to_20_digits,
    span_text,
    table_row,
    underlines,
)

import gradcli
import gradcli.numpy as gnp
from gradcli.checker import CheckReport, Finding, Fix, PointResult
from gradcli.testing import GradientCheckError, assert_gradients_ok


# -- the headline: log(1+exp(x)) at 100 ----------------------------------------------------

HEADLINE = "log(1+exp(x))"


@pytest.fixture(scope="module")
def headline_json():
    return grad_json(HEADLINE, "--at", "100")


@pytest.fixture(scope="module")
def headline_text():
    return grad_text(HEADLINE, "--at", "100")


def test_headline_float32_overflows_and_is_unstable(headline_json):
    r = one(headline_json, "float32")
    assert r["point"] == {"x": 100.0}
    assert r["value"] == "inf" and r["gradient"] == {"x": "nan"}
    assert r["status"] == "unstable"
    assert r["value_status"] == "unstable" and r["gradient_status"] == "unstable"
    assert headline_json["ok"] is False
    # Every bit of a float32 is lost when inf stands for 100.
    assert r["bits_lost"] == np.finfo(np.float32).nmant + 1


def test_headline_exact_value_and_gradient_are_mpmath_s(headline_json):
    # float32(100) is 100 exactly, so both dtypes share one exact answer.
    value = float(exact(log1pexp_mp, 100, dps=60))
    derivative = float(exact(log1pexp_derivative_mp, 100, dps=60))
    assert value == 100.0 and derivative == 1.0  # what mpmath says, not what gradcli says
    for dtype in ("float32", "float64"):
        r = one(headline_json, dtype)
        assert r["exact_value"] == value
        assert r["exact_gradient"] == {"x": derivative}
        assert rounded_to_20_digits(r["exact_value_text"], exact(log1pexp_mp, 100, 60))


def test_headline_forward_finding_underlines_exp(headline_json):
    r = one(headline_json, "float32")
    forward = [f for f in r["findings"] if f["phase"] == "forward"]
    assert forward, r["findings"]
    first = forward[0]
    assert first["op"] == "exp" and first["kind"] == "nonfinite"
    assert span_text(HEADLINE, first) == "exp(x)"
    assert "overflow" in first["message"] and "inf" in first["message"]


def test_headline_backward_finding_names_the_nan(headline_json):
    r = one(headline_json, "float32")
    backward = [f for f in r["findings"] if f["phase"] == "backward"]
    assert backward, r["findings"]
    finding = backward[0]
    assert finding["op"] == "exp"
    assert finding["output"] == "nan"
    assert span_text(HEADLINE, finding) == "exp(x)"
    # exp's rule is upstream * exp(x): log's cotangent 1/inf = 0 times inf.
    assert "0 * inf" in finding["message"] and "NaN" in finding["message"]


def test_headline_float64_is_ok(headline_json):
    r = one(headline_json, "float64")
    truth = exact(log1pexp_derivative_mp, 100, dps=60)
    assert r["status"] == "ok" and r["findings"] == []
    assert r["gradient"] == {"x": float(truth)}
    assert r["value"] == float(exact(log1pexp_mp, 100, dps=60))


def test_headline_softplus_fix_is_verified(headline_json):
    fixes = {f["formula"]: f for f in headline_json["fixes"]}
    assert "softplus(x)" in fixes, headline_json["fixes"]
    fix = fixes["softplus(x)"]
    labels = {f"x=100 {dtype}" for dtype in ("float32", "float64")}
    # Re-checked at the same points and dtypes: one before and one after per (point, dtype).
    assert set(fix["before"]) == set(fix["after"]) == labels
    assert fix["before"] == {"x=100 float32": "unstable", "x=100 float64": "ok"}
    assert set(fix["after"].values()) == {"ok"}
    # Check the fix ourselves: it really is stable there, in both dtypes, and right.
    rechecked = gradcli.check(fix["formula"], [100.0], dtypes=("float32", "float64"))
    assert [r.status for r in rechecked.results] == ["ok", "ok"]
    for r in rechecked.results:
        assert r.value == float(exact(log1pexp_mp, 100, dps=60))
        assert r.gradient == {"x": float(exact(log1pexp_derivative_mp, 100, dps=60))}


def test_headline_fixes_are_rechecked_at_every_point():
    points, dtypes = [100.0, -3.0], ("float32", "float64")
    report = gradcli.check(HEADLINE, points, dtypes=dtypes)
    labels = {f"x={x:g} {d}" for x in points for d in dtypes}
    assert report.fixes
    for fix in report.fixes:
        assert isinstance(fix, Fix) and fix.kind == "rewrite"
        assert set(fix.before) == set(fix.after) == labels
        assert all(status == "ok" for status in fix.after.values())
        # The after-verdicts are what a check of the rewritten formula says, point by point.
        again = gradcli.check(fix.formula, points, dtypes=dtypes)
        assert {f"x={r.point['x']:g} {r.dtype}": r.status for r in again.results} == fix.after


def test_headline_text_table_and_underline(headline_text):
    text = headline_text
    assert text.splitlines()[0].strip() == HEADLINE
    float32 = table_row(text, "float32")
    assert float32[:3] == ["float32", "inf", "nan"] and float32[-1].startswith("unstable")
    float64 = table_row(text, "float64")
    assert float64[0] == "float64" and float64[-1] == "ok"
    assert float(float64[2]) == float(exact(log1pexp_derivative_mp, 100, dps=60))
    shown = underlines(text, HEADLINE)
    forward = [under for before, under in shown if before.strip().startswith("forward, exp")]
    assert forward == ["exp(x)"], text
    assert any("backward" in before or "NaN" in before for before, _ in shown)
    assert "softplus(x)" in text and "unstable -> ok" in text
    bits = np.finfo(np.float32).nmant + 1
    assert f"{bits} of {bits} bits lost" in text


def test_headline_grad_exits_0_whatever_the_verdict(capsys):
    code, out = exit_code(["grad", HEADLINE, "--at", "100", "--json", "--no-fix"], capsys)
    assert code == 0
    assert json.loads(out)["ok"] is False


# -- gradcli check: exit codes ---------------------------------------------------------------


def test_check_exits_1_where_float64_overflows_and_0_where_it_does_not(capsys):
    code, out = exit_code(["check", HEADLINE, "--at", "800", "--dtype", "float64", "--json"], capsys)
    assert code == 1
    assert one(json.loads(out), "float64")["status"] == "unstable"
    code, out = exit_code(["check", HEADLINE, "--at", "100", "--dtype", "float64", "--json"], capsys)
    assert code == 0
    assert one(json.loads(out), "float64")["status"] == "ok"


def test_check_exit_code_seen_by_a_shell():
    command = [sys.executable, "-m", "gradcli", "check", HEADLINE, "--at", "800", "--dtype", "float64", "--no-fix"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 1, done.stderr
    assert "unstable" in done.stdout


# -- wrong custom gradients: the example, and one off by 0.05% ----------------------------------

OFF_BY_A_LITTLE = textwrap.dedent(
    """
    import gradcli
    import gradcli.numpy as gnp


    @gradcli.custom_gradient
    def off(x):
        def grad_fn(upstream):
            return upstream * gnp.sigmoid(x) * 1.0005  # 0.05% too large

        return gnp.logaddexp(0.0, x), grad_fn


    @gradcli.custom_gradient
    def right(x):
        def grad_fn(upstream):
            return upstream * gnp.sigmoid(x)

        return gnp.logaddexp(0.0, x), grad_fn
    """
)


@pytest.fixture(scope="module")
def custom_module(tmp_path_factory):
    path = tmp_path_factory.mktemp("custom") / "custom_softplus.py"
    path.write_text(OFF_BY_A_LITTLE)
    return str(path)


@gradcli.custom_gradient
def softplus_off(x):
    def grad_fn(upstream):
        return upstream * gnp.sigmoid(x) * 1.0005

    return gnp.logaddexp(0.0, x), grad_fn


@gradcli.custom_gradient
def softplus_right(x):
    def grad_fn(upstream):
        return upstream * gnp.sigmoid(x)

    return gnp.logaddexp(0.0, x), grad_fn


def test_bad_gradient_example_is_wrong(capsys):
    target = os.path.join(EXAMPLES, "bad_gradient.py") + ":softplus"
    code, out = exit_code(["check", target, "--at", "1", "--at", "-3", "--json"], capsys)
    assert code == 1
    data = json.loads(out)
    assert {r["status"] for r in data["results"]} == {"wrong"}
    for r in data["results"]:
        x = r["point"]["x"]
        truth = exact(log1pexp_derivative_mp, np.dtype(r["dtype"]).type(x), dps=50)
        assert r["exact_gradient"]["x"] == pytest.approx(float(truth), rel=1e-12)
        assert any(f["kind"] == "wrong-rule" for f in r["findings"])


def test_bad_gradient_example_is_not_caught_at_zero_where_it_happens_to_agree():
    # Its docstring's point: 1/(1+exp(-2x)) and 1/(1+exp(-x)) agree at 0.
    report = gradcli.check(os.path.join(EXAMPLES, "bad_gradient.py") + ":softplus", [0.0], dtypes=("float64",))
    assert report.results[0].status == "ok"


def test_a_gradient_off_by_five_hundredths_of_a_percent_is_wrong(custom_module, capsys):
    code, out = exit_code(["check", f"{custom_module}:off", "--at", "1", "--json"], capsys)
    assert code == 1
    data = json.loads(out)
    for r in data["results"]:
        assert r["status"] == "wrong" and r["gradient_status"] == "wrong"
        truth = exact(log1pexp_derivative_mp, np.dtype(r["dtype"]).type(1.0), dps=50)
        # The rule at high precision is 1.0005 x the truth, the rule's 1.0005 as the dtype holds it (float32's
        # 1.00049996376): that is what gets caught.
        off = float(np.dtype(r["dtype"]).type(1.0005)) - 1
        assert relative(r["rule_gradient"]["x"], truth) == pytest.approx(off, rel=1e-6)
        assert relative(r["exact_gradient"]["x"], truth) < 1e-15
        wrong = [f for f in r["findings"] if f["kind"] == "wrong-rule"]
        assert wrong and "5.00e-04" in wrong[0]["message"]


def test_the_correct_custom_gradient_at_the_same_point_is_ok(custom_module, capsys):
    code, out = exit_code(["check", f"{custom_module}:right", "--at", "1", "--json"], capsys)
    assert code == 0
    assert {r["status"] for r in json.loads(out)["results"]} == {"ok"}


def test_python_api_gives_the_same_verdicts_on_callables():
    off = gradcli.check(softplus_off, [1.0], dtypes=("float32", "float64"))
    right = gradcli.check(softplus_right, [1.0], dtypes=("float32", "float64"))
    assert isinstance(off, CheckReport) and all(isinstance(r, PointResult) for r in off.results)
    assert all(isinstance(f, Finding) for r in off.results for f in r.findings)
    assert [r.status for r in off.results] == ["wrong", "wrong"] and off.ok is False
    assert [r.status for r in right.results] == ["ok", "ok"] and right.ok is True
    assert off.variables == right.variables == ["x"]


def _softplus_scaled(factor):
    @gradcli.custom_gradient
    def softplus(x):
        def grad_fn(upstream):
            return upstream * gnp.sigmoid(x) * factor

        return gnp.logaddexp(0.0, x), grad_fn

    return softplus


@pytest.mark.parametrize(
    "factor, statuses",
    [
        (1 + 5e-8, ["ok", "ok", "wrong"]),  # below float32's eps: as far as float32 labels summing to 1 are from 1
        # beyond float32's eps: wrong in float32 and float64; float16 holds the rule's 1 + 1e-6 as 1, an exact rule
        (1 + 1e-6, ["ok", "wrong", "wrong"]),
        (1 - 3e-8, ["ok", "ok", "wrong"]),
        (1.0005, ["wrong", "wrong", "wrong"]),
    ],
)
def test_a_rule_off_by_less_than_float32s_eps_is_wrong_only_in_float64(factor, statuses):
    report = gradcli.check(_softplus_scaled(factor), [1.0], dtypes=("float16", "float32", "float64"))
    assert [r.status for r in report.results] == statuses


def test_python_api_and_cli_json_agree(headline_json):
    report = gradcli.check(HEADLINE, [100.0], dtypes=("float32", "float64"))
    assert [r.status for r in report.results] == [r["status"] for r in headline_json["results"]]
    assert [f.formula for f in report.fixes] == [f["formula"] for f in headline_json["fixes"]]
    r32 = result_in(report, "float32")
    assert math.isinf(r32.value) and math.isnan(r32.gradient["x"])
    assert [(f.phase, f.op, f.span) for f in r32.findings] == [
        (f["phase"], f["op"], tuple(f["span"]) if f["span"] else None) for f in headline_json["results"][0]["findings"]
    ]


def test_assert_gradients_ok_passes_a_good_function():
    report = assert_gradients_ok(softplus_right, [1.0, -2.5, 30.0], dtypes=("float32", "float64"))
    assert report.ok and {r.status for r in report.results} == {"ok"}
    assert_gradients_ok("log(1+exp(x))", [{"x": 1.0}, {"x": 50.0}])


def test_assert_gradients_ok_raises_on_the_gradient_off_by_a_little():
    with pytest.raises(GradientCheckError) as caught:
        assert_gradients_ok(softplus_off, [1.0, -2.5])
    error = caught.value
    assert isinstance(error, AssertionError)  # pytest shows it as a failed assertion
    message = str(error)
    # float32 and float64 by default, as gradcli.check: the rule is wrong in both.
    assert "softplus_off" in message and "failed at 4 of 4" in message
    assert "x=1.0 [float64]: wrong" in message and "x=-2.5 [float64]: wrong" in message
    assert "x=1.0 [float32]: wrong" in message
    assert "the gradient rule is wrong" in message and "5.00e-04" in message
    assert [r.status for r in error.report.results] == ["wrong"] * 4


def test_assert_gradients_ok_raises_on_an_unstable_formula():
    with pytest.raises(GradientCheckError) as caught:
        assert_gradients_ok("log(1+exp(x))", [100.0], dtypes=("float32",))
    message = str(caught.value)
    assert "[float32]: unstable" in message and "overflowed" in message
    # The op is underlined in the formula, under each finding, as `gradcli check` prints it.
    assert "    forward exp: exp(100.0) overflowed: inf\n      log(1+exp(x))\n            ^^^^^^\n" in message


def test_assert_gradients_ok_points_at_the_source_line_of_a_python_target():
    target = os.path.join(EXAMPLES, "log1pexp.py") + ":log1pexp_naive"
    with pytest.raises(GradientCheckError) as caught:
        assert_gradients_ok(target, [100.0], dtypes=("float32",))
    message = str(caught.value)
    line = next(n for n, text in enumerate(open(target.rpartition(":")[0]), 1) if "gnp.log(1 + gnp.exp(x))" in text)
    assert f"forward exp at {target.rpartition(':')[0]}:{line}: exp(100.0) overflowed" in message
    assert "      return gnp.log(1 + gnp.exp(x))\n                             ^^^\n" in message


# -- the documentation's "stable" log1pexp gradient ----------------------------------------------

DOCS_LOG1PEXP = os.path.join(EXAMPLES, "log1pexp.py") + ":log1pexp"


def test_docs_log1pexp_gradient_is_flagged_at_minus_40_in_float64():
    report = gradcli.check(DOCS_LOG1PEXP, [-40.0], dtypes=("float64",))
    r = report.results[0]
    truth = exact(log1pexp_derivative_mp, -40.0, dps=60)  # 4.2e-18
    assert float(truth) == pytest.approx(math.exp(-40), rel=1e-15)
    computed = r.gradient["x"]
    # ~100% wrong relatively, though only ~4e-18 absolutely.
    assert relative(computed, truth) > 0.99
    assert abs(computed - float(truth)) < 1e-17
    # What an absolute-tolerance checker sees: autodiff agrees with finite differences,
    # and even with the exact answer, to atol=1e-5.
    assert np.allclose(computed, r.fd_gradient["x"], atol=1e-5)
    assert np.allclose(computed, float(truth), atol=1e-5)
    # gradcli compares relatively against the exact derivative and does not pass it.
    assert r.status == "unstable" and r.gradient_status == "unstable"
    assert r.exact_gradient["x"] == float(truth)
    assert r.gradient_error == pytest.approx(relative(computed, truth), rel=1e-9)
    assert not report.ok


def test_docs_log1pexp_gradient_passes_at_100_in_float32():
    report = gradcli.check(DOCS_LOG1PEXP, [100.0], dtypes=("float32",))
    r = report.results[0]
    truth = exact(log1pexp_derivative_mp, 100.0, dps=60)
    assert r.gradient_status == "ok"
    assert r.gradient == {"x": float(np.float32(truth))}
    # Its value still overflows (log(1 + inf)), and that is reported, not hidden.
    assert r.value == math.inf and r.value_status == "unstable"
    naive = gradcli.check(HEADLINE, [100.0], dtypes=("float32",)).results[0]
    assert naive.gradient_status == "unstable" and math.isnan(naive.gradient["x"])


# -- the Python API's dtypes, messages, and custom gradients' findings -----------------------------


def test_assert_gradients_ok_checks_the_same_dtypes_as_check():
    assert not gradcli.check("log(1+exp(x))", [100.0]).ok
    with pytest.raises(GradientCheckError) as caught:
        assert_gradients_ok("log(1+exp(x))", [100.0])
    assert "[float32]: unstable" in str(caught.value)


def test_messages_do_not_write_x_for_times():
    report = check("log(1+exp(x))", [100.0], dtypes=("float32",))
    messages = [f.message for r in report.results for f in r.findings]
    assert any("upstream * exp(x)" in m for m in messages)
    assert not any(re.search(r"upstream x |\b0 x ", m) for m in messages)


def test_custom_gradient_cancellation_points_at_grad_fn():
    path = os.path.join(EXAMPLES, "log1pexp.py")
    with open(path) as source:
        line = next(i for i, text in enumerate(source, 1) if "1 - 1 / (1 + e)" in text)
    (result,) = check(f"{path}:log1pexp", [-40.0]).results
    truth = exact(lambda t: 1 / (1 + mpmath.exp(-t)), -40.0)
    assert result.gradient == {"x": 0.0} and relative(result.exact_gradient["x"], truth) < 1e-15
    cancellation = [f for f in result.findings if f.phase == "backward" and f.kind == "cancellation"]
    assert cancellation, result.findings
    assert cancellation[0].op == "subtract" and cancellation[0].location == f"{path}:{line}"
