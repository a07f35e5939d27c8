"""What `gradcli grad` and `gradcli check` report: finite differences, the gradcli.check/1
JSON, JUnit XML, --fail-on, and the exit codes end to end.

Most cases run the command line in-process (`gradcli.cli.main`); a few run
`python -m gradcli` in a subprocess to prove the exit codes a CI system sees.
Expected values are computed here (math, NumPy, mpmath), never copied from gradcli.
Also: the Hessian shown in full or by its shape, a formula at an array point checked
summed, and every variable's key kept in every result.
"""

import json
import math
import os
import subprocess
import sys
import textwrap
import warnings
import xml.etree.ElementTree as ET

import mpmath
import numpy as np
import pytest
from accuracy_helpers import check, exact, grad_json, grad_text, relative

import gradcli.checker.runner
import gradcli.views.junit
from gradcli.cli import main

STATUSES = {"ok", "unstable", "wrong", "domain", "error"}
NON_FINITE = {"nan", "inf", "-inf"}


def run(argv, capsys):
    """Run the command line in-process: (exit code, stdout, stderr)."""
    with pytest.raises(SystemExit) as stop:
        main([str(a) for a in argv])
    out = capsys.readouterr()
    return stop.value.code, out.out, out.err


def strict_json(text):
    """Parse JSON that must be standard: NaN and Infinity must be spelled as strings."""

    def refuse(token):
        raise AssertionError(f"non-standard JSON token {token}")

    return json.loads(text, parse_constant=refuse)


def run_json(argv, capsys, expect=0):
    code, out, err = run([*argv, "--json"], capsys)
    assert code == expect, err
    return strict_json(out)


def close(a, b, rel=1e-12, abs_=0.0):
    return math.isclose(float(a), float(b), rel_tol=rel, abs_tol=abs_)


def write(path, source):
    path.write_text(textwrap.dedent(source))
    return path


@pytest.fixture
def functions(tmp_path):
    return write(
        tmp_path / "functions.py",
        """
        import gradcli
        import gradcli.numpy as gnp


        def mixed(x, y):
            return gnp.sin(x) * gnp.exp(y) + x ** 3


        def total(x):
            return gnp.sum(x ** 2)


        def expo(x):
            return gnp.exp(x)


        def logarithm(x):
            return gnp.log(x)


        def capped(x):
            if x > 1:
                raise ValueError("x must be at most 1")
            return x * x


        def raises(x):
            raise ZeroDivisionError("the model divided by zero")


        @gradcli.custom_gradient
        def doubled_exp(x):
            e = gnp.exp(x)

            def grad_fn(upstream):
                return upstream * 2 * e

            return e, grad_fn


        def wrong(x):
            return doubled_exp(x)
        """,
    )


# -- finite differences ---------------------------------------------------------------


def test_complex_step_for_analytic_formulas(capsys):
    data = run_json(["grad", "sin(x)*exp(y) + x**3", "--at", "x=0.3,y=-1", "--dtype", "float64"], capsys)
    (result,) = data["results"]
    assert result["fd_method"] == "complex-step"
    x, y = 0.3, -1.0
    assert close(result["fd_gradient"]["x"], math.cos(x) * math.exp(y) + 3 * x * x, rel=1e-15)
    assert close(result["fd_gradient"]["y"], math.sin(x) * math.exp(y), rel=1e-15)
    # a few units in the last place: exact to rounding, but not a placeholder 0
    assert all(0 < result["fd_error"][n] < 1e-14 * abs(result["fd_gradient"][n]) for n in "xy")


def test_the_difference_error_estimate_counts_rounding_not_only_truncation(functions, capsys):
    # At x = -250 the two step sizes agree to the last bit while both are off by rounding:
    # x**3 is -1.6e7, and its rounding, divided by the step, swamps the derivative in y.
    data = run_json(["grad", f"{functions}:mixed", "--at", "x=-250,y=0.1", "--dtype", "float64"], capsys)
    (result,) = data["results"]
    x, y = -250.0, 0.1
    true = {"x": math.cos(x) * math.exp(y) + 3 * x * x, "y": math.sin(x) * math.exp(y)}
    for name, want in true.items():
        got, estimate = result["fd_gradient"][name], result["fd_error"][name]
        assert abs(got - want) <= estimate, name  # the estimate covers the real error
        assert estimate < 1000 * max(abs(got - want), 1e-16 * abs(want)), name  # and is not absurd
    (unreliable,) = [f for f in result["findings"] if f["kind"] == "fd-unreliable"]
    assert "rounding" in unreliable["message"]
    assert result["status"] == "ok"  # the differences are doubted, not the gradient


def test_central_richardson_for_functions_and_kinked_formulas(functions, capsys):
    data = run_json(["grad", f"{functions}:mixed", "--at", "x=0.3,y=-1", "--dtype", "float64"], capsys)
    (result,) = data["results"]
    assert result["fd_method"] == "central-richardson"
    x, y = 0.3, -1.0
    true = {"x": math.cos(x) * math.exp(y) + 3 * x * x, "y": math.sin(x) * math.exp(y)}
    for name, want in true.items():
        got, estimate = result["fd_gradient"][name], result["fd_error"][name]
        assert close(got, want, rel=1e-9), name
        assert 0 < estimate < 1e-8, name  # an error estimate of the right size, not a placeholder
        assert abs(got - want) < 100 * estimate, name
    kinked = run_json(["grad", "abs(x)*x", "--at", "0.7", "--dtype", "float64"], capsys)
    assert kinked["results"][0]["fd_method"] == "central-richardson"  # abs is not analytic
    assert close(kinked["results"][0]["fd_gradient"]["x"], 1.4, rel=1e-9)


def test_above_64_inputs_one_random_direction(functions, capsys):
    data = run_json(["grad", f"{functions}:total", "--random", "x=(1000,)", "--seed", "5", "--dtype", "float64"], capsys)
    (result,) = data["results"]
    x = np.array(result["point"]["x"])
    assert result["fd_method"] == "random-direction"
    assert result["fd_gradient"] == {"x": None}  # the key stays: unknown per coordinate
    np.testing.assert_allclose(result["gradient"]["x"], 2 * x, rtol=1e-15)
    # The derivative along a unit direction is at most the gradient's norm (Cauchy-Schwarz) ...
    assert abs(result["fd_directional"]) <= np.linalg.norm(2 * x) * (1 + 1e-9)
    # ... and the differences agree with the exact one along the same direction.
    assert close(result["fd_directional"], result["exact_directional"], rel=1e-7)
    assert result["fd_directional_error"] is not None
    assert result["status"] == "ok"


def test_64_inputs_still_get_every_coordinate(functions, tmp_path, capsys):
    for size, method in ((64, "central-richardson"), (65, "random-direction")):
        np.save(tmp_path / "x.npy", np.linspace(-1, 1, size))
        data = run_json(
            ["grad", f"{functions}:total", "--at", f"x=@{tmp_path / 'x.npy'}", "--dtype", "float64"], capsys
        )
        assert data["results"][0]["fd_method"] == method, size
    result = data["results"][0]
    code, text, err = run(["grad", f"{functions}:total", "--at", f"x=@{tmp_path / 'x.npy'}", "--dtype", "float64"], capsys)
    assert code == 0, err
    assert f"{result['fd_directional']:.7g} along a" in text  # (the cell wraps)
    assert f"{result['exact_directional']:.7g} along a" in text


def test_full_differences_every_coordinate(functions, capsys):
    data = run_json(
        ["grad", f"{functions}:total", "--random", "x=(200,)", "--full", "--dtype", "float64"], capsys
    )
    (result,) = data["results"]
    assert result["fd_method"] == "central-richardson"
    x = np.array(result["point"]["x"])
    # each difference of a sum of 200 squares (about 200) carries its rounding, eps * 200 / h ~ 1e-8
    np.testing.assert_allclose(result["fd_gradient"]["x"], 2 * x, rtol=1e-6, atol=1e-7)
    assert len(result["fd_error"]["x"]) == 200
    assert result["fd_directional"] is None


def test_unreliable_differences_are_reported_not_blamed_on_the_gradient(functions, capsys):
    # exp(709.78 + h) overflows float64 although exp(709.78) does not.
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        data = run_json(["grad", f"{functions}:expo", "--at", "709.78", "--dtype", "float64"], capsys)
    assert [str(w.message) for w in caught] == []  # said in the report, not as NumPy warnings
    (result,) = data["results"]
    assert result["fd_gradient"]["x"] in NON_FINITE
    assert close(result["gradient"]["x"], math.exp(709.78), rel=1e-15)
    assert result["status"] == "ok"
    kinds = [f["kind"] for f in result["findings"]]
    assert kinds == ["fd-unreliable"]
    assert "finite differences are unreliable" in result["findings"][0]["message"]
    # log(1e-9 - h) leaves the domain: NaN differences, the gradient 1/x still ok.
    data = run_json(["grad", f"{functions}:logarithm", "--at", "1e-9", "--dtype", "float64"], capsys)
    (result,) = data["results"]
    assert result["fd_gradient"]["x"] == "nan"
    assert close(result["gradient"]["x"], 1e9, rel=1e-15)
    assert result["status"] == "ok"
    assert "fd-unreliable" in [f["kind"] for f in result["findings"]]


def test_a_target_that_raises_next_to_the_point_is_not_an_internal_error(functions, capsys):
    data = run_json(["grad", f"{functions}:capped", "--at", "1", "--dtype", "float64"], capsys)
    (result,) = data["results"]
    assert result["value"] == 1.0 and result["gradient"] == {"x": 2.0}
    unreliable = [f for f in result["findings"] if f["kind"] == "fd-unreliable"]
    assert unreliable and "x must be at most 1" in unreliable[0]["message"]
    assert result["status"] == "domain"  # x = 1 ends capped's domain: no two-sided derivative, neither ok nor wrong


# -- the gradcli.check/1 JSON ---------------------------------------------------------


def is_num(value):
    """A JSON number as ``--json`` writes it: a number, or "nan"/"inf"/"-inf"."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool)) or value in NON_FINITE


def is_num_or_array(value):
    if isinstance(value, list):
        return all(is_num_or_array(v) for v in value)
    return is_num(value)


def assert_check_contract(data):
    assert data["schema"] == "gradcli.check/1"
    assert isinstance(data["target"], str)
    assert isinstance(data["variables"], list) and all(isinstance(v, str) for v in data["variables"])
    assert isinstance(data["ok"], bool)
    assert isinstance(data["results"], list) and data["results"]
    assert isinstance(data["derivative"], dict) and isinstance(data["fixes"], list)  # README's extras
    fail_on = data.get("fail_on", ["unstable", "wrong", "error"])
    assert data["ok"] == (not any(r["status"] in fail_on for r in data["results"]))
    variables = set(data["variables"])
    for r in data["results"]:
        assert isinstance(r["point"], dict) and set(r["point"]) == variables
        assert all(is_num_or_array(v) for v in r["point"].values())
        assert isinstance(r["dtype"], str)
        assert r["status"] in STATUSES
        errored = r["status"] == "error"
        for key in ("value", "exact_value"):
            assert is_num_or_array(r[key]) or (errored and r[key] is None), (key, r[key])
        for key in ("gradient", "exact_gradient", "fd_gradient"):
            assert isinstance(r[key], dict), key
            # Keys are never dropped: every checked variable, even where nothing is known.
            assert r[key] and set(r[key]) == set(r["gradient"]) and set(r[key]) <= variables, key
            for v in r[key].values():
                # null only where unknown: an error, or a gradient known only along a direction
                assert is_num_or_array(v) or (v is None and (errored or key != "gradient")), (key, v)
        assert isinstance(r["findings"], list)
        for f in r["findings"]:
            assert isinstance(f["kind"], str) and f["kind"]
            assert f["phase"] in ("forward", "backward")
            assert isinstance(f["op"], str) and f["op"]
            assert isinstance(f["message"], str) and f["message"]
            span = f["span"]
            assert span is None or (
                isinstance(span, list) and len(span) == 2 and all(isinstance(s, int) for s in span)
                and 0 <= span[0] <= span[1] <= len(data["target"])
            ), span


def test_json_contract_key_by_key(functions, capsys):
    cases = [
        ["grad", "log(1+exp(x))", "--at", "100", "--at", "-3"],  # unstable with findings, fixes
        ["grad", "x*y + sqrt(y)", "--at", "x=2,y=0"],  # domain
        ["grad", f"{functions}:total", "--at", "x=[1,2,3]"],  # arrays
        ["grad", f"{functions}:total", "--random", "x=(80,)"],  # random direction
        ["grad", f"{functions}:wrong", "--at", "1"],  # wrong
        ["grad", f"{functions}:raises", "--at", "1"],  # error
        ["check", "exp(x)", "--at", "1", "--order", "2"],
    ]
    statuses = set()
    for argv in cases:
        data = run_json(argv, capsys, expect=1 if "raises" in argv[1] else 0)
        assert_check_contract(data)
        statuses |= {r["status"] for r in data["results"]}
    assert statuses == STATUSES  # every verdict went through the contract


def test_json_spells_non_finite_numbers_and_spans_point_at_the_op(capsys):
    data = run_json(["grad", "log(1+exp(x))", "--at", "100", "--dtype", "float32", "--no-fix"], capsys)
    (result,) = data["results"]
    assert result["value"] == "inf" and result["gradient"] == {"x": "nan"}
    assert result["exact_value"] == 100.0 and result["exact_gradient"] == {"x": 1.0}
    assert result["status"] == "unstable"
    forward = [f for f in result["findings"] if f["phase"] == "forward" and f["kind"] == "nonfinite"]
    start, end = forward[0]["span"]
    assert data["target"][start:end] == "exp(x)" and forward[0]["op"] == "exp"


def test_the_error_verdict_carries_the_exception(functions, capsys):
    data = run_json(["grad", f"{functions}:raises", "--at", "1", "--dtype", "float64"], capsys, expect=1)
    (result,) = data["results"]
    assert result["status"] == "error"
    assert result["value"] is None
    assert "ZeroDivisionError" in result["error"] and "the model divided by zero" in result["error"]
    code, text, err = run(["grad", f"{functions}:raises", "--at", "1", "--dtype", "float64"], capsys)
    assert code == 1  # nothing was computed to judge
    assert "the target raised ZeroDivisionError: the model divided by zero" in text
    assert "along a direction" not in text  # no differences were taken


def test_grad_json_output_parses_for_several_points_and_dtypes(capsys):
    code, out, err = run(["grad", "tanh(x)", "--at", "0.5", "--at", "20", "--dtype", "float16,float32,float64", "--json"], capsys)
    assert code == 0, err
    data = strict_json(out)
    assert len(data["results"]) == 6
    for r in data["results"]:
        working = float(np.dtype(r["dtype"]).type(r["point"]["x"]))
        assert close(r["exact_gradient"]["x"], 1 / math.cosh(working) ** 2, rel=1e-13)


def test_check_json_with_several_targets(capsys):
    code, out, err = run(["check", "sin(x)", "cos(x)*x", "--at", "1", "--dtype", "float64", "--json"], capsys)
    assert code == 0, err
    data = strict_json(out)
    assert data["schema"] == "gradcli.checks/1"
    assert [r["target"] for r in data["reports"]] == ["sin(x)", "cos(x)*x"]
    for report in data["reports"]:
        assert_check_contract(report)
    assert close(data["reports"][1]["results"][0]["gradient"]["x"], math.cos(1) - math.sin(1))


# -- every output is a view of the same results ----------------------------------------


def text_verdicts(text, dtypes):
    """(point title, dtype, verdict) for every row of the terminal tables."""
    rows, title = [], None
    for line in text.splitlines():
        if line.startswith("at "):
            title = line.strip()
        elif line.startswith("│"):
            cells = [c.strip() for c in line.strip().strip("│").split("│")]
            if cells[0] in dtypes:
                rows.append((title, cells[0], cells[-1].split()[0]))
    return rows


def junit_verdicts(path):
    cases = []
    for suite in ET.parse(path).getroot():
        for case in suite:
            failure = case.find("failure")
            if failure is None:
                failure = case.find("error")  # an error result, whatever --fail-on says
            out = case.find("system-out")
            if failure is not None:
                verdict = failure.get("type")
            elif out is not None:
                verdict = out.text.split(":")[0]
            else:
                verdict = "ok"
            cases.append((case.get("classname"), case.get("name"), verdict))
    return cases


@pytest.fixture
def mixed_targets(functions):
    """Targets that at x = 100 give every verdict: unstable, ok, domain, wrong, error."""
    return ["log(1+exp(x))", "sin(x)", "sqrt(x-100)", f"{functions}:wrong", f"{functions}:raises"]


def test_text_json_and_junit_agree(mixed_targets, tmp_path, capsys):
    junit = tmp_path / "report.xml"
    argv = ["check", *mixed_targets, "--at", "100", "--at", "1e-3", "--no-fix", "--fail-on", "wrong"]
    code, out, err = run([*argv, "--json", "--junit", junit], capsys)
    assert code == 1, err
    reports = strict_json(out)["reports"]
    from_json = [(rep["target"], r["dtype"], r["status"]) for rep in reports for r in rep["results"]]
    assert {s for _, _, s in from_json} == STATUSES
    from_junit = [(cls, name.rsplit("[", 1)[1].rstrip("]"), v) for cls, name, v in junit_verdicts(junit)]
    assert from_junit == from_json

    code, text, err = run(argv, capsys)
    assert code == 1
    rows = text_verdicts(text, {"float32", "float64"})
    assert [(d, v) for _, d, v in rows] == [(d, s) for _, d, s in from_json]
    # and the summary line counts the same failures
    failing = sum(1 for _, _, s in from_json if s in ("wrong", "error"))  # an error fails whatever --fail-on says
    assert f"{len(from_json)} results, {failing} failing (wrong; an error always fails)." in err


# -- check: JUnit, --fail-on, several targets ------------------------------------------


def test_junit_one_testcase_per_target_point_and_dtype(mixed_targets, tmp_path, capsys):
    junit = tmp_path / "junit.xml"
    code, out, err = run(["check", *mixed_targets, "--at", "100", "--at", "0.5", "--junit", junit, "--no-fix"], capsys)
    assert code == 1, err
    root = ET.parse(junit).getroot()
    assert root.tag == "testsuites"
    suites = root.findall("testsuite")
    assert len(suites) == len(mixed_targets)
    for suite, target in zip(suites, mixed_targets):
        cases = suite.findall("testcase")
        assert [c.get("name") for c in cases] == [
            "x = 100.0 [float32]",
            "x = 100.0 [float64]",
            "x = 0.5 [float32]",
            "x = 0.5 [float64]",
        ]
        assert all(c.get("classname") == target for c in cases)
        assert suite.get("tests") == "4"
        assert suite.get("failures") == str(sum(1 for c in cases if c.find("failure") is not None))
        assert suite.get("errors") == str(sum(1 for c in cases if c.find("error") is not None))
    unstable = suites[0].find("testcase/failure")
    assert unstable.get("type") == "unstable"
    assert "exp(100.0) overflowed" in unstable.get("message")
    assert "forward exp: exp(100.0) overflowed" in unstable.text
    wrong = suites[3].find("testcase/failure")
    assert wrong.get("type") == "wrong" and "the gradient rule is wrong" in wrong.text
    # the target raised: a JUnit <error>, not a <failure> (nothing was judged)
    assert suites[4].find("testcase/failure") is None and suites[4].get("errors") == "4"
    error = suites[4].find("testcase/error")
    assert error.get("type") == "error" and "the model divided by zero" in error.get("message")
    domain_case = suites[2].find("testcase")
    assert domain_case.find("failure") is None  # domain is not in the default --fail-on
    assert domain_case.find("system-out").text.startswith("domain:")


def test_junit_names_tell_close_points_apart(tmp_path, capsys):
    junit = tmp_path / "r.xml"
    code, _, err = run(["check", "sin(x)", "--at", "1.00000001", "--at", "1.00000002", "--dtype", "float64", "--junit", junit], capsys)
    assert code == 0, err
    names = [c.get("name") for c in ET.parse(junit).getroot().iter("testcase")]
    assert names == ["x = 1.00000001 [float64]", "x = 1.00000002 [float64]"]


def test_junit_write_is_atomic(tmp_path, monkeypatch, capsys):
    junit = tmp_path / "report.xml"
    junit.write_text("<previous/>")

    def disk_full(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", disk_full)
    code, out, err = run(["check", "sin(x)", "--at", "1", "--junit", junit], capsys)
    assert code == 2 and "cannot write" in err and "No space left" in err and "Traceback" not in err
    assert junit.read_text() == "<previous/>"  # the old report is untouched ...
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.xml"]  # ... and no temporary is left


def test_junit_is_not_written_when_gradcli_fails(tmp_path, monkeypatch, capsys):
    junit = tmp_path / "report.xml"

    def broken(reports):
        raise RuntimeError("rendering failed")

    monkeypatch.setattr(gradcli.views.junit, "junit_xml", broken)
    code, out, err = run(["check", "sin(x)", "--at", "1", "--junit", junit], capsys)
    assert code == 3 and "internal error: RuntimeError: rendering failed" in err
    assert list(tmp_path.iterdir()) == []


def test_junit_into_a_missing_folder_makes_it_as_pytest_does(tmp_path, capsys):
    code, out, err = run(["check", "sin(x)", "--at", "1", "--junit", tmp_path / "no" / "such" / "r.xml"], capsys)
    assert code == 0 and (tmp_path / "no" / "such" / "r.xml").read_text().startswith("<?xml")


def test_fail_on(functions, capsys):
    unstable = ["check", "log(1+exp(x))", "--at", "100", "--no-fix"]
    assert run(unstable, capsys)[0] == 1  # default: unstable, wrong, error
    code, out, err = run([*unstable, "--fail-on", "wrong"], capsys)
    assert code == 0 and "0 failing (wrong; an error always fails)" in err
    data = run_json([*unstable, "--fail-on", "wrong,error"], capsys)
    assert data["ok"] is True and data["fail_on"] == ["wrong", "error"]
    assert "unstable" in {r["status"] for r in data["results"]}

    domain = ["check", "sqrt(x-100)", "--at", "100", "--no-fix"]
    assert run(domain, capsys)[0] == 0
    assert run([*domain, "--fail-on", "domain"], capsys)[0] == 1
    data = run_json([*domain, "--fail-on", "domain"], capsys, expect=1)
    assert data["ok"] is False

    assert run(["check", f"{functions}:raises", "--at", "1"], capsys)[0] == 1
    # a result that is an error was never checked: it fails whatever --fail-on names
    assert run(["check", f"{functions}:raises", "--at", "1", "--fail-on", "wrong"], capsys)[0] == 1

    for bad, needle in (("bogus", "--fail-on bogus"), ("ok", "--fail-on ok"), ("wrong,nope", "nope"), ("", "at least one")):
        code, out, err = run([*unstable, "--fail-on", bad], capsys)
        assert code == 2 and needle in err and "Traceback" not in err and out == "", bad


def test_several_targets_in_one_check(capsys):
    code, out, err = run(["check", "sin(x)", "x**2", "--at", "3", "--dtype", "float64"], capsys)
    assert code == 0, err
    assert "sin(x)" in out and "x**2" in out
    assert "2 results, 0 failing" in err
    code, out, err = run(["check", "sin(x)", "log(1+exp(x))", "--at", "100", "--no-fix"], capsys)
    assert code == 1  # one failing target fails the run
    assert "4 results, 1 failing" in err


# -- exit codes ------------------------------------------------------------------------


def test_grad_exits_0_whatever_the_verdict_and_check_1_when_it_fails(functions, capsys):
    for target, verdict in (
        ("log(1+exp(x))", "unstable"),
        (f"{functions}:wrong", "wrong"),
        (f"{functions}:raises", "error"),
        ("sqrt(x-1)", "domain"),
    ):
        at = "1" if verdict != "unstable" else "100"
        # an error is no verdict on computed numbers: grad exits 1 there too
        data = run_json(["grad", target, "--at", at, "--no-fix"], capsys, expect=1 if verdict == "error" else 0)
        assert verdict in {r["status"] for r in data["results"]}
        code = run(["check", target, "--at", at, "--no-fix", "--fail-on", verdict], capsys)[0]
        assert code == 1, verdict
    assert run(["check", "sin(x)", "--at", "1"], capsys)[0] == 0


def test_internal_error_exits_3_with_a_traceback_only_under_debug(monkeypatch, capsys):
    def broken(*args, **kwargs):
        raise RuntimeError("simulated bug in the checker")

    monkeypatch.setattr(gradcli.checker.runner, "check", broken)
    code, out, err = run(["grad", "sin(x)", "--at", "1"], capsys)
    assert code == 3
    assert "internal error: RuntimeError: simulated bug in the checker" in err
    assert "--debug" in err and "Traceback" not in err
    code, out, err = run(["--debug", "check", "sin(x)", "--at", "1"], capsys)
    assert code == 3 and "Traceback" in err and "simulated bug in the checker" in err


def gradcli_processes(commands, cwd):
    """Run several `python -m gradcli` commands at once; their (returncode, stdout, stderr)."""
    running = [
        subprocess.Popen(
            [sys.executable, "-m", "gradcli", *map(str, args)],
            cwd=cwd,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for args in commands
    ]
    done = []
    for process in running:
        out, err = process.communicate(timeout=120)
        done.append((process.returncode, out, err))
    return done


def test_exit_codes_end_to_end(tmp_path):
    # A target module that breaks gradcli itself when imported: a real internal error.
    write(
        tmp_path / "sabotage.py",
        """
        import gradcli.checker.runner as runner

        def _broken(*args, **kwargs):
            raise RuntimeError("gradcli's judge is broken")

        runner.check = _broken

        def f(x):
            return x * x
        """,
    )
    grad_unstable, check_unstable, bad_input, internal, internal_debug = gradcli_processes(
        [
            ("grad", "log(1+exp(x))", "--at", "100", "--no-fix"),
            ("check", "log(1+exp(x))", "--at", "100", "--no-fix", "--junit", "r.xml"),
            ("check", "x*y", "--at", "100", "--junit", "bad.xml"),
            ("check", "sabotage.py:f", "--at", "1"),
            ("--debug", "grad", "sabotage.py:f", "--at", "1"),
        ],
        cwd=tmp_path,
    )
    code, out, err = grad_unstable
    assert code == 0, err
    assert "unstable" in out
    code, out, err = check_unstable
    assert code == 1, err
    assert ET.parse(tmp_path / "r.xml").getroot().find("testsuite").get("failures") == "1"
    code, out, err = bad_input
    assert code == 2
    assert err.startswith("error: --at 100: the target has 2 variables") and "Traceback" not in err
    assert out == "" and not (tmp_path / "bad.xml").exists()
    code, out, err = internal
    assert code == 3
    assert "internal error: RuntimeError: gradcli's judge is broken" in err
    assert "Traceback" not in err
    code, out, err = internal_debug
    assert code == 3 and "Traceback (most recent call last)" in err


# -- the Hessian shown, formulas at array points, every variable's key -----------------------------


def test_small_hessians_are_shown_in_full_large_ones_by_shape():
    formula = "x**2*y + sin(x*y)"
    text = grad_text(formula, "--at", "x=1,y=2", "--order", 2, "--dtype", "float64", "--no-fix")
    with mpmath.workdps(40):
        x, y = mpmath.mpf(1), mpmath.mpf(2)
        hessian = [
            [2 * y - y * y * mpmath.sin(x * y), 2 * x + mpmath.cos(x * y) - x * y * mpmath.sin(x * y)],
            [2 * x + mpmath.cos(x * y) - x * y * mpmath.sin(x * y), -x * x * mpmath.sin(x * y)],
        ]
    line = next(line for line in text.splitlines() if line.strip().startswith("Hessian"))
    shown = "[" + ", ".join("[" + ", ".join(f"{float(v):.7g}" for v in row) + "]" for row in hessian) + "]"
    assert f"Hessian {shown}" in line and "..." not in line
    names = ["a", "b", "c", "d", "f"]
    big = grad_text("*".join(names), "--at", ",".join(f"{n}=1" for n in names), "--order", 2, "--dtype", "float64")
    line = next(line for line in big.splitlines() if line.strip().startswith("Hessian"))
    assert "5x5" in line and "..." in line


def test_formula_at_an_array_point_is_checked_summed(capsys):
    xs = [1.0, 2.0, 3.0]
    data = grad_json("x**2", "--at", "x=[1,2,3]", "--dtype", "float32,float64")
    for r in data["results"]:
        assert r["status"] == "ok" and r["summed_over"] == 3
        truth = [exact(lambda t: 2 * t, x) for x in xs]
        assert r["exact_gradient"]["x"] == [float(t) for t in truth]
        assert r["gradient"]["x"] == [float(t) for t in truth]
        assert all(relative(f, t) < 1e-9 for f, t in zip(r["fd_gradient"]["x"], truth))
        assert r["value"] == float(sum(exact(lambda t: t * t, x) for x in xs))
    text = grad_text("x**2", "--at", "x=[1,2,3]")
    assert "x**2 summed over the 3 elements" in " ".join(text.split())


def test_formula_array_point_broadcasts_a_scalar_variable():
    xs = np.array([0.5, 1.5, -2.0])
    (result,) = check("sin(x)*y", [{"x": xs, "y": 2.0}]).results
    assert result.status == "ok"
    assert np.allclose(result.gradient["x"], [float(exact(mpmath.cos, x) * 2) for x in xs], rtol=1e-15)
    assert math.isclose(result.gradient["y"], float(sum(exact(mpmath.sin, x) for x in xs)), rel_tol=1e-14)


def test_every_variable_keeps_its_key():
    rng = np.random.default_rng(0)
    (direction,) = check("sin(x)", [{"x": rng.standard_normal(80)}]).results
    assert direction.fd_method == "random-direction" and direction.fd_gradient == {"x": None}

    def raises(x, y):
        raise ZeroDivisionError("no")

    (error,) = check(raises, [{"x": 1.0, "y": 2.0}]).results
    assert error.status == "error"
    for key in ("gradient", "exact_gradient", "fd_gradient"):
        assert getattr(error, key) == {"x": None, "y": None}, key


def test_an_exact_gradient_array_beyond_float64_is_shown_and_written_as_text(tmp_path, capsys):
    path = write(
        tmp_path / "xent.py",
        """
        import gradcli.numpy as gnp

        def xent(x):
            return gnp.log(gnp.sum(gnp.exp(x))) - x[0]
        """,
    )
    target, at = f"{path}:xent", ["--at", "x=[800, 0, -1]", "--dtype", "float64"]
    (result,) = run_json(["check", target, *at], capsys, expect=1)["results"]
    texts = result["exact_gradient_text"]["x"]
    with mpmath.workdps(50):
        total = mpmath.exp(800) + 1 + mpmath.exp(-1)  # the softmax's denominator
        truth = [-(1 + mpmath.exp(-1)) / total, 1 / total, mpmath.exp(-1) / total]  # softmax(x) - e_0
        assert all(mpmath.almosteq(mpmath.mpf(t), want, rel_eps=mpmath.mpf(10) ** -15) for t, want in zip(texts, truth))
    assert result["exact_gradient"]["x"] == [0.0, 0.0, 0.0]  # what a float can hold of them
    _, out, _ = run(["check", target, *at], capsys)
    assert "-5.017210e-348" in out and "3.667875e-348" in out
